/* tgx/lower.h — TGSI texture instructions <-> Maxwell (SM 5.x) texture instructions.
 *
 * Lowering turns each TGSI sampling, fetch, gather, query and LOD instruction into one Maxwell
 * texture instruction (tgx/sm5.h) plus the register moves that pack its operands and unpack its
 * results, under a fixed register and binding convention (below, and docs/translation.md).
 * The short forms TEXS, TLDS and TLD4S are chosen wherever the seed tables allow the target, LOD
 * mode, compare and write mask, as NVIDIA's ptxas chooses them; otherwise the general form. A
 * texture instruction Maxwell cannot express is an error at its line:col with the reason; other
 * TGSI instructions are not part of the translation (a listing of the texture part of a shader
 * is the product, not a whole-shader compiler).
 *
 * Lifting goes the other way: Maxwell texture instructions (decoded words) become TGSI text that
 * tgx check accepts, each with its original instruction as a comment; what TGSI cannot express
 * is refused with a reason or lifted with a warning that names what is lost.
 *
 * The lowered instructions also run: tgx_lower_runner is a texture hook for the interpreter
 * (tgx_exec_set_tex_hook) that executes each TGSI texture instruction as its Maxwell code in the
 * warp emulator (tgx/sm5_emu.h), so that a shader's direct results and its lowered-and-emulated
 * results can be compared bit for bit.
 *
 * The convention (docs/translation.md, "Registers and bindings"):
 *   * TEMP[n].x, .y, .z, .w live in R(4n), R(4n+1), R(4n+2), R(4n+3) for n < 48 (R0..R191);
 *   * operands that are not where an instruction needs them are moved into R192..R195 (Ra) and
 *     R196..R201 (Rb); results that cannot go straight to their TEMP land in R204..R207 (TEXS /
 *     TLDS / TLD4S: Rd0 = R204, Rd1 = R206) and are moved from there;
 *   * the pair SVIEW[v] / SAMP[s] (TEX-style opcodes: unit u for both) is bound by word
 *     v | s << 5 of constant bank c[0x0], which holds s << 20 | v: header pool entry v, sampler
 *     pool entry s. Indirect units use the bindless .B forms with that word as the handle.
 */
#ifndef TGX_LOWER_H
#define TGX_LOWER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"
#include "tgx/exec.h"
#include "tgx/sm5.h"
#include "tgx/tgsi.h"

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

#define TGX_LOWER_TEMPS    48u  /* TEMP[0..47] have home registers */
#define TGX_LOWER_PACK_A   192u /* R192..R195: Ra when operands are moved */
#define TGX_LOWER_PACK_B   196u /* R196..R201: Rb */
#define TGX_LOWER_RESULT   204u /* R204..R207: results that are moved to their destination */
#define TGX_LOWER_RESULT1  206u /* Rd1 of the short forms */
#define TGX_LOWER_UNITS    32u  /* SVIEW / SAMP indices 0..31 */
#define TGX_LOWER_TEX_BANK 0u   /* the bank #tsPtrIdx addresses: c[0x0] */

/* The constant-bank word that binds SVIEW[view] with SAMP[sampler], and what it holds. */
static inline uint16_t tgx_lower_binding_index(unsigned view, unsigned sampler)
{
    return (uint16_t)((view & 31u) | (sampler & 31u) << 5);
}
static inline uint32_t tgx_lower_binding_word(unsigned view, unsigned sampler)
{
    return (sampler & 0xfffu) << 20 | (view & 0xfffffu);
}

/* ---- one lowered instruction ------------------------------------------------------------------
 */

