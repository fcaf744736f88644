/* tgx/sm5_emu_setup.h — the setup language of `tgx emu` (docs/sm5-emu.md, "Setup files"), so
 * that a program embedding libtgx builds a warp, or a kernel launch, the way the command does.
 *
 * A setup is text, one statement a line, '#' starts a comment. A warp setup fills one warp
 * (tgx_sm5_emu): registers and predicates per thread or as expressions of the thread, masks,
 * constant bank words, texture headers (the texture specs of `tgx run --tex`) and samplers. A
 * kernel setup fills a launch of a cubin's kernel (tgx_sm5_kernel): its buffers (typed arrays
 * whose elements are expressions of their index), its parameters (numbers or buffers'
 * addresses), grid, block, dynamic shared memory, the instruction budget and which buffers to
 * show afterwards. The first problem stops a parse with file:line:col and the reason; that
 * statement changed nothing.
 *
 *     tgx_sm5_kernel *k;                                     // tgx/sm5_emu.h
 *     tgx_sm5_kernel_open(&cubin, "k_saxpy", &k, &d);
 *     tgx_sm5_emu_setup *s;
 *     tgx_sm5_emu_setup_create_kernel(k, &s, &d);
 *     tgx_sm5_emu_setup_parse(s, "buffer x = f32 100 i / 7\n"
 *                                "buffer out = f32 100\n"
 *                                "param 0 = x\nparam 2 = out\nparam 3 = f32 0.5\n"
 *                                "grid 2\nblock 64\n", len, "saxpy.setup", &d);
 *     tgx_sm5_launch l;
 *     tgx_sm5_emu_setup_launch(s, &l);
 *     tgx_sm5_kernel_launch(k, &l, NULL, &d);
 *     const tgx_sm5_emu_buffer *out = tgx_sm5_emu_setup_buffer(s, 1);
 *     float *r = (float *)tgx_sm5_kernel_memory(k, out->addr, 4 * out->count);
 *     tgx_sm5_emu_setup_destroy(s);
 *     tgx_sm5_kernel_close(k);
 */
#ifndef TGX_SM5_EMU_SETUP_H
#define TGX_SM5_EMU_SETUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"
#include "tgx/sm5.h"
#include "tgx/sm5_emu.h"
#include "tgx/tex.h"

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

typedef struct tgx_sm5_emu_setup tgx_sm5_emu_setup; /* opaque */

/* A setup of the warp emu (borrowed: it must outlive the setup). */
tgx_status tgx_sm5_emu_setup_create(tgx_sm5_emu *emu, tgx_sm5_emu_setup **out, tgx_diag *d);
/* A setup of a launch of kernel k (borrowed); its buffers are added to k. */
tgx_status tgx_sm5_emu_setup_create_kernel(tgx_sm5_kernel *k, tgx_sm5_emu_setup **out, tgx_diag *d);
/* Destroys the setup and the textures it made (not the warp or kernel). */
void tgx_sm5_emu_setup_destroy(tgx_sm5_emu_setup *s);

/* The most texel bytes the setup's textures may hold together (default 512 MiB). */
void tgx_sm5_emu_setup_set_texture_budget(tgx_sm5_emu_setup *s, uint64_t bytes);

/* Runs the statements of text[0..size) (file names the diagnostics, and its folder is where
 * relative texture file names are found; may be NULL). */
tgx_status tgx_sm5_emu_setup_parse(tgx_sm5_emu_setup *s, const char *text, size_t size,
                                   const char *file, tgx_diag *d);

/* A warp setup's default for a program: every texture index it names bound to a small
 * mipmapped texture of its target (a depth texture for .DC, multisampled for .MS) with a linear
 * sampler, bindless handles pointing at it, and every register the program reads before writing
 * (and no statement set) filled by the role it plays (coordinates of an 8x4-pixel tile, LOD 1,
 * layer 1, reference 0.5, ...). */
tgx_status tgx_sm5_emu_setup_defaults(tgx_sm5_emu_setup *s, const tgx_sm5_insn *insns, size_t n,
                                      tgx_diag *d);

/* The precision profile a `profile` statement named (false: none), and applying one to every
 * sampler of the warp's pool. */
bool tgx_sm5_emu_setup_profile(const tgx_sm5_emu_setup *s, tgx_tex_profile *p);
void tgx_sm5_emu_setup_apply_profile(tgx_sm5_emu_setup *s, tgx_tex_profile p);

/* ---- kernel setups -------------------------------------------------------------------------- */

typedef enum tgx_sm5_emu_elem {
    TGX_SM5_ELEM_U32,
    TGX_SM5_ELEM_I32,
    TGX_SM5_ELEM_F32
} tgx_sm5_emu_elem;

/* A buffer a `buffer` statement made: count elements of type at addr in the kernel's memory;
 * show: whether the setup asks to see it after the run (`show`, or no `show` at all). */
typedef struct tgx_sm5_emu_buffer {
    char name[32];
    tgx_sm5_emu_elem type;
    size_t count;
    uint64_t addr;
    bool show;
} tgx_sm5_emu_buffer;

/* The launch the setup describes (grid, block, dynamic shared memory, budget; a grid of one
 * block of 32 threads when it says nothing). */
void tgx_sm5_emu_setup_launch(const tgx_sm5_emu_setup *s, tgx_sm5_launch *out);
size_t tgx_sm5_emu_setup_buffer_count(const tgx_sm5_emu_setup *s);
const tgx_sm5_emu_buffer *tgx_sm5_emu_setup_buffer(const tgx_sm5_emu_setup *s, size_t i);

#ifdef __cplusplus
}
#endif

#endif
