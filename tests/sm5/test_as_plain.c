/* `tgx as` of nvdisasm's plain listings (no hex comments: every instruction assembled from its
 * text, the instructions outside the texture classes by sm5_ops.def read backwards, branch
 * labels resolved) against the cubins they list (tests/data/cubin, NAME.cubin.nvdisasm-nohex:
 * plain `nvdisasm NAME.cubin`, README). Each assembled word must print, at its address and under
 * the cubin's control field, exactly as the cubin's word does (nvdisasm's text being the same
 * means the same instruction; bits nvdisasm does not print are not in the text, so the words
 * themselves may differ there: counted). Branches print as absolute targets, so a label resolved
 * to the wrong instruction fails. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/sm5.h"
#include "tgx/util.h"
#include "tgx_test.h"

static unsigned checked, same_word, shown;

static void check_cubin(const char *dir, const char *name)
{
    char path[2048], lpath[2100];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(lpath, sizeof lpath, "%s.nvdisasm-nohex", path);
    char *bin = NULL, *text = NULL;
    size_t nbin = 0, ntext = 0;
    tgx_diag d;
    if (tgx_read_file(path, &bin, &nbin, &d) != TGX_OK ||
        tgx_read_file(lpath, &text, &ntext, &d) != TGX_OK) {
        free(bin);
        return;
    }
    tgx_sm5_code_file cf;
    tgx_sm5_arch arch;
    TGX_CHECK(tgx_sm5_code_file_read((const unsigned char *)bin, nbin, path, &cf, &d) == TGX_OK,
              "%s: %s", name, d.message);
    TGX_CHECK(tgx_sm5_arch_from_sm(cf.sm, &arch) == TGX_OK, "%s: SM %u", name, cf.sm);
    tgx_sm5_program p;
    tgx_status st = tgx_sm5_assemble(text, ntext, lpath, arch, &p, &d);
    TGX_CHECK(st == TGX_OK, "%s: %s:%u:%u: %s", name, d.file, d.line, d.column, d.message);
    if (st == TGX_OK) {
        size_t k = 0;
        for (size_t s = 0; s < cf.count; s++) {
            size_t n = tgx_sm5_code_section_insns(&cf.sections[s]);
            for (size_t i = 0; i < n && k < p.count; i++, k++) {
                tgx_sm5_code_insn in = tgx_sm5_code_section_insn(&cf.sections[s], i);
                char want[512], got[512];
                tgx_sm5_insn_text(in.word, in.ctrl, arch, in.addr, NULL, want, sizeof want, NULL);
                tgx_sm5_insn_text(p.insns[k].word, in.ctrl, arch, in.addr, NULL, got, sizeof got,
                                  NULL);
                checked++;
                same_word += p.insns[k].word == in.word;
                if (strcmp(want, got) != 0 && shown++ < 10)
                    printf("%s %s 0x%04llx: cubin %s | assembled %s\n", name, cf.sections[s].name,
                           (unsigned long long)in.addr, want, got);
                TGX_CHECK(strcmp(want, got) == 0, "%s: %s at 0x%llx", name, cf.sections[s].name,
                          (unsigned long long)in.addr);
            }
        }
        TGX_CHECK(k == p.count, "%s: %zu instructions assembled, %zu in the cubin", name, p.count,
                  k);
        tgx_sm5_program_free(&p);
    }
    tgx_sm5_code_file_free(&cf);
    free(bin);
    free(text);
}

int main(void)
{
    char dir[512];
    snprintf(dir, sizeof dir, "%s/cubin", TGX_TEST_DATA);
    DIR *dp = opendir(dir);
    if (!dp)
        TGX_SKIP("no %s", dir);
    unsigned cubins = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        size_t n = strlen(e->d_name);
        if (n > 6 && strcmp(e->d_name + n - 6, ".cubin") == 0) {
            check_cubin(dir, e->d_name);
            cubins++;
        }
    }
    closedir(dp);
    printf("%u cubins, %u instructions assembled from plain listings print as the cubins' "
           "(%u the same word)\n",
           cubins, checked, same_word);
    TGX_CHECK(cubins >= 16 && checked > 3000, "%u cubins, %u instructions", cubins, checked);
    return tgx_test_finish();
}
