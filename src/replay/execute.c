/* Corpus cases: rebuild every input from case.json, run it through the pipeline (tgx/pipe.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/pipe.h"
#include "tgx/replay.h"
#include "tgx/util.h"

/* Gallium's names (PIPE_FORMAT_*, PIPE_TEXTURE_*, as the case's gallium state spells them) of
 * what a sampler view may reinterpret its texture as: a format of the same texel size (GL
 * texture views, sRGB decoding turned off) or another target (a 2D view of one layer). */
static const struct {
    const char *pipe, *tgx;
} view_formats[] = {
    {"PIPE_FORMAT_R8G8B8A8_UNORM", "rgba8"},
    {"PIPE_FORMAT_R8G8B8A8_SRGB", "srgb8_a8"},
    {"PIPE_FORMAT_R8G8B8A8_SNORM", "rgba8_snorm"},
    {"PIPE_FORMAT_R8G8B8A8_UINT", "rgba8ui"},
    {"PIPE_FORMAT_R8G8B8A8_SINT", "rgba8i"},
    {"PIPE_FORMAT_B8G8R8A8_UNORM", "bgra8"},
    {"PIPE_FORMAT_R8_UNORM", "r8"},
    {"PIPE_FORMAT_R8_SNORM", "r8_snorm"},
    {"PIPE_FORMAT_R8_UINT", "r8ui"},
    {"PIPE_FORMAT_R8_SINT", "r8i"},
    {"PIPE_FORMAT_R8G8_UNORM", "rg8"},
    {"PIPE_FORMAT_R8G8_SNORM", "rg8_snorm"},
    {"PIPE_FORMAT_R8G8_UINT", "rg8ui"},
    {"PIPE_FORMAT_R8G8_SINT", "rg8i"},
    {"PIPE_FORMAT_R16_UNORM", "r16"},
    {"PIPE_FORMAT_R16_FLOAT", "r16f"},
    {"PIPE_FORMAT_R16_UINT", "r16ui"},
    {"PIPE_FORMAT_R16_SINT", "r16i"},
    {"PIPE_FORMAT_R16G16_UNORM", "rg16"},
    {"PIPE_FORMAT_R16G16_FLOAT", "rg16f"},
    {"PIPE_FORMAT_R16G16_UINT", "rg16ui"},
    {"PIPE_FORMAT_R16G16_SINT", "rg16i"},
    {"PIPE_FORMAT_R16G16B16A16_UNORM", "rgba16"},
    {"PIPE_FORMAT_R16G16B16A16_SNORM", "rgba16_snorm"},
    {"PIPE_FORMAT_R16G16B16A16_FLOAT", "rgba16f"},
    {"PIPE_FORMAT_R16G16B16A16_UINT", "rgba16ui"},
    {"PIPE_FORMAT_R16G16B16A16_SINT", "rgba16i"},
    {"PIPE_FORMAT_R32_FLOAT", "r32f"},
    {"PIPE_FORMAT_R32_UINT", "r32ui"},
    {"PIPE_FORMAT_R32_SINT", "r32i"},
    {"PIPE_FORMAT_R32G32_FLOAT", "rg32f"},
    {"PIPE_FORMAT_R32G32_UINT", "rg32ui"},
    {"PIPE_FORMAT_R32G32_SINT", "rg32i"},
    {"PIPE_FORMAT_R32G32B32A32_FLOAT", "rgba32f"},
    {"PIPE_FORMAT_R32G32B32A32_UINT", "rgba32ui"},
    {"PIPE_FORMAT_R32G32B32A32_SINT", "rgba32i"},
    {"PIPE_FORMAT_R10G10B10A2_UNORM", "rgb10_a2"},
    {"PIPE_FORMAT_R11G11B10_FLOAT", "r11f_g11f_b10f"},
    {"PIPE_FORMAT_R9G9B9E5_FLOAT", "rgb9_e5"},
    {"PIPE_FORMAT_Z16_UNORM", "depth16"},
    {"PIPE_FORMAT_Z24X8_UNORM", "depth24"},
    {"PIPE_FORMAT_Z24_UNORM_S8_UINT", "depth24_stencil8"},
    {"PIPE_FORMAT_X24S8_UINT", "x24_stencil8"},
    {"PIPE_FORMAT_Z32_FLOAT", "depth32f"},
    {"PIPE_FORMAT_Z32_FLOAT_S8X24_UINT", "depth32f_stencil8"},
    {"PIPE_FORMAT_X32_S8X24_UINT", "x32_stencil8"},
    {"PIPE_FORMAT_S8_UINT", "stencil8"},
};

