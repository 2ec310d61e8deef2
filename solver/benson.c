/* benson.c: Benson's algorithm on bit sets, and the territory it secures.
 *
 * The algorithm. Start with every chain of colour c and every candidate
 * region (inside within, see benson.h). Repeat until nothing changes:
 * drop the chains that have fewer than two vital regions among the regions
 * still kept; drop the regions next to a dropped chain. The chains left are
 * reported alive. At the fixed point every kept chain has two kept vital
 * regions, and every kept region is bounded only by kept chains.
 *
 * Why they cannot be captured (Benson 1976; this is the argument the code
 * relies on). Let c pass forever and the opponent o play any legal moves.
 * Until the first capture of a stone of a kept chain:
 *  (a) no o stone ever leaves the board: only captures by c remove them,
 *      and c never plays; so the empty points of every region only shrink,
 *      and a kept region keeps its points and its bounding chains (c's
 *      stones change only by captures: captures of chains that were not
 *      kept touch no kept region, and no kept chain has been captured);
 *  (b) a kept region R is never full of o stones: the move that filled its
 *      last empty point would leave the o chain through it with no liberty
 *      (all its neighbours are in R or are c stones), so, suicide being
 *      illegal, it must capture a c chain next to that o chain, i.e. a
 *      kept chain bounding R, which is the first capture, not before it;
 *      and R started with an empty point, which the vital rule demands.
 * Now take the move m that first captures a kept chain X. Afterwards X has
 * no liberty, so each of its two vital regions has no empty point left (by
 * (a) their empty points are still among X's liberties), i.e. both are full
 * of o. m lies in at most one of them, so the other was full before m,
 * against (b). Hence no kept chain is ever captured. Positional superko
 * only takes moves away from o, and c's passes make ko irrelevant.
 *
 * Territory. A kept region T is claimed as c's territory when, besides, it
 * holds no o stone and every point of T is next to an alive stone (so
 * every point of T, whoever occupies it later, is a liberty point of an
 * alive chain). Claim: c can make sure T holds no o stone whenever the game
 * ends. Strategy: while o has a chain in some territory region, c fills one
 * of that chain's liberties (all in T); otherwise c passes. The argument
 * above extends: c's stones in T touch alive chains, so they merge into
 * them and are only captured with them; c never fills the last empty point
 * of T without capturing (that point would be the o chain's last liberty);
 * a vital region with o stones sees no c move, so its empty points only
 * shrink; a vital region without o stones (every point of it next to its
 * chain) loses all liberties of the chain only by being full. So (b) and
 * the final step go through: no alive stone and no stone c puts into T is
 * ever captured, c's fills are legal (the merged chain keeps a liberty in
 * another vital region; no ko, since no c stone is ever captured; no
 * superko repetition, since c's stone count grows at each of its moves),
 * and c never passes while an o stone stands in T. Regions with o stones
 * or with points away from c's stones (room for o to make eyes) are not
 * claimed, even when a stronger analysis would give them to c.
 *
 * Cost. About 40 KB of stack, no allocation. The regions that cannot be
 * candidates (they reach outside within, or have an empty point next to no
 * stone of c, so are vital to nothing) are found by one flood from all
 * their seeds at once; only the small remaining regions and the chains
 * next to them are built one by one.
 */
#include <config.h>

#include <assert.h>
#include <stddef.h>
#include <stdint.h>

#include "benson.h"

/* At most ceil(19*19/2) = 181 chains or regions: their components are
 * pairwise non-adjacent, so one point of each forms an independent set of
 * the grid. */
#define BENSON_MAX 184
#define BENSON_WORDS ((BENSON_MAX + 63) / 64)

typedef struct benson_work {
    int nchains, nregions;
    bb361 chain[BENSON_MAX];                  /* stones of each chain next to a candidate */
    bb361 region[BENSON_MAX];                 /* points of each candidate region */
    bb361 border[BENSON_MAX];                 /* stones of c next to each region */
    uint64_t vital[BENSON_MAX][BENSON_WORDS]; /* chains each region is vital to */
} benson_work;

/* Runs the algorithm: the alive stones into *alive and, when territory is
 * not NULL, the territory regions into *territory. Point sets are computed
 * in the words lo..hi only (0 and BB361_WORDS - 1: the whole board), which
 * is exact when those words hold within and every point next to it (see
 * benson_alive_window); the territory needs the whole board. */
