/* The texture unit's fast layer: the common sampling requests without the general path's
 * per-texel choices.
 *
 * tgx_tex_sample asks tex_fast_sample first. It takes a request when the view, the sampler and
 * the request's shape are among the common ones (1D, 2D and their arrays; nearest, linear and
 * the mip filters; repeat, mirrored repeat, clamp to edge and to border; implicit, biased,
 * explicit or zero LOD; any uncompressed float or normalised format; both profiles and the
 * softpipe LOD rule) and decides once what the request needs: the coordinate arithmetic of the
 * profile, each axis' wrap, the format's texel reads and the blend. Then it works a quad at a
 * time with the four lanes side by side (structure of arrays): coordinates, LOD and level
 * choice, taps, blend. Everything else (cubes, 3D, offsets, gradients, depth compare, integer
 * and block-compressed formats, anisotropy, texel coordinates) stays with the general path in
 * sample.c, which is the reference: every result here is the general path's to the bit, and
 * tests/tex/test_fast.c compares the two on random requests in both profiles.
 *
 * Where a rule has arithmetic of its own, it lives once in sampling.h or nv.c and both paths
 * call it: the mip choice (tex_choose_mip), LOD from gradients (tex_lambda_from_grads), the
 * bias (tex_total_bias), the exact weights (tex_exact_weights), the nv weights
 * (tex_nv_level_weights), the nv 16-bit UNORM rounding (tex_nv_unorm16_result), the nv
 * coordinate precision (tex_nv_coord_bits), the blends of the formats without a fast decode
 * (tex_blend_level, tex_nv_blend_levels). Coordinates are the exception: the general path
 * computes them in double, this layer in float and integers where the values are exact
 * (comments say why at each step).
 */
#include <math.h>
#include <string.h>

#include "tex/sampling.h"

/* The coordinates this layer takes: finite with |u| <= 1024 after the projective divide, so
 * that u * size and the nv fixed-point coordinate fit their integers exactly (|u * 2^F * size|
 * < 2^10 * 2^23 * 2^17 = 2^50). A quad with any other coordinate, inactive lanes included (they
 * count for derivatives), goes to the general path. */
#define FAST_COORD_MAX 1024.0f

/* How the texels of the request's format are read and blended. */
typedef enum fast_format {
    FAST_UNORM8X4, /* four 8-bit UNORM channels (rgba8, bgra8): table decode, integer nv blend */
    FAST_DECODE,   /* any other uncompressed float or normalised format: the format's decoder */
} fast_format;

/* One level as the fast layer addresses it. */
typedef struct fast_level {
    const uint8_t *data;
    size_t row, slice;
    uint32_t n[2]; /* width, height (1 for 1D) */
    float nf[2];   /* the same as floats */
    int F;         /* nv: fraction bits of the fixed-point coordinate (tex_nv_coord_bits) */
    float scale_F; /* nv: 2^F */
} fast_level;

/* The choices for one request. */
typedef struct fast_plan {
    const tex_ctx *c;
    const tgx_tex_sample_req *req;
    int dims;       /* 1 or 2 filtered axes */
    uint32_t bytes; /* per texel */
    fast_format format;
    const float *unorm8; /* FAST_UNORM8X4: the profile's decode table */
    bool need_lod;       /* the LOD decides the level or the filter */
    tex_mip fixed;       /* !need_lod: every lane's choice */
    float scale[3];      /* tex_base_scale */
    uint32_t ready;      /* bit L: lv[L] filled */
    fast_level lv[32];   /* by absolute level */
} fast_plan;

/* The taps of one level for the four lanes of a quad. */
typedef struct quad_taps {
    const uint8_t *p[4][4]; /* [tap][lane], tap bit 0 = second x tap, bit 1 = second y tap;
                               NULL: the border colour */
    float a[2][4];          /* exact: per axis, the weight of the second tap */
    uint32_t k[2][4];       /* nv: the same in 1/256 */
    int dims;               /* filtered axes: 0 (nearest, tap 0 only), 1 or 2 */
} quad_taps;

