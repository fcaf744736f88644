/* Block-compressed formats (BC1-BC7). Expected values:
 * - exact profile: the specifications' rules worked by hand on hand-made blocks
 *   (EXT_texture_compression_s3tc, EXT_texture_compression_rgtc, ARB_texture_compression_bptc):
 *   e.g. a BC1 red of (2 r0 + r1) / 93, a BC4 entry (6 r0 + r1) / 1785, BC7 mode 6 and BC6H
 *   mode 3 blocks built bit by bit;
 * - nv profile: result words the H100 returned for texels of the H10 probes (tests/data/hw;
 *   block bytes = the probe's bchash words, each row names its probe and texel), and NVIDIA's
 *   palette rules (docs/texture.md) worked by hand on hand-made blocks.
 * Also: block addressing of sizes that are not multiples of 4 and of mip levels, views, the
 * targets and operations block formats refuse, and that filtering a block-compressed texture
 * filters its decoded texels like the uncompressed format of the same precision. */
#include "tex_test_util.h"

/* A width x height texture of one format whose level 0 is the given hex bytes. */
static tgx_tex *bc_tex(const char *fmt, const char *hex, uint32_t w, uint32_t h)
{
    tgx_tex_format f;
    if (tgx_tex_format_from_name(fmt, &f) < 0) {
        fprintf(stderr, "no format %s\n", fmt);
        exit(1);
    }
    tgx_tex *tex = tt_make(TGX_TEX_2D, f, w, h, 1, 1);
    size_t row, slice;
    uint8_t *p = tgx_tex_level_data(tex, 0, &row, &slice);
    for (size_t i = 0; hex[2 * i] && i < slice; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        p[i] = (uint8_t)v;
    }
    return tex;
}

/* Texel (x, y) by texel fetch in a profile (exact: no sampler), after the view swizzle. */
static void fetch_at(tgx_tex *tex, const char *swz, tgx_tex_profile prof, int32_t x, int32_t y,
                     uint32_t out[4])
{
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_tex_swizzle_parse(swz, v.swizzle);
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.profile = prof;
    int32_t xs[4] = {x, x, x, x}, ys[4] = {y, y, y, y};
    uint32_t cols[4][4];
    tgx_tex_fetch_req f;
    memset(&f, 0, sizeof f);
    f.lanes = 4;
    f.x = xs;
    f.y = ys;
    tgx_diag d;
    if (tgx_tex_fetch(&v, prof == TGX_TEX_PROFILE_NV ? &s : NULL, &f,
                      (tgx_tex_result){{cols[0], cols[1], cols[2], cols[3]}}, &d) < 0) {
        fprintf(stderr, "fetch failed: %s\n", d.message);
        exit(1);
    }
    for (int c = 0; c < 4; c++)
        out[c] = cols[c][0];
}

static bool same(const uint32_t got[4], float r, float g, float b, float a)
{
    return got[0] == tgx_f2bits(r) && got[1] == tgx_f2bits(g) && got[2] == tgx_f2bits(b) &&
           got[3] == tgx_f2bits(a);
}

#define CHECK_TEXEL(got, r, g, b, a, what)                                                         \
    TGX_CHECK(same(got, r, g, b, a), "%s: (%.9g %.9g %.9g %.9g), want (%.9g %.9g %.9g %.9g)",      \
              what, (double)tgx_bits2f(got[0]), (double)tgx_bits2f(got[1]),                        \
              (double)tgx_bits2f(got[2]), (double)tgx_bits2f(got[3]), (double)(r), (double)(g),    \
              (double)(b), (double)(a))

/* ---- exact profile: the specifications' arithmetic ------------------------------------------ */

