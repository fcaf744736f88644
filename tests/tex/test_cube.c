/* Cube maps: face choice and face coordinates (GL 4.6 section 8.13, table 8.19, eq. 8.9), tie
 * order (exact: softpipe's X, Y, Z; nv: Z, Y, X per hw-facts.md), per-pixel faces, seamless
 * filtering across edges and at corners (GL 4.6 section 8.13.1; softpipe's corner rule), cube
 * arrays. Texel (x, y) of
 * face f holds f*100 + y*10 + x, so a result names the texel it came from. */
#include "tex_test_util.h"

static tgx_tex *make_cube(tgx_tex_target target, uint32_t cubes)
{
    tgx_tex *tex = tt_make(target, TGX_TEX_FORMAT_R32_FLOAT, 4, 4, 6 * cubes, 1);
    for (uint32_t z = 0; z < 6 * cubes; z++)
        for (uint32_t y = 0; y < 4; y++)
            for (uint32_t x = 0; x < 4; x++)
                tt_setf(tex, 0, x, y, z, (float)(z * 100 + y * 10 + x), 0, 0, 0);
    return tex;
}

static float dir_sample(const tgx_tex_view *v, const tgx_sampler *s, float rx, float ry, float rz,
                        float layer)
{
    tt_quad q;
    tt_quad_at(&q, rx, ry);
    for (int i = 0; i < 4; i++) {
        q.r[i] = rz;
        q.layer[i] = layer;
    }
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    return tt_sample1(v, s, &req, 0, 0);
}

