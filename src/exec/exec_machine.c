/* exec_machine.c — machines: register store, bindings, operand fetch and store, masks, runs. */
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "exec/exec_internal.h"

/* ---- operands ------------------------------------------------------------------------------- */

static bool lane_file(unsigned f)
{
    return f == XF_TEMP || f == XF_IN || f == XF_OUT || f == XF_IMM || f == XF_ADDR || f == XF_SV;
}

static void apply_mod(xword *restrict dst, const xword *src, unsigned n, unsigned mod)
{
    switch (mod) {
    case XM_FABS:
        for (unsigned i = 0; i < n; i++)
            dst[i].u = src[i].u & 0x7fffffffu;
        break;
    case XM_FNEG:
        for (unsigned i = 0; i < n; i++)
            dst[i].u = src[i].u ^ 0x80000000u;
        break;
    case XM_FABSNEG:
        for (unsigned i = 0; i < n; i++)
            dst[i].u = src[i].u | 0x80000000u;
        break;
    case XM_INEG:
        for (unsigned i = 0; i < n; i++)
            dst[i].u = 0u - src[i].u;
        break;
    case XM_IABS:
        for (unsigned i = 0; i < n; i++)
            dst[i].u = (src[i].u & 0x80000000u) ? 0u - src[i].u : src[i].u;
        break;
    case XM_IABSNEG:
        for (unsigned i = 0; i < n; i++)
            dst[i].u = (src[i].u & 0x80000000u) ? src[i].u : 0u - src[i].u;
        break;
    default: break;
    }
}

/* Per-lane register index of an indirect operand: index + the address component. */
static inline int64_t lane_index(const xmach *m, const xreg *r, unsigned i)
{
    return (int64_t)r->index + m->store[(size_t)r->ind_slot * m->W + i].i;
}

static const xword *fetch_const(xmach *m, const xreg *r, unsigned c, xword *scr)
{
    unsigned n = m->n;
    unsigned comp = r->swz[c];
    if (!r->indirect && !r->dim_indirect) {
        uint32_t v = 0;
        unsigned b = (unsigned)r->dim;
        uint64_t w = (uint64_t)r->index * 4 + comp;
        if (b < XUNITS && m->cbuf[b] && w < m->cbuf_words[b])
            v = m->cbuf[b][w];
        for (unsigned i = 0; i < n; i++)
            scr[i].u = v;
        return scr;
    }
    for (unsigned i = 0; i < n; i++) {
        int64_t b = r->dim;
        if (r->dim_indirect)
            b += m->store[(size_t)r->dim_ind_slot * m->W + i].i;
        int64_t idx = r->indirect ? lane_index(m, r, i) : r->index;
        uint32_t v = 0;
        /* out-of-range indirect reads give 0 (docs/exec.md) */
        if (b >= 0 && b < XUNITS && m->cbuf[b] && idx >= 0 &&
            (uint64_t)idx * 4 + comp < m->cbuf_words[b])
            v = m->cbuf[b][(uint64_t)idx * 4 + comp];
        scr[i].u = v;
    }
    return scr;
}

/* IN[vertex][attr] of a geometry shader with an indirect vertex or attribute index: each index
 * is checked against its own range, so a bad one reads 0 instead of another vertex's value. */
static const xword *fetch_geometry_input(xmach *m, const xreg *r, unsigned c, xword *scr)
{
    for (unsigned i = 0; i < m->n; i++) {
        int64_t v = r->dim, a = r->indirect ? lane_index(m, r, i) : r->index;
        if (r->dim_indirect)
            v += m->store[(size_t)r->dim_ind_slot * m->W + i].i;
        if (v < 0 || v >= (int64_t)r->dim_count || a < 0 || a >= (int64_t)r->dim_stride) {
            scr[i].u = 0;
            continue;
        }
        size_t reg = (size_t)v * r->dim_stride + (size_t)a;
        scr[i] = m->store[((size_t)r->base + reg * 4 + r->swz[c]) * m->W + i];
    }
    return scr;
}

