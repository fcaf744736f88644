/* tgx/pipe.h — the minimal pipeline behind `tgx run`: shaders loaded for the interpreter,
 * resource bindings, draws (vertex shader, optional geometry shader, rasterisation, fragment
 * shader into render targets), vertex-only runs and compute dispatches. Corpus case files and
 * their replay are a layer above this one (tgx/replay.h).
 */
#ifndef TGX_PIPE_H
#define TGX_PIPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"
#include "tgx/exec.h"
#include "tgx/tex.h"

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

/* ---- the minimal pipeline --------------------------------------------------------------------
 * Vertex shader on the vertices, an optional geometry shader on the primitives they form, clip
 * space to window (viewport, depth range) after the clipper (Mesa's draw module's: view volume,
 * clip distances), rasterisation as softpipe does it (raster.h: triangles scan-converted in
 * float, lines by Bresenham, points as the draw module's biased squares of side PSIZE or 1), plane
 * equation interpolation (CONSTANT / LINEAR / PERSPECTIVE, POSITION with the FS_COORD_ORIGIN and
 * FS_COORD_PIXEL_CENTER properties, FACE), the fragment shader in 2x2 quads (helper lanes
 * outside the triangle run for derivatives), COLOR[n] written to RGBA float or integer targets.
 * Tiles are spread over threads; every pixel is computed the same way whatever the thread count,
 * so results are identical for any N. docs/pipeline.md has the details. */

#define TGX_PIPE_MAX_CBUFS   32
#define TGX_PIPE_MAX_BUFFERS 32
#define TGX_PIPE_MAX_UNITS   32 /* SAMP/SVIEW/IMAGE slots */
#define TGX_PIPE_MAX_ATTRIBS 32
#define TGX_PIPE_MAX_TARGETS 8

/* A TGSI shader parsed, checked and decoded for the interpreter, with its interface. */
typedef struct tgx_pipe_shader tgx_pipe_shader;

/* name is used in diagnostics (the file name). */
tgx_status tgx_pipe_shader_parse(const char *text, size_t size, const char *name,
                                 tgx_pipe_shader **out, tgx_diag *d);
tgx_status tgx_pipe_shader_load(const char *path, tgx_pipe_shader **out, tgx_diag *d);
/* The same, with the parsed shader first checked by tgx_tgsi_validate (the rules of `tgx
 * check`): every finding, errors and warnings, each with file:line:col, is appended to found
 * (tgx_diag_list_init'ed by the caller). An error stops the load before the shader is decoded:
 * TGX_ERR_INVALID, *d the first error. Warnings alone do not. A shader that does not parse
 * fails as tgx_pipe_shader_parse does, found unchanged. */
tgx_status tgx_pipe_shader_parse_validated(const char *text, size_t size, const char *name,
                                           tgx_diag_list *found, tgx_pipe_shader **out,
                                           tgx_diag *d);
tgx_status tgx_pipe_shader_load_validated(const char *path, tgx_diag_list *found,
                                          tgx_pipe_shader **out, tgx_diag *d);
void tgx_pipe_shader_destroy(tgx_pipe_shader *s);
/* The name the shader was loaded under (its path), for messages. */
const char *tgx_pipe_shader_name(const tgx_pipe_shader *s);
/* The parsed shader (tgsi.h) the program was made from. */
const struct tgx_tgsi_shader *tgx_pipe_shader_tgsi(const tgx_pipe_shader *s);
/* The texture hook (tgx_exec_set_tex_hook) of every interpreter machine that runs s from now on
 * (NULL: the texture unit). The hook must be safe to call from the pipeline's threads. */
void tgx_pipe_shader_set_tex_hook(tgx_pipe_shader *s, tgx_exec_tex_hook hook, void *user);
void *tgx_pipe_shader_tex_hook_user(const tgx_pipe_shader *s);
tgx_exec_stage tgx_pipe_shader_stage(const tgx_pipe_shader *s);
/* True when a run with TGX_PIPE_EXEC_JIT ran s on the interpreter because the compiler is not
 * available or does not take s; *why (if not NULL) then says why, with the instruction's
 * position where one is the reason. False before any such run, and when s ran compiled. */
bool tgx_pipe_shader_interpreted(const tgx_pipe_shader *s, tgx_diag *why);
const tgx_exec_program *tgx_pipe_shader_program(const tgx_pipe_shader *s);
/* The pass-through vertex shader of `tgx run`: OUT[0] POSITION = IN[0], OUT[1] GENERIC[0] =
 * IN[1] (the quad's texture coordinate, (x+0.5)/W, (y+0.5)/H at pixel centres). */
tgx_status tgx_pipe_shader_passthrough(tgx_pipe_shader **out, tgx_diag *d);

