/* gen_goaudit.c: reading benchmark records, their static checks, variants
 * against originals, df-pn's verdict, and the MCTS option audit. */
#include <config.h>

#include "gen_goaudit.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/coord.h"
#include "../engines/gosym.h"
#include "../engines/vp.h"
#include "gen_go.h"
#include "../solver/mcts.h"

#define N GEN_AUDIT_SIZE
#define SHOWN 6 /* points named in one message before "..." */

static const char *const check_names[GEN_AUDIT_NCHECKS] = {
    "json", "schema", "coord", "stones", "grid", "definition", "options", "answers", "lines", "variant", "solver",
    "solver-variant", "replies"};

static const char *const transform_names[GEN_AUDIT_NTRANSFORMS] = {
    "identity", "rot90", "rot180", "rot270", "flip-h", "flip-v", "invert", "relabel", "shuffle"};

/* The gosym symmetry of each transform: flip-h, a horizontal reflection,
 * mirrors left and right (x -> 18-x, gosym's flip_x); flip-v mirrors top
 * and bottom (y -> 18-y, flip_y). */
static const int transform_sym[GEN_AUDIT_NTRANSFORMS] = {
    GOSYM_IDENTITY, GOSYM_ROT90, GOSYM_ROT180,   GOSYM_ROT270,  GOSYM_FLIP_X,
    GOSYM_FLIP_Y,   GOSYM_IDENTITY, GOSYM_IDENTITY, GOSYM_IDENTITY};

const char *gen_audit_check_name(int check)
{
    return check >= 0 && check < GEN_AUDIT_NCHECKS ? check_names[check] : "?";
}

int gen_audit_transform(const char *name, int *sym, int *invert)
{
    for (int t = 0; t < GEN_AUDIT_NTRANSFORMS; t++)
        if (name && !strcmp(name, transform_names[t])) {
            *sym = transform_sym[t];
            *invert = t == GEN_AUDIT_T_INVERT;
            return t;
        }
    return -1;
}

const char *gen_audit_transform_name(int t)
{
    return t >= 0 && t < GEN_AUDIT_NTRANSFORMS ? transform_names[t] : "?";
}

/* ---- the log ------------------------------------------------------------------ */

void gen_audit_log_init(gen_audit_log *log) { memset(log, 0, sizeof *log); }

void gen_audit_log_free(gen_audit_log *log)
{
    free(log->fail);
    memset(log, 0, sizeof *log);
}

void gen_audit_log_add(gen_audit_log *log, int check, const char *fmt, ...)
{
    if (log->n == log->cap) {
        int cap = log->cap ? 2 * log->cap : 16;
        gen_audit_fail *t = realloc(log->fail, (size_t)cap * sizeof *t);
        if (!t) {
            log->oom = 1;
            return;
        }
        log->fail = t;
        log->cap = cap;
    }
    gen_audit_fail *f = &log->fail[log->n++];
    f->check = check;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(f->msg, sizeof f->msg, fmt, ap);
    va_end(ap);
}

int gen_audit_log_count(const gen_audit_log *log, int check)
{
    int n = 0;
    for (int i = 0; i < log->n; i++)
        n += log->fail[i].check == check;
    return n;
}

/* ---- small helpers -------------------------------------------------------------- */

static const char *pname(int p, char *buf) { return coord_format(p, N, buf); }

static int in_list(const gen_audit_list *l, int p)
{
    for (int i = 0; i < l->n; i++)
        if (l->v[i] == p)
            return 1;
    return 0;
}

/* The points of l (passes left out) as a set. */
static bb361 set_of(const gen_audit_list *l)
{
    bb361 s = bb361_empty();
    for (int i = 0; i < l->n; i++)
        if (l->v[i] >= 0)
            bb361_set(&s, l->v[i]);
    return s;
}

/* Appends up to SHOWN names of the points of s to buf ("B19 E19 ..."),
 * "none" when s is empty; returns buf. */
static char *set_text(bb361 s, char *buf, size_t len)
{
    char c[COORD_BUFLEN];
    size_t at = 0;
    int k = 0;
    buf[0] = '\0';
    if (bb361_is_empty(s)) {
        snprintf(buf, len, "none");
        return buf;
    }
    while (!bb361_is_empty(s) && at < len) {
        int p = bb361_pop(&s);
        if (k++ == SHOWN) {
            snprintf(buf + at, len - at, " ...");
            break;
        }
        at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? " " : "", pname(p, c));
    }
    return buf;
}

/* The moves of l as text, up to 12 ("B19 pass C19 ..."); returns buf. */
static char *list_text(const gen_audit_list *l, char *buf, size_t len)
{
    char c[COORD_BUFLEN];
    size_t at = 0;
    buf[0] = '\0';
    if (l->n == 0)
        snprintf(buf, len, "(empty)");
    for (int i = 0; i < l->n && at < len; i++) {
        if (i == 12) {
            snprintf(buf + at, len - at, " ...");
            break;
        }
        at += (size_t)snprintf(buf + at, len - at, "%s%s", i ? " " : "", pname(l->v[i], c));
    }
    return buf;
}

/* ---- reading a record ------------------------------------------------------------ */

typedef struct reader {
    gen_audit_log *log;
    int bad;
} reader;

static const char *kind_of(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER:
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    default: return "null";
    }
}

/* The member key of o, reporting it missing (when required) or o not an
 * object; *path is "Question.black" style for messages. */
static json_t *member(reader *rd, const json_t *o, const char *path, const char *key, int required)
{
    json_t *v = o && json_is_object(o) ? json_object_get(o, key) : NULL;
    if (!v && required) {
        gen_audit_log_add(rd->log, GEN_AUDIT_SCHEMA, "field '%s' is missing", path);
        rd->bad = 1;
    }
    return v;
}

static void wrong_type(reader *rd, const char *path, const char *want, const json_t *got)
{
    gen_audit_log_add(rd->log, GEN_AUDIT_SCHEMA, "field '%s': expected %s, got %s", path, want, kind_of(got));
    rd->bad = 1;
}

/* A required string (or null when nullable): returns it (NULL for null,
 * missing or wrong). */
static const char *string_at(reader *rd, const json_t *o, const char *path, const char *key, int nullable)
{
    json_t *v = member(rd, o, path, key, 1);
    if (!v)
        return NULL;
    if (json_is_string(v))
        return json_string_value(v);
    if (!(nullable && json_is_null(v)))
        wrong_type(rd, path, nullable ? "a string or null" : "a string", v);
    return NULL;
}

/* Parses coordinate text s in the canonical form ("P15", or "pass" when
 * allowed) into *p; a failure is a coord failure. */
static void point_from(reader *rd, const char *path, const char *s, int allow_pass, int *p)
{
    char err[VP_ERRLEN], c[COORD_BUFLEN];
    *p = GO_PASS;
    if (coord_parse(s, N, p, err)) {
        gen_audit_log_add(rd->log, GEN_AUDIT_COORD, "field '%s': %s", path, err);
        rd->bad = 1;
    } else if (*p == GO_PASS && !allow_pass) {
        gen_audit_log_add(rd->log, GEN_AUDIT_COORD, "field '%s': 'pass' is not a point", path);
        rd->bad = 1;
    } else if (strcmp(s, pname(*p, c))) {
        gen_audit_log_add(rd->log, GEN_AUDIT_COORD, "field '%s': '%s' is not written as %s", path, s, c);
        rd->bad = 1;
    }
}

static int point_at(reader *rd, const json_t *o, const char *path, const char *key, int allow_pass)
{
    int p = GO_PASS;
    const char *s = string_at(rd, o, path, key, 0);
    if (s)
        point_from(rd, path, s, allow_pass, &p);
    return p;
}

