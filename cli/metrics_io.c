/* metrics_io.c: input lines, the set, bad records and outputs of the
 * metrics commands. */
#include <config.h>

#include "metrics_io.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../metrics/jsonfield.h"
#include "cli.h"

#define MIO_SHOWN 20

static int read_all(const char *path, char **text, size_t *len)
{
    gzFile gz = gzopen(path, "rb");
    if (!gz) {
        cli_error("%s: cannot open for reading: %s", path, strerror(errno ? errno : ENOENT));
        return CLI_USAGE;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    int rc = buf ? 0 : CLI_FAIL;
    while (rc == 0) {
        if (cap - n < (1 << 15)) {
            char *t = realloc(buf, cap * 2);
            if (!t) {
                rc = CLI_FAIL;
                break;
            }
            buf = t;
            cap *= 2;
        }
        int got = gzread(gz, buf + n, (unsigned)(cap - n - 1));
        if (got < 0) {
            int e;
            cli_error("%s: read error: %s", path, gzerror(gz, &e));
            rc = CLI_USAGE;
        } else if (got == 0)
            break;
        else
            n += (size_t)got;
    }
    gzclose(gz);
    if (rc) {
        if (rc == CLI_FAIL)
            cli_error("%s: out of memory", path);
        free(buf);
        return rc;
    }
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return 0;
}

static int blank(const char *b, const char *e)
{
    for (; b < e; b++)
        if (*b != ' ' && *b != '\t' && *b != '\r')
            return 0;
    return 1;
}

int mio_read(const char *path, int whole, mio_file *f)
{
    memset(f, 0, sizeof *f);
    f->path = path;
    char *text;
    size_t len;
    int rc = read_all(path, &text, &len);
    if (rc)
        return rc;
    size_t cap = 0;
    long line = 0;
    for (const char *p = text; p < text + len; line++) {
        const char *e = memchr(p, '\n', (size_t)(text + len - p));
        if (!e)
            e = text + len;
        if (!blank(p, e)) {
            if (f->n == cap) {
                cap = cap ? 2 * cap : 256;
                mio_record *t = realloc(f->rec, cap * sizeof *t);
                if (!t) {
                    cli_error("%s: out of memory", path);
                    free(text);
                    return CLI_FAIL;
                }
                f->rec = t;
            }
            mio_record *r = &f->rec[f->n++];
            json_error_t je;
            r->line = line + 1;
            r->error = NULL;
            r->v = json_loadb(p, (size_t)(e - p), JSON_REJECT_DUPLICATES, &je);
            if (!r->v) {
                if (whole && f->n == 1) {
                    json_t *all = json_loadb(text, len, JSON_REJECT_DUPLICATES, NULL);
                    if (all) {
                        r->v = all;
                        break;
                    }
                }
                r->error = strdup(je.text);
            }
        }
        p = e + 1;
    }
    free(text);
    return 0;
}

void mio_file_free(mio_file *f)
{
    for (size_t i = 0; i < f->n; i++) {
        json_decref(f->rec[i].v);
        free(f->rec[i].error);
    }
    free(f->rec);
    memset(f, 0, sizeof *f);
}

int mio_bad_record(mio_bad *b, const char *path, long line, const char *reason)
{
    if (!b->skip) {
        cli_error("%s:%ld: %s", path, line, reason);
        return CLI_USAGE;
    }
    if (b->count < MIO_SHOWN)
        cli_error("warning: %s:%ld: %s (skipped)", path, line, reason);
    b->count++;
    return 0;
}

void mio_bad_summary(const mio_bad *b)
{
    if (b->count)
        cli_error("%ld bad record%s skipped%s", b->count, b->count == 1 ? "" : "s",
                  b->count > MIO_SHOWN ? " (the first 20 shown)" : "");
}

/* ---- the set ----------------------------------------------------------------- */

/* qsort's view of one record: its id and index. */
typedef struct id_slot {
    const char *id;
    int index;
} id_slot;

static int by_id(const void *a, const void *b)
{
    const id_slot *x = a, *y = b;
    int c = strcmp(x->id, y->id);
    return c ? c : x->index - y->index;
}

int mio_set_load(const char *path, mio_set *s)
{
    memset(s, 0, sizeof *s);
    mio_file f;
    int rc = mio_read(path, 0, &f);
    if (rc)
        return rc;
    s->r = calloc(f.n ? f.n : 1, sizeof *s->r);
    s->by_id = malloc((f.n ? f.n : 1) * sizeof *s->by_id);
    if (!s->r || !s->by_id) {
        cli_error("%s: out of memory", path);
        mio_file_free(&f);
        return CLI_FAIL;
    }
    char err[VP_ERRLEN];
    for (size_t i = 0; i < f.n && rc == 0; i++) {
        mio_record *r = &f.rec[i];
        if (!r->v) {
            cli_error("%s:%ld: not JSON (%s)", path, r->line, r->error ? r->error : "");
            rc = CLI_USAGE;
        } else if (score_record_parse(r->v, &s->r[i], err)) {
            cli_error("%s:%ld: %s", path, r->line, err);
            score_record_free(&s->r[i]);
            rc = CLI_USAGE;
        } else {
            s->by_id[i] = (int)i;
            s->n++;
        }
    }
    if (rc == 0 && s->n == 0) {
        cli_error("%s: no records", path);
        rc = CLI_USAGE;
    }
    if (rc == 0) {
        id_slot *t = malloc((size_t)s->n * sizeof *t);
        if (!t) {
            cli_error("%s: out of memory", path);
            rc = CLI_FAIL;
        }
        for (int i = 0; t && i < s->n; i++) {
            t[i].id = s->r[i].id;
            t[i].index = i;
        }
        if (t)
            qsort(t, (size_t)s->n, sizeof *t, by_id);
        for (int i = 0; t && i < s->n; i++)
            s->by_id[i] = t[i].index;
        for (int i = 1; t && i < s->n && rc == 0; i++)
            if (!strcmp(t[i].id, t[i - 1].id)) {
                cli_error("%s:%ld: field 'id': \"%s\" repeats line %ld", path, f.rec[t[i].index].line, t[i].id,
                          f.rec[t[i - 1].index].line);
                rc = CLI_USAGE;
            }
        free(t);
    }
    mio_file_free(&f);
    if (rc)
        mio_set_free(s);
    return rc;
}

void mio_set_free(mio_set *s)
{
    for (int i = 0; i < s->n; i++)
        score_record_free(&s->r[i]);
    free(s->r);
    free(s->by_id);
    memset(s, 0, sizeof *s);
}

const score_record *mio_set_find(const mio_set *s, const char *id)
{
    int lo = 0, hi = s->n - 1;
    while (lo <= hi) {
        int mid = (lo + hi) / 2, c = strcmp(s->r[s->by_id[mid]].id, id);
        if (!c)
            return &s->r[s->by_id[mid]];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return NULL;
}

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

const score_record *mio_set_find_source(const mio_set *s, const char *file)
{
    const score_record *found = NULL;
    int same_base = 0;
    for (int i = 0; i < s->n; i++) {
        const char *src = s->r[i].source;
        if (!src)
            continue;
        if (!strcmp(src, file))
            return &s->r[i];
        if (!strcmp(base_name(src), base_name(file))) {
            found = &s->r[i];
            same_base++;
        }
    }
    return same_base == 1 ? found : NULL;
}

/* ---- outputs ----------------------------------------------------------------- */

void mio_outputs_add(mio_outputs *o, const char *path, char *text)
{
    if (o->n < 64) {
        o->path[o->n] = path;
        o->text[o->n++] = text;
    } else {
        free(text);
    }
}

int mio_outputs_commit(mio_outputs *o)
{
    cli_out outs[64];
    int rc = 0, opened = 0;
    for (int i = 0; i < o->n && rc == 0; i++)
        if (!o->text[i]) {
            cli_error("%s: out of memory", o->path[i]);
            rc = CLI_FAIL;
        }
    /* every output opened before any is written: a path that cannot be
     * written leaves all the others untouched */
    while (rc == 0 && opened < o->n) {
        rc = cli_out_open(&outs[opened], o->path[opened]);
        if (rc == 0)
            opened++;
    }
    for (int i = 0; i < opened; i++) {
        if (rc) {
            cli_out_abort(&outs[i]);
        } else {
            cli_out_write(&outs[i], o->text[i], strlen(o->text[i]));
            if (cli_out_commit(&outs[i]))
                rc = CLI_FAIL;
        }
    }
    for (int i = 0; i < o->n; i++)
        free(o->text[i]);
    o->n = 0;
    return rc;
}

json_t *mio_real(double v)
{
    return isnan(v) || isinf(v) ? json_null() : json_real(v);
}

int mio_finish(mio_outputs *o, char *text, const mio_bad *bad)
{
    int rc = mio_outputs_commit(o);
    if (rc == 0 && !text) {
        cli_error("out of memory");
        rc = CLI_FAIL;
    }
    if (rc == 0) {
        fputs(text, stdout);
        mio_bad_summary(bad);
    }
    free(text);
    return rc;
}

int mio_text_field(const json_t *o, const char *key, char *buf, size_t len, const char *dflt, char *err)
{
    int rc = jsonfield_text(o, key, 0, buf, len, err);
    if (rc == JSONFIELD_ABSENT)
        snprintf(buf, len, "%s", dflt);
    return rc < 0 ? rc : 0;
}

void mio_k_name(const char *s, char *buf, size_t len)
{
    if (!strcmp(s, "none") || !strcmp(s, "None") || !strcmp(s, "open") || !strcmp(s, "null"))
        s = "None";
    else if (!strcmp(s, "k4"))
        s = "4";
    snprintf(buf, len, "%s", s);
}

int mio_k_field(const json_t *o, const char *key, char *buf, size_t len, char *err)
{
    const json_t *v = json_object_get(o, key);
    if (!v || json_is_null(v)) {
        snprintf(buf, len, "%s", v ? "None" : "-");
        return 0;
    }
    char raw[64];
    int rc = jsonfield_text(o, key, 0, raw, sizeof raw, err);
    if (rc < 0)
        return rc;
    mio_k_name(raw, buf, len);
    return 0;
}
