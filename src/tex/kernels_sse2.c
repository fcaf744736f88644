/* The lane-group kernels (kernels.h) built for the baseline instruction set: SSE2 on x86-64,
 * where the compiler carries each eight-lane operation out as two 128-bit ones and texel reads
 * as scalar loads; whatever vector unit other machines have. */
#define K_EVERY_FORMAT 0
#define KNAME(x)       sse2_##x
#include "tex/kernels.h"

void tex_kernels_sse2(const tex_unit *u, tex_kernels *k)
{
    sse2_pick(u, k);
}
