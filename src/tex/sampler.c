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

/* ---- one function a kind of key; arg is the key table's column (which field of the kind) ---- */

enum { WRAP_S = 1, WRAP_T = 2, WRAP_R = 4 };

static tgx_status set_wrap(tgx_sampler *s, int axes, const char *key, const char *value,
                           tgx_diag *d)
{
    int v = 0;
    tgx_status st = set_enum(d, wrap_names, key, value,
                             "repeat, clamp, clamp_to_edge, clamp_to_border, mirror_repeat, "
                             "mirror_clamp, mirror_clamp_to_edge or mirror_clamp_to_border",
                             &v);
    if (st < 0)
        return st;
    if (axes & WRAP_S)
        s->wrap_s = (tgx_tex_wrap)v;
    if (axes & WRAP_T)
        s->wrap_t = (tgx_tex_wrap)v;
    if (axes & WRAP_R)
        s->wrap_r = (tgx_tex_wrap)v;
    return TGX_OK;
}

static tgx_status set_min(tgx_sampler *s, int arg, const char *key, const char *value, tgx_diag *d)
{
    (void)arg;
    return lookup_gl_min(value, s)
               ? TGX_OK
               : bad(d, key, value, "nearest, linear or a GL *_mipmap_* filter");
}

/* arg 1: "filter", which sets the min filter too */
static tgx_status set_mag(tgx_sampler *s, int and_min, const char *key, const char *value,
                          tgx_diag *d)
{
    int v = 0;
    tgx_status st = set_enum(d, filter_names, key, value, "nearest or linear", &v);
    if (st < 0)
        return st;
    s->mag_filter = (tgx_tex_filter)v;
    if (and_min)
        s->min_filter = (tgx_tex_filter)v;
    return TGX_OK;
}

/* A key whose value is one name of a table and sets one enum field. */
#define ENUM_KEY_SETTER(fn, names, expect, field, type)                                            \
    static tgx_status fn(tgx_sampler *s, int arg, const char *key, const char *value, tgx_diag *d) \
    {                                                                                              \
        (void)arg;                                                                                 \
        int v = 0;                                                                                 \
        tgx_status st = set_enum(d, names, key, value, expect, &v);                                \
        if (st == TGX_OK)                                                                          \
            s->field = (type)v;                                                                    \
        return st;                                                                                 \
    }
ENUM_KEY_SETTER(set_mip, mip_names, "none, nearest or linear", mip_filter, tgx_tex_mip_filter)
ENUM_KEY_SETTER(set_profile, profile_names, "exact or nv", profile, tgx_tex_profile)
ENUM_KEY_SETTER(set_lod_rule, lod_rule_names, "gl or softpipe", lod_rule, tgx_tex_lod_rule)

static tgx_status set_aniso(tgx_sampler *s, int arg, const char *key, const char *value,
                            tgx_diag *d)
{
    (void)arg;
    float f;
    if (!parse_float(value, &f) || !(f >= 1.0f && f <= 16.0f))
        return bad(d, key, value, "a number from 1 to 16");
    s->max_anisotropy = (uint32_t)f; /* 1..16: the conversion is defined */
    return TGX_OK;
}

enum { LOD_BIAS, LOD_MIN, LOD_MAX };

static tgx_status set_lod(tgx_sampler *s, int which, const char *key, const char *value,
                          tgx_diag *d)
{
    float f;
    tgx_status st = float_key(d, key, value, &f);
    if (st < 0)
        return st;
    if (f != f)
        return bad(d, key, value, "a number, not NaN");
    *(which == LOD_BIAS ? &s->lod_bias : which == LOD_MIN ? &s->min_lod : &s->max_lod) = f;
    return TGX_OK;
}

