/* Parser and assembler for nvdisasm's texture-instruction syntax, driven by the same
 * sm5_syntax.def rows the printer uses, so whatever the printer writes parses back. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm5/sm5_internal.h"

#define SM5_MAX_PARTS    16
#define SM5_MAX_OPERANDS 12
#define SM5_TOKEN_MAX    32

/* A piece of the source text: where it starts (0-based column) and how long it is. */
typedef struct sm5_tok {
    const char *s;
    size_t n;
    unsigned col;
} sm5_tok;

typedef struct sm5_parser {
    const char *text;
    tgx_diag *d;
    tgx_sm5_insn *in;
    sm5_tok parts[SM5_MAX_PARTS]; /* mnemonic split at '.', parts[0] the base */
    size_t nparts;
    sm5_tok ops[SM5_MAX_OPERANDS];
    size_t nops;
    sm5_tok end;                     /* the ';' */
    int tight;                       /* ';' directly after the last operand */
    unsigned col_of[SM5_OPND_COUNT]; /* 1-based column of each operand of the syntax row (an
                                        optional one left out: where it would stand);
                                        [SM5_OPND_END] the mnemonic's */
} sm5_parser;

static tgx_status fail(sm5_parser *p, const sm5_tok *at, const char *field, const char *what)
{
    char found[SM5_TOKEN_MAX];
    size_t n = at && at->n < sizeof found ? at->n : (at ? sizeof found - 1 : 0);
    if (at)
        memcpy(found, at->s, n);
    found[n] = '\0';
    return tgx_diag_set(p->d, TGX_ERR_PARSE, NULL, 0, at ? at->col + 1 : 1, "field '%s': %s%s%s%s",
                        field, what, at ? ", found '" : "", found, at ? "'" : "");
}

static int tok_is(const sm5_tok *t, const char *s)
{
    return strlen(s) == t->n && memcmp(t->s, s, t->n) == 0;
}

static const char *skip_space(const char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    return s;
}

/* Register "R0".."R254" or "RZ" -> 0..255; -1 if t is not one. */
static int parse_reg(const sm5_tok *t)
{
    if (tok_is(t, "RZ"))
        return (int)TGX_SM5_RZ;
    if (t->n < 2 || t->n > 4 || t->s[0] != 'R')
        return -1;
    unsigned v = 0;
    for (size_t i = 1; i < t->n; i++) {
        if (!isdigit((unsigned char)t->s[i]))
            return -1;
        v = v * 10 + (unsigned)(t->s[i] - '0');
    }
    return v < TGX_SM5_RZ ? (int)v : -1;
}

/* Predicate "P0".."P6" or "PT" -> 0..7; -1 otherwise. */
static int parse_pred(const sm5_tok *t)
{
    if (t->n != 2 || t->s[0] != 'P')
        return -1;
    if (t->s[1] == 'T')
        return (int)TGX_SM5_PT;
    return t->s[1] >= '0' && t->s[1] <= '6' ? t->s[1] - '0' : -1;
}

/* Unsigned number, "0x" hex or decimal, at most max; -1 if t is not one. */
static long parse_num(const sm5_tok *t, unsigned long max)
{
    char buf[SM5_TOKEN_MAX];
    if (t->n == 0 || t->n >= sizeof buf || !isdigit((unsigned char)t->s[0]))
        return -1;
    memcpy(buf, t->s, t->n);
    buf[t->n] = '\0';
    char *end;
    unsigned long v = strtoul(buf, &end, 0);
    return *end || v > max ? -1 : (long)v;
}

/* Index of t in names[0..n), or -1. */
static int find_name(const sm5_tok *t, const sm5_name *names, int n)
{
    for (int i = 0; i < n; i++) {
        if (names[i].n == t->n && memcmp(t->s, names[i].s, t->n) == 0)
            return i;
    }
    return -1;
}

/* Splits "@!P0 TEX.LZ.NDV R0, R1, 0x5, 2D, 0xf ;" into guard, mnemonic parts, operands. */
/* A mnemonic of no texture class: well-formed, perhaps, but not ours. Callers that take other
 * instructions from elsewhere (a listing's hex comments) tell this apart by the status. */
static tgx_status not_texture(sm5_parser *p)
{
    fail(p, &p->parts[0], "mnemonic", "not a Maxwell texture instruction");
    if (p->d)
        p->d->status = TGX_ERR_UNSUPPORTED;
    return TGX_ERR_UNSUPPORTED;
}

