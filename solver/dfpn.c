/* dfpn.c: df-pn life-and-death solver (see dfpn.h for the game solved).
 *
 * Values are (pn, dn) from the prover's side: pn = 0 proves the prover
 * wins, dn = 0 that it does not. Every node is a copy-made go_board kept
 * in a per-depth stack; children are listed on entry to a node and kept,
 * with their values, in that node's array for the whole of its MID loop.
 * A child's key is computed without playing it (child_key); only a child
 * absent from the table is played, to test it for a terminal, and a
 * terminal child is stored as final (its value holds whatever the path).
 * Benson's test is cached by stone hash (a child's by its reduced
 * position's: see dead_zone) and skipped when a cheap
 * necessary condition fails.
 *
 * Repetition and the graph-history interaction. A child whose key (stones,
 * side to move, ko, one pending pass) equals a node on the current path
 * closes a cycle; who wins it depends on the pass and, in pass 0, on who
 * closes it (the closer loses) and on the moves of the cycle (a free ko
 * retake of the opponent's on the way makes it the prover's; path flags
 * freek[] say which moves were). A final value
 * carries a taint, the smallest path depth of a cycle it rests on
 * (NO_TAINT: none, so it is a finite tree of real terminals whatever the
 * history). A final value at depth d is valid regardless of history when
 * its taint is >= d (every cycle it uses returns inside its own subtree,
 * and so does the free retake that decided it); only such values are
 * stored. Others live only in the child arrays of the frames on the path,
 * where the path they depend on is still the current one. The depth cut
 * is a taint of -1: never stored, and it leaves a root move unknown. */
#include <config.h>

#include "dfpn.h"

#include <limits.h>
#include <stdio.h>
#ifdef HAVE_SYS_MMAN_H
#include <sys/mman.h>
#endif
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sched.h>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "../engines/vp.h"
#include "benson.h"
#include "../engines/coord.h"
#include "ldwin.h"

#define INF UINT32_MAX
#define NO_TAINT INT_MAX
#define MAX_DEPTH 160
#ifndef DFPN_INIT_DIV
#define DFPN_INIT_DIV 4
#endif
#ifndef DFPN_SUM_SHIFT
#define DFPN_SUM_SHIFT 2 /* the summed value's other children at 1/4: see mid and bench/RESULTS.md */
#endif
#ifndef DFPN_EYE_WEIGHT
#define DFPN_EYE_WEIGHT 2 /* see init_values; 0 turns the term off */
#endif
#ifndef DFPN_LIB_DIV
#define DFPN_LIB_DIV 1
#endif
#ifndef DFPN_EPS_SHIFT
#define DFPN_EPS_SHIFT 3 /* epsilon = 1/8 since the summed numbers count at a quarter (1/2 before; 1/4 before the local space): see bench/RESULTS.md */
#endif
#ifndef DFPN_PRUNE_TERRITORY
#define DFPN_PRUNE_TERRITORY 1
#endif
#ifndef DFPN_DEAD_TEST
#define DFPN_DEAD_TEST 1
#endif
#define PASS_KEY 0x5be8f3a1c2d4e697ull
#ifndef DFPN_CONF_WEIGHT
#define DFPN_CONF_WEIGHT 16
#endif
#define CONF_KEY 0x9e3779b97f4a7c15ull

/* A table entry as read: its key (bit 0: the ko flag) and its numbers. */
typedef struct tt_entry {
    uint64_t key;
    uint32_t pn, dn;
} tt_entry;

/* An entry as stored: the numbers in one word and the key xor that word
 * in the other, each read and written whole (relaxed atomics), so that a
 * search thread that reads a slot while another writes it sees a key
 * that matches nothing rather than one position's key with another's
 * numbers (the lockless scheme of chess programs' shared tables). */
typedef struct tt_slot {
    uint64_t kx, v;
} tt_slot;

static inline tt_entry slot_load(const tt_slot *s)
{
    uint64_t v = __atomic_load_n(&s->v, __ATOMIC_RELAXED), kx = __atomic_load_n(&s->kx, __ATOMIC_RELAXED);
    tt_entry e = {kx ^ v, (uint32_t)v, (uint32_t)(v >> 32)};
    return e;
}

static inline void slot_store(tt_slot *s, uint64_t key, uint32_t pn, uint32_t dn)
{
    uint64_t v = (uint64_t)pn | (uint64_t)dn << 32;
    __atomic_store_n(&s->v, v, __ATOMIC_RELAXED);
    __atomic_store_n(&s->kx, key ^ v, __ATOMIC_RELAXED);
}

/* A child in its parent's list. taint: for a final value (pn or dn 0),
 * the smallest path depth of a repetition it rests on (NO_TAINT: none,
 * -1: a depth cut); freek: the move is a free ko retake. */
typedef struct kid {
    int move, score, taint, freek, kof; /* kof: the value met a ko or a cycle */
    int fresh; /* the values are first guesses (no table entry, not terminal):
                * a simulation may be tried (sim_kid) */
    int term;  /* the value is a terminal's */
    uint32_t pn, dn;
} kid;

/* A child's final value that rests on a repetition of a position on the
 * path (0 <= taint <= the parent's depth), kept with its parent (struct
 * ctx, memo): the table does not hold it, and it stays true whenever the
 * path down to the parent is the same. */
typedef struct memo_kid {
    int move, taint, kof;
    uint32_t pn, dn;
} memo_kid;
#define MEMO_KIDS 8 /* kept per depth */

/* A cached static verdict (static_status): the stone hash with its two
 * low bits replaced by the value, 1 alive, 2 neither, 3 dead; 0 an empty
 * slot. The slot is the hash's top bits, which the entry keeps, so the
 * cache is carried over when it grows. */
typedef uint64_t bcache_entry;

static inline bcache_entry bc_entry(uint64_t hash, int val) { return (hash & ~(uint64_t)3) | (uint64_t)val; }

/* The value cached in e for hash, 0 when e holds another position. */
static inline int bc_val(bcache_entry e, uint64_t hash) { return (e ^ hash) & ~(uint64_t)3 ? 0 : (int)(e & 3); }

struct par;

typedef struct ctx {
    int prover, attacker, defender, capture_any, seki_is_death;
    /* the search threads (dfpn_opts.search_threads; NULL: one): helper
     * is 1 in a helper's context, hid its number */
    struct par *par;
    int helper, hid;
    /* the ko model of the current pass (see dfpn.h): free_side may retake
     * a ko at once (a ko threat it always has); a repetition is won by the
     * prover when rep_win > 0, and in the first pass when the opponent
     * closes it or the cycle holds a free retake of the opponent's (it
     * spends a threat each time round) */
    int free_side, rep_win;
    /* Japanese confirmation (dfpn.h): conf[d] says boards[d] is in the
     * confirmation after the game's end, cban[d][color] the ko points
     * where color may not retake until it has passed (read only when
     * conf[d]: in the game they are left as they are) */
    int japanese;
    int simulate; /* dfpn_opts.simulate */
    unsigned char conf[MAX_DEPTH + 2];
    bb361 cban[MAX_DEPTH + 2][3];
    int ko_seen; /* a ko ban or a repetition met in this pass */
    int line_kof; /* read_line: the line's reply is a win that met a ko */
    bb361 first_points; /* dfpn_opts.first_points and first_pass */
    int first_pass;
    int to_proof; /* the stage run on past its share (dfpn_solve): the root
                   * stops at its first proved first move */
    int att_near; /* the attacker's stage (dfpn_solve): its moves below the
                   * root limited to att_near_ok's */
    unsigned char freek[MAX_DEPTH + 2]; /* path[d] was reached by a free retake */
    bb361 region, target;
    bb361 moves; /* where moves are tried: the region less the attacker's
                  * unconditional territory (see dfpn.h) */
    int wlo, whi; /* the words of a bb361 that hold the region and the
                   * points next to it */
    bb361 board;       /* the on-board points */
    bb361 outside_att; /* the attacker's stones outside the region (frame) */
    int frame_ok;      /* they are all pass-alive: no_eye_space may run */
    ld_win win;        /* the region's packed window, for Benson */
    bb361 rim_att;     /* region points next to outside_att */
    bb361 safe[MAX_DEPTH + 2]; /* safe[d]: safe_stones of boards[d] */
    /* the dead zone of boards[d] (dead_zone) and its key correction
     * (dead_fix), which path[d] includes */
    bb361 dead[MAX_DEPTH + 2];
    uint64_t dz[MAX_DEPTH + 2];
    int rep_floor; /* the smallest path depth a repetition may close on:
                    * 1 when the root move lies in the root's dead zone */
    ld_wset wtarget, wmoves, wrim_att; /* in the window: the target, the
                        * moves' points, region points next to outside_att */
    tt_slot *tt;
    uint64_t mask;
    /* the other pass's table, aside (NULL: none): a value final in the
     * direction xfinal (0 a proof, 1 a disproof) holds in this pass too */
    const tt_slot *xtt;
    uint64_t xmask;
    int xfinal;
    go_board *boards; /* boards[d]: the node at depth d of the path */
    go_board *tboards; /* tboards[d]: the template of boards[d] in a simulation */
    uint64_t path[MAX_DEPTH + 2];
    /* psig[d]: a signature of the whole path path[0..d] */
    uint64_t psig[MAX_DEPTH + 2];
    /* The finals of the last node searched at each depth that rest on a
     * repetition on its path (memo_kid), with that node's psig: read back
     * when the search comes to a node with the same path again. Without
     * them a node whose child is proven only through a cycle back to it
     * forgets that proof each time it returns, and its numbers can swing
     * between two values forever: the root calls it in turn with a
     * threshold it meets at once and with one that the forgotten proof
     * meets, and the open sibling is never searched (a 12-point corner
     * kill of the referee test, bench/RESULTS.md "A livelock through a
     * proof that rests on a cycle"). memo_n[d] is 0 when nothing is kept;
     * each call of solve_roots starts with none (the ko model or the
     * attacker's stage may have changed). */
    uint64_t memo_sig[MAX_DEPTH + 1];
    unsigned char memo_n[MAX_DEPTH + 1];
    memo_kid memo[MAX_DEPTH + 1][MEMO_KIDS];
    /* pbits[d]: a 64-bit filter of path[0..d] (path_bit of each), so that
     * most children need no scan of the path for a repetition */
    uint64_t pbits[MAX_DEPTH + 2];
    kid *kids; /* kmax per depth */
    bb361 (*csets)[3]; /* kmax: gen_kids's children's point sets */
    int kmax;
    bcache_entry *bcache; /* static_status by stone hash, direct mapped (bc_slot) */
    int blog2;
    int tt_log2, tt_max_log2; /* the table grows up to 2^tt_max_log2 entries */
    long long grow_at;        /* node count at which it grows next */
    long long grow_base;      /* node count when the table was made */
    uint16_t lstamp[GO_NSLOTS]; /* capped liberty counts of chain heads, */
    uint8_t lcount[GO_NSLOTS];  /* valid while lstamp[h] == stamp */
    uint16_t stamp;
    long long nodes, max_nodes;
    long long simulated; /* children settled by a simulation */
    long long helper_nodes; /* the helpers' share of nodes */
    double t0, max_seconds;
    /* t_stop: when the search stops (0: no time budget), the end of the
     * budget less a reserve for reading the lines back (up to 24 moves of
     * each first move's, each a move generation), so that the whole solve
     * ends within it (stop_reserve). grow_rate: the seconds a byte of a
     * new table took in the last growth; a growth that would not end
     * before t_stop is not made (grow_fits) */
    double t_stop, grow_rate;
    int aborted; /* 1 nodes, 2 time, 3 a helper told to stop, 4 the main
                  * thread to start the helpers (solve_roots) */
#ifdef DFPN_TRACE
    /* -DDFPN_TRACE, the main thread's counts (trace_enter, trace_exit) */
    struct trace *tr;
#endif
} ctx;

/*
** Search threads (dfpn_opts.search_threads > 1). The main thread runs the
** search as alone; helper threads run the same df-pn from the root on
** the same table, which is how their work reaches it: a helper's final
** values are proofs like any other (the table keeps only history-free
** finals), and the main thread finds them where it looks a child up. So
** that a helper works beside the main thread rather than behind it, the
** main thread publishes the key of each node on its path and the move it
** searches below it (mkey, mmove), and a helper at the same node ranks
** that child as if its number were twice as large (par_virtual, after the
** virtual numbers of parallel df-pn): it takes a sibling whose number is
** close, and follows the main thread where none is. The ranking alone
** changes: values returned and stored are the true ones. Helpers start
** once the main thread has searched par_start nodes of the problem, run
** while the main thread is in solve_roots, and count towards the node
** budget. The table still grows with the nodes: the main thread asks the
** helpers to wait (pause), which each does at its next count of 256
** nodes, where it holds nothing of the table but its context's pointers;
** it grows the table and lets them go on with the new pointers. The
** answer is exact whatever they do; nodes, lines and what a budget
** settles may vary from run to run.
*/
typedef struct par {
    int nhelp;
    int team;        /* the helpers OpenMP gave the round under way (at
                      * most nhelp; 0 outside solve_roots' parallel region) */
    long long start; /* dfpn_opts.par_start */
    long long until; /* before the region: the main thread stops at this many
                      * nodes to open it (aborted 4) */
    int go, stop;    /* atomics: the helpers may start; must stop */
    int pause, parked, running; /* atomics: the helpers must wait; how
                      * many wait; how many have started and not ended */
    int gen;         /* atomic: the number of waits ended (par_grow) */
    long long hnodes; /* atomic: the helpers' nodes in this round */
    long long mnodes; /* atomic: the main thread's nodes, stored at each;
                       * with hnodes, a helper's view of the budget */
    const struct ctx *main; /* the main thread's context */
    uint64_t mkey[MAX_DEPTH + 2];
    int mmove[MAX_DEPTH + 2];
    const kid *rk;   /* the main thread's root moves and which are wanted */
    const unsigned char *want;
    int nroot;
    ctx *h;          /* the helpers' contexts */
    kid *hrk;        /* their root moves, kmax each */
} par;

#define NO_AVOID (-1000)

/* A number as a helper ranks it where the main thread searches. */
static inline uint32_t par_virtual(uint32_t v)
{
    return v == 0 || v >= INF - 1 ? v : v >= (INF - 2) / 2 ? INF - 1 : 2 * v + 1;
}

/* The move a helper at depth d (its node key) leaves to the main thread,
 * or NO_AVOID. */
static inline int par_avoid(const ctx *c, int d, uint64_t key)
{
    if (!c->helper)
        return NO_AVOID;
    const par *P = c->par;
    if (__atomic_load_n(&P->mkey[d], __ATOMIC_RELAXED) != key)
        return NO_AVOID;
    return __atomic_load_n(&P->mmove[d], __ATOMIC_RELAXED);
}

static inline void par_publish(ctx *c, int d, int m)
{
    if (c->par && !c->helper) {
        __atomic_store_n(&c->par->mkey[d], c->path[d], __ATOMIC_RELAXED);
        __atomic_store_n(&c->par->mmove[d], m, __ATOMIC_RELAXED);
    }
}

/* The Benson cache's slot for a stone hash: its top bits. */
static inline bcache_entry *bc_slot(const ctx *c, uint64_t hash) { return &c->bcache[hash >> (64 - c->blog2)]; }

/* A zeroed table of n bytes on 2 MiB boundaries, with transparent huge
 * pages asked for where the system has them: the table is far larger than
 * the TLB reaches with 4 KiB pages, and its lookups are random. */
