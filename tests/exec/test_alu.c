/* Every arithmetic opcode on four lanes of varied inputs. The expected value of each lane is
 * computed here from the spec's formula (docs/sources.md [TGSI]), or from the Mesa
 * tgsi_exec rule docs/exec.md names where the spec is silent, with plain C. */
#include <float.h>
#include <stdlib.h>

#include "exec_harness.h"

typedef struct v4 {
    uint32_t u[4];
} v4;

static float F(uint32_t u)
{
    return tgx_bits2f(u);
}

static uint32_t B(float f)
{
    return tgx_f2bits(f);
}

static int32_t S(uint32_t u)
{
    int32_t i;
    memcpy(&i, &u, 4);
    return i;
}

static uint32_t U(int64_t i)
{
    return (uint32_t)(uint64_t)i;
}

/* ---- input pools ---------------------------------------------------------------------------- */

static const float fpool[] = {1.5f,   -2.25f, 0.0f,  3.0f,   -0.0f, 0.75f,  100.0f, -7.5f,
                              0.125f, 2.0f,   -1.0f, 1e-3f,  5.5f,  -0.25f, 42.0f,  0.3f,
                              -3.5f,  9.0f,   0.6f,  -12.0f, 1.0f,  7.0f,   -0.75f, 2.5f};
static const uint32_t ipool[] = {0u,          1u,  0xffffffffu, 0x80000000u, 7u,          31u,
                                 32u,         33u, 0x7fffffffu, 12345u,      0xdeadbeefu, 3u,
                                 5u,          16u, 0x100u,      2u,          0xfffffff9u, 100u,
                                 0x12345678u, 8u,  4u,          0x55u,       0xfffe0000u, 9u};

static v4 input(unsigned reg, unsigned lane, int is_int)
{
    v4 v;
    for (unsigned c = 0; c < 4; c++) {
        unsigned k = (reg * 7 + lane * 5 + c * 3) % 24;
        v.u[c] = is_int ? ipool[k] : B(fpool[k]);
    }
    return v;
}

/* ---- references ----------------------------------------------------------------------------- */

typedef v4 (*reff)(v4 a, v4 b, v4 c, v4 d);

#define COMP(NAME, EXPR)                                                                           \
    static v4 NAME(v4 a, v4 b, v4 c, v4 d)                                                         \
    {                                                                                              \
        v4 r;                                                                                      \
        (void)a;                                                                                   \
        (void)b;                                                                                   \
        (void)c;                                                                                   \
        (void)d;                                                                                   \
        for (unsigned k = 0; k < 4; k++) {                                                         \
            uint32_t x = a.u[k], y = b.u[k], z = c.u[k], w = d.u[k];                               \
            (void)y;                                                                               \
            (void)z;                                                                               \
            (void)w;                                                                               \
            r.u[k] = (EXPR);                                                                       \
        }                                                                                          \
        return r;                                                                                  \
    }
#define REPL(NAME, EXPR)                                                                           \
    static v4 NAME(v4 a, v4 b, v4 c, v4 d)                                                         \
    {                                                                                              \
        (void)c;                                                                                   \
        (void)d;                                                                                   \
        uint32_t x = a.u[0], y = b.u[0];                                                           \
        (void)x;                                                                                   \
        (void)y;                                                                                   \
        uint32_t v = (EXPR);                                                                       \
        v4 r = {{v, v, v, v}};                                                                     \
        return r;                                                                                  \
    }

