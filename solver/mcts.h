/* mcts.h: the unguided MCTS/UCT reference search that the TsuGO appendix
 * (section F) runs as "Smargo", on correct rules: PUCT selection with
 * uniform priors, expansion of every legal local move, uniformly random
 * rollouts to a local life-and-death terminal, negamax backup; with the
 * root trajectory, the tree, and the root-level search metrics. */
#ifndef VP_MCTS_H
#define VP_MCTS_H

#include <stdint.h>

#include "../engines/bitboard.h"
#include "../engines/go.h"
#include "ld.h"

#define MCTS_DEFAULT_PLAYOUTS 200
#define MCTS_DEFAULT_C 5.0
#define MCTS_MAX_PLAYOUTS 10000000

/* Root modes: every legal local move, or the moves of a list (K=4). */
enum { MCTS_ROOT_OPEN = 0, MCTS_ROOT_LIST = 1 };

/* What a node is once visited: open (expanded, or not visited yet), or a
 * terminal and why. */
enum { MCTS_OPEN = 0, MCTS_CAPTURED = 1, MCTS_ALIVE = 2, MCTS_NO_MOVES = 3, MCTS_DEPTH = 4, MCTS_NSTATES = 5 };

/*
** The search (all of it documented for users in man/vp.1, "vp go mcts").
**
** The game. The framed board of ld_frame; both sides play only on empty
** points of the region (points emptied by captures included), under go.h's
** rules with simple ko and no superko. There are no passes, in the tree or
** in rollouts. Terminals, tested on every node and after every rollout
** move: the target is captured (no target point holds a defender stone:
** the attacker wins), the target is unconditionally alive (a defender
** stone on a target point is pass-alive by Benson with eyes inside the
** region: the defender wins), the side to move has no legal local move
** (unresolved), or depth_limit moves have been played from the root
** (unresolved). The value of a playout is +1 when the root player (the
** side to play) reaches its goal, -1 when the opponent does, 0 unresolved.
**
** Selection at node s: the child a with the largest
**     Q(s,a) + c * P(s,a) * sqrt(N(s)) / (1 + N(s,a)),
** P = 1 / (number of children), N(s) the visits of s, Q the mean value
** from the view of the side to move at s (0 for an unvisited child);
** exact ties are broken uniformly at random from the search's stream. The
** root is expanded before the first playout, so every playout goes
** through exactly one root child. A node reached for the first time is
** tested for a terminal; if it is none it is expanded (a child for every
** legal local move, in point order) and a rollout runs from it: uniformly
** random legal local moves (own eyes may be filled) until a terminal. The
** value is backed up to every node of the path, negated for the side.
**
** Randomness comes from rng_seed(seed, hash of the framed position and the
** side to move, ...): the result is a function of the problem, the
** options and the seed only.
*/
typedef struct mcts_opts {
    int playouts;       /* 1..MCTS_MAX_PLAYOUTS */
    double c;           /* the exploration constant, >= 0 */
    uint64_t seed;
    int root_mode;      /* MCTS_ROOT_* */
    int nlist;          /* MCTS_ROOT_LIST: the root moves (bb361 points) */
    int list[GO_NPOINTS];
    int depth_limit;    /* moves from the root; 0: the region's area (points) */
} mcts_opts;

/* A tree node. Children of a node are created together and stored
 * contiguously: nodes[first .. first + nchildren). value is the sum of the
 * playout values through the node from the view of color, the player who
 * moved into it (so Q = value / visits). The root is nodes[0] (move
 * GO_PASS, color GO_EMPTY, parent -1). */
typedef struct mcts_node {
    int32_t parent;
    int32_t first;
    int32_t visits;
    int32_t value;
    int16_t move;
    uint16_t nchildren;
    uint16_t depth;
    uint8_t color;
    uint8_t state; /* MCTS_OPEN or the terminal found at the first visit */
} mcts_node;

