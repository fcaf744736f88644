/* The code-file reader (src/sm5/cubin.c) against nvdisasm's listings of the same files.
 *
 * tests/data/cubin/ holds cubins ptxas made and a raw bundle file, each with `nvdisasm -hex`'s
 * listing (see its README). For every code section the reader finds, the instructions' addresses,
 * words and the control words of their bundles must be the ones nvdisasm printed, and the
 * sections must be the listing's .text sections. Then malformed files: every truncation and many
 * corruptions of a real cubin must give either a well-formed result or an error naming an offset,
 * never a read outside the buffer (the sanitizer run checks that).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/sm5.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define MAX_ITEMS 4096
#define MAX_SECTS 16

/* One listing line: an instruction (addr, word, place in a `{ }` dual-issue pair) or a bundle's
 * control word (is_ctrl). */
typedef struct item {
    int sect;
    int is_ctrl;
    uint64_t addr, word;
    tgx_sm5_pair pair;
} item;

typedef struct listing {
    char sect_names[MAX_SECTS][128];
    int nsect;
    item items[MAX_ITEMS];
    int n;
} listing;

static int parse_hex_comment(const char *s, uint64_t *w)
{
    const char *p = strstr(s, "/* 0x");
    if (!p || strlen(p) < 24 || strncmp(p + 21, " */", 3) != 0)
        return 0;
    *w = strtoull(p + 5, NULL, 16);
    return 1;
}

static int parse_addr(const char *s, uint64_t *a)
{
    while (*s == ' ' || *s == '\t')
        s++;
    if (strncmp(s, "/*", 2) != 0 || s[2] == ' ')
        return 0;
    char *end;
    *a = strtoull(s + 2, &end, 16);
    return end != s + 2 && strncmp(end, "*/", 2) == 0;
}

static void add_item(listing *l, int is_ctrl, uint64_t addr, uint64_t word, tgx_sm5_pair pair)
{
    if (l->n < MAX_ITEMS)
        l->items[l->n++] = (item){l->nsect - 1, is_ctrl, addr, word, pair};
}

/* Reads nvdisasm -hex output. raw: the whole listing is one unnamed code section. */
static int read_listing(const char *path, int raw, listing *l)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[512];
    int in_code = raw, pending = 0;
    uint64_t pend_addr = 0;
    memset(l, 0, sizeof *l);
    if (raw)
        l->nsect = 1;
    while (fgets(line, sizeof line, f)) {
        const char *sec = strstr(line, ".section\t");
        if (sec) {
            sec += 9;
            in_code = strncmp(sec, ".text", 5) == 0 && l->nsect < MAX_SECTS;
            if (in_code) {
                size_t n = strcspn(sec, ",\n");
                snprintf(l->sect_names[l->nsect++], 128, "%.*s", (int)n, sec);
            }
            continue;
        }
        uint64_t a, w;
        if (!in_code)
            continue;
        int has_addr = parse_addr(line, &a), has_hex = parse_hex_comment(line, &w);
        if (has_addr && has_hex)
            add_item(l, 0, a, w, strchr(line, '{') ? TGX_SM5_PAIR_FIRST : TGX_SM5_PAIR_NONE);
        else if (has_addr) { /* a pair's second: its word comes on the next line */
            pending = 1;
            pend_addr = a;
        } else if (has_hex && pending) {
            add_item(l, 0, pend_addr, w, TGX_SM5_PAIR_SECOND);
            pending = 0;
        } else if (has_hex)
            add_item(l, 1, 0, w, TGX_SM5_PAIR_NONE);
    }
    fclose(f);
    return 1;
}

static int find_sect(const listing *l, const char *name)
{
    for (int i = 0; i < l->nsect; i++)
        if (strcmp(l->sect_names[i], name) == 0)
            return i;
    return -1;
}

