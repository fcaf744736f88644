/* Texel formats: decoding (GL 4.6 eqs. 2.1/2.2 for UNORM/SNORM, section 2.3.4 for half, 11- and
 * 10-bit floats, eq. 8.11 for RGB9E5), the TGSI spec's layout table (R, RG, A, L, LA, I, Z, S
 * and BGR(A)), view swizzles, stores with GL's conversions, sRGB decoded before filtering, and
 * border colours (GL: matched to the format; nv: 8-bit UNORM quantised with ties down). */
#include "tex_test_util.h"

/* Fetches texel 0 of a 1-texel texture through a sampler (NULL: none). */
static void decode_with(tgx_tex_format f, const uint8_t *bytes, const tgx_sampler *s,
                        uint32_t out[4])
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, f, 1, 1, 1, 1);
    memcpy(tgx_tex_level_data(tex, 0, NULL, NULL), bytes, tgx_tex_get_format(tex)->bytes);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int32_t zero[4] = {0, 0, 0, 0};
    uint32_t cols[4][4];
    tgx_tex_fetch_req req = {4, NULL, zero, zero, zero, NULL, NULL, {NULL, NULL, NULL}, false};
    tgx_tex_result r = {{cols[0], cols[1], cols[2], cols[3]}};
    tgx_tex_fetch(&v, s, &req, r, NULL);
    for (int c = 0; c < 4; c++)
        out[c] = cols[c][0];
    tgx_tex_destroy(tex);
}

/* Decodes one texel given by raw bytes; returns the 4 result words (layout + identity view). */
static void decode(tgx_tex_format f, const uint8_t *bytes, uint32_t out[4])
{
    decode_with(f, bytes, NULL, out);
}

static float f(uint32_t u)
{
    return tgx_bits2f(u);
}

