/* exec_tex.c — sampling instructions through the texture unit (tex.h).
 *
 * Operand layout follows Mesa's tgsi_exec (exec_tex, exec_txd, exec_txf, exec_txq, exec_lodq,
 * exec_sample): the coordinates are the first dim channels of src0 for the instruction's target
 * (tgsi_util_get_texture_coord_dim), the shadow reference is channel 2 (SHADOW1D, SHADOW2D,
 * SHADOWRECT, SHADOW1D_ARRAY), 3 (SHADOW2D_ARRAY, SHADOWCUBE) or src1.x (SHADOWCUBE_ARRAY); TXB
 * and TXL take the bias / LOD from src0.w (TXB's text in the spec says src.z: docs/errata.md),
 * TEX2/TXB2/TXL2 from src1.x; TXP divides the coordinates and the reference by src0.w.
 * Texture opcodes use SAMP[u] and the sampler view of the same unit u; the SAMPLE_* family names
 * its view and sampler and swizzles the result by the view operand's swizzle.
 * Outside fragment shaders there are no quads, so an implicit LOD is LOD 0 (plus the bias).
 *
 * Units. A SAMP or SVIEW operand may be indirect (SAMP[ADDR[0].x+1], SVIEW[ADDR[0].x]). Mesa
 * 22.3's tgsi_exec runs four lanes at a time and its fetch_sampler_unit takes, for all four, the
 * index (base + address component) of the first of them whose execution-mask bit is set; it does
 * so for TEX/TXB/TXL/TXP/TEX2/TXB2/TXL2/TG4 (exec_tex), TXD (exec_txd), TXF and SAMPLE_I
 * (exec_txf), TXQ and SVIEWINFO (exec_txq), LODQ and LOD (exec_lodq). tgx applies that rule to
 * each group of four lanes (a quad in fragment runs) and to every sampling opcode: Mesa's
 * exec_sample / exec_sample_d read the operands' base index alone, an omission (docs/errata.md
 * "Indirect SAMP / SVIEW indices"). A unit outside 0..31 (softpipe would index past its
 * arrays) gives 0 in all four channels of that group's lanes, without an error; a unit inside the
 * range with nothing bound is an error, as for a direct operand.
 */
#include <string.h>

#include "exec/exec_alu.h"

_Static_assert(sizeof(xword) == sizeof(float), "lane words are 32-bit");

#define RES(m, c) ((m)->res + (size_t)(c) * (m)->W)
#define TMP(m, c) ((m)->tmp + (size_t)(c) * (m)->W)

/* Which channel of src0 holds each coordinate (-1: none; 4: src1.x). */
typedef struct xcoords {
    int8_t s, t, r, layer, ref;
    uint8_t dim; /* channels of src0 that are coordinates */
} xcoords;

/* TGSI's operand layout from the target's shape (tgsi_util_get_texture_coord_dim and
 * tgsi_util_get_shadow_ref_src_index): the sampling coordinates, then the layer, then the
 * reference in the next channel but never before z (SHADOW1D and SHADOW1D_ARRAY read z). */
static xcoords coords_for(unsigned target, bool shadow)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get((tgx_tex_target)target);
    xcoords c = {0, -1, -1, -1, -1, 1};
    if (!ti)
        return c;
    c.t = ti->coords > 1 ? 1 : -1;
    c.r = ti->coords > 2 ? 2 : -1;
    c.layer = ti->layered ? (int8_t)ti->coords : -1;
    c.dim = (uint8_t)(ti->coords + ti->layered);
    c.ref = shadow ? (int8_t)(c.dim > 2 ? c.dim : 2) : -1;
    return c;
}

static bool fragment(const xmach *m)
{
    return m->p->stage == TGX_EXEC_FRAGMENT;
}

/* Computes the results (RES) of the lanes set in `lanes` from view unit vunit and sampler unit
 * sunit; false after x_fail. */
typedef bool (*xunit_body)(xmach *m, const xinst *in, unsigned vunit, unsigned sunit,
                           const uint32_t *lanes);

/* Runs body once per distinct (view, sampler) pair among the executing groups of four lanes,
 * each time for the executing lanes of the groups that name that pair; a pair outside the unit
 * range gives 0 in its lanes. Direct operands: one call for all executing lanes. */