const xword *x_fetch_typed(xmach *m, const xreg *r, unsigned c, xword *scr)
{
    unsigned n = m->n;
    const xword *v;
    if (r->dim_stride && (r->indirect || r->dim_indirect)) {
        v = fetch_geometry_input(m, r, c, scr);
    } else if (lane_file(r->file)) {
        if (!r->indirect) {
            v = xslot(m, r->slot[c]);
        } else {
            for (unsigned i = 0; i < n; i++) {
                int64_t idx = lane_index(m, r, i);
                if (idx < 0 || idx >= (int64_t)r->count)
                    scr[i].u = 0; /* out of the file: 0 (docs/exec.md) */
                else
                    scr[i] = m->store[((size_t)r->base + (size_t)idx * 4 + r->swz[c]) * m->W + i];
            }
            v = scr;
        }
    } else if (r->file == XF_CONST) {
        v = fetch_const(m, r, c, scr);
    } else {
        memset(scr, 0, sizeof(xword) * n);
        v = scr;
    }
    if (r->mod != XM_NONE) {
        apply_mod(scr, v, n, r->mod);
        v = scr;
    }
    return v;
}

/* Unit named by resource operand r in lane i: base index plus, if indirect, the address
 * component read as a signed integer. */
static int64_t lane_unit(const xmach *m, const xreg *r, unsigned i)
{
    int64_t u = r->index;
    if (r->indirect)
        u += m->store[(size_t)r->ind_slot * m->W + i].i;
    return u;
}

bool x_group_units(const xmach *m, const xreg *a, const xreg *b, unsigned q0, int64_t u[2])
{
    for (unsigned i = q0; i < q0 + 4 && i < m->n; i++)
        if (m->exec[i]) {
            u[0] = lane_unit(m, a, i), u[1] = lane_unit(m, b, i);
            if (u[0] < 0 || u[0] >= XUNITS || u[1] < 0 || u[1] >= XUNITS)
                u[0] = u[1] = -1;
            return true;
        }
    return false;
}

bool x_units_next(xmach *m, const xreg *a, const xreg *b, xunits_walk *w, int64_t u[2])
{
    unsigned n = m->n;
    for (; w->q0 < n; w->q0 += 4) {
        if (((w->done[w->q0 / 128] >> (w->q0 / 4 % 32)) & 1u) || !x_group_units(m, a, b, w->q0, u))
            continue;
        memset(m->unit_lanes, 0, sizeof(uint32_t) * n);
        for (unsigned q1 = w->q0; q1 < n; q1 += 4) {
            int64_t v[2];
            if (!x_group_units(m, a, b, q1, v) || v[0] != u[0] || v[1] != u[1])
                continue;
            w->done[q1 / 128] |= 1u << (q1 / 4 % 32);
            for (unsigned i = q1; i < q1 + 4 && i < n; i++)
                m->unit_lanes[i] = m->exec[i];
        }
        w->q0 += 4;
        return true;
    }
    return false;
}

const xword *x_flush_denorms(xword *dst, const xword *src, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        dst[i].u = (src[i].u & 0x7f800000u) ? src[i].u : src[i].u & 0x80000000u;
    return dst;
}

void x_flush_denorms64(xword *dlo, xword *dhi, const xword *lo, const xword *hi, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        int denormal = !(hi[i].u & 0x7ff00000u);
        dlo[i].u = denormal ? 0u : lo[i].u;
        dhi[i].u = denormal ? hi[i].u & 0x80000000u : hi[i].u;
    }
}

void x_store_raw(xmach *m, const xinst *in, unsigned d, unsigned chan, const xword *val)
{
    const xreg *r = &in->dst[d];
    unsigned n = m->n;
    if (!lane_file(r->file))
        return;
    const uint32_t *e = m->exec;
    if (!r->indirect) {
        xword *dst = xslot(m, r->slot[chan]);
        if (dst == val)
            return;
        if (m->all)
            memcpy(dst, val, sizeof(xword) * n);
        else
            x_blend(dst, val, e, n);
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        int64_t idx = lane_index(m, r, i);
        if (!e[i] || idx < 0 || idx >= (int64_t)r->count)
            continue; /* out of the file: not written */
        m->store[((size_t)r->base + (size_t)idx * 4 + chan) * m->W + i] = val[i];
    }
}

