/* ttt.c: geometry of the four TTT-Bench games. Winning sets are written
 * out as letter strings in the order the paper reads them; symmetries come
 * from each board's coordinates and are checked to map lines onto lines. */
#include <config.h>

#include "ttt.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "vp.h"

static const char *const ottt_lines[] = {"ABC", "DEF", "GHI", "ADG", "BEH", "CFI", "AEI", "CEG", NULL};

/* Grid 2 is C J K / F L M / I N O; its column C-F-I is grid 1's. */
static const char *const dttt_lines[] = {"ABC", "DEF", "GHI", "ADG", "BEH", "CFI", "AEI", "CEG",
                                         "CJK", "FLM", "INO", "JLN", "KMO", "CLO", "KLI", NULL};

/* Cube 1: top A B C D over bottom E F G H (AE, BF, CG, DH are edges).
 * Cube 2: top B I J C over bottom F K L G (IK, JL are edges). Per cube:
 * 6 faces, then the 6 rectangles through two opposite edges. The shared
 * face B-C-G-F appears once. */
static const char *const cttt_lines[] = {
    "ABCD", "EFGH", "ABFE", "DCGH", "ADHE", "BCGF", "ABGH", "BCHE", "CDEF", "ADGF", "ACGE", "BDHF",
    "BIJC", "FKLG", "BIKF", "CJLG", "IJLK", "BILG", "IJGF", "JCFK", "BCLK", "BJLF", "ICGK", NULL};

const char *ttt_kind_name(ttt_kind k)
{
    static const char *const names[] = {"oTTT", "dTTT", "cTTT", "sTTT"};
    return (k >= 0 && k < TTT_NGAMES) ? names[k] : "?";
}

int ttt_kind_parse(const char *name, ttt_kind *k, char *err)
{
    for (int i = 0; i < TTT_NGAMES; i++) {
        if (strcasecmp(name, ttt_kind_name((ttt_kind)i)) == 0) {
            *k = (ttt_kind)i;
            return 0;
        }
    }
    return vp_fail(err, VP_EINVAL, "unknown game '%s' (expected oTTT, dTTT, cTTT or sTTT)", name);
}

int ttt_cell_parse(const ttt_game *g, int ch)
{
    int c = toupper((unsigned char)ch) - 'A';
    return (c >= 0 && c < g->ncells) ? c : -1;
}

char *ttt_set_letters(ttt_set s, char *buf)
{
    int n = 0;
    for (int c = 0; c < TTT_MAX_CELLS; c++)
        if (s >> c & 1)
            buf[n++] = ttt_cell_letter(c);
    buf[n] = '\0';
    return buf;
}

char *ttt_line_name(const ttt_game *g, int i, char *buf)
{
    int n = 0;
    for (int j = 0; j < g->line_len; j++) {
        if (j)
            buf[n++] = '-';
        buf[n++] = ttt_cell_letter(g->line_cells[i][j]);
    }
    buf[n] = '\0';
    return buf;
}

static void add_line(ttt_game *g, const int *cells, int len)
{
    ttt_set m = 0;
    for (int j = 0; j < len; j++) {
        m |= (ttt_set)1 << cells[j];
        g->line_cells[g->nlines][j] = (uint8_t)cells[j];
    }
    g->line_len = len;
    g->lines[g->nlines++] = m;
}

static void add_lines_from_strings(ttt_game *g, const char *const *ls)
{
    for (; *ls; ls++) {
        int cells[4], len = (int)strlen(*ls);
        for (int j = 0; j < len; j++)
            cells[j] = (*ls)[j] - 'A';
        add_line(g, cells, len);
    }
}

/* Symmetries from coordinates: cell c sits at xyz[c]; each map sends a
 * coordinate triple to another, and the permutation follows by lookup. */
typedef void (*coord_map)(int k, const int in[3], int out[3], const int dim[3]);

static void grid_d4(int k, const int in[3], int out[3], const int dim[3])
{
    int r = in[0], c = in[1], n = dim[0] - 1;
    int t;
    if (k & 4) { /* transpose */
        t = r;
        r = c;
        c = t;
    }
    if (k & 1)
        r = n - r;
    if (k & 2)
        c = n - c;
    out[0] = r;
    out[1] = c;
    out[2] = 0;
}

static void grid_flips(int k, const int in[3], int out[3], const int dim[3])
{
    out[0] = (k & 1) ? dim[0] - 1 - in[0] : in[0];
    out[1] = (k & 2) ? dim[1] - 1 - in[1] : in[1];
    out[2] = 0;
}

static void prism(int k, const int in[3], int out[3], const int dim[3])
{
    /* x along the two cubes (0..2); (y, z) a unit square: its 8 maps. */
    int x = in[0], y = in[1], z = in[2], t;
    (void)dim;
    if (k & 8)
        x = 2 - x;
    if (k & 4) {
        t = y;
        y = z;
        z = t;
    }
    if (k & 1)
        y = 1 - y;
    if (k & 2)
        z = 1 - z;
    out[0] = x;
    out[1] = y;
    out[2] = z;
}

