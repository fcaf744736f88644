/* Filtered classes through the texture unit: TEX, TEXS, TXD (sample), TLD4, TLD4S (gather),
 * TMML (LOD query) and TXA (VCAA resolve). Each builds one tgx_tex_sample_req over all 32
 * threads -- every thread's coordinates, since inactive threads are quad neighbours -- with the
 * group's threads active, and hands it to the unit with the header's view and the sampler. */
#include <math.h>
#include <string.h>

#include "emu/emu_internal.h"
#include "tgx/util.h"

/* Scratch columns of one request. */
typedef struct req_cols {
    tgx_lane_mask active[EMU_W];
    emu_col layer, lod, clamp, zero;
    emu_col off[3];
    emu_col ptp[4][2];
} req_cols;

/* The array index (U16 in the low bits of the array register; TXD with .LC: 12 bits) of an
 * array instruction on an array header; layer 0 when the header is an array and the
 * instruction is not; NULL for a header without layers. */
static const float *layer_column(const emu_ctx *c, const emu_group *g, req_cols *k)
{
    if (!emu_header_is_array(g->header))
        return NULL;
    const tgx_sm5_insn *in = c->in;
    const emu_col *src = NULL;
    uint32_t mask = 0xffffu;
    if (c->has[TGX_SM5_P_ARRAY])
        src = &c->param[TGX_SM5_P_ARRAY];
    else if (c->has[TGX_SM5_P_ARRAY_LC])
        src = &c->param[TGX_SM5_P_ARRAY_LC];
    else if (c->has[TGX_SM5_P_TXD_EXTRA]) {
        src = &c->param[TGX_SM5_P_TXD_EXTRA];
        mask = (in->flags & TGX_SM5_F_LC) ? 0xfffu : 0xffffu;
    }
    for (unsigned t = 0; t < EMU_W; t++)
        k->layer.f[t] = src && emu_insn_is_array(in) ? (float)(src->u[t] & mask) : 0.0f;
    return k->layer.f;
}

static void set_coords(const emu_ctx *c, const emu_group *g, req_cols *k, tgx_tex_sample_req *r)
{
    r->lanes = EMU_W;
    emu_lane_mask(g->mask, k->active);
    r->active = k->active;
    r->s = c->param[TGX_SM5_P_S].f;
    r->t = c->has[TGX_SM5_P_T] ? c->param[TGX_SM5_P_T].f : NULL;
    r->r = c->has[TGX_SM5_P_R] ? c->param[TGX_SM5_P_R].f : NULL;
    r->layer = layer_column(c, g, k);
}

/* .AOFFI of TEX/TXD: 4-bit u, v, w (nouveau handleTEX, yuzu MakeOffset); cubes take none. */
static void set_texel_offsets(const emu_ctx *c, req_cols *k, tgx_tex_sample_req *r)
{
    const tgx_sm5_insn *in = c->in;
    unsigned target = emu_insn_target(in);
    if (!(in->flags & TGX_SM5_F_AOFFI) || target == TGX_SM5_CUBE || target == TGX_SM5_ARRAY_CUBE)
        return;
    bool txd = in->cls == TGX_SM5_TXD || in->cls == TGX_SM5_TXD_B;
    const emu_col *src = &c->param[txd ? TGX_SM5_P_TXD_EXTRA : TGX_SM5_P_OFFSET];
    unsigned shift = !txd ? 0u : (in->flags & TGX_SM5_F_LC) ? 12u : 16u;
    emu_unpack_offsets(src, emu_coord_axes(in), 4, 4, shift, k->off);
    for (unsigned a = 0; a < emu_coord_axes(in); a++)
        r->offset[a] = k->off[a].i;
}

/* .LC: the minimum LOD, U8.8 above the array index (NAK) or, for TXD, U4.8 in bits 31..20
 * (yuzu texture_gradient.cpp). */
static void set_lod_clamp(const emu_ctx *c, req_cols *k, tgx_tex_sample_req *r)
{
    if (!(c->in->flags & TGX_SM5_F_LC))
        return;
    bool txd = c->has[TGX_SM5_P_TXD_EXTRA];
    const emu_col *src = &c->param[txd ? TGX_SM5_P_TXD_EXTRA : TGX_SM5_P_ARRAY_LC];
    for (unsigned t = 0; t < EMU_W; t++)
        k->clamp.f[t] = (float)(txd ? src->u[t] >> 20 : src->u[t] >> 16) / 256.0f;
    r->lod_clamp = k->clamp.f;
}

