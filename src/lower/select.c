/* select.c — from a TGSI texture instruction to the Maxwell instruction that does the same.
 *
 * Two steps. lw_request reads the instruction as the interpreter does (src/exec/exec_tex.c and
 * docs/exec.md: which channel is which coordinate, where the layer, the depth reference, the LOD
 * and the offsets are) into an lw_req. pick_* then chooses the class and modifiers as ptxas does
 * (the corpus's real-src.tsv, tests/data/lower/ptxas-forms.tsv; test_ptxas_forms.c): TEXS,
 * TLDS, TLD4S wherever their tables hold the target, LOD mode, compare and write mask, else the
 * general form; an explicit LOD that is the immediate 0 becomes .LZ; an indirect unit the
 * bindless .B form. Whatever Maxwell cannot express is an error naming the TGSI position.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_internal.h"
#include "tgx/util.h"

#define NO LW_NO
static const lw_op lw_ops[] = {
#define OP(n, k, l, st, co, u, sa, ar, ach, gr, sw)                                                \
    {TGX_TGSI_OP_##n, LW_##k, LW_##l, LW_##st, co, u, sa, ar, ach, gr, sw},
#include "lower/lower_ops.def"
#undef OP
};
#undef NO

const lw_op *lw_op_find(tgx_tgsi_opcode op)
{
    for (size_t i = 0; i < sizeof lw_ops / sizeof lw_ops[0]; i++)
        if (lw_ops[i].op == op)
            return &lw_ops[i];
    return NULL;
}

bool tgx_lower_is_texture(const tgx_tgsi_shader *sh, unsigned i)
{
    if (!sh || i >= sh->num_insts)
        return false;
    const tgx_tgsi_instruction *in = &sh->insts[i];
    if (!lw_op_find(in->opcode))
        return false;
    /* LOAD is a texture instruction only on a sampler view (buffers and images are memory) */
    return in->opcode != TGX_TGSI_OP_LOAD ||
           (in->num_src > 0 && in->src[0].reg.file == TGX_TGSI_FILE_SVIEW);
}

/* ---- targets ----------------------------------------------------------------------------------
 */

/* Texture unit target -> Maxwell #paramA. A buffer is read as 1D (TLD on a 1D_BUFFER header),
 * RECT as 2D (its header, 2D_NO_MIPMAP, gives texel coordinates), multisampled targets as 2D
 * with .MS. */
static const uint8_t sm5_target[TGX_TEX_TARGET_COUNT] = {
    [TGX_TEX_BUFFER] = TGX_SM5_1D,
    [TGX_TEX_1D] = TGX_SM5_1D,
    [TGX_TEX_2D] = TGX_SM5_2D,
    [TGX_TEX_3D] = TGX_SM5_3D,
    [TGX_TEX_CUBE] = TGX_SM5_CUBE,
    [TGX_TEX_RECT] = TGX_SM5_2D,
    [TGX_TEX_1D_ARRAY] = TGX_SM5_ARRAY_1D,
    [TGX_TEX_2D_ARRAY] = TGX_SM5_ARRAY_2D,
    [TGX_TEX_CUBE_ARRAY] = TGX_SM5_ARRAY_CUBE,
    [TGX_TEX_2D_MS] = TGX_SM5_2D,
    [TGX_TEX_2D_ARRAY_MS] = TGX_SM5_ARRAY_2D,
};

/* ---- operands ---------------------------------------------------------------------------------
 */

static tgx_lower_ref ref(unsigned src, unsigned chan)
{
    return (tgx_lower_ref){(uint8_t)src, (uint8_t)chan};
}

static tgx_lower_ref none(void)
{
    return ref(LW_NO, 0);
}

static bool has(tgx_lower_ref r)
{
    return r.src != LW_NO;
}

int lw_home(const lw_req *rq, tgx_lower_ref r)
{
    if (!has(r) || r.src >= rq->in->num_src)
        return -1;
    const tgx_tgsi_src *s = &rq->in->src[r.src];
    if (s->reg.file != TGX_TGSI_FILE_TEMP || s->reg.indirect || s->reg.dimension || s->negate ||
        s->absolute || s->reg.index < 0 || (uint32_t)s->reg.index >= TGX_LOWER_TEMPS)
        return -1;
    return 4 * s->reg.index + (s->swizzle[r.chan & 3u] & 3);
}

