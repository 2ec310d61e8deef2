/* ldwin.h: the terminal tests of a life-and-death search on a packed
 * window: the region's bounding box copied into at most six 64-bit words,
 * where Benson's test with eyes inside the region runs on point sets alone
 * (no chains, no board) far faster than on 361-point sets. Shared by the
 * df-pn solver and the MCTS reference. */
#ifndef VP_LDWIN_H
#define VP_LDWIN_H
#include <stdint.h>
#include <string.h>
#include "../engines/bitboard.h"

/*
** Row y0 + r of the box sits at bits r*stride .. r*stride + width - 1,
** stride = width + 1, so that an always-zero column separates the rows and
** shifts by one never wrap; nw words hold the box (one for most problems,
** six at most: 19 rows of 20).
**
** The tests assume what ld_frame guarantees: every point outside the
** region holds an attacker stone or is empty, and no stone is ever played
** outside it. So a region point next to an on-board point outside the
** region (the rim) belongs to a Benson region that reaches outside.
*/
#define LD_WIN_WORDS 6

typedef struct ld_wset {
    uint64_t w[LD_WIN_WORDS];
} ld_wset;

typedef struct ld_win {
    bb361 region;
    bb361 rim; /* region points next to on-board points outside it */
    int x0, y0, width, height, stride, nw;
    int defender;
    ld_wset box, wregion, wrim;
} ld_win;

/* Window primitives, for further tests written on the window. They
 * take the word count n (s->nw) as an argument: called with a
 * constant 1 from an inlined body, they compile to single-word code, which
 * is the window of most problems (LD_WIN_ONE below). */
#if defined(__GNUC__)
#define LD_WIN_INLINE static inline __attribute__((always_inline))
#else
#define LD_WIN_INLINE static inline
#endif

/* Word x of a window set and its neighbours: x, the points next to it
 * within the word and those next to it from the words below and above
 * (k is the window's stride). */
LD_WIN_INLINE uint64_t ld_win_dilate_word(uint64_t x, uint64_t below, uint64_t above, int k)
{
    uint64_t v = x | x << 1 | x >> 1 | x << k | x >> k;
    return v | below >> 63 | below >> (64 - k) | above << 63 | above << (64 - k);
}

/* The points next to a point of a or in a, within mask. */
LD_WIN_INLINE ld_wset ld_win_dilate_n(const ld_win *s, const ld_wset *a, const ld_wset *mask, int n)
{
    ld_wset r = {{0}}; /* words from nw on stay zero */
    int k = s->stride;
    for (int i = 0; i < n; i++) {
        uint64_t below = i > 0 ? a->w[i - 1] : 0, above = i + 1 < n ? a->w[i + 1] : 0;
        r.w[i] = ld_win_dilate_word(a->w[i], below, above, k) & mask->w[i];
    }
    return r;
}

/* The points of within connected inside within to the seeds r. Each
 * round is ld_win_dilate_n(r, within), done word by word in place (the
 * word below kept from before its update): no whole-set copies, whose
 * wide loads of words just stored one at a time stall the store buffer. */
LD_WIN_INLINE ld_wset ld_win_flood_n(const ld_win *s, ld_wset r, const ld_wset *within, int n)
{
    int k = s->stride;
    for (;;) {
        uint64_t grew = 0, below = 0;
        for (int i = 0; i < n; i++) {
            uint64_t x = r.w[i], above = i + 1 < n ? r.w[i + 1] : 0;
            uint64_t v = ld_win_dilate_word(x, below, above, k) & within->w[i];
            grew |= v ^ x;
            r.w[i] = v;
            below = x;
        }
        if (!grew)
            return r;
    }
}

/* Calls f(args..., n) with the word count n of the window s: a constant 1
 * for a one-word window (so that the inlined body of f is single-word
 * code), else s->nw. */
#define LD_WIN_ONE(s, f, ...) ((s)->nw == 1 ? f(__VA_ARGS__, 1) : f(__VA_ARGS__, (s)->nw))

/* Packs the points of set inside the box into the window *r. (Into the
 * caller's set, not a returned copy: the words are built one at a time,
 * and a wide copy of them just after stalls the store buffer.) */
