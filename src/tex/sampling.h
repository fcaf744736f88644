/* Internal state of one sampling request, shared by address.c, lod.c and sample.c. */
#ifndef TGX_TEX_SAMPLING_H
#define TGX_TEX_SAMPLING_H

#include <math.h>

#include "tex/tex_internal.h"
#include "tgx/util.h"

/* Per-request constants, computed once before the lane loop (no per-texel switch on format). */
typedef struct tex_ctx {
    const tgx_tex_view *view;
    const tgx_sampler *samp;
    const tgx_tex *tex;
    const tgx_tex_format_info *fi;
    tgx_texel_decode_fn decode;
    uint8_t map[4];      /* layout, then view swizzle */
    bool nv;             /* NVIDIA fixed-point profile */
    bool softpipe;       /* exact profile with softpipe's choices where GL allows several */
    bool is_int;         /* integer format: nearest only, raw results */
    bool compare;        /* depth compare */
    bool compare_late;   /* softpipe: compare the filtered depth, not each texel */
    bool unnormalized;   /* coordinates in texels (RECT or !normalized_coords) */
    uint8_t nv_arith[4]; /* nv: per stored channel, the blend's arithmetic (tex_nv_arith) */
    bool nv_half;        /* nv: round results to half precision */
    bool cube;           /* CUBE / CUBE_ARRAY */
    bool layered;        /* the target takes an array layer */
    int dims;            /* filtered coordinate axes: 1, 2 or 3 */
    uint32_t base;       /* absolute base level of the view */
    uint32_t last;       /* absolute last level of the view */
    tgx_tex_wrap wrap[3];
    tgx_texel border; /* in stored-channel order */
} tex_ctx;

/* Prepared coordinates of one lane. */
typedef struct lane_coord {
    double u[3];       /* normalised (or texel) coordinates; cube: face s, t in [0, 1] */
    uint32_t face;     /* cube face 0..5 */
    uint32_t slice;    /* absolute slice of layered targets (cube arrays: layer * 6) */
    float ref;         /* depth reference */
    float lambda;      /* LOD before clamping (relative to the view's base level) */
    uint32_t aniso_n;  /* anisotropic samples (1 = isotropic) */
    float aniso_du[3]; /* step between anisotropic samples, in u units */
    float grad[2][3];  /* implicit/explicit gradients d/dx, d/dy in texels of the base level */
} lane_coord;

/* address.c */
typedef struct axis_taps {
    int32_t i0, i1; /* texel indices after wrapping, or -1 for the border */
    float a;        /* weight of i1 (exact profile) */
    uint32_t k;     /* weight of i1 in 1/256 (nv profile) */
} axis_taps;

void tex_axis_nearest(const tex_ctx *c, int axis, double x, uint32_t n, axis_taps *t);
void tex_axis_linear(const tex_ctx *c, int axis, double x, uint32_t n, axis_taps *t);
/* Normalised coordinate -> texel coordinate of a level of size n on `axis` (its wrap mode; -1 for
 * cube faces), nv: quantised and reduced to the wrap's period first. */
double tex_scale_coord(const tex_ctx *c, int axis, double u, uint32_t n, uint32_t level_max_dim);
/* Cube: direction -> face and face coordinates (s, t in [0, 1]); ties by profile. */
void tex_cube_face(const tex_ctx *c, float rx, float ry, float rz, uint32_t *face, double *s,
                   double *t);
/* Face coordinates of a direction on a given face (for derivatives across a quad). */
void tex_cube_project(uint32_t face, float rx, float ry, float rz, double *s, double *t);
/* nv: face coordinates (s, t in [0, 1] units) of a direction in the plane of face `ref`, a
 * direction on a neighbouring face unfolded across their shared edge (derivatives across a quad
 * or along explicit gradients). Returns whether the direction's own major face is `ref`. */
bool tex_cube_unfold(const tex_ctx *c, uint32_t ref, float rx, float ry, float rz, double *s,
                     double *t);
/* Seamless cube: texel (i, j) just outside face f of size n -> face and texel on the
 * neighbouring face. Returns false for a corner (both out of range). */
bool tex_cube_neighbour(uint32_t face, int32_t i, int32_t j, uint32_t n, uint32_t *nf, int32_t *ni,
                        int32_t *nj);

/* lod.c */
/* lambda from two scaled gradient vectors (already multiplied by the base level's size),
 * and the anisotropic sample count / major axis choice. */
float tex_lambda_from_grads(const tex_ctx *c, const float dx[3], const float dy[3],
                            uint32_t *aniso_n, bool *major_is_x);
/* The same, nv: `diagonals` false leaves the footprint's diagonals out of rho (a cube quad whose
 * lanes lie on more than one face, docs/texture.md 3.5). */
