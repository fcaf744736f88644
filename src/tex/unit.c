/* Bound units (tgx/tex.h, "Bound units"): the choices of a view and a sampler made once, the
 * kernels of kernels.h picked for them, and the requests split into groups of eight lanes. The
 * general path (sample.c, fetch.c) stays the reference and takes what the kernels give back. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tex/unit.h"
#include "tgx/util.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

enum { KP_GL, KP_SP, KP_NV }; /* kernels.h's profiles */

/* The byte offsets the kernels compute are 32-bit (and a gather reads 4 bytes at each). */
#define UNIT_MAX_BYTES (INT32_MAX - 64)

/* AVX2 through the compiler's check (which includes the OS saving the YMM state); F16C from
 * CPUID leaf 1, ECX bit 29 (Intel SDM vol. 2A, CPUID), because clang 14's
 * __builtin_cpu_supports does not know "f16c". */
bool tex_have_avx2(void)
{
#if defined(TGX_TEX_AVX2) && defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
    __builtin_cpu_init();
    unsigned a, b, c, d;
    if (!__builtin_cpu_supports("avx2") || !__get_cpuid(1, &a, &b, &c, &d))
        return false;
    return (c >> 29 & 1u) != 0;
#else
    return false;
#endif
}

const char *tgx_tex_simd_name(tgx_tex_simd s)
{
    switch (s) {
    case TGX_TEX_SIMD_AUTO: return "auto";
    case TGX_TEX_SIMD_GENERAL: return "general";
    case TGX_TEX_SIMD_SSE2: return "sse2";
    case TGX_TEX_SIMD_AVX2: return "avx2";
    }
    return "?";
}

/* ---- the format classes --------------------------------------------------------------------- */

/* Every present channel has `bits` bits and the texel is those channels, nothing else. */
static bool channels_of(const tgx_tex_format_info *fi, uint32_t bits)
{
    for (int c = 0; c < 4; c++)
        if (fi->bits[c] && fi->bits[c] != bits)
            return false;
    return fi->pack == TGX_TEX_PACK_ARRAY && fi->bytes * 8u == fi->channels * bits;
}

/* A channel of the format has `bits` bits. */
static bool has_bits(const tgx_tex_format_info *fi, uint32_t bits)
{
    return fi->bits[0] == bits || fi->bits[1] == bits || fi->bits[2] == bits || fi->bits[3] == bits;
}

/* How the kernels read a format (unit.h, TEX_FMT_CLASSES); tables: the byte formats' tables
 * exist. Channels a class does not read must decode to 0 (absent ones), or the map must not
 * read them (depth formats: unit_init checks). */
static tex_fmt_class class_of(const tgx_tex_format_info *fi, bool tables)
{
    if (fi->block != 1)
        return TEX_FMT_NONE;
    if (channels_of(fi, 8)) {
        if (fi->channels == 4 && fi->type == TGX_TEX_TYPE_UNORM)
            return TEX_FMT_U8X4;
        return tables ? TEX_FMT_B8 : TEX_FMT_ANY;
    }
    if (channels_of(fi, 16) && (fi->type == TGX_TEX_TYPE_UNORM || fi->type == TGX_TEX_TYPE_SNORM))
        return TEX_FMT_U16;
    if (channels_of(fi, 16) && fi->type == TGX_TEX_TYPE_FLOAT)
        return TEX_FMT_F16;
    if (channels_of(fi, 32) && fi->type == TGX_TEX_TYPE_FLOAT)
        return TEX_FMT_F32;
    if (fi->pack == TGX_TEX_PACK_Z32FS8 && fi->type == TGX_TEX_TYPE_FLOAT)
        return TEX_FMT_F32; /* the depth word first; the stencil channel decodes to 0 */
    if ((fi->pack == TGX_TEX_PACK_BITS || fi->pack == TGX_TEX_PACK_Z24S8) && fi->bits[0] == 24 &&
        fi->type == TGX_TEX_TYPE_UNORM)
        return TEX_FMT_D24; /* channel 0 only */
    if (fi->is_integer || fi->layout == TGX_TEX_LAYOUT_S || fi->layout == TGX_TEX_LAYOUT_XS)
        return TEX_FMT_ANY; /* texel fetch and gather read their words as they are */
    return TEX_FMT_ANY;
}

