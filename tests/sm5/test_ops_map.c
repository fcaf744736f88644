/* Every value of bits 63..48, every class: tgx's text against nvdisasm's opcode map
 * (tests/data/maxwell/opcode-map.tsv, from the Maxwell corpus: docs/sources.md). The corpus made
 * the map by disassembling each of the 65,536 prefixes with four fillers for the low 48 bits
 * (its tools/scan_opcodes.py, seed 11: the two fixed fillers and the two that
 * random.Random(11) gives, below) and naming the prefix by what nvdisasm printed: the mnemonic,
 * or the opclass of an "Opclass 'X', undefined value" error; "-" when every filler was
 * "Unrecognized operation", "mixed:A/B" when fillers disagreed. This test does the same with
 * tgx_sm5_insn_text on the same 786,432 words (texture classes and all the others), so a prefix
 * tgx decodes where nvdisasm refuses every filler, one it refuses where nvdisasm names a class,
 * or one it names differently fails, on each arch. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/sm5.h"
#include "tgx_test.h"

static const uint64_t fillers[4] = {0x000000070000ull, 0x0000fff7ffffull, 0xdda173c7256dull,
                                    0xdb5b8f473e27ull};

/* The scan's classification of one text: the opclass of an "Opclass 'X'" error, "-" for another
 * error, else the mnemonic after an optional guard and '{'. */
static void classify(const char *text, char *cls, size_t size)
{
    const char *s = text;
    size_t n = 0;
    if (strncmp(s, "ERROR: Opclass '", 16) == 0) {
        s += 16;
        while (s[n] && s[n] != '\'')
            n++;
    } else if (strncmp(s, "ERROR:", 6) == 0) {
        s = "-";
        n = 1;
    } else {
        if (s[0] == '@') {
            while (*s && *s != ' ')
                s++;
            if (*s == ' ')
                s++;
        }
        if (*s == '{')
            s++;
        while (*s == ' ')
            s++;
        while ((s[n] >= 'A' && s[n] <= 'Z') || (s[n] >= '0' && s[n] <= '9') || s[n] == '_')
            n++;
    }
    if (n >= size)
        n = size - 1;
    memcpy(cls, s, n);
    cls[n] = '\0';
}

/* What the scan names a prefix: the one class its fillers named, "mixed:A/B" (sorted), or "-". */
static void prefix_class(unsigned prefix, tgx_sm5_arch arch, char *out, size_t size)
{
    char named[4][48];
    int count = 0;
    for (int f = 0; f < 4; f++) {
        char text[256], cls[48];
        uint64_t word = (uint64_t)prefix << 48 | fillers[f];
        tgx_sm5_insn_text(word, TGX_SM5_CTRL_NEUTRAL, arch, 0, NULL, text, sizeof text, NULL);
        classify(text, cls, sizeof cls);
        if (strcmp(cls, "-") == 0 || cls[0] == '\0')
            continue;
        int seen = 0;
        for (int i = 0; i < count; i++)
            seen |= strcmp(named[i], cls) == 0;
        if (!seen)
            snprintf(named[count++], sizeof named[0], "%s", cls);
    }
    if (count == 0) {
        snprintf(out, size, "-");
        return;
    }
    for (int i = 0; i < count; i++) /* sort, as the scan does */
        for (int j = i + 1; j < count; j++)
            if (strcmp(named[j], named[i]) < 0) {
                char t[48];
                memcpy(t, named[i], sizeof t);
                memcpy(named[i], named[j], sizeof t);
                memcpy(named[j], t, sizeof t);
            }
    if (count == 1) {
        snprintf(out, size, "%s", named[0]);
        return;
    }
    size_t len = (size_t)snprintf(out, size, "mixed:%s", named[0]);
    for (int i = 1; i < count && len < size; i++)
        len += (size_t)snprintf(out + len, size - len, "/%s", named[i]);
}

int main(void)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/maxwell/opcode-map.tsv", TGX_TEST_DATA);
    FILE *f = fopen(path, "r");
    if (!f)
        TGX_SKIP("no opcode map at %s", path);
    char line[512];
    unsigned rows = 0, bad[TGX_SM5_ARCH_COUNT] = {0}, classes = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned prefix;
        char want[TGX_SM5_ARCH_COUNT][96];
        if (line[0] == '#' ||
            sscanf(line, "0x%x\t%95s\t%95s\t%95s", &prefix, want[0], want[1], want[2]) != 4)
            continue;
        rows++;
        for (int a = 0; a < TGX_SM5_ARCH_COUNT; a++) {
            char got[96];
            prefix_class(prefix, (tgx_sm5_arch)a, got, sizeof got);
            classes += strcmp(want[a], "-") != 0;
            if (strcmp(got, want[a]) != 0 && bad[a]++ < (getenv("TGX_MAP_SHOW") ? 100000u : 8u))
                printf("prefix 0x%04x sm_5%c: tgx %s, nvdisasm %s\n", prefix, "023"[a], got,
                       want[a]);
        }
    }
    fclose(f);
    TGX_CHECK(rows == 65536, "%u rows in %s", rows, path);
    printf("%u prefixes x 3 archs (%u named by nvdisasm), 4 fillers each\n", rows, classes);
    for (int a = 0; a < TGX_SM5_ARCH_COUNT; a++) {
        printf("sm_5%c: %u prefixes differ\n", "023"[a], bad[a]);
        TGX_CHECK(bad[a] == 0, "sm_5%c differs from nvdisasm's map", "023"[a]);
    }
    return tgx_test_finish();
}
