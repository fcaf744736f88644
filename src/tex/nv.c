/* The nv profile's fixed-point steps, one function per step of the NVIDIA texture pipeline as the
 * H100 probes in tests/data/hw show it (docs/texture.md section 3 lists each rule with the probes
 * that show it). sample.c, address.c and lod.c call these where the profile is nv; nothing here
 * depends on the request beyond its arguments. */
#include <limits.h>
#include <math.h>

#include "tex/sampling.h"
#include "tgx/util.h"

/* ---- coordinates ---------------------------------------------------------------------------- */

tgx_tex_wrap tex_nv_unnormalized_wrap(tgx_tex_wrap w)
{
    /* probes B1/B2 *_wrap_unnorm, *_mirror_unnorm, A11, J20 *_mirror_unnorm: with coordinates
     * in texels, wrap and mirror return the clamp-to-edge texel and weight everywhere (CUDA
     * documents wrap and mirror for normalised coordinates only) */
    return w == TGX_TEX_WRAP_REPEAT || w == TGX_TEX_WRAP_MIRROR_REPEAT ? TGX_TEX_WRAP_CLAMP_TO_EDGE
                                                                       : w;
}

int32_t tex_nv_offset(int32_t v, uint32_t bits)
{
    /* the offset's low `bits` bits as a two's complement number */
    const uint32_t u = (uint32_t)v & ((1u << bits) - 1u), sign = 1u << (bits - 1u);
    return (int32_t)(u ^ sign) - (int32_t)sign;
}

int tex_nv_coord_bits(tgx_tex_target target, uint32_t level_max_dim)
{
    /* hw-facts "Normalized coordinate u" and probes J01, K01-K04 (every point of sweeps over u):
     * F = 21 while the sampled level's largest dimension is <= 8192 (J01b_w8191, K02_2d_5x8192:
     * 21; J01_w8193, K02_2d_5x8193: 22), 22 up to 65536 (J01_w65536: 22, K01_1d_w65537: 23),
     * 23 above. 3D levels take 22 from 4096 (K04_3d_5x3x2049: 21, K04_3d_5x3x4096: 22); the data
     * leaves 2050..4095 open, we take the power of two. The largest dimension counts whichever
     * axis is swept (K02: the 5-wide axis of a 5x8193 texture takes 22). */
    if (level_max_dim > 65536)
        return 23;
    if (level_max_dim > (target == TGX_TEX_3D ? 4095u : 8192u))
        return 22;
    return 21;
}

double tex_nv_fixed_coord(double u, int F)
{
    const double scale = ldexp(1.0, F); /* powers of two: both operations are exact */
    return floor(u * scale) / scale;
}

double tex_nv_wrap_reduce(tgx_tex_wrap w, double q)
{
    /* Repeat and mirror only see the fixed-point coordinate modulo their period: J20 (wrap and
     * mirror) reads u = +-inf, +-1e30 and 2^24 as u = 0 (their fixed-point fraction is 0 and
     * the integer part even), and J01c/J01d/J01e (u near 1000, -3000, 70000) as their fraction.
     * Reducing first keeps huge coordinates exact through the scaling. */
    const double period =
        w == TGX_TEX_WRAP_REPEAT ? 1.0 : (w == TGX_TEX_WRAP_MIRROR_REPEAT ? 2.0 : 0.0);
    if (period == 0.0)
        return q;
    if (!isfinite(q))
        return 0.0;
    return q - period * floor(q / period);
}

/* ---- border colour -------------------------------------------------------------------------- */

/* An 8-bit UNORM channel of a value in [0, 1]: v * 255 in fp32, then the nearest integer with ties
 * going down (hw-facts "Border colour": 0.5 gives 127; probe B5b: 0.1f, whose fp32 product with
 * 255 is exactly 25.5, gives 25). */
static uint32_t nv_unorm8_ties_down(float v)
{
    const float x = v * 255.0f;
    return (uint32_t)ceilf(x - 0.5f);
}