static bool for_each_unit(xmach *m, const xinst *in, unsigned vsrc, unsigned ssrc, xunit_body body)
{
    const xreg *vr = &in->src[vsrc], *sr = &in->src[ssrc];
    if (!vr->indirect && !sr->indirect)
        return body(m, in, (unsigned)vr->index, (unsigned)sr->index, m->exec);
    xunits_walk w;
    memset(&w, 0, sizeof w);
    int64_t u[2];
    const uint32_t *sel = m->unit_lanes;
    while (x_units_next(m, vr, sr, &w, u)) {
        if (u[0] < 0) {
            for (unsigned c = 0; c < 4; c++)
                for (unsigned i = 0; i < m->n; i++)
                    if (sel[i])
                        RES(m, c)[i].u = 0;
        } else if (!body(m, in, (unsigned)u[0], (unsigned)u[1], sel)) {
            return false;
        }
    }
    return true;
}

static bool unit_views(xmach *m, const xinst *in, unsigned view_unit, unsigned samp_unit,
                       bool need_sampler, const tgx_tex_view **view, const tgx_sampler **samp)
{
    *view = view_unit < XUNITS ? m->sview[view_unit] : NULL;
    *samp = samp_unit < XUNITS ? m->sampler[samp_unit] : NULL;
    if (!*view) {
        x_fail(m, in, TGX_ERR_ARG, "%s: no texture is bound to unit %u", in->name, view_unit);
        return false;
    }
    if (need_sampler && !*samp) {
        x_fail(m, in, TGX_ERR_ARG, "%s: no sampler is bound to unit %u", in->name, samp_unit);
        return false;
    }
    return true;
}

/* src operand's value of channel ch (4 = src1.x) as a float lane array */
static const float *chan_f(xmach *m, const xinst *in, int ch)
{
    if (ch < 0)
        return NULL;
    const xword *v = ch == 4 ? x_fetch(m, in, 1, 0) : x_fetch(m, in, 0, (unsigned)ch);
    return &v->f;
}

static void store_result(xmach *m, const xinst *in, const uint8_t *swz)
{
    for (unsigned c = 0; c < 4; c++) {
        if (!(in->wmask & (1u << c)))
            continue;
        unsigned from = swz ? swz[c] : c;
        if (from == c) {
            x_store(m, in, 0, c, RES(m, c));
        } else {
            memcpy(TMP(m, 4 + c), RES(m, from), sizeof(xword) * m->n);
            x_store(m, in, 0, c, TMP(m, 4 + c));
        }
    }
}

static void fetch_offsets(xmach *m, const xinst *in, const int32_t *off[3])
{
    off[0] = off[1] = off[2] = NULL;
    if (!in->ntexoff)
        return;
    for (unsigned c = 0; c < 3; c++)
        off[c] = &x_fetch_typed(m, &in->texoff[0], c, TMP(m, c))->i;
}

static bool same_view(const tgx_tex_view *a, const tgx_tex_view *b)
{
    return a->tex == b->tex && a->target == b->target && a->format == b->format &&
           a->base_level == b->base_level && a->max_level == b->max_level &&
           a->first_slice == b->first_slice && a->num_slices == b->num_slices &&
           memcmp(a->swizzle, b->swizzle, sizeof a->swizzle) == 0;
}

static bool same_sampler(const tgx_sampler *a, const tgx_sampler *b)
{
    return a->wrap_s == b->wrap_s && a->wrap_t == b->wrap_t && a->wrap_r == b->wrap_r &&
           a->min_filter == b->min_filter && a->mag_filter == b->mag_filter &&
           a->mip_filter == b->mip_filter && a->max_anisotropy == b->max_anisotropy &&
           tgx_f2bits(a->lod_bias) == tgx_f2bits(b->lod_bias) &&
           tgx_f2bits(a->min_lod) == tgx_f2bits(b->min_lod) &&
           tgx_f2bits(a->max_lod) == tgx_f2bits(b->max_lod) &&
           a->compare_enable == b->compare_enable && a->compare_func == b->compare_func &&
           memcmp(a->border_color, b->border_color, sizeof a->border_color) == 0 &&
           memcmp(a->border_color_int, b->border_color_int, sizeof a->border_color_int) == 0 &&
           a->normalized_coords == b->normalized_coords && a->seamless_cube == b->seamless_cube &&
           a->profile == b->profile && a->lod_rule == b->lod_rule;
}

