/* go_bench.c: speed of the Go board. Uniform random playouts from the empty
 * 9x9 and 19x19 boards (go_random_move: no filling of one's own
 * single-point eyes, false eyes excepted as described in go.h; a pass
 * when nothing else is legal, the game ends after two passes or 3*size*size
 * moves), one thread, fixed seed; then go_play and go_is_legal alone on
 * recorded games. The move total and final-position hash are a determinism
 * signature: the same build and seed print the same numbers.
 * Usage: go_bench [playouts on 9x9 [playouts on 19x19]] */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "engines/go.h"
#include "engines/rng.h"
#include "engines/vp.h"

#define SEED 20260101u
#define NRECORD 200 /* games recorded for the go_play and go_is_legal timings */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Plays one random game from root into *b; records its moves in rec (up to
 * 3*size*size + 2) when rec is not NULL; returns the number of moves,
 * passes included. */
static int playout(const go_board *root, rng *r, go_board *b, int *rec)
{
    int cap = 3 * root->size * root->size, n = 0;
    *b = *root;
    while (go_passes(b) < 2 && n < cap) {
        int c = go_to_move(b), p = go_random_move(b, c, r);
        go_play_legal(b, c, p);
        if (rec)
            rec[n] = p;
        n++;
    }
    return n;
}

static int run(int size, long nplayouts)
{
    char err[VP_ERRLEN];
    go_board root, b;
    rng r;
    if (go_board_init(&root, size, err)) {
        fprintf(stderr, "go_bench: %s\n", err);
        return 1;
    }
    rng_seed(&r, SEED, (uint64_t)size, 0, 0);

    long moves = 0, passes = 0;
    uint64_t sig = 0;
    double t0 = now();
    for (long i = 0; i < nplayouts; i++) {
        moves += playout(&root, &r, &b, NULL);
        passes += go_passes(&b);
        sig ^= go_hash(&b) + (uint64_t)i;
    }
    double t = now() - t0;

    /* recorded games: go_play alone, then go_is_legal on their positions */
    int cap = 3 * size * size;
    int *rec = malloc(sizeof *rec * (size_t)NRECORD * (size_t)cap);
    int *len = malloc(sizeof *len * NRECORD);
    go_board *snaps = malloc(sizeof *snaps * (size_t)NRECORD * 8);
    if (!rec || !len || !snaps) {
        fprintf(stderr, "go_bench: out of memory\n");
        return 1;
    }
    rng_seed(&r, SEED, (uint64_t)size, 1, 0);
    int nsnap = 0;
    for (int g = 0; g < NRECORD; g++) {
        len[g] = playout(&root, &r, &b, rec + (size_t)g * (size_t)cap);
        /* positions at eight points of the game */
        go_board c = root;
        for (int m = 0; m < len[g]; m++) {
            if (m % (len[g] / 8 + 1) == 0 && nsnap < NRECORD * 8)
                snaps[nsnap++] = c;
            go_play_legal(&c, go_to_move(&c), rec[(size_t)g * (size_t)cap + (size_t)m]);
        }
    }
    long nplays = 0, bad = 0;
    int reps = size == 9 ? 20 : 5;
    double t1 = now();
    for (int k = 0; k < reps; k++)
        for (int g = 0; g < NRECORD; g++) {
            b = root;
            const int *mv = rec + (size_t)g * (size_t)cap;
            for (int m = 0; m < len[g]; m++)
                bad += go_play(&b, go_to_move(&b), mv[m], err) != 0;
            nplays += len[g];
        }
    double tplay = now() - t1;
    long ntests = 0, nlegal = 0;
    t1 = now();
    for (int k = 0; k < reps; k++)
        for (int s = 0; s < nsnap; s++)
            for (int p = 0; p < GO_NPOINTS; p++) {
                if (p % 19 >= size)
                    continue;
                nlegal += go_is_legal(&snaps[s], GO_BLACK, p) + go_is_legal(&snaps[s], GO_WHITE, p);
                ntests += 2;
            }
    double tlegal = now() - t1;

    printf("%dx%d: %ld playouts in %.3f s: %.0f playouts/s, %.1f moves/playout, %.1f ns/move in playouts\n",
           size, size, nplayouts, t, (double)nplayouts / t, (double)moves / (double)nplayouts,
           t * 1e9 / (double)moves);
    printf("%dx%d: go_play %.1f ns/play (%ld plays, %ld refused), go_is_legal %.1f ns/test (%ld tests, %ld legal)\n",
           size, size, tplay * 1e9 / (double)nplays, nplays, bad, tlegal * 1e9 / (double)ntests, ntests, nlegal);
    printf("%dx%d: signature: seed %u, %ld moves (%ld final passes), final hashes %016llx\n", size, size,
           (unsigned)SEED, moves, passes, (unsigned long long)sig);
    free(rec);
    free(len);
    free(snaps);
    return bad != 0;
}

int main(int argc, char **argv)
{
    long n9 = argc > 1 ? atol(argv[1]) : 100000, n19 = argc > 2 ? atol(argv[2]) : 10000;
    if (n9 < 1 || n19 < 1) {
        fprintf(stderr, "usage: go_bench [playouts on 9x9 [playouts on 19x19]]\n");
        return 2;
    }
    int rc = run(9, n9);
    rc |= run(19, n19);
    return rc;
}
