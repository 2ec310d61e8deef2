/* vp.c: shared error reporting. */
#include <config.h>

#include "vp.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

size_t vp_one_line(char *dst, size_t cap, const char *src)
{
    size_t o = 0;
    if (cap == 0)
        return 0;
    for (const unsigned char *p = (const unsigned char *)src; *p; p++) {
        char e[5] = {(char)*p, 0};
        if (*p == '\n' || *p == '\r' || *p == '\t')
            snprintf(e, sizeof e, "\\%c", *p == '\n' ? 'n' : *p == '\r' ? 'r' : 't');
        else if (*p < 0x20 || *p == 0x7f)
            snprintf(e, sizeof e, "\\x%02x", *p);
        size_t n = strlen(e);
        if (o + n >= cap)
            break;
        memcpy(dst + o, e, n);
        o += n;
    }
    dst[o] = 0;
    return o;
}

int vp_fail(char *err, int code, const char *fmt, ...)
{
    if (err) {
        char raw[VP_ERRLEN];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(raw, sizeof raw, fmt, ap);
        va_end(ap);
        vp_one_line(err, VP_ERRLEN, raw);
    }
    return code;
}