int lw_dst_home(const lw_req *rq, unsigned c)
{
    const tgx_tgsi_dst *dst = &rq->in->dst[0];
    if (rq->in->num_dst < 1 || dst->reg.file != TGX_TGSI_FILE_TEMP || dst->reg.indirect ||
        dst->reg.dimension || dst->reg.index < 0 || (uint32_t)dst->reg.index >= TGX_LOWER_TEMPS)
        return -1;
    return 4 * dst->reg.index + (int)c;
}

/* The 32-bit value of an immediate operand component (modifiers applied as to a float),
 * false when it is not a direct IMM. */
static bool imm_value(const lw_req *rq, tgx_lower_ref r, uint32_t *v)
{
    if (!has(r) || r.src >= rq->in->num_src)
        return false;
    const tgx_tgsi_src *s = &rq->in->src[r.src];
    if (s->reg.file != TGX_TGSI_FILE_IMM || s->reg.indirect || s->reg.index < 0 ||
        (size_t)s->reg.index >= rq->sh->num_imms)
        return false;
    const tgx_tgsi_immediate *im = &rq->sh->imms[s->reg.index];
    unsigned w = s->swizzle[r.chan & 3u] & 3u;
    if (w >= im->num_words || im->type == TGX_TGSI_IMM_FLT64 || im->type == TGX_TGSI_IMM_UINT64 ||
        im->type == TGX_TGSI_IMM_INT64)
        return false;
    uint32_t x = im->words[w];
    if (s->absolute)
        x &= 0x7fffffffu;
    if (s->negate)
        x ^= 0x80000000u;
    *v = x;
    return true;
}

static bool is_imm_zero(const lw_req *rq, tgx_lower_ref r)
{
    uint32_t v;
    return imm_value(rq, r, &v) && (v & 0x7fffffffu) == 0;
}

/* ---- errors -----------------------------------------------------------------------------------
 */

