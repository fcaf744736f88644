/* tgx/sm5.h — NVIDIA Maxwell (SM 5.0/5.2/5.3) texture instructions: decode, encode, print
 * (character for character what NVIDIA's nvdisasm 11.8 prints), parse and assemble.
 *
 * A texture instruction is one 64-bit word; its 21-bit scheduling-control field (one slot of the
 * bundle's control word) is a second, separate input: bits 17-18 of it are the texture phase
 * (.T/.P) and stall 0 + yield 0 changes the " ;" ending to ";" (docs/sm5.md).
 *
 * Every field of every class is named in src/sm5/sm5_fields.def (bit position, width, how it
 * prints and parses); decode, encode, print and parse are all driven by that table. The opcode
 * recognition rule (which top bits select which class on which arch) is
 * src/sm5/sm5_opcodes.def, taken from the Maxwell corpus's opcode patterns (docs/sources.md).
 */
#ifndef TGX_SM5_H
#define TGX_SM5_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

typedef enum tgx_sm5_arch {
    TGX_SM5_ARCH_SM50 = 0,
    TGX_SM5_ARCH_SM52 = 1,
    TGX_SM5_ARCH_SM53 = 2,
    TGX_SM5_ARCH_COUNT
} tgx_sm5_arch;

/* "sm_50", "sm_52", "sm_53" -> arch; returns TGX_ERR_ARG for anything else. */
tgx_status tgx_sm5_arch_from_name(const char *name, tgx_sm5_arch *arch);
const char *tgx_sm5_arch_name(tgx_sm5_arch arch); /* "sm_5x", or "?" */
/* A cubin's SM number (tgx_sm5_code_file.sm: 50, 52, 53) -> arch; TGX_ERR_ARG for another. */
tgx_status tgx_sm5_arch_from_sm(unsigned sm, tgx_sm5_arch *arch);

/* Bits of the 21-bit scheduling-control field (per instruction slot of a bundle). */
#define TGX_SM5_CTRL_BITS     21
#define TGX_SM5_CTRL_MASK     0x1fffffu
#define TGX_SM5_CTRL_NEUTRAL  0x7e1u /* stall 1, no barriers, no phase: what oracle/nvdis uses */
#define TGX_SM5_CTRL_PHASE(c) (((c) >> 17) & 3u) /* 1 = .T, 2 = .P, 3 = .INVALIDPHASE3 */
/* Stall 0 with the yield bit (bit 4) set: the instruction issues together with the next one, and
 * nvdisasm brackets the two in `{ }` (observed with nvdisasm 11.8; tests/data/cubin/README.md). */
#define TGX_SM5_CTRL_DUAL(c) (((c)&0x1fu) == 0x10u)

/* The instruction classes: X(enum suffix, mnemonic as nvdisasm prints it). The .F16 forms of
 * TEXS, TLDS and TLD4S are separate opcodes in the word but share their class's fields; they are
 * the flag TGX_SM5_F_F16 here. */
#define TGX_SM5_CLASS_LIST(X)                                                                      \
    X(TEX, "TEX")                                                                                  \
    X(TEX_B, "TEX.B")                                                                              \
    X(TEXS, "TEXS")                                                                                \
    X(TLD, "TLD")                                                                                  \
    X(TLD_B, "TLD.B")                                                                              \
    X(TLDS, "TLDS")                                                                                \
    X(TLD4, "TLD4")                                                                                \
    X(TLD4_B, "TLD4.B")                                                                            \
    X(TLD4S, "TLD4S")                                                                              \
    X(TXD, "TXD")                                                                                  \
    X(TXD_B, "TXD.B")                                                                              \
    X(TXQ, "TXQ")                                                                                  \
    X(TXQ_B, "TXQ.B")                                                                              \
    X(TMML, "TMML")                                                                                \
    X(TMML_B, "TMML.B")                                                                            \
    X(TXA, "TXA")

typedef enum tgx_sm5_class {
#define X(e, mn) TGX_SM5_##e,
    TGX_SM5_CLASS_LIST(X)
#undef X
        TGX_SM5_CLASS_COUNT
} tgx_sm5_class;

const char *tgx_sm5_class_name(tgx_sm5_class cls); /* "TEX.B" & co., "?" if out of range */

/* Texture target (#paramA) as the 3-bit field of TEX/TLD/TLD4/TXD/TMML holds it; TEXS/TLDS
 * derive it from their encoding number. */
