/* Text forms of texture descriptions and sampler states, shared by the command-line verbs
 * (tgx sample; tgx run could use them too) and case files: "16x16,levels=3,format=rgba32f" and
 * "wrap=clamp_to_border,border=1,0,0,1,filter=linear". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tex/tex_internal.h"

uint32_t tgx_tex_full_levels(uint32_t w, uint32_t h, uint32_t d)
{
    uint32_t m = w > h ? w : h, levels = 1;
    m = m > d ? m : d;
    while (m >>= 1)
        levels++;
    return levels;
}

static bool parse_u32(const char *text, uint32_t *out)
{
    char *end;
    if (*text < '0' || *text > '9')
        return false;
    unsigned long v = strtoul(text, &end, 10);
    if (*end || v > 0xffffffffUL)
        return false;
    *out = (uint32_t)v;
    return true;
}

/* "WxH" or "WxHxD": the number of sizes read (2 or 3), 0 if tok is not one. Each size goes
 * through parse_u32: sscanf's %u would take "-1" as 4294967295, and a value past UINT_MAX is
 * undefined behaviour there (C11 7.21.6.2p10). */
static int parse_sizes(const char *tok, uint32_t v[3])
{
    char buf[64];
    if (strlen(tok) >= sizeof buf)
        return 0;
    strcpy(buf, tok);
    int n = 0;
    for (char *p = buf, *x; p; p = x, n++) {
        x = strchr(p, 'x');
        if (x)
            *x++ = 0;
        if (n == 3 || !parse_u32(p, &v[n]))
            return 0;
    }
    return n >= 2 ? n : 0;
}

/* Levenshtein distance of a and b, counted up to 3 (the names are short). */
static unsigned name_distance(const char *a, const char *b)
{
    size_t na = strlen(a), nb = strlen(b);
    if (na > 32 || nb > 32)
        return 3;
    unsigned row[33];
    for (size_t j = 0; j <= nb; j++)
        row[j] = (unsigned)j;
    for (size_t i = 1; i <= na; i++) {
        unsigned diag = row[0];
        row[0] = (unsigned)i;
        for (size_t j = 1; j <= nb; j++) {
            unsigned up = row[j], best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            diag = up;
            row[j] = best;
        }
    }
    return row[nb] < 3 ? row[nb] : 3;
}

/* "unknown format 'z32f' (not one of the 102 formats; close: r32f, a32f, ...)": the names one or
 * two edits away, or that hold what was typed. */
tgx_status tgx_tex_format_lookup(const char *name, tgx_tex_format *out, tgx_diag *d)
{
    if (tgx_tex_format_from_name(name, out) == TGX_OK)
        return TGX_OK;
    char close[160] = "";
    size_t len = 0, shown = 0;
    for (unsigned i = 0; i < TGX_TEX_FORMAT_COUNT && shown < 8; i++) {
        const char *f = tgx_tex_format_get((tgx_tex_format)i)->name;
        if (name_distance(name, f) > 2 && !(*name && strstr(f, name)))
            continue;
        int n = snprintf(close + len, sizeof close - len, "%s%s", shown ? ", " : "; close: ", f);
        if (n < 0 || (size_t)n >= sizeof close - len)
            break;
        len += (size_t)n;
        shown++;
    }
    return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                        "unknown format '%s' (not one of the %u formats%s)", name,
                        (unsigned)TGX_TEX_FORMAT_COUNT, close);
}

/* "unknown target 'z' (1d, 2d, ...)": there are few enough to name them all. */
tgx_status tgx_tex_target_lookup(const char *name, tgx_tex_target *out, tgx_diag *d)
{
    if (tgx_tex_target_from_name(name, out) == TGX_OK)
        return TGX_OK;
    char all[160] = "";
    size_t len = 0;
    for (unsigned t = 0; t < TGX_TEX_TARGET_COUNT; t++) {
        int n = snprintf(all + len, sizeof all - len, "%s%s", t ? ", " : "",
                         tgx_tex_target_name((tgx_tex_target)t));
        if (n < 0 || (size_t)n >= sizeof all - len)
            break;
        len += (size_t)n;
    }
    return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown target '%s' (%s)", name, all);
}

