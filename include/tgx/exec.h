/* tgx/exec.h — the TGSI interpreter.
 *
 * A tgx_exec_program is made once from a parsed shader (tgsi.h): every instruction is decoded
 * into a compact form with resolved register slots, jump targets and typed operand modifiers, so
 * running it needs no text, no table look-ups and no allocation. A tgx_exec_machine holds the
 * state of one thread of execution: the register files in structure-of-arrays form (every
 * register component is an array of `lanes` 32-bit words), the execution-mask stacks and the
 * resource bindings. Many machines may run one program at the same time (one per thread).
 *
 * Lanes. A run covers W lanes (W <= the machine's max_lanes). Fragment runs take W a multiple of
 * 4 with quads adjacent: lanes 4q+0..3 are the pixels (x,y), (x+1,y), (x,y+1), (x+1,y+1) of quad
 * q — the order of tex.h and of Mesa's tgsi_exec (TILE_TOP_LEFT, TOP_RIGHT, BOTTOM_LEFT,
 * BOTTOM_RIGHT). Derivatives within a quad, as Mesa 22.3's tgsi_exec micro_ddx/micro_ddy take
 * them: coarse DDX = lane3 - lane2 (the bottom row) and coarse DDY = lane2 - lane0 (the left
 * column), each given to all four lanes; DDX_FINE = lane1 - lane0 on the top row and lane3 - lane2
 * on the bottom row, DDY_FINE = lane2 - lane0 on the left column and lane3 - lane1 on the right.
 * Other runs round W up to a multiple of 4 internally; the padding lanes are inactive.
 *
 * Every value the caller reads or writes is a tgx_exec_word (float, uint or int view of the same
 * 32 bits). See docs/exec.md for the mask rules and every defined-behaviour choice.
 */
#ifndef TGX_EXEC_H
#define TGX_EXEC_H

#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"
#include "tgx/tex.h"

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

struct tgx_tgsi_shader; /* tgsi.h: a parsed shader */
struct tgx_tex_view;    /* tex.h */
struct tgx_sampler;
struct tgx_tex;

typedef union tgx_exec_word {
    float f;
    uint32_t u;
    int32_t i;
} tgx_exec_word;

typedef struct tgx_exec_program tgx_exec_program;
typedef struct tgx_exec_machine tgx_exec_machine;

/* Default instruction budget of one invocation (a pixel, vertex, primitive or compute thread):
 * 10^6 instructions, over 1,000 times what any corpus shader executes (724 at most), while an
 * endless loop stops within one batch of invocations (256 pixels: about 30 ms) instead of after
 * 10^8 instructions (issue 9: 10-21 s for a 256x256 render). Invocations run in batches (a run
 * of the machine) and the batch's instruction count is what is checked: it bounds each
 * invocation's own count from above, and only invocations that diverge within one batch share
 * it. */
#define TGX_EXEC_DEFAULT_BUDGET 1000000ull
/* Default size of the compute shader's shared memory (MEMORY[n], SHARED), in bytes. */
#define TGX_EXEC_DEFAULT_SHARED_BYTES 65536u
/* Largest lane count of a machine (compute blocks run as one batch of this many lanes). */
#define TGX_EXEC_MAX_LANES 4096u

/* The processor a program was written for (the first line of the TGSI text). */
typedef enum tgx_exec_stage {
    TGX_EXEC_VERTEX = 0,
    TGX_EXEC_FRAGMENT = 1,
    TGX_EXEC_GEOMETRY = 2,
    TGX_EXEC_COMPUTE = 3,
    TGX_EXEC_TESS_CTRL = 4,
    TGX_EXEC_TESS_EVAL = 5,
} tgx_exec_stage;

/* ---- programs ---------------------------------------------------------------------------- */

/* Decodes sh once. Fails with TGX_ERR_INVALID (unbalanced control flow, a register outside its
 * declaration, an operand of the wrong file) or TGX_ERR_UNSUPPORTED, with the instruction's
 * position in d. name (may be NULL) is the shader's file name used in run-time diagnostics. */
tgx_status tgx_exec_program_create(const struct tgx_tgsi_shader *sh, const char *name,
                                   tgx_exec_program **out, tgx_diag *d);
void tgx_exec_program_destroy(tgx_exec_program *p);

tgx_exec_stage tgx_exec_program_stage(const tgx_exec_program *p);
/* Number of registers of each file the machine holds (highest declared index + 1; for the
 * inputs of a geometry program, the registers of one input vertex). */
