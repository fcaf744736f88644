/* exec_geom.c — geometry shaders: EMIT, ENDPRIM and the per-lane output they build.
 *
 * The TGSI spec leaves EMIT and ENDPRIM "TBD"; the semantics are Mesa 22.3's:
 * * EMIT src (tgsi_exec.c emit_vertex): src.x, an unsigned integer, names the vertex stream. The
 *   current OUT registers become the next vertex of that stream's open primitive.
 * * ENDPRIM src (emit_primitive): ends the open primitive of stream src.x; the next EMIT starts a
 *   new one. At END an open primitive is ended too (conditional_emit_primitive), which needs no
 *   work here: the open strip simply stays the last one.
 * * A vertex beyond GS_MAX_OUTPUT_VERTICES is dropped. tgsi_exec compares the open primitive's
 *   count with the limit; gallivm (lp_bld_nir_soa.c clamp_mask_to_max_output_vertices) and GLSL
 *   ("emits ... beyond max_vertices may have no effect") count every vertex the invocation sent
 *   to the stream, and so does tgx (docs/errata.md).
 * * Streams: gallivm ignores EMIT/ENDPRIM to a stream the shader does not declare; tgx ignores
 *   streams >= 4 (PIPE_MAX_VERTEX_STREAMS) the same way instead of indexing past its arrays as
 *   tgsi_exec would. The stream is read per lane (tgsi_exec reads lane 0's; Mesa only writes
 *   immediates, where the two agree).
 * * Exec masks: tgsi_exec runs one primitive at a time (draw_gs.c, vector_length 1 for the TGSI
 *   path) and emits when ExecMask is not 0; here each lane is one primitive, so each lane emits
 *   when it executes the EMIT, as gallivm's mask_vec does.
 * An ENDPRIM on a stream with no vertex since the last one changes nothing (gallivm's
 * end_primitive_masked; tgsi_exec records an empty primitive, which draws nothing either).
 */
#include <stdlib.h>
#include <string.h>

#include "exec/exec_alu.h"

#define XSTREAMS 4 /* PIPE_MAX_VERTEX_STREAMS */

/* Words of one saved vertex. */
static size_t vertex_words(const tgx_exec_program *p)
{
    return (size_t)(p->count[XF_OUT] ? p->count[XF_OUT] : 1) * 4;
}

tgx_status x_geom_alloc(xmach *m)
{
    const tgx_exec_program *p = m->p;
    size_t W = m->W;
    m->gs_cap = p->gs_max_vertices * p->gs_streams;
    size_t verts = W * (m->gs_cap ? m->gs_cap : 1);
    m->gs_words = calloc(verts * vertex_words(p), sizeof(uint32_t));
    m->gs_vstream = calloc(verts, 1);
    m->gs_vstrip = calloc(verts, sizeof(uint32_t));
    m->gs_nverts = calloc(W, sizeof(uint32_t));
    m->gs_emitted = calloc(W * XSTREAMS * 3, sizeof(uint32_t));
    if (!m->gs_words || !m->gs_vstream || !m->gs_vstrip || !m->gs_nverts || !m->gs_emitted)
        return TGX_ERR_NOMEM;
    m->gs_strip = m->gs_emitted + W * XSTREAMS;
    m->gs_len = m->gs_strip + W * XSTREAMS;
    return TGX_OK;
}

void x_geom_free(xmach *m)
{
    free(m->gs_words);
    free(m->gs_vstream);
    free(m->gs_vstrip);
    free(m->gs_nverts);
    free(m->gs_emitted);
    m->gs_words = NULL, m->gs_vstream = NULL, m->gs_vstrip = NULL;
    m->gs_nverts = NULL, m->gs_emitted = m->gs_strip = m->gs_len = NULL;
}

/* Copies lane i's OUT registers into its vertex k. */
static void save_vertex(xmach *m, unsigned i, unsigned k)
{
    const tgx_exec_program *p = m->p;
    unsigned nout = p->count[XF_OUT];
    uint32_t *dst = m->gs_words + ((size_t)i * m->gs_cap + k) * vertex_words(p);
    const xword *out = m->store + (size_t)p->base[XF_OUT] * m->W + i;
    for (unsigned s = 0; s < nout * 4; s++)
        dst[s] = out[(size_t)s * m->W].u;
}

