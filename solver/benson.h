/* benson.h: Benson's unconditional life: the chains of a colour that can
 * never be captured even if their owner passes every turn ("pass-alive"),
 * and the small territories they secure. Sound terminal tests for the
 * life-and-death solver: they miss seki and big eyes, never claim too much. */
#ifndef VP_BENSON_H
#define VP_BENSON_H

#include "../engines/bitboard.h"
#include "../engines/go.h"

/*
** Words. For a colour c, a chain is a chain of c's stones; a region is a
** maximal connected set of on-board points not occupied by c (empty points
** and opponent stones), so the chains of c bound it. A region R is vital to
** a chain X when R has at least one empty point and every empty point of R
** is a liberty of X (opponent stones inside R are allowed).
**
** within. A region is a candidate eye only when every one of its points
** lies in *within (NULL: the whole board). The regions themselves are the
** maximal ones of the whole board, never cut at the edge of within, so a
** region that reaches outside does not count at all: life that depends on
** space outside the caller's problem area is not claimed. Stones are not
** restricted: any chain of c may be found alive through candidate regions.
** Every choice of within is sound, since Benson's proof holds for any
** subset of the regions; a smaller within only finds less.
**
** Rules assumed: those of go.h (no suicide, simple ko, optionally
** positional superko); the claims hold under all of them. They do not hold
** under rules that allow suicide, where the opponent could remove its own
** stones from an eye.
*/

/* The stones of color (GO_BLACK or GO_WHITE, asserted) that are
 * unconditionally alive by Benson's algorithm, into *alive; returns their
 * number (>= 0; there is no failure). */
int benson_alive(const go_board *b, int color, const bb361 *within, bb361 *alive);

/* The unconditionally alive stones of color plus its unconditional
 * territory, into *safe: the regions inside within bounded only by alive
 * chains, holding no opponent stone, every point of which touches an alive
 * stone; color can answer every invasion there so that no opponent stone
 * stands in them when the game ends (proof in benson.c). Returns the
 * number of points (>= 0; there is no failure). */
int benson_safe_points(const go_board *b, int color, const bb361 *within, bb361 *safe);

#endif