/* Resources seen by the shaders (pointers are borrowed; NULL = unbound). */
typedef struct tgx_pipe_bindings {
    const uint32_t *cbuf[TGX_PIPE_MAX_CBUFS]; /* CONST[i]: 4 words a row */
    size_t cbuf_words[TGX_PIPE_MAX_CBUFS];
    void *buffer[TGX_PIPE_MAX_BUFFERS]; /* BUFFER[i] */
    size_t buffer_bytes[TGX_PIPE_MAX_BUFFERS];
    const tgx_tex_view *view[TGX_PIPE_MAX_UNITS]; /* SVIEW[i] (and SAMP[i]'s texture) */
    const tgx_sampler *sampler[TGX_PIPE_MAX_UNITS];
    tgx_tex *image[TGX_PIPE_MAX_UNITS]; /* IMAGE[i], at image_level[i] */
    uint32_t image_level[TGX_PIPE_MAX_UNITS];
} tgx_pipe_bindings;

/* One vertex attribute stream: `components` words per vertex (float bits or integers); missing
 * components read as (0, 0, 0, 1) — float 1.0 for float attributes, integer 1 otherwise. */
typedef struct tgx_pipe_attrib {
    const uint32_t *words;
    unsigned components;
    bool integer;
} tgx_pipe_attrib;

/* What the draw's vertices form: GL's draw modes of the same names (GL 4.6 section 10.1).
 * X(ENUM, name, phrase, vertices): `name` as `tgx run --prim` spells it, `phrase` for messages,
 * `vertices` of one primitive as a geometry shader receives it (1 POINTS, 2 LINES, 3 TRIANGLES,
 * 4 LINES_ADJACENCY, 6 TRIANGLES_ADJACENCY). With a geometry shader the primitives are its input;
 * without one they are rasterised (points and lines as docs/pipeline.md says; an adjacency mode
 * draws its lines or triangles without the adjacent vertices, GL 4.6 sections 10.1.11-10.1.14). */
#define TGX_PIPE_PRIMS(X)                                                                          \
    X(TRIANGLES, "triangles", "triangles", 3)                                                      \
    X(TRIANGLE_STRIP, "triangle_strip", "a triangle strip", 3)                                     \
    X(POINTS, "points", "points", 1)                                                               \
    X(LINES, "lines", "lines", 2)                                                                  \
    X(LINE_STRIP, "line_strip", "a line strip", 2)                                                 \
    X(LINES_ADJACENCY, "lines_adjacency", "lines with adjacency", 4)                               \
    X(LINE_STRIP_ADJACENCY, "line_strip_adjacency", "a line strip with adjacency", 4)              \
    X(TRIANGLES_ADJACENCY, "triangles_adjacency", "triangles with adjacency", 6)                   \
    X(TRIANGLE_STRIP_ADJACENCY, "triangle_strip_adjacency", "a triangle strip with adjacency", 6)  \
    X(TRIANGLE_FAN, "triangle_fan", "a triangle fan", 3)

typedef enum tgx_pipe_prim {
#define TGX_PIPE_PRIM_ENUM_(e, name, phrase, vertices) TGX_PIPE_##e,
    TGX_PIPE_PRIMS(TGX_PIPE_PRIM_ENUM_)
#undef TGX_PIPE_PRIM_ENUM_
        TGX_PIPE_PRIM_COUNT
} tgx_pipe_prim;

/* The mode's name ("line_strip_adjacency"), or NULL for a value out of range. */
const char *tgx_pipe_prim_name(tgx_pipe_prim prim);
/* The mode called name; false if there is none. */
bool tgx_pipe_prim_parse(const char *name, tgx_pipe_prim *out);

/* Who runs the shaders of a draw, vertex run or dispatch. */
typedef enum tgx_pipe_exec {
    /* The default: each shader compiled to native code (tgx/jit.h) where tgx was built with
     * LLVM and the compiler takes the shader; the interpreter otherwise, the reason kept
     * (tgx_pipe_shader_interpreted). The results are the interpreter's, bit for bit. */
    TGX_PIPE_EXEC_JIT = 0,
    /* The interpreter (tgx/exec.h) for every shader. */
    TGX_PIPE_EXEC_INTERP = 1,
} tgx_pipe_exec;

