/* Filters and mipmapping: GL 4.6 eq. 8.12 (bilinear weights), eqs. 8.14/8.15 (mip level choice),
 * magnification at lambda <= 0, integer formats never filtered, and the property that a constant
 * texture filters to the constant everywhere. nv profile: hw-facts.md's 8-bit weights, 2D weight
 * rule and 16-bit UNORM blend. Expected values are worked out in the comments. */
#include "tex_test_util.h"

static tgx_sampler linear_sampler(void)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_LINEAR;
    s.mip_filter = TGX_TEX_MIP_NONE;
    s.wrap_s = s.wrap_t = s.wrap_r = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    return s;
}

static void bilinear(void)
{
    /* 2x2 RGBA32F, red = 1 + x + 2y: texels 1 2 / 3 4 */
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 2, 2, 1, 1);
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 2; x++)
            tt_setf(tex, 0, x, y, 0, 1.0f + (float)x + 2.0f * (float)y, 0.25f, 0, 1);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = linear_sampler();
    tt_quad q;
    tgx_tex_sample_req req;
    /* centre: u = v = 1, alpha = beta = 0.5: mean 2.5 */
    tt_quad_at(&q, 0.5f, 0.5f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 2.5f, "centre");
    /* s = 0.375, t = 0.25: u = 0.75 -> alpha 0.25; v = 0.5 -> beta 0: 1 + 0.25 */
    tt_quad_at(&q, 0.375f, 0.25f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 1.25f, "alpha .25");
    /* alpha .25, beta .75: (.75*.25)*1 + (.25*.25)*2 + (.75*.75)*3 + (.25*.75)*4 = 2.75 */
    tt_quad_at(&q, 0.375f, 0.625f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 2.75f, "alpha .25 beta .75");
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 1) == 0.25f, "green constant");
    /* nearest: u = 0.75 -> texel 0, v = 1.25 -> row 1: 3 */
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_NEAREST;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 3.0f, "nearest");
    /* unnormalised coordinates: (1.0, 1.0) in texels is the centre again */
    s = linear_sampler();
    s.normalized_coords = false;
    tt_quad_at(&q, 1.0f, 1.0f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 2.5f, "unnormalised centre");
    /* texel offset +1 in x at u = 0.5 (texel 0 centre) reads texel 1: 2 */
    s = linear_sampler();
    tt_quad_at(&q, 0.25f, 0.25f);
    for (int i = 0; i < 4; i++)
        q.off[0][i] = 1;
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    req.offset[0] = q.off[0];
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 2.0f, "offset");
    tgx_tex_destroy(tex);
}

/* 8x8 R32F with 4 levels whose texels all hold the level number. */
static tgx_tex *level_tex(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R32_FLOAT, 8, 8, 1, 4);
    for (uint32_t l = 0; l < 4; l++)
        for (uint32_t y = 0; y < (8u >> l); y++)
            for (uint32_t x = 0; x < (8u >> l); x++)
                tt_setf(tex, l, x, y, 0, (float)l, 0, 0, 0);
    return tex;
}

static float at_lod(const tgx_tex_view *v, const tgx_sampler *s, float lod)
{
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.5f);
    for (int i = 0; i < 4; i++)
        q.lod[i] = lod;
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_EXPLICIT);
    return tt_sample1(v, s, &req, 0, 0);
}

