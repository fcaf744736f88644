/* exec_alu.c — arithmetic instructions: per-lane kernels and the handlers that feed them.
 *
 * Formulas are the TGSI spec's (docs/sources.md [TGSI]); where the spec is silent or its
 * text is wrong, the behaviour of Mesa 22.3's tgsi_exec.c (softpipe, the corpus reference) is
 * followed and named in a comment. Integer arithmetic is done in uint32_t / uint64_t so that
 * overflow wraps instead of being undefined; shift counts are masked (5 bits, 6 for 64-bit) as
 * tgsi_exec masks them; float-to-integer conversions go through util.h (NaN -> 0, saturate).
 */
#include <math.h>
#include <string.h>

#include "exec/exec_alu.h"

/* ---- per-element helpers ------------------------------------------------------------------ */

/* Arithmetic right shift without relying on implementation-defined signed shifts. */
static inline uint32_t ashr32(uint32_t v, uint32_t s)
{
    s &= 31u;
    uint32_t r = v >> s;
    if ((v & 0x80000000u) && s)
        r |= ~(0xffffffffu >> s);
    return r;
}

static inline uint64_t ashr64(uint64_t v, uint32_t s)
{
    s &= 63u;
    uint64_t r = v >> s;
    if ((v >> 63) && s)
        r |= ~(~0ull >> s);
    return r;
}

static inline int32_t as_i32(uint32_t u)
{
    int32_t i;
    memcpy(&i, &u, 4);
    return i;
}

static inline int64_t as_i64(uint64_t u)
{
    int64_t i;
    memcpy(&i, &u, 8);
    return i;
}

static inline uint64_t as_u64(int64_t i)
{
    uint64_t u;
    memcpy(&u, &i, 8);
    return u;
}

/* IDIV: tgsi_exec gives 0 for a zero divisor; INT_MIN / -1 wraps to INT_MIN (C: undefined). */
static inline uint32_t idiv32(uint32_t a, uint32_t b)
{
    if (b == 0)
        return 0;
    if (a == 0x80000000u && b == 0xffffffffu)
        return a;
    return (uint32_t)(as_i32(a) / as_i32(b));
}

/* MOD: tgsi_exec gives ~0 for a zero divisor; INT_MIN % -1 is 0 (C: undefined). */
static inline uint32_t imod32(uint32_t a, uint32_t b)
{
    if (b == 0)
        return 0xffffffffu;
    if (b == 0xffffffffu)
        return 0;
    return (uint32_t)(as_i32(a) % as_i32(b));
}

/* UBFE / IBFE (tgsi_exec micro_ubfe / micro_ibfe): offset masked to 5 bits; width 32 at offset
 * 0 returns the value; otherwise width is masked to 5 bits, 0 gives 0, and a field running past
 * bit 31 is the plain shift. */
static inline uint32_t bfe32(uint32_t v, uint32_t off, uint32_t width, bool sign)
{
    off &= 31u;
    if (width == 32 && off == 0)
        return v;
    width &= 31u;
    if (width == 0)
        return 0;
    if (width + off < 32) {
        uint32_t t = v << (32 - width - off);
        return sign ? ashr32(t, 32 - width) : t >> (32 - width);
    }
    return sign ? ashr32(v, off) : v >> off;
}

/* BFI (tgsi_exec micro_bfi): width 32 (and above: the field cannot be wider) gives src1. */
static inline uint32_t bfi32(uint32_t base, uint32_t ins, uint32_t off, uint32_t width)
{
    off &= 31u;
    if (width >= 32)
        return ins;
    uint32_t mask = ((1u << width) - 1u) << off;
    return ((ins << off) & mask) | (base & ~mask);
}

static inline uint32_t brev32(uint32_t v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}

static inline uint32_t popc32(uint32_t v)
{
    v = v - ((v >> 1) & 0x55555555u);
    v = (v & 0x33333333u) + ((v >> 2) & 0x33333333u);
    v = (v + (v >> 4)) & 0x0f0f0f0fu;
    return (v * 0x01010101u) >> 24;
}

/* Index of the highest set bit, -1 for 0. */
static inline uint32_t umsb32(uint32_t v)
{
    uint32_t r = 0xffffffffu;
    while (v) {
        r++;
        v >>= 1;
    }
    return r;
}

/* LSB: index of the lowest set bit, -1 for 0 (tgsi_exec: ffs(x) - 1). */
static inline uint32_t lsb32(uint32_t v)
{
    if (!v)
        return 0xffffffffu;
    uint32_t r = 0;
    while (!(v & 1u)) {
        v >>= 1;
        r++;
    }
    return r;
}

/* IMSB: highest bit that differs from the sign bit, -1 for 0 and -1 (util_last_bit_signed). */
static inline uint32_t imsb32(uint32_t v)
{
    return umsb32((v & 0x80000000u) ? ~v : v);
}

/* Additions and multiplications with two NaN operands. x86 returns the NaN of the instruction's
 * first operand (quieted), but addition and multiplication commute and a compiler puts either
 * operand first (gcc 12 put b first in this file's dot product), so which NaN came out was not a
 * rule of the interpreter. It is now: the first operand's in TGSI's order, quieted, as the
 * compiled code does too (src/jit; docs/exec.md, "Two NaNs"). With one NaN operand the result
 * is that NaN quieted whatever the order, as before. */
static inline float first_nan(float a, float r)
{
    xword q = {.f = a};
    q.u |= 0x00400000u;
    return a != a ? q.f : r;
}

static inline float fadd1(float a, float b)
{
    return first_nan(a, a + b);
}

static inline float fmul1(float a, float b)
{
    return first_nan(a, a * b);
}

/* ---- kernel generators ---------------------------------------------------------------------
 * K1/K2/K3/K4 define a component-wise kernel over n lanes; a, b, c, d are the sources; r may be
 * one of them (each lane reads before it writes). The lists of kernels are tables, one
 * definition a line, kept out of clang-format, which would read each semicolon-free invocation
 * as a declaration and join the lines and respace the operators. The generators (these and the
 * channel-pair ones, D1..Q2T) repeat one loop shape on purpose: each kernel must be a plain loop
 * over its own operand types that GCC vectorises, so `duplicates` lists them as a pair. */
#define K1(NAME, F, EXPR)                                                                          \
    XVEC void k_##NAME(xword *r, const xword *const *s, unsigned n)                                \
    {                                                                                              \
        const xword *a = s[0];                                                                     \
        for (unsigned i = 0; i < n; i++)                                                           \
            r[i].F = (EXPR);                                                                       \
    }
#define K2(NAME, F, EXPR)                                                                          \
    XVEC void k_##NAME(xword *r, const xword *const *s, unsigned n)                                \
    {                                                                                              \
        const xword *a = s[0], *b = s[1];                                                          \
        for (unsigned i = 0; i < n; i++)                                                           \
            r[i].F = (EXPR);                                                                       \
    }