static void benson_run(const go_board *b, int color, const bb361 *within, int lo, int hi, bb361 *alive,
                       bb361 *territory)
{
    assert(color == GO_BLACK || color == GO_WHITE);
    benson_work w;
    bb361 board = bb361_not(b->offboard);
    bb361 own = b->set[color], opp = b->set[go_other(color)], empty = b->set[GO_EMPTY];
    bb361 other = bb361_or(empty, opp);
    bb361 area = within ? bb361_and(*within, board) : board;
    bb361 near_own = bb361_neighbours_window(&own, lo, hi);

    bb361_clear(alive);
    if (territory)
        bb361_clear(territory);

    /* Non-candidates are whole regions, so the rest splits into whole
     * regions as well. */
    bb361 seeds = bb361_or(bb361_andnot(other, area), bb361_andnot(empty, near_own));
    /* The flood runs inside area only: a point of area joined to a seed
     * outside it is joined, inside area, to a point of area next to a
     * point of other outside it (where its path last leaves area), so
     * those points seed it instead; the frame of a life-and-death problem
     * is most of the board, and flooding it cost most of the time. */
    bb361 in = bb361_and(other, area);
    bb361 out = bb361_andnot(other, area);
    seeds = bb361_or(bb361_and(in, bb361_neighbours_window(&out, lo, hi)), bb361_and(seeds, area));
    bb361 cand = bb361_andnot(in, bb361_flood_window(&seeds, &in, lo, hi));
    /* Lone empty points (the usual eyes) are regions of their own, built
     * without a flood; every neighbour of one is a stone of c. */
    bb361 near_cand = bb361_neighbours_window(&cand, lo, hi);
    bb361 lone = bb361_and(bb361_andnot(cand, near_cand), empty);
    w.nregions = 0;
    for (bb361 todo = lone; !bb361_is_empty(todo);) {
        int p = bb361_pop(&todo);
        assert(w.nregions < BENSON_MAX);
        w.region[w.nregions] = bb361_point(p);
        w.border[w.nregions] = bb361_and(bb361_around(p), own);
        w.nregions++;
    }
    int nlone = w.nregions;
    for (bb361 todo = bb361_andnot(bb361_and(cand, empty), lone); !bb361_is_empty(todo);) {
        bb361 one = bb361_point(bb361_lowest(&todo));
        bb361 r = bb361_flood_window(&one, &cand, lo, hi);
        todo = bb361_andnot(todo, r);
        assert(w.nregions < BENSON_MAX);
        w.region[w.nregions] = r;
        w.border[w.nregions] = bb361_and(bb361_neighbours_window(&r, lo, hi), own);
        w.nregions++;
    }
    if (w.nregions == 0)
        return;
    for (int j = 0; j < w.nregions; j++)
        for (int k = 0; k < BENSON_WORDS; k++)
            w.vital[j][k] = 0;

    /* Chains that touch no candidate have no vital region: they die at
     * once and their death drops no candidate, so they are left out. */
    bb361 touching = bb361_and(own, near_cand);
    bb361 libs[BENSON_MAX];
    uint8_t has_libs[BENSON_MAX];
    uint8_t chain_at[GO_NPOINTS]; /* chain index, read only at touching stones */
    w.nchains = 0;
    for (bb361 todo = touching; !bb361_is_empty(todo);) {
        bb361 s;
        go_chain(b, bb361_lowest(&todo), &s);
        todo = bb361_andnot(todo, s);
        assert(w.nchains < BENSON_MAX);
        int i = w.nchains++;
        w.chain[i] = s;
        has_libs[i] = 0;
        for (bb361 t = bb361_and(s, touching); !bb361_is_empty(t);)
            chain_at[bb361_pop(&t)] = (uint8_t)i;
    }
    /* each region against the chains on its border only; a lone point is
     * a liberty of each of them, so it is vital to all */
    for (int j = 0; j < w.nregions; j++) {
        bb361 e = bb361_and(w.region[j], empty);
        for (bb361 t = w.border[j]; !bb361_is_empty(t);) {
            int i = chain_at[bb361_lowest(&t)];
            t = bb361_andnot(t, w.chain[i]);
            if (j >= nlone && !has_libs[i]) {
                libs[i] = bb361_neighbours_window(&w.chain[i], lo, hi);
                has_libs[i] = 1;
            }
            if (j < nlone || bb361_subset(e, libs[i]))
                w.vital[j][i >> 6] |= (uint64_t)1 << (i & 63);
        }
    }

    /* live[] flags; a pass recounts vital regions over the live regions. */
    uint8_t chain_live[BENSON_MAX], region_live[BENSON_MAX];
    for (int i = 0; i < w.nchains; i++)
        chain_live[i] = 1;
    for (int j = 0; j < w.nregions; j++)
        region_live[j] = 1;
    for (;;) {
        uint8_t count[BENSON_MAX] = {0};
        for (int j = 0; j < w.nregions; j++) {
            if (!region_live[j])
                continue;
            for (int k = 0; k < BENSON_WORDS; k++)
                for (uint64_t m = w.vital[j][k]; m;) {
                    int i = k * 64 + bb_pop_lsb(&m);
                    if (count[i] < 2)
                        count[i]++;
                }
        }
        bb361 dead = bb361_empty();
        for (int i = 0; i < w.nchains; i++)
            if (chain_live[i] && count[i] < 2) {
                chain_live[i] = 0;
                dead = bb361_or(dead, w.chain[i]);
            }
        if (bb361_is_empty(dead))
            break;
        /* every region next to a dead chain goes, vital to it or not: the
         * proof needs each kept region bounded by kept chains only */
        for (int j = 0; j < w.nregions; j++)
            if (region_live[j] && bb361_intersects(w.border[j], dead))
                region_live[j] = 0;
    }

    for (int i = 0; i < w.nchains; i++)
        if (chain_live[i])
            *alive = bb361_or(*alive, w.chain[i]);
    if (!territory || bb361_is_empty(*alive))
        return;
    bb361 near_alive = bb361_neighbours(*alive);
    for (int j = 0; j < w.nregions; j++)
        if (region_live[j] && !bb361_intersects(w.region[j], opp) && bb361_subset(w.region[j], near_alive))
            *territory = bb361_or(*territory, w.region[j]);
}

int benson_alive(const go_board *b, int color, const bb361 *within, bb361 *alive)
{
    benson_run(b, color, within, 0, BB361_WORDS - 1, alive, NULL);
    return bb361_popcount(*alive);
}

int benson_alive_window(const go_board *b, int color, const bb361 *within, int lo, int hi, bb361 *alive)
{
    assert(within && 0 <= lo && lo <= hi && hi < BB361_WORDS);
    benson_run(b, color, within, lo, hi, alive, NULL);
    return bb361_popcount(*alive);
}

int benson_safe_points(const go_board *b, int color, const bb361 *within, bb361 *safe)
{
    bb361 territory;
    benson_run(b, color, within, 0, BB361_WORDS - 1, safe, &territory);
    *safe = bb361_or(*safe, territory);
    return bb361_popcount(*safe);
}
