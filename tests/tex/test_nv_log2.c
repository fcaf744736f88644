/* The nv profile's fixed-point log2 of a gradient length (tex_nv_log2_fixed, src/tex/nv.c):
 * exponent * 256 + T[m], m the mantissa truncated to 8 bits and T the hardware's table
 * (tex/nv_log2.def, read from the H100 probes). Subnormal lengths are normalised first, so a
 * power of two 2^k gives exactly k * 256 (T[0] = 0) wherever it lies, and 1.5 * 2^k gives
 * k * 256 + T[128]. No probe reaches a subnormal length (the LOD would be far below any level),
 * so the rule is checked here directly: an exponent off by one there changed no sampled value. */
#include <math.h>

#include "tex/sampling.h"
#include "tgx/util.h"
#include "tgx_test.h"

int main(void)
{
    /* T[128] from the table, found through a normal number: log2(1.5) in the table's 8.8 */
    const int32_t t128 = tex_nv_log2_fixed(1.5f);
    TGX_CHECK(t128 == 150, "T[128] = %d (nv_log2.def row 9 starts with 150)", (int)t128);
    for (int k = -149; k <= 20; k++) {
        float p = ldexpf(1.0f, k);
        int32_t got = tex_nv_log2_fixed(p);
        TGX_CHECK(got == k * 256, "log2(2^%d) = %d, want %d", k, (int)got, k * 256);
        if (k <= -149 || k >= 20)
            continue;
        /* 1.5 * 2^k: exact in binary32 for every k above the smallest subnormal */
        float q = ldexpf(1.5f, k);
        got = tex_nv_log2_fixed(q);
        TGX_CHECK(got == k * 256 + t128, "log2(1.5 * 2^%d) = %d, want %d", k, (int)got,
                  k * 256 + (int)t128);
    }
    /* the largest subnormal, (1 - 2^-23) * 2^-126: mantissa all ones, T[255] of octave -127 */
    float big = tgx_bits2f(0x007fffffu);
    TGX_CHECK(tex_nv_log2_fixed(big) == -127 * 256 + tex_nv_log2_fixed(1.99999988f),
              "largest subnormal: %d", (int)tex_nv_log2_fixed(big));
    return tgx_test_finish();
}
