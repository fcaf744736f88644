/* Properties of the texture unit that must hold for any input, checked over pseudo-random
 * coordinates, samplers and textures (a fixed xorshift sequence, so every run is the same):
 *  - a constant texture filters to the constant (every target, filter, wrap, LOD, profile);
 *  - gather of a constant texture returns the constant;
 *  - bilinear lies within the min and max of the 4 texels gather returns for that coordinate;
 *  - trilinear lies between the two levels' results;
 *  - the LOD never decreases as the gradients grow (any direction, anisotropy, rule, profile);
 *  - nv profile: filter weights and LODs are multiples of 1/256 (hw-facts.md);
 *  - repeat is periodic, mirrored repeat symmetric; compare ALWAYS/NEVER give 1/0 and
 *    complementary functions (LESS, GEQUAL) add up to 1 after filtering;
 *  - fetch in range reads the stored texel, out of range 0. */
#include "tex_test_util.h"

static uint32_t rng_state = 0x2545f491u;

static uint32_t rng(void)
{
    uint32_t x = rng_state; /* xorshift32 (Marsaglia 2003) */
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

/* Uniform in [lo, hi). */
static float rnd(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rng() >> 8) / 16777216.0f;
}

static tgx_tex_profile rnd_profile(void)
{
    return rng() & 1 ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
}

/* Every texel of every level and slice of tex set to the same float channels. */
static void fill_constant(tgx_tex *tex, const float c[4])
{
    const tgx_tex_desc *desc = tgx_tex_get_desc(tex);
    const uint32_t v[4] = {tgx_f2bits(c[0]), tgx_f2bits(c[1]), tgx_f2bits(c[2]), tgx_f2bits(c[3])};
    for (uint32_t l = 0; l < desc->levels; l++) {
        uint32_t w, h, d;
        tgx_tex_level_size(tex, l, &w, &h, &d);
        for (uint32_t z = 0; z < d; z++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++)
                    tgx_tex_store_texel(tex, l, x, y, z, 0, v);
    }
}

static void random_sampler(tgx_sampler *s, const float border[4])
{
    tgx_sampler_init(s);
    s->wrap_s = (tgx_tex_wrap)(rng() % TGX_TEX_WRAP_COUNT);
    s->wrap_t = (tgx_tex_wrap)(rng() % TGX_TEX_WRAP_COUNT);
    s->wrap_r = (tgx_tex_wrap)(rng() % TGX_TEX_WRAP_COUNT);
    s->min_filter = (tgx_tex_filter)(rng() & 1);
    s->mag_filter = (tgx_tex_filter)(rng() & 1);
    s->mip_filter = (tgx_tex_mip_filter)(rng() % 3);
    s->max_anisotropy = 1u << (rng() % 5); /* 1..16 */
    s->lod_bias = rnd(-2.0f, 2.0f);
    s->profile = rnd_profile();
    s->lod_rule = rng() & 1 ? TGX_TEX_LOD_SOFTPIPE : TGX_TEX_LOD_GL;
    s->seamless_cube = rng() & 1;
    memcpy(s->border_color, border, 4 * sizeof(float));
}

/* A quad at random coordinates in [-3, 3) with random derivatives (LOD -4..4). */
static void random_quad(tt_quad *q, int coords)
{
    memset(q, 0, sizeof *q);
    float base[3], dx[3], dy[3];
    for (int a = 0; a < 3; a++) {
        base[a] = rnd(-3.0f, 3.0f);
        dx[a] = rnd(-0.5f, 0.5f) * (float)(1 << (rng() % 5)) / 16.0f;
        dy[a] = rnd(-0.5f, 0.5f) * (float)(1 << (rng() % 5)) / 16.0f;
    }
    if (coords == 4) /* cube: keep away from the origin */
        base[rng() % 3] = rng() & 1 ? 1.0f : -1.0f;
    float *c[3] = {q->s, q->t, q->r};
    for (int i = 0; i < 4; i++) {
        for (int a = 0; a < 3; a++)
            c[a][i] = base[a] + (float)(i & 1) * dx[a] + (float)(i >> 1) * dy[a];
        q->layer[i] = rnd(-1.0f, 4.0f);
        q->lod[i] = rnd(-2.0f, 5.0f);
        q->q[i] = 1.0f;
        for (int a = 0; a < 3; a++) {
            q->ddx[a][i] = dx[a];
            q->ddy[a][i] = dy[a];
        }
    }
}

