/* Block-compressed formats: one texel of a 4x4 block of BC1-BC7 (D3D 11 names; S3TC DXT1/3/5,
 * RGTC1/2 and BPTC in GL).
 *
 * Sources of the facts (the code is ours):
 * - BC1-BC3: EXT_texture_compression_s3tc (RGB565 endpoints as unsigned normalised values, the
 *   2/3 - 1/3 and 1/2 palettes, the transparent black of DXT1's 3-colour form, DXT3/DXT5 always
 *   use the 4-colour form, DXT3's explicit 4-bit alpha, DXT5's interpolated alpha block).
 * - BC4/BC5: EXT_texture_compression_rgtc (the 8- and 6-value palettes, 0/1 and -1/+1 extremes,
 *   signed endpoints with -128 read as -127).
 * - BC6H/BC7: ARB_texture_compression_bptc, Appendix (Table.M, Table.MF, Table.F, the partition
 *   tables P2/P3, the anchor tables A2/A3a/A3b, the 2/3/4-bit interpolation weights, the
 *   unquantisation and the final 31/64 or 31/32 scaling); interpolation is
 *   ((64 - w) e0 + w e1 + 32) >> 6 (Khronos Data Format Specification, BPTC section).
 *
 * The exact profile computes the specifications' arithmetic exactly: BC1-BC5 give rationals
 * (e.g. (2 r0 + r1) / 93 for a BC1 red), BC6H and BC7 the integers the BPTC rules define. The nv
 * profile follows the H100 (tests/data/hw, probes H10_*; docs/texture.md "Block-compressed
 * formats"): BC1-BC3 colour and BC3 alpha in 8 bits with NVIDIA's palette arithmetic, BC4/BC5
 * as 16-bit values with weights 36 * 2^j / 257 (48 * 2^j in the 6-value palette). */
#include "tex/tex_internal.h"

/* ---- bits of a block ------------------------------------------------------------------------ */

typedef struct bc_bits {
    uint64_t lo, hi; /* bits 0..63 and 64..127, little endian byte stream */
} bc_bits;

static bc_bits bc_load(const uint8_t *p, uint32_t bytes)
{
    bc_bits b = {0, 0};
    for (uint32_t i = 0; i < 8 && i < bytes; i++)
        b.lo |= (uint64_t)p[i] << (8 * i);
    for (uint32_t i = 8; i < 16 && i < bytes; i++)
        b.hi |= (uint64_t)p[i] << (8 * (i - 8));
    return b;
}

/* n (<= 32) bits at pos, lowest first; bits past 127 read as 0. */
static uint32_t bc_get(const bc_bits *b, uint32_t pos, uint32_t n)
{
    uint64_t v;
    if (pos >= 128 || n == 0)
        return 0;
    if (pos >= 64)
        v = b->hi >> (pos - 64);
    else if (pos == 0)
        v = b->lo;
    else
        v = (b->lo >> pos) | (b->hi << (64 - pos));
    return (uint32_t)(v & ((1ull << n) - 1u));
}

static int32_t bc_sext(uint32_t v, uint32_t n)
{
    const uint32_t sign = 1u << (n - 1);
    return (int32_t)((v & ((sign << 1) - 1u)) ^ sign) - (int32_t)sign;
}

/* ---- BC1-BC3 colour ------------------------------------------------------------------------- */

static uint32_t bc_expand5(uint32_t v)
{
    return (v << 3) | (v >> 2);
}

static uint32_t bc_expand6(uint32_t v)
{
    return (v << 2) | (v >> 4);
}

/* NVIDIA's 8-bit palette entry between two RGB565 colours (probes H10_bc1_point_all,
 * H10_bc1_srgb_point_all, H10_bc2_point_all; all 12,288 texels). third: the 2/3 - 1/3 entry
 * nearer c0 (else the 1/2 entry). Red and blue interpolate the 5-bit values and scale by 22/8
 * (thirds) or 33/8 (halves), truncating; green interpolates the 8-bit expansions g0, g1 with
 * gd = g1 - g0 as (256 g0 + gd/4 + 128 + 80 gd) / 256 (thirds) or with 128 gd (halves), the
 * division by 4 truncating toward zero. The same arithmetic is published in Rich Geldreich's
 * rgbcx as NVIDIA's BC1 decoder; the probes confirm it. */
static void bc1_nv_mix(const uint32_t c0[3], const uint32_t c1[3], bool third, uint32_t out[3])
{
    const int32_t g0 = (int32_t)bc_expand6(c0[1]), g1 = (int32_t)bc_expand6(c1[1]);
    const int32_t gd = g1 - g0;
    if (third) {
        out[0] = (2 * c0[0] + c1[0]) * 22 / 8;
        out[1] = (uint32_t)((256 * g0 + gd / 4 + 128 + gd * 80) / 256);
        out[2] = (2 * c0[2] + c1[2]) * 22 / 8;
    } else {
        out[0] = (c0[0] + c1[0]) * 33 / 8;
        out[1] = (uint32_t)((256 * g0 + gd / 4 + 128 + gd * 128) / 256);
        out[2] = (c0[2] + c1[2]) * 33 / 8;
    }
}

