/* Eight lanes side by side: the vector types and operations the lane-group kernels
 * (src/tex/kernels.h) are written in.
 *
 * GCC's and clang's vector extensions: one source, compiled twice (kernels_avx2.c with AVX2, where
 * each operation is one 256-bit instruction, and kernels_sse2.c for baseline x86-64, where the
 * compiler splits each into two 128-bit ones; other machines get their own lowering). Every
 * operation here is an IEEE operation of the lane's type, so a lane computes what the scalar C of
 * the general path computes, bit for bit: no fused multiply-add (-ffp-contract=off for these
 * files), no reciprocal estimates. Conversions float -> int are only done on values the kernels
 * have checked to be in range (a vector conversion of an out-of-range value is undefined in C as
 * the scalar one is).
 *
 * Texel reads are gathers: one AVX2 instruction per 32-bit word of the eight lanes, eight scalar
 * loads elsewhere. They read a whole 32-bit word at the byte offset they are given, which may be
 * up to 3 bytes past a texel of a smaller format: tgx_tex_create allocates TEX_READ_PAD bytes
 * more than the texels for that (tex_internal.h). */
#ifndef TGX_TEX_SIMD_H
#define TGX_TEX_SIMD_H

#include <stdint.h>
#include <string.h>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#define VX_LANES 8

typedef float vf __attribute__((vector_size(32)));
typedef int32_t vi __attribute__((vector_size(32)));
typedef uint32_t vu __attribute__((vector_size(32)));
typedef double vd4 __attribute__((vector_size(32)));
typedef int32_t vi4 __attribute__((vector_size(16)));
typedef float vf4 __attribute__((vector_size(16)));

#if defined(__GNUC__)
#define VX_INLINE static inline __attribute__((always_inline))
#else
#define VX_INLINE static inline
#endif

/* ---- constants and lanes -------------------------------------------------------------------- */

VX_INLINE vf vf_set1(float x)
{
    return (vf){x, x, x, x, x, x, x, x};
}

VX_INLINE vi vi_set1(int32_t x)
{
    return (vi){x, x, x, x, x, x, x, x};
}

VX_INLINE vi vi_iota(void)
{
    return (vi){0, 1, 2, 3, 4, 5, 6, 7};
}

/* n (4 or 8) 32-bit lanes from p; a half group repeats its quad in the upper lanes, so that
 * every lane computes on values a caller gave. */
VX_INLINE void vx_load_lanes(void *v, const void *p, uint32_t n)
{
    if (n == 8) {
        memcpy(v, p, 32);
    } else {
        memcpy(v, p, 16);
        memcpy((char *)v + 16, p, 16);
    }
}

VX_INLINE vf vf_load(const float *p, uint32_t n)
{
    vf v;
    vx_load_lanes(&v, p, n);
    return v;
}

VX_INLINE vi vi_load(const int32_t *p, uint32_t n)
{
    vi v;
    vx_load_lanes(&v, p, n);
    return v;
}

/* Bit casts between the lane types (the same 32 bytes). */
VX_INLINE vi vf_bits(vf x)
{
    return (vi)x;
}

VX_INLINE vf vi_bits(vi x)
{
    return (vf)x;
}

/* ---- selection and comparisons (masks: all ones or zero per lane) ---------------------------- */

VX_INLINE vi vi_sel(vi m, vi a, vi b)
{
    return (a & m) | (b & ~m);
}

VX_INLINE vf vf_sel(vi m, vf a, vf b)
{
    return (vf)vi_sel(m, (vi)a, (vi)b);
}

VX_INLINE vi vi_min(vi a, vi b)
{
    return vi_sel(a < b, a, b);
}

VX_INLINE vi vi_max(vi a, vi b)
{
    return vi_sel(a > b, a, b);
}

/* The lanes of a mask as bits (lane i: bit i), whether every lane is set, whether any is. */
VX_INLINE unsigned vx_bits(vi m)
{
#if defined(__AVX2__)
    return (unsigned)_mm256_movemask_ps((__m256)m);
#elif defined(__SSE2__)
    __m128 lo, hi;
    memcpy(&lo, &m, 16);
    memcpy(&hi, (const char *)&m + 16, 16);
    return (unsigned)_mm_movemask_ps(lo) | (unsigned)_mm_movemask_ps(hi) << 4;
#else
    unsigned r = 0;
    for (int i = 0; i < VX_LANES; i++)
        r |= (m[i] < 0 ? 1u : 0u) << i;
    return r;
#endif
}

