/* strbuf.h: a growable NUL-terminated string for building texts (question
 * prompts, board drawings). An allocation failure is sticky: later appends
 * do nothing and strbuf_take returns NULL. */
#ifndef VP_STRBUF_H
#define VP_STRBUF_H

#include <stddef.h>

typedef struct strbuf {
    char *s;
    size_t len, cap;
    int failed;
} strbuf;

void strbuf_init(strbuf *b);
/* Appends printf-style text; returns 0 or VP_ENOMEM. */
int strbuf_printf(strbuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Appends a string; returns 0 or VP_ENOMEM. */
int strbuf_puts(strbuf *b, const char *s);
/* Hands over the malloc'd string (never NULL unless allocation failed)
 * and resets b. */
char *strbuf_take(strbuf *b);
void strbuf_free(strbuf *b);

#endif
