/* gosym.c: board symmetries and colour inversion. */
#include <config.h>

#include "gosym.h"

#include <assert.h>

#include "coord.h"
#include "vp.h"

_Static_assert(COORD_PASS == GO_PASS, "coord and go must agree on the pass value");

int gosym_point(int size, int k, int point)
{
    assert(k >= 0 && k < GOSYM_COUNT && size >= 1 && size <= BB361_WIDTH);
    if (point == GO_PASS)
        return GO_PASS;
    int x = bb361_x(point), y = bb361_y(point), m = size - 1, u, v;
    assert(x <= m && y <= m);
    switch (k) {
    case GOSYM_IDENTITY: u = x; v = y; break;
    case GOSYM_ROT90: u = m - y; v = x; break;
    case GOSYM_ROT180: u = m - x; v = m - y; break;
    case GOSYM_ROT270: u = y; v = m - x; break;
    case GOSYM_FLIP_X: u = m - x; v = y; break;
    case GOSYM_FLIP_Y: u = x; v = m - y; break;
    case GOSYM_TRANSPOSE: u = y; v = x; break;
    default: u = m - y; v = m - x; break;
    }
    return bb361_xy(u, v);
}

bb361 gosym_set(int size, int k, bb361 s)
{
    bb361 r = bb361_empty();
    while (!bb361_is_empty(s))
        bb361_set(&r, gosym_point(size, k, bb361_pop(&s)));
    return r;
}

int gosym_inverse(int k)
{
    assert(k >= 0 && k < GOSYM_COUNT);
    return k == GOSYM_ROT90 ? GOSYM_ROT270 : k == GOSYM_ROT270 ? GOSYM_ROT90 : k;
}

/* On a 5x5 board the orbit of (0, 1) has eight distinct points, so one
 * image identifies the symmetry. */
int gosym_compose(int a, int b)
{
    int p = bb361_xy(0, 1), q = gosym_point(5, b, gosym_point(5, a, p));
    for (int k = 0; k < GOSYM_COUNT; k++)
        if (gosym_point(5, k, p) == q)
            return k;
    assert(!"gosym_compose: no symmetry matches");
    return GOSYM_IDENTITY;
}

const char *gosym_name(int k)
{
    static const char *const names[GOSYM_COUNT] = {"identity", "rot90",  "rot180",    "rot270",
                                                   "flip_x",   "flip_y", "transpose", "anti"};
    return k >= 0 && k < GOSYM_COUNT ? names[k] : "?";
}

int gosym_color(int color, int invert)
{
    if (invert && (color == GO_BLACK || color == GO_WHITE))
        return 3 - color;
    return color;
}

void gosym_move(int size, int k, int invert, int *color, int *point)
{
    *point = gosym_point(size, k, *point);
    *color = gosym_color(*color, invert);
}

int gosym_board(go_board *dst, const go_board *src, int k, int invert, char *err)
{
    bb361 black, white;
    if (k < 0 || k >= GOSYM_COUNT)
        return vp_fail(err, VP_EINVAL, "symmetry %d is not in 0..%d", k, GOSYM_COUNT - 1);
    assert(dst != src);
    int n = src->size, rc = go_board_init(dst, n, err);
    if (rc)
        return rc;
    go_stones(src, invert ? GO_WHITE : GO_BLACK, &black);
    go_stones(src, invert ? GO_BLACK : GO_WHITE, &white);
    black = gosym_set(n, k, black);
    white = gosym_set(n, k, white);
    if ((rc = go_setup_stones(dst, GO_BLACK, &black, err)) || (rc = go_setup_stones(dst, GO_WHITE, &white, err)))
        return rc;
    dst->to_move = gosym_color(src->to_move, invert);
    dst->move_number = src->move_number;
    dst->passes = src->passes;
    dst->last = src->last >= 0 ? gosym_point(n, k, src->last) : src->last;
    dst->captures[GO_BLACK] = src->captures[gosym_color(GO_BLACK, invert)];
    dst->captures[GO_WHITE] = src->captures[gosym_color(GO_WHITE, invert)];
    if (src->ko) {
        dst->ko = go_p2s(gosym_point(n, k, go_s2p(src->ko)));
        dst->ko_color = gosym_color(src->ko_color, invert);
    }
    go_set_superko(dst, src->superko);
    return 0;
}
