/* tgx check: parse and validate TGSI files, printing every diagnostic.
 *
 *   tgx check [--] FILE...     '-' reads stdin
 *   tgx check --sm5 ...        Maxwell texture instructions instead (src/cli/cmd_check_sm5.c)
 *
 * Each file is parsed (tgx_tgsi_parse) and, when it parses, validated (tgx_tgsi_validate);
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

static void print_list(const tgx_diag_list *l)
{
    for (size_t i = 0; i < l->count; i++)
        tgx_cli_print_diag(&l->items[i]);
}

/* Checks one TGSI file; returns its exit status. */
static int check_tgsi_file(const char *path)
{
    const char *name = strcmp(path, "-") == 0 ? "<stdin>" : path;
    char *text = NULL;
    size_t len = 0;
    tgx_tgsi_shader *sh = NULL;
    tgx_diag d;
    tgx_diag_list list;
    tgx_status st;
    int rc;

    tgx_diag_clear(&d);
    if (tgx_read_file(path, &text, &len, &d) != TGX_OK) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_USAGE;
    }
    st = tgx_tgsi_parse(text, len, name, &sh, &d);
    free(text);
    if (st != TGX_OK) {
        tgx_cli_print_diag(&d);
        return st == TGX_ERR_NOMEM ? TGX_EXIT_USAGE : TGX_EXIT_INVALID;
    }
    tgx_diag_list_init(&list);
    st = tgx_tgsi_validate(sh, name, &list);
    print_list(&list);
    if (st == TGX_ERR_NOMEM)
        fprintf(stderr, "%s: error: out of memory while checking\n", name);
    rc = st == TGX_OK ? TGX_EXIT_OK : st == TGX_ERR_INVALID ? TGX_EXIT_INVALID : TGX_EXIT_USAGE;
    tgx_diag_list_free(&list);
    tgx_tgsi_free(sh);
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
    for (int i = o.first_file; i < argc; i++) {
        int r = check_tgsi_file(argv[i]);
        /* 2 (usage / I/O) outranks 1 (invalid input), which outranks 0. */
        if (r == TGX_EXIT_USAGE || (r == TGX_EXIT_INVALID && worst == TGX_EXIT_OK))
            worst = r;
    }
    return worst;
}
