/* ptree.h: TsuGO process search trees (the node list of appendix C): reading
 * and the structural rules, the two repairs of the extraction protocol, the
 * per-tree metrics of appendix D, the share of effort on the correct branch
 * over normalised progress (figure 6), the aggregated tree of a group
 * (figure 4), and the same root-level metrics for a line of `vp go mcts
 * --json`, so that models and search baselines share one table. */
#ifndef VP_PTREE_H
#define VP_PTREE_H

#include <jansson.h>

#include "../engines/strbuf.h"
#include "score.h"

enum { PTREE_ROOT = 0, PTREE_MOVE = 1, PTREE_JUDGMENT = 2 };
enum { PTREE_WIN = 0, PTREE_LOSE = 1, PTREE_OTHER = 2 };

/* Invariants after ptree_parse and ptree_check: nodes[] is in trace order
 * (tau) with strictly increasing ids; nodes[0] is the only root (id 0);
 * every other node's parent is an earlier node that is not a judgment;
 * root children are moves; moves have a side and a point. After
 * ptree_check also: no two sibling moves are the same move, every leaf is
 * a judgment. */
typedef struct ptree_node {
    long long id;
    int parent;   /* index in nodes[] of the parent; -1 for the root */
    int type;     /* PTREE_ROOT, PTREE_MOVE, PTREE_JUDGMENT */
    int side;     /* moves: 'B' or 'W' */
    int pos;      /* moves: bb361 point or COORD_PASS */
    int polarity; /* judgments: PTREE_WIN, PTREE_LOSE, PTREE_OTHER */
} ptree_node;

typedef struct ptree {
    ptree_node *nodes;
    int n, cap;
} ptree;

/* Reads a TsuGO node list and checks the rules no repair can mend (one
 * root with id 0 and parent null, ids strictly increasing, parents earlier
 * and not judgments, only moves under the root, moves with side and
 * move_pos, known types and polarities); returns 0, or VP_EINVAL /
 * VP_ENOMEM with the node and field named in err. Free with ptree_free,
 * also after a failure. */
int ptree_parse(const json_t *nodes, ptree *t, char *err);
/* Checks the rules a repair can mend: repeated sibling moves and leaves
 * that are not judgments. Without repair: returns 0, or VP_EINVAL naming
 * the first violation. With repair: merges each repeated move into its
 * earlier sibling (children moved over) and closes each open branch with
 * an "other" judgment right after its last node, renumbering ids 0..n-1
 * when nodes were added; appends one line per repair to log (when not
 * NULL), adds their number to *nrepairs; returns 0, or VP_EINVAL when a
 * rule still fails (a root without children) / VP_ENOMEM. */
int ptree_check(ptree *t, int repair, strbuf *log, int *nrepairs, char *err);
void ptree_free(ptree *t);

typedef struct ptree_metrics {
    int ccer;        /* first-appearance rank of the first correct candidate, 1-based; 0: absent (infinite) */
    int ccer_node;   /* formula (4) read literally: the 1-based place of that candidate among the non-root nodes; 0: absent */
    double swr;      /* share of non-root nodes under wrong candidates, [0, 1] */
    int sfh;         /* the first candidate is correct */
    double scr;      /* (ccer - 1) / sbc, 1 when absent */
    int ssc;         /* owner changes between consecutive non-root nodes */
    int sbc;         /* first-level candidates */
    int tmd, tmf, tnc;
    int ncorrect;    /* correct candidates among the first-level moves */
    long long itt;   /* reasoning tokens, -1 when unknown */
    double ipn;      /* itt / tnc, NAN when unknown */
    double search_e; /* 0..100 under the weights given */
} ptree_metrics;

/* 100 (w[0] (1 - swr) + w[1] sfh + w[2] (1 - scr)); returns it. */
double ptree_search_e(double swr, int sfh, double scr, const double w[3]);
/* 1 when first-level move node i is a correct candidate under k: its
 * point is accepted and its side is the side to play (when k knows it). */
int ptree_is_correct(const ptree *t, int i, const score_key *k);
/* Fills *m for a checked tree against the accepted first moves of k
 * (every accepted move is a correct branch), tokens (-1: unknown) and the
 * SearchE weights w; returns nothing. */
void ptree_compute(const ptree *t, const score_key *k, long long tokens, const double w[3], ptree_metrics *m);
/* The cumulative share of non-root nodes under correct candidates after
 * the first ceil(i L / npoints) of the L non-root nodes, i = 1..npoints,
 * into share[0..npoints); returns nothing. */
void ptree_effort(const ptree *t, const score_key *k, int npoints, double *share);

/* The aggregated tree of a group: trees laid over each other with children
 * matched by their order of appearance under the matched parent. */
typedef struct ptree_agg_node {
    int parent, first, next, last; /* indexes; -1 none */
    int depth;
    double weight;        /* sum over trees of the subtree size */
    int count;            /* trees that have this node */
    int win, lose, other; /* judgments in the subtree, over all trees */
    int correct;          /* trees in which this first-level node is a correct candidate */
} ptree_agg_node;

typedef struct ptree_agg {
    ptree_agg_node *nodes; /* nodes[0] is the root */
    int n, cap, trees;
} ptree_agg;

void ptree_agg_init(ptree_agg *a);
/* Lays t over a; returns 0 or VP_ENOMEM. */
int ptree_agg_add(ptree_agg *a, const ptree *t, const score_key *k);
void ptree_agg_free(ptree_agg *a);

/* A line of `vp go mcts --json` (format vitalpoint-go-mcts). */
typedef struct ptree_mcts {
    char *file, *id, *root, *model, *difficulty; /* id, model, difficulty: NULL when absent */
    int to_play;                                 /* 'B', 'W' or 0 */
    int searched;                                /* status "searched" (or absent) */
    int playouts, correct;                       /* correct: -1 when null */
    int top;                                     /* top_move */
    int nroot;
    int *root_point, *root_visits, *root_first;  /* in the file's (final ranking) order; first 0: never */
    int top1;                                    /* top root move after playout 1, SCORE_NONE unknown */
    int *traj, ntraj;                            /* trajectory.root_moves: root move of each playout */
    int has_swr, has_sfh, has_scr;               /* the line's own values, when not null */
    ptree_metrics m;                             /* the line's own values (ccer 0 when null) */
} ptree_mcts;

/* Reads an MCTS line; returns 0, or VP_EINVAL / VP_ENOMEM with the field
 * named in err. Free with ptree_mcts_free, also after a failure. */
int ptree_mcts_parse(const json_t *o, ptree_mcts *r, char *err);
void ptree_mcts_free(ptree_mcts *r);
/* The root-level metrics of r: recomputed from the root visits against k
 * when k is not NULL (as vp go mcts defines them), else the line's own;
 * sets *m and *correct (-1 unknown); returns 0, or VP_EINVAL naming the
 * missing field when neither is available. */
int ptree_mcts_metrics(const ptree_mcts *r, const score_key *k, const double w[3], ptree_metrics *m, int *correct,
                       char *err);
/* The share of playouts 1..ceil(i N / npoints) whose root move is
 * correct, as ptree_effort; returns 0, or -1 without a trajectory or k. */
int ptree_mcts_effort(const ptree_mcts *r, const score_key *k, int npoints, double *share);

#endif
