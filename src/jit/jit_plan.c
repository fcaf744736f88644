/* jit_plan.c — how each instruction of a program is compiled, and whether the program is.
 *
 * The kind of an instruction comes from the interpreter's opcode table (exec_ops.def): its
 * HANDLER column names the handler that runs it, and JH_<handler> below says how the compiler
 * takes that handler. The plan then walks main and, through every CAL, the subroutines it calls
 * (they are compiled inline at each call), and checks what the compiled code cannot do:
 *
 *  * Lane groups run one after the other, so an instruction whose lanes see each other beyond a
 *    quad (subgroup operations, CLOCK; memory in a program that writes memory, whose order
 *    between lanes the interpreter fixes; BARRIER there) must run over the whole run at once:
 *    the top level of main is cut into segments at each of them, and the interpreter's handler
 *    runs it between two segments (docs/jit.md, "Segments"). Inside a construct or a subroutine
 *    there is no such point: the program runs on the interpreter.
 *  * Texture instructions at the top level of main run the same way, over the whole run, which
 *    gives the texture unit its batch of up to 256 lanes (one call instead of 32).
 *  * END ends the whole run in the interpreter, for every lane, when it is reached: inside a
 *    construct that is not a per-lane rule, so such a program is not compiled; nor are BRA (an
 *    unstructured jump), PUSHA/POPA (a stack shared by the run), geometry shaders (EMIT and
 *    ENDPRIM), recursive calls, and programs past JINLINE_MAX instructions or JDEPTH_MAX
 *    nested constructs.
 */
#include <stdlib.h>
#include <string.h>

#include "exec/exec_alu.h"
#include "jit/jit_internal.h"
#include "tgx/tgsi.h"

/* The compile kind of each exec_ops.def handler. */
#define JH_vector          JK_LANE
#define JH_scalar          JK_LANE
#define JH_conv            JK_LANE
#define JH_dp2             JK_LANE
#define JH_dp3             JK_LANE
#define JH_dp4             JK_LANE
#define JH_dph             JK_LANE
#define JH_dp2a            JK_LANE
#define JH_lit             JK_GROUP
#define JH_exp             JK_GROUP
#define JH_log             JK_GROUP
#define JH_dst             JK_GROUP
#define JH_xpd             JK_GROUP
#define JH_pack            JK_GROUP
#define JH_unpack          JK_GROUP
#define JH_rfl             JK_GROUP
#define JH_sfl             JK_GROUP
#define JH_str             JK_GROUP
#define JH_x2d             JK_GROUP
#define JH_scs             JK_GROUP
#define JH_nrm             JK_GROUP
#define JH_nrm4            JK_GROUP
#define JH_ara             JK_GROUP
#define JH_read_helper     JK_GROUP
#define JH_dpair           JK_GROUP
#define JH_dcmp            JK_GROUP
#define JH_t2q             JK_GROUP
#define JH_q2t             JK_GROUP
#define JH_qshift          JK_GROUP
#define JH_dfracexp        JK_GROUP
#define JH_interp_centroid JK_GROUP
#define JH_interp_sample   JK_GROUP
#define JH_interp_offset   JK_GROUP
#define JH_sample_pos      JK_GROUP
#define JH_sample_info     JK_GROUP
#define JH_kill            JK_FLOW
#define JH_kill_if         JK_FLOW
#define JH_if              JK_FLOW
#define JH_uif             JK_FLOW
#define JH_else            JK_FLOW
#define JH_endif           JK_FLOW
#define JH_bgnloop         JK_FLOW
#define JH_endloop         JK_FLOW
#define JH_brk             JK_FLOW
#define JH_breakc          JK_FLOW
#define JH_cont            JK_FLOW
#define JH_switch          JK_FLOW
#define JH_case            JK_FLOW
#define JH_default         JK_FLOW
#define JH_endswitch       JK_FLOW
#define JH_cal             JK_FLOW
#define JH_callnz          JK_FLOW
#define JH_ret             JK_FLOW
#define JH_endsub          JK_FLOW
#define JH_end             JK_FLOW
#define JH_nop             JK_FLOW
#define JH_barrier         JK_FLOW
#define JH_tex             JK_TEX
#define JH_lodq            JK_TEX
#define JH_txf             JK_TEX
#define JH_txq             JK_TEX
#define JH_txqs            JK_TEX
#define JH_sample          JK_TEX
#define JH_load            JK_MEM
#define JH_store           JK_MEM
#define JH_resq            JK_MEM
#define JH_atom            JK_MEM
#define JH_vote            JK_RUN
#define JH_ballot          JK_RUN
#define JH_read_first      JK_RUN
#define JH_read_invoc      JK_RUN
#define JH_clock           JK_RUN
#define JH_pusha           JK_NONE
#define JH_popa            JK_NONE
#define JH_bra             JK_NONE
#define JH_emit            JK_NONE
#define JH_endprim         JK_NONE

