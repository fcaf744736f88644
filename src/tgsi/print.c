/* IR -> TGSI text, laid out exactly as Mesa 22.3's tgsi_dump prints it (facts from its
 * tgsi_dump.c: what is printed when, in which order, with which separators). The one deliberate
 * difference: a FLT32 / FLT64 immediate whose "%10.4f" / "%10.8f" spelling does not read back to
 * the same bits is spelled exactly instead (docs/tgsi.md).
 */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_internal.h"
#include "tgx/util.h"

typedef struct out {
    char *buf;
    size_t len, cap;
    bool failed;
} out;

static void put(out *o, const char *s, size_t n)
{
    if (o->failed)
        return;
    if (o->len + n + 1 > o->cap) {
        size_t ncap = o->cap ? o->cap : 1024;
        while (ncap < o->len + n + 1)
            ncap *= 2;
        char *b = realloc(o->buf, ncap);
        if (!b) {
            o->failed = true;
            return;
        }
        o->buf = b;
        o->cap = ncap;
    }
    memcpy(o->buf + o->len, s, n);
    o->len += n;
    o->buf[o->len] = '\0';
}

static void txt(out *o, const char *s)
{
    put(o, s, strlen(s));
}

static void chr(out *o, char c)
{
    put(o, &c, 1);
}

static void fmt(out *o, const char *f, ...) __attribute__((format(printf, 2, 3)));

static void fmt(out *o, const char *f, ...)
{
    char b[64];
    va_list ap;
    va_start(ap, f);
    int n = vsnprintf(b, sizeof b, f, ap);
    va_end(ap);
    if (n > 0)
        put(o, b, (size_t)n < sizeof b ? (size_t)n : sizeof b - 1);
}

/* Mesa's ENM: the name, or the number when the value is out of the table. */
static void enm(out *o, const char *(*name)(unsigned), unsigned v)
{
    const char *n = name(v);
    if (n)
        txt(o, n);
    else
        fmt(o, "%u", v);
}

static const char swizzle_letter[4] = {'x', 'y', 'z', 'w'};

static void swz(out *o, unsigned c)
{
    chr(o, c < 4 ? swizzle_letter[c] : '?');
}

static void mask(out *o, unsigned m)
{
    if ((m & 15u) == 15u)
        return;
    chr(o, '.');
    for (unsigned c = 0; c < 4; c++)
        if (m & (1u << c))
            chr(o, swizzle_letter[c]);
}

/* ---- floats ---------------------------------------------------------------------------------- */

void tgx_tgsi_format_f32(uint32_t bits, char *buf, size_t size)
{
    float f = tgx_bits2f(bits);
    if (f != f) { /* NaN: no decimal spelling keeps the payload; Mesa's hex-dump form does */
        snprintf(buf, size, "0x%08" PRIx32, bits);
        return;
    }
    snprintf(buf, size, "%10.4f", (double)f);
    if (tgx_f2bits(strtof(buf, NULL)) == bits)
        return;
    /* The shortest %.Ng that reads back exactly (9 digits always do for binary32). */
    char tmp[40];
    for (int prec = 1; prec <= 9; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, (double)f);
        if (tgx_f2bits(strtof(tmp, NULL)) == bits)
            break;
    }
    snprintf(buf, size, "%10s", tmp);
}

static void format_f64(uint64_t bits, char *buf, size_t size)
{
    double d = tgx_bits2d(bits);
    if (d != d) {
        snprintf(buf, size, "0x%016" PRIx64, bits);
        return;
    }
    snprintf(buf, size, "%10.8f", d);
    if (tgx_d2bits(strtod(buf, NULL)) == bits)
        return;
    char tmp[48];
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, d);
        if (tgx_d2bits(strtod(tmp, NULL)) == bits)
            break;
    }
    snprintf(buf, size, "%10s", tmp);
}

/* ---- registers ----------------------------------------------------------------------------- */

