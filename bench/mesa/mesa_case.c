/* mesa_case: any GLSL vertex + fragment pair drawn by Mesa's softpipe and llvmpipe, written as a
 * replay case (docs/replay.md) so that `tgx replay --strict` can hold tgx to softpipe's bits.
 *
 *   mesa_case --vs V.glsl --fs F.glsl --out DIR [--name NAME] [--size WxH]
 *             [--prim GL_MODE] [--pos X,Y,...] [--attr1 X,Y,Z,W,...] [--provoking first|last]
 *             [--clip N] [--clip-plane A,B,C,D]... [--profile core|compat]
 *             [--program-point-size on] [--sprite-origin upper_left|lower_left]
 *             [--tex hash|levels|checker] [--tex-target 2d|3d|cube|2darray]
 *             [--tex-format rgba8|depth32f] [--compare never|less|...|always]
 *             [--target rgba32f|rgba32ui|rgba32i] [--uniform NAME=V,V,...]
 *             [--viewport X,Y,W,H] [--note TEXT]
 *
 * Each driver runs in a child process of its own (GALLIUM_DRIVER is read when the display is
 * initialised): EGL on the surfaceless Mesa platform, a desktop GL 3.3 core context, an FBO with
 * one GL_RGBA32F colour target cleared to 0, viewport = the target, as the corpus was made
 * (tests/data/corpus/README.md). Vertex attribute 0 is a vec2 (`--pos`, the case's
 * attribute0_a_pos), attribute 1 an optional vec4 (`--attr1`, case.json's `attributes`) so a
 * vertex shader can place corners anywhere in clip space (w <= 0, z outside, off the pixel grid).
 * `--clip N` enables gl_ClipDistance[0..N-1]; each `--clip-plane A,B,C,D` is the next legacy user
 * clip plane, glClipPlane(GL_CLIP_PLANEi) with the identity modelview (so its eye-space plane, the
 * gallium ucp state, is A,B,C,D as given) and glEnable(GL_CLIP_PLANEi): planes need the
 * compatibility profile, which they select (`--profile compat` selects it alone), and a GLSL 1.30
 * or `compatibility` vertex shader that writes gl_ClipVertex (or not: Mesa then clips
 * gl_Position); case.json gets them as `gallium_state_at_draw.clip.ucp`. `--provoking first` is
 * glProvokingVertex( GL_FIRST_VERTEX_CONVENTION); `--program-point-size on` enables
 * GL_PROGRAM_POINT_SIZE (the shader's gl_PointSize; else points have size 1); `--sprite-origin
 * lower_left` is glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT) (gl_PointCoord.y 0
 * at a point's bottom; GL's default upper_left makes st/mesa's sprite_coord_mode LOWER_LEFT on a
 * user framebuffer, the mode case.json's rasterizer gets, inverted); `--tex GEN` binds a 16x16
 * RGBA8 texture with 5 levels from the corpus generator GEN (tgx_texgen, the texels tgx rebuilds)
 * to unit 0, linear_mipmap_linear, repeat, so implicit-LOD TEX sees the quads' derivatives;
 * `--tex-target` makes it a 16x16x16 3D texture, a 16x16 cube map (seamless, clamp to edge) or a
 * 16x16 2D array of 4 layers instead (every level mip-mapped), `--tex-format depth32f` a
 * GL_DEPTH_COMPONENT32F one (the generator's (float)b / 255), and `--compare FUNC` turns on
 * GL_COMPARE_REF_TO_TEXTURE with that function (the shadow samplers).
 *
 * `--target` picks the colour target's format (integer ones are read back as integers, the case's
 * results int32 / uint32). Every default-block uniform and uniform block of the program gets
 * values of its own (small exact numbers, or `--uniform`'s: every value of the uniform, matrices
 * column by column; block i bound to binding i), and each stage's
 * constant buffers are written where the NIR softpipe printed for that stage declares them (a
 * uniform's driver_location is its row of CONST[0], a block member's its CONST[n]): Mesa lays
 * each stage out apart, so case.json gets vertex_constants and fragment_constants.
 *
 * softpipe's child runs with SOFTPIPE_DEBUG=vs,fs: softpipe prints each shader's NIR and then the
 * TGSI it executes on stderr (corpus README, "How it was made"); the child sends stderr to a file
 * around the draw and the parent keeps the last VERT and FRAG texts found there. llvmpipe runs with
 * LP_NUM_THREADS=1. DIR receives case.json, shader.glsl, vertex.glsl, shader.tgsi, vertex.tgsi,
 * softpipe.f32 and llvmpipe.f32 (TGXR, row 0 = window y 0) and the figures of case.json's
 * `results` (largest difference per channel, differing values) computed from the two files.
 * tools/mesa-cases.sh makes the cases of tests/data/raster with it.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* The entry points past mesa_gl.h's that this program uses. */
#define MESA_GL_EXTRA(X)                                                                           \
    X(PFNGLPROVOKINGVERTEXPROC, glProvokingVertex)                                                 \
    X(PFNGLPOINTPARAMETERIPROC, glPointParameteri)                                                 \
    X(PFNGLCLEARBUFFERUIVPROC, glClearBufferuiv)                                                   \
    X(PFNGLGETACTIVEUNIFORMPROC, glGetActiveUniform)                                               \
    X(PFNGLGETACTIVEUNIFORMSIVPROC, glGetActiveUniformsiv)                                         \
    X(PFNGLGETACTIVEUNIFORMNAMEPROC, glGetActiveUniformName)                                       \
    X(PFNGLGETUNIFORMLOCATIONPROC, glGetUniformLocation)                                           \
    X(PFNGLUNIFORM1FVPROC, glUniform1fv)                                                           \
    X(PFNGLUNIFORM2FVPROC, glUniform2fv)                                                           \
    X(PFNGLUNIFORM3FVPROC, glUniform3fv)                                                           \
    X(PFNGLUNIFORM4FVPROC, glUniform4fv)                                                           \
    X(PFNGLUNIFORM1IVPROC, glUniform1iv)                                                           \
    X(PFNGLUNIFORM2IVPROC, glUniform2iv)                                                           \
    X(PFNGLUNIFORM3IVPROC, glUniform3iv)                                                           \
    X(PFNGLUNIFORM4IVPROC, glUniform4iv)                                                           \
    X(PFNGLUNIFORM1UIVPROC, glUniform1uiv)                                                         \
    X(PFNGLUNIFORM2UIVPROC, glUniform2uiv)                                                         \
    X(PFNGLUNIFORM3UIVPROC, glUniform3uiv)                                                         \
    X(PFNGLUNIFORM4UIVPROC, glUniform4uiv)                                                         \
    X(PFNGLUNIFORMMATRIX2FVPROC, glUniformMatrix2fv)                                               \
    X(PFNGLUNIFORMMATRIX3FVPROC, glUniformMatrix3fv)                                               \
    X(PFNGLUNIFORMMATRIX4FVPROC, glUniformMatrix4fv)                                               \
    X(PFNGLGETACTIVEUNIFORMBLOCKIVPROC, glGetActiveUniformBlockiv)                                 \
    X(PFNGLUNIFORMBLOCKBINDINGPROC, glUniformBlockBinding)                                         \
    X(PFNGLBINDBUFFERBASEPROC, glBindBufferBase)                                                   \
    X(PFNGLTEXIMAGE3DPROC, glTexImage3D)

