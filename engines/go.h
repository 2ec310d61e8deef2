/* go.h: the Go board and rules on square boards of 2..19 lines: play, pass,
 * captures, no suicide, simple ko, optional positional superko, chains and
 * exact liberties, Zobrist hashing, setup for records. One memcpy-able
 * struct is passed to every call; search copies it (there is no undo). */
#ifndef VP_GO_H
#define VP_GO_H

#include <assert.h>
#include <stdint.h>

#include "bitboard.h"
#include "rng.h"

enum { GO_EMPTY = 0, GO_BLACK = 1, GO_WHITE = 2, GO_OFFBOARD = 3 };

#define GO_MIN_SIZE 2
#define GO_MAX_SIZE 19
#define GO_NPOINTS 361 /* points are bb361 indexes 0..360 */
#define GO_PASS (-1)   /* the move "pass" wherever a point is expected */
#define GO_STRIDE 20   /* slot row length: 19 points and one margin slot */
#define GO_NSLOTS 424  /* 21 slot rows of 20, one more margin slot, rounded up */
#define GO_HISTORY 64  /* positions remembered for superko */

/* The opposite colour of GO_BLACK or GO_WHITE. */
static inline int go_other(int color)
{
    assert(color == GO_BLACK || color == GO_WHITE);
    return 3 - color;
}

/* The counters of one chain, kept at its head slot (see go_board). */
typedef struct go_group {
    uint16_t nstones;
    uint16_t nplibs;  /* pseudo-liberties */
    uint32_t libsum;  /* sum of the slots of the pseudo-liberties */
    uint32_t libsum2; /* sum of their squares */
} go_group;

/*
** Points and slots. The public index of a point is its bb361 index
** p = y*19 + x (x the column from the left, y the row from the bottom).
** Inside the board each point has a slot s = (y+1)*20 + (x+1). The margin
** slots (row 0, row 20, and column 0, which serves as the margin of both
** sides of the rows) hold GO_OFFBOARD, and so do the slots with x or y >=
** size, so the four neighbours s-20, s-1, s+1, s+20 of an on-board slot
** never need a bounds check. go_p2s and go_s2p convert.
**
** Chains. For a stone at slot s, chain[s] is the head of its chain: one of
** its stones, which stays the head until the chain merges into a larger
** one (the smaller chain is relabelled). next[] links the stones of each
** chain into one cycle. grp[h] is meaningful only at heads h: the number
** of stones and the pseudo-liberties, one for every pair (stone, empty
** neighbour), so an empty point next to three stones of a chain counts
** three times. Hence
**   - the chain has no liberty iff nplibs == 0;
**   - the chain's only liberty is L iff libsum == nplibs*L and
**     libsum2 == nplibs*L*L (all pseudo-liberties equal L, by
**     Cauchy-Schwarz), which is how atari and suicide are decided without
**     scanning. Exact liberties are counted on demand by walking the chain.
** chain, next and grp are stale at empty slots and must not be read there.
**
** Empty points. empty[0..nempty) lists the slots of the empty on-board
** points in no particular order, and empty_at[s] is the position of s in
** that list (meaningful only while s is empty). Random playouts draw from
** this list.
**
** Point sets. set[GO_EMPTY], set[GO_BLACK], set[GO_WHITE] hold the empty
** on-board points and the stones of each colour as bb361 point sets; with
** offboard (the points of the 19x19 area beyond size) they partition the
** 361 points. They mirror color[] at every moment.
**
** Ko. ko is the slot that ko_color may not play on the next move, or 0.
** It is set only by a move that captured exactly one stone and whose stone
** then stands alone with exactly one liberty (the captured point); every
** other move and every pass clears it.
**
** Hash. hash is the XOR of go_zobrist(color, p) over all stones: it
** depends on the stones only (the position), not on the side to move or
** ko; go_hash_full mixes those in for transposition tables. The keys are a
** pure function of (colour, point), the same in every build and thread.
**
** Superko. When superko is set, hist[(k) % GO_HISTORY] for
** nhist - GO_HISTORY <= k < nhist holds the hashes of the positions after
** the setup and after each move, the current one last; a move whose
** resulting position has one of these hashes is illegal. Repetitions of
** positions older than GO_HISTORY moves go unseen (real superko cycles
** are a few moves long), and hash collisions (2^-64 per pair) are ignored.
** Setup starts a new history.
**
** Counters. to_move is the side to move (the opponent of the last player,
** settable for records), move_number counts plays and passes since
** go_board_init, passes counts the consecutive passes that ended the move
** sequence so far, captures[c] the stones captured by colour c, last the
** last move (a point, GO_PASS, or -2 before any move).
**
** The struct holds no pointers, so memcpy (or assignment) copies a board.
*/
typedef struct go_board {
    int size;
    int to_move;
    int move_number;
    int passes;
    int last;
    int ko;
    int ko_color;
    int superko;
    int captures[3];
    int nempty;
    int nhist;
    uint64_t hash;
    uint64_t hist[GO_HISTORY];
    bb361 set[3];
    bb361 offboard;
    uint8_t color[GO_NSLOTS];
    uint16_t chain[GO_NSLOTS];
    uint16_t next[GO_NSLOTS];
    uint16_t empty_at[GO_NSLOTS];
    uint16_t empty[GO_NPOINTS];
    go_group grp[GO_NSLOTS];
} go_board;

