/* ldwin.h: the terminal tests of a life-and-death search on a packed
 * window: the region's bounding box copied into at most six 64-bit words,
 * where Benson's test with eyes inside the region runs on point sets alone
 * (no chains, no board) far faster than on 361-point sets. Shared by the
 * df-pn solver and the MCTS reference. */
#ifndef VP_LDWIN_H
#define VP_LDWIN_H
#include <stdint.h>
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

/*
** Benson's verdict with eyes inside the region, from the point sets
** set[GO_EMPTY], set[GO_BLACK], set[GO_WHITE] alone, for the defender
** stones on (a subset of the defender's stones): 1 when a pass-alive
** defender chain holds a point of on (with all: when the pass-alive chains
** hold every point of on), 0 when not, -1 when the position has more than
** 64 candidate regions or chains (decide with benson_alive then).
*/
int ld_win_alive(const ld_win *w, const bb361 *set, ld_view *v, const bb361 *on, int all);

/* 1 when the Benson region through the region point p (not a defender
 * stone) is a candidate eye: it lies inside the region and each of its
 * empty points is next to a defender stone; else 0. */
int ld_win_candidate(const ld_win *w, const bb361 *set, ld_view *v, int p);

#endif