/* Per axis and lane: the two texel indices (wrapped: -1 is the border) and the weights. */
typedef struct axis4 {
    int32_t i0[4], i1[4];
    float a[4];
    uint32_t k[4];
} axis4;

/* ---- choosing ------------------------------------------------------------------------------- */

static bool wrap_supported(tgx_tex_wrap w)
{
    return w == TGX_TEX_WRAP_REPEAT || w == TGX_TEX_WRAP_MIRROR_REPEAT ||
           w == TGX_TEX_WRAP_CLAMP_TO_EDGE || w == TGX_TEX_WRAP_CLAMP_TO_BORDER;
}

static bool is_unorm8x4(const tgx_tex_format_info *fi)
{
    return fi->pack == TGX_TEX_PACK_ARRAY && fi->type == TGX_TEX_TYPE_UNORM && fi->bytes == 4 &&
           fi->bits[0] == 8 && fi->bits[1] == 8 && fi->bits[2] == 8 && fi->bits[3] == 8;
}

static bool plan_init(fast_plan *p, const tex_ctx *c, const tgx_tex_sample_req *req)
{
    const tgx_sampler *s = c->samp;
    if (c->cube || c->dims > 2 || c->compare || c->is_int || c->unnormalized || c->fi->block != 1 ||
        s->max_anisotropy > 1 || req->lod_mode == TGX_TEX_LOD_GRAD || req->offset[0] ||
        req->offset[1] || req->offset[2])
        return false;
    for (int a = 0; a < c->dims; a++)
        if (!wrap_supported(c->wrap[a]))
            return false;
    p->c = c;
    p->req = req;
    p->dims = c->dims;
    p->bytes = c->fi->bytes;
    p->format = FAST_DECODE;
    p->unorm8 = NULL;
    bool border = false;
    for (int a = 0; a < c->dims; a++)
        border |= c->wrap[a] == TGX_TEX_WRAP_CLAMP_TO_BORDER;
    if (is_unorm8x4(c->fi) && !border) {
        p->format = FAST_UNORM8X4;
        p->unorm8 = c->softpipe ? tgx_tex_unorm8_mesa : tgx_tex_unorm8_gl;
    }
    /* the LOD only matters when it picks a level or the filter (no anisotropy here) */
    p->need_lod = (s->mip_filter != TGX_TEX_MIP_NONE && c->last > c->base) ||
                  s->min_filter != s->mag_filter || req->lod_clamp;
    if (!p->need_lod)
        tex_choose_mip(c, 0.0f, NULL, &p->fixed);
    tex_base_scale(c, p->scale);
    p->ready = 0;
    return true;
}

static const fast_level *level_of(fast_plan *p, uint32_t level)
{
    fast_level *lv = &p->lv[level];
    if (p->ready & (1u << level))
        return lv;
    level_info li;
    tex_level_get(p->c, level, &li);
    lv->data = li.data;
    lv->row = li.row;
    lv->slice = li.slice;
    lv->n[0] = li.w;
    lv->n[1] = li.h;
    lv->nf[0] = (float)li.w;
    lv->nf[1] = (float)li.h;
    lv->F = tex_nv_coord_bits(p->c->view->target, li.max_dim);
    lv->scale_F = ldexpf(1.0f, lv->F);
    p->ready |= 1u << level;
    return lv;
}

/* ---- coordinates ---------------------------------------------------------------------------- */

/* floor(x) for |x| < 2^30 (the caller's range check makes the conversion defined). */
static inline int32_t floor_i32(float x)
{
    const int32_t i = (int32_t)x;
    return i - ((float)i > x);
}

/* floor(v / 2^s) for |v| < 2^62, without shifting a negative number. */
static inline int64_t floor_shift(int64_t v, int s)
{
    return (int64_t)(((uint64_t)v + (UINT64_C(1) << 62)) >> s) - (INT64_C(1) << (62 - s));
}