/* The stored channels a class computes (the others are 0, or not read: see class_of). */
static unsigned class_channels(tex_fmt_class f, const tgx_tex_format_info *fi)
{
    switch (f) {
    case TEX_FMT_D24: return 1u;
    case TEX_FMT_F32:
        return (fi->bits[0] == 32 ? 1u : 0u) | (fi->bits[1] == 32 ? 2u : 0u) |
               (fi->bits[2] == 32 ? 4u : 0u) | (fi->bits[3] == 32 ? 8u : 0u);
    default: return 15u;
    }
}

/* ---- binding -------------------------------------------------------------------------------- */

static void fill_levels(tex_unit *u)
{
    const tgx_tex_desc *desc = tgx_tex_get_desc(u->view.tex);
    const uint8_t *data0 = tgx_tex_level_data_const(u->view.tex, 0, NULL, NULL);
    u->data = data0;
    u->size0[0] = (int32_t)desc->width;
    u->size0[1] = (int32_t)desc->height;
    u->size0[2] = u->view.target == TGX_TEX_3D ? (int32_t)desc->depth : 1;
    u->same_F = true;
    for (uint32_t l = 0; l < desc->levels && l < 32; l++) {
        size_t row, slice;
        const uint8_t *p = tgx_tex_level_data_const(u->view.tex, l, &row, &slice);
        uint32_t w, h, s;
        tgx_tex_level_size(u->view.tex, l, &w, &h, &s);
        const uint32_t d = u->view.target == TGX_TEX_3D ? s : 1;
        uint32_t max_dim = w > h ? w : h;
        if (u->view.target == TGX_TEX_3D && d > max_dim)
            max_dim = d;
        u->lv.w[l] = (int32_t)w;
        u->lv.h[l] = (int32_t)h;
        u->lv.d[l] = (int32_t)d;
        u->lv.wf[l] = (float)w;
        u->lv.hf[l] = (float)h;
        u->lv.df[l] = (float)d;
        u->lv.off[l] = (int32_t)(p - data0);
        u->lv.row[l] = (int32_t)row;
        u->lv.slice[l] = (int32_t)slice;
        u->lv.F[l] = tex_nv_coord_bits(u->view.target, max_dim);
        u->lv.scaleF[l] = ldexpf(1.0f, u->lv.F[l]);
        u->same_F &= u->lv.F[l] == u->lv.F[0];
    }
}

int32_t tex_nv_form(int arith, float f, uint32_t bits)
{
    switch (arith) {
    case TEX_NV_UNORM16: return (int32_t)lrintf(f * 65535.0f); /* as tex_nv_blend widens */
    case TEX_NV_SNORM16: return tex_nv_snorm15(f, bits);
    case TEX_NV_SRGB8: return tgx_tex_srgb8_nv_exponent(f);
    default: return 0;
    }
}

/* The byte formats' tables, made by the binding's own decoder and nv rules: a texel whose bytes
 * are all b decodes, channel by channel, as each byte alone does. */
static void fill_tables(tex_unit *u, tgx_texel_decode_fn decode, const tex_ctx *c)
{
    for (uint32_t b = 0; b < 256; b++) {
        uint8_t texel[16];
        memset(texel, (int)b, sizeof texel);
        tgx_texel t;
        decode(texel, 0, &t);
        for (int ch = 0; ch < 4; ch++) {
            memcpy(&u->dec[ch][b], &t.u[ch], sizeof(float));
            u->v16[ch][b] = c && c->nv ? tex_nv_form(c->nv_arith[ch], t.f[ch], c->fi->bits[ch]) : 0;
        }
    }
}

static bool wrap_may_border(tgx_tex_wrap w)
{
    return w == TGX_TEX_WRAP_CLAMP || w == TGX_TEX_WRAP_MIRROR_CLAMP ||
           w == TGX_TEX_WRAP_CLAMP_TO_BORDER || w == TGX_TEX_WRAP_MIRROR_CLAMP_TO_BORDER;
}

