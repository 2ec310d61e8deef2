/* ttt_test.c: the four games' geometry, symmetries, the paper's worked
 * answers, label invariance under symmetry, move parsing and the question
 * texts. Geometry is re-derived here from coordinates, independently of the
 * engine's written-out winning sets. */
#include <config.h>

#include <stdlib.h>
#include <string.h>

#include "engines/ttt.h"
#include "engines/vp.h"
#include "generator/gen_enum.h"
#include "generator/gen_text.h"
#include "test.h"

static int has_line(const ttt_game *g, ttt_set s)
{
    for (int i = 0; i < g->nlines; i++)
        if (g->lines[i] == s)
            return 1;
    return 0;
}

static ttt_set letters(const char *s)
{
    ttt_set m = 0;
    for (; *s; s++)
        m |= (ttt_set)1 << (*s - 'A');
    return m;
}

/* Three-in-a-row lines of a 3x3 grid whose cells are named by `names`. */
static int grid_lines(const char *names, ttt_set *out)
{
    static const int l[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
    for (int i = 0; i < 8; i++)
        out[i] = (ttt_set)1 << (names[l[i][0]] - 'A') | (ttt_set)1 << (names[l[i][1]] - 'A') |
                 (ttt_set)1 << (names[l[i][2]] - 'A');
    return 8;
}

static void test_geometry(void)
{
    ttt_game g;
    ttt_set want[64];
    int n = 0;

    ttt_game_init(&g, TTT_OTTT);
    CHECK(g.ncells == 9 && g.nlines == 8 && g.line_len == 3, "oTTT %d cells %d lines", g.ncells, g.nlines);
    n = grid_lines("ABCDEFGHI", want);
    for (int i = 0; i < n; i++)
        CHECK(has_line(&g, want[i]), "oTTT line %d missing", i);

    ttt_game_init(&g, TTT_DTTT);
    n = grid_lines("ABCDEFGHI", want);
    n += grid_lines("CJKFLMINO", want + n);
    int distinct = 0;
    for (int i = 0; i < n; i++) {
        int dup = 0;
        for (int j = 0; j < i; j++)
            dup |= want[j] == want[i];
        distinct += !dup;
        CHECK(has_line(&g, want[i]), "dTTT line %d missing", i);
    }
    CHECK(distinct == 15 && g.nlines == 15, "dTTT: %d derived, %d in engine", distinct, g.nlines);

    /* cTTT: every coplanar 4-subset of each cube's vertices. */
    static const int xyz[12][3] = {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}, {0, 0, 0}, {1, 0, 0},
                                   {1, 1, 0}, {0, 1, 0}, {2, 0, 1}, {2, 1, 1}, {2, 0, 0}, {2, 1, 0}};
    ttt_game_init(&g, TTT_CTTT);
    n = 0;
    for (int cube = 0; cube < 2; cube++) {
        int v[8], nv = 0;
        for (int c = 0; c < 12; c++)
            if (xyz[c][0] == cube || xyz[c][0] == cube + 1)
                v[nv++] = c;
        CHECK(nv == 8, "cube %d has %d vertices", cube, nv);
        int per_cube = 0;
        for (int a = 0; a < 8; a++)
            for (int b = a + 1; b < 8; b++)
                for (int c = b + 1; c < 8; c++)
                    for (int d = c + 1; d < 8; d++) {
                        const int *p = xyz[v[a]], *q = xyz[v[b]], *r = xyz[v[c]], *s = xyz[v[d]];
                        long u[3], w[3], t[3];
                        for (int k = 0; k < 3; k++) {
                            u[k] = q[k] - p[k];
                            w[k] = r[k] - p[k];
                            t[k] = s[k] - p[k];
                        }
                        long det = u[0] * (w[1] * t[2] - w[2] * t[1]) - u[1] * (w[0] * t[2] - w[2] * t[0]) +
                                   u[2] * (w[0] * t[1] - w[1] * t[0]);
                        if (det == 0) {
                            ttt_set m = (ttt_set)1 << v[a] | (ttt_set)1 << v[b] | (ttt_set)1 << v[c] |
                                        (ttt_set)1 << v[d];
                            per_cube++;
                            CHECK(has_line(&g, m), "cTTT plane %s missing", ttt_set_letters(m, (char[32]){0}));
                            int dup = 0;
                            for (int j = 0; j < n; j++)
                                dup |= want[j] == m;
                            if (!dup)
                                want[n++] = m;
                        }
                    }
        CHECK(per_cube == 12, "cube %d: %d planes", cube, per_cube);
    }
    CHECK(n == 23 && g.nlines == 23, "cTTT: %d derived, %d in engine", n, g.nlines);
    CHECK(has_line(&g, letters("ACGE")) && has_line(&g, letters("BCGF")), "cTTT named planes");

    /* sTTT: every 4 points of the 5x5 grid that form a square of side 1 or
     * sqrt 2 (four equal sides, equal diagonals). */
    ttt_game_init(&g, TTT_STTT);
    n = 0;
    for (int a = 0; a < 25; a++)
        for (int b = a + 1; b < 25; b++)
            for (int c = b + 1; c < 25; c++)
                for (int d = c + 1; d < 25; d++) {
                    int p[4] = {a, b, c, d}, dist[6], k = 0;
                    for (int i = 0; i < 4; i++)
                        for (int j = i + 1; j < 4; j++) {
                            int dr = p[i] / 5 - p[j] / 5, dc = p[i] % 5 - p[j] % 5;
                            dist[k++] = dr * dr + dc * dc;
                        }
                    int side = dist[0] < dist[1] ? dist[0] : dist[1], ns = 0, nd = 0;
                    for (int i = 0; i < 6; i++) {
                        ns += dist[i] == side;
                        nd += dist[i] == 2 * side;
                    }
                    if (ns == 4 && nd == 2 && (side == 1 || side == 2)) {
                        ttt_set m = (ttt_set)1 << a | (ttt_set)1 << b | (ttt_set)1 << c | (ttt_set)1 << d;
                        want[n++] = m;
                        CHECK(has_line(&g, m), "sTTT square missing");
                    }
                }
    CHECK(n == 25 && g.nlines == 25, "sTTT: %d derived, %d in engine", n, g.nlines);
    CHECK(has_line(&g, letters("FBHL")) && has_line(&g, letters("ABGF")), "sTTT named squares");
}

