/* Kernels of a cubin on a grid (tgx/sm5_emu.h, "kernels of a cubin"): what the cubin says about
 * the kernel (its code, parameters, constant banks, shared and local sizes, globals and their
 * relocations), the buffers, and the launch that runs every block's warps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"
#include "tgx/util.h"

#define SHT_NOBITS    8u
#define SHT_REL       9u
#define SHT_RELA      4u
#define SHT_CUDA_INFO 0x70000000u

#define EIATTR_PARAM_CBANK    0x0au
#define EIATTR_FRAME_SIZE     0x11u
#define EIATTR_KPARAM_INFO    0x17u
#define EIATTR_MAX_STACK_SIZE 0x23u
#define R_CUDA_ABS32_20       0x2au
#define R_CUDA_ABS32_LO_32    0x2bu
#define R_CUDA_ABS32_HI_32    0x2cu

#define PARAM_MAX      4096u
#define BUFFER_BASE    0x100000000ull /* above 4 GiB: addresses need both words */
#define BUFFER_GAP     0x10000ull
#define GLOBALS_BASE   0x80000000ull
#define DEFAULT_BUDGET 100000000ull

struct tgx_sm5_kernel {
    const tgx_sm5_code_file *cf;
    tgx_sm5_arch arch;
    const tgx_sm5_code_section *code;
    unsigned code_index;      /* its ELF section index */
    uint64_t *patched;        /* the code's words with relocations applied */
    tgx_sm5_code_section sec; /* sec.data points at patched_bytes */
    unsigned char *patched_bytes;
    unsigned param_base; /* offset of the parameters in c[0x0] */
    size_t param_size;
    tgx_sm5_kernel_param *params;
    size_t nparams;
    unsigned char param_bytes[PARAM_MAX];
    const unsigned char *bank_init[TGX_SM5_EMU_BANKS]; /* .nv.constantN(.<kernel>) */
    size_t bank_size[TGX_SM5_EMU_BANKS];
    size_t shared_size, local_size;
    emu_mem mem;
    uint64_t next_buffer;
};

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t rd16(const unsigned char *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static uint64_t rd64(const unsigned char *p)
{
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

tgx_sm5_arch tgx_sm5_kernel_arch(const tgx_sm5_kernel *k)
{
    return k->arch;
}

size_t tgx_sm5_kernel_param_count(const tgx_sm5_kernel *k)
{
    return k->nparams;
}

const tgx_sm5_kernel_param *tgx_sm5_kernel_param_at(const tgx_sm5_kernel *k, size_t ordinal)
{
    for (size_t i = 0; i < k->nparams; i++)
        if (k->params[i].ordinal == ordinal)
            return &k->params[i];
    return NULL;
}

void tgx_sm5_kernel_close(tgx_sm5_kernel *k)
{
    if (!k)
        return;
    for (size_t i = 0; i < k->mem.nglobal; i++)
        free(k->mem.global[i].data);
    free(k->mem.global);
    free(k->params);
    free(k->patched_bytes);
    free(k);
}

static tgx_status add_region(tgx_sm5_kernel *k, const char *name, uint64_t addr, size_t size,
                             const unsigned char *init, bool read_only, tgx_diag *d)
{
    emu_mem *m = &k->mem;
    if (m->nglobal == m->capglobal) {
        size_t cap = m->capglobal ? 2 * m->capglobal : 8;
        emu_region *r = realloc(m->global, cap * sizeof *r);
        if (!r)
            return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
        m->global = r;
        m->capglobal = cap;
    }
    emu_region *r = &m->global[m->nglobal];
    memset(r, 0, sizeof *r);
    r->data = calloc(size ? size : 1, 1);
    if (!r->data)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory for %zu bytes of %s", size,
                            name);
    if (init)
        memcpy(r->data, init, size);
    r->addr = addr;
    r->size = size;
    r->read_only = read_only;
    snprintf(r->name, sizeof r->name, "%s", name);
    m->nglobal++;
    return TGX_OK;
}

tgx_status tgx_sm5_kernel_add_buffer(tgx_sm5_kernel *k, const char *name, size_t size,
                                     uint64_t *addr, tgx_diag *d)
{
    if (!k || !addr || size > ((size_t)1 << 40))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "a buffer needs a size up to 1 TiB");
    uint64_t a = k->next_buffer;
    tgx_status st = add_region(k, name ? name : "a buffer", a, size, NULL, false, d);
    if (st < 0)
        return st;
    k->next_buffer = (a + size + BUFFER_GAP + 255) & ~255ull;
    *addr = a;
    return TGX_OK;
}

