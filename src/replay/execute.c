/* Corpus cases: rebuild every input from case.json, run it through the pipeline (tgx/pipe.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/pipe.h"
#include "tgx/replay.h"
#include "tgx/util.h"

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

typedef struct case_run {
    const tgx_case *c;
    const char *dir;
    tgx_tex **tex;
    tgx_tex_view views[TGX_PIPE_MAX_UNITS];
    tgx_sampler samplers[TGX_PIPE_MAX_UNITS];
    tgx_pipe_bindings b;
    unsigned threads;
    tgx_diag *d;
} case_run;

static tgx_status case_error(const case_run *r, tgx_status st, const char *fmt, const char *what)
{
    char path[512];
    snprintf(path, sizeof path, "%s/case.json", r->dir);
    return tgx_diag_set(r->d, st, path, 0, 0, fmt, what);
}

static tgx_status build_texture(case_run *r, const tgx_case_texture *t, tgx_tex **out)
{
    tgx_tex_desc desc = {0};
    tgx_texgen g;
    size_t i;
    for (i = 0; i < sizeof case_targets / sizeof case_targets[0]; i++)
        if (strcmp(t->target, case_targets[i].name) == 0)
            break;
    if (i == sizeof case_targets / sizeof case_targets[0])
        return case_error(r, TGX_ERR_INVALID, "unknown texture target '%s'", t->target);
    desc.target = case_targets[i].target;
    if (tgx_tex_format_from_name(t->format, &desc.format) < 0)
        return case_error(r, TGX_ERR_INVALID, "unknown texture format '%s'", t->format);
    desc.width = t->width;
    desc.height = t->height;
    desc.depth = t->depth;
    desc.levels = t->levels;
    desc.samples = 1;
    tgx_status st = tgx_texgen_parse(t->generator, &g, r->d);
    if (st < 0)
        return st;
    g.seed = t->seed;
    if (t->cell)
        g.cell = t->cell;
    g.fscale = t->fscale;
    g.fbias = t->fbias;
    st = tgx_tex_create(&desc, out, r->d);
    if (st == TGX_OK)
        st = tgx_texgen_fill(*out, &g, r->d);
    return st;
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
    smp->lod_rule = TGX_TEX_LOD_SOFTPIPE;
    return TGX_OK;
}

/* The pipe_sampler_view: levels, layers and swizzle (x001 for one-channel formats, etc.). */
static tgx_status build_view(case_run *r, const tgx_case_slot *s, tgx_tex_view *v)
{
    const tgx_tex *tex = r->tex[s->texture];
    const tgx_tex_desc *desc = tgx_tex_get_desc(tex);
    tgx_tex_view_init(v, tex);
    if (!s->has_view || desc->target == TGX_TEX_BUFFER)
        return TGX_OK; /* buffer views: offset 0, the whole buffer in every case */
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
    return TGX_OK;
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
        r->b.cbuf[c->cbufs[i].index] = c->cbufs[i].words;
        r->b.cbuf_words[c->cbufs[i].index] = c->cbufs[i].count;
    }
    for (size_t i = 0; i < c->ssbo_count && st == TGX_OK; i++) {
        if (c->ssbos[i].binding >= TGX_PIPE_MAX_BUFFERS)
            return case_error(r, TGX_ERR_LIMIT, "%s", "SSBO binding above 31");
        /* the case's words are the initial contents; the run writes the case's own copy */
        r->b.buffer[c->ssbos[i].binding] = c->ssbos[i].words;
        r->b.buffer_bytes[c->ssbos[i].binding] = c->ssbos[i].bytes;
    }
    return st;
}

static void free_resources(case_run *r)
{
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
    return st;
}

static tgx_status alloc_out(const tgx_case_result *res, tgx_tgxr *o, tgx_diag *d)
{
    size_t n = (size_t)res->width * res->height * res->channels;
    o->width = res->width;
    o->height = res->height;
    o->channels = (uint16_t)res->channels;
    o->type = (uint16_t)res->type;
    o->words = calloc(n ? n : 1, sizeof *o->words);
    return o->words ? TGX_OK : tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
}

/* ---- the three kinds of case ---- */

/* The interpreter settings every stage of a replay shares. */
static void replay_state(const case_run *r, tgx_pipe_state *st, uint32_t width, uint32_t height)
{
    tgx_pipe_state_init(st, width, height);
    st->threads = r->threads;
    /* softpipe's float-to-int conversions are C casts on x86-64 (alu_special_values: F2I of NaN
     * gives 0x80000000 there); docs/exec.md */
    st->f2i_rule = TGX_EXEC_F2I_X86;
}