typedef enum tgx_sm5_target {
    TGX_SM5_1D = 0,
    TGX_SM5_ARRAY_1D = 1,
    TGX_SM5_2D = 2,
    TGX_SM5_ARRAY_2D = 3,
    TGX_SM5_3D = 4,
    TGX_SM5_ARRAY_3D = 5,
    TGX_SM5_CUBE = 6,
    TGX_SM5_ARRAY_CUBE = 7
} tgx_sm5_target;

/* LOD mode, numbered as TEX's 3-bit field (4 and 5 print .INVALIDBLOD4/5). TLD/TLDS/TEXS/TXD
 * use a subset (TLD: .LZ/.LL, TEXS: none/.LZ/.LL). */
typedef enum tgx_sm5_lod {
    TGX_SM5_LOD_NONE = 0,
    TGX_SM5_LOD_LZ = 1,
    TGX_SM5_LOD_LB = 2,
    TGX_SM5_LOD_LL = 3,
    TGX_SM5_LOD_INVALID4 = 4,
    TGX_SM5_LOD_INVALID5 = 5,
    TGX_SM5_LOD_LBA = 6,
    TGX_SM5_LOD_LLA = 7
} tgx_sm5_lod;

/* TLD4's 2-bit texel-offset mode: none, .AOFFI, .PTP, .INVALIDBTOFF03. */
typedef enum tgx_sm5_toff {
    TGX_SM5_TOFF_NONE = 0,
    TGX_SM5_TOFF_AOFFI = 1,
    TGX_SM5_TOFF_PTP = 2,
    TGX_SM5_TOFF_INVALID3 = 3
} tgx_sm5_toff;

/* Modifier flags (tgx_sm5_insn.flags). AOFFI/PTP mirror the offset field for every class. */
#define TGX_SM5_F_AOFFI (1u << 0)
#define TGX_SM5_F_PTP   (1u << 1)
#define TGX_SM5_F_DC    (1u << 2)
#define TGX_SM5_F_MS    (1u << 3)
#define TGX_SM5_F_CL    (1u << 4)
#define TGX_SM5_F_NDV   (1u << 5)
#define TGX_SM5_F_NODEP (1u << 6)
#define TGX_SM5_F_LC    (1u << 7)
#define TGX_SM5_F_F16   (1u << 8)

#define TGX_SM5_RZ 255u /* register number of RZ */
#define TGX_SM5_PT 7u   /* predicate number of PT */

/* One decoded texture instruction. Every member is a field of the word, by the name the spec
 * pages (docs/sources.md) give it; members a class does not have are 0 (registers RZ,
 * predicates PT). Raw values are kept even where nvdisasm prints a placeholder (INVALID7), so
 * encode(decode(w)) gives back every bit nvdisasm reads. */
typedef struct tgx_sm5_insn {
    tgx_sm5_class cls;
    uint8_t pred;        /* guard @Pg: 0-6, 7 = PT (no guard printed unless negated) */
    uint8_t pred_neg;    /* 1: @!Pg */
    uint8_t sparse_pred; /* Ps, sparse-residency predicate (TEX/TLD/TLD4/TXD): 7 = PT = none */
    uint8_t rd;          /* Rd (TEXS/TLDS/TLD4S: Rd0), 255 = RZ */
    uint8_t rd1;         /* Rd1 of TEXS/TLDS/TLD4S, 255 = RZ */
    uint8_t ra;          /* Ra */
    uint8_t rb;          /* Rb */
    uint8_t rc;          /* Rc: TLD4S's second source/offset register (else RZ) */
    uint8_t wmask;       /* #wmskU04 (bit 0 = R) for 4-bit-mask classes */
    uint8_t wmsk_enc;   /* TEXS/TLDS 3-bit write-mask encoding (wmsk2C if Rd1 = RZ, else wmsk34C) */
    uint8_t texs_enc;   /* TEXS/TLDS encoding number (paramA/.lod/.DC/.AOFFI/.MS combination) */
    uint8_t component;  /* TLD4/TLD4S gather component: 0 R, 1 G, 2 B, 3 A */
    uint8_t target;     /* tgx_sm5_target (decoded from texs_enc for TEXS/TLDS) */
    uint8_t lod;        /* tgx_sm5_lod */
    uint8_t toff;       /* tgx_sm5_toff: TLD4/TLD4.B offset mode */
    uint8_t query;      /* TXQ query kind (6-bit) */
    uint8_t phase;      /* control-field phase when known: 0 none, 1 .T, 2 .P, 3 invalid */
    uint16_t tex_index; /* #tsPtrIdxU13 (TXQ: low 8 bits) */
    uint32_t flags;     /* TGX_SM5_F_* */
} tgx_sm5_insn;

