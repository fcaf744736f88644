/* What each processor may declare and run, and the rules of declarations themselves.
 *
 * The facts are tables (one row per semantic, property prefix or opcode) so that a rule is
 * changed in one place. Processor bits: V = VERT, F = FRAG, G = GEOM, TC = TESS_CTRL,
 * TE = TESS_EVAL, C = COMP.
 */
#include <stdio.h>
#include <string.h>

#include "tgsi/validate_internal.h"

#define P_V   (1u << TGX_TGSI_PROC_VERT)
#define P_F   (1u << TGX_TGSI_PROC_FRAG)
#define P_G   (1u << TGX_TGSI_PROC_GEOM)
#define P_TC  (1u << TGX_TGSI_PROC_TESS_CTRL)
#define P_TE  (1u << TGX_TGSI_PROC_TESS_EVAL)
#define P_C   (1u << TGX_TGSI_PROC_COMP)
#define P_ALL (P_V | P_F | P_G | P_TC | P_TE | P_C)

static const char *proc_name(unsigned p)
{
    const char *n = tgx_tgsi_processor_name(p);
    return n ? n : "?";
}

static const char *semantic_name(unsigned s)
{
    const char *n = tgx_tgsi_semantic_name(s);
    return n ? n : "?";
}

/* Processors (as bits) listed "A and B" / "A, B and C" for messages. */
static const char *procs_text(unsigned bits, char *buf, size_t size)
{
    size_t n = 0, total = 0, seen = 0;
    buf[0] = '\0';
    for (unsigned p = 0; p < TGX_TGSI_PROC_COUNT; p++)
        total += (bits >> p) & 1u;
    for (unsigned p = 0; p < TGX_TGSI_PROC_COUNT; p++) {
        if (!((bits >> p) & 1u))
            continue;
        seen++;
        const char *sep = seen == 1 ? "" : seen == total ? " and " : ", ";
        int w = snprintf(buf + n, size - n, "%s%s", sep, proc_name(p));
        if (w < 0 || (size_t)w >= size - n)
            break;
        n += (size_t)w;
    }
    return buf;
}

/* ---------------------------------------------------------------------------------------------
 * System values and semantics
 * ------------------------------------------------------------------------------------------ */

/* System values that exist in some stages only (GL: gl_LocalInvocationID, gl_WorkGroupID ...
 * are compute built-ins; gl_VertexID, gl_InstanceID, gl_BaseVertex, gl_BaseInstance, gl_DrawID
 * vertex built-ins; gl_FrontFacing, gl_SampleID, gl_SamplePosition, gl_HelperInvocation
 * fragment built-ins; gl_TessCoord a tessellation-evaluation built-in). Others: any stage. */
static const struct {
    tgx_tgsi_semantic sem;
    unsigned procs;
} sv_stages[] = {
    {TGX_TGSI_SEMANTIC_THREAD_ID, P_C},
    {TGX_TGSI_SEMANTIC_BLOCK_ID, P_C},
    {TGX_TGSI_SEMANTIC_BLOCK_SIZE, P_C},
    {TGX_TGSI_SEMANTIC_GRID_SIZE, P_C},
    {TGX_TGSI_SEMANTIC_WORK_DIM, P_C},
    {TGX_TGSI_SEMANTIC_VERTEXID, P_V},
    {TGX_TGSI_SEMANTIC_VERTEXID_NOBASE, P_V},
    {TGX_TGSI_SEMANTIC_INSTANCEID, P_V},
    {TGX_TGSI_SEMANTIC_BASEVERTEX, P_V},
    {TGX_TGSI_SEMANTIC_BASEINSTANCE, P_V},
    {TGX_TGSI_SEMANTIC_DRAWID, P_V},
    {TGX_TGSI_SEMANTIC_FACE, P_F},
    {TGX_TGSI_SEMANTIC_SAMPLEID, P_F},
    {TGX_TGSI_SEMANTIC_SAMPLEPOS, P_F},
    {TGX_TGSI_SEMANTIC_HELPER_INVOCATION, P_F},
    {TGX_TGSI_SEMANTIC_TESSCOORD, P_TE},
};

/* IN/OUT semantics limited by spec "Declaration Semantic": FACE "applies to fragment shader
 * inputs only"; PCOORD: "Fragment shader inputs"; STENCIL: a fragment shader output; PSIZE
 * "cannot be used in fragment shaders"; EDGEFLAG: vertex shaders; BCOLOR "only valid in vertex
 * shader outputs" and "all BCOLORs effectively become regular COLORs in the fragment shader"
 * (the later stages that pass vertices on, GEOM and tessellation, carry it too, as GLSL's
 * gl_BackColor; a vertex shader's inputs are attributes, not colours). */