static void mipmaps(void)
{
    tgx_tex *tex = level_tex();
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = linear_sampler();
    s.mip_filter = TGX_TEX_MIP_LINEAR;
    /* eq. 8.15: lambda 1.25 blends level 1 and 2 with 0.25: 1.25 */
    TGX_CHECK(at_lod(&v, &s, 1.25f) == 1.25f, "trilinear 1.25");
    TGX_CHECK(at_lod(&v, &s, 2.5f) == 2.5f, "trilinear 2.5");
    TGX_CHECK(at_lod(&v, &s, 7.0f) == 3.0f, "beyond the last level");
    TGX_CHECK(at_lod(&v, &s, -1.0f) == 0.0f, "magnified");
    /* eq. 8.14 (nearest): d = 0 if lambda <= 1/2, else ceil(lambda + 1/2) - 1 */
    s.mip_filter = TGX_TEX_MIP_NEAREST;
    TGX_CHECK(at_lod(&v, &s, 0.5f) == 0.0f, "nearest 0.5 -> 0");
    TGX_CHECK(at_lod(&v, &s, 0.51f) == 1.0f, "nearest 0.51 -> 1");
    TGX_CHECK(at_lod(&v, &s, 1.5f) == 1.0f, "nearest 1.5 -> ceil(2) - 1 = 1");
    TGX_CHECK(at_lod(&v, &s, 1.51f) == 2.0f, "nearest 1.51 -> 2");
    /* softpipe's rule is (int)(lambda + 0.5): 1.5 -> 2 */
    s.lod_rule = TGX_TEX_LOD_SOFTPIPE;
    TGX_CHECK(at_lod(&v, &s, 1.5f) == 2.0f, "softpipe nearest 1.5 -> 2");
    s.lod_rule = TGX_TEX_LOD_GL;
    /* sampler min/max LOD and bias */
    s.max_lod = 1.0f;
    TGX_CHECK(at_lod(&v, &s, 3.0f) == 1.0f, "max_lod");
    s.max_lod = 1000.0f;
    s.lod_bias = 1.0f;
    TGX_CHECK(at_lod(&v, &s, 1.0f) == 2.0f, "sampler bias applies to explicit LOD");
    s.lod_bias = 0.0f;
    /* view base level 1: LOD 0 is level 1, LOD 1 is level 2 */
    v.base_level = 1;
    TGX_CHECK(at_lod(&v, &s, 1.0f) == 2.0f, "base level");
    v.max_level = 2;
    TGX_CHECK(at_lod(&v, &s, 5.0f) == 2.0f, "view max level");
    /* mip none: always the base level even when minified */
    v.base_level = 0;
    v.max_level = 3;
    s.mip_filter = TGX_TEX_MIP_NONE;
    TGX_CHECK(at_lod(&v, &s, 2.0f) == 0.0f, "mip none");
    tgx_tex_destroy(tex);
}

static void constant_property(void)
{
    /* a constant texture filters to the constant at any coordinate, wrap, filter and LOD */
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 8, 4, 1, 4);
    for (uint32_t l = 0; l < 4; l++)
        for (uint32_t y = 0; y < tgx_tex_get_desc(tex)->height >> l && y < 4; y++)
            for (uint32_t x = 0; x < (8u >> l); x++) {
                const uint32_t bits[4] = {51, 102, 153, 204};
                tgx_tex_store_texel_bits(tex, l, x, y, 0, 0, bits);
            }
    /* level 3 is 1x1; its row loop above ran once: set it explicitly too */
    const uint32_t bits[4] = {51, 102, 153, 204};
    tgx_tex_store_texel_bits(tex, 3, 0, 0, 0, 0, bits);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    uint32_t seed = 12345;
    int bad = 0;
    for (int iter = 0; iter < 2000; iter++) {
        tgx_sampler s;
        tgx_sampler_init(&s);
        seed = seed * 1664525u + 1013904223u;
        s.wrap_s = (tgx_tex_wrap)(seed % 8u == 3 ? 2 : seed % 8u); /* no border colour */
        s.wrap_t = (tgx_tex_wrap)((seed >> 8) % 8u == 3 ? 0 : (seed >> 8) % 8u);
        if (s.wrap_s == TGX_TEX_WRAP_CLAMP || s.wrap_s >= TGX_TEX_WRAP_MIRROR_CLAMP)
            s.wrap_s = TGX_TEX_WRAP_REPEAT; /* these blend with the border */
        if (s.wrap_t == TGX_TEX_WRAP_CLAMP || s.wrap_t >= TGX_TEX_WRAP_MIRROR_CLAMP)
            s.wrap_t = TGX_TEX_WRAP_MIRROR_REPEAT;
        s.min_filter = (seed >> 12) & 1 ? TGX_TEX_FILTER_LINEAR : TGX_TEX_FILTER_NEAREST;
        s.mag_filter = (seed >> 13) & 1 ? TGX_TEX_FILTER_LINEAR : TGX_TEX_FILTER_NEAREST;
        s.mip_filter = (tgx_tex_mip_filter)((seed >> 14) % 3u);
        s.profile = (seed >> 16) & 1 ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
        s.max_anisotropy = (seed >> 17) & 1 ? 8 : 1;
        tt_quad q;
        float x = (float)((seed >> 3) % 10000u) / 1000.0f - 5.0f;
        float y = (float)((seed >> 9) % 10000u) / 1000.0f - 5.0f;
        float dd = (float)((seed >> 20) % 100u) / 50.0f;
        tt_quad_grad(&q, x, y, dd, dd * 0.3f);
        tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_IMPLICIT);
        uint32_t cols[4][4];
        tgx_tex_result out = tt_out(&q, cols);
        tgx_tex_sample(&v, &s, &req, out, NULL);
        for (int l = 0; l < 4; l++)
            for (int ch = 0; ch < 4; ch++) {
                float want = (float)bits[ch] / 255.0f;
                if (!tt_near(tgx_bits2f(cols[ch][l]), want, 1e-6f))
                    bad++;
            }
    }
    TGX_CHECK(bad == 0, "%d results of a constant texture differ from the constant", bad);
    tgx_tex_destroy(tex);
}

