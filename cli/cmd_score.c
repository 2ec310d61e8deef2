/* cmd_score.c: `vp score`: model answers against a benchmark set: each
 * response's final answer extracted, normalised and judged; accuracy,
 * Pass@1 (and pass@k) over the samples of each question, per model and per
 * game or difficulty, verdict, modality and K; TokenE when token counts
 * are given; unparseable answers counted apart (and as wrong). */
#include <config.h>

#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/strbuf.h"
#include "../metrics/jsonfield.h"
#include "../metrics/score.h"
#include "cli.h"
#include "metrics_io.h"

#define SCORE_FORMAT "vitalpoint-score"
#define SCORE_DETAILS_FORMAT "vitalpoint-score-answer"
#define MAX_PASS_AT 8

static const char score_help[] =
    "Usage: vp score --set SET.jsonl --responses R.jsonl [OPTIONS]\n"
    "Scores model answers against a benchmark set (tsumego records or TTT\n"
    "questions): extracts each response's final answer (the last \\boxed{...},\n"
    "else the last \"answer is X\"), maps an option letter to its coordinate,\n"
    "normalises coordinates (case, spaces, \"P-15\") and compares it with the\n"
    "accepted answers. Reports accuracy, Pass@1 over the samples of each\n"
    "question, per model and per game or difficulty, verdict, modality and K;\n"
    "TokenE when every response gives its token count. Unparseable answers\n"
    "count as wrong and are counted apart.\n"
    "\n"
    "Responses: JSON lines with id (a record of the set) and response (the\n"
    "text); optional model, sample (0, 1, ...), tokens, modality, k.\n"
    "\n"
    "      --set FILE        the benchmark set (JSON lines, .gz accepted)\n"
    "      --responses FILE  the model responses (JSON lines, .gz accepted)\n"
    "      --k N             samples per question: the first N by sample\n"
    "                        number are used; questions with fewer are counted\n"
    "      --pass-at LIST    also the unbiased pass@k for these k (like 1,4,16)\n"
    "      --json            one JSON object instead of the Markdown table\n"
    "      --csv FILE        the table as CSV\n"
    "      --md FILE         the table as Markdown\n"
    "      --details FILE    one JSON line per response: the extracted answer,\n"
    "                        its normal form and the verdict\n"
    "      --skip-bad        skip (and count) malformed response records\n"
    "  -h, --help            this help\n";

typedef struct score_args {
    const char *set, *responses, *csv, *md, *details;
    int k, json, skip_bad, npass, pass[MAX_PASS_AT];
} score_args;

/* One judged response. */
typedef struct response {
    const score_record *rec;
    const char *model;                 /* borrowed from the JSON; "-" when absent */
    char modality[64], kv[16];         /* "-" when absent; kv: "4", "None" */
    long line;
    long long sample, tokens;          /* sample: -1 when absent; tokens: -1 */
    int order;                         /* among its question's responses */
    int inst;                          /* its question instance */
    int used;                          /* within --k */
    score_answer a;
} response;

/* A question instance: the samples of one model on one record under one
 * modality and K. */
typedef struct instance {
    int first;  /* a response of it */
    int n, c;   /* samples used, correct among them */
    int short_; /* fewer than --k samples */
} instance;

enum { DIM_ALL = 0, DIM_CATEGORY, DIM_VERDICT, DIM_MODALITY, DIM_K, NDIMS };

