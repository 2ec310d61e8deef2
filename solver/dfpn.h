/* dfpn.h: exact life-and-death solving by depth-first proof-number search
 * (df-pn with Nagai's thresholds) on the framed board of an ld_problem:
 * each first move of the side to play is proven or refuted on its own, with
 * a bounded transposition table and budgets by nodes and time. */
#ifndef VP_DFPN_H
#define VP_DFPN_H

#include <stdint.h>

#include "../engines/bitboard.h"
#include "../engines/go.h"
#include "ld.h"

/* The outcome for the side to play (the prover), see "Ko" below. */
enum { DFPN_UNKNOWN = 0, DFPN_PROVED = 1, DFPN_DISPROVED = 2, DFPN_KO = 3 };

#define DFPN_MAX_LINE 64
#define DFPN_REF_LINE 24 /* moves kept of each first move's line */
#define DFPN_MAX_ROOT (GO_NPOINTS + 1) /* every point and the pass */

/*
** The game solved. Both sides play only on empty points of the region, or
** pass; points of the attacker's unconditional territory at the start
** (benson_safe_points with the frame's eyes) are not tried by either side,
** since a stone there can neither touch the target nor capture the
** pass-alive chains around it, and so does nothing a pass would not. Below
** the first move, neither side tries a point outside the target's local
** space (the region points reached from the target's stones without
** crossing an attacker chain joined to the frame, which is pass-alive):
** every neighbour of that space outside it is such a stone, so a move
** outside touches nothing inside and is again a pass (not with
** seki_is_death, where a move elsewhere is a tempo that a pass is not).
** The rules are go.h's with simple ko, and a cycle in the line is lost by
** the player who closes it (situational superko) unless the ko model
** below says otherwise. Terminals, checked
** on every node:
**   - captured: the attacker wins as soon as no target point holds a
**     defender stone (every target stone has been captured; with
**     capture_any, as soon as any target point does not hold one);
**   - alive: the defender wins when a defender stone on a target point is
**     unconditionally alive by Benson's algorithm with candidate eyes
**     restricted to the region (with capture_any: every target point holds
**     a defender stone and all of them are alive), where an empty eye
**     space closed by one chain that one answer splits into two eyes
**     whatever the attacker plays in it (the straight four) counts as two
**     (ld_win_alive_answer in ldwin.h: alive, though not pass-alive);
**   - no eye space: the attacker wins, with no pass pending, when the
**     space the target can reach without crossing attacker stones joined
**     to the frame holds no attacker stone and at most one point (besides
**     the target chain's own) that could ever be an eye point, or two
**     such points next to each other (proof at no_eye_space in dfpn.c:
**     the attacker fills the rest and captures);
**   - atari: the attacker wins when it is to move and every defender
**     chain through a target point has one and the same liberty, a point
**     where moves are tried that is not a ko point banned to it: its move
**     there captures them all (not used with capture_any);
**   - two consecutive passes: the defender wins (the target is still on the
**     board: seki counts as life), or the attacker with seki_is_death;
**     but under the Japanese rules (japanese; not with seki_is_death,
**     where they change nothing) the game's two passes
**     start the confirmation of J1989 article 7 instead: the same stones,
**     the attacker to move, play as in the game except that a ko capture
**     bans the retake to the captured side until that side has passed
**     (no ko threats: the ban lasts through moves elsewhere), every pass
**     counts and lifts the passer's bans, no point outside the region is
**     played, and the local space restricts moves as in the game (a move
**     outside it is a tempo that the pass dominates: it neither counts
**     towards the end nor lifts a ban); the terminals are the same, and
**     two consecutive passes in the confirmation end it as above. So a
**     ko that only the attacker can start, like the bent four in the
**     corner, kills outright. The confirmation's positions have keys of
**     their own (flag and bans).
** PROVED means the prover has a strategy that reaches one of its terminals
** in finitely many moves whatever the opponent does, or leaves the opponent
** only moves that close a cycle; DISPROVED means it has none.
**
** Ko. Each first move is solved twice at most. Pass 0 (unconditional):
** the opponent of the prover may retake a ko at once, ignoring the ban
** (it always has a ko threat), but a cycle of positions through such a
** retake counts for the prover (the opponent spends a threat each time
** round and has finitely many); any other cycle is lost by the player who
** closes it. So an opponent whose only way on is to keep sending two
** stones to take one back (Cho Elementary 355) fails, where it used to
** make the prover's success a ko (bench/RESULTS.md).
** A pass by a player under a ko ban does not count towards the two passes
** that end the game (it stands for a move elsewhere). Neither pass lets
** anyone retake freely in the confirmation. Success there is
** DFPN_PROVED: the prover needs no ko threat. A first move that fails in
** pass 0 after the search met a ko or a repetition is solved again in
** pass 1, where the prover may retake at once and every cycle counts for
** it: success there is DFPN_KO ("succeeds by winning a ko"; the prover is
** the side that needs the ko threats), failure DISPROVED. A value that
** rests on a cycle is stored in the table only when the cycle lies inside
** the subtree (Kishimoto and Mueller's graph-history interaction); other
** such values live on the current path only, kept with their parent
** for as long as the path down to it is the same (so that a node does
** not forget them each time the search leaves it). Pass 0 runs on three
** quarters of the budget when a failure met a ko, to leave pass 1 the
** rest; each pass keeps its own table, so when pass 1 ends with budget
** left, pass 0 resumes on its open first moves where it stopped (and a
** new failure that met a ko goes to pass 1 in turn).
**
** The attacker's stage. With a budget, the search first runs on
** 1/att_stage of it (half by default) with the attacker's moves below the
** first move limited to the points next to the defender's stones of the
** local space (the eight neighbours) and to moves next to one of its own
** chains of at most two liberties. The defender's moves are all tried, so
** the attacker's wins it finds hold on the whole game; they stay in the
** table. Its defender's wins may rest on a left-out move: they are
** dropped, and the first moves they settled are searched in full. In a
** kill (the attacker to play at the root) with att_kill set (the
** default), the stage may run on past its share, up to the whole budget,
** until it proves a first move; the rest of the budget then goes to the
** full search, which refutes the other first moves.
**
** Lines. Values are read back from the table after the search: each
** settled first move gets a line (main line or refutation), cut where the
** table no longer holds a value, at a repetition or at DFPN_REF_LINE.
*/
typedef struct dfpn_opts {
    long long max_nodes; /* node budget (<= 0: none): never exceeded with
                          * one search thread; helpers add their nodes to
                          * the count every 256 and stop there when it is
                          * spent, so each may pass it by up to 256 */
    double max_seconds;  /* time budget in seconds (<= 0: none) */
    int tt_log2;         /* the table holds 2^tt_log2 entries, 10..28 */
    int capture_any;     /* 1: losing any target stone is a kill */
    int seki_is_death;   /* 1: two passes with the target on the board
                          * (seki) count for the attacker */
    int japanese;        /* 1: the game's two passes start the Japanese
                          * confirmation (bent four in the corner dead) */
    int simulate;        /* 1 (the default): refutations replayed from a
                          * sibling's (simulation, dfpn.c); 0: off, the
                          * same answers by search alone (for checks) */
    int att_stage;       /* the attacker's stage (dfpn.c): N > 0 runs it
                          * first on 1/N of the budget (the default 2; only
                          * with a budget), 0 not at all, -1 it alone (its
                          * results: for checks) */
    int att_kill;        /* 1 (the default): in a kill the stage runs on
                          * past its 1/N, within the whole budget, until
                          * its first proof; 0: its share alone */
    int only;            /* 1: only the first moves in only_points (and the
                          * pass when only_pass) are tried; each must be a
                          * first move in play */
    bb361 only_points;
    int only_pass;
    bb361 first_points;  /* first moves searched first: while one of them
                          * (or the pass, when first_pass) is open at the
                          * root, the root searches only those; then the
                          * others. Only the order of the work changes:
                          * every answer is proven as without it. For
                          * checking a given answer within a budget. */
    int first_pass;
    int search_threads;  /* threads searching the problem together
                          * (1..DFPN_MAX_THREADS, default 1): the main one
                          * and helpers on the same table (dfpn.c, struct
                          * par); the answer is exact whatever their
                          * number, but nodes, lines and what a budget
                          * settles may vary from run to run when it is
                          * above 1. Without OpenMP, one. */
    long long par_start; /* the helpers start once the main thread has
                          * searched this many nodes (default 20,000:
                          * small problems never wait for them) */
} dfpn_opts;

