/* exec_flow.c — control flow by execution masks.
 *
 * As in Mesa's tgsi_exec, the execution mask is the AND of five masks: cond (IF/ELSE), loop
 * (lanes not yet broken out of the innermost loop), cont (lanes that have not hit CONT in this
 * iteration), sw (lanes executing in the innermost SWITCH) and func (lanes not yet returned from
 * the current subroutine). Every lane executes the same instruction stream; a construct whose
 * mask is empty is jumped over, which only saves time. Killed lanes keep executing (helpers for
 * derivatives); only memory writes look at the kill and coverage masks (exec_mem.c).
 */
#include <stdlib.h>
#include <string.h>

#include "exec/exec_alu.h"

#define XCALL_MAX 64 /* subroutine nesting (recursion) limit */

static void push_or_fail(xmach *m, xmask_stack *st, const uint32_t *mask, unsigned full_bit)
{
    if (!x_mask_push(m, st, mask, (m->full & full_bit) != 0) && m->err == TGX_OK)
        m->err = TGX_ERR_NOMEM;
}

/* Records whether mask `bit` (XFULL_*) is all ones after a change. */
static void set_full(xmach *m, unsigned bit, bool full)
{
    m->full = full ? m->full | bit : m->full & ~bit;
}

static void pop_mask(xmach *m, xmask_stack *st, uint32_t *mask, unsigned bit)
{
    set_full(m, bit, x_mask_pop(m, st, mask));
}

/* The IF/UIF condition of each lane as a mask in t; returns 1 if every lane's is true, 0 if
 * none is, -1 otherwise. */
XVEC static int if_condition(xmach *m, const xinst *in, bool is_float, uint32_t *t)
{
    const xword *c = x_fetch(m, in, 0, 0);
    unsigned n = m->n;
    uint32_t all = 0xffffffffu, any = 0;
    if (is_float) {
        for (unsigned i = 0; i < n; i++) {
            uint32_t v = c[i].f != 0.0f ? 0xffffffffu : 0u;
            t[i] = v;
            all &= v;
            any |= v;
        }
    } else {
        for (unsigned i = 0; i < n; i++) {
            uint32_t v = c[i].u != 0 ? 0xffffffffu : 0u;
            t[i] = v;
            all &= v;
            any |= v;
        }
    }
    return all ? 1 : (any ? -1 : 0);
}

/* IF/UIF: lanes whose condition is false leave cond until ENDIF. When every lane executes and
 * the condition is the same in all of them, the masks do not change: a true condition only
 * pushes cond; a false one jumps over the ELSE or ENDIF that the mask rule would run next
 * (counting it as executed, as that rule does), with cond pushed for the ENDIF after an ELSE.
 * Near the budget the general rule runs, so a stop happens at the same instruction. */
static void begin_if(xmach *m, const xinst *in, bool is_float)
{
    uint32_t *t = (uint32_t *)m->tmp;
    int uniform = if_condition(m, in, is_float, t);
    unsigned n = m->n;
    bool near_budget = m->budget && m->executed + 2 >= m->budget;
    if (m->all && uniform == 1) {
        push_or_fail(m, &m->cond_st, m->cond, XFULL_COND);
        return;
    }
    if (m->all && uniform == 0 && !near_budget) {
        bool has_else = m->p->insts[in->target].fn == x_op_else;
        if (has_else)
            push_or_fail(m, &m->cond_st, m->cond, XFULL_COND);
        m->executed++; /* the ELSE or ENDIF */
        m->pc = in->target + 1;
        return;
    }
    push_or_fail(m, &m->cond_st, m->cond, XFULL_COND);
    uint32_t all = 0xffffffffu;
    for (unsigned i = 0; i < n; i++) {
        m->cond[i] &= t[i];
        all &= m->cond[i];
    }
    set_full(m, XFULL_COND, all != 0);
    x_update_exec(m);
    if (!x_any_exec(m))
        m->pc = in->target; /* the ELSE or ENDIF, which then runs */
}

void x_op_if(xmach *m, const xinst *in)
{
    begin_if(m, in, true);
}

void x_op_uif(xmach *m, const xinst *in)
{
    begin_if(m, in, false);
}

