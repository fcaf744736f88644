/* tgx fmt: TGSI text in canonical form (Mesa 22.3's tgsi_dump layout, exact float spellings).
 *
 *   tgx fmt FILE...      prints each file's canonical text to stdout (a blank line between files)
 *                        A file may hold several shaders one after another, each from its
 *                        processor line; they are printed with a blank line between them.
 *   tgx fmt -i FILE...   rewrites each file in place, safely (tgx_write_file_atomic)
 *
 * '-' reads stdin (not with -i). Exit 0 when every file was formatted, 1 when a file does not
 * parse (its first error is printed as file:line:col), 2 on usage or I/O errors; every file is
 * tried, and the worst outcome decides.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"

enum { FMT_IN_PLACE = 1 };

static const tgx_cli_opt fmt_options[] = {
    {FMT_IN_PLACE, "-i", NULL,
     "rewrite each FILE in place instead of printing it (safely: the new text replaces the file "
     "only once it is on disk; a symbolic link is written through to its target)"},
    {0}};

const tgx_cli_spec tgx_cli_fmt_spec = {
    .verb = "fmt",
    .synopsis = "[-i] FILE...",
    .description =
        "Prints TGSI shaders in canonical form: the layout of Mesa 22.3's tgsi_dump, with float "
        "immediates spelled so that they read back exactly. A file may hold several shaders one "
        "after another, each from its processor line; they are printed with a blank line between "
        "them, as are the files. '-' is stdin (not with -i).",
    .opts = fmt_options,
    .notes = "A file with a shader that does not parse is neither printed nor rewritten; its first "
             "error "
             "is printed as file:line:col, and the other files are still formatted.",
    .exit_status =
        "0 every file formatted, 1 a file does not parse, 2 usage or I/O error (the worst outcome "
        "decides).",
    .operand = "FILE",
    .min_operands = 1,
    .max_operands = TGX_CLI_MANY,
};

static int fmt_option(void *ctx, int id, const char *value)
{
    (void)id, (void)value;
    *(int *)ctx = 1; /* -i */
    return 0;
}

static int worse(int a, int b)
{
    return a > b ? a : b;
}

/* Rewrites path with the canonical text, atomically; tgx_write_file_atomic keeps the file's
 * permission bits, so formatting does not make a shared shader private. */
static int rewrite(const char *path, const char *text, size_t len)
{
    tgx_diag d;
    if (tgx_write_file_atomic(path, text, len, &d) != TGX_OK) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_USAGE;
    }
    return TGX_EXIT_OK;
}

/* Appends the canonical text of the shader text[0..len) to *all (a blank line before it when
 * *all is not empty). A parse error is printed with its line moved down by line_offset, the
 * lines of the file before this shader. Returns an exit status. */
static int fmt_shader(const char *name, const char *text, size_t len, unsigned line_offset,
                      char **all, size_t *all_len)
{
    tgx_tgsi_shader *s = NULL;
    tgx_diag d;
    tgx_status st = tgx_tgsi_parse(text, len, name, &s, &d);
    if (st != TGX_OK) {
        if (d.line)
            d.line += line_offset;
        tgx_cli_print_diag(&d);
        return st == TGX_ERR_PARSE ? TGX_EXIT_INVALID : TGX_EXIT_USAGE;
    }
    char *out = NULL;
    size_t out_len = 0;
    st = tgx_tgsi_print(s, &out, &out_len);
    tgx_tgsi_free(s);
    char *grown = st == TGX_OK ? realloc(*all, *all_len + out_len + 2) : NULL;
    if (!grown) {
        free(out);
        fprintf(stderr, "tgx fmt: %s: %s\n", name,
                tgx_status_name(st == TGX_OK ? TGX_ERR_NOMEM : st));
        return TGX_EXIT_USAGE;
    }
    *all = grown;
    if (*all_len)
        (*all)[(*all_len)++] = '\n';
    memcpy(*all + *all_len, out, out_len);
    *all_len += out_len;
    free(out);
    return TGX_EXIT_OK;
}

/* Formats one file, which may hold several shaders one after another (each from its processor
 * line; they are printed with a blank line between them); returns its exit status. Nothing is
 * printed or written for a file with a shader that does not parse. */
static int fmt_file(const char *path, int in_place, int first)
{
    char *text = NULL, *all = NULL;
    size_t len = 0, all_len = 0, at = 0;
    unsigned line_offset = 0;
    int rc = TGX_EXIT_OK;
    if (tgx_cli_read_input(path, &text, &len) != TGX_EXIT_OK)
        return TGX_EXIT_USAGE;
    const char *name = tgx_cli_input_name(path);
    do {
        size_t n = tgx_tgsi_shader_extent(text + at, len - at);
        rc = worse(rc, fmt_shader(name, text + at, n, line_offset, &all, &all_len));
        for (size_t k = at; k < at + n; k++)
            line_offset += text[k] == '\n';
        at += n;
    } while (at < len && rc == TGX_EXIT_OK);
    free(text);
    if (rc == TGX_EXIT_OK && in_place) {
        rc = rewrite(path, all, all_len);
    } else if (rc == TGX_EXIT_OK) {
        if ((!first && fputc('\n', stdout) == EOF) || fwrite(all, 1, all_len, stdout) != all_len)
            rc = TGX_EXIT_USAGE;
    }
    free(all);
    return rc;
}

int tgx_cli_fmt(int argc, char **argv)
{
    int in_place = 0, first;
    int rc = tgx_cli_parse(&tgx_cli_fmt_spec, argc, argv, fmt_option, &in_place, &first);
    if (rc >= 0)
        return rc;
    for (int k = first; k < argc; k++)
        if (in_place && strcmp(argv[k], "-") == 0)
            return tgx_cli_usage_error(&tgx_cli_fmt_spec, "-i cannot rewrite stdin ('-')");
    rc = TGX_EXIT_OK;
    int printed = 0;
    for (int k = first; k < argc; k++) {
        int r = fmt_file(argv[k], in_place, !printed);
        if (r == TGX_EXIT_OK)
            printed = 1;
        rc = worse(rc, r);
    }
    return rc;
}
