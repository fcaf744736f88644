/* exec_internal.h — the pre-decoded program and the machine state shared by the files of src/exec.
 *
 * Register store. A machine keeps every register file that lives in lanes (TEMP, IN, OUT, IMM,
 * ADDR, SV) in one array of "slots": slot s is the lane array store[s*W .. s*W+W-1] of one
 * register component, slot = file base + 4*index + channel. The program records slots, not
 * pointers, so it does not depend on W and one program serves many machines. Immediates are
 * splatted into their slots once, when the machine is created.
 *
 * Masks are lane masks (tex.h tgx_lane_mask): arrays of uint32_t, all ones (lane on) or zero,
 * so a masked store is a branch-free blend the compiler vectorises, and the texture unit reads
 * the same arrays (a sampling instruction hands it its executing lanes as they are).
 *
 * Vector code. The loops over lanes are written so that the compiler vectorises them (the exec
 * library is built with -ftree-vectorize, -fno-math-errno so sqrtf is an instruction, and
 * -ffp-contract=off so a*b+c stays two roundings as in Mesa's tgsi_exec). XVEC marks the hot
 * functions that are also compiled for AVX2 and chosen when the processor has it (GCC/clang
 * target_clones, an ifunc resolved once at load time); the other build is baseline x86-64 (SSE2).
 * Both give the same bits: they use the same IEEE operations, only wider. Only the definition
 * carries XVEC: GCC resolves a clone through the plain symbol every caller sees (clang 14's
 * target_clones does not work across files, so CMake enables the clones for GCC only).
 */
#ifndef TGX_EXEC_INTERNAL_H
#define TGX_EXEC_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/exec.h"
#include "tgx/tex.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"

typedef tgx_exec_word xword;

#if defined(TGX_EXEC_CLONES)
#define XVEC __attribute__((target_clones("avx2", "default")))
#else
#define XVEC
#endif

/* Register files as the interpreter sees them. */
typedef enum xfile {
    XF_NULL,
    XF_TEMP,
    XF_IN,
    XF_OUT,
    XF_IMM,
    XF_ADDR,
    XF_SV,
    XF_CONST,   /* uniform: CONST[dim][index], bound per machine */
    XF_BUFFER,  /* resources: index = unit */
    XF_MEMORY,  /* shared memory */
    XF_IMAGE,   /* image unit */
    XF_SVIEW,   /* sampler view */
    XF_SAMPLER, /* sampler state */
    XF_RES,     /* 2013 RES[] form */
    XF_COUNT
} xfile;

/* Operand value types: which modifiers apply and how (spec "Modifiers"). */
typedef enum xtype {
    XT_FLOAT, /* abs then negate on the float sign */
    XT_INT,   /* negate (two's complement); abs on signed ints wraps like IABS */
    XT_UINT,  /* the spec allows no modifiers; Mesa's tgsi_exec negates as INT, so do we */
    XT_DOUBLE,
    XT_I64,
    XT_U64,
} xtype;

typedef enum xmod {
    XM_NONE,
    XM_FABS,
    XM_FNEG,
    XM_FABSNEG,
    XM_INEG,
    XM_IABS,
    XM_IABSNEG,
} xmod;

#define XSRC_MAX 5
#define XDST_MAX 2
#define XTEXOFF  1

/* A decoded register operand (source or destination). */
typedef struct xreg {
    uint8_t file;     /* xfile */
    uint8_t mod;      /* xmod, sources only (doubles/64-bit: applied on the pair) */
    uint8_t swz[4];   /* source swizzle */
    uint8_t indirect; /* index += ADDR/TEMP component at ind_slot, per lane */
    uint8_t dim_indirect;
    uint8_t neg, abs;  /* raw modifiers, for 64-bit pairs */
    uint8_t plain;     /* direct lane-file operand without modifier: its value is its slot */
    int32_t index;     /* register index (resources: unit) */
    int32_t dim;       /* 2-D index (CONST buffer), -1 if none */
    uint32_t base;     /* first slot of the file (lane files) */
    uint32_t count;    /* registers in the file, bound for indirect access */
    uint32_t ind_slot; /* slot of the address component */
    uint32_t dim_ind_slot;
    uint32_t slot[4]; /* direct lane files: slot of each swizzled channel (dst: channel c) */
    /* geometry inputs IN[vertex][attr]: register vertex * dim_stride + attr; dim_stride = 0
     * for every other operand. dim_count bounds the vertex index, dim_stride the attribute. */
    uint32_t dim_stride, dim_count;
} xreg;