/* Sets b to the empty board of size x size, black to move, superko off;
 * returns 0, or VP_ERANGE when size is not in 2..19 (message in err). */
int go_board_init(go_board *b, int size, char *err);
/* Turns positional superko on (1) or off (0); turning it on starts the
 * history at the current position. Returns nothing. */
void go_set_superko(go_board *b, int on);
/* Sets the side to move (GO_BLACK or GO_WHITE); returns 0, or VP_EINVAL. */
int go_set_to_move(go_board *b, int color, char *err);

/* Plays color at point (GO_PASS passes) whoever is to move; returns 0, or
 * VP_EINVAL with the reason (bad colour, off board, occupied, suicide,
 * ko, superko) in err, leaving b unchanged. */
int go_play(go_board *b, int color, int point, char *err);
/* Plays a move known to be legal (go_is_legal), without checking it;
 * returns nothing. */
void go_play_legal(go_board *b, int color, int point);
/* Passes for color; returns nothing. */
void go_pass(go_board *b, int color);
/* 1 when color may play at point (GO_PASS is always legal), else 0. */
int go_is_legal(const go_board *b, int color, int point);
/* Writes the legal points (passes excluded) of color into *out; returns
 * their number. */
int go_legal_moves(const go_board *b, int color, bb361 *out);
/* A uniformly random legal point for color that does not fill one of its
 * single-point eyes, drawn from r; returns the point, or GO_PASS when
 * there is none. The light-playout eye (go_is_playout_eye_slot): an empty
 * point p is an eye of color when every on-board orthogonal neighbour of
 * p is a stone of color, and of p's on-board diagonal points at most one
 * holds an opponent stone when p is off the edge (all four diagonals on
 * the board), none when p is on the edge or in a corner; empty diagonals
 * do not count. A point that fails the diagonal test is a false eye and
 * may be filled, so random games settle instead of looping through kos.
 * Candidates are drawn from the empty list without replacement, so the
 * result is exactly uniform over the acceptable points. */
int go_random_move(const go_board *b, int color, rng *r);

/* Places a stone of color (or clears the point with GO_EMPTY) without
 * captures or any rule check, clears ko and restarts the superko history;
 * returns 0, or VP_EINVAL for a bad colour or a point off the board. */
int go_setup_stone(go_board *b, int color, int point, char *err);
/* Places stones of color (GO_EMPTY clears) on every point of *set at once;
 * returns 0, or VP_EINVAL when a point is off the board or the colour bad. */
int go_setup_stones(go_board *b, int color, const bb361 *set, char *err);
/* Checks what a set-up position may not have: returns 0, or VP_EINVAL
 * naming a chain without liberties. */
int go_setup_check(const go_board *b, char *err);

/* Number of stones of the chain at point, and their points in *out when
 * out is not NULL; 0 (and an empty set) when the point is empty. */
int go_chain(const go_board *b, int point, bb361 *out);
/* Exact number of liberties of the chain at point; 0 when the point is
 * empty. */
int go_chain_libs(const go_board *b, int point);
/* Exact liberties of the chain at point into *out; returns their number,
 * 0 when the point is empty. */
int go_chain_liberties(const go_board *b, int point, bb361 *out);
/* The stones of color (GO_EMPTY: empty points) into *out; returns their
 * number. */
int go_stones(const go_board *b, int color, bb361 *out);
/* The hash of the position and the side to move and ko point, for
 * transposition tables (go_hash is the position alone). */
uint64_t go_hash_full(const go_board *b);

/* ---- Hot accessors ---- */