static void parse_args(int argc, char **argv, score_args *a)
{
    enum { OPT_SET = 256, OPT_RESP, OPT_K, OPT_PASS, OPT_JSON, OPT_CSV, OPT_MD, OPT_DETAILS, OPT_SKIP };
    static const struct option opts[] = {
        {"set", required_argument, 0, OPT_SET},       {"responses", required_argument, 0, OPT_RESP},
        {"k", required_argument, 0, OPT_K},           {"pass-at", required_argument, 0, OPT_PASS},
        {"json", no_argument, 0, OPT_JSON},           {"csv", required_argument, 0, OPT_CSV},
        {"md", required_argument, 0, OPT_MD},         {"details", required_argument, 0, OPT_DETAILS},
        {"skip-bad", no_argument, 0, OPT_SKIP},       {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    memset(a, 0, sizeof *a);
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case 'h': fputs(score_help, stdout); exit(CLI_OK);
        case OPT_SET: a->set = optarg; break;
        case OPT_RESP: a->responses = optarg; break;
        case OPT_K: a->k = (int)cli_parse_long("--k", optarg, 1, 1000000); break;
        case OPT_PASS: a->npass = cli_parse_list("--pass-at", optarg, 1, 1000000, a->pass, MAX_PASS_AT); break;
        case OPT_JSON: a->json = 1; break;
        case OPT_CSV: a->csv = optarg; break;
        case OPT_MD: a->md = optarg; break;
        case OPT_DETAILS: a->details = optarg; break;
        case OPT_SKIP: a->skip_bad = 1; break;
        case ':': cli_usage_error("score: option '%s' needs a value", argv[optind - 1]);
        default: cli_usage_error("score: unknown option '%s' (see --help)", argv[optind - 1]);
        }
    }
    if (optind < argc)
        cli_usage_error("score: unexpected argument '%s' (see --help)", argv[optind]);
    if (!a->set)
        cli_usage_error("score: --set is required (see --help)");
    if (!a->responses)
        cli_usage_error("score: --responses is required (see --help)");
    for (int i = 0; i < a->npass; i++)
        if (a->k && a->pass[i] > a->k)
            cli_usage_error("--pass-at: %d is more than --k %d samples", a->pass[i], a->k);
}

/* Reads and judges one response record into *r; returns 0 or VP_EINVAL. */
static int read_response(const json_t *o, const mio_set *set, response *r, char *err)
{
    if (!json_is_object(o))
        return vp_fail(err, VP_EINVAL, "expected a JSON object, got %s", jsonfield_kind(o));
    char id[256];
    const char *text;
    int rc = jsonfield_text(o, "id", 1, id, sizeof id, err);
    if (rc)
        return rc;
    r->rec = mio_set_find(set, id);
    if (!r->rec)
        return vp_fail(err, VP_EINVAL, "field 'id': \"%.100s\" is not a record of the set", id);
    if ((rc = jsonfield_string(o, "response", 1, &text, err)))
        return rc;
    long long v;
    rc = jsonfield_int(o, "sample", 0, 0, LLONG_MAX, &v, err);
    if (rc < 0)
        return rc;
    r->sample = rc == 0 ? v : -1;
    rc = jsonfield_int(o, "tokens", 0, 0, LLONG_MAX, &v, err);
    if (rc < 0)
        return rc;
    r->tokens = rc == 0 ? v : -1;
    rc = jsonfield_string(o, "model", 0, &r->model, err);
    if (rc < 0)
        return rc;
    if (rc)
        r->model = "-";
    if (mio_text_field(o, "modality", r->modality, sizeof r->modality, "-", err) ||
        mio_k_field(o, "k", r->kv, sizeof r->kv, err))
        return VP_EINVAL;
    score_judge(&r->rec->key, text, &r->a);
    return 0;
}

/* qsort order of responses: model, record, modality, k, sample, line. */
static int by_question(const void *x, const void *y)
{
    const response *a = x, *b = y;
    int c;
    if ((c = strcmp(a->model, b->model)) || (c = strcmp(a->rec->id, b->rec->id)) ||
        (c = strcmp(a->modality, b->modality)) || (c = strcmp(a->kv, b->kv)))
        return c;
    long long sa = a->sample < 0 ? a->order : a->sample, sb = b->sample < 0 ? b->order : b->sample;
    if (sa != sb)
        return sa < sb ? -1 : 1;
    return a->line < b->line ? -1 : a->line > b->line;
}

