/* tgx/replay.h — corpus case files and their replay, a layer above the pipeline (tgx/pipe.h).
 *
 * A case (one folder: case.json, the shaders, softpipe's and llvmpipe's results; format in
 * tests/data/corpus/README.md) describes one draw or dispatch as Mesa's softpipe saw it:
 * framebuffer, draw, textures (by generator), sampler states and views as gallium had them bound,
 * constant rows, UBOs, SSBOs, vertex attributes, dispatch size, and the expected results with the
 * softpipe-vs-llvmpipe difference. tgx_case_load reads that into plain C data; strings of the case
 * (targets, formats, filters) are kept as the case spells them and mapped to texture-unit enums
 * where the replay binds them. tgx_case_execute rebuilds the inputs and runs the case through the
 * pipeline; tgx_case_compare judges a result against the references.
 */
#ifndef TGX_REPLAY_H
#define TGX_REPLAY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"
#include "tgx/io.h"
#include "tgx/pipe.h"

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

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
    tgx_tex_target tex_target;         /* target and format as the texture unit names them, */
    tgx_tex_format tex_format;         /* resolved (and refused at their place) when loaded */
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
    /* the viewed resource's own format and target ("" when the case does not say): a view that
     * differs from them reinterprets the texture (GL texture views, sRGB decode off) */
    char resource_format[TGX_CASE_WORD_MAX], resource_target[TGX_CASE_WORD_MAX];
    unsigned first_level, last_level, first_layer, last_layer;
    unsigned buffer_offset, buffer_size; /* bytes, buffer views (size 0: the whole buffer) */
    char swizzle[5];                     /* "xyzw", "x001", ... */
} tgx_case_slot;

/* inputs.images[i]: IMAGE[unit] is level 0 of case texture `texture` (issue 9's layout:
 * {unit, texture, access}; access "r", "w" or "rw"). */
typedef struct tgx_case_image {
    unsigned unit;
    int texture; /* index into tgx_case.textures */
    bool read, write;
} tgx_case_image;

/* Which shaders of a draw a constant buffer is bound to. */
typedef enum tgx_case_stages {
    TGX_CASE_STAGES_ALL,      /* tgsi_bindings.constants, inputs.ubos */
    TGX_CASE_STAGES_VERTEX,   /* tgsi_bindings.vertex_constants */
    TGX_CASE_STAGES_FRAGMENT, /* tgsi_bindings.fragment_constants */
} tgx_case_stages;

/* A constant buffer CONST[index]: CONST[0] the default uniform block, CONST[n+1] UBO binding n
 * (inputs.ubos), or any CONST[n] given by rows; bound to `stages`, a stage's own buffer taking
 * the place of a shared one of the same index. words = rows * 4. */
