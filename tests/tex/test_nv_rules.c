/* The nv profile's rules (docs/texture.md section 3), one check per rule. Expected values are
 * the H100's answers from the probes in tests/data/hw (named at each check: probe, coordinate,
 * result), or derived by hand from the documented rule where a probe has no such point. */
#include "hw_hash.h"
#include "tex_test_util.h"

static tgx_sampler nv_sampler(tgx_tex_filter filter, tgx_tex_wrap wrap)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.profile = TGX_TEX_PROFILE_NV;
    s.min_filter = s.mag_filter = filter;
    s.mip_filter = TGX_TEX_MIP_NONE;
    s.wrap_s = s.wrap_t = s.wrap_r = wrap;
    return s;
}

/* One lane (a quad of four equal lanes): all four channels. */
static void sample4(const tgx_tex_view *v, const tgx_sampler *s, tt_quad *q, tgx_tex_lod_mode mode,
                    float out[4])
{
    tgx_tex_sample_req req = tt_req(q, mode);
    for (int ch = 0; ch < 4; ch++)
        out[ch] = tt_sample1(v, s, &req, 0, ch);
}

/* The four result words equal the hardware's. */
static bool words4(const float a[4], const uint32_t want[4])
{
    for (int i = 0; i < 4; i++)
        if (tgx_f2bits(a[i]) != want[i])
            return false;
    return true;
}

/* Samples one lane at coordinate words (u, v[, r]) with LOD 0 and checks the four result words
 * against the hardware's. */
static void expect_words(const tgx_tex_view *v, const tgx_sampler *s, uint32_t u, uint32_t t,
                         const uint32_t *r, const uint32_t want[4], const char *what)
{
    tt_quad q;
    tt_quad_at(&q, tgx_bits2f(u), tgx_bits2f(t));
    for (int l = 0; l < 4; l++)
        q.r[l] = r ? tgx_bits2f(*r) : 0.0f;
    float o[4];
    sample4(v, s, &q, TGX_TEX_LOD_ZERO, o);
    TGX_CHECK(words4(o, want), "%s: %08x %08x %08x %08x", what, tgx_f2bits(o[0]), tgx_f2bits(o[1]),
              tgx_f2bits(o[2]), tgx_f2bits(o[3]));
}

static bool same4(const float a[4], float r, float g, float b, float al)
{
    return tgx_f2bits(a[0]) == tgx_f2bits(r) && tgx_f2bits(a[1]) == tgx_f2bits(g) &&
           tgx_f2bits(a[2]) == tgx_f2bits(b) && tgx_f2bits(a[3]) == tgx_f2bits(al);
}

static uint32_t probe_hash(uint32_t seed, uint32_t x, uint32_t y, uint32_t c)
{
    return hw_H(seed, x, y, 0, 0, c);
}

/* The probes' hash content for fp32 storage: bits (H & 0x807fffff) | ((120 + ((H >> 23) & 7))
 * << 23), at texels x0..x0+1, y0..y0+1, z0..z0+1 (3D) of a texture whose other texels stay 0. */
static void hash_block_f32(tgx_tex *tex, uint32_t seed, uint32_t x0, uint32_t y0, uint32_t z0,
                           uint32_t nz)
{
    for (uint32_t z = z0; z < z0 + nz; z++)
        for (uint32_t y = y0; y < y0 + 2; y++)
            for (uint32_t x = x0; x < x0 + 2; x++) {
                uint32_t bits[4];
                for (uint32_t c = 0; c < 4; c++) {
                    bits[c] = hw_hash_f32_bits(hw_H(seed, x, y, z, 0, c));
                }
                tgx_tex_store_texel_bits(tex, 0, x, y, z, 0, bits);
            }
}

/* Stores the probe's hash texels (x0..x0+1, y0..y0+1) of a texture whose other texels stay 0. */
static void hash_quad(tgx_tex *tex, uint32_t seed, uint32_t x0, uint32_t y0, uint32_t mask)
{
    for (uint32_t y = y0; y < y0 + 2; y++)
        for (uint32_t x = x0; x < x0 + 2; x++) {
            uint32_t bits[4];
            for (uint32_t c = 0; c < 4; c++)
                bits[c] = probe_hash(seed, x, y, c) & mask;
            tgx_tex_store_texel_bits(tex, 0, x, y, 0, 0, bits);
        }
}

/* The probes' "coord" content: level L texel (x, y, z) holds (x, y, z, L). */
static tgx_tex *coord_texture(tgx_tex_target target, uint32_t w, uint32_t h, uint32_t d,
                              uint32_t levels)
{
    tgx_tex *tex = tt_make(target, TGX_TEX_FORMAT_RGBA32_FLOAT, w, h, d, levels);
    for (uint32_t l = 0; l < levels; l++) {
        uint32_t lw, lh, ls;
        tgx_tex_level_size(tex, l, &lw, &lh, &ls);
        for (uint32_t z = 0; z < ls; z++)
            for (uint32_t y = 0; y < lh; y++)
                for (uint32_t x = 0; x < lw; x++)
                    tt_setf(tex, l, x, y, z, (float)x, (float)y, (float)z, (float)l);
    }
    return tex;
}

/* The gradient probes' texture (C10, J15): a 64x64 coordinate chain of 7 levels, sampled linear
 * with linear mip filtering and clamp to edge. */
static tgx_tex *coord_chain64(tgx_tex_view *v, tgx_sampler *s)
{
    tgx_tex *tex = coord_texture(TGX_TEX_2D, 64, 64, 1, 7);
    tgx_tex_view_init(v, tex);
    *s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    s->mip_filter = TGX_TEX_MIP_LINEAR;
    return tex;
}

/* LOD from gradients: exponent + T[m]/256 (hw-facts' table), and mip-linear as one 8-tap filter
 * whose level split is the LOD's low 8 bits. Probe C10_grad_iso_aniso1: 64x64 chain, (0.5, 0.5),
 * dPdx = (g, 0), dPdy = (0, g). */