static void test_symmetries(void)
{
    static const int nsyms[TTT_NGAMES] = {8, 4, 16, 8};
    for (int k = 0; k < TTT_NGAMES; k++) {
        ttt_game g;
        CHECK(ttt_game_init(&g, (ttt_kind)k) == 0, "init %d", k);
        CHECK(g.nsyms == nsyms[k], "%s has %d symmetries", g.name, g.nsyms);
        for (int s = 0; s < g.nsyms; s++) {
            ttt_set img = 0;
            for (int c = 0; c < g.ncells; c++)
                img |= (ttt_set)1 << g.sym[s][c];
            CHECK(img == g.full, "%s sym %d is not a permutation", g.name, s);
            for (int i = 0; i < g.nlines; i++)
                CHECK(has_line(&g, ttt_sym_set(&g, s, g.lines[i])), "%s sym %d breaks a line", g.name, s);
            for (int t = 0; t < g.nsyms; t++) { /* closed under composition */
                int found = 0;
                for (int u = 0; u < g.nsyms; u++) {
                    int same = 1;
                    for (int c = 0; c < g.ncells; c++)
                        same &= g.sym[u][c] == g.sym[t][g.sym[s][c]];
                    found |= same;
                }
                CHECK(found, "%s: syms %d and %d compose outside the group", g.name, s, t);
            }
        }
        for (int c = 0; c < g.ncells; c++)
            CHECK(g.sym[0][c] == c, "%s sym 0 is not the identity", g.name);
    }
}

typedef struct worked {
    ttt_kind game;
    const char *moves;
    int verdict;
    const char *answers;
} worked;

/* Figure 1 / Appendix A, then Appendix B of the TTT-Bench paper. The
 * sTTT fork square the paper prints as "A-C-H-G" is B-C-H-G. */
static const worked paper[] = {
    {TTT_OTTT, "A,B,H,C", GEN_FORK, "GI"},
    {TTT_DTTT, "I,J,F,L,B,H", GEN_WIN, "C"},
    {TTT_CTTT, "A,B,C,I,E,K", GEN_WIN, "G"},
    {TTT_STTT, "A,D,B,K,H,U", GEN_FORK, "FG"},
    {TTT_OTTT, "A,B,C,G,D", GEN_FORK, "H"},
    {TTT_DTTT, "I,G,J,K,D,A,M", GEN_FORK, "C"},
    {TTT_CTTT, "B,A,G,C,J,E,K", GEN_FORK, "D"},
    {TTT_STTT, "A,E,B,I,C,O,W", GEN_FORK, "J"},
};

