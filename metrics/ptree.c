/* ptree.c: process search trees: reading, rules, repairs, metrics,
 * aggregation; MCTS lines. */
#include <config.h>

#include "ptree.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/coord.h"
#include "jsonfield.h"

/* ---- reading -------------------------------------------------------------- */

static int node_fail(char *err, size_t i, const json_t *e, const char *why)
{
    json_t *id = json_is_object(e) ? json_object_get(e, "id") : NULL;
    if (id && json_is_integer(id))
        return vp_fail(err, VP_EINVAL, "nodes[%zu] (id %lld): %s", i, (long long)json_integer_value(id), why);
    return vp_fail(err, VP_EINVAL, "nodes[%zu]: %s", i, why);
}

static int side_of(const char *s)
{
    if (!strcmp(s, "B") || !strcmp(s, "b") || !strcmp(s, "black") || !strcmp(s, "Black"))
        return 'B';
    if (!strcmp(s, "W") || !strcmp(s, "w") || !strcmp(s, "white") || !strcmp(s, "White"))
        return 'W';
    return 0;
}

/* The index of the node with id among nodes[0..n) (ids increase), or -1. */
static int find_id(const ptree *t, int n, long long id)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2;
        if (t->nodes[mid].id == id)
            return mid;
        if (t->nodes[mid].id < id)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static int parse_node(const json_t *e, size_t i, ptree *t, char *err)
{
    char why[VP_ERRLEN], msg[VP_ERRLEN + 64];
    if (!json_is_object(e)) {
        snprintf(msg, sizeof msg, "expected an object, got %s", jsonfield_kind(e));
        return node_fail(err, i, e, msg);
    }
    ptree_node *nd = &t->nodes[i];
    memset(nd, 0, sizeof *nd);
    long long id;
    const char *type;
    if (jsonfield_int(e, "id", 1, 0, LLONG_MAX, &id, why) || jsonfield_string(e, "type", 1, &type, why))
        return node_fail(err, i, e, why);
    nd->id = id;
    if (!strcmp(type, "root"))
        nd->type = PTREE_ROOT;
    else if (!strcmp(type, "move"))
        nd->type = PTREE_MOVE;
    else if (!strcmp(type, "judgment"))
        nd->type = PTREE_JUDGMENT;
    else {
        snprintf(msg, sizeof msg, "field 'type': \"%.20s\" is not root, move or judgment", type);
        return node_fail(err, i, e, msg);
    }
    if (i > 0 && id <= t->nodes[i - 1].id) {
        snprintf(msg, sizeof msg, "ids must strictly increase in trace order (id %lld comes before it)",
                 t->nodes[i - 1].id);
        return node_fail(err, i, e, msg);
    }
    json_t *parent = json_object_get(e, "parent");
    if (nd->type == PTREE_ROOT) {
        if (i > 0)
            return node_fail(err, i, e, "a second root (there must be exactly one, first, with id 0)");
        if (id != 0)
            return node_fail(err, i, e, "the root must have id 0");
        if (parent && !json_is_null(parent))
            return node_fail(err, i, e, "field 'parent': the root's parent must be null");
        nd->parent = -1;
        return 0;
    }
    if (i == 0)
        return node_fail(err, i, e, "the first node must be the root (type root, id 0, parent null)");
    long long pid;
    if (jsonfield_int(e, "parent", 1, 0, LLONG_MAX, &pid, why))
        return node_fail(err, i, e, why);
    int p = find_id(t, (int)i, pid);
    if (p < 0) {
        snprintf(msg, sizeof msg, "field 'parent': %lld is not the id of an earlier node", pid);
        return node_fail(err, i, e, msg);
    }
    if (t->nodes[p].type == PTREE_JUDGMENT) {
        snprintf(msg, sizeof msg, "field 'parent': node %lld is a judgment (judgments are leaves)", pid);
        return node_fail(err, i, e, msg);
    }
    nd->parent = p;
    if (nd->type == PTREE_JUDGMENT) {
        if (p == 0)
            return node_fail(err, i, e, "a judgment directly under the root (the root has only move children)");
        const char *pol;
        if (jsonfield_string(e, "polarity", 1, &pol, why))
            return node_fail(err, i, e, why);
        if (!strcmp(pol, "win"))
            nd->polarity = PTREE_WIN;
        else if (!strcmp(pol, "lose"))
            nd->polarity = PTREE_LOSE;
        else if (!strcmp(pol, "other") || !strcmp(pol, "undetermined"))
            nd->polarity = PTREE_OTHER;
        else {
            snprintf(msg, sizeof msg, "field 'polarity': \"%.20s\" is not win, lose or other", pol);
            return node_fail(err, i, e, msg);
        }
        return 0;
    }
    const char *side, *pos;
    if (jsonfield_string(e, "side", 1, &side, why) || jsonfield_string(e, "move_pos", 1, &pos, why))
        return node_fail(err, i, e, why);
    nd->side = side_of(side);
    if (!nd->side) {
        snprintf(msg, sizeof msg, "field 'side': \"%.20s\" is not B or W", side);
        return node_fail(err, i, e, msg);
    }
    if (score_parse_point(pos, &nd->pos, why)) {
        snprintf(msg, sizeof msg, "field 'move_pos': %s", why);
        return node_fail(err, i, e, msg);
    }
    return 0;
}

