/* Depth compare (GL 4.6 section 8.23.1, table 8.23: compare each texel, then filter; fixed-point
 * depth clamps the reference to [0, 1]) and gather (TGSI GATHER4: the bilinear footprint's texels
 * in the order (-,+), (+,+), (+,-), (-,-); GL textureGather component select, offsets, compare). */
#include "tex_test_util.h"

static float cmp_at(const tgx_tex_view *v, tgx_sampler *s, float u, float ref)
{
    tt_quad q;
    tt_quad_at(&q, u, 0.25f);
    for (int i = 0; i < 4; i++)
        q.ref[i] = ref;
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    req.ref = q.ref;
    return tt_sample1(v, s, &req, 0, 0);
}

static void compare(void)
{
    /* 2x2 depth32f: row 0 = 0.2, 0.8 (row 1 the same) */
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_Z32_FLOAT, 2, 2, 1, 1);
    for (uint32_t y = 0; y < 2; y++) {
        tt_setf(tex, 0, 0, y, 0, 0.2f, 0, 0, 0);
        tt_setf(tex, 0, 1, y, 0, 0.8f, 0, 0, 0);
    }
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.compare_enable = true;
    s.compare_func = TGX_TEX_COMPARE_LEQUAL;
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_NEAREST;
    s.mip_filter = TGX_TEX_MIP_NONE;
    s.wrap_s = s.wrap_t = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    /* LEQUAL: 1 if ref <= D */
    TGX_CHECK(cmp_at(&v, &s, 0.25f, 0.5f) == 0.0f, "0.5 <= 0.2 fails");
    TGX_CHECK(cmp_at(&v, &s, 0.75f, 0.5f) == 1.0f, "0.5 <= 0.8 passes");
    /* linear halfway between the texels: compare first (0 and 1), then filter: 0.5. Filtering
     * first (softpipe) would compare 0.5 <= 0.5 and give 1. */
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_LINEAR;
    TGX_CHECK(cmp_at(&v, &s, 0.5f, 0.5f) == 0.5f, "compare then filter");
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_NEAREST;
    /* every function against D = 0.8 with ref 0.5 and ref 0.8 */
    static const struct {
        tgx_tex_compare f;
        float lt, eq; /* results for ref 0.5 (< D) and ref 0.8 (= D) */
    } t[] = {
        {TGX_TEX_COMPARE_NEVER, 0, 0},   {TGX_TEX_COMPARE_LESS, 1, 0},
        {TGX_TEX_COMPARE_EQUAL, 0, 1},   {TGX_TEX_COMPARE_LEQUAL, 1, 1},
        {TGX_TEX_COMPARE_GREATER, 0, 0}, {TGX_TEX_COMPARE_NOTEQUAL, 1, 0},
        {TGX_TEX_COMPARE_GEQUAL, 0, 1},  {TGX_TEX_COMPARE_ALWAYS, 1, 1},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        s.compare_func = t[i].f;
        TGX_CHECK(cmp_at(&v, &s, 0.75f, 0.5f) == t[i].lt, "func %zu, ref < D", i);
        TGX_CHECK(cmp_at(&v, &s, 0.75f, 0.8f) == t[i].eq, "func %zu, ref = D", i);
    }
    /* compare off: the depth itself, as (z, z, z, 1) */
    s.compare_enable = false;
    TGX_CHECK(cmp_at(&v, &s, 0.75f, 0.5f) == 0.8f, "no compare");
    tgx_tex_destroy(tex);

    /* depth16 (fixed point): the reference clamps to [0, 1]: ref 1.5 LEQUAL 1.0 passes */
    tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_Z16_UNORM, 2, 2, 1, 1);
    for (uint32_t y = 0; y < 2; y++)
        for (uint32_t x = 0; x < 2; x++)
            tt_setf(tex, 0, x, y, 0, 1.0f, 0, 0, 0);
    tgx_tex_view_init(&v, tex);
    s.compare_enable = true;
    s.compare_func = TGX_TEX_COMPARE_LEQUAL;
    TGX_CHECK(cmp_at(&v, &s, 0.75f, 1.5f) == 1.0f, "reference clamped for UNORM depth");
    /* nv: linear compare uses the 2D weight rule on the 0/1 outcomes */
    tgx_tex_destroy(tex);
}