float tex_nv_border_channel(tgx_tex_type type, uint32_t bits, int channel, float v)
{
    /* the value arrives clamped to the format's range; 8-bit UNORM and sRGB textures hold their
     * border as a texel of the format would: UNORM quantised as above (zero is +0), sRGB colour
     * channels encoded to 8-bit sRGB the same way and decoded through the texture unit's sRGB
     * table (probe B5c: 0.1 reads 0.100097656, table entry 89); alpha stays linear UNORM. Other
     * formats return the border as given (B5: f32; 16-bit formats have no probe). */
    if (bits != 8 || (type != TGX_TEX_TYPE_UNORM && type != TGX_TEX_TYPE_SRGB))
        return v;
    if (type == TGX_TEX_TYPE_SRGB && channel < 3)
        return tgx_tex_srgb8_nv(nv_unorm8_ties_down(tgx_tex_linear_to_srgb(v)));
    return tgx_tex_unorm_decode(nv_unorm8_ties_down(v), 8);
}

/* ---- depth compare -------------------------------------------------------------------------- */

float tex_nv_depth_reference(const tgx_tex_format_info *fi, float ref)
{
    /* probes GL21 (D24) and GL22 (D16): the reference is clamped to [0, 1], rounded to the
     * format's integer round(ref (2^n - 1)) and compared with the stored integer, so a reference
     * within half a step of a texel compares EQUAL. The integer is returned decoded as the texel
     * is (the decoding is monotonic and one-to-one, so the float comparison is the integer one).
     * Ties round up as the format's stores do (GL 4.6 section 2.3.5.1); the probes hold none. */
    if (fi->type != TGX_TEX_TYPE_UNORM)
        return ref;
    const uint32_t v[4] = {tgx_f2bits(ref), 0, 0, 0};
    uint32_t bits[4];
    tgx_tex_encode(fi, v, bits);
    return tgx_tex_unorm_decode(bits[0], fi->bits[0]);
}

/* ---- LOD ------------------------------------------------------------------------------------ */

static const uint8_t nv_log2_table[256] = {
#include "tex/nv_log2.def"
};

int32_t tex_nv_log2_fixed(float x)
{
    /* hw-facts "LOD from gradients": x's mantissa truncated to 8 bits (m), the LOD is
     * exponent + T[m] / 256. Callers handle 0, infinity and NaN. */
    const uint32_t b = tgx_f2bits(x);
    int32_t e = (int32_t)((b >> 23) & 0xffu) - 127;
    uint32_t m = (b >> 15) & 0xffu;
    if (e == -127) { /* subnormal: normalise (the length of a gradient can be that small) */
        uint32_t mant = b & 0x7fffffu;
        e = -126;
        while (mant && !(mant & 0x800000u)) {
            mant <<= 1;
            e--;
        }
        m = (mant >> 15) & 0xffu;
    }
    return e * 256 + (int32_t)nv_log2_table[m];
}

/* ---- filter weights ------------------------------------------------------------------------- */

void tex_nv_split_volume(uint32_t total, uint32_t kx, uint32_t ky, uint32_t kz, uint32_t w[8])
{
    /* z first (T1 = rhu(total kz / 256), exactly kz when total = 256), then each slice as above.
     * With total < 256 (a 3D level of a mip-linear pair) the order is our reading: level, z, x,
     * y, each split as the 2D rule splits its axis. */
    const uint32_t z1 = tex_div256_half_up(total * kz);
    tex_nv_split_slice(total - z1, kx, ky, w);
    tex_nv_split_slice(z1, kx, ky, w + 4);
}

void tex_nv_cube_corner(uint32_t w[4], int corner)
{
    /* probe D03b (seamless, linear, every corner query): the tap off the face on both axes is
     * dropped and its weight wc shared out: the two taps across an edge from it get
     * round(wc / 3) each, the tap diagonally opposite (on the face) the rest (wc = 64: 21, 21,
     * 22; wc = 5: 2, 2, 1) */
    const uint32_t wc = w[corner], third = (wc + 1u) / 3u;
    w[corner] = 0;
    w[corner ^ 1] += third; /* across x */
    w[corner ^ 2] += third; /* across y */
    w[corner ^ 3] += wc - 2u * third;
}