static void indirect(out *o, const tgx_tgsi_indirect *ind, int32_t offset)
{
    chr(o, '[');
    enm(o, tgx_tgsi_file_name, ind->file);
    fmt(o, "[%" PRId32 "].", ind->index);
    swz(o, ind->swizzle);
    if (offset != 0)
        fmt(o, offset > 0 ? "+%" PRId32 : "%" PRId32, offset);
    chr(o, ']');
    if (ind->array_id)
        fmt(o, "(%u)", (unsigned)ind->array_id);
}

static void reg(out *o, const tgx_tgsi_register *r)
{
    enm(o, tgx_tgsi_file_name, r->file);
    if (r->dimension) {
        if (r->dim_indirect)
            indirect(o, tgx_tgsi_reg_dim_ind(r), r->dim_index);
        else
            fmt(o, "[%" PRId32 "]", r->dim_index);
    }
    if (r->indirect)
        indirect(o, tgx_tgsi_reg_ind(r), r->index);
    else
        fmt(o, "[%" PRId32 "]", r->index);
}

/* ---- lines ----------------------------------------------------------------------------------- */

static bool is_patch_semantic(const tgx_tgsi_declaration *d)
{
    if (!d->has_semantic)
        return false;
    return d->semantic_name == TGX_TGSI_SEMANTIC_PATCH ||
           d->semantic_name == TGX_TGSI_SEMANTIC_TESSINNER ||
           d->semantic_name == TGX_TGSI_SEMANTIC_TESSOUTER ||
           d->semantic_name == TGX_TGSI_SEMANTIC_PRIMID;
}

/* Mesa prints "[]" for the implied vertex dimension of GEOM inputs and of non-patch tessellation
 * inputs (and TESS_CTRL outputs). */
static bool implied_vertex_dim(const tgx_tgsi_shader *s, const tgx_tgsi_declaration *d)
{
    bool patch = is_patch_semantic(d);
    if (d->file == TGX_TGSI_FILE_IN)
        return s->processor == TGX_TGSI_PROC_GEOM ||
               (!patch && (s->processor == TGX_TGSI_PROC_TESS_CTRL ||
                           s->processor == TGX_TGSI_PROC_TESS_EVAL));
    return d->file == TGX_TGSI_FILE_OUT && !patch && s->processor == TGX_TGSI_PROC_TESS_CTRL;
}

static void decl_semantic(out *o, const tgx_tgsi_declaration *d)
{
    txt(o, ", ");
    enm(o, tgx_tgsi_semantic_name, d->semantic_name);
    if (d->semantic_index != 0 || d->semantic_name == TGX_TGSI_SEMANTIC_TEXCOORD ||
        d->semantic_name == TGX_TGSI_SEMANTIC_GENERIC)
        fmt(o, "[%u]", (unsigned)d->semantic_index);
    if (d->stream[0] || d->stream[1] || d->stream[2] || d->stream[3])
        fmt(o, ", STREAM(%u, %u, %u, %u)", d->stream[0], d->stream[1], d->stream[2], d->stream[3]);
}

static void decl_resource(out *o, const tgx_tgsi_declaration *d)
{
    if (d->file == TGX_TGSI_FILE_IMAGE || d->file == TGX_TGSI_FILE_RES) {
        txt(o, ", ");
        enm(o, tgx_tgsi_texture_name, d->target);
        if (d->file == TGX_TGSI_FILE_IMAGE || d->format[0]) {
            txt(o, ", ");
            txt(o, d->format);
        }
        if (d->writable)
            txt(o, ", WR");
        if (d->raw)
            txt(o, ", RAW");
    }
    if (d->file == TGX_TGSI_FILE_BUFFER && d->atomic)
        txt(o, ", ATOMIC");
    if (d->file == TGX_TGSI_FILE_MEMORY && d->has_mem_type) {
        txt(o, ", ");
        enm(o, tgx_tgsi_memory_type_name, d->mem_type);
    }
    if (d->file == TGX_TGSI_FILE_SVIEW) {
        const tgx_tgsi_return_type *r = d->return_type;
        txt(o, ", ");
        enm(o, tgx_tgsi_texture_name, d->target);
        txt(o, ", ");
        enm(o, tgx_tgsi_return_type_name, r[0]);
        if (!(r[0] == r[1] && r[0] == r[2] && r[0] == r[3])) {
            for (int i = 1; i < 4; i++) {
                txt(o, ", ");
                enm(o, tgx_tgsi_return_type_name, r[i]);
            }
        }
    }
}