/* An array of coordinates at v (path names it); returns 0, or VP_ENOMEM. */
static int list_from(reader *rd, const json_t *v, const char *path, int allow_pass, gen_audit_list *l)
{
    l->n = 0;
    l->v = NULL;
    if (!v)
        return 0;
    if (!json_is_array(v)) {
        wrong_type(rd, path, "an array of coordinates", v);
        return 0;
    }
    size_t n = json_array_size(v);
    l->v = malloc((n ? n : 1) * sizeof *l->v);
    if (!l->v)
        return VP_ENOMEM;
    char ipath[160];
    for (size_t i = 0; i < n; i++) {
        json_t *e = json_array_get(v, i);
        snprintf(ipath, sizeof ipath, "%s[%zu]", path, i);
        if (!json_is_string(e)) {
            wrong_type(rd, ipath, "a coordinate string", e);
            continue;
        }
        point_from(rd, ipath, json_string_value(e), allow_pass, &l->v[l->n++]);
    }
    return 0;
}

static int list_at(reader *rd, const json_t *o, const char *path, const char *key, int allow_pass,
                   gen_audit_list *l)
{
    return list_from(rd, member(rd, o, path, key, 1), path, allow_pass, l);
}

static int read_grid(reader *rd, const json_t *q, gen_audit_record *r)
{
    json_t *g = member(rd, q, "Question.grid", "grid", 1);
    if (!g)
        return 0;
    if (!json_is_array(g) || json_array_size(g) != N) {
        gen_audit_log_add(rd->log, GEN_AUDIT_SCHEMA, "field 'Question.grid': expected 19 rows, got %s%s",
                          json_is_array(g) ? "" : kind_of(g),
                          json_is_array(g) ? (json_array_size(g) < N ? "fewer" : "more") : "");
        rd->bad = 1;
        return 0;
    }
    for (int row = 0; row < N; row++) {
        json_t *a = json_array_get(g, (size_t)row);
        if (!json_is_array(a) || json_array_size(a) != N) {
            gen_audit_log_add(rd->log, GEN_AUDIT_SCHEMA,
                              "field 'Question.grid[%d]': expected 19 numbers, got %s", row,
                              json_is_array(a) ? "another count" : kind_of(a));
            rd->bad = 1;
            return 0;
        }
        for (int col = 0; col < N; col++) {
            json_t *e = json_array_get(a, (size_t)col);
            json_int_t v = json_is_integer(e) ? json_integer_value(e) : -1;
            if (v < 0 || v > 2) {
                gen_audit_log_add(rd->log, GEN_AUDIT_SCHEMA,
                                  "field 'Question.grid[%d][%d]': expected 0, 1 or 2, got %s", row, col,
                                  json_is_integer(e) ? "another number" : kind_of(e));
                rd->bad = 1;
                return 0;
            }
            /* grid[0] is row 19, the top row */
            r->grid[bb361_xy(col, N - 1 - row)] = (uint8_t)v;
        }
    }
    return 0;
}

static int read_options(reader *rd, const json_t *q, gen_audit_record *r)
{
    json_t *o = member(rd, q, "Question.options", "options", 1);
    if (o && !json_is_object(o))
        wrong_type(rd, "Question.options", "an object", o);
    else if (o) {
        const char *key;
        json_t *v;
        json_object_foreach(o, key, v)
        {
            char path[96];
            snprintf(path, sizeof path, "Question.options.%.40s", key);
            if (r->nopt == GEN_AUDIT_MAX_OPTIONS || strlen(key) >= GEN_AUDIT_LABEL_LEN) {
                gen_audit_log_add(rd->log, GEN_AUDIT_SCHEMA, "field '%s': more than %d options or a label "
                                  "longer than %d characters", path, GEN_AUDIT_MAX_OPTIONS, GEN_AUDIT_LABEL_LEN - 1);
                rd->bad = 1;
                break;
            }
            if (!json_is_string(v)) {
                wrong_type(rd, path, "a coordinate string", v);
                continue;
            }
            strcpy(r->opt_label[r->nopt], key);
            point_from(rd, path, json_string_value(v), 0, &r->opt[r->nopt]);
            r->nopt++;
        }
    }
    json_t *ord = member(rd, q, "Question.option_order", "option_order", 1);
    if (ord && !json_is_array(ord))
        wrong_type(rd, "Question.option_order", "an array of labels", ord);
    else if (ord) {
        for (size_t i = 0; i < json_array_size(ord); i++) {
            json_t *e = json_array_get(ord, i);
            char path[64];
            snprintf(path, sizeof path, "Question.option_order[%zu]", i);
            if (!json_is_string(e) || strlen(json_string_value(e)) >= GEN_AUDIT_LABEL_LEN) {
                wrong_type(rd, path, "a label", e);
                continue;
            }
            if (r->norder == GEN_AUDIT_MAX_OPTIONS) {
                gen_audit_log_add(rd->log, GEN_AUDIT_SCHEMA, "field 'Question.option_order': more than %d labels",
                                  GEN_AUDIT_MAX_OPTIONS);
                rd->bad = 1;
                break;
            }
            strcpy(r->order_label[r->norder], json_string_value(e));
            r->order[r->norder] = -1;
            for (int k = 0; k < r->nopt; k++)
                if (!strcmp(r->opt_label[k], r->order_label[r->norder]))
                    r->order[r->norder] = k;
            r->norder++;
        }
    }
    return 0;
}

static int read_solution(reader *rd, const json_t *s, gen_audit_record *r)
{
    int rc;
    r->correct_answer = point_at(rd, s, "Solution.correct_answer", "correct_answer", 0);
    if ((rc = list_at(rd, s, "Solution.all_correct_answers", "all_correct_answers", 0, &r->accepted)))
        return rc;
    r->correct_option = -1;
    const char *co = string_at(rd, s, "Solution.correct_option", "correct_option", 1);
    if (co) {
        snprintf(r->correct_label, sizeof r->correct_label, "%s", co);
        for (int k = 0; k < r->nopt; k++)
            if (!strcmp(r->opt_label[k], co))
                r->correct_option = k;
        if (r->correct_option < 0) {
            gen_audit_log_add(rd->log, GEN_AUDIT_SCHEMA, "field 'Solution.correct_option': '%s' is not a label of "
                              "Question.options", co);
            rd->bad = 1;
        }
    }
    json_t *ko = member(rd, s, "Solution.ko", "ko", 1);
    if (ko && !json_is_boolean(ko))
        wrong_type(rd, "Solution.ko", "true or false", ko);
    r->ko = ko && json_is_true(ko);
    if ((rc = list_at(rd, s, "Solution.main_line", "main_line", 1, &r->main_line)))
        return rc;
    json_t *va = member(rd, s, "Solution.variations", "variations", 1);
    if (va && !json_is_array(va))
        wrong_type(rd, "Solution.variations", "an array of lines", va);
    else if (va && json_array_size(va)) {
        r->var = calloc(json_array_size(va), sizeof *r->var);
        if (!r->var)
            return VP_ENOMEM;
        for (size_t i = 0; i < json_array_size(va); i++) {
            char path[64];
            snprintf(path, sizeof path, "Solution.variations[%zu]", i);
            if ((rc = list_from(rd, json_array_get(va, i), path, 1, &r->var[r->nvar++])))
                return rc;
        }
    }
    json_t *re = member(rd, s, "Solution.refutations", "refutations", 1);
    if (re && !json_is_object(re))
        wrong_type(rd, "Solution.refutations", "an object", re);
    else if (re && json_object_size(re)) {
        size_t n = json_object_size(re);
        r->ref_key = malloc(n * sizeof *r->ref_key);
        r->ref = calloc(n, sizeof *r->ref);
        if (!r->ref_key || !r->ref)
            return VP_ENOMEM;
        const char *key;
        json_t *v;
        json_object_foreach(re, key, v)
        {
            char path[96];
            snprintf(path, sizeof path, "Solution.refutations.%.40s", key);
            point_from(rd, path, key, 1, &r->ref_key[r->nref]);
            if ((rc = list_from(rd, v, path, 1, &r->ref[r->nref++])))
                return rc;
        }
    }
    return 0;
}

