/* mcts.c: the MCTS/UCT reference search of mcts.h: a node pool that grows
 * by doubling (children stored together, indexes instead of pointers),
 * rollouts on one board copy per playout, and terminal tests cheap enough
 * to run after every move (see status_after). */
#include <config.h>

#include "mcts.h"
#include "ldwin.h"

#include <assert.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../engines/rng.h"
#include "../engines/vp.h"
#include "benson.h"

#define MCTS_STREAM 0x6d637473756374ull /* the search's stream label */

/* What a move did, for status_after. */
enum { MOVE_CAPTURED = 1, MOVE_MERGED = 2 };

typedef struct search {
    const mcts_opts *o;
    mcts_result *r;
    bb361 region, target;
    ld_win win; /* the region's packed window, for the terminal tests */
    int attacker, defender, to_move, limit;
    int incremental; /* the root's target is not alive: see status_after */
    rng rng;
    int *path;       /* node indexes of the current playout, root first */
    go_board root, work;
} search;

void mcts_opts_init(mcts_opts *o)
{
    memset(o, 0, sizeof *o);
    o->playouts = MCTS_DEFAULT_PLAYOUTS;
    o->c = MCTS_DEFAULT_C;
    o->root_mode = MCTS_ROOT_OPEN;
}

const char *mcts_state_name(int state)
{
    switch (state) {
    case MCTS_CAPTURED: return "captured";
    case MCTS_ALIVE: return "alive";
    case MCTS_NO_MOVES: return "no moves";
    case MCTS_DEPTH: return "depth";
    default: return "open";
    }
}

void mcts_result_free(mcts_result *r)
{
    free(r->path);
    free(r->top);
    free(r->tnc);
    free(r->outcome);
    free(r->nodes);
    memset(r, 0, sizeof *r);
}

/* ---- terminals ------------------------------------------------------------------ */

/* 1 when the Benson region through the region point p (not a defender
 * stone) is a candidate eye (ldwin.h), after two quick exits: p's chain
 * has its head (one of its stones) outside the region, as chains joined
 * to the frame do; p is an empty point next to no defender stone. */
static int candidate_region(const search *s, const go_board *b, ld_view *v, int p)
{
    int sp = go_p2s(p), c = b->color[sp], d = s->defender;
    const uint8_t *col = b->color;
    if (c == s->attacker && !bb361_test(&s->region, go_s2p(b->chain[sp])))
        return 0;
    if (c == GO_EMPTY && col[sp - GO_STRIDE] != d && col[sp - 1] != d && col[sp + 1] != d &&
        col[sp + GO_STRIDE] != d)
        return 0;
    return ld_win_candidate(&s->win, b->set, v, p);
}

/* 1 when a defender stone on a target point (on) is pass-alive at b:
 * Benson's algorithm with eyes inside the region, run on the window
 * (mcts_selfcheck compares it with benson_alive), or by benson_alive when
 * the window has too many pieces. */
static int target_alive(const search *s, const go_board *b, ld_view *v, bb361 on)
{
    int a = ld_win_alive(&s->win, b->set, v, &on, 0);
    if (a >= 0)
        return a;
    bb361 alive;
    benson_alive(b, s->defender, &s->region, &alive);
    return bb361_intersects(alive, on);
}

