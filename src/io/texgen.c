/* The corpus texture generators (corpus/tgsi/README.md, "Texture generators"), written from the
 * README's rules: a raw 32-bit value per (level, slice, row, column, channel), then the format's
 * stored-value rule. Every texture of the corpus can be rebuilt bit for bit without OpenGL. */
#include <stdlib.h>
#include <string.h>

#include "tgx/io.h"
#include "tgx/util.h"

/* The README's 16-entry RGBA8 palette of "checker" and "levels". */
static const uint8_t palette[16][4] = {
    {255, 0, 0, 255},    {0, 255, 0, 255},    {0, 0, 255, 255},     {255, 255, 0, 255},
    {255, 0, 255, 255},  {0, 255, 255, 255},  {255, 255, 255, 255}, {0, 0, 0, 255},
    {128, 64, 32, 200},  {32, 128, 64, 150},  {64, 32, 128, 100},   {200, 100, 50, 50},
    {50, 200, 100, 255}, {100, 50, 200, 128}, {16, 16, 16, 16},     {240, 240, 240, 240},
};

void tgx_texgen_init(tgx_texgen *g)
{
    memset(g, 0, sizeof *g);
    g->kind = TGX_TEXGEN_HASH;
    g->cell = 8;
    g->fscale = 1.0f / 256.0f;
    g->fbias = 0.0f;
}

static const char *const kind_names[] = {"hash", "checker", "gradient", "levels"};

const char *tgx_texgen_kind_name(tgx_texgen_kind k)
{
    return (unsigned)k < 4 ? kind_names[k] : "?";
}

/* xor-shift-multiply finaliser: h ^= h>>16; h *= 0x7feb352d; h ^= h>>15; h *= 0x846ca68b;
 * h ^= h>>16 (texgen.h, tg_mix). Unsigned arithmetic wraps, as intended. */
uint32_t tgx_texgen_mix(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x7feb352du;
    h ^= h >> 15;
    h *= 0x846ca68bu;
    h ^= h >> 16;
    return h;
}

/* tg_hash: the finaliser chained over seed + 0x9e3779b9, then L, z, y, x, c xor-ed in. */
uint32_t tgx_texgen_hash(uint32_t seed, uint32_t L, uint32_t z, uint32_t y, uint32_t x, uint32_t c)
{
    const uint32_t parts[5] = {L, z, y, x, c};
    uint32_t h = tgx_texgen_mix(seed + 0x9e3779b9u);
    for (int i = 0; i < 5; i++)
        h = tgx_texgen_mix(h ^ parts[i]);
    return h;
}

/* floor(255 (2i + 1) / (2n)), exact in integers. */
static uint32_t gradient_byte(uint32_t i, uint32_t n)
{
    return (uint32_t)((255ull * (2ull * i + 1ull)) / (2ull * n));
}

uint32_t tgx_texgen_raw(const tgx_texgen *g, int is3d, uint32_t L, uint32_t z, uint32_t y,
                        uint32_t x, uint32_t c, uint32_t wL, uint32_t hL, uint32_t dL)
{
    c &= 3u;
    switch (g->kind) {
    case TGX_TEXGEN_HASH: return tgx_texgen_hash(g->seed, L, z, y, x, c);
    case TGX_TEXGEN_CHECKER: {
        uint32_t cl = L < 32 ? g->cell >> L : 0;
        cl = cl ? cl : 1;
        uint32_t parity = (x / cl + y / cl + (is3d ? z / cl : 0)) & 1u;
        return palette[(2u * L + parity + (is3d ? 0u : 3u * z)) & 15u][c];
    }
    case TGX_TEXGEN_GRADIENT:
        if (c == 0)
            return gradient_byte(x, wL);
        if (c == 1)
            return gradient_byte(y, hL);
        if (c == 2)
            return is3d ? gradient_byte(z, dL) : ((64u * z + 32u * L) & 255u);
        return L >= 16 ? 0u : 255u - 16u * L; /* max(0, 255 - 16L) */
    case TGX_TEXGEN_LEVELS: return palette[(L + 5u * z) & 15u][c];
    }
    return 0;
}

