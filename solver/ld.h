/* ld.h: the life-and-death problem definition: position, side to play,
 * goal (kill or live), target chains and the region where play is allowed,
 * each taken from flags, from markup (MA, SQ, VG, the comment) or inferred
 * as a strong player reads a corner or edge problem; and the tsumego frame
 * that closes the board outside the region. */
#ifndef VP_LD_H
#define VP_LD_H

#include "../engines/bitboard.h"
#include "../engines/go.h"
#include "../engines/problem.h"
#include "../engines/sgf.h"

/* The goal, from the side to play's view. */
enum { LD_GOAL_NONE = 0, LD_KILL = 1, LD_LIVE = 2 };

/* Where a part of the problem came from. */
enum { LD_FROM_INFERRED = 0, LD_FROM_MARKUP = 1, LD_FROM_COMMENT = 2, LD_FROM_FLAGS = 3, LD_FROM_WIDENED = 4, LD_FROM_LINE = 5 };

#define LD_SUMMARY_LEN 320
#define LD_DEFAULT_MARGIN 0

/* Overrides; ld_opts_init gives "nothing overridden". Points are bb361
 * indexes (x from the left, y from the BOTTOM) like the go_board's.
 * markup_goal is the goal an SGF record states in the vitalpoint property
 * VG[kill] / VG[live] of its root (read with ld_sgf_goal, since problem.h
 * does not keep it); it ranks below the flags and above the comment. */
typedef struct ld_problem_opts {
    int to_move;       /* GO_EMPTY: from the problem; else GO_BLACK / GO_WHITE */
    int goal;          /* LD_GOAL_NONE: markup or inferred; else LD_KILL / LD_LIVE */
    int markup_goal;   /* LD_GOAL_NONE, or the VG goal of the record */
    int has_target;    /* target holds points on stones of one colour */
    bb361 target;      /* the target is every chain through these points */
    int has_region;    /* region holds the points where play is allowed */
    bb361 region;
    int margin;        /* lines added around the inferred region, 0..4 */
} ld_problem_opts;

/*
** A problem ready for the solver. Invariants after ld_problem_from*:
**   - board is the position as given (no frame), board.to_move == to_move;
**     board.passes is 0: no pass is pending (ld_problem_after may leave 1,
**     a pass that counts, after which a second pass ends the game);
**   - defender = the colour of the target, attacker = go_other(defender);
**     goal == LD_LIVE iff to_move == defender;
**   - target is non-empty, holds only defender stones and is a union of
**     whole chains;
**   - region holds every target stone, is on the board, and is closed
**     under defender chains: a defender chain that touches the region lies
**     wholly inside it (so the frame never has to decide its fate).
**   The region may hold stones of both colours; play is allowed on its
**   empty points, including points emptied by captures.
** summary is one line saying what was inferred and from where.
*/
typedef struct ld_problem {
    go_board board;
    int to_move, attacker, defender, goal;
    bb361 target, region;
    int to_move_from, goal_from, target_from, region_from; /* LD_FROM_* */
    char summary[LD_SUMMARY_LEN];
} ld_problem;

/* Sets o to "nothing overridden" (margin LD_DEFAULT_MARGIN); returns nothing. */
void ld_opts_init(ld_problem_opts *o);

/* Builds the problem from a loaded problem record (square boards only);
 * opts may be NULL. Returns 0, or VP_EINVAL (no side to play, no
 * identifiable target, invalid override) / VP_ERANGE (board shape) with
 * the reason in err. */
int ld_problem_from(const problem *pr, const ld_problem_opts *opts, ld_problem *out, char *err);

/* The same from a bare position: to_move GO_BLACK / GO_WHITE (GO_EMPTY
 * lets opts decide), marks (MA target stones) and region (SQ) may be NULL,
 * comment (for "to live" / "to kill") may be NULL. Returns 0, or VP_EINVAL
 * with the reason in err. */
