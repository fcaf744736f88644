/* pipe_internal.h — what the pipeline needs to know about a shader's interface, taken from its
 * declarations once when the shader is loaded (shader.c), so that draws never look at the IR. */
#ifndef TGX_PIPE_INTERNAL_H
#define TGX_PIPE_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/exec.h"
#include "tgx/pipe.h"

struct tgx_tgsi_shader;

/* Semantics the pipeline routes (TGSI spec, "Declaration Semantic"). */
typedef enum pipe_sem {
    PIPE_SEM_OTHER,
    PIPE_SEM_POSITION,
    PIPE_SEM_COLOR,
    PIPE_SEM_BCOLOR,
    PIPE_SEM_FOG,
    PIPE_SEM_PSIZE,
    PIPE_SEM_GENERIC,
    PIPE_SEM_TEXCOORD,
    PIPE_SEM_PCOORD,
    PIPE_SEM_FACE,
    PIPE_SEM_STENCIL,
    PIPE_SEM_SAMPLEID,
    PIPE_SEM_SAMPLEPOS,
    PIPE_SEM_SAMPLEMASK,
    PIPE_SEM_VERTEXID,
    PIPE_SEM_VERTEXID_NOBASE,
    PIPE_SEM_BASEVERTEX,
    PIPE_SEM_INSTANCEID,
    PIPE_SEM_BASEINSTANCE,
    PIPE_SEM_DRAWID,
    PIPE_SEM_HELPER_INVOCATION,
    PIPE_SEM_CLIPDIST,
    PIPE_SEM_CLIPVERTEX,
    PIPE_SEM_LAYER,
    PIPE_SEM_VIEWPORT_INDEX,
} pipe_sem;

typedef enum pipe_interp {
    PIPE_INTERP_CONSTANT,
    PIPE_INTERP_LINEAR,
    PIPE_INTERP_PERSPECTIVE,
    PIPE_INTERP_COLOR, /* follows flat shading state; smooth colours are perspective */
} pipe_interp;

typedef struct pipe_reg {
    unsigned reg;
    pipe_sem sem;
    unsigned index; /* semantic index */
    pipe_interp interp;
    unsigned usage_mask;    /* bit c: channel c declared (TGSI "DCL OUT[2].x" -> 1) */
    unsigned tgsi_semantic; /* tgx_tgsi_semantic, for lookups by name */
} pipe_reg;

#define PIPE_MAX_REGS 80

typedef struct pipe_shader_info {
    tgx_exec_stage stage;
    pipe_reg inputs[PIPE_MAX_REGS], outputs[PIPE_MAX_REGS], sysvals[PIPE_MAX_REGS];
    unsigned ninputs, noutputs, nsysvals;
    bool origin_lower_left;    /* PROPERTY FS_COORD_ORIGIN LOWER_LEFT */
    bool pixel_center_integer; /* PROPERTY FS_COORD_PIXEL_CENTER INTEGER */
    unsigned num_clipdist;     /* PROPERTY NUM_CLIPDIST_ENABLED: CLIPDIST components written */
} pipe_shader_info;

/* The shader's compiled program (tgx/jit.h), made by the first run that wants it and shared by
 * every machine of every thread that runs the shader (shader.c pipe_shader_attach). */
typedef struct pipe_jit {
    pthread_mutex_t lock;
    int state; /* 0: not tried, 1: compiled, -1: the interpreter runs the shader (why) */
    struct tgx_jit_program *program;
    tgx_diag why;
} pipe_jit;

struct tgx_pipe_shader {
    struct tgx_tgsi_shader *tgsi;
    tgx_exec_program *program;
    pipe_jit *jit; /* mutable behind a const shader */
    pipe_shader_info info;
    char name[256];
    tgx_exec_tex_hook tex_hook; /* given to every machine that runs the shader; NULL: none */
    void *tex_hook_user;
};

/* ---- primitives after the last vertex stage (geom.c) ---- */

typedef enum pipe_prim_kind { PIPE_POINT = 1, PIPE_LINE = 2, PIPE_TRI = 3 } pipe_prim_kind;

typedef struct pipe_prim {
    uint8_t kind;  /* pipe_prim_kind: vertices used in v */
    int provoking; /* index into v of the vertex flat inputs take */
    unsigned v[3]; /* vertex numbers in pipe_geometry.words */
} pipe_prim;

/* The vertices the rasteriser sees (outputs of the vertex or the geometry shader) and the
 * primitives they form, in draw order. */
typedef struct pipe_geometry {
    const tgx_pipe_shader *shader; /* whose outputs the vertices hold */
    uint32_t *words;               /* [vertex][nout][4]; borrowed from the caller when owned is
                                      false */
    bool owned;
    unsigned nout;
    size_t nverts, cap_verts;
    pipe_prim *prims;
    size_t nprims, cap_prims;
} pipe_geometry;

