/* ldwin.c: Benson's test with eyes inside the region on a packed window of
 * the region's bounding box (see ldwin.h). */
#include <config.h>
#include "ldwin.h"
#include <assert.h>
#include <string.h>
#include "../engines/go.h"
#include "../engines/vp.h"

static inline int bit_of(const ld_win *s, int p) { return (bb361_y(p) - s->y0) * s->stride + bb361_x(p) - s->x0; }

int ld_win_init(ld_win *s, const bb361 *region, int size, int defender, char *err)
{
    memset(s, 0, sizeof *s);
    s->region = *region;
    s->defender = defender;
    s->rim = bb361_and(*region, bb361_neighbours(bb361_andnot(bb361_square(size), *region)));
    int x0 = BB361_WIDTH, x1 = -1, y0 = BB361_WIDTH, y1 = -1;
    for (int q = bb361_next(region, 0); q >= 0; q = bb361_next(region, q + 1)) {
        int x = bb361_x(q), y = bb361_y(q);
        x0 = x < x0 ? x : x0;
        x1 = x > x1 ? x : x1;
        y0 = y < y0 ? y : y0;
        y1 = y > y1 ? y : y1;
    }
    if (x1 < 0)
        return vp_fail(err, VP_EINVAL, "the region is empty");
    s->x0 = x0;
    s->y0 = y0;
    s->width = x1 - x0 + 1;
    s->height = y1 - y0 + 1;
    s->stride = s->width + 1;
    s->nw = (s->height * s->stride + 63) / 64;
    assert(s->nw <= LD_WIN_WORDS);
    bb361 box = bb361_empty();
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            bb361_set(&box, bb361_xy(x, y));
    s->box = ld_win_pack(s, &box);
    s->wregion = ld_win_pack(s, region);
    s->wrim = ld_win_pack(s, &s->rim);
    return 0;
}

LD_WIN_INLINE void win_view(const ld_win *s, const bb361 *set, ld_view *v, int n)
{
    if (v->ready)
        return;
    ld_wset e;
    ld_win_pack_to(s, &set[GO_EMPTY], &e);
    ld_win_pack_to(s, &set[s->defender], &v->d);
    ld_wset near = ld_win_dilate_n(s, &v->d, &s->box, n);
    for (int i = 0; i < n; i++) {
        v->x.w[i] = s->wregion.w[i] & ~v->d.w[i];
        v->empty.w[i] = e.w[i] & s->wregion.w[i];
        v->far.w[i] = v->empty.w[i] & ~near.w[i];
    }
    for (int i = n; i < LD_WIN_WORDS; i++)
        v->d.w[i] = v->x.w[i] = v->empty.w[i] = v->far.w[i] = 0;
    v->ready = 1;
}

void ld_win_view(const ld_win *s, const bb361 *set, ld_view *v)
{
    LD_WIN_ONE(s, win_view, s, set, v);
}

/* Removes and returns the lowest point of *w as a one-point set; *w must
 * not be empty. */
LD_WIN_INLINE ld_wset pop(ld_wset *w, int n)
{
    ld_wset r;
    memset(&r, 0, sizeof r);
    int i = 0;
    while (!w->w[i])
        i++;
    assert(i < n);
    (void)n;
    r.w[i] = w->w[i] & -w->w[i];
    w->w[i] &= w->w[i] - 1;
    return r;
}

LD_WIN_INLINE int nonempty(const ld_wset *w, int n)
{
    uint64_t d = 0;
    for (int i = 0; i < n; i++)
        d |= w->w[i];
    return d != 0;
}

LD_WIN_INLINE int meets(const ld_wset *a, const ld_wset *b, int n)
{
    uint64_t d = 0;
    for (int i = 0; i < n; i++)
        d |= a->w[i] & b->w[i];
    return d != 0;
}

