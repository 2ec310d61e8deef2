/* render.c: board images with cairo (see render.h for the geometry). All
 * drawing happens in units (one unit = one line spacing) of the full
 * image, moved by the crop's pixel offset, so a crop shows exactly the
 * pixels of the full image around its stones. */
#include <config.h>

#include "render.h"

#include <cairo-svg.h>
#include <cairo.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "../engines/coord.h"
#include "../engines/vp.h"

#define BAND 1.5          /* units between the image edge and the outer line */
#define LINE_RUN 0.6      /* how far lines run into the band on a cropped side */
#define STONE_R 0.475     /* stone radius in units */
#define LABEL_AT 0.5      /* label centre, units from the image edge */
#define LABEL_SIZE 0.40   /* label font size in units */
#define MARK_SIZE 0.56    /* option letter font size in units */
#define WOOD_R 0.863      /* the wood's base colour, a warm tan (#DCB35C) */
#define WOOD_G 0.702
#define WOOD_B 0.361
#define WOOD_STOPS 48

void render_opts_init(render_opts *o)
{
    memset(o, 0, sizeof *o);
    o->format = RENDER_PNG;
    o->size_px = RENDER_DEFAULT_PX;
    o->coords = 1;
}

void render_crop_to(render_opts *o, const bb361 *set, int margin)
{
    int x0 = 19, y0 = 19, x1 = -1, y1 = -1;
    for (int p = bb361_next(set, 0); p >= 0; p = bb361_next(set, p + 1)) {
        int x = p % 19, y = p / 19;
        x0 = x < x0 ? x : x0;
        x1 = x > x1 ? x : x1;
        y0 = y < y0 ? y : y0;
        y1 = y > y1 ? y : y1;
    }
    if (x1 < 0)
        return;
    if (margin < 0)
        margin = 0;
    o->crop = 1;
    o->crop_x0 = x0 - margin < 0 ? 0 : x0 - margin;
    o->crop_y0 = y0 - margin < 0 ? 0 : y0 - margin;
    o->crop_x1 = x1 + margin > 18 ? 18 : x1 + margin;
    o->crop_y1 = y1 + margin > 18 ? 18 : y1 + margin;
}

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

int render_geometry(int n, const render_opts *o, render_geom *g, char *err)
{
    if (n < GO_MIN_SIZE || n > GO_MAX_SIZE)
        return vp_fail(err, VP_EINVAL, "render: board size %d is not in %d..%d", n, GO_MIN_SIZE, GO_MAX_SIZE);
    if (o->format != RENDER_PNG && o->format != RENDER_SVG)
        return vp_fail(err, VP_EINVAL, "render: unknown image format %d", o->format);
    if (o->size_px < RENDER_MIN_PX || o->size_px > RENDER_MAX_PX)
        return vp_fail(err, VP_EINVAL, "render: image size %d px is not in %d..%d", o->size_px, RENDER_MIN_PX,
                       RENDER_MAX_PX);
    if (o->nmarks < 0 || o->nmarks > RENDER_MAX_MARKS)
        return vp_fail(err, VP_EINVAL, "render: %d marks (at most %d)", o->nmarks, RENDER_MAX_MARKS);
    for (int i = 0; i < o->nmarks; i++) {
        int p = o->mark[i];
        if (p < 0 || p >= GO_NPOINTS || p % 19 >= n || p / 19 >= n)
            return vp_fail(err, VP_EINVAL, "render: mark %d at point %d is off the %dx%d board", i, p, n, n);
        if (o->mark_label[i] < 0x21 || o->mark_label[i] > 0x7e)
            return vp_fail(err, VP_EINVAL, "render: mark %d has no printable label", i);
    }
    g->unit = (double)o->size_px / (n + 2);
    g->gx0 = g->gy0 = 0;
    g->gx1 = g->gy1 = n - 1;
    if (o->crop) {
        if (o->crop_x0 < 0 || o->crop_y0 < 0 || o->crop_x1 >= n || o->crop_y1 >= n || o->crop_x0 > o->crop_x1 ||
            o->crop_y0 > o->crop_y1)
            return vp_fail(err, VP_EINVAL, "render: crop box (%d,%d)-(%d,%d) is not a box on the %dx%d board",
                           o->crop_x0, o->crop_y0, o->crop_x1, o->crop_y1, n, n);
        g->gx0 = clampi(o->crop_x0 - 1, 0, n - 1);
        g->gy0 = clampi(o->crop_y0 - 1, 0, n - 1);
        g->gx1 = clampi(o->crop_x1 + 1, 0, n - 1);
        g->gy1 = clampi(o->crop_y1 + 1, 0, n - 1);
    }
    /* band edges in units of the full image (y grows downwards) */
    double l = g->gx0, r = g->gx1 + 2 * BAND, t = n - 1 - g->gy1, b = n - 1 - g->gy0 + 2 * BAND;
    g->px0 = (int)lround(l * g->unit);
    g->py0 = (int)lround(t * g->unit);
    g->width = (int)lround(r * g->unit) - g->px0;
    g->height = (int)lround(b * g->unit) - g->py0;
    return 0;
}