static tgx_status run_fragment(case_run *r, tgx_tgxr *out)
{
    const tgx_case *c = r->c;
    tgx_pipe_shader *vs = NULL, *fs = NULL;
    tgx_pipe_target target = {c->fb_width, c->fb_height, c->fb_integer, NULL};
    tgx_pipe_draw draw;
    tgx_pipe_state st;
    memset(&draw, 0, sizeof draw);
    if (!c->vertex_file[0])
        return case_error(r, TGX_ERR_INVALID, "%s", "fragment case without files.vertex_tgsi");
    if (c->results[0].width != c->fb_width || c->results[0].height != c->fb_height ||
        c->results[0].channels != 4)
        return case_error(r, TGX_ERR_INVALID, "%s", "result is not the framebuffer's size");
    tgx_status s = alloc_out(&c->results[0], out, r->d);
    if (s == TGX_OK)
        s = load_shader(r, c->vertex_file, &vs);
    if (s == TGX_OK)
        s = load_shader(r, c->shader_file, &fs);
    if (s == TGX_OK) {
        target.words = out->words;
        for (size_t i = 0; i < (size_t)c->fb_width * c->fb_height; i++)
            memcpy(&out->words[i * 4], c->fb_clear, sizeof c->fb_clear);
        replay_state(r, &st, c->fb_width, c->fb_height);
        memcpy(st.viewport, c->viewport, sizeof st.viewport);
        memcpy(st.depth_range, c->depth_range, sizeof st.depth_range);
        st.half_pixel_center = c->half_pixel_center;
        st.bottom_edge_rule = c->bottom_edge_rule;
        st.front_ccw = c->front_ccw;
        st.flatshade_first = c->flatshade_first;
        draw.vs = vs;
        draw.fs = fs;
        draw.prim = TGX_PIPE_TRIANGLE_STRIP;
        draw.vertex_count = (unsigned)c->position_count;
        draw.attribs[0].words = (const uint32_t *)c->positions; /* float pairs: 2 words each */
        draw.attribs[0].components = 2;
        draw.vs_bindings = &r->b;
        draw.fs_bindings = &r->b;
        draw.targets[0] = &target;
        s = tgx_pipe_render(&draw, &st, r->d);
    }
    tgx_pipe_shader_destroy(vs);
    tgx_pipe_shader_destroy(fs);
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

static tgx_status run_vertex(case_run *r, tgx_tgxr *out)
{
    const tgx_case *c = r->c;
    tgx_pipe_shader *vs = NULL;
    tgx_pipe_attrib attribs[TGX_PIPE_MAX_ATTRIBS];
    uint32_t *vout = NULL;
    memset(attribs, 0, sizeof attribs);
    if (c->results[0].width != c->vertex_count || c->results[0].height != 1)
        return case_error(r, TGX_ERR_INVALID, "%s", "result is not one element per vertex");
    for (size_t i = 0; i < c->attrib_count; i++) {
        if (c->attribs[i].location >= TGX_PIPE_MAX_ATTRIBS)
            return case_error(r, TGX_ERR_LIMIT, "%s", "attribute location above 31");
        attribs[c->attribs[i].location].words = c->attribs[i].words;
        attribs[c->attribs[i].location].components = c->attribs[i].components;
        attribs[c->attribs[i].location].integer = c->attribs[i].type != TGX_CASE_F32;
    }
    tgx_status s = alloc_out(&c->results[0], out, r->d);
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
        s = tgx_pipe_run_vertices(vs, attribs, c->vertex_count, &r->b, &st, vout, r->d);
    if (s == TGX_OK)
        s = capture(r, vs, vout, nout, out);
    free(vout);
    tgx_pipe_shader_destroy(vs);
    return s;
}

/* Results named ssboN are BUFFER[N]'s contents after the dispatch. */
static tgx_status run_compute(case_run *r, tgx_tgxr *outs)
{
    const tgx_case *c = r->c;
    tgx_pipe_shader *cs = NULL;
    tgx_pipe_state st;
    replay_state(r, &st, 1, 1);
    tgx_status s = load_shader(r, c->shader_file, &cs);
    if (s == TGX_OK)
        s = tgx_pipe_dispatch(cs, c->dispatch, &r->b, &st, r->d);
    tgx_pipe_shader_destroy(cs);
    for (size_t i = 0; i < c->result_count && s == TGX_OK; i++) {
        const tgx_case_result *res = &c->results[i];
        unsigned n;
        char tail;
        if (sscanf(res->name, "ssbo%u%c", &n, &tail) != 1 || n >= TGX_PIPE_MAX_BUFFERS ||
            !r->b.buffer[n])
            return case_error(r, TGX_ERR_INVALID, "result %s names no bound SSBO", res->name);
        s = alloc_out(res, &outs[i], r->d);
        size_t words = (size_t)res->width * res->height * res->channels;
        if (s == TGX_OK && words * 4 > r->b.buffer_bytes[n])
            return case_error(r, TGX_ERR_INVALID, "result %s is larger than its SSBO", res->name);
        if (s == TGX_OK)
            memcpy(outs[i].words, r->b.buffer[n], words * 4);
    }
    return s;
}

tgx_status tgx_case_execute(const tgx_case *c, const char *dir, unsigned threads, tgx_tgxr *outs,
                            tgx_diag *d)
{
    case_run r;
    memset(&r, 0, sizeof r);
    memset(outs, 0, c->result_count * sizeof *outs);
    r.c = c;
    r.dir = dir;
    r.d = d;
    r.threads = threads;
    tgx_status s = build_resources(&r);
    /* the SSBOs are written in place: run on a copy so the case stays reusable */
    uint32_t *copies[TGX_PIPE_MAX_BUFFERS] = {0};
    for (unsigned i = 0; i < TGX_PIPE_MAX_BUFFERS && s == TGX_OK; i++) {
        if (!r.b.buffer[i])
            continue;
        copies[i] = malloc(r.b.buffer_bytes[i] ? r.b.buffer_bytes[i] : 1);
        if (!copies[i]) {
            s = tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
            break;
        }
        memcpy(copies[i], r.b.buffer[i], r.b.buffer_bytes[i]);
        r.b.buffer[i] = copies[i];
    }
    if (s == TGX_OK) {
        if (c->stage == TGX_CASE_FRAGMENT)
            s = run_fragment(&r, &outs[0]);
        else if (c->stage == TGX_CASE_VERTEX)
            s = run_vertex(&r, &outs[0]);
        else
            s = run_compute(&r, outs);
    }
    for (unsigned i = 0; i < TGX_PIPE_MAX_BUFFERS; i++)
        free(copies[i]);
    free_resources(&r);
    if (s < 0)
        for (size_t i = 0; i < c->result_count; i++)
            tgx_tgxr_free(&outs[i]);
    return s;
}

/* ---- comparison ---- */

static double value_diff(tgx_case_type t, uint32_t a, uint32_t b)
{
    if (t == TGX_CASE_F32) {
        float fa = tgx_bits2f(a), fb = tgx_bits2f(b);
        if (isnan(fa) || isnan(fb))
            return isnan(fa) && isnan(fb) ? 0.0 : INFINITY;
        if (fa == fb)
            return 0.0;
        return fabs((double)fa - (double)fb); /* inf - inf of the same sign was caught above */
    }
    if (t == TGX_CASE_I32)
        return fabs((double)(int32_t)a - (double)(int32_t)b);
    return fabs((double)a - (double)b);
}

void tgx_case_compare(const tgx_case_result *r, const tgx_tgxr *got, const tgx_tgxr *want,
                      tgx_case_diff *out)
{
    memset(out, 0, sizeof *out);
    if (got->width != want->width || got->height != want->height ||
        got->channels != want->channels || !got->words || !want->words) {
        out->shape_mismatch = true;
        return;
    }
    bool exact = r->max_abs_diff == 0.0;
    size_t n = (size_t)want->width * want->height;
    tgx_case_type t = (tgx_case_type)want->type;
    bool have_worst = false;
    for (size_t e = 0; e < n; e++)
        for (unsigned ch = 0; ch < want->channels; ch++) {
            size_t i = e * want->channels + ch;
            uint32_t a = got->words[i], b = want->words[i];
            if (a == b)
                continue;
            double diff = value_diff(t, a, b);
            out->differing++;
            bool bad = exact || diff > r->max_abs_diff;
            out->over += bad;
            if (!have_worst || diff > out->max_diff) {
                have_worst = true;
                out->max_diff = diff;
                out->worst_x = e % want->width;
                out->worst_y = e / want->width;
                out->worst_channel = ch;
                out->worst_want = b;
                out->worst_got = a;
            }
        }
    out->pass = out->over == 0;
}