/* The exact profile's texel coordinate and taps (tex_scale_coord, tex_axis_linear and
 * tex_axis_nearest for finite coordinates): x = u * size in float, linear: xm = x - 1/2,
 * i0 = floor(xm), a = xm - i0 (GL 4.6 eq. 8.12). The general path holds x in a double, but it is
 * the float product, and (float)x - 0.5f is the same float subtraction. */
static void axis_exact(const float u[4], float nf, bool linear, axis4 *ax)
{
    for (int l = 0; l < 4; l++) {
        const float x = u[l] * nf;
        if (linear) {
            const float xm = x - 0.5f;
            const int32_t i = floor_i32(xm);
            ax->a[l] = xm - (float)i;
            ax->i0[l] = i;
            ax->i1[l] = i + 1;
        } else {
            ax->i0[l] = ax->i1[l] = floor_i32(x);
            ax->a[l] = 0.0f;
        }
        ax->k[l] = 0;
    }
}

/* The nv profile's (address.c, nv.c): the coordinate floored to F fraction bits
 * (tex_nv_fixed_coord), reduced to the wrap's period (tex_nv_wrap_reduce: the fraction for
 * repeat, modulo 2 for mirrored repeat), times the size; linear: i0 = floor(x - 1/2) and
 * k = floor(frac(x - 1/2) 256 + 1/2) with 256 carried into i0. Here x is the integer X = x 2^F,
 * which the general path's doubles hold exactly: k + 256 i0 = floor((X - 2^(F-1) + 2^(F-9)) /
 * 2^(F-8)). */
static void axis_nv(const float u[4], const fast_level *lv, int axis, tgx_tex_wrap w, bool linear,
                    axis4 *ax)
{
    const int F = lv->F;
    const uint64_t period = w == TGX_TEX_WRAP_REPEAT
                                ? (UINT64_C(1) << F) - 1u
                                : (w == TGX_TEX_WRAP_MIRROR_REPEAT ? (UINT64_C(2) << F) - 1u : 0);
    const int64_t n = (int64_t)lv->n[axis];
    for (int l = 0; l < 4; l++) {
        const float v = u[l] * lv->scale_F; /* exact: a power of two */
        int64_t q = (int64_t)v;
        q -= (float)q > v;
        if (period)
            q = (int64_t)((uint64_t)q & period); /* the fraction of q / 2^F (mod 1 or 2) */
        const int64_t x = q * n;
        if (linear) {
            const int64_t t =
                floor_shift(x - (INT64_C(1) << (F - 1)) + (INT64_C(1) << (F - 9)), F - 8);
            ax->i0[l] = (int32_t)floor_shift(t, 8);
            ax->i1[l] = ax->i0[l] + 1;
            ax->k[l] = (uint32_t)t & 255u;
        } else {
            ax->i0[l] = ax->i1[l] = (int32_t)floor_shift(x, F);
            ax->k[l] = 0;
        }
        ax->a[l] = (float)ax->k[l] / 256.0f;
    }
}

/* i mod n in [0, n) for n > 0. */
static inline int32_t mod_n(int32_t i, int32_t n)
{
    const int32_t r = i % n;
    return r < 0 ? r + n : r;
}

/* GL 4.6 eq. 8.11 / table 8.20 on the indices of one axis (address.c's wrap_index for the
 * modes the fast layer takes; -1: the border). Power-of-two repeat is a mask. */