int gen_audit_parse(const json_t *v, long line, gen_audit_record *r, gen_audit_log *log)
{
    reader rd = {log, 0};
    int rc;
    memset(r, 0, sizeof *r);
    r->line = line;
    r->tkind = -1;
    r->correct_option = -1;
    r->correct_answer = GO_PASS;
    if (!json_is_object(v)) {
        gen_audit_log_add(log, GEN_AUDIT_SCHEMA, "the record is %s, not an object", kind_of(v));
        return 1;
    }
    /* a record of another format (or version) is refused whole: its
     * other fields may mean something else */
    const char *fmt = string_at(&rd, v, "format", "format", 0);
    if (!fmt)
        return 1;
    if (strcmp(fmt, GEN_GO_FORMAT)) {
        gen_audit_log_add(log, GEN_AUDIT_SCHEMA, "field 'format': \"%.40s\" is not %s", fmt, GEN_GO_FORMAT);
        return 1;
    }
    json_t *fv = json_object_get(v, "format_version");
    if (!json_is_integer(fv) || json_integer_value(fv) != GEN_GO_FORMAT_VERSION) {
        gen_audit_log_add(log, GEN_AUDIT_SCHEMA, "field 'format_version': expected %d", GEN_GO_FORMAT_VERSION);
        return 1;
    }
    const char *id = string_at(&rd, v, "id", "id", 0);
    const char *vof = string_at(&rd, v, "variant_of", "variant_of", 1);
    const char *tr = string_at(&rd, v, "transform", "transform", 0);
    r->id = strdup(id ? id : "-");
    r->variant_of = vof ? strdup(vof) : NULL;
    r->transform = strdup(tr ? tr : "");
    if (!r->id || !r->transform || (vof && !r->variant_of))
        return VP_ENOMEM;
    if (tr) {
        int sym, inv;
        r->tkind = gen_audit_transform(tr, &sym, &inv);
        if (r->tkind < 0) {
            gen_audit_log_add(log, GEN_AUDIT_SCHEMA, "field 'transform': '%s' is none of identity, rot90, rot180, "
                              "rot270, flip-h, flip-v, invert, relabel, shuffle", tr);
            rd.bad = 1;
        }
    }
    string_at(&rd, v, "source", "source", 0);
    string_at(&rd, v, "difficulty", "difficulty", 0);

    json_t *q = member(&rd, v, "Question", "Question", 1);
    if (q && !json_is_object(q)) {
        wrong_type(&rd, "Question", "an object", q);
        q = NULL;
    }
    if (q) {
        json_t *bs = member(&rd, q, "Question.board_size", "board_size", 1);
        if (bs && !(json_is_integer(bs) && json_integer_value(bs) == N)) {
            gen_audit_log_add(log, GEN_AUDIT_COORD, "field 'Question.board_size': %s, not 19",
                              json_is_integer(bs) ? "another size" : kind_of(bs));
            rd.bad = 1;
        }
        if ((rc = list_at(&rd, q, "Question.black", "black", 0, &r->black)) ||
            (rc = list_at(&rd, q, "Question.white", "white", 0, &r->white)) || (rc = read_grid(&rd, q, r)))
            return rc;
        const char *tp = string_at(&rd, q, "Question.to_play", "to_play", 0);
        r->to_play = tp && !strcmp(tp, "B") ? GO_BLACK : tp && !strcmp(tp, "W") ? GO_WHITE : GO_EMPTY;
        if (tp && r->to_play == GO_EMPTY) {
            gen_audit_log_add(log, GEN_AUDIT_SCHEMA, "field 'Question.to_play': '%s' is neither B nor W", tp);
            rd.bad = 1;
        }
        const char *goal = string_at(&rd, q, "Question.goal", "goal", 0);
        r->goal = goal && !strcmp(goal, "kill") ? LD_KILL : goal && !strcmp(goal, "live") ? LD_LIVE : LD_GOAL_NONE;
        if (goal && r->goal == LD_GOAL_NONE) {
            gen_audit_log_add(log, GEN_AUDIT_SCHEMA, "field 'Question.goal': '%s' is neither kill nor live", goal);
            rd.bad = 1;
        }
        if ((rc = list_at(&rd, q, "Question.target", "target", 0, &r->target)) ||
            (rc = list_at(&rd, q, "Question.region", "region", 0, &r->region)) || (rc = read_options(&rd, q, r)))
            return rc;
    }
    json_t *s = member(&rd, v, "Solution", "Solution", 1);
    if (s && !json_is_object(s)) {
        wrong_type(&rd, "Solution", "an object", s);
        s = NULL;
    }
    if (s && (rc = read_solution(&rd, s, r)))
        return rc;
    json_t *pr = member(&rd, v, "Prompt", "Prompt", 1);
    if (pr && !json_is_object(pr))
        wrong_type(&rd, "Prompt", "an object", pr);
    else if (pr) {
        const char *key;
        json_t *t;
        json_object_foreach(pr, key, t)
        {
            if (json_is_string(t))
                continue;
            char path[96];
            snprintf(path, sizeof path, "Prompt.%.40s", key);
            wrong_type(&rd, path, "a string", t);
        }
    }
    json_t *prov = json_object_get(v, "Provenance");
    json_t *nb = prov && json_is_object(prov) ? json_object_get(prov, "nodes_budget") : NULL;
    if (nb && !json_is_null(nb)) {
        if (!json_is_integer(nb) || json_integer_value(nb) < 0)
            wrong_type(&rd, "Provenance.nodes_budget", "a whole number >= 0", nb);
        else
            r->nodes_budget = (long long)json_integer_value(nb);
    }
    return rd.bad || log->oom;
}

static void list_free(gen_audit_list *l)
{
    free(l->v);
    l->v = NULL;
    l->n = 0;
}

void gen_audit_record_free(gen_audit_record *r)
{
    free(r->id);
    free(r->variant_of);
    free(r->transform);
    list_free(&r->black);
    list_free(&r->white);
    list_free(&r->target);
    list_free(&r->region);
    list_free(&r->accepted);
    list_free(&r->main_line);
    for (int i = 0; i < r->nvar; i++)
        list_free(&r->var[i]);
    free(r->var);
    for (int i = 0; i < r->nref; i++)
        list_free(&r->ref[i]);
    free(r->ref);
    free(r->ref_key);
    memset(r, 0, sizeof *r);
}

/* ---- boards and problems -------------------------------------------------------- */

int gen_audit_board(const gen_audit_record *r, go_board *b, char *err)
{
    char c[COORD_BUFLEN];
    int rc = go_board_init(b, N, err);
    for (int i = 0; rc == 0 && i < r->black.n; i++)
        rc = go_setup_stone(b, GO_BLACK, r->black.v[i], err);
    for (int i = 0; rc == 0 && i < r->white.n; i++) {
        if (go_color_at(b, r->white.v[i]) == GO_BLACK)
            return vp_fail(err, VP_EINVAL, "%s is both black and white", pname(r->white.v[i], c));
        rc = go_setup_stone(b, GO_WHITE, r->white.v[i], err);
    }
    if (rc == 0 && r->to_play != GO_EMPTY)
        rc = go_set_to_move(b, r->to_play, err);
    return rc;
}

/* r's problem on board b, with the target given (r's own, or what is left
 * of it): side, goal and region as r states them. */
static int problem_on(const gen_audit_record *r, const go_board *b, bb361 target, ld_problem *p, char *err)
{
    ld_problem_opts o;
    ld_opts_init(&o);
    o.to_move = r->to_play;
    o.goal = r->goal;
    o.has_target = 1;
    o.target = target;
    o.has_region = 1;
    o.region = set_of(&r->region);
    return ld_problem_from_board(b, r->to_play, NULL, NULL, NULL, &o, p, err);
}

int gen_audit_problem(const gen_audit_record *r, ld_problem *p, char *err)
{
    go_board b;
    int rc = gen_audit_board(r, &b, err);
    return rc ? rc : problem_on(r, &b, set_of(&r->target), p, err);
}

/* ---- static checks ------------------------------------------------------------- */

/* Reports repeats and points out of point order in l (field path) under
 * check; returns the failures added. */
