/* sgf.c: SGF reading and writing. The parser is a loop over an explicit
 * stack of open game trees, and freeing and writing walk the tree without
 * recursion, so a hostile nesting depth costs heap bounded by the limits,
 * never C stack. */
#include <config.h>

#include "sgf.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vp.h"

/* ---- nodes and properties ---------------------------------------------- */

sgf_node *sgf_node_new(void) { return calloc(1, sizeof(sgf_node)); }

static int grow(void **arr, int *cap, int need, size_t elem)
{
    if (need <= *cap)
        return 0;
    int c = *cap ? *cap : 4;
    while (c < need) {
        if (c > INT_MAX / 2)
            return VP_ENOMEM;
        c *= 2;
    }
    void *p = realloc(*arr, (size_t)c * elem);
    if (!p)
        return VP_ENOMEM;
    *arr = p;
    *cap = c;
    return 0;
}

static int add_child(sgf_node *parent, sgf_node *child)
{
    if (grow((void **)&parent->children, &parent->capchildren, parent->nchildren + 1,
             sizeof *parent->children))
        return VP_ENOMEM;
    parent->children[parent->nchildren++] = child;
    child->parent = parent;
    return 0;
}

sgf_node *sgf_new_child(sgf_node *parent)
{
    sgf_node *n = sgf_node_new();
    if (n && parent && add_child(parent, n)) {
        free(n);
        return NULL;
    }
    return n;
}

static void prop_clear(sgf_prop *p)
{
    for (int i = 0; i < p->nvalues; i++)
        free(p->values[i]);
    free(p->values);
    p->values = NULL;
    p->nvalues = p->capvalues = 0;
}

static void node_release(sgf_node *n)
{
    for (int i = 0; i < n->nprops; i++)
        prop_clear(&n->props[i]);
    free(n->props);
    free(n->children);
    free(n);
}

void sgf_free(sgf_node *node)
{
    if (!node)
        return;
    sgf_node *par = node->parent;
    if (par) {
        for (int i = 0; i < par->nchildren; i++) {
            if (par->children[i] == node) {
                memmove(par->children + i, par->children + i + 1,
                        (size_t)(par->nchildren - i - 1) * sizeof *par->children);
                par->nchildren--;
                break;
            }
        }
        node->parent = NULL;
    }
    /* Post-order through parent links: pop the last child and descend;
     * free a node once it has no children left. */
    sgf_node *n = node;
    while (n) {
        if (n->nchildren > 0) {
            n = n->children[--n->nchildren];
            continue;
        }
        sgf_node *up = (n == node) ? NULL : n->parent;
        node_release(n);
        n = up;
    }
}

void sgf_collection_free(sgf_collection *c)
{
    if (!c)
        return;
    for (int i = 0; i < c->ntrees; i++)
        sgf_free(c->trees[i]);
    free(c->trees);
    free(c);
}

static int valid_id(const char *id)
{
    size_t n = strlen(id);
    if (n == 0 || n > SGF_MAX_ID)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (id[i] < 'A' || id[i] > 'Z')
            return 0;
    return 1;
}

sgf_prop *sgf_find(const sgf_node *node, const char *id)
{
    for (int i = 0; i < node->nprops; i++)
        if (strcmp(node->props[i].id, id) == 0)
            return &node->props[i];
    return NULL;
}

const char *sgf_get(const sgf_node *node, const char *id)
{
    const sgf_prop *p = sgf_find(node, id);
    return (p && p->nvalues > 0) ? p->values[0] : NULL;
}

int sgf_has_move(const sgf_node *node) { return sgf_find(node, "B") || sgf_find(node, "W"); }

/* The property id of node, appended when absent; NULL when out of memory. */
static sgf_prop *prop_get_or_add(sgf_node *node, const char *id)
{
    sgf_prop *p = sgf_find(node, id);
    if (p)
        return p;
    if (grow((void **)&node->props, &node->capprops, node->nprops + 1, sizeof *node->props))
        return NULL;
    p = &node->props[node->nprops++];
    memset(p, 0, sizeof *p);
    memcpy(p->id, id, strlen(id) + 1);
    return p;
}