/* UNORM n bits from a byte: exactly b * (2^n - 1) / 255 when n is a multiple of 8 (rgba16:
 * b*257, depth24: b*0x010101), rounded to nearest for the packed widths. */
static uint32_t unorm_from_byte(uint32_t b, uint32_t n)
{
    uint64_t maxv = n >= 32 ? 0xffffffffull : ((1ull << n) - 1ull);
    return (uint32_t)((b * maxv + 127u) / 255u);
}

static uint32_t low_bits(uint32_t v, uint32_t n)
{
    return n >= 32 ? v : v & ((1u << n) - 1u);
}

void tgx_texgen_texel(const tgx_texgen *g, tgx_tex_format format, int is3d, uint32_t L, uint32_t z,
                      uint32_t y, uint32_t x, uint32_t wL, uint32_t hL, uint32_t dL,
                      uint32_t out[4])
{
    const tgx_tex_format_info *fi = tgx_tex_format_get(format);
    uint32_t raw[4], values[4];
    for (uint32_t c = 0; c < 4; c++) {
        raw[c] = tgx_texgen_raw(g, is3d, L, z, y, x, c, wL, hL, dL);
        uint32_t b = raw[c] & 255u;
        /* float formats: b * fscale + fbias; depth32f: (float)b / 255.0f (README table) */
        float f = fi->is_depth ? (float)b / 255.0f : (float)b * g->fscale + g->fbias;
        values[c] = tgx_f2bits(f);
    }
    for (uint32_t c = 0; c < 4; c++) {
        uint32_t n = fi->bits[c], b = raw[c] & 255u;
        out[c] = 0;
        if (!n)
            continue;
        switch (fi->type) {
        case TGX_TEX_TYPE_UNORM:
        case TGX_TEX_TYPE_SRGB: /* sRGB bytes are stored as given (already sRGB-encoded) */
            out[c] = fi->is_depth && c > 0 ? low_bits(raw[c], n) : unorm_from_byte(b, n);
            break;
        case TGX_TEX_TYPE_SNORM:
        case TGX_TEX_TYPE_UINT:
        case TGX_TEX_TYPE_SINT: out[c] = low_bits(raw[c], n); break;
        case TGX_TEX_TYPE_FLOAT:
            if (fi->pack == TGX_TEX_PACK_Z32FS8 && c > 0)
                out[c] = low_bits(raw[c], n);
            else
                out[c] = n == 16 ? tgx_float_to_half(tgx_bits2f(values[c])) : values[c];
            break;
        case TGX_TEX_TYPE_UFLOAT:
        case TGX_TEX_TYPE_SHAREDEXP: break;
        }
    }
    if (fi->type == TGX_TEX_TYPE_UFLOAT || fi->type == TGX_TEX_TYPE_SHAREDEXP)
        tgx_tex_format_encode(format, values, out);
}

/* Block-compressed textures: every 32-bit word of every block from the hash (random blocks;
 * the other generators describe texels, which a block does not store one by one). */
static tgx_status fill_blocks(tgx_tex *tex, const tgx_texgen *g, tgx_diag *d)
{
    const tgx_tex_desc *desc = tgx_tex_get_desc(tex);
    const tgx_tex_format_info *fi = tgx_tex_get_format(tex);
    if (g->kind != TGX_TEXGEN_HASH)
        return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, NULL, 0, 0,
                            "the %s generator cannot fill a %s texture (4x4 compressed blocks): "
                            "use hash (random blocks), raw:FILE or hex:DIGITS",
                            tgx_texgen_kind_name(g->kind), fi->name);
    for (uint32_t L = 0; L < desc->levels; L++) {
        uint32_t w, h, s;
        size_t row, slice;
        tgx_tex_level_size(tex, L, &w, &h, &s);
        uint8_t *mem = tgx_tex_level_data(tex, L, &row, &slice);
        for (uint32_t z = 0; z < s; z++)
            for (uint32_t by = 0; by < (h + 3) / 4; by++)
                for (uint32_t bx = 0; bx < (w + 3) / 4; bx++)
                    for (uint32_t j = 0; j < fi->bytes / 4; j++) {
                        const uint32_t v = tgx_texgen_hash(g->seed, L, z, by, bx, j);
                        uint8_t *p = mem + z * slice + by * row + (size_t)bx * fi->bytes + 4 * j;
                        for (int b = 0; b < 4; b++)
                            p[b] = (uint8_t)(v >> (8 * b));
                    }
    }
    return TGX_OK;
}

