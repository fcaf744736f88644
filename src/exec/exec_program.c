/* exec_program.c — translation of a parsed shader (tgsi.h) into the pre-decoded program.
 *
 * Everything that does not change from run to run is settled here: the handler and kernel of
 * each instruction (exec_ops.def, matched to the tgsi opcode table by name), register slots,
 * modifiers by operand type (the opcode table's source types), jump targets of the structured
 * control flow (checked for balance), the CASE lists of each SWITCH, immediates, the compute
 * block size and the system values the machine fills itself.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/exec_alu.h"
#include "tgx/tgsi.h"

typedef struct xop_info {
    xhandler fn; /* NULL: the interpreter does not execute the opcode */
    uint8_t stype;
    xkernel k, kx86;
    xdkernel dk, dkx86;
    uint8_t denorm; /* XDN_* flags */
} xop_info;

/* exec_ops.def keyed by the opcode enum: a row whose name is not a tgsi opcode does not compile. */
#define XK_K(NAME)  k_##NAME, NULL, NULL, NULL
#define XK_KX(NAME) k_##NAME, k_##NAME##_X86, NULL, NULL
#define XK_D(NAME)  NULL, NULL, dk_##NAME, NULL
#define XK_DX(NAME) NULL, NULL, dk_##NAME, dk_##NAME##_X86
#define XK_N(NAME)  NULL, NULL, NULL, NULL
#define X(NAME, HANDLER, STYPE, KIND, DENORM)                                                      \
    [TGX_TGSI_OP_##NAME] = {x_op_##HANDLER, XT_##STYPE, XK_##KIND(NAME), XDN_##DENORM},
static const xop_info xops[TGX_TGSI_OP_COUNT] = {
#include "exec/exec_ops.def"
};
#undef X

/* What TGX_EXEC_DENORMS_FLUSH does to each operand: the DENORM column says whether the opcode
 * reads its sources (all, or source 0 alone) and writes its result as float arithmetic does;
 * the opcode table says which operands are floats. A source of another type (LDEXP's and
 * DLDEXP's integer exponent, a shift count, an untyped word) keeps its bits, as tgsi_exec's
 * integer micro_* functions never see a float: Mesa 22.3 softpipe and llvmpipe agree. */
static void flush_masks(const tgx_tgsi_opcode_info *info, uint8_t denorm, xinst *x)
{
    for (unsigned s = 0; s < info->num_src && s < XSRC_MAX; s++) {
        if (!(denorm & XDN_SRC) && !(s == 0 && (denorm & XDN_SRC0)))
            continue;
        if (info->src_type[s] == TGX_TGSI_TYPE_FLOAT)
            x->flush32 |= (uint8_t)(1u << s);
        else if (info->src_type[s] == TGX_TGSI_TYPE_DOUBLE)
            x->flush64 |= (uint8_t)(1u << s);
    }
    if (denorm & XDN_DST)
        x->flush_dst = info->dst_type == TGX_TGSI_TYPE_FLOAT    ? XFD_FLOAT
                       : info->dst_type == TGX_TGSI_TYPE_DOUBLE ? XFD_DOUBLE
                                                                : XFD_NONE;
}

/* ---- small maps from tgsi.h enumerations ---------------------------------------------------- */

static int file_of(tgx_tgsi_file f)
{
    switch (f) {
    case TGX_TGSI_FILE_NULL: return XF_NULL;
    case TGX_TGSI_FILE_CONST: return XF_CONST;
    case TGX_TGSI_FILE_IN: return XF_IN;
    case TGX_TGSI_FILE_OUT: return XF_OUT;
    case TGX_TGSI_FILE_TEMP: return XF_TEMP;
    case TGX_TGSI_FILE_SAMP: return XF_SAMPLER;
    case TGX_TGSI_FILE_ADDR: return XF_ADDR;
    case TGX_TGSI_FILE_IMM: return XF_IMM;
    case TGX_TGSI_FILE_SV: return XF_SV;
    case TGX_TGSI_FILE_IMAGE: return XF_IMAGE;
    case TGX_TGSI_FILE_SVIEW: return XF_SVIEW;
    case TGX_TGSI_FILE_BUFFER: return XF_BUFFER;
    case TGX_TGSI_FILE_MEMORY: return XF_MEMORY;
    case TGX_TGSI_FILE_RES: return XF_RES;
    default: return -1; /* CONSTBUF, HWATOMIC */
    }
}

static bool is_lane_file(int f)
{
    return f == XF_TEMP || f == XF_IN || f == XF_OUT || f == XF_IMM || f == XF_ADDR || f == XF_SV;
}

/* TGSI texture target -> texture unit target (+ shadow). */
static uint8_t target_of(tgx_tgsi_texture t, uint8_t *shadow)
{
    *shadow = tgx_tgsi_texture_is_shadow(t) ? 1 : 0;
    switch (t) {
    case TGX_TGSI_TEXTURE_BUFFER: return TGX_TEX_BUFFER;
    case TGX_TGSI_TEXTURE_1D:
    case TGX_TGSI_TEXTURE_SHADOW1D: return TGX_TEX_1D;
    case TGX_TGSI_TEXTURE_2D:
    case TGX_TGSI_TEXTURE_SHADOW2D: return TGX_TEX_2D;
    case TGX_TGSI_TEXTURE_3D: return TGX_TEX_3D;
    case TGX_TGSI_TEXTURE_CUBE:
    case TGX_TGSI_TEXTURE_SHADOWCUBE: return TGX_TEX_CUBE;
    case TGX_TGSI_TEXTURE_RECT:
    case TGX_TGSI_TEXTURE_SHADOWRECT: return TGX_TEX_RECT;
    case TGX_TGSI_TEXTURE_1D_ARRAY:
    case TGX_TGSI_TEXTURE_SHADOW1D_ARRAY: return TGX_TEX_1D_ARRAY;
    case TGX_TGSI_TEXTURE_2D_ARRAY:
    case TGX_TGSI_TEXTURE_SHADOW2D_ARRAY: return TGX_TEX_2D_ARRAY;
    case TGX_TGSI_TEXTURE_2D_MSAA: return TGX_TEX_2D_MS;
    case TGX_TGSI_TEXTURE_2D_ARRAY_MSAA: return TGX_TEX_2D_ARRAY_MS;
    case TGX_TGSI_TEXTURE_CUBE_ARRAY:
    case TGX_TGSI_TEXTURE_SHADOWCUBE_ARRAY: return TGX_TEX_CUBE_ARRAY;
    default: return TGX_TEX_2D;
    }
}

tgx_tex_target tgx_exec_texture_target(unsigned tgsi_texture, bool *shadow)
{
    uint8_t sh = 0;
    tgx_tex_target t = (tgx_tex_target)target_of((tgx_tgsi_texture)tgsi_texture, &sh);
    if (shadow)
        *shadow = sh != 0;
    return t;
}

/* ---- translation state ---------------------------------------------------------------------- */

typedef struct xbuild {
    tgx_exec_program *p;
    const tgx_tgsi_shader *sh;
    tgx_diag *d;
    uint32_t *lists;
    unsigned nlists, caplists;
} xbuild;

static tgx_status fail_at(xbuild *b, tgx_tgsi_pos pos, tgx_status st, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static tgx_status fail_at(xbuild *b, tgx_tgsi_pos pos, tgx_status st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tgx_diag_vset(b->d, st, b->p->name[0] ? b->p->name : NULL, pos.line, pos.column, fmt, ap);
    va_end(ap);
    return st;
}

static void grow_count(tgx_exec_program *p, int file, uint32_t last)
{
    if (file >= 0 && last + 1 > p->count[file])
        p->count[file] = last + 1;
}

static tgx_status read_decls(xbuild *b)
{
    tgx_exec_program *p = b->p;
    const tgx_tgsi_shader *sh = b->sh;
    for (size_t i = 0; i < sh->num_decls; i++) {
        const tgx_tgsi_declaration *dc = &sh->decls[i];
        int f = file_of(dc->file);
        if (f < 0)
            return fail_at(b, dc->pos, TGX_ERR_UNSUPPORTED,
                           "the interpreter does not support %s registers",
                           tgx_tgsi_file_name(dc->file));
        if (is_lane_file(f) && f != XF_IMM)
            grow_count(p, f, dc->last);
        if (dc->last >= 1u << 20)
            return fail_at(b, dc->pos, TGX_ERR_LIMIT, "register index %u is too large", dc->last);
        for (uint32_t r = dc->first; r <= dc->last && r < XUNITS; r++) {
            uint8_t shadow;
            if (f == XF_SVIEW) {
                p->sview[r].target = target_of(dc->target, &shadow);
            } else if (f == XF_IMAGE || f == XF_RES) {
                xdecl_image *im = f == XF_IMAGE ? &p->image[r] : &p->res[r];
                im->target = target_of(dc->target, &shadow);
                im->writable = dc->writable;
                im->raw = dc->raw || (f == XF_RES && dc->target == TGX_TGSI_TEXTURE_BUFFER);
            }
        }
        if (f == XF_SV && dc->has_semantic) {
            int *slot = NULL;
            switch (dc->semantic_name) {
            case TGX_TGSI_SEMANTIC_THREAD_ID: slot = &p->sv_thread_id; break;
            case TGX_TGSI_SEMANTIC_BLOCK_ID: slot = &p->sv_block_id; break;
            case TGX_TGSI_SEMANTIC_BLOCK_SIZE: slot = &p->sv_block_size; break;
            case TGX_TGSI_SEMANTIC_GRID_SIZE: slot = &p->sv_grid_size; break;
            case TGX_TGSI_SEMANTIC_PRIMID: slot = &p->sv_primid; break;
            case TGX_TGSI_SEMANTIC_INVOCATIONID: slot = &p->sv_invocation_id; break;
            default: break;
            }
            if (slot)
                *slot = (int)dc->first;
        }
        /* draw_gs.c's tgsi_fetch_gs_input fills an input declared PRIM_ID with the primitive
         * number (Mesa 22.3) */
        if (f == XF_IN && dc->has_semantic && dc->semantic_name == TGX_TGSI_SEMANTIC_PRIMID)
            p->in_primid = (int)dc->first;
    }
    for (size_t i = 0; i < sh->num_props; i++) {
        const tgx_tgsi_property_decl *pr = &sh->props[i];
        if (!pr->num_values)
            continue;
        unsigned v = pr->values[0] ? pr->values[0] : 1;
        if (pr->name == TGX_TGSI_PROPERTY_CS_FIXED_BLOCK_WIDTH)
            p->block[0] = v;
        else if (pr->name == TGX_TGSI_PROPERTY_CS_FIXED_BLOCK_HEIGHT)
            p->block[1] = v;
        else if (pr->name == TGX_TGSI_PROPERTY_CS_FIXED_BLOCK_DEPTH)
            p->block[2] = v;
        else if (pr->name == TGX_TGSI_PROPERTY_GS_INPUT_PRIM)
            p->gs_in_prim = pr->values[0];
        else if (pr->name == TGX_TGSI_PROPERTY_GS_OUTPUT_PRIM)
            p->gs_out_prim = pr->values[0];
        else if (pr->name == TGX_TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES)
            p->gs_max_vertices = pr->values[0];
        else if (pr->name == TGX_TGSI_PROPERTY_GS_INVOCATIONS)
            p->gs_invocations = v;
    }
    if ((uint64_t)p->block[0] * p->block[1] * p->block[2] > TGX_EXEC_MAX_LANES)
        return fail_at(b, sh->processor_pos, TGX_ERR_LIMIT,
                       "compute block %ux%ux%u has more than %u threads", p->block[0], p->block[1],
                       p->block[2], TGX_EXEC_MAX_LANES);
    return TGX_OK;
}

/* ---- geometry shaders ------------------------------------------------------------------------ */

/* The largest GS_MAX_OUTPUT_VERTICES and GS_INVOCATIONS accepted: softpipe's limits in Mesa 22.3
 * (PIPE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES 1024, PIPE_CAP_GS_INVOCATIONS 32). */
#define XGS_MAX_VERTICES    1024u
#define XGS_MAX_INVOCATIONS 32u

static const tgx_tgsi_property_decl *find_prop(const tgx_tgsi_shader *sh, tgx_tgsi_property name)
{
    for (size_t i = 0; i < sh->num_props; i++)
        if (sh->props[i].name == name && sh->props[i].num_values)
            return &sh->props[i];
    return NULL;
}

/* Vertices of a GS input primitive (GL 4.6 table 11.1; GL has no other GS input kinds). */
static unsigned vertices_of(unsigned prim)
{
    switch (prim) {
    case TGX_TGSI_PRIM_POINTS: return 1;
    case TGX_TGSI_PRIM_LINES: return 2;
    case TGX_TGSI_PRIM_TRIANGLES: return 3;
    case TGX_TGSI_PRIM_LINES_ADJACENCY: return 4;
    case TGX_TGSI_PRIM_TRIANGLES_ADJACENCY: return 6;
    default: return 0;
    }
}

/* GEOM programs need GS_INPUT_PRIMITIVE, GS_OUTPUT_PRIMITIVE and GS_MAX_OUTPUT_VERTICES (Mesa's
 * st/mesa always writes the three; GLSL requires the layout qualifiers behind them). */
static tgx_status read_geometry(xbuild *b)
{
    tgx_exec_program *p = b->p;
    const tgx_tgsi_shader *sh = b->sh;
    static const struct {
        tgx_tgsi_property name;
        const char *text;
    } need[] = {{TGX_TGSI_PROPERTY_GS_INPUT_PRIM, "GS_INPUT_PRIMITIVE"},
                {TGX_TGSI_PROPERTY_GS_OUTPUT_PRIM, "GS_OUTPUT_PRIMITIVE"},
                {TGX_TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES, "GS_MAX_OUTPUT_VERTICES"}};
    for (size_t k = 0; k < sizeof(need) / sizeof(need[0]); k++)
        if (!find_prop(sh, need[k].name))
            return fail_at(b, sh->processor_pos, TGX_ERR_INVALID,
                           "a geometry shader needs PROPERTY %s", need[k].text);
    const tgx_tgsi_property_decl *in = find_prop(sh, TGX_TGSI_PROPERTY_GS_INPUT_PRIM);
    const tgx_tgsi_property_decl *out = find_prop(sh, TGX_TGSI_PROPERTY_GS_OUTPUT_PRIM);
    const tgx_tgsi_property_decl *mx = find_prop(sh, TGX_TGSI_PROPERTY_GS_MAX_OUTPUT_VERTICES);
    const tgx_tgsi_property_decl *inv = find_prop(sh, TGX_TGSI_PROPERTY_GS_INVOCATIONS);
    p->gs_vertices_in = vertices_of(p->gs_in_prim);
    if (!p->gs_vertices_in)
        return fail_at(b, in->pos, TGX_ERR_INVALID,
                       "GS_INPUT_PRIMITIVE %u is not POINTS, LINES, TRIANGLES, LINES_ADJACENCY "
                       "or TRIANGLES_ADJACENCY",
                       p->gs_in_prim);
    if (p->gs_out_prim != TGX_TGSI_PRIM_POINTS && p->gs_out_prim != TGX_TGSI_PRIM_LINE_STRIP &&
        p->gs_out_prim != TGX_TGSI_PRIM_TRIANGLE_STRIP)
        return fail_at(b, out->pos, TGX_ERR_INVALID,
                       "GS_OUTPUT_PRIMITIVE %u is not POINTS, LINE_STRIP or TRIANGLE_STRIP",
                       p->gs_out_prim);
    if (p->gs_max_vertices > XGS_MAX_VERTICES)
        return fail_at(b, mx->pos, TGX_ERR_LIMIT,
                       "GS_MAX_OUTPUT_VERTICES %u is above the limit of %u", p->gs_max_vertices,
                       XGS_MAX_VERTICES);
    if (!p->gs_invocations)
        p->gs_invocations = 1;
    if (p->gs_invocations > XGS_MAX_INVOCATIONS)
        return fail_at(b, inv->pos, TGX_ERR_LIMIT, "GS_INVOCATIONS %u is above the limit of %u",
                       p->gs_invocations, XGS_MAX_INVOCATIONS);
    return TGX_OK;
}

static tgx_status layout(xbuild *b)
{
    tgx_exec_program *p = b->p;
    p->count[XF_IMM] = (uint32_t)b->sh->num_imms;
    if (p->stage == TGX_EXEC_GEOMETRY) { /* one block of input registers per input vertex */
        p->gs_in_stride = p->count[XF_IN];
        p->count[XF_IN] *= p->gs_vertices_in;
    }
    static const int order[] = {XF_TEMP, XF_IN, XF_OUT, XF_IMM, XF_ADDR, XF_SV};
    uint64_t slots = 0;
    for (size_t k = 0; k < sizeof(order) / sizeof(order[0]); k++) {
        p->base[order[k]] = (uint32_t)slots;
        slots += (uint64_t)p->count[order[k]] * 4;
    }
    if (slots > (1u << 22))
        return fail_at(b, b->sh->processor_pos, TGX_ERR_LIMIT,
                       "the shader declares too many registers (%llu components)",
                       (unsigned long long)slots);
    p->nslots = (uint32_t)slots;
    p->imm = calloc((size_t)p->count[XF_IMM] * 4 + 1, sizeof(xword));
    if (!p->imm)
        return fail_at(b, b->sh->processor_pos, TGX_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < b->sh->num_imms; i++) {
        const tgx_tgsi_immediate *im = &b->sh->imms[i];
        for (unsigned c = 0; c < im->num_words && c < 4; c++)
            p->imm[i * 4 + c].u = im->words[c];
    }
    return TGX_OK;
}

/* ---- operands ------------------------------------------------------------------------------- */

/* IN[vertex][attr] of a geometry shader (IN[attr] alone is vertex 0). Static indices must lie
 * inside the input primitive and the declarations; indirect ones are checked per lane. */
static tgx_status geometry_input(xbuild *b, const tgx_tgsi_instruction *ti,
                                 const tgx_tgsi_register *r, xreg *x, const char *what)
{
    const tgx_exec_program *p = b->p;
    x->dim_stride = p->gs_in_stride;
    x->dim_count = p->gs_vertices_in;
    x->count = p->gs_in_stride;
    if (!r->dim_indirect && (x->dim < 0 || (uint32_t)x->dim >= p->gs_vertices_in))
        return fail_at(b, ti->pos, TGX_ERR_INVALID,
                       "%s: input vertex %d is outside the %u vertices of the input primitive",
                       what, x->dim, p->gs_vertices_in);
    if (!r->indirect && (r->index < 0 || (uint32_t)r->index >= p->gs_in_stride))
        return fail_at(b, ti->pos, TGX_ERR_INVALID, "%s: IN[%d][%d] is not declared", what, x->dim,
                       r->index);
    return TGX_OK;
}

static tgx_status decode_reg(xbuild *b, const tgx_tgsi_instruction *ti, const tgx_tgsi_register *r,
                             xreg *x, const char *what)
{
    tgx_exec_program *p = b->p;
    int f = file_of(r->file);
    if (f < 0)
        return fail_at(b, ti->pos, TGX_ERR_UNSUPPORTED, "%s: %s registers are not supported", what,
                       tgx_tgsi_file_name(r->file));
    x->file = (uint8_t)f;
    x->index = r->index;
    x->dim = r->dimension ? r->dim_index : 0;
    x->base = is_lane_file(f) ? p->base[f] : 0;
    x->count = is_lane_file(f) ? p->count[f] : 0;
    if (r->indirect) {
        int af = file_of(tgx_tgsi_reg_ind(r)->file);
        if (!is_lane_file(af) || tgx_tgsi_reg_ind(r)->index < 0 ||
            (uint32_t)tgx_tgsi_reg_ind(r)->index >= p->count[af])
            return fail_at(b, ti->pos, TGX_ERR_INVALID,
                           "%s: the address register of an indirect operand is not declared", what);
        x->indirect = 1;
        x->ind_slot = p->base[af] + (uint32_t)tgx_tgsi_reg_ind(r)->index * 4 +
                      (tgx_tgsi_reg_ind(r)->swizzle & 3u);
    } else if (is_lane_file(f) && !(f == XF_IN && p->stage == TGX_EXEC_GEOMETRY) &&
               (r->index < 0 || (uint32_t)r->index >= p->count[f])) {
        return fail_at(b, ti->pos, TGX_ERR_INVALID, "%s: %s[%d] is not declared", what,
                       tgx_tgsi_file_name(r->file), r->index);
    }
    if (r->dim_indirect) {
        int af = file_of(tgx_tgsi_reg_dim_ind(r)->file);
        if (!is_lane_file(af) || tgx_tgsi_reg_dim_ind(r)->index < 0 ||
            (uint32_t)tgx_tgsi_reg_dim_ind(r)->index >= p->count[af])
            return fail_at(b, ti->pos, TGX_ERR_INVALID,
                           "%s: the address register of an indirect dimension is not declared",
                           what);
        x->dim_indirect = 1;
        x->dim_ind_slot = p->base[af] + (uint32_t)tgx_tgsi_reg_dim_ind(r)->index * 4 +
                          (tgx_tgsi_reg_dim_ind(r)->swizzle & 3u);
    }
    if (f == XF_IN && p->stage == TGX_EXEC_GEOMETRY)
        return geometry_input(b, ti, r, x, what);
    if (r->dimension && f != XF_CONST)
        return fail_at(b, ti->pos, TGX_ERR_UNSUPPORTED,
                       "%s: two-dimensional %s operands are not supported outside geometry "
                       "shaders",
                       what, tgx_tgsi_file_name(r->file));
    return TGX_OK;
}

static uint8_t mod_of(tgx_tgsi_type t, bool neg, bool abs)
{
    if (t == TGX_TGSI_TYPE_DOUBLE || t == TGX_TGSI_TYPE_INT64 || t == TGX_TGSI_TYPE_UINT64)
        return XM_NONE; /* applied on the channel pair */
    if (t == TGX_TGSI_TYPE_INT || t == TGX_TGSI_TYPE_UINT)
        return abs ? (neg ? XM_IABSNEG : XM_IABS) : (neg ? XM_INEG : XM_NONE);
    return abs ? (neg ? XM_FABSNEG : XM_FABS) : (neg ? XM_FNEG : XM_NONE);
}

/* Operands read or written in place (xreg.plain), and the channels of a component-wise result
 * that may be written straight into dst[0] (xinst.direct): those whose register component no
 * later written channel reads. An indirect source could read any component, so with one there
 * are none. */
static void mark_plain(xinst *x)
{
    bool indirect = false;
    for (unsigned k = 0; k < x->nsrc; k++) {
        xreg *r = &x->src[k];
        r->plain = is_lane_file(r->file) && !r->indirect && !r->dim_indirect && r->mod == XM_NONE;
        indirect |= r->indirect || r->dim_indirect;
    }
    for (unsigned k = 0; k < x->ndst; k++)
        x->dst[k].plain = is_lane_file(x->dst[k].file) && !x->dst[k].indirect;
    x->direct = 0;
    if (x->ndst < 1 || !x->dst[0].plain || indirect)
        return;
    for (unsigned c = 0; c < 4; c++) {
        bool read_later = false;
        for (unsigned c2 = c + 1; c2 < 4; c2++) {
            if (!(x->wmask & (1u << c2)))
                continue;
            for (unsigned k = 0; k < x->nsrc; k++)
                read_later |=
                    is_lane_file(x->src[k].file) && x->src[k].slot[c2] == x->dst[0].slot[c];
        }
        if ((x->wmask & (1u << c)) && !read_later)
            x->direct |= (uint8_t)(1u << c);
    }
    bool plain = true;
    for (unsigned k = 0; k < x->nsrc; k++)
        plain &= x->src[k].plain;
    x->straight = plain && x->ndst == 1 && !x->sat && x->direct == x->wmask;
}

static tgx_status decode_operands(xbuild *b, const tgx_tgsi_instruction *ti,
                                  const struct tgx_tgsi_opcode_info *info, xinst *x)
{
    tgx_status st;
    x->ndst = ti->num_dst;
    x->nsrc = ti->num_src;
    if (x->ndst > XDST_MAX || x->nsrc > XSRC_MAX)
        return fail_at(b, ti->pos, TGX_ERR_INVALID, "%s has too many operands", x->name);
    for (unsigned k = 0; k < ti->num_dst; k++) {
        xreg *r = &x->dst[k];
        st = decode_reg(b, ti, &ti->dst[k].reg, r, x->name);
        if (st != TGX_OK)
            return st;
        if (r->file == XF_IN || r->file == XF_IMM || r->file == XF_SV || r->file == XF_CONST)
            return fail_at(b, ti->pos, TGX_ERR_INVALID, "%s cannot write %s registers", x->name,
                           tgx_tgsi_file_name(ti->dst[k].reg.file));
        for (unsigned c = 0; c < 4; c++)
            r->slot[c] = r->base + (uint32_t)r->index * 4 + c;
        if (k == 0)
            x->wmask = ti->dst[k].write_mask;
        else
            x->wmask1 = ti->dst[k].write_mask;
    }
    for (unsigned k = 0; k < ti->num_src; k++) {
        xreg *r = &x->src[k];
        const tgx_tgsi_src *s = &ti->src[k];
        st = decode_reg(b, ti, &s->reg, r, x->name);
        if (st != TGX_OK)
            return st;
        uint32_t reg = (uint32_t)(r->index < 0 ? 0 : r->index);
        if (r->dim_stride && r->dim >= 0)
            reg += (uint32_t)r->dim * r->dim_stride;
        for (unsigned c = 0; c < 4; c++) {
            r->swz[c] = s->swizzle[c] & 3u;
            r->slot[c] = r->base + reg * 4 + r->swz[c];
        }
        r->neg = s->negate;
        r->abs = s->absolute;
        tgx_tgsi_type t = info->src_type[k];
        if (t == TGX_TGSI_TYPE_NONE || t == TGX_TGSI_TYPE_UNTYPED)
            t = TGX_TGSI_TYPE_FLOAT; /* spec: MOV is considered to have float input type */
        r->mod = mod_of(t, s->negate, s->absolute);
    }
    for (unsigned k = 0; k < ti->num_tex_offsets && k < XTEXOFF; k++) {
        xreg *r = &x->texoff[k];
        tgx_tgsi_register reg;
        memset(&reg, 0, sizeof(reg));
        reg.file = ti->tex_offsets[k].file;
        reg.index = ti->tex_offsets[k].index;
        st = decode_reg(b, ti, &reg, r, x->name);
        if (st != TGX_OK)
            return st;
        for (unsigned c = 0; c < 3; c++) {
            r->swz[c] = ti->tex_offsets[k].swizzle[c] & 3u;
            r->slot[c] = r->base + (uint32_t)r->index * 4 + r->swz[c];
        }
        x->ntexoff = 1;
    }
    mark_plain(x);
    if (ti->has_texture)
        x->tex_target = target_of(ti->texture, &x->shadow);
    if (ti->has_memory && ti->mem_texture != TGX_TGSI_TEXTURE_UNKNOWN) {
        uint8_t sh;
        x->tex_target = target_of(ti->mem_texture, &sh);
    }
    return TGX_OK;
}

/* ---- structured control flow ---------------------------------------------------------------- */

typedef struct xcf {
    uint32_t inst;
    uint8_t kind; /* 'I' if, 'E' else, 'L' loop, 'S' switch */
} xcf;

static tgx_status add_list(xbuild *b, uint32_t v)
{
    if (b->nlists == b->caplists) {
        unsigned cap = b->caplists ? b->caplists * 2 : 16;
        uint32_t *l = realloc(b->lists, sizeof(uint32_t) * cap);
        if (!l)
            return TGX_ERR_NOMEM;
        b->lists = l;
        b->caplists = cap;
    }
    b->lists[b->nlists++] = v;
    return TGX_OK;
}

static int innermost(const xcf *st, unsigned top, char a, char c2)
{
    for (unsigned k = top; k-- > 0;)
        if (st[k].kind == a || st[k].kind == c2)
            return (int)k;
    return -1;
}

/* What a closing instruction needs as the innermost open construct, said as the end of "ELSE
 * without IF"; NULL when it has it (or closes nothing). */
static const char *unmatched(tgx_tgsi_cf cf, const xcf *st, unsigned top)
{
    char k = top ? (char)st[top - 1].kind : 0;
    switch (cf) {
    case TGX_TGSI_CF_ELSE: return k == 'I' ? NULL : "without IF";
    case TGX_TGSI_CF_ENDIF: return k == 'I' || k == 'E' ? NULL : "without IF";
    case TGX_TGSI_CF_ENDLOOP: return k == 'L' ? NULL : "without BGNLOOP";
    case TGX_TGSI_CF_CASE:
    case TGX_TGSI_CF_DEFAULT: return k == 'S' ? NULL : "outside a SWITCH";
    case TGX_TGSI_CF_ENDSWITCH: return k == 'S' ? NULL : "without SWITCH";
    default: return NULL;
    }
}

/* Pass 1 of link_flow for instruction i: matches it against the open constructs st[0..*top)
 * (pushing, popping and setting jump targets); a CASE or DEFAULT points at its SWITCH for now,
 * and case_count counts each SWITCH's CASEs. */
static tgx_status link_construct(xbuild *b, unsigned i, xcf *st, unsigned *top,
                                 uint32_t *case_count)
{
    tgx_exec_program *p = b->p;
    xinst *x = &p->insts[i];
    const tgx_tgsi_instruction *ti = &b->sh->insts[i];
    const char *nm = x->name;
    const struct tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(ti->opcode);
    tgx_tgsi_cf cf = info ? info->cf : TGX_TGSI_CF_NONE;
    const char *why = unmatched(cf, st, *top);
    if (why)
        return fail_at(b, ti->pos, TGX_ERR_INVALID, "%s %s", nm, why);
    int k;
    switch (cf) {
    case TGX_TGSI_CF_IF:
    case TGX_TGSI_CF_UIF: st[(*top)++] = (xcf){i, 'I'}; break;
    case TGX_TGSI_CF_ELSE:
        p->insts[st[*top - 1].inst].target = (int32_t)i;
        st[*top - 1] = (xcf){i, 'E'};
        break;
    case TGX_TGSI_CF_ENDIF: p->insts[st[--*top].inst].target = (int32_t)i; break;
    case TGX_TGSI_CF_BGNLOOP: st[(*top)++] = (xcf){i, 'L'}; break;
    case TGX_TGSI_CF_ENDLOOP:
        p->insts[st[*top - 1].inst].target = (int32_t)i;
        x->target = (int32_t)st[--*top].inst + 1;
        break;
    case TGX_TGSI_CF_BRK:
    case TGX_TGSI_CF_BREAKC:
        k = innermost(st, *top, 'L', 'S');
        if (k < 0)
            return fail_at(b, ti->pos, TGX_ERR_INVALID, "%s outside a loop or switch", nm);
        x->brk_switch = st[k].kind == 'S';
        break;
    case TGX_TGSI_CF_CONT:
        if (innermost(st, *top, 'L', 'L') < 0)
            return fail_at(b, ti->pos, TGX_ERR_INVALID, "CONT outside a loop");
        break;
    case TGX_TGSI_CF_SWITCH: st[(*top)++] = (xcf){i, 'S'}; break;
    case TGX_TGSI_CF_CASE:
    case TGX_TGSI_CF_DEFAULT:
        if (cf == TGX_TGSI_CF_CASE)
            case_count[st[*top - 1].inst]++;
        x->target = (int32_t)st[*top - 1].inst; /* owner, replaced in pass 2 */
        break;
    case TGX_TGSI_CF_ENDSWITCH: p->insts[st[--*top].inst].target = (int32_t)i; break;
    case TGX_TGSI_CF_CAL:
    case TGX_TGSI_CF_CALLNZ:
    case TGX_TGSI_CF_BRA:
        if (!ti->has_label || ti->label >= p->ninsts)
            return fail_at(b, ti->pos, TGX_ERR_INVALID, "%s needs a label inside the program", nm);
        x->target = (int32_t)ti->label;
        break;
    case TGX_TGSI_CF_BGNSUB:
    case TGX_TGSI_CF_ENDSUB:
        if (*top)
            return fail_at(b, ti->pos, TGX_ERR_INVALID, "%s inside an unclosed construct", nm);
        break;
    default: break;
    }
    return TGX_OK;
}

/* Pass 2 of link_flow: each SWITCH's CASE instructions, in order, as its list. */
static tgx_status list_cases(xbuild *b, const uint32_t *case_count)
{
    tgx_exec_program *p = b->p;
    tgx_status rc = TGX_OK;
    for (unsigned i = 0; i < p->ninsts && rc == TGX_OK; i++) {
        xinst *x = &p->insts[i];
        if (x->fn != x_op_switch)
            continue;
        x->list_off = b->nlists;
        x->list_len = case_count[i];
        for (unsigned j = i + 1; j < (unsigned)x->target && rc == TGX_OK; j++)
            if (p->insts[j].fn == x_op_case && p->insts[j].target == (int32_t)i)
                rc = add_list(b, j);
    }
    return rc;
}

/* Jump targets of the structured flow (IF/ELSE/ENDIF, loops, SWITCH, labels), and the
 * constructs' errors: one that closes the wrong construct, BRK/CONT outside one, one never
 * closed. */
static tgx_status link_flow(xbuild *b)
{
    tgx_exec_program *p = b->p;
    unsigned n = p->ninsts, top = 0;
    xcf *st = calloc(n + 1, sizeof(xcf));
    uint32_t *case_count = calloc(n + 1, sizeof(uint32_t));
    tgx_status rc = st && case_count ? TGX_OK : TGX_ERR_NOMEM;
    for (unsigned i = 0; i < n && rc == TGX_OK; i++)
        rc = link_construct(b, i, st, &top, case_count);
    if (rc == TGX_OK && top) {
        unsigned open = st[top - 1].inst;
        rc = fail_at(b, b->sh->insts[open].pos, TGX_ERR_INVALID, "%s is never closed",
                     p->insts[open].name);
    }
    if (rc == TGX_OK)
        rc = list_cases(b, case_count);
    free(st);
    free(case_count);
    if (rc == TGX_ERR_NOMEM)
        return fail_at(b, b->sh->processor_pos, TGX_ERR_NOMEM, "out of memory");
    return rc;
}

/* ---- the program ---------------------------------------------------------------------------- */

static tgx_exec_stage stage_of(tgx_tgsi_processor proc)
{
    switch (proc) {
    case TGX_TGSI_PROC_FRAG: return TGX_EXEC_FRAGMENT;
    case TGX_TGSI_PROC_GEOM: return TGX_EXEC_GEOMETRY;
    case TGX_TGSI_PROC_COMP: return TGX_EXEC_COMPUTE;
    case TGX_TGSI_PROC_TESS_CTRL: return TGX_EXEC_TESS_CTRL;
    case TGX_TGSI_PROC_TESS_EVAL: return TGX_EXEC_TESS_EVAL;
    default: return TGX_EXEC_VERTEX;
    }
}

/* EMIT / ENDPRIM: geometry shaders only (spec "Geometry ISA"); the stream operand, an immediate
 * in everything Mesa writes, decides how many streams a machine keeps room for. */
static tgx_status check_stream(xbuild *b, const tgx_tgsi_instruction *ti, xinst *x)
{
    tgx_exec_program *p = b->p;
    if (p->stage != TGX_EXEC_GEOMETRY)
        return fail_at(b, ti->pos, TGX_ERR_INVALID, "%s is only allowed in geometry shaders",
                       x->name);
    if (x->nsrc < 1)
        return fail_at(b, ti->pos, TGX_ERR_INVALID, "%s needs a stream operand", x->name);
    const xreg *r = &x->src[0];
    unsigned streams = 4;
    if (r->file == XF_IMM && !r->indirect) {
        uint32_t v = p->imm[(size_t)r->index * 4 + r->swz[0]].u;
        streams = v < 4 ? v + 1 : 1;
    }
    if (streams > p->gs_streams)
        p->gs_streams = streams;
    return TGX_OK;
}

/* Gives each instruction's dst, src and texoff their places in one array of the operands the
 * shader's instructions have (at most XDST_MAX, XSRC_MAX and XTEXOFF each: decode_operands
 * refuses more). */
static tgx_status place_operands(tgx_exec_program *p, const tgx_tgsi_shader *sh)
{
    size_t total = 0;
    for (size_t i = 0; i < sh->num_insts; i++) {
        const tgx_tgsi_instruction *ti = &sh->insts[i];
        total += (size_t)(ti->num_dst < XDST_MAX ? ti->num_dst : XDST_MAX) +
                 (ti->num_src < XSRC_MAX ? ti->num_src : XSRC_MAX) +
                 (ti->num_tex_offsets < XTEXOFF ? ti->num_tex_offsets : XTEXOFF);
    }
    p->regs = calloc(total ? total : 1, sizeof(xreg));
    if (!p->regs)
        return TGX_ERR_NOMEM;
    xreg *r = p->regs;
    for (size_t i = 0; i < sh->num_insts; i++) {
        const tgx_tgsi_instruction *ti = &sh->insts[i];
        xinst *x = &p->insts[i];
        x->dst = r;
        r += ti->num_dst < XDST_MAX ? ti->num_dst : XDST_MAX;
        x->src = r;
        r += ti->num_src < XSRC_MAX ? ti->num_src : XSRC_MAX;
        x->texoff = r;
        r += ti->num_tex_offsets < XTEXOFF ? ti->num_tex_offsets : XTEXOFF;
    }
    return TGX_OK;
}

static tgx_status build(xbuild *b)
{
    tgx_exec_program *p = b->p;
    const tgx_tgsi_shader *sh = b->sh;
    tgx_status st;
    p->stage = stage_of(sh->processor);
    if (p->stage != TGX_EXEC_VERTEX && p->stage != TGX_EXEC_FRAGMENT &&
        p->stage != TGX_EXEC_COMPUTE && p->stage != TGX_EXEC_GEOMETRY)
        return fail_at(b, sh->processor_pos, TGX_ERR_UNSUPPORTED,
                       "the interpreter runs vertex, fragment, geometry and compute shaders, "
                       "not %s",
                       tgx_tgsi_processor_name(sh->processor));
    if ((st = read_decls(b)) != TGX_OK)
        return st;
    if (p->stage == TGX_EXEC_GEOMETRY && (st = read_geometry(b)) != TGX_OK)
        return st;
    if ((st = layout(b)) != TGX_OK)
        return st;
    p->ninsts = (unsigned)sh->num_insts;
    p->insts = calloc(p->ninsts + 1, sizeof(xinst));
    if (!p->insts || (st = place_operands(p, sh)) != TGX_OK)
        return fail_at(b, sh->processor_pos, TGX_ERR_NOMEM, "out of memory");
    for (unsigned i = 0; i < p->ninsts; i++) {
        const tgx_tgsi_instruction *ti = &sh->insts[i];
        const struct tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(ti->opcode);
        const xop_info *op = info ? &xops[ti->opcode] : NULL;
        if (!op || !op->fn)
            return fail_at(b, ti->pos, TGX_ERR_UNSUPPORTED, "the interpreter does not execute %s",
                           info ? info->name : "this opcode");
        xinst *x = &p->insts[i];
        x->fn = op->fn;
        x->k = op->k;
        x->dk = op->dk;
        x->kx86 = op->kx86;
        x->dkx86 = op->dkx86;
        x->name = info->name;
        flush_masks(info, op->denorm, x);
        x->op = (uint16_t)ti->opcode;
        x->stype = op->stype;
        x->sat = ti->saturate;
        x->line = ti->pos.line;
        x->column = ti->pos.column;
        x->target = -1;
        if ((st = decode_operands(b, ti, info, x)) != TGX_OK)
            return st;
        if ((x->fn == x_op_emit || x->fn == x_op_endprim) &&
            (st = check_stream(b, ti, x)) != TGX_OK)
            return st;
    }
    if ((st = link_flow(b)) != TGX_OK)
        return st;
    p->lists = b->lists;
    p->nlists = b->nlists;
    b->lists = NULL;
    return TGX_OK;
}

tgx_status tgx_exec_program_create(const struct tgx_tgsi_shader *sh, const char *name,
                                   tgx_exec_program **out, tgx_diag *d)
{
    *out = NULL;
    if (!sh)
        return tgx_diag_set(d, TGX_ERR_ARG, name, 0, 0, "no shader");
    tgx_exec_program *p = calloc(1, sizeof(*p));
    if (!p)
        return tgx_diag_set(d, TGX_ERR_NOMEM, name, 0, 0, "out of memory");
    if (name)
        snprintf(p->name, sizeof(p->name), "%s", name);
    p->block[0] = p->block[1] = p->block[2] = 1;
    p->sv_thread_id = p->sv_block_id = p->sv_block_size = p->sv_grid_size = -1;
    p->sv_primid = p->sv_invocation_id = p->in_primid = -1;
    p->gs_streams = 1;
    xbuild b = {p, sh, d, NULL, 0, 0};
    tgx_status st = build(&b);
    free(b.lists);
    if (st != TGX_OK) {
        tgx_exec_program_destroy(p);
        return st;
    }
    *out = p;
    return TGX_OK;
}

void tgx_exec_program_destroy(tgx_exec_program *p)
{
    if (!p)
        return;
    free(p->insts);
    free(p->regs);
    free(p->imm);
    free(p->lists);
    free(p);
}

tgx_exec_stage tgx_exec_program_stage(const tgx_exec_program *p)
{
    return p->stage;
}

unsigned tgx_exec_program_num_inputs(const tgx_exec_program *p)
{
    return p->stage == TGX_EXEC_GEOMETRY ? p->gs_in_stride : p->count[XF_IN];
}

unsigned tgx_exec_program_num_outputs(const tgx_exec_program *p)
{
    return p->count[XF_OUT];
}

unsigned tgx_exec_program_num_sysvals(const tgx_exec_program *p)
{
    return p->count[XF_SV];
}

unsigned tgx_exec_program_num_instructions(const tgx_exec_program *p)
{
    return p->ninsts;
}

void tgx_exec_program_block_size(const tgx_exec_program *p, unsigned size[3])
{
    for (unsigned k = 0; k < 3; k++)
        size[k] = p->block[k];
}

tgx_status tgx_exec_program_gs_info(const tgx_exec_program *p, tgx_exec_gs_info *out)
{
    memset(out, 0, sizeof(*out));
    if (!p || p->stage != TGX_EXEC_GEOMETRY)
        return TGX_ERR_ARG;
    out->input_prim = p->gs_in_prim;
    out->output_prim = p->gs_out_prim;
    out->max_vertices = p->gs_max_vertices;
    out->invocations = p->gs_invocations;
    out->vertices_in = p->gs_vertices_in;
    out->streams = p->gs_streams;
    return TGX_OK;
}
