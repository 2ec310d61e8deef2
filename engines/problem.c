/* problem.c: loading Go problems from SGF and JSON into one neutral record.
 * Setup is applied to a small grid first, so repeats, overlaps and AE are
 * decided in one place for both formats; the lists are then rebuilt in the
 * order the stones were placed. Solution trees are walked with explicit
 * stacks: their depth is bounded only by the SGF limits. */
#include <config.h>

#include "problem.h"

#include <ctype.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "coord.h"
#include "gosym.h"
#include "vp.h"

#define MAXS PROBLEM_MAX_SIZE
#define MAX_FILE_BYTES ((size_t)64 << 20)

/* ---- the record ---------------------------------------------------------- */

void problem_init(problem *p)
{
    memset(p, 0, sizeof *p);
    p->width = p->height = 19;
    p->solution.x = p->solution.y = -1;
}

/* Frees the subtree below root (and root's own strings) without recursion:
 * pop the last child and descend; free a move once it has no children. */
static void free_moves(problem_move *root)
{
    problem_move *m = root;
    while (m) {
        if (m->nchildren > 0) {
            m = m->children[--m->nchildren];
            continue;
        }
        problem_move *up = (m == root) ? NULL : m->parent;
        if (m != root) {
            free(m->comment);
            free(m->children);
            free(m);
        }
        m = up;
    }
    free(root->children);
    free(root->comment);
}

void problem_free(problem *p)
{
    free_moves(&p->solution);
    free(p->comment);
    problem_init(p);
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

problem_move *problem_add_move(problem_move *parent, int color, int x, int y, const char *comment)
{
    if (parent->nchildren == parent->capchildren) {
        if (parent->capchildren > INT_MAX / 2)
            return NULL;
        int cap = parent->capchildren ? parent->capchildren * 2 : 2;
        problem_move **c = realloc(parent->children, (size_t)cap * sizeof *c);
        if (!c)
            return NULL;
        parent->children = c;
        parent->capchildren = cap;
    }
    problem_move *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    if (comment && comment[0] && !(m->comment = dup_str(comment))) {
        free(m);
        return NULL;
    }
    m->color = color;
    m->x = x;
    m->y = y;
    m->parent = parent;
    parent->children[parent->nchildren++] = m;
    return m;
}

/* Appends text to *s on a new line (or sets it); returns 0 or VP_ENOMEM. */
static int append_line(char **s, const char *text)
{
    if (!text || !text[0])
        return 0;
    size_t a = *s ? strlen(*s) : 0, b = strlen(text);
    char *n = realloc(*s, a + b + 2);
    if (!n)
        return VP_ENOMEM;
    if (a)
        n[a++] = '\n';
    memcpy(n + a, text, b + 1);
    *s = n;
    return 0;
}

static int starts_with_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    return strncasecmp(s, w, n) == 0 && !isalpha((unsigned char)s[n]);
}

int problem_comment_verdict(const char *comment)
{
    if (!comment)
        return PROBLEM_UNMARKED;
    while (isspace((unsigned char)*comment))
        comment++;
    if (starts_with_word(comment, "correct") || starts_with_word(comment, "right"))
        return PROBLEM_CORRECT;
    if (starts_with_word(comment, "wrong") || starts_with_word(comment, "incorrect") ||
        starts_with_word(comment, "failure"))
        return PROBLEM_WRONG;
    return PROBLEM_UNMARKED;
}

/* The side a comment names as moving ("Black to play", "white to kill"),
 * the earliest mention winning; PROBLEM_NONE when there is none. */
static int comment_to_move(const char *c)
{
    static const char *const verbs[] = {"play", "move", "live", "kill"};
    if (!c)
        return PROBLEM_NONE;
    for (const char *s = c; *s; s++) {
        int color = starts_with_word(s, "black")   ? PROBLEM_BLACK
                    : starts_with_word(s, "white") ? PROBLEM_WHITE
                                                   : PROBLEM_NONE;
        if (!color || (s > c && isalpha((unsigned char)s[-1])))
            continue;
        const char *t = s + 5;
        while (*t == ' ')
            t++;
        if (!starts_with_word(t, "to"))
            continue;
        t += 2;
        while (*t == ' ')
            t++;
        for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
            if (starts_with_word(t, verbs[i]))
                return color;
    }
    return PROBLEM_NONE;
}

int problem_stone(const problem *p, int x, int y)
{
    for (int i = 0; i < p->nblack; i++)
        if (p->black[i].x == x && p->black[i].y == y)
            return PROBLEM_BLACK;
    for (int i = 0; i < p->nwhite; i++)
        if (p->white[i].x == x && p->white[i].y == y)
            return PROBLEM_WHITE;
    return PROBLEM_NONE;
}

/* ---- setup, shared by both formats ------------------------------------- */

enum { K_AB = 1, K_AW, K_AE, K_MA, K_SQ };

typedef struct loader {
    problem *p;
    const char *name;
    char *err;
    unsigned char color[MAXS][MAXS]; /* current setup stone colours */
    int order[MAXS][MAXS];           /* when each stone was placed */
    int seq;
    unsigned char seen[MAXS][MAXS]; /* which setup property named a point in this node */
    unsigned char marked[MAXS][MAXS], squared[MAXS][MAXS];
} loader;

static const char *kind_id(int kind)
{
    static const char *const ids[] = {"", "AB", "AW", "AE", "MA", "SQ"};
    return ids[kind];
}

/* Sets (x, y) by setup property kind (K_AB, K_AW or K_AE), which names
 * gives in messages, with pt the point's name: FF[4] lets one setup
 * property change a point once per node, so a repeat or an overlap is
 * refused; 0 or VP_EINVAL. */