#define MESA_GL_PROG "mesa_case"
#include "mesa_gl.h"

#define MAX_VERTS      256
#define PROGRAM_MARK   "@@ mesa_case: the case's program"
#define MAX_CONST_ROWS 256
enum { TARGET_F32, TARGET_U32, TARGET_I32 };
static const struct target_info {
    const char *option, *gl_name, *type, *file;
    GLenum internal, format, type_enum;
    uint16_t tgxr_type;
} targets[3] = {
    {"rgba32f", "GL_RGBA32F", "float32", "f32", GL_RGBA32F, GL_RGBA, GL_FLOAT, 0},
    {"rgba32ui", "GL_RGBA32UI", "uint32", "u32", GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 1},
    {"rgba32i", "GL_RGBA32I", "int32", "i32", GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, 2},
};
#define TEX_SIZE   16
#define TEX_LEVELS 5

/* --tex-target: GL's target, tgx's, case.json's and gallium's names, and the layers (cube: the
 * faces; 3D: the depth of level 0). */
static const struct tex_target_info {
    const char *option, *pipe_name, *wrap;
    GLenum gl;
    tgx_tex_target target;
    unsigned layers;
} tex_targets[] = {
    {"2d", "PIPE_TEXTURE_2D", "repeat", GL_TEXTURE_2D, TGX_TEX_2D, 1},
    {"3d", "PIPE_TEXTURE_3D", "repeat", GL_TEXTURE_3D, TGX_TEX_3D, TEX_SIZE},
    {"cube", "PIPE_TEXTURE_CUBE", "clamp_to_edge", GL_TEXTURE_CUBE_MAP, TGX_TEX_CUBE, 6},
    {"2darray", "PIPE_TEXTURE_2D_ARRAY", "repeat", GL_TEXTURE_2D_ARRAY, TGX_TEX_2D_ARRAY, 4},
};
#define N_TEX_TARGETS (sizeof tex_targets / sizeof tex_targets[0])

/* --compare: GL's depth comparison functions by their gallium / case.json names. */
static const struct compare_info {
    const char *name;
    GLenum gl;
} compare_funcs[] = {{"never", GL_NEVER},   {"less", GL_LESS},       {"equal", GL_EQUAL},
                     {"lequal", GL_LEQUAL}, {"greater", GL_GREATER}, {"notequal", GL_NOTEQUAL},
                     {"gequal", GL_GEQUAL}, {"always", GL_ALWAYS}};
#define N_COMPARE_FUNCS (sizeof compare_funcs / sizeof compare_funcs[0])

static int tex_target_index(const char *name)
{
    for (size_t i = 0; i < N_TEX_TARGETS; i++)
        if (!strcmp(name, tex_targets[i].option))
            return (int)i;
    return -1;
}

static int compare_index(const char *name)
{
    for (size_t i = 0; i < N_COMPARE_FUNCS; i++)
        if (!strcmp(name, compare_funcs[i].name))
            return (int)i;
    return -1;
}

typedef struct options {
    const char *vs, *fs, *out, *name, *note, *tex;
    int tex_target; /* --tex-target: an index of tex_targets */
    int depth;      /* --tex-format depth32f */
    int compare;    /* --compare: an index of compare_funcs, -1 none */
    char prim[64];
    unsigned width, height;
    float pos[MAX_VERTS][2];
    unsigned npos;
    float attr1[MAX_VERTS][4];
    unsigned nattr1;
    int provoking_first, program_point_size;
    int sprite_lower_left; /* --sprite-origin lower_left: GL_POINT_SPRITE_COORD_ORIGIN */
    int target;            /* TARGET_F32, TARGET_U32, TARGET_I32 */
    unsigned clip;
    float ucp[8][4]; /* --clip-plane: legacy user clip planes 0..nucp-1 */
    unsigned nucp;
    int compat; /* a compatibility-profile context (--profile compat, or any --clip-plane) */
    struct {
        char name[64];
        float v[64];
        unsigned n;
    } uniform[8]; /* --uniform NAME=V,V,...: values of one's own instead of the harness's */
    unsigned nuniform;
    int viewport[4]; /* x, y, width, height; width 0: the whole target */
} options;

static int fail(const char *what, const char *detail)
{
    return mesa_gl_fail(what, detail);
}

/* ---- options ---- */

static int parse_floats(const char *text, float *out, unsigned max, unsigned *n)
{
    char *end;
    *n = 0;
    for (const char *p = text; *p;) {
        if (*n == max)
            return fail("too many numbers in", text);
        errno = 0;
        out[(*n)++] = strtof(p, &end);
        if (end == p || errno)
            return fail("not a list of numbers", text);
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',')
            return fail("not a list of numbers", text);
    }
    return 1;
}

/* The options whose value is kept as it is given. */
static const char **text_option(options *o, const char *key)
{
    const struct {
        const char *key;
        size_t offset;
    } texts[] = {{"--vs", offsetof(options, vs)},     {"--fs", offsetof(options, fs)},
                 {"--out", offsetof(options, out)},   {"--name", offsetof(options, name)},
                 {"--note", offsetof(options, note)}, {"--tex", offsetof(options, tex)}};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        if (!strcmp(key, texts[i].key))
            return (const char **)(void *)((char *)o + texts[i].offset);
    return NULL;
}

