/* The formats of tex_formats.def that test_formats.c does not decode: stencil, the depth formats
 * with padding or stencil, 16- and 32-bit luminance / alpha / intensity, the UV pair, the other
 * packed layouts and 32-bit normalised. Expected values from the formulas: UNORM i / (2^n - 1),
 * SNORM max(i / (2^(n-1) - 1), -1) (GL 4.6 eqs. 2.1, 2.2), the TGSI spec's layout table
 * (L = (l, l, l, 1), LA = (l, l, l, a), I = (i, i, i, i), A = (0, 0, 0, a), S = (s, s, s, s),
 * Z = (z, z, z, 1), UV = (u, v, 1, 1)), bit layouts of GL 4.6 table 8.8 (component 0 in the
 * least significant bits). */
#include "tex_test_util.h"

/* Decodes one texel given by raw bytes through a fetch: the 4 result words. */
static void decode(tgx_tex_format f, const void *bytes, uint32_t out[4])
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, f, 1, 1, 1, 1);
    memcpy(tgx_tex_level_data(tex, 0, NULL, NULL), bytes, tgx_tex_get_format(tex)->bytes);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int32_t zero[4] = {0, 0, 0, 0};
    uint32_t cols[4][4];
    tgx_tex_fetch_req req;
    memset(&req, 0, sizeof req);
    req.lanes = 4;
    req.x = req.y = req.z = zero;
    tgx_tex_fetch(&v, NULL, &req, (tgx_tex_result){{cols[0], cols[1], cols[2], cols[3]}}, NULL);
    for (int c = 0; c < 4; c++)
        out[c] = cols[c][0];
    tgx_tex_destroy(tex);
}

static bool floats_are(const uint32_t o[4], float a, float b, float c, float d)
{
    return tgx_bits2f(o[0]) == a && tgx_bits2f(o[1]) == b && tgx_bits2f(o[2]) == c &&
           tgx_bits2f(o[3]) == d;
}

static bool ints_are(const uint32_t o[4], uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return o[0] == a && o[1] == b && o[2] == c && o[3] == d;
}

static void depth_stencil(void)
{
    uint32_t o[4];
    const uint8_t s8 = 0xa5;
    decode(TGX_TEX_FORMAT_S8_UINT, &s8, o);
    TGX_CHECK(ints_are(o, 165, 165, 165, 165), "stencil8 (s, s, s, s)");
    /* Z24X8: depth in bits 0..23: 0x7fffff / 0xffffff */
    const uint8_t z24[4] = {0xff, 0xff, 0x7f, 0xee};
    decode(TGX_TEX_FORMAT_Z24X8_UNORM, z24, o);
    const float zf = (float)(8388607.0 / 16777215.0);
    TGX_CHECK(floats_are(o, zf, zf, zf, 1.0f), "depth24: %.9g", (double)tgx_bits2f(o[0]));
    /* Z32F_S8X24: float depth, then the stencil byte */
    uint8_t zs[8] = {0};
    const float quarter = 0.25f;
    memcpy(zs, &quarter, 4);
    zs[4] = 0x33;
    zs[5] = 0xff; /* padding is ignored */
    decode(TGX_TEX_FORMAT_Z32F_S8X24, zs, o);
    TGX_CHECK(floats_are(o, 0.25f, 0.25f, 0.25f, 1.0f), "depth32f_stencil8 depth");
    decode(TGX_TEX_FORMAT_X32_S8X24_UINT, zs, o);
    TGX_CHECK(ints_are(o, 0x33, 0x33, 0x33, 0x33), "x32_stencil8 view");
    /* depth16: 0x8000 / 0xffff */
    const uint16_t z16 = 0x8000;
    decode(TGX_TEX_FORMAT_Z16_UNORM, &z16, o);
    TGX_CHECK(tgx_bits2f(o[0]) == (float)(32768.0 / 65535.0) && tgx_bits2f(o[3]) == 1.0f,
              "depth16");
}

