/* bitboard.h: bit-set primitives for the game engines. Word-level
 * operations (population count, lowest set bit) live here, behind the one
 * #if that selects compiler intrinsics; the 361-point Go set type joins
 * them with the Go engine. */
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

#endif
