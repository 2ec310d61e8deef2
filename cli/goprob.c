/* goprob.c: the pieces the vp go problem commands share (goprob.h). */
#include <config.h>

#include "goprob.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/coord.h"
#include "../engines/go.h"
#include "../engines/sgf.h"
#include "../engines/vp.h"
#include "cli.h"

void goprob_parse_moves(const char *opt, const char *s, bb361 *set, int *pass)
{
    *set = bb361_empty();
    if (pass)
        *pass = 0;
    const char *p = s;
    for (;;) {
        char item[32], err[VP_ERRLEN];
        size_t len = strcspn(p, ",");
        if (len == 0 || len >= sizeof item)
            cli_usage_error("%s: malformed list '%s' (expected points like C18%s or rectangles like A16-F19, "
                            "separated by commas)", opt, s, pass ? ", pass" : "");
        memcpy(item, p, len);
        item[len] = '\0';
        char *dash = strchr(item, '-');
        int a, b;
        if (dash)
            *dash = '\0';
        if (coord_parse(item, 19, &a, err) || (dash && coord_parse(dash + 1, 19, &b, err)))
            cli_usage_error("%s: %s", opt, err);
        if (!dash)
            b = a;
        if (pass && !dash && a == COORD_PASS) {
            *pass = 1;
        } else {
            if (a == COORD_PASS || b == COORD_PASS)
                cli_usage_error("%s: 'pass' is not a point", opt);
            int x0 = bb361_x(a), x1 = bb361_x(b), y0 = bb361_y(a), y1 = bb361_y(b);
            for (int y = y0 < y1 ? y0 : y1; y <= (y0 < y1 ? y1 : y0); y++)
                for (int x = x0 < x1 ? x0 : x1; x <= (x0 < x1 ? x1 : x0); x++)
                    bb361_set(set, bb361_xy(x, y));
        }
        if (!p[len])
            break;
        p += len + 1;
    }
}

void goprob_parse_points(const char *opt, const char *s, bb361 *set) { goprob_parse_moves(opt, s, set, NULL); }

int goprob_parse_list(const char *opt, const char *s, int *out, int max, const char *expected, const char *noun)
{
    int n = 0;
    for (const char *p = s;;) {
        char item[32], err[VP_ERRLEN];
        size_t len = strcspn(p, ",");
        if (len == 0 || len >= sizeof item)
            cli_usage_error("%s: malformed list '%s' (expected %s)", opt, s, expected);
        if (n == max)
            cli_usage_error("%s: more than %d %s in '%s'", opt, max, noun, s);
        memcpy(item, p, len);
        item[len] = '\0';
        int pt;
        if (coord_parse(item, 19, &pt, err))
            cli_usage_error("%s: %s", opt, err);
        out[n++] = pt == COORD_PASS ? GO_PASS : pt;
        if (!p[len])
            return n;
        p += len + 1;
    }
}

static int parse_color(const char *s)
{
    if (!strcmp(s, "B") || !strcmp(s, "b") || !strcmp(s, "black"))
        return GO_BLACK;
    if (!strcmp(s, "W") || !strcmp(s, "w") || !strcmp(s, "white"))
        return GO_WHITE;
    cli_usage_error("--to-play: '%s' is not B or W", s);
}

int goprob_def_option(int code, const char *arg, ld_problem_opts *o)
{
    switch (code) {
    case GOPROB_OPT_GOAL:
        if (!strcmp(arg, "kill"))
            o->goal = LD_KILL;
        else if (!strcmp(arg, "live"))
            o->goal = LD_LIVE;
        else
            cli_usage_error("--goal: '%s' is not kill or live", arg);
        return 1;
    case GOPROB_OPT_TO_PLAY: o->to_move = parse_color(arg); return 1;
    case GOPROB_OPT_TARGET:
        goprob_parse_points("--target", arg, &o->target);
        o->has_target = 1;
        return 1;
    case GOPROB_OPT_REGION:
        goprob_parse_points("--region", arg, &o->region);
        o->has_region = 1;
        return 1;
    case GOPROB_OPT_MARGIN: o->margin = (int)cli_parse_long("--margin", arg, 0, 4); return 1;
    default: return 0;
    }
}

int goprob_markup_goal(const char *text, size_t len, int *goal, char *err)
{
    *goal = LD_GOAL_NONE;
    size_t i = 0;
    if (len >= 3 && !memcmp(text, "\xef\xbb\xbf", 3))
        i = 3;
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n'))
        i++;
    if (i >= len || text[i] != '(')
        return 0;
    sgf_collection *c = NULL;
    int rc = sgf_parse(text + i, len - i, NULL, &c, err);
    if (rc == 0)
        rc = ld_sgf_goal(c->trees[0], goal, err);
    sgf_collection_free(c);
    return rc;
}

