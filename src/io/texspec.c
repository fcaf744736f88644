/* Textures from a description (tgx/io.h, "Textures from a description"): a PNG file, or a
 * corpus generator over a texture description, with or without box-filtered mipmaps. The verbs,
 * the case replay and the benchmarks all build their textures here. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/io.h"
#include "tgx/util.h"

static bool is_png_name(const char *spec)
{
    size_t n = strlen(spec);
    return n > 4 && strcmp(spec + n - 4, ".png") == 0;
}

tgx_status tgx_tex_source_parse(const char *spec, tgx_tex_source *src, tgx_diag *d)
{
    char gen[512];
    tgx_tex_source s;
    memset(&s, 0, sizeof s);
    s.desc = (tgx_tex_desc){TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 256, 256, 1, 1, 1};
    if (is_png_name(spec)) {
        s.png = spec;
        *src = s;
        return TGX_OK;
    }
    const char *at = strrchr(spec, '@'); /* OPTS never hold an '@' */
    tgx_status st = TGX_OK;
    if (!strncmp(spec, "raw:", 4) || !strncmp(spec, "hex:", 4)) {
        s.data = spec + 4;
        s.data_len = at ? (size_t)(at - s.data) : strlen(s.data);
        s.data_hex = spec[0] == 'h';
        if (!s.data_len)
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s needs %s", spec,
                                s.data_hex ? "hex digits" : "a file name");
    } else {
        const size_t n = at ? (size_t)(at - spec) : strlen(spec);
        if (n >= sizeof gen)
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "texture spec too long");
        memcpy(gen, spec, n);
        gen[n] = 0;
        s.generated = gen[0] != 0; /* "@OPTS" alone: every texel zero */
        st = s.generated ? tgx_texgen_parse(gen, &s.gen, d) : TGX_OK;
    }
    if (st == TGX_OK)
        st = tgx_tex_desc_parse(at ? at + 1 : "", &s.desc, &s.box_mips, d);
    if (st == TGX_OK)
        *src = s;
    return st;
}

/* hex: digits (two a byte, '_' between them ignored) into a malloc'ed buffer. */
static tgx_status hex_bytes(const char *digits, size_t len, char **out, size_t *size, tgx_diag *d)
{
    char *buf = malloc(len / 2 + 1);
    size_t n = 0;
    int half = -1;
    if (!buf)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory reading hex data");
    for (size_t i = 0; i < len; i++) {
        const char c = digits[i];
        int v = c >= '0' && c <= '9'   ? c - '0'
                : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                       : -1;
        if (c == '_' && half < 0)
            continue;
        if (v < 0) {
            free(buf);
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                                "hex: texture data: '%c' at digit %zu is not a hex digit%s", c,
                                i + 1, c == '_' ? " (a '_' cannot split a byte)" : "");
        }
        if (half < 0) {
            half = v;
        } else {
            buf[n++] = (char)(half << 4 | v);
            half = -1;
        }
    }
    if (half >= 0) {
        free(buf);
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "hex: texture data has an odd number of digits");
    }
    *out = buf;
    *size = n;
    return TGX_OK;
}

/* Up to max + 1 bytes of a file ("-": stdin) into a malloc'ed buffer: enough to tell a file of
 * the right size from a longer one without reading an endless one (a device, a FIFO) to its end. */
static tgx_status read_bounded(const char *path, size_t max, char **out, size_t *size, tgx_diag *d)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f)
        return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno));
    char *buf = malloc(max + 1);
    size_t n = 0;
    while (buf && n <= max) {
        const size_t got = fread(buf + n, 1, max + 1 - n, f);
        if (got == 0)
            break;
        n += got;
    }
    const bool bad = !buf || ferror(f);
    const int err = errno;
    if (f != stdin)
        fclose(f);
    if (bad) {
        free(buf);
        return buf ? tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot read: %s", strerror(err))
                   : tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory reading it");
    }
    *out = buf;
    *size = n;
    return TGX_OK;
}