int ptree_parse(const json_t *nodes, ptree *t, char *err)
{
    memset(t, 0, sizeof *t);
    if (!nodes || json_is_null(nodes))
        return vp_fail(err, VP_EINVAL, "field 'nodes': missing");
    if (!json_is_array(nodes))
        return vp_fail(err, VP_EINVAL, "field 'nodes': expected an array, got %s", jsonfield_kind(nodes));
    size_t n = json_array_size(nodes);
    if (n == 0)
        return vp_fail(err, VP_EINVAL, "field 'nodes': empty (no root)");
    if (n > INT_MAX / 4)
        return vp_fail(err, VP_ERANGE, "field 'nodes': too many nodes");
    t->nodes = malloc(n * sizeof *t->nodes);
    if (!t->nodes)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    t->cap = (int)n;
    for (size_t i = 0; i < n; i++) {
        int rc = parse_node(json_array_get(nodes, i), i, t, err);
        if (rc)
            return rc;
        t->n = (int)i + 1;
    }
    int kids = 0;
    for (int i = 1; i < t->n; i++)
        kids += t->nodes[i].parent == 0;
    if (!kids)
        return vp_fail(err, VP_EINVAL, "nodes[0] (id 0): the root has no children (no candidate move)");
    return 0;
}

void ptree_free(ptree *t)
{
    free(t->nodes);
    memset(t, 0, sizeof *t);
}

/* ---- rules that a repair can mend --------------------------------------- */

static const char *move_name(const ptree_node *nd, char *buf)
{
    char c[COORD_BUFLEN];
    snprintf(buf, 16, "%c %s", nd->side, coord_format(nd->pos, 19, c));
    return buf;
}

/* Merges repeated sibling moves: each into the earliest equal sibling. */
static int merge_repeats(ptree *t, int repair, strbuf *log, int *nrep, char *err)
{
    int n = t->n, *canon = malloc((size_t)n * sizeof *canon);
    if (!canon)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    int merged = 0;
    for (int i = 0; i < n; i++) {
        ptree_node *nd = &t->nodes[i];
        canon[i] = i;
        if (i == 0)
            continue;
        nd->parent = canon[nd->parent];
        if (nd->type != PTREE_MOVE)
            continue;
        for (int j = nd->parent + 1; j < i; j++) {
            const ptree_node *o = &t->nodes[j];
            if (canon[j] != j || o->parent != nd->parent || o->type != PTREE_MOVE || o->side != nd->side ||
                o->pos != nd->pos)
                continue;
            char a[16];
            if (!repair) {
                free(canon);
                return vp_fail(err, VP_EINVAL,
                               "nodes[%d] (id %lld): the move %s repeats node %lld under the same parent %lld "
                               "(repeated sibling moves must be merged; --repair merges them)",
                               i, nd->id, move_name(nd, a), o->id, t->nodes[nd->parent].id);
            }
            if (log)
                strbuf_printf(log, "node %lld (%s) merged into its earlier sibling %lld under node %lld\n", nd->id,
                              move_name(nd, a), o->id, t->nodes[nd->parent].id);
            (*nrep)++;
            canon[i] = j;
            merged++;
            break;
        }
    }
    if (merged) {
        int *at = malloc((size_t)n * sizeof *at), k = 0;
        if (!at) {
            free(canon);
            return vp_fail(err, VP_ENOMEM, "out of memory");
        }
        for (int i = 0; i < n; i++) {
            at[i] = canon[i] == i ? k : -1;
            if (canon[i] == i) {
                t->nodes[k] = t->nodes[i];
                if (i > 0)
                    t->nodes[k].parent = at[t->nodes[k].parent];
                k++;
            }
        }
        t->n = k;
        free(at);
    }
    free(canon);
    return 0;
}