/* ---- drawing, in units of the full image ---- */

static double ux(int x) { return BAND + x; }
static double uy(int n, int y) { return BAND + (n - 1 - y); }

/* The wood: straight grain running down the board (kaya's masame), one
 * opaque linear gradient across it whose stops mix the base tan with a
 * fixed sum of sines (no randomness) and a soft light from the left. The
 * colour depends on x alone, so PNG rows repeat and compress to little. */
static void draw_wood(cairo_t *cr, int n, const render_geom *g)
{
    double w = n + 2;
    double l = g->px0 / g->unit, t = g->py0 / g->unit;
    double r = (g->px0 + g->width) / g->unit, b = (g->py0 + g->height) / g->unit;
    cairo_pattern_t *grain = cairo_pattern_create_linear(0, 0, w, 0);
    for (int i = 0; i < WOOD_STOPS; i++) {
        double s = (double)i / (WOOD_STOPS - 1);
        double v = 0.5 * sin(2 * M_PI * (6.3 * s + 0.11)) + 0.3 * sin(2 * M_PI * (15.7 * s + 0.4)) +
                   0.2 * sin(2 * M_PI * (37.9 * s + 0.73));
        /* v in [-1, 1]: darker stripes browner, lighter ones paler; the
         * left a little lighter than the right */
        double k = v < 0 ? -v * 0.10 : v * 0.08, light = 0.035 * (0.5 - s);
        double cr_ = v < 0 ? 0.45 : 1.0, cg = v < 0 ? 0.28 : 0.93, cb = v < 0 ? 0.10 : 0.75;
        double rr = WOOD_R + (cr_ - WOOD_R) * k + light, gg = WOOD_G + (cg - WOOD_G) * k + light,
               bb = WOOD_B + (cb - WOOD_B) * k + light;
        cairo_pattern_add_color_stop_rgb(grain, s, rr, gg, bb);
    }
    cairo_set_source(cr, grain);
    cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
    cairo_rectangle(cr, l, t, r - l, b - t);
    cairo_fill(cr);
    cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
    cairo_pattern_destroy(grain);
}

static void draw_grid(cairo_t *cr, int n, const render_geom *g)
{
    double thin = fmax(1.0 / g->unit, 0.028), thick = fmax(2.0 / g->unit, 0.06);
    /* line ends: at the outer line on a board edge, LINE_RUN into the band on a cropped side */
    double xa = ux(g->gx0) - (g->gx0 > 0 ? LINE_RUN : 0), xb = ux(g->gx1) + (g->gx1 < n - 1 ? LINE_RUN : 0);
    double ya = uy(n, g->gy1) - (g->gy1 < n - 1 ? LINE_RUN : 0), yb = uy(n, g->gy0) + (g->gy0 > 0 ? LINE_RUN : 0);
    cairo_set_source_rgb(cr, 0.10, 0.07, 0.03);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    for (int x = g->gx0; x <= g->gx1; x++) {
        cairo_set_line_width(cr, x == 0 || x == n - 1 ? thick : thin);
        cairo_move_to(cr, ux(x), ya);
        cairo_line_to(cr, ux(x), yb);
        cairo_stroke(cr);
    }
    for (int y = g->gy0; y <= g->gy1; y++) {
        cairo_set_line_width(cr, y == 0 || y == n - 1 ? thick : thin);
        cairo_move_to(cr, xa, uy(n, y));
        cairo_line_to(cr, xb, uy(n, y));
        cairo_stroke(cr);
    }
}