#define DFPN_MAX_THREADS 256

/* The answer. Points are bb361 indexes, GO_PASS for a pass. */
typedef struct dfpn_result {
    int status;                      /* DFPN_* */
    int nfirst;                      /* winning first moves, each proven */
    int first[DFPN_MAX_ROOT];
    int nroot;                       /* every first move tried, in order */
    int root_move[DFPN_MAX_ROOT];
    int root_status[DFPN_MAX_ROOT];  /* DFPN_* for the prover after that move */
    int nko;                         /* first moves that succeed only by ko */
    int ko_first[DFPN_MAX_ROOT];
    int nline;                       /* main line from the first winning move */
    int line[DFPN_MAX_LINE];
    /* For every root move i: a line starting with root_move[i]: the main
     * line when it succeeds (the prover's proven replies, the opponent's
     * longest resistance), the refutation when it is disproved (the
     * opponent's refuting replies), empty (0) when unknown; never more
     * than DFPN_REF_LINE moves (the array's size). */
    int root_nline[DFPN_MAX_ROOT];
    int root_line[DFPN_MAX_ROOT][DFPN_REF_LINE];
    long long nodes;
    long long simulated; /* children settled by replaying a sibling's
                          * proof (simulation, see dfpn.c) */
    long long att_nodes; /* nodes of the attacker's stage (dfpn_opts) */
    long long helper_nodes; /* nodes of the helpers (search_threads > 1),
                             * counted in nodes too */
    int att_settled;     /* first moves it settled for the attacker */
    int partial;         /* 1: some first moves in play were not tried
                          * (dfpn_opts.only): the status is then PROVED
                          * when a tried move succeeds, else UNKNOWN */
    double seconds;
    char reason[128]; /* why the status is unknown, else "" */
} dfpn_result;