typedef struct xinst xinst;
typedef struct tgx_exec_machine xmach;

/* A handler executes one instruction over the machine's lanes; control flow handlers set
 * m->pc. Kernels compute one channel of a component-wise op over n lanes. */
typedef void (*xhandler)(xmach *m, const xinst *in);
/* A kernel may write r in place of one of its sources (r == s[j]): each lane reads its sources
 * before it writes (quad kernels: the whole quad), so no restrict on r. */
typedef void (*xkernel)(xword *r, const xword *const *s, unsigned n);
/* Sources of a channel-pair kernel: 64-bit operand j is (lo[j], hi[j]); s32 is a 32-bit operand
 * (shift count, exponent, or the source of a 32-to-64-bit conversion). */
typedef struct xdargs {
    const xword *lo[3], *hi[3];
    const xword *s32;
} xdargs;
typedef void (*xdkernel)(xword *restrict rl, xword *restrict rh, const xdargs *s, unsigned n);

struct xinst {
    xhandler fn;
    xkernel k;
    xdkernel dk;
    xkernel kx86;     /* F2I F2U ARL ARR: the kernel under TGX_EXEC_F2I_X86 */
    xdkernel dkx86;   /* D2I D2U: likewise */
    const char *name; /* opcode name, for diagnostics */
    uint16_t op;      /* tgx_tgsi_opcode */
    uint8_t nsrc, ndst;
    uint8_t wmask;      /* dst[0] write mask */
    uint8_t wmask1;     /* dst[1] write mask */
    uint8_t sat;        /* _SAT: clamp float results to [0, 1], NaN -> 0 */
    uint8_t stype;      /* xtype of the sources */
    uint8_t tex_target; /* tgx_tex_target of texture / memory instructions */
    uint8_t shadow;     /* texture target is a SHADOW variant */
    uint8_t ntexoff;
    uint8_t mem_format; /* tgx_tex_format of IMAGE operands */
    uint8_t brk_switch; /* BRK/BREAKC: innermost breakable construct is a SWITCH */
    uint8_t direct;     /* channels whose kernel result may go straight into dst[0]: no later
                           channel of the instruction reads that register component */
    uint8_t straight;   /* the common pattern, fused: every source plain, every written channel
                           direct, no _SAT: a component-wise op is kernel calls in place (when all
                           lanes execute and no denormal rule applies to it) */
    /* Under TGX_EXEC_DENORMS_FLUSH (exec_program.c, flush_masks): bit s set, source s reads
       denormals as zeros of their sign -- as 32-bit floats (flush32) or as doubles over its
       channel pairs (flush64); flush_dst (XFD_*), the result is written so. Only operands whose
       type in the opcode table is float or double are ever set: LDEXP's exponent is an
       integer. */
    uint8_t flush32, flush64, flush_dst;
    int32_t target;    /* jump target (instruction index) */
    uint32_t list_off; /* SWITCH: its CASE instructions, prog->lists[list_off .. +list_len) */
    uint32_t list_len;
    uint32_t line, column; /* position in the shader text */
    /* dst[0..ndst), src[0..nsrc) and texoff[0..ntexoff), nothing past them: the program's
     * regs hold each instruction's operands at their number (fixed slots for 2 destinations, 5
     * sources and an offset made every instruction 568 bytes, docs/cli.md) */
    xreg *dst;
    xreg *src;
    xreg *texoff;
};

typedef struct xdecl_image {
    uint8_t target; /* tgx_tex_target */
    uint8_t format; /* tgx_tex_format */
    uint8_t writable;
    uint8_t raw;
} xdecl_image;

