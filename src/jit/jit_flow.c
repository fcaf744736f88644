/* jit_flow.c — control flow as execution masks, and the walk that compiles main and, at each
 * call, the subroutine it calls. LLVM builds only.
 *
 * The rules are exec_flow.c's, applied to one lane group: exec = cond & loop & cont & sw & func;
 * IF/UIF narrow cond and jump to their ELSE or ENDIF when no lane is left; a loop jumps back
 * while a lane executes, ENDLOOP restoring cont; BRK clears loop (or sw in a SWITCH); SWITCH
 * picks its DEFAULT lanes from the selector and every CASE value when it is entered; CAL runs the
 * subroutine (compiled inline) when a lane executes, and RET returns once no lane of func is
 * left, restoring the masks of the call. The constructs are nested by the program (exec_program.c
 * checked that), so each one's saved masks are SSA values of its first block, which dominates
 * the rest of it.
 *
 * Counting: every instruction the group passes counts 1, as x_run counts each instruction it
 * executes; a construct jumped over counts the ELSE, ENDIF or ENDLOOP it lands on, as in the
 * interpreter. END, RET in main with no lane left and ENDSUB of main end the program and are
 * never where the budget stops (x_run checks only while the program goes on).
 */
#if TGX_HAVE_LLVM
#include <stdlib.h>

#include "exec/exec_alu.h"
#include "jit/jit_llvm.h"
#include "tgx/tgsi.h"

static void walk(jb *b, uint32_t first, uint32_t stop);

static jv mask_get(jb *b, jv m)
{
    return jload_mask(b, m);
}

static void mask_set(jb *b, jv m, jv v)
{
    jstore_mask(b, m, v);
}

static jv mask_and_not(jb *b, jv x, jv y)
{
    return LLVMBuildAnd(b->bd, x, LLVMBuildNot(b->bd, y, ""), "");
}

static jframe *push_frame(jb *b, char kind)
{
    jframe *f = realloc(b->frames, sizeof(jframe) * (b->nframes + 1));
    if (!f) {
        b->oom = true;
        return NULL;
    }
    b->frames = f;
    f = &b->frames[b->nframes++];
    *f = (jframe){kind, NULL, NULL, {NULL, NULL, NULL, NULL}};
    return f;
}

static jframe *top_frame(jb *b)
{
    return b->nframes ? &b->frames[b->nframes - 1] : NULL;
}

/* Channel 0 of source 0 is not 0: as a float (IF, x_op_if) or as bits (UIF, BREAKC, CALLNZ). */
static jv condition(jb *b, const xinst *in, bool as_float)
{
    jv c = jsrc(b, in, 0, 0);
    if (as_float)
        return LLVMBuildFCmp(b->bd, LLVMRealUNE, jfloat(b, c), jfloat(b, jsplat(b, 0)), "");
    return LLVMBuildICmp(b->bd, LLVMIntNE, c, jsplat(b, 0), "");
}

/* Where the next instruction goes when no lane executes: target, else a new block. */
static void go_on_if_any(jb *b, jv mask, jbb otherwise)
{
    jbb on = jblock(b, "");
    jcondbr(b, jany(b, mask), on, otherwise);
    jat(b, on);
}

/* ---- IF / UIF / ELSE / ENDIF ------------------------------------------------------------------
 */

static bool f_if(jb *b, const xinst *in)
{
    jcount(b, in);
    jv t = condition(b, in, in->fn == x_op_if);
    jframe *f = push_frame(b, 'I');
    if (!f)
        return true;
    f->saved[0] = mask_get(b, b->cond);
    mask_set(b, b->cond, LLVMBuildAnd(b->bd, f->saved[0], t, ""));
    jupdate_exec(b);
    f->next = jblock(b, "else_or_endif");
    go_on_if_any(b, mask_get(b, b->exec), f->next);
    return false;
}

/* ELSE or ENDIF: the block where the IF (or ELSE) sent its lanes, which the body before falls
 * into; the instruction counts there. */
static jframe *arrive(jb *b, const xinst *in)
{
    jframe *f = top_frame(b);
    jbr(b, f->next);
    jat(b, f->next);
    jcount(b, in);
    return f;
}