#define K3(NAME, F, EXPR)                                                                          \
    XVEC void k_##NAME(xword *r, const xword *const *s, unsigned n)                                \
    {                                                                                              \
        const xword *a = s[0], *b = s[1], *c = s[2];                                               \
        for (unsigned i = 0; i < n; i++)                                                           \
            r[i].F = (EXPR);                                                                       \
    }
#define K4(NAME, F, EXPR)                                                                          \
    XVEC void k_##NAME(xword *r, const xword *const *s, unsigned n)                                \
    {                                                                                              \
        const xword *a = s[0], *b = s[1], *c = s[2], *d = s[3];                                    \
        for (unsigned i = 0; i < n; i++)                                                           \
            r[i].F = (EXPR);                                                                       \
    }

/* clang-format off */
/* Core float ops. */
K1(MOV, u, a[i].u)
K1(ABS, u, a[i].u & 0x7fffffffu)
K2(ADD, f, fadd1(a[i].f, b[i].f))
K2(SUB, f, a[i].f - b[i].f)
K2(MUL, f, fmul1(a[i].f, b[i].f))
K2(DIV, f, a[i].f / b[i].f)
K3(MAD, f, fadd1(fmul1(a[i].f, b[i].f), c[i].f))
K3(FMA, f, fmaf(a[i].f, b[i].f, c[i].f))
/* LRP: tgsi_exec computes src0 * (src1 - src2) + src2, the spec's formula rearranged. */
K3(LRP, f, fadd1(fmul1(a[i].f, b[i].f - c[i].f), c[i].f))
K2(SLT, f, a[i].f < b[i].f ? 1.0f : 0.0f)
K2(SGE, f, a[i].f >= b[i].f ? 1.0f : 0.0f)
K2(SEQ, f, a[i].f == b[i].f ? 1.0f : 0.0f)
K2(SGT, f, a[i].f > b[i].f ? 1.0f : 0.0f)
K2(SLE, f, a[i].f <= b[i].f ? 1.0f : 0.0f)
K2(SNE, f, a[i].f != b[i].f ? 1.0f : 0.0f)
K2(FSLT, u, a[i].f < b[i].f ? 0xffffffffu : 0u)
K2(FSGE, u, a[i].f >= b[i].f ? 0xffffffffu : 0u)
K2(FSEQ, u, a[i].f == b[i].f ? 0xffffffffu : 0u)
K2(FSNE, u, a[i].f != b[i].f ? 0xffffffffu : 0u)
K3(CND, u, c[i].f > 0.5f ? a[i].u : b[i].u)
K3(CMP, u, a[i].f < 0.0f ? b[i].u : c[i].u)
K3(CLAMP, f, a[i].f < b[i].f ? b[i].f : (a[i].f > c[i].f ? c[i].f : a[i].f))
K1(FRC, f, a[i].f - floorf(a[i].f))
K1(FLR, f, floorf(a[i].f))
K1(CEIL, f, ceilf(a[i].f))
K1(TRUNC, f, truncf(a[i].f))
/* ROUND: tgsi_exec rounds half to even (_mesa_roundevenf); rintf does in the default mode. */
K1(ROUND, f, rintf(a[i].f))
K1(SSG, f, a[i].f > 0.0f ? 1.0f : (a[i].f < 0.0f ? -1.0f : 0.0f))
K2(LDEXP, f, ldexpf(a[i].f, b[i].i))
/* Scalar transcendental ops (replicated by the scalar handler). */
K1(RCP, f, 1.0f / a[i].f)
/* RSQ: 1/sqrt(x), NaN for x < 0, as Mesa 22.3's tgsi_exec computes it for the RSQ nir_to_tgsi
 * emits for GLSL inversesqrt (micro_rsq); the 2013 TGSI text's 1/sqrt(|x|) is older Mesa's
 * (docs/errata.md). */
K1(RSQ, f, 1.0f / sqrtf(a[i].f))
K1(SQRT, f, sqrtf(a[i].f))
/* EX2/LG2/POW: tgsi_exec's formulas (powf(2, x); logf(x) * 1.442695f; powf, so pow(0, 0) = 1). */
K1(EX2, f, powf(2.0f, a[i].f))
K1(LG2, f, logf(a[i].f) * 1.442695f)
K2(POW, f, powf(a[i].f, b[i].f))
K1(COS, f, cosf(a[i].f))
K1(SIN, f, sinf(a[i].f))
/* clang-format on */
/* RCC: the spec's formula. */
static inline float rcc1(float x)
{
    float r = 1.0f / x;
    if (r > 0.0f)
        return r < 5.42101e-020f ? 5.42101e-020f : (r > 1.884467e+019f ? 1.884467e+019f : r);
    return r < -1.884467e+019f ? -1.884467e+019f : (r > -5.42101e-020f ? -5.42101e-020f : r);
}
/* clang-format off */
K1(RCC, f, rcc1(a[i].f))
/* Address loads: ARL floors (tgsi_exec micro_arl), ARR rounds as floor(x + 0.5) (micro_arr). */
K1(ARL, i, tgx_floor_to_i32(a[i].f))
K1(ARR, i, tgx_floor_to_i32(a[i].f + 0.5f))
K1(UARL, u, a[i].u)
/* clang-format on */

/* The TGX_EXEC_F2I_X86 rule (exec.h): what Mesa 22.3's micro_f2i / micro_f2u / micro_arl /
 * micro_arr / micro_d2i / micro_d2u (bare C casts of four lanes) compute when built by Debian's
 * gcc 12.2 -O2 for x86-64, as softpipe was for the corpus: the four casts become SSE
 * cvttps2dq / cvttpd2dq, which give 0x80000000 for NaN and out-of-range values, and an unsigned
 * cast becomes x >= 2^31 ? cvtt(x - 2^31) ^ 0x80000000 : cvtt(x) (checked by compiling Mesa's
 * function shape with that compiler, and against the corpus case alu_special_values:
 * F2I(3e9) = F2U(-3e9) = 0x80000000). Computed here in double, with no C undefined behaviour. */
static inline uint32_t cvtt_x86(double x)
{
    if (!(x > -2147483649.0 && x < 2147483648.0)) /* NaN fails both */
        return 0x80000000u;
    return (uint32_t)(int32_t)x;
}

static inline uint32_t cvtt_u_x86(double x)
{
    return x >= 2147483648.0 ? cvtt_x86(x - 2147483648.0) ^ 0x80000000u : cvtt_x86(x);
}

/* clang-format off */
/* Integer ops. */
K1(I2F, f, (float)a[i].i)
K1(U2F, f, (float)a[i].u)
K1(F2I, i, tgx_f2i_sat(a[i].f))
K1(F2U, u, tgx_f2u_sat(a[i].f))
K1(F2I_X86, u, cvtt_x86(a[i].f))
K1(F2U_X86, u, cvtt_u_x86(a[i].f))
K1(ARL_X86, u, cvtt_x86(floorf(a[i].f)))
K1(ARR_X86, u, cvtt_x86(floorf(a[i].f + 0.5f)))
K1(NOT, u, ~a[i].u)
K2(AND, u, a[i].u & b[i].u)
K2(OR, u, a[i].u | b[i].u)
K2(XOR, u, a[i].u ^ b[i].u)
K2(SHL, u, a[i].u << (b[i].u & 31u))
K2(USHR, u, a[i].u >> (b[i].u & 31u))
K2(ISHR, u, ashr32(a[i].u, b[i].u))
/* SHR is the 2013 spec's name of ISHR. The spec's SHL/SHR formulas shift every component by
 * src1.x; tgsi_exec shifts component c by src1.c (docs/errata.md), as done here. */
