/* gosym.h: the eight symmetries of a square Go board (rotations and
 * reflections) and colour inversion, for points, point sets, moves and
 * whole boards; transformed records and solution trees map their moves
 * through these. */
#ifndef VP_GOSYM_H
#define VP_GOSYM_H

#include "bitboard.h"
#include "go.h"

/* With m = size - 1, symmetry k sends (x, y) (column, row from the bottom)
 * to: IDENTITY (x, y); ROT90 (m-y, x), a quarter turn anticlockwise;
 * ROT180 (m-x, m-y); ROT270 (y, m-x); FLIP_X (m-x, y), left-right mirror;
 * FLIP_Y (x, m-y), top-bottom mirror; TRANSPOSE (y, x); ANTI (m-y, m-x). */
enum {
    GOSYM_IDENTITY,
    GOSYM_ROT90,
    GOSYM_ROT180,
    GOSYM_ROT270,
    GOSYM_FLIP_X,
    GOSYM_FLIP_Y,
    GOSYM_TRANSPOSE,
    GOSYM_ANTI,
    GOSYM_COUNT
};

/* The image of point (GO_PASS stays GO_PASS) under symmetry k on a
 * size x size board. */
int gosym_point(int size, int k, int point);
/* The image of every point of s under symmetry k. */
bb361 gosym_set(int size, int k, bb361 s);
/* The symmetry undoing k. */
int gosym_inverse(int k);
/* The symmetry equal to applying a, then b. */
int gosym_compose(int a, int b);
/* A short name of symmetry k ("rot90"), or "?" when out of range. */
const char *gosym_name(int k);
/* color with black and white exchanged when invert is set (GO_EMPTY and
 * GO_OFFBOARD unchanged). */
int gosym_color(int color, int invert);
/* Maps a move: *point through k, *color through inversion; returns
 * nothing. */
void gosym_move(int size, int k, int invert, int *color, int *point);
/* Writes into dst the image of src under symmetry k, with colours
 * exchanged when invert is set (side to move, captures and ko follow;
 * the superko history restarts at the new position); returns 0, or
 * VP_EINVAL for k out of range. dst and src may not be the same board. */
int gosym_board(go_board *dst, const go_board *src, int k, int invert, char *err);

#endif
