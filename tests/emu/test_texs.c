/* TEXS: every encoding 0-13 of sm5-TEXS's legal modifier table, every row of the wmsk2C and
 * wmsk34C tables with 32-bit and packed .F16 results, .DC forcing (or not) the comparison, RZ
 * destinations. Expected registers are written down from the tables and the textures' texel
 * rule (emu_harness.h), not from the emulator's output. */
#include "emu_harness.h"

typedef struct reg_init {
    uint8_t reg;
    float v;
} reg_init;

typedef struct reg_want {
    uint8_t reg;
    float v;
} reg_want;

typedef struct texs_case {
    const char *text;
    reg_init in[5];
    reg_want want[4];
} texs_case;

/* Headers: 0x10 1D 8 wide; 0x11 2D 4x4 (3 levels); 0x12 depth 4x4 (sampler without compare);
 * 0x13 the same depth texture with a LEQUAL-comparing sampler; 0x14 2D array 4x4x3; 0x15 depth
 * array 4x4x2; 0x16 3D 4x4x4; 0x17 cube 4x4 (3 levels). Samplers: nearest, clamp to edge. */
static const texs_case encodings[] = {
    /* 0: 1D .LZ, Ra = s, Rb = RZ */
    {"TEXS.LZ RZ, R0, R4, RZ, 0x10, 1D, R ;", {{4, 3.5f / 8}}, {{0, 3}}},
    /* 1: 2D, Ra = s, Rb = t; all threads alike: no derivative, level 0 */
    {"TEXS RZ, R0, R4, R5, 0x11, 2D, RG ;", {{4, 1.5f / 4}, {5, 2.5f / 4}}, {{0, 21}, {1, 10021}}},
    /* 2: 2D .LZ */
    {"TEXS.LZ R2, R0, R4, R5, 0x11, 2D, RGBA ;",
     {{4, 1.5f / 4}, {5, 2.5f / 4}},
     {{0, 21}, {1, 10021}, {2, 20021}, {3, 30021}}},
    /* 3: 2D .LL, Ra = s,t, Rb = lod: level 1 (2x2), texel (1, 0) */
    {"TEXS.LL RZ, R0, R4, R6, 0x11, 2D, BA ;",
     {{4, 0.75f}, {5, 0.25f}, {6, 1.0f}},
     {{0, 21001}, {1, 31001}}},
    /* 4: 2D .DC, Rb = dc: forced LEQUAL compare, texel (1, 2) holds 9/16 >= 0.5 */
    {"TEXS.DC RZ, R0, R4, R6, 0x12, 2D, R ;", {{4, 1.5f / 4}, {5, 2.5f / 4}, {6, 0.5f}}, {{0, 1}}},
    /* 5: 2D .LL .DC, Rb = lod, dc: the sampler does not compare, so the depth comes back */
    {"TEXS.LL.DC RZ, R0, R4, R6, 0x12, 2D, R ;",
     {{4, 1.5f / 4}, {5, 2.5f / 4}, {6, 0.0f}, {7, 0.75f}},
     {{0, 9.0f / 16}}},
    /* 5 with a comparing sampler: 0.75 <= 9/16 is false */
    {"TEXS.LL.DC RZ, R0, R4, R6, 0x13, 2D, R ;",
     {{4, 1.5f / 4}, {5, 2.5f / 4}, {6, 0.0f}, {7, 0.75f}},
     {{0, 0}}},
    /* 6: 2D .LZ .DC, forced; layout Z gives (z, z, z, 1) */
    {"TEXS.LZ.DC RZ, R0, R4, R6, 0x12, 2D, GA ;",
     {{4, 1.5f / 4}, {5, 2.5f / 4}, {6, 0.25f}},
     {{0, 1}, {1, 1}}},
    /* 7: ARRAY_2D, Ra = array (U16), s; Rb = t */
    {"TEXS RZ, R0, R4, R6, 0x14, ARRAY_2D, R ;", {{5, 1.5f / 4}, {6, 2.5f / 4}}, {{0, 221}}},
    /* 8: ARRAY_2D .LZ */
    {"TEXS.LZ RZ, R0, R4, R6, 0x14, ARRAY_2D, GA ;",
     {{5, 1.5f / 4}, {6, 2.5f / 4}},
     {{0, 10221}, {1, 30221}}},
    /* 9: ARRAY_2D .LZ .DC, Rb = t, dc: slice 1 texel (1, 2) holds 9/16 + 1/64 */
    {"TEXS.LZ.DC RZ, R0, R4, R6, 0x15, ARRAY_2D, R ;",
     {{5, 1.5f / 4}, {6, 2.5f / 4}, {7, 0.59375f}},
     {{0, 0}}},
    /* 10: 3D, Ra = s,t, Rb = r: texel (1, 2, 3) */
    {"TEXS RZ, R0, R4, R6, 0x16, 3D, RG ;",
     {{4, 1.5f / 4}, {5, 2.5f / 4}, {6, 3.5f / 4}},
     {{0, 321}, {1, 10321}}},
    /* 11: 3D .LZ */
    {"TEXS.LZ RZ, R0, R4, R6, 0x16, 3D, A ;",
     {{4, 1.5f / 4}, {5, 2.5f / 4}, {6, 3.5f / 4}},
     {{0, 30321}}},
    /* 12: CUBE, Ra = x,y, Rb = z: (0.25, -1, -0.25) is face -Y (3), s = t = 0.625, texel (2, 2) */
    {"TEXS RZ, R0, R4, R6, 0x17, CUBE, R ;", {{4, 0.25f}, {5, -1}, {6, -0.25f}}, {{0, 322}}},
    /* 13: CUBE .LL, Rb = z, lod: level 1 (2x2), texel (1, 1) */
    {"TEXS.LL RZ, R0, R4, R6, 0x17, CUBE, R ;",
     {{4, 0.25f}, {5, -1}, {6, -0.25f}, {7, 1.0f}},
     {{0, 1311}}},
};

