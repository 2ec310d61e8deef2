/* cmd_metrics.c: `vp metrics trees` (TsuGO process search trees and the
 * lines of `vp go mcts --json`: per-tree metrics, group tables, Cohen's d
 * and correlations, SearchE weight schemes, SVG plots) and `vp metrics
 * claims` (claim graphs: structural entropy, eta, subgraphs, graph
 * statistics). Everything is read and checked before anything is written. */
#include <config.h>

#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../engines/coord.h"
#include "../engines/strbuf.h"
#include "../metrics/claims.h"
#include "../metrics/jsonfield.h"
#include "../metrics/ptree.h"
#include "../metrics/report.h"
#include "cli.h"
#include "metrics_io.h"

#define TREES_FORMAT "vitalpoint-ptree-metrics"
#define REPAIRED_FORMAT "vitalpoint-ptree"
#define CLAIMS_FORMAT "vitalpoint-claims-metrics"
#define MCTS_FORMAT "vitalpoint-go-mcts"

static const char trees_help[] =
    "Usage: vp metrics trees FILE... [OPTIONS]\n"
    "Reads TsuGO process search trees (JSON lines with problem, model,\n"
    "difficulty, k, modality, tokens, optional correct_moves, answer or\n"
    "correct, and nodes) and lines of `vp go mcts --json`; checks each tree\n"
    "against the structural rules; computes CCER, SWR, SFH, SCR, SSC, SBC,\n"
    "TMD, TMF, TNC, ITT, IPN and SearchE per tree; prints the group tables\n"
    "(TsuGO Tables 3 and 12), Cohen's d and the correlations with accuracy\n"
    "(Table 14) and SearchE under the five weight schemes (Table 15).\n"
    "\n"
    "      --set FILE        the benchmark set: accepted first moves, options,\n"
    "                        side to play and difficulty of each problem\n"
    "      --weights A,B,C   SearchE weights of SWR, SFH, SCR (default .5,.3,.2)\n"
    "      --group-by KEYS   model, difficulty, k, modality (default all four)\n"
    "      --repair          merge repeated sibling moves, close open branches\n"
    "                        with an 'other' judgment; each repair is reported\n"
    "      --repaired FILE   write the (repaired) trees as JSON lines\n"
    "      --json            one JSON object per tree instead of the tables\n"
    "      --csv FILE        the group table as CSV\n"
    "      --md FILE         the tables as Markdown\n"
    "      --plots DIR       SVG plots: tree-N.svg per group (aggregated tree),\n"
    "                        effort.svg (Figure 6), accuracy.svg (Figure 5);\n"
    "                        DIR must exist\n"
    "      --skip-bad        skip (and count) malformed or invalid records\n"
    "  -q, --quiet           no notes on stderr about repairs\n"
    "  -h, --help            this help\n";

static const char claims_help[] =
    "Usage: vp metrics claims GRAPH.json... [OPTIONS]\n"
    "Reads claim graphs ({\"nodes\": [{\"id\", \"label\", \"solution\"}], \"edges\":\n"
    "[{\"from\", \"to\", \"kind\"}], \"c_star\": N}; a file may also hold one graph\n"
    "per line) and prints the structural entropy H_str (natural log), eta,\n"
    "|V|, |V_sol|, |V_ver|, their ratio, depth, diameter, average path length\n"
    "and width of each.\n"
    "\n"
    "      --json            one JSON object per graph\n"
    "      --csv FILE        the table as CSV\n"
    "      --skip-bad        skip (and count) malformed graphs\n"
    "  -h, --help            this help\n";

static void metrics_usage(FILE *f)
{
    fputs("Usage: vp metrics SUBCOMMAND [OPTIONS]\n"
          "  trees       process search trees and MCTS lines: metrics, tables, plots\n"
          "  claims      claim graphs: structural entropy, eta, graph statistics\n"
          "Run `vp metrics SUBCOMMAND --help` for its options.\n",
          f);
}

/* ---- trees: arguments -------------------------------------------------------- */

typedef struct trees_args {
    const char *set, *csv, *md, *plots, *repaired;
    double w[3];
    int keys[REPORT_NKEYS], nkeys;
    int repair, json, skip_bad, quiet;
} trees_args;

static void parse_weights(const char *s, double w[3])
{
    const char *p = s;
    for (int i = 0; i < 3; i++) {
        char *end;
        errno = 0;
        w[i] = strtod(p, &end);
        if (end == p || errno || !isfinite(w[i]) || w[i] < 0 || w[i] > 1 ||
            (i < 2 ? *end != ',' : *end != '\0'))
            cli_usage_error("--weights: '%s' is not three numbers in [0, 1] separated by commas (like .5,.3,.2)", s);
        p = end + 1;
    }
    if (w[0] + w[1] + w[2] <= 0)
        cli_usage_error("--weights: '%s': at least one weight must be positive", s);
}