static int build_syms(ttt_game *g, int xyz[][3], const int dim[3], coord_map f, int nsyms)
{
    g->nsyms = nsyms;
    for (int k = 0; k < nsyms; k++) {
        for (int c = 0; c < g->ncells; c++) {
            int o[3], found = -1;
            f(k, xyz[c], o, dim);
            for (int d = 0; d < g->ncells; d++)
                if (xyz[d][0] == o[0] && xyz[d][1] == o[1] && xyz[d][2] == o[2])
                    found = d;
            if (found < 0)
                return VP_EINVAL;
            g->sym[k][c] = (uint8_t)found;
        }
        for (int b = 0; b < 4; b++)
            for (int v = 0; v < 256; v++) {
                ttt_set img = 0;
                for (int j = 0; j < 8; j++) {
                    int c = b * 8 + j;
                    if ((v >> j & 1) && c < g->ncells)
                        img |= (ttt_set)1 << g->sym[k][c];
                }
                g->symtab[k][b][v] = img;
            }
        /* A symmetry must map every winning set onto a winning set. */
        for (int i = 0; i < g->nlines; i++) {
            ttt_set img = ttt_sym_set(g, k, g->lines[i]);
            int ok = 0;
            for (int j = 0; j < g->nlines; j++)
                ok |= (g->lines[j] == img);
            if (!ok)
                return VP_EINVAL;
        }
    }
    return 0;
}

int ttt_game_init(ttt_game *g, ttt_kind k)
{
    int xyz[TTT_MAX_CELLS][3];
    memset(g, 0, sizeof *g);
    g->kind = k;
    g->name = ttt_kind_name(k);
    switch (k) {
    case TTT_OTTT: {
        static const int dim[3] = {3, 3, 1};
        g->ncells = 9;
        add_lines_from_strings(g, ottt_lines);
        for (int c = 0; c < 9; c++) {
            xyz[c][0] = c / 3;
            xyz[c][1] = c % 3;
            xyz[c][2] = 0;
        }
        if (build_syms(g, xyz, dim, grid_d4, 8))
            return VP_EINVAL;
        break;
    }
    case TTT_DTTT: {
        /* Laid out as 3 rows of 5: A B C J K / D E F L M / G H I N O. */
        static const char layout[] = "ABCJKDEFLMGHINO";
        static const int dim[3] = {3, 5, 1};
        g->ncells = 15;
        add_lines_from_strings(g, dttt_lines);
        for (int i = 0; i < 15; i++) {
            int c = layout[i] - 'A';
            xyz[c][0] = i / 5;
            xyz[c][1] = i % 5;
            xyz[c][2] = 0;
        }
        if (build_syms(g, xyz, dim, grid_flips, 4))
            return VP_EINVAL;
        break;
    }
    case TTT_CTTT: {
        static const int coords[12][3] = {{0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1},
                                          {0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0},
                                          {2, 0, 1}, {2, 1, 1}, {2, 0, 0}, {2, 1, 0}};
        static const int dim[3] = {3, 2, 2};
        g->ncells = 12;
        add_lines_from_strings(g, cttt_lines);
        memcpy(xyz, coords, sizeof coords);
        if (build_syms(g, xyz, dim, prism, 16))
            return VP_EINVAL;
        break;
    }
    case TTT_STTT: {
        static const int dim[3] = {5, 5, 1};
        g->ncells = 25;
        for (int r = 0; r < 4; r++)
            for (int c = 0; c < 4; c++) {
                int sq[4] = {r * 5 + c, r * 5 + c + 1, (r + 1) * 5 + c + 1, (r + 1) * 5 + c};
                add_line(g, sq, 4);
            }
        /* Diagonal squares (side sqrt 2) around each interior point, read
         * left, top, right, bottom as in the paper's "F-B-H-L". */
        for (int r = 1; r < 4; r++)
            for (int c = 1; c < 4; c++) {
                int sq[4] = {r * 5 + c - 1, (r - 1) * 5 + c, r * 5 + c + 1, (r + 1) * 5 + c};
                add_line(g, sq, 4);
            }
        for (int c = 0; c < 25; c++) {
            xyz[c][0] = c / 5;
            xyz[c][1] = c % 5;
            xyz[c][2] = 0;
        }
        if (build_syms(g, xyz, dim, grid_d4, 8))
            return VP_EINVAL;
        break;
    }
    default:
        return VP_EINVAL;
    }
    g->full = (ttt_set)((1u << g->ncells) - 1);
    for (int i = 0; i < g->nlines; i++) {
        uint64_t m = g->lines[i];
        while (m)
            g->cell_lines[bb_pop_lsb(&m)] |= (uint32_t)1 << i;
    }
    return 0;
}

int ttt_parse_moves(const ttt_game *g, const char *s, ttt_pos *pos, int *moves, int *nmoves,
                    char *err)
{
    ttt_pos p = {0, 0};
    int n = 0;
    for (const char *q = s; *q; q++) {
        if (*q == ',' || isspace((unsigned char)*q))
            continue;
        int c = ttt_cell_parse(g, *q);
        if (c < 0)
            return vp_fail(err, VP_EINVAL, "move %d: '%c' is not a cell of %s (A-%c)", n + 1, *q,
                           g->name, ttt_cell_letter(g->ncells - 1));
        ttt_set bit = (ttt_set)1 << c;
        if ((p.white | p.black) & bit)
            return vp_fail(err, VP_EINVAL, "move %d: cell %c is already occupied", n + 1, *q);
        if (ttt_has_won(g, p.white) || ttt_has_won(g, p.black))
            return vp_fail(err, VP_EINVAL, "move %d: the game was already won", n + 1);
        if (n % 2 == 0)
            p.white |= bit;
        else
            p.black |= bit;
        if (moves)
            moves[n] = c;
        n++;
    }
    *pos = p;
    *nmoves = n;
    return 0;
}