static int set_point(loader *L, int kind, int x, int y, const char *place, const char *(*names)(int),
                     const char *pt)
{
    int was = L->seen[y][x];
    if (was == kind)
        return vp_fail(L->err, VP_EINVAL, "%s: %s: %s: point '%s' is listed twice", L->name, place, names(kind),
                       pt);
    if (was)
        return vp_fail(L->err, VP_EINVAL, "%s: %s: %s: point '%s' is also in %s (overlap)", L->name, place,
                       names(kind), pt, names(was));
    L->seen[y][x] = (unsigned char)kind;
    if (kind == K_AE) {
        L->color[y][x] = PROBLEM_NONE;
    } else {
        L->color[y][x] = (unsigned char)(kind == K_AB ? PROBLEM_BLACK : PROBLEM_WHITE);
        L->order[y][x] = L->seq++;
    }
    return 0;
}

/* Applies the values of one setup or mark property; place describes where
 * the property is ("line 3, column 5" or "AB entry 2") for messages. */
static int apply_value(loader *L, int kind, const char *v, const char *place)
{
    problem *p = L->p;
    sgf_point pts[PROBLEM_MAX_POINTS];
    int n = 0;
    char why[VP_ERRLEN];
    int rc = sgf_expand(v, p->width, p->height, pts, PROBLEM_MAX_POINTS, &n, why);
    if (rc)
        return vp_fail(L->err, rc, "%s: %s: %s[%s]: %s", L->name, place, kind_id(kind), v, why);
    for (int i = 0; i < n; i++) {
        int x = pts[i].x, y = pts[i].y;
        char pt[3];
        sgf_point_str(x, y, pt);
        if (kind == K_MA || kind == K_SQ) {
            unsigned char *m = kind == K_MA ? &L->marked[y][x] : &L->squared[y][x];
            if (!*m) {
                *m = 1;
                if (kind == K_MA)
                    p->marks[p->nmarks++] = pts[i];
                else
                    p->region[p->nregion++] = pts[i];
            }
            continue;
        }
        if ((rc = set_point(L, kind, x, y, place, kind_id, pt)))
            return rc;
    }
    return 0;
}

typedef struct ordered {
    int order, x, y;
} ordered;

static int by_order(const void *a, const void *b)
{
    int x = ((const ordered *)a)->order, y = ((const ordered *)b)->order;
    return (x > y) - (x < y);
}

/* Rebuilds p->black and p->white from the grid in placement order. */
static void collect_stones(loader *L)
{
    problem *p = L->p;
    ordered o[PROBLEM_MAX_POINTS];
    for (int c = PROBLEM_BLACK; c <= PROBLEM_WHITE; c++) {
        int n = 0;
        for (int y = 0; y < p->height; y++)
            for (int x = 0; x < p->width; x++)
                if (L->color[y][x] == c)
                    o[n++] = (ordered){L->order[y][x], x, y};
        qsort(o, (size_t)n, sizeof o[0], by_order);
        sgf_point *dst = c == PROBLEM_BLACK ? p->black : p->white;
        for (int i = 0; i < n; i++)
            dst[i] = (sgf_point){o[i].x, o[i].y};
        if (c == PROBLEM_BLACK)
            p->nblack = n;
        else
            p->nwhite = n;
    }
}

static int set_size(loader *L, const char *v, const char *place)
{
    int w, h;
    if (sgf_size_parse(v, &w, &h, NULL) || w < 2 || h < 2 || w > MAXS || h > MAXS)
        return vp_fail(L->err, VP_ERANGE,
                       "%s: %s: bad SZ[%s]: a board size is a number from 2 to 19, or \"w:h\"", L->name,
                       place, v);
    L->p->width = w;
    L->p->height = h;
    return 0;
}

static int set_pl(loader *L, const char *v, const char *place)
{
    int c = (v[0] == 'B' || v[0] == 'b') ? PROBLEM_BLACK : (v[0] == 'W' || v[0] == 'w') ? PROBLEM_WHITE : 0;
    if (!c || (v[1] && strcasecmp(v, "black") && strcasecmp(v, "white")))
        return vp_fail(L->err, VP_EINVAL, "%s: %s: PL[%s] is not B or W", L->name, place, v);
    L->p->to_move = c;
    L->p->to_move_from = PROBLEM_FROM_PL;
    return 0;
}

/* Settles to_move once everything is read: PL, else the first move of the
 * main line, else the root comment. */
static void settle_to_move(problem *p)
{
    if (p->to_move_from == PROBLEM_FROM_PL)
        return;
    if (p->solution.nchildren > 0) {
        p->to_move = p->solution.children[0]->color;
        p->to_move_from = PROBLEM_FROM_MOVE;
    } else if ((p->to_move = comment_to_move(p->comment)) != PROBLEM_NONE) {
        p->to_move_from = PROBLEM_FROM_COMMENT;
    } else {
        p->to_move_from = PROBLEM_FROM_NONE;
    }
}

/* A move value on p's board: sets *x, *y (-1 for a pass); 0 or an error. */
static int parse_move(loader *L, const char *id, const char *v, const char *place, int *x, int *y)
{
    problem *p = L->p;
    if (sgf_is_pass(v, p->width, p->height)) {
        *x = *y = -1;
        return 0;
    }
    sgf_point pt;
    if (sgf_point_parse(v, &pt))
        return vp_fail(L->err, VP_EINVAL, "%s: %s: %s[%s] is not a point", L->name, place, id, v);
    if (pt.x >= p->width || pt.y >= p->height)
        return vp_fail(L->err, VP_ERANGE, "%s: %s: %s[%s] is off the %dx%d board", L->name, place, id, v,
                       p->width, p->height);
    *x = pt.x;
    *y = pt.y;
    return 0;
}

/* ---- SGF ----------------------------------------------------------------- */

