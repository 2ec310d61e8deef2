/* benson_test.c: Benson's unconditional life on drawn positions (eyes one,
 * two, big, shared, false, holding opponent stones; seki; whole boards;
 * within), soundness against exhaustive search on random 4x4-6x6 positions
 * (from play and from random setup), the packed window (and its one-answer
 * form on drawn eye spaces), and timing. */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engines/bitboard.h"
#include "engines/go.h"
#include "engines/rng.h"
#include "engines/vp.h"
#include "solver/benson.h"
#include "solver/ldwin.h"
#include "test.h"
#include "go_diagram.h"

/* ---- helpers ---- */


/* The points drawn as '#' in an n x n diagram (top row first). */
static bb361 mask(int n, const char *rows)
{
    bb361 s = bb361_empty();
    int k = 0;
    for (const char *c = rows; *c; c++) {
        if (*c == ' ' || *c == '\n')
            continue;
        if (*c == '#')
            bb361_set(&s, bb361_xy(k % n, n - 1 - k / n));
        k++;
    }
    CHECK(k == n * n, "mask has %d points, want %d", k, n * n);
    return s;
}

static int xy(int x, int y) { return bb361_xy(x, y); }

/* The alive stones of color with within NULL; also checks that the count
 * returned matches the set and that the set holds only stones of color. */
static bb361 alive_of(const go_board *b, int color, const bb361 *within)
{
    bb361 a;
    int n = benson_alive(b, color, within, &a);
    CHECK(n == bb361_popcount(a), "count %d vs set %d", n, bb361_popcount(a));
    CHECK(bb361_subset(a, b->set[color]), "alive set holds non-stones");
    return a;
}

static bb361 safe_of(const go_board *b, int color, const bb361 *within)
{
    bb361 s;
    int n = benson_safe_points(b, color, within, &s);
    CHECK(n == bb361_popcount(s), "count %d vs set %d", n, bb361_popcount(s));
    CHECK(!bb361_intersects(s, b->offboard), "safe points off the board");
    return s;
}

/* ---- hand-drawn positions ---- */

static void test_two_eyes(void)
{
    go_board b;
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O O . . ."
          "X X X X X O . . ."
          ". X . X X O . . .");
    bb361 a = alive_of(&b, GO_BLACK, NULL);
    CHECK(bb361_equal(a, b.set[GO_BLACK]), "two one-point eyes: %d alive", bb361_popcount(a));
    CHECK(bb361_is_empty(alive_of(&b, GO_WHITE, NULL)), "white wall alive");
    bb361 s = safe_of(&b, GO_BLACK, NULL);
    bb361 want = bb361_or(b.set[GO_BLACK], bb361_or(bb361_point(xy(0, 0)), bb361_point(xy(2, 0))));
    CHECK(bb361_equal(s, want), "safe points %d", bb361_popcount(s));

    /* the same on 19x19 in the upper right corner */
    char rows[19 * 19 + 1];
    memset(rows, '.', sizeof rows - 1);
    rows[19 * 19] = 0;
    const char *corner[3] = {"X.X.", "XXXX", "OOOO"}; /* rows 18, 17, 16 from x = 15 */
    for (int r = 0; r < 3; r++)
        memcpy(rows + r * 19 + 15, corner[r], 4);
    setup(&b, 19, rows);
    a = alive_of(&b, GO_BLACK, NULL);
    CHECK(bb361_popcount(a) == 6 && bb361_equal(a, b.set[GO_BLACK]), "19x19 corner: %d alive", bb361_popcount(a));
}

static void test_one_eye(void)
{
    go_board b;
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O . . . ."
          "X X X X O . . . ."
          ". X . . O . . . .");
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, NULL)), "one eye claimed alive");
    bb361 s = safe_of(&b, GO_BLACK, NULL);
    CHECK(bb361_is_empty(s), "one eye: %d safe points", bb361_popcount(s));
}

static void test_big_eyes(void)
{
    go_board b;
    /* straight three alone: one region, however vital, is one eye */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O O . . ."
          "X X X X X O . . ."
          "X . . . X O . . .");
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, NULL)), "straight three claimed alive");

    /* a 2x2 space in the corner whose point A1 touches no black stone:
     * not vital, so the two chains share only the eye D1-D2 */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O . . . ."
          "X X X X O . . . ."
          ". . X . X O . . ."
          ". . X . X O . . .");
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, NULL)), "corner space with an inner point claimed vital");

    /* straight three plus a one-point eye: alive, and both eyes are
     * territory (every point of the three touches the chain) */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O O O O ."
          "X X X X X X X O ."
          "X . . . X . X O .");
    bb361 a = alive_of(&b, GO_BLACK, NULL);
    CHECK(bb361_equal(a, b.set[GO_BLACK]), "three plus one: %d alive", bb361_popcount(a));
    bb361 s = safe_of(&b, GO_BLACK, NULL);
    CHECK(bb361_popcount(s) == bb361_popcount(a) + 4, "three plus one: %d safe", bb361_popcount(s));

    /* a 3x3 eye space and a one-point eye: the centre of the big space
     * touches no stone, so it is not vital and the chain is not claimed */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O O O . ."
          "X X X X X X O . ."
          ". . . X . X O . ."
          ". . . X X X O . ."
          ". . . X X X O . ."
          "X X X X X X O . .");
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, NULL)), "3x3 eye space claimed vital");
}

