/* render_test.c: board images decoded back and looked at pixel by pixel:
 * stones dark or light at their centres, wood between the lines, the star
 * point at D4, labels in the margin, letters on points, image and crop
 * sizes from the geometry worked out here, crops showing the full image's
 * pixels; SVG well-formed; the same bytes on every run; errors for bad
 * options and unwritable paths, with no file left behind. */
#include <config.h>

#include <cairo.h>
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../engines/go.h"
#include "../engines/vp.h"
#include "../generator/render.h"
#include "test.h"

#define P(x, y) ((y) * 19 + (x))

typedef struct reader {
    const unsigned char *data;
    size_t len, pos;
} reader;

static cairo_status_t mem_read(void *closure, unsigned char *out, unsigned int length)
{
    reader *r = closure;
    if (r->len - r->pos < length)
        return CAIRO_STATUS_READ_ERROR;
    memcpy(out, r->data + r->pos, length);
    r->pos += length;
    return CAIRO_STATUS_SUCCESS;
}

/* A decoded image: w x h pixels of 0xRRGGBB. */
typedef struct image {
    int w, h;
    uint32_t *px;
} image;

static int decode(const unsigned char *data, size_t len, image *im)
{
    reader r = {data, len, 0};
    cairo_surface_t *s = cairo_image_surface_create_from_png_stream(mem_read, &r);
    if (cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(s);
        return -1;
    }
    cairo_surface_flush(s);
    im->w = cairo_image_surface_get_width(s);
    im->h = cairo_image_surface_get_height(s);
    int stride = cairo_image_surface_get_stride(s);
    const unsigned char *d = cairo_image_surface_get_data(s);
    im->px = malloc((size_t)im->w * im->h * sizeof *im->px);
    for (int y = 0; y < im->h; y++)
        for (int x = 0; x < im->w; x++)
            im->px[y * im->w + x] = ((const uint32_t *)(d + (size_t)y * stride))[x] & 0xFFFFFF;
    cairo_surface_destroy(s);
    return 0;
}

/* Renders b under o as PNG and decodes it; 0 on success. */
static int render_image(const go_board *b, const render_opts *o, image *im)
{
    unsigned char *data;
    size_t len;
    char err[VP_ERRLEN];
    int rc = render_board_mem(b, o, &data, &len, err);
    if (rc) {
        fprintf(stderr, "render failed: %s\n", err);
        return rc;
    }
    rc = decode(data, len, im);
    free(data);
    return rc;
}

static uint32_t pix(const image *im, int x, int y)
{
    if (x < 0 || y < 0 || x >= im->w || y >= im->h)
        return 0xFF00FF; /* never a colour of the board */
    return im->px[y * im->w + x];
}
static int red(uint32_t c) { return (int)(c >> 16 & 255); }
static int green(uint32_t c) { return (int)(c >> 8 & 255); }
static int blue(uint32_t c) { return (int)(c & 255); }
static int lum(uint32_t c) { return (red(c) * 3 + green(c) * 6 + blue(c)) / 10; }
static int dark(uint32_t c) { return red(c) < 70 && green(c) < 70 && blue(c) < 70; }
static int light(uint32_t c) { return red(c) > 200 && green(c) > 200 && blue(c) > 195; }
/* A warm tan: red over green over blue, neither dark nor white. */
static int wood(uint32_t c)
{
    return red(c) >= 175 && red(c) <= 250 && green(c) >= 130 && green(c) <= 215 && blue(c) >= 50 &&
           blue(c) <= 140 && red(c) > green(c) + 15 && green(c) > blue(c) + 40;
}

/* The pixel of the full image at the centre of point (x, y) on an n-line
 * board drawn size_px wide, worked out from the documented geometry:
 * n + 2 units, the outer lines 1.5 units from the edges, y from the bottom. */
static void centre(int n, int size_px, double x, double y, int *px, int *py)
{
    double u = (double)size_px / (n + 2);
    *px = (int)floor((1.5 + x) * u);
    *py = (int)floor((1.5 + (n - 1 - y)) * u);
}

