/* vp.h: what every vitalpoint module shares: the library's error codes and
 * the convention for error messages (a buffer the caller owns).
 * Library functions return 0 on success and a negative VP_E* code on
 * failure, after writing a one-line reason into the caller's buffer. */
#ifndef VP_VP_H
#define VP_VP_H

#include <stddef.h>

enum {
    VP_OK = 0,
    VP_EINVAL = -1,   /* bad argument or malformed input */
    VP_ENOMEM = -2,   /* allocation failed */
    VP_EIO = -3,      /* reading or writing a file failed */
    VP_ERANGE = -4,   /* a value is out of its permitted range */
    VP_EABORT = -5,   /* a budget (time, nodes) ran out */
};

#define VP_ERRLEN 256

/* Copies the string src into dst (cap bytes, cap > 0) on one line: the
 * control characters as \n, \r, \t or \xHH, the rest as it is, cut where
 * the next character would not fit; returns the length written. */
size_t vp_one_line(char *dst, size_t cap, const char *src);

/* Writes a printf-style message into err (of VP_ERRLEN bytes) when err is
 * not NULL, on one line (vp_one_line: a message may quote its input);
 * returns code, so callers can write `return vp_fail(...)`. */
int vp_fail(char *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