unsigned tgx_exec_program_num_inputs(const tgx_exec_program *p);
unsigned tgx_exec_program_num_outputs(const tgx_exec_program *p);
unsigned tgx_exec_program_num_sysvals(const tgx_exec_program *p);
/* Number of instructions (END included), for "instructions per second" figures. */
unsigned tgx_exec_program_num_instructions(const tgx_exec_program *p);
/* Compute shaders: the CS_FIXED_BLOCK_WIDTH/HEIGHT/DEPTH properties (1 where absent). */
void tgx_exec_program_block_size(const tgx_exec_program *p, unsigned size[3]);

/* Geometry shaders: the GS_* properties. Primitive types are tgsi.h's tgx_tgsi_primitive
 * values (Mesa's PIPE_PRIM_* numbers). */
typedef struct tgx_exec_gs_info {
    unsigned input_prim;   /* GS_INPUT_PRIMITIVE: POINTS, LINES, TRIANGLES or an _ADJACENCY kind */
    unsigned output_prim;  /* GS_OUTPUT_PRIMITIVE: POINTS, LINE_STRIP or TRIANGLE_STRIP */
    unsigned max_vertices; /* GS_MAX_OUTPUT_VERTICES: per invocation and stream; later EMITs are
                              dropped */
    unsigned invocations;  /* GS_INVOCATIONS (1 when absent) */
    unsigned vertices_in;  /* vertices of an input primitive (1, 2, 3, 4 or 6) */
    unsigned streams;      /* vertex streams EMIT/ENDPRIM may name (1 + the largest immediate
                              stream index, 4 when a stream is not an immediate) */
} tgx_exec_gs_info;
/* TGX_ERR_ARG when p is not a geometry program. */
tgx_status tgx_exec_program_gs_info(const tgx_exec_program *p, tgx_exec_gs_info *out);

/* ---- machines ---------------------------------------------------------------------------- */

/* max_lanes: the widest run this machine will do (1..TGX_EXEC_MAX_LANES; compute programs need
 * at least the block size rounded up to 4). */
tgx_status tgx_exec_machine_create(const tgx_exec_program *p, unsigned max_lanes,
                                   tgx_exec_machine **out, tgx_diag *d);
void tgx_exec_machine_destroy(tgx_exec_machine *m);

/* Instructions one invocation may execute before the run stops with TGX_ERR_LIMIT (0 = no
 * limit); counted per run, as TGX_EXEC_DEFAULT_BUDGET says. */
void tgx_exec_set_budget(tgx_exec_machine *m, uint64_t max_instructions);
/* Instructions executed by the last run. */
uint64_t tgx_exec_instructions_executed(const tgx_exec_machine *m);

/* What float-to-integer conversions (F2I, F2U, D2I, D2U, ARL, ARR) give for NaN and for values
 * outside the integer range; values in range convert the same (truncation; ARL floors, ARR
 * rounds) under both rules. */
typedef enum tgx_exec_f2i_rule {
    /* Default: saturate to the integer range, NaN -> 0, as GPUs do (D3D10 ftoi/ftou, NVIDIA
     * F2I). */
    TGX_EXEC_F2I_SATURATE = 0,
    /* What softpipe and llvmpipe compute on x86-64, the machines of the corpus: signed results
     * and NaN give 0x80000000 (SSE's "integer indefinite"); unsigned ones x >= 2^31 ?
     * s32(x - 2^31) ^ 0x80000000 : s32(x) with that s32 (gcc 12's vector code for a C cast).
     * For `tgx replay` against softpipe; see docs/exec.md. */
    TGX_EXEC_F2I_X86 = 1,
} tgx_exec_f2i_rule;
void tgx_exec_set_f2i_rule(tgx_exec_machine *m, tgx_exec_f2i_rule rule);

/* What 32-bit float arithmetic does with denormal (subnormal) values. */
typedef enum tgx_exec_denorm_rule {
    /* Default: IEEE 754, denormals are computed and kept. */
    TGX_EXEC_DENORMS_PRESERVE = 0,
    /* D3D10's rule, which Mesa 22.3 applies to every draw on x86-64 (draw_vbo sets MXCSR's
     * flush-to-zero and denormals-are-zero bits; compute launches do not): float arithmetic
     * reads a denormal source as zero of its sign and writes a denormal result as zero of its
     * sign. Moves keep their bits (MOV, the abs/negate modifiers, ABS, CMP and UCMP selections),
     * and so do integer and 64-bit operations and texture sampling. docs/exec.md lists the
     * opcodes. For `tgx replay` against softpipe's draws. */
    TGX_EXEC_DENORMS_FLUSH = 1,
} tgx_exec_denorm_rule;
void tgx_exec_set_denorm_rule(tgx_exec_machine *m, tgx_exec_denorm_rule rule);

