/* The instruction driver: check, gather the operands, resolve each thread's texture and sampler,
 * hand the groups of threads to the class's executor, write the results back.
 *
 * Order of one instruction (docs/sm5-emu.md, "Running an instruction"):
 *   1. legality (tgx_sm5_check_legal) and reserved values: refused before anything changes;
 *   2. the executing threads: active, guard predicate true, and not a helper when .NODEP is set;
 *   3. every parameter of Ra/Rb read for all 32 threads (inactive ones too: they are quad
 *      neighbours for derivatives);
 *   4. each executing thread's binding: the packed samplerPtr | headerPtr word from the texture
 *      bank at #tsPtrIdx, or the handle register of a .B form; threads naming the same pair run
 *      together through the texture unit;
 *   5. results written through the destination layout (decimated write masks, TEXS tables, F16
 *      packing), then the sparse predicate. Registers are written after every read, so Rd may
 *      overlap Ra/Rb.
 */
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"
#include "tgx/util.h"

static bool is_bindless(tgx_sm5_class c)
{
    return c == TGX_SM5_TEX_B || c == TGX_SM5_TLD_B || c == TGX_SM5_TLD4_B || c == TGX_SM5_TXD_B ||
           c == TGX_SM5_TXQ_B || c == TGX_SM5_TMML_B;
}

static uint32_t reg_read(const tgx_sm5_emu *emu, unsigned reg, unsigned t)
{
    return reg < TGX_SM5_EMU_REGS ? emu->reg[reg][t] : 0u;
}

/* The packed binding word of a non-bindless instruction (sm5-TEXS #tsPtrIdxU13: "word
 * address" in the bank that bundle state selects). */
static uint32_t bound_handle(const tgx_sm5_emu *emu, const tgx_sm5_insn *in)
{
    return tgx_sm5_emu_cbank(emu, emu->tex_bank, in->tex_index);
}

static void split_handle(const tgx_sm5_emu *emu, uint32_t handle, uint32_t *header,
                         uint32_t *sampler)
{
    *header = handle & 0xfffffu;
    *sampler = emu->via_header ? *header : handle >> 20;
}

/* ---- checking -------------------------------------------------------------------------------- */

/* What the checker's .F16 rule needs: the kind of the texture a non-bindless instruction names. */
static tgx_sm5_tex_kind tex_kind_of(void *user, const tgx_sm5_insn *in)
{
    const tgx_sm5_emu *emu = user;
    if (is_bindless(in->cls))
        return TGX_SM5_TEX_UNKNOWN;
    uint32_t header, sampler;
    split_handle(emu, bound_handle(emu, in), &header, &sampler);
    const tgx_sm5_emu_header *h = tgx_sm5_emu_header_at(emu, header);
    const tgx_tex_format_info *fi = h ? tgx_tex_format_get(h->view.format) : NULL;
    if (!fi)
        return TGX_SM5_TEX_UNKNOWN;
    return fi->is_integer ? TGX_SM5_TEX_INTEGER : TGX_SM5_TEX_FLOAT;
}

tgx_status tgx_sm5_emu_check(const tgx_sm5_emu *emu, const tgx_sm5_insn *in, tgx_diag *d)
{
    if (!emu || !in || (unsigned)in->cls >= TGX_SM5_CLASS_COUNT)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "nothing to check");
    tgx_diag_list list;
    tgx_diag_list_init(&list);
    tgx_sm5_legal_opts opts = {tex_kind_of, (void *)emu};
    tgx_status st = tgx_sm5_check_legal(in, emu->arch, &opts, NULL, 0, NULL, &list);
    if (st == TGX_ERR_INVALID) {
        for (size_t i = 0; i < list.count; i++) {
            if (list.items[i].severity == TGX_SEV_ERROR) {
                if (d)
                    *d = list.items[i];
                break;
            }
        }
    } else if (st == TGX_ERR_NOMEM) {
        tgx_diag_set(d, st, NULL, 0, 0, "out of memory while checking");
    }
    tgx_diag_list_free(&list);
    if (st < 0)
        return st;
    tgx_sm5_layout l;
    tgx_sm5_dest dst;
    st = tgx_sm5_operand_layout(in, &l, d);
    if (st == TGX_OK)
        st = tgx_sm5_dest_layout(in, &dst, d);
    return st;
}

