/* The TGSI validator: checks a parsed shader against the rules of the TGSI specification
 * (spec/tgsi-spec.txt) and reports every problem with the position the IR recorded.
 *
 * This file holds the entry point, the diagnostics and the operand rules (registers declared,
 * operand kinds, read-only files, modifiers, 64-bit pairs, texture targets). Control flow lives
 * in validate_flow.c, per-processor and declaration rules in validate_stage.c. docs/check.md
 * lists the rules with their spec sections; tests/data/bad has a malformed input for each.
 *
 * The parser records where each operand, address register, texture target and label starts, so
 * a finding about one of them points at it; findings about the whole instruction point at its
 * opcode. Messages also name the operand ("ADD src1", "TEMP[9]") for IR built in memory.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/validate_internal.h"

/* ---------------------------------------------------------------------------------------------
 * Diagnostics
 * ------------------------------------------------------------------------------------------ */

static void add_diag(tgx_vctx *c, tgx_severity sev, tgx_tgsi_pos pos, const char *fmt, va_list ap)
{
    tgx_diag d;
    if (c->full || c->nomem != TGX_OK)
        return;
    if (c->count >= TGX_VALIDATE_MAX_DIAGS) {
        tgx_diag_set(&d, TGX_ERR_LIMIT, c->file, pos.line, pos.column,
                     "more than %d problems; the rest are not reported", TGX_VALIDATE_MAX_DIAGS);
        c->full = true;
        sev = TGX_SEV_ERROR;
    } else {
        tgx_diag_vset(&d, sev == TGX_SEV_ERROR ? TGX_ERR_INVALID : TGX_OK, c->file, pos.line,
                      pos.column, fmt, ap);
    }
    d.severity = sev;
    if (tgx_diag_list_add(c->out, &d) != TGX_OK) {
        c->nomem = TGX_ERR_NOMEM;
        return;
    }
    c->count++;
    if (sev == TGX_SEV_ERROR)
        c->num_errors++;
}

void tgx_v_error(tgx_vctx *c, tgx_tgsi_pos pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_diag(c, TGX_SEV_ERROR, pos, fmt, ap);
    va_end(ap);
}

void tgx_v_warning(tgx_vctx *c, tgx_tgsi_pos pos, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    add_diag(c, TGX_SEV_WARNING, pos, fmt, ap);
    va_end(ap);
}

/* Findings are made subject by subject; users read them in text order. Sorts this run's
 * findings by position, keeping the order of findings at the same position. */
typedef struct keyed_diag {
    tgx_diag d;
    size_t seq;
} keyed_diag;

static int cmp_keyed(const void *pa, const void *pb)
{
    const keyed_diag *a = pa, *b = pb;
    if (a->d.line != b->d.line)
        return a->d.line < b->d.line ? -1 : 1;
    if (a->d.column != b->d.column)
        return a->d.column < b->d.column ? -1 : 1;
    return a->seq < b->seq ? -1 : a->seq > b->seq;
}

static void sort_findings(tgx_vctx *c)
{
    size_t n = c->count;
    keyed_diag *k;
    if (n < 2)
        return;
    k = malloc(n * sizeof *k);
    if (!k)
        return; /* unsorted but complete: still correct, only less pleasant to read */
    for (size_t i = 0; i < n; i++) {
        k[i].d = c->out->items[c->first + i];
        k[i].seq = i;
    }
    qsort(k, n, sizeof *k, cmp_keyed);
    for (size_t i = 0; i < n; i++)
        c->out->items[c->first + i] = k[i].d;
    free(k);
}

/* ---------------------------------------------------------------------------------------------
 * Names and look-ups
 * ------------------------------------------------------------------------------------------ */

const char *tgx_v_file_name(unsigned file)
{
    const char *n = tgx_tgsi_file_name(file);
    return n ? n : "?";
}

const char *tgx_v_op_name(unsigned op)
{
    const tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(op);
    return info ? info->name : "?";
}

/* Files whose registers are numbered by the shader's IMM lines, not by DCL lines. */
static bool decl_covers(const tgx_tgsi_declaration *d, tgx_tgsi_file file, long dim, long index)
{
    if (d->file != file || index < (long)d->first || index > (long)d->last)
        return false;
    if (file != TGX_TGSI_FILE_CONST)
        return true;
    /* CONST[n] (no buffer index) is buffer 0, as in Mesa's 1-D constant declarations. */
    long want = dim < 0 ? 0 : dim;
    long have = d->dimension ? (long)d->dim_index : 0;
    return want == have;
}

const tgx_tgsi_declaration *tgx_v_find_decl(const tgx_vctx *c, tgx_tgsi_file file, long dim,
                                            long index)
{
    for (size_t i = 0; i < c->s->num_decls; i++)
        if (decl_covers(&c->s->decls[i], file, dim, index))
            return &c->s->decls[i];
    return NULL;
}