static void parse_keys(const char *s, trees_args *a)
{
    a->nkeys = 0;
    const char *p = s;
    while (*p) {
        size_t len = strcspn(p, ",");
        int k = -1;
        for (int i = 0; i < REPORT_NKEYS; i++)
            if (strlen(report_key_name(i)) == len && !strncmp(p, report_key_name(i), len))
                k = i;
        if (k < 0)
            cli_usage_error("--group-by: '%.*s' is not model, difficulty, k or modality", (int)len, p);
        for (int i = 0; i < a->nkeys; i++)
            if (a->keys[i] == k)
                cli_usage_error("--group-by: '%.*s' appears twice", (int)len, p);
        a->keys[a->nkeys++] = k;
        p += len;
        if (*p == ',' && *++p == '\0')
            cli_usage_error("--group-by: '%s' ends with a comma", s);
    }
}

static void need_dir(const char *opt, const char *dir)
{
    struct stat st;
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
        cli_usage_error("%s: '%s' is not an existing directory", opt, dir);
}

static void trees_parse_args(int argc, char **argv, trees_args *a)
{
    enum { OPT_SET = 256, OPT_WEIGHTS, OPT_GROUP, OPT_REPAIR, OPT_REPAIRED, OPT_JSON, OPT_CSV, OPT_MD, OPT_PLOTS,
           OPT_SKIP };
    static const struct option opts[] = {
        {"set", required_argument, 0, OPT_SET},       {"weights", required_argument, 0, OPT_WEIGHTS},
        {"group-by", required_argument, 0, OPT_GROUP}, {"repair", no_argument, 0, OPT_REPAIR},
        {"repaired", required_argument, 0, OPT_REPAIRED}, {"json", no_argument, 0, OPT_JSON},
        {"csv", required_argument, 0, OPT_CSV},       {"md", required_argument, 0, OPT_MD},
        {"plots", required_argument, 0, OPT_PLOTS},   {"skip-bad", no_argument, 0, OPT_SKIP},
        {"quiet", no_argument, 0, 'q'},               {"help", no_argument, 0, 'h'},
        {0, 0, 0, 0}};
    memset(a, 0, sizeof *a);
    a->w[0] = 0.5;
    a->w[1] = 0.3;
    a->w[2] = 0.2;
    a->nkeys = REPORT_NKEYS;
    for (int i = 0; i < REPORT_NKEYS; i++)
        a->keys[i] = i;
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":hq", opts, NULL)) != -1) {
        switch (c) {
        case 'h': fputs(trees_help, stdout); exit(CLI_OK);
        case OPT_SET: a->set = optarg; break;
        case OPT_WEIGHTS: parse_weights(optarg, a->w); break;
        case OPT_GROUP: parse_keys(optarg, a); break;
        case OPT_REPAIR: a->repair = 1; break;
        case OPT_REPAIRED: a->repaired = optarg; break;
        case OPT_JSON: a->json = 1; break;
        case OPT_CSV: a->csv = optarg; break;
        case OPT_MD: a->md = optarg; break;
        case OPT_PLOTS: a->plots = optarg; break;
        case OPT_SKIP: a->skip_bad = 1; break;
        case 'q': a->quiet = 1; break;
        case ':': cli_usage_error("metrics trees: option '%s' needs a value", argv[optind - 1]);
        default: cli_usage_error("metrics trees: unknown option '%s' (see --help)", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        cli_usage_error("metrics trees: no FILE given (see --help)");
    if (a->plots)
        need_dir("--plots", a->plots);
}

/* ---- trees: reading ------------------------------------------------------------ */

/* One usable input record, tree or MCTS line. */
typedef struct titem {
    const char *file;
    long line;
    int mcts;
    char problem[256], model[128], difficulty[64], kv[16], modality[64];
    ptree tree;
    score_key key;     /* the answer key (copied), when known */
    int has_key, correct, repairs;
    ptree_metrics m;
    const json_t *src; /* the record, for --repaired */
    int has_effort;    /* MCTS lines with a trajectory and an answer key */
    double effort[REPORT_EFFORT_POINTS];
} titem;

/* The answer key of a tree record: correct_moves, else the set's record. */
static int tree_key(const json_t *o, const mio_set *set, const score_record **rec, titem *t, char *err)
{
    *rec = NULL;
    if (set && strcmp(t->problem, "-"))
        *rec = mio_set_find(set, t->problem);
    const json_t *cm = json_object_get(o, "correct_moves");
    memset(&t->key, 0, sizeof t->key);
    t->key.kind = SCORE_GO;
    if (cm && !json_is_null(cm)) {
        if (!json_is_array(cm) || json_array_size(cm) == 0)
            return vp_fail(err, VP_EINVAL, "field 'correct_moves': expected a non-empty array of moves, got %s",
                           jsonfield_kind(cm));
        for (size_t i = 0; i < json_array_size(cm); i++) {
            const json_t *v = json_array_get(cm, i);
            char why[VP_ERRLEN];
            int p;
            if (!json_is_string(v))
                return vp_fail(err, VP_EINVAL, "field 'correct_moves[%zu]': expected a string, got %s", i,
                               jsonfield_kind(v));
            if (score_parse_point(json_string_value(v), &p, why))
                return vp_fail(err, VP_EINVAL, "field 'correct_moves[%zu]': %s", i, why);
            if (p == COORD_PASS)
                t->key.accept_pass = 1;
            else
                bb361_set(&t->key.accepted, p);
        }
        if (*rec) {
            t->key.noptions = (*rec)->key.noptions;
            memcpy(t->key.option_label, (*rec)->key.option_label, sizeof t->key.option_label);
            memcpy(t->key.option_point, (*rec)->key.option_point, sizeof t->key.option_point);
            t->key.to_play = (*rec)->key.to_play;
        }
    } else if (*rec) {
        if ((*rec)->key.kind != SCORE_GO)
            return vp_fail(err, VP_EINVAL, "field 'problem': \"%s\" is not a tsumego record", t->problem);
        t->key = (*rec)->key;
    } else if (!set) {
        return vp_fail(err, VP_EINVAL, "field 'correct_moves': missing, and no --set to look problem \"%s\" up in",
                       t->problem);
    } else {
        return vp_fail(err, VP_EINVAL, "field 'problem': \"%s\" is not a record of the set", t->problem);
    }
    const char *side;
    int rc = jsonfield_string(o, "to_play", 0, &side, err);
    if (rc < 0)
        return rc;
    if (rc == 0) {
        if (strcmp(side, "B") && strcmp(side, "W"))
            return vp_fail(err, VP_EINVAL, "field 'to_play': \"%.20s\" is not B or W", side);
        t->key.to_play = side[0];
    }
    t->has_key = 1;
    return 0;
}

static int read_tree(const json_t *o, const trees_args *a, const mio_set *set, titem *t, strbuf *log, char *err)
{
    int rc;
    if ((rc = mio_text_field(o, "problem", t->problem, sizeof t->problem, "-", err)))
        return rc;
    const char *model;
    if ((rc = jsonfield_string(o, "model", 1, &model, err)))
        return rc;
    snprintf(t->model, sizeof t->model, "%s", model);
    const score_record *rec;
    if ((rc = tree_key(o, set, &rec, t, err)))
        return rc;
    if ((rc = mio_text_field(o, "difficulty", t->difficulty, sizeof t->difficulty, rec ? rec->category : "-", err)) ||
        (rc = mio_text_field(o, "modality", t->modality, sizeof t->modality, "-", err)) ||
        (rc = mio_k_field(o, "k", t->kv, sizeof t->kv, err)))
        return rc;
    long long tokens = -1;
    rc = jsonfield_int(o, "tokens", 0, 0, LLONG_MAX, &tokens, err);
    if (rc < 0)
        return rc;
    if (rc)
        tokens = -1;
    int correct;
    t->correct = -1;
    rc = jsonfield_bool(o, "correct", 0, &correct, err);
    if (rc < 0)
        return rc;
    if (rc == 0)
        t->correct = correct;
    const char *answer;
    rc = jsonfield_string(o, "answer", 0, &answer, err);
    if (rc < 0)
        return rc;
    if (rc == 0 && t->correct < 0) {
        score_answer sa;
        score_judge(&t->key, answer, &sa);
        t->correct = sa.verdict == SCORE_CORRECT;
    }
    if ((rc = ptree_parse(json_object_get(o, "nodes"), &t->tree, err)))
        return rc;
    if ((rc = ptree_check(&t->tree, a->repair, log, &t->repairs, err)))
        return rc;
    ptree_compute(&t->tree, &t->key, tokens, a->w, &t->m);
    return 0;
}

static int read_mcts(const json_t *o, const trees_args *a, const mio_set *set, titem *t, int *unsearched, char *err)
{
    ptree_mcts r;
    int rc = ptree_mcts_parse(o, &r, err);
    if (rc == 0 && !r.searched) {
        (*unsearched)++;
        ptree_mcts_free(&r);
        return 1;
    }
    const score_record *rec = NULL;
    if (rc == 0 && set)
        rec = r.id ? mio_set_find(set, r.id) : mio_set_find_source(set, r.file);
    if (rc == 0 && rec && rec->key.kind != SCORE_GO)
        rec = NULL;
    if (rc == 0) {
        t->mcts = 1;
        snprintf(t->problem, sizeof t->problem, "%s", rec ? rec->id : r.id ? r.id : r.file);
        snprintf(t->model, sizeof t->model, "%s", r.model ? r.model : "MCTS/UCT");
        snprintf(t->difficulty, sizeof t->difficulty, "%s", r.difficulty ? r.difficulty : rec ? rec->category : "-");
        mio_k_name(r.root ? r.root : "-", t->kv, sizeof t->kv);
        snprintf(t->modality, sizeof t->modality, "-");
        if (rec) {
            t->key = rec->key;
            t->has_key = 1;
        }
        rc = ptree_mcts_metrics(&r, rec ? &rec->key : NULL, a->w, &t->m, &t->correct, err);
    }
    if (rc == 0 && t->has_key)
        t->has_effort = ptree_mcts_effort(&r, &t->key, REPORT_EFFORT_POINTS, t->effort) == 0;
    ptree_mcts_free(&r);
    return rc;
}

static void titem_free(titem *t) { ptree_free(&t->tree); }

/* ---- trees: output ---------------------------------------------------------------- */

static json_t *metrics_json(const titem *t)
{
    const ptree_metrics *m = &t->m;
    json_t *o = json_pack("{s:s, s:i, s:s, s:I, s:s, s:s, s:s, s:s, s:s, s:s}", "format", TREES_FORMAT,
                          "format_version", 1, "file", t->file, "line", (json_int_t)t->line, "kind",
                          t->mcts ? "mcts" : "tree", "problem", t->problem, "model", t->model, "difficulty",
                          t->difficulty, "k", t->kv, "modality", t->modality);
    json_object_set_new(o, "correct", t->correct < 0 ? json_null() : json_boolean(t->correct));
    json_object_set_new(o, "ccer", m->ccer ? json_integer(m->ccer) : json_null());
    json_object_set_new(o, "ccer_node", !t->mcts && m->ccer_node ? json_integer(m->ccer_node) : json_null());
    json_object_set_new(o, "swr", mio_real(m->swr));
    json_object_set_new(o, "sfh", json_integer(m->sfh));
    json_object_set_new(o, "scr", mio_real(m->scr));
    json_object_set_new(o, "ssc", json_integer(m->ssc));
    json_object_set_new(o, "sbc", json_integer(m->sbc));
    json_object_set_new(o, "tmd", json_integer(m->tmd));
    json_object_set_new(o, "tmf", json_integer(m->tmf));
    json_object_set_new(o, "tnc", json_integer(m->tnc));
    json_object_set_new(o, "itt", m->itt >= 0 ? json_integer(m->itt) : json_null());
    json_object_set_new(o, "ipn", mio_real(m->ipn));
    json_object_set_new(o, "search_e", mio_real(m->search_e));
    json_object_set_new(o, "correct_candidates", json_integer(m->ncorrect));
    json_object_set_new(o, "repairs", json_integer(t->repairs));
    return o;
}

static void dump_line(strbuf *s, json_t *o)
{
    char *t = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(15));
    json_decref(o);
    if (t)
        strbuf_printf(s, "%s\n", t);
    else
        s->failed = 1;
    free(t);
}

/* A tree record with its nodes replaced by the checked (repaired) list. */
static json_t *repaired_json(const titem *t)
{
    json_t *o = json_deep_copy(t->src);
    if (!o)
        return NULL;
    json_t *nodes = json_array();
    for (int i = 0; i < t->tree.n; i++) {
        const ptree_node *nd = &t->tree.nodes[i];
        static const char *const types[] = {"root", "move", "judgment"};
        static const char *const pols[] = {"win", "lose", "other"};
        json_t *x = json_pack("{s:I, s:s}", "id", (json_int_t)nd->id, "type", types[nd->type]);
        json_object_set_new(x, "parent", nd->parent < 0 ? json_null() : json_integer(t->tree.nodes[nd->parent].id));
        char c[COORD_BUFLEN], label[32];
        if (nd->type == PTREE_ROOT)
            json_object_set_new(x, "label", json_string("Initial board state"));
        else if (nd->type == PTREE_MOVE) {
            coord_format(nd->pos, 19, c);
            snprintf(label, sizeof label, "%c:%s", nd->side, c);
            json_object_set_new(x, "label", json_string(label));
            json_object_set_new(x, "side", json_string(nd->side == 'B' ? "B" : "W"));
            json_object_set_new(x, "move_pos", json_string(c));
        } else {
            json_object_set_new(x, "label", json_string(pols[nd->polarity]));
            json_object_set_new(x, "polarity", json_string(pols[nd->polarity]));
        }
        json_array_append_new(nodes, x);
    }
    json_object_set_new(o, "nodes", nodes);
    json_object_set_new(o, "format", json_string(REPAIRED_FORMAT));
    return o;
}

static void plot_name(char *buf, size_t len, const char *dir, const char *name)
{
    size_t d = strlen(dir);
    while (d > 1 && dir[d - 1] == '/')
        d--;
    snprintf(buf, len, "%.*s/%s", (int)d, dir, name);
}

static int trees_outputs(const trees_args *a, titem *items, int n, int unsearched, const mio_bad *bad)
{
    report_item *ri = calloc((size_t)(n ? n : 1), sizeof *ri);
    if (!ri) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
    for (int i = 0; i < n; i++) {
        titem *t = &items[i];
        report_item *r = &ri[i];
        r->key[REPORT_MODEL] = t->model;
        r->key[REPORT_DIFFICULTY] = t->difficulty;
        r->key[REPORT_K] = t->kv;
        r->key[REPORT_MODALITY] = t->modality;
        r->correct = t->correct;
        r->baseline = t->mcts;
        const ptree_metrics *m = &t->m;
        double v[REPORT_NMETRICS] = {m->ccer ? m->ccer : NAN, m->swr, m->sfh, m->scr, m->ssc, m->sbc, m->tmd,
                                     m->tmf, m->tnc, m->itt >= 0 ? (double)m->itt : NAN, m->ipn, m->search_e};
        if (t->mcts && !t->has_key && !m->ccer)
            v[REPORT_CCER] = NAN;
        memcpy(r->v, v, sizeof v);
        r->ccer_absent = !m->ccer && (t->has_key || !t->mcts);
        if (!t->mcts) {
            r->tree = &t->tree;
            r->answer = &t->key;
            r->has_effort = 1;
            ptree_effort(&t->tree, &t->key, REPORT_EFFORT_POINTS, r->effort);
        } else if (t->has_effort) {
            r->has_effort = 1;
            memcpy(r->effort, t->effort, sizeof r->effort);
        }
    }
    report rep;
    if (report_build(&rep, ri, n, a->keys, a->nkeys, a->w)) {
        cli_error("out of memory");
        free(ri);
        report_free(&rep);
        return CLI_FAIL;
    }
    mio_outputs outs = {0};
    strbuf s;
    if (a->csv) {
        strbuf_init(&s);
        report_csv(&rep, &s);
        mio_outputs_add(&outs, a->csv, strbuf_take(&s));
    }
    if (a->md) {
        strbuf_init(&s);
        report_markdown(&rep, &s);
        mio_outputs_add(&outs, a->md, strbuf_take(&s));
    }
    char **paths = NULL;
    int npaths = 0;
    if (a->plots) {
        paths = calloc((size_t)rep.ngroups + 2, sizeof *paths);
        for (int g = 0; paths && g < rep.ngroups + 2; g++) {
            char name[32], path[4096];
            if (g < rep.ngroups && rep.groups[g].agg.trees == 0)
                continue;
            if (g < rep.ngroups)
                snprintf(name, sizeof name, "tree-%d.svg", g + 1);
            plot_name(path, sizeof path, a->plots, g < rep.ngroups ? name : g == rep.ngroups ? "effort.svg" : "accuracy.svg");
            paths[npaths] = strdup(path);
            strbuf_init(&s);
            if (g < rep.ngroups) {
                strbuf title;
                strbuf_init(&title);
                strbuf_puts(&title, "Aggregated process tree: ");
                report_group_name(&rep, &rep.groups[g], &title);
                report_svg_tree(&rep.groups[g].agg, title.s ? title.s : "", &s);
                strbuf_free(&title);
            } else if (g == rep.ngroups)
                report_svg_effort(&rep, &s);
            else
                report_svg_accuracy(&rep, &s);
            mio_outputs_add(&outs, paths[npaths] ? paths[npaths] : "?", paths[npaths] ? strbuf_take(&s) : NULL);
            npaths++;
        }
    }
    if (a->repaired) {
        strbuf_init(&s);
        for (int i = 0; i < n; i++)
            if (!items[i].mcts)
                dump_line(&s, repaired_json(&items[i]));
        mio_outputs_add(&outs, a->repaired, strbuf_take(&s));
    }
    strbuf_init(&s);
    if (a->json) {
        for (int i = 0; i < n; i++)
            dump_line(&s, metrics_json(&items[i]));
    } else {
        int trees = 0, repaired = 0;
        for (int i = 0; i < n; i++) {
            trees += !items[i].mcts;
            repaired += items[i].repairs > 0;
        }
        strbuf_printf(&s, "%d tree%s (%d repaired), %d search-reference line%s", trees, trees == 1 ? "" : "s",
                      repaired, n - trees, n - trees == 1 ? "" : "s");
        if (unsearched)
            strbuf_printf(&s, " (%d not searched, left out)", unsearched);
        if (bad->count)
            strbuf_printf(&s, ", %ld bad record%s skipped", bad->count, bad->count == 1 ? "" : "s");
        strbuf_printf(&s, "; SearchE weights %.2f/%.2f/%.2f\n\n", a->w[0], a->w[1], a->w[2]);
        report_markdown(&rep, &s);
    }
    int rc = mio_finish(&outs, strbuf_take(&s), bad);
    for (int i = 0; i < npaths; i++)
        free(paths[i]);
    free(paths);
    report_free(&rep);
    free(ri);
    return rc;
}

static int cmd_trees(int argc, char **argv)
{
    trees_args a;
    trees_parse_args(argc, argv, &a);
    mio_set set;
    int rc = 0, have_set = 0;
    if (a.set) {
        if ((rc = mio_set_load(a.set, &set)))
            return rc;
        have_set = 1;
    }
    int nfiles = argc - optind;
    mio_file *files = calloc((size_t)nfiles, sizeof *files);
    if (!files) {
        cli_error("out of memory");
        rc = CLI_FAIL;
    }
    size_t total = 0;
    int loaded = 0;
    for (int i = 0; rc == 0 && i < nfiles; i++) {
        rc = mio_read(argv[optind + i], 1, &files[i]);
        if (rc == 0) {
            loaded++;
            total += files[i].n;
        }
    }
    titem *items = rc == 0 ? calloc(total ? total : 1, sizeof *items) : NULL;
    if (rc == 0 && !items) {
        cli_error("out of memory");
        rc = CLI_FAIL;
    }
    mio_bad bad = {a.skip_bad, 0};
    int n = 0, unsearched = 0;
    char err[VP_ERRLEN + 64];
    strbuf log;
    strbuf_init(&log);
    for (int fi = 0; rc == 0 && fi < nfiles; fi++) {
        mio_file *f = &files[fi];
        for (size_t i = 0; rc == 0 && i < f->n; i++) {
            titem *t = &items[n];
            memset(t, 0, sizeof *t);
            t->file = f->path;
            t->line = f->rec[i].line;
            t->src = f->rec[i].v;
            const json_t *o = f->rec[i].v;
            int r;
            log.len = 0;
            if (log.s)
                log.s[0] = '\0';
            if (!o) {
                snprintf(err, sizeof err, "not JSON (%s)", f->rec[i].error ? f->rec[i].error : "");
                r = VP_EINVAL;
            } else if (!json_is_object(o)) {
                snprintf(err, sizeof err, "expected a JSON object, got %s", jsonfield_kind(o));
                r = VP_EINVAL;
            } else if (json_object_get(o, "nodes")) {
                r = read_tree(o, &a, have_set ? &set : NULL, t, &log, err);
            } else if (json_object_get(o, "root_visits") || json_object_get(o, "top_move") ||
                       (json_is_string(json_object_get(o, "format")) &&
                        !strcmp(json_string_value(json_object_get(o, "format")), MCTS_FORMAT))) {
                r = read_mcts(o, &a, have_set ? &set : NULL, t, &unsearched, err);
            } else {
                snprintf(err, sizeof err, "field 'nodes': missing (neither a process tree nor a `vp go mcts --json` "
                                          "line with root_visits)");
                r = VP_EINVAL;
            }
            if (r < 0) {
                titem_free(t);
                rc = mio_bad_record(&bad, f->path, t->line, err);
                continue;
            }
            if (r > 0) { /* not searched */
                titem_free(t);
                continue;
            }
            if (!a.quiet && log.len) {
                /* one note per repair */
                for (char *p = log.s; *p;) {
                    char *e = strchr(p, '\n');
                    if (e)
                        *e = '\0';
                    cli_error("note: %s:%ld: repaired: %s", f->path, t->line, p);
                    if (!e)
                        break;
                    p = e + 1;
                }
            }
            n++;
        }
    }
    strbuf_free(&log);
    if (rc == 0 && n == 0) {
        cli_error("no tree or search-reference line to measure%s", bad.count ? " (all were bad)" : "");
        rc = CLI_USAGE;
    }
    if (rc == 0) {
        rc = trees_outputs(&a, items, n, unsearched, &bad);
    }
    for (int i = 0; items && i < n; i++)
        titem_free(&items[i]);
    free(items);
    for (int i = 0; i < loaded; i++)
        mio_file_free(&files[i]);
    free(files);
    if (have_set)
        mio_set_free(&set);
    return rc;
}

/* ---- claims ------------------------------------------------------------------------- */

typedef struct gitem {
    const char *file;
    long line;
    int multi; /* the file holds several graphs */
    claims_metrics m;
    int duplicate_edges;
} gitem;

static json_t *claims_json(const gitem *g)
{
    const claims_metrics *m = &g->m;
    json_t *o = json_pack("{s:s, s:i, s:s}", "format", CLAIMS_FORMAT, "format_version", 1, "file", g->file);
    json_object_set_new(o, "line", g->multi ? json_integer(g->line) : json_null());
    json_object_set_new(o, "h_str", mio_real(m->h_str));
    json_object_set_new(o, "eta", mio_real(m->eta));
    json_object_set_new(o, "eta_raw", mio_real(m->eta_raw));
    json_object_set_new(o, "eta_note", m->eta_note ? json_string(m->eta_note) : json_null());
    json_object_set_new(o, "c_star", m->c_star ? json_integer(m->c_star) : json_null());
    json_object_set_new(o, "c_star_given", json_boolean(m->c_star_given));
    json_object_set_new(o, "v", json_integer(m->v));
    json_object_set_new(o, "v_sol", json_integer(m->v_sol));
    json_object_set_new(o, "v_ver", json_integer(m->v_ver));
    json_object_set_new(o, "ver_sol_ratio", mio_real(m->ver_sol));
    json_object_set_new(o, "depth", json_integer(m->depth));
    json_object_set_new(o, "diameter", json_integer(m->diameter));
    json_object_set_new(o, "avg_path_length", mio_real(m->avg_path_length));
    json_object_set_new(o, "width", json_integer(m->width));
    json_object_set_new(o, "edges", json_integer(m->edges));
    json_object_set_new(o, "restatements", json_integer(m->restatements));
    json_object_set_new(o, "duplicate_edges", json_integer(g->duplicate_edges));
    json_object_set_new(o, "sources", json_integer(m->sources));
    json_object_set_new(o, "sinks", json_integer(m->sinks));
    json_object_set_new(o, "labels", json_pack("{s:i, s:i, s:i, s:i}", "correct", m->labels[CLAIMS_CORRECT], "wrong",
                                               m->labels[CLAIMS_WRONG], "unverifiable", m->labels[CLAIMS_UNVERIFIABLE],
                                               "tentative", m->labels[CLAIMS_TENTATIVE]));
    return o;
}

static void claims_row(strbuf *s, const gitem *g, int csv)
{
    const claims_metrics *m = &g->m;
    const char *sep = csv ? "," : " | ", *none = csv ? "" : "–";
    if (!csv)
        strbuf_puts(s, "| ");
    strbuf_puts(s, g->file);
    if (g->multi)
        strbuf_printf(s, ":%ld", g->line);
    strbuf_printf(s, "%s%d%s%d%s%.4f%s", sep, m->v, sep, m->edges, sep, m->h_str, sep);
    if (isnan(m->eta))
        strbuf_puts(s, none);
    else
        strbuf_printf(s, "%.4f", m->eta);
    strbuf_printf(s, "%s%lld%s%d%s%d%s", sep, m->c_star, sep, m->v_sol, sep, m->v_ver, sep);
    if (isnan(m->ver_sol))
        strbuf_puts(s, none);
    else
        strbuf_printf(s, "%.3f", m->ver_sol);
    strbuf_printf(s, "%s%d%s%d%s%.3f%s%d", sep, m->depth, sep, m->diameter, sep, m->avg_path_length, sep, m->width);
    if (csv) {
        strbuf_puts(s, ",");
        if (m->eta_note)
            strbuf_printf(s, "\"%s\"", m->eta_note);
        strbuf_puts(s, "\n");
    } else {
        strbuf_printf(s, " | %s |\n", m->eta_note ? m->eta_note : "");
    }
}

static int cmd_claims(int argc, char **argv)
{
    enum { OPT_JSON = 256, OPT_CSV, OPT_SKIP };
    static const struct option opts[] = {{"json", no_argument, 0, OPT_JSON},
                                         {"csv", required_argument, 0, OPT_CSV},
                                         {"skip-bad", no_argument, 0, OPT_SKIP},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    int json = 0, skip = 0, c;
    const char *csv = NULL;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case 'h': fputs(claims_help, stdout); return CLI_OK;
        case OPT_JSON: json = 1; break;
        case OPT_CSV: csv = optarg; break;
        case OPT_SKIP: skip = 1; break;
        case ':': cli_usage_error("metrics claims: option '%s' needs a value", argv[optind - 1]);
        default: cli_usage_error("metrics claims: unknown option '%s' (see --help)", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        cli_usage_error("metrics claims: no GRAPH file given (see --help)");
    int nfiles = argc - optind, rc = 0, n = 0, cap = 0;
    gitem *items = NULL;
    mio_bad bad = {skip, 0};
    char err[VP_ERRLEN + 64];
    for (int fi = 0; rc == 0 && fi < nfiles; fi++) {
        mio_file f;
        if ((rc = mio_read(argv[optind + fi], 1, &f)))
            break;
        for (size_t i = 0; rc == 0 && i < f.n; i++) {
            if (n == cap) {
                cap = cap ? 2 * cap : 16;
                gitem *t = realloc(items, (size_t)cap * sizeof *t);
                if (!t) {
                    cli_error("out of memory");
                    rc = CLI_FAIL;
                    break;
                }
                items = t;
            }
            gitem *g = &items[n];
            memset(g, 0, sizeof *g);
            g->file = argv[optind + fi];
            g->line = f.rec[i].line;
            g->multi = f.n > 1;
            claims_graph gr;
            int r;
            if (!f.rec[i].v) {
                snprintf(err, sizeof err, "not JSON (%s)", f.rec[i].error ? f.rec[i].error : "");
                r = VP_EINVAL;
                memset(&gr, 0, sizeof gr);
            } else {
                r = claims_parse(f.rec[i].v, &gr, err);
                if (r == 0)
                    r = claims_compute(&gr, &g->m, err);
                g->duplicate_edges = gr.duplicate_edges;
            }
            claims_free(&gr);
            if (r == VP_ENOMEM) {
                cli_error("%s: out of memory", g->file);
                rc = CLI_FAIL;
            } else if (r) {
                rc = mio_bad_record(&bad, g->file, g->line, err);
            } else {
                n++;
            }
        }
        mio_file_free(&f);
    }
    if (rc == 0 && n == 0) {
        cli_error("no claim graph to measure%s", bad.count ? " (all were bad)" : "");
        rc = CLI_USAGE;
    }
    if (rc == 0) {
        mio_outputs outs = {0};
        strbuf s;
        if (csv) {
            strbuf_init(&s);
            strbuf_puts(&s, "graph,v,edges,h_str,eta,c_star,v_sol,v_ver,ver_sol_ratio,depth,diameter,avg_path_length,"
                            "width,eta_note\n");
            for (int i = 0; i < n; i++)
                claims_row(&s, &items[i], 1);
            mio_outputs_add(&outs, csv, strbuf_take(&s));
        }
        strbuf_init(&s);
        if (json) {
            for (int i = 0; i < n; i++)
                dump_line(&s, claims_json(&items[i]));
        } else {
            strbuf_puts(&s, "| graph | V | E | H_str | eta | C* | V_sol | V_ver | V_ver/V_sol | depth | diameter | "
                            "avg path | width | note |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
            for (int i = 0; i < n; i++)
                claims_row(&s, &items[i], 0);
        }
        rc = mio_finish(&outs, strbuf_take(&s), &bad);
    }
    free(items);
    return rc;
}

int cmd_metrics(int argc, char **argv)
{
    if (argc < 2) {
        metrics_usage(stderr);
        return CLI_USAGE;
    }
    const char *sub = argv[1];
    if (!strcmp(sub, "-h") || !strcmp(sub, "--help") || !strcmp(sub, "help")) {
        metrics_usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(sub, "trees"))
        return cmd_trees(argc - 1, argv + 1);
    if (!strcmp(sub, "claims"))
        return cmd_claims(argc - 1, argv + 1);
    cli_usage_error("metrics: unknown subcommand '%s' (trees or claims)", sub);
}
