/* sgf_test.c: the SGF reader and writer (escapes, soft line breaks, point
 * lists, variations, collections, FF[3] names, errors with their exact
 * line and column, hostile input, round trips) and the problem record
 * (SGF and JSON loading, validation, the whole tsumego corpus of
 * ../shared/data/tsumego and its conversion to SGF and back). */
#include <config.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "engines/problem.h"
#include "engines/sgf.h"
#include "engines/strbuf.h"
#include "engines/vp.h"
#include "test.h"

static int test_skipped;

static sgf_collection *parse(const char *s, char *err)
{
    sgf_collection *c = NULL;
    if (sgf_parse(s, strlen(s), NULL, &c, err))
        return NULL;
    return c;
}

static int nvalues(const sgf_node *n, const char *id)
{
    const sgf_prop *p = sgf_find(n, id);
    return p ? p->nvalues : 0;
}

/* Same properties (ids, values, order) and the same shape, compared
 * without recursion. */
static int same_tree(const sgf_node *a, const sgf_node *b)
{
    const sgf_node **st = malloc(2 * sizeof *st * 1024);
    size_t n = 0, cap = 1024;
    int ok = 1;
    st[n++] = a;
    st[n++] = b;
    while (ok && n > 0) {
        const sgf_node *y = st[--n], *x = st[--n];
        if (x->nprops != y->nprops || x->nchildren != y->nchildren) {
            ok = 0;
            break;
        }
        for (int i = 0; ok && i < x->nprops; i++) {
            const sgf_prop *p = &x->props[i], *q = &y->props[i];
            ok = strcmp(p->id, q->id) == 0 && p->nvalues == q->nvalues;
            for (int j = 0; ok && j < p->nvalues; j++)
                ok = strcmp(p->values[j], q->values[j]) == 0;
        }
        if (n + 2 * (size_t)x->nchildren > cap) {
            while (n + 2 * (size_t)x->nchildren > cap)
                cap *= 2;
            st = realloc(st, 2 * sizeof *st * cap);
        }
        for (int i = 0; i < x->nchildren; i++) {
            st[n++] = x->children[i];
            st[n++] = y->children[i];
        }
    }
    free(st);
    return ok;
}

static int same_collection(const sgf_collection *a, const sgf_collection *b)
{
    if (a->ntrees != b->ntrees)
        return 0;
    for (int i = 0; i < a->ntrees; i++)
        if (!same_tree(a->trees[i], b->trees[i]))
            return 0;
    return 1;
}

/* Writes c, reads it back and compares; both layouts. */
static void check_round_trip(const sgf_collection *c, const char *what)
{
    for (unsigned flags = 0; flags <= SGF_COMPACT; flags++) {
        char err[VP_ERRLEN] = "";
        strbuf b;
        strbuf_init(&b);
        int rc = sgf_write_collection(c, flags, &b, err);
        CHECK(rc == 0, "%s: write: %s", what, err);
        sgf_collection *d = NULL;
        rc = sgf_parse(b.s, b.len, NULL, &d, err);
        CHECK(rc == 0, "%s: re-read (flags %u): %s", what, flags, err);
        if (d)
            CHECK(same_collection(c, d), "%s: round trip (flags %u) changed the tree:\n%s", what, flags, b.s);
        sgf_collection_free(d);
        strbuf_free(&b);
    }
}

static void test_values(void)
{
    char err[VP_ERRLEN] = "";
    const char *s = "(;FF[4]GM[1]SZ[19]C[a \\] b \\\\ c \\x]\n"
                    "  GC[soft\\\nbreak]GN[crlf\\\r\nsoft]PC[hard\nbreak]\n"
                    "AB[aa] [bb]\t[cc]LB[dd:one\\:two]AP[vitalpoint:0.1]\n"
                    ";B[dd]C[]\n;W[])";
    sgf_collection *c = parse(s, err);
    CHECK(c != NULL, "parse: %s", err);
    if (!c)
        return;
    sgf_node *r = c->trees[0];
    CHECK(c->ntrees == 1, "%d trees", c->ntrees);
    CHECK(strcmp(sgf_get(r, "C"), "a ] b \\ c x") == 0, "escapes: '%s'", sgf_get(r, "C"));
    CHECK(strcmp(sgf_get(r, "GC"), "softbreak") == 0, "soft break: '%s'", sgf_get(r, "GC"));
    CHECK(strcmp(sgf_get(r, "GN"), "crlfsoft") == 0, "soft CRLF break: '%s'", sgf_get(r, "GN"));
    CHECK(strcmp(sgf_get(r, "PC"), "hard\nbreak") == 0, "hard break: '%s'", sgf_get(r, "PC"));
    CHECK(nvalues(r, "AB") == 3, "AB has %d values", nvalues(r, "AB"));
    const char *lb = sgf_get(r, "LB");
    CHECK(strcmp(lb, "dd:one:two") == 0 && strcmp(sgf_compose_second(lb), "one:two") == 0, "LB '%s'", lb);
    CHECK(strcmp(sgf_compose_second(sgf_get(r, "AP")), "0.1") == 0, "AP");
    CHECK(sgf_compose_second("dd") == NULL, "no compose");
    CHECK(r->nchildren == 1 && r->children[0]->nchildren == 1, "sequence shape");
    sgf_node *b = r->children[0], *w = b->children[0];
    CHECK(strcmp(sgf_get(b, "B"), "dd") == 0 && strcmp(sgf_get(b, "C"), "") == 0, "B node");
    CHECK(sgf_is_pass(sgf_get(w, "W"), 19, 19), "W[] is a pass");
    CHECK(sgf_is_pass("tt", 19, 19) && !sgf_is_pass("tt", 21, 21) && !sgf_is_pass("aa", 19, 19), "tt");
    CHECK(b->line == 7 && b->col == 1, "B node at %d:%d", b->line, b->col);
    const sgf_prop *ab = sgf_find(r, "AB");
    CHECK(ab->line == 6 && ab->col == 1, "AB at %d:%d", ab->line, ab->col);
    check_round_trip(c, "values");
    sgf_collection_free(c);
}

