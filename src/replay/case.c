/* Reads a corpus case.json into tgx_case. The format is the one described in
 * tests/data/corpus/README.md; every member the pipeline needs is checked for type and
 * range, with the position of the offending value in the diagnostic. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "replay/json.h"
#include "tgx/pipe.h"
#include "tgx/replay.h"
#include "tgx/util.h"

#define TRY(expr)                                                                                  \
    do {                                                                                           \
        tgx_status try_st_ = (expr);                                                               \
        if (try_st_ < 0)                                                                           \
            return try_st_;                                                                        \
    } while (0)

typedef struct ctx {
    const char *file;
    tgx_diag *d;
} ctx;

static tgx_status bad(const ctx *x, const tgx_json *v, const char *what, const char *expected)
{
    return tgx_diag_set(x->d, TGX_ERR_INVALID, x->file, v ? v->line : 0, v ? v->column : 0,
                        "%s: expected %s", what, expected);
}

static tgx_status need(const ctx *x, const tgx_json *parent, const char *key, tgx_json_kind k,
                       const tgx_json **out)
{
    const tgx_json *v = tgx_json_get(parent, key);
    if (!v)
        return tgx_diag_set(x->d, TGX_ERR_INVALID, x->file, parent ? parent->line : 0,
                            parent ? parent->column : 0, "missing member \"%s\"", key);
    if (v->kind != k)
        return bad(x, v, key, tgx_json_kind_name(k));
    *out = v;
    return TGX_OK;
}

static tgx_status get_uint(const ctx *x, const tgx_json *v, const char *what, unsigned *out)
{
    uint32_t u;
    if (!tgx_json_u32(v, &u) && v && v->kind == TGX_JSON_NUMBER && v->number >= 0 &&
        v->number == floor(v->number)) /* an integer, too large: say so, not "non-negative" */
        return bad(x, v, what, "an integer of 32 bits, at most 4294967295");
    if (!tgx_json_u32(v, &u))
        return bad(x, v, what, "a non-negative integer");
    *out = u;
    return TGX_OK;
}

static tgx_status need_uint(const ctx *x, const tgx_json *o, const char *key, unsigned *out)
{
    const tgx_json *v = tgx_json_get(o, key);
    if (!v)
        return tgx_diag_set(x->d, TGX_ERR_INVALID, x->file, o->line, o->column,
                            "missing member \"%s\"", key);
    return get_uint(x, v, key, out);
}

/* Optional integer member; null or absent leaves *out unchanged. */
static tgx_status opt_uint(const ctx *x, const tgx_json *o, const char *key, unsigned *out)
{
    const tgx_json *v = tgx_json_get(o, key);
    if (!v || v->kind == TGX_JSON_NULL)
        return TGX_OK;
    return get_uint(x, v, key, out);
}

static tgx_status get_float(const ctx *x, const tgx_json *v, const char *what, float *out)
{
    if (!v || v->kind != TGX_JSON_NUMBER)
        return bad(x, v, what, "a number");
    *out = (float)v->number;
    return TGX_OK;
}

static tgx_status opt_float(const ctx *x, const tgx_json *o, const char *key, float *out)
{
    const tgx_json *v = tgx_json_get(o, key);
    if (!v || v->kind == TGX_JSON_NULL)
        return TGX_OK;
    return get_float(x, v, key, out);
}

static tgx_status opt_bool(const ctx *x, const tgx_json *o, const char *key, bool *out)
{
    const tgx_json *v = tgx_json_get(o, key);
    if (!v || v->kind == TGX_JSON_NULL)
        return TGX_OK;
    if (v->kind == TGX_JSON_NUMBER) { /* front_ccw is written as 0/1 */
        *out = v->number != 0;
        return TGX_OK;
    }
    if (v->kind != TGX_JSON_BOOL)
        return bad(x, v, key, "true or false");
    *out = v->boolean;
    return TGX_OK;
}

static tgx_status copy_word(const ctx *x, const tgx_json *v, const char *what, char *dst,
                            size_t cap)
{
    if (!v || v->kind != TGX_JSON_STRING)
        return bad(x, v, what, "a string");
    if (v->length >= cap)
        return bad(x, v, what, "a shorter string");
    /* names, file names and state words: printable ASCII without spaces, so that a case name
     * printed on a PASS line or made part of a --save file name cannot carry "\u001b[..."
     * (a terminal's escape sequence) or "\u0000" */
    for (size_t i = 0; i < v->length; i++)
        if ((unsigned char)v->text[i] <= ' ' || (unsigned char)v->text[i] >= 0x7f)
            return bad(x, v, what, "a word of printable ASCII without spaces");
    memcpy(dst, v->text, v->length + 1);
    return TGX_OK;
}

/* A word member that must be there: missing, it is reported at its object (it said "expected a
 * string" with no position). */
static tgx_status need_word(const ctx *x, const tgx_json *o, const char *key, const char *what,
                            char *dst, size_t cap)
{
    const tgx_json *v = tgx_json_get(o, key);
    if (!v && o)
        return tgx_diag_set(x->d, TGX_ERR_INVALID, x->file, o->line, o->column,
                            "missing member \"%s\"", what);
    return copy_word(x, v, what, dst, cap);
}

static tgx_status opt_word(const ctx *x, const tgx_json *o, const char *key, char *dst, size_t cap)
{
    const tgx_json *v = tgx_json_get(o, key);
    if (!v || v->kind == TGX_JSON_NULL)
        return TGX_OK;
    return copy_word(x, v, key, dst, cap);
}

static void *alloc_array(size_t n, size_t size)
{
    return calloc(n ? n : 1, size);
}

static tgx_status nomem(const ctx *x)
{
    return tgx_diag_set(x->d, TGX_ERR_NOMEM, x->file, 0, 0, "out of memory");
}

/* o.key as a list: *a the array (NULL when the member is absent or null) and *items room for
 * its elements (NULL when there are none to read). */
static tgx_status list_member(const ctx *x, const tgx_json *o, const char *key, size_t elem,
                              const tgx_json **a, void **items)
{
    *a = tgx_json_get(o, key);
    *items = NULL;
    if (!*a || (*a)->kind == TGX_JSON_NULL) {
        *a = NULL;
        return TGX_OK;
    }
    if ((*a)->kind != TGX_JSON_ARRAY)
        return bad(x, *a, key, "an array");
    *items = alloc_array((*a)->count, elem);
    return *items ? TGX_OK : nomem(x);
}

/* ---- framebuffer and draw ---- */

