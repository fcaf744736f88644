/* Control flow: block nesting (IF/UIF ... ELSE ... ENDIF, BGNLOOP ... ENDLOOP, SWITCH ... CASE /
 * DEFAULT ... ENDSWITCH, BGNSUB ... ENDSUB), BRK / CONT placement, labels, and END.
 *
 * One pass over the instructions with a stack of open blocks. A closer that does not match the
 * innermost block but matches one further out is reported as crossing, and the blocks inside
 * are closed with it, so one mistake gives one message rather than one per following line.
 */
#include <stdlib.h>

#include "tgsi/validate_internal.h"

typedef struct open_block {
    tgx_tgsi_cf kind; /* IF, UIF, BGNLOOP, SWITCH or BGNSUB */
    tgx_tgsi_opcode op;
    tgx_tgsi_pos pos;
    bool seen_else;    /* IF/UIF */
    bool seen_default; /* SWITCH */
    bool end_inside;   /* the main program's END came while this was the innermost block */
    tgx_tgsi_pos end_pos;
} open_block;

/* Kinds of nesting Mesa's tgsi_exec keeps a stack for, each TGSI_EXEC_MAX_NESTING (32) deep
 * (Mesa 22.3 tgsi_exec.h: TGSI_EXEC_MAX_COND/LOOP/SWITCH_NESTING). */
enum { NEST_COND, NEST_LOOP, NEST_SWITCH, NEST_KINDS };

typedef struct flow {
    tgx_vctx *c;
    open_block *stack;
    size_t depth;
    size_t nest[NEST_KINDS]; /* open blocks of each kind */
    bool nest_warned[NEST_KINDS];
    bool after_end;       /* the main program's END has been seen */
    bool reported_after;  /* "instruction after END" already said once */
    tgx_tgsi_pos end_pos; /* where that END is */
} flow;

static tgx_tgsi_cf cf_of(const tgx_tgsi_instruction *in)
{
    const tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(in->opcode);
    return info ? info->cf : TGX_TGSI_CF_NONE;
}

static bool opens(tgx_tgsi_cf k)
{
    return k == TGX_TGSI_CF_IF || k == TGX_TGSI_CF_UIF || k == TGX_TGSI_CF_BGNLOOP ||
           k == TGX_TGSI_CF_SWITCH || k == TGX_TGSI_CF_BGNSUB;
}

/* The closer each opener expects. */
static const char *closer_name(tgx_tgsi_cf k)
{
    switch (k) {
    case TGX_TGSI_CF_IF:
    case TGX_TGSI_CF_UIF: return "ENDIF";
    case TGX_TGSI_CF_BGNLOOP: return "ENDLOOP";
    case TGX_TGSI_CF_SWITCH: return "ENDSWITCH";
    case TGX_TGSI_CF_BGNSUB: return "ENDSUB";
    default: return "?";
    }
}

static bool is_if(tgx_tgsi_cf k)
{
    return k == TGX_TGSI_CF_IF || k == TGX_TGSI_CF_UIF;
}

/* Does the closer / ELSE kind k belong to an open block of kind o? */
static bool matches(tgx_tgsi_cf k, tgx_tgsi_cf o)
{
    switch (k) {
    case TGX_TGSI_CF_ELSE:
    case TGX_TGSI_CF_ENDIF: return is_if(o);
    case TGX_TGSI_CF_ENDLOOP: return o == TGX_TGSI_CF_BGNLOOP;
    case TGX_TGSI_CF_ENDSWITCH: return o == TGX_TGSI_CF_SWITCH;
    case TGX_TGSI_CF_ENDSUB: return o == TGX_TGSI_CF_BGNSUB;
    default: return false;
    }
}

