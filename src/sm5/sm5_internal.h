/* Internal tables of the sm5 module, shared by codec.c, print.c and parse.c. */
#ifndef TGX_SM5_INTERNAL_H
#define TGX_SM5_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tgx/sm5.h"

/* The members of tgx_sm5_insn a field can fill (sm5_fields.def), one row each:
 *   X(NAME, DIAG, KIND, ARG)
 * DIAG  the operand's name in the spec pages, for diagnostics
 * KIND  how a field value v is stored (sm5_field_store) and read back (sm5_field_load):
 *       U8 / U16: the member at byte offset ARG; FLAG: the TGX_SM5_F_* bit ARG is v;
 *       LODLL: lod = v ? .LL : .LZ (TLD's 1-bit LOD); TOFF: toff = v, with the AOFFI/PTP flags
 *       mirroring it; ZERO: a bit that must be 0 (decode rejects other values) */
#define SM5_FLD_LIST(X)                                                                            \
    X(RD, "Rd", U8, offsetof(tgx_sm5_insn, rd)) /* TEXS/TLDS/TLD4S: Rd0 */                         \
    X(RD1, "Rd1", U8, offsetof(tgx_sm5_insn, rd1))                                                 \
    X(RA, "Ra", U8, offsetof(tgx_sm5_insn, ra))                                                    \
    X(RB, "Rb", U8, offsetof(tgx_sm5_insn, rb))                                                    \
    X(PRED, "Pg", U8, offsetof(tgx_sm5_insn, pred))                                                \
    X(PNEG, "Pg negation", U8, offsetof(tgx_sm5_insn, pred_neg))                                   \
    X(SPARSE, "Ps", U8, offsetof(tgx_sm5_insn, sparse_pred))                                       \
    X(TARGET, "paramA", U8, offsetof(tgx_sm5_insn, target))                                        \
    X(WMASK, "wmsk", U8, offsetof(tgx_sm5_insn, wmask))                                            \
    X(WENC, "wmsk", U8, offsetof(tgx_sm5_insn, wmsk_enc))                                          \
    X(SENC, "encoding", U8, offsetof(tgx_sm5_insn, texs_enc)) /* decode adds target/lod/flags */   \
    X(NDV, ".NDV", FLAG, TGX_SM5_F_NDV)                                                            \
    X(NODEP, ".NODEP", FLAG, TGX_SM5_F_NODEP)                                                      \
    X(DC, ".DC", FLAG, TGX_SM5_F_DC)                                                               \
    X(AOFFI, ".AOFFI", FLAG, TGX_SM5_F_AOFFI)                                                      \
    X(LC, ".LC", FLAG, TGX_SM5_F_LC)                                                               \
    X(MS, ".MS", FLAG, TGX_SM5_F_MS)                                                               \
    X(CL, ".CL", FLAG, TGX_SM5_F_CL)                                                               \
    X(LOD, "lod", U8, offsetof(tgx_sm5_insn, lod)) /* 3 bits (TEX) */                              \
    X(LODLL, "lod", LODLL, 0)                      /* 1 bit: 0 .LZ, 1 .LL (TLD) */                 \
    X(TOFF, "toff", TOFF, 0)                                                                       \
    X(COMP, "component", U8, offsetof(tgx_sm5_insn, component))                                    \
    X(INDEX, "tsPtrIdx", U16, offsetof(tgx_sm5_insn, tex_index))                                   \
    X(QUERY, "query", U8, offsetof(tgx_sm5_insn, query))                                           \
    X(ZERO, "reserved", ZERO, 0)

typedef enum sm5_fld {
#define X(name, diag, kind, arg) SM5_FLD_##name,
    SM5_FLD_LIST(X)
#undef X
        SM5_FLD_COUNT
} sm5_fld;

typedef enum sm5_fld_kind {
    SM5_KIND_U8,
    SM5_KIND_U16,
    SM5_KIND_FLAG,
    SM5_KIND_LODLL,
    SM5_KIND_TOFF,
    SM5_KIND_ZERO
} sm5_fld_kind;

typedef struct sm5_fld_info {
    const char *name; /* DIAG */
    uint8_t kind;     /* sm5_fld_kind */
    uint32_t arg;     /* member offset or flag */
} sm5_fld_info;

extern const sm5_fld_info sm5_flds[SM5_FLD_COUNT];