static void sgf_place(char *buf, size_t n, int line, int col)
{
    if (line > 0)
        snprintf(buf, n, "line %d, column %d", line, col);
    else
        snprintf(buf, n, "(built node)");
}

/* Applies the setup, marks, PL and comment of one node of the main line. */
static int sgf_setup_node(loader *L, const sgf_node *node)
{
    static const char *const ids[] = {"AB", "AW", "AE", "MA", "SQ"};
    static const int kinds[] = {K_AB, K_AW, K_AE, K_MA, K_SQ};
    char place[64];
    memset(L->seen, 0, sizeof L->seen);
    for (int k = 0; k < 5; k++) {
        const sgf_prop *pr = sgf_find(node, ids[k]);
        if (!pr)
            continue;
        sgf_place(place, sizeof place, pr->line, pr->col);
        for (int i = 0; i < pr->nvalues; i++) {
            int rc = apply_value(L, kinds[k], pr->values[i], place);
            if (rc)
                return rc;
        }
    }
    const sgf_prop *pl = sgf_find(node, "PL");
    if (pl) {
        sgf_place(place, sizeof place, pl->line, pl->col);
        int rc = set_pl(L, pl->values[0], place);
        if (rc)
            return rc;
    }
    if (append_line(&L->p->comment, sgf_get(node, "C")))
        return vp_fail(L->err, VP_ENOMEM, "%s: out of memory", L->name);
    return 0;
}

typedef struct sgf_item {
    const sgf_node *node;
    problem_move *attach;
} sgf_item;

/* Makes room for `more` items on the stack; returns 0, or -1 when memory
 * ran out (the stack is then unchanged). */
static int reserve_items(sgf_item **st, size_t n, size_t *cap, size_t more)
{
    if (n + more <= *cap)
        return 0;
    size_t c = *cap ? *cap : 16;
    while (n + more > c)
        c *= 2;
    sgf_item *s = realloc(*st, c * sizeof *s);
    if (!s)
        return -1;
    *st = s;
    *cap = c;
    return 0;
}

/* Turns the SGF nodes in starts[] and below into moves under p->solution.
 * A node without a move adds its comment to the move above it and hands
 * its children to that move; setup inside variations is ignored. */
static int sgf_solution(loader *L, sgf_node *const *starts, int nstarts)
{
    sgf_item *st = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    char place[64];
    for (int i = nstarts - 1; i >= 0; i--) {
        if (reserve_items(&st, n, &cap, 1)) {
            rc = vp_fail(L->err, VP_ENOMEM, "%s: out of memory", L->name);
            goto done;
        }
        st[n++] = (sgf_item){starts[i], &L->p->solution};
    }
    while (n > 0) {
        sgf_item it = st[--n];
        const sgf_node *node = it.node;
        problem_move *attach = it.attach;
        const sgf_prop *b = sgf_find(node, "B"), *w = sgf_find(node, "W");
        sgf_place(place, sizeof place, node->line, node->col);
        if (b && w) {
            rc = vp_fail(L->err, VP_EINVAL, "%s: %s: a node has both B and W moves", L->name, place);
            goto done;
        }
        const char *comment = sgf_get(node, "C");
        if (b || w) {
            const sgf_prop *mv = b ? b : w;
            int x, y;
            sgf_place(place, sizeof place, mv->line, mv->col);
            rc = parse_move(L, mv->id, mv->values[0], place, &x, &y);
            if (rc)
                goto done;
            problem_move *m = problem_add_move(attach, b ? PROBLEM_BLACK : PROBLEM_WHITE, x, y, comment);
            if (!m) {
                rc = vp_fail(L->err, VP_ENOMEM, "%s: out of memory", L->name);
                goto done;
            }
            m->verdict = sgf_find(node, "TE")   ? PROBLEM_CORRECT
                         : sgf_find(node, "BM") ? PROBLEM_WRONG
                                                : problem_comment_verdict(comment);
            attach = m;
        } else if (attach != &L->p->solution && append_line(&attach->comment, comment)) {
            rc = vp_fail(L->err, VP_ENOMEM, "%s: out of memory", L->name);
            goto done;
        }
        if (reserve_items(&st, n, &cap, (size_t)node->nchildren)) {
            rc = vp_fail(L->err, VP_ENOMEM, "%s: out of memory", L->name);
            goto done;
        }
        for (int i = node->nchildren - 1; i >= 0; i--)
            st[n++] = (sgf_item){node->children[i], attach};
    }
done:
    free(st);
    return rc;
}

int problem_from_sgf(const sgf_node *root, const char *name, problem *p, char *err)
{
    loader *L = calloc(1, sizeof *L);
    problem_init(p);
    if (!L)
        return vp_fail(err, VP_ENOMEM, "%s: out of memory", name ? name : "<input>");
    L->p = p;
    L->name = name ? name : "<input>";
    L->err = err;
    int rc = 0;
    char place[64];
    const sgf_prop *sz = sgf_find(root, "SZ");
    if (sz) {
        sgf_place(place, sizeof place, sz->line, sz->col);
        rc = set_size(L, sz->values[0], place);
    }
    /* Setup nodes of the main line before the first move. */
    const sgf_node *n = root;
    if (!rc)
        rc = sgf_setup_node(L, n);
    while (!rc && !sgf_has_move(n) && n->nchildren == 1 && !sgf_has_move(n->children[0])) {
        n = n->children[0];
        rc = sgf_setup_node(L, n);
    }
    if (!rc) {
        if (sgf_has_move(n)) {
            sgf_node *start = (sgf_node *)n;
            rc = sgf_solution(L, &start, 1);
        } else {
            rc = sgf_solution(L, n->children, n->nchildren);
        }
    }
    if (!rc) {
        collect_stones(L);
        settle_to_move(p);
    }
    free(L);
    if (rc)
        problem_free(p);
    return rc;
}

