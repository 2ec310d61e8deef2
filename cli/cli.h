/* cli.h: what the vp subcommands share: usage errors (exit 2), numbers
 * parsed with their range, output files written under a temporary name and
 * renamed when complete (gzip for names ending in .gz), and the progress
 * bar on stderr. Only cli/ prints and exits. */
#ifndef VP_CLI_H
#define VP_CLI_H

#include <stddef.h>
#include <stdio.h>
#include <zlib.h>

enum { CLI_OK = 0, CLI_FAIL = 1, CLI_USAGE = 2 };

/* Prints "vp: message" on stderr and exits with status 2. */
void cli_usage_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2), noreturn))
#endif
    ;
/* Prints "vp: message" on stderr; returns nothing. */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* Parses a decimal integer in [lo, hi] for option opt, or exits with 2. */
long cli_parse_long(const char *opt, const char *s, long lo, long hi);
/* Parses a comma-separated list of integers in [lo, hi] into v (at most
 * max); returns the count, or exits with 2. */
int cli_parse_list(const char *opt, const char *s, long lo, long hi, int *v, int max);
/* Sets the OpenMP thread count (0: leave the default). */
void cli_set_threads(long t);

typedef struct cli_out {
    char *path, *tmp; /* tmp NULL: written in place */
    FILE *f;
    gzFile gz;
    int failed;
} cli_out;

/* Creates the temporary file beside path; returns 0, or prints an error
 * naming the path and returns CLI_USAGE. A path that names something other
 * than a regular file (a terminal, /dev/stdout, a pipe) is written in
 * place instead: renaming over it would replace it. */
int cli_out_open(cli_out *o, const char *path);
/* Appends bytes; a failure is remembered and reported by commit. */
void cli_out_write(cli_out *o, const char *s, size_t len);
/* Closes and renames into place; returns 0, or prints an error, removes
 * the temporary file and returns CLI_FAIL. */
int cli_out_commit(cli_out *o);
/* Closes and removes the temporary file. */
void cli_out_abort(cli_out *o);
/* Writes text to path through a temporary file (as above); returns 0, or
 * prints an error naming the path and returns CLI_USAGE / CLI_FAIL. */
int cli_write_file(const char *path, const char *text);
/* Exits with 2 (naming opt) when the folder of some path[0..n) does not
 * exist, so that a batch fails before any work; returns nothing. */
void cli_check_folders(const char *opt, char *const *paths, int n);

/* Seconds on a monotonic clock. */
double cli_now(void);

/* Runs work(ctx, i) for i = 0..n-1 on the OpenMP threads, one item at a
 * time each (dynamic schedule), and emit(ctx, i) in input order as soon as
 * every earlier item is done (one emit at a time), under a progress bar
 * labelled label (see cli_progress_init); returns 1 when some emit
 * returned non-zero (or memory ran out), else 0. */
int cli_batch(int n, void *ctx, void (*work)(void *ctx, int i), int (*emit)(void *ctx, int i), const char *label,
              int quiet);

typedef struct cli_progress {
    const char *label;
    int enabled;
    double last;
} cli_progress;

/* Enables the bar when stderr is a terminal and quiet is 0. */
void cli_progress_init(cli_progress *p, const char *label, int quiet);
/* gen_progress_fn-compatible update: ctx is a cli_progress. */
void cli_progress_update(void *ctx, double done);
void cli_progress_done(cli_progress *p);

struct go_board;
struct strbuf;
/* Appends a text drawing of the board (X black, O white, coordinates
 * A-T without I, rows from 1 at the bottom) to out. */
void cli_draw_board(struct strbuf *out, const struct go_board *b);

int cmd_ttt(int argc, char **argv);
int cmd_go(int argc, char **argv);
/* `vp go solve` (cmd_solve.c). */
int cmd_go_solve(int argc, char **argv);
/* `vp go mcts` (cmd_mcts.c). */
int cmd_go_mcts(int argc, char **argv);
/* `vp go build` (cmd_build.c). */
int cmd_go_build(int argc, char **argv);
/* `vp go audit` (cmd_audit.c). */
int cmd_go_audit(int argc, char **argv);
int cmd_gtp(int argc, char **argv);

#endif
