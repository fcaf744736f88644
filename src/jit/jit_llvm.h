/* jit_llvm.h — the IR builder shared by jit_llvm.c (LLJIT, passes, variants), jit_emit.c
 * (operands, lane-wise operations, handler calls, the frame of a segment function) and
 * jit_flow.c (control flow, the walk of main and the inlined subroutines). LLVM builds only.
 *
 * Values. A register component of one lane group is a <VL x i32> (its float view a bitcast),
 * held in an alloca per slot that SROA turns into SSA values; masks are <VL x i1> in allocas
 * too. Nothing the compiled code computes depends on LLVM choosing among equal results: the
 * float operations are plain IEEE ones without fast-math flags (no contraction, no
 * reassociation), immediates are loaded from the register store (so no constant folding can
 * change a NaN's bits), modifiers are integer bit operations, and no pass that rewrites float
 * expressions runs (docs/jit.md, "Same bits").
 */
#ifndef TGX_JIT_LLVM_H
#define TGX_JIT_LLVM_H

#include <llvm-c/Core.h>

#include "jit/jit_internal.h"

typedef LLVMValueRef jv;
typedef LLVMBasicBlockRef jbb;

/* An open construct of the walk. */
typedef struct jframe {
    char kind;   /* 'I' IF/UIF, 'L' loop, 'S' switch */
    jbb next;    /* IF: the block of its ELSE or ENDIF; loop: of its ENDLOOP */
    jbb body;    /* loop: the first block of the body (the back edge's target) */
    jv saved[4]; /* IF: cond; loop: loop, cont; SWITCH: sw, selector, entry, default */
} jframe;

/* An inlined subroutine call. */
typedef struct jcall {
    jbb ret;     /* where RET (no lane left) and ENDSUB go */
    jv saved[5]; /* cond, loop, cont, sw, func at the call */
} jcall;

/* A constant-buffer word splatted once per segment call. */
typedef struct jconst {
    uint32_t buf;
    uint64_t word;
    jv value;
} jconst;

typedef struct jb {
    LLVMContextRef cx;
    LLVMModuleRef mod;
    LLVMBuilderRef bd; /* the instruction being compiled */
    LLVMBuilderRef be; /* allocas and once-per-call loads, before the entry block's end */
    LLVMBuilderRef bi; /* each register's load at a group's start, before the init block's end */
    const tgx_exec_program *p;
    const jplan *pl;
    unsigned vl;
    bool flush, x86;    /* the variant's rules */
    bool avx;           /* the host has AVX: VEX forms in inline assembly */
    unsigned reg_lanes; /* floats of the host's widest vector register (16, 8 or 4) */
    tgx_jit_stats *stats;
    /* types */
    LLVMTypeRef t_void, t_i1, t_i8, t_i32, t_i64, t_f32, t_ptr, t_vi, t_vf, t_vm;
    /* the segment function being built */
    jv fn, run;
    jbb entry, init, exit, fail;
    uint64_t W;                                         /* the machine's lane-array words */
    jv store, base, group_store, gstore, nlanes, limit; /* loaded in entry or at the group */
    jv count_slot;                  /* the run's count of this group (jit_run.count[g]) */
    jv sign_mask, abs_mask;         /* opaque 0x80000000, 0x7fffffff */
    jv *slot;                       /* alloca per slot, NULL until used */
    uint8_t *written;               /* per slot: stored back at the exit */
    uint32_t *spilled, spill_epoch; /* per slot: copied into the group machine for the current
                                       instruction when spilled[s] == spill_epoch */
    jv cond, loop, cont, sw, func, exec, live, killed; /* allocas */
    jv left;   /* alloca: what is left of the budget, budget - 1 - count (jcount_now) */
    jv limit1; /* the budget - 1 */
    jv buf[XSRC_MAX + 1], ptrs; /* kernel-call arguments */
    jconst *consts;
    unsigned nconsts, capconsts;
    /* instructions executed since the count was last updated: first, first + 1, ... */
    const xinst *pending_first;
    unsigned pending;
    jframe *frames;
    unsigned nframes;
    jcall *calls;
    unsigned ncalls;
    bool unchecked; /* counting without budget checks (a loop copy that cannot reach it) */
    bool oom;
} jb;

/* jit_emit.c */
LLVMTypeRef jfn_type(jb *b, LLVMTypeRef ret, LLVMTypeRef *args, unsigned n);
jv jcall_c(jb *b, void *fn, LLVMTypeRef ret, LLVMTypeRef *types, jv *args, unsigned n);
jv jint(jb *b, uint32_t v);
jv jsplat(jb *b, uint32_t v);
jv jfloat(jb *b, jv v); /* <VL x i32> viewed as <VL x float> */
jv jword(jb *b, jv v);  /* and back */
jv jany(jb *b, jv mask);
jv jmask_to_words(jb *b, jv mask);
jv jload_mask(jb *b, jv alloca);
void jstore_mask(jb *b, jv alloca, jv mask);
void jupdate_exec(jb *b);
jv jslot_get(jb *b, uint32_t slot);
void jslot_set(jb *b, uint32_t slot, jv v);
jv jsrc(jb *b, const xinst *in, unsigned s, unsigned chan);          /* modifiers, flush */
jv jsrc_typed(jb *b, const xinst *in, const xreg *r, unsigned chan); /* modifiers only */
void jdst(jb *b, const xinst *in, unsigned d, unsigned chan, jv val);
jv jfinish(jb *b, const xinst *in, jv v);
bool jemit_lane(jb *b, const xinst *in);
bool jemit_group(jb *b, const xinst *in, bool may_fail);
void jcount(jb *b, const xinst *in);
void jflush(jb *b);
/* The group's instruction count where the builder stands. */
jv jcount_now(jb *b);
/* Stops the run: the budget is spent at the instruction first + (limit - before - 1). */
void jbudget_stop(jb *b, const xinst *first, jv before);
void jbr(jb *b, jbb to);
void jcondbr(jb *b, jv cond, jbb yes, jbb no);
jbb jblock(jb *b, const char *name);
void jat(jb *b, jbb bb);
tgx_status jsegment(jb *b, unsigned k, LLVMValueRef *out);
void jemit_init_types(jb *b);

/* jit_flow.c */
/* Compiles main's top-level instructions [first, last) and what they call. */
void jwalk_main(jb *b, uint32_t first, uint32_t last);

#endif
