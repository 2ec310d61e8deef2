/* ld.c: the life-and-death problem definition: parts from flags and
 * markup, the inference of target, goal and region, and the tsumego
 * frame. */
#include <config.h>

#include "ld.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../engines/coord.h"
#include "../engines/vp.h"

#define LD_FAR 1000   /* a distance beyond any on the board */
#define LD_REACH 2    /* how far a colour's stones claim empty points */
#ifndef LD_EDGE_LIBS
#define LD_EDGE_LIBS 4 /* see behind_wall */
#endif
#ifndef LD_EDGE_STEPS
#define LD_EDGE_STEPS 5 /* see behind_wall */
#endif
#ifndef LD_WEAK_WALL
#define LD_WEAK_WALL 2 /* liberties of a wall chain whose outside liberties join the region */
#endif
#define LD_FRAME_MIN 12 /* smallest outside piece left to the frame */
#define LD_OPEN 4     /* distance from every stone that makes a point open board */
#ifndef LD_BEHIND
#define LD_BEHIND 3 /* steps from the pocket and the defender's stones beyond which a point lies behind the wall */
#endif

void ld_opts_init(ld_problem_opts *o)
{
    memset(o, 0, sizeof *o);
    o->to_move = GO_EMPTY;
    o->goal = LD_GOAL_NONE;
    o->markup_goal = LD_GOAL_NONE;
    o->target = bb361_empty();
    o->region = bb361_empty();
    o->margin = LD_DEFAULT_MARGIN;
}

const char *ld_goal_name(int goal)
{
    return goal == LD_KILL ? "kill" : goal == LD_LIVE ? "live" : "none";
}

const char *ld_from_name(int from)
{
    switch (from) {
    case LD_FROM_MARKUP: return "markup";
    case LD_FROM_COMMENT: return "comment";
    case LD_FROM_FLAGS: return "flags";
    case LD_FROM_WIDENED: return "widened";
    case LD_FROM_LINE: return "line";
    default: return "inferred";
    }
}

static const char *color_name(int c) { return c == GO_BLACK ? "black" : "white"; }

/* 1 when text contains word (any case) followed by a non-letter. */
static int has_phrase(const char *text, const char *phrase)
{
    size_t n = strlen(phrase);
    for (const char *s = text; *s; s++) {
        size_t i = 0;
        while (i < n && s[i] && tolower((unsigned char)s[i]) == phrase[i])
            i++;
        if (i == n && !isalpha((unsigned char)s[n]))
            return 1;
    }
    return 0;
}

int ld_goal_from_text(const char *text)
{
    if (!text)
        return LD_GOAL_NONE;
    int live = has_phrase(text, "to live") || has_phrase(text, "to survive");
    int kill = has_phrase(text, "to kill") || has_phrase(text, "to capture");
    return live == kill ? LD_GOAL_NONE : live ? LD_LIVE : LD_KILL;
}

int ld_sgf_goal(const sgf_node *root, int *goal, char *err)
{
    *goal = LD_GOAL_NONE;
    const char *v = root ? sgf_get(root, "VG") : NULL;
    if (!v)
        return 0;
    if (!strcmp(v, "kill"))
        *goal = LD_KILL;
    else if (!strcmp(v, "live"))
        *goal = LD_LIVE;
    else
        return vp_fail(err, VP_EINVAL, "VG[%s]: the goal must be 'kill' or 'live'", v);
    return 0;
}

/* ---- geometry ---------------------------------------------------------- */

/* dist[p] = Manhattan distance from p to the nearest point of src within
 * board (LD_FAR when src is empty): breadth-first by dilation. */
static void distances(bb361 src, bb361 board, int dist[GO_NPOINTS])
{
    for (int p = 0; p < GO_NPOINTS; p++)
        dist[p] = LD_FAR;
    bb361 reached = bb361_and(src, board), frontier = reached;
    for (int k = 0; !bb361_is_empty(frontier); k++) {
        for (int p = bb361_next(&frontier, 0); p >= 0; p = bb361_next(&frontier, p + 1))
            dist[p] = k;
        bb361 n = bb361_dilate(reached, board);
        frontier = bb361_andnot(n, reached);
        reached = n;
    }
}

/* The union of the chains of b through the points of pts (stones only). */
static bb361 chains_through(const go_board *b, bb361 pts)
{
    bb361 r = bb361_empty(), ch;
    for (int p = bb361_next(&pts, 0); p >= 0; p = bb361_next(&pts, p + 1))
        if (!bb361_test(&r, p) && go_chain(b, p, &ch) > 0)
            r = bb361_or(r, ch);
    return r;
}

static void bbox(bb361 s, int *x0, int *y0, int *x1, int *y1)
{
    *x0 = *y0 = 18;
    *x1 = *y1 = 0;
    for (int p = bb361_next(&s, 0); p >= 0; p = bb361_next(&s, p + 1)) {
        int x = bb361_x(p), y = bb361_y(p);
        if (x < *x0) *x0 = x;
        if (x > *x1) *x1 = x;
        if (y < *y0) *y0 = y;
        if (y > *y1) *y1 = y;
    }
}

/* ---- inference of the target --------------------------------------------- */

