/* Internal pieces of the texture unit shared by the files of src/tex. */
#ifndef TGX_TEX_INTERNAL_H
#define TGX_TEX_INTERNAL_H

#include "tgx/tex.h"

/* TEX_UNROLL(n): unroll the next loop n times (#pragma GCC unroll, which gcc and clang honour),
 * so that loops over channels and taps fold their constant counts. Only when optimising: at -O0
 * gcc warns "ignoring loop annotation" on such loops in always_inline functions, and so it does
 * at -O1 under ASan/UBSan, whose checks reshape the loops: the sanitizer and fuzz builds define
 * TGX_NO_UNROLL (CMakeLists.txt). The pragma is a speed hint; results do not depend on it. */
#if defined(__OPTIMIZE__) && !defined(TGX_NO_UNROLL)
#define TEX_PRAGMA(x) _Pragma(#x)
#define TEX_UNROLL(n) TEX_PRAGMA(GCC unroll n)
#else
#define TEX_UNROLL(n)
#endif

/* One decoded texel in stored-channel order c0..c3: floats for float / normalised formats
 * (sRGB already linear), raw integers for integer formats. */
typedef union tgx_texel {
    float f[4];
    uint32_t u[4];
} tgx_texel;

/* Per-format decoder, chosen once per request (no per-texel switch on the format). p is the
 * texel, or the 4x4 block holding it for block-compressed formats (k: its index in the block,
 * x-major; ignored otherwise); tgx_tex_texel_addr gives both. */
typedef void (*tgx_texel_decode_fn)(const uint8_t *p, uint32_t k, tgx_texel *out);

tgx_texel_decode_fn tgx_tex_decoder(tgx_tex_format f);
/* The decoder a sampler reads texels with: the exact profile's softpipe LOD rule converts
 * UNORM/SNORM/sRGB as Mesa's util_format does (softpipe compatibility, docs/texture.md); the nv
 * profile decodes 8-bit sRGB through the H100's table; every other sampler, and none, the GL
 * formulas correctly rounded. */
tgx_texel_decode_fn tgx_tex_decoder_for(tgx_tex_format f, const tgx_sampler *samp);

/* Views may reinterpret a texture in another format with the same texel (block) size. */
bool tgx_tex_formats_compatible(const tgx_tex_format_info *a, const tgx_tex_format_info *b);

/* Where texel (x, y) of slice z of a level lies (data, row and slice pitch as
 * tgx_tex_level_data gives them): its address, or for block-compressed formats the address of
 * its 4x4 block with *k its index in the block. No range checks. */
static inline const uint8_t *tgx_tex_texel_addr(const tgx_tex_format_info *fi, const uint8_t *data,
                                                size_t row, size_t slice, uint32_t x, uint32_t y,
                                                uint32_t z, uint32_t *k)
{
    if (fi->block == 1) {
        *k = 0;
        return data + (size_t)z * slice + (size_t)y * row + (size_t)x * fi->bytes;
    }
    *k = (y & 3u) * 4u + (x & 3u);
    return data + (size_t)z * slice + (size_t)(y >> 2) * row + (size_t)(x >> 2) * fi->bytes;
}

/* One decoded texel of a block-compressed format: channel c is v[c] / den[c], or when den[c] is
 * 0 the channel's raw value in the format's decoded bits (8-bit colour, 16-bit BC3 alpha and
 * BC4/BC5, half-float bits for BC6H), converted like any texel of that width. */
typedef struct tgx_bc_texel {
    int32_t v[4];
    uint32_t den[4];
} tgx_bc_texel;

/* Texel k (x-major, 0..15) of a 4x4 block of a BC pack (src/tex/bc.c). sgn: BC4/BC5 SNORM. nv:
 * NVIDIA's palettes (H100 probes) instead of the specifications' exact arithmetic. */
void tgx_tex_bc_texel(tgx_tex_pack pack, bool sgn, bool nv, const uint8_t *p, uint32_t k,
                      tgx_bc_texel *out);

/* A texel (block-compressed formats: its block, *k its index there); NULL out of range. */
const uint8_t *tgx_tex_texel_loc(const tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y,
                                 uint32_t slice, uint32_t sample, uint32_t *k);

/* nv profile (src/tex/nv.c): a texel offset's low `bits` bits, two's complement (sampling and
 * fetch: 4; gather: 6). */
int32_t tex_nv_offset(int32_t v, uint32_t bits);