/* spec formulas, component-wise */
COMP(r_add, B(F(x) + F(y)))
COMP(r_sub, B(F(x) - F(y)))
COMP(r_mul, B(F(x) * F(y)))
COMP(r_div, B(F(x) / F(y)))
COMP(r_mad, B(F(x) * F(y) + F(z)))
COMP(r_lrp, B(F(x) * F(y) + (1.0f - F(x)) * F(z)))
COMP(r_min, B(F(x) < F(y) ? F(x) : F(y)))
COMP(r_max, B(F(x) > F(y) ? F(x) : F(y)))
COMP(r_slt, B(F(x) < F(y) ? 1.0f : 0.0f))
COMP(r_sge, B(F(x) >= F(y) ? 1.0f : 0.0f))
COMP(r_seq, B(F(x) == F(y) ? 1.0f : 0.0f))
COMP(r_sgt, B(F(x) > F(y) ? 1.0f : 0.0f))
COMP(r_sle, B(F(x) <= F(y) ? 1.0f : 0.0f))
COMP(r_sne, B(F(x) != F(y) ? 1.0f : 0.0f))
COMP(r_cmp, F(x) < 0.0f ? y : z)
COMP(r_cnd, F(z) > 0.5f ? x : y)
COMP(r_frc, B(F(x) - floorf(F(x))))
COMP(r_flr, B(floorf(F(x))))
COMP(r_ceil, B(ceilf(F(x))))
COMP(r_trunc, B(truncf(F(x))))
COMP(r_round, B(nearbyintf(F(x))))
COMP(r_abs, B(fabsf(F(x))))
COMP(r_ssg, B(F(x) > 0.0f ? 1.0f : (F(x) < 0.0f ? -1.0f : 0.0f)))
COMP(r_clamp, B(F(x) < F(y) ? F(y) : (F(x) > F(z) ? F(z) : F(x))))
COMP(r_mov, x)
COMP(r_fslt, F(x) < F(y) ? ~0u : 0u)
COMP(r_fsge, F(x) >= F(y) ? ~0u : 0u)
COMP(r_fseq, F(x) == F(y) ? ~0u : 0u)
COMP(r_fsne, F(x) != F(y) ? ~0u : 0u)
COMP(r_f2i, U((int64_t)truncf(F(x)))) /* pool values are in range */
COMP(r_f2u, F(x) <= 0.0f ? 0u : (uint32_t)truncf(F(x)))
COMP(r_arl, U((int64_t)floorf(F(x))))
COMP(r_arr, U((int64_t)floorf(F(x) + 0.5f)))
COMP(r_ldexp, B(F(x) * exp2f((float)S(y))))
/* replicated scalars */
REPL(r_rcp, B(1.0f / F(x)))
/* RSQ: 1/sqrt(x), NaN below 0 (Mesa 22.3 tgsi_exec micro_rsq; docs/errata.md) */
REPL(r_rsq, B(1.0f / sqrtf(F(x))))
REPL(r_sqrt, B(sqrtf(F(x))))
REPL(r_ex2, B(exp2f(F(x))))
REPL(r_lg2, B(log2f(F(x))))
REPL(r_pow, B(powf(F(x), F(y))))
REPL(r_cos, B(cosf(F(x))))
REPL(r_sin, B(sinf(F(x))))
REPL(r_sfl, B(0.0f))
REPL(r_str, B(1.0f))
/* integer ops */
COMP(r_i2f, B((float)S(x)))
COMP(r_u2f, B((float)x))
COMP(r_not, ~x)
COMP(r_and, x &y)
COMP(r_or, x | y)
COMP(r_xor, x ^ y)
COMP(r_shl, (uint32_t)((uint64_t)x << (y % 32u)))
COMP(r_ishr, U((int64_t)S(x) >> (y % 32u)))
COMP(r_ushr, (uint32_t)((uint64_t)x >> (y % 32u)))
COMP(r_uadd, (uint32_t)((uint64_t)x + y))
COMP(r_umul, (uint32_t)((uint64_t)x *y))
COMP(r_umad, (uint32_t)((uint64_t)x *y + z))
COMP(r_imul_hi,
     U(((int64_t)S(x) * S(y)) / 4294967296LL - (((int64_t)S(x) * S(y)) % 4294967296LL < 0)))
COMP(r_umul_hi, (uint32_t)(((uint64_t)x * y) >> 32))
COMP(r_udiv, y ? x / y : 0xffffffffu)
COMP(r_umod, y ? x % y : 0xffffffffu)
COMP(r_idiv, y == 0 ? 0u : U((int64_t)S(x) / S(y)))
COMP(r_mod, y == 0 ? 0xffffffffu : U((int64_t)S(x) % S(y)))
COMP(r_imax, S(x) > S(y) ? x : y)
COMP(r_imin, S(x) < S(y) ? x : y)
COMP(r_umax, x > y ? x : y)
COMP(r_umin, x < y ? x : y)
COMP(r_ineg, U(-(int64_t)S(x)))
COMP(r_iabs, U(llabs((int64_t)S(x))))
COMP(r_issg, S(x) > 0 ? 1u : (S(x) < 0 ? ~0u : 0u))
COMP(r_isge, S(x) >= S(y) ? ~0u : 0u)
COMP(r_islt, S(x) < S(y) ? ~0u : 0u)
COMP(r_useq, x == y ? ~0u : 0u)
COMP(r_usne, x != y ? ~0u : 0u)
COMP(r_usge, x >= y ? ~0u : 0u)
COMP(r_uslt, x < y ? ~0u : 0u)
COMP(r_ucmp, x ? y : z)
COMP(r_sad, (uint32_t)((x > y ? (uint64_t)x - y : (uint64_t)y - x) + z))
COMP(r_uarl, x)

/* Bit field ops: GLSL bitfieldExtract/Insert with tgsi_exec's masking of offset (5 bits) and of
 * width (a width of 32 at offset 0 is the whole word), written with 64-bit arithmetic. */
static uint32_t ref_bfe(uint32_t v, uint32_t off, uint32_t width, int sign)
{
    off %= 32u;
    if (width == 32 && off == 0)
        return v;
    width %= 32u;
    if (width == 0)
        return 0;
    if (off + width >= 32) {
        int64_t sv = sign ? (int64_t)S(v) : (int64_t)v;
        return U(sv >> off);
    }
    uint64_t field = ((uint64_t)v >> off) & ((1ull << width) - 1);
    if (sign && (field >> (width - 1)))
        field |= ~0ull << width;
    return (uint32_t)field;
}
COMP(r_ibfe, ref_bfe(x, y, z % 40u, 1))
COMP(r_ubfe, ref_bfe(x, y, z % 40u, 0))
static uint32_t ref_bfi(uint32_t base, uint32_t ins, uint32_t off, uint32_t width)
{
    off %= 32u;
    if (width >= 32)
        return ins;
    uint64_t mask = ((1ull << width) - 1) << off;
    return (uint32_t)((((uint64_t)ins << off) & mask) | (base & ~mask));
}
COMP(r_bfi, ref_bfi(x, y, z, w % 40u))
static uint32_t ref_brev(uint32_t v)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; i++)
        if (v & (1u << i))
            r |= 1u << (31 - i);
    return r;
}
static uint32_t ref_popc(uint32_t v)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; i++)
        r += (v >> i) & 1u;
    return r;
}
static uint32_t ref_lsb(uint32_t v)
{
    for (unsigned i = 0; i < 32; i++)
        if (v & (1u << i))
            return i;
    return ~0u;
}
static uint32_t ref_umsb(uint32_t v)
{
    for (int i = 31; i >= 0; i--)
        if (v & (1u << i))
            return (uint32_t)i;
    return ~0u;
}
COMP(r_brev, ref_brev(x))
COMP(r_popc, ref_popc(x))
COMP(r_lsb, ref_lsb(x))
COMP(r_umsb, ref_umsb(x))
COMP(r_imsb, ref_umsb(S(x) < 0 ? ~x : x))

