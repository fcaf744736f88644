/* tgx_case_compare's per-value rule (tgx/replay.h, docs/replay.md) on hand-made values: equal bits
 * where softpipe and llvmpipe agree; otherwise inside the interval the two span at that value,
 * and never farther from softpipe than the case's figure for the channel. Each check names the
 * rule it pins down, so a loosened comparison fails here. */
#include <math.h>
#include <string.h>

#include "tgx/replay.h"
#include "tgx/util.h"
#include "tgx_test.h"

static uint32_t fb(float f)
{
    return tgx_f2bits(f);
}

/* Compares one value v against softpipe s and llvmpipe l with the channel figure `limit`. */
static bool passes(tgx_case_type t, uint32_t v, uint32_t s, uint32_t l, double limit)
{
    tgx_case_result r;
    memset(&r, 0, sizeof r);
    r.width = r.height = r.channels = 1;
    r.type = t;
    r.max_abs_diff = limit;
    r.channel_max[0] = limit;
    uint32_t wv = v, ws = s, wl = l;
    tgx_tgxr got = {1, 1, 1, (uint16_t)t, &wv}, sp = {1, 1, 1, (uint16_t)t, &ws},
             lp = {1, 1, 1, (uint16_t)t, &wl};
    tgx_case_diff df;
    tgx_case_compare(&r, &got, &sp, &lp, &df);
    TGX_CHECK(df.values == 1 && df.bit_exact == (v == s) && df.outside == !df.pass,
              "counts for 0x%08x vs 0x%08x / 0x%08x", v, s, l);
    return df.pass;
}

static void floats(void)
{
    const tgx_case_type F = TGX_CASE_F32;
    /* drivers agree: only softpipe's bits pass, even a value "close" to it */
    TGX_CHECK(passes(F, fb(0.5f), fb(0.5f), fb(0.5f), 0.01), "equal bits pass");
    TGX_CHECK(!passes(F, fb(0.5f) + 1, fb(0.5f), fb(0.5f), 0.01), "one ulp off fails where the "
                                                                  "drivers agree");
    TGX_CHECK(!passes(F, 0x80000000u, 0, 0, 1.0), "-0 is not +0 where both drivers give +0");
    /* drivers differ: the interval [0.25, 0.75], ends included, nothing beyond */
    TGX_CHECK(passes(F, fb(0.5f), fb(0.25f), fb(0.75f), 1.0), "inside the interval");
    TGX_CHECK(passes(F, fb(0.75f), fb(0.25f), fb(0.75f), 1.0), "llvmpipe's own value");
    TGX_CHECK(passes(F, fb(0.25f), fb(0.75f), fb(0.25f), 1.0), "interval either way round");
    TGX_CHECK(!passes(F, fb(0.75f) + 1, fb(0.25f), fb(0.75f), 1.0), "one ulp past llvmpipe");
    TGX_CHECK(!passes(F, fb(0.25f) - 1, fb(0.25f), fb(0.75f), 1.0), "one ulp below softpipe");
    TGX_CHECK(!passes(F, fb(0.1f), fb(0.25f), fb(0.75f), 1.0), "far outside");
    /* the case's figure tightens: inside the interval but farther from softpipe than it */
    TGX_CHECK(!passes(F, fb(0.5f), fb(0.25f), fb(0.75f), 0.125), "beyond the channel figure");
    TGX_CHECK(passes(F, fb(0.375f), fb(0.25f), fb(0.75f), 0.125), "within the channel figure");
    TGX_CHECK(!passes(F, fb(0.75f), fb(0.25f), fb(0.75f), 0.0), "a figure of 0 demands bits");
    TGX_CHECK(!passes(F, 0x80000000u, 0, 0x80000000u, 0.0), "a figure of 0 demands +0's bits");
    /* signed zeros: [-0, +0] admits both */
    TGX_CHECK(passes(F, 0x80000000u, 0, 0x80000000u, 1.0), "-0 between +0 and -0");
    /* NaN: both NaN admits any NaN, nothing else; one NaN admits a NaN or the other's bits */
    TGX_CHECK(passes(F, 0x7fc00001u, 0x7fc00000u, 0xffc00000u, 0.0), "any NaN where both are");
    TGX_CHECK(!passes(F, fb(1.0f), 0x7fc00000u, 0xffc00000u, 1e30), "a number where both NaN");
    TGX_CHECK(passes(F, 0x7fc00000u, fb(1.0f), 0x7fc00000u, 0.0), "NaN where llvmpipe has NaN");
    TGX_CHECK(passes(F, fb(1.0f), 0x7fc00000u, fb(1.0f), 0.0), "llvmpipe's number where "
                                                               "softpipe has NaN");
    TGX_CHECK(!passes(F, fb(2.0f), 0x7fc00000u, fb(1.0f), 1e30), "another number where one is "
                                                                 "NaN");
    TGX_CHECK(!passes(F, 0x7fc00000u, fb(1.0f), fb(2.0f), 1e30), "NaN inside a numeric interval");
    /* infinities bound like numbers */
    TGX_CHECK(passes(F, fb(1e38f), fb(1e30f), fb(INFINITY), INFINITY), "below +inf");
    TGX_CHECK(!passes(F, fb(-INFINITY), fb(1e30f), fb(INFINITY), INFINITY), "-inf outside");
}

