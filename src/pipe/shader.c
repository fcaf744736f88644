/* Shaders for the pipeline: parse (tgsi.h), decode for the interpreter (exec.h), and record the
 * interface the pipeline routes: input/output/system-value semantics, interpolation, the
 * fragment-coordinate properties. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/pipe_internal.h"
#include "tgx/jit.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"

static pipe_sem sem_from_tgsi(tgx_tgsi_semantic s)
{
    switch (s) {
    case TGX_TGSI_SEMANTIC_POSITION: return PIPE_SEM_POSITION;
    case TGX_TGSI_SEMANTIC_COLOR: return PIPE_SEM_COLOR;
    case TGX_TGSI_SEMANTIC_BCOLOR: return PIPE_SEM_BCOLOR;
    case TGX_TGSI_SEMANTIC_FOG: return PIPE_SEM_FOG;
    case TGX_TGSI_SEMANTIC_PSIZE: return PIPE_SEM_PSIZE;
    case TGX_TGSI_SEMANTIC_GENERIC: return PIPE_SEM_GENERIC;
    case TGX_TGSI_SEMANTIC_TEXCOORD: return PIPE_SEM_TEXCOORD;
    case TGX_TGSI_SEMANTIC_PCOORD: return PIPE_SEM_PCOORD;
    case TGX_TGSI_SEMANTIC_FACE: return PIPE_SEM_FACE;
    case TGX_TGSI_SEMANTIC_STENCIL: return PIPE_SEM_STENCIL;
    case TGX_TGSI_SEMANTIC_SAMPLEID: return PIPE_SEM_SAMPLEID;
    case TGX_TGSI_SEMANTIC_SAMPLEPOS: return PIPE_SEM_SAMPLEPOS;
    case TGX_TGSI_SEMANTIC_SAMPLEMASK: return PIPE_SEM_SAMPLEMASK;
    case TGX_TGSI_SEMANTIC_VERTEXID: return PIPE_SEM_VERTEXID;
    case TGX_TGSI_SEMANTIC_VERTEXID_NOBASE: return PIPE_SEM_VERTEXID_NOBASE;
    case TGX_TGSI_SEMANTIC_BASEVERTEX: return PIPE_SEM_BASEVERTEX;
    case TGX_TGSI_SEMANTIC_INSTANCEID: return PIPE_SEM_INSTANCEID;
    case TGX_TGSI_SEMANTIC_BASEINSTANCE: return PIPE_SEM_BASEINSTANCE;
    case TGX_TGSI_SEMANTIC_DRAWID: return PIPE_SEM_DRAWID;
    case TGX_TGSI_SEMANTIC_HELPER_INVOCATION: return PIPE_SEM_HELPER_INVOCATION;
    case TGX_TGSI_SEMANTIC_CLIPDIST: return PIPE_SEM_CLIPDIST;
    case TGX_TGSI_SEMANTIC_CLIPVERTEX: return PIPE_SEM_CLIPVERTEX;
    case TGX_TGSI_SEMANTIC_LAYER: return PIPE_SEM_LAYER;
    case TGX_TGSI_SEMANTIC_VIEWPORT_INDEX: return PIPE_SEM_VIEWPORT_INDEX;
    default: return PIPE_SEM_OTHER;
    }
}

/* A declaration without an interpolation keyword is CONSTANT: Mesa's token default
 * (TGSI_INTERPOLATE_CONSTANT = 0), which tgsi_dump leaves unprinted. */
static pipe_interp interp_from_decl(const tgx_tgsi_declaration *dc)
{
    if (!dc->has_interp)
        return PIPE_INTERP_CONSTANT;
    switch (dc->interp) {
    case TGX_TGSI_INTERP_LINEAR: return PIPE_INTERP_LINEAR;
    case TGX_TGSI_INTERP_PERSPECTIVE: return PIPE_INTERP_PERSPECTIVE;
    case TGX_TGSI_INTERP_COLOR: return PIPE_INTERP_COLOR;
    default: return PIPE_INTERP_CONSTANT;
    }
}

