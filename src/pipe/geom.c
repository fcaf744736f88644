/* Primitive assembly and the geometry-shader stage.
 *
 * The draw's vertices form points, lines or triangles (GL's POINTS, LINES, LINE_STRIP,
 * TRIANGLES, TRIANGLE_STRIP), or lines and triangles with adjacency (LINES_ADJACENCY,
 * LINE_STRIP_ADJACENCY, TRIANGLES_ADJACENCY, TRIANGLE_STRIP_ADJACENCY). Without a geometry
 * shader those primitives, less their adjacent vertices, go to the rasteriser.
 * With one, each becomes an input primitive of the shader (its vertices in the order Mesa's
 * draw module hands them over, draw_decompose_tmp.h), the shader runs one lane per primitive
 * (exec.h tgx_exec_run_geometry), and the strips it emits on stream 0 are cut into points, lines
 * or triangles the same way (only stream 0 is rasterised, as in GL and Mesa's draw_gs.c). */
#include <stdlib.h>
#include <string.h>

#include "pipe/pipe_internal.h"
#include "tgx/tgsi.h"

#define GS_BATCH     32u        /* input primitives per geometry-shader run */
#define MAX_GS_VERTS (1u << 24) /* output vertices of one draw, a bound on memory */

/* TGX_PIPE_PRIMS as data: each mode's name, phrase and vertices per input primitive. */
static const struct mode_info {
    const char *name, *phrase;
    unsigned vertices;
} modes[TGX_PIPE_PRIM_COUNT] = {
#define X(e, name, phrase, vertices) [TGX_PIPE_##e] = {name, phrase, vertices},
    TGX_PIPE_PRIMS(X)
#undef X
};

const char *tgx_pipe_prim_name(tgx_pipe_prim prim)
{
    return (unsigned)prim < TGX_PIPE_PRIM_COUNT ? modes[prim].name : NULL;
}

bool tgx_pipe_prim_parse(const char *name, tgx_pipe_prim *out)
{
    for (unsigned i = 0; i < TGX_PIPE_PRIM_COUNT; i++)
        if (strcmp(name, modes[i].name) == 0) {
            *out = (tgx_pipe_prim)i;
            return true;
        }
    return false;
}

/* Vertices of one input primitive (what a geometry shader receives). */
static unsigned prim_size(tgx_pipe_prim prim)
{
    return modes[prim].vertices;
}

/* The slots of an input primitive that are rasterised without a geometry shader: the primitive
 * without its adjacent vertices (GL 4.6 sections 10.1.11-10.1.14: vertices 2 and 3 of a line
 * with adjacency, 1, 3 and 5 of a triangle with adjacency, counting from 1). */
static unsigned raster_slots(tgx_pipe_prim prim, const unsigned **slots)
{
    static const unsigned one[1] = {0}, two[2] = {0, 1}, three[3] = {0, 1, 2}, adj2[2] = {1, 2},
                          adj3[3] = {0, 2, 4};
    switch (prim_size(prim)) {
    case 1: *slots = one; return 1;
    case 2: *slots = two; return 2;
    case 3: *slots = three; return 3;
    case 4: *slots = adj2; return 2;
    default: *slots = adj3; return 3;
    }
}

/* Primitives formed by n vertices (GL 4.6 section 10.1; a strip with adjacency of n vertices
 * has (n - 4) / 2 triangles, an odd last vertex unused, section 10.1.14). */
static unsigned prim_count(tgx_pipe_prim prim, unsigned n)
{
    switch (prim) {
    case TGX_PIPE_POINTS: return n;
    case TGX_PIPE_LINES: return n / 2;
    case TGX_PIPE_LINE_STRIP: return n >= 2 ? n - 1 : 0;
    case TGX_PIPE_TRIANGLES: return n / 3;
    case TGX_PIPE_TRIANGLE_STRIP:
    case TGX_PIPE_TRIANGLE_FAN: return n >= 3 ? n - 2 : 0;
    case TGX_PIPE_LINES_ADJACENCY: return n / 4;
    case TGX_PIPE_LINE_STRIP_ADJACENCY: return n >= 4 ? n - 3 : 0;
    case TGX_PIPE_TRIANGLES_ADJACENCY: return n / 6;
    default: return n >= 6 ? (n - 4) / 2 : 0;
    }
}

/* Triangle k of a strip. Odd triangles swap two vertices so every triangle keeps the strip's
 * winding, and the provoking vertex (GL 4.6 table 13.2: the last, or the first with
 * flatshade_first) stays in place: k+1, k, k+2, or k, k+2, k+1 (draw_decompose_tmp.h). */
