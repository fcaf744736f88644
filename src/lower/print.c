/* print.c — the listing `tgx lower` prints: the texture part of a shader as Maxwell code.
 *
 * Every TGSI instruction appears as a comment (its canonical text, from the TGSI printer). A
 * texture instruction follows it with the moves that pack its operands (as comments: `tgx as`
 * assembles texture instructions only), the Maxwell instruction in nvdisasm's syntax, and the
 * moves that bring its results to the TGSI destination. Assembling the listing (tgx as) gives
 * the words of the texture instructions.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_internal.h"

/* ---- TGSI operand names -----------------------------------------------------------------------
 */

static const char comp_letter[4] = {'x', 'y', 'z', 'w'};

static void register_text(const tgx_tgsi_register *r, char *buf, size_t size)
{
    const char *file = tgx_tgsi_file_name(r->file);
    char dim[48] = "", index[64];
    if (r->dimension) {
        if (r->dim_indirect)
            snprintf(dim, sizeof dim, "[%s[%d].%c+%d]",
                     tgx_tgsi_file_name(tgx_tgsi_reg_dim_ind(r)->file),
                     tgx_tgsi_reg_dim_ind(r)->index,
                     comp_letter[tgx_tgsi_reg_dim_ind(r)->swizzle & 3u], r->dim_index);
        else
            snprintf(dim, sizeof dim, "[%d]", r->dim_index);
    }
    if (r->indirect)
        snprintf(index, sizeof index, "[%s[%d].%c+%d]",
                 tgx_tgsi_file_name(tgx_tgsi_reg_ind(r)->file), tgx_tgsi_reg_ind(r)->index,
                 comp_letter[tgx_tgsi_reg_ind(r)->swizzle & 3u], r->index);
    else
        snprintf(index, sizeof index, "[%d]", r->index);
    snprintf(buf, size, "%s%s%s", file ? file : "?", dim, index);
}

void lw_ref_text(const tgx_tgsi_instruction *in, tgx_lower_ref r, char *buf, size_t size)
{
    if (r.src >= in->num_src) {
        snprintf(buf, size, "0");
        return;
    }
    const tgx_tgsi_src *s = &in->src[r.src];
    char reg[128];
    register_text(&s->reg, reg, sizeof reg);
    snprintf(buf, size, "%s%s%s.%c%s", s->negate ? "-" : "", s->absolute ? "|" : "", reg,
             comp_letter[s->swizzle[r.chan & 3u] & 3u], s->absolute ? "|" : "");
}

/* ---- moves ------------------------------------------------------------------------------------
 */

/* A gather's run-time offsets as nouveau packs them: x moved, y's low 8 bits inserted at bit 8
 * (BFI: field, position, width, base). */
static void offsets_text(const tgx_tgsi_instruction *in, char *buf, size_t size)
{
    const tgx_tgsi_tex_offset *o = &in->tex_offsets[0];
    const char *file = tgx_tgsi_file_name(o->file);
    snprintf(buf, size, "bfi(%s[%d].%c, 8, 8, %s[%d].%c)", file ? file : "?", o->index,
             comp_letter[o->swizzle[1] & 3u], file ? file : "?", o->index,
             comp_letter[o->swizzle[0] & 3u]);
}

static void input_text(const tgx_tgsi_instruction *in, const tgx_lower_input *x, char *buf,
                       size_t size)
{
    char a[160], q[160], e[340];
    lw_ref_text(in, x->a, a, sizeof a);
    lw_ref_text(in, x->q, q, sizeof q);
    if (x->has_q)
        snprintf(e, sizeof e, "%s / %s", a, q);
    else
        snprintf(e, sizeof e, "%s", a);
    switch (x->pack) {
    case TGX_LOWER_MOV:
    case TGX_LOWER_DIV: snprintf(buf, size, "%s", e); break;
    case TGX_LOWER_IMM: snprintf(buf, size, "0x%08x", x->imm); break;
    case TGX_LOWER_LAYER:
    case TGX_LOWER_ILAYER:
        if (x->imm)
            snprintf(buf, size, "%s(%s) | 0x%08x",
                     x->pack == TGX_LOWER_LAYER ? "u16_rne" : "u16_sat", e, x->imm);
        else
            snprintf(buf, size, "%s(%s)", x->pack == TGX_LOWER_LAYER ? "u16_rne" : "u16_sat", e);
        break;
    case TGX_LOWER_HANDLE:
        snprintf(buf, size, "c[0x0][SVIEW | SAMP << 5] of the lanes' units");
        break;
    case TGX_LOWER_OFFSETS: offsets_text(in, buf, size); break;
    default: snprintf(buf, size, "?"); break;
    }
}