K2(SHR, u, ashr32(a[i].u, b[i].u))
K2(UADD, u, a[i].u + b[i].u)
K2(UMUL, u, a[i].u * b[i].u)
K3(UMAD, u, a[i].u * b[i].u + c[i].u)
K2(UMUL_HI, u, (uint32_t)(((uint64_t)a[i].u * b[i].u) >> 32))
K2(IMUL_HI, u, (uint32_t)(as_u64((int64_t)a[i].i * b[i].i) >> 32))
/* UDIV/UMOD by zero: 0xffffffff (tgsi_exec micro_udiv / micro_umod, as GPUs do). */
K2(UDIV, u, b[i].u ? a[i].u / b[i].u : 0xffffffffu)
K2(UMOD, u, b[i].u ? a[i].u % b[i].u : 0xffffffffu)
K2(IDIV, u, idiv32(a[i].u, b[i].u))
K2(MOD, u, imod32(a[i].u, b[i].u))
K2(IMAX, i, a[i].i > b[i].i ? a[i].i : b[i].i)
K2(IMIN, i, a[i].i < b[i].i ? a[i].i : b[i].i)
K2(UMAX, u, a[i].u > b[i].u ? a[i].u : b[i].u)
K2(UMIN, u, a[i].u < b[i].u ? a[i].u : b[i].u)
K1(INEG, u, 0u - a[i].u)
K1(IABS, u, (a[i].u & 0x80000000u) ? 0u - a[i].u : a[i].u)
K1(ISSG, i, a[i].i < 0 ? -1 : (a[i].i > 0 ? 1 : 0))
K2(ISGE, u, a[i].i >= b[i].i ? 0xffffffffu : 0u)
K2(ISLT, u, a[i].i < b[i].i ? 0xffffffffu : 0u)
K2(USEQ, u, a[i].u == b[i].u ? 0xffffffffu : 0u)
K2(USNE, u, a[i].u != b[i].u ? 0xffffffffu : 0u)
K2(USGE, u, a[i].u >= b[i].u ? 0xffffffffu : 0u)
K2(USLT, u, a[i].u < b[i].u ? 0xffffffffu : 0u)
K3(UCMP, u, a[i].u ? b[i].u : c[i].u)
/* SAD: |src0 - src1| + src2 on unsigned values (the D3D10 definition). */
K3(SAD, u, (a[i].u > b[i].u ? a[i].u - b[i].u : b[i].u - a[i].u) + c[i].u)
K3(IBFE, u, bfe32(a[i].u, b[i].u, c[i].u, true))
K3(UBFE, u, bfe32(a[i].u, b[i].u, c[i].u, false))
K4(BFI, u, bfi32(a[i].u, b[i].u, c[i].u, d[i].u))
K1(BREV, u, brev32(a[i].u))
K1(POPC, u, popc32(a[i].u))
K1(LSB, u, lsb32(a[i].u))
K1(IMSB, u, imsb32(a[i].u))
K1(UMSB, u, umsb32(a[i].u))
/* clang-format on */

/* MIN/MAX: tgsi_exec uses fminf/fmaxf, so a NaN operand yields the other operand (and the C
 * library has its own rules for two NaNs and signalling NaNs). tgx calls the library as
 * fminf(src1, src0), the order GCC gave the calls in earlier builds (the exec library is built
 * with -fno-builtin-fminf & co., so the order written is the order called); any order is a
 * valid fminf, one fixed order keeps every bit the same. For numbers that is minss/maxss:
 * b < a ? b : a and b > a ? b : a (a tie of -0 and +0 gives src0). Groups of four lanes without
 * a NaN take that select, which vectorises; a group with a NaN calls the library
 * (tests/exec/test_minmax_bits.c). */
#define KMINMAX(NAME, CMP, LIBM)                                                                   \
    XVEC void k_##NAME(xword *r, const xword *const *s, unsigned n)                                \
    {                                                                                              \
        const xword *a = s[0], *b = s[1];                                                          \
        for (unsigned q = 0; q < n; q += 4) {                                                      \
            float t[4];                                                                            \
            uint32_t nan = 0;                                                                      \
            for (unsigned j = 0; j < 4; j++) {                                                     \
                float x = a[q + j].f, y = b[q + j].f;                                              \
                t[j] = y CMP x ? y : x;                                                            \
                nan |= (x != x) | (y != y);                                                        \
            }                                                                                      \
            if (nan)                                                                               \
                for (unsigned j = 0; j < 4; j++)                                                   \
                    t[j] = LIBM(b[q + j].f, a[q + j].f);                                           \
            for (unsigned j = 0; j < 4; j++)                                                       \
                r[q + j].f = t[j];                                                                 \
        }                                                                                          \
    }
KMINMAX(MIN, <, fminf)
KMINMAX(MAX, >, fmaxf)

/* Derivatives over quads (lanes 4q+0..3 = top-left, top-right, bottom-left, bottom-right).
 * tgsi_exec micro_ddx / micro_ddy: the coarse DDX is taken on the bottom row
 * (BOTTOM_RIGHT - BOTTOM_LEFT), the coarse DDY on the left column (BOTTOM_LEFT - TOP_LEFT). */
XVEC void k_DDX(xword *r, const xword *const *s, unsigned n)
{
    const xword *a = s[0];
    for (unsigned q = 0; q + 3 < n; q += 4) {
        float d = a[q + 3].f - a[q + 2].f;
        r[q].f = r[q + 1].f = r[q + 2].f = r[q + 3].f = d;
    }
}

XVEC void k_DDY(xword *r, const xword *const *s, unsigned n)
{
    const xword *a = s[0];
    for (unsigned q = 0; q + 3 < n; q += 4) {
        float d = a[q + 2].f - a[q].f;
        r[q].f = r[q + 1].f = r[q + 2].f = r[q + 3].f = d;
    }
}

/* Fine derivatives: per row (DDX) and per column (DDY) of the quad. */
XVEC void k_DDX_FINE(xword *r, const xword *const *s, unsigned n)
{
    const xword *a = s[0];
    for (unsigned q = 0; q + 3 < n; q += 4) {
        r[q].f = r[q + 1].f = a[q + 1].f - a[q].f;
        r[q + 2].f = r[q + 3].f = a[q + 3].f - a[q + 2].f;
    }
}

