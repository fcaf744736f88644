/* tgx_sampler_set: each key sets its own field and only that one (the key table of sampler.c),
 * GL's combined min filter names set the mip filter too (GL 4.6 table 8.20), a bad value is an
 * error that changes nothing, and an unknown key's message names every key. Expected values are
 * the GL names and enums the keys spell, not tgx's output. */
#include <string.h>

#include "tgx/tex.h"
#include "tgx_test.h"

/* key=value must succeed, and the sampler must differ from the default only where expect does
 * (expect: the default with the fields changed by hand; both made by tgx_sampler_init, which
 * clears the padding, and never copied, so memcmp compares the fields). */
static void check_sets(const char *key, const char *value, const tgx_sampler *expect)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    tgx_diag d;
    tgx_status st = tgx_sampler_set(&s, key, value, &d);
    TGX_CHECK(st == TGX_OK && memcmp(&s, expect, sizeof s) == 0, "%s=%s: status %d or fields", key,
              value, (int)st);
}

static void check_fields(void)
{
    tgx_sampler e;
#define EXPECT(stmt, key, value)                                                                   \
    do {                                                                                           \
        tgx_sampler_init(&e);                                                                      \
        stmt;                                                                                      \
        check_sets(key, value, &e);                                                                \
    } while (0)
    EXPECT(e.wrap_s = e.wrap_t = e.wrap_r = TGX_TEX_WRAP_CLAMP_TO_EDGE, "wrap", "clamp_to_edge");
    EXPECT(e.wrap_s = TGX_TEX_WRAP_MIRROR_REPEAT, "wrap_s", "mirrored_repeat");
    EXPECT(e.wrap_t = TGX_TEX_WRAP_CLAMP_TO_BORDER, "wrap_t", "clamp_to_border");
    EXPECT(e.wrap_r = TGX_TEX_WRAP_MIRROR_CLAMP, "wrap_r", "mirror_clamp");
    EXPECT((e.min_filter = TGX_TEX_FILTER_LINEAR, e.mip_filter = TGX_TEX_MIP_NEAREST), "min",
           "linear_mipmap_nearest");
    EXPECT((e.min_filter = TGX_TEX_FILTER_LINEAR, e.mip_filter = TGX_TEX_MIP_NONE), "min",
           "linear");
    EXPECT(e.mag_filter = TGX_TEX_FILTER_NEAREST, "mag", "nearest");
    EXPECT((e.mag_filter = TGX_TEX_FILTER_NEAREST, e.min_filter = TGX_TEX_FILTER_NEAREST), "filter",
           "nearest");
    EXPECT((e.mag_filter = TGX_TEX_FILTER_LINEAR, e.min_filter = TGX_TEX_FILTER_LINEAR), "filter",
           "linear");
    EXPECT(e.mip_filter = TGX_TEX_MIP_NONE, "mip", "none");
    EXPECT(e.max_anisotropy = 16, "aniso", "16");
    EXPECT(e.lod_bias = -1.5f, "lod_bias", "-1.5");
    EXPECT(e.min_lod = 2.0f, "min_lod", "2");
    EXPECT(e.max_lod = 0.25f, "max_lod", "0.25");
    EXPECT((e.compare_enable = true, e.compare_func = TGX_TEX_COMPARE_GREATER), "compare",
           "greater");
    EXPECT(e.compare_enable = false, "compare", "none");
    EXPECT((e.border_color[0] = 1, e.border_color[1] = 0.5f, e.border_color[2] = 0,
            e.border_color[3] = -2),
           "border", "1,0.5,0,-2");
    EXPECT((e.border_color_int[0] = 7, e.border_color_int[1] = 0xffffffffu,
            e.border_color_int[2] = 0x10, e.border_color_int[3] = 0),
           "border_int", "7,-1,0x10,0");
    EXPECT(e.normalized_coords = false, "normalized", "0");
    EXPECT(e.seamless_cube = false, "seamless", "off");
    EXPECT(e.profile = TGX_TEX_PROFILE_NV, "profile", "nv");
    EXPECT(e.lod_rule = TGX_TEX_LOD_SOFTPIPE, "lod_rule", "softpipe");
#undef EXPECT
}

/* A bad value: TGX_ERR_ARG, a message naming key=value, and the sampler as it was. */
static void check_refusals(void)
{
    static const char *const bad[][2] = {
        {"wrap", "clamped"}, {"wrap_t", ""},
        {"min", "bilinear"}, {"mag", "linear_mipmap"},
        {"filter", "cubic"}, {"mip", "on"},
        {"aniso", "0.5"},    {"aniso", "17"},
        {"lod_bias", "nan"}, {"min_lod", "1e999"},
        {"max_lod", "x"},    {"compare", "lesser"},
        {"border", "1,2,3"}, {"border_int", "1,2,3,4,5"},
        {"normalized", "2"}, {"seamless", "yes"},
        {"profile", "amd"},  {"lod_rule", "llvmpipe"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        tgx_sampler s, before;
        tgx_sampler_init(&s);
        s.wrap_s = TGX_TEX_WRAP_CLAMP; /* not all defaults, so a reset would show */
        s.border_color[2] = 0.75f;
        memcpy(&before, &s, sizeof s);
        tgx_diag d;
        tgx_status st = tgx_sampler_set(&s, bad[i][0], bad[i][1], &d);
        TGX_CHECK(st == TGX_ERR_ARG && strstr(d.message, bad[i][0]) &&
                      memcmp(&s, &before, sizeof s) == 0,
                  "%s=%s: status %d, message '%s', or the sampler changed", bad[i][0], bad[i][1],
                  (int)st, st < 0 ? d.message : "");
    }
}

static void check_unknown_key(void)
{
    tgx_sampler s, before;
    tgx_sampler_init(&s);
    memcpy(&before, &s, sizeof s);
    tgx_diag d;
    tgx_status st = tgx_sampler_set(&s, "wrap_q", "repeat", &d);
    TGX_CHECK(st == TGX_ERR_ARG && memcmp(&s, &before, sizeof s) == 0, "wrap_q: status %d",
              (int)st);
    TGX_CHECK(strstr(d.message,
                     "unknown sampler option 'wrap_q' (wrap, wrap_s, wrap_t, wrap_r, min, mag, "
                     "filter, mip, aniso, lod_bias, min_lod, max_lod, compare, border, "
                     "border_int, normalized, seamless, profile, lod_rule)") != NULL,
              "the message lists the keys: '%s'", d.message);
}

int main(void)
{
    check_fields();
    check_refusals();
    check_unknown_key();
    return tgx_test_finish();
}