static void strip_triangle(bool first, unsigned k, unsigned idx[3])
{
    if (k % 2 == 0)
        idx[0] = k, idx[1] = k + 1, idx[2] = k + 2;
    else if (first)
        idx[0] = k, idx[1] = k + 2, idx[2] = k + 1;
    else
        idx[0] = k + 1, idx[1] = k, idx[2] = k + 2;
}

/* Triangle k of a fan: the hub last, or the two rim vertices first with flatshade_first, so the
 * provoking vertex is rim vertex k+2 (k+1 with flatshade_first), GL 4.6 table 13.2; the order is
 * softpipe's (sp_prim_vbuf.c) and the draw module's (draw_decompose_tmp.h). */
static void fan_triangle(bool first, unsigned k, unsigned idx[3])
{
    if (first)
        idx[0] = k + 1, idx[1] = k + 2, idx[2] = 0;
    else
        idx[0] = 0, idx[1] = k + 1, idx[2] = k + 2;
}

/* The adjacent vertex across edge {a, b} of triangle k of a strip with adjacency of `count`
 * vertices (GL 4.6 section 10.1.14, table 10.1, in 0-based numbers: the triangle's vertices are
 * 2k, 2k+2 and 2k+4; edge {2k, 2k+2} faces 2k-2, or 1 for the first triangle; edge {2k+2, 2k+4}
 * faces 2k+6, or 2k+5 for the last; edge {2k, 2k+4} faces 2k+3). */
static unsigned strip_adjacent(unsigned k, unsigned count, unsigned a, unsigned b)
{
    unsigned lo = a < b ? a : b, hi = a < b ? b : a;
    if (hi - lo == 4)
        return 2 * k + 3;
    if (lo == 2 * k)
        return k == 0 ? 1 : 2 * k - 2;
    return k + 1 == prim_count(TGX_PIPE_TRIANGLE_STRIP_ADJACENCY, count) ? 2 * k + 5 : 2 * k + 6;
}

/* Vertices of input primitive k of `count` in the order a geometry shader receives them
 * (IN[0..size-1]; GL 4.6 section 11.3.4.1: for triangles with adjacency the triangle's vertices
 * in IN[0], IN[2], IN[4] and the vertices adjacent to edges 0-2, 2-4, 4-0 in IN[1], IN[3],
 * IN[5]). A strip with adjacency orders its triangle as a triangle strip of its even vertices
 * does, as Mesa's draw_decompose_tmp.h does (table 10.1's order with the last provoking vertex). */
static void prim_vertices(tgx_pipe_prim prim, bool first, unsigned k, unsigned count,
                          unsigned idx[6])
{
    unsigned n = prim_size(prim), tri[3];
    switch (prim) {
    case TGX_PIPE_LINE_STRIP:
    case TGX_PIPE_LINE_STRIP_ADJACENCY:
        for (unsigned j = 0; j < n; j++)
            idx[j] = k + j;
        break;
    case TGX_PIPE_TRIANGLE_STRIP: strip_triangle(first, k, idx); break;
    case TGX_PIPE_TRIANGLE_FAN: fan_triangle(first, k, idx); break;
    case TGX_PIPE_TRIANGLE_STRIP_ADJACENCY:
        strip_triangle(first, k, tri);
        for (unsigned j = 0; j < 3; j++)
            idx[2 * j] = 2 * tri[j];
        for (unsigned j = 0; j < 3; j++)
            idx[2 * j + 1] = strip_adjacent(k, count, idx[2 * j], idx[(2 * j + 2) % 6]);
        break;
    default: /* independent primitives: n vertices each */
        for (unsigned j = 0; j < n; j++)
            idx[j] = n * k + j;
        break;
    }
}

tgx_status pipe_grow(void **items, size_t *cap, size_t count, size_t elem, size_t first,
                     const char *what, tgx_diag *d)
{
    if (count < *cap)
        return TGX_OK;
    size_t ncap = *cap ? *cap * 2 : first;
    void *p = realloc(*items, ncap * elem);
    if (!p)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory for %s", what);
    *items = p;
    *cap = ncap;
    return TGX_OK;
}

static tgx_status add_prim(pipe_geometry *g, unsigned kind, const unsigned idx[3], int provoking,
                           unsigned offset, tgx_diag *d)
{
    void *items = g->prims;
    tgx_status st =
        pipe_grow(&items, &g->cap_prims, g->nprims, sizeof *g->prims, 64, "primitives", d);
    g->prims = items;
    if (st < 0)
        return st;
    pipe_prim *p = &g->prims[g->nprims++];
    memset(p, 0, sizeof *p);
    p->kind = (uint8_t)kind;
    p->provoking = provoking;
    for (unsigned j = 0; j < kind; j++)
        p->v[j] = offset + idx[j];
    return TGX_OK;
}