static void test_paper_answers(void)
{
    for (size_t i = 0; i < sizeof paper / sizeof *paper; i++) {
        ttt_game g;
        ttt_pos pos;
        int mv[32], n;
        char err[VP_ERRLEN], a[32], b[32];
        ttt_game_init(&g, paper[i].game);
        CHECK(ttt_parse_moves(&g, paper[i].moves, &pos, mv, &n, err) == 0, "%s", err);
        for (int r = 0; r < 2; r++) {
            ttt_set ans;
            int v = gen_label(&g, pos, (gen_fork_rule)r, &ans);
            CHECK(v == paper[i].verdict && ans == letters(paper[i].answers),
                  "%s %s: got %s %s, paper says %s %s", g.name, paper[i].moves, gen_verdict_name(v),
                  ttt_set_letters(ans, a), gen_verdict_name(paper[i].verdict),
                  ttt_set_letters(letters(paper[i].answers), b));
        }
    }
    /* The paper's explanation of the sTTT example, with the typo fixed. */
    ttt_game g;
    ttt_pos pos;
    int mv[32], n;
    ttt_game_init(&g, TTT_STTT);
    ttt_parse_moves(&g, "A,D,B,K,H,U", &pos, mv, &n, NULL);
    char *sol = gen_text_solution(&g, pos, GEN_FORK, letters("FG"));
    CHECK(sol && !strcmp(sol, "F (Fork with A-B-G-F & F-B-H-L) or G (Fork with A-B-G-F & B-C-H-G)"),
          "sTTT solution: %s", sol);
    free(sol);
}

/* A lines-rule fork whose two threat lines end in one cell is not a fork
 * under the cells rule. */
static void test_fork_rules(void)
{
    ttt_game g;
    ttt_pos pos = {letters("AFCH"), letters("LVXY")}; /* L spoils F-B-H-L */
    ttt_set ans;
    ttt_game_init(&g, TTT_STTT);
    /* B completes three of A-B-G-F and of B-C-H-G, both missing only G. */
    int v = gen_label(&g, pos, GEN_FORK_LINES, &ans);
    CHECK(v == GEN_FORK && (ans & letters("B")), "lines rule counts B as a fork (%s)", gen_verdict_name(v));
    v = gen_label(&g, pos, GEN_FORK_CELLS, &ans);
    CHECK(!(ans & letters("B")), "cells rule does not count B");
}

static ttt_set map_set(const ttt_game *g, int k, ttt_set s) { return ttt_sym_set(g, k, s); }

/* Labels commute with every symmetry, on every position of the given
 * sizes (sampled by stride for the large ones). */
static void test_label_invariance(void)
{
    static const struct {
        ttt_kind k;
        int n, stride;
    } cases[] = {{TTT_OTTT, 3, 1}, {TTT_OTTT, 4, 1}, {TTT_OTTT, 5, 1}, {TTT_OTTT, 6, 1},
                 {TTT_DTTT, 6, 1}, {TTT_DTTT, 7, 1}, {TTT_CTTT, 6, 1}, {TTT_CTTT, 7, 1},
                 {TTT_STTT, 6, 37}, {TTT_STTT, 7, 211}};
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        ttt_game g;
        ttt_game_init(&g, cases[i].k);
        for (int r = 0; r < 2; r++) {
            gen_counts c;
            gen_question *qs;
            size_t nq;
            CHECK(gen_enumerate(&g, cases[i].n, (gen_fork_rule)r, &c, &qs, &nq, NULL) == 0, "enumerate");
            int bad = 0;
            for (size_t j = 0; j < nq; j += (size_t)cases[i].stride)
                for (int k = 1; k < g.nsyms; k++) {
                    ttt_pos p = ttt_sym_pos(&g, k, qs[j].pos);
                    ttt_set ans;
                    int v = gen_label(&g, p, (gen_fork_rule)r, &ans);
                    bad += v != qs[j].verdict || ans != map_set(&g, k, qs[j].answers);
                }
            CHECK(bad == 0, "%s N=%d: %d labels change under symmetry", g.name, cases[i].n, bad);
            free(qs);
        }
    }
}

static void test_parse(void)
{
    ttt_game g;
    ttt_pos p;
    int mv[32], n;
    char err[VP_ERRLEN];
    ttt_game_init(&g, TTT_OTTT);
    CHECK(ttt_parse_moves(&g, "a b, h c", &p, mv, &n, err) == 0 && n == 4 && p.white == letters("AH") &&
              p.black == letters("BC"), "forgiving separators and case");
    CHECK(ttt_parse_moves(&g, "A,J", &p, mv, &n, err) == VP_EINVAL && strstr(err, "move 2"), "off-board: %s", err);
    CHECK(ttt_parse_moves(&g, "A,A", &p, mv, &n, err) == VP_EINVAL && strstr(err, "occupied"), "repeat: %s", err);
    CHECK(ttt_parse_moves(&g, "A,D,B,E,C,F", &p, mv, &n, err) == VP_EINVAL && strstr(err, "won"), "after win: %s", err);
    ttt_kind k;
    CHECK(ttt_kind_parse("sttt", &k, err) == 0 && k == TTT_STTT, "case-insensitive game");
    CHECK(ttt_kind_parse("xTTT", &k, err) == VP_EINVAL && strstr(err, "xTTT"), "unknown game: %s", err);
}