/* The texture unit's binding of a view and a sampler (NULL: fetch alone), from the machine's
 * cache: the same view, sampler, texture size and texel memory find the same binding, so that a
 * run's lane groups cost only their lanes. NULL when binding fails (the unbound call then reports
 * what is wrong). */
static const tgx_tex_binding *x_binding(xmach *m, const tgx_tex_view *view, const tgx_sampler *samp)
{
    const tgx_tex_desc *desc = tgx_tex_get_desc(view->tex);
    const void *texels = tgx_tex_level_data_const(view->tex, 0, NULL, NULL);
    for (unsigned i = 0; i < XBINDINGS; i++) {
        const xbinding *e = &m->bind_cache[i];
        if (e->b && same_view(&e->view, view) && e->has_samp == (samp != NULL) &&
            (!samp || same_sampler(&e->samp, samp)) && e->texels == texels &&
            memcmp(&e->desc, desc, sizeof *desc) == 0)
            return e->b;
    }
    xbinding *e = &m->bind_cache[m->bind_next];
    tgx_tex_binding *b;
    tgx_diag d;
    if (tgx_tex_bind(view, samp, TGX_TEX_SIMD_AUTO, &b, &d) != TGX_OK)
        return NULL;
    m->bind_next = (m->bind_next + 1) % XBINDINGS;
    tgx_tex_unbind(e->b);
    e->view = *view;
    e->has_samp = samp != NULL;
    if (samp)
        e->samp = *samp;
    e->desc = *desc;
    e->texels = texels;
    e->b = b;
    return b;
}

typedef enum xtexmode { TM_NONE, TM_PROJ, TM_BIAS, TM_LOD, TM_GRAD, TM_GATHER, TM_ZERO } xtexmode;

static tgx_status sample_call(xmach *m, const xinst *in, const tgx_tex_view *view,
                              const tgx_sampler *samp, tgx_tex_sample_req *req, bool gather)
{
    tgx_tex_view rect;
    if (in->tex_target == TGX_TEX_RECT && view->target != TGX_TEX_RECT) {
        /* a RECT instruction reads its view as RECT, whose texel coordinates are tex's rule */
        rect = *view;
        rect.target = TGX_TEX_RECT;
        view = &rect;
    }
    tgx_tex_result out = {{&RES(m, 0)->u, &RES(m, 1)->u, &RES(m, 2)->u, &RES(m, 3)->u}};
    tgx_diag d;
    tgx_diag_clear(&d);
    const tgx_tex_binding *b = x_binding(m, view, samp);
    tgx_status st;
    if (!b)
        st = gather ? tgx_tex_gather(view, samp, req, out, &d)
                    : tgx_tex_sample(view, samp, req, out, &d);
    else
        st = gather ? tgx_tex_bound_gather(b, req, out, &d) : tgx_tex_bound_sample(b, req, out, &d);
    if (st != TGX_OK)
        x_fail(m, in, st, "%s: %s", in->name, d.message);
    return st;
}

/* Fills the coordinate, reference and LOD fields of req from the operands. */
static void build_req(xmach *m, const xinst *in, xcoords cm, xtexmode mode, int lod_src,
                      const uint32_t *lanes, tgx_tex_sample_req *req)
{
    unsigned n = m->n;
    memset(req, 0, sizeof(*req));
    req->lanes = n;
    req->active = lanes;
    const float *ch[5] = {chan_f(m, in, cm.s), chan_f(m, in, cm.t), chan_f(m, in, cm.r),
                          chan_f(m, in, cm.layer), chan_f(m, in, cm.ref)};
    if (mode == TM_PROJ) /* the texture unit divides the coordinates and reference by src0.w */
        req->q = &x_fetch(m, in, 0, 3)->f;
    req->s = ch[0];
    req->t = ch[1];
    req->r = ch[2];
    req->layer = ch[3];
    req->ref = ch[4];
    const float *lod = NULL;
    if (lod_src >= 0) {
        lod = lod_src == 4 ? &x_fetch(m, in, 1, 0)->f : &x_fetch(m, in, 0, (unsigned)lod_src)->f;
    } else if (mode == TM_LOD) {
        float *z = &TMP(m, 1)->f; /* TEX_LZ */
        memset(z, 0, sizeof(float) * n);
        lod = z;
    }
    switch (mode) {
    case TM_BIAS: req->lod_mode = TGX_TEX_LOD_BIAS; break;
    case TM_LOD: req->lod_mode = TGX_TEX_LOD_EXPLICIT; break;
    case TM_GRAD: req->lod_mode = TGX_TEX_LOD_GRAD; break;
    case TM_ZERO: req->lod_mode = TGX_TEX_LOD_ZERO; break;
    default: req->lod_mode = TGX_TEX_LOD_IMPLICIT; break;
    }
    req->lod = lod;
    if (!fragment(m) &&
        (req->lod_mode == TGX_TEX_LOD_IMPLICIT || req->lod_mode == TGX_TEX_LOD_BIAS)) {
        /* no quads: LOD 0, plus the bias */
        float *z = &TMP(m, 2)->f;
        for (unsigned i = 0; i < n; i++)
            z[i] = lod ? lod[i] : 0.0f;
        req->lod = z;
        req->lod_mode = TGX_TEX_LOD_EXPLICIT;
    }
}