static int parse_options(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->width = o->height = 32;
    o->name = "case";
    o->compare = -1;
    snprintf(o->prim, sizeof o->prim, "GL_TRIANGLE_STRIP");
    for (int i = 1; i < argc; i++) {
        const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned n;
        if (!v)
            return fail("a value is missing after", k);
        i++;
        const char **text = text_option(o, k);
        if (text)
            *text = v;
        else if (!strcmp(k, "--prim"))
            snprintf(o->prim, sizeof o->prim, "%s", v);
        else if (!strcmp(k, "--provoking"))
            o->provoking_first = !strcmp(v, "first");
        else if (!strcmp(k, "--tex-target")) {
            if ((o->tex_target = tex_target_index(v)) < 0)
                return fail("--tex-target is 2d, 3d, cube or 2darray", v);
        } else if (!strcmp(k, "--tex-format")) {
            if (strcmp(v, "rgba8") && strcmp(v, "depth32f"))
                return fail("--tex-format is rgba8 or depth32f", v);
            o->depth = !strcmp(v, "depth32f");
        } else if (!strcmp(k, "--compare")) {
            if ((o->compare = compare_index(v)) < 0)
                return fail("--compare is never, less, equal, lequal, greater, notequal, gequal "
                            "or always",
                            v);
        } else if (!strcmp(k, "--target")) {
            o->target = -1;
            for (int t = 0; t < 3; t++)
                if (!strcmp(v, targets[t].option))
                    o->target = t;
            if (o->target < 0)
                return fail("--target is rgba32f, rgba32ui or rgba32i", v);
        } else if (!strcmp(k, "--uniform")) {
            const char *eq = strchr(v, '=');
            if (!eq || eq == v || eq - v >= 64 || o->nuniform == 8 ||
                !parse_floats(eq + 1, o->uniform[o->nuniform].v, 64, &o->uniform[o->nuniform].n))
                return fail("--uniform takes NAME=V,V,... (8 at most, 64 values each)", v);
            snprintf(o->uniform[o->nuniform].name, 64, "%.*s", (int)(eq - v), v);
            o->nuniform++;
        } else if (!strcmp(k, "--viewport")) {
            int *vp = o->viewport;
            if (sscanf(v, "%d,%d,%d,%d", &vp[0], &vp[1], &vp[2], &vp[3]) != 4 || vp[2] < 1 ||
                vp[3] < 1 || vp[2] > 4096 || vp[3] > 4096 || abs(vp[0]) > 4096 || abs(vp[1]) > 4096)
                return fail("--viewport takes X,Y,W,H (W and H 1..4096)", v);
        } else if (!strcmp(k, "--sprite-origin")) {
            if (strcmp(v, "upper_left") && strcmp(v, "lower_left"))
                return fail("--sprite-origin is upper_left or lower_left", v);
            o->sprite_lower_left = !strcmp(v, "lower_left");
        } else if (!strcmp(k, "--program-point-size"))
            o->program_point_size = !strcmp(v, "on");
        else if (!strcmp(k, "--clip"))
            o->clip = (unsigned)strtoul(v, NULL, 10);
        else if (!strcmp(k, "--clip-plane")) {
            if (o->nucp == 8 || !parse_floats(v, o->ucp[o->nucp], 4, &n) || n != 4)
                return fail("--clip-plane takes A,B,C,D (8 planes at most)", v);
            o->nucp++;
            o->compat = 1;
        } else if (!strcmp(k, "--profile")) {
            if (strcmp(v, "core") && strcmp(v, "compat"))
                return fail("--profile is core or compat", v);
            o->compat |= !strcmp(v, "compat");
        } else if (!strcmp(k, "--size")) {
            if (sscanf(v, "%ux%u", &o->width, &o->height) != 2 || !o->width || !o->height ||
                o->width > 256 || o->height > 256)
                return fail("--size is WxH, 1..256 each", v);
        } else if (!strcmp(k, "--pos")) {
            if (!parse_floats(v, &o->pos[0][0], 2 * MAX_VERTS, &n) || n % 2)
                return fail("--pos takes x,y pairs", v);
            o->npos = n / 2;
        } else if (!strcmp(k, "--attr1")) {
            if (!parse_floats(v, &o->attr1[0][0], 4 * MAX_VERTS, &n) || n % 4)
                return fail("--attr1 takes x,y,z,w quadruples", v);
            o->nattr1 = n / 4;
        } else
            return fail("unknown option", k);
    }
    if (o->clip > 8)
        return fail("--clip takes 0..8", NULL);
    if (!o->vs || !o->fs || !o->out)
        return fail("--vs, --fs and --out are required", NULL);
    if (!o->npos) {
        static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
        memcpy(o->pos, quad, sizeof quad);
        o->npos = 4;
    }
    if (!o->viewport[2]) {
        o->viewport[2] = (int)o->width;
        o->viewport[3] = (int)o->height;
    }
    if (o->nattr1 && o->nattr1 != o->npos)
        return fail("--attr1 needs one quadruple per --pos pair", NULL);
    return 1;
}

static GLenum gl_mode(const char *name)
{
    static const struct {
        const char *name;
        GLenum mode;
    } modes[] = {{"GL_POINTS", GL_POINTS},
                 {"GL_LINES", GL_LINES},
                 {"GL_LINE_STRIP", GL_LINE_STRIP},
                 {"GL_TRIANGLES", GL_TRIANGLES},
                 {"GL_TRIANGLE_STRIP", GL_TRIANGLE_STRIP},
                 {"GL_TRIANGLE_FAN", GL_TRIANGLE_FAN}};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (!strcmp(modes[i].name, name))
            return modes[i].mode;
    return (GLenum)-1;
}

/* ---- files ---- */

static int write_file(const char *dir, const char *name, const void *data, size_t size)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, size, f) == size;
    if (f && fclose(f))
        ok = 0;
    return ok || fail("cannot write", path);
}

/* ---- the GL side (children) ---- */

static GLuint program(const options *o)
{
    static const char *const attribs[] = {"a_pos", "a_attr1", NULL};
    return mesa_gl_program(o->vs, o->fs, attribs);
}

/* Level `level` of tex, every layer (cube: face) of it, to GL's bound texture of target t. */
static void upload_level(const struct tex_target_info *t, const tgx_tex *tex, uint32_t level,
                         int depth)
{
    const GLint internal = depth ? GL_DEPTH_COMPONENT32F : GL_RGBA8;
    const GLenum format = depth ? GL_DEPTH_COMPONENT : GL_RGBA;
    const GLenum type = depth ? GL_FLOAT : GL_UNSIGNED_BYTE;
    uint32_t w, h, slices;
    size_t pitch, slice_pitch;
    tgx_tex_level_size(tex, level, &w, &h, &slices);
    const char *data = tgx_tex_level_data_const(tex, level, &pitch, &slice_pitch);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, (GLint)(pitch / 4)); /* 4 bytes a texel either way */
    glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, (GLint)(slice_pitch / pitch));
    if (t->target == TGX_TEX_CUBE) {
        for (uint32_t f = 0; f < 6; f++) /* tgx's slices are GL's faces, +X -X +Y -Y +Z -Z */
            glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, (GLint)level, internal, (GLsizei)w,
                         (GLsizei)h, 0, format, type, data + f * slice_pitch);
    } else if (t->target == TGX_TEX_2D) {
        glTexImage2D(t->gl, (GLint)level, internal, (GLsizei)w, (GLsizei)h, 0, format, type, data);
    } else {
        p_glTexImage3D(t->gl, (GLint)level, internal, (GLsizei)w, (GLsizei)h, (GLsizei)slices, 0,
                       format, type, data);
    }
}

/* Unit 0: a TEX_SIZE^2 (3D: ^3) texture of --tex-target and --tex-format, TEX_LEVELS levels of
 * generator `gen`, trilinear, repeat (cube: clamp to edge, seamless), --compare's comparison. */