int ld_problem_from_board(const go_board *b, int to_move, const bb361 *marks, const bb361 *region,
                          const char *comment, const ld_problem_opts *opts, ld_problem *out, char *err);

/* Writes the framed board into *out: the region untouched, every other
 * empty point filled with attacker stones except single-point eyes that
 * touch no region point, defender stones outside the region replaced
 * (a defender-free zone); returns 0, or VP_EINVAL when the result would
 * hold a chain without liberties (err says which). */
int ld_frame(const ld_problem *p, go_board *out, char *err);

/* The defender's stones that stand in the region, outside the target, next
 * to an on-board point outside it that is empty or the defender's (a wall
 * on the region's edge with open space behind it), into *out; returns how
 * many. ld_frame fills those points with attacker stones, so a proof that
 * captures such stones or plays against them there may not hold on the
 * full board (bench/RESULTS.md, "The defender's stones on the region's
 * edge"). */
int ld_edge_defenders(const ld_problem *p, bb361 *out);

/*
** The wider regions tried when a problem's inferred region leaves no first
** move that reaches the goal (vp go solve): a region inferred too tightly
** gives the frame points the answer needs (bench/RESULTS.md, "Where the
** solver and the book disagree"). Step 1 is the region's bounding box,
** run on to the board's edge on each side where it stops one line short
** of it; step 2 the bounding box grown by one line on every side (on the
** board). Each is closed under defender chains like any region. Sets *out
** and returns 1 when it differs from p's region, else returns 0.
*/
int ld_widen(const ld_problem *p, int step, bb361 *out);
/* *out = p with the region region (from ld_widen) and region_from
 * LD_FROM_WIDENED, its summary rewritten; returns nothing. */
void ld_problem_widened(const ld_problem *p, const bb361 *region, ld_problem *out);

/*
** *out = p after the line moves[0..n) (points, or GO_PASS), played on the
** board by the rules (simple ko), p's side to play first, alternating: the
** side to play and the goal turn with each move (the goal is the one of
** the side to play, as in any problem), the region stays, and the target
** is the chains through p's target points that still hold defender stones.
** Each move must be in the region (or a pass), legal on the board and in
** the framed position, leave a target stone, and capture the same stones
** on the board and in the framed position (the frame of the board after
** it is the framed position after it), so that the result is the
** position df-pn searches after those moves; the line may not end
** with a ko capture (a problem starts with no ko ban). The history of the
** line is not kept: its positions are not cycles for the search. A pass
** by the player under a ko ban does not count towards the two passes that
** end the game (it stands for a threat elsewhere, as in the search). A
** line whose passes end the game is refused: there is nothing left to
** solve (with confirms, the Japanese rules with seki not counted as death,
** the confirmation would follow, which a line does not walk into). A line
** that ends with a pass that counts leaves out->board.passes at 1, so that
** df-pn searches the position as it does after that pass in its own tree:
** a second pass there ends the game.
** Returns 0, or VP_EINVAL with the reason in err and the index of the
** faulty move in *bad (-1 when the fault is not a move's).
*/
int ld_problem_after(const ld_problem *p, const int *moves, int n, int confirms, ld_problem *out, int *bad,
                     char *err);

/* The goal a text states ("to live", "to kill", "to capture"), or
 * LD_GOAL_NONE when it states none or both. */
int ld_goal_from_text(const char *text);
/* Reads VG[kill] / VG[live] from an SGF root into *goal (LD_GOAL_NONE
 * when absent); returns 0, or VP_EINVAL for another value. */
int ld_sgf_goal(const sgf_node *root, int *goal, char *err);

/* "kill", "live" or "none". */
const char *ld_goal_name(int goal);
/* "inferred", "markup", "comment", "flags", "widened" or "line". */
const char *ld_from_name(int from);

/* 1 when point is in the problem's region, else 0. */
static inline int ld_in_region(const ld_problem *p, int point)
{
    return point >= 0 && point < GO_NPOINTS && bb361_test(&p->region, point);
}

#endif
