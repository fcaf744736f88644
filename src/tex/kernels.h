/* The lane-group kernels: sampling, gather and texel fetch for eight lanes at a time, in the
 * vector types of simd.h. kernels_avx2.c and kernels_sse2.c each include this file once, with
 * KNAME(name) giving the names of their instruction set, and export the table of the kernels
 * (tex_kernels_avx2, tex_kernels_sse2) for tgx_tex_bind.
 *
 * Each kernel is one shape -- profile (GL's exact formulas, softpipe's rule, nv), format class
 * (unit.h), filtered axes, depth compare -- instantiated from the inline steps below with those
 * as constants, so that the code of a shape has no test on it. Everything that depends on the
 * lane is a vector: the level a lane reads (lanes on different levels go side by side, their
 * sizes and pitches looked up in the binding's level table), its filter (magnified or not), its
 * mip weight, its layer.
 *
 * The reference is the general path (sample.c, address.c, lod.c, nv.c), and every step says which
 * of its functions it computes. Where the general path calls a rule with arithmetic of its own
 * per quad or per lane (the LOD from gradients: tex_lambda_from_grads), the kernel calls the same
 * function; where it is a table (the byte formats' decode, the nv 16-bit values and sRGB segment
 * exponents) the binding built the table with the general path's own functions (unit.c); the
 * rest is the same IEEE operations in the same order, on eight lanes. tests/tex/test_fast.c
 * compares every kernel with the general path.
 *
 * A lane the kernel cannot compute as the general path does -- a coordinate outside the range
 * where the arithmetic below is exact (NaN, infinities, huge values, nv denormals), a texel value
 * the vector blends do not cover (nv float blends with NaN, infinities or subnormal results) --
 * sends its quad to the general path: the kernel returns the quad in its mask. */
#include <math.h>

#include "tex/simd.h"
#include "tex/unit.h"

/* Profiles of a kernel. */
enum { KP_GL, KP_SP, KP_NV };

/* ---- the level each lane reads -------------------------------------------------------------- */

typedef struct klev {
    vi L;        /* absolute level */
    vi n[3];     /* size per axis */
    vf nf[3];    /* as floats */
    vi base;     /* byte offset of the lane's slice (layer) of the level */
    vi row, slc; /* row and slice pitch */
    vi F;        /* nv: fraction bits */
    vf sF;       /* nv: 2^F */
} klev;

/* The level table's entries for each lane's level L and slice (layered views: the layer; else
 * the view's slice). One level for the whole group is a broadcast, else a lookup per lane. */
VX_INLINE void klev_get(const tex_unit *u, vi L, vi slice, int dims, klev *k)
{
    const tex_levels *t = &u->lv;
    k->L = L;
    if (vx_all(L == L[0])) {
        const int32_t l = L[0];
        k->n[0] = vi_set1(t->w[l]);
        k->n[1] = vi_set1(t->h[l]);
        k->n[2] = vi_set1(t->d[l]);
        k->nf[0] = vf_set1(t->wf[l]);
        k->nf[1] = vf_set1(t->hf[l]);
        k->nf[2] = vf_set1(t->df[l]);
        k->row = vi_set1(t->row[l]);
        k->slc = vi_set1(t->slice[l]);
        k->F = vi_set1(t->F[l]);
        k->sF = vf_set1(t->scaleF[l]);
        k->base = vi_set1(t->off[l]);
    } else {
        k->n[0] = vx_lookup(t->w, L);
        k->n[1] = vx_lookup(t->h, L);
        k->n[2] = vx_lookup(t->d, L);
        k->nf[0] = vx_lookupf(t->wf, L);
        k->nf[1] = vx_lookupf(t->hf, L);
        k->nf[2] = vx_lookupf(t->df, L);
        k->row = vx_lookup(t->row, L);
        k->slc = vx_lookup(t->slice, L);
        k->F = vx_lookup(t->F, L);
        k->sF = vx_lookupf(t->scaleF, L);
        k->base = vx_lookup(t->off, L);
    }
    if (dims < 3)
        k->base += slice * k->slc;
}

/* ---- coordinates to taps (address.c) -------------------------------------------------------- */

/* The taps of one axis: indices after the wrap (-1: the border), the weight of i1 (a: exact, k:
 * nv in 1/256). */
typedef struct kaxis {
    vi i0, i1;
    vf a;
    vi k;
} kaxis;

/* i mod n in [0, n) for n > 0 and |i| < 2^30: the quotient in double (exact inputs, an error
 * of at most one), then one correction. */
VX_INLINE vi vi_mod(vi i, vi n)
{
    vd4 il, ih, nl, nh;
    vd_from_vi(i, &il, &ih);
    vd_from_vi(n, &nl, &nh);
    vd4 ql = il / nl, qh = ih / nh;
    vi4 a = __builtin_convertvector(ql, vi4), b = __builtin_convertvector(qh, vi4);
    vi q;
    memcpy(&q, &a, 16);
    memcpy((char *)&q + 16, &b, 16);
    vi r = i - q * n;
    r += n & (r < 0);
    r -= n & (r >= n);
    r += n & (r < 0);
    return r;
}

/* floor((double)x + off) for |x + off| < 2^31. */
VX_INLINE vi vd_floor_sum(vf x, vi off)
{
    vd4 xl, xh, ol, oh;
    vd_from_vf(x, &xl, &xh);
    vd_from_vi(off, &ol, &oh);
    xl += ol;
    xh += oh;
    const vi4 tl = __builtin_convertvector(xl, vi4), th = __builtin_convertvector(xh, vi4);
    const vd4 bl = __builtin_convertvector(tl, vd4), bh = __builtin_convertvector(th, vd4);
    const vi4 fl = tl + __builtin_convertvector(bl > xl, vi4);
    const vi4 fh = th + __builtin_convertvector(bh > xh, vi4);
    vi r;
    memcpy(&r, &fl, 16);
    memcpy((char *)&r + 16, &fh, 16);
    return r;
}

/* GL 4.6 eq. 8.11 / table 8.20 on the indices of an axis (address.c, wrap_index and rule_of):
 * wrap w, size n per lane (pow2: every lane's n is a power of two), linear lanes linm. */
VX_INLINE vi wrap_index(tgx_tex_wrap w, vi i, vi n, bool pow2, vi linm)
{
    switch (w) {
    case TGX_TEX_WRAP_REPEAT: return pow2 ? (i & (n - 1)) : vi_mod(i, n);
    case TGX_TEX_WRAP_MIRROR_REPEAT: {
        /* (size - 1) - mirror((i mod 2 size) - size), mirror(a) = a >= 0 ? a : -(1 + a) */
        const vi m = (pow2 ? (i & (2 * n - 1)) : vi_mod(i, 2 * n)) - n;
        return n - 1 - vi_sel(m >= 0, m, -(1 + m));
    }
    case TGX_TEX_WRAP_CLAMP:
    case TGX_TEX_WRAP_MIRROR_CLAMP: {
        /* GL_CLAMP: nearest behaves like clamp-to-edge, linear blends with the border */
        const vi out = (i < 0) | (i >= n);
        return vi_sel(linm & out, vi_set1(-1), vi_max(vi_min(i, n - 1), vi_set1(0)));
    }
    case TGX_TEX_WRAP_CLAMP_TO_BORDER:
    case TGX_TEX_WRAP_MIRROR_CLAMP_TO_BORDER: return vi_sel((i < 0) | (i >= n), vi_set1(-1), i);
    default: return vi_max(vi_min(i, n - 1), vi_set1(0)); /* the edge rules */
    }
}

static inline bool wrap_is_edge(tgx_tex_wrap w)
{
    return w == TGX_TEX_WRAP_CLAMP_TO_EDGE || w == TGX_TEX_WRAP_MIRROR_CLAMP_TO_EDGE;
}

/* One axis of a level for the group: u the coordinates, off the texel offsets (already the nv
 * profile's low bits), linm the lanes whose filter is linear.
 * Exact profiles (tex_scale_coord, pre_transform, tex_axis_linear / _nearest): x = u * n in
 * float, plus the offset (the general path adds it to the double holding the float product and
 * rounds to float once: the float sum), the clamp transforms on x, then linear: xm = x - 1/2,
 * i0 = floor(xm), a = xm - i0 (GL 4.6 eq. 8.12); nearest: floor(x). The general path holds x in a
 * double, but each value there is a float.
 * nv (tex_nv_fixed_coord, tex_nv_wrap_reduce, tex_axis_linear's nv branch): Q = floor(u 2^F), R
 * = Q mod 2^F (repeat), mod 2^(F+1) (mirrored repeat), |Q| (mirror clamps), Q clamped to [0, 2^F]
 * (GL_CLAMP and mirror clamp: x = R n / 2^F clamped to [0, n]); then T = floor(256 (R n / 2^F -
 * 1/2) + 1/2) = 256 i0 + k: with s = F - 8 and R = Rh 2^s + Rl, T = Rh n + ((Rl n + 2^(F-9)) >>
 * s) - 128 in 32-bit integers (the bounds: |Q| < 2^28 by the range check, n <= 2^13, 2^16, 2^17
 * for F = 21, 22, 23, so |Rh n| < 2^30 and Rl n + 2^(F-9) < 2^32 unsigned); nearest: floor(R n /
 * 2^F) = floor((Rh n + ((Rl n) >> s)) / 256). An offset adds 256 off to T. Clamp to edge: k = 0
 * when both taps are one texel (hw-facts). */
