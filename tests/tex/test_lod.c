/* Level of detail: GL 4.6 section 8.14.1 (eqs. 8.7, 8.8: rho from the scaled derivative vectors,
 * lambda = log2(rho) + bias, clamped to [min_lod, max_lod]), TXD's explicit gradients,
 * EXT_texture_filter_anisotropic, softpipe's rule (rho = max over axes, util_fast_log2) and the
 * nv rules of hw-facts.md. The texture's level L holds the value L everywhere, so with a linear
 * mip filter the result is the LOD used (clamped to 0..3). */
#include "tex_test_util.h"

static tgx_tex *tex;
static tgx_tex_view view;

static tgx_sampler trilinear(void)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_LINEAR;
    s.mip_filter = TGX_TEX_MIP_LINEAR;
    return s;
}

/* Quad whose coordinates step by d texels per pixel in x and y (8x8 texture). */
static float implicit(const tgx_sampler *s, float dx_texels, float dy_texels, float bias)
{
    tt_quad q;
    tt_quad_grad(&q, 0.5f, 0.5f, dx_texels / 8.0f, dy_texels / 8.0f);
    for (int i = 0; i < 4; i++)
        q.lod[i] = bias;
    tgx_tex_sample_req req = tt_req(&q, bias != 0.0f ? TGX_TEX_LOD_BIAS : TGX_TEX_LOD_IMPLICIT);
    return tt_sample1(&view, s, &req, 0, 0);
}

/* Explicit gradients in texels; the quad's own coordinates do not change (TXD must not use them).
 */
static float grad(const tgx_sampler *s, float gx0, float gx1, float gy0, float gy1)
{
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.5f);
    for (int i = 0; i < 4; i++) {
        q.ddx[0][i] = gx0 / 8.0f;
        q.ddx[1][i] = gx1 / 8.0f;
        q.ddy[0][i] = gy0 / 8.0f;
        q.ddy[1][i] = gy1 / 8.0f;
    }
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_GRAD);
    return tt_sample1(&view, s, &req, 0, 0);
}

static void query(const tgx_sampler *s, float d_texels, float *cl, float *un)
{
    tt_quad q;
    tt_quad_grad(&q, 0.5f, 0.5f, d_texels / 8.0f, d_texels / 8.0f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_IMPLICIT);
    float c[4], u[4];
    tgx_tex_query_lod(&view, s, &req, c, u, NULL);
    *cl = c[0];
    *un = u[0];
}

static void exact_profile(void)
{
    tgx_sampler s = trilinear();
    TGX_CHECK(implicit(&s, 2.0f, 2.0f, 0.0f) == 1.0f, "rho 2 -> lambda 1");
    TGX_CHECK(tt_near(implicit(&s, 3.0f, 3.0f, 0.0f), 1.5849625f, 1e-5f), "log2(3)");
    TGX_CHECK(tt_near(implicit(&s, 2.0f, 2.0f, 0.5f), 1.5f, 1e-6f), "shader bias");
    TGX_CHECK(grad(&s, 4.0f, 0.0f, 0.0f, 4.0f) == 2.0f, "TXD uses the gradients");
    /* diagonal gradient (2, 2) texels: GL |(2,2)| = 2.828 -> 1.5 */
    TGX_CHECK(tt_near(grad(&s, 2.0f, 2.0f, 0.0f, 0.0f), 1.5f, 1e-5f), "GL vector length");
    /* softpipe: rho = max(2, 2) = 2 -> util_fast_log2(2) = 1 exactly */
    s.lod_rule = TGX_TEX_LOD_SOFTPIPE;
    TGX_CHECK(grad(&s, 2.0f, 2.0f, 0.0f, 0.0f) == 1.0f, "softpipe max-axis rho");
    /* util_fast_log2(3.1f): exponent 1 + log2(1 + 141/256) (mantissa rounded to 8 bits) */
    TGX_CHECK(tt_near(grad(&s, 3.1f, 0.0f, 0.0f, 0.0f), 1.63299519f, 2e-6f), "fast log2: %.8f",
              (double)grad(&s, 3.1f, 0.0f, 0.0f, 0.0f));
    s = trilinear();
    s.max_lod = 1.25f;
    TGX_CHECK(implicit(&s, 8.0f, 8.0f, 0.0f) == 1.25f, "max_lod clamps");
    s = trilinear();
    s.min_lod = 2.0f;
    TGX_CHECK(implicit(&s, 1.0f, 1.0f, 0.0f) == 2.0f, "min_lod clamps");
    /* per-lane LOD clamp (sparse .LC): max(min_lod, clamp) */
    s = trilinear();
    tt_quad q;
    tt_quad_grad(&q, 0.5f, 0.5f, 1.0f / 8.0f, 1.0f / 8.0f);
    float lc[4] = {0.75f, 0.75f, 0.75f, 0.75f};
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_IMPLICIT);
    req.lod_clamp = lc;
    TGX_CHECK(tt_sample1(&view, &s, &req, 0, 0) == 0.75f, "lod_clamp");
}

static void anisotropy(void)
{
    /* Px = 4, Py = 1 texels: N = min(ceil(4/1), max) ; lambda = log2(Px / N) */
    tgx_sampler s = trilinear();
    s.max_anisotropy = 16;
    TGX_CHECK(grad(&s, 4.0f, 0.0f, 0.0f, 1.0f) == 0.0f, "N = 4 -> lambda 0");
    s.max_anisotropy = 2;
    TGX_CHECK(grad(&s, 4.0f, 0.0f, 0.0f, 1.0f) == 1.0f, "N = 2 -> lambda 1");
    s.max_anisotropy = 1;
    TGX_CHECK(grad(&s, 4.0f, 0.0f, 0.0f, 1.0f) == 2.0f, "isotropic -> lambda 2");
}