/*
** The terminal state of b after color played p (how: MOVE_*), given that
** the position before the move was not terminal.
**
** Which moves can make the target alive. Benson's verdict is a function
** of the defender's chains, the candidate regions and which chains each
** is vital to (all its empty points are liberties of the chain), and it
** only grows when regions or vitalities are added.
**   - An attacker move that captures nothing leaves the defender's chains
**     and every region's extent as they were; only p's region changed, by
**     losing the empty point p. If p's region is not a candidate now, it
**     was not before either (its empty points only shrank), so Benson sees
**     what it saw before the move, where the target was not alive.
**   - A defender move that captures nothing, joins no two chains and is
**     not on a target point extends one chain X by p (or makes a new one):
**     a region not containing p keeps its extent and candidacy (it is not
**     next to p), and is vital to X + p exactly when it was to X. p's old
**     region becomes the pieces left when p is removed, each next to p: if
**     none is a candidate, the candidates and vitalities are those of
**     before minus p's old region, and Benson cannot find more life.
**   Captures, joins and target points run the full test.
** s->incremental is 0 when the root itself is alive, where "the position
** before was not alive" fails.
*/
static int status_after(const search *s, const go_board *b, int color, int p, int how)
{
    bb361 on = bb361_and(s->target, b->set[s->defender]);
    if (bb361_is_empty(on))
        return MCTS_CAPTURED;
    ld_view v;
    v.ready = 0;
    if (s->incremental && !(how & MOVE_CAPTURED)) {
        if (color == s->attacker && !candidate_region(s, b, &v, p))
            return MCTS_OPEN;
        if (color == s->defender && !(how & MOVE_MERGED) && !bb361_test(&s->target, p)) {
            int x = bb361_x(p), y = bb361_y(p), any = 0;
            int q[4] = {y > 0 ? p - BB361_WIDTH : -1, x > 0 ? p - 1 : -1, x < BB361_WIDTH - 1 ? p + 1 : -1,
                        y < BB361_WIDTH - 1 ? p + BB361_WIDTH : -1};
            for (int k = 0; k < 4 && !any; k++)
                any = q[k] >= 0 && bb361_test(&s->region, q[k]) && go_color_at(b, q[k]) != s->defender &&
                      candidate_region(s, b, &v, q[k]);
            if (!any)
                return MCTS_OPEN;
        }
    }
    return target_alive(s, b, &v, on) ? MCTS_ALIVE : MCTS_OPEN;
}

/* +1 when the root player wins by terminal state t, -1 when it loses, 0
 * when t leaves the problem unresolved. */
static int state_value(const search *s, int t)
{
    if (t == MCTS_CAPTURED)
        return s->to_move == s->attacker ? 1 : -1;
    if (t == MCTS_ALIVE)
        return s->to_move == s->defender ? 1 : -1;
    return 0;
}

/* ---- the tree ----------------------------------------------------------------- */

static int reserve(mcts_result *r, int more)
{
    if ((long long)r->nnodes + more <= r->capnodes)
        return 0;
    long long cap = r->capnodes ? r->capnodes : 1024;
    while (cap < (long long)r->nnodes + more)
        cap *= 2;
    if (cap > INT32_MAX)
        return VP_ENOMEM;
    mcts_node *n = realloc(r->nodes, (size_t)cap * sizeof *n);
    if (!n)
        return VP_ENOMEM;
    r->nodes = n;
    r->capnodes = (int)cap;
    return 0;
}

/* Creates the children of node v at position b (its side to move), one
 * per legal move on an empty region point, or, when list is not NULL, per
 * legal move of list[0..nlist) (the others into r->filtered). Returns 0 or
 * VP_ENOMEM. */
static int expand(search *s, int v, const go_board *b, const int *list, int nlist)
{
    mcts_result *r = s->r;
    int color = go_to_move(b), moves[GO_NPOINTS], n = 0;
    if (list) {
        for (int i = 0; i < nlist; i++) {
            int m = list[i];
            int ok = m >= 0 && m < GO_NPOINTS && bb361_test(&s->region, m) &&
                     go_legal_slot(b, color, go_p2s(m));
            for (int j = 0; ok && j < n; j++)
                ok = moves[j] != m;
            if (ok)
                moves[n++] = m;
            else
                r->filtered[r->nfiltered++] = m;
        }
        /* children in point order, as in open mode */
        for (int i = 1; i < n; i++)
            for (int j = i; j > 0 && moves[j - 1] > moves[j]; j--) {
                int t = moves[j];
                moves[j] = moves[j - 1];
                moves[j - 1] = t;
            }
    } else {
        bb361 cand = bb361_and(b->set[GO_EMPTY], s->region);
        for (int m = bb361_next(&cand, 0); m >= 0; m = bb361_next(&cand, m + 1))
            if (go_legal_slot(b, color, go_p2s(m)))
                moves[n++] = m;
    }
    if (reserve(r, n))
        return VP_ENOMEM;
    mcts_node *nodes = r->nodes;
    int first = r->nnodes, depth = nodes[v].depth + 1;
    for (int i = 0; i < n; i++)
        nodes[first + i] = (mcts_node){.parent = v, .first = -1, .move = (int16_t)moves[i],
                                       .depth = (uint16_t)depth, .color = (uint8_t)color};
    nodes[v].first = first;
    nodes[v].nchildren = (uint16_t)n;
    r->nnodes += n;
    if (n > r->max_branching)
        r->max_branching = n;
    if (n > 0 && depth > r->max_depth)
        r->max_depth = depth;
    return 0;
}