unsigned char *tgx_sm5_kernel_memory(tgx_sm5_kernel *k, uint64_t addr, size_t size)
{
    for (size_t i = 0; i < k->mem.nglobal; i++) {
        emu_region *r = &k->mem.global[i];
        if (addr >= r->addr && addr - r->addr <= r->size && size <= r->size - (addr - r->addr))
            return r->data + (addr - r->addr);
    }
    return NULL;
}

tgx_status tgx_sm5_kernel_set_param(tgx_sm5_kernel *k, unsigned ordinal, const void *bytes,
                                    size_t size, tgx_diag *d)
{
    const tgx_sm5_kernel_param *p = tgx_sm5_kernel_param_at(k, ordinal);
    if (!p)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "the kernel has no parameter %u (it has %zu)", ordinal, k->nparams);
    if (size != p->size)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "parameter %u has %u bytes, not %zu",
                            ordinal, p->size, size);
    memcpy(k->param_bytes + p->offset, bytes, size);
    return TGX_OK;
}

/* ---- reading the cubin ----------------------------------------------------------------------- */

static const char *sec_name(const tgx_sm5_code_file *cf, size_t i)
{
    return cf->elf_sections[i].name ? cf->elf_sections[i].name : "";
}

/* Walks the format-4 records of every .nv.info section that describe the kernel (sh_info its
 * code section) or all kernels (sh_info 0), for the attributes whose first word is a symbol
 * index naming sym (or that have none). */
static tgx_status read_info(tgx_sm5_kernel *k, size_t sym, tgx_diag *d)
{
    const tgx_sm5_code_file *cf = k->cf;
    for (size_t i = 1; i < cf->elf_count; i++) {
        const tgx_sm5_elf_section *s = &cf->elf_sections[i];
        if (s->type != SHT_CUDA_INFO || !s->data || (s->info && s->info != k->code_index))
            continue;
        size_t off = 0;
        while (off + 4 <= s->size) {
            unsigned fmt = s->data[off], attr = s->data[off + 1];
            size_t size = fmt == 4 ? rd16(s->data + off + 2) : 0;
            if (off + 4 + size > s->size)
                break;
            const unsigned char *p = s->data + off + 4;
            if (fmt == 4 && attr == EIATTR_PARAM_CBANK && size >= 8 && s->info) {
                k->param_base = rd16(p + 4);
                k->param_size = rd16(p + 6);
            } else if (fmt == 4 && attr == EIATTR_KPARAM_INFO && size >= 12 && s->info) {
                tgx_sm5_kernel_param *q = realloc(k->params, (k->nparams + 1) * sizeof *q);
                if (!q)
                    return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
                k->params = q;
                q[k->nparams++] =
                    (tgx_sm5_kernel_param){rd16(p + 4), rd16(p + 6), (rd32(p + 8) >> 18) & 0x3fffu};
            } else if (fmt == 4 && (attr == EIATTR_FRAME_SIZE || attr == EIATTR_MAX_STACK_SIZE) &&
                       size >= 8 && rd32(p) == sym) {
                k->local_size += rd32(p + 4);
            }
            off += 4 + size;
        }
    }
    if (k->param_size > PARAM_MAX || k->param_base + k->param_size > TGX_SM5_EMU_BANK_WORDS * 4u)
        return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                            "the kernel's %zu bytes of parameters at c[0x0][0x%x] do not fit",
                            k->param_size, k->param_base);
    for (size_t i = 0; i < k->nparams; i++)
        if (k->params[i].offset + (size_t)k->params[i].size > k->param_size)
            return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                                "parameter %u runs past the kernel's %zu bytes of parameters",
                                k->params[i].ordinal, k->param_size);
    k->local_size = (k->local_size + 15) & ~(size_t)15;
    return TGX_OK;
}