/* The LOD mode of TEX/TEXS. LBA and LLA act as LB and LL (yuzu's decoder: "does not appear to
 * differ"). Without quads an implicit LOD is LOD 0 plus the bias, as in the TGSI interpreter. */
static void set_lod(const emu_ctx *c, req_cols *k, tgx_tex_sample_req *r)
{
    const tgx_sm5_insn *in = c->in;
    memset(k->zero.u, 0, sizeof k->zero.u);
    const float *lod = c->has[TGX_SM5_P_LOD] ? c->param[TGX_SM5_P_LOD].f : k->zero.f;
    switch (in->lod) {
    case TGX_SM5_LOD_LZ: r->lod_mode = TGX_TEX_LOD_ZERO; break;
    case TGX_SM5_LOD_LB:
    case TGX_SM5_LOD_LBA: r->lod_mode = TGX_TEX_LOD_BIAS; break;
    case TGX_SM5_LOD_LL:
    case TGX_SM5_LOD_LLA: r->lod_mode = TGX_TEX_LOD_EXPLICIT; break;
    default: r->lod_mode = TGX_TEX_LOD_IMPLICIT; break;
    }
    r->lod = lod;
    if (!c->emu->quads &&
        (r->lod_mode == TGX_TEX_LOD_IMPLICIT || r->lod_mode == TGX_TEX_LOD_BIAS)) {
        r->lod_mode = TGX_TEX_LOD_EXPLICIT; /* lod is the bias, or zero */
        r->lod = in->lod == TGX_SM5_LOD_NONE ? k->zero.f : lod;
    }
}

static void set_gradients(const emu_ctx *c, tgx_tex_sample_req *r)
{
    static const tgx_sm5_param dx[3] = {TGX_SM5_P_DSDX, TGX_SM5_P_DTDX, TGX_SM5_P_DRDX};
    static const tgx_sm5_param dy[3] = {TGX_SM5_P_DSDY, TGX_SM5_P_DTDY, TGX_SM5_P_DRDY};
    r->lod_mode = TGX_TEX_LOD_GRAD;
    for (unsigned a = 0; a < 3; a++) {
        r->ddx[a] = c->has[dx[a]] ? c->param[dx[a]].f : NULL;
        r->ddy[a] = c->has[dy[a]] ? c->param[dy[a]].f : NULL;
    }
}

static tgx_tex_result result_of(emu_ctx *c)
{
    return (tgx_tex_result){{c->res[0].u, c->res[1].u, c->res[2].u, c->res[3].u}};
}

static tgx_status unit_failed(emu_ctx *c, const char *what, const tgx_diag *ud)
{
    return tgx_diag_set(c->d, ud->status, NULL, 0, 0, "%s: texture unit: %s", what, ud->message);
}

/* An unmapped (sparse) texture: zeros, and the sparse predicate says so. */
static bool unmapped(emu_ctx *c, const emu_group *g)
{
    if (!g->header->unmapped)
        return false;
    c->sparse |= g->mask;
    return true;
}

tgx_status emu_sample(emu_ctx *c, const emu_group *g)
{
    const tgx_sm5_insn *in = c->in;
    if (!g->samp || !emu_target_matches(in, g->header, true) || unmapped(c, g))
        return TGX_OK;
    req_cols k;
    tgx_tex_sample_req r;
    memset(&r, 0, sizeof r);
    set_coords(c, g, &k, &r);
    bool txd = in->cls == TGX_SM5_TXD || in->cls == TGX_SM5_TXD_B;
    if (txd)
        set_gradients(c, &r);
    else
        set_lod(c, &k, &r);
    set_texel_offsets(c, &k, &r);
    set_lod_clamp(c, &k, &r);
    tgx_sampler local = *g->samp;
    if (in->flags & TGX_SM5_F_DC) {
        r.ref = c->param[TGX_SM5_P_DC].f;
        /* sm5-TEXS: TEXS and TEXS.LZ with .DC compare whatever the sampler says; TEXS.LL (and
         * every other class) only when the sampler enables comparison */
        if (in->cls == TGX_SM5_TEXS && in->lod != TGX_SM5_LOD_LL)
            local.compare_enable = true;
    }
    tgx_diag ud;
    tgx_diag_clear(&ud);
    if (tgx_tex_sample(&g->header->view, &local, &r, result_of(c), &ud) < 0)
        return unit_failed(c, tgx_sm5_class_name(in->cls), &ud);
    return TGX_OK;
}