VX_INLINE void axis_lanes(const tex_unit *u, int ax, int PROF, vf uc, const klev *lv, vi off,
                          bool has_off, vi linm, kaxis *r)
{
    const tgx_tex_wrap w = u->ctx[0].wrap[ax];
    const vi n = lv->n[ax];
    const bool mirror_abs = w == TGX_TEX_WRAP_MIRROR_CLAMP ||
                            w == TGX_TEX_WRAP_MIRROR_CLAMP_TO_EDGE ||
                            w == TGX_TEX_WRAP_MIRROR_CLAMP_TO_BORDER;
    const bool clamp01 = w == TGX_TEX_WRAP_CLAMP || w == TGX_TEX_WRAP_MIRROR_CLAMP;
    vi i0;
    if (PROF != KP_NV) {
        const vf nf = lv->nf[ax];
        vf x = uc * nf;
        if (has_off) {
            /* the general path adds the offset to the double holding x: linear rounds that sum
             * to float (the float sum: the double sum is exact, or x is too small to reach
             * float's rounding), nearest floors the double (unit.c leaves offsets under the
             * clamp transforms to the general path) */
            const vf xl = x + vf_from_vi(off) - 0.5f;
            const vi il = vi_floor(xl);
            i0 = vi_sel(linm, il, vd_floor_sum(x, off));
            r->a = xl - vf_from_vi(il);
        } else {
            if (mirror_abs)
                x = vf_abs(x);
            if (clamp01)
                x = vf_sel(x < 0.0f, vf_set1(0.0f), vf_sel(x > nf, nf, x));
            const vf xm = x - vf_sel(linm, vf_set1(0.5f), vf_set1(0.0f));
            i0 = vi_floor(xm);
            r->a = xm - vf_from_vi(i0);
        }
    } else {
        const vi F = lv->F, s = F - 8;
        vi R = vi_floor(uc * lv->sF); /* exact: 2^F is a power of two */
        if (w == TGX_TEX_WRAP_REPEAT)
            R &= (vi_set1(1) << F) - 1;
        else if (w == TGX_TEX_WRAP_MIRROR_REPEAT)
            R &= (vi_set1(2) << F) - 1;
        if (mirror_abs)
            R = vi_sel(R < 0, -R, R);
        if (clamp01)
            R = vi_max(vi_min(R, vi_set1(1) << F), vi_set1(0));
        const vi rh = vi_floor_shiftv(R, s), rl = R & ((vi_set1(1) << s) - 1);
        const vu round = (vu)(linm & (vi_set1(1) << (F - 9)));
        vi T = rh * n + (vi)(((vu)rl * (vu)n + round) >> (vu)s) - (linm & 128);
        if (has_off)
            T += off * 256;
        i0 = vi_floor_shift(T, 8);
        r->k = T & 255;
    }
    const bool pow2 = u->pow2[ax];
    r->i1 = wrap_index(w, i0 + 1, n, pow2, linm);
    r->i0 = wrap_index(w, i0, n, pow2, linm);
    if (PROF == KP_NV && wrap_is_edge(w))
        r->k = vi_sel(r->i0 == r->i1, vi_set1(0), r->k);
}

/* ---- texels (format.c's decoders, per class) ------------------------------------------------ */

/* The needed channels of one tap: float values (the exact profiles, nv float blends, point
 * samples) and the nv 16-bit fixed-point values (UNORM16, SNORM16 blends). */
typedef struct ktap {
    vf f[4];
    vi v[4];
    vi e[4]; /* nv sRGB colour: the segment exponent (tgx_tex_srgb8_nv_exponent) */
} ktap;

/* Which of the tap's forms a kernel needs. */
enum { KT_FLOAT = 1, KT_V16 = 2, KT_SEG = 4 };

/* GL's 8-bit UNORM i / 255 correctly rounded (TGX_TEX_UNORM8_GL) in three exact float steps and
 * one rounding: i / 255 is the byte repeated forever behind the binary point, X = i 65793 (the
 * byte three times, below 2^24) is exact, and X 2^-24 + X 2^-48 differs from i / 255 only past
 * the 48th bit, where the repetition goes on (never a tie), so the sum rounds as the quotient
 * does (test_fast checks all 256). */
VX_INLINE vf unorm8_gl(vi b)
{
    const vf x = vf_from_vi(b) * 65793.0f;
    return x * 0x1p-24f + x * 0x1p-48f;
}

/* A half float's bits (low 16 bits of h) to float, as tgx_half_to_float (exact; NaN payloads
 * kept). */
VX_INLINE vf half_to_float(vi h)
{
    const vi sign = (h & 0x8000) << 16, e = (h >> 10) & 31, m = h & 0x3ff;
    const vi normal = sign | ((e + 112) << 23) | (m << 13);
    const vi special = sign | 0x7f800000 | (m << 13);
    const vi sub = sign | vf_bits(vf_from_vi(m) * 0x1p-24f);
    return vi_bits(vi_sel(e == 31, special, vi_sel(e == 0, sub, normal)));
}

/* Each lane's texel through a decoder (the words as they come: float bits or integers). */
VX_INLINE void decode_lanes(tgx_texel_decode_fn decode, const uint8_t *data, vi off, ktap *t)
{
    vi w[4];
    for (int l = 0; l < VX_LANES; l++) {
        tgx_texel x;
        decode(data + off[l], 0, &x);
        for (int ch = 0; ch < 4; ch++)
            w[ch][l] = (int32_t)x.u[ch];
    }
    for (int ch = 0; ch < 4; ch++)
        t->f[ch] = vi_bits(w[ch]);
}

/* The stored channels `need` of the texels at byte offsets off, decoded as the binding's
 * decoder does (forms: KT_*). */
VX_INLINE void read_taps(const tex_unit *u, int FMT, int PROF, unsigned need, int forms, vi off,
                         ktap *t)
{
    const uint8_t *data = u->data;
    switch (FMT) {
    case TEX_FMT_U8X4: {
        const vi w = vx_gather(data, off);
        for (int ch = 0; ch < 4; ch++) {
            if (!(need & (1u << ch)))
                continue;
            const vi b = (w >> (8 * ch)) & 255;
            if (forms & KT_FLOAT)
                t->f[ch] = PROF == KP_SP ? vf_from_vi(b) * (1.0f / 255.0f) : unorm8_gl(b);
            if (forms & KT_V16)
                t->v[ch] = b * 257; /* hw-facts: 8-bit UNORM widens to 16 bits as c * 257 */
        }
        break;
    }
    case TEX_FMT_B8: {
        const vi w = vx_gather(data, off);
        for (int ch = 0; ch < 4; ch++) {
            if (!(need & (1u << ch)))
                continue;
            const vi b = (w >> (8 * ch)) & 255;
            if (forms & KT_FLOAT)
                t->f[ch] = vx_lookupf(u->dec[ch], b);
            if (forms & (KT_V16 | KT_SEG))
                t->v[ch] = vx_lookup(u->v16[ch], b);
        }
        break;
    }
    case TEX_FMT_U16: {
        const bool snorm = u->ctx[0].fi->type == TGX_TEX_TYPE_SNORM;
        for (int ch = 0; ch < 4; ch++) {
            if (!(need & (1u << ch)))
                continue;
            const vi w = vx_gather(data, off + 4 * (ch >> 1));
            const vi raw = (w >> (16 * (ch & 1))) & 0xffff;
            const vi s = (raw ^ 0x8000) - 0x8000; /* the signed value */
            if (forms & KT_FLOAT) {
                if (!snorm) {
                    t->f[ch] = PROF == KP_SP ? vf_from_vi(raw) * (1.0f / 65535.0f)
                                             : vf_from_vi(raw) / 65535.0f;
                } else if (PROF == KP_SP) {
                    /* Mesa: MAX2(-1.0f, i * (1.0f / 32767)) */
                    const vf f = vf_from_vi(s) * (1.0f / 32767.0f);
                    t->f[ch] = vf_sel(f < -1.0f, vf_set1(-1.0f), f);
                } else {
                    /* max(i / 32767, -1) in double, rounded once */
                    vd4 lo, hi;
                    vd_from_vi(s, &lo, &hi);
                    lo /= 32767.0;
                    hi /= 32767.0;
                    lo = (vd4)vi_sel((vi)(lo < -1.0), (vi)(lo - lo - 1.0), (vi)lo);
                    hi = (vd4)vi_sel((vi)(hi < -1.0), (vi)(hi - hi - 1.0), (vi)hi);
                    t->f[ch] = vf_from_vd(lo, hi);
                }
            }
            if (forms & KT_V16) /* 16-bit values are their own (nv.c, tex_nv_snorm15) */
                t->v[ch] = snorm ? vi_max(s, vi_set1(-32767)) : raw;
        }
        break;
    }
    case TEX_FMT_F16:
        for (int ch = 0; ch < 4; ch++) {
            if (!(need & (1u << ch)))
                continue;
            const vi w = vx_gather(data, off + 4 * (ch >> 1));
            t->f[ch] = half_to_float((w >> (16 * (ch & 1))) & 0xffff);
        }
        break;
    case TEX_FMT_F32:
        for (int ch = 0; ch < 4; ch++)
            if (need & (1u << ch))
                t->f[ch] = vi_bits(vx_gather(data, off + 4 * ch));
        break;
    case TEX_FMT_D24: {
        /* n >= 24 bits: the division in double, rounded once (format.c, unorm_to_float) */
        const vi w = vx_gather(data, off) & 0xffffff;
        vd4 lo, hi;
        vd_from_vi(w, &lo, &hi);
        t->f[0] = vf_from_vd(lo / 16777215.0, hi / 16777215.0);
        for (int ch = 1; ch < 4; ch++)
            t->f[ch] = vf_set1(0.0f);
        break;
    }
    default: /* TEX_FMT_ANY: the format's decoder, lane by lane */
        decode_lanes(u->fetch_decode, data, off, t);
        if (forms & KT_V16)
            for (int ch = 0; ch < 4; ch++)
                if (need & (1u << ch))
                    for (int l = 0; l < VX_LANES; l++)
                        t->v[ch][l] =
                            tex_nv_form(u->nv_arith[ch], t->f[ch][l], u->ctx[0].fi->bits[ch]);
        break;
    }
}