static go_board position(void)
{
    go_board b;
    char err[VP_ERRLEN];
    go_board_init(&b, 19, err);
    go_setup_stone(&b, GO_BLACK, P(2, 16), err);  /* C17 */
    go_setup_stone(&b, GO_BLACK, P(3, 16), err);  /* D17 */
    go_setup_stone(&b, GO_WHITE, P(2, 17), err);  /* C18 */
    go_setup_stone(&b, GO_WHITE, P(15, 3), err);  /* Q4 */
    go_setup_stone(&b, GO_BLACK, P(16, 16), err); /* R17 */
    return b;
}

static void test_full(void)
{
    go_board b = position();
    render_opts o;
    render_opts_init(&o);
    CHECK(o.format == RENDER_PNG && o.size_px == 760 && o.crop == 0 && o.coords == 1 && o.nmarks == 0, "defaults");
    image im;
    if (render_image(&b, &o, &im)) {
        CHECK(0, "full image rendered");
        return;
    }
    CHECK(im.w == 760 && im.h == 760, "size %dx%d", im.w, im.h);
    int x, y;
    centre(19, 760, 2, 16, &x, &y);
    CHECK(dark(pix(&im, x, y)), "black stone C17 centre %06x", pix(&im, x, y));
    centre(19, 760, 16, 16, &x, &y);
    CHECK(dark(pix(&im, x, y)), "black stone R17 centre %06x", pix(&im, x, y));
    centre(19, 760, 2, 17, &x, &y);
    CHECK(light(pix(&im, x, y)), "white stone C18 centre %06x", pix(&im, x, y));
    centre(19, 760, 15, 3, &x, &y);
    CHECK(light(pix(&im, x, y)), "white stone Q4 centre %06x", pix(&im, x, y));
    /* shading: the top-left of a stone is lighter than its bottom-right */
    int d = (int)(0.25 * 760 / 21.0);
    centre(19, 760, 2, 16, &x, &y);
    /* (a black stone's highlight is faint: 10 levels are plenty) */
    CHECK(lum(pix(&im, x - d, y - d)) > lum(pix(&im, x + d, y + d)) + 10, "black stone lit from the top left (%06x %06x)", pix(&im, x - d, y - d), pix(&im, x + d, y + d));
    centre(19, 760, 15, 3, &x, &y);
    CHECK(lum(pix(&im, x - d, y - d)) > lum(pix(&im, x + d, y + d)) + 20, "white stone lit from the top left");
    /* a white stone has an outline: its rim is darker than its centre */
    double u = 760 / 21.0;
    int rim = (int)floor((1.5 + 15) * u - 0.47 * u);
    CHECK(lum(pix(&im, rim, y)) < lum(pix(&im, x, y)) - 40, "white stone outlined (%06x)", pix(&im, rim, y));
    /* wood in the middle of empty cells all over the board */
    int woods = 0, cells = 0;
    for (int cy = 0; cy < 18; cy += 3)
        for (int cx = 0; cx < 18; cx += 3) {
            if (cx == 15 && cy == 3)
                continue;
            centre(19, 760, cx + 0.5, cy + 0.5, &x, &y);
            cells++;
            woods += wood(pix(&im, x, y));
            if (!wood(pix(&im, x, y)))
                fprintf(stderr, "cell (%d,%d): %06x\n", cx, cy, pix(&im, x, y));
        }
    CHECK(woods == cells, "wood between the lines: %d of %d cells", woods, cells);
    /* grid: on a line between two points it is dark */
    centre(19, 760, 8.5, 8, &x, &y);
    CHECK(lum(pix(&im, x, y)) < 110, "a grid line is dark (%06x)", pix(&im, x, y));
    /* the star point D4: dark 2 pixels off both lines; E5 is not a star point */
    centre(19, 760, 3, 3, &x, &y);
    CHECK(dark(pix(&im, x + 2, y + 2)), "star point D4 (%06x)", pix(&im, x + 2, y + 2));
    centre(19, 760, 9, 9, &x, &y);
    CHECK(dark(pix(&im, x + 2, y - 2)), "star point K10 (%06x)", pix(&im, x + 2, y - 2));
    centre(19, 760, 4, 4, &x, &y);
    CHECK(wood(pix(&im, x + 2, y + 2)), "no star point at E5 (%06x)", pix(&im, x + 2, y + 2));
    /* the grain: the wood is not one flat colour */
    uint32_t first = 0;
    int varies = 0;
    for (int k = 0; k < 18; k++) {
        centre(19, 760, k + 0.5, 9.5, &x, &y);
        if (k == 0)
            first = pix(&im, x, y);
        else
            varies += pix(&im, x, y) != first;
    }
    CHECK(varies > 0, "the wood has a grain");
    free(im.px);
}