static const struct {
    tgx_tgsi_semantic sem;
    unsigned in_procs;  /* processors whose IN may carry it */
    unsigned out_procs; /* processors whose OUT may carry it */
} io_semantics[] = {
    {TGX_TGSI_SEMANTIC_FACE, P_F, 0},
    {TGX_TGSI_SEMANTIC_PCOORD, P_F, 0},
    {TGX_TGSI_SEMANTIC_STENCIL, 0, P_F},
    {TGX_TGSI_SEMANTIC_PSIZE, P_ALL & ~P_F, P_ALL & ~P_F},
    {TGX_TGSI_SEMANTIC_EDGEFLAG, P_V, P_V},
    {TGX_TGSI_SEMANTIC_BCOLOR, P_G | P_TC | P_TE, P_ALL & ~P_F},
};

static void check_sv(tgx_vctx *c, const tgx_tgsi_declaration *d)
{
    unsigned me = 1u << c->s->processor;
    for (size_t i = 0; i < sizeof sv_stages / sizeof sv_stages[0]; i++)
        if (sv_stages[i].sem == d->semantic_name && !(sv_stages[i].procs & me))
            tgx_v_error(c, d->pos, "system value %s is not available in %s shaders",
                        semantic_name(d->semantic_name), proc_name(c->s->processor));
}

static void check_io_semantic(tgx_vctx *c, const tgx_tgsi_declaration *d)
{
    unsigned me = 1u << c->s->processor;
    bool input = d->file == TGX_TGSI_FILE_IN;
    for (size_t i = 0; i < sizeof io_semantics / sizeof io_semantics[0]; i++) {
        unsigned ok = input ? io_semantics[i].in_procs : io_semantics[i].out_procs;
        if (io_semantics[i].sem == d->semantic_name && !(ok & me))
            tgx_v_error(c, d->pos, "semantic %s is not valid for a %s %s",
                        semantic_name(d->semantic_name), proc_name(c->s->processor),
                        input ? "input" : "output");
    }
    /* spec TGSI_SEMANTIC_TEXCOORD: "The semantic index permitted with this semantic is limited
     * to <= 7." Mesa's tools match outputs to inputs by name and index, whatever the index: a
     * warning. */
    if (d->semantic_name == TGX_TGSI_SEMANTIC_TEXCOORD && d->semantic_index > 7)
        tgx_v_warning(c, d->pos,
                      "semantic index %u of TEXCOORD is above 7 (spec TGSI_SEMANTIC_TEXCOORD); "
                      "it still links by name and index",
                      d->semantic_index);
}

/* ---------------------------------------------------------------------------------------------
 * Declarations
 * ------------------------------------------------------------------------------------------ */

static bool ranges_meet(const tgx_tgsi_declaration *a, const tgx_tgsi_declaration *b)
{
    if (a->file != b->file || a->first > b->last || b->first > a->last)
        return false;
    if (a->file == TGX_TGSI_FILE_CONST) {
        unsigned da = a->dimension ? a->dim_index : 0, db = b->dimension ? b->dim_index : 0;
        if (da != db)
            return false;
    }
    /* Declarations of the same register with disjoint usage masks share it (packed varyings:
     * DCL IN[1].xy, ... and DCL IN[1].zw, ...). */
    return (a->usage_mask & b->usage_mask) != 0;
}

/* spec "Declaration": a declaration "declares a register that will be referenced"; a register
 * (component) declared twice would have two meanings. */
static void check_duplicate(tgx_vctx *c, size_t i)
{
    const tgx_tgsi_declaration *d = &c->s->decls[i];
    for (size_t j = 0; j < i; j++) {
        const tgx_tgsi_declaration *e = &c->s->decls[j];
        if (!ranges_meet(d, e))
            continue;
        unsigned at = d->first > e->first ? d->first : e->first;
        if (d->file == TGX_TGSI_FILE_CONST && d->dimension)
            tgx_v_error(c, d->pos, "%s[%u][%u] is declared twice (first at line %u)",
                        tgx_v_file_name(d->file), d->dim_index, at, e->pos.line);
        else
            tgx_v_error(c, d->pos, "%s[%u] is declared twice (first at line %u)",
                        tgx_v_file_name(d->file), at, e->pos.line);
        return;
    }
}