static void test_shared_eyes(void)
{
    go_board b;
    /* two chains, A1-eye and B2-eye each touch both; neither is connected */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "X X . . . . . . ."
          "X . X . . . . . ."
          ". X X . . . . . .");
    CHECK(go_chain(&b, xy(0, 1), NULL) == 3 && go_chain(&b, xy(1, 0), NULL) == 3, "two chains of three");
    bb361 a = alive_of(&b, GO_BLACK, NULL);
    CHECK(bb361_equal(a, b.set[GO_BLACK]), "shared eyes: %d alive", bb361_popcount(a));

    /* the lone A1 stone touches both eyes too, so it lives with the
     * big chain (white can play at neither B1 nor A2) */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "X X . . . . . . ."
          ". X X . . . . . ."
          "X . X . . . . . .");
    a = alive_of(&b, GO_BLACK, NULL);
    CHECK(bb361_equal(a, b.set[GO_BLACK]), "lone A1 stone: %d alive", bb361_popcount(a));

    /* A1 and the chain share one three-point region, vital to the chain
     * only (B2 is no liberty of A1): one eye, nothing alive */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O . . . . ."
          "X X X O . . . . ."
          ". . X O . . . . ."
          "X . X O . . . . .");
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, NULL)), "one shared eye claimed");
}

static void test_opponent_inside(void)
{
    go_board b;
    /* white A1 in atari inside an eye: the region {A1, B1} is vital since
     * its only empty point B1 is a liberty */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O O . . ."
          "X X X X X O . . ."
          "O . X . X O . . .");
    bb361 a = alive_of(&b, GO_BLACK, NULL);
    CHECK(bb361_equal(a, b.set[GO_BLACK]), "white stone in eye: %d alive", bb361_popcount(a));
    bb361 s = safe_of(&b, GO_BLACK, NULL);
    CHECK(bb361_equal(s, bb361_or(a, bb361_point(xy(3, 0)))), "region with a white stone claimed (%d)",
          bb361_popcount(s));

    /* white stones whose liberty A1 is not a liberty of black: not vital */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O O . . ."
          "X X X X X O . . ."
          "O O X . X O . . ."
          ". O X X X O . . .");
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, NULL)), "eye with an inner white liberty claimed");

    /* white stone with two liberties in a three-point region, both
     * liberties touching black: vital */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O O O . ."
          "X X X X X X O . ."
          ". O . X . X O . .");
    a = alive_of(&b, GO_BLACK, NULL);
    CHECK(bb361_equal(a, b.set[GO_BLACK]), "white stone with two liberties: %d alive", bb361_popcount(a));
}

static void test_false_eye(void)
{
    go_board b;
    /* E1 touches the main chain and the lone stone F1, which white can
     * capture at E1: a false eye */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O O . . ."
          "X X X X X O . . ."
          "X . X X X O . . ."
          "X X X X . X O . .");
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, NULL)), "false eye on the edge claimed");

    /* a lone point in the middle: D6's four neighbours are four chains,
     * each with just this one eye */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . O X O . . . ."
          ". . X . X . . . ."
          ". . O X O . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . .");
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, NULL)), "diagonal shape claimed");
}

static void test_seki(void)
{
    go_board b;
    /* the black chain and white C1-C2... share the liberties B1 B2:
     * seki, which is life, but not pass-alive */
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O O O . ."
          "O X X X X X O . ."
          "O X . O O X O . ."
          "O X . O O X O . ."
          "O X X X X X O . .");
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, NULL)), "seki black claimed");
    CHECK(bb361_is_empty(alive_of(&b, GO_WHITE, NULL)), "seki white claimed");
}

static void test_whole_board(void)
{
    go_board b;
    /* rows 2, 5, 8 and column E of black: one chain, eight regions, each a
     * strip of points that all touch the chain */
    setup(&b, 9,
          ". . . . X . . . ."
          "X X X X X X X X X"
          ". . . . X . . . ."
          ". . . . X . . . ."
          "X X X X X X X X X"
          ". . . . X . . . ."
          ". . . . X . . . ."
          "X X X X X X X X X"
          ". . . . X . . . .");
    bb361 a = alive_of(&b, GO_BLACK, NULL);
    CHECK(bb361_equal(a, b.set[GO_BLACK]), "whole board: %d alive", bb361_popcount(a));
    bb361 s = safe_of(&b, GO_BLACK, NULL);
    CHECK(bb361_equal(s, bb361_square(9)), "whole board: %d safe", bb361_popcount(s));

    /* a dead white stone inside one strip: black still alive, that strip
     * is no longer claimed as territory (H7 keeps the others vital) */
    setup(&b, 9,
          ". . . . X . . . ."
          "X X X X X X X X X"
          ". . . . X . . . ."
          ". . . . X . . O ."
          "X X X X X X X X X"
          ". . . . X . . . ."
          ". . . . X . . . ."
          "X X X X X X X X X"
          ". . . . X . . . .");
    a = alive_of(&b, GO_BLACK, NULL);
    CHECK(bb361_equal(a, b.set[GO_BLACK]), "whole board with a white stone: %d alive", bb361_popcount(a));
    s = safe_of(&b, GO_BLACK, NULL);
    CHECK(bb361_popcount(s) == 81 - 8, "whole board with a white stone: %d safe", bb361_popcount(s));

    /* each side lives on its half */
    setup(&b, 9,
          ". X . X O . O . O"
          "X X X X O O O O O"
          ". X . X O . O . O"
          "X X X X O O O O O"
          ". X . X O . O . O"
          "X X X X O O O O O"
          ". X . X O . O . O"
          "X X X X O O O O O"
          ". X . X O . O . O");
    CHECK(bb361_equal(alive_of(&b, GO_BLACK, NULL), b.set[GO_BLACK]), "split board black");
    CHECK(bb361_equal(alive_of(&b, GO_WHITE, NULL), b.set[GO_WHITE]), "split board white");
    CHECK(bb361_popcount(safe_of(&b, GO_BLACK, NULL)) == 36, "split board black safe");
    CHECK(bb361_popcount(safe_of(&b, GO_WHITE, NULL)) == 45, "split board white safe");

    /* the empty board and a board with one stone */
    go_board_init(&b, 9, NULL);
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, NULL)), "empty board");
    setup(&b, 2,
          "X ."
          ". .");
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, NULL)), "2x2 one stone");
    setup(&b, 2,
          "X ."
          ". X");
    CHECK(bb361_equal(alive_of(&b, GO_BLACK, NULL), b.set[GO_BLACK]), "2x2: two chains sharing two eyes");
}