static int sorted_unique(const gen_audit_list *l, const char *path, int check, gen_audit_log *log)
{
    char a[COORD_BUFLEN], b[COORD_BUFLEN];
    int nf = 0;
    bb361 seen = bb361_empty();
    for (int i = 0; i < l->n; i++) {
        if (bb361_test(&seen, l->v[i])) {
            gen_audit_log_add(log, check, "%s repeats %s", path, pname(l->v[i], a));
            return nf + 1;
        }
        bb361_set(&seen, l->v[i]);
    }
    for (int i = 1; i < l->n; i++)
        if (l->v[i] < l->v[i - 1]) {
            gen_audit_log_add(log, check, "%s is not in point order (%s before %s)", path, pname(l->v[i - 1], a),
                              pname(l->v[i], b));
            return nf + 1;
        }
    return nf;
}

/* Stone lists; *board_ok is set when the stones make a board. */
static int check_stones(const gen_audit_record *r, go_board *b, int *board_ok, gen_audit_log *log)
{
    char err[VP_ERRLEN], t[128];
    int nf = sorted_unique(&r->black, "Question.black", GEN_AUDIT_STONES, log);
    nf += sorted_unique(&r->white, "Question.white", GEN_AUDIT_STONES, log);
    bb361 both = bb361_and(set_of(&r->black), set_of(&r->white));
    if (!bb361_is_empty(both)) {
        gen_audit_log_add(log, GEN_AUDIT_STONES, "points in both Question.black and Question.white: %s",
                          set_text(both, t, sizeof t));
        nf++;
    }
    *board_ok = 0;
    if (gen_audit_board(r, b, err)) {
        if (bb361_is_empty(both)) {
            gen_audit_log_add(log, GEN_AUDIT_STONES, "the stones do not make a board: %s", err);
            nf++;
        }
    } else if (go_setup_check(b, err)) {
        gen_audit_log_add(log, GEN_AUDIT_STONES, "the position cannot arise: %s", err);
        nf++;
    } else {
        *board_ok = 1;
    }
    log->ran[GEN_AUDIT_STONES]++;
    return nf;
}

static int check_grid(const gen_audit_record *r, gen_audit_log *log)
{
    static const char *const what[3] = {"empty", "black", "white"};
    bb361 black = set_of(&r->black), white = set_of(&r->white);
    char text[GEN_AUDIT_MSG_LEN - 64], c[COORD_BUFLEN];
    size_t at = 0;
    int bad = 0;
    text[0] = '\0';
    for (int row = 0; row < N; row++)
        for (int col = 0; col < N; col++) {
            int p = bb361_xy(col, N - 1 - row);
            int want = bb361_test(&black, p) ? 1 : bb361_test(&white, p) ? 2 : 0;
            if (r->grid[p] == want)
                continue;
            if (bad++ < 3 && at < sizeof text)
                at += (size_t)snprintf(text + at, sizeof text - at, "%sgrid[%d][%d] (%s) is %s, the lists say %s",
                                       at ? "; " : "", row, col, pname(p, c), what[r->grid[p]], what[want]);
        }
    log->ran[GEN_AUDIT_GRID]++;
    if (bad)
        gen_audit_log_add(log, GEN_AUDIT_GRID, "the grid disagrees with the stone lists at %d point%s: %s%s", bad,
                          bad == 1 ? "" : "s", text, bad > 3 ? "; ..." : "");
    return bad != 0;
}

/* Side, goal, target, region; *p and *framed are set when it returns 0
 * failures. */
static int check_definition(const gen_audit_record *r, ld_problem *p, go_board *framed, int *ok, gen_audit_log *log)
{
    char err[VP_ERRLEN], t1[128], t2[128];
    int nf = sorted_unique(&r->target, "Question.target", GEN_AUDIT_DEFINITION, log);
    nf += sorted_unique(&r->region, "Question.region", GEN_AUDIT_DEFINITION, log);
    log->ran[GEN_AUDIT_DEFINITION]++;
    *ok = 0;
    if (gen_audit_problem(r, p, err)) {
        gen_audit_log_add(log, GEN_AUDIT_DEFINITION, "not a life-and-death problem as stated: %s", err);
        return nf + 1;
    }
    bb361 target = set_of(&r->target), region = set_of(&r->region);
    if (!bb361_equal(p->target, target)) {
        gen_audit_log_add(log, GEN_AUDIT_DEFINITION, "Question.target is not whole chains: missing %s",
                          set_text(bb361_andnot(p->target, target), t1, sizeof t1));
        nf++;
    }
    if (!bb361_equal(p->region, region)) {
        gen_audit_log_add(log, GEN_AUDIT_DEFINITION,
                          "Question.region is not closed under the defender's chains: missing %s",
                          set_text(bb361_andnot(p->region, region), t2, sizeof t2));
        nf++;
    }
    if (ld_frame(p, framed, err)) {
        gen_audit_log_add(log, GEN_AUDIT_DEFINITION, "the tsumego frame fails: %s", err);
        return nf + 1;
    }
    *ok = nf == 0;
    /* a policy of vp go build, not a fault of the definition: the checks
     * that need a sound definition still run, df-pn among them (*ok stays
     * 1, and with it the log's solvable) */
    bb361 edge;
    int ne = ld_edge_defenders(p, &edge);
    if (ne) {
        gen_audit_log_add(log, GEN_AUDIT_DEFINITION,
                          "%d defender stone%s on the region's edge (%s): the frame encloses %s, so the proofs "
                          "may not hold on the full board (vp go build keeps such problems out)",
                          ne, ne == 1 ? "" : "s", set_text(edge, t1, sizeof t1), ne == 1 ? "it" : "them");
        nf++;
    }
    return nf;
}

/* Why point q cannot be a first move of r on board b ("occupied", ...),
 * or NULL when it can. */
static const char *first_move_fault(const gen_audit_record *r, const go_board *b, const bb361 *region, int q)
{
    if (go_color_at(b, q) != GO_EMPTY)
        return "is occupied";
    if (!go_is_legal(b, r->to_play, q))
        return r->to_play == GO_BLACK ? "is not a legal move for Black" : "is not a legal move for White";
    if (!bb361_test(region, q))
        return "is outside Question.region";
    return NULL;
}

static int label_index(const char *label)
{
    return label[0] >= 'A' && label[0] <= 'Z' && label[1] == '\0' ? label[0] - 'A' : -1;
}

static int check_options(const gen_audit_record *r, const go_board *b, gen_audit_log *log)
{
    char c[COORD_BUFLEN];
    int nf = 0;
    bb361 region = set_of(&r->region);
    log->ran[GEN_AUDIT_OPTIONS]++;
    /* the keys are distinct (the reader rejects repeated keys), so K
     * labels each in A..(A+K-1) are exactly those */
    for (int k = 0; k < r->nopt; k++) {
        int li = label_index(r->opt_label[k]);
        if (li < 0 || li >= r->nopt) {
            gen_audit_log_add(log, GEN_AUDIT_OPTIONS, "label '%s' is not one of A..%c for %d options",
                              r->opt_label[k], 'A' + r->nopt - 1, r->nopt);
            nf++;
        }
        for (int j = 0; j < k; j++)
            if (r->opt[j] == r->opt[k]) {
                gen_audit_log_add(log, GEN_AUDIT_OPTIONS, "options %s and %s are both %s", r->opt_label[j],
                                  r->opt_label[k], pname(r->opt[k], c));
                nf++;
            }
        const char *why = first_move_fault(r, b, &region, r->opt[k]);
        if (why) {
            gen_audit_log_add(log, GEN_AUDIT_OPTIONS, "option %s (%s) %s", r->opt_label[k], pname(r->opt[k], c),
                              why);
            nf++;
        }
    }
    /* option_order: every label once */
    unsigned listed = 0;
    int bad_order = r->norder != r->nopt;
    for (int j = 0; j < r->norder; j++) {
        if (r->order[j] < 0 || (listed >> r->order[j] & 1u))
            bad_order = 1;
        else
            listed |= 1u << r->order[j];
    }
    if (bad_order) {
        gen_audit_log_add(log, GEN_AUDIT_OPTIONS, "Question.option_order (%d labels) does not list each of the %d "
                          "options once", r->norder, r->nopt);
        nf++;
    }
    return nf;
}

