/* bitboard.h: bit-set primitives for the game engines: word-level
 * operations (population count, lowest set bit) behind the one #if that
 * selects compiler intrinsics, and the 361-point set of the Go engine
 * (bb361): set algebra, neighbour shifts without wrap-around, dilation and
 * flood fill of chains. */
#ifndef VP_BITBOARD_H
#define VP_BITBOARD_H

#include <assert.h>
#include <stdint.h>

#if defined(__GNUC__) || defined(__clang__)
static inline int bb_popcount64(uint64_t x) { return __builtin_popcountll(x); }
static inline int bb_ctz64_raw(uint64_t x) { return __builtin_ctzll(x); }
#else
static inline int bb_popcount64(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}
static inline int bb_ctz64_raw(uint64_t x)
{
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
}
#endif

/* Index of the lowest set bit; x must not be empty. */
static inline int bb_ctz64(uint64_t x)
{
    assert(x != 0);
    return bb_ctz64_raw(x);
}

/* Removes and returns the index of the lowest set bit; *x must not be empty. */
static inline int bb_pop_lsb(uint64_t *x)
{
    int i = bb_ctz64(*x);
    *x &= *x - 1;
    return i;
}

/* True when x has more than one bit set. */
static inline int bb_more_than_one(uint64_t x) { return (x & (x - 1)) != 0; }

/* ---- 361-point sets --------------------------------------------------- */

/*
** Layout. Point p = y*19 + x, with x the column counted from the left and
** y the row counted from the bottom, both 0..18; bit p lives in word p/64
** at bit p%64. Every board size uses this one 19-wide layout: a smaller
** board is the lower-left size x size corner, selected by bb361_square.
** Invariant: bits 361..383 (the top of w[5]) are always zero, so equality,
** emptiness and popcount need no masking.
*/
#define BB361_WORDS 6
#define BB361_POINTS 361
#define BB361_WIDTH 19

typedef struct bb361 {
    uint64_t w[BB361_WORDS];
} bb361;

/* Column 0, column 18, row 0, row 18 and all 361 points (written out from
 * p = y*19 + x). */
static const bb361 bb361_col0 = {{0x0200004000080001ull, 0x0004000080001000ull, 0x4000080001000020ull,
                                  0x0080001000020000ull, 0x0001000020000400ull, 0x0000000000400008ull}};
static const bb361 bb361_col18 = {{0x0100002000040000ull, 0x0002000040000800ull, 0x2000040000800010ull,
                                   0x0040000800010000ull, 0x0000800010000200ull, 0x0000010000200004ull}};
static const bb361 bb361_row0 = {{0x000000000007ffffull, 0, 0, 0, 0, 0}};
static const bb361 bb361_row18 = {{0, 0, 0, 0, 0, 0x000001ffffc00000ull}};
static const bb361 bb361_all = {{0xffffffffffffffffull, 0xffffffffffffffffull, 0xffffffffffffffffull,
                                 0xffffffffffffffffull, 0xffffffffffffffffull, 0x000001ffffffffffull}};

/* The point at column x, row y (both 0..18). */
static inline int bb361_xy(int x, int y)
{
    assert(x >= 0 && x < BB361_WIDTH && y >= 0 && y < BB361_WIDTH);
    return y * BB361_WIDTH + x;
}
static inline int bb361_x(int p)
{
    assert(p >= 0 && p < BB361_POINTS);
    return p % BB361_WIDTH;
}
static inline int bb361_y(int p)
{
    assert(p >= 0 && p < BB361_POINTS);
    return p / BB361_WIDTH;
}