/* The colour of texel k of a BC1 colour block (8 bytes at p). four: always the 4-colour form
 * (BC2, BC3). Sets *black for the transparent black of the 3-colour form. */
static void bc1_color(const uint8_t *p, uint32_t k, bool four, bool nv, tgx_bc_texel *o,
                      bool *black)
{
    const uint32_t w0 = (uint32_t)p[0] | (uint32_t)p[1] << 8,
                   w1 = (uint32_t)p[2] | (uint32_t)p[3] << 8;
    const uint32_t idx = (p[4 + k / 4] >> (2 * (k % 4))) & 3u;
    const uint32_t c0[3] = {w0 >> 11, (w0 >> 5) & 63u, w0 & 31u};
    const uint32_t c1[3] = {w1 >> 11, (w1 >> 5) & 63u, w1 & 31u};
    const bool four_colours = four || w0 > w1;
    *black = !four_colours && idx == 3;
    for (int c = 0; c < 3; c++) {
        o->v[c] = 0;
        o->den[c] = 0;
    }
    if (*black)
        return;
    if (nv) { /* 8-bit values, exactly as RGBA8 texels */
        const uint32_t *e = idx == 1 ? c1 : c0;
        uint32_t mix[3];
        if (idx >= 2)
            bc1_nv_mix(idx == 2 ? c0 : c1, idx == 2 ? c1 : c0, four_colours, mix);
        for (int c = 0; c < 3; c++)
            o->v[c] = (int32_t)(idx >= 2 ? mix[c] : (c == 1 ? bc_expand6(e[1]) : bc_expand5(e[c])));
        return;
    }
    /* exact: the endpoints are 5/6-bit unsigned normalised values, the palette their exact mix */
    for (int c = 0; c < 3; c++) {
        const uint32_t m = c == 1 ? 63u : 31u;
        if (idx < 2) {
            o->v[c] = (int32_t)(idx ? c1[c] : c0[c]);
            o->den[c] = m;
        } else if (four_colours) {
            const uint32_t a = idx == 2 ? c0[c] : c1[c], b = idx == 2 ? c1[c] : c0[c];
            o->v[c] = (int32_t)(2 * a + b);
            o->den[c] = 3 * m;
        } else {
            o->v[c] = (int32_t)(c0[c] + c1[c]);
            o->den[c] = 2 * m;
        }
    }
}

/* ---- BC4 palettes (BC3 alpha, BC4, BC5) ------------------------------------------------------ */

/* nv: the 16-bit palette (probes H10_bc4_unorm_point_all, H10_bc5_snorm_point_all; all 12,288
 * values). Entry t/7 (t/5) of the way from e0 to e1 is base + W (other - base) in 16-bit units,
 * with W = 36 * 2^j (48 * 2^j) and base the endpoint for which t/7 is 1, 2 or 4 sevenths (1 or
 * 2 fifths) away: 36/257 and 48/257 stand for 1/7 and 1/5. An endpoint widens to 16 bits as
 * 257 e (UNORM) or sign(e) (258 |e| + (|e| >> 6)) (SNORM, the texture unit's SNORM8 widening). */
static const struct {
    uint8_t from_e1; /* the base is e1 */
    uint8_t w;       /* W */
} bc4_nv8[6] = {{0, 36}, {0, 72}, {1, 144}, {0, 144}, {1, 72}, {1, 36}},
  bc4_nv6[4] = {{0, 48}, {0, 96}, {1, 96}, {1, 48}};

static int32_t bc4_widen(int32_t e, bool sgn)
{
    if (!sgn)
        return 257 * e;
    const int32_t a = e < 0 ? -e : e, n = 258 * a + (a >> 6);
    return e < 0 ? -n : n;
}

