/* jsonfield.c: typed field access with field-naming errors. */
#include <config.h>

#include "jsonfield.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../engines/vp.h"

json_t *jsonfield_get(const json_t *o, const char *path)
{
    json_t *v = (json_t *)o;
    const char *p = path;
    while (v) {
        if (!json_is_object(v))
            return NULL;
        size_t len = strcspn(p, ".");
        char key[128];
        if (len >= sizeof key)
            return NULL;
        memcpy(key, p, len);
        key[len] = '\0';
        v = json_object_get(v, key);
        if (!p[len])
            return v;
        p += len + 1;
    }
    return NULL;
}

const char *jsonfield_kind(const json_t *v)
{
    switch (json_typeof(v)) {
    case JSON_OBJECT: return "an object";
    case JSON_ARRAY: return "an array";
    case JSON_STRING: return "a string";
    case JSON_INTEGER: return "a whole number";
    case JSON_REAL: return "a number";
    case JSON_TRUE:
    case JSON_FALSE: return "a boolean";
    case JSON_NULL: return "null";
    }
    return "something else";
}

/* Looks path up; returns 0 with *v set, JSONFIELD_ABSENT, or the error for
 * a missing required field. */
static int lookup(const json_t *o, const char *path, int required, json_t **v, char *err)
{
    *v = jsonfield_get(o, path);
    if (*v && !json_is_null(*v))
        return 0;
    if (required)
        return vp_fail(err, VP_EINVAL, "field '%s': missing%s", path, *v ? " (null)" : "");
    return JSONFIELD_ABSENT;
}

static int wrong_kind(const char *path, const char *want, const json_t *v, char *err)
{
    return vp_fail(err, VP_EINVAL, "field '%s': expected %s, got %s", path, want, jsonfield_kind(v));
}

int jsonfield_string(const json_t *o, const char *path, int required, const char **s, char *err)
{
    json_t *v;
    int rc = lookup(o, path, required, &v, err);
    if (rc)
        return rc;
    if (!json_is_string(v))
        return wrong_kind(path, "a string", v, err);
    *s = json_string_value(v);
    return 0;
}

int jsonfield_int(const json_t *o, const char *path, int required, long long lo, long long hi,
                  long long *out, char *err)
{
    json_t *v;
    int rc = lookup(o, path, required, &v, err);
    if (rc)
        return rc;
    long long x;
    if (json_is_integer(v))
        x = (long long)json_integer_value(v);
    else if (json_is_real(v) && json_real_value(v) == floor(json_real_value(v)) &&
             fabs(json_real_value(v)) < 9e15)
        x = (long long)json_real_value(v);
    else
        return wrong_kind(path, "a whole number", v, err);
    if (x < lo || x > hi)
        return vp_fail(err, VP_EINVAL, "field '%s': %lld is out of range (%lld to %lld)", path, x, lo, hi);
    *out = x;
    return 0;
}

int jsonfield_real(const json_t *o, const char *path, int required, double lo, double hi, double *out,
                   char *err)
{
    json_t *v;
    int rc = lookup(o, path, required, &v, err);
    if (rc)
        return rc;
    if (!json_is_number(v))
        return wrong_kind(path, "a number", v, err);
    double x = json_number_value(v);
    if (!isfinite(x) || x < lo || x > hi)
        return vp_fail(err, VP_EINVAL, "field '%s': %g is out of range (%g to %g)", path, x, lo, hi);
    *out = x;
    return 0;
}

int jsonfield_bool(const json_t *o, const char *path, int required, int *out, char *err)
{
    json_t *v;
    int rc = lookup(o, path, required, &v, err);
    if (rc)
        return rc;
    if (json_is_boolean(v))
        *out = json_is_true(v);
    else if (json_is_integer(v) && (json_integer_value(v) == 0 || json_integer_value(v) == 1))
        *out = (int)json_integer_value(v);
    else
        return wrong_kind(path, "true or false", v, err);
    return 0;
}

int jsonfield_text(const json_t *o, const char *path, int required, char *buf, size_t len, char *err)
{
    json_t *v;
    int rc = lookup(o, path, required, &v, err);
    if (rc)
        return rc;
    if (json_is_string(v))
        snprintf(buf, len, "%s", json_string_value(v));
    else if (json_is_number(v))
        snprintf(buf, len, "%g", json_number_value(v));
    else
        return wrong_kind(path, "a string or a number", v, err);
    return 0;
}
