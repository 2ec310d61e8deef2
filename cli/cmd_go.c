/* cmd_go.c: `vp go show` and the `vp go` dispatcher (`vp go solve` is in
 * cmd_solve.c, `vp go mcts` in cmd_mcts.c): `vp go show` reads Go problems
 * (SGF or the JSON problem format), checks that their setup can arise, and
 * prints them in benchmark coordinates, as SGF or as JSON, optionally under
 * a board symmetry and colour inversion, and draws them as PNG or SVG
 * images (generator/render.h), whole or cropped to the problem's region. */
#include <config.h>

#include <getopt.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/coord.h"
#include "../engines/go.h"
#include "../engines/gosym.h"
#include "../engines/problem.h"
#include "../engines/strbuf.h"
#include "../engines/vp.h"
#include "../generator/render.h"
#include "../solver/ld.h"
#include "cli.h"
#include "goprob.h"

static const char show_help[] =
    "Usage: vp go show FILE... [OPTIONS]\n"
    "Reads Go problems (SGF, the JSON problem format with keys AB, AW, SZ, C,\n"
    "SOL, or the JSON that --json writes; told apart by content), refuses setups\n"
    "that cannot arise (overlapping stones, chains without liberties, points off\n"
    "the board), and prints each one: board, side to play, stones and first\n"
    "moves in benchmark coordinates (A-T without I, rows from 1 at the bottom).\n"
    "\n"
    "      --transform T  apply a board symmetry first: identity, rot90, rot180,\n"
    "                     rot270, flip_x, flip_y, transpose, anti\n"
    "      --invert       swap the colours and the side to play\n"
    "      --sgf          print SGF (setup and solution tree) instead\n"
    "      --json         print one JSON object per problem instead\n"
    "      --image PATH   also draw each problem (after the transform) as an image:\n"
    "                     PNG, or SVG for a PATH ending in .svg; with several\n"
    "                     files PATH must hold %n (the file's name without its\n"
    "                     extension), like 'img/%n.png'\n"
    "      --svg          SVG whatever PATH ends in\n"
    "      --crop         crop the image to the problem: its region (inferred as\n"
    "                     `vp go solve` does) and all its stones, with one line\n"
    "                     of margin\n"
    "      --size PX      the width of the whole board's image (default 760,\n"
    "                     40..8192); a crop keeps its scale\n"
    "      --no-coords    no coordinate labels\n"
    "      --threads T    images drawn at once (default: all cores)\n"
    "  -h, --help         this help\n";

static void go_usage(FILE *f)
{
    fputs("Usage: vp go SUBCOMMAND [OPTIONS]\n"
          "  show        read, check and print Go problems (SGF or JSON)\n"
          "  solve       prove life-and-death problems: every correct first move\n"
          "  mcts        the MCTS/UCT reference search (Smargo-style), with its metrics\n"
          "  build       build a verified tsumego benchmark set (records, options, images)\n"
          "  audit       check a tsumego benchmark set: records, variants, proofs, options\n"
          "Run `vp go SUBCOMMAND --help` for its options.\n",
          f);
}

/* The board of problem p (square), or an error for other shapes. */
static int problem_board(const problem *p, go_board *b, char *err)
{
    if (p->width != p->height)
        return vp_fail(err, VP_ERANGE, "only square boards are supported (%dx%d)", p->width, p->height);
    int rc = go_board_init(b, p->width, err);
    for (int i = 0; rc == 0 && i < p->nblack; i++)
        rc = go_setup_stone(b, GO_BLACK, (p->height - 1 - p->black[i].y) * 19 + p->black[i].x, err);
    for (int i = 0; rc == 0 && i < p->nwhite; i++)
        rc = go_setup_stone(b, GO_WHITE, (p->height - 1 - p->white[i].y) * 19 + p->white[i].x, err);
    return rc ? rc : go_setup_check(b, err);
}

static const char *point_name(const problem *p, int x, int y, char *buf)
{
    return coord_format(x < 0 ? GO_PASS : (p->height - 1 - y) * 19 + x, p->width, buf);
}

static json_t *points_json(const problem *p, const sgf_point *pts, int n)
{
    json_t *a = json_array();
    char buf[COORD_BUFLEN];
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(point_name(p, pts[i].x, pts[i].y, buf)));
    return a;
}

