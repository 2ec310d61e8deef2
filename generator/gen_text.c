/* gen_text.c: question texts, word for word from the TTT-Bench paper.
 * Each game has its own description and its own narration style: oTTT
 * alternates "Alice places ..." / "Bob places ...", dTTT shortens Alice's
 * later moves to "Then Alice at X.", cTTT and sTTT prefix every later move
 * with "Then". The cTTT description keeps the paper's missing space in
 * "stickers.The person". */
#include <config.h>

#include "gen_text.h"

#include <string.h>

#include "../engines/strbuf.h"

static const char *const description[TTT_NGAMES] = {
    /* oTTT */
    "Alice and Bob are playing a game on a 3x3 grid. The points on the grid are labeled top to "
    "bottom, left to right, as A,B,C,D,E,F,G,H,I. Alice plays white. Bob plays black. At each "
    "turn, the player places a stone of the corresponding color onto one of the positions that "
    "has not been occupied. Whoever has three stones in a line (horizontal, vertical, or "
    "diagonal) wins.",
    /* dTTT */
    "Alice and Bob are playing a game on two adjacent 3x3 grids. The points on the first grid "
    "are labeled top to bottom, left to right, as A,B,C,D,E,F,G,H,I. The points on the second "
    "grid are labeled top to bottom, left to right, as C,J,K,F,L,M,I,N,O. Note that points C,F, "
    "I are shared by the two grids. Alice plays white. Bob plays black. At each turn, the player "
    "places a stone of the corresponding color onto one of the positions that has not been "
    "occupied. Whoever has three stones in a line (horizontal, vertical, or diagonal) on either "
    "grid wins.",
    /* cTTT */
    "Alice and Bob are playing a game on two adjacent cubes. ABCD forms the top rectangle in the "
    "first cube, and BIJC forms the top rectangle in the second cube. EFGH forms the bottom "
    "rectangle in the first cube, and FKLG forms the bottom rectangle in the second cube. AE is "
    "an edge, BF is an edge, CG is an edge, DH is an edge, IK is an edge, and JL is an edge. "
    "Note that vertices B,C,G,F are shared by the two cubes. Alice and Bob play a game where "
    "they take turns to put stickers on the vertices of the cubes that have not been occupied. "
    "Alice plays white stickers. Bob plays black stickers.The person who has four stickers on "
    "the same plane on either cube wins.",
    /* sTTT */
    "Alice and Bob are playing a game on a board. There are 5 equally spaced horizontal lines "
    "where the distance between two neighboring horizontal lines is 1. Similarly, there are 5 "
    "equally spaced vertical lines, and the distance between two neighboring vertical lines is "
    "1. There are 25 intersection points between the 5 horizontal lines and 5 vertical lines. "
    "These 25 points are labeled from top to bottom, left to right, as A, B, C, D, ..., Y. Alice "
    "plays white. Bob plays black. At each turn, the player places a stone of the corresponding "
    "color onto one of the 25 points that have not been occupied. Whoever has four stones that "
    "form either a unit square (with side length of 1) or a \"diagonal square\" with side length "
    "equal to the square root of 2 wins. For example, ABGF is a unit square. FBHL is a diagonal "
    "square.",
};

char *gen_text_question(const ttt_game *g, const int *moves, int n)
{
    strbuf b;
    strbuf_init(&b);
    strbuf_puts(&b, description[g->kind]);
    for (int i = 0; i < n; i++) {
        char c = ttt_cell_letter(moves[i]);
        int alice = (i % 2 == 0);
        if (i == 0)
            strbuf_printf(&b, " Alice first places a white stone at %c.", c);
        else if (g->kind == TTT_OTTT)
            strbuf_printf(&b, alice ? " Alice places a white stone at %c." : " Bob places a black stone at %c.", c);
        else if (g->kind == TTT_DTTT)
            strbuf_printf(&b, alice ? " Then Alice at %c." : " Bob places a black stone at %c.", c);
        else
            strbuf_printf(&b, alice ? " Then Alice places a white stone at %c."
                                    : " Then Bob places a black stone at %c.", c);
    }
    strbuf_printf(&b, " Where should %s play next?", n % 2 == 0 ? "Alice" : "Bob");
    return strbuf_take(&b);
}

char *gen_text_solution(const ttt_game *g, ttt_pos pos, int verdict, ttt_set answers)
{
    int white = ttt_white_to_move(pos);
    ttt_set p = white ? pos.white : pos.black, o = white ? pos.black : pos.white;
    static const char *const what[GEN_NVERDICTS] = {"", "Win with", "Block", "Fork with"};
    strbuf b;
    strbuf_init(&b);
    int first = 1;
    uint64_t a = answers;
    while (a) {
        int c = bb_pop_lsb(&a);
        ttt_set bit = (ttt_set)1 << c;
        strbuf_printf(&b, "%s%c (%s ", first ? "" : " or ", ttt_cell_letter(c), what[verdict]);
        first = 0;
        int nl = 0;
        uint64_t ls = g->cell_lines[c];
        while (ls) {
            int i = bb_pop_lsb(&ls);
            ttt_set l = g->lines[i];
            int named = 0;
            if (verdict == GEN_WIN)
                named = (l & ~(p | bit)) == 0;
            else if (verdict == GEN_BLOCKED)
                named = (l & ~(o | bit)) == 0;
            else {
                ttt_set miss = l & ~(p | bit);
                named = !(l & o) && miss && !bb_more_than_one(miss);
            }
            if (named) {
                char buf[16];
                strbuf_printf(&b, "%s%s", nl++ ? " & " : "", ttt_line_name(g, i, buf));
            }
        }
        strbuf_puts(&b, ")");
    }
    return strbuf_take(&b);
}

/* Rows of the drawing: cell letters, ' ' separates cells, '|' starts a
 * titled row ("|Top layer"). */
static const char *const layout[TTT_NGAMES] = {
    "ABC\nDEF\nGHI",
    "ABCJK\nDEFLM\nGHINO",
    "|Top layer\nABI\nDCJ\n|Bottom layer\nEFK\nHGL",
    "ABCDE\nFGHIJ\nKLMNO\nPQRST\nUVWXY",
};

static char *draw(const ttt_game *g, const ttt_pos *pos)
{
    strbuf b;
    strbuf_init(&b);
    const char *s = layout[g->kind];
    while (*s) {
        const char *end = strchr(s, '\n');
        size_t len = end ? (size_t)(end - s) : strlen(s);
        if (*s == '|') {
            strbuf_printf(&b, "%.*s", (int)len - 1, s + 1);
        } else {
            for (size_t i = 0; i < len; i++) {
                int c = s[i] - 'A';
                ttt_set bit = (ttt_set)1 << c;
                const char *cell;
                char letter[2] = {s[i], 0};
                if (!pos)
                    cell = letter;
                else
                    cell = (pos->white & bit) ? "○" : (pos->black & bit) ? "●" : ".";
                strbuf_printf(&b, "%s%s", i ? " " : "", cell);
            }
        }
        if (end)
            strbuf_puts(&b, "\n");
        s += len + (end ? 1 : 0);
    }
    return strbuf_take(&b);
}

char *gen_text_board_labels(const ttt_game *g) { return draw(g, NULL); }

char *gen_text_board(const ttt_game *g, ttt_pos pos) { return draw(g, &pos); }