static void decoding(void)
{
    uint32_t o[4];
    const uint8_t rgba8[4] = {255, 128, 0, 51};
    decode(TGX_TEX_FORMAT_RGBA8_UNORM, rgba8, o);
    TGX_CHECK(f(o[0]) == 1.0f && f(o[1]) == 128.0f / 255.0f && f(o[2]) == 0.0f && f(o[3]) == 0.2f,
              "rgba8: i / 255");
    decode(TGX_TEX_FORMAT_BGRA8_UNORM, rgba8, o);
    TGX_CHECK(f(o[0]) == 0.0f && f(o[2]) == 1.0f && f(o[3]) == 0.2f, "bgra8 swaps r and b");
    /* SNORM: max(i / 127, -1): -128 and -127 both give -1 */
    const uint8_t sn[4] = {0x80, 0x81, 0x7f, 0x00};
    decode(TGX_TEX_FORMAT_RGBA8_SNORM, sn, o);
    TGX_CHECK(f(o[0]) == -1.0f && f(o[1]) == -1.0f && f(o[2]) == 1.0f && f(o[3]) == 0.0f, "snorm8");
    /* R8: (r, 0, 0, 1) */
    decode(TGX_TEX_FORMAT_R8_UNORM, rgba8, o);
    TGX_CHECK(f(o[0]) == 1.0f && o[1] == 0 && o[2] == 0 && f(o[3]) == 1.0f, "R layout");
    /* A8: (0, 0, 0, a); L8: (l, l, l, 1); L8A8: (l, l, l, a); I8: (i, i, i, i) */
    decode(TGX_TEX_FORMAT_A8_UNORM, rgba8, o);
    TGX_CHECK(o[0] == 0 && o[2] == 0 && f(o[3]) == 1.0f, "A layout");
    decode(TGX_TEX_FORMAT_L8_UNORM, rgba8 + 1, o);
    TGX_CHECK(o[0] == o[1] && o[1] == o[2] && f(o[0]) == 128.0f / 255.0f && f(o[3]) == 1.0f,
              "L layout");
    decode(TGX_TEX_FORMAT_L8A8_UNORM, rgba8 + 2, o);
    TGX_CHECK(f(o[0]) == 0.0f && f(o[2]) == 0.0f && f(o[3]) == 0.2f, "LA layout");
    decode(TGX_TEX_FORMAT_I8_UNORM, rgba8 + 3, o);
    TGX_CHECK(f(o[0]) == 0.2f && f(o[3]) == 0.2f, "I layout");
    /* integers: raw, sign-extended for SINT, 1 (not 1.0f) for the missing alpha */
    const uint8_t i16[4] = {0xff, 0xff, 0x02, 0x80};
    decode(TGX_TEX_FORMAT_RG16_SINT, i16, o);
    TGX_CHECK(o[0] == 0xffffffffu && o[1] == 0xffff8002u && o[2] == 0 && o[3] == 1, "rg16i");
    decode(TGX_TEX_FORMAT_RG16_UINT, i16, o);
    TGX_CHECK(o[0] == 0xffff && o[1] == 0x8002 && o[3] == 1, "rg16ui");
    /* half: 0x3c00 = 1, 0x0001 = 2^-24 (denormal), 0xc000 = -2 */
    const uint8_t h[6] = {0x00, 0x3c, 0x01, 0x00, 0x00, 0xc0};
    decode(TGX_TEX_FORMAT_RGB16_FLOAT, h, o);
    TGX_CHECK(f(o[0]) == 1.0f && f(o[1]) == ldexpf(1.0f, -24) && f(o[2]) == -2.0f &&
                  f(o[3]) == 1.0f,
              "half");
    /* R11G11B10F: 1.0 = exponent 15, mantissa 0 -> 15 << 6 = 0x3c0 (11-bit) and 15 << 5 =
     * 0x1e0 (10-bit); r = 1.0, g = 0x3c0 + 32 (mantissa 32/64) = 1.5, b = 0x1e0 = 1.0 */
    uint32_t w = 0x3c0u | ((0x3c0u + 32u) << 11) | (0x1e0u << 22);
    uint8_t pk[4] = {(uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16), (uint8_t)(w >> 24)};
    decode(TGX_TEX_FORMAT_R11G11B10_FLOAT, pk, o);
    TGX_CHECK(f(o[0]) == 1.0f && f(o[1]) == 1.5f && f(o[2]) == 1.0f, "r11g11b10f");
    /* RGB9E5: c = m * 2^(e - 24): m = 256, e = 16 -> 1.0; m = 3 -> 3/256 */
    w = 256u | (3u << 9) | (0u << 18) | (16u << 27);
    uint8_t e5[4] = {(uint8_t)w, (uint8_t)(w >> 8), (uint8_t)(w >> 16), (uint8_t)(w >> 24)};
    decode(TGX_TEX_FORMAT_R9G9B9E5_FLOAT, e5, o);
    TGX_CHECK(f(o[0]) == 1.0f && f(o[1]) == 3.0f / 256.0f && f(o[2]) == 0.0f, "rgb9e5");
    /* RGB565 (B in bits 0..4, G 5..10, R 11..15): R = 31, G = 0, B = 1 -> (1, 0, 1/31) */
    uint16_t p565 = (uint16_t)((31u << 11) | 1u);
    uint8_t b565[2] = {(uint8_t)p565, (uint8_t)(p565 >> 8)};
    decode(TGX_TEX_FORMAT_B5G6R5_UNORM, b565, o);
    TGX_CHECK(f(o[0]) == 1.0f && f(o[1]) == 0.0f && f(o[2]) == 1.0f / 31.0f, "rgb565");
    /* depth24_stencil8: depth 0xffffff = 1.0 as (z, z, z, 1); its stencil view reads 0x5a */
    uint8_t zs[4] = {0xff, 0xff, 0xff, 0x5a};
    decode(TGX_TEX_FORMAT_Z24S8, zs, o);
    TGX_CHECK(f(o[0]) == 1.0f && f(o[2]) == 1.0f && f(o[3]) == 1.0f, "Z layout");
    decode(TGX_TEX_FORMAT_X24S8_UINT, zs, o);
    TGX_CHECK(o[0] == 0x5a && o[3] == 0x5a, "stencil view (s, s, s, s)");
}

/* The softpipe rule converts as Mesa's util_format does: i * fp32(1 / (2^n - 1)) instead of the
 * correctly rounded quotient. 219 * fp32(1/255) = 0x3f5bdbdd is what softpipe returned for byte
 * 219 in corpus case tex2d_mip_nearest_bias; 219/255 correctly rounded is 0x3f5bdbdc. */
static void mesa_conversions(void)
{
    tgx_sampler sp;
    tgx_sampler_init(&sp);
    sp.lod_rule = TGX_TEX_LOD_SOFTPIPE;
    const uint8_t b[4] = {219, 199, 255, 0};
    uint32_t o[4];
    decode_with(TGX_TEX_FORMAT_RGBA8_UNORM, b, NULL, o);
    TGX_CHECK(o[0] == 0x3f5bdbdcu && o[1] == 0x3f47c7c8u, "exact: quotient %08x %08x", o[0], o[1]);
    decode_with(TGX_TEX_FORMAT_RGBA8_UNORM, b, &sp, o);
    TGX_CHECK(o[0] == 0x3f5bdbddu && o[1] == 0x3f47c7c9u && f(o[2]) == 1.0f,
              "softpipe: reciprocal %08x %08x", o[0], o[1]);
    /* SNORM: max(-1, i * fp32(1/127)): -128 -> -1, 100 -> 100 * fp32(1/127) */
    const uint8_t sn[4] = {0x80, 100, 0, 0};
    decode_with(TGX_TEX_FORMAT_RGBA8_SNORM, sn, &sp, o);
    TGX_CHECK(f(o[0]) == -1.0f && f(o[1]) == 100.0f * (1.0f / 127.0f), "softpipe snorm8");
    /* sRGB: Mesa's table holds the EOTF printed with 8 significant digits: byte 128 ->
     * 2.1586050e-01 (((128/255 + 0.055) / 1.055)^2.4 = 0.2158605001...) read as a double */
    const uint8_t s8[4] = {128, 1, 0, 128};
    decode_with(TGX_TEX_FORMAT_SRGB8_A8, s8, &sp, o);
    TGX_CHECK(f(o[0]) == (float)2.1586050e-01 && f(o[1]) == (float)3.0352698e-04 &&
                  f(o[3]) == 128.0f * (1.0f / 255.0f),
              "softpipe srgb table");
}