/* The star points of an n-line board (7..19): the four 4-4 points (3-3
 * below 13 lines), the centre on odd boards, and the sides' middles on odd
 * boards of 13 lines or more: the 9 hoshi of 19x19, 5 of 9x9. */
static int star_points(int n, int *pts)
{
    if (n < 7)
        return 0;
    int e = n >= 13 ? 3 : 2, m = n / 2, k = 0;
    int c[3] = {e, m, n - 1 - e};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            int mid = (i == 1) + (j == 1);
            if (mid == 0 || (n % 2 == 1 && (mid == 2 || n >= 13)))
                pts[k++] = c[j] * 19 + c[i];
        }
    return k;
}

static int shown(const render_geom *g, int p)
{
    int x = p % 19, y = p / 19;
    return x >= g->gx0 && x <= g->gx1 && y >= g->gy0 && y <= g->gy1;
}

static void draw_stars(cairo_t *cr, int n, const render_geom *g)
{
    int pts[9], k = star_points(n, pts);
    cairo_set_source_rgb(cr, 0.10, 0.07, 0.03);
    for (int i = 0; i < k; i++) {
        if (!shown(g, pts[i]))
            continue;
        cairo_arc(cr, ux(pts[i] % 19), uy(n, pts[i] / 19), fmax(0.11, 3.0 / g->unit), 0, 2 * M_PI);
        cairo_fill(cr);
    }
}

/* Text centred on (x, y) by its ink extents. */
static void text_centred(cairo_t *cr, const char *s, double x, double y)
{
    cairo_text_extents_t e;
    cairo_text_extents(cr, s, &e);
    cairo_move_to(cr, x - e.x_bearing - e.width / 2, y - e.y_bearing - e.height / 2);
    cairo_show_text(cr, s);
}

static void draw_labels(cairo_t *cr, int n, const render_geom *g)
{
    double l = g->px0 / g->unit, t = g->py0 / g->unit;
    double r = (g->px0 + g->width) / g->unit, b = (g->py0 + g->height) / g->unit;
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, LABEL_SIZE);
    cairo_set_source_rgb(cr, 0.22, 0.14, 0.05);
    char s[16];
    for (int x = g->gx0; x <= g->gx1; x++) {
        s[0] = coord_column_letter(x);
        s[1] = 0;
        text_centred(cr, s, ux(x), t + LABEL_AT);
        text_centred(cr, s, ux(x), b - LABEL_AT);
    }
    for (int y = g->gy0; y <= g->gy1; y++) {
        snprintf(s, sizeof s, "%d", y + 1);
        text_centred(cr, s, l + LABEL_AT, uy(n, y));
        text_centred(cr, s, r - LABEL_AT, uy(n, y));
    }
}