static void test_within(void)
{
    go_board b;
    setup(&b, 9,
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          ". . . . . . . . ."
          "O O O O O O . . ."
          "X X X X X O . . ."
          ". X . . X O . . .");
    /* the eyes are A1 and C1-D1 */
    bb361 both = mask(9,
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      "# # # # # # . . ."
                      "# # # # # # . . ."
                      "# # # # # # . . .");
    bb361 cut = mask(9,
                     ". . . . . . . . ."
                     ". . . . . . . . ."
                     ". . . . . . . . ."
                     ". . . . . . . . ."
                     ". . . . . . . . ."
                     ". . . . . . . . ."
                     ". . . . . . . . ."
                     "# # # # . . . . ."
                     "# # # . . . . . .");
    bb361 eyes = mask(9,
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      ". . . . . . . . ."
                      "# . # # . . . . .");
    bb361 all = bb361_all;
    CHECK(bb361_equal(alive_of(&b, GO_BLACK, NULL), b.set[GO_BLACK]), "within NULL");
    CHECK(bb361_equal(alive_of(&b, GO_BLACK, &all), b.set[GO_BLACK]), "within everything");
    CHECK(bb361_equal(alive_of(&b, GO_BLACK, &both), b.set[GO_BLACK]), "within the corner");
    CHECK(bb361_equal(alive_of(&b, GO_BLACK, &eyes), b.set[GO_BLACK]), "within the eyes only");
    /* D1 is outside: the region C1-D1 reaches out, so it is no eye */
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, &cut)), "region crossing within counted");
    CHECK(bb361_is_empty(safe_of(&b, GO_BLACK, &cut)), "safe points across within");
    bb361 none = bb361_empty();
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, &none)), "within nothing");

    /* two chains: the top one has A5 and the strip of row 3, shared with
     * the bottom one, whose other eye is the strip of row 1 */
    setup(&b, 5,
          ". X X X X"
          "X X X X X"
          ". . . . ."
          "X X X X X"
          ". . . . .");
    CHECK(bb361_equal(alive_of(&b, GO_BLACK, NULL), b.set[GO_BLACK]), "5x5: two chains and three eyes");
    bb361 top = mask(5,
                     "# # # # #"
                     "# # # # #"
                     ". . . . ."
                     ". . . . ."
                     ". . . . .");
    bb361 a = alive_of(&b, GO_BLACK, &top);
    CHECK(bb361_is_empty(a), "5x5: life through a region outside within claimed (%d)", bb361_popcount(a));
    bb361 low = mask(5,
                     "# # # # #"
                     "# # # # #"
                     "# # # # #"
                     ". . . . ."
                     ". . . . .");
    /* the strip of row 3 is inside, but the bottom chain dies without row
     * 1, and the strip it bounds goes with it */
    CHECK(bb361_is_empty(alive_of(&b, GO_BLACK, &low)), "5x5: region next to a dropped chain kept");
}

/* ---- soundness against exhaustive search ---- */

/* An open-addressing set of 64-bit position hashes (0 is the empty slot;
 * a hash of 0 is stored as 1, a harmless merge). */
typedef struct hset {
    uint64_t *slot;
    size_t mask, n;
} hset;

static void hset_init(hset *h, int bits)
{
    h->mask = ((size_t)1 << bits) - 1;
    h->slot = calloc(h->mask + 1, sizeof *h->slot);
    h->n = 0;
    if (!h->slot) {
        fprintf(stderr, "out of memory\n");
        exit(99);
    }
}
static void hset_clear(hset *h)
{
    memset(h->slot, 0, (h->mask + 1) * sizeof *h->slot);
    h->n = 0;
}
/* 1 when key was new (and is now in), 0 when already there or full. */
static int hset_add(hset *h, uint64_t key)
{
    if (!key)
        key = 1;
    if (h->n * 2 > h->mask)
        return 0;
    for (size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull) & h->mask;; i = (i + 1) & h->mask) {
        if (h->slot[i] == key)
            return 0;
        if (!h->slot[i]) {
            h->slot[i] = key;
            h->n++;
            return 1;
        }
    }
}

