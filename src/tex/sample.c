/* Filtered sampling, gather and LOD queries over lane batches.
 *
 * Per request: one tex_ctx (format decoder, channel map, profile switches) is built once. Per
 * quad: coordinates are prepared for all four lanes (inactive ones too, for derivatives) and the
 * LOD is computed. Per active lane: mip levels are chosen and each level is filtered; results
 * go through the layout + view swizzle map. Formulas: GL 4.6 sections 8.14-8.15 and 8.23 (exact
 * profile), the H100 probes (nv profile, docs/sources.md); docs/texture.md lists them. */
#include <math.h>
#include <string.h>

#include "tex/sampling.h"
#include "tgx/util.h"

/* ---- request context ------------------------------------------------------------------------ */

/* The border colour in stored-channel order: stored channel k takes the first result component
 * that reads it (GL 4.6 section 8.14.2: the border is "interpreted as an RGBA color to match the
 * texture's internal format"). Normalised formats clamp it to their range. */
static void init_border(tex_ctx *c)
{
    tgx_tex_view ident = *c->view;
    uint8_t lm[4];
    for (int i = 0; i < 4; i++)
        ident.swizzle[i] = (tgx_tex_swizzle)i;
    tgx_tex_channel_map(&ident, c->fi, lm);
    memset(&c->border, 0, sizeof c->border);
    for (int k = 3; k >= 0; k--) {
        for (int i = 3; i >= 0; i--) {
            if (lm[i] != k)
                continue;
            if (c->is_int) {
                c->border.u[k] = c->samp->border_color_int[i];
                continue;
            }
            float v = c->samp->border_color[i];
            tgx_tex_type ty = c->fi->type;
            if (ty == TGX_TEX_TYPE_UNORM || ty == TGX_TEX_TYPE_SRGB)
                v = v != v ? 0.0f : fminf(fmaxf(v, 0.0f), 1.0f);
            else if (ty == TGX_TEX_TYPE_SNORM)
                v = v != v ? 0.0f : fminf(fmaxf(v, -1.0f), 1.0f);
            if (c->nv)
                v = tex_nv_border_channel(ty, c->fi->bits[k], k, v);
            c->border.f[k] = v;
        }
    }
}

tgx_status tex_ctx_bind(tex_ctx *c, const tgx_tex_view *view, const tgx_sampler *samp, bool compare,
                        const char *what, tgx_diag *d)
{
    if (!view || !view->tex || !samp)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s needs a view, a sampler and lanes",
                            what);
    const tgx_tex_target_info *ti = tgx_tex_target_get(view->target);
    if (!ti)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s: unknown view target %d", what,
                            (int)view->target);
    const tgx_tex_desc *desc = tgx_tex_get_desc(view->tex);
    memset(c, 0, sizeof *c);
    c->view = view;
    c->samp = samp;
    c->tex = view->tex;
    c->fi = tgx_tex_format_get(view->format);
    if (!tgx_tex_formats_compatible(c->fi, tgx_tex_get_format(view->tex)))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "%s: the view's format does not have the texture's texel size", what);
    if (ti->multisample || desc->samples > 1)
        return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                            "%s: multisampled textures are read with texel fetch, not sampled",
                            what);
    if (view->base_level > view->max_level || view->base_level >= desc->levels)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "%s: view levels %u..%u do not exist (the texture has %u)", what,
                            view->base_level, view->max_level, desc->levels);
    tgx_diag why;
    if (tgx_tex_view_check(view, &why) < 0) /* a cube view of 2D storage would read past it */
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s: %s", what, why.message);
    c->decode = tgx_tex_decoder_for(view->format, samp);
    tgx_tex_channel_map(view, c->fi, c->map);
    c->nv = samp->profile == TGX_TEX_PROFILE_NV;
    c->softpipe = !c->nv && samp->lod_rule == TGX_TEX_LOD_SOFTPIPE;
    c->is_int = c->fi->is_integer;
    c->compare = samp->compare_enable && compare;
    /* softpipe filters the depth values and compares the result (Mesa 22.3 sp_tex_sample.c:
     * sample_compare runs on the filtered rgba), so its results are only 0 or 1 */
    c->compare_late = c->compare && c->softpipe;
    c->unnormalized = !samp->normalized_coords || ti->texel_coords;
    if (c->nv)
        tex_nv_init_arith(c);
    c->nv_half = c->nv && !c->compare && c->fi->type == TGX_TEX_TYPE_FLOAT && c->fi->bits[0] == 16;
    c->cube = ti->cube;
    c->layered = ti->layered;
    c->dims = ti->dims;
    c->base = view->base_level;
    c->last = view->max_level < desc->levels - 1 ? view->max_level : desc->levels - 1;
    const tgx_tex_wrap wrap[3] = {samp->wrap_s, samp->wrap_t, samp->wrap_r};
    for (int a = 0; a < 3; a++)
        c->wrap[a] = c->nv && c->unnormalized ? tex_nv_unnormalized_wrap(wrap[a]) : wrap[a];
    init_border(c);
    return TGX_OK;
}

tgx_status tex_req_check(const tex_ctx *c, const tgx_tex_sample_req *req, const char *what,
                         tgx_diag *d)
{
    if (!req)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s needs a view, a sampler and lanes",
                            what);
    if (req->lanes & 3u)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "%s: %u lanes is not a multiple of 4 (lanes come in quads)", what,
                            req->lanes);
    const tgx_tex_target_info *ti = tgx_tex_target_get(c->view->target);
    if (req->lanes && (!req->s || (ti->coords > 1 && !req->t) || (ti->coords > 2 && !req->r)))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s on a %s texture needs %s coordinates",
                            what, ti->name, ti->coords == 1 ? "s" : "s, t (and r)");
    return TGX_OK;
}

/* The context of a request: the view and sampler's, then the request's checks (in the order the
 * messages have always come: a missing piece, the lane count, the target, the coordinates, the
 * view). */