static void lod_table_and_mip_weights(void)
{
    tgx_tex_view v;
    tgx_sampler s;
    tgx_tex *tex = coord_chain64(&v, &s);
    static const struct {
        uint32_t g;
        float r, gg, a;
    } cases[] = {
        /* 64 g = 1.01171875: m = 3, T[3] = 5; the 8 taps: level 0 weight 251 split 125/126 in
         * x, level 1 weight 5 split 2/3: R = (125*31 + 126*32 + 2*15 + 3*16) / 256 */
        {0x3c818000u, 31.19140625f, 31.1875f, 0.01953125f},
        /* m = 61: T[61] = 79 where round(256 log2(1 + 61.5/256)) would give 80 */
        {0x3c9e8000u, 26.56640625f, 26.5625f, 0.30859375f},
        /* m = 255: T[255] = 255 */
        {0x3cff8000u, 15.56640625f, 15.5625f, 0.99609375f},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tt_quad q;
        tt_quad_at(&q, 0.5f, 0.5f);
        for (int l = 0; l < 4; l++)
            q.ddx[0][l] = q.ddy[1][l] = tgx_bits2f(cases[i].g);
        float o[4];
        sample4(&v, &s, &q, TGX_TEX_LOD_GRAD, o);
        TGX_CHECK(same4(o, cases[i].r, cases[i].gg, 0.0f, cases[i].a),
                  "C10 g=0x%08x: %.9g %.9g %.9g %.9g", cases[i].g, (double)o[0], (double)o[1],
                  (double)o[2], (double)o[3]);
    }
    tgx_tex_destroy(tex);
}

/* 3D weights: z first, then x per slice (ties up), then y (x0 column ties down, x1 up). Probes
 * A21_corner3d_z0_grid / A21b_corner3d_z1_grid: 2x2x2, channel c = texel (c & 1, c >> 1, z),
 * unnormalised (0.5 + kx/256, 0.5 + ky/256, 0.5 + kz/256). */
static void weights_3d(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_3D, TGX_TEX_FORMAT_RGBA32_FLOAT, 2, 2, 2, 1);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    s.normalized_coords = false;
    for (uint32_t z = 0; z < 2; z++) {
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 2; x++) {
                float c[4] = {0, 0, 0, 0};
                c[x + 2 * y] = 1.0f;
                tt_setf(tex, 0, x, y, z, z == 0 ? c[0] : 0, z == 0 ? c[1] : 0, z == 0 ? c[2] : 0,
                        z == 0 ? c[3] : 0);
            }
    }
    tt_quad q;
    tt_quad_at(&q, 0.5f + 24.0f / 256, 0.5f + 40.0f / 256);
    for (int l = 0; l < 4; l++)
        q.r[l] = 0.5f + 72.0f / 256;
    float o[4];
    sample4(&v, &s, &q, TGX_TEX_LOD_ZERO, o);
    /* slice 0 carries 184: X1 = rhu(184*24/256) = 17, y1 = rhd(167*40/256) = 26 and
     * rhu(17*40/256) = 3: hardware (141, 14, 26, 3) / 256 */
    TGX_CHECK(same4(o, 141.0f / 256, 14.0f / 256, 26.0f / 256, 3.0f / 256), "A21 z0 %g %g %g %g",
              (double)o[0] * 256, (double)o[1] * 256, (double)o[2] * 256, (double)o[3] * 256);
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 2; x++) {
            float c[4] = {0, 0, 0, 0};
            c[x + 2 * y] = 1.0f;
            tt_setf(tex, 0, x, y, 0, 0, 0, 0, 0);
            tt_setf(tex, 0, x, y, 1, c[0], c[1], c[2], c[3]);
        }
    sample4(&v, &s, &q, TGX_TEX_LOD_ZERO, o);
    /* slice 1 carries 72: X1 = 7, y1 = rhd(65*40/256) = 10 and rhu(7*40/256) = 1 */
    TGX_CHECK(same4(o, 55.0f / 256, 6.0f / 256, 10.0f / 256, 1.0f / 256), "A21b z1 %g %g %g %g",
              (double)o[0] * 256, (double)o[1] * 256, (double)o[2] * 256, (double)o[3] * 256);

    /* Clamp-to-edge clamps the coordinate: x = 0.25 puts both x taps on texel 0, and then kx = 0
     * (hw-facts). By hand, slice 0 (184) with ky = 8: y1 = rhd(184*8/256) = 6. Mirror keeps
     * kx = 192: X1 = 138, y1 = rhd(46*8/256) + rhu(138*8/256) = 1 + 4 = 5. Normalised
     * coordinates (mirror under unnormalised ones acts as clamp). */
    s.normalized_coords = true;
    tt_quad_at(&q, 0.125f, (0.5f + 8.0f / 256) / 2);
    for (int l = 0; l < 4; l++)
        q.r[l] = (0.5f + 72.0f / 256) / 2;
    for (uint32_t z = 0; z < 2; z++)
        for (uint32_t y = 0; y < 2; y++)
            for (uint32_t x = 0; x < 2; x++)
                tt_setf(tex, 0, x, y, z, x == 0 && y == 1 && z == 0 ? 1.0f : 0.0f, 0, 0, 0);
    sample4(&v, &s, &q, TGX_TEX_LOD_ZERO, o);
    TGX_CHECK(o[0] == 6.0f / 256, "clamp-to-edge kx = 0: %g / 256", (double)o[0] * 256);
    s.wrap_s = TGX_TEX_WRAP_MIRROR_REPEAT;
    sample4(&v, &s, &q, TGX_TEX_LOD_ZERO, o);
    TGX_CHECK(o[0] == 5.0f / 256, "mirror keeps kx: %g / 256", (double)o[0] * 256);
    tgx_tex_destroy(tex);
}

/* Unnormalised wrap and mirror act as clamp-to-edge; denormal coordinates are +0. Probes on a
 * 5-texel 1D texture whose texel i holds i. */
