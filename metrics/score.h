/* score.h: a model's answer to a benchmark question: the final answer
 * extracted from the response (the last \boxed{...}, else the last
 * "answer is X" that reads as an answer), normalised (option label to its
 * coordinate; coordinates in any case, with spaces or a dash: "p 15",
 * "P-15"), and judged against the accepted answers of the question's record
 * (a tsumego record of the benchmark builder, or a TTT question of `vp ttt
 * generate`); and the unbiased pass@k estimator. */
#ifndef VP_SCORE_H
#define VP_SCORE_H

#include <jansson.h>

#include "../engines/bitboard.h"
#include "../engines/vp.h"

#define SCORE_MAX_OPTIONS 26
#define SCORE_TEXTLEN 48
#define SCORE_NONE (-2) /* no answer point */

enum { SCORE_GO = 1, SCORE_TTT = 2 };
enum { SCORE_CORRECT = 0, SCORE_WRONG = 1, SCORE_UNPARSEABLE = 2 };
enum { SCORE_FROM_NONE = 0, SCORE_FROM_BOXED = 1, SCORE_FROM_ANSWER_IS = 2 };

/* What a question accepts. Go answers are bb361 points (19x19 benchmark
 * coordinates) or a pass; TTT answers are cell letters, A = 0. */
typedef struct score_key {
    int kind;                           /* SCORE_GO or SCORE_TTT */
    bb361 accepted;                     /* never empty unless accept_pass */
    int accept_pass;
    int has_optimal;                    /* TTT: the record lists optimal_moves */
    bb361 optimal;
    int noptions;                       /* Go K=4 records: the options */
    char option_label[SCORE_MAX_OPTIONS]; /* uppercase letters */
    int option_point[SCORE_MAX_OPTIONS];
    int to_play;                        /* Go: 'B', 'W', or 0 when unknown */
} score_key;

/* One record of a benchmark set, as scoring needs it. */
typedef struct score_record {
    char *id;
    char *category; /* the game (TTT) or the difficulty (Go); "-" when absent */
    char *verdict;  /* the TTT verdict (Win, Blocked, Fork), or NULL */
    char *source;   /* the source file (Go), or NULL */
    score_key key;
} score_record;

/* Reads a set record: Go when it has "Solution" (accepted = all_correct_answers
 * with correct_answer, and correct_option through Question.options), TTT
 * when it has "answers"; returns 0, or VP_EINVAL / VP_ENOMEM with the
 * field named in err. Free with score_record_free, also after a failure. */
int score_record_parse(const json_t *rec, score_record *r, char *err);
void score_record_free(score_record *r);

/* Reads a Go move as the benchmark writes it or a model might: "P15",
 * "p15", "P 15", "P-15", "pass" on 19x19; returns 0 and *point (COORD_PASS
 * for a pass), or VP_EINVAL / VP_ERANGE with the reason in err. */
int score_parse_point(const char *s, int *point, char *err);
/* 1 when point (or a pass) is accepted by k, else 0. */
int score_accepts(const score_key *k, int point);

/* The outcome of judging one response. */
typedef struct score_answer {
    int verdict;                /* SCORE_CORRECT, SCORE_WRONG, SCORE_UNPARSEABLE */
    int from;                   /* SCORE_FROM_*: where the answer was found */
    int point;                  /* the normalised answer, or SCORE_NONE */
    int optimal;                /* TTT with optimal moves known: 1 or 0; else -1 */
    char text[SCORE_TEXTLEN];   /* the answer as written (cleaned, truncated) */
    char normal[8];             /* "P15", "H", "pass", or "" */
    char reason[VP_ERRLEN];     /* why unparseable, else "" */
} score_answer;

/* Extracts, normalises and judges response against k; fills *a (never
 * fails: what cannot be read is SCORE_UNPARSEABLE with a reason). */
void score_judge(const score_key *k, const char *response, score_answer *a);

/* The unbiased estimator of pass@k from n samples of which c are correct,
 * 1 - C(n-c, k) / C(n, k); returns it, or NAN when k > n or k < 1. */
double score_pass_at_k(int n, int c, int k);

#endif
