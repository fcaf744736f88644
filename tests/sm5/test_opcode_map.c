/* Opcode recognition against nvdisasm's opcode map (tests/data/maxwell/opcode-map.tsv, copied
 * from the Maxwell corpus (docs/sources.md): what nvdisasm 11.8 decodes each value of bits 63..48
 * as, per arch). For all 65,536 values and the three archs: tgx_sm5_is_texture_opcode says yes
 * exactly where the map names a texture class, and the class our opcode table picks is the one the
 * map names (nvdisasm's mnemonic, or its opclass name such as TEXS_F16 or TXQ_B). */
#include <stdio.h>
#include <string.h>

#include "sm5/sm5_internal.h"
#include "tgx_test.h"

/* The map's name for a class of ours: the printed mnemonic without .B, except where nvdisasm
 * named the class by the opclass of its error messages (TEXS_F16, TLDS_F16, TXQ_B). An .F16
 * value whose fillers printed has the mnemonic (TEXS, TLDS) instead: see names_match. */
static const char *map_name(tgx_sm5_class cls, int f16)
{
    switch (cls) {
    case TGX_SM5_TEX:
    case TGX_SM5_TEX_B: return "TEX";
    case TGX_SM5_TEXS: return f16 ? "TEXS_F16" : "TEXS";
    case TGX_SM5_TLD:
    case TGX_SM5_TLD_B: return "TLD";
    case TGX_SM5_TLDS: return f16 ? "TLDS_F16" : "TLDS";
    case TGX_SM5_TLD4:
    case TGX_SM5_TLD4_B: return "TLD4";
    case TGX_SM5_TLD4S: return "TLD4S";
    case TGX_SM5_TXD:
    case TGX_SM5_TXD_B: return "TXD";
    case TGX_SM5_TXQ: return "TXQ";
    case TGX_SM5_TXQ_B: return "TXQ_B";
    case TGX_SM5_TMML:
    case TGX_SM5_TMML_B: return "TMML";
    case TGX_SM5_TXA: return "TXA";
    default: return "?";
    }
}

/* A .F16 TEXS/TLDS value is "TEXS"/"TLDS" in the map where a filler printed (TEXS.F16 ...). */
static int names_match(const sm5_opcode *o, const char *map)
{
    const char *ours = map_name((tgx_sm5_class)o->cls, o->f16);
    if (strcmp(ours, map) == 0)
        return 1;
    return o->f16 && strncmp(ours, map, strlen(map)) == 0 &&
           strcmp(ours + strlen(map), "_F16") == 0;
}

static int is_texture_name(const char *s)
{
    static const char *const names[] = {"TEX",   "TEXS", "TEXS_F16", "TLD",  "TLD4",
                                        "TLD4S", "TLDS", "TLDS_F16", "TMML", "TXA",
                                        "TXD",   "TXQ",  "TXQ_B"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(s, names[i]) == 0)
            return 1;
    return 0;
}

/* The first row of our opcode table that takes top on arch (as the decoder looks it up). */
static const sm5_opcode *our_row(unsigned top, tgx_sm5_arch arch)
{
    for (size_t i = 0; i < sm5_opcode_count; i++) {
        const sm5_opcode *o = &sm5_opcodes[i];
        if ((o->archs >> arch & 1u) && (top & o->mask) == o->value)
            return o;
    }
    return NULL;
}

/* The decoder's binary search needs the rows sorted by value, each mask a run of leading ones
 * (so a row takes the range value .. value | ~mask) and the ranges disjoint. */
static unsigned check_rows_sorted(void)
{
    unsigned bad = 0;
    for (size_t i = 0; i < sm5_opcode_count; i++) {
        const sm5_opcode *o = &sm5_opcodes[i];
        uint16_t low = (uint16_t)~o->mask;
        if ((low & (uint16_t)(low + 1u)) != 0 || (o->value & low) != 0) {
            printf("FAIL: opcode row %zu: mask 0x%04x is not leading ones over value 0x%04x\n", i,
                   o->mask, o->value);
            bad++;
        }
        if (i > 0 &&
            (unsigned)(sm5_opcodes[i - 1].value | (uint16_t)~sm5_opcodes[i - 1].mask) >= o->value) {
            printf("FAIL: opcode rows %zu and %zu are not sorted or overlap\n", i - 1, i);
            bad++;
        }
    }
    return bad;
}

int main(void)
{
    FILE *f = fopen(TGX_TEST_DATA "/maxwell/opcode-map.tsv", "r");
    if (!f) {
        printf("FAIL: cannot open %s\n", TGX_TEST_DATA "/maxwell/opcode-map.tsv");
        return 1;
    }
    char line[256];
    unsigned rows = 0, checked = 0, texture = 0, bad = check_rows_sorted();
    while (fgets(line, sizeof line, f)) {
        unsigned top;
        char c[3][32];
        if (line[0] == '#')
            continue;
        if (sscanf(line, "%x\t%31s\t%31s\t%31s", &top, c[0], c[1], c[2]) != 4 || top > 0xffff) {
            printf("FAIL: malformed map line: %s", line);
            bad++;
            continue;
        }
        rows++;
        for (int a = 0; a < TGX_SM5_ARCH_COUNT; a++) {
            checked++;
            int want = is_texture_name(c[a]);
            int got = tgx_sm5_is_texture_opcode((uint64_t)top << 48, (tgx_sm5_arch)a);
            const sm5_opcode *o = our_row(top, (tgx_sm5_arch)a);
            const char *ours = got && o ? map_name((tgx_sm5_class)o->cls, o->f16) : "-";
            texture += (unsigned)want;
            if (want != got || (want && !names_match(o, c[a]))) {
                if (bad++ < 20)
                    printf("FAIL: 0x%04x on %s: map says %s, tgx says %s\n", top,
                           tgx_sm5_arch_name((tgx_sm5_arch)a), c[a], got ? ours : "not texture");
            }
        }
    }
    fclose(f);
    if (rows != 65536) {
        printf("FAIL: the map has %u rows, not 65536\n", rows);
        bad++;
    }
    printf("%u of %u (value, arch) pairs agree with nvdisasm's opcode map (%u texture)\n",
           checked - bad, checked, texture);
    printf("%u passed, %u failed\n", checked - bad, bad);
    return bad ? 1 : 0;
}