XVEC void x_blend(xword *restrict dst, const xword *restrict val, const uint32_t *restrict e,
                  unsigned n)
{
    /* as uint32_t words: GCC 12 does not vectorise the read-modify-write of a union member */
    uint32_t *d = &dst->u;
    const uint32_t *v = &val->u;
    for (unsigned i = 0; i < n; i++)
        d[i] = (v[i] & e[i]) | (d[i] & ~e[i]);
}

/* tgsi_exec store_dest clamps with fminf(fmaxf(x, 0), 1): a quiet NaN gives 0, and with glibc
 * a signalling NaN gives 1 (fmaxf quiets it, fminf(NaN, 1) is 1). Groups of four lanes without
 * a NaN take the compare-and-select that vectorises, the library's result for numbers
 * (maxss/minss: x > 0 ? x : 0, so -0 gives +0); a group with a NaN calls the library
 * (tests/exec/test_minmax_bits.c). */
XVEC void x_saturate(xword *v, unsigned n)
{
    for (unsigned q = 0; q < n; q += 4) {
        float t[4];
        uint32_t nan = 0;
        for (unsigned j = 0; j < 4; j++) {
            float x = v[q + j].f, lo = x > 0.0f ? x : 0.0f;
            t[j] = lo < 1.0f ? lo : 1.0f;
            nan |= x != x;
        }
        if (nan)
            for (unsigned j = 0; j < 4; j++)
                t[j] = fminf(fmaxf(v[q + j].f, 0.0f), 1.0f);
        for (unsigned j = 0; j < 4; j++)
            v[q + j].f = t[j];
    }
}

void x_store(xmach *m, const xinst *in, unsigned d, unsigned chan, xword *val)
{
    x_finish_result(m, in, val);
    x_store_raw(m, in, d, chan, val);
}

/* ---- masks ---------------------------------------------------------------------------------- */

/* exec = cond & loop & cont & sw & func. When the five are known to be all ones (m->full) exec
 * is too, and it already holds all ones when m->all says so. */
XVEC void x_update_exec(xmach *m)
{
    unsigned n = m->n;
    if (m->full == XFULL_ALL) {
        if (!m->all)
            memset(m->exec, 0xff, sizeof(uint32_t) * n);
        m->all = true;
        return;
    }
    uint32_t acc = 0xffffffffu;
    for (unsigned i = 0; i < n; i++) {
        uint32_t e = m->cond[i] & m->loop[i] & m->cont[i] & m->sw[i] & m->func[i];
        m->exec[i] = e;
        acc &= e;
    }
    m->all = acc != 0;
}

XVEC bool x_any(const xmach *m, const uint32_t *mask)
{
    uint32_t acc = 0;
    const unsigned n = m->n;
    for (unsigned i = 0; i < n; i++)
        acc |= mask[i];
    return acc != 0;
}

XVEC bool x_all_ones(const uint32_t *mask, unsigned n)
{
    uint32_t acc = 0xffffffffu;
    for (unsigned i = 0; i < n; i++)
        acc &= mask[i];
    return acc != 0;
}

void *x_alloc_lines(size_t count, size_t size)
{
    if (size && count > (SIZE_MAX - 63) / size)
        return NULL;
    size_t bytes = (count * size + 63) & ~(size_t)63;
    void *p = aligned_alloc(64, bytes ? bytes : 64);
    if (p)
        memset(p, 0, bytes ? bytes : 64);
    return p;
}

/* The stack's arrays twice as large (8 entries at first), on lines of their own. */
static bool stack_grow(xmach *m, xmask_stack *st)
{
    unsigned cap = st->cap ? st->cap * 2 : 8;
    uint32_t *data = x_alloc_lines((size_t)cap * m->W, sizeof(uint32_t));
    uint8_t *f = x_alloc_lines(cap, 1);
    if (!data || !f) {
        free(data);
        free(f);
        m->err = TGX_ERR_NOMEM;
        tgx_diag_set(m->diag, TGX_ERR_NOMEM, m->p->name, 0, 0,
                     "out of memory for the execution-mask stack");
        return false;
    }
    if (st->cap) {
        memcpy(data, st->data, sizeof(uint32_t) * (size_t)st->cap * m->W);
        memcpy(f, st->full, st->cap);
    }
    free(st->data);
    free(st->full);
    st->data = data;
    st->full = f;
    st->cap = cap;
    return true;
}