static int check_answers(const gen_audit_record *r, const go_board *b, gen_audit_log *log)
{
    char c[COORD_BUFLEN];
    int nf = sorted_unique(&r->accepted, "Solution.all_correct_answers", GEN_AUDIT_ANSWERS, log);
    bb361 region = set_of(&r->region);
    log->ran[GEN_AUDIT_ANSWERS]++;
    if (r->accepted.n == 0) {
        gen_audit_log_add(log, GEN_AUDIT_ANSWERS, "Solution.all_correct_answers is empty");
        nf++;
    }
    if (!in_list(&r->accepted, r->correct_answer)) {
        gen_audit_log_add(log, GEN_AUDIT_ANSWERS, "Solution.correct_answer %s is not in all_correct_answers",
                          pname(r->correct_answer, c));
        nf++;
    }
    const char *why = first_move_fault(r, b, &region, r->correct_answer);
    if (why) {
        gen_audit_log_add(log, GEN_AUDIT_ANSWERS, "Solution.correct_answer %s %s", pname(r->correct_answer, c), why);
        nf++;
    }
    for (int i = 0; i < r->accepted.n; i++)
        if (r->accepted.v[i] != r->correct_answer && (why = first_move_fault(r, b, &region, r->accepted.v[i]))) {
            gen_audit_log_add(log, GEN_AUDIT_ANSWERS, "accepted answer %s %s", pname(r->accepted.v[i], c), why);
            nf++;
        }
    if (r->nopt == 0) {
        if (r->correct_label[0]) {
            gen_audit_log_add(log, GEN_AUDIT_ANSWERS, "Solution.correct_option is '%s' without options",
                              r->correct_label);
            nf++;
        }
        return nf;
    }
    if (r->correct_option < 0) {
        gen_audit_log_add(log, GEN_AUDIT_ANSWERS, "Solution.correct_option is null with %d options", r->nopt);
        return nf + 1;
    }
    if (!in_list(&r->accepted, r->opt[r->correct_option])) {
        gen_audit_log_add(log, GEN_AUDIT_ANSWERS, "the correct option %s (%s) is not an accepted answer",
                          r->opt_label[r->correct_option], pname(r->opt[r->correct_option], c));
        nf++;
    }
    for (int k = 0; k < r->nopt; k++)
        if (k != r->correct_option && in_list(&r->accepted, r->opt[k])) {
            gen_audit_log_add(log, GEN_AUDIT_ANSWERS, "option %s (%s) is an accepted answer too: a second correct "
                              "option", r->opt_label[k], pname(r->opt[k], c));
            nf++;
        }
    return nf;
}

/* Plays l from the framed board, r->to_play first, alternating; a pass is
 * always legal, a ko may be retaken at once (df-pn's lines let the side
 * with threats do so); returns -1 when every move is legal, else the index
 * of the first bad move with the reason in why. */
static int line_fault(const gen_audit_record *r, const go_board *framed, const bb361 *region,
                      const gen_audit_list *l, char *why)
{
    go_board b = *framed;
    int color = r->to_play;
    char c[COORD_BUFLEN];
    for (int i = 0; i < l->n; i++, color = go_other(color)) {
        int m = l->v[i];
        if (m != GO_PASS && !bb361_test(region, m)) {
            vp_fail(why, VP_EINVAL, "%s is outside the region", pname(m, c));
            return i;
        }
        b.ko = 0;
        if (go_play(&b, color, m, why))
            return i;
    }
    return -1;
}

static int check_line(const gen_audit_record *r, const go_board *framed, const bb361 *region,
                      const gen_audit_list *l, const char *path, gen_audit_log *log)
{
    char why[VP_ERRLEN], t[200];
    int i = line_fault(r, framed, region, l, why);
    if (i < 0)
        return 0;
    gen_audit_log_add(log, GEN_AUDIT_LINES, "%s move %d: %s (%s)", path, i + 1, why, list_text(l, t, sizeof t));
    return 1;
}

static int check_lines(const gen_audit_record *r, const go_board *framed, gen_audit_log *log)
{
    char c[COORD_BUFLEN], path[96];
    int nf = 0;
    bb361 region = set_of(&r->region);
    log->ran[GEN_AUDIT_LINES]++;
    if (r->main_line.n == 0 || r->main_line.v[0] != r->correct_answer) {
        gen_audit_log_add(log, GEN_AUDIT_LINES, "Solution.main_line does not start with the correct answer %s",
                          pname(r->correct_answer, c));
        nf++;
    }
    nf += check_line(r, framed, &region, &r->main_line, "Solution.main_line", log);
    for (int i = 0; i < r->nvar; i++) {
        snprintf(path, sizeof path, "Solution.variations[%d]", i);
        if (r->var[i].n == 0) {
            gen_audit_log_add(log, GEN_AUDIT_LINES, "%s is empty", path);
            nf++;
        }
        nf += check_line(r, framed, &region, &r->var[i], path, log);
    }
    for (int i = 0; i < r->nref; i++) {
        int key = r->ref_key[i];
        snprintf(path, sizeof path, "Solution.refutations.%s", pname(key, c));
        if (key != GO_PASS && in_list(&r->accepted, key)) {
            gen_audit_log_add(log, GEN_AUDIT_LINES, "%s: the key is an accepted answer", path);
            nf++;
        }
        if (r->ref[i].n == 0 || r->ref[i].v[0] != key) {
            gen_audit_log_add(log, GEN_AUDIT_LINES, "%s does not start with its key", path);
            nf++;
        }
        nf += check_line(r, framed, &region, &r->ref[i], path, log);
    }
    return nf;
}

/* ---- variants -------------------------------------------------------------------- */

typedef struct mapping {
    int sym, invert;
} mapping;

static int map_point(const mapping *m, int p) { return p == GO_PASS ? GO_PASS : gosym_point(N, m->sym, p); }

static bb361 map_set(const mapping *m, bb361 s) { return gosym_set(N, m->sym, s); }

/* Compares set field `what` of the variant with the original's mapped. */
static int same_set(const char *what, bb361 got, bb361 want, const char *tname, gen_audit_log *log)
{
    char a[128], b[128];
    if (bb361_equal(got, want))
        return 0;
    gen_audit_log_add(log, GEN_AUDIT_VARIANT, "%s is %s, the original's through %s is %s", what,
                      set_text(got, a, sizeof a), tname, set_text(want, b, sizeof b));
    return 1;
}

static int same_line(const char *what, const gen_audit_list *got, const gen_audit_list *orig, const mapping *m,
                     const char *tname, gen_audit_log *log)
{
    int same = got->n == orig->n;
    for (int i = 0; same && i < got->n; i++)
        same = got->v[i] == map_point(m, orig->v[i]);
    if (same)
        return 0;
    char a[200], b[200];
    gen_audit_list mapped = {orig->n, malloc((orig->n ? (size_t)orig->n : 1) * sizeof(int))};
    if (!mapped.v) {
        log->oom = 1;
        return 1;
    }
    for (int i = 0; i < orig->n; i++)
        mapped.v[i] = map_point(m, orig->v[i]);
    gen_audit_log_add(log, GEN_AUDIT_VARIANT, "%s is %s, the original's through %s is %s", what,
                      list_text(got, a, sizeof a), tname, list_text(&mapped, b, sizeof b));
    free(mapped.v);
    return 1;
}