static tgx_status read_framebuffer(const ctx *x, const tgx_json *fb, tgx_case *c)
{
    const tgx_json *fmt, *clear;
    TRY(need_uint(x, fb, "width", &c->fb_width));
    TRY(need_uint(x, fb, "height", &c->fb_height));
    if (c->fb_width == 0 || c->fb_height == 0 || c->fb_width > 16384 || c->fb_height > 16384)
        return bad(x, fb, "framebuffer size", "1..16384 pixels per side");
    TRY(need(x, fb, "format", TGX_JSON_STRING, &fmt));
    if (strcmp(fmt->text, "GL_RGBA32UI") == 0)
        c->fb_integer = true;
    else if (strcmp(fmt->text, "GL_RGBA32I") == 0)
        c->fb_integer = c->fb_signed = true;
    else if (strcmp(fmt->text, "GL_RGBA32F") != 0)
        return bad(x, fmt, "framebuffer format", "GL_RGBA32F, GL_RGBA32UI or GL_RGBA32I");
    clear = tgx_json_get(fb, "clear");
    if (clear) {
        if (clear->kind != TGX_JSON_ARRAY || clear->count != 4)
            return bad(x, clear, "clear", "an array of 4 numbers");
        for (unsigned i = 0; i < 4; i++) {
            const tgx_json *e = &clear->items[i];
            float f = 0.0f;
            int64_t v;
            if (c->fb_signed) {
                if (!tgx_json_i64(e, &v) || v < INT32_MIN || v > INT32_MAX)
                    return bad(x, e, "clear", "a 32-bit signed integer");
                c->fb_clear[i] = (uint32_t)v; /* two's complement */
            } else if (c->fb_integer) {
                TRY(get_uint(x, e, "clear", &c->fb_clear[i]));
            } else {
                TRY(get_float(x, e, "clear", &f));
                c->fb_clear[i] = tgx_f2bits(f);
            }
        }
    }
    return TGX_OK;
}

static tgx_status read_float_list(const ctx *x, const tgx_json *o, const char *key, float *out,
                                  size_t n)
{
    const tgx_json *a = tgx_json_get(o, key);
    if (!a)
        return TGX_OK;
    if (a->kind != TGX_JSON_ARRAY || a->count != n)
        return bad(x, a, key, "an array of numbers of the right length");
    for (size_t i = 0; i < n; i++)
        TRY(get_float(x, &a->items[i], key, &out[i]));
    return TGX_OK;
}

static tgx_status read_positions(const ctx *x, const tgx_json *a, tgx_case *c)
{
    if (a->kind != TGX_JSON_ARRAY || a->count < 1)
        return bad(x, a, "attribute0_a_pos", "an array of [x, y] pairs");
    c->positions = alloc_array(a->count, sizeof *c->positions);
    if (!c->positions)
        return nomem(x);
    c->position_count = a->count;
    for (size_t i = 0; i < a->count; i++) {
        const tgx_json *p = &a->items[i];
        if (p->kind != TGX_JSON_ARRAY || p->count != 2)
            return bad(x, p, "attribute0_a_pos", "an [x, y] pair");
        TRY(get_float(x, &p->items[0], "attribute0_a_pos", &c->positions[i][0]));
        TRY(get_float(x, &p->items[1], "attribute0_a_pos", &c->positions[i][1]));
    }
    return TGX_OK;
}

static tgx_status read_xfb(const ctx *x, const tgx_json *tf, tgx_case *c)
{
    const tgx_json *vars, *mode;
    TRY(need(x, tf, "varyings", TGX_JSON_ARRAY, &vars));
    mode = tgx_json_get(tf, "mode");
    if (mode && (mode->kind != TGX_JSON_STRING || strcmp(mode->text, "GL_INTERLEAVED_ATTRIBS")))
        return bad(x, mode, "transform_feedback.mode", "GL_INTERLEAVED_ATTRIBS");
    c->xfb_varyings = alloc_array(vars->count, sizeof *c->xfb_varyings);
    if (!c->xfb_varyings)
        return nomem(x);
    c->xfb_count = vars->count;
    for (size_t i = 0; i < vars->count; i++)
        TRY(copy_word(x, &vars->items[i], "varyings", c->xfb_varyings[i], TGX_CASE_NAME_MAX));
    return TGX_OK;
}

/* "GL_TRIANGLE_STRIP" and the other GL draw modes tgx_pipe_prim_parse knows ("triangle_strip"). */
static tgx_status read_primitive(const ctx *x, const tgx_json *prim, tgx_pipe_prim *out)
{
    char name[TGX_CASE_WORD_MAX];
    size_t n = prim->length;
    if (n > 3 && n - 3 < sizeof name && strncmp(prim->text, "GL_", 3) == 0) {
        for (size_t i = 3; i <= n; i++)
            name[i - 3] = (char)tolower((unsigned char)prim->text[i]);
        if (tgx_pipe_prim_parse(name, out))
            return TGX_OK;
    }
    return bad(x, prim, "primitive", "a GL draw mode (GL_TRIANGLE_STRIP, GL_POINTS, ...)");
}

static tgx_status read_draw(const ctx *x, const tgx_json *draw, tgx_case *c)
{
    const tgx_json *prim, *pos, *tf;
    TRY(need(x, draw, "primitive", TGX_JSON_STRING, &prim));
    TRY(read_primitive(x, prim, &c->prim));
    c->viewport[2] = (float)c->fb_width;
    c->viewport[3] = (float)c->fb_height;
    c->depth_range[1] = 1.0f;
    TRY(read_float_list(x, draw, "viewport", c->viewport, 4));
    TRY(read_float_list(x, draw, "depth_range", c->depth_range, 2));
    pos = tgx_json_get(draw, "attribute0_a_pos");
    if (pos)
        TRY(read_positions(x, pos, c));
    TRY(opt_uint(x, draw, "count", &c->vertex_count));
    tf = tgx_json_get(draw, "transform_feedback");
    if (tf)
        TRY(read_xfb(x, tf, c));
    if (c->stage == TGX_CASE_FRAGMENT && !pos)
        return bad(x, draw, "draw", "attribute0_a_pos (the vertices of a fragment case)");
    if (c->stage == TGX_CASE_VERTEX && (!tf || c->vertex_count == 0))
        return bad(x, draw, "draw", "a count and a transform_feedback capture");
    return TGX_OK;
}

/* ---- textures and slots ---- */

/* Case target names (README "Inputs") to texture-unit targets. */
static const struct {
    const char *name;
    tgx_tex_target target;
} case_targets[] = {
    {"1d", TGX_TEX_1D},     {"1darray", TGX_TEX_1D_ARRAY},
    {"2d", TGX_TEX_2D},     {"2darray", TGX_TEX_2D_ARRAY},
    {"3d", TGX_TEX_3D},     {"buffer", TGX_TEX_BUFFER},
    {"cube", TGX_TEX_CUBE}, {"cubearray", TGX_TEX_CUBE_ARRAY},
    {"rect", TGX_TEX_RECT},
};

