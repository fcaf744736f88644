/* alloc.c — the registers of a lowered instruction (docs/translation.md, "Registers and
 * bindings").
 *
 * Sources: the operand layout of the chosen instruction (tgx_sm5_operand_layout) says which
 * parameter each of Ra, Ra+1, ... and Rb, Rb+1, ... holds. When every parameter of Ra (or Rb) is
 * a TGSI temporary component read as it is, and their homes (TEMP[n].c = R4n+c) follow each other
 * from a register aligned as the pages require (rule 2: 1, 2, or 4 for 3 and 4 scalars), the
 * instruction reads them in place; otherwise they are moved into R192.. (Ra) or R196.. (Rb).
 * Destinations: the components land in place when the TGSI destination is a temporary written as
 * it is (no _SAT, no conversion) and the Maxwell layout puts each result channel on the home of
 * the component that receives it; otherwise in R204.. and moved from there.
 */
#include <string.h>

#include "lower/lower_internal.h"

/* Rule 2 (Ra/Rb) and rule 1 (Rd) of the pages: n registers start on a multiple of 1, 2 or 4
 * (docs/sm5-legality.md; TXQ's Ra is not checked: nothing says what it requires). */
static unsigned alignment(unsigned n)
{
    return n <= 1 ? 1u : n == 2 ? 2u : 4u;
}

static bool source_aligned(tgx_sm5_class cls, unsigned reg, unsigned n)
{
    if (cls == TGX_SM5_TXQ || cls == TGX_SM5_TXQ_B)
        return true;
    return reg % alignment(n) == 0;
}

/* The register where a group of parameters can be read in place, or -1. */
static int in_place_group(const lw_req *rq, const lw_param_value *v, unsigned n, tgx_sm5_class cls)
{
    if (n == 0)
        return -1;
    int base = -1;
    for (unsigned k = 0; k < n; k++) {
        if (v[k].pack != TGX_LOWER_MOV)
            return -1;
        int h = lw_home(rq, v[k].a);
        if (h < 0 || (k > 0 && h != base + (int)k))
            return -1;
        if (k == 0)
            base = h;
    }
    return source_aligned(cls, (unsigned)base, n) ? base : -1;
}

static bool all_zero_constants(const lw_param_value *v, unsigned n)
{
    for (unsigned k = 0; k < n; k++)
        if (v[k].pack != TGX_LOWER_IMM || v[k].imm != 0)
            return false;
    return n > 0;
}

/* Places one group (Ra or Rb) and appends its inputs. */
static uint8_t place_group(const lw_req *rq, tgx_lower_inst *li, const uint8_t *params, unsigned n,
                           unsigned pack_base)
{
    lw_param_value v[TGX_SM5_LAYOUT_B];
    if (n == 0)
        return TGX_SM5_RZ;
    for (unsigned k = 0; k < n; k++)
        v[k] = lw_param(rq, li, (tgx_sm5_param)params[k]);
    /* TXQ's level of TXQS is 0: RZ, as nouveau reads a zero operand (no rule asks for a
     * register there) */
    bool txq = li->insn.cls == TGX_SM5_TXQ || li->insn.cls == TGX_SM5_TXQ_B;
    if (txq && all_zero_constants(v, n))
        return TGX_SM5_RZ;
    int home = in_place_group(rq, v, n, li->insn.cls);
    unsigned base = home >= 0 ? (unsigned)home : pack_base;
    for (unsigned k = 0; k < n && li->ninputs < TGX_LOWER_MAX_INPUTS; k++) {
        tgx_lower_input *in = &li->inputs[li->ninputs++];
        memset(in, 0, sizeof *in);
        in->reg = (uint8_t)(base + k);
        in->pack = v[k].pack;
        in->param = params[k];
        in->has_q = v[k].has_q;
        in->a = v[k].a;
        in->q = v[k].q;
        in->imm = v[k].imm;
        in->in_place = home >= 0;
    }
    return (uint8_t)base;
}

/* ---- destinations -----------------------------------------------------------------------------
 */

static bool short_form(tgx_sm5_class c)
{
    return c == TGX_SM5_TEXS || c == TGX_SM5_TLDS || c == TGX_SM5_TLD4S;
}

/* The channels the instruction writes, in R, G, B, A order. */
static unsigned written_channels(const tgx_lower_inst *li, const lw_req *rq, uint8_t ch[4])
{
    unsigned mask = li->insn.cls == TGX_SM5_TLD4S ? 0xfu
                    : short_form(li->insn.cls)    ? rq->chan_mask
                                                  : li->insn.wmask;
    unsigned n = 0;
    for (unsigned c = 0; c < 4; c++)
        if (mask >> c & 1u)
            ch[n++] = (uint8_t)c;
    return n;
}

