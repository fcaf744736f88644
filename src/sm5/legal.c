/* Legality of Maxwell texture instructions: the rules of the seed pages that nvdisasm does not
 * enforce (it prints any word whose fields have names; ptxas never emits a word these rules
 * reject). docs/sm5-legality.md lists every rule with its source.
 *
 * Sources (docs/sources.md). sm5-TEXS: the legal modifier table (encodings 0-13 with their
 * Ra/Rb packing), the Rd1/Rd0/wmsk tables for 32-bit and F16 returns, alignment rules 1-4, .DC
 * not for 3D, .F16 not for integer textures. sm5-TLD.txt: the Ra/Rb packing table, rules 1-4
 * (rule 3, Rb = RZ when unused, "no error is generated": a warning), .MS only with .LZ and
 * 2D/ARRAY_2D, .CL not with .MS. sm5-TMML.txt: the packing table; its list of alignment rules is
 * empty after "Specifically," so TLD's list, introduced by the same sentence, is applied.
 * sm5-TXA.txt: Ra aligned to 4, not RZ; Rd aligned to the write mask.
 * TLDS and TLD4S have no seed page: which TLDS encodings exist is nvdisasm's (its Tld2D4 table
 * rejects 3, 9-11, 13-15: tests/data/maxwell fuzz lines); what each packs in Ra/Rb is the
 * operand layout (layout.c, sm5_packing.def: yuzu's Maxwell decoder); their register rules
 * are TEXS's, the page of their sibling scalar form. TEX and TLD4 have no page either; their
 * Ra/Rb hold what TLD's table describes (array, coordinates; handle, LOD, offsets, depth
 * reference), and TLD's rules hold for every TEX/TLD4 word ptxas emitted in the corpus.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "sm5/sm5_internal.h"
#include "tgx/sm5.h"

/* The rules: X(id, spec page, the operand it is about, rule as the page states it). An empty
 * page is the page whose register rules the class follows (class_rules_page); the operand is
 * where a diagnostic points when the caller gives the text (END: the mnemonic and its
 * modifiers; Rd alignment names Rd, Rd0 or Rd1 itself). */
#define LEGAL_RULES(X)                                                                             \
    X(TEXS_ENCODING, "sm5-TEXS", END, "legal modifier table for #paramA, .DC, .lod")               \
    X(TLDS_ENCODING, "TLDS", END, "encodings of nvdisasm's Tld2D4 table")                          \
    X(FIELDS_MATCH_ENCODING, "sm5-TEXS", TARGET, "the modifiers are those of the encoding")        \
    X(WMASK_TABLE, "sm5-TEXS", WMASK, "legal modifier table for Rd1, Rd0, wmsk")                   \
    X(RD_ALIGN, "", RD, "Rd aligned to the number of components written")                          \
    X(RA_ALIGN, "", RA, "Ra aligned to the number of scalars packed in it")                        \
    X(RB_ALIGN, "", RB, "Rb aligned to the number of scalars packed in it")                        \
    X(RB_UNUSED_RZ, "", RB, "Rb must be RZ when no parameter is packed in it")                     \
    X(RA_NOT_RZ, "", RA, "Ra must not be RZ when parameters are packed in it")                     \
    X(RB_NOT_RZ, "", RB, "Rb must not be RZ when parameters are packed in it")                     \
    X(MS_LZ_2D, "sm5-TLD", END, ".MS can only be used with .LZ and 2D/ARRAY_2D textures")          \
    X(MS_CL, "sm5-TLD", END, ".CL cannot be combined with .MS")                                    \
    X(DC_3D, "sm5-TEXS", END, "depth comparison is not supported by 3D textures")                  \
    X(F16_INT, "sm5-TEXS", END, ".F16 is not supported for integer textures")                      \
    X(TXA_RA, "sm5-TXA", RA, "Ra aligned to 4 (vec4) and not RZ")

typedef enum legal_rule {
#define X(id, page, where, text) RULE_##id,
    LEGAL_RULES(X)
#undef X
} legal_rule;

static const struct {
    const char *page, *text;
    sm5_opnd where;
} rules[] = {
#define X(id, page, where, text) {page, text, SM5_OPND_##where},
    LEGAL_RULES(X)
#undef X
};

enum { RZ = TGX_SM5_RZ, ANY = 0xff };

/* Which target, LOD mode and .DC/.AOFFI/.MS each TEXS/TLDS encoding number stands for is the
 * codec's table (sm5_sencs from src/sm5/sm5_encodings.def: the spec's TEXS table, nvdisasm's
 * TLDS numbers), and the names are the printer's (sm5_tables.c). */
