/* gen_enum.c: enumeration of positions by cell subsets (white's stones,
 * then black's among the rest), labels by mask operations, and the exact
 * verification of the labels. Threads take contiguous blocks of white
 * subsets and their outputs are joined in block order, so results never
 * depend on the thread count. */
#include <config.h>

#include "gen_enum.h"

#include <stdlib.h>
#include <string.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../engines/vp.h"
#include "../solver/ttt_solve.h"

const char *gen_verdict_name(int v)
{
    switch (v) {
    case GEN_WIN:
        return "win";
    case GEN_BLOCKED:
        return "blocked";
    case GEN_FORK:
        return "fork";
    case GEN_NONE:
        return "none";
    default:
        return "filtered";
    }
}

const char *gen_agreement_name(gen_agreement a)
{
    static const char *const n[] = {"equal", "subset", "contradicts"};
    return a < GEN_NAGREE ? n[a] : "?";
}

int gen_fork_rule_parse(const char *s, gen_fork_rule *r, char *err)
{
    if (strcmp(s, "lines") == 0)
        *r = GEN_FORK_LINES;
    else if (strcmp(s, "cells") == 0)
        *r = GEN_FORK_CELLS;
    else
        return vp_fail(err, VP_EINVAL, "unknown fork rule '%s' (expected lines or cells)", s);
    return 0;
}

int gen_label(const ttt_game *g, ttt_pos pos, gen_fork_rule rule, ttt_set *answers)
{
    int white = ttt_white_to_move(pos), onl;
    ttt_set p = white ? pos.white : pos.black, o = white ? pos.black : pos.white;
    ttt_set ow = ttt_win_cells(g, o, p, &onl);
    *answers = 0;
    if (rule == GEN_FORK_LINES ? onl >= 2 : bb_more_than_one(ow))
        return GEN_FILTERED;
    ttt_set pw = ttt_win_cells(g, p, o, NULL);
    if (pw) {
        *answers = pw;
        return GEN_WIN;
    }
    if (ow) {
        if (bb_more_than_one(ow))
            return GEN_NONE;
        *answers = ow;
        return GEN_BLOCKED;
    }
    ttt_set forks = 0;
    uint64_t e = g->full & ~(p | o);
    while (e) {
        int c = bb_pop_lsb(&e), nl;
        ttt_set th = ttt_new_threats(g, p, o, c, &nl);
        if (rule == GEN_FORK_LINES ? nl >= 2 : bb_more_than_one(th))
            forks |= (ttt_set)1 << c;
    }
    *answers = forks;
    return forks ? GEN_FORK : GEN_NONE;
}

gen_agreement gen_agreement_of(ttt_set answers, ttt_set optimal)
{
    if (answers & ~optimal)
        return GEN_AGREE_CONTRADICTS;
    return answers == optimal ? GEN_AGREE_EQUAL : GEN_AGREE_SUBSET;
}

/* Next larger set with the same number of cells (Gosper's hack). */
static ttt_set next_combination(ttt_set s)
{
    ttt_set c = s & -s, r = s + c;
    return (((r ^ s) >> 2) / c) | r;
}

/* All subsets of k cells among ncells, in increasing order; returns their
 * number, or 0 with *out NULL on allocation failure. */
static size_t combinations(int ncells, int k, ttt_set **out)
{
    size_t n = 1;
    for (int i = 0; i < k; i++)
        n = n * (size_t)(ncells - i) / (size_t)(i + 1);
    ttt_set *v = malloc(n * sizeof *v);
    *out = v;
    if (!v)
        return 0;
    ttt_set s = (ttt_set)((1ull << k) - 1);
    for (size_t i = 0; i < n; i++) {
        v[i] = s;
        if (k > 0)
            s = next_combination(s);
    }
    return n;
}

/* What a labelling needs to know of one player's stones, as masks over
 * the winning sets: the sets it touches, those it holds all but one cell
 * of (e1) or all but two (e2), and whether it holds one whole. Computed
 * once per cell subset, so labelling a position is a few mask operations
 * and a walk over the handful of sets that matter. */
typedef struct line_sum {
    uint32_t touched, e1, e2;
    int won;
} line_sum;

static line_sum summarise(const ttt_game *g, ttt_set s)
{
    line_sum r = {0, 0, 0, 0};
    for (int i = 0; i < g->nlines; i++) {
        int c = ttt_count(g->lines[i] & s);
        uint32_t bit = (uint32_t)1 << i;
        if (c)
            r.touched |= bit;
        if (c == g->line_len)
            r.won = 1;
        else if (c == g->line_len - 1)
            r.e1 |= bit;
        else if (c == g->line_len - 2)
            r.e2 |= bit;
    }
    return r;
}

/* Union of the cells of lines `ls` not held by s. */
static ttt_set missing_cells(const ttt_game *g, uint64_t ls, ttt_set s)
{
    ttt_set cells = 0;
    while (ls)
        cells |= g->lines[bb_pop_lsb(&ls)] & ~s;
    return cells;
}