typedef struct search {
    hset seen;
    long nodes, budget;
    int color;     /* the owner, who passes (or follows the territory strategy) */
    bb361 keep;    /* stones of the owner that must never be captured */
    bb361 terr;    /* territory points (strategy search only) */
    int broken;    /* a kept stone was captured / the strategy failed */
    int overflow;  /* budget or table exhausted: the proof is incomplete */
} search;

/* Every sequence of opponent moves, the owner passing: 1 when a stone of
 * keep is ever captured. */
static void search_pass(search *s, const go_board *b)
{
    if (s->broken || s->overflow)
        return;
    int o = go_other(s->color);
    bb361 legal;
    go_legal_moves(b, o, &legal);
    while (!bb361_is_empty(legal)) {
        go_board c = *b;
        go_play_legal(&c, o, bb361_pop(&legal));
        if (!bb361_subset(s->keep, c.set[s->color])) {
            s->broken = 1;
            return;
        }
        go_pass(&c, s->color);
        if (!hset_add(&s->seen, go_hash(&c)))
            continue;
        if (++s->nodes > s->budget || s->seen.n * 2 > s->seen.mask) {
            s->overflow = 1;
            return;
        }
        search_pass(s, &c);
        if (s->broken || s->overflow)
            return;
    }
}

/* The owner's reply of the territory strategy: a liberty of the lowest
 * opponent chain inside terr, or GO_PASS when there is none. */
static int territory_reply(const search *s, const go_board *b)
{
    bb361 inside = bb361_and(b->set[go_other(s->color)], s->terr);
    if (bb361_is_empty(inside))
        return GO_PASS;
    bb361 libs;
    go_chain_liberties(b, bb361_lowest(&inside), &libs);
    return bb361_is_empty(libs) ? -2 : bb361_lowest(&libs);
}

/* Every opponent move or pass, answered by the territory strategy: the
 * owner's stones in keep (alive stones, then every stone it puts into
 * terr) must never be captured, and its replies must be legal. */
static void search_territory(search *s, const go_board *b, bb361 keep)
{
    if (s->broken || s->overflow)
        return;
    int o = go_other(s->color);
    bb361 legal;
    int moves[GO_NPOINTS + 1], nmoves = 0;
    go_legal_moves(b, o, &legal);
    moves[nmoves++] = GO_PASS;
    while (!bb361_is_empty(legal))
        moves[nmoves++] = bb361_pop(&legal);
    for (int m = 0; m < nmoves; m++) {
        int move = moves[m];
        go_board c = *b;
        if (move == GO_PASS)
            go_pass(&c, o);
        else
            go_play_legal(&c, o, move);
        if (!bb361_subset(keep, c.set[s->color])) {
            s->broken = 1;
            return;
        }
        int reply = territory_reply(s, &c);
        if (reply == -2 || (reply != GO_PASS && !go_is_legal(&c, s->color, reply))) {
            s->broken = 2;
            return;
        }
        if (reply == GO_PASS) {
            if (move == GO_PASS)
                continue; /* two passes: the game is over, terr holds no opponent stone */
            go_pass(&c, s->color);
        } else {
            go_play_legal(&c, s->color, reply);
        }
        bb361 k = reply == GO_PASS ? keep : bb361_or(keep, bb361_point(reply));
        if (!bb361_subset(k, c.set[s->color])) {
            s->broken = 1;
            return;
        }
        if (!hset_add(&s->seen, go_hash_full(&c)))
            continue;
        if (++s->nodes > s->budget || s->seen.n * 2 > s->seen.mask) {
            s->overflow = 1;
            return;
        }
        search_territory(s, &c, k);
        if (s->broken || s->overflow)
            return;
    }
}

static void random_position(go_board *b, int n, rng *r)
{
    go_board_init(b, n, NULL);
    int moves = (int)rng_below(r, (uint64_t)(3 * n * n)) + 4;
    int uniform = rng_below(r, 4) == 0; /* sometimes fill eyes too */
    int color = GO_BLACK;
    for (int i = 0; i < moves && go_passes(b) < 2; i++) {
        int p;
        if (uniform && rng_below(r, 3) == 0) {
            bb361 legal;
            int k = go_legal_moves(b, color, &legal);
            p = k ? bb361_select(&legal, (int)rng_below(r, (uint64_t)k)) : GO_PASS;
        } else {
            p = go_random_move(b, color, r);
        }
        if (p == GO_PASS)
            go_pass(b, color);
        else
            go_play_legal(b, color, p);
        color = go_other(color);
    }
}

typedef struct verify_stats {
    int claims, proved, unproved, tclaims, tproved, tunproved;
    long nodes;
} verify_stats;

/* Checks every claim for color on b by exhaustive search: the alive stones
 * survive any opponent moves while the owner passes, and the territory
 * strategy of benson.c works whenever the opponent can play into the
 * territory at all. Searches over budget are counted, not failed. */
