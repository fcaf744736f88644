/* txd.c — the TXD emulation: gradients on targets Maxwell's TXD does not take (3D, cube, cube
 * array) or with a depth reference (TXD has no .DC), lowered as ptxas 11.8 and nouveau's
 * GM107LoweringPass::handleManualTXD (Mesa 22.3) do (docs/translation.md, "The TXD emulation").
 *
 * For each lane l = 0..3 of the quad (a round): lane l's array index, coordinates and depth
 * reference are broadcast to the quad (SHFL.IDX with mask 0x1c03: clamp 3, segments of four
 * lanes), its dPdx is broadcast and added in the quad's right column and its dPdy in the bottom
 * row (FSWZADD.NDV ZPPPZPPP / ZPZPPPPP), so that the quad holds P, P + dPdx, P + dPdy and
 * P + dPdx + dPdy; TEX.NDV (TEX.DC.NDV) samples with the derivatives of that quad, and lane 0's
 * result is broadcast back (SHFL.IDX from lane 0) and kept by lane l alone (MOV with the quad
 * lane mask 1 << l, nouveau's `lanes`). The four rounds leave each lane's result in R204.. .
 *
 * Registers: the lanes' operands in their TEMP homes or moved to R192.. (the inputs, as for
 * every lowered instruction); TEX's Ra at R208, Rb at R212 (coordinates, index and reference
 * rebuilt each round; texel offsets, uniform, set once); the broadcast gradient in R216, the
 * cube scale in R217; TEX's results at R220.. . */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_internal.h"

#define TXD_RA    208u
#define TXD_RB    212u
#define TXD_GRAD  216u
#define TXD_SCALE 217u
#define TXD_RD    220u
#define TXD_QUAD  "0x1c03" /* SHFL's clamp 3 and segment mask 0x1c: the lanes of one quad */

bool lw_txd_emulated(const lw_req *rq)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(rq->target);
    return rq->lod == LW_GRAD && (rq->shadow || ti->coords > 2);
}

/* ---- inputs -----------------------------------------------------------------------------------
 */

/* The lanes' operand values the rounds read, each with the register holding it. */
typedef struct txd_regs {
    unsigned ncoord;
    uint8_t coord[3], ddx[3], ddy[3]; /* where each lane's value is */
    int layer, ref;                   /* -1: none */
    uint8_t tex_coord[3];             /* TEX's operand registers */
    int tex_layer, tex_ref;
} txd_regs;

/* One input: parameter p's value (its pack and operands) made in register reg before the code
 * runs (in_place: reg is the operand's TEMP home, nothing is moved). */
static void put_input(const lw_req *rq, tgx_lower_inst *li, tgx_sm5_param p, unsigned reg,
                      bool in_place)
{
    lw_param_value v = lw_param(rq, li, p);
    tgx_lower_input *in = &li->inputs[li->ninputs++];
    memset(in, 0, sizeof *in);
    in->reg = (uint8_t)reg;
    in->pack = v.pack;
    in->param = (uint8_t)p;
    in->has_q = v.has_q;
    in->a = v.a;
    in->q = v.q;
    in->imm = v.imm;
    in->in_place = in_place;
}

/* A lane operand the rounds broadcast: read where it lives (its TEMP home) or staged in
 * R192.. ; returns that register. */
static uint8_t add_input(const lw_req *rq, tgx_lower_inst *li, tgx_sm5_param p, unsigned *staged)
{
    lw_param_value v = lw_param(rq, li, p);
    int home = v.pack == TGX_LOWER_MOV ? lw_home(rq, v.a) : -1;
    unsigned reg = home >= 0 ? (unsigned)home : TGX_LOWER_PACK_A + (*staged)++;
    put_input(rq, li, p, reg, home >= 0);
    return (uint8_t)reg;
}

static const tgx_sm5_param coord_param[3] = {TGX_SM5_P_S, TGX_SM5_P_T, TGX_SM5_P_R};
static const tgx_sm5_param ddx_param[3] = {TGX_SM5_P_DSDX, TGX_SM5_P_DTDX, TGX_SM5_P_DRDX};
static const tgx_sm5_param ddy_param[3] = {TGX_SM5_P_DSDY, TGX_SM5_P_DTDY, TGX_SM5_P_DRDY};