static void decl_interp(out *o, const tgx_tgsi_declaration *d)
{
    /* Mesa prints the interpolation of FRAG inputs only, the only place ureg sets it; text that
     * puts one elsewhere (which tgx check rejects) keeps it, so formatting never changes what a
     * file means. */
    if (d->has_interp) {
        txt(o, ", ");
        enm(o, tgx_tgsi_interp_name, d->interp);
    }
    if (d->location != TGX_TGSI_LOC_CENTER) {
        txt(o, ", ");
        enm(o, tgx_tgsi_location_name, d->location);
    }
    if (d->cylindrical_wrap) { /* 2013 dialect only; Mesa 22.3 has no such field */
        txt(o, ", CYLWRAP_");
        for (unsigned c = 0; c < 4; c++)
            if (d->cylindrical_wrap & (1u << c))
                chr(o, "XYZW"[c]);
    }
}

static void print_decl(out *o, const tgx_tgsi_shader *s, const tgx_tgsi_declaration *d)
{
    txt(o, "DCL ");
    enm(o, tgx_tgsi_file_name, d->file);
    if (implied_vertex_dim(s, d))
        txt(o, "[]");
    if (d->dimension)
        fmt(o, "[%u]", (unsigned)d->dim_index);
    fmt(o, "[%u", (unsigned)d->first);
    if (d->first != d->last)
        fmt(o, "..%u", (unsigned)d->last);
    chr(o, ']');
    mask(o, d->usage_mask);
    if (d->array_id)
        fmt(o, ", ARRAY(%u)", (unsigned)d->array_id);
    if (d->local)
        txt(o, ", LOCAL");
    if (d->has_semantic)
        decl_semantic(o, d);
    decl_resource(o, d);
    decl_interp(o, d);
    if (d->invariant)
        txt(o, ", INVARIANT");
    chr(o, '\n');
}

static void print_imm(out *o, const tgx_tgsi_immediate *im, size_t number)
{
    char b[48];
    fmt(o, "IMM[%zu] ", number);
    enm(o, tgx_tgsi_imm_type_name, im->type);
    txt(o, " {");
    unsigned n = im->num_words > 4 ? 4 : im->num_words;
    for (unsigned i = 0; i < n; i++) {
        uint64_t wide = im->words[i];
        if (im->type >= TGX_TGSI_IMM_FLT64 && i + 1 < n)
            wide |= (uint64_t)im->words[i + 1] << 32;
        switch (im->type) {
        case TGX_TGSI_IMM_FLT32: tgx_tgsi_format_f32(im->words[i], b, sizeof b), txt(o, b); break;
        case TGX_TGSI_IMM_UINT32: fmt(o, "%" PRIu32, im->words[i]); break;
        case TGX_TGSI_IMM_INT32: fmt(o, "%" PRId32, (int32_t)im->words[i]); break;
        case TGX_TGSI_IMM_FLT64: format_f64(wide, b, sizeof b), txt(o, b), i++; break;
        case TGX_TGSI_IMM_UINT64: fmt(o, "%" PRIu64, wide), i++; break;
        case TGX_TGSI_IMM_INT64: fmt(o, "%" PRId64, (int64_t)wide), i++; break;
        default: fmt(o, "%" PRIu32, im->words[i]); break;
        }
        if (i + 1 < n)
            txt(o, ", ");
    }
    txt(o, "}\n");
}

