/* tgx/sm5_emu.h — a Maxwell (SM 5.x) warp that executes texture instructions.
 *
 * The emulator runs every instruction the codec (tgx/sm5.h) knows -- TEX, TEXS, TLD, TLDS, TLD4,
 * TLD4S, TXD, TXQ, TMML, TXA and the bindless .B forms -- on one warp, with the semantics of the
 * SM5 pages (docs/sources.md), through the same texture unit (tgx/tex.h) that the TGSI
 * interpreter uses. docs/sm5-emu.md describes the machine model, the register packing of every
 * class and each choice the pages leave open.
 *
 * The machine (tgx_sm5_emu) owns:
 *   * a warp of 32 threads with registers R0..R254 (RZ reads 0, writes to it are dropped),
 *     predicates P0..P6 (PT is always true), an active mask, a helper mask (threads that were
 *     killed but still run so that quad derivatives stay right), and whether threads form quads
 *     (fragment shaders: threads 4k..4k+3 are the pixels (x,y), (x+1,y), (x,y+1), (x+1,y+1));
 *   * constant banks c[0]..c[17] of 16384 words; the texture instructions read the packed entry
 *     samplerPtr[31:20] | headerPtr[19:0] from word #tsPtrIdx of the "texture bank" (c[0] unless
 *     set otherwise);
 *   * a texture header pool and a sampler pool, each with its MaximumIndex. A header pointer
 *     past the maximum, or to an entry never set, is an "invalid" texture: the instruction
 *     returns zeros. In "via header binding" mode (OpenGL) the header pointer is also the sampler
 *     pointer.
 * The machine does not own textures: a header borrows a tgx_tex, which must outlive its use.
 * Nothing here is global; separate machines may run in separate threads (a texture may be
 * shared: the texture unit only reads it).
 *
 * Typical use (the translation layer builds a warp this way):
 *
 *     tgx_sm5_emu *emu;
 *     tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, &d);
 *     tgx_sm5_emu_header h;
 *     tgx_sm5_emu_header_init(&h, tex);                  // view of the whole texture
 *     tgx_sm5_emu_set_header(emu, 3, &h, &d);
 *     tgx_sm5_emu_set_sampler(emu, 3, &sampler, &d);
 *     tgx_sm5_emu_set_cbank(emu, 0, 0x52, 3u << 20 | 3u, &d);   // c[0][0x148]: sampler 3, header 3
 *     for (unsigned t = 0; t < 32; t++) {
 *         tgx_sm5_emu_set_reg_f(emu, t, 0, s[t]);        // R0 = s
 *         tgx_sm5_emu_set_reg_f(emu, t, 5, tcoord[t]);   // R5 = t
 *     }
 *     tgx_sm5_emu_run_text(emu, "TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;", &d);
 *     float r = tgx_sm5_emu_reg_f(emu, 0, 4);            // thread 0's R component in R4
 *     tgx_sm5_emu_destroy(emu);
 *
 * Every instruction is checked with tgx_sm5_check_legal first; an illegal one is refused with the
 * checker's message and changes nothing. A word the decoder rejects is refused with the
 * decoder's message (nvdisasm's). A program is checked whole before its first instruction runs.
 */
#ifndef TGX_SM5_EMU_H
#define TGX_SM5_EMU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"
#include "tgx/sm5.h"
#include "tgx/tex.h"

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

#define TGX_SM5_EMU_THREADS     32u
#define TGX_SM5_EMU_REGS        255u     /* R0..R254; 255 is RZ */
#define TGX_SM5_EMU_PREDS       7u       /* P0..P6; 7 is PT */
#define TGX_SM5_EMU_BANKS       18u      /* c[0x0]..c[0x11] */
#define TGX_SM5_EMU_BANK_WORDS  16384u   /* 64 KiB a bank */
#define TGX_SM5_EMU_MAX_HEADER  0xfffffu /* headerPtr is 20 bits */
#define TGX_SM5_EMU_MAX_SAMPLER 0xfffu   /* samplerPtr is 12 bits */

typedef struct tgx_sm5_emu tgx_sm5_emu; /* opaque */

/* A texture header (TIC entry) as the emulator sees it: a view of a texture. view.target is the
 * header's texture type (1D, 2D, 3D, CUBE, arrays, BUFFER, RECT for 2D_NO_MIPMAP with texel
 * coordinates, MS types), view.base_level is resViewMinMapLevel (TEXS .LL and TLD's LOD count
 * from it), view.max_level the last level, view.first_slice/num_slices the layers seen, and
 * view.swizzle the component sources. */