/* Sets o to the defaults (1e6 nodes, 10 s, 2^22 entries, capture all, seki is life,
 * simulation on, the attacker's stage on half the budget);
 * returns nothing. */
void dfpn_opts_init(dfpn_opts *o);

/* Solves p (framing its board with ld_frame) into *r; returns 0 (status
 * may be DFPN_UNKNOWN with the reason in r->reason), or VP_EINVAL (frame
 * fails, bad options) / VP_ERANGE (a first move of o->only is not in
 * play) / VP_ENOMEM with the reason in err. */
int dfpn_solve(const ld_problem *p, const dfpn_opts *o, dfpn_result *r, char *err);

/*
** The first moves moves (bb361 points) of p tried again, alone at the root,
** in ld_widen's step-2 region of p (the bounding box grown by one line,
** closed under the defender's chains), with the options o otherwise (but
** att_kill, off: the check looks for refutations too): a
** region inferred too tightly can let the frame make a move work that
** fails on the board (bench/RESULTS.md, "The first moves proved beyond the
** book's, in wider regions"). Sets *region and *r (r->root_status of each
** move: proved, ko, disproved or unknown there) and returns 0; returns 1
** when there is no wider region (the box already reaches the board's
** edges) or moves is empty, with *r untouched; or a VP_E* code with the
** reason in err.
*/
int dfpn_solve_wider(const ld_problem *p, bb361 moves, const dfpn_opts *o, bb361 *region, dfpn_result *r, char *err);

/* "proved", "disproved", "ko" or "unknown". */
const char *dfpn_status_name(int status);

#endif