/* One option of tgx_tex_desc_parse; sets *levels_given / *box_mips as it goes. */
static tgx_status desc_option(const char *tok, tgx_tex_desc *desc, bool *levels_given,
                              bool *box_mips, tgx_diag *d)
{
    uint32_t v[3];
    int sizes = parse_sizes(tok, v);
    if (sizes) {
        desc->width = v[0], desc->height = v[1];
        if (sizes == 3)
            desc->depth = v[2];
    } else if (!strncmp(tok, "levels=", 7)) {
        if (!parse_u32(tok + 7, &desc->levels))
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "levels=%s is not a number", tok + 7);
        *levels_given = true;
    } else if (!strncmp(tok, "samples=", 8)) {
        if (!parse_u32(tok + 8, &desc->samples))
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "samples=%s is not a number", tok + 8);
    } else if (!strncmp(tok, "format=", 7)) {
        return tgx_tex_format_lookup(tok + 7, &desc->format, d);
    } else if (!strncmp(tok, "target=", 7)) {
        return tgx_tex_target_lookup(tok + 7, &desc->target, d);
    } else if (box_mips && !strcmp(tok, "mips=box")) {
        *box_mips = true;
    } else {
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "texture option '%s': expected WxH, WxHxD, levels=, samples=, "
                            "format=, target=%s",
                            tok, box_mips ? ", mips=box" : "");
    }
    return TGX_OK;
}

tgx_status tgx_tex_desc_parse(const char *text, tgx_tex_desc *desc, bool *box_mips, tgx_diag *d)
{
    char buf[512];
    bool levels_given = false;
    if (strlen(text) >= sizeof buf)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "texture options too long");
    strcpy(buf, text);
    if (box_mips)
        *box_mips = false;
    for (char *tok = buf, *next; tok && *tok; tok = next) {
        next = strchr(tok, ',');
        if (next)
            *next++ = 0;
        tgx_status st = desc_option(tok, desc, &levels_given, box_mips, d);
        if (st < 0)
            return st;
    }
    /* what the target implies: a cube has 6 faces, a 1D texture one row */
    const tgx_tex_target_info *ti = tgx_tex_target_get(desc->target);
    if (!ti)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown texture target %d",
                            (int)desc->target);
    if (ti->cube && !ti->layered)
        desc->depth = 6;
    if (ti->dims == 1)
        desc->height = 1;
    if (!levels_given)
        desc->levels = !ti->mipmapped ? 1
                                      : tgx_tex_full_levels(desc->width, desc->height,
                                                            ti->dims == 3 ? desc->depth : 1);
    return TGX_OK;
}

/* Keys whose value is itself a comma-separated list of four numbers. */
static bool takes_four(const char *key)
{
    return !strcmp(key, "border") || !strcmp(key, "border_int");
}

tgx_status tgx_sampler_parse(tgx_sampler *s, const char *text, tgx_diag *d)
{
    char buf[512];
    if (strlen(text) >= sizeof buf)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "sampler options too long");
    strcpy(buf, text);
    char *p = buf;
    while (*p) {
        char *eq = strchr(p, '=');
        char *comma = strchr(p, ',');
        if (!eq || (comma && comma < eq))
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                                "sampler option '%.*s' has no '=' (expected key=value)",
                                comma ? (int)(comma - p) : (int)strlen(p), p);
        *eq = 0;
        char *value = eq + 1, *end = value;
        /* border=a,b,c,d: the value runs over three commas */
        for (int commas = takes_four(p) ? 4 : 1; commas > 0; commas--) {
            end = strchr(end, ',');
            if (!end)
                break;
            if (commas > 1)
                end++;
        }
        char *next = end ? end + 1 : value + strlen(value);
        if (end)
            *end = 0;
        tgx_status st = tgx_sampler_set(s, p, value, d);
        if (st < 0)
            return st;
        p = next;
    }
    return TGX_OK;
}

