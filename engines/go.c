/* go.c: the Go board: moves, captures, ko and superko, setup and chain
 * queries over the incremental chain structure described in go.h. */
#include <config.h>

#include "go.h"

#include <string.h>

#include "coord.h"
#include "vp.h"

static inline void lib_add(go_group *g, int s)
{
    uint32_t u = (uint32_t)s;
    g->nplibs++;
    g->libsum += u;
    g->libsum2 += u * u;
}

static inline void lib_sub(go_group *g, int s)
{
    uint32_t u = (uint32_t)s;
    assert(g->nplibs > 0);
    g->nplibs--;
    g->libsum -= u;
    g->libsum2 -= u * u;
}

static inline void empty_add(go_board *b, int s)
{
    b->empty_at[s] = (uint16_t)b->nempty;
    b->empty[b->nempty++] = (uint16_t)s;
}

static inline void empty_remove(go_board *b, int s)
{
    int k = b->empty_at[s], last = b->empty[--b->nempty];
    b->empty[k] = (uint16_t)last;
    b->empty_at[last] = (uint16_t)k;
}

static void hist_push(go_board *b)
{
    b->hist[b->nhist % GO_HISTORY] = b->hash;
    b->nhist++;
}

/* Joins the chains with heads h1 != h2; returns the head of the union
 * (the larger chain's, so relabelling costs the smaller size). */
static inline int merge(go_board *b, int h1, int h2)
{
    assert(h1 != h2 && b->chain[h1] == h1 && b->chain[h2] == h2);
    if (b->grp[h1].nstones < b->grp[h2].nstones) {
        int t = h1;
        h1 = h2;
        h2 = t;
    }
    int s = h2;
    do {
        b->chain[s] = (uint16_t)h1;
        s = b->next[s];
    } while (s != h2);
    uint16_t t = b->next[h1];
    b->next[h1] = b->next[h2];
    b->next[h2] = t;
    go_group *g = &b->grp[h1];
    const go_group *e = &b->grp[h2];
    g->nstones = (uint16_t)(g->nstones + e->nstones);
    g->nplibs = (uint16_t)(g->nplibs + e->nplibs);
    g->libsum += e->libsum;
    g->libsum2 += e->libsum2;
    return h1;
}

/* Removes the chain with head h (no liberties left), giving pseudo-
 * liberties to the capturer's chains around it; returns the stone count.
 * Every neighbour of a captured stone is off board, of the same chain, or
 * the capturer's, so only the capturer's stones need updating. */
static int capture(go_board *b, int h, int capturer)
{
    int s = h, n = 0, victim = b->color[h];
    uint64_t z = 0;
    do {
        int nx = b->next[s], p = go_s2p(s);
        b->color[s] = GO_EMPTY;
        z ^= go_zobrist(victim, p);
        bb361_reset(&b->set[victim], p);
        bb361_set(&b->set[GO_EMPTY], p);
        empty_add(b, s);
        const int nb[4] = {s - GO_STRIDE, s - 1, s + 1, s + GO_STRIDE};
        for (int k = 0; k < 4; k++)
            if (b->color[nb[k]] == capturer)
                lib_add(&b->grp[b->chain[nb[k]]], s);
        n++;
        s = nx;
    } while (s != h);
    b->hash ^= z;
    return n;
}

/* Plays a legal move of c at slot s. */
static void place(go_board *b, int c, int s)
{
    int o = 3 - c, h = s, ncapt = 0, kslot = 0, p = go_s2p(s);
    empty_remove(b, s);
    b->color[s] = (uint8_t)c;
    b->hash ^= go_zobrist(c, p);
    bb361_reset(&b->set[GO_EMPTY], p);
    bb361_set(&b->set[c], p);
    b->chain[s] = (uint16_t)s;
    b->next[s] = (uint16_t)s;
    go_group *g = &b->grp[s];
    g->nstones = 1;
    g->nplibs = 0;
    g->libsum = g->libsum2 = 0;
    const int nb[4] = {s - GO_STRIDE, s - 1, s + 1, s + GO_STRIDE};
    for (int k = 0; k < 4; k++) {
        int n = nb[k], nc = b->color[n];
        if (nc == GO_EMPTY) {
            lib_add(&b->grp[h], n);
        } else if (nc == c) {
            int hn = b->chain[n];
            lib_sub(&b->grp[hn], s);
            if (hn != h)
                h = merge(b, h, hn);
        } else if (nc == o) {
            int hn = b->chain[n];
            lib_sub(&b->grp[hn], s);
            if (b->grp[hn].nplibs == 0) {
                ncapt += capture(b, hn, c);
                kslot = n;
            }
        }
    }
    assert(b->grp[h].nplibs > 0);
    b->ko = 0;
    if (ncapt == 1 && b->grp[h].nstones == 1 && b->grp[h].nplibs == 1) {
        b->ko = kslot;
        b->ko_color = o;
    }
    b->captures[c] += ncapt;
    b->move_number++;
    b->passes = 0;
    b->to_move = o;
    b->last = p;
    if (b->superko)
        hist_push(b);
}