static void set_grads(xmach *m, const xinst *in, unsigned sx, unsigned sy, unsigned target,
                      tgx_tex_sample_req *req)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get((tgx_tex_target)target);
    unsigned naxes = ti ? ti->coords : 0;
    for (unsigned a = 0; a < naxes; a++) {
        req->ddx[a] = &x_fetch(m, in, sx, a)->f;
        req->ddy[a] = &x_fetch(m, in, sy, a)->f;
    }
}

/* How a TEX-style opcode reads its operands: the LOD mode, where the bias / LOD comes from
 * (-1: nowhere, 3: src0.w, 4: src1.x) and which source is the SAMP operand (tgsi_exec's
 * exec_instruction: exec_tex(..., 1) or (..., 2), exec_txd's 3). */
typedef struct xtexop {
    xtexmode mode;
    int lod_src;
    unsigned samp_src;
} xtexop;

static xtexop tex_op(const xinst *in)
{
    switch (in->op) {
    case TGX_TGSI_OP_TXP: return (xtexop){TM_PROJ, -1, 1};
    case TGX_TGSI_OP_TEX_LZ: return (xtexop){TM_LOD, -1, 1}; /* like TXL with LOD 0 */
    case TGX_TGSI_OP_TXB: return (xtexop){TM_BIAS, 3, 1};
    case TGX_TGSI_OP_TXL: return (xtexop){TM_LOD, 3, 1};
    case TGX_TGSI_OP_TXD: return (xtexop){TM_GRAD, -1, 3};
    case TGX_TGSI_OP_TEX2: return (xtexop){TM_NONE, -1, 2};
    case TGX_TGSI_OP_TXB2: return (xtexop){TM_BIAS, 4, 2};
    case TGX_TGSI_OP_TXL2: return (xtexop){TM_LOD, 4, 2};
    case TGX_TGSI_OP_TG4: return (xtexop){TM_GATHER, -1, 2};
    default: return (xtexop){TM_NONE, -1, 1};
    }
}

static bool tex_body(xmach *m, const xinst *in, unsigned unit, unsigned sunit,
                     const uint32_t *lanes)
{
    xtexop t = tex_op(in);
    const tgx_tex_view *view;
    const tgx_sampler *samp;
    if (!unit_views(m, in, unit, sunit, true, &view, &samp))
        return false;
    xcoords cm = coords_for(in->tex_target, in->shadow);
    tgx_tex_sample_req req;
    build_req(m, in, cm, t.mode, t.lod_src, lanes, &req);
    fetch_offsets(m, in, req.offset);
    if (t.mode == TM_GRAD)
        set_grads(m, in, 1, 2, in->tex_target, &req);
    if (t.mode == TM_GATHER) {
        /* the component is src1.x, an immediate in practice: take the first sampling lane's */
        const xword *comp = x_fetch(m, in, 1, 0);
        for (unsigned i = 0; i < m->n; i++)
            if (lanes[i]) {
                req.component = comp[i].u & 3u;
                break;
            }
    }
    return sample_call(m, in, view, samp, &req, t.mode == TM_GATHER) == TGX_OK;
}

/* ---- the texture hook (tgx_exec_set_tex_hook) ----------------------------------------------- */

/* TXQ / SVIEWINFO's levels, one per group of four (x_op_txq), for the hook. */
#define TXQ_LEVELS(m) TMP(m, 7)

