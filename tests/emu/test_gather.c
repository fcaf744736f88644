/* TLD4S and TLD4: the gathered footprint in GL/D3D order (x0,y1), (x1,y1), (x1,y0), (x0,y0), the
 * component select, .AOFFI (6-bit fields in bytes), .PTP (one offset per texel), .DC, .F16, the
 * bindless form, arrays. Texel rule of emu_harness.h: channel c of texel (x, y), slice z holds
 * c*10000 + z*100 + y*10 + x; the depth texture holds (4y + x) / 16.
 *
 * (s, t) = (0.5, 0.5) on a 4x4 texture sits between texels 1 and 2 in both axes, so the footprint
 * is x0 = 1, x1 = 2, y0 = 1, y1 = 2: R, G, B, A = T(1,2), T(2,2), T(2,1), T(1,1). */
#include "emu_harness.h"

#define U(r, v)                                                                                    \
    {                                                                                              \
        r, 'u', v                                                                                  \
    }
#define F(r, v)                                                                                    \
    {                                                                                              \
        r, 'f', v                                                                                  \
    }
#define HALF_S F(4, 0.5), F(5, 0.5)

static const emu_case cases[] = {
    /* TLD4S, Ra = s, Rb = t; Rd0 = R, G; Rd1 = B, A */
    {"TLD4S.R R2, R0, R4, R5, 0x11 ;", {HALF_S}, {F(0, 21), F(1, 22), F(2, 12), F(3, 11)}},
    {"TLD4S.G R2, R0, R4, R5, 0x11 ;",
     {HALF_S},
     {F(0, 10021), F(1, 10022), F(2, 10012), F(3, 10011)}},
    {"TLD4S.A R2, R0, R4, R5, 0x11 ;",
     {HALF_S},
     {F(0, 30021), F(1, 30022), F(2, 30012), F(3, 30011)}},
    /* Rd1 = RZ: B and A are dropped */
    {"TLD4S.B RZ, R0, R4, R5, 0x11 ;", {HALF_S}, {F(0, 20021), F(1, 20022)}},
    /* .AOFFI: Ra = s, t; Rb = (u = +1 in byte 0, v = -1 in byte 1): x0 = 2, y0 = 0 */
    {"TLD4S.R.AOFFI R2, R0, R4, R6, 0x11 ;",
     {HALF_S, U(6, 0xff01)},
     {F(0, 12), F(1, 13), F(2, 3), F(3, 2)}},
    /* .DC with a LEQUAL sampler: 0.5 <= 9/16, 10/16 but not 6/16, 5/16 */
    {"TLD4S.R.DC R2, R0, R4, R6, 0x13 ;",
     {HALF_S, F(6, 0.5)},
     {F(0, 1), F(1, 1), F(2, 0), F(3, 0)}},
    /* .AOFFI.DC: Rb = offset, dc; offset (+1, 0): texels (2,2) 10/16, (3,2) 11/16, (3,1) 7/16,
     * (2,1) 6/16 against 0.6 */
    {"TLD4S.R.AOFFI.DC R2, R0, R4, R6, 0x13 ;",
     {HALF_S, U(6, 0x01), F(7, 0.6)},
     {F(0, 1), F(1, 1), F(2, 0), F(3, 0)}},
    /* .F16: Rd0 = half(21) | half(22) << 16, Rd1 = half(12) | half(11) << 16 */
    {"TLD4S.F16.R R2, R0, R4, R5, 0x11 ;", {HALF_S}, {U(0, 0x4d804d40), U(2, 0x49804a00)}},
    /* TLD4, decimated write mask */
    {"TLD4.G R0, R4, RZ, 0x11, 2D, 0xf ;",
     {HALF_S},
     {F(0, 10021), F(1, 10022), F(2, 10012), F(3, 10011)}},
    {"TLD4.R R0, R4, RZ, 0x11, 2D, 0xa ;", {HALF_S}, {F(0, 22), F(1, 11)}},
    /* ARRAY_2D: Ra = array, s, t */
    {"TLD4.R R0, R4, RZ, 0x14, ARRAY_2D, 0x3 ;",
     {U(4, 2), F(5, 0.5), F(6, 0.5)},
     {F(0, 221), F(1, 222)}},
    /* .AOFFI: Rb = offsets (+1, +1) */
    {"TLD4.R.AOFFI R0, R4, R6, 0x11, 2D, 0xf ;",
     {HALF_S, U(6, 0x0101)},
     {F(0, 32), F(1, 33), F(2, 23), F(3, 22)}},
    /* .PTP: texel 0 (+1, 0), texel 1 (0, 0), texel 2 (-1, -1), texel 3 (0, +1) */
    {"TLD4.R.PTP R0, R4, R6, 0x11, 2D, 0xf ;",
     {HALF_S, U(6, 0x00000001), U(7, 0x01003f3f)},
     {F(0, 22), F(1, 22), F(2, 1), F(3, 21)}},
    /* .DC: Rb = dc */
    {"TLD4.R.DC R0, R4, R6, 0x13, 2D, 0xf ;",
     {HALF_S, F(6, 0.5)},
     {F(0, 1), F(1, 1), F(2, 0), F(3, 0)}},
    /* TLD4.B: Rb = handle (sampler 0x11 << 20 | header 0x11), then the offsets */
    {"TLD4.R.B.AOFFI R0, R4, R6, 0x0, 2D, 0x1 ;",
     {HALF_S, U(6, 0x1100011), U(7, 0x0101)},
     {F(0, 32)}},
    /* a 1D gather has no footprint: zeros */
    {"TLD4.R R0, R4, RZ, 0x10, 1D, 0x1 ;", {F(4, 0.5)}, {F(0, 0)}},
};

int main(void)
{
    tgx_sm5_emu *emu;
    if (tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, NULL) < 0)
        return 1;
    tgx_sampler s = nearest_sampler(), cmp = compare_sampler();
    tgx_tex *t1 = make_tex(TGX_TEX_1D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 1, 1, 1, 1);
    tgx_tex *t2 = make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 1, 1);
    tgx_tex *td = make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_Z32_FLOAT, 4, 4, 1, 1, 1);
    tgx_tex *ta = make_tex(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 3, 1, 1);
    bind(emu, 0x10, 0x10, t1, &s);
    bind(emu, 0x11, 0x11, t2, &s);
    bind(emu, 0x13, 0x13, td, &cmp);
    bind(emu, 0x14, 0x14, ta, &s);
    run_case_table(emu, cases, sizeof cases / sizeof cases[0]);
    tgx_sm5_emu_destroy(emu);
    tgx_tex_destroy(t1);
    tgx_tex_destroy(t2);
    tgx_tex_destroy(td);
    tgx_tex_destroy(ta);
    return tgx_test_finish();
}