/* Decodes word for arch. Words nvdisasm rejects fail with d->message exactly nvdisasm's error
 * text after "ERROR: ": TGX_ERR_UNSUPPORTED for a word that is not a texture instruction of the
 * arch ("Unrecognized operation for functional unit 'uC'"), TGX_ERR_INVALID for a texture
 * instruction with a field value nvdisasm does not accept ("Opclass 'TEXS', undefined value
 * 0xe for table 'Tex2D4'"). */
tgx_status tgx_sm5_decode(uint64_t word, tgx_sm5_arch arch, tgx_sm5_insn *out, tgx_diag *d);

/* Encodes in for arch. Fails (TGX_ERR_INVALID, message naming the field) where a member does
 * not fit its field or the class does not exist on arch (.F16, .LC, sparse predicate on sm_50).
 * Bits nvdisasm does not read are 0 (docs/sm5.md). */
tgx_status tgx_sm5_encode(const tgx_sm5_insn *in, tgx_sm5_arch arch, uint64_t *word, tgx_diag *d);

/* nvdisasm's text for in under control field ctrl (0x7e1 = neutral), ending " ;" (or ";" when
 * the field has stall 0 and yield 0). Returns the length it would have (like snprintf). */
size_t tgx_sm5_print(const tgx_sm5_insn *in, uint32_t ctrl, char *buf, size_t size);

/* decode + print; on a rejected word, fills d and writes nothing. */
tgx_status tgx_sm5_disasm_word(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, char *buf,
                               size_t size, tgx_diag *d);

/* Names for branch targets: name(user, address) returns the label nvdisasm prints for a target
 * (".L_x_3", a function's symbol), or NULL to print the address in hex. */
typedef struct tgx_sm5_labels {
    const char *(*name)(void *user, uint64_t target);
    void *user;
} tgx_sm5_labels;

/* nvdisasm's text for any instruction word of arch at address addr: a texture instruction as
 * tgx_sm5_print, any other (FADD, MOV, BRA, LDG, ...) from the form table sm5_ops.def
 * (docs/sm5-ops.md), branch targets as absolute addresses or the labels' names (labels may be
 * NULL); "ERROR: " and nvdisasm's message for a word it rejects. Returns TGX_OK, TGX_ERR_INVALID
 * (a word nvdisasm rejects for an undefined field value) or TGX_ERR_UNSUPPORTED (no instruction
 * of arch has this opcode: "Unrecognized operation for functional unit 'uC'"); *len (if not
 * NULL) gets the text's length (like snprintf). */
tgx_status tgx_sm5_insn_text(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, uint64_t addr,
                             const tgx_sm5_labels *labels, char *buf, size_t size, size_t *len);

/* The form of an instruction outside the texture classes (sm5_ops.def, docs/sm5-ops.md), read
 * off its row: its opclass as nvdisasm names it ("FADD", "ISETP", ...), where its second and
 * third sources come from, the immediate and the constant the word holds, and its memory
 * address. src: a register at bits 20..27 and one at 39..46 (REG); the constant c[34..38]
 * [20..33] and a register at 39..46 (CONST); a register at 39..46 and the constant as the third
 * (REG_CONST); an immediate and a register at 39..46 (IMM). imm is the immediate as the 32-bit
 * word it stands for: a float's bits (the 19 bits at 20 and the sign at 56 as its top bits), a
 * double's high word, a sign-extended or unsigned 20-bit integer, or a 32-bit field (the *32I
 * forms); cbank/coff the constant's bank and byte offset; mem_ra/mem_off a memory operand
 * [Ra+offset] (the offset sign-extended and scaled as the row prints it); branch_off a branch
 * target's signed offset from the next instruction (target = address + 8 + branch_off);
 * guarded whether the form has a guard predicate @Pg (bits 16..19).
 * TGX_ERR_UNSUPPORTED
 * when no form of arch has the word, or its control field is one nvdisasm refuses. */
typedef enum tgx_sm5_src {
    TGX_SM5_SRC_REG,
    TGX_SM5_SRC_CONST,
    TGX_SM5_SRC_REG_CONST,
    TGX_SM5_SRC_IMM
} tgx_sm5_src;
typedef struct tgx_sm5_op_info {
    const char *opclass;
    tgx_sm5_src src;
    uint32_t imm;
    unsigned cbank;
    uint32_t coff;
    bool has_mem;
    unsigned mem_ra;
    int64_t mem_off;
    bool has_branch;
    int64_t branch_off;
    bool guarded;
} tgx_sm5_op_info;
tgx_status tgx_sm5_op_form(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, tgx_sm5_op_info *info);