/* ---- JSON ---------------------------------------------------------------- */

/* The list under key in obj: *out is NULL when the key is absent; 0, or
 * VP_EINVAL ("\"key\" is not WHAT") when it is not a list. */
static int json_list(loader *L, json_t *obj, const char *key, const char *what, json_t **out)
{
    *out = json_object_get(obj, key);
    if (*out && !json_is_array(*out))
        return vp_fail(L->err, VP_EINVAL, "%s: \"%s\" is not %s", L->name, key, what);
    return 0;
}

static int json_points(loader *L, json_t *obj, const char *key, int kind)
{
    json_t *a;
    int rc = json_list(L, obj, key, "a list of points", &a);
    if (rc || !a)
        return rc;
    char place[64];
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *v = json_array_get(a, i);
        snprintf(place, sizeof place, "\"%s\" entry %zu", key, i + 1);
        if (!json_is_string(v))
            return vp_fail(L->err, VP_EINVAL, "%s: %s is not a string", L->name, place);
        rc = apply_value(L, kind, json_string_value(v), place);
        if (rc)
            return rc;
    }
    return 0;
}

static const char *json_opt_string(json_t *v) { return json_is_string(v) ? json_string_value(v) : NULL; }

static int json_solution(loader *L, json_t *obj)
{
    json_t *sol;
    int rc = json_list(L, obj, "SOL", "a list", &sol);
    if (rc || !sol)
        return rc;
    char place[64];
    for (size_t i = 0; i < json_array_size(sol); i++) {
        json_t *e = json_array_get(sol, i);
        snprintf(place, sizeof place, "\"SOL\" entry %zu", i + 1);
        if (!json_is_array(e) || json_array_size(e) < 2)
            return vp_fail(L->err, VP_EINVAL, "%s: %s is not a list [colour, point, comment, ...]", L->name,
                           place);
        const char *col = json_opt_string(json_array_get(e, 0));
        const char *pt = json_opt_string(json_array_get(e, 1));
        int color = !col ? 0 : strcmp(col, "B") == 0 ? PROBLEM_BLACK : strcmp(col, "W") == 0 ? PROBLEM_WHITE : 0;
        if (!color)
            return vp_fail(L->err, VP_EINVAL, "%s: %s: the colour is not \"B\" or \"W\"", L->name, place);
        if (!pt)
            return vp_fail(L->err, VP_EINVAL, "%s: %s: the point is not a string", L->name, place);
        for (size_t k = 2; k < json_array_size(e) && k < 4; k++)
            if (!json_is_string(json_array_get(e, k)))
                return vp_fail(L->err, VP_EINVAL, "%s: %s: field %zu is not a string", L->name, place, k + 1);
        int x, y;
        rc = parse_move(L, col, pt, place, &x, &y);
        if (rc)
            return rc;
        const char *comment = json_opt_string(json_array_get(e, 2));
        problem_move *m = problem_add_move(&L->p->solution, color, x, y, comment);
        if (!m || append_line(&m->comment, json_opt_string(json_array_get(e, 3))))
            return vp_fail(L->err, VP_ENOMEM, "%s: out of memory", L->name);
        int v = problem_comment_verdict(m->comment);
        m->verdict = v == PROBLEM_WRONG ? PROBLEM_WRONG : PROBLEM_CORRECT;
    }
    return 0;
}

/* ---- vp's own problem JSON (vp go show --json) ---------------------------- */

static const char *own_key(int kind)
{
    static const char *const ids[] = {"", "\"black\"", "\"white\"", "", "\"marks\"", "\"region\""};
    return ids[kind];
}

/* The point named by entry i of list key (benchmark coordinates, rows from
 * the bottom) as SGF x, y; a pass only where pass_ok. 0 or an error. */
static int own_point(loader *L, const char *key, size_t i, json_t *v, int pass_ok, int *x, int *y, char *name)
{
    const problem *p = L->p;
    char why[VP_ERRLEN];
    int pt;
    if (!json_is_string(v))
        return vp_fail(L->err, VP_EINVAL, "%s: %s entry %zu is not a string", L->name, key, i + 1);
    int rc = coord_parse(json_string_value(v), p->width > p->height ? p->width : p->height, &pt, why);
    if (rc)
        return vp_fail(L->err, rc, "%s: %s entry %zu: %s", L->name, key, i + 1, why);
    if (pt == COORD_PASS) {
        if (!pass_ok)
            return vp_fail(L->err, VP_EINVAL, "%s: %s entry %zu is a pass, not a point", L->name, key, i + 1);
        *x = *y = -1;
        snprintf(name, COORD_BUFLEN, "pass");
        return 0;
    }
    if (pt % 19 >= p->width || pt / 19 >= p->height)
        return vp_fail(L->err, VP_ERANGE, "%s: %s entry %zu: '%s' is off the %dx%d board", L->name, key, i + 1,
                       json_string_value(v), p->width, p->height);
    *x = pt % 19;
    *y = p->height - 1 - pt / 19;
    snprintf(name, COORD_BUFLEN, "%s", json_string_value(v));
    return 0;
}

/* The list of points under key (absent: none), set as kind. */
static int own_points(loader *L, json_t *obj, const char *bare, int kind)
{
    const char *key = own_key(kind);
    json_t *a;
    int rc = json_list(L, obj, bare, "a list of points", &a);
    if (rc || !a)
        return rc;
    for (size_t i = 0; i < json_array_size(a); i++) {
        int x = -1, y = -1;
        char name[COORD_BUFLEN], place[48];
        if ((rc = own_point(L, key, i, json_array_get(a, i), 0, &x, &y, name)))
            return rc;
        snprintf(place, sizeof place, "%s entry %zu", key, i + 1);
        if (kind == K_AB || kind == K_AW) {
            if ((rc = set_point(L, kind, x, y, place, own_key, name)))
                return rc;
            continue;
        }
        unsigned char *m = kind == K_MA ? &L->marked[y][x] : &L->squared[y][x];
        if (*m)
            return vp_fail(L->err, VP_EINVAL, "%s: %s: point '%s' is listed twice", L->name, place, name);
        *m = 1;
        if (kind == K_MA)
            L->p->marks[L->p->nmarks++] = (sgf_point){x, y};
        else
            L->p->region[L->p->nregion++] = (sgf_point){x, y};
    }
    return 0;
}