static void draw_stone(cairo_t *cr, int color, double cx, double cy)
{
    double r = STONE_R;
    /* a soft shadow below and to the right */
    cairo_pattern_t *sh = cairo_pattern_create_radial(cx + 0.06, cy + 0.08, r * 0.7, cx + 0.06, cy + 0.08, r * 1.08);
    cairo_pattern_add_color_stop_rgba(sh, 0, 0, 0, 0, 0.35);
    cairo_pattern_add_color_stop_rgba(sh, 1, 0, 0, 0, 0);
    cairo_set_source(cr, sh);
    cairo_arc(cr, cx + 0.06, cy + 0.08, r * 1.08, 0, 2 * M_PI);
    cairo_fill(cr);
    cairo_pattern_destroy(sh);
    /* the body: a radial gradient from a highlight up and to the left */
    double hx = cx - 0.36 * r, hy = cy - 0.38 * r;
    cairo_pattern_t *body = cairo_pattern_create_radial(hx, hy, 0.04 * r, cx, cy, r);
    if (color == GO_BLACK) {
        cairo_pattern_add_color_stop_rgb(body, 0.0, 0.42, 0.42, 0.44);
        cairo_pattern_add_color_stop_rgb(body, 0.35, 0.16, 0.16, 0.17);
        cairo_pattern_add_color_stop_rgb(body, 1.0, 0.02, 0.02, 0.02);
    } else {
        cairo_pattern_add_color_stop_rgb(body, 0.0, 1.0, 1.0, 1.0);
        cairo_pattern_add_color_stop_rgb(body, 0.55, 0.93, 0.93, 0.91);
        cairo_pattern_add_color_stop_rgb(body, 1.0, 0.70, 0.70, 0.68);
    }
    cairo_set_source(cr, body);
    cairo_arc(cr, cx, cy, r, 0, 2 * M_PI);
    cairo_fill_preserve(cr);
    cairo_pattern_destroy(body);
    if (color == GO_WHITE) {
        cairo_set_source_rgb(cr, 0.35, 0.35, 0.33);
        cairo_set_line_width(cr, 0.025);
        cairo_stroke(cr);
    } else {
        cairo_new_path(cr);
    }
}

/* The stones, in vector form (SVG): each one's gradients drawn at its
 * exact place. */
static void draw_stones_vector(cairo_t *cr, const go_board *b, const render_geom *g)
{
    int n = b->size;
    for (int y = g->gy0; y <= g->gy1; y++)
        for (int x = g->gx0; x <= g->gx1; x++) {
            int c = go_color_at(b, y * 19 + x);
            if (c == GO_BLACK || c == GO_WHITE)
                draw_stone(cr, c, ux(x), uy(n, y));
        }
}

/* The stones of a raster image: one black and one white stone (with its
 * shadow) drawn once into small images, then copied to every stone with
 * its centre on the pixel corner nearest the point's exact centre (at
 * most half a pixel off; in pixels of the full image, so a crop shows the
 * same pixels). Drawing the gradients cost about 0.25 ms a stone at 760
 * px; a copy costs about 15 microseconds, compression included. Returns
 * 0, or -1 when a sprite could not be made (the caller then draws the
 * vector stones). */
static int draw_stones_raster(cairo_t *cr, const go_board *b, const render_geom *g)
{
    int n = b->size;
    int half = (int)ceil(0.62 * g->unit) + 2, size = 2 * half;
    cairo_surface_t *target = cairo_get_target(cr), *sprite[3] = {NULL, NULL, NULL};
    int ok = 1;
    for (int c = GO_BLACK; c <= GO_WHITE; c++) {
        sprite[c] = cairo_surface_create_similar_image(target, CAIRO_FORMAT_ARGB32, size, size);
        cairo_t *sc = cairo_create(sprite[c]);
        cairo_translate(sc, half, half);
        cairo_scale(sc, g->unit, g->unit);
        draw_stone(sc, c, 0, 0);
        ok &= cairo_status(sc) == CAIRO_STATUS_SUCCESS;
        cairo_destroy(sc);
        cairo_surface_flush(sprite[c]);
        ok &= cairo_surface_status(sprite[c]) == CAIRO_STATUS_SUCCESS;
    }
    if (ok) {
        cairo_save(cr);
        cairo_identity_matrix(cr); /* device pixels of this image */
        for (int y = g->gy0; y <= g->gy1; y++)
            for (int x = g->gx0; x <= g->gx1; x++) {
                int c = go_color_at(b, y * 19 + x);
                if (c != GO_BLACK && c != GO_WHITE)
                    continue;
                long px = lround(ux(x) * g->unit) - half - g->px0, py = lround(uy(n, y) * g->unit) - half - g->py0;
                cairo_set_source_surface(cr, sprite[c], (double)px, (double)py);
                cairo_rectangle(cr, (double)px, (double)py, size, size);
                cairo_fill(cr);
            }
        cairo_restore(cr);
    }
    cairo_surface_destroy(sprite[GO_BLACK]);
    cairo_surface_destroy(sprite[GO_WHITE]);
    return ok ? 0 : -1;
}