/* nvdisasm's line for one word of a word list (`tgx dis --words`): the text (tgx_sm5_print), or
 * "ERROR: " and nvdisasm's message for a word it rejects. Returns tgx_sm5_decode's status
 * (TGX_ERR_UNSUPPORTED: not a texture instruction of arch; TGX_ERR_INVALID: a texture
 * instruction nvdisasm rejects); *len (if not NULL) gets the text's length (like snprintf). */
tgx_status tgx_sm5_word_text(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, char *buf,
                             size_t size, size_t *len);

/* 1 if nvdisasm knows word as a texture instruction of arch: its top bits select a texture
 * class (tests/data/maxwell/opcode-map.tsv) and, on sm_50, the sparse predicate is PT and
 * .LC is off; the other fields may still be undefined (decode then gives the class's error). */
int tgx_sm5_is_texture_opcode(uint64_t word, tgx_sm5_arch arch);

/* Parses one instruction in nvdisasm syntax (optionally with .T/.P; without address or hex
 * comments) into in; ctrl gets the phase (.T/.P) and the ";" vs " ;" spacing applied to
 * TGX_SM5_CTRL_NEUTRAL. d->column is the 1-based column of the offending text, and the message
 * names the field. A mnemonic that names no texture instruction (MOV, BRA, ...) gives
 * TGX_ERR_UNSUPPORTED, other malformed text TGX_ERR_PARSE. */
tgx_status tgx_sm5_parse(const char *text, tgx_sm5_arch arch, tgx_sm5_insn *in, uint32_t *ctrl,
                         tgx_diag *d);

/* parse + encode. */
tgx_status tgx_sm5_assemble_line(const char *text, tgx_sm5_arch arch, uint64_t *word,
                                 uint32_t *ctrl, tgx_diag *d);

/* What tgx dis prints for an instruction outside the texture classes, before its word's hex
 * comment; tgx_sm5_assemble takes that comment's word for it, as for nvdisasm's MOV or BRA. */
#define TGX_SM5_OTHER_TEXT "<non-texture instruction>"

/* One assembled instruction of a file. */
typedef struct tgx_sm5_asm_insn {
    uint64_t word;
    uint32_t ctrl;     /* 21-bit control field: its bundle's control word where the listing gives
                          one (else neutral), with the phase, ";" and { } spelled in the text */
    unsigned line;     /* 1-based source line */
    int texture;       /* 1: assembled from its text; 0: another instruction, whose word is the
                          listing's hex comment */
    unsigned ctrl_top; /* bit 63 of its bundle's control word, which no slot owns (0 or 1): the
                          listing's on a bundle's first instruction, so that tgx as --bundles
                          writes it back; 0 elsewhere */
} tgx_sm5_asm_insn;

typedef struct tgx_sm5_program {
    tgx_sm5_asm_insn *insns;
    size_t count;
    size_t capacity;
} tgx_sm5_program;

/* Assembles a whole text: one instruction per line (or several in a `{ ... }` bundle, separated
 * by ';'), `/ * addr * /` comments, `//` and `#` line comments, blank lines, and everything else
 * nvdisasm prints for a cubin: directives (lines starting with '.'), labels (`k_f16:`,
 * `.L_x_1:`, `$k$f:`) and the `/ * 0x<16 hex digits> * /` comments of `nvdisasm -hex`:
 *  - after an instruction, its word. Texture instructions are assembled from their text (an
 *    edited text wins over a stale comment); any other instruction (MOV, BRA, ...) takes the
 *    comment's word, and is an error without one. A pair's second instruction, whose line ends
 *    in '}', has its comment on the next hex-only line, where nvdisasm prints it.
 *  - on a line of its own otherwise, the control word of the bundle that starts there (after a
 *    whole number of bundles): the three instructions' fields come from it, with what the text
 *    spells (.T/.P, ";", { }) applied on top, so a listing assembles back into its code bytes.
 * The first error stops it: d has file, line, column and a message naming the field. p is
 * initialised by the call; free it with tgx_sm5_program_free. */
tgx_status tgx_sm5_assemble(const char *text, size_t len, const char *file, tgx_sm5_arch arch,
                            tgx_sm5_program *p, tgx_diag *d);
void tgx_sm5_program_free(tgx_sm5_program *p);

/* ---- legality checker and code-file reader (src/sm5/legal.c, src/sm5/cubin.c) ---- */

