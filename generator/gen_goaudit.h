/* gen_goaudit.h: the audit of tsumego benchmark records (the vp go build
 * format): each record read from its JSON object, its static checks
 * (coordinates, stone lists against the grid, options, answers, lines),
 * a variant against its original mapped through the transform, df-pn's
 * verdict against the record, and the option audit of the TsuGO paper
 * (Tables 5 and 6: when MCTS first visits each option). */
#ifndef VP_GEN_GOAUDIT_H
#define VP_GEN_GOAUDIT_H

#include <jansson.h>
#include <stdint.h>

#include "../engines/bitboard.h"
#include "../engines/go.h"
#include "../engines/vp.h"
#include "../solver/dfpn.h"
#include "../solver/ld.h"

/* The checks, in the order they run on a record. */
enum {
    GEN_AUDIT_JSON,       /* the line is one JSON object (the caller reading lines reports it) */
    GEN_AUDIT_SCHEMA,     /* every key present with its type; ids unique */
    GEN_AUDIT_COORD,      /* every coordinate parses and is on the 19x19 board */
    GEN_AUDIT_STONES,     /* stone lists sorted, no repeats, no overlap; a setup that can arise */
    GEN_AUDIT_GRID,       /* the grid agrees with the stone lists point by point */
    GEN_AUDIT_DEFINITION, /* side, goal, target and region define a problem (ld.h) as given */
    GEN_AUDIT_OPTIONS,    /* labels A.., order, distinct, empty, legal, in the region */
    GEN_AUDIT_ANSWERS,    /* correct answer, accepted set, correct option */
    GEN_AUDIT_LINES,      /* main line, variations, refutations: legal from the position */
    GEN_AUDIT_VARIANT,    /* a variant equals its original mapped through its transform */
    GEN_AUDIT_SOLVER,     /* df-pn proves the accepted set and refutes every distractor */
    GEN_AUDIT_SOLVER_VARIANT, /* df-pn's verdict on a variant is the original's mapped */
    GEN_AUDIT_REPLIES,    /* each distractor's refutation reply refutes it (df-pn after the two moves) */
    GEN_AUDIT_NCHECKS
};

/* The transforms a record names. */
enum {
    GEN_AUDIT_T_IDENTITY,
    GEN_AUDIT_T_ROT90,
    GEN_AUDIT_T_ROT180,
    GEN_AUDIT_T_ROT270,
    GEN_AUDIT_T_FLIP_H,
    GEN_AUDIT_T_FLIP_V,
    GEN_AUDIT_T_INVERT,
    GEN_AUDIT_T_RELABEL,
    GEN_AUDIT_T_SHUFFLE,
    GEN_AUDIT_NTRANSFORMS
};

#define GEN_AUDIT_SIZE 19
#define GEN_AUDIT_MAX_OPTIONS 26
#define GEN_AUDIT_LABEL_LEN 8
#define GEN_AUDIT_MSG_LEN 320
#define GEN_AUDIT_DEFAULT_NODES 2000000LL

/* A list of moves or points: bb361 indexes, GO_PASS for "pass". */
typedef struct gen_audit_list {
    int n;
    int *v;
} gen_audit_list;

/*
** A record as read. Points are bb361 indexes (x from the left, y from
** the bottom) on the 19x19 board; every coordinate was parsed and is on
** the board when gen_audit_parse returned 0. Lists keep the record's
** order (the checks look at it); grid[p] is the number at point p.
** Options: opt_label[i] / opt[i] for i < nopt in the record's key order;
** order[j] is the index of option_order's j-th label (-1 when it names
** no option); correct_option the index of the correct label, -1 for
** null (correct_label keeps the text).
*/
typedef struct gen_audit_record {
    long line;
    char *id, *variant_of, *transform; /* variant_of NULL for an original */
    int tkind;                         /* GEN_AUDIT_T_*, -1 when unknown */
    gen_audit_list black, white, target, region;
    uint8_t grid[GO_NPOINTS];
    int to_play;                       /* GO_BLACK / GO_WHITE */
    int goal;                          /* LD_KILL / LD_LIVE */
    int nopt;
    char opt_label[GEN_AUDIT_MAX_OPTIONS][GEN_AUDIT_LABEL_LEN];
    int opt[GEN_AUDIT_MAX_OPTIONS];
    int norder;
    int order[GEN_AUDIT_MAX_OPTIONS];
    char order_label[GEN_AUDIT_MAX_OPTIONS][GEN_AUDIT_LABEL_LEN];
    int correct_answer;
    gen_audit_list accepted;           /* Solution.all_correct_answers */
    int correct_option;
    char correct_label[GEN_AUDIT_LABEL_LEN];
    int ko;
    gen_audit_list main_line;
    int nvar;
    gen_audit_list *var;               /* Solution.variations */
    int nref;
    int *ref_key;                      /* Solution.refutations: keys ... */
    gen_audit_list *ref;               /* ... and their lines */
    long long nodes_budget;            /* Provenance.nodes_budget, 0 when absent */
} gen_audit_record;