/* Stores field value v into the member field f fills (decode's inner loop, so inline). */
static inline void sm5_field_store(tgx_sm5_insn *in, sm5_fld f, uint32_t v)
{
    const sm5_fld_info *fi = &sm5_flds[f];
    unsigned char *base = (unsigned char *)in;
    switch ((sm5_fld_kind)fi->kind) {
    case SM5_KIND_U8: base[fi->arg] = (uint8_t)v; break;
    case SM5_KIND_U16: {
        uint16_t h = (uint16_t)v;
        memcpy(base + fi->arg, &h, sizeof h);
        break;
    }
    case SM5_KIND_FLAG: in->flags = v ? in->flags | fi->arg : in->flags & ~fi->arg; break;
    case SM5_KIND_LODLL: in->lod = v ? TGX_SM5_LOD_LL : TGX_SM5_LOD_LZ; break;
    case SM5_KIND_TOFF:
        in->toff = (uint8_t)v;
        in->flags &= ~(TGX_SM5_F_AOFFI | TGX_SM5_F_PTP);
        in->flags |= v == TGX_SM5_TOFF_AOFFI ? TGX_SM5_F_AOFFI
                     : v == TGX_SM5_TOFF_PTP ? TGX_SM5_F_PTP
                                             : 0;
        break;
    case SM5_KIND_ZERO: break;
    }
}

/* The value field f takes from in's members (the inverse of sm5_field_store). */
uint32_t sm5_field_load(const tgx_sm5_insn *in, sm5_fld f);

/* The KIND and ARG columns of SM5_FLD_LIST as constants, so that each row of sm5_fields carries
 * them and decode reads one row per field. */
enum {
#define X(name, diag, kind, arg) SM5_KINDOF_##name = SM5_KIND_##kind, SM5_ARGOF_##name = (int)(arg),
    SM5_FLD_LIST(X)
#undef X
};

/* A field of a class: which member of tgx_sm5_insn it fills (sm5_fields.def). */
typedef struct sm5_field {
    uint8_t cls; /* tgx_sm5_class */
    uint8_t fld; /* sm5_fld */
    uint8_t lo;
    uint8_t width;
    uint8_t kind; /* sm5_flds[fld].kind */
    uint16_t arg; /* sm5_flds[fld].arg */
} sm5_field;

/* Row numbers of sm5_fields: SM5_ROWS_<class> is the first row of the class's block (the def
 * lists each class's fields together, SM5_CLASS(c) before them), so a class's fields are read
 * without a search. */
enum sm5_field_row {
#define SM5_CLASS(c)       SM5_ROWS_##c, SM5_ROWS_##c##_MARK = SM5_ROWS_##c - 1,
#define FIELD(c, f, lo, w) SM5_ROW_##c##_##f##_##lo,
#include "sm5/sm5_fields.def"
#undef FIELD
#undef SM5_CLASS
    SM5_ROW_COUNT
};

/* The first row of each class's block in sm5_fields; the block runs while the rows' class is
 * the same (SM5_ROW_COUNT rows in all). */
extern const uint8_t sm5_class_first[TGX_SM5_CLASS_COUNT];

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

/* The modifiers a syntax row lists after the mnemonic, one table for the printer and the
 * parser: X(NAME, TEXT, FLAG). TEXT is printed when FLAG is set in tgx_sm5_insn.flags (FLAG 0:
 * always, .B and TMML's .LOD); an empty TEXT marks the ones printed by name from a member: LOD
 * the LOD mode (sm5_lod_names), COMP the gather component, TOFF the offset mode. */
#define SM5_MOD_LIST(X)                                                                            \
    X(END, "", 0)                                                                                  \
    X(B, ".B", 0)                                                                                  \
    X(LODQ, ".LOD", 0)                                                                             \
    X(F16, ".F16", TGX_SM5_F_F16)                                                                  \
    X(LC, ".LC", TGX_SM5_F_LC)                                                                     \
    X(AOFFI, ".AOFFI", TGX_SM5_F_AOFFI)                                                            \
    X(DC, ".DC", TGX_SM5_F_DC)                                                                     \
    X(NDV, ".NDV", TGX_SM5_F_NDV)                                                                  \
    X(NODEP, ".NODEP", TGX_SM5_F_NODEP)                                                            \
    X(MS, ".MS", TGX_SM5_F_MS)                                                                     \
    X(CL, ".CL", TGX_SM5_F_CL)                                                                     \
    X(LOD, "", 0)                                                                                  \
    X(COMP, "", 0)                                                                                 \
    X(TOFF, "", 0)

typedef enum sm5_mod {
#define X(name, text, flag) SM5_MOD_##name,
    SM5_MOD_LIST(X)
#undef X
        SM5_MOD_COUNT
} sm5_mod;

typedef struct sm5_mod_info {
    const char *text;
    uint8_t len; /* strlen(text) */
    uint32_t flag;
} sm5_mod_info;

extern const sm5_mod_info sm5_mods[SM5_MOD_COUNT];

/* The operands a syntax row lists, in order, X(NAME, DIAG) with DIAG the spec pages' name
 * for diagnostics: SPARSE "Pn, " unless the sparse predicate is PT; RB_OPT Rb, left out when it
 * is RZ; ZERO the constant 0x0 of bindless forms; WENC the TEXS/TLDS write-mask name (wmsk2C
 * when Rd1 is RZ, else wmsk34C); QUERY TXQ's query. */