/* Code files (src/sm5/cubin.c). Maxwell code comes in 32-byte bundles: one scheduling-control
 * word, then three instructions; instruction slot k (0..2) owns bits 21k..21k+20 of the control
 * word. A code file is either raw little-endian bundles or a cubin (CUDA ELF64), whose .text.*
 * sections hold the bundles. Sections point into the caller's buffer, which must outlive them. */
#define TGX_SM5_BUNDLE_BYTES  32u
#define TGX_SM5_SECT_NAME_MAX 128

typedef struct tgx_sm5_code_section {
    char name[TGX_SM5_SECT_NAME_MAX]; /* ".text.<kernel>" for a cubin, "" for a raw file */
    uint64_t file_offset;             /* where the section's bytes start in the file */
    const unsigned char *data;        /* size bytes inside the caller's buffer */
    size_t size;                      /* a multiple of TGX_SM5_BUNDLE_BYTES */
    unsigned elf_index;               /* its section header index in a cubin (0 for raw) */
} tgx_sm5_code_section;

/* A cubin's sections and symbols as its ELF tables give them (gABI fields), every name
 * NUL-terminated inside the file, every non-NOBITS section's bytes inside the file. */
typedef struct tgx_sm5_elf_section {
    const char *name;
    uint32_t type, link, info;
    uint64_t flags, align, entsize, offset, size;
    const unsigned char *data; /* size bytes inside the caller's buffer; NULL for NOBITS */
} tgx_sm5_elf_section;

typedef struct tgx_sm5_elf_symbol {
    const char *name;
    uint64_t value, size;
    uint8_t info, other; /* ELF's st_info (bind << 4 | type) and st_other */
    uint32_t shndx;
} tgx_sm5_elf_symbol;

typedef struct tgx_sm5_code_file {
    int is_cubin;                   /* 1: ELF64 cubin; 0: raw bundles */
    unsigned sm;                    /* cubin's EF_CUDA_SM number (50, 52, 53, ...); 0 for raw */
    tgx_sm5_code_section *sections; /* code sections in section-header order */
    size_t count;
    /* a cubin's whole ELF view: e_flags, e_type, every section header (index 0 included), the
     * symbol table (entry 0 included; none without a .symtab) */
    uint32_t elf_flags;
    unsigned elf_type;
    tgx_sm5_elf_section *elf_sections;
    size_t elf_count;
    tgx_sm5_elf_symbol *symbols;
    size_t symbol_count;
} tgx_sm5_code_file;

/* A dual-issue pair: the first instruction's control field has TGX_SM5_CTRL_DUAL, the second is
 * the next instruction (in the next bundle when the first is a bundle's last). */
typedef enum tgx_sm5_pair {
    TGX_SM5_PAIR_NONE = 0,
    TGX_SM5_PAIR_FIRST = 1,
    TGX_SM5_PAIR_SECOND = 2
} tgx_sm5_pair;

/* One instruction of a code section: its address as nvdisasm prints it (section-relative, the
 * control words take addresses too), the word, the 21-bit control field of its slot and its
 * place in a dual-issue pair. */
typedef struct tgx_sm5_code_insn {
    uint64_t addr;
    uint64_t word;
    uint32_t ctrl;
    tgx_sm5_pair pair;
} tgx_sm5_code_insn;

/* nvdisasm's whole listing of a code file (src/sm5/listing.c, docs/sm5-listing.md): for a cubin
 * what `nvdisasm FILE` prints (with TGX_SM5_LIST_HEX, `nvdisasm -hex FILE`): header flags, every
 * section (.nv.info attributes, code with functions, .L_x_ labels, relocated operands and
 * indirect-branch notes, data), the undefined symbols; for raw bundles what
 * `nvdisasm -b SM5x [-hex] FILE` prints. arch decodes the code. out->text is NUL-terminated,
 * freed with tgx_sm5_listing_free; out->rejected counts the words nvdisasm would reject (they
 * print as "ERROR: ..."). */
#define TGX_SM5_LIST_HEX 1u
/* With TGX_SM5_LIST_NOVLIW, what `nvdisasm -hex -novliw FILE` prints: one instruction a line,
 * each with its word, no `{ }` around dual-issue pairs (the control words still pair them). */
#define TGX_SM5_LIST_NOVLIW 2u
typedef struct tgx_sm5_listing {
    char *text;
    size_t len;
    size_t rejected;
} tgx_sm5_listing;
tgx_status tgx_sm5_list(const tgx_sm5_code_file *cf, tgx_sm5_arch arch, unsigned flags,
                        tgx_sm5_listing *out, tgx_diag *d);