/* Channels a format class delivers as 16-bit fixed point in nv (KT_V16) or through the block
 * float blend (the rest). */
VX_INLINE bool nv_fixed(const tex_unit *u, int ch)
{
    return u->nv_arith[ch] == TEX_NV_UNORM16 || u->nv_arith[ch] == TEX_NV_SNORM16;
}

/* ---- depth compare (sample.c, compare_texel) ------------------------------------------------ */

/* 1.0 where (ref OP d), else 0.0 (GL 4.6 table 8.23); the reference is already clamped. */
VX_INLINE vf compare(const tex_unit *u, vf ref, vf d)
{
    vi r = vi_set1(0);
    if (u->cmp_lt)
        r |= ref < d;
    if (u->cmp_eq)
        r |= ref == d;
    if (u->cmp_gt)
        r |= ref > d;
    if (u->cmp_un)
        r |= (ref != ref) | (d != d);
    return vf_sel(r, vf_set1(1.0f), vf_set1(0.0f));
}

/* ---- nv float blends (nv.c, nv_blend_float) ------------------------------------------------- */

/* One group of taps (a bilinear quad: a slice, a level) of one channel in block floating point:
 * the taps with a non-zero weight aligned to the largest one's exponent with `guard` fraction
 * bits, truncated, times their weights; the sum kept exactly as hi 2^16 + lo (each term below
 * 2^20 and 2^24: the weights are at most 256 and the aligned mantissas below 2^29), with emax.
 * seg: the exponent each tap carries (nv sRGB colour: its table segment's, else its own). Lanes
 * with a NaN, infinite or subnormal tap go to `bad` (the general path has rules for them). */
typedef struct kgroup_sum {
    vi emax, hi, lo;
} kgroup_sum;

VX_INLINE kgroup_sum nv_group(const vf *v, const vi *seg, const vi *w, int n, int guard, vi *bad)
{
    vi e[8], valid[8];
    vi emax = vi_set1(-1000);
    for (int i = 0; i < n; i++) {
        const vi b = vf_bits(v[i]), ef = (b >> 23) & 255;
        *bad |= (ef == 255) | ((ef == 0) & ((b & 0x7fffff) != 0));
        e[i] = ef - 127;
        valid[i] = (w[i] != 0) & (v[i] != 0.0f);
        const vi te = seg ? seg[i] : e[i];
        emax = vi_sel(valid[i] & (te > emax), te, emax);
    }
    kgroup_sum g;
    g.emax = vi_sel(emax == -1000, vi_set1(0), emax);
    g.hi = g.lo = vi_set1(0);
    for (int i = 0; i < n; i++) {
        const vi b = vf_bits(v[i]);
        const vi mant = (b & 0x7fffff) | 0x800000;
        /* v 2^(guard - emax) = mant 2^(e - 23 + guard - emax) */
        const vi sh = e[i] - g.emax + (guard - 23);
        const vi up = vi_min(vi_max(sh, vi_set1(0)), vi_set1(8));
        const vi dn = vi_min(vi_max(-sh, vi_set1(0)), vi_set1(31));
        vi m = (vi)(((vu)mant << (vu)up) >> (vu)dn);
        m = vi_sel(b < 0, -m, m) & valid[i];
        g.hi += w[i] * vi_floor_shift(m, 16);
        g.lo += w[i] * (m & 0xffff);
    }
    return g;
}

typedef int64_t vl4 __attribute__((vector_size(32)));

/* 2^k for integer k in the double range, four lanes. */
VX_INLINE vd4 vd_pow2(vi4 k)
{
    const vl4 e = __builtin_convertvector(k, vl4) + 1023;
    return (vd4)(e << 52);
}

/* The groups' exact sum rounded to fp32 (mant 23, emin -126) or half precision (mant 10, emin
 * -14) with ties away from zero (nv_round_ties_away: with the sum exact there is no rest below
 * it). Exact in doubles when the groups' scales lie within 10 binades (each sum is below 2^40);
 * lanes where they do not, or whose result would be subnormal, go to `bad`. */
VX_INLINE vf nv_round_groups(const kgroup_sum *g, int ng, int guard, int mant, int emin, vi *bad)
{
    vd4 tot[2] = {{0, 0, 0, 0}, {0, 0, 0, 0}};
    vi lo_e = g[0].emax, hi_e = g[0].emax;
    for (int j = 0; j < ng; j++) {
        lo_e = vi_min(lo_e, g[j].emax);
        hi_e = vi_max(hi_e, g[j].emax);
        vd4 h[2], l[2];
        vd_from_vi(g[j].hi, &h[0], &h[1]);
        vd_from_vi(g[j].lo, &l[0], &l[1]);
        vi4 k[2];
        const vi sc = g[j].emax - guard - 8;
        memcpy(&k[0], &sc, 16);
        memcpy(&k[1], (const char *)&sc + 16, 16);
        for (int half = 0; half < 2; half++)
            tot[half] += (h[half] * 65536.0 + l[half]) * vd_pow2(k[half]);
    }
    if (ng > 1)
        *bad |= (hi_e - lo_e) > 10;
    vf r = vf_set1(0.0f);
    const int drop = 52 - mant;
    /* half precision overflows at 2^16 (nv_round_ties_away gives an infinity there); fp32's
     * largest rounded values convert to an infinity by themselves */
    const int64_t overflow = (int64_t)(emin == -14 ? 16 + 1023 : 2047) << 52;
    for (int half = 0; half < 2; half++) {
        const vl4 b = (vl4)tot[half];
        const vl4 mag = b & INT64_C(0x7fffffffffffffff), sign = b & INT64_MIN;
        vl4 rounded = (mag + (INT64_C(1) << (drop - 1))) & ~((INT64_C(1) << drop) - 1);
        const vl4 inf = rounded >= overflow;
        rounded = (rounded & ~inf) | (INT64_C(0x7ff0000000000000) & inf);
        const vf4 f = __builtin_convertvector((vd4)(rounded | sign), vf4);
        memcpy((char *)&r + 16 * half, &f, 16);
        const vl4 sub = (mag < ((int64_t)(emin + 1023) << 52)) & (mag != 0);
        const vi4 sub32 = __builtin_convertvector(sub, vi4);
        vi4 cur;
        memcpy(&cur, (const char *)bad + 16 * half, 16);
        cur |= sub32;
        memcpy((char *)bad + 16 * half, &cur, 16);
    }
    return r;
}

/* ---- the group's inputs (sample.c, prep_lane) ----------------------------------------------- */

typedef struct kin {
    vf u[3];   /* coordinates after the projective divide */
    vi slice;  /* the slice each lane reads (layered views: first_slice + its layer) */
    vf ref;    /* depth reference, as compare_texel takes it */
    vi off[3]; /* texel offsets (nv: their low bits, tex_nv_offset) */
    bool has_off;
    vi ok;  /* lanes whose coordinates the kernel takes */
    vi act; /* lanes to write */
} kin;

/* tex_nv_quantize_lod: NaN 0, clamped to +-4096, truncated toward zero to 1/256 (the sign of a
 * zero kept). */
VX_INLINE vf nv_quantize(vf v)
{
    const vf c =
        vf_sel(v != v, vf_set1(0.0f), vf_fmin(vf_fmax(v, vf_set1(-4096.0f)), vf_set1(4096.0f)));
    const vf t = vf_from_vi(vi_trunc(c * 256.0f)) * (1.0f / 256.0f);
    return vi_bits(vf_bits(t) | (vf_bits(c) & (int32_t)0x80000000));
}

/* tex_layer_index: round to nearest even (softpipe: floor(l + 1/2)), then clamp to the view's
 * layers; NaN reads layer 0 (tgx_f2i_sat). */
VX_INLINE vi layer_index(const tex_unit *u, int PROF, vf l)
{
    const float top = (float)u->nlayers + 1.0f;
    l = vf_sel(l != l, vf_set1(0.0f), vf_fmin(vf_fmax(l, vf_set1(-2.0f)), vf_set1(top)));
    vf r;
    if (PROF == KP_SP)
        r = vf_from_vi(vi_floor(l + 0.5f));
    else
        r = (l + 0x1.8p23f) - 0x1.8p23f; /* |l| < 2^22: the nearest integer, ties to even */
    vi i = vi_max(vi_trunc(r), vi_set1(0));
    if (u->nlayers)
        i = vi_min(i, vi_set1((int32_t)u->nlayers - 1));
    return i;
}