/* Closes each move leaf with an "other" judgment placed right after it. */
static int close_branches(ptree *t, int repair, strbuf *log, int *nrep, char *err)
{
    int n = t->n, open = 0;
    int *kids = calloc((size_t)n, sizeof *kids);
    if (!kids)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    for (int i = 1; i < n; i++)
        kids[t->nodes[i].parent]++;
    for (int i = 1; i < n; i++) {
        if (kids[i] || t->nodes[i].type != PTREE_MOVE)
            continue;
        char a[16];
        if (!repair) {
            free(kids);
            return vp_fail(err, VP_EINVAL,
                           "nodes[%d] (id %lld): the move %s is a leaf (every leaf must be a judgment; "
                           "--repair closes open branches)", i, t->nodes[i].id, move_name(&t->nodes[i], a));
        }
        if (log)
            strbuf_printf(log, "node %lld (%s): open branch closed with an 'other' judgment\n", t->nodes[i].id,
                          move_name(&t->nodes[i], a));
        (*nrep)++;
        open++;
    }
    if (open) {
        ptree_node *nn = malloc((size_t)(n + open) * sizeof *nn);
        int *at = malloc((size_t)n * sizeof *at);
        if (!nn || !at) {
            free(nn);
            free(at);
            free(kids);
            return vp_fail(err, VP_ENOMEM, "out of memory");
        }
        int k = 0;
        for (int i = 0; i < n; i++) {
            nn[k] = t->nodes[i];
            nn[k].parent = i ? at[t->nodes[i].parent] : -1;
            at[i] = k++;
            if (i && !kids[i] && t->nodes[i].type == PTREE_MOVE) {
                memset(&nn[k], 0, sizeof nn[k]);
                nn[k].type = PTREE_JUDGMENT;
                nn[k].polarity = PTREE_OTHER;
                nn[k].parent = at[i];
                k++;
            }
        }
        for (int i = 0; i < k; i++)
            nn[i].id = i;
        if (log)
            strbuf_printf(log, "ids renumbered 0..%d in trace order\n", k - 1);
        free(t->nodes);
        t->nodes = nn;
        t->n = t->cap = k;
        free(at);
    }
    free(kids);
    return 0;
}

int ptree_check(ptree *t, int repair, strbuf *log, int *nrepairs, char *err)
{
    int dummy = 0;
    if (!nrepairs)
        nrepairs = &dummy;
    int rc = merge_repeats(t, repair, log, nrepairs, err);
    return rc ? rc : close_branches(t, repair, log, nrepairs, err);
}

/* ---- metrics --------------------------------------------------------------- */

double ptree_search_e(double swr, int sfh, double scr, const double w[3])
{
    return 100.0 * (w[0] * (1.0 - swr) + w[1] * (sfh ? 1.0 : 0.0) + w[2] * (1.0 - scr));
}

int ptree_is_correct(const ptree *t, int i, const score_key *k)
{
    const ptree_node *nd = &t->nodes[i];
    if (nd->type != PTREE_MOVE || nd->parent != 0)
        return 0;
    if (k->to_play && nd->side != k->to_play)
        return 0;
    return score_accepts(k, nd->pos);
}

/* owner[i]: the first-level node above i (i itself at level 1); 0 for the root. */
static void owners(const ptree *t, int *owner)
{
    owner[0] = 0;
    for (int i = 1; i < t->n; i++) {
        int p = t->nodes[i].parent;
        owner[i] = p == 0 ? i : owner[p];
    }
}

