/* Minimal test harness for tgx unit tests: each test file is one executable.
 *
 *   TGX_CHECK(cond, "fmt", ...)   records a failure with file:line and the message, continues.
 *   TGX_SKIP("reason")            prints the reason and exits 77 (ctest reports "skipped").
 *   return tgx_test_finish();      prints "N passed, N failed" and returns 0 only if none failed.
 */
#ifndef TGX_TEST_H
#define TGX_TEST_H

#include <stdio.h>
#include <stdlib.h>

static int tgx_test_passed, tgx_test_failed;

#define TGX_CHECK(cond, ...)                                                                       \
    do {                                                                                           \
        if (cond) {                                                                                \
            tgx_test_passed++;                                                                     \
        } else {                                                                                   \
            tgx_test_failed++;                                                                     \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond);               \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
        }                                                                                          \
    } while (0)

#define TGX_SKIP(...)                                                                              \
    do {                                                                                           \
        printf("SKIP: ");                                                                          \
        printf(__VA_ARGS__);                                                                       \
        printf("\n");                                                                              \
        exit(77);                                                                                  \
    } while (0)

static inline int tgx_test_finish(void)
{
    printf("%d passed, %d failed\n", tgx_test_passed, tgx_test_failed);
    return tgx_test_failed ? 1 : 0;
}

#endif