static const struct {
    const char *pipe;
    tgx_tex_target target;
} view_targets[] = {
    {"PIPE_BUFFER", TGX_TEX_BUFFER},
    {"PIPE_TEXTURE_1D", TGX_TEX_1D},
    {"PIPE_TEXTURE_2D", TGX_TEX_2D},
    {"PIPE_TEXTURE_3D", TGX_TEX_3D},
    {"PIPE_TEXTURE_CUBE", TGX_TEX_CUBE},
    {"PIPE_TEXTURE_RECT", TGX_TEX_RECT},
    {"PIPE_TEXTURE_1D_ARRAY", TGX_TEX_1D_ARRAY},
    {"PIPE_TEXTURE_2D_ARRAY", TGX_TEX_2D_ARRAY},
    {"PIPE_TEXTURE_CUBE_ARRAY", TGX_TEX_CUBE_ARRAY},
};

typedef struct case_run {
    const tgx_case *c;
    const char *dir;
    tgx_tex **tex;
    tgx_tex *ranges[TGX_PIPE_MAX_UNITS]; /* buffer views of part of their buffer */
    tgx_tex_view views[TGX_PIPE_MAX_UNITS];
    tgx_sampler samplers[TGX_PIPE_MAX_UNITS];
    tgx_pipe_bindings b;      /* what every stage sees */
    tgx_pipe_bindings vs, fs; /* b with the vertex / fragment shader's own constant buffers */
    uint32_t *ssbo_copy[TGX_PIPE_MAX_BUFFERS];
    tgx_replay_opts opts;
    tgx_diag *d;
} case_run;

/* CONST[cb->index] of b is the case's buffer cb (index checked by the caller). */
static void bind_cbuf(tgx_pipe_bindings *b, const tgx_case_cbuf *cb)
{
    b->cbuf[cb->index] = cb->words;
    b->cbuf_words[cb->index] = cb->count;
}

static tgx_status case_error(const case_run *r, tgx_status st, const char *fmt, const char *what)
{
    char path[512];
    snprintf(path, sizeof path, "%s/case.json", r->dir);
    return tgx_diag_set(r->d, st, path, 0, 0, fmt, what);
}

/* The case's texture: its description, every level filled by its generator (README "Texture
 * generators"). */
static tgx_status build_texture(case_run *r, const tgx_case_texture *t, tgx_tex **out)
{
    tgx_tex_source src;
    memset(&src, 0, sizeof src);
    src.desc.target = t->tex_target; /* resolved, and a bad name refused, by the case reader */
    src.desc.format = t->tex_format;
    src.desc.width = t->width;
    src.desc.height = t->height;
    src.desc.depth = t->depth;
    src.desc.levels = t->levels;
    src.desc.samples = 1;
    tgx_status st = tgx_texgen_parse(t->generator, &src.gen, r->d);
    if (st < 0)
        return st;
    src.generated = true;
    src.gen.seed = t->seed;
    if (t->cell)
        src.gen.cell = t->cell;
    src.gen.fscale = t->fscale;
    src.gen.fbias = t->fbias;
    return tgx_tex_source_build(&src, out, r->d);
}

