/* nvdisasm's listings, both ways: the writer of its lines for words and code sections (what
 * `tgx dis` prints), and the whole-file assembler that reads them back: nvdisasm listings of
 * raw code files or whole cubins (address and hex comments, directives, labels, data sections,
 * `{ ... }` dual-issue pairs) or plain instruction lines -> words and their control fields. What
 * a listing line can be, and what the hex comments of `nvdisasm -hex` mean, is said at
 * tgx_sm5_assemble (tgx/sm5.h). */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm5/sm5_internal.h"

#define SM5_LINE_MAX 4096 /* nvdisasm -plr lines grow with the register count */

/* ---- writing nvdisasm's lines ---------------------------------------------------------------- */

tgx_status tgx_sm5_insn_text(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, uint64_t addr,
                             const tgx_sm5_labels *labels, char *buf, size_t size, size_t *len)
{
    tgx_sm5_insn in;
    tgx_diag d;
    tgx_status st = tgx_sm5_decode(word, arch, &in, &d);
    size_t n;
    if (st == TGX_OK) {
        n = tgx_sm5_print(&in, ctrl, buf, size);
    } else {
        sm5_out o = {buf, size, 0};
        if (st == TGX_ERR_UNSUPPORTED && (unsigned)arch < TGX_SM5_ARCH_COUNT) {
            tgx_diag od;
            tgx_status ost = sm5_op_print(word, ctrl, arch, addr, labels, &o, &od);
            if (ost == TGX_OK) {
                st = TGX_OK;
            } else {
                o.len = 0; /* what the form printed before it failed */
                if (ost != TGX_ERR_UNSUPPORTED) {
                    st = ost;
                    d = od;
                }
            }
        }
        if (st != TGX_OK) {
            sm5_put(&o, "ERROR: ", 7);
            sm5_put_str(&o, d.message);
        }
        if (size)
            buf[o.len < size ? o.len : size - 1] = '\0';
        n = o.len;
    }
    if (len)
        *len = n;
    return st;
}

tgx_status tgx_sm5_word_text(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, char *buf,
                             size_t size, size_t *len)
{
    return tgx_sm5_insn_text(word, ctrl, arch, 0, NULL, buf, size, len);
}

/* ---- reading them back ---------------------------------------------------------------------- */

void tgx_sm5_program_free(tgx_sm5_program *p)
{
    if (!p)
        return;
    free(p->insns);
    p->insns = NULL;
    p->count = p->capacity = 0;
}

static tgx_status program_add(tgx_sm5_program *p, tgx_sm5_asm_insn insn, tgx_diag *d)
{
    if (p->count == p->capacity) {
        size_t cap = p->capacity ? p->capacity * 2 : 64;
        tgx_sm5_asm_insn *n = realloc(p->insns, cap * sizeof *n);
        if (!n)
            return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, insn.line, 0, "out of memory");
        p->insns = n;
        p->capacity = cap;
    }
    p->insns[p->count++] = insn;
    return TGX_OK;
}

/* The word of a block comment line[from..to) that holds `0x` and 16 hex digits between
 * blanks (what nvdisasm -hex writes); 0 if it holds anything else. */
static int hex_word(const char *line, size_t from, size_t to, uint64_t *word)
{
    while (from < to && (line[from] == ' ' || line[from] == '\t'))
        from++;
    while (to > from && (line[to - 1] == ' ' || line[to - 1] == '\t'))
        to--;
    if (to - from != 18 || line[from] != '0' || line[from + 1] != 'x')
        return 0;
    uint64_t w = 0;
    for (size_t i = from + 2; i < to; i++) {
        char c = line[i];
        unsigned v = c >= '0' && c <= '9'   ? (unsigned)(c - '0')
                     : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10)
                     : c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10)
                                            : 16u;
        if (v > 15)
            return 0;
        w = w << 4 | v;
    }
    *word = w;
    return 1;
}

/* Blanks comments (keeping columns) in line[0..n); *in_comment carries a block comment over to
 * the next line. A hex-word comment on the line sets *hex (the last one counts). */
static void blank_comments(char *line, size_t n, int *in_comment, int *has_hex, uint64_t *hex)
{
    *has_hex = 0;
    for (size_t i = 0; i < n; i++) {
        if (*in_comment) {
            if (line[i] == '*' && i + 1 < n && line[i + 1] == '/') {
                line[i + 1] = ' ';
                *in_comment = 0;
            }
            line[i] = ' ';
        } else if (line[i] == '/' && i + 1 < n && line[i + 1] == '*') {
            for (size_t j = i + 2; j + 1 < n; j++) /* a comment closed on this line: a word? */
                if (line[j] == '*' && line[j + 1] == '/') {
                    if (hex_word(line, i + 2, j, hex))
                        *has_hex = 1;
                    break;
                }
            *in_comment = 1;
            line[i] = line[i + 1] = ' ';
            i++;
        } else if ((line[i] == '/' && i + 1 < n && line[i + 1] == '/') || line[i] == '#') {
            memset(line + i, ' ', n - i);
            return;
        } else if (line[i] == '\r') {
            line[i] = ' ';
        }
    }
}

static tgx_status locate(tgx_diag *d, tgx_status st, const char *file, unsigned line, unsigned col0)
{
    if (d) {
        d->line = line;
        d->column += col0;
        tgx_diag_set_file(d, file);
    }
    return st;
}

