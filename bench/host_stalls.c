/* host_stalls.c: how long does this machine stop a busy thread?
 *
 * A solve that must end within its time limit reads the clock every few
 * hundred nodes and stops a reserve short of the limit (solver/dfpn.c,
 * stop_reserve). The reserve has to cover what happens between two reads
 * of the clock: the program's own work, and any time the process is not
 * run at all. On a shared virtual machine the second can be much longer
 * than the first: a host that caps the machine's CPU time stops its
 * threads until the next period of the cap.
 *
 * This program keeps THREADS threads busy for SECONDS, each reading the
 * monotonic clock after every small piece of arithmetic (about a
 * microsecond), and counts the gaps between two reads by length. A gap of
 * more than a millisecond is time the thread was not run. It prints one
 * line per thread and a total line, and exits 0.
 *
 * Usage: host_stalls [SECONDS [THREADS]]   (default 30 s, every core) */
#include <config.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

/* upper bounds of the gap classes, in seconds; the last class is open */
static const double bound[] = {0.002, 0.005, 0.01, 0.02, 0.05, 0.09, 0.15, 0.3};
#define NCLASS ((int)(sizeof bound / sizeof bound[0]) + 1)
#define MAX_THREADS 256

typedef struct tally {
    long long n[NCLASS]; /* class 0: the gaps under bound[0], not printed */
    double max;
    double stopped; /* seconds in gaps of a millisecond or more */
} tally;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void run(double seconds, tally *t)
{
    volatile double x = 0;
    double t0 = now(), last = t0;
    memset(t, 0, sizeof *t);
    for (;;) {
        for (int i = 0; i < 200; i++)
            x += i * 0.5;
        double t1 = now(), g = t1 - last;
        last = t1;
        int k = 0;
        while (k < NCLASS - 1 && g >= bound[k])
            k++;
        t->n[k]++;
        if (g > t->max)
            t->max = g;
        if (g >= 0.001)
            t->stopped += g;
        if (t1 - t0 >= seconds)
            break;
    }
}

static void print(const char *who, const tally *t)
{
    printf("%s:", who);
    for (int k = 1; k < NCLASS; k++) {
        if (k < NCLASS - 1)
            printf(" %g-%g ms %lld,", 1000 * bound[k - 1], 1000 * bound[k], t->n[k]);
        else
            printf(" over %g ms %lld;", 1000 * bound[k - 1], t->n[k]);
    }
    printf(" longest %.1f ms; stopped %.3f s\n", 1000 * t->max, t->stopped);
}

/* The argument s, named name, as a number in (0, max], or exits 2 naming it. */
static double arg_number(const char *name, const char *s, double max)
{
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (end == s || *end || errno || !(v > 0) || v > max) {
        fprintf(stderr, "host_stalls: %s '%s' is not a number in (0, %g]\n", name, s, max);
        exit(2);
    }
    return v;
}

int main(int argc, char **argv)
{
    if (argc > 3) {
        fprintf(stderr, "usage: host_stalls [SECONDS [THREADS]]\n");
        return 2;
    }
    double seconds = argc > 1 ? arg_number("SECONDS", argv[1], 86400) : 30;
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_num_procs();
#endif
    if (argc > 2) {
        double v = arg_number("THREADS", argv[2], MAX_THREADS);
        if (v != (int)v) {
            fprintf(stderr, "host_stalls: THREADS '%s' is not a whole number\n", argv[2]);
            return 2;
        }
        threads = (int)v;
    }
#ifndef _OPENMP
    if (threads > 1) {
        fprintf(stderr, "host_stalls: built without OpenMP: one thread only\n");
        return 2;
    }
#endif
    tally *t = calloc((size_t)threads, sizeof *t);
    if (!t) {
        fprintf(stderr, "host_stalls: out of memory\n");
        return 1;
    }
    printf("%d threads busy for %g s; gaps between reads of the clock, by length\n", threads, seconds);
#ifdef _OPENMP
#pragma omp parallel num_threads(threads)
    run(seconds, &t[omp_get_thread_num()]);
#else
    run(seconds, &t[0]);
#endif
    tally all;
    memset(&all, 0, sizeof all);
    for (int i = 0; i < threads; i++) {
        char who[32];
        snprintf(who, sizeof who, "thread %d", i);
        print(who, &t[i]);
        for (int k = 0; k < NCLASS; k++)
            all.n[k] += t[i].n[k];
        all.max = t[i].max > all.max ? t[i].max : all.max;
        all.stopped += t[i].stopped;
    }
    print("all", &all);
    free(t);
    return 0;
}