static int texture(const options *o)
{
    const struct tex_target_info *t = &tex_targets[o->tex_target];
    char spec[64];
    snprintf(spec, sizeof spec, "%s%s", o->tex, strcmp(o->tex, "hash") ? "" : ":seed=5");
    tgx_texgen g;
    tgx_diag d;
    tgx_tex *tex = NULL;
    tgx_tex_desc desc = {
        t->target, TGX_TEX_FORMAT_RGBA8_UNORM, TEX_SIZE, TEX_SIZE, t->layers, TEX_LEVELS, 1};
    if ((o->depth && tgx_tex_format_lookup("depth32f", &desc.format, &d) != TGX_OK) ||
        tgx_texgen_parse(spec, &g, &d) != TGX_OK || tgx_tex_create(&desc, &tex, &d) != TGX_OK ||
        tgx_texgen_fill(tex, &g, &d) != TGX_OK) {
        tgx_tex_destroy(tex);
        return fail("texture", d.message);
    }
    GLuint name;
    const GLint wrap = t->target == TGX_TEX_CUBE ? GL_CLAMP_TO_EDGE : GL_REPEAT;
    glGenTextures(1, &name);
    p_glActiveTexture(GL_TEXTURE0);
    glBindTexture(t->gl, name);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (uint32_t level = 0; level < desc.levels; level++)
        upload_level(t, tex, level, o->depth);
    tgx_tex_destroy(tex);
    glTexParameteri(t->gl, GL_TEXTURE_MAX_LEVEL, TEX_LEVELS - 1);
    glTexParameteri(t->gl, GL_TEXTURE_WRAP_S, wrap);
    glTexParameteri(t->gl, GL_TEXTURE_WRAP_T, wrap);
    glTexParameteri(t->gl, GL_TEXTURE_WRAP_R, wrap);
    glTexParameteri(t->gl, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(t->gl, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    if (o->compare >= 0) {
        glTexParameteri(t->gl, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
        glTexParameteri(t->gl, GL_TEXTURE_COMPARE_FUNC, (GLint)compare_funcs[o->compare].gl);
    }
    if (t->target == TGX_TEX_CUBE)
        glEnable(GL_TEXTURE_CUBE_MAP_SEAMLESS); /* as the corpus (its README), and case.json */
    return glGetError() == GL_NO_ERROR || fail("texture upload failed", NULL);
}

static int target_and_vertices(const options *o)
{
    GLuint fbo, color, vao, vbo[2];
    glGenTextures(1, &color);
    glBindTexture(GL_TEXTURE_2D, color);
    const struct target_info *ti = &targets[o->target];
    glTexImage2D(GL_TEXTURE_2D, 0, (GLint)ti->internal, (GLsizei)o->width, (GLsizei)o->height, 0,
                 ti->format, ti->type_enum, NULL);
    p_glGenFramebuffers(1, &fbo);
    p_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    p_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color, 0);
    if (p_glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return fail("the framebuffer is incomplete", NULL);
    glViewport(o->viewport[0], o->viewport[1], o->viewport[2], o->viewport[3]);
    static const GLuint zero[4] = {0, 0, 0, 0};
    p_glClearBufferuiv(GL_COLOR, 0, zero); /* all-zero bits, whatever the format */
    p_glGenVertexArrays(1, &vao);
    p_glBindVertexArray(vao);
    p_glGenBuffers(2, vbo);
    p_glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
    p_glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(o->npos * sizeof o->pos[0]), o->pos,
                   GL_STATIC_DRAW);
    p_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    p_glEnableVertexAttribArray(0);
    if (o->nattr1) {
        p_glBindBuffer(GL_ARRAY_BUFFER, vbo[1]);
        p_glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(o->nattr1 * sizeof o->attr1[0]), o->attr1,
                       GL_STATIC_DRAW);
        p_glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, NULL);
        p_glEnableVertexAttribArray(1);
    }
    for (unsigned i = 0; i < o->clip; i++)
        glEnable(GL_CLIP_DISTANCE0 + i);
    for (unsigned i = 0; i < o->nucp; i++) { /* GL_CLIP_PLANEi is GL_CLIP_DISTANCEi */
        const GLdouble eq[4] = {o->ucp[i][0], o->ucp[i][1], o->ucp[i][2], o->ucp[i][3]};
        glClipPlane(GL_CLIP_PLANE0 + i, eq);
        glEnable(GL_CLIP_PLANE0 + i);
    }
    if (o->provoking_first)
        p_glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
    if (o->program_point_size)
        glEnable(GL_PROGRAM_POINT_SIZE);
    if (o->sprite_lower_left)
        p_glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
    return glGetError() == GL_NO_ERROR || fail("framebuffer or vertex setup failed", NULL);
}

/* ---- uniforms and uniform blocks (children) ---- */

/* The GL uniform types the harness sets: base type, components per column, columns. */
static const struct utype {
    GLenum type, base;
    unsigned comps, cols;
} utypes[] = {
    {GL_FLOAT, GL_FLOAT, 1, 1},
    {GL_FLOAT_VEC2, GL_FLOAT, 2, 1},
    {GL_FLOAT_VEC3, GL_FLOAT, 3, 1},
    {GL_FLOAT_VEC4, GL_FLOAT, 4, 1},
    {GL_INT, GL_INT, 1, 1},
    {GL_INT_VEC2, GL_INT, 2, 1},
    {GL_INT_VEC3, GL_INT, 3, 1},
    {GL_INT_VEC4, GL_INT, 4, 1},
    {GL_UNSIGNED_INT, GL_UNSIGNED_INT, 1, 1},
    {GL_UNSIGNED_INT_VEC2, GL_UNSIGNED_INT, 2, 1},
    {GL_UNSIGNED_INT_VEC3, GL_UNSIGNED_INT, 3, 1},
    {GL_UNSIGNED_INT_VEC4, GL_UNSIGNED_INT, 4, 1},
    {GL_FLOAT_MAT2, GL_FLOAT, 2, 2},
    {GL_FLOAT_MAT3, GL_FLOAT, 3, 3},
    {GL_FLOAT_MAT4, GL_FLOAT, 4, 4},
};

static bool is_sampler(GLenum type)
{
    static const GLenum samplers[] = {GL_SAMPLER_1D,          GL_SAMPLER_2D,
                                      GL_SAMPLER_3D,          GL_SAMPLER_CUBE,
                                      GL_SAMPLER_2D_SHADOW,   GL_SAMPLER_2D_ARRAY,
                                      GL_INT_SAMPLER_2D,      GL_UNSIGNED_INT_SAMPLER_2D,
                                      GL_SAMPLER_BUFFER,      GL_SAMPLER_2D_RECT,
                                      GL_SAMPLER_CUBE_SHADOW, GL_SAMPLER_2D_ARRAY_SHADOW};
    for (size_t i = 0; i < sizeof samplers / sizeof samplers[0]; i++)
        if (type == samplers[i])
            return true;
    return false;
}

/* Word n of a uniform's values: small exact floats, or small integers. */
static uint32_t uniform_word(GLenum base, unsigned n)
{
    if (base == GL_FLOAT) {
        float f = (float)(n % 11) * 0.1875f - 0.75f;
        uint32_t w;
        memcpy(&w, &f, 4);
        return w;
    }
    return base == GL_INT ? (uint32_t)((int)(n % 9) - 4) : n % 9;
}

static void upload_uniform(GLint loc, const struct utype *t, GLsizei count, const uint32_t *v)
{
    if (t->cols > 1) {
        PFNGLUNIFORMMATRIX4FVPROC m[3] = {(PFNGLUNIFORMMATRIX4FVPROC)p_glUniformMatrix2fv,
                                          (PFNGLUNIFORMMATRIX4FVPROC)p_glUniformMatrix3fv,
                                          p_glUniformMatrix4fv};
        m[t->cols - 2](loc, count, GL_FALSE, (const GLfloat *)(const void *)v);
        return;
    }
    PFNGLUNIFORM4FVPROC f[4] = {p_glUniform1fv, p_glUniform2fv, p_glUniform3fv, p_glUniform4fv};
    PFNGLUNIFORM4IVPROC i[4] = {p_glUniform1iv, p_glUniform2iv, p_glUniform3iv, p_glUniform4iv};
    PFNGLUNIFORM4UIVPROC u[4] = {p_glUniform1uiv, p_glUniform2uiv, p_glUniform3uiv,
                                 p_glUniform4uiv};
    if (t->base == GL_FLOAT)
        f[t->comps - 1](loc, count, (const GLfloat *)(const void *)v);
    else if (t->base == GL_INT)
        i[t->comps - 1](loc, count, (const GLint *)(const void *)v);
    else
        u[t->comps - 1](loc, count, (const GLuint *)v);
}

/* "name[0]" is an array's name in GL's lists; NIR says "name". */
static void strip_index(char *name)
{
    size_t n = strlen(name);
    if (n > 3 && !strcmp(name + n - 3, "[0]"))
        name[n - 3] = 0;
}