/* How a run over the text reports problems: the first error stops tgx_sm5_assemble (list
 * NULL, error in d); tgx_sm5_assemble_checked goes on and collects every problem in list. */
typedef struct asm_label {
    char name[128];
    size_t index;   /* the program index of the instruction it names; SIZE_MAX until bound */
    size_t section; /* the program index where its section starts */
} asm_label;

typedef struct asm_fixup {
    char name[128];
    size_t index;
    unsigned line, col;
    int has_hex; /* the line's hex comment: taken when it branches to the same place */
    uint64_t hex;
} asm_fixup;

typedef struct asm_run {
    const char *file;
    tgx_sm5_arch arch;
    tgx_sm5_program *p;
    tgx_diag *d;
    tgx_diag_list *list;             /* NULL: stop at the first error */
    const tgx_sm5_legal_opts *legal; /* with list: also check legality */
    int failed;                      /* with list: a statement did not assemble */
    /* An open `{ }` dual-issue pair: where its '{' is, how many statements it has seen and the
     * program index of its first instruction (SIZE_MAX if that one did not assemble). */
    int in_pair;
    unsigned pair_line, pair_col;
    size_t pair_stmts, pair_first;
    /* nvdisasm -hex: the current line's hex comment, offered to its first statement; the
     * instruction that closed a pair without one (nvdisasm prints its word on the next line:
     * needs_word when it is not a texture instruction); the last bundle control word and the
     * program index of its first slot. */
    int line_has_hex;
    uint64_t line_hex;
    int pending, pending_needs_word;
    size_t pending_index;
    unsigned pending_line, pending_col;
    int has_ctrl_word;
    uint64_t ctrl_word;
    size_t ctrl_base;
    /* code labels (`.L_x_1:`, `k_loop:`): the program index of the instruction they name, and
     * the branches that named one before it was seen */
    size_t section_base;
    asm_label *labels;
    size_t nlabels, caplabels;
    asm_fixup *fixups;
    size_t nfixups, capfixups;
} asm_run;

/* Adds d (positioned) to the run's list; TGX_ERR_NOMEM if the list cannot grow. */
static tgx_status collect(asm_run *r, tgx_diag *d)
{
    if (tgx_diag_list_add(r->list, d) < 0)
        return tgx_diag_set(r->d, TGX_ERR_NOMEM, r->file, d->line, 0, "out of memory");
    return TGX_OK;
}

/* The legality rules for one assembled word, whose statement text starts at column col of its
 * line: each diagnostic points at the operand its rule is about. The word is decoded again so
 * that the checker sees exactly what nvdisasm would read. */
static tgx_status check_word(asm_run *r, uint64_t word, const char *text, unsigned lineno,
                             unsigned col)
{
    tgx_sm5_insn in;
    tgx_diag d;
    if (tgx_sm5_decode(word, r->arch, &in, &d) != TGX_OK) {
        locate(&d, d.status, r->file, lineno, col);
        r->failed = 1;
        return collect(r, &d);
    }
    size_t first = r->list->count;
    tgx_status st = tgx_sm5_check_legal(&in, r->arch, r->legal, r->file, lineno, text, r->list);
    for (size_t i = first; i < r->list->count; i++) /* from the statement's to the line's */
        r->list->items[i].column += r->list->items[i].column ? col - 1 : col;
    if (st == TGX_ERR_NOMEM)
        return tgx_diag_set(r->d, TGX_ERR_NOMEM, r->file, lineno, 0, "out of memory");
    return TGX_OK;
}

/* A problem at column col of line lineno: the first error stops tgx_sm5_assemble; the checked
 * run records it and goes on. */
