/* Wrap modes (GL 4.6 section 8.14.2, eq. 8.11 and table 8.20; EXT_texture_mirror_clamp for the
 * legacy mirror-clamp modes). A 1D R32F texture of 4 texels holding 10, 11, 12, 13 makes the
 * chosen texel index visible; expected indices are worked out in the comments. */
#include "tex_test_util.h"

static tgx_tex *tex;
static tgx_tex_view view;

static float sample_s(tgx_tex_wrap wrap, tgx_tex_filter f, float s)
{
    tgx_sampler smp;
    tgx_sampler_init(&smp);
    smp.wrap_s = wrap;
    smp.min_filter = smp.mag_filter = f;
    smp.mip_filter = TGX_TEX_MIP_NONE;
    smp.border_color[0] = 0.5f;
    tt_quad q;
    tt_quad_at(&q, s, 0.0f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    return tt_sample1(&view, &smp, &req, 0, 0);
}

#define NEAREST(w, s, want)                                                                        \
    do {                                                                                           \
        float got = sample_s(TGX_TEX_WRAP_##w, TGX_TEX_FILTER_NEAREST, s);                         \
        TGX_CHECK(got == (want), #w " nearest s=%g: got %g want %g", (double)(s), (double)got,     \
                  (double)(want));                                                                 \
    } while (0)

#define LINEAR(w, s, want)                                                                         \
    do {                                                                                           \
        float got = sample_s(TGX_TEX_WRAP_##w, TGX_TEX_FILTER_LINEAR, s);                          \
        TGX_CHECK(tt_near(got, want, 1e-6f), #w " linear s=%g: got %g want %g", (double)(s),       \
                  (double)got, (double)(want));                                                    \
    } while (0)

/* Wrap modes apply per axis: a 2x2 R32F (1 2 / 3 4) with s repeating and t clamped to the
 * border (0.5), nearest: (1.25, 0.25) -> texel (0, 0) = 1; (1.25, 1.25) -> border 0.5;
 * integer formats take the integer border colour: RG32UI border_int (7, 9, ...) -> (7, 9, 0, 1) */
static void per_axis(void)
{
    tgx_tex *t2 = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R32_FLOAT, 2, 2, 1, 1);
    for (uint32_t i = 0; i < 4; i++)
        tt_setf(t2, 0, i & 1, i >> 1, 0, 1.0f + (float)i, 0, 0, 0);
    tgx_tex_view v;
    tgx_tex_view_init(&v, t2);
    tgx_sampler smp;
    tgx_sampler_init(&smp);
    smp.min_filter = smp.mag_filter = TGX_TEX_FILTER_NEAREST;
    smp.mip_filter = TGX_TEX_MIP_NONE;
    smp.wrap_s = TGX_TEX_WRAP_REPEAT;
    smp.wrap_t = TGX_TEX_WRAP_CLAMP_TO_BORDER;
    smp.border_color[0] = 0.5f;
    tt_quad q;
    tt_quad_at(&q, 1.25f, 0.25f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &smp, &req, 0, 0) == 1.0f, "s repeats");
    tt_quad_at(&q, 1.25f, 1.25f);
    req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &smp, &req, 0, 0) == 0.5f, "t border");
    tgx_tex_destroy(t2);

    t2 = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RG32_UINT, 2, 2, 1, 1);
    tgx_tex_view_init(&v, t2);
    smp.border_color_int[0] = 7;
    smp.border_color_int[1] = 9;
    smp.border_color_int[2] = 11;
    uint32_t cols[4][4];
    tgx_tex_sample(&v, &smp, &req, tt_out(&q, cols), NULL);
    TGX_CHECK(cols[0][0] == 7 && cols[1][0] == 9 && cols[2][0] == 0 && cols[3][0] == 1,
              "integer border (%u %u %u %u)", cols[0][0], cols[1][0], cols[2][0], cols[3][0]);
    tgx_tex_destroy(t2);
}

