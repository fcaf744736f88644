/* bench_jit: how long the shader compiler (tgx/jit.h) takes on every corpus shader.
 *
 *   bench_jit [REPEATS]        default 3
 *
 * The shaders: every .tgsi of tests/data/tgsi (the corpus's shaders, Mesa 22.3's output, and
 * the _perf workloads), the 131 shaders of softpipe's own (tests/data/tgsi/_internal, one file)
 * and examples/. Each is parsed and decoded once; then, REPEATS times, a compiled program is
 * made and attached to a machine as the pipeline makes them (256 lanes; a compute block's
 * width), which compiles the code for the default rules; the figure is the fastest repeat's
 * wall-clock milliseconds (the machine may be shared: the CPU milliseconds of that repeat are
 * printed beside it). Shaders the compiler leaves to the interpreter are listed with the reason.
 * The summary gives the median, the 95th percentile, the slowest, and issue 21's goal: 95% of
 * the corpus's shaders under 50 ms, none over 500 ms. Nothing is asserted.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/exec.h"
#include "tgx/jit.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"

#include "bench_util.h"

#define MAX_SHADERS 512

typedef struct result {
    char name[96];
    unsigned insts;
    double ms, cpu_ms;
} result;

static result results[MAX_SHADERS];
static unsigned nresults, nrefused;

static int cmp_ms(const void *a, const void *b)
{
    double x = ((const result *)a)->ms, y = ((const result *)b)->ms;
    return (x > y) - (x < y);
}

/* Compiles one shader's text `repeats` times; records the fastest. */
static void bench_text(const char *name, const char *text, size_t len, unsigned repeats)
{
    tgx_diag d;
    tgx_tgsi_shader *sh = NULL;
    tgx_exec_program *p = NULL;
    if (tgx_tgsi_parse(text, len, name, &sh, &d) != TGX_OK ||
        tgx_exec_program_create(sh, name, &p, &d) != TGX_OK) {
        printf("jit  %-44s not a program: %u:%u: %s\n", name, d.line, d.column, d.message);
        tgx_tgsi_free(sh);
        return;
    }
    unsigned bs[3], lanes = 256;
    tgx_exec_program_block_size(p, bs);
    if (tgx_exec_program_stage(p) == TGX_EXEC_COMPUTE)
        lanes = bs[0] * bs[1] * bs[2];
    double best = 1e30, best_cpu = 0;
    for (unsigned r = 0; r < repeats; r++) {
        tgx_jit_program *jp = NULL;
        tgx_exec_machine *m = NULL;
        double t0 = bench_now(), c0 = bench_cpu_now();
        tgx_status st = tgx_jit_program_create(p, &jp, &d);
        if (st == TGX_ERR_UNSUPPORTED) {
            printf("jit  %-44s on the interpreter: %u:%u: %s\n", name, d.line, d.column, d.message);
            nrefused++;
            break;
        }
        if (st == TGX_OK)
            st = tgx_exec_machine_create(p, lanes, &m, &d);
        if (st == TGX_OK)
            st = tgx_jit_attach(m, jp, &d);
        double t = (bench_now() - t0) * 1e3, c = (bench_cpu_now() - c0) * 1e3;
        tgx_exec_machine_destroy(m);
        tgx_jit_program_destroy(jp);
        if (st != TGX_OK) {
            printf("jit  %-44s failed: %s\n", name, d.message);
            break;
        }
        if (t < best)
            best = t, best_cpu = c;
    }
    if (best < 1e30 && nresults < MAX_SHADERS) {
        result *rs = &results[nresults++];
        snprintf(rs->name, sizeof rs->name, "%s", name);
        rs->insts = tgx_exec_program_num_instructions(p);
        rs->ms = best;
        rs->cpu_ms = best_cpu;
        printf("jit  %-44s %4u instructions %8.2f ms (%.2f ms CPU)\n", name, rs->insts, best,
               best_cpu);
    }
    tgx_exec_program_destroy(p);
    tgx_tgsi_free(sh);
}