/* Labels: the margin changes with coords, the inside does not; a label's
 * ink sits where the geometry puts it. */
static void test_labels(void)
{
    go_board b = position();
    render_opts o;
    render_opts_init(&o);
    image with, without;
    if (render_image(&b, &o, &with)) {
        CHECK(0, "rendered with labels");
        return;
    }
    o.coords = 0;
    if (render_image(&b, &o, &without)) {
        CHECK(0, "rendered without labels");
        free(with.px);
        return;
    }
    double u = 760 / 21.0;
    int band = (int)floor(u), changed_band = 0, changed_inside = 0;
    for (int y = 0; y < 760; y++)
        for (int x = 0; x < 760; x++) {
            int in_band = x < band || y < band || x >= 760 - band || y >= 760 - band;
            int diff = with.px[y * 760 + x] != without.px[y * 760 + x];
            if (in_band)
                changed_band += diff;
            else if (diff) {
                /* the inside may differ by rounding (pixman's compositing paths), never by ink */
                uint32_t a = with.px[y * 760 + x], c = without.px[y * 760 + x];
                changed_inside += abs(red(a) - red(c)) > 2 || abs(green(a) - green(c)) > 2 || abs(blue(a) - blue(c)) > 2;
            }
        }
    CHECK(changed_band > 19 * 4 * 20, "labels draw in the margin (%d pixels)", changed_band);
    CHECK(changed_inside == 0, "labels leave the board alone (%d pixels differ by more than rounding)", changed_inside);
    /* dark ink in the label cell of column A at the top, of row 1 at the left */
    int ink = 0;
    for (int y = (int)(0.25 * u); y < (int)(0.75 * u); y++)
        for (int x = (int)(1.25 * u); x < (int)(1.75 * u); x++)
            ink += lum(pix(&with, x, y)) < 100;
    CHECK(ink > 10, "column label A at the top (%d dark pixels)", ink);
    ink = 0;
    for (int y = (int)(19.25 * u); y < (int)(19.75 * u); y++)
        for (int x = (int)(0.25 * u); x < (int)(0.75 * u); x++)
            ink += lum(pix(&with, x, y)) < 100;
    CHECK(ink > 10, "row label 1 at the left (%d dark pixels)", ink);
    free(with.px);
    free(without.px);
}

