/* vp.c: shared error reporting. */
#include <config.h>

#include "vp.h"

#include <stdarg.h>
#include <stdio.h>

int vp_fail(char *err, int code, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, VP_ERRLEN, fmt, ap);
        va_end(ap);
    }
    return code;
}