/* The first moves: a list of {"color", "move", "verdict"}. */
static int own_moves(loader *L, json_t *obj)
{
    json_t *a;
    int rc = json_list(L, obj, "first_moves", "a list", &a);
    if (rc || !a)
        return rc;
    for (size_t i = 0; i < json_array_size(a); i++) {
        json_t *e = json_array_get(a, i);
        const char *col = json_opt_string(json_object_get(e, "color"));
        const char *ver = json_opt_string(json_object_get(e, "verdict"));
        int color = !col ? 0 : !strcmp(col, "black") ? PROBLEM_BLACK : !strcmp(col, "white") ? PROBLEM_WHITE : 0;
        int verdict = !ver                      ? -1
                      : !strcmp(ver, "correct") ? PROBLEM_CORRECT
                      : !strcmp(ver, "wrong")   ? PROBLEM_WRONG
                      : !strcmp(ver, "unmarked") ? PROBLEM_UNMARKED
                                                 : -1;
        if (!json_is_object(e) || json_object_size(e) != 3 || !color || verdict < 0)
            return vp_fail(L->err, VP_EINVAL,
                           "%s: \"first_moves\" entry %zu is not {\"color\": black or white, \"move\", "
                           "\"verdict\": correct, wrong or unmarked}",
                           L->name, i + 1);
        int x = -1, y = -1;
        char name[COORD_BUFLEN];
        if ((rc = own_point(L, "\"first_moves\"", i, json_object_get(e, "move"), 1, &x, &y, name)))
            return rc;
        problem_move *m = problem_add_move(&L->p->solution, color, x, y, NULL);
        if (!m)
            return vp_fail(L->err, VP_ENOMEM, "%s: out of memory", L->name);
        m->verdict = verdict;
    }
    return 0;
}

/* The object `vp go show --json` writes (PROBLEM_JSON_FORMAT, version 1),
 * read back: every key is its own, and an unknown one is refused. */
static int own_body(loader *L, json_t *obj)
{
    static const char *const keys[] = {"format", "format_version", "file",  "size",        "height", "to_play",
                                       "black",  "white",          "marks", "region", "first_moves", "comment"};
    problem *p = L->p;
    const char *k;
    json_t *v;
    json_object_foreach(obj, k, v) {
        size_t i = 0;
        while (i < sizeof keys / sizeof keys[0] && strcmp(k, keys[i]))
            i++;
        if (i == sizeof keys / sizeof keys[0])
            return vp_fail(L->err, VP_EINVAL, "%s: \"%s\" is not a key of %s version 1", L->name, k,
                           PROBLEM_JSON_FORMAT);
    }
    v = json_object_get(obj, "format_version");
    if (!json_is_integer(v) || json_integer_value(v) != 1)
        return vp_fail(L->err, VP_EINVAL, "%s: \"format_version\": only version 1 of %s is read", L->name,
                       PROBLEM_JSON_FORMAT);
    json_t *sz = json_object_get(obj, "size"), *h = json_object_get(obj, "height");
    if (!json_is_integer(sz) || json_integer_value(sz) < 2 || json_integer_value(sz) > MAXS ||
        (h && (!json_is_integer(h) || json_integer_value(h) < 2 || json_integer_value(h) > MAXS)))
        return vp_fail(L->err, VP_ERANGE, "%s: \"size\" (and \"height\") must be a number from 2 to 19",
                       L->name);
    p->width = (int)json_integer_value(sz);
    p->height = h ? (int)json_integer_value(h) : p->width;
    int rc;
    if ((rc = own_points(L, obj, "black", K_AB)) || (rc = own_points(L, obj, "white", K_AW)) ||
        (rc = own_points(L, obj, "marks", K_MA)) || (rc = own_points(L, obj, "region", K_SQ)))
        return rc;
    v = json_object_get(obj, "comment");
    if (v && !json_is_string(v))
        return vp_fail(L->err, VP_EINVAL, "%s: \"comment\" is not a string", L->name);
    if (v && append_line(&p->comment, json_string_value(v)))
        return vp_fail(L->err, VP_ENOMEM, "%s: out of memory", L->name);
    const char *side = json_opt_string(json_object_get(obj, "to_play"));
    if (!side || (strcmp(side, "black") && strcmp(side, "white") && strcmp(side, "unknown")))
        return vp_fail(L->err, VP_EINVAL, "%s: \"to_play\" is not black, white or unknown", L->name);
    if (strcmp(side, "unknown")) {
        p->to_move = side[0] == 'b' ? PROBLEM_BLACK : PROBLEM_WHITE;
        p->to_move_from = PROBLEM_FROM_PL;
    }
    return own_moves(L, obj);
}