static void unnormalized_wrap_and_denormals(void)
{
    tgx_tex *tex = coord_texture(TGX_TEX_1D, 5, 1, 1, 1);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_NEAREST, TGX_TEX_WRAP_REPEAT);
    s.normalized_coords = false;
    static const struct {
        tgx_tex_filter filter;
        tgx_tex_wrap wrap;
        float x, want;
    } cases[] = {
        {TGX_TEX_FILTER_NEAREST, TGX_TEX_WRAP_REPEAT, -16.5f, 0.0f},      /* B1 point wrap unnorm */
        {TGX_TEX_FILTER_NEAREST, TGX_TEX_WRAP_REPEAT, 17.5f, 4.0f},       /* (wrap would give 2) */
        {TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_MIRROR_REPEAT, -6.0f, 0.0f}, /* A11 linear mirror */
        {TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_MIRROR_REPEAT, 4.498046875f, 4.0f},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        s.min_filter = s.mag_filter = cases[i].filter;
        s.wrap_s = cases[i].wrap;
        tt_quad q;
        tt_quad_at(&q, cases[i].x, 0.0f);
        tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
        float got = tt_sample1(&v, &s, &req, 0, 0);
        TGX_CHECK(got == cases[i].want, "unnormalised x = %g: %g, hardware %g", (double)cases[i].x,
                  (double)got, (double)cases[i].want);
    }
    /* A08_1d_w5_point_wrap_norm: u = -0x1.fffffcp-127 (a negative denormal) reads texel 0 like
     * +0; -2^-126 (normal) reads texel 4 */
    s = nv_sampler(TGX_TEX_FILTER_NEAREST, TGX_TEX_WRAP_REPEAT);
    tt_quad q;
    tt_quad_at(&q, tgx_bits2f(0x807fffffu), 0.0f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.0f, "negative denormal is +0");
    tt_quad_at(&q, tgx_bits2f(0x80800000u), 0.0f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 4.0f, "-2^-126 wraps to texel 4");
    tgx_tex_destroy(tex);
}

/* Depth compare on D16 / D24: the reference becomes the format's integer round(ref (2^n - 1)).
 * Probe GL22_shadow_depth16_5x3_equal_nearest: texel (4, 1) holds H(91,4,1,0,0,0) >> 16 = 12051
 * (tests/data/hw/manifest.json's formula); (u, v, ref) = (0x3f5f9f22, 0x3ebe4983, 0x3e3c4d98):
 * ref * 65535 = 12051.21 -> 12051, EQUAL returns 1 on hardware (a float compare gives 0). */
static void depth_reference(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_Z16_UNORM, 5, 3, 1, 1);
    const uint32_t bits[4] = {12051, 0, 0, 0};
    tgx_tex_store_texel_bits(tex, 0, 4, 1, 0, 0, bits);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_NEAREST, TGX_TEX_WRAP_REPEAT);
    s.compare_enable = true;
    s.compare_func = TGX_TEX_COMPARE_EQUAL;
    tt_quad q;
    tt_quad_at(&q, tgx_bits2f(0x3f5f9f22u), tgx_bits2f(0x3ebe4983u));
    for (int l = 0; l < 4; l++)
        q.ref[l] = tgx_bits2f(0x3e3c4d98u);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    req.ref = q.ref;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 1.0f, "GL22 EQUAL on the rounded reference");
    /* by hand: 12051.6 / 65535 rounds to 12052, not equal; LESS (ref < D) then fails too */
    for (int l = 0; l < 4; l++)
        q.ref[l] = 12051.6f / 65535.0f;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.0f, "12051.6 rounds to 12052");
    s.compare_func = TGX_TEX_COMPARE_GREATER;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 1.0f, "12052 > 12051");
    tgx_tex_destroy(tex);
}

/* sRGB decodes through the hardware's table (probe G01_srgb_point_centres, texel i = byte i) and
 * the border: 8-bit UNORM quantised in fp32 with ties down, sRGB colour through the table. */
static void srgb_table_and_border(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_SRGB8_A8, 256, 1, 1, 1);
    for (uint32_t i = 0; i < 256; i++) {
        const uint32_t bits[4] = {i, i, i, 255};
        tgx_tex_store_texel_bits(tex, 0, i, 0, 0, 0, bits);
    }
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_NEAREST, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    s.normalized_coords = false;
    static const struct {
        uint32_t byte, word;
    } g01[] = {{1, 0x39a00000u},  {11, 0x3b5c0000u},  {47, 0x3ce90000u},
               {89, 0x3dcd0000u}, {200, 0x3f140000u}, {255, 0x3f800000u}};
    for (size_t i = 0; i < sizeof g01 / sizeof g01[0]; i++) {
        tt_quad q;
        tt_quad_at(&q, (float)g01[i].byte + 0.5f, 0.0f);
        tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
        const float got = tt_sample1(&v, &s, &req, 0, 0);
        TGX_CHECK(tgx_f2bits(got) == g01[i].word, "sRGB byte %u: 0x%08x, hardware 0x%08x",
                  g01[i].byte, tgx_f2bits(got), g01[i].word);
    }
    /* B5c_border_odd_u8srgb_point: border (0.1, -0.3, 1.7, 1e-7) reads (0x3dcd0000, +0, 1, +0):
     * 0.1 encodes to sRGB 0.3492 -> byte 89 -> table; alpha 1e-7 * 255 -> 0 */
    s.wrap_s = s.wrap_t = TGX_TEX_WRAP_CLAMP_TO_BORDER;
    const float border[4] = {0.1f, -0.3f, 1.7f, 1e-7f};
    memcpy(s.border_color, border, sizeof border);
    tt_quad q;
    tt_quad_at(&q, -0.5f, 0.0f);
    float o[4];
    sample4(&v, &s, &q, TGX_TEX_LOD_ZERO, o);
    TGX_CHECK(tgx_f2bits(o[0]) == 0x3dcd0000u && tgx_f2bits(o[1]) == 0 && o[2] == 1.0f &&
                  tgx_f2bits(o[3]) == 0,
              "sRGB border %a %a %a %a", (double)o[0], (double)o[1], (double)o[2], (double)o[3]);
    tgx_tex_destroy(tex);

    /* B5b_border_odd_u8_point: the same border on an 8-bit UNORM texture reads 25/255 (0.1f * 255
     * is exactly 25.5 in fp32; ties go down) */
    tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_RGBA8_UNORM, 4, 1, 1, 1);
    tgx_tex_view_init(&v, tex);
    sample4(&v, &s, &q, TGX_TEX_LOD_ZERO, o);
    TGX_CHECK(o[0] == 25.0f / 255.0f && tgx_f2bits(o[1]) == 0 && o[2] == 1.0f &&
                  tgx_f2bits(o[3]) == 0,
              "UNORM8 border %a %a %a %a", (double)o[0], (double)o[1], (double)o[2], (double)o[3]);
    tgx_tex_destroy(tex);
}

