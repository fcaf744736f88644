/* bench_sm5: speed of the Maxwell texture-instruction codec, in process and as `tgx dis`.
 *
 *   bench_sm5 [CORPUS_DIR] [WORDS]     defaults: tests/data/maxwell beside this source, 1000000
 *
 * Loads every word of CORPUS_DIR's real.tsv and fuzz-sm_5x.tsv (with its arch; words nvdisasm
 * rejects included, as `tgx dis` meets them), repeats them to WORDS words, and times
 *   decode+print   tgx_sm5_word_text: decode + print, or the error text for rejected words, and
 *   parse+encode   tgx_sm5_assemble_line over the texts of the valid words,
 * five runs each: the median run in words per second (wall clock), the slowest and fastest run,
 * and the rate over the thread's CPU time (what a core does when the machine is shared). Then
 *   tgx dis --words  the whole process (the tgx beside this program) on WORDS lines of the valid
 *                    sm_52 words (as tools/bench-dis.sh), three runs: median wall-clock rate and
 *                    the rate over the process's CPU time (user + system).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "tgx/sm5.h"

#include "bench_util.h"

typedef struct item {
    uint64_t word;
    tgx_sm5_arch arch;
} item;

typedef struct items {
    item *v;
    size_t n, cap;
} items;

static int push(items *it, uint64_t word, tgx_sm5_arch arch)
{
    if (it->n == it->cap) {
        size_t cap = it->cap ? it->cap * 2 : 65536;
        item *v = realloc(it->v, cap * sizeof *v);
        if (!v)
            return 0;
        it->v = v;
        it->cap = cap;
    }
    it->v[it->n++] = (item){word, arch};
    return 1;
}

/* Reads "arch<TAB>0xWORD<TAB>..." rows. */
static int load(const char *dir, const char *name, items *it)
{
    char path[1200], line[512], arch_name[16];
    snprintf(path, sizeof path, "%.1000s/%.100s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "bench_sm5: cannot open %s\n", path);
        return 0;
    }
    while (fgets(line, sizeof line, f)) {
        uint64_t w;
        tgx_sm5_arch arch;
        if (sscanf(line, "%15[^\t]\t%" SCNx64, arch_name, &w) == 2 &&
            tgx_sm5_arch_from_name(arch_name, &arch) == TGX_OK && !push(it, w, arch)) {
            fclose(f);
            return 0;
        }
    }
    fclose(f);
    return 1;
}

/* The corpus directory beside this source file (bench/../tests/data/maxwell). */
static void default_dir(char *buf, size_t size)
{
    const char *src = __FILE__;
    const char *slash = strrchr(src, '/');
    size_t n = slash ? (size_t)(slash - src) : 0;
    if (n)
        snprintf(buf, size, "%.*s/../tests/data/maxwell", (int)(n < 900 ? n : 900), src);
    else
        snprintf(buf, size, "tests/data/maxwell");
}

/* Wall and CPU seconds of one run. */
typedef struct run_time {
    double wall, cpu;
} run_time;