/* Value of texel k of a BC4 block (8 bytes at p) as o->v[c] / o->den[c] (den 0: 16-bit raw). */
static void bc4_value(const uint8_t *p, uint32_t k, bool sgn, bool nv, tgx_bc_texel *o, int c)
{
    int32_t r0 = p[0], r1 = p[1];
    if (sgn) {
        r0 = (int32_t)(int8_t)p[0];
        r1 = (int32_t)(int8_t)p[1];
    }
    const bool eight = r0 > r1; /* compared as stored (signed for SNORM) */
    const uint64_t idxbits = (uint64_t)p[2] | (uint64_t)p[3] << 8 | (uint64_t)p[4] << 16 |
                             (uint64_t)p[5] << 24 | (uint64_t)p[6] << 32 | (uint64_t)p[7] << 40;
    const uint32_t idx = (uint32_t)(idxbits >> (3 * k)) & 7u;
    const int32_t e[2] = {sgn && r0 < -127 ? -127 : r0, sgn && r1 < -127 ? -127 : r1};
    const int32_t one = sgn ? 32767 : 65535, unit = sgn ? 127 : 255;
    o->den[c] = 0;
    if (!eight && idx >= 6) { /* the 6-value palette's extremes */
        o->v[c] = idx == 7 ? one : (sgn ? -one : 0);
        return;
    }
    if (nv) {
        if (idx < 2) {
            o->v[c] = bc4_widen(e[idx], sgn);
        } else {
            const int b = eight ? bc4_nv8[idx - 2].from_e1 : bc4_nv6[idx - 2].from_e1;
            const int32_t w = eight ? bc4_nv8[idx - 2].w : bc4_nv6[idx - 2].w;
            o->v[c] = bc4_widen(e[b], sgn) + w * (e[1 - b] - e[b]);
        }
        return;
    }
    /* exact: ((n - t) e0 + t e1) / n over the endpoints' unit */
    if (idx < 2) {
        o->v[c] = e[idx];
        o->den[c] = (uint32_t)unit;
        return;
    }
    const int32_t n = eight ? 7 : 5, t = (int32_t)idx - 1;
    o->v[c] = (n - t) * e[0] + t * e[1];
    o->den[c] = (uint32_t)(n * unit);
}

/* nv: BC3 (DXT5) alpha decodes to 8 bits (the held-back BC3 probe reads exact k/255 alphas, where
 * BC4 keeps 16 bits), here with the DXT5 palette's integer division truncating, ((7 - t) a0 + t
 * a1) / 7 and ((5 - t) a0 + t a1) / 5. Source of the rounding: NVIDIA Texture Tools,
 * BlockDXT5::decodeBlockNV5x (its decoder "as done by current NVIDIA GPUs", whose colour half is
 * bc1_nv_mix's arithmetic, which the probes confirm) decodes the alpha with AlphaBlockDXT5's
 * palette without the D3D9 rounding bias. No shared probe has BC3; the round-two probe N20
 * decides (docs/texture.md 3.6). Returned as a 16-bit value, 257 a = a/255 exactly. */
static void bc3_alpha_nv(const uint8_t *p, uint32_t k, tgx_bc_texel *o)
{
    const uint32_t a0 = p[0], a1 = p[1];
    const uint64_t idxbits = (uint64_t)p[2] | (uint64_t)p[3] << 8 | (uint64_t)p[4] << 16 |
                             (uint64_t)p[5] << 24 | (uint64_t)p[6] << 32 | (uint64_t)p[7] << 40;
    const uint32_t idx = (uint32_t)(idxbits >> (3 * k)) & 7u;
    const bool eight = a0 > a1;
    uint32_t a;
    if (idx < 2)
        a = idx ? a1 : a0;
    else if (!eight && idx >= 6)
        a = idx == 7 ? 255u : 0u;
    else {
        const uint32_t n = eight ? 7u : 5u, t = idx - 1u;
        a = ((n - t) * a0 + t * a1) / n;
    }
    o->v[3] = (int32_t)(257u * a);
    o->den[3] = 0;
}

/* ---- BC7 --------------------------------------------------------------------------------------
 */

/* Table.M: subsets, partition/rotation/index-selection bits, colour and alpha bits, per-endpoint
 * and shared P-bits, primary and secondary index bits. */
static const struct {
    uint8_t ns, pb, rb, isb, cb, ab, epb, spb, ib, ib2;
} bc7_modes[8] = {
    {3, 4, 0, 0, 4, 0, 1, 0, 3, 0}, {2, 6, 0, 0, 6, 0, 0, 1, 3, 0}, {3, 6, 0, 0, 5, 0, 0, 0, 2, 0},
    {2, 6, 0, 0, 7, 0, 1, 0, 2, 0}, {1, 0, 2, 1, 5, 6, 0, 0, 2, 3}, {1, 0, 2, 0, 7, 8, 0, 0, 2, 2},
    {1, 0, 0, 0, 7, 7, 1, 0, 4, 0}, {2, 6, 0, 0, 5, 5, 1, 0, 2, 0},
};