static bool is_resource_file(uint8_t f)
{
    return f == XF_SVIEW || f == XF_SAMPLER || f == XF_IMAGE || f == XF_BUFFER || f == XF_RES ||
           f == XF_MEMORY || f == XF_NULL;
}

/* Hands the lanes of `lanes` to the hook instead of the texture unit: every value operand as
 * the opcode reads it, the units and their bindings, RES as the result. */
static bool hook_call(xmach *m, const xinst *in, unsigned vunit, unsigned sunit,
                      const uint32_t *lanes, bool need_sampler)
{
    const tgx_tex_view *view;
    const tgx_sampler *samp;
    if (!unit_views(m, in, vunit, sunit, need_sampler, &view, &samp))
        return false;
    tgx_exec_tex_call call;
    memset(&call, 0, sizeof call);
    call.inst = (unsigned)(in - m->p->insts);
    call.stage = m->p->stage;
    call.lanes = m->n;
    call.active = lanes;
    for (unsigned s = 0; s < in->nsrc && s < TGX_EXEC_TEX_SRCS; s++)
        if (!is_resource_file(in->src[s].file))
            for (unsigned c = 0; c < 4; c++)
                call.src[s][c] = x_fetch(m, in, s, c);
    if (in->op == TGX_TGSI_OP_TXQ || in->op == TGX_TGSI_OP_SVIEWINFO)
        call.src[0][0] = TXQ_LEVELS(m);
    fetch_offsets(m, in, call.offset);
    call.view_unit = vunit;
    call.sampler_unit = sunit;
    call.view = view;
    call.sampler = samp;
    for (unsigned c = 0; c < 4; c++)
        call.result[c] = &RES(m, c)->u;
    tgx_diag d;
    tgx_diag_clear(&d);
    tgx_status st = m->tex_hook(m->tex_hook_user, &call, &d);
    if (st != TGX_OK) {
        x_fail(m, in, st, "%s: %s", in->name, d.message);
        return false;
    }
    return true;
}

static bool hook_sampled(xmach *m, const xinst *in, unsigned vunit, unsigned sunit,
                         const uint32_t *lanes)
{
    return hook_call(m, in, vunit, sunit, lanes, true);
}

static bool hook_unsampled(xmach *m, const xinst *in, unsigned vunit, unsigned sunit,
                           const uint32_t *lanes)
{
    return hook_call(m, in, vunit, sunit, lanes, false);
}

/* TEX TXP TXB TXL TXD TEX2 TXB2 TXL2 TEX_LZ TG4: texture unit u = the SAMP operand's index,
 * SVIEW[u] and SAMP[u]. */
void x_op_tex(xmach *m, const xinst *in)
{
    unsigned s = tex_op(in).samp_src;
    if (for_each_unit(m, in, s, s, m->tex_hook ? hook_sampled : tex_body))
        store_result(m, in, NULL);
}

static bool sample_body(xmach *m, const xinst *in, unsigned vunit, unsigned sunit,
                        const uint32_t *lanes)
{
    const tgx_tex_view *view;
    const tgx_sampler *samp;
    if (!unit_views(m, in, vunit, sunit, true, &view, &samp))
        return false;
    unsigned target = m->p->sview[vunit].target;
    xcoords cm = coords_for(target, false);
    xtexmode mode = TM_NONE;
    bool compare = in->op == TGX_TGSI_OP_SAMPLE_C || in->op == TGX_TGSI_OP_SAMPLE_C_LZ;
    switch (in->op) {
    case TGX_TGSI_OP_SAMPLE_B: mode = TM_BIAS; break;
    case TGX_TGSI_OP_SAMPLE_L: mode = TM_LOD; break;
    case TGX_TGSI_OP_SAMPLE_D: mode = TM_GRAD; break;
    case TGX_TGSI_OP_GATHER4: mode = TM_GATHER; break;
    case TGX_TGSI_OP_SAMPLE_C_LZ: mode = TM_ZERO; break;
    default: break;
    }
    tgx_tex_sample_req req;
    build_req(m, in, cm, mode, -1, lanes, &req);
    if (mode == TM_BIAS || mode == TM_LOD) {
        req.lod = &x_fetch(m, in, 3, 0)->f;
        if (!fragment(m) && mode == TM_BIAS) {
            req.lod_mode = TGX_TEX_LOD_EXPLICIT; /* no quads: the bias is the LOD */
        }
    }
    if (compare)
        req.ref = &x_fetch(m, in, 3, 0)->f;
    if (mode == TM_GRAD)
        set_grads(m, in, 3, 4, target, &req);
    fetch_offsets(m, in, req.offset);
    return sample_call(m, in, view, samp, &req, mode == TM_GATHER) == TGX_OK;
}

