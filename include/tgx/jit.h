/* tgx/jit.h — the shader compiler: TGSI programs (tgx/exec.h) to native code.
 *
 * A tgx_exec_program is compiled through LLVM's C API and ORC JIT (LLVM 15, the LLVM of Mesa
 * 22.3's llvmpipe) into code that runs its lanes in groups of two vectors, 16 lanes with AVX2
 * and 8 with SSE2, chosen on the processor that runs it, with the registers of a group in
 * vector registers and the
 * interpreter's execution-mask rules for control flow. The interpreter stays the reference: the
 * compiled code gives the same bits for every value (the same IEEE operations without
 * fast-math or contraction, the interpreter's own kernels for the C library's functions, its
 * handlers for what is not compiled inline), the same run-time errors and the same instruction
 * budget (counted per lane group). docs/jit.md says how, and what runs on the interpreter.
 *
 * Use: make a tgx_jit_program from an exec program once, attach it to each machine that runs
 * that program; tgx_exec_run_* then run the compiled code. A program the compiler does not take
 * (a geometry shader, a construct it does not compile) fails tgx_jit_program_create with
 * TGX_ERR_UNSUPPORTED and a sentence saying why; the caller keeps the interpreter for it.
 */
#ifndef TGX_JIT_H
#define TGX_JIT_H

#include <stdbool.h>

#include "tgx/diag.h"
#include "tgx/exec.h"

typedef struct tgx_jit_program tgx_jit_program;

/* Whether this build can compile shaders on this processor. When it cannot, *why (if why is
 * not NULL) is a sentence saying so ("tgx was built without LLVM", ...). */
bool tgx_jit_available(const char **why);

/* Lanes of one compiled lane group on this processor: 16 with AVX2 (two vectors), else 8; 0
 * when tgx_jit_available is false. */
unsigned tgx_jit_group_lanes(void);

/* Decides how p is compiled (nothing is generated yet). TGX_ERR_UNSUPPORTED when the compiler
 * does not take p, with the position of the instruction (or the shader) and the reason in d:
 * the caller runs p on the interpreter. p must outlive the result. */
tgx_status tgx_jit_program_create(const tgx_exec_program *p, tgx_jit_program **out, tgx_diag *d);
/* After every machine it is attached to has been destroyed or detached. */
void tgx_jit_program_destroy(tgx_jit_program *jp);

/* Makes m (a machine of jp's program) run jp's native code from its next run on. The code for
 * m's current float-to-integer and denormal rules (tgx_exec_set_f2i_rule,
 * tgx_exec_set_denorm_rule) is compiled now if no machine needed it before; a run with other
 * rules compiles theirs then. Safe to call from several threads at once (each with its own
 * machine). Fails with TGX_ERR_UNSUPPORTED when the compiler is not available, TGX_ERR_ARG when
 * m runs another program, or the LLVM error that stopped the compilation. */
tgx_status tgx_jit_attach(tgx_exec_machine *m, tgx_jit_program *jp, tgx_diag *d);
/* m runs on the interpreter again. */
void tgx_jit_detach(tgx_exec_machine *m);

/* What compiling jp cost and gave, for benches and reports. */
typedef struct tgx_jit_stats {
    double compile_ms;      /* wall-clock milliseconds spent making native code, every variant */
    unsigned variants;      /* rule pairs compiled so far */
    unsigned segments;      /* compiled functions: the top level is cut at each instruction that
                               runs over the whole run (docs/jit.md, "Segments") */
    unsigned inline_insts;  /* instructions compiled to inline code */
    unsigned kernel_insts;  /* instructions that call an interpreter kernel per group */
    unsigned handler_insts; /* instructions that call an interpreter handler per group */
    unsigned run_insts;     /* instructions run by the interpreter over the whole run */
} tgx_jit_stats;
void tgx_jit_program_stats(const tgx_jit_program *jp, tgx_jit_stats *out);

#endif