static void bc1_exact(void)
{
    uint32_t t[4];
    /* c0 = 0xf800 (red 31), c1 = 0x001f (blue 31), c0 > c1: four colours; texels 0..3 use
     * indices 0..3: red, blue, (2 c0 + c1) / 3, (c0 + 2 c1) / 3 */
    tgx_tex *tex = bc_tex("bc1_rgba", "00f81f00e4000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, 1.0f, 0.0f, 0.0f, 1.0f, "bc1 index 0");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 1, 0, t);
    CHECK_TEXEL(t, 0.0f, 0.0f, 1.0f, 1.0f, "bc1 index 1");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 2, 0, t);
    CHECK_TEXEL(t, 62.0f / 93.0f, 0.0f, 31.0f / 93.0f, 1.0f, "bc1 index 2 = (2 c0 + c1) / 3");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 3, 0, t);
    CHECK_TEXEL(t, 31.0f / 93.0f, 0.0f, 62.0f / 93.0f, 1.0f, "bc1 index 3 = (c0 + 2 c1) / 3");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 3, 3, t); /* index 0 again */
    CHECK_TEXEL(t, 1.0f, 0.0f, 0.0f, 1.0f, "bc1 texel (3, 3)");
    tgx_tex_destroy(tex);
    /* c0 = 0x001f <= c1 = 0xf800: three colours; texel 0 index 2 = (c0 + c1) / 2, texel 1
     * index 3 = transparent black (RGB formats: black, alpha 1) */
    tex = bc_tex("bc1_rgba", "1f0000f80e000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, 0.5f, 0.0f, 0.5f, 1.0f, "bc1 3-colour index 2");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 1, 0, t);
    CHECK_TEXEL(t, 0.0f, 0.0f, 0.0f, 0.0f, "bc1 3-colour index 3: transparent black");
    tgx_tex_destroy(tex);
    tex = bc_tex("bc1_rgb", "1f0000f80e000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 1, 0, t);
    CHECK_TEXEL(t, 0.0f, 0.0f, 0.0f, 1.0f, "bc1_rgb index 3: black, alpha 1");
    tgx_tex_destroy(tex);
    /* green: 6-bit endpoints 63 and 1, index 2: (2 * 63 + 1) / 189 */
    tex = bc_tex("bc1_rgba", "e007200002000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, 0.0f, 127.0f / 189.0f, 0.0f, 1.0f, "bc1 green index 2");
    tgx_tex_destroy(tex);
}

static void bc2_bc3_exact(void)
{
    uint32_t t[4];
    /* BC2: alpha nibbles 15, 9 for texels 0, 1 (0 after); the colour block of bc1_exact's
     * 3-colour case is read as four colours: index 2 = (2 c0 + c1) / 3, index 3 not black */
    tgx_tex *tex = bc_tex("bc2", "9f000000000000001f0000f80e000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, 31.0f / 93.0f, 0.0f, 62.0f / 93.0f, 1.0f, "bc2 index 2, alpha 15/15");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 1, 0, t);
    CHECK_TEXEL(t, 62.0f / 93.0f, 0.0f, 31.0f / 93.0f, 9.0f / 15.0f, "bc2 index 3, alpha 9/15");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 2, 0, t);
    CHECK_TEXEL(t, 0.0f, 0.0f, 1.0f, 0.0f, "bc2 index 0 (c0 = blue), alpha 0");
    tgx_tex_destroy(tex);
    /* BC3: alpha endpoints 255 > 0, texel 0 index 2 = 6/7, texel 1 index 7 = 1/7 */
    tex = bc_tex("bc3", "ff003a000000000000f81f0000000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, 1.0f, 0.0f, 0.0f, 1530.0f / 1785.0f, "bc3 alpha index 2");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 1, 0, t);
    CHECK_TEXEL(t, 1.0f, 0.0f, 0.0f, 255.0f / 1785.0f, "bc3 alpha index 7");
    /* nv: 8-bit alpha, the palette's division truncating (NVIDIA Texture Tools' NV5x decoder):
     * 6 * 255 / 7 = 218 (218.57) and 255 / 7 = 36 (36.43), not BC4's 16-bit 56355/65535 */
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_NV, 0, 0, t);
    CHECK_TEXEL(t, 1.0f, 0.0f, 0.0f, 218.0f / 255.0f, "bc3 nv alpha index 2");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_NV, 1, 0, t);
    CHECK_TEXEL(t, 1.0f, 0.0f, 0.0f, 36.0f / 255.0f, "bc3 nv alpha index 7");
    tgx_tex_destroy(tex);
    /* 6-value palette (10 <= 203): index 2 = (4 * 10 + 203) / 5 = 48 (48.6), index 7 = 255 */
    tex = bc_tex("bc3", "0acb3a000000000000f81f0000000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_NV, 0, 0, t);
    CHECK_TEXEL(t, 1.0f, 0.0f, 0.0f, 48.0f / 255.0f, "bc3 nv 6-value alpha index 2");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_NV, 1, 0, t);
    CHECK_TEXEL(t, 1.0f, 0.0f, 0.0f, 1.0f, "bc3 nv 6-value alpha index 7");
    tgx_tex_destroy(tex);
}

static void bc4_bc5_exact(void)
{
    uint32_t t[4];
    /* 200 > 100: eight values; texel 0 index 2 = (6*200 + 100)/7, texel 1 index 7 =
     * (200 + 6*100)/7, texel 2 index 0 = 200 (over 255) */
    tgx_tex *tex = bc_tex("bc4_unorm", "c8643a0000000000", 4, 4);
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, 1300.0f / 1785.0f, 0, 0, 0, "bc4 8-value index 2");
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 1, 0, t);
    CHECK_TEXEL(t, 800.0f / 1785.0f, 0, 0, 0, "bc4 8-value index 7");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 2, 0, t);
    CHECK_TEXEL(t, 200.0f / 255.0f, 0, 0, 1.0f, "bc4 index 0 (layout R: alpha 1)");
    /* nv: 257*200 + 36 (100 - 200) = 47800 (1/7 as 36/257) */
    fetch_at(tex, "r000", TGX_TEX_PROFILE_NV, 0, 0, t);
    CHECK_TEXEL(t, 47800.0f / 65535.0f, 0, 0, 0, "bc4 nv 8-value index 2");
    tgx_tex_destroy(tex);
    /* 100 < 200: six values; texel 0 index 2 = (4*100 + 200)/5, texel 1 index 7 = 1, texel 2
     * index 6 = 0 */
    tex = bc_tex("bc4_unorm", "64c8ba0100000000", 4, 4);
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, 600.0f / 1275.0f, 0, 0, 0, "bc4 6-value index 2");
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 1, 0, t);
    CHECK_TEXEL(t, 1.0f, 0, 0, 0, "bc4 6-value index 7");
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 2, 0, t);
    CHECK_TEXEL(t, 0.0f, 0, 0, 0, "bc4 6-value index 6");
    tgx_tex_destroy(tex);
    /* signed: -128 (read as -127) < 127: six values; index 2 = (4*-127 + 127)/5/127, index 7 =
     * 1, index 6 = -1, texel 3 index 0 = -128 -> -1 */
    tex = bc_tex("bc4_snorm", "807fba0100000000", 4, 4);
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, -381.0f / 635.0f, 0, 0, 0, "bc4 snorm index 2");
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 1, 0, t);
    CHECK_TEXEL(t, 1.0f, 0, 0, 0, "bc4 snorm index 7");
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 2, 0, t);
    CHECK_TEXEL(t, -1.0f, 0, 0, 0, "bc4 snorm index 6");
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 3, 0, t);
    CHECK_TEXEL(t, -1.0f, 0, 0, 0, "bc4 snorm -128");
    /* nv: -(258*127 + 1) + 48 (127 + 127) = -20575 over 32767 */
    fetch_at(tex, "r000", TGX_TEX_PROFILE_NV, 0, 0, t);
    TGX_CHECK(t[0] == tgx_f2bits((float)(-20575.0 / 32767.0)), "bc4 snorm nv index 2: %.9g",
              (double)tgx_bits2f(t[0]));
    tgx_tex_destroy(tex);
    /* BC5: red block then green block */
    tex = bc_tex("bc5_unorm", "c8643a000000000064c8ba0100000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, 1300.0f / 1785.0f, 600.0f / 1275.0f, 0, 1.0f, "bc5 red and green");
    tgx_tex_destroy(tex);
}