/* Every active default-block uniform of prog but samplers gets values; desc receives
 * "uniform NAME ROWS" and its constant-buffer rows (an element or matrix column a row). */
/* --uniform's values for `name` (GL's name, "[0]" stripped) into v, converted to the uniform's
 * base type; -1 when they are not `words` values, 0 when there are none. */
static int given_uniform(const options *o, const char *name, GLenum base, uint32_t *v,
                         unsigned words)
{
    for (unsigned i = 0; i < o->nuniform; i++) {
        if (strcmp(o->uniform[i].name, name))
            continue;
        if (o->uniform[i].n != words)
            return -1;
        for (unsigned w = 0; w < words; w++) {
            float f = o->uniform[i].v[w];
            if (base == GL_FLOAT)
                memcpy(&v[w], &f, 4);
            else
                v[w] = base == GL_INT ? (uint32_t)(int32_t)f : (uint32_t)f;
        }
        return 1;
    }
    return 0;
}

static int set_uniforms(const options *o, GLuint prog, FILE *desc)
{
    GLint n = 0;
    p_glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &n);
    for (GLuint k = 0; k < (GLuint)n; k++) {
        char name[256];
        GLint size = 0, block = -1;
        GLenum type = 0;
        p_glGetActiveUniform(prog, k, sizeof name, NULL, &size, &type, name);
        p_glGetActiveUniformsiv(prog, 1, &k, GL_UNIFORM_BLOCK_INDEX, &block);
        if (block >= 0 || is_sampler(type))
            continue;
        const struct utype *t = NULL;
        for (size_t i = 0; i < sizeof utypes / sizeof utypes[0]; i++)
            if (utypes[i].type == type)
                t = &utypes[i];
        if (!t || size < 1 || (unsigned)size * t->cols > MAX_CONST_ROWS)
            return fail("a uniform of a type the harness does not set", name);
        unsigned words = (unsigned)size * t->cols * t->comps, rows = (unsigned)size * t->cols;
        uint32_t v[MAX_CONST_ROWS * 4];
        for (unsigned w = 0; w < words; w++)
            v[w] = uniform_word(t->base, k * 7 + w);
        GLint loc = p_glGetUniformLocation(prog, name);
        strip_index(name);
        if (given_uniform(o, name, t->base, v, words) < 0)
            return fail("--uniform gives a number of values other than the uniform's", name);
        upload_uniform(loc, t, size, v);
        fprintf(desc, "uniform %s %u\n", name, rows);
        for (unsigned r = 0; r < rows; r++)
            for (unsigned c = 0; c < 4; c++)
                fprintf(desc, "0x%08x%c", c < t->comps ? v[r * t->comps + c] : 0u,
                        c < 3 ? ' ' : '\n');
    }
    return glGetError() == GL_NO_ERROR || fail("setting the uniforms failed", NULL);
}

/* Uniform block b is bound to binding b with a buffer of small exact floats; desc receives
 * "block B WORDS" with its words and "member NAME B" for each of its active members. */
static int set_blocks(GLuint prog, FILE *desc)
{
    GLint n = 0;
    p_glGetProgramiv(prog, GL_ACTIVE_UNIFORM_BLOCKS, &n);
    for (GLuint b = 0; b < (GLuint)n; b++) {
        GLint bytes = 0, members = 0;
        p_glGetActiveUniformBlockiv(prog, b, GL_UNIFORM_BLOCK_DATA_SIZE, &bytes);
        p_glGetActiveUniformBlockiv(prog, b, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, &members);
        if (bytes < 16 || bytes > MAX_CONST_ROWS * 16 || members < 1 || members > 64)
            return fail("a uniform block too large for the harness", NULL);
        uint32_t words[MAX_CONST_ROWS * 4];
        GLint idx[64];
        for (unsigned i = 0; i < (unsigned)bytes / 4; i++) {
            float f = (float)((i + 5 * b) % 13) * 0.125f - 0.5f;
            memcpy(&words[i], &f, 4);
        }
        GLuint buf;
        p_glGenBuffers(1, &buf);
        p_glBindBuffer(GL_UNIFORM_BUFFER, buf);
        p_glBufferData(GL_UNIFORM_BUFFER, bytes, words, GL_STATIC_DRAW);
        p_glUniformBlockBinding(prog, b, b);
        p_glBindBufferBase(GL_UNIFORM_BUFFER, b, buf);
        fprintf(desc, "block %u %d\n", b, bytes / 4);
        for (int i = 0; i < bytes / 4; i++)
            fprintf(desc, "0x%08x%c", words[i], i % 4 == 3 ? '\n' : ' ');
        p_glGetActiveUniformBlockiv(prog, b, GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES, idx);
        for (int m = 0; m < members; m++) {
            char name[256];
            p_glGetActiveUniformName(prog, (GLuint)idx[m], sizeof name, NULL, name);
            strip_index(name);
            fprintf(desc, "member %s %u\n", name, b);
        }
    }
    return glGetError() == GL_NO_ERROR || fail("setting the uniform blocks failed", NULL);
}

/* The child: draws once and writes DIR/<driver>.raw (the target's floats) and, for softpipe,
 * DIR/softpipe.log (stderr during the draw: the shaders' TGSI). */
static int render(const options *o, const char *driver)
{
    char path[2048];
    if (!mesa_gl_context(o->compat) || !target_and_vertices(o) || (o->tex && !texture(o)))
        return 0;
    /* st/mesa hands the shaders to softpipe when the program is linked: the marker separates
     * them from Mesa's own shaders, printed when the context was made. */
    fprintf(stderr, "%s\n", PROGRAM_MARK);
    fflush(stderr);
    GLuint prog = program(o);
    if (!prog)
        return 0;
    p_glUseProgram(prog);
    snprintf(path, sizeof path, "%s/%s.uniforms", o->out, driver);
    FILE *desc = fopen(path, "w");
    int set = desc && set_uniforms(o, prog, desc) && set_blocks(prog, desc);
    if (!desc || fclose(desc) || !set)
        return fail("could not set or describe the uniforms in", path);
    glDrawArrays(gl_mode(o->prim), 0, (GLsizei)o->npos);
    glFinish();
    size_t n = (size_t)o->width * o->height * 4;
    float *px = calloc(n, sizeof *px);
    if (!px)
        return fail("out of memory", NULL);
    glReadPixels(0, 0, (GLsizei)o->width, (GLsizei)o->height, targets[o->target].format,
                 targets[o->target].type_enum, px);
    if (glGetError() != GL_NO_ERROR)
        return fail("drawing or reading back failed", NULL);
    snprintf(path, sizeof path, "%s.raw", driver);
    int ok = write_file(o->out, path, px, n * sizeof *px);
    free(px);
    return ok;
}

/* ---- the parent ---- */

static int run_child(char **argv, const char *out, const char *driver)
{
    pid_t pid = fork();
    if (pid < 0)
        return fail("fork failed", NULL);
    if (pid == 0) {
        char log[2048];
        snprintf(log, sizeof log, "%s/%s.log", out, driver);
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 2) < 0)
            _exit(126);
        setenv("GALLIUM_DRIVER", driver, 1);
        setenv("MESA_CASE_CHILD", driver, 1);
        setenv("LP_NUM_THREADS", "1", 1);
        if (!strcmp(driver, "softpipe"))
            setenv("SOFTPIPE_DEBUG", "vs,fs", 1);
        execv("/proc/self/exe", argv);
        _exit(127);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
        fprintf(stderr, "mesa_case: the %s run failed; its messages are in %s/%s.log\n", driver,
                out, driver);
        return 0;
    }
    return 1;
}

