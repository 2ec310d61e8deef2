/* coord.c: parsing and formatting of benchmark and SGF point names. */
#include <config.h>

#include "coord.h"

#include <assert.h>
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "bitboard.h"
#include "vp.h"

int coord_column(int ch)
{
    if (ch >= 'a' && ch <= 'z')
        ch -= 'a' - 'A';
    if (ch < 'A' || ch > 'Z' || ch == 'I')
        return -1;
    return ch < 'I' ? ch - 'A' : ch - 'A' - 1;
}

char coord_column_letter(int x)
{
    assert(x >= 0 && x < 25);
    return (char)(x < 8 ? 'A' + x : 'A' + x + 1);
}

static int check_size(int size, char *err)
{
    if (size < 1 || size > BB361_WIDTH)
        return vp_fail(err, VP_ERANGE, "board size %d is not in 1..%d", size, BB361_WIDTH);
    return 0;
}

static int is_pass_word(const char *s)
{
    static const char pass[] = "pass";
    for (int i = 0; i < 4; i++)
        if (tolower((unsigned char)s[i]) != pass[i])
            return 0;
    for (s += 4; *s; s++)
        if (!isspace((unsigned char)*s))
            return 0;
    return 1;
}

int coord_parse(const char *s, int size, int *point, char *err)
{
    const char *t = s;
    int rc = check_size(size, err);
    if (rc)
        return rc;
    while (isspace((unsigned char)*t))
        t++;
    if (is_pass_word(t)) {
        *point = COORD_PASS;
        return 0;
    }
    if (*t == 'I' || *t == 'i')
        return vp_fail(err, VP_EINVAL, "\"%.20s\": there is no column I (the letters skip it)", s);
    int x = coord_column((unsigned char)*t);
    if (x < 0)
        return vp_fail(err, VP_EINVAL, "\"%.20s\": expected a column letter and a row number, like D4", s);
    t++;
    while (isspace((unsigned char)*t))
        t++;
    if (!isdigit((unsigned char)*t))
        return vp_fail(err, VP_EINVAL, "\"%.20s\": expected a row number after the column letter", s);
    int row = 0;
    for (; isdigit((unsigned char)*t); t++)
        if (row < 1000)
            row = row * 10 + (*t - '0');
    while (isspace((unsigned char)*t))
        t++;
    if (*t)
        return vp_fail(err, VP_EINVAL, "\"%.20s\": unexpected text after the row number", s);
    if (x >= size)
        return vp_fail(err, VP_ERANGE, "\"%.20s\": column %c is beyond a %dx%d board (A-%c)", s,
                       coord_column_letter(x), size, size, coord_column_letter(size - 1));
    if (row < 1 || row > size)
        return vp_fail(err, VP_ERANGE, "\"%.20s\": row %d is not on a %dx%d board (rows 1-%d)", s,
                       row, size, size, size);
    *point = bb361_xy(x, row - 1);
    return 0;
}

char *coord_format(int point, int size, char *buf)
{
    if (point == COORD_PASS) {
        strcpy(buf, "pass");
        return buf;
    }
    int x = bb361_x(point), y = bb361_y(point);
    assert(x < size && y < size);
    (void)size;
    char *t = buf;
    *t++ = coord_column_letter(x);
    if (y + 1 >= 10)
        *t++ = (char)('0' + (y + 1) / 10);
    *t++ = (char)('0' + (y + 1) % 10);
    *t = '\0';
    return buf;
}

int coord_sgf_parse(const char *s, int size, int *point, char *err)
{
    int rc = check_size(size, err);
    if (rc)
        return rc;
    if (s[0] == '\0' || strcmp(s, "tt") == 0) {
        *point = COORD_PASS;
        return 0;
    }
    if (s[0] < 'a' || s[0] > 'z' || s[1] < 'a' || s[1] > 'z' || s[2] != '\0')
        return vp_fail(err, VP_EINVAL, "SGF point \"%.20s\" is not two lowercase letters", s);
    int x = s[0] - 'a', r = s[1] - 'a';
    if (x >= size || r >= size)
        return vp_fail(err, VP_ERANGE, "SGF point \"%s\" is beyond a %dx%d board (a-%c)", s, size,
                       size, 'a' + size - 1);
    *point = bb361_xy(x, size - 1 - r);
    return 0;
}

char *coord_sgf_format(int point, int size, char *buf)
{
    if (point == COORD_PASS) {
        buf[0] = '\0';
        return buf;
    }
    int x = bb361_x(point), y = bb361_y(point);
    assert(x < size && y < size);
    buf[0] = (char)('a' + x);
    buf[1] = (char)('a' + size - 1 - y);
    buf[2] = '\0';
    return buf;
}