/* The Zobrist key of a stone of color (1..3 are used) at point p. */
static inline uint64_t go_zobrist(int color, int p)
{
    uint64_t z = (uint64_t)(color * 512 + p + 1) * 0x9E3779B97F4A7C15ull + 0x6A09E667F3BCC909ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Slot of point p (0..360) and point of an on-board slot. */
static inline int go_p2s(int p)
{
    assert(p >= 0 && p < GO_NPOINTS);
    return p + p / 19 + GO_STRIDE + 1;
}
static inline int go_s2p(int s)
{
    assert(s > GO_STRIDE && s < GO_NSLOTS && s % GO_STRIDE != 0);
    return s - s / GO_STRIDE - GO_STRIDE;
}

/* 1 when point is on the board (GO_PASS is not), else 0. */
static inline int go_on_board(const go_board *b, int point)
{
    return point >= 0 && point < GO_NPOINTS && point % 19 < b->size && point / 19 < b->size;
}
/* The colour at point, GO_OFFBOARD when it is not on the board. */
static inline int go_color_at(const go_board *b, int point)
{
    if (point < 0 || point >= GO_NPOINTS)
        return GO_OFFBOARD;
    return b->color[go_p2s(point)];
}
static inline int go_size(const go_board *b) { return b->size; }
static inline int go_to_move(const go_board *b) { return b->to_move; }
static inline int go_move_number(const go_board *b) { return b->move_number; }
/* Stones captured by color so far. */
static inline int go_captures(const go_board *b, int color)
{
    assert(color == GO_BLACK || color == GO_WHITE);
    return b->captures[color];
}
/* Consecutive passes at the end of the moves so far (2 ends a game). */
static inline int go_passes(const go_board *b) { return b->passes; }
/* The hash of the stones on the board (see go_board). */
static inline uint64_t go_hash(const go_board *b) { return b->hash; }
/* The point the player to move may not retake because of ko, or GO_PASS. */
static inline int go_ko_point(const go_board *b) { return b->ko ? go_s2p(b->ko) : GO_PASS; }
static inline int go_empty_count(const go_board *b) { return b->nempty; }

/* 1 when the chain with head h has s as its only liberty. */
static inline int go_lone_lib(const go_board *b, int h, int s)
{
    const go_group *g = &b->grp[h];
    uint32_t n = g->nplibs, us = (uint32_t)s;
    return g->libsum == n * us && g->libsum2 == n * us * us;
}

/* 1 when every on-board neighbour of empty slot s holds a stone of color. */
static inline int go_is_eye_slot(const go_board *b, int color, int s)
{
    const uint8_t *c = b->color;
    unsigned m = (1u << color) | (1u << GO_OFFBOARD);
    return ((m >> c[s - GO_STRIDE]) & (m >> c[s - 1]) & (m >> c[s + 1]) & (m >> c[s + GO_STRIDE]) & 1) != 0;
}

/* 1 when empty slot s is a single-point eye of color as random playouts
 * see it (go_random_move): every on-board orthogonal neighbour holds a
 * stone of color, and the diagonals do not make it a false eye, that is,
 * fewer than two diagonal points hold the opponent's stones where all
 * four diagonals are on the board, and none does on the edge or in the
 * corner. Empty diagonals do not count against the eye. */
static inline int go_is_playout_eye_slot(const go_board *b, int color, int s)
{
    assert(color == GO_BLACK || color == GO_WHITE);
    if (!go_is_eye_slot(b, color, s))
        return 0;
    const uint8_t *c = b->color;
    int d1 = c[s - GO_STRIDE - 1], d2 = c[s - GO_STRIDE + 1], d3 = c[s + GO_STRIDE - 1], d4 = c[s + GO_STRIDE + 1];
    int o = 3 - color;
    /* an off-board diagonal spends the one opponent diagonal allowed */
    int bad = (d1 == o) + (d2 == o) + (d3 == o) + (d4 == o) +
              ((d1 == GO_OFFBOARD) | (d2 == GO_OFFBOARD) | (d3 == GO_OFFBOARD) | (d4 == GO_OFFBOARD));
    return bad < 2;
}

/* The stone hash (as b->hash) of the position after color plays at the
 * legal slot s, its captures removed, computed without playing; the
 * captured points go to *captured when it is not NULL. */
uint64_t go_hash_after(const go_board *b, int color, int s, bb361 *captured);

/* 1 when color playing at legal slot s would recreate a remembered
 * position (superko), else 0. */
int go_superko_repeats(const go_board *b, int color, int s);

/* The rules without superko for color at empty-or-not slot s: 1 when the
 * point is empty, not the ko point for color, and not suicide. */
static inline int go_legal_slot(const go_board *b, int color, int s)
{
    const uint8_t *c = b->color;
    if (c[s] != GO_EMPTY || (s == b->ko && color == b->ko_color))
        return 0;
    const int nb[4] = {s - GO_STRIDE, s - 1, s + 1, s + GO_STRIDE};
    for (int k = 0; k < 4; k++) {
        int n = nb[k], nc = c[n];
        if (nc == GO_EMPTY)
            return 1;
        if (nc == GO_OFFBOARD)
            continue;
        /* own chain with another liberty, or enemy chain captured */
        if ((nc == color) != go_lone_lib(b, b->chain[n], s))
            return 1;
    }
    return 0;
}

/* Full legality at an on-board slot, superko included when it is on. */
static inline int go_legal_at(const go_board *b, int color, int s)
{
    assert(color == GO_BLACK || color == GO_WHITE);
    if (!go_legal_slot(b, color, s))
        return 0;
    return !b->superko || !go_superko_repeats(b, color, s);
}

#endif