/*
** How a strong player sees "the enclosed group". For a candidate defender
** d, the attacker claims every empty point whose nearest attacker stone
** (Manhattan distance, up to LD_REACH) is no farther than d's nearest
** stone: that closes the one- to three-point gaps of a loose wall, the
** diagonal links, and the points where a defender stone touches the wall
** (the attacker blocks there, which is what the problem presumes). The
** points d can pass are its stones and the empty points not claimed;
** those that cannot be reached from the open board (the largest group of
** points at least LD_OPEN, or as far as the board allows, from every
** stone) are enclosed by the attacker and the edges. The pocket is the
** enclosed component holding most defender stones (all of them when
** several hold as many, so that the choice does not hang on the order in
** which the board is scanned, which its orientation sets: Cho Elementary
** 125's two black three-stone chains on either side of one eye space are
** one target), joined by the other
** enclosed components whose stones lie within two steps (split only by
** the attacker's stones inside, or by contested points): their chains
** share one eye space and stand or fall as one problem, so together they
** are the target.
*/
typedef struct pocket {
    bb361 area;   /* passable points of the components (defender stones and empty) */
    bb361 stones; /* the defender's stones in them */
    int nstones;
} pocket;

/* Finds d's best pocket; returns its stone count (0 when d has none), or
 * -1 when the board has no open space to measure enclosure from. */
static int find_pocket(const go_board *b, int d, pocket *out)
{
    bb361 board = bb361_square(b->size), D, A;
    go_stones(b, d, &D);
    go_stones(b, go_other(d), &A);
    memset(out, 0, sizeof *out);
    int da[GO_NPOINTS], dd[GO_NPOINTS];
    distances(A, board, da);
    distances(D, board, dd);
    bb361 passable = D, seeds = bb361_empty();
    int best_open = 0;
    bb361 empty = bb361_andnot(board, bb361_or(A, D));
    for (int p = bb361_next(&empty, 0); p >= 0; p = bb361_next(&empty, p + 1)) {
        if (da[p] <= LD_REACH && da[p] <= dd[p])
            continue;
        bb361_set(&passable, p);
        int m = da[p] < dd[p] ? da[p] : dd[p];
        if (m > best_open)
            best_open = m;
    }
    if (best_open < 2)
        return -1;
    /* A crawl along the first line is no way out: an empty first-line
     * point whose inward neighbour d cannot pass and the attacker holds
     * firmly (an attacker stone, or a claimed point next to one) leads
     * nowhere. A group that reaches the open board only by crawling
     * under the attacker's wall (or through a lone stone of its own down
     * there) is enclosed, as a player sees it: one attacker stone ahead
     * of the crawl stops it. The crawl's points stay passable: they join
     * the pocket, so the region runs along the crawl. (A claimed point
     * two steps from the attacker is not firm: it would close the three
     * open points between an attacker stone on the third line and the
     * edge.) */
    bb361 crawl = bb361_empty(), open_empty = bb361_and(passable, empty);
    for (int p = bb361_next(&open_empty, 0); p >= 0; p = bb361_next(&open_empty, p + 1)) {
        int x = p % 19, y = p / 19, s = b->size - 1;
        int on_x = x == 0 || x == s, on_y = y == 0 || y == s;
        if (on_x == on_y) /* a corner, or not on the first line */
            continue;
        int q = on_x ? p + (x == 0 ? 1 : -1) : p + (y == 0 ? 19 : -19); /* the inward neighbour */
        if (da[q] == 0 || (da[q] == 1 && !bb361_test(&passable, q)))
            bb361_set(&crawl, p);
    }
    int need = best_open < LD_OPEN ? best_open : LD_OPEN;
    for (int p = bb361_next(&passable, 0); p >= 0; p = bb361_next(&passable, p + 1)) {
        int m = da[p] < dd[p] ? da[p] : dd[p];
        if (m >= need && bb361_test(&empty, p))
            bb361_set(&seeds, p);
    }
    /* the open board is the largest group of far points (all the largest,
     * when several are as large): a corner point far from the stones but
     * inside the enclosure is no way out */
    bb361 open = bb361_empty(), left_seeds = seeds;
    int open_n = 0;
    while (!bb361_is_empty(left_seeds)) {
        bb361 comp = bb361_flood(seeds, bb361_lowest(&left_seeds));
        int n = bb361_popcount(comp);
        if (n > open_n) {
            open_n = n;
            open = comp;
        } else if (n == open_n) {
            open = bb361_or(open, comp);
        }
        left_seeds = bb361_andnot(left_seeds, comp);
    }
    bb361 rest = bb361_andnot(passable, bb361_flood_from(open, bb361_andnot(passable, crawl)));
    /* the enclosed components holding defender stones; the largest (every
     * one as large) is the heart of the problem, and components whose
     * stones lie within two steps of it (cut apart only by the attacker's
     * stones inside, or by points both sides claim) belong to the same
     * group as a player sees it */
    bb361 comps[GO_NPOINTS]; /* disjoint, each with a stone: at most 361 */
    int ncomps = 0, best_n = 0;
    bb361 left = bb361_and(rest, D);
    while (!bb361_is_empty(left)) {
        bb361 comp = bb361_flood(rest, bb361_lowest(&left));
        int n = bb361_popcount(bb361_and(comp, D));
        left = bb361_andnot(left, comp);
        if (n > best_n)
            best_n = n;
        comps[ncomps++] = comp;
    }
    if (best_n == 0)
        return 0;
    bb361 area = bb361_empty();
    unsigned char used[GO_NPOINTS];
    for (int i = 0; i < ncomps; i++)
        if ((used[i] = bb361_popcount(bb361_and(comps[i], D)) == best_n))
            area = bb361_or(area, comps[i]);
    for (int grew = 1; grew;) {
        grew = 0;
        bb361 near = bb361_dilate(bb361_dilate(bb361_and(area, D), board), board);
        for (int i = 0; i < ncomps; i++)
            if (!used[i] && bb361_intersects(near, bb361_and(comps[i], D))) {
                used[i] = 1;
                area = bb361_or(area, comps[i]);
                grew = 1;
            }
    }
    out->area = area;
    out->stones = bb361_and(area, D);
    out->nstones = bb361_popcount(out->stones);
    return out->nstones;
}