void ptree_compute(const ptree *t, const score_key *k, long long tokens, const double w[3], ptree_metrics *m)
{
    int n = t->n;
    memset(m, 0, sizeof *m);
    int *owner = malloc((size_t)n * sizeof *owner), *depth = malloc((size_t)n * sizeof *depth),
        *kids = calloc((size_t)n, sizeof *kids);
    unsigned char *good = calloc((size_t)n, 1);
    if (!owner || !depth || !kids || !good) {
        /* metrics of an unreadable size: all unknown */
        m->swr = m->scr = m->ipn = m->search_e = NAN;
        m->itt = -1;
        free(owner);
        free(depth);
        free(kids);
        free(good);
        return;
    }
    owners(t, owner);
    depth[0] = 0;
    int rank = 0, correct_nodes = 0;
    for (int i = 1; i < n; i++) {
        int p = t->nodes[i].parent;
        depth[i] = depth[p] + 1;
        kids[p]++;
        if (p == 0) {
            rank++;
            good[i] = (unsigned char)ptree_is_correct(t, i, k);
            if (good[i]) {
                m->ncorrect++;
                if (!m->ccer) {
                    m->ccer = rank;
                    m->ccer_node = i;
                }
            }
        }
        correct_nodes += good[owner[i]];
        if (i >= 2 && owner[i] != owner[i - 1])
            m->ssc++;
        if (depth[i] > m->tmd)
            m->tmd = depth[i];
    }
    for (int i = 0; i < n; i++)
        if (kids[i] > m->tmf)
            m->tmf = kids[i];
    m->sbc = kids[0];
    m->tnc = n;
    m->swr = n > 1 ? 1.0 - (double)correct_nodes / (n - 1) : 1.0;
    m->sfh = m->ccer == 1;
    m->scr = m->ccer ? (double)(m->ccer - 1) / m->sbc : 1.0;
    m->itt = tokens;
    m->ipn = tokens >= 0 ? (double)tokens / n : NAN;
    m->search_e = ptree_search_e(m->swr, m->sfh, m->scr, w);
    free(owner);
    free(depth);
    free(kids);
    free(good);
}

/* share[i] from a prefix count: the share of correct items among the first
 * ceil((i + 1) L / np) of L items; correct(j) says whether item j is. */
static void prefix_shares(int L, int np, double *share, const unsigned char *good)
{
    int c = 0, done = 0;
    for (int i = 0; i < np; i++) {
        int upto = L ? (int)(((long long)(i + 1) * L + np - 1) / np) : 0;
        while (done < upto)
            c += good[done++];
        share[i] = upto ? (double)c / upto : 0.0;
    }
}

void ptree_effort(const ptree *t, const score_key *k, int npoints, double *share)
{
    int n = t->n;
    int *owner = malloc((size_t)n * sizeof *owner);
    unsigned char *good = calloc((size_t)n, 1);
    if (!owner || !good) {
        for (int i = 0; i < npoints; i++)
            share[i] = NAN;
        free(owner);
        free(good);
        return;
    }
    owners(t, owner);
    for (int i = 1; i < n; i++)
        good[i - 1] = (unsigned char)ptree_is_correct(t, owner[i], k);
    prefix_shares(n - 1, npoints, share, good);
    free(owner);
    free(good);
}

/* ---- the aggregated tree ----------------------------------------------------- */

void ptree_agg_init(ptree_agg *a) { memset(a, 0, sizeof *a); }

void ptree_agg_free(ptree_agg *a)
{
    free(a->nodes);
    memset(a, 0, sizeof *a);
}

static int agg_new(ptree_agg *a, int parent)
{
    if (a->n == a->cap) {
        int cap = a->cap ? 2 * a->cap : 64;
        ptree_agg_node *nn = realloc(a->nodes, (size_t)cap * sizeof *nn);
        if (!nn)
            return -1;
        a->nodes = nn;
        a->cap = cap;
    }
    ptree_agg_node *x = &a->nodes[a->n];
    memset(x, 0, sizeof *x);
    x->parent = parent;
    x->first = x->next = x->last = -1;
    x->depth = parent >= 0 ? a->nodes[parent].depth + 1 : 0;
    if (parent >= 0) {
        ptree_agg_node *p = &a->nodes[parent];
        if (p->last >= 0)
            a->nodes[p->last].next = a->n;
        else
            p->first = a->n;
        p->last = a->n;
    }
    return a->n++;
}

