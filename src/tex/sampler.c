/* Sampler state: GL defaults and "key=value" settings for the CLI and case files. */
#include <stdlib.h>
#include <string.h>

#include "tex/tex_internal.h"
#include "tgx/util.h"

void tgx_sampler_init(tgx_sampler *s)
{
    memset(s, 0, sizeof *s);
    s->wrap_s = s->wrap_t = s->wrap_r = TGX_TEX_WRAP_REPEAT;
    s->min_filter = TGX_TEX_FILTER_NEAREST; /* GL default NEAREST_MIPMAP_LINEAR */
    s->mip_filter = TGX_TEX_MIP_LINEAR;
    s->mag_filter = TGX_TEX_FILTER_LINEAR;
    s->max_anisotropy = 1;
    s->min_lod = -1000.0f;
    s->max_lod = 1000.0f;
    s->compare_func = TGX_TEX_COMPARE_LEQUAL;
    s->normalized_coords = true;
    s->seamless_cube = true;
    s->profile = TGX_TEX_PROFILE_EXACT;
    s->lod_rule = TGX_TEX_LOD_GL;
}

typedef struct name_value {
    const char *name;
    int value;
} name_value;

static const name_value wrap_names[] = {
    {"repeat", TGX_TEX_WRAP_REPEAT},
    {"clamp", TGX_TEX_WRAP_CLAMP},
    {"clamp_to_edge", TGX_TEX_WRAP_CLAMP_TO_EDGE},
    {"clamp_to_border", TGX_TEX_WRAP_CLAMP_TO_BORDER},
    {"mirror_repeat", TGX_TEX_WRAP_MIRROR_REPEAT},
    {"mirrored_repeat", TGX_TEX_WRAP_MIRROR_REPEAT},
    {"mirror_clamp", TGX_TEX_WRAP_MIRROR_CLAMP},
    {"mirror_clamp_to_edge", TGX_TEX_WRAP_MIRROR_CLAMP_TO_EDGE},
    {"mirror_clamp_to_border", TGX_TEX_WRAP_MIRROR_CLAMP_TO_BORDER},
    {NULL, 0},
};

static const name_value filter_names[] = {
    {"nearest", TGX_TEX_FILTER_NEAREST},
    {"linear", TGX_TEX_FILTER_LINEAR},
    {NULL, 0},
};

static const name_value mip_names[] = {
    {"none", TGX_TEX_MIP_NONE},
    {"nearest", TGX_TEX_MIP_NEAREST},
    {"linear", TGX_TEX_MIP_LINEAR},
    {NULL, 0},
};

static const name_value compare_names[] = {
    {"never", TGX_TEX_COMPARE_NEVER},
    {"less", TGX_TEX_COMPARE_LESS},
    {"equal", TGX_TEX_COMPARE_EQUAL},
    {"lequal", TGX_TEX_COMPARE_LEQUAL},
    {"greater", TGX_TEX_COMPARE_GREATER},
    {"notequal", TGX_TEX_COMPARE_NOTEQUAL},
    {"gequal", TGX_TEX_COMPARE_GEQUAL},
    {"always", TGX_TEX_COMPARE_ALWAYS},
    {NULL, 0},
};

static const name_value profile_names[] = {
    {"exact", TGX_TEX_PROFILE_EXACT},
    {"nv", TGX_TEX_PROFILE_NV},
    {NULL, 0},
};

static const name_value lod_rule_names[] = {
    {"gl", TGX_TEX_LOD_GL},
    {"softpipe", TGX_TEX_LOD_SOFTPIPE},
    {NULL, 0},
};

static const name_value bool_names[] = {
    {"0", 0}, {"1", 1}, {"false", 0}, {"true", 1}, {"off", 0}, {"on", 1}, {NULL, 0},
};

static bool lookup(const name_value *t, const char *v, int *out)
{
    for (; t->name; t++) {
        if (strcmp(t->name, v) == 0) {
            *out = t->value;
            return true;
        }
    }
    return false;
}