static int names_a_class(const sm5_tok *t)
{
    for (int c = 0; c < TGX_SM5_CLASS_COUNT; c++)
        if (tok_is(t, sm5_syntaxes[c].mnemonic))
            return 1;
    return 0;
}

static tgx_status tokenize(sm5_parser *p)
{
    const char *s = skip_space(p->text);
    if (*s == '@') {
        const char *g = s + 1;
        int neg = *g == '!';
        sm5_tok t = {g + neg, 2, (unsigned)(g + neg - p->text)};
        int pr = parse_pred(&t);
        if (pr < 0)
            return fail(p, &t, "Pg", "expected a guard predicate P0-P6 or PT");
        p->in->pred = (uint8_t)pr;
        p->in->pred_neg = (uint8_t)neg;
        s = skip_space(g + neg + 2);
    }
    const char *m = s;
    while (isalnum((unsigned char)*s) || *s == '_' || *s == '.')
        s++;
    if (s == m) {
        sm5_tok t = {m, strcspn(m, " \t;,"), (unsigned)(m - p->text)};
        return fail(p, &t, "mnemonic", "expected an instruction name");
    }
    size_t first = strcspn(m, ".");
    p->parts[0] =
        (sm5_tok){m, first < (size_t)(s - m) ? first : (size_t)(s - m), (unsigned)(m - p->text)};
    if (!names_a_class(&p->parts[0])) /* its modifiers and operands may be anything: unread */
        return not_texture(p);
    for (const char *q = m; q < s;) {
        size_t n = strcspn(q, ".");
        if (q + n > s)
            n = (size_t)(s - q);
        if (p->nparts == SM5_MAX_PARTS || n == 0) {
            sm5_tok t = {q, n, (unsigned)(q - p->text)};
            return fail(p, &t, "mnemonic", "malformed modifier list");
        }
        p->parts[p->nparts++] = (sm5_tok){q, n, (unsigned)(q - p->text)};
        q += n + (q + n < s);
    }
    s = skip_space(s);
    while (*s && *s != ';') {
        size_t n = strcspn(s, ",;");
        size_t k = n;
        while (k && (s[k - 1] == ' ' || s[k - 1] == '\t'))
            k--;
        sm5_tok t = {s, k, (unsigned)(s - p->text)};
        if (p->nops == SM5_MAX_OPERANDS || k == 0)
            return fail(p, &t, "operands", "expected an operand");
        p->ops[p->nops++] = t;
        p->tight = k == n;
        s += n;
        if (*s == ',')
            s = skip_space(s + 1);
    }
    if (*s != ';') {
        sm5_tok t = {s, 0, (unsigned)(s - p->text)};
        return fail(p, &t, "syntax", "expected ';' at the end of the instruction");
    }
    p->end = (sm5_tok){s, 1, (unsigned)(s - p->text)};
    if (p->nops == 0)
        p->tight = s > p->text && s[-1] != ' ' && s[-1] != '\t';
    s = skip_space(s + 1);
    if (*s) {
        sm5_tok t = {s, strlen(s), (unsigned)(s - p->text)};
        return fail(p, &t, "syntax", "unexpected text after ';'");
    }
    return TGX_OK;
}

/* Index of part (without its '.') in names (which carry a leading '.'), or -1. */
static int find_mod(const sm5_tok *t, const sm5_name *names, int n)
{
    for (int i = 0; i < n; i++) {
        const sm5_name *nm = &names[i];
        if (nm->n > 0 && nm->s[0] == '.' && nm->n - 1u == t->n &&
            memcmp(nm->s + 1, t->s, t->n) == 0)
            return i;
    }
    return -1;
}

/* One modifier token of cls's row against the next part t (NULL past the last): 1 if it used
 * t, 0 if it is absent and may be, -1 if it is required and missing. */