static void constant_filters_to_constant(void)
{
    static const struct {
        tgx_tex_target target;
        tgx_tex_format format;
        uint32_t w, h, d;
    } cases[] = {
        {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 16, 8, 1},
        {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 8, 16, 1},
        {TGX_TEX_1D, TGX_TEX_FORMAT_RGBA16_FLOAT, 16, 1, 1},
        {TGX_TEX_3D, TGX_TEX_FORMAT_RGBA32_FLOAT, 8, 4, 4},
        {TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA8_UNORM, 8, 8, 3},
        {TGX_TEX_CUBE, TGX_TEX_FORMAT_RGBA32_FLOAT, 8, 8, 6},
        {TGX_TEX_CUBE_ARRAY, TGX_TEX_FORMAT_RGBA8_UNORM, 4, 4, 12},
        {TGX_TEX_2D, TGX_TEX_FORMAT_SRGB8_A8, 8, 8, 1},
    };
    /* 8-bit values k/255 (exact in every format used here after conversion); sRGB's r, g, b
     * decode to the same linear value every texel, compared below with the decoded texel */
    const float c[4] = {51.0f / 255.0f, 102.0f / 255.0f, 153.0f / 255.0f, 204.0f / 255.0f};
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        tgx_tex *tex =
            tt_make(cases[k].target, cases[k].format, cases[k].w, cases[k].h, cases[k].d,
                    0 + tgx_tex_full_levels(cases[k].w, cases[k].h,
                                            cases[k].target == TGX_TEX_3D ? cases[k].d : 1));
        fill_constant(tex, c);
        uint32_t texels[2][4]; /* per profile: nv decodes sRGB through the hardware's table */
        tgx_tex_view v;
        tgx_tex_view_init(&v, tex);
        for (int p = 0; p < 2; p++) {
            /* the constant as a fetch of the first texel reads it (decoded) */
            tgx_tex_fetch_req f;
            memset(&f, 0, sizeof f);
            const int32_t zero[4] = {0, 0, 0, 0};
            uint32_t cols[4][4];
            f.lanes = 4;
            f.x = f.y = f.z = zero;
            tgx_sampler fs;
            tgx_sampler_init(&fs);
            fs.profile = p ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
            tgx_tex_fetch(&v, &fs, &f, (tgx_tex_result){{cols[0], cols[1], cols[2], cols[3]}},
                          NULL);
            for (int ch = 0; ch < 4; ch++)
                texels[p][ch] = cols[ch][0];
        }
        int bad = 0, mode_bad = -1;
        for (int iter = 0; iter < 300; iter++) {
            tgx_sampler s;
            random_sampler(&s, c);
            const uint32_t *texel = texels[s.profile == TGX_TEX_PROFILE_NV];
            for (int ch = 0; ch < 4; ch++) /* border = the constant: all 8 wraps */
                s.border_color[ch] = tgx_bits2f(texel[ch]);
            tt_quad q;
            const int coords =
                cases[k].target == TGX_TEX_CUBE || cases[k].target == TGX_TEX_CUBE_ARRAY ? 4 : 3;
            random_quad(&q, coords);
            const tgx_tex_lod_mode mode = (tgx_tex_lod_mode)(rng() % 5);
            tgx_tex_sample_req req = tt_req(&q, mode);
            uint32_t cols[4][4];
            tgx_diag dg;
            if (tgx_tex_sample(&v, &s, &req, tt_out(&q, cols), &dg) < 0) {
                bad++;
                continue;
            }
            for (int l = 0; l < 4; l++)
                for (int ch = 0; ch < 4; ch++) {
                    const float got = tgx_bits2f(cols[ch][l]), want = tgx_bits2f(texel[ch]);
                    if (!tt_near(got, want, 2e-6f)) {
                        if (!bad)
                            fprintf(stderr,
                                    "case %zu iter %d lane %d ch %d: %.9g != %.9g (wrap %d %d, "
                                    "profile %d, mode %d)\n",
                                    k, iter, l, ch, (double)got, (double)want, s.wrap_s, s.wrap_t,
                                    s.profile, mode);
                        bad++;
                        mode_bad = (int)mode;
                    }
                }
        }
        TGX_CHECK(bad == 0, "case %zu (%s): %d results differ from the constant (last mode %d)", k,
                  tgx_tex_format_get(cases[k].format)->name, bad, mode_bad);
        /* gather of the constant: each of the 4 texels is the constant's channel */
        if (cases[k].target == TGX_TEX_2D || cases[k].target == TGX_TEX_2D_ARRAY ||
            cases[k].target == TGX_TEX_CUBE) {
            int gbad = 0;
            for (int iter = 0; iter < 100; iter++) {
                tgx_sampler s;
                random_sampler(&s, c);
                const uint32_t *texel = texels[s.profile == TGX_TEX_PROFILE_NV];
                if (s.wrap_s == TGX_TEX_WRAP_CLAMP_TO_BORDER || s.wrap_s == TGX_TEX_WRAP_CLAMP ||
                    s.wrap_s >= TGX_TEX_WRAP_MIRROR_CLAMP)
                    s.wrap_s = TGX_TEX_WRAP_REPEAT; /* gather reads the border as a texel */
                s.wrap_t = TGX_TEX_WRAP_MIRROR_REPEAT;
                tt_quad q;
                random_quad(&q, cases[k].target == TGX_TEX_CUBE ? 4 : 3);
                tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
                req.component = rng() % 4;
                uint32_t cols[4][4];
                tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL);
                /* within rounding: the softpipe rule decodes UNORM as Mesa does */
                for (int l = 0; l < 4; l++)
                    for (int t = 0; t < 4; t++)
                        gbad += !tt_near(tgx_bits2f(cols[t][l]), tgx_bits2f(texel[req.component]),
                                         2e-7f);
            }
            TGX_CHECK(gbad == 0, "case %zu: gather of a constant: %d texels differ", k, gbad);
        }
        tgx_tex_destroy(tex);
    }
}