static tgx_tex *textures[8];

static void bind_all(tgx_sm5_emu *emu)
{
    tgx_sampler s = nearest_sampler(), cmp = compare_sampler();
    textures[0] = make_tex(TGX_TEX_1D, TGX_TEX_FORMAT_RGBA32_FLOAT, 8, 1, 1, 1, 1);
    textures[1] = make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 3, 1);
    textures[2] = make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_Z32_FLOAT, 4, 4, 1, 1, 1);
    textures[3] = make_tex(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 3, 1, 1);
    textures[4] = make_tex(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_Z32_FLOAT, 4, 4, 2, 1, 1);
    textures[5] = make_tex(TGX_TEX_3D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 4, 1, 1);
    textures[6] = make_tex(TGX_TEX_CUBE, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 6, 3, 1);
    bind(emu, 0x10, 0x10, textures[0], &s);
    bind(emu, 0x11, 0x11, textures[1], &s);
    bind(emu, 0x12, 0x12, textures[2], &s);
    bind(emu, 0x13, 0x13, textures[2], &cmp);
    bind(emu, 0x14, 0x14, textures[3], &s);
    bind(emu, 0x15, 0x15, textures[4], &s);
    bind(emu, 0x16, 0x16, textures[5], &s);
    bind(emu, 0x17, 0x17, textures[6], &s);
}

static void run_case(tgx_sm5_emu *emu, const texs_case *c)
{
    fill_sentinel(emu);
    for (unsigned i = 0; i < 5 && c->in[i].reg; i++)
        set_all_f(emu, c->in[i].reg, c->in[i].v);
    if (strstr(c->text, "ARRAY_2D"))
        set_all_u(emu, 4, strstr(c->text, "0x15") ? 1u : 2u); /* the array index is a U16 */
    if (run_line(emu, c->text) < 0)
        return;
    for (unsigned i = 0; i < 4 && (i == 0 || c->want[i].reg); i++)
        for (unsigned t = 0; t < 32; t += 31)
            CHECK_REG_F(emu, t, c->want[i].reg, c->want[i].v, c->text);
}