static tgx_status ctx_init(tex_ctx *c, const tgx_tex_view *view, const tgx_sampler *samp,
                           const tgx_tex_sample_req *req, const char *what, tgx_diag *d)
{
    if (!view || !view->tex || !samp || !req)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s needs a view, a sampler and lanes",
                            what);
    if (req->lanes & 3u)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "%s: %u lanes is not a multiple of 4 (lanes come in quads)", what,
                            req->lanes);
    const tgx_tex_target_info *ti = tgx_tex_target_get(view->target);
    if (!ti)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s: unknown view target %d", what,
                            (int)view->target);
    if (req->lanes && (!req->s || (ti->coords > 1 && !req->t) || (ti->coords > 2 && !req->r)))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s on a %s texture needs %s coordinates",
                            what, ti->name, ti->coords == 1 ? "s" : "s, t (and r)");
    return tex_ctx_bind(c, view, samp, req->ref != NULL, what, d);
}

/* ---- texels --------------------------------------------------------------------------------- */

void tex_level_get(const tex_ctx *c, uint32_t level, level_info *li)
{
    li->data = tgx_tex_level_data_const(c->tex, level, &li->row, &li->slice);
    tgx_tex_level_size(c->tex, level, &li->w, &li->h, &li->d);
    li->max_dim = li->w > li->h ? li->w : li->h;
    if (c->view->target == TGX_TEX_3D && li->d > li->max_dim)
        li->max_dim = li->d;
}

/* GL 4.6 section 8.23.1: the depth comparison of one texel, 1.0 or 0.0. Fixed-point depth
 * formats clamp the reference to [0, 1]. */
static float compare_texel(const tex_ctx *c, float ref, float dt)
{
    if (c->fi->type == TGX_TEX_TYPE_UNORM)
        ref = ref != ref ? 0.0f : fminf(fmaxf(ref, 0.0f), 1.0f);
    bool r = false;
    switch (c->samp->compare_func) {
    case TGX_TEX_COMPARE_NEVER: r = false; break;
    case TGX_TEX_COMPARE_LESS: r = ref < dt; break;
    case TGX_TEX_COMPARE_EQUAL: r = ref == dt; break;
    case TGX_TEX_COMPARE_LEQUAL: r = ref <= dt; break;
    case TGX_TEX_COMPARE_GREATER: r = ref > dt; break;
    case TGX_TEX_COMPARE_NOTEQUAL: r = ref != dt; break;
    case TGX_TEX_COMPARE_GEQUAL: r = ref >= dt; break;
    case TGX_TEX_COMPARE_ALWAYS: r = true; break;
    }
    return r ? 1.0f : 0.0f;
}

/* One texel (x, y, slice) of a level, or the border colour when any index is -1; with depth
 * compare the result is the comparison (all channels). */
static void texel_get(const tex_ctx *c, const level_info *li, int32_t x, int32_t y, int32_t z,
                      float ref, tgx_texel *t)
{
    if (x < 0 || y < 0 || z < 0) {
        *t = c->border;
    } else {
        uint32_t k;
        const uint8_t *p = tgx_tex_texel_addr(c->fi, li->data, li->row, li->slice, (uint32_t)x,
                                              (uint32_t)y, (uint32_t)z, &k);
        c->decode(p, k, t);
    }
    if (c->compare && !c->compare_late) {
        float r = compare_texel(c, ref, t->f[0]);
        t->f[0] = t->f[1] = t->f[2] = t->f[3] = r;
    }
}

/* ---- blending ------------------------------------------------------------------------------- */

/* Exact profile: weights (1 - a) or a per axis, multiplied and summed in fp32. */
static void blend_exact(const footprint *fp, tgx_texel *out)
{
    const int n = 1 << fp->dims;
    const float a[3] = {fp->ax[0].a, fp->ax[1].a, fp->ax[2].a};
    float wf[8];
    tex_exact_weights(a, fp->dims, wf);
    for (int ch = 0; ch < 4; ch++) {
        float acc = 0.0f;
        for (int i = 0; i < n; i++)
            acc += wf[i] * fp->tx[i].f[ch];
        out->f[ch] = acc;
    }
}

static void blend_softpipe(const footprint *fp, tgx_texel *out)
{
    const tgx_texel *tx = fp->tx;
    const float a[3] = {fp->ax[0].a, fp->ax[1].a, fp->ax[2].a};
    for (int ch = 0; ch < 4; ch++) {
        if (fp->dims == 1)
            out->f[ch] = tex_lerp(a[0], tx[0].f[ch], tx[1].f[ch]);
        else {
            float v0 = tex_lerp2(a[0], a[1], tx[0].f[ch], tx[1].f[ch], tx[2].f[ch], tx[3].f[ch]);
            if (fp->dims == 3)
                v0 = tex_lerp(
                    a[2], v0,
                    tex_lerp2(a[0], a[1], tx[4].f[ch], tx[5].f[ch], tx[6].f[ch], tx[7].f[ch]));
            out->f[ch] = v0;
        }
    }
}

void tex_blend_level(const tex_ctx *c, const footprint *fp, tgx_texel *out)
{
    if (fp->dims == 0 || c->is_int)
        *out = fp->tx[0];
    else if (c->softpipe)
        blend_softpipe(fp, out);
    else
        blend_exact(fp, out);
}

/* nv: the integer weights of a level's taps when the level carries `total` of the 256
 * (tex_nv_split_* in nv.c, hw-facts' 2D, 3D and mip-linear rules). */
static void nv_level_weights(const footprint *fp, uint32_t total, uint32_t w[8])
{
    const uint32_t k[3] = {fp->ax[0].k, fp->ax[1].k, fp->ax[2].k};
    tex_nv_level_weights(fp->dims, k, total, w);
    if (fp->corner >= 0)
        tex_nv_cube_corner(w, fp->corner);
}

void tex_nv_blend_levels(const tex_ctx *c, const footprint *f1, const footprint *f2, uint32_t kz,
                         tgx_texel *out)
{
    const tgx_texel *tx[16];
    uint32_t w[16];
    int n = 0;
    const footprint *fps[2] = {f1, f2};
    const uint32_t totals[2] = {f2 ? 256u - kz : 256u, kz};
    for (int l = 0; l < (f2 ? 2 : 1); l++) {
        uint32_t lw[8];
        nv_level_weights(fps[l], totals[l], lw);
        for (int i = 0; i < 1 << fps[l]->dims; i++) {
            tx[n] = &fps[l]->tx[i];
            w[n++] = lw[i];
        }
    }
    if (c->is_int || n == 1) { /* integer formats and point sampling read the texel itself */
        *out = *tx[0];
        tgx_tex_clamp_snorm(c->fi, out); /* the nv decode keeps an 8-bit -128 as -128/127 */
    } else
        tex_nv_blend(c, tx, w, n, f1->dims > 2 ? 4 : 1 << f1->dims, out);
}