static void *table_alloc(size_t n)
{
    const size_t align = (size_t)2 << 20;
    if (n < align)
        return calloc(1, n);
    void *p = NULL;
    if (posix_memalign(&p, align, n) != 0)
        return NULL;
#if defined(HAVE_SYS_MMAN_H) && defined(MADV_HUGEPAGE)
    madvise(p, n, MADV_HUGEPAGE);
#endif
    memset(p, 0, n);
    return p;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* the attacker's stage's share of the budget by default: 1/DFPN_ATT_STAGE */
#ifndef DFPN_ATT_STAGE
#define DFPN_ATT_STAGE 2
#endif

void dfpn_opts_init(dfpn_opts *o)
{
    o->max_nodes = 1000000;
    o->max_seconds = 10.0;
    o->tt_log2 = 22;
    o->capture_any = 0;
    o->seki_is_death = 0;
    o->japanese = 0;
    o->simulate = 1;
    o->att_stage = DFPN_ATT_STAGE;
    o->att_kill = 1;
    o->only = 0;
    o->only_points = bb361_empty();
    o->only_pass = 0;
    o->first_points = bb361_empty();
    o->first_pass = 0;
    o->search_threads = 1;
    o->par_start = 20000;
}

int dfpn_solve_wider(const ld_problem *p, bb361 moves, const dfpn_opts *o, bb361 *region, dfpn_result *r, char *err)
{
    if (bb361_is_empty(moves) || !ld_widen(p, 2, region))
        return 1;
    ld_problem *p2 = malloc(sizeof *p2);
    if (!p2)
        return vp_fail(err, VP_ENOMEM, "out of memory");
    ld_problem_widened(p, region, p2);
    dfpn_opts w = *o;
    w.only = 1;
    w.only_points = moves;
    w.only_pass = 0;
    /* the check looks for refutations as much as for proofs: the stage
     * keeps to its share (run on to a proof, it left Cho 99's C19 open in
     * tests/cli_solve.sh, where its share leaves the refutation time) */
    w.att_kill = 0;
    int rc = dfpn_solve(p2, &w, r, err);
    free(p2);
    return rc;
}

const char *dfpn_status_name(int status)
{
    return status == DFPN_PROVED ? "proved" : status == DFPN_DISPROVED ? "disproved" : status == DFPN_KO ? "ko" : "unknown";
}

static uint64_t key_of(const go_board *b)
{
    return go_hash_full(b) ^ (go_passes(b) == 1 ? PASS_KEY : 0);
}

/* What the confirmation adds to a key: its flag and its ko bans (zero in
 * the game itself). */
static uint64_t conf_key(int conf, const bb361 *bans)
{
    if (!conf)
        return 0;
    uint64_t h = CONF_KEY;
    for (int color = GO_BLACK; color <= GO_WHITE; color++)
        for (int q = bb361_next(&bans[color], 0); q >= 0; q = bb361_next(&bans[color], q + 1)) {
            uint64_t z = (uint64_t)(q * 2 + color) * 0xbf58476d1ce4e5b9ull + CONF_KEY;
            z ^= z >> 31;
            h ^= z * 0x94d049bb133111ebull;
        }
    return h;
}

/* The bit of a key in the path filter pbits. */
static inline uint64_t path_bit(uint64_t key) { return (uint64_t)1 << (key >> 58); }

/* The key of boards[d]: its position and, in the confirmation, the flag
 * and the bans. */
static uint64_t node_key(const ctx *c, int d)
{
    return key_of(&c->boards[d]) ^ conf_key(c->conf[d], c->cban[d]) ^ c->dz[d];
}

/* ---- transposition table: two-entry buckets, finals kept first ---- */

static int is_final(uint32_t pn, uint32_t dn) { return pn == 0 || dn == 0; }

/* A final value's other number is INF; the table keeps in its place the
 * move that won at the node when the side to move won it (NO_MOVE when it
 * lost, or at a terminal), which the simulation follows. */
#define NO_MOVE (-2)
static uint32_t final_other(int move) { return 0xffff0000u | (uint32_t)(move + 2); }
static int final_move(const tt_entry *e) { return (int)((e->pn ? e->pn : e->dn) & 0xffff) - 2; }

/* Bit 0 of a stored key (not used by the bucket index) holds the ko
 * flag of the value: its search met a ko ban or a cycle somewhere. */
static int tt_find(const tt_slot *tt, uint64_t mask, uint64_t key, tt_entry *out)
{
    const tt_slot *s = &tt[key & mask];
    for (int i = 0; i < 2; i++) {
        tt_entry e = slot_load(&s[i]);
        if ((e.key | 1) == (key | 1) && (e.pn | e.dn)) {
            *out = e;
            return 1;
        }
    }
    return 0;
}

/* An entry's values as the search reads them (a final's other number
 * INF), its ko flag and a final's winning move (NO_MOVE: none). */
static void read_entry(const tt_entry *e, uint32_t *pn, uint32_t *dn, int *kof, int *move)
{
    int final = is_final(e->pn, e->dn);
    *move = final ? final_move(e) : NO_MOVE;
    *pn = final && e->pn ? INF : e->pn;
    *dn = final && e->dn ? INF : e->dn;
    *kof = (int)(e->key & 1);
}

static int tt_get(const ctx *c, uint64_t key, uint32_t *pn, uint32_t *dn, int *kof, int *move)
{
    tt_entry e;
    if (!tt_find(c->tt, c->mask, key, &e))
        return 0;
    read_entry(&e, pn, dn, kof, move);
    return 1;
}


#ifndef DFPN_XTT
#define DFPN_XTT 1
#endif

/* A final value of the other pass's table that holds in this one: the ko
 * models are ordered (pass 1 differs from pass 0 only in the prover's
 * favour: the prover retakes at once, the opponent no longer does, every
 * cycle is the prover's), so a history-free proof of pass 0 is one of
 * pass 1 and a disproof of pass 1 one of pass 0. */
static int xtt_get(const ctx *c, uint64_t key, uint32_t *pn, uint32_t *dn, int *kof, int *move)
{
    if (!DFPN_XTT || !c->xtt)
        return 0;
    tt_entry e;
    if (!tt_find(c->xtt, c->xmask, key, &e) || (c->xfinal ? e.dn : e.pn) != 0)
        return 0;
    read_entry(&e, pn, dn, kof, move);
    return 1;
}

static void tt_put(ctx *c, uint64_t key, uint32_t pn, uint32_t dn, int kof, int move)
{
    tt_slot *s = &c->tt[key & c->mask];
    tt_entry e[2] = {slot_load(&s[0]), slot_load(&s[1])};
    int slot = -1;
    /* the key's own slot first (wherever it is: the attacker's stage
     * empties slots anywhere), else an empty one */
    for (int i = 0; i < 2 && slot < 0; i++)
        if ((e[i].key | 1) == (key | 1) && (e[i].pn | e[i].dn))
            slot = i;
    /* a final stays: another search thread's heuristic value (it was
     * under way when this one settled) does not replace it, nor does a
     * value of the same sign that met a ko replace one that met none
     * (read_line prefers those) */
    if (slot >= 0 && is_final(e[slot].pn, e[slot].dn) &&
        (!is_final(pn, dn) || ((pn == 0) == (e[slot].pn == 0) && kof && !(e[slot].key & 1))))
        return;
    for (int i = 0; i < 2 && slot < 0; i++)
        if ((e[i].pn | e[i].dn) == 0)
            slot = i;
    if (slot < 0) {
        /* replace a heuristic entry before a final one, the second first */
        slot = !is_final(e[1].pn, e[1].dn) ? 1 : !is_final(e[0].pn, e[0].dn) ? 0 : 1;
        if (is_final(e[slot].pn, e[slot].dn) && !is_final(pn, dn))
            return;
    }
    slot_store(&s[slot], (key & ~(uint64_t)1) | (uint64_t)(kof != 0), pn == 0 ? 0 : dn == 0 ? final_other(move) : pn,
               dn == 0 ? 0 : pn == 0 ? final_other(move) : dn);
}

/* Plays m (a point legal under the pass's ko model, or GO_PASS) for color
 * on b. A pass by a player under a ko ban does not count towards the two
 * passes that end the game: it stands for a move elsewhere while the ban
 * lasts, not an offer to stop. */
static void play(ctx *c, go_board *b, int color, int m, int conf)
{
    if (m == GO_PASS) {
        int banned = b->ko && b->ko_color == color;
        go_pass(b, color);
        if (banned && !conf)
            b->passes = 0;
        return;
    }
    if (b->ko && b->ko_color == color && b->ko == go_p2s(m))
        b->ko = 0; /* a free retake (generated for the free side only) */
    go_play_legal(b, color, m);
    if (b->ko)
        c->ko_seen = 1;
}

/* The confirmation is played (dfpn.h): Japanese rules, and seki counts as
 * life (with seki as death two passes already win for the attacker). */
static int confirms(const ctx *c) { return c->japanese && !c->seki_is_death; }

/* The confirmation's bans after color plays m (a point or GO_PASS) with
 * the bans cur: a pass lifts the passer's, a stone clears its point, and a
 * ko capture (ko_at, the captured point, else -1) bans the retake to the
 * captured side. cur and out are indexed by colour. */
static void next_bans(const bb361 *cur, int color, int m, int ko_at, bb361 *out)
{
    out[GO_EMPTY] = bb361_empty();
    out[GO_BLACK] = cur[GO_BLACK];
    out[GO_WHITE] = cur[GO_WHITE];
    if (m == GO_PASS) {
        out[color] = bb361_empty();
        return;
    }
    bb361_reset(&out[GO_BLACK], m);
    bb361_reset(&out[GO_WHITE], m);
    if (ko_at >= 0)
        bb361_set(&out[3 - color], ko_at);
}

static void child_safe(ctx *c, int d, int color, int m);
#ifdef DFPN_CHECK_KEYS
static bb361 safe_stones(const ctx *c, const bb361 *set);
static bb361 dead_zone(const ctx *c, const bb361 *set, const bb361 *safe);
static uint64_t dead_fix(const ctx *c, const bb361 *set, const bb361 *dead);
#endif
static void child_zone(ctx *c, int d, int color, int m, const bb361 *cs, bb361 capt, bb361 *dead, uint64_t *dz);

/* The signature of a path whose signature without its last key is sig. */
static inline uint64_t path_sig(uint64_t sig, uint64_t key)
{
    uint64_t x = (sig ^ key) * 0x9E3779B97F4A7C15ull;
    return x ^ (x >> 29) ^ key;
}

/* Plays m for the side to move at boards[d] into boards[d + 1], with the
 * confirmation's state, the safe stones, the dead zone, the key
 * path[d + 1] and the path's signature psig[d + 1]. Under the Japanese rules
 * the game's second pass starts the confirmation: the same stones, the
 * attacker to move, no pass pending, no ban. In the confirmation a ko
 * capture bans the retake to the captured side until it passes. */
static void descend(ctx *c, int d, int m)
{
    go_board *cb = &c->boards[d + 1];
    *cb = c->boards[d];
    int color = go_to_move(cb), conf = c->conf[d];
    c->conf[d + 1] = (unsigned char)conf;
    play(c, cb, color, m, conf);
    if (conf) {
        /* the ko a point move sets bans the captured side, the mover's opponent */
        next_bans(c->cban[d], color, m, m != GO_PASS && cb->ko ? go_s2p(cb->ko) : -1, c->cban[d + 1]);
    } else if (m == GO_PASS && go_passes(cb) >= 2 && confirms(c)) {
        cb->passes = 0;
        cb->ko = 0;
        cb->to_move = c->attacker;
        c->conf[d + 1] = 1;
        c->cban[d + 1][GO_BLACK] = c->cban[d + 1][GO_WHITE] = bb361_empty();
    }
    child_safe(c, d + 1, color, m);
    bb361 capt = bb361_andnot(c->boards[d].set[3 - color], cb->set[3 - color]);
    child_zone(c, d, color, m, cb->set, capt, &c->dead[d + 1], &c->dz[d + 1]);
    if (d == 0)
        c->rep_floor = m != GO_PASS && bb361_test(&c->dead[0], m);
#ifdef DFPN_CHECK_KEYS
    {
        /* the zone kept along the path is the one computed afresh */
        bb361 safe = safe_stones(c, cb->set), dead = dead_zone(c, cb->set, &safe);
        if ((c->frame_ok && !c->seki_is_death && !bb361_equal(safe, c->safe[d + 1])) || !bb361_equal(dead, c->dead[d + 1]) ||
            dead_fix(c, cb->set, &dead) != c->dz[d + 1])
            abort();
    }
#endif
    c->path[d + 1] = node_key(c, d + 1);
    c->pbits[d + 1] = c->pbits[d] | path_bit(c->path[d + 1]);
    c->psig[d + 1] = path_sig(c->psig[d], c->path[d + 1]);
}

/* ---- terminals ---- */

#ifndef DFPN_ANSWER_EYES
#define DFPN_ANSWER_EYES 1
#endif

/* The one static "alive" test, so that it can be swapped: 1 when the
 * defender stones *on are alive as the rule of dfpn.h demands (with
 * capture_any: all of them, and *on is then the whole target, since
 * captured() is tested first), 0 when not, from the point sets set alone;
 * -1 when the window cannot tell (too many pieces: see static_alive_board). */
static int static_alive_sets(const ctx *c, const bb361 *set, ld_view *v, const bb361 *on)
{
    return DFPN_ANSWER_EYES ? ld_win_alive_answer(&c->win, set, v, on, c->capture_any)
                            : ld_win_alive(&c->win, set, v, on, c->capture_any);
}

/* The same on a board, never -1. */
static int static_alive_board(const ctx *c, const go_board *b, ld_view *v, const bb361 *on)
{
    int a = static_alive_sets(c, b->set, v, on);
    if (a >= 0)
        return a;
    bb361 alive;
    if (benson_alive_window(b, c->defender, &c->region, c->wlo, c->whi, &alive) == 0)
        return 0;
    bb361 x = bb361_and(alive, *on);
    return c->capture_any ? bb361_equal(x, c->target) : !bb361_is_empty(x);
}

/* The points next to points of a, computed in the words the region and
 * its neighbours use. */
static inline bb361 nbr(const ctx *c, bb361 a) { return bb361_neighbours_window(&a, c->wlo, c->whi); }

#ifndef DFPN_SKIP_BENSON
#define DFPN_SKIP_BENSON 1
#endif

/*
** 1 when Benson's test cannot find life after the attacker's move m that
** captured nothing, from a node that is not alive (every node below the
** root is non-terminal), because the region through m is no candidate
** eye. Such a move leaves the defender's chains and the extent of every
** region as they were and changes only m's region, which loses the empty
** point m. When that region is no candidate now it was none before either
** (its empty points only shrank), so the candidates and vitalities Benson
** sees are a subset of those it saw at the parent, where the target was
** not alive (the argument of status_after in mcts.c).
*/
static int benson_cannot_after(const ctx *c, const bb361 *set, ld_view *v, int m)
{
    return !ld_win_candidate(&c->win, set, v, m);
}

/* The points of s connected within s to seeds, by windowed dilation
 * (seeds and s inside the window). */
static bb361 flood_window(const ctx *c, bb361 seeds, bb361 s)
{
    return bb361_flood_window(&seeds, &s, c->wlo, c->whi);
}

/*
** No eye space: 1 when the attacker can capture the target whatever the
** defender does, from the point sets alone. Safe are the attacker chains
** joined to the frame (pass-alive through the frame's eyes, checked once
** in dfpn_solve: frame_ok), which nothing can capture; S the points
** reached from the target stones without crossing a safe stone; P the
** points of S whose neighbours all lie in S (the only points that can ever
** be eye points of the target). The claim holds when S holds no attacker
** stone, every target point and every empty point of S is a point where
** moves are tried, the target stones form one chain T, and P less T holds
** at most one point. Proof: the attacker fills the empty points of S not
** in P one by one; each new stone joins a safe chain, so it is never
** captured, never suicide, and the defender, with no capturable attacker
** stone anywhere it can reach, never captures and so never sets a ko ban
** on the attacker, who thus always has a move and never passes. When no
** such point is left, every empty point of S lies in P less the stones of
** T's chain (those leave only with the chain), which holds at most one
** point p, so every defender chain in S has p as its only liberty and the
** attacker's stone at p captures them all: every target point is then
** empty of defender stones. T never loses stones on the way without being
** captured, and other defender stones on P points only free points of P.
**
** Two points p and q next to each other (DFPN_DEAD_TWO): when the filling
** is done T's liberties lie in {p, q}. If p and q are not both empty, or
** T touches only one of them, T has one liberty and the attacker takes
** it. Else the attacker plays p (it keeps the liberty q); when the
** defender captures it at q, q joins T (it touches T), so the capture is
** no ko and leaves T one liberty, p, which the attacker takes; when the
** defender does anything else, the attacker's q captures T. The one
** capture of an attacker stone is not a ko, so no ban ever stops the
** attacker, who never passes.
*/
/* The lowest point of the non-empty window set *s (n words). */
static ld_wset lowest_point(int n, const ld_wset *s)
{
    ld_wset r;
    memset(&r, 0, sizeof r);
    for (int i = 0; i < n; i++)
        if (s->w[i]) {
            r.w[i] = s->w[i] & -s->w[i];
            break;
        }
    return r;
}

#ifndef DFPN_DEAD_TWO
#define DFPN_DEAD_TWO 1
#endif

LD_WIN_INLINE int no_eye_space_n(const ctx *c, const bb361 *set, ld_view *v, int n)
{
    const ld_win *w = &c->win;
    ld_win_view(w, set, v);
    ld_wset A, on, seed, notsafe;
    memset(&A, 0, sizeof A);
    memset(&on, 0, sizeof on);
    memset(&seed, 0, sizeof seed);
    memset(&notsafe, 0, sizeof notsafe);
    uint64_t any = 0;
    for (int i = 0; i < n; i++) {
        A.w[i] = v->x.w[i] & ~v->empty.w[i];
        on.w[i] = c->wtarget.w[i] & v->d.w[i];
        seed.w[i] = A.w[i] & c->wrim_att.w[i];
        any |= on.w[i];
    }
    if (!any)
        return 0;
    ld_wset safe = ld_win_flood_n(w, seed, &A, n);
    for (int i = 0; i < n; i++)
        notsafe.w[i] = w->wregion.w[i] & ~safe.w[i];
    ld_wset S = ld_win_flood_n(w, on, &notsafe, n);
    uint64_t bad = 0;
    for (int i = 0; i < n; i++)
        bad |= (S.w[i] & A.w[i]) | (c->wtarget.w[i] & ~S.w[i]) | (S.w[i] & v->empty.w[i] & ~c->wmoves.w[i]);
    if (bad)
        return 0;
    ld_wset T = ld_win_flood_n(w, lowest_point(n, &on), &v->d, n), notS;
    memset(&notS, 0, sizeof notS);
    for (int i = 0; i < n; i++) {
        bad |= on.w[i] & ~T.w[i];
        notS.w[i] = w->box.w[i] & ~S.w[i];
    }
    if (bad)
        return 0;
    /* P: the points of S all of whose on-board neighbours lie in S (a
     * neighbour outside the box lies outside the region: rim) */
    ld_wset near = ld_win_dilate_n(w, &notS, &w->box, n), P;
    int left = 0;
    for (int i = 0; i < n; i++) {
        P.w[i] = S.w[i] & ~near.w[i] & ~w->wrim.w[i] & ~T.w[i];
        left += bb_popcount64(P.w[i]);
    }
    if (left <= 1)
        return 1;
    if (left > 2 || !DFPN_DEAD_TWO)
        return 0;
    /* two points: dead when they are next to each other (a 2,151-node
     * corner test takes 1,041 with this: dfpn_test test_dead_two) */
    ld_wset both = ld_win_flood_n(w, lowest_point(n, &P), &P, n);
    int k = 0;
    for (int i = 0; i < n; i++)
        k += bb_popcount64(both.w[i]);
    return k == 2;
}

static int no_eye_space(const ctx *c, const bb361 *set, ld_view *v)
{
    if (!c->frame_ok)
        return 0;
    return LD_WIN_ONE(&c->win, no_eye_space_n, c, set, v);
}

/* The static status of b's stones, cached by stone hash: 1 the target is
 * alive (Benson), 3 it is dead (no_eye_space), 2 neither. It is a function
 * of the stones alone (on is derived from them); a hash collision (2^-64
 * per pair) is the same risk as the transposition table's. */
static int static_status(ctx *c, const go_board *b, const bb361 *on)
{
    bcache_entry *e = bc_slot(c, b->hash);
    int val = bc_val(__atomic_load_n(e, __ATOMIC_RELAXED), b->hash);
    if (val)
        return val;
    ld_view v;
    v.ready = 0;
    int a = static_alive_board(c, b, &v, on);
#ifdef DFPN_CHECK_KEYS
    {
        bb361 alive;
        benson_alive(b, c->defender, &c->region, &alive);
        bb361 x = bb361_and(alive, *on);
        int pass_alive = c->capture_any ? bb361_equal(x, c->target) : !bb361_is_empty(x);
        if (DFPN_ANSWER_EYES ? pass_alive && !a : a != pass_alive)
            abort();
    }
#endif
    val = a ? 1 : DFPN_DEAD_TEST && no_eye_space(c, b->set, &v) ? 3 : 2;
    __atomic_store_n(e, bc_entry(b->hash, val), __ATOMIC_RELAXED);
    return val;
}

/* 1 when the target counts as captured with the defender stones on
 * (the defender's stones on target points). */
static int captured(const ctx *c, bb361 on)
{
    return c->capture_any ? !bb361_equal(on, c->target) : bb361_is_empty(on);
}

/* 1 when the prover has won at b, -1 when it has lost, 0 otherwise. */
static int terminal(ctx *c, const go_board *b)
{
    bb361 on = bb361_and(c->target, b->set[c->defender]);
    int winner;
    if (captured(c, on))
        winner = c->attacker;
    else if (go_passes(b) >= 2)
        winner = c->seki_is_death ? c->attacker : c->defender;
    else {
        /* the dead claim holds only with no pass pending: after the
         * attacker's pass the defender may end the game by passing */
        int st = static_status(c, b, &on);
        if (st == 2 || (st == 3 && go_passes(b) != 0))
            return 0;
        winner = st == 1 ? c->defender : c->attacker;
    }
    return winner == c->prover ? 1 : -1;
}

/* ---- move generation and ordering ---- */

/* Liberties of the chain through slot s, counted up to 4 (the move
 * ordering only tells 1, 2, 3 and more apart) and memoised per chain head
 * for the node being expanded (c->stamp): the frame makes one attacker
 * chain of hundreds of stones, which an exact count walks every time. */
static int capped_libs(ctx *c, const go_board *b, int s)
{
    int h = b->chain[s];
    if (c->lstamp[h] == c->stamp)
        return c->lcount[h];
    uint64_t seen[(GO_NSLOTS + 63) / 64] = {0};
    int t = h, n = 0;
    do {
        const int nb[4] = {t - GO_STRIDE, t - 1, t + 1, t + GO_STRIDE};
        for (int k = 0; k < 4 && n < 4; k++) {
            int u = nb[k];
            uint64_t bit = (uint64_t)1 << (u & 63);
            if (b->color[u] == GO_EMPTY && !(seen[u >> 6] & bit)) {
                seen[u >> 6] |= bit;
                n++;
            }
        }
        t = b->next[t];
    } while (t != h && n < 4);
    c->lstamp[h] = c->stamp;
    c->lcount[h] = (uint8_t)n;
    return n;
}

/* Starts a new liberty memo (call once per board whose moves are scored). */
static void new_stamp(ctx *c)
{
    if (++c->stamp == 0) {
        memset(c->lstamp, 0, sizeof c->lstamp);
        c->stamp = 1;
    }
}

static int move_score(ctx *c, const go_board *b, int color, int m)
{
    if (m == GO_PASS)
        return -1000;
    int s = go_p2s(m), score = 0;
    const int nb[4] = {s - GO_STRIDE, s - 1, s + 1, s + GO_STRIDE};
    for (int k = 0; k < 4; k++) {
        int q = nb[k], cq = b->color[q];
        if (cq == GO_OFFBOARD)
            continue;
        if (cq == GO_EMPTY) {
            score += 2;
            continue;
        }
        int libs = capped_libs(c, b, q);
        if (bb361_test(&c->target, go_s2p(q)))
            score += 40 + (libs <= 3 ? 20 * (4 - libs) : 0);
        if (cq != color)
            score += libs == 1 ? 1000 : libs == 2 ? 150 : 0;
        else if (libs == 1)
            score += 400;
    }
    return score;
}

static void sort_kids(kid *k, int n)
{
    for (int i = 1; i < n; i++) {
        kid t = k[i];
        int j = i;
        for (; j > 0 && k[j - 1].score < t.score; j--)
            k[j] = k[j - 1];
        k[j] = t;
    }
}

/* First (pn, dn) of a new non-terminal node b, from cheap knowledge (as
 * in df-pn+ and Kishimoto-Mueller's initialisation): at the prover's turn
 * one good move may do (pn small) while refuting it means answering every
 * move (dn grows with the number of moves), and the opposite at the
 * opponent's; the attacker's work grows with the target's liberties and,
 * DFPN_EYE_WEIGHT per point, with the room for eyes: the points of inner
 * (the parent's space's points whose neighbours all lie in the space, the
 * only points that can become eye points, as in no_eye_space) that the
 * defender does not hold, empty or held by attacker stones, which can be
 * captured (bench/RESULTS.md, "The room for eyes in the initial
 * numbers"). Only the order of the search depends on them: every value
 * is >= 1 and finite, so no node is ever taken for proven or disproven. */
static void init_values(const ctx *c, const bb361 *set, const bb361 *inner, int to_move, uint32_t *pn,
                        uint32_t *dn)
{
    bb361 on = bb361_and(c->target, set[c->defender]);
    int libs = bb361_popcount(bb361_and(nbr(c, on), set[GO_EMPTY]));
    int moves = bb361_popcount(bb361_and(c->region, set[GO_EMPTY])) + 1;
    uint32_t wide = (uint32_t)(1 + moves / DFPN_INIT_DIV);
    uint32_t att = (uint32_t)(1 + (libs > 1 ? (libs - 1) / DFPN_LIB_DIV : 0));
    if (DFPN_EYE_WEIGHT)
        att += (uint32_t)(DFPN_EYE_WEIGHT * bb361_popcount(bb361_andnot(*inner, set[c->defender])));
    int or_node = to_move == c->prover;
    uint32_t p = or_node ? 1 : wide, q = or_node ? wide : 1;
    if (c->prover == c->attacker)
        p += att - 1;
    else
        q += att - 1;
    *pn = p;
    *dn = q;
}

/* The key (key_of) of the position after color plays the legal point m
 * on b, computed without playing: the stone hash with the stone added and
 * the captured chains removed, the side to move, and the ko that place()
 * in go.c sets (exactly one stone captured and the new stone alone with
 * one liberty, which is then the captured point). */
static uint64_t child_key(const go_board *b, int color, int m, bb361 *capt, uint64_t *stones, int *ko_at)
{
    int s = go_p2s(m), o = 3 - color, alone = 1, empty_nb = 0;
    uint64_t h = go_hash_after(b, color, s, capt);
    const int nb[4] = {s - GO_STRIDE, s - 1, s + 1, s + GO_STRIDE};
    for (int k = 0; k < 4; k++) {
        empty_nb |= b->color[nb[k]] == GO_EMPTY;
        alone &= b->color[nb[k]] != color;
    }
    *stones = h;
    *ko_at = -1;
    if (o == GO_WHITE)
        h ^= go_zobrist(3, 0);
    if (alone && !empty_nb && bb361_popcount(*capt) == 1) {
        *ko_at = bb361_lowest(capt);
        h ^= go_zobrist(3, 1 + *ko_at + (o == GO_WHITE ? GO_NPOINTS : 0));
    }
    return h;
}

#ifndef DFPN_ATARI_WIN
#define DFPN_ATARI_WIN 1
#endif

/*
** The attacker, to move in the position with the point sets cs, captures
** the whole target at once: every chain through a target point has the same
** single liberty L, a point where moves are tried, so the attacker's
** stone at L removes them all (a move that captures is never suicide), unless L is a ko point banned to the
** attacker, which only a move of the defender that captured exactly one
** stone (capt) at L can have set, or (in the confirmation) one of the
** attacker's standing bans aban. Not used with capture_any. The position
** is then won by the attacker whatever came before: the value is
** history-free and may be stored.
*/
static int in_atari(const ctx *c, const bb361 *cs, bb361 capt, int m, int mover, const bb361 *aban)
{
    if (!DFPN_ATARI_WIN || c->capture_any)
        return 0;
    bb361 on = bb361_and(c->target, cs[c->defender]);
    /* two liberties next to target points already mean no atari */
    if (bb361_popcount(bb361_and(nbr(c, on), cs[GO_EMPTY])) > 1)
        return 0;
    bb361 chains = flood_window(c, on, cs[c->defender]);
    bb361 libs = bb361_and(nbr(c, chains), cs[GO_EMPTY]);
    if (bb361_popcount(libs) != 1 || !bb361_subset(libs, c->moves))
        return 0;
    if (m != GO_PASS && mover == c->defender && bb361_popcount(capt) == 1 && bb361_equal(capt, libs))
        return 0;
    if (aban && bb361_intersects(libs, *aban))
        return 0;
    return 1;
}

#ifndef DFPN_LOCAL_SPACE
#define DFPN_LOCAL_SPACE 1
#endif

/*
** The local space of the target: the points that can still matter to it.
** Safe are the attacker chains in the region joined to the frame (with
** frame_ok pass-alive: never captured); S is the region points reached
** from the target's stones without crossing a safe stone. Every neighbour
** of S outside it is then a safe stone (ld_frame leaves only attacker
** stones next to the region), so a move on an empty point outside S, by
** either side, touches no point of S and captures nothing in it: it
** changes nothing a pass would not, and the pass is always generated.
** Returns S, or the whole region when the argument does not apply (no
** frame_ok, or seki as death, where a tempo move elsewhere is not a pass:
** the side that would lose by two passes may need it).
*/
LD_WIN_INLINE bb361 local_space_n(const ctx *c, const bb361 *set, const bb361 *safe, int n)
{
    /* in the packed window, which holds the region */
    const ld_win *w = &c->win;
    ld_wset d = ld_win_pack(w, &set[c->defender]), sf = ld_win_pack(w, safe), within, on;
    memset(&within, 0, sizeof within);
    memset(&on, 0, sizeof on);
    for (int i = 0; i < n; i++) {
        within.w[i] = w->wregion.w[i] & ~sf.w[i];
        on.w[i] = c->wtarget.w[i] & d.w[i];
    }
    ld_wset S = ld_win_flood_n(w, on, &within, n);
    return ld_win_unpack(w, &S);
}

static bb361 local_space(const ctx *c, const bb361 *set, const bb361 *safe)
{
    if (!c->frame_ok || c->seki_is_death)
        return c->region;
    return LD_WIN_ONE(&c->win, local_space_n, c, set, safe);
}

/* The safe attacker stones of local_space at boards[d]: the attacker chains
 * of the region joined to the frame. */
LD_WIN_INLINE bb361 safe_stones_n(const ctx *c, const bb361 *set, int n)
{
    const ld_win *w = &c->win;
    ld_wset a = ld_win_pack(w, &set[c->attacker]), A, seeds;
    memset(&A, 0, sizeof A);
    memset(&seeds, 0, sizeof seeds);
    for (int i = 0; i < n; i++) {
        A.w[i] = a.w[i] & w->wregion.w[i];
        seeds.w[i] = A.w[i] & c->wrim_att.w[i];
    }
    ld_wset r = ld_win_flood_n(w, seeds, &A, n);
    return ld_win_unpack(w, &r);
}

static bb361 safe_stones(const ctx *c, const bb361 *set)
{
    return LD_WIN_ONE(&c->win, safe_stones_n, c, set);
}

/* 1 when an attacker stone on the point m may join the safe stones safe
 * (it is on the rim or next to one of them); one that does not joins none. */
static int may_join_safe(const ctx *c, const bb361 *safe, int m)
{
    return bb361_test(&c->rim_att, m) || bb361_test(safe, m) || bb361_touches(safe, m);
}

/* The safe stones of the child with the point sets cs after color's move
 * m at boards[d]: boards[d]'s, with m when it joins them alone (no other
 * attacker stone next to it), else from a flood. */
static bb361 safe_after(const ctx *c, int d, int color, int m, const bb361 *cs)
{
    const bb361 *safe = &c->safe[d];
    if (color != c->attacker || m == GO_PASS || !may_join_safe(c, safe, m))
        return *safe;
    bb361 others = bb361_andnot(c->boards[d].set[c->attacker], *safe);
    if (!bb361_touches(&others, m))
        return bb361_or(*safe, bb361_point(m));
    /* m joins the safe stones, and with it the attacker's chains of the
     * region it touches: the safe stones only grow, and only through m */
    bb361 A = bb361_andnot(bb361_and(cs[c->attacker], c->region), *safe);
    return bb361_or(*safe, flood_window(c, bb361_point(m), A));
}

/* Sets c->safe[d] for boards[d], reached from boards[d - 1] by color's move
 * m: the parent's set unless an attacker stone joined it (the defender
 * never captures a safe stone). */
static void child_safe(ctx *c, int d, int color, int m)
{
    if (!c->frame_ok || c->seki_is_death)
        return; /* local_space does not use them */
    c->safe[d] = safe_after(c, d - 1, color, m, c->boards[d].set);
}

/* The static verdicts of gen_kids's children are cached by the reduced
 * position's stone hash too: a verdict (alive, or dead whatever the
 * defender does) is a claim about the local game of the space, which
 * positions with one reduced position share. Measured: the same nodes and
 * answers on the 203-problem slow list at 300,000 nodes, 10% less time. */
#ifndef DFPN_BCACHE_REDUCED
#define DFPN_BCACHE_REDUCED 1
#endif
#ifndef DFPN_LOCAL_KEY
#define DFPN_LOCAL_KEY 1
#endif

/*
** The dead zone and the local key. With the local space in force (below
** the root, moves are tried only in the space S, see local_space), the
** dead zone of a position is the region less S and the safe stones: the
** points that the target's side of the safe stones can never reach. No
** move is tried there, no chain there can be captured (its liberties lie
** there too, or it would be in S) and none in S has a liberty there, so
** legality, captures and the terminals of every line from the position
** depend on the stones of S and the safe stones alone; the value of the
** position is that of its reduced position, the dead zone filled with
** attacker stones. The table's key is the reduced position's (the key of
** the board corrected by dead_fix), so positions that differ only in
** their dead zones share their values: a defender's stone walled off, or
** an attacker's stone that became useless. Along a path the space only
** shrinks (the safe stones only grow, the target's stones in S only
** shrink) and a dead zone's stones never change again below the root,
** so two positions of one path with the same key are the same position
** (a repetition), except after a root move in the root's own dead zone,
** which stays there: repetitions then close only below the root
** (rep_floor). Off (an empty zone) where the local space is off.
*/
static int zone_kept(const ctx *c)
{
    return DFPN_LOCAL_KEY && DFPN_LOCAL_SPACE && c->frame_ok && !c->seki_is_death;
}

static bb361 dead_zone(const ctx *c, const bb361 *set, const bb361 *safe)
{
    if (!zone_kept(c))
        return bb361_empty();
    bb361 S = local_space(c, set, safe);
    return bb361_andnot(c->region, bb361_or(S, *safe));
}

/* The key correction of the dead zone dead of the point sets set: what
 * turns the stones' hash into the reduced position's (each point of the
 * zone an attacker stone). */
static uint64_t dead_fix(const ctx *c, const bb361 *set, const bb361 *dead)
{
    uint64_t h = 0;
    bb361 x = bb361_andnot(*dead, set[c->attacker]);
    for (int p = bb361_next(&x, 0); p >= 0; p = bb361_next(&x, p + 1)) {
        if (bb361_test(&set[c->defender], p))
            h ^= go_zobrist(c->defender, p);
        h ^= go_zobrist(c->attacker, p);
    }
    return h;
}

/* 1 when the points of S next to the point m are connected to each
 * other through S's points among m's eight neighbours (or there are fewer
 * than two): removing m from S then disconnects nothing. */
static int not_cut_point(const bb361 *S, int m)
{
    static const int dx[8] = {0, 1, 1, 1, 0, -1, -1, -1}, dy[8] = {-1, -1, 0, 1, 1, 1, 0, -1};
    int x = m % 19, y = m / 19, in[8], orth = 0, links = 0;
    for (int k = 0; k < 8; k++) {
        int nx = x + dx[k], ny = y + dy[k];
        in[k] = nx >= 0 && nx < 19 && ny >= 0 && ny < 19 && bb361_test(S, bb361_xy(nx, ny));
    }
    /* the ring N NE E SE S SW W NW: an orthogonal neighbour joins the
     * next through the diagonal between them */
    for (int k = 0; k < 8; k += 2) {
        orth += in[k];
        links += in[k] && in[k + 1] && in[(k + 2) % 8];
    }
    return orth <= 1 || orth - links == 1 || links == 4;
}

/* The local space of boards[d]: the region less its dead zone and safe
 * stones when the zone is kept (the space and the safe stones are
 * disjoint), else local_space's flood. */
static bb361 zone_space(const ctx *c, int d)
{
    if (zone_kept(c))
        return bb361_andnot(c->region, bb361_or(c->dead[d], c->safe[d]));
    return local_space(c, c->boards[d].set, &c->safe[d]);
}

/* The dead zone and key correction of the child with the point sets cs
 * after color's move m (a point or GO_PASS) at boards[d], capturing capt.
 * They are boards[d]'s when the space stays but for m: a pass, a defender
 * move in the space (it captures only attacker stones of the space, none
 * safe, and adds a stone of the space), an attacker move in the space that
 * captures no target stone and joins no safe chain (the space is the flood
 * of the same target stones through the same points; the stones it
 * captures touch m, so they lie in the space, not in the zone), or one
 * that captures nothing and joins a safe chain alone at a point that is
 * no cut point of the space. Otherwise they are computed afresh from the
 * child's safe stones. */
static void child_zone(ctx *c, int d, int color, int m, const bb361 *cs, bb361 capt, bb361 *dead, uint64_t *dz)
{
    int same = m == GO_PASS || (!bb361_test(&c->dead[d], m) &&
                                (color == c->defender || (!bb361_intersects(capt, c->target) &&
                                                          !may_join_safe(c, &c->safe[d], m))));
    if (!same && color == c->attacker && bb361_is_empty(capt) && !bb361_test(&c->dead[d], m)) {
        /* m joins the safe stones alone (no attacker stone of the space
         * next to it), so the space loses m and nothing else unless m is
         * a cut point of it */
        bb361 S = zone_space(c, d);
        bb361 SA = bb361_and(S, c->boards[d].set[c->attacker]);
        same = !bb361_touches(&SA, m) && not_cut_point(&S, m);
    }
    if (same) {
        *dead = c->dead[d];
        *dz = c->dz[d];
        return;
    }
    bb361 safe = safe_after(c, d, color, m, cs);
    *dead = dead_zone(c, cs, &safe);
    *dz = dead_fix(c, cs, dead);
}

/*
** 1 when no_eye_space must fail after color's move m (capturing capt) at
** boards[d], whose local space is S holding the attacker stones AS: its
** first condition, no attacker stone in the child's space, is decided
** from the parent's without a flood. After a defender move the safe
** stones stay (a safe stone is never captured) and the target's stones
** only grow, so the child's space holds the parent's and with it every
** attacker stone of AS not captured. After an attacker move that captures
** nothing and joins no safe chain (may_join_safe) the safe stones and the
** target's stones stay, so the space is the parent's and holds m.
** Only with the local space's bookkeeping (frame_ok, not seki as death).
*/
static int space_not_empty_after(const ctx *c, int d, const bb361 *S, const bb361 *AS, int color, int m, bb361 capt)
{
    if (!c->frame_ok || c->seki_is_death)
        return 0;
    if (color == c->defender)
        return !bb361_is_empty(bb361_andnot(*AS, capt));
    if (!bb361_is_empty(capt) || may_join_safe(c, &c->safe[d], m))
        return 0;
    return bb361_test(S, m);
}

/* The point sets after color plays the point m on b, capturing capt. */
static inline void child_sets(const go_board *b, int color, int m, const bb361 *capt, bb361 *cs)
{
    /* word by word, m's bit in its word alone (m is never captured) */
    const bb361 *e = &b->set[GO_EMPTY], *own = &b->set[color], *opp = &b->set[3 - color];
    for (int i = 0; i < BB361_WORDS; i++) {
        cs[GO_EMPTY].w[i] = e->w[i] | capt->w[i];
        cs[color].w[i] = own->w[i];
        cs[3 - color].w[i] = opp->w[i] & ~capt->w[i];
    }
    uint64_t bit = (uint64_t)1 << (m & 63);
    cs[GO_EMPTY].w[m >> 6] &= ~bit;
    cs[color].w[m >> 6] |= bit;
}

/* The attacker's stage (dfpn_solve): below the root, the attacker's
 * moves are limited to the points next to the defender's stones of the
 * space (the eight neighbours: a point that touches them or shares a
 * corner with them) and to moves that touch one of its own chains of at
 * most two liberties (a save or a connection under attack). The
 * defender's moves are all tried, so an attacker's win found so is a win
 * on the whole game; a defender's win is not, and dfpn_solve drops them. */
static bb361 att_near_zone(const ctx *c, const go_board *b, const bb361 *space)
{
    bb361 z = bb361_and(b->set[c->defender], *space);
    bb361 x = bb361_or(z, bb361_or(bb361_east(z), bb361_west(z)));
    return bb361_and(bb361_or(x, bb361_or(bb361_north(x), bb361_south(x))), c->board);
}

static int att_near_ok(ctx *c, const go_board *b, const bb361 *zone, int m)
{
    if (bb361_test(zone, m))
        return 1;
    int s = go_p2s(m);
    const int nb[4] = {s - GO_STRIDE, s - 1, s + 1, s + GO_STRIDE};
    for (int k = 0; k < 4; k++)
        if (b->color[nb[k]] == c->attacker && capped_libs(c, b, nb[k]) <= 2)
            return 1;
    return 0;
}

/* Fills k with the children of boards[d] (legal region points, then the
 * pass) and their first values; returns their number. A child found in
 * the table or on the path is not played: a table entry is never a
 * position whose stones make it terminal unless it holds that final value
 * (search starts only at non-terminal nodes, and terminal values stored
 * here are history-free), and a point move leaves no pending pass, so
 * equal keys mean equal stones and the same terminal status. */
static int gen_kids(ctx *c, int d, kid *k)
{
    const go_board *b = &c->boards[d];
    go_board *cb = &c->boards[d + 1];
    int color = go_to_move(b), opp = 3 - color, n = 0, conf = c->conf[d];
    bb361 cand = bb361_and(c->moves, b->set[GO_EMPTY]);
    bb361 space = zone_space(c, d), space_att = bb361_and(space, b->set[c->attacker]);
    /* the space's inner points, for init_values */
    bb361 inner = DFPN_EYE_WEIGHT ? bb361_andnot(space, nbr(c, bb361_andnot(c->board, space))) : bb361_empty();
    /* In the confirmation too: a move outside the space is a tempo that
     * neither counts towards the end nor lifts the mover's bans, so the
     * pass dominates it (after the pass the opponent has the same local
     * replies, and its own pass back leaves the mover at most where it was,
     * with fewer of the opponent's bans). Measured: without it Ishigure 51
     * spent 95% of 500,000 nodes in confirmations and stayed open; with it
     * 78,220 nodes prove it. */
    if (DFPN_LOCAL_SPACE && d > 0)
        cand = bb361_and(cand, space);
    bb361 azone;
    int restrict_att = c->att_near && d > 0 && color == c->attacker && !conf;
    if (restrict_att)
        azone = att_near_zone(c, b, &space);
    const bb361 *aban = conf ? &c->cban[d][c->attacker] : NULL;
    /* the pass here is the game's second: under the Japanese rules its
     * child is the confirmation's start, the attacker to move */
    int cstart = !conf && go_passes(b) >= 1 && confirms(c);
    uint64_t keys[DFPN_MAX_ROOT], stones[DFPN_MAX_ROOT], skeys[DFPN_MAX_ROOT];
    bb361 capts[DFPN_MAX_ROOT];
    /* each point child's point sets, made once for its zone and kept for
     * its terminal tests (in the context: gen_kids does not nest) */
    bb361 (*csets)[3] = c->csets;
    new_stamp(c);
    /* the free side may retake a ko at once: its ban is ignored here (the
     * board is ours; the ban is put back below) */
    int kslot = b->ko, banned = !conf && kslot && b->ko_color == color;
    if (banned && color == c->free_side)
        c->boards[d].ko = 0;
    /* first the keys, prefetching their table buckets: the table is far
     * larger than the caches and its misses dominated the time */
    for (int m = bb361_next(&cand, 0);; m = bb361_next(&cand, m + 1)) {
        if (m < 0)
            m = GO_PASS;
        if (m != GO_PASS && !go_is_legal(b, color, m))
            continue;
        if (restrict_att && m != GO_PASS && !att_near_ok(c, b, &azone, m))
            continue;
        kid *e = &k[n];
        e->move = m;
        e->score = move_score(c, b, color, m);
        e->taint = NO_TAINT;
        e->kof = 0;
        e->fresh = 0;
        e->term = 0;
        e->freek = banned && m != GO_PASS && go_p2s(m) == kslot;
        if (m == GO_PASS && cstart) {
            /* the game ends: the confirmation starts, the attacker to move */
            keys[n] = b->hash ^ (c->attacker == GO_WHITE ? go_zobrist(3, 0) : 0) ^ CONF_KEY ^ c->dz[d];
        } else if (m == GO_PASS) {
            keys[n] = b->hash ^ (color == GO_BLACK ? go_zobrist(3, 0) : 0) ^
                      (go_passes(b) == 0 && !banned ? PASS_KEY : 0) ^ c->dz[d];
            if (conf) {
                bb361 bans[3];
                next_bans(c->cban[d], color, GO_PASS, -1, bans);
                keys[n] ^= conf_key(1, bans);
            }
        } else {
            int ko_at;
            keys[n] = child_key(b, color, m, &capts[n], &stones[n], &ko_at);
            {
                bb361 *zs = csets[n], zd;
                uint64_t zf;
                child_sets(b, color, m, &capts[n], zs);
                child_zone(c, d, color, m, zs, capts[n], &zd, &zf);
                keys[n] ^= zf;
                skeys[n] = stones[n] ^ (DFPN_BCACHE_REDUCED ? zf : 0);
            }
            if (conf) {
                /* a retake banned until its side passes */
                if (bb361_test(&c->cban[d][color], m) && bb361_popcount(capts[n]) == 1)
                    continue;
                bb361 bans[3];
                next_bans(c->cban[d], color, m, ko_at, bans);
                keys[n] ^= conf_key(1, bans);
            }
        }
        __builtin_prefetch(&c->tt[keys[n] & c->mask]);
        if (c->xtt)
            __builtin_prefetch(&c->xtt[keys[n] & c->xmask]);
        if (m != GO_PASS)
            __builtin_prefetch(bc_slot(c, skeys[n]));
        n++;
        if (m == GO_PASS)
            break;
    }
    c->boards[d].ko = kslot;
    /* a second pass ends the game: the defender's, or the attacker's with
     * seki as death */
    int pass_end = (c->seki_is_death ? c->attacker : c->defender) == c->prover ? 1 : -1;
    /* roomy: the target has three liberties or more here. A defender's
     * move adds to its stones and takes at most the one liberty m (the
     * empty points grow by its captures), so no child of the defender's
     * node, nor its pass, leaves it in atari: in_atari's first test fails
     * for each of them and is not made. */
    int roomy = 0;
    if (opp == c->attacker || cstart) {
        bb361 on = bb361_and(c->target, b->set[c->defender]);
        roomy = bb361_popcount(bb361_and(nbr(c, on), b->set[GO_EMPTY])) >= 3;
    }
    for (int i = 0; i < n; i++) {
        kid *e = &k[i];
        int m = e->move, by_atari = 0;
        uint64_t key = keys[i];
        /* t: 1 / -1 terminal, 0 not, 2 not known yet. The pass keeps the
         * stones of b, which is not terminal: only a second pass ends. */
        int starts = m == GO_PASS && cstart;
        int t = m != GO_PASS ? 2 : go_passes(b) >= 1 && !starts ? pass_end : 0;
        if (t == 0 && (opp == c->attacker || starts) && !roomy && in_atari(c, b->set, bb361_empty(), GO_PASS, color, aban))
            t = c->attacker == c->prover ? 1 : -1;
        int rep = -1;
        if ((t == 0 || t == 2) && (c->pbits[d] & path_bit(key)))
            for (int j = d; j >= c->rep_floor && rep < 0; j--)
                if (c->path[j] == key)
                    rep = j;
        if (rep >= 0) {
            /* a cycle through path[rep]: in the first pass it is lost by
             * the player who closes it (situational superko), and the
             * prover wins it too when the opponent retook a ko freely on
             * the way round */
            int win = c->rep_win > 0 || e->freek || color != c->prover;
            for (int j = rep + 1; j <= d && !win; j++)
                win = c->freek[j];
            c->ko_seen = 1;
            e->pn = win ? 0 : INF;
            e->dn = win ? INF : 0;
            e->taint = rep;
            e->kof = 1;
            continue;
        }
        if (t != 1 && t != -1) {
            /* a final value of this pass, else one of the other pass that
             * holds here, else this pass's heuristic value */
            int wm, hit = tt_get(c, key, &e->pn, &e->dn, &e->kof, &wm);
            if ((hit && is_final(e->pn, e->dn)) || xtt_get(c, key, &e->pn, &e->dn, &e->kof, &wm) || hit) {
                /* a final with no winning move: a terminal's, or lost by
                 * the side to move there */
                e->term = is_final(e->pn, e->dn) && wm == NO_MOVE;
                continue;
            }
        }
        /* the child's point sets: b's after a pass */
        const bb361 *cs = m != GO_PASS ? csets[i] : b->set;
        if (m != GO_PASS) {
            bb361 on = bb361_and(c->target, cs[c->defender]);
            int winner = 0;
            if (captured(c, on)) {
                winner = c->attacker;
            } else {
                bcache_entry *be = bc_slot(c, skeys[i]);
                int val = bc_val(__atomic_load_n(be, __ATOMIC_RELAXED), skeys[i]);
                if (val) {
                    if (val == 1)
                        winner = c->defender;
                    else if (val == 3)
                        winner = c->attacker;
                    else
                        t = 0;
                } else {
                    /* Benson on the point sets; the board is played only
                     * when the window cannot tell */
                    ld_view v;
                    v.ready = 0;
                    int a = DFPN_SKIP_BENSON && d > 0 && color == c->attacker && bb361_is_empty(capts[i]) &&
                                    benson_cannot_after(c, cs, &v, m)
                                ? 0
                                : static_alive_sets(c, cs, &v, &on);
                    if (a >= 0) {
                        int dead = !a && DFPN_DEAD_TEST &&
                                   !space_not_empty_after(c, d, &space, &space_att, color, m, capts[i]) &&
                                   no_eye_space(c, cs, &v);
#ifdef DFPN_CHECK_KEYS
                        if (!a && !dead && no_eye_space(c, cs, &v))
                            abort();
#endif
                        __atomic_store_n(be, bc_entry(skeys[i], a ? 1 : dead ? 3 : 2), __ATOMIC_RELAXED);
                        if (a)
                            winner = c->defender;
                        else if (dead)
                            winner = c->attacker;
                        else
                            t = 0;
                    }
                }
            }
            if (!winner && opp == c->attacker && !roomy && in_atari(c, cs, capts[i], m, color, aban))
                winner = c->attacker, by_atari = 1;
            if (winner)
                t = winner == c->prover ? 1 : -1;
            if (t == 2) {
                /* Benson's test needs the board */
                *cb = *b;
                play(c, cb, color, m, conf);
                t = terminal(c, cb);
            }
        }
        (void)by_atari; /* read only by the check below */
#ifdef DFPN_CHECK_KEYS
        {
            descend(c, d, m);
            const go_board *tb = &c->boards[d + 1];
            if (c->path[d + 1] != key || (m != GO_PASS && !by_atari && t != terminal(c, tb)))
                abort();
            for (int q = 0; q < 3; q++)
                if (!bb361_equal(cs[q], tb->set[q]) || (m != GO_PASS && stones[i] != tb->hash))
                    abort();
        }
#endif
        if (t) {
            e->term = 1;
            e->pn = t > 0 ? 0 : INF;
            e->dn = t > 0 ? INF : 0;
            if (m != GO_PASS)
                tt_put(c, key, e->pn, e->dn, 0, NO_MOVE);
        } else {
            init_values(c, cs, &inner, starts ? c->attacker : opp, &e->pn, &e->dn);
            e->fresh = 1;
            if (starts) {
                /* the confirmation differs from the game only in its kos:
                 * the attacker's moves in the game come first */
                if (c->prover == c->attacker)
                    e->pn *= DFPN_CONF_WEIGHT;
                else
                    e->dn *= DFPN_CONF_WEIGHT;
            }
        }
    }
    sort_kids(k, n);
    return n;
}

static uint32_t sat(uint64_t v) { return v >= INF ? INF - 1 : (uint32_t)v; }

/* The 1+epsilon limit (Pawlewicz and Lew) of the best child when the
 * second best has the value second: a fraction worse than it, not just
 * one more (INF when there is no second). */
static uint32_t eps_limit(uint32_t second)
{
    return second == INF ? INF : sat((uint64_t)second + (second >> DFPN_EPS_SHIFT) + 1);
}

/* Sizes of the tables for a transposition table of 2^log2 entries: the
 * Benson cache as many entries, at most 2^20 (8 MiB). Once a quarter of
 * the entries, at most 2^20 (16 MiB, 16-byte entries) and emptied when it
 * grew; carried over and four times larger from the start, the 50 slowest
 * Cho problems at 300,000 nodes took 0.94 times the time (medians of
 * three; the same nodes): see bench/RESULTS.md. */
#define TT_START_LOG2 16
#define BCACHE_LOG2(log2) ((log2) > 20 ? 20 : (log2))

/* The table's size in entries' log2 after its next growth: four times
 * as large, up to 2^tt_max_log2. */
static int grown_log2(const ctx *c)
{
    return c->tt_log2 + 2 > c->tt_max_log2 ? c->tt_max_log2 : c->tt_log2 + 2;
}

static double table_bytes(int log2)
{
    return (double)((size_t)1 << log2) * sizeof(tt_slot);
}

/* Grows the table four times (or up to its bound), keeping every entry,
 * and the Benson cache with it (its entries moved to their new slots). A failed
 * allocation leaves the tables as they were and stops the growth. */
static void tt_grow(ctx *c)
{
    double t = now();
    int log2 = grown_log2(c);
    tt_slot *nt = table_alloc(((size_t)1 << log2) * sizeof *nt);
    bcache_entry *nb = table_alloc(((size_t)1 << BCACHE_LOG2(log2)) * sizeof *nb);
    if (!nt || !nb) {
        free(nt);
        free(nb);
        c->tt_max_log2 = c->tt_log2;
        return;
    }
    tt_slot *old = c->tt;
    size_t n = (size_t)1 << c->tt_log2;
    c->tt = nt;
    c->mask = (((uint64_t)1 << log2) - 1) & ~(uint64_t)1;
    c->tt_log2 = log2;
    /* finals first, so that no heuristic entry displaces one */
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < n; i++) {
            tt_entry e = slot_load(&old[i]);
            if ((e.pn | e.dn) && is_final(e.pn, e.dn) == (pass == 0))
                tt_put(c, e.key, e.pn, e.dn, (int)(e.key & 1), is_final(e.pn, e.dn) ? final_move(&e) : NO_MOVE);
        }
    free(old);
    if (BCACHE_LOG2(log2) > c->blog2) {
        int nlog2 = BCACHE_LOG2(log2);
        for (size_t i = 0; i < (size_t)1 << c->blog2; i++)
            if (c->bcache[i])
                nb[c->bcache[i] >> (64 - nlog2)] = c->bcache[i];
        free(c->bcache);
        c->bcache = nb;
        c->blog2 = nlog2;
    } else {
        free(nb); /* a second table growing: the Benson cache is large enough */
    }
    c->grow_at = c->grow_base + ((long long)1 << (log2 - 1));
    c->grow_rate = (now() - t) / table_bytes(log2);
}

