/* strbuf.c: growable strings. */
#include <config.h>

#include "strbuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vp.h"

void strbuf_init(strbuf *b) { memset(b, 0, sizeof *b); }

static int reserve(strbuf *b, size_t extra)
{
    if (b->failed)
        return VP_ENOMEM;
    if (b->len + extra + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 64;
    while (cap < b->len + extra + 1)
        cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        b->failed = 1;
        return VP_ENOMEM;
    }
    b->s = s;
    b->cap = cap;
    return 0;
}

int strbuf_printf(strbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0 || reserve(b, (size_t)n))
        return VP_ENOMEM;
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
    return 0;
}

int strbuf_puts(strbuf *b, const char *s)
{
    size_t n = strlen(s);
    if (reserve(b, n))
        return VP_ENOMEM;
    memcpy(b->s + b->len, s, n + 1);
    b->len += n;
    return 0;
}

char *strbuf_take(strbuf *b)
{
    char *s = NULL;
    if (!b->failed && reserve(b, 0) == 0) {
        s = b->s;
        s[b->len] = '\0';
    }
    else
        free(b->s);
    strbuf_init(b);
    return s;
}

void strbuf_free(strbuf *b)
{
    free(b->s);
    strbuf_init(b);
}