/* Probe J15_grad_both_a_p_aniso1 (64x64 coordinate chain, 7 levels, linear and mip linear,
 * (0.5, 0.5), dPdx = (1/8, p), dPdy = (-p, 1/8), max anisotropy 1; A = the LOD): the rotated
 * isotropic footprint is measured along its diagonals too. p = 1/8: dx = (8, 8), dy = (-8, 8)
 * are 8 + 11/32 8 = 10.75 long, the diagonal dx - dy = (16, 0) is 11/16 16 = 11: LOD 3 + T[96]
 * / 256 = 886/256 (the lengths alone give 883/256); p = 0x3def8000 (64 p = 7.484375): 878/256.
 * The words are the probe's (R, G: the blended texel coordinates). */
static void gradient_diagonals(void)
{
    tgx_tex_view v;
    tgx_sampler s;
    tgx_tex *tex = coord_chain64(&v, &s);
    s.max_anisotropy = 1;
    static const struct {
        uint32_t p, want[4];
    } cases[] = {
        {0x3e000000u, {0x40250000u, 0x40250000u, 0, 0x405d8000u}},
        {0x3def8000u, {0x40290000u, 0x40290000u, 0, 0x405b8000u}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tt_quad q;
        tt_quad_at(&q, 0.5f, 0.5f);
        const float p = tgx_bits2f(cases[i].p);
        for (int l = 0; l < 4; l++) {
            q.ddx[0][l] = 0.125f;
            q.ddx[1][l] = p;
            q.ddy[0][l] = -p;
            q.ddy[1][l] = 0.125f;
        }
        float o[4];
        sample4(&v, &s, &q, TGX_TEX_LOD_GRAD, o);
        TGX_CHECK(words4(o, cases[i].want), "J15 p=0x%08x: %08x %08x %08x %08x", cases[i].p,
                  tgx_f2bits(o[0]), tgx_f2bits(o[1]), tgx_f2bits(o[2]), tgx_f2bits(o[3]));
    }
    tgx_tex_destroy(tex);
}

/* Probe G03_srgb_linear (1D ramp8 texture, seed 51: texel x = (x, H(51, x, 0, 0, 0, 1) & 255,
 * 37 x & 255, x odd ? 255 : 0), sRGB, linear, x = i + 0.5 + k/256): the colour channels blend
 * the decoded texels as 8-bit mantissas under their table segment's exponent, aligned to the
 * larger and truncated, rounded to half. x = 47 + 0.5 + 32/256 (bytes 47 -> 48: 47 is 116.5/4096
 * in the table but its segment shares 48's exponent -5, so it enters as 116/4096; 144 -> 62;
 * 203 -> 240) and x = 63 + 0.5 + 128/256 (63 -> 64: 64's segment has exponent -4). */
static void srgb_filtering(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_SRGB8_A8, 256, 1, 1, 1);
    for (uint32_t x = 0; x < 256; x++) {
        const uint32_t bits[4] = {x, probe_hash(51, x, 0, 1) & 255u, (x * 37u) & 255u,
                                  (x & 1u) ? 255u : 0u};
        tgx_tex_store_texel_bits(tex, 0, x, 0, 0, 0, bits);
    }
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    s.normalized_coords = false;
    static const uint32_t at47[4] = {0x3ce94000u, 0x3e802000u, 0x3f21c000u, 0x3f5fffe0u};
    static const uint32_t at63[4] = {0x3d4f0000u, 0x3f480000u, 0x3cfe0000u, 0x3f000080u};
    expect_words(&v, &s, tgx_f2bits(47.5f + 32.0f / 256.0f), 0, NULL, at47, "G03 x = 47.625");
    expect_words(&v, &s, tgx_f2bits(64.0f), 0, NULL, at63, "G03 x = 64");
    tgx_tex_destroy(tex);
}

/* Special coordinates. Probe J20 (5x3 texture, texel = (x, y)): in linear filtering a NaN
 * coordinate is 0 before the -0.5 shift (texels 4 and 0 under wrap, half each: R = 2), and under
 * wrap an infinite or huge one reads like 0 (its fixed-point fraction is 0). Probe J22 (64x64
 * chain, A = level): an infinite gradient selects the last level, a NaN one level 0. */
static void special_coordinates(void)
{
    tgx_tex *tex = coord_texture(TGX_TEX_2D, 5, 3, 1, 1);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_REPEAT);
    static const uint32_t us[] = {0x7fc00000u, 0x7f800000u, 0xff800000u, 0x7149f2cau};
    for (size_t i = 0; i < sizeof us / sizeof us[0]; i++) {
        tt_quad q;
        tt_quad_at(&q, tgx_bits2f(us[i]), tgx_bits2f(0x7fc00000u));
        float o[4];
        sample4(&v, &s, &q, TGX_TEX_LOD_ZERO, o);
        TGX_CHECK(same4(o, 2.0f, 1.0f, 0.0f, 0.0f), "J20 wrap u=0x%08x v=NaN: %g %g", us[i],
                  (double)o[0], (double)o[1]);
    }
    tgx_tex_destroy(tex);

    tex = coord_texture(TGX_TEX_2D, 64, 64, 1, 7);
    tgx_tex_view_init(&v, tex);
    s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    s.mip_filter = TGX_TEX_MIP_LINEAR;
    static const struct {
        uint32_t g;
        float r, a;
    } grads[] = {{0x7f800000u, 0.0f, 6.0f}, {0xff800000u, 0.0f, 6.0f}, {0x7fc00000u, 31.5f, 0.0f}};
    for (size_t i = 0; i < sizeof grads / sizeof grads[0]; i++) {
        tt_quad q;
        tt_quad_at(&q, 0.5f, 0.5f);
        for (int l = 0; l < 4; l++)
            q.ddx[0][l] = q.ddy[1][l] = tgx_bits2f(grads[i].g);
        float o[4];
        sample4(&v, &s, &q, TGX_TEX_LOD_GRAD, o);
        TGX_CHECK(same4(o, grads[i].r, grads[i].r, 0.0f, grads[i].a), "J22 g=0x%08x: %g %g %g %g",
                  grads[i].g, (double)o[0], (double)o[1], (double)o[2], (double)o[3]);
    }
    tgx_tex_destroy(tex);
}

/* Fixed-point normalised coordinates: 3D levels of 4096 take F = 22. Probe K04_3d_5x3x4096_u
 * (R32F coord texture, (u, 0.5, 0.5): kz = 128, so each slice's x weight is rhu(kx / 2)):
 * u = 0x3dcd99a0 reads 0.0078125 (F = 21 would floor it below texel 0's centre: 0). */