static void test_crop(void)
{
    go_board b = position();
    render_opts o;
    render_opts_init(&o);
    image full, crop;
    if (render_image(&b, &o, &full)) {
        CHECK(0, "full rendered");
        return;
    }
    /* the box A15-F19 (x 0..5, y 14..18) shows lines A..G and 14..19 */
    o.crop = 1;
    o.crop_x0 = 0, o.crop_y0 = 14, o.crop_x1 = 5, o.crop_y1 = 18;
    if (render_image(&b, &o, &crop)) {
        CHECK(0, "crop rendered");
        free(full.px);
        return;
    }
    double u = 760 / 21.0;
    int w = (int)lround((6 + 3) * u), h = (int)lround((5 + 3) * u);
    CHECK(crop.w == w && crop.h == h, "crop size %dx%d, expected %dx%d", crop.w, crop.h, w, h);
    render_geom g;
    char err[VP_ERRLEN];
    CHECK(render_geometry(19, &o, &g, err) == 0 && g.px0 == 0 && g.py0 == 0 && g.width == w && g.height == h &&
              g.gx0 == 0 && g.gx1 == 6 && g.gy0 == 13 && g.gy1 == 18,
          "geometry of the corner crop");
    /* the stones are the full image's pixels, at the same offset (0, 0) */
    int same = 0, total = 0;
    for (int p = 0; p < 3; p++) {
        int pts[3][2] = {{2, 16}, {3, 16}, {2, 17}}, x, y;
        centre(19, 760, pts[p][0], pts[p][1], &x, &y);
        for (int dy = -8; dy <= 8; dy += 4)
            for (int dx = -8; dx <= 8; dx += 4) {
                total++;
                same += pix(&crop, x + dx, y + dy) == pix(&full, x + dx, y + dy);
            }
    }
    CHECK(same == total, "crop keeps the full image's scale: %d of %d pixels equal", same, total);
    /* a crop in the middle of the board: offset and size from the geometry */
    o.crop_x0 = 8, o.crop_y0 = 8, o.crop_x1 = 10, o.crop_y1 = 9;
    free(crop.px);
    if (render_image(&b, &o, &crop)) {
        CHECK(0, "centre crop rendered");
        free(full.px);
        return;
    }
    /* lines 7..11 (x) and 7..10 (y); bands from x 7 - 1.5 + 1.5 = unit 7 */
    int px0 = (int)lround(7 * u), py0 = (int)lround((18 - 10) * u);
    w = (int)lround((7 + 4 + 3) * u) - px0;
    h = (int)lround((18 - 7 + 3) * u) - py0;
    CHECK(crop.w == w && crop.h == h, "centre crop size %dx%d, expected %dx%d", crop.w, crop.h, w, h);
    int x, y;
    centre(19, 760, 9, 9, &x, &y);
    CHECK(pix(&crop, x - px0 + 2, y - py0 - 2) == pix(&full, x + 2, y - 2) && dark(pix(&crop, x - px0 + 2, y - py0 - 2)),
          "the star point K10 in the centre crop");
    /* a line that runs on past the crop's side: still drawn into the band, not to its edge */
    centre(19, 760, 9, 11, &x, &y); /* K12 lies beyond the shown lines */
    int into = (int)floor((1.5 + 18 - 10 - 0.3) * u) - py0;
    CHECK(lum(pix(&crop, x - px0, into)) < 110, "line K continues into the top band (%06x)",
          pix(&crop, x - px0, into));
    CHECK(lum(pix(&crop, x - px0, 1)) > 110, "... but not to the edge (%06x)", pix(&crop, x - px0, 1));
    free(crop.px);
    free(full.px);
}

static void test_crop_to(void)
{
    render_opts o;
    render_opts_init(&o);
    bb361 s = bb361_empty();
    render_crop_to(&o, &s, 1);
    CHECK(o.crop == 0, "an empty set leaves no crop");
    bb361_set(&s, P(2, 16));
    bb361_set(&s, P(5, 18));
    bb361_set(&s, P(0, 14));
    render_crop_to(&o, &s, 0);
    CHECK(o.crop == 1 && o.crop_x0 == 0 && o.crop_y0 == 14 && o.crop_x1 == 5 && o.crop_y1 == 18, "bounding box");
    render_crop_to(&o, &s, 2);
    CHECK(o.crop_x0 == 0 && o.crop_y0 == 12 && o.crop_x1 == 7 && o.crop_y1 == 18, "margin 2, clipped: %d %d %d %d",
          o.crop_x0, o.crop_y0, o.crop_x1, o.crop_y1);
}