#define SM5_OPND_LIST(X)                                                                           \
    X(END, "")                                                                                     \
    X(SPARSE, "Ps")                                                                                \
    X(RD, "Rd")                                                                                    \
    X(RD1, "Rd1")                                                                                  \
    X(RA, "Ra")                                                                                    \
    X(RB, "Rb")                                                                                    \
    X(RB_OPT, "Rb")                                                                                \
    X(INDEX, "tsPtrIdx")                                                                           \
    X(ZERO, "tsPtrIdx")                                                                            \
    X(TARGET, "paramA")                                                                            \
    X(WMASK, "wmsk")                                                                               \
    X(WENC, "wmsk")                                                                                \
    X(QUERY, "query")

typedef enum sm5_opnd {
#define X(name, diag) SM5_OPND_##name,
    SM5_OPND_LIST(X)
#undef X
        SM5_OPND_COUNT
} sm5_opnd;

extern const char *const sm5_opnd_names[SM5_OPND_COUNT];

/* The 1-based column of operand op in an instruction's text as the parser reads it (RB and
 * WMASK find the class's optional Rb and TEXS/TLDS mask too; an optional operand left out is
 * where it would stand); SM5_OPND_END is the mnemonic. 0 when the text does not parse. */
unsigned sm5_operand_column(const char *text, sm5_opnd op);

#define SM5_SYNTAX_MAX 8 /* modifiers or operands a row lists, SM5_*_END-terminated */

/* The token lists of SYNTAX rows, (LOD, DC), as enumerators SM5_MOD_LOD, SM5_MOD_DC, or as
 * calls f(LOD), f(DC): SM5_TOKENS(f, list) applies f to each token, comma-separated. */
#define SM5_ARG9(a1, a2, a3, a4, a5, a6, a7, a8, n, ...) n
#define SM5_CAT(a, b)                                    SM5_CAT_(a, b)
#define SM5_CAT_(a, b)                                   a##b
#define SM5_EACH(f, ...)                                                                           \
    SM5_CAT(SM5_EACH_, SM5_ARG9(__VA_ARGS__, 8, 7, 6, 5, 4, 3, 2, 1, 0))(f, __VA_ARGS__)
#define SM5_EACH_1(f, a)      f(a)
#define SM5_EACH_2(f, a, ...) f(a), SM5_EACH_1(f, __VA_ARGS__)
#define SM5_EACH_3(f, a, ...) f(a), SM5_EACH_2(f, __VA_ARGS__)
#define SM5_EACH_4(f, a, ...) f(a), SM5_EACH_3(f, __VA_ARGS__)
#define SM5_EACH_5(f, a, ...) f(a), SM5_EACH_4(f, __VA_ARGS__)
#define SM5_EACH_6(f, a, ...) f(a), SM5_EACH_5(f, __VA_ARGS__)
#define SM5_EACH_7(f, a, ...) f(a), SM5_EACH_6(f, __VA_ARGS__)
#define SM5_UNPAREN(...)      __VA_ARGS__
#define SM5_MOD_TOKEN(t)      SM5_MOD_##t
#define SM5_OPND_TOKEN(t)     SM5_OPND_##t
#define SM5_TOKENS(f, list)   SM5_EACH(f, SM5_UNPAREN list)

typedef struct sm5_syntax {
    const char *mnemonic;
    uint8_t mnemonic_len;
    uint8_t mods[SM5_SYNTAX_MAX]; /* sm5_mod */
    uint8_t ops[SM5_SYNTAX_MAX];  /* sm5_opnd */
} sm5_syntax;

extern const sm5_field sm5_fields[];
extern const size_t sm5_field_count;
/* Sorted by value, with disjoint ranges (sm5_opcodes.def). */
extern const sm5_opcode sm5_opcodes[];
extern const size_t sm5_opcode_count;
extern const sm5_senc sm5_sencs[];
extern const size_t sm5_senc_count;
extern const sm5_syntax sm5_syntaxes[TGX_SM5_CLASS_COUNT];

/* Names as nvdisasm prints them. */
typedef struct sm5_name {
    const char *s;
    uint8_t n; /* strlen(s) */
} sm5_name;
#define SM5_NAME(lit)                                                                              \
    {                                                                                              \
        lit, sizeof(lit) - 1                                                                       \
    }

extern const sm5_name sm5_target_names[8];
extern const sm5_name sm5_lod_names[8]; /* "" for none, ".LZ", ... */
extern const sm5_name sm5_toff_names[4];
extern const sm5_name sm5_comp_names[4];
extern const sm5_name sm5_wmsk2_names[8];
extern const sm5_name sm5_wmsk34_names[8];
/* The phase of the control field (bits 17-18, docs/sm5.md "The control field"): "", .T, .P and
 * .INVALIDPHASE3. */