/* An 8x8 RGBA32F texture (full chain) of random values in [0, 1). */
static tgx_tex *random_texture(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 8, 8, 1, 4);
    for (uint32_t l = 0; l < 4; l++)
        for (uint32_t y = 0; y < (8u >> l); y++)
            for (uint32_t x = 0; x < (8u >> l); x++)
                tt_setf(tex, l, x, y, 0, rnd(0, 1), rnd(0, 1), rnd(0, 1), rnd(0, 1));
    return tex;
}

static void bilinear_within_footprint(void)
{
    tgx_tex *tex = random_texture();
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int bad = 0;
    for (int iter = 0; iter < 500; iter++) {
        tgx_sampler s;
        const float zero[4] = {0, 0, 0, 0};
        random_sampler(&s, zero);
        s.min_filter = s.mag_filter = TGX_TEX_FILTER_LINEAR;
        s.wrap_s = (tgx_tex_wrap)(rng() % 2 ? TGX_TEX_WRAP_REPEAT : TGX_TEX_WRAP_MIRROR_REPEAT);
        s.wrap_t = (tgx_tex_wrap)(rng() % 2 ? TGX_TEX_WRAP_CLAMP_TO_EDGE : TGX_TEX_WRAP_REPEAT);
        s.lod_bias = 0.0f;
        tt_quad q;
        random_quad(&q, 3);
        tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
        uint32_t sc[4][4], gc[4][4];
        tgx_tex_sample(&v, &s, &req, tt_out(&q, sc), NULL);
        for (uint32_t ch = 0; ch < 4; ch++) {
            req.component = ch;
            tgx_tex_gather(&v, &s, &req, tt_out(&q, gc), NULL);
            for (int l = 0; l < 4; l++) {
                float lo = INFINITY, hi = -INFINITY;
                for (int t = 0; t < 4; t++) {
                    lo = fminf(lo, tgx_bits2f(gc[t][l]));
                    hi = fmaxf(hi, tgx_bits2f(gc[t][l]));
                }
                const float got = tgx_bits2f(sc[ch][l]);
                if (!(got >= lo - 1e-6f && got <= hi + 1e-6f)) {
                    if (!bad)
                        fprintf(stderr, "(%g, %g) profile %d: %g not in [%g, %g]\n", (double)q.s[l],
                                (double)q.t[l], s.profile, (double)got, (double)lo, (double)hi);
                    bad++;
                }
            }
        }
    }
    TGX_CHECK(bad == 0, "%d bilinear results outside their gather footprint", bad);
    tgx_tex_destroy(tex);
}