typedef struct tgx_case_cbuf {
    unsigned index;
    tgx_case_stages stages;
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

/* Channels of one result element at most (a vertex case captures up to 64 interleaved
 * components: GL's minimum MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS). */
#define TGX_CASE_MAX_CHANNELS 64

/* What a result holds, from its name: "result" the render target (fragment cases) or the
 * captured varyings (vertex cases), "ssboN" BUFFER[N] after the run, "imgN" IMAGE[N]'s level 0
 * after the run (one element per texel, rows of slice 0 first, then slice 1, ...). */
typedef enum tgx_case_output {
    TGX_CASE_OUT_TARGET,
    TGX_CASE_OUT_SSBO,
    TGX_CASE_OUT_IMAGE,
} tgx_case_output;

/* results.<name>: what softpipe produced, where llvmpipe's result is and how far it was. */
typedef struct tgx_case_result {
    char name[TGX_CASE_NAME_MAX]; /* "result", "ssbo0", "img1", ... */
    tgx_case_output output;
    unsigned index;                   /* N of ssboN / imgN */
    char file[TGX_CASE_NAME_MAX];     /* softpipe's TGXR file in the case folder */
    char llvmpipe[TGX_CASE_NAME_MAX]; /* llvmpipe's TGXR file; "" when the case names none */
    unsigned width, height, channels; /* checked against the case (framebuffer, vertex count,
                                         SSBO bytes, image size) when the case is loaded */
    tgx_case_type type;
    double max_abs_diff; /* softpipe vs llvmpipe; 0 means they agree bit for bit */
    /* max_abs_diff_per_channel[c], or max_abs_diff where the case gives no per-channel list */
    double channel_max[TGX_CASE_MAX_CHANNELS];
    unsigned nan_mismatches;
} tgx_case_result;

typedef struct tgx_case {
    char name[TGX_CASE_NAME_MAX];
    tgx_case_stage stage;
    char shader_file[TGX_CASE_NAME_MAX],
        vertex_file[TGX_CASE_NAME_MAX]; /* vertex_file "" if none */
    /* framebuffer (fragment cases) */
    unsigned fb_width, fb_height;
    bool fb_integer;      /* GL_RGBA32UI or GL_RGBA32I */
    bool fb_signed;       /* GL_RGBA32I: int32 results */
    uint32_t fb_clear[4]; /* float bits or integers, as the target stores them */
    /* draw */
    tgx_pipe_prim prim;    /* draw.primitive: GL_TRIANGLE_STRIP, GL_POINTS, ... */
    float (*positions)[2]; /* attribute0_a_pos for fragment cases */
    size_t position_count;
    unsigned vertex_count; /* vertex cases: draw.count */
    float viewport[4];     /* x, y, w, h */
    float depth_range[2];
    char (*xfb_varyings)[TGX_CASE_NAME_MAX]; /* vertex cases: captured varyings, in order */
    size_t xfb_count;
    /* rasterizer state softpipe had (gallium_state_at_draw.rasterizer) */
    bool half_pixel_center, bottom_edge_rule, front_ccw, flatshade_first;
    unsigned clip_plane_enable; /* rasterizer.clip_plane_enable: clip distances / planes in use */
    bool clip_halfz, depth_clip_near;
    bool sprite_coord_upper_left; /* rasterizer.sprite_coord_mode "upper_left" (default lower_left)
                                   */
    float ucp[8][4]; /* gallium_state_at_draw.clip.ucp: legacy user clip planes (glClipPlane) */
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
    tgx_case_image *images;
    size_t image_count;
    unsigned dispatch[3];
    tgx_case_result *results;
    size_t result_count;
} tgx_case;

/* Reads dir/case.json. Errors name case.json:line:col and the member that is wrong. */
tgx_status tgx_case_load(const char *dir, tgx_case *c, tgx_diag *d);
void tgx_case_free(tgx_case *c);

/* How a case is replayed. Fields may be added; start from tgx_replay_opts_init. */
typedef struct tgx_replay_opts {
    unsigned threads; /* render threads; 0 = all cores, at most one per 8,192 pixels (results
                         do not depend on it) */
    /* force_profile: every sampler uses `profile` instead of the case's (the exact profile with
     * softpipe's LOD rule); the results then no longer aim at softpipe's */
    bool force_profile;
    tgx_tex_profile profile;
    /* force_lod_rule: the exact profile's samplers use lod_rule instead of softpipe's (to see a
     * result under GL's rule; tests/translation) */
    bool force_lod_rule;
    tgx_tex_lod_rule lod_rule;
    /* who runs the shaders (tgx_pipe_state.exec): compiled by default, or the interpreter */
    tgx_pipe_exec exec;
    /* Called for every shader of the case once it is loaded and before it runs (NULL: none),
     * e.g. to install a texture hook (tgx_pipe_shader_set_tex_hook; `tgx replay --via sm5`);
     * an error fails the case with d. release_shader (may be NULL) is called before the shader
     * is destroyed. */
    tgx_status (*prepare_shader)(void *user, tgx_pipe_shader *s, tgx_diag *d);
    void (*release_shader)(void *user, tgx_pipe_shader *s);
    void *user;
} tgx_replay_opts;

void tgx_replay_opts_init(tgx_replay_opts *o);

/* Rebuilds every input of a case read from dir (textures from their generators, views and
 * samplers as gallium had them, constants, UBOs, SSBOs, images, attributes), runs the draw, the
 * vertex capture or the dispatch as softpipe did (x86-64 float-to-int conversions, denormals
 * as docs/replay.md says), and returns one image per result (outs[i] for c->results[i], in the
 * layout of softpipe's file; the caller frees each with tgx_tgxr_free). opts NULL: defaults.
 * On error every outs[i] is freed. */
tgx_status tgx_case_execute(const tgx_case *c, const char *dir, const tgx_replay_opts *opts,
                            tgx_tgxr *outs, tgx_diag *d);

/* Reads the references of result i: softpipe's file, and llvmpipe's when the case names one.
 * Each header must say what the case says (width, height, channels, type): a file that does not
 * is refused before its data is read, naming the file and the field. A case whose drivers differ
 * (max_abs_diff > 0) needs llvmpipe's file: without it the per-value rule has nothing to span, and
 * the case is refused. *llvmpipe is zeroed (words NULL) when the drivers agree and the case names
 * no file. On error nothing is left allocated. */
tgx_status tgx_case_read_refs(const tgx_case *c, size_t i, const char *dir, tgx_tgxr *softpipe,
                              tgx_tgxr *llvmpipe, tgx_diag *d);
/* The headers of every reference file (softpipe's and llvmpipe's) against the shape the case
 * gives each result, nothing else read: tgx_case_execute calls it before any work, so a case
 * that claims a 16384x16384 framebuffer whose references are 64x64 is refused at once instead
 * of after rendering 268 million pixels. */
tgx_status tgx_case_check_refs(const tgx_case *c, const char *dir, tgx_diag *d);

/* The most compute invocations (work groups times the shader's block) one case may dispatch;
 * each axis of the dispatch is at most 65535 groups (GL's minimum for
 * GL_MAX_COMPUTE_WORK_GROUP_COUNT). 16,777,216 is 4096 times the corpus's largest. */
#define TGX_REPLAY_MAX_INVOCATIONS ((uint64_t)1 << 24)

/* The per-value rule (docs/replay.md), for each value v of a result, s softpipe's and l
 * llvmpipe's value at the same place:
 *  - v has s's bits: bit-exact, passes;
 *  - s and l have the same bits (or there is no l): v must have them too;
 *  - else v must lie in the interval the two span: [min(s, l), max(s, l)] in the result's type
 *    (float32 by value, so +0 and -0 both lie in [-0, +0]; uint32 and int32 as integers); a
 *    NaN on one side admits a NaN or the other side's bits, NaN on both sides admits any NaN;
 *  - and |v - s| must not exceed the case's figure for the channel (max_abs_diff_per_channel,
 *    else max_abs_diff): a figure of 0 demands s's bits. The case's figures can only tighten
 *    the interval, never widen it.
 * The reported value is the failing one farthest from softpipe (the first such in row order). */
typedef struct tgx_case_diff {
    bool pass;
    bool shape_mismatch; /* sizes, channels or types differ: nothing else is valid */
    size_t values;       /* values compared (width * height * channels) */
    size_t bit_exact;    /* values with softpipe's bits */
    size_t outside;      /* values the rule refuses */
    double max_diff;     /* |v - s| of the reported value (infinite for NaN against a number) */
    size_t worst_x, worst_y;
    unsigned worst_channel;
    uint32_t worst_softpipe, worst_llvmpipe, worst_got;
} tgx_case_diff;

/* llvmpipe may be NULL or have NULL words: no second driver, every value must be bit-exact. */
void tgx_case_compare(const tgx_case_result *r, const tgx_tgxr *got, const tgx_tgxr *softpipe,
                      const tgx_tgxr *llvmpipe, tgx_case_diff *out);

#ifdef __cplusplus
}
#endif

#endif
