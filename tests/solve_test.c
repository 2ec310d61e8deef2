/* solve_test.c: the exact solver checked against a plain reference
 * negamax written here (no pruning, no forcing shortcuts, no symmetry)
 * with its own memo: value and game length of every move, on every
 * unfinished position of oTTT, of cTTT from 4 stones and of dTTT from 7
 * stones, and on a fixed pseudo-random sample of late sTTT positions;
 * each with and without symmetry-canonical table keys (fresh tables for
 * each), and, where the solver offers it, asking for every move's exact
 * value (every 4th dTTT position). */
#include <config.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engines/ttt.h"
#include "engines/vp.h"
#include "solver/tt.h"
#include "solver/ttt_solve.h"
#include "test.h"

/* ---- reference memo: one word per position, key << 8 | data ---- */

typedef struct memo {
    uint64_t *w; /* 0: empty slot */
    size_t cap;  /* power of two */
    size_t n;
} memo;

static uint64_t mix(uint64_t k)
{
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
}

static void memo_init(memo *m, size_t cap)
{
    m->w = calloc(cap, sizeof *m->w);
    if (!m->w) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    m->cap = cap;
    m->n = 0;
}

static void memo_free(memo *m)
{
    free(m->w);
    m->w = NULL;
    m->cap = m->n = 0;
}

static size_t memo_slot(const memo *m, uint64_t key)
{
    size_t i = (size_t)mix(key) & (m->cap - 1);
    while (m->w[i] && (m->w[i] >> 8) != key)
        i = (i + 1) & (m->cap - 1);
    return i;
}

/* Data stored under key, or 0. */
static unsigned memo_get(const memo *m, uint64_t key)
{
    uint64_t w = m->w[memo_slot(m, key)];
    return w ? (unsigned)(w & 0xff) : 0;
}

static void memo_put(memo *m, uint64_t key, unsigned data)
{
    if (2 * (m->n + 1) > m->cap) {
        memo old = *m;
        memo_init(m, old.cap * 2);
        for (size_t i = 0; i < old.cap; i++)
            if (old.w[i]) {
                m->w[memo_slot(m, old.w[i] >> 8)] = old.w[i];
                m->n++;
            }
        memo_free(&old);
    }
    size_t i = memo_slot(m, key);
    if (!m->w[i])
        m->n++;
    m->w[i] = key << 8 | data;
}

/* data: bit 7 set (so never 0), value + 1 in bits 0-1, plies in 2-6. */
static unsigned pack(int value, int plies) { return 0x80u | (unsigned)(value + 1) | (unsigned)plies << 2; }
static int unpack_value(unsigned d) { return (int)(d & 3) - 1; }
static int unpack_plies(unsigned d) { return (int)(d >> 2 & 31); }

/* ---- the reference ---- */

static int popcount(ttt_set s)
{
    int n = 0;
    for (; s; s &= s - 1)
        n++;
    return n;
}

static int completes_line(const ttt_game *g, ttt_set s)
{
    for (int i = 0; i < g->nlines; i++)
        if ((s & g->lines[i]) == g->lines[i])
            return 1;
    return 0;
}

static unsigned ref(const ttt_game *g, memo *m, ttt_set w, ttt_set b);

/* Value and plies of the move at cell c for the player to move. */
static void ref_move(const ttt_game *g, memo *m, ttt_set w, ttt_set b, int c, int *value, int *plies)
{
    ttt_set bit = (ttt_set)1 << c;
    int white = popcount(w) == popcount(b);
    if (completes_line(g, (white ? w : b) | bit)) {
        *value = 1;
        *plies = 1;
        return;
    }
    unsigned d = white ? ref(g, m, w | bit, b) : ref(g, m, w, b | bit);
    *value = -unpack_value(d);
    *plies = unpack_plies(d) + 1;
}

/* Combines one move's result into the best so far. */
static void better(int v, int p, int *bv, int *bp)
{
    if (v > *bv) {
        *bv = v;
        *bp = p;
    } else if (v == *bv) {
        if ((v > 0 && p < *bp) || (v < 0 && p > *bp))
            *bp = p;
    }
}

/* (value, plies) of a position with no winner for the player to move. */
static unsigned ref(const ttt_game *g, memo *m, ttt_set w, ttt_set b)
{
    ttt_set empty = g->full & ~(w | b);
    if (!empty)
        return pack(0, 0);
    uint64_t key = (uint64_t)w | (uint64_t)b << 25;
    unsigned d = memo_get(m, key);
    if (d)
        return d;
    int bv = -2, bp = 0;
    for (int c = 0; c < g->ncells; c++) {
        if (!(empty >> c & 1))
            continue;
        int v, p;
        ref_move(g, m, w, b, c, &v, &p);
        better(v, p, &bv, &bp);
    }
    d = pack(bv, bp);
    memo_put(m, key, d);
    return d;
}

