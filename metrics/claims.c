/* claims.c: claim graphs: reading, mass flow and entropy, subgraphs,
 * graph statistics. */
#include <config.h>

#include "claims.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/strbuf.h"
#include "../engines/vp.h"
#include "jsonfield.h"

static const char *const label_names[CLAIMS_NLABELS] = {"correct", "wrong", "unverifiable", "tentative"};

void claims_free(claims_graph *g)
{
    for (int i = 0; g->ids && i < g->n; i++)
        free(g->ids[i]);
    free(g->ids);
    free(g->label);
    free(g->solution);
    free(g->from);
    free(g->to);
    free(g->kind);
    memset(g, 0, sizeof *g);
}

/* An id (whole number or string) as text into buf; 0, or VP_EINVAL. */
static int id_text(const json_t *v, char *buf, size_t len)
{
    if (json_is_integer(v))
        snprintf(buf, len, "%lld", (long long)json_integer_value(v));
    else if (json_is_string(v) && json_string_value(v)[0])
        snprintf(buf, len, "%s", json_string_value(v));
    else
        return VP_EINVAL;
    return 0;
}

/* The ids in sorted order, for lookups. */
typedef struct id_slot {
    const char *id;
    int index;
} id_slot;

static int by_id(const void *a, const void *b)
{
    return strcmp(((const id_slot *)a)->id, ((const id_slot *)b)->id);
}

/* The index of the node named id, or -1. */
static int lookup(const claims_graph *g, const id_slot *order, const char *id)
{
    int lo = 0, hi = g->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = strcmp(order[mid].id, id);
        if (!c)
            return order[mid].index;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static int parse_nodes(const json_t *nodes, claims_graph *g, char *err)
{
    size_t n = json_array_size(nodes);
    g->ids = calloc(n ? n : 1, sizeof *g->ids);
    g->label = calloc(n ? n : 1, sizeof *g->label);
    g->solution = calloc(n ? n : 1, 1);
    if (!g->ids || !g->label || !g->solution)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const json_t *e = json_array_get(nodes, i);
        char id[128], why[VP_ERRLEN];
        if (!json_is_object(e))
            return vp_fail(err, VP_EINVAL, "nodes[%zu]: expected an object, got %s", i, jsonfield_kind(e));
        const json_t *idv = json_object_get(e, "id");
        if (!idv || id_text(idv, id, sizeof id))
            return vp_fail(err, VP_EINVAL, "nodes[%zu]: field 'id': %s", i,
                           idv ? "expected a whole number or a non-empty string" : "missing");
        if (!(g->ids[i] = strdup(id)))
            return vp_fail(err, VP_ENOMEM, "out of memory");
        g->n = (int)i + 1;
        const char *label;
        if (jsonfield_string(e, "label", 1, &label, why))
            return vp_fail(err, VP_EINVAL, "nodes[%zu] (id %s): %s", i, id, why);
        g->label[i] = -1;
        for (int k = 0; k < CLAIMS_NLABELS; k++)
            if (!strcmp(label, label_names[k]))
                g->label[i] = k;
        if (g->label[i] < 0)
            return vp_fail(err, VP_EINVAL,
                           "nodes[%zu] (id %s): field 'label': \"%.20s\" is not correct, wrong, unverifiable or tentative",
                           i, id, label);
        int sol = 0;
        if (jsonfield_bool(e, "solution", 0, &sol, why) < 0)
            return vp_fail(err, VP_EINVAL, "nodes[%zu] (id %s): %s", i, id, why);
        g->solution[i] = (unsigned char)sol;
    }
    return 0;
}

/* Keeps the first of each repeated (from, to) pair, in input order. */
static int by_ends(const void *a, const void *b)
{
    const int *x = a, *y = b;
    for (int i = 0; i < 3; i++)
        if (x[i] != y[i])
            return x[i] < y[i] ? -1 : 1;
    return 0;
}