tgx_status tgx_texgen_fill(tgx_tex *tex, const tgx_texgen *g, tgx_diag *d)
{
    const tgx_tex_desc *desc = tgx_tex_get_desc(tex);
    if ((unsigned)g->kind > TGX_TEXGEN_LEVELS)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown texture generator %d",
                            (int)g->kind);
    if (tgx_tex_get_format(tex)->block > 1)
        return fill_blocks(tex, g, d);
    const int is3d = desc->target == TGX_TEX_3D;
    for (uint32_t L = 0; L < desc->levels; L++) {
        uint32_t w, h, s;
        tgx_tex_level_size(tex, L, &w, &h, &s);
        for (uint32_t z = 0; z < s; z++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    uint32_t bits[4];
                    tgx_texgen_texel(g, desc->format, is3d, L, z, y, x, w, h, s, bits);
                    for (uint32_t smp = 0; smp < desc->samples; smp++)
                        tgx_tex_store_texel_bits(tex, L, x, y, z, smp, bits);
                }
    }
    return TGX_OK;
}

static tgx_status parse_param(tgx_texgen *g, const char *spec, const char *key, const char *val,
                              tgx_diag *d)
{
    char *end;
    if (!strcmp(key, "seed") || !strcmp(key, "cell")) {
        unsigned long long v = strtoull(val, &end, 0);
        if (end == val || *end || v > 0xffffffffull || val[0] == '-')
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                                "generator '%s': %s=%s is not an unsigned 32-bit integer", spec,
                                key, val);
        *(!strcmp(key, "seed") ? &g->seed : &g->cell) = (uint32_t)v;
        return TGX_OK;
    }
    if (!strcmp(key, "fscale") || !strcmp(key, "fbias")) {
        float f;
        const char *why;
        if (tgx_parse_f32(val, &f, &why) != TGX_OK)
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "generator '%s': %s=%s %s", spec, key,
                                val, why);
        *(!strcmp(key, "fscale") ? &g->fscale : &g->fbias) = f;
        return TGX_OK;
    }
    return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                        "generator '%s': unknown parameter '%s' (seed, cell, fscale, fbias)", spec,
                        key);
}

tgx_status tgx_texgen_parse(const char *spec, tgx_texgen *g, tgx_diag *d)
{
    tgx_texgen tmp;
    tgx_texgen_init(&tmp);
    char buf[256];
    if (strlen(spec) >= sizeof buf)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "generator spec is too long");
    strcpy(buf, spec);
    char *params = strchr(buf, ':');
    if (params)
        *params++ = '\0';
    int found = 0;
    for (int k = 0; k < 4; k++) {
        if (!strcmp(buf, kind_names[k])) {
            tmp.kind = (tgx_texgen_kind)k;
            found = 1;
        }
    }
    if (!found)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "unknown texture generator '%s' (hash, checker, gradient, levels)",
                            buf);
    while (params && *params) {
        char *next = strchr(params, ',');
        if (next)
            *next++ = '\0';
        char *eq = strchr(params, '=');
        if (!eq)
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                                "generator '%s': expected key=value, got '%s'", spec, params);
        *eq = '\0';
        tgx_status st = parse_param(&tmp, spec, params, eq + 1, d);
        if (st < 0)
            return st;
        params = next;
    }
    *g = tmp;
    return TGX_OK;
}