/* ---- comparison with the solver ---- */

typedef struct group {
    const char *name;
    uint64_t positions, bad;
    uint64_t values[3];
} group;

static void report(group *gr, ttt_set w, ttt_set b, const char *what, int want, int got)
{
    gr->bad++;
    if (gr->bad <= 5) {
        char s1[32], s2[32];
        CHECK(0, "%s: white %s black %s: %s: want %d, got %d", gr->name, ttt_set_letters(w, s1),
              ttt_set_letters(b, s2), what, want, got);
    }
}

static void report_set(group *gr, ttt_set w, ttt_set b, const char *what, ttt_set want, ttt_set got)
{
    gr->bad++;
    if (gr->bad <= 5) {
        char s1[32], s2[32], s3[32], s4[32];
        CHECK(0, "%s: white %s black %s: %s: want {%s}, got {%s}", gr->name, ttt_set_letters(w, s1),
              ttt_set_letters(b, s2), what, ttt_set_letters(want, s3), ttt_set_letters(got, s4));
    }
}

/* What the reference says of one position. */
typedef struct expect {
    ttt_set w, b, empty, optimal, fastest;
    int value, plies;
    int mv[TTT_MAX_CELLS], mp[TTT_MAX_CELLS];
} expect;

static void reference(const ttt_game *g, memo *m, ttt_set w, ttt_set b, expect *e)
{
    e->w = w;
    e->b = b;
    e->empty = g->full & ~(w | b);
    e->optimal = e->fastest = 0;
    e->value = -2;
    e->plies = 0;
    for (int c = 0; c < g->ncells; c++)
        if (e->empty >> c & 1) {
            ref_move(g, m, w, b, c, &e->mv[c], &e->mp[c]);
            better(e->mv[c], e->mp[c], &e->value, &e->plies);
        }
    for (int c = 0; c < g->ncells; c++)
        if ((e->empty >> c & 1) && e->mv[c] == e->value) {
            e->optimal |= (ttt_set)1 << c;
            if (e->mp[c] == e->plies)
                e->fastest |= (ttt_set)1 << c;
        }
}

static void compare(ttt_solver *s, group *gr, const expect *e, int all_values)
{
    const ttt_game *g = s->g;
    ttt_set w = e->w, b = e->b;
    gr->positions++;
    gr->values[e->value + 1]++;

    ttt_pos pos = {w, b};
    ttt_analysis a;
    char err[VP_ERRLEN] = "";
    unsigned flags = 1; /* distances */
#ifdef TTT_SOLVE_ALL_VALUES
    if (all_values)
        flags |= TTT_SOLVE_ALL_VALUES;
#else
    all_values = 1; /* every move value is exact */
#endif
    int rc = ttt_solve_analyse(s, pos, flags, &a, err);
    if (rc != 0) {
        report(gr, w, b, "ttt_solve_analyse return code", 0, rc);
        return;
    }
    if (a.value != e->value)
        report(gr, w, b, "value", e->value, a.value);
    if (a.plies != e->plies)
        report(gr, w, b, "plies", e->plies, a.plies);
    if (a.optimal != e->optimal)
        report_set(gr, w, b, "optimal moves", e->optimal, a.optimal);
    if (a.fastest != e->fastest)
        report_set(gr, w, b, "fastest moves", e->fastest, a.fastest);
    if (a.solved != e->empty)
        report_set(gr, w, b, "solved moves", e->empty, a.solved);
    for (int c = 0; c < g->ncells; c++) {
        if (!(e->empty >> c & 1))
            continue;
        char what[64];
        /* A move outside the optimal set may be reported only as worse
         * than the value (-2) unless every exact value was asked for. */
        int loose = !all_values && e->mv[c] < e->value && a.move_value[c] == -2;
        if (a.move_value[c] != e->mv[c] && !loose) {
            snprintf(what, sizeof what, "value of move %c", ttt_cell_letter(c));
            report(gr, w, b, what, e->mv[c], a.move_value[c]);
        }
        int want = e->mv[c] == e->value ? e->mp[c] : -1;
        if (a.move_plies[c] != want) {
            snprintf(what, sizeof what, "plies of move %c", ttt_cell_letter(c));
            report(gr, w, b, what, want, a.move_plies[c]);
        }
    }
    int v = ttt_solve_value(s, pos);
    if (v != e->value)
        report(gr, w, b, "ttt_solve_value", e->value, v);
    int draw = -1, d = ttt_solve_distance(s, pos, &draw);
    int want_d = e->value > 0 ? e->plies : e->value < 0 ? -e->plies : 0;
    if (d != want_d)
        report(gr, w, b, "ttt_solve_distance", want_d, d);
    if (draw != (e->value == 0))
        report(gr, w, b, "ttt_solve_distance draw flag", e->value == 0, draw);
    if (s->aborted)
        report(gr, w, b, "aborted without a budget", 0, 1);
}

