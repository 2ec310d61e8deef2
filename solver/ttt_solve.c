/* ttt_solve.c: negamax over line-game positions.
 *
 * Both searches rest on the same forcing facts, true in every line game:
 * a player with a winning cell wins now; a player facing two or more
 * winning cells of the opponent (and none of its own) loses next ply
 * whatever it does; facing exactly one, every other move loses, so the
 * block is the only move worth searching; and a move that creates two
 * distinct winning cells while the opponent has none wins two plies later (the
 * fastest possible after no immediate win). Positions where no winning
 * set is still open to either side are draws. */
#include <config.h>

#include "ttt_solve.h"

#include <string.h>
#include <time.h>

#include "../engines/vp.h"

#define WIN 1000 /* score of a win now; a win in d plies scores WIN - d */

double ttt_solve_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void ttt_solver_init(ttt_solver *s, const ttt_game *g, tt_table *wdl_tt, tt_table *exact_tt)
{
    memset(s, 0, sizeof *s);
    s->g = g;
    s->wdl_tt = wdl_tt;
    s->exact_tt = exact_tt;
    s->canonical = 1;
    /* Static move order: cells on more winning sets first. */
    int n = 0;
    for (int k = TTT_MAX_LINES; k >= 0; k--)
        for (int c = 0; c < g->ncells; c++)
            if (bb_popcount64(g->cell_lines[c]) == k)
                s->order[n++] = (int8_t)c;
}

static void count_node(ttt_solver *s)
{
    s->nodes++;
    if ((s->nodes & 4095) == 0) {
        if (s->node_limit && s->nodes >= s->node_limit)
            s->aborted = 1;
        if (s->deadline > 0 && ttt_solve_clock() >= s->deadline)
            s->aborted = 1;
    }
}

/* One side's stones and, bit-sliced, how many of them lie on each winning
 * set: bit i of c0, c1, c2 is bit 0, 1, 2 of the count on set i (at most
 * 4, so three planes suffice). Adding a stone is a three-plane increment
 * of the sets through the cell; "sets holding k stones" is a mask test. */
typedef struct side {
    ttt_set stones;
    uint32_t c0, c1, c2;
} side;

static inline side side_add(const ttt_game *g, side s, int c)
{
    uint32_t m = g->cell_lines[c], k1 = s.c0 & m, k2 = s.c1 & k1;
    s.c0 ^= m;
    s.c1 ^= k1;
    s.c2 ^= k2;
    s.stones |= (ttt_set)1 << c;
    return s;
}

static side side_of(const ttt_game *g, ttt_set stones)
{
    side s = {0, 0, 0, 0};
    uint64_t m = stones;
    while (m)
        s = side_add(g, s, bb_pop_lsb(&m));
    return s;
}

/* Sets holding exactly k of the side's stones (among bits 0..31). */
static inline uint32_t side_eq(side s, int k)
{
    return (k & 1 ? s.c0 : ~s.c0) & (k & 2 ? s.c1 : ~s.c1) & (k & 4 ? s.c2 : ~s.c2);
}

static inline uint32_t side_touched(side s) { return s.c0 | s.c1 | s.c2; }

/* Union of the cells of sets `ls` not held by stones. */
static inline ttt_set missing(const ttt_game *g, uint64_t ls, ttt_set stones)
{
    ttt_set cells = 0;
    while (ls)
        cells |= g->lines[bb_pop_lsb(&ls)] & ~stones;
    return cells;
}

/* Key of the position: white | black << 25, minimised over the board
 * symmetries when the solver asks for it. */
static uint64_t pos_key(const ttt_solver *s, ttt_set p, ttt_set o)
{
    ttt_set w = p, b = o;
    if (ttt_count(p) != ttt_count(o)) {
        w = o;
        b = p;
    }
    uint64_t best = (uint64_t)w | (uint64_t)b << 25;
    if (s->canonical) {
        for (int k = 1; k < s->g->nsyms; k++) {
            uint64_t key = (uint64_t)ttt_sym_set(s->g, k, w) | (uint64_t)ttt_sym_set(s->g, k, b) << 25;
            if (key < best)
                best = key;
        }
    }
    return best;
}

/* What the forcing facts say of a node before any search. */
enum { N_SEARCH, N_WIN_NOW, N_LOSE_NEXT, N_FORCED, N_DRAW, N_FORK };

typedef struct node_info {
    int kind;
    int forced;            /* the block, for N_FORCED */
    int mv[TTT_MAX_CELLS]; /* for N_SEARCH: moves in search order */
    int n;
} node_info;