static void bc6h_exact(void)
{
    uint32_t t[4];
    /* mode 3 (one subset, 10-bit endpoints): e0 = 0, e1 = 1023 -> unquantised 0 and 0xffff;
     * texel 0 index 0 -> 0, texel 1 index 15 (weight 64) -> 0xffff * 31 >> 6 = 0x7bff (65504),
     * texel 2 index 8 (weight 34): (0xffff * 34 + 32) >> 6 = 0x87ff, * 31 >> 6 = 0x41df */
    tgx_tex *tex = bc_tex("bc6h_ufloat", "03000000f8fffffff108000000000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, 0.0f, 0.0f, 0.0f, 1.0f, "bc6h index 0");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 1, 0, t);
    CHECK_TEXEL(t, 65504.0f, 65504.0f, 65504.0f, 1.0f, "bc6h index 15");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 2, 0, t);
    const float h41df = tgx_half_to_float(0x41df); /* 2.935546875 */
    CHECK_TEXEL(t, h41df, h41df, h41df, 1.0f, "bc6h index 8");
    tgx_tex_destroy(tex);
    /* signed mode 3, r0 = 0x3ff = -1: unquantised -((1 << 15) + 0x4000 >> 9) = -96, then
     * -(96 * 31 >> 5) = half 0x805d */
    tex = bc_tex("bc6h_sfloat", "e37f0000000000000000000000000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, tgx_half_to_float(0x805d), 0.0f, 0.0f, 1.0f, "bc6h signed r0 = -1");
    tgx_tex_destroy(tex);
}

static void bc7_exact(void)
{
    uint32_t t[4];
    /* mode 6: endpoint 0 = (127, 0, 0, 127) with P-bit 1 -> (255, 1, 1, 255); endpoint 1 =
     * (0, 127, 0, 127) with P-bit 0 -> (0, 254, 0, 254); texel 0 index 0, texel 1 index 15,
     * texel 2 index 5 (weight 21): ((64 - 21) e0 + 21 e1 + 32) >> 6 = (171, 84, 1, 255) */
    tgx_tex *tex = bc_tex("bc7", "c03f00f00700fefff005000000000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 0, 0, t);
    CHECK_TEXEL(t, 1.0f, 1.0f / 255.0f, 1.0f / 255.0f, 1.0f, "bc7 mode 6 index 0");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 1, 0, t);
    CHECK_TEXEL(t, 0.0f, 254.0f / 255.0f, 0.0f, 254.0f / 255.0f, "bc7 mode 6 index 15");
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 2, 0, t);
    CHECK_TEXEL(t, 171.0f / 255.0f, 84.0f / 255.0f, 1.0f / 255.0f, 1.0f, "bc7 mode 6 index 5");
    tgx_tex_destroy(tex);
    /* the + 32 rounds: endpoint red 8 with P-bit 0 -> 16, other endpoint 0, texel 1 index 6
     * (weight 26): (38 * 16 + 32) >> 6 = 10 (608 + 31 would give 9) */
    tex = bc_tex("bc7", "40040000000000006000000000000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 1, 0, t);
    CHECK_TEXEL(t, 10.0f / 255.0f, 0.0f, 0.0f, 0.0f, "bc7 mode 6 rounding");
    tgx_tex_destroy(tex);
    /* a first byte of 0 is the reserved mode 8: every channel 0 */
    tex = bc_tex("bc7", "00ffffffffffffffffffffffffffffff", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 1, 1, t);
    CHECK_TEXEL(t, 0.0f, 0.0f, 0.0f, 0.0f, "bc7 reserved mode");
    tgx_tex_destroy(tex);
}

/* sRGB: the decoded value through the sRGB EOTF (exact), or exactly as an SRGB8 texel of the
 * same byte (nv: the BC1 palette entry is an 8-bit value). */
static void srgb(void)
{
    uint32_t t[4], ref[4];
    tgx_tex *tex = bc_tex("bc1_rgba_srgb", "00f81f00e4000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_EXACT, 2, 0, t);
    const float c = 62.0f / 93.0f;
    const float lin = (float)pow(((double)c + 0.055) / 1.055, 2.4); /* GL 4.6 eq. 8.17 */
    TGX_CHECK(t[0] == tgx_f2bits(lin) && t[3] == tgx_f2bits(1.0f), "bc1 sRGB exact %.9g want %.9g",
              (double)tgx_bits2f(t[0]), (double)lin);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_NV, 2, 0, t);
    /* nv palette: red (2*31 + 0) * 22 / 8 = 170, blue 31 * 22 / 8 = 85 */
    tgx_tex *s8 = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_SRGB8_A8, 1, 1, 1, 1);
    const uint32_t bytes[4] = {170, 0, 85, 255};
    tgx_tex_store_texel_bits(s8, 0, 0, 0, 0, 0, bytes);
    fetch_at(s8, "rgba", TGX_TEX_PROFILE_NV, 0, 0, ref);
    TGX_CHECK(!memcmp(t, ref, sizeof t), "bc1 sRGB nv = srgb8_a8 (170, 0, 85, 255)");
    tgx_tex_destroy(s8);
    /* a view of the UNORM format on the same blocks reads the stored values undecoded */
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_diag d;
    TGX_CHECK(tgx_tex_view_parse(&v, "format=bc1_rgba", &d) == TGX_OK, "bc1 unorm view: %s",
              d.message);
    tgx_tex_destroy(tex);
}