static void coordinate_bits_3d(void)
{
    tgx_tex *tex = coord_texture(TGX_TEX_3D, 5, 3, 4096, 1);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    static const uint32_t us[] = {0x3dcd99a0u, 0x3dd0cce0u, 0x3ddd99a0u};
    static const float want[] = {0.0078125f, 0.015625f, 0.046875f};
    for (int i = 0; i < 3; i++) {
        tt_quad q;
        tt_quad_at(&q, tgx_bits2f(us[i]), 0.5f);
        for (int l = 0; l < 4; l++)
            q.r[l] = 0.5f;
        tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
        const float got = tt_sample1(&v, &s, &req, 0, 0);
        TGX_CHECK(got == want[i], "K04 4096 u=0x%08x: %g, hardware %g", us[i], (double)got,
                  (double)want[i]);
    }
    tgx_tex_destroy(tex);
}

/* SNORM filtering in 1.15 fixed point. Probe R01_hash2d_37x23_s16x4 (seed 408, wrap x mirror),
 * query (0x40231de0, 0x40332b3d): texels x 19..20, y 17..18, kx 205, ky 228; the signed sum of
 * w * v16, plus 128, shifted right by 8, over 32767. Probe F03b (s8, seed 41, gather of
 * component 0 at (0xbeedc7a6, 0x3fb06908): x 8..9, y 4..5): each texel v widened to
 * 258 v + ((v + 64) >> 7). */
/* One texel a byte: an 8-bit SNORM texture of two texels (a, b) sampled between them with
 * weight k of b (unnormalised x = 0.5 + k/256, point rows). Returns the result's n/32767. */
static int32_t snorm8_pair(int8_t a, int8_t b, uint32_t k, tgx_tex_filter filter)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R8_SNORM, 2, 1, 1, 1);
    const uint32_t ta[4] = {(uint8_t)a, 0, 0, 0}, tb[4] = {(uint8_t)b, 0, 0, 0};
    tgx_tex_store_texel_bits(tex, 0, 0, 0, 0, 0, ta);
    tgx_tex_store_texel_bits(tex, 0, 1, 0, 0, 0, tb);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(filter, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    s.normalized_coords = false;
    tt_quad q;
    tt_quad_at(&q, 0.5f + (float)k / 256.0f, 0.5f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    const float r = tt_sample1(&v, &s, &req, 0, 0);
    tgx_tex_destroy(tex);
    return (int32_t)lrintf(r * 32767.0f);
}

/* 8-bit SNORM blends: texels widened to v * 33025/128 with 2 fraction bits (rounded half up),
 * floor((sum + 448) / 1024) in quarter units. A20d: 127 alone with weight w reads 128 w - (w >=
 * 113); H08b_dflt_s8x1 at (3.8209, 2.8378): texels -18, 115 with weights 170, 86 read 6883
 * (the exact blend plus 7/16 would give 6884). By hand: -128 blends as it stands (-128 and 127
 * half each read -129, where -127 and 127 read 0), and reads -1 alone. */
static void snorm8_blends(void)
{
    TGX_CHECK(snorm8_pair(0, 127, 112, TGX_TEX_FILTER_LINEAR) == 14336, "A20d w = 112");
    TGX_CHECK(snorm8_pair(0, 127, 113, TGX_TEX_FILTER_LINEAR) == 14463, "A20d w = 113");
    TGX_CHECK(snorm8_pair(-18, 115, 86, TGX_TEX_FILTER_LINEAR) == 6883, "H08b: %d",
              snorm8_pair(-18, 115, 86, TGX_TEX_FILTER_LINEAR));
    TGX_CHECK(snorm8_pair(-128, 127, 128, TGX_TEX_FILTER_LINEAR) == -129, "-128 blends: %d",
              snorm8_pair(-128, 127, 128, TGX_TEX_FILTER_LINEAR));
    TGX_CHECK(snorm8_pair(-127, 127, 128, TGX_TEX_FILTER_LINEAR) == 0, "-127 and 127");
    TGX_CHECK(snorm8_pair(-128, 0, 1, TGX_TEX_FILTER_LINEAR) == -32767, "clamped to -1");
    TGX_CHECK(snorm8_pair(-128, 0, 0, TGX_TEX_FILTER_NEAREST) == -32767, "point: -1");
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R8_SNORM, 1, 1, 1, 1);
    const uint32_t m128[4] = {0x80u, 0, 0, 0};
    tgx_tex_store_texel_bits(tex, 0, 0, 0, 0, 0, m128);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_NEAREST, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    int32_t zero[4] = {0, 0, 0, 0};
    uint32_t cols[4][4];
    tgx_tex_fetch_req fr = {4, NULL, zero, zero, NULL, NULL, NULL, {NULL, NULL, NULL}, false};
    tgx_tex_result out = {{cols[0], cols[1], cols[2], cols[3]}};
    TGX_CHECK(tgx_tex_fetch(&v, &s, &fr, out, NULL) == TGX_OK && tgx_bits2f(cols[0][0]) == -1.0f,
              "fetch of -128: %08x", cols[0][0]);
    tgx_tex_destroy(tex);
}