/* Table.P2, one row per partition: bit k = the subset of texel k (x-major). */
static const uint16_t bc_p2[64] = {
    0xcccc, 0x8888, 0xeeee, 0xecc8, 0xc880, 0xfeec, 0xfec8, 0xec80, 0xc800, 0xffec, 0xfe80,
    0xe800, 0xffe8, 0xff00, 0xfff0, 0xf000, 0xf710, 0x008e, 0x7100, 0x08ce, 0x008c, 0x7310,
    0x3100, 0x8cce, 0x088c, 0x3110, 0x6666, 0x366c, 0x17e8, 0x0ff0, 0x718e, 0x399c, 0xaaaa,
    0xf0f0, 0x5a5a, 0x33cc, 0x3c3c, 0x55aa, 0x9696, 0xa55a, 0x73ce, 0x13c8, 0x324c, 0x3bdc,
    0x6996, 0xc33c, 0x9966, 0x0660, 0x0272, 0x04e4, 0x4e40, 0x2720, 0xc936, 0x936c, 0x39c6,
    0x639c, 0x9336, 0x9cc6, 0x817e, 0xe718, 0xccf0, 0x0fcc, 0x7744, 0xee22,
};

/* Table.P3: bits 2k+1..2k = the subset of texel k. */
static const uint32_t bc_p3[64] = {
    0xaa685050, 0x6a5a5040, 0x5a5a4200, 0x5450a0a8, 0xa5a50000, 0xa0a05050, 0x5555a0a0, 0x5a5a5050,
    0xaa550000, 0xaa555500, 0xaaaa5500, 0x90909090, 0x94949494, 0xa4a4a4a4, 0xa9a59450, 0x2a0a4250,
    0xa5945040, 0x0a425054, 0xa5a5a500, 0x55a0a0a0, 0xa8a85454, 0x6a6a4040, 0xa4a45000, 0x1a1a0500,
    0x0050a4a4, 0xaaa59090, 0x14696914, 0x69691400, 0xa08585a0, 0xaa821414, 0x50a4a450, 0x6a5a0200,
    0xa9a58000, 0x5090a0a8, 0xa8a09050, 0x24242424, 0x00aa5500, 0x24924924, 0x24499224, 0x50a50a50,
    0x500aa550, 0xaaaa4444, 0x66660000, 0xa5a0a5a0, 0x50a050a0, 0x69286928, 0x44aaaa44, 0x66666600,
    0xaa444444, 0x54a854a8, 0x95809580, 0x96969600, 0xa85454a8, 0x80959580, 0xaa141414, 0x96960000,
    0xaaaa1414, 0xa05050a0, 0xa0a5a5a0, 0x96000000, 0x40804080, 0xa9a8a9a8, 0xaaaaaa44, 0x2a4a5254,
};

/* Table.A2 (anchor of subset 1 of two), Table.A3a and A3b (subsets 1 and 2 of three). */
static const uint8_t bc_a2[64] = {
    15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 2,  8, 2,  2, 8,
    8,  15, 2,  8,  2,  2,  8,  8,  2,  2,  15, 15, 6,  8,  2,  8,  15, 15, 2, 8,  2, 2,
    2,  15, 15, 6,  6,  2,  6,  8,  15, 15, 2,  2,  15, 15, 15, 15, 15, 2,  2, 15,
};
static const uint8_t bc_a3a[64] = {
    3,  3,  15, 15, 8, 3,  15, 15, 8,  8,  6, 6,  6, 5,  3, 3,  3,  3,  8,  15, 3,  3,
    6,  10, 5,  8,  8, 6,  8,  5,  15, 15, 8, 15, 3, 5,  6, 10, 8,  15, 15, 3,  15, 5,
    15, 15, 15, 15, 3, 15, 5,  5,  5,  8,  5, 10, 5, 10, 8, 13, 15, 12, 3,  3,
};
static const uint8_t bc_a3b[64] = {
    15, 8, 8, 3,  15, 15, 3,  8,  15, 15, 15, 15, 15, 15, 15, 8,  15, 8,  15, 3,  15, 8,
    15, 8, 3, 15, 6,  10, 15, 15, 10, 8,  15, 3,  15, 10, 10, 8,  9,  10, 6,  15, 8,  15,
    3,  6, 6, 8,  15, 3,  15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 3,  15, 15, 8,
};

/* Interpolation weights (in 64ths) of 2-, 3- and 4-bit indices. */
static const uint8_t bc_w2[4] = {0, 21, 43, 64};
static const uint8_t bc_w3[8] = {0, 9, 18, 27, 37, 46, 55, 64};
static const uint8_t bc_w4[16] = {0, 4, 9, 13, 17, 21, 26, 30, 34, 38, 43, 47, 51, 55, 60, 64};

static uint32_t bc_weight(uint32_t bits, uint32_t index)
{
    return bits == 2 ? bc_w2[index & 3u] : bits == 3 ? bc_w3[index & 7u] : bc_w4[index & 15u];
}

/* The subset of texel k and the anchors (texels whose index has one bit less) of a partition. */
static uint32_t bc_subset(uint32_t ns, uint32_t part, uint32_t k)
{
    if (ns == 2)
        return (bc_p2[part] >> k) & 1u;
    if (ns == 3)
        return (bc_p3[part] >> (2 * k)) & 3u;
    return 0;
}