static int check_variant(const gen_audit_record *r, const gen_audit_record *o, gen_audit_log *log)
{
    char c[COORD_BUFLEN], c2[COORD_BUFLEN], want_id[512];
    const char *tn = r->transform;
    int nf = 0;
    log->ran[GEN_AUDIT_VARIANT]++;
    if (o->variant_of) {
        gen_audit_log_add(log, GEN_AUDIT_VARIANT, "variant_of names '%s', itself a variant", o->id);
        return 1;
    }
    snprintf(want_id, sizeof want_id, "%s.%s", o->id, tn);
    if (strcmp(r->id, want_id)) {
        gen_audit_log_add(log, GEN_AUDIT_VARIANT, "the id of a %s variant of %s should be %s", tn, o->id, want_id);
        nf++;
    }
    mapping m = {GOSYM_IDENTITY, 0};
    gen_audit_transform(tn, &m.sym, &m.invert);
    /* the position and the problem */
    bb361 ob = set_of(&o->black), ow = set_of(&o->white);
    nf += same_set("Question.black", set_of(&r->black), map_set(&m, m.invert ? ow : ob), tn, log);
    nf += same_set("Question.white", set_of(&r->white), map_set(&m, m.invert ? ob : ow), tn, log);
    int want_play = m.invert ? go_other(o->to_play) : o->to_play;
    if (r->to_play != want_play) {
        gen_audit_log_add(log, GEN_AUDIT_VARIANT, "Question.to_play is %s, the original's through %s is %s",
                          r->to_play == GO_BLACK ? "B" : "W", tn, want_play == GO_BLACK ? "B" : "W");
        nf++;
    }
    if (r->goal != o->goal) {
        gen_audit_log_add(log, GEN_AUDIT_VARIANT, "Question.goal is %s, the original's is %s", ld_goal_name(r->goal),
                          ld_goal_name(o->goal));
        nf++;
    }
    nf += same_set("Question.target", set_of(&r->target), map_set(&m, set_of(&o->target)), tn, log);
    nf += same_set("Question.region", set_of(&r->region), map_set(&m, set_of(&o->region)), tn, log);
    /* the answers */
    if (r->correct_answer != map_point(&m, o->correct_answer)) {
        gen_audit_log_add(log, GEN_AUDIT_VARIANT, "Solution.correct_answer is %s, the original's through %s is %s",
                          pname(r->correct_answer, c), tn, pname(map_point(&m, o->correct_answer), c2));
        nf++;
    }
    nf += same_set("Solution.all_correct_answers", set_of(&r->accepted), map_set(&m, set_of(&o->accepted)), tn, log);
    if (r->ko != o->ko) {
        gen_audit_log_add(log, GEN_AUDIT_VARIANT, "Solution.ko differs from the original's");
        nf++;
    }
    nf += same_line("Solution.main_line", &r->main_line, &o->main_line, &m, tn, log);
    if (r->nvar != o->nvar) {
        gen_audit_log_add(log, GEN_AUDIT_VARIANT, "Solution.variations has %d lines, the original %d", r->nvar,
                          o->nvar);
        nf++;
    } else {
        for (int i = 0; i < r->nvar; i++) {
            char path[64];
            snprintf(path, sizeof path, "Solution.variations[%d]", i);
            nf += same_line(path, &r->var[i], &o->var[i], &m, tn, log);
        }
    }
    /* refutations: the same keys mapped, each with its line mapped */
    if (r->nref != o->nref) {
        gen_audit_log_add(log, GEN_AUDIT_VARIANT, "Solution.refutations has %d keys, the original %d", r->nref,
                          o->nref);
        nf++;
    }
    for (int i = 0; i < o->nref; i++) {
        int j = 0, key = map_point(&m, o->ref_key[i]);
        while (j < r->nref && r->ref_key[j] != key)
            j++;
        if (j == r->nref) {
            gen_audit_log_add(log, GEN_AUDIT_VARIANT, "Solution.refutations lacks %s, the original's %s through %s",
                              pname(key, c), pname(o->ref_key[i], c2), tn);
            nf++;
        } else {
            char path[64];
            snprintf(path, sizeof path, "Solution.refutations.%s", pname(key, c));
            nf += same_line(path, &r->ref[j], &o->ref[i], &m, tn, log);
        }
    }
    /* the options */
    if (r->nopt != o->nopt) {
        gen_audit_log_add(log, GEN_AUDIT_VARIANT, "%d options, the original has %d", r->nopt, o->nopt);
        return nf + 1;
    }
    if (r->tkind == GEN_AUDIT_T_RELABEL) {
        /* the same coordinates under permuted labels; the correct option
         * follows its coordinate */
        for (int k = 0; k < o->nopt; k++) {
            int found = 0;
            for (int j = 0; j < r->nopt; j++)
                found += r->opt[j] == o->opt[k];
            if (found != 1) {
                gen_audit_log_add(log, GEN_AUDIT_VARIANT, "the original's option %s (%s) is not an option once",
                                  o->opt_label[k], pname(o->opt[k], c));
                nf++;
            }
        }
        if (o->correct_option >= 0 && r->correct_option >= 0 && r->opt[r->correct_option] != o->opt[o->correct_option]) {
            gen_audit_log_add(log, GEN_AUDIT_VARIANT, "Solution.correct_option %s is %s; the correct coordinate %s "
                              "has another label", r->opt_label[r->correct_option],
                              pname(r->opt[r->correct_option], c), pname(o->opt[o->correct_option], c2));
            nf++;
        }
        return nf;
    }
    /* every other transform keeps each label with its (mapped) coordinate */
    for (int k = 0; k < o->nopt; k++) {
        int j = 0;
        while (j < r->nopt && strcmp(r->opt_label[j], o->opt_label[k]))
            j++;
        int want = map_point(&m, o->opt[k]);
        if (j == r->nopt || r->opt[j] != want) {
            gen_audit_log_add(log, GEN_AUDIT_VARIANT, "option %s is %s, the original's through %s is %s",
                              o->opt_label[k], j == r->nopt ? "missing" : pname(r->opt[j], c), tn, pname(want, c2));
            nf++;
        }
    }
    if (strcmp(r->correct_label, o->correct_label)) {
        gen_audit_log_add(log, GEN_AUDIT_VARIANT, "Solution.correct_option is '%s', the original's '%s'",
                          r->correct_label, o->correct_label);
        nf++;
    }
    if (r->tkind != GEN_AUDIT_T_SHUFFLE) {
        int same = r->norder == o->norder;
        for (int j = 0; same && j < r->norder; j++)
            same = !strcmp(r->order_label[j], o->order_label[j]);
        if (!same) {
            gen_audit_log_add(log, GEN_AUDIT_VARIANT, "Question.option_order differs from the original's (only a "
                              "shuffle changes it)");
            nf++;
        }
    }
    return nf;
}

int gen_audit_statics(const gen_audit_record *r, const gen_audit_record *orig, gen_audit_log *log)
{
    go_board b, framed;
    ld_problem *p = malloc(sizeof *p);
    if (!p) {
        log->oom = 1;
        return 1;
    }
    int board_ok, def_ok = 0, nf = check_stones(r, &b, &board_ok, log);
    nf += check_grid(r, log);
    if (board_ok) {
        nf += check_definition(r, p, &framed, &def_ok, log);
        nf += check_options(r, &b, log);
        nf += check_answers(r, &b, log);
        if (def_ok)
            nf += check_lines(r, &framed, log);
    }
    log->solvable = board_ok && def_ok;
    if (orig)
        nf += check_variant(r, orig, log);
    else if (!r->variant_of && r->tkind != GEN_AUDIT_T_IDENTITY) {
        log->ran[GEN_AUDIT_VARIANT]++;
        gen_audit_log_add(log, GEN_AUDIT_VARIANT, "transform '%s' without variant_of", r->transform);
        nf++;
    }
    free(p);
    return nf;
}

/* ---- the solver ------------------------------------------------------------------ */

/* df-pn within nodes, no time limit: node budgets only, so the verdict
 * never depends on the machine. */
static int solve_within(const ld_problem *p, long long nodes, dfpn_result *res, char *err)
{
    dfpn_opts o;
    dfpn_opts_init(&o);
    o.max_nodes = nodes;
    o.max_seconds = 0;
    return dfpn_solve(p, &o, res, err);
}

/* The refutation line r gives first move key, or NULL. */
static const gen_audit_list *refutation_of(const gen_audit_record *r, int key)
{
    for (int i = 0; i < r->nref; i++)
        if (r->ref_key[i] == key)
            return &r->ref[i];
    return NULL;
}

