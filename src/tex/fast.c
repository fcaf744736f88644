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

/* The coordinates this layer takes, after the projective divide: finite with |u| <= 1024 in
 * the exact profile (u * size < 2^27 stays an exact float-to-int conversion), and in nv
 * |u| < 2^(28 - F) for the base level's F fraction bits (plan_init), so that the fixed-point
 * coordinate u 2^F fits 28 bits (axis_nv). A quad with any other coordinate,
 * inactive lanes included (they count for derivatives), goes to the general path. */
#define FAST_COORD_MAX 1024.0f

/* The kernels below take their shape (profile, format, axes, filter) as constant arguments and
 * are instantiated once per shape; gcc and clang are told to inline them there, so each shape
 * compiles to straight code without tests on the shape. */
#if defined(__GNUC__)
#define FAST_INLINE static inline __attribute__((always_inline))
#else
#define FAST_INLINE static inline
#endif

/* With gcc on x86-64 the kernels are also built for AVX2 and picked when the machine has
 * it (TGX_TEX_CLONES, CMakeLists.txt): the texel reads widen bytes in one
 * instruction there. */
#if defined(TGX_TEX_CLONES)
#define FAST_CLONES __attribute__((target_clones("avx2", "default")))
#else
#define FAST_CLONES
#endif

/* How the texels of the request's format are read and blended. */
typedef enum fast_format {
    FAST_UNORM8X4, /* four 8-bit UNORM channels (rgba8, bgra8): decoded four at a time, blended
                      in integers in nv */
    FAST_F32X4,    /* four 32-bit floats (rgba32f), the exact profile: read as they are */
    FAST_DECODE,   /* any other uncompressed float or normalised format: the format's decoder
                      and the general path's blends */
} fast_format;

/* One level as the fast layer addresses it. */
typedef struct fast_level {
    const uint8_t *data;
    size_t slice;         /* slice pitch */
    int32_t row;          /* row pitch (a slice of the base level is below 2^31 bytes: plan_init) */
    uint32_t n[2];        /* width, height (1 for 1D) */
    float nf[2];          /* the same as floats */
    int lg[2];            /* log2 of the width and height when they are powers of two, else -1 */
    uint32_t pow2_add[2]; /* nv, power-of-two sizes (axis_nv): T + 128 = (R + add) >> rsh << lsh */
    int pow2_rsh[2], pow2_lsh[2];
    int F;         /* nv: fraction bits of the fixed-point coordinate (tex_nv_coord_bits) */
    float scale_F; /* nv: 2^F */
} fast_level;

struct fast_plan;
/* One quad (u: the coordinates per axis and lane, slice: the slice each lane reads) on the
 * level(s) of m into r, for a request shape. */
typedef void (*fast_quad_fn)(struct fast_plan *p, const tex_mip *m, const float u[2][4],
                             const uint32_t slice[4], const bool act[4], tgx_texel r[4]);

/* The choices for one request. */
typedef struct fast_plan {
    const tex_ctx *c;
    const tgx_tex_sample_req *req;
    int dims;      /* 1 or 2 filtered axes */
    int32_t bytes; /* per texel */
    fast_format format;
    fast_quad_fn run;  /* the kernel of the request's shape */
    bool need_lod;     /* the LOD decides the level or the filter */
    bool uniform_lod;  /* one lambda a quad: implicit or zero LOD, no per-lane clamp */
    tex_mip fixed;     /* !need_lod: every lane's choice */
    float coord_max;   /* the largest |u| taken (FAST_COORD_MAX) */
    float scale[3];    /* tex_base_scale */
    int ncols;         /* result columns to write */
    uint32_t *col[4];  /* their arrays */
    uint8_t src[4];    /* what each reads: a channel, TEX_SRC_ZERO or TEX_SRC_ONE */
    uint32_t one;      /* a swizzle "1" */
    bool identity;     /* four distinct columns reading channels 0, 1, 2, 3 */
    uint32_t ready;    /* bit L: lv[L] filled */
    fast_level lv[32]; /* by absolute level */
} fast_plan;

/* Per axis and lane: the two texel indices (wrapped: -1 is the border) and the weights. */
typedef struct axis4 {
    int32_t i0[4], i1[4];
    float a[4];
    uint32_t k[4];
} axis4;

/* The taps of one level for the four lanes of a quad. */
typedef struct quad_taps {
    const uint8_t *base[4]; /* per lane: the slice it reads */
    int32_t off[4][4];      /* [tap][lane]: byte offsets from base, -1 for the border colour;
                               tap bit 0 = second x tap, bit 1 = second y tap */
    axis4 ax[2];            /* the axes' weights (a: exact, k: nv) */
    int dims;               /* filtered axes: 0 (nearest, tap 0 only), 1 or 2 */
} quad_taps;

