/* TLDS (every encoding of the TLDS table, docs/sm5-emu.md) and TLD (sm5-TLD's packing table: Ra =
 * array, s, t, r; Rb = handle, LOD, offsets, sample; .CL, out-of-range zeros, target matching).
 * Expected values come from the texel rule of emu_harness.h: channel c of texel (x, y), slice z,
 * level L holds c*10000 + L*1000 + z*100 + y*10 + x (multisample textures add 0.5 per sample). */
#include "emu_harness.h"

#define U(r, v)                                                                                    \
    {                                                                                              \
        r, 'u', v                                                                                  \
    }
#define F(r, v)                                                                                    \
    {                                                                                              \
        r, 'f', v                                                                                  \
    }

static const emu_case tlds_cases[] = {
    /* 0: 1D .LZ, Ra = s */
    {"TLDS.LZ RZ, R0, R4, RZ, 0x10, 1D, R ;", {U(4, 5)}, {F(0, 5)}},
    /* 1: 1D .LL, Ra = s, Rb = lod: level 1, x 2 */
    {"TLDS.LL RZ, R0, R4, R5, 0x10, 1D, RG ;", {U(4, 2), U(5, 1)}, {F(0, 1002), F(1, 11002)}},
    /* 2: 2D .LZ, Ra = s, Rb = t */
    {"TLDS.LZ RZ, R0, R4, R5, 0x11, 2D, R ;", {U(4, 3), U(5, 1)}, {F(0, 13)}},
    /* 4: 2D .LZ .AOFFI, Ra = s, t, Rb = offsets u = +2, v = -1 (0xf) */
    {"TLDS.LZ.AOFFI RZ, R0, R4, R6, 0x11, 2D, R ;", {U(4, 1), U(5, 1), U(6, 0xf2)}, {F(0, 3)}},
    /* 5: 2D .LL, Rb = lod */
    {"TLDS.LL R2, R0, R4, R6, 0x11, 2D, RGBA ;",
     {U(4, 1), U(5, 0), U(6, 1)},
     {F(0, 1001), F(1, 11001), F(2, 21001), F(3, 31001)}},
    /* 6: 2D .LZ .MS, Rb = sample 3 of texel (2, 3) */
    {"TLDS.LZ.MS RZ, R0, R4, R6, 0x18, 2D, R ;", {U(4, 2), U(5, 3), U(6, 3)}, {F(0, 33.5)}},
    /* 7: 3D .LZ, Ra = s, t, Rb = r */
    {"TLDS.LZ RZ, R0, R4, R6, 0x16, 3D, R ;", {U(4, 1), U(5, 2), U(6, 3)}, {F(0, 321)}},
    /* 8: ARRAY_2D .LZ: the array index alone in Ra, s and t in Rb */
    {"TLDS.LZ RZ, R0, R4, R6, 0x14, ARRAY_2D, R ;", {U(4, 2), U(6, 1), U(7, 2)}, {F(0, 221)}},
    /* 12: 2D .LL .AOFFI, Rb = lod, offsets: level 1, (0, 1) + (1, 0) */
    {"TLDS.LL.AOFFI RZ, R0, R4, R6, 0x11, 2D, R ;",
     {U(4, 0), U(5, 1), U(6, 1), U(7, 0x1)},
     {F(0, 1011)}},
    /* out of range coordinates and levels read zeros (sm5-TLD: border colour 0) */
    {"TLDS.LZ RZ, R0, R4, R5, 0x11, 2D, R ;", {U(4, 4), U(5, 0)}, {F(0, 0)}},
    {"TLDS.LZ RZ, R0, R4, R5, 0x11, 2D, R ;", {U(4, 0xffffffff), U(5, 0)}, {F(0, 0)}},
    {"TLDS.LL RZ, R0, R4, R5, 0x10, 1D, R ;", {U(4, 0), U(5, 4)}, {F(0, 0)}},
    /* .F16 with Rd1: R, G packed in Rd0, A in Rd1's low half (1x1 texture 0.5, 0.25, 2, -1) */
    {"TLDS.F16.LZ R2, R0, R4, R5, 0x1b, 2D, RGA ;",
     {U(4, 0), U(5, 0)},
     {U(0, 0x34003800), U(2, 0x0000bc00)}},
};