/* ---- blending ------------------------------------------------------------------------------- */

void tex_nv_init_arith(tex_ctx *c)
{
    for (int ch = 0; ch < 4; ch++) {
        const uint32_t n = c->fi->bits[ch];
        uint8_t a = TEX_NV_FLOAT32;
        if (c->compare || n == 0)
            a = TEX_NV_FLOAT32;
        else if (c->fi->type == TGX_TEX_TYPE_FLOAT && n == 16)
            a = TEX_NV_FLOAT16; /* G09, H07 */
        else if (n > 16)
            a = TEX_NV_FLOAT32;
        else if (c->fi->type == TGX_TEX_TYPE_UNORM)
            a = TEX_NV_UNORM16; /* hw-facts "8-bit UNORM filtering"; G04, G07b, R01 u16 */
        else if (c->fi->type == TGX_TEX_TYPE_SRGB && ch == 3)
            a = TEX_NV_UNORM16; /* G03: an sRGB texture's alpha blends as UNORM: 255 with weight
                                   1 reads 256/65535 */
        else if (c->fi->type == TGX_TEX_TYPE_SRGB)
            a = TEX_NV_SRGB8; /* G03, R03 */
        else if (c->fi->type == TGX_TEX_TYPE_SNORM)
            a = n == 8 ? TEX_NV_SNORM8   /* A20d, H08b (every query) */
                       : TEX_NV_SNORM16; /* R01 s16 (every query), gather F03b */
        c->nv_arith[ch] = a;
    }
}

int32_t tex_nv_snorm15(float f, uint32_t n)
{
    /* probe F03b (gather of every s8 value): v * 32767 / 127 through the fixed-point constant
     * 258 + 1/128 (33025 / 128), rounded half up: 258 v + ((v + 64) >> 7). 64 widens to 16513,
     * -64 to -16512 (a sign-magnitude replication would give -16513), 127 to 32767. For n bits
     * the constant is 32767 / (2^(n-1) - 1) truncated to 7 fraction bits; 16-bit SNORM keeps its
     * value (R01 s16). */
    const int64_t maxv = (int64_t)((1u << (n - 1)) - 1u);
    int64_t v = (int64_t)llrintf(f * (float)maxv); /* f = v / maxv exactly decoded */
    v = v < -maxv ? -maxv : (v > maxv ? maxv : v);
    const int64_t k128 = (32767 * 128) / maxv; /* floor: the constant in 1/128 */
    const int64_t p = v * k128 + 64;
    return (int32_t)(p >= 0 ? p / 128 : -((-p + 127) / 128)); /* floor(p / 128) */
}

/* An 8-bit SNORM texel (decoded value f = v / 127, v = -128..127) widened for the filter: v *
 * 33025 / 128 (1.15, the gather's constant, F03b) with 2 more fraction bits, rounded half up.
 * -128 is not clamped: it widens to -33025 (see tex_nv_blend). */
static int64_t tex_nv_snorm8_q2(float f)
{
    const int64_t v = (int64_t)llrintf(f * 127.0f);
    const int64_t p = v * 33025 + 16; /* in 1/128 of a unit: (p >> 5) = quarter units */
    return p >= 0 ? p / 32 : -((-p + 31) / 32);
}

/* x (a double) rounded to a float of `mant` fraction bits, minimum normal exponent emin and
 * maximum exponent emax, ties away from zero; a tie is broken by the sign of `below`, the (much
 * smaller) rest of the exact value x + below. Overflow gives an infinity. */