/* The same for one code section of cf (only, one of cf->sections; NULL: the whole file): its
 * part of the whole listing, line for line (section banner and directives, functions, labels,
 * code; the columns are the whole file's), without the header and the symbols. */
tgx_status tgx_sm5_list_section(const tgx_sm5_code_file *cf, const tgx_sm5_code_section *only,
                                tgx_sm5_arch arch, unsigned flags, tgx_sm5_listing *out,
                                tgx_diag *d);
void tgx_sm5_listing_free(tgx_sm5_listing *l);

/* Whether data[0..size) starts with ELF's magic (0x7f 'E' 'L' 'F'): tgx_sm5_code_file_read reads
 * such a file as a cubin and anything else as raw bundles, so a tool that needs --arch for raw
 * code asks this (1 or 0). */
int tgx_sm5_is_cubin(const void *data, size_t size);

/* Reads a code file from data[0..size). An ELF file (magic 0x7f 'E' 'L' 'F') must be a
 * little-endian ELF64 whose every header, table and name lies inside the file; anything else is
 * raw bundles. A code section whose last instruction asks for dual issue, or whose pair's second
 * instruction asks for it again, is an error (nvdisasm rejects both). Errors name the byte
 * offset. file is only used in diagnostics (may be NULL). */
tgx_status tgx_sm5_code_file_read(const unsigned char *data, size_t size, const char *file,
                                  tgx_sm5_code_file *out, tgx_diag *d);
void tgx_sm5_code_file_free(tgx_sm5_code_file *f);

/* The 21-bit control field of slot (0..2) in a bundle's control word. */
uint32_t tgx_sm5_bundle_ctrl(uint64_t ctrl_word, unsigned slot);

/* "NOP ;" with the neutral control field: what pads a program to whole bundles (the word
 * tools/nvdis pads with). */
#define TGX_SM5_NOP_WORD 0x50B0000000070F00ull

/* A program as a raw code file: ceil(count / 3) bundles of 4 words (the control word made of
 * the instructions' fields and the first one's ctrl_top, then three instructions; NOPs with
 * TGX_SM5_CTRL_NEUTRAL fill the last). Writes at most cap words to out and returns how many the
 * whole program needs. */
size_t tgx_sm5_program_bundles(const tgx_sm5_program *p, uint64_t *out, size_t cap);

/* The control word of bundle b (b < size / 32) of a code section, all 64 bits as they are. */
uint64_t tgx_sm5_code_section_ctrl_word(const tgx_sm5_code_section *s, size_t b);

/* Instructions in a section (3 per bundle), and instruction i of it (i < count). */
size_t tgx_sm5_code_section_insns(const tgx_sm5_code_section *s);
tgx_sm5_code_insn tgx_sm5_code_section_insn(const tgx_sm5_code_section *s, size_t i);

/* Legality (src/sm5/legal.c): the rules of the SM5 pages (docs/sources.md) that
 * nvdisasm does not enforce: the TEXS/TLDS encoding tables and their Ra/Rb packing, the Rd1/RZ
 * vs write-mask tables, register alignment, RZ requirements, .MS/.CL/.DC/.F16 restrictions and
 * TXA's Ra. docs/sm5-legality.md lists every rule with its source. */
typedef enum tgx_sm5_tex_kind {
    TGX_SM5_TEX_UNKNOWN = 0, /* the rule that needs it is not checked */
    TGX_SM5_TEX_FLOAT = 1,
    TGX_SM5_TEX_INTEGER = 2 /* a SINT/UINT format: .F16 results are not supported */
} tgx_sm5_tex_kind;

typedef struct tgx_sm5_legal_opts {
    /* What the instruction's texture holds, when the caller knows (may be NULL). */
    tgx_sm5_tex_kind (*tex_kind)(void *user, const tgx_sm5_insn *in);
    void *user;
} tgx_sm5_legal_opts;

/* Appends one diagnostic per violated rule to out, each message "<the class's own page>:
 * <rule>: <details>", e.g. "sm5-TEXS: Rb must be RZ when nothing is packed in it: encoding 0
 * (1D .LZ) packs no parameter in Rb, but Rb is R4"; a class without a page of its own is named
 * by itself, with the page the rule comes from ("TEX: Rb must not be RZ when parameters are
 * packed in it (sm5-TLD's rule; TEX has no page): TEX 2D .LL packs lod in Rb, but Rb is RZ").
 * file and line go into the diagnostics (may be NULL/0); with the instruction's text (one
 * statement, as tgx_sm5_parse reads it; may be NULL) each points at the operand its rule is about
 * (Ra, Rb, Rd, the mask, the target; the mnemonic for modifier rules), else its column is 0.
 * Rules the pages word as "should ... (no error is generated)" are warnings. Returns
 * TGX_ERR_INVALID if any error was added, TGX_ERR_NOMEM if the list could not grow, else TGX_OK.
 * opts may be NULL. */