/*
** Benson's candidate regions (benson.h) with eyes restricted to the region
** are the maximal connected sets of non-defender points that lie inside
** the region and whose every empty point is next to a defender stone. A
** region with a point on the rim reaches outside and is no candidate.
*/
LD_WIN_INLINE int win_candidate(const ld_win *s, const bb361 *set, ld_view *v, int p, int n)
{
    if (bb361_test(&s->rim, p))
        return 0;
    win_view(s, set, v, n);
    ld_wset r;
    memset(&r, 0, sizeof r);
    int k = bit_of(s, p);
    r.w[k >> 6] = (uint64_t)1 << (k & 63);
    for (;;) {
        uint64_t bad = 0, grew = 0;
        for (int i = 0; i < n; i++)
            bad |= r.w[i] & (s->wrim.w[i] | v->far.w[i]);
        if (bad)
            return 0;
        ld_wset g = ld_win_dilate_n(s, &r, &v->x, n);
        for (int i = 0; i < n; i++)
            grew |= g.w[i] ^ r.w[i];
        if (!grew)
            return 1;
        r = g;
    }
}

int ld_win_candidate(const ld_win *s, const bb361 *set, ld_view *v, int p)
{
    return LD_WIN_ONE(s, win_candidate, s, set, v, p);
}

/* The lowest point of the non-empty *w as a one-point set. */
LD_WIN_INLINE ld_wset lowest(const ld_wset *w, int n)
{
    ld_wset t = *w;
    return pop(&t, n);
}

/*
** 1 when the empty region r (at least three points, each next to the one
** defender chain around it) becomes two vital regions whatever the
** attacker plays in it: for every attacker stone a in r there is a
** defender answer d in r, other than a, that leaves a a liberty (so d
** captures nothing) and cuts r less d into at least two pieces that hold
** an empty point. d joins the chain (every point of r is next to it), and
** every empty point of a piece is a liberty of it: each piece is then a
** vital region of the grown chain.
*/
LD_WIN_INLINE int splits_on_answer(const ld_win *s, const ld_wset *r, int n)
{
    ld_wset left = *r;
    while (nonempty(&left, n)) {
        ld_wset a = pop(&left, n), tries = *r, around = ld_win_dilate_n(s, &a, r, n);
        int ok = 0;
        while (!ok && nonempty(&tries, n)) {
            ld_wset d = pop(&tries, n), rest, libs;
            if (meets(&d, &a, n))
                continue;
            memset(&rest, 0, sizeof rest);
            memset(&libs, 0, sizeof libs);
            for (int i = 0; i < n; i++) {
                rest.w[i] = r->w[i] & ~d.w[i];
                libs.w[i] = around.w[i] & ~d.w[i] & ~a.w[i];
            }
            const ld_wset rd = rest;
            if (!nonempty(&libs, n))
                continue; /* d would capture a */
            int pieces = 0;
            while (nonempty(&rest, n)) {
                ld_wset piece = ld_win_flood_n(s, lowest(&rest, n), &rd, n), only_a = piece;
                for (int i = 0; i < n; i++) {
                    rest.w[i] &= ~piece.w[i];
                    only_a.w[i] = piece.w[i] & ~a.w[i];
                }
                pieces += nonempty(&only_a, n);
            }
            ok = pieces >= 2;
        }
        if (!ok)
            return 0;
    }
    return 1;
}

/*
** Benson on the window. Chains are the defender's chains next to a
** candidate region (the others have no vital region, and their death drops
** no candidate); regions are the candidate regions that hold an empty
** point (a region without one is vital to no chain). A region is vital to
** a chain when every empty point of it is next to the chain. Then chains
** with fewer than two vital live regions die, and regions next to a dead
** chain die, until nothing changes.
*/
#define PIECES 64