/* ---- region ---------------------------------------------------------------- */

/* Grows r until every defender chain touching it lies inside it and every
 * defender chain inside it has a liberty inside it, so the frame never
 * captures or splits a defender chain. Returns the grown region. Each round
 * adds the liberties of every chain that has none inside at the round's
 * start, all at once: taken one at a time, a chain's liberties could give a
 * later chain its liberty inside, and which chain's joined would hang on
 * the order of the scan, so on the board's orientation (Ishigure 067 took
 * column L in four of its eight orientations; now it always does). */
static bb361 close_region(const go_board *b, int defender, bb361 r)
{
    bb361 board = bb361_square(b->size), D;
    go_stones(b, defender, &D);
    for (;;) {
        bb361 n = bb361_or(r, chains_through(b, bb361_and(D, bb361_dilate(r, board))));
        bb361 in = bb361_and(n, D), add = bb361_empty();
        while (!bb361_is_empty(in)) {
            bb361 ch, libs;
            int p = bb361_lowest(&in);
            go_chain(b, p, &ch);
            go_chain_liberties(b, p, &libs);
            if (!bb361_intersects(libs, n))
                add = bb361_or(add, libs);
            in = bb361_andnot(in, ch);
        }
        n = bb361_or(n, add);
        if (bb361_equal(n, r))
            return r;
        r = n;
    }
}

/* The bounding box of s grown by margin lines, clipped by the board edge;
 * a single line left between the box and the edge joins it, since it would
 * be a frame strip with no room for an eye and first-line moves there
 * matter. */
static bb361 box(bb361 s, int size, int margin)
{
    int x0, y0, x1, y1;
    bbox(s, &x0, &y0, &x1, &y1);
    x0 = x0 - margin <= 1 ? 0 : x0 - margin;
    y0 = y0 - margin <= 1 ? 0 : y0 - margin;
    x1 = x1 + margin >= size - 2 ? size - 1 : x1 + margin;
    y1 = y1 + margin >= size - 2 ? size - 1 : y1 + margin;
    bb361 r = bb361_empty();
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            bb361_set(&r, bb361_xy(x, y));
    return r;
}

/* Adds to r the pieces of the outside too small for a frame with an eye
 * (fewer than LD_FRAME_MIN points) that the points cut off. */
static bb361 join_small_outside(bb361 r, bb361 board)
{
    bb361 out = bb361_andnot(board, r), left = out;
    while (!bb361_is_empty(left)) {
        bb361 comp = bb361_flood(out, bb361_lowest(&left));
        left = bb361_andnot(left, comp);
        if (bb361_popcount(comp) < LD_FRAME_MIN)
            r = bb361_or(r, comp);
    }
    return r;
}

/* r with the small outside pieces it cuts off, closed under defender
 * chains: the region again after points were added or taken away. */
static bb361 reclose(const go_board *b, int defender, bb361 r)
{
    return close_region(b, defender, join_small_outside(r, bb361_square(b->size)));
}

/*
** The points of the box behind the attacker's wall: empty points the box
** takes in only because it is a box (the wall's far side, the corners of
** an L-shaped problem). Left in the region they make the search test the
** wall as if it were cut off from the outside, which the tsumego premise
** (a strong wall) rules out: Ishigure 003 needs 2,788,414 nodes with them
** and 138,547 without, the same answer. A point is behind the wall when it
** is empty and more than LD_BEHIND steps, through empty points of the
** region, from the pocket and from every defender stone of the region
** (seeds): the points just beyond a gap in the wall stay (Cho Elementary
** 218 lives only through the gap at G18; with G17 left to the frame E19
** fails), and so do those a defender stone outside the target can reach
** to attack the wall from outside (Fujisawa 28: without them five more
** first moves "kill"). The frame fills such points with attacker stones
** joined to the wall.
**
** Moves under a wall on the edge matter more often (hane, clamps, kos on
** the first line), so a first-line point leaves only when it is more than
** LD_EDGE_STEPS steps away, and stays when it or a point next to it is
** kept: kept are the liberties of an attacker chain with at most
** LD_EDGE_LIBS liberties that no point outside the region touches (the
** frame would make it uncapturable: Ishigure 093's R18-R19 is captured in
** the book's line), the empty points next to those liberties (the stones
** that fill them need their own), and on the first line the empty points
** next to those (Cho Elementary 810's A18 is a ko only with A17 open).
** Variants without one of these conditions changed answers of Cho
** Elementary 806, 810 and 881, Ishigure 032 and 093 and Yamada 1003
** (bench/RESULTS.md, "The first line behind the wall").
*/
static bb361 behind_wall(const go_board *b, int defender, bb361 r, bb361 seeds)
{
    bb361 board = bb361_square(b->size), E, A, edge = bb361_empty();
    go_stones(b, GO_EMPTY, &E);
    go_stones(b, go_other(defender), &A);
    for (int i = 0; i < b->size; i++) {
        bb361_set(&edge, bb361_xy(i, 0));
        bb361_set(&edge, bb361_xy(i, b->size - 1));
        bb361_set(&edge, bb361_xy(0, i));
        bb361_set(&edge, bb361_xy(b->size - 1, i));
    }
    bb361 room = bb361_and(r, E), near = seeds;
    for (int k = 0; k < LD_BEHIND; k++)
        near = bb361_or(near, bb361_and(bb361_dilate(near, board), room));
    bb361 far = bb361_andnot(room, near);
    /* the kept points: around the short attacker chains inside the region */
    bb361 keep = bb361_empty(), chains = bb361_and(A, r), outside = bb361_andnot(board, r);
    while (!bb361_is_empty(chains)) {
        bb361 ch, libs;
        int q = bb361_lowest(&chains);
        go_chain(b, q, &ch);
        chains = bb361_andnot(chains, ch);
        if (bb361_intersects(bb361_dilate(ch, board), outside) || go_chain_liberties(b, q, &libs) > LD_EDGE_LIBS)
            continue;
        bb361 k1 = bb361_or(libs, bb361_and(bb361_dilate(libs, board), room));
        keep = bb361_or(keep, bb361_or(k1, bb361_and(bb361_and(bb361_dilate(k1, board), room), edge)));
    }
    /* the first line: within LD_EDGE_STEPS, or on or next to a kept point */
    bb361 nearer = near;
    for (int k = LD_BEHIND; k < LD_EDGE_STEPS; k++)
        nearer = bb361_or(nearer, bb361_and(bb361_dilate(nearer, board), room));
    bb361 stays = bb361_and(edge, bb361_or(nearer, bb361_dilate(keep, board)));
    return bb361_andnot(far, stays);
}