static void print_problem(const char *file, const problem *p, const go_board *b, int json, int sgf)
{
    char buf[COORD_BUFLEN], err[VP_ERRLEN];
    static const char *const side[3] = {"unknown", "black", "white"};
    if (sgf) {
        strbuf s;
        strbuf_init(&s);
        problem_write_sgf(p, 0, &s, err);
        char *t = strbuf_take(&s);
        fputs(t ? t : "", stdout);
        free(t);
        return;
    }
    if (json) {
        json_t *moves = json_array();
        for (int i = 0; i < p->solution.nchildren; i++) {
            const problem_move *m = p->solution.children[i];
            json_array_append_new(moves, json_pack("{s:s, s:s, s:s}", "color", side[m->color], "move",
                                                   point_name(p, m->x, m->y, buf), "verdict",
                                                   m->verdict == PROBLEM_CORRECT ? "correct"
                                                   : m->verdict == PROBLEM_WRONG ? "wrong"
                                                                                 : "unmarked"));
        }
        json_t *j = json_pack("{s:s, s:i, s:s, s:i, s:s, s:o, s:o, s:o}", "format", PROBLEM_JSON_FORMAT,
                              "format_version", 1, "file", file, "size", p->width, "to_play",
                              side[p->to_move], "black", points_json(p, p->black, p->nblack), "white",
                              points_json(p, p->white, p->nwhite), "first_moves", moves);
        if (p->height != p->width)
            json_object_set_new(j, "height", json_integer(p->height));
        if (p->nmarks)
            json_object_set_new(j, "marks", points_json(p, p->marks, p->nmarks));
        if (p->nregion)
            json_object_set_new(j, "region", points_json(p, p->region, p->nregion));
        if (p->comment)
            json_object_set_new(j, "comment", json_string(p->comment));
        char *s = json_dumps(j, JSON_COMPACT);
        puts(s ? s : "{}");
        free(s);
        json_decref(j);
        return;
    }
    strbuf s;
    strbuf_init(&s);
    cli_draw_board(&s, b);
    char *board = strbuf_take(&s);
    printf("%s: %dx%d, %s to play\n", file, p->width, p->height, side[p->to_move]);
    if (p->comment)
        printf("  comment: %s\n", p->comment);
    printf("  first moves:");
    for (int i = 0; i < p->solution.nchildren; i++) {
        const problem_move *m = p->solution.children[i];
        printf(" %s%s", point_name(p, m->x, m->y, buf),
               m->verdict == PROBLEM_CORRECT ? " (correct)" : m->verdict == PROBLEM_WRONG ? " (wrong)" : "");
    }
    printf("\n%s\n", board ? board : "");
    free(board);
}

static int ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), m = strlen(suffix);
    return n >= m && !strcmp(s + n - m, suffix);
}

/* The crop of problem p's image: the bounding box of its region (as ld
 * infers it with default options) and its stones, so stones that frame
 * the problem from outside the region show too; the stones alone when the
 * region cannot be inferred; none for an empty board. */
static void show_crop(const problem *p, const go_board *b, render_opts *o)
{
    char err[VP_ERRLEN];
    bb361 box = bb361_or(b->set[GO_BLACK], b->set[GO_WHITE]);
    ld_problem *lp = malloc(sizeof *lp);
    if (lp && ld_problem_from(p, NULL, lp, err) == 0)
        box = bb361_or(box, lp->region);
    free(lp);
    render_crop_to(o, &box, 0);
}

/* Draws every board to its path, on the OpenMP threads; returns CLI_OK,
 * or CLI_FAIL after printing each failure (in input order). */
static int show_images(int n, const problem *ps, const go_board *bs, char **paths, const render_opts *base,
                       int crop)
{
    char(*errs)[VP_ERRLEN] = calloc((size_t)n, sizeof *errs);
    if (!errs) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
#pragma omp parallel for schedule(dynamic, 1)
    for (int i = 0; i < n; i++) {
        render_opts o = *base;
        if (crop)
            show_crop(&ps[i], &bs[i], &o);
        if (render_board_file(&bs[i], &o, paths[i], errs[i]) == 0)
            errs[i][0] = 0;
        else if (!errs[i][0])
            snprintf(errs[i], VP_ERRLEN, "%s: cannot draw the image", paths[i]);
    }
    int rc = CLI_OK;
    for (int i = 0; i < n; i++)
        if (errs[i][0]) {
            cli_error("%s", errs[i]);
            rc = CLI_FAIL;
        }
    free(errs);
    return rc;
}

