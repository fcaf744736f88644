/* ptxas never emits an illegal instruction: every word of the real-compiler corpus
 * (tests/data/maxwell/real.tsv, NVIDIA ptxas 11.8 output for ~16,500 PTX kernels, copied from
 * docs/sources.md [Maxwell corpus]) must pass the legality checker without any diagnostic, warnings
 * included. And the rules must bite: among the bit-fuzzed words nvdisasm accepts (fuzz-*.tsv),
 * every class the checker looks at has words it rejects.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/sm5.h"
#include "tgx_test.h"

/* Runs the checker over one corpus file; counts decoded words and those with diagnostics per
 * class. real: print every diagnostic (there should be none). */
static void run(const char *name, int real, size_t *words, size_t flagged[TGX_SM5_CLASS_COUNT],
                size_t seen[TGX_SM5_CLASS_COUNT])
{
    char path[512];
    snprintf(path, sizeof path, "%s/maxwell/%s", TGX_TEST_DATA, name);
    FILE *f = fopen(path, "r");
    TGX_CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    char line[512];
    int shown = 0;
    while (fgets(line, sizeof line, f)) {
        char arch_name[8];
        unsigned long long w;
        if (sscanf(line, "%7s 0x%llx", arch_name, &w) != 2)
            continue;
        tgx_sm5_arch arch;
        tgx_sm5_insn in;
        tgx_diag d;
        if (tgx_sm5_arch_from_name(arch_name, &arch) != TGX_OK ||
            tgx_sm5_decode(w, arch, &in, &d) != TGX_OK)
            continue;
        (*words)++;
        seen[in.cls]++;
        tgx_diag_list l;
        tgx_diag_list_init(&l);
        tgx_sm5_check_legal(&in, arch, NULL, name, 0, NULL, &l);
        if (l.count) {
            flagged[in.cls]++;
            if (real && shown++ < 20)
                fprintf(stderr, "%s 0x%016llx %s", arch_name, w,
                        strchr(strchr(line, '\t') + 1, '\t') + 1),
                    fprintf(stderr, "  -> %s\n", l.items[0].message);
        }
        tgx_diag_list_free(&l);
    }
    fclose(f);
}

int main(void)
{
    size_t words = 0, flagged[TGX_SM5_CLASS_COUNT] = {0}, seen[TGX_SM5_CLASS_COUNT] = {0};
    run("real.tsv", 1, &words, flagged, seen);
    size_t total = 0;
    for (int c = 0; c < TGX_SM5_CLASS_COUNT; c++)
        total += flagged[c];
    TGX_CHECK(words > 14000, "only %zu real words decoded", words);
    TGX_CHECK(total == 0, "%zu of %zu words ptxas emitted are reported illegal", total, words);
    printf("real.tsv: %zu words, %zu with diagnostics\n", words, total);

    size_t fw = 0, ff[TGX_SM5_CLASS_COUNT] = {0}, fs[TGX_SM5_CLASS_COUNT] = {0};
    run("fuzz-sm_50.tsv", 0, &fw, ff, fs);
    run("fuzz-sm_52.tsv", 0, &fw, ff, fs);
    run("fuzz-sm_53.tsv", 0, &fw, ff, fs);
    static const tgx_sm5_class checked[] = {
        TGX_SM5_TEX,  TGX_SM5_TEX_B, TGX_SM5_TEXS,  TGX_SM5_TLD,  TGX_SM5_TLD_B,
        TGX_SM5_TLDS, TGX_SM5_TLD4,  TGX_SM5_TLD4S, TGX_SM5_TMML, TGX_SM5_TMML_B,
        TGX_SM5_TXA,  TGX_SM5_TXD,   TGX_SM5_TXQ};
    for (size_t i = 0; i < sizeof checked / sizeof checked[0]; i++) {
        tgx_sm5_class c = checked[i];
        printf("fuzz %-7s %5zu decoded, %5zu with diagnostics\n", tgx_sm5_class_name(c), fs[c],
               ff[c]);
        TGX_CHECK(fs[c] == 0 || ff[c] > 0, "no fuzzed %s word is reported", tgx_sm5_class_name(c));
    }
    return tgx_test_finish();
}
