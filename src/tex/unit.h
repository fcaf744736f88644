/* The lane-group layer of the texture unit (internal): a view and a sampler bound once
 * (tgx_tex_bind), the kernels chosen for them, and what the kernels read.
 *
 * Binding does every choice that depends only on the view and the sampler: the request context
 * of the general path (tex_ctx, with and without depth compare), the level table the kernels
 * address texels with, the format class that says how texels are read and blended, the decode
 * tables of the byte formats (made by the general path's own decoder and nv rules, so they
 * cannot disagree with it), and one kernel per operation from a table (kernels.h, built for
 * AVX2 and for SSE2). A request then costs a check of its shape and one call per group of eight
 * lanes; the kernels return the quads they did not take (a coordinate outside their range, a
 * texel value their arithmetic does not cover), which go through the general path
 * (tex_sample_quad), the reference. */
#ifndef TGX_TEX_UNIT_H
#define TGX_TEX_UNIT_H

#include "tex/sampling.h"

/* How a format's texels are read and blended by the kernels: X(id, what). */
#define TEX_FMT_CLASSES(X)                                                                         \
    X(NONE, "not taken: the general path")                                                         \
    X(U8X4, "four 8-bit UNORM channels in 4 bytes, decoded by arithmetic")                         \
    X(B8, "one to four 8-bit channels (UNORM, SNORM, sRGB), decoded through tables")               \
    X(U16, "16-bit UNORM or SNORM channels (depth16 too)")                                         \
    X(F16, "16-bit float channels")                                                                \
    X(F32, "32-bit float channels (depth32f, depth32f_stencil8 too)")                              \
    X(D24, "24-bit depth in the low bits of a 32-bit word")                                        \
    X(ANY, "any other uncompressed format: the format's decoder per lane")

typedef enum tex_fmt_class {
#define X(id, what) TEX_FMT_##id,
    TEX_FMT_CLASSES(X)
#undef X
        TEX_FMT_COUNT
} tex_fmt_class;

/* The instruction sets a binding may run its kernels with. */
typedef enum tex_isa { TEX_ISA_SSE2, TEX_ISA_AVX2, TEX_ISA_COUNT } tex_isa;

/* Per absolute level: what a lane reading that level needs (the kernels look entries up by the
 * lane's level, so that lanes on different levels go side by side). */
typedef struct tex_levels {
    int32_t w[32], h[32], d[32]; /* texels (d: 3D depth; arrays and cubes: 1) */
    float wf[32], hf[32], df[32];
    int32_t off[32];   /* byte offset of the level from the texture's first texel */
    int32_t row[32];   /* row pitch */
    int32_t slice[32]; /* slice pitch */
    int32_t F[32];     /* nv: fraction bits of the fixed-point coordinate (tex_nv_coord_bits) */
    float scaleF[32];  /* nv: 2^F */
} tex_levels;

struct tgx_tex_binding;
typedef struct tgx_tex_binding tex_unit;

/* A whole request through a kernel: the kernel works a group of eight lanes (a last group of
 * four) at a time and gives the quads it does not compute to the general path itself. */
typedef void (*tex_sample_kernel)(const tex_unit *u, const tgx_tex_sample_req *req,
                                  tgx_tex_result out);
typedef void (*tex_fetch_kernel)(const tex_unit *u, const tgx_tex_fetch_req *req,
                                 tgx_tex_result out);

/* The kernels of a binding: sampling without and with depth compare, gather (with and without),
 * texel fetch. NULL: the general path for that operation. */
typedef struct tex_kernels {
    tex_sample_kernel sample[2];
    tex_sample_kernel gather[2];
    tex_fetch_kernel fetch;
} tex_kernels;