static tgx_status report(asm_run *r, unsigned lineno, unsigned col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static tgx_status report(asm_run *r, unsigned lineno, unsigned col, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tgx_diag_vset(r->d, TGX_ERR_PARSE, r->file, lineno, col, fmt, ap);
    va_end(ap);
    if (!r->list)
        return TGX_ERR_PARSE;
    r->failed = 1;
    return collect(r, r->d);
}

/* How the text ends an instruction: ';' right after it (nvdisasm's spelling of stall 0, yield
 * 0, no barriers: print.c), ' ;', or the '}' of a pair, which drops the ';' and says nothing. */
typedef enum asm_end { END_TIGHT, END_SPACED, END_BRACE } asm_end;

#define CTRL_PHASE_BITS (3u << 17)
#define CTRL_LOW_BITS   0x1fu    /* stall and yield */
#define CTRL_PRINT_BITS 0x1ffffu /* what decides ';' versus ' ;' */
#define CTRL_TIGHT      0x7e0u   /* stall 0, yield 0, no barriers */

/* Bit 63 of the control word the listing gave for the bundle that instruction i starts. */
static unsigned ctrl_top(const asm_run *r, size_t i)
{
    return r->has_ctrl_word && i == r->ctrl_base ? (unsigned)(r->ctrl_word >> 63) : 0u;
}

/* The control field of the instruction at program index i: its bundle's control word when the
 * listing gave one, else the neutral field; then what the text spells on top (a texture
 * instruction's .T/.P and its ';'). Inside { } the braces decide dual issue (close_pair marks
 * the first), so a field asking for it is set back to stall 1 there; outside, a control word
 * may ask for it (nvdisasm -novliw lists pairs without braces) and check_dual_issue checks it. */
static uint32_t insn_field(const asm_run *r, size_t i, int texture, uint32_t text_ctrl, asm_end end)
{
    uint32_t f = TGX_SM5_CTRL_NEUTRAL;
    if (r->has_ctrl_word && i - r->ctrl_base < 3)
        f = tgx_sm5_bundle_ctrl(r->ctrl_word, (unsigned)(i - r->ctrl_base));
    if (texture) {
        f = (f & ~CTRL_PHASE_BITS) | (text_ctrl & CTRL_PHASE_BITS);
        if (end == END_TIGHT)
            f = (f & ~CTRL_PRINT_BITS) | CTRL_TIGHT;
        else if (end == END_SPACED && (f & CTRL_PRINT_BITS) == CTRL_TIGHT)
            f = (f & ~CTRL_LOW_BITS) | (TGX_SM5_CTRL_NEUTRAL & CTRL_LOW_BITS);
    }
    if (TGX_SM5_CTRL_DUAL(f) && (r->in_pair || !r->has_ctrl_word))
        f = (f & ~CTRL_LOW_BITS) | (TGX_SM5_CTRL_NEUTRAL & CTRL_LOW_BITS);
    return f;
}

/* Fills the open bundle with NOPs (TGX_SM5_NOP_WORD, what ptxas pads sections with), fields
 * from its control word: a section starts a bundle, and nvdisasm -plr leaves a section's
 * trailing NOPs out of its listing. */
static tgx_status pad_bundle(asm_run *r, unsigned lineno)
{
    while (r->p->count % 3) {
        size_t i = r->p->count;
        tgx_sm5_asm_insn nop = {TGX_SM5_NOP_WORD, insn_field(r, i, 0, 0, END_SPACED), lineno, 0,
                                ctrl_top(r, i)};
        tgx_status st = program_add(r->p, nop, r->d);
        if (st != TGX_OK)
            return st;
    }
    return TGX_OK;
}

/* Dual issue asked by control words outside { }: it needs a partner, which must not ask again
 * (nvdisasm rejects both; tgx_sm5_code_file_read too). A refused request is set back to stall
 * 1, so that even a checked run's program with errors never asks for what a reader rejects. */
static tgx_status check_dual_issue(asm_run *r)
{
    tgx_sm5_program *p = r->p;
    for (size_t i = 0; i < p->count; i++) {
        uint32_t *c = &p->insns[i].ctrl;
        if (!TGX_SM5_CTRL_DUAL(*c))
            continue;
        const char *why = i + 1 == p->count                         ? "it is the last instruction"
                          : TGX_SM5_CTRL_DUAL(p->insns[i + 1].ctrl) ? "its partner asks again"
                                                                    : NULL;
        if (!why)
            continue;
        *c = (*c & ~CTRL_LOW_BITS) | (TGX_SM5_CTRL_NEUTRAL & CTRL_LOW_BITS);
        tgx_status st =
            report(r, p->insns[i].line, 1, "the control word asks for dual issue, but %s", why);
        if (st != TGX_OK)
            return st;
    }
    return TGX_OK;
}

/* A field the instruction's form refuses (nvdisasm: "Unrecognized operation"): a scoreboard
 * barrier (bits 5..10 other than 7) on a fixed-latency instruction, or reuse flag 3 (bit 20) on
 * a form without it, given by the bundle's control word (to an instruction of a hex comment or
 * a padding NOP too); the field is reported and cleared of both, so the words written print. */
#define CTRL_BARRIERS 0x7e0u
#define CTRL_REUSE3   (1u << 20)

static tgx_status check_fields(asm_run *r)
{
    tgx_sm5_program *p = r->p;
    for (size_t i = 0; i < p->count; i++) {
        tgx_sm5_asm_insn *in = &p->insns[i];
        tgx_sm5_op_info info; /* the form table's verdict on the field, without printing */
        if (tgx_sm5_is_texture_opcode(in->word, r->arch) ||
            tgx_sm5_op_form(in->word, in->ctrl, r->arch, &info) == TGX_OK)
            continue;
        uint32_t plain = (in->ctrl | CTRL_BARRIERS) & ~CTRL_REUSE3;
        if (tgx_sm5_op_form(in->word, plain, r->arch, &info) != TGX_OK)
            continue; /* refused whatever the field: not the control word's doing */
        uint32_t was = in->ctrl;
        in->ctrl = plain;
        tgx_status st = report(r, in->line, 1,
                               "the control word gives this instruction the field 0x%06x, which "
                               "nvdisasm refuses: %s",
                               (unsigned)was,
                               (was & CTRL_BARRIERS) != CTRL_BARRIERS
                                   ? "a scoreboard barrier on a fixed-latency instruction"
                                   : "reuse flag 3 on an instruction without it");
        if (st != TGX_OK)
            return st;
    }
    return TGX_OK;
}

/* An instruction that closed a pair without a hex comment and is not a texture instruction
 * never got its word. */
static tgx_status missing_word(asm_run *r)
{
    r->pending = 0;
    return report(r, r->pending_line, r->pending_col,
                  "no Maxwell instruction, and no hex comment gives its word");
}

/* The word of a statement that is not a texture instruction: the line's hex comment. */
static tgx_status other_word(asm_run *r, asm_end end, uint64_t *w, int *needs_word)
{
    *needs_word = 0;
    if (r->line_has_hex) {
        *w = r->line_hex;
        return TGX_OK;
    }
    if (end == END_BRACE) { /* nvdisasm puts it on the next line */
        *w = 0;
        *needs_word = 1;
        return TGX_OK;
    }
    char msg[TGX_DIAG_MSG_MAX];
    snprintf(msg, sizeof msg, "%s", r->d->message);
    unsigned col = r->d->column;
    tgx_diag_set(r->d, TGX_ERR_PARSE, NULL, 0, col,
                 "%s, and no hex comment on the line gives its word", msg);
    return TGX_ERR_PARSE;
}

/* ---- instructions outside the texture classes: text to word (sm5_op_parse) ------------------ */

/* The address nvdisasm gives program index i: section-relative, control words counted. */
static uint64_t insn_address(const asm_run *r, size_t i)
{
    size_t k = i - r->section_base;
    return (uint64_t)(k / 3) * 32u + 8u + 8u * (k % 3);
}

/* A label's address: the instruction after it, or the bundle's start (its control word) when
 * that is a bundle's first instruction: nvdisasm prints both before the control word, and
 * branches (ptxas's, CAL's functions) go to bundle starts. */
static int label_address(void *user, const char *name, uint64_t *addr)
{
    const asm_run *r = user;
    for (size_t i = 0; i < r->nlabels; i++)
        if (r->labels[i].index != SIZE_MAX && strcmp(r->labels[i].name, name) == 0) {
            size_t k = r->labels[i].index - r->labels[i].section;
            *addr = (uint64_t)(k / 3) * 32u + (k % 3 ? 8u + 8u * (k % 3) : 0u);
            return 1;
        }
    return 0;
}

/* A listing line that is a label: remembered until the next instruction, which it names. */
static tgx_status add_label(asm_run *r, const char *name, size_t n)
{
    if (r->nlabels == r->caplabels) {
        size_t cap = r->caplabels ? 2 * r->caplabels : 32;
        asm_label *q = realloc(r->labels, cap * sizeof *q);
        if (!q)
            return tgx_diag_set(r->d, TGX_ERR_NOMEM, r->file, 0, 0, "out of memory");
        r->labels = q;
        r->caplabels = cap;
    }
    asm_label *l = &r->labels[r->nlabels++];
    snprintf(l->name, sizeof l->name, "%.*s", (int)n, name);
    l->index = SIZE_MAX;
    l->section = r->section_base;
    return TGX_OK;
}

static void bind_labels(asm_run *r, size_t index)
{
    for (size_t i = 0; i < r->nlabels; i++)
        if (r->labels[i].index == SIZE_MAX)
            r->labels[i].index = index;
}

/* The text nvdisasm writes into a cubin's listing that is no operand of the instruction: a
 * relocated MOV32I immediate (`(sym), 32@lo(sym), 32@hi(sym): 0 in the word, the relocation
 * fills it) and an indirect branch's (*"BRANCH_TARGETS ..."*) note. */
static void strip_listing_notes(char *t)
{
    char *note = strstr(t, "(*\"");
    if (note) {
        char *end = strstr(note, "\"*)");
        if (end) {
            end += 3;
            while (note > t && note[-1] == ' ')
                note--;
            memmove(note, end, strlen(end) + 1);
        }
    }
    const char *mn = t + (t[0] == '@' ? strcspn(t, " ") + 1 : 0);
    if (strncmp(mn, "MOV32I ", 7) != 0)
        return;
    static const char *const forms[] = {"`(", "32@lo(", "32@hi("};
    for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++) {
        char *p = strstr(t, forms[k]);
        char *close = p ? strchr(p, ')') : NULL;
        if (close) {
            memmove(p + 3, close + 1, strlen(close + 1) + 1);
            memcpy(p, "0x0", 3);
        }
    }
}