/* A transposition table kept aside while the other pass runs. */
typedef struct tt_table {
    tt_slot *tt;
    uint64_t mask;
    int log2;
    long long grow_at, grow_base;
} tt_table;

/* A new empty table, small, growing with the nodes searched from now. */
static int table_new(const ctx *c, tt_table *t)
{
    t->log2 = c->tt_max_log2 < TT_START_LOG2 ? c->tt_max_log2 : TT_START_LOG2;
    t->tt = table_alloc(((size_t)1 << t->log2) * sizeof *t->tt);
    t->mask = (((uint64_t)1 << t->log2) - 1) & ~(uint64_t)1;
    t->grow_base = c->nodes;
    t->grow_at = t->grow_base + ((long long)1 << (t->log2 - 1));
    return t->tt ? 0 : -1;
}

/* Exchanges the table in use with *t. */
static void table_swap(ctx *c, tt_table *t)
{
    tt_table u = {c->tt, c->mask, c->tt_log2, c->grow_at, c->grow_base};
    c->tt = t->tt;
    c->mask = t->mask;
    c->tt_log2 = t->log2;
    c->grow_at = t->grow_at;
    c->grow_base = t->grow_base;
    *t = u;
}

/* The nodes of the problem so far: the main thread's and, in a round
 * of search threads, the helpers'. */
