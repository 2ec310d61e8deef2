/* gen_go.h: tsumego benchmark records (the TsuGO appendix, sections A and
 * B): which problems the solver's proof lets in, the K-option set of
 * Algorithm 2 with proven-wrong distractors only, the difficulty score and
 * its tiers, the answer-preserving transforms, the Appendix G prompts per
 * modality, and the record as JSON (the format of gorec-schema, version 1). */
#ifndef VP_GEN_GO_H
#define VP_GEN_GO_H

#include <jansson.h>
#include <stdint.h>

#include "../engines/bitboard.h"
#include "../engines/go.h"
#include "../engines/strbuf.h"
#include "../solver/dfpn.h"
#include "../solver/ld.h"
#include "../solver/mcts.h"

/* The record format: every record starts with these two keys. */
#define GEN_GO_FORMAT "vitalpoint-tsumego-record"
#define GEN_GO_FORMAT_VERSION 1
#define GEN_GO_MAX_K 8          /* option labels A..H */
#define GEN_GO_DEFAULT_K 4
#define GEN_GO_MAX_ANSWERS 3    /* more proven correct first moves: excluded */
#define GEN_GO_ANSWER_SPREAD 3.0 /* an accepted move farther from c* than this: excluded */
#define GEN_GO_MAX_VAR 16       /* variations kept per record */
#define GEN_GO_NAME_LEN 192
#define GEN_GO_PATH_LEN 1024

/* Why a problem stays out of the set (GEN_GO_OK: it goes in). */
enum {
    GEN_GO_OK = 0,
    GEN_GO_EX_PARSE,       /* the file does not load */
    GEN_GO_EX_SIZE,        /* not 19x19 */
    GEN_GO_EX_DEFINITION,  /* no side to play, no target, region inference failed */
    GEN_GO_EX_UNKNOWN,     /* a first move left unknown within the node budget */
    GEN_GO_EX_NO_ANSWER,   /* every first move fails, and there is no book move */
    GEN_GO_EX_BOOK,        /* the book's answer is refuted, outside the region, or only a ko */
    GEN_GO_EX_DISJOINT,    /* several disjoint correct first moves */
    GEN_GO_EX_PASS,        /* passing succeeds: nothing to solve */
    GEN_GO_EX_KO,          /* the answer is a ko (with --no-ko) */
    GEN_GO_EX_DISTRACTORS, /* fewer than K-1 proven-wrong distractors */
    GEN_GO_EX_EDGE,        /* defender stones on the region's edge (ld_edge_defenders) */
    GEN_GO_EX_WIDER,       /* an answer beyond the book's is refuted, or only a ko, in a wider region */
    GEN_GO_NREASONS
};

/* Modalities (bits) and transforms. */
enum { GEN_GO_SYM = 1, GEN_GO_GRID = 2, GEN_GO_SYM_GRID = 4, GEN_GO_VISUAL = 8, GEN_GO_SYM_VISUAL = 16 };
#define GEN_GO_NMODALITIES 5
#define GEN_GO_ALL_MODALITIES 31u
enum {
    GEN_GO_T_IDENTITY,
    GEN_GO_T_ROT90,
    GEN_GO_T_ROT180,
    GEN_GO_T_ROT270,
    GEN_GO_T_FLIP_H,
    GEN_GO_T_FLIP_V,
    GEN_GO_T_INVERT,
    GEN_GO_T_RELABEL,
    GEN_GO_T_SHUFFLE,
    GEN_GO_NTRANSFORMS
};

typedef struct gen_go_opts {
    int k;              /* options per record: 0 (open search) or 2..GEN_GO_MAX_K */
    uint64_t seed;      /* label shuffles and transforms draw from (seed, id) */
    int allow_ko;       /* 0 (--no-ko): a ko answer is excluded */
    long long nodes_budget; /* what df-pn ran with, for Provenance */
} gen_go_opts;

/* A line of moves (bb361 points, GO_PASS for a pass). */
typedef struct gen_go_line {
    int n;
    int m[DFPN_MAX_LINE];
} gen_go_line;