/* GL's combined min filter names (GL 4.6 table 8.20) set min + mip together. */
static bool lookup_gl_min(const char *v, tgx_sampler *s)
{
    static const struct {
        const char *name;
        tgx_tex_filter min;
        tgx_tex_mip_filter mip;
    } t[] = {
        {"nearest_mipmap_nearest", TGX_TEX_FILTER_NEAREST, TGX_TEX_MIP_NEAREST},
        {"linear_mipmap_nearest", TGX_TEX_FILTER_LINEAR, TGX_TEX_MIP_NEAREST},
        {"nearest_mipmap_linear", TGX_TEX_FILTER_NEAREST, TGX_TEX_MIP_LINEAR},
        {"linear_mipmap_linear", TGX_TEX_FILTER_LINEAR, TGX_TEX_MIP_LINEAR},
        {"nearest", TGX_TEX_FILTER_NEAREST, TGX_TEX_MIP_NONE},
        {"linear", TGX_TEX_FILTER_LINEAR, TGX_TEX_MIP_NONE},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        if (strcmp(t[i].name, v) == 0) {
            s->min_filter = t[i].min;
            s->mip_filter = t[i].mip;
            return true;
        }
    }
    return false;
}

/* A number a float cannot hold (1e999, 1e-999) is refused like text (tgx_parse_f32), never
 * turned into inf or 0; inf and nan spelled out are read (each key says which it takes). */
static bool parse_float(const char *v, float *out)
{
    return tgx_parse_f32(v, out, NULL) == TGX_OK;
}

/* One float key: a clear message when the value is out of a float's range. */
static tgx_status float_key(tgx_diag *d, const char *key, const char *value, float *out)
{
    const char *why;
    if (tgx_parse_f32(value, out, &why) != TGX_OK)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "sampler option %s=%s: '%s' %s", key, value,
                            value, why);
    return TGX_OK;
}

static bool parse_floats(const char *v, float out[4])
{
    float tmp[4];
    char buf[64];
    const char *p = v;
    for (int i = 0; i < 4; i++) {
        size_t n = strcspn(p, ",");
        if (n >= sizeof buf || (i < 3 && p[n] != ',') || (i == 3 && p[n]))
            return false;
        memcpy(buf, p, n);
        buf[n] = '\0';
        if (!parse_float(buf, &tmp[i]))
            return false;
        p += n + 1;
    }
    memcpy(out, tmp, sizeof tmp);
    return true;
}

static bool parse_uints(const char *v, uint32_t out[4])
{
    uint32_t tmp[4];
    const char *p = v;
    for (int i = 0; i < 4; i++) {
        char *end;
        long long x = strtoll(p, &end, 0);
        if (end == p || (i < 3 && *end != ',') || (i == 3 && *end) || x < -2147483648LL ||
            x > 4294967295LL)
            return false;
        tmp[i] = (uint32_t)x;
        p = end + 1;
    }
    memcpy(out, tmp, sizeof tmp);
    return true;
}

static tgx_status bad(tgx_diag *d, const char *key, const char *value, const char *expect)
{
    return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "sampler option %s=%s: expected %s", key, value,
                        expect);
}

static tgx_status set_enum(tgx_diag *d, const name_value *t, const char *key, const char *value,
                           const char *expect, int *out)
{
    return lookup(t, value, out) ? TGX_OK : bad(d, key, value, expect);
}