int goprob_point(const problem *pr, int x, int y)
{
    return x < 0 ? GO_PASS : (pr->height - 1 - y) * 19 + x;
}

int goprob_book_move(const problem *pr, int *point, int *color)
{
    const problem_move *pick = NULL;
    for (int pass = 0; pass < 2 && !pick; pass++)
        for (int i = 0; i < pr->solution.nchildren && !pick; i++) {
            const problem_move *m = pr->solution.children[i];
            if (pass == 0 ? m->verdict == PROBLEM_CORRECT : m->verdict != PROBLEM_WRONG)
                pick = m;
        }
    if (pick) {
        *point = goprob_point(pr, pick->x, pick->y);
        *color = pick->color == PROBLEM_BLACK ? GO_BLACK : GO_WHITE;
    }
    return pick != NULL;
}

int goprob_book_answers(const problem *pr, int color, int *out)
{
    int pc = color == GO_BLACK ? PROBLEM_BLACK : PROBLEM_WHITE, n = 0;
    for (int pass = 0; pass < 2 && n == 0; pass++)
        for (int i = 0; i < pr->solution.nchildren; i++) {
            const problem_move *m = pr->solution.children[i];
            if (m->color != pc || m->x < 0 || (pass == 0 ? m->verdict != PROBLEM_CORRECT : m->verdict == PROBLEM_WRONG))
                continue;
            int p = goprob_point(pr, m->x, m->y), seen = 0;
            for (int j = 0; j < n && !seen; j++)
                seen = out[j] == p;
            if (!seen)
                out[n++] = p;
        }
    return n;
}

int goprob_points_of(bb361 set, int size, int *v)
{
    int n = 0;
    for (int y = size - 1; y >= 0; y--)
        for (int x = 0; x < size; x++)
            if (bb361_test(&set, bb361_xy(x, y)))
                v[n++] = bb361_xy(x, y);
    return n;
}

json_t *goprob_moves_json(const int *v, int n, int size)
{
    json_t *a = json_array();
    char buf[COORD_BUFLEN];
    for (int i = 0; i < n; i++)
        json_array_append_new(a, json_string(coord_format(v[i], size, buf)));
    return a;
}

json_t *goprob_set_json(bb361 set, int size)
{
    int v[GO_NPOINTS];
    int n = goprob_points_of(set, size, v);
    return goprob_moves_json(v, n, size);
}

char *goprob_json_line(json_t *j)
{
    char *s = json_dumps(j, JSON_COMPACT);
    json_decref(j);
    if (!s)
        return NULL;
    size_t n = strlen(s);
    char *line = realloc(s, n + 2);
    if (!line) {
        free(s);
        return NULL;
    }
    line[n] = '\n';
    line[n + 1] = '\0';
    return line;
}

const char *goprob_color_letter(int color)
{
    return color == GO_BLACK ? "B" : "W";
}

const char *goprob_color_word(int color)
{
    return color == GO_BLACK ? "Black" : "White";
}

const char *goprob_without_file(const char *err, const char *file)
{
    size_t n = strlen(file);
    return !strncmp(err, file, n) && err[n] == ':' && err[n + 1] == ' ' ? err + n + 2 : err;
}

void goprob_free_paths(char **paths, int n)
{
    if (!paths)
        return;
    for (int i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
}

char **goprob_output_paths(const char *pattern, const char *const *files, int n)
{
    char **paths = calloc(n > 0 ? (size_t)n : 1, sizeof *paths);
    if (!paths)
        return NULL;
    const char *at = NULL;
    for (const char *q = strstr(pattern, "%n"); q; q = strstr(q + 1, "%n"))
        at = q;
    size_t head = at ? (size_t)(at - pattern) : strlen(pattern);
    const char *tail = at ? at + 2 : "";
    for (int i = 0; i < n; i++) {
        const char *base = strrchr(files[i], '/');
        base = base ? base + 1 : files[i];
        size_t len = strlen(base);
        const char *dot = strrchr(base, '.');
        if (dot && dot != base)
            len = (size_t)(dot - base);
        if (!at)
            len = 0;
        size_t cap = head + len + strlen(tail) + 16;
        char *path = malloc(cap);
        if (!path) {
            goprob_free_paths(paths, n);
            return NULL;
        }
        for (int k = 1;; k++) {
            if (k == 1)
                snprintf(path, cap, "%.*s%.*s%s", (int)head, pattern, (int)len, base, tail);
            else
                snprintf(path, cap, "%.*s%.*s-%d%s", (int)head, pattern, (int)len, base, k, tail);
            int taken = 0;
            for (int j = 0; j < i && !taken; j++)
                taken = !strcmp(paths[j], path);
            if (!taken)
                break;
        }
        paths[i] = path;
    }
    return paths;
}