static int json_body(loader *L, json_t *obj)
{
    problem *p = L->p;
    int rc;
    if (!json_is_object(obj))
        return vp_fail(L->err, VP_EINVAL, "%s: the JSON text is not an object", L->name);
    json_t *fmt = json_object_get(obj, "format");
    if (fmt && json_is_string(fmt) && !strcmp(json_string_value(fmt), PROBLEM_JSON_FORMAT))
        return own_body(L, obj);
    if (fmt)
        return vp_fail(L->err, VP_EINVAL, "%s: \"format\": not a Go problem (%s, or the keys SZ, AB, AW, C, SOL)",
                       L->name, PROBLEM_JSON_FORMAT);
    static const char *const known[] = {"SZ", "AB", "AW", "AE", "MA", "SQ", "C", "PL", "SOL"};
    size_t nk = 0;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        nk += json_object_get(obj, known[i]) != NULL;
    if (!nk)
        return vp_fail(L->err, VP_EINVAL, "%s: no Go problem in the object (none of the keys SZ, AB, AW, C, SOL)",
                       L->name);
    json_t *sz = json_object_get(obj, "SZ");
    if (json_is_integer(sz)) {
        json_int_t v = json_integer_value(sz);
        if (v < 2 || v > MAXS)
            return vp_fail(L->err, VP_ERANGE, "%s: \"SZ\": bad SZ[%lld]: a board size is a number from 2 to 19",
                           L->name, (long long)v);
        p->width = p->height = (int)v;
    } else if (json_is_string(sz)) {
        if ((rc = set_size(L, json_string_value(sz), "\"SZ\"")))
            return rc;
    } else if (sz) {
        return vp_fail(L->err, VP_EINVAL, "%s: \"SZ\" is neither a string nor a number", L->name);
    }
    if ((rc = json_points(L, obj, "AB", K_AB)) || (rc = json_points(L, obj, "AW", K_AW)) ||
        (rc = json_points(L, obj, "AE", K_AE)) || (rc = json_points(L, obj, "MA", K_MA)) ||
        (rc = json_points(L, obj, "SQ", K_SQ)))
        return rc;
    json_t *c = json_object_get(obj, "C");
    if (c && !json_is_string(c))
        return vp_fail(L->err, VP_EINVAL, "%s: \"C\" is not a string", L->name);
    if (c && append_line(&p->comment, json_string_value(c)))
        return vp_fail(L->err, VP_ENOMEM, "%s: out of memory", L->name);
    json_t *pl = json_object_get(obj, "PL");
    if (pl && (!json_is_string(pl) || (rc = set_pl(L, json_string_value(pl), "\"PL\""))))
        return rc ? rc : vp_fail(L->err, VP_EINVAL, "%s: \"PL\" is not a string", L->name);
    return json_solution(L, obj);
}

int problem_from_json(const char *text, size_t len, const char *name, problem *p, char *err)
{
    problem_init(p);
    name = name ? name : "<input>";
    json_error_t je;
    json_t *obj = json_loadb(text, len, JSON_REJECT_DUPLICATES, &je);
    if (!obj)
        return vp_fail(err, VP_EINVAL, "%s: line %d, column %d: %s", name, je.line, je.column, je.text);
    loader *L = calloc(1, sizeof *L);
    int rc;
    if (!L) {
        rc = vp_fail(err, VP_ENOMEM, "%s: out of memory", name);
    } else {
        L->p = p;
        L->name = name;
        L->err = err;
        rc = json_body(L, obj);
        if (!rc) {
            collect_stones(L);
            settle_to_move(p);
        }
    }
    free(L);
    json_decref(obj);
    if (rc)
        problem_free(p);
    return rc;
}

static int load_unchecked(const char *text, size_t len, const char *name, problem *p, char *err);

int problem_load(const char *text, size_t len, const char *name, problem *p, char *err)
{
    int rc = load_unchecked(text, len, name, p, err);
    if (rc == 0 && (rc = problem_check(p, name ? name : "<input>", err)) != 0)
        problem_free(p);
    return rc;
}

static int load_unchecked(const char *text, size_t len, const char *name, problem *p, char *err)
{
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    /* A UTF-8 byte order mark is not content. */
    if (i == 0 && len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
        text += 3;
        len -= 3;
        while (i < len && isspace((unsigned char)text[i]))
            i++;
    }
    name = name ? name : "<input>";
    if (i < len && text[i] == '{')
        return problem_from_json(text, len, name, p, err);
    problem_init(p);
    if (i >= len || text[i] != '(')
        return vp_fail(err, VP_EINVAL, "%s: neither SGF (starting with '(') nor JSON (starting with '{')",
                       name);
    sgf_collection *c;
    char why[VP_ERRLEN];
    int rc = sgf_parse(text, len, NULL, &c, why);
    if (rc)
        return vp_fail(err, rc, "%s: %s", name, why);
    rc = problem_from_sgf(c->trees[0], name, p, err);
    sgf_collection_free(c);
    return rc;
}

int problem_read_file(const char *path, char **text, size_t *len, char *err)
{
    *text = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return vp_fail(err, VP_EIO, "%s: cannot open for reading: %s", path, strerror(errno));
    size_t cap = 0;
    int rc = 0;
    for (;;) {
        if (*len == cap) {
            if (cap >= MAX_FILE_BYTES) {
                rc = vp_fail(err, VP_ERANGE, "%s: larger than %zu bytes", path, MAX_FILE_BYTES);
                break;
            }
            cap = cap ? 2 * cap : 4096;
            char *t = realloc(*text, cap);
            if (!t) {
                rc = vp_fail(err, VP_ENOMEM, "%s: out of memory", path);
                break;
            }
            *text = t;
        }
        size_t got = fread(*text + *len, 1, cap - *len, f);
        *len += got;
        if (got == 0) {
            if (ferror(f))
                rc = vp_fail(err, VP_EIO, "%s: read error: %s", path, strerror(errno));
            break;
        }
    }
    fclose(f);
    if (rc) {
        free(*text);
        *text = NULL;
        *len = 0;
    }
    return rc;
}

int problem_load_file(const char *path, problem *p, char *err)
{
    problem_init(p);
    char *text;
    size_t len;
    int rc = problem_read_file(path, &text, &len, err);
    if (!rc)
        rc = problem_load(text, len, path, p, err);
    free(text);
    return rc;
}

