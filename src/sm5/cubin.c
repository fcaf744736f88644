/* Code files: raw Maxwell bundles and cubin (CUDA ELF64) .text sections.
 *
 * The bundle layout (a control word, then three instructions; slot k's 21-bit control field at
 * bits 21k..21k+20) is the one nvdisasm reads (docs/sm5.md, "The control field"). The ELF64
 * layout is the System V gABI's (ELF-64 Object File Format 1.5): a 64-byte file header, a table
 * of 64-byte section headers, a string table of section names. Every offset and size read from
 * the file is checked against the file's size before use, in arithmetic that cannot overflow,
 * so a truncated or hostile file yields a diagnostic, never a read outside the buffer.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/sm5.h"

/* ELF constants (System V gABI). */
#define ELF_HEADER_SIZE   64u
#define ELF_SHDR_SIZE     64u
#define ELF_CLASS64       2u
#define ELF_DATA2LSB      1u
#define ELF_SHT_SYMTAB    2u
#define ELF_SHT_NOBITS    8u
#define ELF_SYM_SIZE      24u
#define ELF_SHF_EXECINSTR 0x4u
#define ELF_SHN_UNDEF     0u
#define ELF_SHN_XINDEX    0xffffu
#define ELF_EM_CUDA       190u
/* The SM number of a cubin sits in the low byte of e_flags (EF_CUDA_SM in NVIDIA's
 * cuda/elf headers; nvdisasm prints it as EF_CUDA_SM52 & co.). */
#define ELF_EF_CUDA_SM_MASK 0xffu
/* A sane bound on sections: a cubin has a few per kernel; this keeps allocations small for a
 * hostile header that claims 2^32 of them. */
#define CODE_MAX_SECTIONS 65536u

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

/* True if [off, off+len) lies inside a buffer of size bytes (no overflow possible). */
static int in_file(uint64_t off, uint64_t len, size_t size)
{
    return off <= size && len <= size - off;
}