/* What the sampling kernels need of the sampler, from the general path's own functions. */
static void sampler_constants(tex_unit *u)
{
    const tex_ctx *c = &u->ctx[0];
    const tgx_sampler *s = &u->samp;
    u->lod_lo = c->nv ? tex_nv_quantize_lod(s->min_lod) : s->min_lod;
    u->lod_hi = c->nv ? tex_nv_quantize_lod(s->max_lod) : s->max_lod;
    u->bias0 = tex_total_bias(c, 0.0f);
    u->samp_bias = c->nv ? tex_nv_quantize_lod(s->lod_bias) : s->lod_bias;
    u->mip = c->unnormalized ? TGX_TEX_MIP_NONE : (int)s->mip_filter;
    if (c->is_int && u->mip == TGX_TEX_MIP_LINEAR)
        u->mip = TGX_TEX_MIP_NEAREST;
    u->lod_matters =
        (u->mip != TGX_TEX_MIP_NONE && c->last > c->base) || s->min_filter != s->mag_filter;
    tex_choose_mip(c, 0.0f, NULL, &u->fixed);
    u->linear = !c->is_int &&
                (s->min_filter == TGX_TEX_FILTER_LINEAR || s->mag_filter == TGX_TEX_FILTER_LINEAR);
    const tgx_tex_compare f = s->compare_func;
    u->cmp_lt = f == TGX_TEX_COMPARE_LESS || f == TGX_TEX_COMPARE_LEQUAL ||
                f == TGX_TEX_COMPARE_NOTEQUAL || f == TGX_TEX_COMPARE_ALWAYS;
    u->cmp_eq = f == TGX_TEX_COMPARE_EQUAL || f == TGX_TEX_COMPARE_LEQUAL ||
                f == TGX_TEX_COMPARE_GEQUAL || f == TGX_TEX_COMPARE_ALWAYS;
    u->cmp_gt = f == TGX_TEX_COMPARE_GREATER || f == TGX_TEX_COMPARE_GEQUAL ||
                f == TGX_TEX_COMPARE_NOTEQUAL || f == TGX_TEX_COMPARE_ALWAYS;
    u->cmp_un = f == TGX_TEX_COMPARE_NOTEQUAL || f == TGX_TEX_COMPARE_ALWAYS;
    for (int i = 0; i < 2; i++)
        if (u->ctx_ok[i])
            memcpy(u->border_f[i], u->ctx[i].border.f, sizeof u->border_f[i]);
    tgx_texel half = c->border;
    tex_nv_round_half(&half);
    for (int ch = 0; ch < 4; ch++) {
        u->nv_arith[ch] = c->nv_arith[ch];
        u->border_v[ch] =
            c->nv ? tex_nv_form(c->nv_arith[ch], c->border.f[ch], c->fi->bits[ch]) : 0;
        u->border_half[ch] = half.f[ch];
    }
    u->may_border = false;
    for (int a = 0; a < c->dims; a++)
        u->may_border |= wrap_may_border(c->wrap[a]);
    for (int a = 0; a < 3; a++) {
        const uint32_t n =
            a == 0 ? u->lv.w[c->base] : (a == 1 ? u->lv.h[c->base] : u->lv.d[c->base]);
        u->pow2[a] = (n & (n - 1)) == 0;
    }
    const tgx_tex_target_info *ti = tgx_tex_target_get(u->view.target);
    u->dims = c->dims;
    u->layered = c->layered;
    u->nlayers = c->cube ? u->view.num_slices / 6 : u->view.num_slices;
    /* the kernels' coordinate range: exact, |u| <= 1024 (u * size < 2^27 converts exactly);
     * nv, |u| < 2^(28 - F) of the base level (its fixed-point coordinate fits 28 bits) */
    u->coord_max = c->nv ? ldexpf(1.0f, 28 - u->lv.F[c->base]) : 1024.0f;
    const bool plain = !c->cube && !c->unnormalized && s->max_anisotropy <= 1 && !ti->multisample;
    u->take_sample = plain && !c->is_int && u->fmt != TEX_FMT_NONE;
    u->take_gather = plain && c->dims == 2 && u->fmt != TEX_FMT_NONE;
    u->hot_gather = u->fmt == TEX_FMT_U8X4 && c->dims == 2 && !c->cube && u->prof != KP_SP;
    for (int a = 0; a < 2; a++)
        u->hot_gather &= c->wrap[a] == TGX_TEX_WRAP_REPEAT ||
                         c->wrap[a] == TGX_TEX_WRAP_MIRROR_REPEAT ||
                         c->wrap[a] == TGX_TEX_WRAP_CLAMP_TO_EDGE;
    u->hot_u8x4 = u->hot_gather && s->min_filter == TGX_TEX_FILTER_LINEAR &&
                  s->mag_filter == TGX_TEX_FILTER_LINEAR;
    u->hot_near = u->hot_gather && s->min_filter == TGX_TEX_FILTER_NEAREST &&
                  s->mag_filter == TGX_TEX_FILTER_NEAREST;
    u->take_cube = c->cube && !c->unnormalized && s->max_anisotropy <= 1 && !c->is_int &&
                   u->fmt != TEX_FMT_NONE;
    u->take_compare = (u->take_sample || u->take_cube) && u->ctx_ok[1] && c->fi->is_depth &&
                      (u->fmt == TEX_FMT_U16 || u->fmt == TEX_FMT_F32 || u->fmt == TEX_FMT_D24);
}