/* SAMPLE SAMPLE_B SAMPLE_C SAMPLE_C_LZ SAMPLE_D SAMPLE_L GATHER4: operands address, view,
 * sampler, then bias / reference / LOD / gradients; the target is the view's declaration. */
void x_op_sample(xmach *m, const xinst *in)
{
    if (for_each_unit(m, in, 1, 2, m->tex_hook ? hook_sampled : sample_body))
        store_result(m, in, in->src[1].swz);
}

/* SAMPLE_I and SAMPLE_I_MS: the SAMPLE_* forms of texel fetch (view operand, its swizzle). */
static bool sample_i(const xinst *in)
{
    return in->op == TGX_TGSI_OP_SAMPLE_I || in->op == TGX_TGSI_OP_SAMPLE_I_MS;
}

/* A texel fetch request over the lanes in `lanes` with the integer coordinates of source s, as
 * many as target's texel fetch takes (x [y [z]]: the texel axes, then the layer). */
static void fetch_req(xmach *m, const xinst *in, unsigned s, const tgx_tex_target_info *ti,
                      const uint32_t *lanes, tgx_tex_fetch_req *req)
{
    memset(req, 0, sizeof(*req));
    req->lanes = m->n;
    req->active = lanes;
    const int32_t **xyz[3] = {&req->x, &req->y, &req->z};
    for (unsigned a = 0; a < (ti ? ti->fetch : 1u) && a < 3; a++)
        *xyz[a] = &x_fetch(m, in, s, a)->i;
}

/* The fetch into RES; false after x_fail. */
static bool fetch_call(xmach *m, const xinst *in, const tgx_tex_view *view, const tgx_sampler *samp,
                       const tgx_tex_fetch_req *req)
{
    tgx_tex_result out = {{&RES(m, 0)->u, &RES(m, 1)->u, &RES(m, 2)->u, &RES(m, 3)->u}};
    tgx_diag d;
    tgx_diag_clear(&d);
    const tgx_tex_binding *b = x_binding(m, view, samp);
    tgx_status st =
        b ? tgx_tex_bound_fetch(b, req, out, &d) : tgx_tex_fetch(view, samp, req, out, &d);
    if (st != TGX_OK) {
        x_fail(m, in, st, "%s: %s", in->name, d.message);
        return false;
    }
    return true;
}

static bool txf_body(xmach *m, const xinst *in, unsigned unit, unsigned sunit,
                     const uint32_t *lanes)
{
    bool sample_form = sample_i(in);
    const tgx_tex_view *view;
    const tgx_sampler *samp;
    if (!unit_views(m, in, unit, sunit, false, &view, &samp))
        return false;
    unsigned target = sample_form ? m->p->sview[unit].target : in->tex_target;
    const tgx_tex_target_info *ti = tgx_tex_target_get((tgx_tex_target)target);
    tgx_tex_fetch_req req;
    fetch_req(m, in, 0, ti, lanes, &req);
    bool ms = ti && ti->multisample;
    const int32_t *w = NULL;
    if (in->op == TGX_TGSI_OP_SAMPLE_I_MS)
        w = &x_fetch(m, in, 2, 0)->i;
    else if (in->op != TGX_TGSI_OP_TXF_LZ && target != TGX_TEX_BUFFER)
        w = &x_fetch(m, in, 0, 3)->i;
    if (ms)
        req.sample = w;
    else
        req.level = w;
    fetch_offsets(m, in, req.offset);
    return fetch_call(m, in, view, samp, &req);
}

/* TXF TXF_LZ SAMPLE_I SAMPLE_I_MS: integer texel fetch; level in src0.w (TXF_LZ: 0), for MS
 * targets src0.w (SAMPLE_I_MS: src2.x) is the sample. */
void x_op_txf(xmach *m, const xinst *in)
{
    if (for_each_unit(m, in, 1, 1, m->tex_hook ? hook_unsampled : txf_body))
        store_result(m, in, sample_i(in) ? in->src[1].swz : NULL);
}