static int same_question(const response *a, const response *b)
{
    return !strcmp(a->model, b->model) && a->rec == b->rec && !strcmp(a->modality, b->modality) &&
           !strcmp(a->kv, b->kv);
}

/* The value of response r on dimension d, or NULL when it has none. */
static const char *dim_value(const response *r, int d)
{
    switch (d) {
    case DIM_ALL: return "all";
    case DIM_CATEGORY: return r->rec->category;
    case DIM_VERDICT: return r->rec->verdict;
    case DIM_MODALITY: return strcmp(r->modality, "-") ? r->modality : NULL;
    case DIM_K: return strcmp(r->kv, "-") ? r->kv : NULL;
    }
    return NULL;
}

/* One row of the table. */
typedef struct row {
    const char *model, *value, *by;
    int dim;
    long responses, correct, wrong, unparseable, optimal_known, optimal, questions, short_, missing, with_tokens;
    double tokens, pass1, pass[MAX_PASS_AT];
    int pass_ok[MAX_PASS_AT];
} row;

/* Fills w from the responses rs[0..nr) and the instances in[0..ni) of
 * its model; an instance's first response is all[first]. */
static void fill_row(row *w, const response *rs, int nr, const instance *in, int ni, const score_args *a,
                     const response *all)
{
    for (int i = 0; i < nr; i++) {
        const response *r = &rs[i];
        const char *v = dim_value(r, w->dim);
        if (!r->used || strcmp(r->model, w->model) || !v || strcmp(v, w->value))
            continue;
        w->responses++;
        w->correct += r->a.verdict == SCORE_CORRECT;
        w->wrong += r->a.verdict == SCORE_WRONG;
        w->unparseable += r->a.verdict == SCORE_UNPARSEABLE;
        if (r->a.optimal >= 0) {
            w->optimal_known++;
            w->optimal += r->a.optimal;
        }
        if (r->tokens >= 0) {
            w->with_tokens++;
            w->tokens += (double)r->tokens;
        }
    }
    double sum = 0, psum[MAX_PASS_AT] = {0};
    for (int p = 0; p < a->npass; p++)
        w->pass_ok[p] = 1;
    for (int j = 0; j < ni; j++) {
        const response *r = &all[in[j].first];
        const char *v = dim_value(r, w->dim);
        if (strcmp(r->model, w->model) || !v || strcmp(v, w->value) || in[j].n == 0)
            continue;
        w->questions++;
        w->short_ += in[j].short_;
        sum += (double)in[j].c / in[j].n;
        for (int p = 0; p < a->npass; p++) {
            double e = score_pass_at_k(in[j].n, in[j].c, a->pass[p]);
            if (isnan(e))
                w->pass_ok[p] = 0;
            psum[p] += e;
        }
    }
    w->pass1 = w->questions ? sum / w->questions : NAN;
    for (int p = 0; p < a->npass; p++)
        w->pass[p] = w->questions && w->pass_ok[p] ? psum[p] / w->questions : NAN;
}

static double row_acc(const row *w) { return w->responses ? (double)w->correct / w->responses : NAN; }

/* Mean tokens per response when every response has them, else NAN. */
static double row_itt(const row *w)
{
    return w->responses && w->with_tokens == w->responses ? w->tokens / w->responses : NAN;
}

static double row_token_e(const row *w)
{
    double A = 100.0 * row_acc(w), itt = row_itt(w);
    if (isnan(A) || isnan(itt))
        return NAN;
    return A > 0 ? 100.0 * A / (A + itt / 1000.0) : 0.0;
}

static const char *const dim_names[NDIMS] = {"all", "category", "verdict", "modality", "k"};

/* The dimension's name in output: "game" (TTT) or "difficulty" (tsumego)
 * for the category of response r's record. */
