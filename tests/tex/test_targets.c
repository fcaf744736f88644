/* Targets and request forms not covered elsewhere, each with values worked out by hand:
 * BUFFER (fetch, sample, query), RECT (texel coordinates, no mips), array layer selection (GL
 * 4.6 section 8.14.2: RNE then clamp; softpipe floor(l + 0.5); hw-facts: half to even),
 * 3D trilinear filtering, 2D_ARRAY_MS fetch (SAMPLE_I_MS), projective TXP (s, t, r and the
 * reference divided by q), shadow cube compare, anisotropy up to 16 (EXT_texture_filter_
 * anisotropic: N = min(ceil(Pmax/Pmin), maxAniso), lambda = log2(Pmax/N)), nv half rounding of
 * f16 results, nv texel offsets in sampling (low 4 bits), nv gather footprint carry, and mip
 * generation (box filter of 2x2(x2) texels). */
#include "tex_test_util.h"

static tgx_sampler nearest_sampler(void)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_NEAREST;
    s.mip_filter = TGX_TEX_MIP_NONE;
    return s;
}

static tgx_sampler linear_sampler(void)
{
    tgx_sampler s = nearest_sampler();
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_LINEAR;
    return s;
}

static void buffer(void)
{
    /* BUFFER of 5 R32F elements 0.5 * i */
    tgx_tex *tex = tt_make(TGX_TEX_BUFFER, TGX_TEX_FORMAT_R32_FLOAT, 5, 1, 1, 1);
    for (uint32_t i = 0; i < 5; i++)
        tt_setf(tex, 0, i, 0, 0, 0.5f * (float)i, 0, 0, 0);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int32_t x[4] = {0, 4, 5, -1};
    uint32_t cols[4][4];
    tgx_tex_fetch_req f;
    memset(&f, 0, sizeof f);
    f.lanes = 4;
    f.x = x;
    tgx_tex_fetch(&v, NULL, &f, (tgx_tex_result){{cols[0], cols[1], cols[2], cols[3]}}, NULL);
    TGX_CHECK(tgx_bits2f(cols[0][0]) == 0.0f && tgx_bits2f(cols[0][1]) == 2.0f &&
                  tgx_bits2f(cols[3][1]) == 1.0f,
              "buffer element 4 = (2, 0, 0, 1)");
    TGX_CHECK(cols[0][2] == 0 && cols[3][2] == 0 && cols[0][3] == 0 && cols[3][3] == 0,
              "buffer out of range -> 0 (alpha too)");
    uint32_t o[4];
    tgx_tex_query_size(&v, 0, o);
    TGX_CHECK(o[0] == 5 && o[1] == 0 && o[3] == 1, "buffer size %u levels %u", o[0], o[3]);
    /* sampled like 1D: s = 0.5 -> u = 2.5 -> element 2 */
    tgx_sampler s = nearest_sampler();
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.0f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 1.0f, "buffer sampled as 1D");
    tgx_tex_destroy(tex);
}

static void rect(void)
{
    /* RECT 4x2 R32F, texel = x + 10 y; coordinates are texels whatever normalized_coords says */
    tgx_tex *tex = tt_make(TGX_TEX_RECT, TGX_TEX_FORMAT_R32_FLOAT, 4, 2, 1, 1);
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 4; x++)
            tt_setf(tex, 0, x, y, 0, (float)x + 10.0f * (float)y, 0, 0, 0);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = linear_sampler();
    s.wrap_s = s.wrap_t = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    tt_quad q;
    tt_quad_at(&q, 3.5f, 1.5f); /* texel (3, 1) centre */
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 13.0f, "rect texel centre");
    /* (2, 1): x - 0.5 = 1.5 -> i0 1 alpha .5; y - 0.5 = 0.5 -> rows 0, 1 alpha .5: mean of
     * 1, 2, 11, 12 = 6.5 */
    tt_quad_at(&q, 2.0f, 1.0f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 6.5f, "rect bilinear");
    /* implicit LOD over a quad that steps 8 texels: still the only level (no mips for rect) */
    tt_quad_grad(&q, 0.5f, 0.5f, 8.0f, 8.0f);
    req = tt_req(&q, TGX_TEX_LOD_IMPLICIT);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.0f, "rect minified reads level 0");
    tgx_tex_destroy(tex);
}