static void test_marks(void)
{
    go_board b = position();
    render_opts o;
    render_opts_init(&o);
    image plain, marked;
    if (render_image(&b, &o, &plain))
        { CHECK(0, "rendered"); return; }
    o.nmarks = 2;
    o.mark[0] = P(1, 17), o.mark_label[0] = 'A'; /* B18, empty */
    o.mark[1] = P(2, 16), o.mark_label[1] = 'B'; /* C17, a black stone */
    if (render_image(&b, &o, &marked)) {
        free(plain.px);
        CHECK(0, "rendered with marks");
        return;
    }
    int x, y, reds = 0, whites = 0, lines_hidden;
    centre(19, 760, 1, 17, &x, &y);
    for (int dy = -12; dy <= 12; dy++)
        for (int dx = -12; dx <= 12; dx++) {
            uint32_t c = pix(&marked, x + dx, y + dy);
            reds += red(c) > 110 && green(c) < 60 && blue(c) < 60;
        }
    CHECK(reds > 20, "the letter A on an empty point (%d red pixels)", reds);
    /* the grid crossing under the letter is hidden where no ink is: the
     * point just off the crossing along the line, outside the letter's
     * strokes, is wood or letter, and the plain image has a line there */
    lines_hidden = 0;
    for (int k = 9; k <= 11; k++) {
        uint32_t c = pix(&marked, x + k, y);
        lines_hidden += !(lum(pix(&plain, x + k, y)) > 110) && lum(c) > 110;
    }
    CHECK(lines_hidden > 0, "the lines under an option letter are covered");
    centre(19, 760, 2, 16, &x, &y);
    for (int dy = -10; dy <= 10; dy++)
        for (int dx = -10; dx <= 10; dx++)
            whites += light(pix(&marked, x + dx, y + dy)) && !light(pix(&plain, x + dx, y + dy));
    CHECK(whites > 20, "a letter on a black stone is light (%d pixels)", whites);
    int elsewhere = 0;
    for (int i = 0; i < 760 * 760; i++) {
        int px = i % 760, py = i / 760, cx, cy;
        centre(19, 760, 1, 17, &cx, &cy);
        int near_a = abs(px - cx) < 19 && abs(py - cy) < 19;
        centre(19, 760, 2, 16, &cx, &cy);
        int near_b = abs(px - cx) < 19 && abs(py - cy) < 19;
        elsewhere += !near_a && !near_b && plain.px[i] != marked.px[i];
    }
    CHECK(elsewhere == 0, "marks change nothing else (%d pixels)", elsewhere);
    free(plain.px);
    free(marked.px);
}

static void test_sizes(void)
{
    go_board b = position();
    render_opts o;
    render_opts_init(&o);
    o.size_px = 380;
    image im;
    if (render_image(&b, &o, &im))
        { CHECK(0, "rendered at 380"); return; }
    CHECK(im.w == 380 && im.h == 380, "380 px: %dx%d", im.w, im.h);
    int x, y;
    centre(19, 380, 2, 16, &x, &y);
    CHECK(dark(pix(&im, x, y)), "black stone at 380 px");
    free(im.px);
    /* a 9x9 board: 11 units; 5 star points (C3, G3, E5, C7, G7) */
    go_board s;
    char err[VP_ERRLEN];
    go_board_init(&s, 9, err);
    o.size_px = 440;
    if (render_image(&s, &o, &im))
        { CHECK(0, "9x9 rendered"); return; }
    CHECK(im.w == 440 && im.h == 440, "9x9: %dx%d", im.w, im.h);
    int stars = 0, nonstars = 0;
    for (int py = 0; py < 9; py++)
        for (int px = 0; px < 9; px++) {
            centre(9, 440, px, py, &x, &y);
            int star = (px == 2 || px == 6 || px == 4) && (py == 2 || py == 6 || py == 4) &&
                       ((px == 4) == (py == 4));
            if (dark(pix(&im, x + 2, y + 2)))
                stars++;
            else if (star)
                nonstars++;
        }
    CHECK(stars == 5 && nonstars == 0, "9x9 star points: %d dark, %d missing", stars, nonstars);
    free(im.px);
}

/* A small check that text is well-formed XML: every tag closed in order,
 * attributes quoted; returns the number of elements, or -1. */