/* Where TEX reads each parameter; the others (offsets) become fixed inputs. */
static void place_tex_operands(const lw_req *rq, tgx_lower_inst *li, const tgx_sm5_layout *l,
                               txd_regs *r)
{
    for (unsigned i = 0; i < l->na + l->nb; i++) {
        unsigned reg = i < l->na ? TXD_RA + i : TXD_RB + (i - l->na);
        tgx_sm5_param p = (tgx_sm5_param)(i < l->na ? l->a[i] : l->b[i - l->na]);
        if (p == TGX_SM5_P_S || p == TGX_SM5_P_T || p == TGX_SM5_P_R)
            r->tex_coord[p == TGX_SM5_P_S ? 0 : p == TGX_SM5_P_T ? 1 : 2] = (uint8_t)reg;
        else if (p == TGX_SM5_P_ARRAY)
            r->tex_layer = (int)reg;
        else if (p == TGX_SM5_P_DC)
            r->tex_ref = (int)reg;
        else
            put_input(rq, li, p, reg, false); /* set once, at its place in Ra/Rb */
    }
}

tgx_status lw_txd_allocate(const lw_req *rq, tgx_lower_inst *li, tgx_diag *d)
{
    tgx_sm5_layout l;
    li->insn.ra = (uint8_t)TXD_RA;
    li->insn.rd = (uint8_t)TXD_RD;
    tgx_status st = tgx_sm5_operand_layout(&li->insn, &l, d);
    if (st != TGX_OK)
        return st;
    li->insn.rb = l.nb ? (uint8_t)TXD_RB : (uint8_t)TGX_SM5_RZ;
    li->ninputs = 0;
    li->dst_in_place = false;
    li->result_mask = rq->chan_mask;
    for (unsigned c = 0; c < 4; c++)
        li->out[c] = (tgx_lower_output){(uint8_t)(TGX_LOWER_RESULT + c), TGX_LOWER_CONV_COPY};
    return TGX_OK;
}

static void read_inputs(const lw_req *rq, tgx_lower_inst *li, txd_regs *r)
{
    tgx_sm5_layout l;
    unsigned staged = 0;
    memset(r, 0, sizeof *r);
    r->layer = r->ref = r->tex_layer = r->tex_ref = -1;
    r->ncoord = tgx_tex_target_get(rq->target)->coords;
    li->ninputs = 0;
    for (unsigned c = 0; c < r->ncoord; c++)
        r->coord[c] = add_input(rq, li, coord_param[c], &staged);
    for (unsigned c = 0; c < r->ncoord; c++)
        r->ddx[c] = add_input(rq, li, ddx_param[c], &staged);
    for (unsigned c = 0; c < r->ncoord; c++)
        r->ddy[c] = add_input(rq, li, ddy_param[c], &staged);
    if (tgx_tex_target_get(rq->target)->layered)
        r->layer = add_input(rq, li, TGX_SM5_P_ARRAY, &staged);
    if (rq->shadow)
        r->ref = add_input(rq, li, TGX_SM5_P_DC, &staged);
    if (tgx_sm5_operand_layout(&li->insn, &l, NULL) == TGX_OK)
        place_tex_operands(rq, li, &l, r);
}

/* ---- the code ---------------------------------------------------------------------------------
 */

static void lane_text(unsigned l, char *buf, size_t size)
{
    if (l == 0)
        snprintf(buf, size, "RZ");
    else
        snprintf(buf, size, "0x%x", l & 3u); /* a lane of the quad */
}

static void broadcast(lw_text *t, unsigned dst, unsigned src, unsigned l)
{
    char lane[16];
    lane_text(l, lane, sizeof lane);
    lw_printf(t, "SHFL.IDX PT, R%u, R%u, %s, " TXD_QUAD " ;\n", dst, src, lane);
}

/* Coordinates of the quad for round l: P broadcast, dPdx added in the right column (places 1
 * and 3), dPdy in the bottom row (places 2 and 3). */