/* The buffer index of a register for CONST look-ups, -1 when absent or not static. Only CONST
 * has a static outer index that selects declarations; IN[vertex][attr] (GEOM, TESS) names a
 * vertex, which no declaration bounds. */
static long reg_dim(const tgx_tgsi_register *r)
{
    if (r->file != TGX_TGSI_FILE_CONST || !r->dimension || r->dim_indirect)
        return -1;
    return r->dim_index;
}

/* "TEMP[3]", "CONST[1][5]" for a register at index (the base index when indirect). */
static const char *reg_text(const tgx_tgsi_register *r, long index, char *buf, size_t size)
{
    const char *f = tgx_v_file_name(r->file);
    if (r->dimension && !r->dim_indirect)
        snprintf(buf, size, "%s[%ld][%ld]", f, (long)r->dim_index, index);
    else
        snprintf(buf, size, "%s[%ld]", f, index);
    return buf;
}

#define REG_TEXT_MAX 48

/* ---------------------------------------------------------------------------------------------
 * Registers: declared, indirect ranges
 * ------------------------------------------------------------------------------------------ */

/* The shared-memory quirk of Mesa 22.3's nir_to_tgsi: it declares `DCL MEMORY[1], SHARED` (the
 * index is the memory type) but addresses `MEMORY[0]` (corpus cs_shared_reduce). A warning,
 * once per index, names the declaration the access is taken to mean. */
static bool memory_quirk(tgx_vctx *c, const tgx_tgsi_register *r, unsigned char *warned)
{
    const tgx_tgsi_declaration *shared = NULL;
    for (size_t i = 0; i < c->s->num_decls && !shared; i++) {
        const tgx_tgsi_declaration *d = &c->s->decls[i];
        if (d->file == TGX_TGSI_FILE_MEMORY && d->has_mem_type &&
            d->mem_type == TGX_TGSI_MEMTYPE_SHARED)
            shared = d;
    }
    long index = r->index;
    if (!shared)
        return false;
    if (index >= 0 && index < 8) {
        if (warned[index])
            return true;
        warned[index] = 1;
    }
    tgx_v_warning(c, tgx_v_reg_pos(c, r),
                  "MEMORY[%ld] is not declared; using the shared memory declared as "
                  "MEMORY[%u] (Mesa 22.3 declares MEMORY[1] but addresses MEMORY[0])",
                  index, shared->first);
    return true;
}

/* The register an indirect index reads (ADDR[0], or TEMP[n] in Mesa's newer text). */
static void check_address(tgx_vctx *c, const tgx_tgsi_indirect *ind)
{
    tgx_tgsi_register ar = {.file = ind->file, .index = ind->index};
    char buf[REG_TEXT_MAX];
    if (!tgx_v_find_decl(c, ind->file, -1, ind->index))
        tgx_v_error(c, ind->pos, "%s is not declared", reg_text(&ar, ind->index, buf, sizeof buf));
}

static bool file_declared(const tgx_vctx *c, tgx_tgsi_file file)
{
    if (file == TGX_TGSI_FILE_IMM)
        return c->s->num_imms > 0;
    for (size_t i = 0; i < c->s->num_decls; i++)
        if (c->s->decls[i].file == file)
            return true;
    return false;
}

/* spec "Array Declaration": an indirect access with an ArrayID stays inside that declaration;
 * its index is still absolute ("the effective index is zero-based"). An indirect operand of a
 * file with no declaration is an error, as in Mesa's tgsi_sanity; the rest is a warning: the
 * register read is base + ADDR, known only when it runs, and tgsi_exec (like tgx) ignores the
 * array id and reads whatever base + ADDR names. */
static void check_indirect(tgx_vctx *c, const tgx_tgsi_register *r)
{
    static const char why[] = "only base + ADDR must land in a declaration";
    char buf[REG_TEXT_MAX];
    const char *f = tgx_v_file_name(r->file);
    check_address(c, tgx_tgsi_reg_ind(r));
    if (!file_declared(c, r->file)) {
        tgx_v_error(c, tgx_v_reg_pos(c, r),
                    "%s is not declared (no %s register is, for an indirect access)",
                    reg_text(r, r->index, buf, sizeof buf), f);
        return;
    }
    if (r->file == TGX_TGSI_FILE_IMM || tgx_tgsi_reg_ind(r)->array_id == 0) {
        bool in = r->file == TGX_TGSI_FILE_IMM
                      ? r->index >= 0 && (size_t)r->index < c->s->num_imms
                      : tgx_v_find_decl(c, r->file, reg_dim(r), r->index) != NULL;
        if (!in)
            tgx_v_warning(c, tgx_v_reg_pos(c, r),
                          "%s is not declared (base of an indirect access; %s)",
                          reg_text(r, r->index, buf, sizeof buf), why);
        return;
    }
    for (size_t i = 0; i < c->s->num_decls; i++) {
        const tgx_tgsi_declaration *d = &c->s->decls[i];
        if (d->file != r->file || d->array_id != tgx_tgsi_reg_ind(r)->array_id)
            continue;
        if (r->index < (long)d->first || r->index > (long)d->last)
            tgx_v_warning(c, tgx_v_reg_pos(c, r), "%s is outside array %u (%s[%u..%u]; %s)",
                          reg_text(r, r->index, buf, sizeof buf), d->array_id, f, d->first, d->last,
                          why);
        return;
    }
    tgx_v_warning(c, tgx_v_reg_pos(c, r),
                  "%s array %u is not declared (the array id is ignored: %s)", f,
                  (unsigned)tgx_tgsi_reg_ind(r)->array_id, why);
}