/* The last TGSI text of a stage ("VERT" or "FRAG" alone on a line, through its END line) in
 * softpipe's stderr. */
static int extract_tgsi(const char *log, const char *stage, const char *dir, const char *name)
{
    const char *last = NULL, *p = strstr(log, PROGRAM_MARK);
    if (!p)
        return fail("softpipe's messages lack the program marker", NULL);
    size_t n = strlen(stage);
    while ((p = strstr(p, stage))) {
        if (p[-1] == '\n' && p[n] == '\n')
            last = p;
        p += n;
    }
    if (!last)
        return fail("softpipe printed no TGSI for", stage);
    const char *end = strstr(last, ": END\n");
    if (!end)
        return fail("unterminated TGSI for", stage);
    end += strlen(": END\n");
    return write_file(dir, name, last, (size_t)(end - last));
}

/* ---- each stage's constant buffers (the parent) ---- */

#define MAX_CBUFS 8

/* What the softpipe child set (its .uniforms file): uniform values by name, uniform blocks'
 * words, and which block each block member belongs to. */
typedef struct uniform_desc {
    char name[128];
    unsigned rows, block;
    uint32_t *words; /* rows * 4, or a block's words */
} uniform_desc;

typedef struct desc {
    uniform_desc uniforms[64], blocks[16], members[256];
    unsigned nuniforms, nblocks, nmembers;
} desc;

typedef struct stage_consts {
    unsigned rows[MAX_CBUFS]; /* 0: CONST[n] not bound */
    uint32_t words[MAX_CBUFS][MAX_CONST_ROWS * 4];
} stage_consts;

static uint32_t *read_words(FILE *f, unsigned n)
{
    uint32_t *w = calloc(n ? n : 1, sizeof *w);
    for (unsigned i = 0; w && i < n; i++)
        if (fscanf(f, "%x", &w[i]) != 1) {
            free(w);
            return NULL;
        }
    return w;
}

static int read_desc(const char *path, desc *d)
{
    FILE *f = fopen(path, "r");
    char kind[16], name[128];
    unsigned a;
    int ok = f != NULL;
    memset(d, 0, sizeof *d);
    while (ok && fscanf(f, "%15s %127s %u", kind, name, &a) == 3) {
        uniform_desc *u =
            !strcmp(kind, "uniform") && d->nuniforms < 64  ? &d->uniforms[d->nuniforms++]
            : !strcmp(kind, "block") && d->nblocks < 16    ? &d->blocks[d->nblocks++]
            : !strcmp(kind, "member") && d->nmembers < 256 ? &d->members[d->nmembers++]
                                                           : NULL;
        if (!u || a > MAX_CONST_ROWS * 4)
            ok = 0;
        else if (kind[0] == 'm')
            snprintf(u->name, sizeof u->name, "%s", name), u->block = a;
        else {
            snprintf(u->name, sizeof u->name, "%s", name);
            u->rows = kind[0] == 'u' ? a : (a + 3) / 4;
            u->block = kind[0] == 'b' ? (unsigned)atoi(name) : 0;
            ok = (u->words = read_words(f, kind[0] == 'u' ? a * 4 : a)) != NULL;
        }
    }
    if (f)
        fclose(f);
    return ok || fail("cannot read the uniform description", path);
}

static void free_desc(desc *d)
{
    for (unsigned i = 0; i < d->nuniforms; i++)
        free(d->uniforms[i].words);
    for (unsigned i = 0; i < d->nblocks; i++)
        free(d->blocks[i].words);
}

static const uniform_desc *find_desc(const uniform_desc *list, unsigned n, const char *name)
{
    for (unsigned i = 0; i < n; i++)
        if (!strcmp(list[i].name, name))
            return &list[i];
    return NULL;
}

static int put_rows(stage_consts *sc, unsigned cb, unsigned row, const uint32_t *w, unsigned rows)
{
    if (cb >= MAX_CBUFS || row + rows > MAX_CONST_ROWS)
        return fail("a constant buffer beyond the harness's limits", NULL);
    memcpy(&sc->words[cb][row * 4], w, (size_t)rows * 16);
    sc->rows[cb] = row + rows > sc->rows[cb] ? row + rows : sc->rows[cb];
    return 1;
}

/* One "decl_var uniform|ubo TYPE NAME (location, driver_location, binding)" line of a stage's
 * NIR: a default-block uniform is rows of CONST[0] at driver_location (gl_FbWposYTransform is
 * st/mesa's (1, 0, -1, H) for a user framebuffer, corpus README), a block member puts its
 * block's words in CONST[driver_location] (st/mesa binds the stage's block i to CONST[1 + i]). */
static int place_decl(const char *line, bool ubo, const desc *d, const options *o, stage_consts *sc)
{
    const char *paren = strrchr(line, '(');
    char name[128];
    unsigned long loc, drv;
    if (!paren || sscanf(paren, "(%lu, %lu", &loc, &drv) != 2)
        return fail("an unreadable NIR declaration", line);
    const char *end = paren - 1, *start = end;
    while (start > line && start[-1] != ' ')
        start--;
    snprintf(name, sizeof name, "%.*s", (int)(end - start), start);
    const char *type = start - 1;
    while (type > line && type[-1] != ' ')
        type--;
    if (!strncmp(type, "sampler", 7) || !strncmp(type + 1, "sampler", 7) ||
        strstr(type, "image") == type || strstr(type + 1, "image") == type + 1)
        return 1; /* SAMP / SVIEW / IMAGE, not constants */
    if (drv == 4294967295ul || (ubo && !strcmp(name, "uniform_0")))
        return 1; /* not used by this stage / the default block itself */
    if (!ubo && !strcmp(name, "gl_FbWposYTransform")) {
        float t[4] = {1.0f, 0.0f, -1.0f, (float)o->height};
        uint32_t w[4];
        memcpy(w, t, sizeof w);
        return put_rows(sc, 0, (unsigned)drv, w, 1);
    }
    if (!ubo) {
        const uniform_desc *u = find_desc(d->uniforms, d->nuniforms, name);
        return u ? put_rows(sc, 0, (unsigned)drv, u->words, u->rows)
                 : fail("a uniform the harness did not set", name);
    }
    const uniform_desc *m = find_desc(d->members, d->nmembers, name);
    for (unsigned i = 0; m && i < d->nblocks; i++)
        if (d->blocks[i].block == m->block)
            return put_rows(sc, (unsigned)drv, 0, d->blocks[i].words, d->blocks[i].rows);
    return fail("a uniform block member the harness did not set", name);
}

/* The constant buffers of the last NIR printed for `stage` ("MESA_SHADER_VERTEX") after the
 * program marker. */
static int stage_constants(const char *log, const char *stage, const desc *d, const options *o,
                           stage_consts *sc)
{
    const char *p = strstr(log, PROGRAM_MARK), *nir = NULL;
    memset(sc, 0, sizeof *sc);
    while (p && (p = strstr(p, stage)))
        nir = p++;
    if (!nir)
        return fail("softpipe printed no NIR for", stage);
    const char *next = strstr(nir + 1, "shader: MESA_SHADER_");
    for (const char *line = nir; line && (!next || line < next); line = strchr(line, '\n')) {
        line += *line == '\n';
        bool u = !strncmp(line, "decl_var uniform ", 17), b = !strncmp(line, "decl_var ubo ", 13);
        if (u || b) {
            char text[512];
            snprintf(text, sizeof text, "%.*s", (int)strcspn(line, "\n"), line);
            if (!place_decl(text, b, d, o, sc))
                return 0;
        }
    }
    return 1;
}