static void trilinear_between_levels(void)
{
    tgx_tex *tex = random_texture();
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int bad = 0;
    for (int iter = 0; iter < 300; iter++) {
        tgx_sampler s;
        const float zero[4] = {0, 0, 0, 0};
        random_sampler(&s, zero);
        /* exact profile only: nv filters both levels as one 8-tap filter whose weights are
         * rounded per level (hw-facts), so its result need not lie between the two levels'
         * own bilinear results; test_nv_rules checks those weights */
        s.profile = TGX_TEX_PROFILE_EXACT;
        s.min_filter = s.mag_filter = TGX_TEX_FILTER_LINEAR;
        s.mip_filter = TGX_TEX_MIP_LINEAR;
        s.max_anisotropy = 1;
        s.lod_bias = 0.0f;
        tt_quad q;
        random_quad(&q, 3);
        const float lod = rnd(0.0f, 3.0f), d1 = floorf(lod);
        uint32_t r[3][4][4];
        const float lods[3] = {lod, d1, d1 + 1.0f};
        for (int k = 0; k < 3; k++) {
            for (int l = 0; l < 4; l++)
                q.lod[l] = lods[k];
            tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_EXPLICIT);
            tgx_tex_sample(&v, &s, &req, tt_out(&q, r[k]), NULL);
        }
        for (int ch = 0; ch < 4; ch++)
            for (int l = 0; l < 4; l++) {
                const float a = tgx_bits2f(r[1][ch][l]), b = tgx_bits2f(r[2][ch][l]);
                const float got = tgx_bits2f(r[0][ch][l]);
                if (!(got >= fminf(a, b) - 1e-6f && got <= fmaxf(a, b) + 1e-6f))
                    bad++;
            }
    }
    TGX_CHECK(bad == 0, "%d trilinear results outside their two levels' results", bad);
    tgx_tex_destroy(tex);
}

/* LODQ of one quad with explicit gradients g * (dir_x, dir_y) per pixel. */
static float lod_of(const tgx_tex_view *v, const tgx_sampler *s, const float gx[2],
                    const float gy[2], float scale)
{
    tt_quad q;
    tt_quad_at(&q, 0.3f, 0.6f);
    for (int l = 0; l < 4; l++)
        for (int a = 0; a < 2; a++) {
            q.ddx[a][l] = gx[a] * scale;
            q.ddy[a][l] = gy[a] * scale;
        }
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_GRAD);
    float cl[4], un[4];
    tgx_tex_query_lod(v, s, &req, cl, un, NULL);
    return un[0];
}