/* Appends the malloc'd value v to p, which takes ownership on success. */
static int prop_push(sgf_prop *p, char *v)
{
    if (grow((void **)&p->values, &p->capvalues, p->nvalues + 1, sizeof *p->values))
        return VP_ENOMEM;
    p->values[p->nvalues++] = v;
    return 0;
}

static char *dup_str(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

int sgf_add(sgf_node *node, const char *id, const char *value, char *err)
{
    if (!valid_id(id))
        return vp_fail(err, VP_EINVAL, "'%s' is not an SGF property identifier", id);
    char *v = dup_str(value);
    sgf_prop *p = v ? prop_get_or_add(node, id) : NULL;
    if (!p || prop_push(p, v)) {
        free(v);
        if (p && p->nvalues == 0)
            sgf_remove(node, id);
        return vp_fail(err, VP_ENOMEM, "out of memory");
    }
    return 0;
}

int sgf_set(sgf_node *node, const char *id, const char *value, char *err)
{
    if (!valid_id(id))
        return vp_fail(err, VP_EINVAL, "'%s' is not an SGF property identifier", id);
    char *v = dup_str(value);
    if (!v)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    sgf_prop *p = prop_get_or_add(node, id);
    if (p) {
        for (int i = 0; i < p->nvalues; i++)
            free(p->values[i]);
        p->nvalues = 0;
    }
    if (!p || prop_push(p, v)) {
        free(v);
        if (p)
            sgf_remove(node, id);
        return vp_fail(err, VP_ENOMEM, "out of memory");
    }
    return 0;
}

int sgf_remove(sgf_node *node, const char *id)
{
    sgf_prop *p = sgf_find(node, id);
    if (!p)
        return 0;
    prop_clear(p);
    int i = (int)(p - node->props);
    memmove(node->props + i, node->props + i + 1, (size_t)(node->nprops - i - 1) * sizeof *node->props);
    node->nprops--;
    return 1;
}

/* ---- parser ------------------------------------------------------------ */

typedef struct parser {
    const char *s;
    size_t len, pos;
    int line, col;
    char *err;
    long nodes;
    sgf_limits lim;
    char *buf; /* value being read */
    size_t buflen, bufcap;
} parser;

/* An open game tree: the node its variations hang from (NULL for a tree of
 * the collection), the last node of its sequence so far, whether a
 * variation has been seen (no node may follow one), and where '(' was. */
typedef struct frame {
    sgf_node *parent, *last;
    int seen_var;
    int line, col;
} frame;

static int at_end(const parser *P) { return P->pos >= P->len; }
static int cur(const parser *P) { return at_end(P) ? -1 : (unsigned char)P->s[P->pos]; }

/* Length of the line break at the current position (\n, \r\n, \r), or 0. */
static int newline_len(const parser *P)
{
    int c = cur(P);
    if (c == '\n')
        return 1;
    if (c == '\r')
        return (P->pos + 1 < P->len && P->s[P->pos + 1] == '\n') ? 2 : 1;
    return 0;
}

static void advance(parser *P)
{
    int nl = newline_len(P);
    if (nl) {
        P->pos += (size_t)nl;
        P->line++;
        P->col = 1;
    } else {
        P->pos++;
        P->col++;
    }
}

static int is_ws(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }

static void skip_ws(parser *P)
{
    while (!at_end(P) && is_ws(cur(P)))
        advance(P);
}

static int fail_at(parser *P, int code, int line, int col, const char *what)
{
    return vp_fail(P->err, code, "line %d, column %d: %s", line, col, what);
}

static int describe(char *buf, size_t n, int c)
{
    if (c < 0)
        return snprintf(buf, n, "end of input");
    if (c >= 0x20 && c < 0x7f)
        return snprintf(buf, n, "'%c'", c);
    return snprintf(buf, n, "byte 0x%02x", (unsigned)c);
}

static int buf_putc(parser *P, char c)
{
    if (P->buflen + 1 >= P->bufcap) {
        size_t cap = P->bufcap ? P->bufcap * 2 : 256;
        char *b = realloc(P->buf, cap);
        if (!b)
            return VP_ENOMEM;
        P->buf = b;
        P->bufcap = cap;
    }
    P->buf[P->buflen++] = c;
    return 0;
}

/* Reads one "[...]" value at the current '[' into P->buf (NUL-terminated). */
static int read_value(parser *P)
{
    int line = P->line, col = P->col;
    advance(P); /* '[' */
    P->buflen = 0;
    for (;;) {
        int c = cur(P);
        if (c < 0)
            return fail_at(P, VP_EINVAL, line, col, "expected ']' to close a property value");
        if (c == ']') {
            advance(P);
            break;
        }
        if (c == '\\') {
            advance(P);
            if (at_end(P))
                return fail_at(P, VP_EINVAL, line, col, "expected ']' to close a property value");
            int nl = newline_len(P);
            if (nl) { /* soft line break: removed */
                advance(P);
                continue;
            }
            c = cur(P);
        }
        /* Hard line breaks are kept as they are written. */
        int nl = newline_len(P);
        for (int i = 0; i < (nl ? nl : 1); i++)
            if (buf_putc(P, P->s[P->pos + (size_t)i]))
                return vp_fail(P->err, VP_ENOMEM, "out of memory reading a value");
        advance(P);
    }
    if (buf_putc(P, '\0'))
        return vp_fail(P->err, VP_ENOMEM, "out of memory reading a value");
    return 0;
}

static int is_letter(int c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* Reads the properties of a node after its ';'. */
static int read_props(parser *P, sgf_node *node)
{
    for (;;) {
        skip_ws(P);
        if (!is_letter(cur(P)))
            return 0;
        int line = P->line, col = P->col;
        char id[SGF_MAX_ID + 1];
        char raw[24];
        int n = 0, nraw = 0, too_long = 0;
        while (is_letter(cur(P))) {
            int c = cur(P);
            if (nraw < (int)sizeof raw - 1)
                raw[nraw++] = (char)c;
            /* FF[3] long names: lowercase letters are ignored. */
            if (c >= 'A' && c <= 'Z') {
                if (n < SGF_MAX_ID)
                    id[n++] = (char)c;
                else
                    too_long = 1;
            }
            advance(P);
        }
        id[n] = '\0';
        raw[nraw] = '\0';
        char msg[128];
        if (too_long) {
            snprintf(msg, sizeof msg, "property name '%s...' has more than %d capital letters", raw,
                     SGF_MAX_ID);
            return fail_at(P, VP_EINVAL, line, col, msg);
        }
        if (n == 0) {
            snprintf(msg, sizeof msg, "property name '%s' has no capital letter", raw);
            return fail_at(P, VP_EINVAL, line, col, msg);
        }
        skip_ws(P);
        if (cur(P) != '[') {
            snprintf(msg, sizeof msg, "property '%s' has no value (expected '[')", id);
            return fail_at(P, VP_EINVAL, line, col, msg);
        }
        if (node->nprops >= SGF_MAX_PROPS && !sgf_find(node, id)) {
            snprintf(msg, sizeof msg, "more than %d properties in one node", SGF_MAX_PROPS);
            return fail_at(P, VP_ERANGE, line, col, msg);
        }
        sgf_prop *p = prop_get_or_add(node, id);
        if (!p)
            return vp_fail(P->err, VP_ENOMEM, "out of memory");
        if (p->nvalues == 0) {
            p->line = line;
            p->col = col;
        }
        while (cur(P) == '[') {
            int rc = read_value(P);
            if (rc)
                return rc;
            char *v = malloc(P->buflen);
            if (!v || prop_push(p, v)) {
                free(v);
                return vp_fail(P->err, VP_ENOMEM, "out of memory");
            }
            memcpy(v, P->buf, P->buflen);
            skip_ws(P);
        }
    }
}

static int push_frame(frame **st, int *n, int *cap, frame f)
{
    if (grow((void **)st, cap, *n + 1, sizeof **st))
        return VP_ENOMEM;
    (*st)[(*n)++] = f;
    return 0;
}

/* Parses one game tree at the current '(' and appends it to c. */
static int read_tree(parser *P, sgf_collection *c, frame **st, int *cap)
{
    int n = 0;
    char msg[128], what[32];
    frame top = {NULL, NULL, 0, P->line, P->col};
    if (push_frame(st, &n, cap, top))
        return vp_fail(P->err, VP_ENOMEM, "out of memory");
    advance(P); /* '(' */
    while (n > 0) {
        frame *f = &(*st)[n - 1];
        skip_ws(P);
        int ch = cur(P);
        if (ch < 0) {
            snprintf(msg, sizeof msg, "expected ')' to close the game tree opened at line %d, column %d",
                     f->line, f->col);
            return fail_at(P, VP_EINVAL, P->line, P->col, msg);
        }
        if (!f->last && ch != ';')
            return fail_at(P, VP_EINVAL, P->line, P->col, "expected ';' to start a node");
        if (ch == ';') {
            if (f->seen_var)
                return fail_at(P, VP_EINVAL, P->line, P->col,
                               "a node cannot follow a variation (expected '(' or ')')");
            if (P->nodes >= P->lim.max_nodes) {
                snprintf(msg, sizeof msg, "more than %ld nodes", P->lim.max_nodes);
                return fail_at(P, VP_ERANGE, P->line, P->col, msg);
            }
            sgf_node *node = sgf_node_new();
            if (!node)
                return vp_fail(P->err, VP_ENOMEM, "out of memory");
            node->line = P->line;
            node->col = P->col;
            sgf_node *parent = f->last ? f->last : f->parent;
            int rc = parent ? add_child(parent, node)
                            : grow((void **)&c->trees, &c->captrees, c->ntrees + 1, sizeof *c->trees);
            if (rc) {
                free(node);
                return vp_fail(P->err, VP_ENOMEM, "out of memory");
            }
            if (!parent)
                c->trees[c->ntrees++] = node;
            P->nodes++;
            f->last = node;
            advance(P);
            rc = read_props(P, node);
            if (rc)
                return rc;
        } else if (ch == '(') {
            if (n >= P->lim.max_depth) {
                snprintf(msg, sizeof msg, "variations nested more than %d deep", P->lim.max_depth);
                return fail_at(P, VP_ERANGE, P->line, P->col, msg);
            }
            f->seen_var = 1;
            frame g = {f->last, NULL, 0, P->line, P->col};
            if (push_frame(st, &n, cap, g))
                return vp_fail(P->err, VP_ENOMEM, "out of memory");
            advance(P);
        } else if (ch == ')') {
            n--;
            advance(P);
        } else {
            describe(what, sizeof what, ch);
            snprintf(msg, sizeof msg, "unexpected %s between nodes (expected ';', '(' or ')')", what);
            return fail_at(P, VP_EINVAL, P->line, P->col, msg);
        }
    }
    return 0;
}

int sgf_parse(const char *text, size_t len, const sgf_limits *lim, sgf_collection **out, char *err)
{
    *out = NULL;
    parser P = {.s = text, .len = len, .line = 1, .col = 1, .err = err};
    P.lim.max_bytes = lim && lim->max_bytes ? lim->max_bytes : SGF_DEFAULT_MAX_BYTES;
    P.lim.max_depth = lim && lim->max_depth > 0 ? lim->max_depth : SGF_DEFAULT_MAX_DEPTH;
    P.lim.max_nodes = lim && lim->max_nodes > 0 ? lim->max_nodes : SGF_DEFAULT_MAX_NODES;
    if (len > P.lim.max_bytes)
        return vp_fail(err, VP_ERANGE, "line 1, column 1: input of %zu bytes is over the limit of %zu",
                       len, P.lim.max_bytes);
    sgf_collection *c = calloc(1, sizeof *c);
    if (!c)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    frame *st = NULL;
    int cap = 0, rc = 0;
    char what[32], msg[128];
    for (;;) {
        skip_ws(&P);
        if (at_end(&P) && c->ntrees > 0)
            break;
        if (cur(&P) != '(') {
            describe(what, sizeof what, cur(&P));
            snprintf(msg, sizeof msg, "expected '(' to start a game tree, found %s", what);
            rc = fail_at(&P, VP_EINVAL, P.line, P.col, msg);
            break;
        }
        rc = read_tree(&P, c, &st, &cap);
        if (rc)
            break;
    }
    free(st);
    free(P.buf);
    if (rc) {
        sgf_collection_free(c);
        return rc;
    }
    *out = c;
    return 0;
}

/* ---- writer ------------------------------------------------------------ */

static void put_value(strbuf *out, const char *v)
{
    strbuf_puts(out, "[");
    for (const char *p = v; *p;) {
        size_t run = strcspn(p, "]\\");
        if (run) {
            strbuf_printf(out, "%.*s", (int)run, p);
            p += run;
            continue;
        }
        strbuf_puts(out, *p == ']' ? "\\]" : "\\\\");
        p++;
    }
    strbuf_puts(out, "]");
}

static void put_node(strbuf *out, const sgf_node *n)
{
    strbuf_puts(out, ";");
    for (int i = 0; i < n->nprops; i++) {
        const sgf_prop *p = &n->props[i];
        if (p->nvalues == 0)
            continue;
        strbuf_puts(out, p->id);
        for (int j = 0; j < p->nvalues; j++)
            put_value(out, p->values[j]);
    }
}

typedef struct wframe {
    const sgf_node *node;
    int next;
} wframe;

int sgf_write(const sgf_node *root, unsigned flags, strbuf *out, char *err)
{
    const char *nl = (flags & SGF_COMPACT) ? "" : "\n";
    wframe *st = NULL;
    int n = 0, cap = 0;
    const sgf_node *node = root;
    strbuf_puts(out, "(");
    put_node(out, node);
    for (;;) {
        while (node->nchildren == 1) {
            node = node->children[0];
            strbuf_puts(out, nl);
            put_node(out, node);
        }
        if (node->nchildren > 1) {
            if (grow((void **)&st, &cap, n + 1, sizeof *st)) {
                free(st);
                return vp_fail(err, VP_ENOMEM, "out of memory");
            }
            st[n++] = (wframe){node, 0};
        }
        /* Close the finished variation and open the next one. */
        node = NULL;
        while (n > 0) {
            wframe *f = &st[n - 1];
            if (f->next > 0)
                strbuf_puts(out, ")");
            if (f->next < f->node->nchildren) {
                node = f->node->children[f->next++];
                strbuf_puts(out, nl);
                strbuf_puts(out, "(");
                put_node(out, node);
                break;
            }
            n--;
        }
        if (!node)
            break;
    }
    free(st);
    strbuf_puts(out, ")\n");
    if (out->failed)
        return vp_fail(err, VP_ENOMEM, "out of memory writing SGF");
    return 0;
}

int sgf_write_collection(const sgf_collection *c, unsigned flags, strbuf *out, char *err)
{
    for (int i = 0; i < c->ntrees; i++) {
        int rc = sgf_write(c->trees[i], flags, out, err);
        if (rc)
            return rc;
    }
    return 0;
}

/* ---- points ------------------------------------------------------------ */

static int coord_of(int c)
{
    if (c >= 'a' && c <= 'z')
        return c - 'a';
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 26;
    return -1;
}

int sgf_point_parse(const char *v, sgf_point *pt)
{
    if (!v[0] || !v[1] || v[2])
        return VP_EINVAL;
    int x = coord_of((unsigned char)v[0]), y = coord_of((unsigned char)v[1]);
    if (x < 0 || y < 0)
        return VP_EINVAL;
    pt->x = x;
    pt->y = y;
    return 0;
}

char *sgf_point_str(int x, int y, char *buf)
{
    buf[0] = (char)(x < 26 ? 'a' + x : 'A' + x - 26);
    buf[1] = (char)(y < 26 ? 'a' + y : 'A' + y - 26);
    buf[2] = '\0';
    return buf;
}

int sgf_is_pass(const char *v, int w, int h)
{
    return v[0] == '\0' || (strcmp(v, "tt") == 0 && w <= 19 && h <= 19);
}

int sgf_expand(const char *v, int w, int h, sgf_point *out, int max, int *n, char *err)
{
    sgf_point a, b;
    const char *colon = strchr(v, ':');
    if (!colon) {
        if (sgf_point_parse(v, &a))
            return vp_fail(err, VP_EINVAL, "'%s' is not a point", v);
        b = a;
    } else {
        char first[8];
        size_t k = (size_t)(colon - v);
        if (k >= sizeof first)
            return vp_fail(err, VP_EINVAL, "'%s' is not a point or a rectangle", v);
        memcpy(first, v, k);
        first[k] = '\0';
        if (sgf_point_parse(first, &a) || sgf_point_parse(colon + 1, &b))
            return vp_fail(err, VP_EINVAL, "'%s' is not a point or a rectangle", v);
    }
    int x0 = a.x < b.x ? a.x : b.x, x1 = a.x < b.x ? b.x : a.x;
    int y0 = a.y < b.y ? a.y : b.y, y1 = a.y < b.y ? b.y : a.y;
    if (x1 >= w || y1 >= h)
        return vp_fail(err, VP_ERANGE, "'%s' is off the %dx%d board", v, w, h);
    for (int y = y0; y <= y1; y++) {
        for (int x = x0; x <= x1; x++) {
            if (*n >= max)
                return vp_fail(err, VP_ERANGE, "more than %d points", max);
            out[*n].x = x;
            out[*n].y = y;
            (*n)++;
        }
    }
    return 0;
}

static int parse_dim(const char *s, size_t n, int *out)
{
    if (n == 0 || n > 4)
        return VP_EINVAL;
    int v = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return VP_EINVAL;
        v = v * 10 + (s[i] - '0');
    }
    *out = v;
    return 0;
}

int sgf_size_parse(const char *v, int *w, int *h, char *err)
{
    /* Surrounding blanks are tolerated; anything else must be digits. */
    while (*v == ' ')
        v++;
    size_t len = strlen(v);
    while (len > 0 && v[len - 1] == ' ')
        len--;
    const char *colon = memchr(v, ':', len);
    int a, b;
    if (colon) {
        if (parse_dim(v, (size_t)(colon - v), &a) ||
            parse_dim(colon + 1, len - (size_t)(colon - v) - 1, &b))
            return vp_fail(err, VP_EINVAL, "SZ[%s] is not a size (expected \"19\" or \"19:13\")", v);
    } else {
        if (parse_dim(v, len, &a))
            return vp_fail(err, VP_EINVAL, "SZ[%s] is not a size (expected \"19\" or \"19:13\")", v);
        b = a;
    }
    if (a < 1 || a > 52 || b < 1 || b > 52)
        return vp_fail(err, VP_ERANGE, "SZ[%s] is out of range (1 to 52)", v);
    *w = a;
    *h = b;
    return 0;
}

const char *sgf_compose_second(const char *v)
{
    const char *c = strchr(v, ':');
    return c ? c + 1 : NULL;
}