static const char *dim_label(int d, const response *r)
{
    if (d != DIM_CATEGORY)
        return dim_names[d];
    return r->rec->key.kind == SCORE_TTT ? "game" : "difficulty";
}

static void put(strbuf *s, double v, int dec, const char *none)
{
    if (isnan(v))
        strbuf_puts(s, none);
    else
        strbuf_printf(s, "%.*f", dec, v);
}

static char *table_text(const row *rows, int n, const score_args *a, int csv, int has_opt)
{
    strbuf s;
    strbuf_init(&s);
    const char *sep = csv ? "," : " | ";
    if (!csv)
        strbuf_puts(&s, "| ");
    strbuf_printf(&s, "model%sby%svalue%sresponses%squestions%scorrect%swrong%sunparseable%s%s%s%s%s", sep, sep, sep,
                  sep, sep, sep, sep, sep, csv ? "accuracy" : "Acc", sep, csv ? "pass1" : "Pass@1", sep);
    for (int p = 0; p < a->npass; p++)
        strbuf_printf(&s, csv ? "pass_at_%d%s" : "Pass@%d%s", a->pass[p], sep);
    strbuf_printf(&s, "%s%s%s", csv ? "itt_k" : "ITT(k)", sep, csv ? "token_e" : "TokenE");
    if (has_opt)
        strbuf_printf(&s, "%s%s", sep, csv ? "optimal" : "Optimal");
    if (a->k)
        strbuf_printf(&s, "%sshort", sep);
    strbuf_printf(&s, "%smissing", sep);
    strbuf_puts(&s, csv ? "\n" : " |\n|");
    if (!csv) {
        int ncol = 13 + a->npass + has_opt + (a->k ? 1 : 0);
        for (int c = 0; c < ncol; c++)
            strbuf_puts(&s, c < 3 ? "---|" : "---:|");
        strbuf_puts(&s, "\n");
    }
    for (int i = 0; i < n; i++) {
        const row *w = &rows[i];
        if (!csv)
            strbuf_puts(&s, "| ");
        strbuf_printf(&s, "%s%s%s%s%s%s%ld%s%ld%s%ld%s%ld%s%ld%s", w->model, sep, w->by, sep,
                      w->value, sep, w->responses, sep, w->questions, sep, w->correct, sep, w->wrong, sep,
                      w->unparseable, sep);
        const char *none = csv ? "" : "–";
        put(&s, 100 * row_acc(w), csv ? 3 : 1, none);
        strbuf_puts(&s, sep);
        put(&s, 100 * w->pass1, csv ? 3 : 1, none);
        strbuf_puts(&s, sep);
        for (int p = 0; p < a->npass; p++) {
            put(&s, 100 * w->pass[p], csv ? 3 : 1, none);
            strbuf_puts(&s, sep);
        }
        put(&s, row_itt(w) / 1000, csv ? 4 : 2, none);
        strbuf_puts(&s, sep);
        put(&s, row_token_e(w), csv ? 3 : 1, none);
        if (has_opt) {
            strbuf_puts(&s, sep);
            put(&s, w->optimal_known ? 100.0 * w->optimal / w->optimal_known : NAN, csv ? 3 : 1, none);
        }
        if (a->k)
            strbuf_printf(&s, "%s%ld", sep, w->short_);
        if (w->dim == DIM_ALL)
            strbuf_printf(&s, "%s%ld", sep, w->missing);
        else
            strbuf_printf(&s, "%s%s", sep, none);
        strbuf_puts(&s, csv ? "\n" : " |\n");
    }
    return strbuf_take(&s);
}

