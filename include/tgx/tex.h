/* tgx/tex.h — the texture unit: resources, formats, sampler states, sampling over lane batches.
 *
 * One texture unit, shared by the TGSI interpreter and the Maxwell emulator. It knows nothing of
 * TGSI or SASS: callers hand it a batch of N lanes (N a multiple of 4) in structure-of-arrays
 * form. Quads are adjacent: lanes 4q+0, 4q+1, 4q+2, 4q+3 are the pixels (x, y), (x+1, y),
 * (x, y+1), (x+1, y+1), so implicit LOD comes from differences inside each quad. Inactive lanes
 * are neither computed nor written, but their coordinates still count as quad neighbours for
 * derivatives (helper lanes), so callers must pass every lane's coordinates.
 *
 * Results are 4 channels per lane as 32-bit words: float bits for float / normalised formats,
 * raw integers (zero- or sign-extended) for integer formats. The format's layout (TGSI spec,
 * "Texture Sampling and Texture Formats") and then the view swizzle are applied; a swizzle "1"
 * reads 1.0f for float formats and integer 1 for integer formats.
 *
 * Two precision profiles, per sampler: TGX_TEX_PROFILE_EXACT computes the GL 4.6 formulas in
 * float (docs/texture.md lists each); TGX_TEX_PROFILE_NV follows the fixed-point rules observed
 * on NVIDIA hardware (the H100 probes of docs/sources.md).
 *
 * Nothing here allocates per sample; texture objects are read-only while being sampled, so
 * separate threads may sample the same texture at once.
 */
#ifndef TGX_TEX_H
#define TGX_TEX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Targets and formats
 */

/* Resource targets, one row each with the shape of its coordinates; every layer that needs a
 * target's shape reads it from tgx_tex_target_get instead of testing target names. The SHADOW
 * variants of TGSI are the same resources sampled with a reference value (see
 * tgx_tex_sample_req.ref). Slices: 3D depth, array layers, cube faces in the order +X -X +Y -Y +Z
 * -Z, cube arrays layer*6 + face. Columns:
 *   dims     texel axes of one image: x (1), x y (2), x y z (3); texel offsets apply to these
 *   coords   sampling coordinates s [t [r]]: a cube's direction has three (GL 4.6 8.13)
 *   layered  has array layers, addressed by one more coordinate after the others (GL 4.6
 *            8.14.2; TGSI TEX: "src0.y contains the slice for 1D, and src0.z ... for 2D";
 *            2D_ARRAY_MS is an array texture too: texelFetch(sampler2DMSArray, ivec3, int))
 *   cube     six faces per layer
 *   ms       multisampled: read by texel fetch with a sample index, never filtered
 *   mips     may have more than one level (BUFFER, RECT and MS textures have one)
 *   texels   coordinates are in texels whatever the sampler says (RECT, GL 4.6 8.14.2)
 *   maxw maxh maxd  the largest width, height and depth (3D depth, array layers, cube-array
 *            face-layers) a texture of the target may have: NVIDIA sm_90's limits (docs/texture.md
 *            "Size limits" gives them with their sources and sm_50's). */
#define TGX_TEX_TARGETS(X)                                                                         \
    /* id       name          dims coords layered cube ms mips texels maxw maxh maxd */            \
    X(BUFFER, "buffer", 1, 1, 0, 0, 0, 0, 0, 268435456, 1, 1)                                      \
    X(1D, "1d", 1, 1, 0, 0, 0, 1, 0, 131072, 1, 1)                                                 \
    X(2D, "2d", 2, 2, 0, 0, 0, 1, 0, 131072, 65536, 1)                                             \
    X(3D, "3d", 3, 3, 0, 0, 0, 1, 0, 16384, 16384, 16384)                                          \
    X(CUBE, "cube", 2, 3, 0, 1, 0, 1, 0, 32768, 32768, 6)                                          \
    X(RECT, "rect", 2, 2, 0, 0, 0, 0, 1, 131072, 65536, 1)                                         \
    X(1D_ARRAY, "1d_array", 1, 1, 1, 0, 0, 1, 0, 32768, 1, 2048)                                   \
    X(2D_ARRAY, "2d_array", 2, 2, 1, 0, 0, 1, 0, 32768, 32768, 2048)                               \
    X(CUBE_ARRAY, "cube_array", 2, 3, 1, 1, 0, 1, 0, 32768, 32768, 2046)                           \
    X(2D_MS, "2d_ms", 2, 2, 0, 0, 1, 0, 0, 32768, 32768, 1)                                        \
    X(2D_ARRAY_MS, "2d_array_ms", 2, 2, 1, 0, 1, 0, 0, 32768, 32768, 2048)