/* How a register's value is made from the TGSI operands before the instruction runs. */
#define TGX_LOWER_PACKS(X)                                                                          \
    X(MOV, "move")               /* the operand component's bits */                                 \
    X(IMM, "constant")           /* the constant imm (packed offsets, LOD 0) */                     \
    X(DIV, "divide")             /* float operand / float divisor (TXP's projection) */             \
    X(LAYER, "float layer")      /* array index: the float operand (divided by the divisor, TXP)    \
                                    rounded to nearest even and saturated to 0..65535, F2I.U16.RNI, \
                                    OR imm (TXD: offsets above the index) */                        \
    X(ILAYER, "int layer")       /* array index: the integer operand as unsigned, saturated to      \
                                    0..65535 (I2I.U16.U32.SAT), OR imm */                           \
    X(HANDLE, "binding word")    /* the binding word of the units the lanes name (.B forms) */      \
    X(OFFSETS, "packed offsets") /* a gather's run-time texel offsets x, y (the TGSI offset         \
                                    operand's, per lane) as nouveau's lowering packs them: x        \
                                    moved, y's low 8 bits inserted at bit 8 (INSBF); TLD4 reads     \
                                    6 bits of each, so values outside -32..31 wrap */

typedef enum tgx_lower_pack {
#define X(e, name) TGX_LOWER_##e,
    TGX_LOWER_PACKS(X)
#undef X
        TGX_LOWER_PACK_COUNT
} tgx_lower_pack;

/* A TGSI operand component: source operand src (0..4) of the instruction, channel chan (after
 * the operand's swizzle: chan 2 of IN[0].xyyy is IN[0].y). */
typedef struct tgx_lower_ref {
    uint8_t src, chan;
} tgx_lower_ref;

typedef struct tgx_lower_input {
    uint8_t reg;   /* R0..R254 */
    uint8_t pack;  /* tgx_lower_pack */
    uint8_t param; /* tgx_sm5_param the register carries */
    bool has_q;    /* DIV / LAYER: divided by q */
    tgx_lower_ref a, q;
    uint32_t imm;
    bool in_place; /* reg is the operand's home (TEMP[n].c = R4n+c): nothing is moved */
} tgx_lower_input;

/* How a result channel is read back from its register. */
#define TGX_LOWER_CONVS(X)                                                                         \
    X(COPY, "copy")     /* the register's bits */                                                  \
    X(ZERO, "zero")     /* 0 (a channel Maxwell does not return) */                                \
    X(FIX_U8_8, "U8.8") /* float(reg & 0xffff) / 256 (TMML's clamped LOD) */                       \
    X(FIX_S8_8, "S8.8") /* float(sign-extended reg & 0xffff) / 256 (TMML's unclamped LOD) */

typedef enum tgx_lower_conv {
#define X(e, name) TGX_LOWER_CONV_##e,
    TGX_LOWER_CONVS(X)
#undef X
        TGX_LOWER_CONV_COUNT
} tgx_lower_conv;

typedef struct tgx_lower_output {
    uint8_t reg;  /* register holding the channel after the instruction (ZERO: RZ) */
    uint8_t conv; /* tgx_lower_conv */
} tgx_lower_output;

#define TGX_LOWER_MAX_INPUTS 12  /* Ra..Ra+3, Rb..Rb+5; the TXD emulation: up to 11 */
#define TGX_LOWER_MAX_CODE   128 /* words of the TXD emulation (four rounds; at most 96) */
#define TGX_LOWER_NOTE_MAX   200

typedef struct tgx_lower_inst {
    unsigned index; /* TGSI instruction number */
    tgx_tgsi_opcode opcode;
    tgx_sm5_insn insn; /* the Maxwell instruction */
    unsigned ninputs;
    tgx_lower_input inputs[TGX_LOWER_MAX_INPUTS];
    uint8_t result_mask; /* result channels (x..w, before the TGSI instruction's own swizzle)
                            that out[] gives */
    tgx_lower_output out[4];
    bool dst_in_place;      /* the Maxwell destination registers are the TGSI destination's homes */
    bool rect;              /* the header shows the view as RECT (texel coordinates, TGSI RECT) */
    unsigned view, sampler; /* units of a direct operand (indirect: the base index) */
    bool indirect;          /* a unit is indirect: bindless form, handle in a register */
    char note[TGX_LOWER_NOTE_MAX]; /* what the translation changes, "" when nothing */
    /* The TXD emulation (gradients on 3D, cube and cube-array targets, or with a depth
     * reference; docs/translation.md): ncode words run in order instead of insn alone -- quad
     * shuffles (SHFL), FSWZADD, the TEX.NDV that insn holds, MOV with a quad lane mask -- with
     * the inputs set first and the results read from out[]. 0 for every other instruction. The
     * words live out of line (most instructions have none; inline they made every lowered
     * instruction 1 KB larger): tgx_lower_inst_free releases them. */
    unsigned ncode;
    uint64_t *code; /* ncode words, NULL when ncode is 0 */
} tgx_lower_inst;