typedef struct tgx_sm5_emu_header {
    tgx_tex_view view;
    /* A sparse texture none of whose pages is mapped: every fetch returns zeros and sets the
     * sparse-residency predicate Ps (sm5-TLD "Ps"). false: every page is resident. */
    bool unmapped;
} tgx_sm5_emu_header;

/* A header showing the whole of tex with its own target and format, every page resident. */
void tgx_sm5_emu_header_init(tgx_sm5_emu_header *h, const tgx_tex *tex);

/* ---- the machine ---------------------------------------------------------------------------- */

/* A new machine: every register, predicate and bank word 0, all 32 threads active, no helpers,
 * quads on (fragment), texture bank 0, empty pools with MaximumIndex at their largest, separate
 * header and sampler bindings. */
tgx_status tgx_sm5_emu_create(tgx_sm5_arch arch, tgx_sm5_emu **out, tgx_diag *d);
void tgx_sm5_emu_destroy(tgx_sm5_emu *emu);
tgx_sm5_arch tgx_sm5_emu_arch(const tgx_sm5_emu *emu);

/* Registers (reg 0..254; 255 = RZ reads 0 and ignores writes) and predicates (0..6; 7 = PT reads
 * true and ignores writes) of thread 0..31. Out-of-range threads read 0 / false and are ignored. */
void tgx_sm5_emu_set_reg(tgx_sm5_emu *emu, unsigned thread, unsigned reg, uint32_t value);
void tgx_sm5_emu_set_reg_f(tgx_sm5_emu *emu, unsigned thread, unsigned reg, float value);
uint32_t tgx_sm5_emu_reg(const tgx_sm5_emu *emu, unsigned thread, unsigned reg);
float tgx_sm5_emu_reg_f(const tgx_sm5_emu *emu, unsigned thread, unsigned reg);
void tgx_sm5_emu_set_pred(tgx_sm5_emu *emu, unsigned thread, unsigned pred, bool value);
bool tgx_sm5_emu_pred(const tgx_sm5_emu *emu, unsigned thread, unsigned pred);

/* What a register of a thread holds, so that a printer shows it as the instruction wrote it:
 * RAW, bits the caller set (tgx_sm5_emu_set_reg) or nothing written yet, or an instruction whose
 * threads' textures disagree (bindless handles naming float and integer formats); FLOAT, fp32;
 * INT / UINT, integers: TXQ's counts and codes, TMML's fixed-point fields (R and A signed),
 * texels of SINT / UINT formats; HALF2, .F16's packed halves (the low half the first
 * component). */
typedef enum tgx_sm5_emu_kind {
    TGX_SM5_EMU_RAW = 0,
    TGX_SM5_EMU_FLOAT,
    TGX_SM5_EMU_INT,
    TGX_SM5_EMU_UINT,
    TGX_SM5_EMU_HALF2
} tgx_sm5_emu_kind;
/* The kind of reg in thread; set_reg_f's registers are FLOAT, set_reg's RAW. */
tgx_sm5_emu_kind tgx_sm5_emu_reg_kind(const tgx_sm5_emu *emu, unsigned thread, unsigned reg);

/* Which registers / predicates an instruction has written in any thread since the machine was
 * created or the marks were cleared (for printing "what the program wrote"). */
bool tgx_sm5_emu_reg_written(const tgx_sm5_emu *emu, unsigned reg);
bool tgx_sm5_emu_pred_written(const tgx_sm5_emu *emu, unsigned pred);
void tgx_sm5_emu_clear_written(tgx_sm5_emu *emu);

/* Bit t = thread t. Threads outside the active mask do not execute, but their registers still
 * serve as quad neighbours for implicit derivatives. Helpers (a subset of the active threads:
 * killed pixels) execute, except for instructions with .NODEP, which disable them. */
void tgx_sm5_emu_set_active(tgx_sm5_emu *emu, uint32_t mask);
uint32_t tgx_sm5_emu_active(const tgx_sm5_emu *emu);
void tgx_sm5_emu_set_helpers(tgx_sm5_emu *emu, uint32_t mask);
/* true: a fragment warp, threads form quads for implicit derivatives. false: no quads (vertex,
 * compute); an implicit LOD is then LOD 0 plus the bias, as in the TGSI interpreter. */
void tgx_sm5_emu_set_quads(tgx_sm5_emu *emu, bool quads);

/* Constant banks: word (4-byte unit) `word` of bank `bank`. Words never written read 0. */
tgx_status tgx_sm5_emu_set_cbank(tgx_sm5_emu *emu, unsigned bank, unsigned word, uint32_t value,
                                 tgx_diag *d);