/* ---- operands and masks --------------------------------------------------------------------- */

static uint32_t guard_mask(const tgx_sm5_emu *emu, const tgx_sm5_insn *in)
{
    uint32_t g = in->pred == TGX_SM5_PT ? 0xffffffffu
                                        : (in->pred < TGX_SM5_EMU_PREDS ? emu->pred[in->pred] : 0u);
    return in->pred_neg ? ~g : g;
}

static uint32_t exec_mask(const tgx_sm5_emu *emu, const tgx_sm5_insn *in)
{
    uint32_t m = emu->active & guard_mask(emu, in);
    if (in->flags & TGX_SM5_F_NODEP) /* sm5 pages: killed threads are disabled */
        m &= ~emu->helpers;
    return m;
}

/* Reads every parameter of the layout for all 32 threads (RZ, and registers past R254, read 0). */
static void gather_params(emu_ctx *c, const tgx_sm5_layout *l)
{
    const tgx_sm5_insn *in = c->in;
    for (unsigned i = 0; i < l->na; i++) {
        emu_col *col = &c->param[l->a[i]];
        c->has[l->a[i]] = true;
        for (unsigned t = 0; t < EMU_W; t++)
            col->u[t] = in->ra == TGX_SM5_RZ ? 0u : reg_read(c->emu, in->ra + i, t);
    }
    for (unsigned i = 0; i < l->nb; i++) {
        emu_col *col = &c->param[l->b[i]];
        c->has[l->b[i]] = true;
        for (unsigned t = 0; t < EMU_W; t++)
            col->u[t] = in->rb == TGX_SM5_RZ ? 0u : reg_read(c->emu, in->rb + i, t);
    }
}

/* ---- executing ------------------------------------------------------------------------------ */

typedef tgx_status (*executor)(emu_ctx *c, const emu_group *g);

static executor executor_for(tgx_sm5_class cls)
{
    switch (cls) {
    case TGX_SM5_TLD:
    case TGX_SM5_TLD_B:
    case TGX_SM5_TLDS: return emu_fetch;
    case TGX_SM5_TLD4:
    case TGX_SM5_TLD4_B:
    case TGX_SM5_TLD4S: return emu_gather;
    case TGX_SM5_TXQ:
    case TGX_SM5_TXQ_B: return emu_query;
    case TGX_SM5_TMML:
    case TGX_SM5_TMML_B: return emu_lod;
    case TGX_SM5_TXA: return emu_txa;
    default: return emu_sample; /* TEX, TEX.B, TEXS, TXD, TXD.B */
    }
}

/* What each result component of the instruction holds for a group reading header h: TXQ's
 * answers by query, TMML's fixed-point fields (sm5-TMML: R = S8.8, G = U8.8, then packed
 * fields, A signed), TXA's weighted floats, and the texels of every other class: raw integers
 * for SINT / UINT formats (tex.h), floats otherwise. */
static void result_kinds(const tgx_sm5_insn *in, const tgx_sm5_emu_header *h, uint8_t kind[4])
{
    const tgx_tex_format_info *f = tgx_tex_format_get(h->view.format);
    uint8_t texel = !f->is_integer ? TGX_SM5_EMU_FLOAT
                    : f->is_signed ? TGX_SM5_EMU_INT
                                   : TGX_SM5_EMU_UINT;
    switch (in->cls) {
    case TGX_SM5_TXQ:
    case TGX_SM5_TXQ_B: emu_query_kinds(in->query, h, kind); return;
    case TGX_SM5_TMML:
    case TGX_SM5_TMML_B:
        kind[0] = kind[3] = TGX_SM5_EMU_INT;
        kind[1] = kind[2] = TGX_SM5_EMU_UINT;
        return;
    case TGX_SM5_TXA: texel = TGX_SM5_EMU_FLOAT; break;
    default: break;
    }
    memset(kind, texel, 4);
}