/* tex_nv_depth_reference for fixed-point depth: the reference clamped, rounded to the format's
 * integer as tgx_tex_encode does (floor(v (2^n - 1) + 1/2) in double) and decoded as the texel
 * is (n = 16: one float division; 24: in double). Float depth keeps it. */
VX_INLINE vf nv_depth_reference(const tex_unit *u, vf ref)
{
    const tgx_tex_format_info *fi = u->ctx[1].fi;
    if (fi->type != TGX_TEX_TYPE_UNORM)
        return ref;
    const double mx = fi->bits[0] >= 24 ? 16777215.0 : 65535.0;
    const vf v =
        vf_sel(ref != ref, vf_set1(0.0f), vf_fmin(vf_fmax(ref, vf_set1(0.0f)), vf_set1(1.0f)));
    vd4 lo, hi;
    vd_from_vf(v, &lo, &hi);
    lo = lo * mx + 0.5;
    hi = hi * mx + 0.5;
    vi4 a = __builtin_convertvector(lo, vi4), b = __builtin_convertvector(hi, vi4); /* >= 0 */
    vi q;
    memcpy(&q, &a, 16);
    memcpy((char *)&q + 16, &b, 16);
    if (fi->bits[0] >= 24) {
        vd4 ql, qh;
        vd_from_vi(q, &ql, &qh);
        return vf_from_vd(ql / 16777215.0, qh / 16777215.0);
    }
    return vf_from_vi(q) / 65535.0f;
}

/* The inputs of lanes lane0.. (n of them) for an operation on `dims` axes. */
VX_INLINE void load_inputs(const tex_unit *u, const tex_ctx *c, int PROF, int dims, bool cmp,
                           uint32_t offset_bits, const tgx_tex_sample_req *req, uint32_t l0,
                           uint32_t n, kin *in)
{
    const float *src[3] = {req->s, req->t, req->r};
    for (int a = 0; a < dims; a++)
        in->u[a] = vf_load(src[a] + l0, n);
    vf q = vf_set1(1.0f);
    if (req->q) { /* TXP divides every coordinate it reads, the layer and the reference too */
        q = vf_load(req->q + l0, n);
        for (int a = 0; a < dims; a++)
            in->u[a] = in->u[a] / q;
    }
    in->slice = vi_set1((int32_t)c->view->first_slice);
    if (u->layered) {
        vf l = req->layer ? vf_load(req->layer + l0, n) : vf_set1(0.0f);
        if (req->q)
            l = l / q;
        in->slice += layer_index(u, PROF, l);
    }
    if (cmp) {
        vf ref = req->ref ? vf_load(req->ref + l0, n) : vf_set1(0.0f);
        if (req->q)
            ref = ref / q;
        if (PROF == KP_NV)
            ref = nv_depth_reference(u, ref);
        if (c->fi->type == TGX_TEX_TYPE_UNORM) /* compare_texel clamps fixed-point references */
            ref = vf_sel(ref != ref, vf_set1(0.0f),
                         vf_fmin(vf_fmax(ref, vf_set1(0.0f)), vf_set1(1.0f)));
        in->ref = ref;
    }
    in->has_off = false;
    for (int a = 0; a < dims; a++) {
        in->off[a] = vi_set1(0);
        if (!req->offset[a])
            continue;
        in->has_off = true;
        vi o = vi_load(req->offset[a] + l0, n);
        if (PROF == KP_NV) { /* tex_nv_offset: the low bits, two's complement */
            const int32_t sign = 1 << (offset_bits - 1);
            o = ((o & ((sign << 1) - 1)) ^ sign) - sign;
        }
        in->off[a] = o;
    }
    /* the range of the coordinate arithmetic (axis_taps); nv reads NaN and denormals as +0
     * (tex_nv_input): those go to the general path too */
    vi ok = vi_set1(-1);
    const vf mx = vf_set1(u->coord_max);
    for (int a = 0; a < dims; a++) {
        const vf x = vf_abs(in->u[a]);
        ok &= x < mx;
        if (PROF == KP_NV)
            ok &= (x >= 0x1p-126f) | (x == 0.0f);
        if (PROF != KP_NV && in->has_off) /* x + offset stays an exact float-to-int range */
            ok &= (in->off[a] < (1 << 24)) & (in->off[a] > -(1 << 24));
    }
    in->ok = ok;
    for (int a = 0; a < dims; a++) /* lanes out of range compute on 0 (their quads are redone) */
        in->u[a] = vf_sel(ok, in->u[a], vf_set1(0.0f));
    vi act = vi_set1(-1);
    if (req->active)
        act = vi_load((const int32_t *)req->active + l0, n) != 0;
    if (n < VX_LANES)
        act &= vi_iota() < (int32_t)n;
    in->act = act;
}

/* The quads (bit 0, 1) of the n lanes of a mask that have a lane off. */
VX_INLINE uint32_t quads_not_all(vi m, uint32_t n)
{
    uint32_t r = 0;
    for (uint32_t q = 0; q < n / 4; q++)
        if (!(m[4 * q] & m[4 * q + 1] & m[4 * q + 2] & m[4 * q + 3]))
            r |= 1u << q;
    return r;
}

VX_INLINE vi quad_lanes(uint32_t quads)
{
    const int32_t a = (quads & 1u) ? -1 : 0, b = (quads & 2u) ? -1 : 0;
    return (vi){a, a, a, a, b, b, b, b};
}

/* ---- level of detail and the mip choice (sample.c, lane_lambda and tex_choose_mip) ---------- */

/* The LOD bias per lane (tex_total_bias): exact, the sampler's plus the shader's; nv, each
 * quantised and the sum clamped to +-15. */
VX_INLINE vf total_bias(const tex_unit *u, int PROF, vf shader_bias)
{
    if (PROF != KP_NV)
        return vf_set1(u->samp_bias) + shader_bias;
    const vf b = vf_set1(u->samp_bias) + nv_quantize(shader_bias);
    return vf_fmin(vf_fmax(b, vf_set1(-15.0f)), vf_set1(15.0f));
}

/* lambda per lane before clamping, biases included, nv quantised (prep_quad). */
VX_INLINE vf lane_lambdas(const tex_unit *u, const tex_ctx *c, int PROF, int dims,
                          const tgx_tex_sample_req *req, uint32_t l0, uint32_t n, const kin *in)
{
    vf lambda;
    switch (req->lod_mode) {
    case TGX_TEX_LOD_EXPLICIT: {
        vf lod = req->lod ? vf_load(req->lod + l0, n) : vf_set1(0.0f);
        if (PROF == KP_NV)
            lod = nv_quantize(lod);
        lambda = lod + u->bias0;
        break;
    }
    case TGX_TEX_LOD_ZERO: lambda = vf_set1(u->bias0); break;
    case TGX_TEX_LOD_GRAD: {
        /* the gradients as given, scaled to the base level (non-cube targets), one lane at a
         * time through the general path's rule */
        float scale[3];
        tex_base_scale(c, scale);
        for (int l = 0; l < VX_LANES; l++) {
            const uint32_t lane = l0 + (uint32_t)(l & (int)(n - 1));
            float dx[3] = {0, 0, 0}, dy[3] = {0, 0, 0};
            for (int a = 0; a < dims; a++) {
                dx[a] = req->ddx[a] ? req->ddx[a][lane] : 0.0f;
                dy[a] = req->ddy[a] ? req->ddy[a][lane] : 0.0f;
                if (PROF == KP_NV) {
                    dx[a] = tex_nv_input(dx[a]);
                    dy[a] = tex_nv_input(dy[a]);
                }
            }
            for (int a = 0; a < 3; a++) {
                dx[a] *= scale[a];
                dy[a] *= scale[a];
            }
            uint32_t an;
            bool mx;
            lambda[l] = tex_lambda_from_grads(c, dx, dy, &an, &mx);
        }
        lambda += u->bias0;
        break;
    }
    default: {
        /* implicit: differences inside each quad (GL: lanes 1 - 0 and 2 - 0; softpipe: 3 - 2
         * and 0 - 2); the general path subtracts doubles holding floats and rounds to float,
         * which is the float subtraction */
        const int a0 = PROF == KP_SP ? 2 : 0, ax = PROF == KP_SP ? 3 : 1,
                  ay = PROF == KP_SP ? 0 : 2;
        float scale[3];
        tex_base_scale(c, scale);
        float lq[2] = {0.0f, 0.0f};
        for (uint32_t q = 0; q < (n + 3) / 4; q++) {
            float dx[3] = {0, 0, 0}, dy[3] = {0, 0, 0};
            for (int a = 0; a < dims; a++) {
                const vf v = in->u[a];
                dx[a] = (v[4 * q + ax] - v[4 * q + a0]) * scale[a];
                dy[a] = (v[4 * q + ay] - v[4 * q + a0]) * scale[a];
            }
            uint32_t an;
            bool mx;
            lq[q] = tex_lambda_from_grads(c, dx, dy, &an, &mx);
        }
        if (n < VX_LANES)
            lq[1] = lq[0];
        lambda = (vf){lq[0], lq[0], lq[0], lq[0], lq[1], lq[1], lq[1], lq[1]};
        vf bias = vf_set1(0.0f);
        if (req->lod_mode == TGX_TEX_LOD_BIAS && req->lod)
            bias = vf_load(req->lod + l0, n);
        lambda = lambda + total_bias(u, PROF, bias);
        break;
    }
    }
    return PROF == KP_NV ? nv_quantize(lambda) : lambda;
}