XVEC void k_DDY_FINE(xword *r, const xword *const *s, unsigned n)
{
    const xword *a = s[0];
    for (unsigned q = 0; q + 3 < n; q += 4) {
        r[q].f = r[q + 2].f = a[q + 2].f - a[q].f;
        r[q + 1].f = r[q + 3].f = a[q + 3].f - a[q + 1].f;
    }
}

/* ---- 64-bit kernels -------------------------------------------------------------------------
 * A double or 64-bit integer lives in a channel pair: low word in x (z), high word in y (w). */

static inline uint64_t q_get(const xword *lo, const xword *hi, unsigned i)
{
    return ((uint64_t)hi[i].u << 32) | lo[i].u;
}

static inline double d_get(const xword *lo, const xword *hi, unsigned i)
{
    return tgx_bits2d(q_get(lo, hi, i));
}

static inline void q_put(xword *lo, xword *hi, unsigned i, uint64_t v)
{
    lo[i].u = (uint32_t)v;
    hi[i].u = (uint32_t)(v >> 32);
}

static inline void d_put(xword *lo, xword *hi, unsigned i, double v)
{
    q_put(lo, hi, i, tgx_d2bits(v));
}

/* Channel-pair kernel generators (see "kernel generators" above): D for doubles, Q for 64-bit
 * integers, DC a comparison, QS a 64-bit value and a 32-bit operand, T2Q/Q2T the conversions. */
#define D1(NAME, EXPR)                                                                             \
    void dk_##NAME(xword *restrict rl, xword *restrict rh, const xdargs *s, unsigned n)            \
    {                                                                                              \
        for (unsigned i = 0; i < n; i++) {                                                         \
            double a = d_get(s->lo[0], s->hi[0], i);                                               \
            d_put(rl, rh, i, (EXPR));                                                              \
        }                                                                                          \
    }
#define D2(NAME, EXPR)                                                                             \
    void dk_##NAME(xword *restrict rl, xword *restrict rh, const xdargs *s, unsigned n)            \
    {                                                                                              \
        for (unsigned i = 0; i < n; i++) {                                                         \
            double a = d_get(s->lo[0], s->hi[0], i), b = d_get(s->lo[1], s->hi[1], i);             \
            d_put(rl, rh, i, (EXPR));                                                              \
        }                                                                                          \
    }
#define D3(NAME, EXPR)                                                                             \
    void dk_##NAME(xword *restrict rl, xword *restrict rh, const xdargs *s, unsigned n)            \
    {                                                                                              \
        for (unsigned i = 0; i < n; i++) {                                                         \
            double a = d_get(s->lo[0], s->hi[0], i), b = d_get(s->lo[1], s->hi[1], i);             \
            double c = d_get(s->lo[2], s->hi[2], i);                                               \
            d_put(rl, rh, i, (EXPR));                                                              \
        }                                                                                          \
    }
/* 32-bit result of a 64-bit comparison (written to one channel). */
#define DC(NAME, TYPE, GET, EXPR)                                                                  \
    void dk_##NAME(xword *restrict rl, xword *restrict rh, const xdargs *s, unsigned n)            \
    {                                                                                              \
        (void)rh;                                                                                  \
        for (unsigned i = 0; i < n; i++) {                                                         \
            TYPE a = GET(s->lo[0], s->hi[0], i), b = GET(s->lo[1], s->hi[1], i);                   \
            rl[i].u = (EXPR) ? 0xffffffffu : 0u;                                                   \
        }                                                                                          \
    }
#define Q1(NAME, EXPR)                                                                             \
    void dk_##NAME(xword *restrict rl, xword *restrict rh, const xdargs *s, unsigned n)            \
    {                                                                                              \
        for (unsigned i = 0; i < n; i++) {                                                         \
            uint64_t a = q_get(s->lo[0], s->hi[0], i);                                             \
            q_put(rl, rh, i, (EXPR));                                                              \
        }                                                                                          \
    }
#define Q2(NAME, EXPR)                                                                             \
    void dk_##NAME(xword *restrict rl, xword *restrict rh, const xdargs *s, unsigned n)            \
    {                                                                                              \
        for (unsigned i = 0; i < n; i++) {                                                         \
            uint64_t a = q_get(s->lo[0], s->hi[0], i), b = q_get(s->lo[1], s->hi[1], i);           \
            q_put(rl, rh, i, (EXPR));                                                              \
        }                                                                                          \
    }
/* 64-bit value and a 32-bit operand (shift count, exponent). */
#define QS(NAME, EXPR)                                                                             \
    void dk_##NAME(xword *restrict rl, xword *restrict rh, const xdargs *s, unsigned n)            \
    {                                                                                              \
        for (unsigned i = 0; i < n; i++) {                                                         \
            uint64_t a = q_get(s->lo[0], s->hi[0], i);                                             \
            uint32_t b = s->s32[i].u;                                                              \
            q_put(rl, rh, i, (EXPR));                                                              \
        }                                                                                          \
    }
/* 32-bit source to a 64-bit result. */
#define T2Q(NAME, EXPR)                                                                            \
    void dk_##NAME(xword *restrict rl, xword *restrict rh, const xdargs *s, unsigned n)            \
    {                                                                                              \
        for (unsigned i = 0; i < n; i++) {                                                         \
            xword a = s->s32[i];                                                                   \
            q_put(rl, rh, i, (EXPR));                                                              \
        }                                                                                          \
    }
/* 64-bit source to a 32-bit result. */
#define Q2T(NAME, EXPR)                                                                            \
    void dk_##NAME(xword *restrict rl, xword *restrict rh, const xdargs *s, unsigned n)            \
    {                                                                                              \
        (void)rh;                                                                                  \
        for (unsigned i = 0; i < n; i++) {                                                         \
            uint64_t a = q_get(s->lo[0], s->hi[0], i);                                             \
            rl[i].u = (EXPR);                                                                      \
        }                                                                                          \
    }

static inline double dsign(double a)
{
    return a > 0.0 ? 1.0 : (a < 0.0 ? -1.0 : 0.0);
}

/* clang-format off */
D2(DADD, a + b)
D2(DMUL, a * b)
D2(DDIV, a / b)
/* DMAX/DMIN: the C library with src1 first, as MIN/MAX. */
D2(DMAX, fmax(b, a))
D2(DMIN, fmin(b, a))
D3(DMAD, a * b + c)
D3(DFMA, fma(a, b, c))
D1(DABS, fabs(a))
D1(DNEG, -a)
D1(DRCP, 1.0 / a)
D1(DSQRT, sqrt(a))
D1(DRSQ, 1.0 / sqrt(a))
D1(DFRAC, a - floor(a))
D1(DFLR, floor(a))
D1(DCEIL, ceil(a))
D1(DTRUNC, trunc(a))
D1(DROUND, rint(a))
D1(DSSG, dsign(a))
DC(DSLT, double, d_get, a < b)
DC(DSGE, double, d_get, a >= b)
DC(DSEQ, double, d_get, a == b)
DC(DSNE, double, d_get, a != b)
DC(U64SEQ, uint64_t, q_get, a == b)
DC(U64SNE, uint64_t, q_get, a != b)
DC(U64SLT, uint64_t, q_get, a < b)
DC(U64SGE, uint64_t, q_get, a >= b)
DC(I64SLT, uint64_t, q_get, as_i64(a) < as_i64(b))
DC(I64SGE, uint64_t, q_get, as_i64(a) >= as_i64(b))
Q2(U64ADD, a + b)
Q2(U64MUL, a * b)
Q2(U64MIN, a < b ? a : b)
Q2(U64MAX, a > b ? a : b)
Q2(I64MIN, as_i64(a) < as_i64(b) ? a : b)
Q2(I64MAX, as_i64(a) > as_i64(b) ? a : b)
/* clang-format on */
/* 64-bit division as tgsi_exec: U64DIV/U64MOD/I64MOD by zero ~0, I64DIV by zero 0; INT64_MIN by
 * -1 wraps (C: undefined). */