static int xml_elements(const char *s, size_t len)
{
    char stack[64][32];
    int depth = 0, elements = 0;
    size_t i = 0;
    while (i < len) {
        if (s[i] != '<') {
            i++;
            continue;
        }
        const char *e = memchr(s + i, '>', len - i);
        if (!e)
            return -1;
        size_t j = i + 1, end = (size_t)(e - s);
        if (s[j] == '?' || s[j] == '!') {
            if (s[j] == '!' && !strncmp(s + j, "!--", 3)) {
                const char *c = strstr(s + j, "-->");
                if (!c)
                    return -1;
                end = (size_t)(c - s) + 2;
            }
            i = end + 1;
            continue;
        }
        int closing = s[j] == '/';
        j += closing;
        char name[32];
        size_t k = 0;
        while (j < end && s[j] != ' ' && s[j] != '/' && s[j] != '\n' && k < 31)
            name[k++] = s[j++];
        name[k] = 0;
        if (!k)
            return -1;
        int quotes = 0;
        for (size_t q = j; q < end; q++)
            quotes += s[q] == '"';
        if (quotes % 2)
            return -1;
        int selfclose = s[end - 1] == '/';
        if (closing) {
            if (!depth || strcmp(stack[depth - 1], name))
                return -1;
            depth--;
        } else {
            elements++;
            if (!selfclose) {
                if (depth == 64)
                    return -1;
                strcpy(stack[depth++], name);
            }
        }
        i = end + 1;
    }
    return depth == 0 ? elements : -1;
}

static void test_svg(void)
{
    go_board b = position();
    render_opts o;
    render_opts_init(&o);
    o.format = RENDER_SVG;
    o.nmarks = 1;
    o.mark[0] = P(1, 17), o.mark_label[0] = 'A';
    unsigned char *a, *c, *png;
    size_t alen, clen, plen;
    char err[VP_ERRLEN];
    CHECK(render_board_mem(&b, &o, &a, &alen, err) == 0, "svg: %s", err);
    if (!a)
        return;
    CHECK(alen > 5 && (!memcmp(a, "<?xml", 5) || !memcmp(a, "<svg", 4)), "starts as XML");
    char *text = malloc(alen + 1);
    memcpy(text, a, alen);
    text[alen] = 0;
    CHECK(strstr(text, "<svg") && strstr(text, "width=\"760") && strstr(text, "</svg>"), "an svg element 760 wide");
    CHECK(strstr(text, "radialGradient") != NULL, "the stones' shading in the SVG");
    int n = xml_elements(text, alen);
    CHECK(n > 100, "well-formed XML (%d elements)", n);
    /* another image in between (PNG and a crop) must not change the ids */
    render_opts q = o;
    q.format = RENDER_PNG;
    CHECK(render_board_mem(&b, &q, &png, &plen, err) == 0, "png between");
    free(png);
    q.format = RENDER_SVG;
    q.crop = 1, q.crop_x0 = 0, q.crop_y0 = 10, q.crop_x1 = 8, q.crop_y1 = 18;
    CHECK(render_board_mem(&b, &q, &png, &plen, err) == 0, "svg crop between");
    CHECK(plen < alen && xml_elements((char *)png, plen) > 20, "the cropped SVG is smaller and well-formed");
    free(png);
    CHECK(render_board_mem(&b, &o, &c, &clen, err) == 0, "svg again");
    CHECK(c && clen == alen && !memcmp(a, c, alen), "the same SVG bytes twice");
    free(text);
    free(a);
    free(c);
}