#define SHORT_MODE_FLAGS (TGX_SM5_F_DC | TGX_SM5_F_AOFFI | TGX_SM5_F_MS)

static const char *target_name(unsigned target)
{
    return target < 8 ? sm5_target_names[target].s : "?";
}

/* " .LZ" & co.: how messages name a LOD mode after the target ("2D .LZ"); "" for none. */
static const char *lod_space(unsigned lod)
{
    return lod < 8 && lod != 0 ? " " : "";
}

static const char *lod_name(unsigned lod)
{
    return lod < 8 ? sm5_lod_names[lod].s : "?";
}

/* Rule 2 of the pages: 1 scalar -> any register, 2 -> even, 3 or 4 -> multiple of 4. */
static unsigned alignment_for(unsigned scalars)
{
    return scalars <= 1 ? 1 : scalars == 2 ? 2 : 4;
}

static unsigned popcount4(unsigned m)
{
    return (m & 1) + (m >> 1 & 1) + (m >> 2 & 1) + (m >> 3 & 1);
}

/* What the checks of one instruction share. */
typedef struct checker {
    const tgx_sm5_insn *in;
    const char *file;
    const char *text; /* the instruction's text, for columns (NULL: none) */
    unsigned line;
    tgx_diag_list *out;
    tgx_status st;
    const char *page; /* the page whose register rules apply to this class */
    const char *own;  /* the class's own page, NULL for a class without one */
    char what[64];    /* "encoding 3 (2D .LL)" or "2D .LZ" & co., for messages */
} checker;

/* A diagnostic names the instruction's own page first (sm5-TLD for TLD); a class without one
 * (TEX, TLD4, TXD, TLDS, TLD4S) is named by itself, and a rule from another page says which. It
 * points at the operand the rule is about when the text is known. */
static void report_at(checker *c, tgx_severity sev, legal_rule r, sm5_opnd where, const char *fmt,
                      ...) __attribute__((format(printf, 5, 6)));
static void report_at(checker *c, tgx_severity sev, legal_rule r, sm5_opnd where, const char *fmt,
                      ...)
{
    char detail[TGX_DIAG_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(detail, sizeof detail, fmt, ap);
    va_end(ap);
    const char *page = rules[r].page[0] ? rules[r].page : c->page;
    const char *head = c->own ? c->own : sm5_syntaxes[c->in->cls].mnemonic; /* TXD.B: TXD */
    char from[64] = "";
    if (!c->own && strcmp(page, head) != 0)
        snprintf(from, sizeof from, " (%s's rule; %s has no page)", page, head);
    else if (c->own && strcmp(page, c->own) != 0)
        snprintf(from, sizeof from, " (%s's rule)", page);
    tgx_diag d;
    tgx_diag_set(&d, TGX_ERR_INVALID, c->file, c->line, sm5_operand_column(c->text, where),
                 "%s: %s%s: %s", head, rules[r].text, from, detail);
    d.severity = sev;
    if (tgx_diag_list_add(c->out, &d) < 0)
        c->st = TGX_ERR_NOMEM;
    else if (sev == TGX_SEV_ERROR && c->st == TGX_OK)
        c->st = TGX_ERR_INVALID;
}

#define report(c, sev, r, ...) report_at((c), (sev), (r), rules[r].where, __VA_ARGS__)

static void reg_name(unsigned r, char buf[8])
{
    if (r == RZ)
        snprintf(buf, 8, "RZ");
    else
        snprintf(buf, 8, "R%u", r & 0xffu);
}

/* Rules 2-4 for one source register holding n scalars described by packing. unused_sev is the
 * severity of "Rb should be RZ" (TEXS: must; TLD: should, no error generated). */
static void check_source(checker *c, const char *name, unsigned reg, unsigned n,
                         const char *packing, tgx_severity unused_sev)
{
    char rn[8];
    reg_name(reg, rn);
    int is_a = name[1] == 'a';
    if (n == 0) {
        if (reg != RZ)
            report(c, unused_sev, RULE_RB_UNUSED_RZ, "%s packs no parameter in %s, but %s is %s",
                   c->what, name, name, rn);
        return;
    }
    if (reg == RZ) {
        report(c, TGX_SEV_ERROR, is_a ? RULE_RA_NOT_RZ : RULE_RB_NOT_RZ,
               "%s packs %s in %s, but %s is RZ", c->what, packing, name, name);
        return;
    }
    unsigned al = alignment_for(n);
    if (reg % al != 0)
        report(c, TGX_SEV_ERROR, is_a ? RULE_RA_ALIGN : RULE_RB_ALIGN,
               "%s packs %s (%u scalars) in %s, so %s must be a multiple of %u, not %s", c->what,
               packing, n, name, name, al, rn);
}

/* Rule 1: a destination written with n components is aligned to n (3 -> 4). */
static void check_dest(checker *c, const char *name, unsigned reg, unsigned n, const char *mask)
{
    unsigned al = alignment_for(n);
    if (reg == RZ || reg % al == 0)
        return;
    char rn[8];
    reg_name(reg, rn);
    /* TEXS's Rd1 is the operand before Rd0 (sm5_syntax.def) */
    report_at(c, TGX_SEV_ERROR, RULE_RD_ALIGN, strcmp(name, "Rd1") ? SM5_OPND_RD : SM5_OPND_RD1,
              "write mask %s writes %u register%s at %s, so %s must be a multiple of %u, not %s",
              mask, n, n == 1 ? "" : "s", name, name, al, rn);
}

static void mask_text(unsigned m, char buf[8])
{
    snprintf(buf, 8, "0x%x", m & 0xfu);
}

/* "s,t" & co.: the parameters of one register vector, for messages. */
static void packing_text(const uint8_t *params, unsigned n, char *buf, size_t size)
{
    size_t len = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < n && len < size; i++)
        len += (size_t)snprintf(buf + len, size - len, "%s%s", i ? "," : "",
                                tgx_sm5_param_name((tgx_sm5_param)params[i]));
}