/* ---- nv profile: the H100's words ---------------------------------------------------------- */

static const struct {
    const char *fmt, *block, *swizzle;
    uint32_t k;
    uint32_t hw[4];
    const char *where;
} hw_texels[] = {
    {"bc1_rgba",
     "48a1bf95ba918164",
     "rgba",
     0,
     {0x3f1f9fa0, 0x3eaaaaab, 0x3f018182, 0x3f800000},
     "H10_bc1_point_all (0,0): c0 > c1, index 2"},
    {"bc1_rgba",
     "48a1bf95ba918164",
     "rgba",
     2,
     {0x3f1a9a9b, 0x3f09898a, 0x3f40c0c1, 0x3f800000},
     "H10_bc1_point_all (2,0): c0 > c1, index 3"},
    {"bc1_rgba",
     "321318defa4761d3",
     "rgba",
     0,
     {0x3eeeeeef, 0x3f149495, 0x3f2dadae, 0x3f800000},
     "H10_bc1_point_all (4,0): c0 <= c1, index 2"},
    {"bc1_rgba",
     "321318defa4761d3",
     "rgba",
     2,
     {0, 0, 0, 0},
     "H10_bc1_point_all (6,0): c0 <= c1, index 3"},
    {"bc2",
     "595811a6b869b90d1beb6907ab11b7b2",
     "rgba",
     1,
     {0x3f1f9fa0, 0x3f0e8e8f, 0x3f2dadae, 0x3eaaaaab},
     "H10_bc2_point_all (1,0): index 2"},
    {"bc2",
     "595811a6b869b90d1beb6907ab11b7b2",
     "rgba",
     0,
     {0x3e9e9e9f, 0x3f42c2c3, 0x3ef6f6f7, 0x3f19999a},
     "H10_bc2_point_all (0,0): index 3"},
    {"bc4_unorm",
     "a082a40c813004f6",
     "r000",
     2,
     {0x3f1c689c, 0, 0, 0},
     "H10_bc4_unorm_point_all (10,0): 8 values, index 2"},
    {"bc4_unorm",
     "b1407c0803748af8",
     "r000",
     0,
     {0x3effa100, 0, 0, 0},
     "H10_bc4_unorm_point_all (0,0): 8 values, index 4"},
    {"bc4_unorm",
     "47256829cb1ec03e",
     "r000",
     1,
     {0x3e509cd1, 0, 0, 0},
     "H10_bc4_unorm_point_all (21,0): 8 values, index 5"},
    {"bc4_unorm",
     "2bae1ac48eb61a89",
     "r000",
     1,
     {0x3eb896b9, 0, 0, 0},
     "H10_bc4_unorm_point_all (25,0): 6 values, index 3"},
    {"bc4_unorm",
     "36d3c963479ed1a8",
     "r000",
     2,
     {0x3f800000, 0, 0, 0},
     "H10_bc4_unorm_point_all (14,0): 6 values, index 7"},
    {"bc5_snorm",
     "1c0ff974341cd079ef388f4f82146caf",
     "rg00",
     2,
     {0x3e448189, 0xbf800000, 0, 0},
     "H10_bc5_snorm_point_all (18,0): 8 values, index 3"},
    {"bc5_snorm",
     "a1cba8c9abaa1ea2d502d98d054bd720",
     "rg00",
     3,
     {0xbf0a5515, 0xbf800000, 0, 0},
     "H10_bc5_snorm_point_all (7,0): 6 values, index 4"},
    {"bc6h_sfloat",
     "209ab499e017559312081b26a7f36720",
     "rgb0",
     0,
     {0x3e4ee000, 0xbc84a000, 0x3a5de000, 0},
     "H10_bc6h_sfloat_point_all (4,0): mode 0"},
    {"bc6h_sfloat",
     "2925c1f08900d4deb885279ff96553a8",
     "rgb0",
     0,
     {0x42a12000, 0xb884a000, 0xba292000, 0},
     "H10_bc6h_sfloat_point_all (8,0): mode 1"},
    {"bc6h_sfloat",
     "63525733f81329c99c6f276372fd2ca4",
     "rgb0",
     0,
     {0xc34f8000, 0xba0b4000, 0x3d688000, 0},
     "H10_bc6h_sfloat_point_all (0,0): mode 3"},
    {"bc6h_sfloat",
     "cb600cd2aca852ff8f88c1125f77b37a",
     "rgb0",
     0,
     {0xc1922000, 0x3f8e4000, 0xbb174000, 0},
     "H10_bc6h_sfloat_point_all (4,4): mode 11"},
    {"bc6h_sfloat",
     "4f716657c3b6afcf5d603a2e90205322",
     "rgb0",
     0,
     {0xc0c6a000, 0xba916000, 0xc3e84000, 0},
     "H10_bc6h_sfloat_point_all (28,20): mode 15"},
    {"bc6h_sfloat",
     "de63121bddebbb9e9057f69d5338a4a8",
     "rgb0",
     0,
     {0x44524000, 0xc1af0000, 0x3d618000, 0},
     "H10_bc6h_sfloat_point_all (16,0): mode 30"},
    {"bc6h_sfloat",
     "33a008f4ad1f03f8244140adb8ea0978",
     "rgb0",
     0,
     {0, 0, 0, 0},
     "H10_bc6h_sfloat_point_all (8,4): reserved mode 19"},
    {"bc7",
     "d15dd832bf8d0a6f821b54e24a02b915",
     "rgba",
     0,
     {0x3f67e7e8, 0x3f30b0b1, 0x3efefeff, 0x3f800000},
     "H10_bc7_point_all (16,0): mode 0"},
    {"bc7",
     "f6e810f143104cf259f2fd62dbe75dcf",
     "rgba",
     0,
     {0x3ec8c8c9, 0x3d30b0b1, 0x3f38b8b9, 0x3f800000},
     "H10_bc7_point_all (0,0): mode 1"},
    {"bc7",
     "9cdfb472be645873a6084bbe653fc9d9",
     "rgba",
     0,
     {0x3ef6f6f7, 0x3e949495, 0x3e24a4a5, 0x3f800000},
     "H10_bc7_point_all (40,0): mode 2"},
    {"bc7",
     "5808cfc1a94bfb7692b37a1eace11915",
     "rgba",
     0,
     {0x3f1c9c9d, 0x3ef2f2f3, 0x3f41c1c2, 0x3f800000},
     "H10_bc7_point_all (4,0): mode 3"},
    {"bc7",
     "d063725c556ab90c8f206acebd236cd9",
     "rgba",
     0,
     {0x3e2cacad, 0x3f26a6a7, 0x3f20a0a1, 0x3f62e2e3},
     "H10_bc7_point_all (56,16): mode 4"},
    {"bc7",
     "a0142407ad7c979d78ede9127d082591",
     "rgba",
     0,
     {0x3e20a0a1, 0x3ecacacb, 0x3f159596, 0x3e60e0e1},
     "H10_bc7_point_all (8,12): mode 5"},
    {"bc7",
     "40766a9e9b470f44228bffe9b71236cc",
     "rgba",
     0,
     {0x3f50d0d1, 0x3f5fdfe0, 0x3f62e2e3, 0x3db0b0b1},
     "H10_bc7_point_all (36,4): mode 6"},
};