static void stores(void)
{
    /* UNORM: clamp, round to nearest: 0.5 * 255 = 127.5 -> 128; -1 -> 0; 2 -> 255 */
    tgx_tex *tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_RGBA8_UNORM, 1, 1, 1, 1);
    tt_setf(tex, 0, 0, 0, 0, 0.5f, -1.0f, 2.0f, NAN);
    const uint8_t *p = tgx_tex_level_data(tex, 0, NULL, NULL);
    TGX_CHECK(p[0] == 128 && p[1] == 0 && p[2] == 255 && p[3] == 0, "unorm8 store %u %u %u %u",
              p[0], p[1], p[2], p[3]);
    tgx_tex_destroy(tex);
    /* SNORM: clamp to [-1, 1], round(v * 127): -1 -> -127 = 0x81 (never -128) */
    tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_R8_SNORM, 1, 1, 1, 1);
    tt_setf(tex, 0, 0, 0, 0, -1.0f, 0, 0, 0);
    p = tgx_tex_level_data(tex, 0, NULL, NULL);
    TGX_CHECK(p[0] == 0x81, "snorm -1 -> -127");
    tgx_tex_destroy(tex);
    /* RGB9E5 encode (GL 4.6 section 8.5.2): (1, 1, 1) -> m = 256, e = 16 */
    tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_R9G9B9E5_FLOAT, 1, 1, 1, 1);
    tt_setf(tex, 0, 0, 0, 0, 1.0f, 1.0f, 1.0f, 0);
    p = tgx_tex_level_data(tex, 0, NULL, NULL);
    uint32_t w = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    TGX_CHECK(w == (256u | 256u << 9 | 256u << 18 | 16u << 27), "rgb9e5 store %08x", w);
    tgx_tex_destroy(tex);
    /* R11G11B10F encode: 1.5 -> exponent 15, mantissa 32 */
    tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_R11G11B10_FLOAT, 1, 1, 1, 1);
    tt_setf(tex, 0, 0, 0, 0, 1.5f, -3.0f, 0.0f, 0);
    p = tgx_tex_level_data(tex, 0, NULL, NULL);
    w = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    TGX_CHECK((w & 0x7ff) == 0x3e0 && ((w >> 11) & 0x7ff) == 0, "r11g11b10f store %08x", w);
    tgx_tex_destroy(tex);
    /* integer stores keep the low bits */
    tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_R8_UINT, 1, 1, 1, 1);
    const uint32_t big[4] = {0x1234, 0, 0, 0};
    tgx_tex_store_texel(tex, 0, 0, 0, 0, 0, big);
    p = tgx_tex_level_data(tex, 0, NULL, NULL);
    TGX_CHECK(p[0] == 0x34, "uint8 keeps the low bits");
    TGX_CHECK(!tgx_tex_store_texel(tex, 0, 1, 0, 0, 0, big), "store out of range");
    tgx_tex_destroy(tex);
}

