/* run.c — lowered instructions executed: the interpreter's texture hook on the warp emulator.
 *
 * For each call the hook binds the call's view and sampler through the convention (header pool
 * entry = view unit, sampler pool entry = sampler unit, c[0x0][view | sampler << 5] = sampler <<
 * 20 | view; a RECT instruction sees its view as RECT, as the interpreter does), then runs the
 * lanes 32 at a time: every lane's operands packed into the registers the instruction reads
 * (lanes the interpreter does not compute too, inactive: they are quad neighbours), the
 * instruction executed by tgx_sm5_emu_exec, the result channels read back and converted. The
 * runner holds only the lowered instructions, which do not change, and each call makes its own
 * warp, so calls from several threads do not meet.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_internal.h"
#include "tgx/sm5_emu.h"
#include "tgx/util.h"

struct tgx_lower_runner {
    tgx_lower_program prog;
    int *by_inst; /* TGSI instruction number -> index into prog.insts, or -1 */
    size_t ninsts;
};

tgx_status tgx_lower_runner_create(const tgx_tgsi_shader *sh, const char *file, tgx_sm5_arch arch,
                                   tgx_lower_runner **out, tgx_diag_list *diags)
{
    if (!sh || !out)
        return TGX_ERR_ARG;
    *out = NULL;
    tgx_lower_runner *r = calloc(1, sizeof *r);
    if (!r)
        return TGX_ERR_NOMEM;
    tgx_status st = tgx_lower_shader(sh, file, arch, &r->prog, diags);
    r->ninsts = sh->num_insts;
    r->by_inst = malloc((r->ninsts ? r->ninsts : 1) * sizeof *r->by_inst);
    if (st == TGX_OK && !r->by_inst)
        st = TGX_ERR_NOMEM;
    if (st != TGX_OK) {
        tgx_lower_runner_destroy(r);
        return st;
    }
    for (size_t i = 0; i < r->ninsts; i++)
        r->by_inst[i] = -1;
    for (size_t k = 0; k < r->prog.count; k++)
        r->by_inst[r->prog.insts[k].index] = (int)k;
    *out = r;
    return TGX_OK;
}

void tgx_lower_runner_destroy(tgx_lower_runner *r)
{
    if (!r)
        return;
    tgx_lower_program_free(&r->prog);
    free(r->by_inst);
    free(r);
}

const tgx_lower_program *tgx_lower_runner_program(const tgx_lower_runner *r)
{
    return r ? &r->prog : NULL;
}

/* ---- operand values ---------------------------------------------------------------------------
 */

static uint32_t operand(const tgx_exec_tex_call *call, tgx_lower_ref r, unsigned lane)
{
    if (r.src >= TGX_EXEC_TEX_SRCS || !call->src[r.src][r.chan & 3u])
        return 0;
    return call->src[r.src][r.chan & 3u][lane].u;
}

/* F2I.U16.F32.RNI: round to nearest even, saturate to 0..65535, NaN -> 0. */
static uint32_t u16_rne(float v)
{
    if (!(v > 0.0f))
        return 0;
    float r = nearbyintf(v);
    return r >= 65535.0f ? 65535u : (uint32_t)r;
}

/* TLD4's offset register from the lane's run-time offsets as nouveau's lowering makes it (a MOV
 * of x, then a bitfield insert of y's low 8 bits at bit 8); TLD4 reads bits 0..5 and 8..13
 * (sm5-TLD4, .AOFFI). */
static uint32_t packed_lane_offsets(const tgx_exec_tex_call *call, unsigned lane)
{
    uint32_t x = call->offset[0] ? (uint32_t)call->offset[0][lane] : 0;
    uint32_t y = call->offset[1] ? (uint32_t)call->offset[1][lane] : 0;
    return (x & ~0xff00u) | (y & 0xffu) << 8;
}

static uint32_t input_value(const tgx_exec_tex_call *call, const tgx_lower_input *x, unsigned lane)
{
    float a = tgx_bits2f(operand(call, x->a, lane));
    float q = x->has_q ? tgx_bits2f(operand(call, x->q, lane)) : 1.0f;
    switch (x->pack) {
    case TGX_LOWER_MOV: return operand(call, x->a, lane);
    case TGX_LOWER_IMM: return x->imm;
    case TGX_LOWER_DIV: return tgx_f2bits(a / q);
    case TGX_LOWER_LAYER: return u16_rne(x->has_q ? a / q : a) | x->imm;
    case TGX_LOWER_ILAYER: {
        uint32_t u = operand(call, x->a, lane);
        return (u > 0xffffu ? 0xffffu : u) | x->imm;
    }
    case TGX_LOWER_HANDLE: return tgx_lower_binding_word(call->view_unit, call->sampler_unit);
    case TGX_LOWER_OFFSETS: return packed_lane_offsets(call, lane);
    default: return 0;
    }
}