typedef enum tgx_tex_target {
#define X(id, name, dims, coords, layered, cube, ms, mips, texels, maxw, maxh, maxd) TGX_TEX_##id,
    TGX_TEX_TARGETS(X)
#undef X
        TGX_TEX_TARGET_COUNT
} tgx_tex_target;

/* One row of TGX_TEX_TARGETS, plus derived facts. */
typedef struct tgx_tex_target_info {
    tgx_tex_target target;
    const char *name;
    uint8_t dims;      /* texel axes of one image, 1..3 */
    uint8_t coords;    /* sampling coordinates s [t [r]], 1..3 */
    uint8_t fetch;     /* texel-fetch coordinates x [y [z]]: dims, then the layer or face-layer */
    bool layered;      /* array layers */
    bool cube;         /* six faces per layer */
    bool multisample;  /* sample index instead of a level; never filtered */
    bool mipmapped;    /* may have several levels */
    bool texel_coords; /* coordinates in texels (RECT) */
    bool slices;       /* the description's depth may exceed 1 (3D, arrays, cubes) */
    uint32_t max_width, max_height, max_depth; /* the largest size tgx_tex_create accepts */
} tgx_tex_target_info;

/* The row of target t; NULL if t is out of range. */
const tgx_tex_target_info *tgx_tex_target_get(tgx_tex_target t);

typedef enum tgx_tex_format {
#define X(id, name, layout, pack, type, bytes, b0, b1, b2, b3) TGX_TEX_FORMAT_##id,
#include "tgx/tex_formats.def"
#undef X
    TGX_TEX_FORMAT_COUNT
} tgx_tex_format;

/* How stored channels c0..c3 map to (r, g, b, a), from the TGSI spec's format table. */
typedef enum tgx_tex_layout {
    TGX_TEX_LAYOUT_R,    /* (r, 0, 0, 1) */
    TGX_TEX_LAYOUT_RG,   /* (r, g, 0, 1) */
    TGX_TEX_LAYOUT_RGB,  /* (r, g, b, 1) */
    TGX_TEX_LAYOUT_RGBA, /* (r, g, b, a) */
    TGX_TEX_LAYOUT_BGR,  /* stored b, g, r -> (r, g, b, 1) */
    TGX_TEX_LAYOUT_BGRA, /* stored b, g, r, a -> (r, g, b, a) */
    TGX_TEX_LAYOUT_A,    /* (0, 0, 0, a) */
    TGX_TEX_LAYOUT_L,    /* (l, l, l, 1) */
    TGX_TEX_LAYOUT_LA,   /* (l, l, l, a) */
    TGX_TEX_LAYOUT_I,    /* (i, i, i, i) */
    TGX_TEX_LAYOUT_UV,   /* (u, v, 1, 1): the spec's Gallium column is "TBD"; D3D9's column */
    TGX_TEX_LAYOUT_Z,    /* (z, z, z, 1): OpenGL's column; gallium views usually fold to x001 */
    TGX_TEX_LAYOUT_S,    /* (s, s, s, s) */
    TGX_TEX_LAYOUT_XS,   /* (s, s, s, s) with s the second stored channel (X24S8 views) */
} tgx_tex_layout;

typedef enum tgx_tex_pack {
    TGX_TEX_PACK_ARRAY,
    TGX_TEX_PACK_BITS,
    TGX_TEX_PACK_R11G11B10F,
    TGX_TEX_PACK_RGB9E5,
    TGX_TEX_PACK_Z24S8,
    TGX_TEX_PACK_Z32FS8,
    /* block-compressed: 4x4 texels per block (src/tex/bc.c) */
    TGX_TEX_PACK_BC1,
    TGX_TEX_PACK_BC2,
    TGX_TEX_PACK_BC3,
    TGX_TEX_PACK_BC4,
    TGX_TEX_PACK_BC5,
    TGX_TEX_PACK_BC6H_U,
    TGX_TEX_PACK_BC6H_S,
    TGX_TEX_PACK_BC7,
} tgx_tex_pack;