static char *json_text(const row *rows, int n, const score_args *a, long skipped)
{
    json_t *j = json_pack("{s:s, s:i, s:s, s:s, s:I}", "format", SCORE_FORMAT, "format_version", 1, "set", a->set,
                          "responses", a->responses, "skipped", (json_int_t)skipped);
    json_object_set_new(j, "k", a->k ? json_integer(a->k) : json_null());
    json_t *arr = json_array();
    for (int i = 0; i < n; i++) {
        const row *w = &rows[i];
        json_t *o = json_pack("{s:s, s:s, s:s, s:I, s:I, s:I, s:I, s:I}", "model", w->model, "by",
                              w->by, "value", w->value, "responses", (json_int_t)w->responses,
                              "questions", (json_int_t)w->questions, "correct", (json_int_t)w->correct, "wrong",
                              (json_int_t)w->wrong, "unparseable", (json_int_t)w->unparseable);
        json_object_set_new(o, "accuracy", mio_real(row_acc(w)));
        json_object_set_new(o, "pass1", mio_real(w->pass1));
        json_t *pk = json_object();
        for (int p = 0; p < a->npass; p++) {
            char key[16];
            snprintf(key, sizeof key, "%d", a->pass[p]);
            json_object_set_new(pk, key, mio_real(w->pass[p]));
        }
        json_object_set_new(o, "pass_at", pk);
        json_object_set_new(o, "itt", mio_real(row_itt(w)));
        json_object_set_new(o, "token_e", mio_real(row_token_e(w)));
        json_object_set_new(o, "optimal", mio_real(w->optimal_known ? (double)w->optimal / w->optimal_known : NAN));
        json_object_set_new(o, "short", json_integer(w->short_));
        if (w->dim == DIM_ALL)
            json_object_set_new(o, "missing", json_integer(w->missing));
        json_array_append_new(arr, o);
    }
    json_object_set_new(j, "rows", arr);
    char *s = json_dumps(j, JSON_COMPACT | JSON_REAL_PRECISION(15));
    json_decref(j);
    if (!s)
        return NULL;
    char *t = malloc(strlen(s) + 2);
    if (t)
        sprintf(t, "%s\n", s);
    free(s);
    return t;
}

static char *details_text(const response *rs, int nr)
{
    static const char *const from[] = {"none", "boxed", "answer_is"};
    static const char *const verdict[] = {"correct", "wrong", "unparseable"};
    strbuf s;
    strbuf_init(&s);
    for (int i = 0; i < nr; i++) {
        const response *r = &rs[i];
        json_t *o = json_pack("{s:s, s:i, s:I, s:s, s:s}", "format", SCORE_DETAILS_FORMAT, "format_version", 1,
                              "line", (json_int_t)r->line, "id", r->rec->id, "model", r->model);
        json_object_set_new(o, "sample", r->sample >= 0 ? json_integer(r->sample) : json_null());
        json_object_set_new(o, "used", json_boolean(r->used));
        json_object_set_new(o, "from", json_string(from[r->a.from]));
        json_object_set_new(o, "answer", r->a.from ? json_string(r->a.text) : json_null());
        json_object_set_new(o, "normalised", r->a.normal[0] ? json_string(r->a.normal) : json_null());
        json_object_set_new(o, "verdict", json_string(verdict[r->a.verdict]));
        json_object_set_new(o, "reason", r->a.reason[0] ? json_string(r->a.reason) : json_null());
        json_object_set_new(o, "optimal", r->a.optimal < 0 ? json_null() : json_boolean(r->a.optimal));
        char *t = json_dumps(o, JSON_COMPACT);
        json_decref(o);
        if (t)
            strbuf_printf(&s, "%s\n", t);
        else
            s.failed = 1;
        free(t);
    }
    return strbuf_take(&s);
}

/* A model's responses: rs[b..e) after sorting (they sort by model first),
 * with its first appearance in the input. */
typedef struct span {
    int b, e, first;
} span;

static int by_first(const void *x, const void *y) { return ((const span *)x)->first - ((const span *)y)->first; }