/* The primitives of `count` vertices (numbered from offset) in mode prim, as the rasteriser
 * takes them: points, lines or triangles (adjacent vertices left out), each with its provoking
 * vertex, the last or with flatshade_first the first (GL 4.6 table 13.2; for the adjacency modes
 * these are the line's or triangle's own ends: 4i+2 / 4i+3, i+2 / i+3, 6i+1 / 6i+5, 2i+1 / 2i+5
 * counting from 1). */
static tgx_status add_prims(pipe_geometry *g, tgx_pipe_prim prim, bool first, unsigned count,
                            unsigned offset, tgx_diag *d)
{
    tgx_status st = TGX_OK;
    const unsigned *slots;
    unsigned n = prim_count(prim, count), kind = raster_slots(prim, &slots);
    for (unsigned k = 0; k < n && st == TGX_OK; k++) {
        unsigned idx[6], v[3];
        prim_vertices(prim, first, k, count, idx);
        for (unsigned j = 0; j < kind; j++)
            v[j] = idx[slots[j]];
        st = add_prim(g, kind, v, first ? 0 : (int)kind - 1, offset, d);
    }
    return st;
}

tgx_status pipe_assemble(const tgx_pipe_draw *draw, bool flatshade_first, const uint32_t *vout,
                         unsigned nout, pipe_geometry *g, tgx_diag *d)
{
    memset(g, 0, sizeof *g);
    g->shader = draw->vs;
    g->words = (uint32_t *)vout;
    g->nout = nout;
    g->nverts = draw->vertex_count;
    return add_prims(g, draw->prim, flatshade_first, draw->vertex_count, 0, d);
}

void pipe_geometry_free(pipe_geometry *g)
{
    if (g->owned)
        free(g->words);
    free(g->prims);
    memset(g, 0, sizeof *g);
}

/* ---- the geometry shader ---- */

static tgx_status add_vertex(pipe_geometry *g, const uint32_t *words, tgx_diag *d)
{
    size_t n = (size_t)g->nout * 4;
    if (g->nverts >= MAX_GS_VERTS)
        return tgx_diag_set(d, TGX_ERR_LIMIT, g->shader->name, 0, 0,
                            "the geometry shader emitted more than %u vertices in one draw",
                            MAX_GS_VERTS);
    void *items = g->words;
    tgx_status st = pipe_grow(&items, &g->cap_verts, g->nverts, (n ? n : 1) * sizeof *g->words, 256,
                              "vertices", d);
    g->words = items;
    if (st < 0)
        return st;
    memcpy(g->words + g->nverts * n, words, n * sizeof *words);
    g->nverts++;
    return TGX_OK;
}

/* GS_OUTPUT_PRIMITIVE as the mode its strips are cut with. */
static tgx_pipe_prim strip_mode(unsigned out_prim)
{
    if (out_prim == TGX_TGSI_PRIM_POINTS)
        return TGX_PIPE_POINTS;
    return out_prim == TGX_TGSI_PRIM_LINE_STRIP ? TGX_PIPE_LINE_STRIP : TGX_PIPE_TRIANGLE_STRIP;
}

/* The stream-0 vertices of one lane, strip by strip (a strip is a run of one strip number). */
static tgx_status collect_lane(pipe_geometry *g, const tgx_exec_machine *m, unsigned lane,
                               tgx_pipe_prim mode, bool first, tgx_diag *d)
{
    unsigned n = tgx_exec_gs_vertex_count(m, lane), start = (unsigned)g->nverts, cur = 0;
    tgx_status st = TGX_OK;
    for (unsigned k = 0; k < n && st == TGX_OK; k++) {
        unsigned stream, strip;
        const uint32_t *w = tgx_exec_gs_vertex(m, lane, k, &stream, &strip);
        if (stream != 0)
            continue;
        if (strip != cur && g->nverts > start) {
            st = add_prims(g, mode, first, (unsigned)g->nverts - start, start, d);
            start = (unsigned)g->nverts;
        }
        cur = strip;
        if (st == TGX_OK)
            st = add_vertex(g, w, d);
    }
    if (st == TGX_OK && g->nverts > start)
        st = add_prims(g, mode, first, (unsigned)g->nverts - start, start, d);
    return st;
}

/* GS_INPUT_PRIMITIVE must be what the draw's mode gives (GL 4.6 section 11.3.4.1: a draw whose
 * mode is not one of the shader's input type is an error). */