/* Letters on points: on an empty point a wood disc hides the lines under
 * a dark letter; on a stone the letter takes the opposite colour. */
static void draw_marks(cairo_t *cr, const go_board *b, const render_opts *o, const render_geom *g)
{
    int n = b->size;
    cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size(cr, MARK_SIZE);
    for (int i = 0; i < o->nmarks; i++) {
        int p = o->mark[i];
        if (!shown(g, p))
            continue;
        double cx = ux(p % 19), cy = uy(n, p / 19);
        int c = go_color_at(b, p);
        if (c == GO_EMPTY) {
            cairo_set_source_rgb(cr, WOOD_R, WOOD_G, WOOD_B);
            cairo_arc(cr, cx, cy, 0.36, 0, 2 * M_PI);
            cairo_fill(cr);
        }
        if (c == GO_BLACK)
            cairo_set_source_rgb(cr, 1, 1, 1);
        else if (c == GO_WHITE)
            cairo_set_source_rgb(cr, 0, 0, 0);
        else
            cairo_set_source_rgb(cr, 0.55, 0.05, 0.02);
        char s[2] = {o->mark_label[i], 0};
        text_centred(cr, s, cx, cy);
    }
}

static void draw(cairo_t *cr, const go_board *b, const render_opts *o, const render_geom *g)
{
    int n = b->size;
    cairo_translate(cr, -g->px0, -g->py0);
    cairo_scale(cr, g->unit, g->unit);
    draw_wood(cr, n, g);
    draw_grid(cr, n, g);
    draw_stars(cr, n, g);
    if (o->coords)
        draw_labels(cr, n, g);
    if (o->format == RENDER_SVG || draw_stones_raster(cr, b, g))
        draw_stones_vector(cr, b, g);
    draw_marks(cr, b, o, g);
}

/* ---- output ---- */

typedef struct membuf {
    unsigned char *data;
    size_t len, cap;
    int failed;
} membuf;

static cairo_status_t mem_write(void *closure, const unsigned char *data, unsigned int length)
{
    membuf *m = closure;
    if (m->failed)
        return CAIRO_STATUS_NO_MEMORY;
    if (m->len + length > m->cap) {
        size_t cap = m->cap ? m->cap : 65536;
        while (cap < m->len + length)
            cap *= 2;
        unsigned char *d = realloc(m->data, cap);
        if (!d) {
            m->failed = 1;
            return CAIRO_STATUS_NO_MEMORY;
        }
        m->data = d;
        m->cap = cap;
    }
    memcpy(m->data + m->len, data, length);
    m->len += length;
    return CAIRO_STATUS_SUCCESS;
}

static int cairo_fail(char *err, cairo_status_t st)
{
    return vp_fail(err, st == CAIRO_STATUS_NO_MEMORY ? VP_ENOMEM : VP_EINVAL, "render: cairo: %s",
                   cairo_status_to_string(st));
}

/* cairo names the SVG's groups after its surfaces' serial numbers, which
 * count every surface the process has made ("surface6" on a second
 * image); renumber them 1, 2, ... in order of first appearance so the
 * bytes depend on the image alone. Returns 0, or -1 when out of memory. */
static int svg_renumber(membuf *m)
{
    static const char key[] = "surface";
    const size_t kl = sizeof key - 1;
    long seen[16];
    int nseen = 0;
    membuf out = {0};
    size_t i = 0, from = 0;
    while (i + kl < m->len) {
        if (memcmp(m->data + i, key, kl) != 0 || (i > 0 && m->data[i - 1] != '"' && m->data[i - 1] != '#') ||
            m->data[i + kl] < '0' || m->data[i + kl] > '9') {
            i++;
            continue;
        }
        size_t j = i + kl;
        long v = 0;
        while (j < m->len && m->data[j] >= '0' && m->data[j] <= '9' && v < 100000000)
            v = v * 10 + (m->data[j++] - '0');
        int k = 0;
        while (k < nseen && seen[k] != v)
            k++;
        if (k == nseen && nseen == 16) { /* never with one surface: keep the rest as they are */
            i = j;
            continue;
        }
        if (k == nseen)
            seen[nseen++] = v;
        char num[16];
        int nl = snprintf(num, sizeof num, "%d", k + 1);
        if (mem_write(&out, m->data + from, (unsigned)(i + kl - from)) || mem_write(&out, (unsigned char *)num, (unsigned)nl)) {
            free(out.data);
            return -1;
        }
        i = from = j;
    }
    if (mem_write(&out, m->data + from, (unsigned)(m->len - from))) {
        free(out.data);
        return -1;
    }
    free(m->data);
    *m = out;
    return 0;
}