static void swizzle_srgb_border(void)
{
    /* view swizzle x001 on RGBA8 (Mesa's view of R8/depth) and "bgra" */
    const uint8_t rgba8[4] = {255, 128, 0, 51};
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 1, 1, 1, 1);
    memcpy(tgx_tex_level_data(tex, 0, NULL, NULL), rgba8, 4);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    TGX_CHECK(tgx_tex_swizzle_parse("x001", v.swizzle) == TGX_OK, "parse x001");
    TGX_CHECK(tgx_tex_swizzle_parse("xyq1", v.swizzle) == TGX_ERR_ARG, "bad swizzle");
    tgx_sampler s;
    tgx_sampler_init(&s);
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.5f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 1.0f && tt_sample1(&v, &s, &req, 0, 1) == 0.0f &&
                  tt_sample1(&v, &s, &req, 0, 3) == 1.0f,
              "x001");
    tgx_tex_destroy(tex);

    /* sRGB: texels 0 and 255 decode to 0 and 1 before filtering, so halfway is 0.5 (filtering
     * the encoded bytes first would give decode(127.5/255) = 0.2140) */
    tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_SRGB8_A8, 2, 1, 1, 1);
    const uint32_t b0[4] = {0, 0, 0, 0}, b1[4] = {255, 255, 255, 255};
    tgx_tex_store_texel_bits(tex, 0, 0, 0, 0, 0, b0);
    tgx_tex_store_texel_bits(tex, 0, 1, 0, 0, 0, b1);
    tgx_tex_view_init(&v, tex);
    s.mag_filter = TGX_TEX_FILTER_LINEAR;
    s.wrap_s = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    tt_quad_at(&q, 0.5f, 0.0f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.5f, "sRGB decoded before filtering");
    /* sRGB byte 128: ((128/255 + 0.055) / 1.055)^2.4 = 0.21586 (GL 4.6 eq. 8.17) */
    const uint32_t b128[4] = {128, 0, 0, 128};
    tgx_tex_store_texel_bits(tex, 0, 0, 0, 0, 0, b128);
    s.mag_filter = TGX_TEX_FILTER_NEAREST;
    tt_quad_at(&q, 0.25f, 0.0f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_near(tt_sample1(&v, &s, &req, 0, 0), 0.215861f, 1e-5f) &&
                  tt_sample1(&v, &s, &req, 0, 3) == 128.0f / 255.0f,
              "sRGB curve; alpha linear");
    tgx_tex_destroy(tex);

    /* border: R8 with border (0.5, 0.25, 0.75, 0.125) reads (0.5, 0, 0, 1) (the border matched
     * to the R format); A8 reads (0, 0, 0, 0.125); nv quantises 0.5 on 8-bit to 127/255 */
    tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R8_UNORM, 1, 1, 1, 1);
    tgx_tex_view_init(&v, tex);
    tgx_sampler_init(&s);
    s.wrap_s = s.wrap_t = TGX_TEX_WRAP_CLAMP_TO_BORDER;
    s.mag_filter = TGX_TEX_FILTER_NEAREST;
    s.border_color[0] = 0.5f;
    s.border_color[1] = 0.25f;
    s.border_color[2] = 0.75f;
    s.border_color[3] = 0.125f;
    tt_quad_at(&q, 2.0f, 2.0f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.5f && tt_sample1(&v, &s, &req, 0, 1) == 0.0f &&
                  tt_sample1(&v, &s, &req, 0, 3) == 1.0f,
              "border on R8");
    s.profile = TGX_TEX_PROFILE_NV;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 127.0f / 255.0f, "nv border ties down");
    tgx_tex_destroy(tex);
    tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_A8_UNORM, 1, 1, 1, 1);
    tgx_tex_view_init(&v, tex);
    s.profile = TGX_TEX_PROFILE_EXACT;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 3) == 0.125f && tt_sample1(&v, &s, &req, 0, 0) == 0.0f,
              "border on A8");
    tgx_tex_destroy(tex);
    /* integer formats take the integer border colour */
    tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_UINT, 1, 1, 1, 1);
    tgx_tex_view_init(&v, tex);
    s.border_color_int[0] = 7;
    s.border_color_int[3] = 0xffffffffu;
    uint32_t cols[4][4];
    tgx_tex_sample(&v, &s, &req, tt_out(&q, cols), NULL);
    TGX_CHECK(cols[0][0] == 7 && cols[3][0] == 0xffffffffu, "integer border");
    tgx_tex_destroy(tex);
}

static void names(void)
{
    tgx_tex_format fmt;
    TGX_CHECK(tgx_tex_format_from_name("srgb8_a8", &fmt) == TGX_OK &&
                  fmt == TGX_TEX_FORMAT_SRGB8_A8,
              "format name");
    TGX_CHECK(tgx_tex_format_from_name("rgba9", &fmt) == TGX_ERR_ARG, "unknown format");
    for (int i = 0; i < TGX_TEX_FORMAT_COUNT; i++) {
        const tgx_tex_format_info *fi = tgx_tex_format_get((tgx_tex_format)i);
        uint32_t bits = fi->bits[0] + fi->bits[1] + fi->bits[2] + fi->bits[3];
        bool fits = bits <= fi->bytes * 8;
        TGX_CHECK(fits && fi->channels >= 1, "%s: %u bits in %u bytes", fi->name, bits, fi->bytes);
    }
    tgx_tex_target t;
    TGX_CHECK(tgx_tex_target_from_name("cube_array", &t) == TGX_OK && t == TGX_TEX_CUBE_ARRAY,
              "target name");
}

int main(void)
{
    decoding();
    mesa_conversions();
    stores();
    swizzle_srgb_border();
    names();
    return tgx_test_finish();
}