float tex_lambda_from_footprint(const tex_ctx *c, const float dx[3], const float dy[3],
                                bool diagonals, uint32_t *aniso_n, bool *major_is_x);
float tex_nv_quantize_lod(float v); /* trunc toward zero to 1/256 */
/* The length of a scaled gradient vector as the profile's LOD rule measures it. */
float tex_grad_length(const tex_ctx *c, const float v[3]);

/* nv.c: the nv profile's fixed-point steps (docs/texture.md section 3) */
/* How the nv filter blends a channel. */
enum tex_nv_arith {
    TEX_NV_FLOAT32, /* block floating point, rounded to fp32 (tex_nv_blend_float) */
    TEX_NV_FLOAT16, /* block floating point, rounded to half precision */
    TEX_NV_UNORM16, /* texels widened to 16-bit unsigned fixed point */
    TEX_NV_SNORM16, /* texels widened to 16-bit signed fixed point (1.15) */
    TEX_NV_SNORM8,  /* 8-bit SNORM: widened to 1.15 with 2 fraction bits more (tex_nv_snorm8_q2) */
    TEX_NV_SRGB8,   /* 8-bit sRGB colour: the decode's segment exponents, rounded to half */
};
/* Fills c->nv_arith from the format (after c->fi and c->compare are set). */
void tex_nv_init_arith(tex_ctx *c);
/* A SNORM channel of n bits (decoded value f) as the nv filter and gather widen it to 1.15 fixed
 * point (-2^(n-1) reads as -(2^(n-1) - 1)). */
int32_t tex_nv_snorm15(float f, uint32_t n);

/* exponent * 256 + T[8-bit truncated mantissa] of a positive finite x: log2(x) in 1/256 */
int32_t tex_nv_log2_fixed(float x);
/* Unnormalised coordinates: repeat and mirrored repeat act as clamp-to-edge. */
tgx_tex_wrap tex_nv_unnormalized_wrap(tgx_tex_wrap w);
/* Coordinates and gradients enter with NaN and denormals as +0: probe A08 (wrap, point): u =
 * -1.17549421e-38 reads texel 0 as +0 does, not texel 4 as floor(-tiny * 5) = -1 would; J20
 * (linear, wrap and border): a NaN coordinate filters as 0 does, before the -0.5 shift (texels 4
 * and 0 of a 5-wide texture, half each); J22: NaN and denormal gradients give LOD 0 (a zero
 * gradient), infinite ones the last level. */
static inline float tex_nv_input(float v)
{
    return v != v || fabsf(v) < 0x1p-126f ? 0.0f : v;
}
/* Fraction bits F of the fixed-point normalised coordinate for a level's largest dimension. */
int tex_nv_coord_bits(tgx_tex_target target, uint32_t level_max_dim);
/* u floored to a multiple of 2^-F (exact in double; infinities pass). */
double tex_nv_fixed_coord(double u, int F);
/* Repeat keeps the fixed-point coordinate's fraction, mirrored repeat its value mod 2 (an infinity
 * reads as 0); other wraps keep q. */
double tex_nv_wrap_reduce(tgx_tex_wrap w, double q);
/* A border colour channel (clamped to the format's range) as the texture unit holds it. */
float tex_nv_border_channel(tgx_tex_type type, uint32_t bits, int channel, float v);
/* A depth reference as fixed-point depth formats compare it (their integer, decoded). */
float tex_nv_depth_reference(const tgx_tex_format_info *fi, float ref);
/* v / 256 rounded to the nearest integer, ties up / ties down. */
static inline uint32_t tex_div256_half_up(uint32_t v)
{
    return (v + 128u) >> 8;
}

static inline uint32_t tex_div256_half_down(uint32_t v)
{
    return (v + 127u) >> 8;
}

/* Integer weights (sum `total`) of the 4 taps of a slice, tap bit 0 = x1, bit 1 = y1.
 * hw-facts "3D and mip-linear weights": within a slice of weight T, X1 = rhu(T kx / 256),
 * X0 = T - X1; then w(x0,y1) = rhd(X0 ky / 256), w(x1,y1) = rhu(X1 ky / 256), the y0 weights the
 * rest. With T = 256 this is the 2D rule w11 = rhu(kx ky / 256). */
static inline void tex_nv_split_slice(uint32_t total, uint32_t kx, uint32_t ky, uint32_t w[4])
{
    const uint32_t x1 = tex_div256_half_up(total * kx), x0 = total - x1;
    const uint32_t w01 = tex_div256_half_down(x0 * ky), w11 = tex_div256_half_up(x1 * ky);
    w[0] = x0 - w01;
    w[1] = x1 - w11;
    w[2] = w01;
    w[3] = w11;
}
/* The same for the 8 taps of a 3D footprint, bit 2 = z1. */
void tex_nv_split_volume(uint32_t total, uint32_t kx, uint32_t ky, uint32_t kz, uint32_t w[8]);
/* The weights of the 1 << dims taps of one level (dims 0: one texel) carrying `total` of the 256,
 * k the axes' weights of their second taps in 1/256. */
