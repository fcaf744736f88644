/* TEX and TXD: LOD modes (.LZ .LB .LL .LBA .LLA, implicit from quads), .AOFFI, .DC (compare only
 * when the sampler enables it), .LC, arrays, cubes, the bindless forms, gradients; then the warp
 * model: quads with inactive threads, predicated-off threads, helpers and .NODEP, warps without
 * quads. Texel rule of emu_harness.h: channel 0 of texel (x, y), slice z, level L is L*1000 +
 * z*100 + y*10 + x; the depth texture holds (4y + x) / 16.
 *
 * Unless a case says otherwise, thread t is pixel (px, py) = (t & 1, t >> 1 & 1) of its quad and
 * samples the 4x4 texture at s = (px + 0.5) * step / 4, t = (py + 0.5) * step / 4: neighbours
 * differ by `step` texels, so the implicit LOD is log2(step). */
#include "emu_harness.h"

static tgx_tex *textures[8];

static unsigned px(unsigned t)
{
    return t & 1u;
}

static unsigned py(unsigned t)
{
    return t >> 1 & 1u;
}

/* s, t of every thread in registers rs, rs + 1, neighbours `step` texels apart. */
static void set_quad_coords(tgx_sm5_emu *emu, unsigned rs, float step)
{
    for (unsigned t = 0; t < 32; t++) {
        tgx_sm5_emu_set_reg_f(emu, t, rs, ((float)px(t) + 0.5f) * step / 4.0f);
        tgx_sm5_emu_set_reg_f(emu, t, rs + 1, ((float)py(t) + 0.5f) * step / 4.0f);
    }
}

/* A case whose expected R0 depends on the thread: want(t). */
typedef float (*want_fn)(unsigned t);

static void check_r0(tgx_sm5_emu *emu, const char *text, want_fn want)
{
    for (unsigned t = 0; t < 32; t++)
        CHECK_REG_F(emu, t, 0, want(t), text);
}

static float level0_texel(unsigned t)
{
    return (float)(py(t) * 10 + px(t));
}
static float level1_origin(unsigned t)
{
    (void)t;
    return 1000.0f;
}
static float level1_px(unsigned t) /* 2-texel steps at level 1 (2x2): texel (px, py) */
{
    return 1000.0f + (float)(py(t) * 10 + px(t));
}
static float level0_step2(unsigned t) /* 2-texel steps at level 0: texel (2px + 1, 2py + 1) */
{
    return (float)((2 * py(t) + 1) * 10 + 2 * px(t) + 1);
}
static float level2(unsigned t)
{
    (void)t;
    return 2000.0f;
}
static float offset_texel(unsigned t) /* (+1, +2) */
{
    return (float)((py(t) + 2) * 10 + px(t) + 1);
}
static float depth_value(unsigned t)
{
    return (float)(4 * py(t) + px(t)) / 16.0f;
}
static float depth_cmp_01(unsigned t) /* 0.1 <= (4py + px) / 16 */
{
    return 0.1f <= depth_value(t) ? 1.0f : 0.0f;
}
static float depth_cmp_04_off(unsigned t) /* 0.4 <= D(px + 1, py + 1) */
{
    return 0.4f <= (float)(4 * (py(t) + 1) + px(t) + 1) / 16.0f ? 1.0f : 0.0f;
}
static float slice1(unsigned t)
{
    return 100.0f + level0_texel(t);
}
static float slice2_x1(unsigned t)
{
    return 200.0f + level0_texel(t) + 1.0f;
}
static float x_plus1(unsigned t)
{
    return level0_texel(t) + 1.0f;
}

/* Runs text after setting quad coordinates in R4, R5 (or R5, R6 when the array index is R4) and
 * the given words in other registers of every thread. */
static void run_quad(tgx_sm5_emu *emu, const char *text, unsigned rs, float step,
                     const unsigned *regs, const uint32_t *vals, unsigned n, want_fn want)
{
    fill_sentinel(emu);
    set_quad_coords(emu, rs, step);
    for (unsigned i = 0; i < n; i++)
        set_all_u(emu, regs[i], vals[i]);
    if (run_line(emu, text) == TGX_OK)
        check_r0(emu, text, want);
}