/* Layer l of a 2D array of 4 layers whose texels hold the layer number. */
static float layer_at(const tgx_tex_view *v, tgx_sampler *s, float layer)
{
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.5f);
    for (int i = 0; i < 4; i++)
        q.layer[i] = layer;
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    return tt_sample1(v, s, &req, 0, 0);
}

static void array_layers(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_R32_FLOAT, 2, 2, 4, 1);
    for (uint32_t z = 0; z < 4; z++)
        for (uint32_t i = 0; i < 4; i++)
            tt_setf(tex, 0, i & 1, i >> 1, z, (float)z, 0, 0, 0);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nearest_sampler();
    for (int p = 0; p < 2; p++) {
        s.profile = p ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
        /* round half to even: 1.5 -> 2, 2.5 -> 2, 0.5 -> 0; 1.4 -> 1; clamp to [0, 3] */
        TGX_CHECK(layer_at(&v, &s, 1.5f) == 2.0f, "1.5 -> 2 (profile %d)", p);
        TGX_CHECK(layer_at(&v, &s, 2.5f) == 2.0f, "2.5 -> 2 (profile %d)", p);
        TGX_CHECK(layer_at(&v, &s, 0.5f) == 0.0f, "0.5 -> 0 (profile %d)", p);
        TGX_CHECK(layer_at(&v, &s, 1.4f) == 1.0f, "1.4 -> 1");
        TGX_CHECK(layer_at(&v, &s, -3.0f) == 0.0f, "clamp low");
        TGX_CHECK(layer_at(&v, &s, 9.0f) == 3.0f, "clamp high");
    }
    /* softpipe: floor(l + 0.5): 2.5 -> 3 */
    s.profile = TGX_TEX_PROFILE_EXACT;
    s.lod_rule = TGX_TEX_LOD_SOFTPIPE;
    TGX_CHECK(layer_at(&v, &s, 2.5f) == 3.0f, "softpipe 2.5 -> 3");
    /* a view of layers 1..2: layer 0 of the view is layer 1 */
    s.lod_rule = TGX_TEX_LOD_GL;
    v.first_slice = 1;
    v.num_slices = 2;
    TGX_CHECK(layer_at(&v, &s, 0.0f) == 1.0f && layer_at(&v, &s, 5.0f) == 2.0f,
              "view first_slice 1, 2 layers");

    /* a 2D view of layer 2 of the array (first_slice 2): sample and gather read layer 2 */
    tgx_tex_view_init(&v, tex);
    v.target = TGX_TEX_2D;
    v.first_slice = 2;
    v.num_slices = 1;
    TGX_CHECK(layer_at(&v, &s, 0.0f) == 2.0f, "2D view of layer 2: %g",
              (double)layer_at(&v, &s, 0.0f));
    {
        tt_quad gq;
        tt_quad_at(&gq, 0.5f, 0.5f);
        tgx_tex_sample_req greq = tt_req(&gq, TGX_TEX_LOD_ZERO);
        uint32_t cols[4][4];
        tgx_tex_gather(&v, &s, &greq, tt_out(&gq, cols), NULL);
        TGX_CHECK(tgx_bits2f(cols[0][0]) == 2.0f && tgx_bits2f(cols[3][0]) == 2.0f,
                  "gather through the 2D view");
    }
    tgx_tex_destroy(tex);

    /* 1D array: the layer rides in req.layer too; 3 layers of 2 texels (10 l + x) */
    tex = tt_make(TGX_TEX_1D_ARRAY, TGX_TEX_FORMAT_R32_FLOAT, 2, 1, 3, 1);
    for (uint32_t z = 0; z < 3; z++)
        for (uint32_t x = 0; x < 2; x++)
            tt_setf(tex, 0, x, 0, z, 10.0f * (float)z + (float)x, 0, 0, 0);
    tgx_tex_view_init(&v, tex);
    s = nearest_sampler();
    tt_quad q;
    tt_quad_at(&q, 0.75f, 0.0f);
    for (int i = 0; i < 4; i++)
        q.layer[i] = 2.0f;
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 21.0f, "1D array layer 2, texel 1");
    tgx_tex_destroy(tex);
}

