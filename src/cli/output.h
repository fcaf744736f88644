/* Outputs too large to hold in memory (tgx lower's listing, tgx lift's TGSI): written a piece at
 * a time to stdout or, with -o, through tgx_out_file (the atomic writer, tgx/util.h), and spill
 * files that keep text on disk until the part of the output before it is known. */
#ifndef TGX_CLI_OUTPUT_H
#define TGX_CLI_OUTPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "tgx/util.h"

/* Where a verb's output goes: stdout (file NULL) or the file -o named. */
typedef struct cli_output {
    tgx_out_file *file;
    const char *verb;
} cli_output;

/* Opens path (NULL: stdout) for verb's output; on failure prints why and returns
 * TGX_EXIT_USAGE. Open it once the output is known to be wanted: nothing is written before. */
int cli_output_open(cli_output *o, const char *verb, const char *path);
/* Adds bytes; returns an exit status, the error printed (stdout's errors are main's). */
int cli_output_write(cli_output *o, const void *data, size_t len);
/* Finishes the output (the file replaced only now); returns an exit status. rc: the verb's status
 * so far, which a failure raises to TGX_EXIT_USAGE; a status other than TGX_EXIT_OK drops the
 * output (the file untouched). */
int cli_output_close(cli_output *o, int rc);

/* A temporary file in $TMPDIR (else /tmp), unlinked at once so that nothing is left behind,
 * which keeps text (or records) on disk until what goes before it is known. err: the first
 * failed write's errno (a full disk), after which nothing more is written. */
typedef struct cli_spill {
    FILE *f;
    int err;
} cli_spill;

/* Creates the file; false after printing "tgx VERB: cannot create a temporary file in DIR: reason".
 */
bool cli_spill_open(cli_spill *s, const char *verb);
void cli_spill_close(cli_spill *s);
/* Adds bytes (a failure is kept in s->err, said by cli_spill_ok). */
void cli_spill_write(cli_spill *s, const void *data, size_t len);
/* After the writes: whether every byte reached the file; prints "tgx VERB: cannot write the
 * temporary file for WHAT (in DIR): reason" when not. */
bool cli_spill_ok(cli_spill *s, const char *verb, const char *what);
/* Back to the start, to read what was written (fread on s->f); false (and errno) on failure. */
bool cli_spill_rewind(cli_spill *s);

/* Adds the whole of spill, from its start. */
int cli_output_copy(cli_output *o, cli_spill *spill, const char *what);

#endif