/* The child of v to follow: the largest Q + c P sqrt(N(v)) / (1 + N(v,a)),
 * exact ties broken uniformly at random. */
static int select_child(search *s, int v)
{
    const mcts_node *nodes = s->r->nodes, *pv = &nodes[v];
    double u = s->o->c * sqrt((double)pv->visits) / pv->nchildren;
    int pick = pv->first, ties = 0;
    double best = -HUGE_VAL;
    for (int a = pv->first; a < pv->first + pv->nchildren; a++) {
        int n = nodes[a].visits;
        double score = (n ? (double)nodes[a].value / n : 0.0) + u / (1 + n);
        if (score > best) {
            best = score;
            pick = a;
            ties = 1;
        } else if (score == best && rng_below(&s->rng, (uint64_t)++ties) == 0) {
            pick = a;
        }
    }
    return pick;
}

/* A uniformly random legal move of color among the empty region points,
 * drawn without replacement; GO_PASS when there is none. */
static int random_move(search *s, const go_board *b, int color)
{
    bb361 cand = bb361_and(b->set[GO_EMPTY], s->region);
    int n = bb361_popcount(cand);
    while (n > 0) {
        int p = bb361_select(&cand, (int)rng_below(&s->rng, (uint64_t)n));
        if (go_legal_slot(b, color, go_p2s(p)))
            return p;
        bb361_reset(&cand, p);
        n--;
    }
    return GO_PASS;
}

/* Plays color at p on b; returns MOVE_CAPTURED when the move captured,
 * MOVE_MERGED when it joined two or more chains of color. */
static int play(go_board *b, int color, int p)
{
    int s = go_p2s(p), before = b->captures[color], head = -1, flags = 0;
    const int nb[4] = {s - GO_STRIDE, s - 1, s + 1, s + GO_STRIDE};
    for (int k = 0; k < 4; k++)
        if (b->color[nb[k]] == color) {
            int h = b->chain[nb[k]];
            if (head >= 0 && h != head)
                flags = MOVE_MERGED;
            head = h;
        }
    go_play_legal(b, color, p);
    return flags | (b->captures[color] != before ? MOVE_CAPTURED : 0);
}

/* The rollout from b (depth moves from the root, not terminal); returns
 * its value for the root player and counts how it ended. */
static int rollout(search *s, go_board *b, int depth)
{
    mcts_result *r = s->r;
    for (; depth < s->limit; depth++) {
        int color = go_to_move(b), p = random_move(s, b, color);
        if (p == GO_PASS) {
            r->ends[MCTS_NO_MOVES]++;
            return 0;
        }
        int how = play(b, color, p);
        r->rollout_moves++;
        int t = status_after(s, b, color, p, how);
        if (t != MCTS_OPEN) {
            r->ends[t]++;
            return state_value(s, t);
        }
    }
    r->ends[MCTS_DEPTH]++;
    return 0;
}

/* One playout; returns 0 or VP_ENOMEM. */
static int playout(search *s, int k)
{
    mcts_result *r = s->r;
    go_board *b = &s->work;
    *b = s->root;
    int v = 0, len = 0, how = 0;
    s->path[len++] = 0;
    while (r->nodes[v].nchildren > 0) {
        v = select_child(s, v);
        how = play(b, r->nodes[v].color, r->nodes[v].move);
        s->path[len++] = v;
    }
    mcts_node *leaf = &r->nodes[v];
    int value = 0;
    if (leaf->visits > 0) {
        /* a terminal: expanded nodes always have children */
        value = state_value(s, leaf->state);
        r->ends[leaf->state]++;
    } else {
        int t = status_after(s, b, leaf->color, leaf->move, how);
        if (t == MCTS_OPEN && leaf->depth >= s->limit)
            t = MCTS_DEPTH;
        if (t == MCTS_OPEN) {
            int depth = leaf->depth;
            if (expand(s, v, b, NULL, 0))
                return VP_ENOMEM;
            leaf = &r->nodes[v];
            if (leaf->nchildren == 0)
                t = MCTS_NO_MOVES;
            else
                value = rollout(s, b, depth);
        }
        if (t != MCTS_OPEN) {
            leaf->state = (uint8_t)t;
            value = state_value(s, t);
            r->ends[t]++;
        }
    }
    for (int i = 0; i < len; i++) {
        mcts_node *n = &r->nodes[s->path[i]];
        n->visits++;
        if (i > 0)
            n->value += n->color == s->to_move ? value : -value;
    }
    r->path[k] = s->path[1] - r->nodes[0].first;
    r->outcome[k] = (signed char)value;
    r->tnc[k + 1] = r->nnodes;
    return 0;
}

