/* TXQ (every query nvdisasm names, decimated masks, .B), TMML.LOD's four fixed-point words, and
 * TXA against the documented VCAA model (docs/sm5-emu.md). Texel rule of emu_harness.h. */
#include "emu_harness.h"

#define U(r, v)                                                                                    \
    {                                                                                              \
        r, 'u', v                                                                                  \
    }
#define F(r, v)                                                                                    \
    {                                                                                              \
        r, 'f', v                                                                                  \
    }

/* Headers: 0x11 2D 4x4 (3 levels), 0x14 2D array 4x4x3, 0x16 3D 4x4x4 (2 levels), 0x18 2D MS
 * 4x4 with 4 samples, 0x19 cube array, 0x21 = 0x11's texture with the sampler of
 * query_sampler(); 0x22 = header 0x11 with sampler 0x7ff, never set. */
static const emu_case txq_cases[] = {
    /* DIMENSION: width, height, depth or layers, levels of the level in Ra */
    {"TXQ R0, R4, TEX_HEADER_DIMENSION, 0x11, 0xb ;", {U(4, 1)}, {U(0, 2), U(1, 2), U(2, 3)}},
    {"TXQ R0, R4, TEX_HEADER_DIMENSION, 0x16, 0xf ;",
     {U(4, 1)},
     {U(0, 2), U(1, 2), U(2, 2), U(3, 2)}},
    {"TXQ R0, R4, TEX_HEADER_DIMENSION, 0x14, 0xf ;",
     {U(4, 0)},
     {U(0, 4), U(1, 4), U(2, 3), U(3, 1)}},
    /* a level out of range: zero sizes, the true level count */
    {"TXQ R0, R4, TEX_HEADER_DIMENSION, 0x11, 0xf ;",
     {U(4, 5)},
     {U(0, 0), U(1, 0), U(2, 0), U(3, 3)}},
    /* mask 0x8: the level count alone, in R0 */
    {"TXQ R0, R4, TEX_HEADER_DIMENSION, 0x11, 0x8 ;", {U(4, 0)}, {U(0, 3)}},
    /* TEXTURE_TYPE: TIC type (2D 1, 3D 2, 2D_ARRAY 5, CUBE_ARRAY 8), 0, samples, 0 */
    {"TXQ R0, R4, TEX_HEADER_TEXTURE_TYPE, 0x11, 0xf ;",
     {U(4, 0)},
     {U(0, 1), U(1, 0), U(2, 1), U(3, 0)}},
    {"TXQ R0, R4, TEX_HEADER_TEXTURE_TYPE, 0x18, 0x5 ;", {U(4, 0)}, {U(0, 1), U(1, 4)}},
    {"TXQ R0, R4, TEX_HEADER_TEXTURE_TYPE, 0x16, 0x1 ;", {U(4, 0)}, {U(0, 2)}},
    {"TXQ R0, R4, TEX_HEADER_TEXTURE_TYPE, 0x14, 0x1 ;", {U(4, 0)}, {U(0, 5)}},
    {"TXQ R0, R4, TEX_HEADER_TEXTURE_TYPE, 0x19, 0x1 ;", {U(4, 0)}, {U(0, 8)}},
    /* SAMPLER_POS: sample 1 of D3D's 4-sample pattern is (6, -2) / 16 from the centre */
    {"TXQ R0, R4, TEX_HEADER_SAMPLER_POS, 0x18, 0xf ;",
     {U(4, 1)},
     {F(0, 0.875), F(1, 0.375), U(2, 0), U(3, 0)}},
    {"TXQ R0, R4, TEX_HEADER_SAMPLER_POS, 0x11, 0x3 ;", {U(4, 1)}, {U(0, 0), U(1, 0)}},
    /* sampler queries on query_sampler() */
    {"TXQ R0, R4, TEX_SAMPLER_FILTER, 0x21, 0xf ;",
     {U(4, 0)},
     {U(0, 2), U(1, 1), U(2, 3), U(3, 4)}},
    {"TXQ R0, R4, TEX_SAMPLER_LOD, 0x21, 0xf ;",
     {U(4, 0)},
     {F(0, 0.5), F(1, 7), F(2, -1.25), U(3, 0)}},
    {"TXQ R0, R4, TEX_SAMPLER_WRAP, 0x21, 0xf ;", {U(4, 0)}, {U(0, 0), U(1, 1), U(2, 3), U(3, 12)}},
    /* the other five modes (wrap_sampler): GL's MIRROR_CLAMP is the TSC's MIRROR_ONCE_CLAMP_OGL
     * 7, MIRROR_CLAMP_TO_EDGE MIRROR_ONCE_CLAMP_TO_EDGE 5, CLAMP CLAMP_OGL 4, CLAMP_TO_EDGE 2,
     * MIRROR_CLAMP_TO_BORDER MIRROR_ONCE_BORDER 6 (nouveau's nv50_tsc_wrap_mode over
     * g80_texture.xml.h); no compare: 0 */
    {"TXQ R0, R4, TEX_SAMPLER_WRAP, 0x23, 0xf ;", {U(4, 0)}, {U(0, 7), U(1, 5), U(2, 4), U(3, 0)}},
    {"TXQ R0, R4, TEX_SAMPLER_WRAP, 0x24, 0x7 ;", {U(4, 0)}, {U(0, 2), U(1, 6), U(2, 0)}},
    {"TXQ R0, R4, TEX_SAMPLER_BORDER_COLOR, 0x21, 0xf ;",
     {U(4, 0)},
     {F(0, 0.25), F(1, 0.5), F(2, 0.75), F(3, 1)}},
    /* a query no source names reads zeros; so does a sampler query without a valid sampler */
    {"TXQ R0, R4, 4, 0x11, 0x3 ;", {U(4, 0)}, {U(0, 0), U(1, 0)}},
    {"TXQ R0, R4, TEX_SAMPLER_FILTER, 0x22, 0x1 ;", {U(4, 0)}, {U(0, 0)}},
    {"TXQ R0, R4, TEX_HEADER_DIMENSION, 0x22, 0x1 ;", {U(4, 0)}, {U(0, 4)}},
    /* TXQ.B: Ra = handle, level */
    {"TXQ.B R0, R4, TEX_HEADER_DIMENSION, 0x0, 0x9 ;",
     {U(4, 0x01600016), U(5, 1)},
     {U(0, 2), U(1, 2)}},
};

