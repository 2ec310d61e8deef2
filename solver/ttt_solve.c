/* ttt_solve.c: negamax over line-game positions.
 *
 * Both searches rest on the same forcing facts, true in every line game:
 * a player with a winning cell wins now; a player facing two or more
 * winning cells of the opponent (and none of its own) loses next ply
 * whatever it does; facing exactly one, every other move loses, so the
 * block is the only move worth searching; and a move that creates two
 * winning cells while the opponent has none wins two plies later (the
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

/* Key of the position whose mover holds p: white | black << 25, minimised
 * over the board symmetries when the solver asks for it. */
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

/* True when some winning set has no stone of o (p may still fill it). */
static int has_open_line(const ttt_game *g, ttt_set o)
{
    for (int i = 0; i < g->nlines; i++)
        if ((g->lines[i] & o) == 0)
            return 1;
    return 0;
}

/* Orders the empty cells for search: double threats are reported through
 * *fork (the caller wins with it), then moves that make a threat, then by
 * a static weight of the open lines through each cell. Returns the number
 * of moves written to mv. */
static int order_moves(const ttt_game *g, ttt_set p, ttt_set o, int *mv, int *fork)
{
    ttt_set empty = g->full & ~(p | o);
    int weight[TTT_MAX_CELLS], n = 0;
    uint64_t e = empty;
    *fork = -1;
    while (e) {
        int c = bb_pop_lsb(&e), nl, w = 0;
        ttt_set th = ttt_new_threats(g, p, o, c, &nl);
        if (bb_more_than_one(th)) {
            *fork = c;
            return 0;
        }
        uint64_t ls = g->cell_lines[c];
        while (ls) {
            ttt_set l = g->lines[bb_pop_lsb(&ls)];
            if (!(l & o))
                w += 1 + 4 * ttt_count(l & p);
            if (!(l & p))
                w += 1 + 3 * ttt_count(l & o);
        }
        if (th)
            w += 1000;
        int j = n++;
        while (j > 0 && weight[j - 1] < w) {
            weight[j] = weight[j - 1];
            mv[j] = mv[j - 1];
            j--;
        }
        weight[j] = w;
        mv[j] = c;
    }
    return n;
}

