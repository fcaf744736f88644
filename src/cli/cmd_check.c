/* tgx check: parse and validate TGSI files, printing every diagnostic.
 *
 *   tgx check [--] FILE...     '-' reads stdin
 *   tgx check --sm5 ...        Maxwell texture instructions instead (src/cli/cmd_check_sm5.c)
 *
 * Each file (one shader, or several one after another, each from its processor line) is parsed
 * (tgx_tgsi_parse) and, when it parses, validated (tgx_tgsi_validate);
 * every finding is printed to stderr as file:line:col: severity: message (docs/check.md lists
 * the rules). Exit status: 0 when no file has an error (warnings allowed), 1 when one does not
 * parse or breaks a rule, 2 on a usage or I/O error (which wins over 1).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tgx/sm5.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"

typedef struct check_opts {
    int sm5, words, have_arch;
    tgx_sm5_arch arch;
    tgx_sm5_tex_kind textures; /* what every instruction's texture holds, when given */
} check_opts;

enum { CHECK_SM5 = 1, CHECK_ARCH, CHECK_WORDS, CHECK_TEXTURES };

static const tgx_cli_opt check_options[] = {
    {CHECK_SM5, "--sm5", NULL,
     "check Maxwell (SM 5.x) texture instructions against their legality rules instead of "
     "TGSI (docs/sm5-legality.md): the rules of the SM 5.x instruction pages that nvdisasm does "
     "not enforce (TEXS/TLDS encoding and write-mask tables, register alignment, RZ rules, "
     ".MS/.CL/.DC/.F16 restrictions, TXA's Ra)"},
    {CHECK_ARCH, "--arch", "ARCH", "with --sm5: " TGX_CLI_ARCH_HELP},
    {CHECK_WORDS, "--words", NULL,
     "with --sm5: each FILE holds lines `WORD [CTRL]` (hex, as tgx dis --words reads) instead "
     "of assembly text in nvdisasm syntax"},
    {CHECK_TEXTURES, "--textures", "float|integer",
     "with --sm5: what the textures hold; 'integer' makes .F16 results an error (the word alone "
     "cannot tell)"},
    {0}};

const tgx_cli_spec tgx_cli_check_spec = {
    .verb = "check",
    .synopsis =
        "[--] FILE...\n--sm5 --arch sm_50|sm_52|sm_53 [--words] [--textures float|integer] FILE...",
    .description =
        "Parses and checks TGSI shaders against the rules of the TGSI specification (registers "
        "declared, operand types and modifiers, write masks, control flow, labels, texture "
        "targets, per-processor rules; docs/check.md). A file may hold several shaders one after "
        "another, each from its processor line. '-' is stdin.\n\n"
        "With --sm5, checks Maxwell (SM 5.x) texture instructions instead: assembly text in "
        "nvdisasm syntax (what tgx as reads) or, with --words, `WORD [CTRL]` lines.\n\n"
        "Prints every problem as file:line:col: error|warning: message.",
    .opts = check_options,
    .exit_status =
        "0 no file has an error (warnings allowed), 1 a file does not parse or breaks a rule, 2 a "
        "usage or I/O error (which wins over 1).",
    .operand = "FILE",
    .min_operands = 1,
    .max_operands = TGX_CLI_MANY,
};

static int check_option(void *ctx, int id, const char *value)
{
    check_opts *o = ctx;
    switch (id) {
    case CHECK_SM5: o->sm5 = 1; return 0;
    case CHECK_WORDS: o->words = 1; return 0;
    case CHECK_ARCH: o->have_arch = 1; return tgx_cli_arch(&tgx_cli_check_spec, value, &o->arch);
    case CHECK_TEXTURES:
        if (strcmp(value, "float") == 0)
            o->textures = TGX_SM5_TEX_FLOAT;
        else if (strcmp(value, "integer") == 0)
            o->textures = TGX_SM5_TEX_INTEGER;
        else
            return tgx_cli_usage_error(&tgx_cli_check_spec,
                                       "--textures takes 'float' or 'integer', not '%s'", value);
        return 0;
    }
    return TGX_EXIT_USAGE;
}