/* Samplers 0x23, 0x24: every wrap mode query_sampler() leaves out. */
static tgx_sampler wrap_sampler(tgx_tex_wrap s, tgx_tex_wrap t, tgx_tex_wrap r)
{
    tgx_sampler smp;
    tgx_sampler_init(&smp);
    smp.wrap_s = s;
    smp.wrap_t = t;
    smp.wrap_r = r;
    return smp;
}

static tgx_sampler query_sampler(void)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.mag_filter = TGX_TEX_FILTER_LINEAR;
    s.min_filter = TGX_TEX_FILTER_NEAREST;
    s.mip_filter = TGX_TEX_MIP_LINEAR;
    s.max_anisotropy = 4;
    s.min_lod = 0.5f;
    s.max_lod = 7.0f;
    s.lod_bias = -1.25f;
    s.wrap_s = TGX_TEX_WRAP_REPEAT;
    s.wrap_t = TGX_TEX_WRAP_MIRROR_REPEAT;
    s.wrap_r = TGX_TEX_WRAP_CLAMP_TO_BORDER;
    s.compare_enable = true;
    s.compare_func = TGX_TEX_COMPARE_GREATER;
    const float border[4] = {0.25f, 0.5f, 0.75f, 1.0f};
    memcpy(s.border_color, border, sizeof border);
    return s;
}

/* TMML: quad threads at (s, t), (s+1, t+0.75), (s, t+0.3125), (s+1, t+1.0625) on the 4x4
 * texture: d/dx = (4, 3) texels, d/dy = (0, 1.25). LOD = log2(5) = 2.3219 (S8.8 truncated:
 * 594 = 0x252); clamped to the 3 levels: 2.0 (U8.8 0x200); major axis (0.8, 0.6) as S2.6: u =
 * 51 (0x33), v = 38 (0x26); log2(1.25 / 5) = -2 as S4.12: -8192 = 0xe000. */
