/* jit_internal.h — what the files of src/jit share: the plan of a program (jit_plan.c), the
 * state a compiled segment reads at run time (jit_run.c) and the LLVM side (jit_llvm.c,
 * jit_emit.c, jit_flow.c; built only with LLVM).
 *
 * The compiler reads the interpreter's decoded program (exec_internal.h: xinst, xreg, the slot
 * layout of the register store) and its opcode table (exec_ops.def): every row's HANDLER names
 * how the compiler takes the instruction (JH_<handler> in jit_plan.c), so a handler that the
 * compiler does not know is a build error, and an opcode the interpreter runs is never missing
 * here.
 */
#ifndef TGX_JIT_INTERNAL_H
#define TGX_JIT_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "exec/exec_internal.h"
#include "tgx/jit.h"

/* How an instruction is compiled. */
typedef enum jkind {
    JK_NONE = 0, /* not compiled: the program runs on the interpreter */
    JK_LANE,     /* a lane-wise operation (vector, scalar, conversion, dot product): inline code,
                    or the interpreter's kernel called on the group's lanes */
    JK_GROUP,    /* the interpreter's handler, called on a machine of one lane group */
    JK_FLOW,     /* control flow, KILL, NOP: compiled execution masks */
    JK_TEX,      /* texture: the handler on the group, or on the whole run at the top level */
    JK_MEM,      /* memory: LOAD, STORE, RESQ, atomics (jplan_memory decides) */
    JK_RUN,      /* needs the whole run (subgroup operations, CLOCK): at the top level only */
} jkind;

/* What the plan decided for one instruction. */
enum {
    JI_RUN = 1,    /* runs over the whole run, between two segments (the top level of main) */
    JI_NOP = 2,    /* does nothing here (BARRIER and fences in a program without memory writes) */
    JI_INLINE = 4, /* lane-wise with inline code */
};

/* The plan of a program: how each instruction is compiled and where the top level of main is
 * cut into segments (docs/jit.md, "Segments"). */
typedef struct jplan {
    const tgx_exec_program *p;
    uint8_t *kind;      /* jkind, per instruction */
    uint8_t *flags;     /* JI_*, per instruction */
    uint32_t *bounds;   /* the JI_RUN instructions, in order: segment k ends before bounds[k] */
    unsigned nbounds;   /* segments: nbounds + 1 */
    uint32_t main_end;  /* END of main, or ninsts when main has none */
    bool writes_memory; /* STORE or an atomic anywhere */
    bool kills;         /* KILL, KILL_IF, KIL, KILP or DEMOTE anywhere */
    tgx_jit_stats stats;
} jplan;

tgx_status jplan_make(const tgx_exec_program *p, jplan *pl, tgx_diag *d);
void jplan_free(jplan *pl);
/* The compile kind of an opcode (JK_NONE for one exec_ops.def lacks). */
jkind jplan_kind(unsigned op);

/* ---- run time --------------------------------------------------------------------------------
 * What a compiled segment reads and writes (offsets are taken with offsetof by the emitter). One
 * per machine; the group machine (gm) is a machine of the same program with one lane group,
 * on which handlers and operand fetches the compiler does not inline run. */
typedef struct jit_run {
    xword *store;     /* the machine's register store, W words a slot */
    uint64_t W;       /* words of a lane array */
    uint32_t ngroups; /* lane groups of this run */
    uint32_t n;       /* lanes of this run */
    uint32_t *func;   /* the machine's func, live and killed lane masks */
    uint32_t *live;
    uint32_t *killed;
    uint64_t *count; /* instructions executed, per group */
    uint64_t limit;  /* the budget (UINT64_MAX: none) */
    xword *gstore;   /* the group machine's store, gW words a slot */
    uint64_t gW;
    uint32_t *gexec; /* its exec, live and killed masks */
    uint32_t *glive;
    uint32_t *gkilled;
    xmach *m, *gm;
    uint32_t group; /* the group being run (for messages) */
} jit_run;

/* Words of a lane array of the group machine: one group (16 or 8 lanes, rounded up to 16 as
 * every machine's); JVL_MAX the widest group. */
#define JGROUP_W 16u
#define JVL_MAX  16u

/* A compiled variant: one function per segment, each `int f(jit_run *)` (0, or 1 after an error
 * stopped the run: the diagnostic is set). The code is made for the machine's rules and for its
 * lane-array width W, a constant in every register address (exec_internal.h: slot s of lane i is
 * store[s * W + i]). */
typedef int (*jsegfn)(jit_run *r);

typedef struct jvariant {
    struct jvariant *next;
    bool flush, x86;
    unsigned W;
    jsegfn *seg; /* plan.nbounds + 1 */
    void *llvm;  /* the LLJIT that owns the code (jit_llvm.c) */
} jvariant;

struct tgx_jit_program {
    jplan plan;
    unsigned vl;        /* lanes of a group */
    unsigned reg_lanes; /* floats of the host's widest register (16, 8, 4); tests set smaller */
    bool avx;           /* VEX forms (the host has AVX); tests may clear it */
    jvariant *variants; /* compiled on demand, under lock; kept until destroy */
    pthread_mutex_t lock;
    double compile_ms;
};

/* jit_llvm.c: compiles the variant of jp for the rules and W (NULL d: no message). */
tgx_status jllvm_compile(tgx_jit_program *jp, bool flush, bool x86, unsigned W, jvariant **out,
                         tgx_diag *d);
void jllvm_free(jvariant *v);
bool jllvm_available(const char **why);
unsigned jllvm_group_lanes(void);
/* The host's widest vector register in floats, and whether it has AVX. */
void jllvm_host_vectors(unsigned *reg_lanes, bool *avx);

/* jit_run.c: called by compiled code (their addresses are constants in it). Each returns 0, or
 * 1 with the machine's error set. */
int jrt_group(jit_run *r, const xinst *in);
int jrt_fetch(jit_run *r, const xinst *in, unsigned s, unsigned chan, xword *out);
int jrt_store(jit_run *r, const xinst *in, unsigned d, unsigned chan, const xword *val);
int jrt_budget(jit_run *r, const xinst *first, uint64_t before);

#endif