static tgx_status fail(const lw_req *rq, tgx_diag *d, tgx_tgsi_pos pos, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static tgx_status fail(const lw_req *rq, tgx_diag *d, tgx_tgsi_pos pos, const char *fmt, ...)
{
    if (!pos.line)
        pos = rq->in->pos;
    va_list ap;
    va_start(ap, fmt);
    tgx_status st = tgx_diag_vset(d, TGX_ERR_INVALID, rq->file, pos.line, pos.column, fmt, ap);
    va_end(ap);
    return st;
}

static const char *opname(const lw_req *rq)
{
    return tgx_tgsi_opcode_info(rq->in->opcode)->name;
}

static tgx_tgsi_pos target_pos(const lw_req *rq)
{
    if (rq->op->style == LW_TEX && rq->in->has_texture)
        return rq->in->texture_pos;
    return tgx_tgsi_src_pos(rq->in, &rq->in->src[rq->op->unit]);
}

/* ---- the request ------------------------------------------------------------------------------
 */

/* The SVIEW declaration covering index v. */
static const tgx_tgsi_declaration *sview_decl(const tgx_tgsi_shader *sh, unsigned v)
{
    for (size_t k = 0; k < sh->num_decls; k++) {
        const tgx_tgsi_declaration *dc = &sh->decls[k];
        if (dc->file == TGX_TGSI_FILE_SVIEW && v >= dc->first && v <= dc->last)
            return dc;
    }
    return NULL;
}

static tgx_status read_units(lw_req *rq, tgx_diag *d)
{
    const tgx_tgsi_instruction *in = rq->in;
    const tgx_tgsi_register *u = &in->src[rq->op->unit].reg;
    const tgx_tgsi_register *s = rq->op->samp != LW_NO ? &in->src[rq->op->samp].reg : u;
    if (u->index < 0 || u->index >= (int32_t)TGX_LOWER_UNITS || s->index < 0 ||
        s->index >= (int32_t)TGX_LOWER_UNITS)
        return fail(rq, d, tgx_tgsi_src_pos(in, &in->src[rq->op->unit]),
                    "%s: unit %d: the binding convention covers units 0..%u (constant-bank "
                    "word SVIEW | SAMP << 5)",
                    opname(rq), u->index < 0 || u->index >= 32 ? u->index : s->index,
                    TGX_LOWER_UNITS - 1);
    rq->view = (unsigned)u->index;
    rq->sampler = (unsigned)s->index;
    rq->indirect = u->indirect || s->indirect;
    return TGX_OK;
}

static tgx_status read_target(lw_req *rq, tgx_diag *d)
{
    const tgx_tgsi_instruction *in = rq->in;
    if (rq->op->style == LW_TEX) {
        rq->tgsi_target = in->texture;
        rq->shadow = tgx_tgsi_texture_is_shadow(in->texture);
    } else {
        const tgx_tgsi_declaration *dc = sview_decl(rq->sh, rq->view);
        if (!dc)
            return fail(rq, d, tgx_tgsi_src_pos(in, &in->src[rq->op->unit]),
                        "%s: SVIEW[%u] is not declared: its target decides the Maxwell form",
                        opname(rq), rq->view);
        rq->tgsi_target = dc->target;
        rq->shadow = in->opcode == TGX_TGSI_OP_SAMPLE_C || in->opcode == TGX_TGSI_OP_SAMPLE_C_LZ;
    }
    if ((unsigned)rq->tgsi_target >= TGX_TGSI_TEXTURE_COUNT ||
        rq->tgsi_target == TGX_TGSI_TEXTURE_UNKNOWN)
        return fail(rq, d, target_pos(rq), "%s: no texture target", opname(rq));
    rq->target = tgx_exec_texture_target(rq->tgsi_target, NULL); /* the interpreter's reading */
    return TGX_OK;
}

static tgx_status read_offsets(lw_req *rq, tgx_diag *d)
{
    const tgx_tgsi_instruction *in = rq->in;
    if (in->num_tex_offsets == 0)
        return TGX_OK;
    const tgx_tgsi_tex_offset *o = &in->tex_offsets[0];
    if (in->num_tex_offsets > 1)
        return fail(rq, d, in->tex_offsets[1].pos,
                    "%s: %u texel offsets: the interpreter and the Maxwell form read one "
                    "(TLD4.PTP's per-texel offsets have no TGSI reading here)",
                    opname(rq), in->num_tex_offsets);
    if (o->file != TGX_TGSI_FILE_IMM && rq->kind == LW_GATHER) {
        /* GLSL's textureGatherOffset alone takes run-time offsets (ARB_gpu_shader5): they are
         * packed into the offset register per lane, as nouveau's gm107 lowering packs them */
        rq->has_offsets = rq->runtime_offsets = true;
        return TGX_OK;
    }
    if (o->file != TGX_TGSI_FILE_IMM || o->index < 0 || (size_t)o->index >= rq->sh->num_imms)
        return fail(rq, d, o->pos,
                    "%s: the texel offset must be an immediate: Maxwell packs offsets into a "
                    "register as 4-bit fields, and a run-time value outside their range would "
                    "wrap (only a gather, TG4 or GATHER4, takes run-time offsets)",
                    opname(rq));
    const tgx_tgsi_immediate *im = &rq->sh->imms[o->index];
    for (unsigned k = 0; k < 3; k++) {
        unsigned w = o->swizzle[k] & 3u;
        rq->offset[k] = w < im->num_words ? (int32_t)im->words[w] : 0;
    }
    rq->has_offsets = true;
    return TGX_OK;
}

/* Coordinates, layer and reference of a filtering opcode, as exec_tex.c's coords_for reads
 * them: the target's coordinates, then the layer, then the reference in the next channel but
 * never before z; past w it is src1.x. */
static void read_sample_coords(lw_req *rq)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(rq->target);
    unsigned c = rq->op->coords;
    rq->s = ref(c, 0);
    rq->t = ti->coords > 1 ? ref(c, 1) : none();
    rq->r = ti->coords > 2 ? ref(c, 2) : none();
    rq->layer = ti->layered ? ref(c, ti->coords) : none();
    if (rq->shadow && rq->op->style == LW_TEX) {
        unsigned dim = ti->coords + (ti->layered ? 1u : 0u);
        unsigned ch = dim > 2 ? dim : 2;
        rq->ref = ch > 3 ? ref(1, 0) : ref(c, ch);
    }
}

/* A texel fetch's coordinates: the texel axes, then the layer (tgx_tex_fetch_req). */
static void read_fetch_coords(lw_req *rq)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(rq->target);
    unsigned c = rq->op->coords;
    rq->s = ref(c, 0);
    rq->t = ti->dims > 1 ? ref(c, 1) : none();
    rq->r = ti->dims > 2 ? ref(c, 2) : none();
    rq->layer = ti->layered ? ref(c, ti->dims) : none();
}