static void check_declared(tgx_vctx *c, const tgx_tgsi_register *r, unsigned char *memory_warned)
{
    char buf[REG_TEXT_MAX];
    if (r->dim_indirect)
        check_address(c, tgx_tgsi_reg_dim_ind(r));
    if (r->indirect) {
        check_indirect(c, r);
        return;
    }
    if (r->file == TGX_TGSI_FILE_NULL)
        return;
    if (r->file == TGX_TGSI_FILE_IMM) {
        if (r->index < 0 || (size_t)r->index >= c->s->num_imms)
            tgx_v_error(c, tgx_v_reg_pos(c, r), "%s is not declared",
                        reg_text(r, r->index, buf, sizeof buf));
        return;
    }
    if (tgx_v_find_decl(c, r->file, reg_dim(r), r->index))
        return;
    if (r->file == TGX_TGSI_FILE_MEMORY && memory_quirk(c, r, memory_warned))
        return;
    tgx_v_error(c, tgx_v_reg_pos(c, r), "%s is not declared",
                reg_text(r, r->index, buf, sizeof buf));
}

/* ---------------------------------------------------------------------------------------------
 * Operand kinds
 * ------------------------------------------------------------------------------------------ */

typedef enum operand_kind {
    KIND_VALUE,    /* a four-component value (spec "Basics") */
    KIND_SAMPLER,  /* SAMP[n] */
    KIND_VIEW,     /* SVIEW[n] */
    KIND_RESOURCE, /* BUFFER, IMAGE, MEMORY, SVIEW, RES, CONSTBUF, HWATOMIC */
} operand_kind;

static bool is_value_file(tgx_tgsi_file f)
{
    switch (f) {
    case TGX_TGSI_FILE_CONST:
    case TGX_TGSI_FILE_IN:
    case TGX_TGSI_FILE_OUT:
    case TGX_TGSI_FILE_TEMP:
    case TGX_TGSI_FILE_ADDR:
    case TGX_TGSI_FILE_IMM:
    case TGX_TGSI_FILE_SV: return true;
    default: return false;
    }
}

static bool is_resource_file(tgx_tgsi_file f)
{
    switch (f) {
    case TGX_TGSI_FILE_BUFFER:
    case TGX_TGSI_FILE_IMAGE:
    case TGX_TGSI_FILE_MEMORY:
    case TGX_TGSI_FILE_SVIEW:
    case TGX_TGSI_FILE_RES:
    case TGX_TGSI_FILE_CONSTBUF:
    case TGX_TGSI_FILE_HWATOMIC: return true;
    default: return false;
    }
}

/* Which register an R operand of the opcode table names, from the opcode's flags and the
 * spec's syntax lines: texture opcodes name a sampler unit (TEX dst, coord, SAMP[n], target);
 * the SAMPLE family a view then a sampler ("SAMPLE dst, address, sampler_view, sampler"); memory
 * opcodes a resource ("LOAD dst, resource, address"); the view queries (SVIEWINFO, SAMPLE_POS,
 * SAMPLE_INFO) a view or a resource. rank counts the R operands before this one. */
static operand_kind resource_kind(const tgx_tgsi_opcode_info *info, unsigned rank)
{
    if (info->flags & TGX_TGSI_OPF_TEX)
        return KIND_SAMPLER;
    if (info->flags & TGX_TGSI_OPF_SAMPLE)
        return rank == 0 ? KIND_VIEW : KIND_SAMPLER;
    if (info->flags & (TGX_TGSI_OPF_MEMORY | TGX_TGSI_OPF_STORE))
        return KIND_RESOURCE;
    return KIND_RESOURCE;
}

static bool kind_accepts(operand_kind k, tgx_tgsi_file f)
{
    switch (k) {
    case KIND_VALUE: return is_value_file(f);
    case KIND_SAMPLER: return f == TGX_TGSI_FILE_SAMP;
    case KIND_VIEW: return f == TGX_TGSI_FILE_SVIEW;
    case KIND_RESOURCE: return is_resource_file(f);
    }
    return false;
}