static void output_text(const tgx_tgsi_instruction *in, const tgx_lower_output *o, char *buf,
                        size_t size)
{
    char r[48];
    snprintf(r, sizeof r, "R%u", o->reg);
    switch (o->conv) {
    case TGX_LOWER_CONV_ZERO: snprintf(buf, size, "0"); break;
    case TGX_LOWER_CONV_FIX_U8_8: snprintf(buf, size, "float(%s & 0xffff) / 256", r); break;
    case TGX_LOWER_CONV_FIX_S8_8: snprintf(buf, size, "float(s16(%s & 0xffff)) / 256", r); break;
    default: snprintf(buf, size, "%s", r); break;
    }
    if (in->saturate && o->conv != TGX_LOWER_CONV_ZERO) {
        char t[64];
        snprintf(t, sizeof t, "%.58s", buf);
        snprintf(buf, size, "sat(%s)", t);
    }
}

static void print_inputs(lw_text *b, const tgx_tgsi_instruction *in, const tgx_lower_inst *li)
{
    for (unsigned k = 0; k < li->ninputs; k++) {
        const tgx_lower_input *x = &li->inputs[k];
        if (x->in_place)
            continue;
        char e[400];
        input_text(in, x, e, sizeof e);
        lw_printf(b, "#     R%-3u = %-40s %s\n", x->reg, e,
                  tgx_sm5_param_name((tgx_sm5_param)x->param));
    }
}

static bool swizzled(const tgx_tgsi_instruction *in, const tgx_lower_inst *li, unsigned c,
                     unsigned *chan)
{
    const lw_op *op = lw_op_find(in->opcode);
    unsigned from = c;
    if (op && op->swz) {
        from = in->src[op->unit].swizzle[c] & 3u;
        if (in->opcode == TGX_TGSI_OP_LOD && from > 2)
            from = 2;
    }
    *chan = from;
    return (li->result_mask >> from & 1u) != 0;
}

static void print_outputs(lw_text *b, const tgx_tgsi_instruction *in, const tgx_lower_inst *li)
{
    if (li->dst_in_place || in->num_dst == 0)
        return;
    char reg[128];
    register_text(&in->dst[0].reg, reg, sizeof reg);
    for (unsigned c = 0; c < 4; c++) {
        unsigned chan;
        if (!(in->dst[0].write_mask >> c & 1u) || !swizzled(in, li, c, &chan))
            continue;
        char e[160];
        output_text(in, &li->out[chan], e, sizeof e);
        lw_printf(b, "#     %s.%c = %s\n", reg, comp_letter[c], e);
    }
}

/* ---- the listing ------------------------------------------------------------------------------
 */

static void print_header(lw_text *b, const char *file, const tgx_lower_program *p)
{
    lw_printf(b,
              "# tgx lower --arch %s: the texture instructions of %s as Maxwell code\n"
              "# registers: TEMP[n].xyzw = R4n..R4n+3 (n < %u); operands moved to R%u.. (Ra) and "
              "R%u.. (Rb);\n"
              "# results moved from R%u..; SVIEW[v] with SAMP[s]: c[0x0][v | s << 5] = s << 20 | "
              "v (docs/translation.md)\n"
              "# the moves are comments: they read TGSI operands, so this code alone (tgx as, tgx "
              "lift) reads R%u.. unset\n",
              tgx_sm5_arch_name(p->arch), file ? file : "the shader", TGX_LOWER_TEMPS,
              TGX_LOWER_PACK_A, TGX_LOWER_PACK_B, TGX_LOWER_RESULT, TGX_LOWER_PACK_A);
}

/* The TXD emulation's words as nvdisasm prints them. */
static void print_code(lw_text *b, const tgx_lower_inst *li, tgx_sm5_arch arch)
{
    lw_printf(b,
              "#     the TXD emulation: for each lane l = 0..3 of the quad, its values "
              "broadcast, dPdx added in the right\n#     column and dPdy in the bottom row, "
              "TEX.NDV, lane 0's result kept by lane l (R%u..)\n",
              TGX_LOWER_RESULT);
    for (unsigned k = 0; k < li->ncode; k++) {
        char text[200];
        tgx_sm5_insn_text(li->code[k], TGX_SM5_CTRL_NEUTRAL, arch, 0, NULL, text, sizeof text,
                          NULL);
        lw_printf(b, "        %s\n", text);
    }
}

static void print_lowered(lw_text *b, const tgx_tgsi_shader *sh, const tgx_lower_inst *li,
                          tgx_sm5_arch arch)
{
    const tgx_tgsi_instruction *in = &sh->insts[li->index];
    char text[160];
    print_inputs(b, in, li);
    tgx_sm5_print(&li->insn, TGX_SM5_CTRL_NEUTRAL, text, sizeof text);
    if (li->ncode)
        print_code(b, li, arch);
    else
        lw_printf(b, "        %s\n", text);
    print_outputs(b, in, li);
    if (li->note[0])
        lw_printf(b, "#     note: %s\n", li->note);
}