static void wrap_indices(tgx_tex_wrap w, uint32_t size, int32_t i[4])
{
    const int32_t n = (int32_t)size;
    switch (w) {
    case TGX_TEX_WRAP_REPEAT:
        if ((size & (size - 1u)) == 0) {
            for (int l = 0; l < 4; l++)
                i[l] = (int32_t)((uint32_t)i[l] & (size - 1u));
        } else {
            for (int l = 0; l < 4; l++)
                i[l] = mod_n(i[l], n);
        }
        break;
    case TGX_TEX_WRAP_MIRROR_REPEAT:
        for (int l = 0; l < 4; l++) {
            /* (size - 1) - mirror((i mod 2 size) - size), mirror(a) = a >= 0 ? a : -(1 + a) */
            const int32_t m = mod_n(i[l], 2 * n) - n;
            i[l] = n - 1 - (m >= 0 ? m : -(1 + m));
        }
        break;
    case TGX_TEX_WRAP_CLAMP_TO_EDGE:
        for (int l = 0; l < 4; l++)
            i[l] = i[l] < 0 ? 0 : (i[l] >= n ? n - 1 : i[l]);
        break;
    default: /* clamp to border */
        for (int l = 0; l < 4; l++)
            i[l] = i[l] < 0 || i[l] >= n ? -1 : i[l];
        break;
    }
}

/* One axis of one level for the quad: texel coordinates, taps, wrapping. */
static void axis_taps4(const fast_plan *p, const fast_level *lv, int axis, const float u[4],
                       bool linear, axis4 *ax)
{
    const tgx_tex_wrap w = p->c->wrap[axis];
    if (p->c->nv)
        axis_nv(u, lv, axis, w, linear, ax);
    else
        axis_exact(u, lv->nf[axis], linear, ax);
    wrap_indices(w, lv->n[axis], ax->i0);
    wrap_indices(w, lv->n[axis], ax->i1);
    if (p->c->nv && linear && w == TGX_TEX_WRAP_CLAMP_TO_EDGE)
        for (int l = 0; l < 4; l++)
            if (ax->i0[l] == ax->i1[l])
                ax->k[l] = 0; /* hw-facts: both taps one texel, the weight is 0 (address.c) */
}

/* The taps of a level for the quad's lanes: u[a] the coordinates of axis a, slice[l] the slice
 * each lane reads. */
static void level_taps(const fast_plan *p, const fast_level *lv, const float u[2][4],
                       const uint32_t slice[4], bool linear, quad_taps *t)
{
    axis4 ax[2];
    axis_taps4(p, lv, 0, u[0], linear, &ax[0]);
    if (p->dims > 1) {
        axis_taps4(p, lv, 1, u[1], linear, &ax[1]);
    } else {
        memset(&ax[1], 0, sizeof ax[1]);
    }
    t->dims = linear ? p->dims : 0;
    for (int l = 0; l < 4; l++) {
        const uint8_t *base = lv->data + (size_t)slice[l] * lv->slice;
        for (int i = 0; i < 1 << t->dims; i++) {
            const int32_t x = (i & 1) ? ax[0].i1[l] : ax[0].i0[l];
            const int32_t y = (i & 2) ? ax[1].i1[l] : ax[1].i0[l];
            t->p[i][l] = x < 0 || y < 0 ? NULL : base + (size_t)y * lv->row + (size_t)x * p->bytes;
        }
        for (int a = 0; a < 2; a++) {
            t->a[a][l] = ax[a].a[l];
            t->k[a][l] = ax[a].k[l];
        }
    }
}

/* ---- blends --------------------------------------------------------------------------------- */

/* The general path's footprint of one lane (decoded texels, the border colour for NULL taps). */
static void lane_footprint(const fast_plan *p, const quad_taps *t, int l, footprint *fp)
{
    const tex_ctx *c = p->c;
    memset(fp->ax, 0, sizeof fp->ax);
    fp->dims = t->dims;
    fp->corner = -1;
    for (int a = 0; a < 2; a++) {
        fp->ax[a].a = t->a[a][l];
        fp->ax[a].k = t->k[a][l];
    }
    for (int i = 0; i < 1 << t->dims; i++) {
        if (t->p[i][l])
            c->decode(t->p[i][l], 0, &fp->tx[i]);
        else
            fp->tx[i] = c->border;
    }
}

