/* pipe_internal.h — what the pipeline needs to know about a shader's interface, taken from its
 * declarations once when the shader is loaded (shader.c), so that draws never look at the IR. */
#ifndef TGX_PIPE_INTERNAL_H
#define TGX_PIPE_INTERNAL_H

#include <stdbool.h>

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
} pipe_shader_info;

struct tgx_pipe_shader {
    struct tgx_tgsi_shader *tgsi;
    tgx_exec_program *program;
    pipe_shader_info info;
    char name[256];
};

/* Finds the output register with a semantic, or NULL. */
const pipe_reg *pipe_find_output(const pipe_shader_info *info, pipe_sem sem, unsigned index);

/* Binds constants, buffers, views, samplers and images to a machine and applies the state's
 * interpreter settings (budget, float-to-int rule); st may be NULL (defaults). */
tgx_status pipe_setup_machine(tgx_exec_machine *m, const tgx_pipe_bindings *b,
                              const tgx_pipe_state *st, tgx_diag *d);

#endif