/* Every instruction and control word of section s equals the listing's section ls. */
static void compare_section(const char *file, const tgx_sm5_code_section *s, const listing *l,
                            int ls)
{
    size_t k = 0, n = tgx_sm5_code_section_insns(s);
    uint64_t ctrl = 0;
    int errors = 0;
    for (int i = 0; i < l->n && errors < 5; i++) {
        const item *it = &l->items[i];
        if (it->sect != ls)
            continue;
        if (it->is_ctrl) {
            ctrl = it->word;
            continue;
        }
        TGX_CHECK(k < n, "%s %s: listing has more instructions than the reader (%zu)", file,
                  s->name, n);
        if (k >= n)
            return;
        tgx_sm5_code_insn in = tgx_sm5_code_section_insn(s, k);
        int ok = in.addr == it->addr && in.word == it->word &&
                 in.ctrl == tgx_sm5_bundle_ctrl(ctrl, (unsigned)(k % 3)) && in.pair == it->pair;
        TGX_CHECK(ok,
                  "%s %s #%zu: got /*%04" PRIx64 "*/ 0x%016" PRIx64 " ctrl 0x%06x pair %d, "
                  "nvdisasm /*%04" PRIx64 "*/ 0x%016" PRIx64 " in bundle 0x%016" PRIx64 " pair %d",
                  file, s->name, k, in.addr, in.word, in.ctrl, (int)in.pair, it->addr, it->word,
                  ctrl, (int)it->pair);
        errors += !ok;
        k++;
    }
    TGX_CHECK(k == n, "%s %s: reader has %zu instructions, listing %zu", file, s->name, n, k);
}

static void check_file(const char *name, int raw, unsigned sm)
{
    char path[512], lpath[600];
    snprintf(path, sizeof path, "%s/cubin/%s", TGX_TEST_DATA, name);
    snprintf(lpath, sizeof lpath, "%s.nvdisasm", path);
    static listing l;
    char *data = NULL;
    size_t size = 0;
    tgx_diag d;
    TGX_CHECK(tgx_read_file(path, &data, &size, &d) == TGX_OK, "read %s", path);
    TGX_CHECK(read_listing(lpath, raw, &l), "read %s", lpath);
    if (!data)
        return;
    tgx_sm5_code_file cf;
    tgx_status st = tgx_sm5_code_file_read((const unsigned char *)data, size, name, &cf, &d);
    TGX_CHECK(st == TGX_OK, "%s: %s", name, d.message);
    if (st == TGX_OK) {
        TGX_CHECK(cf.is_cubin == !raw, "%s: is_cubin %d", name, cf.is_cubin);
        TGX_CHECK(cf.sm == sm, "%s: sm %u, expected %u", name, cf.sm, sm);
        TGX_CHECK((int)cf.count == l.nsect, "%s: %zu code sections, nvdisasm lists %d", name,
                  cf.count, l.nsect);
        for (size_t i = 0; i < cf.count; i++) {
            int ls = find_sect(&l, cf.sections[i].name);
            TGX_CHECK(ls >= 0, "%s: section '%s' not in nvdisasm's listing", name,
                      cf.sections[i].name);
            if (ls >= 0)
                compare_section(name, &cf.sections[i], &l, ls);
        }
    }
    tgx_sm5_code_file_free(&cf);
    free(data);
}

/* A result of reading a (possibly damaged) file must be coherent: sections inside the buffer. */
static int coherent(const unsigned char *buf, size_t size, const tgx_sm5_code_file *cf)
{
    for (size_t i = 0; i < cf->count; i++) {
        const tgx_sm5_code_section *s = &cf->sections[i];
        if (s->data < buf || s->size > size || (size_t)(s->data - buf) > size - s->size ||
            s->size % TGX_SM5_BUNDLE_BYTES)
            return 0;
        for (size_t k = 0; k < tgx_sm5_code_section_insns(s); k++)
            (void)tgx_sm5_code_section_insn(s, k); /* the sanitizer sees any stray read */
    }
    return 1;
}

/* Reads a copy of exactly size bytes (so ASan sees any read past the end). */
static tgx_status read_copy(const unsigned char *src, size_t size, tgx_sm5_code_file *cf,
                            tgx_diag *d, int *bad)
{
    unsigned char *buf = malloc(size ? size : 1);
    memcpy(buf, src, size);
    tgx_status st = tgx_sm5_code_file_read(buf, size, "x", cf, d);
    if (st == TGX_OK)
        *bad += !coherent(buf, size, cf);
    else
        *bad += strncmp(d->message, "offset 0x", 9) != 0;
    tgx_sm5_code_file_free(cf);
    free(buf);
    return st;
}