/* ---- the trajectory ------------------------------------------------------------- */

int mcts_ranks_before(const mcts_result *r, const int *visits, const int *value, const int *first, int a, int b)
{
    if (visits[a] != visits[b])
        return visits[a] > visits[b];
    if (value[a] != value[b])
        return value[a] > value[b];
    int fa = first[a] ? first[a] : INT_MAX, fb = first[b] ? first[b] : INT_MAX;
    if (fa != fb)
        return fa < fb;
    return r->root_move[a] < r->root_move[b];
}

/* first_visit, top, ssc and order from path and outcome. Only the child a
 * playout goes through changes its statistics, and its key only rises (one
 * more visit), so the top after playout k is the better of the top before
 * and that child. */
static int trajectory(mcts_result *r)
{
    int n = r->nroot;
    int *visits = calloc((size_t)n, sizeof *visits), *value = calloc((size_t)n, sizeof *value);
    if (!visits || !value) {
        free(visits);
        free(value);
        return VP_ENOMEM;
    }
    memset(r->first_visit, 0, sizeof r->first_visit);
    int top = 0;
    for (int i = 1; i < n; i++)
        if (mcts_ranks_before(r, visits, value, r->first_visit, i, top))
            top = i;
    r->ssc = 0;
    for (int k = 0; k < r->playouts; k++) {
        int a = r->path[k];
        visits[a]++;
        value[a] += r->outcome[k];
        if (!r->first_visit[a])
            r->first_visit[a] = k + 1;
        int t = top;
        if (a != top && mcts_ranks_before(r, visits, value, r->first_visit, a, top))
            t = a;
        if (k > 0 && t != top)
            r->ssc++;
        top = t;
        r->top[k] = top;
    }
    for (int i = 0; i < n; i++)
        r->order[i] = i;
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && mcts_ranks_before(r, visits, value, r->first_visit, r->order[j], r->order[j - 1]);
             j--) {
            int t = r->order[j];
            r->order[j] = r->order[j - 1];
            r->order[j - 1] = t;
        }
    free(visits);
    free(value);
    return 0;
}

/* ---- the search ------------------------------------------------------------------ */

/* The frame, the window and the players of p for a search or a self-check
 * (depth_limit 0: the region's area); returns 0 or the frame's error. */
static int prepare(search *s, const ld_problem *p, int depth_limit, char *err)
{
    int rc = ld_frame(p, &s->root, err);
    if (rc)
        return rc;
    s->region = p->region;
    s->target = p->target;
    rc = ld_win_init(&s->win, &p->region, p->board.size, p->defender, err);
    if (rc)
        return rc;
    s->attacker = p->attacker;
    s->defender = p->defender;
    s->to_move = p->to_move;
    s->limit = depth_limit ? depth_limit : bb361_popcount(p->region);
    bb361 on = bb361_and(p->target, s->root.set[p->defender]);
    ld_view v;
    v.ready = 0;
    s->incremental = !target_alive(s, &s->root, &v, on);
    return 0;
}