/* A diagnostic of another reader (a format or generator lookup) placed at value v. */
static tgx_status at_value(const ctx *x, const tgx_json *v, const char *what, const tgx_diag *inner)
{
    return tgx_diag_set(x->d, TGX_ERR_INVALID, x->file, v->line, v->column, "%s: %s", what,
                        inner->message);
}

/* The texture's target, format and generator, resolved where they are written: a name the
 * texture unit or the generators do not know is refused at its place, with the names there
 * are (they failed when the case ran, with no position). */
static tgx_status resolve_texture(const ctx *x, const tgx_json *t, tgx_case_texture *tex)
{
    size_t i = 0;
    while (i < sizeof case_targets / sizeof case_targets[0] &&
           strcmp(tex->target, case_targets[i].name) != 0)
        i++;
    if (i == sizeof case_targets / sizeof case_targets[0])
        return bad(x, tgx_json_get(t, "target"), "target",
                   "1d, 1darray, 2d, 2darray, 3d, buffer, cube, cubearray or rect");
    tex->tex_target = case_targets[i].target;
    tgx_diag inner;
    if (tgx_tex_format_lookup(tex->format, &tex->tex_format, &inner) != TGX_OK)
        return at_value(x, tgx_json_get(t, "format"), "format", &inner);
    tgx_texgen gen;
    const tgx_json *name = tgx_json_get(tgx_json_get(t, "generator"), "name");
    if (tgx_texgen_parse(tex->generator, &gen, &inner) != TGX_OK)
        return at_value(x, name, "generator.name", &inner);
    return TGX_OK;
}

static tgx_status read_texture(const ctx *x, const tgx_json *t, tgx_case_texture *tex)
{
    const tgx_json *gen;
    int64_t id;
    if (t->kind != TGX_JSON_OBJECT)
        return bad(x, t, "textures[]", "an object");
    if (!tgx_json_i64(tgx_json_get(t, "id"), &id) || id < 0 || id > 1 << 20)
        return bad(x, t, "texture id", "a small integer");
    tex->id = (int)id;
    TRY(need_word(x, t, "target", "target", tex->target, sizeof tex->target));
    TRY(need_word(x, t, "format", "format", tex->format, sizeof tex->format));
    TRY(need_uint(x, t, "width", &tex->width));
    TRY(need_uint(x, t, "height", &tex->height));
    tex->depth = 1;
    tex->levels = 1;
    TRY(opt_uint(x, t, "depth_or_layers", &tex->depth));
    TRY(opt_uint(x, t, "levels", &tex->levels));
    if (!tex->width || !tex->height || !tex->depth || !tex->levels || tex->levels > 16 ||
        tex->width > 65536 || tex->height > 65536 || tex->depth > 4096)
        return bad(x, t, "texture size", "sizes of at least 1 and at most 16 levels");
    TRY(need(x, t, "generator", TGX_JSON_OBJECT, &gen));
    TRY(need_word(x, gen, "name", "generator.name", tex->generator, sizeof tex->generator));
    TRY(opt_uint(x, gen, "seed", &tex->seed));
    tex->cell = 0; /* 0: the generator's default */
    TRY(opt_uint(x, gen, "cell", &tex->cell));
    tex->fscale = 1.0f / 256.0f; /* README: "default 1/256, 0" */
    tex->fbias = 0.0f;
    TRY(opt_float(x, t, "fscale", &tex->fscale));
    TRY(opt_float(x, t, "fbias", &tex->fbias));
    return resolve_texture(x, t, tex);
}

static tgx_status read_textures(const ctx *x, const tgx_json *inputs, tgx_case *c)
{
    const tgx_json *a;
    void *items;
    TRY(list_member(x, inputs, "textures", sizeof *c->textures, &a, &items));
    c->textures = items;
    for (size_t i = 0; a && i < a->count; i++, c->texture_count++)
        TRY(read_texture(x, &a->items[i], &c->textures[i]));
    return TGX_OK;
}

/* The index in c->textures of the texture called id, or -1. */
static int texture_index(const tgx_case *c, unsigned id)
{
    for (size_t t = 0; t < c->texture_count; t++)
        if (c->textures[t].id == (int)id)
            return (int)t;
    return -1;
}

/* Slot numbers are object keys ("0", "1", ...). */
static tgx_status slot_number(const ctx *x, const tgx_json *o, size_t i, unsigned *slot)
{
    char *end;
    unsigned long v = strtoul(o->keys[i], &end, 10);
    if (*end || end == o->keys[i] || v > 127)
        return bad(x, &o->items[i], "slot", "a slot number 0..127 as the member name");
    *slot = (unsigned)v;
    return TGX_OK;
}

static tgx_case_slot *slot_for(tgx_case *c, unsigned slot)
{
    for (size_t i = 0; i < c->slot_count; i++)
        if (c->slots[i].slot == slot)
            return &c->slots[i];
    tgx_case_slot *s = &c->slots[c->slot_count++];
    memset(s, 0, sizeof *s);
    s->slot = slot;
    s->texture = -1;
    strcpy(s->swizzle, "xyzw");
    return s;
}

static tgx_status read_gallium_sampler(const ctx *x, const tgx_json *g, tgx_case_slot *s)
{
    static const char *const wraps[3] = {"wrap_s", "wrap_t", "wrap_r"};
    s->has_sampler = true;
    s->min_lod = -1000.0f;
    s->max_lod = 1000.0f;
    for (int i = 0; i < 3; i++) {
        strcpy(s->wrap[i], "clamp_to_edge");
        TRY(opt_word(x, g, wraps[i], s->wrap[i], sizeof s->wrap[i]));
    }
    strcpy(s->min_img_filter, "nearest");
    strcpy(s->min_mip_filter, "none");
    strcpy(s->mag_img_filter, "nearest");
    strcpy(s->compare_mode, "none");
    strcpy(s->compare_func, "lequal");
    TRY(opt_word(x, g, "min_img_filter", s->min_img_filter, sizeof s->min_img_filter));
    TRY(opt_word(x, g, "min_mip_filter", s->min_mip_filter, sizeof s->min_mip_filter));
    TRY(opt_word(x, g, "mag_img_filter", s->mag_img_filter, sizeof s->mag_img_filter));
    TRY(opt_word(x, g, "compare_mode", s->compare_mode, sizeof s->compare_mode));
    TRY(opt_word(x, g, "compare_func", s->compare_func, sizeof s->compare_func));
    TRY(opt_bool(x, g, "unnormalized_coords", &s->unnormalized_coords));
    TRY(opt_bool(x, g, "seamless_cube_map", &s->seamless_cube_map));
    TRY(opt_uint(x, g, "max_anisotropy", &s->max_anisotropy));
    TRY(opt_float(x, g, "lod_bias", &s->lod_bias));
    TRY(opt_float(x, g, "min_lod", &s->min_lod));
    TRY(opt_float(x, g, "max_lod", &s->max_lod));
    TRY(read_float_list(x, g, "border_color", s->border_color, 4));
    return TGX_OK;
}