/* What the message calls the opener a closer lacks. */
static const char *wanted_opener(tgx_tgsi_cf k)
{
    switch (k) {
    case TGX_TGSI_CF_ELSE:
    case TGX_TGSI_CF_ENDIF: return "IF or UIF";
    case TGX_TGSI_CF_ENDLOOP: return "BGNLOOP";
    case TGX_TGSI_CF_ENDSWITCH: return "SWITCH";
    default: return "BGNSUB";
    }
}

static open_block *top(flow *f)
{
    return f->depth ? &f->stack[f->depth - 1] : NULL;
}

/* Index of the innermost open block for which pred holds, searching no further out than the
 * current subroutine (a BRK inside BGNSUB does not leave the subroutine's caller's loop).
 * Returns -1 when none. */
static long find_open(const flow *f, bool (*pred)(tgx_tgsi_cf), bool stop_at_sub)
{
    for (size_t i = f->depth; i-- > 0;) {
        if (pred(f->stack[i].kind))
            return (long)i;
        if (stop_at_sub && f->stack[i].kind == TGX_TGSI_CF_BGNSUB)
            return -1;
    }
    return -1;
}

static bool is_loop(tgx_tgsi_cf k)
{
    return k == TGX_TGSI_CF_BGNLOOP;
}

static bool is_loop_or_switch(tgx_tgsi_cf k)
{
    return k == TGX_TGSI_CF_BGNLOOP || k == TGX_TGSI_CF_SWITCH;
}

static bool is_switch(tgx_tgsi_cf k)
{
    return k == TGX_TGSI_CF_SWITCH;
}

/* The stack of Mesa's interpreter a block kind uses, or -1 (BGNSUB). */
static int nest_kind(tgx_tgsi_cf k)
{
    return is_if(k)                   ? NEST_COND
           : k == TGX_TGSI_CF_BGNLOOP ? NEST_LOOP
           : k == TGX_TGSI_CF_SWITCH  ? NEST_SWITCH
                                      : -1;
}

/* Nesting deeper than Mesa's interpreter runs is legal TGSI and tgx runs it (its stacks grow),
 * so it is a warning, once per kind; tgx fmt stops indenting at the same depth
 * (TGX_TGSI_MESA_MAX_NESTING). */
static void count_nesting(flow *f, const tgx_tgsi_instruction *in, tgx_tgsi_cf k)
{
    static const char *const what[NEST_KINDS] = {"IF/UIF blocks", "loops", "SWITCHes"};
    int n = nest_kind(k);
    if (n < 0)
        return;
    f->nest[n]++;
    if (f->nest[n] > TGX_TGSI_MESA_MAX_NESTING && !f->nest_warned[n]) {
        f->nest_warned[n] = true;
        tgx_v_warning(f->c, in->pos,
                      "%s nests %zu %s deep: Mesa's tgsi_exec (softpipe) runs at most %u "
                      "(TGSI_EXEC_MAX_NESTING); tgx runs it, and tgx fmt indents only %u levels",
                      tgx_v_op_name(in->opcode), f->nest[n], what[n],
                      (unsigned)TGX_TGSI_MESA_MAX_NESTING, (unsigned)TGX_TGSI_MESA_MAX_NESTING);
    }
}

static void open_block_at(flow *f, const tgx_tgsi_instruction *in, tgx_tgsi_cf k)
{
    count_nesting(f, in, k);
    open_block *b = &f->stack[f->depth++];
    b->kind = k;
    b->op = in->opcode;
    b->pos = in->pos;
    b->seen_else = false;
    b->seen_default = false;
    b->end_inside = false;
}

/* Closes the blocks from depth down to new_depth. An END met inside one of them is reported
 * now that the block is known to be closed later (a block never closed gets "is not closed"
 * instead, which says what to fix). */
static void pop_to(flow *f, size_t new_depth)
{
    while (f->depth > new_depth) {
        open_block *b = &f->stack[--f->depth];
        int n = nest_kind(b->kind);
        if (n >= 0)
            f->nest[n]--;
        if (b->end_inside)
            tgx_v_error(f->c, b->end_pos, "END inside the open %s at line %u", tgx_v_op_name(b->op),
                        b->pos.line);
    }
}