static long long all_nodes(const ctx *c)
{
    return c->nodes + (c->par ? __atomic_load_n(&c->par->hnodes, __ATOMIC_RELAXED) : 0);
}

/* 1 when the node budget is spent, 2 when the time budget is, else 0. */
static int spent(const ctx *c)
{
    if (c->max_nodes > 0 && all_nodes(c) >= c->max_nodes)
        return 1;
    if (c->max_seconds <= 0)
        return 0;
    double t = now();
    return t - c->t0 > c->max_seconds || t > c->t_stop ? 2 : 0;
}

static void par_go(ctx *c);

/* A helper waits while the main thread grows the table, then takes its
 * new pointers. */
static void par_park(ctx *h)
{
    par *P = h->par;
    /* the wait ends when its generation does: a helper slow to see one
     * end must not sleep through into the next wait, where it would not
     * be counted */
    int g = __atomic_load_n(&P->gen, __ATOMIC_ACQUIRE);
    __atomic_fetch_add(&P->parked, 1, __ATOMIC_ACQ_REL);
    while (__atomic_load_n(&P->gen, __ATOMIC_ACQUIRE) == g)
        sched_yield();
    const ctx *m = P->main;
    h->tt = m->tt;
    h->mask = m->mask;
    h->tt_log2 = m->tt_log2;
    h->bcache = m->bcache;
    h->blog2 = m->blog2;
}