/* "2D .LL .DC" for a target, LOD mode and mode flags. */
static void mode_text(unsigned target, unsigned lod, uint32_t flags, char *buf, size_t size)
{
    snprintf(buf, size, "%s%s%s%s%s%s", target_name(target), lod < 8 ? lod_space(lod) : " ",
             lod_name(lod), flags & TGX_SM5_F_DC ? " .DC" : "",
             flags & TGX_SM5_F_AOFFI ? " .AOFFI" : "", flags & TGX_SM5_F_MS ? " .MS" : "");
}

/* TEXS/TLDS: the instruction's target and modifiers must be its encoding's row. */
static void check_fields_match(checker *c, const sm5_senc *e)
{
    const tgx_sm5_insn *in = c->in;
    uint32_t f = in->flags & SHORT_MODE_FLAGS;
    if (in->target == e->target && in->lod == e->lod && f == (e->flags & SHORT_MODE_FLAGS))
        return;
    char has[48];
    mode_text(in->target, in->lod, f, has, sizeof has);
    report(c, TGX_SEV_ERROR, RULE_FIELDS_MATCH_ENCODING, "%s, but the instruction says %s", c->what,
           has);
}

/* sm5-TEXS Rd1/Rd0/wmsk tables, shared by TEXS and TLDS (same fields, same stores in yuzu). */
static void check_short_dest(checker *c)
{
    const tgx_sm5_insn *in = c->in;
    int f16 = !!(in->flags & TGX_SM5_F_F16);
    unsigned w = in->wmsk_enc;
    if (in->rd1 == RZ) {
        if (w >= 8)
            return; /* a 3-bit field cannot hold more */
        unsigned n = popcount4(tgx_sm5_short_wmask(in));
        check_dest(c, "Rd0", in->rd, f16 ? 1 : n, sm5_wmsk2_names[w].s);
        return;
    }
    if (w >= 5) {
        char rn[8];
        reg_name(in->rd1, rn);
        report(c, TGX_SEV_ERROR, RULE_WMASK_TABLE,
               "with Rd1 = %s (not RZ) the write mask is one of RGB, RGA, RBA, GBA, RGBA "
               "(encodings 0-4); encoding %u is not in that table",
               rn, w);
        return;
    }
    unsigned n = popcount4(tgx_sm5_short_wmask(in));
    check_dest(c, "Rd0", in->rd, f16 ? 1 : 2, sm5_wmsk34_names[w].s);
    check_dest(c, "Rd1", in->rd1, f16 ? 1 : n - 2, sm5_wmsk34_names[w].s);
}

/* Rules 2-4 for Ra and Rb as the operand layout packs them; unused_sev is rule 3's severity
 * (sm5-TEXS: "must be RZ"; sm5-TLD: "no error is generated"). */
static void check_layout_sources(checker *c, const tgx_sm5_layout *p, tgx_severity unused_sev)
{
    char pa[64], pb[64];
    packing_text(p->a, p->na, pa, sizeof pa);
    packing_text(p->b, p->nb, pb, sizeof pb);
    check_source(c, "Ra", c->in->ra, p->na, pa, TGX_SEV_ERROR);
    check_source(c, "Rb", c->in->rb, p->nb, pb, unused_sev);
}