static tgx_status check_input(const tgx_pipe_draw *draw, const tgx_exec_gs_info *info, tgx_diag *d)
{
    static const unsigned kinds[7] = {0,
                                      TGX_TGSI_PRIM_POINTS,
                                      TGX_TGSI_PRIM_LINES,
                                      TGX_TGSI_PRIM_TRIANGLES,
                                      TGX_TGSI_PRIM_LINES_ADJACENCY,
                                      0,
                                      TGX_TGSI_PRIM_TRIANGLES_ADJACENCY};
    unsigned want = kinds[prim_size(draw->prim)];
    if (info->input_prim == want)
        return TGX_OK;
    const char *gs = tgx_tgsi_primitive_name(info->input_prim);
    tgx_tgsi_pos at = {0, 0}; /* the error points at the shader's PROPERTY line */
    const struct tgx_tgsi_shader *sh = draw->gs->tgsi;
    for (size_t i = 0; i < sh->num_props; i++)
        if (sh->props[i].name == TGX_TGSI_PROPERTY_GS_INPUT_PRIM)
            at = sh->props[i].pos;
    return tgx_diag_set(d, TGX_ERR_INVALID, draw->gs->name, at.line, at.column,
                        "the geometry shader takes %s (GS_INPUT_PRIMITIVE) but the draw gives "
                        "%s, whose primitives are %s",
                        gs ? gs : "?", modes[draw->prim].phrase, tgx_tgsi_primitive_name(want));
}

/* The vertex-shader output register feeding each geometry input (same semantic name and index,
 * as draw_gs.c's draw_gs_get_input_index matches them), or -1: such inputs read 0. */
static void map_inputs(const tgx_pipe_draw *draw, int src[PIPE_MAX_REGS])
{
    const pipe_shader_info *gi = &draw->gs->info, *vi = &draw->vs->info;
    for (unsigned i = 0; i < gi->ninputs; i++) {
        src[i] = -1;
        for (unsigned o = 0; o < vi->noutputs; o++)
            if (vi->outputs[o].tgsi_semantic == gi->inputs[i].tgsi_semantic &&
                vi->outputs[o].index == gi->inputs[i].index)
                src[i] = (int)vi->outputs[o].reg;
    }
}

static void fill_inputs(tgx_exec_machine *m, const tgx_pipe_draw *draw, bool first,
                        const int src[PIPE_MAX_REGS], unsigned vertices_in, unsigned prim,
                        unsigned lane, const uint32_t *vout, unsigned nout)
{
    const pipe_shader_info *gi = &draw->gs->info;
    unsigned idx[6];
    prim_vertices(draw->prim, first, prim, draw->vertex_count, idx);
    for (unsigned v = 0; v < vertices_in; v++)
        for (unsigned i = 0; i < gi->ninputs; i++) {
            if (gi->inputs[i].tgsi_semantic == TGX_TGSI_SEMANTIC_PRIMID)
                continue; /* the interpreter fills it */
            for (unsigned c = 0; c < 4; c++) {
                tgx_exec_word *w = tgx_exec_gs_input(m, v, gi->inputs[i].reg, c);
                if (w)
                    w[lane].u =
                        src[i] < 0 ? 0 : vout[((size_t)idx[v] * nout + (unsigned)src[i]) * 4 + c];
            }
        }
}

tgx_status pipe_run_geometry(const tgx_pipe_draw *draw, const tgx_pipe_state *st,
                             const uint32_t *vout, unsigned nout, pipe_geometry *g, tgx_diag *d)
{
    tgx_exec_gs_info info;
    memset(g, 0, sizeof *g);
    g->shader = draw->gs;
    g->owned = true;
    g->nout = tgx_exec_program_num_outputs(draw->gs->program);
    tgx_status s = tgx_exec_program_gs_info(draw->gs->program, &info);
    if (s == TGX_OK)
        s = check_input(draw, &info, d);
    if (s < 0)
        return s;
    bool first = st->flatshade_first;
    /* several invocations: one primitive a run, so its invocations' output follows each other
     * as in Mesa's gs_flush (invocation loop inside the primitive) */
    unsigned batch = info.invocations > 1 ? 1 : GS_BATCH;
    unsigned count = prim_count(draw->prim, draw->vertex_count);
    tgx_pipe_prim mode = strip_mode(info.output_prim);
    int src[PIPE_MAX_REGS];
    map_inputs(draw, src);
    tgx_exec_machine *m = NULL;
    s = tgx_exec_machine_create(draw->gs->program, batch, &m, d);
    if (s == TGX_OK)
        s = pipe_setup_machine(m, draw->gs, draw->gs_bindings, st, d);
    for (unsigned p0 = 0; p0 < count && s == TGX_OK; p0 += batch) {
        unsigned n = count - p0 < batch ? count - p0 : batch;
        for (unsigned l = 0; l < n; l++)
            fill_inputs(m, draw, first, src, info.vertices_in, p0 + l, l, vout, nout);
        for (unsigned inv = 0; inv < info.invocations && s == TGX_OK; inv++) {
            s = tgx_exec_run_geometry(m, n, p0, inv, d);
            for (unsigned l = 0; l < n && s == TGX_OK; l++)
                s = collect_lane(g, m, l, mode, first, d);
        }
    }
    tgx_exec_machine_destroy(m);
    return s;
}