void x_op_else(xmach *m, const xinst *in)
{
    const unsigned n = m->n; /* read once: the loops store uint32_t words */
    const uint32_t *prev = x_mask_top(m, &m->cond_st);
    if (!prev)
        return;
    uint32_t all = 0xffffffffu;
    for (unsigned i = 0; i < n; i++) {
        m->cond[i] = prev[i] & ~m->cond[i];
        all &= m->cond[i];
    }
    set_full(m, XFULL_COND, all != 0);
    x_update_exec(m);
    if (!x_any_exec(m))
        m->pc = in->target; /* the ENDIF */
}

void x_op_endif(xmach *m, const xinst *in)
{
    (void)in;
    pop_mask(m, &m->cond_st, m->cond, XFULL_COND);
    x_update_exec(m);
}

void x_op_bgnloop(xmach *m, const xinst *in)
{
    push_or_fail(m, &m->loop_st, m->loop, XFULL_LOOP);
    push_or_fail(m, &m->cont_st, m->cont, XFULL_CONT);
    if (!x_any_exec(m))
        m->pc = in->target; /* the ENDLOOP, which pops */
}

/* ENDLOOP: lanes that hit CONT come back; loop again while any lane is left. */
void x_op_endloop(xmach *m, const xinst *in)
{
    const uint32_t *cont = x_mask_top(m, &m->cont_st);
    if (cont && !((m->full & XFULL_CONT) && x_mask_top_full(&m->cont_st))) {
        memcpy(m->cont, cont, sizeof(uint32_t) * m->n);
        set_full(m, XFULL_CONT, x_mask_top_full(&m->cont_st));
    }
    x_update_exec(m);
    if (x_any_exec(m)) {
        m->pc = in->target; /* the instruction after BGNLOOP */
        return;
    }
    pop_mask(m, &m->loop_st, m->loop, XFULL_LOOP);
    pop_mask(m, &m->cont_st, m->cont, XFULL_CONT);
    x_update_exec(m);
}

/* mask &= ~lanes; returns whether mask is still all ones. */
XVEC static bool and_not(xmach *m, uint32_t *mask, const uint32_t *lanes)
{
    const unsigned n = m->n; /* read once: the loops store uint32_t words */
    uint32_t all = 0xffffffffu;
    for (unsigned i = 0; i < n; i++) {
        mask[i] &= ~lanes[i];
        all &= mask[i];
    }
    return all != 0;
}

static void do_break(xmach *m, const xinst *in, const uint32_t *lanes)
{
    if (in->brk_switch)
        set_full(m, XFULL_SW, and_not(m, m->sw, lanes));
    else
        set_full(m, XFULL_LOOP, and_not(m, m->loop, lanes));
    x_update_exec(m);
}

void x_op_brk(xmach *m, const xinst *in)
{
    do_break(m, in, m->exec);
}

/* BREAKC: break where src0.x, read as an integer, is not 0. */
void x_op_breakc(xmach *m, const xinst *in)
{
    const unsigned n = m->n; /* read once: the loops store uint32_t words */
    const xword *c = x_fetch(m, in, 0, 0);
    uint32_t *t = (uint32_t *)m->tmp;
    for (unsigned i = 0; i < n; i++)
        t[i] = m->exec[i] & (c[i].u ? 0xffffffffu : 0u);
    do_break(m, in, t);
}

void x_op_cont(xmach *m, const xinst *in)
{
    (void)in;
    set_full(m, XFULL_CONT, and_not(m, m->cont, m->exec));
    x_update_exec(m);
}

/* SWITCH: no lane runs until a CASE matches it. The lanes that no CASE of this switch matches
 * are found now, so a DEFAULT anywhere in the body (also before other CASEs, with fall-through
 * into and out of it, as the spec allows) picks exactly them. */
