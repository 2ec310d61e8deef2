/* local_board.c: does a compact local board pay for the life-and-death
 * solver? Issue 4 asks this to be measured before deciding.
 *
 * The solver's bitboard work (flood fills and neighbour sets: Benson's
 * precheck, the no-eye-space kill, the atari test) runs on bb361, six
 * 64-bit words, windowed to the words the region uses (bb361_neighbours_
 * window). A compact local board would map the region's bounding box, a
 * border line where it is not at the edge, and one guard column per row
 * into a single 64-bit word where it fits. This program times the same
 * kernel on the three representations over positions taken from the
 * bundled problems:
 *
 *   kernel: the chains through the target's stones (flood inside the
 *   defender's stones) and their liberties counted, then the points of the
 *   region's non-defender set connected to the region's outside (the flood
 *   of the solver's benson_cannot).
 *
 * Positions: for each problem that ld_problem_from accepts and whose
 * compact board fits in 64 bits, the framed board and NPOS positions
 * reached from it by up to 12 random legal region moves (fixed seed). The
 * three kernels must agree on every position (checked; exit 1 if not).
 * Usage: local_board [REPEATS] FILE...   (prints ns per kernel call) */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engines/bitboard.h"
#include "engines/go.h"
#include "engines/problem.h"
#include "engines/rng.h"
#include "engines/vp.h"
#include "solver/ld.h"

#define NPOS 64
#define SEED 20261129u

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* One position in the three forms. */
typedef struct pos {
    bb361 def, empty, region, target, outside_nd; /* outside_nd: non-defender points outside the region */
    uint64_t cdef, cempty, cregion, ctarget, coutside_nd;
} pos;

/* The compact map of a problem: bounding box x0..x1, y0..y1 (the region
 * plus a border line where not at the edge), row width w = columns + 1
 * (a guard column), inside = the bits of real points. */
typedef struct cmap {
    int x0, y0, cols, rows, w;
    uint64_t inside;
} cmap;

static int cmap_make(const bb361 *region, cmap *m)
{
    int x0 = 18, x1 = 0, y0 = 18, y1 = 0;
    for (int p = bb361_lowest(region); p >= 0; p = bb361_next(region, p + 1)) {
        int x = p % 19, y = p / 19;
        x0 = x < x0 ? x : x0;
        x1 = x > x1 ? x : x1;
        y0 = y < y0 ? y : y0;
        y1 = y > y1 ? y : y1;
    }
    x0 -= x0 > 0;
    y0 -= y0 > 0;
    x1 += x1 < 18;
    y1 += y1 < 18;
    m->x0 = x0;
    m->y0 = y0;
    m->cols = x1 - x0 + 1;
    m->rows = y1 - y0 + 1;
    m->w = m->cols + 1;
    if (m->w * m->rows > 64)
        return 0;
    m->inside = 0;
    for (int r = 0; r < m->rows; r++)
        for (int cc = 0; cc < m->cols; cc++)
            m->inside |= (uint64_t)1 << (r * m->w + cc);
    return 1;
}

static uint64_t to_compact(const cmap *m, const bb361 *s)
{
    uint64_t v = 0;
    for (int r = 0; r < m->rows; r++)
        for (int cc = 0; cc < m->cols; cc++)
            if (bb361_test(s, (m->y0 + r) * 19 + m->x0 + cc))
                v |= (uint64_t)1 << (r * m->w + cc);
    return v;
}

/* ---- the kernel on the full board, windowed, compact ---- */

static int kernel_full(const pos *q, bb361 *reach)
{
    bb361 on = bb361_and(q->target, q->def);
    bb361 chains = bb361_flood_from(on, q->def);
    int libs = bb361_popcount(bb361_and(bb361_neighbours(chains), q->empty));
    bb361 x = bb361_andnot(q->region, q->def);
    bb361 seed = bb361_and(x, bb361_neighbours(q->outside_nd));
    *reach = bb361_flood_from(seed, x);
    return libs;
}

static bb361 flood_w(bb361 seeds, bb361 s, int lo, int hi)
{
    bb361 r = bb361_and(seeds, s);
    for (;;) {
        bb361 n = bb361_and(bb361_or(r, bb361_neighbours_window(&r, lo, hi)), s);
        if (bb361_equal(n, r))
            return r;
        r = n;
    }
}

