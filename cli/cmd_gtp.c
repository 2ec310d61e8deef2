/* cmd_gtp.c: `vp gtp`, a Go Text Protocol (version 2) engine over the Go
 * board, for GoGui, Sabaki and scripts: the administrative and setup
 * commands. A bad command gets a "? ..." answer and the engine keeps
 * running; undo keeps every earlier board. */
#include <config.h>

#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../engines/coord.h"
#include "../engines/go.h"
#include "../engines/problem.h"
#include "../engines/strbuf.h"
#include "../engines/vp.h"
#include "cli.h"

static const char gtp_help[] =
    "Usage: vp gtp [OPTIONS]\n"
    "Speaks the Go Text Protocol (version 2) on stdin and stdout.\n"
    "Commands: protocol_version name version known_command list_commands quit\n"
    "boardsize clear_board komi play undo showboard loadsgf is_legal all_legal\n"
    "list_stones set_free_handicap.\n"
    "\n"
    "      --superko     refuse moves that repeat an earlier position (positional\n"
    "                    superko); without it only simple ko applies\n"
    "  -h, --help        this help\n";

static const char *const commands[] = {
    "all_legal", "boardsize", "clear_board", "is_legal", "known_command", "komi",
    "list_commands", "list_stones", "loadsgf", "name", "play", "protocol_version",
    "quit", "set_free_handicap", "showboard", "undo", "version", NULL};

typedef struct gtp_state {
    go_board *hist; /* hist[0..n]: the boards after each play; hist[n] is current */
    int n, cap;
    int superko;
    double komi;
} gtp_state;

static go_board *cur(gtp_state *g) { return &g->hist[g->n]; }

static int reset(gtp_state *g, int size)
{
    go_board b;
    if (go_board_init(&b, size, NULL))
        return -1;
    go_set_superko(&b, g->superko);
    g->n = 0;
    g->hist[0] = b;
    return 0;
}

/* Makes room for one more board and copies the current one on top. */
static int push(gtp_state *g)
{
    if (g->n + 1 >= g->cap) {
        int cap = g->cap * 2;
        go_board *h = realloc(g->hist, (size_t)cap * sizeof *h);
        if (!h)
            return -1;
        g->hist = h;
        g->cap = cap;
    }
    g->hist[g->n + 1] = g->hist[g->n];
    g->n++;
    return 0;
}

static int parse_color(const char *s)
{
    if (!strcasecmp(s, "b") || !strcasecmp(s, "black"))
        return GO_BLACK;
    if (!strcasecmp(s, "w") || !strcasecmp(s, "white"))
        return GO_WHITE;
    return -1;
}

static void list_points(strbuf *out, const go_board *b, const bb361 *set)
{
    /* GNU Go's order: rows from the top, columns from the left. */
    int size = go_size(b), first = 1;
    char buf[COORD_BUFLEN];
    for (int y = size - 1; y >= 0; y--)
        for (int x = 0; x < size; x++)
            if (bb361_test(set, y * 19 + x)) {
                strbuf_printf(out, "%s%s", first ? "" : " ", coord_format(y * 19 + x, size, buf));
                first = 0;
            }
}

/* Loads a problem file (SGF or JSON) as the current position. */
static int loadsgf(gtp_state *g, const char *path, strbuf *out)
{
    problem p;
    char err[VP_ERRLEN];
    problem_init(&p);
    if (problem_load_file(path, &p, err)) {
        strbuf_puts(out, err);
        problem_free(&p);
        return -1;
    }
    if (p.width != p.height) {
        strbuf_printf(out, "%s: only square boards are supported (%dx%d)", path, p.width, p.height);
        problem_free(&p);
        return -1;
    }
    go_board b;
    int rc = go_board_init(&b, p.width, err);
    for (int i = 0; rc == 0 && i < p.nblack; i++)
        rc = go_setup_stone(&b, GO_BLACK, (p.height - 1 - p.black[i].y) * 19 + p.black[i].x, err);
    for (int i = 0; rc == 0 && i < p.nwhite; i++)
        rc = go_setup_stone(&b, GO_WHITE, (p.height - 1 - p.white[i].y) * 19 + p.white[i].x, err);
    if (rc == 0)
        rc = go_setup_check(&b, err);
    if (rc == 0)
        rc = go_set_to_move(&b, p.to_move == PROBLEM_WHITE ? GO_WHITE : GO_BLACK, err);
    problem_free(&p);
    if (rc) {
        strbuf_printf(out, "%s: %s", path, err);
        return -1;
    }
    go_set_superko(&b, g->superko);
    g->n = 0;
    g->hist[0] = b;
    strbuf_puts(out, go_to_move(&b) == GO_BLACK ? "black" : "white");
    return 0;
}