/* gen_label from summaries: the same answers by mask operations (tests
 * check the two agree on every position). */
static int label_fast(const ttt_game *g, ttt_set p, const line_sum *sp, const line_sum *so,
                      gen_fork_rule rule, ttt_set o, ttt_set *answers)
{
    uint32_t to = so->e1 & ~sp->touched; /* the opponent's threat lines */
    ttt_set ow = 0;
    *answers = 0;
    if (to) {
        if (rule == GEN_FORK_LINES && bb_more_than_one(to))
            return GEN_FILTERED;
        ow = missing_cells(g, to, o);
        if (bb_more_than_one(ow))
            return rule == GEN_FORK_CELLS ? GEN_FILTERED : GEN_NONE;
    }
    uint32_t tp = sp->e1 & ~so->touched;
    if (tp) {
        *answers = missing_cells(g, tp, p);
        return GEN_WIN;
    }
    if (ow) {
        *answers = ow;
        return GEN_BLOCKED;
    }
    /* A fork cell lies on two lines that hold all but two cells of p and
     * none of o. */
    uint64_t m2 = sp->e2 & ~so->touched;
    ttt_set once = 0, twice = 0;
    for (uint64_t ls = m2; ls;) {
        ttt_set e = g->lines[bb_pop_lsb(&ls)] & ~p;
        twice |= once & e;
        once |= e;
    }
    if (rule == GEN_FORK_CELLS) {
        for (uint64_t cs = twice; cs;) {
            int c = bb_pop_lsb(&cs);
            ttt_set bit = (ttt_set)1 << c;
            if (!bb_more_than_one(missing_cells(g, g->cell_lines[c] & m2, p | bit)))
                twice &= ~bit;
        }
    }
    *answers = twice;
    return twice ? GEN_FORK : GEN_NONE;
}

typedef struct block_out {
    gen_counts c;
    gen_question *q;
    size_t nq, cap;
    int oom;
} block_out;

static void push_question(block_out *b, ttt_pos pos, ttt_set ans, int v)
{
    if (b->nq == b->cap) {
        size_t cap = b->cap ? b->cap * 2 : 1024;
        gen_question *q = realloc(b->q, cap * sizeof *q);
        if (!q) {
            b->oom = 1;
            return;
        }
        b->q = q;
        b->cap = cap;
    }
    b->q[b->nq].pos = pos;
    b->q[b->nq].answers = ans;
    b->q[b->nq].verdict = v;
    b->nq++;
}

int gen_enumerate(const ttt_game *g, int n, gen_fork_rule rule, gen_counts *c, gen_question **qs,
                  size_t *nq, char *err)
{
    if (n < 0 || n > g->ncells)
        return vp_fail(err, VP_ERANGE, "--moves %d is out of range for %s (0 to %d)", n, g->name,
                       g->ncells);
    int nw = (n + 1) / 2, nb = n / 2, white_moves = (nw == nb);
    ttt_set *ws, *bs;
    size_t nws = combinations(g->ncells, nw, &ws);
    size_t nbs = combinations(g->ncells, nb, &bs);
    int nthreads = 1;
#ifdef _OPENMP
    nthreads = omp_get_max_threads();
#endif
    block_out *out = calloc((size_t)nthreads, sizeof *out);
    line_sum *bsum = ws && bs ? malloc(nbs * sizeof *bsum) : NULL;
    if (!ws || !bs || !out || !bsum) {
        free(ws);
        free(bs);
        free(out);
        free(bsum);
        return vp_fail(err, VP_ENOMEM, "out of memory enumerating %s", g->name);
    }
#ifdef _OPENMP
#pragma omp parallel num_threads(nthreads)
#endif
    {
        int t = 0, nt = 1;
#ifdef _OPENMP
        t = omp_get_thread_num();
        nt = omp_get_num_threads();
#pragma omp for schedule(static)
#endif
        for (size_t j = 0; j < nbs; j++)
            bsum[j] = summarise(g, bs[j]);
        block_out *b = &out[t];
        size_t lo = nws * (size_t)t / (size_t)nt, hi = nws * (size_t)(t + 1) / (size_t)nt;
        for (size_t i = lo; i < hi; i++) {
            ttt_set w = ws[i];
            line_sum wsum = summarise(g, w);
            if (wsum.won)
                continue;
            for (size_t j = 0; j < nbs; j++) {
                ttt_set bl = bs[j];
                if ((bl & w) || bsum[j].won)
                    continue;
                ttt_set ans;
                int v = white_moves ? label_fast(g, w, &wsum, &bsum[j], rule, bl, &ans)
                                    : label_fast(g, bl, &bsum[j], &wsum, rule, w, &ans);
                b->c.positions++;
                if (v == GEN_FILTERED) {
                    b->c.filtered++;
                    continue;
                }
                b->c.verdicts[v]++;
                if (qs && v != GEN_NONE) {
                    ttt_pos pos = {w, bl};
                    push_question(b, pos, ans, v);
                }
            }
        }
    }
    free(ws);
    free(bs);
    free(bsum);
    memset(c, 0, sizeof *c);
    size_t total = 0;
    int oom = 0;
    for (int t = 0; t < nthreads; t++) {
        c->positions += out[t].c.positions;
        c->filtered += out[t].c.filtered;
        for (int v = 0; v < GEN_NVERDICTS; v++)
            c->verdicts[v] += out[t].c.verdicts[v];
        total += out[t].nq;
        oom |= out[t].oom;
    }
    int rc = 0;
    if (qs) {
        gen_question *all = oom ? NULL : malloc((total ? total : 1) * sizeof *all);
        if (!all) {
            rc = vp_fail(err, VP_ENOMEM, "out of memory collecting %s questions", g->name);
        } else {
            size_t k = 0;
            for (int t = 0; t < nthreads; t++) {
                if (out[t].nq)
                    memcpy(all + k, out[t].q, out[t].nq * sizeof *all);
                k += out[t].nq;
            }
            *qs = all;
            *nq = total;
        }
    }
    for (int t = 0; t < nthreads; t++)
        free(out[t].q);
    free(out);
    return rc;
}