/* ENDIF, ENDLOOP, ENDSWITCH, ENDSUB, and ELSE (which closes nothing but needs an IF). */
static void close_block(flow *f, const tgx_tgsi_instruction *in, tgx_tgsi_cf k)
{
    tgx_vctx *c = f->c;
    const char *name = tgx_v_op_name(in->opcode);
    open_block *t = top(f);
    long i;
    if (t && matches(k, t->kind)) {
        if (k != TGX_TGSI_CF_ELSE) {
            pop_to(f, f->depth - 1);
        } else if (t->seen_else) {
            tgx_v_error(c, in->pos, "second ELSE for the %s at line %u", tgx_v_op_name(t->op),
                        t->pos.line);
        } else {
            t->seen_else = true;
        }
        return;
    }
    for (i = (long)f->depth - 1; i >= 0; i--)
        if (matches(k, f->stack[i].kind))
            break;
    if (i < 0) {
        tgx_v_error(c, in->pos, "%s without a matching %s", name, wanted_opener(k));
        return;
    }
    tgx_v_error(c, in->pos, "%s does not match the open %s at line %u (expected %s)", name,
                tgx_v_op_name(t->op), t->pos.line, closer_name(t->kind));
    /* Recover: the blocks inside the matching one end here with it. */
    pop_to(f, k == TGX_TGSI_CF_ELSE ? (size_t)i + 1 : (size_t)i);
    if (k == TGX_TGSI_CF_ELSE)
        f->stack[i].seen_else = true;
}

static void check_case(flow *f, const tgx_tgsi_instruction *in, tgx_tgsi_cf k)
{
    tgx_vctx *c = f->c;
    const char *name = tgx_v_op_name(in->opcode);
    open_block *t = top(f);
    if (t && t->kind == TGX_TGSI_CF_SWITCH) {
        if (k == TGX_TGSI_CF_DEFAULT) {
            if (t->seen_default)
                tgx_v_error(c, in->pos, "second DEFAULT in the SWITCH at line %u", t->pos.line);
            t->seen_default = true;
        }
        return;
    }
    if (find_open(f, is_switch, true) < 0)
        tgx_v_error(c, in->pos, "%s outside a switch", name);
    else
        tgx_v_error(c, in->pos, "%s inside the open %s at line %u, not directly in a SWITCH", name,
                    tgx_v_op_name(t->op), t->pos.line);
}

/* spec §Keywords: a label is the number of its target instruction. */
static void check_label(flow *f, const tgx_tgsi_instruction *in, tgx_tgsi_cf k)
{
    tgx_vctx *c = f->c;
    size_t n = c->s->num_insts;
    if (!in->has_label) {
        if (k == TGX_TGSI_CF_CAL || k == TGX_TGSI_CF_CALLNZ || k == TGX_TGSI_CF_BRA)
            tgx_v_error(c, in->pos, "%s needs a label (:N)", tgx_v_op_name(in->opcode));
        return;
    }
    if (in->label >= n) {
        tgx_v_error(c, in->label_pos, "label :%u is outside the program (instructions 0..%zu)",
                    in->label, n - 1);
        return;
    }
    if (k == TGX_TGSI_CF_CAL || k == TGX_TGSI_CF_CALLNZ) {
        const tgx_tgsi_instruction *t = &c->s->insts[in->label];
        if (cf_of(t) != TGX_TGSI_CF_BGNSUB)
            tgx_v_error(c, in->label_pos, "%s target :%u is %s, not a BGNSUB",
                        tgx_v_op_name(in->opcode), in->label, tgx_v_op_name(t->opcode));
    }
}

/* END ends the main program at its outermost level; only subroutines may follow (Mesa's
 * glsl_to_tgsi put them there). */
