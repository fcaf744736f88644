/* tgx/pipe.h — corpus case files and the minimal pipeline behind `tgx run` and `tgx replay`.
 *
 * A case (../shared/corpus/tgsi/<name>/case.json, format in that folder's README) describes one
 * draw or dispatch as Mesa's softpipe saw it: framebuffer, draw, textures (by generator), sampler
 * states and views as gallium had them bound, constant rows, UBOs, SSBOs, vertex attributes,
 * dispatch size, and the expected results with the softpipe-vs-llvmpipe difference.
 * tgx_case_load reads that into plain C data; strings of the case (targets, formats, filters)
 * are kept as the case spells them and mapped to texture-unit enums where the pipeline binds them.
 */
#ifndef TGX_PIPE_H
#define TGX_PIPE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"
#include "tgx/exec.h"
#include "tgx/io.h"
#include "tgx/tex.h"

#define TGX_CASE_NAME_MAX 64
#define TGX_CASE_WORD_MAX 48 /* longest enum-like string of a case ("PIPE_FORMAT_...") */

typedef enum tgx_case_stage {
    TGX_CASE_FRAGMENT,
    TGX_CASE_VERTEX,
    TGX_CASE_COMPUTE,
} tgx_case_stage;

typedef enum tgx_case_type { TGX_CASE_F32 = 0, TGX_CASE_U32 = 1, TGX_CASE_I32 = 2 } tgx_case_type;

/* inputs.textures[i]: every texel of every level comes from a generator (README "Texture
 * generators"). */
typedef struct tgx_case_texture {
    int id;
    char target[TGX_CASE_WORD_MAX]; /* 1d 1darray 2d 2darray 3d buffer cube cubearray rect */
    char format[TGX_CASE_WORD_MAX]; /* rgba8 r32f depth24 ... */
    unsigned width, height, depth;  /* depth = depth_or_layers (slices for arrays and cubes) */
    unsigned levels;
    char generator[TGX_CASE_WORD_MAX]; /* hash checker gradient levels */
    uint32_t seed;
    unsigned cell;       /* checker cell size; 0 = not given */
    float fscale, fbias; /* float formats: b * fscale + fbias (defaults 1/256, 0) */
} tgx_case_texture;

/* One SAMP[i]/SVIEW[i] slot as gallium had it bound at the draw (gallium_state_at_draw), plus
 * which case texture backs the view (from inputs.samplers[].unit/texture). */
typedef struct tgx_case_slot {
    unsigned slot;
    int texture; /* index into tgx_case.textures, -1 if none */
    bool has_sampler, has_view;
    /* pipe_sampler_state */
    char wrap[3][TGX_CASE_WORD_MAX]; /* s, t, r: repeat clamp_to_edge clamp_to_border ... */
    char min_img_filter[TGX_CASE_WORD_MAX], min_mip_filter[TGX_CASE_WORD_MAX];
    char mag_img_filter[TGX_CASE_WORD_MAX];
    char compare_mode[TGX_CASE_WORD_MAX], compare_func[TGX_CASE_WORD_MAX];
    bool unnormalized_coords, seamless_cube_map;
    unsigned max_anisotropy;
    float lod_bias, min_lod, max_lod;
    float border_color[4];
    /* pipe_sampler_view */
    char view_format[TGX_CASE_WORD_MAX], view_target[TGX_CASE_WORD_MAX];
    unsigned first_level, last_level, first_layer, last_layer;
    unsigned buffer_offset, buffer_size; /* bytes, buffer views */
    char swizzle[5];                     /* "xyzw", "x001", ... */
} tgx_case_slot;

/* A constant buffer CONST[index]: CONST[0] the default uniform block, CONST[n+1] UBO binding n.
 * words = rows * 4. */
typedef struct tgx_case_cbuf {
    unsigned index;
    uint32_t *words;
    size_t count;
} tgx_case_cbuf;

/* inputs.ssbos[i]: BUFFER[binding]. words NULL in the case means all zero; here it is always
 * filled (bytes / 4 words). */
typedef struct tgx_case_ssbo {
    unsigned binding;
    size_t bytes;
    uint32_t *words;
    bool is_float;
} tgx_case_ssbo;

/* inputs.attributes[i]: vertex attribute location with one row of `components` words per vertex
 * (float bits for float attributes, two's complement for int). */
typedef struct tgx_case_attrib {
    unsigned location, components;
    tgx_case_type type;
    uint32_t *words; /* vertex_count * components */
    size_t vertex_count;
} tgx_case_attrib;

/* results.<name>: what softpipe produced and how far llvmpipe was from it. */
typedef struct tgx_case_result {
    char name[TGX_CASE_NAME_MAX]; /* "result", "ssbo0", ... */
    char file[TGX_CASE_NAME_MAX]; /* softpipe's TGR file in the case folder */
    unsigned width, height, channels;
    tgx_case_type type;
    double max_abs_diff; /* softpipe vs llvmpipe; 0 means they agree bit for bit */
    unsigned nan_mismatches;
} tgx_case_result;

