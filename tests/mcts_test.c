/* mcts_test.c: the MCTS/UCT reference search (solver/mcts.h). Forced
 * outcomes: a one-move capture and a one-move life where the top move must
 * be the unique right point, for several seeds and both root modes. The
 * statistics recomputed here independently of mcts.c: root visits add up
 * to the playouts, every node's visits to its children's plus its own
 * first visit, values bounded by visits, TNC(k) non-decreasing within the
 * bound 1 + R + k*A, the trajectory (first visits, top after each playout,
 * SSC) replayed from the playouts' root moves and values, the final order;
 * the metrics on a hand-made visit distribution; determinism by seed;
 * K=4 filtering, the nearest-options builder, the depth limit, errors;
 * the fast terminal tests against benson_alive (mcts_selfcheck) on the
 * drawn problems and every fourth bundled one, which a broken rule fails. */
#include <config.h>

#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engines/bitboard.h"
#include "engines/coord.h"
#include "engines/go.h"
#include "engines/problem.h"
#include "engines/vp.h"
#include "solver/ld.h"
#include "solver/mcts.h"
#include "test.h"
#include "ld_diagram.h"
#include "points.h"

/* Every point of the rectangle between corners a and b. */
static bb361 rect(const char *a, const char *b)
{
    int p = pt(a), q = pt(b);
    bb361 s = bb361_empty();
    int x0 = bb361_x(p) < bb361_x(q) ? bb361_x(p) : bb361_x(q), x1 = bb361_x(p) ^ bb361_x(q) ^ x0;
    int y0 = bb361_y(p) < bb361_y(q) ? bb361_y(p) : bb361_y(q), y1 = bb361_y(p) ^ bb361_y(q) ^ y0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            bb361_set(&s, bb361_xy(x, y));
    return s;
}

static int define(const char *const *rows, int to_move, bb361 target, bb361 region, ld_problem *p)
{
    go_board b;
    char err[VP_ERRLEN];
    draw_corner(&b, rows, -1);
    int rc = ld_problem_from_board(&b, to_move, &target, &region, NULL, NULL, p, err);
    CHECK(rc == 0, "ld_problem_from_board: %s", err);
    return rc;
}

/*
** The capture problem. White's A19-B19 has one liberty, C19, next to a
** white group that lives with eyes at E19 and G19. Black to play captures
** at C19 (the target is gone: +1 at once); after any other black move
** (A17, B17; E19 and G19 are suicide) White connects at C19 and the
** target is pass-alive. White to play, C19 is the only living move.
*/
static const char *const capture_rows[] = {
    "O O . O . O . O X",
    "X X X O O O O O X",
    ". . X X X X X X X",
    NULL,
};

/*
** The straight three: White's eye space A19 B19 C19; White to play lives
** only at B19 (two eyes at once: pass-alive), Black to play kills only
** there. The region adds F17-F19 so that there are other moves.
*/
static const char *const three_rows[] = {
    ". . . O X .",
    "O O O O X .",
    "X X X X X .",
    NULL,
};

static const char *const capture_target[] = {"A19", "B19", NULL};
static const char *const three_target[] = {"A18", "B18", "C18", "D18", "D19", NULL};

/* The ranking of mcts.h, written again: more visits, larger value sum,
 * earlier first visit (0 = never, last), lower point. */
static int before(const int *v, const int *w, const int *f, const int *move, int a, int b)
{
    if (v[a] != v[b])
        return v[a] > v[b];
    if (w[a] != w[b])
        return w[a] > w[b];
    long fa = f[a] ? f[a] : 1L << 40, fb = f[b] ? f[b] : 1L << 40;
    if (fa != fb)
        return fa < fb;
    return move[a] < move[b];
}

