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

#endif