typedef enum tgx_tex_type {
    TGX_TEX_TYPE_UNORM,
    TGX_TEX_TYPE_SNORM,
    TGX_TEX_TYPE_UINT,
    TGX_TEX_TYPE_SINT,
    TGX_TEX_TYPE_FLOAT,
    TGX_TEX_TYPE_SRGB,
    TGX_TEX_TYPE_UFLOAT,
    TGX_TEX_TYPE_SHAREDEXP,
} tgx_tex_type;

/* One row of tgx/tex_formats.def, plus derived facts. */
typedef struct tgx_tex_format_info {
    tgx_tex_format format;
    const char *name;
    tgx_tex_layout layout;
    tgx_tex_pack pack;
    tgx_tex_type type;
    uint32_t bytes;   /* per texel (per sample); block-compressed: per block */
    uint8_t block;    /* texels per block side: 4 for block-compressed formats, else 1 */
    uint8_t bits[4];  /* stored channels c0..c3 (block-compressed: decoded channels) */
    uint8_t channels; /* stored channels with bits > 0 */
    bool is_integer;  /* UINT/SINT: results are raw integers, filtering not allowed */
    bool is_signed;   /* SNORM/SINT/FLOAT */
    bool is_depth;    /* layout Z: can be compared */
    bool is_srgb;     /* r, g, b decoded from sRGB before filtering */
} tgx_tex_format_info;

const tgx_tex_format_info *tgx_tex_format_get(tgx_tex_format f); /* NULL if out of range */
/* Looks a format up by its .def name ("rgba8", "depth24", ...); TGX_ERR_ARG if unknown. */
tgx_status tgx_tex_format_from_name(const char *name, tgx_tex_format *out);
const char *tgx_tex_target_name(tgx_tex_target t);
tgx_status tgx_tex_target_from_name(const char *name, tgx_tex_target *out);
/* The same lookups with a message for a name that is none: "unknown format 'z32f' (not one of
 * the 102 formats; close: r32i, r32f, ...)", "unknown target 'z' (buffer, 1d, ...)"
 * (TGX_ERR_ARG, no file or position: the caller knows where the name stood). */
tgx_status tgx_tex_format_lookup(const char *name, tgx_tex_format *out, tgx_diag *d);
tgx_status tgx_tex_target_lookup(const char *name, tgx_tex_target *out, tgx_diag *d);

/* ---------------------------------------------------------------------------------------------
 * Resources
 */

typedef struct tgx_tex_desc {
    tgx_tex_target target;
    tgx_tex_format format;
    uint32_t width;   /* texels; BUFFER: elements */
    uint32_t height;  /* 1 for BUFFER, 1D, 1D_ARRAY */
    uint32_t depth;   /* 3D: depth; arrays: layers; CUBE: 6; CUBE_ARRAY: 6 * cubes; else 1 */
    uint32_t levels;  /* mip levels, >= 1 (1 for BUFFER, RECT and MS) */
    uint32_t samples; /* 1, or the sample count of 2D_MS / 2D_ARRAY_MS */
} tgx_tex_desc;

typedef struct tgx_tex tgx_tex; /* opaque; owns its texel memory */

/* From memory: tgx_tex_create then tgx_tex_upload. From a PNG file: tgx_png_load_tex in
 * tgx/io.h (libpng lives in the io layer, so the texture unit itself needs no image library).
 * Creates a texture whose texels are all zero. Checks the description (sizes within the
 * target's limits, levels not more than the full chain, cube faces square, block-compressed
 * formats only on 2d, 2d_array, cube, cube_array and 3d targets, etc.) and says what is wrong.
 * Block-compressed texels come from their blocks (tgx_tex_level_data or tgx_tex_upload). */
tgx_status tgx_tex_create(const tgx_tex_desc *desc, tgx_tex **out, tgx_diag *d);
void tgx_tex_destroy(tgx_tex *tex);
const tgx_tex_desc *tgx_tex_get_desc(const tgx_tex *tex);
const tgx_tex_format_info *tgx_tex_get_format(const tgx_tex *tex);

/* Size of a level: wL = max(1, w >> L), hL likewise (1D: 1), dL = max(1, d >> L) for 3D, the
 * slice count otherwise. Returns false (and zeros) for a level out of range. */
bool tgx_tex_level_size(const tgx_tex *tex, uint32_t level, uint32_t *w, uint32_t *h,
                        uint32_t *slices);