static void nv_hardware_texels(void)
{
    for (size_t i = 0; i < sizeof hw_texels / sizeof hw_texels[0]; i++) {
        tgx_tex *tex = bc_tex(hw_texels[i].fmt, hw_texels[i].block, 4, 4);
        uint32_t t[4];
        fetch_at(tex, hw_texels[i].swizzle, TGX_TEX_PROFILE_NV, (int32_t)(hw_texels[i].k % 4),
                 (int32_t)(hw_texels[i].k / 4), t);
        TGX_CHECK(!memcmp(t, hw_texels[i].hw, sizeof t),
                  "%s: tgx %08x %08x %08x %08x, hw %08x %08x %08x %08x", hw_texels[i].where, t[0],
                  t[1], t[2], t[3], hw_texels[i].hw[0], hw_texels[i].hw[1], hw_texels[i].hw[2],
                  hw_texels[i].hw[3]);
        tgx_tex_destroy(tex);
    }
}

/* NVIDIA's BC1 green on a hand-made block: 6-bit 63 and 1 expand to 255 and 4, gd = -251,
 * (256*255 + (-251/4 = -62) + 128 - 80*251) / 256 = 176 (the exact profile's 127/189 is 171.4
 * in 255ths). */
static void nv_bc1_green(void)
{
    uint32_t t[4];
    tgx_tex *tex = bc_tex("bc1_rgba", "e007200002000000", 4, 4);
    fetch_at(tex, "rgba", TGX_TEX_PROFILE_NV, 0, 0, t);
    CHECK_TEXEL(t, 0.0f, 176.0f / 255.0f, 0.0f, 1.0f, "bc1 nv green index 2");
    tgx_tex_destroy(tex);
}