/*
** The open sides of the box in a live problem: the empty points just outside
** it next to an empty point of the region within two steps of the pocket or
** the target. Where the box cuts through open space instead of along the
** attacker's wall, the frame stone there would sit closer to the eye space
** than any real wall, and a defender stone played on the border would lose
** the liberty it has on the board: Cho Elementary 82's D19 lives by D19 D18
** D17 (capturing) D16 D18, and with D16 a frame stone the capture at D17 is
** only a ko. Two steps, not one: Cho Elementary 607's H19, two steps from
** the target's G18, captures White's G19 and needs its liberty J19 to live
** (F19, the book move, is refuted with J19 a frame stone), and the same
** frame stone one line too close made Cho 602's and 617's book moves ko
** (bench/RESULTS.md). Measured on kill problems too, where it settled
** nothing more and cost nodes, so they keep the plain box. held: the pocket
** and the target.
*/
static bb361 open_sides(const go_board *b, bb361 r, bb361 held)
{
    bb361 board = bb361_square(b->size), E;
    go_stones(b, GO_EMPTY, &E);
    bb361 from = bb361_and(bb361_and(r, E), bb361_dilate(bb361_dilate(held, board), board));
    return bb361_andnot(bb361_and(bb361_neighbours(from), E), r);
}

/*
** The box of a live problem grown along an attacker wall that runs on past
** an open side: while a point of the open sides (open_sides) touches an
** attacker stone outside the box whose chain has stones inside it, the box
** takes in that line. The frame stone there would stand where the wall
** leaves the defender a point on the board: Cho Elementary 8 (Black's four
** stones on the second line under White's wall B17-H17) ended its box at
** column G, so the frame's H18 sat under White's H17 and Black's A18, which
** lives by reaching H18, was only a ko; with the box to column H it is
** proved outright (bench/RESULTS.md). held: the pocket and the target.
*/
static bb361 along_wall(const go_board *b, int defender, bb361 r, bb361 held)
{
    bb361 A;
    go_stones(b, go_other(defender), &A);
    for (int k = 0; k < b->size; k++) {
        bb361 beyond = bb361_andnot(chains_through(b, bb361_and(A, r)), r);
        bb361 grow = bb361_and(open_sides(b, r, held), bb361_neighbours(beyond));
        if (bb361_is_empty(grow))
            break;
        r = reclose(b, defender, box(bb361_or(r, grow), b->size, 0));
    }
    return r;
}

/* The inferred region: the box around the pocket, the target and the
 * attacker stones bordering them, grown by margin lines, then closed under
 * defender chains and boxed again until stable (a notch left by the
 * closure would hold a frame stone with liberties only in the region); for
 * a live problem (live: the defender moves first) opened on its open
 * sides. */