/* Whether two instruction texts are the same, their terminators too unless loose (a pair's
 * second, whose ';' the listing drops): " ;" and ";" say different control fields. */
static int same_text(const char *a, const char *b, int loose)
{
    size_t na = strlen(a), nb = strlen(b);
    if (!loose)
        return na == nb && memcmp(a, b, na) == 0;
    while (na && (a[na - 1] == ';' || a[na - 1] == ' '))
        na--;
    while (nb && (b[nb - 1] == ';' || b[nb - 1] == ' '))
        nb--;
    return na == nb && memcmp(a, b, na) == 0;
}

/* The label of the current section at address target, for printing a word back. */
static const char *label_name(void *user, uint64_t target)
{
    const asm_run *r = user;
    for (size_t i = 0; i < r->nlabels; i++) {
        const asm_label *l = &r->labels[i];
        if (l->index == SIZE_MAX || l->section != r->section_base)
            continue;
        size_t k = l->index - l->section;
        if ((uint64_t)(k / 3) * 32u + (k % 3 ? 8u + 8u * (k % 3) : 0u) == target)
            return l->name;
    }
    return NULL;
}

/* Whether word under field ctrl prints text (its terminator aside) at program index i, branch
 * targets named by the listing's labels. */
static int prints_as(const asm_run *r, size_t i, uint64_t word, uint32_t ctrl, const char *text,
                     int loose)
{
    char buf[TGX_DIAG_MSG_MAX + 256];
    tgx_sm5_labels names = {label_name, (void *)r};
    if (tgx_sm5_insn_text(word, ctrl, r->arch, insn_address(r, i), &names, buf, sizeof buf, NULL) !=
        TGX_OK)
        return 0;
    return same_text(buf, text, loose);
}