/* sm5-TEXS (docs/sources.md), "Legal modifier table for Rd1,Rd0,wmsk", on a 1x1 texture holding
 * (0.5, 0.25, 2, -1): what lands in Rd0, Rd0+1, Rd1, Rd1+1 (NAN: untouched). F16: the packed
 * words, with the halves 0x3800, 0x3400, 0x4000, 0xbc00 (IEEE half of the four values). */
typedef struct wmask_row {
    const char *rd1, *mask;
    float r32[4];    /* R10, R11, R12, R13 */
    uint32_t r16[2]; /* R10, R12 with .F16 */
} wmask_row;

#define U NAN
static const wmask_row wmask_rows[] = {
    {"RZ", "R", {0.5f, U, U, U}, {0x00003800, SENTINEL}},
    {"RZ", "G", {0.25f, U, U, U}, {0x00003400, SENTINEL}},
    {"RZ", "B", {2, U, U, U}, {0x00004000, SENTINEL}},
    {"RZ", "A", {-1, U, U, U}, {0x0000bc00, SENTINEL}},
    {"RZ", "RG", {0.5f, 0.25f, U, U}, {0x34003800, SENTINEL}},
    {"RZ", "RA", {0.5f, -1, U, U}, {0xbc003800, SENTINEL}},
    {"RZ", "GA", {0.25f, -1, U, U}, {0xbc003400, SENTINEL}},
    {"RZ", "BA", {2, -1, U, U}, {0xbc004000, SENTINEL}},
    {"R12", "RGB", {0.5f, 0.25f, 2, U}, {0x34003800, 0x00004000}},
    {"R12", "RGA", {0.5f, 0.25f, -1, U}, {0x34003800, 0x0000bc00}},
    {"R12", "RBA", {0.5f, 2, -1, U}, {0x40003800, 0x0000bc00}},
    {"R12", "GBA", {0.25f, 2, -1, U}, {0x40003400, 0x0000bc00}},
    {"R12", "RGBA", {0.5f, 0.25f, 2, -1}, {0x34003800, 0xbc004000}},
};
#undef U

static void test_wmask_rows(void)
{
    tgx_sm5_emu *emu;
    tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, NULL);
    tgx_tex_desc desc = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 1, 1, 1, 1, 1};
    tgx_tex *tex;
    tgx_tex_create(&desc, &tex, NULL);
    const uint32_t px[4] = {tgx_f2bits(0.5f), tgx_f2bits(0.25f), tgx_f2bits(2), tgx_f2bits(-1)};
    tgx_tex_store_texel(tex, 0, 0, 0, 0, 0, px);
    tgx_sampler s = nearest_sampler();
    bind(emu, 0x20, 1, tex, &s);
    for (size_t i = 0; i < sizeof wmask_rows / sizeof wmask_rows[0]; i++) {
        const wmask_row *w = &wmask_rows[i];
        for (int f16 = 0; f16 < 2; f16++) {
            char text[96];
            snprintf(text, sizeof text, "TEXS%s.LZ %s, R10, R4, R5, 0x20, 2D, %s ;",
                     f16 ? ".F16" : "", w->rd1, w->mask);
            fill_sentinel(emu);
            set_all_f(emu, 4, 0.5f);
            set_all_f(emu, 5, 0.5f);
            if (run_line(emu, text) < 0)
                continue;
            if (f16) {
                CHECK_REG_U(emu, 7, 10, w->r16[0], text);
                CHECK_REG_U(emu, 7, 12, w->r16[1], text);
                CHECK_REG_U(emu, 7, 11, SENTINEL, text); /* one register each */
                CHECK_REG_U(emu, 7, 13, SENTINEL, text);
                continue;
            }
            for (unsigned k = 0; k < 4; k++) {
                if (isnan(w->r32[k]))
                    CHECK_REG_U(emu, 7, 10 + k, SENTINEL, text);
                else
                    CHECK_REG_F(emu, 7, 10 + k, w->r32[k], text);
            }
        }
    }
    /* RZ as Rd0: R and G are dropped, B and A still reach Rd1 */
    fill_sentinel(emu);
    set_all_f(emu, 4, 0.5f);
    set_all_f(emu, 5, 0.5f);
    if (run_line(emu, "TEXS.LZ R12, RZ, R4, R5, 0x20, 2D, RGBA ;") == TGX_OK) {
        CHECK_REG_F(emu, 0, 12, 2.0f, "Rd0 = RZ");
        CHECK_REG_F(emu, 0, 13, -1.0f, "Rd0 = RZ");
        CHECK_REG_U(emu, 0, 0, SENTINEL, "Rd0 = RZ");
        CHECK_REG_U(emu, 0, 1, SENTINEL, "Rd0 = RZ");
        TGX_CHECK(!tgx_sm5_emu_reg_written(emu, 0) && tgx_sm5_emu_reg_written(emu, 12),
                  "only Rd1's registers are marked written");
    }
    /* RZ, RZ: nothing at all */
    tgx_sm5_emu_clear_written(emu);
    if (run_line(emu, "TEXS.LZ RZ, RZ, R4, R5, 0x20, 2D, R ;") == TGX_OK)
        for (unsigned r = 0; r < TGX_SM5_EMU_REGS; r++)
            TGX_CHECK(!tgx_sm5_emu_reg_written(emu, r), "RZ, RZ wrote R%u", r);
    tgx_sm5_emu_destroy(emu);
    tgx_tex_destroy(tex);
}