void x_op_emit(xmach *m, const xinst *in)
{
    const xword *stream = x_fetch(m, in, 0, 0);
    unsigned max = m->p->gs_max_vertices;
    for (unsigned i = 0; i < m->n; i++) {
        uint32_t s = stream[i].u;
        if (!m->exec[i] || s >= XSTREAMS || s >= m->p->gs_streams)
            continue;
        size_t at = (size_t)i * XSTREAMS + s;
        if (m->gs_emitted[at] >= max || m->gs_nverts[i] >= m->gs_cap)
            continue; /* over GS_MAX_OUTPUT_VERTICES: dropped */
        unsigned k = m->gs_nverts[i]++;
        save_vertex(m, i, k);
        m->gs_vstream[(size_t)i * m->gs_cap + k] = (uint8_t)s;
        m->gs_vstrip[(size_t)i * m->gs_cap + k] = m->gs_strip[at];
        m->gs_emitted[at]++;
        m->gs_len[at]++;
    }
}

void x_op_endprim(xmach *m, const xinst *in)
{
    const xword *stream = x_fetch(m, in, 0, 0);
    for (unsigned i = 0; i < m->n; i++) {
        uint32_t s = stream[i].u;
        if (!m->exec[i] || s >= XSTREAMS)
            continue;
        size_t at = (size_t)i * XSTREAMS + s;
        if (m->gs_len[at]) {
            m->gs_strip[at]++;
            m->gs_len[at] = 0;
        }
    }
}

/* PRIMID and INVOCATIONID (draw_gs.c: tgsi_fetch_gs_input sets the primitive number, in the
 * PRIMID system value and in inputs declared PRIM_ID; tgsi_gs_run sets the invocation). */
static void set_ids(xmach *m, unsigned prims, uint32_t first_prim_id, unsigned invocation)
{
    const tgx_exec_program *p = m->p;
    for (unsigned c = 0; c < 4; c++) {
        xword *pid = p->sv_primid >= 0 ? x_lane_reg(m, XF_SV, (unsigned)p->sv_primid, c) : NULL;
        xword *iid = p->sv_invocation_id >= 0
                         ? x_lane_reg(m, XF_SV, (unsigned)p->sv_invocation_id, c)
                         : NULL;
        for (unsigned i = 0; i < m->n; i++) {
            uint32_t id = first_prim_id + (i < prims ? i : 0);
            if (pid)
                pid[i].u = id;
            if (iid)
                iid[i].u = invocation;
            for (unsigned v = 0; p->in_primid >= 0 && v < p->gs_vertices_in; v++)
                x_lane_reg(m, XF_IN, v * p->gs_in_stride + (unsigned)p->in_primid, c)[i].u = id;
        }
    }
}

tgx_status tgx_exec_run_geometry(tgx_exec_machine *m, unsigned prims, uint32_t first_prim_id,
                                 unsigned invocation, tgx_diag *d)
{
    const tgx_exec_program *p = m->p;
    if (p->stage != TGX_EXEC_GEOMETRY)
        return tgx_diag_set(d, TGX_ERR_ARG, p->name[0] ? p->name : NULL, 0, 0,
                            "not a geometry shader (GEOM)");
    if (prims == 0 || prims > m->lanes)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "a geometry run needs 1..%u primitives, not %u", m->lanes, prims);
    if (invocation >= p->gs_invocations)
        return tgx_diag_set(d, TGX_ERR_ARG, p->name[0] ? p->name : NULL, 0, 0,
                            "invocation %u of a shader with GS_INVOCATIONS %u", invocation,
                            p->gs_invocations);
    m->n = (prims + 3u) & ~3u;
    memset(m->gs_nverts, 0, sizeof(uint32_t) * m->n);
    memset(m->gs_emitted, 0, sizeof(uint32_t) * m->W * XSTREAMS * 3);
    set_ids(m, prims, first_prim_id, invocation);
    x_reset_state(m, prims);
    return x_run(m, d);
}

unsigned tgx_exec_gs_vertex_count(const tgx_exec_machine *m, unsigned lane)
{
    if (!m->gs_nverts || lane >= m->n)
        return 0;
    return m->gs_nverts[lane];
}

const uint32_t *tgx_exec_gs_vertex(const tgx_exec_machine *m, unsigned lane, unsigned k,
                                   unsigned *stream, unsigned *strip)
{
    if (!m->gs_nverts || lane >= m->n || k >= m->gs_nverts[lane])
        return NULL;
    size_t v = (size_t)lane * m->gs_cap + k;
    if (stream)
        *stream = m->gs_vstream[v];
    if (strip)
        *strip = m->gs_vstrip[v];
    return m->gs_words + v * vertex_words(m->p);
}
