/* Conversions with the behaviour GPUs have where C's is undefined: NaN -> 0, saturation; and
 * reading floats without their silent overflow to inf or underflow to 0. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "tgx/util.h"

int32_t tgx_f2i_sat(float f)
{
    return tgx_d2i_sat((double)f);
}

uint32_t tgx_f2u_sat(float f)
{
    return tgx_d2u_sat((double)f);
}

int32_t tgx_d2i_sat(double d)
{
    if (isnan(d))
        return 0;
    if (d >= 2147483647.0)
        return INT32_MAX;
    if (d <= -2147483648.0)
        return INT32_MIN;
    return (int32_t)d;
}

uint32_t tgx_d2u_sat(double d)
{
    if (isnan(d) || d <= 0.0)
        return 0;
    if (d >= 4294967295.0)
        return UINT32_MAX;
    return (uint32_t)d;
}

int64_t tgx_d2i64_sat(double d)
{
    if (isnan(d))
        return 0;
    if (d >= 9223372036854775807.0) /* 2^63: the double nearest INT64_MAX */
        return INT64_MAX;
    if (d <= -9223372036854775808.0)
        return INT64_MIN;
    return (int64_t)d;
}

uint64_t tgx_d2u64_sat(double d)
{
    if (isnan(d) || d <= 0.0)
        return 0;
    if (d >= 18446744073709551615.0) /* 2^64 */
        return UINT64_MAX;
    return (uint64_t)d;
}

int32_t tgx_floor_to_i32(float f)
{
    return tgx_d2i_sat(floor((double)f));
}

float tgx_half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000u) << 16;
    uint32_t exp = (h >> 10) & 0x1fu;
    uint32_t man = h & 0x3ffu;
    if (exp == 0x1f) /* Inf/NaN: keep the payload in the top mantissa bits */
        return tgx_bits2f(sign | 0x7f800000u | (man << 13));
    if (exp == 0) {
        /* zero or denormal: value = man * 2^-24, exact in float */
        float v = ldexpf((float)man, -24);
        return sign ? -v : v;
    }
    return tgx_bits2f(sign | ((exp + 112u) << 23) | (man << 13));
}

uint16_t tgx_float_to_half(float f)
{
    uint32_t u = tgx_f2bits(f);
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000u);
    uint32_t exp = (u >> 23) & 0xffu;
    uint32_t man = u & 0x7fffffu;
    if (exp == 0xff) /* Inf or NaN (quiet the NaN, keep top payload bits) */
        return (uint16_t)(sign | 0x7c00u | (man ? 0x200u | (man >> 13) : 0));
    int e = (int)exp - 127 + 15;
    if (e >= 31)
        return (uint16_t)(sign | 0x7c00u);
    if (e <= 0) {
        if (e < -10)
            return sign; /* rounds to zero */
        man |= 0x800000u;
        unsigned shift = (unsigned)(14 - e);
        uint32_t half = man >> shift;
        uint32_t rem = man & ((1u << shift) - 1);
        uint32_t mid = 1u << (shift - 1);
        if (rem > mid || (rem == mid && (half & 1)))
            half++;
        return (uint16_t)(sign | half);
    }
    uint32_t half = ((uint32_t)e << 10) | (man >> 13);
    uint32_t rem = man & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (half & 1)))
        half++; /* may carry into the exponent, which is the right result */
    return (uint16_t)(sign | half);
}

/* The one overflow policy of tgx (docs/tgsi.md, "Numbers"): a number written in the text that
 * the type cannot hold is refused, never turned into inf or 0 in silence. inf, -inf and nan
 * spelled out are values like any other; a literal that rounds to a denormal is kept (it is
 * not 0). C's strtof/strtod set ERANGE on overflow (result +-HUGE_VALF) and on underflow. */
static tgx_status range_problem(int is_inf, int is_zero, const char **why, int k)
{
    /* [0] 32-bit, [1] 64-bit */
    static const char *const big[] = {"is too large for a 32-bit float (it would become inf; "
                                      "write inf for infinity)",
                                      "is too large for a 64-bit float (it would become inf; "
                                      "write inf for infinity)"};
    static const char *const small[] = {"is too small for a 32-bit float (it would become 0)",
                                        "is too small for a 64-bit float (it would become 0)"};
    if (is_inf)
        *why = big[k];
    else if (is_zero)
        *why = small[k];
    else
        return TGX_OK;
    return TGX_ERR_LIMIT;
}

/* tgx_parse_f32 and tgx_parse_f64: one body, each with its own strto* (strtof rounds the text
 * once; (float)strtod would round twice). k: range_problem's 0 (32-bit) or 1 (64-bit). */
#define PARSE_FLOAT(NAME, TYPE, STRTO, K)                                                          \
    tgx_status NAME(const char *text, TYPE *out, const char **why)                                 \
    {                                                                                              \
        const char *dummy;                                                                         \
        char *end;                                                                                 \
        why = why ? why : &dummy;                                                                  \
        errno = 0;                                                                                 \
        TYPE v = STRTO(text, &end);                                                                \
        if (end == text || *end) {                                                                 \
            *why = "is not a number";                                                              \
            return TGX_ERR_PARSE;                                                                  \
        }                                                                                          \
        if (errno == ERANGE && range_problem(isinf(v), v == 0, why, K) != TGX_OK)                  \
            return TGX_ERR_LIMIT;                                                                  \
        *out = v;                                                                                  \
        return TGX_OK;                                                                             \
    }
PARSE_FLOAT(tgx_parse_f32, float, strtof, 0)
PARSE_FLOAT(tgx_parse_f64, double, strtod, 1)
#undef PARSE_FLOAT
