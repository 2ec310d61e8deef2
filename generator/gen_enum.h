/* gen_enum.h: exhaustive enumeration of TTT-Bench positions and their
 * Win / Blocked / Fork labels (Algorithm 1 of the TTT-Bench paper with its
 * printed defect resolved), and the exact check of every label against
 * the game-theoretic optimal moves. */
#ifndef VP_GEN_ENUM_H
#define VP_GEN_ENUM_H

#include <gmp.h>
#include <stddef.h>
#include <stdint.h>

#include "../engines/ttt.h"
#include "../solver/tt.h"

typedef enum { GEN_NONE = 0, GEN_WIN, GEN_BLOCKED, GEN_FORK, GEN_NVERDICTS } gen_verdict;
#define GEN_FILTERED (-1) /* the player who just moved already has a winning fork */

/* How a fork is counted: by threat lines (the paper's) or by distinct
 * completion cells (one block cannot stop two cells). */
typedef enum { GEN_FORK_LINES, GEN_FORK_CELLS } gen_fork_rule;

/* How a question's answer set compares with the optimal moves. */
typedef enum { GEN_AGREE_EQUAL, GEN_AGREE_SUBSET, GEN_AGREE_CONTRADICTS, GEN_NAGREE } gen_agreement;

typedef struct gen_question {
    ttt_pos pos;
    ttt_set answers;
    int verdict; /* gen_verdict */
} gen_question;

typedef struct gen_counts {
    uint64_t positions; /* distinct positions after n moves with no winner */
    uint64_t filtered;  /* dropped: the last mover already has a winning fork */
    uint64_t verdicts[GEN_NVERDICTS];
} gen_counts;

typedef struct gen_verify_counts {
    uint64_t agreement[GEN_NVERDICTS][GEN_NAGREE];
    uint64_t value[GEN_NVERDICTS][3]; /* loss, draw, win for the mover */
    uint64_t nodes;
} gen_verify_counts;

/* Called now and then from one thread with the fraction done. */
typedef void (*gen_progress_fn)(void *ctx, double done);

/* "win", "blocked", "fork", "none", or "filtered". */
const char *gen_verdict_name(int v);
const char *gen_agreement_name(gen_agreement a);
/* Parses "lines" or "cells"; returns 0 or VP_EINVAL with a message. */
int gen_fork_rule_parse(const char *s, gen_fork_rule *r, char *err);

/* Label of a position with no winner: a gen_verdict or GEN_FILTERED;
 * *answers receives the answer cells (empty for none and filtered). */
int gen_label(const ttt_game *g, ttt_pos pos, gen_fork_rule rule, ttt_set *answers);

/* Agreement of answer set `answers` with the optimal move set. */
gen_agreement gen_agreement_of(ttt_set answers, ttt_set optimal);

/* Enumerates every position after exactly n moves with no winner and
 * labels it. Fills *c; when qs is not NULL, also returns the questions
 * (verdict other than none) in a fixed order, whatever the thread count,
 * in a malloc'd array the caller frees. Returns 0, VP_ERANGE for n out of
 * range, or VP_ENOMEM. */
int gen_enumerate(const ttt_game *g, int n, gen_fork_rule rule, gen_counts *c, gen_question **qs,
                  size_t *nq, char *err);

/* Number of move sequences that reach the counted positions: positions
 * times ceil(n/2)! floor(n/2)! (no prefix of such a game has a winner, as
 * stones are never removed). Sets out, an initialised mpz. */
void gen_sequences(mpz_t out, const gen_counts *c, int n);

/* Solves every question exactly (win/draw/loss of every move) and counts
 * how its answer set agrees with the optimal set, per verdict; questions
 * that a board symmetry maps onto each other are solved once. qs must be
 * a whole population (closed under the symmetries), as gen_enumerate
 * returns it. tt is shared by the threads. Returns 0 or VP_ENOMEM. */
int gen_verify_questions(const ttt_game *g, const gen_question *qs, size_t nq, tt_table *tt,
                         gen_verify_counts *vc, gen_progress_fn progress, void *ctx, char *err);

#endif