struct tgx_exec_program {
    tgx_exec_stage stage;
    char name[TGX_DIAG_FILE_MAX];
    xinst *insts;
    unsigned ninsts;
    xreg *regs; /* the instructions' operands (xinst.dst, src, texoff point into it) */
    /* lane files */
    uint32_t base[XF_COUNT];
    uint32_t count[XF_COUNT];
    uint32_t nslots;
    xword *imm; /* count[XF_IMM] * 4 words, splatted into machines */
    uint32_t *lists;
    unsigned nlists;
    unsigned block[3];
    unsigned max_nesting; /* deepest IF/LOOP/SWITCH nesting, sizes the mask stacks */
    int sv_thread_id, sv_block_id, sv_block_size, sv_grid_size; /* SV register or -1 */
    /* geometry shaders (GS_* properties; see exec_geom.c) */
    unsigned gs_in_prim, gs_out_prim, gs_max_vertices, gs_invocations;
    unsigned gs_vertices_in; /* vertices of an input primitive */
    unsigned gs_in_stride;   /* declared input registers a vertex: IN[v][a] = register v*stride+a */
    unsigned gs_streams;     /* vertex streams EMIT can name (1..4) */
    int sv_primid, sv_invocation_id, in_primid; /* SV / IN register or -1 */
    unsigned sv_count;
    xdecl_image sview[32], image[32], res[32];
};

#define XUNITS 32

/* A (view, sampler) pair bound to the texture unit, with what the binding depends on: the view
 * and the sampler as they were, the texture's size and texel memory. */
typedef struct xbinding {
    tgx_tex_view view;
    tgx_sampler samp;
    bool has_samp;
    tgx_tex_desc desc;
    const void *texels;
    tgx_tex_binding *b;
} xbinding;
#define XBINDINGS 8

typedef struct xmask_stack {
    uint32_t *data;
    uint8_t *full;     /* per entry: the mask was all ones over the run's lanes */
    unsigned top, cap; /* in entries of W words */
} xmask_stack;

/* The five masks whose AND is exec, as bits of xmach.full. */
enum {
    XFULL_COND = 1,
    XFULL_LOOP = 2,
    XFULL_CONT = 4,
    XFULL_SW = 8,
    XFULL_FUNC = 16,
    XFULL_ALL = 31
};

typedef struct xcall_frame {
    int32_t ret_pc;
    unsigned cond_top, loop_top, cont_top, sw_top;
} xcall_frame;

typedef struct xbuffer {
    uint8_t *data;
    size_t size;
} xbuffer;

/* A compiled program's runner (src/jit, tgx/jit.h): when a machine has one, x_run hands it the
 * run after the machine has set it up (masks reset, inputs and system values filled). */
typedef tgx_status (*xrunner)(void *user, xmach *m, tgx_diag *d);