/* ---- PNG ----
 * cairo_surface_write_to_png_stream spends 80% of an image's time in
 * libpng's five adaptive filters and zlib at level 6; this writer filters
 * each row with Up and deflates at level 1. Drawing and writing a whole
 * board takes about a quarter of the time cairo's writer alone takes on
 * the same pixels, for a file 12% (a corner) to 27% (a whole board)
 * larger (bench/render_bench, figures in bench/RESULTS.md). */
#define PNG_LEVEL 1

static void be32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24), p[1] = (unsigned char)(v >> 16), p[2] = (unsigned char)(v >> 8),
    p[3] = (unsigned char)v;
}

static int png_chunk(membuf *m, const char *type, const unsigned char *data, size_t len)
{
    unsigned char head[8], tail[4];
    be32(head, (uint32_t)len);
    memcpy(head + 4, type, 4);
    uLong crc = crc32(0L, (const Bytef *)type, 4);
    size_t done = 0;
    while (done < len) { /* crc32 takes a uInt length */
        uInt step = len - done > (1u << 30) ? (1u << 30) : (uInt)(len - done);
        crc = crc32(crc, data + done, step);
        done += step;
    }
    be32(tail, (uint32_t)crc);
    if (mem_write(m, head, 8) || (len && mem_write(m, data, (unsigned)len)) || mem_write(m, tail, 4))
        return -1;
    return 0;
}

/* The RGB24 surface s as a PNG (8-bit RGB, no alpha) appended to m;
 * returns 0, or -1 when memory ran out. */
static int png_encode(cairo_surface_t *s, membuf *m)
{
    cairo_surface_flush(s);
    int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    const unsigned char *px = cairo_image_surface_get_data(s);
    size_t rowlen = (size_t)w * 3 + 1;
    unsigned char *rows = malloc(rowlen * 2), *filtered = malloc(rowlen);
    z_stream z;
    memset(&z, 0, sizeof z);
    if (!rows || !filtered || deflateInit(&z, PNG_LEVEL) != Z_OK) {
        free(rows);
        free(filtered);
        return -1;
    }
    uLong bound = deflateBound(&z, (uLong)(rowlen * (size_t)h));
    unsigned char *out = malloc(bound);
    int rc = out ? 0 : -1;
    z.next_out = out;
    z.avail_out = (uInt)bound;
    unsigned char *prev = rows, *cur = rows + rowlen;
    memset(prev, 0, rowlen);
    for (int y = 0; rc == 0 && y < h; y++) {
        const uint32_t *src = (const uint32_t *)(px + (size_t)y * stride);
        unsigned char *r = cur + 1;
        for (int x = 0; x < w; x++) {
            uint32_t c = src[x];
            r[3 * x] = (unsigned char)(c >> 16), r[3 * x + 1] = (unsigned char)(c >> 8), r[3 * x + 2] = (unsigned char)c;
        }
        /* Up (Sub on the first row): the grain runs straight down the
         * board, so most rows repeat the one above; choosing per row
         * between Up and Sub by the smaller residuals made files larger */
        filtered[0] = y ? 2 : 1;
        for (size_t i = 1; i < rowlen; i++)
            filtered[i] = (unsigned char)(cur[i] - (y ? prev[i] : i > 3 ? cur[i - 3] : 0));
        z.next_in = filtered;
        z.avail_in = (uInt)rowlen;
        if (deflate(&z, y == h - 1 ? Z_FINISH : Z_NO_FLUSH) == Z_STREAM_ERROR)
            rc = -1;
        unsigned char *t = prev;
        prev = cur;
        cur = t;
    }
    if (rc == 0 && z.avail_in != 0)
        rc = -1; /* deflateBound was not enough (cannot happen) */
    size_t zlen = bound - z.avail_out;
    deflateEnd(&z);
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char ihdr[13];
    be32(ihdr, (uint32_t)w);
    be32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8, ihdr[9] = 2, ihdr[10] = 0, ihdr[11] = 0, ihdr[12] = 0; /* 8-bit RGB */
    if (rc == 0 && (mem_write(m, sig, 8) || png_chunk(m, "IHDR", ihdr, 13) || png_chunk(m, "IDAT", out, zlen) ||
                    png_chunk(m, "IEND", NULL, 0)))
        rc = -1;
    free(out);
    free(rows);
    free(filtered);
    return rc;
}