/* tex_choose_mip per lane. */
typedef struct kmip {
    vi L;   /* absolute level */
    vi L2;  /* the second level (L + 1 where there is one, else L) */
    vi lin; /* the filter is linear */
    vi kz;  /* nv: the weight of L2 in 1/256 */
    vi two; /* exact: blend L and L2 by f */
    vf f;
    bool second; /* some lane reads L2 */
} kmip;

VX_INLINE void choose_mip(const tex_unit *u, const tex_ctx *c, int PROF, vf lambda,
                          const float *clamp, uint32_t l0, uint32_t n, kmip *m)
{
    const tgx_sampler *s = c->samp;
    vf lo = vf_set1(u->lod_lo);
    if (clamp) {
        vf cl = vf_load(clamp + l0, n);
        lo = vf_fmax(lo, PROF == KP_NV ? nv_quantize(cl) : cl);
    }
    vf lod = vf_fmin(vf_fmax(lambda, lo), vf_set1(u->lod_hi));
    if (PROF == KP_NV)
        lod = nv_quantize(lod);
    const vi mag = ~(lod > 0.0f); /* GL 4.6 section 8.14: lambda <= 0 magnifies */
    const vi lin_mag = vi_set1(s->mag_filter == TGX_TEX_FILTER_LINEAR ? -1 : 0);
    const vi lin_min = vi_set1(s->min_filter == TGX_TEX_FILTER_LINEAR ? -1 : 0);
    m->lin = vi_sel(mag, lin_mag, lin_min);
    m->L = m->L2 = vi_set1((int32_t)c->base);
    m->kz = m->two = vi_set1(0);
    m->f = vf_set1(0.0f);
    m->second = false;
    if (u->mip == TGX_TEX_MIP_NONE)
        return;
    const int32_t nlev = (int32_t)(c->last - c->base);
    const vf nlevf = vf_set1((float)nlev);
    lod = vf_sel(mag, vf_set1(0.0f), lod); /* magnified lanes stay on the base level */
    if (u->mip == TGX_TEX_MIP_NEAREST) {
        vf d;
        if (PROF == KP_NV) /* hw-facts: the point mip filter picks floor(lod + 0.5) */
            d = vf_from_vi(vi_floor(vf_fmin(lod, nlevf) + 0.5f));
        else if (PROF == KP_SP) /* sp_tex_sample.c mip_filter_nearest */
            d = vf_from_vi(vi_trunc(vf_fmin(lod, nlevf) + 0.5f));
        else { /* GL 4.6 eq. 8.14: lod <= 1/2 ? 0 : ceil(lod + 1/2) - 1 */
            const vf x = vf_fmin(lod, nlevf) + 0.5f;
            const vf ceil = -vf_from_vi(vi_floor(-x));
            d = vf_sel(lod <= 0.5f, vf_set1(0.0f), ceil - 1.0f);
        }
        const vi dl = vi_sel(d >= nlevf, vi_set1(nlev), vi_trunc(vf_fmin(d, nlevf)));
        m->L = m->L2 = vi_sel(mag, m->L, m->L + dl);
        return;
    }
    /* GL 4.6 eq. 8.15: d1 = floor(lambda), d2 = d1 + 1, blended by frac(lambda) */
    const vf lodc = vf_fmin(lod, nlevf); /* lod >= 0 here: floor is truncation */
    const vf fl = vf_from_vi(vi_trunc(lodc));
    const vi top = (fl >= nlevf) & ~mag;
    const vi one = ~mag & ~top;
    m->L = vi_sel(top, vi_set1((int32_t)c->last), vi_sel(one, m->L + vi_trunc(fl), m->L));
    if (PROF == KP_NV) /* hw-facts: one filter over both levels, kz = the LOD's low 8 bits */
        m->kz = one & vi_trunc((lod - fl) * 256.0f);
    else {
        m->two = one;
        m->f = vf_sel(one, lod - fl, vf_set1(0.0f));
    }
    m->second = vx_any(PROF == KP_NV ? (m->kz != 0) : m->two);
    m->L2 = vi_min(m->L + 1, vi_set1((int32_t)c->last));
}

/* ---- one level ------------------------------------------------------------------------------ */

/* What a level leaves for the blend: per needed channel the taps (values and nv forms), the
 * axes' weights; the taps are ordered as the general path's footprint (bit a: axis a's second
 * tap). */
typedef struct klevel {
    ktap tap[8];
    kaxis ax[3];
    int ntap;
    vi border0; /* tap 0 is the border colour */
} klevel;

/* The taps of the level(s) L for the group (sample.c, level_footprint and texel_get). */
VX_INLINE void level_taps(const tex_unit *u, int PROF, int FMT, int DIMS, bool cmp, unsigned need,
                          int forms, const kin *in, vi L, vi lin, bool any_lin, klevel *o)
{
    klev lv;
    klev_get(u, L, in->slice, DIMS, &lv);
    for (int a = 0; a < DIMS; a++)
        axis_lanes(u, a, PROF, in->u[a], &lv, in->off[a], in->has_off, lin, &o->ax[a]);
    o->ntap = any_lin ? 1 << DIMS : 1;
    o->border0 = vi_set1(0);
    const int32_t bytes = u->bytes;
    for (int i = 0; i < o->ntap; i++) {
        const vi x = (i & 1) ? o->ax[0].i1 : o->ax[0].i0;
        vi border = x < 0, off = lv.base + x * bytes;
        if (DIMS > 1) {
            const vi y = (i & 2) ? o->ax[1].i1 : o->ax[1].i0;
            border |= y < 0;
            off += y * lv.row;
        }
        if (DIMS > 2) {
            const vi z = (i & 4) ? o->ax[2].i1 : o->ax[2].i0;
            border |= z < 0;
            off += z * lv.slc;
        }
        ktap *t = &o->tap[i];
        if (i == 0)
            o->border0 = border;
        read_taps(u, FMT, PROF, need, forms, vi_sel(border, vi_set1(0), off), t);
        if (u->may_border && vx_any(border)) {
            for (int ch = 0; ch < 4; ch++) {
                if (!(need & (1u << ch)))
                    continue;
                t->f[ch] = vf_sel(border, vf_set1(u->border_f[cmp][ch]), t->f[ch]);
                t->v[ch] = vi_sel(border, vi_set1(u->border_v[ch]), t->v[ch]);
            }
        }
        if (cmp && (PROF != KP_SP)) /* GL: each texel compared, then filtered */
            t->f[0] = compare(u, in->ref, t->f[0]);
    }
}

/* The exact profiles' filter of one level (blend_exact, blend_softpipe): GL's weights, products
 * of (1 - a) or a in axis order, and the sum 0 + w0 t0 + w1 t1 ... in fp32; softpipe's nested
 * lerps. Nearest lanes read tap 0. */
VX_INLINE vf exact_filter(int PROF, int DIMS, const klevel *lv, int ch, vi lin)
{
    const vf t0 = lv->tap[0].f[ch];
    if (lv->ntap == 1)
        return t0;
    vf a[3];
    for (int d = 0; d < DIMS; d++)
        a[d] = lv->ax[d].a;
    vf r;
    if (PROF == KP_SP) {
#define LERP(w, v0, v1) ((v0) + (w) * ((v1) - (v0)))
        const vf *t[8];
        for (int i = 0; i < (1 << DIMS); i++)
            t[i] = &lv->tap[i].f[ch];
        if (DIMS == 1) {
            r = LERP(a[0], *t[0], *t[1]);
        } else {
            r = LERP(a[1], LERP(a[0], *t[0], *t[1]), LERP(a[0], *t[2], *t[3]));
            if (DIMS == 3)
                r = LERP(a[2], r, LERP(a[1], LERP(a[0], *t[4], *t[5]), LERP(a[0], *t[6], *t[7])));
        }
#undef LERP
    } else {
        r = vf_set1(0.0f);
        for (int i = 0; i < (1 << DIMS); i++) {
            vf w = (i & 1) ? a[0] : 1.0f - a[0];
            for (int d = 1; d < DIMS; d++)
                w = w * ((i >> d & 1) ? a[d] : 1.0f - a[d]);
            r = r + w * lv->tap[i].f[ch];
        }
    }
    return vf_sel(lin, r, t0);
}

/* nv: the integer weights of a level's taps carrying `total` of the 256 (tex_nv_level_weights:
 * tex_nv_split_slice and tex_nv_split_volume's rule on eight lanes); nearest lanes have k = 0,
 * which puts the whole weight on tap 0. */
VX_INLINE void nv_weights(int DIMS, const klevel *lv, vi total, vi lin, vi w[8])
{
#define RHU(v) (((v) + 128) >> 8)
#define RHD(v) (((v) + 127) >> 8)
    const vi kx = lv->ax[0].k & lin;
    const vi ky = DIMS > 1 ? lv->ax[1].k & lin : vi_set1(0);
    vi t[2] = {total, vi_set1(0)};
    if (DIMS > 2) {
        const vi z1 = RHU(total * (lv->ax[2].k & lin));
        t[0] = total - z1;
        t[1] = z1;
    }
    for (int s = 0; s < (DIMS > 2 ? 2 : 1); s++) {
        const vi x1 = RHU(t[s] * kx), x0 = t[s] - x1;
        const vi w01 = RHD(x0 * ky), w11 = RHU(x1 * ky);
        vi *o = w + 4 * s;
        o[0] = x0 - w01;
        o[1] = x1 - w11;
        o[2] = w01;
        o[3] = w11;
    }
#undef RHU
#undef RHD
}