/* Every statistic of r recomputed from the tree and the trajectory. */
static void check_invariants(const char *what, const ld_problem *p, const mcts_result *r)
{
    const mcts_node *nd = r->nodes;
    int n = r->nroot, N = r->playouts, first = nd[0].first;
    CHECK(nd[0].parent == -1 && nd[0].depth == 0 && nd[0].nchildren == n, "%s: root", what);
    CHECK(nd[0].visits == N, "%s: root visits %d, playouts %d", what, nd[0].visits, N);
    /* root visits add up to the playouts, and to the trajectory */
    int *v = calloc((size_t)n, sizeof *v), *w = calloc((size_t)n, sizeof *w), *f = calloc((size_t)n, sizeof *f);
    long sum = 0;
    for (int i = 0; i < n; i++)
        sum += nd[first + i].visits;
    CHECK(sum == N, "%s: root children visits %ld != %d playouts", what, sum, N);
    int ssc = 0, top = -1, ok_top = 1, ok_first = 1;
    for (int k = 0; k < N; k++) {
        int a = r->path[k];
        CHECK(a >= 0 && a < n, "%s: path[%d] = %d", what, k, a);
        CHECK(r->outcome[k] >= -1 && r->outcome[k] <= 1, "%s: outcome %d", what, r->outcome[k]);
        v[a]++;
        w[a] += r->outcome[k];
        if (!f[a])
            f[a] = k + 1;
        /* the top after playout k + 1, by a full scan */
        int t = 0;
        for (int i = 1; i < n; i++)
            if (before(v, w, f, r->root_move, i, t))
                t = i;
        if (k > 0 && t != top)
            ssc++;
        top = t;
        ok_top &= r->top[k] == t;
    }
    CHECK(ok_top, "%s: top root move after some playout differs from a full scan", what);
    CHECK(ssc == r->ssc, "%s: SSC %d, recomputed %d", what, r->ssc, ssc);
    for (int i = 0; i < n; i++) {
        ok_first &= f[i] == r->first_visit[i];
        CHECK(v[i] == nd[first + i].visits && w[i] == nd[first + i].value,
              "%s: root child %d: %d visits %d value, trajectory says %d %d", what, i, nd[first + i].visits,
              nd[first + i].value, v[i], w[i]);
        CHECK(r->root_move[i] == nd[first + i].move, "%s: root_move[%d]", what, i);
    }
    CHECK(ok_first, "%s: first visits differ from the trajectory", what);
    /* the final order: a permutation sorted by the ranking, top first */
    CHECK(r->order[0] == r->top[N - 1], "%s: order[0] %d, top %d", what, r->order[0], r->top[N - 1]);
    for (int i = 1; i < n; i++)
        CHECK(before(v, w, f, r->root_move, r->order[i - 1], r->order[i]), "%s: order %d", what, i);
    /* the tree */
    int maxd = 0, maxb = 0, ok = 1, ok_term = 1, nterm = 0;
    for (int i = 0; i < r->nnodes; i++) {
        const mcts_node *x = &nd[i];
        long cs = 0;
        for (int c = x->first; x->nchildren && c < x->first + x->nchildren; c++) {
            ok &= nd[c].parent == i && nd[c].depth == x->depth + 1;
            ok &= nd[c].color == (i == 0 ? p->to_move : go_other(x->color));
            cs += nd[c].visits;
        }
        if (i > 0 && x->visits > 0)
            ok &= x->nchildren ? x->visits == 1 + cs && x->state == MCTS_OPEN : cs == 0 && x->state != MCTS_OPEN;
        if (x->visits == 0)
            ok &= x->nchildren == 0 && x->state == MCTS_OPEN;
        ok &= x->value <= x->visits && -x->value <= x->visits;
        /* a terminal's value, from the view of the side that moved into
         * it: every visit +1 when that side won there, -1 when it lost */
        if (i > 0 && x->visits > 0 && (x->state == MCTS_CAPTURED || x->state == MCTS_ALIVE)) {
            int winner = x->state == MCTS_CAPTURED ? p->attacker : p->defender;
            ok_term &= x->value == (winner == x->color ? x->visits : -x->visits);
            nterm++;
        } else if (i > 0 && x->visits > 0 && x->state != MCTS_OPEN) {
            ok_term &= x->value == 0;
        }
        ok &= i == 0 || (x->move >= 0 && bb361_test(&p->region, x->move));
        maxd = x->depth > maxd ? x->depth : maxd;
        maxb = x->nchildren > maxb ? x->nchildren : maxb;
    }
    CHECK(ok, "%s: tree structure (parents, depths, colours, visit sums, values)", what);
    CHECK(ok_term && nterm > 0, "%s: a terminal node's value is not its outcome for the side that moved into it "
          "(%d won or lost terminals)", what, nterm);
    CHECK(maxd == r->max_depth && maxb == r->max_branching, "%s: depth %d/%d, branching %d/%d", what, maxd,
          r->max_depth, maxb, r->max_branching);
    /* TNC(k): starts at 1 + R, never falls, grows by at most one
     * expansion (at most A = the region's points) per playout */
    int A = bb361_popcount(p->region), mono = 1;
    CHECK(r->tnc[0] == 1 + n, "%s: TNC(0) %d", what, r->tnc[0]);
    for (int k = 1; k <= N; k++) {
        mono &= r->tnc[k] >= r->tnc[k - 1] && r->tnc[k] - r->tnc[k - 1] <= r->max_branching;
        mono &= (long)r->tnc[k] <= 1 + n + (long)k * A;
    }
    CHECK(mono, "%s: TNC(k) not non-decreasing within 1 + R + k*A", what);
    CHECK(r->tnc[N] == r->nnodes, "%s: TNC(N) %d, nodes %d", what, r->tnc[N], r->nnodes);
    long ends = 0;
    for (int t = 0; t < MCTS_NSTATES; t++)
        ends += r->ends[t];
    CHECK(ends == N && r->ends[MCTS_OPEN] == 0, "%s: ends add to %ld", what, ends);
    free(v);
    free(w);
    free(f);
}