static int kernel_window(const pos *q, int lo, int hi, bb361 *reach)
{
    bb361 on = bb361_and(q->target, q->def);
    bb361 chains = flood_w(on, q->def, lo, hi);
    int libs = bb361_popcount(bb361_and(bb361_neighbours_window(&chains, lo, hi), q->empty));
    bb361 x = bb361_andnot(q->region, q->def);
    bb361 seed = bb361_and(x, bb361_neighbours_window(&q->outside_nd, lo, hi));
    *reach = flood_w(seed, x, lo, hi);
    return libs;
}

/* the same with every operation confined to the words lo..hi */
static int kernel_window2(const pos *q, int lo, int hi, bb361 *reach)
{
    bb361 on = bb361_and(q->target, q->def);
    bb361 chains = bb361_flood_window(&on, &q->def, lo, hi);
    bb361 nb = bb361_neighbours_window(&chains, lo, hi);
    int libs = 0;
    for (int i = lo; i <= hi; i++)
        libs += __builtin_popcountll(nb.w[i] & q->empty.w[i]);
    bb361 x = bb361_andnot(q->region, q->def);
    bb361 on2 = bb361_neighbours_window(&q->outside_nd, lo, hi);
    bb361 seed = bb361_and(x, on2);
    *reach = bb361_flood_window(&seed, &x, lo, hi);
    return libs;
}

static inline uint64_t cnbr(uint64_t a, int w, uint64_t inside)
{
    return ((a << 1) | (a >> 1) | (a << w) | (a >> w)) & inside;
}

static uint64_t cflood(uint64_t seeds, uint64_t s, int w, uint64_t inside)
{
    uint64_t r = seeds & s;
    for (;;) {
        uint64_t n = (r | cnbr(r, w, inside)) & s;
        if (n == r)
            return r;
        r = n;
    }
}

static int kernel_compact(const pos *q, const cmap *m, uint64_t *reach)
{
    uint64_t on = q->ctarget & q->cdef;
    uint64_t chains = cflood(on, q->cdef, m->w, m->inside);
    int libs = __builtin_popcountll(cnbr(chains, m->w, m->inside) & q->cempty);
    uint64_t x = q->cregion & ~q->cdef;
    uint64_t seed = x & cnbr(q->coutside_nd, m->w, m->inside);
    *reach = cflood(seed, x, m->w, m->inside);
    return libs;
}

/* ---- positions ---- */

typedef struct prob {
    cmap m;
    int lo, hi;
    pos p[NPOS];
} prob;

static void take(const go_board *b, const ld_problem *lp, const cmap *m, pos *q)
{
    q->def = b->set[lp->defender];
    q->empty = b->set[GO_EMPTY];
    q->region = lp->region;
    q->target = lp->target;
    /* the border line of the compact box stands for the whole outside */
    q->outside_nd = bb361_andnot(bb361_andnot(bb361_square(19), lp->region), q->def);
    q->cdef = to_compact(m, &q->def);
    q->cempty = to_compact(m, &q->empty);
    q->cregion = to_compact(m, &q->region);
    q->ctarget = to_compact(m, &q->target);
    q->coutside_nd = to_compact(m, &q->outside_nd);
}