static void print_prop(out *o, const tgx_tgsi_property_decl *pr)
{
    txt(o, "PROPERTY ");
    enm(o, tgx_tgsi_property_name, pr->name);
    if (pr->num_values > 0)
        chr(o, ' ');
    unsigned n = pr->num_values > TGX_TGSI_MAX_PROPERTY_VALUES ? TGX_TGSI_MAX_PROPERTY_VALUES
                                                               : pr->num_values;
    for (unsigned i = 0; i < n; i++) {
        const char *vn = tgx_tgsi_property_value_name(pr->name, pr->values[i]);
        if (vn)
            txt(o, vn);
        else if (tgx_tgsi_property_has_named_values(pr->name))
            fmt(o, "%u", (unsigned)pr->values[i]);
        else
            fmt(o, "%" PRId32, (int32_t)pr->values[i]);
        if (i + 1 < n)
            txt(o, ", ");
    }
    chr(o, '\n');
}

static void print_src(out *o, const tgx_tgsi_src *src)
{
    if (src->negate)
        chr(o, '-');
    if (src->absolute)
        chr(o, '|');
    reg(o, &src->reg);
    const uint8_t *w = src->swizzle;
    if (w[0] != 0 || w[1] != 1 || w[2] != 2 || w[3] != 3) {
        chr(o, '.');
        for (int c = 0; c < 4; c++)
            swz(o, w[c]);
    }
    if (src->absolute)
        chr(o, '|');
}

static void print_inst_suffixes(out *o, const tgx_tgsi_instruction *in,
                                const tgx_tgsi_opcode_info *info)
{
    if (in->has_texture) {
        /* Mesa leaves the target out for SAMPLE..GATHER4 (their SVIEW carries it). */
        if (!(info && (info->flags & TGX_TGSI_OPF_SAMPLE))) {
            txt(o, ", ");
            enm(o, tgx_tgsi_texture_name, in->texture);
        }
        unsigned n = in->num_tex_offsets > TGX_TGSI_MAX_TEX_OFFSETS ? TGX_TGSI_MAX_TEX_OFFSETS
                                                                    : in->num_tex_offsets;
        for (unsigned i = 0; i < n; i++) {
            const tgx_tgsi_tex_offset *t = &in->tex_offsets[i];
            txt(o, ", ");
            enm(o, tgx_tgsi_file_name, t->file);
            fmt(o, "[%" PRId32 "].", t->index);
            for (int c = 0; c < 3; c++)
                swz(o, t->swizzle[c]);
        }
    }
    if (in->has_memory) {
        for (unsigned bit = 0; bit < 8; bit++) {
            if (in->mem_qualifier & (1u << bit)) {
                txt(o, ", ");
                enm(o, tgx_tgsi_memory_qualifier_name, bit);
            }
        }
        if (in->mem_texture != TGX_TGSI_TEXTURE_BUFFER) {
            txt(o, ", ");
            enm(o, tgx_tgsi_texture_name, in->mem_texture);
        }
        if (in->mem_format[0]) {
            txt(o, ", ");
            put(o, in->mem_format, strnlen(in->mem_format, TGX_TGSI_FORMAT_MAX));
        }
    }
}

static void print_inst(out *o, const tgx_tgsi_instruction *in, size_t number, int *indent)
{
    const tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(in->opcode);
    fmt(o, "%3zu: ", number);
    *indent -= (int)tgx_tgsi_opcode_pre_dedent(in->opcode);
    /* Mesa indents without limit; past the depth its interpreter runs, the indentation stops
     * growing so the text stays linear in the input (tgsi.h TGX_TGSI_MESA_MAX_NESTING) */
    for (int i = 0; i < *indent && i < TGX_TGSI_MESA_MAX_NESTING; i++)
        txt(o, "  ");
    *indent += (int)tgx_tgsi_opcode_post_indent(in->opcode);
    if (info)
        txt(o, info->name);
    else
        fmt(o, "UNK%u", (unsigned)in->opcode);
    if (in->saturate)
        txt(o, "_SAT");
    if (in->precise)
        txt(o, "_PRECISE");
    bool first = true;
    unsigned nd = in->num_dst > TGX_TGSI_MAX_DST ? TGX_TGSI_MAX_DST : in->num_dst;
    unsigned ns = in->num_src > TGX_TGSI_MAX_SRC ? TGX_TGSI_MAX_SRC : in->num_src;
    for (unsigned i = 0; i < nd; i++, first = false) {
        txt(o, first ? " " : ", ");
        reg(o, &in->dst[i].reg);
        mask(o, in->dst[i].write_mask);
    }
    for (unsigned i = 0; i < ns; i++, first = false) {
        txt(o, first ? " " : ", ");
        print_src(o, &in->src[i]);
    }
    print_inst_suffixes(o, in, info);
    if (in->has_label && info && (info->flags & TGX_TGSI_OPF_LABEL))
        fmt(o, " :%u", (unsigned)in->label);
    chr(o, '\n');
}

