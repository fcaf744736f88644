/* Shared pieces of the tgx command-line verbs. Exit codes: 0 success, 1 the input is invalid or
 * a comparison failed, 2 usage or I/O error. */
#ifndef TGX_CLI_H
#define TGX_CLI_H

#include <stdio.h>

#include "tgx/diag.h"

enum { TGX_EXIT_OK = 0, TGX_EXIT_INVALID = 1, TGX_EXIT_USAGE = 2 };

#define X(name, fn, summary) int fn(int argc, char **argv);
#include "cli/verbs.def"
#undef X

/* `tgx check --sm5 ...` (src/cli/cmd_check_sm5.c): tgx_cli_check hands the whole argument
 * vector over when --sm5 is among the options. */
int tgx_cli_check_sm5(int argc, char **argv);

/* Prints one diagnostic to stderr as "file:line:col: error: message". */
void tgx_cli_print_diag(const tgx_diag *d);
/* True if arg is -h or --help. */
int tgx_cli_is_help(const char *arg);

#endif