/* The constant banks, shared size and globals of the kernel's sections. */
static tgx_status read_sections(tgx_sm5_kernel *k, const char *name, tgx_diag *d)
{
    const tgx_sm5_code_file *cf = k->cf;
    uint64_t gaddr = GLOBALS_BASE;
    for (size_t i = 1; i < cf->elf_count; i++) {
        const tgx_sm5_elf_section *s = &cf->elf_sections[i];
        const char *n = sec_name(cf, i);
        unsigned bank;
        int used = 0;
        if (sscanf(n, ".nv.constant%u%n", &bank, &used) == 1 && bank < TGX_SM5_EMU_BANKS &&
            (n[used] == '\0' || (n[used] == '.' && strcmp(n + used + 1, name) == 0))) {
            if (s->data && s->size <= TGX_SM5_EMU_BANK_WORDS * 4u) {
                k->bank_init[bank] = s->data;
                k->bank_size[bank] = s->size;
            }
        } else if (strncmp(n, ".nv.shared.", 11) == 0 && strcmp(n + 11, name) == 0) {
            k->shared_size = s->size;
        } else if (!strcmp(n, ".nv.global") || !strcmp(n, ".nv.global.init")) {
            tgx_status st =
                add_region(k, n, gaddr, s->size, s->type == SHT_NOBITS ? NULL : s->data, false, d);
            if (st < 0)
                return st;
            gaddr = (gaddr + s->size + BUFFER_GAP + 255) & ~255ull;
        }
    }
    return TGX_OK;
}

/* The address of symbol sym when it is a global object (0 when not). */
static uint64_t symbol_addr(const tgx_sm5_kernel *k, size_t sym)
{
    const tgx_sm5_code_file *cf = k->cf;
    if (sym >= cf->symbol_count)
        return 0;
    const tgx_sm5_elf_symbol *y = &cf->symbols[sym];
    if (y->shndx == 0 || y->shndx >= cf->elf_count)
        return 0;
    const char *n = sec_name(cf, y->shndx);
    for (size_t i = 0; i < k->mem.nglobal; i++)
        if (strcmp(k->mem.global[i].name, n) == 0)
            return k->mem.global[i].addr + y->value;
    return 0;
}

/* MOV32I's relocated immediates get the globals' addresses. */
static tgx_status relocate(tgx_sm5_kernel *k, tgx_diag *d)
{
    const tgx_sm5_code_file *cf = k->cf;
    for (size_t i = 1; i < cf->elf_count; i++) {
        const tgx_sm5_elf_section *s = &cf->elf_sections[i];
        if ((s->type != SHT_REL && s->type != SHT_RELA) || s->info != k->code_index || !s->data)
            continue;
        size_t ent = s->type == SHT_RELA ? 24 : 16;
        for (size_t off = 0; off + ent <= s->size; off += ent) {
            uint64_t at = rd64(s->data + off), info = rd64(s->data + off + 8);
            unsigned type = (unsigned)(info & 0xffffffffu);
            uint64_t addr = symbol_addr(k, (size_t)(info >> 32));
            if (s->type == SHT_RELA)
                addr += rd64(s->data + off + 16);
            if (type != R_CUDA_ABS32_20 && type != R_CUDA_ABS32_LO_32 && type != R_CUDA_ABS32_HI_32)
                continue;
            if (at % 8 || at % 32 == 0 || at + 8 > k->sec.size)
                return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                                    "a relocation at 0x%llx is not at an instruction",
                                    (unsigned long long)at);
            uint64_t v = type == R_CUDA_ABS32_HI_32 ? addr >> 32 : addr & 0xffffffffu;
            unsigned char *p = k->patched_bytes + at;
            uint64_t w = rd64(p);
            w = (w & ~(0xffffffffull << 20)) | (v << 20);
            for (unsigned b = 0; b < 8; b++)
                p[b] = (unsigned char)(w >> (8 * b));
        }
    }
    return TGX_OK;
}