static tgx_status set_compare(tgx_sampler *s, int arg, const char *key, const char *value,
                              tgx_diag *d)
{
    (void)arg;
    if (!strcmp(value, "none") || !strcmp(value, "off")) {
        s->compare_enable = false;
        return TGX_OK;
    }
    int v = 0;
    tgx_status st =
        set_enum(d, compare_names, key, value,
                 "none or never, less, equal, lequal, greater, notequal, gequal, always", &v);
    if (st < 0)
        return st;
    s->compare_enable = true;
    s->compare_func = (tgx_tex_compare)v;
    return TGX_OK;
}

static tgx_status set_border(tgx_sampler *s, int arg, const char *key, const char *value,
                             tgx_diag *d)
{
    (void)arg;
    return parse_floats(value, s->border_color) ? TGX_OK
                                                : bad(d, key, value, "four numbers a,b,c,d");
}

static tgx_status set_border_int(tgx_sampler *s, int arg, const char *key, const char *value,
                                 tgx_diag *d)
{
    (void)arg;
    return parse_uints(value, s->border_color_int) ? TGX_OK
                                                   : bad(d, key, value, "four integers a,b,c,d");
}

enum { FLAG_NORMALIZED, FLAG_SEAMLESS };

static tgx_status set_flag(tgx_sampler *s, int which, const char *key, const char *value,
                           tgx_diag *d)
{
    int v = 0;
    tgx_status st = set_enum(d, bool_names, key, value, "0 or 1", &v);
    if (st == TGX_OK)
        *(which == FLAG_NORMALIZED ? &s->normalized_coords : &s->seamless_cube) = v != 0;
    return st;
}

/* The keys: X(key, setter, which field of the setter's kind). The unknown-key message lists
 * them from here, so it cannot miss one. */
#define SAMPLER_KEYS(X)                                                                            \
    X("wrap", set_wrap, WRAP_S | WRAP_T | WRAP_R)                                                  \
    X("wrap_s", set_wrap, WRAP_S)                                                                  \
    X("wrap_t", set_wrap, WRAP_T)                                                                  \
    X("wrap_r", set_wrap, WRAP_R)                                                                  \
    X("min", set_min, 0)                                                                           \
    X("mag", set_mag, 0)                                                                           \
    X("filter", set_mag, 1)                                                                        \
    X("mip", set_mip, 0)                                                                           \
    X("aniso", set_aniso, 0)                                                                       \
    X("lod_bias", set_lod, LOD_BIAS)                                                               \
    X("min_lod", set_lod, LOD_MIN)                                                                 \
    X("max_lod", set_lod, LOD_MAX)                                                                 \
    X("compare", set_compare, 0)                                                                   \
    X("border", set_border, 0)                                                                     \
    X("border_int", set_border_int, 0)                                                             \
    X("normalized", set_flag, FLAG_NORMALIZED)                                                     \
    X("seamless", set_flag, FLAG_SEAMLESS)                                                         \
    X("profile", set_profile, 0)                                                                   \
    X("lod_rule", set_lod_rule, 0)

static const struct {
    const char *key;
    tgx_status (*set)(tgx_sampler *s, int arg, const char *key, const char *value, tgx_diag *d);
    int arg;
} sampler_keys[] = {
#define X(key, set, arg) {key, set, arg},
    SAMPLER_KEYS(X)
#undef X
};

/* "wrap, wrap_s, ..., lod_rule, ": the message drops the last ", " */
static const char sampler_key_list[] =
#define X(key, set, arg) key ", "
    SAMPLER_KEYS(X)
#undef X
    ;

tgx_status tgx_sampler_set(tgx_sampler *s, const char *key, const char *value, tgx_diag *d)
{
    for (size_t i = 0; i < sizeof sampler_keys / sizeof sampler_keys[0]; i++)
        if (!strcmp(key, sampler_keys[i].key))
            return sampler_keys[i].set(s, sampler_keys[i].arg, key, value, d);
    return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown sampler option '%s' (%.*s)", key,
                        (int)sizeof sampler_key_list - 3, sampler_key_list);
}