/* ---- one level ------------------------------------------------------------------------------ */

/* Non-cube targets: nearest or linear taps on each axis. */
static void level_footprint(const tex_ctx *c, const level_info *li, const lane_coord *lc,
                            const int32_t off[3], const double u[3], bool linear, footprint *fp)
{
    const uint32_t size[3] = {li->w, li->h, li->d};
    axis_taps *ax = fp->ax;
    memset(ax, 0, sizeof fp->ax);
    for (int a = 0; a < c->dims; a++) {
        double x = tex_scale_coord(c, a, u[a], size[a], li->max_dim) + off[a];
        if (linear)
            tex_axis_linear(c, a, x, size[a], &ax[a]);
        else
            tex_axis_nearest(c, a, x, size[a], &ax[a]);
    }
    const int32_t layer = (int32_t)lc->slice; /* arrays: the layer; else the view's slice */
    fp->dims = linear ? c->dims : 0;
    fp->corner = -1;
    for (int i = 0; i < 1 << fp->dims; i++) {
        int32_t x = (i & 1) ? ax[0].i1 : ax[0].i0;
        int32_t y = c->dims > 1 ? ((i & 2) ? ax[1].i1 : ax[1].i0) : 0;
        int32_t z = c->dims > 2 ? ((i & 4) ? ax[2].i1 : ax[2].i0) : layer;
        texel_get(c, li, x, y, z, lc->ref, &fp->tx[i]);
    }
}

/* A cube texel (i, j) of face f that may lie outside the face: seamless filtering takes it from
 * the neighbouring face, a corner is the average of the three texels that meet there (GL 4.6
 * section 8.13.1); without seamless filtering the sampler's wrap modes apply on the face. */
static void cube_texel(const tex_ctx *c, const level_info *li, uint32_t face, int32_t i, int32_t j,
                       float ref, uint32_t layer6, tgx_texel *t)
{
    const int32_t n = (int32_t)li->w;
    if (i >= 0 && j >= 0 && i < n && j < n) {
        texel_get(c, li, i, j, (int32_t)(layer6 + face), ref, t);
        return;
    }
    uint32_t nf;
    int32_t ni, nj;
    if (tex_cube_neighbour(face, i, j, li->w, &nf, &ni, &nj)) {
        texel_get(c, li, ni, nj, (int32_t)(layer6 + nf), ref, t);
        return;
    }
    const int32_t ci = i < 0 ? 0 : n - 1, cj = j < 0 ? 0 : n - 1;
    if (c->softpipe) {
        /* softpipe (sp_tex_sample.c, get_texel_cube_seamless) does not average a corner: it
         * clamps the second coordinate and takes the texel across the first one's edge */
        tex_cube_neighbour(face, i, cj, li->w, &nf, &ni, &nj);
        texel_get(c, li, ni, nj, (int32_t)(layer6 + nf), ref, t);
        return;
    }
    tgx_texel three[3];
    texel_get(c, li, ci, cj, (int32_t)(layer6 + face), ref, &three[0]);
    tex_cube_neighbour(face, i, cj, li->w, &nf, &ni, &nj);
    texel_get(c, li, ni, nj, (int32_t)(layer6 + nf), ref, &three[1]);
    tex_cube_neighbour(face, ci, j, li->w, &nf, &ni, &nj);
    texel_get(c, li, ni, nj, (int32_t)(layer6 + nf), ref, &three[2]);
    if (c->is_int) {
        *t = three[0];
        return;
    }
    for (int ch = 0; ch < 4; ch++)
        t->f[ch] = (three[0].f[ch] + three[1].f[ch] + three[2].f[ch]) / 3.0f;
}

/* Taps of a cube face: unwrapped indices when seamless (cube_texel resolves them). */
static void cube_taps(const tex_ctx *c, int axis, double x, uint32_t n, bool linear, axis_taps *t)
{
    if (!c->samp->seamless_cube) {
        if (linear)
            tex_axis_linear(c, axis, x, n, t);
        else
            tex_axis_nearest(c, axis, x, n, t);
        return;
    }
    tex_ctx edge = *c; /* nearest: clamp to the face; linear: unwrapped, see cube_texel */
    edge.wrap[axis] = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    if (!linear) {
        tex_axis_nearest(&edge, axis, x, n, t);
        return;
    }
    /* the weight without clamp-to-edge's k = 0 at the face's edge (nv): the taps outside the
     * face come from the neighbouring face (D03b) */
    edge.wrap[axis] = TGX_TEX_WRAP_REPEAT;
    axis_taps clamped;
    tex_axis_linear(&edge, axis, x, n, &clamped);
    /* the same i0 as tex_axis_linear computed before clamping (float in the exact profile,
     * double with the weight's carry in nv) */
    double xm = c->nv ? x - 0.5 : (double)((float)x - 0.5f);
    double fl = xm == xm ? floor(xm) : 0.0;
    fl = fl < -1.0 ? -1.0 : (fl > (double)n ? (double)n : fl); /* face coordinates lie in [0, 1] */
    int32_t i0 = (int32_t)fl;
    if (c->nv && clamped.k == 0 && xm - floor(xm) > 0.5)
        i0++; /* the nv weight carried into the next texel */
    *t = clamped;
    t->i0 = i0;
    t->i1 = i0 + 1;
}