void x_op_switch(xmach *m, const xinst *in)
{
    unsigned n = m->n;
    push_or_fail(m, &m->sw_st, m->sw, XFULL_SW);
    push_or_fail(m, &m->swsel_st, m->sw_sel, 0);
    push_or_fail(m, &m->swent_st, m->sw_entry, 0);
    push_or_fail(m, &m->swdef_st, m->sw_default, 0);
    const xword *sel = x_fetch(m, in, 0, 0);
    for (unsigned i = 0; i < n; i++) {
        m->sw_sel[i] = sel[i].u;
        m->sw_entry[i] = m->exec[i];
        m->sw_default[i] = m->exec[i];
    }
    const xinst *insts = m->p->insts;
    for (uint32_t k = 0; k < in->list_len; k++) {
        const xinst *cs = &insts[m->p->lists[in->list_off + k]];
        const xword *v = x_fetch_typed(m, &cs->src[0], 0, m->tmp);
        for (unsigned i = 0; i < n; i++)
            if (m->sw_sel[i] == v[i].u)
                m->sw_default[i] = 0;
    }
    memset(m->sw, 0, sizeof(uint32_t) * n);
    set_full(m, XFULL_SW, false);
    x_update_exec(m);
}

void x_op_case(xmach *m, const xinst *in)
{
    const unsigned n = m->n; /* read once: the loops store uint32_t words */
    const xword *v = x_fetch(m, in, 0, 0);
    for (unsigned i = 0; i < n; i++)
        if (m->sw_sel[i] == v[i].u)
            m->sw[i] |= m->sw_entry[i];
    set_full(m, XFULL_SW, x_all_ones(m->sw, m->n));
    x_update_exec(m);
}

void x_op_default(xmach *m, const xinst *in)
{
    const unsigned n = m->n; /* read once: the loops store uint32_t words */
    (void)in;
    for (unsigned i = 0; i < n; i++)
        m->sw[i] |= m->sw_default[i];
    set_full(m, XFULL_SW, x_all_ones(m->sw, m->n));
    x_update_exec(m);
}

void x_op_endswitch(xmach *m, const xinst *in)
{
    (void)in;
    x_mask_pop(m, &m->swdef_st, m->sw_default);
    x_mask_pop(m, &m->swent_st, m->sw_entry);
    x_mask_pop(m, &m->swsel_st, m->sw_sel);
    pop_mask(m, &m->sw_st, m->sw, XFULL_SW);
    x_update_exec(m);
}

/* ---- subroutines (tgsi_exec's CAL/RET: the stacks are unwound to their depth at the call) --- */

static void call(xmach *m, const xinst *in, const uint32_t *lanes)
{
    const unsigned n = m->n; /* read once: the loops store uint32_t words */
    if (m->ncalls == XCALL_MAX) {
        x_fail(m, in, TGX_ERR_LIMIT, "subroutine calls nested deeper than %d (recursion?)",
               XCALL_MAX);
        return;
    }
    if (m->ncalls == m->calls_cap) {
        m->calls_cap = XCALL_MAX; /* once: the stack never grows further */
        m->calls = x_alloc_lines(m->calls_cap, sizeof(xcall_frame));
        if (!m->calls) {
            m->calls_cap = 0;
            x_fail(m, in, TGX_ERR_NOMEM, "out of memory for the call stack");
            return;
        }
    }
    xcall_frame *f = &m->calls[m->ncalls++];
    f->ret_pc = m->pc;
    f->cond_top = m->cond_st.top;
    f->loop_top = m->loop_st.top;
    f->cont_top = m->cont_st.top;
    f->sw_top = m->sw_st.top;
    push_or_fail(m, &m->cond_st, m->cond, XFULL_COND);
    push_or_fail(m, &m->loop_st, m->loop, XFULL_LOOP);
    push_or_fail(m, &m->cont_st, m->cont, XFULL_CONT);
    push_or_fail(m, &m->sw_st, m->sw, XFULL_SW);
    push_or_fail(m, &m->func_st, m->func, XFULL_FUNC);
    if (lanes) {
        for (unsigned i = 0; i < n; i++)
            m->func[i] &= lanes[i];
        set_full(m, XFULL_FUNC, x_all_ones(m->func, m->n));
    }
    x_update_exec(m);
    m->pc = in->target;
}

static void do_return(xmach *m)
{
    xcall_frame *f = &m->calls[--m->ncalls];
    m->cond_st.top = f->cond_top + 1;
    m->loop_st.top = f->loop_top + 1;
    m->cont_st.top = f->cont_top + 1;
    m->sw_st.top = f->sw_top + 1;
    pop_mask(m, &m->cond_st, m->cond, XFULL_COND);
    pop_mask(m, &m->loop_st, m->loop, XFULL_LOOP);
    pop_mask(m, &m->cont_st, m->cont, XFULL_CONT);
    pop_mask(m, &m->sw_st, m->sw, XFULL_SW);
    pop_mask(m, &m->func_st, m->func, XFULL_FUNC);
    m->pc = f->ret_pc;
    x_update_exec(m);
}