void gen_sequences(mpz_t out, const gen_counts *c, int n)
{
    mpz_t f;
    mpz_init(f);
    mpz_set_ui(out, 0);
    mpz_import(out, 1, -1, sizeof c->positions, 0, 0, &c->positions);
    mpz_fac_ui(f, (unsigned long)(n + 1) / 2);
    mpz_mul(out, out, f);
    mpz_fac_ui(f, (unsigned long)n / 2);
    mpz_mul(out, out, f);
    mpz_clear(f);
}

/* Number of distinct images of pos under the symmetries of g when pos is
 * the smallest of them (white | black << 25), else 0. */
static int orbit_if_canonical(const ttt_game *g, ttt_pos pos)
{
    uint64_t key = (uint64_t)pos.white | (uint64_t)pos.black << 25, img[TTT_MAX_SYMS];
    int n = 0;
    for (int k = 0; k < g->nsyms; k++) {
        ttt_pos q = ttt_sym_pos(g, k, pos);
        uint64_t kq = (uint64_t)q.white | (uint64_t)q.black << 25;
        if (kq < key)
            return 0;
        int seen = 0;
        for (int j = 0; j < n; j++)
            seen |= img[j] == kq;
        if (!seen)
            img[n++] = kq;
    }
    return n;
}

int gen_verify_questions(const ttt_game *g, const gen_question *qs, size_t nq, tt_table *tt,
                         gen_verify_counts *vc, gen_progress_fn progress, void *ctx, char *err)
{
    memset(vc, 0, sizeof *vc);
    (void)err;
    size_t done = 0;
    /* Labels and values commute with the board's symmetries (tests check
     * it), so each orbit is solved once, at its smallest member, and
     * counted as many times as it has members. */
#ifdef _OPENMP
#pragma omp parallel
#endif
    {
        ttt_solver s;
        ttt_solver_init(&s, g, tt, NULL);
        gen_verify_counts mine;
        memset(&mine, 0, sizeof mine);
#ifdef _OPENMP
#pragma omp for schedule(dynamic, 64) nowait
#endif
        for (size_t i = 0; i < nq; i++) {
            int w = orbit_if_canonical(g, qs[i].pos);
            if (w) {
                ttt_analysis a;
                /* Questions always have an empty cell and no winner, and
                 * no budget is set, so the analysis cannot fail. */
                ttt_solve_analyse(&s, qs[i].pos, 0, &a, NULL);
                mine.agreement[qs[i].verdict][gen_agreement_of(qs[i].answers, a.optimal)] += (uint64_t)w;
                mine.value[qs[i].verdict][a.value + 1] += (uint64_t)w;
            }
            if (progress && (i & 1023) == 0) {
                size_t d;
#ifdef _OPENMP
#pragma omp atomic capture
#endif
                d = done += 1024;
#ifdef _OPENMP
                if (omp_get_thread_num() == 0)
#endif
                    progress(ctx, (double)d / (double)nq);
            }
        }
        mine.nodes = s.nodes;
#ifdef _OPENMP
#pragma omp critical
#endif
        {
            for (int v = 0; v < GEN_NVERDICTS; v++) {
                for (int k = 0; k < GEN_NAGREE; k++)
                    vc->agreement[v][k] += mine.agreement[v][k];
                for (int k = 0; k < 3; k++)
                    vc->value[v][k] += mine.value[v][k];
            }
            vc->nodes += mine.nodes;
        }
    }
    return 0;
}
