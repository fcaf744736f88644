/* Every line of the nvdisasm corpus (tests/data/maxwell, copied from
 * docs/sources.md [Maxwell corpus]): decode+print gives nvdisasm's text character for character (or
 * its ERROR message), and for every valid line the assembler gives back a word that prints the same
 * and equals the original in every bit nvdisasm reads. Prints the match rate per file. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm5/sm5_internal.h"
#include "tgx_test.h"

typedef struct stats {
    unsigned lines, dis_ok, asm_lines, asm_ok, shown;
} stats;

/* Splits a TSV line into at most 4 columns in place; returns the count. */
static int split_tabs(char *line, char **col, int max)
{
    int n = 0;
    col[n++] = line;
    for (char *p = line; *p && n < max; p++) {
        if (*p == '\t') {
            *p = '\0';
            col[n++] = p + 1;
        }
    }
    line[strcspn(line, "\n")] = '\0';
    for (int i = 0; i < n; i++)
        col[i][strcspn(col[i], "\n")] = '\0';
    return n;
}

static void show(stats *s, const char *file, const char *what, const char *word, const char *want,
                 const char *got)
{
    if (s->shown++ < (getenv("TGX_SM5_SHOW") ? 100000u : 20u))
        fprintf(stderr, "%s: %s %s\n  want: %s\n  got:  %s\n", file, what, word, want, got);
}

/* The disassembly of word under ctrl, as the corpus writes it. */
static void disasm(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, char *buf, size_t size)
{
    tgx_diag d;
    if (tgx_sm5_disasm_word(word, ctrl, arch, buf, size, &d) != TGX_OK)
        snprintf(buf, size, "ERROR: %.200s", d.message);
}

static void check_asm(stats *s, const char *file, tgx_sm5_arch arch, uint64_t word, uint32_t ctrl,
                      const char *text)
{
    char got[256];
    uint64_t w2 = 0;
    uint32_t c2 = 0;
    tgx_diag d;
    tgx_sm5_insn in;
    s->asm_lines++;
    if (tgx_sm5_assemble_line(text, arch, &w2, &c2, &d) != TGX_OK) {
        show(s, file, "assemble failed", text, "", d.message);
        return;
    }
    tgx_status st = tgx_sm5_decode(w2, arch, &in, &d);
    if (st != TGX_OK) {
        show(s, file, "reassembled word rejected", text, "", d.message);
        return;
    }
    uint64_t mask = sm5_read_mask(in.cls, (in.flags & TGX_SM5_F_F16) != 0);
    disasm(w2, ctrl, arch, got, sizeof got);
    if (strcmp(got, text) != 0 || ((w2 ^ word) & mask) != 0 ||
        TGX_SM5_CTRL_PHASE(c2) != TGX_SM5_CTRL_PHASE(ctrl)) {
        char msg[300];
        snprintf(msg, sizeof msg, "%s (word %016" PRIx64 ")", got, w2);
        show(s, file, "round trip", text, text, msg);
        return;
    }
    s->asm_ok++;
}

static void run_file(const char *name, int has_ctrl, stats *total)
{
    char path[512], line[512], got[256];
    snprintf(path, sizeof path, "%s/maxwell/%s", TGX_TEST_DATA, name);
    FILE *f = fopen(path, "r");
    TGX_CHECK(f != NULL, "cannot open %s", path);
    if (!f)
        return;
    stats s = {0};
    while (fgets(line, sizeof line, f)) {
        char *col[4];
        int n = split_tabs(line, col, 4);
        if (n != 3 + has_ctrl || line[0] == '#')
            continue;
        tgx_sm5_arch arch;
        if (tgx_sm5_arch_from_name(col[0], &arch) != TGX_OK)
            continue;
        uint64_t word = strtoull(col[1], NULL, 16);
        uint32_t ctrl = has_ctrl ? (uint32_t)strtoul(col[2], NULL, 16) : TGX_SM5_CTRL_NEUTRAL;
        const char *want = col[2 + has_ctrl];
        s.lines++;
        disasm(word, ctrl, arch, got, sizeof got);
        if (strcmp(got, want) == 0)
            s.dis_ok++;
        else
            show(&s, name, "disassembly", col[1], want, got);
        if (strncmp(want, "ERROR: ", 7) != 0 && !getenv("TGX_SM5_NO_ASM"))
            check_asm(&s, name, arch, word, ctrl, want);
    }
    fclose(f);
    printf("%-16s disassembly %u/%u (%.2f%%), assembly round trip %u/%u (%.2f%%)\n", name, s.dis_ok,
           s.lines, s.lines ? 100.0 * s.dis_ok / s.lines : 0.0, s.asm_ok, s.asm_lines,
           s.asm_lines ? 100.0 * s.asm_ok / s.asm_lines : 0.0);
    TGX_CHECK(s.lines > 0 && s.dis_ok == s.lines, "%s: %u of %u lines differ", name,
              s.lines - s.dis_ok, s.lines);
    TGX_CHECK(s.asm_ok == s.asm_lines, "%s: %u of %u lines do not assemble back", name,
              s.asm_lines - s.asm_ok, s.asm_lines);
    total->lines += s.lines;
}

int main(void)
{
    static const struct {
        const char *name;
        int ctrl;
    } files[] = {{"real.tsv", 0},       {"real-ctrl.tsv", 1},  {"ctrl.tsv", 1},
                 {"fuzz-sm_50.tsv", 0}, {"fuzz-sm_52.tsv", 0}, {"fuzz-sm_53.tsv", 0}};
    stats total = {0};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++)
        run_file(files[i].name, files[i].ctrl, &total);
    TGX_CHECK(total.lines > 70000, "only %u corpus lines read", total.lines);
    return tgx_test_finish();
}