static tgx_status read_gallium_view(const ctx *x, const tgx_json *g, tgx_case_slot *s)
{
    const tgx_json *sw = tgx_json_get(g, "swizzle");
    s->has_view = true;
    TRY(need_word(x, g, "format", "format", s->view_format, sizeof s->view_format));
    TRY(need_word(x, g, "target", "target", s->view_target, sizeof s->view_target));
    TRY(opt_uint(x, g, "first_level", &s->first_level));
    TRY(opt_uint(x, g, "last_level", &s->last_level));
    TRY(opt_uint(x, g, "first_layer", &s->first_layer));
    TRY(opt_uint(x, g, "last_layer", &s->last_layer));
    TRY(opt_uint(x, g, "buffer_offset", &s->buffer_offset));
    TRY(opt_uint(x, g, "buffer_size", &s->buffer_size));
    const tgx_json *res = tgx_json_get(g, "resource");
    if (res && res->kind == TGX_JSON_OBJECT) {
        TRY(opt_word(x, res, "format", s->resource_format, sizeof s->resource_format));
        TRY(opt_word(x, res, "target", s->resource_target, sizeof s->resource_target));
    }
    if (sw) {
        if (sw->kind != TGX_JSON_STRING || sw->length != 4 || strspn(sw->text, "xyzw01") != 4)
            return bad(x, sw, "swizzle", "four of x y z w 0 1");
        memcpy(s->swizzle, sw->text, 5);
    }
    return TGX_OK;
}

/* A buffer view of part of its buffer (glTexBufferRange: buffer_offset, buffer_size bytes) lies
 * inside the buffer and holds whole texels of its texture's format: checked where the view is
 * written (it failed when the case ran, naming no place). */
static tgx_status check_buffer_range(const ctx *x, const tgx_json *view, const tgx_case *c,
                                     const tgx_case_slot *s)
{
    if (s->texture < 0 || s->buffer_size == 0)
        return TGX_OK;
    const tgx_case_texture *t = &c->textures[s->texture];
    uint64_t bytes = tgx_tex_format_get(t->tex_format)->bytes, whole = bytes * t->width;
    if (s->buffer_offset % bytes == 0 && s->buffer_size % bytes == 0 &&
        (uint64_t)s->buffer_offset + s->buffer_size <= whole)
        return TGX_OK;
    const tgx_json *at = tgx_json_get(view, "buffer_size");
    return tgx_diag_set(x->d, TGX_ERR_INVALID, x->file, at ? at->line : view->line,
                        at ? at->column : view->column,
                        "buffer view: bytes %u..%llu of texture %d (%llu bytes of %s, %llu a "
                        "texel) are not whole texels inside it",
                        s->buffer_offset, (unsigned long long)s->buffer_offset + s->buffer_size,
                        t->id, (unsigned long long)whole, t->format, (unsigned long long)bytes);
}

/* inputs.samplers[] names the texture behind each unit; the gallium state gives what the
 * sampler and view really were. */
static tgx_status read_slots(const ctx *x, const tgx_json *inputs, const tgx_json *gal, tgx_case *c)
{
    const tgx_json *samp = tgx_json_get(gal, "samplers");
    const tgx_json *views = tgx_json_get(gal, "sampler_views");
    const tgx_json *gl = tgx_json_get(inputs, "samplers");
    size_t max = (samp ? samp->count : 0) + (views ? views->count : 0) + (gl ? gl->count : 0);
    c->slots = alloc_array(max, sizeof *c->slots);
    if (!c->slots)
        return nomem(x);
    for (size_t i = 0; samp && samp->kind == TGX_JSON_OBJECT && i < samp->count; i++) {
        unsigned n = 0; /* set by slot_number; gcc 12 -O2 cannot see it through TRY */
        TRY(slot_number(x, samp, i, &n));
        TRY(read_gallium_sampler(x, &samp->items[i], slot_for(c, n)));
    }
    for (size_t i = 0; views && views->kind == TGX_JSON_OBJECT && i < views->count; i++) {
        unsigned n = 0;
        TRY(slot_number(x, views, i, &n));
        TRY(read_gallium_view(x, &views->items[i], slot_for(c, n)));
    }
    for (size_t i = 0; gl && gl->kind == TGX_JSON_ARRAY && i < gl->count; i++) {
        unsigned unit, tex;
        TRY(need_uint(x, &gl->items[i], "unit", &unit));
        TRY(need_uint(x, &gl->items[i], "texture", &tex));
        if (unit > 127)
            return bad(x, &gl->items[i], "unit", "0..127");
        tgx_case_slot *s = slot_for(c, unit);
        s->texture = texture_index(c, tex);
        if (s->texture < 0)
            return bad(x, &gl->items[i], "texture", "the id of an entry of inputs.textures");
    }
    for (size_t i = 0; views && views->kind == TGX_JSON_OBJECT && i < views->count; i++) {
        unsigned n = 0;
        TRY(slot_number(x, views, i, &n));
        TRY(check_buffer_range(x, &views->items[i], c, slot_for(c, n)));
    }
    return TGX_OK;
}

/* inputs.images: [{unit, texture, access}] (issue 9's layout); level 0 of the texture is the
 * image, which the run may write. */
static tgx_status read_image(const ctx *x, const tgx_json *o, const tgx_case *c,
                             tgx_case_image *img)
{
    const tgx_json *access;
    unsigned tex;
    if (o->kind != TGX_JSON_OBJECT)
        return bad(x, o, "images[]", "an object {unit, texture, access}");
    TRY(need_uint(x, o, "unit", &img->unit));
    if (img->unit >= TGX_PIPE_MAX_UNITS)
        return bad(x, tgx_json_get(o, "unit"), "unit", "an image unit 0..31");
    TRY(need_uint(x, o, "texture", &tex));
    img->texture = texture_index(c, tex);
    if (img->texture < 0)
        return bad(x, tgx_json_get(o, "texture"), "texture",
                   "the id of an entry of inputs.textures");
    TRY(need(x, o, "access", TGX_JSON_STRING, &access));
    img->read = strchr(access->text, 'r') != NULL;
    img->write = strchr(access->text, 'w') != NULL;
    if (strcmp(access->text, "r") && strcmp(access->text, "w") && strcmp(access->text, "rw"))
        return bad(x, access, "access", "\"r\", \"w\" or \"rw\"");
    for (size_t i = 0; i < c->image_count; i++)
        if (c->images[i].unit == img->unit)
            return bad(x, o, "unit", "one entry per image unit");
    return TGX_OK;
}