static bool f_else(jb *b, const xinst *in)
{
    jframe *f = arrive(b, in);
    mask_set(b, b->cond, mask_and_not(b, f->saved[0], mask_get(b, b->cond)));
    jupdate_exec(b);
    f->next = jblock(b, "endif");
    go_on_if_any(b, mask_get(b, b->exec), f->next);
    return false;
}

static bool f_endif(jb *b, const xinst *in)
{
    jframe *f = arrive(b, in);
    mask_set(b, b->cond, f->saved[0]);
    jupdate_exec(b);
    b->nframes--;
    return false;
}

/* ---- loops ------------------------------------------------------------------------------------
 */

/* BGNLOOP: with no lane executing, to the ENDLOOP (f->next), which counts and leaves; the body
 * reaches ENDLOOP by falling through, so its count runs on into ENDLOOP's (one check of the
 * budget an iteration fewer). */
static bool f_bgnloop(jb *b, const xinst *in)
{
    jcount(b, in);
    jframe *f = push_frame(b, 'L');
    if (!f)
        return true;
    f->saved[0] = mask_get(b, b->loop);
    f->saved[1] = mask_get(b, b->cont);
    f->next = jblock(b, "loop_skipped");
    f->body = jblock(b, "loop");
    jcondbr(b, jany(b, mask_get(b, b->exec)), f->body, f->next);
    jat(b, f->body);
    return false;
}

/* Leaving the loop: loop and cont as they were at BGNLOOP. */
static void leave_loop(jb *b, const jframe *f, jbb done)
{
    mask_set(b, b->loop, f->saved[0]);
    mask_set(b, b->cont, f->saved[1]);
    jupdate_exec(b);
    jbr(b, done);
}

/* ENDLOOP: cont as at BGNLOOP (the lanes that continued come back); again while a lane
 * executes. */
static bool f_endloop(jb *b, const xinst *in)
{
    jframe *f = top_frame(b);
    jbb out = jblock(b, "loop_left"), done = jblock(b, "loop_done");
    jcount(b, in);
    mask_set(b, b->cont, f->saved[1]);
    jupdate_exec(b);
    jcondbr(b, jany(b, mask_get(b, b->exec)), f->body, out);
    jat(b, out);
    leave_loop(b, f, done);
    jat(b, f->next); /* from BGNLOOP, no lane executing: ENDLOOP runs and leaves */
    jcount(b, in);
    leave_loop(b, f, done);
    jat(b, done);
    b->nframes--;
    return false;
}

static void break_lanes(jb *b, const xinst *in, jv lanes)
{
    jv m = in->brk_switch ? b->sw : b->loop;
    mask_set(b, m, mask_and_not(b, mask_get(b, m), lanes));
    jupdate_exec(b);
}

static bool f_brk(jb *b, const xinst *in)
{
    jcount(b, in);
    break_lanes(b, in, mask_get(b, b->exec));
    return false;
}

static bool f_breakc(jb *b, const xinst *in)
{
    jcount(b, in);
    jv t = condition(b, in, false);
    break_lanes(b, in, LLVMBuildAnd(b->bd, mask_get(b, b->exec), t, ""));
    return false;
}

static bool f_cont(jb *b, const xinst *in)
{
    jcount(b, in);
    mask_set(b, b->cont, mask_and_not(b, mask_get(b, b->cont), mask_get(b, b->exec)));
    jupdate_exec(b);
    return false;
}

/* ---- SWITCH -----------------------------------------------------------------------------------
 */

static jframe *switch_frame(jb *b)
{
    for (unsigned k = b->nframes; k-- > 0;)
        if (b->frames[k].kind == 'S')
            return &b->frames[k];
    return NULL;
}

static bool f_switch(jb *b, const xinst *in)
{
    jcount(b, in);
    jv sel = jsrc(b, in, 0, 0);
    jv exec = mask_get(b, b->exec), matched = LLVMConstNull(b->t_vm);
    /* every CASE's value now, as x_op_switch reads them (x_fetch_typed: modifiers, no flush) */
    for (uint32_t k = 0; k < in->list_len; k++) {
        const xinst *cs = &b->p->insts[b->p->lists[in->list_off + k]];
        jv v = jsrc_typed(b, cs, &cs->src[0], 0);
        matched = LLVMBuildOr(b->bd, matched, LLVMBuildICmp(b->bd, LLVMIntEQ, sel, v, ""), "");
    }
    jframe *f = push_frame(b, 'S');
    if (!f)
        return true;
    f->saved[0] = mask_get(b, b->sw);
    f->saved[1] = sel;
    f->saved[2] = exec;
    f->saved[3] = mask_and_not(b, exec, matched);
    mask_set(b, b->sw, LLVMConstNull(b->t_vm));
    jupdate_exec(b);
    return false;
}