extern const sm5_name sm5_phase_names[4];

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
/* The opcode row whose bits 63..48 match word on arch, or NULL (binary search of the sorted
 * rows). */
const sm5_opcode *sm5_opcode_find(uint64_t word, tgx_sm5_arch arch);
/* Whether cls has a field filling f. */
int sm5_class_has(tgx_sm5_class cls, sm5_fld f);

/* The printer's small helpers are inlined into its per-class code (print.c print_class). */
#define SM5_INLINE static inline __attribute__((always_inline))

/* Characters put by the printer into a caller's buffer, counted like snprintf: len grows with
 * everything put, the buffer keeps what fits (the caller ends it with a NUL). */
typedef struct sm5_out {
    char *buf;
    size_t size, len;
} sm5_out;

void sm5_put_slow(sm5_out *o, const char *s, size_t n);

/* Copies n bytes with fixed-size moves (the compiler turns each into one load and store):
 * two overlapping ones cover any n from 2 to 16, so short names cost no loop or call. */
SM5_INLINE void sm5_copy_short(char *d, const char *s, size_t n)
{
    if (n >= 16) {
        size_t i = 0;
        for (; i + 16 <= n; i += 16)
            memcpy(d + i, s + i, 16);
        if (i < n)
            memcpy(d + n - 16, s + n - 16, 16);
    } else if (n >= 8) {
        memcpy(d, s, 8);
        memcpy(d + n - 8, s + n - 8, 8);
    } else if (n >= 4) {
        memcpy(d, s, 4);
        memcpy(d + n - 4, s + n - 4, 4);
    } else if (n >= 2) {
        memcpy(d, s, 2);
        memcpy(d + n - 2, s + n - 2, 2);
    } else if (n == 1) {
        d[0] = s[0];
    }
}

SM5_INLINE void sm5_put(sm5_out *o, const char *s, size_t n)
{
    if (o->len + n < o->size) { /* room for the bytes and the final NUL */
        sm5_copy_short(o->buf + o->len, s, n);
        o->len += n;
    } else {
        sm5_put_slow(o, s, n);
    }
}

SM5_INLINE void sm5_put_name(sm5_out *o, const sm5_name *name)
{
    sm5_put(o, name->s, name->n);
}

static inline void sm5_put_str(sm5_out *o, const char *s)
{
    sm5_put(o, s, strlen(s));
}
/* v in lower-case hex, at least `digits` digits (leading zeros), no "0x". */
void sm5_put_hex_digits(sm5_out *o, uint64_t v, unsigned digits);

/* The instructions outside the texture classes (ops.c, sm5_ops.def): nvdisasm's text of word at
 * address addr (branch targets are absolute; labels, if not NULL, names them), ending in " ;" or
 * ";" as ctrl says. TGX_ERR_UNSUPPORTED when no form of arch matches the word (d untouched),
 * TGX_ERR_INVALID with nvdisasm's message for a value its tables do not define. */
tgx_status sm5_op_print(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, uint64_t addr,
                        const tgx_sm5_labels *labels, sm5_out *o, tgx_diag *d);

/* Whether word (at addr) is a form with a relative branch target ({t} in sm5_ops.def: BRA, SSY,
 * CAL, ...); *target gets the absolute target. */
int sm5_op_branch_target(uint64_t word, tgx_sm5_arch arch, uint64_t addr, uint64_t *target);

/* Names of branch targets while parsing: address(user, name, &addr) is 1 if name is known. */
typedef struct sm5_op_resolver {
    int (*address)(void *user, const char *name, uint64_t *addr);
    void *user;
} sm5_op_resolver;

/* nvdisasm's text of an instruction outside the texture classes (ops.c, sm5_ops.def) back to
 * its word: the rows of arch with the text's mnemonic, matched token by token, the result printed
 * back and compared. ctrl gets the neutral field with what the text spells (`;` for stall 0, the
 * .reuse flags); *unresolved (may be NULL) says a branch target named an unknown label (encoded
 * as the next instruction). TGX_ERR_UNSUPPORTED for a mnemonic no row has, TGX_ERR_PARSE for
 * text no row matches. */
/* Sets the relative branch target of word (at addr) to target. */
void sm5_op_set_target(uint64_t *word, tgx_sm5_arch arch, uint64_t addr, uint64_t target);

tgx_status sm5_op_parse(const char *text, tgx_sm5_arch arch, uint64_t addr,
                        const sm5_op_resolver *resolve, uint64_t *word, uint32_t *ctrl,
                        int *unresolved, tgx_diag *d);

#endif