static tgx_status read_images(const ctx *x, const tgx_json *inputs, tgx_case *c)
{
    const tgx_json *a;
    void *items;
    TRY(list_member(x, inputs, "images", sizeof *c->images, &a, &items));
    c->images = items;
    for (size_t i = 0; a && i < a->count; i++, c->image_count++)
        TRY(read_image(x, &a->items[i], c, &c->images[i]));
    return TGX_OK;
}

/* ---- constants, UBOs, SSBOs, attributes ---- */

static tgx_status read_rows(const ctx *x, const tgx_json *rows, unsigned index, tgx_case_cbuf *cb)
{
    if (rows->kind != TGX_JSON_ARRAY)
        return bad(x, rows, "rows", "an array of 4-word rows");
    cb->index = index;
    cb->count = rows->count * 4;
    cb->words = alloc_array(cb->count, sizeof *cb->words);
    if (!cb->words)
        return nomem(x);
    for (size_t r = 0; r < rows->count; r++) {
        const tgx_json *row = &rows->items[r];
        if (row->kind != TGX_JSON_ARRAY || row->count != 4)
            return bad(x, row, "rows[]", "4 hex words");
        for (unsigned k = 0; k < 4; k++)
            if (!tgx_json_u32(&row->items[k], &cb->words[r * 4 + k]))
                return bad(x, &row->items[k], "rows[][]", "a hex word \"0x...\"");
    }
    return TGX_OK;
}

/* "CONST[n]" with n 0..31 as the index; -1 for any other name. */
static int cbuf_key(const char *key)
{
    unsigned n = 0;
    int used = 0;
    if (sscanf(key, "CONST[%u]%n", &n, &used) != 1 || key[used] != 0 || n > 31 ||
        strspn(key + 6, "0123456789") + 7 != strlen(key))
        return -1;
    return (int)n;
}

/* A CONST[index] of `stages` once only (a stage's own buffer may replace a shared one). */
static tgx_status add_cbuf(const ctx *x, const tgx_json *where, tgx_case *c, unsigned index,
                           tgx_case_stages stages, const tgx_json *rows)
{
    for (size_t i = 0; i < c->cbuf_count; i++)
        if (c->cbufs[i].index == index && c->cbufs[i].stages == stages)
            return bad(x, where, "constants",
                       "each CONST[n] once per stage (inputs.ubos binding "
                       "n-1 is CONST[n] too)");
    c->cbufs[c->cbuf_count].stages = stages;
    TRY(read_rows(x, rows, index, &c->cbufs[c->cbuf_count]));
    c->cbuf_count++;
    return TGX_OK;
}

/* tgsi_bindings.constants (both stages) or vertex_constants / fragment_constants (one stage):
 * an object of "CONST[n]": null (none) or {"rows": [...]}; other members are notes. */
static tgx_status read_const_object(const ctx *x, const tgx_json *o, tgx_case_stages stages,
                                    tgx_case *c)
{
    if (!o || o->kind == TGX_JSON_NULL)
        return TGX_OK;
    if (o->kind != TGX_JSON_OBJECT)
        return bad(x, o, "constants", "an object of CONST[n] members");
    for (size_t i = 0; i < o->count; i++) {
        const char *key = o->keys[i];
        const tgx_json *v = &o->items[i], *rows;
        int n = cbuf_key(key);
        if (n < 0) {
            if (strncmp(key, "CONST", 5) == 0)
                return bad(x, v, key, "a member named CONST[n] with n 0..31");
            continue;
        }
        if (v->kind == TGX_JSON_NULL)
            continue;
        if (v->kind != TGX_JSON_OBJECT)
            return bad(x, v, key, "null or an object with rows");
        TRY(need(x, v, "rows", TGX_JSON_ARRAY, &rows));
        TRY(add_cbuf(x, v, c, (unsigned)n, stages, rows));
    }
    return TGX_OK;
}

static size_t object_size(const tgx_json *o)
{
    return o && o->kind == TGX_JSON_OBJECT ? o->count : 0;
}

static tgx_status read_cbufs(const ctx *x, const tgx_json *inputs, const tgx_json *bind,
                             tgx_case *c)
{
    const tgx_json *consts = tgx_json_get(bind, "constants");
    const tgx_json *vconsts = tgx_json_get(bind, "vertex_constants");
    const tgx_json *fconsts = tgx_json_get(bind, "fragment_constants");
    const tgx_json *ubos = tgx_json_get(inputs, "ubos");
    size_t nubo = ubos && ubos->kind == TGX_JSON_ARRAY ? ubos->count : 0;
    size_t n = nubo + object_size(consts) + object_size(vconsts) + object_size(fconsts) + 1;
    c->cbufs = alloc_array(n, sizeof *c->cbufs);
    if (!c->cbufs)
        return nomem(x);
    TRY(read_const_object(x, consts, TGX_CASE_STAGES_ALL, c));
    TRY(read_const_object(x, vconsts, TGX_CASE_STAGES_VERTEX, c));
    TRY(read_const_object(x, fconsts, TGX_CASE_STAGES_FRAGMENT, c));
    for (size_t i = 0; i < nubo; i++) {
        const tgx_json *u = &ubos->items[i], *rows;
        unsigned binding;
        TRY(need_uint(x, u, "binding", &binding));
        if (binding > 30)
            return bad(x, u, "binding", "0..30");
        TRY(need(x, u, "rows", TGX_JSON_ARRAY, &rows));
        TRY(add_cbuf(x, u, c, binding + 1, TGX_CASE_STAGES_ALL, rows));
    }
    return TGX_OK;
}

static tgx_status read_ssbo(const ctx *x, const tgx_json *s, tgx_case_ssbo *b)
{
    const tgx_json *words = tgx_json_get(s, "words"), *et = tgx_json_get(s, "element_type");
    unsigned bytes;
    TRY(need_uint(x, s, "binding", &b->binding));
    TRY(need_uint(x, s, "bytes", &bytes));
    if (bytes % 4 || bytes > (1u << 28))
        return bad(x, s, "bytes", "a multiple of 4 below 256 MiB");
    b->bytes = bytes;
    b->is_float = et && et->kind == TGX_JSON_STRING && strcmp(et->text, "f32") == 0;
    b->words = alloc_array(bytes / 4, sizeof *b->words);
    if (!b->words)
        return nomem(x);
    if (!words || words->kind == TGX_JSON_NULL)
        return TGX_OK; /* "init": "all zero" */
    if (words->kind != TGX_JSON_ARRAY || words->count != bytes / 4)
        return bad(x, words, "words", "bytes/4 hex words");
    for (size_t i = 0; i < words->count; i++)
        if (!tgx_json_u32(&words->items[i], &b->words[i]))
            return bad(x, &words->items[i], "words[]", "a hex word");
    return TGX_OK;
}