/* Per-channel formulas. */
static v4 vec(float x, float y, float z, float w)
{
    v4 r = {{B(x), B(y), B(z), B(w)}};
    return r;
}
static v4 rep(float v)
{
    return vec(v, v, v, v);
}
#define A(k)  F(a.u[k])
#define Bv(k) F(b.u[k])
#define Cv(k) F(c.u[k])
static v4 r_dp2(v4 a, v4 b, v4 c, v4 d)
{
    (void)c, (void)d;
    return rep(A(0) * Bv(0) + A(1) * Bv(1));
}
static v4 r_dp3(v4 a, v4 b, v4 c, v4 d)
{
    (void)c, (void)d;
    return rep(A(0) * Bv(0) + A(1) * Bv(1) + A(2) * Bv(2));
}
static v4 r_dp4(v4 a, v4 b, v4 c, v4 d)
{
    (void)c, (void)d;
    return rep(A(0) * Bv(0) + A(1) * Bv(1) + A(2) * Bv(2) + A(3) * Bv(3));
}
static v4 r_dph(v4 a, v4 b, v4 c, v4 d)
{
    (void)c, (void)d;
    return rep(A(0) * Bv(0) + A(1) * Bv(1) + A(2) * Bv(2) + Bv(3));
}
static v4 r_dp2a(v4 a, v4 b, v4 c, v4 d)
{
    (void)d;
    return rep(A(0) * Bv(0) + A(1) * Bv(1) + Cv(0));
}
static v4 r_dst(v4 a, v4 b, v4 c, v4 d)
{
    (void)c, (void)d;
    return vec(1.0f, A(1) * Bv(1), A(2), Bv(3));
}
static v4 r_lit(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    float w = A(3) < -128.0f ? -128.0f : (A(3) > 128.0f ? 128.0f : A(3));
    float y = A(1) > 0.0f ? A(1) : 0.0f;
    return vec(1.0f, A(0) > 0.0f ? A(0) : 0.0f, A(0) > 0.0f ? powf(y, w) : 0.0f, 1.0f);
}
static v4 r_exp(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    return vec(exp2f(floorf(A(0))), A(0) - floorf(A(0)), exp2f(A(0)), 1.0f);
}
static v4 r_log(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    float l = log2f(fabsf(A(0)));
    return vec(floorf(l), fabsf(A(0)) / exp2f(floorf(l)), l, 1.0f);
}
static v4 r_xpd(v4 a, v4 b, v4 c, v4 d)
{
    (void)c, (void)d;
    return vec(A(1) * Bv(2) - Bv(1) * A(2), A(2) * Bv(0) - Bv(2) * A(0),
               A(0) * Bv(1) - Bv(0) * A(1), 1.0f);
}
static v4 r_scs(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    return vec(cosf(A(0)), sinf(A(0)), 0.0f, 1.0f);
}
/* NRM with the square root the spec's formula lacks (docs/errata.md). */
static v4 r_nrm(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    float l = sqrtf(A(0) * A(0) + A(1) * A(1) + A(2) * A(2));
    return vec(A(0) / l, A(1) / l, A(2) / l, 1.0f);
}
static v4 r_nrm4(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    float l = sqrtf(A(0) * A(0) + A(1) * A(1) + A(2) * A(2) + A(3) * A(3));
    return vec(A(0) / l, A(1) / l, A(2) / l, A(3) / l);
}
static v4 r_rfl(v4 a, v4 b, v4 c, v4 d)
{
    (void)c, (void)d;
    float d01 = A(0) * Bv(0) + A(1) * Bv(1) + A(2) * Bv(2);
    float d00 = A(0) * A(0) + A(1) * A(1) + A(2) * A(2);
    float f = 2.0f * d01 / d00;
    return vec(f * A(0) - Bv(0), f * A(1) - Bv(1), f * A(2) - Bv(2), 1.0f);
}
static v4 r_x2d(v4 a, v4 b, v4 c, v4 d)
{
    (void)d;
    float x = A(0) + Bv(0) * Cv(0) + Bv(1) * Cv(1);
    float y = A(1) + Bv(0) * Cv(2) + Bv(1) * Cv(3);
    return vec(x, y, x, y);
}
static v4 r_rcc(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    float r = 1.0f / A(0);
    float v =
        r > 0.0f
            ? (r < 5.42101e-020f ? 5.42101e-020f : (r > 1.884467e+019f ? 1.884467e+019f : r))
            : (r < -1.884467e+019f ? -1.884467e+019f : (r > -5.42101e-020f ? -5.42101e-020f : r));
    return rep(v);
}
/* Packing (spec: TBD; NV_fragment_program / tgsi_exec definitions, docs/exec.md). */
static uint32_t q16(float x)
{
    float cl = x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
    return (uint32_t)lrint((double)cl * 65535.0);
}
static uint32_t q8(float x)
{
    float cl = x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : x);
    return (uint32_t)lrint((double)cl * 255.0);
}
static v4 r_pk2h(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    uint32_t v = tgx_float_to_half(A(0)) | ((uint32_t)tgx_float_to_half(A(1)) << 16);
    v4 r = {{v, v, v, v}};
    return r;
}
static v4 r_pk2us(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    uint32_t v = q16(A(0)) | (q16(A(1)) << 16);
    v4 r = {{v, v, v, v}};
    return r;
}
static v4 r_pk4ub(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    uint32_t v = q8(A(0)) | (q8(A(1)) << 8) | (q8(A(2)) << 16) | (q8(A(3)) << 24);
    v4 r = {{v, v, v, v}};
    return r;
}
static v4 r_up2h(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    float lo = tgx_half_to_float((uint16_t)(a.u[0] & 0xffff));
    float hi = tgx_half_to_float((uint16_t)(a.u[0] >> 16));
    return vec(lo, hi, lo, hi);
}
static v4 r_up4ub(v4 a, v4 b, v4 c, v4 d)
{
    (void)b, (void)c, (void)d;
    uint32_t v = a.u[0];
    return vec((float)(v & 255) / 255.0f, (float)((v >> 8) & 255) / 255.0f,
               (float)((v >> 16) & 255) / 255.0f, (float)(v >> 24) / 255.0f);
}

