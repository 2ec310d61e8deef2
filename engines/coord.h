/* coord.h: Go point names in text: the benchmark notation (columns A-T
 * without I from the left, rows 1..size from the bottom: "P15") and SGF
 * points (two lowercase letters, columns from the left and rows from the
 * TOP: "oe" is P15 on 19x19). Points are bb361 indexes y*19 + x. */
#ifndef VP_COORD_H
#define VP_COORD_H

#define COORD_PASS (-1) /* the same value as GO_PASS */
#define COORD_BUFLEN 8  /* room for "pass" or "T19" and the NUL */

/* The column of letter ch in any case (A = 0, ..., H = 7, J = 8, ...,
 * Z = 24), or -1 for I and anything that is not a column letter. */
int coord_column(int ch);
/* The uppercase letter of column x, 0 <= x < 25. */
char coord_column_letter(int x);

/* Parses "P15", "p15", "P 15", " P15 " or "pass" (any case) on a
 * size x size board; returns 0 and sets *point (COORD_PASS for a pass), or
 * VP_EINVAL (malformed, or the letter I) / VP_ERANGE (beyond the board)
 * with the reason in err. */
int coord_parse(const char *s, int size, int *point, char *err);
/* Writes the name of point ("P15", or "pass" for COORD_PASS) on a
 * size x size board into buf (COORD_BUFLEN bytes); returns buf. */
char *coord_format(int point, int size, char *buf);

/* Parses an SGF point value: two lowercase letters, "" or "tt" for a pass
 * (FF[4] and FF[3]); returns 0 and sets *point, or VP_EINVAL (malformed) /
 * VP_ERANGE (beyond the board) with the reason in err. */
int coord_sgf_parse(const char *s, int size, int *point, char *err);
/* Writes the SGF value of point on a size x size board into buf
 * (COORD_BUFLEN bytes): two letters, or "" for a pass; returns buf. */
char *coord_sgf_format(int point, int size, char *buf);

#endif