static tgx_status add_regs(tgx_pipe_shader *s, const tgx_tgsi_declaration *dc, pipe_reg *list,
                           unsigned *count, tgx_diag *d)
{
    for (uint32_t r = dc->first; r <= dc->last; r++) {
        if (*count >= PIPE_MAX_REGS)
            return tgx_diag_set(d, TGX_ERR_LIMIT, s->name, dc->pos.line, dc->pos.column,
                                "more than %d declared inputs, outputs or system values",
                                PIPE_MAX_REGS);
        pipe_reg *p = &list[(*count)++];
        p->reg = r;
        p->sem = dc->has_semantic ? sem_from_tgsi(dc->semantic_name) : PIPE_SEM_GENERIC;
        p->tgsi_semantic = dc->has_semantic ? (unsigned)dc->semantic_name : TGX_TGSI_SEMANTIC_COUNT;
        p->index = dc->has_semantic ? dc->semantic_index + (r - dc->first) : r;
        p->interp = interp_from_decl(dc);
        p->usage_mask = dc->usage_mask;
    }
    return TGX_OK;
}

static tgx_status read_info(tgx_pipe_shader *s, tgx_diag *d)
{
    const tgx_tgsi_shader *t = s->tgsi;
    pipe_shader_info *info = &s->info;
    tgx_status st = TGX_OK;
    info->stage = tgx_exec_program_stage(s->program);
    for (size_t i = 0; i < t->num_decls && st == TGX_OK; i++) {
        const tgx_tgsi_declaration *dc = &t->decls[i];
        if (dc->file == TGX_TGSI_FILE_IN)
            st = add_regs(s, dc, info->inputs, &info->ninputs, d);
        else if (dc->file == TGX_TGSI_FILE_OUT)
            st = add_regs(s, dc, info->outputs, &info->noutputs, d);
        else if (dc->file == TGX_TGSI_FILE_SV)
            st = add_regs(s, dc, info->sysvals, &info->nsysvals, d);
    }
    for (size_t i = 0; i < t->num_props; i++) {
        const tgx_tgsi_property_decl *p = &t->props[i];
        if (p->num_values < 1)
            continue;
        /* Values are Mesa's numbers, each list from 0 (LOWER_LEFT = 1, INTEGER = 1). tgsi.h
         * numbers both lists in one enum (PIXEL_CENTER_HALF_INTEGER = 2), so take the offset
         * from each list's first member. */
        if (p->name == TGX_TGSI_PROPERTY_FS_COORD_ORIGIN)
            info->origin_lower_left =
                p->values[0] == (uint32_t)(TGX_TGSI_FS_COORD_ORIGIN_LOWER_LEFT -
                                           TGX_TGSI_FS_COORD_ORIGIN_UPPER_LEFT);
        else if (p->name == TGX_TGSI_PROPERTY_NUM_CLIPDIST_ENABLED)
            info->num_clipdist = p->values[0] > 8 ? 8 : p->values[0];
        else if (p->name == TGX_TGSI_PROPERTY_FS_COORD_PIXEL_CENTER)
            info->pixel_center_integer =
                p->values[0] == (uint32_t)(TGX_TGSI_FS_COORD_PIXEL_CENTER_INTEGER -
                                           TGX_TGSI_FS_COORD_PIXEL_CENTER_HALF_INTEGER);
    }
    return st;
}

/* The first error of a validation that failed, for *d. */
static tgx_status first_error(const tgx_diag_list *found, size_t from, tgx_diag *d)
{
    for (size_t i = from; i < found->count; i++)
        if (found->items[i].severity == TGX_SEV_ERROR) {
            if (d)
                *d = found->items[i];
            return TGX_ERR_INVALID;
        }
    return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0, "the shader is invalid");
}

/* A new shader of the parsed text (*out NULL on failure). */
static tgx_status shader_parse(const char *text, size_t size, const char *name,
                               tgx_pipe_shader **out, tgx_diag *d)
{
    tgx_pipe_shader *s = calloc(1, sizeof *s);
    *out = s;
    if (!s)
        return tgx_diag_set(d, TGX_ERR_NOMEM, name, 0, 0, "out of memory");
    snprintf(s->name, sizeof s->name, "%s", name ? name : "<shader>");
    tgx_status st = tgx_tgsi_parse(text, size, s->name, &s->tgsi, d);
    if (st < 0) {
        tgx_pipe_shader_destroy(s);
        *out = NULL;
    }
    return st;
}

/* Validates the parsed shader when found is not NULL (tgx_tgsi_validate, whose findings go to
 * found), decodes it and reads the interface; destroys it on failure. */