/* The exact profile (and the softpipe rule) on one level, for the lanes in act. */
static void blend_exact_decode(const fast_plan *p, const quad_taps *t, const bool act[4],
                               tgx_texel r[4])
{
    for (int l = 0; l < 4; l++) {
        if (!act[l])
            continue;
        footprint fp;
        lane_footprint(p, t, l, &fp);
        tex_blend_level(p->c, &fp, &r[l]);
    }
}

/* The same for four 8-bit UNORM channels: the decode is a table, the weights and sums are
 * blend_exact's (tex_exact_weights, then acc = 0 + w0 t0 + w1 t1 ... in fp32) or softpipe's
 * lerps. */
static void blend_exact_unorm8(const fast_plan *p, const quad_taps *t, const bool act[4],
                               tgx_texel r[4])
{
    const float *tab = p->unorm8;
    const int n = 1 << t->dims;
    for (int l = 0; l < 4; l++) {
        if (!act[l])
            continue;
        float tx[4][4];
        for (int i = 0; i < n; i++)
            for (int ch = 0; ch < 4; ch++)
                tx[i][ch] = tab[t->p[i][l][ch]];
        if (t->dims == 0) {
            memcpy(r[l].f, tx[0], sizeof tx[0]);
            continue;
        }
        const float a[3] = {t->a[0][l], t->a[1][l], 0.0f};
        if (p->c->softpipe) {
            for (int ch = 0; ch < 4; ch++)
                r[l].f[ch] = t->dims == 1 ? tex_lerp(a[0], tx[0][ch], tx[1][ch])
                                          : tex_lerp2(a[0], a[1], tx[0][ch], tx[1][ch], tx[2][ch],
                                                      tx[3][ch]);
            continue;
        }
        float w[8];
        tex_exact_weights(a, t->dims, w);
        for (int ch = 0; ch < 4; ch++) {
            float acc = 0.0f;
            for (int i = 0; i < n; i++)
                acc += w[i] * tx[i][ch];
            r[l].f[ch] = acc;
        }
    }
}

static void blend_exact_level(const fast_plan *p, const quad_taps *t, const bool act[4],
                              tgx_texel r[4])
{
    if (p->format == FAST_UNORM8X4)
        blend_exact_unorm8(p, t, act, r);
    else
        blend_exact_decode(p, t, act, r);
}

/* nv, formats without a fast decode: the general path's blend of the lane's footprints. */
static void blend_nv_decode(const fast_plan *p, const quad_taps *t1, const quad_taps *t2,
                            uint32_t kz, const bool act[4], tgx_texel r[4])
{
    for (int l = 0; l < 4; l++) {
        if (!act[l])
            continue;
        footprint fp[2];
        lane_footprint(p, t1, l, &fp[0]);
        if (t2)
            lane_footprint(p, t2, l, &fp[1]);
        tex_nv_blend_levels(p->c, &fp[0], t2 ? &fp[1] : NULL, kz, &r[l]);
        if (p->c->nv_half)
            tex_nv_round_half(&r[l]);
    }
}

/* nv, four 8-bit UNORM channels: the integer weights of the level(s) (tex_nv_level_weights)
 * times the texels widened to 16 bits (c * 257), summed and rounded once
 * (tex_nv_unorm16_result); one tap alone is the texel itself (tex_nv_blend_levels). */
static void blend_nv_unorm8(const fast_plan *p, const quad_taps *t1, const quad_taps *t2,
                            uint32_t kz, const bool act[4], tgx_texel r[4])
{
    const quad_taps *lv[2] = {t1, t2};
    const uint32_t total[2] = {t2 ? 256u - kz : 256u, kz};
    for (int l = 0; l < 4; l++) {
        if (!act[l])
            continue;
        const uint8_t *tx[8];
        uint32_t w[8];
        int n = 0;
        for (int j = 0; j < (t2 ? 2 : 1); j++) {
            const uint32_t k[3] = {lv[j]->k[0][l], lv[j]->k[1][l], 0};
            uint32_t lw[8];
            tex_nv_level_weights(lv[j]->dims, k, total[j], lw);
            for (int i = 0; i < 1 << lv[j]->dims; i++) {
                tx[n] = lv[j]->p[i][l];
                w[n++] = lw[i];
            }
        }
        if (n == 1) {
            for (int ch = 0; ch < 4; ch++)
                r[l].f[ch] = p->unorm8[tx[0][ch]];
            continue;
        }
        for (int ch = 0; ch < 4; ch++) {
            uint32_t acc = 0; /* sum w c <= 256 * 255 */
            for (int i = 0; i < n; i++)
                acc += w[i] * tx[i][ch];
            r[l].f[ch] = tex_nv_unorm16_result((uint64_t)acc * 257u);
        }
    }
}

