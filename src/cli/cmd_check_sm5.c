/* tgx check --sm5: the legality rules of Maxwell texture instructions (docs/sm5-legality.md).
 *
 *   tgx check --sm5 --arch sm_50|sm_52|sm_53 [--words] [--textures float|integer] FILE...
 *
 * tgx_cli_check parses the options (one table, cmd_check.c) and hands the files over. Each FILE
 * is assembly text in nvdisasm syntax (what `tgx as` reads) or, with --words, `WORD [CTRL]` lines
 * (what `tgx dis --words` reads). Every problem is printed to stderr as
 * file:line:col: error|warning: message; exit status 0 when no file has an error (warnings
 * allowed), 1 when one does, 2 on a usage or I/O error (which wins over 1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/lines.h"
#include "tgx/sm5.h"
#include "tgx/util.h"

typedef struct check_sm5_opts {
    tgx_sm5_arch arch;
    int words;
    tgx_sm5_tex_kind textures; /* what every instruction's texture holds, when given */
} check_sm5_opts;

static tgx_sm5_tex_kind same_kind(void *user, const tgx_sm5_insn *in)
{
    (void)in;
    return *(const tgx_sm5_tex_kind *)user;
}

/* One `WORD [CTRL]` line: the word must decode (nvdisasm accepts it) and follow the rules. */
static tgx_status check_word_line(const check_sm5_opts *o, const tgx_sm5_legal_opts *lo,
                                  const char *line, const char *file, unsigned lineno,
                                  tgx_diag_list *out)
{
    int has_word;
    uint64_t word;
    uint32_t ctrl;
    unsigned col;
    tgx_diag d;
    if (tgx_sm5_parse_word_line(line, file, lineno, &has_word, &word, &ctrl, NULL, &col, &d) < 0)
        return tgx_diag_list_add(out, &d);
    if (!has_word)
        return TGX_OK;
    tgx_sm5_insn in;
    tgx_diag dd;
    if (tgx_sm5_decode(word, o->arch, &in, &dd) < 0) {
        tgx_diag_set(&d, TGX_ERR_INVALID, file, lineno, col, "nvdisasm rejects the word: %.200s",
                     dd.message);
        return tgx_diag_list_add(out, &d);
    }
    size_t first = out->count;
    tgx_status st = tgx_sm5_check_legal(&in, o->arch, lo, file, lineno, NULL, out);
    for (size_t i = first; i < out->count; i++)
        out->items[i].column = col;
    return st == TGX_ERR_NOMEM ? st : TGX_OK;
}

/* --words: the lines one at a time (cli_lines); a line too long or with a NUL byte is an error
 * like a malformed one. Returns TGX_ERR_IO when the input cannot be read (d says why). */
static tgx_status check_words(const check_sm5_opts *o, const tgx_sm5_legal_opts *lo,
                              const char *path, tgx_diag_list *out, tgx_diag *d)
{
    cli_lines *in = NULL;
    tgx_status st = cli_lines_create(path, &in, d);
    const char *line;
    size_t len;
    int got;
    while (st == TGX_OK && (got = cli_lines_next(in, &line, &len, d)) != 0) {
        if (got < 0 && d->status == TGX_ERR_IO)
            st = TGX_ERR_IO;
        else if (got < 0)
            st = tgx_diag_list_add(out, d);
        else if (check_word_line(o, lo, line, in->name, in->lineno, out) == TGX_ERR_NOMEM)
            st = TGX_ERR_NOMEM;
    }
    cli_lines_destroy(in);
    return st;
}

/* Assembly text: the whole file, assembled and checked. */
static tgx_status check_text(const check_sm5_opts *o, const tgx_sm5_legal_opts *lo,
                             const char *path, tgx_diag_list *out, tgx_diag *d)
{
    char *text = NULL;
    size_t size = 0;
    tgx_status st = tgx_read_file(path, &text, &size, d);
    if (st < 0)
        return st;
    const char *file = tgx_cli_input_name(path);
    tgx_sm5_program p;
    st = tgx_sm5_assemble_checked(text, size, file, o->arch, lo, &p, out);
    tgx_sm5_program_free(&p);
    free(text);
    return st == TGX_ERR_NOMEM ? st : TGX_OK;
}

/* Checks one file; returns an exit status. */
static int check_file(const check_sm5_opts *o, const char *path)
{
    tgx_diag d;
    tgx_sm5_tex_kind kind = o->textures;
    tgx_sm5_legal_opts lo = {same_kind, &kind};
    const tgx_sm5_legal_opts *lop = kind == TGX_SM5_TEX_UNKNOWN ? NULL : &lo;
    tgx_diag_list out;
    tgx_diag_list_init(&out);
    tgx_status st =
        o->words ? check_words(o, lop, path, &out, &d) : check_text(o, lop, path, &out, &d);
    int rc = out.errors ? TGX_EXIT_INVALID : TGX_EXIT_OK;
    tgx_cli_print_diags(&out);
    if (st == TGX_ERR_NOMEM)
        tgx_diag_set(&d, st, path, 0, 0, "out of memory");
    if (st == TGX_ERR_NOMEM || st == TGX_ERR_IO) {
        tgx_cli_print_diag(&d);
        rc = TGX_EXIT_USAGE;
    }
    return rc;
}

int tgx_cli_check_sm5(tgx_sm5_arch arch, int words, tgx_sm5_tex_kind textures, int n, char **files)
{
    check_sm5_opts o = {arch, words, textures};
    int rc = TGX_EXIT_OK;
    for (int i = 0; i < n; i++) {
        int r = check_file(&o, files[i]);
        if (r > rc)
            rc = r;
    }
    return rc;
}