static inline bb361 bb361_empty(void)
{
    bb361 s = {{0, 0, 0, 0, 0, 0}};
    return s;
}
static inline void bb361_clear(bb361 *s)
{
    for (int i = 0; i < BB361_WORDS; i++)
        s->w[i] = 0;
}
static inline void bb361_set(bb361 *s, int p)
{
    assert(p >= 0 && p < BB361_POINTS);
    s->w[p >> 6] |= (uint64_t)1 << (p & 63);
}
static inline void bb361_reset(bb361 *s, int p)
{
    assert(p >= 0 && p < BB361_POINTS);
    s->w[p >> 6] &= ~((uint64_t)1 << (p & 63));
}
/* 1 when p is in s, else 0. */
static inline int bb361_test(const bb361 *s, int p)
{
    assert(p >= 0 && p < BB361_POINTS);
    return (int)((s->w[p >> 6] >> (p & 63)) & 1);
}
/* The set holding only point p. */
static inline bb361 bb361_point(int p)
{
    bb361 s = bb361_empty();
    bb361_set(&s, p);
    return s;
}

static inline bb361 bb361_or(bb361 a, bb361 b)
{
    for (int i = 0; i < BB361_WORDS; i++)
        a.w[i] |= b.w[i];
    return a;
}
static inline bb361 bb361_and(bb361 a, bb361 b)
{
    for (int i = 0; i < BB361_WORDS; i++)
        a.w[i] &= b.w[i];
    return a;
}
/* a minus b. */
static inline bb361 bb361_andnot(bb361 a, bb361 b)
{
    for (int i = 0; i < BB361_WORDS; i++)
        a.w[i] &= ~b.w[i];
    return a;
}
static inline bb361 bb361_xor(bb361 a, bb361 b)
{
    for (int i = 0; i < BB361_WORDS; i++)
        a.w[i] ^= b.w[i];
    return a;
}
/* The 361 points not in a. */
static inline bb361 bb361_not(bb361 a) { return bb361_andnot(bb361_all, a); }

static inline int bb361_equal(bb361 a, bb361 b)
{
    uint64_t d = 0;
    for (int i = 0; i < BB361_WORDS; i++)
        d |= a.w[i] ^ b.w[i];
    return d == 0;
}
static inline int bb361_is_empty(bb361 a)
{
    uint64_t d = 0;
    for (int i = 0; i < BB361_WORDS; i++)
        d |= a.w[i];
    return d == 0;
}
/* 1 when a and b share a point. */
static inline int bb361_intersects(bb361 a, bb361 b) { return !bb361_is_empty(bb361_and(a, b)); }
/* 1 when every point of a is in b. */
static inline int bb361_subset(bb361 a, bb361 b) { return bb361_is_empty(bb361_andnot(a, b)); }

static inline int bb361_popcount(bb361 a)
{
    int n = 0;
    for (int i = 0; i < BB361_WORDS; i++)
        n += bb_popcount64(a.w[i]);
    return n;
}

/* The lowest point of s; s must not be empty. */
static inline int bb361_lowest(const bb361 *s)
{
    for (int i = 0; i < BB361_WORDS; i++)
        if (s->w[i])
            return i * 64 + bb_ctz64(s->w[i]);
    assert(!"bb361_lowest of an empty set");
    return -1;
}
/* Removes and returns the lowest point of *s; s must not be empty. The
 * usual loop is `while (!bb361_is_empty(t)) { int p = bb361_pop(&t); ... }`. */
static inline int bb361_pop(bb361 *s)
{
    for (int i = 0; i < BB361_WORDS; i++)
        if (s->w[i])
            return i * 64 + bb_pop_lsb(&s->w[i]);
    assert(!"bb361_pop of an empty set");
    return -1;
}
/* The lowest point of s that is >= from (0 <= from <= 361), or -1 when
 * there is none: `for (p = bb361_next(s, 0); p >= 0; p = bb361_next(s, p + 1))`. */
static inline int bb361_next(const bb361 *s, int from)
{
    assert(from >= 0 && from <= BB361_POINTS);
    if (from >= BB361_POINTS)
        return -1;
    int i = from >> 6;
    uint64_t w = s->w[i] & (~(uint64_t)0 << (from & 63));
    for (;;) {
        if (w)
            return i * 64 + bb_ctz64(w);
        if (++i == BB361_WORDS)
            return -1;
        w = s->w[i];
    }
}

