/* Vertex processing: the vertex shader over batches of vertices, with attribute fetch and the
 * vertex-stage system values. */
#include <stdlib.h>
#include <string.h>

#include "pipe/pipe_internal.h"
#include "tgx/util.h"

/* Vertices per vertex-shader run. */
#define VS_BATCH 256u

/* GL 4.6 section 10.2: components an attribute does not supply read as 0, 0, 0, 1. */
static uint32_t attrib_word(const tgx_pipe_attrib *a, unsigned v, unsigned c)
{
    if (a->words && c < a->components)
        return a->words[(size_t)v * a->components + c];
    if (c < 3)
        return 0;
    return a->integer ? 1u : tgx_f2bits(1.0f);
}

static uint32_t vertex_sysval(pipe_sem sem, unsigned v)
{
    switch (sem) {
    case PIPE_SEM_VERTEXID:
    case PIPE_SEM_VERTEXID_NOBASE: return v; /* glDrawArrays with first = 0, base vertex 0 */
    default: return 0; /* INSTANCEID, BASEVERTEX, BASEINSTANCE, DRAWID of a single plain draw */
    }
}

static void fill_batch(tgx_exec_machine *m, const pipe_shader_info *info,
                       const tgx_pipe_attrib *attribs, unsigned first, unsigned n)
{
    static const tgx_pipe_attrib none = {NULL, 0, false};
    for (unsigned i = 0; i < info->ninputs; i++) {
        unsigned reg = info->inputs[i].reg;
        const tgx_pipe_attrib *a = reg < TGX_PIPE_MAX_ATTRIBS ? &attribs[reg] : &none;
        for (unsigned c = 0; c < 4; c++) {
            tgx_exec_word *w = tgx_exec_input(m, reg, c);
            for (unsigned l = 0; w && l < n; l++)
                w[l].u = attrib_word(a, first + l, c);
        }
    }
    for (unsigned i = 0; i < info->nsysvals; i++) {
        for (unsigned c = 0; c < 4; c++) {
            tgx_exec_word *w = tgx_exec_sysval(m, info->sysvals[i].reg, c);
            for (unsigned l = 0; w && l < n; l++)
                w[l].u = vertex_sysval(info->sysvals[i].sem, first + l);
        }
    }
}

static void read_batch(const tgx_exec_machine *m, unsigned noutputs, unsigned first, unsigned n,
                       uint32_t *out)
{
    for (unsigned r = 0; r < noutputs; r++)
        for (unsigned c = 0; c < 4; c++) {
            const tgx_exec_word *w = tgx_exec_output(m, r, c);
            for (unsigned l = 0; l < n; l++)
                out[((size_t)(first + l) * noutputs + r) * 4 + c] = w ? w[l].u : 0;
        }
}

tgx_status tgx_pipe_run_vertices(const tgx_pipe_shader *vs, const tgx_pipe_attrib *attribs,
                                 unsigned vertex_count, const tgx_pipe_bindings *b,
                                 const tgx_pipe_state *pst, uint32_t *out, tgx_diag *d)
{
    tgx_exec_machine *m = NULL;
    if (vs->info.stage != TGX_EXEC_VERTEX)
        return tgx_diag_set(d, TGX_ERR_ARG, vs->name, 0, 0, "not a vertex shader (VERT)");
    if (vertex_count == 0)
        return TGX_OK;
    unsigned lanes = vertex_count < VS_BATCH ? vertex_count : VS_BATCH;
    /* always a machine of VS_BATCH lanes: the compiled code is made for a machine's lane-array
     * width, so one width serves every draw (tgx/jit.h) */
    tgx_status st = tgx_exec_machine_create(vs->program, VS_BATCH, &m, d);
    if (st == TGX_OK)
        st = pipe_setup_machine(m, vs, b, pst, d);
    unsigned nout = tgx_exec_program_num_outputs(vs->program);
    for (unsigned first = 0; st == TGX_OK && first < vertex_count; first += lanes) {
        unsigned n = vertex_count - first < lanes ? vertex_count - first : lanes;
        fill_batch(m, &vs->info, attribs, first, n);
        st = tgx_exec_run_vertex(m, n, d);
        if (st == TGX_OK)
            read_batch(m, nout, first, n, out);
    }
    tgx_exec_machine_destroy(m);
    return st;
}