static void integer_never_filtered(void)
{
    /* RGBA8UI, texels (x, 0, 0, 0) with linear filter: GL integer textures are not filtered;
     * the nearest texel's raw integers come back */
    tgx_tex *tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_RGBA8_UINT, 4, 1, 1, 1);
    for (uint32_t x = 0; x < 4; x++) {
        const uint32_t v[4] = {200 + x, 7, 8, 9};
        tgx_tex_store_texel(tex, 0, x, 0, 0, 0, v);
    }
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = linear_sampler();
    tt_quad q;
    tt_quad_at(&q, 0.3f, 0.0f); /* u = 1.2 -> texel 1 */
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    uint32_t cols[4][4];
    tgx_tex_sample(&v, &s, &req, tt_out(&q, cols), NULL);
    TGX_CHECK(cols[0][0] == 201 && cols[1][0] == 7 && cols[3][0] == 9, "raw integers %u %u",
              cols[0][0], cols[3][0]);
    tgx_tex_destroy(tex);
}

static void nv_weights(void)
{
    /* 1D R8: texels 0, 255; unnormalised x = 1.0 + f: k = floor(frac(x - 0.5) * 256 + 0.5) */
    tgx_tex *tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_R8_UNORM, 2, 1, 1, 1);
    const uint32_t b0[4] = {0, 0, 0, 0}, b1[4] = {255, 0, 0, 0};
    tgx_tex_store_texel_bits(tex, 0, 0, 0, 0, 0, b0);
    tgx_tex_store_texel_bits(tex, 0, 1, 0, 0, 0, b1);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = linear_sampler();
    s.normalized_coords = false;
    s.profile = TGX_TEX_PROFILE_NV;
    tt_quad q;
    /* x = 0.5 + 1/512 + 1/1024: frac * 256 = 0.75 -> k = floor(1.25) = 1; the blend in 16 bits:
     * round(1 * 65535 / 256) = round(255.996) = 256 -> 256 / 65535 */
    tt_quad_at(&q, 0.5f + 1.0f / 512.0f + 1.0f / 1024.0f, 0.0f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 256.0f / 65535.0f, "k = 1");
    /* x = 0.5 + 1/1024: frac * 256 = 0.25 -> k = floor(0.75) = 0 -> texel 0 exactly */
    tt_quad_at(&q, 0.5f + 1.0f / 1024.0f, 0.0f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.0f, "k = 0");
    /* x = 1.5 - 1/1024: frac = 1 - 1/1024, * 256 + .5 = 256.25 -> k = 256 carries: texel 1 */
    tt_quad_at(&q, 1.5f - 1.0f / 1024.0f, 0.0f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 1.0f, "k = 256 carries");
    /* the exact profile gives the float weight instead: alpha = 1 - 1/1024 */
    s.profile = TGX_TEX_PROFILE_EXACT;
    TGX_CHECK(tt_near(tt_sample1(&v, &s, &req, 0, 0), 1.0f - 1.0f / 1024.0f, 1e-6f), "exact");
    tgx_tex_destroy(tex);

    /* 2D rule: 2x2 R8 with only texel (1,1) = 255, kx = ky = 128: w11 = round(128*128/256) = 64;
     * kx = 96, ky = 160: w11 = round_half_up(15360/256 = 60) = 60. Blend: 60 * 65535 / 256 =
     * 15359.77 -> 15360 / 65535. */
    tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R8_UNORM, 2, 2, 1, 1);
    tgx_tex_store_texel_bits(tex, 0, 1, 1, 0, 0, b1);
    tgx_tex_view_init(&v, tex);
    s.profile = TGX_TEX_PROFILE_NV;
    tt_quad_at(&q, 1.0f, 1.0f); /* x - 0.5 = 0.5: k = 128 */
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 16384.0f / 65535.0f, "w11 = 64: got %.9g",
              (double)tt_sample1(&v, &s, &req, 0, 0));
    tt_quad_at(&q, 0.875f, 1.125f); /* kx = 0.375*256 = 96, ky = 0.625*256 = 160 */
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 15360.0f / 65535.0f, "w11 = 60: got %.9g",
              (double)tt_sample1(&v, &s, &req, 0, 0));
    /* kx = 3, ky = 5 (x - 0.5 = 3/256, y - 0.5 = 5/256): w11 = round_half_up(15/256) = 0 */
    tt_quad_at(&q, 0.5f + 3.0f / 256.0f, 0.5f + 5.0f / 256.0f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.0f, "w11 rounds to 0");
    tgx_tex_destroy(tex);
}

int main(void)
{
    bilinear();
    mipmaps();
    constant_property();
    integer_never_filtered();
    nv_weights();
    return tgx_test_finish();
}