static const emu_case tld_cases[] = {
    {"TLD.LZ R0, R4, RZ, 0x11, 2D, 0xf ;",
     {U(4, 3), U(5, 2)},
     {F(0, 23), F(1, 10023), F(2, 20023), F(3, 30023)}},
    /* decimated: mask 0x5 writes R and B to R0, R1 */
    {"TLD.LL R0, R4, R6, 0x11, 2D, 0x5 ;", {U(4, 1), U(5, 1), U(6, 1)}, {F(0, 1011), F(1, 21011)}},
    {"TLD.LZ.AOFFI R0, R4, R6, 0x11, 2D, 0x1 ;", {U(4, 2), U(5, 2), U(6, 0xff)}, {F(0, 11)}},
    /* Rb = lod, offsets */
    {"TLD.LL.AOFFI R0, R4, R6, 0x11, 2D, 0x1 ;",
     {U(4, 0), U(5, 0), U(6, 1), U(7, 0x11)},
     {F(0, 1011)}},
    {"TLD.LZ.MS R0, R4, R6, 0x18, 2D, 0x1 ;", {U(4, 1), U(5, 1), U(6, 2)}, {F(0, 12)}},
    /* arrays: Ra = array, s (, t) */
    {"TLD.LZ R0, R4, RZ, 0x19, ARRAY_1D, 0x1 ;", {U(4, 2), U(5, 5)}, {F(0, 205)}},
    {"TLD.LZ R0, R4, RZ, 0x14, ARRAY_2D, 0x1 ;", {U(4, 1), U(5, 3), U(6, 0)}, {F(0, 103)}},
    {"TLD.LZ R0, R4, RZ, 0x16, 3D, 0x3 ;", {U(4, 3), U(5, 0), U(6, 2)}, {F(0, 203), F(1, 10203)}},
    /* .CL: edge clamp of coordinates (after offsets) and of the array index */
    {"TLD.LZ.CL R0, R4, RZ, 0x11, 2D, 0x1 ;", {U(4, 7), U(5, 0xfffffffd)}, {F(0, 3)}},
    {"TLD.LZ.CL R0, R4, RZ, 0x14, ARRAY_2D, 0x1 ;", {U(4, 9), U(5, 1), U(6, 1)}, {F(0, 211)}},
    {"TLD.LZ R0, R4, RZ, 0x14, ARRAY_2D, 0x1 ;", {U(4, 9), U(5, 1), U(6, 1)}, {F(0, 0)}},
    {"TLD.LZ.AOFFI.CL R0, R4, R6, 0x11, 2D, 0x1 ;", {U(4, 3), U(5, 0), U(6, 0x7)}, {F(0, 3)}},
    /* the array index is the low 16 bits of its register */
    {"TLD.LZ R0, R4, RZ, 0x14, ARRAY_2D, 0x1 ;", {U(4, 0x50001), U(5, 3), U(6, 0)}, {F(0, 103)}},
    /* arrays and non-arrays mix when the coordinate count matches (sm5-TLD) */
    {"TLD.LZ R0, R4, RZ, 0x11, ARRAY_2D, 0x1 ;", {U(4, 0), U(5, 2), U(6, 1)}, {F(0, 12)}},
    {"TLD.LZ R0, R4, RZ, 0x11, ARRAY_2D, 0x1 ;", {U(4, 1), U(5, 2), U(6, 1)}, {F(0, 0)}},
    {"TLD.LZ R0, R4, RZ, 0x14, 2D, 0x1 ;", {U(4, 2), U(5, 1)}, {F(0, 12)}},
    /* the coordinate count does not match: zeros */
    {"TLD.LZ R0, R4, RZ, 0x16, 2D, 0x1 ;", {U(4, 1), U(5, 1)}, {F(0, 0)}},
    {"TLD.LZ R0, R4, RZ, 0x11, 1D, 0x1 ;", {U(4, 1)}, {F(0, 0)}},
    /* CUBE is RESERVED for TLD (sm5-TLD #paramA list): no header fits */
    {"TLD.LZ R0, R4, RZ, 0x17, CUBE, 0x1 ;", {U(4, 1), U(5, 1), U(6, 1)}, {F(0, 0)}},
};