static void cube_footprint(const tex_ctx *c, const level_info *li, const lane_coord *lc,
                           bool linear, footprint *fp)
{
    axis_taps *ax = fp->ax;
    memset(ax, 0, sizeof fp->ax);
    for (int a = 0; a < 2; a++) {
        double x = tex_scale_coord(c, -1, lc->u[a], li->w, li->max_dim);
        cube_taps(c, a, x, li->w, linear, &ax[a]);
    }
    fp->dims = linear ? 2 : 0;
    fp->corner = -1;
    const int32_t n = (int32_t)li->w;
    for (int i = 0; i < 1 << fp->dims; i++) {
        const int32_t x = (i & 1) ? ax[0].i1 : ax[0].i0, y = (i & 2) ? ax[1].i1 : ax[1].i0;
        if (c->nv && (x < 0 || x >= n) && (y < 0 || y >= n)) {
            fp->corner = i; /* its weight goes to the other three taps (tex_nv_cube_corner) */
            memset(&fp->tx[i], 0, sizeof fp->tx[i]);
            continue;
        }
        cube_texel(c, li, lc->face, x, y, lc->ref, lc->slice, &fp->tx[i]);
    }
}

static void lane_footprint(const tex_ctx *c, const level_info *li, const lane_coord *lc,
                           const int32_t off[3], bool linear, footprint *fp)
{
    if (c->cube)
        cube_footprint(c, li, lc, linear, fp);
    else
        level_footprint(c, li, lc, off, lc->u, linear, fp);
}

/* The filtered value of one level, or in the nv profile of levels `level` and `level + 1` with
 * weights 256 - kz and kz (hw-facts: mip-linear is one 8-tap filter); kz = 0 is one level. With
 * anisotropy, N samples spread along the major axis of the footprint
 * (EXT_texture_filter_anisotropic: u(x - 1/2 + i/(N+1)), i = 1..N), averaged. */
static void sample_levels(const tex_ctx *c, uint32_t level, uint32_t kz, const lane_coord *lc,
                          const int32_t off[3], bool linear, bool aniso, tgx_texel *out)
{
    level_info li[2];
    tex_level_get(c, level, &li[0]);
    if (kz)
        tex_level_get(c, level + 1, &li[1]);
    const uint32_t n = aniso && lc->aniso_n > 1 ? lc->aniso_n : 1;
    tgx_texel acc = {.f = {0, 0, 0, 0}};
    for (uint32_t i = 1; i <= n; i++) {
        lane_coord p = *lc;
        if (n > 1) {
            const double f = (double)i / (double)(n + 1) - 0.5;
            for (int a = 0; a < 3; a++)
                p.u[a] += f * lc->aniso_du[a];
        }
        footprint fp[2];
        tgx_texel t;
        lane_footprint(c, &li[0], &p, off, linear, &fp[0]);
        if (kz)
            lane_footprint(c, &li[1], &p, off, linear, &fp[1]);
        if (c->nv)
            tex_nv_blend_levels(c, &fp[0], kz ? &fp[1] : NULL, kz, &t);
        else
            tex_blend_level(c, &fp[0], &t);
        if (n == 1) {
            *out = t;
            return;
        }
        for (int ch = 0; ch < 4; ch++)
            acc.f[ch] += t.f[ch];
    }
    for (int ch = 0; ch < 4; ch++)
        out->f[ch] = acc.f[ch] / (float)n;
}

/* ---- LOD ------------------------------------------------------------------------------------ */

/* Base-level size per axis (for scaling gradients); unnormalised coordinates are already texels. */
void tex_base_scale(const tex_ctx *c, float scale[3])
{
    uint32_t w, h, d;
    tgx_tex_level_size(c->tex, c->base, &w, &h, &d);
    scale[0] = (float)w;
    scale[1] = (float)h;
    scale[2] = c->view->target == TGX_TEX_3D ? (float)d : 0.0f;
    if (c->dims < 2)
        scale[1] = 0.0f;
    if (c->cube && c->softpipe) /* softpipe: direction derivatives times size / 2 */
        scale[0] = scale[1] = scale[2] = (float)w / 2.0f;
    if (c->unnormalized)
        scale[0] = scale[1] = scale[2] = 1.0f;
}

/* The LOD bias GL adds (sampler + shader), nv: each truncated to 1/256 and the sum clamped to
 * +-15 (hw-facts). */
float tex_total_bias(const tex_ctx *c, float shader_bias)
{
    if (!c->nv)
        return c->samp->lod_bias + shader_bias;
    float b = tex_nv_quantize_lod(c->samp->lod_bias) + tex_nv_quantize_lod(shader_bias);
    return fminf(fmaxf(b, -15.0f), 15.0f);
}

/* Cube face-coordinate derivatives from direction derivatives, for explicit gradients on cube
 * maps in the exact profile (nv: nv_cube_quad_grads): the derivative of s = (sc / |ma| + 1) / 2
 * along the gradient, taken as a forward difference with step 1/1024 of the gradient on the lane's
 * face. */
static void cube_grad(uint32_t face, const float dir[3], const float dd[3], float out[3])
{
    double s0, t0, s1, t1;
    const float eps = 1.0f / 1024.0f;
    const float p1[3] = {dir[0] + eps * dd[0], dir[1] + eps * dd[1], dir[2] + eps * dd[2]};
    tex_cube_project(face, dir[0], dir[1], dir[2], &s0, &t0);
    tex_cube_project(face, p1[0], p1[1], p1[2], &s1, &t1);
    out[0] = (float)((s1 - s0) / eps);
    out[1] = (float)((t1 - t0) / eps);
    out[2] = 0.0f;
}

/* nv, cube: the derivatives along explicit gradients as the hardware's quad forms them (D20):
 * the lanes dir + dPdx and dir + dPdy (fp32 sums) on the lane's face, unfolded across an edge
 * when they lie on a neighbouring face (tex_cube_unfold), minus the lane's own coordinates.
 * Returns whether all three lie on one face; an infinite lane gives an infinite derivative. */