static void trilinear_3d(void)
{
    /* 2x2x2 R32F, texel = x + 2y + 4z */
    tgx_tex *tex = tt_make(TGX_TEX_3D, TGX_TEX_FORMAT_R32_FLOAT, 2, 2, 2, 1);
    for (uint32_t i = 0; i < 8; i++)
        tt_setf(tex, 0, i & 1, (i >> 1) & 1, i >> 2, (float)i, 0, 0, 0);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = linear_sampler();
    s.wrap_s = s.wrap_t = s.wrap_r = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.5f);
    for (int i = 0; i < 4; i++)
        q.r[i] = 0.5f;
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    /* centre: all weights 1/8: mean of 0..7 = 3.5 */
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 3.5f, "3D centre");
    /* (0.25, 0.5, 0.625): u = 0.5 (alpha 0, x = 0), v = 1 (beta .5), w = 1.25 (gamma .75):
     * 0.5 * (0 + 2) * 0.25 + 0.5 * (4 + 6) * 0.75 = 0.25 + 3.75 = 4 */
    for (int i = 0; i < 4; i++) {
        q.s[i] = 0.25f;
        q.r[i] = 0.625f;
    }
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 4.0f, "3D weights");
    /* nv: gamma .75 = k 192, the 2D weights (128 each row) split 96/32 per slice: same 4 */
    s.profile = TGX_TEX_PROFILE_NV;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 4.0f, "3D weights nv");
    tgx_tex_destroy(tex);
}

static void ms_array_fetch(void)
{
    /* 2D_ARRAY_MS 2x2, 2 layers, 4 samples; R32UI texel = 100 layer + 10 sample + x + 2 y */
    tgx_tex_desc desc = {TGX_TEX_2D_ARRAY_MS, TGX_TEX_FORMAT_R32_UINT, 2, 2, 2, 1, 4};
    tgx_tex *tex = NULL;
    TGX_CHECK(tgx_tex_create(&desc, &tex, NULL) == TGX_OK, "create 2D_ARRAY_MS");
    if (!tex)
        return;
    for (uint32_t z = 0; z < 2; z++)
        for (uint32_t smp = 0; smp < 4; smp++)
            for (uint32_t i = 0; i < 4; i++) {
                const uint32_t val[4] = {100 * z + 10 * smp + i, 0, 0, 0};
                tgx_tex_store_texel(tex, 0, i & 1, i >> 1, z, smp, val);
            }
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    int32_t x[4] = {1, 0, 1, 0}, y[4] = {1, 0, 0, 0}, z[4] = {1, 0, 2, 1}, sm[4] = {3, 2, 0, 4};
    uint32_t cols[4][4];
    tgx_tex_fetch_req f;
    memset(&f, 0, sizeof f);
    f.lanes = 4;
    f.x = x, f.y = y, f.z = z, f.sample = sm;
    tgx_tex_fetch(&v, NULL, &f, (tgx_tex_result){{cols[0], cols[1], cols[2], cols[3]}}, NULL);
    TGX_CHECK(cols[0][0] == 133 && cols[0][1] == 20, "(1,1) layer 1 sample 3 = 133: %u; %u",
              cols[0][0], cols[0][1]);
    TGX_CHECK(cols[0][2] == 0 && cols[3][2] == 0, "layer 2 out of range -> 0");
    TGX_CHECK(cols[0][3] == 0 && cols[3][3] == 0, "sample 4 out of range -> 0");
    uint32_t o[4];
    tgx_tex_query_size(&v, 0, o);
    TGX_CHECK(o[0] == 2 && o[1] == 2 && o[2] == 2 && o[3] == 1, "MS array size");
    TGX_CHECK(tgx_tex_query_samples(&v) == 4, "SAMPLE_INFO 4");
    /* sampling an MS texture is refused */
    tgx_sampler s = nearest_sampler();
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.5f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    tgx_diag dg;
    TGX_CHECK(tgx_tex_sample(&v, &s, &req, (tgx_tex_result){{cols[0], cols[1], cols[2], cols[3]}},
                             &dg) == TGX_ERR_INVALID,
              "sampling MS refused");
    float pos[2];
    TGX_CHECK(tgx_tex_sample_position(8, 7, pos) && pos[0] == 0.5f + 7.0f / 16.0f &&
                  pos[1] == 0.5f - 7.0f / 16.0f,
              "8-sample pattern, sample 7 = (7, -7)/16");
    TGX_CHECK(!tgx_tex_sample_position(4, 4, pos), "sample index out of range");
    tgx_tex_destroy(tex);
}