static int cmd_show(int argc, char **argv)
{
    enum { OPT_IMAGE = 0x300, OPT_SVG, OPT_CROP, OPT_SIZE, OPT_NO_COORDS };
    static const struct option opts[] = {{"transform", required_argument, 0, 't'},
                                         {"invert", no_argument, 0, 'i'},
                                         {"sgf", no_argument, 0, 's'},
                                         {"json", no_argument, 0, 'j'},
                                         {"image", required_argument, 0, OPT_IMAGE},
                                         {"svg", no_argument, 0, OPT_SVG},
                                         {"crop", no_argument, 0, OPT_CROP},
                                         {"size", required_argument, 0, OPT_SIZE},
                                         {"no-coords", no_argument, 0, OPT_NO_COORDS},
                                         {"threads", required_argument, 0, 'T'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    int k = 0, invert = 0, sgf = 0, json = 0, c, svg = 0, crop = 0;
    long threads = 0;
    const char *image = NULL;
    render_opts ro;
    render_opts_init(&ro);
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        switch (c) {
        case 'h':
            fputs(show_help, stdout);
            return CLI_OK;
        case 't':
            k = -1;
            for (int i = 0; i < GOSYM_COUNT; i++)
                if (!strcmp(optarg, gosym_name(i)))
                    k = i;
            if (k < 0)
                cli_usage_error("--transform: unknown symmetry '%s' (identity, rot90, rot180, rot270, "
                                "flip_x, flip_y, transpose, anti)", optarg);
            break;
        case 'i': invert = 1; break;
        case 's': sgf = 1; break;
        case 'j': json = 1; break;
        case OPT_IMAGE: image = optarg; break;
        case OPT_SVG: svg = 1; break;
        case OPT_CROP: crop = 1; break;
        case OPT_SIZE: ro.size_px = (int)cli_parse_long("--size", optarg, RENDER_MIN_PX, RENDER_MAX_PX); break;
        case OPT_NO_COORDS: ro.coords = 0; break;
        case 'T': threads = cli_parse_long("--threads", optarg, 1, 1024); break;
        case ':': cli_usage_error("go show: option '%s' needs a value", argv[optind - 1]);
        default: cli_usage_error("go show: unknown option '%s' (see --help)", argv[optind - 1]);
        }
    }
    if (optind >= argc)
        cli_usage_error("go show: no FILE given (see --help)");
    if (sgf && json)
        cli_usage_error("go show: --sgf and --json exclude each other");
    int n = argc - optind;
    if (!image && (svg || crop))
        cli_usage_error("go show: --svg and --crop need --image PATH");
    if (image && svg && ends_with(image, ".png"))
        cli_usage_error("--svg: the image path %s ends in .png", image);
    if (image && n > 1 && !strstr(image, "%n"))
        cli_usage_error("--image: with several files the path must hold %%n (like img/%%n.png)");
    ro.format = image && (svg || ends_with(image, ".svg")) ? RENDER_SVG : RENDER_PNG;
    char **paths = NULL;
    if (image) {
        paths = goprob_output_paths(image, (const char *const *)(argv + optind), n);
        if (!paths) {
            cli_error("out of memory");
            return CLI_FAIL;
        }
        cli_check_folders("--image", paths, n);
    }
    problem *ps = calloc(n > 0 ? (size_t)n : 1, sizeof *ps);
    go_board *bs = calloc(n > 0 ? (size_t)n : 1, sizeof *bs);
    if (!ps || !bs) {
        cli_error("out of memory");
        if (paths)
            goprob_free_paths(paths, n);
        free(ps);
        free(bs);
        return CLI_FAIL;
    }
    /* Everything is read and checked before anything is printed. */
    char err[VP_ERRLEN];
    int rc = CLI_OK, loaded = 0;
    for (int i = 0; i < n && rc == CLI_OK; i++, loaded++) {
        const char *file = argv[optind + i];
        int r = problem_load_file(file, &ps[i], err);
        if (r == 0 && (k || invert))
            r = problem_transform(&ps[i], k, invert, err);
        if (r == 0)
            r = problem_board(&ps[i], &bs[i], err);
        if (r) {
            cli_error("%s%s%s", strncmp(err, file, strlen(file)) ? file : "",
                      strncmp(err, file, strlen(file)) ? ": " : "", err);
            rc = CLI_USAGE;
        }
    }
    for (int i = 0; rc == CLI_OK && i < n; i++)
        print_problem(argv[optind + i], &ps[i], &bs[i], json, sgf);
    fflush(stdout);
    cli_set_threads(threads);
    if (rc == CLI_OK && paths)
        rc = show_images(n, ps, bs, paths, &ro, crop);
    if (paths)
        goprob_free_paths(paths, n);
    for (int i = 0; i < loaded; i++)
        problem_free(&ps[i]);
    free(ps);
    free(bs);
    return rc;
}

int cmd_go(int argc, char **argv)
{
    if (argc < 2) {
        go_usage(stderr);
        return CLI_USAGE;
    }
    if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        go_usage(stdout);
        return CLI_OK;
    }
    if (!strcmp(argv[1], "show"))
        return cmd_show(argc - 1, argv + 1);
    if (!strcmp(argv[1], "solve"))
        return cmd_go_solve(argc - 1, argv + 1);
    if (!strcmp(argv[1], "mcts"))
        return cmd_go_mcts(argc - 1, argv + 1);
    if (!strcmp(argv[1], "build"))
        return cmd_go_build(argc - 1, argv + 1);
    if (!strcmp(argv[1], "audit"))
        return cmd_go_audit(argc - 1, argv + 1);
    cli_usage_error("go: unknown subcommand '%s' (show, solve, mcts, build, audit)", argv[1]);
}