tgx_status tgx_sm5_check_legal(const tgx_sm5_insn *in, tgx_sm5_arch arch,
                               const tgx_sm5_legal_opts *opts, const char *file, unsigned line,
                               const char *text, tgx_diag_list *out);

/* tgx_sm5_assemble that does not stop at the first problem: every statement that does not
 * parse or encode adds an error (line, column, message naming the field) to out, and every one
 * that does is decoded again and checked by tgx_sm5_check_legal, its violations placed at the
 * statement's line and the column of the operand each rule is about. p gets the instructions that
 * assembled (legal or not); free it with tgx_sm5_program_free. Returns TGX_ERR_PARSE if a statement
 * did not assemble, else TGX_ERR_INVALID if out holds an error, else TGX_OK (warnings allowed);
 * TGX_ERR_NOMEM when out or p could not grow. opts as for tgx_sm5_check_legal (may be NULL). */
tgx_status tgx_sm5_assemble_checked(const char *text, size_t len, const char *file,
                                    tgx_sm5_arch arch, const tgx_sm5_legal_opts *opts,
                                    tgx_sm5_program *p, tgx_diag_list *out);

/* One line of a word list: `WORD [CTRL] [@ADDR]`, hex with optional 0x, CTRL the 21-bit control
 * field (TGX_SM5_CTRL_NEUTRAL when absent), ADDR the word's address (0 when absent: branch
 * targets are printed as absolute addresses), `#` starts a comment. Sets *has_word to 1 and
 * fills word, ctrl, *addr and *column (1-based column of the word), or to 0 for a line without a
 * word. addr may be NULL where addresses mean nothing: a line with one is then an error. A
 * malformed line gives TGX_ERR_PARSE with d at file:lineno:column. */
tgx_status tgx_sm5_parse_word_line(const char *line, const char *file, unsigned lineno,
                                   int *has_word, uint64_t *word, uint32_t *ctrl, uint64_t *addr,
                                   unsigned *column, tgx_diag *d);

/* ---- end of legality/code-file block ---- */

/* ---- operand layout (src/sm5/layout.c) ----
 * What each register of an instruction's Ra and Rb vectors holds, and where its results go: the
 * one description that the legality checker, the emulator (tgx/sm5_emu.h) and a translator that
 * packs operands all read. Sources per class: the seed pages (TEXS legal modifier table, TLD and
 * TMML packing tables, TXA), and where the pages are silent, Mesa's nouveau (gm107 lowering and
 * register constraints), Mesa's NAK (nak_nir_lower_tex.c) and yuzu's Maxwell decoder; layout.c
 * names the source of each rule and docs/sm5-emu.md tabulates them. */
#define TGX_SM5_PARAM_LIST(X)                                                                      \
    X(ARRAY, "array")         /* array index, U16 in bits 15..0 */                                 \
    X(ARRAY_LC, "array|lc")   /* .LC: array index 15..0, minimum LOD U8.8 in 31..16 */             \
    X(TXD_EXTRA, "array|off") /* TXD: array 15..0 (.LC 11..0), offsets from 16 (.LC 12), LOD       \
                                 clamp U4.8 in 31..20 (.LC) */                                     \
    X(S, "s")                 /* coordinates: fp32, TLD/TLDS: S32 */                               \
    X(T, "t")                                                                                      \
    X(R, "r")                                                                                      \
    X(HANDLE, "handle") /* bindless: samplerPtr[31:20] | headerPtr[19:0] */                        \
    X(LOD, "lod")       /* LOD or bias: fp32; TLD/TLDS: U32 level */                               \
    X(OFFSET, "offset") /* .AOFFI: 4-bit u,v,w at 0,4,8; TLD4/TLD4S: 6-bit u,v in bytes 0,1 */     \
    X(PTP0, "ptp0")     /* TLD4.PTP: texels 0,1: 6-bit x,y in bytes 0,1 and 2,3 */                 \
    X(PTP1, "ptp1")     /* TLD4.PTP: texels 2,3 */                                                 \
    X(DC, "dc")         /* depth reference, fp32 */                                                \
    X(MS, "ms")         /* multisample index, U32 */                                               \
    X(DSDX, "dsdx")     /* TXD gradients, fp32 */                                                  \
    X(DSDY, "dsdy")                                                                                \
    X(DTDX, "dtdx")                                                                                \
    X(DTDY, "dtdy")                                                                                \
    X(DRDX, "drdx")                                                                                \
    X(DRDY, "drdy")                                                                                \
    X(WEIGHTS, "weights") /* TXA: 8 weights of 4 bits */                                           \
    X(LEVEL, "level")     /* TXQ: the level (TEX_HEADER_SAMPLER_POS: the sample), U32 */