/* ---- writing ------------------------------------------------------------------------------- */

/* The result columns through the layout and swizzle map (tex_write_lane), lanes `act`. */
VX_INLINE void write_group(const tex_unit *u, tgx_tex_result out, uint32_t l0, uint32_t n, vi act,
                           const vi r[4])
{
    const bool all = n == VX_LANES && vx_all(act);
    for (int j = 0; j < 4; j++) {
        if (!out.c[j])
            continue;
        const uint8_t s = u->map[j];
        const vi v = s < 4 ? r[s] : vi_set1(s == TEX_SRC_ONE ? (int32_t)u->one : 0);
        uint32_t *col = out.c[j] + l0;
        if (all) {
            memcpy(col, &v, sizeof v);
            continue;
        }
        for (uint32_t l = 0; l < n; l++)
            if (act[l])
                col[l] = (uint32_t)v[l];
    }
}

/* ---- the sample kernel ---------------------------------------------------------------------- */

/* nv: how each needed channel is blended (unit.c fills u->nv_arith; compare blends the 0/1
 * results, FLOAT32 in nv.c, whose sums are exact: the sum of the passing weights over 256). */
VX_INLINE int nv_forms(const tex_unit *u, unsigned need, bool cmp)
{
    int forms = KT_FLOAT;
    for (int ch = 0; ch < 4 && !cmp; ch++)
        if ((need & (1u << ch)) && nv_fixed(u, ch))
            forms |= KT_V16;
        else if ((need & (1u << ch)) && u->nv_arith[ch] == TEX_NV_SRGB8)
            forms |= KT_SEG;
    return forms;
}

/* nv: what one level adds to a channel's blend: fixed point (UNORM16, SNORM16) sums w v16 over
 * the taps; block floating point (FLOAT32, FLOAT16, SRGB8: nv_blend_float) one group per level
 * and per 3D slice. */
typedef struct knv {
    vi acc[4];          /* fixed point: sum of w v16 (compare: of the passing weights) */
    kgroup_sum g[4][4]; /* block float: the groups */
    int ng;
} knv;

VX_INLINE void nv_level(const tex_unit *u, int DIMS, bool cmp, unsigned need, const klevel *lv,
                        const vi w[8], knv *o, vi *bad)
{
    const int ntap = 1 << DIMS;
    for (int ch = 0; ch < 4; ch++) {
        if (!(need & (1u << ch)))
            continue;
        const int arith = u->nv_arith[ch];
        if (cmp) {
            for (int i = 0; i < lv->ntap; i++)
                o->acc[ch] += w[i] & (lv->tap[i].f[0] != 0.0f);
            continue;
        }
        if (arith == TEX_NV_UNORM16 || arith == TEX_NV_SNORM16) {
            for (int i = 0; i < lv->ntap; i++)
                o->acc[ch] += w[i] * lv->tap[i].v[ch];
            continue;
        }
        const bool srgb = arith == TEX_NV_SRGB8, half = arith != TEX_NV_FLOAT32;
        const int guard = srgb ? 7 : (half ? 14 : 27);
        const int per = DIMS > 2 ? 4 : ntap, groups = lv->ntap == 1 ? 1 : ntap / per;
        const int cnt = lv->ntap == 1 ? 1 : per;
        for (int s = 0; s < groups; s++) {
            vf v[4];
            vi e[4], ww[4];
            for (int i = 0; i < cnt; i++) {
                v[i] = lv->tap[s * per + i].f[ch];
                e[i] = lv->tap[s * per + i].v[ch];
                ww[i] = w[s * per + i];
            }
            o->g[ch][o->ng + s] = nv_group(v, srgb ? e : NULL, ww, cnt, guard, bad);
        }
    }
    o->ng += lv->ntap == 1 ? 1 : (DIMS > 2 ? 2 : 1);
}

/* nv: a channel's result from its sums (tex_nv_unorm16_result; SNORM16: floor((sum + 128) /
 * 256) over 32767; block float rounded once; compare: the passing weights over 256). */
VX_INLINE vf nv_result(const tex_unit *u, bool cmp, const knv *o, int ch, vi *bad)
{
    const int arith = u->nv_arith[ch];
    if (cmp)
        return vf_from_vi(o->acc[ch]) * (1.0f / 256.0f);
    if (arith == TEX_NV_UNORM16)
        return vf_from_vi((o->acc[ch] + 128) >> 8) / 65535.0f; /* the sum is >= 0 */
    if (arith == TEX_NV_SNORM16)
        return vf_from_vi(vi_floor_shift(o->acc[ch] + 128, 8)) / 32767.0f;
    const bool srgb = arith == TEX_NV_SRGB8, half = arith != TEX_NV_FLOAT32;
    const int guard = srgb ? 7 : (half ? 14 : 27);
    return half ? nv_round_groups(o->g[ch], o->ng, guard, 10, -14, bad)
                : nv_round_groups(o->g[ch], o->ng, guard, 23, -126, bad);
}

/* nv, formats without a vector read: the general path's blend of each lane's footprints
 * (tex_nv_blend_levels), the level(s) given by their taps. */
VX_INLINE void nv_any_lanes(const tex_ctx *c, int DIMS, const klevel *l1, const klevel *l2,
                            const kmip *m, vf r[4])
{
    for (int l = 0; l < VX_LANES; l++) {
        footprint fp[2];
        const klevel *lv[2] = {l1, l2};
        const int nl = l2 && m->kz[l] ? 2 : 1;
        for (int j = 0; j < nl; j++) {
            memset(fp[j].ax, 0, sizeof fp[j].ax);
            fp[j].dims = m->lin[l] ? DIMS : 0;
            fp[j].corner = -1;
            for (int a = 0; a < DIMS; a++)
                fp[j].ax[a].k = (uint32_t)lv[j]->ax[a].k[l];
            for (int i = 0; i < (1 << fp[j].dims); i++)
                for (int ch = 0; ch < 4; ch++)
                    fp[j].tx[i].u[ch] = (uint32_t)vf_bits(lv[j]->tap[i].f[ch])[l];
        }
        tgx_texel t;
        tex_nv_blend_levels(c, &fp[0], nl > 1 ? &fp[1] : NULL, nl > 1 ? (uint32_t)m->kz[l] : 0, &t);
        if (c->nv_half)
            tex_nv_round_half(&t);
        for (int ch = 0; ch < 4; ch++)
            r[ch][l] = t.f[ch];
    }
}