/* raw:/hex: data into every level of tex (only level 0 when the others are filtered from it). */
static tgx_status fill_from_data(tgx_tex *tex, const tgx_tex_source *src, tgx_diag *d)
{
    const tgx_tex_desc *desc = tgx_tex_get_desc(tex);
    const uint32_t levels = src->box_mips ? 1 : desc->levels;
    size_t level_size[32], need = 0;
    for (uint32_t l = 0; l < levels; l++) {
        size_t slice;
        uint32_t w, h, n;
        tgx_tex_level_data(tex, l, NULL, &slice);
        tgx_tex_level_size(tex, l, &w, &h, &n);
        level_size[l] = slice * n;
        need += level_size[l];
    }
    char *data = NULL, path[1024];
    size_t size = 0;
    tgx_status st;
    if (src->data_hex) {
        st = hex_bytes(src->data, src->data_len, &data, &size, d);
    } else {
        if (src->data_len >= sizeof path)
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "raw: file name too long");
        memcpy(path, src->data, src->data_len);
        path[src->data_len] = 0;
        st = read_bounded(path, need, &data, &size, d);
    }
    if (st < 0)
        return st;
    if (size != need)
        st = tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                          "%s texture data: %s%zu bytes given, the %ux%ux%u %s texture needs %zu "
                          "(%u level%s)",
                          src->data_hex ? "hex:" : "raw:", size > need ? "more than " : "",
                          size > need ? need : size, desc->width, desc->height, desc->depth,
                          tgx_tex_get_format(tex)->name, need, levels, levels == 1 ? "" : "s");
    size_t off = 0;
    for (uint32_t l = 0; st == TGX_OK && l < levels; l++) {
        st = tgx_tex_upload(tex, l, data + off, level_size[l], d);
        off += level_size[l];
    }
    free(data);
    return st;
}

tgx_status tgx_tex_source_desc(const tgx_tex_source *src, tgx_tex_desc *out, tgx_diag *d)
{
    if (!src->png) {
        *out = src->desc;
        return TGX_OK;
    }
    char *data = NULL;
    size_t size = 0;
    uint32_t w = 0, h = 0;
    tgx_status st = tgx_read_file(src->png, &data, &size, d);
    if (st == TGX_OK)
        st = tgx_png_header(data, size, src->png, &w, &h, d);
    free(data);
    if (st != TGX_OK)
        return st;
    /* what tgx_png_load_tex(..., TGX_PNG_MIPMAPS) creates */
    tgx_tex_desc desc = {.target = TGX_TEX_2D,
                         .format = TGX_TEX_FORMAT_RGBA8_UNORM,
                         .width = w,
                         .height = h,
                         .depth = 1,
                         .levels = tgx_tex_full_levels(w, h, 1),
                         .samples = 1};
    *out = desc;
    return TGX_OK;
}

tgx_status tgx_tex_source_build(const tgx_tex_source *src, tgx_tex **out, tgx_diag *d)
{
    tgx_tex *tex = NULL;
    if (src->png)
        return tgx_png_load_tex(src->png, TGX_PNG_MIPMAPS, out, d);
    tgx_status st = tgx_tex_create(&src->desc, &tex, d);
    if (st == TGX_OK && src->generated)
        st = tgx_texgen_fill(tex, &src->gen, d);
    if (st == TGX_OK && src->data)
        st = fill_from_data(tex, src, d);
    /* mips=box: keep level 0 of the generator, filter the others from it (a natural-looking mip
     * chain instead of the generator's own per-level pattern) */
    if (st == TGX_OK && src->box_mips)
        st = tgx_tex_generate_mipmaps(tex, d);
    if (st < 0) {
        tgx_tex_destroy(tex);
        return st;
    }
    *out = tex;
    return TGX_OK;
}

tgx_status tgx_tex_from_spec(const char *spec, tgx_tex **out, tgx_diag *d)
{
    tgx_tex_source src;
    tgx_status st = tgx_tex_source_parse(spec, &src, d);
    return st < 0 ? st : tgx_tex_source_build(&src, out, d);
}