/* The destination component that receives channel k, when exactly one does; else -1. */
static int only_receiver(const lw_req *rq, unsigned k)
{
    int found = -1;
    for (unsigned c = 0; c < 4; c++) {
        if (!(rq->dst_mask >> c & 1u) || rq->dst_swz[c] != k)
            continue;
        if (found >= 0)
            return -1;
        found = (int)c;
    }
    return found;
}

/* The homes of the components that receive channels ch[0..n), when the instruction can write
 * them in place: a temporary destination without _SAT, results without conversion, one
 * component per channel. */
static bool receiver_homes(const lw_req *rq, const uint8_t *ch, unsigned n, int *home)
{
    if (rq->in->saturate || rq->kind == LW_LOD || rq->kind == LW_SAMPLES)
        return false;
    for (unsigned k = 0; k < n; k++) {
        int c = only_receiver(rq, ch[k]);
        home[k] = c < 0 ? -1 : lw_dst_home(rq, (unsigned)c);
        if (home[k] < 0)
            return false;
    }
    return true;
}

/* Do n homes from index `from` follow each other from a register aligned for n? */
static bool consecutive(const int *home, unsigned from, unsigned n)
{
    for (unsigned k = 1; k < n; k++)
        if (home[from + k] != home[from] + (int)k)
            return false;
    return home[from] % (int)alignment(n) == 0;
}

static void set_short_mask(tgx_lower_inst *li, unsigned mask)
{
    for (uint8_t e = 0; e < 8; e++) {
        li->insn.wmsk_enc = e;
        if (tgx_sm5_short_wmask(&li->insn) == mask)
            return;
    }
}

static void place_destination(const lw_req *rq, tgx_lower_inst *li)
{
    uint8_t ch[4];
    int home[4] = {-1, -1, -1, -1};
    unsigned n = written_channels(li, rq, ch);
    bool ok = receiver_homes(rq, ch, n, home);
    tgx_sm5_insn *x = &li->insn;
    if (!short_form(x->cls)) {
        ok = ok && consecutive(home, 0, n);
        x->rd = (uint8_t)(ok ? home[0] : (int)TGX_LOWER_RESULT);
    } else {
        unsigned first = n < 2 ? n : 2;
        ok = ok && consecutive(home, 0, first) && (n <= 2 || consecutive(home, 2, n - 2));
        x->rd = (uint8_t)(ok ? home[0] : (int)TGX_LOWER_RESULT);
        x->rd1 = n <= 2 ? (uint8_t)TGX_SM5_RZ : (uint8_t)(ok ? home[2] : (int)TGX_LOWER_RESULT1);
        if (x->cls != TGX_SM5_TLD4S)
            set_short_mask(li, rq->chan_mask);
    }
    li->dst_in_place = ok;
}

/* Where each result channel is read back from. */
static void place_outputs(const lw_req *rq, tgx_lower_inst *li)
{
    tgx_sm5_dest dst;
    uint8_t reg_of[4] = {TGX_SM5_RZ, TGX_SM5_RZ, TGX_SM5_RZ, TGX_SM5_RZ};
    if (tgx_sm5_dest_layout(&li->insn, &dst, NULL) == TGX_OK)
        for (unsigned k = 0; k < dst.n; k++)
            reg_of[dst.slot[k].comp & 3u] = dst.slot[k].reg;
    for (unsigned c = 0; c < 4; c++)
        li->out[c] = (tgx_lower_output){reg_of[c], TGX_LOWER_CONV_COPY};
    li->result_mask = rq->chan_mask;
    if (rq->kind == LW_LOD) {
        /* TGSI: x = the clamped LOD (TMML's G), y = the computed one (R); z = w = 0 */
        li->out[0] = (tgx_lower_output){reg_of[1], TGX_LOWER_CONV_FIX_U8_8};
        li->out[1] = (tgx_lower_output){reg_of[0], TGX_LOWER_CONV_FIX_S8_8};
        li->out[2] = li->out[3] = (tgx_lower_output){TGX_SM5_RZ, TGX_LOWER_CONV_ZERO};
        li->result_mask = 0xf;
    } else if (rq->kind == LW_SAMPLES) {
        li->out[0] = (tgx_lower_output){reg_of[2], TGX_LOWER_CONV_COPY};
        for (unsigned c = 1; c < 4; c++)
            li->out[c] = (tgx_lower_output){TGX_SM5_RZ, TGX_LOWER_CONV_ZERO};
        li->result_mask = 0xf;
    }
}

tgx_status lw_allocate(const lw_req *rq, tgx_lower_inst *li, tgx_diag *d)
{
    tgx_sm5_layout l;
    tgx_status st = tgx_sm5_operand_layout(&li->insn, &l, d);
    if (st != TGX_OK)
        return st;
    li->ninputs = 0;
    li->insn.ra = place_group(rq, li, l.a, l.na, TGX_LOWER_PACK_A);
    li->insn.rb = place_group(rq, li, l.b, l.nb, TGX_LOWER_PACK_B);
    place_destination(rq, li);
    place_outputs(rq, li);
    return TGX_OK;
}