uint32_t *x_mask_push(xmach *m, xmask_stack *st, const uint32_t *mask, bool full)
{
    if (st->top == st->cap && !stack_grow(m, st))
        return NULL;
    uint32_t *slot = st->data + (size_t)st->top * m->W;
    memcpy(slot, mask, sizeof(uint32_t) * m->n);
    st->full[st->top] = full;
    st->top++;
    return slot;
}

bool x_mask_pop(xmach *m, xmask_stack *st, uint32_t *mask)
{
    if (!st->top)
        return false;
    st->top--;
    memcpy(mask, st->data + (size_t)st->top * m->W, sizeof(uint32_t) * m->n);
    return st->full[st->top];
}

bool x_mask_top_full(const xmask_stack *st)
{
    return st->top && st->full[st->top - 1];
}

const uint32_t *x_mask_top(const xmach *m, const xmask_stack *st)
{
    return st->top ? st->data + (size_t)(st->top - 1) * m->W : NULL;
}

void x_fail(xmach *m, const xinst *in, tgx_status st, const char *fmt, ...)
{
    if (m->err != TGX_OK)
        return;
    m->err = st;
    va_list ap;
    va_start(ap, fmt);
    tgx_diag_vset(m->diag, st, m->p->name[0] ? m->p->name : NULL, in ? in->line : 0,
                  in ? in->column : 0, fmt, ap);
    va_end(ap);
}

/* ---- machines ------------------------------------------------------------------------------- */

static void stack_free(xmask_stack *st)
{
    free(st->data);
    free(st->full);
    st->data = NULL;
    st->full = NULL;
    st->top = st->cap = 0;
}

void tgx_exec_machine_destroy(tgx_exec_machine *m)
{
    if (!m)
        return;
    if (m->runner_free)
        m->runner_free(m->runner_user);
    free(m->store);
    free(m->scratch);
    free(m->res);
    free(m->tmp);
    free(m->masks);
    free(m->shared);
    free(m->calls);
    x_geom_free(m);
    for (unsigned i = 0; i < XBINDINGS; i++)
        tgx_tex_unbind(m->bind_cache[i].b);
    xmask_stack *sts[] = {&m->cond_st,  &m->loop_st,  &m->cont_st, &m->sw_st,  &m->swsel_st,
                          &m->swent_st, &m->swdef_st, &m->func_st, &m->addr_st};
    for (size_t i = 0; i < sizeof(sts) / sizeof(sts[0]); i++)
        stack_free(sts[i]);
    free(m);
}

#define XMASKS                                                                                     \
    12 /* exec cond loop cont sw func killed live sw_sel sw_entry sw_default unit_lanes */

tgx_status tgx_exec_machine_create(const tgx_exec_program *p, unsigned max_lanes,
                                   tgx_exec_machine **out, tgx_diag *d)
{
    *out = NULL;
    if (!p || max_lanes == 0 || max_lanes > TGX_EXEC_MAX_LANES)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "machine lane count %u is outside 1..%u",
                            max_lanes, TGX_EXEC_MAX_LANES);
    unsigned lanes = (max_lanes + 3u) & ~3u;
    if (p->stage == TGX_EXEC_COMPUTE) {
        unsigned t = p->block[0] * p->block[1] * p->block[2];
        if (((t + 3u) & ~3u) > lanes)
            return tgx_diag_set(d, TGX_ERR_ARG, p->name, 0, 0,
                                "the compute block has %u threads but the machine only %u lanes", t,
                                lanes);
    }
    return x_machine_create(p, max_lanes, out, d);
}