/* The Maxwell options need --sm5. Returns -1 to go on. */
static int check_mode(const check_opts *o)
{
    if (!o->sm5 && (o->have_arch || o->words || o->textures != TGX_SM5_TEX_UNKNOWN))
        return tgx_cli_usage_error(&tgx_cli_check_spec,
                                   "--arch, --words and --textures belong to --sm5 (TGSI "
                                   "files need none)");
    return -1;
}

/* Prints d with its line moved down by line_offset (the lines before its shader in the file). */
static void print_shifted(tgx_diag d, unsigned line_offset)
{
    if (d.line)
        d.line += line_offset;
    tgx_cli_print_diag(&d);
}

static unsigned count_lines(const char *text, size_t len)
{
    unsigned n = 0;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    return n;
}

/* Checks one shader, text[0..len) of a file whose first line_offset lines come before it;
 * returns its exit status. owned: the file's text when this shader is its last, freed (and
 * set to NULL) once parsed, so that it is not held while the shader is checked. */
static int check_shader(const char *name, const char *text, size_t len, unsigned line_offset,
                        char **owned)
{
    tgx_tgsi_shader *sh = NULL;
    tgx_diag d;
    tgx_diag_list list;
    tgx_status st = tgx_tgsi_parse(text, len, name, &sh, &d);
    int rc;
    if (owned) {
        free(*owned);
        *owned = NULL;
    }
    if (st != TGX_OK) {
        print_shifted(d, line_offset);
        return st == TGX_ERR_NOMEM ? TGX_EXIT_USAGE : TGX_EXIT_INVALID;
    }
    tgx_diag_list_init(&list);
    st = tgx_tgsi_validate(sh, name, &list);
    for (size_t i = 0; i < list.count; i++)
        print_shifted(list.items[i], line_offset);
    if (st == TGX_ERR_NOMEM)
        fprintf(stderr, "%s: error: out of memory while checking\n", name);
    rc = st == TGX_OK ? TGX_EXIT_OK : st == TGX_ERR_INVALID ? TGX_EXIT_INVALID : TGX_EXIT_USAGE;
    tgx_diag_list_free(&list);
    tgx_tgsi_free(sh);
    return rc;
}

static int worse(int a, int b)
{
    /* 2 (usage / I/O) outranks 1 (invalid input), which outranks 0. */
    return a > b ? a : b;
}

/* Checks one TGSI file, which may hold several shaders one after another (each starting with
 * its processor line, as the corpus's file of Mesa's internal shaders); returns its exit
 * status. */
static int check_tgsi_file(const char *path)
{
    const char *name = tgx_cli_input_name(path);
    char *text = NULL;
    size_t len = 0, at = 0;
    unsigned line_offset = 0;
    int rc = TGX_EXIT_OK;

    if (tgx_cli_read_input(path, &text, &len) != TGX_EXIT_OK)
        return TGX_EXIT_USAGE;
    do {
        size_t n = tgx_tgsi_shader_extent(text + at, len - at);
        unsigned lines = count_lines(text + at, n);
        bool last = at + n >= len;
        rc = worse(rc, check_shader(name, text + at, n, line_offset, last ? &text : NULL));
        line_offset += lines;
        at += n;
    } while (at < len);
    free(text);
    return rc;
}

int tgx_cli_check(int argc, char **argv)
{
    check_opts o = {0, 0, 0, TGX_CLI_ARCH_DEFAULT, TGX_SM5_TEX_UNKNOWN};
    int first;
    int rc = tgx_cli_parse(&tgx_cli_check_spec, argc, argv, check_option, &o, &first);
    if (rc < 0)
        rc = check_mode(&o);
    if (rc >= 0)
        return rc;
    if (o.sm5)
        return tgx_cli_check_sm5(o.arch, o.words, o.textures, argc - first, argv + first);
    int worst = TGX_EXIT_OK;
    for (int i = first; i < argc; i++)
        worst = worse(worst, check_tgsi_file(argv[i]));
    return worst;
}