uint32_t tgx_sm5_emu_cbank(const tgx_sm5_emu *emu, unsigned bank, unsigned word);
/* The bank that #tsPtrIdx addresses ("determined by bundle state" on the pages). */
tgx_status tgx_sm5_emu_set_tex_bank(tgx_sm5_emu *emu, unsigned bank, tgx_diag *d);
/* SetSamplerBinding.ViaHeaderBinding: the sampler pointer is the header pointer (OpenGL). */
void tgx_sm5_emu_set_via_header_binding(tgx_sm5_emu *emu, bool on);

/* Pools. Index up to TGX_SM5_EMU_MAX_HEADER / _MAX_SAMPLER. The header's texture is borrowed;
 * the sampler is copied. A header whose view does not fit its texture (tgx_tex_view_check: an
 * unknown target or format, levels or layers the texture does not have, a target of another kind
 * of storage) is refused (TGX_ERR_ARG) and changes nothing. set_*_max is SetTexHeaderPoolC /
 * SetSamplerHeaderPoolC.MaximumIndex. */
tgx_status tgx_sm5_emu_set_header(tgx_sm5_emu *emu, uint32_t index, const tgx_sm5_emu_header *h,
                                  tgx_diag *d);
tgx_status tgx_sm5_emu_set_sampler(tgx_sm5_emu *emu, uint32_t index, const tgx_sampler *s,
                                   tgx_diag *d);
void tgx_sm5_emu_clear_header(tgx_sm5_emu *emu, uint32_t index);
void tgx_sm5_emu_clear_sampler(tgx_sm5_emu *emu, uint32_t index);
void tgx_sm5_emu_set_header_max(tgx_sm5_emu *emu, uint32_t max_index);
void tgx_sm5_emu_set_sampler_max(tgx_sm5_emu *emu, uint32_t max_index);
/* The header / sampler a valid pointer names (NULL when the pointer is invalid). */
const tgx_sm5_emu_header *tgx_sm5_emu_header_at(const tgx_sm5_emu *emu, uint32_t index);
const tgx_sampler *tgx_sm5_emu_sampler_at(const tgx_sm5_emu *emu, uint32_t index);

/* ---- running -------------------------------------------------------------------------------- */

/* Runs one decoded instruction on the warp. Refuses (TGX_ERR_INVALID, the checker's message, d
 * at the checker's position) an instruction tgx_sm5_check_legal rejects, and
 * (TGX_ERR_UNSUPPORTED) one holding a value the pages reserve (.INVALIDBLOD4/5,
 * .INVALIDBTOFF03); nothing changes then. */
tgx_status tgx_sm5_emu_exec(tgx_sm5_emu *emu, const tgx_sm5_insn *in, tgx_diag *d);

/* Checks an instruction as tgx_sm5_emu_exec would, without running it. */
tgx_status tgx_sm5_emu_check(const tgx_sm5_emu *emu, const tgx_sm5_insn *in, tgx_diag *d);

/* Decodes and runs words[0..count) in order (a straight-line program). Every word is decoded and
 * checked before the first one runs; on a problem, *failed (if not NULL) is the index of the
 * offending word, d has the decoder's or checker's message, and nothing ran. A runtime failure
 * (the texture unit refusing a request) stops at that word; the words before it have run. */
tgx_status tgx_sm5_emu_run_words(tgx_sm5_emu *emu, const uint64_t *words, size_t count,
                                 size_t *failed, tgx_diag *d);

/* The same for decoded instructions. */
tgx_status tgx_sm5_emu_run(tgx_sm5_emu *emu, const tgx_sm5_insn *insns, size_t count,
                           size_t *failed, tgx_diag *d);

/* Runs words[0..count) in order as straight-line code of any class: texture instructions as
 * tgx_sm5_emu_exec runs them, every other instruction the whole-warp emulator models (FADD,
 * FSWZADD, MUFU, MOV, SHFL, ...; docs/sm5-emu.md) by its executor, on the active threads (a
 * guard predicate applied). Control flow and barriers are refused (no SIMT stack here: run a
 * kernel for them). Every word is decoded and checked first; on a problem *failed (if not NULL)
 * is its index, d has the reason, and nothing ran. A runtime failure stops at that word. */
tgx_status tgx_sm5_emu_run_code(tgx_sm5_emu *emu, const uint64_t *words, size_t count,
                                size_t *failed, tgx_diag *d);

/* Assembles text (nvdisasm syntax, as tgx as reads it; several lines allowed) and runs it. Errors
 * carry the line and column in text. */