static void set_tmml_quads(tgx_sm5_emu *emu, unsigned rs, const float dx[2], const float dy[2])
{
    for (unsigned t = 0; t < 32; t++) {
        float s = 0.5f, tt = 0.5f;
        if (t & 1u) {
            s += dx[0];
            tt += dx[1];
        }
        if (t & 2u) {
            s += dy[0];
            tt += dy[1];
        }
        tgx_sm5_emu_set_reg_f(emu, t, rs, s);
        tgx_sm5_emu_set_reg_f(emu, t, rs + 1, tt);
    }
}

static void check_tmml(tgx_sm5_emu *emu, const char *text, const uint32_t *want, unsigned n)
{
    for (unsigned t = 0; t < 32; t++)
        for (unsigned k = 0; k < n; k++)
            CHECK_REG_U(emu, t, k, want[k], text);
}

static void test_tmml(tgx_sm5_emu *emu)
{
    const float dx[2] = {1.0f, 0.75f}, dy[2] = {0.0f, 0.3125f};
    const uint32_t want[4] = {0x252, 0x200, 0x2633, 0xe000};
    fill_sentinel(emu);
    set_tmml_quads(emu, 4, dx, dy);
    if (run_line(emu, "TMML.LOD R0, R4, 0x11, 2D, 0xf ;") == TGX_OK)
        check_tmml(emu, "TMML 2D", want, 4);
    /* ARRAY_2D: the array index does not change the LOD; the array texture has one level, so
     * the clamped LOD is 0; mask 0x3 writes R, G only */
    const uint32_t want_a[2] = {0x252, 0x000};
    fill_sentinel(emu);
    set_tmml_quads(emu, 5, dx, dy);
    set_all_u(emu, 4, 1);
    if (run_line(emu, "TMML.LOD R0, R4, 0x14, ARRAY_2D, 0x3 ;") == TGX_OK) {
        check_tmml(emu, "TMML ARRAY_2D", want_a, 2);
        CHECK_REG_U(emu, 0, 2, SENTINEL, "TMML mask 0x3");
    }
    /* TMML.B: Rb = handle */
    fill_sentinel(emu);
    set_tmml_quads(emu, 4, dx, dy);
    set_all_u(emu, 6, 0x01100011u);
    if (run_line(emu, "TMML.B.LOD R0, R4, R6, 0x0, 2D, 0xf ;") == TGX_OK)
        check_tmml(emu, "TMML.B", want, 4);
    /* magnified: d/dx = (0.5, 0), d/dy = (0, 0.25) texels: LOD -1 (S8.8 0xff00, high bits
     * zero), clamped 0, major (1, 0) -> u = 64, log2(0.25 / 0.5) = -1 -> 0xf000 */
    const float mdx[2] = {0.125f, 0.0f}, mdy[2] = {0.0f, 0.0625f};
    const uint32_t mag[4] = {0xff00, 0x0000, 0x0040, 0xf000};
    fill_sentinel(emu);
    set_tmml_quads(emu, 4, mdx, mdy);
    if (run_line(emu, "TMML.LOD R0, R4, 0x11, 2D, 0xf ;") == TGX_OK)
        check_tmml(emu, "TMML magnified", mag, 4);
    /* no footprint (every thread alike): LOD -inf saturates to -128.0 = 0x8000 */
    const float z[2] = {0.0f, 0.0f};
    const uint32_t point[4] = {0x8000, 0x0000, 0x0000, 0x0000};
    fill_sentinel(emu);
    set_tmml_quads(emu, 4, z, z);
    if (run_line(emu, "TMML.LOD R0, R4, 0x11, 2D, 0xf ;") == TGX_OK)
        check_tmml(emu, "TMML point", point, 4);
    /* without quads: LOD 0 */
    const uint32_t zero[4] = {0, 0, 0, 0};
    tgx_sm5_emu_set_quads(emu, false);
    fill_sentinel(emu);
    set_tmml_quads(emu, 4, dx, dy);
    if (run_line(emu, "TMML.LOD R0, R4, 0x11, 2D, 0xf ;") == TGX_OK)
        check_tmml(emu, "TMML without quads", zero, 4);
    tgx_sm5_emu_set_quads(emu, true);
}