static void projective_and_shadow(void)
{
    /* TXP: 2x2 R32F 1 2 / 3 4, (s, t, q) = (0.5, 1.5, 2) -> (0.25, 0.75): texel (0, 1) = 3 */
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R32_FLOAT, 2, 2, 1, 1);
    for (uint32_t i = 0; i < 4; i++)
        tt_setf(tex, 0, i & 1, i >> 1, 0, 1.0f + (float)i, 0, 0, 0);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nearest_sampler();
    tt_quad q;
    tt_quad_at(&q, 0.5f, 1.5f);
    for (int i = 0; i < 4; i++)
        q.q[i] = 2.0f;
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    req.q = q.q;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 3.0f, "TXP divides by q");
    tgx_tex_destroy(tex);

    /* shadow cube: depth32f faces all 0.7; LESS: 1 when ref < 0.7; TXP divides the reference */
    tex = tt_make(TGX_TEX_CUBE, TGX_TEX_FORMAT_Z32_FLOAT, 2, 2, 6, 1);
    for (uint32_t z = 0; z < 6; z++)
        for (uint32_t i = 0; i < 4; i++)
            tt_setf(tex, 0, i & 1, i >> 1, z, 0.7f, 0, 0, 0);
    tgx_tex_view_init(&v, tex);
    s = linear_sampler();
    s.compare_enable = true;
    s.compare_func = TGX_TEX_COMPARE_LESS;
    tt_quad_at(&q, 0.3f, -1.0f); /* -Y face */
    for (int i = 0; i < 4; i++) {
        q.r[i] = 0.2f;
        q.ref[i] = 0.5f;
    }
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    req.ref = q.ref;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 1.0f, "0.5 < 0.7");
    for (int i = 0; i < 4; i++) {
        q.ref[i] = 1.6f; /* / q = 0.8: fails */
        q.q[i] = 2.0f;
        q.s[i] = 0.6f, q.t[i] = -2.0f, q.r[i] = 0.4f; /* the same direction after / q */
    }
    req.q = q.q;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.0f, "1.6 / 2 = 0.8 < 0.7 fails");
    tgx_tex_destroy(tex);
}

static float lodq_unclamped(const tgx_tex_view *v, const tgx_sampler *s, float px, float py)
{
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.5f);
    for (int i = 0; i < 4; i++) {
        q.ddx[0][i] = px / 64.0f; /* 64x64 texture: gradients in texels */
        q.ddy[1][i] = py / 64.0f;
    }
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_GRAD);
    float cl[4], un[4];
    tgx_tex_query_lod(v, s, &req, cl, un, NULL);
    return un[0];
}