static void test_points(void)
{
    char err[VP_ERRLEN] = "";
    sgf_point pts[400];
    int n = 0;
    CHECK(sgf_expand("aa:cc", 19, 19, pts, 400, &n, err) == 0 && n == 9, "aa:cc gives %d", n);
    int ok = 1;
    for (int i = 0; i < 9; i++)
        ok &= pts[i].x == i % 3 && pts[i].y == i / 3;
    CHECK(ok, "aa:cc points in row order");
    n = 0;
    CHECK(sgf_expand("cb:bd", 19, 19, pts, 400, &n, err) == 0 && n == 6, "cb:bd gives %d", n);
    n = 0;
    CHECK(sgf_expand("pd", 19, 19, pts, 400, &n, err) == 0 && n == 1 && pts[0].x == 15 && pts[0].y == 3,
          "pd is column 15, row 3 from the top");
    n = 0;
    CHECK(sgf_expand("aa:ss", 19, 19, pts, 400, &n, err) == 0 && n == 361, "whole board %d", n);
    n = 0;
    CHECK(sgf_expand("aa:tt", 19, 19, pts, 400, &n, err) == VP_ERANGE, "off board rectangle");
    CHECK(strstr(err, "off the 19x19") != NULL, "message: %s", err);
    n = 0;
    CHECK(sgf_expand("a", 19, 19, pts, 400, &n, err) == VP_EINVAL, "one letter");
    CHECK(sgf_expand("aa:", 19, 19, pts, 400, &n, err) == VP_EINVAL, "half rectangle");
    CHECK(sgf_expand("a1", 19, 19, pts, 400, &n, err) == VP_EINVAL, "digit");
    n = 0;
    CHECK(sgf_expand("aa:cc", 19, 19, pts, 4, &n, err) == VP_ERANGE, "room for 4 points only");
    sgf_point p;
    CHECK(sgf_point_parse("sA", &p) == 0 && p.x == 18 && p.y == 26, "uppercase is 26+");
    char buf[3];
    CHECK(strcmp(sgf_point_str(18, 26, buf), "sA") == 0, "point_str %s", buf);

    /* Point lists inside a parsed node. */
    sgf_collection *c = parse("(;SZ[9]AB[aa:bb][ee]AW[ca:cc])", err);
    CHECK(c != NULL, "%s", err);
    if (c) {
        const sgf_prop *ab = sgf_find(c->trees[0], "AB");
        n = 0;
        for (int i = 0; i < ab->nvalues; i++)
            CHECK(sgf_expand(ab->values[i], 9, 9, pts, 400, &n, err) == 0, "%s", err);
        CHECK(n == 5, "AB expands to %d", n);
        sgf_collection_free(c);
    }

    int w, h;
    CHECK(sgf_size_parse("19", &w, &h, err) == 0 && w == 19 && h == 19, "SZ 19");
    CHECK(sgf_size_parse("19:13", &w, &h, err) == 0 && w == 19 && h == 13, "SZ 19:13");
    CHECK(sgf_size_parse("0", &w, &h, err) == VP_ERANGE, "SZ 0");
    CHECK(sgf_size_parse("53", &w, &h, err) == VP_ERANGE, "SZ 53");
    CHECK(sgf_size_parse("nine", &w, &h, err) == VP_EINVAL, "SZ nine");
    CHECK(sgf_size_parse("", &w, &h, err) == VP_EINVAL, "SZ empty");
    CHECK(sgf_size_parse("9:", &w, &h, err) == VP_EINVAL, "SZ 9:");
}