/* The main thread grows the table with the helpers waiting. */
static void par_grow(ctx *c)
{
    par *P = c->par;
    __atomic_store_n(&P->pause, 1, __ATOMIC_SEQ_CST);
    while (__atomic_load_n(&P->parked, __ATOMIC_ACQUIRE) < __atomic_load_n(&P->running, __ATOMIC_ACQUIRE))
        sched_yield();
    tt_grow(c);
    __atomic_store_n(&P->parked, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&P->pause, 0, __ATOMIC_RELAXED);
    __atomic_fetch_add(&P->gen, 1, __ATOMIC_RELEASE);
}

/* The time kept back from a budget of max_seconds: a fiftieth of it, at
 * most 0.15 s. It covers reading the lines after the search (up to 10 ms
 * past a 1 s budget without a reserve) and one stall of the process by
 * the host: here a machine whose two cores are both busy stops a thread
 * for 0.1 s several times a minute, and a stall as the budget ends
 * overran a 10 ms reserve (bench/RESULTS.md, "The host's stalls";
 * bench/host_stalls measures a machine). */
static double stop_reserve(double max_seconds)
{
    double r = 0.02 * max_seconds;
    return r < 0.15 ? r : 0.15;
}

/* Whether the table's next growth ends within the time budget. A growth
 * clears and fills a table four times as large, and the clock is not
 * read while it runs: near the end of the budget one would overrun it
 * (by up to 0.18 s at a budget of 1 s, bench/RESULTS.md). The cost is
 * reckoned at the last growth's seconds per byte of the new table, or 3
 * ns if that was less (measured here: 0.5 to 2.9 ns, most where the
 * table outgrows the caches), with half as much again to spare. When it
 * does not fit, this table grows no more: the time left only shrinks. */
static int grow_fits(ctx *c)
{
    if (c->t_stop <= 0)
        return 1;
    double rate = c->grow_rate > 3e-9 ? c->grow_rate : 3e-9;
    if (now() + 1.5 * rate * table_bytes(grown_log2(c)) <= c->t_stop)
        return 1;
    c->grow_at = LLONG_MAX;
    return 0;
}

/* budget() in a helper: its nodes added to the count every 256, and
 * there it stops when told and waits while the table grows. */
static void budget_helper(ctx *c)
{
    par *P = c->par;
    if ((c->nodes & 255) == 0) {
        long long h = __atomic_add_fetch(&P->hnodes, 256, __ATOMIC_RELAXED);
        if (__atomic_load_n(&P->pause, __ATOMIC_ACQUIRE))
            par_park(c);
        if (__atomic_load_n(&P->stop, __ATOMIC_ACQUIRE))
            c->aborted = 3;
        else if (P->main->max_nodes > 0 && h + __atomic_load_n(&P->mnodes, __ATOMIC_RELAXED) >= P->main->max_nodes)
            c->aborted = 1; /* the budget is spent: the main thread sees it at its next node */
    }
}

/* Counts a node; grows the table with every thread's nodes; sets
 * c->aborted when the budget is spent (the clock is read every 256
 * nodes). With search threads, the main thread starts the helpers here
 * and grows the table with them waiting. */
static void budget(ctx *c)
{
    c->nodes++;
    par *P = c->par;
    if (P && c->helper) {
        budget_helper(c);
        return;
    }
    if (P)
        __atomic_store_n(&P->mnodes, c->nodes, __ATOMIC_RELAXED);
    if (P && P->team > 0 && !__atomic_load_n(&P->go, __ATOMIC_RELAXED) && c->nodes >= P->start)
        par_go(c);
    if (all_nodes(c) >= c->grow_at && c->tt_log2 < c->tt_max_log2 && grow_fits(c)) {
        if (P && __atomic_load_n(&P->go, __ATOMIC_RELAXED))
            par_grow(c);
        else
            tt_grow(c);
    }
    if ((c->nodes & 255) == 0 || (c->max_nodes > 0 && all_nodes(c) >= c->max_nodes))
        c->aborted = spent(c);
    if (P && !c->aborted && P->until && c->nodes >= P->until)
        c->aborted = 4;
}

/* ---- simulation (Kawano 1996): a sibling's proof tried again ----
 *
 * Where the side to move at a node loses after one of its moves (a proof
 * at the opponent's turn, a refutation at the prover's), most of its other
 * moves often lose the same way: a move that does nothing there leaves the
 * winner's answers as good as they were. Before a fresh child is searched,
 * the winner's strategy after the sibling (the template) is replayed on it:
 * at the winner's turn the move that won in the template's corresponding
 * position (read from the table), at the loser's turn every move, each
 * followed in the template as well. Each position of the simulation is
 * generated and tested like any other (gen_kids, so the same moves, the
 * same terminals, the table's finals), so what it establishes is an
 * ordinary proof; it gives up (and leaves the child to the search) as soon
 * as the template has no winning move stored, a loser's move has no
 * counterpart in the template, or a ko, a cycle, the confirmation or its
 * node budget comes in: its values are then free of any history, and they
 * go to the table like the search's. Measured in bench/RESULTS.md. */
/* which wins are simulated: 1 the prover's (at the opponent's turn), 2 the
 * opponent's (refutations, at the prover's turn), 3 both. Refutations
 * only: the prover's proofs replayed cost more nodes than they saved on
 * easy problems (bench/RESULTS.md) */
#ifndef DFPN_SIM_DIR
#define DFPN_SIM_DIR 2
#endif
#ifndef DFPN_SIM_NODES
#define DFPN_SIM_NODES 256
#endif

/* 1 when e is a final win of the side w_prover says (1 the prover, 0 the
 * opponent) that rests on no ko and no cycle. */
static int clean_win(const kid *e, int w_prover)
{
    return (w_prover ? e->pn == 0 : e->dn == 0) && !e->kof && e->taint == NO_TAINT;
}

/* The move that won the template position t for the side to move there,
 * which w_prover says (1 the prover, 0 the opponent), from a final value
 * resting on no ko or cycle in either table; NO_MOVE when there is none. */
static int template_move(const ctx *c, const go_board *t, int w_prover)
{
    bb361 safe = safe_stones(c, t->set), dead = dead_zone(c, t->set, &safe);
    uint64_t key = key_of(t) ^ dead_fix(c, t->set, &dead);
    kid e;
    int move, hit = tt_get(c, key, &e.pn, &e.dn, &e.kof, &move);
    if (!(hit && is_final(e.pn, e.dn)) && !xtt_get(c, key, &e.pn, &e.dn, &e.kof, &move))
        return NO_MOVE;
    e.taint = NO_TAINT;
    return clean_win(&e, w_prover) ? move : NO_MOVE;
}

/* Plays m (a point legal there, or GO_PASS) for color on the template t. */
static void template_play(go_board *t, int color, int m)
{
    if (m == GO_PASS)
        go_pass(t, color);
    else
        go_play_legal(t, color, m);
}

static int sim(ctx *c, int d, int w_prover, long long *left);

/* Plays m at boards[d] and tm at its template tboards[d] (the same move,
 * or at the simulation's start the sibling's), then simulates there. */
static int sim_step(ctx *c, int d, int m, int tm, int w_prover, long long *left)
{
    int color = go_to_move(&c->boards[d]);
    c->tboards[d + 1] = c->tboards[d];
    template_play(&c->tboards[d + 1], color, tm);
    descend(c, d, m);
    c->freek[d + 1] = 0;
    return sim(c, d + 1, w_prover, left);
}

/* Simulates at boards[d] (on the path, its safe stones set) the win of the
 * side w_prover says, following the template tboards[d] (the
 * corresponding position); returns 1 when it holds (and stores it), 0 when
 * the simulation gives up. *left counts its nodes down. */