/* Recomputes chains, counters, the empty list and the hash from color[];
 * clears ko and restarts the superko history. */
static void rebuild(go_board *b)
{
    int n = b->size;
    b->nempty = 0;
    b->hash = 0;
    for (int c = 0; c < 3; c++)
        bb361_clear(&b->set[c]);
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int s = (y + 1) * GO_STRIDE + x + 1, c = b->color[s];
            bb361_set(&b->set[c], bb361_xy(x, y));
            if (c == GO_EMPTY) {
                empty_add(b, s);
                continue;
            }
            b->hash ^= go_zobrist(c, go_s2p(s));
            b->chain[s] = (uint16_t)s;
            b->next[s] = (uint16_t)s;
            b->grp[s] = (go_group){1, 0, 0, 0};
            const int back[2] = {s - 1, s - GO_STRIDE};
            for (int k = 0; k < 2; k++)
                if (b->color[back[k]] == c && b->chain[back[k]] != b->chain[s])
                    merge(b, b->chain[back[k]], b->chain[s]);
        }
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int s = (y + 1) * GO_STRIDE + x + 1;
            if (b->color[s] == GO_EMPTY)
                continue;
            const int nb[4] = {s - GO_STRIDE, s - 1, s + 1, s + GO_STRIDE};
            for (int k = 0; k < 4; k++)
                if (b->color[nb[k]] == GO_EMPTY)
                    lib_add(&b->grp[b->chain[s]], nb[k]);
        }
    b->ko = 0;
    b->ko_color = 0;
    b->nhist = 0;
    hist_push(b);
}

int go_board_init(go_board *b, int size, char *err)
{
    if (size < GO_MIN_SIZE || size > GO_MAX_SIZE)
        return vp_fail(err, VP_ERANGE, "board size %d is not in %d..%d", size, GO_MIN_SIZE, GO_MAX_SIZE);
    memset(b, 0, sizeof *b);
    b->size = size;
    memset(b->color, GO_OFFBOARD, sizeof b->color);
    for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
            b->color[(y + 1) * GO_STRIDE + x + 1] = GO_EMPTY;
    b->to_move = GO_BLACK;
    b->last = -2;
    b->offboard = bb361_not(bb361_square(size));
    rebuild(b);
    return 0;
}

void go_set_superko(go_board *b, int on)
{
    b->superko = on != 0;
    b->nhist = 0;
    hist_push(b);
}

int go_set_to_move(go_board *b, int color, char *err)
{
    if (color != GO_BLACK && color != GO_WHITE)
        return vp_fail(err, VP_EINVAL, "colour %d is neither black nor white", color);
    b->to_move = color;
    return 0;
}

uint64_t go_hash_after(const go_board *b, int color, int s, bb361 *captured)
{
    uint64_t h = b->hash ^ go_zobrist(color, go_s2p(s));
    int o = 3 - color, seen[4], nseen = 0;
    if (captured)
        bb361_clear(captured);
    const int nb[4] = {s - GO_STRIDE, s - 1, s + 1, s + GO_STRIDE};
    for (int k = 0; k < 4; k++) {
        if (b->color[nb[k]] != o)
            continue;
        int hn = b->chain[nb[k]], dup = 0;
        for (int j = 0; j < nseen; j++)
            dup |= seen[j] == hn;
        if (dup || !go_lone_lib(b, hn, s))
            continue;
        seen[nseen++] = hn;
        int t = hn;
        do {
            h ^= go_zobrist(o, go_s2p(t));
            if (captured)
                bb361_set(captured, go_s2p(t));
            t = b->next[t];
        } while (t != hn);
    }
    return h;
}