static void test_tree(void)
{
    char err[VP_ERRLEN] = "";
    const char *s = "(;GM[1]\n(;B[aa];W[bb])\n(;B[cc]\n  (;W[dd])\n  (;W[ee];B[ff])\n  (;W[gg])))";
    sgf_collection *c = parse(s, err);
    CHECK(c != NULL, "variations: %s", err);
    if (!c)
        return;
    sgf_node *r = c->trees[0];
    CHECK(r->nchildren == 2, "root has %d children", r->nchildren);
    sgf_node *v1 = r->children[0], *v2 = r->children[1];
    CHECK(strcmp(sgf_get(v1, "B"), "aa") == 0 && v1->nchildren == 1 &&
              strcmp(sgf_get(v1->children[0], "W"), "bb") == 0,
          "first variation");
    CHECK(strcmp(sgf_get(v2, "B"), "cc") == 0 && v2->nchildren == 3, "second has %d", v2->nchildren);
    CHECK(strcmp(sgf_get(v2->children[1], "W"), "ee") == 0 &&
              strcmp(sgf_get(v2->children[1]->children[0], "B"), "ff") == 0,
          "order of variations");
    CHECK(v2->children[2]->parent == v2 && v2->parent == r && r->parent == NULL, "parents");
    check_round_trip(c, "variations");

    /* Editing. */
    CHECK(sgf_set(r, "C", "first", err) == 0 && sgf_add(r, "C", "second", err) == 0, "set/add");
    CHECK(nvalues(r, "C") == 2 && strcmp(sgf_get(r, "C"), "first") == 0, "two values");
    CHECK(sgf_set(r, "C", "only", err) == 0 && nvalues(r, "C") == 1 && strcmp(sgf_get(r, "C"), "only") == 0,
          "set replaces");
    CHECK(sgf_set(r, "c", "x", err) == VP_EINVAL && sgf_add(r, "", "x", err) == VP_EINVAL, "bad ids");
    CHECK(sgf_remove(r, "C") == 1 && sgf_remove(r, "C") == 0 && sgf_get(r, "C") == NULL, "remove");
    sgf_node *k = sgf_new_child(v2);
    CHECK(k && v2->nchildren == 4 && v2->children[3] == k, "new child");
    CHECK(sgf_add(k, "W", "hh", err) == 0 && sgf_add(k, "C", "odd ] and \\ chars", err) == 0, "add to child");
    check_round_trip(c, "edited tree");
    sgf_free(v2->children[0]);
    CHECK(v2->nchildren == 3 && strcmp(sgf_get(v2->children[0], "W"), "ee") == 0, "free detaches");
    CHECK(sgf_has_move(k) && !sgf_has_move(r), "has_move");
    sgf_collection_free(c);

    /* Collections and FF[3] names. */
    c = parse("  (;GM[1]FF[4])\n(;GM[1]SZ[9];B[ee])\r\n(;C[third])  \n", err);
    CHECK(c && c->ntrees == 3, "collection: %s", err);
    if (c) {
        CHECK(strcmp(sgf_get(c->trees[1], "SZ"), "9") == 0 && strcmp(sgf_get(c->trees[2], "C"), "third") == 0,
              "trees in order");
        check_round_trip(c, "collection");
        sgf_collection_free(c);
    }
    c = parse("(;GaMe[1]SiZe[9]AddBlack[aa][bb]AddWhite[cc]Comment[old]PLayer[B];Black[dd]White[])", err);
    CHECK(c != NULL, "FF[3]: %s", err);
    if (c) {
        sgf_node *t = c->trees[0];
        CHECK(nvalues(t, "AB") == 2 && nvalues(t, "AW") == 1 && strcmp(sgf_get(t, "C"), "old") == 0 &&
                  strcmp(sgf_get(t, "GM"), "1") == 0 && strcmp(sgf_get(t, "SZ"), "9") == 0 &&
                  strcmp(sgf_get(t, "PL"), "B") == 0,
              "long names folded");
        CHECK(t->nchildren == 1 && sgf_get(t->children[0], "B") && sgf_get(t->children[0], "W"),
              "Black/White -> B/W");
        sgf_collection_free(c);
    }
    /* A repeated property in one node merges its values. */
    c = parse("(;AB[aa]AW[bb]AB[cc])", err);
    CHECK(c && nvalues(c->trees[0], "AB") == 2, "repeated property");
    sgf_collection_free(c);
}

static void expect_error(const char *s, const char *want)
{
    char err[VP_ERRLEN] = "";
    sgf_collection *c = NULL;
    int rc = sgf_parse(s, strlen(s), NULL, &c, err);
    CHECK(rc != 0 && c == NULL, "accepted: %s", s);
    CHECK(strncmp(err, want, strlen(want)) == 0, "error for %s\n  got:  %s\n  want: %s...", s, err, want);
}

