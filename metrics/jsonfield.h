/* jsonfield.h: typed access to the fields of JSON records (jansson), with
 * one-line errors that name the field by its dotted path, as the metrics
 * readers report bad input ("field 'Solution.correct_answer': expected a
 * string, got a number"). */
#ifndef VP_JSONFIELD_H
#define VP_JSONFIELD_H

#include <jansson.h>

/* Return codes of the getters besides 0 and VP_EINVAL. */
#define JSONFIELD_ABSENT 1 /* an optional field is missing or null */

/* The value at a dotted path ("Question.options") in object o, or NULL
 * when a step is missing or not an object; returns the borrowed value. */
json_t *jsonfield_get(const json_t *o, const char *path);
/* "a string", "a number", "null", ... for messages; returns a literal. */
const char *jsonfield_kind(const json_t *v);

/* The string at path: 0 and *s (borrowed), JSONFIELD_ABSENT when optional
 * and missing or null, or VP_EINVAL with the reason in err. */
int jsonfield_string(const json_t *o, const char *path, int required, const char **s, char *err);
/* A whole number in [lo, hi]: 0 and *v, JSONFIELD_ABSENT, or VP_EINVAL. */
int jsonfield_int(const json_t *o, const char *path, int required, long long lo, long long hi,
                  long long *v, char *err);
/* A finite number in [lo, hi]: 0 and *v, JSONFIELD_ABSENT, or VP_EINVAL. */
int jsonfield_real(const json_t *o, const char *path, int required, double lo, double hi, double *v,
                   char *err);
/* true/false (also 0/1): 0 and *v, JSONFIELD_ABSENT, or VP_EINVAL. */
int jsonfield_bool(const json_t *o, const char *path, int required, int *v, char *err);
/* A string, or a number written as %g: 0 and up to len-1 bytes in buf,
 * JSONFIELD_ABSENT, or VP_EINVAL. */
int jsonfield_text(const json_t *o, const char *path, int required, char *buf, size_t len, char *err);

#endif