static inline uint64_t i64div(uint64_t a, uint64_t b)
{
    if (!b)
        return 0;
    if (a == 0x8000000000000000ull && b == ~0ull)
        return a;
    return as_u64(as_i64(a) / as_i64(b));
}
static inline uint64_t i64mod(uint64_t a, uint64_t b)
{
    if (!b)
        return ~0ull;
    if (b == ~0ull)
        return 0;
    return as_u64(as_i64(a) % as_i64(b));
}
/* clang-format off */
Q2(U64DIV, b ? a / b : ~0ull)
Q2(U64MOD, b ? a % b : ~0ull)
Q2(I64DIV, i64div(a, b))
Q2(I64MOD, i64mod(a, b))
Q1(I64ABS, (a >> 63) ? 0ull - a : a)
Q1(I64NEG, 0ull - a)
Q1(I64SSG, as_i64(a) < 0 ? ~0ull : (a ? 1ull : 0ull))
Q1(D2I64, as_u64(tgx_d2i64_sat(tgx_bits2d(a))))
Q1(D2U64, tgx_d2u64_sat(tgx_bits2d(a)))
Q1(U642D, tgx_d2bits((double)a))
Q1(I642D, tgx_d2bits((double)as_i64(a)))
QS(U64SHL, a << (b & 63u))
QS(U64SHR, a >> (b & 63u))
QS(I64SHR, ashr64(a, b))
QS(DLDEXP, tgx_d2bits(ldexp(tgx_bits2d(a), as_i32(b))))
T2Q(F2D, tgx_d2bits((double)a.f))
T2Q(I2D, tgx_d2bits((double)a.i))
T2Q(U2D, tgx_d2bits((double)a.u))
T2Q(F2I64, as_u64(tgx_d2i64_sat((double)a.f)))
T2Q(F2U64, tgx_d2u64_sat((double)a.f))
T2Q(I2I64, as_u64((int64_t)a.i))
T2Q(U2I64, (uint64_t)a.u)
Q2T(D2F, tgx_f2bits((float)tgx_bits2d(a)))
Q2T(D2I, (uint32_t)tgx_d2i_sat(tgx_bits2d(a)))
Q2T(D2U, tgx_d2u_sat(tgx_bits2d(a)))
Q2T(D2I_X86, cvtt_x86(tgx_bits2d(a)))
Q2T(D2U_X86, cvtt_u_x86(tgx_bits2d(a)))
Q2T(U642F, tgx_f2bits((float)a))
Q2T(I642F, tgx_f2bits((float)as_i64(a)))
/* clang-format on */

/* ---- handlers --------------------------------------------------------------------------------
 * Results are computed into m->res (one lane array per channel) before any is stored, so a
 * destination that is also a source (MOV TEMP[0].xy, TEMP[0].yxxx) reads the old values. */

#define RES(m, c) ((m)->res + (size_t)(c) * (m)->W)
#define TMP(m, c) ((m)->tmp + (size_t)(c) * (m)->W)

static void store_all(xmach *m, const xinst *in)
{
    for (unsigned c = 0; c < 4; c++)
        if (in->wmask & (1u << c))
            x_store(m, in, 0, c, RES(m, c));
}

/* Stores one lane array to every written channel ("replicates its result"). */
static void store_replicated(xmach *m, const xinst *in, xword *v)
{
    for (unsigned c = 0; c < 4; c++)
        if (in->wmask & (1u << c))
            x_store(m, in, 0, c, v);
}

static void fill(xword *r, unsigned n, uint32_t bits)
{
    for (unsigned i = 0; i < n; i++)
        r[i].u = bits;
}

/* A component-wise op: channel c of the result from channel c of every source. A channel whose
 * result no later channel reads (in->direct) goes straight into the destination when every lane
 * executes; the others are computed into m->res and stored at the end. */
static void vector_with(xmach *m, const xinst *in, xkernel k)
{
    unsigned n = m->n, later = 0;
    if (in->straight && m->all &&
        (m->denorm_rule != TGX_EXEC_DENORMS_FLUSH || !(in->flush32 | in->flush_dst))) {
        /* the straight path: plain sources read in place, every channel written in place */
        for (unsigned c = 0; c < 4; c++) {
            if (!(in->wmask & (1u << c)))
                continue;
            const xword *s[XSRC_MAX];
            for (unsigned j = 0; j < in->nsrc; j++)
                s[j] = xslot(m, in->src[j].slot[c]);
            k(xslot(m, in->dst[0].slot[c]), s, n);
        }
        return;
    }
    bool direct = m->all && in->dst[0].plain;
    for (unsigned c = 0; c < 4; c++) {
        if (!(in->wmask & (1u << c)))
            continue;
        const xword *s[XSRC_MAX];
        for (unsigned j = 0; j < in->nsrc; j++)
            s[j] = x_fetch(m, in, j, c);
        if (direct && (in->direct & (1u << c))) {
            xword *d = xslot(m, in->dst[0].slot[c]);
            k(d, s, n);
            x_finish_result(m, in, d);
        } else {
            k(RES(m, c), s, n);
            later |= 1u << c;
        }
    }
    for (unsigned c = 0; c < 4; c++)
        if (later & (1u << c))
            x_store(m, in, 0, c, RES(m, c));
}

void x_op_vector(xmach *m, const xinst *in)
{
    vector_with(m, in, in->k);
}

/* F2I F2U ARL ARR: component-wise, with the machine's float-to-integer rule. */
void x_op_conv(xmach *m, const xinst *in)
{
    vector_with(m, in, m->f2i_rule == TGX_EXEC_F2I_X86 && in->kx86 ? in->kx86 : in->k);
}

/* A scalar op: one result from the x channels of the sources, replicated to every written
 * channel. The sources are read before anything is written, so with every lane executing the
 * result goes straight into the first written channel and is copied to the others. */