/* ---- one quad ------------------------------------------------------------------------------- */

/* The lanes' coordinates as prep_lane (sample.c) leaves them: divided by q, nv's inputs; the
 * slice each lane reads. False when a coordinate is outside the fast layer's range. */
static bool quad_coords(const fast_plan *p, uint32_t q, float u[2][4], uint32_t slice[4])
{
    const tex_ctx *c = p->c;
    const tgx_tex_sample_req *req = p->req;
    const float *src[2] = {req->s, p->dims > 1 ? req->t : NULL};
    bool ok = true;
    for (int l = 0; l < 4; l++) {
        const uint32_t i = 4 * q + (uint32_t)l;
        const float qd = req->q ? req->q[i] : 1.0f;
        for (int a = 0; a < 2; a++) {
            float v = src[a] ? src[a][i] : 0.0f;
            if (req->q) /* TXP */
                v /= qd;
            if (c->nv)
                v = tex_nv_input(v);
            ok &= fabsf(v) <= FAST_COORD_MAX;
            u[a][l] = v;
        }
        slice[l] = c->view->first_slice;
        if (c->layered) {
            float layer = req->layer ? req->layer[i] : 0.0f;
            if (req->q)
                layer /= qd;
            slice[l] += tex_layer_index(c, layer);
        }
    }
    return ok;
}

/* lambda of each lane (lane_lambda in sample.c for the targets and modes taken here). */
static void quad_lambda(const fast_plan *p, uint32_t q, const float u[2][4], float lambda[4])
{
    const tex_ctx *c = p->c;
    const tgx_tex_sample_req *req = p->req;
    for (int l = 0; l < 4; l++) {
        const uint32_t lane = 4 * q + (uint32_t)l;
        switch (req->lod_mode) {
        case TGX_TEX_LOD_EXPLICIT: {
            const float lod = req->lod ? req->lod[lane] : 0.0f;
            lambda[l] = (c->nv ? tex_nv_quantize_lod(lod) : lod) + tex_total_bias(c, 0.0f);
            break;
        }
        case TGX_TEX_LOD_ZERO: lambda[l] = tex_total_bias(c, 0.0f); break;
        default: {
            /* differences inside the quad (GL: lanes 1 - 0 and 2 - 0; softpipe: 3 - 2 and
             * 0 - 2); the general path subtracts doubles holding floats and rounds to float,
             * which is the float subtraction (53 >= 2 * 24 + 2 bits) */
            if (l > 0 && req->lod_mode == TGX_TEX_LOD_IMPLICIT) {
                lambda[l] = lambda[0]; /* the same differences for every lane */
                continue;
            }
            const int a0 = c->softpipe ? 2 : 0, ax = c->softpipe ? 3 : 1, ay = c->softpipe ? 0 : 2;
            float dx[3] = {0, 0, 0}, dy[3] = {0, 0, 0};
            for (int a = 0; a < p->dims; a++) {
                dx[a] = u[a][ax] - u[a][a0];
                dy[a] = u[a][ay] - u[a][a0];
            }
            for (int a = 0; a < 3; a++) {
                dx[a] *= p->scale[a];
                dy[a] *= p->scale[a];
            }
            uint32_t aniso_n;
            bool major_x;
            const float bias =
                req->lod_mode == TGX_TEX_LOD_BIAS && req->lod ? req->lod[lane] : 0.0f;
            lambda[l] =
                tex_lambda_from_grads(c, dx, dy, &aniso_n, &major_x) + tex_total_bias(c, bias);
            break;
        }
        }
        if (c->nv) /* prep_quad: LODs are multiples of 1/256 */
            lambda[l] = tex_nv_quantize_lod(lambda[l]);
    }
}

