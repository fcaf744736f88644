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

/* Assembles the ';'-terminated statements of one (comment-free) line. */
static tgx_status assemble_statements(char *line, const char *file, unsigned lineno,
                                      tgx_sm5_arch arch, tgx_sm5_program *p, tgx_diag *d)
{
    char *s = line;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        if (!*s)
            return TGX_OK;
        char *semi = strchr(s, ';');
        if (!semi) {
            tgx_diag_set(d, TGX_ERR_PARSE, NULL, 0, 1,
                         "field 'syntax': expected ';' at the end "
                         "of the instruction");
            return locate(d, TGX_ERR_PARSE, file, lineno, (unsigned)(s + strlen(s) - line));
        }
        char keep = semi[1];
        semi[1] = '\0';
        uint64_t w = 0;
        uint32_t c = 0;
        tgx_status st = tgx_sm5_assemble_line(s, arch, &w, &c, d);
        semi[1] = keep;
        if (st != TGX_OK)
            return locate(d, st, file, lineno, (unsigned)(s - line));
        st = program_add(p, w, c, lineno, d);
        if (st != TGX_OK)
            return st;
        s = semi + 1;
    }
}

tgx_status tgx_sm5_assemble(const char *text, size_t len, const char *file, tgx_sm5_arch arch,
                            tgx_sm5_program *p, tgx_diag *d)
{
    if (!p || (!text && len))
        return tgx_diag_set(d, TGX_ERR_ARG, file, 0, 0, "no text or no output");
    memset(p, 0, sizeof *p);
    char line[SM5_LINE_MAX + 1];
    int in_comment = 0;
    unsigned lineno = 0;
    size_t pos = 0;
    while (pos < len) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t n = nl ? (size_t)(nl - (text + pos)) : len - pos;
        lineno++;
        if (n > SM5_LINE_MAX || memchr(text + pos, '\0', n)) {
            tgx_sm5_program_free(p);
            return tgx_diag_set(d, TGX_ERR_PARSE, file, lineno, 1,
                                "line longer than %d characters or holding a NUL byte",
                                SM5_LINE_MAX);
        }
        memcpy(line, text + pos, n);
        line[n] = '\0';
        blank_comments(line, n, &in_comment);
        tgx_status st = assemble_statements(line, file, lineno, arch, p, d);
        if (st != TGX_OK) {
            tgx_sm5_program_free(p);
            return st;
        }
        pos += n + (nl != NULL);
    }
    if (in_comment) {
        tgx_sm5_program_free(p);
        return tgx_diag_set(d, TGX_ERR_PARSE, file, lineno, 1, "unterminated /* comment");
    }
    return TGX_OK;
}