/* ---- layout --------------------------------------------------------------------------------- */

/* A 6x5 BC4 texture has 2x2 blocks; each block holds one value (every index 0): block (bx, by)
 * red = 10 (1 + bx + 2 by). Texels past the texture's edge inside a block are not addressable. */
static void layout_and_levels(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_BC4_UNORM, 6, 5, 1, 3);
    size_t row, slice;
    uint8_t *p = tgx_tex_level_data(tex, 0, &row, &slice);
    TGX_CHECK(row == 16 && slice == 32, "6x5 bc4: row pitch %zu (2 blocks of 8), slice %zu", row,
              slice);
    for (uint32_t by = 0; by < 2; by++)
        for (uint32_t bx = 0; bx < 2; bx++)
            p[by * row + bx * 8] = (uint8_t)(10 * (1 + bx + 2 * by));
    uint32_t t[4];
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 5, 4, t);
    TGX_CHECK(t[0] == tgx_f2bits(40.0f / 255.0f), "texel (5,4) is in block (1,1)");
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 4, 1, t);
    TGX_CHECK(t[0] == tgx_f2bits(20.0f / 255.0f), "texel (4,1) is in block (1,0)");
    fetch_at(tex, "r000", TGX_TEX_PROFILE_EXACT, 6, 0, t);
    TGX_CHECK(t[0] == 0, "texel (6,0) is outside the 6-wide texture");
    /* level 1 is 3x2 (one block), level 2 1x1 (one block) */
    uint32_t w, h, s;
    tgx_tex_level_size(tex, 2, &w, &h, &s);
    p = tgx_tex_level_data(tex, 2, &row, &slice);
    TGX_CHECK(w == 1 && h == 1 && row == 8 && slice == 8, "level 2: %ux%u, one block", w, h);
    p[0] = 77;
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int32_t x[4] = {0, 0, 0, 0}, lvl[4] = {2, 2, 2, 2};
    uint32_t cols[4][4];
    tgx_tex_fetch_req f;
    memset(&f, 0, sizeof f);
    f.lanes = 4;
    f.x = x;
    f.y = x;
    f.level = lvl;
    tgx_tex_fetch(&v, NULL, &f, (tgx_tex_result){{cols[0], cols[1], cols[2], cols[3]}}, NULL);
    TGX_CHECK(cols[0][0] == tgx_f2bits(77.0f / 255.0f), "level 2 texel (0,0)");
    /* upload sizes follow the blocks: 3x2 level 1 = one 8-byte block */
    tgx_diag d;
    uint8_t blk[8] = {0};
    TGX_CHECK(tgx_tex_upload(tex, 1, blk, 8, &d) == TGX_OK, "level 1 upload of one block");
    TGX_CHECK(tgx_tex_upload(tex, 1, blk, 6 * 8, &d) < 0, "level 1 upload of 6 texels refused");
    tgx_tex_destroy(tex);
}

