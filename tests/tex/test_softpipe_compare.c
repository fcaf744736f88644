/* Depth compare under the softpipe rule (lod_rule = TGX_TEX_LOD_SOFTPIPE, what `tgx replay` uses):
 * softpipe filters the depth values first and compares the filtered value (Mesa 22.3
 * sp_tex_sample.c: sample_compare runs on the filtered rgba), so a linear lookup gives only 0 or
 * 1, while GL (the exact profile) compares each texel and filters the outcomes. A gather compares
 * each of its texels under both rules. Corpus cases shadow_cube and shadow_2darray_1d depend on
 * it (all values bit-exact with softpipe). Expected values worked by hand below. */
#include "tex_test_util.h"

/* 2x2 depth32f, each row 0.2, 0.8; LEQUAL (1 where ref <= D); linear, clamp to edge. */
static tgx_tex *two_depths(tgx_tex_view *v, tgx_sampler *s)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_Z32_FLOAT, 2, 2, 1, 1);
    for (uint32_t y = 0; y < 2; y++) {
        tt_setf(tex, 0, 0, y, 0, 0.2f, 0, 0, 0);
        tt_setf(tex, 0, 1, y, 0, 0.8f, 0, 0, 0);
    }
    tgx_tex_view_init(v, tex);
    tgx_sampler_init(s);
    s->compare_enable = true;
    s->compare_func = TGX_TEX_COMPARE_LEQUAL;
    s->min_filter = s->mag_filter = TGX_TEX_FILTER_LINEAR;
    s->mip_filter = TGX_TEX_MIP_NONE;
    s->wrap_s = s->wrap_t = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    return tex;
}

static float compare_at(const tgx_tex_view *v, const tgx_sampler *s, float u, float ref)
{
    tt_quad q;
    tt_quad_at(&q, u, 0.5f);
    for (int i = 0; i < 4; i++)
        q.ref[i] = ref;
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    req.ref = q.ref;
    return tt_sample1(v, s, &req, 0, 0);
}

int main(void)
{
    tgx_tex_view v;
    tgx_sampler s;
    tgx_tex *tex = two_depths(&v, &s);
    /* u = 0.375: x = 0.75, x - 0.5 = 0.25 -> weights 0.75 (D 0.2) and 0.25 (D 0.8).
     * GL: outcomes 0 and 1 -> 0.25. softpipe: filtered D = 0.35, 0.5 <= 0.35 fails -> 0. */
    TGX_CHECK(compare_at(&v, &s, 0.375f, 0.5f) == 0.25f, "exact rule: compare, then filter");
    s.lod_rule = TGX_TEX_LOD_SOFTPIPE;
    TGX_CHECK(compare_at(&v, &s, 0.375f, 0.5f) == 0.0f, "softpipe: 0.5 <= 0.35 fails: got %g",
              (double)compare_at(&v, &s, 0.375f, 0.5f));
    /* u = 0.625: weights 0.25 / 0.75, filtered D = 0.65: 0.5 <= 0.65 passes -> 1 (GL: 0.75) */
    TGX_CHECK(compare_at(&v, &s, 0.625f, 0.5f) == 1.0f, "softpipe: 0.5 <= 0.65 passes: got %g",
              (double)compare_at(&v, &s, 0.625f, 0.5f));
    s.lod_rule = TGX_TEX_LOD_GL;
    TGX_CHECK(compare_at(&v, &s, 0.625f, 0.5f) == 0.75f, "exact rule at 0.625");

    /* gather under the softpipe rule still compares each texel: footprint at the centre is
     * (0,1) (1,1) (1,0) (0,0) = D 0.2, 0.8, 0.8, 0.2 -> LEQUAL 0.5: 0, 1, 1, 0 */
    s.lod_rule = TGX_TEX_LOD_SOFTPIPE;
    tt_quad q;
    tt_quad_at(&q, 0.5f, 0.5f);
    for (int i = 0; i < 4; i++)
        q.ref[i] = 0.5f;
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    req.ref = q.ref;
    uint32_t cols[4][4];
    tgx_tex_gather(&v, &s, &req, tt_out(&q, cols), NULL);
    TGX_CHECK(tgx_bits2f(cols[0][0]) == 0.0f && tgx_bits2f(cols[1][0]) == 1.0f &&
                  tgx_bits2f(cols[2][0]) == 1.0f && tgx_bits2f(cols[3][0]) == 0.0f,
              "softpipe gather compares each texel: %g %g %g %g", (double)tgx_bits2f(cols[0][0]),
              (double)tgx_bits2f(cols[1][0]), (double)tgx_bits2f(cols[2][0]),
              (double)tgx_bits2f(cols[3][0]));
    tgx_tex_destroy(tex);
    return tgx_test_finish();
}