struct tgx_exec_machine {
    const tgx_exec_program *p;
    unsigned W;     /* words of a lane array: max lanes rounded up to a multiple of 16, so that
                       the compiled code's lane groups (8 or 16 lanes) never reach past one */
    unsigned lanes; /* the widest run: max lanes rounded up to a multiple of 4 */
    unsigned n;     /* lanes of the current run, a multiple of 4 (kernels step in groups of four) */
    xword *store;
    xword *scratch; /* XSRC_MAX * 4 lane arrays for fetched sources */
    xword *res;     /* 8 lane arrays of results (4 channels, doubles need pairs) */
    xword *tmp;     /* 8 more lane arrays for instruction-internal values */
    /* masks */
    uint32_t *exec, *cond, *loop, *cont, *sw, *func;
    uint32_t *killed, *live; /* live = covered by the primitive and not killed */
    /* innermost SWITCH: its selector, the lanes that entered it, the lanes no CASE matches */
    uint32_t *sw_sel, *sw_entry, *sw_default;
    /* lanes of the groups of four that sample through one texture unit (exec_tex.c) */
    uint32_t *unit_lanes;
    bool all;      /* exec is all ones over n lanes */
    unsigned full; /* XFULL_* bits: which of cond, loop, cont, sw, func are all ones over n lanes,
                      so that x_update_exec has nothing to compute when all five are */
    xmask_stack cond_st, loop_st, cont_st, sw_st, swsel_st, swent_st, swdef_st, func_st, addr_st;
    xcall_frame *calls;
    unsigned ncalls, calls_cap;
    int32_t pc;
    bool halt;
    tgx_status err;
    tgx_diag *diag;
    uint64_t budget, executed;
    tgx_exec_f2i_rule f2i_rule;
    tgx_exec_denorm_rule denorm_rule;
    tgx_exec_tex_hook tex_hook; /* NULL: the texture unit (exec_tex.c) */
    void *tex_hook_user;
    /* bindings */
    const uint32_t *cbuf[XUNITS];
    size_t cbuf_words[XUNITS];
    xbuffer buffer[XUNITS], rawres[XUNITS];
    uint8_t *shared;
    size_t shared_size;
    const tgx_tex_view *sview[XUNITS];
    const tgx_sampler *sampler[XUNITS];
    /* the texture unit's bindings (tgx_tex_bind) of the (view, sampler) pairs sampled, found again
     * by what they bind (exec_tex.c, x_binding), so that callers may change a view or a sampler
     * between runs; bind_next: the entry replaced next */
    xbinding bind_cache[XBINDINGS];
    unsigned bind_next;
    tgx_tex *image[XUNITS];
    uint32_t image_level[XUNITS];
    /* geometry output, per lane: vertices in emission order (noutputs * 4 words each), their
     * stream and strip number, and per stream the vertex count, the open strip's number and
     * length (exec_geom.c) */
    uint32_t *gs_words;
    uint8_t *gs_vstream;
    uint32_t *gs_vstrip;
    uint32_t *gs_nverts;
    uint32_t *gs_emitted, *gs_strip, *gs_len; /* [lane * 4 + stream] */
    unsigned gs_cap;                          /* vertices a lane can hold: max_vertices * streams */
    uint32_t *masks;                          /* storage of the mask lane arrays above */
    xrunner runner;                           /* NULL: the interpreter runs the program */
    void *runner_user;
    void (*runner_free)(void *user); /* called with runner_user when the machine is destroyed */
};

static inline xword *xslot(xmach *m, uint32_t slot)
{
    return m->store + (size_t)slot * m->W;
}

/* Under TGX_EXEC_DENORMS_FLUSH: XDN_SRC reads denormal float sources as zero of their sign
 * (XDN_SRC0: source 0 only), XDN_DST writes denormal float results as zero of their sign. Which
 * operands are float is the opcode table's fact, not this column's: xinst's flush masks. */
enum { XDN_SRC = 1u, XDN_DST = 2u, XDN_SRC0 = 4u };
/* exec_ops.def's DENORM column */
enum { XDN_NONE = 0u, XDN_READ = XDN_SRC, XDN_BOTH = XDN_SRC | XDN_DST };
/* xinst.flush_dst: the result is not flushed, or is flushed as 32-bit floats, or as doubles */
enum { XFD_NONE = 0u, XFD_FLOAT, XFD_DOUBLE };
/* exec_machine.c: src with every denormal replaced by zero of its sign, into dst (may be src) */
const xword *x_flush_denorms(xword *dst, const xword *src, unsigned n);
/* The same for doubles held as (lo, hi) word arrays: the pair becomes zero of its sign when its
 * exponent field is 0; written into (dlo, dhi), which may be (lo, hi). */
void x_flush_denorms64(xword *dlo, xword *dhi, const xword *lo, const xword *hi, unsigned n);

/* exec_geom.c */
tgx_status x_geom_alloc(xmach *m);
void x_geom_free(xmach *m);

/* exec_machine.c */

/* Resource units per group of four lanes (exec_tex.c, exec_mem.c): Mesa 22.3's tgsi_exec runs
 * four lanes at a time and its fetch_sampler_unit / fetch_store_img_unit take, for all four,
 * base index + address component of the first lane whose execution-mask bit is set. A pair
 * with a unit outside 0..XUNITS-1 reads as (-1, -1): every such pair reads nothing, so they
 * are handled together. */
bool x_group_units(const xmach *m, const xreg *a, const xreg *b, unsigned q0, int64_t u[2]);
/* Walks the distinct unit pairs of the executing groups: each call sets u and marks in
 * m->unit_lanes the executing lanes of every group that names u; false when none is left.
 * Start with a zeroed walk; m->exec must be the same for every call. */
