/* vp.c: shared error reporting. */
#include <config.h>

#include "vp.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int vp_fail(char *err, int code, const char *fmt, ...)
{
    if (err) {
        char raw[VP_ERRLEN];
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(raw, sizeof raw, fmt, ap);
        va_end(ap);
        /* one line whatever the message quotes from its input: control
         * characters as \n, \r, \t or \xHH, cut at the buffer's end */
        size_t o = 0;
        for (const unsigned char *p = (const unsigned char *)raw; *p; p++) {
            char e[5];
            int n;
            if (*p == '\n' || *p == '\r' || *p == '\t')
                n = snprintf(e, sizeof e, "\\%c", *p == '\n' ? 'n' : *p == '\r' ? 'r' : 't');
            else if (*p < 0x20 || *p == 0x7f)
                n = snprintf(e, sizeof e, "\\x%02x", *p);
            else
                n = snprintf(e, sizeof e, "%c", *p);
            if (o + (size_t)n >= VP_ERRLEN)
                break;
            memcpy(err + o, e, (size_t)n);
            o += (size_t)n;
        }
        err[o] = 0;
    }
    return code;
}