int ptree_agg_add(ptree_agg *a, const ptree *t, const score_key *k)
{
    int n = t->n;
    if (a->n == 0 && agg_new(a, -1) < 0)
        return VP_ENOMEM;
    int *map = malloc((size_t)n * sizeof *map), *ord = calloc((size_t)n, sizeof *ord),
        *size = malloc((size_t)n * sizeof *size);
    if (!map || !ord || !size) {
        free(map);
        free(ord);
        free(size);
        return VP_ENOMEM;
    }
    map[0] = 0;
    for (int i = 0; i < n; i++)
        size[i] = 1;
    for (int i = n - 1; i > 0; i--)
        size[t->nodes[i].parent] += size[i];
    for (int i = 1; i < n; i++) {
        int p = t->nodes[i].parent, want = ord[p]++, c = a->nodes[map[p]].first;
        for (int j = 0; j < want && c >= 0; j++)
            c = a->nodes[c].next;
        if (c < 0) {
            c = agg_new(a, map[p]);
            if (c < 0) {
                free(map);
                free(ord);
                free(size);
                return VP_ENOMEM;
            }
        }
        map[i] = c;
    }
    for (int i = 0; i < n; i++) {
        ptree_agg_node *x = &a->nodes[map[i]];
        x->weight += size[i];
        x->count++;
        if (i && t->nodes[i].parent == 0 && ptree_is_correct(t, i, k))
            x->correct++;
        if (t->nodes[i].type == PTREE_JUDGMENT)
            for (int c = map[i]; c >= 0; c = a->nodes[c].parent) {
                ptree_agg_node *y = &a->nodes[c];
                if (t->nodes[i].polarity == PTREE_WIN)
                    y->win++;
                else if (t->nodes[i].polarity == PTREE_LOSE)
                    y->lose++;
                else
                    y->other++;
            }
    }
    a->trees++;
    free(map);
    free(ord);
    free(size);
    return 0;
}

/* ---- MCTS lines ------------------------------------------------------------ */

void ptree_mcts_free(ptree_mcts *r)
{
    free(r->file);
    free(r->id);
    free(r->root);
    free(r->model);
    free(r->difficulty);
    free(r->root_point);
    free(r->root_visits);
    free(r->root_first);
    free(r->traj);
    memset(r, 0, sizeof *r);
}

static int opt_string(const json_t *o, const char *path, char **out, char *err)
{
    const char *s;
    int rc = jsonfield_string(o, path, 0, &s, err);
    if (rc < 0)
        return rc;
    if (rc == 0 && !(*out = strdup(s)))
        return vp_fail(err, VP_ENOMEM, "out of memory");
    return 0;
}

static int move_field(const json_t *o, const char *path, int *point, char *err)
{
    const char *s;
    char why[VP_ERRLEN];
    int rc = jsonfield_string(o, path, 1, &s, err);
    if (rc)
        return rc;
    if (score_parse_point(s, point, why))
        return vp_fail(err, VP_EINVAL, "field '%s': %s", path, why);
    return 0;
}

static int parse_root_visits(const json_t *o, ptree_mcts *r, char *err)
{
    const json_t *v = jsonfield_get(o, "root_visits");
    if (!v || !json_is_object(v))
        return vp_fail(err, VP_EINVAL, "field 'root_visits': %s", v ? "expected an object (move -> visits)" : "missing");
    size_t n = json_object_size(v);
    r->root_point = malloc((n ? n : 1) * sizeof *r->root_point);
    r->root_visits = malloc((n ? n : 1) * sizeof *r->root_visits);
    r->root_first = calloc(n ? n : 1, sizeof *r->root_first);
    if (!r->root_point || !r->root_visits || !r->root_first)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    const json_t *first = jsonfield_get(o, "first_visit");
    const char *key;
    json_t *x;
    char why[VP_ERRLEN];
    json_object_foreach((json_t *)v, key, x) {
        int p;
        if (score_parse_point(key, &p, why))
            return vp_fail(err, VP_EINVAL, "field 'root_visits': %s", why);
        if (!json_is_integer(x) || json_integer_value(x) < 0 || json_integer_value(x) > INT_MAX)
            return vp_fail(err, VP_EINVAL, "field 'root_visits.%s': expected a whole number >= 0, got %s", key,
                           jsonfield_kind(x));
        r->root_point[r->nroot] = p;
        r->root_visits[r->nroot] = (int)json_integer_value(x);
        json_t *f = json_is_object(first) ? json_object_get(first, key) : NULL;
        if (f && json_is_integer(f) && json_integer_value(f) > 0 && json_integer_value(f) <= INT_MAX)
            r->root_first[r->nroot] = (int)json_integer_value(f);
        r->nroot++;
    }
    return 0;
}

