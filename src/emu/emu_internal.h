/* Internal state of the Maxwell warp emulator, shared by machine.c (state), run.c (the
 * instruction driver) and the per-kind executors (sample.c, fetch.c, query.c). */
#ifndef TGX_EMU_INTERNAL_H
#define TGX_EMU_INTERNAL_H

#include "tgx/sm5_emu.h"

#define EMU_W TGX_SM5_EMU_THREADS

typedef struct emu_header_slot {
    tgx_sm5_emu_header h;
    bool set;
} emu_header_slot;

typedef struct emu_sampler_slot {
    tgx_sampler s;
    bool set;
} emu_sampler_slot;

/* Memory a kernel launch shares among its warps (kernel.c): global regions (the caller's
 * buffers and the module's globals) and the block's shared memory. */
typedef struct emu_region {
    uint64_t addr;
    size_t size;
    unsigned char *data;
    bool read_only;
    char name[32];
} emu_region;

typedef struct emu_mem {
    emu_region *global;
    size_t nglobal, capglobal;
    unsigned char *shared;
    size_t shared_size;
} emu_mem;

/* An entry of the warp's SIMT stack (warp.c): a reconvergence point (SSY), a break or continue
 * target (PBK, PCNT), a call's return address (CAL), or the other side of a divergent branch
 * (DIV); mask holds the threads that resume at pc when the entry is popped. */
typedef enum emu_frame_kind {
    EMU_F_SYNC,
    EMU_F_BRK,
    EMU_F_CONT,
    EMU_F_CALL,
    EMU_F_DIV
} emu_frame_kind;

typedef struct emu_frame {
    emu_frame_kind kind;
    uint64_t pc;
    uint32_t mask;
} emu_frame;

#define EMU_STACK_MAX 1024u

struct tgx_sm5_emu {
    tgx_sm5_arch arch;
    uint32_t reg[TGX_SM5_EMU_REGS][EMU_W];
    uint8_t reg_kind[TGX_SM5_EMU_REGS][EMU_W]; /* tgx_sm5_emu_kind of each value */
    uint32_t pred[TGX_SM5_EMU_PREDS];          /* bit t = thread t */
    uint32_t reg_written[8];                   /* bit r of the 256-bit set */
    uint32_t pred_written;
    uint32_t active, helpers;
    bool quads;
    uint32_t *bank[TGX_SM5_EMU_BANKS]; /* TGX_SM5_EMU_BANK_WORDS each, allocated when written */
    unsigned tex_bank;
    bool via_header;
    emu_header_slot *headers; /* indices 0..nheaders-1 */
    uint32_t nheaders, header_max;
    emu_sampler_slot *samplers;
    uint32_t nsamplers, sampler_max;
    /* whole-warp execution (warp.c, alu.c): condition codes (bit t), thread identity,
     * memories, the program counter and the SIMT stack */
    uint32_t cc_z, cc_s, cc_c, cc_o;
    uint32_t tid[3][EMU_W];
    uint32_t ctaid[3], ntid[3], nctaid[3], warp_id;
    emu_mem *mem;         /* borrowed; NULL: no global or shared memory */
    unsigned char *local; /* local_size bytes a thread, owned */
    size_t local_size;
    uint64_t pc;
    uint32_t exited; /* threads that ran EXIT (or never existed) */
    emu_frame *stack;
    size_t depth, capstack;
    uint64_t executed; /* instructions run (the budget counts them) */
};

/* One 32-lane column of words, readable as floats or signed integers. */
typedef union emu_col {
    uint32_t u[EMU_W];
    int32_t i[EMU_W];
    float f[EMU_W];
} emu_col;

/* What the executors see of one instruction: its fields, the parameters gathered from Ra/Rb
 * (columns by tgx_sm5_param; absent ones are 0), and the results they fill. */
typedef struct emu_ctx {
    tgx_sm5_emu *emu;
    const tgx_sm5_insn *in;
    emu_col param[TGX_SM5_P_COUNT];
    bool has[TGX_SM5_P_COUNT];
    uint32_t exec;   /* threads that execute and write */
    emu_col res[4];  /* result components R, G, B, A */
    uint8_t kind[4]; /* what each component holds (tgx_sm5_emu_kind), as the groups agree */
    bool kind_set;   /* a group has set kind */
    uint32_t sparse; /* threads whose fetch hit unmapped memory (Ps) */
    tgx_diag *d;
} emu_ctx;

/* A group of executing threads that name the same header and sampler. header / samp are NULL
 * when the pointer is invalid. */
/* The threads of a warp bit mask as the texture unit's lane mask (tex.h tgx_lane_mask). */
static inline void emu_lane_mask(uint32_t bits, tgx_lane_mask out[EMU_W])
{
    for (unsigned t = 0; t < EMU_W; t++)
        out[t] = (bits >> t) & 1u ? 0xffffffffu : 0u;
}

typedef struct emu_group {
    uint32_t mask;
    const tgx_sm5_emu_header *header;
    const tgx_sampler *samp;
} emu_group;

/* The executors: fill ctx->res (and ctx->sparse) for the threads of g; return a status (the
 * texture unit refusing a request is an error with its message). Threads of g whose texture is
 * invalid or does not match get zeros, which the caller has already stored. */
