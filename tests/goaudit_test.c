/* goaudit_test.c: the audit library (generator/gen_goaudit.h) on the
 * records of tests/audit/good.jsonl and on copies changed in one place each:
 * every good record passes every check, every change is caught by the
 * check meant for it and by no other; transform names against the
 * geometry they promise; df-pn verdicts compared through a transform; the
 * option audit against a longer MCTS run of the same search. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/coord.h"
#include "../engines/gosym.h"
#include "../engines/vp.h"
#include "../generator/gen_goaudit.h"
#include "../solver/mcts.h"
#include "test.h"

#define MAXREC 32

static gen_audit_record recs[MAXREC];
static int nrec;

static int pt(const char *s)
{
    int p;
    char err[VP_ERRLEN];
    if (coord_parse(s, 19, &p, err))
        abort();
    return p;
}

static const gen_audit_record *find(const char *id)
{
    for (int i = 0; i < nrec; i++)
        if (!strcmp(recs[i].id, id))
            return &recs[i];
    return NULL;
}

static int load(void)
{
    const char *top = getenv("top_srcdir");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/audit/good.jsonl", top && *top ? top : ".");
    FILE *f = fopen(path, "r");
    if (!f) {
        CHECK(0, "cannot open %s", path);
        return 0;
    }
    char *line = NULL;
    size_t cap = 0;
    long no = 0;
    while (getline(&line, &cap, f) > 0 && nrec < MAXREC) {
        json_error_t je;
        json_t *v = json_loads(line, 0, &je);
        no++;
        CHECK(v != NULL, "%s:%ld: %s", path, no, je.text);
        if (!v)
            continue;
        gen_audit_log log;
        gen_audit_log_init(&log);
        int rc = gen_audit_parse(v, no, &recs[nrec], &log);
        CHECK(rc == 0 && log.n == 0, "%s:%ld: parse %d, %d failures (%s)", path, no, rc, log.n,
              log.n ? log.fail[0].msg : "");
        nrec++;
        gen_audit_log_free(&log);
        json_decref(v);
    }
    free(line);
    fclose(f);
    CHECK(nrec == 12, "%d records in good.jsonl", nrec);
    return nrec == 12;
}

/* A deep copy of r (the lists get their own storage). */
static void copy_list(gen_audit_list *d, const gen_audit_list *s)
{
    d->n = s->n;
    d->v = malloc((size_t)(s->n + 8) * sizeof *d->v);
    memcpy(d->v, s->v, (size_t)s->n * sizeof *d->v);
}

static void copy_record(gen_audit_record *d, const gen_audit_record *s)
{
    *d = *s;
    d->id = strdup(s->id);
    d->variant_of = s->variant_of ? strdup(s->variant_of) : NULL;
    d->transform = strdup(s->transform);
    copy_list(&d->black, &s->black);
    copy_list(&d->white, &s->white);
    copy_list(&d->target, &s->target);
    copy_list(&d->region, &s->region);
    copy_list(&d->accepted, &s->accepted);
    copy_list(&d->main_line, &s->main_line);
    d->var = calloc((size_t)s->nvar + 1, sizeof *d->var);
    for (int i = 0; i < s->nvar; i++)
        copy_list(&d->var[i], &s->var[i]);
    d->ref = calloc((size_t)s->nref + 1, sizeof *d->ref);
    d->ref_key = malloc(((size_t)s->nref + 1) * sizeof *d->ref_key);
    for (int i = 0; i < s->nref; i++) {
        copy_list(&d->ref[i], &s->ref[i]);
        d->ref_key[i] = s->ref_key[i];
    }
}

static const gen_audit_record *orig_of(const gen_audit_record *r)
{
    return r->variant_of ? find(r->variant_of) : NULL;
}

/* Runs the statics of r; returns the log (caller frees). */
static gen_audit_log statics(const gen_audit_record *r)
{
    gen_audit_log log;
    gen_audit_log_init(&log);
    gen_audit_statics(r, orig_of(r), &log);
    return log;
}

/* Expects exactly n failures, all of check, one of them containing text. */
static void expect(const char *what, const gen_audit_log *log, int check, int n, const char *text)
{
    int found = text == NULL, others = 0;
    for (int i = 0; i < log->n; i++) {
        if (log->fail[i].check != check)
            others++;
        if (text && strstr(log->fail[i].msg, text))
            found = 1;
    }
    CHECK(log->n == n && others == 0 && found, "%s: %d failures (want %d of %s), %d of other checks, '%s' %s; "
          "first: %s: %s", what, log->n, n, gen_audit_check_name(check), others, text ? text : "",
          found ? "found" : "not found", log->n ? gen_audit_check_name(log->fail[0].check) : "-",
          log->n ? log->fail[0].msg : "");
}