static bb361 infer_region(const go_board *b, int defender, bb361 target, bb361 area, int margin, int live)
{
    bb361 board = bb361_square(b->size), A;
    go_stones(b, go_other(defender), &A);
    /* the target's liberties are contested even where the attacker claims
     * them, and the attacker stones next to them are the wall in play */
    bb361 core = bb361_dilate(bb361_or(target, area), board);
    bb361 border = bb361_and(A, bb361_dilate(core, board));
    bb361 r = box(bb361_or(core, border), b->size, margin);
    for (;;) {
        bb361 n = box(close_region(b, defender, r), b->size, 0);
        if (bb361_equal(n, r))
            break;
        r = n;
    }
    /* the box's open sides next to the pocket, in a live problem */
    bb361 open = live && !margin ? open_sides(b, r, bb361_or(target, area)) : bb361_empty();
    if (!bb361_is_empty(open))
        r = reclose(b, defender, bb361_or(r, open));
    if (live && !margin)
        r = along_wall(b, defender, r, bb361_or(target, area));
    /* less the points behind the wall, as far as the closure allows; a
     * margin asked for keeps the whole box */
    bb361 D;
    go_stones(b, defender, &D);
    bb361 behind = margin ? bb361_empty() : behind_wall(b, defender, r, bb361_or(bb361_or(target, area), bb361_and(D, r)));
    if (!bb361_is_empty(behind))
        r = reclose(b, defender, bb361_andnot(r, behind));
    /* a weak wall (an attacker chain in the region with at most two
     * liberties) keeps its liberties outside the box: capturing it is a
     * resource of the defender that the frame would otherwise take away;
     * a wall of three or four liberties extends in time, and adding its
     * outside liberties multiplied the search (Cho Elementary 20: 175,062
     * nodes against 398, the same answer) for no answer gained on a
     * 120-problem sample */
    bb361 walls = bb361_and(A, r), add = bb361_empty();
    while (!bb361_is_empty(walls)) {
        bb361 ch, libs;
        int p = bb361_lowest(&walls);
        go_chain(b, p, &ch);
        walls = bb361_andnot(walls, ch);
        if (go_chain_liberties(b, p, &libs) <= LD_WEAK_WALL)
            add = bb361_or(add, bb361_andnot(libs, r));
    }
    if (bb361_is_empty(add))
        return r;
    r = close_region(b, defender, bb361_or(r, add));
    /* the outside pieces the new points cut off are too small for a frame
     * with an eye: they join the region */
    return reclose(b, defender, r);
}

/* ---- summary ---------------------------------------------------------------- */

/* Appends printf-style text to buf (LD_SUMMARY_LEN bytes), truncating. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void append(char *buf, const char *fmt, ...)
{
    size_t n = strlen(buf);
    if (n + 1 >= LD_SUMMARY_LEN)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf + n, LD_SUMMARY_LEN - n, fmt, ap);
    va_end(ap);
}

static void summarize(ld_problem *p, int region_grew)
{
    char *s = p->summary, c1[COORD_BUFLEN], c2[COORD_BUFLEN];
    int size = p->board.size;
    s[0] = '\0';
    append(s, "%s to play (%s); goal: %s (%s); target: %s ", color_name(p->to_move), ld_from_name(p->to_move_from),
           ld_goal_name(p->goal), ld_from_name(p->goal_from), color_name(p->defender));
    bb361 t = p->target, ch;
    int nchains = 0, nstones = bb361_popcount(t);
    for (bb361 u = t; !bb361_is_empty(u); nchains++) {
        go_chain(&p->board, bb361_lowest(&u), &ch);
        u = bb361_andnot(u, ch);
    }
    append(s, "%s at ", nchains == 1 ? "chain" : "chains");
    for (int k = 0; !bb361_is_empty(t); k++) {
        /* name each chain by its top-left stone, as a reader scans a diagram */
        int best = -1;
        go_chain(&p->board, bb361_lowest(&t), &ch);
        for (int q = bb361_next(&ch, 0); q >= 0; q = bb361_next(&ch, q + 1))
            if (best < 0 || bb361_y(q) > bb361_y(best) || (bb361_y(q) == bb361_y(best) && bb361_x(q) < bb361_x(best)))
                best = q;
        if (k < 3)
            append(s, "%s%s", k ? ", " : "", coord_format(best, size, c1));
        else if (k == 3)
            append(s, ", ...");
        t = bb361_andnot(t, ch);
    }
    int x0, y0, x1, y1;
    bbox(p->region, &x0, &y0, &x1, &y1);
    append(s, " (%d stones) (%s); region: %d points %s-%s (%s%s) + frame", nstones, ld_from_name(p->target_from),
           bb361_popcount(p->region), coord_format(bb361_xy(x0, y0), size, c1),
           coord_format(bb361_xy(x1, y1), size, c2), ld_from_name(p->region_from),
           region_grew ? ", grown to hold whole defender chains" : "");
}

/* ---- building the problem ---------------------------------------------------- */