static void classify(const ttt_solver *s, side p, side o, node_info *ni)
{
    const ttt_game *g = s->g;
    uint32_t all = (uint32_t)(((uint64_t)1 << g->nlines) - 1);
    int n1 = g->line_len - 1, n2 = g->line_len - 2;
    ttt_set empty = g->full & ~(p.stones | o.stones);
    uint32_t open_p = all & ~side_touched(o), open_o = all & ~side_touched(p);
    ni->n = 0;
    if (!empty) {
        ni->kind = N_DRAW;
        return;
    }
    if (side_eq(p, n1) & open_p) {
        ni->kind = N_WIN_NOW;
        return;
    }
    uint32_t to = side_eq(o, n1) & open_o;
    if (to) {
        ttt_set ow = missing(g, to, o.stones);
        ni->kind = bb_more_than_one(ow) ? N_LOSE_NEXT : N_FORCED;
        ni->forced = bb_ctz64(ow);
        return;
    }
    if (!open_p && !open_o) {
        ni->kind = N_DRAW;
        return;
    }
    /* Cells that make one threat (once) or two (twice) for p. */
    uint32_t m2 = side_eq(p, n2) & open_p;
    ttt_set once = 0, twice = 0;
    for (uint64_t ls = m2; ls;) {
        ttt_set e = g->lines[bb_pop_lsb(&ls)] & ~p.stones;
        twice |= once & e;
        once |= e;
    }
    /* A cell on two such sets is a double threat only if their
     * completion cells differ: sets of four can share both empty cells,
     * and then one block stops both. */
    for (uint64_t cs = twice; cs;) {
        int c = bb_pop_lsb(&cs);
        if (bb_more_than_one(missing(g, g->cell_lines[c] & m2, p.stones | (ttt_set)1 << c))) {
            ni->kind = N_FORK;
            ni->forced = c;
            return;
        }
    }
    ni->kind = N_SEARCH;
    /* Order by a static weight of the open sets through each cell: sets
     * p may still fill count more the more stones p has on them, sets o
     * may still fill likewise (a move there blocks); threat-making moves
     * come first. */
    int lw[TTT_MAX_LINES], weight[TTT_MAX_CELLS], n = 0;
    for (int i = 0; i < g->nlines; i++) {
        int cp = (int)((p.c0 >> i & 1) | (p.c1 >> i & 1) << 1 | (p.c2 >> i & 1) << 2);
        int co = (int)((o.c0 >> i & 1) | (o.c1 >> i & 1) << 1 | (o.c2 >> i & 1) << 2);
        lw[i] = (open_p >> i & 1 ? 1 + 4 * cp : 0) + (open_o >> i & 1 ? 1 + 3 * co : 0);
    }
    for (int k = 0; k < g->ncells; k++) {
        int c = s->order[k];
        if (!(empty >> c & 1))
            continue;
        int w = (once >> c & 1) ? 1000 : 0;
        for (uint64_t ls = g->cell_lines[c]; ls;)
            w += lw[bb_pop_lsb(&ls)];
        int j = n++;
        while (j > 0 && weight[j - 1] < w) {
            weight[j] = weight[j - 1];
            ni->mv[j] = ni->mv[j - 1];
            j--;
        }
        weight[j] = w;
        ni->mv[j] = c;
    }
    ni->n = n;
}