static void transform_names(void)
{
    static const char *const names[] = {"identity", "rot90", "rot180", "rot270", "flip-h",
                                        "flip-v",   "invert", "relabel", "shuffle"};
    for (int t = 0; t < GEN_AUDIT_NTRANSFORMS; t++) {
        int sym = -1, inv = -1;
        CHECK(gen_audit_transform(names[t], &sym, &inv) == t && !strcmp(gen_audit_transform_name(t), names[t]),
              "transform %s", names[t]);
        CHECK(inv == (t == GEN_AUDIT_T_INVERT), "%s: invert %d", names[t], inv);
    }
    int sym, inv;
    CHECK(gen_audit_transform("flip_x", &sym, &inv) == -1, "gosym's own names are not record transforms");
    /* the geometry each name promises, from the corners: a quarter turn
     * anticlockwise takes the top-right corner to the top-left one and the
     * top-left to the bottom-left; flip-h mirrors left and right; flip-v
     * top and bottom */
    static const struct {
        const char *t, *from, *to;
    } cases[] = {{"rot90", "T19", "A19"},  {"rot90", "A19", "A1"},   {"rot90", "C17", "C3"},
                 {"rot180", "A19", "T1"},  {"rot180", "B18", "S2"},  {"rot270", "A19", "T19"},
                 {"rot270", "A1", "A19"},  {"flip-h", "A19", "T19"}, {"flip-h", "C17", "R17"},
                 {"flip-v", "A19", "A1"},  {"flip-v", "C17", "C3"},  {"identity", "C17", "C17"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gen_audit_transform(cases[i].t, &sym, &inv);
        int got = gosym_point(19, sym, pt(cases[i].from));
        char c[COORD_BUFLEN];
        const char *want = cases[i].to;
        CHECK(got == pt(want), "%s: %s -> %s, want %s", cases[i].t, cases[i].from, coord_format(got, 19, c), want);
    }
    CHECK(!strcmp(gen_audit_check_name(GEN_AUDIT_SOLVER_VARIANT), "solver-variant") &&
              !strcmp(gen_audit_check_name(99), "?"),
          "check names");
}

/* Every good record: statics and solver checks without a failure. */
static gen_audit_verdict verdicts[MAXREC];

static void good_records(void)
{
    for (int i = 0; i < nrec; i++) {
        gen_audit_log log = statics(&recs[i]);
        CHECK(log.n == 0, "%s: %d static failures, first: %s", recs[i].id, log.n, log.n ? log.fail[0].msg : "");
        int want_ran = recs[i].variant_of ? 1 : 0;
        CHECK(log.ran[GEN_AUDIT_GRID] == 1 && log.ran[GEN_AUDIT_LINES] == 1 &&
                  log.ran[GEN_AUDIT_VARIANT] == want_ran,
              "%s: checks run", recs[i].id);
        gen_audit_log_free(&log);
        char err[VP_ERRLEN];
        CHECK(gen_audit_solve(&recs[i], 200000, &verdicts[i], err) == 0 && verdicts[i].status > 0,
              "%s: df-pn: %s", recs[i].id, verdicts[i].reason);
        /* every distractor's reply solved, and refuting (0008's C19 once
         * was not: see broken_replies) */
        CHECK(gen_audit_solve_replies(&recs[i], 200000, &verdicts[i], err) == 0 && verdicts[i].replies,
              "%s: replies: %s", recs[i].id, err);
        int nrep = 0;
        for (int k = 0; k < recs[i].nopt; k++)
            nrep += verdicts[i].reply_status[k] == DFPN_DISPROVED;
        CHECK(nrep == recs[i].nopt - 1, "%s: %d of the %d distractors' replies refute", recs[i].id, nrep,
              recs[i].nopt - 1);
    }
    for (int i = 0; i < nrec; i++) {
        const gen_audit_record *o = orig_of(&recs[i]);
        const gen_audit_verdict *ov = o ? &verdicts[o - recs] : NULL;
        gen_audit_log log;
        gen_audit_log_init(&log);
        gen_audit_solver_checks(&recs[i], &verdicts[i], o, ov, &log);
        CHECK(log.n == 0, "%s: %d solver failures, first: %s", recs[i].id, log.n, log.n ? log.fail[0].msg : "");
        CHECK(log.ran[GEN_AUDIT_SOLVER_VARIANT] == (o != NULL), "%s: solver-variant ran", recs[i].id);
        CHECK(log.ran[GEN_AUDIT_REPLIES] == 1, "%s: replies ran", recs[i].id);
        gen_audit_log_free(&log);
    }
}

/* Sets point p of r's grid and lists to colour c. */
static void put_stone(gen_audit_record *r, int p, int c)
{
    gen_audit_list *l = c == GO_BLACK ? &r->black : &r->white;
    int i = l->n++;
    while (i > 0 && l->v[i - 1] > p) {
        l->v[i] = l->v[i - 1];
        i--;
    }
    l->v[i] = p;
    r->grid[p] = (uint8_t)c;
}

static void broken_statics(void)
{
    const gen_audit_record *p9 = find("cho-elementary-0009"), *rot = find("cho-elementary-0009.rot90");
    const gen_audit_record *rel = find("cho-elementary-0009.relabel"), *shu = find("cho-elementary-0009.shuffle");
    const gen_audit_record *inv = find("cho-elementary-0009.invert"), *p8 = find("cho-elementary-0008");
    if (!p9 || !rot || !rel || !shu || !inv || !p8) {
        CHECK(0, "records missing from good.jsonl");
        return;
    }
    gen_audit_record r;
    gen_audit_log log;

    copy_record(&r, p9);
    r.grid[pt("T1")] = 2;
    log = statics(&r);
    expect("grid: T1 white in the grid only", &log, GEN_AUDIT_GRID, 1, "grid[18][18] (T1) is white");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p9);
    int t = r.black.v[0];
    r.black.v[0] = r.black.v[1];
    r.black.v[1] = t;
    log = statics(&r);
    expect("stones: black list out of order", &log, GEN_AUDIT_STONES, 1, "not in point order");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p9);
    r.black.v[r.black.n++] = r.black.v[0];
    log = statics(&r);
    expect("stones: a repeated stone", &log, GEN_AUDIT_STONES, 1, "Question.black repeats");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    /* T1 made suicide for Black by white stones at S1 and T2, then offered */
    copy_record(&r, p9);
    put_stone(&r, pt("S1"), GO_WHITE);
    put_stone(&r, pt("T2"), GO_WHITE);
    r.opt[3] = pt("T1");
    log = statics(&r);
    expect("options: a suicide point (outside the region too: the first fault is named)", &log, GEN_AUDIT_OPTIONS,
           1, "option D (T1) is not a legal move for Black");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p9);
    r.opt[0] = r.opt[1];
    log = statics(&r);
    CHECK(gen_audit_log_count(&log, GEN_AUDIT_OPTIONS) == 1 && strstr(log.fail[0].msg, "are both B19"),
          "options: two labels on one point (%s)", log.n ? log.fail[0].msg : "");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p9);
    strcpy(r.opt_label[2], "E");
    strcpy(r.order_label[2], "E");
    log = statics(&r);
    expect("options: label E among four options", &log, GEN_AUDIT_OPTIONS, 1, "label 'E' is not one of A..D");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p9);
    r.norder = 3;
    log = statics(&r);
    expect("options: option_order lacks a label", &log, GEN_AUDIT_OPTIONS, 1, "does not list each");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p9);
    r.correct_answer = pt("E19");
    log = statics(&r);
    expect("lines: correct answer E19 but main line from B19", &log, GEN_AUDIT_LINES, 1,
           "does not start with the correct answer E19");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p9);
    r.accepted.n = 1; /* E19 dropped: the statics cannot know, df-pn does */
    log = statics(&r);
    expect("answers: E19 dropped from the accepted set", &log, GEN_AUDIT_ANSWERS, 0, NULL);
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p9);
    r.accepted.v[0] = pt("E19");
    r.accepted.v[1] = pt("B19");
    log = statics(&r);
    expect("answers: accepted set out of order", &log, GEN_AUDIT_ANSWERS, 1, "not in point order");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p9);
    r.correct_option = -1;
    r.correct_label[0] = '\0';
    log = statics(&r);
    expect("answers: no correct option", &log, GEN_AUDIT_ANSWERS, 1, "correct_option is null");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    /* a target that is not whole chains, a region that leaves a white stone out */
    copy_record(&r, p9);
    r.target.n--;
    log = statics(&r);
    expect("definition: target not whole chains", &log, GEN_AUDIT_DEFINITION, 1, "not whole chains");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p9);
    r.goal = r.goal == LD_KILL ? LD_LIVE : LD_KILL;
    log = statics(&r);
    expect("definition: the goal of the other side", &log, GEN_AUDIT_DEFINITION, 1, "contradicts");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    /* lines: a variation through a stone; a refutation key that is correct;
     * a move outside the region; a pass, then a ko retaken at once is fine */
    copy_record(&r, p9);
    r.nvar = 2;
    r.var = realloc(r.var, 2 * sizeof *r.var);
    r.var[0] = (gen_audit_list){2, malloc(2 * sizeof(int))};
    r.var[0].v[0] = pt("E19");
    r.var[0].v[1] = GO_PASS;
    r.var[1] = (gen_audit_list){2, malloc(2 * sizeof(int))};
    r.var[1].v[0] = pt("E19");
    r.var[1].v[1] = pt("K10");
    log = statics(&r);
    expect("lines: a variation leaving the region", &log, GEN_AUDIT_LINES, 1,
           "Solution.variations[1] move 2: K10 is outside the region");
    gen_audit_log_free(&log);
    r.ref_key[0] = pt("B19");
    r.ref[0].v[0] = pt("B19");
    log = statics(&r);
    CHECK(gen_audit_log_count(&log, GEN_AUDIT_LINES) >= 2 && log.n == gen_audit_log_count(&log, GEN_AUDIT_LINES) &&
              strstr(log.fail[1].msg, "refutations.B19: the key is an accepted answer"),
          "lines: a refutation keyed by a correct move (%s)", log.n > 1 ? log.fail[1].msg : "");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    /* variants */
    copy_record(&r, rot);
    r.region.n--;
    log = statics(&r);
    CHECK(gen_audit_log_count(&log, GEN_AUDIT_VARIANT) == 1 && strstr(log.fail[log.n - 1].msg, "Question.region is"),
          "variant: region one point short (%d failures: %s)", log.n, log.n ? log.fail[log.n - 1].msg : "");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, rot);
    int k = 0;
    while (k < r.nref && r.ref_key[k] == GO_PASS)
        k++;
    r.ref[k].v[r.ref[k].n - 1] = GO_PASS == r.ref[k].v[r.ref[k].n - 1] ? pt("A1") : GO_PASS;
    log = statics(&r);
    CHECK(gen_audit_log_count(&log, GEN_AUDIT_VARIANT) == 1, "variant: a refutation line changed at its end "
          "(%d failures: %s)", log.n, log.n ? log.fail[log.n - 1].msg : "");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, rot);
    free(r.id);
    r.id = strdup("cho-elementary-0009.r90");
    log = statics(&r);
    expect("variant: id not original + transform", &log, GEN_AUDIT_VARIANT, 1, "should be cho-elementary-0009.rot90");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    /* the flip-h record read as flip-v: the mapping is wrong everywhere */
    copy_record(&r, find("cho-elementary-0009.flip-h"));
    free(r.transform);
    r.transform = strdup("flip-v");
    r.tkind = GEN_AUDIT_T_FLIP_V;
    free(r.id);
    r.id = strdup("cho-elementary-0009.flip-v");
    log = statics(&r);
    CHECK(gen_audit_log_count(&log, GEN_AUDIT_VARIANT) >= 5 && log.n == gen_audit_log_count(&log, GEN_AUDIT_VARIANT),
          "variant: flip-h data named flip-v: %d variant failures of %d", gen_audit_log_count(&log, GEN_AUDIT_VARIANT),
          log.n);
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, shu);
    memcpy(r.order_label, p9->order_label, sizeof r.order_label);
    memcpy(r.order, p9->order, sizeof r.order);
    log = statics(&r);
    expect("variant: shuffle that changed nothing still passes", &log, GEN_AUDIT_VARIANT, 0, NULL);
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, inv);
    free(r.transform);
    r.transform = strdup("shuffle");
    r.tkind = GEN_AUDIT_T_SHUFFLE;
    free(r.id);
    r.id = strdup("cho-elementary-0009.shuffle");
    log = statics(&r);
    CHECK(gen_audit_log_count(&log, GEN_AUDIT_VARIANT) == 3 && log.n == 3,
          "variant: inverted colours named shuffle: black, white and to_play differ (%d failures)", log.n);
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, rel);
    r.opt[0] = pt("F19");
    log = statics(&r);
    CHECK(gen_audit_log_count(&log, GEN_AUDIT_VARIANT) == 1 && strstr(log.fail[log.n - 1].msg, "is not an option once"),
          "variant: relabel lost an option (%s)", log.n ? log.fail[log.n - 1].msg : "");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p9);
    free(r.transform);
    r.transform = strdup("rot90");
    r.tkind = GEN_AUDIT_T_ROT90;
    log = statics(&r);
    expect("variant: a transform without variant_of", &log, GEN_AUDIT_VARIANT, 1, "without variant_of");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);
}