static void read_arguments(lw_req *rq)
{
    const lw_op *op = rq->op;
    tgx_lower_ref arg = op->arg != LW_NO ? ref(op->arg, op->argch) : none();
    const tgx_tex_target_info *ti = tgx_tex_target_get(rq->target);
    rq->lod = (lw_lod)op->lod;
    switch (rq->kind) {
    case LW_FETCH:
        if (rq->in->opcode == TGX_TGSI_OP_LOAD && ti->multisample) {
            rq->sample = ref(op->coords, 3);
        } else if (ti->multisample) {
            rq->sample = arg; /* TXF, SAMPLE_I: src0.w; SAMPLE_I_MS: src2.x */
            rq->lod = LW_ZERO;
        } else if (rq->target == TGX_TEX_BUFFER) {
            rq->lod = LW_ZERO; /* a buffer has one level; TXF does not read src0.w */
        } else {
            rq->arg = arg;
        }
        break;
    case LW_SAMPLE:
        if (rq->in->opcode == TGX_TGSI_OP_SAMPLE_C || rq->in->opcode == TGX_TGSI_OP_SAMPLE_C_LZ)
            rq->ref = arg;
        else
            rq->arg = arg;
        break;
    default: rq->arg = arg; break;
    }
    if (op->grads != LW_NO)
        for (unsigned a = 0; a < ti->coords; a++) {
            rq->ddx[a] = ref(op->grads, a);
            rq->ddy[a] = ref(op->grads + 1u, a);
        }
    if (rq->in->opcode == TGX_TGSI_OP_TXP)
        rq->q = ref(0, 3);
    /* ptxas turns tex.level with the literal LOD 0 into .LZ (real-src.tsv "lod=zero"); an
     * explicit LOD 0 and LOD zero are the same request to the texture unit */
    if (rq->lod == LW_LEVEL && has(rq->arg) && is_imm_zero(rq, rq->arg)) {
        rq->lod = LW_ZERO;
        rq->arg = none();
    }
}

static void read_destination(lw_req *rq)
{
    const tgx_tgsi_instruction *in = rq->in;
    rq->dst_mask = in->num_dst ? in->dst[0].write_mask & 15u : 0;
    for (unsigned c = 0; c < 4; c++) {
        unsigned from = rq->op->swz ? in->src[rq->op->unit].swizzle[c] & 3u : c;
        if (in->opcode == TGX_TGSI_OP_LOD && from > 2)
            from = 2; /* LOD's z and w are 0 whatever the swizzle (exec_tex.c x_op_lodq) */
        rq->dst_swz[c] = (uint8_t)from;
        if (rq->dst_mask >> c & 1u)
            rq->chan_mask |= (uint8_t)(1u << from);
    }
}

tgx_status lw_request(const tgx_tgsi_shader *sh, unsigned i, const char *file, lw_req *rq,
                      tgx_diag *d)
{
    memset(rq, 0, sizeof *rq);
    rq->s = rq->t = rq->r = rq->layer = rq->q = rq->ref = rq->arg = rq->sample = none();
    for (unsigned a = 0; a < 3; a++)
        rq->ddx[a] = rq->ddy[a] = none();
    rq->sh = sh;
    rq->file = file;
    rq->in = &sh->insts[i];
    rq->op = lw_op_find(rq->in->opcode);
    if (!rq->op || !tgx_lower_is_texture(sh, i))
        return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, file, rq->in->pos.line, rq->in->pos.column,
                            "%s is not a texture instruction: the lowering covers the texture "
                            "instructions only",
                            tgx_tgsi_opcode_info(rq->in->opcode)->name);
    rq->kind = (lw_kind)rq->op->kind;
    tgx_status st = read_units(rq, d);
    if (st == TGX_OK)
        st = read_target(rq, d);
    if (st == TGX_OK)
        st = read_offsets(rq, d);
    if (st != TGX_OK)
        return st;
    if (rq->kind == LW_FETCH)
        read_fetch_coords(rq);
    else if (rq->kind == LW_SAMPLE || rq->kind == LW_GATHER || rq->kind == LW_LOD)
        read_sample_coords(rq);
    read_arguments(rq);
    read_destination(rq);
    return TGX_OK;
}

/* ---- choosing the Maxwell instruction ---------------------------------------------------------
 */

/* Write masks the short forms hold (sm5-TEXS wmsk2C and wmsk34C): all but RB and GB. */
static bool short_mask(unsigned m)
{
    return m != 0 && m != 0x5 && m != 0x6;
}

static uint8_t lod_mode(lw_lod l)
{
    switch (l) {
    case LW_BIAS: return TGX_SM5_LOD_LB;
    case LW_LEVEL: return TGX_SM5_LOD_LL;
    case LW_ZERO: return TGX_SM5_LOD_LZ;
    default: return TGX_SM5_LOD_NONE;
    }
}