typedef struct tcase {
    const char *op;
    unsigned nsrc;
    int is_int;
    reff ref;
    float tol; /* relative tolerance for transcendental functions; 0 = bit exact */
} tcase;

static const tcase cases[] = {
    {"ADD", 2, 0, r_add, 0},         {"SUB", 2, 0, r_sub, 0},         {"MUL", 2, 0, r_mul, 0},
    {"DIV", 2, 0, r_div, 0},         {"MAD", 3, 0, r_mad, 0},         {"LRP", 3, 0, r_lrp, 1e-5f},
    {"MIN", 2, 0, r_min, 0},         {"MAX", 2, 0, r_max, 0},         {"SLT", 2, 0, r_slt, 0},
    {"SGE", 2, 0, r_sge, 0},         {"SEQ", 2, 0, r_seq, 0},         {"SGT", 2, 0, r_sgt, 0},
    {"SLE", 2, 0, r_sle, 0},         {"SNE", 2, 0, r_sne, 0},         {"CMP", 3, 0, r_cmp, 0},
    {"CND", 3, 0, r_cnd, 0},         {"FRC", 1, 0, r_frc, 0},         {"FLR", 1, 0, r_flr, 0},
    {"CEIL", 1, 0, r_ceil, 0},       {"TRUNC", 1, 0, r_trunc, 0},     {"ROUND", 1, 0, r_round, 0},
    {"ABS", 1, 0, r_abs, 0},         {"SSG", 1, 0, r_ssg, 0},         {"CLAMP", 3, 0, r_clamp, 0},
    {"MOV", 1, 0, r_mov, 0},         {"FSLT", 2, 0, r_fslt, 0},       {"FSGE", 2, 0, r_fsge, 0},
    {"FSEQ", 2, 0, r_fseq, 0},       {"FSNE", 2, 0, r_fsne, 0},       {"F2I", 1, 0, r_f2i, 0},
    {"F2U", 1, 0, r_f2u, 0},         {"RCP", 1, 0, r_rcp, 0},         {"RSQ", 1, 0, r_rsq, 0},
    {"SQRT", 1, 0, r_sqrt, 0},       {"EX2", 1, 0, r_ex2, 2e-6f},     {"LG2", 1, 0, r_lg2, 2e-6f},
    {"POW", 2, 0, r_pow, 2e-6f},     {"COS", 1, 0, r_cos, 0},         {"SIN", 1, 0, r_sin, 0},
    {"SFL", 2, 0, r_sfl, 0},         {"STR", 2, 0, r_str, 0},         {"RCC", 1, 0, r_rcc, 0},
    {"DP2", 2, 0, r_dp2, 0},         {"DP3", 2, 0, r_dp3, 0},         {"DP4", 2, 0, r_dp4, 0},
    {"DPH", 2, 0, r_dph, 0},         {"DP2A", 3, 0, r_dp2a, 0},       {"DST", 2, 0, r_dst, 0},
    {"LIT", 1, 0, r_lit, 0},         {"EXP", 1, 0, r_exp, 2e-6f},     {"LOG", 1, 0, r_log, 2e-6f},
    {"XPD", 2, 0, r_xpd, 0},         {"SCS", 1, 0, r_scs, 0},         {"NRM", 1, 0, r_nrm, 2e-6f},
    {"NRM4", 1, 0, r_nrm4, 2e-6f},   {"RFL", 2, 0, r_rfl, 0},         {"X2D", 3, 0, r_x2d, 0},
    {"PK2H", 1, 0, r_pk2h, 0},       {"PK2US", 1, 0, r_pk2us, 0},     {"PK4UB", 1, 0, r_pk4ub, 0},
    {"UP2H", 1, 1, r_up2h, 0},       {"UP4UB", 1, 1, r_up4ub, 0},     {"I2F", 1, 1, r_i2f, 0},
    {"U2F", 1, 1, r_u2f, 0},         {"NOT", 1, 1, r_not, 0},         {"AND", 2, 1, r_and, 0},
    {"OR", 2, 1, r_or, 0},           {"XOR", 2, 1, r_xor, 0},         {"SHL", 2, 1, r_shl, 0},
    {"ISHR", 2, 1, r_ishr, 0},       {"SHR", 2, 1, r_ishr, 0},        {"USHR", 2, 1, r_ushr, 0},
    {"UADD", 2, 1, r_uadd, 0},       {"UMUL", 2, 1, r_umul, 0},       {"UMAD", 3, 1, r_umad, 0},
    {"IMUL_HI", 2, 1, r_imul_hi, 0}, {"UMUL_HI", 2, 1, r_umul_hi, 0}, {"UDIV", 2, 1, r_udiv, 0},
    {"UMOD", 2, 1, r_umod, 0},       {"IDIV", 2, 1, r_idiv, 0},       {"MOD", 2, 1, r_mod, 0},
    {"IMAX", 2, 1, r_imax, 0},       {"IMIN", 2, 1, r_imin, 0},       {"UMAX", 2, 1, r_umax, 0},
    {"UMIN", 2, 1, r_umin, 0},       {"INEG", 1, 1, r_ineg, 0},       {"IABS", 1, 1, r_iabs, 0},
    {"ISSG", 1, 1, r_issg, 0},       {"ISGE", 2, 1, r_isge, 0},       {"ISLT", 2, 1, r_islt, 0},
    {"USEQ", 2, 1, r_useq, 0},       {"USNE", 2, 1, r_usne, 0},       {"USGE", 2, 1, r_usge, 0},
    {"USLT", 2, 1, r_uslt, 0},       {"UCMP", 3, 1, r_ucmp, 0},       {"SAD", 3, 1, r_sad, 0},
    {"IBFE", 3, 1, r_ibfe, 0},       {"UBFE", 3, 1, r_ubfe, 0},       {"BFI", 4, 1, r_bfi, 0},
    {"ARL", 1, 0, r_arl, 0},         {"ARR", 1, 0, r_arr, 0},         {"LDEXP", 2, 0, r_ldexp, 0},
    {"BREV", 1, 1, r_brev, 0},       {"POPC", 1, 1, r_popc, 0},       {"LSB", 1, 1, r_lsb, 0},
    {"IMSB", 1, 1, r_imsb, 0},       {"UMSB", 1, 1, r_umsb, 0},       {"UARL", 1, 1, r_uarl, 0},
};