static void check_end(flow *f, const tgx_tgsi_instruction *in)
{
    tgx_vctx *c = f->c;
    open_block *t = top(f);
    if (t) {
        if (!t->end_inside) {
            t->end_inside = true;
            t->end_pos = in->pos;
        }
    } else if (f->after_end) {
        tgx_v_error(c, in->pos, "second END (the first is at line %u)", f->end_pos.line);
        return;
    }
    if (!f->after_end) {
        f->after_end = true;
        f->end_pos = in->pos;
    }
}

static void step(flow *f, const tgx_tgsi_instruction *in)
{
    tgx_vctx *c = f->c;
    tgx_tgsi_cf k = cf_of(in);
    const char *name = tgx_v_op_name(in->opcode);
    open_block *t = top(f);
    /* A stray ENDSUB gets its own message below. */
    if (f->after_end && !t && k != TGX_TGSI_CF_BGNSUB && k != TGX_TGSI_CF_ENDSUB &&
        k != TGX_TGSI_CF_END && !f->reported_after) {
        /* Mesa's tgsi_sanity only counts ENDs, and nothing runs what follows END outside a
         * subroutine: dead code, a warning */
        tgx_v_warning(c, in->pos,
                      "instruction after END is not inside a subroutine (BGNSUB ... ENDSUB): it "
                      "never runs");
        f->reported_after = true;
    }
    if (in->has_label || k == TGX_TGSI_CF_CAL || k == TGX_TGSI_CF_CALLNZ || k == TGX_TGSI_CF_BRA)
        check_label(f, in, k);
    switch (k) {
    case TGX_TGSI_CF_BGNSUB:
        if (t)
            tgx_v_error(c, in->pos, "BGNSUB inside the open %s at line %u", tgx_v_op_name(t->op),
                        t->pos.line);
        open_block_at(f, in, k);
        break;
    case TGX_TGSI_CF_ELSE:
    case TGX_TGSI_CF_ENDIF:
    case TGX_TGSI_CF_ENDLOOP:
    case TGX_TGSI_CF_ENDSWITCH:
    case TGX_TGSI_CF_ENDSUB: close_block(f, in, k); break;
    case TGX_TGSI_CF_CASE:
    case TGX_TGSI_CF_DEFAULT: check_case(f, in, k); break;
    /* spec BRK: "must appear within a loop/endloop or switch/endswitch" */
    case TGX_TGSI_CF_BRK:
        if (find_open(f, is_loop_or_switch, true) < 0)
            tgx_v_error(c, in->pos, "%s outside a loop or switch", name);
        break;
    case TGX_TGSI_CF_BREAKC:
    case TGX_TGSI_CF_CONT:
        if (find_open(f, is_loop, true) < 0)
            tgx_v_error(c, in->pos, "%s outside a loop", name);
        break;
    case TGX_TGSI_CF_END: check_end(f, in); break;
    default:
        if (opens(k))
            open_block_at(f, in, k);
        break;
    }
}

void tgx_v_check_flow(tgx_vctx *c)
{
    const tgx_tgsi_shader *s = c->s;
    flow f = {.c = c};
    if (s->num_insts) {
        /* Each instruction opens at most one block. */
        f.stack = malloc(s->num_insts * sizeof *f.stack);
        if (!f.stack) {
            c->nomem = TGX_ERR_NOMEM;
            return;
        }
    }
    for (size_t i = 0; i < s->num_insts; i++)
        step(&f, &s->insts[i]);
    for (size_t i = 0; i < f.depth; i++)
        tgx_v_error(c, f.stack[i].pos, "%s is not closed (missing %s)",
                    tgx_v_op_name(f.stack[i].op), closer_name(f.stack[i].kind));
    if (!f.after_end) {
        tgx_tgsi_pos at = s->num_insts ? s->insts[s->num_insts - 1].pos : s->processor_pos;
        tgx_v_error(c, at, "program has no END instruction");
    }
    free(f.stack);
}