/* Messages stay on one line whatever they quote (vp_one_line, vp_fail). */
static void test_one_line(void)
{
    char out[64];
    size_t n = vp_one_line(out, sizeof out, "a\nb\tc\rd\x01" "e\x7f" "f");
    CHECK(strcmp(out, "a\\nb\\tc\\rd\\x01e\\x7ff") == 0 && n == strlen(out), "escaped: '%s' (%zu)", out, n);
    n = vp_one_line(out, 4, "ab\ncd");
    CHECK(strcmp(out, "ab") == 0 && n == 2, "cut before an escape that does not fit: '%s'", out);
    n = vp_one_line(out, 5, "ab\ncd");
    CHECK(strcmp(out, "ab\\n") == 0 && n == 4, "cut after the escape: '%s'", out);
    n = vp_one_line(out, 1, "abc");
    CHECK(out[0] == 0 && n == 0, "no room: '%s'", out);
    char err[VP_ERRLEN];
    int rc = vp_fail(err, VP_EINVAL, "x: '%s'", "1\n2");
    CHECK(rc == VP_EINVAL && strcmp(err, "x: '1\\n2'") == 0, "vp_fail: '%s'", err);
    /* a point value holding a newline, as a fuzzed file had it */
    problem p;
    const char *text = "(;SZ[9]PL[B]AB[a\na]AW[bb])";
    rc = problem_load(text, strlen(text), "nl.sgf", &p, err);
    CHECK(rc != 0 && strchr(err, '\n') == NULL && strstr(err, "AB[a\\na]") != NULL, "the error: '%s'", err);
}

static void test_errors(void)
{
    expect_error("(;GM[1]\nSZ[19]\nC[an unclosed comment", "line 3, column 2: expected ']' to close a property value");
    expect_error("(;GM[1]\n  C[ends in an escape\\", "line 2, column 4: expected ']' to close a property value");
    expect_error(";GM[1])", "line 1, column 1: expected '(' to start a game tree, found ';'");
    expect_error("\n\n  GM[1]", "line 3, column 3: expected '(' to start a game tree, found 'G'");
    expect_error("", "line 1, column 1: expected '(' to start a game tree, found end of input");
    expect_error("(;GM[1]\n  SZ;B[aa])", "line 2, column 3: property 'SZ' has no value");
    expect_error("(;GM[1]SZ  )", "line 1, column 8: property 'SZ' has no value");
    expect_error("(;GM[1]\n;B[aa] 12 ;W[bb])", "line 2, column 8: unexpected '1' between nodes");
    expect_error("(;GM[1];B[aa]) junk", "line 1, column 16: expected '(' to start a game tree, found 'j'");
    expect_error("(;GM[1](;B[aa]);W[bb])", "line 1, column 16: a node cannot follow a variation");
    expect_error("(;GM[1]\n(;B[aa]\n",
                 "line 3, column 1: expected ')' to close the game tree opened at line 2, column 1");
    expect_error("()", "line 1, column 2: expected ';' to start a node");
    expect_error("(B[aa])", "line 1, column 2: expected ';' to start a node");
    expect_error("(;GM[1]\n;foo[1])", "line 2, column 2: property name 'foo' has no capital letter");
    expect_error("(;ABCDEFGHIJKLMNOPQ[1])", "line 1, column 3: property name");
    expect_error("(;C[x]\x01)", "line 1, column 7: unexpected byte 0x01 between nodes");
}

static void test_hostile(void)
{
    enum { DEEP = 100000 };
    char err[VP_ERRLEN] = "";
    /* 100000 nested variations. */
    size_t len = (size_t)DEEP * 8 + 1;
    char *s = malloc(len);
    size_t k = 0;
    for (int i = 0; i < DEEP; i++) {
        memcpy(s + k, "(;B[aa]", 7);
        k += 7;
    }
    for (int i = 0; i < DEEP; i++)
        s[k++] = ')';
    sgf_collection *c = NULL;
    int rc = sgf_parse(s, k, NULL, &c, err);
    CHECK(rc == VP_ERANGE && c == NULL, "deep nesting under default limits: rc %d", rc);
    CHECK(strstr(err, "nested more than") != NULL, "message: %s", err);
    sgf_limits lim = {0, 2 * DEEP, 0};
    rc = sgf_parse(s, k, &lim, &c, err);
    CHECK(rc == 0, "deep nesting with a raised limit: %s", err);
    if (c) {
        int depth = 0;
        for (const sgf_node *n = c->trees[0]; n->nchildren; n = n->children[0])
            depth++;
        CHECK(depth == DEEP - 1, "depth %d", depth);
        strbuf b;
        strbuf_init(&b);
        CHECK(sgf_write(c->trees[0], SGF_COMPACT, &b, err) == 0, "write deep: %s", err);
        sgf_collection *d = NULL;
        CHECK(sgf_parse(b.s, b.len, &lim, &d, err) == 0 && d && same_tree(c->trees[0], d->trees[0]),
              "deep round trip: %s", err);
        sgf_collection_free(d);
        strbuf_free(&b);
        sgf_collection_free(c);
    }
    /* Unclosed deep nesting fails cleanly too. */
    rc = sgf_parse(s, (size_t)DEEP * 7, &lim, &c, err);
    CHECK(rc == VP_EINVAL && strstr(err, "expected ')'"), "unclosed deep: %s", err);
    free(s);

    /* A long main line (a chain 200000 nodes deep). */
    enum { LONG = 200000 };
    s = malloc((size_t)LONG * 6 + 8);
    k = 0;
    s[k++] = '(';
    for (int i = 0; i < LONG; i++) {
        memcpy(s + k, ";B[aa]", 6);
        k += 6;
    }
    s[k++] = ')';
    rc = sgf_parse(s, k, NULL, &c, err);
    CHECK(rc == 0, "long line: %s", err);
    sgf_collection_free(c);
    sgf_limits few = {0, 0, 1000};
    rc = sgf_parse(s, k, &few, &c, err);
    CHECK(rc == VP_ERANGE && strstr(err, "more than 1000 nodes"), "node limit: %s", err);
    free(s);

    /* Many distinct properties in one node. */
    s = malloc(8 * 2000 + 8);
    k = 0;
    s[k++] = '(';
    s[k++] = ';';
    for (int i = 0; i < 2000; i++) {
        s[k++] = (char)('A' + i % 26);
        s[k++] = (char)('A' + i / 26 % 26);
        s[k++] = (char)('A' + i / 676);
        memcpy(s + k, "[1]", 3);
        k += 3;
    }
    s[k++] = ')';
    rc = sgf_parse(s, k, NULL, &c, err);
    CHECK(rc == VP_ERANGE && strstr(err, "properties in one node"), "property limit: %s", err);
    free(s);

    /* A huge value: accepted within the size limit, refused above it. */
    size_t big = (size_t)20 << 20;
    s = malloc(big + 16);
    memcpy(s, "(;C[", 4);
    memset(s + 4, 'x', big);
    memcpy(s + 4 + big, "])", 2);
    rc = sgf_parse(s, big + 6, NULL, &c, err);
    CHECK(rc == 0 && c && strlen(sgf_get(c->trees[0], "C")) == big, "huge value: %s", err);
    sgf_collection_free(c);
    sgf_limits small = {1 << 20, 0, 0};
    rc = sgf_parse(s, big + 6, &small, &c, err);
    CHECK(rc == VP_ERANGE && strstr(err, "over the limit"), "size limit: %s", err);
    free(s);
}

