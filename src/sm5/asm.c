/* Whole-file assembler: nvdisasm listings (with or without the address and hex comments and
 * `{ ... }` dual-issue bundles) or plain instruction lines -> words. */
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

/* Blanks comments (keeping columns) and bundle braces in line[0..n); *in_comment carries a
 * block comment over to the next line. */
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
        } else if (line[i] == '{' || line[i] == '}' || line[i] == '\r') {
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

/* Assembles the ';'-terminated statements of one (comment-free) line. */
static tgx_status assemble_statements(asm_run *r, char *line, unsigned lineno)
{
    char *s = line;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            return TGX_OK;
        tgx_diag *d = r->d;
        char *semi = strchr(s, ';');
        if (!semi) {
            tgx_diag_set(d, TGX_ERR_PARSE, NULL, 0, 1,
                         "field 'syntax': expected ';' at the end "
                         "of the instruction");
            locate(d, TGX_ERR_PARSE, r->file, lineno, (unsigned)(s + strlen(s) - line));
            if (!r->list)
                return TGX_ERR_PARSE;
            r->failed = 1;
            return collect(r, d);
        }
        char keep = semi[1];
        semi[1] = '\0';
        uint64_t w = 0;
        uint32_t c = 0;
        tgx_status st = tgx_sm5_assemble_line(s, r->arch, &w, &c, d);
        semi[1] = keep;
        unsigned col = (unsigned)(s - line);
        if (st != TGX_OK) {
            locate(d, st, r->file, lineno, col);
            if (!r->list)
                return st;
            r->failed = 1;
            st = collect(r, d);
        } else {
            st = program_add(r->p, w, c, lineno, d);
            if (st == TGX_OK && r->list)
                st = check_word(r, w, lineno, col + 1);
        }
        if (st != TGX_OK)
            return st;
        s = semi + 1;
    }
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
        tgx_status st = assemble_statements(r, line, lineno);
        if (st != TGX_OK)
            return st;
    }
    if (in_comment) {
        tgx_status st =
            tgx_diag_set(r->d, TGX_ERR_PARSE, r->file, lineno, 1, "unterminated /* comment");
        if (!r->list)
            return st;
        r->failed = 1;
        return collect(r, r->d);
    }
    return TGX_OK;
}

tgx_status tgx_sm5_assemble(const char *text, size_t len, const char *file, tgx_sm5_arch arch,
                            tgx_sm5_program *p, tgx_diag *d)
{
    if (!p || (!text && len))
        return tgx_diag_set(d, TGX_ERR_ARG, file, 0, 0, "no text or no output");
    memset(p, 0, sizeof *p);
    tgx_diag scratch;
    asm_run r = {file, arch, p, d ? d : &scratch, NULL, NULL, 0};
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
    asm_run r = {file, arch, p, &d, out, opts, 0};
    tgx_status st = assemble_text(&r, text, len);
    if (st != TGX_OK)
        return st; /* out of memory: the list holds what was found so far */
    if (r.failed)
        return TGX_ERR_PARSE;
    return out->errors ? TGX_ERR_INVALID : TGX_OK;
}