static int drop_repeated_edges(claims_graph *g, char *err)
{
    int e = g->nedges, *t = malloc((size_t)(e ? e : 1) * 3 * sizeof *t);
    unsigned char *drop = calloc((size_t)(e ? e : 1), 1);
    if (!t || !drop) {
        free(t);
        free(drop);
        return vp_fail(err, VP_ENOMEM, "out of memory");
    }
    for (int i = 0; i < e; i++) {
        t[3 * i] = g->from[i];
        t[3 * i + 1] = g->to[i];
        t[3 * i + 2] = i;
    }
    qsort(t, (size_t)e, 3 * sizeof *t, by_ends);
    for (int i = 1; i < e; i++)
        if (t[3 * i] == t[3 * i - 3] && t[3 * i + 1] == t[3 * i - 2])
            drop[t[3 * i + 2]] = 1;
    int k = 0;
    for (int i = 0; i < e; i++) {
        if (drop[i]) {
            g->duplicate_edges++;
            continue;
        }
        g->from[k] = g->from[i];
        g->to[k] = g->to[i];
        g->kind[k++] = g->kind[i];
    }
    g->nedges = k;
    free(t);
    free(drop);
    return 0;
}

static int parse_edges(const json_t *edges, claims_graph *g, const id_slot *order, char *err)
{
    size_t n = json_array_size(edges);
    g->from = malloc((n ? n : 1) * sizeof *g->from);
    g->to = malloc((n ? n : 1) * sizeof *g->to);
    g->kind = malloc((n ? n : 1) * sizeof *g->kind);
    if (!g->from || !g->to || !g->kind)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const json_t *e = json_array_get(edges, i);
        if (!json_is_object(e))
            return vp_fail(err, VP_EINVAL, "edges[%zu]: expected an object, got %s", i, jsonfield_kind(e));
        int ends[2];
        static const char *const names[2] = {"from", "to"};
        for (int k = 0; k < 2; k++) {
            const json_t *v = json_object_get(e, names[k]);
            char id[128];
            if (!v || id_text(v, id, sizeof id))
                return vp_fail(err, VP_EINVAL, "edges[%zu]: field '%s': %s", i, names[k],
                               v ? "expected a whole number or a non-empty string" : "missing");
            ends[k] = lookup(g, order, id);
            if (ends[k] < 0)
                return vp_fail(err, VP_EINVAL, "edges[%zu]: field '%s': no node has id %s", i, names[k], id);
        }
        if (ends[0] == ends[1])
            return vp_fail(err, VP_EINVAL, "edges[%zu]: node %s is on a cycle (an edge from it to itself)", i,
                           g->ids[ends[0]]);
        const char *kind;
        char why[VP_ERRLEN];
        int rc = jsonfield_string(e, "kind", 0, &kind, why), k = CLAIMS_INFERENCE;
        if (rc < 0)
            return vp_fail(err, VP_EINVAL, "edges[%zu]: %s", i, why);
        if (rc == 0) {
            if (!strcmp(kind, "restatement"))
                k = CLAIMS_RESTATEMENT;
            else if (strcmp(kind, "inference"))
                return vp_fail(err, VP_EINVAL, "edges[%zu]: field 'kind': \"%.20s\" is not inference or restatement",
                               i, kind);
        }
        g->from[g->nedges] = ends[0];
        g->to[g->nedges] = ends[1];
        g->kind[g->nedges++] = k;
    }
    return drop_repeated_edges(g, err);
}