/* Raw memory of one level: rows of wL texels (each `samples` consecutive samples of
 * format->bytes), row_pitch = wL * samples * bytes, slice_pitch = row_pitch * hL, slices
 * consecutive. Block-compressed formats (format->block 4): rows of ceil(wL / 4) blocks of
 * format->bytes, row_pitch = ceil(wL / 4) * bytes, slice_pitch = row_pitch * ceil(hL / 4); a
 * block holds texels (4 bx + i, 4 by + j), and those past the level's edge are ignored.
 * Writable, so callers can fill texels (blocks) directly. NULL if level is out of range. */
void *tgx_tex_level_data(tgx_tex *tex, uint32_t level, size_t *row_pitch, size_t *slice_pitch);
const void *tgx_tex_level_data_const(const tgx_tex *tex, uint32_t level, size_t *row_pitch,
                                     size_t *slice_pitch);

/* Copies a whole level from memory laid out as tgx_tex_level_data describes (size must match). */
tgx_status tgx_tex_upload(tgx_tex *tex, uint32_t level, const void *data, size_t size, tgx_diag *d);

/* Pointer to one texel's raw bytes (image atomics, RAW buffers); NULL if out of range, and for
 * block-compressed formats (no texel has bytes of its own). */
void *tgx_tex_texel_ptr(tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y, uint32_t slice,
                        uint32_t sample);

/* Decodes one texel to 4 words in stored-channel order (c0..c3, no layout, no swizzle, absent
 * channels 0): float bits, or raw integers for integer formats. Out of range: zeros, false. */
bool tgx_tex_load_texel(const tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y, uint32_t slice,
                        uint32_t sample, uint32_t out[4]);

/* Encodes 4 words (c0..c3 as above: float bits for float/normalised formats, integers for
 * integer formats) into one texel with the format's conversion: UNORM/SNORM clamp and round to
 * nearest, float to half rounds to nearest even, integers keep their low bits (GL image stores).
 * Out of range or block-compressed: nothing written, returns false. */
bool tgx_tex_store_texel(tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y, uint32_t slice,
                         uint32_t sample, const uint32_t value[4]);

/* The conversion tgx_tex_store_texel applies: words (c0..c3) -> raw channel bits. */
void tgx_tex_format_encode(tgx_tex_format f, const uint32_t value[4], uint32_t bits[4]);

/* Stores raw channel bits (the low bits[i] bits of bits_in[i]; FLOAT 16: half bits) without
 * conversion, for exact texture generators. Out of range or block-compressed: false. */
bool tgx_tex_store_texel_bits(tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y, uint32_t slice,
                              uint32_t sample, const uint32_t bits_in[4]);

/* Fills levels 1.. from level 0 with a 2x2(x2) box filter in float (integer, packed
 * depth-stencil and block-compressed formats: rejected). */
tgx_status tgx_tex_generate_mipmaps(tgx_tex *tex, tgx_diag *d);

/* Levels of a full mip chain: 1 + floor(log2(max(w, h, d))) (GL 4.6 section 8.14.3). */
uint32_t tgx_tex_full_levels(uint32_t w, uint32_t h, uint32_t d);

/* Parses comma-separated texture options into desc: WxH, WxHxD, levels=N, samples=N,
 * format=NAME, target=NAME, and mips=box when box_mips is not NULL (it is set when given).
 * Then what the target implies: CUBE has depth 6; BUFFER and 1D targets height 1; without
 * levels= a full chain (1 for BUFFER, RECT and MS targets). Fields not named keep their value. */
tgx_status tgx_tex_desc_parse(const char *text, tgx_tex_desc *desc, bool *box_mips, tgx_diag *d);

/* ---------------------------------------------------------------------------------------------
 * Views: which part of a resource a shader sees, and its swizzle.
 */

typedef enum tgx_tex_swizzle {
    TGX_TEX_SWIZZLE_R,
    TGX_TEX_SWIZZLE_G,
    TGX_TEX_SWIZZLE_B,
    TGX_TEX_SWIZZLE_A,
    TGX_TEX_SWIZZLE_0,
    TGX_TEX_SWIZZLE_1,
} tgx_tex_swizzle;

typedef struct tgx_tex_view {
    const tgx_tex *tex;
    tgx_tex_target target; /* normally the texture's; a 2D view of a 2D_ARRAY etc. is allowed */
    tgx_tex_format format; /* normally the texture's; any format of the same texel size */
    uint32_t base_level;   /* level 0 of the view */
    uint32_t max_level;    /* last level of the view (inclusive) */
    uint32_t first_slice;  /* first layer (cube: face-layer) */
    uint32_t num_slices;   /* slices seen (ignored for 3D) */
    tgx_tex_swizzle swizzle[4];
} tgx_tex_view;

