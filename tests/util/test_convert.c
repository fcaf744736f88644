/* Float-to-int conversions saturate and map NaN to 0 (STYLE.md "Hard points"); half conversion
 * follows IEEE 754 binary16. Expected values come from the IEEE definitions. */
#include <math.h>
#include <stdint.h>

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

int main(void)
{
    test_f2i();
    test_half();
    return tgx_test_finish();
}