int claims_parse(const json_t *o, claims_graph *g, char *err)
{
    memset(g, 0, sizeof *g);
    if (!json_is_object(o))
        return vp_fail(err, VP_EINVAL, "expected a JSON object, got %s", jsonfield_kind(o));
    const json_t *nodes = json_object_get(o, "nodes"), *edges = json_object_get(o, "edges");
    if (!json_is_array(nodes))
        return vp_fail(err, VP_EINVAL, "field 'nodes': %s", nodes ? "expected an array" : "missing");
    if (json_array_size(nodes) == 0)
        return vp_fail(err, VP_EINVAL, "field 'nodes': empty");
    if (json_array_size(nodes) > INT_MAX / 4)
        return vp_fail(err, VP_ERANGE, "field 'nodes': too many nodes");
    if (edges && !json_is_null(edges) && !json_is_array(edges))
        return vp_fail(err, VP_EINVAL, "field 'edges': expected an array, got %s", jsonfield_kind(edges));
    int rc = parse_nodes(nodes, g, err);
    if (rc)
        return rc;
    id_slot *order = malloc((size_t)g->n * sizeof *order);
    if (!order)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    for (int i = 0; i < g->n; i++) {
        order[i].id = g->ids[i];
        order[i].index = i;
    }
    qsort(order, (size_t)g->n, sizeof *order, by_id);
    for (int i = 1; i < g->n; i++)
        if (!strcmp(order[i].id, order[i - 1].id)) {
            rc = vp_fail(err, VP_EINVAL, "field 'nodes': id %s appears twice", order[i].id);
            break;
        }
    if (rc == 0)
        rc = parse_edges(edges && json_is_array(edges) ? edges : NULL, g, order, err);
    free(order);
    if (rc)
        return rc;
    long long c;
    rc = jsonfield_int(o, "c_star", 0, 1, LLONG_MAX, &c, err);
    if (rc < 0)
        return rc;
    g->c_star = rc == 0 ? c : 0;
    return 0;
}

/* ---- metrics ----------------------------------------------------------------- */

const char *claims_eta(int v, long long c_star, double h, double *eta, double *raw)
{
    *eta = *raw = NAN;
    if (c_star < 1)
        return "undefined: no c_star and no solution nodes";
    double den = log((double)v) - log((double)c_star);
    if ((long long)v != c_star)
        *raw = (log((double)v) - h) / den;
    if (v == 1)
        return "undefined: |V| = 1";
    if ((long long)v == c_star)
        return "undefined: |V| = |C*|";
    if ((long long)v < c_star)
        return "undefined: |V| < |C*|";
    *eta = *raw;
    if (*eta > 1.0) {
        *eta = 1.0;
        return "clamped to 1: the flow is more concentrated than on |C*| claims";
    }
    if (*eta < 0.0) /* only by rounding: h <= log v */
        *eta = 0.0;
    return NULL;
}

/* Adjacency in compressed rows: out[ostart[v] .. ostart[v+1]) and in. */
typedef struct adj {
    int *ostart, *out, *istart, *in;
} adj;

static void adj_free(adj *a)
{
    free(a->ostart);
    free(a->out);
    free(a->istart);
    free(a->in);
}

static int adj_build(const claims_graph *g, adj *a)
{
    int n = g->n, e = g->nedges;
    a->ostart = calloc((size_t)n + 1, sizeof(int));
    a->istart = calloc((size_t)n + 1, sizeof(int));
    a->out = malloc((size_t)(e ? e : 1) * sizeof(int));
    a->in = malloc((size_t)(e ? e : 1) * sizeof(int));
    if (!a->ostart || !a->istart || !a->out || !a->in)
        return VP_ENOMEM;
    for (int i = 0; i < e; i++) {
        a->ostart[g->from[i] + 1]++;
        a->istart[g->to[i] + 1]++;
    }
    for (int v = 0; v < n; v++) {
        a->ostart[v + 1] += a->ostart[v];
        a->istart[v + 1] += a->istart[v];
    }
    int *fo = malloc((size_t)n * sizeof(int)), *fi = malloc((size_t)n * sizeof(int));
    if (!fo || !fi) {
        free(fo);
        free(fi);
        return VP_ENOMEM;
    }
    memcpy(fo, a->ostart, (size_t)n * sizeof(int));
    memcpy(fi, a->istart, (size_t)n * sizeof(int));
    for (int i = 0; i < e; i++) {
        a->out[fo[g->from[i]]++] = g->to[i];
        a->in[fi[g->to[i]]++] = g->from[i];
    }
    free(fo);
    free(fi);
    return 0;
}