static int parse_trajectory(const json_t *o, ptree_mcts *r, char *err)
{
    r->top1 = SCORE_NONE;
    const json_t *tr = jsonfield_get(o, "trajectory");
    if (!tr || json_is_null(tr))
        return 0;
    if (!json_is_object(tr))
        return vp_fail(err, VP_EINVAL, "field 'trajectory': expected an object, got %s", jsonfield_kind(tr));
    const json_t *moves = json_object_get(tr, "root_moves");
    char why[VP_ERRLEN];
    if (json_is_array(moves)) {
        size_t n = json_array_size(moves);
        r->traj = malloc((n ? n : 1) * sizeof *r->traj);
        if (!r->traj)
            return vp_fail(err, VP_ENOMEM, "out of memory");
        for (size_t i = 0; i < n; i++) {
            json_t *m = json_array_get(moves, i);
            if (!json_is_string(m) || score_parse_point(json_string_value(m), &r->traj[i], why))
                return vp_fail(err, VP_EINVAL, "field 'trajectory.root_moves[%zu]': expected a move", i);
        }
        r->ntraj = (int)n;
    }
    const json_t *top = json_object_get(tr, "top");
    const json_t *t0 = json_is_array(top) ? json_array_get(top, 0) : NULL;
    if (t0 && json_is_array(t0) && json_integer_value(json_array_get(t0, 0)) == 1 &&
        json_is_string(json_array_get(t0, 1))) {
        if (score_parse_point(json_string_value(json_array_get(t0, 1)), &r->top1, why))
            return vp_fail(err, VP_EINVAL, "field 'trajectory.top[0]': %s", why);
    }
    return 0;
}

/* A fraction in [0, 1] or null: 1 when present, 0 when null, or an error. */
static int opt_fraction(const json_t *o, const char *path, double *v, char *err)
{
    int rc = jsonfield_real(o, path, 0, 0.0, 1.0, v, err);
    return rc < 0 ? rc : rc == 0;
}

int ptree_mcts_parse(const json_t *o, ptree_mcts *r, char *err)
{
    memset(r, 0, sizeof *r);
    r->correct = -1;
    r->top = r->top1 = SCORE_NONE;
    if (!json_is_object(o))
        return vp_fail(err, VP_EINVAL, "expected a JSON object, got %s", jsonfield_kind(o));
    const char *status;
    int rc = jsonfield_string(o, "status", 0, &status, err);
    if (rc < 0)
        return rc;
    r->searched = rc != 0 || !strcmp(status, "searched");
    char idbuf[256];
    if ((rc = opt_string(o, "file", &r->file, err)) || (rc = opt_string(o, "root", &r->root, err)) ||
        (rc = opt_string(o, "model", &r->model, err)))
        return rc;
    rc = jsonfield_text(o, "id", 0, idbuf, sizeof idbuf, err);
    if (rc < 0)
        return rc;
    if (rc == 0 && !(r->id = strdup(idbuf)))
        return vp_fail(err, VP_ENOMEM, "out of memory");
    rc = jsonfield_text(o, "difficulty", 0, idbuf, sizeof idbuf, err);
    if (rc < 0)
        return rc;
    if (rc == 0 && !(r->difficulty = strdup(idbuf)))
        return vp_fail(err, VP_ENOMEM, "out of memory");
    if (!r->file && !r->id)
        return vp_fail(err, VP_EINVAL, "field 'file': missing (an MCTS line names its problem by file or id)");
    const char *side;
    rc = jsonfield_string(o, "to_play", 0, &side, err);
    if (rc < 0)
        return rc;
    if (rc == 0)
        r->to_play = side_of(side);
    if (!r->searched)
        return 0;
    long long v;
    if ((rc = jsonfield_int(o, "playouts", 1, 1, INT_MAX, &v, err)))
        return rc;
    r->playouts = (int)v;
    if ((rc = move_field(o, "top_move", &r->top, err)))
        return rc;
    rc = jsonfield_bool(o, "correct", 0, &r->correct, err);
    if (rc < 0)
        return rc;
    if (rc)
        r->correct = -1;
    if ((rc = parse_root_visits(o, r, err)) || (rc = parse_trajectory(o, r, err)))
        return rc;
    ptree_metrics *m = &r->m;
    if ((rc = opt_fraction(o, "swr", &m->swr, err)) < 0)
        return rc;
    r->has_swr = rc;
    if ((rc = opt_fraction(o, "scr", &m->scr, err)) < 0)
        return rc;
    r->has_scr = rc;
    rc = jsonfield_bool(o, "sfh", 0, &m->sfh, err);
    if (rc < 0)
        return rc;
    r->has_sfh = rc == 0;
    if ((rc = jsonfield_int(o, "ssc", 1, 0, INT_MAX, &v, err)))
        return rc;
    m->ssc = (int)v;
    rc = jsonfield_int(o, "sbc", 0, 0, INT_MAX, &v, err);
    if (rc < 0)
        return rc;
    m->sbc = rc == 0 ? (int)v : r->nroot;
    rc = jsonfield_int(o, "ccer", 0, 1, INT_MAX, &v, err);
    if (rc < 0)
        return rc;
    m->ccer = rc == 0 ? (int)v : 0;
    const json_t *tnc = jsonfield_get(o, "tnc");
    if (json_is_array(tnc) && json_array_size(tnc) > 0)
        tnc = json_array_get(tnc, json_array_size(tnc) - 1);
    if (!tnc || !json_is_integer(tnc) || json_integer_value(tnc) < 1 || json_integer_value(tnc) > INT_MAX)
        return vp_fail(err, VP_EINVAL, "field 'tnc': %s", tnc ? "expected a whole number >= 1 (or a list of them)"
                                                             : "missing");
    m->tnc = (int)json_integer_value(tnc);
    if ((rc = jsonfield_int(o, "max_depth", 1, 0, INT_MAX, &v, err)))
        return rc;
    m->tmd = (int)v;
    if ((rc = jsonfield_int(o, "max_branching", 1, 0, INT_MAX, &v, err)))
        return rc;
    m->tmf = (int)v;
    m->itt = -1;
    m->ipn = NAN;
    return 0;
}

