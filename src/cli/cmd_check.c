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
#include "tgx/tgsi.h"
#include "tgx/util.h"

typedef struct check_opts {
    int first_file; /* argv index of the first FILE */
} check_opts;

static void usage(FILE *out)
{
    fprintf(
        out,
        "usage: tgx check [--] FILE...\n"
        "       tgx check --sm5 --arch ARCH [OPTIONS] FILE...   (see tgx check --sm5 --help)\n\n"
        "Parses and checks TGSI shaders against the rules of the TGSI specification\n"
        "(registers declared, operand types and modifiers, write masks, control flow,\n"
        "labels, texture targets, per-processor rules; see docs/check.md).\n"
        "Prints every problem as file:line:col: error|warning: message. '-' is stdin.\n"
        "With --sm5, checks Maxwell (SM 5.x) texture instructions against their\n"
        "legality rules instead (docs/sm5-legality.md).\n"
        "Exit status: 0 no errors (warnings allowed), 1 invalid input, 2 usage or I/O "
        "error.\n");
}

/* True when --sm5 is among the options (before a "--"): the whole command is then the Maxwell
 * checker's, options and files alike. */
static int wants_sm5(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--sm5") == 0)
            return 1;
    return 0;
}

/* Fills o from the options before the files. Returns -1 to go on, else an exit status. */
static int parse_options(int argc, char **argv, check_opts *o)
{
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (tgx_cli_is_help(a)) {
            usage(stdout);
            return TGX_EXIT_OK;
        }
        if (a[0] != '-' || strcmp(a, "-") == 0)
            break;
        fprintf(stderr, "tgx check: unknown option '%s' (try 'tgx check --help')\n", a);
        return TGX_EXIT_USAGE;
    }
    if (i >= argc) {
        usage(stderr);
        return TGX_EXIT_USAGE;
    }
    o->first_file = i;
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
 * returns its exit status. */
static int check_shader(const char *name, const char *text, size_t len, unsigned line_offset)
{
    tgx_tgsi_shader *sh = NULL;
    tgx_diag d;
    tgx_diag_list list;
    tgx_status st = tgx_tgsi_parse(text, len, name, &sh, &d);
    int rc;
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
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    char *text = NULL;
    size_t len = 0, at = 0;
    unsigned line_offset = 0;
    tgx_diag d;
    int rc = TGX_EXIT_OK;

    tgx_diag_clear(&d);
    if (tgx_read_file(path, &text, &len, &d) != TGX_OK) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_USAGE;
    }
    do {
        size_t n = tgx_tgsi_shader_extent(text + at, len - at);
        rc = worse(rc, check_shader(name, text + at, n, line_offset));
        line_offset += count_lines(text + at, n);
        at += n;
    } while (at < len);
    free(text);
    return rc;
}

int tgx_cli_check(int argc, char **argv)
{
    check_opts o = {0};
    int worst = TGX_EXIT_OK;
    int rc;
    if (wants_sm5(argc, argv))
        return tgx_cli_check_sm5(argc, argv);
    rc = parse_options(argc, argv, &o);
    if (rc >= 0)
        return rc;
    for (int i = o.first_file; i < argc; i++)
        worst = worse(worst, check_tgsi_file(argv[i]));
    return worst;
}
