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

/* Profiles of a kernel: GL's exact formulas, softpipe's rule, nv; KP_EX is either exact rule,
 * read from the binding (one kernel for both: the softpipe rule is the replays' profile, not a
 * hot path). KSP(PROF): the lane follows softpipe's rule (a tex_unit *u in scope). */
enum { KP_GL, KP_SP, KP_NV, KP_EX };
#define KSP(PROF) ((PROF) == KP_SP || ((PROF) == KP_EX && u->prof == KP_SP))

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
        /* lanes on different levels: a level's size is max(1, size >> L) (tgx_tex_minify), its
         * rows and slices tight (tgx_tex_level_data), 2^F a float's exponent; only where the
         * level starts is looked up */
        for (int a = 0; a < 3; a++) {
            k->n[a] = vi_max((vi)((vu)vi_set1(u->size0[a]) >> (vu)L), vi_set1(1));
            k->nf[a] = vf_from_vi(k->n[a]);
        }
        if (dims < 3)
            k->n[2] = vi_set1(1), k->nf[2] = vf_set1(1.0f);
        k->row = k->n[0] * u->bytes;
        k->slc = k->row * k->n[1];
        k->F = u->same_F ? vi_set1(t->F[L[0]]) : vx_lookup(t->F, L);
        k->sF = vi_bits((k->F + 127) << 23);
        k->base = vx_lookup(t->off, L);
    }
    if (dims < 3)
        k->base += slice * k->slc;
}

/* ---- coordinates to taps (address.c) -------------------------------------------------------- */

/* axis_lanes_w's WRAP for a cube face (the coordinate in [-1, 1] for nv; seamless, or the
 * sampler's wraps). */
#define K_WRAP_CUBE (-2)

/* The taps of one axis: indices after the wrap (-1: the border), the weight of i1 (a: exact, k:
 * nv in 1/256). */