static int sim(ctx *c, int d, int w_prover, long long *left)
{
    const go_board *b = &c->boards[d], *t = &c->tboards[d];
    if (d + 1 >= MAX_DEPTH || c->conf[d] || b->ko || *left <= 0 || c->aborted)
        return 0;
    int color = go_to_move(b), winner_moves = (color == c->prover) == (w_prover != 0);
    int tm = NO_MOVE;
    if (winner_moves) {
        /* the template's winning move, which must be open here */
        tm = template_move(c, t, w_prover);
        if (tm == NO_MOVE || (tm != GO_PASS && b->color[go_p2s(tm)] != GO_EMPTY))
            return 0;
    }
    --*left;
    budget(c);
    kid *k = c->kids + (size_t)d * (size_t)c->kmax;
    int n = gen_kids(c, d, k), won = 0, wm = NO_MOVE;
    if (winner_moves) {
        for (int i = 0; i < n && !won; i++)
            if (clean_win(&k[i], w_prover))
                won = 1, wm = k[i].move;
        for (int i = 0; i < n && !won; i++) {
            if (k[i].move != tm)
                continue;
            if (is_final(k[i].pn, k[i].dn))
                return 0;
            if (!sim_step(c, d, tm, tm, w_prover, left))
                return 0;
            won = 1, wm = tm;
        }
    } else {
        won = 1;
        for (int i = 0; i < n && won; i++) {
            if (clean_win(&k[i], w_prover))
                continue;
            int m = k[i].move;
            if (is_final(k[i].pn, k[i].dn) || (m != GO_PASS && !go_is_legal(t, color, m)))
                return 0;
            won = sim_step(c, d, m, m, w_prover, left);
        }
    }
    if (won)
        tt_put(c, c->path[d], w_prover ? 0 : INF, w_prover ? INF : 0, 0, wm);
    return won;
}

/* Tries the simulation on the fresh child k[j] of boards[d] with a sibling
 * that the side to move at d loses cleanly as the template; on success
 * k[j] takes the final value. Returns 1 then. */
static int sim_kid(ctx *c, int d, kid *k, int n, int j)
{
    const go_board *b = &c->boards[d];
    int color = go_to_move(b), w_prover = color != c->prover;
    if (!c->simulate || !k[j].fresh || b->ko || c->conf[d] || !(DFPN_SIM_DIR & (w_prover ? 1 : 2)))
        return 0;
    k[j].fresh = 0;
    /* the pass (its position differs from the child's by the one stone,
     * so every move of the loser has its counterpart), else the last
     * sibling in the move order, the likeliest to be as idle as a pass */
    int ti = -1;
    for (int i = n - 1; i >= 0; i--)
        if (i != j && !k[i].term && clean_win(&k[i], w_prover) && (ti < 0 || k[i].move == GO_PASS))
            ti = i;
    if (ti < 0)
        return 0;
    long long left = DFPN_SIM_NODES;
    c->tboards[d] = *b;
    if (!sim_step(c, d, k[j].move, k[ti].move, w_prover, &left))
        return 0;
    c->simulated++;
    k[j].pn = w_prover ? 0 : INF;
    k[j].dn = w_prover ? INF : 0;
    k[j].taint = NO_TAINT;
    k[j].kof = 0;
    return 1;
}

/* Keeps the finals of the children k[0..n) of the node at depth d that
 * rest on a repetition on the path (struct ctx, memo). */
static void memo_keep(ctx *c, int d, const kid *k, int n)
{
    int m = 0;
    for (int i = 0; i < n && m < MEMO_KIDS; i++)
        if (is_final(k[i].pn, k[i].dn) && k[i].taint >= 0 && k[i].taint <= d) {
            memo_kid *e = &c->memo[d][m++];
            e->move = k[i].move;
            e->taint = k[i].taint;
            e->kof = k[i].kof;
            e->pn = k[i].pn;
            e->dn = k[i].dn;
        }
    c->memo_n[d] = (unsigned char)m;
    c->memo_sig[d] = c->psig[d];
}

/* Gives the children k[0..n) of the node at depth d, on the path the memo
 * was kept on, the finals kept for them. */
static void memo_read(ctx *c, int d, kid *k, int n)
{
    for (int j = 0; j < c->memo_n[d]; j++) {
        const memo_kid *e = &c->memo[d][j];
        for (int i = 0; i < n; i++)
            if (k[i].move == e->move) {
                if (!is_final(k[i].pn, k[i].dn)) {
                    k[i].pn = e->pn;
                    k[i].dn = e->dn;
                    k[i].taint = e->taint;
                    k[i].kof = e->kof;
                    k[i].fresh = 0;
                    k[i].term = 0;
                }
                break;
            }
    }
}

#ifdef DFPN_TRACE
/* -DDFPN_TRACE: what the graph-history rule costs, printed at the end of
 * each solve (trace_report). A call of mid whose final value rests on a
 * repetition on the path above it (0 <= taint < d, or the depth cut) is
 * not stored, so a later call on the same path may search it again: the
 * nodes of such calls (the outermost only), and of those made again on
 * a path (and ko model) already seen, show whether forgotten cycle proofs
 * cost much (bench/RESULTS.md, "The graph-history rule's cost in the
 * large problems"). Calls of mid at a key seen before in the solve are
 * counted too. The main thread only; the sets are 2^22 keys each and
 * stop counting new keys when three quarters full. */
#define TRACE_LOG2 22
struct trace {
    long long calls, again, tainted, tnodes, repeated, rnodes, cut;
    size_t nkeys, npaths;
    uint64_t keys[1 << TRACE_LOG2], paths[1 << TRACE_LOG2];
};

/* Whether key (not 0) was in set, which holds *n keys; adds it if not. */
static int trace_seen(uint64_t *set, size_t *n, uint64_t key)
{
    size_t mask = ((size_t)1 << TRACE_LOG2) - 1, i = (size_t)(key * 0x9E3779B97F4A7C15ull >> 20) & mask;
    while (set[i] && set[i] != key)
        i = (i + 1) & mask;
    if (set[i] == key)
        return 1;
    if (*n < mask / 4 * 3) {
        set[i] = key;
        ++*n;
    }
    return 0;
}

static void trace_enter(ctx *c, int d)
{
    if (c->tr && !c->helper) {
        c->tr->calls++;
        c->tr->again += trace_seen(c->tr->keys, &c->tr->nkeys, c->path[d] ? c->path[d] : 1);
    }
}

/* After mid at depth d, entered at node count n0 with the counts t0, r0. */
static void trace_exit(ctx *c, int d, long long n0, long long t0, long long r0, const kid *out)
{
    struct trace *t = c->tr;
    if (!t || c->helper || !is_final(out->pn, out->dn) || out->taint >= d)
        return;
    long long spent = c->nodes - n0;
    t->tainted++;
    t->cut += out->taint < 0;
    t->tnodes = t0 + spent; /* the calls inside this one are part of it */
    /* the path, then the pass (which sets the ko model) and the stage */
    uint64_t k = path_sig(c->psig[d], (uint64_t)(1 + (c->rep_win > 0) + 2 * c->att_near));
    if (trace_seen(t->paths, &t->npaths, k ? k : 1)) {
        t->repeated++;
        t->rnodes = r0 + spent;
    }
}

static void trace_report(const ctx *c)
{
    const struct trace *t = c->tr;
    if (!t)
        return;
    double n = c->nodes > 0 ? (double)c->nodes : 1;
    fprintf(stderr,
            "trace nodes %lld; mid calls %lld, %lld at a key seen before (%.1f%%); finals resting on the path "
            "%lld (depth cut %lld), their nodes %lld (%.2f%%); again on the same path %lld, their nodes %lld "
            "(%.2f%%)\n",
            c->nodes, t->calls, t->again, 100.0 * (double)t->again / (t->calls ? (double)t->calls : 1), t->tainted,
            t->cut, t->tnodes, 100.0 * (double)t->tnodes / n, t->repeated, t->rnodes, 100.0 * (double)t->rnodes / n);
}
#endif

/* Keeps the two smallest of the values seen, best and second, and bi,
 * the index of the first that is the smallest. */
static inline void keep_two(uint32_t v, int i, uint32_t *best, uint32_t *second, int *bi)
{
    if (v < *best) {
        *second = *best;
        *best = v;
        *bi = i;
    } else if (v < *second) {
        *second = v;
    }
}

/* Multiple iterative deepening at boards[d] (key in path[d]) until its
 * values reach the thresholds or the budget runs out; the values and the
 * taint of a disproof go to *out. */
static void mid(ctx *c, int d, uint32_t thpn, uint32_t thdn, kid *out)
{
    budget(c);
    out->taint = NO_TAINT;
    out->kof = 1;
#ifdef DFPN_TRACE
    long long tr_n0 = c->nodes, tr_t0 = c->tr ? c->tr->tnodes : 0, tr_r0 = c->tr ? c->tr->rnodes : 0;
    trace_enter(c, d);
#endif
    if (d >= MAX_DEPTH) {
        /* the depth cut: the value a repetition gives, never trusted */
        out->pn = c->rep_win > 0 ? 0 : INF;
        out->dn = c->rep_win > 0 ? INF : 0;
        out->taint = -1;
        return;
    }
    const go_board *b = &c->boards[d];
    int or_node = go_to_move(b) == c->prover;
    kid *k = c->kids + (size_t)d * (size_t)c->kmax;
    int n = gen_kids(c, d, k);
    if (c->memo_n[d] && c->memo_sig[d] == c->psig[d])
        memo_read(c, d, k, n);
    uint32_t pn, dn;
    int taint, wmove = NO_MOVE; /* wmove: the winning move of a final won by the side to move */
    for (;;) {
        uint64_t sum = 0;
        uint32_t smax = 0; /* the largest summed value: INF when one is */
        uint32_t best = INF, second = INF, av = INF;
        int bi = 0, ai = -1, avoid = par_avoid(c, d, c->path[d]);
        taint = NO_TAINT;
        for (int i = 0; i < n; i++) {
            uint32_t v = or_node ? k[i].pn : k[i].dn; /* minimised */
            uint32_t s = or_node ? k[i].dn : k[i].pn; /* summed */
            sum += s;
            if (s > smax)
                smax = s;
            if (k[i].move == avoid) {
                /* a helper, where the main thread searches this child */
                ai = i;
                av = v;
                v = par_virtual(v);
            }
            keep_two(v, i, &best, &second, &bi);
        }
        /* the summed value counts the largest child whole and the others
         * at 2^-DFPN_SUM_SHIFT: the plain sum counts a position reached
         * through several children once for each (the overcount of
         * transpositions that WPNS and SNDA answer), and matches the
         * initial values' 1/DFPN_INIT_DIV per move at an expansion.
         * Zero only when every child's is, so proofs are unchanged */
        sum = smax + ((sum - smax) >> DFPN_SUM_SHIFT);
        uint32_t total = smax == INF ? INF : sat(sum), tbest = av < best ? av : best;
        pn = or_node ? tbest : total;
        dn = or_node ? total : tbest;
        if (pn == 0 || dn == 0) {
            /* a final value: when every child must have it (a proof at an
             * AND node, a disproof at an OR node) the worst taint counts,
             * else the most storable child that has it */
            int proof = pn == 0, all = proof ? !or_node : or_node;
            taint = all ? NO_TAINT : -2;
            wmove = NO_MOVE;
            for (int i = 0; i < n; i++) {
                if ((proof ? k[i].pn : k[i].dn) != 0)
                    continue;
                if (all ? k[i].taint < taint : k[i].taint > taint) {
                    taint = k[i].taint;
                    if (!all)
                        wmove = k[i].move;
                }
            }
        }
        if (pn >= thpn || dn >= thdn || c->aborted)
            break;
        if (ai >= 0 && bi != ai && (or_node ? k[bi].pn >= thpn : k[bi].dn >= thdn)) {
            /* no sibling below the threshold: the main thread's child */
            second = best;
            bi = ai;
        }
        if (k[bi].fresh && sim_kid(c, d, k, n, bi))
            continue;
        if (c->aborted)
            break; /* the budget ran out in a simulation that gave up */
        uint32_t cthpn, cthdn;
        /* the 1+epsilon trick (Pawlewicz and Lew): the best child may run
         * until it is a fraction worse than the second best, not just one
         * more, which spares most of the switching between siblings */
        uint32_t lim = eps_limit(second);
        /* A threshold always lies above the child's current value (which
         * is below ours), so the child returns only after a change: with
         * values saturated at INF - 1 the plain formulas can give it a
         * threshold it already meets, and the search then calls it again
         * and again without progress. */
        if (or_node) {
            cthpn = lim < thpn ? lim : thpn;
            if (cthpn <= k[bi].pn)
                cthpn = k[bi].pn + 1;
            cthdn = thdn == INF ? INF : sat((uint64_t)thdn - dn + k[bi].dn);
        } else {
            cthdn = lim < thdn ? lim : thdn;
            if (cthdn <= k[bi].dn)
                cthdn = k[bi].dn + 1;
            cthpn = thpn == INF ? INF : sat((uint64_t)thpn - pn + k[bi].pn);
        }
        par_publish(c, d, k[bi].move);
        descend(c, d, k[bi].move);
        c->freek[d + 1] = (unsigned char)k[bi].freek;
        kid r;
        mid(c, d + 1, cthpn, cthdn, &r);
        k[bi].pn = r.pn;
        k[bi].dn = r.dn;
        k[bi].taint = r.taint;
        k[bi].kof = r.kof;
    }
    /* the ko flag: a ko ban here or a flag on any child (more than the
     * value strictly rests on, which is safe) */
    int kof = b->ko != 0;
    for (int i = 0; i < n && !kof; i++)
        kof = k[i].kof;
    out->pn = pn;
    out->dn = dn;
    out->taint = taint;
    out->kof = kof;
    if ((pn != 0 && dn != 0) || taint >= d)
        tt_put(c, c->path[d], pn, dn, kof, wmove);
    /* a value rests on a repetition only once the pass has met one */
    if (c->ko_seen)
        memo_keep(c, d, k, n);
#ifdef DFPN_TRACE
    trace_exit(c, d, tr_n0, tr_t0, tr_r0, out);
#endif
}

/* The line after first move m (line[0] = m) read from the table: when
 * proof is 1 the prover's proven replies and the opponent's best-ordered
 * non-terminal defences, else the opponent's refuting replies and the
 * prover's best-ordered tries; it stops at a terminal, at a repetition, or
 * where the table no longer holds the value. Returns its length. */
/* Copies the node at depth from (board, confirmation state, key) to to. */
static void copy_node(ctx *c, int to, int from)
{
    c->boards[to] = c->boards[from];
    c->conf[to] = c->conf[from];
    c->cban[to][GO_BLACK] = c->cban[from][GO_BLACK];
    c->cban[to][GO_WHITE] = c->cban[from][GO_WHITE];
    c->path[to] = c->path[from];
    c->safe[to] = c->safe[from];
    c->dead[to] = c->dead[from];
    c->dz[to] = c->dz[from];
    c->pbits[to] = (to > 0 ? c->pbits[to - 1] : 0) | path_bit(c->path[to]);
}

/* A white-box test's hook (tests/dfpn_lines_test.c), run on pass 0's
 * table before a settled root move's line is read from it: nothing
 * otherwise. */
#ifndef DFPN_BEFORE_LINE
#define DFPN_BEFORE_LINE(c, move, st) ((void)0)
#endif

static int read_line(ctx *c, int m, int proof, int *line, int max)
{
    uint64_t seen[DFPN_MAX_LINE + 2];
    int n = 0, nseen = 0;
    c->line_kof = 0;
    line[n++] = m;
    descend(c, 0, m);
    seen[nseen++] = c->path[0];
    /* the line's position is kept at depth 2 (its state copied down from
     * depth 3 after each move): gen_kids reads boards[d] and path[0..d],
     * writes boards[d + 1] */
    copy_node(c, 2, 1);
    go_board *cur = &c->boards[2];
    while (n < max && !terminal(c, cur)) {
        uint64_t key = c->path[2];
        int rep = 0;
        for (int j = 0; j < nseen; j++)
            rep |= seen[j] == key;
        if (rep || nseen >= DFPN_MAX_LINE)
            break;
        seen[nseen++] = key;
        kid *k = c->kids + 2 * (size_t)c->kmax;
        c->safe[2] = safe_stones(c, cur->set);
        int nk = gen_kids(c, 2, k), pick = -1;
        int mover_wins = (go_to_move(cur) == c->prover) == (proof != 0);
        for (int pass = 0; pass < 2 && pick < 0; pass++)
            for (int i = 0; i < nk && pick < 0; i++) {
                int ok = proof ? k[i].pn == 0 : k[i].dn == 0;
                if (!ok)
                    continue;
                /* the winning side: a win that met no ko first, which
                 * holds under every ko model. A failure settled in the
                 * first pass without a ko is final there, and its line's
                 * reply must refute under the ko pass too: a sibling won
                 * only by ko (stored by a search thread after the clean
                 * one settled the node) would not */
                if (pass == 0 && mover_wins && k[i].kof)
                    continue;
                if (pass == 0 && !mover_wins) {
                    /* the losing side: a non-terminal try first, and one
                     * that is no free ko retake (pass 1), which the board
                     * would not allow */
                    if (k[i].freek)
                        continue;
                    descend(c, 2, k[i].move);
                    if (terminal(c, &c->boards[3]))
                        continue;
                }
                pick = i;
            }
        if (pick < 0)
            break;
        if (n == 1 && mover_wins && k[pick].kof)
            c->line_kof = 1;
        line[n++] = k[pick].move;
        descend(c, 2, k[pick].move);
        copy_node(c, 2, 3);
    }
    return n;
}