int gen_audit_solve(const gen_audit_record *r, long long nodes, gen_audit_verdict *v, char *err)
{
    memset(v, 0, sizeof *v);
    v->status = -1;
    v->budget = nodes;
    ld_problem *p = malloc(sizeof *p);
    dfpn_result *res = malloc(sizeof *res);
    if (!p || !res) {
        free(p);
        free(res);
        return vp_fail(err, VP_ENOMEM, "out of memory");
    }
    char why[VP_ERRLEN];
    int rc = 0;
    if (gen_audit_problem(r, p, why)) {
        snprintf(v->reason, sizeof v->reason, "%s", why);
    } else {
        rc = solve_within(p, nodes, res, err);
        if (rc == VP_EINVAL) {
            snprintf(v->reason, sizeof v->reason, "%s", err);
            rc = 0;
        } else if (rc == 0) {
            v->status = res->status;
            v->nroot = res->nroot;
            for (int i = 0; i < res->nroot; i++) {
                v->root_move[i] = (int16_t)res->root_move[i];
                v->root_status[i] = (uint8_t)res->root_status[i];
            }
            v->nodes = res->nodes;
            snprintf(v->reason, sizeof v->reason, "%s", res->reason);
        }
    }
    free(p);
    free(res);
    return rc;
}

/* The position after distractor key and its reply (line), from r's framed
 * board fb: df-pn's status for the side to play, or GEN_AUDIT_REPLY_UNSET
 * with the reason in why; REPLY_NOMEM when out of memory. */
#define REPLY_NOMEM (-3)
static int reply_status(const gen_audit_record *r, const go_board *fb, const gen_audit_list *line, long long nodes,
                        ld_problem *q, dfpn_result *res, char *why)
{
    char c[COORD_BUFLEN], c2[COORD_BUFLEN], e[VP_ERRLEN];
    go_board b = *fb;
    int mover = r->to_play, other = go_other(mover);
    if (go_play(&b, mover, line->v[0], e) != 0) {
        snprintf(why, VP_ERRLEN, "%s cannot be played: %.200s", pname(line->v[0], c), e);
        return GEN_AUDIT_REPLY_UNSET;
    }
    if (go_play(&b, other, line->v[1], e) != 0) {
        snprintf(why, VP_ERRLEN, "the reply %s cannot be played: %.200s", pname(line->v[1], c), e);
        return GEN_AUDIT_REPLY_UNSET;
    }
    /* the target: its points that still hold its stones */
    bb361 def, target = set_of(&r->target);
    go_stones(&b, r->goal == LD_KILL ? other : mover, &def);
    target = bb361_and(target, def);
    if (bb361_is_empty(target))
        return r->goal == LD_LIVE ? DFPN_DISPROVED : DFPN_PROVED; /* captured: by the reply, or by the key */
    if (problem_on(r, &b, target, q, e) != 0) {
        snprintf(why, VP_ERRLEN, "after %s %s: %.200s", pname(line->v[0], c), pname(line->v[1], c2), e);
        return GEN_AUDIT_REPLY_UNSET;
    }
    int rc = solve_within(q, nodes, res, e);
    if (rc == VP_EINVAL) {
        snprintf(why, VP_ERRLEN, "after %s: %.200s", pname(line->v[1], c), e);
        return GEN_AUDIT_REPLY_UNSET;
    }
    return rc ? REPLY_NOMEM : res->status;
}

int gen_audit_solve_replies(const gen_audit_record *r, long long nodes, gen_audit_verdict *v, char *err)
{
    v->replies = 0;
    v->reply_reason[0] = '\0';
    for (int k = 0; k < GEN_AUDIT_MAX_OPTIONS; k++)
        v->reply_status[k] = GEN_AUDIT_NO_REPLY;
    ld_problem *p = malloc(sizeof *p), *q = malloc(sizeof *q);
    dfpn_result *res = malloc(sizeof *res);
    int rc = 0;
    char why[VP_ERRLEN];
    go_board fb;
    if (!p || !q || !res) {
        rc = vp_fail(err, VP_ENOMEM, "out of memory");
        goto done;
    }
    if (gen_audit_problem(r, p, why) != 0 || ld_frame(p, &fb, why) != 0)
        goto done;
    v->replies = 1;
    for (int k = 0; k < r->nopt; k++) {
        if (in_list(&r->accepted, r->opt[k]))
            continue;
        const gen_audit_list *line = refutation_of(r, r->opt[k]);
        if (!line || line->n < 2)
            continue;
        int st = reply_status(r, &fb, line, nodes, q, res, why);
        if (st == REPLY_NOMEM) {
            rc = vp_fail(err, VP_ENOMEM, "out of memory");
            break;
        }
        v->reply_status[k] = (int8_t)st;
        if (st == GEN_AUDIT_REPLY_UNSET && !v->reply_reason[0])
            snprintf(v->reply_reason, sizeof v->reply_reason, "%s", why);
    }
done:
    free(p);
    free(q);
    free(res);
    return rc;
}

/* The status df-pn gave first move m, or -1 when it did not try m. */
static int root_status(const gen_audit_verdict *v, int m)
{
    for (int i = 0; i < v->nroot; i++)
        if (v->root_move[i] == m)
            return v->root_status[i];
    return -1;
}

static bb361 status_set(const gen_audit_verdict *v, int status, int *pass)
{
    bb361 s = bb361_empty();
    *pass = 0;
    for (int i = 0; i < v->nroot; i++)
        if (v->root_status[i] == status) {
            if (v->root_move[i] == GO_PASS)
                *pass = 1;
            else
                bb361_set(&s, v->root_move[i]);
        }
    return s;
}

static const char *status_words(int st)
{
    switch (st) {
    case DFPN_PROVED: return "is proven correct";
    case DFPN_KO: return "succeeds by ko";
    case DFPN_UNKNOWN: return "is not refuted within the budget";
    case DFPN_DISPROVED: return "is refuted";
    default: return "is not a first move the solver tries";
    }
}

