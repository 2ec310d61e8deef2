/* cli.c: shared pieces of the vp command line. */
#include <config.h>

#include "cli.h"

#include "../engines/coord.h"
#include "../engines/go.h"
#include "../engines/strbuf.h"
#include "../engines/vp.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* Writes "vp: MESSAGE" and a newline to stderr, the message on one line
 * whatever it quotes (vp_one_line). */
static void put_error(const char *fmt, va_list ap)
{
    char buf[4096], line[4 * sizeof buf];
    vsnprintf(buf, sizeof buf, fmt, ap);
    vp_one_line(line, sizeof line, buf);
    fprintf(stderr, "vp: %s\n", line);
}

void cli_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    put_error(fmt, ap);
    va_end(ap);
    exit(CLI_USAGE);
}

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    put_error(fmt, ap);
    va_end(ap);
}

long cli_parse_long(const char *opt, const char *s, long lo, long hi)
{
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (!*s || *end || errno)
        cli_usage_error("%s: '%s' is not a whole number", opt, s);
    if (v < lo || v > hi)
        cli_usage_error("%s: %ld is out of range (%ld to %ld)", opt, v, lo, hi);
    return v;
}

int cli_parse_list(const char *opt, const char *s, long lo, long hi, int *v, int max)
{
    int n = 0;
    const char *p = s;
    for (;;) {
        char item[32];
        size_t len = strcspn(p, ",");
        if (len == 0 || len >= sizeof item)
            cli_usage_error("%s: malformed list '%s' (expected numbers separated by commas)", opt, s);
        if (n == max)
            cli_usage_error("%s: more than %d values in '%s'", opt, max, s);
        memcpy(item, p, len);
        item[len] = '\0';
        v[n++] = (int)cli_parse_long(opt, item, lo, hi);
        if (!p[len])
            break;
        p += len + 1;
    }
    return n;
}

void cli_set_threads(long t)
{
#ifdef _OPENMP
    if (t > 0)
        omp_set_num_threads((int)t);
#else
    (void)t;
#endif
}

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && strcmp(s + a - b, suffix) == 0;
}

int cli_out_open(cli_out *o, const char *path)
{
    memset(o, 0, sizeof *o);
    size_t len = strlen(path);
    o->path = strdup(path);
    o->tmp = malloc(len + 16);
    if (!o->path || !o->tmp) {
        cli_error("%s: out of memory", path);
        free(o->path);
        free(o->tmp);
        return CLI_FAIL;
    }
    struct stat st;
    int fd;
    if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
        free(o->tmp);
        o->tmp = NULL;
        fd = open(path, O_WRONLY);
    } else {
        snprintf(o->tmp, len + 16, "%s.tmp.XXXXXX", path);
        fd = mkstemp(o->tmp);
    }
    if (fd < 0) {
        cli_error("%s: cannot write there: %s", path, strerror(errno));
        free(o->path);
        free(o->tmp);
        return CLI_USAGE;
    }
    if (ends_with(path, ".gz")) {
        o->gz = gzdopen(fd, "wb6");
        if (!o->gz)
            close(fd);
    } else {
        o->f = fdopen(fd, "w");
        if (!o->f)
            close(fd);
    }
    if (!o->gz && !o->f) {
        cli_error("%s: cannot open for writing", path);
        if (o->tmp)
            unlink(o->tmp);
        free(o->path);
        free(o->tmp);
        return CLI_FAIL;
    }
    return 0;
}

void cli_out_write(cli_out *o, const char *s, size_t len)
{
    if (o->failed || len == 0)
        return;
    if (o->gz)
        o->failed = gzwrite(o->gz, s, (unsigned)len) != (int)len;
    else
        o->failed = fwrite(s, 1, len, o->f) != len;
}

static int out_close(cli_out *o)
{
    int bad = 0;
    if (o->gz)
        bad = gzclose(o->gz) != Z_OK;
    else if (o->f)
        bad = fclose(o->f) != 0;
    o->gz = NULL;
    o->f = NULL;
    return bad;
}

int cli_out_commit(cli_out *o)
{
    int bad = out_close(o) | o->failed;
    if (!bad && o->tmp && rename(o->tmp, o->path) != 0)
        bad = 1;
    if (bad) {
        cli_error("%s: write failed: %s", o->path, strerror(errno ? errno : EIO));
        if (o->tmp)
            unlink(o->tmp);
    }
    free(o->path);
    free(o->tmp);
    return bad ? CLI_FAIL : 0;
}