static void anisotropy16(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R8_UNORM, 64, 64, 1, 7);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.min_filter = TGX_TEX_FILTER_LINEAR;
    /* Px = 32, Py = 1: ratio 32; max 16 -> N = 16, lambda = log2(32 / 16) = 1 */
    s.max_anisotropy = 16;
    TGX_CHECK(lodq_unclamped(&v, &s, 32.0f, 1.0f) == 1.0f, "aniso 16: %g",
              (double)lodq_unclamped(&v, &s, 32.0f, 1.0f));
    /* max 8 -> N = 8, lambda = 2; max 1 (isotropic) -> log2(32) = 5 */
    s.max_anisotropy = 8;
    TGX_CHECK(lodq_unclamped(&v, &s, 32.0f, 1.0f) == 2.0f, "aniso 8");
    s.max_anisotropy = 1;
    TGX_CHECK(lodq_unclamped(&v, &s, 32.0f, 1.0f) == 5.0f, "isotropic");
    /* Px = 16, Py = 4, max 16: N = ceil(4) = 4, lambda = log2(16 / 4) = 2 */
    s.max_anisotropy = 16;
    TGX_CHECK(lodq_unclamped(&v, &s, 16.0f, 4.0f) == 2.0f, "ratio 4");
    tgx_tex_destroy(tex);
}

static void nv_half_and_offsets(void)
{
    /* 1D R16F [0, 1 + 2^-10], unnormalised x = 0.5 + 3/256: k = 3. The blend 3/256 (1 + 2^-10)
     * = 0.01171875 + 1.5 ulp(half); nv rounds f16 results to half precision, the tie to even:
     * 0.01171875 + 2^-16. The exact profile keeps the float. */
    tgx_tex *tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_R16_FLOAT, 2, 1, 1, 1);
    tt_setf(tex, 0, 0, 0, 0, 0.0f, 0, 0, 0);
    tt_setf(tex, 0, 1, 0, 0, 1.0f + 1.0f / 1024.0f, 0, 0, 0);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = linear_sampler();
    s.normalized_coords = false;
    s.wrap_s = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    tt_quad q;
    tt_quad_at(&q, 0.5f + 3.0f / 256.0f, 0.0f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.011730194091796875f, "exact f16 blend");
    s.profile = TGX_TEX_PROFILE_NV;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.0117340087890625f, "nv f16 rounded: %.9g",
              (double)tt_sample1(&v, &s, &req, 0, 0));
    tgx_tex_destroy(tex);

    /* nv f32 blend, correctly rounded (hw-facts: ~98% of f32 blends are): 1D R32F
     * [1 + 2^-23, 3 + 9 * 2^-23], k = 14: (242 (1 + 2^-23) + 14 (3 + 9 * 2^-23)) / 256 =
     * 1.109375 + 1.4375 * 2^-23 -> 1.109375 + 2^-23 (a float sum of rounded products gives
     * 1.109375 + 2^-22) */
    tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_R32_FLOAT, 2, 1, 1, 1);
    tt_setf(tex, 0, 0, 0, 0, 1.0f + 0x1p-23f, 0, 0, 0);
    tt_setf(tex, 0, 1, 0, 0, 3.0f + 9.0f * 0x1p-23f, 0, 0, 0);
    tgx_tex_view_init(&v, tex);
    s = linear_sampler();
    s.normalized_coords = false;
    s.wrap_s = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    s.profile = TGX_TEX_PROFILE_NV;
    tt_quad_at(&q, 0.5f + 14.0f / 256.0f, 0.0f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 1.109375f + 0x1p-23f, "nv f32 blend: %a",
              (double)tt_sample1(&v, &s, &req, 0, 0));
    tgx_tex_destroy(tex);

    /* offsets in sampling: 1D R32F of 16 texels holding x; nearest at texel 0's centre with
     * offset -9: exact reads -9 (clamped to texel 0), nv only the low 4 bits: -9 -> +7 */
    tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_R32_FLOAT, 16, 1, 1, 1);
    for (uint32_t x = 0; x < 16; x++)
        tt_setf(tex, 0, x, 0, 0, (float)x, 0, 0, 0);
    tgx_tex_view_init(&v, tex);
    s = nearest_sampler();
    s.wrap_s = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    tt_quad_at(&q, 0.5f / 16.0f, 0.0f);
    for (int i = 0; i < 4; i++)
        q.off[0][i] = -9;
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    req.offset[0] = q.off[0];
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.0f, "exact offset -9 clamps to 0");
    s.profile = TGX_TEX_PROFILE_NV;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 7.0f, "nv offset -9 acts as +7");
    tgx_tex_destroy(tex);
}