tgx_status emu_sample(emu_ctx *c, const emu_group *g); /* TEX, TEXS, TXD */
tgx_status emu_gather(emu_ctx *c, const emu_group *g); /* TLD4, TLD4S */
tgx_status emu_fetch(emu_ctx *c, const emu_group *g);  /* TLD, TLDS */
tgx_status emu_lod(emu_ctx *c, const emu_group *g);    /* TMML */
tgx_status emu_query(emu_ctx *c, const emu_group *g);  /* TXQ */
/* What TXQ's query returns in each component for header h (query.c, beside the answers). */
void emu_query_kinds(unsigned query, const tgx_sm5_emu_header *h, uint8_t kind[4]);
tgx_status emu_txa(emu_ctx *c, const emu_group *g); /* TXA */

/* Shared by the executors (target.c). */

/* Does the header's texture type fit the instruction's #paramA (sm5-TLD: "the number of
 * coordinates (1D, 2D, 3D[, CUBE]) matches"; arrays and non-arrays mix freely)? Sampling
 * instructions also need a texture that can be filtered (not a buffer, not multisampled). */
bool emu_target_matches(const tgx_sm5_insn *in, const tgx_sm5_emu_header *h, bool sampling);
bool emu_insn_is_array(const tgx_sm5_insn *in);
bool emu_header_is_array(const tgx_sm5_emu_header *h);
/* Texel offsets of a packed .AOFFI register: `bits`-wide two's-complement fields `stride` bits
 * apart, `n` of them. */
void emu_unpack_offsets(const emu_col *packed, unsigned n, unsigned stride, unsigned bits,
                        unsigned shift, emu_col out[3]);
/* Fills the lanes of mask in all four result columns with v. */
void emu_fill(emu_ctx *c, uint32_t mask, uint32_t v);
/* The instruction's #paramA (TLD4S and TXA: 2D). */
unsigned emu_insn_target(const tgx_sm5_insn *in);
/* Axes of the instruction's target that take coordinates (1, 2 or 3). */
unsigned emu_coord_axes(const tgx_sm5_insn *in);

/* ---- whole-warp execution ------------------------------------------------------------------ */

/* One instruction outside the texture classes as its executor sees it (alu.c, warp.c). */
typedef struct emu_op {
    tgx_sm5_emu *emu;
    uint64_t w;
    uint32_t ctrl;
    tgx_sm5_op_info info;
    uint32_t exec;     /* threads that run it: active and guard predicate true */
    uint64_t pc, next; /* its address and the next instruction's */
    int stop;          /* set by BAR.SYNC: the warp waits for its block */
    tgx_diag *d;
} emu_op;

typedef tgx_status (*emu_op_fn)(emu_op *o);
/* The executor of an opclass (emu_ops.def), or NULL. */
emu_op_fn emu_op_executor(const char *opclass);

static inline uint32_t emu_bits(uint64_t w, unsigned lo, unsigned width)
{
    return (uint32_t)((w >> lo) & ((1ull << width) - 1));
}

static inline uint32_t emu_r(const tgx_sm5_emu *e, unsigned r, unsigned t)
{
    return r < TGX_SM5_EMU_REGS ? e->reg[r][t] : 0u;
}

static inline void emu_w(tgx_sm5_emu *e, unsigned r, unsigned t, uint32_t v)
{
    if (r < TGX_SM5_EMU_REGS) {
        e->reg[r][t] = v;
        e->reg_written[r / 32] |= 1u << (r % 32);
    }
}

/* A predicate of all threads (PT: all ones). */
static inline uint32_t emu_p(const tgx_sm5_emu *e, unsigned p)
{
    return p >= TGX_SM5_EMU_PREDS ? 0xffffffffu : e->pred[p];
}

/* Sets predicate p of the threads of mask to the bits of v (PT: dropped). */
static inline void emu_pw(tgx_sm5_emu *e, unsigned p, uint32_t mask, uint32_t v)
{
    if (p < TGX_SM5_EMU_PREDS && mask) {
        e->pred[p] = (e->pred[p] & ~mask) | (v & mask);
        e->pred_written |= 1u << p;
    }
}

/* The executors warp.c defines (memory, atomics, SHFL, VOTE, BAR, control). */
tgx_status emu_x_memory(emu_op *o);
tgx_status emu_x_atom(emu_op *o);
tgx_status emu_x_shfl(emu_op *o);
tgx_status emu_x_vote(emu_op *o);
tgx_status emu_x_nothing(emu_op *o);
tgx_status emu_x_bar(emu_op *o);
tgx_status emu_x_flow(emu_op *o);

/* The instruction loop (warp.c): a warp starts at entry with the threads of mask (the others
 * count as exited); it runs until it finishes, waits at BAR.SYNC (*waiting) or has run *budget
 * instructions (an error). */
void emu_warp_start(tgx_sm5_emu *e, uint64_t entry, uint32_t threads);
bool emu_warp_done(const tgx_sm5_emu *e);
tgx_status emu_warp_run(tgx_sm5_emu *e, const tgx_sm5_code_section *sec, uint64_t *budget,
                        bool *waiting, tgx_diag *d);

/* Fails with the instruction's address and the reason. */
tgx_status emu_op_fail(const emu_op *o, tgx_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* size bytes at addr in a memory space for thread t (warp.c), bounds-checked: NULL and *st an
 * error naming the thread and address when they are outside it. */
typedef enum emu_space { EMU_GLOBAL, EMU_SHARED, EMU_LOCAL } emu_space;
unsigned char *emu_mem_at(emu_op *o, emu_space sp, unsigned t, uint64_t addr, size_t size,
                          bool write, tgx_status *st);

#endif