static uint32_t output_value(const tgx_sm5_emu *emu, const tgx_lower_output *o, unsigned t)
{
    uint32_t v = tgx_sm5_emu_reg(emu, t, o->reg);
    switch (o->conv) {
    case TGX_LOWER_CONV_ZERO: return 0;
    case TGX_LOWER_CONV_FIX_U8_8: return tgx_f2bits((float)(v & 0xffffu) / 256.0f);
    case TGX_LOWER_CONV_FIX_S8_8: {
        int32_t s = (int32_t)(v & 0xffffu) - (int32_t)((v & 0x8000u) << 1);
        return tgx_f2bits((float)s / 256.0f);
    }
    default: return v;
    }
}

/* ---- the hook ---------------------------------------------------------------------------------
 */

static tgx_status bind(tgx_sm5_emu *emu, const tgx_lower_inst *li, const tgx_exec_tex_call *call,
                       tgx_diag *d)
{
    tgx_sm5_emu_header h;
    tgx_sm5_emu_header_init(&h, call->view->tex);
    h.view = *call->view;
    if (li->rect) /* a RECT instruction reads its view as RECT (exec_tex.c sample_call) */
        h.view.target = TGX_TEX_RECT;
    tgx_status st = tgx_sm5_emu_set_header(emu, call->view_unit, &h, d);
    if (st == TGX_OK && call->sampler)
        st = tgx_sm5_emu_set_sampler(emu, call->sampler_unit, call->sampler, d);
    if (st == TGX_OK && !li->indirect)
        st = tgx_sm5_emu_set_cbank(emu, TGX_LOWER_TEX_BANK, li->insn.tex_index,
                                   tgx_lower_binding_word(call->view_unit, call->sampler_unit), d);
    /* the TXD emulation takes derivatives from the quads it builds in every stage: the
     * hardware forms quads of lanes in any shader (ptxas emulates tex.grad in CUDA kernels so) */
    tgx_sm5_emu_set_quads(emu, call->stage == TGX_EXEC_FRAGMENT || li->ncode > 0);
    return st;
}

static uint32_t batch_mask(const tgx_exec_tex_call *call, unsigned base)
{
    uint32_t m = 0;
    for (unsigned t = 0; t < TGX_SM5_EMU_THREADS && base + t < call->lanes; t++)
        if (tgx_tex_lane_active(call->active, base + t))
            m |= 1u << t;
    return m;
}

/* The threads of every quad with a thread in mask. */
static uint32_t whole_quads(uint32_t mask)
{
    uint32_t m = 0;
    for (unsigned q = 0; q < TGX_SM5_EMU_THREADS; q += 4)
        if (mask >> q & 0xfu)
            m |= 0xfu << q;
    return m;
}

static tgx_status run_batch(tgx_sm5_emu *emu, const tgx_lower_inst *li,
                            const tgx_exec_tex_call *call, unsigned base, uint32_t mask,
                            tgx_diag *d)
{
    for (unsigned t = 0; t < TGX_SM5_EMU_THREADS; t++) {
        unsigned lane = base + t;
        for (unsigned k = 0; k < li->ninputs; k++)
            tgx_sm5_emu_set_reg(emu, t, li->inputs[k].reg,
                                lane < call->lanes ? input_value(call, &li->inputs[k], lane) : 0u);
    }
    tgx_status st;
    if (li->ncode) {
        /* the TXD emulation runs whole quads, as the hardware runs a fragment shader's quads
         * (helper invocations) and nouveau's QUADON asks: a lane's result comes from lane 0's
         * TEX and every lane's values from SHFL */
        tgx_sm5_emu_set_active(emu, whole_quads(mask));
        st = tgx_sm5_emu_run_code(emu, li->code, li->ncode, NULL, d);
    } else {
        tgx_sm5_emu_set_active(emu, mask);
        st = tgx_sm5_emu_exec(emu, &li->insn, d);
    }
    if (st != TGX_OK)
        return st;
    for (unsigned t = 0; t < TGX_SM5_EMU_THREADS; t++) {
        if (!(mask >> t & 1u))
            continue;
        for (unsigned c = 0; c < 4; c++)
            if (li->result_mask >> c & 1u)
                call->result[c][base + t] = output_value(emu, &li->out[c], t);
    }
    return TGX_OK;
}

tgx_status tgx_lower_tex_hook(void *runner, const tgx_exec_tex_call *call, tgx_diag *d)
{
    const tgx_lower_runner *r = runner;
    if (!r || !call || !call->view)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "texture hook: no runner or call");
    if (call->inst >= r->ninsts || r->by_inst[call->inst] < 0)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "instruction %u has no Maxwell code (not lowered)", call->inst);
    const tgx_lower_inst *li = &r->prog.insts[r->by_inst[call->inst]];
    tgx_sm5_emu *emu;
    tgx_status st = tgx_sm5_emu_create(r->prog.arch, &emu, d);
    if (st != TGX_OK)
        return st;
    st = bind(emu, li, call, d);
    for (unsigned base = 0; st == TGX_OK && base < call->lanes; base += TGX_SM5_EMU_THREADS) {
        uint32_t mask = batch_mask(call, base);
        if (mask)
            st = run_batch(emu, li, call, base, mask, d);
    }
    tgx_sm5_emu_destroy(emu);
    return st;
}