static void lod_query(void)
{
    tgx_sampler s = trilinear();
    float cl, un;
    query(&s, 3.0f, &cl, &un);
    TGX_CHECK(tt_near(un, 1.5849625f, 1e-5f) && tt_near(cl, 1.5849625f, 1e-5f), "log2(3)");
    s.max_lod = 1.0f;
    query(&s, 3.0f, &cl, &un);
    TGX_CHECK(cl == 1.0f && tt_near(un, 1.5849625f, 1e-5f), "clamped %g unclamped %g", (double)cl,
              (double)un);
    s.max_lod = 1000.0f;
    query(&s, 64.0f, &cl, &un); /* lambda 6, the view has levels 0..3 */
    TGX_CHECK(cl == 3.0f && un == 6.0f, "level range: %g %g", (double)cl, (double)un);
    query(&s, 0.25f, &cl, &un); /* magnified: lambda -2, clamped to 0 */
    TGX_CHECK(cl == 0.0f && un == -2.0f, "magnified: %g %g", (double)cl, (double)un);
}

static void monotonic(void)
{
    /* property: the LOD never decreases as the gradient grows, in every profile and rule */
    for (int mode = 0; mode < 3; mode++) {
        tgx_sampler s = trilinear();
        s.profile = mode == 2 ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
        s.lod_rule = mode == 1 ? TGX_TEX_LOD_SOFTPIPE : TGX_TEX_LOD_GL;
        float prev = -INFINITY;
        int bad = 0;
        for (int i = 1; i < 2000; i++) {
            float cl, un;
            query(&s, (float)i * 0.01f, &cl, &un);
            if (un < prev)
                bad++;
            prev = un;
        }
        TGX_CHECK(bad == 0, "mode %d: %d decreases", mode, bad);
    }
}

static void nv_profile(void)
{
    tgx_sampler s = trilinear();
    s.profile = TGX_TEX_PROFILE_NV;
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.5f);
    for (int i = 0; i < 4; i++)
        q.lod[i] = 1.003f;
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_EXPLICIT);
    /* explicit LOD truncated toward zero to 1/256: trunc(256.77) / 256 = 1 */
    TGX_CHECK(tt_sample1(&view, &s, &req, 0, 0) == 1.0f, "explicit LOD truncated");
    /* length 3 texels: 3 = 1.5 * 2^1, 8-bit mantissa 128, hw-facts' table T[128] = 150:
     * lambda = 1 + 150/256 */
    TGX_CHECK(grad(&s, 3.0f, 0.0f, 0.0f, 0.0f) == 1.0f + 150.0f / 256.0f, "LOD table");
    /* diagonal (2, 2): length 2 + 11/32 * 2 = 2.6875 = 1.34375 * 2; mantissa 88;
     * hw-facts' table T[88] = 110 */
    TGX_CHECK(grad(&s, 2.0f, 2.0f, 0.0f, 0.0f) == 1.0f + 110.0f / 256.0f, "diagonal length");
    /* the effective bias clamps to +-15: LOD 0 + 20 -> 15 -> the last level */
    s.lod_bias = 20.0f;
    for (int i = 0; i < 4; i++)
        q.lod[i] = -14.5f;
    req = tt_req(&q, TGX_TEX_LOD_EXPLICIT);
    TGX_CHECK(tt_sample1(&view, &s, &req, 0, 0) == 0.5f, "bias clamped to 15: -14.5 + 15");
    /* point mip filter: floor(lod + 0.5): 1.5 -> 2 */
    s = trilinear();
    s.profile = TGX_TEX_PROFILE_NV;
    s.mip_filter = TGX_TEX_MIP_NEAREST;
    for (int i = 0; i < 4; i++)
        q.lod[i] = 1.5f;
    req = tt_req(&q, TGX_TEX_LOD_EXPLICIT);
    TGX_CHECK(tt_sample1(&view, &s, &req, 0, 0) == 2.0f, "nv point mip");
    /* max LOD 0 pins level 0 (hw-facts): explicit LOD 3 reads level 0; max LOD 1.9 with
     * trilinear: 1.9 truncates to 486/256, blends levels 1 and 2 by 230/256 */
    s.mip_filter = TGX_TEX_MIP_LINEAR;
    s.max_lod = 0.0f;
    for (int i = 0; i < 4; i++)
        q.lod[i] = 3.0f;
    req = tt_req(&q, TGX_TEX_LOD_EXPLICIT);
    TGX_CHECK(tt_sample1(&view, &s, &req, 0, 0) == 0.0f, "nv max LOD 0 pins level 0");
    s.max_lod = 1.9f;
    TGX_CHECK(tt_sample1(&view, &s, &req, 0, 0) == 1.0f + 230.0f / 256.0f,
              "nv max LOD truncated: %.9g", (double)tt_sample1(&view, &s, &req, 0, 0));
    /* LOD query: multiples of 1/256 */
    s = trilinear();
    s.profile = TGX_TEX_PROFILE_NV;
    float cl, un;
    query(&s, 3.0f, &cl, &un);
    TGX_CHECK(un == 1.0f + 150.0f / 256.0f && cl == un, "query %g %g", (double)cl, (double)un);
}

int main(void)
{
    tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R32_FLOAT, 8, 8, 1, 4);
    for (uint32_t l = 0; l < 4; l++)
        for (uint32_t y = 0; y < (8u >> l); y++)
            for (uint32_t x = 0; x < (8u >> l); x++)
                tt_setf(tex, l, x, y, 0, (float)l, 0, 0, 0);
    tgx_tex_view_init(&view, tex);
    exact_profile();
    anisotropy();
    lod_query();
    monotonic();
    nv_profile();
    tgx_tex_destroy(tex);
    return tgx_test_finish();
}