static tgx_status add_fixup(asm_run *r, const char *name, size_t index, unsigned line, unsigned col,
                            int has_hex, uint64_t hex)
{
    if (r->nfixups == r->capfixups) {
        size_t cap = r->capfixups ? 2 * r->capfixups : 32;
        asm_fixup *q = realloc(r->fixups, cap * sizeof *q);
        if (!q)
            return tgx_diag_set(r->d, TGX_ERR_NOMEM, r->file, 0, 0, "out of memory");
        r->fixups = q;
        r->capfixups = cap;
    }
    asm_fixup *f = &r->fixups[r->nfixups++];
    snprintf(f->name, sizeof f->name, "%s", name);
    f->index = index;
    f->line = line;
    f->col = col;
    f->has_hex = has_hex;
    f->hex = hex;
    return TGX_OK;
}

/* The word of a statement outside the texture classes: parsed from its text at program index i
 * (a branch to a label not seen yet gets a fixup); the line's hex comment instead when it prints
 * the same text (it keeps the bits nvdisasm does not print) or the text does not parse. */
static tgx_status op_word(asm_run *r, const char *text, size_t i, asm_end end, uint64_t *w,
                          uint32_t *c, int *parsed, int *needs_word)
{
    char t[SM5_LINE_MAX + 3];
    snprintf(t, sizeof t, "%s", text);
    strip_listing_notes(t);
    sm5_op_resolver resolve = {label_address, r};
    int unresolved = 0;
    tgx_diag pd;
    tgx_status st = sm5_op_parse(t, r->arch, insn_address(r, i), &resolve, w, c, &unresolved, &pd);
    *parsed = st == TGX_OK;
    if (r->line_has_hex && (!*parsed || prints_as(r, i, r->line_hex, *c, t, 1) ||
                            prints_as(r, i, r->line_hex, TGX_SM5_CTRL_NEUTRAL, t, 1))) {
        *w = r->line_hex;
        *parsed = 0;
        return TGX_OK;
    }
    if (*parsed) {
        *needs_word = 0;
        if (unresolved) {
            const char *name = strstr(t, "`(");
            char label[128];
            size_t n = name ? strcspn(name + 2, ")") : 0;
            snprintf(label, sizeof label, "%.*s", (int)n, name ? name + 2 : "");
            return add_fixup(r, label, i, 0, 0, r->line_has_hex, r->line_hex);
        }
        return TGX_OK;
    }
    *r->d = pd;
    if (st == TGX_ERR_UNSUPPORTED)
        return other_word(r, end, w, needs_word);
    return st;
}

/* Assembles one statement, text[0..] ending in ';' (a brace-closed one gets " ;" appended by
 * the caller), found at column col (0-based). */
static tgx_status assemble_statement(asm_run *r, const char *text, unsigned lineno, unsigned col,
                                     asm_end end)
{
    tgx_diag *d = r->d;
    if (r->pending && r->pending_needs_word) {
        tgx_status st = missing_word(r);
        if (st != TGX_OK)
            return st;
    }
    r->pending = 0;
    uint64_t w = 0;
    uint32_t c = 0;
    int texture = 1, needs_word = 0;
    tgx_status st = strcmp(text, TGX_SM5_OTHER_TEXT) == 0
                        ? tgx_diag_set(d, TGX_ERR_UNSUPPORTED, NULL, 0, 1,
                                       "an instruction tgx dis does not disassemble")
                        : tgx_sm5_assemble_line(text, r->arch, &w, &c, d);
    int parsed = 0;
    if (st == TGX_ERR_UNSUPPORTED && strcmp(text, TGX_SM5_OTHER_TEXT) != 0) {
        texture = 0;
        st = op_word(r, text, r->p->count, end, &w, &c, &parsed, &needs_word);
    } else if (st == TGX_ERR_UNSUPPORTED) {
        texture = 0;
        st = other_word(r, end, &w, &needs_word);
    }
    const int had_hex = r->line_has_hex;
    r->line_has_hex = 0; /* the line's comment was its first statement's */
    if (r->in_pair && r->pair_stmts++ == 0)
        r->pair_first = st == TGX_OK ? r->p->count : SIZE_MAX;
    if (st != TGX_OK) {
        locate(d, st, r->file, lineno, col);
        if (!r->list)
            return st;
        r->failed = 1;
        return collect(r, d);
    }
    size_t i = r->p->count;
    uint32_t field = insn_field(r, i, texture, c, end);
    if (parsed && !prints_as(r, i, w, field, text, end == END_BRACE)) /* the text's .reuse and
                                                                         ';' win */
        field = (field & ~(0xfu << 17) & ~CTRL_PRINT_BITS) | (c & 0xfu << 17) |
                ((c & CTRL_PRINT_BITS) == CTRL_TIGHT       ? CTRL_TIGHT
                 : (field & CTRL_PRINT_BITS) == CTRL_TIGHT ? TGX_SM5_CTRL_NEUTRAL
                                                           : field & CTRL_PRINT_BITS);
    tgx_sm5_asm_insn insn = {w, field, lineno, texture || parsed, ctrl_top(r, i)};
    bind_labels(r, i);
    st = program_add(r->p, insn, d);
    if (st == TGX_OK && end == END_BRACE && !had_hex) {
        r->pending = 1;
        r->pending_needs_word = needs_word;
        r->pending_index = i;
        r->pending_line = lineno;
        r->pending_col = col + 1;
    }
    if (st == TGX_OK && r->list && texture)
        st = check_word(r, w, text, lineno, col + 1);
    return st;
}