static void check_malformed(void)
{
    char path[512];
    snprintf(path, sizeof path, "%s/cubin/tex_sm_52.cubin", TGX_TEST_DATA);
    char *data;
    size_t size;
    tgx_diag d;
    if (tgx_read_file(path, &data, &size, &d) != TGX_OK) {
        TGX_CHECK(0, "read %s", path);
        return;
    }
    const unsigned char *u = (const unsigned char *)data;
    tgx_sm5_code_file cf;
    int bad = 0, errs = 0;
    /* Every truncation: those that cut the section header table (which ptxas puts after the
     * sections, before the program headers) fail, the others read the whole code. */
    uint64_t shoff = 0;
    for (int i = 7; i >= 0; i--)
        shoff = shoff << 8 | u[40 + i];
    size_t table_end = (size_t)shoff + 64u * (u[60] | (size_t)u[61] << 8);
    for (size_t n = 4; n < size; n++)
        errs += read_copy(u, n, &cf, &d, &bad) < 0;
    TGX_CHECK(bad == 0, "%d truncations gave an incoherent result or a message without offset",
              bad);
    TGX_CHECK(errs == (int)(table_end - 4), "%d of %zu truncations were rejected, expected %zu",
              errs, size - 4, table_end - 4);

    /* Every byte of the file header and of the section header table set to a few values. */
    unsigned char *m = malloc(size);
    static const unsigned char vals[] = {0x00, 0x01, 0x20, 0x7f, 0x80, 0xff};
    bad = 0;
    for (size_t i = 0; i < size; i++) {
        if (i >= 64 && (i < shoff || i >= table_end))
            continue;
        for (size_t v = 0; v < sizeof vals; v++) {
            memcpy(m, u, size);
            m[i] = vals[v];
            read_copy(m, size, &cf, &d, &bad);
        }
    }
    TGX_CHECK(bad == 0, "%d corruptions gave an incoherent result or a message without offset",
              bad);

    /* Specific damage, each with the message it must give. */
    struct {
        size_t at;
        unsigned char v;
        const char *msg;
    } cases[] = {
        {4, 1, "not ELFCLASS64"},       {5, 2, "not little-endian"},
        {18, 3, "not EM_CUDA"},         {47, 0x7f, "outside the file"},
        {62, 0xfe, "is not a section"}, {58, 63, "section header size"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        memcpy(m, u, size);
        m[cases[c].at] = cases[c].v;
        int b = 0;
        tgx_status st = read_copy(m, size, &cf, &d, &b);
        TGX_CHECK(st == TGX_ERR_PARSE && strstr(d.message, cases[c].msg),
                  "byte %zu = 0x%x: expected '%s', got '%s'", cases[c].at, cases[c].v, cases[c].msg,
                  st < 0 ? d.message : "success");
    }
    /* A raw file that ends inside a bundle. */
    tgx_status st = read_copy(u + 64, 40, &cf, &d, &bad);
    TGX_CHECK(st == TGX_ERR_PARSE && strstr(d.message, "offset 0x20: incomplete bundle"),
              "raw 40 bytes: %s", st < 0 ? d.message : "success");
    /* An empty raw file is an empty code section. */
    st = tgx_sm5_code_file_read(u, 0, "x", &cf, &d);
    TGX_CHECK(st == TGX_OK && cf.count == 1 && cf.sections[0].size == 0, "empty file");
    tgx_sm5_code_file_free(&cf);
    free(m);
    free(data);
}

/* Raw files whose dual-issue requests nvdisasm rejects (or cannot list): an error at the
 * bundle's offset naming the instruction (tests/data/cubin/README.md). */
static void check_bad_pairs(void)
{
    static const struct {
        const char *file, *msg;
    } cases[] = {
        {"bad_dual_last_sm_52.bin", "offset 0x0: the instruction at 0x0018 asks for dual issue"},
        {"bad_dual_chain_sm_52.bin", "offset 0x0: the instruction at 0x0018, second of the"},
        {"bad_dual_chain2_sm_52.bin", "offset 0x0: the instruction at 0x0010, second of the"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char path[512];
        snprintf(path, sizeof path, "%s/cubin/%s", TGX_TEST_DATA, cases[c].file);
        char *data = NULL;
        size_t size = 0;
        tgx_diag d;
        TGX_CHECK(tgx_read_file(path, &data, &size, &d) == TGX_OK, "read %s", path);
        if (!data)
            continue;
        tgx_sm5_code_file cf;
        tgx_status st = tgx_sm5_code_file_read((const unsigned char *)data, size, "x", &cf, &d);
        TGX_CHECK(st == TGX_ERR_PARSE && strstr(d.message, cases[c].msg),
                  "%s: expected '%s', got '%s'", cases[c].file, cases[c].msg,
                  st < 0 ? d.message : "success");
        TGX_CHECK(cf.sections == NULL && cf.count == 0, "%s: sections left after the error",
                  cases[c].file);
        free(data);
    }
}

int main(void)
{
    static const char *archs[] = {"sm_50", "sm_52", "sm_53"};
    static const unsigned sms[] = {50, 52, 53};
    for (int a = 0; a < 3; a++) {
        char name[64];
        snprintf(name, sizeof name, "tex_%s.cubin", archs[a]);
        check_file(name, 0, sms[a]);
        snprintf(name, sizeof name, "more_%s.cubin", archs[a]);
        check_file(name, 0, sms[a]);
        /* the cubin's SM number names the arch tgx dis, lift and emu decode it for */
        tgx_sm5_arch arch = TGX_SM5_ARCH_COUNT;
        TGX_CHECK(tgx_sm5_arch_from_sm(sms[a], &arch) == TGX_OK &&
                      strcmp(tgx_sm5_arch_name(arch), archs[a]) == 0,
                  "the arch of SM %u", sms[a]);
    }
    check_file("f16_sm_53.cubin", 0, 53);
    for (unsigned sm = 0; sm < 100; sm++) {
        tgx_sm5_arch arch = TGX_SM5_ARCH_COUNT;
        if (sm != 50 && sm != 52 && sm != 53)
            TGX_CHECK(tgx_sm5_arch_from_sm(sm, &arch) == TGX_ERR_ARG && arch == TGX_SM5_ARCH_COUNT,
                      "SM %u is not a Maxwell texture arch of tgx", sm);
    }
    check_file("more_sm_52.bin", 1, 0);
    check_file("dual_sm_52.bin", 1, 0);
    check_file("pairs_sm_52.bin", 1, 0);
    check_bad_pairs();
    /* ELF's magic (the ELF spec's e_ident: 0x7f 'E' 'L' 'F') makes a cubin, anything else raw */
    TGX_CHECK(tgx_sm5_is_cubin("\x7f"
                               "ELF",
                               4) &&
                  tgx_sm5_is_cubin("\x7f"
                                   "ELF\2\1",
                                   6),
              "ELF's magic is a cubin");
    TGX_CHECK(!tgx_sm5_is_cubin("\x7f"
                                "EL",
                                3) &&
                  !tgx_sm5_is_cubin("\x7f"
                                    "ELG",
                                    4) &&
                  !tgx_sm5_is_cubin("\x7e"
                                    "ELF",
                                    4) &&
                  !tgx_sm5_is_cubin(NULL, 0),
              "a short or different start is not a cubin");
    /* the bundle's three 21-bit fields (oracle/README: bits 0-20, 21-41, 42-62) */
    TGX_CHECK(tgx_sm5_bundle_ctrl(0x101ec440f64007f0ull, 0) == 0x7f0, "slot 1");
    TGX_CHECK(tgx_sm5_bundle_ctrl(0x101ec440f64007f0ull, 1) == 0x207b2, "slot 2");
    TGX_CHECK(tgx_sm5_bundle_ctrl(0x101ec440f64007f0ull, 2) == 0x407b1, "slot 3");
    check_malformed();
    return tgx_test_finish();
}
