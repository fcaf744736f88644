/* Texel formats: the table of tgx/tex_formats.def, bit (un)packing, decoding to floats or raw
 * integers, and encoding for stores. Each format gets its own decoder, generated from its .def
 * row with constant arguments, so the sampler calls one function pointer per texel and never
 * switches on the format. */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "tex/tex_internal.h"
#include "tgx/util.h"

#define IS_INT(type)        ((type) == TGX_TEX_TYPE_UINT || (type) == TGX_TEX_TYPE_SINT)
#define NCH(b0, b1, b2, b3) (((b0) > 0) + ((b1) > 0) + ((b2) > 0) + ((b3) > 0))
#define PACK_IS_BLOCK(pack) ((pack) >= TGX_TEX_PACK_BC1 && (pack) <= TGX_TEX_PACK_BC7)

static const tgx_tex_format_info format_table[TGX_TEX_FORMAT_COUNT] = {
#define X(id, nm, lay, pk, ty, by, b0, b1, b2, b3)                                                 \
    {.format = TGX_TEX_FORMAT_##id,                                                                \
     .name = nm,                                                                                   \
     .layout = TGX_TEX_LAYOUT_##lay,                                                               \
     .pack = TGX_TEX_PACK_##pk,                                                                    \
     .type = TGX_TEX_TYPE_##ty,                                                                    \
     .bytes = by,                                                                                  \
     .block = PACK_IS_BLOCK(TGX_TEX_PACK_##pk) ? 4 : 1,                                            \
     .bits = {b0, b1, b2, b3},                                                                     \
     .channels = NCH(b0, b1, b2, b3),                                                              \
     .is_integer = IS_INT(TGX_TEX_TYPE_##ty),                                                      \
     .is_signed = TGX_TEX_TYPE_##ty == TGX_TEX_TYPE_SNORM ||                                       \
                  TGX_TEX_TYPE_##ty == TGX_TEX_TYPE_SINT ||                                        \
                  TGX_TEX_TYPE_##ty == TGX_TEX_TYPE_FLOAT,                                         \
     .is_depth = TGX_TEX_LAYOUT_##lay == TGX_TEX_LAYOUT_Z,                                         \
     .is_srgb = TGX_TEX_TYPE_##ty == TGX_TEX_TYPE_SRGB},
#include "tgx/tex_formats.def"
#undef X
};

const tgx_tex_format_info *tgx_tex_format_get(tgx_tex_format f)
{
    if ((unsigned)f >= TGX_TEX_FORMAT_COUNT)
        return NULL;
    return &format_table[f];
}

bool tgx_tex_formats_compatible(const tgx_tex_format_info *a, const tgx_tex_format_info *b)
{
    return a && b && a->bytes == b->bytes && a->block == b->block;
}

tgx_status tgx_tex_format_from_name(const char *name, tgx_tex_format *out)
{
    for (unsigned i = 0; i < TGX_TEX_FORMAT_COUNT; i++) {
        if (strcmp(format_table[i].name, name) == 0) {
            *out = (tgx_tex_format)i;
            return TGX_OK;
        }
    }
    return TGX_ERR_ARG;
}

/* ---- bit packing --------------------------------------------------------------------------- */

static inline uint32_t load_le(const uint8_t *p, uint32_t nbytes)
{
    uint32_t v = 0;
    TEX_UNROLL(4)
    for (uint32_t i = 0; i < nbytes; i++)
        v |= (uint32_t)p[i] << (8 * i);
    return v;
}

static inline void store_le(uint8_t *p, uint32_t nbytes, uint32_t v)
{
    for (uint32_t i = 0; i < nbytes; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

static inline uint32_t low_mask(uint32_t n)
{
    return n >= 32 ? 0xffffffffu : ((1u << n) - 1u);
}

/* ARRAY-like packs (each channel byte aligned) versus one packed little-endian word. */
static inline int pack_is_bytewise(tgx_tex_pack pack)
{
    return pack == TGX_TEX_PACK_ARRAY || pack == TGX_TEX_PACK_Z32FS8;
}

/* The per-channel loops here and in convert_raw are unrolled (TEX_UNROLL: #pragma GCC unroll, which
 * gcc and clang honour) so that each generated decoder folds its constant channel widths: -O2 does
 * not unroll them by itself, and the folded decoders run a third fewer instructions per sample. */
static inline void unpack_raw(const uint8_t *p, uint32_t raw[4], tgx_tex_pack pack, uint32_t bytes,
                              const uint32_t b[4])
{
    if (pack_is_bytewise(pack)) {
        uint32_t off = 0;
        TEX_UNROLL(4)
        for (int i = 0; i < 4; i++) {
            raw[i] = b[i] ? load_le(p + off, b[i] / 8) & low_mask(b[i]) : 0;
            off += (b[i] + 7) / 8;
            if (pack == TGX_TEX_PACK_Z32FS8 && i == 0)
                off = 4; /* stencil sits in the low byte of the second word */
        }
        return;
    }
    uint32_t w = load_le(p, bytes), shift = 0;
    TEX_UNROLL(4)
    for (int i = 0; i < 4; i++) {
        raw[i] = b[i] && shift < 32 ? (w >> shift) & low_mask(b[i]) : 0;
        shift += b[i];
    }
}

void tgx_tex_unpack_bits(const tgx_tex_format_info *fi, const uint8_t *p, uint32_t bits[4])
{
    if (fi->block > 1) { /* no texel has bits of its own in a compressed block */
        memset(bits, 0, 4 * sizeof *bits);
        return;
    }
    const uint32_t b[4] = {fi->bits[0], fi->bits[1], fi->bits[2], fi->bits[3]};
    unpack_raw(p, bits, fi->pack, fi->bytes, b);
}

void tgx_tex_pack_bits(const tgx_tex_format_info *fi, const uint32_t bits[4], uint8_t *p)
{
    if (fi->block > 1)
        return;
    if (pack_is_bytewise(fi->pack)) {
        uint32_t off = 0;
        memset(p, 0, fi->bytes);
        for (int i = 0; i < 4; i++) {
            if (fi->bits[i])
                store_le(p + off, fi->bits[i] / 8u, bits[i] & low_mask(fi->bits[i]));
            off += (fi->bits[i] + 7u) / 8u;
            if (fi->pack == TGX_TEX_PACK_Z32FS8 && i == 0)
                off = 4;
        }
        return;
    }
    uint32_t w = 0, shift = 0;
    for (int i = 0; i < 4; i++) {
        if (fi->bits[i] && shift < 32)
            w |= (bits[i] & low_mask(fi->bits[i])) << shift;
        shift += fi->bits[i];
    }
    store_le(p, fi->bytes, w);
}

/* ---- conversions --------------------------------------------------------------------------- */

/* sRGB EOTF, GL 4.6 eq. 8.17, computed in double and rounded once. */
float tgx_tex_srgb_to_linear(float c)
{
    double v = c;
    if (v <= 0.04045)
        return (float)(v / 12.92);
    return (float)pow((v + 0.055) / 1.055, 2.4);
}

static const float srgb8_mesa_table[256] = {
#include "tex/srgb8_mesa.def"
};

float tgx_tex_srgb8_mesa(uint32_t byte)
{
    return srgb8_mesa_table[byte & 255u];
}

/* The H100's 8-bit sRGB decode table (src/tex/srgb8_nv.def: probe G01, every byte). */
static const uint32_t srgb8_nv_table[256] = {
#include "tex/srgb8_nv.def"
};

float tgx_tex_srgb8_nv(uint32_t byte)
{
    return tgx_bits2f(srgb8_nv_table[byte & 255u]);
}

int tgx_tex_srgb8_nv_exponent(float v)
{
    /* the byte whose entry v is (the table rises strictly), then the exponent of the last entry
     * of its segment of 8 (docs/texture.md 3.2, sRGB filtering) */
    const uint32_t bits = tgx_f2bits(v);
    uint32_t lo = 0, hi = 255;
    while (lo < hi) {
        const uint32_t mid = (lo + hi) / 2u;
        if (srgb8_nv_table[mid] < bits)
            lo = mid + 1u;
        else
            hi = mid;
    }
    if (srgb8_nv_table[lo] != bits || bits == 0u)
        return v == 0.0f ? INT_MIN : ilogbf(v); /* not an entry: its own exponent */
    return ilogbf(tgx_bits2f(srgb8_nv_table[lo | 7u]));
}

float tgx_tex_linear_to_srgb(float l)
{
    double v = l;
    if (!(v > 0.0))
        return 0.0f;
    if (v >= 1.0)
        return 1.0f;
    if (v < 0.0031308)
        return (float)(v * 12.92);
    return (float)(1.055 * pow(v, 1.0 / 2.4) - 0.055);
}

/* The 8-bit UNORM channels as tables (the decoders read them): the compiler folds each entry as
 * the division or product in float would round it (C11 F.8.4); test_fast checks every entry
 * against the arithmetic done at run time. */
#define UNORM8_4(E, i) E(i), E((i) + 1), E((i) + 2), E((i) + 3)
#define UNORM8_16(E, i)                                                                            \
    UNORM8_4(E, i), UNORM8_4(E, (i) + 4), UNORM8_4(E, (i) + 8), UNORM8_4(E, (i) + 12)
#define UNORM8_64(E, i)                                                                            \
    UNORM8_16(E, i), UNORM8_16(E, (i) + 16), UNORM8_16(E, (i) + 32), UNORM8_16(E, (i) + 48)
#define UNORM8_256(E) UNORM8_64(E, 0), UNORM8_64(E, 64), UNORM8_64(E, 128), UNORM8_64(E, 192)
const float tgx_tex_unorm8_gl[256] = {UNORM8_256(TGX_TEX_UNORM8_GL)};
const float tgx_tex_unorm8_mesa[256] = {UNORM8_256(TGX_TEX_UNORM8_MESA)};

/* UNORM: i / (2^n - 1), GL 4.6 eq. 2.1; one correctly rounded division. */
static inline float unorm_to_float(uint32_t v, uint32_t n)
{
    if (n == 8)
        return tgx_tex_unorm8_gl[v & 0xffu];
    if (n >= 24)
        return (float)((double)v / (double)low_mask(n));
    return (float)v / (float)low_mask(n);
}

float tgx_tex_unorm_decode(uint32_t v, uint32_t n)
{
    return n ? unorm_to_float(v & low_mask(n), n) : 0.0f;
}

/* Mesa's util_format unpack (src/util/format/u_format_pack.py, conversion_expr; softpipe reads
 * texels through it): the GL formula with the division done as a multiplication by the rounded
 * reciprocal, in float up to 23 bits and in double above, so e.g. 219/255 comes out one ulp
 * above the correctly rounded quotient. */
static inline float unorm_to_float_mesa(uint32_t v, uint32_t n)
{
    if (n == 8)
        return tgx_tex_unorm8_mesa[v & 0xffu];
    if (n > 23)
        return (float)((double)v * (1.0 / (double)low_mask(n)));
    return (float)v * (1.0f / (float)low_mask(n));
}

/* Mesa: MAX2(-1.0f, i * (1.0f / (2^(n-1) - 1))), double above 23 bits. */
static inline float snorm_to_float_mesa(uint32_t v, uint32_t n)
{
    uint32_t sign = 1u << (n - 1);
    int64_t i = (int64_t)(v & low_mask(n)) - ((v & sign) ? (int64_t)1 << n : 0);
    float f = n > 23 ? (float)((double)i * (1.0 / (double)low_mask(n - 1)))
                     : (float)i * (1.0f / (float)low_mask(n - 1));
    return f < -1.0f ? -1.0f : f;
}

/* SNORM: max(i / (2^(n-1) - 1), -1), GL 4.6 eq. 2.2. */
static inline float snorm_to_float(uint32_t v, uint32_t n)
{
    uint32_t sign = 1u << (n - 1);
    int64_t i = (int64_t)(v & low_mask(n)) - ((v & sign) ? (int64_t)1 << n : 0);
    double f = (double)i / (double)(low_mask(n - 1));
    return (float)(f < -1.0 ? -1.0 : f);
}

/* nv: an 8-bit SNORM texel as v / 127, -128 included (-128/127): the filter blends -128 as it
 * stands and clamps the result (tex_nv_blend); a texel read alone clamps to -1
 * (tgx_tex_clamp_snorm: point sampling, gather, fetch). */
static inline float snorm8_nv(uint32_t v)
{
    return (float)(int8_t)(uint8_t)v / 127.0f;
}

/* Unsigned 11- and 10-bit floats (5-bit exponent, bias 15), GL 4.6 section 2.3.4.3/4. */
static float ufloat_to_float(uint32_t v, uint32_t mbits)
{
    uint32_t e = v >> mbits, m = v & low_mask(mbits);
    if (e == 31)
        return m ? tgx_bits2f(0x7fc00000u) : tgx_bits2f(0x7f800000u);
    if (e == 0)
        return ldexpf((float)m, -14 - (int)mbits);
    return ldexpf((float)(m | (1u << mbits)), (int)e - 15 - (int)mbits);
}

static uint32_t float_to_ufloat(float f, uint32_t mbits)
{
    if (f != f)
        return (31u << mbits) | 1u;
    if (!(f > 0.0f))
        return 0; /* negative values clamp to 0 */
    uint32_t maxbits = (30u << mbits) | low_mask(mbits);
    if (f >= ufloat_to_float(maxbits, mbits))
        return isinf(f) ? 31u << mbits : maxbits;
    int e;
    (void)frexpf(f, &e); /* f = m * 2^e, m in [0.5, 1) */
    int be = e - 1 + 15;
    if (be < 1)
        be = 0; /* denormal: scale 2^(-14 - mbits) */
    int scale = (be == 0 ? -14 : be - 15) - (int)mbits;
    double q = nearbyint(ldexp((double)f, -scale)); /* round to nearest even */
    uint32_t mq = (uint32_t)q;
    if (be == 0)
        return mq; /* a carry into 1<<mbits is the smallest normal, encoded the same way */
    if (mq >> (mbits + 1)) {
        mq >>= 1;
        be++;
    }
    return ((uint32_t)be << mbits) | (mq & low_mask(mbits));
}

/* RGB9E5: c = m * 2^(e - 15 - 9), GL 4.6 eq. 8.11. */
static inline float sharedexp_channel(uint32_t m, uint32_t e)
{
    return ldexpf((float)m, (int)e - 24);
}

/* The encoding of GL 4.6 section 8.5.2 (eqs. 8.4-8.8). */
static void encode_rgb9e5(const float rgb[3], uint32_t bits[4])
{
    const double max_v = (511.0 / 512.0) * 65536.0;
    double c[3], mx = 0.0;
    for (int i = 0; i < 3; i++) {
        double v = rgb[i];
        c[i] = v != v || v < 0.0 ? 0.0 : (v > max_v ? max_v : v);
        mx = c[i] > mx ? c[i] : mx;
    }
    int ep = -16;
    if (mx > 0.0) {
        int e;
        (void)frexp(mx, &e);
        ep = e - 1;
    }
    ep = (ep < -16 ? -16 : ep) + 1 + 15;
    double denom = ldexp(1.0, ep - 15 - 9);
    if ((uint32_t)floor(mx / denom + 0.5) == 512u) {
        denom *= 2.0;
        ep++;
    }
    for (int i = 0; i < 3; i++)
        bits[i] = (uint32_t)floor(c[i] / denom + 0.5);
    bits[3] = (uint32_t)ep;
}

static inline uint32_t sign_extend(uint32_t v, uint32_t n)
{
    if (n >= 32)
        return v;
    uint32_t sign = 1u << (n - 1);
    return (v ^ sign) - sign;
}

/* Which conversions a decoder applies to UNORM, SNORM and sRGB channels: the GL formulas
 * correctly rounded, Mesa's util_format ones (the softpipe LOD rule, see tgx_tex_decoder_for), or
 * the GL ones with the H100's sRGB table (nv profile). */
typedef enum conv_rule { CONV_GL, CONV_MESA, CONV_NV } conv_rule;

static inline float srgb_channel(uint32_t raw, uint32_t n, conv_rule rule)
{
    if (rule == CONV_MESA)
        return tgx_tex_srgb8_mesa(raw);
    if (rule == CONV_NV && n == 8)
        return tgx_tex_srgb8_nv(raw);
    return tgx_tex_srgb_to_linear(unorm_to_float(raw, n));
}

/* Raw bits -> decoded texel. Called with constant type/bits/rule from the generated decoders. */
static inline void convert_raw(const uint32_t raw[4], tgx_texel *o, tgx_tex_type type,
                               const uint32_t b[4], conv_rule rule)
{
    const bool mesa = rule == CONV_MESA;
    TEX_UNROLL(4)
    for (int i = 0; i < 4; i++) {
        switch (type) {
        case TGX_TEX_TYPE_UNORM:
            o->f[i] =
                !b[i] ? 0.0f
                      : (mesa ? unorm_to_float_mesa(raw[i], b[i]) : unorm_to_float(raw[i], b[i]));
            break;
        case TGX_TEX_TYPE_SRGB:
            if (i < 3 && b[i])
                o->f[i] = srgb_channel(raw[i], b[i], rule);
            else
                o->f[i] = !b[i] ? 0.0f
                                : (mesa ? unorm_to_float_mesa(raw[i], b[i])
                                        : unorm_to_float(raw[i], b[i]));
            break;
        case TGX_TEX_TYPE_SNORM:
            o->f[i] = !b[i]                          ? 0.0f
                      : mesa                         ? snorm_to_float_mesa(raw[i], b[i])
                      : rule == CONV_NV && b[i] == 8 ? snorm8_nv(raw[i])
                                                     : snorm_to_float(raw[i], b[i]);
            break;
        case TGX_TEX_TYPE_UINT: o->u[i] = raw[i]; break;
        case TGX_TEX_TYPE_SINT: o->u[i] = b[i] ? sign_extend(raw[i], b[i]) : 0; break;
        case TGX_TEX_TYPE_FLOAT:
            o->f[i] = b[i] == 16 ? tgx_half_to_float((uint16_t)raw[i])
                                 : (b[i] == 32 ? tgx_bits2f(raw[i]) : 0.0f);
            break;
        case TGX_TEX_TYPE_UFLOAT: o->f[i] = b[i] ? ufloat_to_float(raw[i], b[i] - 5) : 0.0f; break;
        case TGX_TEX_TYPE_SHAREDEXP:
            o->f[i] = i < 3 ? sharedexp_channel(raw[i], raw[3]) : 0.0f;
            break;
        }
    }
}

/* A block-compressed channel the decoder gives as the rational v / den (the exact profile's
 * palettes), converted with the format's type. */
static inline float bc_rational(int32_t v, uint32_t den, tgx_tex_type type, int c)
{
    const float f = (float)v / (float)den; /* both below 2^24: one correctly rounded division */
    if (type == TGX_TEX_TYPE_SNORM)
        return f < -1.0f ? -1.0f : f;
    if (type == TGX_TEX_TYPE_SRGB && c < 3)
        return tgx_tex_srgb_to_linear(f);
    return f;
}

/* One texel of a row of the table: p is the texel, or its 4x4 block (k: index in the block). */
static inline void decode_row(const uint8_t *p, uint32_t k, tgx_texel *o, tgx_tex_pack pack,
                              uint32_t bytes, tgx_tex_type type, const uint32_t b[4],
                              conv_rule rule)
{
    uint32_t raw[4];
    if (!PACK_IS_BLOCK(pack)) {
        unpack_raw(p, raw, pack, bytes, b);
        convert_raw(raw, o, type, b, rule);
        return;
    }
    tgx_bc_texel bt;
    tgx_tex_bc_texel(pack, type == TGX_TEX_TYPE_SNORM, rule == CONV_NV, p, k, &bt);
    for (int c = 0; c < 4; c++)
        raw[c] = (uint32_t)bt.v[c] & low_mask(b[c]);
    convert_raw(raw, o, type, b, rule);
    for (int c = 0; c < 4; c++)
        if (bt.den[c] && b[c])
            o->f[c] = bc_rational(bt.v[c], bt.den[c], type, c);
}

#define X(id, nm, lay, pk, ty, by, b0, b1, b2, b3)                                                 \
    static void decode_##id(const uint8_t *p, uint32_t k, tgx_texel *o)                            \
    {                                                                                              \
        static const uint32_t b[4] = {b0, b1, b2, b3};                                             \
        decode_row(p, k, o, TGX_TEX_PACK_##pk, by, TGX_TEX_TYPE_##ty, b, CONV_GL);                 \
    }                                                                                              \
    static void decode_mesa_##id(const uint8_t *p, uint32_t k, tgx_texel *o)                       \
    {                                                                                              \
        static const uint32_t b[4] = {b0, b1, b2, b3};                                             \
        decode_row(p, k, o, TGX_TEX_PACK_##pk, by, TGX_TEX_TYPE_##ty, b, CONV_MESA);               \
    }                                                                                              \
    static void decode_nv_##id(const uint8_t *p, uint32_t k, tgx_texel *o)                         \
    {                                                                                              \
        static const uint32_t b[4] = {b0, b1, b2, b3};                                             \
        decode_row(p, k, o, TGX_TEX_PACK_##pk, by, TGX_TEX_TYPE_##ty, b, CONV_NV);                 \
    }
#include "tgx/tex_formats.def"
#undef X

static const tgx_texel_decode_fn decoders[TGX_TEX_FORMAT_COUNT] = {
#define X(id, nm, lay, pk, ty, by, b0, b1, b2, b3) decode_##id,
#include "tgx/tex_formats.def"
#undef X
};

static const tgx_texel_decode_fn decoders_mesa[TGX_TEX_FORMAT_COUNT] = {
#define X(id, nm, lay, pk, ty, by, b0, b1, b2, b3) decode_mesa_##id,
#include "tgx/tex_formats.def"
#undef X
};

static const tgx_texel_decode_fn decoders_nv[TGX_TEX_FORMAT_COUNT] = {
#define X(id, nm, lay, pk, ty, by, b0, b1, b2, b3) decode_nv_##id,
#include "tgx/tex_formats.def"
#undef X
};

tgx_texel_decode_fn tgx_tex_decoder(tgx_tex_format f)
{
    return (unsigned)f < TGX_TEX_FORMAT_COUNT ? decoders[f] : NULL;
}

tgx_texel_decode_fn tgx_tex_decoder_for(tgx_tex_format f, const tgx_sampler *samp)
{
    const bool mesa =
        samp && samp->profile == TGX_TEX_PROFILE_EXACT && samp->lod_rule == TGX_TEX_LOD_SOFTPIPE;
    if ((unsigned)f >= TGX_TEX_FORMAT_COUNT)
        return NULL;
    if (samp && samp->profile == TGX_TEX_PROFILE_NV)
        return decoders_nv[f];
    return mesa ? decoders_mesa[f] : decoders[f];
}

/* ---- encoding (image stores) ---------------------------------------------------------------- */

/* Nearest with ties away from zero, as GL's conversion to fixed point (section 2.3.5.1) asks
 * for "round to nearest"; the input is already clamped so no overflow. */
static uint32_t float_to_unorm(float f, uint32_t n)
{
    double v = f != f ? 0.0 : (f < 0.0f ? 0.0 : (f > 1.0f ? 1.0 : (double)f));
    return (uint32_t)floor(v * (double)low_mask(n) + 0.5);
}

static uint32_t float_to_snorm(float f, uint32_t n)
{
    double v = f != f ? 0.0 : (f < -1.0f ? -1.0 : (f > 1.0f ? 1.0 : (double)f));
    double s = floor(v * (double)low_mask(n - 1) + 0.5);
    int64_t i = (int64_t)s;
    return (uint32_t)i & low_mask(n);
}

void tgx_tex_encode(const tgx_tex_format_info *fi, const uint32_t value[4], uint32_t bits[4])
{
    if (fi->type == TGX_TEX_TYPE_SHAREDEXP) {
        float rgb[3] = {tgx_bits2f(value[0]), tgx_bits2f(value[1]), tgx_bits2f(value[2])};
        encode_rgb9e5(rgb, bits);
        return;
    }
    for (int i = 0; i < 4; i++) {
        uint32_t n = fi->bits[i];
        float f = tgx_bits2f(value[i]);
        bits[i] = 0;
        if (!n)
            continue;
        switch (fi->type) {
        case TGX_TEX_TYPE_UNORM: bits[i] = float_to_unorm(f, n); break;
        case TGX_TEX_TYPE_SRGB:
            bits[i] = float_to_unorm(i < 3 ? tgx_tex_linear_to_srgb(f) : f, n);
            break;
        case TGX_TEX_TYPE_SNORM: bits[i] = float_to_snorm(f, n); break;
        case TGX_TEX_TYPE_UINT:
        case TGX_TEX_TYPE_SINT: bits[i] = value[i] & low_mask(n); break;
        case TGX_TEX_TYPE_FLOAT: bits[i] = n == 16 ? tgx_float_to_half(f) : value[i]; break;
        case TGX_TEX_TYPE_UFLOAT: bits[i] = float_to_ufloat(f, n - 5); break;
        case TGX_TEX_TYPE_SHAREDEXP: break;
        }
    }
}

void tgx_tex_format_encode(tgx_tex_format f, const uint32_t value[4], uint32_t bits[4])
{
    const tgx_tex_format_info *fi = tgx_tex_format_get(f);
    if (!fi) {
        memset(bits, 0, 4 * sizeof *bits);
        return;
    }
    tgx_tex_encode(fi, value, bits);
}