/* The question texts of Figure 1 / Appendix A, word for word. */
static void test_texts(void)
{
    static const struct {
        ttt_kind k;
        const char *moves;
        const char *text;
    } t[] = {
        {TTT_OTTT, "A,B,H,C",
         "Alice and Bob are playing a game on a 3x3 grid. The points on the grid are labeled top to bottom, "
         "left to right, as A,B,C,D,E,F,G,H,I. Alice plays white. Bob plays black. At each turn, the player "
         "places a stone of the corresponding color onto one of the positions that has not been occupied. "
         "Whoever has three stones in a line (horizontal, vertical, or diagonal) wins. Alice first places a "
         "white stone at A. Bob places a black stone at B. Alice places a white stone at H. Bob places a "
         "black stone at C. Where should Alice play next?"},
        {TTT_DTTT, "I,J,F,L,B,H",
         "Alice and Bob are playing a game on two adjacent 3x3 grids. The points on the first grid are "
         "labeled top to bottom, left to right, as A,B,C,D,E,F,G,H,I. The points on the second grid are "
         "labeled top to bottom, left to right, as C,J,K,F,L,M,I,N,O. Note that points C,F, I are shared by "
         "the two grids. Alice plays white. Bob plays black. At each turn, the player places a stone of the "
         "corresponding color onto one of the positions that has not been occupied. Whoever has three "
         "stones in a line (horizontal, vertical, or diagonal) on either grid wins. Alice first places a "
         "white stone at I. Bob places a black stone at J. Then Alice at F. Bob places a black stone at L. "
         "Then Alice at B. Bob places a black stone at H. Where should Alice play next?"},
        {TTT_CTTT, "A,B,C,I,E,K",
         "Alice and Bob are playing a game on two adjacent cubes. ABCD forms the top rectangle in the first "
         "cube, and BIJC forms the top rectangle in the second cube. EFGH forms the bottom rectangle in the "
         "first cube, and FKLG forms the bottom rectangle in the second cube. AE is an edge, BF is an edge, "
         "CG is an edge, DH is an edge, IK is an edge, and JL is an edge. Note that vertices B,C,G,F are "
         "shared by the two cubes. Alice and Bob play a game where they take turns to put stickers on the "
         "vertices of the cubes that have not been occupied. Alice plays white stickers. Bob plays black "
         "stickers.The person who has four stickers on the same plane on either cube wins. Alice first "
         "places a white stone at A. Then Bob places a black stone at B. Then Alice places a white stone at "
         "C. Then Bob places a black stone at I. Then Alice places a white stone at E. Then Bob places a "
         "black stone at K. Where should Alice play next?"},
        {TTT_STTT, "A,D,B,K,H,U",
         "Alice and Bob are playing a game on a board. There are 5 equally spaced horizontal lines where the "
         "distance between two neighboring horizontal lines is 1. Similarly, there are 5 equally spaced "
         "vertical lines, and the distance between two neighboring vertical lines is 1. There are 25 "
         "intersection points between the 5 horizontal lines and 5 vertical lines. These 25 points are "
         "labeled from top to bottom, left to right, as A, B, C, D, ..., Y. Alice plays white. Bob plays "
         "black. At each turn, the player places a stone of the corresponding color onto one of the 25 "
         "points that have not been occupied. Whoever has four stones that form either a unit square (with "
         "side length of 1) or a \"diagonal square\" with side length equal to the square root of 2 wins. "
         "For example, ABGF is a unit square. FBHL is a diagonal square. Alice first places a white stone "
         "at A. Then Bob places a black stone at D. Then Alice places a white stone at B. Then Bob places a "
         "black stone at K. Then Alice places a white stone at H. Then Bob places a black stone at U. Where "
         "should Alice play next?"},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        ttt_game g;
        ttt_pos p;
        int mv[32], n;
        ttt_game_init(&g, t[i].k);
        ttt_parse_moves(&g, t[i].moves, &p, mv, &n, NULL);
        char *s = gen_text_question(&g, mv, n);
        CHECK(s && !strcmp(s, t[i].text), "%s text differs:\n%s", g.name, s);
        free(s);
    }
    ttt_game g;
    ttt_game_init(&g, TTT_OTTT);
    int mv[5] = {0, 1, 2, 6, 3};
    char *s = gen_text_question(&g, mv, 5);
    CHECK(s && strstr(s, "Alice places a white stone at D. Where should Bob play next?"), "Bob to move: %s", s);
    free(s);
    ttt_pos p = {letters("AH"), letters("BC")};
    s = gen_text_board(&g, p);
    CHECK(s && !strcmp(s, "○ ● ●\n. . .\n. ○ ."), "board drawing: %s", s);
    free(s);
}

int main(void)
{
    test_geometry();
    test_symmetries();
    test_paper_answers();
    test_fork_rules();
    test_label_invariance();
    test_parse();
    test_texts();
    return test_done("ttt_test");
}