/* The solver checks on changed records and on verdicts made by hand. */
static void broken_solver(void)
{
    const gen_audit_record *p9 = find("cho-elementary-0009"), *rot = find("cho-elementary-0009.rot90"),
                           *p8 = find("cho-elementary-0008"), *p8i = find("cho-elementary-0008.invert");
    if (!p9 || !rot || !p8 || !p8i)
        return;
    const gen_audit_verdict *v9 = &verdicts[p9 - recs], *vr = &verdicts[rot - recs], *v8 = &verdicts[p8 - recs];
    gen_audit_record r;
    gen_audit_log log;

    copy_record(&r, p9);
    r.accepted.n = 1;
    gen_audit_log_init(&log);
    gen_audit_solver_checks(&r, v9, NULL, NULL, &log);
    expect("solver: E19 left out of the accepted set", &log, GEN_AUDIT_SOLVER, 1, "df-pn proves B19 E19");
    gen_audit_log_free(&log);
    r.opt[2] = pt("E19");
    gen_audit_log_init(&log);
    gen_audit_solver_checks(&r, v9, NULL, NULL, &log);
    expect("solver: ... and offered as a distractor", &log, GEN_AUDIT_SOLVER, 2, "distractor C (E19) is proven correct");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    copy_record(&r, p8);
    r.ko = 0;
    gen_audit_log_init(&log);
    gen_audit_solver_checks(&r, v8, NULL, NULL, &log);
    expect("solver: a ko answer set recorded as unconditional", &log, GEN_AUDIT_SOLVER, 1, "df-pn proves none");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    /* a refutation key df-pn proves correct */
    copy_record(&r, p9);
    r.ref_key[0] = pt("E19");
    gen_audit_log_init(&log);
    gen_audit_solver_checks(&r, v9, NULL, NULL, &log);
    expect("solver: a refutation key that is correct (and the key it replaced is missing)", &log, GEN_AUDIT_SOLVER, 2,
           "refutation key E19 is proven correct");
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    /* a refutation dropped: caught at the record's own budget (200000,
     * the one verdicts[] were solved with), not at another budget, where
     * df-pn may refute more than the builder's run did */
    copy_record(&r, p9);
    CHECK(r.nodes_budget == 200000 && v9->budget == 200000, "0009 solved at its own budget");
    char last[COORD_BUFLEN], want[64];
    /* the first key (a point: "pass" sorts last) moved to the end, cut off */
    int k0 = r.ref_key[0], n = r.nref;
    gen_audit_list l0 = r.ref[0];
    r.ref[0] = r.ref[n - 1];
    r.ref_key[0] = r.ref_key[n - 1];
    r.ref[n - 1] = l0;
    r.ref_key[n - 1] = k0;
    coord_format(k0, 19, last);
    r.nref--;
    gen_audit_log_init(&log);
    gen_audit_solver_checks(&r, v9, NULL, NULL, &log);
    snprintf(want, sizeof want, "df-pn refutes %s, not keys of", last);
    expect("solver: a refutation left out", &log, GEN_AUDIT_SOLVER, 1, want);
    gen_audit_log_free(&log);
    r.nodes_budget = 100000;
    gen_audit_log_init(&log);
    gen_audit_solver_checks(&r, v9, NULL, NULL, &log);
    expect("solver: ... not looked for at another budget", &log, GEN_AUDIT_SOLVER, 0, NULL);
    gen_audit_log_free(&log);
    r.nref = n;
    gen_audit_record_free(&r);

    /* a budget too small to prove anything */
    gen_audit_verdict small;
    char err[VP_ERRLEN];
    CHECK(gen_audit_solve(p8, 50, &small, err) == 0 && small.status == DFPN_UNKNOWN, "50 nodes do not settle "
          "0008 (%s)", dfpn_status_name(small.status));
    gen_audit_log_init(&log);
    gen_audit_solver_checks(p8, &small, NULL, NULL, &log);
    CHECK(log.n >= 2 && strstr(log.fail[0].msg, "unknown within 50 nodes"), "solver: unknown within the budget "
          "(%s)", log.n ? log.fail[0].msg : "");
    gen_audit_log_free(&log);

    /* the variant's verdict against the original's mapped: equal as solved,
     * then one root status changed by hand */
    gen_audit_verdict w = *vr;
    gen_audit_log_init(&log);
    gen_audit_solver_checks(rot, &w, p9, v9, &log);
    expect("solver-variant: rot90 verdict as solved", &log, GEN_AUDIT_SOLVER_VARIANT, 0, NULL);
    gen_audit_log_free(&log);
    int i = 0;
    while (i < w.nroot && w.root_status[i] != DFPN_DISPROVED)
        i++;
    CHECK(i < w.nroot, "rot90 has a refuted first move");
    if (i < w.nroot) {
        w.root_status[i] = DFPN_UNKNOWN;
        gen_audit_log_init(&log);
        gen_audit_solver_checks(rot, &w, p9, v9, &log);
        CHECK(gen_audit_log_count(&log, GEN_AUDIT_SOLVER_VARIANT) == 1 &&
                  strstr(log.fail[log.n - 1].msg, "unknown here, disproved in the original"),
              "solver-variant: one root status changed (%s)", log.n ? log.fail[log.n - 1].msg : "");
        gen_audit_log_free(&log);
    }
    /* the original's verdict given to the variant unmapped: the points differ */
    gen_audit_log_init(&log);
    gen_audit_solver_checks(rot, v9, p9, v9, &log);
    CHECK(gen_audit_log_count(&log, GEN_AUDIT_SOLVER_VARIANT) == 1, "solver-variant: an unmapped verdict is caught");
    gen_audit_log_free(&log);
    /* invert maps points to themselves: the original's verdict fits */
    gen_audit_log_init(&log);
    gen_audit_solver_checks(p8i, v8, p8, v8, &log);
    expect("solver-variant: invert keeps the points", &log, GEN_AUDIT_SOLVER_VARIANT, 0, NULL);
    gen_audit_log_free(&log);
}