static tgx_status read_ssbos(const ctx *x, const tgx_json *inputs, tgx_case *c)
{
    const tgx_json *a;
    void *items;
    TRY(list_member(x, inputs, "ssbos", sizeof *c->ssbos, &a, &items));
    c->ssbos = items;
    for (size_t i = 0; a && i < a->count; i++) {
        c->ssbo_count++; /* counted first so that tgx_case_free releases a half-read one */
        TRY(read_ssbo(x, &a->items[i], &c->ssbos[i]));
    }
    return TGX_OK;
}

static tgx_status attrib_value(const ctx *x, const tgx_json *v, tgx_case_type t, uint32_t *w)
{
    int64_t i;
    float f = 0.0f;
    if (t == TGX_CASE_F32) {
        TRY(get_float(x, v, "values", &f));
        *w = tgx_f2bits(f);
        return TGX_OK;
    }
    if (!tgx_json_i64(v, &i) || i < INT32_MIN || i > (int64_t)UINT32_MAX)
        return bad(x, v, "values", "a 32-bit integer");
    *w = (uint32_t)i; /* two's complement for negative ints */
    return TGX_OK;
}

static tgx_status read_attrib(const ctx *x, const tgx_json *o, tgx_case_attrib *at)
{
    const tgx_json *type, *vals;
    TRY(need_uint(x, o, "location", &at->location));
    TRY(need_uint(x, o, "components", &at->components));
    if (at->components < 1 || at->components > 4 || at->location > 31)
        return bad(x, o, "attribute", "location 0..31 and 1..4 components");
    TRY(need(x, o, "type", TGX_JSON_STRING, &type));
    if (strcmp(type->text, "int") == 0)
        at->type = TGX_CASE_I32;
    else if (strcmp(type->text, "uint") == 0)
        at->type = TGX_CASE_U32;
    else if (strcmp(type->text, "float") == 0)
        at->type = TGX_CASE_F32;
    else
        return bad(x, type, "type", "int, uint or float");
    TRY(need(x, o, "values", TGX_JSON_ARRAY, &vals));
    at->vertex_count = vals->count;
    at->words = alloc_array(vals->count * at->components, sizeof *at->words);
    if (!at->words)
        return nomem(x);
    for (size_t v = 0; v < vals->count; v++) {
        const tgx_json *row = &vals->items[v];
        if (row->kind != TGX_JSON_ARRAY || row->count != at->components)
            return bad(x, row, "values[]", "one value per component");
        for (unsigned k = 0; k < at->components; k++)
            TRY(attrib_value(x, &row->items[k], at->type, &at->words[v * at->components + k]));
    }
    return TGX_OK;
}

static tgx_status read_attribs(const ctx *x, const tgx_json *inputs, tgx_case *c)
{
    const tgx_json *a;
    void *items;
    TRY(list_member(x, inputs, "attributes", sizeof *c->attribs, &a, &items));
    c->attribs = items;
    for (size_t i = 0; a && i < a->count; i++) {
        c->attrib_count++;
        TRY(read_attrib(x, &a->items[i], &c->attribs[i]));
        if (c->attribs[i].vertex_count < c->vertex_count)
            return bad(x, &a->items[i], "values", "a row for every vertex of the draw");
    }
    return TGX_OK;
}

/* ---- results ---- */

/* "result", "ssboN" or "imgN" (N a unit number without sign or leading zeros). */
static tgx_status result_output(const ctx *x, const tgx_json *r, const char *name,
                                tgx_case_result *res)
{
    const char *digits = NULL;
    if (strcmp(name, "result") == 0) {
        res->output = TGX_CASE_OUT_TARGET;
        return TGX_OK;
    }
    if (strncmp(name, "ssbo", 4) == 0) {
        res->output = TGX_CASE_OUT_SSBO;
        digits = name + 4;
    } else if (strncmp(name, "img", 3) == 0) {
        res->output = TGX_CASE_OUT_IMAGE;
        digits = name + 3;
    }
    size_t n = digits ? strspn(digits, "0123456789") : 0;
    if (!n || digits[n] || n > 2 || (n == 2 && digits[0] == '0') || atoi(digits) >= 32)
        return bad(x, r, name, "a result named result, ssboN or imgN (N = 0..31)");
    res->index = (unsigned)atoi(digits);
    return TGX_OK;
}

static tgx_status read_file_name(const ctx *x, const tgx_json *r, const char *key, char *dst)
{
    TRY(need_word(x, r, key, key, dst, TGX_CASE_NAME_MAX));
    if (strchr(dst, '/') || !dst[0] || strcmp(dst, ".") == 0 || strcmp(dst, "..") == 0)
        return bad(x, tgx_json_get(r, key), key, "a file name inside the case folder");
    return TGX_OK;
}

/* max_abs_diff, and max_abs_diff_per_channel when given (one non-negative number per channel).
 * A channel's figure never exceeds the overall one. */
static tgx_status read_differences(const ctx *x, const tgx_json *r, tgx_case_result *res)
{
    const tgx_json *diff, *per = tgx_json_get(r, "max_abs_diff_per_channel");
    TRY(need(x, r, "max_abs_diff", TGX_JSON_NUMBER, &diff));
    if (!(diff->number >= 0))
        return bad(x, diff, "max_abs_diff", "a non-negative number");
    res->max_abs_diff = diff->number;
    for (unsigned ch = 0; ch < res->channels; ch++)
        res->channel_max[ch] = res->max_abs_diff;
    if (!per || per->kind == TGX_JSON_NULL)
        return TGX_OK;
    if (per->kind != TGX_JSON_ARRAY || per->count != res->channels)
        return bad(x, per, "max_abs_diff_per_channel", "one number per channel");
    for (unsigned ch = 0; ch < res->channels; ch++) {
        const tgx_json *v = &per->items[ch];
        if (v->kind != TGX_JSON_NUMBER || !(v->number >= 0))
            return bad(x, v, "max_abs_diff_per_channel", "a non-negative number");
        if (v->number < res->channel_max[ch])
            res->channel_max[ch] = v->number;
    }
    return TGX_OK;
}

