/* The lane-group kernels (kernels.h) built for AVX2: each vector operation one 256-bit
 * instruction, texel reads as gathers. CMake compiles this file with -mavx2 where the compiler
 * and the machine type allow it (TGX_TEX_AVX2); unit.c calls it only on a machine that runs
 * AVX2 (tex_have_avx2), so nothing here runs elsewhere. */
#include "tex/unit.h"

#if defined(TGX_TEX_AVX2)
#define K_EVERY_FORMAT 1
#define KNAME(x)       avx2_##x
#include "tex/kernels.h"

void tex_kernels_avx2(const tex_unit *u, tex_kernels *k)
{
    avx2_pick(u, k);
}
#else
void tex_kernels_avx2(const tex_unit *u, tex_kernels *k)
{
    (void)u;
    memset(k, 0, sizeof *k);
}
#endif