static int wdl(ttt_solver *s, ttt_set p, ttt_set o, int alpha, int beta)
{
    const ttt_game *g = s->g;
    count_node(s);
    if (s->aborted)
        return 0;
    if ((g->full & ~(p | o)) == 0)
        return 0;
    if (ttt_win_cells(g, p, o, NULL))
        return 1;
    ttt_set ow = ttt_win_cells(g, o, p, NULL);
    if (bb_more_than_one(ow))
        return -1;
    if (ow)
        return -wdl(s, o, p | ow, -beta, -alpha);
    if (!has_open_line(g, o) && !has_open_line(g, p))
        return 0;

    uint64_t key = pos_key(s, p, o);
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
    int mv[TTT_MAX_CELLS], fork;
    int n = order_moves(g, p, o, mv, &fork), best = -2, a0 = alpha;
    if (fork >= 0) {
        best = 1;
    } else {
        for (int i = 0; i < n; i++) {
            int v = -wdl(s, o, p | (ttt_set)1 << mv[i], -beta, -alpha);
            if (s->aborted)
                return 0;
            if (v > best)
                best = v;
            if (v > alpha)
                alpha = v;
            if (alpha >= beta)
                break;
        }
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

int ttt_solve_value(ttt_solver *s, ttt_pos pos)
{
    ttt_set p = pos.white, o = pos.black;
    if (!ttt_white_to_move(pos)) {
        p = pos.black;
        o = pos.white;
    }
    return wdl(s, p, o, -1, 1);
}

/* Distance search: scores relative to the search root (ply 0); the table
 * holds them relative to the node, so entries are valid at any depth. */
static int to_node(int v, int ply) { return v > WIN / 2 ? v + ply : v < -WIN / 2 ? v - ply : v; }
static int from_node(int v, int ply) { return v > WIN / 2 ? v - ply : v < -WIN / 2 ? v + ply : v; }

enum { B_LOWER = 1, B_UPPER = 2, B_EXACT = 3 };

static int exact(ttt_solver *s, ttt_set p, ttt_set o, int ply, int alpha, int beta)
{
    const ttt_game *g = s->g;
    count_node(s);
    if (s->aborted)
        return 0;
    if ((g->full & ~(p | o)) == 0)
        return 0;
    if (ttt_win_cells(g, p, o, NULL))
        return WIN - ply - 1;
    ttt_set ow = ttt_win_cells(g, o, p, NULL);
    if (bb_more_than_one(ow))
        return -(WIN - ply - 2);
    if (ow)
        return -exact(s, o, p | ow, ply + 1, -beta, -alpha);
    if (!has_open_line(g, o) && !has_open_line(g, p))
        return 0;
    /* No win now and no loss next ply: the score lies in
     * [-(WIN - ply - 4), WIN - ply - 3]. */
    if (alpha < -(WIN - ply - 4))
        alpha = -(WIN - ply - 4);
    if (beta > WIN - ply - 3)
        beta = WIN - ply - 3;
    if (alpha >= beta)
        return alpha;

    uint64_t key = pos_key(s, p, o);
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
    int mv[TTT_MAX_CELLS], fork;
    int n = order_moves(g, p, o, mv, &fork), best = -WIN - 1, a0 = alpha;
    if (fork >= 0) {
        best = WIN - ply - 3;
    } else {
        for (int i = 0; i < n; i++) {
            int v = -exact(s, o, p | (ttt_set)1 << mv[i], ply + 1, -beta, -alpha);
            if (s->aborted)
                return 0;
            if (v > best)
                best = v;
            if (v > alpha)
                alpha = v;
            if (alpha >= beta)
                break;
        }
    }
    int b = best <= a0 ? B_UPPER : best >= beta ? B_LOWER : B_EXACT;
    tt_store(s->exact_tt, key, (uint32_t)((to_node(best, ply) + 1024) | b << 11));
    return best;
}

int ttt_solve_distance(ttt_solver *s, ttt_pos pos, int *is_draw)
{
    ttt_set p = pos.white, o = pos.black;
    if (!ttt_white_to_move(pos)) {
        p = pos.black;
        o = pos.white;
    }
    int v = exact(s, p, o, 0, -WIN, WIN);
    *is_draw = (v == 0);
    return v > 0 ? WIN - v : v < 0 ? -(WIN + v) : 0;
}

/* Value and plies of the move at cell c, the mover holding p. */
static void solve_move(ttt_solver *s, ttt_pos pos, int c, int distances, int *v, int *plies)
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
        *v = -ttt_solve_value(s, child);
    }
}

int ttt_solve_analyse(ttt_solver *s, ttt_pos pos, int distances, ttt_analysis *a, char *err)
{
    const ttt_game *g = s->g;
    ttt_set empty = g->full & ~(pos.white | pos.black);
    memset(a, 0, sizeof *a);
    a->plies = -1;
    if (!empty || ttt_has_won(g, pos.white) || ttt_has_won(g, pos.black))
        return vp_fail(err, VP_EINVAL, "the position is finished: no move to analyse");
    int stab[TTT_MAX_SYMS], nstab = 0;
    for (int k = 1; k < g->nsyms; k++)
        if (ttt_sym_set(g, k, pos.white) == pos.white && ttt_sym_set(g, k, pos.black) == pos.black)
            stab[nstab++] = k;
    /* Phase 1: win/draw/loss of every move. Phase 2: distances of the
     * optimal ones. */
    for (int phase = 1; phase <= 1 + (distances != 0); phase++) {
        ttt_set todo = phase == 1 ? empty : a->optimal;
        uint64_t e = todo;
        while (e) {
            int c = bb_pop_lsb(&e), twin = -1, v, plies;
            for (int k = 0; k < nstab; k++) {
                int d = g->sym[stab[k]][c];
                if (d < c && (todo >> d & 1))
                    twin = d;
            }
            if (twin >= 0) {
                v = a->move_value[twin];
                plies = a->move_plies[twin];
            } else {
                solve_move(s, pos, c, phase == 2, &v, &plies);
                if (s->aborted)
                    return vp_fail(err, VP_EABORT, "search budget ran out after %llu nodes",
                                   (unsigned long long)s->nodes);
            }
            a->move_value[c] = v;
            a->move_plies[c] = plies;
            if (phase == 1)
                a->solved |= (ttt_set)1 << c;
            if (s->on_move)
                s->on_move(s->ctx, c, v, plies);
        }
        if (phase == 1) {
            a->value = -2;
            e = empty;
            while (e) {
                int c = bb_pop_lsb(&e);
                if (a->move_value[c] > a->value)
                    a->value = a->move_value[c];
            }
            e = empty;
            while (e) {
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