/* ---- problems ------------------------------------------------------------ */

static int has_point(const sgf_point *p, int n, int x, int y)
{
    for (int i = 0; i < n; i++)
        if (p[i].x == x && p[i].y == y)
            return 1;
    return 0;
}

static int same_str(const char *a, const char *b)
{
    return (!a || !*a) ? (!b || !*b) : (b && strcmp(a, b) == 0);
}

/* Same size, stones (as lists, in order), marks, side to move, comment and
 * solution tree (colours, points, comments, verdicts). */
static int same_problem(const problem *a, const problem *b, char *why, size_t n)
{
    if (a->width != b->width || a->height != b->height)
        return snprintf(why, n, "size"), 0;
    if (a->nblack != b->nblack || a->nwhite != b->nwhite || a->nmarks != b->nmarks || a->nregion != b->nregion)
        return snprintf(why, n, "counts"), 0;
    if (memcmp(a->black, b->black, (size_t)a->nblack * sizeof a->black[0]) ||
        memcmp(a->white, b->white, (size_t)a->nwhite * sizeof a->white[0]) ||
        memcmp(a->marks, b->marks, (size_t)a->nmarks * sizeof a->marks[0]) ||
        memcmp(a->region, b->region, (size_t)a->nregion * sizeof a->region[0]))
        return snprintf(why, n, "points"), 0;
    if (a->to_move != b->to_move)
        return snprintf(why, n, "to move"), 0;
    if (!same_str(a->comment, b->comment))
        return snprintf(why, n, "comment"), 0;
    const problem_move *sa[4096], *sb[4096];
    int k = 0;
    sa[k] = &a->solution;
    sb[k++] = &b->solution;
    while (k > 0) {
        k--;
        const problem_move *x = sa[k], *y = sb[k];
        if (x->color != y->color || x->x != y->x || x->y != y->y || x->verdict != y->verdict ||
            x->nchildren != y->nchildren)
            return snprintf(why, n, "solution move"), 0;
        if (x != &a->solution && !same_str(x->comment, y->comment))
            return snprintf(why, n, "solution comment"), 0;
        for (int i = 0; i < x->nchildren && k < 4096; i++) {
            sa[k] = x->children[i];
            sb[k++] = y->children[i];
        }
    }
    return 1;
}

static int sgf_problem(const char *text, problem *p, char *err)
{
    return problem_load(text, strlen(text), "test.sgf", p, err);
}

/* Loads SGF without problem_check, as problem_from_sgf does. */
static int problem_from_sgf_text(const char *text, problem *p, char *err)
{
    sgf_collection *c;
    int rc = sgf_parse(text, strlen(text), NULL, &c, err);
    if (rc) {
        problem_init(p);
        return rc;
    }
    rc = problem_from_sgf(c->trees[0], "test.sgf", p, err);
    sgf_collection_free(c);
    return rc;
}