/* Kahn's order into topo[]; on a cycle, names a node on it and the cycle. */
static int topo_order(const claims_graph *g, const adj *a, int *topo, char *err)
{
    int n = g->n, k = 0, head = 0;
    int *indeg = malloc((size_t)n * sizeof *indeg);
    if (!indeg)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    for (int v = 0; v < n; v++) {
        indeg[v] = a->istart[v + 1] - a->istart[v];
        if (!indeg[v])
            topo[k++] = v;
    }
    while (head < k) {
        int v = topo[head++];
        for (int j = a->ostart[v]; j < a->ostart[v + 1]; j++)
            if (--indeg[a->out[j]] == 0)
                topo[k++] = a->out[j];
    }
    if (k == n) {
        free(indeg);
        return 0;
    }
    /* Every node left has a predecessor left: walking back n steps from
     * any of them ends on a cycle; walk it once more to name it. */
    int v = 0;
    while (!indeg[v])
        v++;
    for (int s = 0; s < n; s++)
        for (int j = a->istart[v]; j < a->istart[v + 1]; j++)
            if (indeg[a->in[j]]) {
                v = a->in[j];
                break;
            }
    strbuf path;
    strbuf_init(&path);
    int u = v, steps = 0;
    do {
        for (int j = a->istart[u]; j < a->istart[u + 1]; j++)
            if (indeg[a->in[j]]) {
                u = a->in[j];
                break;
            }
        steps++;
    } while (u != v && steps <= n);
    /* the cycle backwards from v has `steps` nodes; print it forwards */
    int *cyc = malloc((size_t)(steps + 1) * sizeof *cyc);
    if (cyc) {
        u = v;
        for (int s = steps; s >= 0; s--) {
            cyc[s] = u;
            for (int j = a->istart[u]; j < a->istart[u + 1]; j++)
                if (indeg[a->in[j]]) {
                    u = a->in[j];
                    break;
                }
        }
        for (int s = 0; s <= steps && s < 12; s++)
            strbuf_printf(&path, "%s%s", s ? " -> " : "", g->ids[cyc[s]]);
        if (steps >= 12)
            strbuf_puts(&path, " -> ...");
        free(cyc);
    }
    char *p = strbuf_take(&path);
    int rc = vp_fail(err, VP_EINVAL, "node %s is on a cycle (%s): a claim graph must be acyclic", g->ids[v],
                     p ? p : "");
    free(p);
    free(indeg);
    return rc;
}

/* Marks in mark[] everything reachable from the marked nodes through the
 * rows (out for descendants, in for ancestors); start nodes stay marked. */
static void reach(int n, const int *start, const int *next, unsigned char *mark, int *stack)
{
    int top = 0;
    for (int v = 0; v < n; v++)
        if (mark[v])
            stack[top++] = v;
    while (top) {
        int v = stack[--top];
        for (int j = start[v]; j < start[v + 1]; j++)
            if (!mark[next[j]]) {
                mark[next[j]] = 1;
                stack[top++] = next[j];
            }
    }
}

static void subgraphs(const claims_graph *g, const adj *a, unsigned char *sol, unsigned char *ver, int *stack,
                      claims_metrics *m)
{
    int n = g->n;
    memcpy(sol, g->solution, (size_t)n);
    reach(n, a->istart, a->in, sol, stack);
    /* D: strict descendants of the solution nodes */
    memset(ver, 0, (size_t)n);
    for (int v = 0; v < n; v++)
        if (g->solution[v])
            for (int j = a->ostart[v]; j < a->ostart[v + 1]; j++)
                ver[a->out[j]] = 1;
    reach(n, a->ostart, a->out, ver, stack);
    /* with their ancestors, outside the solution subgraph */
    reach(n, a->istart, a->in, ver, stack);
    for (int v = 0; v < n; v++) {
        if (sol[v])
            ver[v] = 0;
        m->v_sol += sol[v];
        m->v_ver += ver[v];
    }
    m->ver_sol = m->v_sol ? (double)m->v_ver / m->v_sol : NAN;
}

