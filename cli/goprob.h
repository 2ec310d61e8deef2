/* goprob.h: what the vp go commands that read life-and-death problems
 * share (`vp go solve`, `vp go mcts`): reading a problem file, the book's
 * first moves, the problem-definition options, point lists, JSON of moves,
 * and output paths named after the input files. Only cli/ uses it. */
#ifndef VP_GOPROB_H
#define VP_GOPROB_H

#include <getopt.h>
#include <jansson.h>
#include <stddef.h>

#include "../engines/bitboard.h"
#include "../engines/problem.h"
#include "../solver/ld.h"

/* getopt_long codes and table entries of the definition overrides. */
enum { GOPROB_OPT_GOAL = 0x200, GOPROB_OPT_TO_PLAY, GOPROB_OPT_TARGET, GOPROB_OPT_REGION, GOPROB_OPT_MARGIN };
#define GOPROB_DEF_LONGOPTS                                                                             \
    {"goal", required_argument, 0, GOPROB_OPT_GOAL}, {"to-play", required_argument, 0, GOPROB_OPT_TO_PLAY}, \
        {"target", required_argument, 0, GOPROB_OPT_TARGET},                                            \
        {"region", required_argument, 0, GOPROB_OPT_REGION},                                            \
        {"margin", required_argument, 0, GOPROB_OPT_MARGIN}
/* Their lines of a --help text. */
#define GOPROB_DEF_HELP                                                                 \
    "      --goal G         kill or live (the side to play's goal)\n"                   \
    "      --to-play C      B or W\n"                                                   \
    "      --target LIST    the target chains: points like C18,D17\n"                   \
    "      --region LIST    where play is allowed: points and rectangles, like\n"       \
    "                       A16-F19,G19\n"                                              \
    "      --margin N       lines around the inferred region, 0..4 (default 0)\n"

/* Applies the definition option with getopt code `code` and value arg to
 * o; returns 1 when code is one of them, 0 when it is not (o untouched);
 * exits with status 2 on a bad value. */
int goprob_def_option(int code, const char *arg, ld_problem_opts *o);

/* Parses a comma-separated list of benchmark points and rectangles
 * ("A16-F19": every point between two corners) into *set, or exits with 2
 * naming opt. Points are checked against 19x19; each problem checks its
 * own board. */
void goprob_parse_points(const char *opt, const char *s, bb361 *set);
/* The same, where "pass" may stand alone as an item too: it sets *pass
 * (pass may be NULL: then it is refused, as above). */
void goprob_parse_moves(const char *opt, const char *s, bb361 *set, int *pass);

/* Parses a comma-separated list of single points (or "pass", as GO_PASS)
 * in order into out[0..max): returns how many; exits with 2 naming opt
 * when an item is malformed ("expected" says what was), is not a point on
 * 19x19, or when there are more than max ("noun" names the items). */
int goprob_parse_list(const char *opt, const char *s, int *out, int max, const char *expected, const char *noun);

/* The VG[kill] / VG[live] goal of an SGF text into *goal (LD_GOAL_NONE for
 * JSON or none); returns 0 or VP_EINVAL with err set. */
int goprob_markup_goal(const char *text, size_t len, int *goal, char *err);

/* The bb361 point of a problem's (x, y) in SGF orientation, GO_PASS for
 * x < 0. */
int goprob_point(const problem *pr, int x, int y);

/* The book's first move: the first first move marked correct, else the
 * first not marked wrong; returns 1 and sets *point (bb361 or GO_PASS) and
 * *color (GO_BLACK / GO_WHITE), or 0 when the solution tree has none. */
int goprob_book_move(const problem *pr, int *point, int *color);

/* The book's correct first moves of color: every first move of color
 * marked correct, or, when none is, every one not marked wrong; passes
 * left out. Writes them (bb361 points) into out (room for GO_NPOINTS)
 * without repeats and returns how many. */
int goprob_book_answers(const problem *pr, int color, int *out);

/* The points of set in reading order (top row first, left to right) into
 * v; returns how many. */
int goprob_points_of(bb361 set, int size, int *v);

/* JSON arrays of move names ("C18", "pass") and of a point set in reading
 * order. */
json_t *goprob_moves_json(const int *v, int n, int size);
json_t *goprob_set_json(bb361 set, int size);

/* The compact JSON text of j and a newline (j is released); NULL when out
 * of memory. */
char *goprob_json_line(json_t *j);

/* "B" / "W", "Black" / "White". */
const char *goprob_color_letter(int color);
const char *goprob_color_word(int color);

/* The part of err after a leading "file: " (for lines that name the file
 * themselves). */
const char *goprob_without_file(const char *err, const char *file);

/* Output paths for files[0..n): pattern with its last "%n" replaced by
 * each file's base name without its extension; a path already given to an
 * earlier file gets "-2", "-3", ... after that name. Returns a malloc'd
 * array of n malloc'd strings (free with goprob_free_paths), or NULL when
 * out of memory. */
char **goprob_output_paths(const char *pattern, const char *const *files, int n);
void goprob_free_paths(char **paths, int n);

#endif