static tgx_sm5_class bindless(tgx_sm5_class c, bool indirect)
{
    if (!indirect)
        return c;
    switch (c) {
    case TGX_SM5_TEX: return TGX_SM5_TEX_B;
    case TGX_SM5_TLD: return TGX_SM5_TLD_B;
    case TGX_SM5_TLD4: return TGX_SM5_TLD4_B;
    case TGX_SM5_TXD: return TGX_SM5_TXD_B;
    case TGX_SM5_TXQ: return TGX_SM5_TXQ_B;
    case TGX_SM5_TMML: return TGX_SM5_TMML_B;
    default: return c;
    }
}

/* Offsets of the target's texel axes within -range..range-1. */
static tgx_status check_offsets(const lw_req *rq, int32_t range, const char *what, tgx_diag *d)
{
    if (!rq->has_offsets)
        return TGX_OK;
    const tgx_tex_target_info *ti = tgx_tex_target_get(rq->target);
    if (ti->cube)
        return fail(rq, d, rq->in->tex_offsets[0].pos,
                    "%s: texel offsets on a cube map: Maxwell's texture instructions take no "
                    "offsets for cube targets",
                    opname(rq));
    for (unsigned a = 0; a < ti->dims && !rq->runtime_offsets; a++)
        if (rq->offset[a] < -range || rq->offset[a] >= range)
            return fail(rq, d, rq->in->tex_offsets[0].pos,
                        "%s: texel offset %d is outside %d..%d, the %s field of %s", opname(rq),
                        rq->offset[a], -range, range - 1, range == 8 ? "4-bit" : "6-bit", what);
    return TGX_OK;
}

static void start_insn(tgx_lower_inst *li, tgx_sm5_class cls, const lw_req *rq)
{
    tgx_sm5_insn *x = &li->insn;
    memset(x, 0, sizeof *x);
    x->cls = cls;
    x->pred = TGX_SM5_PT;
    x->sparse_pred = TGX_SM5_PT;
    x->rd = x->rd1 = x->ra = x->rb = x->rc = TGX_SM5_RZ;
    x->target = sm5_target[rq->target];
    x->tex_index = rq->indirect ? 0 : tgx_lower_binding_index(rq->view, rq->sampler);
}

/* The short form (TEXS, TLDS) when its table holds the target, LOD mode and flags and the write
 * mask is one of wmsk2C/wmsk34C, with a direct unit; else the general form (.B for an indirect
 * unit). short_cls equal to general_cls asks for the general form. */
static void pick_short_or_general(const lw_req *rq, tgx_lower_inst *li, tgx_sm5_class short_cls,
                                  tgx_sm5_class general_cls, uint8_t lod, uint32_t flags)
{
    uint8_t enc;
    if (short_cls != general_cls && !rq->indirect && short_mask(rq->chan_mask) &&
        tgx_sm5_short_encoding(short_cls, sm5_target[rq->target], lod, flags, &enc) == TGX_OK) {
        start_insn(li, short_cls, rq);
        li->insn.texs_enc = enc;
    } else {
        start_insn(li, bindless(general_cls, rq->indirect), rq);
        li->insn.wmask = rq->chan_mask;
    }
    li->insn.lod = lod;
    li->insn.flags = flags;
}

static tgx_status pick_sample(const lw_req *rq, tgx_lower_inst *li, tgx_diag *d)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(rq->target);
    if (ti->multisample || rq->target == TGX_TEX_BUFFER)
        return fail(rq, d, target_pos(rq),
                    "%s: a %s texture cannot be filtered (Maxwell's TEX needs a texture the "
                    "unit can filter; fetch it with TXF)",
                    opname(rq), ti->multisample ? "multisampled" : "buffer");
    tgx_status st = check_offsets(rq, 8, rq->lod == LW_GRAD ? "TXD" : "TEX", d);
    if (st != TGX_OK)
        return st;
    if (rq->shadow && rq->target == TGX_TEX_3D)
        return fail(rq, d, target_pos(rq),
                    "%s: a depth reference on a 3D target: depth comparison is not supported by "
                    "3D textures (sm5-TEXS .DC)",
                    opname(rq));
    uint32_t flags = (rq->shadow ? TGX_SM5_F_DC : 0u) | (rq->has_offsets ? TGX_SM5_F_AOFFI : 0u);
    if (lw_txd_emulated(rq)) {
        /* Maxwell's TXD takes 1D and 2D gradients and no depth reference: TEX.NDV in the
         * quad-shuffle emulation (txd.c) */
        if (rq->indirect)
            return fail(rq, d, tgx_tgsi_src_pos(rq->in, &rq->in->src[rq->op->unit]),
                        "%s: the TXD emulation (3D, cube or shadow gradients) with an indirect "
                        "unit is not lowered: each round would shuffle the lanes' handles too",
                        opname(rq));
        start_insn(li, TGX_SM5_TEX, rq);
        li->insn.flags = flags | TGX_SM5_F_NDV;
        li->insn.wmask = rq->chan_mask;
        snprintf(li->note, sizeof li->note,
                 "%s: TEX.NDV on the quad P, P+dPdx, P+dPdy: (P+dPdx)-P is not dPdx in float, "
                 "a cube's is a whole-gradient difference: the GL LOD rule's LOD may differ "
                 "(softpipe rule, nv: same bits)",
                 opname(rq));
        return TGX_OK;
    }
    if (rq->lod == LW_GRAD) {
        start_insn(li, bindless(TGX_SM5_TXD, rq->indirect), rq);
        li->insn.flags = flags & TGX_SM5_F_AOFFI;
        li->insn.wmask = rq->chan_mask;
        return TGX_OK;
    }
    /* TEXS has no .AOFFI: offsets take the general form */
    pick_short_or_general(rq, li, rq->has_offsets ? TGX_SM5_TEX : TGX_SM5_TEXS, TGX_SM5_TEX,
                          lod_mode(rq->lod), flags);
    return TGX_OK;
}

