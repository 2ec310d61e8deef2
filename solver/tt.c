/* tt.c: allocation of the shared transposition table. */
#include <config.h>

#include "tt.h"

#include <stdlib.h>

#include "vp.h"

int tt_init(tt_table *t, size_t bytes)
{
    size_t n = 128;
    while (n * 2 * sizeof(uint64_t) <= bytes)
        n *= 2;
    t->slots = calloc(n, sizeof(uint64_t));
    if (!t->slots)
        return VP_ENOMEM;
    t->mask = n - 1;
    return 0;
}

void tt_free(tt_table *t)
{
    free(t->slots);
    t->slots = NULL;
    t->mask = 0;
}

void tt_clear(tt_table *t)
{
    for (uint64_t i = 0; i <= t->mask; i++)
        atomic_store_explicit(&t->slots[i], 0, memory_order_relaxed);
}