/* The groups' kinds into the instruction's: a component the groups disagree on is RAW. */
static void merge_kinds(emu_ctx *c, const tgx_sm5_emu_header *h)
{
    uint8_t k[4];
    result_kinds(c->in, h, k);
    for (unsigned j = 0; j < 4; j++)
        c->kind[j] = !c->kind_set || c->kind[j] == k[j] ? k[j] : (uint8_t)TGX_SM5_EMU_RAW;
    c->kind_set = true;
}

/* Runs the executor once per distinct (header, sampler) pair among the executing threads. */
static tgx_status run_groups(emu_ctx *c)
{
    const tgx_sm5_emu *emu = c->emu;
    uint32_t handles[EMU_W];
    bool bindless = is_bindless(c->in->cls);
    uint32_t fixed = bindless ? 0u : bound_handle(emu, c->in);
    for (unsigned t = 0; t < EMU_W; t++)
        handles[t] = bindless ? c->param[TGX_SM5_P_HANDLE].u[t] : fixed;
    executor run = executor_for(c->in->cls);
    uint32_t todo = c->exec;
    while (todo) {
        unsigned first = (unsigned)__builtin_ctz(todo);
        uint32_t hdr, smp;
        split_handle(emu, handles[first], &hdr, &smp);
        emu_group g = {0, tgx_sm5_emu_header_at(emu, hdr), tgx_sm5_emu_sampler_at(emu, smp)};
        for (unsigned t = first; t < EMU_W; t++) {
            uint32_t h2, s2;
            split_handle(emu, handles[t], &h2, &s2);
            if ((todo >> t & 1u) && h2 == hdr && s2 == smp)
                g.mask |= 1u << t;
        }
        todo &= ~g.mask;
        emu_fill(c, g.mask, 0u); /* invalid textures and mismatches read zeros */
        if (!g.header)
            continue;
        merge_kinds(c, g.header);
        tgx_status st = run(c, &g);
        if (st < 0)
            return st;
    }
    return TGX_OK;
}

/* One register's new value in one thread, assembled from its slots, and what it holds. */
typedef struct pending {
    uint8_t reg;
    uint8_t kind;
    uint32_t value;
} pending;

static void write_thread(emu_ctx *c, const tgx_sm5_dest *dst, unsigned t)
{
    pending p[4];
    unsigned n = 0;
    for (unsigned k = 0; k < dst->n; k++) {
        const tgx_sm5_dest_slot *s = &dst->slot[k];
        if (s->reg >= TGX_SM5_EMU_REGS)
            continue; /* RZ: dropped */
        unsigned j = 0;
        while (j < n && p[j].reg != s->reg)
            j++;
        if (j == n)
            p[n++] = (pending){s->reg, 0u, 0u};
        uint32_t v = c->res[s->comp].u[t];
        if (s->half) /* sm5-TEXS .F16: packed halves, the unused half 0 */
            v = (uint32_t)tgx_float_to_half(tgx_bits2f(v)) << (s->half == 2 ? 16 : 0);
        p[j].value |= v;
        /* threads without a valid texture read zeros, whatever the groups hold */
        p[j].kind = s->half ? TGX_SM5_EMU_HALF2 : c->kind_set ? c->kind[s->comp] : TGX_SM5_EMU_RAW;
    }
    for (unsigned j = 0; j < n; j++) {
        c->emu->reg[p[j].reg][t] = p[j].value;
        c->emu->reg_kind[p[j].reg][t] = p[j].kind;
        c->emu->reg_written[p[j].reg / 32] |= 1u << (p[j].reg % 32);
    }
}