typedef struct tgx_case {
    char name[TGX_CASE_NAME_MAX];
    tgx_case_stage stage;
    char shader_file[TGX_CASE_NAME_MAX],
        vertex_file[TGX_CASE_NAME_MAX]; /* vertex_file "" if none */
    /* framebuffer (fragment cases) */
    unsigned fb_width, fb_height;
    bool fb_integer;      /* GL_RGBA32UI */
    uint32_t fb_clear[4]; /* float bits or integers, as the target stores them */
    /* draw */
    bool strip;            /* GL_TRIANGLE_STRIP (else GL_POINTS for vertex cases) */
    float (*positions)[2]; /* attribute0_a_pos for fragment cases */
    size_t position_count;
    unsigned vertex_count; /* vertex cases: draw.count */
    float viewport[4];     /* x, y, w, h */
    float depth_range[2];
    char (*xfb_varyings)[TGX_CASE_NAME_MAX]; /* vertex cases: captured varyings, in order */
    size_t xfb_count;
    /* rasterizer state softpipe had (gallium_state_at_draw.rasterizer) */
    bool half_pixel_center, bottom_edge_rule, front_ccw, flatshade_first;
    /* resources */
    tgx_case_texture *textures;
    size_t texture_count;
    tgx_case_slot *slots;
    size_t slot_count;
    tgx_case_cbuf *cbufs;
    size_t cbuf_count;
    tgx_case_ssbo *ssbos;
    size_t ssbo_count;
    tgx_case_attrib *attribs;
    size_t attrib_count;
    unsigned dispatch[3];
    tgx_case_result *results;
    size_t result_count;
} tgx_case;

/* ---- the minimal pipeline --------------------------------------------------------------------
 * Vertex shader on the vertices, an optional geometry shader on the primitives they form, clip
 * space to window (viewport, depth range), rasterisation of triangles (raster.h: exact top-left
 * rule, pixel centres per half_pixel_center), points (squares of side PSIZE or 1) and lines (GL's
 * parallelogram of width 1) through the same triangle rules, plane
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
tgx_exec_stage tgx_pipe_shader_stage(const tgx_pipe_shader *s);
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
    X(TRIANGLE_STRIP_ADJACENCY, "triangle_strip_adjacency", "a triangle strip with adjacency", 6)

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

typedef struct tgx_pipe_state {
    float viewport[4];    /* x, y, width, height */
    float depth_range[2]; /* near, far */
    bool half_pixel_center, bottom_edge_rule, front_ccw, flatshade_first;
    unsigned threads; /* 0: all cores */
    uint64_t budget;  /* instructions per shader run; 0: TGX_EXEC_DEFAULT_BUDGET */
    /* float-to-integer conversion of NaN / out-of-range values: TGX_EXEC_F2I_SATURATE (the
     * default, as GPUs do) or TGX_EXEC_F2I_X86 (what softpipe computed on the corpus's x86-64
     * machines; tgx_case_execute uses it) */
    tgx_exec_f2i_rule f2i_rule;
} tgx_pipe_state;
/* The vertex-only and compute entry points below read threads and budget from a state; NULL
 * means the defaults of tgx_pipe_state_init. */

/* GL defaults for a width x height target: viewport 0,0,w,h, depth 0..1, pixel centres at .5,
 * top-left rule, gallium front_ccw = 0 (st/mesa's value for user framebuffers), all cores. */
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

/* Reads dir/case.json. Errors name case.json:line:col and the member that is wrong. */
tgx_status tgx_case_load(const char *dir, tgx_case *c, tgx_diag *d);
void tgx_case_free(tgx_case *c);

/* Rebuilds every input of a case read from dir (textures from their generators, views and
 * samplers as gallium had them, constants, UBOs, SSBOs, attributes), runs the draw, the vertex
 * capture or the dispatch, and returns one image per result (outs[i] for c->results[i], in the
 * layout of softpipe's file; the caller frees each with tgx_tgxr_free). threads: 0 = all cores. */
tgx_status tgx_case_execute(const tgx_case *c, const char *dir, unsigned threads, tgx_tgxr *outs,
                            tgx_diag *d);

/* How a result compares with softpipe's: exact (bit for bit) when the case says softpipe and
 * llvmpipe agree (max_abs_diff 0), otherwise every value within max_abs_diff (NaN only matches
 * NaN). The worst element is reported. */
typedef struct tgx_case_diff {
    bool pass;
    bool shape_mismatch; /* sizes or channel counts differ: nothing else is valid */
    size_t differing;    /* values not bit-identical */
    size_t over;         /* values beyond the tolerance */
    double max_diff;     /* largest |got - want| (infinite for NaN against a number) */
    size_t worst_x, worst_y;
    unsigned worst_channel;
    uint32_t worst_want, worst_got;
} tgx_case_diff;

void tgx_case_compare(const tgx_case_result *r, const tgx_tgxr *got, const tgx_tgxr *want,
                      tgx_case_diff *out);

#endif