int go_superko_repeats(const go_board *b, int color, int s)
{
    uint64_t h = go_hash_after(b, color, s, NULL);
    int lo = b->nhist > GO_HISTORY ? b->nhist - GO_HISTORY : 0;
    for (int k = lo; k < b->nhist; k++)
        if (b->hist[k % GO_HISTORY] == h)
            return 1;
    return 0;
}

void go_pass(go_board *b, int color)
{
    assert(color == GO_BLACK || color == GO_WHITE);
    b->ko = 0;
    b->passes++;
    b->move_number++;
    b->to_move = 3 - color;
    b->last = GO_PASS;
}

int go_play(go_board *b, int color, int point, char *err)
{
    char name[COORD_BUFLEN];
    if (color != GO_BLACK && color != GO_WHITE)
        return vp_fail(err, VP_EINVAL, "colour %d is neither black nor white", color);
    if (point == GO_PASS) {
        go_pass(b, color);
        return 0;
    }
    if (!go_on_board(b, point))
        return vp_fail(err, VP_EINVAL, "point %d is off the %dx%d board", point, b->size, b->size);
    int s = go_p2s(point);
    if (!go_legal_slot(b, color, s)) {
        coord_format(point, b->size, name);
        if (b->color[s] != GO_EMPTY)
            return vp_fail(err, VP_EINVAL, "%s is occupied", name);
        if (s == b->ko && color == b->ko_color)
            return vp_fail(err, VP_EINVAL, "%s retakes the ko at once (simple ko)", name);
        return vp_fail(err, VP_EINVAL, "%s is suicide", name);
    }
    if (b->superko && go_superko_repeats(b, color, s)) {
        coord_format(point, b->size, name);
        return vp_fail(err, VP_EINVAL, "%s repeats an earlier position (superko)", name);
    }
    place(b, color, s);
    return 0;
}

void go_play_legal(go_board *b, int color, int point)
{
    assert(color == GO_BLACK || color == GO_WHITE);
    if (point == GO_PASS) {
        go_pass(b, color);
        return;
    }
    assert(go_on_board(b, point) && go_legal_at(b, color, go_p2s(point)));
    place(b, color, go_p2s(point));
}

int go_is_legal(const go_board *b, int color, int point)
{
    if (point == GO_PASS)
        return 1;
    if (!go_on_board(b, point))
        return 0;
    return go_legal_at(b, color, go_p2s(point));
}

int go_legal_moves(const go_board *b, int color, bb361 *out)
{
    int n = 0;
    bb361_clear(out);
    for (int k = 0; k < b->nempty; k++) {
        int s = b->empty[k];
        if (go_legal_at(b, color, s)) {
            bb361_set(out, go_s2p(s));
            n++;
        }
    }
    return n;
}

/* A uniform integer in [0, n), 0 < n < 2^32, by multiplying 32 random
 * bits by n and keeping the high half; the low half decides the rare
 * rejections that remove the bias (Lemire's method), so the division runs
 * only with probability n / 2^32 instead of on every draw as in rng_below. */