void x_op_scalar(xmach *m, const xinst *in)
{
    const xword *s[XSRC_MAX];
    unsigned n = m->n;
    for (unsigned j = 0; j < in->nsrc; j++)
        s[j] = x_fetch(m, in, j, 0);
    if (!m->all || !in->dst[0].plain) {
        in->k(RES(m, 0), s, n);
        store_replicated(m, in, RES(m, 0));
        return;
    }
    const xword *first = NULL;
    for (unsigned c = 0; c < 4; c++) {
        if (!(in->wmask & (1u << c)))
            continue;
        xword *d = xslot(m, in->dst[0].slot[c]);
        if (!first) {
            in->k(d, s, n);
            x_finish_result(m, in, d);
            first = d;
        } else {
            memcpy(d, first, sizeof(xword) * n);
        }
    }
}

/* Dot products in tgsi_exec's order: x*x, then y*y + sum, then z*z + sum, ... */
XVEC static void dot(xmach *m, const xinst *in, unsigned nc, bool dph, bool dp2a)
{
    xword *r = RES(m, 0);
    unsigned n = m->n;
    for (unsigned c = 0; c < nc; c++) {
        const xword *a = x_fetch(m, in, 0, c), *b = x_fetch(m, in, 1, c);
        if (c == 0)
            for (unsigned i = 0; i < n; i++)
                r[i].f = fmul1(a[i].f, b[i].f);
        else
            for (unsigned i = 0; i < n; i++)
                r[i].f = fadd1(fmul1(a[i].f, b[i].f), r[i].f);
    }
    if (dph) {
        const xword *w = x_fetch(m, in, 1, 3);
        for (unsigned i = 0; i < n; i++)
            r[i].f = fadd1(r[i].f, w[i].f);
    }
    if (dp2a) {
        const xword *z = x_fetch(m, in, 2, 0);
        for (unsigned i = 0; i < n; i++)
            r[i].f = fadd1(r[i].f, z[i].f);
    }
    store_replicated(m, in, r);
}

void x_op_dp2(xmach *m, const xinst *in)
{
    dot(m, in, 2, false, false);
}

void x_op_dp3(xmach *m, const xinst *in)
{
    dot(m, in, 3, false, false);
}

void x_op_dp4(xmach *m, const xinst *in)
{
    dot(m, in, 4, false, false);
}

void x_op_dph(xmach *m, const xinst *in)
{
    dot(m, in, 3, true, false);
}

void x_op_dp2a(xmach *m, const xinst *in)
{
    dot(m, in, 2, false, true);
}

/* LIT, as tgsi_exec exec_lit: z = (0 < x) ? pow(max(y, 0), clamp(w, -128, 128)) : 0. */
void x_op_lit(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    const xword *x = x_fetch(m, in, 0, 0), *y = x_fetch(m, in, 0, 1), *w = x_fetch(m, in, 0, 3);
    for (unsigned i = 0; i < n; i++) {
        float e = fmaxf(fminf(w[i].f, 128.0f), -128.0f);
        RES(m, 0)[i].f = 1.0f;
        RES(m, 1)[i].f = fmaxf(x[i].f, 0.0f);
        RES(m, 2)[i].f = 0.0f < x[i].f ? powf(fmaxf(y[i].f, 0.0f), e) : 0.0f;
        RES(m, 3)[i].f = 1.0f;
    }
    store_all(m, in);
}

void x_op_exp(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    const xword *x = x_fetch(m, in, 0, 0);
    for (unsigned i = 0; i < n; i++) {
        float fl = floorf(x[i].f);
        RES(m, 0)[i].f = powf(2.0f, fl);
        RES(m, 1)[i].f = x[i].f - fl;
        RES(m, 2)[i].f = powf(2.0f, x[i].f);
        RES(m, 3)[i].f = 1.0f;
    }
    store_all(m, in);
}

/* LOG, as tgsi_exec exec_log (its LG2 is logf(x) * 1.442695f). */
void x_op_log(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    const xword *x = x_fetch(m, in, 0, 0);
    for (unsigned i = 0; i < n; i++) {
        float a = fabsf(x[i].f);
        float l = logf(a) * 1.442695f;
        float fl = floorf(l);
        RES(m, 0)[i].f = fl;
        RES(m, 1)[i].f = a / powf(2.0f, fl);
        RES(m, 2)[i].f = l;
        RES(m, 3)[i].f = 1.0f;
    }
    store_all(m, in);
}

void x_op_dst(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    const xword *ay = x_fetch(m, in, 0, 1), *by = x_fetch(m, in, 1, 1);
    const xword *az = x_fetch(m, in, 0, 2), *bw = x_fetch(m, in, 1, 3);
    for (unsigned i = 0; i < n; i++) {
        RES(m, 0)[i].f = 1.0f;
        RES(m, 1)[i].f = ay[i].f * by[i].f;
        RES(m, 2)[i].u = az[i].u;
        RES(m, 3)[i].u = bw[i].u;
    }
    store_all(m, in);
}

void x_op_xpd(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    const xword *a[3], *b[3];
    for (unsigned c = 0; c < 3; c++) {
        a[c] = x_fetch(m, in, 0, c);
        b[c] = x_fetch(m, in, 1, c);
    }
    for (unsigned i = 0; i < n; i++) {
        RES(m, 0)[i].f = a[1][i].f * b[2][i].f - b[1][i].f * a[2][i].f;
        RES(m, 1)[i].f = a[2][i].f * b[0][i].f - b[2][i].f * a[0][i].f;
        RES(m, 2)[i].f = a[0][i].f * b[1][i].f - b[0][i].f * a[1][i].f;
        RES(m, 3)[i].f = 1.0f;
    }
    store_all(m, in);
}

/* NRM/NRM4: the spec's formula lacks the square root (docs/errata.md); each component is
 * multiplied by 1/sqrt(dot), as Mesa's code generators did. NRM writes w = 1. */
static void normalise(xmach *m, const xinst *in, unsigned nc)
{
    unsigned n = m->n;
    const xword *a[4];
    for (unsigned c = 0; c < nc; c++)
        a[c] = x_fetch(m, in, 0, c);
    for (unsigned i = 0; i < n; i++) {
        float d = 0.0f;
        for (unsigned c = 0; c < nc; c++)
            d = a[c][i].f * a[c][i].f + d;
        float r = 1.0f / sqrtf(d);
        for (unsigned c = 0; c < nc; c++)
            RES(m, c)[i].f = a[c][i].f * r;
        if (nc == 3)
            RES(m, 3)[i].f = 1.0f;
    }
    store_all(m, in);
}

void x_op_nrm(xmach *m, const xinst *in)
{
    normalise(m, in, 3);
}

void x_op_nrm4(xmach *m, const xinst *in)
{
    normalise(m, in, 4);
}

void x_op_scs(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    const xword *x = x_fetch(m, in, 0, 0);
    for (unsigned i = 0; i < n; i++) {
        RES(m, 0)[i].f = cosf(x[i].f);
        RES(m, 1)[i].f = sinf(x[i].f);
        RES(m, 2)[i].f = 0.0f;
        RES(m, 3)[i].f = 1.0f;
    }
    store_all(m, in);
}