static bool f_case(jb *b, const xinst *in)
{
    jcount(b, in);
    jframe *f = switch_frame(b);
    jv v = jsrc(b, in, 0, 0);
    jv hit =
        LLVMBuildAnd(b->bd, f->saved[2], LLVMBuildICmp(b->bd, LLVMIntEQ, f->saved[1], v, ""), "");
    mask_set(b, b->sw, LLVMBuildOr(b->bd, mask_get(b, b->sw), hit, ""));
    jupdate_exec(b);
    return false;
}

static bool f_default(jb *b, const xinst *in)
{
    jcount(b, in);
    jframe *f = switch_frame(b);
    mask_set(b, b->sw, LLVMBuildOr(b->bd, mask_get(b, b->sw), f->saved[3], ""));
    jupdate_exec(b);
    return false;
}

static bool f_endswitch(jb *b, const xinst *in)
{
    jcount(b, in);
    mask_set(b, b->sw, top_frame(b)->saved[0]);
    jupdate_exec(b);
    b->nframes--;
    return false;
}

/* ---- subroutines ------------------------------------------------------------------------------
 */

/* CAL / CALLNZ: the subroutine's body inline, entered when some lane executes (CALLNZ: some
 * executing lane with src0.x != 0, which then narrows func). */
static void call(jb *b, const xinst *in, jv lanes)
{
    jbb after = jblock(b, "after_call");
    jv enter = mask_get(b, b->exec);
    if (lanes)
        enter = LLVMBuildAnd(b->bd, enter, lanes, "");
    go_on_if_any(b, enter, after);
    jcall *c = realloc(b->calls, sizeof(jcall) * (b->ncalls + 1));
    if (!c) {
        b->oom = true;
        return;
    }
    b->calls = c;
    c = &b->calls[b->ncalls++];
    jv *masks[5] = {&b->cond, &b->loop, &b->cont, &b->sw, &b->func};
    for (unsigned k = 0; k < 5; k++)
        c->saved[k] = mask_get(b, *masks[k]);
    if (lanes)
        mask_set(b, b->func, LLVMBuildAnd(b->bd, c->saved[4], lanes, ""));
    jupdate_exec(b);
    c->ret = jblock(b, "return");
    unsigned frames = b->nframes;
    walk(b, (uint32_t)in->target, b->p->ninsts);
    b->nframes = frames;
    c = &b->calls[b->ncalls - 1];
    if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(b->bd)))
        jbr(b, c->ret);
    jat(b, c->ret);
    for (unsigned k = 0; k < 5; k++)
        mask_set(b, *masks[k], c->saved[k]);
    jupdate_exec(b);
    b->ncalls--;
    jbr(b, after);
    jat(b, after);
}

static bool f_cal(jb *b, const xinst *in)
{
    jcount(b, in);
    call(b, in, NULL);
    return false;
}

static bool f_callnz(jb *b, const xinst *in)
{
    jcount(b, in);
    call(b, in, condition(b, in, false));
    return false;
}

/* END, ENDSUB of main, RET of main with no lane left: the program ends for the group. The
 * instruction counts, but the budget does not stop the run there (x_run's pc left the
 * program). */
static void end_program(jb *b, const xinst *in, jbb cont_bb)
{
    jflush(b);
    LLVMBuilderRef bd = b->bd;
    jv left = LLVMBuildLoad2(bd, b->t_i64, b->left, "");
    jv one = LLVMConstInt(b->t_i64, 1, 0);
    LLVMBuildStore(bd, LLVMBuildSub(bd, left, one, ""), b->left);
    if (!cont_bb) {
        LLVMBuildBr(bd, b->exit);
        return;
    }
    /* RET in main: the run goes on while a lane of func is left, and may stop there */
    jbb more = jblock(b, ""), over = jblock(b, "budget");
    LLVMBuildCondBr(bd, jany(b, mask_get(b, b->func)), more, b->exit);
    jat(b, more);
    LLVMBuildCondBr(bd, LLVMBuildICmp(bd, LLVMIntULT, left, one, ""), over, cont_bb);
    jat(b, over);
    jbudget_stop(b, in, LLVMBuildSub(bd, b->limit1, left, ""));
}