static bool nv_cube_quad_grads(const tex_ctx *c, uint32_t face, const float dir[3],
                               const float gx[3], const float gy[3], float dx[3], float dy[3])
{
    double s0, t0;
    bool one_face = tex_cube_unfold(c, face, dir[0], dir[1], dir[2], &s0, &t0);
    const float *g[2] = {gx, gy};
    float *out[2] = {dx, dy};
    for (int k = 0; k < 2; k++) {
        const float p[3] = {dir[0] + g[k][0], dir[1] + g[k][1], dir[2] + g[k][2]};
        out[k][2] = 0.0f;
        if (isinf(p[0]) || isinf(p[1]) || isinf(p[2])) {
            out[k][0] = out[k][1] = INFINITY; /* as J22: the last level */
            continue;
        }
        double s, t;
        one_face &= tex_cube_unfold(c, face, p[0], p[1], p[2], &s, &t);
        out[k][0] = (float)(s - s0);
        out[k][1] = (float)(t - t0);
    }
    return one_face;
}

typedef struct quad_in {
    float dir[4][3]; /* coordinates after the projective divide (cube: direction) */
} quad_in;

/* lambda of lane l of a quad, before clamping (includes biases). */
static float lane_lambda(const tex_ctx *c, const tgx_tex_sample_req *req, uint32_t lane,
                         const quad_in *q, lane_coord *lcs, int l)
{
    lane_coord *lc = &lcs[l];
    lc->aniso_n = 1;
    memset(lc->aniso_du, 0, sizeof lc->aniso_du);
    memset(lc->grad, 0, sizeof lc->grad);
    switch (req->lod_mode) {
    case TGX_TEX_LOD_EXPLICIT: {
        float lod = req->lod ? req->lod[lane] : 0.0f;
        return (c->nv ? tex_nv_quantize_lod(lod) : lod) + tex_total_bias(c, 0.0f);
    }
    case TGX_TEX_LOD_ZERO: return tex_total_bias(c, 0.0f);
    default: break;
    }
    float scale[3], dx[3] = {0, 0, 0}, dy[3] = {0, 0, 0};
    bool one_face = true; /* nv cube: the quad's lanes on one face (else no diagonals) */
    tex_base_scale(c, scale);
    const int ncoord = c->cube ? 3 : c->dims;
    if (req->lod_mode == TGX_TEX_LOD_GRAD) {
        float gx[3] = {0, 0, 0}, gy[3] = {0, 0, 0};
        for (int a = 0; a < ncoord; a++) {
            gx[a] = req->ddx[a] ? req->ddx[a][lane] : 0.0f;
            gy[a] = req->ddy[a] ? req->ddy[a][lane] : 0.0f;
            if (c->nv) {
                gx[a] = tex_nv_input(gx[a]);
                gy[a] = tex_nv_input(gy[a]);
            }
        }
        if (c->cube && c->nv) {
            one_face = nv_cube_quad_grads(c, lc->face, q->dir[l], gx, gy, dx, dy);
        } else if (c->cube && !c->softpipe) {
            cube_grad(lc->face, q->dir[l], gx, dx);
            cube_grad(lc->face, q->dir[l], gy, dy);
        } else {
            memcpy(dx, gx, sizeof dx);
            memcpy(dy, gy, sizeof dy);
        }
    } else {
        /* implicit: differences inside the quad. GL: the quad's first pixel against its right
         * and lower neighbours; softpipe: lower-right minus lower-left and upper-left minus
         * lower-left (sp_tex_sample.c, compute_gradient_*), i.e. lanes 3-2 and 0-2 here. */
        const int a0 = c->softpipe ? 2 : 0, ax_ = c->softpipe ? 3 : 1, ay_ = c->softpipe ? 0 : 2;
        double u[4][3];
        for (int k = 0; k < 4; k++) {
            if (c->cube && c->nv) {
                /* every lane on the first lane's face, unfolded across an edge as for
                 * explicit gradients (nv_cube_quad_grads) */
                const bool own = tex_cube_unfold(c, lcs[0].face, q->dir[k][0], q->dir[k][1],
                                                 q->dir[k][2], &u[k][0], &u[k][1]);
                one_face &= own || (k != ax_ && k != ay_);
                u[k][2] = 0.0;
            } else if (c->cube && !c->softpipe) {
                /* face coordinates of every lane on the first lane's face */
                tex_cube_project(lcs[0].face, q->dir[k][0], q->dir[k][1], q->dir[k][2], &u[k][0],
                                 &u[k][1]);
                u[k][2] = 0.0;
            } else {
                for (int a = 0; a < 3; a++)
                    u[k][a] = c->cube ? q->dir[k][a] : lcs[k].u[a];
            }
        }
        for (int a = 0; a < ncoord; a++) {
            dx[a] = (float)(u[ax_][a] - u[a0][a]);
            dy[a] = (float)(u[ay_][a] - u[a0][a]);
        }
    }
    for (int a = 0; a < 3; a++) {
        dx[a] *= scale[a];
        dy[a] *= scale[a];
        lc->grad[0][a] = dx[a];
        lc->grad[1][a] = dy[a];
    }
    bool major_x;
    float lambda = tex_lambda_from_footprint(c, dx, dy, one_face, &lc->aniso_n, &major_x);
    if (lc->aniso_n > 1) {
        const float *g = major_x ? dx : dy;
        for (int a = 0; a < 3; a++)
            lc->aniso_du[a] = scale[a] > 0.0f ? g[a] / scale[a] : 0.0f;
    }
    float shader_bias = req->lod_mode == TGX_TEX_LOD_BIAS && req->lod ? req->lod[lane] : 0.0f;
    return lambda + tex_total_bias(c, shader_bias);
}

/* ---- coordinates ---------------------------------------------------------------------------- */

static float coord_or0(const float *p, uint32_t i)
{
    return p ? p[i] : 0.0f;
}

/* Array layer: round to nearest even then clamp (GL 4.6 eq. 8.10 and hw-facts); softpipe rounds
 * floor(l + 0.5). */
uint32_t tex_layer_index(const tex_ctx *c, float l)
{
    const uint32_t n = c->cube ? c->view->num_slices / 6 : c->view->num_slices;
    float r = c->softpipe ? floorf(l + 0.5f) : nearbyintf(l);
    int32_t i = tgx_f2i_sat(r);
    if (i < 0)
        i = 0;
    if (n && (uint32_t)i >= n)
        i = (int32_t)n - 1;
    return (uint32_t)i;
}