static void nv_gather_carry(void)
{
    /* 4x4 R32F, texel = x + 4y; unnormalised x = 1.5 - 1/1024: frac(x - 0.5) * 256 + 0.5 =
     * 256.25 -> k = 256 carries: the footprint moves to x 1..2 (hw-facts: "the footprint switches
     * exactly where the bilinear weight carries"); the exact profile keeps x 0..1. y = 1.0:
     * rows 0, 1. Texel (x0,y1) is element 0 of the gather. */
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R32_FLOAT, 4, 4, 1, 1);
    for (uint32_t i = 0; i < 16; i++)
        tt_setf(tex, 0, i & 3, i >> 2, 0, (float)i, 0, 0, 0);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = linear_sampler();
    s.normalized_coords = false;
    tt_quad q;
    tt_quad_at(&q, 1.5f - 1.0f / 1024.0f, 1.0f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    uint32_t cols[4][4];
    tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL);
    TGX_CHECK(tgx_bits2f(cols[0][0]) == 4.0f && tgx_bits2f(cols[3][0]) == 0.0f,
              "exact footprint x 0..1: %g", (double)tgx_bits2f(cols[0][0]));
    s.profile = TGX_TEX_PROFILE_NV;
    tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL);
    TGX_CHECK(tgx_bits2f(cols[0][0]) == 5.0f && tgx_bits2f(cols[1][0]) == 6.0f &&
                  tgx_bits2f(cols[2][0]) == 2.0f && tgx_bits2f(cols[3][0]) == 1.0f,
              "nv footprint x 1..2: %g %g %g %g", (double)tgx_bits2f(cols[0][0]),
              (double)tgx_bits2f(cols[1][0]), (double)tgx_bits2f(cols[2][0]),
              (double)tgx_bits2f(cols[3][0]));
    tgx_tex_destroy(tex);
}

static void nv_coordinate_precision_3d(void)
{
    /* hw-facts: u is floored to a multiple of 2^-F first; 3D reaches F = 22 above 4096 (5x3x4097
     * observed). A 1x1x4103 R8 3D texture, slice 0 = 0, slice 1 = 255, nearest at
     * r = 1023 / 2^22: F = 22 keeps r, r * 4103 = 1.00073 -> slice 1; F = 21 would floor r to
     * 1022 / 2^22, r * 4103 = 0.99975 -> slice 0. The exact profile: fp32(r * 4103) = 1.00073 */
    tgx_tex *tex = tt_make(TGX_TEX_3D, TGX_TEX_FORMAT_R8_UNORM, 1, 1, 4103, 1);
    tt_setf(tex, 0, 0, 0, 1, 1.0f, 0, 0, 0);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s = nearest_sampler();
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.5f);
    for (int i = 0; i < 4; i++)
        q.r[i] = 1023.0f / 4194304.0f;
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 1.0f, "exact: slice 1");
    s.profile = TGX_TEX_PROFILE_NV;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 1.0f, "nv 3D F = 22: slice 1");
    /* a 2D texture of height 4103 still uses F = 21 (2D switches above 8192): t = 1023/2^22 ->
     * row 0 */
    tgx_tex *t2 = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R8_UNORM, 1, 4103, 1, 1);
    tt_setf(t2, 0, 0, 1, 0, 1.0f, 0, 0, 0);
    tgx_tex_view_init(&v, t2);
    tt_quad_at(&q, 0.5f, 1023.0f / 4194304.0f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 0.0f, "nv 2D F = 21: row 0");
    s.profile = TGX_TEX_PROFILE_EXACT;
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 1.0f, "exact 2D: row 1");
    tgx_tex_destroy(t2);
    tgx_tex_destroy(tex);
}