static void write_back(emu_ctx *c, const tgx_sm5_dest *dst)
{
    for (unsigned t = 0; t < EMU_W; t++)
        if (c->exec >> t & 1u)
            write_thread(c, dst, t);
    unsigned ps = c->in->sparse_pred;
    if (ps < TGX_SM5_EMU_PREDS && c->exec) {
        c->emu->pred[ps] = (c->emu->pred[ps] & ~c->exec) | (c->sparse & c->exec);
        c->emu->pred_written |= 1u << ps;
    }
}

tgx_status tgx_sm5_emu_exec(tgx_sm5_emu *emu, const tgx_sm5_insn *in, tgx_diag *d)
{
    tgx_status st = tgx_sm5_emu_check(emu, in, d);
    if (st < 0)
        return st;
    emu_ctx *c = calloc(1, sizeof *c);
    if (!c)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory for an instruction");
    tgx_sm5_layout l;
    tgx_sm5_dest dst;
    tgx_sm5_operand_layout(in, &l, NULL);
    tgx_sm5_dest_layout(in, &dst, NULL);
    c->emu = emu;
    c->in = in;
    c->d = d;
    c->exec = exec_mask(emu, in);
    gather_params(c, &l);
    st = run_groups(c);
    if (st == TGX_OK)
        write_back(c, &dst);
    free(c);
    return st;
}

/* ---- programs -------------------------------------------------------------------------------- */

tgx_status tgx_sm5_emu_run(tgx_sm5_emu *emu, const tgx_sm5_insn *insns, size_t count,
                           size_t *failed, tgx_diag *d)
{
    for (size_t i = 0; i < count; i++) {
        tgx_status st = tgx_sm5_emu_check(emu, &insns[i], d);
        if (st < 0) {
            if (failed)
                *failed = i;
            return st;
        }
    }
    for (size_t i = 0; i < count; i++) {
        tgx_status st = tgx_sm5_emu_exec(emu, &insns[i], d);
        if (st < 0) {
            if (failed)
                *failed = i;
            return st;
        }
    }
    return TGX_OK;
}

tgx_status tgx_sm5_emu_run_words(tgx_sm5_emu *emu, const uint64_t *words, size_t count,
                                 size_t *failed, tgx_diag *d)
{
    if (!emu || (count && !words))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "nothing to run");
    tgx_sm5_insn *insns = calloc(count ? count : 1, sizeof *insns);
    if (!insns)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory for %zu words", count);
    tgx_status st = TGX_OK;
    for (size_t i = 0; i < count && st == TGX_OK; i++) {
        st = tgx_sm5_decode(words[i], emu->arch, &insns[i], d);
        if (st < 0 && failed)
            *failed = i;
    }
    if (st == TGX_OK)
        st = tgx_sm5_emu_run(emu, insns, count, failed, d);
    free(insns);
    return st;
}

tgx_status tgx_sm5_emu_run_text(tgx_sm5_emu *emu, const char *text, tgx_diag *d)
{
    if (!emu || !text)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "nothing to run");
    tgx_sm5_program p;
    tgx_status st = tgx_sm5_assemble(text, strlen(text), NULL, emu->arch, &p, d);
    if (st < 0)
        return st;
    uint64_t *words = malloc((p.count ? p.count : 1) * sizeof *words);
    if (!words) {
        tgx_sm5_program_free(&p);
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    }
    for (size_t i = 0; i < p.count; i++)
        words[i] = p.insns[i].word;
    size_t failed = 0;
    st = tgx_sm5_emu_run_words(emu, words, p.count, &failed, d);
    if (st < 0 && d && failed < p.count) {
        d->line = p.insns[failed].line;
        d->column = 1;
    }
    free(words);
    tgx_sm5_program_free(&p);
    return st;
}