static void test_tex_lod_modes(tgx_sm5_emu *emu)
{
    const unsigned r6[] = {6}, r4[] = {4};
    const uint32_t one[] = {tgx_f2bits(1.0f)}, two[] = {tgx_f2bits(2.0f)};
    /* implicit: neighbours 1 texel apart, LOD 0, magnified: level 0 */
    run_quad(emu, "TEX R0, R4, RZ, 0x11, 2D, 0x1 ;", 4, 1.0f, NULL, NULL, 0, level0_texel);
    /* .LB 1: LOD 1, level 1 (2x2), its texel (0, 0) */
    run_quad(emu, "TEX.LB R0, R4, R6, 0x11, 2D, 0x1 ;", 4, 1.0f, r6, one, 1, level1_origin);
    run_quad(emu, "TEX.LBA R0, R4, R6, 0x11, 2D, 0x1 ;", 4, 1.0f, r6, one, 1, level1_origin);
    /* implicit with neighbours 2 texels apart: LOD 1 */
    run_quad(emu, "TEX R0, R4, RZ, 0x11, 2D, 0x1 ;", 4, 2.0f, NULL, NULL, 0, level1_px);
    /* .LL 2 / .LLA 2: level 2, whatever the derivatives */
    run_quad(emu, "TEX.LL R0, R4, R6, 0x11, 2D, 0x1 ;", 4, 1.0f, r6, two, 1, level2);
    run_quad(emu, "TEX.LLA R0, R4, R6, 0x11, 2D, 0x1 ;", 4, 2.0f, r6, two, 1, level2);
    /* .LZ: level 0 even with 2-texel steps */
    run_quad(emu, "TEX.LZ R0, R4, RZ, 0x11, 2D, 0x1 ;", 4, 1.0f, NULL, NULL, 0, level0_texel);
    /* .AOFFI: u = +1, v = +2 in bits 3..0, 7..4 */
    const uint32_t off[] = {0x21};
    run_quad(emu, "TEX.LZ.AOFFI R0, R4, R6, 0x11, 2D, 0x1 ;", 4, 1.0f, r6, off, 1, offset_texel);
    /* .LC: minimum LOD 2.0 as U8.8 above the (absent) array index: level 2 */
    const uint32_t lc[] = {0x0200u << 16};
    run_quad(emu, "TEX.LC R0, R4, RZ, 0x11, 2D, 0x1 ;", 5, 1.0f, r4, lc, 1, level2);
    /* .B: Rb = handle (sampler 0x11, header 0x11), then the LOD */
    const unsigned hb[] = {6, 7};
    const uint32_t hv[] = {0x01100011u, tgx_f2bits(1.0f)};
    run_quad(emu, "TEX.B.LL R0, R4, R6, 0x0, 2D, 0x1 ;", 4, 1.0f, hb, hv, 2, level1_origin);
}