static void expect_problem_error(const char *text, const char *want)
{
    char err[VP_ERRLEN] = "";
    problem p;
    int rc = sgf_problem(text, &p, err);
    CHECK(rc != 0, "accepted: %s", text);
    CHECK(strstr(err, want) != NULL, "error for %s\n  got:  %s\n  want: ...%s...", text, err, want);
    CHECK(p.nblack == 0 && p.solution.nchildren == 0 && p.comment == NULL, "left empty");
    problem_free(&p);
}

/* Writes p as SGF, reads it back and compares. */
static void check_problem_round_trip(const problem *p, const char *what)
{
    char err[VP_ERRLEN] = "", why[64] = "";
    strbuf b;
    strbuf_init(&b);
    int rc = problem_write_sgf(p, 0, &b, err);
    CHECK(rc == 0, "%s: write: %s", what, err);
    problem q;
    rc = problem_load(b.s, b.len, what, &q, err);
    CHECK(rc == 0, "%s: reading the written SGF: %s\n%s", what, err, b.s);
    CHECK(rc != 0 || same_problem(p, &q, why, sizeof why), "%s: SGF round trip differs in %s\n%s", what, why,
          b.s);
    problem_free(&q);
    strbuf_free(&b);
}

static void test_problem_sgf(void)
{
    char err[VP_ERRLEN] = "";
    problem p;
    const char *s = "(;GM[1]FF[4]SZ[9]AB[aa:ca][ab]AW[bb][cb]C[Kill the corner.]MA[aa]SQ[ac:dd]\n"
                    ";AW[db]AB[dc]AE[ba]C[more setup]\n"
                    "(;B[ad]C[Correct.\nThe only move.];W[ac];B[ae])\n"
                    "(;B[bc]C[Wrong]TE[1])\n"
                    "(;B[]BM[1]))";
    int rc = sgf_problem(s, &p, err);
    CHECK(rc == 0, "load: %s", err);
    if (rc)
        return;
    CHECK(p.width == 9 && p.height == 9, "size %dx%d", p.width, p.height);
    CHECK(p.nblack == 4 && has_point(p.black, p.nblack, 0, 0) && has_point(p.black, p.nblack, 2, 0) &&
              has_point(p.black, p.nblack, 0, 1) && has_point(p.black, p.nblack, 3, 2) &&
              !has_point(p.black, p.nblack, 1, 0),
          "black stones (AE removed ba): %d", p.nblack);
    CHECK(p.nwhite == 3 && has_point(p.white, p.nwhite, 3, 1), "white %d", p.nwhite);
    CHECK(p.black[0].x == 0 && p.black[0].y == 0 && p.black[3].x == 3 && p.black[3].y == 2, "placement order");
    CHECK(p.nmarks == 1 && p.nregion == 8, "marks %d region %d", p.nmarks, p.nregion);
    CHECK(p.comment && strcmp(p.comment, "Kill the corner.\nmore setup") == 0, "comment '%s'", p.comment);
    CHECK(p.to_move == PROBLEM_BLACK && p.to_move_from == PROBLEM_FROM_MOVE, "to move %d from %d", p.to_move,
          p.to_move_from);
    CHECK(p.solution.nchildren == 3, "%d first moves", p.solution.nchildren);
    const problem_move *m = p.solution.children[0];
    CHECK(m->color == PROBLEM_BLACK && m->x == 0 && m->y == 3 && m->verdict == PROBLEM_CORRECT &&
              m->nchildren == 1 && m->children[0]->color == PROBLEM_WHITE &&
              m->children[0]->children[0]->x == 0 && m->children[0]->children[0]->y == 4,
          "main line");
    CHECK(p.solution.children[1]->verdict == PROBLEM_CORRECT, "TE outranks the comment");
    CHECK(p.solution.children[2]->x == -1 && p.solution.children[2]->verdict == PROBLEM_WRONG, "pass, BM");
    CHECK(problem_check(&p, "t", err) == 0, "check: %s", err);
    check_problem_round_trip(&p, "sgf problem");
    sgf_point chain[PROBLEM_MAX_POINTS];
    int n;
    CHECK(problem_find_dead_chain(&p, chain, &n) == PROBLEM_NONE && n == 0, "no dead chain");
    problem_free(&p);

    /* Side to move from PL, and from the comment. */
    rc = sgf_problem("(;SZ[19]PL[W]AB[pd]AW[dp];B[qq])", &p, err);
    CHECK(rc == 0 && p.to_move == PROBLEM_WHITE && p.to_move_from == PROBLEM_FROM_PL, "PL: %s", err);
    problem_free(&p);
    rc = sgf_problem("(;SZ[13:9]AB[aa]C[Problem 3. white to live])", &p, err);
    CHECK(rc == 0 && p.to_move == PROBLEM_WHITE && p.to_move_from == PROBLEM_FROM_COMMENT && p.width == 13 &&
              p.height == 9,
          "comment, rectangular: %s", err);
    problem_free(&p);
    rc = sgf_problem("(;AB[aa]C[Blackish to play])", &p, err);
    CHECK(rc == 0 && p.to_move == PROBLEM_NONE && p.to_move_from == PROBLEM_FROM_NONE && p.width == 19,
          "unknown side");
    problem_free(&p);

    /* A chain without liberties: found by the helper, refused by the
     * loader (such a setup cannot arise in play). */
    rc = problem_from_sgf_text("(;SZ[5]AB[ba][ab][cb]AW[aa][bb])", &p, err);
    CHECK(rc == 0, "%s", err);
    int c = problem_find_dead_chain(&p, chain, &n);
    CHECK(c == PROBLEM_WHITE && n == 1 && chain[0].x == 0 && chain[0].y == 0, "dead white aa: %d, %d", c, n);
    problem_free(&p);
    expect_problem_error("(;SZ[5]AB[ba][ab][cb]AW[aa][bb])",
                         "test.sgf: the white chain at aa (1 stone) has no liberty: this setup cannot arise");

    expect_problem_error("(;SZ[19]\nAB[aa][tt])", "test.sgf: line 2, column 1: AB[tt]: 'tt' is off the 19x19 board");
    expect_problem_error("(;SZ[9]AB[aa:jj])", "test.sgf: line 1, column 8: AB[aa:jj]");
    expect_problem_error("(;AB[aa][bb][aa])", "test.sgf: line 1, column 3: AB: point 'aa' is listed twice");
    expect_problem_error("(;AB[aa:cc]AW[bb])", "line 1, column 12: AW: point 'bb' is also in AB (overlap)");
    expect_problem_error("(;SZ[0]AB[aa])", "test.sgf: line 1, column 3: bad SZ[0]");
    expect_problem_error("(;SZ[1]AB[aa])", "bad SZ[1]");
    expect_problem_error("(;SZ[20]AB[aa])", "bad SZ[20]");
    expect_problem_error("(;SZ[nineteen]AB[aa])", "bad SZ[nineteen]");
    expect_problem_error("(;SZ[9]AB[aa];B[jj])", "test.sgf: line 1, column 15: B[jj] is off the 9x9 board");
    expect_problem_error("(;AB[aa];B[bb]W[cc])", "line 1, column 9: a node has both B and W");
    expect_problem_error("(;AB[aa]PL[X])", "PL[X] is not B or W");
    expect_problem_error("(;AB[aa]\n;C[x", "test.sgf: line 2, column 3: expected ']'");
    expect_problem_error("  <html>", "test.sgf: neither SGF");

    /* Setup in later nodes may overwrite earlier stones and AE clears. */
    rc = sgf_problem("(;AB[aa][bb];AW[aa]AE[bb];B[cc])", &p, err);
    CHECK(rc == 0 && p.nblack == 0 && p.nwhite == 1, "overwrite: %s", err);
    problem_free(&p);
}

