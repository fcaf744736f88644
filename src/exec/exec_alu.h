/* exec_alu.h — kernels and handlers named by exec_ops.def. */
#ifndef TGX_EXEC_ALU_H
#define TGX_EXEC_ALU_H

#include "exec/exec_internal.h"

#define XKDECL_K(NAME) void k_##NAME(xword *r, const xword *const *s, unsigned n);
#define XKDECL_D(NAME)                                                                             \
    void dk_##NAME(xword *restrict rl, xword *restrict rh, const xdargs *s, unsigned n);
#define XKDECL_KX(NAME) XKDECL_K(NAME) XKDECL_K(NAME##_X86)
#define XKDECL_DX(NAME) XKDECL_D(NAME) XKDECL_D(NAME##_X86)
#define XKDECL_N(NAME)
#define X(NAME, HANDLER, STYPE, KIND, DENORM)                                                      \
    XKDECL_##KIND(NAME) void x_op_##HANDLER(xmach *m, const xinst *in);
#include "exec/exec_ops.def"
#undef X

#endif