/* Where the listing finds each lowered instruction: in a program (p), or lowered as it is
 * printed (arch, file; li the room for it). */
typedef struct listing {
    const tgx_tgsi_shader *sh;
    const char *file;
    const tgx_lower_program *p;
    size_t k; /* p's instructions before the one printed are passed */
    tgx_sm5_arch arch;
    tgx_lower_inst *li;
} listing;

/* The lowered form of instruction i, or NULL when it has none; TGX_ERR_INVALID when it cannot
 * be lowered (as printed: the caller checked the shader first). */
static tgx_status lowered_form(listing *L, unsigned i, const tgx_lower_inst **li)
{
    *li = NULL;
    if (L->p) {
        while (L->k < L->p->count && L->p->insts[L->k].index < i)
            L->k++;
        if (L->k < L->p->count && L->p->insts[L->k].index == i)
            *li = &L->p->insts[L->k];
        return TGX_OK;
    }
    if (!tgx_lower_is_texture(L->sh, i))
        return TGX_OK;
    tgx_lower_inst_free(L->li); /* the previous instruction's */
    tgx_status st = tgx_lower_instruction(L->sh, i, L->arch, L->file, L->li, NULL);
    *li = L->li;
    return st;
}

/* The lines of TGSI instruction i: its comment (the TGSI printer's line, *indent carrying its
 * indentation), and what it lowers to. */
static tgx_status print_instruction(lw_text *b, listing *L, unsigned i, int *indent, lw_text *line)
{
    const tgx_lower_inst *li;
    tgx_status st = lowered_form(L, i, &li);
    size_t n = 0;
    if (st == TGX_OK)
        st = tgx_tgsi_print_instruction(L->sh, i, indent, &line->p, &line->cap, &n);
    if (st != TGX_OK)
        return st;
    const char *text = line->p;
    while (*text == ' ') /* the number's right alignment */
        text++;
    lw_printf(b, "# %s\n", text);
    if (!li && !tgx_lower_is_texture(L->sh, i) && L->sh->insts[i].opcode != TGX_TGSI_OP_END)
        lw_printf(b, "#     (not a texture instruction: outside the lowering)\n");
    if (li)
        print_lowered(b, L->sh, li, L->arch);
    return b->failed ? TGX_ERR_NOMEM : TGX_OK;
}

/* The listing a piece at a time: the header, then each TGSI instruction's lines (never held
 * whole: 3.6 times the shader's text). */
static tgx_status print_listing(listing *L, tgx_lower_sink sink, void *user)
{
    lw_text b = {NULL, 0, 0, false}, line = {NULL, 0, 0, false};
    tgx_lower_program header = {NULL, 0, L->arch};
    print_header(&b, L->file, L->p ? L->p : &header);
    tgx_status st = b.failed ? TGX_ERR_NOMEM : sink(user, b.p, b.len);
    int indent = 0;
    for (unsigned i = 0; i < L->sh->num_insts && st == TGX_OK; i++) {
        b.len = 0;
        st = print_instruction(&b, L, i, &indent, &line);
        if (st == TGX_OK)
            st = sink(user, b.p, b.len);
    }
    free(b.p);
    free(line.p);
    return st;
}

tgx_status tgx_lower_stream(const tgx_tgsi_shader *sh, const char *file, tgx_sm5_arch arch,
                            tgx_lower_sink sink, void *user)
{
    if (!sh || !sink)
        return TGX_ERR_ARG;
    listing L = {sh, file, NULL, 0, arch, calloc(1, sizeof(tgx_lower_inst))};
    tgx_status st = L.li ? print_listing(&L, sink, user) : TGX_ERR_NOMEM;
    tgx_lower_inst_free(L.li);
    free(L.li);
    return st;
}

static tgx_status append_to(void *text, const char *piece, size_t len)
{
    lw_append(text, piece, len);
    return ((lw_text *)text)->failed ? TGX_ERR_NOMEM : TGX_OK;
}

tgx_status tgx_lower_print(const tgx_tgsi_shader *sh, const char *file, const tgx_lower_program *p,
                           char **out, size_t *len)
{
    if (!sh || !p || !out)
        return TGX_ERR_ARG;
    *out = NULL;
    lw_text b = {NULL, 0, 0, false};
    listing L = {sh, file, p, 0, p->arch, NULL};
    tgx_status st = print_listing(&L, append_to, &b);
    if (st == TGX_OK && !b.p)
        st = TGX_ERR_NOMEM;
    if (st != TGX_OK) {
        free(b.p);
        return st;
    }
    *out = b.p;
    if (len)
        *len = b.len;
    return TGX_OK;
}