int main(void)
{
    tgx_tex *tex = make_cube(TGX_TEX_CUBE, 1);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_NEAREST;
    s.mip_filter = TGX_TEX_MIP_NONE;
    /* +X: sc = -rz, tc = -ry. (1, 0.2, -0.3): s = (0.3 + 1)/2 = .65 -> x 2, t = .4 -> y 1 */
    TGX_CHECK(dir_sample(&v, &s, 1.0f, 0.2f, -0.3f, 0) == 12.0f, "+X");
    /* -X: sc = rz, tc = -ry. (-1, 0.2, -0.3): s = .35 -> 1, t = .4 -> 1: 100 + 11 */
    TGX_CHECK(dir_sample(&v, &s, -1.0f, 0.2f, -0.3f, 0) == 111.0f, "-X");
    /* +Y: sc = rx, tc = rz. (0.6, 1, -0.3): s = .8 -> 3, t = .35 -> 1: 200 + 13 */
    TGX_CHECK(dir_sample(&v, &s, 0.6f, 1.0f, -0.3f, 0) == 213.0f, "+Y");
    /* -Y: sc = rx, tc = -rz. (0.6, -1, -0.3): s = .8 -> 3, t = .65 -> 2: 300 + 23 */
    TGX_CHECK(dir_sample(&v, &s, 0.6f, -1.0f, -0.3f, 0) == 323.0f, "-Y");
    /* +Z: sc = rx, tc = -ry. (-0.6, 0.2, 1): s = .2 -> 0, t = .4 -> 1: 410 */
    TGX_CHECK(dir_sample(&v, &s, -0.6f, 0.2f, 1.0f, 0) == 410.0f, "+Z");
    /* -Z: sc = -rx, tc = -ry. (-0.6, 0.2, -1): s = .8 -> 3, t = .4 -> 1: 513 */
    TGX_CHECK(dir_sample(&v, &s, -0.6f, 0.2f, -1.0f, 0) == 513.0f, "-Z");
    /* |ma| scales: (2, 0.4, -0.6) is the same direction as the +X case */
    TGX_CHECK(dir_sample(&v, &s, 2.0f, 0.4f, -0.6f, 0) == 12.0f, "|ma| = 2");
    /* tie |rx| = |ry|: the exact profile takes X (softpipe's order): +X, s = .5, t = 0 -> (2, 0);
     * nv takes Z, then Y, then X: +Y with s = (1+1)/2 = 1 -> clamped x 3, t = .5 -> y 2 */
    TGX_CHECK(dir_sample(&v, &s, 1.0f, 1.0f, 0.0f, 0) == 2.0f, "tie exact");
    s.profile = TGX_TEX_PROFILE_NV;
    TGX_CHECK(dir_sample(&v, &s, 1.0f, 1.0f, 0.0f, 0) == 223.0f, "tie nv: %g",
              (double)dir_sample(&v, &s, 1.0f, 1.0f, 0.0f, 0));
    s.profile = TGX_TEX_PROFILE_EXACT;

    /* seamless linear at the +X face's right edge (s = 1, row 1 centre: tc = -0.25 -> ry = .25):
     * u = 4: i0 = 3, i1 = 4 is off the face, alpha .5. Texel 4 of +X is texel 0 of -Z at the
     * same row (the direction (1, .25, -1-1/4) lies on -Z: sc = -rx -> s small): 0.5 * 13 +
     * 0.5 * 510 */
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_LINEAR;
    TGX_CHECK(dir_sample(&v, &s, 1.0f, 0.25f, -1.0f, 0) == 261.5f, "seamless edge: %g",
              (double)dir_sample(&v, &s, 1.0f, 0.25f, -1.0f, 0));
    /* without seamless filtering the face's own wrap (clamp to edge): texel 3 twice -> 13 */
    s.seamless_cube = false;
    s.wrap_s = s.wrap_t = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    TGX_CHECK(dir_sample(&v, &s, 1.0f, 0.25f, -1.0f, 0) == 13.0f, "not seamless");
    s.seamless_cube = true;
    /* corner: direction (1, -1, -1) is a three-way tie, +X in the exact profile, s = t = 1:
     * taps (3,3), (4,3), (3,4), (4,4) with weights 1/4 each.
     * (3,3) of +X = 33.
     * (4,3): sc = 1.25, tc = .75 -> direction (1, -.75, -1.25) lies on -Z: sc = -rx = -1,
     *        tc = -ry = .75, |ma| = 1.25: s = .1 -> x 0, t = .8 -> y 3: 530.
     * (3,4): sc = .75, tc = 1.25 -> direction (1, -1.25, -.75) lies on -Y: sc = rx = 1,
     *        tc = -rz = .75, |ma| = 1.25: s = .9 -> x 3, t = .8 -> y 3: 333.
     * (4,4) is the corner: the mean of the three texels that meet there. */
    {
        const float a = 33.0f, b = 530.0f, c = 333.0f;
        const float corner = (a + b + c) / 3.0f;
        const float want = 0.25f * (a + b + c + corner);
        float got = dir_sample(&v, &s, 1.0f, -1.0f, -1.0f, 0);
        TGX_CHECK(tt_near(got, want, 1e-3f), "corner: got %g want %g", (double)got, (double)want);
        /* softpipe's rule (sp_tex_sample.c get_texel_cube_seamless): the corner tap clamps
         * its t to the face and crosses the s edge, i.e. the (4,3) texel 530 again */
        s.lod_rule = TGX_TEX_LOD_SOFTPIPE;
        const float want_sp = 0.25f * (a + b + c + b);
        got = dir_sample(&v, &s, 1.0f, -1.0f, -1.0f, 0);
        TGX_CHECK(tt_near(got, want_sp, 1e-3f), "softpipe corner: got %g want %g", (double)got,
                  (double)want_sp);
        s.lod_rule = TGX_TEX_LOD_GL;
    }
    tgx_tex_destroy(tex);

    /* cube array: layer 1 adds 600 (face-layer 6..11) */
    tex = make_cube(TGX_TEX_CUBE_ARRAY, 2);
    tgx_tex_view_init(&v, tex);
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_NEAREST;
    TGX_CHECK(dir_sample(&v, &s, 1.0f, 0.2f, -0.3f, 1.0f) == 612.0f, "cube array layer 1");
    TGX_CHECK(dir_sample(&v, &s, 1.0f, 0.2f, -0.3f, 7.0f) == 612.0f, "layer clamps");
    uint32_t size[4];
    tgx_tex_query_size(&v, 0, size);
    TGX_CHECK(size[0] == 4 && size[1] == 4 && size[2] == 2 && size[3] == 1, "cube array size");
    tgx_tex_destroy(tex);
    return tgx_test_finish();
}