static void json_stage_constants(FILE *f, const char *key, const stage_consts *sc)
{
    int first = 1;
    fprintf(f, "  \"%s\": {", key);
    for (unsigned cb = 0; cb < MAX_CBUFS; cb++) {
        if (!sc->rows[cb])
            continue;
        fprintf(f, "%s\n   \"CONST[%u]\": {\"rows\": [", first ? "" : ",", cb);
        for (unsigned r = 0; r < sc->rows[cb]; r++) {
            const uint32_t *w = &sc->words[cb][r * 4];
            fprintf(f, "%s[\"0x%08x\", \"0x%08x\", \"0x%08x\", \"0x%08x\"]", r ? ", " : "", w[0],
                    w[1], w[2], w[3]);
        }
        fprintf(f, "]}");
        first = 0;
    }
    fprintf(f, "},\n");
}

static int write_tgxr(const char *dir, const char *name, const float *px, unsigned w, unsigned h,
                      uint16_t type)
{
    uint8_t head[16] = {'T', 'G', 'X', 'R'};
    uint32_t ww = w, hh = h;
    uint16_t ch = 4;
    memcpy(head + 4, &ww, 4);
    memcpy(head + 8, &hh, 4);
    memcpy(head + 12, &ch, 2);
    memcpy(head + 14, &type, 2);
    size_t bytes = (size_t)w * h * 16;
    uint8_t *buf = malloc(16 + bytes);
    if (!buf)
        return fail("out of memory", NULL);
    memcpy(buf, head, 16);
    memcpy(buf + 16, px, bytes);
    int ok = write_file(dir, name, buf, 16 + bytes);
    free(buf);
    return ok;
}

static int copy_file(const char *from, const char *dir, const char *name)
{
    size_t n;
    char *text = mesa_gl_read_text(from, &n);
    int ok = text && write_file(dir, name, text, n);
    free(text);
    return ok;
}

static float *read_raw(const options *o, const char *driver)
{
    char path[2048];
    size_t n;
    snprintf(path, sizeof path, "%s/%s.raw", o->out, driver);
    float *px = (float *)mesa_gl_read_text(path, &n);
    if (px && n != (size_t)o->width * o->height * 16) {
        fail("wrong size", path);
        free(px);
        return NULL;
    }
    remove(path);
    return px;
}

typedef struct diffs {
    double max, per_channel[4];
    unsigned values, elements, nans;
} diffs;

/* A value of the target as a number: float, or the int32 / uint32 of its bits. */
static double value_of(const float *v, int target)
{
    uint32_t u;
    memcpy(&u, v, 4);
    if (target == TARGET_U32)
        return (double)u;
    if (target == TARGET_I32)
        return (double)(int32_t)u;
    return (double)*v;
}

static diffs compare(const float *s, const float *l, size_t elements, int target)
{
    diffs d = {0};
    for (size_t e = 0; e < elements; e++) {
        int differs = 0;
        for (int c = 0; c < 4; c++) {
            float a = s[e * 4 + c], b = l[e * 4 + c];
            if (!memcmp(&a, &b, 4))
                continue;
            differs = 1;
            d.values++;
            if (target == TARGET_F32 && (isnan(a) || isnan(b))) {
                d.nans++;
                continue;
            }
            double diff = fabs(value_of(&a, target) - value_of(&b, target));
            d.per_channel[c] = diff > d.per_channel[c] ? diff : d.per_channel[c];
            d.max = diff > d.max ? diff : d.max;
        }
        d.elements += (unsigned)differs;
    }
    return d;
}

static void json_floats(FILE *f, const float *v, unsigned n)
{
    fputc('[', f);
    for (unsigned i = 0; i < n; i++)
        fprintf(f, "%s%.9g", i ? ", " : "", (double)v[i]);
    fputc(']', f);
}

static void json_textures(FILE *f, const options *o)
{
    if (!o->tex) {
        fprintf(f, "  \"textures\": [],\n  \"samplers\": [],\n");
        return;
    }
    const struct tex_target_info *t = &tex_targets[o->tex_target];
    fprintf(f,
            "  \"textures\": [{\"id\": 0, \"target\": \"%s\", \"format\": \"%s\", \"width\": "
            "%d, \"height\": %d, \"depth_or_layers\": %u, \"levels\": %d, \"generator\": "
            "{\"name\": \"%s\"%s}}],\n",
            t->option, o->depth ? "depth32f" : "rgba8", TEX_SIZE, TEX_SIZE, t->layers, TEX_LEVELS,
            o->tex, strcmp(o->tex, "hash") ? "" : ", \"seed\": 5");
    fprintf(f,
            "  \"samplers\": [{\"min\": \"linear_mipmap_linear\", \"mag\": \"linear\", "
            "\"wrap_s\": \"%s\", \"wrap_t\": \"%s\", \"wrap_r\": \"%s\", \"compare\": \"%s\", "
            "\"unit\": 0, \"texture\": 0}],\n",
            t->wrap, t->wrap, t->wrap, o->compare >= 0 ? compare_funcs[o->compare].name : "none");
}

/* gallium_state_at_draw's sampler and view of unit 0, as st/mesa makes them of the GL state
 * texture() sets (a depth view's swizzle x001: GL_DEPTH_TEXTURE_MODE is RED in a core context). */
static void json_gallium_texture(FILE *f, const options *o)
{
    const struct tex_target_info *t = &tex_targets[o->tex_target];
    fprintf(f,
            "   \"samplers\": {\"0\": {\"wrap_s\": \"%s\", \"wrap_t\": \"%s\", "
            "\"wrap_r\": \"%s\", \"min_img_filter\": \"linear\", \"min_mip_filter\": "
            "\"linear\", \"mag_img_filter\": \"linear\", \"compare_mode\": \"%s\", "
            "\"compare_func\": \"%s\", \"seamless_cube_map\": true, \"min_lod\": 0.0, "
            "\"max_lod\": 1000.0}},\n",
            t->wrap, t->wrap, t->wrap, o->compare >= 0 ? "ref_to_texture" : "none",
            o->compare >= 0 ? compare_funcs[o->compare].name : "lequal");
    fprintf(f,
            "   \"sampler_views\": {\"0\": {\"format\": \"%s\", \"target\": \"%s\", "
            "\"first_level\": 0, \"last_level\": %d, \"first_layer\": 0, \"last_layer\": %u, "
            "\"swizzle\": \"%s\"}},\n",
            o->depth ? "PIPE_FORMAT_Z32_FLOAT" : "PIPE_FORMAT_R8G8B8A8_UNORM", t->pipe_name,
            TEX_LEVELS - 1, t->target == TGX_TEX_3D ? 0 : t->layers - 1,
            o->depth ? "x001" : "xyzw");
}

