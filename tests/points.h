/* points.h: board points by name for the C tests ("C18" on 19x19). */
#ifndef VP_POINTS_H
#define VP_POINTS_H

#include <stdio.h>
#include <stdlib.h>

#include "engines/bitboard.h"
#include "engines/coord.h"
#include "engines/vp.h"

/* The point named name (A19 is the top-left corner); exits 2 on a bad name. */
static inline int pt(const char *name)
{
    int p;
    char err[VP_ERRLEN];
    if (coord_parse(name, 19, &p, err) != 0) {
        fprintf(stderr, "bad point %s: %s\n", name, err);
        exit(2);
    }
    return p;
}

/* The set of the points named in names (NULL-terminated). */
static inline bb361 points(const char *const *names)
{
    bb361 s = bb361_empty();
    for (int i = 0; names[i]; i++)
        bb361_set(&s, pt(names[i]));
    return s;
}

#endif