static int add_row(row **rows, int *n, int *cap, const response *r, int d, const char *v)
{
    if (*n == *cap) {
        row *t = realloc(*rows, (size_t)(*cap *= 2) * sizeof *t);
        if (!t)
            return -1;
        *rows = t;
    }
    row *w = &(*rows)[(*n)++];
    memset(w, 0, sizeof *w);
    w->model = r->model;
    w->dim = d;
    w->by = dim_label(d, r);
    w->value = v;
    return 0;
}

/* The rows: per model (in order of first appearance), "all", then each
 * dimension's values in order of first appearance. */
static int build_rows(const response *rs, int nr, const instance *in, const mio_set *set,
                      const score_args *a, row **out)
{
    int cap = 16, n = 0, nm = 0;
    row *rows = malloc((size_t)cap * sizeof *rows);
    span *models = malloc((size_t)(nr ? nr : 1) * sizeof *models);
    unsigned char *hit = calloc((size_t)set->n, 1);
    int *firsts = malloc((size_t)(nr ? nr : 1) * sizeof *firsts);
    int rc = rows && models && hit && firsts ? 0 : -1;
    for (int i = 0; rc == 0 && i < nr; i++) {
        if (i == 0 || strcmp(rs[i].model, rs[i - 1].model)) {
            models[nm].b = i;
            models[nm].first = rs[i].order;
            nm++;
        }
        models[nm - 1].e = i + 1;
        if (rs[i].order < models[nm - 1].first)
            models[nm - 1].first = rs[i].order;
    }
    if (rc == 0)
        qsort(models, (size_t)nm, sizeof *models, by_first);
    for (int mi = 0; rc == 0 && mi < nm; mi++) {
        const span *sp = &models[mi];
        int row0 = n;
        for (int d = 0; rc == 0 && d < NDIMS; d++) {
            /* the distinct values of d, ordered by first appearance */
            int nv = 0, *vi = firsts;
            for (int i = sp->b; i < sp->e; i++) {
                const char *v = dim_value(&rs[i], d);
                if (!v)
                    continue;
                int j = 0;
                while (j < nv && strcmp(dim_value(&rs[vi[j]], d), v))
                    j++;
                if (j == nv)
                    vi[nv++] = i;
                else if (rs[i].order < rs[vi[j]].order)
                    vi[j] = i;
            }
            for (int j = 1; j < nv; j++)
                for (int k = j; k > 0 && rs[vi[k]].order < rs[vi[k - 1]].order; k--) {
                    int t = vi[k];
                    vi[k] = vi[k - 1];
                    vi[k - 1] = t;
                }
            for (int j = 0; rc == 0 && j < nv; j++)
                rc = add_row(&rows, &n, &cap, &rs[vi[j]], d, dim_value(&rs[vi[j]], d));
        }
        /* the instances of this model are those of its responses */
        int ib = sp->b < sp->e ? rs[sp->b].inst : 0, ie = ib;
        for (int i = sp->b; i < sp->e; i++)
            if (rs[i].inst >= 0 && rs[i].inst + 1 > ie)
                ie = rs[i].inst + 1;
        if (ib < 0)
            ib = 0;
        for (int k = row0; rc == 0 && k < n; k++)
            fill_row(&rows[k], rs + sp->b, sp->e - sp->b, in + ib, ie - ib, a, rs);
        memset(hit, 0, (size_t)set->n);
        long answered = 0;
        for (int i = sp->b; i < sp->e; i++) {
            size_t q = (size_t)(rs[i].rec - set->r);
            answered += !hit[q];
            hit[q] = 1;
        }
        if (rc == 0)
            rows[row0].missing = set->n - answered;
    }
    free(models);
    free(hit);
    free(firsts);
    if (rc) {
        free(rows);
        return -1;
    }
    *out = rows;
    return n;
}