/* A line holding only a hex comment: the word of the instruction that closed a pair just
 * before, or else the control word of the bundle that starts here. */
static tgx_status hex_line(asm_run *r, uint64_t hex, unsigned lineno)
{
    if (r->pending) {
        tgx_sm5_asm_insn *in = &r->p->insns[r->pending_index];
        if (r->pending_needs_word) {
            in->word = hex;
        } else if (in->texture) { /* assembled from its text: the word when it is the same */
            int fixed = 0;
            for (size_t k = 0; k < r->nfixups; k++)
                if (r->fixups[k].index == r->pending_index) {
                    r->fixups[k].has_hex = 1;
                    r->fixups[k].hex = hex;
                    fixed = 1;
                }
            char a[TGX_DIAG_MSG_MAX + 64], b[TGX_DIAG_MSG_MAX + 64];
            uint64_t addr = insn_address(r, r->pending_index);
            tgx_sm5_insn_text(in->word, in->ctrl, r->arch, addr, NULL, a, sizeof a, NULL);
            tgx_sm5_insn_text(hex, in->ctrl, r->arch, addr, NULL, b, sizeof b, NULL);
            if (!fixed && strcmp(a, b) == 0)
                in->word = hex;
        }
        r->pending = 0;
        return TGX_OK;
    }
    tgx_status st = pad_bundle(r, lineno);
    if (st != TGX_OK)
        return st;
    r->has_ctrl_word = 1;
    r->ctrl_word = hex;
    r->ctrl_base = r->p->count;
    return TGX_OK;
}

/* '{' opens a dual-issue pair: nvdisasm brackets two instructions that issue together. */
static tgx_status open_pair(asm_run *r, unsigned lineno, unsigned col)
{
    if (r->in_pair)
        return report(r, lineno, col + 1, "'{' inside the dual-issue pair opened at %u:%u",
                      r->pair_line, r->pair_col);
    r->in_pair = 1;
    r->pair_line = lineno;
    r->pair_col = col + 1;
    r->pair_stmts = 0;
    r->pair_first = SIZE_MAX;
    return TGX_OK;
}

/* '}' closes the pair: it must hold two instructions, and the first one's control field asks
 * for dual issue (stall 0, yield set: TGX_SM5_CTRL_DUAL), as nvdisasm reads it. */
static tgx_status close_pair(asm_run *r, unsigned lineno, unsigned col)
{
    if (!r->in_pair)
        return report(r, lineno, col + 1, "'}' closes no dual-issue pair");
    r->in_pair = 0;
    if (r->pair_stmts != 2)
        return report(r, lineno, col + 1,
                      "a { } dual-issue pair holds two instructions; the one opened at %u:%u "
                      "holds %zu",
                      r->pair_line, r->pair_col, r->pair_stmts);
    /* Only a pair whose two instructions both assembled (a checked run goes on after an error)
     * is marked, so the program never asks for dual issue without its partner. */
    if (r->pair_first != SIZE_MAX && r->p->count == r->pair_first + 2) {
        uint32_t *c = &r->p->insns[r->pair_first].ctrl;
        *c = (*c & ~0x1fu) | 0x10u;
    }
    return TGX_OK;
}

/* text = s[0..n) without its trailing blanks, then " ;" (text holds SM5_LINE_MAX + 3 bytes, n is
 * at most SM5_LINE_MAX): a statement the text left without its ';'. Returns its length before
 * the " ;". */
static size_t with_semicolon(char *text, const char *s, size_t n)
{
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    memcpy(text, s, n);
    memcpy(text + n, " ;", 3);
    return n;
}

/* The statement a pair's '}' ends: nvdisasm drops the second instruction's ';', so the text
 * up to the brace gets one before it is assembled (the field keeps what the listing says). */
static tgx_status assemble_before_brace(asm_run *r, const char *s, size_t n, unsigned lineno,
                                        unsigned col)
{
    char text[SM5_LINE_MAX + 3];
    with_semicolon(text, s, n);
    return assemble_statement(r, text, lineno, col, END_BRACE);
}

/* tgx dis's text for an instruction it does not disassemble (TGX_SM5_OTHER_TEXT, no ';'):
 * its word is the line's hex comment. */
static tgx_status assemble_other_marker(asm_run *r, char **at, char *line, unsigned lineno)
{
    char *s = *at;
    const size_t n = strlen(TGX_SM5_OTHER_TEXT);
    const char *after = s + n + strspn(s + n, " \t");
    const asm_end how = *after == '}' ? END_BRACE : END_SPACED;
    const char keep = s[n];
    s[n] = '\0';
    tgx_status st = assemble_statement(r, s, lineno, (unsigned)(s - line), how);
    s[n] = keep;
    *at = s + n;
    return st;
}