/* ---- checks -------------------------------------------------------------- */

/* The move after m in pre-order within the tree rooted at root, or NULL
 * after the last one. */
static problem_move *next_move(const problem_move *root, const problem_move *m)
{
    if (m->nchildren > 0)
        return m->children[0];
    /* Climb to the nearest ancestor with a next sibling. */
    while (m != root) {
        const problem_move *up = m->parent;
        int i = 0;
        while (up->children[i] != m)
            i++;
        if (i + 1 < up->nchildren)
            return up->children[i + 1];
        m = up;
    }
    return NULL;
}

int problem_check(const problem *p, const char *name, char *err)
{
    name = name ? name : "<problem>";
    if (p->width < 2 || p->width > MAXS || p->height < 2 || p->height > MAXS)
        return vp_fail(err, VP_ERANGE, "%s: board size %dx%d is not from 2 to 19", name, p->width, p->height);
    unsigned char grid[MAXS][MAXS] = {{0}};
    const struct {
        const char *id;
        const sgf_point *pts;
        int n;
        int stone;
    } lists[] = {{"AB", p->black, p->nblack, 1},
                 {"AW", p->white, p->nwhite, 1},
                 {"MA", p->marks, p->nmarks, 0},
                 {"SQ", p->region, p->nregion, 0}};
    for (int l = 0; l < 4; l++) {
        unsigned char mine[MAXS][MAXS] = {{0}};
        if (lists[l].n < 0 || lists[l].n > PROBLEM_MAX_POINTS)
            return vp_fail(err, VP_ERANGE, "%s: %s has %d points", name, lists[l].id, lists[l].n);
        for (int i = 0; i < lists[l].n; i++) {
            int x = lists[l].pts[i].x, y = lists[l].pts[i].y;
            if (x < 0 || y < 0 || x >= p->width || y >= p->height)
                return vp_fail(err, VP_ERANGE, "%s: %s entry %d (%d, %d) is off the %dx%d board", name,
                               lists[l].id, i + 1, x, y, p->width, p->height);
            if (mine[y][x])
                return vp_fail(err, VP_EINVAL, "%s: %s entry %d (%d, %d) is listed twice", name,
                               lists[l].id, i + 1, x, y);
            mine[y][x] = 1;
            if (lists[l].stone && grid[y][x])
                return vp_fail(err, VP_EINVAL, "%s: %s entry %d (%d, %d) is also in AB (overlap)", name,
                               lists[l].id, i + 1, x, y);
            if (lists[l].stone)
                grid[y][x] = 1;
        }
    }
    /* A chain without liberties cannot arise in play. */
    sgf_point chain[PROBLEM_MAX_POINTS];
    int nchain, dead = problem_find_dead_chain(p, chain, &nchain);
    if (dead != PROBLEM_NONE) {
        char at[3];
        return vp_fail(err, VP_EINVAL,
                       "%s: the %s chain at %s (%d stone%s) has no liberty: this setup cannot arise",
                       name, dead == PROBLEM_BLACK ? "black" : "white",
                       sgf_point_str(chain[0].x, chain[0].y, at), nchain, nchain == 1 ? "" : "s");
    }
    /* Every move of the solution tree. */
    for (const problem_move *m = next_move(&p->solution, &p->solution); m;
         m = next_move(&p->solution, m)) {
        if (m->color != PROBLEM_BLACK && m->color != PROBLEM_WHITE)
            return vp_fail(err, VP_EINVAL, "%s: a solution move has no colour", name);
        int pass = m->x == -1 && m->y == -1;
        if (!pass && (m->x < 0 || m->y < 0 || m->x >= p->width || m->y >= p->height))
            return vp_fail(err, VP_ERANGE, "%s: solution move (%d, %d) is off the %dx%d board", name,
                           m->x, m->y, p->width, p->height);
    }
    return 0;
}

int problem_find_dead_chain(const problem *p, sgf_point *chain, int *n)
{
    unsigned char grid[MAXS][MAXS] = {{0}}, done[MAXS][MAXS] = {{0}};
    int w = p->width, h = p->height;
    *n = 0;
    for (int i = 0; i < p->nblack; i++)
        grid[p->black[i].y][p->black[i].x] = PROBLEM_BLACK;
    for (int i = 0; i < p->nwhite; i++)
        grid[p->white[i].y][p->white[i].x] = PROBLEM_WHITE;
    static const int dx[4] = {1, -1, 0, 0}, dy[4] = {0, 0, 1, -1};
    for (int y0 = 0; y0 < h; y0++) {
        for (int x0 = 0; x0 < w; x0++) {
            int c = grid[y0][x0];
            if (!c || done[y0][x0])
                continue;
            /* chain[] doubles as the flood-fill queue. */
            int len = 0, libs = 0;
            chain[len++] = (sgf_point){x0, y0};
            done[y0][x0] = 1;
            for (int k = 0; k < len; k++) {
                for (int d = 0; d < 4; d++) {
                    int x = chain[k].x + dx[d], y = chain[k].y + dy[d];
                    if (x < 0 || y < 0 || x >= w || y >= h)
                        continue;
                    if (grid[y][x] == PROBLEM_NONE)
                        libs++;
                    else if (grid[y][x] == c && !done[y][x]) {
                        done[y][x] = 1;
                        chain[len++] = (sgf_point){x, y};
                    }
                }
            }
            if (libs == 0) {
                *n = len;
                return c;
            }
        }
    }
    return PROBLEM_NONE;
}

/* ---- writing ------------------------------------------------------------- */

static int add_points(sgf_node *node, const char *id, const sgf_point *pts, int n, char *err)
{
    char buf[3];
    for (int i = 0; i < n; i++) {
        int rc = sgf_add(node, id, sgf_point_str(pts[i].x, pts[i].y, buf), err);
        if (rc)
            return rc;
    }
    return 0;
}

