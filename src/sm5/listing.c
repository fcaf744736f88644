/* nvdisasm's whole listing of a code file: what `nvdisasm FILE` (and `nvdisasm -hex FILE`)
 * prints for a cubin, or `nvdisasm -b SM5x FILE` for raw bundles, byte for byte. The layout is
 * read off nvdisasm 11.8's listings of ptxas 11.8 cubins (tests/data/cubin, docs/sm5-listing.md):
 * the ELF header's flags, then every section but the string, symbol and relocation tables in
 * section-header order (.nv.info attributes by sm5_nvinfo.def, code with its functions, labels,
 * relocated operands and indirect-branch notes, data as bytes or zeros), then the undefined
 * symbols. Labels: .L_N for object ends and .nv.info records, .L_x_N for code, numbered as
 * nvdisasm numbers them (the comments at each step say how). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm5/sm5_internal.h"

/* ELF constants (System V gABI) and NVIDIA's section types and flags, as nvdisasm names them
 * (@"SHT_CUDA_INFO", EF_CUDA_SM52 ...: the values are the ones in the listings' cubins). */
#define SHT_PROGBITS       1u
#define SHT_SYMTAB         2u
#define SHT_STRTAB         3u
#define SHT_NOBITS         8u
#define SHT_REL            9u
#define SHT_CUDA_INFO      0x70000000u
#define SHT_CUDA_RELOCINFO 0x7000000bu
#define SHF_WRITE          0x1u
#define SHF_ALLOC          0x2u
#define SHF_EXECINSTR      0x4u
#define STT_OBJECT         1u
#define STT_FUNC           2u
#define STT_CUDA_TEXTURE   10u
#define STT_CUDA_SURFACE   12u
#define STB_GLOBAL         1u
#define STB_WEAK           2u
#define STO_CUDA_ENTRY     0x10u
#define EF_TEXMODE_UNIFIED 0x100u
#define EF_64BIT_ADDRESS   0x400u
#define ET_EXEC            2u
/* relocation types of ptxas 11.8's Maxwell cubins and how nvdisasm prints their operand */
#define R_CUDA_TEX_HEADER_INDEX  0x06u /* a constant-bank word: [20@lo(0x0)=sym] */
#define R_CUDA_ABS32_20          0x2au /* MOV32I's immediate: `(sym) */
#define R_CUDA_ABS32_LO_32       0x2bu /* 32@lo(sym) */
#define R_CUDA_ABS32_HI_32       0x2cu /* 32@hi(sym) */
#define R_CUDA_SURF_HEADER_INDEX 0x34u /* [20@lo(0x0)=fun@R_CUDA_SURF_HEADER_INDEX(sym)] */
#define NVINFO_IBT               0x34u /* EIATTR_INDIRECT_BRANCH_TARGETS */

typedef struct nvinfo_attr {
    unsigned code;
    const char *name;
    const char *payload;
} nvinfo_attr;

static const nvinfo_attr nvinfo_attrs[] = {
#define NVINFO(code, name, payload) {code, name, payload},
#include "sm5/sm5_nvinfo.def"
#undef NVINFO
};

static const nvinfo_attr *nvinfo_find(unsigned code)
{
    for (size_t i = 0; i < sizeof nvinfo_attrs / sizeof nvinfo_attrs[0]; i++)
        if (nvinfo_attrs[i].code == code)
            return &nvinfo_attrs[i];
    return NULL;
}

static uint16_t rd16(const unsigned char *p)
{
    return (uint16_t)(p[0] | (unsigned)p[1] << 8);
}

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const unsigned char *p)
{
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

/* ---- the output text ------------------------------------------------------------------------ */

typedef struct lbuf {
    char *p;
    size_t len, cap;
    int oom;
} lbuf;

static void put(lbuf *b, const char *s, size_t n)
{
    if (b->oom)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 1 << 16;
        while (b->len + n + 1 > cap)
            cap *= 2;
        char *q = realloc(b->p, cap);
        if (!q) {
            b->oom = 1;
            return;
        }
        b->p = q;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n);
    b->len += n;
    b->p[b->len] = '\0';
}

static void puts_(lbuf *b, const char *s)
{
    put(b, s, strlen(s));
}