/* ---- what block formats refuse -------------------------------------------------------------- */

static void refusals(void)
{
    tgx_diag d;
    tgx_tex *tex = NULL;
    static const tgx_tex_target bad[] = {TGX_TEX_BUFFER, TGX_TEX_1D, TGX_TEX_1D_ARRAY, TGX_TEX_RECT,
                                         TGX_TEX_2D_MS};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tgx_tex_desc desc = {
            bad[i], TGX_TEX_FORMAT_BC7, 8, 1, 1, 1, bad[i] == TGX_TEX_2D_MS ? 4u : 1u};
        if (bad[i] == TGX_TEX_RECT || bad[i] == TGX_TEX_2D_MS)
            desc.height = 8;
        TGX_CHECK(tgx_tex_create(&desc, &tex, &d) == TGX_ERR_UNSUPPORTED &&
                      strstr(d.message, "block-compressed"),
                  "bc7 on %s refused: %s", tgx_tex_target_name(bad[i]), d.message);
    }
    static const tgx_tex_target good[] = {TGX_TEX_2D, TGX_TEX_2D_ARRAY, TGX_TEX_CUBE,
                                          TGX_TEX_CUBE_ARRAY, TGX_TEX_3D};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        tgx_tex_desc desc = {
            good[i], TGX_TEX_FORMAT_BC1_RGBA, 8, 8, good[i] == TGX_TEX_2D ? 1u : 6u, 2, 1};
        TGX_CHECK(tgx_tex_create(&desc, &tex, &d) == TGX_OK, "bc1 on %s: %s",
                  tgx_tex_target_name(good[i]), d.message);
        tgx_tex_destroy(tex);
        tex = NULL;
    }
    tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_BC1_RGBA, 8, 8, 1, 2);
    const uint32_t v[4] = {0, 0, 0, 0};
    TGX_CHECK(!tgx_tex_store_texel(tex, 0, 0, 0, 0, 0, v), "no texel stores into a block");
    TGX_CHECK(!tgx_tex_texel_ptr(tex, 0, 0, 0, 0, 0), "no texel has bytes of its own");
    TGX_CHECK(tgx_tex_generate_mipmaps(tex, &d) < 0, "mipmaps are not filtered into blocks");
    /* views: same block size and block bytes only (rg32ui also has 8 bytes, but per texel) */
    tgx_tex_view view;
    tgx_tex_view_init(&view, tex);
    TGX_CHECK(tgx_tex_view_parse(&view, "format=rg32ui", &d) < 0 && strstr(d.message, "4x4 blocks"),
              "rg32ui view of bc1 refused: %s", d.message);
    TGX_CHECK(tgx_tex_view_parse(&view, "format=bc3", &d) < 0, "bc3 (16-byte blocks) refused");
    TGX_CHECK(tgx_tex_view_parse(&view, "format=bc4_snorm", &d) == TGX_OK,
              "bc4_snorm view of bc1 (8-byte blocks): %s", d.message);
    tgx_tex_destroy(tex);
    /* an rg32ui texture viewed as bc1 is refused by the sampler too */
    tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RG32_UINT, 4, 4, 1, 1);
    tgx_tex_view_init(&view, tex);
    view.format = TGX_TEX_FORMAT_BC1_RGBA;
    tgx_sampler s;
    tgx_sampler_init(&s);
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.5f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    uint32_t cols[4][4];
    TGX_CHECK(tgx_tex_sample(&view, &s, &req, tt_out(&q, cols), &d) < 0,
              "bc1 view of an rg32ui texture refused");
    tgx_tex_destroy(tex);
}