#define X(NAME, HANDLER, STYPE, KIND, DENORM) [TGX_TGSI_OP_##NAME] = JH_##HANDLER,
static const uint8_t kinds[TGX_TGSI_OP_COUNT] = {
#include "exec/exec_ops.def"
};
#undef X

/* Instructions compiled for one program, inlined calls counted at each call, and constructs
 * nested in one another: past them LLVM's time and memory grow faster than the program (1,000
 * MADs in a row compile in 2 s, 4,000 in 17 s; 10,000 nested IFs did not compile in 300 s); the
 * interpreter runs such programs. The corpus's largest shader has 194 instructions; Mesa's
 * tgsi_exec takes 32 levels of nesting. */
#define JINLINE_MAX 2048u
#define JDEPTH_MAX  64u

jkind jplan_kind(unsigned op)
{
    return op < TGX_TGSI_OP_COUNT ? (jkind)kinds[op] : JK_NONE;
}

static tgx_tgsi_cf cf_of(const xinst *in)
{
    const struct tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(in->op);
    return info ? info->cf : TGX_TGSI_CF_NONE;
}

typedef struct pwalk {
    jplan *pl;
    tgx_diag *d;
    uint32_t *calls; /* subroutine entries being walked: a call to one of them is recursion */
    unsigned ncalls;
    uint64_t compiled;
} pwalk;

static tgx_status refuse(pwalk *w, const xinst *in, const char *fmt, const char *name)
{
    const char *file = w->pl->p->name[0] ? w->pl->p->name : NULL;
    return tgx_diag_set(w->d, TGX_ERR_UNSUPPORTED, file, in ? in->line : 0, in ? in->column : 0,
                        fmt, name);
}

/* A memory instruction: LOAD on a sampler view is a texture fetch; RESQ reads sizes; the others
 * read or write memory that other lanes may write. */
static bool orders_memory(const jplan *pl, const xinst *in)
{
    if (in->op == TGX_TGSI_OP_RESQ)
        return false;
    if (in->op == TGX_TGSI_OP_LOAD)
        return in->src[0].file != XF_SVIEW && pl->writes_memory;
    return true;
}

/* The flags of instruction i, met at the top level of main (top) or not. */
static tgx_status place(pwalk *w, uint32_t i, bool top)
{
    jplan *pl = w->pl;
    const xinst *in = &pl->p->insts[i];
    jkind k = jplan_kind(in->op);
    bool run = false;
    switch (k) {
    case JK_NONE: return refuse(w, in, "%s is not compiled", in->name);
    case JK_RUN: run = true; break;
    case JK_MEM:
        run = orders_memory(pl, in);
        if (in->op == TGX_TGSI_OP_LOAD && in->src[0].file == XF_SVIEW)
            run = top; /* a texel fetch: batched at the top level like a texture instruction */
        break;
    case JK_TEX:
        run = top;
        /* TG4's component is the first sampling lane's: that lane is the run's */
        if (in->op == TGX_TGSI_OP_TG4 && in->src[1].file != XF_IMM)
            run = true;
        break;
    case JK_FLOW:
        if (in->op == TGX_TGSI_OP_BARRIER) {
            if (!pl->writes_memory) {
                pl->flags[i] |= JI_NOP;
                return TGX_OK;
            }
            run = true;
        }
        break;
    default: break;
    }
    if (run && !top)
        return refuse(w, in,
                      "%s inside a construct or a subroutine: its lanes must run together, which "
                      "the interpreter does",
                      in->name);
    if (run && !(pl->flags[i] & JI_RUN)) {
        pl->flags[i] |= JI_RUN;
        pl->bounds[pl->nbounds++] = i;
    }
    return TGX_OK;
}

static tgx_status walk(pwalk *w, uint32_t start, bool main_level, uint32_t *end);

static tgx_status walk_call(pwalk *w, const xinst *in)
{
    uint32_t target = (uint32_t)in->target, end = 0;
    for (unsigned k = 0; k < w->ncalls; k++)
        if (w->calls[k] == target)
            return refuse(w, in, "%s: recursive subroutine calls are not compiled", in->name);
    w->calls[w->ncalls++] = target;
    tgx_status st = walk(w, target, false, &end);
    w->ncalls--;
    return st;
}