static void group_done(const group *gr, uint64_t min_positions)
{
    CHECK(gr->bad == 0, "%s: %llu mismatches over %llu positions", gr->name, (unsigned long long)gr->bad,
          (unsigned long long)gr->positions);
    CHECK(gr->positions >= min_positions, "%s: only %llu positions checked", gr->name,
          (unsigned long long)gr->positions);
    printf("%s: %llu positions (%llu losses, %llu draws, %llu wins for the mover)\n", gr->name,
           (unsigned long long)gr->positions, (unsigned long long)gr->values[0],
           (unsigned long long)gr->values[1], (unsigned long long)gr->values[2]);
}

/* Fresh tables and a solver keyed as asked. */
typedef struct rig {
    tt_table wdl, exact;
    ttt_solver s;
} rig;

static void rig_init(rig *r, const ttt_game *g, int canonical)
{
    if (tt_init(&r->wdl, 64 << 20) != 0 || tt_init(&r->exact, 64 << 20) != 0) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    ttt_solver_init(&r->s, g, &r->wdl, &r->exact);
    r->s.canonical = canonical;
}

static void rig_free(rig *r)
{
    tt_free(&r->wdl);
    tt_free(&r->exact);
}

/* The two solvers every position is put to: symmetry-canonical table
 * keys and plain keys, each over fresh tables of its own. */
typedef struct pair {
    rig r[2];
    group gr[4]; /* canonical, plain; then the same asking for all values */
    char name[4][80];
    uint64_t count, all_stride; /* all values asked on every all_stride-th position */
} pair;

/* Whether the solver can be asked for the exact value of every move. */
#ifdef TTT_SOLVE_ALL_VALUES
#define NPASSES 2
#else
#define NPASSES 1
#endif

static void pair_init(pair *p, const ttt_game *g, const char *label, uint64_t all_stride)
{
    memset(p, 0, sizeof *p);
    p->all_stride = all_stride;
    for (int i = 0; i < 2; i++)
        rig_init(&p->r[i], g, 1 - i);
    for (int i = 0; i < 2 * NPASSES; i++) {
        snprintf(p->name[i], sizeof p->name[i], "%s canonical=%d%s", label, 1 - i % 2,
                 i >= 2 ? " all values" : "");
        p->gr[i].name = p->name[i];
    }
}

static void pair_check(pair *p, const ttt_game *g, memo *m, ttt_set w, ttt_set b)
{
    expect e;
    reference(g, m, w, b, &e);
    int npasses = p->count++ % p->all_stride == 0 ? 2 * NPASSES : 2;
    for (int i = 0; i < npasses; i++)
        compare(&p->r[i % 2].s, &p->gr[i], &e, i >= 2);
}

static void pair_done(pair *p, uint64_t min_positions, uint64_t exact_positions)
{
    for (int i = 0; i < 2 * NPASSES; i++) {
        group_done(&p->gr[i], i < 2 ? min_positions : min_positions / p->all_stride);
        if (exact_positions && i < 2)
            CHECK(p->gr[i].positions == exact_positions, "%s: %llu positions, want %llu", p->gr[i].name,
                  (unsigned long long)p->gr[i].positions, (unsigned long long)exact_positions);
    }
    for (int i = 0; i < 2; i++)
        rig_free(&p->r[i]);
}

/* Every position of g with n stones, no winner and an empty cell, taking
 * those whose running index is a multiple of stride. */
static void sweep(pair *p, const ttt_game *g, memo *m, int n, uint64_t stride, uint64_t *index)
{
    int nw = (n + 1) / 2, nb = n / 2;
    if (n >= g->ncells)
        return;
    for (ttt_set w = 0; w <= g->full; w++) {
        if (popcount(w) != nw || completes_line(g, w))
            continue;
        ttt_set rest = g->full & ~w;
        ttt_set b = rest;
        for (;;) { /* every subset of rest, from rest down to 0 */
            if (popcount(b) == nb && !completes_line(g, b) && (*index)++ % stride == 0)
                pair_check(p, g, m, w, b);
            if (!b)
                break;
            b = (b - 1) & rest;
        }
    }
}

static void test_exhaustive(ttt_kind k, int nmin, uint64_t stride, uint64_t all_stride, const char *label,
                            uint64_t min_positions, uint64_t exact_positions)
{
    ttt_game g;
    memo m;
    pair p;
    uint64_t index = 0;
    ttt_game_init(&g, k);
    memo_init(&m, 1 << 16);
    pair_init(&p, &g, label, all_stride);
    for (int n = nmin; n < g.ncells; n++)
        sweep(&p, &g, &m, n, stride, &index);
    pair_done(&p, min_positions, exact_positions);
    memo_free(&m);
}