static void check_texs_tlds(checker *c, int is_tlds)
{
    const tgx_sm5_insn *in = c->in;
    const sm5_senc *e = sm5_senc_find(in->cls, in->texs_enc);
    tgx_sm5_layout p;
    if (!e || tgx_sm5_operand_layout(in, &p, NULL) != TGX_OK) {
        report(c, TGX_SEV_ERROR, is_tlds ? RULE_TLDS_ENCODING : RULE_TEXS_ENCODING,
               "encoding %u does not exist (%s)", in->texs_enc,
               is_tlds ? "TLDS has 0, 1, 2, 4, 5, 6, 7, 8 and 12" : "TEXS has 0-13");
        return;
    }
    char mode[48];
    mode_text(e->target, e->lod, e->flags, mode, sizeof mode);
    snprintf(c->what, sizeof c->what, "encoding %u (%s)", e->number, mode);
    check_fields_match(c, e);
    check_layout_sources(c, &p, TGX_SEV_ERROR);
    check_short_dest(c);
}

/* TLD4S: 2D only; what Ra/Rb hold is the operand layout (yuzu's TLD4S decoder). Always 4
 * components: Rd0 = R,G, Rd1 = B,A (F16: one packed register each). */
static void check_tld4s(checker *c)
{
    const tgx_sm5_insn *in = c->in;
    int aoffi = !!(in->flags & TGX_SM5_F_AOFFI), dc = !!(in->flags & TGX_SM5_F_DC);
    int f16 = !!(in->flags & TGX_SM5_F_F16);
    snprintf(c->what, sizeof c->what, "TLD4S%s%s", aoffi ? ".AOFFI" : "", dc ? ".DC" : "");
    tgx_sm5_layout p;
    tgx_sm5_operand_layout(in, &p, NULL);
    check_layout_sources(c, &p, TGX_SEV_ERROR);
    check_dest(c, "Rd0", in->rd, f16 ? 1 : 2, "RGBA");
    check_dest(c, "Rd1", in->rd1, f16 ? 1 : 2, "RGBA");
}

/* TEX, TLD, TLD4, TMML, TXD: Ra and Rb as the operand layout packs them (sm5-TLD / sm5-TMML
 * tables; nouveau's Maxwell lowering for TEX, TLD4, TXD: every one of ptxas's 928 TXD words in
 * the corpus follows rule 2 with it). Forms no Maxwell compiler emits -- .LBA, .LLA, .PTP, .LC,
 * reserved values -- are not checked: no word shows what the hardware requires of them. */
static bool general_checked(const tgx_sm5_insn *in)
{
    return in->target < 8 && in->lod != TGX_SM5_LOD_INVALID4 && in->lod != TGX_SM5_LOD_INVALID5 &&
           in->lod != TGX_SM5_LOD_LBA && in->lod != TGX_SM5_LOD_LLA &&
           !(in->flags & (TGX_SM5_F_PTP | TGX_SM5_F_LC)) && in->toff != TGX_SM5_TOFF_INVALID3;
}

static void check_general(checker *c)
{
    const tgx_sm5_insn *in = c->in;
    snprintf(c->what, sizeof c->what, "%s %s%s%s", tgx_sm5_class_name(in->cls),
             target_name(in->target), lod_space(in->lod),
             in->lod < 8 ? sm5_lod_names[in->lod].s : "");
    tgx_sm5_layout p;
    if (general_checked(in) && tgx_sm5_operand_layout(in, &p, NULL) == TGX_OK)
        check_layout_sources(c, &p, TGX_SEV_WARNING);
}

/* sm5-TLD: .MS needs .LZ and 2D/ARRAY_2D; .CL excludes .MS. */
static void check_tld_modes(checker *c)
{
    const tgx_sm5_insn *in = c->in;
    if (!(in->flags & TGX_SM5_F_MS))
        return;
    if (in->lod != TGX_SM5_LOD_LZ || (in->target != TGX_SM5_2D && in->target != TGX_SM5_ARRAY_2D))
        report(c, TGX_SEV_ERROR, RULE_MS_LZ_2D, "the instruction has%s%s .MS and target %s",
               in->lod < 8 ? lod_space(in->lod) : "", lod_name(in->lod), target_name(in->target));
    if (in->flags & TGX_SM5_F_CL)
        report(c, TGX_SEV_ERROR, RULE_MS_CL, "this TLD has both");
}