static run_time bench_dis(const item *v, size_t n, size_t total, size_t *chars)
{
    char text[320];
    size_t sum = 0;
    double t0 = bench_now(), c0 = bench_cpu_now();
    for (size_t i = 0; i < total; i++) {
        const item *x = &v[i % n];
        size_t len = 0;
        tgx_sm5_word_text(x->word, TGX_SM5_CTRL_NEUTRAL, x->arch, text, sizeof text, &len);
        sum += len;
    }
    run_time t = {bench_now() - t0, bench_cpu_now() - c0};
    *chars = sum;
    return t;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* "median M/s (slowest..fastest), cpu M/s" over n runs of `units` each. */
static void print_rates(const char *what, size_t units, const char *unit, run_time *r, int n)
{
    double wall[8], cpu[8];
    for (int i = 0; i < n; i++)
        wall[i] = r[i].wall, cpu[i] = r[i].cpu;
    qsort(wall, (size_t)n, sizeof wall[0], cmp_double);
    qsort(cpu, (size_t)n, sizeof cpu[0], cmp_double);
    double u = (double)units / 1e6;
    printf("sm5 %-15s %zu %s: %6.2f M/s median (%.2f..%.2f), %6.2f M/s over CPU time\n", what,
           units, unit, u / wall[n / 2], u / wall[n - 1], u / wall[0], u / cpu[n / 2]);
}

/* Texts of the valid words, for the assembler. */
typedef struct texts {
    char (*s)[256];
    tgx_sm5_arch *arch;
    size_t n;
} texts;

static int make_texts(const items *it, texts *t)
{
    t->s = malloc(it->n * sizeof *t->s);
    t->arch = malloc(it->n * sizeof *t->arch);
    t->n = 0;
    if (!t->s || !t->arch)
        return 0;
    for (size_t i = 0; i < it->n; i++) {
        tgx_diag d;
        if (tgx_sm5_disasm_word(it->v[i].word, TGX_SM5_CTRL_NEUTRAL, it->v[i].arch, t->s[t->n],
                                sizeof t->s[t->n], &d) == TGX_OK)
            t->arch[t->n++] = it->v[i].arch;
    }
    return t->n > 0;
}

static run_time bench_asm(const texts *t, size_t total, uint64_t *xor_out)
{
    uint64_t x = 0;
    double t0 = bench_now(), c0 = bench_cpu_now();
    for (size_t i = 0; i < total; i++) {
        size_t k = i % t->n;
        uint64_t w = 0;
        uint32_t c = 0;
        tgx_diag d;
        if (tgx_sm5_assemble_line(t->s[k], t->arch[k], &w, &c, &d) == TGX_OK)
            x ^= w;
    }
    run_time r = {bench_now() - t0, bench_cpu_now() - c0};
    *xor_out = x;
    return r;
}

static double child_cpu(void)
{
    struct rusage u;
    getrusage(RUSAGE_CHILDREN, &u);
    return (double)u.ru_utime.tv_sec + (double)u.ru_utime.tv_usec * 1e-6 +
           (double)u.ru_stime.tv_sec + (double)u.ru_stime.tv_usec * 1e-6;
}

/* `tgx dis --arch sm_52 --words` on total lines of the valid sm_52 words, three times. */
static void bench_process(const char *argv0, const items *it, size_t total)
{
    char tgx[1100], in[] = "/tmp/bench_sm5_in_XXXXXX", out[] = "/tmp/bench_sm5_out_XXXXXX";
    const char *slash = strrchr(argv0, '/');
    snprintf(tgx, sizeof tgx, "%.*s/tgx", slash ? (int)(slash - argv0) : 1, slash ? argv0 : ".");
    if (access(tgx, X_OK) != 0) {
        printf("sm5 tgx dis --words: skipped: no tgx beside %s\n", argv0);
        return;
    }
    int fd = mkstemp(in), fo = mkstemp(out);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    size_t valid = 0;
    for (size_t i = 0; f && i < it->n; i++) {
        tgx_sm5_insn ins;
        valid += it->v[i].arch == TGX_SM5_ARCH_SM52 &&
                 tgx_sm5_decode(it->v[i].word, TGX_SM5_ARCH_SM52, &ins, NULL) == TGX_OK;
    }
    for (size_t k = 0, i = 0; f && valid && k < total; i = (i + 1) % it->n) {
        tgx_sm5_insn ins;
        if (it->v[i].arch == TGX_SM5_ARCH_SM52 &&
            tgx_sm5_decode(it->v[i].word, TGX_SM5_ARCH_SM52, &ins, NULL) == TGX_OK) {
            fprintf(f, "0x%016" PRIx64 "\n", it->v[i].word);
            k++;
        }
    }
    if (!f || fo < 0 || fclose(f) != 0 || !valid) {
        printf("sm5 tgx dis --words: skipped: could not write the word file\n");
        unlink(in);
        unlink(out);
        return;
    }
    char cmd[2400];
    snprintf(cmd, sizeof cmd, "'%s' dis --arch sm_52 --words '%s' > '%s'", tgx, in, out);
    run_time r[3];
    int ok = 1;
    for (int k = 0; k < 3 && ok; k++) {
        double t0 = bench_now(), c0 = child_cpu();
        ok = system(cmd) == 0;
        r[k] = (run_time){bench_now() - t0, child_cpu() - c0};
    }
    if (ok)
        print_rates("tgx dis --words", total, "words", r, 3);
    else
        printf("sm5 tgx dis --words: failed (%s)\n", cmd);
    close(fo);
    unlink(in);
    unlink(out);
}

int main(int argc, char **argv)
{
    char dir[1024];
    if (argc > 1)
        snprintf(dir, sizeof dir, "%s", argv[1]);
    else
        default_dir(dir, sizeof dir);
    size_t total = argc > 2 ? (size_t)strtoull(argv[2], NULL, 10) : 1000000u;
    items it = {NULL, 0, 0};
    static const char *const files[] = {"real.tsv", "fuzz-sm_50.tsv", "fuzz-sm_52.tsv",
                                        "fuzz-sm_53.tsv"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        if (!load(dir, files[i], &it))
            return 1;
    if (it.n == 0 || total == 0) {
        fprintf(stderr, "bench_sm5: no words\n");
        return 1;
    }
    run_time r[5];
    size_t chars = 0;
    for (int k = 0; k < 5; k++)
        r[k] = bench_dis(it.v, it.n, total, &chars);
    printf("sm5 codec: %zu corpus rows (3 archs, rejected words included), %.1f MB of text a run;"
           " load average:",
           it.n, (double)chars / 1e6);
    bench_print_load();
    print_rates("decode+print", total, "words", r, 5);
    texts t;
    if (!make_texts(&it, &t))
        return 1;
    uint64_t x = 0;
    for (int k = 0; k < 5; k++)
        r[k] = bench_asm(&t, total, &x);
    print_rates("parse+encode", total, "lines", r, 5);
    bench_process(argv[0], &it, total);
    free(t.s);
    free(t.arch);
    free(it.v);
    return 0;
}
