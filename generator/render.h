/* render.h: board images drawn with cairo for the visual modality: a
 * wooden board with a fixed (seedless, deterministic) grain, grid lines,
 * star points, coordinate labels A-T (no I) and 1..size (1 at the bottom),
 * shaded stones lit from the top left, optional letters on points, and an
 * optional crop to a rectangle of the board; PNG or SVG, into memory or
 * into a file written under a temporary name and renamed. The same input
 * gives the same bytes (given the same cairo and fonts: the labels use
 * cairo's toy text API, so their glyphs come from the installed fonts).
 *
 * Geometry. For a board of n lines the full image is size_px pixels wide
 * and high and spans n + 2 units of u = size_px / (n + 2) pixels: a band of
 * 1.5 units on each side (labels sit in its outer unit) and n - 1 units
 * between the first and the last line. Point (x, y) (x from the left, y
 * from the BOTTOM) has its centre at ((1.5 + x) u, (1.5 + n - 1 - y) u)
 * in the full image. A crop shows the crop box widened by one line on each
 * side (where the board has one), plus the 1.5-unit band around that, at
 * the same scale: its pixel rectangle is the full image's rectangle
 * [round(L u), round(R u)) x [round(T u), round(B u)) for the band's edges
 * L, R, T, B in units (render_geometry computes it). Lines that continue
 * beyond a cropped side run 0.6 units into the band; labels are drawn on
 * every side of the crop, cropped or not. In a PNG a stone's centre is the
 * pixel corner nearest its exact centre (one stone of each colour is drawn
 * and copied); an SVG places it exactly. */
#ifndef VP_RENDER_H
#define VP_RENDER_H

#include <stddef.h>

#include "../engines/bitboard.h"
#include "../engines/go.h"

enum { RENDER_PNG = 0, RENDER_SVG = 1 };

#define RENDER_MAX_MARKS 8
#define RENDER_MIN_PX 40    /* smallest size_px accepted */
#define RENDER_MAX_PX 8192  /* largest size_px accepted */
#define RENDER_DEFAULT_PX 760

typedef struct render_opts {
    int format;  /* RENDER_PNG or RENDER_SVG */
    int size_px; /* width of the full board image in pixels (default 760); a crop keeps the same scale */
    int crop;    /* 0: the whole board; 1: crop to the crop box (+ one line of margin, clipped at the edges,
                    coordinate labels still drawn along the cropped sides) */
    int crop_x0, crop_y0, crop_x1, crop_y1; /* inclusive bb361 coordinates (x from the left, y from the BOTTOM) */
    int coords;                             /* 1: draw coordinate labels A-T (no I) and 1-19 (1 at the bottom) */
    int nmarks;
    int mark[RENDER_MAX_MARKS];       /* bb361 points */
    char mark_label[RENDER_MAX_MARKS]; /* printable ASCII letters drawn on those points (option labels A-D) */
} render_opts;

/* The pixel rectangle of an image within the full image of the board (see
 * the geometry above), and the unit. */
typedef struct render_geom {
    double unit;          /* pixels per line spacing */
    int px0, py0;         /* top-left pixel of the image within the full image */
    int width, height;    /* image size in pixels */
    int gx0, gy0, gx1, gy1; /* the lines shown (crop box widened by one, clipped) */
} render_geom;

/* Sets o to the defaults: PNG, 760 pixels, no crop, labels on, no marks. */
void render_opts_init(render_opts *o);

/* Draws board b (a go_board of any size 2..19; points p = y*19+x) to path,
 * written to a temporary name beside it and renamed (mode 0644); returns
 * 0, or VP_EIO (naming the path; no file is left) / VP_EINVAL (bad
 * options) / VP_ENOMEM with err set. */
int render_board_file(const go_board *b, const render_opts *o, const char *path, char *err);

/* The same into memory: PNG or SVG bytes, malloc'd into *data (the caller
 * frees), *len bytes; returns 0, or VP_EINVAL / VP_ENOMEM with err set
 * (*data is then NULL). */
int render_board_mem(const go_board *b, const render_opts *o, unsigned char **data, size_t *len, char *err);

/* The crop box of a set of points: the bounding box of set plus margin
 * lines on each side, clipped to a 19x19 board; fills the four crop fields
 * and sets crop = 1. An empty set leaves o unchanged. */
void render_crop_to(render_opts *o, const bb361 *set, int margin);

/* The geometry of an image of a board of n lines under o; returns 0, or
 * VP_EINVAL with err set when o is invalid for that board. */
int render_geometry(int n, const render_opts *o, render_geom *g, char *err);

#endif