static void check_txa(checker *c)
{
    const tgx_sm5_insn *in = c->in;
    char rn[8];
    reg_name(in->ra, rn);
    if (in->ra == RZ || in->ra % 4 != 0)
        report(c, TGX_SEV_ERROR, RULE_TXA_RA, "Ra packs s, t, r (weights) but is %s", rn);
}

/* Classes with a 4-bit write mask: Rd holds popcount(mask) registers (rule 1). */
static int has_wmask4(tgx_sm5_class cls)
{
    return cls != TGX_SM5_TEXS && cls != TGX_SM5_TLDS && cls != TGX_SM5_TLD4S;
}

/* The page each class has: TEXS, TLD, TMML and TXA; the others have none. */
static const char *class_own_page(tgx_sm5_class cls)
{
    switch (cls) {
    case TGX_SM5_TEXS: return "sm5-TEXS";
    case TGX_SM5_TLD:
    case TGX_SM5_TLD_B: return "sm5-TLD";
    case TGX_SM5_TMML:
    case TGX_SM5_TMML_B: return "sm5-TMML";
    case TGX_SM5_TXA: return "sm5-TXA";
    default: return NULL;
    }
}

/* The page whose register rules a class follows: its own, or its sibling's (TLDS and TLD4S
 * TEXS's, TEX, TLD4, TXD and TXQ TLD's). */
static const char *class_page(tgx_sm5_class cls)
{
    switch (cls) {
    case TGX_SM5_TEXS:
    case TGX_SM5_TLDS:
    case TGX_SM5_TLD4S: return "sm5-TEXS";
    case TGX_SM5_TMML:
    case TGX_SM5_TMML_B: return "sm5-TMML";
    case TGX_SM5_TXA: return "sm5-TXA";
    default: return "sm5-TLD";
    }
}

static void check_common(checker *c, tgx_sm5_arch arch, const tgx_sm5_legal_opts *opts)
{
    const tgx_sm5_insn *in = c->in;
    /* TEXS/TLDS: their encoding tables have no 3D .DC row; check_fields_match says so */
    if ((in->flags & TGX_SM5_F_DC) &&
        (in->target == TGX_SM5_3D || in->target == TGX_SM5_ARRAY_3D) && in->cls != TGX_SM5_TEXS &&
        in->cls != TGX_SM5_TLDS)
        report(c, TGX_SEV_ERROR, RULE_DC_3D, "%s has .DC with target %s",
               tgx_sm5_class_name(in->cls), target_name(in->target));
    if ((in->flags & TGX_SM5_F_F16) && arch != TGX_SM5_ARCH_SM50 && opts && opts->tex_kind &&
        opts->tex_kind(opts->user, in) == TGX_SM5_TEX_INTEGER)
        report(c, TGX_SEV_ERROR, RULE_F16_INT, "%s.F16 reads texture 0x%x, an integer texture",
               tgx_sm5_class_name(in->cls), in->tex_index);
    if (has_wmask4(in->cls)) {
        char m[8];
        mask_text(in->wmask, m);
        check_dest(c, "Rd", in->rd, popcount4(in->wmask), m);
    }
}

tgx_status tgx_sm5_check_legal(const tgx_sm5_insn *in, tgx_sm5_arch arch,
                               const tgx_sm5_legal_opts *opts, const char *file, unsigned line,
                               const char *text, tgx_diag_list *out)
{
    if (!in || !out || (unsigned)in->cls >= TGX_SM5_CLASS_COUNT)
        return TGX_ERR_ARG;
    checker c = {in, file, text, line, out, TGX_OK, class_page(in->cls), class_own_page(in->cls),
                 ""};
    switch (in->cls) {
    case TGX_SM5_TEXS: check_texs_tlds(&c, 0); break;
    case TGX_SM5_TLDS: check_texs_tlds(&c, 1); break;
    case TGX_SM5_TLD4S: check_tld4s(&c); break;
    case TGX_SM5_TLD:
    case TGX_SM5_TLD_B:
        check_tld_modes(&c);
        check_general(&c);
        break;
    case TGX_SM5_TEX:
    case TGX_SM5_TEX_B:
    case TGX_SM5_TLD4:
    case TGX_SM5_TLD4_B:
    case TGX_SM5_TMML:
    case TGX_SM5_TMML_B:
    case TGX_SM5_TXD:
    case TGX_SM5_TXD_B: check_general(&c); break;
    case TGX_SM5_TXA: check_txa(&c); break;
    default: /* TXQ: Ra holds [handle], level, no Rb; only rule 1 below */ break;
    }
    check_common(&c, arch, opts);
    return c.st;
}