/* TXA on a 2x2 texture, the pixel centre (0.5, 0.5) on the texels' corner: with nearest
 * filtering sample k reads texel (x_k > 0, y_k > 0) of D3D's 8-sample pattern (1,-3) (-1,3)
 * (5,1) (-3,-5) (-5,5) (-7,-1) (3,7) (7,-7): texels (1,0) (0,1) (1,1) (0,0) (0,1) (0,0) (1,1)
 * (1,0), two each. */
static void test_txa(tgx_sm5_emu *emu, const tgx_tex *tex2)
{
    const emu_case cases[] = {
        /* all weights 1: the mean of T(0,0) 0, T(1,0) 1, T(0,1) 10, T(1,1) 11 */
        {"TXA R0, R4, 0x30, 0x3 ;",
         {F(4, 0.5), F(5, 0.5), U(6, 0x11111111)},
         {F(0, 5.5), F(1, 10005.5)}},
        /* sample 2 weight 15 (texel (1,1), 11), sample 3 weight 5 (texel (0,0), 0): 165 / 20 */
        {"TXA R0, R4, 0x30, 0x1 ;", {F(4, 0.5), F(5, 0.5), U(6, 0x00005f00)}, {F(0, 8.25)}},
        /* no weight: zeros */
        {"TXA R0, R4, 0x30, 0x1 ;", {F(4, 0.5), F(5, 0.5), U(6, 0)}, {F(0, 0)}},
    };
    run_case_table(emu, cases, sizeof cases / sizeof cases[0]);
    /* with a linear sampler: the model is sum(w_k * sample_k) / sum(w_k), sample_k the unit's
     * lookup at (s + (x_k - 0.5) / 2, t + (y_k - 0.5) / 2) at LOD 0 */
    tgx_sampler lin = nearest_sampler();
    lin.min_filter = lin.mag_filter = TGX_TEX_FILTER_LINEAR;
    tgx_sm5_emu_set_sampler(emu, 0x31, &lin, NULL);
    tgx_sm5_emu_set_cbank(emu, 0, 0x31, 0x31u << 20 | 0x30u, NULL);
    const float s = 0.37f, t = 0.61f;
    const uint32_t weights = 0x3f0a1c27u;
    fill_sentinel(emu);
    set_all_f(emu, 4, s);
    set_all_f(emu, 5, t);
    set_all_u(emu, 6, weights);
    if (run_line(emu, "TXA R0, R4, 0x31, 0x1 ;") < 0)
        return;
    tgx_tex_view view;
    tgx_tex_view_init(&view, tex2);
    float acc = 0.0f, wsum = 0.0f;
    for (unsigned k = 0; k < 8; k++) {
        float pos[2], cs[4], ct[4];
        uint32_t out[4][4];
        tgx_tex_sample_position(8, k, pos);
        for (unsigned i = 0; i < 4; i++) {
            cs[i] = s + (pos[0] - 0.5f) / 2.0f;
            ct[i] = t + (pos[1] - 0.5f) / 2.0f;
        }
        tgx_tex_sample_req r;
        memset(&r, 0, sizeof r);
        r.lanes = 4;
        r.s = cs;
        r.t = ct;
        r.lod_mode = TGX_TEX_LOD_ZERO;
        tgx_tex_sample(&view, &lin, &r, (tgx_tex_result){{out[0], out[1], out[2], out[3]}}, NULL);
        float w = (float)(weights >> (4 * k) & 15u);
        if (w != 0.0f) {
            wsum += w;
            acc += w * tgx_bits2f(out[0][0]);
        }
    }
    CHECK_REG_F(emu, 0, 0, acc / wsum, "TXA linear");
    CHECK_REG_F(emu, 31, 0, acc / wsum, "TXA linear");
}

/* What each register holds (tgx_sm5_emu_reg_kind): TXQ's sizes and TMML's fixed-point fields
 * are integers (TMML's R and A signed, sm5-TMML S8.8 / S4.12), TXQ's LODs fp32, the caller's
 * set_reg bits RAW and set_reg_f values FLOAT; the kind follows the last write. */
