/* go_diagram.h: Go positions for tests drawn as text diagrams, shared by
 * the Go engine's tests. Include after test.h (it reports through CHECK). */
#ifndef VP_GO_DIAGRAM_H
#define VP_GO_DIAGRAM_H

#include "engines/go.h"
#include "engines/vp.h"

/* Sets b to the n x n position drawn in rows (top row first, 'X' black,
 * 'O' white, '.' empty, spaces ignored), black to move. */
static void setup(go_board *b, int n, const char *rows)
{
    char err[VP_ERRLEN];
    bb361 black = bb361_empty(), white = bb361_empty();
    int k = 0;
    for (const char *c = rows; *c; c++) {
        if (*c == ' ' || *c == '\n')
            continue;
        int x = k % n, y = n - 1 - k / n;
        if (*c == 'X')
            bb361_set(&black, bb361_xy(x, y));
        else if (*c == 'O')
            bb361_set(&white, bb361_xy(x, y));
        k++;
    }
    CHECK(k == n * n, "diagram has %d points, want %d", k, n * n);
    go_board_init(b, n, err);
    CHECK(go_setup_stones(b, GO_BLACK, &black, err) == 0, "%s", err);
    CHECK(go_setup_stones(b, GO_WHITE, &white, err) == 0, "%s", err);
    CHECK(go_setup_check(b, err) == 0, "%s", err);
}

#endif