/* The primitives of draw->prim over vertex_count vertices of vout (the vertex shader's output;
 * borrowed). Strip triangles keep the strip's winding; provoking vertices per GL 4.6 table 13.2. */
tgx_status pipe_assemble(const tgx_pipe_draw *draw, bool flatshade_first, const uint32_t *vout,
                         unsigned nout, pipe_geometry *g, tgx_diag *d);
/* Runs draw->gs on the primitives of draw->prim and collects stream 0 of its output. */
tgx_status pipe_run_geometry(const tgx_pipe_draw *draw, const tgx_pipe_state *st,
                             const uint32_t *vout, unsigned nout, pipe_geometry *g, tgx_diag *d);
void pipe_geometry_free(pipe_geometry *g);

/* ---- the clipper (clip.c), as Mesa's draw module clips for softpipe ---- */

/* Most vertices a clipped triangle can have: 3 + one per plane (6 of the view volume, 8 clip
 * distances), and the clipper's scratch vertices (draw_pipe_clip.c MAX_CLIPPED_VERTICES). */
#define PIPE_CLIP_MAX_VERTS (2 * (6 + 8) + 1)

typedef enum pipe_clip_interp {
    PIPE_CLIP_PERSPECTIVE, /* interpolated in clip space (t) */
    PIPE_CLIP_LINEAR,      /* interpolated in window space (t of the projected coordinates) */
    PIPE_CLIP_CONSTANT,    /* the provoking vertex's words */
    PIPE_CLIP_POSITION,    /* the clip position itself */
} pipe_clip_interp;

typedef struct pipe_clip {
    unsigned nout;                 /* output registers of the last vertex stage */
    unsigned pos_reg;              /* its POSITION */
    int cd_reg[2];                 /* its CLIPDIST 0 and 1, or -1 */
    bool have_cd;                  /* it writes CLIPDIST: the user planes' distances */
    unsigned cv_reg;               /* else its CLIPVERTEX (POSITION without one) ... */
    float planes[8][4];            /* ... dotted with these (tgx_pipe_state.clip_planes) */
    unsigned user;                 /* clip distances clipped against: bit i = distance i */
    bool z, halfz;                 /* the near and far planes; the near one at z = 0 */
    uint8_t interp[PIPE_MAX_REGS]; /* pipe_clip_interp of each output register */
} pipe_clip;

/* The clipper for vertices with the outputs of `last` (the vertex or geometry shader) read by
 * `fs` under state st. */
void pipe_clip_init(pipe_clip *c, const tgx_pipe_state *st, const pipe_shader_info *last,
                    const pipe_shader_info *fs, unsigned nout);
/* The cliptest of one vertex (its nout*4 output words): bit 0..3 outside x = w, x = -w, y = w,
 * y = -w; 4, 5 the near and far planes; 6 + i clip distance i negative or NaN (or infinite,
 * for a CLIPDIST the shader wrote). */
unsigned pipe_clip_mask(const pipe_clip *c, const uint32_t *words);
/* Clips triangle v[0..2] (cliptest masks m) against the planes of mask; the polygon's vertices
 * go to out (pointers to v's words or to new vertices in pool, PIPE_CLIP_MAX_VERTS + 1 vertices
 * of nout*4 words). Returns the polygon's vertex count, 0 when nothing is left. */
unsigned pipe_clip_triangle(const pipe_clip *c, const uint32_t *const v[3], unsigned mask,
                            uint32_t *pool, const uint32_t **out);
/* Clips line v[0..1] with masks m[0..1]; false when nothing is left. New end points in pool (2
 * vertices); flat values are the caller's. */
bool pipe_clip_line(const pipe_clip *c, const uint32_t *const v[2], const unsigned m[2],
                    uint32_t *pool, const uint32_t **out);

/* Room for item `count` of an array of `elem`-byte items at *items, its capacity *cap doubled
 * from `first` as needed; TGX_ERR_NOMEM naming `what` when memory runs out (*items unchanged). */
tgx_status pipe_grow(void **items, size_t *cap, size_t count, size_t elem, size_t first,
                     const char *what, tgx_diag *d);

/* Finds the output register with a semantic, or NULL. */
const pipe_reg *pipe_find_output(const pipe_shader_info *info, pipe_sem sem, unsigned index);

/* Binds constants, buffers, views, samplers and images to a machine and applies the state's
 * interpreter settings (budget, float-to-int rule); st may be NULL (defaults). */
tgx_status pipe_setup_machine(tgx_exec_machine *m, const tgx_pipe_shader *s,
                              const tgx_pipe_bindings *b, const tgx_pipe_state *st, tgx_diag *d);
/* shader.c: makes m run s's compiled program (compiling it on first use); where the compiler
 * refuses s, m keeps the interpreter and s records why. Errors are only out of memory. */
tgx_status pipe_shader_attach(const tgx_pipe_shader *s, tgx_exec_machine *m, tgx_diag *d);

#endif