int ld_problem_from_board(const go_board *b, int to_move, const bb361 *marks, const bb361 *region,
                          const char *comment, const ld_problem_opts *opts, ld_problem *out, char *err)
{
    ld_problem_opts defaults;
    if (!opts) {
        ld_opts_init(&defaults);
        opts = &defaults;
    }
    memset(out, 0, sizeof *out);
    bb361 board = bb361_square(b->size);
    int rc = go_setup_check(b, err);
    if (rc)
        return rc;
    if (opts->margin < 0 || opts->margin > 4)
        return vp_fail(err, VP_EINVAL, "margin %d: must be 0..4", opts->margin);

    /* side to play */
    out->to_move_from = LD_FROM_MARKUP;
    if (opts->to_move != GO_EMPTY) {
        if (opts->to_move != GO_BLACK && opts->to_move != GO_WHITE)
            return vp_fail(err, VP_EINVAL, "side to play: must be black or white");
        to_move = opts->to_move;
        out->to_move_from = LD_FROM_FLAGS;
    }
    if (to_move != GO_BLACK && to_move != GO_WHITE)
        return vp_fail(err, VP_EINVAL, "the side to play is unknown (no PL, no move, no comment); give it");
    out->to_move = to_move;

    /* goal, when stated */
    int goal = LD_GOAL_NONE, goal_from = LD_FROM_INFERRED;
    if (opts->goal != LD_GOAL_NONE) {
        if (opts->goal != LD_KILL && opts->goal != LD_LIVE)
            return vp_fail(err, VP_EINVAL, "goal: must be kill or live");
        goal = opts->goal;
        goal_from = LD_FROM_FLAGS;
    } else if (opts->markup_goal == LD_KILL || opts->markup_goal == LD_LIVE) {
        goal = opts->markup_goal;
        goal_from = LD_FROM_MARKUP;
    } else if ((goal = ld_goal_from_text(comment)) != LD_GOAL_NONE) {
        goal_from = LD_FROM_COMMENT;
    }

    /* target */
    bb361 black, white, stones;
    go_stones(b, GO_BLACK, &black);
    go_stones(b, GO_WHITE, &white);
    stones = bb361_or(black, white);
    bb361 target = bb361_empty(), area = bb361_empty(), marked = bb361_empty();
    int target_from = LD_FROM_INFERRED;
    const bb361 *given = NULL;
    const char *what = NULL;
    if (opts->has_target) {
        given = &opts->target;
        what = "target";
        target_from = LD_FROM_FLAGS;
    } else if (marks && bb361_intersects(*marks, stones)) {
        /* MA on empty points (some records mark answers so) does not name a target */
        marked = bb361_and(*marks, stones);
        given = &marked;
        what = "MA marks";
        target_from = LD_FROM_MARKUP;
    }
    if (given) {
        bb361 g = bb361_and(*given, board);
        if (bb361_is_empty(g) || !bb361_equal(g, *given))
            return vp_fail(err, VP_EINVAL, "%s: points must be on the board and not none", what);
        if (!bb361_subset(g, stones))
            return vp_fail(err, VP_EINVAL, "%s: every point must hold a stone", what);
        if (!bb361_subset(g, black) && !bb361_subset(g, white))
            return vp_fail(err, VP_EINVAL, "%s: the stones must be of one colour", what);
        out->defender = bb361_subset(g, black) ? GO_BLACK : GO_WHITE;
        target = chains_through(b, g);
        if (goal != LD_GOAL_NONE && (goal == LD_LIVE) != (out->defender == to_move))
            return vp_fail(err, VP_EINVAL, "goal %s (%s) contradicts the %s target with %s to play",
                           ld_goal_name(goal), ld_from_name(goal_from), color_name(out->defender),
                           color_name(to_move));
        pocket pk;
        if (find_pocket(b, out->defender, &pk) > 0 && bb361_intersects(pk.stones, target))
            area = pk.area;
    } else {
        if (bb361_is_empty(stones))
            return vp_fail(err, VP_EINVAL, "no target: the board is empty");
        pocket pk[3];
        int n[3] = {0, 0, 0};
        int colors[2] = {GO_BLACK, GO_WHITE};
        if (goal != LD_GOAL_NONE) {
            /* the goal fixes the defender: only its pockets are candidates */
            colors[0] = goal == LD_LIVE ? to_move : go_other(to_move);
            colors[1] = 0;
        }
        for (int i = 0; i < 2 && colors[i]; i++)
            n[colors[i]] = find_pocket(b, colors[i], &pk[colors[i]]);
        if (n[GO_BLACK] < 0 || n[GO_WHITE] < 0)
            return vp_fail(err, VP_EINVAL, "no target: the board has no open space outside the stones");
        int d;
        if (n[GO_BLACK] == 0 && n[GO_WHITE] == 0)
            return vp_fail(err, VP_EINVAL, "no target: no group is enclosed by the other colour and the edge%s",
                           goal != LD_GOAL_NONE ? " (for the stated goal)" : "");
        /* the defender is the colour with more stones enclosed; on the
         * bundled problems this always agrees with "the larger share of its
         * stones enclosed" (the attacker's wall reaches the open board), which
         * breaks ties */
        long sb = (long)n[GO_BLACK] * bb361_popcount(white), sw = (long)n[GO_WHITE] * bb361_popcount(black);
        if (n[GO_BLACK] == n[GO_WHITE] && sb == sw)
            return vp_fail(err, VP_EINVAL,
                           "ambiguous target: black and white each enclose %d stones of the other; give the target",
                           n[GO_BLACK]);
        if (n[GO_BLACK] != n[GO_WHITE])
            d = n[GO_BLACK] > n[GO_WHITE] ? GO_BLACK : GO_WHITE;
        else
            d = sb > sw ? GO_BLACK : GO_WHITE;
        out->defender = d;
        target = pk[d].stones;
        area = pk[d].area;
    }
    out->attacker = go_other(out->defender);
    out->target = target;
    out->target_from = target_from;
    if (goal == LD_GOAL_NONE)
        goal = out->defender == to_move ? LD_LIVE : LD_KILL;
    else if ((goal == LD_LIVE) != (out->defender == to_move))
        return vp_fail(err, VP_EINVAL, "goal %s (%s) contradicts the %s target (%s) with %s to play",
                       ld_goal_name(goal), ld_from_name(goal_from), color_name(out->defender),
                       ld_from_name(target_from), color_name(to_move));
    out->goal = goal;
    out->goal_from = goal_from;

    /* region */
    bb361 r;
    if (opts->has_region || (region && !bb361_is_empty(*region))) {
        r = opts->has_region ? opts->region : *region;
        out->region_from = opts->has_region ? LD_FROM_FLAGS : LD_FROM_MARKUP;
        if (!bb361_subset(r, board) || bb361_is_empty(r))
            return vp_fail(err, VP_EINVAL, "region: points must be on the board and not none");
        if (!bb361_subset(target, r))
            return vp_fail(err, VP_EINVAL, "region (%s) does not hold every target stone",
                           ld_from_name(out->region_from));
    } else {
        if (bb361_is_empty(area))
            area = target;
        r = infer_region(b, out->defender, target, area, opts->margin, out->defender == to_move);
        out->region_from = LD_FROM_INFERRED;
    }
    bb361 closed = close_region(b, out->defender, r);
    int grew = !bb361_equal(closed, r);
    out->region = closed;
    out->board = *b;
    out->board.to_move = to_move;
    out->board.passes = 0; /* a problem starts with no pass pending */
    summarize(out, grew && out->region_from != LD_FROM_INFERRED);
    return 0;
}