VX_INLINE int vx_all(vi m)
{
    return vx_bits(m) == 0xffu;
}

VX_INLINE int vx_any(vi m)
{
    return vx_bits(m) != 0;
}

/* C's fmaxf / fminf: a NaN operand gives the other one. */
VX_INLINE vf vf_fmax(vf a, vf b)
{
    return vf_sel((a >= b) | (b != b), a, b);
}

VX_INLINE vf vf_fmin(vf a, vf b)
{
    return vf_sel((a <= b) | (b != b), a, b);
}

VX_INLINE vf vf_abs(vf x)
{
    return (vf)((vi)x & 0x7fffffff);
}

/* ---- conversions ---------------------------------------------------------------------------- */

VX_INLINE vf vf_from_vi(vi x)
{
    return __builtin_convertvector(x, vf);
}

/* Truncation toward zero; |x| < 2^31 (callers check). */
VX_INLINE vi vi_trunc(vf x)
{
    return __builtin_convertvector(x, vi);
}

/* floor(x) as an integer for |x| < 2^31 (callers check). */
VX_INLINE vi vi_floor(vf x)
{
    const vi i = vi_trunc(x);
    return i + (vf_from_vi(i) > x); /* a true comparison is -1 */
}

/* floor(v / 2^s) for 0 < s < 31 without shifting a negative number. */
VX_INLINE vi vi_floor_shift(vi v, int s)
{
    const vu b = (vu)v + (1u << 31);
    return (vi)((b >> s) - (1u << (31 - s)));
}

/* The same with a shift per lane, 0 <= s < 31. */
VX_INLINE vi vi_floor_shiftv(vi v, vi s)
{
    const vu b = (vu)v + (1u << 31);
    return (vi)((b >> (vu)s) - ((vu)vi_set1(1 << 30) >> (vu)(s - 1)));
}

/* The two halves of a lane vector as doubles (exact), and back rounded once to float. */
VX_INLINE void vd_from_vi(vi x, vd4 *lo, vd4 *hi)
{
    vi4 a, b;
    memcpy(&a, &x, 16);
    memcpy(&b, (const char *)&x + 16, 16);
    *lo = __builtin_convertvector(a, vd4);
    *hi = __builtin_convertvector(b, vd4);
}

VX_INLINE void vd_from_vf(vf x, vd4 *lo, vd4 *hi)
{
    vf4 a, b;
    memcpy(&a, &x, 16);
    memcpy(&b, (const char *)&x + 16, 16);
    *lo = __builtin_convertvector(a, vd4);
    *hi = __builtin_convertvector(b, vd4);
}

VX_INLINE vf vf_from_vd(vd4 lo, vd4 hi)
{
    const vf4 a = __builtin_convertvector(lo, vf4), b = __builtin_convertvector(hi, vf4);
    vf r;
    memcpy(&r, &a, 16);
    memcpy((char *)&r + 16, &b, 16);
    return r;
}

/* ---- memory --------------------------------------------------------------------------------- */

/* The 32-bit words at base + off[lane] (byte offsets). */
VX_INLINE vi vx_gather(const uint8_t *base, vi off)
{
#if defined(__AVX2__) && !defined(VX_SCALAR_GATHER)
    return (vi)_mm256_i32gather_epi32((const int *)(const void *)base, (__m256i)off, 1);
#else
    vi r;
    for (int i = 0; i < VX_LANES; i++) {
        int32_t w;
        memcpy(&w, base + off[i], sizeof w);
        r[i] = w;
    }
    return r;
#endif
}

#if defined(__AVX2__) && !defined(VX_SCALAR_GATHER)
/* The 16 bytes at p (low half) and at q (high half). */
VX_INLINE __m256 vx_load_pair16(const uint8_t *p, const uint8_t *q)
{
    return _mm256_insertf128_ps(
        _mm256_castps128_ps256(_mm_loadu_ps((const float *)(const void *)p)),
        _mm_loadu_ps((const float *)(const void *)q), 1);
}