static void test_kinds(tgx_sm5_emu *emu)
{
    tgx_sm5_emu_set_reg(emu, 7, 0, 5u);
    TGX_CHECK(tgx_sm5_emu_reg_kind(emu, 7, 0) == TGX_SM5_EMU_RAW, "set_reg: RAW");
    tgx_sm5_emu_set_reg_f(emu, 7, 0, 5.0f);
    TGX_CHECK(tgx_sm5_emu_reg_kind(emu, 7, 0) == TGX_SM5_EMU_FLOAT, "set_reg_f: FLOAT");
    set_all_u(emu, 4, 0);
    if (run_line(emu, "TXQ R0, R4, TEX_HEADER_DIMENSION, 0x11, 0x3 ;") == TGX_OK)
        TGX_CHECK(tgx_sm5_emu_reg_kind(emu, 7, 0) == TGX_SM5_EMU_UINT &&
                      tgx_sm5_emu_reg_kind(emu, 7, 1) == TGX_SM5_EMU_UINT,
                  "TXQ sizes: UINT");
    if (run_line(emu, "TXQ R0, R4, TEX_SAMPLER_LOD, 0x21, 0x3 ;") == TGX_OK)
        TGX_CHECK(tgx_sm5_emu_reg_kind(emu, 7, 0) == TGX_SM5_EMU_FLOAT, "TXQ LODs: FLOAT");
    const float dx[2] = {1.0f, 0.75f}, dy[2] = {0.0f, 0.3125f};
    set_tmml_quads(emu, 4, dx, dy);
    static const tgx_sm5_emu_kind want[4] = {TGX_SM5_EMU_INT, TGX_SM5_EMU_UINT, TGX_SM5_EMU_UINT,
                                             TGX_SM5_EMU_INT};
    if (run_line(emu, "TMML.LOD R0, R4, 0x11, 2D, 0xf ;") == TGX_OK)
        for (unsigned k = 0; k < 4; k++)
            TGX_CHECK(tgx_sm5_emu_reg_kind(emu, 7, k) == want[k], "TMML R%u's kind %d", k,
                      (int)tgx_sm5_emu_reg_kind(emu, 7, k));
}

int main(void)
{
    tgx_sm5_emu *emu;
    if (tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, NULL) < 0)
        return 1;
    tgx_sampler s = nearest_sampler(), qs = query_sampler();
    tgx_tex *t2 = make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 3, 1);
    tgx_tex *ta = make_tex(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 3, 1, 1);
    tgx_tex *t3 = make_tex(TGX_TEX_3D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 4, 2, 1);
    tgx_tex *tm = make_tex(TGX_TEX_2D_MS, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 1, 4);
    tgx_tex *tc = make_tex(TGX_TEX_CUBE_ARRAY, TGX_TEX_FORMAT_RGBA32_FLOAT, 2, 2, 12, 1, 1);
    tgx_tex *tx = make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 2, 2, 1, 1, 1);
    bind(emu, 0x11, 0x11, t2, &s);
    bind(emu, 0x14, 0x14, ta, &s);
    bind(emu, 0x16, 0x16, t3, &s);
    bind(emu, 0x18, 0x18, tm, &s);
    bind(emu, 0x19, 0x19, tc, &s);
    bind(emu, 0x21, 0x21, t2, &qs);
    tgx_sampler w1 = wrap_sampler(TGX_TEX_WRAP_MIRROR_CLAMP, TGX_TEX_WRAP_MIRROR_CLAMP_TO_EDGE,
                                  TGX_TEX_WRAP_CLAMP),
                w2 = wrap_sampler(TGX_TEX_WRAP_CLAMP_TO_EDGE, TGX_TEX_WRAP_MIRROR_CLAMP_TO_BORDER,
                                  TGX_TEX_WRAP_REPEAT);
    bind(emu, 0x23, 0x23, t2, &w1);
    bind(emu, 0x24, 0x24, t2, &w2);
    bind(emu, 0x30, 0x30, tx, &s);
    tgx_sm5_emu_set_cbank(emu, 0, 0x22, 0x7ffu << 20 | 0x11u, NULL);
    run_case_table(emu, txq_cases, sizeof txq_cases / sizeof txq_cases[0]);
    test_tmml(emu);
    test_txa(emu, tx);
    test_kinds(emu);
    tgx_sm5_emu_destroy(emu);
    tgx_tex *all[] = {t2, ta, t3, tm, tc, tx};
    for (unsigned i = 0; i < 6; i++)
        tgx_tex_destroy(all[i]);
    return tgx_test_finish();
}