static void lod_monotonic(void)
{
    tgx_tex *tex = random_texture();
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int bad = 0, not_256 = 0;
    for (int iter = 0; iter < 200; iter++) {
        tgx_sampler s;
        const float zero[4] = {0, 0, 0, 0};
        random_sampler(&s, zero);
        s.lod_bias = 0.0f;
        const float gx[2] = {rnd(-1, 1), rnd(-1, 1)}, gy[2] = {rnd(-1, 1), rnd(-1, 1)};
        float prev = -INFINITY;
        for (float scale = 1.0f / 64.0f; scale < 64.0f; scale *= 1.1f) {
            const float lod = lod_of(&v, &s, gx, gy, scale);
            if (lod < prev)
                bad++;
            prev = lod;
            if (s.profile == TGX_TEX_PROFILE_NV && isfinite(lod) &&
                lod * 256.0f != floorf(lod * 256.0f))
                not_256++;
        }
    }
    TGX_CHECK(bad == 0, "%d LOD decreases as the gradient grows", bad);
    TGX_CHECK(not_256 == 0, "%d nv LODs are not multiples of 1/256", not_256);
    tgx_tex_destroy(tex);
}

static void nv_weights_multiple_of_256(void)
{
    /* R32F 2x2 with one texel 1, the others 0: the result is that texel's weight, which the nv
     * profile keeps in 1/256 steps (hw-facts: 8-bit fractions, 2-D weight rule) */
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R32_FLOAT, 2, 2, 1, 1);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int bad = 0;
    for (int corner = 0; corner < 4; corner++) {
        for (uint32_t i = 0; i < 4; i++)
            tt_setf(tex, 0, i & 1, i >> 1, 0, i == (uint32_t)corner ? 1.0f : 0.0f, 0, 0, 0);
        float sum_check = 0.0f;
        for (int iter = 0; iter < 200; iter++) {
            tgx_sampler s;
            tgx_sampler_init(&s);
            s.profile = TGX_TEX_PROFILE_NV;
            s.min_filter = s.mag_filter = TGX_TEX_FILTER_LINEAR;
            s.mip_filter = TGX_TEX_MIP_NONE;
            s.normalized_coords = rng() & 1;
            tt_quad q;
            const float span = s.normalized_coords ? 1.0f : 2.0f;
            tt_quad_at(&q, rnd(0.0f, span), rnd(0.0f, span));
            tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
            const float w = tt_sample1(&v, &s, &req, 0, 0);
            if (w * 256.0f != floorf(w * 256.0f) || w < 0.0f || w > 1.0f)
                bad++;
            sum_check += w;
        }
        TGX_CHECK(sum_check > 0.0f, "corner %d never weighted", corner);
    }
    TGX_CHECK(bad == 0, "%d nv weights are not multiples of 1/256", bad);
    tgx_tex_destroy(tex);
}

static void wrap_symmetries(void)
{
    tgx_tex *tex = random_texture();
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int bad = 0;
    for (int iter = 0; iter < 300; iter++) {
        tgx_sampler s;
        tgx_sampler_init(&s);
        s.mip_filter = TGX_TEX_MIP_NONE;
        s.min_filter = s.mag_filter = (tgx_tex_filter)(rng() & 1);
        s.profile = rnd_profile();
        /* coordinates on a 1/64 grid: s + 1, -s and 2 - s are exact in float */
        const float x = (float)(int32_t)(rng() % 129u - 64u) / 64.0f;
        const float y = (float)(rng() % 64u) / 64.0f;
        float res[3];
        const float xs[2][3] = {{x, x + 1.0f, x - 2.0f}, {x, -x, 2.0f - x}};
        const int mode = rng() & 1;
        s.wrap_s = mode ? TGX_TEX_WRAP_MIRROR_REPEAT : TGX_TEX_WRAP_REPEAT;
        for (int k = 0; k < 3; k++) {
            tt_quad q;
            tt_quad_at(&q, xs[mode][k], y);
            tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
            res[k] = tt_sample1(&v, &s, &req, 0, 1);
        }
        /* nearest at an exact texel edge may legitimately flip sides under mirroring; linear
         * mirrored swaps the two taps, so the sum rounds differently (1 ulp) */
        const bool edge =
            mode && s.mag_filter == TGX_TEX_FILTER_NEAREST && floorf(x * 8.0f) == x * 8.0f;
        if (!edge && (!tt_near(res[0], res[1], 1e-6f) || !tt_near(res[0], res[2], 1e-6f)))
            bad++;
    }
    TGX_CHECK(bad == 0, "%d repeat/mirror symmetries broken", bad);
    tgx_tex_destroy(tex);
}