/* The 8 bytes at p, q (low half) and r, s (high half): moves of the bits, no conversion. The
 * texels need not be 8-byte aligned (a row's pair starts at any 4-byte texel), so they are read
 * through memcpy: _mm_load_sd dereferences a double pointer, undefined when misaligned. */
VX_INLINE __m128i vx_load_two8(const uint8_t *p, const uint8_t *q)
{
    uint64_t a, b;
    memcpy(&a, p, 8);
    memcpy(&b, q, 8);
    return _mm_set_epi64x((long long)b, (long long)a);
}

VX_INLINE __m256 vx_load_quad8(const uint8_t *p, const uint8_t *q, const uint8_t *r,
                               const uint8_t *s)
{
    return _mm256_castsi256_ps(
        _mm256_inserti128_si256(_mm256_castsi128_si256(vx_load_two8(p, q)), vx_load_two8(r, s), 1));
}
#endif

/* The four 32-bit words of the 16-byte texels at base + off[lane], word k of each lane in w[k]:
 * with AVX2 one 16-byte load per lane and a transpose (faster than four gathers where gathers
 * are slow, as on AMD's cores); the words are moved, never converted. */
VX_INLINE void vx_load_words4(const uint8_t *base, vi off, vi w[4])
{
#if defined(__AVX2__) && !defined(VX_SCALAR_GATHER)
    /* tk: lane k in the low half, lane k + 4 in the high half */
    const __m256 t0 = vx_load_pair16(base + off[0], base + off[4]);
    const __m256 t1 = vx_load_pair16(base + off[1], base + off[5]);
    const __m256 t2 = vx_load_pair16(base + off[2], base + off[6]);
    const __m256 t3 = vx_load_pair16(base + off[3], base + off[7]);
    const __m256 a = _mm256_unpacklo_ps(t0, t1), b = _mm256_unpackhi_ps(t0, t1);
    const __m256 c = _mm256_unpacklo_ps(t2, t3), d = _mm256_unpackhi_ps(t2, t3);
    w[0] = (vi)_mm256_shuffle_ps(a, c, 0x44);
    w[1] = (vi)_mm256_shuffle_ps(a, c, 0xee);
    w[2] = (vi)_mm256_shuffle_ps(b, d, 0x44);
    w[3] = (vi)_mm256_shuffle_ps(b, d, 0xee);
#else
    for (int k = 0; k < 4; k++)
        w[k] = vx_gather(base, off + 4 * k);
#endif
}

/* The two 32-bit words of the 8-byte texels at base + off[lane] (as vx_load_words4). */
VX_INLINE void vx_load_words2(const uint8_t *base, vi off, vi w[2])
{
#if defined(__AVX2__) && !defined(VX_SCALAR_GATHER)
    /* lanes 0 1 | 4 5 and 2 3 | 6 7, a lane's two words side by side */
    const __m256 a = vx_load_quad8(base + off[0], base + off[1], base + off[4], base + off[5]);
    const __m256 b = vx_load_quad8(base + off[2], base + off[3], base + off[6], base + off[7]);
    w[0] = (vi)_mm256_shuffle_ps(a, b, 0x88);
    w[1] = (vi)_mm256_shuffle_ps(a, b, 0xdd);
#else
    for (int k = 0; k < 2; k++)
        w[k] = vx_gather(base, off + 4 * k);
#endif
}

/* Entries idx[lane] of a table of 32-bit words. */
VX_INLINE vi vx_lookup(const int32_t *table, vi idx)
{
#if defined(__AVX2__)
    return (vi)_mm256_i32gather_epi32((const int *)table, (__m256i)idx, 4);
#else
    vi r;
    for (int i = 0; i < VX_LANES; i++)
        r[i] = table[idx[i]];
    return r;
#endif
}

VX_INLINE vf vx_lookupf(const float *table, vi idx)
{
#if defined(__AVX2__)
    return (vf)_mm256_i32gather_ps(table, (__m256i)idx, 4);
#else
    vf r;
    for (int i = 0; i < VX_LANES; i++)
        r[i] = table[idx[i]];
    return r;
#endif
}

#endif