/* The k-th lowest point of s, 0 <= k < bb361_popcount(s). */
static inline int bb361_select(const bb361 *s, int k)
{
    assert(k >= 0);
    for (int i = 0; i < BB361_WORDS; i++) {
        int c = bb_popcount64(s->w[i]);
        if (k < c) {
            uint64_t w = s->w[i];
            for (; k > 0; k--)
                w &= w - 1;
            return i * 64 + bb_ctz64(w);
        }
        k -= c;
    }
    assert(!"bb361_select: k beyond the set");
    return -1;
}

/* Shifts of the whole bit string towards higher points by k (1..63) and
 * towards lower points; the top bits beyond 361 are cleared. */
static inline bb361 bb361_shl(bb361 a, int k)
{
    assert(k > 0 && k < 64);
    bb361 r;
    r.w[0] = a.w[0] << k;
    for (int i = 1; i < BB361_WORDS; i++)
        r.w[i] = (a.w[i] << k) | (a.w[i - 1] >> (64 - k));
    r.w[BB361_WORDS - 1] &= bb361_all.w[BB361_WORDS - 1];
    return r;
}
static inline bb361 bb361_shr(bb361 a, int k)
{
    assert(k > 0 && k < 64);
    bb361 r;
    for (int i = 0; i < BB361_WORDS - 1; i++)
        r.w[i] = (a.w[i] >> k) | (a.w[i + 1] << (64 - k));
    r.w[BB361_WORDS - 1] = a.w[BB361_WORDS - 1] >> k;
    return r;
}

/* Each point moved one step (row + 1, row - 1, column + 1, column - 1);
 * points that would leave the 19x19 area disappear, nothing wraps. */
static inline bb361 bb361_north(bb361 a) { return bb361_shl(a, BB361_WIDTH); }
static inline bb361 bb361_south(bb361 a) { return bb361_shr(a, BB361_WIDTH); }
static inline bb361 bb361_east(bb361 a) { return bb361_shl(bb361_andnot(a, bb361_col18), 1); }
static inline bb361 bb361_west(bb361 a) { return bb361_shr(bb361_andnot(a, bb361_col0), 1); }

/* The points next to some point of a (a itself not included unless
 * adjacent to another of its points). */
static inline bb361 bb361_neighbours(bb361 a)
{
    return bb361_or(bb361_or(bb361_north(a), bb361_south(a)), bb361_or(bb361_east(a), bb361_west(a)));
}
/* The (up to four) points next to the point p in the 19x19 area, on a
 * smaller board or not: callers intersect them with sets of on-board
 * points. */
static inline bb361 bb361_around(int p)
{
    bb361 s = bb361_empty();
    int x = bb361_x(p), y = bb361_y(p);
    if (x > 0)
        bb361_set(&s, p - 1);
    if (x < BB361_WIDTH - 1)
        bb361_set(&s, p + 1);
    if (y > 0)
        bb361_set(&s, p - BB361_WIDTH);
    if (y < BB361_WIDTH - 1)
        bb361_set(&s, p + BB361_WIDTH);
    return s;
}
/* 1 when a point of *s is next to the point p: bb361_around(p) meets *s,
 * by four bit tests (cheaper on a hot path than building the set). */
static inline int bb361_touches(const bb361 *s, int p)
{
    int x = bb361_x(p), y = bb361_y(p);
    return (x > 0 && bb361_test(s, p - 1)) || (x < BB361_WIDTH - 1 && bb361_test(s, p + 1)) ||
           (y > 0 && bb361_test(s, p - BB361_WIDTH)) || (y < BB361_WIDTH - 1 && bb361_test(s, p + BB361_WIDTH));
}
/* The points of bb361_neighbours(*a) that lie in the words lo..hi
 * (0 <= lo <= hi < BB361_WORDS); the other words of the result are zero.
 * Searches confined to a few rows (a corner problem's region and the
 * points next to it) use it. */