void x_op_cal(xmach *m, const xinst *in)
{
    if (x_any_exec(m))
        call(m, in, NULL);
}

/* CALLNZ (spec: TBD): a call for the lanes whose src0.x, as an integer, is not 0. */
void x_op_callnz(xmach *m, const xinst *in)
{
    const unsigned n = m->n; /* read once: the loops store uint32_t words */
    const xword *c = x_fetch(m, in, 0, 0);
    uint32_t *t = (uint32_t *)m->tmp + m->W;
    uint32_t acc = 0;
    for (unsigned i = 0; i < n; i++) {
        t[i] = c[i].u ? 0xffffffffu : 0u;
        acc |= t[i] & m->exec[i];
    }
    if (acc)
        call(m, in, t);
}

void x_op_ret(xmach *m, const xinst *in)
{
    (void)in;
    set_full(m, XFULL_FUNC, and_not(m, m->func, m->exec));
    x_update_exec(m);
    if (x_any(m, m->func))
        return;
    if (m->ncalls == 0) {
        m->pc = -1; /* every lane returned from main */
        return;
    }
    do_return(m);
}

void x_op_endsub(xmach *m, const xinst *in)
{
    (void)in;
    if (m->ncalls)
        do_return(m);
    else
        m->pc = -1;
}

void x_op_end(xmach *m, const xinst *in)
{
    (void)in;
    m->pc = -1;
}

void x_op_nop(xmach *m, const xinst *in)
{
    (void)m;
    (void)in;
}

/* BRA (spec: "pc = target"): an unconditional jump of all lanes. */
void x_op_bra(xmach *m, const xinst *in)
{
    m->pc = in->target;
}

/* BARRIER: all threads of the block are lanes of this one run and reach it together. */
void x_op_barrier(xmach *m, const xinst *in)
{
    (void)m;
    (void)in;
}

/* ---- discard -------------------------------------------------------------------------------- */

static void kill_lanes(xmach *m, const uint32_t *lanes)
{
    const unsigned n = m->n; /* read once: the loops store uint32_t words */
    for (unsigned i = 0; i < n; i++) {
        m->killed[i] |= lanes[i];
        m->live[i] &= ~lanes[i];
    }
}

void x_op_kill(xmach *m, const xinst *in)
{
    (void)in;
    kill_lanes(m, m->exec);
}

/* KIL / KILL_IF: discard where any of the four (swizzled) components is < 0. */
void x_op_kill_if(xmach *m, const xinst *in)
{
    uint32_t *t = (uint32_t *)m->tmp;
    unsigned n = m->n;
    memset(t, 0, sizeof(uint32_t) * n);
    for (unsigned c = 0; c < 4; c++) {
        const xword *v = x_fetch(m, in, 0, c);
        for (unsigned i = 0; i < n; i++)
            t[i] |= v[i].f < 0.0f ? 0xffffffffu : 0u;
    }
    for (unsigned i = 0; i < n; i++)
        t[i] &= m->exec[i];
    kill_lanes(m, t);
}

/* ---- address stack (PUSHA / POPA) ----------------------------------------------------------- */

void x_op_pusha(xmach *m, const xinst *in)
{
    for (unsigned c = 0; c < 4; c++) {
        const xword *v = x_fetch(m, in, 0, c);
        push_or_fail(m, &m->addr_st, (const uint32_t *)v, 0);
    }
}

void x_op_popa(xmach *m, const xinst *in)
{
    if (m->addr_st.top < 4) {
        x_fail(m, in, TGX_ERR_INVALID, "POPA with an empty address stack");
        return;
    }
    for (int c = 3; c >= 0; c--)
        x_mask_pop(m, &m->addr_st, (uint32_t *)(m->res + (size_t)c * m->W));
    for (unsigned c = 0; c < 4; c++)
        if (in->wmask & (1u << c))
            x_store_raw(m, in, 0, c, m->res + (size_t)c * m->W);
}