/* A statement s[0..n) without its ';' (at column end_col): the first problem is reported, so an
 * unknown name or a bad operand before the end comes first, at its column; the missing ';' is
 * the error when the rest would assemble. Nothing is assembled. */
static tgx_status report_unended(asm_run *r, const char *s, size_t n, unsigned lineno, unsigned col,
                                 unsigned end_col)
{
    char text[SM5_LINE_MAX + 3];
    n = with_semicolon(text, s, n);
    uint64_t w;
    uint32_t c;
    tgx_diag dd;
    tgx_status st = tgx_sm5_assemble_line(text, r->arch, &w, &c, &dd);
    if (st == TGX_ERR_PARSE && dd.column <= n)
        return report(r, lineno, col + dd.column, "%s", dd.message);
    if (st == TGX_ERR_UNSUPPORTED)
        return report(r, lineno, col + 1,
                      "field 'mnemonic': not a Maxwell texture instruction, and no ';' ends the "
                      "statement, found '%.*s'",
                      (int)strcspn(text, " \t."), text);
    return report(r, lineno, end_col, "field 'syntax': expected ';' at the end of the instruction");
}

/* The first ';', '{' or '}' of s that ends or opens a statement: a '{' with a digit after it
 * opens DEPBAR's list of barriers ({5,4,1}), which is part of the statement. */
static char *statement_mark(char *s)
{
    for (char *p = strpbrk(s, ";{}"); p; p = strpbrk(p + 1, ";{}")) {
        if (*p == '{' && p[1] >= '0' && p[1] <= '9') {
            char *close = strchr(p, '}');
            if (!close)
                return NULL;
            p = close;
            continue;
        }
        return p;
    }
    return NULL;
}

/* Assembles the statements of one (comment-free) line: each ends in ';', or in the '}' of the
 * dual-issue pair it closes; '{' and '}' may sit anywhere between statements. */
static tgx_status assemble_statements(asm_run *r, char *line, unsigned lineno)
{
    char *s = line;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            return TGX_OK;
        unsigned col = (unsigned)(s - line);
        tgx_status st = TGX_OK;
        char *end = statement_mark(s);
        if (strncmp(s, TGX_SM5_OTHER_TEXT, strlen(TGX_SM5_OTHER_TEXT)) == 0) {
            st = assemble_other_marker(r, &s, line, lineno);
        } else if (*s == '{' || *s == '}') {
            st = *s == '{' ? open_pair(r, lineno, col) : close_pair(r, lineno, col);
            s++;
        } else if (end && *end == ';') {
            char keep = end[1];
            end[1] = '\0';
            asm_end how = end > s && (end[-1] == ' ' || end[-1] == '\t') ? END_SPACED : END_TIGHT;
            st = assemble_statement(r, s, lineno, col, how);
            end[1] = keep;
            s = end + 1;
        } else if (end && *end == '}' && r->in_pair) {
            st = assemble_before_brace(r, s, (size_t)(end - s), lineno, col);
            s = end;
        } else {
            char *at = end ? end : s + strlen(s);
            st = report_unended(r, s, (size_t)(at - s), lineno, col, (unsigned)(at - line) + 1);
            if (st == TGX_OK && !end)
                return TGX_OK;
            s = at;
        }
        if (st != TGX_OK)
            return st;
    }
}

/* Lines of nvdisasm's listings that hold no instruction: directives and data (`.headerflags`,
 * `.section`, `.byte`, `.zero`, ...; the first word starts with '.') and labels (one word
 * ending in ':', such as `k_f16:`, `.L_x_1:` or `$k_loop$twice:`). */
static int holds_no_instruction(const char *line)
{
    line += strspn(line, " \t");
    if (*line == '.')
        return 1;
    size_t n = strcspn(line, " \t");
    return n > 1 && line[n - 1] == ':' && line[n + strspn(line + n, " \t")] == '\0';
}

/* One comment-free line: statements, a hex word on its own, or nothing to assemble (a new
 * section starts a bundle). */
static tgx_status assemble_line(asm_run *r, char *line, unsigned lineno)
{
    const char *first = line + strspn(line, " \t");
    if (strncmp(first, ".section", 8) == 0 && (first[8] == ' ' || first[8] == '\t')) {
        tgx_status st = pad_bundle(r, lineno);
        bind_labels(r, r->p->count);
        r->section_base = r->p->count;
        return st;
    }
    if (holds_no_instruction(line)) {
        size_t n = strcspn(first, " \t");
        if (n > 1 && first[n - 1] == ':' && first[0] != '.') /* a function's name */
            return add_label(r, first, n - 1);
        if (n > 4 && first[n - 1] == ':' && strncmp(first, ".L_", 3) == 0)
            return add_label(r, first, n - 1);
        return TGX_OK;
    }
    if (*first != '\0')
        return assemble_statements(r, line, lineno);
    return r->line_has_hex ? hex_line(r, r->line_hex, lineno) : TGX_OK;
}

/* A line the assembler cannot take, reported where the problem is (as the line reader of tgx dis
 * --words does): a NUL byte at its column, a line too long at the first column past the limit.
 * TGX_OK for a line it can take. */