static void integers(void)
{
    /* uint32 as integers: [0, 0x3f800000] (alu_special_values pow(0,0): 1.0 vs 0 bits) */
    TGX_CHECK(passes(TGX_CASE_U32, 0x3f800000u, 0x3f800000u, 0, 1065353216.0), "softpipe");
    TGX_CHECK(passes(TGX_CASE_U32, 0, 0x3f800000u, 0, 1065353216.0), "llvmpipe");
    TGX_CHECK(!passes(TGX_CASE_U32, 0x3f800001u, 0x3f800000u, 0, 1065353216.0), "above");
    TGX_CHECK(!passes(TGX_CASE_U32, 0x80000000u, 7, 7, 1e30), "drivers agree on 7");
    /* int32 by signed value: [-2, 3] admits -1, not 0x80000000 (which is > 3 as unsigned) */
    TGX_CHECK(passes(TGX_CASE_I32, 0xffffffffu, 0xfffffffeu, 3, 10.0), "int32 -1 in [-2, 3]");
    TGX_CHECK(!passes(TGX_CASE_I32, 0x80000000u, 0xfffffffeu, 3, 1e30), "int32 INT_MIN outside");
}

static void shapes(void)
{
    tgx_case_result r;
    memset(&r, 0, sizeof r);
    r.width = 2, r.height = r.channels = 1, r.type = TGX_CASE_F32;
    uint32_t a[2] = {0, 0}, b[2] = {0, 0};
    tgx_tgxr got = {2, 1, 1, 0, a}, sp = {2, 1, 1, 0, b}, other = {1, 2, 1, 0, b};
    tgx_case_diff df;
    tgx_case_compare(&r, &got, &sp, NULL, &df);
    TGX_CHECK(df.pass && df.bit_exact == 2, "no llvmpipe: bit-exact passes");
    a[1] = 1;
    tgx_case_compare(&r, &got, &sp, NULL, &df);
    TGX_CHECK(!df.pass && df.outside == 1 && df.worst_x == 1 && df.worst_got == 1,
              "no llvmpipe: every value must be bit-exact");
    tgx_case_compare(&r, &got, &other, NULL, &df);
    TGX_CHECK(!df.pass && df.shape_mismatch, "a different shape fails");
    got.type = TGX_TGXR_U32;
    tgx_case_compare(&r, &got, &sp, NULL, &df);
    TGX_CHECK(!df.pass && df.shape_mismatch, "a different type fails");
}

/* The per-channel figure (max_abs_diff_per_channel) bounds its own channel: two channels with
 * the same softpipe / llvmpipe values and the same overall max_abs_diff, channel 1's figure
 * 0.125; 0.5 against softpipe's 0.25 passes in channel 0 (figure 1) and fails in channel 1. */
static void per_channel(void)
{
    tgx_case_result r;
    memset(&r, 0, sizeof r);
    r.width = r.height = 1;
    r.channels = 2;
    r.type = TGX_CASE_F32;
    r.max_abs_diff = 1.0;
    r.channel_max[0] = 1.0;
    r.channel_max[1] = 0.125;
    uint32_t v[2] = {fb(0.5f), fb(0.5f)}, s[2] = {fb(0.25f), fb(0.25f)},
             l[2] = {fb(0.75f), fb(0.75f)};
    tgx_tgxr got = {1, 1, 2, 0, v}, sp = {1, 1, 2, 0, s}, lp = {1, 1, 2, 0, l};
    tgx_case_diff df;
    tgx_case_compare(&r, &got, &sp, &lp, &df);
    TGX_CHECK(!df.pass && df.outside == 1 && df.worst_channel == 1,
              "channel 1's figure refuses 0.5 (outside %zu, channel %u)", df.outside,
              df.worst_channel);
    v[1] = fb(0.375f);
    tgx_case_compare(&r, &got, &sp, &lp, &df);
    TGX_CHECK(df.pass, "0.375 is within channel 1's 0.125");
    /* loaded from a case: the Mesa corpus's alu_trig gives channel w (3) 5.96e-8 and the others
     * 9.54e-7, the overall figure (its case.json) */
    tgx_case c;
    tgx_diag d;
    if (tgx_case_load(TGX_TEST_DATA "/corpus/alu_trig", &c, &d) != TGX_OK) {
        TGX_CHECK(0, "alu_trig: %s", d.message);
        return;
    }
    const tgx_case_result *res = &c.results[0];
    TGX_CHECK(res->max_abs_diff == 9.5367431640625e-07 &&
                  res->channel_max[0] == 9.5367431640625e-07 &&
                  res->channel_max[3] == 5.960464477539063e-08,
              "alu_trig's figures: %g %g %g", res->max_abs_diff, res->channel_max[0],
              res->channel_max[3]);
    tgx_case_free(&c);
}

int main(void)
{
    floats();
    integers();
    shapes();
    per_channel();
    return tgx_test_finish();
}