static int search(const ld_problem *p, int playouts, uint64_t seed, const int *list, int nlist, mcts_result *r)
{
    mcts_opts o;
    char err[VP_ERRLEN];
    mcts_opts_init(&o);
    o.playouts = playouts;
    o.seed = seed;
    if (list) {
        o.root_mode = MCTS_ROOT_LIST;
        o.nlist = nlist;
        memcpy(o.list, list, (size_t)nlist * sizeof *list);
    }
    int rc = mcts_search(p, &o, r, err);
    CHECK(rc == 0, "mcts_search: %s", err);
    return rc;
}

static int top_move(const mcts_result *r)
{
    return r->root_move[r->order[0]];
}

/* instant: the right move reaches the goal at once (every visit +1). */
static void forced(const char *what, const char *const *rows, const char *const *target, bb361 region, int to_move,
                   const char *answer, int instant)
{
    ld_problem p;
    if (define(rows, to_move, points(target), region, &p))
        return;
    char buf[COORD_BUFLEN];
    int want = pt(answer), hits = 0;
    for (uint64_t seed = 1; seed <= 6; seed++) {
        mcts_result r;
        if (search(&p, 200, seed, NULL, 0, &r) == 0) {
            char name[96];
            snprintf(name, sizeof name, "%s seed %d", what, (int)seed);
            check_invariants(name, &p, &r);
            hits += top_move(&r) == want;
            CHECK(top_move(&r) == want, "%s: top %s, want %s", name, coord_format(top_move(&r), 19, buf), answer);
            mcts_metrics m;
            mcts_metrics_compute(&r, &want, 1, &m);
            CHECK(m.correct && m.rank == 1 && m.scr == 0.0, "%s: correct %d rank %d", name, m.correct, m.rank);
            /* the right move wins at once, every time */
            int i = 0;
            while (r.root_move[i] != want)
                i++;
            const mcts_node *c = &r.nodes[r.nodes[0].first + i];
            CHECK(!instant || c->value == c->visits, "%s: %s value %d of %d visits", name, answer, c->value,
                  c->visits);
        }
        mcts_result_free(&r);
    }
    printf("%s: %s top in %d of 6 seeds\n", what, answer, hits);
}

/* The metrics on a hand-made root: 4 children A19 B19 C19 D19 (points in
 * increasing order), 20 playouts. */
