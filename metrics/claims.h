/* claims.h: claim graphs of the reasoning-structure paper: a DAG of atomic
 * claims, edges from premise to conclusion and from a claim to its
 * restatement; the structural entropy of the absorbing chain's mass flow
 * (m found in one topological pass, no matrix inverse), the flow
 * efficiency eta, the solution and verification subgraphs and the classic
 * graph statistics (depth, diameter, average path length, width). */
#ifndef VP_CLAIMS_H
#define VP_CLAIMS_H

#include <jansson.h>

enum { CLAIMS_CORRECT = 0, CLAIMS_WRONG, CLAIMS_UNVERIFIABLE, CLAIMS_TENTATIVE, CLAIMS_NLABELS };
enum { CLAIMS_INFERENCE = 0, CLAIMS_RESTATEMENT = 1 };

/* Invariants after claims_parse: ids are distinct; every edge joins two
 * nodes by index; repeated (from, to) pairs are kept once (the first
 * kind wins); no edge is a self-loop. Cycles are found by claims_compute. */
typedef struct claims_graph {
    int n, nedges, duplicate_edges;
    char **ids;              /* as written; numbers in decimal */
    int *label;              /* CLAIMS_CORRECT ... */
    unsigned char *solution; /* 1 for solution nodes */
    int *from, *to, *kind;   /* edges */
    long long c_star;        /* 0 when the graph gives none */
} claims_graph;

/* Reads {"nodes": [{"id", "label", "solution"}], "edges": [{"from", "to",
 * "kind"}], "c_star": N}; returns 0, or VP_EINVAL / VP_ENOMEM with the
 * field (and node or edge) named in err. Free with claims_free, also after
 * a failure. */
int claims_parse(const json_t *o, claims_graph *g, char *err);
void claims_free(claims_graph *g);

typedef struct claims_metrics {
    double h_str;            /* natural log */
    double eta;              /* the paper's eta clamped to [0, 1]; NAN when undefined */
    double eta_raw;          /* the formula as printed; NAN when its denominator is 0 */
    const char *eta_note;    /* NULL, or why eta is undefined or clamped */
    long long c_star;        /* the value used; 0 when none */
    int c_star_given;        /* 1: from the graph; 0: |V_sol| stands in */
    int v, v_sol, v_ver;
    double ver_sol;          /* |V_ver| / |V_sol|; NAN when V_sol is empty */
    int depth;               /* edges on the longest path */
    int width;               /* most nodes on one level (level: longest path from a source) */
    int diameter;            /* longest shortest directed path */
    double avg_path_length;  /* mean shortest directed path over connected ordered pairs; 0 without pairs */
    int edges, restatements, sources, sinks;
    int labels[CLAIMS_NLABELS];
} claims_metrics;

/* Fills *m; returns 0, or VP_EINVAL naming a node on a cycle (and the
 * cycle) / VP_ENOMEM with the reason in err. */
int claims_compute(const claims_graph *g, claims_metrics *m, char *err);
/* The eta of the paper, (log v - h) / (log v - log c_star), with the
 * policy of claims_metrics: sets *eta, *raw and returns the note or NULL. */
const char *claims_eta(int v, long long c_star, double h, double *eta, double *raw);

#endif