static void verify(const go_board *b, int color, hset *seen, long budget, verify_stats *st, const char *what)
{
    bb361 a = alive_of(b, color, NULL);
    if (bb361_is_empty(a))
        return;
    st->claims++;
    /* the owner passes at once, so no ko restricts the opponent */
    go_board c = *b;
    go_pass(&c, color);
    search s = {.seen = *seen, .budget = budget, .color = color, .keep = a};
    hset_clear(&s.seen);
    search_pass(&s, &c);
    st->nodes += s.nodes;
    CHECK(s.broken == 0, "%s: alive stones of %d captured (owner passing)", what, color);
    if (s.overflow)
        st->unproved++;
    else
        st->proved++;

    bb361 safe = safe_of(b, color, NULL);
    CHECK(bb361_subset(a, safe), "%s: alive stones not safe", what);
    bb361 terr = bb361_andnot(safe, a);
    CHECK(!bb361_intersects(terr, b->set[GO_BLACK]) && !bb361_intersects(terr, b->set[GO_WHITE]),
          "%s: territory holds stones", what);
    bb361 playable;
    go_legal_moves(&c, go_other(color), &playable);
    if (!bb361_intersects(terr, playable))
        return;
    st->tclaims++;
    search t = {.seen = *seen, .budget = budget, .color = color, .terr = terr};
    hset_clear(&t.seen);
    search_territory(&t, &c, a);
    st->nodes += t.nodes;
    CHECK(t.broken == 0, "%s: territory strategy of %d failed (%d)", what, color, t.broken);
    if (t.overflow)
        st->tunproved++;
    else
        st->tproved++;
}

/* A random legal position drawn point by point (black, white or empty
 * with the given weights out of 8), retried until no chain lacks a
 * liberty: denser in unusual shapes than positions from play. */
static void random_setup(go_board *b, int n, rng *r)
{
    char err[VP_ERRLEN];
    int wb = 2 + (int)rng_below(r, 3), ww = 1 + (int)rng_below(r, 3);
    do {
        go_board_init(b, n, NULL);
        for (int y = 0; y < n; y++)
            for (int x = 0; x < n; x++) {
                int k = (int)rng_below(r, 8);
                int c = k < wb ? GO_BLACK : k < wb + ww ? GO_WHITE : GO_EMPTY;
                if (c != GO_EMPTY)
                    go_setup_stone(b, c, xy(x, y), err);
            }
    } while (go_setup_check(b, err) != 0);
}

/* A random 19x19 setup: stones at random, then chains without a liberty
 * removed until none is left. */
/* Sets b up on 19x19 with the stones of set (set[GO_EMPTY] the rest),
 * after emptying every chain left without a liberty, until none is. */
static void setup_sets(go_board *b, bb361 *set)
{
    char err[VP_ERRLEN];
    for (int changed = 1; changed;) {
        changed = 0;
        for (int c = GO_BLACK; c <= GO_WHITE; c++)
            for (bb361 todo = set[c]; !bb361_is_empty(todo);) {
                bb361 chain = bb361_flood(set[c], bb361_lowest(&todo));
                todo = bb361_andnot(todo, chain);
                if (!bb361_intersects(bb361_neighbours(chain), set[GO_EMPTY])) {
                    set[c] = bb361_andnot(set[c], chain);
                    set[GO_EMPTY] = bb361_or(set[GO_EMPTY], chain);
                    changed = 1;
                }
            }
    }
    go_board_init(b, 19, NULL);
    int rc = go_setup_stones(b, GO_BLACK, &set[GO_BLACK], err) || go_setup_stones(b, GO_WHITE, &set[GO_WHITE], err) ||
             go_setup_check(b, err);
    CHECK(rc == 0, "random 19x19 setup: %s", err);
}

static void random_big_setup(go_board *b, rng *r)
{
    bb361 set[3] = {bb361_empty(), bb361_empty(), bb361_empty()};
    int wb = 2 + (int)rng_below(r, 3), ww = 1 + (int)rng_below(r, 3);
    for (int p = 0; p < GO_NPOINTS; p++) {
        int k = (int)rng_below(r, 8);
        bb361_set(&set[k < wb ? GO_BLACK : k < wb + ww ? GO_WHITE : GO_EMPTY], p);
    }
    setup_sets(b, set);
}

/* benson_alive_window gives benson_alive's answer whenever its words hold
 * within and the points next to it: random 19x19 setups, random
 * rectangles along the edge (problem regions) and in the middle. */
static void test_window(void)
{
    rng r;
    rng_seed(&r, 20261129, 0xb1, 0x3d, 0);
    int cases = 0, nonempty = 0, same = 0;
    for (int iter = 0; iter < 3000; iter++) {
        go_board b;
        random_big_setup(&b, &r);
        int w = 2 + (int)rng_below(&r, 9), h = 2 + (int)rng_below(&r, 7);
        int x0 = (int)rng_below(&r, (uint64_t)(20 - w)), y0 = iter % 3 ? 0 : (int)rng_below(&r, (uint64_t)(20 - h));
        if (iter % 2)
            y0 = 19 - h - y0; /* the top edge as well */
        bb361 within = bb361_empty();
        for (int y = y0; y < y0 + h; y++)
            for (int x = x0; x < x0 + w; x++)
                bb361_set(&within, xy(x, y));
        bb361 near = bb361_or(within, bb361_neighbours(within));
        int lo = BB361_WORDS - 1, hi = 0;
        for (int i = 0; i < BB361_WORDS; i++)
            if (near.w[i]) {
                lo = i < lo ? i : lo;
                hi = i;
            }
        for (int color = GO_BLACK; color <= GO_WHITE; color++) {
            bb361 a, aw;
            int n = benson_alive(&b, color, &within, &a), nw = benson_alive_window(&b, color, &within, lo, hi, &aw);
            cases++;
            nonempty += n > 0;
            same += n == nw && bb361_equal(a, aw);
        }
    }
    CHECK(same == cases, "windowed Benson differs in %d of %d cases", cases - same, cases);
    CHECK(nonempty >= 100, "only %d cases with alive stones", nonempty);
    printf("window: %d cases, %d with alive stones, all equal: %s\n", cases, nonempty, same == cases ? "yes" : "no");
}