static tgx_status shader_finish(tgx_pipe_shader *s, tgx_diag_list *found, tgx_pipe_shader **out,
                                tgx_diag *d)
{
    tgx_status st = TGX_OK;
    *out = NULL;
    if (found) {
        size_t from = found->count;
        st = tgx_tgsi_validate(s->tgsi, s->name, found);
        if (st == TGX_ERR_INVALID)
            st = first_error(found, from, d);
        else if (st < 0)
            st = tgx_diag_set(d, st, s->name, 0, 0, "out of memory while validating");
    }
    if (st == TGX_OK)
        st = tgx_exec_program_create(s->tgsi, s->name, &s->program, d);
    if (st == TGX_OK && !(s->jit = calloc(1, sizeof *s->jit)))
        st = tgx_diag_set(d, TGX_ERR_NOMEM, s->name, 0, 0, "out of memory");
    if (st == TGX_OK)
        pthread_mutex_init(&s->jit->lock, NULL);
    if (st == TGX_OK)
        st = read_info(s, d);
    if (st < 0) {
        tgx_pipe_shader_destroy(s);
        return st;
    }
    *out = s;
    return TGX_OK;
}

static tgx_status shader_create(const char *text, size_t size, const char *name,
                                tgx_diag_list *found, tgx_pipe_shader **out, tgx_diag *d)
{
    tgx_pipe_shader *s;
    tgx_status st = shader_parse(text, size, name, &s, d);
    *out = NULL;
    return st < 0 ? st : shader_finish(s, found, out, d);
}

tgx_status tgx_pipe_shader_parse(const char *text, size_t size, const char *name,
                                 tgx_pipe_shader **out, tgx_diag *d)
{
    return shader_create(text, size, name, NULL, out, d);
}

tgx_status tgx_pipe_shader_parse_validated(const char *text, size_t size, const char *name,
                                           tgx_diag_list *found, tgx_pipe_shader **out, tgx_diag *d)
{
    return shader_create(text, size, name, found, out, d);
}

static tgx_status shader_load(const char *path, tgx_diag_list *found, tgx_pipe_shader **out,
                              tgx_diag *d)
{
    char *text = NULL;
    size_t size = 0;
    *out = NULL;
    tgx_status st = tgx_read_file(path, &text, &size, d);
    if (st < 0)
        return st;
    /* tgx_read_file reads "-" as stdin and names it so; the shader's messages do too */
    tgx_pipe_shader *s;
    st = shader_parse(text, size, strcmp(path, "-") == 0 ? "<stdin>" : path, &s, d);
    free(text); /* the IR holds what it needs: the text is not kept while the rest is built */
    return st < 0 ? st : shader_finish(s, found, out, d);
}

tgx_status tgx_pipe_shader_load(const char *path, tgx_pipe_shader **out, tgx_diag *d)
{
    return shader_load(path, NULL, out, d);
}

tgx_status tgx_pipe_shader_load_validated(const char *path, tgx_diag_list *found,
                                          tgx_pipe_shader **out, tgx_diag *d)
{
    return shader_load(path, found, out, d);
}

/* Position through, GENERIC[0] = (x*0.5+0.5, y*0.5+0.5, 0, 1): the vertex shader the corpus
 * cases use for their full-screen quad, written out as TGSI. */
static const char passthrough_text[] =
    "VERT\n"
    "DCL IN[0]\n"
    "DCL OUT[0], POSITION\n"
    "DCL OUT[1], GENERIC[0]\n"
    "IMM[0] FLT32 {    0.5000,     0.0000,     1.0000,     0.0000}\n"
    "  0: MAD OUT[1].xy, IN[0].xyxx, IMM[0].xxxx, IMM[0].xxxx\n"
    "  1: MOV OUT[1].zw, IMM[0].yzyz\n"
    "  2: MOV OUT[0].xy, IN[0].xyyy\n"
    "  3: MOV OUT[0].zw, IMM[0].yzyz\n"
    "  4: END\n";

tgx_status tgx_pipe_shader_passthrough(tgx_pipe_shader **out, tgx_diag *d)
{
    return tgx_pipe_shader_parse(passthrough_text, sizeof passthrough_text - 1,
                                 "<built-in vertex shader>", out, d);
}

void tgx_pipe_shader_destroy(tgx_pipe_shader *s)
{
    if (!s)
        return;
    if (s->jit) {
        tgx_jit_program_destroy(s->jit->program);
        pthread_mutex_destroy(&s->jit->lock);
        free(s->jit);
    }
    tgx_exec_program_destroy(s->program);
    tgx_tgsi_free(s->tgsi);
    free(s);
}

/* Under the shader's lock: its compiled program, made on first use, or NULL (the reason kept). */
static tgx_jit_program *shader_jit(pipe_jit *j, const tgx_exec_program *p)
{
    if (j->state == 0) {
        j->state = tgx_jit_program_create(p, &j->program, &j->why) == TGX_OK ? 1 : -1;
        if (j->state < 0 && j->why.status == TGX_ERR_NOMEM)
            j->state = 0; /* not a verdict on the shader: try again */
    }
    return j->state > 0 ? j->program : NULL;
}