/* "A:B", or "A" (then *b keeps the default the caller put there), as unsigned numbers. */
static bool parse_range(const char *text, uint32_t *a, uint32_t *b)
{
    char buf[64];
    if (strlen(text) >= sizeof buf)
        return false;
    strcpy(buf, text);
    char *colon = strchr(buf, ':');
    if (colon)
        *colon = 0;
    return parse_u32(buf, a) && (!colon || parse_u32(colon + 1, b));
}

/* One key=value of tgx_tex_view_parse. */
static tgx_status view_option(tgx_tex_view *view, const char *key, const char *value, tgx_diag *d)
{
    const tgx_tex_desc *desc = tgx_tex_get_desc(view->tex);
    uint32_t a, b;
    if (!strcmp(key, "target"))
        return tgx_tex_target_from_name(value, &view->target) < 0
                   ? tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown view target '%s'", value)
                   : TGX_OK;
    if (!strcmp(key, "format")) {
        tgx_tex_format f;
        if (tgx_tex_format_from_name(value, &f) < 0)
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown view format '%s'", value);
        const tgx_tex_format_info *vf = tgx_tex_format_get(f), *tf = tgx_tex_get_format(view->tex);
        if (!tgx_tex_formats_compatible(vf, tf))
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                                "view format %s has %u-byte %s, the texture %u-byte %s", value,
                                vf->bytes, vf->block > 1 ? "4x4 blocks" : "texels", tf->bytes,
                                tf->block > 1 ? "4x4 blocks" : "texels");
        view->format = f;
        return TGX_OK;
    }
    if (!strcmp(key, "swizzle"))
        return tgx_tex_swizzle_parse(value, view->swizzle) < 0
                   ? tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                                  "swizzle '%s': expected 4 of r g b a x y z w 0 1", value)
                   : TGX_OK;
    if (!strcmp(key, "levels")) {
        b = desc->levels - 1; /* BASE alone: up to the last level */
        if (!parse_range(value, &a, &b) || a > b || b >= desc->levels)
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                                "levels=%s: expected BASE:MAX with BASE <= MAX < %u", value,
                                desc->levels);
        view->base_level = a, view->max_level = b;
        return TGX_OK;
    }
    if (!strcmp(key, "layers")) {
        b = 0; /* FIRST alone: the slices from there on */
        bool ok = parse_range(value, &a, &b) && a < desc->depth;
        if (ok && b == 0 && !strchr(value, ':'))
            b = desc->depth - a;
        if (!ok || b == 0 || b > desc->depth - a)
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                                "layers=%s: expected FIRST[:COUNT] within the texture's %u slices",
                                value, desc->depth);
        view->first_slice = a, view->num_slices = b;
        return TGX_OK;
    }
    return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                        "unknown view option '%s' (target, format, swizzle, levels, layers)", key);
}

tgx_status tgx_tex_view_parse(tgx_tex_view *view, const char *text, tgx_diag *d)
{
    char buf[512];
    if (strlen(text) >= sizeof buf)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "view options too long");
    strcpy(buf, text);
    tgx_tex_view v = *view; /* applied whole or not at all */
    for (char *tok = buf, *next; tok && *tok; tok = next) {
        next = strchr(tok, ',');
        if (next)
            *next++ = 0;
        char *eq = strchr(tok, '=');
        if (!eq)
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                                "view option '%s' has no '=' (expected key=value)", tok);
        *eq = 0;
        tgx_status st = view_option(&v, tok, eq + 1, d);
        if (st < 0)
            return st;
    }
    tgx_status st = tgx_tex_view_check(&v, d);
    if (st == TGX_OK)
        *view = v;
    return st;
}