static void gather(void)
{
    /* 4x4 RGBA32F: red = 1 + x + 4y, green = 10 * red */
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 1);
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++) {
            float r = 1.0f + (float)x + 4.0f * (float)y;
            tt_setf(tex, 0, x, y, 0, r, 10.0f * r, 0, 1);
        }
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.wrap_s = s.wrap_t = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    tt_quad q;
    /* (0.25, 0.25): u = v = 1: i0 = 0, i1 = 1, j0 = 0, j1 = 1.
     * Order (x0,y1) (x1,y1) (x1,y0) (x0,y0) = texels 5, 6, 2, 1 */
    tt_quad_at(&q, 0.25f, 0.25f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    uint32_t cols[4][4];
    tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL);
    TGX_CHECK(tgx_bits2f(cols[0][0]) == 5.0f && tgx_bits2f(cols[1][0]) == 6.0f &&
                  tgx_bits2f(cols[2][0]) == 2.0f && tgx_bits2f(cols[3][0]) == 1.0f,
              "gather order: %g %g %g %g", (double)tgx_bits2f(cols[0][0]),
              (double)tgx_bits2f(cols[1][0]), (double)tgx_bits2f(cols[2][0]),
              (double)tgx_bits2f(cols[3][0]));
    /* component 1 (green) */
    req.component = 1;
    tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL);
    TGX_CHECK(tgx_bits2f(cols[0][0]) == 50.0f && tgx_bits2f(cols[3][0]) == 10.0f, "green");
    /* component 3 through a swizzle "rgb1": every texel reads 1 */
    tgx_tex_swizzle_parse("rgb1", v.swizzle);
    req.component = 3;
    tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL);
    TGX_CHECK(tgx_bits2f(cols[2][0]) == 1.0f, "swizzle constant");
    tgx_tex_view_init(&v, tex);
    /* offset (+1, +2): footprint texels x 1..2, y 2..3: (x0,y1) = 1 + 1 + 12 = 14 */
    int32_t ox[4] = {1, 1, 1, 1}, oy[4] = {2, 2, 2, 2};
    req.component = 0;
    req.offset[0] = ox;
    req.offset[1] = oy;
    tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL);
    TGX_CHECK(tgx_bits2f(cols[0][0]) == 14.0f && tgx_bits2f(cols[3][0]) == 10.0f, "offset");
    /* per-texel offsets: texel 2 ((x1, y0)) with offset (2, 0): x1 = 3, y0 = 0 -> 4 */
    int32_t px[4] = {2, 2, 2, 2}, py[4] = {0, 0, 0, 0};
    req.offset[0] = req.offset[1] = NULL;
    req.gather_offsets[2][0] = px;
    req.gather_offsets[2][1] = py;
    tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL);
    TGX_CHECK(tgx_bits2f(cols[2][0]) == 4.0f && tgx_bits2f(cols[0][0]) == 5.0f,
              "per-texel offsets: %g", (double)tgx_bits2f(cols[2][0]));
    tgx_tex_destroy(tex);

    /* gather with compare: depth32f 2x2 = 0.2 0.8 / 0.8 0.2, ref 0.5 LESS: 1 where 0.5 < D */
    tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_Z32_FLOAT, 2, 2, 1, 1);
    tt_setf(tex, 0, 0, 0, 0, 0.2f, 0, 0, 0);
    tt_setf(tex, 0, 1, 0, 0, 0.8f, 0, 0, 0);
    tt_setf(tex, 0, 0, 1, 0, 0.8f, 0, 0, 0);
    tt_setf(tex, 0, 1, 1, 0, 0.2f, 0, 0, 0);
    tgx_tex_view_init(&v, tex);
    s.compare_enable = true;
    s.compare_func = TGX_TEX_COMPARE_LESS;
    tt_quad_at(&q, 0.5f, 0.5f);
    for (int i = 0; i < 4; i++)
        q.ref[i] = 0.5f;
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    req.ref = q.ref;
    tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL);
    /* (x0,y1) = 0.8 -> 1, (x1,y1) = 0.2 -> 0, (x1,y0) = 0.8 -> 1, (x0,y0) = 0.2 -> 0 */
    TGX_CHECK(tgx_bits2f(cols[0][0]) == 1.0f && tgx_bits2f(cols[1][0]) == 0.0f &&
                  tgx_bits2f(cols[2][0]) == 1.0f && tgx_bits2f(cols[3][0]) == 0.0f,
              "gather compare");
    tgx_tex_destroy(tex);
}

int main(void)
{
    compare();
    gather();
    return tgx_test_finish();
}