typedef struct kaxis {
    vi i0, i1;
    vf a;
    vi k;
    vi off_face; /* seamless cube: a linear lane whose taps leave the face */
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
VX_INLINE void axis_lanes_w(const tex_unit *u, int ax, int PROF, int WRAP, vf uc, const klev *lv,
                            vi off, bool has_off, vi linm, kaxis *r)
{
    /* a seamless cube face: its taps unwrapped (linear lanes with a tap off the face go to the
     * general path, which reads the neighbouring face), nearest clamped to the face (cube_taps);
     * the weights as repeat leaves them */
    const bool seamless = WRAP == K_WRAP_CUBE && u->samp.seamless_cube;
    const tgx_tex_wrap w =
        seamless ? TGX_TEX_WRAP_REPEAT : (WRAP >= 0 ? (tgx_tex_wrap)WRAP : u->ctx[0].wrap[ax]);
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
        /* exact: 2^F is a power of two. A cube face coordinate comes as v in [-1, 1], the
         * coordinate (v + 1) / 2: floor(((v + 1) / 2) 2^F) = floor(v 2^(F-1)) + 2^(F-1) */
        vi R = WRAP == K_WRAP_CUBE ? vi_floor(uc * (lv->sF * 0.5f)) + (vi_set1(1) << (F - 1))
                                   : vi_floor(uc * lv->sF);
        /* a face coordinate is not reduced to a wrap's period (tex_scale_coord's axis -1) */
        if (w == TGX_TEX_WRAP_REPEAT && WRAP != K_WRAP_CUBE)
            R &= (vi_set1(1) << F) - 1;
        else if (w == TGX_TEX_WRAP_MIRROR_REPEAT && WRAP != K_WRAP_CUBE)
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
    r->off_face = vi_set1(0);
    if (seamless) {
        r->off_face = linm & ((i0 < 0) | (i0 + 1 >= n));
        r->i0 = vi_max(vi_min(i0, n - 1), vi_set1(0));
        r->i1 = vi_max(vi_min(i0 + 1, n - 1), vi_set1(0));
        return;
    }
    const bool pow2 = WRAP == TGX_TEX_WRAP_REPEAT || u->pow2[ax];
    r->i1 = wrap_index(w, i0 + 1, n, pow2, linm);
    r->i0 = wrap_index(w, i0, n, pow2, linm);
    if (WRAP == K_WRAP_CUBE) /* a cube reads the neighbouring face where a wrap gives the border
                                (cube_texel), seamless or not */
        r->off_face = (r->i0 < 0) | (linm & (r->i1 < 0));
    if (PROF == KP_NV && wrap_is_edge(w))
        r->k = vi_sel(r->i0 == r->i1, vi_set1(0), r->k);
}

/* axis_lanes_w with the binding's wrap; WRAP >= 0 names it (TGX_TEX_WRAP_REPEAT there means a
 * power-of-two size too). */
VX_INLINE void axis_lanes(const tex_unit *u, int ax, int PROF, vf uc, const klev *lv, vi off,
                          bool has_off, vi linm, kaxis *r)
{
    axis_lanes_w(u, ax, PROF, -1, uc, lv, off, has_off, linm, r);
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
 * decoder does (forms: KT_*); pre: the 32-bit word at off, already read (level_pairs), or NULL. */
VX_INLINE void read_taps(const tex_unit *u, int FMT, int PROF, unsigned need, int forms, vi off,
                         const vi *pre, ktap *t)
{
    const uint8_t *data = u->data;
    for (int ch = 0; ch < 4; ch++) { /* channels not needed (the compiler drops what is set) */
        t->f[ch] = vf_set1(0.0f);
        t->v[ch] = vi_set1(0);
    }
    switch (FMT) {
    case TEX_FMT_U8X4: {
        const vi w = pre ? *pre : vx_gather(data, off);
        for (int ch = 0; ch < 4; ch++) {
            if (!(need & (1u << ch)))
                continue;
            const vi b = (w >> (8 * ch)) & 255;
            if (forms & KT_FLOAT)
                t->f[ch] = KSP(PROF) ? vf_from_vi(b) * (1.0f / 255.0f) : unorm8_gl(b);
            if (forms & KT_V16)
                t->v[ch] = b * 257; /* hw-facts: 8-bit UNORM widens to 16 bits as c * 257 */
        }
        break;
    }
    case TEX_FMT_B8: {
        const vi w = pre ? *pre : vx_gather(data, off);
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
        const bool snorm = u->fi->type == TGX_TEX_TYPE_SNORM;
        for (int ch = 0; ch < 4; ch++) {
            if (!(need & (1u << ch)))
                continue;
            const vi w = pre && ch < 2 ? *pre : vx_gather(data, off + 4 * (ch >> 1));
            const vi raw = (w >> (16 * (ch & 1))) & 0xffff;
            const vi s = (raw ^ 0x8000) - 0x8000; /* the signed value */
            if (forms & KT_FLOAT) {
                if (!snorm) {
                    t->f[ch] = KSP(PROF) ? vf_from_vi(raw) * (1.0f / 65535.0f)
                                         : vf_from_vi(raw) / 65535.0f;
                } else if (KSP(PROF)) {
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
    case TEX_FMT_F16: {
        vi words[2] = {vi_set1(0), vi_set1(0)};
        if (u->bytes == 8 && need == 15u)
            vx_load_words2(data, off, words);
        for (int k = 0; k < 2; k++) { /* each word holds channels 2k, 2k + 1 */
            if (!(need & (3u << (2 * k))))
                continue;
            const vi w = u->bytes == 8 && need == 15u ? words[k]
                         : pre && k == 0              ? *pre
                                                      : vx_gather(data, off + 4 * k);
#if defined(__F16C__)
            /* F16C converts eight halves at once, exactly; a signalling NaN would come out
             * quieted (tgx_half_to_float keeps it), so a group with a NaN or infinite half
             * takes the integer conversion */
            if (!vx_any(((w & 0x7c00) == 0x7c00) | ((w & 0x7c000000) == 0x7c000000))) {
                const __m256i wi = (__m256i)w;
                const __m256 a = _mm256_cvtph_ps(_mm256_castsi256_si128(wi));
                const __m256 b = _mm256_cvtph_ps(_mm256_extracti128_si256(wi, 1));
                /* a: lanes 0-3's channel pairs, b: lanes 4-7's; the shuffle gives lanes 0 1 4
                 * 5 | 2 3 6 7, the permute puts them in order */
                const __m256 lo = _mm256_shuffle_ps(a, b, 0x88), hi = _mm256_shuffle_ps(a, b, 0xdd);
                t->f[2 * k] = (vf)_mm256_permute4x64_pd((__m256d)lo, 0xd8);
                t->f[2 * k + 1] = (vf)_mm256_permute4x64_pd((__m256d)hi, 0xd8);
                continue;
            }
#endif
            t->f[2 * k] = half_to_float(w & 0xffff);
            t->f[2 * k + 1] = half_to_float((vi)((vu)w >> 16));
        }
        break;
    }
    case TEX_FMT_F32:
        if (u->bytes == 16 && need == 15u) { /* RGBA: the texels whole */
            vi words[4];
            vx_load_words4(data, off, words);
            for (int ch = 0; ch < 4; ch++)
                t->f[ch] = vi_bits(words[ch]);
            break;
        }
        for (int ch = 0; ch < 4; ch++)
            if (need & (1u << ch))
                t->f[ch] = vi_bits(pre && ch == 0 ? *pre : vx_gather(data, off + 4 * ch));
        break;
    case TEX_FMT_D24: {
        /* n >= 24 bits: (float)((double)v / 16777215) (format.c, unorm_to_float), which is
         * v 2^-24 + v (2^-48 + 2^-71) in float for every 24-bit v (test_fast checks all): the
         * quotient is v 2^-24 (1 + 2^-24 + 2^-48 ...), and the 2^-71 keeps a power of two's sum
         * off the tie the division does not sit on */
        const vf x = vf_from_vi((pre ? *pre : vx_gather(data, off)) & 0xffffff);
        t->f[0] = x * 0x1p-24f + x * 0x1.000002p-48f;
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
                        t->v[ch][l] = tex_nv_form(u->nv_arith[ch], t->f[ch][l], u->fi->bits[ch]);
        break;
    }
}

/* The nv blend of a channel (tex_nv_init_arith's choice, in u->nv_arith): a constant for the
 * classes that have one (8-bit UNORM: UNORM16; half floats: FLOAT16; floats: FLOAT32), so that
 * their kernels hold only their own blend. */
VX_INLINE int nv_arith(const tex_unit *u, int FMT, int ch)
{
    switch (FMT) {
    case TEX_FMT_U8X4: return TEX_NV_UNORM16;
    case TEX_FMT_F16: return TEX_NV_FLOAT16;
    case TEX_FMT_F32: return TEX_NV_FLOAT32;
    default: return u->nv_arith[ch];
    }
}

/* Channels a format class delivers as 16-bit fixed point in nv (KT_V16) or through the block
 * float blend (the rest). */
VX_INLINE bool nv_fixed(const tex_unit *u, int FMT, int ch)
{
    const int a = nv_arith(u, FMT, ch);
    return a == TEX_NV_UNORM16 || a == TEX_NV_SNORM16;
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
        m = vi_sel(b < 0, (vi) - (vu)m, m) & valid[i]; /* negated as unsigned: m may be 2^31 */
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
    if (KSP(PROF))
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
    const tgx_tex_format_info *fi = u->fi;
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

/* tex_nv_input on eight lanes: NaN and denormals read as +0. */
VX_INLINE vf nv_input(vf v)
{
    return vf_sel((v != v) | (vf_abs(v) < 0x1p-126f), vf_set1(0.0f), v);
}

/* A cube map's inputs (prep_lane and tex_cube_face): the direction after the projective divide
 * (nv: NaN and denormal components as +0), its face -- the major axis, ties to X then Y then Z
 * (softpipe, and the exact profile), to Z then Y then X (nv, hw-facts) -- and the face
 * coordinates of GL 4.6 table 8.19 and eq. 8.9: exact (sc / |ma| + 1) / 2 in float, softpipe
 * sc (1/2 / |ma|) + 1/2, nv v = sc fp32(1 / |ma|) in [-1, 1] (axis_lanes_w's K_WRAP_CUBE takes
 * it from there). The slice: the layer's six faces, then the face. */
VX_INLINE void cube_inputs(const tex_unit *u, const tex_ctx *c, int PROF, bool cmp,
                           const tgx_tex_sample_req *req, uint32_t l0, uint32_t n, kin *in)
{
    kin d;
    load_inputs(u, c, PROF, 3, cmp, 4, req, l0, n, &d); /* the divide, the reference, the mask */
    vf r[3];
    const float *src[3] = {req->s, req->t, req->r};
    for (int a = 0; a < 3; a++) {
        r[a] = vf_load(src[a] + l0, n);
        if (req->q)
            r[a] = r[a] / vf_load(req->q + l0, n);
        if (PROF == KP_NV)
            r[a] = nv_input(r[a]);
    }
    const vf ax = vf_abs(r[0]), ay = vf_abs(r[1]), az = vf_abs(r[2]);
    vi axis;
    if (PROF == KP_NV)
        axis =
            vi_sel((az >= ay) & (az >= ax), vi_set1(2), vi_sel(ay >= ax, vi_set1(1), vi_set1(0)));
    else
        axis =
            vi_sel((ax >= ay) & (ax >= az), vi_set1(0), vi_sel(ay >= az, vi_set1(1), vi_set1(2)));
    const vi isx = axis == 0, isy = axis == 1;
    const vf ma = vf_sel(isx, r[0], vf_sel(isy, r[1], r[2]));
    const vi neg = ~(ma >= 0.0f);
    const vi face = axis * 2 + (neg & 1);
    /* table 8.19: +X (-rz, -ry), -X (rz, -ry), +Y (rx, rz), -Y (rx, -rz), +Z (rx, -ry), -Z (-rx,
     * -ry) */
    const vf sc = vf_sel(isx, vf_sel(neg, r[2], -r[2]), vf_sel(isy | ~neg, r[0], -r[0]));
    const vf tc = vf_sel(isy, vf_sel(neg, -r[2], r[2]), -r[1]);
    const vf ama = vf_abs(ma);
    vf s, t;
    if (PROF == KP_NV) {
        /* the general path adds 1 in double: a v in [-2^-54, 0) is lost there (rounds to 1) */
        const vf rcp = 1.0f / ama;
        s = nv_input(sc * rcp);
        t = nv_input(tc * rcp);
        s = vf_sel((s < 0.0f) & (s >= -0x1p-54f), vf_set1(0.0f), s);
        t = vf_sel((t < 0.0f) & (t >= -0x1p-54f), vf_set1(0.0f), t);
    } else if (KSP(PROF)) {
        const vf ima = 0.5f / ama;
        s = sc * ima + 0.5f;
        t = tc * ima + 0.5f;
    } else {
        s = (sc / ama + 1.0f) * 0.5f;
        t = (tc / ama + 1.0f) * 0.5f;
    }
    *in = d;
    in->u[0] = s;
    in->u[1] = t;
    vi slice = vi_set1((int32_t)c->view->first_slice) + face;
    if (u->layered) {
        vf l = req->layer ? vf_load(req->layer + l0, n) : vf_set1(0.0f);
        if (req->q)
            l = l / vf_load(req->q + l0, n);
        slice += 6 * layer_index(u, PROF, l);
    }
    in->slice = slice;
    /* exact: a face coordinate is NaN for a zero or infinite direction (the general path's) */
    const vi ok = (vf_abs(s) < 2.0f) & (vf_abs(t) < 2.0f);
    in->ok = ok;
    in->u[0] = vf_sel(ok, s, vf_set1(0.0f));
    in->u[1] = vf_sel(ok, t, vf_set1(0.0f));
    in->has_off = false;
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
        const bool sp = KSP(PROF);
        const int a0 = sp ? 2 : 0, ax = sp ? 3 : 1, ay = sp ? 0 : 2;
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

/* A cube map's lambdas: an explicit LOD or LOD zero as lane_lambdas; from derivatives, the
 * general path's per quad (the faces of a quad's lanes, unfolded across edges in nv). */
VX_INLINE vf cube_lambdas(const tex_unit *u, const tex_ctx *c, int PROF,
                          const tgx_tex_sample_req *req, uint32_t l0, uint32_t n)
{
    if (req->lod_mode == TGX_TEX_LOD_EXPLICIT || req->lod_mode == TGX_TEX_LOD_ZERO)
        return lane_lambdas(u, c, PROF, 3, req, l0, n, NULL);
    vf lambda;
    float lq[8];
    for (uint32_t q = 0; q < n / 4; q++)
        tex_quad_lambdas(c, req, l0 / 4 + q, lq + 4 * q);
    if (n < VX_LANES)
        memcpy(lq + 4, lq, 4 * sizeof lq[0]);
    memcpy(&lambda, lq, sizeof lambda);
    return lambda;
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
        else if (KSP(PROF)) /* sp_tex_sample.c mip_filter_nearest */
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
    vi border0;  /* tap 0 is the border colour */
    vi off_face; /* seamless cube: lanes with a tap off the face (the general path's) */
} klevel;

/* The bytes from a texel to the next (4 or 2) where read_taps reads all it needs of a texel in
 * the 32-bit word at its offset, so that a word read for one tap holds the next one too; 0 where
 * it does not. */
VX_INLINE int pair_step(const tex_unit *u, int FMT, unsigned need)
{
    switch (FMT) {
    case TEX_FMT_U8X4:
    case TEX_FMT_D24: return 4;
    case TEX_FMT_B8: return u->bytes == 4 ? 4 : 0;
    case TEX_FMT_U16:
    case TEX_FMT_F16:
        return u->bytes == 4 && !(need & ~3u) ? 4 : (u->bytes == 2 && need == 1u ? 2 : 0);
    case TEX_FMT_F32: return u->bytes == 4 && need == 1u ? 4 : 0;
    default: return 0;
    }
}

/* The words of two taps of a row whose texels lie side by side in every lane (off1 = off0 +
 * step): one 8-byte load per lane for 4-byte texels (vx_load_words2), one gather for 2-byte
 * texels (the second texel in the high half, which is all read_taps reads of it then). */
VX_INLINE bool read_pair(const uint8_t *data, int step, vi off0, vi off1, vi *w0, vi *w1)
{
    if (!vx_all(off1 == off0 + step))
        return false;
    if (step == 4) {
        vi w[2];
        vx_load_words2(data, off0, w);
        *w0 = w[0];
        *w1 = w[1];
    } else {
        *w0 = vx_gather(data, off0);
        *w1 = (vi)((vu)*w0 >> 16);
    }
    return true;
}

/* The taps of the level(s) L for the group (sample.c, level_footprint and texel_get). */
VX_INLINE void level_taps(const tex_unit *u, int PROF, int FMT, int DIMS, int CUBE, bool cmp,
                          unsigned need, int forms, const kin *in, vi L, vi lin, int NTAP,
                          klevel *o)
{
    klev lv;
    klev_get(u, L, in->slice, DIMS, &lv);
    o->off_face = vi_set1(0);
    for (int a = 0; a < DIMS; a++) {
        axis_lanes_w(u, a, PROF, CUBE ? K_WRAP_CUBE : -1, in->u[a], &lv, in->off[a], in->has_off,
                     lin, &o->ax[a]);
        o->off_face |= o->ax[a].off_face;
    }
    o->ntap = NTAP;
    o->border0 = vi_set1(0);
    const int32_t bytes = u->bytes;
    vi offs[8], borders[8], pre[8];
    bool have_pre[8] = {false};
    for (int i = 0; i < NTAP; i++) {
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
        borders[i] = border;
        offs[i] = vi_sel(border, vi_set1(0), off);
    }
    const int step = pair_step(u, FMT, need);
    for (int i = 0; step && i + 1 < NTAP; i += 2)
        have_pre[i] = have_pre[i + 1] =
            read_pair(u->data, step, offs[i], offs[i + 1], &pre[i], &pre[i + 1]);
    for (int i = 0; i < NTAP; i++) {
        const vi border = borders[i];
        ktap *t = &o->tap[i];
        if (i == 0)
            o->border0 = border;
        read_taps(u, FMT, PROF, need, forms, offs[i], have_pre[i] ? &pre[i] : NULL, t);
        if (u->may_border && vx_any(border)) {
            for (int ch = 0; ch < 4; ch++) {
                if (!(need & (1u << ch)))
                    continue;
                t->f[ch] = vf_sel(border, vf_set1(u->border_f[cmp][ch]), t->f[ch]);
                t->v[ch] = vi_sel(border, vi_set1(u->border_v[ch]), t->v[ch]);
            }
        }
        if (cmp && !KSP(PROF)) /* GL: each texel compared, then filtered */
            t->f[0] = compare(u, in->ref, t->f[0]);
    }
}

/* The exact profiles' filter of one level (blend_exact, blend_softpipe): GL's weights, products
 * of (1 - a) or a in axis order, and the sum 0 + w0 t0 + w1 t1 ... in fp32; softpipe's nested
 * lerps. Nearest lanes read tap 0. */
VX_INLINE vf exact_filter(bool sp, int DIMS, int NTAP, const klevel *lv, int ch, vi lin)
{
    const vf t0 = lv->tap[0].f[ch];
    if (NTAP == 1)
        return t0;
    vf a[3];
    for (int d = 0; d < DIMS; d++)
        a[d] = lv->ax[d].a;
    vf r;
    if (sp) {
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

/* The result columns v (the swizzle applied) of the active lanes of a group. */
VX_INLINE void write_columns(tgx_tex_result out, uint32_t l0, uint32_t n, vi act, const vi v[4])
{
    const bool all = n == VX_LANES && vx_all(act);
    for (int j = 0; j < 4; j++) {
        if (!out.c[j])
            continue;
        uint32_t *col = out.c[j] + l0;
        if (all) {
            memcpy(col, &v[j], sizeof v[j]);
            continue;
        }
        for (uint32_t l = 0; l < n; l++)
            if (act[l])
                col[l] = (uint32_t)v[j][l];
    }
}

/* The result columns through the layout and swizzle map (tex_write_lane), lanes `act`. */
VX_INLINE void write_group(const tex_unit *u, tgx_tex_result out, uint32_t l0, uint32_t n, vi act,
                           const vi r[4])
{
    const bool all = n == VX_LANES && vx_all(act);
    if (all && u->identity && out.c[0] && out.c[1] && out.c[2] && out.c[3]) {
        memcpy(out.c[0] + l0, &r[0], sizeof r[0]);
        memcpy(out.c[1] + l0, &r[1], sizeof r[1]);
        memcpy(out.c[2] + l0, &r[2], sizeof r[2]);
        memcpy(out.c[3] + l0, &r[3], sizeof r[3]);
        return;
    }
    vi v[4];
    for (int j = 0; j < 4; j++) {
        const uint8_t s = u->map[j];
        v[j] =
            u->identity ? r[j] : (s < 4 ? r[s] : vi_set1(s == TEX_SRC_ONE ? (int32_t)u->one : 0));
    }
    write_columns(out, l0, n, act, v);
}

/* ---- the sample kernel ---------------------------------------------------------------------- */

/* nv: how each needed channel is blended (unit.c fills u->nv_arith; compare blends the 0/1
 * results, FLOAT32 in nv.c, whose sums are exact: the sum of the passing weights over 256). */
VX_INLINE int nv_forms(const tex_unit *u, int FMT, unsigned need, bool cmp)
{
    int forms = KT_FLOAT;
    for (int ch = 0; ch < 4 && !cmp; ch++)
        if ((need & (1u << ch)) && nv_fixed(u, FMT, ch))
            forms |= KT_V16;
        else if ((need & (1u << ch)) && nv_arith(u, FMT, ch) == TEX_NV_SRGB8)
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

VX_INLINE void nv_level(const tex_unit *u, int FMT, int DIMS, int NTAP, bool cmp, unsigned need,
                        const klevel *lv, const vi w[8], knv *o, vi *bad)
{
    const int ntap = 1 << DIMS;
    for (int ch = 0; ch < 4; ch++) {
        if (!(need & (1u << ch)))
            continue;
        const int arith = nv_arith(u, FMT, ch);
        if (cmp) {
            for (int i = 0; i < NTAP; i++)
                o->acc[ch] += w[i] & (lv->tap[i].f[0] != 0.0f);
            continue;
        }
        if (arith == TEX_NV_UNORM16 || arith == TEX_NV_SNORM16) {
            for (int i = 0; i < NTAP; i++)
                o->acc[ch] += w[i] * lv->tap[i].v[ch];
            continue;
        }
        const bool srgb = arith == TEX_NV_SRGB8, half = arith != TEX_NV_FLOAT32;
        const int guard = srgb ? 7 : (half ? 14 : 27);
        const int per = DIMS > 2 ? 4 : ntap, groups = NTAP == 1 ? 1 : ntap / per;
        const int cnt = NTAP == 1 ? 1 : per;
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
    o->ng += NTAP == 1 ? 1 : (DIMS > 2 ? 2 : 1);
}

/* nv: a channel's result from its sums (tex_nv_unorm16_result; SNORM16: floor((sum + 128) /
 * 256) over 32767; block float rounded once; compare: the passing weights over 256). */
VX_INLINE vf nv_result(const tex_unit *u, int FMT, bool cmp, const knv *o, int ch, vi *bad)
{
    const int arith = nv_arith(u, FMT, ch);
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

/* Sampling, the level(s) of a group once its inputs and mip choices are made, NTAP taps per
 * level (1: every filter of the sampler is nearest). */
VX_INLINE uint32_t sample_levels(const tex_unit *u, const tex_ctx *c, uint32_t l0, uint32_t n,
                                 tgx_tex_result out, const kin *in, const kmip *mp, vi bad,
                                 int PROF, int FMT, int DIMS, int CUBE, int CMP, int NTAP)
{
    const kmip m = *mp;
    const unsigned need = CMP ? 1u : u->need;
    const int forms = PROF == KP_NV ? nv_forms(u, FMT, need, CMP) : KT_FLOAT;
    vf r[4] = {vf_set1(0.0f), vf_set1(0.0f), vf_set1(0.0f), vf_set1(0.0f)};
    klevel l1;
    level_taps(u, PROF, FMT, DIMS, CUBE, CMP, need, forms, in, m.L, m.lin, NTAP, &l1);
    if (CUBE)
        bad |= l1.off_face;
    if (PROF != KP_NV) {
        for (int ch = 0; ch < 4; ch++)
            if (need & (1u << ch))
                r[ch] = exact_filter(KSP(PROF), DIMS, NTAP, &l1, ch, m.lin);
        if (m.second) { /* GL 4.6 eq. 8.15 (softpipe: a lerp) */
            klevel l2;
            level_taps(u, PROF, FMT, DIMS, CUBE, CMP, need, forms, in, m.L2, m.lin, NTAP, &l2);
            if (CUBE)
                bad |= l2.off_face & (PROF == KP_NV ? m.kz != 0 : m.two);
            for (int ch = 0; ch < 4; ch++) {
                if (!(need & (1u << ch)))
                    continue;
                const vf r2 = exact_filter(KSP(PROF), DIMS, NTAP, &l2, ch, m.lin);
                const vf b =
                    KSP(PROF) ? r[ch] + m.f * (r2 - r[ch]) : (1.0f - m.f) * r[ch] + m.f * r2;
                r[ch] = vf_sel(m.two, b, r[ch]);
            }
        }
        /* a NaN the filter computed carries the payload of whichever NaN operand the compiled
         * code put first, which C leaves open: such lanes take the general path's (a point
         * sample, with no arithmetic, keeps its texel) */
        if (NTAP > 1 || m.second) {
            const vi arith = m.lin | m.two;
            for (int ch = 0; ch < 4; ch++)
                if (need & (1u << ch))
                    bad |= arith & (r[ch] != r[ch]);
        }
        if (CMP && KSP(PROF)) /* softpipe compares the filtered depth */
            r[0] = compare(u, in->ref, r[0]);
    } else if (FMT == TEX_FMT_ANY) {
        if (m.second) {
            klevel l2;
            level_taps(u, PROF, FMT, DIMS, CUBE, CMP, need, forms, in, m.L2, m.lin, NTAP, &l2);
            if (CUBE)
                bad |= l2.off_face & (PROF == KP_NV ? m.kz != 0 : m.two);
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
        nv_level(u, FMT, DIMS, NTAP, CMP, need, &l1, w, &acc, &pbad);
        if (m.second) {
            klevel l2;
            level_taps(u, PROF, FMT, DIMS, CUBE, CMP, need, forms, in, m.L2, m.lin, NTAP, &l2);
            if (CUBE)
                bad |= l2.off_face & (PROF == KP_NV ? m.kz != 0 : m.two);
            nv_weights(DIMS, &l2, m.kz, m.lin, w);
            nv_level(u, FMT, DIMS, NTAP, CMP, need, &l2, w, &acc, &pbad);
        }
        /* point sampling (one level, nearest) reads the texel itself (tex_nv_blend_levels);
         * half-float results are then rounded to half precision (tex_nv_round_half), which
         * leaves a texel from a half as it is (its NaNs, signalling ones too, keep their bits)
         * and changes the border colour to its rounded value */
        const vi point = ~m.lin & (m.kz == 0);
        for (int ch = 0; ch < 4; ch++) {
            if (!(need & (1u << ch)))
                continue;
            vf t0 = l1.tap[0].f[ch];
            if (c->nv_half)
                t0 = vf_sel(l1.border0, vf_set1(u->border_half[ch]), t0);
            r[ch] = vf_sel(point, t0, nv_result(u, FMT, CMP, &acc, ch, &pbad));
        }
        bad |= pbad & ~point;
    }
    if (CMP) /* every channel is the comparison */
        r[1] = r[2] = r[3] = r[0];
    vi ri[4];
    for (int ch = 0; ch < 4; ch++)
        ri[ch] = vf_bits(r[ch]);
    const uint32_t redo = quads_not_all(~bad, n);
    write_group(u, out, l0, n, in->act & ~quad_lanes(redo), ri);
    return redo;
}

/* Sampling, one group: returns the quads left to the general path. */
VX_INLINE uint32_t sample_group_c(const tex_unit *u, const tgx_tex_sample_req *req, uint32_t l0,
                                  uint32_t n, tgx_tex_result out, int PROF, int FMT, int DIMS,
                                  int CUBE, int CMP)
{
    const tex_ctx *c = &u->ctx[CMP];
    kin in;
    if (CUBE)
        cube_inputs(u, c, PROF, CMP, req, l0, n, &in);
    else
        load_inputs(u, c, PROF, DIMS, CMP, 4, req, l0, n, &in);
    const vi bad = ~in.ok;
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
        const vf lambda = CUBE ? cube_lambdas(u, c, PROF, req, l0, n)
                               : lane_lambdas(u, c, PROF, DIMS, req, l0, n, &in);
        choose_mip(u, c, PROF, lambda, req->lod_clamp, l0, n, &m);
    }
    return sample_levels(u, c, l0, n, out, &in, &m, bad, PROF, FMT, DIMS, CUBE, CMP, 1 << DIMS);
}

VX_INLINE uint32_t sample_group(const tex_unit *u, const tgx_tex_sample_req *req, uint32_t l0,
                                uint32_t n, tgx_tex_result out, int PROF, int FMT, int DIMS,
                                int CMP)
{
    return sample_group_c(u, req, l0, n, out, PROF, FMT, DIMS, 0, CMP);
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
        const bool snorm15 = PROF == KP_NV && !CMP && nv_arith(u, FMT, src) == TEX_NV_SNORM16;
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
                      vi_sel(border, vi_set1(0), lv.base + x * u->bytes + y * lv.row), NULL, &t);
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
    write_columns(out, l0, n, in.act & ~quad_lanes(redo), r);
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
            if (u->prof == KP_NV) /* tex_nv_offset: the low 4 bits */
                o = ((o & 15) ^ 8) - 8;
            v[a] = add_overflow(v[a], o, &out_of_range);
        }
    }
    const vi x = v[0], y = ti->dims > 1 ? v[1] : vi_set1(0);
    vi z = ti->fetch > ti->dims ? v[ti->dims] : v[2];
    const vi lvl = fetch_coord(req->level, l0, n);
    const int32_t nlev = (int32_t)u->fetch_levels;
    out_of_range |=
        (lvl < 0) | (lvl >= nlev) | (lvl >= u->tex_levels - (int32_t)u->view.base_level);
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
    read_taps(u, FMT, PROF, u->need, KT_FLOAT, off, NULL, &t);
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
    write_columns(out, l0, n, act, rr);
    return 0;
}

/* ---- whole requests ------------------------------------------------------------------------ */

/* Whether any of the n lanes from l0 is active. */
VX_INLINE bool group_active(const tgx_lane_mask *active, uint32_t l0, uint32_t n)
{
    return !active ||
           vx_any((vi_load((const int32_t *)active + l0, n) != 0) & (vi_iota() < (int32_t)n));
}

/* The quads of a group a kernel gave back, through the general path. */
static void KNAME(redo)(const tex_unit *u, const tgx_tex_sample_req *req, uint32_t l0,
                        uint32_t redo, bool gather, int cmp, tgx_tex_result out)
{
    const tex_ctx *c = &u->ctx[cmp];
    for (uint32_t q = 0; q < 2; q++) {
        const uint32_t quad = l0 / 4 + q;
        if (!(redo & (1u << q)) || !tex_quad_active(req->active, quad))
            continue;
        if (gather)
            tex_gather_lanes(c, req, 4 * quad, 4, out);
        else
            tex_sample_quad(c, req, quad, out);
    }
}

/* A request group by group: GROUP is the call computing lanes l0.. (n of them), returning the
 * quads it leaves. */
#define K_RUN(GROUP, gather, cmp)                                                                  \
    for (uint32_t l0 = 0; l0 < req->lanes; l0 += VX_LANES) {                                       \
        const uint32_t n = req->lanes - l0 < VX_LANES ? req->lanes - l0 : VX_LANES;                \
        if (!group_active(req->active, l0, n))                                                     \
            continue;                                                                              \
        const uint32_t redo = GROUP;                                                               \
        if (redo)                                                                                  \
            KNAME(redo)(u, req, l0, redo, gather, cmp, out);                                       \
    }

/* ---- the 8-bit RGBA kernel ------------------------------------------------------------------ */

/* 2D (and 2D array) sampling of four 8-bit UNORM channels with linear filters and the repeat,
 * mirrored repeat and clamp-to-edge wraps, in the exact (GL) or nv profile: the benchmarks' hot
 * path, written for it. The same arithmetic as the general kernel (sample_group), with the work
 * laid out for eight lanes: the GL decode in a scaled form whose final scaling folds into the
 * sum, the nv blend as two 16-bit sums per 32-bit lane. Any group it does not take (a half
 * group, a projective divide, offsets, a lane out of range) goes to sample_group, which takes
 * everything. */

/* Channel c of each lane's texel word w as the 24-bit integer (c, c, c) = c 65793: the byte
 * repeated, the top byte zero (one byte shuffle with AVX2; a shuffle and a mask elsewhere). */
#if defined(__AVX2__)
#define TRIPLE_BYTE(w, c)                                                                          \
    ((vi)_mm256_shuffle_epi8((__m256i)(w),                                                         \
                             _mm256_setr_epi8(c, c, c, -128, 4 + c, 4 + c, 4 + c, -128, 8 + c,     \
                                              8 + c, 8 + c, -128, 12 + c, 12 + c, 12 + c, -128, c, \
                                              c, c, -128, 4 + c, 4 + c, 4 + c, -128, 8 + c, 8 + c, \
                                              8 + c, -128, 12 + c, 12 + c, 12 + c, -128)))
#else
#define TRIPLE_BYTE(w, c) (((vi)((vu)(w) >> (8 * (c))) & 255) * 65793)
#endif

/* The 32-bit texels at row + x0 and row + x1 (byte offsets) of each lane: where every lane's
 * second tap is the texel after its first (no wrap between them), each lane's two texels in one
 * 8-byte load (vx_load_words2), else two gathers. */
VX_INLINE void row_pair(const uint8_t *data, vi row, vi x0, vi x1, vi *t0, vi *t1)
{
    if (vx_all(x1 == x0 + 4)) {
        vi w[2];
        vx_load_words2(data, row + x0, w);
        *t0 = w[0];
        *t1 = w[1];
        return;
    }
    *t0 = vx_gather(data, row + x0);
    *t1 = vx_gather(data, row + x1);
}

/* One level of the group, GL: the four channels' filtered values. unorm8_gl's i / 255 is X
 * 2^-24 + X 2^-48 = (X + X 2^-24) 2^-24, one rounding either way; a product with a power of two
 * is exact (no value here is near the subnormal range), so the weighted sum of the texels is the
 * weighted sum of S = X + X 2^-24 scaled by 2^-24 once at the end, operation for operation the
 * same roundings (blend_exact: 0 + w0 t0 + w1 t1 + w2 t2 + w3 t3, whose first addition of a
 * non-negative term to 0 changes nothing). */
VX_INLINE void hot_level_gl(const tex_unit *u, int WRAP, vf s, vf t, vi slice, vi L, vf r[4])
{
    klev lv;
    klev_get(u, L, slice, 2, &lv);
    const vi lin = vi_set1(-1), zero = vi_set1(0);
    kaxis ax, ay;
    axis_lanes_w(u, 0, KP_GL, WRAP, s, &lv, zero, false, lin, &ax);
    axis_lanes_w(u, 1, KP_GL, WRAP, t, &lv, zero, false, lin, &ay);
    const vf a1 = 1.0f - ax.a, b1 = 1.0f - ay.a;
    const vf w[4] = {a1 * b1, ax.a * b1, a1 * ay.a, ax.a * ay.a};
    const vi x0 = ax.i0 * 4, x1 = ax.i1 * 4, y0 = lv.base + ay.i0 * lv.row,
             y1 = lv.base + ay.i1 * lv.row;
    vi tx[4];
    row_pair(u->data, y0, x0, x1, &tx[0], &tx[1]);
    row_pair(u->data, y1, x0, x1, &tx[2], &tx[3]);
#define SCALED(i, c)                                                                               \
    (vf_from_vi(TRIPLE_BYTE(tx[i], c)) + vf_from_vi(TRIPLE_BYTE(tx[i], c)) * 0x1p-24f)
#define CHANNEL(c)                                                                                 \
    r[c] = (((w[0] * SCALED(0, c) + w[1] * SCALED(1, c)) + w[2] * SCALED(2, c)) +                  \
            w[3] * SCALED(3, c)) *                                                                 \
           0x1p-24f
    CHANNEL(0);
    CHANNEL(1);
    CHANNEL(2);
    CHANNEL(3);
#undef CHANNEL
#undef SCALED
}

/* One level of the group, nv: the sums of w c over the taps per channel (UNORM16's sum w v16 is
 * 257 of it, v16 = c 257), each below 2^16 (the weights sum to the level's share of 256), so two
 * channels share a 32-bit lane: channels 0 and 2 in one word, 1 and 3 in another. */
VX_INLINE void hot_level_nv(const tex_unit *u, int WRAP, vf s, vf t, vi slice, vi L, vi total,
                            vu *even, vu *odd)
{
    klev lv;
    klev_get(u, L, slice, 2, &lv);
    const vi lin = vi_set1(-1), zero = vi_set1(0);
    kaxis ax, ay;
    axis_lanes_w(u, 0, KP_NV, WRAP, s, &lv, zero, false, lin, &ax);
    axis_lanes_w(u, 1, KP_NV, WRAP, t, &lv, zero, false, lin, &ay);
    klevel k;
    k.ax[0] = ax;
    k.ax[1] = ay;
    vi w[8];
    nv_weights(2, &k, total, lin, w);
    const vi x0 = ax.i0 * 4, x1 = ax.i1 * 4, y0 = lv.base + ay.i0 * lv.row,
             y1 = lv.base + ay.i1 * lv.row;
    vi tx[4];
    row_pair(u->data, y0, x0, x1, &tx[0], &tx[1]);
    row_pair(u->data, y1, x0, x1, &tx[2], &tx[3]);
    TEX_UNROLL(4)
    for (int i = 0; i < 4; i++) {
        *even += (vu)w[i] * (vu)(tx[i] & 0x00ff00ff);
        *odd += (vu)w[i] * ((vu)tx[i] >> 8 & 0x00ff00ff);
    }
}

/* tex_nv_unorm16_result of the sums of one word: q = (257 sum + 128) >> 8 = sum + ((sum + 128)
 * >> 8), below 2^16 in each half; q / 65535 as a + (b + c) with a = q 2^-16, b = q 2^-32, c = q
 * 2^-48 (exact products, and equal to the division for every q: test_fast checks all 65536). */
VX_INLINE void hot_nv_result(vu sum, vf *lo, vf *hi)
{
    const vu q = sum + ((sum + 0x00800080) >> 8 & 0x00ff00ff);
    const vf ql = vf_from_vi((vi)(q & 0xffff)), qh = vf_from_vi((vi)(q >> 16));
    *lo = ql * 0x1p-16f + (ql * 0x1p-32f + ql * 0x1p-48f);
    *hi = qh * 0x1p-16f + (qh * 0x1p-32f + qh * 0x1p-48f);
}

/* What the 8-bit RGBA kernels (linear and nearest) need of a group before its levels: the
 * coordinates, the slice and the mip choice; false where the group goes to sample_group (a half
 * group, a projective divide, offsets, a lane out of the kernels' coordinate range). */
VX_INLINE bool hot_inputs(const tex_unit *u, const tgx_tex_sample_req *req, uint32_t l0, uint32_t n,
                          int PROF, vf *s, vf *t, vi *slice, kmip *m)
{
    if (n != VX_LANES || req->q || req->offset[0] || req->offset[1])
        return false;
    const tex_ctx *c = &u->ctx[0];
    *s = vf_load(req->s + l0, n);
    *t = vf_load(req->t + l0, n);
    const vf mx = vf_set1(u->coord_max), as = vf_abs(*s), at = vf_abs(*t);
    vi ok = (as < mx) & (at < mx);
    if (PROF == KP_NV)
        ok &= ((as >= 0x1p-126f) | (as == 0.0f)) & ((at >= 0x1p-126f) | (at == 0.0f));
    if (!vx_all(ok))
        return false;
    *slice = vi_set1((int32_t)c->view->first_slice);
    if (u->layered && req->layer)
        *slice += layer_index(u, PROF, vf_load(req->layer + l0, n));
    else if (u->layered)
        *slice += layer_index(u, PROF, vf_set1(0.0f));
    if (!u->lod_matters && !req->lod_clamp) {
        m->L = m->L2 = vi_set1((int32_t)u->fixed.level);
        m->kz = m->two = vi_set1(0);
        m->f = vf_set1(0.0f);
        m->second = false;
    } else {
        kin in;
        in.u[0] = *s;
        in.u[1] = *t;
        const vf lambda = lane_lambdas(u, c, PROF, 2, req, l0, n, &in);
        choose_mip(u, c, PROF, lambda, req->lod_clamp, l0, n, m);
    }
    return true;
}

/* The active lanes of a group as a mask. */
VX_INLINE vi hot_active(const tgx_tex_sample_req *req, uint32_t l0, uint32_t n)
{
    return req->active ? vi_load((const int32_t *)req->active + l0, n) != 0 : vi_set1(-1);
}

VX_INLINE uint32_t hot_u8x4(const tex_unit *u, const tgx_tex_sample_req *req, uint32_t l0,
                            uint32_t n, tgx_tex_result out, int PROF, int WRAP)
{
    vf s, t;
    vi slice;
    kmip m;
    if (!hot_inputs(u, req, l0, n, PROF, &s, &t, &slice, &m))
        return sample_group(u, req, l0, n, out, PROF, TEX_FMT_U8X4, 2, 0);
    vi ri[4];
    if (PROF == KP_NV) {
        vu even = (vu)vi_set1(0), odd = (vu)vi_set1(0);
        hot_level_nv(u, WRAP, s, t, slice, m.L, m.second ? 256 - m.kz : vi_set1(256), &even, &odd);
        if (m.second)
            hot_level_nv(u, WRAP, s, t, slice, m.L2, m.kz, &even, &odd);
        vf r[4];
        hot_nv_result(even, &r[0], &r[2]);
        hot_nv_result(odd, &r[1], &r[3]);
        for (int ch = 0; ch < 4; ch++)
            ri[ch] = vf_bits(r[ch]);
    } else {
        vf r[4];
        hot_level_gl(u, WRAP, s, t, slice, m.L, r);
        if (m.second) { /* GL 4.6 eq. 8.15 */
            vf r2[4];
            hot_level_gl(u, WRAP, s, t, slice, m.L2, r2);
            const vf f1 = 1.0f - m.f;
            for (int ch = 0; ch < 4; ch++)
                r[ch] = vf_sel(m.two, f1 * r[ch] + m.f * r2[ch], r[ch]);
        }
        for (int ch = 0; ch < 4; ch++)
            ri[ch] = vf_bits(r[ch]);
    }
    write_group(u, out, l0, n, hot_active(req, l0, n), ri);
    return 0;
}

/* Nearest sampling of four 8-bit UNORM channels, one level (the 8-bit RGBA kernel's shapes, both
 * filters nearest): each lane's texel, one gather, its bytes as unorm8_gl's i / 255 in the GL
 * and the nv profile alike (nv point sampling returns the texel's float decode itself:
 * tex_nv_blend_levels, sample_levels' point lanes). A group whose lanes blend two levels (a
 * linear mip filter) goes to sample_group. */
VX_INLINE uint32_t hot_near_u8x4(const tex_unit *u, const tgx_tex_sample_req *req, uint32_t l0,
                                 uint32_t n, tgx_tex_result out, int PROF, int WRAP)
{
    vf s, t;
    vi slice;
    kmip m;
    if (!hot_inputs(u, req, l0, n, PROF, &s, &t, &slice, &m) || m.second)
        return sample_group(u, req, l0, n, out, PROF, TEX_FMT_U8X4, 2, 0);
    klev lv;
    klev_get(u, m.L, slice, 2, &lv);
    const vi zero = vi_set1(0);
    kaxis ax, ay;
    axis_lanes_w(u, 0, PROF, WRAP, s, &lv, zero, false, zero, &ax);
    axis_lanes_w(u, 1, PROF, WRAP, t, &lv, zero, false, zero, &ay);
    const vi tx = vx_gather(u->data, lv.base + ay.i0 * lv.row + ax.i0 * 4);
    vi ri[4];
    for (int ch = 0; ch < 4; ch++)
        ri[ch] = vf_bits(unorm8_gl((vi)((vu)tx >> (8 * ch)) & 255));
    write_group(u, out, l0, n, hot_active(req, l0, n), ri);
    return 0;
}

/* Gather of four 8-bit UNORM channels (GL or nv, the 8-bit RGBA kernel's wraps): the base
 * level's bilinear footprint, one channel of each texel, GATHER4's order (gather_group). */
VX_INLINE uint32_t hot_gather_u8x4(const tex_unit *u, const tgx_tex_sample_req *req, uint32_t l0,
                                   uint32_t n, tgx_tex_result out, int PROF)
{
    const tex_ctx *c = &u->ctx[0];
    bool goff = false;
    for (int k = 0; k < 4; k++)
        goff |= req->gather_offsets[k][0] || req->gather_offsets[k][1];
    const uint8_t src = c->map[req->component];
    if (n != VX_LANES || req->q || req->offset[0] || req->offset[1] || goff || src >= 4)
        return gather_group(u, req, l0, n, out, PROF, TEX_FMT_U8X4, 0);
    const vf s = vf_load(req->s + l0, n), t = vf_load(req->t + l0, n);
    const vf mx = vf_set1(u->coord_max), as = vf_abs(s), at = vf_abs(t);
    vi ok = (as < mx) & (at < mx);
    if (PROF == KP_NV)
        ok &= ((as >= 0x1p-126f) | (as == 0.0f)) & ((at >= 0x1p-126f) | (at == 0.0f));
    if (!vx_all(ok))
        return gather_group(u, req, l0, n, out, PROF, TEX_FMT_U8X4, 0);
    vi slice = vi_set1((int32_t)c->view->first_slice);
    if (u->layered)
        slice += layer_index(u, PROF, req->layer ? vf_load(req->layer + l0, n) : vf_set1(0.0f));
    klev lv;
    klev_get(u, vi_set1((int32_t)c->base), slice, 2, &lv);
    const vi lin = vi_set1(-1), zero = vi_set1(0);
    kaxis ax, ay;
    axis_lanes(u, 0, PROF, s, &lv, zero, false, lin, &ax);
    axis_lanes(u, 1, PROF, t, &lv, zero, false, lin, &ay);
    const vi x0 = ax.i0 * 4, x1 = ax.i1 * 4, y0 = lv.base + ay.i0 * lv.row,
             y1 = lv.base + ay.i1 * lv.row;
    vi tx[4]; /* GATHER4's order: (-,+), (+,+), (+,-), (-,-) */
    row_pair(u->data, y1, x0, x1, &tx[0], &tx[1]);
    row_pair(u->data, y0, x0, x1, &tx[3], &tx[2]);
    const int sh = 8 * src;
    vi r[4];
    for (int k = 0; k < 4; k++)
        r[k] = vf_bits(unorm8_gl((vi)((vu)tx[k] >> sh) & 255));
    vi act = vi_set1(-1);
    if (req->active)
        act = vi_load((const int32_t *)req->active + l0, n) != 0;
    write_columns(out, l0, n, act, r);
    return 0;
}

#if K_EVERY_FORMAT
/* _rep: both axes repeat a power-of-two size (a mask, no wrap to choose). */
/* The 8-bit RGBA kernels: NAME runs GROUP (hot_u8x4, hot_near_u8x4) in profile PROF with the
 * wrap WRAP (-1: the sampler's). */
#define K_HOT(NAME, GROUP, PROF, WRAP)                                                             \
    static void KNAME(NAME)(const tex_unit *u, const tgx_tex_sample_req *req, tgx_tex_result out)  \
    {                                                                                              \
        K_RUN(GROUP(u, req, l0, n, out, PROF, WRAP), false, 0)                                     \
    }
K_HOT(hot_gl, hot_u8x4, KP_GL, -1)
K_HOT(hot_nv, hot_u8x4, KP_NV, -1)
K_HOT(hot_gl_rep, hot_u8x4, KP_GL, TGX_TEX_WRAP_REPEAT)
K_HOT(hot_nv_rep, hot_u8x4, KP_NV, TGX_TEX_WRAP_REPEAT)
K_HOT(near_gl, hot_near_u8x4, KP_GL, -1)
K_HOT(near_nv, hot_near_u8x4, KP_NV, -1)
K_HOT(near_gl_rep, hot_near_u8x4, KP_GL, TGX_TEX_WRAP_REPEAT)
K_HOT(near_nv_rep, hot_near_u8x4, KP_NV, TGX_TEX_WRAP_REPEAT)

static void KNAME(hot_gather_gl)(const tex_unit *u, const tgx_tex_sample_req *req,
                                 tgx_tex_result out)
{
    K_RUN(hot_gather_u8x4(u, req, l0, n, out, KP_GL), true, 0)
}

static void KNAME(hot_gather_nv)(const tex_unit *u, const tgx_tex_sample_req *req,
                                 tgx_tex_result out)
{
    K_RUN(hot_gather_u8x4(u, req, l0, n, out, KP_NV), true, 0)
}
#endif

/* ---- the kernels of each shape -------------------------------------------------------------- */

/* The kernel formats: the classes whose reads are the benchmarks' hot paths (8-bit RGBA, half
 * and single floats) as constants, the others (byte tables, 16-bit normalised, 24-bit depth, the
 * decoder per lane) in one kernel that reads the binding's class (a branch per tap, the same for
 * every group). The AVX2 build has all four; the SSE2 build, the fallback of machines without
 * AVX2, one kernel per profile and axes that reads every class at run time (a quarter of the
 * code to compile). */
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
#if K_EVERY_FORMAT
#define K_FORMATS(X, P, D) X(P, U8X4, D) X(P, F16, D) X(P, F32, D) X(P, GEN, D)
#define K_DEPTH(X, P, D)   X(P, F32, D) X(P, GEN, D)
#else
#define K_FORMATS(X, P, D) X(P, GEN, D)
#define K_DEPTH(X, P, D)   X(P, GEN, D)
#endif
#define K_PROFILES(X, F, D) F(X, EX, D) F(X, NV, D)

#define K_SAMPLE(P, F, D)                                                                          \
    static void KNAME(s_##P##_##F##_##D)(const tex_unit *u, const tgx_tex_sample_req *req,         \
                                         tgx_tex_result out)                                       \
    {                                                                                              \
        K_RUN(sample_group(u, req, l0, n, out, KP_##P, K_FMT_##F, D, 0), false, 0)                 \
    }
#define K_SAMPLE_C(P, F, D)                                                                        \
    static void KNAME(c_##P##_##F##_##D)(const tex_unit *u, const tgx_tex_sample_req *req,         \
                                         tgx_tex_result out)                                       \
    {                                                                                              \
        K_RUN(sample_group(u, req, l0, n, out, KP_##P, K_FMT_##F, D, 1), false, 1)                 \
    }
#define K_CUBE(P, F, D)                                                                            \
    static void KNAME(q_##P##_##F##_##D)(const tex_unit *u, const tgx_tex_sample_req *req,         \
                                         tgx_tex_result out)                                       \
    {                                                                                              \
        K_RUN(sample_group_c(u, req, l0, n, out, KP_##P, K_FMT_##F, 2, 1, D), false, D)            \
    }
#define K_GATHER(P, F, D)                                                                          \
    static void KNAME(g_##P##_##F)(const tex_unit *u, const tgx_tex_sample_req *req,               \
                                   tgx_tex_result out)                                             \
    {                                                                                              \
        K_RUN(gather_group(u, req, l0, n, out, KP_##P, K_FMT_##F, 0), true, 0)                     \
    }
#define K_GATHER_C(P, F, D)                                                                        \
    static void KNAME(gc_##P##_##F)(const tex_unit *u, const tgx_tex_sample_req *req,              \
                                    tgx_tex_result out)                                            \
    {                                                                                              \
        K_RUN(gather_group(u, req, l0, n, out, KP_##P, K_FMT_##F, 1), true, 1)                     \
    }
#define K_FETCH(P, F, D)                                                                           \
    static void KNAME(f_##F)(const tex_unit *u, const tgx_tex_fetch_req *req, tgx_tex_result out)  \
    {                                                                                              \
        for (uint32_t l0 = 0; l0 < req->lanes; l0 += VX_LANES) {                                   \
            const uint32_t n = req->lanes - l0 < VX_LANES ? req->lanes - l0 : VX_LANES;            \
            if (group_active(req->active, l0, n))                                                  \
                fetch_group(u, req, l0, n, out, KP_##P, K_FFMT_##F);                               \
        }                                                                                          \
    }

K_PROFILES(K_SAMPLE, K_FORMATS, 1)
K_PROFILES(K_SAMPLE, K_FORMATS, 2)
K_PROFILES(K_SAMPLE, K_FORMATS, 3)
K_PROFILES(K_SAMPLE_C, K_DEPTH, 1)
K_PROFILES(K_SAMPLE_C, K_DEPTH, 2)
K_PROFILES(K_CUBE, K_FORMATS, 0)
K_PROFILES(K_CUBE, K_DEPTH, 1)
K_PROFILES(K_GATHER, K_FORMATS, 0)
K_PROFILES(K_GATHER_C, K_DEPTH, 0)
K_FORMATS(K_FETCH, EX, 0)

/* The tables, [profile: exact, nv][kernel format][axes - 1]; NULL where no kernel exists. */
#define K_PI_EX             0
#define K_PI_NV             1
#define K_ENTRY_S(P, F, D)  [K_PI_##P][KF_##F][D - 1] = KNAME(s_##P##_##F##_##D),
#define K_ENTRY_C(P, F, D)  [K_PI_##P][KF_##F][D - 1] = KNAME(c_##P##_##F##_##D),
#define K_ENTRY_Q(P, F, D)  [K_PI_##P][KF_##F][D] = KNAME(q_##P##_##F##_##D),
#define K_ENTRY_G(P, F, D)  [K_PI_##P][KF_##F] = KNAME(g_##P##_##F),
#define K_ENTRY_GC(P, F, D) [K_PI_##P][KF_##F] = KNAME(gc_##P##_##F),
#define K_ENTRY_F(P, F, D)  [KF_##F] = KNAME(f_##F),

static const tex_sample_kernel KNAME(sample_table)[2][KF_COUNT][3] = {
    K_PROFILES(K_ENTRY_S, K_FORMATS, 1) K_PROFILES(K_ENTRY_S, K_FORMATS, 2)
        K_PROFILES(K_ENTRY_S, K_FORMATS, 3)};
static const tex_sample_kernel KNAME(compare_table)[2][KF_COUNT][3] = {
    K_PROFILES(K_ENTRY_C, K_DEPTH, 1) K_PROFILES(K_ENTRY_C, K_DEPTH, 2)};
static const tex_sample_kernel KNAME(cube_table)[2][KF_COUNT][2] = {
    K_PROFILES(K_ENTRY_Q, K_FORMATS, 0) K_PROFILES(K_ENTRY_Q, K_DEPTH, 1)};
static const tex_sample_kernel KNAME(gather_table)[2][KF_COUNT] = {
    K_PROFILES(K_ENTRY_G, K_FORMATS, 0)};
static const tex_sample_kernel KNAME(gather_c_table)[2][KF_COUNT] = {
    K_PROFILES(K_ENTRY_GC, K_DEPTH, 0)};
static const tex_fetch_kernel KNAME(fetch_table)[KF_COUNT] = {K_FORMATS(K_ENTRY_F, EX, 0)};

/* The kernel format of a class. */
static int KNAME(kf)(tex_fmt_class f)
{
    switch (f) {
    case TEX_FMT_NONE: return -1;
#if K_EVERY_FORMAT
    case TEX_FMT_U8X4: return KF_U8X4;
    case TEX_FMT_F16: return KF_F16;
    case TEX_FMT_F32: return KF_F32;
#endif
    default: return KF_GEN;
    }
}

/* The kernels of a binding's shape (unit.c decided what each operation may take: u->take_*). */
static void KNAME(pick)(const tex_unit *u, tex_kernels *k)
{
    memset(k, 0, sizeof *k);
    const int p = u->prof == KP_NV ? 1 : 0, f = KNAME(kf)(u->fmt), ff = KNAME(kf)(u->fetch_fmt);
    if (f >= 0 && u->take_sample && u->dims >= 1 && u->dims <= 3)
        k->sample[0] = KNAME(sample_table)[p][f][u->dims - 1];
#if K_EVERY_FORMAT
    const bool rep = u->ctx[0].wrap[0] == TGX_TEX_WRAP_REPEAT && u->pow2[0] &&
                     u->ctx[0].wrap[1] == TGX_TEX_WRAP_REPEAT && u->pow2[1];
    const bool nv = u->prof == KP_NV;
    if (u->take_sample && u->hot_u8x4) {
        if (nv)
            k->sample[0] = rep ? KNAME(hot_nv_rep) : KNAME(hot_nv);
        else
            k->sample[0] = rep ? KNAME(hot_gl_rep) : KNAME(hot_gl);
    }
    if (u->take_sample && u->hot_near) {
        if (nv)
            k->sample[0] = rep ? KNAME(near_nv_rep) : KNAME(near_nv);
        else
            k->sample[0] = rep ? KNAME(near_gl_rep) : KNAME(near_gl);
    }
#endif
    if (f >= 0 && u->take_compare && u->dims >= 1 && u->dims <= 3)
        k->sample[1] = KNAME(compare_table)[p][f][u->dims - 1];
    if (f >= 0 && u->take_cube) {
        k->sample[0] = KNAME(cube_table)[p][f][0];
        k->sample[1] = u->take_compare ? KNAME(cube_table)[p][f][1] : NULL;
    }
    if (f >= 0 && u->take_gather) {
        k->gather[0] = KNAME(gather_table)[p][f];
        k->gather[1] = u->take_compare ? KNAME(gather_c_table)[p][f] : NULL;
#if K_EVERY_FORMAT
        if (u->hot_gather)
            k->gather[0] = u->prof == KP_NV ? KNAME(hot_gather_nv) : KNAME(hot_gather_gl);
#endif
    }
    if (ff >= 0 && u->take_fetch)
        k->fetch = KNAME(fetch_table)[ff];
}
