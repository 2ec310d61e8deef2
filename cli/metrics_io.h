/* metrics_io.h: what `vp score` and `vp metrics` share: JSON-lines input
 * (plain or gzip) with line numbers, the benchmark set as a table of answer
 * keys, bad records reported by file, line and field (or counted and
 * skipped with --skip-bad), and output files written together: every one
 * opened under a temporary name first, so a bad path writes nothing. */
#ifndef VP_METRICS_IO_H
#define VP_METRICS_IO_H

#include <jansson.h>

#include "../metrics/score.h"

int cmd_score(int argc, char **argv);
int cmd_metrics(int argc, char **argv);

/* One line of an input file: its JSON value, or why it is not JSON. */
typedef struct mio_record {
    json_t *v;   /* NULL when the line is not JSON */
    char *error; /* jansson's reason when v is NULL */
    long line;
} mio_record;

typedef struct mio_file {
    const char *path;
    mio_record *rec;
    size_t n;
} mio_file;

/* Reads path as JSON lines (blank lines skipped); with whole, a file
 * whose first line is not JSON but whose whole text is one JSON value is
 * one record at line 1. Returns 0, or prints "vp: PATH: reason" and
 * returns CLI_USAGE (cannot open) / CLI_FAIL (out of memory). */
int mio_read(const char *path, int whole, mio_file *f);
void mio_file_free(mio_file *f);

/* Bad records: without skip, the first is printed as "vp: PATH:LINE:
 * reason" and the command stops with 2; with skip, each is printed as a
 * warning (the first 20) and counted. */
typedef struct mio_bad {
    int skip;
    long count;
} mio_bad;
/* Reports a bad record; returns CLI_USAGE to stop, or 0 to go on. */
int mio_bad_record(mio_bad *b, const char *path, long line, const char *reason);
/* At the end: "vp: N bad records skipped" when some were; returns nothing. */
void mio_bad_summary(const mio_bad *b);

/* The benchmark set: its records by id. */
typedef struct mio_set {
    score_record *r;
    int n;
    int *by_id; /* indexes of r sorted by id */
} mio_set;

/* Loads a set (every record must be good); returns 0, or prints the file,
 * line and field and returns CLI_USAGE (CLI_FAIL: out of memory). */
int mio_set_load(const char *path, mio_set *s);
void mio_set_free(mio_set *s);
/* The record with this id, or NULL. */
const score_record *mio_set_find(const mio_set *s, const char *id);
/* The record whose source is file (the same path, else the only one
 * with the same base name), or NULL. */
const score_record *mio_set_find_source(const mio_set *s, const char *file);

/* Output files committed together. */
typedef struct mio_outputs {
    int n;
    const char *path[64];
    char *text[64]; /* owned */
} mio_outputs;
/* Adds text (taken over; NULL means out of memory) for path. */
void mio_outputs_add(mio_outputs *o, const char *path, char *text);
/* Opens every temporary file, then writes and renames each; returns 0,
 * CLI_USAGE when a path cannot be written (nothing written), or CLI_FAIL.
 * Frees the texts. */
int mio_outputs_commit(mio_outputs *o);

/* Commits o, then prints text (taken over; NULL: out of memory) on stdout
 * and the count of skipped records; returns 0, CLI_USAGE or CLI_FAIL. */
int mio_finish(mio_outputs *o, char *text, const mio_bad *bad);

/* JSON null for NAN or infinity, else the number. */
json_t *mio_real(double v);

/* A text field (a string, or a number as %g) into buf, dflt when absent;
 * returns 0, or VP_EINVAL naming the field in err. */
int mio_text_field(const json_t *o, const char *key, char *buf, size_t len, const char *dflt, char *err);
/* The K of a record: a number ("4"; also "k4"), or "None" for null,
 * "None", "none", "open"; "-" when absent; returns 0 or VP_EINVAL. */
int mio_k_field(const json_t *o, const char *key, char *buf, size_t len, char *err);
/* The same normal form of a K written as text into buf. */
void mio_k_name(const char *s, char *buf, size_t len);

#endif