static inline bb361 bb361_neighbours_window(const bb361 *a, int lo, int hi)
{
    bb361 r = bb361_empty();
    for (int i = lo; i <= hi; i++) {
        uint64_t x = a->w[i], prev = i > 0 ? a->w[i - 1] : 0, next = i < BB361_WORDS - 1 ? a->w[i + 1] : 0;
        uint64_t xe = x & ~bb361_col18.w[i], xw = x & ~bb361_col0.w[i];
        uint64_t pe = i > 0 ? prev & ~bb361_col18.w[i - 1] : 0;
        uint64_t nw = i < BB361_WORDS - 1 ? next & ~bb361_col0.w[i + 1] : 0;
        r.w[i] = (x << BB361_WIDTH) | (prev >> (64 - BB361_WIDTH)) | (x >> BB361_WIDTH) |
                 (next << (64 - BB361_WIDTH)) | (xe << 1) | (pe >> 63) | (xw >> 1) | (nw << 63);
    }
    r.w[BB361_WORDS - 1] &= bb361_all.w[BB361_WORDS - 1];
    return r;
}
/* bb361_flood_from(seeds, s) computed only in the words lo..hi: exact
 * when the component lies there (points of seeds and s elsewhere are
 * ignored; the other words of the result are zero). */
static inline bb361 bb361_flood_window(const bb361 *seeds, const bb361 *s, int lo, int hi)
{
    bb361 r = bb361_empty();
    for (int i = lo; i <= hi; i++)
        r.w[i] = seeds->w[i] & s->w[i];
    for (;;) {
        bb361 nb = bb361_neighbours_window(&r, lo, hi);
        uint64_t changed = 0;
        for (int i = lo; i <= hi; i++) {
            uint64_t n = (r.w[i] | nb.w[i]) & s->w[i];
            changed |= n ^ r.w[i];
            r.w[i] = n;
        }
        if (!changed)
            return r;
    }
}
/* a together with its neighbours, restricted to mask (a board). */
static inline bb361 bb361_dilate(bb361 a, bb361 mask)
{
    return bb361_and(bb361_or(a, bb361_neighbours(a)), mask);
}
/* The points of s connected (within s) to some point of seeds & s:
 * repeated dilation inside s until nothing is added. */
static inline bb361 bb361_flood_from(bb361 seeds, bb361 s)
{
    bb361 r = bb361_and(seeds, s);
    for (;;) {
        bb361 n = bb361_dilate(r, s);
        if (bb361_equal(n, r))
            return r;
        r = n;
    }
}
/* The connected component of point p within set s (empty when p is not in
 * s). */
static inline bb361 bb361_flood(bb361 s, int p)
{
    assert(p >= 0 && p < BB361_POINTS);
    bb361 seed = bb361_empty();
    bb361_set(&seed, p);
    return bb361_flood_from(seed, s);
}

/* The points whose four neighbours are all in a, where the outside of the
 * 19x19 area counts as in a (a smaller board adds its off-board points to
 * a): the eye-like points of the stones a. */
static inline bb361 bb361_enclosed(bb361 a)
{
    bb361 r = bb361_and(bb361_or(bb361_south(a), bb361_row18), bb361_or(bb361_north(a), bb361_row0));
    return bb361_and(r, bb361_and(bb361_or(bb361_west(a), bb361_col18), bb361_or(bb361_east(a), bb361_col0)));
}

/* The points of the lower-left size x size square (the board of that
 * size), 1 <= size <= 19. */
static inline bb361 bb361_square(int size)
{
    assert(size >= 1 && size <= BB361_WIDTH);
    bb361 s = bb361_empty();
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            bb361_set(&s, bb361_xy(x, y));
    return s;
}

#endif