static void mip_generation(void)
{
    /* 4x2 R32F rows 0 1 2 3 / 4 5 6 7: level 1 (2x1) = means of the 2x2 blocks: 2.5, 4.5;
     * level 2 (1x1) = mean of 2.5 and 4.5 with the missing row repeated: 3.5 */
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R32_FLOAT, 4, 2, 1, 3);
    for (uint32_t i = 0; i < 8; i++)
        tt_setf(tex, 0, i & 3, i >> 2, 0, (float)i, 0, 0, 0);
    TGX_CHECK(tgx_tex_generate_mipmaps(tex, NULL) == TGX_OK, "generate");
    uint32_t o[4];
    tgx_tex_load_texel(tex, 1, 0, 0, 0, 0, o);
    TGX_CHECK(tgx_bits2f(o[0]) == 2.5f, "level 1 texel 0 = %g", (double)tgx_bits2f(o[0]));
    tgx_tex_load_texel(tex, 1, 1, 0, 0, 0, o);
    TGX_CHECK(tgx_bits2f(o[0]) == 4.5f, "level 1 texel 1");
    tgx_tex_load_texel(tex, 2, 0, 0, 0, 0, o);
    TGX_CHECK(tgx_bits2f(o[0]) == 3.5f, "level 2");
    tgx_tex_destroy(tex);
    /* RGBA8: 255 and 0 average to 127.5 -> 128 (round to nearest); 3D averages 8 texels */
    tex = tt_make(TGX_TEX_3D, TGX_TEX_FORMAT_RGBA8_UNORM, 2, 2, 2, 2);
    for (uint32_t i = 0; i < 8; i++) {
        const uint32_t bits[4] = {i & 1 ? 255u : 0u, 8u * i, 0, 255};
        tgx_tex_store_texel_bits(tex, 0, i & 1, (i >> 1) & 1, i >> 2, 0, bits);
    }
    TGX_CHECK(tgx_tex_generate_mipmaps(tex, NULL) == TGX_OK, "generate 3D");
    uint32_t raw[4];
    memcpy(raw, tgx_tex_level_data(tex, 1, NULL, NULL), 4);
    const uint8_t *b = (const uint8_t *)raw;
    /* red: four 255s of eight -> 127.5 -> 128; green: 8 * mean(0..7) = 28 */
    TGX_CHECK(b[0] == 128 && b[1] == 28 && b[2] == 0 && b[3] == 255, "3D rgba8 box %u %u %u %u",
              b[0], b[1], b[2], b[3]);
    tgx_tex_destroy(tex);
    /* integer formats are not filtered */
    tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UINT, 2, 2, 1, 2);
    tgx_diag dg;
    TGX_CHECK(tgx_tex_generate_mipmaps(tex, &dg) == TGX_ERR_UNSUPPORTED, "integer refused");
    tgx_tex_destroy(tex);
}

int main(void)
{
    buffer();
    rect();
    array_layers();
    trilinear_3d();
    ms_array_fetch();
    projective_and_shadow();
    anisotropy16();
    nv_half_and_offsets();
    nv_gather_carry();
    nv_coordinate_precision_3d();
    mip_generation();
    return tgx_test_finish();
}