int gen_audit_solver_checks(const gen_audit_record *r, const gen_audit_verdict *v, const gen_audit_record *orig,
                            const gen_audit_verdict *ov, gen_audit_log *log)
{
    char a[128], b[128], d[128], c[COORD_BUFLEN];
    int nf = 0, pass, kopass;
    log->ran[GEN_AUDIT_SOLVER]++;
    if (v->status < 0) {
        gen_audit_log_add(log, GEN_AUDIT_SOLVER, "df-pn cannot set the problem up: %s", v->reason);
        return 1;
    }
    if (v->status == DFPN_UNKNOWN || v->status == DFPN_DISPROVED) {
        gen_audit_log_add(log, GEN_AUDIT_SOLVER, "df-pn: %s within %lld nodes%s%s", dfpn_status_name(v->status),
                          v->budget, v->reason[0] ? ": " : "", v->reason);
        nf++;
    }
    bb361 proved = status_set(v, DFPN_PROVED, &pass), ko = status_set(v, DFPN_KO, &kopass);
    bb361 acc = set_of(&r->accepted);
    if (pass || (r->ko && kopass)) {
        gen_audit_log_add(log, GEN_AUDIT_SOLVER, "df-pn proves a pass correct%s: the problem is already solved",
                          pass ? "" : " by ko");
        nf++;
    }
    if (!r->ko && !bb361_equal(proved, acc)) {
        gen_audit_log_add(log, GEN_AUDIT_SOLVER, "df-pn proves %s, Solution.all_correct_answers is %s",
                          set_text(proved, a, sizeof a), set_text(acc, b, sizeof b));
        nf++;
    }
    if (r->ko && (!bb361_is_empty(proved) || !bb361_equal(ko, acc))) {
        gen_audit_log_add(log, GEN_AUDIT_SOLVER, "Solution.ko: df-pn proves %s and by ko %s, all_correct_answers "
                          "is %s", set_text(proved, a, sizeof a), set_text(ko, b, sizeof b),
                          set_text(acc, d, sizeof d));
        nf++;
    }
    for (int k = 0; k < r->nopt; k++) {
        if (in_list(&r->accepted, r->opt[k]))
            continue;
        int st = root_status(v, r->opt[k]);
        if (st != DFPN_DISPROVED) {
            gen_audit_log_add(log, GEN_AUDIT_SOLVER, "distractor %s (%s) %s", r->opt_label[k], pname(r->opt[k], c),
                              status_words(st));
            nf++;
        }
    }
    for (int i = 0; i < r->nref; i++) {
        int st = root_status(v, r->ref_key[i]);
        if (st != DFPN_DISPROVED) {
            gen_audit_log_add(log, GEN_AUDIT_SOLVER, "refutation key %s %s", pname(r->ref_key[i], c),
                              status_words(st));
            nf++;
        }
    }
    /* at the budget the record was built with, df-pn's verdict is the
     * builder's, so every move it refutes (a pass aside) has its line */
    if (r->nodes_budget > 0 && v->budget == r->nodes_budget) {
        bb361 refuted = status_set(v, DFPN_DISPROVED, &pass), keys = bb361_empty();
        for (int i = 0; i < r->nref; i++)
            if (r->ref_key[i] >= 0)
                bb361_set(&keys, r->ref_key[i]);
        bb361 missing = bb361_andnot(refuted, keys);
        if (!bb361_is_empty(missing)) {
            gen_audit_log_add(log, GEN_AUDIT_SOLVER, "df-pn refutes %s, not keys of Solution.refutations",
                              set_text(missing, a, sizeof a));
            nf++;
        }
    }
    if (v->replies) {
        /* every distractor's reply refutes it, ko included */
        log->ran[GEN_AUDIT_REPLIES]++;
        for (int k = 0; k < r->nopt; k++) {
            int st = v->reply_status[k];
            if (st == GEN_AUDIT_NO_REPLY || st == DFPN_DISPROVED)
                continue;
            const gen_audit_list *line = refutation_of(r, r->opt[k]);
            char rp[COORD_BUFLEN];
            const char *what = st == DFPN_PROVED ? "succeeds" : st == DFPN_KO ? "succeeds by ko"
                             : st == DFPN_UNKNOWN ? "is not shown to fail within the budget" : "cannot be set up";
            gen_audit_log_add(log, GEN_AUDIT_REPLIES, "distractor %s (%s): after the refutation's reply %s the side to "
                              "play %s%s%s", r->opt_label[k], pname(r->opt[k], c),
                              line ? pname(line->v[1], rp) : "?", what, st == GEN_AUDIT_REPLY_UNSET ? ": " : "",
                              st == GEN_AUDIT_REPLY_UNSET ? v->reply_reason : "");
            nf++;
        }
    }
    if (!orig || !ov || ov->status < 0)
        return nf;
    /* the variant's verdict is the original's mapped */
    log->ran[GEN_AUDIT_SOLVER_VARIANT]++;
    mapping m = {GOSYM_IDENTITY, 0};
    gen_audit_transform(r->transform, &m.sym, &m.invert);
    int diff = 0;
    char text[200];
    size_t at = 0;
    text[0] = '\0';
    for (int i = 0; i < ov->nroot; i++) {
        int mv = map_point(&m, ov->root_move[i]), st = root_status(v, mv);
        if (st == ov->root_status[i])
            continue;
        if (diff++ < 3 && at < sizeof text)
            at += (size_t)snprintf(text + at, sizeof text - at, "%s%s %s here, %s in the original", at ? "; " : "",
                                   pname(mv, c), st < 0 ? "not tried" : dfpn_status_name(st),
                                   dfpn_status_name(ov->root_status[i]));
    }
    if (v->nroot != ov->nroot && diff == 0) {
        snprintf(text, sizeof text, "%d first moves tried here, %d in the original", v->nroot, ov->nroot);
        diff = 1;
    }
    if (v->status != ov->status || diff) {
        gen_audit_log_add(log, GEN_AUDIT_SOLVER_VARIANT, "df-pn: %s here, %s for %s; %s", dfpn_status_name(v->status),
                          dfpn_status_name(ov->status), orig->id, diff ? text : "the first moves agree");
        nf++;
    }
    return nf;
}

/* ---- the option audit -------------------------------------------------------------- */

static int first_seen(const mcts_result *res, int m)
{
    for (int i = 0; i < res->nroot; i++)
        if (res->root_move[i] == m)
            return res->first_visit[i];
    return 0;
}

static double dist(int p, int q)
{
    if (p < 0 || q < 0)
        return 0;
    double dx = bb361_x(p) - bb361_x(q), dy = bb361_y(p) - bb361_y(q);
    return sqrt(dx * dx + dy * dy);
}

void gen_audit_optaudit_free(gen_audit_optaudit *out)
{
    free(out->row);
    memset(out, 0, sizeof *out);
}

int gen_audit_options(const gen_audit_record *r, int budget, uint64_t seed, gen_audit_optaudit *out, char *err)
{
    memset(out, 0, sizeof *out);
    ld_problem *p = malloc(sizeof *p);
    mcts_opts *o = malloc(sizeof *o);
    mcts_result open, list;
    memset(&open, 0, sizeof open);
    memset(&list, 0, sizeof list);
    out->row = malloc((size_t)(r->nopt + r->accepted.n + 1) * sizeof *out->row);
    int rc = p && o && out->row ? 0 : vp_fail(err, VP_ENOMEM, "out of memory");
    if (rc == 0)
        rc = gen_audit_problem(r, p, err);
    if (rc == 0) {
        mcts_opts_init(o);
        o->playouts = budget;
        o->seed = seed;
        o->root_mode = MCTS_ROOT_OPEN;
        rc = mcts_search(p, o, &open, err);
    }
    if (rc == 0 && r->nopt > 0) {
        o->root_mode = MCTS_ROOT_LIST;
        o->nlist = r->nopt;
        for (int k = 0; k < r->nopt; k++)
            o->list[k] = r->opt[k];
        rc = mcts_search(p, o, &list, err);
    }
    if (rc == 0) {
        /* the options in label order */
        int idx[GEN_AUDIT_MAX_OPTIONS];
        for (int k = 0; k < r->nopt; k++) {
            int j = k;
            while (j > 0 && strcmp(r->opt_label[idx[j - 1]], r->opt_label[k]) > 0) {
                idx[j] = idx[j - 1];
                j--;
            }
            idx[j] = k;
        }
        for (int i = 0; i < r->nopt; i++) {
            int k = idx[i];
            gen_audit_optrow *w = &out->row[out->nrow++];
            snprintf(w->label, sizeof w->label, "%s", r->opt_label[k]);
            w->point = r->opt[k];
            w->role = in_list(&r->accepted, r->opt[k]) ? GEN_AUDIT_ROLE_CORRECT : GEN_AUDIT_ROLE_DISTRACTOR;
            w->dist = dist(r->opt[k], r->correct_answer);
            w->first_open = first_seen(&open, r->opt[k]);
            w->first_list = first_seen(&list, r->opt[k]);
            out->options++;
            if (w->role == GEN_AUDIT_ROLE_CORRECT) {
                out->accepted++;
            } else {
                out->noncorrect++;
                out->covered_open += w->first_open > 0;
                out->covered_list += w->first_list > 0;
            }
        }
        for (int i = 0; i < r->accepted.n; i++) {
            int q = r->accepted.v[i], f = first_seen(&open, q), is_opt = 0;
            if (q == r->correct_answer)
                continue;
            out->extra++;
            out->extra_open += f > 0;
            for (int k = 0; k < r->nopt; k++)
                is_opt |= r->opt[k] == q;
            if (is_opt)
                continue;
            gen_audit_optrow *w = &out->row[out->nrow++];
            w->label[0] = '\0';
            w->point = q;
            w->role = GEN_AUDIT_ROLE_EQUIV;
            w->dist = dist(q, r->correct_answer);
            w->first_open = f;
            w->first_list = 0;
        }
    }
    mcts_result_free(&open);
    mcts_result_free(&list);
    free(p);
    free(o);
    if (rc) {
        gen_audit_optaudit_free(out);
        return rc;
    }
    return 0;
}