tgx_status x_machine_create(const tgx_exec_program *p, unsigned max_lanes, xmach **out, tgx_diag *d)
{
    *out = NULL;
    unsigned lanes = (max_lanes + 3u) & ~3u, W = (max_lanes + 15u) & ~15u;
    tgx_exec_machine *m = x_alloc_lines(1, sizeof(*m));
    if (!m)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    m->p = p;
    m->W = W;
    m->lanes = lanes;
    m->budget = TGX_EXEC_DEFAULT_BUDGET;
    m->store = x_alloc_lines((size_t)p->nslots * W + 1, sizeof(xword));
    m->scratch = x_alloc_lines((size_t)XSRC_MAX * 4 * W, sizeof(xword));
    m->res = x_alloc_lines((size_t)8 * W, sizeof(xword));
    m->tmp = x_alloc_lines((size_t)8 * W, sizeof(xword));
    m->masks = x_alloc_lines((size_t)XMASKS * W, sizeof(uint32_t));
    m->shared_size = TGX_EXEC_DEFAULT_SHARED_BYTES;
    m->shared = p->stage == TGX_EXEC_COMPUTE ? x_alloc_lines(1, m->shared_size) : NULL;
    if (!m->store || !m->scratch || !m->res || !m->tmp || !m->masks ||
        (p->stage == TGX_EXEC_COMPUTE && !m->shared)) {
        tgx_exec_machine_destroy(m);
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory for a %u-lane machine", W);
    }
    uint32_t *mk = m->masks;
    uint32_t **slots[XMASKS] = {&m->exec,   &m->cond,     &m->loop,       &m->cont,
                                &m->sw,     &m->func,     &m->killed,     &m->live,
                                &m->sw_sel, &m->sw_entry, &m->sw_default, &m->unit_lanes};
    for (unsigned k = 0; k < XMASKS; k++)
        *slots[k] = mk + (size_t)k * W;
    if (p->stage == TGX_EXEC_GEOMETRY && x_geom_alloc(m) != TGX_OK) {
        tgx_exec_machine_destroy(m);
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0,
                            "out of memory for the geometry output of a %u-lane machine", W);
    }
    /* immediates, splatted once */
    for (unsigned r = 0; r < p->count[XF_IMM]; r++)
        for (unsigned c = 0; c < 4; c++) {
            xword *dst = xslot(m, p->base[XF_IMM] + r * 4 + c);
            for (unsigned i = 0; i < W; i++)
                dst[i] = p->imm[r * 4 + c];
        }
    *out = m;
    return TGX_OK;
}

void tgx_exec_set_budget(tgx_exec_machine *m, uint64_t max_instructions)
{
    m->budget = max_instructions;
}

uint64_t tgx_exec_instructions_executed(const tgx_exec_machine *m)
{
    return m->executed;
}

void tgx_exec_set_f2i_rule(tgx_exec_machine *m, tgx_exec_f2i_rule rule)
{
    m->f2i_rule = rule == TGX_EXEC_F2I_X86 ? TGX_EXEC_F2I_X86 : TGX_EXEC_F2I_SATURATE;
}

void tgx_exec_set_denorm_rule(tgx_exec_machine *m, tgx_exec_denorm_rule rule)
{
    m->denorm_rule =
        rule == TGX_EXEC_DENORMS_FLUSH ? TGX_EXEC_DENORMS_FLUSH : TGX_EXEC_DENORMS_PRESERVE;
}

void tgx_exec_set_tex_hook(tgx_exec_machine *m, tgx_exec_tex_hook hook, void *user)
{
    m->tex_hook = hook;
    m->tex_hook_user = hook ? user : NULL;
}

tgx_status tgx_exec_bind_constants(tgx_exec_machine *m, unsigned slot, const uint32_t *words,
                                   size_t nwords)
{
    if (slot >= XUNITS)
        return TGX_ERR_ARG;
    m->cbuf[slot] = words;
    m->cbuf_words[slot] = words ? nwords : 0;
    return TGX_OK;
}

/* BUFFER[slot] or RESOURCE[slot]: size bytes at data (NULL unbinds). */
static tgx_status bind_bytes(xbuffer *units, unsigned slot, void *data, size_t size)
{
    if (slot >= XUNITS)
        return TGX_ERR_ARG;
    units[slot].data = data;
    units[slot].size = data ? size : 0;
    return TGX_OK;
}

tgx_status tgx_exec_bind_buffer(tgx_exec_machine *m, unsigned slot, void *data, size_t size)
{
    return bind_bytes(m->buffer, slot, data, size);
}

tgx_status tgx_exec_bind_raw_resource(tgx_exec_machine *m, unsigned slot, void *data, size_t size)
{
    return bind_bytes(m->rawres, slot, data, size);
}

tgx_status tgx_exec_set_shared_size(tgx_exec_machine *m, size_t bytes)
{
    uint8_t *mem = calloc(1, bytes ? bytes : 1);
    if (!mem)
        return TGX_ERR_NOMEM;
    free(m->shared);
    m->shared = mem;
    m->shared_size = bytes;
    return TGX_OK;
}