/* ---- filtering ------------------------------------------------------------------------------ */

/* Filtering a BC7 (BC1) texture equals filtering an RGBA8 texture holding its decoded texels,
 * in both profiles (the decoded channels are 8-bit values; docs/texture.md). */
static void filtering_like_rgba8(const char *fmt, tgx_tex_profile prof)
{
    tgx_tex_format f;
    tgx_tex_format_from_name(fmt, &f);
    tgx_tex *bc = tt_make(TGX_TEX_2D, f, 8, 8, 1, 1), *u8 = NULL;
    size_t row, slice;
    uint8_t *p = tgx_tex_level_data(bc, 0, &row, &slice);
    uint32_t h = 12345u;
    for (size_t i = 0; i < slice; i++) {
        h = h * 1103515245u + 12345u;
        p[i] = (uint8_t)(h >> 16);
    }
    u8 = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 8, 8, 1, 1);
    for (int32_t y = 0; y < 8; y++)
        for (int32_t x = 0; x < 8; x++) {
            uint32_t t[4], bits[4];
            fetch_at(bc, "rgba", prof, x, y, t);
            for (int c = 0; c < 4; c++)
                bits[c] = (uint32_t)lrintf(tgx_bits2f(t[c]) * 255.0f);
            tgx_tex_store_texel_bits(u8, 0, (uint32_t)x, (uint32_t)y, 0, 0, bits);
        }
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_LINEAR;
    s.mip_filter = TGX_TEX_MIP_NONE;
    s.wrap_s = s.wrap_t = TGX_TEX_WRAP_REPEAT;
    s.profile = prof;
    tgx_tex_view vb, vu;
    tgx_tex_view_init(&vb, bc);
    tgx_tex_view_init(&vu, u8);
    int bad = 0;
    for (int i = 0; i < 200; i++) {
        h = h * 1103515245u + 12345u;
        const float sx = (float)(h >> 8 & 0xffff) / 16384.0f - 1.0f;
        h = h * 1103515245u + 12345u;
        const float ty = (float)(h >> 8 & 0xffff) / 16384.0f - 1.0f;
        tt_quad q1, q2;
        tt_quad_at(&q1, sx, ty);
        tt_quad_at(&q2, sx, ty);
        tgx_tex_sample_req r1 = tt_req(&q1, TGX_TEX_LOD_ZERO), r2 = tt_req(&q2, TGX_TEX_LOD_ZERO);
        uint32_t c1[4][4], c2[4][4];
        tgx_tex_sample(&vb, &s, &r1, tt_out(&q1, c1), NULL);
        tgx_tex_sample(&vu, &s, &r2, tt_out(&q2, c2), NULL);
        bad += memcmp(c1, c2, sizeof c1) != 0;
    }
    TGX_CHECK(bad == 0, "%s filtered like rgba8 (%s): %d of 200 differ", fmt,
              prof == TGX_TEX_PROFILE_NV ? "nv" : "exact", bad);
    tgx_tex_destroy(bc);
    tgx_tex_destroy(u8);
}

int main(void)
{
    bc1_exact();
    bc2_bc3_exact();
    bc4_bc5_exact();
    bc6h_exact();
    bc7_exact();
    srgb();
    nv_hardware_texels();
    nv_bc1_green();
    layout_and_levels();
    refusals();
    filtering_like_rgba8("bc7", TGX_TEX_PROFILE_NV);
    filtering_like_rgba8("bc7", TGX_TEX_PROFILE_EXACT);
    filtering_like_rgba8("bc1_rgba", TGX_TEX_PROFILE_NV);
    return tgx_test_finish();
}