void cli_out_abort(cli_out *o)
{
    out_close(o);
    if (o->tmp)
        unlink(o->tmp);
    free(o->path);
    free(o->tmp);
}

double cli_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

void cli_progress_init(cli_progress *p, const char *label, int quiet)
{
    p->label = label;
    p->enabled = !quiet && isatty(STDERR_FILENO);
    p->last = 0;
}

void cli_progress_update(void *ctx, double done)
{
    cli_progress *p = ctx;
    if (!p->enabled)
        return;
    double t = cli_now();
    if (t - p->last < 0.1 && done < 1.0)
        return;
    p->last = t;
    int w = 30, k = (int)(done * w + 0.5);
    if (k > w)
        k = w;
    fprintf(stderr, "\r%-24s [%.*s%*s] %5.1f%%", p->label, k, "##############################",
            w - k, "", done * 100.0);
    fflush(stderr);
}

void cli_progress_done(cli_progress *p)
{
    if (p->enabled)
        fprintf(stderr, "\r%*s\r", 70, "");
}

int cli_write_file(const char *path, const char *text)
{
    cli_out o;
    int rc = cli_out_open(&o, path);
    if (rc)
        return rc;
    cli_out_write(&o, text, strlen(text));
    return cli_out_commit(&o);
}

int cli_batch(int n, void *ctx, void (*work)(void *ctx, int i), int (*emit)(void *ctx, int i), const char *label,
              int quiet)
{
    cli_progress bar;
    cli_progress_init(&bar, label, quiet);
    int next = 0, failed = 0, finished = 0;
    char *done = calloc(n > 0 ? (size_t)n : 1, 1);
    if (!done) {
        cli_error("out of memory");
        return CLI_FAIL;
    }
#ifdef _OPENMP
#pragma omp parallel for schedule(dynamic, 1)
#endif
    for (int i = 0; i < n; i++) {
        work(ctx, i);
#ifdef _OPENMP
#pragma omp critical(vp_cli_batch)
#endif
        {
            /* print in input order, as soon as every earlier item is done */
            done[i] = 1;
            finished++;
            if (bar.enabled && next < n && done[next]) {
                cli_progress_done(&bar); /* clear the bar's line before printing */
                bar.last = 0;
            }
            while (next < n && done[next])
                failed |= emit(ctx, next++) != 0;
            cli_progress_update(&bar, (double)finished / n);
        }
    }
    cli_progress_done(&bar);
    free(done);
    return failed;
}

void cli_draw_board(strbuf *out, const go_board *b)
{
    int size = go_size(b);
    strbuf_puts(out, "\n   ");
    for (int x = 0; x < size; x++)
        strbuf_printf(out, " %c", coord_column_letter(x));
    for (int y = size - 1; y >= 0; y--) {
        strbuf_printf(out, "\n%2d ", y + 1);
        for (int x = 0; x < size; x++) {
            int c = go_color_at(b, y * 19 + x);
            strbuf_printf(out, " %c", c == GO_BLACK ? 'X' : c == GO_WHITE ? 'O' : '.');
        }
        strbuf_printf(out, " %d", y + 1);
    }
    strbuf_puts(out, "\n   ");
    for (int x = 0; x < size; x++)
        strbuf_printf(out, " %c", coord_column_letter(x));
    strbuf_printf(out, "\nblack captured %d, white captured %d, %s to move", go_captures(b, GO_BLACK),
                  go_captures(b, GO_WHITE), go_to_move(b) == GO_BLACK ? "black" : "white");
}

void cli_check_folders(const char *opt, char *const *paths, int n)
{
    for (int i = 0; i < n; i++) {
        const char *path = paths[i], *slash = strrchr(path, '/');
        if (!slash)
            continue;
        char *dir = strndup(path, slash > path ? (size_t)(slash - path) : 1);
        struct stat st;
        int ok = dir && stat(dir, &st) == 0 && S_ISDIR(st.st_mode);
        if (!ok)
            cli_usage_error("%s: the folder '%s' of %s does not exist", opt, dir ? dir : path, path);
        free(dir);
    }
}