/* Sampling, one group: returns the quads left to the general path. */
VX_INLINE uint32_t sample_group(const tex_unit *u, const tgx_tex_sample_req *req, uint32_t l0,
                                uint32_t n, tgx_tex_result out, int PROF, int FMT, int DIMS,
                                int CMP)
{
    const tex_ctx *c = &u->ctx[CMP];
    kin in;
    load_inputs(u, c, PROF, DIMS, CMP, 4, req, l0, n, &in);
    vi bad = ~in.ok;
    kmip m;
    if (!u->lod_matters && !req->lod_clamp) {
        m.L = m.L2 = vi_set1((int32_t)u->fixed.level);
        m.lin = vi_set1(u->fixed.linear ? -1 : 0);
        m.kz = vi_set1((int32_t)u->fixed.kz);
        m.two = vi_set1(u->fixed.two ? -1 : 0);
        m.f = vf_set1(u->fixed.f);
        m.second = u->fixed.two || u->fixed.kz;
        if (m.second)
            m.L2 = m.L + 1;
    } else {
        const vf lambda = lane_lambdas(u, c, PROF, DIMS, req, l0, n, &in);
        choose_mip(u, c, PROF, lambda, req->lod_clamp, l0, n, &m);
    }
    const bool any_lin = vx_any(m.lin);
    const unsigned need = CMP ? 1u : u->need;
    const int forms = PROF == KP_NV ? nv_forms(u, need, CMP) : KT_FLOAT;
    vf r[4] = {vf_set1(0.0f), vf_set1(0.0f), vf_set1(0.0f), vf_set1(0.0f)};
    klevel l1;
    level_taps(u, PROF, FMT, DIMS, CMP, need, forms, &in, m.L, m.lin, any_lin, &l1);
    if (PROF != KP_NV) {
        for (int ch = 0; ch < 4; ch++)
            if (need & (1u << ch))
                r[ch] = exact_filter(PROF, DIMS, &l1, ch, m.lin);
        if (m.second) { /* GL 4.6 eq. 8.15 (softpipe: a lerp) */
            klevel l2;
            level_taps(u, PROF, FMT, DIMS, CMP, need, forms, &in, m.L2, m.lin, any_lin, &l2);
            for (int ch = 0; ch < 4; ch++) {
                if (!(need & (1u << ch)))
                    continue;
                const vf r2 = exact_filter(PROF, DIMS, &l2, ch, m.lin);
                const vf b =
                    PROF == KP_SP ? r[ch] + m.f * (r2 - r[ch]) : (1.0f - m.f) * r[ch] + m.f * r2;
                r[ch] = vf_sel(m.two, b, r[ch]);
            }
        }
        /* a NaN the filter computed carries the payload of whichever NaN operand the compiled
         * code put first, which C leaves open: such lanes take the general path's (a point
         * sample, with no arithmetic, keeps its texel) */
        const vi arith = m.lin | m.two;
        for (int ch = 0; ch < 4; ch++)
            if (need & (1u << ch))
                bad |= arith & (r[ch] != r[ch]);
        if (CMP && PROF == KP_SP) /* softpipe compares the filtered depth */
            r[0] = compare(u, in.ref, r[0]);
    } else if (FMT == TEX_FMT_ANY) {
        if (m.second) {
            klevel l2;
            level_taps(u, PROF, FMT, DIMS, CMP, need, forms, &in, m.L2, m.lin, any_lin, &l2);
            nv_any_lanes(c, DIMS, &l1, &l2, &m, r);
        } else {
            nv_any_lanes(c, DIMS, &l1, NULL, &m, r);
        }
    } else {
        knv acc;
        for (int ch = 0; ch < 4; ch++)
            acc.acc[ch] = vi_set1(0);
        acc.ng = 0;
        vi w[8], pbad = vi_set1(0);
        nv_weights(DIMS, &l1, vi_set1(256) - m.kz, m.lin, w);
        nv_level(u, DIMS, CMP, need, &l1, w, &acc, &pbad);
        if (m.second) {
            klevel l2;
            level_taps(u, PROF, FMT, DIMS, CMP, need, forms, &in, m.L2, m.lin, any_lin, &l2);
            nv_weights(DIMS, &l2, m.kz, m.lin, w);
            nv_level(u, DIMS, CMP, need, &l2, w, &acc, &pbad);
        }
        /* point sampling (one level, nearest) reads the texel itself (tex_nv_blend_levels);
         * half-float results are then rounded to half precision (tex_nv_round_half), which
         * changes a texel from a half only by quieting a signalling NaN, and the border colour
         * to its rounded value */
        const vi point = ~m.lin & (m.kz == 0);
        for (int ch = 0; ch < 4; ch++) {
            if (!(need & (1u << ch)))
                continue;
            vf t0 = l1.tap[0].f[ch];
            if (c->nv_half)
                t0 = vf_sel(l1.border0, vf_set1(u->border_half[ch]),
                            vi_bits(vf_bits(t0) | ((t0 != t0) & 0x400000)));
            r[ch] = vf_sel(point, t0, nv_result(u, CMP, &acc, ch, &pbad));
        }
        bad |= pbad & ~point;
    }
    if (CMP) /* every channel is the comparison */
        r[1] = r[2] = r[3] = r[0];
    vi ri[4];
    for (int ch = 0; ch < 4; ch++)
        ri[ch] = vf_bits(r[ch]);
    const uint32_t redo = quads_not_all(~bad, n);
    write_group(u, out, l0, n, in.act & ~quad_lanes(redo), ri);
    return redo;
}

/* ---- gather (sample.c, tgx_tex_gather and gather_texel) ------------------------------------ */

/* The four texels of the base level's bilinear footprint, channel req->component, in TGSI
 * GATHER4's order (x0,y1), (x1,y1), (x1,y0), (x0,y0); with a reference each texel is its
 * comparison; nv widens SNORM texels to 1.15 fixed point (probe F03b). */
VX_INLINE uint32_t gather_group(const tex_unit *u, const tgx_tex_sample_req *req, uint32_t l0,
                                uint32_t n, tgx_tex_result out, int PROF, int FMT, int CMP)
{
    static const uint8_t pick[4][2] = {{0, 1}, {1, 1}, {1, 0}, {0, 0}};
    const tex_ctx *c = &u->ctx[CMP];
    kin in;
    /* gather offsets keep 6 bits in nv (sample.c, gather_offset_of) */
    load_inputs(u, c, PROF, 2, CMP, 6, req, l0, n, &in);
    vi bad = ~in.ok;
    const uint8_t src = c->map[req->component];
    vi r[4];
    if (src >= 4) { /* a swizzle constant: every texel reads it */
        for (int k = 0; k < 4; k++)
            r[k] = vi_set1(src == TEX_SRC_ONE ? (int32_t)u->one : 0);
    } else {
        const unsigned need = CMP ? 1u : 1u << src;
        const bool snorm15 = PROF == KP_NV && !CMP && u->nv_arith[src] == TEX_NV_SNORM16;
        const int forms = KT_FLOAT | (snorm15 ? KT_V16 : 0);
        klev lv;
        klev_get(u, vi_set1((int32_t)c->base), in.slice, 2, &lv);
        const vi lin = vi_set1(-1);
        kaxis ax[2];
        int have = -1; /* which texel's offsets ax[] holds (-1: the request's) */
        for (int k = 0; k < 4; k++) {
            const bool own = req->gather_offsets[k][0] || req->gather_offsets[k][1];
            if (have == -2 || own || k == 0) {
                kin kin2 = in;
                if (own) {
                    for (int a = 0; a < 2; a++) {
                        vi o = req->gather_offsets[k][a]
                                   ? vi_load(req->gather_offsets[k][a] + l0, n)
                                   : vi_set1(0);
                        if (PROF == KP_NV)
                            o = ((o & 63) ^ 32) - 32;
                        kin2.off[a] = o;
                    }
                    kin2.has_off = true;
                }
                for (int a = 0; a < 2; a++)
                    axis_lanes(u, a, PROF, in.u[a], &lv, kin2.off[a], kin2.has_off, lin, &ax[a]);
                have = own ? -2 : -1;
            }
            const vi x = pick[k][0] ? ax[0].i1 : ax[0].i0, y = pick[k][1] ? ax[1].i1 : ax[1].i0;
            const vi border = (x < 0) | (y < 0);
            ktap t = {{vf_set1(0.0f)}, {vi_set1(0)}, {vi_set1(0)}};
            read_taps(u, FMT, PROF, need, forms,
                      vi_sel(border, vi_set1(0), lv.base + x * u->bytes + y * lv.row), &t);
            const int ch = CMP ? 0 : src;
            vf v = vf_sel(border, vf_set1(u->border_f[CMP][ch]), t.f[ch]);
            if (CMP) {
                v = compare(u, in.ref, v);
            } else if (snorm15) {
                const vi s = vi_sel(border, vi_set1(u->border_v[ch]), t.v[ch]);
                v = vf_from_vi(s) / 32767.0f;
            }
            r[k] = vf_bits(v);
        }
    }
    const uint32_t redo = quads_not_all(~bad, n);
    const vi act = in.act & ~quad_lanes(redo);
    const bool all = n == VX_LANES && vx_all(act);
    for (int k = 0; k < 4; k++) {
        if (!out.c[k])
            continue;
        uint32_t *col = out.c[k] + l0;
        if (all) {
            memcpy(col, &r[k], sizeof r[k]);
            continue;
        }
        for (uint32_t l = 0; l < n; l++)
            if (act[l])
                col[l] = (uint32_t)r[k][l];
    }
    return redo;
}

/* ---- texel fetch (fetch.c) ------------------------------------------------------------------ */

/* x + y on 32 bits, and whether the sum left the 32-bit range (fetch.c adds in 64 bits). */
VX_INLINE vi add_overflow(vi x, vi y, vi *ovf)
{
    const vi s = (vi)((vu)x + (vu)y);
    *ovf |= ((x ^ s) & (y ^ s)) < 0;
    return s;
}

VX_INLINE vi fetch_coord(const int32_t *p, uint32_t l0, uint32_t n)
{
    return p ? vi_load(p + l0, n) : vi_set1(0);
}

/* Texel fetch, one group: integer coordinates, no filter, no wrap; anything out of range reads
 * (0, 0, 0, 0). */