static void hand_metrics(void)
{
    static const int path[20] = {2, 0, 1, 3, 0, 0, 1, 0, 0, 1, 0, 0, 2, 0, 0, 1, 1, 0, 0, 2};
    mcts_result r;
    mcts_node nodes[5];
    int top[20], tnc[21];
    signed char out[20];
    memset(&r, 0, sizeof r);
    memset(nodes, 0, sizeof nodes);
    r.playouts = 20;
    r.nroot = 4;
    r.nodes = nodes;
    r.nnodes = 5;
    r.path = (int *)path;
    r.top = top;
    r.tnc = tnc;
    r.outcome = out;
    nodes[0].first = 1;
    nodes[0].nchildren = 4;
    nodes[0].visits = 20;
    for (int i = 0; i < 4; i++)
        r.root_move[i] = bb361_xy(i, 18);
    /* visits: A19 11, B19 5, C19 3, D19 1; values all 0 */
    for (int k = 0; k < 20; k++) {
        nodes[1 + path[k]].visits++;
        out[k] = 0;
        if (!r.first_visit[path[k]])
            r.first_visit[path[k]] = k + 1;
    }
    /* tops: C19 after playouts 1-4 (ties of one visit each go to the
     * earlier first visit: C19 1, A19 2, B19 3, D19 4), A19 from 5 on */
    for (int k = 0; k < 20; k++)
        top[k] = k < 4 ? 2 : 0;
    r.ssc = 1;
    int order[4] = {0, 1, 2, 3};
    memcpy(r.order, order, sizeof order);
    mcts_metrics m;
    int a = bb361_xy(0, 18), b = bb361_xy(1, 18), c = bb361_xy(2, 18), d = bb361_xy(3, 18);
    mcts_metrics_compute(&r, &a, 1, &m);
    CHECK(fabs(m.swr - 0.45) < 1e-12 && m.correct && m.sfh == 0 && m.rank == 1 && m.scr == 0.0 && m.ccer == 2 &&
              m.ssc == 1 && m.sbc == 4,
          "A19: swr %g correct %d sfh %d rank %d scr %g ccer %d", m.swr, m.correct, m.sfh, m.rank, m.scr, m.ccer);
    int bd[2] = {b, d};
    mcts_metrics_compute(&r, bd, 2, &m);
    CHECK(fabs(m.swr - 0.7) < 1e-12 && !m.correct && m.sfh == 0 && m.rank == 2 && fabs(m.scr - 0.25) < 1e-12 &&
              m.ccer == 3,
          "B19,D19: swr %g correct %d sfh %d rank %d scr %g ccer %d", m.swr, m.correct, m.sfh, m.rank, m.scr, m.ccer);
    mcts_metrics_compute(&r, &c, 1, &m);
    CHECK(fabs(m.swr - 0.85) < 1e-12 && m.sfh == 1 && m.rank == 3 && fabs(m.scr - 0.5) < 1e-12 && m.ccer == 1,
          "C19: swr %g sfh %d rank %d scr %g ccer %d", m.swr, m.sfh, m.rank, m.scr, m.ccer);
    int e = bb361_xy(4, 18); /* not a root move */
    mcts_metrics_compute(&r, &e, 1, &m);
    CHECK(m.swr == 1.0 && !m.correct && m.sfh == 0 && m.rank == 0 && m.scr == 1.0 && m.ccer == 0,
          "E19: swr %g rank %d scr %g ccer %d", m.swr, m.rank, m.scr, m.ccer);
    mcts_metrics_compute(&r, NULL, 0, &m);
    CHECK(m.swr == 1.0 && m.scr == 1.0 && !m.correct, "no answers: swr %g scr %g", m.swr, m.scr);
}

static int same_result(const mcts_result *a, const mcts_result *b)
{
    return a->nnodes == b->nnodes && a->nroot == b->nroot &&
           !memcmp(a->nodes, b->nodes, (size_t)a->nnodes * sizeof *a->nodes) &&
           !memcmp(a->path, b->path, (size_t)a->playouts * sizeof *a->path) &&
           !memcmp(a->outcome, b->outcome, (size_t)a->playouts) && a->ssc == b->ssc;
}

static void determinism(const ld_problem *p)
{
    mcts_result a, b, c;
    if (search(p, 300, 7, NULL, 0, &a) || search(p, 300, 7, NULL, 0, &b) || search(p, 300, 8, NULL, 0, &c))
        return;
    CHECK(same_result(&a, &b), "the same seed gave two different searches");
    CHECK(!same_result(&a, &c), "seeds 7 and 8 gave the same search");
    mcts_result_free(&a);
    mcts_result_free(&b);
    mcts_result_free(&c);
}