/* The whole texture, identity swizzle. */
void tgx_tex_view_init(tgx_tex_view *view, const tgx_tex *tex);
/* Parses "rgba", "x001", "xyzw", "rrr1" ... (r/x, g/y, b/z, a/w, 0, 1) into view->swizzle. */
tgx_status tgx_tex_swizzle_parse(const char *text, tgx_tex_swizzle out[4]);
/* Whether a view fits its texture (TGX_ERR_ARG with the reason if not): a known target of the
 * texture's kind (1D-like, 2D-like with RECT and cubes, 3D, multisampled, buffer:
 * ARB_texture_view), a known format of the texture's texel size, levels and layers the texture has,
 * and for cube views square faces and 6 face-layers a cube. tgx_tex_sample/gather/query_lod refuse
 * a view that does not fit. */
tgx_status tgx_tex_view_check(const tgx_tex_view *view, tgx_diag *d);
/* Applies "key=value,..." to a view of view->tex: target=NAME, format=NAME (same texel size),
 * swizzle=XYZW, levels=BASE[:MAX], layers=FIRST[:COUNT] (slices; cube arrays count faces). The
 * result must pass tgx_tex_view_check; on an error the view is unchanged. */
tgx_status tgx_tex_view_parse(tgx_tex_view *view, const char *text, tgx_diag *d);

/* ---------------------------------------------------------------------------------------------
 * Sampler state
 */

typedef enum tgx_tex_wrap {
    TGX_TEX_WRAP_REPEAT,
    TGX_TEX_WRAP_CLAMP, /* legacy GL_CLAMP: clamp to [0, 1], linear blends with the border */
    TGX_TEX_WRAP_CLAMP_TO_EDGE,
    TGX_TEX_WRAP_CLAMP_TO_BORDER,
    TGX_TEX_WRAP_MIRROR_REPEAT,
    TGX_TEX_WRAP_MIRROR_CLAMP,
    TGX_TEX_WRAP_MIRROR_CLAMP_TO_EDGE,
    TGX_TEX_WRAP_MIRROR_CLAMP_TO_BORDER,
    TGX_TEX_WRAP_COUNT
} tgx_tex_wrap;

typedef enum tgx_tex_filter { TGX_TEX_FILTER_NEAREST, TGX_TEX_FILTER_LINEAR } tgx_tex_filter;

typedef enum tgx_tex_mip_filter {
    TGX_TEX_MIP_NONE, /* level base only */
    TGX_TEX_MIP_NEAREST,
    TGX_TEX_MIP_LINEAR,
} tgx_tex_mip_filter;

/* Depth compare functions: result 1 when (ref OP texel), GL 4.6 table 8.23. */
typedef enum tgx_tex_compare {
    TGX_TEX_COMPARE_NEVER,
    TGX_TEX_COMPARE_LESS,
    TGX_TEX_COMPARE_EQUAL,
    TGX_TEX_COMPARE_LEQUAL,
    TGX_TEX_COMPARE_GREATER,
    TGX_TEX_COMPARE_NOTEQUAL,
    TGX_TEX_COMPARE_GEQUAL,
    TGX_TEX_COMPARE_ALWAYS,
} tgx_tex_compare;

typedef enum tgx_tex_profile {
    TGX_TEX_PROFILE_EXACT, /* GL 4.6 formulas in float */
    TGX_TEX_PROFILE_NV,    /* NVIDIA fixed-point rules (hw-facts.md) */
} tgx_tex_profile;

/* How the exact profile turns gradients into a scale factor rho (GL 4.6 eq. 8.7 allows both;
 * docs/texture.md). The nv profile has its own rule and ignores this. */
typedef enum tgx_tex_lod_rule {
    TGX_TEX_LOD_GL,       /* rho = max(|d/dx|, |d/dy|) of the scaled gradient vectors, log2 */
    TGX_TEX_LOD_SOFTPIPE, /* Mesa softpipe: rho = max over axes of max(|ds/dx|,|ds/dy|)*size,
                             its fast log2 polynomial, per-quad derivatives as softpipe takes them;
                             and softpipe's other choices (docs/texture.md), depth compare of
                             the filtered value among them */
} tgx_tex_lod_rule;