static fast_quad_fn kernel_of(const tex_ctx *c, fast_format f, int dims);

/* ---- choosing ------------------------------------------------------------------------------- */

static bool wrap_supported(tgx_tex_wrap w)
{
    return w == TGX_TEX_WRAP_REPEAT || w == TGX_TEX_WRAP_MIRROR_REPEAT ||
           w == TGX_TEX_WRAP_CLAMP_TO_EDGE || w == TGX_TEX_WRAP_CLAMP_TO_BORDER;
}

static bool four_channels(const tgx_tex_format_info *fi, tgx_tex_type type, uint32_t bits)
{
    return fi->pack == TGX_TEX_PACK_ARRAY && fi->type == type && fi->bytes == 4 * bits / 8 &&
           fi->bits[0] == bits && fi->bits[1] == bits && fi->bits[2] == bits && fi->bits[3] == bits;
}

static fast_format format_of(const tex_ctx *c)
{
    bool border = false;
    for (int a = 0; a < c->dims; a++)
        border |= c->wrap[a] == TGX_TEX_WRAP_CLAMP_TO_BORDER;
    if (border)
        return FAST_DECODE;
    if (four_channels(c->fi, TGX_TEX_TYPE_UNORM, 8))
        return FAST_UNORM8X4;
    if (!c->nv && four_channels(c->fi, TGX_TEX_TYPE_FLOAT, 32))
        return FAST_F32X4;
    return FAST_DECODE;
}