/* ---- bindings (pointers are borrowed: they must outlive the runs that use them) ---------- */

/* CONST[slot][i] reads the 4 words at words[4*i .. 4*i+3]; reads past nwords give 0. */
tgx_status tgx_exec_bind_constants(tgx_exec_machine *m, unsigned slot, const uint32_t *words,
                                   size_t nwords);
/* BUFFER[slot]: shader storage, byte addressed (LOAD, STORE, the ATOM opcodes, RESQ). Accesses past
 * size read 0 and are not written. */
tgx_status tgx_exec_bind_buffer(tgx_exec_machine *m, unsigned slot, void *data, size_t size);
/* The 2013 RES[slot] form declared BUFFER/RAW: byte-addressed memory like BUFFER. */
tgx_status tgx_exec_bind_raw_resource(tgx_exec_machine *m, unsigned slot, void *data, size_t size);
/* SVIEW[slot] (and, for TEX-style opcodes, texture unit slot): a view of a tex.h texture. */
tgx_status tgx_exec_bind_sampler_view(tgx_exec_machine *m, unsigned slot,
                                      const struct tgx_tex_view *view);
/* SAMP[slot]: sampler state (TEX-style opcodes use the sampler of their unit). */
tgx_status tgx_exec_bind_sampler(tgx_exec_machine *m, unsigned slot, const struct tgx_sampler *s);
/* IMAGE[slot] (and RES[slot] of a texture): mip level `level` of tex, for LOAD/STORE/ATOM/RESQ.
 * The format and target come from the shader's declaration; texels are encoded as tex.h's
 * tgx_tex_store_texel does. */
tgx_status tgx_exec_bind_image(tgx_exec_machine *m, unsigned slot, struct tgx_tex *tex,
                               uint32_t level);
/* Size of MEMORY[n], SHARED (one block per compute workgroup, zeroed at its start). */
tgx_status tgx_exec_set_shared_size(tgx_exec_machine *m, size_t bytes);

/* The texture unit's target for a TGSI texture target (tgx_tgsi_texture): SHADOW variants are
 * their plain target (*shadow, if not NULL, says so), UNKNOWN reads as 2D. */
tgx_tex_target tgx_exec_texture_target(unsigned tgsi_texture, bool *shadow);

/* ---- texture hook ---------------------------------------------------------------------------
 * Every texture instruction -- TEX, TXP, TXB, TXL, TXD, TEX2, TXB2, TXL2, TEX_LZ, TG4, TXF,
 * TXF_LZ, TXQ, TXQS, LODQ, the SAMPLE family (SAMPLE .. SAMPLE_I_MS, GATHER4, LOD), SVIEWINFO and
 * LOAD on a sampler view -- normally computes its result through the texture unit (tex.h). A
 * hook takes the unit's place: the interpreter reads the operands as it always does, calls the
 * hook once per texture unit pair the executing lanes name (as it would call the unit), and
 * stores what the hook returns through the instruction's own result rules (view swizzle of the
 * SAMPLE family, write mask, _SAT). The Maxwell translation (tgx/lower.h) installs one that runs
 * each instruction as Maxwell code in the warp emulator. */

#define TGX_EXEC_TEX_SRCS 5

typedef struct tgx_exec_tex_call {
    unsigned inst;               /* instruction number: the shader's insts[inst] */
    tgx_exec_stage stage;        /* fragment runs have quads (lanes 4q..4q+3) */
    unsigned lanes;              /* words in each lane array below (a multiple of 4) */
    const tgx_lane_mask *active; /* lanes to compute (all ones when on); the others still count
                                    as quad neighbours for implicit derivatives */
    /* Source s, channel c, every lane, as the opcode reads it (swizzle and modifiers applied);
     * NULL for resource operands and absent sources. TXQ and SVIEWINFO see the level of each
     * group of four lanes' first lane in all four (docs/exec.md, "TXQ / SVIEWINFO"). */
    const tgx_exec_word *src[TGX_EXEC_TEX_SRCS][4];
    const int32_t *offset[3]; /* the instruction's texel offset x, y, z per lane, or NULL */
    unsigned view_unit;       /* the units after indirect addressing */
    unsigned sampler_unit;
    const struct tgx_tex_view *view;   /* bound to view_unit (never NULL) */
    const struct tgx_sampler *sampler; /* bound to sampler_unit; NULL where none is needed */
    uint32_t *result[4];               /* out: x, y, z, w of each active lane */
} tgx_exec_tex_call;