int main(void)
{
    tex = tt_make(TGX_TEX_1D, TGX_TEX_FORMAT_R32_FLOAT, 4, 1, 1, 1);
    for (uint32_t x = 0; x < 4; x++)
        tt_setf(tex, 0, x, 0, 0, 10.0f + (float)x, 0, 0, 0);
    tgx_tex_view_init(&view, tex);

    /* u = 4 s. REPEAT: i = floor(u) mod 4 */
    NEAREST(REPEAT, 0.30f, 11.0f);  /* u = 1.2 -> 1 */
    NEAREST(REPEAT, 1.10f, 10.0f);  /* u = 4.4 -> 4 mod 4 = 0 */
    NEAREST(REPEAT, -0.10f, 13.0f); /* u = -0.4 -> -1 mod 4 = 3 */
    /* MIRROR_REPEAT: (size-1) - mirror((i mod 2size) - size), mirror(a) = a>=0 ? a : -(1+a) */
    NEAREST(MIRROR_REPEAT, 1.10f, 13.0f);  /* i = 4: 4 mod 8 - 4 = 0 -> 3 - 0 = 3 */
    NEAREST(MIRROR_REPEAT, -0.10f, 10.0f); /* i = -1: 7 - 4 = 3 -> 3 - 3 = 0 */
    NEAREST(MIRROR_REPEAT, 1.60f, 11.0f);  /* i = 6: 6 - 4 = 2 -> 3 - mirror(2) = 1 */
    /* CLAMP_TO_EDGE: clamp(i, 0, 3) */
    NEAREST(CLAMP_TO_EDGE, 1.10f, 13.0f);
    NEAREST(CLAMP_TO_EDGE, -0.10f, 10.0f);
    /* CLAMP_TO_BORDER: out of [0, 3] -> border colour (0.5) */
    NEAREST(CLAMP_TO_BORDER, 1.10f, 0.5f);
    NEAREST(CLAMP_TO_BORDER, -0.01f, 0.5f);
    NEAREST(CLAMP_TO_BORDER, 0.99f, 13.0f);
    /* CLAMP (legacy): nearest behaves like clamp-to-edge */
    NEAREST(CLAMP, 1.5f, 13.0f);
    NEAREST(CLAMP, -1.5f, 10.0f);
    /* MIRROR_CLAMP_TO_EDGE: clamp(mirror(i), 0, 3) */
    NEAREST(MIRROR_CLAMP_TO_EDGE, -0.30f, 11.0f); /* i = -2 -> mirror 1 */
    NEAREST(MIRROR_CLAMP_TO_EDGE, -2.0f, 13.0f);  /* i = -8 -> 7 -> clamp 3 */
    /* MIRROR_CLAMP_TO_BORDER: |u| = 8 is outside -> border */
    NEAREST(MIRROR_CLAMP_TO_BORDER, -2.0f, 0.5f);
    NEAREST(MIRROR_CLAMP_TO_BORDER, -0.60f, 12.0f); /* |u| = 2.4 -> 2 */
    /* MIRROR_CLAMP: |u| clamped to [0, 4] -> nearest like edge */
    NEAREST(MIRROR_CLAMP, -2.0f, 13.0f);

    /* linear: i0 = floor(u - 0.5), i1 = i0 + 1, alpha = frac(u - 0.5) */
    LINEAR(REPEAT, 0.0f, 11.5f);            /* i0 = -1 -> 3, i1 = 0, alpha .5: (13 + 10) / 2 */
    LINEAR(CLAMP_TO_EDGE, 0.0f, 10.0f);     /* both clamp to texel 0 */
    LINEAR(CLAMP_TO_BORDER, 0.0f, 5.25f);   /* (0.5 + 10) / 2 */
    LINEAR(CLAMP, -1.0f, 5.25f);            /* u clamped to 0, then as border: (0.5 + 10) / 2 */
    LINEAR(CLAMP, 0.5f, 11.5f);             /* u = 2: i0 = 1, i1 = 2, alpha .5 */
    LINEAR(MIRROR_REPEAT, 0.0f, 10.0f);     /* i0 = -1 mirrors to 0, i1 = 0 */
    LINEAR(MIRROR_REPEAT, 1.0f, 13.0f);     /* u = 4: i0 = 3, i1 = 4 mirrors to 3 */
    LINEAR(CLAMP_TO_EDGE, 0.3125f, 10.75f); /* u = 1.25: i0 = 0, alpha .75: .25*10 + .75*11 */
    /* EXT_texture_mirror_clamp, linear: the mirror-clamp modes take |u| first.
     * MIRROR_CLAMP clamps |u| to [0, 4] and blends with the border like CLAMP;
     * MIRROR_CLAMP_TO_EDGE clamps the taps to the edge; MIRROR_CLAMP_TO_BORDER reads the border
     * for taps outside. s = -0.3125: |u| = 1.25 for all three: 10.75 */
    LINEAR(MIRROR_CLAMP, -0.3125f, 10.75f);
    LINEAR(MIRROR_CLAMP_TO_EDGE, -0.3125f, 10.75f);
    LINEAR(MIRROR_CLAMP_TO_BORDER, -0.3125f, 10.75f);
    /* s = -1: |u| = 4: i0 = 3, i1 = 4 (alpha .5): edge 13; border (13 + 0.5) / 2 = 6.75 */
    LINEAR(MIRROR_CLAMP_TO_EDGE, -1.0f, 13.0f);
    LINEAR(MIRROR_CLAMP_TO_BORDER, -1.0f, 6.75f);
    LINEAR(MIRROR_CLAMP, -1.0f, 6.75f);
    /* s = -1.2: |u| = 4.8: MIRROR_CLAMP clamps to 4 first (6.75); TO_BORDER: i0 = 4, i1 = 5,
     * both border (0.5); TO_EDGE: both clamp to 3 */
    LINEAR(MIRROR_CLAMP, -1.2f, 6.75f);
    LINEAR(MIRROR_CLAMP_TO_BORDER, -1.2f, 0.5f);
    LINEAR(MIRROR_CLAMP_TO_EDGE, -1.2f, 13.0f);
    /* MIRROR_REPEAT linear in the middle of the mirrored copy: s = 1.5, u = 6: i0 = 5 -> 2,
     * i1 = 6 -> 1, alpha .5: 11.5 */
    LINEAR(MIRROR_REPEAT, 1.5f, 11.5f);

    tgx_tex_destroy(tex);
    per_axis();
    return tgx_test_finish();
}