/* A diagnostic for malformed input at byte offset off of the file. */
static tgx_status fail(tgx_diag *d, const char *file, uint64_t off, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static tgx_status fail(tgx_diag *d, const char *file, uint64_t off, const char *fmt, ...)
{
    char msg[TGX_DIAG_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return tgx_diag_set(d, TGX_ERR_PARSE, file, 0, 0, "offset 0x%llx: %s", (unsigned long long)off,
                        msg);
}

uint32_t tgx_sm5_bundle_ctrl(uint64_t ctrl_word, unsigned slot)
{
    if (slot > 2)
        return 0;
    return (uint32_t)(ctrl_word >> (TGX_SM5_CTRL_BITS * slot)) & TGX_SM5_CTRL_MASK;
}

size_t tgx_sm5_program_bundles(const tgx_sm5_program *p, uint64_t *out, size_t cap)
{
    size_t bundles = (p->count + 2) / 3, need = bundles * 4, k = 0;
    for (size_t b = 0; b < bundles; b++) {
        uint64_t ctrl = b * 3 < p->count ? (uint64_t)(p->insns[b * 3].ctrl_top & 1u) << 63 : 0,
                 words[3];
        for (unsigned slot = 0; slot < 3; slot++) {
            size_t i = b * 3 + slot;
            uint32_t c = i < p->count ? p->insns[i].ctrl : TGX_SM5_CTRL_NEUTRAL;
            words[slot] = i < p->count ? p->insns[i].word : TGX_SM5_NOP_WORD;
            ctrl |= (uint64_t)(c & TGX_SM5_CTRL_MASK) << (TGX_SM5_CTRL_BITS * slot);
        }
        uint64_t bundle[4] = {ctrl, words[0], words[1], words[2]};
        for (unsigned j = 0; j < 4; j++, k++)
            if (k < cap)
                out[k] = bundle[j];
    }
    return need;
}

size_t tgx_sm5_code_section_insns(const tgx_sm5_code_section *s)
{
    return s->size / TGX_SM5_BUNDLE_BYTES * 3;
}

/* Instruction i's address (section-relative; the control words take addresses too) and the offset
 * of its bundle. */
static uint64_t bundle_of(size_t i)
{
    return (uint64_t)(i / 3) * TGX_SM5_BUNDLE_BYTES;
}

static uint64_t insn_addr(size_t i)
{
    return bundle_of(i) + 8u + 8u * (i % 3);
}

/* The control field of instruction i of a section (i below its instruction count). */
static uint32_t insn_ctrl(const tgx_sm5_code_section *s, size_t i)
{
    return tgx_sm5_bundle_ctrl(rd64(s->data + bundle_of(i)), (unsigned)(i % 3));
}

tgx_sm5_code_insn tgx_sm5_code_section_insn(const tgx_sm5_code_section *s, size_t i)
{
    tgx_sm5_code_insn in = {0, 0, 0, TGX_SM5_PAIR_NONE};
    if (i >= tgx_sm5_code_section_insns(s))
        return in;
    in.addr = insn_addr(i);
    in.word = rd64(s->data + in.addr);
    in.ctrl = insn_ctrl(s, i);
    /* A section that passed check_pairs has no chains, so one look back settles the pair. */
    if (TGX_SM5_CTRL_DUAL(in.ctrl))
        in.pair = TGX_SM5_PAIR_FIRST;
    else if (i > 0 && TGX_SM5_CTRL_DUAL(insn_ctrl(s, i - 1)))
        in.pair = TGX_SM5_PAIR_SECOND;
    return in;
}

uint64_t tgx_sm5_code_section_ctrl_word(const tgx_sm5_code_section *s, size_t b)
{
    return (uint64_t)b * TGX_SM5_BUNDLE_BYTES < s->size ? rd64(s->data + b * TGX_SM5_BUNDLE_BYTES)
                                                        : 0;
}

/* Every dual-issue request must have a partner that is not itself asking for one. nvdisasm 11.8
 * rejects a request on a section's last instruction ("Unaligned instruction found") and a chain
 * that crosses a bundle; a chain inside a bundle it lists with the third word's text missing,
 * which is no listing at all, so tgx rejects every chain (tests/data/cubin/README.md). */
static tgx_status check_pairs(const tgx_sm5_code_section *s, const char *file, tgx_diag *d)
{
    size_t n = tgx_sm5_code_section_insns(s);
    for (size_t i = 0; i < n; i++) {
        if (!TGX_SM5_CTRL_DUAL(insn_ctrl(s, i)))
            continue;
        if (i + 1 == n)
            return fail(d, file, s->file_offset + bundle_of(i),
                        "the instruction at 0x%04llx asks for dual issue (control field 0x%06x: "
                        "stall 0, yield) but ends the code; nvdisasm: Unaligned instruction found",
                        (unsigned long long)insn_addr(i), insn_ctrl(s, i));
        if (TGX_SM5_CTRL_DUAL(insn_ctrl(s, i + 1)))
            return fail(d, file, s->file_offset + bundle_of(i + 1),
                        "the instruction at 0x%04llx, second of the dual-issue pair that 0x%04llx "
                        "opens, asks for dual issue again (control field 0x%06x); a pair has two "
                        "instructions",
                        (unsigned long long)insn_addr(i + 1), (unsigned long long)insn_addr(i),
                        insn_ctrl(s, i + 1));
        i++; /* the partner */
    }
    return TGX_OK;
}

void tgx_sm5_code_file_free(tgx_sm5_code_file *f)
{
    if (!f)
        return;
    free(f->sections);
    free(f->elf_sections);
    free(f->symbols);
    f->sections = NULL;
    f->elf_sections = NULL;
    f->symbols = NULL;
    f->count = f->elf_count = f->symbol_count = 0;
}

static tgx_status read_raw(const unsigned char *data, size_t size, const char *file,
                           tgx_sm5_code_file *out, tgx_diag *d)
{
    if (size % TGX_SM5_BUNDLE_BYTES != 0)
        return fail(d, file, size - size % TGX_SM5_BUNDLE_BYTES,
                    "incomplete bundle: the file has %zu bytes, not a multiple of %u (a control "
                    "word and three instructions), and it is not an ELF file (a cubin starts "
                    "with 0x7f 'ELF')",
                    size, TGX_SM5_BUNDLE_BYTES);
    out->sections = calloc(1, sizeof *out->sections);
    if (!out->sections)
        return tgx_diag_set(d, TGX_ERR_NOMEM, file, 0, 0, "out of memory");
    out->sections[0].data = data;
    out->sections[0].size = size;
    out->count = 1;
    return check_pairs(&out->sections[0], file, d);
}

/* The fields of the ELF64 file header this reader uses. */
typedef struct elf_header {
    uint64_t shoff;
    uint32_t flags;
    uint64_t shnum;
    uint32_t shstrndx;
} elf_header;

typedef struct elf_shdr {
    uint32_t name, type;
    uint64_t flags, offset, size;
    uint32_t link, info;
    uint64_t align, entsize;
} elf_shdr;

static elf_shdr shdr_at(const unsigned char *p)
{
    elf_shdr s;
    s.name = rd32(p);
    s.type = rd32(p + 4);
    s.flags = rd64(p + 8);
    s.offset = rd64(p + 24);
    s.size = rd64(p + 32);
    s.link = rd32(p + 40);
    s.info = rd32(p + 44);
    s.align = rd64(p + 48);
    s.entsize = rd64(p + 56);
    return s;
}

static tgx_status read_elf_header(const unsigned char *data, size_t size, const char *file,
                                  elf_header *h, tgx_diag *d)
{
    if (size < ELF_HEADER_SIZE)
        return fail(d, file, 0, "ELF file header truncated: %zu of %u bytes", size,
                    ELF_HEADER_SIZE);
    if (data[4] != ELF_CLASS64)
        return fail(d, file, 4, "ELF class %u is not ELFCLASS64 (%u); cubins are ELF64", data[4],
                    ELF_CLASS64);
    if (data[5] != ELF_DATA2LSB)
        return fail(d, file, 5, "ELF data encoding %u is not little-endian (%u)", data[5],
                    ELF_DATA2LSB);
    if (rd16(data + 18) != ELF_EM_CUDA)
        return fail(d, file, 18, "ELF machine %u is not EM_CUDA (%u)", rd16(data + 18),
                    ELF_EM_CUDA);
    h->shoff = rd64(data + 40);
    h->flags = rd32(data + 48);
    if (rd16(data + 58) != ELF_SHDR_SIZE)
        return fail(d, file, 58, "section header size %u, expected %u", rd16(data + 58),
                    ELF_SHDR_SIZE);
    h->shnum = rd16(data + 60);
    h->shstrndx = rd16(data + 62);
    if (h->shoff == 0)
        return h->shnum == 0 ? TGX_OK
                             : fail(d, file, 40, "%llu section headers but no section header table",
                                    (unsigned long long)h->shnum);
    if (!in_file(h->shoff, ELF_SHDR_SIZE, size))
        return fail(d, file, 40, "section header table at 0x%llx lies outside the file (%zu bytes)",
                    (unsigned long long)h->shoff, size);
    /* Extended numbering (gABI): the real counts live in section header 0. */
    elf_shdr s0 = shdr_at(data + h->shoff);
    if (h->shnum == 0)
        h->shnum = s0.size;
    if (h->shstrndx == ELF_SHN_XINDEX)
        h->shstrndx = s0.link;
    if (h->shnum > CODE_MAX_SECTIONS)
        return fail(d, file, 60, "%llu section headers, more than the %u this reader accepts",
                    (unsigned long long)h->shnum, CODE_MAX_SECTIONS);
    if (!in_file(h->shoff, h->shnum * ELF_SHDR_SIZE, size))
        return fail(d, file, h->shoff,
                    "section header table (%llu entries) runs past the end of the file (%zu "
                    "bytes)",
                    (unsigned long long)h->shnum, size);
    if (h->shstrndx == ELF_SHN_UNDEF || h->shstrndx >= h->shnum)
        return fail(d, file, 62, "section name table index %u is not a section (of %llu)",
                    h->shstrndx, (unsigned long long)h->shnum);
    return TGX_OK;
}

/* The section's name, checked to lie NUL-terminated inside the name table. */
static tgx_status section_name(const unsigned char *data, const elf_shdr *strtab, const elf_shdr *s,
                               uint64_t hdr_off, const char *file, const char **name, tgx_diag *d)
{
    if (s->name >= strtab->size)
        return fail(d, file, hdr_off,
                    "section name offset %u is outside the name table (%llu bytes)", s->name,
                    (unsigned long long)strtab->size);
    const char *p = (const char *)data + strtab->offset + s->name;
    if (!memchr(p, 0, (size_t)(strtab->size - s->name)))
        return fail(d, file, strtab->offset + s->name,
                    "section name at name-table offset %u is not NUL-terminated (table %llu "
                    "bytes)",
                    s->name, (unsigned long long)strtab->size);
    *name = p;
    return TGX_OK;
}

static int is_code_section(const char *name, const elf_shdr *s)
{
    return (s->flags & ELF_SHF_EXECINSTR) && s->type != ELF_SHT_NOBITS &&
           (strcmp(name, ".text") == 0 || strncmp(name, ".text.", 6) == 0);
}

static tgx_status add_section(const unsigned char *data, size_t size, const char *file,
                              const char *name, const elf_shdr *s, uint64_t hdr_off, unsigned index,
                              tgx_sm5_code_file *out, tgx_diag *d)
{
    if (!in_file(s->offset, s->size, size))
        return fail(d, file, hdr_off, "section's bytes [0x%llx, +0x%llx) lie outside the file",
                    (unsigned long long)s->offset, (unsigned long long)s->size);
    if (s->size % TGX_SM5_BUNDLE_BYTES != 0)
        return fail(d, file, s->offset,
                    "code section size %llu is not a multiple of %u (Maxwell bundles)",
                    (unsigned long long)s->size, TGX_SM5_BUNDLE_BYTES);
    /* a kernel's name is printed (tgx dis's listing, tgx emu's --section list): printable
     * ASCII, as nvcc's mangled names are, so a damaged or hostile file cannot put a terminal's
     * escape sequence on the screen */
    for (const char *q = name; *q; q++)
        if ((unsigned char)*q <= ' ' || (unsigned char)*q >= 0x7f)
            return fail(d, file, hdr_off,
                        "code section name holds byte 0x%02x at its position %zu (section names "
                        "are printable ASCII)",
                        (unsigned char)*q, (size_t)(q - name) + 1);
    tgx_sm5_code_section *c = &out->sections[out->count++];
    size_t n = strlen(name);
    if (n >= sizeof c->name)
        n = sizeof c->name - 1;
    memcpy(c->name, name, n);
    c->name[n] = '\0';
    c->file_offset = s->offset;
    c->data = data + s->offset;
    c->size = (size_t)s->size;
    c->elf_index = index;
    return check_pairs(c, file, d);
}

/* A name at offset off of the string table section tab: NUL-terminated inside it. */
static tgx_status string_at(const unsigned char *data, size_t size, const elf_shdr *tab,
                            uint64_t off, const char *file, uint64_t where, const char **name,
                            tgx_diag *d)
{
    if (tab->type == ELF_SHT_NOBITS || !in_file(tab->offset, tab->size, size) || off >= tab->size)
        return fail(d, file, where, "name offset %llu lies outside its string table",
                    (unsigned long long)off);
    const char *p = (const char *)data + tab->offset + off;
    if (!memchr(p, 0, (size_t)(tab->size - off)))
        return fail(d, file, tab->offset + off, "name is not NUL-terminated in its string table");
    *name = p;
    return TGX_OK;
}

/* The symbol table (the first SHT_SYMTAB section): 24-byte entries, names in its linked table. */
static tgx_status read_symbols(const unsigned char *data, size_t size, const char *file,
                               const elf_header *h, tgx_sm5_code_file *out, tgx_diag *d)
{
    for (size_t i = 1; i < out->elf_count; i++) {
        const tgx_sm5_elf_section *s = &out->elf_sections[i];
        if (s->type != ELF_SHT_SYMTAB)
            continue;
        if (s->link == 0 || s->link >= out->elf_count || s->size % ELF_SYM_SIZE != 0)
            return fail(d, file, h->shoff + i * ELF_SHDR_SIZE,
                        "symbol table: name table %u or size %llu is not valid", s->link,
                        (unsigned long long)s->size);
        elf_shdr tab = shdr_at(data + h->shoff + (uint64_t)s->link * ELF_SHDR_SIZE);
        size_t n = (size_t)(s->size / ELF_SYM_SIZE);
        out->symbols = calloc(n ? n : 1, sizeof *out->symbols);
        if (!out->symbols)
            return tgx_diag_set(d, TGX_ERR_NOMEM, file, 0, 0, "out of memory");
        for (size_t k = 0; k < n; k++) {
            const unsigned char *e = s->data + k * ELF_SYM_SIZE;
            tgx_sm5_elf_symbol *y = &out->symbols[k];
            tgx_status st =
                string_at(data, size, &tab, rd32(e), file, s->offset + k * 24, &y->name, d);
            if (st < 0)
                return st;
            y->info = e[4];
            y->other = e[5];
            y->shndx = rd16(e + 6);
            y->value = rd64(e + 8);
            y->size = rd64(e + 16);
        }
        out->symbol_count = n;
        return TGX_OK;
    }
    return TGX_OK;
}

static tgx_status read_elf(const unsigned char *data, size_t size, const char *file,
                           tgx_sm5_code_file *out, tgx_diag *d)
{
    elf_header h = {0, 0, 0, 0};
    tgx_status st = read_elf_header(data, size, file, &h, d);
    if (st < 0)
        return st;
    out->is_cubin = 1;
    out->sm = h.flags & ELF_EF_CUDA_SM_MASK;
    out->elf_flags = h.flags;
    out->elf_type = rd16(data + 16);
    if (h.shnum == 0)
        return TGX_OK;
    uint64_t str_off = h.shoff + (uint64_t)h.shstrndx * ELF_SHDR_SIZE;
    elf_shdr strtab = shdr_at(data + str_off);
    if (strtab.type == ELF_SHT_NOBITS || !in_file(strtab.offset, strtab.size, size))
        return fail(d, file, str_off, "section name table [0x%llx, +0x%llx) lies outside the file",
                    (unsigned long long)strtab.offset, (unsigned long long)strtab.size);
    out->sections = calloc((size_t)h.shnum, sizeof *out->sections);
    out->elf_sections = calloc((size_t)h.shnum, sizeof *out->elf_sections);
    if (!out->sections || !out->elf_sections)
        return tgx_diag_set(d, TGX_ERR_NOMEM, file, 0, 0, "out of memory");
    out->elf_count = (size_t)h.shnum;
    out->elf_sections[0].name = "";
    for (uint64_t i = 1; i < h.shnum; i++) {
        uint64_t off = h.shoff + i * ELF_SHDR_SIZE;
        elf_shdr s = shdr_at(data + off);
        const char *name = NULL;
        st = section_name(data, &strtab, &s, off, file, &name, d);
        if (st >= 0 && s.type != ELF_SHT_NOBITS && !in_file(s.offset, s.size, size))
            st = fail(d, file, off, "section's bytes [0x%llx, +0x%llx) lie outside the file",
                      (unsigned long long)s.offset, (unsigned long long)s.size);
        if (st >= 0 && is_code_section(name, &s))
            st = add_section(data, size, file, name, &s, off, (unsigned)i, out, d);
        if (st < 0)
            return st;
        out->elf_sections[i] =
            (tgx_sm5_elf_section){name,      s.type,
                                  s.link,    s.info,
                                  s.flags,   s.align,
                                  s.entsize, s.offset,
                                  s.size,    s.type == ELF_SHT_NOBITS ? NULL : data + s.offset};
    }
    return read_symbols(data, size, file, &h, out, d);
}

int tgx_sm5_is_cubin(const void *data, size_t size)
{
    static const unsigned char magic[4] = {0x7f, 'E', 'L', 'F'}; /* ELF's e_ident[EI_MAG0..3] */
    return data && size >= sizeof magic && memcmp(data, magic, sizeof magic) == 0;
}

tgx_status tgx_sm5_code_file_read(const unsigned char *data, size_t size, const char *file,
                                  tgx_sm5_code_file *out, tgx_diag *d)
{
    if (!out || (!data && size))
        return tgx_diag_set(d, TGX_ERR_ARG, file, 0, 0, "no code file given");
    memset(out, 0, sizeof *out);
    tgx_status st = tgx_sm5_is_cubin(data, size) ? read_elf(data, size, file, out, d)
                                                 : read_raw(data, size, file, out, d);
    if (st < 0)
        tgx_sm5_code_file_free(out);
    return st;
}
