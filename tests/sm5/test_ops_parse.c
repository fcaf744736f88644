/* Text back to words for the instructions outside the texture classes (sm5_op_parse): every text
 * nvdisasm printed in tests/data/maxwell/ops-fuzz.tsv (random words of every row of
 * sm5_ops.def, sm_50/52/53, random control fields; docs/sm5-ops.md) must parse, and the word and
 * control field it gives must print that text again (tgx_sm5_insn_text). The words need not be
 * the fuzzed ones: bits nvdisasm does not print come out 0 (they are counted). Branch targets are
 * absolute there, at the address the file gives. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm5/sm5_internal.h"
#include "tgx_test.h"

/* nvdisasm's blanks before "???6"/"???255" depend on the line it printed before (a stale
 * buffer; docs/sm5-ops.md): folded to the one blank tgx prints. */
static void fold_blanks(char *s)
{
    char *w = s;
    for (char *q = s; *q; q++) {
        if (*q == ' ' && q[1] == ' ') {
            char *e = q;
            while (*e == ' ')
                e++;
            if (strncmp(e, "???", 3) == 0)
                q = e - 1;
        }
        *w++ = *q;
    }
    *w = '\0';
}

static int arch_of(const char *s, tgx_sm5_arch *a)
{
    static const char *const names[] = {"sm_50", "sm_52", "sm_53"};
    for (int i = 0; i < 3; i++)
        if (strcmp(s, names[i]) == 0) {
            *a = (tgx_sm5_arch)i;
            return 1;
        }
    return 0;
}

int main(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/maxwell/ops-fuzz.tsv", TGX_TEST_DATA);
    FILE *f = fopen(path, "r");
    if (!f)
        TGX_SKIP("no %s", path);
    char line[1024];
    unsigned texts = 0, parsed = 0, same_word = 0, shown = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        line[strcspn(line, "\n")] = '\0';
        char *col[6] = {0};
        char *p = line;
        for (int i = 0; i < 6 && p; i++) {
            col[i] = p;
            p = i < 5 ? strchr(p, '\t') : NULL;
            if (p)
                *p++ = '\0';
        }
        tgx_sm5_arch arch;
        if (!col[5] || !arch_of(col[0], &arch) || strncmp(col[5], "ERROR", 5) == 0)
            continue;
        uint64_t word = strtoull(col[2], NULL, 16), addr = strtoull(col[4], NULL, 16);
        texts++;
        uint64_t w2 = 0;
        uint32_t c2 = 0;
        tgx_diag d;
        char back[512] = "";
        tgx_status st = sm5_op_parse(col[5], arch, addr, NULL, &w2, &c2, NULL, &d);
        if (st == TGX_OK)
            tgx_sm5_insn_text(w2, c2, arch, addr, NULL, back, sizeof back, NULL);
        /* the field that parse gives keeps what the text says; stall, barriers and waits are
         * not in the text, so the neutral field stands for ctrl's */
        fold_blanks(col[5]);
        int ok = st == TGX_OK && strcmp(back, col[5]) == 0;
        parsed += ok;
        same_word += ok && w2 == word;
        if (!ok && shown++ < 15)
            printf("%s %s %s: %s\n  back: %s (%s)\n", col[0], col[1], col[2], col[5], back,
                   st == TGX_OK ? "printed differently" : d.message);
    }
    fclose(f);
    printf("%u texts, %u parse and print back, %u of them the fuzzed word itself\n", texts, parsed,
           same_word);
    TGX_CHECK(texts > 10000, "%u texts in %s", texts, path);
    TGX_CHECK(parsed == texts, "%u of %u texts do not parse back", texts - parsed, texts);
    return tgx_test_finish();
}