static const char *const good_json =
    "{\"AB\": [\"eb\", \"fb\", \"bc\", \"cc\", \"dc\", \"be\"], \"AW\": [\"da\", \"ab\", \"bb\", \"cb\", \"db\"], "
    "\"SZ\": \"19\", \"C\": \"Black to play: Elementary\", "
    "\"SOL\": [[\"B\", \"ba\", \"Correct.\", \"\"], [\"B\", \"ea\", \"\", \"\"],\n"
    "         [\"B\", \"\", \"Wrong: a pass\", \"note\"]]}";

static void expect_json_error(const char *text, const char *want)
{
    char err[VP_ERRLEN] = "";
    problem p;
    int rc = problem_load(text, strlen(text), "p.json", &p, err);
    CHECK(rc != 0, "accepted: %s", text);
    CHECK(strstr(err, want) != NULL, "error for %s\n  got:  %s\n  want: ...%s...", text, err, want);
    problem_free(&p);
}

static void test_problem_json(void)
{
    char err[VP_ERRLEN] = "";
    problem p;
    int rc = problem_load(good_json, strlen(good_json), "p.json", &p, err);
    CHECK(rc == 0, "json: %s", err);
    if (rc)
        return;
    CHECK(p.width == 19 && p.nblack == 6 && p.nwhite == 5, "stones");
    CHECK(p.to_move == PROBLEM_BLACK, "to move");
    CHECK(p.solution.nchildren == 3 && p.solution.children[0]->nchildren == 0, "alternatives");
    CHECK(p.solution.children[0]->verdict == PROBLEM_CORRECT && p.solution.children[1]->verdict == PROBLEM_CORRECT &&
              p.solution.children[2]->verdict == PROBLEM_WRONG,
          "verdicts");
    CHECK(strcmp(p.solution.children[2]->comment, "Wrong: a pass\nnote") == 0 &&
              p.solution.children[2]->x == -1,
          "fourth field appended, pass");
    CHECK(p.solution.children[1]->comment == NULL, "empty comment is NULL");
    check_problem_round_trip(&p, "json problem");
    problem_free(&p);

    const char *nj = " {\"SZ\": 9, \"AB\": [\"aa\"], \"SOL\": [[\"W\", \"bb\", \"\", \"\"]]}";
    rc = problem_load(nj, strlen(nj), "n.json", &p, err);
    CHECK(rc == 0 && p.width == 9 && p.to_move == PROBLEM_WHITE, "numeric SZ: %s", err);
    problem_free(&p);

    expect_json_error("{\"AB\": [\"aa\", \"zz\"], \"SZ\": \"19\"}",
                      "p.json: \"AB\" entry 2: AB[zz]: 'zz' is off the 19x19 board");
    expect_json_error("{\"AB\": [\"aa\"], \"AW\": [\"aa\"]}", "p.json: \"AW\" entry 1: AW: point 'aa' is also in AB");
    expect_json_error("{\"AB\": [\"aa\", \"aa\"]}", "\"AB\" entry 2: AB: point 'aa' is listed twice");
    expect_json_error("{\"AB\": [\"aa\"], \"SZ\": \"0\"}", "p.json: \"SZ\": bad SZ[0]");
    expect_json_error("{\"AB\": [\"aa\"], \"SZ\": \"1\"}", "bad SZ[1]");
    expect_json_error("{\"AB\": [\"aa\"], \"SZ\": \"25\"}", "bad SZ[25]");
    expect_json_error("{\"AB\": [\"aa\"], \"SZ\": \"x9\"}", "bad SZ[x9]");
    expect_json_error("{\"AB\": [\"aa\"], \"SZ\": 0}", "bad SZ[0]");
    expect_json_error("{\"AB\": [\"aa\"], \"SZ\": [19]}", "\"SZ\" is neither");
    expect_json_error("{\"AB\": \"aa\"}", "\"AB\" is not a list");
    expect_json_error("{\"AB\": [\"aa\"], \"SOL\": [[\"X\", \"bb\"]]}", "\"SOL\" entry 1: the colour");
    expect_json_error("{\"AB\": [\"aa\"], \"SOL\": [[\"B\", \"zz\"]]}", "\"SOL\" entry 1: B[zz] is off");
    expect_json_error("{\"AB\": [\"aa\"], \"SOL\": [\"B\"]}", "\"SOL\" entry 1 is not a list");
    expect_json_error("{\"AB\": [\"aa\"],\n \"SOL\": [}", "p.json: line 2, column");
    expect_json_error("{\"AB\": [\"aa\"], \"AB\": [\"bb\"]}", "p.json:");
}