static float nv_round_ties_away(double x, double below, int mant, int emin, int emax)
{
    if (x == 0.0)
        return 0.0f;
    const double a = fabs(x);
    int e = ilogb(a);
    e = e < emin ? emin : e;
    const double q = ldexp(1.0, e - mant); /* the result's quantum */
    const double n = floor(a / q);         /* exact: a / q is a power-of-two scaling */
    const double frac = a / q - n;
    double r = n;
    const double away = x < 0.0 ? -below : below; /* the rest, toward larger magnitude */
    if (frac > 0.5 || (frac == 0.5 && away >= 0.0))
        r += 1.0;
    r *= q;
    if (r >= ldexp(2.0, emax))
        r = INFINITY;
    return (float)(x < 0.0 ? -r : r);
}

/* s + e = a + b exactly (Knuth's two-sum). */
static void two_sum(double a, double b, double *s, double *e)
{
    *s = a + b;
    const double bv = *s - a, av = *s - bv;
    *e = (a - av) + (b - bv);
}

/* The exponent a tap carries into the block: its own, or for 8-bit sRGB colour the exponent of
 * its decode-table segment (tgx_tex_srgb8_nv_exponent). */
static int nv_tap_exponent(float v, bool srgb)
{
    return srgb ? tgx_tex_srgb8_nv_exponent(v) : ilogbf(v);
}

/* One group of taps (a bilinear quad: one slice of a 3D footprint, one level of a mip-linear
 * pair) in block floating point: the taps with a non-zero weight aligned to the largest one's
 * exponent with `guard` fraction bits and truncated toward zero there. Returns the weighted sum
 * / 256 (exact in a double: under 2^37 units), or flags NaN / infinities. */
static double nv_group_sum(const tgx_texel *const *tx, const uint32_t *w, int n, int ch, int guard,
                           bool srgb, int *infs, bool *nan)
{
    int emax = INT_MIN;
    for (int i = 0; i < n; i++) {
        const float v = tx[i]->f[ch];
        if (!w[i] || v == 0.0f)
            continue;
        if (v != v)
            *nan = true;
        else if (isinf(v))
            *infs |= v > 0.0f ? 1 : 2;
        else {
            const int e = nv_tap_exponent(v, srgb);
            emax = e > emax ? e : emax;
        }
    }
    if (emax == INT_MIN)
        return 0.0;
    int64_t acc = 0;
    for (int i = 0; i < n; i++)
        if (w[i] && isfinite(tx[i]->f[ch])) /* |m| < 2^(guard + 1): exact */
            acc += (int64_t)w[i] * (int64_t)trunc(ldexp((double)tx[i]->f[ch], guard - emax));
    return ldexp((double)acc, emax - guard - 8);
}

/* Float filtering (probes R01_hash2d_37x23_f32x4 and H08b f32x2: every query; R04b (3D): every
 * query; G09, H07: every f16 query). Each group of up to 4 taps is aligned to its largest tap's
 * exponent with 4 bits more than the format's mantissa (f32: 27 fraction bits, f16: 14) and
 * truncated toward zero there (R04b needs the two slices of a 3D footprint aligned apart); the
 * groups' weighted sums add exactly and round once to the format's precision with ties away from
 * zero. A NaN tap gives the canonical NaN 0x7fffffff (f16: 0x7fff, H07); infinities (no probe)
 * give an infinity of their sign, NaN when both signs meet. */