static bool bc_is_anchor(uint32_t ns, uint32_t part, uint32_t k)
{
    return k == 0 || (ns == 2 && k == bc_a2[part]) ||
           (ns == 3 && (k == bc_a3a[part] || k == bc_a3b[part]));
}

/* Index of texel k in an index field of `bits` bits per texel starting at `start`. */
static uint32_t bc_index(const bc_bits *b, uint32_t start, uint32_t bits, uint32_t ns,
                         uint32_t part, uint32_t k)
{
    uint32_t pos = start;
    for (uint32_t j = 0; j < k; j++)
        pos += bits - bc_is_anchor(ns, part, j);
    return bc_get(b, pos, bits - bc_is_anchor(ns, part, k));
}

/* Total bits of an index field. */
static uint32_t bc_index_bits(uint32_t bits, uint32_t ns)
{
    return 16 * bits - ns;
}

/* An n-bit endpoint value widened to 8 bits by replicating its top bits (n >= 4). */
static uint32_t bc7_expand(uint32_t v, uint32_t n)
{
    return (v << (8 - n)) | (v >> (2 * n - 8));
}

static uint32_t bc_mix(uint32_t e0, uint32_t e1, uint32_t w)
{
    return ((64 - w) * e0 + w * e1 + 32) >> 6;
}

/* Texel k of a BC7 block as 8-bit r, g, b, a. A block whose first byte is 0 (reserved mode 8)
 * decodes to 0 in every channel (D3D 11.3 functional specification, BC7 "mode 8"). */
static void bc7_texel(const uint8_t *p, uint32_t k, uint32_t rgba[4])
{
    const bc_bits b = bc_load(p, 16);
    uint32_t mode = 0;
    while (mode < 8 && !((p[0] >> mode) & 1u))
        mode++;
    if (mode == 8) {
        rgba[0] = rgba[1] = rgba[2] = rgba[3] = 0;
        return;
    }
    const uint32_t ns = bc7_modes[mode].ns, cb = bc7_modes[mode].cb, ab = bc7_modes[mode].ab;
    uint32_t pos = mode + 1;
    const uint32_t part = bc_get(&b, pos, bc7_modes[mode].pb);
    pos += bc7_modes[mode].pb;
    const uint32_t rot = bc_get(&b, pos, bc7_modes[mode].rb);
    pos += bc7_modes[mode].rb;
    const uint32_t isb = bc_get(&b, pos, bc7_modes[mode].isb);
    pos += bc7_modes[mode].isb;
    const uint32_t s = bc_subset(ns, part, k), ne = 2 * ns;
    /* colour: red of every endpoint, then green, then blue; then alpha; then the P-bits */
    const uint32_t apos = pos + 3 * ne * cb, ppos = apos + ne * ab;
    const uint32_t epb = bc7_modes[mode].epb, spb = bc7_modes[mode].spb;
    const uint32_t istart = ppos + ne * epb + ns * spb;
    uint32_t e[2][4];
    for (uint32_t i = 0; i < 2; i++) {
        const uint32_t ep = 2 * s + i; /* endpoint number in storage order */
        const uint32_t pbit = epb ? bc_get(&b, ppos + ep, 1) : (spb ? bc_get(&b, ppos + s, 1) : 0);
        const uint32_t extra = epb || spb;
        for (uint32_t c = 0; c < 4; c++) {
            const uint32_t n = c < 3 ? cb : ab;
            if (!n) {
                e[i][c] = 255;
                continue;
            }
            uint32_t v = bc_get(&b, c < 3 ? pos + (c * ne + ep) * cb : apos + ep * ab, n);
            v = extra ? (v << 1) | pbit : v;
            e[i][c] = bc7_expand(v, n + extra);
        }
    }
    const uint32_t ib = bc7_modes[mode].ib, ib2 = bc7_modes[mode].ib2;
    const uint32_t i1 = bc_index(&b, istart, ib, ns, part, k);
    const uint32_t i2 = ib2 ? bc_index(&b, istart + bc_index_bits(ib, ns), ib2, ns, part, k) : 0;
    /* colour from the secondary index when the selection bit says so, alpha from the other */
    const bool swap = ib2 && isb;
    const uint32_t ci = swap ? i2 : i1, cbits = swap ? ib2 : ib;
    const uint32_t ai = ib2 ? (swap ? i1 : i2) : i1, abits = ib2 ? (swap ? ib : ib2) : ib;
    for (uint32_t c = 0; c < 4; c++)
        rgba[c] = c < 3 ? bc_mix(e[0][c], e[1][c], bc_weight(cbits, ci))
                        : bc_mix(e[0][c], e[1][c], bc_weight(abits, ai));
    if (rot) { /* 1: swap(a, r), 2: swap(a, g), 3: swap(a, b) */
        const uint32_t t = rgba[3];
        rgba[3] = rgba[rot - 1];
        rgba[rot - 1] = t;
    }
}