static int match_mod(sm5_parser *p, tgx_sm5_class cls, sm5_mod m, const sm5_tok *t)
{
    tgx_sm5_insn *in = p->in;
    int k;
    switch (m) {
    case SM5_MOD_LOD:
        k = t ? find_mod(t, sm5_lod_names, 8) : -1;
        if (k < 0)
            return sm5_class_has(cls, SM5_FLD_LODLL) ? -1 : 0; /* TLD always names .LZ or .LL */
        in->lod = (uint8_t)k;
        return 1;
    case SM5_MOD_COMP:
        k = t ? find_mod(t, sm5_comp_names, 4) : -1;
        if (k < 0)
            return -1;
        in->component = (uint8_t)k;
        return 1;
    case SM5_MOD_TOFF:
        k = t ? find_mod(t, sm5_toff_names, 4) : -1;
        if (k <= 0)
            return 0;
        sm5_field_store(in, SM5_FLD_TOFF, (uint32_t)k);
        return 1;
    default: {
        const sm5_mod_info *mi = &sm5_mods[m];
        int hit = t && t->n + 1u == mi->len && memcmp(t->s, mi->text + 1, t->n) == 0;
        if (!hit)
            return mi->flag == 0 ? -1 : 0; /* .B / .LOD are part of the name */
        in->flags |= mi->flag;
        return 1;
    }
    }
}

/* Matches the mnemonic's modifier parts against cls's row; returns the number of parts used
 * (the phase is left for the caller), or 0 if a required modifier is missing. */
static size_t match_mods(sm5_parser *p, tgx_sm5_class cls)
{
    size_t i = 1;
    for (const uint8_t *m = sm5_syntaxes[cls].mods; *m != SM5_MOD_END; m++) {
        int r = match_mod(p, cls, (sm5_mod)*m, i < p->nparts ? &p->parts[i] : NULL);
        if (r < 0)
            return 0;
        i += (size_t)r;
    }
    return i;
}

/* The phase suffix (.T, .P, .INVALIDPHASE3) -> 1..3, or 0. */
static unsigned match_phase(const sm5_tok *t)
{
    int k = find_mod(t, sm5_phase_names, 4);
    return k > 0 ? (unsigned)k : 0;
}

static void insn_defaults(tgx_sm5_insn *in)
{
    memset(in, 0, sizeof *in);
    in->pred = TGX_SM5_PT;
    in->sparse_pred = TGX_SM5_PT;
    in->rd = in->rd1 = in->ra = in->rb = in->rc = (uint8_t)TGX_SM5_RZ;
    in->wmask = 0xf;
}

/* Finds the class whose mnemonic row consumes every part; fills modifiers and phase. */
static tgx_status match_class(sm5_parser *p)
{
    tgx_sm5_insn saved = *p->in;
    for (int c = 0; c < TGX_SM5_CLASS_COUNT; c++) {
        if (!tok_is(&p->parts[0], sm5_syntaxes[c].mnemonic))
            continue;
        *p->in = saved;
        size_t used = match_mods(p, (tgx_sm5_class)c);
        if (used == 0)
            continue;
        unsigned phase = used < p->nparts ? match_phase(&p->parts[used]) : 0;
        if (phase)
            used++;
        if (used == p->nparts) {
            p->in->cls = (tgx_sm5_class)c;
            p->in->phase = (uint8_t)phase;
            return TGX_OK;
        }
    }
    for (int c = 0; c < TGX_SM5_CLASS_COUNT; c++) {
        if (tok_is(&p->parts[0], sm5_syntaxes[c].mnemonic))
            return fail(p, p->nparts > 1 ? &p->parts[1] : &p->parts[0], "modifiers",
                        "modifiers not valid for this instruction or out of order");
    }
    return not_texture(p);
}

/* TXQ's query: a name of the 'TXQModeDim' table or, for the unnamed even values, value/2. */
static tgx_status parse_query(sm5_parser *p, const sm5_tok *t, const char *field)
{
    int q = -1;
    for (unsigned k = 0; k < 64 && q < 0; k++) {
        const char *nm = sm5_query_name(k);
        if (nm && tok_is(t, nm))
            q = (int)k;
    }
    long v = parse_num(t, 31);
    if (q < 0 && v >= 3)
        q = (int)v * 2;
    if (q < 0)
        return fail(p, t, field, "expected a TXQ query name or a number 3-31");
    p->in->query = (uint8_t)q;
    return TGX_OK;
}

static tgx_status parse_reg_op(sm5_parser *p, const sm5_tok *t, const char *field, uint8_t *r)
{
    int v = parse_reg(t);
    if (v < 0)
        return fail(p, t, field, "expected a register R0-R254 or RZ");
    *r = (uint8_t)v;
    return TGX_OK;
}