tgx_status tex_unit_init(tex_unit *u, const tgx_tex_view *view, const tgx_sampler *samp,
                         tgx_tex_simd simd, bool tables, tgx_diag *d)
{
    memset(u, 0, offsetof(tex_unit, dec));
    if (!view || !view->tex)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "binding a texture needs a view");
    tgx_diag why;
    if (tgx_tex_view_check(view, &why) < 0)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "binding a texture: %s", why.message);
    if (simd == TGX_TEX_SIMD_AVX2 && !tex_have_avx2())
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "binding a texture: this machine (or build) has no AVX2 kernels");
    u->view = *view;
    u->has_sampler = samp != NULL;
    if (samp)
        u->samp = *samp;
    if (simd == TGX_TEX_SIMD_AUTO)
        simd = tex_have_avx2() ? TGX_TEX_SIMD_AVX2 : TGX_TEX_SIMD_SSE2;
    u->simd = simd;
    const tgx_tex_desc *desc = tgx_tex_get_desc(view->tex);
    const tgx_tex_format_info *fi = tgx_tex_format_get(view->format);
    const bool small = tgx_tex_level_data_const(view->tex, 0, NULL, NULL) != NULL &&
                       view->tex->size <= UNIT_MAX_BYTES;
    u->fi = fi;
    u->bytes = (int32_t)fi->bytes;
    tgx_tex_channel_map(view, fi, u->map);
    u->identity = u->map[0] == 0 && u->map[1] == 1 && u->map[2] == 2 && u->map[3] == 3;
    u->one = fi->is_integer ? 1u : 0x3f800000u;
    if (samp) {
        tgx_diag ignore;
        u->ctx_ok[0] = tex_ctx_bind(&u->ctx[0], &u->view, &u->samp, false, "", &ignore) == TGX_OK;
        u->ctx_ok[1] = samp->compare_enable &&
                       tex_ctx_bind(&u->ctx[1], &u->view, &u->samp, true, "", &ignore) == TGX_OK;
    }
    const tex_ctx *c = u->ctx_ok[0] ? &u->ctx[0] : NULL;
    u->fetch_decode = tgx_tex_decoder_for(view->format, samp);
    /* the profile as tex_ctx_bind and tgx_tex_decoder_for read it (fetch without a sampler: GL) */
    u->prof = samp && samp->profile == TGX_TEX_PROFILE_NV
                  ? KP_NV
                  : (samp && samp->lod_rule == TGX_TEX_LOD_SOFTPIPE ? KP_SP : KP_GL);
    u->fetch_levels = tgx_tex_query_levels(view);
    u->tex_levels = (int32_t)desc->levels;
    if (simd == TGX_TEX_SIMD_GENERAL || !small)
        return TGX_OK; /* the general path for everything */
    fill_levels(u);
    const tex_fmt_class cls = class_of(fi, tables);
    if (cls == TEX_FMT_B8)
        fill_tables(u, u->fetch_decode, c);
    u->need = 0;
    for (int j = 0; j < 4; j++)
        if (u->map[j] < 4)
            u->need |= 1u << u->map[j];
    const bool covered = (u->need & ~class_channels(cls, fi)) == 0;
    u->fetch_fmt = covered ? cls : TEX_FMT_ANY;
    /* nv 8-bit SNORM: the decode keeps -128 as -128/127, which the filter blends as it stands
     * (TEX_NV_SNORM8) and a texel read alone clamps (tgx_tex_clamp_snorm); the kernels have
     * neither rule, so these formats take the general path */
    const bool nv_snorm8 = u->prof == KP_NV && fi->type == TGX_TEX_TYPE_SNORM && has_bits(fi, 8);
    u->take_fetch = (!fi->block || fi->block == 1) && !nv_snorm8;
    u->take_fetch &= desc->samples == 1;
    if (c) {
        u->fmt = covered && !c->is_int ? cls : (c->is_int ? u->fetch_fmt : TEX_FMT_ANY);
        if (nv_snorm8)
            u->fmt = TEX_FMT_NONE;
        sampler_constants(u);
    }
    if (simd == TGX_TEX_SIMD_AVX2)
        tex_kernels_avx2(u, &u->k);
    else
        tex_kernels_sse2(u, &u->k);
    return TGX_OK;
}