VX_INLINE uint32_t fetch_group(const tex_unit *u, const tgx_tex_fetch_req *req, uint32_t l0,
                               uint32_t n, tgx_tex_result out, int PROF, int FMT)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(u->view.target);
    const int32_t *const cp[3] = {req->x, req->y, req->z};
    vi v[3] = {vi_set1(0), vi_set1(0), vi_set1(0)}, out_of_range = vi_set1(0);
    for (unsigned a = 0; a < ti->fetch; a++) {
        v[a] = fetch_coord(cp[a], l0, n);
        if (a < ti->dims && req->offset[a]) {
            vi o = vi_load(req->offset[a] + l0, n);
            if (PROF == KP_NV) /* tex_nv_offset: the low 4 bits */
                o = ((o & 15) ^ 8) - 8;
            v[a] = add_overflow(v[a], o, &out_of_range);
        }
    }
    const vi x = v[0], y = ti->dims > 1 ? v[1] : vi_set1(0);
    vi z = ti->fetch > ti->dims ? v[ti->dims] : v[2];
    const vi lvl = fetch_coord(req->level, l0, n);
    const int32_t nlev = (int32_t)u->fetch_levels;
    out_of_range |= (lvl < 0) | (lvl >= nlev);
    if (req->sample)
        out_of_range |= fetch_coord(req->sample, l0, n) != 0;
    const vi L = vi_sel(out_of_range, vi_set1(0), lvl) + (int32_t)u->view.base_level;
    klev lv;
    if (ti->dims < 3) { /* z is a layer of the view */
        out_of_range |= (z < 0) | (z >= (int32_t)u->view.num_slices);
        z = vi_sel(out_of_range, vi_set1(0), z) + (int32_t)u->view.first_slice;
        klev_get(u, L, z, 2, &lv);
    } else {
        klev_get(u, L, vi_set1(0), 3, &lv);
        out_of_range |= (z < 0) | (z >= lv.n[2]);
    }
    out_of_range |= (x < 0) | (x >= lv.n[0]) | (y < 0) | (y >= lv.n[1]);
    const vi keep = ~out_of_range; /* lanes out of range read at offset 0 */
    vi off = lv.base + (x & keep) * u->bytes + (y & keep) * lv.row;
    if (ti->dims > 2)
        off += (z & keep) * lv.slc;
    off &= keep;
    ktap t;
    read_taps(u, FMT, PROF, u->need, KT_FLOAT, off, &t);
    vi r[4];
    for (int ch = 0; ch < 4; ch++)
        r[ch] = (u->need & (1u << ch)) ? vf_bits(t.f[ch]) & ~out_of_range : vi_set1(0);
    vi act = vi_set1(-1);
    if (req->active)
        act = vi_load((const int32_t *)req->active + l0, n) != 0;
    if (n < VX_LANES)
        act &= vi_iota() < (int32_t)n;
    /* out of range: 0 in all four channels, the swizzle's constants too */
    vi rr[4];
    for (int j = 0; j < 4; j++) {
        const uint8_t s = u->map[j];
        rr[j] = s < 4 ? r[s] : vi_set1(s == TEX_SRC_ONE ? (int32_t)u->one : 0) & ~out_of_range;
    }
    const bool all = n == VX_LANES && vx_all(act);
    for (int j = 0; j < 4; j++) {
        if (!out.c[j])
            continue;
        uint32_t *col = out.c[j] + l0;
        if (all) {
            memcpy(col, &rr[j], sizeof rr[j]);
            continue;
        }
        for (uint32_t l = 0; l < n; l++)
            if (act[l])
                col[l] = (uint32_t)rr[j][l];
    }
    return 0;
}

/* ---- the kernels of each shape -------------------------------------------------------------- */

/* The format classes a kernel is built for: the three whose reads are the hot paths of the
 * benchmarks (8-bit RGBA, half and single floats) as constants, the others (byte tables, 16-bit
 * normalised, 24-bit depth, the decoder per lane) in one kernel that reads the binding's class
 * (a branch per tap, the same for every group). */
enum { KF_U8X4, KF_F16, KF_F32, KF_GEN, KF_COUNT };
#define K_FMT_U8X4  TEX_FMT_U8X4
#define K_FMT_F16   TEX_FMT_F16
#define K_FMT_F32   TEX_FMT_F32
#define K_FMT_GEN   ((int)u->fmt)
#define K_FFMT_U8X4 TEX_FMT_U8X4
#define K_FFMT_F16  TEX_FMT_F16
#define K_FFMT_F32  TEX_FMT_F32
#define K_FFMT_GEN  ((int)u->fetch_fmt)

/* X(profile, kernel format, axes): the sampled shapes; the depth formats (16-bit, 24-bit,
 * float) also with compare. */
#define K_FORMATS(X, P, D)  X(P, U8X4, D) X(P, F16, D) X(P, F32, D) X(P, GEN, D)
#define K_DEPTH(X, P, D)    X(P, F32, D) X(P, GEN, D)
#define K_PROFILES(X, F, D) F(X, GL, D) F(X, SP, D) F(X, NV, D)

#define K_SAMPLE(P, F, D)                                                                          \
    static uint32_t KNAME(s_##P##_##F##_##D)(const tex_unit *u, const tgx_tex_sample_req *req,     \
                                             uint32_t l0, uint32_t n, tgx_tex_result out)          \
    {                                                                                              \
        return sample_group(u, req, l0, n, out, KP_##P, K_FMT_##F, D, 0);                          \
    }
#define K_SAMPLE_C(P, F, D)                                                                        \
    static uint32_t KNAME(c_##P##_##F##_##D)(const tex_unit *u, const tgx_tex_sample_req *req,     \
                                             uint32_t l0, uint32_t n, tgx_tex_result out)          \
    {                                                                                              \
        return sample_group(u, req, l0, n, out, KP_##P, K_FMT_##F, D, 1);                          \
    }
#define K_GATHER(P, F, D)                                                                          \
    static uint32_t KNAME(g_##P##_##F)(const tex_unit *u, const tgx_tex_sample_req *req,           \
                                       uint32_t l0, uint32_t n, tgx_tex_result out)                \
    {                                                                                              \
        return gather_group(u, req, l0, n, out, KP_##P, K_FMT_##F, 0);                             \
    }
#define K_GATHER_C(P, F, D)                                                                        \
    static uint32_t KNAME(gc_##P##_##F)(const tex_unit *u, const tgx_tex_sample_req *req,          \
                                        uint32_t l0, uint32_t n, tgx_tex_result out)               \
    {                                                                                              \
        return gather_group(u, req, l0, n, out, KP_##P, K_FMT_##F, 1);                             \
    }
#define K_FETCH(P, F, D)                                                                           \
    static uint32_t KNAME(f_##P##_##F)(const tex_unit *u, const tgx_tex_fetch_req *req,            \
                                       uint32_t l0, uint32_t n, tgx_tex_result out)                \
    {                                                                                              \
        return fetch_group(u, req, l0, n, out, KP_##P, K_FFMT_##F);                                \
    }

K_PROFILES(K_SAMPLE, K_FORMATS, 1)
K_PROFILES(K_SAMPLE, K_FORMATS, 2)
K_PROFILES(K_SAMPLE, K_FORMATS, 3)
K_PROFILES(K_SAMPLE_C, K_DEPTH, 1)
K_PROFILES(K_SAMPLE_C, K_DEPTH, 2)
K_PROFILES(K_GATHER, K_FORMATS, 0)
K_PROFILES(K_GATHER_C, K_DEPTH, 0)
K_PROFILES(K_FETCH, K_FORMATS, 0)

/* The tables, [profile][kernel format][axes - 1]; NULL where no kernel exists. */
#define K_ENTRY_S(P, F, D)  [KP_##P][KF_##F][D - 1] = KNAME(s_##P##_##F##_##D),
#define K_ENTRY_C(P, F, D)  [KP_##P][KF_##F][D - 1] = KNAME(c_##P##_##F##_##D),
#define K_ENTRY_G(P, F, D)  [KP_##P][KF_##F] = KNAME(g_##P##_##F),
#define K_ENTRY_GC(P, F, D) [KP_##P][KF_##F] = KNAME(gc_##P##_##F),
#define K_ENTRY_F(P, F, D)  [KP_##P][KF_##F] = KNAME(f_##P##_##F),

static const tex_sample_kernel KNAME(sample_table)[3][KF_COUNT][3] = {
    K_PROFILES(K_ENTRY_S, K_FORMATS, 1) K_PROFILES(K_ENTRY_S, K_FORMATS, 2)
        K_PROFILES(K_ENTRY_S, K_FORMATS, 3)};
static const tex_sample_kernel KNAME(compare_table)[3][KF_COUNT][3] = {
    K_PROFILES(K_ENTRY_C, K_DEPTH, 1) K_PROFILES(K_ENTRY_C, K_DEPTH, 2)};
static const tex_sample_kernel KNAME(gather_table)[3][KF_COUNT] = {
    K_PROFILES(K_ENTRY_G, K_FORMATS, 0)};
static const tex_sample_kernel KNAME(gather_c_table)[3][KF_COUNT] = {
    K_PROFILES(K_ENTRY_GC, K_DEPTH, 0)};
static const tex_fetch_kernel KNAME(fetch_table)[3][KF_COUNT] = {
    K_PROFILES(K_ENTRY_F, K_FORMATS, 0)};

/* The kernel format of a class. */
static int KNAME(kf)(tex_fmt_class f)
{
    switch (f) {
    case TEX_FMT_U8X4: return KF_U8X4;
    case TEX_FMT_F16: return KF_F16;
    case TEX_FMT_F32: return KF_F32;
    case TEX_FMT_NONE: return -1;
    default: return KF_GEN;
    }
}

/* The kernels of a binding's shape (unit.c decided what each operation may take: u->take_*). */
static void KNAME(pick)(const tex_unit *u, tex_kernels *k)
{
    memset(k, 0, sizeof *k);
    const int p = u->prof, f = KNAME(kf)(u->fmt), ff = KNAME(kf)(u->fetch_fmt);
    if (f >= 0 && u->take_sample && u->dims >= 1 && u->dims <= 3)
        k->sample[0] = KNAME(sample_table)[p][f][u->dims - 1];
    if (f >= 0 && u->take_compare && u->dims >= 1 && u->dims <= 3)
        k->sample[1] = KNAME(compare_table)[p][f][u->dims - 1];
    if (f >= 0 && u->take_gather) {
        k->gather[0] = KNAME(gather_table)[p][f];
        k->gather[1] = u->take_compare ? KNAME(gather_c_table)[p][f] : NULL;
    }
    if (ff >= 0 && u->take_fetch)
        k->fetch = KNAME(fetch_table)[u->fetch_prof][ff];
}
