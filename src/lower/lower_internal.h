/* lower_internal.h — what the files of src/lower share: the request a TGSI texture instruction
 * makes of the texture unit (select.c builds it and picks the Maxwell instruction), register
 * allocation (alloc.c), operand names for the listing (print.c). */
#ifndef TGX_LOWER_INTERNAL_H
#define TGX_LOWER_INTERNAL_H

#include "tgx/lower.h"
#include "tgx/tex.h"

#define LW_NO 0xffu /* no operand */

typedef enum lw_kind { LW_SAMPLE, LW_FETCH, LW_GATHER, LW_SIZE, LW_SAMPLES, LW_LOD } lw_kind;
typedef enum lw_lod { LW_IMPLICIT, LW_BIAS, LW_LEVEL, LW_ZERO, LW_GRAD } lw_lod;
typedef enum lw_style { LW_TEX, LW_SMP } lw_style;

/* A row of lower_ops.def. */
typedef struct lw_op {
    tgx_tgsi_opcode op;
    uint8_t kind, lod, style, coords, unit, samp, arg, argch, grads, swz;
} lw_op;

const lw_op *lw_op_find(tgx_tgsi_opcode op);

/* What one TGSI texture instruction asks of the texture unit, with every operand as a
 * reference into the instruction's sources (src = LW_NO: absent). */
typedef struct lw_req {
    const tgx_tgsi_shader *sh;
    const tgx_tgsi_instruction *in;
    const lw_op *op;
    const char *file;
    lw_kind kind;
    lw_lod lod;
    tgx_tgsi_texture tgsi_target; /* as written (TEX style) or declared (SAMPLE style) */
    tgx_tex_target target;        /* the texture unit's shape */
    bool shadow;
    tgx_lower_ref s, t, r, layer, q, ref, arg, sample;
    tgx_lower_ref ddx[3], ddy[3];
    bool has_offsets;
    bool
        runtime_offsets; /* a gather's offsets are a register's (TGX_LOWER_OFFSETS), not offset[] */
    int32_t offset[3];
    unsigned view, sampler; /* unit indices (indirect: the base) */
    bool indirect;
    uint8_t dst_mask;   /* TGSI destination write mask */
    uint8_t dst_swz[4]; /* result channel that destination component c receives */
    uint8_t chan_mask;  /* result channels read */
} lw_req;

/* select.c: the request (TGX_ERR_INVALID with the reason at line:col when TGSI asks for
 * something Maxwell cannot express). */
tgx_status lw_request(const tgx_tgsi_shader *sh, unsigned i, const char *file, lw_req *rq,
                      tgx_diag *d);

/* alloc.c: the registers. Fills out->inputs and out->out from the chosen instruction's operand
 * and destination layouts, and sets Ra, Rb, Rd (Rd1). */
typedef struct lw_param_value {
    uint8_t pack;
    bool has_q;
    tgx_lower_ref a, q;
    uint32_t imm;
} lw_param_value;

tgx_status lw_allocate(const lw_req *rq, tgx_lower_inst *out, tgx_diag *d);
/* The value a parameter of the layout takes (select.c). */
lw_param_value lw_param(const lw_req *rq, const tgx_lower_inst *li, tgx_sm5_param p);

/* The home register of an operand reference, or -1 when it has none or is not read as it is
 * (modifiers, indirect addressing, another file). */
int lw_home(const lw_req *rq, tgx_lower_ref r);
/* The home of destination component c, or -1. */
int lw_dst_home(const lw_req *rq, unsigned c);

/* txd.c: the TXD emulation (gradients on 3D and cube targets, or with a depth reference). */
bool lw_txd_emulated(const lw_req *rq);
/* TEX.NDV's registers (Ra, Rb, Rd) and the result registers, before the word is checked. */
tgx_status lw_txd_allocate(const lw_req *rq, tgx_lower_inst *li, tgx_diag *d);
/* The inputs and the words of the four rounds around the checked TEX.NDV. */
tgx_status lw_txd_code(const lw_req *rq, tgx_sm5_arch arch, tgx_lower_inst *li, tgx_diag *d);

/* A growing text (text.c); `failed` once an allocation failed, after which nothing is added. */
typedef struct lw_text {
    char *p;
    size_t len, cap;
    bool failed;
} lw_text;

void lw_printf(lw_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Puts head's text in front of t's, in t's buffer (no second copy of a long text). */
void lw_prepend(lw_text *t, const lw_text *head);
/* Adds s[0..n) at the end. */
void lw_append(lw_text *t, const char *s, size_t n);

/* A TGSI operand component as text ("-|TEMP[1].y|", "IMM[0].x"), for the listing. */
void lw_ref_text(const tgx_tgsi_instruction *in, tgx_lower_ref r, char *buf, size_t size);

#endif