/* The pipe_sampler_state softpipe had, in the texture unit's words. softpipe's LOD rule. */
static tgx_status build_sampler(case_run *r, const tgx_case_slot *s, tgx_sampler *smp)
{
    static const char *const wrap_keys[3] = {"wrap_s", "wrap_t", "wrap_r"};
    tgx_status st = TGX_OK;
    tgx_sampler_init(smp);
    for (int i = 0; i < 3 && st == TGX_OK; i++)
        st = tgx_sampler_set(smp, wrap_keys[i], s->wrap[i], r->d);
    if (st == TGX_OK)
        st = tgx_sampler_set(smp, "min", s->min_img_filter, r->d);
    if (st == TGX_OK)
        st = tgx_sampler_set(smp, "mip", s->min_mip_filter, r->d);
    if (st == TGX_OK)
        st = tgx_sampler_set(smp, "mag", s->mag_img_filter, r->d);
    if (st == TGX_OK)
        st = tgx_sampler_set(smp, "compare",
                             strcmp(s->compare_mode, "none") ? s->compare_func : "none", r->d);
    if (st < 0)
        return st;
    smp->lod_bias = s->lod_bias;
    smp->min_lod = s->min_lod;
    smp->max_lod = s->max_lod;
    memcpy(smp->border_color, s->border_color, sizeof smp->border_color);
    smp->normalized_coords = !s->unnormalized_coords;
    smp->seamless_cube = s->seamless_cube_map;
    smp->max_anisotropy = s->max_anisotropy > 1 ? s->max_anisotropy : 1;
    smp->lod_rule = r->opts.force_lod_rule ? r->opts.lod_rule : TGX_TEX_LOD_SOFTPIPE;
    if (r->opts.force_profile)
        smp->profile = r->opts.profile;
    return TGX_OK;
}

/* A buffer view of bytes [offset, offset + size) of its buffer (glTexBufferRange): a buffer
 * texture of those texels. */
static tgx_status buffer_range(case_run *r, const tgx_case_slot *s, tgx_tex_view *v)
{
    const tgx_tex *tex = r->tex[s->texture];
    const tgx_tex_desc *desc = tgx_tex_get_desc(tex);
    const uint32_t bytes = tgx_tex_get_format(tex)->bytes;
    uint64_t whole = (uint64_t)desc->width * bytes;
    if (s->buffer_size == 0 || (s->buffer_offset == 0 && s->buffer_size == whole))
        return TGX_OK;
    if (s->buffer_offset % bytes || s->buffer_size % bytes ||
        (uint64_t)s->buffer_offset + s->buffer_size > whole)
        return case_error(r, TGX_ERR_INVALID,
                          "buffer view %s outside its buffer or not whole "
                          "texels",
                          s->view_format);
    tgx_tex_desc sub = *desc;
    sub.width = s->buffer_size / bytes;
    tgx_status st = tgx_tex_create(&sub, &r->ranges[s->slot], r->d);
    if (st < 0)
        return st;
    size_t row, slice;
    const uint8_t *src = tgx_tex_level_data_const(tex, 0, &row, &slice);
    st = tgx_tex_upload(r->ranges[s->slot], 0, src + s->buffer_offset, s->buffer_size, r->d);
    if (st == TGX_OK)
        tgx_tex_view_init(v, r->ranges[s->slot]);
    return st;
}

/* The view's own format and target where they differ from its texture's. */
static tgx_status reinterpret(case_run *r, const tgx_case_slot *s, tgx_tex_view *v)
{
    size_t i;
    if (s->resource_format[0] && strcmp(s->view_format, s->resource_format)) {
        for (i = 0; i < sizeof view_formats / sizeof view_formats[0]; i++)
            if (!strcmp(view_formats[i].pipe, s->view_format))
                break;
        if (i == sizeof view_formats / sizeof view_formats[0] ||
            tgx_tex_format_from_name(view_formats[i].tgx, &v->format) < 0)
            return case_error(r, TGX_ERR_UNSUPPORTED,
                              "sampler view format %s (not its texture's) is not one tgx knows",
                              s->view_format);
    }
    if (s->resource_target[0] && strcmp(s->view_target, s->resource_target)) {
        for (i = 0; i < sizeof view_targets / sizeof view_targets[0]; i++)
            if (!strcmp(view_targets[i].pipe, s->view_target))
                break;
        if (i == sizeof view_targets / sizeof view_targets[0])
            return case_error(r, TGX_ERR_UNSUPPORTED, "sampler view target %s is not one tgx knows",
                              s->view_target);
        v->target = view_targets[i].target;
    }
    return TGX_OK;
}

/* The pipe_sampler_view: levels, layers, swizzle (x001 for one-channel formats, etc.), and the
 * format and target it reads the texture as. */
