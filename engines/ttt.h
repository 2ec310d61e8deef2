/* ttt.h: the four tic-tac-toe variants of TTT-Bench (oTTT, dTTT, cTTT, sTTT)
 * as line games on at most 25 cells. A game is its winning sets, cell
 * letters and board symmetries; a position is two disjoint cell bitmasks
 * (white = Alice, who moves first; black = Bob), so every rule is a mask
 * operation. */
#ifndef VP_TTT_H
#define VP_TTT_H

#include <stdint.h>

#include "bitboard.h"

#define TTT_MAX_CELLS 25
#define TTT_MAX_LINES 32
#define TTT_MAX_SYMS 16

typedef uint32_t ttt_set;

typedef enum { TTT_OTTT, TTT_DTTT, TTT_CTTT, TTT_STTT, TTT_NGAMES } ttt_kind;

/* Invariants: lines[i] has exactly line_len bits, all inside full;
 * cell_lines[c] has bit i set iff lines[i] contains cell c; sym[0] is the
 * identity and every sym[k] maps the set of lines onto itself. */
typedef struct ttt_game {
    ttt_kind kind;
    const char *name;  /* "oTTT", ... */
    int ncells;
    int nlines;
    int line_len;
    int nsyms;
    ttt_set full;
    ttt_set lines[TTT_MAX_LINES];
    uint8_t line_cells[TTT_MAX_LINES][4]; /* cells of each line, in reading order */
    uint32_t cell_lines[TTT_MAX_CELLS];
    uint8_t sym[TTT_MAX_SYMS][TTT_MAX_CELLS];
    ttt_set symtab[TTT_MAX_SYMS][4][256]; /* byte-wise images of sym */
} ttt_game;

typedef struct ttt_pos {
    ttt_set white;
    ttt_set black;
} ttt_pos;

/* Fills g with game k; returns 0, or VP_EINVAL for an unknown kind. */
int ttt_game_init(ttt_game *g, ttt_kind k);
/* Parses a game name in any case ("ottt", "sTTT"); returns 0 and sets *k,
 * or VP_EINVAL with a message in err. */
int ttt_kind_parse(const char *name, ttt_kind *k, char *err);
/* The canonical name of a game kind ("oTTT"), or "?" when out of range. */
const char *ttt_kind_name(ttt_kind k);

/* Letter of cell c ('A' + c). */
static inline char ttt_cell_letter(int c) { return (char)('A' + c); }
/* Cell index of a letter in any case, or -1 when it is not a cell of g. */
int ttt_cell_parse(const ttt_game *g, int ch);
/* Writes the letters of set s in cell order into buf (NUL-terminated,
 * at least TTT_MAX_CELLS + 1 bytes); returns buf. */
char *ttt_set_letters(ttt_set s, char *buf);
/* Writes the cells of line i in the paper's reading order, joined by '-'
 * ("A-C-G-E") into buf (at least 16 bytes); returns buf. */
char *ttt_line_name(const ttt_game *g, int i, char *buf);

static inline int ttt_count(ttt_set s) { return bb_popcount64(s); }

/* Number of stones on the board. */
static inline int ttt_nmoves(ttt_pos p) { return ttt_count(p.white | p.black); }
/* 1 when white (Alice) is to move: she moves first, so on even counts. */
static inline int ttt_white_to_move(ttt_pos p)
{
    return ttt_count(p.white) == ttt_count(p.black);
}

/* True when stones s contain a winning set. */
static inline int ttt_has_won(const ttt_game *g, ttt_set s)
{
    for (int i = 0; i < g->nlines; i++)
        if ((g->lines[i] & s) == g->lines[i])
            return 1;
    return 0;
}

/* Empty cells that would complete a winning set for stones p against
 * stones o (the "winning cells" of p); *nlines, when not NULL, receives the
 * number of threat lines (sets with all but one cell of p and none of o).
 * p must not already have won. */
static inline ttt_set ttt_win_cells(const ttt_game *g, ttt_set p, ttt_set o, int *nlines)
{
    ttt_set cells = 0;
    int n = 0;
    for (int i = 0; i < g->nlines; i++) {
        ttt_set l = g->lines[i];
        ttt_set miss = l & ~p;
        if ((l & o) == 0 && miss && !bb_more_than_one(miss)) {
            cells |= miss;
            n++;
        }
    }
    if (nlines)
        *nlines = n;
    return cells;
}

/* Threats that a stone of p at empty cell c would create, as completion
 * cells; *nlines receives the number of threat lines through c. Counts only
 * lines through c, which are all the threats when p had none before. */
static inline ttt_set ttt_new_threats(const ttt_game *g, ttt_set p, ttt_set o, int c, int *nlines)
{
    ttt_set pc = p | ((ttt_set)1 << c), cells = 0;
    int n = 0;
    uint64_t ls = g->cell_lines[c];
    while (ls) {
        ttt_set l = g->lines[bb_pop_lsb(&ls)];
        ttt_set miss = l & ~pc;
        if ((l & o) == 0 && miss && !bb_more_than_one(miss)) {
            cells |= miss;
            n++;
        }
    }
    *nlines = n;
    return cells;
}

/* Image of set s under symmetry k of g. */
static inline ttt_set ttt_sym_set(const ttt_game *g, int k, ttt_set s)
{
    assert(k >= 0 && k < g->nsyms);
    return g->symtab[k][0][s & 255] | g->symtab[k][1][(s >> 8) & 255] |
           g->symtab[k][2][(s >> 16) & 255] | g->symtab[k][3][(s >> 24) & 255];
}

static inline ttt_pos ttt_sym_pos(const ttt_game *g, int k, ttt_pos p)
{
    ttt_pos q = {ttt_sym_set(g, k, p.white), ttt_sym_set(g, k, p.black)};
    return q;
}

/* Parses a move list such as "A,B,H" or "ABH" or "a b h" (letters, with
 * commas or spaces between) played from the empty board, Alice first, into
 * *pos and the order into moves[] (*nmoves); refuses unknown cells,
 * repeated cells and moves after a win. Returns 0 or VP_EINVAL with a
 * message naming the position in the list. */
int ttt_parse_moves(const ttt_game *g, const char *s, ttt_pos *pos, int *moves, int *nmoves,
                    char *err);

#endif
