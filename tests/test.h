/* test.h: the few assertion helpers the C unit tests share. Each failed
 * check prints where and why; test_done prints the plain closing line
 * "N passed, N failed" and gives the exit status. */
#ifndef VP_TEST_H
#define VP_TEST_H

#include <stdio.h>

static int test_passed, test_failed;

#define CHECK(cond, ...)                                                                        \
    do {                                                                                        \
        if (cond) {                                                                             \
            test_passed++;                                                                      \
        } else {                                                                                \
            test_failed++;                                                                      \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);           \
            fprintf(stderr, __VA_ARGS__);                                                       \
            fputc('\n', stderr);                                                                \
        }                                                                                       \
    } while (0)

static inline int test_done(const char *name)
{
    printf("%s: %d passed, %d failed\n", name, test_passed, test_failed);
    return test_failed ? 1 : 0;
}

#endif
