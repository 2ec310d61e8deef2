/* gen_set.h: TTT-Bench-style question sets. Samples questions from the
 * exhaustive population, balanced across move counts and verdicts, writes
 * each with the paper's texts, and proves each answer set against the
 * exact game value. Records are jansson objects in the released dataset's
 * layout plus vitalpoint's verification fields. */
#ifndef VP_GEN_SET_H
#define VP_GEN_SET_H

#include <jansson.h>
#include <stdint.h>

#include "../engines/ttt.h"
#include "gen_enum.h"

#define GEN_SET_FORMAT "vitalpoint-ttt-question"
#define GEN_SET_FORMAT_VERSION 1
#define GEN_MAX_NS 26

typedef struct gen_set_opts {
    int moves[GEN_MAX_NS]; /* the move counts N to draw from */
    int nmoves;            /* 0: the paper's defaults for the game */
    int count;             /* questions per game */
    uint64_t seed;
    gen_fork_rule rule;
    size_t tt_bytes; /* size of each transposition table */
} gen_set_opts;

/* The paper's move counts for game k: {4,5} oTTT, {6,7} dTTT, {5,6,7}
 * cTTT, {6,7} sTTT. Writes them to ns and returns how many. */
int gen_set_default_moves(ttt_kind k, int *ns);

/* Builds the question set of one game. *records receives a malloc'd array
 * of *n new json objects (the caller decrefs them and frees the array).
 * The result depends only on g and opts, never on the thread count.
 * Returns 0, VP_ERANGE for a bad move count, or VP_ENOMEM. */
int gen_set_build(const ttt_game *g, const gen_set_opts *opts, json_t ***records, size_t *n,
                  gen_progress_fn progress, void *ctx, char *err);

#endif