static void quad_coordinates(lw_text *t, const txd_regs *r, unsigned l)
{
    for (unsigned c = 0; c < r->ncoord; c++)
        broadcast(t, r->tex_coord[c], r->coord[c], l);
    for (unsigned c = 0; c < r->ncoord; c++) {
        broadcast(t, TXD_GRAD, r->ddx[c], l);
        lw_printf(t, "FSWZADD.NDV R%u, R%u, R%u, ZPPPZPPP ;\n", r->tex_coord[c], TXD_GRAD,
                  r->tex_coord[c]);
    }
    for (unsigned c = 0; c < r->ncoord; c++) {
        broadcast(t, TXD_GRAD, r->ddy[c], l);
        lw_printf(t, "FSWZADD.NDV R%u, R%u, R%u, ZPZPPPPP ;\n", r->tex_coord[c], TXD_GRAD,
                  r->tex_coord[c]);
    }
}

/* Lane 0's result to the quad, kept by lane l (the MOV's quad lane mask). */
static void keep_result(lw_text *t, const tgx_lower_inst *li, unsigned l)
{
    tgx_sm5_dest dst;
    if (tgx_sm5_dest_layout(&li->insn, &dst, NULL) != TGX_OK)
        return;
    for (unsigned k = 0; k < dst.n; k++) {
        if (l != 0)
            broadcast(t, dst.slot[k].reg, dst.slot[k].reg, 0);
        lw_printf(t, "MOV R%u, R%u, 0x%x ;\n", TGX_LOWER_RESULT + dst.slot[k].comp, dst.slot[k].reg,
                  1u << l);
    }
}

static void round_text(lw_text *t, const tgx_lower_inst *li, const txd_regs *r, unsigned l,
                       const char *tex)
{
    if (r->layer >= 0 && r->tex_layer >= 0)
        broadcast(t, (unsigned)r->tex_layer, (unsigned)r->layer, l);
    quad_coordinates(t, r, l);
    if (r->ref >= 0 && r->tex_ref >= 0)
        broadcast(t, (unsigned)r->tex_ref, (unsigned)r->ref, l);
    lw_printf(t, "%s\n", tex);
    keep_result(t, li, l);
}

tgx_status lw_txd_code(const lw_req *rq, tgx_sm5_arch arch, tgx_lower_inst *li, tgx_diag *d)
{
    txd_regs r;
    read_inputs(rq, li, &r);
    char tex[160];
    tgx_sm5_print(&li->insn, TGX_SM5_CTRL_NEUTRAL, tex, sizeof tex);
    lw_text t = {NULL, 0, 0, false};
    for (unsigned l = 0; l < 4; l++)
        round_text(&t, li, &r, l, tex);
    if (t.failed || !t.p)
        return tgx_diag_set(d, TGX_ERR_NOMEM, rq->file, rq->in->pos.line, rq->in->pos.column,
                            "out of memory for the TXD emulation");
    tgx_sm5_program p;
    tgx_diag ad;
    tgx_status st = tgx_sm5_assemble(t.p, t.len, NULL, arch, &p, &ad);
    free(t.p);
    if (st == TGX_OK && p.count > TGX_LOWER_MAX_CODE)
        st = tgx_diag_set(&ad, TGX_ERR_INVALID, NULL, 0, 0, "%zu words, more than %u", p.count,
                          TGX_LOWER_MAX_CODE);
    if (st != TGX_OK)
        return tgx_diag_set(d, TGX_ERR_INVALID, rq->file, rq->in->pos.line, rq->in->pos.column,
                            "%s: internal error: the TXD emulation does not assemble: %s",
                            tgx_tgsi_opcode_info(rq->in->opcode)->name, ad.message);
    li->code = malloc(p.count * sizeof *li->code);
    if (!li->code) {
        tgx_sm5_program_free(&p);
        return tgx_diag_set(d, TGX_ERR_NOMEM, rq->file, rq->in->pos.line, rq->in->pos.column,
                            "out of memory for the TXD emulation");
    }
    li->ncode = (unsigned)p.count;
    for (size_t i = 0; i < p.count; i++)
        li->code[i] = p.insns[i].word;
    tgx_sm5_program_free(&p);
    return TGX_OK;
}