int cmd_score(int argc, char **argv)
{
    score_args a;
    parse_args(argc, argv, &a);
    mio_set set;
    int rc = mio_set_load(a.set, &set);
    if (rc)
        return rc;
    mio_file f;
    if ((rc = mio_read(a.responses, 0, &f))) {
        mio_set_free(&set);
        return rc;
    }
    mio_bad bad = {a.skip_bad, 0};
    response *rs = calloc(f.n ? f.n : 1, sizeof *rs);
    int nr = 0;
    char err[VP_ERRLEN];
    for (size_t i = 0; rs && i < f.n && rc == 0; i++) {
        response *r = &rs[nr];
        r->line = f.rec[i].line;
        if (!f.rec[i].v) {
            snprintf(err, sizeof err, "not JSON (%s)", f.rec[i].error ? f.rec[i].error : "");
            rc = mio_bad_record(&bad, a.responses, r->line, err);
        } else if (read_response(f.rec[i].v, &set, r, err)) {
            rc = mio_bad_record(&bad, a.responses, r->line, err);
        } else {
            nr++;
        }
    }
    if (!rs) {
        cli_error("out of memory");
        rc = CLI_FAIL;
    }
    for (int i = 0; rc == 0 && i < nr; i++)
        rs[i].order = i;
    /* questions: samples in order, repeats refused, the first --k used */
    instance *in = NULL;
    int ni = 0;
    if (rc == 0 && nr > 0) {
        qsort(rs, (size_t)nr, sizeof *rs, by_question);
        in = calloc((size_t)nr, sizeof *in);
        if (!in) {
            cli_error("out of memory");
            rc = CLI_FAIL;
        }
    }
    for (int i = 0; rc == 0 && i < nr; i++) {
        if (i > 0 && same_question(&rs[i], &rs[i - 1]) && rs[i].sample >= 0 && rs[i].sample == rs[i - 1].sample) {
            snprintf(err, sizeof err, "field 'sample': %lld repeats line %ld (model %s, id %s)", rs[i].sample,
                     rs[i - 1].line, rs[i].model, rs[i].rec->id);
            rc = mio_bad_record(&bad, a.responses, rs[i].line, err);
            rs[i].inst = -1;
            continue;
        }
        if (i == 0 || !same_question(&rs[i], &rs[in[ni - 1].first])) {
            in[ni].first = i;
            ni++;
        }
        instance *q = &in[ni - 1];
        rs[i].inst = ni - 1;
        rs[i].used = !a.k || q->n < a.k;
        if (rs[i].used) {
            q->n++;
            q->c += rs[i].a.verdict == SCORE_CORRECT;
        }
    }
    for (int j = 0; rc == 0 && j < ni; j++)
        in[j].short_ = a.k && in[j].n < a.k;
    row *rows = NULL;
    int nrows = 0;
    if (rc == 0 && nr == 0) {
        cli_error("%s: no responses%s", a.responses, bad.count ? " left after skipping bad records" : "");
        rc = CLI_USAGE;
    }
    if (rc == 0 && (nrows = build_rows(rs, nr, in, &set, &a, &rows)) < 0) {
        cli_error("out of memory");
        rc = CLI_FAIL;
    }
    if (rc == 0) {
        int has_opt = 0;
        for (int i = 0; i < nr; i++)
            has_opt |= rs[i].a.optimal >= 0 || rs[i].rec->key.has_optimal;
        mio_outputs outs = {0};
        if (a.csv)
            mio_outputs_add(&outs, a.csv, table_text(rows, nrows, &a, 1, has_opt));
        if (a.md)
            mio_outputs_add(&outs, a.md, table_text(rows, nrows, &a, 0, has_opt));
        if (a.details)
            mio_outputs_add(&outs, a.details, details_text(rs, nr));
        rc = mio_finish(&outs, a.json ? json_text(rows, nrows, &a, bad.count)
                                      : table_text(rows, nrows, &a, 0, has_opt),
                        &bad);
    }
    free(rows);
    free(in);
    free(rs);
    mio_file_free(&f);
    mio_set_free(&set);
    return rc;
}