/* The option audit: rows and counts of 0009, and every first visit within
 * the budget equal to the same search's first visits in a longer run (the
 * first 30 playouts of 200 are the 30 playouts). */
static void option_audit(void)
{
    const gen_audit_record *p9 = find("cho-elementary-0009");
    if (!p9)
        return;
    gen_audit_optaudit a, b;
    char err[VP_ERRLEN];
    int rc = gen_audit_options(p9, 30, 7, &a, err);
    CHECK(rc == 0, "option audit: %s", err);
    if (rc)
        return;
    CHECK(a.nrow == 5 && a.options == 4 && a.accepted == 1 && a.noncorrect == 3 && a.extra == 1,
          "0009: %d rows, %d options, %d accepted, %d others, %d extra", a.nrow, a.options, a.accepted, a.noncorrect,
          a.extra);
    static const char *const coord[] = {"C19", "B19", "D19", "A19", "E19"};
    static const int role[] = {GEN_AUDIT_ROLE_DISTRACTOR, GEN_AUDIT_ROLE_CORRECT, GEN_AUDIT_ROLE_DISTRACTOR,
                               GEN_AUDIT_ROLE_DISTRACTOR, GEN_AUDIT_ROLE_EQUIV};
    static const double d[] = {1, 0, 2, 1, 3};
    for (int i = 0; i < 5 && i < a.nrow; i++)
        CHECK(a.row[i].point == pt(coord[i]) && a.row[i].role == role[i] &&
                  a.row[i].dist > d[i] - 1e-9 && a.row[i].dist < d[i] + 1e-9 &&
                  (i < 4 ? a.row[i].label[0] == 'A' + i : a.row[i].label[0] == '\0'),
              "0009 row %d: %s", i, coord[i]);
    /* the same search, 200 playouts, each root */
    ld_problem p;
    CHECK(gen_audit_problem(p9, &p, err) == 0, "0009 problem: %s", err);
    mcts_opts o;
    mcts_opts_init(&o);
    o.playouts = 200;
    o.seed = 7;
    mcts_result open, list;
    memset(&open, 0, sizeof open);
    memset(&list, 0, sizeof list);
    CHECK(mcts_search(&p, &o, &open, err) == 0, "open search: %s", err);
    o.root_mode = MCTS_ROOT_LIST;
    o.nlist = p9->nopt;
    memcpy(o.list, p9->opt, (size_t)p9->nopt * sizeof *o.list);
    CHECK(mcts_search(&p, &o, &list, err) == 0, "list search: %s", err);
    int cov_open = 0, cov_list = 0, extra_open = 0;
    for (int i = 0; i < a.nrow; i++) {
        int fo = 0, fl = 0;
        for (int j = 0; j < open.nroot; j++)
            if (open.root_move[j] == a.row[i].point)
                fo = open.first_visit[j] <= 30 ? open.first_visit[j] : 0;
        for (int j = 0; j < list.nroot; j++)
            if (list.root_move[j] == a.row[i].point && a.row[i].role != GEN_AUDIT_ROLE_EQUIV)
                fl = list.first_visit[j] <= 30 ? list.first_visit[j] : 0;
        CHECK(a.row[i].first_open == fo && a.row[i].first_list == fl, "row %d: first visits %d/%d, 200-playout run "
              "%d/%d", i, a.row[i].first_open, a.row[i].first_list, fo, fl);
        if (a.row[i].role == GEN_AUDIT_ROLE_DISTRACTOR) {
            cov_open += fo > 0;
            cov_list += fl > 0;
        }
        if (a.row[i].role == GEN_AUDIT_ROLE_EQUIV)
            extra_open += fo > 0;
    }
    CHECK(a.covered_open == cov_open && a.covered_list == cov_list && a.extra_open == extra_open,
          "coverage counts %d %d %d, recounted %d %d %d", a.covered_open, a.covered_list, a.extra_open, cov_open,
          cov_list, extra_open);
    mcts_result_free(&open);
    mcts_result_free(&list);
    /* the same seed again gives the same rows; budget 1 sees one option */
    int same = gen_audit_options(p9, 30, 7, &b, err) == 0 && b.nrow == a.nrow;
    for (int i = 0; same && i < a.nrow; i++)
        same = !strcmp(a.row[i].label, b.row[i].label) && a.row[i].point == b.row[i].point &&
               a.row[i].first_open == b.row[i].first_open && a.row[i].first_list == b.row[i].first_list;
    CHECK(same, "option audit is deterministic");
    gen_audit_optaudit_free(&b);
    CHECK(gen_audit_options(p9, 1, 7, &b, err) == 0, "budget 1: %s", err);
    int seen_open = 0, seen_list = 0;
    for (int i = 0; i < b.nrow; i++) {
        seen_open += b.row[i].first_open == 1;
        seen_list += b.row[i].first_list == 1;
        CHECK(b.row[i].first_open <= 1 && b.row[i].first_list <= 1, "budget 1: a visit after playout 1");
    }
    CHECK(seen_open <= 1 && seen_list == 1, "budget 1: %d open and %d restricted options seen", seen_open, seen_list);
    gen_audit_optaudit_free(&b);
    gen_audit_optaudit_free(&a);
}