static const char *kind_text(operand_kind k)
{
    switch (k) {
    case KIND_VALUE: return "a value";
    case KIND_SAMPLER: return "a SAMP register";
    case KIND_VIEW: return "a SVIEW register";
    case KIND_RESOURCE:
        return "a resource (BUFFER, IMAGE, MEMORY, SVIEW, RES, CONSTBUF or HWATOMIC)";
    }
    return "?";
}

/* ---------------------------------------------------------------------------------------------
 * Modifiers (spec "Modifiers") and 64-bit pairs (spec "Double ISA")
 * ------------------------------------------------------------------------------------------ */

static bool is_64bit(tgx_tgsi_type t)
{
    return t == TGX_TGSI_TYPE_DOUBLE || t == TGX_TGSI_TYPE_INT64 || t == TGX_TGSI_TYPE_UINT64;
}

/* Float inputs (MOV's untyped ones count as float, doubles are floats) take |x| and -x; signed
 * inputs take -x only, "including instructions otherwise ignorant of the type, such as UADD";
 * unsigned inputs take none (spec "Modifiers"). Mesa's tgsi_sanity does not check this and its
 * tgsi_exec applies any modifier to an integer input as an integer (fetch_source: micro_iabs,
 * micro_ineg), as tgx does (XM_IABS, XM_INEG): outside the spec, so a warning. */
static void check_modifiers(tgx_vctx *c, const tgx_tgsi_instruction *in, unsigned i,
                            tgx_tgsi_type t)
{
    const tgx_tgsi_src *s = &in->src[i];
    const char *what;
    bool abs_ok, neg_ok;
    switch (t) {
    case TGX_TGSI_TYPE_UNTYPED:
    case TGX_TGSI_TYPE_FLOAT:
    case TGX_TGSI_TYPE_DOUBLE: return;
    case TGX_TGSI_TYPE_INT:
    case TGX_TGSI_TYPE_INT64:
        what = "signed";
        abs_ok = false;
        neg_ok = true;
        break;
    case TGX_TGSI_TYPE_RESOURCE:
        what = "resource";
        abs_ok = neg_ok = false;
        break;
    default:
        what = "unsigned";
        abs_ok = neg_ok = false;
        break;
    }
    if (s->absolute && !abs_ok)
        tgx_v_warning(c, tgx_tgsi_src_pos(c->inst, s),
                      "absolute value is not allowed on %s src%u (%s operand, spec "
                      "\"Modifiers\"); tgx, as Mesa, takes |x| of the integer",
                      tgx_v_op_name(in->opcode), i, what);
    if (s->negate && !neg_ok)
        tgx_v_warning(c, tgx_tgsi_src_pos(c->inst, s),
                      "negation is not allowed on %s src%u (%s operand, spec \"Modifiers\"); "
                      "tgx, as Mesa, negates the integer",
                      tgx_v_op_name(in->opcode), i, what);
}

static const char *mask_text(unsigned mask, char *buf)
{
    char *p = buf;
    for (unsigned c = 0; c < 4; c++)
        if (mask & (1u << c))
            *p++ = "xyzw"[c];
    *p = '\0';
    return buf;
}

/* A 64-bit value lives in .xy or .zw (spec "Double ISA"), and Mesa writes 64-bit results a whole
 * pair at a time (nir_to_tgsi's ntt_64bit_write_mask). A mask that covers half a pair is legal
 * to Mesa's tgsi_sanity and tgsi_exec, but tgsi_exec's result depends on the opcode (the pair
 * is written whole by exec_double_binary and exec_arg0_64_arg1_32, not at all by
 * exec_double_unary/trinary and exec_t_2_64), so it is a warning that says what tgx does. */
static void check_dst_pairs(tgx_vctx *c, const tgx_tgsi_instruction *in, const tgx_tgsi_dst *d)
{
    unsigned m = d->write_mask & TGX_TGSI_MASK_XYZW;
    unsigned lo = m & 3u, hi = m & 12u;
    char buf[5];
    if ((lo == 0 || lo == 3u) && (hi == 0 || hi == 12u))
        return;
    tgx_v_warning(c, tgx_v_reg_pos(c, &d->reg),
                  "%s writes 64-bit values: write mask .%s splits a pair (.xy, .zw); tgx writes "
                  "only the masked words, Mesa's tgsi_exec the whole pair or nothing, by opcode",
                  tgx_v_op_name(in->opcode), mask_text(m, buf));
}

/* A 64-bit source is not checked: for each written half tgsi_exec reads the low word from the
 * half's first swizzle component and the high word from its second (fetch_double_channel), and
 * so does tgx, whatever the components. Mesa relies on it: nir_to_tgsi keeps 64-bit constants in
 * 32-bit immediates that ureg deduplicates word by word (tgsi_ureg.c
 * match_or_expand_immediate), so a double whose halves are equal reads .zzzz and others .yw. */

/* ---------------------------------------------------------------------------------------------
 * Operands
 * ------------------------------------------------------------------------------------------ */

