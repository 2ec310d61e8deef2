/* ttt_solve.h: exact game values of TTT-Bench positions by negamax with
 * alpha-beta and a shared transposition table. Two searches: a fast
 * win/draw/loss search, and a distance search that also finds in how many
 * plies the game ends under optimal play (fastest win, slowest loss). */
#ifndef VP_TTT_SOLVE_H
#define VP_TTT_SOLVE_H

#include <stdint.h>

#include "../engines/ttt.h"
#include "tt.h"

/* One searching thread. Tables may be shared by many solvers at once;
 * the counters and the budget are the solver's own. */
typedef struct ttt_solver {
    const ttt_game *g;
    tt_table *wdl_tt;   /* required */
    tt_table *exact_tt; /* required for distance searches */
    int canonical;      /* key table entries by the symmetry-canonical position */
    uint64_t nodes;
    uint64_t node_limit; /* 0: none */
    double deadline;     /* seconds on ttt_solve_clock(), 0: none */
    int aborted;         /* set when a budget ran out; results are then void */
    /* Called by ttt_solve_analyse as each move's value becomes known
     * (plies is -1 before distances are searched). */
    void (*on_move)(void *ctx, int cell, int value, int plies);
    void *ctx;
    int8_t order[TTT_MAX_CELLS]; /* static move order */
} ttt_solver;

/* Result of analysing every move of a position. Values are from the
 * mover's side: 1 win, 0 draw, -1 loss. Plies count to the end of the
 * game, the analysed move included: a win on the spot is 1 ply; a draw
 * lasts until the board is full. */
typedef struct ttt_analysis {
    int value;
    int plies;        /* -1 when distances were not asked for */
    ttt_set optimal;  /* every move that keeps the value */
    ttt_set fastest;  /* optimal moves with the fastest win or slowest loss */
    ttt_set solved;   /* moves whose value is known (all, unless aborted) */
    int move_value[TTT_MAX_CELLS]; /* -2: worse than value (see below) */
    int move_plies[TTT_MAX_CELLS]; /* for optimal moves, -1 for the others */
} ttt_analysis;

/* Monotonic clock in seconds. */
double ttt_solve_clock(void);

/* Prepares a solver for game g over the given tables; returns nothing. */
void ttt_solver_init(ttt_solver *s, const ttt_game *g, tt_table *wdl_tt, tt_table *exact_tt);

/* Win/draw/loss value (1, 0, -1) of pos for the player to move; pos must
 * have no winner. Returns the value; check s->aborted when budgets are set. */
int ttt_solve_value(ttt_solver *s, ttt_pos pos);

/* Value and distance: returns plies to the end under optimal play, signed
 * (positive: the mover wins, negative: loses, 0 with *draw set: draw). */
int ttt_solve_distance(ttt_solver *s, ttt_pos pos, int *is_draw);

#define TTT_SOLVE_DISTANCES 1u  /* also plies, fastest, move_plies of optimal moves */
#define TTT_SOLVE_ALL_VALUES 2u /* the exact value of every move, not only the best */

/* Analyses every empty cell of pos (which must have no winner and at least
 * one empty cell); moves that a symmetry fixing pos maps onto each other
 * are searched once. Without TTT_SOLVE_ALL_VALUES, a move outside
 * `optimal` may have move_value -2, meaning only "worse than value". Returns 0, VP_EINVAL for a finished
 * position, or VP_EABORT when a budget ran out (with a message in err;
 * a->solved then says how far it got). */
int ttt_solve_analyse(ttt_solver *s, ttt_pos pos, unsigned flags, ttt_analysis *a, char *err);

#endif