/*
** One record. Invariants after gen_go_record_build / gen_go_transform:
**   - black, white are disjoint sets of a legal 19x19 position, to_play is
**     GO_BLACK or GO_WHITE, goal LD_KILL or LD_LIVE for to_play;
**   - all[0..nall) are the accepted first moves in point order,
**     correct_answer is one of them; options[label] are k distinct empty
**     points of which exactly one (label correct_option) is in all[];
**     option_order is a permutation of 0..k-1;
**   - ref_move[i] / ref[i] are the proven-wrong first moves and their
**     refutation lines (ref[i].m[0] == ref_move[i]).
** Strings are NUL-terminated; variant_of and image are "" when absent.
*/
typedef struct gen_go_record {
    char id[GEN_GO_NAME_LEN], variant_of[GEN_GO_NAME_LEN];
    char source[GEN_GO_PATH_LEN], collection[GEN_GO_NAME_LEN];
    char difficulty[64];
    char image[GEN_GO_PATH_LEN];
    double difficulty_score;
    int transform; /* GEN_GO_T_* */
    /* Question */
    bb361 black, white, target, region;
    int to_play, goal;
    int k, options[GEN_GO_MAX_K], option_order[GEN_GO_MAX_K];
    /* Solution */
    int correct_answer, nall, all[GO_NPOINTS], correct_option; /* -1 when k == 0 */
    int ko;
    gen_go_line main_line;
    int nvar;
    gen_go_line var[GEN_GO_MAX_VAR];
    int nref, ref_move[DFPN_MAX_ROOT];
    gen_go_line ref[DFPN_MAX_ROOT];
    long long proof_nodes;
    /* Provenance */
    int nbook, book[GO_NPOINTS];
    int solver_agrees; /* 1, 0, or -1 when the book has no answer */
    long long nodes_budget;
    /* statistics (not written): plausible wrong first moves */
    int plausible_wrong;
} gen_go_record;

/* What the builder starts from: the problem, its proof, the MCTS open-root
 * search (NULL: none), the book's correct first moves of the side to play
 * (book[0] the book's first move), and the names. */
typedef struct gen_go_input {
    const ld_problem *p;
    const dfpn_result *r;
    const mcts_result *mcts;
    const int *book;
    int nbook;
    const char *id, *source, *collection;
} gen_go_input;

/* Sets o to the defaults: K = 4, seed 0, ko answers allowed. */
void gen_go_opts_init(gen_go_opts *o);

/* The accepted first moves of a proof: PROVED first moves, or the ko moves
 * when nothing succeeds unconditionally and allow_ko is set. Checks the
 * inclusion rules (see man/vp.1, vp go build); returns GEN_GO_OK and fills
 * all[0..*nall) (point order), *cstar and *ko, or a GEN_GO_EX_* code with
 * the detail in why (VP_ERRLEN bytes). */
int gen_go_accepted(const ld_problem *p, const dfpn_result *r, const int *book, int nbook, int allow_ko, int *all,
                    int *nall, int *cstar, int *ko, char *why);

/*
** The wider check of the accepted answers that the book does not give
** (all[0..nall) less book[0..nbook)), for an inferred region only: they
** rest on the solver alone, and a region inferred too tightly can let the
** frame make a move work that fails on the board (bench/RESULTS.md, "The
** first moves proved beyond the book's, in wider regions"). Those moves
** alone are tried at the root of p's problem in ld_widen's step-2 region
** (the bounding box grown by one line), on a node budget of nodes. Returns
** GEN_GO_OK when each of them is proved there, or left open (no evidence
** against it), or (ko set: the accepted answers are ko answers) wins a ko
** there; GEN_GO_EX_WIDER with the detail in why (VP_ERRLEN bytes) when
** one is refuted there, or (ko not set: it is accepted as an
** unconditional answer) succeeds there only by ko; or a negative VP_E*
** code (out of memory) with the reason in why. Deterministic: node
** budgets only.
*/
int gen_go_wider_check(const ld_problem *p, const int *all, int nall, int ko, const int *book, int nbook,
                       long long nodes, char *why);

/* Algorithm 2, steps 2-6: from the proposals prop[0..nprop) (visits[i]
 * their MCTS root visits, NULL for none) drops passes, repeats, occupied
 * points, moves illegal for to_move on b, points outside region, accepted
 * moves (all[0..nall)) and every move not in wrong (the proven-wrong first
 * moves); ranks the rest by Euclidean distance to cstar (ties: more visits
 * first, then the upper row, then the left column) and writes the nearest
 * n into out. Returns how many (fewer than n when too few remain). */