tgx_status tgx_exec_bind_sampler_view(tgx_exec_machine *m, unsigned slot, const tgx_tex_view *view)
{
    if (slot >= XUNITS)
        return TGX_ERR_ARG;
    m->sview[slot] = view;
    return TGX_OK;
}

tgx_status tgx_exec_bind_sampler(tgx_exec_machine *m, unsigned slot, const tgx_sampler *s)
{
    if (slot >= XUNITS)
        return TGX_ERR_ARG;
    m->sampler[slot] = s;
    return TGX_OK;
}

tgx_status tgx_exec_bind_image(tgx_exec_machine *m, unsigned slot, tgx_tex *tex, uint32_t level)
{
    if (slot >= XUNITS)
        return TGX_ERR_ARG;
    m->image[slot] = tex;
    m->image_level[slot] = level;
    return TGX_OK;
}

xword *x_lane_reg(const tgx_exec_machine *m, unsigned file, unsigned reg, unsigned chan)
{
    if (reg >= m->p->count[file] || chan > 3)
        return NULL;
    return m->store + ((size_t)m->p->base[file] + reg * 4 + chan) * m->W;
}

tgx_exec_word *tgx_exec_input(tgx_exec_machine *m, unsigned reg, unsigned chan)
{
    if (m->p->stage == TGX_EXEC_GEOMETRY)
        return tgx_exec_gs_input(m, 0, reg, chan);
    return x_lane_reg(m, XF_IN, reg, chan);
}

const tgx_exec_word *tgx_exec_output(const tgx_exec_machine *m, unsigned reg, unsigned chan)
{
    return x_lane_reg(m, XF_OUT, reg, chan);
}

tgx_exec_word *tgx_exec_sysval(tgx_exec_machine *m, unsigned reg, unsigned chan)
{
    return x_lane_reg(m, XF_SV, reg, chan);
}

/* ---- runs ----------------------------------------------------------------------------------- */

tgx_exec_word *tgx_exec_gs_input(tgx_exec_machine *m, unsigned vertex, unsigned reg, unsigned chan)
{
    const tgx_exec_program *p = m->p;
    if (p->stage != TGX_EXEC_GEOMETRY || vertex >= p->gs_vertices_in || reg >= p->gs_in_stride)
        return NULL;
    return x_lane_reg(m, XF_IN, vertex * p->gs_in_stride + reg, chan);
}

void x_reset_state(xmach *m, unsigned lanes_valid)
{
    unsigned n = m->n;
    if (m->runner) { /* compiled code keeps the other masks itself (src/jit) */
        for (unsigned i = 0; i < n; i++) {
            uint32_t v = i < lanes_valid ? 0xffffffffu : 0u;
            m->func[i] = m->live[i] = v;
            m->killed[i] = 0;
        }
        m->err = TGX_OK;
        m->executed = 0;
        return;
    }
    for (unsigned i = 0; i < n; i++) {
        uint32_t v = i < lanes_valid ? 0xffffffffu : 0u;
        m->cond[i] = m->loop[i] = m->cont[i] = m->sw[i] = 0xffffffffu;
        m->func[i] = v;
        m->killed[i] = 0;
        m->live[i] = v;
    }
    m->cond_st.top = m->loop_st.top = m->cont_st.top = m->sw_st.top = 0;
    m->swsel_st.top = m->swent_st.top = m->swdef_st.top = m->func_st.top = m->addr_st.top = 0;
    m->ncalls = 0;
    m->err = TGX_OK;
    m->executed = 0;
    m->full = XFULL_COND | XFULL_LOOP | XFULL_CONT | XFULL_SW | (lanes_valid >= n ? XFULL_FUNC : 0);
    m->all = false;
    x_update_exec(m);
}

void x_fail_budget(xmach *m, const xinst *in)
{
    x_fail(m, in, TGX_ERR_LIMIT,
           "instruction budget of %llu per invocation exceeded at %s (instruction %u): the shader "
           "does not terminate, or needs a larger budget",
           (unsigned long long)(m->budget ? m->budget : UINT64_MAX), in->name,
           (unsigned)(in - m->p->insts));
}