/* Raw channel bits of one texel (no conversion), and their inverse. */
void tgx_tex_unpack_bits(const tgx_tex_format_info *fi, const uint8_t *p, uint32_t bits[4]);
void tgx_tex_pack_bits(const tgx_tex_format_info *fi, const uint32_t bits[4], uint8_t *p);
/* Converts words (float bits or integers, c0..c3) to raw channel bits with GL's rules. */
void tgx_tex_encode(const tgx_tex_format_info *fi, const uint32_t value[4], uint32_t bits[4]);

/* UNORM i / (2^n - 1) correctly rounded, as the decoders read an n-bit channel. */
float tgx_tex_unorm_decode(uint32_t v, uint32_t n);
/* The 8-bit UNORM channel i: i / 255 correctly rounded (GL; the nv profile too), and Mesa's
 * i * (1 / 255.0f) in float (the softpipe LOD rule's decoders, see unorm_to_float_mesa in
 * format.c), as expressions (the lane-group kernels compute them eight lanes at a time) and as the
 * tables the decoders read. */
#define TGX_TEX_UNORM8_GL(i)   ((float)(i) / 255.0f)
#define TGX_TEX_UNORM8_MESA(i) ((float)(i) * (1.0f / 255.0f))
extern const float tgx_tex_unorm8_gl[256];
extern const float tgx_tex_unorm8_mesa[256];

float tgx_tex_srgb_to_linear(float c);
/* GL 4.6 eq. 8.18's encoding, linear [0, 1] -> sRGB [0, 1] (image stores). */
float tgx_tex_linear_to_srgb(float l);
/* Mesa's 8-bit sRGB decode table (src/tex/srgb8_mesa.def). */
float tgx_tex_srgb8_mesa(uint32_t byte);
/* The H100's 8-bit sRGB decode table (src/tex/srgb8_nv.def), the nv profile's sRGB decode. */
float tgx_tex_srgb8_nv(uint32_t byte);
/* The exponent an entry of that table carries into the nv filter: the table is 32 segments of 8
 * bytes, each entry an 8-bit mantissa under its segment's exponent, the exponent of the
 * segment's last (largest) entry (probes G03, R03). A value not in the table: its own exponent
 * (INT_MIN for 0). */
int tgx_tex_srgb8_nv_exponent(float v);

/* Bytes allocated after a texture's last texel: the lane-group kernels read a whole 32-bit word
 * at each texel (and each 4 bytes of a wider one), up to 3 bytes past a smaller texel (simd.h). */
#define TEX_READ_PAD 16

struct tgx_tex {
    tgx_tex_desc desc;
    const tgx_tex_format_info *fi;
    uint8_t *data;
    size_t level_offset[32];
    size_t size;
};

/* Where each result channel comes from after the format layout and the view swizzle: a stored
 * channel 0..3, or TEX_SRC_ZERO / TEX_SRC_ONE. */
enum { TEX_SRC_ZERO = 4, TEX_SRC_ONE = 5 };
void tgx_tex_channel_map(const tgx_tex_view *view, const tgx_tex_format_info *fi, uint8_t map[4]);
/* out[i] = the mapped channel of t (ONE is 1.0f, or 1 for integer formats). */
static inline void tgx_tex_apply_map(const uint8_t map[4], const tgx_texel *t, bool is_integer,
                                     uint32_t out[4])
{
    const uint32_t one = is_integer ? 1u : 0x3f800000u;
    for (int i = 0; i < 4; i++)
        out[i] = map[i] < 4 ? t->u[map[i]] : (map[i] == TEX_SRC_ONE ? one : 0u);
}

/* SNORM channels of a texel read alone (no filter) clamped to -1: the nv decode keeps an 8-bit
 * -128 as -128/127 for its filter (format.c snorm8_nv). */
static inline void tgx_tex_clamp_snorm(const tgx_tex_format_info *fi, tgx_texel *t)
{
    if (fi->type != TGX_TEX_TYPE_SNORM)
        return;
    for (int i = 0; i < 4; i++)
        if (fi->bits[i] && t->f[i] < -1.0f)
            t->f[i] = -1.0f;
}

/* Level geometry, no range checks (callers check level < levels). */
static inline uint32_t tgx_tex_minify(uint32_t v, uint32_t level)
{
    uint32_t m = level < 32 ? v >> level : 0;
    return m ? m : 1;
}

#endif