/* An illegal instruction is refused with the checker's message and changes nothing. */
static void test_refused(tgx_sm5_emu *emu)
{
    fill_sentinel(emu);
    tgx_diag d;
    tgx_status st =
        tgx_sm5_emu_run_text(emu, "TEXS RZ, R1, R4, R5, 0x11, 2D, RG ;", &d); /* Rd0 odd */
    TGX_CHECK(st == TGX_ERR_INVALID, "misaligned Rd0 runs (%d)", (int)st);
    TGX_CHECK(strstr(d.message, "sm5-TEXS") && strstr(d.message, "Rd0") && d.line == 1,
              "message: %u: %s", d.line, d.message);
    CHECK_REG_U(emu, 0, 1, SENTINEL, "refused");
    CHECK_REG_U(emu, 0, 2, SENTINEL, "refused");
    /* .F16 on an integer texture (sm5-TEXS: not supported), seen through the bound header */
    tgx_tex *itex = make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_UINT, 2, 2, 1, 1, 1);
    tgx_sampler s = nearest_sampler();
    bind(emu, 0x30, 0x30, itex, &s);
    st = tgx_sm5_emu_run_text(emu, "TEXS.F16.LZ RZ, R0, R4, R5, 0x30, 2D, R ;", &d);
    TGX_CHECK(st == TGX_ERR_INVALID && strstr(d.message, "integer"), "F16 on integers: %s",
              d.message);
    CHECK_REG_U(emu, 0, 0, SENTINEL, "refused F16");
    tgx_sm5_emu_clear_header(emu, 0x30);
    tgx_tex_destroy(itex);
}

int main(void)
{
    tgx_sm5_emu *emu;
    if (tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, NULL) < 0)
        return 1;
    bind_all(emu);
    for (size_t i = 0; i < sizeof encodings / sizeof encodings[0]; i++)
        run_case(emu, &encodings[i]);
    /* encoding 4 per thread: thread 3's reference 0.75 > 9/16 fails the LEQUAL test */
    fill_sentinel(emu);
    set_all_f(emu, 4, 1.5f / 4);
    set_all_f(emu, 5, 2.5f / 4);
    set_all_f(emu, 6, 0.5f);
    tgx_sm5_emu_set_reg_f(emu, 3, 6, 0.75f);
    if (run_line(emu, "TEXS.DC RZ, R0, R4, R6, 0x12, 2D, R ;") == TGX_OK) {
        CHECK_REG_F(emu, 2, 0, 1.0f, "per-thread reference");
        CHECK_REG_F(emu, 3, 0, 0.0f, "per-thread reference");
    }
    test_refused(emu);
    test_wmask_rows();
    tgx_sm5_emu_destroy(emu);
    for (unsigned i = 0; i < 8; i++)
        tgx_tex_destroy(textures[i]);
    return tgx_test_finish();
}