static void snorm_fixed_point(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA16_SNORM, 37, 23, 1, 1);
    hash_quad(tex, 408, 19, 17, 0xffffu);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_REPEAT);
    s.wrap_t = TGX_TEX_WRAP_MIRROR_REPEAT;
    static const uint32_t r01[4] = {0x3e9ecd3eu, 0xbf132126u, 0xbedcb1b9u, 0x3ef7c9f0u};
    expect_words(&v, &s, 0x40231de0u, 0x40332b3du, NULL, r01, "R01 s16");
    tgx_tex_destroy(tex);

    tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_SNORM, 17, 13, 1, 1);
    hash_quad(tex, 41, 8, 4, 0xffu);
    tgx_tex_view_init(&v, tex);
    s.wrap_t = TGX_TEX_WRAP_REPEAT;
    tt_quad q;
    tt_quad_at(&q, tgx_bits2f(0xbeedc7a6u), tgx_bits2f(0x3fb06908u));
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    uint32_t cols[4][4];
    TGX_CHECK(tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL) == TGX_OK, "gather");
    static const uint32_t want[4] = {0x3f5bb7b7u, 0xbef1e1e4u, 0xbef9f1f4u, 0x3db16163u};
    for (int k = 0; k < 4; k++)
        TGX_CHECK(cols[k][0] == want[k], "F03b gather texel %d: %08x, hardware %08x", k, cols[k][0],
                  want[k]);
    /* by hand: -64 widens to 258 * -64 + ((-64 + 64) >> 7) = -16512, 64 to 16513 */
    const uint32_t lo[4] = {0xc0u, 0x40u, 0, 0};
    for (uint32_t y = 4; y < 6; y++)
        for (uint32_t x = 8; x < 10; x++)
            tgx_tex_store_texel_bits(tex, 0, x, y, 0, 0, lo);
    TGX_CHECK(tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL) == TGX_OK, "gather");
    TGX_CHECK(tgx_bits2f(cols[0][0]) == -16512.0f / 32767.0f, "-64 gathers as -16512/32767");
    req.component = 1;
    TGX_CHECK(tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL) == TGX_OK, "gather");
    TGX_CHECK(tgx_bits2f(cols[0][0]) == 16513.0f / 32767.0f, "64 gathers as 16513/32767");
    tgx_tex_destroy(tex);
    snorm8_blends();
}

/* Float filtering in block floating point: each quad's taps aligned to its largest exponent
 * with 4 guard bits (f32: 27 fraction bits, f16: 14), truncated; the exact sum rounded once with
 * ties away from zero. Probes: R01_hash2d_37x23_f32x4 (seed 413, wrap x mirror) at
 * (0x3fad846d, 0xbf00c4bc) reads G = 0x3c5d5e70 where the correctly rounded sum is 0x3c5d5e6f;
 * R04b_hash3d_f32 (9x7x5, seed 412, wrap/clamp/mirror) at (0x400b0921, 0x3fff912c, 0x3e85ed42)
 * needs its two slices aligned apart; H07 (every f16 bit pattern as a texel): texels 14 and 15
 * (half denormals) at k = 128 give 15 * 2^-24 (a tie, away from zero), NaN texels give 0x7fff. */
static void float_blends(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 37, 23, 1, 1);
    hash_block_f32(tex, 413, 12, 11, 0, 1);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_REPEAT);
    s.wrap_t = TGX_TEX_WRAP_MIRROR_REPEAT;
    static const uint32_t r01[4] = {0xbe63eea1u, 0x3c5d5e70u, 0xbd7ceafeu, 0xbd251afau};
    expect_words(&v, &s, 0x3fad846du, 0xbf00c4bcu, NULL, r01, "R01 f32");
    tgx_tex_destroy(tex);

    tex = tt_make(TGX_TEX_3D, TGX_TEX_FORMAT_RGBA32_FLOAT, 9, 7, 5, 1);
    hash_block_f32(tex, 412, 1, 5, 0, 2);
    tgx_tex_view_init(&v, tex);
    s.wrap_t = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    s.wrap_r = TGX_TEX_WRAP_MIRROR_REPEAT;
    static const uint32_t r04b[4] = {0xbdd838e7u, 0xbd234d0du, 0x3dbd98fbu, 0xbcf3596cu};
    static const uint32_t w = 0x3e85ed42u;
    expect_words(&v, &s, 0x400b0921u, 0x3fff912cu, &w, r04b, "R04b f32 3D");
    tgx_tex_destroy(tex);

    tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_R16_FLOAT, 4, 1, 1, 1);
    const uint32_t halves[4] = {14, 15, 0x7e00u, 0x3c00u}; /* 14 and 15 * 2^-24, qNaN, 1.0 */
    for (uint32_t x = 0; x < 4; x++) {
        const uint32_t bits[4] = {halves[x], 0, 0, 0};
        tgx_tex_store_texel_bits(tex, 0, x, 0, 0, 0, bits);
    }
    tgx_tex_view_init(&v, tex);
    s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    s.normalized_coords = false;
    tt_quad q;
    tt_quad_at(&q, 1.0f, 0.0f); /* k = 128 between texels 0 and 1 */
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 15.0f * 0x1p-24f, "half tie away from zero");
    tt_quad_at(&q, 3.0f, 0.0f); /* texels 2 (NaN) and 3 */
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tgx_f2bits(tt_sample1(&v, &s, &req, 0, 0)) == 0x7fffe000u, "NaN tap: 0x7fff");
    tgx_tex_destroy(tex);
}

/* Cube maps. Probe D01b (8x8 coord cube, point): every signed zero direction reads the centre of
 * +Z (0 * 1/0 = NaN reads as 0). Probe D03b (16x16 hash cube, seed 31, seamless, linear) at
 * (0.5, 0.5, 0.5): +Z (ties pick Z) at its corner, taps (15,-1) (16,-1) (15,0) (16,0) with 64
 * each; the corner tap's 64 goes 21 / 21 to the taps across the edges and 22 to the face's own
 * texel: 86 (15,0 of +Z) + 85 (0,0 of +X) + 85 (15,15 of +Y). */
static void cube_rules(void)
{
    tgx_tex *tex = coord_texture(TGX_TEX_CUBE, 8, 8, 6, 1);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_NEAREST, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    for (int signs = 0; signs < 8; signs++) {
        tt_quad q;
        tt_quad_at(&q, signs & 1 ? -0.0f : 0.0f, signs & 2 ? -0.0f : 0.0f);
        for (int l = 0; l < 4; l++)
            q.r[l] = signs & 4 ? -0.0f : 0.0f;
        float o[4];
        sample4(&v, &s, &q, TGX_TEX_LOD_ZERO, o);
        TGX_CHECK(same4(o, 4.0f, 4.0f, 4.0f, 0.0f), "zero direction %d: %g %g %g", signs,
                  (double)o[0], (double)o[1], (double)o[2]);
    }
    tgx_tex_destroy(tex);

    tex = tt_make(TGX_TEX_CUBE, TGX_TEX_FORMAT_RGBA8_UNORM, 16, 16, 6, 1);
    static const uint32_t texels[3][3] = {{15, 0, 4}, {0, 0, 0}, {15, 15, 2}}; /* x, y, face */
    for (int i = 0; i < 3; i++) {
        uint32_t bits[4];
        for (uint32_t c = 0; c < 4; c++)
            bits[c] = hw_H(31, texels[i][0], texels[i][1], texels[i][2], 0, c) & 0xffu;
        tgx_tex_store_texel_bits(tex, 0, texels[i][0], texels[i][1], texels[i][2], 0, bits);
    }
    tgx_tex_view_init(&v, tex);
    s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    s.seamless_cube = true;
    static const uint32_t d03b[4] = {0x3ef856f8u, 0x3f027982u, 0x3f592dd9u, 0x3ec320c3u};
    static const uint32_t half = 0x3f000000u;
    expect_words(&v, &s, half, half, &half, d03b, "D03b corner");
    tgx_tex_destroy(tex);
}