tgx_status tgx_sm5_kernel_open(const tgx_sm5_code_file *cf, const char *name, tgx_sm5_kernel **out,
                               tgx_diag *d)
{
    if (!cf || !name || !out)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "a kernel needs a cubin and a name");
    if (!cf->is_cubin)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "kernels come from cubins; this is a raw code file");
    tgx_sm5_arch arch;
    tgx_status st = tgx_sm5_arch_from_sm(cf->sm, &arch);
    if (st < 0)
        return tgx_diag_set(d, st, NULL, 0, 0, "the cubin is for sm_%u, not sm_50/52/53", cf->sm);
    const tgx_sm5_code_section *code = NULL;
    for (size_t i = 0; i < cf->count; i++)
        if (strncmp(cf->sections[i].name, ".text.", 6) == 0 &&
            strcmp(cf->sections[i].name + 6, name) == 0)
            code = &cf->sections[i];
    size_t sym = 0;
    for (size_t i = 1; i < cf->symbol_count; i++)
        if (cf->symbols[i].name && strcmp(cf->symbols[i].name, name) == 0 && code &&
            cf->symbols[i].shndx == code->elf_index)
            sym = i;
    if (!code || !sym) {
        char names[256] = "";
        for (size_t i = 0; i < cf->count; i++)
            if (strncmp(cf->sections[i].name, ".text.", 6) == 0 &&
                strlen(names) + strlen(cf->sections[i].name) + 3 < sizeof names)
                snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s",
                         names[0] ? ", " : "", cf->sections[i].name + 6);
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "the cubin has no kernel '%s' (it has %s)",
                            name, names[0] ? names : "none");
    }
    tgx_sm5_kernel *k = calloc(1, sizeof *k);
    if (!k)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    k->cf = cf;
    k->arch = arch;
    k->code = code;
    k->code_index = code->elf_index;
    k->sec = *code;
    k->next_buffer = BUFFER_BASE;
    k->param_base = 0x140;
    k->patched_bytes = malloc(code->size ? code->size : 1);
    if (!k->patched_bytes) {
        free(k);
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    }
    memcpy(k->patched_bytes, code->data, code->size);
    k->sec.data = k->patched_bytes;
    st = read_info(k, sym, d);
    if (st == TGX_OK)
        st = read_sections(k, name, d);
    if (st == TGX_OK)
        st = relocate(k, d);
    if (st < 0) {
        tgx_sm5_kernel_close(k);
        return st;
    }
    /* parameters in ordinal order */
    for (size_t i = 1; i < k->nparams; i++)
        for (size_t j = i; j > 0 && k->params[j - 1].ordinal > k->params[j].ordinal; j--) {
            tgx_sm5_kernel_param t = k->params[j];
            k->params[j] = k->params[j - 1];
            k->params[j - 1] = t;
        }
    *out = k;
    return TGX_OK;
}

/* ---- the launch ------------------------------------------------------------------------------ */

static tgx_status bank_words(tgx_sm5_emu *e, unsigned bank, tgx_diag *d)
{
    if (!e->bank[bank]) {
        e->bank[bank] = calloc(TGX_SM5_EMU_BANK_WORDS, sizeof(uint32_t));
        if (!e->bank[bank])
            return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    }
    return TGX_OK;
}

/* The banks every warp of the launch starts with. */
static tgx_status setup_banks(const tgx_sm5_kernel *k, const tgx_sm5_launch *l, tgx_sm5_emu *e,
                              tgx_diag *d)
{
    for (unsigned b = 0; b < TGX_SM5_EMU_BANKS; b++) {
        if (b != 0 && !k->bank_init[b])
            continue;
        tgx_status st = bank_words(e, b, d);
        if (st < 0)
            return st;
        memset(e->bank[b], 0, TGX_SM5_EMU_BANK_WORDS * sizeof(uint32_t));
        for (size_t i = 0; i + 4 <= k->bank_size[b]; i += 4)
            e->bank[b][i / 4] = rd32(k->bank_init[b] + i);
    }
    uint32_t *c0 = e->bank[0];
    for (unsigned a = 0; a < 3; a++) {
        c0[2 + a] = l->block[a];
        c0[5 + a] = l->grid[a];
    }
    c0[8] = (uint32_t)k->local_size; /* the stack pointer's start: the top of local memory */
    for (size_t i = 0; i + 4 <= k->param_size; i += 4)
        c0[(k->param_base + i) / 4] = rd32(k->param_bytes + i);
    return TGX_OK;
}

static tgx_status fail_where(tgx_diag *d, tgx_status st, const unsigned ctaid[3], unsigned warp)
{
    if (!d)
        return st;
    char msg[sizeof d->message + 64];
    snprintf(msg, sizeof msg, "block (%u,%u,%u) warp %u: %s", ctaid[0], ctaid[1], ctaid[2], warp,
             d->message);
    return tgx_diag_set_text(d, st, NULL, 0, 0, msg);
}