/* spec TGSI_SEMANTIC_POSITION: a fragment shader's POSITION output "Only the Z component is
 * writable"; TGSI_SEMANTIC_STENCIL: "Only the Y component is writable". Mesa's tools accept the
 * other components (tgsi_exec stores them, softpipe reads .z / .y): a warning. */
static void check_frag_output_mask(tgx_vctx *c, const tgx_tgsi_dst *d)
{
    const tgx_tgsi_declaration *decl;
    unsigned allowed;
    char buf[5];
    if (c->s->processor != TGX_TGSI_PROC_FRAG || d->reg.file != TGX_TGSI_FILE_OUT ||
        d->reg.indirect)
        return;
    decl = tgx_v_find_decl(c, TGX_TGSI_FILE_OUT, -1, d->reg.index);
    if (!decl || !decl->has_semantic)
        return;
    if (decl->semantic_name == TGX_TGSI_SEMANTIC_POSITION)
        allowed = TGX_TGSI_MASK_Z;
    else if (decl->semantic_name == TGX_TGSI_SEMANTIC_STENCIL)
        allowed = TGX_TGSI_MASK_Y;
    else
        return;
    if (d->write_mask & ~allowed & TGX_TGSI_MASK_XYZW)
        tgx_v_warning(c, tgx_v_reg_pos(c, &d->reg),
                      "only .%s of the FRAG %s output OUT[%ld] is writable, not .%s (the other "
                      "components are ignored)",
                      allowed == TGX_TGSI_MASK_Z ? "z" : "y",
                      tgx_tgsi_semantic_name(decl->semantic_name), (long)d->reg.index,
                      mask_text(d->write_mask & TGX_TGSI_MASK_XYZW, buf));
}

static void check_dst(tgx_vctx *c, const tgx_tgsi_instruction *in, unsigned i,
                      const tgx_tgsi_opcode_info *info, unsigned char *memory_warned)
{
    const tgx_tgsi_dst *d = &in->dst[i];
    tgx_tgsi_file f = d->reg.file;
    char buf[REG_TEXT_MAX];
    /* DFRACEXP writes the significand to dst0 and the integer exponent to dst1, as Mesa does
     * (the spec says the reverse; docs/errata.md "DFRACEXP"). */
    tgx_tgsi_type t =
        (in->opcode == TGX_TGSI_OP_DFRACEXP && i == 1) ? TGX_TGSI_TYPE_INT : info->dst_type;
    if (t == TGX_TGSI_TYPE_RESOURCE) {
        if (!kind_accepts(KIND_RESOURCE, f)) {
            tgx_v_error(c, tgx_v_reg_pos(c, &d->reg), "%s dst must be %s, not %s", info->name,
                        kind_text(KIND_RESOURCE), reg_text(&d->reg, d->reg.index, buf, sizeof buf));
            return;
        }
    } else if (f == TGX_TGSI_FILE_IN || f == TGX_TGSI_FILE_CONST || f == TGX_TGSI_FILE_IMM ||
               f == TGX_TGSI_FILE_SV || f == TGX_TGSI_FILE_SAMP || f == TGX_TGSI_FILE_SVIEW) {
        /* Inputs, constants, immediates and system values are supplied to the shader;
         * samplers and views are bindings (spec "Declaration"). */
        tgx_v_error(c, tgx_v_reg_pos(c, &d->reg), "cannot write to %s: %s is read-only",
                    reg_text(&d->reg, d->reg.index, buf, sizeof buf), tgx_v_file_name(f));
        return;
    } else if (!is_value_file(f) && f != TGX_TGSI_FILE_NULL) {
        tgx_v_error(c, tgx_v_reg_pos(c, &d->reg), "%s dst must be a value, not %s", info->name,
                    reg_text(&d->reg, d->reg.index, buf, sizeof buf));
        return;
    }
    check_declared(c, &d->reg, memory_warned);
    check_frag_output_mask(c, d);
    if (is_64bit(t))
        check_dst_pairs(c, in, d);
    /* The spec's "Modifiers" allows _SAT on any instruction but defines clamping only for
     * values with a float meaning. Mesa 22.3's tgsi_exec clamps the result bits as a float
     * (store_dest) or, for 64-bit results, as a double (store_double_channel), whatever the
     * opcode's type, and so does the interpreter (docs/exec.md "Saturate"): legal, but rarely
     * what was meant, so say what it does. The 64-bit comparisons (DSLT, U64SEQ, ...) are the
     * exception: tgsi_exec clamps their mask together with an upper word it never set, so the
     * result is undefined there and the interpreter stores the mask unclamped. */
    if (!in->saturate || t == TGX_TGSI_TYPE_FLOAT || t == TGX_TGSI_TYPE_UNTYPED ||
        t == TGX_TGSI_TYPE_DOUBLE || t == TGX_TGSI_TYPE_RESOURCE)
        return;
    if (in->opcode == TGX_TGSI_OP_DFRACEXP)
        return; /* dst0 is a double; the exponent in dst1 is stored unclamped */
    if (info->num_src == 2 && is_64bit(info->src_type[0]) && is_64bit(info->src_type[1]) &&
        !is_64bit(t))
        tgx_v_warning(c, in->pos,
                      "_SAT on %s is undefined (Mesa clamps the mask with an unset upper word); "
                      "tgx stores the mask unclamped",
                      info->name);
    else
        tgx_v_warning(c, in->pos,
                      "_SAT on %s clamps its integer result as if its bits were a %s: to [0, 1], "
                      "NaN patterns to 0",
                      info->name, is_64bit(t) ? "double" : "float");
}