static int wdl(ttt_solver *s, side p, side o, int alpha, int beta)
{
    const ttt_game *g = s->g;
    count_node(s);
    if (s->aborted)
        return 0;
    node_info ni;
    classify(s, p, o, &ni);
    switch (ni.kind) {
    case N_DRAW:
        return 0;
    case N_WIN_NOW:
    case N_FORK:
        return 1;
    case N_LOSE_NEXT:
        return -1;
    case N_FORCED:
        return -wdl(s, o, side_add(g, p, ni.forced), -beta, -alpha);
    }
    uint64_t key = pos_key(s, p.stones, o.stones);
    uint32_t d = tt_probe(s->wdl_tt, key);
    int lo = -1, hi = 1;
    if (d) {
        lo = (int)(d & 3) - 1;
        hi = (int)(d >> 2 & 3) - 1;
        if (lo >= beta || hi <= alpha || lo == hi)
            return lo >= beta ? lo : hi;
        if (lo > alpha)
            alpha = lo;
        if (hi < beta)
            beta = hi;
    }
    int best = -2, a0 = alpha;
    for (int i = 0; i < ni.n; i++) {
        int v = -wdl(s, o, side_add(g, p, ni.mv[i]), -beta, -alpha);
        if (s->aborted)
            return 0;
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    if (best <= a0)
        hi = best < hi ? best : hi; /* fail low: an upper bound */
    else if (best >= beta)
        lo = best > lo ? best : lo; /* fail high: a lower bound */
    else
        lo = hi = best;
    tt_store(s->wdl_tt, key, (uint32_t)((lo + 1) | (hi + 1) << 2 | 16));
    return best;
}

static void split(ttt_pos pos, ttt_set *p, ttt_set *o)
{
    int white = ttt_white_to_move(pos);
    *p = white ? pos.white : pos.black;
    *o = white ? pos.black : pos.white;
}

int ttt_solve_value(ttt_solver *s, ttt_pos pos)
{
    ttt_set p, o;
    split(pos, &p, &o);
    return wdl(s, side_of(s->g, p), side_of(s->g, o), -1, 1);
}

/* Distance search: scores relative to the search root (ply 0); the table
 * holds them relative to the node, so entries are valid at any depth. */
static int to_node(int v, int ply) { return v > WIN / 2 ? v + ply : v < -WIN / 2 ? v - ply : v; }
static int from_node(int v, int ply) { return v > WIN / 2 ? v - ply : v < -WIN / 2 ? v + ply : v; }

enum { B_LOWER = 1, B_UPPER = 2, B_EXACT = 3 };

static int exact(ttt_solver *s, side p, side o, int ply, int alpha, int beta)
{
    const ttt_game *g = s->g;
    count_node(s);
    if (s->aborted)
        return 0;
    node_info ni;
    classify(s, p, o, &ni);
    switch (ni.kind) {
    case N_DRAW:
        return 0;
    case N_WIN_NOW:
        return WIN - ply - 1;
    case N_FORK: /* the fastest win once there is none at once */
        return WIN - ply - 3;
    case N_LOSE_NEXT:
        return -(WIN - ply - 2);
    case N_FORCED:
        return -exact(s, o, side_add(g, p, ni.forced), ply + 1, -beta, -alpha);
    }
    /* No win now and no loss next ply: the score lies in
     * [-(WIN - ply - 4), WIN - ply - 3]. */
    if (alpha < -(WIN - ply - 4))
        alpha = -(WIN - ply - 4);
    if (beta > WIN - ply - 3)
        beta = WIN - ply - 3;
    if (alpha >= beta)
        return alpha;

    uint64_t key = pos_key(s, p.stones, o.stones);
    uint32_t d = tt_probe(s->exact_tt, key);
    if (d) {
        int v = from_node((int)(d & 2047) - 1024, ply), b = (int)(d >> 11);
        if (b == B_EXACT || (b == B_LOWER && v >= beta) || (b == B_UPPER && v <= alpha))
            return v;
        if (b == B_LOWER && v > alpha)
            alpha = v;
        if (b == B_UPPER && v < beta)
            beta = v;
    }
    int best = -WIN - 1, a0 = alpha;
    for (int i = 0; i < ni.n; i++) {
        int v = -exact(s, o, side_add(g, p, ni.mv[i]), ply + 1, -beta, -alpha);
        if (s->aborted)
            return 0;
        if (v > best)
            best = v;
        if (v > alpha)
            alpha = v;
        if (alpha >= beta)
            break;
    }
    int b = best <= a0 ? B_UPPER : best >= beta ? B_LOWER : B_EXACT;
    tt_store(s->exact_tt, key, (uint32_t)((to_node(best, ply) + 1024) | b << 11));
    return best;
}

int ttt_solve_distance(ttt_solver *s, ttt_pos pos, int *is_draw)
{
    ttt_set p, o;
    split(pos, &p, &o);
    int v = exact(s, side_of(s->g, p), side_of(s->g, o), 0, -WIN, WIN);
    *is_draw = (v == 0);
    return v > 0 ? WIN - v : v < 0 ? -(WIN + v) : 0;
}

/* Value and plies of the move at cell c. In the first phase, `floor` is
 * the best value found so far: a move that cannot reach it is only known
 * to be worse (reported as -2), which a null-window search settles far
 * faster than an exact value. */
static void solve_move(ttt_solver *s, ttt_pos pos, int c, int distances, int floor, int *v,
                       int *plies)
{
    const ttt_game *g = s->g;
    int white = ttt_white_to_move(pos), nempty = ttt_count(g->full & ~(pos.white | pos.black));
    ttt_set bit = (ttt_set)1 << c;
    ttt_pos child = pos;
    if (white)
        child.white |= bit;
    else
        child.black |= bit;
    *plies = -1;
    if (ttt_has_won(g, white ? child.white : child.black)) {
        *v = 1;
        *plies = 1;
    } else if (nempty == 1) {
        *v = 0;
        *plies = 1;
    } else if (distances) {
        int draw, d = ttt_solve_distance(s, child, &draw);
        *v = draw ? 0 : d > 0 ? -1 : 1;
        *plies = draw ? nempty : (d > 0 ? d : -d) + 1;
    } else {
        ttt_set cp, co; /* the child's mover is our opponent */
        split(child, &cp, &co);
        int r = wdl(s, side_of(g, cp), side_of(g, co), -2, floor < -1 ? 2 : 1 - floor);
        *v = (floor >= -1 && r >= 1 - floor) ? -2 : -r;
    }
}

int ttt_solve_analyse(ttt_solver *s, ttt_pos pos, unsigned flags, ttt_analysis *a, char *err)
{
    const ttt_game *g = s->g;
    int distances = (flags & TTT_SOLVE_DISTANCES) != 0, all = (flags & TTT_SOLVE_ALL_VALUES) != 0;
    ttt_set empty = g->full & ~(pos.white | pos.black);
    memset(a, 0, sizeof *a);
    a->plies = -1;
    if (!empty || ttt_has_won(g, pos.white) || ttt_has_won(g, pos.black))
        return vp_fail(err, VP_EINVAL, "the position is finished: no move to analyse");
    int stab[TTT_MAX_SYMS], nstab = 0;
    for (int k = 1; k < g->nsyms; k++)
        if (ttt_sym_set(g, k, pos.white) == pos.white && ttt_sym_set(g, k, pos.black) == pos.black)
            stab[nstab++] = k;
    /* Moves that win at once go first, so the floor is set early. */
    ttt_set p = ttt_white_to_move(pos) ? pos.white : pos.black, wins = 0;
    for (uint64_t e = empty; e;) {
        int c = bb_pop_lsb(&e);
        if (ttt_has_won(g, p | (ttt_set)1 << c))
            wins |= (ttt_set)1 << c;
    }
    /* Phase 1: win/draw/loss of every move (or only whether it reaches
     * the best value). Phase 2: distances of the optimal ones. */
    a->value = -2;
    for (int phase = 1; phase <= 1 + distances; phase++) {
        ttt_set todo = phase == 1 ? empty : a->optimal;
        for (int pass = 0; pass < 2; pass++) {
            uint64_t e = todo & (pass == 0 ? wins : ~wins);
            while (e) {
                int c = bb_pop_lsb(&e), twin = -1, v, plies;
                for (int k = 0; k < nstab; k++) {
                    int d = g->sym[stab[k]][c];
                    if (d < c && (todo >> d & 1)) /* symmetries fix `wins` */
                        twin = d;
                }
                if (twin >= 0) {
                    v = a->move_value[twin];
                    plies = a->move_plies[twin];
                } else {
                    solve_move(s, pos, c, phase == 2, (phase == 1 && !all) ? a->value : -2, &v,
                               &plies);
                    if (s->aborted)
                        return vp_fail(err, VP_EABORT, "search budget ran out after %llu nodes",
                                       (unsigned long long)s->nodes);
                }
                a->move_value[c] = v;
                a->move_plies[c] = plies;
                if (phase == 1) {
                    a->solved |= (ttt_set)1 << c;
                    if (v > a->value)
                        a->value = v;
                }
                if (s->on_move)
                    s->on_move(s->ctx, c, v, plies);
            }
        }
        if (phase == 1) {
            for (uint64_t e = empty; e;) {
                int c = bb_pop_lsb(&e);
                if (a->move_value[c] == a->value)
                    a->optimal |= (ttt_set)1 << c;
            }
        }
    }
    if (distances) {
        /* Fastest win, or slowest loss; every drawing move lasts as long. */
        uint64_t e = a->optimal;
        while (e) {
            int c = bb_pop_lsb(&e), d = a->move_plies[c];
            if (a->plies < 0 || (a->value > 0 ? d < a->plies : d > a->plies))
                a->plies = d;
        }
        e = a->optimal;
        while (e) {
            int c = bb_pop_lsb(&e);
            if (a->move_plies[c] == a->plies)
                a->fastest |= (ttt_set)1 << c;
        }
    }
    return 0;
}