static void test_tex_compare_and_targets(tgx_sm5_emu *emu)
{
    const unsigned r6[] = {6}, r4[] = {4};
    /* .DC on a sampler without comparison: TEX does not force it, the depth comes back */
    const uint32_t ref01[] = {tgx_f2bits(0.1f)};
    run_quad(emu, "TEX.LZ.DC R0, R4, R6, 0x12, 2D, 0x1 ;", 4, 1.0f, r6, ref01, 1, depth_value);
    run_quad(emu, "TEX.LZ.DC R0, R4, R6, 0x13, 2D, 0x1 ;", 4, 1.0f, r6, ref01, 1, depth_cmp_01);
    /* Rb = lod, offsets, reference (4-aligned) */
    const unsigned rb[] = {8, 9, 10};
    const uint32_t rbv[] = {0, 0x11, tgx_f2bits(0.4f)};
    run_quad(emu, "TEX.LL.AOFFI.DC R0, R4, R8, 0x13, 2D, 0x1 ;", 4, 1.0f, rb, rbv, 3,
             depth_cmp_04_off);
    /* ARRAY_2D: Ra = array (U16), s, t */
    const uint32_t a1[] = {1};
    run_quad(emu, "TEX.LZ R0, R4, RZ, 0x14, ARRAY_2D, 0x1 ;", 5, 1.0f, r4, a1, 1, slice1);
    /* an array instruction on a 2D texture: the index is ignored (one layer) */
    run_quad(emu, "TEX.LZ R0, R4, RZ, 0x11, ARRAY_2D, 0x1 ;", 5, 1.0f, r4, a1, 1, level0_texel);
    /* CUBE: (0.25, -1, -0.25) is face -Y, texel (2, 2); ARRAY_CUBE layer 1: slice 6 + 3 */
    fill_sentinel(emu);
    set_all_f(emu, 4, 0.25f);
    set_all_f(emu, 5, -1.0f);
    set_all_f(emu, 6, -0.25f);
    if (run_line(emu, "TEX.LZ R0, R4, RZ, 0x17, CUBE, 0x1 ;") == TGX_OK)
        CHECK_REG_F(emu, 0, 0, 322.0f, "CUBE");
    fill_sentinel(emu);
    set_all_u(emu, 4, 1);
    set_all_f(emu, 5, 0.25f);
    set_all_f(emu, 6, -1.0f);
    set_all_f(emu, 7, -0.25f);
    if (run_line(emu, "TEX.LZ R0, R4, RZ, 0x18, ARRAY_CUBE, 0x1 ;") == TGX_OK)
        CHECK_REG_F(emu, 0, 0, 922.0f, "ARRAY_CUBE");
    /* 3D: Ra = s, t, r */
    fill_sentinel(emu);
    set_all_f(emu, 4, 1.5f / 4);
    set_all_f(emu, 5, 2.5f / 4);
    set_all_f(emu, 6, 3.5f / 4);
    if (run_line(emu, "TEX.LZ R0, R4, RZ, 0x16, 3D, 0x1 ;") == TGX_OK)
        CHECK_REG_F(emu, 0, 0, 321.0f, "3D");
    /* a 2D instruction on a 3D texture: the coordinate counts differ, zeros */
    if (run_line(emu, "TEX.LZ R0, R4, RZ, 0x16, 2D, 0x1 ;") == TGX_OK)
        CHECK_REG_F(emu, 0, 0, 0.0f, "2D on 3D");
}