/* .AOFFI of TLD4/TLD4S: one byte per axis, 6 bits used; .PTP: two registers, texels 0..3 as
 * (x, y) byte pairs (yuzu texture_gather.cpp; nouveau packs bytes). */
static void set_gather_offsets(const emu_ctx *c, req_cols *k, tgx_tex_sample_req *r)
{
    const tgx_sm5_insn *in = c->in;
    if (c->has[TGX_SM5_P_OFFSET]) {
        emu_unpack_offsets(&c->param[TGX_SM5_P_OFFSET], 2, 8, 6, 0, k->off);
        r->offset[0] = k->off[0].i;
        r->offset[1] = k->off[1].i;
    }
    if (in->toff != TGX_SM5_TOFF_PTP)
        return;
    for (unsigned texel = 0; texel < 4; texel++) {
        emu_col xy[3];
        const emu_col *src = &c->param[texel < 2 ? TGX_SM5_P_PTP0 : TGX_SM5_P_PTP1];
        emu_unpack_offsets(src, 2, 8, 6, (texel % 2) * 16u, xy);
        k->ptp[texel][0] = xy[0];
        k->ptp[texel][1] = xy[1];
        r->gather_offsets[texel][0] = k->ptp[texel][0].i;
        r->gather_offsets[texel][1] = k->ptp[texel][1].i;
    }
}

tgx_status emu_gather(emu_ctx *c, const emu_group *g)
{
    const tgx_sm5_insn *in = c->in;
    unsigned axes = emu_coord_axes(in);
    unsigned target = emu_insn_target(in);
    bool cube = target == TGX_SM5_CUBE || target == TGX_SM5_ARRAY_CUBE;
    /* a bilinear footprint exists for 2D and cube textures only (PTX tld4: 2d, a2d, cube,
     * acube); 1D and 3D gathers read zeros */
    if (!g->samp || (axes != 2 && !cube) || !emu_target_matches(in, g->header, true) ||
        unmapped(c, g))
        return TGX_OK;
    req_cols k;
    tgx_tex_sample_req r;
    memset(&r, 0, sizeof r);
    set_coords(c, g, &k, &r);
    r.lod_mode = TGX_TEX_LOD_ZERO;
    r.component = in->component & 3u;
    if (!cube)
        set_gather_offsets(c, &k, &r);
    if (in->flags & TGX_SM5_F_DC)
        r.ref = c->param[TGX_SM5_P_DC].f;
    tgx_diag ud;
    tgx_diag_clear(&ud);
    if (tgx_tex_gather(&g->header->view, g->samp, &r, result_of(c), &ud) < 0)
        return unit_failed(c, tgx_sm5_class_name(in->cls), &ud);
    return TGX_OK;
}

/* v in fixed point with `frac` fraction bits, truncated toward zero and saturated to
 * [lo, hi], as the low `bits` bits (sm5-TMML: "High bits are zero"). */
static uint32_t fixed_point(float v, unsigned frac, int32_t lo, int32_t hi, unsigned bits)
{
    int32_t q = tgx_f2i_sat(v * (float)(1u << frac));
    q = q < lo ? lo : q > hi ? hi : q;
    return (uint32_t)q & ((1u << bits) - 1u);
}