typedef struct tgx_sampler {
    tgx_tex_wrap wrap_s, wrap_t, wrap_r;
    tgx_tex_filter min_filter, mag_filter;
    tgx_tex_mip_filter mip_filter;
    uint32_t max_anisotropy; /* 1 = isotropic; up to 16 */
    float lod_bias;          /* sampler bias, added to the shader's */
    float min_lod, max_lod;
    bool compare_enable; /* compare when the request has a reference value */
    tgx_tex_compare compare_func;
    float border_color[4];        /* for float / normalised formats */
    uint32_t border_color_int[4]; /* for integer formats (GL BorderColorI/Ui) */
    bool normalized_coords;       /* false: coordinates in texels (RECT-style) */
    bool seamless_cube;           /* linear filters cross cube faces */
    tgx_tex_profile profile;
    tgx_tex_lod_rule lod_rule;
} tgx_sampler;

/* GL's defaults: repeat, min nearest-mipmap-linear, mag linear, LOD -1000..1000, bias 0, no
 * compare (LEQUAL), border 0, normalized, seamless, exact profile, GL LOD rule. */
void tgx_sampler_init(tgx_sampler *s);
/* Sets one field from "key=value" text (keys: wrap, wrap_s, wrap_t, wrap_r, min, mag, mip,
 * filter, aniso, lod_bias, min_lod, max_lod, compare, border, border_int, normalized, seamless,
 * profile, lod_rule), for the CLI and case files; the message names the bad key or value. */
tgx_status tgx_sampler_set(tgx_sampler *s, const char *key, const char *value, tgx_diag *d);
/* Applies "key=value,key=value,..." with tgx_sampler_set; border= and border_int= take their
 * four comma-separated numbers ("wrap=clamp_to_border,border=1,0,0,1,filter=linear"). */
tgx_status tgx_sampler_parse(tgx_sampler *s, const char *text, tgx_diag *d);

/* ---------------------------------------------------------------------------------------------
 * Lane batches
 */

typedef enum tgx_tex_lod_mode {
    TGX_TEX_LOD_IMPLICIT, /* from quad differences of the coordinates */
    TGX_TEX_LOD_BIAS,     /* implicit + lod[] */
    TGX_TEX_LOD_EXPLICIT, /* lod[] */
    TGX_TEX_LOD_GRAD,     /* from ddx[], ddy[] (TXD, SAMPLE_D) */
    TGX_TEX_LOD_ZERO,     /* level 0 of the view, no derivatives (LZ) */
} tgx_tex_lod_mode;

/* Lane masks: one 32-bit word per lane, all ones when the lane is on and 0 when it is off (a
 * reader takes any non-zero word as on). The one form of "these lanes" across the library: the
 * interpreter computes with it (branch-free blends), its fragment runs take and give it
 * (tgx_exec_run_fragment), and the texture unit reads it. */
typedef uint32_t tgx_lane_mask;

/* Whether lane i of a request is active; active == NULL means every lane. */
static inline bool tgx_tex_lane_active(const tgx_lane_mask *active, uint32_t i)
{
    return !active || active[i] != 0;
}

/* One batched sample / gather / LOD-query request. Arrays are `lanes` long; NULL = absent. */
typedef struct tgx_tex_sample_req {
    uint32_t lanes;              /* multiple of 4 */
    const tgx_lane_mask *active; /* see tgx_tex_lane_active */
    const float *s, *t, *r;      /* coordinates (cube: direction; 1D: t, r unused) */
    const float *layer;          /* array layer (1D/2D/cube arrays) as float, rounded by the unit */
    const float *q;              /* projective divisor (TXP): s, t, r, layer and ref divided by q */
    const float *ref;            /* depth reference: compare when the sampler enables it */
    tgx_tex_lod_mode lod_mode;
    const float *lod;         /* BIAS: bias per lane; EXPLICIT: LOD per lane */
    const float *ddx[3];      /* GRAD: ds/dx, dt/dx, dr/dx per lane */
    const float *ddy[3];      /* GRAD: ds/dy, dt/dy, dr/dy per lane */
    const float *lod_clamp;   /* optional per-lane minimum LOD (sparse / .LC clamp) */
    const int32_t *offset[3]; /* texel offsets per lane (x, y, z), added after scaling */
    /* Gather only: */
    uint32_t component;                  /* 0..3: which channel (after the view swizzle) */
    const int32_t *gather_offsets[4][2]; /* per-texel offsets (x, y) for texels 0..3, or NULL */
} tgx_tex_sample_req;

