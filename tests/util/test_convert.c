/* Float-to-int conversions saturate and map NaN to 0 (STYLE.md "Hard points"); half conversion
 * follows IEEE 754 binary16. Expected values come from the IEEE definitions. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "tgx/util.h"
#include "tgx_test.h"

static void test_f2i(void)
{
    TGX_CHECK(tgx_f2i_sat(NAN) == 0, "NaN -> 0");
    TGX_CHECK(tgx_f2i_sat(INFINITY) == INT32_MAX, "+inf saturates");
    TGX_CHECK(tgx_f2i_sat(-INFINITY) == INT32_MIN, "-inf saturates");
    TGX_CHECK(tgx_f2i_sat(3e9f) == INT32_MAX, "3e9 saturates");
    TGX_CHECK(tgx_f2i_sat(-2.7f) == -2, "truncates toward zero");
    TGX_CHECK(tgx_f2u_sat(-1.0f) == 0, "negative -> 0");
    TGX_CHECK(tgx_f2u_sat(5e9f) == UINT32_MAX, "5e9 saturates");
    TGX_CHECK(tgx_f2u_sat(4294967040.0f) == 4294967040u, "largest float below 2^32 is exact");
    TGX_CHECK(tgx_floor_to_i32(-0.5f) == -1, "floor(-0.5) = -1");
    TGX_CHECK(tgx_d2i64_sat(1e30) == INT64_MAX, "int64 saturates");
    TGX_CHECK(tgx_d2u64_sat(NAN) == 0, "NaN -> 0 (u64)");
}

static void test_half(void)
{
    TGX_CHECK(tgx_half_to_float(0x3c00) == 1.0f, "1.0");
    TGX_CHECK(tgx_half_to_float(0xc000) == -2.0f, "-2.0");
    TGX_CHECK(tgx_half_to_float(0x0001) == ldexpf(1.0f, -24), "smallest denormal");
    TGX_CHECK(tgx_half_to_float(0x7bff) == 65504.0f, "largest finite");
    TGX_CHECK(isinf(tgx_half_to_float(0x7c00)), "inf");
    TGX_CHECK(tgx_f2bits(tgx_half_to_float(0x7e01)) == 0x7fc02000u, "NaN payload kept");
    TGX_CHECK(tgx_float_to_half(65520.0f) == 0x7c00, "65520 rounds to inf (ties to even)");
    TGX_CHECK(tgx_float_to_half(ldexpf(1.0f, -25)) == 0x0000, "2^-25 ties to even zero");
    TGX_CHECK(tgx_float_to_half(ldexpf(3.0f, -25)) == 0x0002, "3*2^-25 ties to even 2");
    /* every half round-trips through float */
    int bad = 0;
    for (uint32_t h = 0; h < 0x10000; h++) {
        uint16_t back = tgx_float_to_half(tgx_half_to_float((uint16_t)h));
        int is_nan = ((h >> 10) & 0x1f) == 0x1f && (h & 0x3ff);
        if (!is_nan && back != h)
            bad++;
    }
    TGX_CHECK(bad == 0, "%d halves did not round-trip", bad);
}

/* tgx_parse_f32/f64: IEEE 754 binary32 limits (FLT_MAX 0x7f7fffff, smallest denormal 2^-149 =
 * 1.4e-45, half of it rounds to 0); out-of-range literals are refused, spelled-out inf/nan and
 * denormals are values. */
static void test_parse_float(void)
{
    float f = 1;
    double v = 1;
    const char *why = NULL;
    TGX_CHECK(tgx_parse_f32("1e999", &f, &why) == TGX_ERR_LIMIT && strstr(why, "inf") && f == 1,
              "1e999 refused, output untouched");
    TGX_CHECK(tgx_parse_f32("-3.5e38", &f, &why) == TGX_ERR_LIMIT &&
                  strstr(why, "too large for a 32-bit float"),
              "-3.5e38 refused as a float: %s", why);
    TGX_CHECK(tgx_parse_f32("1e-50", &f, &why) == TGX_ERR_LIMIT && strstr(why, "become 0"),
              "1e-50 refused");
    TGX_CHECK(tgx_parse_f32("0.7e-45", &f, &why) == TGX_ERR_LIMIT, "below half the denormal");
    TGX_CHECK(tgx_parse_f32("1e-45", &f, &why) == TGX_OK && tgx_f2bits(f) == 1u, "denormal kept");
    TGX_CHECK(tgx_parse_f32("3.4028235e38", &f, &why) == TGX_OK && tgx_f2bits(f) == 0x7f7fffffu,
              "FLT_MAX");
    TGX_CHECK(tgx_parse_f32("-inf", &f, &why) == TGX_OK && tgx_f2bits(f) == 0xff800000u, "-inf");
    TGX_CHECK(tgx_parse_f32("nan", &f, &why) == TGX_OK && f != f, "nan");
    TGX_CHECK(tgx_parse_f32("0e-999", &f, &why) == TGX_OK && f == 0, "a written zero is zero");
    TGX_CHECK(tgx_parse_f32("1.5x", &f, &why) == TGX_ERR_PARSE, "trailing text");
    TGX_CHECK(tgx_parse_f32("", &f, &why) == TGX_ERR_PARSE, "empty");
    TGX_CHECK(tgx_parse_f64("1e309", &v, &why) == TGX_ERR_LIMIT && strstr(why, "64-bit"),
              "1e309 refused as a double");
    TGX_CHECK(tgx_parse_f64("1e300", &v, &why) == TGX_OK && v == 1e300, "1e300 is a double");
    TGX_CHECK(tgx_parse_f64("1e-400", &v, NULL) == TGX_ERR_LIMIT, "1e-400 refused as a double");
}

int main(void)
{
    test_f2i();
    test_half();
    test_parse_float();
    return tgx_test_finish();
}
