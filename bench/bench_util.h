/* What every benchmark in bench/ needs: a monotonic clock and the source tree's location. */
#ifndef TGX_BENCH_UTIL_H
#define TGX_BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Seconds on the monotonic clock. */
static inline double bench_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU seconds this thread has run: on a shared machine the work done, where wall time also
 * counts the waits for a core. */
static inline double bench_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU seconds of every thread of the process. */
static inline double bench_process_cpu_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* $TGX_SRC, else the folder above the bench source that includes this (bench/..). */
static inline void bench_source_dir(char *buf, size_t size, const char *this_file)
{
    const char *env = getenv("TGX_SRC");
    if (env && *env) {
        snprintf(buf, size, "%s", env);
        return;
    }
    const char *slash = strrchr(this_file, '/');
    size_t n = slash ? (size_t)(slash - this_file) : 0;
    if (n)
        snprintf(buf, size, "%.*s/..", (int)(n < 900 ? n : 900), this_file);
    else
        snprintf(buf, size, "..");
}

/* " L1 L5 L15\n": the load averages of /proc/loadavg (how busy the shared machine was), or "\n". */
static inline void bench_print_load(void)
{
    double l[3];
    FILE *f = fopen("/proc/loadavg", "r");
    if (f && fscanf(f, "%lf %lf %lf", &l[0], &l[1], &l[2]) == 3)
        printf(" %.2f %.2f %.2f", l[0], l[1], l[2]);
    if (f)
        fclose(f);
    printf("\n");
}

#endif