static tgx_tex *textures[16];
static unsigned ntex;

static void bind_tex(tgx_sm5_emu *emu, uint32_t idx, tgx_tex *tex)
{
    tgx_sampler s = nearest_sampler();
    textures[ntex++] = tex;
    bind(emu, idx, idx, tex, &s);
}

static void bind_all(tgx_sm5_emu *emu)
{
    bind_tex(emu, 0x10, make_tex(TGX_TEX_1D, TGX_TEX_FORMAT_RGBA32_FLOAT, 8, 1, 1, 4, 1));
    bind_tex(emu, 0x11, make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 3, 1));
    bind_tex(emu, 0x14, make_tex(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 3, 1, 1));
    bind_tex(emu, 0x16, make_tex(TGX_TEX_3D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 4, 1, 1));
    bind_tex(emu, 0x17, make_tex(TGX_TEX_CUBE, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 6, 1, 1));
    bind_tex(emu, 0x18, make_tex(TGX_TEX_2D_MS, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 1, 4));
    bind_tex(emu, 0x19, make_tex(TGX_TEX_1D_ARRAY, TGX_TEX_FORMAT_RGBA32_FLOAT, 8, 1, 3, 1, 1));
    tgx_tex_desc desc = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 1, 1, 1, 1, 1};
    tgx_tex *tex;
    tgx_tex_create(&desc, &tex, NULL);
    const uint32_t px[4] = {tgx_f2bits(0.5f), tgx_f2bits(0.25f), tgx_f2bits(2), tgx_f2bits(-1)};
    tgx_tex_store_texel(tex, 0, 0, 0, 0, 0, px);
    bind_tex(emu, 0x1b, tex);
}

/* TLD.B: each thread's handle (Rb+0) picks its own header; threads sharing one go together. Even
 * threads read header 0x11, odd threads a 2D view of slice 2 of the array texture, thread 5 a
 * 3D texture through a 2D instruction (zeros). */
static void test_bindless(tgx_sm5_emu *emu)
{
    tgx_sm5_emu_header slice2;
    tgx_sm5_emu_header_init(&slice2, textures[2]);
    slice2.view.target = TGX_TEX_2D;
    slice2.view.first_slice = 2;
    slice2.view.num_slices = 1;
    tgx_sm5_emu_set_header(emu, 0x40, &slice2, NULL);
    fill_sentinel(emu);
    set_all_u(emu, 4, 3);
    set_all_u(emu, 5, 2);
    for (unsigned t = 0; t < 32; t++)
        tgx_sm5_emu_set_reg(emu, t, 6, t % 2 ? 0x40u : 0x11u);
    tgx_sm5_emu_set_reg(emu, 5, 6, 0x16u);
    if (run_line(emu, "TLD.B.LZ R0, R4, R6, 0x0, 2D, 0x1 ;") < 0)
        return;
    for (unsigned t = 0; t < 32; t++)
        CHECK_REG_F(emu, t, 0, t == 5 ? 0.0f : t % 2 ? 223.0f : 23.0f, "TLD.B per-thread handles");
}

/* TLD.LZ with the sparse predicate: an unmapped header reads zeros and sets Ps, a resident one
 * clears it (sm5-TLD "Ps"; PTX: "data loaded will be all zeros"). */