static bool f_ret(jb *b, const xinst *in)
{
    if (!b->ncalls)
        jflush(b);
    else
        jcount(b, in);
    mask_set(b, b->func, mask_and_not(b, mask_get(b, b->func), mask_get(b, b->exec)));
    jupdate_exec(b);
    jbb on = jblock(b, "");
    if (b->ncalls)
        jcondbr(b, jany(b, mask_get(b, b->func)), on, b->calls[b->ncalls - 1].ret);
    else
        end_program(b, in, on);
    jat(b, on);
    return false;
}

static bool f_endsub(jb *b, const xinst *in)
{
    if (b->ncalls) {
        jcount(b, in);
        jbr(b, b->calls[b->ncalls - 1].ret);
    } else {
        end_program(b, in, NULL);
    }
    return true;
}

static bool f_end(jb *b, const xinst *in)
{
    end_program(b, in, NULL);
    return true;
}

/* ---- the rest ---------------------------------------------------------------------------------
 */

static void kill_lanes(jb *b, jv lanes)
{
    mask_set(b, b->killed, LLVMBuildOr(b->bd, mask_get(b, b->killed), lanes, ""));
    mask_set(b, b->live, mask_and_not(b, mask_get(b, b->live), lanes));
}

static bool f_kill(jb *b, const xinst *in)
{
    jcount(b, in);
    kill_lanes(b, mask_get(b, b->exec));
    return false;
}

/* KIL / KILL_IF: where a swizzled component is < 0 (NaN and -0.0 are not). */
static bool f_kill_if(jb *b, const xinst *in)
{
    jcount(b, in);
    jv t = LLVMConstNull(b->t_vm);
    for (unsigned c = 0; c < 4; c++) {
        jv v = jfloat(b, jsrc(b, in, 0, c));
        t = LLVMBuildOr(b->bd, t, LLVMBuildFCmp(b->bd, LLVMRealOLT, v, jfloat(b, jsplat(b, 0)), ""),
                        "");
    }
    kill_lanes(b, LLVMBuildAnd(b->bd, t, mask_get(b, b->exec), ""));
    return false;
}

static bool f_nop(jb *b, const xinst *in)
{
    jcount(b, in);
    return false;
}

/* The flow handlers of exec_ops.def (jit_plan.c's JK_FLOW) and their compiled forms; returns
 * true where the walk ends (END, ENDSUB). */
typedef bool (*jflow)(jb *b, const xinst *in);
static const struct {
    xhandler handler;
    jflow emit;
} flow_ops[] = {
    {x_op_if, f_if},
    {x_op_uif, f_if},
    {x_op_else, f_else},
    {x_op_endif, f_endif},
    {x_op_bgnloop, f_bgnloop},
    {x_op_endloop, f_endloop},
    {x_op_brk, f_brk},
    {x_op_breakc, f_breakc},
    {x_op_cont, f_cont},
    {x_op_switch, f_switch},
    {x_op_case, f_case},
    {x_op_default, f_default},
    {x_op_endswitch, f_endswitch},
    {x_op_cal, f_cal},
    {x_op_callnz, f_callnz},
    {x_op_ret, f_ret},
    {x_op_endsub, f_endsub},
    {x_op_end, f_end},
    {x_op_kill, f_kill},
    {x_op_kill_if, f_kill_if},
    {x_op_nop, f_nop},
    {x_op_barrier, f_nop},
};

static jflow flow_of(const xinst *in)
{
    for (size_t k = 0; k < sizeof(flow_ops) / sizeof(flow_ops[0]); k++)
        if (flow_ops[k].handler == in->fn)
            return flow_ops[k].emit;
    return NULL;
}