/* Computes call->result for the active lanes; an error stops the run with the hook's message at
 * the instruction. */
typedef tgx_status (*tgx_exec_tex_hook)(void *user, const tgx_exec_tex_call *call, tgx_diag *d);

/* Installs hook (NULL: the texture unit again). user is passed through; the hook may be called
 * from every thread that runs a machine with it, so it must be safe for that. */
void tgx_exec_set_tex_hook(tgx_exec_machine *m, tgx_exec_tex_hook hook, void *user);

/* ---- inputs, outputs, system values --------------------------------------------------------
 * Lane arrays of the machine's register files: max_lanes words each, valid until the machine is
 * destroyed. The caller fills inputs and system values before a run and reads outputs after it.
 * An index outside the program's declarations gives NULL. */
tgx_exec_word *tgx_exec_input(tgx_exec_machine *m, unsigned reg, unsigned chan);
const tgx_exec_word *tgx_exec_output(const tgx_exec_machine *m, unsigned reg, unsigned chan);
tgx_exec_word *tgx_exec_sysval(tgx_exec_machine *m, unsigned reg, unsigned chan);
/* Geometry programs: IN[vertex][reg] (tgx_exec_input gives vertex 0). */
tgx_exec_word *tgx_exec_gs_input(tgx_exec_machine *m, unsigned vertex, unsigned reg, unsigned chan);

/* ---- geometry output (after tgx_exec_run_geometry) ------------------------------------------
 * Lane `lane` emitted tgx_exec_gs_vertex_count vertices, numbered in emission order. Vertex k:
 * its OUT registers as they were at the EMIT (words[reg * 4 + chan], reg < num_outputs), its
 * stream, and the number of its strip in that stream (0, 1, ...: a strip is the vertices of one
 * stream between two ENDPRIMs, so a new number is a strip boundary). NULL when k or lane is out
 * of range. */
unsigned tgx_exec_gs_vertex_count(const tgx_exec_machine *m, unsigned lane);
const uint32_t *tgx_exec_gs_vertex(const tgx_exec_machine *m, unsigned lane, unsigned k,
                                   unsigned *stream, unsigned *strip);

/* ---- runs -------------------------------------------------------------------------------- */

/* Fragment run over `lanes` lanes (a multiple of 4, quads adjacent). The masks are lane masks
 * (tex.h tgx_lane_mask, one word per lane). active[i] != 0 marks a lane covered by the
 * primitive; the others are helper lanes: they execute (so derivatives and implicit LOD see the
 * whole quad) but never write memory. active == NULL means all lanes. killed[i] (if not NULL)
 * is set to all ones for a lane that executed KILL/KILL_IF/KIL/KILP, else 0. Outputs of every
 * lane are written; the caller discards killed and helper lanes. */
tgx_status tgx_exec_run_fragment(tgx_exec_machine *m, unsigned lanes, const tgx_lane_mask *active,
                                 tgx_lane_mask *killed, tgx_diag *d);
/* Vertex run: lanes independent vertices (geometry programs run with tgx_exec_run_geometry;
 * a geometry program here fails with TGX_ERR_ARG). */
tgx_status tgx_exec_run_vertex(tgx_exec_machine *m, unsigned lanes, tgx_diag *d);
/* Geometry run: lane i is one invocation (number `invocation`, the INVOCATIONID system value)
 * of the geometry shader for input primitive i, i < prims; the machine sets PRIMID (system value,
 * and every IN register declared with the PRIMID semantic) to first_prim_id + i. The caller fills
 * the vertices of each primitive with tgx_exec_gs_input first. Every EMIT appends, for each lane
 * executing it, the current OUT registers as a vertex of the stream its source names; ENDPRIM ends
 * the lane's open strip of that stream (tgx_exec_gs_vertex). See docs/exec.md. */
tgx_status tgx_exec_run_geometry(tgx_exec_machine *m, unsigned prims, uint32_t first_prim_id,
                                 unsigned invocation, tgx_diag *d);
/* One compute workgroup: all threads of the block run as one batch (lane = x + y*bw + z*bw*bh),
 * so a BARRIER is passed by all threads together. The machine sets the THREAD_ID, BLOCK_ID,
 * BLOCK_SIZE and GRID_SIZE system values and zeroes shared memory. */
tgx_status tgx_exec_run_compute(tgx_exec_machine *m, const uint32_t block_id[3],
                                const uint32_t grid_size[3], tgx_diag *d);

#ifdef __cplusplus
}
#endif

#endif