int ptree_mcts_metrics(const ptree_mcts *r, const score_key *k, const double w[3], ptree_metrics *m, int *correct,
                       char *err)
{
    *m = r->m;
    *correct = r->correct;
    if (k) {
        long long share = 0;
        int has_first = 0;
        m->ncorrect = 0;
        m->scr = 1.0;
        for (int i = 0; i < r->nroot; i++) {
            has_first |= r->root_first[i] > 0;
            if (!score_accepts(k, r->root_point[i]))
                continue;
            share += r->root_visits[i];
            if (!m->ncorrect)
                m->scr = (double)i / (r->nroot ? r->nroot : 1);
            m->ncorrect++;
        }
        m->swr = 1.0 - (double)share / r->playouts;
        if (m->swr < 0)
            m->swr = 0;
        *correct = score_accepts(k, r->top);
        if (r->top1 != SCORE_NONE)
            m->sfh = score_accepts(k, r->top1);
        else if (!r->has_sfh)
            return vp_fail(err, VP_EINVAL, "field 'sfh': missing, and no trajectory.top to derive it from");
        if (has_first) {
            int best = 0;
            for (int i = 0; i < r->nroot; i++)
                if (score_accepts(k, r->root_point[i]) && r->root_first[i] && (!best || r->root_first[i] < best))
                    best = r->root_first[i];
            m->ccer = 0;
            if (best) {
                m->ccer = 1;
                for (int i = 0; i < r->nroot; i++)
                    m->ccer += r->root_first[i] && r->root_first[i] < best;
            }
        }
    } else {
        const char *missing = !r->has_swr ? "swr" : !r->has_sfh ? "sfh" : !r->has_scr ? "scr" : NULL;
        if (missing)
            return vp_fail(err, VP_EINVAL, "field '%s': null (the line has no answer set; give --set with its problem)",
                           missing);
    }
    m->search_e = ptree_search_e(m->swr, m->sfh, m->scr, w);
    return 0;
}

int ptree_mcts_effort(const ptree_mcts *r, const score_key *k, int npoints, double *share)
{
    if (!k || r->ntraj == 0)
        return -1;
    unsigned char *good = malloc((size_t)r->ntraj);
    if (!good)
        return -1;
    for (int i = 0; i < r->ntraj; i++)
        good[i] = (unsigned char)score_accepts(k, r->traj[i]);
    prefix_shares(r->ntraj, npoints, share, good);
    free(good);
    return 0;
}