static void prep_lane(const tex_ctx *c, const tgx_tex_sample_req *req, uint32_t i, float dir[3],
                      lane_coord *lc)
{
    float q = req->q ? req->q[i] : 1.0f;
    float layer = coord_or0(req->layer, i);
    dir[0] = coord_or0(req->s, i);
    dir[1] = coord_or0(req->t, i);
    dir[2] = coord_or0(req->r, i);
    lc->ref = coord_or0(req->ref, i);
    if (req->q) { /* TXP divides every coordinate it reads, the layer too, and the reference */
        for (int a = 0; a < 3; a++)
            dir[a] /= q;
        layer /= q;
        lc->ref /= q;
    }
    if (c->nv) {
        for (int a = 0; a < 3; a++)
            dir[a] = tex_nv_input(dir[a]);
        if (c->compare)
            lc->ref = tex_nv_depth_reference(c->fi, lc->ref);
    }
    lc->slice = 0;
    lc->face = 0;
    if (c->cube) {
        tex_cube_face(c, dir[0], dir[1], dir[2], &lc->face, &lc->u[0], &lc->u[1]);
        lc->u[2] = 0.0;
    } else {
        for (int a = 0; a < 3; a++)
            lc->u[a] = dir[a];
    }
    if (c->layered) {
        uint32_t l = tex_layer_index(c, layer);
        lc->slice = c->view->first_slice + (c->cube ? 6 * l : l);
    } else {
        /* a cube's faces, or the one slice a 1D/2D view of an array texture shows */
        lc->slice = c->view->first_slice;
    }
}

/* A texel offset; nv keeps the low `bits` bits, two's complement (tex_nv_offset). */
static int32_t offset_bits(const tex_ctx *c, const int32_t *off, uint32_t lane, uint32_t bits)
{
    if (!off)
        return 0;
    return c->nv ? tex_nv_offset(off[lane], bits) : off[lane];
}

static int32_t offset_of(const tex_ctx *c, const int32_t *off, uint32_t lane)
{
    return offset_bits(c, off, lane, 4); /* hw-facts "Texel offsets": -9 acts as +7 */
}

/* Gather offsets are not wrapped to 4 bits (hw-facts); 6 bits, NVIDIA's gather offset range
 * -32..31 (no probe of this capture has one). */
static int32_t gather_offset_of(const tex_ctx *c, const int32_t *off, uint32_t lane)
{
    return offset_bits(c, off, lane, 6);
}

/* ---- mip selection and the whole sample ------------------------------------------------------ */

void tex_choose_mip(const tex_ctx *c, float lambda, const float *lod_clamp, tex_mip *m)
{
    const tgx_sampler *s = c->samp;
    float lo = c->nv ? tex_nv_quantize_lod(s->min_lod) : s->min_lod;
    float hi = c->nv ? tex_nv_quantize_lod(s->max_lod) : s->max_lod;
    if (lod_clamp)
        lo = fmaxf(lo, c->nv ? tex_nv_quantize_lod(*lod_clamp) : *lod_clamp);
    float lod = fminf(fmaxf(lambda, lo), hi);
    if (c->nv)
        lod = tex_nv_quantize_lod(lod);
    /* GL 4.6 section 8.14: lambda <= 0 magnifies (base level, mag filter) */
    const bool mag = !(lod > 0.0f);
    m->linear = (mag ? s->mag_filter : s->min_filter) == TGX_TEX_FILTER_LINEAR && !c->is_int;
    m->aniso = !mag;
    m->level = c->base;
    m->kz = 0;
    m->two = false;
    m->f = 0.0f;
    tgx_tex_mip_filter mip = c->unnormalized ? TGX_TEX_MIP_NONE : s->mip_filter;
    if (c->is_int && mip == TGX_TEX_MIP_LINEAR)
        mip = TGX_TEX_MIP_NEAREST;
    const uint32_t nlev = c->last - c->base;
    if (mag || mip == TGX_TEX_MIP_NONE)
        return;
    if (mip == TGX_TEX_MIP_NEAREST) {
        float d;
        if (c->nv)
            d = floorf(lod + 0.5f); /* hw-facts: point mip filter picks floor(lod + 0.5) */
        else if (c->softpipe)       /* sp_tex_sample.c mip_filter_nearest; +inf (max_lod = inf) is
                                       the last level, not a float-to-int conversion out of range */
            d = lod + 0.5f >= (float)nlev ? (float)nlev : (float)(int32_t)(lod + 0.5f);
        else
            d = lod <= 0.5f ? 0.0f : ceilf(lod + 0.5f) - 1.0f; /* GL 4.6 eq. 8.14 */
        m->level = c->base + (d >= (float)nlev ? nlev : (uint32_t)d);
        return;
    }
    /* GL 4.6 eq. 8.15: d1 = floor(lambda), d2 = d1 + 1, blended by frac(lambda) */
    const float fl = floorf(lod);
    if (fl >= (float)nlev) {
        m->level = c->last;
    } else if (c->nv) {
        /* hw-facts: one 8-tap filter over both levels, kz = the low 8 bits of the LOD (a
         * multiple of 1/256 here) */
        m->level = c->base + (uint32_t)fl;
        m->kz = (uint32_t)((lod - fl) * 256.0f);
    } else {
        m->level = c->base + (uint32_t)fl;
        m->two = true;
        m->f = lod - fl;
    }
}

static void sample_lane(const tex_ctx *c, const tgx_tex_sample_req *req, uint32_t lane,
                        const lane_coord *lc, tgx_texel *out)
{
    tex_mip m;
    tex_choose_mip(c, lc->lambda, req->lod_clamp ? &req->lod_clamp[lane] : NULL, &m);
    const int32_t off[3] = {offset_of(c, req->offset[0], lane), offset_of(c, req->offset[1], lane),
                            offset_of(c, req->offset[2], lane)};
    if (!m.two) {
        sample_levels(c, m.level, m.kz, lc, off, m.linear, m.aniso, out);
    } else {
        tgx_texel t1, t2;
        sample_levels(c, m.level, 0, lc, off, m.linear, true, &t1);
        sample_levels(c, m.level + 1, 0, lc, off, m.linear, true, &t2);
        tex_exact_mip_blend(c, m.f, &t1, &t2, out);
    }
    if (c->nv_half)
        tex_nv_round_half(out);
}