static tgx_status line_fault(asm_run *r, const char *raw, size_t n, unsigned lineno)
{
    const char *nul = memchr(raw, '\0', n < SM5_LINE_MAX ? n : SM5_LINE_MAX);
    if (nul)
        return tgx_diag_set(r->d, TGX_ERR_PARSE, r->file, lineno, (unsigned)(nul - raw) + 1,
                            "NUL byte in the line (assembly text holds none)");
    if (n > SM5_LINE_MAX)
        return tgx_diag_set(r->d, TGX_ERR_PARSE, r->file, lineno, SM5_LINE_MAX + 1,
                            "line longer than %d characters (%zu)", SM5_LINE_MAX, n);
    return TGX_OK;
}

/* Splits text into lines, blanks comments and assembles each line's statements. */
/* Branches that named a label before it was seen: their targets, now that every label is. */
static tgx_status resolve_fixups(asm_run *r)
{
    for (size_t k = 0; k < r->nfixups; k++) {
        const asm_fixup *f = &r->fixups[k];
        uint64_t target;
        tgx_sm5_asm_insn *in = &r->p->insns[f->index];
        if (!label_address(r, f->name, &target)) {
            tgx_status st =
                report(r, in->line, 1, "branch target '%s' is no label of the listing", f->name);
            if (st != TGX_OK)
                return st;
            continue;
        }
        size_t base = 0;
        for (size_t i = 0; i < r->nlabels; i++)
            if (strcmp(r->labels[i].name, f->name) == 0)
                base = r->labels[i].section;
        size_t k2 = f->index - base;
        uint64_t addr = (uint64_t)(k2 / 3) * 32u + 8u + 8u * (k2 % 3);
        sm5_op_set_target(&in->word, r->arch, addr, target);
        if (f->has_hex) { /* the listing's word, if it is the same instruction */
            char a[TGX_DIAG_MSG_MAX + 64], b[TGX_DIAG_MSG_MAX + 64];
            tgx_sm5_insn_text(in->word, in->ctrl, r->arch, addr, NULL, a, sizeof a, NULL);
            tgx_sm5_insn_text(f->hex, in->ctrl, r->arch, addr, NULL, b, sizeof b, NULL);
            if (strcmp(a, b) == 0)
                in->word = f->hex;
        }
    }
    return TGX_OK;
}

static tgx_status assemble_text(asm_run *r, const char *text, size_t len)
{
    char line[SM5_LINE_MAX + 1];
    int in_comment = 0;
    unsigned lineno = 0;
    size_t pos = 0;
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
        pos += n + (nl != NULL);
        lineno++;
        const char *raw = text + pos - n - (nl != NULL);
        tgx_status st = line_fault(r, raw, n, lineno);
        if (st != TGX_OK || n > SM5_LINE_MAX) { /* the second: always a fault, said for gcc */
            if (!r->list)
                return st;
            r->failed = 1;
            if ((st = collect(r, r->d)) != TGX_OK)
                return st;
            continue;
        }
        memcpy(line, raw, n);
        line[n] = '\0';
        blank_comments(line, n, &in_comment, &r->line_has_hex, &r->line_hex);
        st = assemble_line(r, line, lineno);
        if (st != TGX_OK)
            return st;
    }
    tgx_status st = r->pending && r->pending_needs_word ? missing_word(r) : TGX_OK;
    if (st == TGX_OK && r->has_ctrl_word && r->p->count - r->ctrl_base < 3)
        st = pad_bundle(r, lineno); /* the NOPs its control word describes */
    bind_labels(r, r->p->count);
    if (st == TGX_OK)
        st = resolve_fixups(r);
    if (st == TGX_OK)
        st = check_dual_issue(r);
    if (st == TGX_OK)
        st = check_fields(r);
    if (st != TGX_OK)
        return st;
    if (in_comment)
        return report(r, lineno, 1, "unterminated /* comment");
    if (r->in_pair)
        return report(r, r->pair_line, r->pair_col,
                      "'{' opens a dual-issue pair that is never "
                      "closed with '}'");
    return TGX_OK;
}

tgx_status tgx_sm5_assemble(const char *text, size_t len, const char *file, tgx_sm5_arch arch,
                            tgx_sm5_program *p, tgx_diag *d)
{
    if (!p || (!text && len))
        return tgx_diag_set(d, TGX_ERR_ARG, file, 0, 0, "no text or no output");
    memset(p, 0, sizeof *p);
    tgx_diag scratch;
    asm_run r = {.file = file, .arch = arch, .p = p, .d = d ? d : &scratch};
    tgx_status st = assemble_text(&r, text, len);
    free(r.labels);
    free(r.fixups);
    if (st != TGX_OK)
        tgx_sm5_program_free(p);
    return st;
}

tgx_status tgx_sm5_assemble_checked(const char *text, size_t len, const char *file,
                                    tgx_sm5_arch arch, const tgx_sm5_legal_opts *opts,
                                    tgx_sm5_program *p, tgx_diag_list *out)
{
    if (!p || !out || (!text && len))
        return TGX_ERR_ARG;
    memset(p, 0, sizeof *p);
    tgx_diag d;
    asm_run r = {.file = file, .arch = arch, .p = p, .d = &d, .list = out, .legal = opts};
    tgx_status st = assemble_text(&r, text, len);
    free(r.labels);
    free(r.fixups);
    if (st != TGX_OK)
        return st; /* out of memory: the list holds what was found so far */
    if (r.failed)
        return TGX_ERR_PARSE;
    return out->errors ? TGX_ERR_INVALID : TGX_OK;
}