/* One operand of the syntax row; *used is set when it consumed token t. */
static tgx_status parse_operand(sm5_parser *p, sm5_opnd op, const sm5_tok *t, int *used)
{
    tgx_sm5_insn *in = p->in;
    const char *field = sm5_opnd_names[op];
    *used = 1;
    if (op == SM5_OPND_SPARSE || op == SM5_OPND_RB_OPT) {
        int present = t && (op == SM5_OPND_RB_OPT ? parse_reg(t) >= 0 : parse_pred(t) >= 0);
        if (!present) {
            *used = 0;
            return TGX_OK;
        }
        if (op == SM5_OPND_SPARSE) {
            in->sparse_pred = (uint8_t)parse_pred(t);
            return TGX_OK;
        }
    }
    if (!t)
        return fail(p, &p->end, field, "missing operand");
    long v;
    switch (op) {
    case SM5_OPND_RD: return parse_reg_op(p, t, field, &in->rd);
    case SM5_OPND_RD1: return parse_reg_op(p, t, field, &in->rd1);
    case SM5_OPND_RA: return parse_reg_op(p, t, field, &in->ra);
    case SM5_OPND_RB:
    case SM5_OPND_RB_OPT: return parse_reg_op(p, t, field, &in->rb);
    case SM5_OPND_INDEX:
    case SM5_OPND_ZERO:
        v = parse_num(t, op == SM5_OPND_ZERO ? 0 : 0x1fff);
        if (v < 0)
            return fail(p, t, field,
                        op == SM5_OPND_ZERO ? "bindless forms take 0x0" : "expected 0x0-0x1fff");
        in->tex_index = (uint16_t)v;
        break;
    case SM5_OPND_TARGET:
        v = find_name(t, sm5_target_names, 8);
        if (v < 0)
            return fail(p, t, field, "expected 1D, 2D, 3D, CUBE or an ARRAY_ form");
        in->target = (uint8_t)v;
        break;
    case SM5_OPND_WMASK:
        v = parse_num(t, 0xf);
        if (v < 0)
            return fail(p, t, field, "expected a write mask 0x0-0xf");
        in->wmask = (uint8_t)v;
        break;
    case SM5_OPND_WENC:
        v = find_name(t, in->rd1 == TGX_SM5_RZ ? sm5_wmsk2_names : sm5_wmsk34_names, 8);
        if (v < 0)
            return fail(p, t, field,
                        in->rd1 == TGX_SM5_RZ
                            ? "with Rd1 = RZ expected R, G, B, A, RG, RA, GA or BA"
                            : "with Rd1 != RZ expected RGB, RGA, RBA, GBA or RGBA");
        in->wmsk_enc = (uint8_t)v;
        break;
    case SM5_OPND_QUERY: return parse_query(p, t, field);
    default: break;
    }
    return TGX_OK;
}

/* Operands of the syntax row after *op (none of them optional: SPARSE and RB_OPT come first). */
static size_t operands_after(const uint8_t *op)
{
    size_t n = 0;
    while (*++op != SM5_OPND_END)
        n++;
    return n;
}

/* The pages' "almost Fermi-compatible" spelling of the index, #tidU08, #smpU05 (sm5-TMML.txt,
 * sm5-TXA.txt: #tsPtrIdxU13 = {#smpU05, #tidU08}): two numbers where one stands. It is taken
 * when the line has exactly one operand more than the row after the index, and those two are
 * numbers. nvdisasm prints only the 13-bit index, and so does tgx. Sets *used to 2 when taken. */
static tgx_status parse_legacy_index(sm5_parser *p, const uint8_t *op, size_t k, int *used)
{
    *used = 0;
    if (p->nops < k + 2 || p->nops - k - 2 != operands_after(op))
        return TGX_OK;
    const sm5_tok *tid = &p->ops[k], *smp = &p->ops[k + 1];
    if (!isdigit((unsigned char)tid->s[0]) || !isdigit((unsigned char)smp->s[0]))
        return TGX_OK;
    long t = parse_num(tid, 0xff), s = parse_num(smp, 0x1f);
    if (t < 0)
        return fail(p, tid, "tidU08",
                    "expected a texture index 0x0-0xff (legacy #tidU08, #smpU05)");
    if (s < 0)
        return fail(p, smp, "smpU05",
                    "expected a sampler index 0x0-0x1f (legacy #tidU08, #smpU05)");
    p->in->tex_index = (uint16_t)(s << 8 | t);
    *used = 2;
    return TGX_OK;
}