static void root_lists(void)
{
    ld_problem p;
    bb361 region = rect("A15", "J19");
    if (define(capture_rows, GO_BLACK, points(capture_target), region, &p))
        return;
    /* E19 is suicide for Black, D19 occupied, K19 outside the region: all
     * three filtered, C19 stays */
    int list[4] = {pt("C19"), pt("E19"), pt("D19"), pt("K19")};
    mcts_result r;
    if (search(&p, 50, 1, list, 4, &r) == 0) {
        CHECK(r.nroot == 1 && r.root_move[0] == pt("C19"), "K=4 filter: %d root moves", r.nroot);
        CHECK(r.nfiltered == 3 && r.filtered[0] == pt("E19") && r.filtered[1] == pt("D19") &&
                  r.filtered[2] == pt("K19"),
              "K=4 filter: %d filtered", r.nfiltered);
        CHECK(r.nodes[r.nodes[0].first].visits == 50, "K=4 filter: the one root move gets every playout");
        check_invariants("K=4 one move", &p, &r);
    }
    mcts_result_free(&r);
    /* options given in any order become children in point order */
    int list2[4] = {pt("B16"), pt("C19"), pt("A17"), pt("B17")};
    if (search(&p, 200, 3, list2, 4, &r) == 0) {
        CHECK(r.nroot == 4 && r.nfiltered == 0, "K=4: %d root moves", r.nroot);
        for (int i = 1; i < r.nroot; i++)
            CHECK(r.root_move[i - 1] < r.root_move[i], "K=4: children in point order");
        CHECK(top_move(&r) == pt("C19"), "K=4: top is not C19");
        check_invariants("K=4", &p, &r);
        mcts_metrics m;
        int want = pt("C19");
        mcts_metrics_compute(&r, &want, 1, &m);
        CHECK(m.sbc == 4 && m.correct && m.swr < 0.75, "K=4 metrics: sbc %d swr %g", m.sbc, m.swr);
    }
    mcts_result_free(&r);
    /* nothing legal: an error */
    int bad[2] = {pt("E19"), pt("G19")};
    mcts_opts o;
    char err[VP_ERRLEN] = "";
    mcts_opts_init(&o);
    o.root_mode = MCTS_ROOT_LIST;
    o.nlist = 2;
    memcpy(o.list, bad, sizeof bad);
    CHECK(mcts_search(&p, &o, &r, err) == VP_EINVAL && strstr(err, "no legal root move"), "no legal root: %s", err);
    mcts_result_free(&r);
    mcts_opts_init(&o);
    o.playouts = 0;
    CHECK(mcts_search(&p, &o, &r, err) == VP_EINVAL, "0 playouts accepted");
    mcts_result_free(&r);
    /* the depth limit: one move, so every root child is a leaf */
    mcts_opts_init(&o);
    o.depth_limit = 1;
    o.playouts = 100;
    if (mcts_search(&p, &o, &r, err) == 0) {
        CHECK(r.max_depth == 1 && r.tnc[100] == 1 + r.nroot && r.rollout_moves == 0,
              "depth limit 1: depth %d, TNC %d, rollout moves %lld", r.max_depth, r.tnc[100], r.rollout_moves);
        CHECK(r.ends[MCTS_DEPTH] + r.ends[MCTS_CAPTURED] == 100, "depth limit 1: ends");
        check_invariants("depth limit 1", &p, &r);
    }
    mcts_result_free(&r);
}

static void nearest(void)
{
    ld_problem p;
    bb361 region = rect("A15", "J19");
    if (define(capture_rows, GO_BLACK, points(capture_target), region, &p))
        return;
    char err[VP_ERRLEN] = "", buf[COORD_BUFLEN];
    int out[4];
    /* the region's legal empty points for Black are C19, A17, B17 and
     * rows 15-16 (E19 and G19 are suicide); from C19, B17 is at distance^2
     * 1+4 = 5, A17 at 4+4 = 8, C16 at 9, B16 and D16 at 10 (the same row:
     * the left one first) */
    int n = mcts_nearest_options(&p, pt("C19"), NULL, 0, 4, out, err);
    CHECK(n == 4 && out[0] == pt("C19") && out[1] == pt("B17") && out[2] == pt("A17") && out[3] == pt("C16"),
          "nearest from C19: %d: %s ...", n, n > 1 ? coord_format(out[1], 19, buf) : "");
    int ex = pt("B17");
    n = mcts_nearest_options(&p, pt("C19"), &ex, 1, 4, out, err);
    CHECK(n == 4 && out[1] == pt("A17") && out[2] == pt("C16") && out[3] == pt("B16"),
          "nearest without B17: %s", n > 3 ? coord_format(out[3], 19, buf) : "");
    CHECK(mcts_nearest_options(&p, pt("E19"), NULL, 0, 4, out, err) == VP_EINVAL, "a suicide key accepted");
    /* a small region: fewer than asked */
    bb361 small = rect("A17", "J19");
    if (define(capture_rows, GO_BLACK, points(capture_target), small, &p) == 0)
        CHECK(mcts_nearest_options(&p, pt("C19"), NULL, 0, 4, out, err) == 3, "small region: not 3 options");
}