/* ld_win_alive (the packed window) gives benson_alive's answer on
 * positions as ld_frame leaves them: random stones inside a rectangle
 * along an edge or in a corner, and outside it only attacker stones and
 * empty points; for "any stone of on alive" and "all of on alive", with
 * on the defender's stones or a random part of them. The last thousand
 * rectangles are larger, so that windows of several words (a code path of
 * their own: LD_WIN_ONE) are compared as often as one-word ones. */
static void test_ldwin(void)
{
    rng r;
    rng_seed(&r, 20261129, 0x1d, 0x77, 0);
    int cases = 0, alive = 0, same = 0, undecided = 0, multi = 0, multi_alive = 0;
    char err[VP_ERRLEN];
    for (int iter = 0; iter < 5000; iter++) {
        int big = iter >= 4000;
        int w = big ? 6 + (int)rng_below(&r, 14) : 2 + (int)rng_below(&r, 8);
        int h = big ? 5 + (int)rng_below(&r, 10) : 2 + (int)rng_below(&r, 6);
        int x0 = iter % 4 == 0 ? (int)rng_below(&r, (uint64_t)(20 - w)) : iter % 4 == 1 ? 0 : 19 - w;
        int y0 = iter % 3 == 0 ? 0 : iter % 3 == 1 ? 19 - h : (int)rng_below(&r, (uint64_t)(20 - h));
        int defender = 1 + (int)rng_below(&r, 2), attacker = 3 - defender;
        bb361 within = bb361_empty();
        for (int y = y0; y < y0 + h; y++)
            for (int x = x0; x < x0 + w; x++)
                bb361_set(&within, xy(x, y));
        bb361 set[3] = {bb361_empty(), bb361_empty(), bb361_empty()};
        int dd = 3 + (int)rng_below(&r, 3);
        for (int p = 0; p < GO_NPOINTS; p++) {
            int k = (int)rng_below(&r, 8);
            if (bb361_test(&within, p))
                bb361_set(&set[k < dd ? defender : k < dd + 2 ? attacker : GO_EMPTY], p);
            else
                bb361_set(&set[k < 6 ? attacker : GO_EMPTY], p);
        }
        go_board b;
        setup_sets(&b, set);
        ld_win win;
        CHECK(ld_win_init(&win, &within, 19, defender, err) == 0, "ld_win_init: %s", err);
        bb361 ref;
        benson_alive(&b, defender, &within, &ref);
        bb361 mine = b.set[defender], part = bb361_empty();
        for (int p = bb361_next(&mine, 0); p >= 0; p = bb361_next(&mine, p + 1))
            if (rng_below(&r, 3) == 0)
                bb361_set(&part, p);
        const bb361 *ons[2] = {&mine, &part};
        for (int k = 0; k < 2; k++) {
            const bb361 *on = ons[k];
            bb361 x = bb361_and(ref, *on);
            int want_any = !bb361_is_empty(x), want_all = !bb361_is_empty(*on) && bb361_equal(x, *on);
            ld_view v;
            v.ready = 0;
            int any = ld_win_alive(&win, b.set, &v, on, 0), all = ld_win_alive(&win, b.set, &v, on, 1);
            /* an answer allowed only adds life */
            int any2 = ld_win_alive_answer(&win, b.set, &v, on, 0), all2 = ld_win_alive_answer(&win, b.set, &v, on, 1);
            CHECK(any != 1 || any2 == 1, "alive with no answer, not with one (iteration %d)", iter);
            CHECK(all != 1 || all2 == 1, "all alive with no answer, not with one (iteration %d)", iter);
            cases += 2;
            alive += want_any;
            multi += win.nw > 1 ? 2 : 0;
            multi_alive += win.nw > 1 && want_any;
            undecided += (any < 0) + (all < 0);
            same += (any < 0 || any == want_any) + (all < 0 || all == want_all);
        }
        /* candidate regions: a non-defender region point is a candidate
         * exactly when its flood within the non-defender points stays in
         * the region and every empty point of it touches a defender stone */
        bb361 nd = bb361_andnot(bb361_square(19), b.set[defender]);
        for (int t = 0; t < 3; t++) {
            int p = (int)rng_below(&r, GO_NPOINTS);
            if (!bb361_test(&within, p) || bb361_test(&b.set[defender], p))
                continue;
            bb361 reg = bb361_flood(nd, p);
            int want = bb361_subset(reg, within) &&
                       bb361_subset(bb361_and(reg, b.set[GO_EMPTY]), bb361_neighbours(b.set[defender]));
            ld_view v;
            v.ready = 0;
            cases++;
            same += ld_win_candidate(&win, b.set, &v, p) == want;
        }
    }
    CHECK(same == cases, "ld_win differs from benson_alive in %d of %d cases", cases - same, cases);
    CHECK(alive >= 200, "only %d cases with alive stones", alive);
    CHECK(undecided * 100 <= cases, "%d of %d cases undecided", undecided, cases);
    CHECK(multi >= 1000 && multi_alive >= 50, "only %d cases in windows of several words (%d alive)", multi,
          multi_alive);
    printf("ld_win: %d cases, %d with alive stones, %d undecided, %d in windows of several words (%d alive), all "
           "equal: %s\n",
           cases, alive, undecided, multi, multi_alive, same == cases ? "yes" : "no");
}