/* Records that do not read: each field named by its path. */
#define FMT "\"format\": \"vitalpoint-tsumego-record\", \"format_version\": 1, "
static void parse_errors(void)
{
    static const struct {
        const char *json, *check, *text;
    } cases[] = {
        {"[1, 2]", "schema", "not an object"},
        {"{\"id\": \"x\"}", "schema", "field 'format' is missing"},
        {"{\"format\": \"vitalpoint-go-solve\", \"id\": \"x\"}", "schema", "is not vitalpoint-tsumego-record"},
        {"{\"format\": \"vitalpoint-tsumego-record\", \"format_version\": 2}", "schema", "'format_version': expected 1"},
        {"{" FMT "\"id\": 5}", "schema", "field 'id': expected a string, got a number"},
        {"{" FMT "\"id\": \"x\", \"Question\": {\"grid\": [[0]]}}", "schema", "field 'Question.grid': expected 19 rows"},
        {"{" FMT "\"id\": \"x\", \"Question\": {\"black\": [\"p15\"]}}", "coord", "'Question.black[0]': 'p15' is not written as P15"},
        {"{" FMT "\"id\": \"x\", \"Question\": {\"black\": [\"pass\"]}}", "coord", "'pass' is not a point"},
        {"{" FMT "\"id\": \"x\", \"Question\": {\"board_size\": 9}}", "coord", "'Question.board_size': another size, not 19"},
        {"{" FMT "\"id\": \"x\", \"Solution\": {\"refutations\": {\"Z9\": []}}}", "coord", "field 'Solution.refutations.Z9'"},
        {"{" FMT "\"id\": \"x\", \"transform\": \"rot45\"}", "schema", "'rot45' is none of"},
        {"{" FMT "\"id\": \"x\", \"Question\": {\"options\": {\"A\": \"B19\"}}, \"Solution\": {\"correct_option\": \"B\"}}",
         "schema", "'B' is not a label of Question.options"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        json_t *v = json_loads(cases[i].json, 0, NULL);
        gen_audit_record r;
        gen_audit_log log;
        gen_audit_log_init(&log);
        int rc = gen_audit_parse(v, 1, &r, &log);
        int found = 0;
        for (int k = 0; k < log.n; k++)
            found |= !strcmp(gen_audit_check_name(log.fail[k].check), cases[i].check) &&
                     strstr(log.fail[k].msg, cases[i].text) != NULL;
        CHECK(rc == 1 && found, "%s: rc %d, want %s '%s'; first: %s", cases[i].json, rc, cases[i].check,
              cases[i].text, log.n ? log.fail[0].msg : "");
        gen_audit_log_free(&log);
        gen_audit_record_free(&r);
        json_decref(v);
    }
}

/* The replies check on a record that an older build wrote with a
 * refutation whose reply is no refutation (tests/audit/reply.jsonl: Cho
 * Elementary 8, before the ko pass's lines, commit ffd754f), and on a
 * good record with a reply changed by hand. */
static void broken_replies(void)
{
    const char *top = getenv("top_srcdir");
    char path[4096], err[VP_ERRLEN];
    snprintf(path, sizeof path, "%s/tests/audit/reply.jsonl", top && *top ? top : ".");
    FILE *f = fopen(path, "r");
    CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char *line = NULL;
    size_t cap = 0;
    json_t *v = getline(&line, &cap, f) > 0 ? json_loads(line, 0, NULL) : NULL;
    free(line);
    fclose(f);
    CHECK(v != NULL, "%s: not one JSON record", path);
    if (!v)
        return;
    gen_audit_record r;
    gen_audit_log log;
    gen_audit_log_init(&log);
    CHECK(gen_audit_parse(v, 1, &r, &log) == 0 && log.n == 0, "%s: parse", path);
    json_decref(v);
    gen_audit_log_free(&log);
    gen_audit_verdict w;
    CHECK(gen_audit_solve(&r, r.nodes_budget, &w, err) == 0 && gen_audit_solve_replies(&r, r.nodes_budget, &w, err) == 0,
          "%s: df-pn: %s", path, err);
    gen_audit_log_init(&log);
    gen_audit_solver_checks(&r, &w, NULL, NULL, &log);
    expect("replies: Cho 8's C19 refuted by F19, after which Black lives by ko", &log, GEN_AUDIT_REPLIES, 1,
           "distractor D (C19): after the refutation's reply F19 the side to play succeeds by ko");
    CHECK(log.n == 1, "replies: the record's other checks pass (%d failures)", log.n);
    gen_audit_log_free(&log);
    gen_audit_record_free(&r);

    /* Cho 9, Black to kill: C19's reply B19 replaced by A17, after which
     * Black kills */
    const gen_audit_record *p9 = find("cho-elementary-0009");
    if (!p9)
        return;
    copy_record(&r, p9);
    int i = 0;
    while (i < r.nref && r.ref_key[i] != pt("C19"))
        i++;
    CHECK(i < r.nref && r.ref[i].n >= 2 && r.ref[i].v[1] == pt("B19"), "0009: C19 refuted by B19");
    if (i < r.nref && r.ref[i].n >= 2) {
        r.ref[i].v[1] = pt("A17");
        r.ref[i].n = 2;
        CHECK(gen_audit_solve(&r, 200000, &w, err) == 0 && gen_audit_solve_replies(&r, 200000, &w, err) == 0,
              "0009: df-pn: %s", err);
        gen_audit_log_init(&log);
        gen_audit_solver_checks(&r, &w, NULL, NULL, &log);
        expect("replies: a reply that lets the attacker kill", &log, GEN_AUDIT_REPLIES, 1,
               "distractor A (C19): after the refutation's reply A17 the side to play succeeds");
        gen_audit_log_free(&log);
        /* --no-replies: the check does not run */
        w.replies = 0;
        gen_audit_log_init(&log);
        gen_audit_solver_checks(&r, &w, NULL, NULL, &log);
        CHECK(log.ran[GEN_AUDIT_REPLIES] == 0 && gen_audit_log_count(&log, GEN_AUDIT_REPLIES) == 0,
              "replies: not run when not solved");
        gen_audit_log_free(&log);
    }
    gen_audit_record_free(&r);
}

int main(void)
{
    transform_names();
    parse_errors();
    if (load()) {
        good_records();
        broken_statics();
        broken_solver();
        broken_replies();
        option_audit();
    }
    for (int i = 0; i < nrec; i++)
        gen_audit_record_free(&recs[i]);
    return test_done("goaudit_test");
}