static void selfcheck(const char *what, const char *const *rows, const char *const *target, bb361 region, int to_move)
{
    ld_problem p;
    if (define(rows, to_move, points(target), region, &p))
        return;
    long long bad = 0;
    char err[VP_ERRLEN];
    int n = mcts_selfcheck(&p, 5, 400, &bad, err);
    CHECK(n > 400 && bad == 0, "%s: self-check: %d positions, %lld disagreements (%s)", what, n, bad,
          n < 0 ? err : "");
}

/* The self-check on every fourth bundled problem (when ../shared/data is
 * beside the tree): real shapes, many of them with eyes forming. */
static void corpus_selfcheck(void)
{
    const char *top = getenv("top_srcdir");
    char pattern[4096];
    snprintf(pattern, sizeof pattern, "%s/../shared/data/tsumego/*/*.json", top ? top : ".");
    glob_t g;
    if (glob(pattern, 0, NULL, &g) != 0) {
        printf("mcts_test: no bundled problems (%s): the corpus self-check is skipped\n", pattern);
        return;
    }
    long long positions = 0, bad = 0;
    int problems = 0;
    for (size_t i = 0; i < g.gl_pathc; i += 4) {
        char err[VP_ERRLEN];
        problem pr;
        ld_problem p;
        problem_init(&pr);
        if (problem_load_file(g.gl_pathv[i], &pr, err) == 0 && ld_problem_from(&pr, NULL, &p, err) == 0) {
            long long d = 0;
            int n = mcts_selfcheck(&p, 11, 40, &d, err);
            CHECK(n > 0 && d == 0, "%s: self-check: %d positions, %lld disagreements %s", g.gl_pathv[i], n, d,
                  n < 0 ? err : "");
            positions += n > 0 ? n : 0;
            bad += d;
            problems++;
        }
        problem_free(&pr);
    }
    globfree(&g);
    printf("corpus self-check: %d problems, %lld positions, %lld disagreements\n", problems, positions, bad);
}

int main(void)
{
    bb361 cap_region = rect("A17", "J19"), cap_wide = rect("A15", "J19");
    bb361 three_region = rect("A17", "F19");
    forced("one-move capture (black to kill)", capture_rows, capture_target, cap_region, GO_BLACK, "C19", 1);
    forced("one-move capture, wide region", capture_rows, capture_target, cap_wide, GO_BLACK, "C19", 1);
    forced("connect to live (white)", capture_rows, capture_target, cap_wide, GO_WHITE, "C19", 1);
    forced("straight three: white lives", three_rows, three_target, three_region, GO_WHITE, "B19", 1);
    forced("straight three: black kills", three_rows, three_target, three_region, GO_BLACK, "B19", 0);
    hand_metrics();
    ld_problem p;
    if (define(capture_rows, GO_BLACK, points(capture_target), cap_wide, &p) == 0)
        determinism(&p);
    root_lists();
    nearest();
    selfcheck("capture, black", capture_rows, capture_target, cap_wide, GO_BLACK);
    selfcheck("capture, white", capture_rows, capture_target, cap_wide, GO_WHITE);
    selfcheck("straight three, black", three_rows, three_target, rect("A15", "H19"), GO_BLACK);
    selfcheck("straight three, white", three_rows, three_target, rect("A15", "H19"), GO_WHITE);
    corpus_selfcheck();
    return test_done("mcts_test");
}
