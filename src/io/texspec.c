/* Textures from a description (tgx/io.h, "Textures from a description"): a PNG file, or a
 * corpus generator over a texture description, with or without box-filtered mipmaps. The verbs,
 * the case replay and the benchmarks all build their textures here. */
#include <stdlib.h>
#include <string.h>

#include "tgx/io.h"

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
    if (strlen(spec) >= sizeof gen)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "texture spec too long");
    strcpy(gen, spec);
    char *at = strchr(gen, '@');
    if (at)
        *at++ = 0;
    s.generated = gen[0] != 0; /* "@OPTS" alone: every texel zero */
    tgx_status st = s.generated ? tgx_texgen_parse(gen, &s.gen, d) : TGX_OK;
    if (st == TGX_OK)
        st = tgx_tex_desc_parse(at ? at : "", &s.desc, &s.box_mips, d);
    if (st == TGX_OK)
        *src = s;
    return st;
}

tgx_status tgx_tex_source_build(const tgx_tex_source *src, tgx_tex **out, tgx_diag *d)
{
    tgx_tex *tex = NULL;
    if (src->png)
        return tgx_png_load_tex(src->png, TGX_PNG_MIPMAPS, out, d);
    tgx_status st = tgx_tex_create(&src->desc, &tex, d);
    if (st == TGX_OK && src->generated)
        st = tgx_texgen_fill(tex, &src->gen, d);
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