/* ---- BC6H -------------------------------------------------------------------------------------
 */

/* One field of Table.F: bits a..b of endpoint variable v (v = 3 e + channel: r0 g0 b0 r1 ...),
 * read from consecutive block bits, the first into bit b, stepping towards a. */
typedef struct bc6_field {
    uint8_t v, a, b;
} bc6_field;

/* Table.MF (mode number, transformed, partition bits, endpoint bits, delta bits) and Table.F
 * without the mode bits: the fields in block order after the 2 (modes 0, 1) or 5 mode bits. */
/* clang-format off */
#define F(v, a, b) {v, a, b}
static const struct {
    uint8_t mode, tr, pb, epb, db[3], nf;
    bc6_field f[23];
} bc6_modes[14] = {
    {0, 1, 5, 10, {5, 5, 5}, 19, {
        F(7, 4, 4), F(8, 4, 4), F(11, 4, 4), F(0, 9, 0), F(1, 9, 0), F(2, 9, 0),
        F(3, 4, 0), F(10, 4, 4), F(7, 3, 0), F(4, 4, 0), F(11, 0, 0), F(10, 3, 0),
        F(5, 4, 0), F(11, 1, 1), F(8, 3, 0), F(6, 4, 0), F(11, 2, 2), F(9, 4, 0),
        F(11, 3, 3)
    }},
    {1, 1, 5, 7, {6, 6, 6}, 23, {
        F(7, 5, 5), F(10, 4, 4), F(10, 5, 5), F(0, 6, 0), F(11, 0, 0), F(11, 1, 1),
        F(8, 4, 4), F(1, 6, 0), F(8, 5, 5), F(11, 2, 2), F(7, 4, 4), F(2, 6, 0),
        F(11, 3, 3), F(11, 5, 5), F(11, 4, 4), F(3, 5, 0), F(7, 3, 0), F(4, 5, 0),
        F(10, 3, 0), F(5, 5, 0), F(8, 3, 0), F(6, 5, 0), F(9, 5, 0)
    }},
    {2, 1, 5, 11, {5, 4, 4}, 18, {
        F(0, 9, 0), F(1, 9, 0), F(2, 9, 0), F(3, 4, 0), F(0, 10, 10), F(7, 3, 0),
        F(4, 3, 0), F(1, 10, 10), F(11, 0, 0), F(10, 3, 0), F(5, 3, 0), F(2, 10, 10),
        F(11, 1, 1), F(8, 3, 0), F(6, 4, 0), F(11, 2, 2), F(9, 4, 0), F(11, 3, 3)
    }},
    {6, 1, 5, 11, {4, 5, 4}, 20, {
        F(0, 9, 0), F(1, 9, 0), F(2, 9, 0), F(3, 3, 0), F(0, 10, 10), F(10, 4, 4),
        F(7, 3, 0), F(4, 4, 0), F(1, 10, 10), F(10, 3, 0), F(5, 3, 0), F(2, 10, 10),
        F(11, 1, 1), F(8, 3, 0), F(6, 3, 0), F(11, 0, 0), F(11, 2, 2), F(9, 3, 0),
        F(7, 4, 4), F(11, 3, 3)
    }},
    {10, 1, 5, 11, {4, 4, 5}, 20, {
        F(0, 9, 0), F(1, 9, 0), F(2, 9, 0), F(3, 3, 0), F(0, 10, 10), F(8, 4, 4),
        F(7, 3, 0), F(4, 3, 0), F(1, 10, 10), F(11, 0, 0), F(10, 3, 0), F(5, 4, 0),
        F(2, 10, 10), F(8, 3, 0), F(6, 3, 0), F(11, 1, 1), F(11, 2, 2), F(9, 3, 0),
        F(11, 4, 4), F(11, 3, 3)
    }},
    {14, 1, 5, 9, {5, 5, 5}, 19, {
        F(0, 8, 0), F(8, 4, 4), F(1, 8, 0), F(7, 4, 4), F(2, 8, 0), F(11, 4, 4),
        F(3, 4, 0), F(10, 4, 4), F(7, 3, 0), F(4, 4, 0), F(11, 0, 0), F(10, 3, 0),
        F(5, 4, 0), F(11, 1, 1), F(8, 3, 0), F(6, 4, 0), F(11, 2, 2), F(9, 4, 0),
        F(11, 3, 3)
    }},
    {18, 1, 5, 8, {6, 5, 5}, 19, {
        F(0, 7, 0), F(10, 4, 4), F(8, 4, 4), F(1, 7, 0), F(11, 2, 2), F(7, 4, 4),
        F(2, 7, 0), F(11, 3, 3), F(11, 4, 4), F(3, 5, 0), F(7, 3, 0), F(4, 4, 0),
        F(11, 0, 0), F(10, 3, 0), F(5, 4, 0), F(11, 1, 1), F(8, 3, 0), F(6, 5, 0),
        F(9, 5, 0)
    }},
    {22, 1, 5, 8, {5, 6, 5}, 21, {
        F(0, 7, 0), F(11, 0, 0), F(8, 4, 4), F(1, 7, 0), F(7, 5, 5), F(7, 4, 4),
        F(2, 7, 0), F(10, 5, 5), F(11, 4, 4), F(3, 4, 0), F(10, 4, 4), F(7, 3, 0),
        F(4, 5, 0), F(10, 3, 0), F(5, 4, 0), F(11, 1, 1), F(8, 3, 0), F(6, 4, 0),
        F(11, 2, 2), F(9, 4, 0), F(11, 3, 3)
    }},
    {26, 1, 5, 8, {5, 5, 6}, 21, {
        F(0, 7, 0), F(11, 1, 1), F(8, 4, 4), F(1, 7, 0), F(8, 5, 5), F(7, 4, 4),
        F(2, 7, 0), F(11, 5, 5), F(11, 4, 4), F(3, 4, 0), F(10, 4, 4), F(7, 3, 0),
        F(4, 4, 0), F(11, 0, 0), F(10, 3, 0), F(5, 5, 0), F(8, 3, 0), F(6, 4, 0),
        F(11, 2, 2), F(9, 4, 0), F(11, 3, 3)
    }},
    {30, 0, 5, 6, {6, 6, 6}, 23, {
        F(0, 5, 0), F(10, 4, 4), F(11, 0, 0), F(11, 1, 1), F(8, 4, 4), F(1, 5, 0),
        F(7, 5, 5), F(8, 5, 5), F(11, 2, 2), F(7, 4, 4), F(2, 5, 0), F(10, 5, 5),
        F(11, 3, 3), F(11, 5, 5), F(11, 4, 4), F(3, 5, 0), F(7, 3, 0), F(4, 5, 0),
        F(10, 3, 0), F(5, 5, 0), F(8, 3, 0), F(6, 5, 0), F(9, 5, 0)
    }},
    {3, 0, 0, 10, {10, 10, 10}, 6, {
        F(0, 9, 0), F(1, 9, 0), F(2, 9, 0), F(3, 9, 0), F(4, 9, 0), F(5, 9, 0)
    }},
    {7, 1, 0, 11, {9, 9, 9}, 9, {
        F(0, 9, 0), F(1, 9, 0), F(2, 9, 0), F(3, 8, 0), F(0, 10, 10), F(4, 8, 0),
        F(1, 10, 10), F(5, 8, 0), F(2, 10, 10)
    }},
    {11, 1, 0, 12, {8, 8, 8}, 9, {
        F(0, 9, 0), F(1, 9, 0), F(2, 9, 0), F(3, 7, 0), F(0, 10, 11), F(4, 7, 0),
        F(1, 10, 11), F(5, 7, 0), F(2, 10, 11)
    }},
    {15, 1, 0, 16, {4, 4, 4}, 9, {
        F(0, 9, 0), F(1, 9, 0), F(2, 9, 0), F(3, 3, 0), F(0, 10, 15), F(4, 3, 0),
        F(1, 10, 15), F(5, 3, 0), F(2, 10, 15)
    }},
};
/* clang-format on */
#undef F