static tgx_status read_result(const ctx *x, const char *name, const tgx_json *r,
                              tgx_case_result *res)
{
    const tgx_json *type;
    if (r->kind != TGX_JSON_OBJECT)
        return bad(x, r, name, "an object");
    if (strlen(name) >= sizeof res->name)
        return bad(x, r, "results", "a shorter result name");
    strcpy(res->name, name);
    TRY(result_output(x, r, name, res));
    TRY(read_file_name(x, r, "softpipe", res->file));
    if (tgx_json_get(r, "llvmpipe") && tgx_json_get(r, "llvmpipe")->kind != TGX_JSON_NULL)
        TRY(read_file_name(x, r, "llvmpipe", res->llvmpipe));
    TRY(need_uint(x, r, "width", &res->width));
    TRY(need_uint(x, r, "height", &res->height));
    TRY(need_uint(x, r, "channels", &res->channels));
    if (!res->width || !res->height || !res->channels || res->channels > TGX_CASE_MAX_CHANNELS)
        return bad(x, r, name, "width and height of at least 1 and 1..64 channels");
    TRY(opt_uint(x, r, "nan_mismatches", &res->nan_mismatches));
    TRY(need(x, r, "type", TGX_JSON_STRING, &type));
    if (strcmp(type->text, "float32") == 0)
        res->type = TGX_CASE_F32;
    else if (strcmp(type->text, "uint32") == 0)
        res->type = TGX_CASE_U32;
    else if (strcmp(type->text, "int32") == 0)
        res->type = TGX_CASE_I32;
    else
        return bad(x, type, "type", "float32, uint32 or int32");
    return read_differences(x, r, res);
}

/* Bounds every result by what the case says it holds, so that no size read from the file
 * decides an allocation on its own: a fragment case's result is its framebuffer, a vertex
 * case's one element per vertex, an SSBO result at most the buffer, an image result the image's
 * level 0. */
static tgx_status check_target_shape(const ctx *x, const tgx_json *r, const tgx_case *c,
                                     const tgx_case_result *res)
{
    if (c->stage == TGX_CASE_COMPUTE)
        return bad(x, r, res->name, "ssboN or imgN results in a compute case");
    if (c->stage == TGX_CASE_VERTEX) {
        if (res->width != c->vertex_count || res->height != 1)
            return bad(x, r, res->name,
                       "one element per vertex of the draw (width = count, "
                       "height 1)");
        return TGX_OK;
    }
    if (res->width != c->fb_width || res->height != c->fb_height || res->channels != 4)
        return bad(x, r, res->name, "the framebuffer's width and height, 4 channels");
    tgx_case_type want = c->fb_signed ? TGX_CASE_I32 : c->fb_integer ? TGX_CASE_U32 : TGX_CASE_F32;
    if (res->type != want)
        return bad(x, r, "type",
                   c->fb_signed    ? "int32 for a GL_RGBA32I framebuffer"
                   : c->fb_integer ? "uint32 for a GL_RGBA32UI framebuffer"
                                   : "float32 for a GL_RGBA32F framebuffer");
    return TGX_OK;
}

static tgx_status check_ssbo_shape(const ctx *x, const tgx_json *r, const tgx_case *c,
                                   const tgx_case_result *res)
{
    for (size_t i = 0; i < c->ssbo_count; i++)
        if (c->ssbos[i].binding == res->index) {
            uint64_t words = (uint64_t)res->width * res->height * res->channels;
            if (words * 4 > c->ssbos[i].bytes)
                return bad(x, r, res->name, "no more words than the SSBO's bytes / 4");
            return TGX_OK;
        }
    return bad(x, r, res->name, "an SSBO binding listed in inputs.ssbos");
}

static tgx_status check_image_shape(const ctx *x, const tgx_json *r, const tgx_case *c,
                                    const tgx_case_result *res)
{
    for (size_t i = 0; i < c->image_count; i++) {
        if (c->images[i].unit != res->index)
            continue;
        const tgx_case_texture *t = &c->textures[c->images[i].texture];
        if (res->width != t->width || (uint64_t)res->height != (uint64_t)t->height * t->depth ||
            res->channels > 4)
            return bad(x, r, res->name,
                       "the image's level 0: its width, height x slices rows, 1..4 channels");
        return TGX_OK;
    }
    return bad(x, r, res->name, "an image unit listed in inputs.images");
}

static tgx_status read_results(const ctx *x, const tgx_json *root, tgx_case *c)
{
    const tgx_json *rs;
    TRY(need(x, root, "results", TGX_JSON_OBJECT, &rs));
    if (rs->count == 0)
        return bad(x, rs, "results", "at least one result");
    c->results = alloc_array(rs->count, sizeof *c->results);
    if (!c->results)
        return nomem(x);
    for (size_t i = 0; i < rs->count; i++, c->result_count++) {
        const tgx_json *r = &rs->items[i];
        tgx_case_result *res = &c->results[i];
        TRY(read_result(x, rs->keys[i], r, res));
        if (res->output == TGX_CASE_OUT_TARGET)
            TRY(check_target_shape(x, r, c, res));
        else if (res->output == TGX_CASE_OUT_SSBO)
            TRY(check_ssbo_shape(x, r, c, res));
        else
            TRY(check_image_shape(x, r, c, res));
        for (size_t k = 0; k < i; k++)
            if (res->output == c->results[k].output && res->index == c->results[k].index)
                return bad(x, r, res->name, "one result per output");
    }
    return TGX_OK;
}

/* ---- top level ---- */

static tgx_status read_stage(const ctx *x, const tgx_json *root, tgx_case *c)
{
    const tgx_json *stage, *files;
    TRY(need_word(x, root, "name", "name", c->name, sizeof c->name));
    TRY(need(x, root, "stage", TGX_JSON_STRING, &stage));
    if (strcmp(stage->text, "fragment") == 0)
        c->stage = TGX_CASE_FRAGMENT;
    else if (strcmp(stage->text, "vertex") == 0)
        c->stage = TGX_CASE_VERTEX;
    else if (strcmp(stage->text, "compute") == 0)
        c->stage = TGX_CASE_COMPUTE;
    else
        return bad(x, stage, "stage", "fragment, vertex or compute");
    TRY(need(x, root, "files", TGX_JSON_OBJECT, &files));
    TRY(need_word(x, files, "tgsi", "files.tgsi", c->shader_file, sizeof c->shader_file));
    TRY(opt_word(x, files, "vertex_tgsi", c->vertex_file, sizeof c->vertex_file));
    if (strchr(c->shader_file, '/') || strchr(c->vertex_file, '/'))
        return bad(x, files, "files", "file names inside the case folder");
    if (c->stage == TGX_CASE_FRAGMENT && !c->vertex_file[0]) /* a draw needs its vertex shader */
        return tgx_diag_set(x->d, TGX_ERR_INVALID, x->file, files->line, files->column,
                            "missing member \"vertex_tgsi\" (a fragment case draws with it)");
    return TGX_OK;
}