static void test_png_bytes(void)
{
    go_board b = position();
    render_opts o;
    render_opts_init(&o);
    unsigned char *a, *c;
    size_t alen, clen;
    char err[VP_ERRLEN];
    CHECK(render_board_mem(&b, &o, &a, &alen, err) == 0, "png: %s", err);
    CHECK(alen > 8 && !memcmp(a, "\x89PNG\r\n\x1a\n", 8), "PNG signature");
    CHECK(render_board_mem(&b, &o, &c, &clen, err) == 0, "png again");
    CHECK(clen == alen && !memcmp(a, c, alen), "the same PNG bytes twice");
    /* a file holds the same bytes, with nothing else left in its folder */
    char dir[] = "/tmp/vp-render-XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(0, "mkdtemp");
        free(a), free(c);
        return;
    }
    char path[256];
    snprintf(path, sizeof path, "%s/b.png", dir);
    CHECK(render_board_file(&b, &o, path, err) == 0, "file: %s", err);
    FILE *f = fopen(path, "rb");
    unsigned char *d = malloc(alen + 1);
    size_t got = f ? fread(d, 1, alen + 1, f) : 0;
    if (f)
        fclose(f);
    CHECK(got == alen && !memcmp(d, a, alen), "the file holds the rendered bytes (%zu)", got);
    struct stat st;
    CHECK(stat(path, &st) == 0 && (st.st_mode & 0777) == 0644, "mode 0644");
    free(d);
    /* a path that is a directory: rename fails, VP_EIO naming it, no temporary file left */
    char sub[300];
    snprintf(sub, sizeof sub, "%s/sub", dir);
    mkdir(sub, 0755);
    int rc = render_board_file(&b, &o, sub, err);
    CHECK(rc == VP_EIO && strstr(err, sub), "a directory as the path: %d %s", rc, err);
    DIR *dd = opendir(dir);
    int entries = 0;
    struct dirent *de;
    while (dd && (de = readdir(dd)))
        entries += de->d_name[0] != '.';
    if (dd)
        closedir(dd);
    CHECK(entries == 2, "only b.png and sub in the folder (%d entries)", entries);
    /* a folder that does not exist */
    char bad[300];
    snprintf(bad, sizeof bad, "%s/none/x.png", dir);
    rc = render_board_file(&b, &o, bad, err);
    CHECK(rc == VP_EIO && strstr(err, bad), "a missing folder: %d %s", rc, err);
    CHECK(access(bad, F_OK) != 0, "no file");
    unlink(path);
    rmdir(sub);
    rmdir(dir);
    free(a);
    free(c);
}

static void test_bad_options(void)
{
    go_board b = position();
    render_opts o;
    char err[VP_ERRLEN];
    unsigned char *d = (unsigned char *)"x";
    size_t len = 1;
    render_opts_init(&o);
    o.size_px = 10;
    CHECK(render_board_mem(&b, &o, &d, &len, err) == VP_EINVAL && d == NULL && strstr(err, "size"), "tiny: %s", err);
    render_opts_init(&o);
    o.format = 7;
    CHECK(render_board_mem(&b, &o, &d, &len, err) == VP_EINVAL, "bad format");
    render_opts_init(&o);
    o.crop = 1, o.crop_x0 = 5, o.crop_x1 = 3, o.crop_y0 = 0, o.crop_y1 = 3;
    CHECK(render_board_mem(&b, &o, &d, &len, err) == VP_EINVAL && strstr(err, "crop"), "reversed crop: %s", err);
    render_opts_init(&o);
    o.crop = 1, o.crop_x0 = 0, o.crop_x1 = 19, o.crop_y0 = 0, o.crop_y1 = 3;
    CHECK(render_board_mem(&b, &o, &d, &len, err) == VP_EINVAL, "crop off the board");
    render_opts_init(&o);
    o.nmarks = 1, o.mark[0] = 400, o.mark_label[0] = 'A';
    CHECK(render_board_mem(&b, &o, &d, &len, err) == VP_EINVAL && strstr(err, "mark"), "mark off the board");
    o.mark[0] = 0, o.mark_label[0] = ' ';
    CHECK(render_board_mem(&b, &o, &d, &len, err) == VP_EINVAL, "unprintable mark label");
    o.nmarks = 9;
    CHECK(render_board_mem(&b, &o, &d, &len, err) == VP_EINVAL, "too many marks");
    render_opts_init(&o);
    o.size_px = 10;
    CHECK(render_board_file(&b, &o, "/tmp/vp-render-never.png", err) == VP_EINVAL &&
              access("/tmp/vp-render-never.png", F_OK) != 0,
          "bad options write no file");
}

int main(void)
{
    test_full();
    test_labels();
    test_crop();
    test_crop_to();
    test_marks();
    test_sizes();
    test_svg();
    test_png_bytes();
    test_bad_options();
    return test_done("render_test");
}