/* ---- innermost loops, twice ------------------------------------------------------------------
 * An iteration of a loop with no loop or call inside counts at most M = its instructions (BGNLOOP
 * excluded, ENDLOOP included). Where at least M are left of the budget, no instruction of the
 * iteration can reach it, so the iteration runs a copy of the body that counts without checking
 * (b->unchecked); else the copy that checks at every block, so the stop is the interpreter's.
 * Both copies share the registers and masks and jump back to the test. */

static bool versioned(const jb *b, uint32_t bgn)
{
    const xinst *insts = b->p->insts;
    for (uint32_t k = bgn + 1; k < (uint32_t)insts[bgn].target; k++)
        if (insts[k].fn == x_op_bgnloop || insts[k].fn == x_op_cal || insts[k].fn == x_op_callnz)
            return false;
    return true;
}

/* The loop of BGNLOOP bgn; returns its ENDLOOP. */
static uint32_t loop_twice(jb *b, uint32_t bgn)
{
    const xinst *insts = b->p->insts, *endl = &insts[insts[bgn].target];
    uint32_t end = (uint32_t)insts[bgn].target;
    jcount(b, &insts[bgn]);
    jframe saved = {'L', NULL, NULL, {mask_get(b, b->loop), mask_get(b, b->cont), NULL, NULL}};
    jbb test = jblock(b, "loop"), skip = jblock(b, "loop_skipped"), done = jblock(b, "loop_done");
    jbb copies[2] = {jblock(b, "loop_unchecked"), jblock(b, "loop_checked")};
    saved.body = test;
    jcondbr(b, jany(b, mask_get(b, b->exec)), test, skip);
    jat(b, test);
    jv left = LLVMBuildLoad2(b->bd, b->t_i64, b->left, "");
    jv m = LLVMConstInt(b->t_i64, end - bgn, 0);
    LLVMBuildCondBr(b->bd, LLVMBuildICmp(b->bd, LLVMIntUGE, left, m, ""), copies[0], copies[1]);
    for (unsigned k = 0; k < 2; k++) {
        jat(b, copies[k]);
        b->unchecked = k == 0;
        walk(b, bgn + 1, end);
        jcount(b, endl); /* ENDLOOP: cont as at BGNLOOP; again while a lane executes */
        mask_set(b, b->cont, saved.saved[1]);
        jupdate_exec(b);
        jbb out = jblock(b, "loop_left");
        jcondbr(b, jany(b, mask_get(b, b->exec)), test, out);
        b->unchecked = false;
        jat(b, out);
        leave_loop(b, &saved, done);
    }
    jat(b, skip); /* no lane executing at BGNLOOP: ENDLOOP runs and leaves */
    jcount(b, endl);
    leave_loop(b, &saved, done);
    jat(b, done);
    return end;
}

/* Compiles instructions from first on, until stop or the END / ENDSUB that ends the walk. */
static void walk(jb *b, uint32_t first, uint32_t stop)
{
    const jplan *pl = b->pl;
    for (uint32_t i = first; i < stop && !b->oom; i++) {
        const xinst *in = &b->p->insts[i];
        if (pl->flags[i] & JI_NOP) {
            jcount(b, in);
            continue;
        }
        if (in->fn == x_op_bgnloop && versioned(b, i)) {
            i = loop_twice(b, i);
            continue;
        }
        switch ((jkind)pl->kind[i]) {
        case JK_FLOW: {
            jflow f = flow_of(in);
            if (!f) {
                b->oom = true; /* jit_plan.c and flow_ops disagree: a compiler bug */
                return;
            }
            if (f(b, in))
                return;
            break;
        }
        case JK_LANE:
            jcount(b, in);
            jemit_lane(b, in);
            break;
        case JK_GROUP: /* arithmetic handlers: they cannot fail */
            jcount(b, in);
            jemit_group(b, in, false);
            break;
        default:
            /* a handler that may stop the run (a texture unit with nothing bound): the budget's
             * stop comes first, as in x_run */
            jcount(b, in);
            jflush(b);
            jemit_group(b, in, true);
            break;
        }
    }
}

void jwalk_main(jb *b, uint32_t first, uint32_t last)
{
    walk(b, first, last);
    if (!LLVMGetBasicBlockTerminator(LLVMGetInsertBlock(b->bd)))
        jbr(b, b->exit);
}
#else
typedef int jit_flow_needs_llvm; /* ISO C wants a declaration in every file */
#endif