/* TXQ SVIEWINFO: (width, height, depth or layers, levels) of the level in src0.x. */
void x_op_txq(xmach *m, const xinst *in)
{
    if (m->tex_hook) {
        const xword *lv = x_fetch(m, in, 0, 0);
        for (unsigned i = 0; i < m->n; i++)
            TXQ_LEVELS(m)[i] = lv[i & ~3u];
        if (for_each_unit(m, in, 1, 1, hook_unsampled))
            store_result(m, in, NULL);
        return;
    }
    const xreg *ur = &in->src[1];
    const tgx_tex_view *view = NULL;
    const tgx_sampler *samp;
    if (!ur->indirect &&
        !unit_views(m, in, (unsigned)ur->index, (unsigned)ur->index, false, &view, &samp))
        return;
    const xword *lv = x_fetch(m, in, 0, 0);
    unsigned n = m->n;
    /* Mesa 22.3 exec_txq calls get_dims once per quad with src.i[0], the level of the quad's
     * first lane whatever the execution mask, and gives the answer to all four lanes (corpus
     * case tex_size_levels_query: pixels 10 and 11 of a row, levels 0 and 1, both read the
     * level-0 size). Runs are grouped in fours in every stage, so the rule holds for all. An
     * indirect unit is the quad's first executing lane's (fetch_sampler_unit). */
    for (unsigned q0 = 0; q0 < n; q0 += 4) {
        uint32_t q[4] = {0, 0, 0, 0};
        int64_t u[2] = {0, 0};
        if (ur->indirect) {
            if (!x_group_units(m, ur, ur, q0, u))
                continue;
            if (u[0] >= 0 &&
                !unit_views(m, in, (unsigned)u[0], (unsigned)u[0], false, &view, &samp))
                return;
        }
        if (!ur->indirect || u[0] >= 0)
            tgx_tex_query_size(view, lv[q0].i, q);
        for (unsigned i = q0; i < q0 + 4 && i < n; i++)
            for (unsigned c = 0; c < 4; c++)
                RES(m, c)[i].u = q[c];
    }
    store_result(m, in, NULL);
}

/* Fills channel x of the lanes in `lanes` with v, channels y, z, w with 0. */
static void fill_x(xmach *m, const uint32_t *lanes, uint32_t v)
{
    for (unsigned c = 0; c < 4; c++)
        for (unsigned i = 0; i < m->n; i++)
            if (lanes[i])
                RES(m, c)[i].u = c == 0 ? v : 0;
}

static bool txqs_body(xmach *m, const xinst *in, unsigned unit, unsigned sunit,
                      const uint32_t *lanes)
{
    const tgx_tex_view *view;
    const tgx_sampler *samp;
    if (!unit_views(m, in, unit, sunit, false, &view, &samp))
        return false;
    fill_x(m, lanes, tgx_tex_query_samples(view));
    return true;
}

/* TXQS: the sample count of the view in x (0 if not multisampled). */
void x_op_txqs(xmach *m, const xinst *in)
{
    if (for_each_unit(m, in, 0, 0, m->tex_hook ? hook_unsampled : txqs_body))
        store_result(m, in, NULL);
}

static bool lodq_body(xmach *m, const xinst *in, unsigned vunit, unsigned sunit,
                      const uint32_t *lanes)
{
    bool sm4 = in->op == TGX_TGSI_OP_LOD;
    const tgx_tex_view *view;
    const tgx_sampler *samp;
    if (!unit_views(m, in, vunit, sunit, true, &view, &samp))
        return false;
    unsigned target = sm4 ? m->p->sview[vunit].target : in->tex_target;
    tgx_tex_sample_req req;
    build_req(m, in, coords_for(target, false), TM_NONE, -1, lanes, &req);
    req.ref = NULL;
    req.layer = NULL;
    tgx_diag d;
    tgx_diag_clear(&d);
    tgx_status st = tgx_tex_query_lod(view, samp, &req, &RES(m, 0)->f, &RES(m, 1)->f, &d);
    if (st != TGX_OK) {
        x_fail(m, in, st, "%s: %s", in->name, d.message);
        return false;
    }
    return true;
}

/* LODQ (unit in src1) and LOD (view src1, sampler src2, result swizzled by the view operand):
 * x = the LOD used (clamped), y = the computed LOD; z = w = 0. */
