/* Whole-file assembler: nvdisasm listings (with or without the address and hex comments,
 * directives and `{ ... }` dual-issue pairs) or plain instruction lines -> words and their
 * control fields. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm5/sm5_internal.h"

#define SM5_LINE_MAX 1024

void tgx_sm5_program_free(tgx_sm5_program *p)
{
    if (!p)
        return;
    free(p->insns);
    p->insns = NULL;
    p->count = p->capacity = 0;
}

static tgx_status program_add(tgx_sm5_program *p, uint64_t word, uint32_t ctrl, unsigned line,
                              tgx_diag *d)
{
    if (p->count == p->capacity) {
        size_t cap = p->capacity ? p->capacity * 2 : 64;
        tgx_sm5_asm_insn *n = realloc(p->insns, cap * sizeof *n);
        if (!n)
            return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, line, 0, "out of memory");
        p->insns = n;
        p->capacity = cap;
    }
    p->insns[p->count++] = (tgx_sm5_asm_insn){word, ctrl, line};
    return TGX_OK;
}

/* Blanks comments (keeping columns) in line[0..n); *in_comment carries a block comment over to
 * the next line. */
static void blank_comments(char *line, size_t n, int *in_comment)
{
    for (size_t i = 0; i < n; i++) {
        if (*in_comment) {
            if (line[i] == '*' && i + 1 < n && line[i + 1] == '/') {
                line[i + 1] = ' ';
                *in_comment = 0;
            }
            line[i] = ' ';
        } else if (line[i] == '/' && i + 1 < n && line[i + 1] == '*') {
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
        snprintf(d->file, sizeof d->file, "%s", file ? file : "");
    }
    return st;
}

/* How a run over the text reports problems: the first error stops tgx_sm5_assemble (list
 * NULL, error in d); tgx_sm5_assemble_checked goes on and collects every problem in list. */
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
} asm_run;

/* Adds d (positioned) to the run's list; TGX_ERR_NOMEM if the list cannot grow. */
static tgx_status collect(asm_run *r, tgx_diag *d)
{
    if (tgx_diag_list_add(r->list, d) < 0)
        return tgx_diag_set(r->d, TGX_ERR_NOMEM, r->file, d->line, 0, "out of memory");
    return TGX_OK;
}

/* The legality rules for one assembled word. Its diagnostics get the statement's column (the
 * checker knows the instruction, not the text). The word is decoded again so that the checker
 * sees exactly what nvdisasm would read. */
static tgx_status check_word(asm_run *r, uint64_t word, unsigned lineno, unsigned col)
{
    tgx_sm5_insn in;
    tgx_diag d;
    if (tgx_sm5_decode(word, r->arch, &in, &d) != TGX_OK) {
        locate(&d, d.status, r->file, lineno, col);
        r->failed = 1;
        return collect(r, &d);
    }
    size_t first = r->list->count;
    tgx_status st = tgx_sm5_check_legal(&in, r->arch, r->legal, r->file, lineno, r->list);
    for (size_t i = first; i < r->list->count; i++)
        r->list->items[i].column = col;
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
    char msg[TGX_DIAG_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    tgx_diag_set(r->d, TGX_ERR_PARSE, r->file, lineno, col, "%s", msg);
    if (!r->list)
        return TGX_ERR_PARSE;
    r->failed = 1;
    return collect(r, r->d);
}

/* Assembles one statement, text[0..] ending in ';', found at column col (0-based). */
static tgx_status assemble_statement(asm_run *r, const char *text, unsigned lineno, unsigned col)
{
    tgx_diag *d = r->d;
    uint64_t w = 0;
    uint32_t c = 0;
    tgx_status st = tgx_sm5_assemble_line(text, r->arch, &w, &c, d);
    if (r->in_pair && r->pair_stmts++ == 0)
        r->pair_first = st == TGX_OK ? r->p->count : SIZE_MAX;
    if (st != TGX_OK) {
        locate(d, st, r->file, lineno, col);
        if (!r->list)
            return st;
        r->failed = 1;
        return collect(r, d);
    }
    st = program_add(r->p, w, c, lineno, d);
    if (st == TGX_OK && r->list)
        st = check_word(r, w, lineno, col + 1);
    return st;
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

/* The statement a pair's '}' ends: nvdisasm drops the second instruction's ';', so the text
 * up to the brace gets one (" ;", the neutral spacing) before it is assembled. */
static tgx_status assemble_before_brace(asm_run *r, const char *s, size_t n, unsigned lineno,
                                        unsigned col)
{
    char text[SM5_LINE_MAX + 3];
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    memcpy(text, s, n);
    memcpy(text + n, " ;", 3);
    return assemble_statement(r, text, lineno, col);
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
        char *end = strpbrk(s, ";{}");
        if (*s == '{' || *s == '}') {
            st = *s == '{' ? open_pair(r, lineno, col) : close_pair(r, lineno, col);
            s++;
        } else if (end && *end == ';') {
            char keep = end[1];
            end[1] = '\0';
            st = assemble_statement(r, s, lineno, col);
            end[1] = keep;
            s = end + 1;
        } else if (end && *end == '}' && r->in_pair) {
            st = assemble_before_brace(r, s, (size_t)(end - s), lineno, col);
            s = end;
        } else {
            char *at = end ? end : s + strlen(s);
            st = report(r, lineno, (unsigned)(at - line) + 1,
                        "field 'syntax': expected ';' at the end of the instruction");
            if (st == TGX_OK && !end)
                return TGX_OK;
            s = at;
        }
        if (st != TGX_OK)
            return st;
    }
}

/* nvdisasm's listings carry directives and labels (`.headerflags ...`, `.section ...`,
 * `.L_x_1:`): lines whose first word starts with '.' hold no instruction. */
static int is_directive(const char *line)
{
    line += strspn(line, " \t");
    return *line == '.';
}

/* Splits text into lines, blanks comments and assembles each line's statements. */
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
        if (n > SM5_LINE_MAX || memchr(text + pos - n - (nl != NULL), '\0', n)) {
            tgx_status st =
                tgx_diag_set(r->d, TGX_ERR_PARSE, r->file, lineno, 1,
                             "line longer than %d characters or holding a NUL byte", SM5_LINE_MAX);
            if (!r->list)
                return st;
            r->failed = 1;
            if ((st = collect(r, r->d)) != TGX_OK)
                return st;
            continue;
        }
        memcpy(line, text + pos - n - (nl != NULL), n);
        line[n] = '\0';
        blank_comments(line, n, &in_comment);
        if (is_directive(line))
            continue;
        tgx_status st = assemble_statements(r, line, lineno);
        if (st != TGX_OK)
            return st;
    }
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
    asm_run r = {file, arch, p, d ? d : &scratch, NULL, NULL, 0, 0, 0, 0, 0, 0};
    tgx_status st = assemble_text(&r, text, len);
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
    asm_run r = {file, arch, p, &d, out, opts, 0, 0, 0, 0, 0, 0};
    tgx_status st = assemble_text(&r, text, len);
    if (st != TGX_OK)
        return st; /* out of memory: the list holds what was found so far */
    if (r.failed)
        return TGX_ERR_PARSE;
    return out->errors ? TGX_ERR_INVALID : TGX_OK;
}