static inline void tex_nv_level_weights(int dims, const uint32_t k[3], uint32_t total,
                                        uint32_t w[8])
{
    switch (dims) {
    case 0: w[0] = total; break;
    case 1: tex_nv_split_slice(total, k[0], 0, w); break;
    case 2: tex_nv_split_slice(total, k[0], k[1], w); break;
    default: tex_nv_split_volume(total, k[0], k[1], k[2], w); break;
    }
}
/* Seamless cube corner: moves the weight of tap `corner` (off the face on both axes) onto the
 * other three taps of the quad. */
void tex_nv_cube_corner(uint32_t w[4], int corner);
/* Weighted sum of n texels with integer weights summing to 256, in the format's arithmetic; the
 * taps come in groups of `group` (one bilinear quad, slice or level each). */
void tex_nv_blend(const tex_ctx *c, const tgx_texel *const *tx, const uint32_t *w, int n, int group,
                  tgx_texel *out);
/* hw-facts "8-bit UNORM filtering": texels widen to 16 bits (c * 257 for 8-bit), the whole sum
 * acc = sum w v16 (8 taps for 3D and mip-linear) is rounded once to 16 bits and divided by
 * 65535. The weights sum to 256, so acc <= 256 * 65535 < 2^24. */
static inline float tex_nv_unorm16_result(uint32_t acc)
{
    return (float)((acc + 128u) >> 8) / 65535.0f;
}
/* The nv profile rounds half-float results to half precision (c->nv_half). */
static inline void tex_nv_round_half(tgx_texel *t)
{
    for (int ch = 0; ch < 4; ch++) {
        /* a NaN a half can hold (a point-sampled texel) keeps its bits, signalling ones too:
         * hw-facts "f16 -> f32 exact including ... NaN payloads" (the held-back probe of every
         * half pattern differed in 1022 = 2 x 511 values, the signalling NaNs, when the
         * conversion back to half quietened them) */
        const uint32_t b = tgx_f2bits(t->f[ch]);
        if ((b & 0x7f800000u) == 0x7f800000u && (b & 0x007fffffu) && !(b & 0x1fffu))
            continue;
        t->f[ch] = tgx_half_to_float(tgx_float_to_half(t->f[ch]));
    }
}

/* ---- levels, footprints, blends (sample.c), shared by the general path and the kernels ---- */

typedef struct level_info {
    const uint8_t *data;
    uint32_t w, h, d; /* d: slices (3D depth of the level, or layers) */
    size_t row, slice;
    uint32_t max_dim;
} level_info;

void tex_level_get(const tex_ctx *c, uint32_t level, level_info *li);

/* The taps of one level: tx[i] is the texel whose index has bit a set when it is axis a's second
 * tap (i1), for the `dims` filtered axes; dims 0 is one texel (nearest, integer formats). */
typedef struct footprint {
    tgx_texel tx[8];
    axis_taps ax[3];
    int dims;
    int corner; /* nv seamless cube: the tap off the face on both axes, or -1 */
} footprint;

/* Exact profile: the weight of tap i of 1 << dims, the product over the axes of (1 - a) or a
 * (bit a of i), in fp32 in axis order. */
static inline void tex_exact_weights(const float a[3], int dims, float wf[8])
{
    TEX_UNROLL(8)
    for (int i = 0; i < 1 << dims; i++) {
        float w = 1.0f;
        TEX_UNROLL(3)
        for (int ax = 0; ax < dims; ax++)
            w *= (i >> ax & 1) ? a[ax] : 1.0f - a[ax];
        wf[i] = w;
    }
}

/* softpipe's nested lerps, v0 + a (v1 - v0) (sp_tex_sample.c, lerp_2d / lerp_3d). */
static inline float tex_lerp(float a, float v0, float v1)
{
    return v0 + a * (v1 - v0);
}

static inline float tex_lerp2(float a, float b, float v00, float v10, float v01, float v11)
{
    return tex_lerp(b, tex_lerp(a, v00, v10), tex_lerp(a, v01, v11));
}

/* The exact profile's blend of two mip levels by f (GL 4.6 eq. 8.15; softpipe's lerp); integer
 * formats read the first. */
static inline void tex_exact_mip_blend_rule(bool softpipe, bool is_int, float f,
                                            const tgx_texel *t1, const tgx_texel *t2,
                                            tgx_texel *out)
{
    if (is_int) {
        *out = *t1;
        return;
    }
    TEX_UNROLL(4)
    for (int ch = 0; ch < 4; ch++)
        out->f[ch] =
            softpipe ? tex_lerp(f, t1->f[ch], t2->f[ch]) : (1.0f - f) * t1->f[ch] + f * t2->f[ch];
}