tgx_status x_run(xmach *m, tgx_diag *d)
{
    const tgx_exec_program *p = m->p;
    const xinst *insts = p->insts;
    int32_t count = (int32_t)p->ninsts;
    uint64_t limit = m->budget ? m->budget : UINT64_MAX;
    m->diag = d;
    if (m->runner) {
        tgx_status st = m->runner(m->runner_user, m, d);
        m->diag = NULL;
        return st;
    }
    m->pc = 0;
    while (m->pc >= 0 && m->pc < count) {
        const xinst *in = &insts[m->pc];
        m->pc++;
        in->fn(m, in);
        if (++m->executed >= limit && m->pc >= 0 && m->pc < count)
            x_fail_budget(m, in);
        if (m->err != TGX_OK)
            break;
    }
    m->diag = NULL;
    return m->err;
}

tgx_status tgx_exec_run_fragment(tgx_exec_machine *m, unsigned lanes, const tgx_lane_mask *active,
                                 tgx_lane_mask *killed, tgx_diag *d)
{
    if (lanes == 0 || lanes % 4 != 0 || lanes > m->lanes)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "a fragment run needs a multiple of 4 lanes up to %u, not %u", m->lanes,
                            lanes);
    m->n = lanes;
    x_reset_state(m, lanes);
    if (active)
        for (unsigned i = 0; i < lanes; i++)
            m->live[i] = active[i] ? 0xffffffffu : 0u;
    tgx_status st = x_run(m, d);
    if (killed)
        memcpy(killed, m->killed, sizeof(tgx_lane_mask) * lanes);
    return st;
}

tgx_status tgx_exec_run_vertex(tgx_exec_machine *m, unsigned lanes, tgx_diag *d)
{
    if (lanes == 0 || lanes > m->lanes)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "a run needs 1..%u lanes, not %u", m->lanes,
                            lanes);
    if (m->p->stage == TGX_EXEC_GEOMETRY)
        return tgx_diag_set(d, TGX_ERR_ARG, m->p->name[0] ? m->p->name : NULL, 0, 0,
                            "a geometry shader runs with tgx_exec_run_geometry");
    m->n = (lanes + 3u) & ~3u;
    x_reset_state(m, lanes);
    return x_run(m, d);
}

static void set_sv(xmach *m, int reg, const uint32_t v[3], unsigned threads)
{
    if (reg < 0)
        return;
    for (unsigned c = 0; c < 3; c++) {
        xword *dst = x_lane_reg(m, XF_SV, (unsigned)reg, c);
        for (unsigned i = 0; i < threads; i++)
            dst[i].u = v[c];
    }
}

tgx_status tgx_exec_run_compute(tgx_exec_machine *m, const uint32_t block_id[3],
                                const uint32_t grid_size[3], tgx_diag *d)
{
    const tgx_exec_program *p = m->p;
    unsigned bw = p->block[0], bh = p->block[1], bd = p->block[2];
    unsigned threads = bw * bh * bd;
    if (p->stage != TGX_EXEC_COMPUTE)
        return tgx_diag_set(d, TGX_ERR_ARG, p->name, 0, 0, "not a compute shader");
    m->n = (threads + 3u) & ~3u;
    if (p->sv_thread_id >= 0) {
        xword *tx = x_lane_reg(m, XF_SV, (unsigned)p->sv_thread_id, 0);
        xword *ty = x_lane_reg(m, XF_SV, (unsigned)p->sv_thread_id, 1);
        xword *tz = x_lane_reg(m, XF_SV, (unsigned)p->sv_thread_id, 2);
        for (unsigned i = 0; i < m->n; i++) {
            unsigned t = i < threads ? i : 0;
            tx[i].u = t % bw;
            ty[i].u = (t / bw) % bh;
            tz[i].u = t / (bw * bh);
        }
    }
    uint32_t bs[3] = {bw, bh, bd};
    set_sv(m, p->sv_block_id, block_id, m->n);
    set_sv(m, p->sv_block_size, bs, m->n);
    set_sv(m, p->sv_grid_size, grid_size, m->n);
    if (m->shared)
        memset(m->shared, 0, m->shared_size);
    x_reset_state(m, threads);
    return x_run(m, d);
}
