/* tt.h: a lockless transposition table of single 64-bit words, shared by
 * search threads. Each word holds a key of up to TT_KEY_BITS bits and
 * TT_DATA_BITS bits of data, so a read never sees half of another
 * thread's write; relaxed atomics make the races well defined. A hit is
 * only a hint (entries are overwritten at will), so searches must stay
 * correct when a probe misses. */
#ifndef VP_TT_H
#define VP_TT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define TT_KEY_BITS 50
#define TT_DATA_BITS 14

typedef struct tt_table {
    _Atomic uint64_t *slots;
    uint64_t mask; /* number of slots - 1; slots come in pairs */
} tt_table;

/* Allocates a table of about `bytes` bytes (rounded down to a power of two,
 * at least 1 KiB); returns 0 or VP_ENOMEM. */
int tt_init(tt_table *t, size_t bytes);
void tt_free(tt_table *t);
/* Empties the table; returns nothing. */
void tt_clear(tt_table *t);

static inline uint64_t tt_index(const tt_table *t, uint64_t key)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    return (h >> 20) & t->mask & ~(uint64_t)1;
}

/* Data stored under key, or 0 when absent; stored data is never 0. */
static inline uint32_t tt_probe(const tt_table *t, uint64_t key)
{
    uint64_t i = tt_index(t, key);
    for (int j = 0; j < 2; j++) {
        uint64_t w = atomic_load_explicit(&t->slots[i + j], memory_order_relaxed);
        if (w && (w >> TT_DATA_BITS) == key)
            return (uint32_t)(w & ((1u << TT_DATA_BITS) - 1));
    }
    return 0;
}

/* Stores data (non-zero, < 2^TT_DATA_BITS) under key: into the slot that
 * holds the key if any, else the first slot, moving its old entry to the
 * second. */
static inline void tt_store(tt_table *t, uint64_t key, uint32_t data)
{
    uint64_t i = tt_index(t, key);
    uint64_t w = key << TT_DATA_BITS | data;
    uint64_t w0 = atomic_load_explicit(&t->slots[i], memory_order_relaxed);
    uint64_t w1 = atomic_load_explicit(&t->slots[i + 1], memory_order_relaxed);
    if (w1 && (w1 >> TT_DATA_BITS) == key) {
        atomic_store_explicit(&t->slots[i + 1], w, memory_order_relaxed);
        return;
    }
    if (w0 && (w0 >> TT_DATA_BITS) != key)
        atomic_store_explicit(&t->slots[i + 1], w0, memory_order_relaxed);
    atomic_store_explicit(&t->slots[i], w, memory_order_relaxed);
}

#endif
