/* libFuzzer target for the Maxwell warp emulator (src/emu).
 *
 * The input drives a whole warp: the first 16 bytes set the active and helper masks, quads,
 * via-header binding, the pools' maxima, one header's view (another target, a base level, a
 * swizzle) and the sampler states (filters, wraps, comparison, anisotropy, profile); the next
 * 128 bytes fill R0..R31 of every thread (each thread's words are the input's bytes rotated by
 * the thread, so threads differ); the rest is 8-byte records,
 * each a little-endian word -- one outside the texture opcodes gets the top 16 bits of a row of
 * sm5_opcodes, so most reach a texture class -- and the constant bank word its index reads.
 * The seeds (fuzz/corpus/fuzz_emu) hold legal words ptxas emitted (tests/data/maxwell/real.tsv).
 * Every word runs alone (decoded, checked, then executed). Nothing is compared: the target exists
 * for the sanitizers -- no read outside an array, no undefined behaviour, no leak, whatever the
 * registers, handles and bindings hold.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "sm5/sm5_internal.h"
#include "tgx/sm5_emu.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct shape {
    tgx_tex_target target;
    tgx_tex_format format;
    uint32_t w, h, d, levels, samples;
} shape;

static const shape shapes[] = {
    {TGX_TEX_1D, TGX_TEX_FORMAT_RGBA8_UNORM, 8, 1, 1, 4, 1},
    {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA16_FLOAT, 8, 8, 1, 4, 1},
    {TGX_TEX_3D, TGX_TEX_FORMAT_R32_FLOAT, 4, 4, 4, 3, 1},
    {TGX_TEX_CUBE, TGX_TEX_FORMAT_RGBA8_UNORM, 4, 4, 6, 3, 1},
    {TGX_TEX_RECT, TGX_TEX_FORMAT_RGBA32_UINT, 4, 4, 1, 1, 1},
    {TGX_TEX_1D_ARRAY, TGX_TEX_FORMAT_RG8_SNORM, 8, 1, 3, 4, 1},
    {TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_Z32_FLOAT, 4, 4, 3, 3, 1},
    {TGX_TEX_CUBE_ARRAY, TGX_TEX_FORMAT_RGBA8_UNORM, 4, 4, 12, 3, 1},
    {TGX_TEX_BUFFER, TGX_TEX_FORMAT_R8_UINT, 16, 1, 1, 1, 1},
    {TGX_TEX_2D_MS, TGX_TEX_FORMAT_RGBA8_UNORM, 4, 4, 1, 1, 4},
    {TGX_TEX_2D_ARRAY_MS, TGX_TEX_FORMAT_Z32_FLOAT, 4, 4, 2, 1, 2},
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

static tgx_tex *textures[NSHAPES];

static void make_textures(void)
{
    uint32_t seed = 12345;
    for (size_t i = 0; i < NSHAPES; i++) {
        const shape *s = &shapes[i];
        tgx_tex_desc desc = {s->target, s->format, s->w, s->h, s->d, s->levels, s->samples};
        if (tgx_tex_create(&desc, &textures[i], NULL) < 0)
            abort();
        for (uint32_t L = 0; L < s->levels; L++) {
            uint32_t w, h, n;
            tgx_tex_level_size(textures[i], L, &w, &h, &n);
            for (uint32_t z = 0; z < n; z++)
                for (uint32_t y = 0; y < h; y++)
                    for (uint32_t x = 0; x < w; x++)
                        for (uint32_t k = 0; k < s->samples; k++) {
                            uint32_t bits[4];
                            for (int c = 0; c < 4; c++)
                                bits[c] = seed = seed * 1664525u + 1013904223u;
                            tgx_tex_store_texel_bits(textures[i], L, x, y, z, k, bits);
                        }
        }
    }
}

static tgx_sampler sampler_from(const uint8_t *b)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.wrap_s = (tgx_tex_wrap)(b[0] % TGX_TEX_WRAP_COUNT);
    s.wrap_t = (tgx_tex_wrap)(b[1] % TGX_TEX_WRAP_COUNT);
    s.wrap_r = (tgx_tex_wrap)(b[2] % TGX_TEX_WRAP_COUNT);
    s.min_filter = (tgx_tex_filter)(b[3] & 1);
    s.mag_filter = (tgx_tex_filter)(b[3] >> 1 & 1);
    s.mip_filter = (tgx_tex_mip_filter)(b[3] >> 2 & 3) % 3;
    s.compare_enable = b[3] >> 4 & 1;
    s.compare_func = (tgx_tex_compare)(b[3] >> 5 & 7);
    s.max_anisotropy = 1u + (b[4] & 15u);
    s.profile = (b[4] & 16) ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
    s.lod_rule = (b[4] & 32) ? TGX_TEX_LOD_SOFTPIPE : TGX_TEX_LOD_GL;
    s.normalized_coords = !(b[4] & 64);
    s.lod_bias = (float)(int8_t)b[5] / 16.0f;
    return s;
}

static uint32_t word_at(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The warp's state from the first 144 bytes. */
static void setup(tgx_sm5_emu *emu, const uint8_t *b)
{
    tgx_sm5_emu_set_active(emu, word_at(b));
    tgx_sm5_emu_set_helpers(emu, word_at(b + 4));
    tgx_sm5_emu_set_quads(emu, b[8] & 1);
    tgx_sm5_emu_set_via_header_binding(emu, b[8] >> 1 & 1);
    tgx_sm5_emu_set_header_max(emu, b[9] & 0x80 ? b[9] & 15u : TGX_SM5_EMU_MAX_HEADER);
    tgx_sm5_emu_set_sampler_max(emu, b[10] & 0x80 ? b[10] & 15u : TGX_SM5_EMU_MAX_SAMPLER);
    for (uint32_t i = 0; i < NSHAPES; i++) {
        tgx_sm5_emu_header h;
        tgx_sm5_emu_header_init(&h, textures[i]);
        h.unmapped = (b[11] >> (i % 8) & 1) && i == b[12] % NSHAPES;
        if ((b[13] & 0x80) && i == b[13] % NSHAPES) { /* a view that reinterprets the texture */
            h.view.target = (tgx_tex_target)(b[14] % TGX_TEX_TARGET_COUNT);
            h.view.base_level = b[15] & 3u;
            h.view.swizzle[b[15] >> 2 & 3u] = (tgx_tex_swizzle)((b[15] >> 4) % 6u);
        }
        tgx_sm5_emu_set_header(emu, i, &h, NULL); /* refused when the view is not one */
        tgx_sampler s = sampler_from(b + 10 + (i % 6));
        tgx_sm5_emu_set_sampler(emu, i, &s, NULL);
    }
    for (unsigned t = 0; t < TGX_SM5_EMU_THREADS; t++)
        for (unsigned r = 0; r < 32; r++)
            tgx_sm5_emu_set_reg(emu, t, r, word_at(b + 16 + (4 * r + t) % 125));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int ready;
    if (!ready) {
        make_textures();
        ready = 1;
    }
    if (size < 144)
        return 0;
    tgx_sm5_emu *emu;
    if (tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, NULL) < 0)
        return 0;
    setup(emu, data);
    for (size_t off = 144; off + 8 <= size; off += 8) {
        const uint8_t *p = data + off;
        const sm5_opcode *o = &sm5_opcodes[p[7] % sm5_opcode_count];
        uint64_t word = (uint64_t)word_at(p) | (uint64_t)word_at(p + 4) << 32;
        if (!tgx_sm5_is_texture_opcode(word, TGX_SM5_ARCH_SM52)) /* steer it to a class */
            word = (word & 0xffffffffffffull) |
                   (uint64_t)(o->value | ((p[6] | p[7] << 8) & ~o->mask)) << 48;
        tgx_sm5_insn in;
        if (tgx_sm5_decode(word, TGX_SM5_ARCH_SM52, &in, NULL) == TGX_OK)
            tgx_sm5_emu_set_cbank(emu, 0, in.tex_index, word_at(p) % NSHAPES | (uint32_t)p[6] << 20,
                                  NULL);
        tgx_sm5_emu_run_words(emu, &word, 1, NULL, NULL);
    }
    tgx_sm5_emu_destroy(emu);
    return 0;
}