static inline void tex_exact_mip_blend(const tex_ctx *c, float f, const tgx_texel *t1,
                                       const tgx_texel *t2, tgx_texel *out)
{
    tex_exact_mip_blend_rule(c->softpipe, c->is_int, f, t1, t2, out);
}

/* One level's filtered value in the exact profile (integer formats: the first tap). */
void tex_blend_level(const tex_ctx *c, const footprint *fp, tgx_texel *out);
/* nv: the taps of one level (total 256) or of two mip levels (256 - kz and kz), blended once. */
void tex_nv_blend_levels(const tex_ctx *c, const footprint *f1, const footprint *f2, uint32_t kz,
                         tgx_texel *out);

/* Which level(s) a lane reads and how, from its lambda (before clamping) and an optional
 * per-lane minimum LOD: the sampler's clamps, magnification, the mip filter (GL 4.6 section
 * 8.14, eqs. 8.14-8.15; hw-facts for nv; softpipe's rounding). */
typedef struct tex_mip {
    uint32_t level; /* absolute level */
    uint32_t kz;    /* nv: the weight of level + 1 in 1/256 (0: one level) */
    float f;        /* exact: the weight of level + 1 when `two` */
    bool two;       /* exact: blend level and level + 1 by f */
    bool linear;    /* the filter on the level(s) is linear */
    bool aniso;     /* minified: anisotropic samples apply */
} tex_mip;

void tex_choose_mip(const tex_ctx *c, float lambda, const float *lod_clamp, tex_mip *m);

/* The LOD bias GL adds (sampler + shader); nv: each truncated to 1/256 and the sum clamped. */
float tex_total_bias(const tex_ctx *c, float shader_bias);
/* Base-level size per axis, the factor of the gradients (1 for texel coordinates). */
void tex_base_scale(const tex_ctx *c, float scale[3]);
/* Array layer index (before first_slice) of a layer coordinate: rounded, clamped to the view. */
uint32_t tex_layer_index(const tex_ctx *c, float l);
/* Writes a lane's texel through the layout and swizzle map into the result columns. */
void tex_write_lane(const tex_ctx *c, const tgx_texel *t, tgx_tex_result out, uint32_t lane);
/* The lambdas of the four lanes of quad q (before clamping, biases in, nv quantised), as the
 * general path computes them for every target and LOD mode. */
void tex_quad_lambdas(const tex_ctx *c, const tgx_tex_sample_req *req, uint32_t q, float lambda[4]);
/* Whether any lane of quad q is active. */
bool tex_quad_active(const uint32_t *active, uint32_t q);
/* The general path for the active lanes of quad q: every target, profile and rule. */
void tex_sample_quad(const tex_ctx *c, const tgx_tex_sample_req *req, uint32_t q,
                     tgx_tex_result out);

/* The general path's context of a view and a sampler (sample.c's checks and choices); compare:
 * the requests carry a depth reference. */
tgx_status tex_ctx_bind(tex_ctx *c, const tgx_tex_view *view, const tgx_sampler *samp, bool compare,
                        const char *what, tgx_diag *d);
/* The checks of a request against its context (lanes a multiple of 4, coordinates given). */
tgx_status tex_req_check(const tex_ctx *c, const tgx_tex_sample_req *req, const char *what,
                         tgx_diag *d);

/* The general path alone, every request shape (the reference the lane-group kernels are
 * compared with, tests/tex/test_fast.c): sampling and gather as tgx_tex_sample and
 * tgx_tex_gather compute them without kernels. */
tgx_status tex_sample_general(const tgx_tex_view *view, const tgx_sampler *samp,
                              const tgx_tex_sample_req *req, tgx_tex_result out, tgx_diag *d);
tgx_status tex_gather_general(const tgx_tex_view *view, const tgx_sampler *samp,
                              const tgx_tex_sample_req *req, tgx_tex_result out, tgx_diag *d);
/* A gather's own checks (a 2D-like target, a component 0..3), and its lanes first..first+count-1
 * through the general path. */
tgx_status tex_gather_check(const tex_ctx *c, const tgx_tex_sample_req *req, tgx_diag *d);
void tex_gather_lanes(const tex_ctx *c, const tgx_tex_sample_req *req, uint32_t first,
                      uint32_t count, tgx_tex_result out);
/* Texel fetch through the general path (fetch.c). */
tgx_status tex_fetch_general(const tgx_tex_view *view, const tgx_sampler *samp_or_null,
                             const tgx_tex_fetch_req *req, tgx_tex_result out, tgx_diag *d);

#endif