static tgx_status pick_fetch(const lw_req *rq, tgx_lower_inst *li, tgx_diag *d)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(rq->target);
    if (ti->cube)
        return fail(rq, d, target_pos(rq),
                    "%s on a cube map: Maxwell's TLD has no cube target (the pages: CUBE "
                    "and ARRAY_CUBE are not fetch targets)",
                    opname(rq));
    tgx_status st = check_offsets(rq, 8, "TLD", d);
    if (st != TGX_OK)
        return st;
    uint32_t flags =
        (rq->has_offsets ? TGX_SM5_F_AOFFI : 0u) | (ti->multisample ? TGX_SM5_F_MS : 0u);
    pick_short_or_general(rq, li, TGX_SM5_TLDS, TGX_SM5_TLD,
                          rq->lod == LW_LEVEL ? TGX_SM5_LOD_LL : TGX_SM5_LOD_LZ, flags);
    return TGX_OK;
}

static tgx_status pick_gather(const lw_req *rq, tgx_lower_inst *li, tgx_diag *d)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(rq->target);
    if (ti->coords < 2 || rq->target == TGX_TEX_3D || ti->multisample)
        return fail(rq, d, target_pos(rq),
                    "%s on a %s target: Maxwell's TLD4 gathers from 2D, 2D array and cube "
                    "targets (PTX tld4: 2d, a2d, cube, acube)",
                    opname(rq), tgx_tgsi_texture_name(rq->tgsi_target));
    tgx_status st = check_offsets(rq, 32, "TLD4", d);
    if (st != TGX_OK)
        return st;
    uint32_t comp = 0;
    if (rq->in->opcode == TGX_TGSI_OP_TG4 && !imm_value(rq, rq->arg, &comp))
        return fail(rq, d, tgx_tgsi_src_pos(rq->in, &rq->in->src[1]),
                    "TG4: the component must be an immediate: Maxwell's TLD4 names it in the "
                    "instruction (.R .G .B .A)");
    uint32_t flags = (rq->shadow ? TGX_SM5_F_DC : 0u) | (rq->has_offsets ? TGX_SM5_F_AOFFI : 0u);
    /* ptxas uses TLD4S for a 2D gather whose four results are all used (real-src.tsv) */
    if (!rq->indirect && sm5_target[rq->target] == TGX_SM5_2D && rq->chan_mask == 0xf) {
        start_insn(li, TGX_SM5_TLD4S, rq);
    } else {
        start_insn(li, bindless(TGX_SM5_TLD4, rq->indirect), rq);
        li->insn.wmask = rq->chan_mask;
        li->insn.toff = rq->has_offsets ? TGX_SM5_TOFF_AOFFI : TGX_SM5_TOFF_NONE;
    }
    li->insn.flags = flags;
    li->insn.component = (uint8_t)(comp & 3u);
    if (rq->runtime_offsets)
        snprintf(li->note, sizeof li->note,
                 "%s: the run-time texel offsets are packed as TLD4's 6-bit fields: a value "
                 "outside -32..31 (undefined in GLSL) wraps, where the interpreter adds it whole",
                 opname(rq));
    return TGX_OK;
}

enum { TXQ_DIMENSION = 1, TXQ_TEXTURE_TYPE = 2 };

