/* Internal state of one sampling request, shared by address.c, lod.c and sample.c. */
#ifndef TGX_TEX_SAMPLING_H
#define TGX_TEX_SAMPLING_H

#include "tex/tex_internal.h"

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
/* Seamless cube: texel (i, j) just outside face f of size n -> face and texel on the
 * neighbouring face. Returns false for a corner (both out of range). */
bool tex_cube_neighbour(uint32_t face, int32_t i, int32_t j, uint32_t n, uint32_t *nf, int32_t *ni,
                        int32_t *nj);

/* lod.c */
/* lambda from two scaled gradient vectors (already multiplied by the base level's size),
 * and the anisotropic sample count / major axis choice. */
float tex_lambda_from_grads(const tex_ctx *c, const float dx[3], const float dy[3],
                            uint32_t *aniso_n, bool *major_is_x);
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
/* Coordinates and gradients enter with NaN and denormals as +0. */
float tex_nv_input(float v);
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
/* Integer weights (sum `total`) of the 4 taps of a slice, tap bit 0 = x1, bit 1 = y1. */
void tex_nv_split_slice(uint32_t total, uint32_t kx, uint32_t ky, uint32_t w[4]);
/* Seamless cube corner: moves the weight of tap `corner` (off the face on both axes) onto the
 * other three taps of the quad. */
void tex_nv_cube_corner(uint32_t w[4], int corner);
/* The same for the 8 taps of a 3D footprint, bit 2 = z1. */
void tex_nv_split_volume(uint32_t total, uint32_t kx, uint32_t ky, uint32_t kz, uint32_t w[8]);
/* Weighted sum of n texels with integer weights summing to 256, in the format's arithmetic; the
 * taps come in groups of `group` (one bilinear quad, slice or level each). */
void tex_nv_blend(const tex_ctx *c, const tgx_texel *const *tx, const uint32_t *w, int n, int group,
                  tgx_texel *out);

#endif