int render_board_mem(const go_board *b, const render_opts *o, unsigned char **data, size_t *len, char *err)
{
    *data = NULL;
    *len = 0;
    render_geom g;
    int rc = render_geometry(b->size, o, &g, err);
    if (rc)
        return rc;
    membuf m = {0};
    cairo_surface_t *s;
    if (o->format == RENDER_SVG) {
        s = cairo_svg_surface_create_for_stream(mem_write, &m, g.width, g.height);
        if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS)
            cairo_svg_surface_set_document_unit(s, CAIRO_SVG_UNIT_PX);
    } else {
        s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, g.width, g.height);
    }
    cairo_status_t st = cairo_surface_status(s);
    if (st == CAIRO_STATUS_SUCCESS) {
        cairo_t *cr = cairo_create(s);
        draw(cr, b, o, &g);
        st = cairo_status(cr);
        cairo_destroy(cr);
    }
    if (st == CAIRO_STATUS_SUCCESS && o->format == RENDER_PNG)
        st = png_encode(s, &m) ? CAIRO_STATUS_NO_MEMORY : CAIRO_STATUS_SUCCESS;
    cairo_surface_finish(s);
    if (st == CAIRO_STATUS_SUCCESS)
        st = cairo_surface_status(s);
    cairo_surface_destroy(s);
    if (st == CAIRO_STATUS_SUCCESS && m.failed)
        st = CAIRO_STATUS_NO_MEMORY;
    if (st == CAIRO_STATUS_SUCCESS && o->format == RENDER_SVG && svg_renumber(&m))
        st = CAIRO_STATUS_NO_MEMORY;
    if (st != CAIRO_STATUS_SUCCESS) {
        free(m.data);
        return cairo_fail(err, st);
    }
    *data = m.data;
    *len = m.len;
    return 0;
}

int render_board_file(const go_board *b, const render_opts *o, const char *path, char *err)
{
    unsigned char *data;
    size_t len;
    int rc = render_board_mem(b, o, &data, &len, err);
    if (rc)
        return rc;
    size_t plen = strlen(path);
    char *tmp = malloc(plen + 16);
    if (!tmp) {
        free(data);
        return vp_fail(err, VP_ENOMEM, "%s: out of memory", path);
    }
    snprintf(tmp, plen + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        rc = vp_fail(err, VP_EIO, "%s: cannot write there: %s", path, strerror(errno));
        free(tmp);
        free(data);
        return rc;
    }
    FILE *f = fdopen(fd, "wb");
    int bad = !f || fchmod(fd, 0644) != 0;
    if (!bad)
        bad = fwrite(data, 1, len, f) != len;
    int e = errno;
    if (f ? fclose(f) != 0 : close(fd) != 0)
        bad = 1, e = errno;
    if (!bad && rename(tmp, path) != 0)
        bad = 1, e = errno;
    if (bad) {
        unlink(tmp);
        rc = vp_fail(err, VP_EIO, "%s: write failed: %s", path, strerror(e ? e : EIO));
    }
    free(tmp);
    free(data);
    return rc;
}