/* ---- the corpus ---------------------------------------------------------- */

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

static void check_corpus_file(const char *path, int *nfiles)
{
    char err[VP_ERRLEN] = "";
    problem p;
    int rc = problem_load_file(path, &p, err);
    CHECK(rc == 0, "%s", err);
    if (rc)
        return;
    (*nfiles)++;
    CHECK(p.width >= 2 && p.width <= 19 && p.height >= 2 && p.height <= 19, "%s: size %dx%d", path, p.width,
          p.height);
    CHECK(p.nblack + p.nwhite > 0, "%s: no stones", path);
    CHECK(problem_check(&p, path, err) == 0, "%s", err);
    CHECK(p.solution.nchildren > 0, "%s: empty solution", path);
    CHECK(p.to_move != PROBLEM_NONE, "%s: side to move unknown", path);
    sgf_point chain[PROBLEM_MAX_POINTS];
    int n;
    CHECK(problem_find_dead_chain(&p, chain, &n) == PROBLEM_NONE, "%s: a chain without liberties", path);
    for (int i = 0; i < p.solution.nchildren; i++) {
        const problem_move *m = p.solution.children[i];
        CHECK(m->x < 0 || problem_stone(&p, m->x, m->y) == PROBLEM_NONE, "%s: first move %d on a stone", path, i);
    }
    check_problem_round_trip(&p, path);
    problem_free(&p);
}

static void test_corpus(void)
{
    const char *top = getenv("top_srcdir");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/../shared/data/tsumego", top && *top ? top : ".");
    DIR *d = opendir(dir);
    if (!d) {
        printf("sgf_test: %s is absent: skipping the corpus checks\n", dir);
        test_skipped += 2; /* loading every file; converting each to SGF and back */
        return;
    }
    int nfiles = 0, ndirs = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.')
            continue;
        char sub[4096 + 256];
        snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name);
        DIR *s = opendir(sub);
        if (!s)
            continue;
        ndirs++;
        struct dirent *f;
        while ((f = readdir(s))) {
            if (!ends_with(f->d_name, ".json"))
                continue;
            char path[4096 + 512];
            snprintf(path, sizeof path, "%s/%s", sub, f->d_name);
            check_corpus_file(path, &nfiles);
        }
        closedir(s);
    }
    closedir(d);
    CHECK(ndirs >= 1 && nfiles > 0, "found %d files in %d folders of %s", nfiles, ndirs, dir);
    printf("sgf_test: %d corpus files in %d folders loaded\n", nfiles, ndirs);
}

int main(void)
{
    test_values();
    test_points();
    test_tree();
    test_errors();
    test_one_line();
    test_hostile();
    test_problem_sgf();
    test_problem_json();
    test_corpus();
    printf("sgf_test: %d passed, %d failed, %d skipped\n", test_passed, test_failed, test_skipped);
    return test_failed ? 1 : 0;
}