static void test_soundness(void)
{
    hset seen;
    hset_init(&seen, 20);
    verify_stats st = {0};

    /* hand-drawn territories the opponent can play into */
    static const struct {
        int n;
        const char *rows;
    } drawn[] = {
        {5, ". O . O ."
            "O O O O O"
            "X X X X X"
            ". X . . X"
            ". X . . X"},
        {5, ". . . . ."
            "X X X X X"
            "X . . . X"
            "X X X X X"
            ". X . . X"},
        {6, ". . . . . ."
            "O O O O O O"
            "X X X X X X"
            "X . . . X ."
            "X . X . X X"
            ". . X X X ."},
        {5, ". . X . X"
            "X X X X X"
            ". . . X ."
            "X X X X X"
            ". . . . ."},
    };
    for (size_t i = 0; i < sizeof drawn / sizeof drawn[0]; i++) {
        go_board b;
        char what[32];
        setup(&b, drawn[i].n, drawn[i].rows);
        snprintf(what, sizeof what, "drawn %zu", i);
        int before = st.tproved;
        verify(&b, GO_BLACK, &seen, 2000000, &st, what);
        CHECK(st.tproved == before + 1, "%s: territory not checked", what);
    }

    rng r;
    rng_seed(&r, 20240611, 0xbe, 0x5011, 0);
    int positions = 0;
    for (int iter = 0; iter < 1600; iter++) {
        int n = iter % 8 == 7 ? 6 : iter % 4 >= 2 ? 5 : 4;
        go_board b;
        char what[32];
        if (iter % 2) {
            random_setup(&b, n, &r);
            snprintf(what, sizeof what, "random setup %d", iter);
        } else {
            random_position(&b, n, &r);
            snprintf(what, sizeof what, "random play %d", iter);
        }
        positions++;
        for (int color = GO_BLACK; color <= GO_WHITE; color++)
            verify(&b, color, &seen, 300000, &st, what);
    }
    free(seen.slot);
    printf("soundness: %zu drawn and %d random positions; alive claims %d (%d proved, %d over budget); "
           "playable territories %d (%d proved, %d over budget); %ld nodes\n",
           sizeof drawn / sizeof drawn[0], positions, st.claims, st.proved, st.unproved, st.tclaims, st.tproved,
           st.tunproved, st.nodes);
    CHECK(st.proved >= 100, "only %d alive claims checked", st.proved);
    CHECK(st.tproved >= 10, "only %d territory claims checked", st.tproved);
}

/* ---- timing ---- */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void test_timing(void)
{
    go_board b;
    /* a corner tsumego on 19x19: white's enclosing wall, black inside */
    char rows[19 * 19 + 1];
    memset(rows, '.', sizeof rows - 1);
    rows[19 * 19] = 0;
    const char *problem[6] = {
        "......O............",
        "OOOOOOO............",
        "XXXXXXOO...........",
        "...O.XXO...........",
        "..X...XO...........",
        "......XO..........."};
    for (int r = 0; r < 6; r++)
        memcpy(rows + (13 + r) * 19, problem[r], 19);
    memcpy(rows + 3 * 19, "...X...........O...", 19);
    memcpy(rows + 9 * 19, ".........X.O.X.O...", 19);
    setup(&b, 19, rows);
    bb361 within = bb361_empty();
    for (int y = 0; y < 7; y++)
        for (int x = 0; x < 9; x++)
            bb361_set(&within, xy(x, y));
    bb361 a;
    long iters = 50000;
    volatile int sink = 0;
    double t0 = now();
    for (long i = 0; i < iters; i++)
        sink += benson_alive(&b, (int)(i & 1) + 1, NULL, &a);
    double t1 = now();
    for (long i = 0; i < iters; i++)
        sink += benson_alive(&b, GO_BLACK, &within, &a);
    double t2 = now();
    bb361 s;
    for (long i = 0; i < iters; i++)
        sink += benson_safe_points(&b, GO_BLACK, NULL, &s);
    double t3 = now();
    printf("timing: benson_alive 19x19 tsumego %.2f us (within NULL), %.2f us (within), "
           "benson_safe_points %.2f us [%d]\n",
           1e6 * (t1 - t0) / (double)iters, 1e6 * (t2 - t1) / (double)iters, 1e6 * (t3 - t2) / (double)iters,
           sink & 1);
    a = alive_of(&b, GO_BLACK, NULL);
    CHECK(bb361_is_empty(a), "timing position: black claimed alive (%d)", bb361_popcount(a));

    /* a settled corner: the black group lives with two eyes */
    memcpy(rows + 13 * 19, "......O............", 19);
    memcpy(rows + 14 * 19, "OOOOOOO............", 19);
    memcpy(rows + 15 * 19, "XXXXXXOO...........", 19);
    memcpy(rows + 16 * 19, ".X.O.XXO...........", 19);
    memcpy(rows + 17 * 19, "XXX.XXXO...........", 19);
    memcpy(rows + 18 * 19, ".X.XX.XO...........", 19);
    setup(&b, 19, rows);
    t0 = now();
    for (long i = 0; i < iters; i++)
        sink += benson_alive(&b, GO_BLACK, &within, &a);
    t1 = now();
    CHECK(bb361_equal(a, bb361_and(b.set[GO_BLACK], within)), "settled corner: %d alive", bb361_popcount(a));

    /* a crowded board from 300 playout moves: many chains and regions */
    rng r;
    rng_seed(&r, 7, 19, 300, 0);
    go_board_init(&b, 19, NULL);
    for (int i = 0, color = GO_BLACK; i < 300; i++, color = go_other(color)) {
        int p = go_random_move(&b, color, &r);
        if (p == GO_PASS)
            go_pass(&b, color);
        else
            go_play_legal(&b, color, p);
    }
    t2 = now();
    for (long i = 0; i < iters / 10; i++)
        sink += benson_alive(&b, (int)(i & 1) + 1, NULL, &a);
    t3 = now();
    printf("timing: settled corner %.2f us; crowded 19x19 board %.2f us (%d black, %d white alive) [%d]\n",
           1e6 * (t1 - t0) / (double)iters, 1e6 * (t3 - t2) / (double)(iters / 10),
           benson_alive(&b, GO_BLACK, NULL, &a), benson_alive(&b, GO_WHITE, NULL, &a), sink & 1);
}

