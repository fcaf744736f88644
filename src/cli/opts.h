/* The command line of every verb, as data: a table of options and the text around them, from
 * which the parser, `tgx VERB --help` and the man pages (`tgx --man VERB`) are all made, so the
 * three cannot drift apart.
 *
 * The syntax is GNU's (docs/cli.md): `--opt value` and `--opt=value`, `-o value` and `-ovalue`
 * for one-letter options, options and operands in any order, `--` ends the options, `-` is an
 * operand (stdin or stdout where a file is expected). -h / --help anywhere before `--` prints
 * the help and exits 0. Every mistake is one line on stderr, `tgx VERB: ...`, and exit status 2.
 */
#ifndef TGX_CLI_OPTS_H
#define TGX_CLI_OPTS_H

#include <stdint.h>
#include <stdio.h>

/* One option. The help text is pre-wrapped: '\n' starts a new line under the first. */
typedef struct tgx_cli_opt {
    int id;           /* the verb's own code for it, passed to its handler */
    const char *name; /* "--arch", or "-o" for a one-letter option */
    const char *arg;  /* the value's name in the help ("ARCH"); NULL for a flag */
    const char *help;
} tgx_cli_opt;

/* A verb's whole command line. Texts are pre-wrapped at 79 columns; a blank line separates
 * paragraphs, and a line that starts with a space keeps its layout in the man page. */
typedef struct tgx_cli_spec {
    const char *verb;        /* "as"; "" for tgx itself */
    const char *synopsis;    /* what follows "tgx VERB " in the usage line(s), '\n' between forms */
    const char *description; /* paragraphs before the options */
    const tgx_cli_opt *opts; /* ends with a {0} row */
    const char *notes;       /* paragraphs after the options, or NULL */
    const char *exit_status; /* "0 ..., 1 ..., 2 ..." */
    const char *operand;     /* the operand's name in messages ("FILE") */
    unsigned min_operands, max_operands;
    const char *table_title;  /* a table of names beside the options: tgx's verbs, ... */
    const tgx_cli_opt *table; /* its rows (name, optional arg, help), ends with {0}; or NULL */
} tgx_cli_spec;

#define TGX_CLI_MANY 0xffffffffu /* max_operands without a limit */

/* Called for each option in command-line order; value is NULL for a flag. Returns 0 to go on,
 * or an exit status (the handler has printed why). */
typedef int (*tgx_cli_handler)(void *ctx, int id, const char *value);

/* Parses argv[1..argc) by spec, calling handler for each option. The operands are moved, in
 * their order, to argv[*first..argc). Returns -1 to go on, or an exit status: 0 after --help, 2
 * after a usage error (printed). */
int tgx_cli_parse(const tgx_cli_spec *spec, int argc, char **argv, tgx_cli_handler handler,
                  void *ctx, int *first);

/* `tgx VERB --help`, and the man page (roff, man(7)) of a verb or of tgx itself; summary is the
 * verb's line of verbs.def (the page's NAME). */
void tgx_cli_help(const tgx_cli_spec *spec, FILE *out);
void tgx_cli_man(const tgx_cli_spec *spec, const char *summary, FILE *out);

/* A usage error of verb: prints "tgx VERB: <message>" and returns 2. */
int tgx_cli_usage_error(const tgx_cli_spec *spec, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Numbers of options, checked: decimal digits only (no sign, no spaces), within [min, max].
 * On a mistake they print "tgx VERB: OPT: 'TEXT' is not a whole number" or "... is out of range
 * (MIN to MAX)" and return 2; else 0. */
int tgx_cli_u64(const tgx_cli_spec *spec, const char *opt, const char *text, uint64_t min,
                uint64_t max, uint64_t *out);
int tgx_cli_u32(const tgx_cli_spec *spec, const char *opt, const char *text, uint32_t min,
                uint32_t max, uint32_t *out);
/* n numbers separated by sep ("X,Y,Z" with ','; "WxH" with 'x'), each within [min, max]; names
 * (n of them, or NULL) say what each is in messages ("the width 0 is out of range"), else
 * "value k". */
int tgx_cli_u32_list(const tgx_cli_spec *spec, const char *opt, const char *text, char sep,
                     unsigned n, const char *const *names, uint32_t min, uint32_t max,
                     uint32_t *out);

/* Parses a whole number from text[0..len) into *v; 0 if it is not digits or exceeds 2^64-1. */
int tgx_cli_digits(const char *text, size_t len, uint64_t *v);

#endif