static void test_txd(tgx_sm5_emu *emu)
{
    /* Rb = ds/dx, ds/dy, dt/dx, dt/dy: ds/dx = 0.5 is 2 texels, LOD 1 */
    const unsigned rb[] = {8, 9, 10, 11};
    const uint32_t lod1[] = {tgx_f2bits(0.5f), 0, 0, 0}, lod0[] = {tgx_f2bits(0.25f), 0, 0, 0};
    run_quad(emu, "TXD R0, R4, R8, 0x11, 2D, 0x1 ;", 4, 1.0f, rb, lod1, 4, level1_origin);
    run_quad(emu, "TXD R0, R4, R8, 0x11, 2D, 0x1 ;", 4, 1.0f, rb, lod0, 4, level0_texel);
    /* the other axis's gradients count too: dt/dy = 0.5 */
    const uint32_t dtdy[] = {0, 0, 0, tgx_f2bits(0.5f)};
    run_quad(emu, "TXD R0, R4, R8, 0x11, 2D, 0x1 ;", 4, 1.0f, rb, dtdy, 4, level1_origin);
    /* .AOFFI: Ra = s, t, offsets << 16 (u = +1) */
    const unsigned ro[] = {6, 8, 9, 10, 11};
    const uint32_t off[] = {0x1u << 16, tgx_f2bits(0.25f), 0, 0, 0};
    run_quad(emu, "TXD.AOFFI R0, R4, R8, 0x11, 2D, 0x1 ;", 4, 1.0f, ro, off, 5, x_plus1);
    /* ARRAY_2D: Ra = s, t, array | offsets << 16 */
    const uint32_t arr[] = {2u | 0x1u << 16, tgx_f2bits(0.25f), 0, 0, 0};
    run_quad(emu, "TXD.AOFFI R0, R4, R8, 0x14, ARRAY_2D, 0x1 ;", 4, 1.0f, ro, arr, 5, slice2_x1);
    /* .LC: the clamp is U4.8 in bits 31..20 of the third register: 1.0 */
    const uint32_t lc[] = {0x100u << 20, tgx_f2bits(0.25f), 0, 0, 0};
    run_quad(emu, "TXD.LC R0, R4, R8, 0x11, 2D, 0x1 ;", 4, 1.0f, ro, lc, 5, level1_origin);
    /* TXD.B: Ra = handle, s, t */
    fill_sentinel(emu);
    set_quad_coords(emu, 5, 1.0f);
    set_all_u(emu, 4, 0x01100011u);
    set_all_f(emu, 8, 0.5f);
    set_all_u(emu, 9, 0);
    set_all_u(emu, 10, 0);
    set_all_u(emu, 11, 0);
    if (run_line(emu, "TXD.B R0, R4, R8, 0x0, 2D, 0x1 ;") == TGX_OK)
        check_r0(emu, "TXD.B", level1_origin);
}

/* Quads keep every thread's registers as neighbours: thread 0 sees threads 1 and 2 even when they
 * are inactive (threads 1, 2 write nothing); thread 1 three texels away gives LOD log2(3), level
 * 2 under mip nearest. */
static void test_quads(tgx_sm5_emu *emu)
{
    fill_sentinel(emu);
    set_quad_coords(emu, 4, 1.0f);
    tgx_sm5_emu_set_reg_f(emu, 1, 4, 3.5f / 4.0f);
    tgx_sm5_emu_set_active(emu, ~0x6u);
    if (run_line(emu, "TEX R0, R4, RZ, 0x11, 2D, 0x1 ;") == TGX_OK) {
        CHECK_REG_F(emu, 0, 0, 2000.0f, "quad with inactive threads");
        CHECK_REG_U(emu, 1, 0, SENTINEL, "inactive thread");
        CHECK_REG_U(emu, 2, 0, SENTINEL, "inactive thread");
        CHECK_REG_F(emu, 3, 0, 2000.0f, "quad with inactive threads");
        CHECK_REG_F(emu, 4, 0, 0.0f, "next quad, 1-texel steps");
    }
    tgx_sm5_emu_set_active(emu, 0xffffffffu);
    /* .NDV changes nothing (docs/sm5-emu.md, Choices) */
    tgx_sm5_emu_set_active(emu, ~0x6u);
    fill_sentinel(emu);
    set_quad_coords(emu, 4, 1.0f);
    tgx_sm5_emu_set_reg_f(emu, 1, 4, 3.5f / 4.0f);
    if (run_line(emu, "TEX.NDV R0, R4, RZ, 0x11, 2D, 0x1 ;") == TGX_OK)
        CHECK_REG_F(emu, 0, 0, 2000.0f, ".NDV");
    tgx_sm5_emu_set_active(emu, 0xffffffffu);
}