/* ld_win_alive_answer: a straight four closed by one chain lives with one
 * answer (whatever the attacker plays in it, the answer splits it into
 * two eyes) where Benson sees one region; the straight three, the square
 * four, a straight four holding an attacker stone and one closed by two
 * chains do not. The window is the whole 9x9 board (no rim). */
static int alive_answer(const go_board *b, int defender, int answer)
{
    char err[VP_ERRLEN];
    ld_win win;
    bb361 all = bb361_square(9), on = b->set[defender];
    CHECK(ld_win_init(&win, &all, 9, defender, err) == 0, "ld_win_init: %s", err);
    ld_view v;
    v.ready = 0;
    return answer ? ld_win_alive_answer(&win, b->set, &v, &on, 0) : ld_win_alive(&win, b->set, &v, &on, 0);
}

static void test_ldwin_answer(void)
{
    static const struct {
        const char *what, *rows;
        int lives;
    } cases[] = {
        {"straight four", ". . . . . . . . ." ". . . . . . . . ." ". . . . . . . . ." ". . . . . . . . ."
                          ". . . . . . . . ." ". . . . . . . . ." "O O O O O O . . ." "X X X X X O . . ."
                          ". . . . X O . . .", 1},
        {"straight four on the edge", ". . . . . . . . ." ". . . . . . . . ." ". . . . . . . . ."
                                      ". . . . . . . . ." ". . . . . . . . ." ". . . . . . . . ."
                                      ". O O O O O O O O"
                                      ". O X X X X X X O" ". O X . . . . X O", 1},
        {"straight three", ". . . . . . . . ." ". . . . . . . . ." ". . . . . . . . ." ". . . . . . . . ."
                           ". . . . . . . . ." ". . . . . . . . ." "O O O O O O . . ." "X X X X X O . . ."
                           ". . . X X O . . .", 0},
        {"square four", ". . . . . . . . ." ". . . . . . . . ." ". . . . . . . . ." ". . . . . . . . ."
                        ". . . . . . . . ." "O O O O . . . . ." "X X X O . . . . ." ". . X O . . . . ."
                        ". . X O . . . . .", 0},
        {"straight four holding a white stone", ". . . . . . . . ." ". . . . . . . . ." ". . . . . . . . ."
                                                ". . . . . . . . ." ". . . . . . . . ." ". . . . . . . . ."
                                                "O O O O O O . . ." "X X X X X O . . ." ". O . . X O . . .", 0},
        {"straight four closed by two chains", ". . . . . . . . ." ". . . . . . . . ." ". . . . . . . . ."
                                               ". . . . . . . . ." ". . . . . . . . ." "O O O O O O . . ."
                                               "X X . X X O . . ." "O X . X X O . . ." ". . . . X O . . .", 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        go_board b;
        setup(&b, 9, cases[i].rows);
        CHECK(alive_answer(&b, GO_BLACK, 0) == 0, "%s: Benson's test calls it alive", cases[i].what);
        CHECK(alive_answer(&b, GO_BLACK, 1) == cases[i].lives, "%s: with an answer %d, want %d", cases[i].what,
              alive_answer(&b, GO_BLACK, 1), cases[i].lives);
    }
}

int main(void)
{
    test_two_eyes();
    test_one_eye();
    test_big_eyes();
    test_shared_eyes();
    test_opponent_inside();
    test_false_eye();
    test_seki();
    test_whole_board();
    test_within();
    test_window();
    test_ldwin();
    test_ldwin_answer();
    test_soundness();
    test_timing();
    return test_done("benson_test");
}