static tgx_status pick_query(const lw_req *rq, tgx_lower_inst *li)
{
    start_insn(li, bindless(TGX_SM5_TXQ, rq->indirect), rq);
    li->insn.target = 0;
    if (rq->kind == LW_SIZE) {
        li->insn.query = TXQ_DIMENSION;
        li->insn.wmask = rq->chan_mask;
    } else {
        li->insn.query = TXQ_TEXTURE_TYPE; /* B: the sample count (docs/sm5-emu.md "TXQ") */
        li->insn.wmask = 0x4;
        snprintf(li->note, sizeof li->note,
                 "TXQS: TEX_HEADER_TEXTURE_TYPE reports 1 sample for a texture without "
                 "multisampling, where TGSI's TXQS gives 0");
    }
    return TGX_OK;
}

static tgx_status pick_lod(const lw_req *rq, tgx_lower_inst *li)
{
    start_insn(li, bindless(TGX_SM5_TMML, rq->indirect), rq);
    li->insn.wmask = 0x3; /* R = unclamped LOD S8.8, G = clamped LOD U8.8 (sm5-TMML) */
    snprintf(li->note, sizeof li->note,
             "%s: TMML returns the LODs in 8.8 fixed point, truncated to 1/256: the same in the "
             "nv profile (LODs in 1/256 steps), not softpipe's float LODs (the exact profile)",
             opname(rq));
    return TGX_OK;
}

static tgx_status pick(const lw_req *rq, tgx_lower_inst *li, tgx_diag *d)
{
    switch (rq->kind) {
    case LW_SAMPLE: return pick_sample(rq, li, d);
    case LW_FETCH: return pick_fetch(rq, li, d);
    case LW_GATHER: return pick_gather(rq, li, d);
    case LW_SIZE:
    case LW_SAMPLES: return pick_query(rq, li);
    case LW_LOD: return pick_lod(rq, li);
    }
    return TGX_ERR_ARG;
}

/* ---- the value of each parameter --------------------------------------------------------------
 */

static lw_param_value value(tgx_lower_pack p, tgx_lower_ref a)
{
    lw_param_value v;
    memset(&v, 0, sizeof v);
    v.pack = (uint8_t)p;
    v.a = a;
    v.q = none();
    return v;
}

static lw_param_value constant(uint32_t imm)
{
    lw_param_value v = value(TGX_LOWER_IMM, none());
    v.imm = imm;
    return v;
}

/* A coordinate or reference, divided by q for TXP. */
static lw_param_value projected(const lw_req *rq, tgx_lower_ref a)
{
    lw_param_value v = value(has(rq->q) ? TGX_LOWER_DIV : TGX_LOWER_MOV, a);
    if (has(rq->q)) {
        v.has_q = true;
        v.q = rq->q;
    }
    return v;
}

/* The offsets as packed fields: `bits` wide, `stride` apart, from bit `shift`. */
static uint32_t packed_offsets(const lw_req *rq, unsigned bits, unsigned stride, unsigned shift)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(rq->target);
    uint32_t v = 0, mask = (1u << bits) - 1u;
    if (!rq->has_offsets)
        return 0;
    for (unsigned a = 0; a < ti->dims && a < 3; a++)
        v |= ((uint32_t)rq->offset[a] & mask) << (shift + a * stride);
    return v;
}

static lw_param_value layer_value(const lw_req *rq, uint32_t above)
{
    lw_param_value v;
    if (!has(rq->layer))
        return constant(above);
    if (rq->kind == LW_FETCH) {
        v = value(TGX_LOWER_ILAYER, rq->layer);
    } else {
        v = projected(rq, rq->layer);
        v.pack = TGX_LOWER_LAYER;
    }
    v.imm = above;
    return v;
}