/* Diameter and average path length: a breadth-first search from every node. */
static void distances(int n, const adj *a, int *dist, int *queue, claims_metrics *m)
{
    double sum = 0;
    long long pairs = 0;
    for (int s = 0; s < n; s++) {
        for (int v = 0; v < n; v++)
            dist[v] = -1;
        int head = 0, tail = 0;
        dist[s] = 0;
        queue[tail++] = s;
        while (head < tail) {
            int v = queue[head++];
            for (int j = a->ostart[v]; j < a->ostart[v + 1]; j++) {
                int w = a->out[j];
                if (dist[w] < 0) {
                    dist[w] = dist[v] + 1;
                    queue[tail++] = w;
                    sum += dist[w];
                    pairs++;
                    if (dist[w] > m->diameter)
                        m->diameter = dist[w];
                }
            }
        }
    }
    m->avg_path_length = pairs ? sum / (double)pairs : 0.0;
}

int claims_compute(const claims_graph *g, claims_metrics *m, char *err)
{
    memset(m, 0, sizeof *m);
    int n = g->n;
    adj a = {0};
    int *topo = malloc((size_t)n * sizeof *topo), *level = calloc((size_t)n, sizeof *level),
        *work = malloc((size_t)n * sizeof *work), *work2 = malloc((size_t)n * sizeof *work2);
    double *mass = calloc((size_t)n, sizeof *mass);
    unsigned char *sol = malloc((size_t)n), *ver = malloc((size_t)n);
    int rc = 0;
    if (!topo || !level || !work || !work2 || !mass || !sol || !ver || adj_build(g, &a))
        rc = vp_fail(err, VP_ENOMEM, "out of memory");
    if (rc == 0)
        rc = topo_order(g, &a, topo, err);
    if (rc == 0) {
        m->v = n;
        m->edges = g->nedges;
        for (int i = 0; i < g->nedges; i++)
            m->restatements += g->kind[i] == CLAIMS_RESTATEMENT;
        for (int v = 0; v < n; v++) {
            m->labels[g->label[v]]++;
            m->sources += a.istart[v + 1] == a.istart[v];
            m->sinks += a.ostart[v + 1] == a.ostart[v];
        }
        /* m = pi N in topological order: m(v) = pi(v) + sum over u -> v of
         * m(u) / outdeg(u); leaves pass their mass to the absorbing state */
        double total = 0;
        for (int k = 0; k < n; k++) {
            int v = topo[k];
            if (a.istart[v + 1] == a.istart[v])
                mass[v] += 1.0 / m->sources;
            int deg = a.ostart[v + 1] - a.ostart[v];
            for (int j = a.ostart[v]; j < a.ostart[v + 1]; j++) {
                mass[a.out[j]] += mass[v] / deg;
                if (level[v] + 1 > level[a.out[j]])
                    level[a.out[j]] = level[v] + 1;
            }
            total += mass[v];
        }
        double h = 0;
        for (int v = 0; v < n; v++) {
            double p = mass[v] / total;
            if (p > 0)
                h -= p * log(p);
        }
        m->h_str = h;
        for (int v = 0; v < n; v++) {
            work[v] = 0;
            if (level[v] > m->depth)
                m->depth = level[v];
        }
        for (int v = 0; v < n; v++)
            if (++work[level[v]] > m->width)
                m->width = work[level[v]];
        subgraphs(g, &a, sol, ver, work, m);
        m->c_star_given = g->c_star > 0;
        m->c_star = g->c_star > 0 ? g->c_star : m->v_sol;
        m->eta_note = claims_eta(n, m->c_star, h, &m->eta, &m->eta_raw);
        distances(n, &a, work, work2, m);
    }
    adj_free(&a);
    free(topo);
    free(level);
    free(work);
    free(work2);
    free(mass);
    free(sol);
    free(ver);
    return rc;
}