void x_op_lodq(xmach *m, const xinst *in)
{
    bool sm4 = in->op == TGX_TGSI_OP_LOD;
    if (!for_each_unit(m, in, 1, sm4 ? 2 : 1, m->tex_hook ? hook_sampled : lodq_body))
        return;
    memset(RES(m, 2), 0, sizeof(xword) * m->n);
    memset(RES(m, 3), 0, sizeof(xword) * m->n);
    if (sm4) {
        uint8_t swz[4];
        for (unsigned c = 0; c < 4; c++)
            swz[c] = in->src[1].swz[c] >= 2 ? 2 : in->src[1].swz[c];
        store_result(m, in, swz);
    } else {
        store_result(m, in, NULL);
    }
}

static bool sample_info_body(xmach *m, const xinst *in, unsigned unit, unsigned sunit,
                             const uint32_t *lanes)
{
    (void)in;
    (void)sunit;
    const tgx_tex_view *view = unit < XUNITS ? m->sview[unit] : NULL;
    fill_x(m, lanes, view ? tgx_tex_query_samples(view) : 0);
    return true;
}

/* SAMPLE_INFO: the sample count of the resource in x; the render target has 1 sample. */
void x_op_sample_info(xmach *m, const xinst *in)
{
    if (in->src[0].file != XF_SVIEW)
        fill_x(m, m->exec, 1);
    else
        for_each_unit(m, in, 0, 0, sample_info_body);
    store_result(m, in, NULL);
}

/* (x, y, 0, 0) of sample src1.x in a pattern of `samples` samples, for the lanes in `lanes`;
 * the render target (rt) has one sample at the pixel centre. */
static void sample_pos_fill(xmach *m, const xinst *in, bool rt, uint32_t samples,
                            const uint32_t *lanes)
{
    const xword *idx = x_fetch(m, in, 1, 0);
    for (unsigned i = 0; i < m->n; i++) {
        if (!lanes[i])
            continue;
        float pos[2] = {0.0f, 0.0f};
        if (rt && idx[i].u == 0) {
            pos[0] = pos[1] = 0.5f;
        } else if (!rt) {
            tgx_tex_sample_position(samples, idx[i].u, pos);
        }
        RES(m, 0)[i].f = pos[0];
        RES(m, 1)[i].f = pos[1];
        RES(m, 2)[i].f = 0.0f;
        RES(m, 3)[i].f = 0.0f;
    }
}

static bool sample_pos_body(xmach *m, const xinst *in, unsigned unit, unsigned sunit,
                            const uint32_t *lanes)
{
    (void)sunit;
    const tgx_tex_view *view = unit < XUNITS ? m->sview[unit] : NULL;
    sample_pos_fill(m, in, false, view ? tgx_tex_query_samples(view) : 0, lanes);
    return true;
}

/* SAMPLE_POS: (x, y, 0, 0) of sample src1.x in the resource's pattern; 0 if not multisampled
 * (the render target has one sample at the pixel centre, 0.5, 0.5). */
void x_op_sample_pos(xmach *m, const xinst *in)
{
    if (in->src[0].file != XF_SVIEW)
        sample_pos_fill(m, in, true, 1, m->exec);
    else
        for_each_unit(m, in, 0, 0, sample_pos_body);
    store_result(m, in, NULL);
}

static bool load_sview_body(xmach *m, const xinst *in, unsigned unit, unsigned sunit,
                            const uint32_t *lanes)
{
    const tgx_tex_view *view;
    const tgx_sampler *samp;
    if (!unit_views(m, in, unit, sunit, false, &view, &samp))
        return false;
    const tgx_tex_target_info *ti = tgx_tex_target_get((tgx_tex_target)m->p->sview[unit].target);
    tgx_tex_fetch_req req;
    fetch_req(m, in, 1, ti, lanes, &req);
    if (ti && ti->multisample)
        req.sample = &x_fetch(m, in, 1, 3)->i;
    return fetch_call(m, in, view, samp, &req);
}

/* LOAD from SVIEW[u]: a texel fetch from the bound view as an image load reads an image --
 * integer coordinates src1.xyz as the view's declared target takes them (the layer after the
 * texel axes), src1.w the sample of a multisampled view, level 0 of the view, no offsets;
 * anything out of range reads zeros (docs/exec.md). */
void x_op_load_sview(xmach *m, const xinst *in)
{
    if (for_each_unit(m, in, 0, 0, m->tex_hook ? hook_unsampled : load_sview_body))
        store_result(m, in, NULL);
}