typedef struct xunits_walk {
    uint32_t done[TGX_EXEC_MAX_LANES / 4 / 32]; /* bit q: group q handled */
    unsigned q0;
} xunits_walk;
bool x_units_next(xmach *m, const xreg *a, const xreg *b, xunits_walk *w, int64_t u[2]);

tgx_status x_run(xmach *m, tgx_diag *d);
/* tgx_exec_machine_create without its compute-block check: a machine that runs parts of a
 * block (the compiled code's group machine, src/jit). max_lanes in 1..TGX_EXEC_MAX_LANES. */
tgx_status x_machine_create(const tgx_exec_program *p, unsigned max_lanes, xmach **out,
                            tgx_diag *d);
/* Stops the run at in: the instruction budget is spent (the message of every budget stop). */
void x_fail_budget(xmach *m, const xinst *in);
void x_reset_state(xmach *m, unsigned lanes_valid);
xword *x_lane_reg(const xmach *m, unsigned file, unsigned reg, unsigned chan);
const xword *x_fetch_typed(xmach *m, const xreg *r, unsigned chan, xword *scratch);
/* Source s, channel chan of in as a lane array: a plain operand is read in place, others go
 * through the machine's scratch array of (s, chan). */
static inline const xword *x_fetch(xmach *m, const xinst *in, unsigned s, unsigned chan)
{
    const xreg *r = &in->src[s];
    xword *scratch = m->scratch + (size_t)(s * 4 + chan) * m->W;
    const xword *v = r->plain ? xslot(m, r->slot[chan]) : x_fetch_typed(m, r, chan, scratch);
    /* TGX_EXEC_DENORMS_FLUSH: this opcode reads the source's denormals as zeros */
    if (m->denorm_rule == TGX_EXEC_DENORMS_FLUSH && (in->flush32 & (1u << s)))
        v = x_flush_denorms(scratch, v, m->n);
    return v;
}
void x_store(xmach *m, const xinst *in, unsigned d, unsigned chan, xword *val);
void x_store_raw(xmach *m, const xinst *in, unsigned d, unsigned chan, const xword *val);
/* _SAT of float lanes: fminf(fmaxf(x, 0), 1), the C library's NaN rules included. */
void x_saturate(xword *v, unsigned n);
/* What happens to a result before it is stored: denormals flushed (XDN_DST under
 * TGX_EXEC_DENORMS_FLUSH), then _SAT. */
static inline void x_finish_result(xmach *m, const xinst *in, xword *v)
{
    if (in->flush_dst == XFD_FLOAT && m->denorm_rule == TGX_EXEC_DENORMS_FLUSH)
        x_flush_denorms(v, v, m->n);
    if (in->sat)
        x_saturate(v, m->n);
}
/* dst = val where e is set, unchanged elsewhere. */
void x_blend(xword *restrict dst, const xword *restrict val, const uint32_t *restrict e,
             unsigned n);
void x_update_exec(xmach *m);
void x_fail(xmach *m, const xinst *in, tgx_status st, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Pushes n lanes of mask and whether it is full; NULL (m->err set) when out of memory. */
uint32_t *x_mask_push(xmach *m, xmask_stack *st, const uint32_t *mask, bool full);
/* count * size zeroed bytes on cache lines of their own (64-byte aligned, rounded up to 64), for
 * whatever a thread writes while it runs: the pipeline's worker threads create their machines
 * one after another, and plain allocations of two machines could share a line, which the two
 * threads would then pass back and forth. free() releases it; NULL when out of memory. */
void *x_alloc_lines(size_t count, size_t size);
/* Pops into mask; returns whether the popped mask is full (false on an empty stack). */
bool x_mask_pop(xmach *m, xmask_stack *st, uint32_t *mask);
const uint32_t *x_mask_top(const xmach *m, const xmask_stack *st);
bool x_mask_top_full(const xmask_stack *st);
/* Whether the first n lanes of mask are all ones. */
bool x_all_ones(const uint32_t *mask, unsigned n);
bool x_any(const xmach *m, const uint32_t *mask);
/* exec has a lane on. */
static inline bool x_any_exec(const xmach *m)
{
    return m->all || x_any(m, m->exec);
}
/* exec_tex.c: LOAD whose resource is a sampler view. */
void x_op_load_sview(xmach *m, const xinst *in);

#endif