static inline void ld_win_pack_to(const ld_win *s, const bb361 *set, ld_wset *r)
{
    memset(r, 0, sizeof *r);
    uint64_t keep = ((uint64_t)1 << s->width) - 1;
    for (int y = 0; y < s->height; y++) {
        int from = (s->y0 + y) * BB361_WIDTH + s->x0, i = from >> 6, off = from & 63;
        uint64_t v = set->w[i] >> off;
        if (off + s->width > 64)
            v |= set->w[i + 1] << (64 - off);
        v &= keep;
        int to = y * s->stride, j = to >> 6, o = to & 63;
        r->w[j] |= v << o;
        if (o + s->width > 64)
            r->w[j + 1] |= v >> (64 - o);
    }
}

/* Packs the points of set inside the box into the window. */
static inline ld_wset ld_win_pack(const ld_win *s, const bb361 *set)
{
    ld_wset r;
    ld_win_pack_to(s, set, &r);
    return r;
}

/* The points of the window set r as a 361-point set (ld_win_pack's
 * inverse on the box's points). */
static inline bb361 ld_win_unpack(const ld_win *s, const ld_wset *r)
{
    bb361 out = bb361_empty();
    uint64_t keep = ((uint64_t)1 << s->width) - 1;
    for (int y = 0; y < s->height; y++) {
        int to = y * s->stride, j = to >> 6, o = to & 63;
        uint64_t v = r->w[j] >> o;
        if (o + s->width > 64)
            v |= r->w[j + 1] << (64 - o);
        v &= keep;
        int from = (s->y0 + y) * BB361_WIDTH + s->x0, i = from >> 6, off = from & 63;
        out.w[i] |= v << off;
        if (off + s->width > 64)
            out.w[i + 1] |= v >> (64 - off);
    }
    return out;
}

/* A position seen through the window, packed on first use: set ready to 0
 * for each new position. */
typedef struct ld_view {
    int ready;
    ld_wset d;     /* defender stones */
    ld_wset x;     /* region points without a defender stone */
    ld_wset empty; /* empty region points */
    ld_wset far;   /* empty region points next to no defender stone */
} ld_view;

/* Sets up the window of region (a non-empty set of points of a size x size
 * board) for the defender colour; returns 0, or VP_EINVAL when the region
 * is empty (err says so). */
int ld_win_init(ld_win *w, const bb361 *region, int size, int defender, char *err);

/* Packs the position with the point sets set into v unless v is ready;
 * returns nothing. */
void ld_win_view(const ld_win *w, const bb361 *set, ld_view *v);

/*
** Benson's verdict with eyes inside the region, from the point sets
** set[GO_EMPTY], set[GO_BLACK], set[GO_WHITE] alone, for the defender
** stones on (a subset of the defender's stones): 1 when a pass-alive
** defender chain holds a point of on (with all: when the pass-alive chains
** hold every point of on), 0 when not, -1 when the position has more than
** 64 candidate regions or chains (decide with benson_alive then).
*/
int ld_win_alive(const ld_win *w, const bb361 *set, ld_view *v, const bb361 *on, int all);

/*
** The same, with one answer allowed: an empty candidate region of 3 to
** LD_WIN_SPLIT_MAX points around which stands a single defender chain,
** and which splits into two vital regions of that chain whatever the
** attacker plays in it (the defender answering once, in it: the straight
** four, the bent four, ...), counts as two vital regions of the chain.
** The chains it calls alive then live if the defender answers the
** attacker's first move in each such region there (after which Benson's
** test holds): alive, but not pass-alive. The answer to any attacker
** stone also splits the region with no stone in it, so the defender can
** make the two eyes on its own turn as well (when two passes would not
** be life, as with seki counted as death).
*/
#define LD_WIN_SPLIT_MAX 8
int ld_win_alive_answer(const ld_win *w, const bb361 *set, ld_view *v, const bb361 *on, int all);

/* 1 when the Benson region through the region point p (not a defender
 * stone) is a candidate eye: it lies inside the region and each of its
 * empty points is next to a defender stone; else 0. */
int ld_win_candidate(const ld_win *w, const bb361 *set, ld_view *v, int p);

#endif