static void check_src(tgx_vctx *c, const tgx_tgsi_instruction *in, unsigned i,
                      const tgx_tgsi_opcode_info *info, unsigned *rank,
                      unsigned char *memory_warned)
{
    const tgx_tgsi_src *s = &in->src[i];
    tgx_tgsi_type t = info->src_type[i];
    operand_kind k = KIND_VALUE;
    char buf[REG_TEXT_MAX];
    if (t == TGX_TGSI_TYPE_RESOURCE)
        k = resource_kind(info, (*rank)++);
    if (!kind_accepts(k, s->reg.file)) {
        tgx_v_error(c, tgx_v_reg_pos(c, &s->reg), "%s src%u must be %s, not %s", info->name, i,
                    kind_text(k), reg_text(&s->reg, s->reg.index, buf, sizeof buf));
        return;
    }
    check_declared(c, &s->reg, memory_warned);
    check_modifiers(c, in, i, t);
}

/* spec CASE: "The src arg must be an integer immediate." */
static void check_case(tgx_vctx *c, const tgx_tgsi_instruction *in)
{
    char buf[REG_TEXT_MAX];
    const tgx_tgsi_register *r = &in->src[0].reg;
    if (in->num_src >= 1 && (r->file != TGX_TGSI_FILE_IMM || r->indirect))
        tgx_v_error(c, tgx_v_reg_pos(c, r), "CASE src0 must be an integer immediate (IMM), not %s",
                    reg_text(r, r->index, buf, sizeof buf));
}

/* ---------------------------------------------------------------------------------------------
 * Textures and resources
 * ------------------------------------------------------------------------------------------ */

/* The view shape a target samples: a SHADOW target samples the same view as its plain form
 * (the comparison is sampler state, not view state). */
static tgx_tgsi_texture texture_shape(tgx_tgsi_texture t)
{
    switch (t) {
    case TGX_TGSI_TEXTURE_SHADOW1D: return TGX_TGSI_TEXTURE_1D;
    case TGX_TGSI_TEXTURE_SHADOW2D: return TGX_TGSI_TEXTURE_2D;
    case TGX_TGSI_TEXTURE_SHADOWRECT: return TGX_TGSI_TEXTURE_RECT;
    case TGX_TGSI_TEXTURE_SHADOW1D_ARRAY: return TGX_TGSI_TEXTURE_1D_ARRAY;
    case TGX_TGSI_TEXTURE_SHADOW2D_ARRAY: return TGX_TGSI_TEXTURE_2D_ARRAY;
    case TGX_TGSI_TEXTURE_SHADOWCUBE: return TGX_TGSI_TEXTURE_CUBE;
    case TGX_TGSI_TEXTURE_SHADOWCUBE_ARRAY: return TGX_TGSI_TEXTURE_CUBE_ARRAY;
    default: return t;
    }
}

static const char *texture_text(tgx_tgsi_texture t)
{
    const char *n = tgx_tgsi_texture_name(t);
    return n ? n : "?";
}

/* The register of the first source of the given kind (SAMP for TEX-style, SVIEW for the SAMPLE
 * family); NULL when the instruction has none or it is indirect (no static declaration). */
static const tgx_tgsi_register *bound_reg(const tgx_tgsi_instruction *in, tgx_tgsi_file file)
{
    for (unsigned i = 0; i < in->num_src && i < TGX_TGSI_MAX_SRC; i++) {
        const tgx_tgsi_register *r = &in->src[i].reg;
        if (r->file == file)
            return r->indirect ? NULL : r;
    }
    return NULL;
}

static const tgx_tgsi_declaration *view_decl(const tgx_vctx *c, const tgx_tgsi_register *r)
{
    return r ? tgx_v_find_decl(c, TGX_TGSI_FILE_SVIEW, -1, r->index) : NULL;
}

static bool is_cube(tgx_tgsi_texture t)
{
    t = texture_shape(t);
    return t == TGX_TGSI_TEXTURE_CUBE || t == TGX_TGSI_TEXTURE_CUBE_ARRAY;
}

/* Gather reads a 2x2 footprint: spec GATHER4 "Only works with 2D, 2D array, cubemaps, and
 * cubemaps arrays"; GL's textureGather (TG4) also takes 2D rectangle samplers. */