/* Four SoA output columns (x, y, z, w), each `lanes` words. */
typedef struct tgx_tex_result {
    uint32_t *c[4];
} tgx_tex_result;

/* Filtered sample (TEX/TXB/TXL/TXD/TXP/SAMPLE*, Maxwell TEX/TEXS/TXD). */
tgx_status tgx_tex_sample(const tgx_tex_view *view, const tgx_sampler *samp,
                          const tgx_tex_sample_req *req, tgx_tex_result out, tgx_diag *d);

/* The four texels of the bilinear footprint at LOD 0 of the view, channel req->component, in
 * the order (x0,y1), (x1,y1), (x1,y0), (x0,y0) (TGSI GATHER4: (-,+), (+,+), (+,-), (-,-)); with a
 * reference value each texel is replaced by its 0/1 comparison (TG4 with compare). */
tgx_status tgx_tex_gather(const tgx_tex_view *view, const tgx_sampler *samp,
                          const tgx_tex_sample_req *req, tgx_tex_result out, tgx_diag *d);

/* LOD query (LODQ, TMML): out_clamped = the LOD used for mip selection relative to the view's
 * base (clamped to the sampler's and view's range), out_unclamped = the computed lambda. */
tgx_status tgx_tex_query_lod(const tgx_tex_view *view, const tgx_sampler *samp,
                             const tgx_tex_sample_req *req, float *out_clamped,
                             float *out_unclamped, tgx_diag *d);

/* The anisotropy of the LOD computation (Maxwell TMML.LOD's B and A; docs/texture.md): per
 * active lane, the unit vector (u, v) along the major axis of the footprint -- the longer of the
 * two gradient vectors d/dx, d/dy scaled to texels of the view's base level, measured as the
 * profile's LOD rule measures them -- and log2(minor length / major length) (<= 0, -inf when the
 * minor axis has no length). Without gradients (explicit LOD, LOD zero, a point footprint):
 * (0, 0) and 0. */
tgx_status tgx_tex_query_aniso(const tgx_tex_view *view, const tgx_sampler *samp,
                               const tgx_tex_sample_req *req, float *out_major_u,
                               float *out_major_v, float *out_log2_ratio, tgx_diag *d);

/* Texel fetch (TXF, SAMPLE_I, SAMPLE_I_MS, LOAD, Maxwell TLD/TLDS): integer coordinates, no
 * filtering, no wrap; anything out of range (coordinate, layer, level, sample) returns 0 in all
 * four channels (TGSI SAMPLE_I, NVIDIA TLD). */
typedef struct tgx_tex_fetch_req {
    uint32_t lanes;
    const tgx_lane_mask *active; /* see tgx_tex_lane_active */
    const int32_t *x, *y, *z;    /* z: 3D slice; arrays: the layer goes here (1D array: in y) */
    const int32_t *level;        /* relative to the view's base level; NULL = 0 */
    const int32_t *sample;       /* MS sample index; NULL = 0 */
    const int32_t *offset[3];    /* added to x, y, z before the range check; NULL = 0 */
    /* Maxwell TLD.CL (sm5-TLD: "edge clamping is forced ON"): the coordinates, offsets added,
     * clamp to the level's edges and the layer to [0, layers - 1] instead of reading 0; a level
     * outside the view and a sample index out of range still read 0. */
    bool edge_clamp;
} tgx_tex_fetch_req;

tgx_status tgx_tex_fetch(const tgx_tex_view *view, const tgx_sampler *samp_or_null,
                         const tgx_tex_fetch_req *req, tgx_tex_result out, tgx_diag *d);

/* ---------------------------------------------------------------------------------------------
 * Bound units: the lane-group interface
 *
 * tgx_tex_bind makes every choice that depends on a view and a sampler once: the general path's
 * context, the level table, how the format's texels are read and blended, and one kernel per
 * operation from a table of shapes (profile, format class, axes, depth compare), built for AVX2
 * and for the baseline instruction set (SSE2 on x86-64) and chosen by what the machine runs. A
 * call on the binding then costs a check of the request and one kernel call per group of 8 lanes
 * (requests of 4, 8 or 16 lanes, or any multiple of 4, are groups of 8 and a last group of 4).
 * The kernels compute exactly what the general path computes -- every result word is the same,
 * bit for bit, in both profiles -- and give the general path the quads they do not cover (a
 * coordinate outside the range their arithmetic is exact in, a cube map, a gradient on a cube,
 * anisotropy...). tgx_tex_sample, tgx_tex_gather and tgx_tex_fetch bind on the stack for each
 * call; callers that sample a view many times (the interpreter, compiled shaders) keep a binding.
 *
 * A binding copies the view and the sampler; the texture must outlive it and keep its size
 * (texel contents may change between calls). Bindings are read-only while sampling, so threads
 * may share one. */

