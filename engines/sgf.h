/* sgf.h: reading and writing SGF FF[4] game records as trees of nodes with
 * properties, plus the point, point-list and size helpers the Go stages
 * use. Values are plain strings with escapes resolved; points stay in SGF
 * orientation (x = column from the left, y = row from the TOP, 0-based). */
#ifndef VP_SGF_H
#define VP_SGF_H

#include <stddef.h>

#include "strbuf.h"

#define SGF_MAX_ID 15     /* longest property identifier kept (after FF[3] folding) */
#define SGF_MAX_PROPS 1000 /* distinct properties in one parsed node */

/* Defaults used when sgf_parse gets NULL limits. */
#define SGF_DEFAULT_MAX_BYTES ((size_t)64 << 20)
#define SGF_DEFAULT_MAX_DEPTH 10000
#define SGF_DEFAULT_MAX_NODES 1000000L

/* A property: id holds 1..SGF_MAX_ID uppercase letters; nvalues >= 1 after
 * parsing (a property built in memory may reach 0 values only through
 * sgf_set/sgf_add, which never leave it so). line/col locate the identifier
 * in the parsed text (1-based), 0 for properties built in memory. */
typedef struct sgf_prop {
    char id[SGF_MAX_ID + 1];
    char **values;
    int nvalues, capvalues;
    int line, col;
} sgf_prop;

/* A node: its properties in input order and its children in order; the
 * first child continues the main line, the others are variations. A
 * sequence ";a;b" is a chain of single children, so "(;a(;b;c))" and
 * "(;a;b;c)" are the same tree. parent is NULL for a root. */
typedef struct sgf_node {
    sgf_prop *props;
    int nprops, capprops;
    struct sgf_node *parent;
    struct sgf_node **children;
    int nchildren, capchildren;
    int line, col; /* of the node's ';', 0 when built in memory */
} sgf_node;

/* The game trees of one file, in order; each trees[i] is a root. */
typedef struct sgf_collection {
    sgf_node **trees;
    int ntrees, captrees;
} sgf_collection;

/* Bounds against hostile input: total size, nesting of '(' and node count.
 * Every traversal in this module is iterative, so depth costs heap, not
 * stack. */
typedef struct sgf_limits {
    size_t max_bytes;
    int max_depth;
    long max_nodes;
} sgf_limits;

typedef struct sgf_point {
    int x, y;
} sgf_point;

enum {
    SGF_COMPACT = 1, /* sgf_write: everything on one line */
};

/* Parses text[0..len) (need not be NUL-terminated) into a new collection
 * of at least one tree; lim may be NULL for the defaults. Returns 0 and
 * sets *out, or VP_EINVAL / VP_ERANGE / VP_ENOMEM with "line L, column C:
 * reason" in err (and *out NULL). */
int sgf_parse(const char *text, size_t len, const sgf_limits *lim, sgf_collection **out, char *err);
/* Frees a collection and all its trees; NULL is allowed. */
void sgf_collection_free(sgf_collection *c);

/* A new empty root node, or NULL when out of memory. */
sgf_node *sgf_node_new(void);
/* A new empty node appended as the last child of parent, or NULL when out
 * of memory. */
sgf_node *sgf_new_child(sgf_node *parent);
/* Detaches node from its parent (if any) and frees it with its subtree;
 * NULL is allowed. */
void sgf_free(sgf_node *node);

/* The property with identifier id in node, or NULL when it is absent. */
sgf_prop *sgf_find(const sgf_node *node, const char *id);
/* The first value of property id in node, or NULL when it is absent. */
const char *sgf_get(const sgf_node *node, const char *id);
/* Replaces all values of property id (creating it) by value; returns 0, or
 * VP_EINVAL for an id that is not 1..SGF_MAX_ID uppercase letters, or
 * VP_ENOMEM; err gets the reason. */
int sgf_set(sgf_node *node, const char *id, const char *value, char *err);
/* Appends value to property id (creating it); returns 0, or VP_EINVAL for
 * a bad id, or VP_ENOMEM; err gets the reason. */
int sgf_add(sgf_node *node, const char *id, const char *value, char *err);
/* Removes property id from node; returns 1 when it was there, 0 when not. */
int sgf_remove(sgf_node *node, const char *id);
/* 1 when node has a B or W property (a move), else 0. */
int sgf_has_move(const sgf_node *node);

/* Appends the tree under root to out, escaping ']' and '\' in values; one
 * node per line unless flags has SGF_COMPACT. Returns 0, or VP_ENOMEM with
 * err set. */
int sgf_write(const sgf_node *root, unsigned flags, strbuf *out, char *err);
/* Appends every tree of c to out, one after another; returns 0, or
 * VP_ENOMEM with err set. */
int sgf_write_collection(const sgf_collection *c, unsigned flags, strbuf *out, char *err);

/* Parses a point "pd" (letters a-z then A-Z, as FF[4] allows up to 52):
 * returns 0 and sets *pt, or VP_EINVAL when v is not two such letters. */
int sgf_point_parse(const char *v, sgf_point *pt);
/* Writes the two-letter name of (x, y), 0 <= x, y < 52, into buf (3
 * bytes); returns buf. */
char *sgf_point_str(int x, int y, char *buf);
/* 1 when v, the value of a B or W move on a w x h board, is a pass ("", or
 * "tt" on boards up to 19x19), else 0. */
int sgf_is_pass(const char *v, int w, int h);
/* Appends the points of one value of a point list ("pd", or a rectangle
 * "aa:cc" in any corner order) to out[*n..max), advancing *n; returns 0,
 * or VP_EINVAL for a malformed value, or VP_ERANGE for a point off the
 * w x h board or more than max points, with the reason in err. */
int sgf_expand(const char *v, int w, int h, sgf_point *out, int max, int *n, char *err);
/* Parses an SZ value, "19" or "19:13" (columns:rows), each 1..52; returns
 * 0 and sets *w, *h, or VP_EINVAL / VP_ERANGE with the reason in err. */
int sgf_size_parse(const char *v, int *w, int *h, char *err);
/* The text after the first ':' of a compose value ("aa:label" gives
 * "label"), or NULL when v has no ':'. */
const char *sgf_compose_second(const char *v);

#endif