tgx_status tgx_sm5_kernel_launch(tgx_sm5_kernel *k, const tgx_sm5_launch *l,
                                 tgx_sm5_launch_stats *stats, tgx_diag *d)
{
    if (!k || !l)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "nothing to launch");
    uint64_t threads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
    uint64_t blocks = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
    if (threads == 0 || threads > 1024 || blocks == 0 || l->block[2] > 64 || l->grid[1] > 65535 ||
        l->grid[2] > 65535)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "a launch needs 1..1024 threads a block (z up to 64) and a grid of "
                            "at least one block (y, z up to 65535)");
    if (k->shared_size + l->dynamic_shared > 48 * 1024)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "%zu bytes of shared memory a block; sm_5x has 48 KiB",
                            k->shared_size + l->dynamic_shared);
    unsigned nwarps = (unsigned)((threads + 31) / 32);
    tgx_sm5_emu **w = calloc(nwarps, sizeof *w);
    bool *waiting = calloc(nwarps, sizeof *waiting);
    k->mem.shared_size = k->shared_size + l->dynamic_shared;
    k->mem.shared = calloc(k->mem.shared_size ? k->mem.shared_size : 1, 1);
    tgx_status st = w && waiting && k->mem.shared
                        ? TGX_OK
                        : tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    for (unsigned i = 0; i < nwarps && st == TGX_OK; i++) {
        st = tgx_sm5_emu_create(k->arch, &w[i], d);
        if (st == TGX_OK) {
            w[i]->mem = &k->mem;
            w[i]->quads = false;
            w[i]->local_size = k->local_size;
            w[i]->local = calloc(EMU_W * (k->local_size ? k->local_size : 1), 1);
            if (!w[i]->local)
                st = tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
        }
        if (st == TGX_OK)
            st = setup_banks(k, l, w[i], d);
    }
    uint64_t budget = l->budget ? l->budget : DEFAULT_BUDGET;
    tgx_sm5_launch_stats s = {0, 0, 0};
    unsigned ctaid[3] = {0, 0, 0};
    for (uint64_t b = 0; b < blocks && st == TGX_OK; b++) {
        ctaid[0] = (unsigned)(b % l->grid[0]);
        ctaid[1] = (unsigned)(b / l->grid[0] % l->grid[1]);
        ctaid[2] = (unsigned)(b / l->grid[0] / l->grid[1]);
        memset(k->mem.shared, 0, k->mem.shared_size);
        uint64_t left[1024 / 32];
        for (unsigned i = 0; i < nwarps; i++) {
            tgx_sm5_emu *e = w[i];
            memset(e->reg, 0, sizeof e->reg);
            memset(e->pred, 0, sizeof e->pred);
            e->cc_z = e->cc_s = e->cc_c = e->cc_o = 0;
            memset(e->local, 0, EMU_W * k->local_size);
            uint32_t mask = 0;
            for (unsigned t = 0; t < EMU_W; t++) {
                uint64_t id = (uint64_t)i * EMU_W + t;
                if (id < threads)
                    mask |= 1u << t;
                e->tid[0][t] = (uint32_t)(id % l->block[0]);
                e->tid[1][t] = (uint32_t)(id / l->block[0] % l->block[1]);
                e->tid[2][t] = (uint32_t)(id / l->block[0] / l->block[1]);
            }
            for (unsigned a = 0; a < 3; a++) {
                e->ctaid[a] = ctaid[a];
                e->ntid[a] = l->block[a];
                e->nctaid[a] = l->grid[a];
            }
            e->warp_id = i;
            e->executed = 0;
            emu_warp_start(e, 0, mask);
            waiting[i] = false;
            left[i] = budget;
        }
        /* the warps take turns; a barrier opens when every unfinished warp waits at it */
        for (;;) {
            bool any = false;
            for (unsigned i = 0; i < nwarps && st == TGX_OK; i++) {
                if (emu_warp_done(w[i]) || waiting[i])
                    continue;
                uint64_t before = left[i];
                st = emu_warp_run(w[i], &k->sec, &left[i], &waiting[i], d);
                s.instructions += before - left[i];
                if (st < 0)
                    st = fail_where(d, st, ctaid, i);
                any = true;
            }
            if (st < 0)
                break;
            bool all_done = true, all_wait = true;
            for (unsigned i = 0; i < nwarps; i++) {
                if (!emu_warp_done(w[i])) {
                    all_done = false;
                    if (!waiting[i])
                        all_wait = false;
                }
            }
            if (all_done)
                break;
            if (all_wait)
                for (unsigned i = 0; i < nwarps; i++)
                    waiting[i] = false;
            else if (!any)
                break;
        }
        s.blocks++;
        s.warps += nwarps;
    }
    for (unsigned i = 0; w && i < nwarps; i++)
        tgx_sm5_emu_destroy(w[i]);
    free(w);
    free(waiting);
    free(k->mem.shared);
    k->mem.shared = NULL;
    if (stats)
        *stats = s;
    return st;
}