static void luminance_alpha_intensity(void)
{
    uint32_t o[4];
    const uint16_t h = 0xffff, mid = 0x4000;
    const float m = (float)(16384.0 / 65535.0);
    decode(TGX_TEX_FORMAT_A16_UNORM, &h, o);
    TGX_CHECK(floats_are(o, 0, 0, 0, 1.0f), "a16");
    decode(TGX_TEX_FORMAT_L16_UNORM, &mid, o);
    TGX_CHECK(floats_are(o, m, m, m, 1.0f), "l16");
    decode(TGX_TEX_FORMAT_I16_UNORM, &mid, o);
    TGX_CHECK(floats_are(o, m, m, m, m), "i16");
    const uint16_t la[2] = {0xffff, 0x4000};
    decode(TGX_TEX_FORMAT_L16A16_UNORM, la, o);
    TGX_CHECK(floats_are(o, 1.0f, 1.0f, 1.0f, m), "l16a16");
    const float f2[2] = {-2.5f, 0.125f};
    decode(TGX_TEX_FORMAT_A32_FLOAT, f2, o);
    TGX_CHECK(floats_are(o, 0, 0, 0, -2.5f), "a32f");
    decode(TGX_TEX_FORMAT_L32_FLOAT, f2, o);
    TGX_CHECK(floats_are(o, -2.5f, -2.5f, -2.5f, 1.0f), "l32f");
    decode(TGX_TEX_FORMAT_I32_FLOAT, f2, o);
    TGX_CHECK(floats_are(o, -2.5f, -2.5f, -2.5f, -2.5f), "i32f");
    decode(TGX_TEX_FORMAT_L32A32_FLOAT, f2, o);
    TGX_CHECK(floats_are(o, -2.5f, -2.5f, -2.5f, 0.125f), "l32a32f");
    /* UV (D3D9 V8U8): SNORM u, v then 1, 1: 0x7f -> 1, 0x81 = -127 -> -1 */
    const uint8_t uv[2] = {0x7f, 0x81};
    decode(TGX_TEX_FORMAT_U8V8_SNORM, uv, o);
    TGX_CHECK(floats_are(o, 1.0f, -1.0f, 1.0f, 1.0f), "u8v8");
}