/* Releases what li holds out of line (the TXD emulation's words) and leaves li without them;
 * safe on a zeroed instruction. tgx_lower_program_free does it for a program's instructions. */
void tgx_lower_inst_free(tgx_lower_inst *li);

/* Is instruction i of sh a texture instruction the lowering covers (by opcode and operands)? */
bool tgx_lower_is_texture(const tgx_tgsi_shader *sh, unsigned i);

/* Lowers instruction i of sh for arch. TGX_ERR_UNSUPPORTED when it is not a texture instruction
 * (d says so); TGX_ERR_INVALID when Maxwell has no form for it (d at the TGSI line:col of the
 * operand or target at fault, with the reason). file names the shader in d (may be NULL). On
 * success *out is replaced (not freed first) and the caller releases it with
 * tgx_lower_inst_free; on failure *out is left as it was. */
tgx_status tgx_lower_instruction(const tgx_tgsi_shader *sh, unsigned i, tgx_sm5_arch arch,
                                 const char *file, tgx_lower_inst *out, tgx_diag *d);

/* ---- a whole shader ---------------------------------------------------------------------------
 */

typedef struct tgx_lower_program {
    tgx_lower_inst *insts; /* the texture instructions, in order */
    size_t count;
    tgx_sm5_arch arch;
} tgx_lower_program;

/* Lowers every texture instruction of sh. Each failure is an error in diags (TGSI line:col);
 * notes of translations that change something are warnings. Returns TGX_ERR_INVALID when any
 * instruction failed (p then holds the others), TGX_ERR_NOMEM, or TGX_OK. With p NULL the
 * shader is only checked: the same messages and status, nothing kept (tgx_lower_stream). */
tgx_status tgx_lower_shader(const tgx_tgsi_shader *sh, const char *file, tgx_sm5_arch arch,
                            tgx_lower_program *p, tgx_diag_list *diags);
void tgx_lower_program_free(tgx_lower_program *p);

/* The listing of p (the text `tgx lower` prints; `tgx as` assembles it): a header with the
 * convention, then for every TGSI instruction a comment, and for texture instructions the moves
 * (as comments), the Maxwell instruction and the result moves. *out is NUL-terminated, freed by
 * the caller with free(). */
tgx_status tgx_lower_print(const tgx_tgsi_shader *sh, const char *file, const tgx_lower_program *p,
                           char **out, size_t *len);

/* The same listing a piece at a time, for a shader too long to hold its lowered form and listing
 * (tgx lower: 424 bytes a texture instruction, and a listing 3.6 times the shader's text): each
 * texture instruction is lowered as it is printed, and sink gets the header, then the lines of
 * each TGSI instruction, in order. Check the shader first (tgx_lower_shader with p NULL): an
 * instruction that cannot be lowered stops the listing with TGX_ERR_INVALID. A sink's status
 * other than TGX_OK stops it and is returned; otherwise TGX_ERR_NOMEM or TGX_OK. */
typedef tgx_status (*tgx_lower_sink)(void *user, const char *text, size_t len);
tgx_status tgx_lower_stream(const tgx_tgsi_shader *sh, const char *file, tgx_sm5_arch arch,
                            tgx_lower_sink sink, void *user);

/* ---- executing lowered instructions (the interpreter's texture hook) --------------------------
 */

typedef struct tgx_lower_runner tgx_lower_runner;

/* Lowers sh (as tgx_lower_shader; a failure is TGX_ERR_INVALID with diags) and keeps what the
 * hook needs. The runner borrows nothing from sh after it returns. */