tgx_status emu_lod(emu_ctx *c, const emu_group *g)
{
    const tgx_sm5_insn *in = c->in;
    if (!g->samp || !emu_target_matches(in, g->header, true))
        return TGX_OK;
    req_cols k;
    tgx_tex_sample_req r;
    memset(&r, 0, sizeof r);
    memset(&k.zero, 0, sizeof k.zero);
    set_coords(c, g, &k, &r);
    r.layer = NULL; /* the LOD does not depend on the layer */
    r.lod_mode = c->emu->quads ? TGX_TEX_LOD_IMPLICIT : TGX_TEX_LOD_EXPLICIT;
    r.lod = k.zero.f;
    emu_col clamped, unclamped, major_u, major_v, ratio;
    tgx_diag ud;
    tgx_diag_clear(&ud);
    if (tgx_tex_query_lod(&g->header->view, g->samp, &r, clamped.f, unclamped.f, &ud) < 0 ||
        tgx_tex_query_aniso(&g->header->view, g->samp, &r, major_u.f, major_v.f, ratio.f, &ud) < 0)
        return unit_failed(c, "TMML", &ud);
    for (unsigned t = 0; t < EMU_W; t++) {
        if (!(g->mask >> t & 1u))
            continue;
        /* sm5-TMML: R = unclamped LOD S8.8, G = clamped LOD U8.8, B = {v, u} S2.6 each, A =
         * log2(minor / major) S4.12 */
        c->res[0].u[t] = fixed_point(unclamped.f[t], 8, -32768, 32767, 16);
        c->res[1].u[t] = fixed_point(clamped.f[t], 8, 0, 65535, 16);
        c->res[2].u[t] = fixed_point(major_u.f[t], 6, -128, 127, 8) |
                         fixed_point(major_v.f[t], 6, -128, 127, 8) << 8;
        c->res[3].u[t] = fixed_point(ratio.f[t], 12, -32768, 32767, 16);
    }
    return TGX_OK;
}

/* TXA: the VCAA resolve. Ra+2 holds 8 weights of 4 bits; sample k of the pixel at (s, t) lies
 * at the D3D standard 8-sample position k (tgx_tex_sample_position), one texel of the view's
 * base level being one pixel. Result = sum(w_k * sample_k) / sum(w_k), each sample a lookup
 * at LOD 0 with the sampler's filter; zeros when every weight is 0 (docs/sm5-emu.md, "TXA"). */
tgx_status emu_txa(emu_ctx *c, const emu_group *g)
{
    if (!g->samp || !emu_target_matches(c->in, g->header, true) ||
        tgx_tex_format_get(g->header->view.format)->is_integer || unmapped(c, g))
        return TGX_OK;
    uint32_t w = 0, h = 0, slices = 0;
    tgx_tex_level_size(g->header->view.tex, g->header->view.base_level, &w, &h, &slices);
    tgx_sampler local = *g->samp;
    local.normalized_coords = true; /* sm5-TXA: "a 2D normalized texture lookup" */
    float acc[4][EMU_W], wsum[EMU_W];
    memset(acc, 0, sizeof acc);
    memset(wsum, 0, sizeof wsum);
    for (unsigned s = 0; s < 8; s++) {
        float pos[2];
        tgx_tex_sample_position(8, s, pos);
        emu_col cs, ct, out[4];
        req_cols k;
        for (unsigned t = 0; t < EMU_W; t++) {
            cs.f[t] = c->param[TGX_SM5_P_S].f[t] + (pos[0] - 0.5f) / (float)w;
            ct.f[t] = c->param[TGX_SM5_P_T].f[t] + (pos[1] - 0.5f) / (float)h;
        }
        tgx_tex_sample_req r;
        memset(&r, 0, sizeof r);
        r.lanes = EMU_W;
        emu_lane_mask(g->mask, k.active);
        r.active = k.active;
        r.s = cs.f;
        r.t = ct.f;
        r.layer = layer_column(c, g, &k);
        r.lod_mode = TGX_TEX_LOD_ZERO;
        tgx_diag ud;
        tgx_diag_clear(&ud);
        tgx_tex_result res = {{out[0].u, out[1].u, out[2].u, out[3].u}};
        if (tgx_tex_sample(&g->header->view, &local, &r, res, &ud) < 0)
            return unit_failed(c, "TXA", &ud);
        for (unsigned t = 0; t < EMU_W; t++) {
            float wk = (float)(c->param[TGX_SM5_P_WEIGHTS].u[t] >> (4 * s) & 15u);
            if (!(g->mask >> t & 1u) || wk == 0.0f)
                continue;
            wsum[t] += wk;
            for (unsigned ch = 0; ch < 4; ch++)
                acc[ch][t] += wk * out[ch].f[t];
        }
    }
    for (unsigned t = 0; t < EMU_W; t++)
        if ((g->mask >> t & 1u) && wsum[t] > 0.0f)
            for (unsigned ch = 0; ch < 4; ch++)
                c->res[ch].f[t] = acc[ch][t] / wsum[t];
    return TGX_OK;
}