int ld_problem_from(const problem *pr, const ld_problem_opts *opts, ld_problem *out, char *err)
{
    if (pr->width != pr->height)
        return vp_fail(err, VP_ERANGE, "only square boards are supported (%dx%d)", pr->width, pr->height);
    go_board b;
    int rc = go_board_init(&b, pr->width, err);
    int h = pr->height;
    for (int i = 0; rc == 0 && i < pr->nblack; i++)
        rc = go_setup_stone(&b, GO_BLACK, (h - 1 - pr->black[i].y) * 19 + pr->black[i].x, err);
    for (int i = 0; rc == 0 && i < pr->nwhite; i++)
        rc = go_setup_stone(&b, GO_WHITE, (h - 1 - pr->white[i].y) * 19 + pr->white[i].x, err);
    if (rc)
        return rc;
    bb361 marks = bb361_empty(), region = bb361_empty();
    for (int i = 0; i < pr->nmarks; i++)
        bb361_set(&marks, (h - 1 - pr->marks[i].y) * 19 + pr->marks[i].x);
    for (int i = 0; i < pr->nregion; i++)
        bb361_set(&region, (h - 1 - pr->region[i].y) * 19 + pr->region[i].x);
    int to_move = pr->to_move == PROBLEM_BLACK ? GO_BLACK : pr->to_move == PROBLEM_WHITE ? GO_WHITE : GO_EMPTY;
    rc = ld_problem_from_board(&b, to_move, &marks, &region, pr->comment, opts, out, err);
    if (rc == 0 && out->to_move_from == LD_FROM_MARKUP && pr->to_move_from == PROBLEM_FROM_COMMENT) {
        out->to_move_from = LD_FROM_COMMENT;
        summarize(out, 0);
    }
    return rc;
}

int ld_widen(const ld_problem *p, int step, bb361 *out)
{
    int x0, y0, x1, y1, last = p->board.size - 1;
    bbox(p->region, &x0, &y0, &x1, &y1);
    if (step == 1) {
        x0 = x0 == 1 ? 0 : x0;
        y0 = y0 == 1 ? 0 : y0;
        x1 = x1 == last - 1 ? last : x1;
        y1 = y1 == last - 1 ? last : y1;
    } else {
        x0 = x0 > 0 ? x0 - 1 : 0;
        y0 = y0 > 0 ? y0 - 1 : 0;
        x1 = x1 < last ? x1 + 1 : last;
        y1 = y1 < last ? y1 + 1 : last;
    }
    bb361 r = p->region;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            bb361_set(&r, bb361_xy(x, y));
    *out = close_region(&p->board, p->defender, r);
    return !bb361_equal(*out, p->region);
}

void ld_problem_widened(const ld_problem *p, const bb361 *region, ld_problem *out)
{
    *out = *p;
    out->region = *region;
    out->region_from = LD_FROM_WIDENED;
    summarize(out, 0);
}

/* 1 when a and b hold the same stones on every point, else 0. */
static int same_stones(const go_board *a, const go_board *b)
{
    return bb361_equal(a->set[GO_BLACK], b->set[GO_BLACK]) && bb361_equal(a->set[GO_WHITE], b->set[GO_WHITE]);
}