static void putf(lbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(lbuf *b, const char *fmt, ...)
{
    char t[512];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(t, sizeof t, fmt, ap);
    va_end(ap);
    if (n > 0)
        put(b, t, (size_t)n < sizeof t ? (size_t)n : sizeof t - 1);
}

static void spaces(lbuf *b, size_t n)
{
    static const char blank[] = "                                                                ";
    while (n > 0) {
        size_t k = n < sizeof blank - 1 ? n : sizeof blank - 1;
        put(b, blank, k);
        n -= k;
    }
}

/* ---- labels --------------------------------------------------------------------------------- */

/* A code label: the address it names in section sec, where it is printed (pos: the first of a
 * dual-issue pair when addr is its second), its number (.L_x_num) or the symbol it is. */
typedef struct lst_label {
    unsigned sec;
    uint64_t addr, pos;
    unsigned num;
    const char *sym;
} lst_label;

/* One entry of an EIATTR_INDIRECT_BRANCH_TARGETS record: the branch (a SYNC) and its targets. */
typedef struct lst_ibt {
    unsigned sec;
    uint64_t branch;
    size_t ntargets;
    uint64_t targets[8];
} lst_ibt;

typedef struct listing {
    const tgx_sm5_code_file *cf;
    tgx_sm5_arch arch;
    int hex;
    int novliw;                       /* -novliw: no dual-issue pairs shown */
    const tgx_sm5_code_section *only; /* the one code section listed, or NULL for all */
    lbuf out;
    lst_label *labels;
    size_t nlabels, caplabels;
    unsigned next_code; /* the next .L_x_ number */
    unsigned next_data; /* the next .L_ number */
    unsigned *obj_end;  /* per symbol: its end label's .L_ number (0: none) */
    lst_ibt *ibts;
    size_t nibts, capibts;
    size_t comment_col, note_col;
    size_t errors;
    unsigned cur_sec;   /* the section being printed (branch-target names) */
    char name_buf[160]; /* the name code_target_name returned last */
    int failed;
} listing;

static const tgx_sm5_code_section *code_of(const listing *l, unsigned sec)
{
    for (size_t i = 0; i < l->cf->count; i++)
        if (l->cf->sections[i].elf_index == sec)
            return &l->cf->sections[i];
    return NULL;
}

static lst_label *label_at(listing *l, unsigned sec, uint64_t addr)
{
    for (size_t i = 0; i < l->nlabels; i++)
        if (l->labels[i].sec == sec && l->labels[i].addr == addr)
            return &l->labels[i];
    return NULL;
}

static lst_label *label_add(listing *l, unsigned sec, uint64_t addr, unsigned num)
{
    if (l->nlabels == l->caplabels) {
        size_t cap = l->caplabels ? 2 * l->caplabels : 64;
        lst_label *n = realloc(l->labels, cap * sizeof *n);
        if (!n) {
            l->failed = 1;
            return NULL;
        }
        l->labels = n;
        l->caplabels = cap;
    }
    lst_label *lab = &l->labels[l->nlabels++];
    *lab = (lst_label){sec, addr, addr, num, NULL};
    return lab;
}

/* The function symbol that starts at addr of section sec, if any. */
static const tgx_sm5_elf_symbol *function_at(const listing *l, unsigned sec, uint64_t addr)
{
    for (size_t i = 1; i < l->cf->symbol_count; i++) {
        const tgx_sm5_elf_symbol *y = &l->cf->symbols[i];
        if ((y->info & 0xf) == STT_FUNC && y->shndx == sec && y->value == addr)
            return y;
    }
    return NULL;
}

/* The pair's first when addr is the second instruction of a dual-issue pair, else addr:
 * nvdisasm prints no label between the two. */
static uint64_t print_pos(const listing *l, unsigned sec, uint64_t addr)
{
    const tgx_sm5_code_section *s = code_of(l, sec);
    if (!s || addr < 8 || addr >= s->size || addr % 32 == 0)
        return addr;
    size_t i = (size_t)(addr / 32 * 3 + (addr % 32) / 8 - 1);
    tgx_sm5_code_insn in = tgx_sm5_code_section_insn(s, i);
    if (in.pair != TGX_SM5_PAIR_SECOND)
        return addr;
    return tgx_sm5_code_section_insn(s, i - 1).addr;
}

/* A label for a branch target (none for a function's start, printed as its symbol). */
static void target_label(listing *l, unsigned sec, uint64_t addr)
{
    if (function_at(l, sec, addr) || label_at(l, sec, addr))
        return;
    lst_label *lab = label_add(l, sec, addr, l->next_code++);
    if (lab)
        lab->pos = print_pos(l, sec, addr);
}

/* ---- the .nv.info sections ------------------------------------------------------------------ */

/* The .nv.info section that describes code section sec (sh_info names it). */
static const tgx_sm5_elf_section *info_of(const listing *l, unsigned sec)
{
    for (size_t i = 1; i < l->cf->elf_count; i++) {
        const tgx_sm5_elf_section *s = &l->cf->elf_sections[i];
        if (s->type == SHT_CUDA_INFO && s->info == sec)
            return s;
    }
    return NULL;
}

/* Walks one .nv.info section's records: calls each(l, fmt, attr, payload, size, offset) with the
 * record's offset in the section; stops at a record that runs past the end. */
typedef void (*record_fn)(listing *l, const tgx_sm5_elf_section *s, unsigned fmt, unsigned attr,
                          const unsigned char *payload, size_t size, size_t off, void *user);

static void each_record(listing *l, const tgx_sm5_elf_section *s, record_fn fn, void *user)
{
    size_t off = 0;
    while (s->data && off + 4 <= s->size) {
        unsigned fmt = s->data[off], attr = s->data[off + 1];
        size_t size = fmt == 4 ? rd16(s->data + off + 2) : 0;
        if (fmt == 4 && off + 4 + size > s->size)
            return;
        fn(l, s, fmt, attr, s->data + off + 4, size, off, user);
        off += 4 + size;
    }
}

static void collect_ibt(listing *l, const tgx_sm5_elf_section *s, unsigned fmt, unsigned attr,
                        const unsigned char *p, size_t size, size_t off, void *user)
{
    (void)off;
    (void)user;
    if (fmt != 4 || attr != NVINFO_IBT)
        return;
    for (size_t k = 0; k + 12 <= size;) {
        size_t n = rd32(p + k + 8);
        if (k + 12 + 4 * n > size)
            return;
        if (l->nibts == l->capibts) {
            size_t cap = l->capibts ? 2 * l->capibts : 16;
            lst_ibt *q = realloc(l->ibts, cap * sizeof *q);
            if (!q) {
                l->failed = 1;
                return;
            }
            l->ibts = q;
            l->capibts = cap;
        }
        lst_ibt *e = &l->ibts[l->nibts++];
        e->sec = s->info;
        e->branch = rd32(p + k);
        e->ntargets = n < 8 ? n : 8;
        for (size_t t = 0; t < e->ntargets; t++)
            e->targets[t] = rd32(p + k + 12 + 4 * t);
        k += 12 + 4 * n;
    }
}

/* ---- numbering ------------------------------------------------------------------------------
 * Code labels (.L_x_N): first the branch targets of every code section in order, in address
 * order of the branches (a new target takes the next number); then every section's indirect
 * branches (the branch's label, then each target's: a number is taken even where a label
 * exists already); then one number per function symbol (symbol-table order within each section)
 * for its end, printed as the label already there, or the function that starts there when the
 * end is an instruction's address (not a bundle's control word). Data labels
 * (.L_N): object symbols' ends in symbol-table order from 1, then two per sized .nv.info record. */

static void number_code(listing *l)
{
    const tgx_sm5_code_file *cf = l->cf;
    for (size_t c = 0; c < cf->count; c++) {
        const tgx_sm5_code_section *s = &cf->sections[c];
        size_t n = tgx_sm5_code_section_insns(s);
        for (size_t i = 0; i < n; i++) {
            tgx_sm5_code_insn in = tgx_sm5_code_section_insn(s, i);
            uint64_t target;
            if (sm5_op_branch_target(in.word, l->arch, in.addr, &target))
                target_label(l, s->elf_index, target);
        }
    }
    for (size_t c = 0; c < cf->count; c++) {
        const tgx_sm5_code_section *s = &cf->sections[c];
        size_t first = l->nibts;
        const tgx_sm5_elf_section *info = info_of(l, s->elf_index);
        if (info)
            each_record(l, info, collect_ibt, NULL);
        for (size_t k = first; k < l->nibts; k++) {
            lst_ibt *e = &l->ibts[k];
            uint64_t pos = print_pos(l, s->elf_index, e->branch);
            lst_label *lab = label_at(l, s->elf_index, e->branch);
            if (!lab) /* a pair's second: the label printed before the pair's first serves */
                lab = label_at(l, s->elf_index, pos);
            if (!lab && pos % 32 == 8) /* ... or the one at its bundle's start */
                lab = label_at(l, s->elf_index, pos - 8);
            unsigned num = l->next_code++;
            if (!lab && (lab = label_add(l, s->elf_index, e->branch, num)) != NULL)
                lab->pos = pos;
            for (size_t t = 0; t < e->ntargets; t++) {
                num = l->next_code++;
                if (!label_at(l, s->elf_index, e->targets[t]) &&
                    !function_at(l, s->elf_index, e->targets[t]))
                    label_add(l, s->elf_index, e->targets[t], num);
            }
        }
    }
    for (size_t c = 0; c < cf->count; c++) {
        unsigned sec = cf->sections[c].elf_index;
        for (size_t i = 1; i < cf->symbol_count; i++) {
            const tgx_sm5_elf_symbol *y = &cf->symbols[i];
            if ((y->info & 0xf) != STT_FUNC || y->shndx != sec)
                continue;
            unsigned num = l->next_code++;
            uint64_t end = y->value + y->size;
            if (!label_at(l, sec, end) && !(end % 32 != 0 && function_at(l, sec, end)))
                label_add(l, sec, end, num);
        }
    }
}

/* The object symbol of section sec that starts at off (the first in symbol-table order). */
static const tgx_sm5_elf_symbol *object_at(const listing *l, unsigned sec, uint64_t off)
{
    for (size_t i = 1; i < l->cf->symbol_count; i++) {
        const tgx_sm5_elf_symbol *y = &l->cf->symbols[i];
        if ((y->info & 0xf) == STT_OBJECT && y->shndx == sec && y->value == off)
            return y;
    }
    return NULL;
}

static int is_object(const tgx_sm5_code_file *cf, size_t i)
{
    const tgx_sm5_elf_symbol *y = &cf->symbols[i];
    return (y->info & 0xf) == STT_OBJECT && y->shndx != 0 && y->shndx < cf->elf_count;
}

/* One number per defined object, in symbol-table order; an object whose end is another one's
 * start has no label (its .size names that object). */
static void number_objects(listing *l)
{
    const tgx_sm5_code_file *cf = l->cf;
    l->next_data = 1;
    for (size_t i = 1; i < cf->symbol_count; i++) {
        if (!is_object(cf, i))
            continue;
        const tgx_sm5_elf_symbol *y = &cf->symbols[i];
        unsigned num = l->next_data++;
        if (!object_at(l, y->shndx, y->value + y->size))
            l->obj_end[i] = num;
    }
}

/* ".L_x_3", a function's name, or "" for an address without a label. */
static void label_text(const listing *l, unsigned sec, uint64_t addr, char *buf, size_t size)
{
    const tgx_sm5_elf_symbol *f = function_at(l, sec, addr);
    if (f) {
        snprintf(buf, size, "%s", f->name);
        return;
    }
    for (size_t i = 0; i < l->nlabels; i++)
        if (l->labels[i].sec == sec && l->labels[i].addr == addr) {
            snprintf(buf, size, ".L_x_%u", l->labels[i].num);
            return;
        }
    buf[0] = '\0';
}

static const char *code_target_name(void *user, uint64_t target)
{
    listing *l = user;
    label_text(l, l->cur_sec, target, l->name_buf, sizeof l->name_buf);
    return l->name_buf[0] ? l->name_buf : NULL;
}

/* ---- instruction lines ----------------------------------------------------------------------
 * An instruction's line: 8 blanks, the address in a block comment, a 19-column field (a pair's `{`
 * in column 10, the guard right-aligned before the text), the text; a pair's second has its final
 * ';' replaced by "        }". A relocated MOV32I immediate prints as the relocation's expression,
 * an indirect branch as its text padded to the note column and (*"BRANCH_TARGETS ..."*). */

typedef struct insn_line {
    char text[TGX_DIAG_MSG_MAX + 512];
    size_t len;
    int rejected;
} insn_line;

/* The relocation of code section sec at address addr: its type and symbol, or 0. */
static unsigned reloc_at(const listing *l, unsigned sec, uint64_t addr, const char **sym)
{
    const tgx_sm5_code_file *cf = l->cf;
    for (size_t i = 1; i < cf->elf_count; i++) {
        const tgx_sm5_elf_section *r = &cf->elf_sections[i];
        if (r->type != SHT_REL || r->info != sec || !r->data)
            continue;
        for (uint64_t k = 0; k + 16 <= r->size; k += 16) {
            const unsigned char *e = r->data + k;
            uint64_t info = rd64(e + 8);
            uint32_t symi = (uint32_t)(info >> 32);
            if (rd64(e) != addr || symi >= cf->symbol_count)
                continue;
            *sym = cf->symbols[symi].name;
            return (unsigned)(info & 0xffffffffu);
        }
    }
    return 0;
}

/* Replaces the last "0x..." number of text (the relocated immediate) by repl. */
static void replace_immediate(insn_line *il, const char *repl)
{
    char *p = NULL;
    for (char *q = il->text; (q = strstr(q, "0x")) != NULL; q += 2)
        p = q;
    if (!p)
        return;
    size_t end = (size_t)(p - il->text) + 2;
    while (end < il->len && ((il->text[end] >= '0' && il->text[end] <= '9') ||
                             (il->text[end] >= 'a' && il->text[end] <= 'f')))
        end++;
    char tail[64];
    snprintf(tail, sizeof tail, "%s", il->text + end);
    il->len = (size_t)(p - il->text);
    il->len += (size_t)snprintf(il->text + il->len, sizeof il->text - il->len, "%s%s", repl, tail);
    if (il->len >= sizeof il->text)
        il->len = sizeof il->text - 1;
}

static const lst_ibt *ibt_at(const listing *l, unsigned sec, uint64_t addr)
{
    for (size_t i = 0; i < l->nibts; i++)
        if (l->ibts[i].sec == sec && l->ibts[i].branch == addr)
            return &l->ibts[i];
    return NULL;
}

/* The instruction's text without guard (guard gets "@!P0" or ""), relocations and notes
 * applied, in nvdisasm's terminator. */
static void insn_text(listing *l, unsigned sec, const tgx_sm5_code_insn *in, insn_line *il,
                      char *guard, size_t gsize)
{
    tgx_sm5_labels names = {code_target_name, l};
    size_t n = 0;
    tgx_status st =
        tgx_sm5_insn_text(in->word, in->ctrl, l->arch, in->addr, l->cf->is_cubin ? &names : NULL,
                          il->text, sizeof il->text, &n);
    il->rejected = st != TGX_OK;
    il->len = n < sizeof il->text ? n : sizeof il->text - 1;
    guard[0] = '\0';
    if (il->text[0] == '@') { /* the guard goes into the column field */
        char *sp = strchr(il->text, ' ');
        if (sp) {
            size_t g = (size_t)(sp - il->text);
            snprintf(guard, gsize, "%.*s", (int)g, il->text);
            memmove(il->text, sp + 1, il->len - g);
            il->len -= g + 1;
        }
    }
    if (!l->cf->is_cubin)
        return;
    const char *sym = NULL;
    unsigned rel = reloc_at(l, sec, in->addr, &sym);
    if (rel) {
        char repl[160];
        if (rel == R_CUDA_ABS32_LO_32)
            snprintf(repl, sizeof repl, "32@lo(%s)", sym);
        else if (rel == R_CUDA_ABS32_HI_32)
            snprintf(repl, sizeof repl, "32@hi(%s)", sym);
        else
            snprintf(repl, sizeof repl, "`(%s)", sym);
        replace_immediate(il, repl);
    }
    const lst_ibt *e = ibt_at(l, sec, in->addr);
    if (e) { /* "SYNC" padded to the note column, the targets, ';' */
        char *end = il->text + il->len;
        while (end > il->text && (end[-1] == ';' || end[-1] == ' '))
            end--;
        il->len = (size_t)(end - il->text);
        while (il->len < l->note_col && il->len + 1 < sizeof il->text)
            il->text[il->len++] = ' ';
        il->len +=
            (size_t)snprintf(il->text + il->len, sizeof il->text - il->len, "(*\"BRANCH_TARGETS");
        for (size_t t = 0; t < e->ntargets; t++) {
            char name[160];
            label_text(l, sec, e->targets[t], name, sizeof name);
            il->len += (size_t)snprintf(il->text + il->len, sizeof il->text - il->len, "%s%s",
                                        t ? "," : " ", name);
        }
        il->len += (size_t)snprintf(il->text + il->len, sizeof il->text - il->len, "\"*);");
        if (il->len >= sizeof il->text)
            il->len = sizeof il->text - 1;
    }
}

/* The line without the hex comment; returns the width it counts for the comment column:
 * nvdisasm's, measured on its listings, is the line up to the text's end (no terminator, an
 * indirect branch's note included) plus 4, plus 2 with a note, plus 10 for a pair's second. */
static size_t insn_line_text(listing *l, unsigned sec, const tgx_sm5_code_insn *in, lbuf *b)
{
    insn_line il;
    char guard[16];
    insn_text(l, sec, in, &il, guard, sizeof guard);
    l->errors += il.rejected && il.text[0] == 'E';
    size_t start = b->len;
    putf(b, "        /*%04llx*/", (unsigned long long)in->addr);
    spaces(b, 9);
    put(b, in->pair == TGX_SM5_PAIR_FIRST ? "{" : " ", 1);
    size_t g = strlen(guard);
    spaces(b, g ? 8 - g : 9);
    if (g) {
        put(b, guard, g);
        put(b, " ", 1);
    }
    size_t n = il.len, base = b->len - start;
    int note = ibt_at(l, sec, in->addr) != NULL;
    if (in->pair == TGX_SM5_PAIR_SECOND && n > 0 && il.text[n - 1] == ';') {
        put(b, il.text, n - 1);
        puts_(b, "        }");
    } else {
        put(b, il.text, n);
    }
    while (n > 0 && (il.text[n - 1] == ';' || il.text[n - 1] == ' '))
        n--;
    base += n;
    return base + (in->pair == TGX_SM5_PAIR_SECOND ? 10 : note ? 2 : 4);
}

/* Instruction i of s as the listing shows it: with -novliw no instruction is in a pair. */
static tgx_sm5_code_insn listed_insn(const listing *l, const tgx_sm5_code_section *s, size_t i)
{
    tgx_sm5_code_insn in = tgx_sm5_code_section_insn(s, i);
    if (l->novliw)
        in.pair = TGX_SM5_PAIR_NONE;
    return in;
}

/* Whether code section s is listed. */
static int is_listed(const listing *l, const tgx_sm5_code_section *s)
{
    return !l->only || l->only == s;
}

/* The widest text of any instruction (the note column is two past it) and the comment column of
 * -hex (the widest line, counted as insn_line_text says), over the whole file even when one
 * section is listed: its lines are then the whole listing's. */
static void measure(listing *l)
{
    lbuf scratch = {0};
    size_t widest_text = 0, widest_line = 0;
    for (size_t c = 0; c < l->cf->count; c++) {
        const tgx_sm5_code_section *s = &l->cf->sections[c];
        l->cur_sec = s->elf_index;
        size_t n = tgx_sm5_code_section_insns(s);
        for (size_t i = 0; i < n; i++) {
            tgx_sm5_code_insn in = tgx_sm5_code_section_insn(s, i);
            insn_line il;
            char guard[16];
            insn_text(l, s->elf_index, &in, &il, guard, sizeof guard);
            if (!ibt_at(l, s->elf_index, in.addr)) {
                size_t t = il.len;
                while (t > 0 && (il.text[t - 1] == ';' || il.text[t - 1] == ' '))
                    t--;
                if (t > widest_text)
                    widest_text = t;
            }
        }
    }
    l->note_col = widest_text + 2;
    for (size_t c = 0; c < l->cf->count; c++) {
        const tgx_sm5_code_section *s = &l->cf->sections[c];
        l->cur_sec = s->elf_index;
        size_t n = tgx_sm5_code_section_insns(s);
        for (size_t i = 0; i < n; i++) {
            tgx_sm5_code_insn in = listed_insn(l, s, i);
            scratch.len = 0;
            size_t w = insn_line_text(l, s->elf_index, &in, &scratch);
            if (w > widest_line)
                widest_line = w;
        }
    }
    l->errors = 0;
    free(scratch.p);
    l->comment_col = widest_line;
}

static void hex_comment(listing *l, size_t line_start, uint64_t word)
{
    size_t len = l->out.len - line_start;
    spaces(&l->out, len < l->comment_col ? l->comment_col - len : 1);
    putf(&l->out, "/* 0x%016llx */", (unsigned long long)word);
}

/* ---- code sections -------------------------------------------------------------------------- */

/* A function's end in its .size: the label there (number_code made one unless a function
 * starts at that instruction), else that function. */
static void end_text(const listing *l, unsigned sec, uint64_t addr, char *buf, size_t size)
{
    for (size_t i = 0; i < l->nlabels; i++)
        if (l->labels[i].sec == sec && l->labels[i].addr == addr) {
            snprintf(buf, size, ".L_x_%u", l->labels[i].num);
            return;
        }
    label_text(l, sec, addr, buf, size);
}

static void function_header(listing *l, unsigned sec, size_t symi)
{
    const tgx_sm5_elf_symbol *y = &l->cf->symbols[symi];
    char end[160];
    end_text(l, sec, y->value + y->size, end, sizeof end);
    if ((y->info >> 4) == STB_WEAK)
        putf(&l->out, "        .weak           %s\n", y->name);
    if ((y->info >> 4) == STB_GLOBAL)
        putf(&l->out, "        .global         %s\n", y->name);
    putf(&l->out, "        .type           %s,@function\n", y->name);
    putf(&l->out, "        .size           %s,(%s - %s)\n", y->name, end, y->name);
    if (y->other & STO_CUDA_ENTRY)
        putf(&l->out, "        .other          %s,@\"STO_CUDA_ENTRY STV_DEFAULT\"\n", y->name);
    putf(&l->out, "%s:\n", y->name);
}

/* Function symbols at pos: global ones (global = 1) or the others. */
static void functions_at(listing *l, unsigned sec, uint64_t pos, int global)
{
    for (size_t i = 1; i < l->cf->symbol_count; i++) {
        const tgx_sm5_elf_symbol *y = &l->cf->symbols[i];
        if ((y->info & 0xf) == STT_FUNC && y->shndx == sec && y->value == pos &&
            ((y->info >> 4) == STB_GLOBAL) == global)
            function_header(l, sec, i);
    }
}

/* The function headers and labels printed at position pos of code section sec (a global
 * function at 0 comes before the section's label: code_section). */
static void marks_at(listing *l, unsigned sec, uint64_t pos)
{
    for (size_t i = 0; i < l->nlabels; i++)
        if (l->labels[i].sec == sec && l->labels[i].pos == pos)
            putf(&l->out, ".L_x_%u:\n", l->labels[i].num);
    if (pos != 0)
        functions_at(l, sec, pos, 1);
    functions_at(l, sec, pos, 0);
}

/* A -hex comment on a line of its own. */
static void hex_line(listing *l, uint64_t word)
{
    hex_comment(l, l->out.len, word);
    put(&l->out, "\n", 1);
}

/* With -hex, a pair's second instruction has its word on the next line, after the labels and
 * functions that start at the following instruction (nvdisasm's order). */
static void code_lines(listing *l, const tgx_sm5_code_section *s)
{
    unsigned sec = s->elf_index;
    l->cur_sec = sec;
    size_t n = tgx_sm5_code_section_insns(s);
    int deferred = 0;
    uint64_t deferred_word = 0;
    for (size_t i = 0; i < n; i++) {
        tgx_sm5_code_insn in = listed_insn(l, s, i);
        if (l->cf->is_cubin) {
            if (i % 3 == 0) /* a bundle: marks at its start and its first slot */
                marks_at(l, sec, in.addr - 8);
            marks_at(l, sec, in.addr);
        }
        if (deferred)
            hex_line(l, deferred_word);
        deferred = 0;
        if (l->hex && i % 3 == 0)
            hex_line(l, rd64(s->data + in.addr - 8));
        size_t start = l->out.len;
        insn_line_text(l, sec, &in, &l->out);
        if (l->hex && in.pair == TGX_SM5_PAIR_SECOND) {
            deferred = 1;
            deferred_word = in.word;
        } else if (l->hex) {
            hex_comment(l, start, in.word);
        }
        put(&l->out, "\n", 1);
    }
    if (l->cf->is_cubin)
        marks_at(l, sec, s->size);
    if (deferred)
        hex_line(l, deferred_word);
}

/* ---- other sections ------------------------------------------------------------------------- */

static void section_banner(listing *l, const tgx_sm5_elf_section *s)
{
    putf(&l->out, "\n\n//--------------------- %-25s --------------------------\n", s->name);
    const char *flags = (s->flags & SHF_EXECINSTR) ? "ax"
                        : (s->flags & SHF_WRITE)   ? "aw"
                        : (s->flags & SHF_ALLOC)   ? "a"
                                                   : "";
    const char *type = s->type == SHT_CUDA_INFO        ? "@\"SHT_CUDA_INFO\""
                       : s->type == SHT_CUDA_RELOCINFO ? "@\"SHT_CUDA_RELOCINFO\""
                       : s->type == SHT_NOBITS         ? "@nobits"
                                                       : "@progbits";
    putf(&l->out, "\t.section\t%s,\"%s\",%s\n", s->name, flags, type);
    if ((s->flags >> 20) & 0x1f) /* the named barriers a kernel uses (sh_flags bits 20..24) */
        putf(&l->out, "\t.sectionflags\t@\"SHF_BARRIERS=%u\"\n",
             (unsigned)(s->flags >> 20) & 0x1fu);
    if (s->flags & SHF_EXECINSTR)
        putf(&l->out, "\t.sectioninfo\t@\"SHI_REGISTERS=%u\"\n", s->info >> 24);
    putf(&l->out, "\t.align\t%llu\n", (unsigned long long)s->align);
    if (s->entsize && !(s->flags & SHF_EXECINSTR))
        putf(&l->out, "\t.sectionentsize\t%llu\n", (unsigned long long)s->entsize);
}

typedef struct info_state {
    unsigned pending_end; /* the end label of the last sized record, printed lazily */
} info_state;

static void info_word_list(listing *l, const unsigned char *p, size_t size, size_t off,
                           unsigned start)
{
    for (size_t k = 0, i = 0; k + 4 <= size; k += 4, i++) {
        putf(&l->out, "\n\n\t//   ....[%zu]....\n", i);
        if (i == 0)
            putf(&l->out, ".L_%u:\n", start);
        putf(&l->out, "        /*%04zx*/ \t.word\t0x%08x\n", off + k, rd32(p + k));
    }
}

static void info_ibt(listing *l, unsigned sec, const unsigned char *p, size_t size, size_t off,
                     unsigned start)
{
    for (size_t k = 0, i = 0; k + 12 <= size; i++) {
        size_t n = rd32(p + k + 8);
        putf(&l->out, "\n\n\t//   ....[%zu]....\n", i);
        if (i == 0)
            putf(&l->out, ".L_%u:\n", start);
        uint64_t branch = rd32(p + k);
        const lst_label *lab = NULL;
        for (size_t j = 0; j < l->nlabels; j++)
            if (l->labels[j].sec == sec && l->labels[j].addr == branch)
                lab = &l->labels[j];
        uint64_t pos = print_pos(l, sec, branch);
        for (size_t j = 0; j < l->nlabels && !lab; j++)
            if (l->labels[j].sec == sec && l->labels[j].addr == pos)
                lab = &l->labels[j];
        for (size_t j = 0; j < l->nlabels && !lab && pos % 32 == 8; j++)
            if (l->labels[j].sec == sec && l->labels[j].addr == pos - 8)
                lab = &l->labels[j];
        if (lab && pos != branch) /* the distance from the pair's first instruction */
            putf(&l->out, "        /*%04zx*/ \t.word\t(.L_x_%u@srel + 0x%llx)\n", off + k, lab->num,
                 (unsigned long long)(branch - pos));
        else if (lab)
            putf(&l->out, "        /*%04zx*/ \t.word\t.L_x_%u@srel\n", off + k, lab->num);
        putf(&l->out, "        /*%04zx*/ \t.short\t0x%x\n", off + k + 4, rd16(p + k + 4));
        putf(&l->out, "        /*%04zx*/ \t.short\t0x%x\n", off + k + 6, rd16(p + k + 6));
        putf(&l->out, "        /*%04zx*/ \t.word\t0x%zx\n", off + k + 8, n);
        for (size_t t = 0; t < n && k + 12 + 4 * t + 4 <= size; t++) {
            char name[160];
            label_text(l, sec, rd32(p + k + 12 + 4 * t), name, sizeof name);
            putf(&l->out, "        /*%04zx*/ \t.word\t%s@srel\n", off + k + 12 + 4 * t, name);
        }
        k += 12 + 4 * n;
    }
}

static void info_payload(listing *l, const tgx_sm5_elf_section *s, const char *layout,
                         const unsigned char *p, size_t size, size_t off, unsigned start)
{
    if (layout[0] == 'L') {
        info_word_list(l, p, size, off, start);
        return;
    }
    if (layout[0] == 'T') {
        info_ibt(l, s->info, p, size, off, start);
        return;
    }
    if (layout[0] == 'A') {
        puts_(&l->out, "\t.align\t\t4\n");
        layout++;
    }
    putf(&l->out, ".L_%u:\n", start);
    size_t k = 0;
    for (; *layout && k < size; layout++) {
        if (*layout == 'i' && k + 4 <= size) {
            uint32_t idx = rd32(p + k);
            const char *name = idx < l->cf->symbol_count ? l->cf->symbols[idx].name : "?";
            putf(&l->out, "        /*%04zx*/ \t.word\tindex@(%s)\n", off + k, name);
            k += 4;
        } else if (*layout == 'w' && k + 4 <= size) {
            putf(&l->out, "        /*%04zx*/ \t.word\t0x%08x\n", off + k, rd32(p + k));
            k += 4;
        } else if (*layout == 's' && k + 2 <= size) {
            putf(&l->out, "        /*%04zx*/ \t.short\t0x%04x\n", off + k, rd16(p + k));
            k += 2;
        } else if (*layout == 'b' && k + 4 <= size) {
            putf(&l->out, "        /*%04zx*/ \t.byte\t0x%02x, 0x%02x, 0x%02x, 0x%02x\n", off + k,
                 p[k], p[k + 1], p[k + 2], p[k + 3]);
            k += 4;
        }
    }
    for (; k + 4 <= size; k += 4) /* what the layout does not cover, as words */
        putf(&l->out, "        /*%04zx*/ \t.word\t0x%08x\n", off + k, rd32(p + k));
}

static void info_record(listing *l, const tgx_sm5_elf_section *s, unsigned fmt, unsigned attr,
                        const unsigned char *p, size_t size, size_t off, void *user)
{
    info_state *st = user;
    const nvinfo_attr *a = nvinfo_find(attr);
    if (a)
        putf(&l->out, "\n\n\t//----- nvinfo : %s\n\t.align\t\t4\n", a->name);
    else
        putf(&l->out, "\n\n\t//----- nvinfo : EIATTR_0x%02x\n\t.align\t\t4\n", attr);
    if (st->pending_end) {
        putf(&l->out, ".L_%u:\n", st->pending_end);
        st->pending_end = 0;
    }
    putf(&l->out, "        /*%04zx*/ \t.byte\t0x%02x, 0x%02x\n", off, fmt, attr);
    const unsigned char *v = s->data + off + 2;
    switch (fmt) {
    case 1: puts_(&l->out, "\t.zero\t\t2\n"); break;
    case 2:
        if (v[0])
            putf(&l->out, "        /*%04zx*/ \t.byte\t0x%02x\n", off + 2, v[0]);
        else
            puts_(&l->out, "\t.zero\t\t1\n");
        puts_(&l->out, "\t.zero\t\t1\n");
        break;
    case 3: putf(&l->out, "        /*%04zx*/ \t.short\t0x%04x\n", off + 2, rd16(v)); break;
    default: {
        unsigned start = l->next_data++, end = l->next_data++;
        putf(&l->out, "        /*%04zx*/ \t.short\t(.L_%u - .L_%u)\n", off + 2, end, start);
        info_payload(l, s, a ? a->payload : "", p, size, off + 4, start);
        st->pending_end = end;
    }
    }
}

static void info_section(listing *l, const tgx_sm5_elf_section *s)
{
    info_state st = {0};
    each_record(l, s, info_record, &st);
    if (st.pending_end)
        putf(&l->out, ".L_%u:\n", st.pending_end);
}

static void byte_lines(listing *l, const unsigned char *p, uint64_t from, uint64_t to)
{
    for (uint64_t k = from; k < to; k += 16) {
        putf(&l->out, "        /*%04llx*/ \t.byte\t", (unsigned long long)k);
        for (uint64_t j = k; j < to && j < k + 16; j++)
            putf(&l->out, j == k ? "0x%02x" : ", 0x%02x", p[j]);
        put(&l->out, "\n", 1);
    }
}

/* Data of section s in [from, to): .zero for a NOBITS section, else .byte lines, or, where the
 * whole section is zeros but for relocated words (a parameter bank), .zero runs and the
 * relocated words. */
static void data_range(listing *l, unsigned sec, const tgx_sm5_elf_section *s, int zeros,
                       uint64_t from, uint64_t to)
{
    if (to <= from)
        return;
    if (!s->data) {
        putf(&l->out, "\t.zero\t\t%llu\n", (unsigned long long)(to - from));
        return;
    }
    if (!zeros) {
        byte_lines(l, s->data, from, to);
        return;
    }
    const char *sym;
    uint64_t run = from;
    for (uint64_t k = from; k < to; k++) {
        unsigned rel = k % 4 == 0 ? reloc_at(l, sec, k, &sym) : 0;
        if (!rel)
            continue;
        if (k > run)
            putf(&l->out, "\t.zero\t\t%llu\n", (unsigned long long)(k - run));
        puts_(&l->out, "\t.align\t\t4\n");
        if (rel == R_CUDA_TEX_HEADER_INDEX)
            putf(&l->out, "        /*%04llx*/ \t.word\t[20@lo(0x0)=%s]\n", (unsigned long long)k,
                 sym);
        else if (rel == R_CUDA_SURF_HEADER_INDEX)
            putf(&l->out,
                 "        /*%04llx*/ \t.word\t[20@lo(0x0)=fun@R_CUDA_SURF_HEADER_INDEX(%s)]\n",
                 (unsigned long long)k, sym);
        else
            putf(&l->out, "        /*%04llx*/ \t.word\t0x%08x\n", (unsigned long long)k,
                 rd32(s->data + k));
        run = k + 4;
        k += 3;
    }
    if (run < to)
        putf(&l->out, "\t.zero\t\t%llu\n", (unsigned long long)(to - run));
}

/* Whether the section holds only zeros outside its relocated words. */
static int only_zeros(const listing *l, unsigned sec, const tgx_sm5_elf_section *s)
{
    const char *sym;
    for (uint64_t k = 0; k < s->size; k++)
        if (s->data[k] && !reloc_at(l, sec, k - k % 4, &sym))
            return 0;
    return 1;
}

/* A data section: its objects at their offsets (.type, .size, the name; the section's own label
 * after those at 0), the data between, each object's end label where it has one. */
static void data_section(listing *l, unsigned sec, const tgx_sm5_elf_section *s)
{
    const tgx_sm5_code_file *cf = l->cf;
    int zeros = s->data && s->type != SHT_CUDA_RELOCINFO && only_zeros(l, sec, s);
    uint64_t pos = 0;
    int labelled = s->type == SHT_CUDA_RELOCINFO; /* no label for the relocation actions */
    for (;;) {
        uint64_t next = s->size; /* the next offset where an object starts or ends */
        for (size_t i = 1; i < cf->symbol_count; i++) {
            const tgx_sm5_elf_symbol *y = &cf->symbols[i];
            if (!is_object(cf, i) || y->shndx != sec)
                continue;
            if (y->value > pos && y->value < next)
                next = y->value;
            if (l->obj_end[i] && y->value + y->size > pos && y->value + y->size < next)
                next = y->value + y->size;
        }
        for (size_t i = 1; i < cf->symbol_count; i++) { /* ends, then starts at pos */
            const tgx_sm5_elf_symbol *y = &cf->symbols[i];
            if (is_object(cf, i) && y->shndx == sec && l->obj_end[i] && pos != y->value &&
                y->value + y->size == pos)
                putf(&l->out, ".L_%u:\n", l->obj_end[i]);
        }
        for (size_t i = 1; i < cf->symbol_count; i++) {
            const tgx_sm5_elf_symbol *y = &cf->symbols[i];
            if (!is_object(cf, i) || y->shndx != sec || y->value != pos)
                continue;
            putf(&l->out, "\t.type\t\t%s,@object\n", y->name);
            if (l->obj_end[i])
                putf(&l->out, "\t.size\t\t%s,(.L_%u - %s)\n", y->name, l->obj_end[i], y->name);
            else
                putf(&l->out, "\t.size\t\t%s,(%s - %s)\n", y->name,
                     object_at(l, sec, y->value + y->size)->name, y->name);
            putf(&l->out, "%s:\n", y->name);
        }
        if (!labelled && s->size) { /* an empty section has no label */
            putf(&l->out, "%s:\n", s->name);
            labelled = 1;
        }
        if (pos >= s->size)
            break;
        data_range(l, sec, s, zeros, pos, next);
        pos = next;
    }
}

static void symbols_part(listing *l)
{
    const tgx_sm5_code_file *cf = l->cf;
    int any = 0;
    for (size_t i = 1; i < cf->symbol_count; i++)
        any |= cf->symbols[i].shndx == 0;
    if (!any)
        return;
    puts_(&l->out, "\n\n//--------------------- SYMBOLS --------------------------\n\n");
    for (size_t i = 1; i < cf->symbol_count; i++) {
        const tgx_sm5_elf_symbol *y = &cf->symbols[i];
        if (y->shndx != 0)
            continue;
        unsigned type = y->info & 0xf;
        if (type == STT_OBJECT) {
            putf(&l->out, "\t.type\t\t%s,@object\n", y->name);
            putf(&l->out, "\t.size\t\t%s,0x%llx\n", y->name, (unsigned long long)y->size);
        } else if (type == STT_CUDA_TEXTURE) {
            putf(&l->out, "\t.type\t\t%s,@\"STT_CUDA_TEXTURE\"\n", y->name);
        } else if (type == STT_CUDA_SURFACE) {
            putf(&l->out, "\t.type\t\t%s,@\"STT_CUDA_SURFACE\"\n", y->name);
        } else {
            putf(&l->out, "\t.type\t\t%s,%u\n", y->name, type);
        }
    }
}

static void header(listing *l)
{
    unsigned sm = l->cf->is_cubin ? l->cf->sm : 50u + 2u * (unsigned)l->arch - (l->arch == 2);
    if (!l->cf->is_cubin) {
        putf(&l->out, "\t.headerflags    @\"EF_CUDA_SM%u EF_CUDA_PTX_SM(EF_CUDA_SM%u)\"\n", sm, sm);
        return;
    }
    uint32_t f = l->cf->elf_flags;
    puts_(&l->out, "\t.headerflags\t@\"");
    if (f & EF_TEXMODE_UNIFIED)
        puts_(&l->out, "EF_CUDA_TEXMODE_UNIFIED ");
    if (f & EF_64BIT_ADDRESS)
        puts_(&l->out, "EF_CUDA_64BIT_ADDRESS ");
    putf(&l->out, "EF_CUDA_SM%u EF_CUDA_VIRTUAL_SM(EF_CUDA_SM%u)\"\n", sm, (f >> 16) & 0xff);
    putf(&l->out, "\t.elftype\t@\"%s\"\n", l->cf->elf_type == ET_EXEC ? "ET_EXEC" : "ET_REL");
}

tgx_status tgx_sm5_list(const tgx_sm5_code_file *cf, tgx_sm5_arch arch, unsigned flags,
                        tgx_sm5_listing *out, tgx_diag *d)
{
    return tgx_sm5_list_section(cf, NULL, arch, flags, out, d);
}

tgx_status tgx_sm5_list_section(const tgx_sm5_code_file *cf, const tgx_sm5_code_section *only,
                                tgx_sm5_arch arch, unsigned flags, tgx_sm5_listing *out,
                                tgx_diag *d)
{
    memset(out, 0, sizeof *out);
    listing l = {0};
    l.cf = cf;
    l.arch = arch;
    l.hex = (flags & (TGX_SM5_LIST_HEX | TGX_SM5_LIST_NOVLIW)) != 0;
    l.novliw = (flags & TGX_SM5_LIST_NOVLIW) != 0;
    l.only = only;
    l.obj_end = calloc(cf->symbol_count ? cf->symbol_count : 1, sizeof *l.obj_end);
    if (!l.obj_end)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    if (cf->is_cubin) {
        number_objects(&l);
        number_code(&l);
    }
    measure(&l);
    if (!only)
        header(&l);
    if (cf->is_cubin) {
        for (size_t i = 1; i < cf->elf_count; i++) {
            const tgx_sm5_elf_section *s = &cf->elf_sections[i];
            if (s->type == SHT_SYMTAB || s->type == SHT_STRTAB || s->type == SHT_REL)
                continue;
            if (only && only->elf_index != i)
                continue;
            section_banner(&l, s);
            if (s->flags & SHF_EXECINSTR) {
                functions_at(&l, (unsigned)i, 0, 1);
                putf(&l.out, "%s:\n", s->name);
                const tgx_sm5_code_section *c = code_of(&l, (unsigned)i);
                if (c)
                    code_lines(&l, c);
            } else if (s->type == SHT_CUDA_INFO) {
                info_section(&l, s);
            } else {
                data_section(&l, (unsigned)i, s);
            }
        }
        if (!only)
            symbols_part(&l);
    } else {
        for (size_t c = 0; c < cf->count; c++)
            if (is_listed(&l, &cf->sections[c]))
                code_lines(&l, &cf->sections[c]);
    }
    free(l.labels);
    free(l.ibts);
    free(l.obj_end);
    if (l.out.oom || l.failed) {
        free(l.out.p);
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    }
    out->text = l.out.p;
    out->len = l.out.len;
    out->rejected = l.errors;
    return TGX_OK;
}

void tgx_sm5_listing_free(tgx_sm5_listing *l)
{
    if (!l)
        return;
    free(l->text);
    l->text = NULL;
    l->len = 0;
}