tgx_status tgx_tex_bind(const tgx_tex_view *view, const tgx_sampler *samp_or_null,
                        tgx_tex_simd simd, tgx_tex_binding **out, tgx_diag *d)
{
    *out = NULL;
    tex_unit *u = malloc(sizeof *u);
    if (!u)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory binding a texture");
    tgx_status st = tex_unit_init(u, view, samp_or_null, simd, true, d);
    if (st < 0) {
        free(u);
        return st;
    }
    *out = u;
    return TGX_OK;
}

void tgx_tex_unbind(tgx_tex_binding *b)
{
    free(b);
}

tgx_tex_simd tgx_tex_binding_simd(const tgx_tex_binding *b, tgx_tex_op op)
{
    const void *k = NULL;
    switch (op) {
    case TGX_TEX_OP_SAMPLE: k = (const void *)b->k.sample[0]; break;
    case TGX_TEX_OP_COMPARE: k = (const void *)b->k.sample[1]; break;
    case TGX_TEX_OP_GATHER: k = (const void *)b->k.gather[0]; break;
    case TGX_TEX_OP_GATHER_C: k = (const void *)b->k.gather[1]; break;
    case TGX_TEX_OP_FETCH: k = (const void *)b->k.fetch; break;
    }
    return k ? b->simd : TGX_TEX_SIMD_GENERAL;
}

/* ---- requests ------------------------------------------------------------------------------- */

/* Whether a request's shape is one the kernels take (what the binding could not know). */
static bool request_takes(const tex_unit *u, const tgx_tex_sample_req *req, bool gather)
{
    bool offsets = req->offset[0] || req->offset[1] || req->offset[2];
    for (int k = 0; k < 4 && gather; k++)
        offsets |= req->gather_offsets[k][0] || req->gather_offsets[k][1];
    if (offsets) /* offsets under a clamp transform: the general path */
        for (int a = 0; a < u->dims; a++)
            if (u->ctx[0].wrap[a] == TGX_TEX_WRAP_CLAMP ||
                u->ctx[0].wrap[a] == TGX_TEX_WRAP_MIRROR_CLAMP ||
                u->ctx[0].wrap[a] == TGX_TEX_WRAP_MIRROR_CLAMP_TO_EDGE ||
                u->ctx[0].wrap[a] == TGX_TEX_WRAP_MIRROR_CLAMP_TO_BORDER)
                return false;
    return true;
}

