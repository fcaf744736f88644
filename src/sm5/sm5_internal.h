/* Internal tables of the sm5 module, shared by codec.c, print.c and parse.c. */
#ifndef TGX_SM5_INTERNAL_H
#define TGX_SM5_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "tgx/sm5.h"

/* A field of a class: which member of tgx_sm5_insn it fills (sm5_fields.def). */
typedef enum sm5_fld {
    SM5_FLD_RD,     /* rd (TEXS/TLDS/TLD4S: Rd0) */
    SM5_FLD_RD1,    /* rd1 */
    SM5_FLD_RA,     /* ra */
    SM5_FLD_RB,     /* rb */
    SM5_FLD_PRED,   /* pred */
    SM5_FLD_PNEG,   /* pred_neg */
    SM5_FLD_SPARSE, /* sparse_pred */
    SM5_FLD_TARGET, /* target */
    SM5_FLD_WMASK,  /* wmask */
    SM5_FLD_WENC,   /* wmsk_enc */
    SM5_FLD_SENC,   /* texs_enc (also sets target, lod, flags from sm5_encodings.def) */
    SM5_FLD_NDV,    /* flags: TGX_SM5_F_NDV */
    SM5_FLD_NODEP,  /* flags: TGX_SM5_F_NODEP */
    SM5_FLD_DC,     /* flags: TGX_SM5_F_DC */
    SM5_FLD_AOFFI,  /* flags: TGX_SM5_F_AOFFI */
    SM5_FLD_LC,     /* flags: TGX_SM5_F_LC */
    SM5_FLD_MS,     /* flags: TGX_SM5_F_MS */
    SM5_FLD_CL,     /* flags: TGX_SM5_F_CL */
    SM5_FLD_LOD,    /* lod, 3 bits (TEX) */
    SM5_FLD_LODLL,  /* lod, 1 bit: 0 .LZ, 1 .LL (TLD) */
    SM5_FLD_TOFF,   /* toff (and flags AOFFI/PTP) */
    SM5_FLD_COMP,   /* component */
    SM5_FLD_INDEX,  /* tex_index */
    SM5_FLD_QUERY,  /* query */
    SM5_FLD_ZERO,   /* must be 0 */
    SM5_FLD_COUNT
} sm5_fld;

typedef struct sm5_field {
    uint8_t cls; /* tgx_sm5_class */
    uint8_t fld; /* sm5_fld */
    uint8_t lo;
    uint8_t width;
} sm5_field;

typedef struct sm5_opcode {
    uint8_t cls;
    uint8_t f16;
    uint8_t archs; /* bit per tgx_sm5_arch */
    uint16_t mask, value;
} sm5_opcode;

typedef struct sm5_senc {
    uint8_t cls, number, target, lod;
    uint32_t flags;
} sm5_senc;

typedef struct sm5_syntax {
    const char *mnemonic;
    const char *mods;
    const char *operands;
} sm5_syntax;

extern const sm5_field sm5_fields[];
extern const size_t sm5_field_count;
extern const sm5_opcode sm5_opcodes[];
extern const size_t sm5_opcode_count;
extern const sm5_senc sm5_sencs[];
extern const size_t sm5_senc_count;
extern const sm5_syntax sm5_syntaxes[TGX_SM5_CLASS_COUNT];
extern const char *const sm5_fld_names[SM5_FLD_COUNT];

/* Names as nvdisasm prints them. */
extern const char *const sm5_target_names[8];
extern const char *const sm5_lod_names[8]; /* "" for none, ".LZ", ... */
extern const char *const sm5_toff_names[4];
extern const char *const sm5_comp_names[4];
extern const char *const sm5_wmsk2_names[8];
extern const char *const sm5_wmsk34_names[8];

/* TXQ's 'TXQModeDim' value -> name ("TEX_HEADER_DIMENSION", or NULL: print value/2 in decimal,
 * or undefined: see sm5_query_valid). */
const char *sm5_query_name(unsigned v);
int sm5_query_valid(unsigned v);

/* The encoding row for (cls, number), or NULL if undefined. */
const sm5_senc *sm5_senc_find(tgx_sm5_class cls, unsigned number);

/* The bits of the word the fields and opcode of cls cover (what nvdisasm reads). */
uint64_t sm5_read_mask(tgx_sm5_class cls, int f16);

/* Opcode row of cls (with f16) for arch, or NULL. */
const sm5_opcode *sm5_opcode_for(tgx_sm5_class cls, int f16, tgx_sm5_arch arch);

#endif