static void test_sparse(tgx_sm5_emu *emu)
{
    tgx_sm5_emu_header h;
    tgx_sm5_emu_header_init(&h, textures[1]);
    h.unmapped = true;
    tgx_sm5_emu_set_header(emu, 0x41, &h, NULL);
    tgx_sm5_emu_set_cbank(emu, 0, 0x41, 0x41, NULL);
    fill_sentinel(emu);
    set_all_u(emu, 4, 1);
    set_all_u(emu, 5, 1);
    if (run_line(emu, "TLD.LZ P1, R0, R4, RZ, 0x41, 2D, 0x1 ;") == TGX_OK) {
        CHECK_REG_F(emu, 9, 0, 0.0f, "unmapped");
        TGX_CHECK(tgx_sm5_emu_pred(emu, 9, 1) && tgx_sm5_emu_pred_written(emu, 1),
                  "unmapped sets P1");
    }
    if (run_line(emu, "TLD.LZ P1, R0, R4, RZ, 0x11, 2D, 0x1 ;") == TGX_OK) {
        CHECK_REG_F(emu, 9, 0, 11.0f, "resident");
        TGX_CHECK(!tgx_sm5_emu_pred(emu, 9, 1), "resident clears P1");
    }
    /* Guarded: threads whose guard is false do not execute, so their Ps keeps its value (a
     * thread that does not run writes nothing, sm5 "Predicated execution"). P1 set in every
     * thread, P0 in the even ones; the fetch is resident: P1 cleared in the even threads only. */
    for (unsigned t = 0; t < 32; t++) {
        tgx_sm5_emu_set_pred(emu, t, 1, true);
        tgx_sm5_emu_set_pred(emu, t, 0, t % 2 == 0);
    }
    if (run_line(emu, "@P0 TLD.LZ P1, R0, R4, RZ, 0x11, 2D, 0x1 ;") == TGX_OK)
        for (unsigned t = 0; t < 32; t++)
            TGX_CHECK(tgx_sm5_emu_pred(emu, t, 1) == (t % 2 != 0),
                      "guarded sparse fetch: thread %u's P1 is %d", t, tgx_sm5_emu_pred(emu, t, 1));
}

/* A handle's header index has 20 bits (TGX_SM5_EMU_MAX_HEADER, sm5-TEX .B: headerPtr in bits
 * 0..19): header 0x12345 is not header 0x2345. The texel rule gives texel (1, 1) of level 0 of
 * textures[1] the red 11, as the resident fetch above; header 0x2345 is never set (zeros). */
static void test_wide_header(tgx_sm5_emu *emu)
{
    tgx_sm5_emu_header h;
    tgx_sm5_emu_header_init(&h, textures[1]);
    tgx_status st = tgx_sm5_emu_set_header(emu, 0x12345, &h, NULL);
    TGX_CHECK(st == TGX_OK, "header 0x12345 set");
    fill_sentinel(emu);
    set_all_u(emu, 4, 1);
    set_all_u(emu, 5, 1);
    set_all_u(emu, 6, 0x11u << 20 | 0x12345u);
    if (st == TGX_OK && run_line(emu, "TLD.B.LZ R0, R4, R6, 0x0, 2D, 0x1 ;") == TGX_OK)
        CHECK_REG_F(emu, 3, 0, 11.0f, "TLD.B through header 0x12345");
}

int main(void)
{
    tgx_sm5_emu *emu;
    if (tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, NULL) < 0)
        return 1;
    bind_all(emu);
    run_case_table(emu, tlds_cases, sizeof tlds_cases / sizeof tlds_cases[0]);
    run_case_table(emu, tld_cases, sizeof tld_cases / sizeof tld_cases[0]);
    test_bindless(emu);
    test_sparse(emu);
    test_wide_header(emu);
    tgx_sm5_emu_destroy(emu);
    for (unsigned i = 0; i < ntex; i++)
        tgx_tex_destroy(textures[i]);
    return tgx_test_finish();
}