static inline uint32_t draw_below(rng *r, uint32_t n)
{
    assert(n > 0);
    uint64_t m = (rng_next(r) >> 32) * (uint64_t)n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t t = (uint32_t)(0u - n) % n;
        while (low < t) {
            m = (rng_next(r) >> 32) * (uint64_t)n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* 1 when go_random_move may play color at empty slot s: not a playout eye
 * of color (go_is_playout_eye_slot) and legal. One mask of the colours
 * around s settles the common case at once: a point with an empty
 * neighbour is neither an eye nor suicide, and is never the ko point (a
 * ko point's neighbours are the capturer's stones or off board). */
static inline int playout_ok(const go_board *b, int color, int s)
{
    const uint8_t *c = b->color;
    assert(c[s] == GO_EMPTY);
    unsigned m = (1u << c[s - GO_STRIDE]) | (1u << c[s - 1]) | (1u << c[s + 1]) | (1u << c[s + GO_STRIDE]);
    if (m & (1u << GO_EMPTY)) {
        assert(s != b->ko);
        return !b->superko || !go_superko_repeats(b, color, s);
    }
    if (!(m & (1u << (3 - color))) && go_is_playout_eye_slot(b, color, s))
        return 0;
    return go_legal_at(b, color, s);
}

/* Draws from the board's empty list without replacement: a rejected
 * point is swapped out of a local copy made at the first rejection, so
 * every acceptable point keeps the same chance whatever was rejected
 * before, and the first acceptable draw is uniform among them. */
int go_random_move(const go_board *b, int color, rng *r)
{
    uint16_t cand[GO_NPOINTS];
    const uint16_t *list = b->empty;
    int n = b->nempty;
    assert(color == GO_BLACK || color == GO_WHITE);
    while (n > 0) {
        int k = (int)draw_below(r, (uint32_t)n), s = list[k];
        if (playout_ok(b, color, s))
            return go_s2p(s);
        if (list != cand) {
            memcpy(cand, list, (size_t)n * sizeof *cand);
            list = cand;
        }
        cand[k] = cand[--n];
    }
    return GO_PASS;
}

int go_setup_stones(go_board *b, int color, const bb361 *set, char *err)
{
    char name[COORD_BUFLEN];
    if (color != GO_EMPTY && color != GO_BLACK && color != GO_WHITE)
        return vp_fail(err, VP_EINVAL, "colour %d is not empty, black or white", color);
    for (int p = bb361_next(set, 0); p >= 0; p = bb361_next(set, p + 1))
        if (!go_on_board(b, p))
            return vp_fail(err, VP_EINVAL, "%s is off the %dx%d board",
                           coord_format(p, GO_MAX_SIZE, name), b->size, b->size);
    for (int p = bb361_next(set, 0); p >= 0; p = bb361_next(set, p + 1))
        b->color[go_p2s(p)] = (uint8_t)color;
    rebuild(b);
    return 0;
}

int go_setup_stone(go_board *b, int color, int point, char *err)
{
    if (point < 0 || point >= GO_NPOINTS)
        return vp_fail(err, VP_EINVAL, "point %d is off the %dx%d board", point, b->size, b->size);
    bb361 one = bb361_point(point);
    return go_setup_stones(b, color, &one, err);
}

int go_setup_check(const go_board *b, char *err)
{
    char name[COORD_BUFLEN];
    for (int k = 0, n = b->size; k < n * n; k++) {
        int p = bb361_xy(k % n, k / n), s = go_p2s(p), c = b->color[s];
        if (c != GO_EMPTY && b->chain[s] == s && b->grp[s].nplibs == 0)
            return vp_fail(err, VP_EINVAL, "the %s chain at %s has no liberties",
                           c == GO_BLACK ? "black" : "white", coord_format(p, n, name));
    }
    return 0;
}

int go_chain(const go_board *b, int point, bb361 *out)
{
    if (out)
        bb361_clear(out);
    int c = go_color_at(b, point);
    if (c != GO_BLACK && c != GO_WHITE)
        return 0;
    int h = go_p2s(point), s = h, n = 0;
    do {
        if (out)
            bb361_set(out, go_s2p(s));
        n++;
        s = b->next[s];
    } while (s != h);
    return n;
}

/* Exact liberties of the chain through slot h: marks empty neighbours in a
 * slot bitmap, so each counts once. */
static int libs_walk(const go_board *b, int h, bb361 *out)
{
    uint64_t seen[(GO_NSLOTS + 63) / 64] = {0};
    int s = h, n = 0;
    do {
        const int nb[4] = {s - GO_STRIDE, s - 1, s + 1, s + GO_STRIDE};
        for (int k = 0; k < 4; k++) {
            int t = nb[k];
            uint64_t bit = (uint64_t)1 << (t & 63);
            if (b->color[t] == GO_EMPTY && !(seen[t >> 6] & bit)) {
                seen[t >> 6] |= bit;
                n++;
                if (out)
                    bb361_set(out, go_s2p(t));
            }
        }
        s = b->next[s];
    } while (s != h);
    return n;
}

int go_chain_liberties(const go_board *b, int point, bb361 *out)
{
    if (out)
        bb361_clear(out);
    int c = go_color_at(b, point);
    if (c != GO_BLACK && c != GO_WHITE)
        return 0;
    return libs_walk(b, go_p2s(point), out);
}

int go_chain_libs(const go_board *b, int point) { return go_chain_liberties(b, point, NULL); }

int go_stones(const go_board *b, int color, bb361 *out)
{
    assert(color >= GO_EMPTY && color <= GO_WHITE);
    *out = b->set[color];
    return bb361_popcount(*out);
}

uint64_t go_hash_full(const go_board *b)
{
    uint64_t h = b->hash;
    if (b->to_move == GO_WHITE)
        h ^= go_zobrist(3, 0);
    if (b->ko)
        h ^= go_zobrist(3, 1 + go_s2p(b->ko) + (b->ko_color == GO_WHITE ? GO_NPOINTS : 0));
    return h;
}