static bool gathers_from(tgx_tgsi_texture t, bool rect_ok)
{
    t = texture_shape(t);
    return t == TGX_TGSI_TEXTURE_2D || t == TGX_TGSI_TEXTURE_2D_ARRAY ||
           t == TGX_TGSI_TEXTURE_CUBE || t == TGX_TGSI_TEXTURE_CUBE_ARRAY ||
           (rect_ok && t == TGX_TGSI_TEXTURE_RECT);
}

/* TEX-style opcodes name a target and a sampler unit SAMP[n]; Mesa declares the unit's view as
 * SVIEW[n] with the same target. */
static void check_tex_target(tgx_vctx *c, const tgx_tgsi_instruction *in)
{
    const tgx_tgsi_register *samp = bound_reg(in, TGX_TGSI_FILE_SAMP);
    const tgx_tgsi_declaration *view = view_decl(c, samp);
    tgx_tgsi_texture t = in->texture;
    if (!in->has_texture) {
        tgx_v_error(c, in->pos, "%s needs a texture target", tgx_v_op_name(in->opcode));
        return;
    }
    /* spec TXF: "The source sampler may not be a CUBE or SHADOW." Mesa 22.3 nevertheless
     * emits TXF on CUBE and CUBEARRAY (u_blitter's texel-fetch shaders, which softpipe compiles
     * for every target: corpus _internal); softpipe's texel fetch asserts on those targets
     * ("TXF can't work on CUBE according to spec", sp_tex_sample.c). Real input, so legal text,
     * but a fetch with no defined result: a warning. */
    if ((in->opcode == TGX_TGSI_OP_TXF || in->opcode == TGX_TGSI_OP_TXF_LZ) && is_cube(t))
        tgx_v_warning(c, in->texture_pos,
                      "%s from a %s texture has no defined result (spec TXF: the source may not "
                      "be a CUBE)",
                      tgx_v_op_name(in->opcode), texture_text(t));
    if (in->opcode == TGX_TGSI_OP_TG4 && !gathers_from(t, true))
        tgx_v_error(c, in->texture_pos,
                    "TG4 cannot gather from a %s texture (only 2D, 2D_ARRAY, CUBE, CUBE_ARRAY "
                    "and RECT)",
                    texture_text(t));
    if (!view || view->target == TGX_TGSI_TEXTURE_UNKNOWN || t == TGX_TGSI_TEXTURE_UNKNOWN)
        return;
    if (texture_shape(view->target) != texture_shape(t))
        tgx_v_error(c, in->texture_pos, "texture target %s does not match SVIEW[%ld], declared %s",
                    texture_text(t), (long)samp->index, texture_text(view->target));
}

/* SAMPLE-family opcodes take the target from the view's declaration. */
static void check_sample_view(tgx_vctx *c, const tgx_tgsi_instruction *in)
{
    const tgx_tgsi_register *r = bound_reg(in, TGX_TGSI_FILE_SVIEW);
    const tgx_tgsi_declaration *view = view_decl(c, r);
    const char *op = tgx_v_op_name(in->opcode);
    if (!view)
        return;
    switch (in->opcode) {
    case TGX_TGSI_OP_SAMPLE_I:
    case TGX_TGSI_OP_SAMPLE_I_MS:
        /* spec SAMPLE_I: "any resource type other than CUBE" */
        if (is_cube(view->target))
            tgx_v_error(c, tgx_v_reg_pos(c, r), "%s cannot fetch from SVIEW[%ld], declared %s", op,
                        (long)r->index, texture_text(view->target));
        return;
    case TGX_TGSI_OP_GATHER4:
        if (!gathers_from(view->target, false))
            tgx_v_error(c, tgx_v_reg_pos(c, r),
                        "GATHER4 cannot gather from SVIEW[%ld], declared %s (only 2D, "
                        "2D_ARRAY, CUBE and CUBE_ARRAY)",
                        (long)r->index, texture_text(view->target));
        return;
    default:
        /* spec SAMPLE: "any resource type other than buffers"; the other filtering forms are
         * "just like the SAMPLE instruction". */
        if (view->target == TGX_TGSI_TEXTURE_BUFFER)
            tgx_v_error(c, tgx_v_reg_pos(c, r), "%s cannot sample SVIEW[%ld], declared BUFFER", op,
                        (long)r->index);
        return;
    }
}

/* spec "Declaration Resource": "Usage of the STORE opcode is only allowed if the WR (writable)
 * flag is set." Buffers and shared memory have no WR flag: they are always writable. */