static int load(const char *path, prob *pr, rng *g)
{
    char err[VP_ERRLEN];
    problem rec;
    problem_init(&rec);
    int ok = 0;
    ld_problem lp;
    go_board fb;
    if (problem_load_file(path, &rec, err) == 0 && ld_problem_from(&rec, NULL, &lp, err) == 0 &&
        ld_frame(&lp, &fb, err) == 0 && cmap_make(&lp.region, &pr->m)) {
        bb361 near = bb361_or(lp.region, bb361_neighbours(lp.region));
        pr->lo = BB361_WORDS - 1;
        pr->hi = 0;
        for (int i = 0; i < BB361_WORDS; i++)
            if (near.w[i]) {
                pr->lo = i < pr->lo ? i : pr->lo;
                pr->hi = i;
            }
        for (int k = 0; k < NPOS; k++) {
            go_board b = fb;
            int moves = (int)rng_below(g, 13);
            for (int j = 0; j < moves; j++) {
                int cand[GO_NPOINTS], n = 0, c = go_to_move(&b);
                for (int p = bb361_lowest(&lp.region); p >= 0; p = bb361_next(&lp.region, p + 1))
                    if (go_is_legal(&b, c, p))
                        cand[n++] = p;
                if (!n)
                    break;
                go_play_legal(&b, c, cand[rng_below(g, (uint64_t)n)]);
            }
            take(&b, &lp, &pr->m, &pr->p[k]);
        }
        ok = 1;
    }
    problem_free(&rec);
    return ok;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    int first = 1, repeats = 200;
    if (argc > 1 && argv[1][0] >= '0' && argv[1][0] <= '9') {
        repeats = atoi(argv[1]);
        first = 2;
    }
    int nfiles = argc - first;
    prob *probs = malloc((size_t)(nfiles > 0 ? nfiles : 1) * sizeof *probs);
    rng g;
    rng_seed(&g, SEED, 0, 0, 0);
    int n = 0, skipped = 0;
    for (int i = first; i < argc; i++) {
        if (load(argv[i], &probs[n], &g))
            n++;
        else
            skipped++;
    }
    if (!n) {
        fprintf(stderr, "local_board: no usable problem among %d files\n", nfiles);
        free(probs);
        return 1;
    }
    /* agreement first */
    long bad = 0;
    uint64_t sig = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < NPOS; k++) {
            const pos *q = &probs[i].p[k];
            bb361 rf, rw;
            uint64_t rc;
            int lf = kernel_full(q, &rf), lw = kernel_window(q, probs[i].lo, probs[i].hi, &rw);
            int lc = kernel_compact(q, &probs[i].m, &rc);
            bb361 rw2;
            if (kernel_window2(q, probs[i].lo, probs[i].hi, &rw2) != lf || !bb361_equal(bb361_and(rw2, q->region), bb361_and(rw, q->region)))
                bad++;
            bb361 rfr = bb361_and(rf, q->region);
            if (lf != lw || lf != lc || !bb361_equal(rfr, bb361_and(rw, q->region)) ||
                to_compact(&probs[i].m, &rfr) != rc)
                bad++;
            sig = sig * 31 + (uint64_t)lf + rc;
        }
    if (bad) {
        fprintf(stderr, "local_board: the three kernels disagree on %ld positions\n", bad);
        free(probs);
        return 1;
    }
    /* timings: 5 rounds of each, median per kernel call */
    double tf[5], tw[5], tc[5], tv[5];
    long calls = (long)n * NPOS * repeats;
    volatile uint64_t sink = 0;
    for (int round = 0; round < 5; round++) {
        double t0 = now();
        for (int r = 0; r < repeats; r++)
            for (int i = 0; i < n; i++)
                for (int k = 0; k < NPOS; k++) {
                    bb361 x;
                    sink += (uint64_t)kernel_full(&probs[i].p[k], &x) + x.w[probs[i].lo];
                }
        double t1 = now();
        for (int r = 0; r < repeats; r++)
            for (int i = 0; i < n; i++)
                for (int k = 0; k < NPOS; k++) {
                    bb361 x;
                    sink += (uint64_t)kernel_window(&probs[i].p[k], probs[i].lo, probs[i].hi, &x) + x.w[probs[i].lo];
                }
        double t2 = now();
        for (int r = 0; r < repeats; r++)
            for (int i = 0; i < n; i++)
                for (int k = 0; k < NPOS; k++) {
                    uint64_t x;
                    sink += (uint64_t)kernel_compact(&probs[i].p[k], &probs[i].m, &x) + x;
                }
        double t3 = now();
        for (int r = 0; r < repeats; r++)
            for (int i = 0; i < n; i++)
                for (int k = 0; k < NPOS; k++) {
                    bb361 x;
                    sink += (uint64_t)kernel_window2(&probs[i].p[k], probs[i].lo, probs[i].hi, &x) + x.w[probs[i].lo];
                }
        tv[round] = (now() - t3) * 1e9 / (double)calls;
        tf[round] = (t1 - t0) * 1e9 / (double)calls;
        tw[round] = (t2 - t1) * 1e9 / (double)calls;
        tc[round] = (t3 - t2) * 1e9 / (double)calls;
    }
    qsort(tf, 5, sizeof tf[0], cmp_double);
    qsort(tw, 5, sizeof tw[0], cmp_double);
    qsort(tc, 5, sizeof tc[0], cmp_double);
    qsort(tv, 5, sizeof tv[0], cmp_double);
    printf("local_board: %d problems fit 64 bits (%d others skipped), %d positions each, signature %016llx\n", n,
           skipped, NPOS, (unsigned long long)sig);
    printf("kernel ns per call (median of 5 rounds of %ld calls): full bb361 %.1f, windowed neighbours %.1f, "
           "all windowed %.1f, compact 64-bit %.1f\n",
           calls, tf[2], tw[2], tv[2], tc[2]);
    printf("ratios to compact: full %.2f, windowed neighbours %.2f, all windowed %.2f\n", tf[2] / tc[2],
           tw[2] / tc[2], tv[2] / tc[2]);
    free(probs);
    return 0;
}