/* Inputs of the lanes; some opcodes take them in a narrower range to stay inside the
 * formula's domain (LDEXP exponents, bit-field widths, float-to-int). */
static v4 case_input(const tcase *t, unsigned reg, unsigned lane)
{
    v4 v = input(reg, lane, t->is_int);
    if (!strcmp(t->op, "IBFE") || !strcmp(t->op, "UBFE") || !strcmp(t->op, "BFI")) {
        unsigned wreg = !strcmp(t->op, "BFI") ? 3 : 2;
        if (reg == wreg)
            for (unsigned c = 0; c < 4; c++)
                v.u[c] %= 40u;
    }
    if (!strcmp(t->op, "LDEXP") && reg == 1)
        for (unsigned c = 0; c < 4; c++)
            v.u[c] = (uint32_t)((int)(ipool[(lane * 4 + c) % 24] % 9u) - 4); /* -4 .. 4 */
    return v;
}

static int close_enough(uint32_t got, uint32_t want, float tol)
{
    if (got == want)
        return 1;
    float g = F(got), w = F(want);
    if (isnan(g) && isnan(w))
        return 1;
    if (tol == 0.0f)
        return 0;
    return fabsf(g - w) <= tol * fmaxf(fabsf(w), 1e-30f) || fabsf(g - w) < 1e-30f;
}

static void run_case(const tcase *t)
{
    char text[1024];
    char srcs[128] = "";
    static const char *const names[4] = {", IN[0]", ", IN[1]", ", IN[2]", ", IN[3]"};
    for (unsigned s = 0; s < t->nsrc && s < 4; s++)
        strcat(srcs, names[s]);
    snprintf(text, sizeof(text),
             "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL IN[3]\nDCL OUT[0], GENERIC[0]\n"
             "  0: %s OUT[0]%s\n  1: END\n",
             t->op, srcs);
    xh h;
    if (!xh_open(&h, text, 4)) {
        fprintf(stderr, "  (opcode %s)\n", t->op);
        xh_close(&h);
        return;
    }
    v4 in[4][4];
    for (unsigned lane = 0; lane < 4; lane++)
        for (unsigned r = 0; r < 4; r++) {
            in[lane][r] = case_input(t, r, lane);
            xh_set_in_u(&h, r, lane, in[lane][r].u);
        }
    tgx_status st = tgx_exec_run_vertex(h.m, 4, &h.diag);
    TGX_CHECK(st == TGX_OK, "%s: run: %s", t->op, h.diag.message);
    for (unsigned lane = 0; lane < 4; lane++) {
        v4 want = t->ref(in[lane][0], in[lane][1], in[lane][2], in[lane][3]);
        for (unsigned c = 0; c < 4; c++) {
            uint32_t got = xh_out_u(&h, 0, c, lane);
            TGX_CHECK(close_enough(got, want.u[c], t->tol),
                      "%s lane %u .%c: got 0x%08x (%g), want 0x%08x (%g)", t->op, lane, "xyzw"[c],
                      got, F(got), want.u[c], F(want.u[c]));
        }
    }
    xh_close(&h);
}