/* Cube LOD from explicit gradients: probe D20_cubegrad_rand_aniso1 (16x16 coord cube of 5
 * levels, linear, mip linear, seamless; A = the level blend, i.e. the LOD). The derivatives are
 * those of the quad the hardware forms, lanes dir, dir + dPdx, dir + dPdy: each lane's face
 * coordinates on the first lane's face, a lane on a neighbouring face unfolded across the edge;
 * the footprint's diagonals count only when the three lanes share a face. Arguments: direction,
 * dPdx, dPdy; results: the H100's four words. */
static void cube_gradients(void)
{
    tgx_tex *tex = coord_texture(TGX_TEX_CUBE, 16, 16, 6, 5);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    s.mip_filter = TGX_TEX_MIP_LINEAR;
    s.seamless_cube = true;
    static const struct {
        const char *what;
        uint32_t arg[9], want[4];
    } cases[] = {
        /* query 7: all lanes on +X; the finite difference, not the derivative, at the lane */
        {"one face",
         {0x3f1aaabcu, 0x3b990d00u, 0x3f12852cu, 0x3b084b4au, 0x3b8ca5edu, 0xba9a3e05u, 0x3f552645u,
          0x3d34f446u, 0xbb23b397u},
         {0x3f878000u, 0x3fa90000u, 0x3fce0000u, 0x400a8000u}},
        /* query 0: dir + dPdy lies on +X, unfolded beside +Z (its projection gives LOD 6.7) */
        {"unfolded",
         {0x3f2eebfcu, 0x3dc7dc90u, 0x3f7e0364u, 0x3d3a9312u, 0x3ba9433eu, 0xbbf0f6e3u, 0x3d2890b7u,
          0xbc1615c9u, 0xbf86348du},
         {0x3ed80000u, 0x3e540000u, 0x403b8000u, 0x405ec000u}},
        /* query 23: dir + dPdx on +X beside +Y; with the diagonals the LOD would be 755/256 */
        {"no diagonals",
         {0x3ee2d3bcu, 0x3f5aec5cu, 0xbf1f7ca0u, 0x3f5739f7u, 0xbb95a197u, 0x3d39d9bcu, 0xbec86895u,
          0x3b938a43u, 0xbda86c2bu},
         {0x3f808000u, 0x3c000000u, 0x40240000u, 0x4037c000u}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        tt_quad q;
        tt_quad_at(&q, tgx_bits2f(cases[i].arg[0]), tgx_bits2f(cases[i].arg[1]));
        for (int l = 0; l < 4; l++) {
            q.r[l] = tgx_bits2f(cases[i].arg[2]);
            for (int a = 0; a < 3; a++) {
                q.ddx[a][l] = tgx_bits2f(cases[i].arg[3 + a]);
                q.ddy[a][l] = tgx_bits2f(cases[i].arg[6 + a]);
            }
        }
        float o[4];
        sample4(&v, &s, &q, TGX_TEX_LOD_GRAD, o);
        TGX_CHECK(words4(o, cases[i].want), "D20 %s: %08x %08x %08x %08x", cases[i].what,
                  tgx_f2bits(o[0]), tgx_f2bits(o[1]), tgx_f2bits(o[2]), tgx_f2bits(o[3]));
    }
    tgx_tex_destroy(tex);
}

/* Offsets: sampling keeps the low 4 bits (hw-facts: -9 acts as +7), gather offsets are not
 * wrapped to 4 bits (hw-facts; 6 bits, NVIDIA's gather range -32..31, by hand: +8 stays +8).
 * 32x4 coord texture (R = x), x = 4.0: footprint x 3..4, then 11..12 with the offset. */
/* Half texels read exactly, NaN payloads and signalling NaNs included (hw-facts "f16 -> f32
 * exact including denormals and NaN payloads"; the held-back probe of every half pattern
 * differed in 1022 = 2 x 511 values, the signalling NaNs, while tgx quietened them when it
 * rounded the result to half precision). Sampling and fetch alike; a blend still gives the
 * canonical NaN. */
static void half_nans(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R16_FLOAT, 4, 1, 1, 1);
    const uint32_t h[4] = {0x7c01u, 0xfdffu, 0x7e01u, 0x7c00u}; /* sNaN, -sNaN, qNaN, +inf */
    const uint32_t nv_want[4] = {0x7f802000u, 0xffbfe000u, 0x7fc02000u, 0x7f800000u};
    const uint32_t exact_want[4] = {0x7f802000u, 0xffbfe000u, 0x7fc02000u, 0x7f800000u};
    for (uint32_t x = 0; x < 4; x++) {
        const uint32_t bits[4] = {h[x], 0, 0, 0};
        tgx_tex_store_texel_bits(tex, 0, x, 0, 0, 0, bits);
    }
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_NEAREST, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    tgx_sampler e = s;
    e.profile = TGX_TEX_PROFILE_EXACT;
    for (uint32_t x = 0; x < 4; x++) {
        tt_quad q;
        tt_quad_at(&q, ((float)x + 0.5f) / 4.0f, 0.5f);
        tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
        const float a = tt_sample1(&v, &s, &req, 0, 0), b = tt_sample1(&v, &e, &req, 0, 0);
        TGX_CHECK(tgx_f2bits(a) == nv_want[x], "nv half %04x: %08x, want %08x", h[x], tgx_f2bits(a),
                  nv_want[x]);
        TGX_CHECK(tgx_f2bits(b) == exact_want[x], "exact half %04x: %08x, want %08x", h[x],
                  tgx_f2bits(b), exact_want[x]);
    }
    int32_t fx[4] = {0, 1, 2, 3}, fy[4] = {0, 0, 0, 0};
    uint32_t cols[4][4];
    tgx_tex_fetch_req fr = {4, NULL, fx, fy, NULL, NULL, NULL, {NULL, NULL, NULL}, false};
    tgx_tex_result out = {{cols[0], cols[1], cols[2], cols[3]}};
    TGX_CHECK(tgx_tex_fetch(&v, &s, &fr, out, NULL) == TGX_OK, "fetch");
    TGX_CHECK(cols[0][0] == nv_want[0] && cols[0][1] == nv_want[1], "nv fetch keeps: %08x %08x",
              cols[0][0], cols[0][1]);
    tgx_tex_destroy(tex);
}