tgx_status tgx_sampler_set(tgx_sampler *s, const char *key, const char *value, tgx_diag *d)
{
    const char *wraps = "repeat, clamp, clamp_to_edge, clamp_to_border, mirror_repeat, "
                        "mirror_clamp, mirror_clamp_to_edge or mirror_clamp_to_border";
    int v = 0;
    tgx_status st;
    if (!strcmp(key, "wrap") || !strcmp(key, "wrap_s") || !strcmp(key, "wrap_t") ||
        !strcmp(key, "wrap_r")) {
        if ((st = set_enum(d, wrap_names, key, value, wraps, &v)) < 0)
            return st;
        if (!strcmp(key, "wrap") || !strcmp(key, "wrap_s"))
            s->wrap_s = (tgx_tex_wrap)v;
        if (!strcmp(key, "wrap") || !strcmp(key, "wrap_t"))
            s->wrap_t = (tgx_tex_wrap)v;
        if (!strcmp(key, "wrap") || !strcmp(key, "wrap_r"))
            s->wrap_r = (tgx_tex_wrap)v;
        return TGX_OK;
    }
    if (!strcmp(key, "min")) {
        if (lookup_gl_min(value, s))
            return TGX_OK;
        return bad(d, key, value, "nearest, linear or a GL *_mipmap_* filter");
    }
    if (!strcmp(key, "mag") || !strcmp(key, "filter")) {
        if ((st = set_enum(d, filter_names, key, value, "nearest or linear", &v)) < 0)
            return st;
        s->mag_filter = (tgx_tex_filter)v;
        if (!strcmp(key, "filter"))
            s->min_filter = (tgx_tex_filter)v;
        return TGX_OK;
    }
    if (!strcmp(key, "mip")) {
        if ((st = set_enum(d, mip_names, key, value, "none, nearest or linear", &v)) < 0)
            return st;
        s->mip_filter = (tgx_tex_mip_filter)v;
        return TGX_OK;
    }
    if (!strcmp(key, "aniso")) {
        float f;
        if (!parse_float(value, &f) || !(f >= 1.0f && f <= 16.0f))
            return bad(d, key, value, "a number from 1 to 16");
        s->max_anisotropy = (uint32_t)f;
        return TGX_OK;
    }
    if (!strcmp(key, "lod_bias") || !strcmp(key, "min_lod") || !strcmp(key, "max_lod")) {
        float f;
        if ((st = float_key(d, key, value, &f)) < 0)
            return st;
        if (f != f)
            return bad(d, key, value, "a number, not NaN");
        *(!strcmp(key, "lod_bias") ? &s->lod_bias
                                   : (!strcmp(key, "min_lod") ? &s->min_lod : &s->max_lod)) = f;
        return TGX_OK;
    }
    if (!strcmp(key, "compare")) {
        if (!strcmp(value, "none") || !strcmp(value, "off")) {
            s->compare_enable = false;
            return TGX_OK;
        }
        if ((st = set_enum(d, compare_names, key, value,
                           "none or never, less, equal, lequal, greater, notequal, gequal, always",
                           &v)) < 0)
            return st;
        s->compare_enable = true;
        s->compare_func = (tgx_tex_compare)v;
        return TGX_OK;
    }
    if (!strcmp(key, "border"))
        return parse_floats(value, s->border_color) ? TGX_OK
                                                    : bad(d, key, value, "four numbers a,b,c,d");
    if (!strcmp(key, "border_int"))
        return parse_uints(value, s->border_color_int)
                   ? TGX_OK
                   : bad(d, key, value, "four integers a,b,c,d");
    if (!strcmp(key, "normalized") || !strcmp(key, "seamless")) {
        if ((st = set_enum(d, bool_names, key, value, "0 or 1", &v)) < 0)
            return st;
        *(!strcmp(key, "normalized") ? &s->normalized_coords : &s->seamless_cube) = v != 0;
        return TGX_OK;
    }
    if (!strcmp(key, "profile")) {
        if ((st = set_enum(d, profile_names, key, value, "exact or nv", &v)) < 0)
            return st;
        s->profile = (tgx_tex_profile)v;
        return TGX_OK;
    }
    if (!strcmp(key, "lod_rule")) {
        if ((st = set_enum(d, lod_rule_names, key, value, "gl or softpipe", &v)) < 0)
            return st;
        s->lod_rule = (tgx_tex_lod_rule)v;
        return TGX_OK;
    }
    return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                        "unknown sampler option '%s' (wrap, wrap_s, wrap_t, wrap_r, min, mag, "
                        "filter, mip, aniso, lod_bias, min_lod, max_lod, compare, border, "
                        "border_int, normalized, seamless, profile, lod_rule)",
                        key);
}