/* The unquantisation of ARB_texture_compression_bptc (endpoint x of n bits -> 16 bits). */
static int32_t bc6_unquantize(int32_t x, uint32_t n, bool sgn)
{
    if (!sgn) {
        if (n >= 15)
            return x;
        if (x == 0)
            return 0;
        if (x == (int32_t)((1u << n) - 1u))
            return 0xffff;
        return (int32_t)((((uint32_t)x << 15) + 0x4000u) >> (n - 1));
    }
    if (n >= 16)
        return x;
    const bool neg = x < 0;
    const uint32_t a = (uint32_t)(neg ? -x : x);
    int32_t u;
    if (a == 0)
        u = 0;
    else if (a >= (1u << (n - 1)) - 1u)
        u = 0x7fff;
    else
        u = (int32_t)(((a << 15) + 0x4000u) >> (n - 1));
    return neg ? -u : u;
}

/* floor(v / 64) without shifting a negative number. */
static int32_t bc_floor64(int32_t v)
{
    return v >= 0 ? v / 64 : -((-v + 63) / 64);
}

/* Texel k of a BC6H block as half-float bits r, g, b. Reserved modes decode to 0 (the
 * extension's (0, 0, 0) colour). */
static void bc6h_texel(const uint8_t *p, uint32_t k, bool sgn, uint32_t half[3])
{
    const bc_bits b = bc_load(p, 16);
    const uint32_t m2 = bc_get(&b, 0, 2), mode = m2 < 2 ? m2 : bc_get(&b, 0, 5);
    int mi = -1;
    for (int i = 0; i < 14; i++)
        if (bc6_modes[i].mode == mode)
            mi = i;
    half[0] = half[1] = half[2] = 0;
    if (mi < 0)
        return;
    uint32_t pos = m2 < 2 ? 2 : 5, raw[12] = {0};
    for (uint32_t f = 0; f < bc6_modes[mi].nf; f++) {
        const bc6_field *fd = &bc6_modes[mi].f[f];
        const uint32_t n = (fd->a >= fd->b ? fd->a - fd->b : fd->b - fd->a) + 1u;
        for (uint32_t i = 0; i < n; i++, pos++) {
            const uint32_t bit = fd->a >= fd->b ? fd->b + i : fd->b - i;
            raw[fd->v] |= bc_get(&b, pos, 1) << bit;
        }
    }
    const uint32_t ns = bc6_modes[mi].pb ? 2 : 1, epb = bc6_modes[mi].epb;
    const uint32_t part = bc_get(&b, pos, bc6_modes[mi].pb);
    pos += bc6_modes[mi].pb;
    const uint32_t s = bc_subset(ns, part, k);
    const uint32_t ib = ns == 2 ? 3 : 4, idx = bc_index(&b, pos, ib, ns, part, k);
    const uint32_t w = bc_weight(ib, idx), mask = epb >= 32 ? ~0u : (1u << epb) - 1u;
    for (uint32_t c = 0; c < 3; c++) {
        int32_t e[2];
        for (uint32_t i = 0; i < 2; i++) {
            const uint32_t v = 3 * (2 * s + i) + c;
            uint32_t x = raw[v];
            if (v >= 3 && bc6_modes[mi].tr) /* a delta from e0, wrapped to the endpoint bits */
                x = (raw[c] + (uint32_t)bc_sext(x, bc6_modes[mi].db[c])) & mask;
            e[i] = sgn ? bc_sext(x, epb) : (int32_t)x;
            e[i] = bc6_unquantize(e[i], epb, sgn);
        }
        const int32_t v = bc_floor64(e[0] * (64 - (int32_t)w) + e[1] * (int32_t)w + 32);
        if (!sgn)
            half[c] = (uint32_t)(v * 31) >> 6;
        else
            half[c] = v < 0 ? ((uint32_t)(-v * 31) >> 5) | 0x8000u : (uint32_t)(v * 31) >> 5;
    }
}

