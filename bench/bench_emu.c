/* bench_emu: in-process speed of the Maxwell warp emulator (src/emu).
 *
 *   bench_emu [RUNS]     default 20000 runs of each instruction
 *
 * One warp of 32 threads, every thread active in quads, on an 8x8 rgba8 texture with a full mip
 * chain (linear, mip linear) and the same texture as depth32f. Each instruction of the list runs
 * RUNS times through tgx_sm5_emu_exec (check, operand gathering, the texture unit, write-back);
 * the best of three is reported as warp instructions and thread fetches per second, for the
 * exact and the nv profile.
 */
#include <stdio.h>
#include <stdlib.h>

#include "tgx/sm5_emu.h"
#include "tgx/util.h"

#include "bench_util.h"

static const char *const programs[] = {
    "TEXS RZ, R0, R4, R5, 0x10, 2D, R ;", "TEXS.LL R2, R0, R4, R6, 0x10, 2D, RGBA ;",
    "TEX.LB R0, R4, R6, 0x10, 2D, 0xf ;", "TLDS.LZ RZ, R0, R8, R9, 0x10, 2D, RG ;",
    "TLD4S.R R2, R0, R4, R5, 0x10 ;",     "TEXS.DC RZ, R0, R4, R6, 0x11, 2D, R ;",
    "TMML.LOD R0, R4, 0x10, 2D, 0xf ;",   "TXQ R0, R8, TEX_HEADER_DIMENSION, 0x10, 0xf ;",
};

static tgx_tex *gradient(tgx_tex_format f)
{
    tgx_tex_desc desc = {TGX_TEX_2D, f, 8, 8, 1, 4, 1};
    tgx_tex *t;
    if (tgx_tex_create(&desc, &t, NULL) < 0)
        return NULL;
    for (uint32_t L = 0; L < 4; L++) {
        uint32_t w, h, n;
        tgx_tex_level_size(t, L, &w, &h, &n);
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                uint32_t v[4] = {tgx_f2bits((float)x / (float)w), tgx_f2bits((float)y / (float)h),
                                 tgx_f2bits(0.25f * (float)L), tgx_f2bits(1.0f)};
                tgx_tex_store_texel(t, L, x, y, 0, 0, v);
            }
    }
    return t;
}

static void setup(tgx_sm5_emu *emu, tgx_tex *color, tgx_tex *depth, tgx_tex_profile p)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_LINEAR;
    s.mip_filter = TGX_TEX_MIP_LINEAR;
    s.profile = p;
    tgx_sm5_emu_header h;
    tgx_sm5_emu_header_init(&h, color);
    tgx_sm5_emu_set_header(emu, 0x10, &h, NULL);
    tgx_sm5_emu_set_sampler(emu, 0x10, &s, NULL);
    tgx_sm5_emu_header_init(&h, depth);
    tgx_sm5_emu_set_header(emu, 0x11, &h, NULL);
    tgx_sm5_emu_set_sampler(emu, 0x11, &s, NULL);
    tgx_sm5_emu_set_cbank(emu, 0, 0x10, 0x010u << 20 | 0x10u, NULL);
    tgx_sm5_emu_set_cbank(emu, 0, 0x11, 0x011u << 20 | 0x11u, NULL);
    for (unsigned t = 0; t < 32; t++) {
        unsigned q = t / 4, l = t % 4;
        float x = (float)(2 * (q % 4) + (l & 1)), y = (float)(2 * (q / 4) + (l >> 1));
        tgx_sm5_emu_set_reg_f(emu, t, 4, (x + 0.3f) / 7.0f);
        tgx_sm5_emu_set_reg_f(emu, t, 5, (y + 0.6f) / 5.0f);
        tgx_sm5_emu_set_reg_f(emu, t, 6, 0.75f);
        tgx_sm5_emu_set_reg_f(emu, t, 7, 0.5f);
        tgx_sm5_emu_set_reg(emu, t, 8, (uint32_t)x);
        tgx_sm5_emu_set_reg(emu, t, 9, (uint32_t)y);
    }
}

int main(int argc, char **argv)
{
    long runs = argc > 1 ? strtol(argv[1], NULL, 10) : 20000;
    if (runs < 1)
        runs = 1;
    tgx_tex *color = gradient(TGX_TEX_FORMAT_RGBA8_UNORM);
    tgx_tex *depth = gradient(TGX_TEX_FORMAT_Z32_FLOAT);
    printf("bench_emu: %ld runs of each instruction on a 32-thread warp; load", runs);
    bench_print_load();
    for (int prof = 0; prof < 2; prof++) {
        tgx_sm5_emu *emu;
        if (!color || !depth || tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, NULL) < 0)
            return 1;
        setup(emu, color, depth, prof ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT);
        for (size_t k = 0; k < sizeof programs / sizeof programs[0]; k++) {
            tgx_sm5_insn in;
            uint64_t word;
            tgx_diag d;
            if (tgx_sm5_assemble_line(programs[k], TGX_SM5_ARCH_SM52, &word, NULL, &d) < 0 ||
                tgx_sm5_decode(word, TGX_SM5_ARCH_SM52, &in, &d) < 0) {
                fprintf(stderr, "bench_emu: %s: %s\n", programs[k], d.message);
                return 1;
            }
            double best = 1e30;
            for (int rep = 0; rep < 3; rep++) {
                double t0 = bench_now();
                for (long r = 0; r < runs; r++)
                    if (tgx_sm5_emu_exec(emu, &in, &d) < 0) {
                        fprintf(stderr, "bench_emu: %s: %s\n", programs[k], d.message);
                        return 1;
                    }
                double dt = bench_now() - t0;
                best = dt < best ? dt : best;
            }
            printf("  %-5s %-46s %9.0f insn/s %11.0f fetches/s\n", prof ? "nv" : "exact",
                   programs[k], (double)runs / best, 32.0 * (double)runs / best);
        }
        tgx_sm5_emu_destroy(emu);
    }
    tgx_tex_destroy(color);
    tgx_tex_destroy(depth);
    return 0;
}