static void compare_complements(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_Z32_FLOAT, 4, 4, 1, 3);
    for (uint32_t l = 0; l < 3; l++)
        for (uint32_t y = 0; y < (4u >> l); y++)
            for (uint32_t x = 0; x < (4u >> l); x++)
                tt_setf(tex, l, x, y, 0, rnd(0, 1), 0, 0, 0);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int bad = 0;
    for (int iter = 0; iter < 300; iter++) {
        tgx_sampler s;
        const float zero[4] = {0, 0, 0, 0};
        random_sampler(&s, zero);
        s.compare_enable = true;
        tt_quad q;
        random_quad(&q, 3);
        for (int l = 0; l < 4; l++)
            q.ref[l] = rnd(0, 1);
        tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_IMPLICIT);
        req.ref = q.ref;
        const tgx_tex_compare pairs[2][2] = {{TGX_TEX_COMPARE_LESS, TGX_TEX_COMPARE_GEQUAL},
                                             {TGX_TEX_COMPARE_NEVER, TGX_TEX_COMPARE_ALWAYS}};
        const int p = rng() & 1;
        uint32_t a[4][4], b[4][4];
        s.compare_func = pairs[p][0];
        tgx_tex_sample(&v, &s, &req, tt_out(&q, a), NULL);
        s.compare_func = pairs[p][1];
        tgx_tex_sample(&v, &s, &req, tt_out(&q, b), NULL);
        for (int l = 0; l < 4; l++) {
            const float x = tgx_bits2f(a[0][l]), y = tgx_bits2f(b[0][l]);
            /* the exact profile's float weights sum to 1 within rounding */
            if (!tt_near(x + y, 1.0f, 2e-6f) || (p == 1 && (x != 0.0f || !tt_near(y, 1, 2e-6f))))
                bad++;
        }
    }
    TGX_CHECK(bad == 0, "%d compare results not complementary", bad);
    tgx_tex_destroy(tex);
}

static void fetch_reads_stored(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA16_UINT, 5, 3, 2, 2);
    for (uint32_t l = 0; l < 2; l++)
        for (uint32_t z = 0; z < 2; z++)
            for (uint32_t y = 0; y < (3u >> l); y++)
                for (uint32_t x = 0; x < (5u >> l); x++) {
                    const uint32_t val[4] = {x, y, z, l};
                    tgx_tex_store_texel(tex, l, x, y, z, 0, val);
                }
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int bad = 0;
    for (int iter = 0; iter < 500; iter++) {
        int32_t x[4], y[4], z[4], lv[4];
        for (int i = 0; i < 4; i++) {
            x[i] = (int32_t)(rng() % 9u) - 2;
            y[i] = (int32_t)(rng() % 7u) - 2;
            z[i] = (int32_t)(rng() % 4u) - 1;
            lv[i] = (int32_t)(rng() % 4u) - 1;
        }
        tgx_tex_fetch_req f;
        memset(&f, 0, sizeof f);
        f.lanes = 4;
        f.x = x, f.y = y, f.z = z, f.level = lv;
        uint32_t cols[4][4];
        tgx_tex_fetch(&v, NULL, &f, (tgx_tex_result){{cols[0], cols[1], cols[2], cols[3]}}, NULL);
        for (int i = 0; i < 4; i++) {
            const bool in = lv[i] >= 0 && lv[i] < 2 && x[i] >= 0 && x[i] < (5 >> lv[i]) &&
                            y[i] >= 0 && y[i] < ((3 >> lv[i]) ? (3 >> lv[i]) : 1) && z[i] >= 0 &&
                            z[i] < 2;
            const uint32_t want[4] = {in ? (uint32_t)x[i] : 0, in ? (uint32_t)y[i] : 0,
                                      in ? (uint32_t)z[i] : 0, in ? (uint32_t)lv[i] : 0};
            for (int ch = 0; ch < 4; ch++)
                bad += cols[ch][i] != want[ch];
        }
    }
    TGX_CHECK(bad == 0, "%d fetched words differ from the stored texel / 0", bad);
    tgx_tex_destroy(tex);
}