LD_WIN_INLINE int win_alive(const ld_win *s, const bb361 *set, ld_view *v, const bb361 *on, int all, int answer, int n)
{
    win_view(s, set, v, n);
    int nc = 0, nr = 0;
    ld_wset seeds, cand, e;
    memset(&seeds, 0, sizeof seeds);
    for (int i = 0; i < n; i++)
        seeds.w[i] = (v->x.w[i] & s->wrim.w[i]) | v->far.w[i];
    ld_wset bad = ld_win_flood_n(s, seeds, &v->x, n);
    memset(&cand, 0, sizeof cand);
    memset(&e, 0, sizeof e);
    int ne = 0;
    for (int i = 0; i < n; i++) {
        cand.w[i] = v->x.w[i] & ~bad.w[i];
        e.w[i] = cand.w[i] & v->empty.w[i];
        ne += bb_popcount64(e.w[i]);
    }
    if (ne < 2)
        return 0; /* two vital regions need two empty points */
    ld_wset region[PIECES], chain[PIECES], reach[PIECES];
    while (nonempty(&e, n)) {
        if (nr == PIECES)
            return -1;
        region[nr] = ld_win_flood_n(s, pop(&e, n), &cand, n);
        for (int i = 0; i < n; i++)
            e.w[i] &= ~region[nr].w[i];
        nr++;
    }
    if (nr < 2 && !answer)
        return 0;
    ld_wset touching = ld_win_dilate_n(s, &cand, &v->d, n);
    while (nonempty(&touching, n)) {
        if (nc == PIECES)
            return -1;
        chain[nc] = ld_win_flood_n(s, pop(&touching, n), &v->d, n);
        reach[nc] = ld_win_dilate_n(s, &chain[nc], &s->box, n); /* the chain and its neighbours */
        for (int i = 0; i < n; i++)
            touching.w[i] &= ~chain[nc].w[i];
        nc++;
    }
    /* border[j]: chains next to region j; vital[c]: regions vital to c */
    uint64_t border[PIECES], vital[PIECES];
    for (int c = 0; c < nc; c++)
        vital[c] = 0;
    for (int j = 0; j < nr; j++) {
        border[j] = 0;
        for (int c = 0; c < nc; c++) {
            if (!meets(&reach[c], &region[j], n))
                continue;
            border[j] |= (uint64_t)1 << c;
            uint64_t outside = 0;
            for (int i = 0; i < n; i++)
                outside |= region[j].w[i] & v->empty.w[i] & ~reach[c].w[i];
            if (!outside)
                vital[c] |= (uint64_t)1 << j;
        }
    }
    /* twice: the empty regions with one chain around them that split on
     * the defender's answer (with answer only) */
    uint64_t twice = 0;
    for (int j = 0; answer && j < nr; j++) {
        if (!border[j] || bb_more_than_one(border[j]))
            continue;
        int size = 0;
        uint64_t stones = 0;
        for (int i = 0; i < n; i++) {
            size += bb_popcount64(region[j].w[i]);
            stones |= region[j].w[i] & ~v->empty.w[i];
        }
        if (!stones && size >= 3 && size <= LD_WIN_SPLIT_MAX && splits_on_answer(s, &region[j], n))
            twice |= (uint64_t)1 << j;
    }
    uint64_t live_c = nc == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nc) - 1;
    uint64_t live_r = nr == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nr) - 1;
    for (;;) {
        uint64_t dead = 0;
        for (uint64_t m = live_c; m;) {
            int c = bb_pop_lsb(&m);
            if (!bb_more_than_one(vital[c] & live_r) && !(vital[c] & live_r & twice))
                dead |= (uint64_t)1 << c;
        }
        if (!dead)
            break;
        live_c &= ~dead;
        for (int j = 0; j < nr; j++)
            if (border[j] & dead)
                live_r &= ~((uint64_t)1 << j);
    }
    ld_wset t;
    ld_win_pack_to(s, on, &t);
    ld_wset left = t;
    for (uint64_t m = live_c; m;) {
        const ld_wset *ch = &chain[bb_pop_lsb(&m)];
        if (!all && meets(ch, &t, n))
            return 1;
        for (int i = 0; i < n; i++)
            left.w[i] &= ~ch->w[i];
    }
    return all && nonempty(&t, n) && !nonempty(&left, n);
}

int ld_win_alive(const ld_win *s, const bb361 *set, ld_view *v, const bb361 *on, int all)
{
    return LD_WIN_ONE(s, win_alive, s, set, v, on, all, 0);
}

int ld_win_alive_answer(const ld_win *s, const bb361 *set, ld_view *v, const bb361 *on, int all)
{
    return LD_WIN_ONE(s, win_alive, s, set, v, on, all, 1);
}
