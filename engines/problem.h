/* problem.h: a Go problem (tsumego) as neutral data: board size, setup
 * stones, side to move, comment, marks and a solution tree, loaded from SGF
 * or from the Ten Thousand Tsumego JSON format, validated, and written back
 * as SGF. Points are in SGF orientation: x from the left, y from the TOP. */
#ifndef VP_PROBLEM_H
#define VP_PROBLEM_H

#include <stddef.h>

#include "sgf.h"
#include "strbuf.h"

#define PROBLEM_MAX_SIZE 19
#define PROBLEM_MAX_POINTS (PROBLEM_MAX_SIZE * PROBLEM_MAX_SIZE)

enum { PROBLEM_NONE = 0, PROBLEM_BLACK = 1, PROBLEM_WHITE = 2 };

/* What a solution move is known to be. */
enum { PROBLEM_UNMARKED = 0, PROBLEM_CORRECT = 1, PROBLEM_WRONG = 2 };

/* Where problem.to_move came from. */
enum { PROBLEM_FROM_NONE = 0, PROBLEM_FROM_PL, PROBLEM_FROM_MOVE, PROBLEM_FROM_COMMENT };

/* A node of the solution tree. The tree's root (problem.solution) is not a
 * move: color is PROBLEM_NONE and its children are the alternative first
 * moves. A pass has x == y == -1; otherwise 0 <= x < width, 0 <= y <
 * height. Whether a move can be played (occupied point, ko) is the Go
 * board's business, not checked here. */
typedef struct problem_move {
    int color;
    int x, y;
    int verdict;   /* PROBLEM_CORRECT / PROBLEM_WRONG / PROBLEM_UNMARKED */
    char *comment; /* NULL when none */
    struct problem_move *parent;
    struct problem_move **children;
    int nchildren, capchildren;
} problem_move;

/* Invariants after a successful load: 2 <= width, height <= 19; black[]
 * and white[] are on the board, without repeats, disjoint, in the order the
 * input gave them; marks (MA, the target stones or points) and region (SQ)
 * are on the board without repeats. */
typedef struct problem {
    int width, height;
    int nblack, nwhite, nmarks, nregion;
    sgf_point black[PROBLEM_MAX_POINTS];
    sgf_point white[PROBLEM_MAX_POINTS];
    sgf_point marks[PROBLEM_MAX_POINTS];
    sgf_point region[PROBLEM_MAX_POINTS];
    int to_move;      /* PROBLEM_BLACK, PROBLEM_WHITE or PROBLEM_NONE (unknown) */
    int to_move_from; /* PROBLEM_FROM_* */
    char *comment;    /* the root comment, NULL when none */
    problem_move solution;
} problem;

/* JSON format (the folders of ../shared/data/tsumego/): one object with
 *   "SZ": "19" (a string, or a number; "w:h" accepted), "AB"/"AW": lists of
 *   SGF points (rectangles "aa:cc" accepted), "C": the comment, "SOL": a
 *   list of entries [colour "B"/"W", point ("" = pass), comment, extra],
 * and optionally "PL", "MA", "SQ" as in SGF. SOL is read as the list of
 * alternative correct first moves, not as a main line: in all 1083 files
 * every multi-entry SOL (128 files, up to 7 entries) repeats one colour,
 * the colour of the "Black/White to play" comment, on distinct empty
 * points, where a line would alternate colours; e.g. Cho Chikun elementary
 * Prob0019 lists B ba, B ea, B ac while the book's SGF gives the single
 * line B[ac], and Prob0872 marks both of its entries "Correct.". So each
 * entry becomes a first move with verdict PROBLEM_CORRECT (PROBLEM_WRONG
 * when its comment starts with "Wrong"/"Incorrect") and no children. The
 * third field is the move's comment; the fourth (empty throughout the
 * corpus, a warning in the upstream converter) is appended to the comment
 * on a new line when not empty. */

/* vp's own problem JSON, which `vp go show --json` writes and the loader
 * reads back: {"format": PROBLEM_JSON_FORMAT, "format_version": 1, "file",
 * "size" (and "height" when not square), "to_play": black, white or
 * unknown, "black", "white" (and "marks", "region" when there are any):
 * lists of points in benchmark coordinates (coord.h), "first_moves": a
 * list of {"color", "move" (a point or "pass"), "verdict": correct, wrong
 * or unmarked}, and "comment" when there is one}; every key is one of
 * these. A JSON object with another "format", or with none of the keys
 * of the format above nor this one, is refused. */
