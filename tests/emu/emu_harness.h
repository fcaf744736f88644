/* Shared pieces of the emulator tests: textures whose every texel says where it is, so that an
 * expected register value can be written down by hand from the seed tables.
 *
 * "Address" textures (rgba32f): texel (x, y) of slice z at level L holds, in channel c,
 *     c * 10000 + L * 1000 + z * 100 + y * 10 + x
 * (exact in fp32). Depth textures (depth32f): texel (x, y) of slice z holds (y * 4 + x) / 16 +
 * z / 64 at level 0. */
#ifndef TGX_EMU_HARNESS_H
#define TGX_EMU_HARNESS_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tgx/sm5_emu.h"
#include "tgx/util.h"
#include "tgx_test.h"

static inline float addr_value(unsigned c, unsigned L, unsigned z, unsigned y, unsigned x)
{
    return (float)(c * 10000u + L * 1000u + z * 100u + y * 10u + x);
}

/* A texture with every texel set by addr_value (or the depth rule for depth32f). */
static inline tgx_tex *make_tex(tgx_tex_target target, tgx_tex_format fmt, uint32_t w, uint32_t h,
                                uint32_t depth, uint32_t levels, uint32_t samples)
{
    tgx_tex_desc desc = {target, fmt, w, h, depth, levels, samples};
    tgx_tex *tex = NULL;
    tgx_diag d;
    if (tgx_tex_create(&desc, &tex, &d) < 0) {
        fprintf(stderr, "make_tex: %s\n", d.message);
        return NULL;
    }
    for (uint32_t L = 0; L < levels; L++) {
        uint32_t lw, lh, ls;
        tgx_tex_level_size(tex, L, &lw, &lh, &ls);
        for (uint32_t z = 0; z < ls; z++)
            for (uint32_t y = 0; y < lh; y++)
                for (uint32_t x = 0; x < lw; x++)
                    for (uint32_t s = 0; s < samples; s++) {
                        uint32_t v[4];
                        if (fmt == TGX_TEX_FORMAT_Z32_FLOAT) {
                            v[0] = tgx_f2bits((float)(y * 4 + x) / 16.0f + (float)z / 64.0f);
                            v[1] = v[2] = v[3] = 0;
                        } else {
                            for (unsigned c = 0; c < 4; c++)
                                v[c] = tgx_f2bits(addr_value(c, L, z, y, x) + (float)s * 0.5f);
                        }
                        tgx_tex_store_texel(tex, L, x, y, z, s, v);
                    }
    }
    return tex;
}

/* Nearest filtering, nearest mip, clamp to edge: one texel exactly, no blending. */
static inline tgx_sampler nearest_sampler(void)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_NEAREST;
    s.mip_filter = TGX_TEX_MIP_NEAREST;
    s.wrap_s = s.wrap_t = s.wrap_r = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    return s;
}

/* The same with LEQUAL depth comparison on. */
static inline tgx_sampler compare_sampler(void)
{
    tgx_sampler s = nearest_sampler();
    s.compare_enable = true;
    s.compare_func = TGX_TEX_COMPARE_LEQUAL;
    return s;
}

/* Binds tex as header h with sampler index h, and word `word` of bank 0 to (h << 20) | h. */
static inline void bind(tgx_sm5_emu *emu, uint32_t word, uint32_t h, const tgx_tex *tex,
                        const tgx_sampler *s)
{
    tgx_sm5_emu_header hd;
    tgx_sm5_emu_header_init(&hd, tex);
    tgx_sm5_emu_set_header(emu, h, &hd, NULL);
    tgx_sm5_emu_set_sampler(emu, h, s, NULL);
    tgx_sm5_emu_set_cbank(emu, 0, word, h << 20 | h, NULL);
}

static inline void set_all_f(tgx_sm5_emu *emu, unsigned reg, float v)
{
    for (unsigned t = 0; t < TGX_SM5_EMU_THREADS; t++)
        tgx_sm5_emu_set_reg_f(emu, t, reg, v);
}

static inline void set_all_u(tgx_sm5_emu *emu, unsigned reg, uint32_t v)
{
    for (unsigned t = 0; t < TGX_SM5_EMU_THREADS; t++)
        tgx_sm5_emu_set_reg(emu, t, reg, v);
}

/* Fills R0..R63 of every thread with a sentinel that no result equals. */
#define SENTINEL 0xdeadbeefu
static inline void fill_sentinel(tgx_sm5_emu *emu)
{
    for (unsigned r = 0; r < 64; r++)
        set_all_u(emu, r, SENTINEL);
}

/* Runs one line of assembly; reports a failure with the text. */
static inline tgx_status run_line(tgx_sm5_emu *emu, const char *text)
{
    tgx_diag d;
    tgx_diag_clear(&d);
    tgx_status st = tgx_sm5_emu_run_text(emu, text, &d);
    TGX_CHECK(st == TGX_OK, "'%s' did not run: %s", text, d.message);
    return st;
}

#define CHECK_REG_F(emu, t, r, want, text)                                                         \
    do {                                                                                           \
        float got_ = tgx_sm5_emu_reg_f(emu, t, r);                                                 \
        TGX_CHECK(tgx_f2bits(got_) == tgx_f2bits(want),                                            \
                  "%s: thread %u R%u = %g (0x%08x), want %g", text, (unsigned)(t), (unsigned)(r),  \
                  (double)got_, tgx_f2bits(got_), (double)(want));                                 \
    } while (0)

#define CHECK_REG_U(emu, t, r, want, text)                                                         \
    do {                                                                                           \
        uint32_t got_ = tgx_sm5_emu_reg(emu, t, r);                                                \
        TGX_CHECK(got_ == (uint32_t)(want), "%s: thread %u R%u = 0x%08x, want 0x%08x", text,       \
                  (unsigned)(t), (unsigned)(r), got_, (uint32_t)(want));                           \
    } while (0)

/* Table-driven cases: registers set in every thread, then the registers expected in threads 0
 * and 31 (and every other register of R0..R15 untouched). k: 'f' an fp32 value, 'u' a 32-bit
 * word. */
typedef struct rv {
    uint8_t reg;
    char k;
    double v;
} rv;

typedef struct emu_case {
    const char *text;
    rv in[8];
    rv want[8];
} emu_case;

static inline uint32_t rv_bits(const rv *r)
{
    return r->k == 'f' ? tgx_f2bits((float)r->v) : (uint32_t)(uint64_t)r->v;
}

static inline void run_case_table(tgx_sm5_emu *emu, const emu_case *cases, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        const emu_case *c = &cases[i];
        fill_sentinel(emu);
        for (unsigned k = 0; k < 8 && c->in[k].k; k++)
            set_all_u(emu, c->in[k].reg, rv_bits(&c->in[k]));
        if (run_line(emu, c->text) < 0)
            continue;
        bool wanted[16] = {false};
        for (unsigned k = 0; k < 8 && c->want[k].k; k++) {
            if (c->want[k].reg < 16)
                wanted[c->want[k].reg] = true;
            for (unsigned t = 0; t < 32; t += 31)
                CHECK_REG_U(emu, t, c->want[k].reg, rv_bits(&c->want[k]), c->text);
        }
        for (unsigned r = 0; r < 16; r++) {
            bool is_input = false;
            for (unsigned k = 0; k < 8 && c->in[k].k; k++)
                is_input |= c->in[k].reg == r;
            if (!wanted[r] && !is_input)
                CHECK_REG_U(emu, 0, r, SENTINEL, c->text);
        }
    }
}

#endif