typedef struct wr_item {
    const problem_move *m;
    sgf_node *parent;
} wr_item;

static int write_moves(const problem *p, sgf_node *root, char *err)
{
    wr_item *st = NULL;
    size_t n = 0, cap = 0;
    int rc = 0;
    const problem_move *from = &p->solution;
    sgf_node *into = root;
    for (;;) {
        /* Push from's children in reverse so they come out in order. */
        if (n + (size_t)from->nchildren > cap) {
            while (n + (size_t)from->nchildren > cap)
                cap = cap ? cap * 2 : 16;
            wr_item *s = realloc(st, cap * sizeof *s);
            if (!s) {
                rc = vp_fail(err, VP_ENOMEM, "out of memory");
                break;
            }
            st = s;
        }
        for (int i = from->nchildren - 1; i >= 0; i--)
            st[n++] = (wr_item){from->children[i], into};
        if (n == 0)
            break;
        wr_item it = st[--n];
        const problem_move *m = it.m;
        sgf_node *node = sgf_new_child(it.parent);
        if (!node) {
            rc = vp_fail(err, VP_ENOMEM, "out of memory");
            break;
        }
        char pt[3] = "";
        if (m->x >= 0)
            sgf_point_str(m->x, m->y, pt);
        rc = sgf_add(node, m->color == PROBLEM_WHITE ? "W" : "B", pt, err);
        if (!rc && m->comment)
            rc = sgf_add(node, "C", m->comment, err);
        int said = problem_comment_verdict(m->comment);
        if (!rc && m->verdict != said && m->verdict != PROBLEM_UNMARKED)
            rc = sgf_add(node, m->verdict == PROBLEM_CORRECT ? "TE" : "BM", "1", err);
        if (rc)
            break;
        from = m;
        into = node;
    }
    free(st);
    return rc;
}

int problem_to_sgf(const problem *p, sgf_node **out, char *err)
{
    *out = NULL;
    sgf_node *root = sgf_node_new();
    if (!root)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    char sz[16];
    if (p->width == p->height)
        snprintf(sz, sizeof sz, "%d", p->width);
    else
        snprintf(sz, sizeof sz, "%d:%d", p->width, p->height);
    int rc = sgf_add(root, "GM", "1", err);
    if (!rc)
        rc = sgf_add(root, "FF", "4", err);
    if (!rc)
        rc = sgf_add(root, "CA", "UTF-8", err);
    if (!rc)
        rc = sgf_add(root, "AP", PACKAGE_NAME ":" PACKAGE_VERSION, err);
    if (!rc)
        rc = sgf_add(root, "SZ", sz, err);
    if (!rc && p->to_move != PROBLEM_NONE)
        rc = sgf_add(root, "PL", p->to_move == PROBLEM_BLACK ? "B" : "W", err);
    if (!rc)
        rc = add_points(root, "AB", p->black, p->nblack, err);
    if (!rc)
        rc = add_points(root, "AW", p->white, p->nwhite, err);
    if (!rc && p->comment)
        rc = sgf_add(root, "C", p->comment, err);
    if (!rc)
        rc = add_points(root, "MA", p->marks, p->nmarks, err);
    if (!rc)
        rc = add_points(root, "SQ", p->region, p->nregion, err);
    if (!rc)
        rc = write_moves(p, root, err);
    if (rc) {
        sgf_free(root);
        return rc;
    }
    *out = root;
    return 0;
}

int problem_write_sgf(const problem *p, unsigned flags, strbuf *out, char *err)
{
    sgf_node *root;
    int rc = problem_to_sgf(p, &root, err);
    if (rc)
        return rc;
    rc = sgf_write(root, flags, out, err);
    sgf_free(root);
    return rc;
}

/* ---- transforms ------------------------------------------------------- */

static void map_point(int size, int k, int *x, int *y)
{
    if (*x < 0)
        return; /* a pass */
    int q = gosym_point(size, k, (size - 1 - *y) * 19 + *x);
    *x = q % 19;
    *y = size - 1 - q / 19;
}

int problem_transform(problem *p, int k, int invert, char *err)
{
    if (k < 0 || k >= GOSYM_COUNT)
        return vp_fail(err, VP_EINVAL, "unknown symmetry %d", k);
    if (p->width != p->height && k != 0)
        return vp_fail(err, VP_EINVAL, "symmetries need a square board (this one is %dx%d)", p->width,
                       p->height);
    int size = p->width;
    sgf_point *lists[4] = {p->black, p->white, p->marks, p->region};
    int counts[4] = {p->nblack, p->nwhite, p->nmarks, p->nregion};
    for (int l = 0; l < 4; l++)
        for (int i = 0; i < counts[l]; i++)
            map_point(size, k, &lists[l][i].x, &lists[l][i].y);
    if (invert) {
        /* Colours swap; so does the side to move, keeping the problem the
         * same problem for the other colour. */
        sgf_point tmp[PROBLEM_MAX_POINTS];
        int nb = p->nblack;
        memcpy(tmp, p->black, sizeof tmp);
        memcpy(p->black, p->white, sizeof tmp);
        memcpy(p->white, tmp, sizeof tmp);
        p->nblack = p->nwhite;
        p->nwhite = nb;
        if (p->to_move != PROBLEM_NONE)
            p->to_move = 3 - p->to_move;
    }
    /* Every move of the solution tree. */
    for (problem_move *m = next_move(&p->solution, &p->solution); m;
         m = next_move(&p->solution, m)) {
        map_point(size, k, &m->x, &m->y);
        if (invert && m->color != PROBLEM_NONE)
            m->color = 3 - m->color;
    }
    return 0;
}