static int setup(search *s, const ld_problem *p, const mcts_opts *o, mcts_result *r, char *err)
{
    memset(r, 0, sizeof *r);
    if (o->playouts < 1 || o->playouts > MCTS_MAX_PLAYOUTS)
        return vp_fail(err, VP_EINVAL, "playouts must be 1..%d (%d)", MCTS_MAX_PLAYOUTS, o->playouts);
    if (!(o->c >= 0) || !isfinite(o->c))
        return vp_fail(err, VP_EINVAL, "the exploration constant must be >= 0");
    if (o->root_mode == MCTS_ROOT_LIST && (o->nlist < 1 || o->nlist > GO_NPOINTS))
        return vp_fail(err, VP_EINVAL, "the root list must hold 1..%d moves", GO_NPOINTS);
    if (o->depth_limit < 0 || o->depth_limit > UINT16_MAX - 1)
        return vp_fail(err, VP_EINVAL, "the depth limit must be 0..%d", UINT16_MAX - 1);
    int rc = prepare(s, p, o->depth_limit, err);
    if (rc)
        return rc;
    s->o = o;
    s->r = r;
    rng_seed(&s->rng, o->seed, go_hash_full(&s->root), MCTS_STREAM, (uint64_t)o->root_mode);
    r->playouts = o->playouts;
    r->to_move = p->to_move;
    r->depth_limit = s->limit;
    r->path = malloc((size_t)o->playouts * sizeof *r->path);
    r->top = malloc((size_t)o->playouts * sizeof *r->top);
    r->tnc = malloc(((size_t)o->playouts + 1) * sizeof *r->tnc);
    r->outcome = malloc((size_t)o->playouts);
    s->path = malloc(((size_t)s->limit + 2) * sizeof *s->path);
    /* room for the root and every playout expanding a node as wide as the
     * region's empty points; captures may need more, and reserve grows */
    long long guess = 1 + (long long)(o->playouts + 1) * bb361_popcount(bb361_and(p->region, s->root.set[GO_EMPTY]));
    if (!r->path || !r->top || !r->tnc || !r->outcome || !s->path ||
        reserve(r, guess < (1 << 20) ? (int)guess : 1 << 20))
        return vp_fail(err, VP_ENOMEM, "out of memory");
    r->nodes[0] = (mcts_node){.parent = -1, .first = -1, .move = GO_PASS, .color = GO_EMPTY};
    r->nnodes = 1;
    if (expand(s, 0, &s->root, o->root_mode == MCTS_ROOT_LIST ? o->list : NULL, o->nlist))
        return vp_fail(err, VP_ENOMEM, "out of memory");
    r->nroot = r->nodes[0].nchildren;
    if (r->nroot == 0)
        return vp_fail(err, VP_EINVAL, "no legal root move for %s", p->to_move == GO_BLACK ? "black" : "white");
    for (int i = 0; i < r->nroot; i++)
        r->root_move[i] = r->nodes[r->nodes[0].first + i].move;
    r->tnc[0] = r->nnodes;
    return 0;
}

int mcts_search(const ld_problem *p, const mcts_opts *o, mcts_result *r, char *err)
{
    search *s = malloc(sizeof *s);
    if (!s) {
        memset(r, 0, sizeof *r);
        return vp_fail(err, VP_ENOMEM, "out of memory");
    }
    s->path = NULL;
    int rc = setup(s, p, o, r, err);
    for (int k = 0; rc == 0 && k < o->playouts; k++)
        if (playout(s, k))
            rc = vp_fail(err, VP_ENOMEM, "out of memory");
    if (rc == 0 && trajectory(r))
        rc = vp_fail(err, VP_ENOMEM, "out of memory");
    free(s->path);
    free(s);
    return rc;
}

/* ---- metrics and options ------------------------------------------------------------- */

void mcts_metrics_compute(const mcts_result *r, const int *answers, int n, mcts_metrics *m)
{
    memset(m, 0, sizeof *m);
    m->ssc = r->ssc;
    m->sbc = r->nroot;
    uint8_t good[GO_NPOINTS] = {0};
    for (int i = 0; i < r->nroot; i++)
        for (int j = 0; j < n; j++)
            good[i] |= r->root_move[i] == answers[j];
    long long share = 0;
    for (int i = 0; i < r->nroot; i++)
        if (good[i])
            share += r->nodes[r->nodes[0].first + i].visits;
    m->swr = 1.0 - (double)share / r->playouts;
    m->correct = r->nroot > 0 && good[r->order[0]];
    m->sfh = r->playouts > 0 && good[r->top[0]];
    for (int i = 0; i < r->nroot && !m->rank; i++)
        if (good[r->order[i]])
            m->rank = i + 1;
    m->scr = m->rank ? (double)(m->rank - 1) / r->nroot : 1.0;
    /* first visits are distinct playouts: the correct child's place among
     * the visited children ordered by first visit */
    int best = 0;
    for (int i = 0; i < r->nroot; i++)
        if (good[i] && r->first_visit[i] && (!best || r->first_visit[i] < best))
            best = r->first_visit[i];
    if (best) {
        m->ccer = 1;
        for (int i = 0; i < r->nroot; i++)
            m->ccer += r->first_visit[i] && r->first_visit[i] < best;
    }
}