tgx_status pipe_shader_attach(const tgx_pipe_shader *s, tgx_exec_machine *m, tgx_diag *d)
{
    pipe_jit *j = s->jit;
    pthread_mutex_lock(&j->lock);
    tgx_jit_program *jp = shader_jit(j, s->program);
    tgx_status st = jp ? TGX_OK : TGX_ERR_UNSUPPORTED;
    tgx_diag why;
    if (st == TGX_OK)
        st = tgx_jit_attach(m, jp, &why);
    /* LLVM could not compile it: the interpreter runs it */
    if (st == TGX_ERR_UNSUPPORTED && jp) {
        j->state = -1;
        j->why = why;
    }
    pthread_mutex_unlock(&j->lock);
    if (st < 0 && st != TGX_ERR_UNSUPPORTED && d)
        *d = why;
    return st == TGX_ERR_UNSUPPORTED ? TGX_OK : st;
}

bool tgx_pipe_shader_interpreted(const tgx_pipe_shader *s, tgx_diag *why)
{
    pipe_jit *j = s->jit;
    pthread_mutex_lock(&j->lock);
    bool interpreted = j->state < 0;
    if (interpreted && why)
        *why = j->why;
    pthread_mutex_unlock(&j->lock);
    return interpreted;
}

tgx_exec_stage tgx_pipe_shader_stage(const tgx_pipe_shader *s)
{
    return s->info.stage;
}

const tgx_exec_program *tgx_pipe_shader_program(const tgx_pipe_shader *s)
{
    return s->program;
}

const pipe_reg *pipe_find_output(const pipe_shader_info *info, pipe_sem sem, unsigned index)
{
    for (unsigned i = 0; i < info->noutputs; i++)
        if (info->outputs[i].sem == sem && info->outputs[i].index == index)
            return &info->outputs[i];
    return NULL;
}

static unsigned declared_channels(unsigned mask)
{
    unsigned n = 0;
    for (unsigned c = 0; c < 4; c++)
        if (mask & (1u << c))
            n = c + 1;
    return n;
}

int tgx_pipe_shader_output(const tgx_pipe_shader *s, const char *semantic, unsigned index,
                           unsigned *channels)
{
    for (unsigned i = 0; i < s->info.noutputs; i++) {
        const pipe_reg *r = &s->info.outputs[i];
        const char *name = tgx_tgsi_semantic_name(r->tgsi_semantic);
        if (name && strcmp(name, semantic) == 0 && r->index == index) {
            *channels = declared_channels(r->usage_mask);
            return (int)r->reg;
        }
    }
    return -1;
}

static bool is_user_varying(pipe_sem sem)
{
    return sem == PIPE_SEM_GENERIC || sem == PIPE_SEM_TEXCOORD;
}

int tgx_pipe_shader_varying(const tgx_pipe_shader *s, unsigned n, unsigned *channels)
{
    /* the n-th smallest semantic index among user varyings */
    const pipe_reg *pick = NULL;
    unsigned below = 0;
    for (unsigned rank = 0; rank <= n; rank++) {
        pick = NULL;
        for (unsigned i = 0; i < s->info.noutputs; i++) {
            const pipe_reg *r = &s->info.outputs[i];
            if (!is_user_varying(r->sem) || (rank > 0 && r->index < below))
                continue;
            if (rank > 0 && r->index == below)
                continue;
            if (!pick || r->index < pick->index)
                pick = r;
        }
        if (!pick)
            return -1;
        below = pick->index;
    }
    *channels = declared_channels(pick->usage_mask);
    return (int)pick->reg;
}

const struct tgx_tgsi_shader *tgx_pipe_shader_tgsi(const tgx_pipe_shader *s)
{
    return s ? s->tgsi : NULL;
}

void tgx_pipe_shader_set_tex_hook(tgx_pipe_shader *s, tgx_exec_tex_hook hook, void *user)
{
    if (!s)
        return;
    s->tex_hook = hook;
    s->tex_hook_user = hook ? user : NULL;
}

void *tgx_pipe_shader_tex_hook_user(const tgx_pipe_shader *s)
{
    return s ? s->tex_hook_user : NULL;
}

const char *tgx_pipe_shader_name(const tgx_pipe_shader *s)
{
    return s ? s->name : NULL;
}