/* Executes one command (already split into words); writes the answer
 * text into out; returns 1 for success, 0 for failure, 2 for quit. */
static int execute(gtp_state *g, int argc, char **argv, strbuf *out)
{
    const char *cmd = argv[0];
    go_board *b = cur(g);
    char err[VP_ERRLEN];
    if (!strcmp(cmd, "protocol_version")) {
        strbuf_puts(out, "2");
    } else if (!strcmp(cmd, "name")) {
        strbuf_puts(out, "vitalpoint");
    } else if (!strcmp(cmd, "version")) {
        strbuf_puts(out, PACKAGE_VERSION);
    } else if (!strcmp(cmd, "known_command")) {
        int known = 0;
        for (int i = 0; argc > 1 && commands[i]; i++)
            known |= !strcmp(commands[i], argv[1]);
        strbuf_puts(out, known ? "true" : "false");
    } else if (!strcmp(cmd, "list_commands")) {
        for (int i = 0; commands[i]; i++)
            strbuf_printf(out, "%s%s", i ? "\n" : "", commands[i]);
    } else if (!strcmp(cmd, "quit")) {
        return 2;
    } else if (!strcmp(cmd, "boardsize")) {
        char *end;
        long n = argc > 1 ? strtol(argv[1], &end, 10) : 0;
        if (argc < 2 || *end) {
            strbuf_puts(out, "boardsize not an integer");
            return 0;
        }
        if (n < GO_MIN_SIZE || n > GO_MAX_SIZE || reset(g, (int)n)) {
            strbuf_puts(out, "unacceptable size");
            return 0;
        }
    } else if (!strcmp(cmd, "clear_board")) {
        reset(g, go_size(b));
    } else if (!strcmp(cmd, "komi")) {
        char *end;
        double k = argc > 1 ? strtod(argv[1], &end) : 0;
        if (argc < 2 || *end) {
            strbuf_puts(out, "komi not a float");
            return 0;
        }
        g->komi = k;
    } else if (!strcmp(cmd, "play") || !strcmp(cmd, "is_legal")) {
        int color, point;
        if (argc < 3 || (color = parse_color(argv[1])) < 0) {
            strbuf_puts(out, "invalid color or vertex");
            return 0;
        }
        if (coord_parse(argv[2], go_size(b), &point, err)) {
            strbuf_printf(out, "invalid vertex: %s", err);
            return 0;
        }
        if (!strcmp(cmd, "is_legal")) {
            strbuf_puts(out, go_is_legal(b, color, point) ? "1" : "0");
            return 1;
        }
        if (!go_is_legal(b, color, point)) {
            strbuf_puts(out, "illegal move");
            return 0;
        }
        if (push(g)) {
            strbuf_puts(out, "out of memory");
            return 0;
        }
        if (go_play(cur(g), color, point, err)) { /* cannot happen after go_is_legal */
            g->n--;
            strbuf_printf(out, "illegal move: %s", err);
            return 0;
        }
    } else if (!strcmp(cmd, "undo")) {
        if (g->n == 0) {
            strbuf_puts(out, "cannot undo");
            return 0;
        }
        g->n--;
    } else if (!strcmp(cmd, "showboard")) {
        cli_draw_board(out, b);
    } else if (!strcmp(cmd, "loadsgf")) {
        if (argc < 2) {
            strbuf_puts(out, "loadsgf needs a file name");
            return 0;
        }
        return loadsgf(g, argv[1], out) == 0;
    } else if (!strcmp(cmd, "all_legal") || !strcmp(cmd, "list_stones")) {
        int color = argc > 1 ? parse_color(argv[1]) : -1;
        if (color < 0) {
            strbuf_puts(out, "invalid color");
            return 0;
        }
        bb361 set;
        if (!strcmp(cmd, "all_legal"))
            go_legal_moves(b, color, &set);
        else
            go_stones(b, color, &set);
        list_points(out, b, &set);
    } else if (!strcmp(cmd, "set_free_handicap")) {
        if (go_empty_count(b) != go_size(b) * go_size(b)) {
            strbuf_puts(out, "board not empty");
            return 0;
        }
        go_board nb = *b;
        for (int i = 1; i < argc; i++) {
            int point;
            if (coord_parse(argv[i], go_size(b), &point, err) || point == GO_PASS ||
                go_color_at(&nb, point) != GO_EMPTY) {
                strbuf_printf(out, "bad vertex list (%s)", argv[i]);
                return 0;
            }
            go_setup_stone(&nb, GO_BLACK, point, NULL);
        }
        if (argc < 3) {
            strbuf_puts(out, "bad vertex list (at least two stones)");
            return 0;
        }
        go_set_to_move(&nb, GO_WHITE, NULL);
        if (push(g)) {
            strbuf_puts(out, "out of memory");
            return 0;
        }
        *cur(g) = nb;
    } else {
        strbuf_puts(out, "unknown command");
        return 0;
    }
    return 1;
}