tgx_status tgx_sm5_emu_run_text(tgx_sm5_emu *emu, const char *text, tgx_diag *d);

/* ---- kernels of a cubin --------------------------------------------------------------------
 *
 * A kernel of a ptxas cubin run on a grid of blocks of threads, every warp whole: the
 * instructions outside the texture classes (src/emu/emu_ops.def lists the opclasses; alu.c and
 * warp.c their semantics), the SIMT stack (SSY/SYNC, PBK/BRK, PCNT/CONT, CAL/RET, divergent
 * branches, EXIT), predicates and condition codes, SHFL and VOTE across the warp, BAR.SYNC across
 * the block, and global, shared, local and constant memory with bounds checks. docs/sm5-emu.md
 * ("Kernels") describes the machine a launch builds:
 *   * c[0x0] holds the driver's words (ntid at 0x8..0x10, nctaid at 0x14..0x1c, the local stack
 *     top at 0x20) and the parameters at the offset EIATTR_PARAM_CBANK names (0x140);
 *     c[0x2]/c[0x3] the .nv.constant2/3 sections;
 *   * global memory is the buffers added with tgx_sm5_kernel_add_buffer and the module's
 *     .nv.global objects (MOV32I's 32@lo/32@hi relocations patched with their addresses); every
 *     access outside them, misaligned, or a store into a constant object stops the launch with
 *     the thread, the address and the instruction's address;
 *   * shared memory is .nv.shared.<kernel>'s size plus the launch's dynamic bytes, zeroed for
 *     every block; local memory is EIATTR_FRAME_SIZE plus EIATTR_MAX_STACK_SIZE bytes a thread.
 * Blocks run one after the other; the warps of a block take turns, each running until it
 * finishes or reaches BAR.SYNC. Atomics of one instruction apply in lane order. Texture
 * instructions in a kernel see no textures (the launch binds none): they read zeros. */
typedef struct tgx_sm5_kernel tgx_sm5_kernel; /* opaque */

typedef struct tgx_sm5_kernel_param {
    unsigned ordinal, offset, size; /* offset from the start of the parameters */
} tgx_sm5_kernel_param;

/* Opens kernel `name` of the cubin cf (which, and whose buffer, must outlive the kernel). */
tgx_status tgx_sm5_kernel_open(const tgx_sm5_code_file *cf, const char *name, tgx_sm5_kernel **out,
                               tgx_diag *d);
void tgx_sm5_kernel_close(tgx_sm5_kernel *k);
tgx_sm5_arch tgx_sm5_kernel_arch(const tgx_sm5_kernel *k);
/* The kernel's parameters (EIATTR_KPARAM_INFO) by ordinal; NULL past the last. */
size_t tgx_sm5_kernel_param_count(const tgx_sm5_kernel *k);
const tgx_sm5_kernel_param *tgx_sm5_kernel_param_at(const tgx_sm5_kernel *k, size_t ordinal);
/* Sets parameter `ordinal` to size bytes (its exact size). */
tgx_status tgx_sm5_kernel_set_param(tgx_sm5_kernel *k, unsigned ordinal, const void *bytes,
                                    size_t size, tgx_diag *d);
/* A zeroed global buffer of size bytes (name for messages); *addr is its device address (256-byte
 * aligned, 64 KiB away from any other buffer, above 4 GiB). */
tgx_status tgx_sm5_kernel_add_buffer(tgx_sm5_kernel *k, const char *name, size_t size,
                                     uint64_t *addr, tgx_diag *d);
/* The bytes of global memory [addr, addr + size) when they lie inside one buffer or object,
 * else NULL. */
unsigned char *tgx_sm5_kernel_memory(tgx_sm5_kernel *k, uint64_t addr, size_t size);

typedef struct tgx_sm5_launch {
    unsigned grid[3], block[3]; /* blocks, and threads a block (at most 1024) */
    size_t dynamic_shared;      /* bytes of shared memory past the kernel's own */
    uint64_t budget;            /* the most instructions a warp may run (0: 100 million) */
} tgx_sm5_launch;

typedef struct tgx_sm5_launch_stats {
    uint64_t instructions; /* warp instructions run */
    uint64_t blocks, warps;
} tgx_sm5_launch_stats;

/* Runs the kernel on the grid. The first problem stops it with the block, warp, instruction
 * address and reason in d; memory keeps what the instructions before it wrote. stats may be
 * NULL. */
tgx_status tgx_sm5_kernel_launch(tgx_sm5_kernel *k, const tgx_sm5_launch *l,
                                 tgx_sm5_launch_stats *stats, tgx_diag *d);

#ifdef __cplusplus
}
#endif

#endif