/* RFL: the spec's formula, 2 * dot(s0, s1) / dot(s0, s0) * s0 - s1, w = 1. */
void x_op_rfl(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    const xword *a[3], *b[3];
    for (unsigned c = 0; c < 3; c++) {
        a[c] = x_fetch(m, in, 0, c);
        b[c] = x_fetch(m, in, 1, c);
    }
    for (unsigned i = 0; i < n; i++) {
        float d01 = a[0][i].f * b[0][i].f + a[1][i].f * b[1][i].f + a[2][i].f * b[2][i].f;
        float d00 = a[0][i].f * a[0][i].f + a[1][i].f * a[1][i].f + a[2][i].f * a[2][i].f;
        float f = 2.0f * d01 / d00;
        for (unsigned c = 0; c < 3; c++)
            RES(m, c)[i].f = f * a[c][i].f - b[c][i].f;
        RES(m, 3)[i].f = 1.0f;
    }
    store_all(m, in);
}

void x_op_x2d(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    const xword *a0 = x_fetch(m, in, 0, 0), *a1 = x_fetch(m, in, 0, 1);
    const xword *b0 = x_fetch(m, in, 1, 0), *b1 = x_fetch(m, in, 1, 1);
    const xword *c[4];
    for (unsigned k = 0; k < 4; k++)
        c[k] = x_fetch(m, in, 2, k);
    for (unsigned i = 0; i < n; i++) {
        float x = a0[i].f + b0[i].f * c[0][i].f + b1[i].f * c[1][i].f;
        float y = a1[i].f + b0[i].f * c[2][i].f + b1[i].f * c[3][i].f;
        RES(m, 0)[i].f = RES(m, 2)[i].f = x;
        RES(m, 1)[i].f = RES(m, 3)[i].f = y;
    }
    store_all(m, in);
}

/* ARA (spec: "TBD"), from NV_vertex_program2, where the opcode came from: adds the halves of an
 * address vector, x = x + z and y = y + w (the sums are repeated in z and w). */
void x_op_ara(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    const xword *a[4];
    for (unsigned c = 0; c < 4; c++)
        a[c] = x_fetch(m, in, 0, c);
    for (unsigned i = 0; i < n; i++) {
        RES(m, 0)[i].u = RES(m, 2)[i].u = a[0][i].u + a[2][i].u;
        RES(m, 1)[i].u = RES(m, 3)[i].u = a[1][i].u + a[3][i].u;
    }
    for (unsigned c = 0; c < 4; c++)
        if (in->wmask & (1u << c))
            x_store_raw(m, in, 0, c, RES(m, c));
}

void x_op_sfl(xmach *m, const xinst *in)
{
    fill(RES(m, 0), m->n, 0u);
    store_replicated(m, in, RES(m, 0));
}

void x_op_str(xmach *m, const xinst *in)
{
    fill(RES(m, 0), m->n, 0x3f800000u);
    store_replicated(m, in, RES(m, 0));
}

/* ---- packing: the spec says "TBD"; PK2H/UP2H follow tgsi_exec (exec_pk2h / exec_up2h), the
 * others the NV_fragment_program definitions these opcodes came from. */

static uint32_t pack_unorm(float x, float scale)
{
    float c = fminf(fmaxf(x, 0.0f), 1.0f); /* NaN -> 0 */
    return tgx_f2u_sat(floorf(c * scale + 0.5f));
}

/* PK4B: round(clamp(x, -128/127, 1) * 127 + 128). */
static uint32_t pack_snorm8(float x)
{
    float c = fminf(fmaxf(x, -128.0f / 127.0f), 1.0f);
    return tgx_f2u_sat(floorf(c * 127.0f + 128.0f + 0.5f)) & 0xffu;
}

/* PK2H, PK2US: x and y into 16-bit halves; PK4B, PK4UB: x..w into bytes. */
void x_op_pack(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    const xword *a[4];
    unsigned nc = in->op == TGX_TGSI_OP_PK2H || in->op == TGX_TGSI_OP_PK2US ? 2 : 4;
    for (unsigned c = 0; c < nc; c++)
        a[c] = x_fetch(m, in, 0, c);
    xword *r = RES(m, 0);
    for (unsigned i = 0; i < n; i++) {
        uint32_t v = 0;
        for (unsigned c = 0; c < nc; c++) {
            uint32_t part;
            switch (in->op) {
            case TGX_TGSI_OP_PK2H: part = tgx_float_to_half(a[c][i].f); break;
            case TGX_TGSI_OP_PK2US: part = pack_unorm(a[c][i].f, 65535.0f); break;
            case TGX_TGSI_OP_PK4B: part = pack_snorm8(a[c][i].f); break;
            default: part = pack_unorm(a[c][i].f, 255.0f); break;
            }
            v |= part << (c * (nc == 2 ? 16u : 8u));
        }
        r[i].u = v;
    }
    store_replicated(m, in, r);
}

/* UP2H, UP2US: 16-bit halves to (x, y, x, y) as tgsi_exec's UP2H writes them; UP4B, UP4UB:
 * bytes to x..w. */
void x_op_unpack(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    const xword *a = x_fetch(m, in, 0, 0);
    for (unsigned i = 0; i < n; i++) {
        uint32_t v = a[i].u;
        for (unsigned c = 0; c < 4; c++) {
            uint32_t h = (v >> ((c & 1u) * 16u)) & 0xffffu, b = (v >> (c * 8u)) & 0xffu;
            float f;
            switch (in->op) {
            case TGX_TGSI_OP_UP2H: f = tgx_half_to_float((uint16_t)h); break;
            case TGX_TGSI_OP_UP2US: f = (float)h / 65535.0f; break;
            case TGX_TGSI_OP_UP4B: f = ((float)b - 128.0f) / 127.0f; break;
            default: f = (float)b / 255.0f; break;
            }
            RES(m, c)[i].f = f;
        }
    }
    store_all(m, in);
}

/* ---- channel pairs ---------------------------------------------------------------------------
 * Operand j of pair p (0: xy, 1: zw) is the swizzled channels 2p, 2p+1. Modifiers act on the
 * whole 64-bit value: sign bit 63 for doubles, two's complement for 64-bit integers. */

static void pair_fetch(xmach *m, const xinst *in, unsigned j, unsigned p, xdargs *a)
{
    const xreg *r = &in->src[j];
    const xword *lo = x_fetch(m, in, j, 2 * p), *hi = x_fetch(m, in, j, 2 * p + 1);
    if (r->abs || r->neg) {
        unsigned n = m->n;
        xword *tl = TMP(m, 2 * j), *th = TMP(m, 2 * j + 1);
        for (unsigned i = 0; i < n; i++) {
            uint64_t v = ((uint64_t)hi[i].u << 32) | lo[i].u;
            if (in->stype == XT_DOUBLE) {
                if (r->abs)
                    v &= ~(1ull << 63);
                if (r->neg)
                    v ^= 1ull << 63;
            } else {
                if (r->abs && (v >> 63))
                    v = 0ull - v;
                if (r->neg)
                    v = 0ull - v;
            }
            tl[i].u = (uint32_t)v;
            th[i].u = (uint32_t)(v >> 32);
        }
        lo = tl;
        hi = th;
    }
    /* TGX_EXEC_DENORMS_FLUSH on a double opcode: the pair reads as a double (x_fetch left the
     * words alone) */
    if (m->denorm_rule == TGX_EXEC_DENORMS_FLUSH && (in->flush64 & (1u << j))) {
        xword *tl = TMP(m, 2 * j), *th = TMP(m, 2 * j + 1);
        x_flush_denorms64(tl, th, lo, hi, m->n);
        lo = tl;
        hi = th;
    }
    a->lo[j] = lo;
    a->hi[j] = hi;
}