tgx_status tex_unit_sample(const tex_unit *u, const tgx_tex_sample_req *req, tgx_tex_result out,
                           bool gather, tgx_diag *d)
{
    const bool cmp = u->has_sampler && u->samp.compare_enable && req && req->ref;
    if (!u->has_sampler || !u->ctx_ok[cmp]) /* the general path says what is wrong */
        return gather ? tex_gather_general(&u->view, u->has_sampler ? &u->samp : NULL, req, out, d)
                      : tex_sample_general(&u->view, u->has_sampler ? &u->samp : NULL, req, out, d);
    const tex_ctx *c = &u->ctx[cmp];
    tgx_status st = tex_req_check(c, req, gather ? "texture gather" : "texture sample", d);
    if (st < 0)
        return st;
    if (gather && (st = tex_gather_check(c, req, d)) < 0)
        return st;
    tex_sample_kernel k = gather ? u->k.gather[cmp] : u->k.sample[cmp];
    if (k && request_takes(u, req, gather)) {
        k(u, req, out);
        return TGX_OK;
    }
    if (gather) {
        tex_gather_lanes(c, req, 0, req->lanes, out);
        return TGX_OK;
    }
    for (uint32_t q = 0; q < req->lanes / 4; q++)
        if (tex_quad_active(req->active, q))
            tex_sample_quad(c, req, q, out);
    return TGX_OK;
}

tgx_status tex_unit_fetch(const tex_unit *u, const tgx_tex_fetch_req *req, tgx_tex_result out,
                          tgx_diag *d)
{
    /* TLD.CL's edge clamp is the general path's alone */
    if (!u->k.fetch || !req || (req->lanes & 3u) || req->edge_clamp)
        return tex_fetch_general(&u->view, u->has_sampler ? &u->samp : NULL, req, out, d);
    u->k.fetch(u, req, out);
    return TGX_OK;
}

tgx_status tgx_tex_bound_sample(const tgx_tex_binding *b, const tgx_tex_sample_req *req,
                                tgx_tex_result out, tgx_diag *d)
{
    return tex_unit_sample(b, req, out, false, d);
}

tgx_status tgx_tex_bound_gather(const tgx_tex_binding *b, const tgx_tex_sample_req *req,
                                tgx_tex_result out, tgx_diag *d)
{
    return tex_unit_sample(b, req, out, true, d);
}

tgx_status tgx_tex_bound_fetch(const tgx_tex_binding *b, const tgx_tex_fetch_req *req,
                               tgx_tex_result out, tgx_diag *d)
{
    return tex_unit_fetch(b, req, out, d);
}

/* ---- the unbound calls: a binding on the stack --------------------------------------------- */

tgx_status tgx_tex_sample(const tgx_tex_view *view, const tgx_sampler *samp,
                          const tgx_tex_sample_req *req, tgx_tex_result out, tgx_diag *d)
{
    tex_unit u;
    if (!view || !view->tex || !samp || !req ||
        tex_unit_init(&u, view, samp, TGX_TEX_SIMD_AUTO, false, d) < 0)
        return tex_sample_general(view, samp, req, out, d);
    return tex_unit_sample(&u, req, out, false, d);
}

tgx_status tgx_tex_gather(const tgx_tex_view *view, const tgx_sampler *samp,
                          const tgx_tex_sample_req *req, tgx_tex_result out, tgx_diag *d)
{
    tex_unit u;
    if (!view || !view->tex || !samp || !req ||
        tex_unit_init(&u, view, samp, TGX_TEX_SIMD_AUTO, false, d) < 0)
        return tex_gather_general(view, samp, req, out, d);
    return tex_unit_sample(&u, req, out, true, d);
}

tgx_status tgx_tex_fetch(const tgx_tex_view *view, const tgx_sampler *samp_or_null,
                         const tgx_tex_fetch_req *req, tgx_tex_result out, tgx_diag *d)
{
    tex_unit u;
    if (!view || !view->tex || !req ||
        tex_unit_init(&u, view, samp_or_null, TGX_TEX_SIMD_AUTO, false, d) < 0)
        return tex_fetch_general(view, samp_or_null, req, out, d);
    return tex_unit_fetch(&u, req, out, d);
}
