/* bench_sm5: in-process speed of the Maxwell texture-instruction codec.
 *
 *   bench_sm5 [CORPUS_DIR] [WORDS]     defaults: tests/data/maxwell beside this source, 1000000
 *
 * Loads every word of CORPUS_DIR's real.tsv and fuzz-sm_5x.tsv (with its arch; words nvdisasm
 * rejects included, as `tgx dis` meets them), repeats them to WORDS words, and times
 *   decode+print   tgx_sm5_word_text: decode + print, or the error text for rejected words, and
 *   parse+encode   tgx_sm5_assemble_line over the texts of the valid words.
 * Each is run three times; the best run is reported in words per second.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

static double bench_dis(const item *v, size_t n, size_t total, size_t *chars)
{
    char text[320];
    size_t sum = 0;
    double t0 = bench_now();
    for (size_t i = 0; i < total; i++) {
        const item *x = &v[i % n];
        size_t len = 0;
        tgx_sm5_word_text(x->word, TGX_SM5_CTRL_NEUTRAL, x->arch, text, sizeof text, &len);
        sum += len;
    }
    double t = bench_now() - t0;
    *chars = sum;
    return t;
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

static double bench_asm(const texts *t, size_t total, uint64_t *xor_out)
{
    uint64_t x = 0;
    double t0 = bench_now();
    for (size_t i = 0; i < total; i++) {
        size_t k = i % t->n;
        uint64_t w = 0;
        uint32_t c = 0;
        tgx_diag d;
        if (tgx_sm5_assemble_line(t->s[k], t->arch[k], &w, &c, &d) == TGX_OK)
            x ^= w;
    }
    double dt = bench_now() - t0;
    *xor_out = x;
    return dt;
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
    double best = 1e30;
    size_t chars = 0;
    for (int r = 0; r < 3; r++) {
        double t = bench_dis(it.v, it.n, total, &chars);
        if (t < best)
            best = t;
    }
    printf("sm5 decode+print: %zu words (from %zu corpus rows, 3 archs) in %.3f s = %.0f words/s "
           "(%.1f MB of text)\n",
           total, it.n, best, (double)total / best, (double)chars / 1e6);
    texts t;
    if (!make_texts(&it, &t))
        return 1;
    best = 1e30;
    uint64_t x = 0;
    for (int r = 0; r < 3; r++) {
        double dt = bench_asm(&t, total, &x);
        if (dt < best)
            best = dt;
    }
    printf("sm5 parse+encode: %zu lines (from %zu texts) in %.3f s = %.0f lines/s (xor %016" PRIx64
           ")\n",
           total, t.n, best, (double)total / best, x);
    free(t.s);
    free(t.arch);
    free(it.v);
    return 0;
}