/* The result columns: where each lane's texel goes (tex_write_lane's map, once). */
static void plan_columns(fast_plan *p, tgx_tex_result out)
{
    p->ncols = 0;
    for (int j = 0; j < 4; j++) {
        if (!out.c[j])
            continue;
        p->col[p->ncols] = out.c[j];
        p->src[p->ncols++] = p->c->map[j];
    }
    p->one = p->c->is_int ? 1u : 0x3f800000u;
    p->identity = p->ncols == 4;
    for (int j = 0; j < p->ncols; j++) {
        p->identity &= p->src[j] == j;
        for (int k = 0; k < j; k++)
            p->identity &= p->col[j] != p->col[k];
    }
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
    level_info base;
    tex_level_get(c, c->base, &base);
    if (!base.data || base.slice > INT32_MAX)
        return false; /* offsets inside a slice are 32-bit */
    p->coord_max = c->nv ? ldexpf(1.0f, 28 - tex_nv_coord_bits(c->view->target, base.max_dim))
                         : FAST_COORD_MAX;
    p->c = c;
    p->req = req;
    p->dims = c->dims;
    p->bytes = (int32_t)c->fi->bytes;
    p->format = format_of(c);
    p->run = kernel_of(c, p->format, p->dims);
    /* the LOD only matters when it picks a level or the filter (no anisotropy here) */
    p->need_lod = (s->mip_filter != TGX_TEX_MIP_NONE && c->last > c->base) ||
                  s->min_filter != s->mag_filter || req->lod_clamp;
    p->uniform_lod = !req->lod_clamp &&
                     (req->lod_mode == TGX_TEX_LOD_IMPLICIT || req->lod_mode == TGX_TEX_LOD_ZERO);
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
    lv->row = (int32_t)li.row;
    lv->slice = li.slice;
    lv->n[0] = li.w;
    lv->n[1] = li.h;
    lv->nf[0] = (float)li.w;
    lv->nf[1] = (float)li.h;
    for (int a = 0; a < 2; a++) {
        lv->lg[a] = -1;
        for (int m = 0; m < 32; m++)
            if (lv->n[a] == 1u << m)
                lv->lg[a] = m;
    }
    lv->F = tex_nv_coord_bits(p->c->view->target, li.max_dim);
    for (int a = 0; a < 2; a++) {
        const int sh = lv->F - 8 - lv->lg[a];
        lv->pow2_add[a] = sh > 0 ? 1u << (sh - 1) : 0u;
        lv->pow2_rsh[a] = sh > 0 ? sh : 0;
        lv->pow2_lsh[a] = sh < 0 ? -sh : 0;
    }
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

/* The exact profile's texel coordinate and taps (tex_scale_coord, tex_axis_linear and
 * tex_axis_nearest for finite coordinates): x = u * size in float, linear: xm = x - 1/2,
 * i0 = floor(xm), a = xm - i0 (GL 4.6 eq. 8.12). The general path holds x in a double, but it is
 * the float product, and (float)x - 0.5f is the same float subtraction. */
FAST_INLINE void axis_exact(const float u[4], float nf, bool linear, axis4 *ax)
{
    for (int l = 0; l < 4; l++) {
        if (linear) {
            const float xm = u[l] * nf - 0.5f;
            const int32_t i = floor_i32(xm);
            ax->a[l] = xm - (float)i;
            ax->i0[l] = i;
            ax->i1[l] = i + 1;
        } else {
            ax->i0[l] = floor_i32(u[l] * nf);
        }
    }
}

/* floor(v / 2^s), 0 < s < 31, without shifting a negative number. */
static inline int32_t floor_shift32(int32_t v, int s)
{
    return (int32_t)((((uint32_t)v + (UINT32_C(1) << 31)) >> s) - (UINT32_C(1) << (31 - s)));
}

/* The nv profile's (address.c, nv.c): the coordinate floored to F fraction bits, Q = floor(u
 * 2^F) (tex_nv_fixed_coord), reduced to the wrap's period (tex_nv_wrap_reduce: R = Q mod 2^F
 * for repeat, mod 2^(F+1) for mirrored repeat, else Q), times the size n; linear:
 * i0 = floor(x - 1/2) and k = floor(frac(x - 1/2) 256 + 1/2) with 256 carried into i0; nearest:
 * floor(x). The general path computes in doubles, where each step is exact; here T = 256 i0 + k
 * = floor(256 (R n / 2^F - 1/2) + 1/2) = floor((R n + 2^(F-9)) / 2^(F-8)) - 128 in 32-bit
 * integers: with s = F - 8 and R = Rh 2^s + Rl, T = Rh n + ((Rl n + 2^(F-9)) >> s) - 128, and
 * nearest's floor(R n / 2^F) = floor((Rh n + (Rl n >> s)) / 256). The bounds: |Q| <= 2^28
 * (coord_max), n <= 2^13, 2^16, 2^17 for F = 21, 22, 23 (tex_nv_coord_bits), so
 * |Rh n| <= 2^(36-F) n <= 2^30 and Rl n + 2^(F-9) < 2^s n + 2^(F-9) < 2^32. */
FAST_INLINE void axis_nv(const float u[4], const fast_level *lv, int axis, tgx_tex_wrap w,
                         bool linear, axis4 *ax)
{
    const int F = lv->F, s = F - 8;
    const uint32_t period =
        w == TGX_TEX_WRAP_REPEAT
            ? (UINT32_C(1) << F) - 1u
            : (w == TGX_TEX_WRAP_MIRROR_REPEAT ? (UINT32_C(2) << F) - 1u : UINT32_MAX);
    const int32_t n = (int32_t)lv->n[axis];
    const uint32_t round = linear ? UINT32_C(1) << (F - 9) : 0u;
    const int m = lv->lg[axis];
    if (period != UINT32_MAX && m >= 0) {
        /* repeat or mirrored repeat on a power-of-two size: 0 <= R < 2^(F+1), n = 2^m, so
         * T = floor((R 2^m + 2^(F-9)) / 2^(F-8)) - 128 is a shift of R, and nearest's
         * floor(R 2^m / 2^F) too */
        const uint32_t add = lv->pow2_add[axis];
        const int rsh = lv->pow2_rsh[axis], lsh = lv->pow2_lsh[axis];
        for (int l = 0; l < 4; l++) {
            const uint32_t r = (uint32_t)floor_i32(u[l] * lv->scale_F) & period;
            if (!linear) {
                ax->i0[l] = (int32_t)(r >> (F - m));
                continue;
            }
            const uint32_t t = ((r + add) >> rsh) << lsh; /* T + 128 */
            ax->i0[l] = (int32_t)((t + 128u) >> 8) - 1;
            ax->i1[l] = ax->i0[l] + 1;
            ax->k[l] = (t + 128u) & 255u;
        }
        return;
    }
    for (int l = 0; l < 4; l++) {
        const int32_t q = floor_i32(u[l] * lv->scale_F); /* exact: a power of two */
        const int32_t r = (int32_t)((uint32_t)q & period);
        const int32_t rh = floor_shift32(r, s), rl = (int32_t)((uint32_t)r & ((1u << s) - 1u));
        const int32_t t = rh * n + (int32_t)(((uint32_t)rl * (uint32_t)n + round) >> s);
        if (linear) {
            ax->i0[l] = floor_shift32(t - 128, 8);
            ax->i1[l] = ax->i0[l] + 1;
            ax->k[l] = (uint32_t)(t - 128) & 255u;
        } else {
            ax->i0[l] = floor_shift32(t, 8);
        }
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
FAST_INLINE void wrap_indices(tgx_tex_wrap w, uint32_t size, int32_t i[4])
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
FAST_INLINE void axis_taps4(const fast_plan *p, const fast_level *lv, int axis, const float u[4],
                            bool nv, bool linear, axis4 *ax)
{
    const tgx_tex_wrap w = p->c->wrap[axis];
    if (nv)
        axis_nv(u, lv, axis, w, linear, ax);
    else
        axis_exact(u, lv->nf[axis], linear, ax);
    wrap_indices(w, lv->n[axis], ax->i0);
    if (!linear)
        return;
    wrap_indices(w, lv->n[axis], ax->i1);
    if (nv && w == TGX_TEX_WRAP_CLAMP_TO_EDGE)
        for (int l = 0; l < 4; l++)
            if (ax->i0[l] == ax->i1[l])
                ax->k[l] = 0; /* hw-facts: both taps one texel, the weight is 0 (address.c) */
}

/* Byte offset of texel (x, y) in its slice; with a border wrap, -1 for the border. */
FAST_INLINE int32_t texel_offset(int32_t x, int32_t y, int32_t row, int32_t bytes, bool border)
{
    return border && (x < 0 || y < 0) ? -1 : y * row + x * bytes;
}

/* The taps of a level for the quad's lanes: u[a] the coordinates of axis a, slice[l] the slice
 * each lane reads; border: a wrap may give the border (FAST_DECODE only, format_of). */
FAST_INLINE void level_taps(const fast_plan *p, const fast_level *lv, const float u[2][4],
                            const uint32_t slice[4], bool nv, int dims, bool linear, bool border,
                            quad_taps *t)
{
    axis_taps4(p, lv, 0, u[0], nv, linear, &t->ax[0]);
    if (dims > 1) {
        axis_taps4(p, lv, 1, u[1], nv, linear, &t->ax[1]);
    } else {
        for (int l = 0; l < 4; l++)
            t->ax[1].i0[l] = t->ax[1].i1[l] = 0;
    }
    t->dims = linear ? dims : 0;
    if (p->c->layered) {
        for (int l = 0; l < 4; l++)
            t->base[l] = lv->data + (size_t)slice[l] * lv->slice;
    } else { /* every lane reads the view's one slice */
        const uint8_t *base = lv->data + (size_t)slice[0] * lv->slice;
        for (int l = 0; l < 4; l++)
            t->base[l] = base;
    }
    const int32_t row = lv->row, bytes = p->bytes;
    const axis4 *x = &t->ax[0], *y = &t->ax[1];
    for (int l = 0; l < 4; l++)
        t->off[0][l] = texel_offset(x->i0[l], y->i0[l], row, bytes, border);
    if (!linear)
        return;
    for (int l = 0; l < 4; l++) {
        t->off[1][l] = texel_offset(x->i1[l], y->i0[l], row, bytes, border);
        t->off[2][l] = texel_offset(x->i0[l], y->i1[l], row, bytes, border);
        t->off[3][l] = texel_offset(x->i1[l], y->i1[l], row, bytes, border);
    }
}

/* ---- texels --------------------------------------------------------------------------------- */

/* A texel as four floats: FAST_UNORM8X4 with the profile's conversion (TGX_TEX_UNORM8_GL, or
 * _MESA for the softpipe rule, sp), FAST_F32X4 as stored. */
FAST_INLINE void texel_float4(fast_format f, bool sp, const uint8_t *x, float v[4])
{
    if (f == FAST_F32X4) {
        memcpy(v, x, 4 * sizeof(float));
        return;
    }
    const int32_t b[4] = {x[0], x[1], x[2], x[3]};
    for (int ch = 0; ch < 4; ch++)
        v[ch] = sp ? TGX_TEX_UNORM8_MESA(b[ch]) : TGX_TEX_UNORM8_GL(b[ch]);
}

/* The general path's footprint of one lane (decoded texels, the border colour for tap offset
 * -1). */
static void lane_footprint(const fast_plan *p, const quad_taps *t, int l, footprint *fp)
{
    const tex_ctx *c = p->c;
    memset(fp->ax, 0, sizeof fp->ax);
    fp->dims = t->dims;
    fp->corner = -1;
    for (int a = 0; a < 2 && t->dims; a++) {
        fp->ax[a].a = t->ax[a].a[l];
        fp->ax[a].k = t->ax[a].k[l];
    }
    for (int i = 0; i < 1 << t->dims; i++) {
        if (t->off[i][l] >= 0)
            c->decode(t->base[l] + t->off[i][l], 0, &fp->tx[i]);
        else
            fp->tx[i] = c->border;
    }
}

/* ---- kernels: the exact profile ------------------------------------------------------------- */

/* One level for the quad's four lanes, a format read as four floats (every lane is computed:
 * the taps are inside the texture, and only active lanes are written): blend_exact's
 * arithmetic (tex_exact_weights, then acc = 0 + w0 t0 + w1 t1 ... in fp32) or softpipe's lerps
 * (sp); nearest reads the texel itself. */
FAST_INLINE void level_exact(const fast_plan *p, const fast_level *lv, const float u[2][4],
                             const uint32_t slice[4], fast_format f, int dims, bool linear, bool sp,
                             tgx_texel r[4])
{
    quad_taps t;
    level_taps(p, lv, u, slice, false, dims, linear, false, &t);
    const int taps = linear ? 1 << dims : 1;
    for (int l = 0; l < 4; l++) {
        float tx[4][4];
        TEX_UNROLL(4)
        for (int i = 0; i < taps; i++)
            texel_float4(f, sp, t.base[l] + t.off[i][l], tx[i]);
        if (!linear) {
            memcpy(r[l].f, tx[0], sizeof tx[0]);
            continue;
        }
        const float a[3] = {t.ax[0].a[l], dims > 1 ? t.ax[1].a[l] : 0.0f, 0.0f};
        if (sp) {
            for (int ch = 0; ch < 4; ch++)
                r[l].f[ch] =
                    dims == 1 ? tex_lerp(a[0], tx[0][ch], tx[1][ch])
                              : tex_lerp2(a[0], a[1], tx[0][ch], tx[1][ch], tx[2][ch], tx[3][ch]);
            continue;
        }
        float w[8];
        tex_exact_weights(a, dims, w);
        for (int ch = 0; ch < 4; ch++) {
            float acc = 0.0f;
            TEX_UNROLL(4)
            for (int i = 0; i < taps; i++)
                acc += w[i] * tx[i][ch];
            r[l].f[ch] = acc;
        }
    }
}

/* The level(s) of m in the exact profile: one level, or two blended by m->f
 * (tex_exact_mip_blend). */
FAST_INLINE void quad_exact(fast_plan *p, const tex_mip *m, const float u[2][4],
                            const uint32_t slice[4], tgx_texel r[4], fast_format f, int dims,
                            bool sp)
{
    const fast_level *l1 = level_of(p, m->level);
    if (m->linear)
        level_exact(p, l1, u, slice, f, dims, true, sp, r);
    else
        level_exact(p, l1, u, slice, f, dims, false, sp, r);
    if (!m->two)
        return;
    tgx_texel r2[4];
    const fast_level *l2 = level_of(p, m->level + 1);
    if (m->linear)
        level_exact(p, l2, u, slice, f, dims, true, sp, r2);
    else
        level_exact(p, l2, u, slice, f, dims, false, sp, r2);
    for (int l = 0; l < 4; l++)
        tex_exact_mip_blend_rule(sp, false, m->f, &r[l], &r2[l], &r[l]);
}

/* Formats without a fast read: the general path's blend of each active lane's footprint. */
static void level_exact_decode(fast_plan *p, uint32_t level, const float u[2][4],
                               const uint32_t slice[4], bool linear, const bool act[4],
                               tgx_texel r[4])
{
    quad_taps t;
    if (linear)
        level_taps(p, level_of(p, level), u, slice, false, p->dims, true, true, &t);
    else
        level_taps(p, level_of(p, level), u, slice, false, p->dims, false, true, &t);
    for (int l = 0; l < 4; l++) {
        if (!act[l])
            continue;
        footprint fp;
        lane_footprint(p, &t, l, &fp);
        tex_blend_level(p->c, &fp, &r[l]);
    }
}

static void quad_exact_decode(fast_plan *p, const tex_mip *m, const float u[2][4],
                              const uint32_t slice[4], const bool act[4], tgx_texel r[4])
{
    level_exact_decode(p, m->level, u, slice, m->linear, act, r);
    if (!m->two)
        return;
    tgx_texel r2[4];
    level_exact_decode(p, m->level + 1, u, slice, m->linear, act, r2);
    for (int l = 0; l < 4; l++)
        if (act[l])
            tex_exact_mip_blend(p->c, m->f, &r[l], &r2[l], &r[l]);
}

/* ---- kernels: the nv profile ---------------------------------------------------------------- */

/* One level carrying `total` of the 256 for the quad's lanes, four 8-bit UNORM channels: the
 * integer weights (tex_nv_level_weights) times the texels, summed per channel (sum w c <=
 * 256 * 255). */
FAST_INLINE void level_nv_unorm8(const fast_plan *p, const fast_level *lv, const float u[2][4],
                                 const uint32_t slice[4], int dims, bool linear, uint32_t total,
                                 uint32_t acc[4][4])
{
    quad_taps t;
    level_taps(p, lv, u, slice, true, dims, linear, false, &t);
    const int tdims = linear ? dims : 0;
    uint32_t w[4][4]; /* [tap][lane], the lanes side by side */
    for (int l = 0; l < 4; l++) {
        const uint32_t k[3] = {linear ? t.ax[0].k[l] : 0, linear && dims > 1 ? t.ax[1].k[l] : 0, 0};
        uint32_t wl[8];
        tex_nv_level_weights(tdims, k, total, wl);
        TEX_UNROLL(4)
        for (int i = 0; i < 1 << tdims; i++)
            w[i][l] = wl[i];
    }
    for (int l = 0; l < 4; l++) {
        TEX_UNROLL(4)
        for (int i = 0; i < 1 << tdims; i++) {
            const uint8_t *x = t.base[l] + t.off[i][l];
            const uint32_t b[4] = {x[0], x[1], x[2], x[3]};
            for (int ch = 0; ch < 4; ch++)
                acc[l][ch] += w[i][l] * b[ch];
        }
    }
}

/* The level(s) of m in the nv profile, four 8-bit UNORM channels: one 4- or 8-tap sum with the
 * texels widened to 16 bits (c * 257), rounded once (tex_nv_unorm16_result); one tap alone is
 * the texel itself (tex_nv_blend_levels). */
FAST_INLINE void quad_nv_unorm8(fast_plan *p, const tex_mip *m, const float u[2][4],
                                const uint32_t slice[4], tgx_texel r[4], int dims)
{
    const fast_level *l1 = level_of(p, m->level);
    if (!m->linear && !m->kz) {
        quad_taps t;
        level_taps(p, l1, u, slice, true, dims, false, false, &t);
        for (int l = 0; l < 4; l++)
            texel_float4(FAST_UNORM8X4, false, t.base[l] + t.off[0][l], r[l].f);
        return;
    }
    uint32_t acc[4][4];
    memset(acc, 0, sizeof acc);
    const uint32_t total = 256u - m->kz;
    if (m->linear)
        level_nv_unorm8(p, l1, u, slice, dims, true, total, acc);
    else
        level_nv_unorm8(p, l1, u, slice, dims, false, total, acc);
    if (m->kz) {
        const fast_level *l2 = level_of(p, m->level + 1);
        if (m->linear)
            level_nv_unorm8(p, l2, u, slice, dims, true, m->kz, acc);
        else
            level_nv_unorm8(p, l2, u, slice, dims, false, m->kz, acc);
    }
    for (int l = 0; l < 4; l++)
        for (int ch = 0; ch < 4; ch++)
            r[l].f[ch] = tex_nv_unorm16_result(acc[l][ch] * 257u);
}

/* Formats without a fast read: the general path's blend of each active lane's footprints. */
static void quad_nv_decode(fast_plan *p, const tex_mip *m, const float u[2][4],
                           const uint32_t slice[4], const bool act[4], tgx_texel r[4])
{
    quad_taps t[2];
    for (int j = 0; j < (m->kz ? 2 : 1); j++) {
        const fast_level *lv = level_of(p, m->level + (uint32_t)j);
        if (m->linear)
            level_taps(p, lv, u, slice, true, p->dims, true, true, &t[j]);
        else
            level_taps(p, lv, u, slice, true, p->dims, false, true, &t[j]);
    }
    for (int l = 0; l < 4; l++) {
        if (!act[l])
            continue;
        footprint fp[2];
        lane_footprint(p, &t[0], l, &fp[0]);
        if (m->kz)
            lane_footprint(p, &t[1], l, &fp[1]);
        tex_nv_blend_levels(p->c, &fp[0], m->kz ? &fp[1] : NULL, m->kz, &r[l]);
        if (p->c->nv_half)
            tex_nv_round_half(&r[l]);
    }
}

/* ---- the kernels of each shape -------------------------------------------------------------- */

/* X(name, body): the instantiations, by profile, format, axes and the softpipe rule. */
#define FAST_SHAPES(X)                                                                             \
    X(exact_unorm8_1d, quad_exact(p, m, u, slice, r, FAST_UNORM8X4, 1, false))                     \
    X(exact_unorm8_2d, quad_exact(p, m, u, slice, r, FAST_UNORM8X4, 2, false))                     \
    X(softpipe_unorm8_1d, quad_exact(p, m, u, slice, r, FAST_UNORM8X4, 1, true))                   \
    X(softpipe_unorm8_2d, quad_exact(p, m, u, slice, r, FAST_UNORM8X4, 2, true))                   \
    X(exact_f32_1d, quad_exact(p, m, u, slice, r, FAST_F32X4, 1, false))                           \
    X(exact_f32_2d, quad_exact(p, m, u, slice, r, FAST_F32X4, 2, false))                           \
    X(softpipe_f32_1d, quad_exact(p, m, u, slice, r, FAST_F32X4, 1, true))                         \
    X(softpipe_f32_2d, quad_exact(p, m, u, slice, r, FAST_F32X4, 2, true))                         \
    X(nv_unorm8_1d, quad_nv_unorm8(p, m, u, slice, r, 1))                                          \
    X(nv_unorm8_2d, quad_nv_unorm8(p, m, u, slice, r, 2))

#define X(name, body)                                                                              \
    FAST_CLONES static void quad_##name(fast_plan *p, const tex_mip *m, const float u[2][4],       \
                                        const uint32_t slice[4], const bool act[4],                \
                                        tgx_texel r[4])                                            \
    {                                                                                              \
        (void)act;                                                                                 \
        body;                                                                                      \
    }
FAST_SHAPES(X)
#undef X

/* The kernel of a request's shape. */
static fast_quad_fn kernel_of(const tex_ctx *c, fast_format f, int dims)
{
    const bool d2 = dims > 1;
    if (f == FAST_DECODE)
        return c->nv ? quad_nv_decode : quad_exact_decode;
    if (c->nv)
        return d2 ? quad_nv_unorm8_2d : quad_nv_unorm8_1d; /* format_of: no f32 in nv */
    if (f == FAST_UNORM8X4)
        return c->softpipe ? (d2 ? quad_softpipe_unorm8_2d : quad_softpipe_unorm8_1d)
                           : (d2 ? quad_exact_unorm8_2d : quad_exact_unorm8_1d);
    return c->softpipe ? (d2 ? quad_softpipe_f32_2d : quad_softpipe_f32_1d)
                       : (d2 ? quad_exact_f32_2d : quad_exact_f32_1d);
}

/* ---- one quad ------------------------------------------------------------------------------- */

/* The lanes' coordinates as prep_lane (sample.c) leaves them: divided by q; the slice each lane
 * reads. False when a coordinate is outside the fast layer's range. */
static bool quad_coords(const fast_plan *p, uint32_t q, float u[2][4], uint32_t slice[4])
{
    const tex_ctx *c = p->c;
    const tgx_tex_sample_req *req = p->req;
    const uint32_t i0 = 4 * q;
    memcpy(u[0], req->s + i0, sizeof u[0]);
    if (p->dims > 1)
        memcpy(u[1], req->t + i0, sizeof u[1]);
    else
        memset(u[1], 0, sizeof u[1]);
    for (int l = 0; l < 4; l++)
        slice[l] = c->view->first_slice;
    if (req->q) /* TXP: the coordinates and the layer over q */
        for (int a = 0; a < 2; a++)
            for (int l = 0; l < 4; l++)
                u[a][l] /= req->q[i0 + (uint32_t)l];
    if (c->layered)
        for (int l = 0; l < 4; l++) {
            const uint32_t i = i0 + (uint32_t)l;
            float layer = req->layer ? req->layer[i] : 0.0f;
            if (req->q)
                layer /= req->q[i];
            slice[l] += tex_layer_index(c, layer);
        }
    /* nv reads NaN and denormal coordinates as +0 (tex_nv_input); such quads go to the
     * general path, so the coordinates here are already what tex_nv_input would leave */
    float v[8];
    memcpy(v, u, sizeof v);
    int ok = 1;
    if (c->nv) {
        for (int i = 0; i < 8; i++)
            ok &= (fabsf(v[i]) < p->coord_max) & ((fabsf(v[i]) >= 0x1p-126f) | (v[i] == 0.0f));
    } else {
        for (int i = 0; i < 8; i++)
            ok &= fabsf(v[i]) < p->coord_max;
    }
    return ok;
}

/* lambda of lane l (lane_lambda in sample.c for the targets and modes taken here). */
static float lane_lambda(const fast_plan *p, uint32_t lane, const float u[2][4])
{
    const tex_ctx *c = p->c;
    const tgx_tex_sample_req *req = p->req;
    float lambda;
    switch (req->lod_mode) {
    case TGX_TEX_LOD_EXPLICIT: {
        const float lod = req->lod ? req->lod[lane] : 0.0f;
        lambda = (c->nv ? tex_nv_quantize_lod(lod) : lod) + tex_total_bias(c, 0.0f);
        break;
    }
    case TGX_TEX_LOD_ZERO: lambda = tex_total_bias(c, 0.0f); break;
    default: {
        /* differences inside the quad (GL: lanes 1 - 0 and 2 - 0; softpipe: 3 - 2 and 0 - 2);
         * the general path subtracts doubles holding floats and rounds to float, which is the
         * float subtraction (53 >= 2 * 24 + 2 bits) */
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
        const float bias = req->lod_mode == TGX_TEX_LOD_BIAS && req->lod ? req->lod[lane] : 0.0f;
        lambda = tex_lambda_from_grads(c, dx, dy, &aniso_n, &major_x) + tex_total_bias(c, bias);
        break;
    }
    }
    /* prep_quad: nv LODs are multiples of 1/256 */
    return c->nv ? tex_nv_quantize_lod(lambda) : lambda;
}

static bool same_mip(const tex_mip *a, const tex_mip *b)
{
    return a->level == b->level && a->kz == b->kz && a->two == b->two && a->linear == b->linear &&
           (!a->two || tgx_f2bits(a->f) == tgx_f2bits(b->f));
}

/* The lanes' texels through the layout and swizzle map into the result columns
 * (tex_write_lane for the quad). */
static void write_quad(const fast_plan *p, uint32_t q, const bool act[4], const tgx_texel r[4])
{
    const bool all = act[0] && act[1] && act[2] && act[3];
    if (all && p->identity) { /* the common case: r, g, b, a into four columns */
        uint32_t *restrict c0 = p->col[0] + 4 * q, *restrict c1 = p->col[1] + 4 * q;
        uint32_t *restrict c2 = p->col[2] + 4 * q, *restrict c3 = p->col[3] + 4 * q;
        for (int l = 0; l < 4; l++) {
            c0[l] = r[l].u[0];
            c1[l] = r[l].u[1];
            c2[l] = r[l].u[2];
            c3[l] = r[l].u[3];
        }
        return;
    }
    for (int j = 0; j < p->ncols; j++) {
        uint32_t *col = p->col[j] + 4 * q;
        const uint8_t s = p->src[j];
        if (s >= 4) {
            const uint32_t v = s == TEX_SRC_ONE ? p->one : 0u;
            for (int l = 0; l < 4; l++)
                if (act[l])
                    col[l] = v;
        } else if (all) {
            for (int l = 0; l < 4; l++)
                col[l] = r[l].u[s];
        } else {
            for (int l = 0; l < 4; l++)
                if (act[l])
                    col[l] = r[l].u[s];
        }
    }
}

/* Quad q; false (nothing written) when it is not for the fast layer. */
static bool fast_quad(fast_plan *p, uint32_t q, const bool act[4])
{
    const tgx_tex_sample_req *req = p->req;
    float u[2][4];
    uint32_t slice[4];
    if (!quad_coords(p, q, u, slice))
        return false;
    tgx_texel r[4];
    if (!p->need_lod) {
        p->run(p, &p->fixed, u, slice, act, r);
    } else if (p->uniform_lod) { /* every lane's lambda is lane 0's */
        tex_mip m;
        tex_choose_mip(p->c, lane_lambda(p, 4 * q, u), NULL, &m);
        p->run(p, &m, u, slice, act, r);
    } else {
        tex_mip m[4];
        bool uniform = true;
        for (int l = 0; l < 4; l++) {
            const uint32_t lane = 4 * q + (uint32_t)l;
            tex_choose_mip(p->c, lane_lambda(p, lane, u),
                           req->lod_clamp ? &req->lod_clamp[lane] : NULL, &m[l]);
            uniform &= same_mip(&m[l], &m[0]);
        }
        if (uniform) {
            p->run(p, &m[0], u, slice, act, r);
        } else {
            for (int l = 0; l < 4; l++) {
                if (!act[l])
                    continue;
                bool one[4] = {false, false, false, false};
                one[l] = true;
                tgx_texel rl[4];
                p->run(p, &m[l], u, slice, one, rl);
                r[l] = rl[l];
            }
        }
    }
    write_quad(p, q, act, r);
    return true;
}

bool tex_fast_sample(const tex_ctx *c, const tgx_tex_sample_req *req, tgx_tex_result out)
{
    fast_plan p;
    if (!plan_init(&p, c, req))
        return false;
    plan_columns(&p, out);
    for (uint32_t q = 0; q < req->lanes / 4; q++) {
        bool act[4];
        for (uint32_t l = 0; l < 4; l++)
            act[l] = tgx_tex_lane_active(req->active, 4 * q + l);
        if (!(act[0] || act[1] || act[2] || act[3]))
            continue;
        if (!fast_quad(&p, q, act))
            tex_sample_quad(c, req, q, out);
    }
    return true;
}

bool tex_fast_takes(const tex_ctx *c, const tgx_tex_sample_req *req)
{
    fast_plan p;
    return plan_init(&p, c, req);
}