tgx_status tgx_lower_runner_create(const tgx_tgsi_shader *sh, const char *file, tgx_sm5_arch arch,
                                   tgx_lower_runner **out, tgx_diag_list *diags);
void tgx_lower_runner_destroy(tgx_lower_runner *r);
const tgx_lower_program *tgx_lower_runner_program(const tgx_lower_runner *r);

/* The hook (tgx_exec_tex_hook; user = the runner): runs the call's instruction as its Maxwell
 * code on an emulated warp, 32 lanes at a time (quads kept), the lanes the interpreter does not
 * compute inactive, the view and sampler bound through the convention, and returns the result
 * channels. Safe to call from several threads at once. */
tgx_status tgx_lower_tex_hook(void *runner, const tgx_exec_tex_call *call, tgx_diag *d);

/* ---- lifting ----------------------------------------------------------------------------------
 */

typedef struct tgx_lift_opts {
    tgx_sm5_arch arch;
    tgx_tgsi_processor processor; /* the TGSI header (FRAG by default: quads) */
    /* false: #tsPtrIdx is read through the convention (word v | s << 5 binds SVIEW[v] with
     * SAMP[s]). true: each distinct #tsPtrIdx is one unit u (SVIEW[u] and SAMP[u], numbered in
     * order of appearance), for code that binds otherwise (CUDA's c[0x0][0x54] ...) */
    bool unit_per_word;
} tgx_lift_opts;

/* One instruction to lift and where it came from (for messages and the comment). */
typedef struct tgx_lift_item {
    tgx_sm5_insn insn;
    unsigned line;       /* source line (text), or 0 */
    uint64_t addr;       /* byte address (words, cubins): section-relative in a cubin */
    const char *section; /* the code section of a cubin (".text.k_tld4"), named before the
                            address in messages and comments, or NULL */
} tgx_lift_item;

/* Lifts items[0..n) into TGSI text (*out, NUL-terminated, caller frees): declarations of the
 * TEMP registers, sampler views and samplers used, immediates, then each instruction as a
 * comment with its Maxwell text followed by TGSI instructions with the same result. Refusals are
 * errors in diags (file, line), losses warnings. Returns TGX_ERR_INVALID when something was
 * refused (nothing is written then), TGX_ERR_NOMEM, or TGX_OK. */
tgx_status tgx_lift(const tgx_lift_item *items, size_t n, const tgx_lift_opts *opts,
                    const char *file, char **out, size_t *len, tgx_diag_list *diags);

/* The same in a stream, for programs too long to hold with their text (tgx lift --words of a
 * million words): the caller keeps the items (a spill file) and the text, the lifter only the
 * declarations. The views' declarations depend on every instruction, so there are two passes:
 *   1. tgx_lifter_survey with every item, in order;
 *   2. tgx_lifter_lift with the same items in the same order, then with NULL (the closing END):
 *      *text (the lifter's, valid until its next call; `#` comment and TGSI lines) is what
 *      tgx_lift puts there; refusals and warnings go to diags as they are found, so a caller
 *      may print and empty the list between calls. TGX_ERR_NOMEM, else TGX_OK;
 *   3. tgx_lifter_finish: the declarations, which go in front of that text. TGX_ERR_INVALID
 *      when something was refused (the text must not be used then), TGX_ERR_NOMEM, or TGX_OK.
 * opts and file are borrowed until tgx_lifter_destroy. */
typedef struct tgx_lifter tgx_lifter;
tgx_status tgx_lifter_create(const tgx_lift_opts *opts, const char *file, tgx_diag_list *diags,
                             tgx_lifter **out);
void tgx_lifter_survey(tgx_lifter *l, const tgx_lift_item *item);
tgx_status tgx_lifter_lift(tgx_lifter *l, const tgx_lift_item *item, const char **text,
                           size_t *len);
tgx_status tgx_lifter_finish(tgx_lifter *l, const char **text, size_t *len);
void tgx_lifter_destroy(tgx_lifter *l);

#ifdef __cplusplus
}
#endif

#endif