static tgx_status parse_operands(sm5_parser *p)
{
    size_t k = 0;
    p->col_of[SM5_OPND_END] = p->parts[0].col + 1;
    for (const uint8_t *op = sm5_syntaxes[p->in->cls].ops; *op != SM5_OPND_END; op++) {
        int used = 0;
        p->col_of[*op] = (k < p->nops ? p->ops[k].col : p->end.col) + 1;
        tgx_status st = *op == SM5_OPND_INDEX ? parse_legacy_index(p, op, k, &used) : TGX_OK;
        if (st == TGX_OK && used == 0)
            st = parse_operand(p, (sm5_opnd)*op, k < p->nops ? &p->ops[k] : NULL, &used);
        if (st != TGX_OK)
            return st;
        k += (size_t)used;
    }
    if (k < p->nops)
        return fail(p, &p->ops[k], "operands", "too many operands");
    return TGX_OK;
}

/* TEXS/TLDS: the encoding number that stands for the parsed target, LOD and flags. */
static tgx_status pick_encoding(sm5_parser *p)
{
    tgx_sm5_insn *in = p->in;
    const uint32_t enc_flags = TGX_SM5_F_DC | TGX_SM5_F_AOFFI | TGX_SM5_F_MS;
    for (size_t i = 0; i < sm5_senc_count; i++) {
        const sm5_senc *e = &sm5_sencs[i];
        if (e->cls == in->cls && e->target == in->target && e->lod == in->lod &&
            e->flags == (in->flags & enc_flags)) {
            in->texs_enc = e->number;
            return TGX_OK;
        }
    }
    return fail(p, &p->parts[0], "paramA",
                "no encoding of this instruction has this target with these modifiers");
}

/* Parses text into p (p->text, p->d, p->in set). */
static tgx_status parse_into(sm5_parser *p)
{
    insn_defaults(p->in);
    tgx_status st = tokenize(p);
    if (st == TGX_OK)
        st = match_class(p);
    if (st == TGX_OK)
        st = parse_operands(p);
    if (st == TGX_OK && (p->in->cls == TGX_SM5_TEXS || p->in->cls == TGX_SM5_TLDS))
        st = pick_encoding(p);
    return st;
}

unsigned sm5_operand_column(const char *text, sm5_opnd op)
{
    tgx_sm5_insn in;
    sm5_parser p = {0};
    p.text = text;
    p.in = &in;
    if (!text || parse_into(&p) != TGX_OK)
        return 0;
    if (op == SM5_OPND_RB && !p.col_of[op]) /* Rb optional in this class's syntax */
        op = SM5_OPND_RB_OPT;
    if (op == SM5_OPND_WMASK && !p.col_of[op])
        op = SM5_OPND_WENC;
    return p.col_of[op];
}

tgx_status tgx_sm5_parse(const char *text, tgx_sm5_arch arch, tgx_sm5_insn *in, uint32_t *ctrl,
                         tgx_diag *d)
{
    (void)arch; /* the syntax is the same on every arch; encode checks what the arch has */
    if (!text || !in)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "no text or no output");
    sm5_parser p = {0};
    p.text = text;
    p.d = d;
    p.in = in;
    tgx_status st = parse_into(&p);
    if (st != TGX_OK)
        return st;
    if (ctrl) {
        /* ";" without a space is nvdisasm's spelling of stall 0, yield 0 (print.c). */
        uint32_t c = p.tight ? 0x7e0u : TGX_SM5_CTRL_NEUTRAL;
        *ctrl = c | (uint32_t)in->phase << 17;
    }
    return TGX_OK;
}

tgx_status tgx_sm5_assemble_line(const char *text, tgx_sm5_arch arch, uint64_t *word,
                                 uint32_t *ctrl, tgx_diag *d)
{
    tgx_sm5_insn in;
    tgx_status st = tgx_sm5_parse(text, arch, &in, ctrl, d);
    if (st != TGX_OK)
        return st;
    st = tgx_sm5_encode(&in, arch, word, d);
    if (st != TGX_OK && d) /* the encoder knows the field, not the text: point at the mnemonic */
        d->column = (unsigned)strspn(text, " \t") + 1;
    return st;
}