#define PROBLEM_JSON_FORMAT "vitalpoint-go-problem"

/* Empties p: 19x19, no stones, no marks, unknown side, empty solution. */
void problem_init(problem *p);
/* Frees what p owns and re-initialises it. */
void problem_free(problem *p);

/* Loads SGF or JSON, told apart by the first non-blank character ('(' or
 * '{'); name (a file name, or NULL) starts every error message. Returns 0,
 * or VP_EINVAL / VP_ERANGE / VP_ENOMEM with "name: place: reason" in err;
 * p is left initialised (empty) on failure. */
int problem_load(const char *text, size_t len, const char *name, problem *p, char *err);
/* Reads the whole file at path into a malloc'd *text (not NUL-terminated)
 * of *len bytes, at most 64 MiB; returns 0, or VP_EIO / VP_ERANGE /
 * VP_ENOMEM with the reason, naming the path, in err (*text NULL). */
int problem_read_file(const char *path, char **text, size_t *len, char *err);
/* Reads the file at path (problem_read_file) and loads it as problem_load
 * does; returns 0, or what either returns. */
int problem_load_file(const char *path, problem *p, char *err);
/* Loads the first tree's root (and the setup nodes of the main line before
 * the first move) and the variations below as the solution; returns 0 or
 * a negative VP_E* code with err set, leaving p empty. */
int problem_from_sgf(const sgf_node *root, const char *name, problem *p, char *err);
/* Loads either JSON format above; returns 0 or a negative VP_E* code with err
 * set, leaving p empty. */
int problem_from_json(const char *text, size_t len, const char *name, problem *p, char *err);

/* Checks the invariants of problem (size, stones on the board, no repeats,
 * no overlap, no chain without liberties, moves on the board); returns 0
 * or VP_EINVAL / VP_ERANGE with "name: reason" in err. problem_load runs
 * it, so a loaded problem is a position that can arise. */
int problem_check(const problem *p, const char *name, char *err);
/* Colour of the setup stone at (x, y): PROBLEM_BLACK, PROBLEM_WHITE or
 * PROBLEM_NONE (also for points off the board). */
int problem_stone(const problem *p, int x, int y);
/* Finds a chain of setup stones without liberties (a position that cannot
 * arise); returns its colour and fills chain[0..*n) (room for
 * PROBLEM_MAX_POINTS), or PROBLEM_NONE (with *n = 0) when every chain has
 * a liberty. */
int problem_find_dead_chain(const problem *p, sgf_point *chain, int *n);

/* Appends a move to parent's children (x = y = -1 for a pass; comment may
 * be NULL); returns the new move, or NULL when out of memory. */
problem_move *problem_add_move(problem_move *parent, int color, int x, int y, const char *comment);
/* The verdict a comment states: PROBLEM_CORRECT when it starts with
 * "Correct" or "Right", PROBLEM_WRONG for "Wrong", "Incorrect" or
 * "Failure" (any case, after blanks), else PROBLEM_UNMARKED. */
int problem_comment_verdict(const char *comment);

/* Builds an SGF tree of p: root with GM, FF, CA, AP, SZ, PL (when known),
 * AB, AW, C, MA, SQ; the solution as variations with B/W, C, and TE[1] or
 * BM[1] where the verdict is not already stated by the comment. Returns 0
 * and sets *out (free with sgf_free), or VP_ENOMEM with err set. */
int problem_to_sgf(const problem *p, sgf_node **out, char *err);
/* Appends p as SGF text to out (flags as for sgf_write); returns 0 or
 * VP_ENOMEM with err set. */
int problem_write_sgf(const problem *p, unsigned flags, strbuf *out, char *err);

/* Applies board symmetry k (numbered as in gosym.h; 0 is the identity)
 * and, when invert is set, colour inversion with the side to play
 * flipped, to the whole problem: setup stones, marks, region, side to move
 * and every move of the solution tree. Returns 0, or VP_EINVAL for an
 * unknown k or a symmetry other than the identity on a non-square board. */
int problem_transform(problem *p, int k, int invert, char *err);

#endif