/* Modifiers: abs then negate on float sources; integer negate on integer sources; saturate
 * clamps to [0, 1] with NaN -> 0 (spec "Modifiers"; tgsi_exec store_dest). */
static void test_modifiers(void)
{
    xh h;
    const char *text =
        "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
        "DCL OUT[2], GENERIC[2]\nDCL OUT[3], GENERIC[3]\n"
        "  0: MOV OUT[0], -|IN[0]|\n"
        "  1: ADD_SAT OUT[1], IN[0], IN[1]\n"
        "  2: UADD OUT[2], IN[1], -IN[1].yxwz\n"
        "  3: MOV OUT[3], |IN[0].wzyx|\n"
        "  4: END\n";
    if (!xh_open(&h, text, 4)) {
        xh_close(&h);
        return;
    }
    float a[4] = {-2.0f, 0.25f, -0.0f, 3.0f};
    uint32_t bi[4] = {5u, 7u, 0xffffffffu, 0x80000000u};
    xh_set_in_f(&h, 0, 0, a[0], a[1], a[2], a[3]);
    tgx_exec_input(h.m, 0, 0)[1].f = NAN; /* lane 1: x = NaN */
    for (unsigned c = 1; c < 4; c++)
        tgx_exec_input(h.m, 0, c)[1].f = a[c];
    for (unsigned l = 0; l < 2; l++)
        xh_set_in_u(&h, 1, l, bi);
    TGX_CHECK(tgx_exec_run_vertex(h.m, 2, &h.diag) == TGX_OK, "run: %s", h.diag.message);
    for (unsigned c = 0; c < 4; c++) {
        TGX_CHECK(xh_out_f(&h, 0, c, 0) == -fabsf(a[c]) && signbit(xh_out_f(&h, 0, c, 0)),
                  "-|x| .%c = %g", "xyzw"[c], xh_out_f(&h, 0, c, 0));
        float s = a[c] + F(bi[c]);
        float want = isnan(s) ? 0.0f : (s < 0.0f ? 0.0f : (s > 1.0f ? 1.0f : s));
        TGX_CHECK(xh_out_f(&h, 1, c, 0) == want, "ADD_SAT .%c = %g, want %g", "xyzw"[c],
                  xh_out_f(&h, 1, c, 0), want);
        static const unsigned yxwz[4] = {1, 0, 3, 2};
        uint32_t wu = bi[c] + (0u - bi[yxwz[c]]);
        TGX_CHECK(xh_out_u(&h, 2, c, 0) == wu, "UADD with -src .%c = 0x%x, want 0x%x", "xyzw"[c],
                  xh_out_u(&h, 2, c, 0), wu);
        TGX_CHECK(xh_out_f(&h, 3, c, 0) == fabsf(a[3 - c]), "|x|.wzyx");
    }
    /* NaN + 7e-45 saturates to 0 */
    TGX_CHECK(xh_fbits(xh_out_f(&h, 1, 0, 1)) == 0, "ADD_SAT of NaN = %g, want 0",
              xh_out_f(&h, 1, 0, 1));
    xh_close(&h);
}

/* Special values: division by zero, sqrt(-1), log(0), NaN through MIN/MAX, float->int of NaN
 * and out-of-range values (util.h: NaN -> 0, saturate), integer division edge cases. */