typedef struct print_ctx {
    int indent;    /* Mesa's indentation level (may go below 0 on unbalanced text) */
    size_t imm_no; /* IMM[n] numbers count the immediates printed so far, as in Mesa */
} print_ctx;

static void print_token(out *o, const tgx_tgsi_shader *s, const tgx_tgsi_token *t, print_ctx *c)
{
    switch (t->kind) {
    case TGX_TGSI_TOKEN_DECL:
        if (t->index < s->num_decls)
            print_decl(o, s, &s->decls[t->index]);
        break;
    case TGX_TGSI_TOKEN_IMM:
        if (t->index < s->num_imms)
            print_imm(o, &s->imms[t->index], c->imm_no++);
        break;
    case TGX_TGSI_TOKEN_PROP:
        if (t->index < s->num_props)
            print_prop(o, &s->props[t->index]);
        break;
    case TGX_TGSI_TOKEN_INST:
        if (t->index < s->num_insts)
            print_inst(o, &s->insts[t->index], t->index, &c->indent);
        break;
    }
}

static void print_all(out *o, const tgx_tgsi_shader *s, tgx_tgsi_token_kind kind, size_t n,
                      print_ctx *c)
{
    for (size_t i = 0; i < n && i <= UINT32_MAX; i++) {
        tgx_tgsi_token t = {kind, (uint32_t)i};
        print_token(o, s, &t, c);
    }
}

tgx_status tgx_tgsi_print_instruction(const tgx_tgsi_shader *s, size_t i, int *indent, char **line,
                                      size_t *cap, size_t *len)
{
    if (!s || i >= s->num_insts || !indent || !line || !cap)
        return TGX_ERR_ARG;
    /* the caller's buffer, grown as put grows it */
    out o = {*line, 0, *line ? *cap : 0, false};
    print_inst(&o, &s->insts[i], i, indent);
    if (!o.failed && o.len) /* the line without its '\n' */
        o.buf[--o.len] = '\0';
    *line = o.buf;
    *cap = o.cap;
    if (len)
        *len = o.len;
    return o.failed ? TGX_ERR_NOMEM : TGX_OK;
}

tgx_status tgx_tgsi_print(const tgx_tgsi_shader *s, char **result, size_t *len)
{
    if (!s || !result)
        return TGX_ERR_ARG;
    *result = NULL;
    out o = {0};
    enm(&o, tgx_tgsi_processor_name, s->processor);
    chr(&o, '\n');
    print_ctx c = {0};
    if (s->num_tokens > 0) {
        for (size_t i = 0; i < s->num_tokens; i++)
            print_token(&o, s, &s->tokens[i], &c);
    } else {
        /* A shader built in memory without a line order: Mesa's ureg order. */
        print_all(&o, s, TGX_TGSI_TOKEN_PROP, s->num_props, &c);
        print_all(&o, s, TGX_TGSI_TOKEN_DECL, s->num_decls, &c);
        print_all(&o, s, TGX_TGSI_TOKEN_IMM, s->num_imms, &c);
        print_all(&o, s, TGX_TGSI_TOKEN_INST, s->num_insts, &c);
    }
    if (o.failed) {
        free(o.buf);
        return TGX_ERR_NOMEM;
    }
    *result = o.buf;
    if (len)
        *len = o.len;
    return TGX_OK;
}