/* @P0 / @!P0: threads whose guard is false neither fetch nor write. */
static void test_predicates(tgx_sm5_emu *emu)
{
    for (unsigned t = 0; t < 32; t++)
        tgx_sm5_emu_set_pred(emu, t, 0, t % 2 == 0);
    fill_sentinel(emu);
    set_quad_coords(emu, 4, 1.0f);
    if (run_line(emu, "@P0 TEX.LZ R0, R4, RZ, 0x11, 2D, 0x1 ;") == TGX_OK)
        for (unsigned t = 0; t < 32; t++) {
            if (t % 2)
                CHECK_REG_U(emu, t, 0, SENTINEL, "@P0, P0 false");
            else
                CHECK_REG_F(emu, t, 0, level0_texel(t), "@P0, P0 true");
        }
    fill_sentinel(emu);
    set_quad_coords(emu, 4, 1.0f);
    if (run_line(emu, "@!P0 TEX.LZ R0, R4, RZ, 0x11, 2D, 0x1 ;") == TGX_OK)
        for (unsigned t = 0; t < 32; t++) {
            if (t % 2)
                CHECK_REG_F(emu, t, 0, level0_texel(t), "@!P0, P0 false");
            else
                CHECK_REG_U(emu, t, 0, SENTINEL, "@!P0, P0 true");
        }
}

/* Helpers (killed pixels) run unless .NODEP disables them; their registers still feed the
 * quad's derivatives (thread 1 two texels right of thread 0: LOD 1). */
static void test_helpers(tgx_sm5_emu *emu)
{
    tgx_sm5_emu_set_helpers(emu, 0x2u);
    fill_sentinel(emu);
    set_quad_coords(emu, 4, 2.0f);
    if (run_line(emu, "TEX.NODEP R0, R4, RZ, 0x11, 2D, 0x1 ;") == TGX_OK) {
        CHECK_REG_U(emu, 1, 0, SENTINEL, ".NODEP disables the helper");
        CHECK_REG_F(emu, 0, 0, 1000.0f, "the helper still counts for derivatives");
    }
    if (run_line(emu, "TEX R0, R4, RZ, 0x11, 2D, 0x1 ;") == TGX_OK)
        CHECK_REG_F(emu, 1, 0, 1001.0f, "without .NODEP the helper fetches");
    tgx_sm5_emu_set_helpers(emu, 0);
}

/* Without quads (vertex, compute), an implicit LOD is 0 plus the bias. */
static void test_no_quads(tgx_sm5_emu *emu)
{
    tgx_sm5_emu_set_quads(emu, false);
    run_quad(emu, "TEX R0, R4, RZ, 0x11, 2D, 0x1 ;", 4, 2.0f, NULL, NULL, 0, level0_step2);
    const unsigned r6[] = {6};
    const uint32_t one[] = {tgx_f2bits(1.0f)};
    run_quad(emu, "TEX.LB R0, R4, R6, 0x11, 2D, 0x1 ;", 4, 2.0f, r6, one, 1, level1_px);
    tgx_sm5_emu_set_quads(emu, true);
}

int main(void)
{
    tgx_sm5_emu *emu;
    if (tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, NULL) < 0)
        return 1;
    tgx_sampler s = nearest_sampler(), cmp = compare_sampler();
    textures[0] = make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 3, 1);
    textures[1] = make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_Z32_FLOAT, 4, 4, 1, 1, 1);
    textures[2] = make_tex(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 3, 1, 1);
    textures[3] = make_tex(TGX_TEX_3D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 4, 1, 1);
    textures[4] = make_tex(TGX_TEX_CUBE, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 6, 1, 1);
    textures[5] = make_tex(TGX_TEX_CUBE_ARRAY, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 12, 1, 1);
    bind(emu, 0x11, 0x11, textures[0], &s);
    bind(emu, 0x12, 0x12, textures[1], &s);
    bind(emu, 0x13, 0x13, textures[1], &cmp);
    bind(emu, 0x14, 0x14, textures[2], &s);
    bind(emu, 0x16, 0x16, textures[3], &s);
    bind(emu, 0x17, 0x17, textures[4], &s);
    bind(emu, 0x18, 0x18, textures[5], &s);
    test_tex_lod_modes(emu);
    test_tex_compare_and_targets(emu);
    test_txd(emu);
    test_quads(emu);
    test_predicates(emu);
    test_helpers(emu);
    test_no_quads(emu);
    tgx_sm5_emu_destroy(emu);
    for (unsigned i = 0; i < 8; i++)
        tgx_tex_destroy(textures[i]);
    return tgx_test_finish();
}
