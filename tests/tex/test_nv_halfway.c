/* nv profile rounding at exact half-way points (issue 15: a deliberate mistake in these roundings
 * survived the tests). The rules, from the H100 probes (docs/texture.md):
 *   axis weight  k = floor(frac(x - 0.5) * 256 + 0.5)       round half up
 *   2D corner    w11 = round_half_up(kx * ky / 256), w10 = kx - w11, w01 = ky - w11
 *   UNORM8 blend texels widened to 16 bits (c * 257), sum of w * c16 rounded to 16 bits
 *                ((acc + 128) >> 8, half up), divided by 65535.
 * Each coordinate below lands exactly on a half, where round-half-even, round-half-down or
 * truncation would give another value. Unnormalised coordinates keep x exact (normalised ones
 * are first floored to 2^-F). Texels are 0 except the one that is 255, so the result is
 * (w * 65535 + 128) >> 8, over 65535, with w that texel's weight. */
#include "tex_test_util.h"

static float sample_nv(const tgx_tex *tex, float x, float y)
{
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_LINEAR;
    s.mip_filter = TGX_TEX_MIP_NONE;
    s.wrap_s = s.wrap_t = s.wrap_r = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    s.normalized_coords = false;
    s.profile = TGX_TEX_PROFILE_NV;
    tt_quad q;
    tt_quad_at(&q, x, y);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    return tt_sample1(&v, &s, &req, 0, 0);
}

/* (w * 65535 + 128) >> 8, over 65535: the blend of one 255 texel with weight w. */
static float blend_of(uint32_t w)
{
    return (float)((w * 65535u + 128u) >> 8) / 65535.0f;
}

static void axis_weight(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_R8_UNORM, 2, 1, 1, 1);
    const uint32_t hi[4] = {255, 0, 0, 0};
    tgx_tex_store_texel_bits(tex, 0, 1, 0, 0, 0, hi);
    /* frac * 256 = 0.5: k = 1 (half up; half even and truncation give 0) -> 256/65535 */
    TGX_CHECK(sample_nv(tex, 0.5f + 0.5f / 256.0f, 0.5f) == blend_of(1) &&
                  blend_of(1) == 256.0f / 65535.0f,
              "k(0.5) = 1: got %.9g", (double)sample_nv(tex, 0.5f + 0.5f / 256.0f, 0.5f));
    /* frac * 256 = 2.5: k = 3 (half even gives 2) -> (196605 + 128) >> 8 = 768 */
    TGX_CHECK(sample_nv(tex, 0.5f + 2.5f / 256.0f, 0.5f) == 768.0f / 65535.0f,
              "k(2.5) = 3: got %.9g", (double)sample_nv(tex, 0.5f + 2.5f / 256.0f, 0.5f));
    /* frac * 256 = 127.5: k = 128 (half even gives 128 too, half down 127): the blend
     * 128 * 65535 = 8388480, + 128 = 8388608 -> 32768: also the 16-bit rounding's half-way
     * point (8388480 / 256 = 32767.5), where half down gives 32767 */
    TGX_CHECK(sample_nv(tex, 0.5f + 127.5f / 256.0f, 0.5f) == 32768.0f / 65535.0f,
              "k(127.5) = 128 and the 16-bit half: got %.9g",
              (double)sample_nv(tex, 0.5f + 127.5f / 256.0f, 0.5f));
    tgx_tex_destroy(tex);
}

/* 2x2 R8, texel (tx, ty) = 255; kx from x - 0.5 = kx / 256, ky = 128 (y = 1). */
static float corner(uint32_t tx, uint32_t ty, uint32_t kx)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R8_UNORM, 2, 2, 1, 1);
    const uint32_t hi[4] = {255, 0, 0, 0};
    tgx_tex_store_texel_bits(tex, 0, tx, ty, 0, 0, hi);
    float r = sample_nv(tex, 0.5f + (float)kx / 256.0f, 1.0f);
    tgx_tex_destroy(tex);
    return r;
}

static void corner_weight(void)
{
    /* kx = 1, ky = 128: kx ky / 256 = 0.5 -> w11 = 1, w10 = kx - w11 = 0 (half down: 0 and 1) */
    TGX_CHECK(corner(1, 1, 1) == blend_of(1), "w11(1, 128) = 1: got %.9g", (double)corner(1, 1, 1));
    TGX_CHECK(corner(1, 0, 1) == 0.0f, "w10(1, 128) = 0: got %.9g", (double)corner(1, 0, 1));
    /* kx = 5, ky = 128: 2.5 -> w11 = 3 (half even: 2), w10 = 2 */
    TGX_CHECK(corner(1, 1, 5) == blend_of(3), "w11(5, 128) = 3: got %.9g", (double)corner(1, 1, 5));
    TGX_CHECK(corner(1, 0, 5) == blend_of(2), "w10(5, 128) = 2: got %.9g", (double)corner(1, 0, 5));
    /* w01 = ky - w11 = 125, w00 = 256 - kx - ky + w11 = 126 */
    TGX_CHECK(corner(0, 1, 5) == blend_of(125), "w01(5, 128) = 125: got %.9g",
              (double)corner(0, 1, 5));
    TGX_CHECK(corner(0, 0, 5) == blend_of(126), "w00(5, 128) = 126: got %.9g",
              (double)corner(0, 0, 5));
}

int main(void)
{
    axis_weight();
    corner_weight();
    return tgx_test_finish();
}
