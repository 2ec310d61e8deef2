/* render_bench.c: speed of the board images. A corner problem of 12
 * stones drawn N times (default 200) into memory as a PNG and an SVG of the
 * whole board and of its 8x4-point corner, one thread, CPU time per image
 * (the process's CPU clock, so other processes on the machine count
 * little); then, for comparison, cairo's own PNG writer on the same
 * pixels. Usage: render_bench [N] */
#include <config.h>

#include <cairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engines/go.h"
#include "engines/vp.h"
#include "generator/render.h"

static double cpu(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

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

static cairo_status_t count_write(void *closure, const unsigned char *data, unsigned int length)
{
    (void)data;
    *(size_t *)closure += length;
    return CAIRO_STATUS_SUCCESS;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 200;
    if (n < 1)
        n = 1;
    go_board b;
    char err[VP_ERRLEN];
    go_board_init(&b, 19, err);
    for (int i = 0; i < 12; i++)
        go_setup_stone(&b, i % 2 ? GO_WHITE : GO_BLACK, (17 - i / 7) * 19 + i % 7, err);
    printf("%-22s %10s %10s %8s\n", "image", "ms/image", "bytes", "pixels");
    for (int crop = 0; crop < 2; crop++)
        for (int fmt = 0; fmt < 2; fmt++) {
            render_opts o;
            render_opts_init(&o);
            o.format = fmt ? RENDER_SVG : RENDER_PNG;
            if (crop) {
                o.crop = 1;
                o.crop_x0 = 0, o.crop_y0 = 15, o.crop_x1 = 7, o.crop_y1 = 18;
            }
            render_geom g;
            render_geometry(19, &o, &g, err);
            unsigned char *d = NULL;
            size_t len = 0;
            double t = cpu();
            for (int i = 0; i < n; i++) {
                free(d);
                if (render_board_mem(&b, &o, &d, &len, err)) {
                    fprintf(stderr, "render_bench: %s\n", err);
                    return 1;
                }
            }
            double ms = (cpu() - t) * 1e3 / n;
            printf("%-22s %10.2f %10zu %4dx%d\n", crop ? (fmt ? "corner SVG" : "corner PNG") : (fmt ? "board SVG" : "board PNG"),
                   ms, len, g.width, g.height);
            if (fmt == 0) {
                reader r = {d, len, 0};
                cairo_surface_t *s = cairo_image_surface_create_from_png_stream(mem_read, &r);
                size_t total = 0;
                t = cpu();
                for (int i = 0; i < n; i++) {
                    total = 0;
                    cairo_surface_write_to_png_stream(s, count_write, &total);
                }
                printf("%-22s %10.2f %10zu   (cairo's PNG writer alone, same pixels)\n", crop ? "  corner, cairo" : "  board, cairo",
                       (cpu() - t) * 1e3 / n, total);
                cairo_surface_destroy(s);
            }
            free(d);
        }
    return 0;
}