static void check_declaration(tgx_vctx *c, size_t i)
{
    const tgx_tgsi_declaration *d = &c->s->decls[i];
    tgx_tgsi_processor p = c->s->processor;
    if (d->last < d->first)
        tgx_v_error(c, d->pos, "%s[%u..%u] is an empty range", tgx_v_file_name(d->file), d->first,
                    d->last);
    check_duplicate(c, i);
    /* A compute grid has no vertex or fragment I/O: its data comes from SV, CONST and
     * resources (spec "Compute ISA"; Mesa declares none). */
    if (p == TGX_TGSI_PROC_COMP && (d->file == TGX_TGSI_FILE_IN || d->file == TGX_TGSI_FILE_OUT))
        tgx_v_error(c, d->pos, "COMP shaders have no %s registers", tgx_v_file_name(d->file));
    if (d->file == TGX_TGSI_FILE_SV && d->has_semantic)
        check_sv(c, d);
    if ((d->file == TGX_TGSI_FILE_IN || d->file == TGX_TGSI_FILE_OUT) && d->has_semantic)
        check_io_semantic(c, d);
    /* spec "Declaration Interpolate": "This token is only valid for fragment shader INPUT
     * declarations." Centroid / sample locations are part of the same token. */
    if ((d->has_interp || d->location != TGX_TGSI_LOC_CENTER) &&
        !(p == TGX_TGSI_PROC_FRAG && d->file == TGX_TGSI_FILE_IN))
        tgx_v_warning(c, d->pos, "interpolation applies only to FRAG inputs; it is ignored here");
    /* Shared memory is the memory of a compute work group (spec "Compute ISA"). */
    if (d->file == TGX_TGSI_FILE_MEMORY && d->has_mem_type &&
        d->mem_type == TGX_TGSI_MEMTYPE_SHARED && p != TGX_TGSI_PROC_COMP)
        tgx_v_error(c, d->pos, "shared MEMORY is available only in COMP shaders");
}

void tgx_v_check_declarations(tgx_vctx *c)
{
    for (size_t i = 0; i < c->s->num_decls; i++)
        check_declaration(c, i);
}

/* ---------------------------------------------------------------------------------------------
 * Properties (spec "Properties": FS_COORD_ORIGIN "specifies the fragment shader ...")
 * ------------------------------------------------------------------------------------------ */

/* A property's name prefix says which stage it configures. */
static const struct {
    const char *prefix;
    unsigned procs;
} property_stages[] = {
    {"FS_", P_F}, {"CS_", P_C}, {"GS_", P_G}, {"VS_", P_V}, {"TCS_", P_TC}, {"TES_", P_TE},
};

void tgx_v_check_properties(tgx_vctx *c)
{
    unsigned me = 1u << c->s->processor;
    char buf[64];
    for (size_t i = 0; i < c->s->num_props; i++) {
        const tgx_tgsi_property_decl *pr = &c->s->props[i];
        const char *name = tgx_tgsi_property_name(pr->name);
        if (!name)
            continue;
        for (size_t j = 0; j < sizeof property_stages / sizeof property_stages[0]; j++) {
            size_t n = strlen(property_stages[j].prefix);
            if (strncmp(name, property_stages[j].prefix, n) != 0 || (property_stages[j].procs & me))
                continue;
            tgx_v_warning(c, pr->pos, "property %s applies only to %s shaders; it is ignored here",
                          name, procs_text(property_stages[j].procs, buf, sizeof buf));
        }
    }
}

/* ---------------------------------------------------------------------------------------------
 * Opcodes limited to some processors
 * ------------------------------------------------------------------------------------------ */

/* spec KIL / KILP: "discard fragment"; DDX/DDY: derivatives "relative to fragment's X/Y";
 * EMIT / ENDPRIM: "Geometry ISA"; BARRIER: compute work groups (Mesa 22.3 also uses it for
 * tessellation-control patches). Interpolation at a location and framebuffer fetch read
 * fragment inputs / outputs (Mesa). */
static const struct {
    tgx_tgsi_opcode op;
    unsigned procs;
} opcode_stages[] = {
    {TGX_TGSI_OP_KIL, P_F},
    {TGX_TGSI_OP_KILP, P_F},
    {TGX_TGSI_OP_KILL, P_F},
    {TGX_TGSI_OP_KILL_IF, P_F},
    {TGX_TGSI_OP_DEMOTE, P_F},
    {TGX_TGSI_OP_READ_HELPER, P_F},
    {TGX_TGSI_OP_DDX, P_F},
    {TGX_TGSI_OP_DDY, P_F},
    {TGX_TGSI_OP_DDX_FINE, P_F},
    {TGX_TGSI_OP_DDY_FINE, P_F},
    {TGX_TGSI_OP_INTERP_CENTROID, P_F},
    {TGX_TGSI_OP_INTERP_SAMPLE, P_F},
    {TGX_TGSI_OP_INTERP_OFFSET, P_F},
    {TGX_TGSI_OP_FBFETCH, P_F},
    {TGX_TGSI_OP_EMIT, P_G},
    {TGX_TGSI_OP_ENDPRIM, P_G},
    {TGX_TGSI_OP_BARRIER, P_C | P_TC},
};

void tgx_v_check_opcode_stage(tgx_vctx *c, const tgx_tgsi_instruction *in)
{
    unsigned me = 1u << c->s->processor;
    for (size_t i = 0; i < sizeof opcode_stages / sizeof opcode_stages[0]; i++)
        if (opcode_stages[i].op == in->opcode && !(opcode_stages[i].procs & me))
            tgx_v_error(c, in->pos, "%s is not available in %s shaders", tgx_v_op_name(in->opcode),
                        proc_name(c->s->processor));
}