static bool same_mip(const tex_mip *a, const tex_mip *b)
{
    return a->level == b->level && a->kz == b->kz && a->two == b->two && a->linear == b->linear &&
           (!a->two || tgx_f2bits(a->f) == tgx_f2bits(b->f));
}

/* The lanes in act read the levels of m. */
static void run_mip(fast_plan *p, const tex_mip *m, const float u[2][4], const uint32_t slice[4],
                    const bool act[4], tgx_texel r[4])
{
    quad_taps t1, t2;
    level_taps(p, level_of(p, m->level), u, slice, m->linear, &t1);
    if (p->c->nv) {
        if (m->kz)
            level_taps(p, level_of(p, m->level + 1), u, slice, m->linear, &t2);
        if (p->format == FAST_UNORM8X4)
            blend_nv_unorm8(p, &t1, m->kz ? &t2 : NULL, m->kz, act, r);
        else
            blend_nv_decode(p, &t1, m->kz ? &t2 : NULL, m->kz, act, r);
        return;
    }
    blend_exact_level(p, &t1, act, r);
    if (!m->two)
        return;
    tgx_texel r2[4];
    level_taps(p, level_of(p, m->level + 1), u, slice, m->linear, &t2);
    blend_exact_level(p, &t2, act, r2);
    for (int l = 0; l < 4; l++)
        if (act[l])
            tex_exact_mip_blend(p->c, m->f, &r[l], &r2[l], &r[l]);
}

/* Quad q; false (nothing written) when it is not for the fast layer. */
static bool fast_quad(fast_plan *p, uint32_t q, tgx_tex_result out)
{
    const tgx_tex_sample_req *req = p->req;
    float u[2][4];
    uint32_t slice[4];
    if (!quad_coords(p, q, u, slice))
        return false;
    bool act[4];
    for (int l = 0; l < 4; l++)
        act[l] = tgx_tex_lane_active(req->active, 4 * q + (uint32_t)l);
    tgx_texel r[4];
    if (!p->need_lod) {
        run_mip(p, &p->fixed, u, slice, act, r);
    } else {
        float lambda[4];
        quad_lambda(p, q, u, lambda);
        tex_mip m[4];
        bool uniform = true;
        for (int l = 0; l < 4; l++) {
            const uint32_t lane = 4 * q + (uint32_t)l;
            tex_choose_mip(p->c, lambda[l], req->lod_clamp ? &req->lod_clamp[lane] : NULL, &m[l]);
            uniform &= same_mip(&m[l], &m[0]);
        }
        if (uniform) {
            run_mip(p, &m[0], u, slice, act, r);
        } else {
            for (int l = 0; l < 4; l++) {
                bool one[4] = {false, false, false, false};
                one[l] = act[l];
                if (act[l])
                    run_mip(p, &m[l], u, slice, one, r);
            }
        }
    }
    for (int l = 0; l < 4; l++)
        if (act[l])
            tex_write_lane(p->c, &r[l], out, 4 * q + (uint32_t)l);
    return true;
}

bool tex_fast_sample(const tex_ctx *c, const tgx_tex_sample_req *req, tgx_tex_result out)
{
    fast_plan p;
    if (!plan_init(&p, c, req))
        return false;
    for (uint32_t q = 0; q < req->lanes / 4; q++) {
        if (!tex_quad_active(req->active, q))
            continue;
        if (!fast_quad(&p, q, out))
            tex_sample_quad(c, req, q, out);
    }
    return true;
}

bool tex_fast_takes(const tex_ctx *c, const tgx_tex_sample_req *req)
{
    fast_plan p;
    return plan_init(&p, c, req);
}