static void test_special_values(void)
{
    xh h;
    const char *text =
        "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
        "DCL OUT[2], GENERIC[2]\nDCL OUT[3], GENERIC[3]\nDCL OUT[4], GENERIC[4]\n"
        "  0: DIV OUT[0].x, IN[0].xxxx, IN[0].yyyy\n"
        "  1: SQRT OUT[0].y, IN[0].zzzz\n"
        "  2: LG2 OUT[0].z, IN[0].yyyy\n"
        "  3: RSQ OUT[0].w, IN[0].yyyy\n"
        "  4: MIN OUT[1].x, IN[0].wwww, IN[0].xxxx\n"
        "  5: MAX OUT[1].y, IN[0].xxxx, IN[0].wwww\n"
        "  6: F2I OUT[2], IN[1]\n"
        "  7: F2U OUT[3], IN[1]\n"
        "  8: IDIV OUT[4].x, IN[0].xxxx, IN[0].xxxx\n"
        "  9: POW OUT[1].z, IN[0].yyyy, IN[0].yyyy\n"
        " 10: END\n";
    if (!xh_open(&h, text, 4)) {
        xh_close(&h);
        return;
    }
    xh_set_in_f(&h, 0, 0, 1.0f, 0.0f, -1.0f, NAN);
    xh_set_in_f(&h, 1, 0, NAN, 3e9f, -3e9f, -2.5f);
    TGX_CHECK(tgx_exec_run_vertex(h.m, 1, &h.diag) == TGX_OK, "run: %s", h.diag.message);
    TGX_CHECK(isinf(xh_out_f(&h, 0, 0, 0)) && xh_out_f(&h, 0, 0, 0) > 0, "1/0 = +inf");
    TGX_CHECK(isnan(xh_out_f(&h, 0, 1, 0)), "sqrt(-1) = NaN");
    TGX_CHECK(isinf(xh_out_f(&h, 0, 2, 0)) && xh_out_f(&h, 0, 2, 0) < 0, "lg2(0) = -inf");
    TGX_CHECK(isinf(xh_out_f(&h, 0, 3, 0)) && xh_out_f(&h, 0, 3, 0) > 0, "rsq(0) = +inf");
    /* tgsi_exec's MIN/MAX are fminf/fmaxf: NaN yields the other operand */
    TGX_CHECK(xh_out_f(&h, 1, 0, 0) == 1.0f, "min(NaN, 1) = %g", xh_out_f(&h, 1, 0, 0));
    TGX_CHECK(xh_out_f(&h, 1, 1, 0) == 1.0f, "max(1, NaN) = %g", xh_out_f(&h, 1, 1, 0));
    TGX_CHECK(xh_out_f(&h, 1, 2, 0) == 1.0f, "pow(0, 0) = 1 as softpipe");
    TGX_CHECK(xh_out_u(&h, 2, 0, 0) == 0, "F2I(NaN) = 0");
    TGX_CHECK(xh_out_u(&h, 2, 1, 0) == 0x7fffffffu, "F2I(3e9) saturates");
    TGX_CHECK(xh_out_u(&h, 2, 2, 0) == 0x80000000u, "F2I(-3e9) saturates");
    TGX_CHECK(xh_out_u(&h, 2, 3, 0) == 0xfffffffeu, "F2I(-2.5) = -2");
    TGX_CHECK(xh_out_u(&h, 3, 0, 0) == 0, "F2U(NaN) = 0");
    TGX_CHECK(xh_out_u(&h, 3, 1, 0) == 3000000000u, "F2U(3e9)");
    TGX_CHECK(xh_out_u(&h, 3, 2, 0) == 0, "F2U(-3e9) = 0");
    xh_close(&h);

    /* integer division corner cases: INT_MIN / -1 wraps, x % 0 = ~0 */
    text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\n"
           "  0: IDIV OUT[0].x, IN[0].xxxx, IN[0].yyyy\n"
           "  1: MOD OUT[0].y, IN[0].xxxx, IN[0].yyyy\n"
           "  2: MOD OUT[0].z, IN[0].xxxx, IN[0].zzzz\n"
           "  3: UDIV OUT[0].w, IN[0].xxxx, IN[0].zzzz\n"
           "  4: END\n";
    if (!xh_open(&h, text, 4)) {
        xh_close(&h);
        return;
    }
    uint32_t v[4] = {0x80000000u, 0xffffffffu, 0u, 0u};
    xh_set_in_u(&h, 0, 0, v);
    TGX_CHECK(tgx_exec_run_vertex(h.m, 1, &h.diag) == TGX_OK, "run");
    TGX_CHECK(xh_out_u(&h, 0, 0, 0) == 0x80000000u, "INT_MIN / -1 wraps");
    TGX_CHECK(xh_out_u(&h, 0, 1, 0) == 0u, "INT_MIN %% -1 = 0");
    TGX_CHECK(xh_out_u(&h, 0, 2, 0) == 0xffffffffu, "MOD by 0 = ~0");
    TGX_CHECK(xh_out_u(&h, 0, 3, 0) == 0xffffffffu, "UDIV by 0 = ~0");
    xh_close(&h);
}

/* TGX_EXEC_F2I_X86: the conversions softpipe/llvmpipe make on x86-64. Expected values: SSE's
 * cvttps2dq / cvttpd2dq give 0x80000000 ("integer indefinite", Intel SDM) for NaN and values
 * outside int32; an unsigned conversion is x >= 2^31 ? cvtt(x - 2^31) ^ 2^31 : cvtt(x). The
 * corpus case alu_special_values (softpipe.u32) shows F2I(3e9) = F2U(-3e9) = 0x80000000. */