int gen_go_distractors(const go_board *b, int to_move, bb361 region, bb361 wrong, const int *all, int nall,
                       int cstar, const int *prop, const int *visits, int nprop, int n, int *out);

/* The stream for record id's draws of kind `what` (labels, relabel,
 * shuffle): rng_seed(seed, hash of id, what). */
uint64_t gen_go_id_hash(const char *id);

/* Algorithm 2, step 7: a uniformly random permutation of moves[0..k) drawn
 * from (seed, id); returns nothing. */
void gen_go_shuffle_labels(int *moves, int k, uint64_t seed, const char *id);

/* The difficulty score: main-line length + plausible_wrong / 2 + log10 of
 * the proof's nodes, rounded to 2 decimals. */
double gen_go_difficulty(int main_len, int plausible_wrong, long long proof_nodes);

/* Tier of each of score[0..n) into tier[] (0 = easiest) for ntiers tiers
 * cut at the quantiles: sorted scores s, cut j = s[floor(j*n/ntiers)]
 * (j = 1..ntiers-1), a score's tier is the number of cuts it reaches.
 * Returns 0 or VP_ENOMEM. */
int gen_go_tiers(const double *score, int n, int ntiers, int *tier, char *err);
/* The default names of ntiers tiers (2: easy, hard; 3: easy, medium, hard;
 * 4: easy, intermediate, medium, hard; 1: all; else tier1..tierN) into
 * name (room for 32 bytes each); returns nothing. */
void gen_go_tier_name(int ntiers, int t, char *name, size_t len);

/* Builds the record of a verified problem: accepted set, c*, options
 * (Algorithm 2, labels shuffled), lines, difficulty score (difficulty
 * "all"), provenance. Returns GEN_GO_OK, a GEN_GO_EX_* code (why says
 * more), or a negative VP_E* code on a bad input (why set). */
int gen_go_record_build(const gen_go_input *in, const gen_go_opts *o, gen_go_record *rec, char *why);

/* Writes into dst the variant of src under transform t (not
 * GEN_GO_T_IDENTITY), seeded by (seed, src->id) for relabel and shuffle:
 * id, variant_of, transform, coordinates and colours mapped; image
 * cleared. Returns 0, or VP_EINVAL (relabel / shuffle with fewer than 2
 * options) with err set. */
int gen_go_transform(const gen_go_record *src, int t, uint64_t seed, gen_go_record *dst, char *err);

/* Checks the record's invariants (stones, options, exactly one correct
 * option, accepted moves empty, option_order a permutation); returns 0 or
 * VP_EINVAL with the reason in err. */
int gen_go_check(const gen_go_record *rec, char *err);

/* Appends the Appendix G prompt of rec for one modality (a GEN_GO_* bit):
 * the bounded template when rec->k > 0, else the open one. Returns 0 or
 * VP_ENOMEM. */
int gen_go_prompt(const gen_go_record *rec, int modality, strbuf *out);

/* The record as a JSON object in the schema's key order, with the prompts
 * of the given modalities; NULL when out of memory or when gen_go_check
 * fails (err says why). */
json_t *gen_go_record_json(const gen_go_record *rec, unsigned modalities, char *err);

/* Names: "does not parse", ..., for GEN_GO_EX_*; "sym", "grid",
 * "sym+grid", "visual", "sym+visual" for the modality bits; "identity",
 * "rot90", ..., "shuffle" for GEN_GO_T_*. */
const char *gen_go_reason_name(int reason);
const char *gen_go_modality_name(int modality);
const char *gen_go_transform_name(int t);
/* The modality bit / transform of a name, or -1. */
int gen_go_modality_parse(const char *name);
int gen_go_transform_parse(const char *name);

/* The record id and collection of a problem file path: the collection is
 * the name of the file's folder (the last folder of the path, else
 * "problems"); the id is the collection's short name (its first and last
 * hyphen-separated words, a generic last word "tsumego" / "problems"
 * skipped) and the last number of the file's name, zero-padded to 4
 * digits (the lowercased name with other characters as '-' when it has
 * no digits): "cho-chikun-...-elementary/Prob0001.json" gives
 * "cho-elementary-0001". Returns nothing. */
void gen_go_names(const char *path, char *id, size_t idlen, char *collection, size_t clen);

#endif