/* NaN, infinite and huge coordinates, gradients and LODs still give results inside the texel
 * range of an RGBA8 texture (GL leaves the texel undefined, never the value range) */
static void extreme_inputs_stay_in_range(void)
{
    static const float odd[] = {NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 3e38f, 1e-30f, 0.5f};
    const int n_odd = (int)(sizeof odd / sizeof odd[0]);
    static const tgx_tex_target targets[] = {TGX_TEX_2D, TGX_TEX_3D, TGX_TEX_CUBE,
                                             TGX_TEX_2D_ARRAY};
    int bad = 0;
    for (size_t k = 0; k < sizeof targets / sizeof targets[0]; k++) {
        const tgx_tex_target tg = targets[k];
        const uint32_t d = tg == TGX_TEX_CUBE ? 6 : (tg == TGX_TEX_2D ? 1 : 4);
        tgx_tex *tex = tt_make(tg, TGX_TEX_FORMAT_RGBA8_UNORM, 4, 4, d, 3);
        const float c[4] = {0.2f, 0.4f, 0.6f, 0.8f};
        fill_constant(tex, c);
        tgx_tex_view v;
        tgx_tex_view_init(&v, tex);
        for (int iter = 0; iter < 200; iter++) {
            tgx_sampler s;
            random_sampler(&s, c);
            tt_quad q;
            random_quad(&q, tg == TGX_TEX_CUBE ? 4 : 3);
            for (int l = 0; l < 4; l++) {
                q.s[l] = odd[rng() % (uint32_t)n_odd];
                q.t[l] = rng() & 1 ? odd[rng() % (uint32_t)n_odd] : q.t[l];
                q.r[l] = rng() & 1 ? odd[rng() % (uint32_t)n_odd] : q.r[l];
                q.layer[l] = odd[rng() % (uint32_t)n_odd];
                q.lod[l] = odd[rng() % (uint32_t)n_odd];
                q.ddx[0][l] = odd[rng() % (uint32_t)n_odd];
            }
            tgx_tex_sample_req req = tt_req(&q, (tgx_tex_lod_mode)(rng() % 5));
            uint32_t cols[4][4];
            if (tgx_tex_sample(&v, &s, &req, tt_out(&q, cols), NULL) < 0) {
                bad++;
                continue;
            }
            if (tg != TGX_TEX_3D) { /* gather: 4 texels, also in range */
                req.component = rng() % 4;
                uint32_t g[4][4];
                bad += tgx_tex_gather(&v, &s, &req, tt_out(&q, g), NULL) < 0;
                for (int l = 0; l < 4; l++)
                    for (int ch = 0; ch < 4; ch++)
                        cols[ch][l] = rng() & 1 ? g[ch][l] : cols[ch][l];
            }
            float cl[4], un[4]; /* LOD query: the clamped LOD within the view's levels */
            tgx_tex_query_lod(&v, &s, &req, cl, un, NULL);
            for (int l = 0; l < 4; l++) {
                bad += !(cl[l] >= 0.0f && cl[l] <= 2.0f);
                for (int ch = 0; ch < 4; ch++) {
                    const float f = tgx_bits2f(cols[ch][l]);
                    bad += !(f >= 0.0f && f <= 1.0f);
                }
            }
        }
        tgx_tex_destroy(tex);
    }
    TGX_CHECK(bad == 0, "%d results outside [0, 1] for NaN/inf/huge inputs", bad);
}

int main(void)
{
    constant_filters_to_constant();
    bilinear_within_footprint();
    trilinear_between_levels();
    lod_monotonic();
    nv_weights_multiple_of_256();
    wrap_symmetries();
    compare_complements();
    fetch_reads_stored();
    extreme_inputs_stay_in_range();
    return tgx_test_finish();
}