/* A fixed simple LCG. */
static uint64_t lcg_state;
static uint32_t lcg(void)
{
    lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(lcg_state >> 33);
}

#define STTT_SAMPLES 300

static void test_sttt_sample(void)
{
    ttt_game g;
    ttt_game_init(&g, TTT_STTT);
    static ttt_pos sample[STTT_SAMPLES];
    int ns = 0, tries = 0;
    lcg_state = 20240601;
    while (ns < STTT_SAMPLES && tries < 1000000) {
        int cells[TTT_MAX_CELLS], n = 14 + (int)(lcg() % 5);
        tries++;
        for (int i = 0; i < g.ncells; i++)
            cells[i] = i;
        for (int i = g.ncells - 1; i > 0; i--) {
            int j = (int)(lcg() % (uint32_t)(i + 1)), t = cells[i];
            cells[i] = cells[j];
            cells[j] = t;
        }
        ttt_set w = 0, b = 0;
        for (int i = 0; i < n; i++)
            if (i < (n + 1) / 2)
                w |= (ttt_set)1 << cells[i];
            else
                b |= (ttt_set)1 << cells[i];
        if (completes_line(&g, w) || completes_line(&g, b))
            continue;
        sample[ns].white = w;
        sample[ns].black = b;
        ns++;
    }
    CHECK(ns == STTT_SAMPLES, "sTTT: only %d sample positions", ns);
    pair p;
    pair_init(&p, &g, "sTTT 14-18 stones", 1);
    for (int i = 0; i < ns; i++) {
        memo m; /* one small memo per position */
        memo_init(&m, 1 << 12);
        pair_check(&p, &g, &m, sample[i].white, sample[i].black);
        memo_free(&m);
    }
    pair_done(&p, STTT_SAMPLES, 0);
}

static void test_known(void)
{
    ttt_game g;
    rig r;
    ttt_pos empty = {0, 0};
    ttt_analysis a;
    char err[VP_ERRLEN] = "";
    int draw = -1;

    /* Tic-tac-toe is a draw, and so is every first move. */
    ttt_game_init(&g, TTT_OTTT);
    rig_init(&r, &g, 1);
    CHECK(ttt_solve_analyse(&r.s, empty, 1, &a, err) == 0, "oTTT empty board: %s", err);
    CHECK(a.value == 0 && a.plies == 9, "oTTT empty board: value %d plies %d", a.value, a.plies);
    CHECK(a.optimal == g.full && a.fastest == g.full, "oTTT: all nine first moves draw");
    for (int c = 0; c < 9; c++)
        CHECK(a.move_value[c] == 0 && a.move_plies[c] == 9, "oTTT first move %c: %d in %d", ttt_cell_letter(c),
              a.move_value[c], a.move_plies[c]);
    CHECK(ttt_solve_value(&r.s, empty) == 0, "oTTT value");
    CHECK(ttt_solve_distance(&r.s, empty, &draw) == 0 && draw == 1, "oTTT distance");
    /* Analysing a finished position is refused. */
    ttt_pos won = {0x7, 0x18}; /* A B C against D E */
    CHECK(ttt_solve_analyse(&r.s, won, 1, &a, err) == VP_EINVAL, "finished position analysed");
    rig_free(&r);

    /* A node budget stops the sTTT search. */
    ttt_game_init(&g, TTT_STTT);
    rig_init(&r, &g, 1);
    r.s.node_limit = 1000;
    err[0] = '\0';
    int rc = ttt_solve_analyse(&r.s, empty, 1, &a, err);
    CHECK(rc == VP_EABORT, "sTTT empty board with 1000 nodes: returned %d", rc);
    CHECK(r.s.aborted, "sTTT empty board with 1000 nodes: aborted not set");
    CHECK(err[0] != '\0', "budget message");
    CHECK((a.solved & ~g.full) == 0 && a.solved != g.full, "sTTT: solved %x after an abort", (unsigned)a.solved);
    rig_free(&r);
}

int main(void)
{
    test_known();
    /* 5,478 legal tic-tac-toe positions, of which 958 are finished. */
    test_exhaustive(TTT_OTTT, 0, 1, 1, "oTTT all", 4520, 4520);
    test_exhaustive(TTT_CTTT, 4, 1, 1, "cTTT 4+ stones", 100000, 0);
    /* dTTT: every position, and every 4th of them with all move values. */
    test_exhaustive(TTT_DTTT, 7, 1, 4, "dTTT 7+ stones", 1000000, 0);
    test_sttt_sample();
    return test_done("solve_test");
}