/* _SAT on a 64-bit result clamps the pair as a double to [0, 1], NaN -> 0: tgsi_exec's
 * store_double_channel does so for every pair it stores, whatever the opcode's type, so F2D,
 * I2D, U2D, the 32-to-64-bit conversions, the 64-bit integer opcodes and the 64-bit shifts
 * (exec_t_2_64, exec_double_unary/binary/trinary, exec_arg0_64_arg1_32) all clamp. */
static void pair_saturate(xword *lo, xword *hi, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        double d = tgx_bits2d(((uint64_t)hi[i].u << 32) | lo[i].u);
        if (d < 0.0 || isnan(d)) /* in this order, as Mesa: -0.0 is kept */
            d = 0.0;
        else if (d > 1.0)
            d = 1.0;
        uint64_t v = tgx_d2bits(d);
        lo[i].u = (uint32_t)v;
        hi[i].u = (uint32_t)(v >> 32);
    }
}

static void pair_store(xmach *m, const xinst *in, unsigned d, unsigned p, uint8_t wmask)
{
    xword *lo = RES(m, 2 * p), *hi = RES(m, 2 * p + 1);
    if (m->denorm_rule == TGX_EXEC_DENORMS_FLUSH && in->flush_dst == XFD_DOUBLE)
        x_flush_denorms64(lo, hi, lo, hi, m->n);
    if (in->sat)
        pair_saturate(lo, hi, m->n);
    if (wmask & (1u << (2 * p)))
        x_store_raw(m, in, d, 2 * p, lo);
    if (wmask & (2u << (2 * p)))
        x_store_raw(m, in, d, 2 * p + 1, hi);
}

void x_op_dpair(xmach *m, const xinst *in)
{
    for (unsigned p = 0; p < 2; p++) {
        if (!(in->wmask & (3u << (2 * p))))
            continue;
        xdargs a = {{0}, {0}, 0};
        for (unsigned j = 0; j < in->nsrc && j < 3; j++)
            pair_fetch(m, in, j, p, &a);
        in->dk(RES(m, 2 * p), RES(m, 2 * p + 1), &a, m->n);
        pair_store(m, in, 0, p, in->wmask);
    }
}

/* 64-bit comparisons: one 32-bit result per pair, written to the pair's first written channel
 * (tgsi_exec exec_double_binary with a UINT destination). */
void x_op_dcmp(xmach *m, const xinst *in)
{
    for (unsigned p = 0; p < 2; p++) {
        unsigned pm = in->wmask & (3u << (2 * p));
        if (!pm)
            continue;
        unsigned c = (pm & (1u << (2 * p))) ? 2 * p : 2 * p + 1;
        xdargs a = {{0}, {0}, 0};
        for (unsigned j = 0; j < 2; j++)
            pair_fetch(m, in, j, p, &a);
        in->dk(RES(m, c), TMP(m, 7), &a, m->n);
        x_store_raw(m, in, 0, c, RES(m, c));
    }
}

/* 32-bit to 64-bit: source x fills pair xy, source y fills pair zw (tgsi_exec exec_t_2_64). */
void x_op_t2q(xmach *m, const xinst *in)
{
    for (unsigned p = 0; p < 2; p++) {
        if (!(in->wmask & (3u << (2 * p))))
            continue;
        xdargs a = {{0}, {0}, 0};
        a.s32 = x_fetch(m, in, 0, p);
        in->dk(RES(m, 2 * p), RES(m, 2 * p + 1), &a, m->n);
        pair_store(m, in, 0, p, in->wmask);
    }
}

/* 64-bit to 32-bit: the first written channel gets pair xy, the second pair zw (tgsi_exec
 * exec_64_2_t). */
void x_op_q2t(xmach *m, const xinst *in)
{
    unsigned wm = in->wmask;
    for (unsigned p = 0; p < 2 && wm; p++) {
        unsigned c = 0;
        while (!(wm & (1u << c)))
            c++;
        wm &= ~(1u << c);
        xdargs a = {{0}, {0}, 0};
        pair_fetch(m, in, 0, p, &a);
        xdkernel dk = m->f2i_rule == TGX_EXEC_F2I_X86 && in->dkx86 ? in->dkx86 : in->dk;
        dk(RES(m, c), TMP(m, 7), &a, m->n);
        x_store(m, in, 0, c, RES(m, c));
    }
}

/* 64-bit value with a 32-bit operand: src1.x for pair xy, src1.z for pair zw (tgsi_exec
 * exec_arg0_64_arg1_32, exec_dldexp). */
void x_op_qshift(xmach *m, const xinst *in)
{
    for (unsigned p = 0; p < 2; p++) {
        if (!(in->wmask & (3u << (2 * p))))
            continue;
        xdargs a = {{0}, {0}, 0};
        pair_fetch(m, in, 0, p, &a);
        a.s32 = x_fetch(m, in, 1, 2 * p);
        in->dk(RES(m, 2 * p), RES(m, 2 * p + 1), &a, m->n);
        pair_store(m, in, 0, p, in->wmask);
    }
}

/* DFRACEXP: dst[0] receives the significand (a double in [0.5, 1)), dst[1] the exponent, as in
 * tgsi_exec (the spec's text names them the other way round: docs/errata.md). */
void x_op_dfracexp(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    unsigned wm1 = in->wmask1;
    for (unsigned p = 0; p < 2; p++) {
        if (!(in->wmask & (3u << (2 * p))))
            continue;
        xdargs a = {{0}, {0}, 0};
        pair_fetch(m, in, 0, p, &a);
        xword *lo = RES(m, 2 * p), *hi = RES(m, 2 * p + 1), *e = TMP(m, 6 + p);
        for (unsigned i = 0; i < n; i++) {
            int ex = 0;
            double d = tgx_bits2d(((uint64_t)a.hi[0][i].u << 32) | a.lo[0][i].u);
            double f = frexp(d, &ex);
            uint64_t v = tgx_d2bits(f);
            lo[i].u = (uint32_t)v;
            hi[i].u = (uint32_t)(v >> 32);
            e[i].i = ex;
        }
        pair_store(m, in, 0, p, in->wmask);
        /* exponent of pair p goes to the p-th written channel of dst[1] */
        unsigned seen = 0;
        for (unsigned c = 0; c < 4; c++) {
            if (!(wm1 & (1u << c)))
                continue;
            if (seen++ == p)
                x_store_raw(m, in, 1, c, e);
        }
    }
}