int mcts_nearest_options(const ld_problem *p, int key, const int *exclude, int nexclude, int n, int *out,
                         char *err)
{
    go_board b;
    int rc = ld_frame(p, &b, err);
    if (rc)
        return rc;
    int color = p->to_move;
    if (key < 0 || key >= GO_NPOINTS || !go_on_board(&b, key) || !bb361_test(&p->region, key) ||
        !go_legal_slot(&b, color, go_p2s(key)))
        return vp_fail(err, VP_EINVAL, "the key move is not a legal move on an empty point of the region");
    int cand[GO_NPOINTS], d2[GO_NPOINTS], m = 0;
    bb361 pts = bb361_and(b.set[GO_EMPTY], p->region);
    for (int q = bb361_next(&pts, 0); q >= 0; q = bb361_next(&pts, q + 1)) {
        int skip = q == key || !go_legal_slot(&b, color, go_p2s(q));
        for (int j = 0; !skip && j < nexclude; j++)
            skip = exclude[j] == q;
        if (skip)
            continue;
        int dx = bb361_x(q) - bb361_x(key), dy = bb361_y(q) - bb361_y(key);
        cand[m] = q;
        d2[m] = dx * dx + dy * dy;
        m++;
    }
    /* nearest first; equal distances: the upper row, then the left column */
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0; j--) {
            int a = j - 1, c = j;
            int before = d2[c] < d2[a] || (d2[c] == d2[a] && (bb361_y(cand[c]) > bb361_y(cand[a]) ||
                                                              (bb361_y(cand[c]) == bb361_y(cand[a]) &&
                                                               bb361_x(cand[c]) < bb361_x(cand[a]))));
            if (!before)
                break;
            int t = cand[a];
            cand[a] = cand[c];
            cand[c] = t;
            t = d2[a];
            d2[a] = d2[c];
            d2[c] = t;
        }
    int k = 0;
    if (n > 0)
        out[k++] = key;
    for (int i = 0; i < m && k < n; i++)
        out[k++] = cand[i];
    return k;
}

int mcts_selfcheck(const ld_problem *p, uint64_t seed, int ngames, long long *disagree, char *err)
{
    *disagree = 0;
    search *s = malloc(sizeof *s);
    if (!s)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    int rc = prepare(s, p, 0, err);
    long long n = 0;
    rng_seed(&s->rng, seed, go_hash_full(&s->root), MCTS_STREAM, 2);
    for (int g = 0; rc == 0 && g < ngames; g++) {
        go_board *b = &s->work;
        *b = s->root;
        for (int depth = 0; depth < s->limit; depth++) {
            int color = go_to_move(b), m = random_move(s, b, color);
            if (m == GO_PASS)
                break;
            int how = play(b, color, m);
            bb361 on = bb361_and(s->target, b->set[s->defender]), alive;
            benson_alive(b, s->defender, &s->region, &alive);
            int want = bb361_is_empty(on) ? MCTS_CAPTURED : bb361_intersects(alive, on) ? MCTS_ALIVE : MCTS_OPEN;
            ld_view v;
            v.ready = 0;
            int whole = bb361_is_empty(on) ? MCTS_CAPTURED : target_alive(s, b, &v, on) ? MCTS_ALIVE : MCTS_OPEN;
            int fast = status_after(s, b, color, m, how);
            *disagree += (whole != want) + (fast != want);
            n++;
            if (want != MCTS_OPEN)
                break;
        }
    }
    free(s);
    return rc ? rc : (int)(n > INT_MAX ? INT_MAX : n);
}