/* LOD query: with a point mip filter the clamped LOD is reported without its fraction (by hand
 * from the rule, docs/texture.md 3.4): an implicit quad stepping 6.5 texels of a 64x64 chain
 * (LOD log2(6.5) ~ 2.70, whatever its last bits) reports .x = 2 under NEAREST, the LOD under
 * LINEAR, and the same .y (unclamped) either way. */
static void lod_query_point_mip(void)
{
    tgx_tex_view v;
    tgx_sampler s;
    tgx_tex *tex = coord_chain64(&v, &s);
    tt_quad q;
    tt_quad_grad(&q, 0.5f, 0.5f, 6.5f / 64.0f, 6.5f / 64.0f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_IMPLICIT);
    float x[4], y[4];
    TGX_CHECK(tgx_tex_query_lod(&v, &s, &req, x, y, NULL) == TGX_OK, "query");
    const float lod = y[0];
    TGX_CHECK(lod > 2.6f && lod < 2.8f && x[0] == lod, "linear mip: %.9g %.9g", x[0], y[0]);
    s.mip_filter = TGX_TEX_MIP_NEAREST;
    TGX_CHECK(tgx_tex_query_lod(&v, &s, &req, x, y, NULL) == TGX_OK, "query");
    TGX_CHECK(x[0] == 2.0f && y[0] == lod, "point mip: %.9g %.9g", x[0], y[0]);
    tgx_tex_destroy(tex);
}

/* LOD with anisotropy (GL10_qlod_64_aniso4: textureQueryLod of 2x2 quads on a 64x64 chain,
 * max anisotropy 4; the lanes' uv words and the hardware's LOD). Pmax is the isotropic rho; the
 * minor length is the footprint's area over Pmax, log2 Pmin = log2 area - log2 Pmax in the log2
 * table, capped at log2 Pmax; LOD = max(log2 Pmin, log2 Pmax - 2). Quad 449: isotropic, the cap;
 * quad 451: isotropic, but the area of the components truncated to 10 bits makes Pmin 1/256
 * shorter; quad 2048: the major axis over 4; quad 2066: ratio 2.27, the minor length. */
static void aniso_lod(void)
{
    static const struct {
        uint32_t uv[4][2], lod;
    } q[4] = {
        {{{0x3f000000u, 0x3f000000u},
          {0x3f08164du, 0x3f000000u},
          {0x3f000000u, 0x3f08164du},
          {0x3f08164du, 0x3f08164du}},
         0x3f820000u},
        {{{0x3f000000u, 0x3f000000u},
          {0x3f0843a3u, 0x3f000000u},
          {0x3f000000u, 0x3f0843a3u},
          {0x3f0843a3u, 0x3f0843a3u}},
         0x3f858000u},
        {{{0x3fa25f35u, 0x3e661020u},
          {0x3f981d33u, 0x3dd6f0aau},
          {0x3fa3c583u, 0x3e633ae7u},
          {0x3f998381u, 0x3dd14638u}},
         0x3f9e0000u},
        {{{0x3e3e1500u, 0x3e381b28u},
          {0x3e44ef35u, 0x3ed9d694u},
          {0x3d9a4574u, 0x3e3b8856u},
          {0x3da7f9deu, 0x3edb8d2bu}},
         0x40338000u},
    };
    tgx_tex_view v;
    tgx_sampler s;
    tgx_tex *tex = coord_chain64(&v, &s);
    s.max_anisotropy = 4;
    for (int i = 0; i < 4; i++) {
        tt_quad qd;
        tt_quad_at(&qd, 0.0f, 0.0f);
        for (int l = 0; l < 4; l++) {
            qd.s[l] = tgx_bits2f(q[i].uv[l][0]);
            qd.t[l] = tgx_bits2f(q[i].uv[l][1]);
        }
        tgx_tex_sample_req req = tt_req(&qd, TGX_TEX_LOD_IMPLICIT);
        float x[4], y[4];
        TGX_CHECK(tgx_tex_query_lod(&v, &s, &req, x, y, NULL) == TGX_OK, "query");
        TGX_CHECK(tgx_f2bits(y[0]) == q[i].lod && tgx_f2bits(x[0]) == q[i].lod,
                  "GL10 quad %d: %.9g, hardware %.9g", i, y[0], tgx_bits2f(q[i].lod));
    }
    tgx_tex_destroy(tex);
}

static void offsets(void)
{
    tgx_tex *tex = coord_texture(TGX_TEX_2D, 32, 4, 1, 1);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nv_sampler(TGX_TEX_FILTER_LINEAR, TGX_TEX_WRAP_CLAMP_TO_EDGE);
    tt_quad q;
    tt_quad_at(&q, 4.0f / 32.0f, 0.5f);
    const int32_t eight[4] = {8, 8, 8, 8};
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    req.offset[0] = eight;
    uint32_t cols[4][4];
    TGX_CHECK(tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL) == TGX_OK, "gather");
    TGX_CHECK(tgx_bits2f(cols[0][0]) == 11.0f && tgx_bits2f(cols[1][0]) == 12.0f,
              "gather offset 8: x %g %g", (double)tgx_bits2f(cols[0][0]),
              (double)tgx_bits2f(cols[1][0]));
    /* sampling: 8 = 0b1000 acts as -8: x = -4 clamps to texel 0 */
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.0f, "sample offset 8 acts as -8");
    tgx_tex_destroy(tex);
}

int main(void)
{
    lod_table_and_mip_weights();
    weights_3d();
    unnormalized_wrap_and_denormals();
    depth_reference();
    srgb_table_and_border();
    srgb_filtering();
    gradient_diagonals();
    special_coordinates();
    coordinate_bits_3d();
    snorm_fixed_point();
    float_blends();
    cube_rules();
    cube_gradients();
    offsets();
    half_nans();
    lod_query_point_mip();
    aniso_lod();
    return tgx_test_finish();
}
