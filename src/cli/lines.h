/* Reading text one line at a time for the verbs that stream their input (tgx dis --words,
 * tgx sample, tgx check --sm5 --words): memory bounded by the longest line allowed, never by
 * the input's length, and nothing dropped in silence. A line longer than CLI_LINE_MAX, a NUL
 * byte, a folder given as the input or a read error is reported (file:line:col). */
#ifndef TGX_CLI_LINES_H
#define TGX_CLI_LINES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tgx/diag.h"

#define CLI_LINE_MAX 1023 /* characters of a line, without its '\n' */
/* A longer line is skipped up to its '\n', but only so far: a "line" still going after this
 * many bytes ends the input with an error (binary data, a device that never ends). */
#define CLI_LINE_SKIP_MAX (1 << 20)

typedef struct cli_lines {
    FILE *f;
    const char *name; /* for messages: the path, or "<stdin>" */
    unsigned lineno;
    char line[CLI_LINE_MAX + 1];
    size_t len;
    unsigned char block[65536];
    size_t pos, end;
    bool eof;
} cli_lines;

/* Opens path ("-" or NULL: stdin). A folder or a file that cannot be opened is an I/O error in
 * d. *L is large: allocate it (cli_lines_create). */
tgx_status cli_lines_create(const char *path, cli_lines **L, tgx_diag *d);
void cli_lines_destroy(cli_lines *L);

/* The next line, without its '\n' (a '\r' before it stays, for the caller's syntax), in *line
 * (NUL-terminated, len bytes). Returns 1 for a line, 0 at the end, or -1 with d filled: the
 * line at L->lineno is longer than CLI_LINE_MAX (column CLI_LINE_MAX + 1) or holds a NUL byte
 * (its column), which skips that line (the caller may go on), or the input cannot be read
 * (TGX_ERR_IO: stop). A line with no '\n' in CLI_LINE_SKIP_MAX bytes is an error (column
 * CLI_LINE_MAX + 1) after which the input ends (the next call returns 0). */
int cli_lines_next(cli_lines *L, const char **line, size_t *len, tgx_diag *d);

#endif