/* A file of shaders: one, or several each starting with its processor after a blank line
 * (softpipe's internal shaders). */
static void bench_file(const char *path, const char *label, unsigned repeats)
{
    char *text = NULL;
    size_t size = 0;
    tgx_diag d;
    if (tgx_read_file(path, &text, &size, &d) != TGX_OK) {
        printf("jit  %s: %s\n", path, d.message);
        return;
    }
    size_t start = 0;
    unsigned k = 0;
    for (size_t i = 0; i <= size; i++) {
        int cut = i == size || (i > 0 && text[i - 1] == '\n' && text[i] == '\n');
        if (!cut)
            continue;
        size_t end = i;
        while (start < end && (text[start] == '\n' || text[start] == ' '))
            start++;
        if (end > start) {
            char name[96];
            snprintf(name, sizeof name, k ? "%.80s#%u" : "%.80s", label, k);
            if (k == 0 && i < size) /* more than one: number them all */
                snprintf(name, sizeof name, "%.80s#0", label);
            bench_text(name, text + start, end - start, repeats);
            k++;
        }
        start = i + 1;
    }
    free(text);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every .tgsi of dir and of its sub-folders (one level), in name order. */
static void bench_dir(const char *root, const char *dir, unsigned repeats, int depth)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", root, dir);
    DIR *dp = opendir(path);
    if (!dp) {
        printf("jit  %s: not found (set TGX_SRC to the source tree)\n", path);
        return;
    }
    char *names[512];
    unsigned n = 0;
    for (struct dirent *e; (e = readdir(dp)) && n < 512;)
        if (e->d_name[0] != '.')
            names[n++] = strdup(e->d_name);
    closedir(dp);
    qsort(names, n, sizeof names[0], cmp_str);
    for (unsigned i = 0; i < n; i++) {
        char sub[2400], label[400];
        size_t len = strlen(names[i]);
        snprintf(sub, sizeof sub, "%s/%s", path, names[i]);
        snprintf(label, sizeof label, "%.190s/%.190s", dir, names[i]);
        if (len > 5 && !strcmp(names[i] + len - 5, ".tgsi"))
            bench_file(sub, label, repeats);
        else if (!strchr(names[i], '.') && depth > 0)
            bench_dir(root, label, repeats, depth - 1);
        free(names[i]);
    }
}

int main(int argc, char **argv)
{
    unsigned repeats = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 3;
    if (repeats < 1 || repeats > 100) {
        fprintf(stderr, "usage: bench_jit [REPEATS 1..100]\n");
        return 2;
    }
    const char *why = NULL;
    printf("jit: compile time of every corpus shader, fastest of %u, load average now:", repeats);
    bench_print_load();
    if (!tgx_jit_available(&why)) {
        printf("jit: %s\n", why);
        return 0;
    }
    char dir[1024];
    bench_source_dir(dir, sizeof dir, __FILE__);
    bench_dir(dir, "tests/data/tgsi", repeats, 1);
    bench_dir(dir, "examples", repeats, 0);
    if (!nresults)
        return 1;
    qsort(results, nresults, sizeof results[0], cmp_ms);
    unsigned under50 = 0, over500 = 0;
    for (unsigned i = 0; i < nresults; i++) {
        under50 += results[i].ms < 50.0;
        over500 += results[i].ms > 500.0;
    }
    const result *p95 = &results[(nresults * 95 + 99) / 100 - 1], *top = &results[nresults - 1];
    printf("\njit: %u shaders compiled, %u left to the interpreter; median %.2f ms, 95th "
           "percentile %.2f ms, slowest %.2f ms (%s, %u instructions)\n",
           nresults, nrefused, results[nresults / 2].ms, p95->ms, top->ms, top->name, top->insts);
    printf("goal (issue 21): 95%% under 50 ms: %.1f%% (%s); none over 500 ms: %u over (%s)\n",
           100.0 * under50 / nresults, under50 * 100 >= nresults * 95 ? "met" : "NOT met", over500,
           over500 ? "NOT met" : "met");
    return 0;
}