/* Walks from start to the end of main (main_level) or of a subroutine: its ENDSUB (or RET-only
 * end, the end of the instructions). *end is the last instruction walked. */
static tgx_status walk(pwalk *w, uint32_t start, bool main_level, uint32_t *end)
{
    jplan *pl = w->pl;
    const tgx_exec_program *p = pl->p;
    unsigned depth = 0;
    bool in_sub_body = !main_level;
    for (uint32_t i = start; i < p->ninsts; i++) {
        const xinst *in = &p->insts[i];
        tgx_tgsi_cf cf = cf_of(in);
        bool top = main_level && depth == 0 && !in_sub_body;
        *end = i;
        if (++w->compiled > JINLINE_MAX)
            return refuse(w, in,
                          "%s: the program (its calls inlined) has more than 2048 instructions, "
                          "more than the compiler takes",
                          in->name);
        tgx_status st = place(w, i, top);
        if (st != TGX_OK)
            return st;
        switch (cf) {
        case TGX_TGSI_CF_IF:
        case TGX_TGSI_CF_UIF:
        case TGX_TGSI_CF_BGNLOOP:
        case TGX_TGSI_CF_SWITCH:
            if (++depth + w->ncalls > JDEPTH_MAX)
                return refuse(w, in,
                              "%s: constructs nested more than 64 deep (calls included) are not "
                              "compiled",
                              in->name);
            break;
        case TGX_TGSI_CF_ENDIF:
        case TGX_TGSI_CF_ENDLOOP:
        case TGX_TGSI_CF_ENDSWITCH: depth--; break;
        case TGX_TGSI_CF_BGNSUB: in_sub_body = true; break;
        case TGX_TGSI_CF_CAL:
        case TGX_TGSI_CF_CALLNZ:
            if ((st = walk_call(w, in)) != TGX_OK)
                return st;
            break;
        case TGX_TGSI_CF_END:
            if (!main_level || depth)
                return refuse(w, in,
                              "%s inside a construct or a subroutine ends every lane of the run, "
                              "which the interpreter does",
                              in->name);
            return TGX_OK;
        case TGX_TGSI_CF_ENDSUB:
            if (depth == 0)
                return TGX_OK;
            break;
        default: break;
        }
    }
    if (!main_level)
        return refuse(w, &p->insts[start],
                      "%s: the subroutine runs past the last instruction without ENDSUB",
                      p->insts[start].name);
    return TGX_OK;
}

tgx_status jplan_make(const tgx_exec_program *p, jplan *pl, tgx_diag *d)
{
    memset(pl, 0, sizeof(*pl));
    pl->p = p;
    const char *file = p->name[0] ? p->name : NULL;
    if (p->stage == TGX_EXEC_GEOMETRY)
        return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, file, 0, 0,
                            "geometry shaders are not compiled (EMIT and ENDPRIM keep per-lane "
                            "vertex lists): the interpreter runs them");
    unsigned n = p->ninsts;
    pl->kind = calloc(n + 1, 1);
    pl->flags = calloc(n + 1, 1);
    pl->bounds = calloc(n + 1, sizeof(uint32_t));
    pwalk w = {pl, d, calloc(n + 1, sizeof(uint32_t)), 0, 0};
    if (!pl->kind || !pl->flags || !pl->bounds || !w.calls) {
        free(w.calls);
        jplan_free(pl);
        return tgx_diag_set(d, TGX_ERR_NOMEM, file, 0, 0, "out of memory");
    }
    for (unsigned i = 0; i < n; i++) {
        const xinst *in = &p->insts[i];
        const struct tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(in->op);
        pl->kind[i] = (uint8_t)jplan_kind(in->op);
        pl->writes_memory |= info && (info->flags & TGX_TGSI_OPF_STORE);
        pl->kills |= in->fn == x_op_kill || in->fn == x_op_kill_if;
    }
    uint32_t end = 0;
    pl->main_end = n;
    tgx_status st = walk(&w, 0, true, &end);
    free(w.calls);
    if (st != TGX_OK) {
        jplan_free(pl);
        return st;
    }
    if (n && cf_of(&p->insts[end]) == TGX_TGSI_CF_END)
        pl->main_end = end;
    pl->stats.segments = pl->nbounds + 1;
    pl->stats.run_insts = pl->nbounds;
    return TGX_OK;
}

void jplan_free(jplan *pl)
{
    free(pl->kind);
    free(pl->flags);
    free(pl->bounds);
    pl->kind = pl->flags = NULL;
    pl->bounds = NULL;
}