static tgx_status build_view(case_run *r, const tgx_case_slot *s, tgx_tex_view *v)
{
    const tgx_tex *tex = r->tex[s->texture];
    const tgx_tex_desc *desc = tgx_tex_get_desc(tex);
    tgx_tex_view_init(v, tex);
    if (!s->has_view)
        return TGX_OK;
    if (desc->target == TGX_TEX_BUFFER) /* the case's texture has the view's format already */
        return buffer_range(r, s, v);
    if (s->last_level < s->first_level || s->last_level >= desc->levels ||
        s->last_layer < s->first_layer)
        return case_error(r, TGX_ERR_INVALID, "sampler view %s outside its texture",
                          s->view_format);
    v->base_level = s->first_level;
    v->max_level = s->last_level;
    if (desc->target != TGX_TEX_3D) {
        v->first_slice = s->first_layer;
        v->num_slices = s->last_layer - s->first_layer + 1;
    }
    if (tgx_tex_swizzle_parse(s->swizzle, v->swizzle) < 0)
        return case_error(r, TGX_ERR_INVALID, "bad view swizzle '%s'", s->swizzle);
    return reinterpret(r, s, v);
}

static tgx_status build_resources(case_run *r)
{
    const tgx_case *c = r->c;
    tgx_status st = TGX_OK;
    r->tex = calloc(c->texture_count ? c->texture_count : 1, sizeof *r->tex);
    if (!r->tex)
        return tgx_diag_set(r->d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    for (size_t i = 0; i < c->texture_count && st == TGX_OK; i++)
        st = build_texture(r, &c->textures[i], &r->tex[i]);
    for (size_t i = 0; i < c->slot_count && st == TGX_OK; i++) {
        const tgx_case_slot *s = &c->slots[i];
        if (s->slot >= TGX_PIPE_MAX_UNITS)
            return case_error(r, TGX_ERR_LIMIT, "%s", "sampler slot above 31");
        if (s->texture >= 0) {
            st = build_view(r, s, &r->views[s->slot]);
            r->b.view[s->slot] = &r->views[s->slot];
        }
        if (st == TGX_OK && s->has_sampler) {
            st = build_sampler(r, s, &r->samplers[s->slot]);
            r->b.sampler[s->slot] = &r->samplers[s->slot];
        }
    }
    for (size_t i = 0; i < c->cbuf_count && st == TGX_OK; i++) {
        if (c->cbufs[i].index >= TGX_PIPE_MAX_CBUFS)
            return case_error(r, TGX_ERR_LIMIT, "%s", "constant buffer index above 31");
        if (c->cbufs[i].stages == TGX_CASE_STAGES_ALL)
            bind_cbuf(&r->b, &c->cbufs[i]);
    }
    for (size_t i = 0; i < c->image_count && st == TGX_OK; i++) {
        /* level 0 of the case's texture; image stores write it in place */
        r->b.image[c->images[i].unit] = r->tex[c->images[i].texture];
        r->b.image_level[c->images[i].unit] = 0;
    }
    for (size_t i = 0; i < c->ssbo_count && st == TGX_OK; i++) {
        if (c->ssbos[i].binding >= TGX_PIPE_MAX_BUFFERS)
            return case_error(r, TGX_ERR_LIMIT, "%s", "SSBO binding above 31");
        /* the case's words are the initial contents; the run writes the case's own copy */
        r->b.buffer[c->ssbos[i].binding] = c->ssbos[i].words;
        r->b.buffer_bytes[c->ssbos[i].binding] = c->ssbos[i].bytes;
    }
    r->vs = r->b, r->fs = r->b;
    for (size_t i = 0; i < c->cbuf_count; i++)
        if (c->cbufs[i].stages != TGX_CASE_STAGES_ALL)
            bind_cbuf(c->cbufs[i].stages == TGX_CASE_STAGES_VERTEX ? &r->vs : &r->fs, &c->cbufs[i]);
    return st;
}

static void free_resources(case_run *r)
{
    for (unsigned i = 0; i < TGX_PIPE_MAX_UNITS; i++)
        tgx_tex_destroy(r->ranges[i]);
    for (size_t i = 0; r->tex && i < r->c->texture_count; i++)
        tgx_tex_destroy(r->tex[i]);
    free(r->tex);
}

/* A case's shader, checked as `tgx check` and `tgx run` check it: a case whose shader the
 * validator rejects fails with the first error (warnings, such as the MEMORY[1]/MEMORY[0] quirk
 * of real Mesa output, do not stop it). */
static tgx_status load_shader(const case_run *r, const char *file, tgx_pipe_shader **out)
{
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", r->dir, file) >= sizeof path)
        return tgx_diag_set(r->d, TGX_ERR_ARG, file, 0, 0, "path too long");
    tgx_diag_list found;
    tgx_diag_list_init(&found);
    tgx_status st = tgx_pipe_shader_load_validated(path, &found, out, r->d);
    tgx_diag_list_free(&found);
    if (st == TGX_OK && r->opts.prepare_shader) {
        st = r->opts.prepare_shader(r->opts.user, *out, r->d);
        if (st != TGX_OK) {
            tgx_pipe_shader_destroy(*out);
            *out = NULL;
        }
    }
    return st;
}

static void drop_shader(const case_run *r, tgx_pipe_shader *s)
{
    if (s && r->opts.release_shader)
        r->opts.release_shader(r->opts.user, s);
    tgx_pipe_shader_destroy(s);
}

static tgx_status alloc_out(const tgx_case_result *res, tgx_tgxr *o, tgx_diag *d)
{
    /* the case reader bounded the size by the framebuffer, vertex count, SSBO or image */
    size_t n = (size_t)res->width * res->height * res->channels;
    o->width = res->width;
    o->height = res->height;
    o->channels = (uint16_t)res->channels;
    o->type = (uint16_t)res->type;
    o->words = calloc(n ? n : 1, sizeof *o->words);
    return o->words ? TGX_OK : tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
}

/* ---- the three kinds of case ---- */

/* The interpreter settings every stage of a replay shares: what softpipe did on the corpus's
 * x86-64 machines. */
static void replay_state(const case_run *r, tgx_pipe_state *st, uint32_t width, uint32_t height)
{
    tgx_pipe_state_init(st, width, height);
    st->threads = r->opts.threads;
    st->exec = r->opts.exec;
    /* softpipe's float-to-int conversions are C casts on x86-64 (alu_special_values: F2I of NaN
     * gives 0x80000000 there); docs/exec.md */
    st->f2i_rule = TGX_EXEC_F2I_X86;
    /* Mesa's draw_vbo runs every draw (vertex shading, rasterisation, fragment shading) with
     * MXCSR's flush-to-zero and denormals-are-zero bits set (util_fpstate_set_denorms_to_zero:
     * "the behavior required by D3D10"); softpipe_launch_grid does not, so compute keeps
     * denormals (alu_special_values: 1e-39 * 1.0 is 0 in both drivers); docs/replay.md */
    st->denorms =
        r->c->stage == TGX_CASE_COMPUTE ? TGX_EXEC_DENORMS_PRESERVE : TGX_EXEC_DENORMS_FLUSH;
}

/* Vertex attributes of the case; for fragment cases location 0 is attribute0_a_pos. */
static tgx_status bind_attribs(const case_run *r, unsigned vertices, tgx_pipe_attrib *attribs)
{
    const tgx_case *c = r->c;
    memset(attribs, 0, TGX_PIPE_MAX_ATTRIBS * sizeof *attribs);
    for (size_t i = 0; i < c->attrib_count; i++) {
        const tgx_case_attrib *a = &c->attribs[i];
        if (a->location >= TGX_PIPE_MAX_ATTRIBS)
            return case_error(r, TGX_ERR_LIMIT, "%s", "attribute location above 31");
        if (a->vertex_count < vertices)
            return case_error(r, TGX_ERR_INVALID, "%s",
                              "an attribute has fewer rows than the "
                              "draw has vertices");
        attribs[a->location].words = a->words;
        attribs[a->location].components = a->components;
        attribs[a->location].integer = a->type != TGX_CASE_F32;
    }
    if (c->stage == TGX_CASE_FRAGMENT) {
        attribs[0].words = (const uint32_t *)c->positions; /* float pairs: 2 words each */
        attribs[0].components = 2;
        attribs[0].integer = false;
    }
    return TGX_OK;
}

/* Draws the case into a target cleared to the case's colour: out's words when the case has a
 * "result", else a scratch target (a case that only checks SSBOs or images). */
static tgx_status run_fragment(case_run *r, tgx_tgxr *out)
{
    const tgx_case *c = r->c;
    tgx_pipe_shader *vs = NULL, *fs = NULL;
    tgx_pipe_target target = {c->fb_width, c->fb_height, c->fb_integer, NULL};
    size_t pixels = (size_t)c->fb_width * c->fb_height;
    tgx_pipe_draw draw;
    tgx_pipe_state st;
    memset(&draw, 0, sizeof draw);
    if (!c->vertex_file[0])
        return case_error(r, TGX_ERR_INVALID, "%s", "fragment case without files.vertex_tgsi");
    uint32_t *scratch = out ? NULL : malloc(pixels * 4 * sizeof *scratch);
    target.words = out ? out->words : scratch;
    if (!target.words)
        return tgx_diag_set(r->d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    for (size_t i = 0; i < pixels; i++)
        memcpy(&target.words[i * 4], c->fb_clear, sizeof c->fb_clear);
    tgx_status s = bind_attribs(r, (unsigned)c->position_count, draw.attribs);
    if (s == TGX_OK)
        s = load_shader(r, c->vertex_file, &vs);
    if (s == TGX_OK)
        s = load_shader(r, c->shader_file, &fs);
    if (s == TGX_OK) {
        replay_state(r, &st, c->fb_width, c->fb_height);
        memcpy(st.viewport, c->viewport, sizeof st.viewport);
        memcpy(st.depth_range, c->depth_range, sizeof st.depth_range);
        st.half_pixel_center = c->half_pixel_center;
        st.bottom_edge_rule = c->bottom_edge_rule;
        st.front_ccw = c->front_ccw;
        st.flatshade_first = c->flatshade_first;
        st.clip_plane_enable = c->clip_plane_enable;
        memcpy(st.clip_planes, c->ucp, sizeof st.clip_planes);
        st.sprite_coord_upper_left = c->sprite_coord_upper_left;
        st.clip_halfz = c->clip_halfz;
        st.no_depth_clip = !c->depth_clip_near;
        draw.vs = vs;
        draw.fs = fs;
        draw.prim = c->prim;
        draw.vertex_count = (unsigned)c->position_count;
        draw.vs_bindings = &r->vs;
        draw.fs_bindings = &r->fs;
        draw.targets[0] = &target;
        s = tgx_pipe_render(&draw, &st, r->d);
    }
    drop_shader(r, vs);
    drop_shader(r, fs);
    free(scratch);
    return s;
}

/* Which output register a captured varying comes from: gl_Position is POSITION, gl_PointSize
 * PSIZE, and user varyings take the vertex shader's GENERIC outputs in order (the linker gives
 * the captured varyings of these cases the first slots, in the order they are declared). */
static tgx_status xfb_source(const case_run *r, const tgx_pipe_shader *vs, const char *name,
                             unsigned *user, int *reg, unsigned *channels)
{
    if (strcmp(name, "gl_Position") == 0)
        *reg = tgx_pipe_shader_output(vs, "POSITION", 0, channels);
    else if (strcmp(name, "gl_PointSize") == 0)
        *reg = tgx_pipe_shader_output(vs, "PSIZE", 0, channels);
    else
        *reg = tgx_pipe_shader_varying(vs, (*user)++, channels);
    if (*reg < 0)
        return case_error(r, TGX_ERR_INVALID, "captured varying %s has no vertex shader output",
                          name);
    if (strcmp(name, "gl_PointSize") == 0)
        *channels = 1;
    return TGX_OK;
}

static tgx_status capture(const case_run *r, const tgx_pipe_shader *vs, const uint32_t *vout,
                          unsigned nout, tgx_tgxr *out)
{
    const tgx_case *c = r->c;
    unsigned user = 0, col = 0;
    for (size_t k = 0; k < c->xfb_count; k++) {
        int reg;
        unsigned ch;
        tgx_status s = xfb_source(r, vs, c->xfb_varyings[k], &user, &reg, &ch);
        if (s < 0)
            return s;
        if (col + ch > out->channels)
            return case_error(r, TGX_ERR_INVALID, "captured varyings need more than the %s",
                              "result's channels");
        for (unsigned v = 0; v < out->width; v++)
            for (unsigned i = 0; i < ch; i++)
                out->words[(size_t)v * out->channels + col + i] =
                    vout[((size_t)v * nout + (unsigned)reg) * 4 + i];
        col += ch;
    }
    if (col != out->channels)
        return case_error(r, TGX_ERR_INVALID, "captured varyings fill fewer channels than %s",
                          "the result has");
    return TGX_OK;
}

/* Runs the vertex shader on every vertex; out (NULL: the case captures nothing) receives the
 * captured varyings. */
static tgx_status run_vertex(case_run *r, tgx_tgxr *out)
{
    const tgx_case *c = r->c;
    tgx_pipe_shader *vs = NULL;
    tgx_pipe_attrib attribs[TGX_PIPE_MAX_ATTRIBS];
    uint32_t *vout = NULL;
    tgx_status s = bind_attribs(r, c->vertex_count, attribs);
    if (s == TGX_OK)
        s = load_shader(r, c->shader_file, &vs);
    unsigned nout = vs ? tgx_exec_program_num_outputs(tgx_pipe_shader_program(vs)) : 0;
    if (s == TGX_OK) {
        vout = calloc((size_t)c->vertex_count * (nout ? nout : 1) * 4, sizeof *vout);
        if (!vout)
            s = tgx_diag_set(r->d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    }
    tgx_pipe_state st;
    replay_state(r, &st, 1, 1);
    if (s == TGX_OK)
        s = tgx_pipe_run_vertices(vs, attribs, c->vertex_count, &r->vs, &st, vout, r->d);
    if (s == TGX_OK && out)
        s = capture(r, vs, vout, nout, out);
    free(vout);
    drop_shader(r, vs);
    return s;
}

/* A case's dispatch is bounded before it runs: every invocation is work, and nothing in a case
 * file limits them (`"dispatch": [16777216, 1, 1]` ran for minutes). The case reader keeps each
 * axis within GL's minimum GL_MAX_COMPUTE_WORK_GROUP_COUNT (65535); here the whole dispatch,
 * groups times the shader's block, is at most TGX_REPLAY_MAX_INVOCATIONS. */
static tgx_status check_dispatch_work(case_run *r, const tgx_pipe_shader *cs)
{
    unsigned block[3];
    tgx_exec_program_block_size(tgx_pipe_shader_program(cs), block);
    const uint32_t *g = r->c->dispatch;
    uint64_t groups = (uint64_t)g[0] * g[1] * g[2];
    uint64_t threads = groups * block[0] * block[1] * block[2];
    if (threads <= TGX_REPLAY_MAX_INVOCATIONS)
        return TGX_OK;
    return tgx_diag_set(r->d, TGX_ERR_LIMIT, r->c->shader_file, 0, 0,
                        "dispatch %ux%ux%u of %ux%ux%u-thread blocks is %llu invocations, more "
                        "than the %llu a case may run",
                        g[0], g[1], g[2], block[0], block[1], block[2], (unsigned long long)threads,
                        (unsigned long long)TGX_REPLAY_MAX_INVOCATIONS);
}

static tgx_status run_compute(case_run *r)
{
    tgx_pipe_shader *cs = NULL;
    tgx_pipe_state st;
    replay_state(r, &st, 1, 1);
    tgx_status s = load_shader(r, r->c->shader_file, &cs);
    if (s == TGX_OK)
        s = check_dispatch_work(r, cs);
    if (s == TGX_OK)
        s = tgx_pipe_dispatch(cs, r->c->dispatch, &r->b, &st, r->d);
    drop_shader(r, cs);
    return s;
}

/* ---- results after the run ---- */

/* BUFFER[N]'s first words (the case reader checked that they exist). */
static void read_ssbo(const case_run *r, const tgx_case_result *res, tgx_tgxr *out)
{
    size_t words = (size_t)res->width * res->height * res->channels;
    memcpy(out->words, r->b.buffer[res->index], words * 4);
}

/* IMAGE[N]'s level 0, one element per texel: rows of slice 0, then slice 1, ...; each texel's
 * stored channels c0.. as tgx_tex_load_texel decodes them (float values, or raw integers for
 * integer formats), the first `channels` of them. */
static void read_image(const case_run *r, const tgx_case_result *res, tgx_tgxr *out)
{
    const tgx_tex *tex = r->b.image[res->index];
    uint32_t w, h, slices, texel[4];
    tgx_tex_level_size(tex, 0, &w, &h, &slices);
    size_t k = 0;
    for (uint32_t z = 0; z < slices; z++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++) {
                tgx_tex_load_texel(tex, 0, x, y, z, 0, texel);
                for (unsigned ch = 0; ch < res->channels; ch++)
                    out->words[k++] = texel[ch];
            }
}

/* SSBOs are written in place: the run gets copies so the case stays reusable. */
static tgx_status copy_ssbos(case_run *r)
{
    for (unsigned i = 0; i < TGX_PIPE_MAX_BUFFERS; i++) {
        if (!r->b.buffer[i])
            continue;
        r->ssbo_copy[i] = malloc(r->b.buffer_bytes[i] ? r->b.buffer_bytes[i] : 1);
        if (!r->ssbo_copy[i])
            return tgx_diag_set(r->d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
        memcpy(r->ssbo_copy[i], r->b.buffer[i], r->b.buffer_bytes[i]);
        r->b.buffer[i] = r->ssbo_copy[i];
    }
    return TGX_OK;
}

/* The stage's own result (render target or capture), or NULL when the case lists none. */
static tgx_tgxr *target_output(const tgx_case *c, tgx_tgxr *outs)
{
    for (size_t i = 0; i < c->result_count; i++)
        if (c->results[i].output == TGX_CASE_OUT_TARGET)
            return &outs[i];
    return NULL;
}

static tgx_status run_case(case_run *r, tgx_tgxr *outs)
{
    const tgx_case *c = r->c;
    tgx_status s = build_resources(r);
    if (s == TGX_OK)
        s = copy_ssbos(r);
    for (size_t i = 0; i < c->result_count && s == TGX_OK; i++)
        s = alloc_out(&c->results[i], &outs[i], r->d);
    if (s < 0)
        return s;
    if (c->stage == TGX_CASE_FRAGMENT)
        s = run_fragment(r, target_output(c, outs));
    else if (c->stage == TGX_CASE_VERTEX)
        s = run_vertex(r, target_output(c, outs));
    else
        s = run_compute(r);
    for (size_t i = 0; i < c->result_count && s == TGX_OK; i++) {
        if (c->results[i].output == TGX_CASE_OUT_SSBO)
            read_ssbo(r, &c->results[i], &outs[i]);
        else if (c->results[i].output == TGX_CASE_OUT_IMAGE)
            read_image(r, &c->results[i], &outs[i]);
    }
    return s;
}

void tgx_replay_opts_init(tgx_replay_opts *o)
{
    memset(o, 0, sizeof *o);
}

tgx_status tgx_case_execute(const tgx_case *c, const char *dir, const tgx_replay_opts *opts,
                            tgx_tgxr *outs, tgx_diag *d)
{
    case_run r;
    memset(&r, 0, sizeof r);
    memset(outs, 0, c->result_count * sizeof *outs);
    r.c = c;
    r.dir = dir;
    r.d = d;
    if (opts)
        r.opts = *opts;
    else
        tgx_replay_opts_init(&r.opts);
    /* the references' headers first: their shapes bound the work (docs/replay.md) */
    tgx_status s = tgx_case_check_refs(c, dir, d);
    if (s == TGX_OK)
        s = run_case(&r, outs);
    for (unsigned i = 0; i < TGX_PIPE_MAX_BUFFERS; i++)
        free(r.ssbo_copy[i]);
    free_resources(&r);
    if (s < 0)
        for (size_t i = 0; i < c->result_count; i++)
            tgx_tgxr_free(&outs[i]);
    return s;
}