/* Searches root move v until its proof number reaches thpn (the root
 * runs on the proof numbers alone: no disproof threshold) or the budget
 * runs out, and stores its values in v. */
static void solve_root(ctx *c, kid *v, uint32_t thpn)
{
    descend(c, 0, v->move);
    c->freek[1] = 0;
    kid w;
    /* -DDFPN_TRACE: one line per root search on stderr (the pass, the
     * move, its thresholds, nodes and values): where a budget goes; and
     * one per solve, what the graph-history rule cost (trace_report) */
#ifdef DFPN_TRACE
    long long n0 = c->nodes;
#endif
    mid(c, 1, thpn, INF, &w);
#ifdef DFPN_TRACE
    fprintf(stderr, "root pass%d move %d th %u nodes %lld -> pn %u dn %u kof %d\n", c->free_side == c->prover,
            v->move, thpn, c->nodes - n0, w.pn, w.dn, w.kof);
#endif
    v->pn = w.pn;
    v->dn = w.dn;
    v->taint = w.taint;
    v->kof = w.kof;
}

/* 1 when the root move m is in a list of first moves: the points of
 * pts, or the pass when pass (dfpn_opts.only_*, first_*). */
static int in_moves(const bb361 *pts, int pass, int m)
{
    return m == GO_PASS ? pass : bb361_test(pts, m);
}

/* 1 when the root move m is one of dfpn_opts.first_points. */
static int first_move(const ctx *c, int m) { return in_moves(&c->first_points, c->first_pass, m); }

/* The root move of rk[0..n) to search next among those want marks (in a
 * helper, want says for each one whether the main thread's list has it
 * open), and the proof number it runs to (its disproof number has no
 * limit); -1 when none is open. */
static int pick_root(const ctx *c, const kid *rk, int n, const unsigned char *want, uint32_t *thpn)
{
    uint32_t best = INF, second = INF;
    int bi = -1;
    int avoid = c->helper ? __atomic_load_n(&c->par->mmove[0], __ATOMIC_RELAXED) : NO_AVOID;
    /* first: while a move of dfpn_opts.first_points is open, only those */
    int firsts = 0;
    for (int i = 0; i < n; i++)
        firsts |= want[i] && !is_final(rk[i].pn, rk[i].dn) && first_move(c, rk[i].move);
    for (int i = 0; i < n; i++) {
        if (!want[i] || is_final(rk[i].pn, rk[i].dn) || (firsts && !first_move(c, rk[i].move)))
            continue;
        uint32_t v = rk[i].pn;
        if (rk[i].move == avoid)
            v = par_virtual(v);
        keep_two(v, i, &best, &second, &bi);
    }
    if (bi >= 0) {
        uint32_t lim = eps_limit(second);
        if (lim <= rk[bi].pn)
            lim = rk[bi].pn + 1;
        *thpn = lim;
    }
    return bi;
}

/* The finals the table holds for the open root moves of rk[0..n) that
 * want marks, under their keys (0: none), taken into rk: a helper's. */
static void adopt_finals(const ctx *c, kid *rk, int n, const unsigned char *want, const uint64_t *keys)
{
        for (int i = 0; i < n; i++) {
            kid *v = &rk[i];
            int kof, wm;
            uint32_t pn, dn;
            if (want[i] && !is_final(v->pn, v->dn) && keys[i] && tt_get(c, keys[i], &pn, &dn, &kof, &wm) &&
                is_final(pn, dn)) {
                v->pn = pn;
                v->dn = dn;
                v->kof = kof;
                v->taint = NO_TAINT;
                v->fresh = 0;
            }
        }
}

/* One step of a search of the root moves: the next one (pick_root)
 * simulated or searched; 0 when none is open or the budget is spent. */
static int root_step(ctx *c, kid *rk, int n, const unsigned char *want)
{
    uint32_t thpn;
    int bi = pick_root(c, rk, n, want, &thpn);
    if (bi < 0)
        return 0;
    if (rk[bi].fresh && sim_kid(c, 0, rk, n, bi))
        return 1;
    if (c->aborted)
        return 0;
    par_publish(c, 0, rk[bi].move);
    solve_root(c, &rk[bi], thpn);
    return 1;
}

static int settled(const kid *v, int proof);

/* 1 when a first move asked for (want) is proved. */
static int any_proved(const kid *rk, int n, const unsigned char *want)
{
    for (int i = 0; i < n; i++)
        if (want[i] && settled(&rk[i], 1))
            return 1;
    return 0;
}

/* The main thread's search of the root moves (solve_roots). */
static void roots_main(ctx *c, kid *rk, int n, const unsigned char *want, const uint64_t *keys)
{
    while (!c->aborted) {
        if (keys)
            adopt_finals(c, rk, n, want, keys); /* what the helpers settled */
        if (c->to_proof && any_proved(rk, n, want))
            break;
        if (!root_step(c, rk, n, want))
            break;
    }
}

/* A helper's search of the root moves: those open in the main thread's
 * list, their values read afresh from the table each time round. */
static void roots_helper(ctx *h)
{
    par *P = h->par;
    kid *hk = P->hrk + (size_t)h->hid * (size_t)h->kmax;
    unsigned char hwant[DFPN_MAX_ROOT];
    while (!h->aborted && !__atomic_load_n(&P->stop, __ATOMIC_ACQUIRE)) {
        int n = gen_kids(h, 0, hk);
        for (int i = 0; i < n; i++) {
            hwant[i] = 0;
            for (int j = 0; j < P->nroot; j++)
                if (P->rk[j].move == hk[i].move)
                    hwant[i] = P->want[j];
        }
        if (!root_step(h, hk, n, hwant))
            break;
    }
}

/* Starts the helpers (budget, in the main thread): each is given a
 * copy of the main thread's context, which points to its table. */
static void par_go(ctx *c)
{
    par *P = c->par;
    __atomic_store_n(&P->running, P->team, __ATOMIC_RELAXED);
    for (int i = 0; i < P->team; i++) {
        ctx *h = &P->h[i];
        go_board *hb = h->boards, *ht = h->tboards;
        kid *hk = h->kids;
        bb361(*hc)[3] = h->csets;
        memcpy(h, c, sizeof *h);
        h->boards = hb;
        h->tboards = ht;
        h->kids = hk;
        h->csets = hc;
        h->boards[0] = c->boards[0];
        h->helper = 1;
        h->hid = i;
        h->nodes = 0;
        h->simulated = 0;
        h->ko_seen = 0;
        h->aborted = 0;
        h->max_nodes = 0;
        h->max_seconds = 0;
        h->grow_at = LLONG_MAX; /* only the main thread grows the table */
    }
    __atomic_store_n(&P->go, 1, __ATOMIC_RELEASE);
}

/* A helper thread: waits until the main thread starts the helpers or
 * leaves solve_roots, and searches till told to stop. */
static void par_helper(par *P, int i)
{
    for (;;) {
        if (__atomic_load_n(&P->stop, __ATOMIC_ACQUIRE))
            return;
        if (__atomic_load_n(&P->go, __ATOMIC_ACQUIRE))
            break;
        struct timespec ts = {0, 100000};
        nanosleep(&ts, NULL);
    }
    ctx *h = &P->h[i];
    roots_helper(h);
    __atomic_fetch_add(&P->hnodes, h->nodes & 255, __ATOMIC_RELAXED);
    __atomic_fetch_sub(&P->running, 1, __ATOMIC_ACQ_REL);
}

/* Solves every open root move of rk[0..n) that want marks, best first on
 * the proof numbers as df-pn does at an OR node: the chosen move runs
 * until its proof number is a fraction worse than the second best (the
 * 1+epsilon limit). The first proof comes sooner than when every move
 * shares the work, and after it the other moves go on the same way (a
 * move is refuted when its proof number reaches infinity): that proves
 * more of them within a budget than running each on the smaller of its
 * two numbers after the first proof, and settles about as many in all
 * (bench/RESULTS.md, "The root on the proof numbers after the first
 * proof"), and more than rounds with doubling thresholds ("Best first
 * after the first proof"). Only the order of the work changes: each move
 * is solved on its own. With search threads, the helpers search beside
 * it (struct par). */
static void solve_roots(ctx *c, kid *rk, int n, const unsigned char *want)
{
    memset(c->memo_n, 0, sizeof c->memo_n);
    /* a budget already spent (a stage or a pass that used its share to
     * the last node) gets no node more: budget() counts before it checks */
    if (!c->aborted && (c->aborted = spent(c)) != 0)
        return;
#ifdef _OPENMP
    par *P = c->par;
    if (P && c->nodes < P->start) {
        /* alone until the problem has taken par_start nodes: most never
         * do, and pay nothing for the helpers */
        P->until = P->start;
        roots_main(c, rk, n, want, NULL);
        P->until = 0;
        if (c->aborted != 4)
            return;
        c->aborted = 0;
    }
    if (P) {
        uint64_t keys[DFPN_MAX_ROOT];
        for (int i = 0; i < n; i++) {
            keys[i] = 0;
            if (want[i] && !is_final(rk[i].pn, rk[i].dn)) {
                descend(c, 0, rk[i].move);
                keys[i] = c->path[1];
            }
        }
        P->rk = rk;
        P->want = want;
        P->nroot = n;
        P->go = P->stop = P->pause = P->parked = P->running = 0;
        P->hnodes = 0;
        P->mnodes = c->nodes;
#pragma omp parallel num_threads(P->nhelp + 1)
        {
            int t = omp_get_thread_num();
            if (t == 0) {
                /* fewer threads than asked (nested parallelism off, a
                 * thread limit): the helpers that are there */
                int team = omp_get_num_threads() - 1;
                P->team = team < P->nhelp ? team : P->nhelp;
                roots_main(c, rk, n, want, keys);
                __atomic_store_n(&P->stop, 1, __ATOMIC_RELEASE);
            } else if (t <= P->nhelp) {
                par_helper(P, t - 1); /* waits for go or stop */
            }
        }
        c->nodes += P->hnodes;
        c->helper_nodes += P->hnodes;
        P->hnodes = 0;
        if (P->go)
            for (int i = 0; i < P->team; i++) {
                c->simulated += P->h[i].simulated;
                c->ko_seen |= P->h[i].ko_seen;
            }
        P->go = 0;
        P->team = 0; /* out of the region: no helper to start */
        adopt_finals(c, rk, n, want, keys);
        return;
    }
#endif
    roots_main(c, rk, n, want, NULL);
}

#ifdef _OPENMP
/* The helpers' contexts and work space; 0 or VP_ENOMEM. */
static int par_new(ctx *c, const dfpn_opts *o)
{
    par *P = calloc(1, sizeof *P);
    if (!P)
        return VP_ENOMEM;
    c->par = P;
    P->main = c;
    P->nhelp = o->search_threads - 1;
    P->start = o->par_start;
    P->h = calloc((size_t)P->nhelp, sizeof *P->h);
    P->hrk = malloc((size_t)P->nhelp * (size_t)c->kmax * sizeof *P->hrk);
    if (!P->h || !P->hrk)
        return VP_ENOMEM;
    for (int i = 0; i < P->nhelp; i++) {
        ctx *h = &P->h[i];
        h->boards = malloc((MAX_DEPTH + 2) * sizeof *h->boards);
        h->tboards = malloc((MAX_DEPTH + 2) * sizeof *h->tboards);
        h->kids = malloc((size_t)(MAX_DEPTH + 1) * (size_t)c->kmax * sizeof *h->kids);
        h->csets = malloc((size_t)c->kmax * sizeof *h->csets);
        if (!h->boards || !h->tboards || !h->kids || !h->csets)
            return VP_ENOMEM;
    }
    for (int d = 0; d < MAX_DEPTH + 2; d++)
        P->mmove[d] = NO_AVOID;
    return 0;
}
#endif

static void par_free(par *P)
{
    if (!P)
        return;
    for (int i = 0; P->h && i < P->nhelp; i++) {
        free(P->h[i].boards);
        free(P->h[i].tboards);
        free(P->h[i].kids);
        free(P->h[i].csets);
    }
    free(P->h);
    free(P->hrk);
    free(P);
}

/* Sets the ko model. Pass 0, unconditional success: the opponent may
 * retake any ko at once (it has ko threats) but spends a threat each time,
 * so a cycle through such a retake is the prover's, any other cycle the
 * loss of the player who closes it (gen_kids). Pass 1, success by ko: the
 * prover may retake at once and every cycle is its. Each pass has its own
 * table (table_swap). */
static void set_pass_model(ctx *c, int pass)
{
    c->free_side = pass == 0 ? go_other(c->prover) : c->prover;
    c->rep_win = pass == 0 ? -1 : 1;
    c->ko_seen = 0;
}

/* Switches to the other pass: its table in use, the one in use set aside
 * in *aside, where this pass reads the finals that hold in it (xtt_get:
 * pass 1 the proofs of pass 0, pass 0 the disproofs of pass 1). */
static void enter_pass(ctx *c, tt_table *aside, int pass)
{
    table_swap(c, aside);
    set_pass_model(c, pass);
    c->xtt = aside->tt;
    c->xmask = aside->mask;
    c->xfinal = pass == 0;
}

/* After the attacker's stage: every final the defender won goes (under
 * the stage's limit it may rest on a missing attacker's move); the
 * attacker's finals stay, and so, when DFPN_ATT_KEEP, do the heuristic
 * values, as the next search's first estimates. */
#ifndef DFPN_ATT_KEEP
#define DFPN_ATT_KEEP 1
#endif
static void drop_defender_wins(ctx *c)
{
    int dwin_pn = c->prover == c->defender; /* the defender's win is pn 0 when it proves */
    size_t n = (size_t)1 << c->tt_log2;
    for (size_t i = 0; i < n; i++) {
        tt_entry e = slot_load(&c->tt[i]);
        if (!(e.pn | e.dn))
            continue;
        int final = is_final(e.pn, e.dn);
        if (final ? (dwin_pn ? e.pn == 0 : e.dn == 0) : !DFPN_ATT_KEEP)
            slot_store(&c->tt[i], 0, 0, 0);
    }
}

/* 1 when the value of a root move is final and trustworthy (a value
 * resting on a depth cut is not). */
static int settled(const kid *v, int proof)
{
    if (proof ? v->pn != 0 : v->dn != 0)
        return 0;
    return v->taint >= 0;
}

/* The root's children rk[0..n) less the first moves o->only leaves out
 * (none without it), in their order; returns how many are left. */
static int root_only(const dfpn_opts *o, kid *rk, int n)
{
    if (!o->only)
        return n;
    int m = 0;
    for (int i = 0; i < n; i++)
        if (in_moves(&o->only_points, o->only_pass, rk[i].move))
            rk[m++] = rk[i];
    return m;
}