/* Removes control characters, turns tabs into spaces and drops comments,
 * as the protocol asks; returns the number of words split into w. */
static int split_words(char *line, char **w, int max)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    for (char *p = line; *p; p++) {
        if (*p == '\t')
            *p = ' ';
        else if (iscntrl((unsigned char)*p))
            *p = ' ';
    }
    int n = 0;
    for (char *tok = strtok(line, " "); tok && n < max; tok = strtok(NULL, " "))
        w[n++] = tok;
    return n;
}

int cmd_gtp(int argc, char **argv)
{
    static const struct option opts[] = {{"superko", no_argument, 0, 's'},
                                         {"help", no_argument, 0, 'h'},
                                         {0, 0, 0, 0}};
    gtp_state g = {0};
    int c;
    opterr = 0;
    optind = 1;
    while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
        if (c == 'h') {
            fputs(gtp_help, stdout);
            return CLI_OK;
        }
        if (c == 's')
            g.superko = 1;
        else
            cli_usage_error("gtp: unknown option '%s' (see --help)", argv[optind - 1]);
    }
    if (optind < argc)
        cli_usage_error("gtp: unexpected argument '%s' (see --help)", argv[optind]);
    g.cap = 64;
    g.hist = malloc((size_t)g.cap * sizeof *g.hist);
    if (!g.hist || reset(&g, 19)) {
        free(g.hist);
        cli_error("gtp: out of memory");
        return CLI_FAIL;
    }
    char *line = NULL;
    size_t cap = 0;
    int done = 0;
    while (!done && getline(&line, &cap, stdin) > 0) {
        char *w[64];
        int n = split_words(line, w, 64);
        if (n == 0)
            continue;
        const char *id = "";
        if (isdigit((unsigned char)w[0][0])) {
            id = w[0];
            if (n == 1)
                continue;
        }
        char **cmd = *id ? w + 1 : w;
        strbuf out;
        strbuf_init(&out);
        int r = execute(&g, *id ? n - 1 : n, cmd, &out);
        char *text = strbuf_take(&out);
        printf("%c%s %s\n\n", r ? '=' : '?', id, text ? text : "out of memory");
        fflush(stdout);
        free(text);
        done = (r == 2);
    }
    free(line);
    free(g.hist);
    return CLI_OK;
}