int ld_problem_after(const ld_problem *p, const int *moves, int n, int confirms, ld_problem *out, int *bad, char *err)
{
    go_board b = p->board, f;
    char e[VP_ERRLEN], c[COORD_BUFLEN];
    int color = p->to_move, size = p->board.size;
    *bad = -1;
    *out = *p;
    if (ld_frame(p, &f, e))
        return vp_fail(err, VP_EINVAL, "the problem's frame cannot be built (%s)", e);
    for (int i = 0; i < n; i++, color = go_other(color)) {
        int m = moves[i];
        *bad = i;
        if (m != GO_PASS && (bb361_x(m) >= size || bb361_y(m) >= size))
            return vp_fail(err, VP_EINVAL, "move %d is off the %dx%d board", i + 1, size, size);
        coord_format(m, size, c);
        if (m != GO_PASS && !bb361_test(&p->region, m))
            return vp_fail(err, VP_EINVAL, "move %d (%s) is outside the region", i + 1, c);
        /* a pass under a ko ban stands for a move elsewhere (a threat),
         * not an offer to stop: it does not count towards the two
         * passes that end the game, as in the search (dfpn.c, play) */
        int banned = m == GO_PASS && b.ko && b.ko_color == color;
        if (go_play(&b, color, m, e)) {
            /* say when the framed position allows it: the line parts from
             * the board there (the frame took a liberty) */
            go_board t = f;
            char e2[VP_ERRLEN];
            if (!go_play(&t, color, m, e2))
                return vp_fail(err, VP_EINVAL,
                               "move %d (%s): %s on the board, but legal in the framed position (the frame stands "
                               "for the rest of the board)",
                               i + 1, c, e);
            return vp_fail(err, VP_EINVAL, "move %d (%s): %s", i + 1, c, e);
        }
        if (go_play(&f, color, m, e))
            return vp_fail(err, VP_EINVAL, "move %d (%s) is not legal in the framed position: %s", i + 1, c, e);
        if (banned)
            b.passes = f.passes = 0;
        if (go_passes(&b) >= 2)
            return vp_fail(err, VP_EINVAL, "move %d (pass) is the second pass in a row, which ends the game%s", i + 1,
                           confirms ? "; under the Japanese rules the confirmation follows, with the attacker to "
                                      "move, and a line is not walked into it"
                                    : " with the target on the board: nothing is left to solve");
        out->board = b;
        out->target = chains_through(&b, bb361_and(p->target, b.set[p->defender]));
        if (bb361_is_empty(out->target))
            return vp_fail(err, VP_EINVAL, "move %d (%s) captures every target stone: the attacker has won", i + 1, c);
        go_board g;
        /* the frame of the board after the move must be the framed
         * position after it: else a capture went differently on the board
         * and in the frame, which stands for the rest of the board */
        if (ld_frame(out, &g, e) || !same_stones(&g, &f))
            return vp_fail(err, VP_EINVAL,
                           "move %d (%s) captures differently on the board and in the framed position (the frame "
                           "stands for the rest of the board), so the position after it is not one df-pn searches",
                           i + 1, c);
    }
    *bad = b.ko ? n - 1 : -1;
    if (b.ko)
        return vp_fail(err, VP_EINVAL,
                       "the line ends with a ko capture (move %d): a problem starts with no ko ban, so end the "
                       "line a move earlier or later",
                       n);
    out->to_move = color;
    out->board.to_move = color;
    out->goal = color == p->defender ? LD_LIVE : LD_KILL;
    out->to_move_from = out->goal_from = LD_FROM_LINE;
    summarize(out, 0);
    append(out->summary, "; after %d move%s%s", n, n == 1 ? "" : "s",
           go_passes(&b) ? " (a pass pending: a second pass ends the game)" : "");
    return 0;
}

/* ---- frame ---------------------------------------------------------------------- */

/*
** The frame. Play is confined to the region, so an empty point outside it
** is a liberty nobody can ever fill: every chain next to one is safe for
** the whole search. The outside is therefore filled with attacker stones
** except for eye points on a lattice ((x + 2y) mod 5 == 0: no two
** adjacent, every point at most one step from one) chosen among points with
** no neighbour in the region, so nothing in the region gains a liberty
** from outside and play cannot leak. Frame chains left without such an eye
** get one carved from their own frame stones. Defender stones outside the
** region (never touching it: the region is closed under defender chains)
** are replaced, so the outside is defender-free and the attacker's wall is
** treated as strong, the usual premise of a tsumego.
*/
int ld_frame(const ld_problem *p, go_board *out, char *err)
{
    const go_board *b = &p->board;
    bb361 board = bb361_square(b->size);
    bb361 outside = bb361_andnot(board, p->region);
    bb361 touch = bb361_neighbours(p->region); /* outside points next to the region */
    bb361 A, D;
    go_stones(b, p->attacker, &A);
    go_stones(b, p->defender, &D);
    *out = *b;
    bb361 fill = bb361_andnot(outside, A); /* empty or defender points outside */
    bb361 eyes = bb361_empty();
    for (int q = bb361_next(&fill, 0); q >= 0; q = bb361_next(&fill, q + 1))
        if ((bb361_x(q) + 2 * bb361_y(q)) % 5 == 0 && !bb361_test(&touch, q))
            bb361_set(&eyes, q);
    bb361 stones = bb361_andnot(fill, eyes);
    int rc = go_setup_stones(out, GO_EMPTY, &fill, err);
    if (rc == 0)
        rc = go_setup_stones(out, p->attacker, &stones, err);
    if (rc)
        return rc;
    /* carve an eye into each outside attacker chain that has no outside liberty */
    bb361 todo = bb361_and(outside, stones);
    todo = bb361_or(todo, bb361_and(outside, A));
    while (!bb361_is_empty(todo)) {
        bb361 ch, libs;
        int q = bb361_lowest(&todo);
        go_chain(out, q, &ch);
        go_chain_liberties(out, q, &libs);
        todo = bb361_andnot(todo, ch);
        if (bb361_intersects(libs, outside))
            continue;
        bb361 cand = bb361_andnot(bb361_and(ch, stones), touch);
        if (bb361_is_empty(cand))
            continue; /* a frame sliver with no room for an eye: go_setup_check judges */
        int e = bb361_lowest(&cand);
        rc = go_setup_stone(out, GO_EMPTY, e, err);
        if (rc)
            return rc;
    }
    out->to_move = p->to_move;
    return go_setup_check(out, err);
}

int ld_edge_defenders(const ld_problem *p, bb361 *out)
{
    bb361 D, A, board = bb361_square(p->board.size);
    go_stones(&p->board, p->defender, &D);
    go_stones(&p->board, p->attacker, &A);
    /* the outside points the frame changes: empty, or the defender's */
    bb361 open = bb361_andnot(bb361_andnot(board, p->region), A);
    *out = bb361_and(bb361_andnot(bb361_and(D, p->region), p->target), bb361_neighbours(open));
    return bb361_popcount(*out);
}