int dfpn_solve(const ld_problem *p, const dfpn_opts *o, dfpn_result *r, char *err)
{
    dfpn_opts def;
    if (!o) {
        dfpn_opts_init(&def);
        o = &def;
    }
    memset(r, 0, sizeof *r);
    if (o->tt_log2 < 10 || o->tt_log2 > 28)
        return vp_fail(err, VP_EINVAL, "dfpn: tt_log2 %d not in 10..28", o->tt_log2);
    ctx c;
    memset(&c, 0, sizeof c);
    c.t0 = now();
    c.t_stop = o->max_seconds > 0 ? c.t0 + o->max_seconds - stop_reserve(o->max_seconds) : 0;
    c.prover = p->to_move;
    c.attacker = p->attacker;
    c.defender = p->defender;
    c.capture_any = o->capture_any != 0;
    c.seki_is_death = o->seki_is_death != 0;
    c.first_points = o->first_points;
    c.first_pass = o->first_pass != 0;
    c.japanese = o->japanese != 0;
    c.simulate = o->simulate != 0;
    c.region = p->region;
    c.target = p->target;
    c.max_nodes = o->max_nodes;
    c.max_seconds = o->max_seconds;
    c.kmax = bb361_popcount(p->region) + 1;
    /* the table starts small (small problems would spend more time
     * clearing a large one than searching) and grows with the search */
    c.tt_max_log2 = o->tt_log2;
    c.tt_log2 = o->tt_log2 < TT_START_LOG2 ? o->tt_log2 : TT_START_LOG2;
    c.grow_at = (long long)1 << (c.tt_log2 - 1);
    c.mask = (((uint64_t)1 << c.tt_log2) - 1) & ~(uint64_t)1;
    c.tt = table_alloc(((size_t)1 << c.tt_log2) * sizeof *c.tt);
    c.boards = malloc((MAX_DEPTH + 2) * sizeof *c.boards);
    c.tboards = malloc((MAX_DEPTH + 2) * sizeof *c.tboards);
    c.blog2 = BCACHE_LOG2(c.tt_log2);
    c.bcache = table_alloc(((size_t)1 << c.blog2) * sizeof *c.bcache);
    c.kids = malloc((size_t)(MAX_DEPTH + 1) * (size_t)c.kmax * sizeof *c.kids);
    c.csets = malloc((size_t)c.kmax * sizeof *c.csets);
#ifdef DFPN_TRACE
    c.tr = calloc(1, sizeof *c.tr); /* no counts when NULL */
#endif
    kid *rk = malloc((size_t)c.kmax * sizeof *rk);
    kid *rk1 = malloc((size_t)c.kmax * sizeof *rk1);
    unsigned char *want = malloc((size_t)c.kmax);
    unsigned char *tried1 = calloc((size_t)c.kmax, 1); /* root moves sent to pass 1 */
    unsigned char *reread = calloc((size_t)c.kmax, 1); /* failures sent there for their line alone */
    int rc = 0;
    if (!c.tt || !c.boards || !c.tboards || !c.kids || !c.csets || !c.bcache || !rk || !rk1 || !want || !tried1 || !reread) {
        rc = vp_fail(err, VP_ENOMEM, "dfpn: out of memory");
        goto done;
    }
    if (o->search_threads < 1 || o->search_threads > DFPN_MAX_THREADS) {
        rc = vp_fail(err, VP_EINVAL, "dfpn: search_threads %d not in 1..%d", o->search_threads, DFPN_MAX_THREADS);
        goto done;
    }
#ifdef _OPENMP
    if (o->search_threads > 1 && (rc = par_new(&c, o)) != 0) {
        rc = vp_fail(err, rc, "dfpn: out of memory");
        goto done;
    }
#endif
    if ((rc = ld_frame(p, &c.boards[0], err)) != 0)
        goto done;
    if ((rc = ld_win_init(&c.win, &c.region, c.boards[0].size, c.defender, err)) != 0)
        goto done;
    go_set_superko(&c.boards[0], 0);
    c.boards[0].to_move = p->to_move;
    /* a pass pending after a line (ld_problem_after): as in the search's
     * own tree after that pass, a second pass ends the game */
    c.boards[0].passes = go_passes(&p->board) == 1;
    c.path[0] = key_of(&c.boards[0]);
    c.pbits[0] = path_bit(c.path[0]);
    /* The attacker's unconditional territory (Benson, eyes anywhere: the
     * frame's count) stays its own whatever is played, and no stone there
     * can touch the target or capture the pass-alive chains around it: a
     * move there, by either side, does nothing a pass would not. */
    {
        bb361 near = bb361_or(c.region, bb361_neighbours(c.region));
        c.wlo = BB361_WORDS - 1;
        c.whi = 0;
        for (int i = 0; i < BB361_WORDS; i++)
            if (near.w[i]) {
                c.wlo = i < c.wlo ? i : c.wlo;
                c.whi = i;
            }
    }
    c.board = bb361_square(c.boards[0].size);
    c.outside_att = bb361_andnot(c.boards[0].set[c.attacker], c.region);
    {
        bb361 alive;
        benson_alive(&c.boards[0], c.attacker, NULL, &alive);
        c.frame_ok = bb361_subset(c.outside_att, alive);
    }
    c.moves = c.region;
    if (DFPN_PRUNE_TERRITORY) {
        bb361 safe;
        benson_safe_points(&c.boards[0], c.attacker, NULL, &safe);
        c.moves = bb361_andnot(c.region, bb361_and(safe, c.boards[0].set[GO_EMPTY]));
    }
    c.wtarget = ld_win_pack(&c.win, &c.target);
    c.wmoves = ld_win_pack(&c.win, &c.moves);
    {
        c.rim_att = bb361_and(c.region, bb361_neighbours(c.outside_att));
        c.wrim_att = ld_win_pack(&c.win, &c.rim_att);
    }
    c.safe[0] = safe_stones(&c, c.boards[0].set);
    c.dead[0] = dead_zone(&c, c.boards[0].set, &c.safe[0]);
    c.dz[0] = dead_fix(&c, c.boards[0].set, &c.dead[0]);
    c.path[0] = node_key(&c, 0);
    c.pbits[0] = path_bit(c.path[0]);
    c.psig[0] = path_sig(0, c.path[0]);
    set_pass_model(&c, 0);

    /* only a target already captured (or a finished game) ends the
     * problem at the root; a target statically alive or dead still gets
     * every first move solved (most then end at once) */
    bb361 on0 = bb361_and(c.target, c.boards[0].set[c.defender]);
    int t = captured(&c, on0) ? (c.attacker == c.prover ? 1 : -1) : 0;
    if (t) {
        r->status = t > 0 ? DFPN_PROVED : DFPN_DISPROVED;
        snprintf(r->reason, sizeof r->reason, "the position is already terminal");
        goto done;
    }
    /* Pass 0 (success in the local game) runs on three quarters of the
     * budget, so that the failures it finds can still be checked for a
     * ko in pass 1; each pass keeps its own table, so when pass 1 is done
     * with budget left, pass 0 resumes on its open moves where it stopped,
     * and any new failure that met a ko goes to pass 1 in turn. */
    int n = gen_kids(&c, 0, rk), n1 = 0, cut = 0, mainline = -1;
    if (o->only) {
        /* every first move asked for must be one in play */
        bb361 asked = o->only_points;
        for (int i = 0; i < n; i++)
            if (rk[i].move != GO_PASS)
                bb361_reset(&asked, rk[i].move);
        if (!bb361_is_empty(asked)) {
            char buf[COORD_BUFLEN];
            rc = vp_fail(err, VP_ERANGE,
                         "--moves: the first move %s is not in play here (occupied, outside the region, "
                         "in the attacker's secure territory, or illegal)",
                         coord_format(bb361_lowest(&asked), c.boards[0].size, buf));
            goto done;
        }
        int kept = root_only(o, rk, n);
        r->partial = kept < n;
        n = kept;
    }
    int ko_seen0 = 0, stage = 0; /* 0: pass 0 first time, 1: ko pass, 2: pass 0 resumed */
    tt_table other;
    memset(&other, 0, sizeof other);
    r->nroot = n;
    for (int i = 0; i < n; i++) {
        r->root_move[i] = rk[i].move;
        r->root_status[i] = DFPN_UNKNOWN;
    }
    memset(want, 1, (size_t)n);
    /* The attacker's stage: first, on 1/att_stage of the budget, the
     * attacker's moves below the root limited to those near the
     * defender's stones (att_near_zone). Its wins hold on the whole game
     * and stay in the table; the defender's are dropped, and the root's
     * moves are read again from the table: those the stage settled for
     * the attacker are final, the others are searched in full below.
     * Without a budget it is not run: a limited search has no bound of
     * its own. Measured in bench/RESULTS.md ("The attacker's stage"). */
    if (o->att_stage != 0 && (o->att_stage < 0 || o->max_nodes > 0 || o->max_seconds > 0)) {
        int share = o->att_stage > 0 ? o->att_stage : 1;
        c.att_near = 1;
        /* at least one node: a budget smaller than the share must not
         * become 0, which means none */
        c.max_nodes = o->max_nodes > 0 ? (o->max_nodes >= share ? o->max_nodes / share : 1) : 0;
        c.max_seconds = o->max_seconds > 0 ? o->max_seconds / share : 0;
        solve_roots(&c, rk, n, want);
        if (o->att_kill && o->att_stage > 0 && c.attacker == c.prover && c.aborted) {
            /* a kill whose stage spent its share before its first proof:
             * on, within the whole budget, until that proof */
            c.max_nodes = o->max_nodes;
            c.max_seconds = o->max_seconds;
            if (!any_proved(rk, n, want) && !spent(&c)) {
                c.aborted = 0;
                c.to_proof = 1;
                solve_roots(&c, rk, n, want);
                c.to_proof = 0;
            }
        }
        c.att_near = 0;
        r->att_nodes = c.nodes;
        for (int i = 0; i < n; i++)
            r->att_settled += settled(&rk[i], c.attacker == c.prover);
        if (o->att_stage < 0) {
            /* alone: its attacker's wins are results, nothing else is */
            for (int i = 0; i < n; i++) {
                kid *v = &rk[i];
                int st = settled(v, c.attacker == c.prover) ? (c.attacker == c.prover ? DFPN_PROVED : DFPN_DISPROVED)
                                                              : DFPN_UNKNOWN;
                r->root_status[i] = st;
                if (st != DFPN_UNKNOWN)
                    r->root_nline[i] = read_line(&c, v->move, st == DFPN_PROVED, r->root_line[i], DFPN_REF_LINE);
            }
            goto tally;
        }
        c.aborted = 0;
        drop_defender_wins(&c);
        int same = root_only(o, rk, gen_kids(&c, 0, rk)) == n;
        for (int i = 0; i < n && same; i++)
            same = rk[i].move == r->root_move[i];
        if (!same) {
            rc = vp_fail(err, VP_EINVAL, "dfpn: internal error: the root's moves changed");
            goto done;
        }
    }
    c.max_nodes = o->max_nodes > 0 ? o->max_nodes - o->max_nodes / 4 : 0;
    c.max_seconds = o->max_seconds > 0 ? 0.75 * o->max_seconds : 0;
    for (;;) {
        if (stage != 1) {
            solve_roots(&c, rk, n, want);
            ko_seen0 |= c.ko_seen;
            int nko_try = 0;
            for (int i = 0; i < n; i++) {
                kid *v = &rk[i];
                if (!want[i])
                    continue;
                int st = settled(v, 1) ? DFPN_PROVED : settled(v, 0) ? DFPN_DISPROVED : DFPN_UNKNOWN;
                cut |= (v->pn == 0 || v->dn == 0) && st == DFPN_UNKNOWN;
                r->root_status[i] = st;
                if (st == DFPN_PROVED && (mainline < 0 || i < mainline)) {
                    /* the main line, from the first proven move in root
                     * order, whose start is this move's line too */
                    mainline = i;
                    r->nline = read_line(&c, v->move, 1, r->line, DFPN_MAX_LINE);
                    r->root_nline[i] = r->nline < DFPN_REF_LINE ? r->nline : DFPN_REF_LINE;
                    memcpy(r->root_line[i], r->line, (size_t)r->root_nline[i] * sizeof r->line[0]);
                } else if (st != DFPN_UNKNOWN) {
                    DFPN_BEFORE_LINE(&c, v->move, st);
                    r->root_nline[i] = read_line(&c, v->move, st == DFPN_PROVED, r->root_line[i], DFPN_REF_LINE);
                }
                /* a failure whose search met a ko or a repetition may
                 * succeed by ko; one that met none is a failure under any
                 * ko model */
                if (st == DFPN_DISPROVED && ko_seen0 && v->kof && !tried1[i]) {
                    r->root_status[i] = DFPN_UNKNOWN; /* until pass 1 says */
                    nko_try++;
                } else if (st == DFPN_DISPROVED && c.line_kof && !tried1[i]) {
                    /* a failure that met no ko, whose line's reply is
                     * one that did: the clean reply is no longer in the
                     * table (replaced in a full bucket). The failure
                     * stands; pass 1 reads its line again, where a reply
                     * that wins only while the prover may not retake
                     * does not refute */
                    reread[i] = 1;
                    nko_try++;
                }
            }
            /* stopped at the quarter kept for pass 1, with no failure for
             * it: pass 0 goes on with the whole budget */
            int go_on = !nko_try && stage == 0 && c.aborted;
            if (!nko_try && !go_on)
                break;
            c.max_nodes = o->max_nodes;
            c.max_seconds = o->max_seconds;
            /* with the whole budget spent (pass 0 resumed) the failures
             * meant for pass 1 stay unknown: no node beyond the budget */
            if ((c.aborted = spent(&c)) != 0)
                break;
            if (go_on) {
                for (int i = 0; i < n; i++)
                    want[i] = !is_final(rk[i].pn, rk[i].dn);
                stage = 2;
                continue;
            }
            /* to pass 1, with the whole budget and its own table */
            if (!other.tt && table_new(&c, &other) != 0)
                break; /* no memory for a second table: those stay unknown */
            enter_pass(&c, &other, 1);
            if (!n1) {
                n1 = root_only(o, rk1, gen_kids(&c, 0, rk1));
                for (int i = 0; i < n1 && i < n; i++)
                    if (rk1[i].move != rk[i].move)
                        n1 = i; /* the same moves in the same order: a ko at the root changes nothing here */
            }
            /* each failure goes to pass 1 once; one that pass 1 does not
             * list in the same place stays unknown */
            memset(want, 0, (size_t)n);
            for (int i = 0; i < n; i++)
                if ((r->root_status[i] == DFPN_UNKNOWN || reread[i]) && settled(&rk[i], 0) && !tried1[i]) {
                    tried1[i] = 1;
                    want[i] = i < n1;
                }
            stage = 1;
            continue;
        }
        /* pass 1: the failures that met a ko, with the prover free of ko bans */
        solve_roots(&c, rk1, n1 < n ? n1 : n, want);
        for (int i = 0; i < n && i < n1; i++) {
            if (!want[i])
                continue;
            if (settled(&rk1[i], 1)) {
                r->root_status[i] = DFPN_KO;
                r->root_nline[i] = read_line(&c, rk1[i].move, 1, r->root_line[i], DFPN_REF_LINE);
            } else if (settled(&rk1[i], 0)) {
                /* the refutation read again from pass 1's table: pass 0's
                 * may hold a reply that only wins while the prover may not
                 * retake a ko (Cho Elementary 480: G18 B19 there, where
                 * the prover wins the ko) */
                r->root_status[i] = DFPN_DISPROVED;
                r->root_nline[i] = read_line(&c, rk1[i].move, 0, r->root_line[i], DFPN_REF_LINE);
            } else if (!reread[i]) {
                r->root_status[i] = DFPN_UNKNOWN; /* ko or failure: not known */
                r->root_nline[i] = 0;
                cut |= rk1[i].pn == 0 || rk1[i].dn == 0;
            } /* else: a failure outright, pass 0's line kept */
        }
        /* back to pass 0 when budget is left and some of its moves are open */
        int open0 = 0;
        memset(want, 0, (size_t)n);
        for (int i = 0; i < n; i++) {
            want[i] = !is_final(rk[i].pn, rk[i].dn);
            open0 += want[i];
        }
        if (c.aborted || !open0)
            break;
        enter_pass(&c, &other, 0);
        stage = 2;
    }
tally:
    for (int i = 0; i < n; i++) {
        if (r->root_status[i] == DFPN_PROVED)
            r->first[r->nfirst++] = rk[i].move;
        else if (r->root_status[i] == DFPN_KO)
            r->ko_first[r->nko++] = rk[i].move;
    }
    int ndis = 0, nunk = 0;
    for (int i = 0; i < n; i++) {
        ndis += r->root_status[i] == DFPN_DISPROVED;
        nunk += r->root_status[i] == DFPN_UNKNOWN;
    }
    /* a ko answer with first moves still unknown is not settled: one of
     * them may succeed outright; nor is a failure with first moves left
     * untried (o->only) */
    r->status = r->nfirst ? DFPN_PROVED : nunk || r->partial ? DFPN_UNKNOWN : r->nko ? DFPN_KO : DFPN_DISPROVED;
    if (nunk)
        snprintf(r->reason, sizeof r->reason, "%d first moves unknown: %s%s; %d empty points in play%s", nunk,
                 c.aborted == 1 ? "node budget exhausted" : c.aborted == 2 ? "time budget exhausted" : "",
                 cut ? (c.aborted ? "; depth cut" : "depth cut") : "",
                 bb361_popcount(bb361_and(c.moves, c.boards[0].set[GO_EMPTY])),
                 r->partial ? "; the other first moves not tried" : "");
    else if (r->partial && !r->nfirst)
        snprintf(r->reason, sizeof r->reason, "no first move tried succeeds%s; the other first moves not tried",
                 r->nko ? " outright" : "");
    free(other.tt);
done:
#ifdef DFPN_TRACE
    trace_report(&c);
    free(c.tr);
#endif
    r->nodes = c.nodes;
    r->simulated = c.simulated;
    r->helper_nodes = c.helper_nodes;
    r->seconds = now() - c.t0;
    free(c.tt);
    free(c.boards);
    free(c.tboards);
    free(c.kids);
    free(c.csets);
    free(c.bcache);
    free(rk);
    free(rk1);
    free(want);
    free(tried1);
    free(reread);
    par_free(c.par);
    return rc;
}