typedef enum tgx_tex_simd {
    TGX_TEX_SIMD_AUTO,    /* the best the machine runs: AVX2, else the baseline */
    TGX_TEX_SIMD_GENERAL, /* no kernels: the general path, the reference */
    TGX_TEX_SIMD_SSE2,    /* the kernels as built for the baseline (SSE2 on x86-64) */
    TGX_TEX_SIMD_AVX2,    /* the kernels as built for AVX2 (refused where the machine lacks it) */
} tgx_tex_simd;

/* The operations of a binding, for tgx_tex_binding_simd. */
typedef enum tgx_tex_op {
    TGX_TEX_OP_SAMPLE,   /* tgx_tex_bound_sample without a depth reference */
    TGX_TEX_OP_COMPARE,  /* with one (a sampler that compares) */
    TGX_TEX_OP_GATHER,   /* tgx_tex_bound_gather */
    TGX_TEX_OP_GATHER_C, /* with a reference */
    TGX_TEX_OP_FETCH,    /* tgx_tex_bound_fetch */
} tgx_tex_op;

typedef struct tgx_tex_binding tgx_tex_binding;

/* Binds a view with a sampler (NULL: texel fetch only, GL's conversions). The view must pass
 * tgx_tex_view_check (TGX_ERR_ARG with the reason). A view that cannot be sampled (multisampled)
 * binds for fetch; sampling it reports the general path's error. simd AVX2 on a machine without
 * it: TGX_ERR_ARG. */
tgx_status tgx_tex_bind(const tgx_tex_view *view, const tgx_sampler *samp_or_null,
                        tgx_tex_simd simd, tgx_tex_binding **out, tgx_diag *d);
void tgx_tex_unbind(tgx_tex_binding *b);
/* What an operation of the binding runs: TGX_TEX_SIMD_SSE2 or _AVX2 when a kernel covers its
 * shape, TGX_TEX_SIMD_GENERAL when the general path does it all. A request can still go to the
 * general path for what only it carries (see above). */
tgx_tex_simd tgx_tex_binding_simd(const tgx_tex_binding *b, tgx_tex_op op);
/* "general", "sse2", "avx2" ("auto" for TGX_TEX_SIMD_AUTO). */
const char *tgx_tex_simd_name(tgx_tex_simd s);

/* tgx_tex_sample, tgx_tex_gather and tgx_tex_fetch on a binding: the same results, errors and
 * messages. */
tgx_status tgx_tex_bound_sample(const tgx_tex_binding *b, const tgx_tex_sample_req *req,
                                tgx_tex_result out, tgx_diag *d);
tgx_status tgx_tex_bound_gather(const tgx_tex_binding *b, const tgx_tex_sample_req *req,
                                tgx_tex_result out, tgx_diag *d);
tgx_status tgx_tex_bound_fetch(const tgx_tex_binding *b, const tgx_tex_fetch_req *req,
                               tgx_tex_result out, tgx_diag *d);

/* Size query (TXQ, SVIEWINFO, RESQ, Maxwell TXQ): out = (width, height, depth or layers, level
 * count of the view). 1D arrays put layers in y, cube arrays count cubes. A level out of range
 * gives zero sizes but the true level count (TGSI SVIEWINFO). Integers. */
void tgx_tex_query_size(const tgx_tex_view *view, int32_t level, uint32_t out[4]);
uint32_t tgx_tex_query_levels(const tgx_tex_view *view);
uint32_t tgx_tex_query_samples(const tgx_tex_view *view); /* 0 if not multisampled */
/* Standard sample position of sample `index` in a pixel with `samples` samples, in [0, 1)
 * (D3D 11 standard pattern, which GL implementations use): false and (0, 0) if not MS or out
 * of range (TGSI SAMPLE_POS). */
bool tgx_tex_sample_position(uint32_t samples, uint32_t index, float out[2]);

#ifdef __cplusplus
}
#endif

#endif
