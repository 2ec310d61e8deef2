/* rng.h: the seeded random generator every random choice goes through
 * (xoshiro256**, seeded by splitmix64). Streams are derived from a seed
 * and labels, so each record draws from its own stream and results do not
 * depend on the order threads run in. */
#ifndef VP_RNG_H
#define VP_RNG_H

#include <assert.h>
#include <stdint.h>

typedef struct rng {
    uint64_t s[4];
} rng;

static inline uint64_t rng_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Seeds r from a seed and up to three labels naming the stream. */
static inline void rng_seed(rng *r, uint64_t seed, uint64_t a, uint64_t b, uint64_t c)
{
    uint64_t x = seed;
    x ^= rng_splitmix(&x) + a;
    x ^= rng_splitmix(&x) + b;
    x ^= rng_splitmix(&x) + c;
    for (int i = 0; i < 4; i++)
        r->s[i] = rng_splitmix(&x);
}

static inline uint64_t rng_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s, out = rng_rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rng_rotl(s[3], 45);
    return out;
}

/* Uniform integer in [0, n), n > 0, without modulo bias. */
static inline uint64_t rng_below(rng *r, uint64_t n)
{
    assert(n > 0);
    uint64_t lim = -n % n, x;
    do
        x = rng_next(r);
    while (x < lim);
    return x % n;
}

#endif