void tex_write_lane(const tex_ctx *c, const tgx_texel *t, tgx_tex_result out, uint32_t lane)
{
    uint32_t r[4];
    tgx_tex_apply_map(c->map, t, c->is_int, r);
    for (int ch = 0; ch < 4; ch++)
        if (out.c[ch])
            out.c[ch][lane] = r[ch];
}

bool tex_quad_active(const uint32_t *active, uint32_t q)
{
    for (uint32_t l = 0; l < 4; l++)
        if (tgx_tex_lane_active(active, 4 * q + l))
            return true;
    return false;
}

/* Coordinates and lambda of the four lanes of quad q. */
static void prep_quad(const tex_ctx *c, const tgx_tex_sample_req *req, uint32_t q, quad_in *qi,
                      lane_coord lcs[4])
{
    for (int l = 0; l < 4; l++)
        prep_lane(c, req, 4 * q + (uint32_t)l, qi->dir[l], &lcs[l]);
    for (int l = 0; l < 4; l++)
        lcs[l].lambda = lane_lambda(c, req, 4 * q + (uint32_t)l, qi, lcs, l);
    if (c->nv) /* hw-facts: LODs are multiples of 1/256, uniform across an implicit quad */
        for (int l = 0; l < 4; l++)
            lcs[l].lambda = tex_nv_quantize_lod(lcs[l].lambda);
}

void tex_quad_lambdas(const tex_ctx *c, const tgx_tex_sample_req *req, uint32_t q, float lambda[4])
{
    quad_in qi;
    lane_coord lcs[4];
    prep_quad(c, req, q, &qi, lcs);
    for (int l = 0; l < 4; l++)
        lambda[l] = lcs[l].lambda;
}

void tex_sample_quad(const tex_ctx *c, const tgx_tex_sample_req *req, uint32_t q,
                     tgx_tex_result out)
{
    quad_in qi;
    lane_coord lcs[4];
    prep_quad(c, req, q, &qi, lcs);
    for (uint32_t l = 0; l < 4; l++) {
        const uint32_t lane = 4 * q + l;
        if (!tgx_tex_lane_active(req->active, lane))
            continue;
        tgx_texel t;
        sample_lane(c, req, lane, &lcs[l], &t);
        if (c->compare_late)
            t.f[0] = t.f[1] = t.f[2] = t.f[3] = compare_texel(c, lcs[l].ref, t.f[0]);
        tex_write_lane(c, &t, out, lane);
    }
}

tgx_status tex_sample_general(const tgx_tex_view *view, const tgx_sampler *samp,
                              const tgx_tex_sample_req *req, tgx_tex_result out, tgx_diag *d)
{
    tex_ctx c;
    tgx_status st = ctx_init(&c, view, samp, req, "texture sample", d);
    if (st < 0)
        return st;
    for (uint32_t q = 0; q < req->lanes / 4; q++)
        if (tex_quad_active(req->active, q))
            tex_sample_quad(&c, req, q, out);
    return TGX_OK;
}

/* ---- gather --------------------------------------------------------------------------------- */

/* Texel k (0: (x0,y1), 1: (x1,y1), 2: (x1,y0), 3: (x0,y0), TGSI GATHER4's order) of the bilinear
 * footprint of the base level, with the given offset. */
static void gather_texel(const tex_ctx *c, const level_info *li, const lane_coord *lc,
                         const int32_t off[2], int k, tgx_texel *t)
{
    static const uint8_t pick[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    axis_taps ax[2];
    if (c->cube) {
        for (int a = 0; a < 2; a++)
            cube_taps(c, a, tex_scale_coord(c, -1, lc->u[a], li->w, li->max_dim), li->w, true,
                      &ax[a]);
        cube_texel(c, li, lc->face, pick[k][0] ? ax[0].i1 : ax[0].i0,
                   pick[k][1] ? ax[1].i1 : ax[1].i0, lc->ref, lc->slice, t);
        return;
    }
    const uint32_t size[2] = {li->w, li->h};
    for (int a = 0; a < 2; a++)
        tex_axis_linear(c, a, tex_scale_coord(c, a, lc->u[a], size[a], li->max_dim) + off[a],
                        size[a], &ax[a]);
    texel_get(c, li, pick[k][0] ? ax[0].i1 : ax[0].i0, pick[k][1] ? ax[1].i1 : ax[1].i0,
              (int32_t)lc->slice, lc->ref, t);
}

tgx_status tex_gather_check(const tex_ctx *c, const tgx_tex_sample_req *req, tgx_diag *d)
{
    if (c->dims != 2)
        return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                            "gather works on 2D, 2D array, rect and cube textures, not %s",
                            tgx_tex_target_name(c->view->target));
    if (req->component > 3)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "gather component %u is not 0..3",
                            req->component);
    return TGX_OK;
}

void tex_gather_lanes(const tex_ctx *ctx, const tgx_tex_sample_req *req, uint32_t first,
                      uint32_t count, tgx_tex_result out)
{
    tex_ctx c = *ctx;
    c.compare_late = false; /* a gather compares each of its texels, softpipe too */
    level_info li;
    tex_level_get(&c, c.base, &li);
    const uint8_t src = c.map[req->component];
    const uint32_t one = c.is_int ? 1u : 0x3f800000u;
    for (uint32_t lane = first; lane < first + count; lane++) {
        if (!tgx_tex_lane_active(req->active, lane))
            continue;
        float dir[3];
        lane_coord lc;
        prep_lane(&c, req, lane, dir, &lc);
        uint32_t r[4];
        for (int k = 0; k < 4; k++) {
            int32_t off[2] = {gather_offset_of(&c, req->offset[0], lane),
                              gather_offset_of(&c, req->offset[1], lane)};
            if (req->gather_offsets[k][0] || req->gather_offsets[k][1]) {
                off[0] = gather_offset_of(&c, req->gather_offsets[k][0], lane);
                off[1] = gather_offset_of(&c, req->gather_offsets[k][1], lane);
            }
            tgx_texel t;
            if (src >= 4) { /* a swizzle constant: every texel reads it */
                r[k] = src == TEX_SRC_ONE ? one : 0u;
                continue;
            }
            gather_texel(&c, &li, &lc, off, k, &t);
            if (c.nv && !c.compare &&
                (c.nv_arith[src] == TEX_NV_SNORM16 || c.nv_arith[src] == TEX_NV_SNORM8))
                /* probe F03b: gather returns SNORM texels widened to 1.15 fixed point, 109/127
                 * as 28123/32767 */
                t.f[src] = (float)tex_nv_snorm15(t.f[src], c.fi->bits[src]) / 32767.0f;
            r[k] = c.compare ? tgx_f2bits(t.f[0]) : t.u[src];
        }
        for (int k = 0; k < 4; k++)
            if (out.c[k])
                out.c[k][lane] = r[k];
    }
}