static void check_store(tgx_vctx *c, const tgx_tgsi_instruction *in)
{
    const tgx_tgsi_register *r = &in->dst[0].reg;
    const tgx_tgsi_declaration *d;
    if (in->num_dst < 1 || r->indirect ||
        (r->file != TGX_TGSI_FILE_IMAGE && r->file != TGX_TGSI_FILE_RES))
        return;
    d = tgx_v_find_decl(c, r->file, -1, r->index);
    if (d && !d->writable)
        tgx_v_error(c, tgx_v_reg_pos(c, r), "STORE to %s[%ld], which is not declared WR",
                    tgx_v_file_name(r->file), (long)r->index);
}

/* ---------------------------------------------------------------------------------------------
 * Instructions
 * ------------------------------------------------------------------------------------------ */

static const char *plural(unsigned n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

static bool check_counts(tgx_vctx *c, const tgx_tgsi_instruction *in,
                         const tgx_tgsi_opcode_info *info)
{
    bool ok = true;
    if (in->num_dst != info->num_dst) {
        tgx_v_error(c, in->pos, "%s expects %u destination %s, got %u", info->name, info->num_dst,
                    plural(info->num_dst, "operand", "operands"), in->num_dst);
        ok = false;
    }
    if (in->num_src != info->num_src) {
        tgx_v_error(c, in->pos, "%s expects %u source %s, got %u", info->name, info->num_src,
                    plural(info->num_src, "operand", "operands"), in->num_src);
        ok = false;
    }
    return ok && in->num_dst <= TGX_TGSI_MAX_DST && in->num_src <= TGX_TGSI_MAX_SRC;
}

/* Texel offsets (TEX ..., 2D, IMM[0].xyx) are value registers like sources: spec TXF "src 1 is
 * a 3 component constant signed integer vector"; Mesa writes immediates. */
static void check_tex_offsets(tgx_vctx *c, const tgx_tgsi_instruction *in,
                              unsigned char *memory_warned)
{
    char buf[REG_TEXT_MAX];
    for (unsigned i = 0; i < in->num_tex_offsets && i < TGX_TGSI_MAX_TEX_OFFSETS; i++) {
        const tgx_tgsi_tex_offset *o = &in->tex_offsets[i];
        tgx_tgsi_register r = {.file = o->file, .index = o->index, .column = o->pos.column};
        if (!is_value_file(o->file))
            tgx_v_error(c, o->pos, "texel offset %u must be a value, not %s", i,
                        reg_text(&r, r.index, buf, sizeof buf));
        else
            check_declared(c, &r, memory_warned);
    }
}

static void check_instruction(tgx_vctx *c, const tgx_tgsi_instruction *in,
                              unsigned char *memory_warned)
{
    const tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(in->opcode);
    unsigned rank = 0;
    if (!info) {
        tgx_v_error(c, in->pos, "unknown opcode number %u", (unsigned)in->opcode);
        return;
    }
    tgx_v_check_opcode_stage(c, in);
    if (!check_counts(c, in, info))
        return;
    for (unsigned i = 0; i < in->num_dst; i++)
        check_dst(c, in, i, info, memory_warned);
    for (unsigned i = 0; i < in->num_src; i++)
        check_src(c, in, i, info, &rank, memory_warned);
    if (in->opcode == TGX_TGSI_OP_CASE)
        check_case(c, in);
    if (info->flags & TGX_TGSI_OPF_TEX) {
        check_tex_target(c, in);
        check_tex_offsets(c, in, memory_warned);
    }
    if (info->flags & TGX_TGSI_OPF_SAMPLE)
        check_sample_view(c, in);
    if (in->opcode == TGX_TGSI_OP_STORE)
        check_store(c, in);
}

tgx_status tgx_tgsi_validate(const tgx_tgsi_shader *s, const char *filename, tgx_diag_list *out)
{
    tgx_vctx c = {0};
    /* One warning per undeclared MEMORY index for the Mesa quirk (indices 0..7 are tracked;
     * Mesa uses 0 and 1). */
    unsigned char memory_warned[8] = {0};
    if (!s || !out)
        return TGX_ERR_ARG;
    c.s = s;
    c.file = filename ? filename : "";
    c.out = out;
    c.first = out->count;
    if ((unsigned)s->processor >= TGX_TGSI_PROC_COUNT) {
        /* Every per-processor rule needs a processor; a parsed shader always has one. */
        tgx_v_error(&c, s->processor_pos, "unknown processor number %u", (unsigned)s->processor);
        return c.nomem != TGX_OK ? TGX_ERR_NOMEM : TGX_ERR_INVALID;
    }
    tgx_v_check_declarations(&c);
    tgx_v_check_properties(&c);
    for (size_t i = 0; i < s->num_insts; i++) {
        c.inst = &s->insts[i];
        check_instruction(&c, c.inst, memory_warned);
    }
    tgx_v_check_flow(&c);
    tgx_v_check_temps(&c);
    if (c.nomem != TGX_OK)
        return TGX_ERR_NOMEM;
    sort_findings(&c);
    return c.num_errors ? TGX_ERR_INVALID : TGX_OK;
}