/* ---- one texel of any block-compressed format ------------------------------------------------ */

void tgx_tex_bc_texel(tgx_tex_pack pack, bool sgn, bool nv, const uint8_t *p, uint32_t k,
                      tgx_bc_texel *o)
{
    bool black = false;
    k &= 15u;
    for (int c = 0; c < 4; c++) {
        o->v[c] = 0;
        o->den[c] = 0;
    }
    switch (pack) {
    case TGX_TEX_PACK_BC1:
        bc1_color(p, k, false, nv, o, &black);
        o->v[3] = black ? 0 : 255;
        break;
    case TGX_TEX_PACK_BC2: /* explicit 4-bit alpha, 17 a / 255 = a / 15 */
        bc1_color(p + 8, k, true, nv, o, &black);
        o->v[3] = (int32_t)(17u * ((p[k / 2] >> (4 * (k % 2))) & 15u));
        break;
    case TGX_TEX_PACK_BC3:
        bc1_color(p + 8, k, true, nv, o, &black);
        if (nv)
            bc3_alpha_nv(p, k, o);
        else
            bc4_value(p, k, false, nv, o, 3);
        break;
    case TGX_TEX_PACK_BC4: bc4_value(p, k, sgn, nv, o, 0); break;
    case TGX_TEX_PACK_BC5:
        bc4_value(p, k, sgn, nv, o, 0);
        bc4_value(p + 8, k, sgn, nv, o, 1);
        break;
    case TGX_TEX_PACK_BC6H_U:
    case TGX_TEX_PACK_BC6H_S: {
        uint32_t h[3];
        bc6h_texel(p, k, pack == TGX_TEX_PACK_BC6H_S, h);
        for (int c = 0; c < 3; c++)
            o->v[c] = (int32_t)h[c];
        break;
    }
    case TGX_TEX_PACK_BC7: {
        uint32_t rgba[4];
        bc7_texel(p, k, rgba);
        for (int c = 0; c < 4; c++)
            o->v[c] = (int32_t)rgba[c];
        break;
    }
    default: break;
    }
}