/*
** The result. Root children are nodes[nodes[0].first + i], 0 <= i < nroot,
** in increasing point order; root_move[i] is the move of child i.
** Trajectory (playout k = 1..playouts at index k-1): path[k-1] is the root
** child playout k went through, outcome[k-1] its value for the root player,
** top[k-1] the root child ranked first after it; tnc[k] is the number of
** tree nodes after k playouts (tnc[0]: the root and its children).
** Ranking of root children (top, order, top-1): more visits first, then the
** larger value sum, then the earlier first visit, then the lower point
** index. first_visit[i] is the playout that first went through child i
** (1-based), 0 for none. order lists the children best first.
** ends[MCTS_*] counts the playouts by how they ended (MCTS_OPEN: never).
*/
typedef struct mcts_result {
    int playouts, to_move, depth_limit;
    int nroot;
    int root_move[GO_NPOINTS];
    int first_visit[GO_NPOINTS];
    int order[GO_NPOINTS];
    int nfiltered;               /* list moves dropped: not legal on empty region points */
    int filtered[GO_NPOINTS];
    int *path, *top, *tnc;
    signed char *outcome;
    int ssc;                     /* changes of the top root move over playouts 1..N */
    int max_depth, max_branching;
    long long rollout_moves;
    int ends[MCTS_NSTATES];
    mcts_node *nodes;
    int nnodes, capnodes;
} mcts_result;

/* The root-level search metrics against a set of correct moves (TsuGO
 * appendices D and F), as fractions in [0, 1]. */
typedef struct mcts_metrics {
    int correct; /* the top-1 move (order[0]) is in the set */
    double swr;  /* 1 - the correct root children's share of root visits */
    int sfh;     /* the top root move after playout 1 is correct */
    int rank;    /* 1-based final rank of the best-ranked correct root child; 0: none */
    double scr;  /* (rank - 1) / nroot, 1 when no correct root child */
    int ccer;    /* 1-based order of first visit of the first correct child; 0: never */
    int ssc, sbc; /* top switches, root branches (nroot) */
} mcts_metrics;

/* Sets o to the defaults: 200 playouts, c = 5, seed 0, open root, depth
 * limit the region's area; returns nothing. */
void mcts_opts_init(mcts_opts *o);

/* Runs the search on p into *r (free it with mcts_result_free, also after
 * a failure); returns 0, or VP_EINVAL (bad options, the frame fails, no
 * legal root move) / VP_ENOMEM with the reason in err. */
int mcts_search(const ld_problem *p, const mcts_opts *o, mcts_result *r, char *err);

/* Frees what r owns and zeroes it; returns nothing. */
void mcts_result_free(mcts_result *r);

/* Fills *m from r against the correct moves answers[0..n) (bb361 points;
 * moves that are not root children count as never visited); returns
 * nothing. */
void mcts_metrics_compute(const mcts_result *r, const int *answers, int n, mcts_metrics *m);

/* 1 when root child a ranks before root child b after the playouts whose
 * statistics are visits/value/first (arrays indexed by child), else 0:
 * the ranking described at mcts_result. */
int mcts_ranks_before(const mcts_result *r, const int *visits, const int *value, const int *first, int a, int b);

/* Options in the K=4 style until a dataset builder exists: key (a legal
 * move of the side to play on an empty region point) first, then the legal
 * empty region points nearest to it by Euclidean distance (ties: the upper
 * row first, then the left column), skipping the points of
 * exclude[0..nexclude). Writes up to n points into out; returns how many
 * (fewer than n when the region has too few), or VP_EINVAL when the frame
 * fails or key is not such a move (err says why). */
int mcts_nearest_options(const ld_problem *p, int key, const int *exclude, int nexclude, int n, int *out,
                         char *err);

/* For tests: plays ngames random local games from p's framed position as
 * rollouts do (the region's area moves at most, each game ending at its
 * first terminal) and compares, after every move, the search's terminal
 * tests (Benson redone on the region's bounding box, and the rules that
 * skip it after moves that cannot create life) with captured / benson_alive
 * run plainly; adds the disagreements to *disagree (set to 0 first).
 * Returns the number of positions compared, or VP_EINVAL when the frame
 * fails / VP_ENOMEM, with err set. */
int mcts_selfcheck(const ld_problem *p, uint64_t seed, int ngames, long long *disagree, char *err);

/* "open", "captured", "alive", "no moves" or "depth" for MCTS_*. */
const char *mcts_state_name(int state);

#endif