typedef struct tgx_pipe_state {
    float viewport[4];    /* x, y, width, height */
    float depth_range[2]; /* near, far */
    bool half_pixel_center, bottom_edge_rule, front_ccw, flatshade_first;
    /* the clipper (docs/pipeline.md): bit i enables clip distance i (gallium's
     * clip_plane_enable, glEnable(GL_CLIP_DISTANCEi) or GL_CLIP_PLANEi): CLIPDIST component i
     * where the last vertex stage writes CLIPDIST, else dot(CLIPVERTEX, clip_planes[i]), or
     * dot(POSITION, clip_planes[i]) without a CLIPVERTEX output (legacy user clip planes,
     * gallium's pipe_clip_state.ucp, in the space of CLIPVERTEX); clip_halfz puts the near plane
     * at z = 0 instead of z = -w; no_depth_clip leaves z unclipped (depth clamp) */
    unsigned clip_plane_enable;
    float clip_planes[8][4];
    /* a point's PCOORD (gl_PointCoord) t is 0 at its corners of lower window y (gallium's
     * sprite_coord_mode UPPER_LEFT); false: 1 there (LOWER_LEFT: what st/mesa sets for GL's
     * default GL_POINT_SPRITE_COORD_ORIGIN on a user framebuffer, tgx's row order) */
    bool sprite_coord_upper_left;
    bool clip_halfz, no_depth_clip;
    unsigned threads; /* 0: all cores, at most one per 32 tiles of 16x16 (8,192 pixels) */
    uint64_t budget;  /* instructions per invocation; 0: TGX_EXEC_DEFAULT_BUDGET (exec.h) */
    /* float-to-integer conversion of NaN / out-of-range values: TGX_EXEC_F2I_SATURATE (the
     * default, as GPUs do) or TGX_EXEC_F2I_X86 (what softpipe computed on the corpus's x86-64
     * machines; tgx_case_execute uses it) */
    tgx_exec_f2i_rule f2i_rule;
    /* denormal 32-bit floats: TGX_EXEC_DENORMS_PRESERVE (the default, IEEE 754) or
     * TGX_EXEC_DENORMS_FLUSH (Mesa's draws on x86-64; tgx_case_execute uses it for draws) */
    tgx_exec_denorm_rule denorms;
    tgx_pipe_exec exec; /* compiled (default) or interpreted shaders */
} tgx_pipe_state;
/* The vertex-only and compute entry points below read threads and budget from a state; NULL
 * means the defaults of tgx_pipe_state_init. */

/* GL defaults for a width x height target: viewport 0,0,w,h, depth 0..1, pixel centres at .5,
 * gallium front_ccw = 0 (st/mesa's value for user framebuffers), depth clipping on, no clip
 * distance enabled, all cores. */
void tgx_pipe_state_init(tgx_pipe_state *st, uint32_t width, uint32_t height);

/* A render target: width*height texels of 4 words, row 0 (window y = 0) first. integer: the
 * shader's words are stored as they are (RGBA32UI/I); else as float bits (RGBA32F). */
typedef struct tgx_pipe_target {
    uint32_t width, height;
    bool integer;
    uint32_t *words;
} tgx_pipe_target;

typedef struct tgx_pipe_draw {
    const tgx_pipe_shader *vs, *fs;
    tgx_pipe_prim prim;
    unsigned vertex_count;
    tgx_pipe_attrib attribs[TGX_PIPE_MAX_ATTRIBS]; /* IN[i] of the vertex shader */
    const tgx_pipe_bindings *vs_bindings, *fs_bindings;
    tgx_pipe_target *targets[TGX_PIPE_MAX_TARGETS]; /* COLOR[i] */
    /* Optional geometry shader (NULL: none). Its GS_INPUT_PRIMITIVE must be what prim gives:
     * POINTS for points, LINES for lines and line strips, TRIANGLES for triangles and triangle
     * strips, LINES_ADJACENCY and TRIANGLES_ADJACENCY for the adjacency modes (TGX_PIPE_PRIMS'
     * vertex counts). Stream 0 of its output is rasterised. */
    const tgx_pipe_shader *gs;
    const tgx_pipe_bindings *gs_bindings;
} tgx_pipe_draw;

tgx_status tgx_pipe_render(const tgx_pipe_draw *draw, const tgx_pipe_state *st, tgx_diag *d);

/* Runs the vertex shader alone on vertex_count vertices (VERTEXID = index). out receives, per
 * vertex, every output register's 4 words: out[(v * noutputs + reg) * 4 + c], with noutputs =
 * tgx_exec_program_num_outputs. */
tgx_status tgx_pipe_run_vertices(const tgx_pipe_shader *vs, const tgx_pipe_attrib *attribs,
                                 unsigned vertex_count, const tgx_pipe_bindings *b,
                                 const tgx_pipe_state *st, uint32_t *out, tgx_diag *d);
/* The output register carrying a semantic: name as in TGSI ("POSITION", "GENERIC", "PSIZE"),
 * index its semantic index. Returns the register, or -1; *channels = declared channels. */
int tgx_pipe_shader_output(const tgx_pipe_shader *s, const char *semantic, unsigned index,
                           unsigned *channels);
/* The n-th user varying output (GENERIC, TEXCOORD, ... in semantic-index order), or -1. */
int tgx_pipe_shader_varying(const tgx_pipe_shader *s, unsigned n, unsigned *channels);

/* Compute: every workgroup of grid[0] x grid[1] x grid[2], in order (x fastest), each with
 * the shader's CS_FIXED_BLOCK size. */
tgx_status tgx_pipe_dispatch(const tgx_pipe_shader *cs, const uint32_t grid[3],
                             const tgx_pipe_bindings *b, const tgx_pipe_state *st, tgx_diag *d);

#ifdef __cplusplus
}
#endif

#endif