/* What df-pn says about a record's problem: the status and every first
 * move tried with its status (DFPN_*). status is -1 when the problem could
 * not be set up (reason says why). */
typedef struct gen_audit_verdict {
    int status;
    int nroot;
    int16_t root_move[DFPN_MAX_ROOT];
    uint8_t root_status[DFPN_MAX_ROOT];
    long long nodes, budget;
    char reason[VP_ERRLEN];
    /* set by gen_audit_solve_replies: replies 1; per option, the status
     * df-pn gives the side to play after the option and its refutation's
     * reply (DFPN_*), GEN_AUDIT_NO_REPLY when the option is accepted or
     * its line has no reply, GEN_AUDIT_REPLY_UNSET when that position
     * could not be set up (reply_reason says why, for the first one) */
    int replies;
    int8_t reply_status[GEN_AUDIT_MAX_OPTIONS];
    char reply_reason[VP_ERRLEN];
} gen_audit_verdict;

#define GEN_AUDIT_NO_REPLY (-2)
#define GEN_AUDIT_REPLY_UNSET (-1)

/* The failures found, each with its check, and how often each check ran.
 * Messages are one line each. */
typedef struct gen_audit_fail {
    int check;
    char msg[GEN_AUDIT_MSG_LEN];
} gen_audit_fail;

typedef struct gen_audit_log {
    int n, cap;
    gen_audit_fail *fail;
    long ran[GEN_AUDIT_NCHECKS];
    int oom;      /* a failure could not be stored */
    int solvable; /* set by gen_audit_statics: 1 when the stones and the
                   * definition are sound enough for df-pn (a failure of
                   * vp go build's policy alone, defender stones on the
                   * region's edge, leaves it 1) */
} gen_audit_log;

/* "json", "schema", ... for GEN_AUDIT_*; "?" when out of range. */
const char *gen_audit_check_name(int check);
/* The transform named name ("rot90", "flip-h", ...): returns GEN_AUDIT_T_*
 * and sets *sym (GOSYM_*) and *invert (0/1), or -1 for an unknown name. */
int gen_audit_transform(const char *name, int *sym, int *invert);
/* The name of transform t ("flip-h"), or "?". */
const char *gen_audit_transform_name(int t);

/* Sets log to empty; returns nothing. */
void gen_audit_log_init(gen_audit_log *log);
/* Empties log (keeps nothing); returns nothing. */
void gen_audit_log_free(gen_audit_log *log);
/* Adds a failure of check (printf-style message); returns nothing (a
 * failure to store it sets log->oom). */