static void packed_and_wide(void)
{
    uint32_t o[4];
    /* rgb5_a1: c0 = B (bits 0..4), c1 = G (5..9), c2 = R (10..14), c3 = A (15); B = 31, G = 0,
     * R = 16, A = 1 -> (16/31, 0, 1, 1) */
    const uint16_t p5551 = (uint16_t)(31u | 16u << 10 | 1u << 15);
    decode(TGX_TEX_FORMAT_B5G5R5A1_UNORM, &p5551, o);
    TGX_CHECK(floats_are(o, 16.0f / 31.0f, 0.0f, 1.0f, 1.0f), "rgb5_a1: %g %g %g %g",
              (double)tgx_bits2f(o[0]), (double)tgx_bits2f(o[1]), (double)tgx_bits2f(o[2]),
              (double)tgx_bits2f(o[3]));
    /* rgb10_a2: R = 1023, G = 0, B = 341, A = 2 -> (1, 0, 341/1023, 2/3) */
    const uint32_t p1010102 = 1023u | 341u << 20 | 2u << 30;
    decode(TGX_TEX_FORMAT_R10G10B10A2_UNORM, &p1010102, o);
    TGX_CHECK(floats_are(o, 1.0f, 0.0f, (float)(341.0 / 1023.0), 2.0f / 3.0f), "rgb10_a2");
    decode(TGX_TEX_FORMAT_R10G10B10A2_UINT, &p1010102, o);
    TGX_CHECK(ints_are(o, 1023, 0, 341, 2), "rgb10_a2ui");
    /* 32-bit normalised: 0xffffffff -> 1; 0x80000000 / 0xffffffff rounds to 0.5f; SNORM
     * 0x80000000 -> -1 (clamped), 0x7fffffff -> 1, 0xc0000000 = -2^30 / (2^31 - 1) */
    const uint32_t u32[3] = {0xffffffffu, 0x80000000u, 0x7fffffffu};
    decode(TGX_TEX_FORMAT_R32_UNORM, &u32[0], o);
    TGX_CHECK(floats_are(o, 1.0f, 0, 0, 1.0f), "r32 unorm max");
    decode(TGX_TEX_FORMAT_R32_UNORM, &u32[1], o);
    TGX_CHECK(tgx_bits2f(o[0]) == 0.5f, "r32 unorm half: %.9g", (double)tgx_bits2f(o[0]));
    decode(TGX_TEX_FORMAT_R32_SNORM, &u32[1], o);
    TGX_CHECK(tgx_bits2f(o[0]) == -1.0f, "r32 snorm min");
    decode(TGX_TEX_FORMAT_R32_SNORM, &u32[2], o);
    TGX_CHECK(tgx_bits2f(o[0]) == 1.0f, "r32 snorm max");
    const uint32_t neg = 0xc0000000u;
    decode(TGX_TEX_FORMAT_R32_SNORM, &neg, o);
    TGX_CHECK(tgx_bits2f(o[0]) == (float)(-1073741824.0 / 2147483647.0), "r32 snorm -2^30");
    /* the wider 32-bit normalised formats: RGBA32 UNORM (1, 0.5, 0, 2^30/(2^32-1)); RGB32
     * SNORM (-1, 1, -2^30/(2^31-1), 1); stores round v * (2^32 - 1) to nearest */
    const uint32_t w4[4] = {0xffffffffu, 0x80000000u, 0, 0x40000000u};
    decode(TGX_TEX_FORMAT_RGBA32_UNORM, w4, o);
    TGX_CHECK(floats_are(o, 1.0f, 0.5f, 0.0f, (float)(1073741824.0 / 4294967295.0)), "rgba32");
    const uint32_t s3[3] = {0x80000000u, 0x7fffffffu, 0xc0000000u};
    decode(TGX_TEX_FORMAT_RGB32_SNORM, s3, o);
    TGX_CHECK(floats_are(o, -1.0f, 1.0f, (float)(-1073741824.0 / 2147483647.0), 1.0f),
              "rgb32_snorm");
    decode(TGX_TEX_FORMAT_RG32_SNORM, s3, o);
    TGX_CHECK(floats_are(o, -1.0f, 1.0f, 0.0f, 1.0f), "rg32_snorm");
    {
        tgx_tex *t = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RG32_UNORM, 1, 1, 1, 1);
        tt_setf(t, 0, 0, 0, 0, 0.25f, 2.0f, 0, 0);
        const uint32_t *raw = tgx_tex_level_data(t, 0, NULL, NULL);
        /* 0.25 * (2^32 - 1) = 1073741823.75 -> 1073741824; 2.0 clamps to 1 -> 0xffffffff */
        TGX_CHECK(raw[0] == 0x40000000u && raw[1] == 0xffffffffu, "rg32 store %08x %08x", raw[0],
                  raw[1]);
        tgx_tex_destroy(t);
    }
    /* RGB32F: (r, g, b, 1); RGB16 SINT: sign-extended, integer 1 for alpha */
    const float rgb[3] = {1.5f, -2.0f, 3.0f};
    decode(TGX_TEX_FORMAT_RGB32_FLOAT, rgb, o);
    TGX_CHECK(floats_are(o, 1.5f, -2.0f, 3.0f, 1.0f), "rgb32f");
    const int16_t rgbi[3] = {-5, 32767, -32768};
    decode(TGX_TEX_FORMAT_RGB16_SINT, rgbi, o);
    TGX_CHECK(ints_are(o, (uint32_t)-5, 32767, (uint32_t)-32768, 1), "rgb16i");
    const uint16_t rgbs[4] = {0x8000, 0x8001, 0x7fff, 0};
    decode(TGX_TEX_FORMAT_RGBA16_SNORM, rgbs, o);
    TGX_CHECK(floats_are(o, -1.0f, -1.0f, 1.0f, 0.0f), "rgba16 snorm: -32768 and -32767 -> -1");
}

/* Each format's name round-trips through tgx_tex_format_from_name, and every .def row has a
 * consistent byte size (packed formats: bytes * 8 >= the channel bits). */
static void table_consistency(void)
{
    int bad = 0;
    for (int f = 0; f < TGX_TEX_FORMAT_COUNT; f++) {
        const tgx_tex_format_info *fi = tgx_tex_format_get((tgx_tex_format)f);
        tgx_tex_format back;
        if (!fi || tgx_tex_format_from_name(fi->name, &back) < 0 || back != (tgx_tex_format)f)
            bad++;
        else if ((uint32_t)(fi->bits[0] + fi->bits[1] + fi->bits[2] + fi->bits[3]) > 8u * fi->bytes)
            bad++;
    }
    TGX_CHECK(bad == 0, "%d inconsistent format rows", bad);
}

int main(void)
{
    depth_stencil();
    luminance_alpha_intensity();
    packed_and_wide();
    table_consistency();
    return tgx_test_finish();
}