struct tgx_tex_binding {
    tgx_tex_view view;
    tgx_sampler samp;
    bool has_sampler;
    tgx_tex_simd simd; /* what the kernels run with (TGX_TEX_SIMD_GENERAL: none) */
    tex_ctx ctx[2];    /* the general path's context without / with depth compare */
    bool ctx_ok[2];    /* ctx[i] exists (a sampler given, a view that can be sampled; a sampler
                          that compares for [1]) */
    tex_kernels k;
    /* the shape of the kernels (kernels.h picks them) */
    int prof;          /* the sampler's profile and rule: KP_GL, KP_SP, KP_NV (kernels.h) */
    tex_fmt_class fmt; /* sampling and gather */
    bool take_sample, take_compare, take_gather, take_fetch;
    bool take_cube;  /* sampling (and compare) of a cube map (take_sample is false then) */
    bool hot_u8x4;   /* sampling takes kernels.h's 8-bit RGBA kernel (2D, linear, GL or nv,
                        repeat, mirrored repeat or clamp to edge) */
    bool hot_near;   /* sampling takes its nearest kernel (the same shapes, both filters
                        nearest) */
    bool hot_gather; /* gather takes its 8-bit RGBA kernel (the same, any filter) */
    tex_fmt_class fetch_fmt;
    tgx_texel_decode_fn fetch_decode;
    uint32_t fetch_levels; /* tgx_tex_query_levels */
    int32_t tex_levels;    /* the texture's (a view may name more) */
    /* what the kernels read */
    const tgx_tex_format_info *fi; /* the view's format */
    const uint8_t *data;           /* the texture's first texel */
    tex_levels lv;
    int32_t bytes;        /* per texel */
    int32_t size0[3];     /* the texture's level 0: width, height, 3D depth (else 1) */
    bool same_F;          /* nv: every level has the same fraction bits F */
    int dims;             /* filtered axes */
    bool layered;         /* a layer coordinate */
    bool pow2[3];         /* the base level's size on the axis is a power of two (and so every
                             level's) */
    bool may_border;      /* a wrap mode can give the border colour */
    uint32_t nlayers;     /* layers the view shows */
    unsigned need;        /* stored channels the result columns read (bit per channel) */
    float coord_max;      /* the largest |coordinate| the kernels take */
    float lod_lo, lod_hi; /* the sampler's LOD range as tex_choose_mip reads it */
    float bias0;          /* tex_total_bias(c, 0) */
    float samp_bias;      /* nv: the sampler's bias quantised; exact: as given */
    tex_mip fixed;        /* the mip choice when the LOD decides nothing */
    bool lod_matters;     /* the LOD picks a level or the filter (without a per-lane clamp) */
    bool linear;          /* a filter of the sampler is linear (the kernels read 2, 4 or 8 taps) */
    int mip;              /* the mip filter tex_choose_mip applies */
    uint8_t cmp_lt, cmp_eq, cmp_gt, cmp_un; /* the compare function as its four outcomes */
    uint8_t map[4];       /* result column -> stored channel or TEX_SRC_ZERO/ONE */
    bool identity;        /* map[j] == j for every column */
    uint32_t one;         /* a swizzle "1" */
    float border_f[2][4]; /* the border texel, decoded ([1]: the compare context's) */
    float border_half[4]; /* nv, half-float formats: the border rounded to half precision */
    int32_t border_v[4];  /* nv: the border in the tap's second form (16-bit fixed point, or the
                             sRGB segment exponent) */
    int32_t nv_arith[4];  /* per channel (tex_nv_arith), compare excluded */
    /* byte formats (TEX_FMT_B8): per channel and byte, the decoded word (float bits, or the
     * integer of integer formats), and the nv 16-bit value (UNORM16, SNORM16) or the sRGB segment
     * exponent (SRGB8, tgx_tex_srgb8_nv_exponent) */
    float dec[4][256];
    int32_t v16[4][256];
};

/* The kernel tables of each instruction set (kernels_avx2.c, kernels_sse2.c): the kernels of a
 * bound unit's shape, or none. */
void tex_kernels_avx2(const tex_unit *u, tex_kernels *k);
void tex_kernels_sse2(const tex_unit *u, tex_kernels *k);
/* Whether the machine runs AVX2 (and F16C) code, and whether kernels_avx2.c was built for it. */
bool tex_have_avx2(void);

/* A value's second form in the nv blends (the kernels' taps): UNORM16 and SNORM16 its 16-bit
 * fixed point (tex_nv_blend's widening, tex_nv_snorm15), SRGB8 its table segment's exponent
 * (tgx_tex_srgb8_nv_exponent); 0 otherwise. */
int32_t tex_nv_form(int arith, float f, uint32_t bits);

/* Fills a binding on the caller's memory (tgx_tex_bind allocates one; tgx_tex_sample binds on
 * the stack). tables: build the byte formats' tables (a binding that samples more than once). */
tgx_status tex_unit_init(tex_unit *u, const tgx_tex_view *view, const tgx_sampler *samp,
                         tgx_tex_simd simd, bool tables, tgx_diag *d);
tgx_status tex_unit_sample(const tex_unit *u, const tgx_tex_sample_req *req, tgx_tex_result out,
                           bool gather, tgx_diag *d);
tgx_status tex_unit_fetch(const tex_unit *u, const tgx_tex_fetch_req *req, tgx_tex_result out,
                          tgx_diag *d);

#endif