static tgx_status read_rasterizer(const ctx *x, const tgx_json *gal, tgx_case *c)
{
    const tgx_json *rs = tgx_json_get(gal, "rasterizer");
    c->half_pixel_center = true; /* GL's rule, and what every case had */
    c->depth_clip_near = true;   /* GL without depth clamp */
    if (!rs)
        return TGX_OK;
    TRY(opt_bool(x, rs, "half_pixel_center", &c->half_pixel_center));
    TRY(opt_bool(x, rs, "bottom_edge_rule", &c->bottom_edge_rule));
    TRY(opt_bool(x, rs, "front_ccw", &c->front_ccw));
    TRY(opt_bool(x, rs, "flatshade_first", &c->flatshade_first));
    TRY(opt_bool(x, rs, "clip_halfz", &c->clip_halfz));
    TRY(opt_bool(x, rs, "depth_clip_near", &c->depth_clip_near));
    TRY(opt_uint(x, rs, "clip_plane_enable", &c->clip_plane_enable));
    if (c->clip_plane_enable > 0xff)
        return bad(x, tgx_json_get(rs, "clip_plane_enable"), "clip_plane_enable",
                   "a mask of clip distances 0..7 (0..255)");
    const tgx_json *mode = tgx_json_get(rs, "sprite_coord_mode");
    if (mode && mode->kind != TGX_JSON_NULL) {
        bool upper = mode->kind == TGX_JSON_STRING && strcmp(mode->text, "upper_left") == 0;
        if (!upper && (mode->kind != TGX_JSON_STRING || strcmp(mode->text, "lower_left") != 0))
            return bad(x, mode, "sprite_coord_mode", "upper_left or lower_left");
        c->sprite_coord_upper_left = upper;
    }
    return TGX_OK;
}

/* gallium_state_at_draw.clip.ucp: gallium's pipe_clip_state, up to 8 legacy user clip planes
 * (A, B, C, D in eye space, as st/mesa hands them to a GLSL program); missing ones are 0. */
static tgx_status read_ucp(const ctx *x, const tgx_json *gal, tgx_case *c)
{
    const tgx_json *ucp = tgx_json_get(tgx_json_get(gal, "clip"), "ucp");
    if (!ucp || ucp->kind == TGX_JSON_NULL)
        return TGX_OK;
    if (ucp->kind != TGX_JSON_ARRAY || ucp->count > 8)
        return bad(x, ucp, "clip.ucp", "an array of at most 8 planes [A, B, C, D]");
    for (size_t i = 0; i < ucp->count; i++) {
        const tgx_json *p = &ucp->items[i];
        if (p->kind != TGX_JSON_ARRAY || p->count != 4)
            return bad(x, p, "clip.ucp", "a plane of 4 numbers [A, B, C, D]");
        for (size_t k = 0; k < 4; k++) {
            TRY(get_float(x, &p->items[k], "clip.ucp", &c->ucp[i][k]));
            if (!isfinite(c->ucp[i][k]))
                return bad(x, &p->items[k], "clip.ucp", "a number within float range");
        }
    }
    return TGX_OK;
}

static tgx_status read_inputs(const ctx *x, const tgx_json *root, tgx_case *c)
{
    const tgx_json *inputs, *bind, *gal, *fb, *draw, *disp;
    TRY(need(x, root, "inputs", TGX_JSON_OBJECT, &inputs));
    TRY(need(x, root, "tgsi_bindings", TGX_JSON_OBJECT, &bind));
    gal = tgx_json_get(bind, "gallium_state_at_draw");
    fb = tgx_json_get(inputs, "framebuffer");
    if (c->stage == TGX_CASE_FRAGMENT && !fb)
        return bad(x, inputs, "inputs", "a framebuffer for a fragment case");
    if (fb)
        TRY(read_framebuffer(x, fb, c));
    draw = tgx_json_get(inputs, "draw");
    if (c->stage != TGX_CASE_COMPUTE && !draw)
        return bad(x, inputs, "inputs", "a draw");
    if (draw)
        TRY(read_draw(x, draw, c));
    TRY(read_rasterizer(x, gal, c));
    TRY(read_ucp(x, gal, c));
    disp = tgx_json_get(inputs, "dispatch");
    if (c->stage == TGX_CASE_COMPUTE) {
        if (!disp || disp->kind != TGX_JSON_ARRAY || disp->count != 3)
            return bad(x, disp ? disp : inputs, "dispatch", "[x, y, z] work-group counts");
        for (unsigned i = 0; i < 3; i++) {
            TRY(get_uint(x, &disp->items[i], "dispatch", &c->dispatch[i]));
            /* GL 4.6 table 23.75: GL_MAX_COMPUTE_WORK_GROUP_COUNT is at least 65535 a side */
            if (c->dispatch[i] > 65535)
                return bad(x, &disp->items[i], "dispatch", "at most 65535 work groups a side");
        }
    }
    TRY(read_textures(x, inputs, c));
    TRY(read_slots(x, inputs, gal, c));
    TRY(read_images(x, inputs, c));
    TRY(read_cbufs(x, inputs, bind, c));
    TRY(read_ssbos(x, inputs, c));
    TRY(read_attribs(x, inputs, c));
    return TGX_OK;
}

tgx_status tgx_case_load(const char *dir, tgx_case *c, tgx_diag *d)
{
    char path[4096];
    char *text = NULL;
    size_t size = 0;
    tgx_json root;
    memset(c, 0, sizeof *c);
    if ((size_t)snprintf(path, sizeof path, "%s/case.json", dir) >= sizeof path)
        return tgx_diag_set(d, TGX_ERR_ARG, dir, 0, 0, "case folder path too long");
    tgx_status st = tgx_read_file(path, &text, &size, d);
    if (st < 0)
        return st;
    st = tgx_json_parse(text, size, path, &root, d);
    free(text);
    if (st < 0)
        return st;
    ctx x = {path, d};
    if (root.kind != TGX_JSON_OBJECT)
        st = bad(&x, &root, "case.json", "an object");
    if (st == TGX_OK)
        st = read_stage(&x, &root, c);
    if (st == TGX_OK)
        st = read_inputs(&x, &root, c);
    if (st == TGX_OK)
        st = read_results(&x, &root, c);
    tgx_json_free(&root);
    if (st < 0)
        tgx_case_free(c);
    return st;
}

void tgx_case_free(tgx_case *c)
{
    for (size_t i = 0; i < c->cbuf_count; i++)
        free(c->cbufs[i].words);
    for (size_t i = 0; i < c->ssbo_count; i++)
        free(c->ssbos[i].words);
    for (size_t i = 0; i < c->attrib_count; i++)
        free(c->attribs[i].words);
    free(c->positions);
    free(c->xfb_varyings);
    free(c->textures);
    free(c->slots);
    free(c->cbufs);
    free(c->ssbos);
    free(c->attribs);
    free(c->images);
    free(c->results);
    memset(c, 0, sizeof *c);
}