static void test_x86_rule(void)
{
    xh h;
    const char *text = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], GENERIC[0]\n"
                       "DCL OUT[1], GENERIC[1]\nDCL OUT[2], GENERIC[2]\nDCL OUT[3], GENERIC[3]\n"
                       "DCL OUT[4], GENERIC[4]\n"
                       "  0: F2I OUT[0], IN[0]\n"
                       "  1: F2U OUT[1], IN[0]\n"
                       "  2: F2U OUT[2], IN[1]\n"
                       "  3: ARL OUT[3], IN[1]\n"
                       "  4: D2I OUT[4].x, IN[0]\n"
                       "  5: END\n";
    if (!xh_open(&h, text, 4)) {
        xh_close(&h);
        return;
    }
    tgx_exec_set_f2i_rule(h.m, TGX_EXEC_F2I_X86);
    xh_set_in_f(&h, 0, 0, NAN, 3e9f, -3e9f, -1.5f);
    xh_set_in_f(&h, 1, 0, 5e9f, 4294967040.0f, 2147483648.0f, -2147483904.0f);
    /* D2I reads IN[0].xy as a double: 1e10 is out of int32 range */
    uint64_t dbits = tgx_d2bits(1e10);
    tgx_exec_input(h.m, 0, 0)[1].u = (uint32_t)dbits;
    tgx_exec_input(h.m, 0, 1)[1].u = (uint32_t)(dbits >> 32);
    TGX_CHECK(tgx_exec_run_vertex(h.m, 2, &h.diag) == TGX_OK, "run: %s", h.diag.message);
    static const uint32_t f2i[4] = {0x80000000u, 0x80000000u, 0x80000000u, 0xffffffffu};
    static const uint32_t f2u[4] = {0x80000000u, 3000000000u, 0x80000000u, 0xffffffffu};
    /* 5e9 - 2^31 is still outside int32: indefinite ^ 2^31 = 0 */
    static const uint32_t f2u_hi[4] = {0u, 4294967040u, 0x80000000u, 0x80000000u};
    for (unsigned c = 0; c < 4; c++) {
        TGX_CHECK(xh_out_u(&h, 0, c, 0) == f2i[c], "x86 F2I[%u] = %08x", c, xh_out_u(&h, 0, c, 0));
        TGX_CHECK(xh_out_u(&h, 1, c, 0) == f2u[c], "x86 F2U[%u] = %08x", c, xh_out_u(&h, 1, c, 0));
        TGX_CHECK(xh_out_u(&h, 2, c, 0) == f2u_hi[c], "x86 F2U hi[%u] = %08x", c,
                  xh_out_u(&h, 2, c, 0));
    }
    TGX_CHECK(xh_out_u(&h, 3, 0, 0) == 0x80000000u, "x86 ARL(5e9) = indefinite");
    TGX_CHECK(xh_out_u(&h, 3, 3, 0) == 0x80000000u, "x86 ARL(-2^31 - 256) = indefinite");
    TGX_CHECK(xh_out_u(&h, 4, 0, 1) == 0x80000000u, "x86 D2I(1e10) = %08x", xh_out_u(&h, 4, 0, 1));
    /* back to the default rule on the same machine: saturation */
    tgx_exec_set_f2i_rule(h.m, TGX_EXEC_F2I_SATURATE);
    TGX_CHECK(tgx_exec_run_vertex(h.m, 2, &h.diag) == TGX_OK, "run");
    TGX_CHECK(xh_out_u(&h, 0, 0, 0) == 0u && xh_out_u(&h, 0, 1, 0) == 0x7fffffffu,
              "saturating F2I after the x86 rule");
    TGX_CHECK(xh_out_u(&h, 1, 2, 0) == 0u, "saturating F2U(-3e9) = 0");
    TGX_CHECK(xh_out_u(&h, 4, 0, 1) == 0x7fffffffu, "saturating D2I(1e10)");
    xh_close(&h);
}

/* ARL + indirect addressing: reads outside the file give 0, writes outside are dropped. */
static void test_indirect(void)
{
    xh h;
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
                       "DCL TEMP[0..3]\nDCL ADDR[0]\n"
                       "IMM[0] FLT32 {10.0, 20.0, 30.0, 40.0}\n"
                       "  0: MOV TEMP[0], IMM[0].xxxx\n"
                       "  1: MOV TEMP[1], IMM[0].yyyy\n"
                       "  2: MOV TEMP[2], IMM[0].zzzz\n"
                       "  3: MOV TEMP[3], IMM[0].wwww\n"
                       "  4: ARL ADDR[0].x, IN[0].xxxx\n"
                       "  5: MOV OUT[0], TEMP[ADDR[0].x+1]\n"
                       "  6: MOV TEMP[ADDR[0].x], IMM[0].xxxx\n"
                       "  7: ADD OUT[1], TEMP[0], TEMP[3]\n"
                       "  8: END\n";
    if (!xh_open(&h, text, 4)) {
        xh_close(&h);
        return;
    }
    /* ARL floors: 1.7 -> 1, -0.5 -> -1, 2.0 -> 2, 7.9 -> 7 */
    float a[4] = {1.7f, -0.5f, 2.0f, 7.9f};
    for (unsigned l = 0; l < 4; l++)
        xh_set_in_f(&h, 0, l, a[l], 0, 0, 0);
    TGX_CHECK(tgx_exec_run_vertex(h.m, 4, &h.diag) == TGX_OK, "run");
    float want0[4] = {30.0f, 10.0f, 40.0f, 0.0f}; /* TEMP[2], TEMP[0], TEMP[3], outside -> 0 */
    float want1[4] = {50.0f, 50.0f, 50.0f, 50.0f};
    want1[3] = 10.0f + 40.0f;
    want1[2] = 10.0f + 40.0f;
    for (unsigned l = 0; l < 4; l++) {
        TGX_CHECK(xh_out_f(&h, 0, 1, l) == want0[l], "lane %u: TEMP[ADDR+1] = %g, want %g", l,
                  xh_out_f(&h, 0, 1, l), want0[l]);
        TGX_CHECK(xh_out_f(&h, 1, 0, l) == want1[l], "lane %u: TEMP[0]+TEMP[3] = %g, want %g", l,
                  xh_out_f(&h, 1, 0, l), want1[l]);
    }
    xh_close(&h);
}

int main(void)
{
    for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
        run_case(&cases[i]);
    test_modifiers();
    test_special_values();
    test_x86_rule();
    test_indirect();
    return tgx_test_finish();
}