void gen_audit_log_add(gen_audit_log *log, int check, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The number of failures of check in log. */
int gen_audit_log_count(const gen_audit_log *log, int check);

/* Reads record v (one JSON object) into *r; line is kept for the caller.
 * Returns 0 when the record is usable for the other checks, 1 when it is
 * not (schema or coordinate failures added to log, naming each field by
 * its dotted path), or VP_ENOMEM. *r must be freed with gen_audit_record_free
 * in every case. */
int gen_audit_parse(const json_t *v, long line, gen_audit_record *r, gen_audit_log *log);
/* Frees what r owns and zeroes it; returns nothing. */
void gen_audit_record_free(gen_audit_record *r);

/* The board of r's stones (setup only, r->to_play to move); returns 0, or
 * VP_EINVAL (overlap) with the reason in err. */
int gen_audit_board(const gen_audit_record *r, go_board *b, char *err);
/* The life-and-death problem r states (side, goal, target and region as
 * given); returns 0, or VP_EINVAL with the reason in err. */
int gen_audit_problem(const gen_audit_record *r, ld_problem *p, char *err);

/* Runs the static checks of r (stones, grid, definition, options,
 * answers, lines) and, when orig is not NULL, r against its original
 * (variant); a variant whose original is not at hand (orig NULL) is left
 * to the caller, who knows why. Adds failures to log and counts the
 * checks run; returns the number of failures added. */
int gen_audit_statics(const gen_audit_record *r, const gen_audit_record *orig, gen_audit_log *log);

/* Solves r's problem with df-pn within nodes (no time limit, so the
 * verdict is a function of the record and the budget) into *v; returns
 * 0 (v->status -1 when the problem cannot be set up), or VP_ENOMEM /
 * VP_EINVAL with the reason in err. */
int gen_audit_solve(const gen_audit_record *r, long long nodes, gen_audit_verdict *v, char *err);
/* Solves, for every distractor of r (an option outside the accepted set)
 * whose refutation line has a reply, the framed position after the
 * distractor and the reply, the side to play to move again with the same
 * goal, region and target (its stones still on the board), with df-pn
 * within nodes (no time limit); fills v's reply fields (v as
 * gen_audit_solve left it). Returns 0 (v->replies stays 0 when r's
 * problem cannot be set up: the solver check says why), or VP_ENOMEM. */
int gen_audit_solve_replies(const gen_audit_record *r, long long nodes, gen_audit_verdict *v, char *err);
/* Checks the verdict v of r: the proven first moves (ko moves when r->ko)
 * are the accepted set, every option outside it is refuted, every
 * refutation key is refuted, and (when v was solved at the record's own
 * Provenance.nodes_budget) every refuted point is a refutation key;
 * and, when orig is not NULL, that v equals
 * orig's verdict ov mapped through r's transform; when v->replies, that
 * every distractor's reply leaves the side to play no success, not even
 * by ko (check replies). Returns the number of failures added to log. */
int gen_audit_solver_checks(const gen_audit_record *r, const gen_audit_verdict *v, const gen_audit_record *orig,
                            const gen_audit_verdict *ov, gen_audit_log *log);

/* ---- the option audit (Tables 5 and 6) ---- */

enum { GEN_AUDIT_ROLE_CORRECT, GEN_AUDIT_ROLE_DISTRACTOR, GEN_AUDIT_ROLE_EQUIV };

/* One row of Table 6: an option, or an extra equivalent correct move that
 * is not an option (label ""). first_open / first_list: the first playout
 * (1..budget) through the move at the root of open-root / restricted-root
 * MCTS, 0 when none within the budget (first_list is 0 for non-options). */
typedef struct gen_audit_optrow {
    char label[GEN_AUDIT_LABEL_LEN];
    int point, role;
    double dist; /* Euclidean distance to the correct answer */
    int first_open, first_list;
} gen_audit_optrow;

/* One problem's rows and counts (Table 5 sums these over a set). */
typedef struct gen_audit_optaudit {
    int nrow;
    gen_audit_optrow *row;
    int options, accepted, noncorrect; /* option entries, those accepted, the others */
    int covered_open, covered_list;    /* non-correct options visited within the budget */
    int extra, extra_open;             /* accepted moves beyond correct_answer, those visited open */
} gen_audit_optaudit;

/* Runs open-root and restricted-root (the options) MCTS with budget
 * playouts and seed on r's problem and fills *out (free with
 * gen_audit_optaudit_free); returns 0, or VP_EINVAL (the problem cannot be
 * set up, no legal root move) / VP_ENOMEM with the reason in err. */
int gen_audit_options(const gen_audit_record *r, int budget, uint64_t seed, gen_audit_optaudit *out, char *err);
/* Frees the rows and zeroes out; returns nothing. */
void gen_audit_optaudit_free(gen_audit_optaudit *out);

#endif