static float nv_blend_float(const tgx_texel *const *tx, const uint32_t *w, int n, int group, int ch,
                            uint8_t arith)
{
    /* 8-bit sRGB colour (probes G03: every weight between every pair of adjacent bytes and 510
     * others, R03: 8192 bilinear queries): the decoded texels are 8-bit mantissas under their
     * table segment's exponent (tgx_tex_srgb8_nv_exponent), aligned to the largest with no guard
     * bit (7 fraction bits, the entries' own precision) and truncated, the sum rounded to half
     * precision with ties away: byte 47 (116.5/4096, segment exponent -5) against 48 reads
     * 116/4096, while each texel alone reads its table value */
    const bool srgb = arith == TEX_NV_SRGB8, half = arith != TEX_NV_FLOAT32;
    const int guard = srgb ? 7 : (half ? 14 : 27);
    int infs = 0;
    bool nan = false;
    double hi = 0.0, lo[4] = {0, 0, 0, 0}; /* hi + sum(lo): the exact sum (an expansion) */
    for (int g = 0, k = 0; g < n; g += group, k++) {
        double x = nv_group_sum(tx + g, w + g, group, ch, guard, srgb, &infs, &nan);
        for (int j = 0; j < k; j++) /* grow the expansion: lo[] stay exact error terms */
            two_sum(x, lo[j], &x, &lo[j]);
        two_sum(hi, x, &hi, &lo[k]);
    }
    if (nan || infs == 3)
        return tgx_bits2f(0x7fffffffu);
    if (infs)
        return infs == 1 ? INFINITY : -INFINITY;
    double below = 0.0; /* the sign of the rest is the sign of its largest non-zero term */
    for (int j = 0; j < 4; j++)
        if (fabs(lo[j]) > fabs(below))
            below = lo[j];
    return half ? nv_round_ties_away(hi, below, 10, -14, 15)
                : nv_round_ties_away(hi, below, 23, -126, 127);
}

void tex_nv_blend(const tex_ctx *c, const tgx_texel *const *tx, const uint32_t *w, int n, int group,
                  tgx_texel *out)
{
    for (int ch = 0; ch < 4; ch++) {
        switch (c->nv_arith[ch]) {
        case TEX_NV_UNORM16: {
            /* hw-facts: texels widen to 16 bits (c * 257 for 8-bit), the whole sum (8 taps for
             * 3D and mip-linear) is rounded once to 16 bits and divided by 65535 */
            uint64_t acc = 0;
            for (int i = 0; i < n; i++)
                acc += (uint64_t)w[i] * (uint64_t)lrintf(tx[i]->f[ch] * 65535.0f);
            out->f[ch] = tex_nv_unorm16_result((uint32_t)acc);
            break;
        }
        case TEX_NV_SNORM16: {
            /* probe R01_hash2d_37x23_s16x4 (8192 bilinear queries, wrap and mirror): the signed
             * sum of w * v16 plus 128, shifted right by 8 (rounding halves toward +inf), over
             * 32767. 8-bit SNORM widens its texels as gather shows (tex_nv_snorm15); the
             * rounding of its blend is open (docs/texture.md) */
            int64_t acc = 0;
            for (int i = 0; i < n; i++)
                acc += (int64_t)w[i] * tex_nv_snorm15(tx[i]->f[ch], c->fi->bits[ch]);
            const int64_t q = (acc + 128) / 256 - ((acc + 128) % 256 < 0); /* floor */
            out->f[ch] = (float)q / 32767.0f;
            break;
        }
        case TEX_NV_SNORM8: {
            /* probes A20d (a texel of 127 alone with every weight w: 128 w - (w >= 113)) and
             * H08b_dflt_s8x1 (16 random bilinear queries): the texels widened with 2 fraction
             * bits (tex_nv_snorm8_q2), the weighted sum over 256 taken with 7/16 added and
             * truncated toward -inf, i.e. floor((sum + 448) / 1024) in quarter units, clamped
             * to +-32767, over 32767. Among the widenings with 0..11 extra bits and one offset,
             * this, 5 or 6 truncated bits of v * 32767 / 127, and 3 or 4 truncated bits of v *
             * 33025 / 128 fit both probes; this one keeps the gather's constant and rounding
             * (docs/texture.md 3.6 names the probe that decides). */
            int64_t acc = 0;
            for (int i = 0; i < n; i++)
                acc += (int64_t)w[i] * tex_nv_snorm8_q2(tx[i]->f[ch]);
            int64_t q = (acc + 448) / 1024 - ((acc + 448) % 1024 < 0); /* floor */
            q = q < -32767 ? -32767 : (q > 32767 ? 32767 : q);
            out->f[ch] = (float)q / 32767.0f;
            break;
        }
        default: out->f[ch] = nv_blend_float(tx, w, n, group, ch, c->nv_arith[ch]); break;
        }
    }
}