tgx_status tex_gather_general(const tgx_tex_view *view, const tgx_sampler *samp,
                              const tgx_tex_sample_req *req, tgx_tex_result out, tgx_diag *d)
{
    tex_ctx c;
    tgx_status st = ctx_init(&c, view, samp, req, "texture gather", d);
    if (st < 0)
        return st;
    st = tex_gather_check(&c, req, d);
    if (st < 0)
        return st;
    tex_gather_lanes(&c, req, 0, req->lanes, out);
    return TGX_OK;
}

/* ---- LOD query ------------------------------------------------------------------------------ */

/* Calls visit for every active lane of req once its quad's coordinates and LODs are ready. */
typedef void (*lane_visit)(const tex_ctx *c, const lane_coord *lc, uint32_t lane, void *user);

static void for_each_prepared_lane(const tex_ctx *c, const tgx_tex_sample_req *req,
                                   lane_visit visit, void *user)
{
    for (uint32_t q = 0; q < req->lanes / 4; q++) {
        if (!tex_quad_active(req->active, q))
            continue;
        quad_in qi;
        lane_coord lcs[4];
        prep_quad(c, req, q, &qi, lcs);
        for (uint32_t l = 0; l < 4; l++)
            if (tgx_tex_lane_active(req->active, 4 * q + l))
                visit(c, &lcs[l], 4 * q + l, user);
    }
}

typedef struct lod_out {
    float *clamped, *unclamped;
} lod_out;

static void lod_of_lane(const tex_ctx *c, const lane_coord *lc, uint32_t lane, void *user)
{
    const lod_out *o = user;
    const tgx_sampler *samp = c->samp;
    float lambda = lc->lambda;
    /* GL 4.6 section 8.14.3 / textureQueryLod: .x is the LOD used to pick levels (clamped to
     * the sampler's range and to the view's levels), 0 without mipmaps */
    float lo = c->nv ? tex_nv_quantize_lod(samp->min_lod) : samp->min_lod;
    float hi = c->nv ? tex_nv_quantize_lod(samp->max_lod) : samp->max_lod;
    float cl = fminf(fmaxf(lambda, lo), hi);
    cl = fminf(fmaxf(cl, 0.0f), (float)(c->last - c->base));
    if (samp->mip_filter == TGX_TEX_MIP_NONE || c->unnormalized)
        cl = 0.0f;
    else if (c->nv && samp->mip_filter == TGX_TEX_MIP_NEAREST)
        /* nv: a point mip filter reports the clamped LOD with its fraction dropped (TMML's
         * G is U8.8). The held-back GL probes with *_MIPMAP_NEAREST filters were off by up to
         * 1.0 where tgx reported the fraction, which rules out the nearest level (at most 0.5
         * off); floor against ceil is open until the round-two probes GLN01/GLN02 decide. */
        cl = floorf(cl);
    if (o->clamped)
        o->clamped[lane] = cl;
    if (o->unclamped)
        o->unclamped[lane] = lambda;
}

tgx_status tgx_tex_query_lod(const tgx_tex_view *view, const tgx_sampler *samp,
                             const tgx_tex_sample_req *req, float *out_clamped,
                             float *out_unclamped, tgx_diag *d)
{
    tex_ctx c;
    tgx_status st = ctx_init(&c, view, samp, req, "LOD query", d);
    if (st < 0)
        return st;
    lod_out o = {out_clamped, out_unclamped};
    for_each_prepared_lane(&c, req, lod_of_lane, &o);
    return TGX_OK;
}

/* ---- anisotropy query ------------------------------------------------------------------------ */

/* The footprint of one lane: the unit vector along the longer scaled gradient (first two axes)
 * and log2(shorter / longer), both 0 without gradients. */
typedef struct aniso_out {
    float *u, *v, *ratio;
} aniso_out;

static void aniso_of_lane(const tex_ctx *c, const lane_coord *lc, uint32_t lane, void *user)
{
    const aniso_out *o = user;
    const float lx = tex_grad_length(c, lc->grad[0]), ly = tex_grad_length(c, lc->grad[1]);
    const float *major = lx >= ly ? lc->grad[0] : lc->grad[1];
    const float lmax = fmaxf(lx, ly), lmin = fminf(lx, ly);
    const float e = sqrtf(major[0] * major[0] + major[1] * major[1]);
    float u = 0.0f, v = 0.0f, ratio = 0.0f;
    if (lmax > 0.0f && e > 0.0f && !isinf(lmax) && !isinf(e)) {
        u = major[0] / e;
        v = major[1] / e;
        ratio = log2f(lmin / lmax); /* -inf when the minor axis has no length */
    }
    if (o->u)
        o->u[lane] = u;
    if (o->v)
        o->v[lane] = v;
    if (o->ratio)
        o->ratio[lane] = ratio;
}

tgx_status tgx_tex_query_aniso(const tgx_tex_view *view, const tgx_sampler *samp,
                               const tgx_tex_sample_req *req, float *out_major_u,
                               float *out_major_v, float *out_log2_ratio, tgx_diag *d)
{
    tex_ctx c;
    tgx_status st = ctx_init(&c, view, samp, req, "anisotropy query", d);
    if (st < 0)
        return st;
    aniso_out o = {out_major_u, out_major_v, out_log2_ratio};
    for_each_prepared_lane(&c, req, aniso_of_lane, &o);
    return TGX_OK;
}