static void json_gallium(FILE *f, const options *o, const stage_consts sc[2])
{
    fprintf(f, "  \"constants\": {},\n");
    json_stage_constants(f, "vertex_constants", &sc[0]);
    json_stage_constants(f, "fragment_constants", &sc[1]);
    fprintf(f, "  \"gallium_state_at_draw\": {\n");
    if (o->tex) {
        json_gallium_texture(f, o);
    } else {
        fprintf(f, "   \"samplers\": {},\n   \"sampler_views\": {},\n");
    }
    fprintf(f,
            "   \"rasterizer\": {\"half_pixel_center\": true, \"bottom_edge_rule\": false, "
            "\"flatshade_first\": %s, \"front_ccw\": 0, \"clip_halfz\": false, "
            "\"depth_clip_near\": true, \"clip_plane_enable\": %u%s},\n",
            o->provoking_first ? "true" : "false", ((1u << o->clip) - 1u) | ((1u << o->nucp) - 1u),
            o->sprite_lower_left ? ", \"sprite_coord_mode\": \"upper_left\"" : "");
    if (o->nucp) { /* pipe_clip_state: the planes in eye space (identity modelview) */
        fprintf(f, "   \"clip\": {\"ucp\": [");
        for (unsigned i = 0; i < o->nucp; i++) {
            fprintf(f, "%s", i ? ", " : "");
            json_floats(f, o->ucp[i], 4);
        }
        fprintf(f, "]},\n");
    }
    fprintf(f, "   \"framebuffer\": {\"width\": %u, \"height\": %u}\n  }\n", o->width, o->height);
}

static int write_case_json(const options *o, const diffs *d, const stage_consts sc[2])
{
    char path[2048];
    snprintf(path, sizeof path, "%s/case.json", o->out);
    FILE *f = fopen(path, "w");
    if (!f)
        return fail("cannot write", path);
    fprintf(f, "{\n \"name\": \"%s\",\n \"group\": \"raster\",\n \"stage\": \"fragment\",\n",
            o->name);
    fprintf(f, " \"description\": \"%s\",\n", o->note ? o->note : "");
    fprintf(f,
            " \"mesa\": \"Mesa 22.3.6 (Debian bookworm), GL 3.3 %s, EGL "
            "surfaceless, made by bench/mesa/mesa_case\",\n",
            o->compat ? "compatibility" : "core");
    fprintf(f, " \"files\": {\"glsl\": \"shader.glsl\", \"tgsi\": \"shader.tgsi\", "
               "\"vertex_glsl\": \"vertex.glsl\", \"vertex_tgsi\": \"vertex.tgsi\"},\n");
    fprintf(f,
            " \"inputs\": {\n  \"framebuffer\": {\"width\": %u, \"height\": %u, \"format\": "
            "\"%s\", \"clear\": [0, 0, 0, 0]},\n",
            o->width, o->height, targets[o->target].gl_name);
    fprintf(f, "  \"draw\": {\"primitive\": \"%s\", \"attribute0_a_pos\": [", o->prim);
    for (unsigned i = 0; i < o->npos; i++) {
        fprintf(f, "%s", i ? ", " : "");
        json_floats(f, o->pos[i], 2);
    }
    fprintf(f, "], \"viewport\": [%d, %d, %d, %d], \"depth_range\": [0, 1]},\n", o->viewport[0],
            o->viewport[1], o->viewport[2], o->viewport[3]);
    if (o->nattr1) {
        fprintf(f, "  \"attributes\": [{\"location\": 1, \"components\": 4, \"type\": \"float\", "
                   "\"values\": [");
        for (unsigned i = 0; i < o->nattr1; i++) {
            fprintf(f, "%s", i ? ", " : "");
            json_floats(f, o->attr1[i], 4);
        }
        fprintf(f, "]}],\n");
    }
    json_textures(f, o);
    fprintf(f, "  \"uniforms\": []\n },\n \"tgsi_bindings\": {\n");
    json_gallium(f, o, sc);
    const struct target_info *t = &targets[o->target];
    fprintf(f,
            " },\n \"results\": {\"result\": {\"softpipe\": \"softpipe.%s\", \"llvmpipe\": "
            "\"llvmpipe.%s\", \"width\": %u, \"height\": %u, \"channels\": 4, \"type\": "
            "\"%s\",\n",
            t->file, t->file, o->width, o->height, t->type);
    fprintf(f,
            "   \"max_abs_diff\": %.9g, \"max_abs_diff_per_channel\": [%.9g, %.9g, %.9g, %.9g],\n",
            d->max, d->per_channel[0], d->per_channel[1], d->per_channel[2], d->per_channel[3]);
    fprintf(f,
            "   \"differing_values\": %u, \"differing_elements\": %u, \"total_elements\": %u, "
            "\"nan_mismatches\": %u}}\n}\n",
            d->values, d->elements, o->width * o->height, d->nans);
    return fclose(f) == 0 || fail("cannot write", path);
}

static int make_case(const options *o, char **argv)
{
    mkdir(o->out, 0755);
    if (!run_child(argv, o->out, "softpipe") || !run_child(argv, o->out, "llvmpipe"))
        return 0;
    char path[2048];
    snprintf(path, sizeof path, "%s/softpipe.log", o->out);
    char *log = mesa_gl_read_text(path, NULL);
    int ok = log && extract_tgsi(log, "VERT", o->out, "vertex.tgsi") &&
             extract_tgsi(log, "FRAG", o->out, "shader.tgsi");
    desc dsc;
    stage_consts *sc = calloc(2, sizeof *sc);
    snprintf(path, sizeof path, "%s/softpipe.uniforms", o->out);
    ok = ok && sc && read_desc(path, &dsc);
    if (ok) {
        ok = stage_constants(log, "MESA_SHADER_VERTEX", &dsc, o, &sc[0]) &&
             stage_constants(log, "MESA_SHADER_FRAGMENT", &dsc, o, &sc[1]);
        free_desc(&dsc);
    }
    remove(path);
    snprintf(path, sizeof path, "%s/llvmpipe.uniforms", o->out);
    remove(path);
    free(log);
    snprintf(path, sizeof path, "%s/softpipe.log", o->out);
    remove(path);
    snprintf(path, sizeof path, "%s/llvmpipe.log", o->out);
    remove(path);
    float *s = read_raw(o, "softpipe"), *l = read_raw(o, "llvmpipe");
    if (ok && s && l) {
        const struct target_info *t = &targets[o->target];
        char sname[32], lname[32];
        snprintf(sname, sizeof sname, "softpipe.%s", t->file);
        snprintf(lname, sizeof lname, "llvmpipe.%s", t->file);
        diffs d = compare(s, l, (size_t)o->width * o->height, o->target);
        ok = write_tgxr(o->out, sname, s, o->width, o->height, t->tgxr_type) &&
             write_tgxr(o->out, lname, l, o->width, o->height, t->tgxr_type) &&
             copy_file(o->vs, o->out, "vertex.glsl") && copy_file(o->fs, o->out, "shader.glsl") &&
             write_case_json(o, &d, sc);
        if (ok)
            printf("%s: %u values differ between softpipe and llvmpipe (largest %g)\n", o->name,
                   d.values, d.max);
    } else {
        ok = 0;
    }
    free(sc);
    free(s);
    free(l);
    return ok;
}

int main(int argc, char **argv)
{
    options o;
    if (!parse_options(argc, argv, &o))
        return 2;
    if (gl_mode(o.prim) == (GLenum)-1)
        return fail("unknown --prim", o.prim), 2;
    const char *child = getenv("MESA_CASE_CHILD");
    if (child)
        return render(&o, child) ? 0 : 1;
    return make_case(&o, argv) ? 0 : 1;
}