lw_param_value lw_param(const lw_req *rq, const tgx_lower_inst *li, tgx_sm5_param p)
{
    bool gather = li->insn.cls == TGX_SM5_TLD4 || li->insn.cls == TGX_SM5_TLD4_B ||
                  li->insn.cls == TGX_SM5_TLD4S;
    switch (p) {
    case TGX_SM5_P_S: return projected(rq, rq->s);
    case TGX_SM5_P_T: return projected(rq, rq->t);
    case TGX_SM5_P_R: return projected(rq, rq->r);
    case TGX_SM5_P_ARRAY: return layer_value(rq, 0);
    case TGX_SM5_P_TXD_EXTRA: return layer_value(rq, packed_offsets(rq, 4, 4, 16));
    case TGX_SM5_P_LOD: return has(rq->arg) ? value(TGX_LOWER_MOV, rq->arg) : constant(0);
    case TGX_SM5_P_DC: return projected(rq, rq->ref);
    case TGX_SM5_P_OFFSET:
        if (rq->runtime_offsets)
            return value(TGX_LOWER_OFFSETS, none());
        return constant(gather ? packed_offsets(rq, 6, 8, 0) : packed_offsets(rq, 4, 4, 0));
    case TGX_SM5_P_MS: return has(rq->sample) ? value(TGX_LOWER_MOV, rq->sample) : constant(0);
    case TGX_SM5_P_DSDX: return value(TGX_LOWER_MOV, rq->ddx[0]);
    case TGX_SM5_P_DSDY: return value(TGX_LOWER_MOV, rq->ddy[0]);
    case TGX_SM5_P_DTDX: return value(TGX_LOWER_MOV, rq->ddx[1]);
    case TGX_SM5_P_DTDY: return value(TGX_LOWER_MOV, rq->ddy[1]);
    case TGX_SM5_P_DRDX: return value(TGX_LOWER_MOV, rq->ddx[2]);
    case TGX_SM5_P_DRDY: return value(TGX_LOWER_MOV, rq->ddy[2]);
    case TGX_SM5_P_LEVEL: return has(rq->arg) ? value(TGX_LOWER_MOV, rq->arg) : constant(0);
    case TGX_SM5_P_HANDLE: return value(TGX_LOWER_HANDLE, none());
    default: return constant(0);
    }
}

/* ---- the instruction --------------------------------------------------------------------------
 */

/* The word must decode to what was built and pass the checker: a failure here is a bug of the
 * lowering, reported as such rather than printed. */
static tgx_status canonical(const lw_req *rq, tgx_sm5_arch arch, tgx_lower_inst *li, tgx_diag *d)
{
    uint64_t w;
    tgx_diag ed;
    tgx_status st = tgx_sm5_encode(&li->insn, arch, &w, &ed);
    if (st == TGX_OK)
        st = tgx_sm5_decode(w, arch, &li->insn, &ed);
    if (st != TGX_OK)
        return fail(rq, d, rq->in->pos,
                    "%s: internal error: the lowered instruction does not "
                    "encode: %s",
                    opname(rq), ed.message);
    tgx_diag_list found;
    tgx_diag_list_init(&found);
    st = tgx_sm5_check_legal(&li->insn, arch, NULL, NULL, 0, NULL, &found);
    if (st == TGX_ERR_INVALID)
        for (size_t k = 0; k < found.count; k++)
            if (found.items[k].severity == TGX_SEV_ERROR) {
                fail(rq, d, rq->in->pos,
                     "%s: internal error: the lowered instruction is "
                     "illegal: %s",
                     opname(rq), found.items[k].message);
                break;
            }
    tgx_diag_list_free(&found);
    return st == TGX_ERR_INVALID ? TGX_ERR_INVALID : TGX_OK;
}

tgx_status tgx_lower_instruction(const tgx_tgsi_shader *sh, unsigned i, tgx_sm5_arch arch,
                                 const char *file, tgx_lower_inst *out, tgx_diag *d)
{
    if (!sh || !out || i >= sh->num_insts || (unsigned)arch >= TGX_SM5_ARCH_COUNT)
        return tgx_diag_set(d, TGX_ERR_ARG, file, 0, 0, "tgx_lower_instruction: bad arguments");
    lw_req rq;
    tgx_status st = lw_request(sh, i, file, &rq, d);
    if (st != TGX_OK)
        return st;
    tgx_lower_inst li;
    memset(&li, 0, sizeof li);
    li.index = i;
    li.opcode = rq.in->opcode;
    li.view = rq.view;
    li.sampler = rq.sampler;
    li.indirect = rq.indirect;
    li.rect = rq.op->style == LW_TEX && rq.target == TGX_TEX_RECT;
    bool emulated = rq.kind == LW_SAMPLE && lw_txd_emulated(&rq);
    st = pick(&rq, &li, d);
    if (st == TGX_OK)
        st = emulated ? lw_txd_allocate(&rq, &li, d) : lw_allocate(&rq, &li, d);
    if (st == TGX_OK)
        st = canonical(&rq, arch, &li, d);
    if (st == TGX_OK && emulated)
        st = lw_txd_code(&rq, arch, &li, d);
    if (st == TGX_OK)
        *out = li;
    else
        tgx_lower_inst_free(&li);
    return st;
}

void tgx_lower_inst_free(tgx_lower_inst *li)
{
    if (!li)
        return;
    free(li->code);
    li->code = NULL;
    li->ncode = 0;
}
