/* ld_diagram.h: life-and-death positions for the solver's tests, drawn as
 * text diagrams of the top-left corner of a 19x19 board or loaded from the
 * bundled problems (data/tsumego). Include after test.h (it reports
 * through CHECK). */
#ifndef VP_LD_DIAGRAM_H
#define VP_LD_DIAGRAM_H

#include <stdio.h>
#include <stdlib.h>

#include "engines/bitboard.h"
#include "engines/go.h"
#include "engines/problem.h"
#include "engines/vp.h"
#include "solver/ld.h"

/* Sets b to a 19x19 board whose top-left corner is drawn in rows (top row
 * first: row r is y = 18 - r and the c-th point of a row is x = c; 'X'
 * black, 'O' white, '.' empty; spaces ignored); the rest of the board is
 * empty. nrows < 0: rows ends with a NULL. */
static inline void draw_corner(go_board *b, const char *const *rows, int nrows)
{
    char err[VP_ERRLEN];
    CHECK(go_board_init(b, 19, err) == 0, "go_board_init: %s", err);
    for (int r = 0; nrows < 0 ? rows[r] != NULL : r < nrows; r++) {
        int x = 0;
        for (const char *c = rows[r]; *c; c++) {
            if (*c == ' ')
                continue;
            if (*c == 'X' || *c == 'O')
                go_setup_stone(b, *c == 'X' ? GO_BLACK : GO_WHITE, bb361_xy(x, 18 - r), err);
            x++;
        }
    }
    CHECK(go_setup_check(b, err) == 0, "hand position: %s", err);
}

/* Loads the bundled problem rel (a path under data/tsumego, found through
 * $top_srcdir) into *pr (problem_init'ed) and defines it into *p, as
 * vp go solve would with no flags. 0 on success; failures are CHECKed,
 * and *pr is to be freed either way. */
static inline int load_bundled(const char *rel, problem *pr, ld_problem *p)
{
    const char *top = getenv("top_srcdir");
    char path[4200], err[VP_ERRLEN];
    snprintf(path, sizeof path, "%s/data/tsumego/%s", top && *top ? top : ".", rel);
    int rc = problem_load_file(path, pr, err);
    if (rc == 0)
        rc = ld_problem_from(pr, NULL, p, err);
    CHECK(rc == 0, "%s: %s", path, err);
    return rc;
}

/* The same, when only the definition is wanted: defines rel into *p;
 * 0 on success. */
static inline int define_bundled(const char *rel, ld_problem *p)
{
    problem pr;
    problem_init(&pr);
    int rc = load_bundled(rel, &pr, p);
    problem_free(&pr);
    return rc;
}

/* Cho Chikun Elementary 82 (black to play lives at D19 only), rows 19 to
 * 15 of the corner: the box of the problem is rows 17 to 19, and after
 * D19 D18 black captures at D17 with a liberty at D16, outside the box
 * (the open sides of a live problem's region, solver/ld.c). */
#define CHO82_NROWS 5
static inline const char *const *cho82_rows(void)
{
    static const char *const rows[] = {
        ". X . . . X O .",
        "O X X . X X O .",
        ". O O . O O O .",
        ". . . . . . . .",
        ". . O . . . . .",
    };
    return rows;
}

#endif