typedef enum tgx_sm5_param {
#define X(e, name) TGX_SM5_P_##e,
    TGX_SM5_PARAM_LIST(X)
#undef X
        TGX_SM5_P_COUNT
} tgx_sm5_param;

const char *tgx_sm5_param_name(tgx_sm5_param p); /* "array", "s", ...; "?" out of range */

#define TGX_SM5_LAYOUT_A 4 /* registers Ra..Ra+3 */
#define TGX_SM5_LAYOUT_B 6 /* Rb..Rb+5 (TXD on 3D/CUBE targets reads six gradients) */

typedef struct tgx_sm5_layout {
    uint8_t na, nb;              /* registers read from Ra and from Rb (0: none) */
    uint8_t a[TGX_SM5_LAYOUT_A]; /* tgx_sm5_param held by Ra+i */
    uint8_t b[TGX_SM5_LAYOUT_B]; /* tgx_sm5_param held by Rb+i */
    uint8_t handle_in_a;         /* TXD.B / TXQ.B: the handle is Ra+0, not Rb+0 */
} tgx_sm5_layout;

/* Fills out for in. TGX_ERR_UNSUPPORTED (message naming the field) for values the pages reserve
 * and nothing describes: .INVALIDBLOD4/5, .INVALIDBTOFF03, undefined TEXS/TLDS encodings. */
tgx_status tgx_sm5_operand_layout(const tgx_sm5_insn *in, tgx_sm5_layout *out, tgx_diag *d);

/* Where the results go: up to four slots, each a result component (0..3 = R, G, B, A) stored in
 * a register, whole or as one half of a packed F16 pair. */
typedef struct tgx_sm5_dest_slot {
    uint8_t comp; /* 0..3 */
    uint8_t reg;  /* register number; TGX_SM5_RZ (also for Rd+k past R254): dropped */
    uint8_t half; /* 0: the whole 32-bit word; 1: bits 15..0 (F16); 2: bits 31..16 (F16) */
} tgx_sm5_dest_slot;

typedef struct tgx_sm5_dest {
    uint8_t n; /* slots used */
    tgx_sm5_dest_slot slot[4];
} tgx_sm5_dest;

/* The result components in and where each goes: TEX/TLD/TLD4/TXD/TXQ/TMML/TXA write the
 * components of #wmskU04 to Rd, Rd+1, ... (decimated); TEXS/TLDS by sm5-TEXS's wmsk2C / wmsk34C
 * tables (first two components to Rd0, Rd0+1, the rest to Rd1, Rd1+1; .F16: one register each,
 * low half first); TLD4S all four (R,G to Rd0, B,A to Rd1). TGX_ERR_INVALID for a reserved
 * write-mask encoding (wmsk34C 5-7). A register an F16 slot fills only half of gets 0 in the
 * other half (sm5-TEXS .F16). */
tgx_status tgx_sm5_dest_layout(const tgx_sm5_insn *in, tgx_sm5_dest *out, tgx_diag *d);

/* The TEXS / TLDS encoding number (sm5-TEXS legal modifier table; nvdisasm's Tld2D4 table) that
 * holds target, LOD mode and the .DC / .AOFFI / .MS flags of `flags` (other flags ignored), for
 * cls TGX_SM5_TEXS or TGX_SM5_TLDS. TGX_ERR_UNSUPPORTED when the table has no such combination. */
tgx_status tgx_sm5_short_encoding(tgx_sm5_class cls, unsigned target, unsigned lod, uint32_t flags,
                                  uint8_t *number);

/* sm5-TEXS wmsk2C (Rd1 = RZ) / wmsk34C (Rd1 != RZ) as an RGBA bit mask (bit 0 = R) for a
 * TEXS/TLDS instruction; 0 for a reserved encoding. */
unsigned tgx_sm5_short_wmask(const tgx_sm5_insn *in);

#ifdef __cplusplus
}
#endif

#endif
