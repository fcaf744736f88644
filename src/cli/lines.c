/* One line at a time from a file or stdin (lines.h). */
#include "cli/lines.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

tgx_status cli_lines_create(const char *path, cli_lines **out, tgx_diag *d)
{
    bool std = !path || strcmp(path, "-") == 0;
    const char *name = std ? "<stdin>" : path;
    cli_lines *L = calloc(1, sizeof *L);
    if (!L)
        return tgx_diag_set(d, TGX_ERR_NOMEM, name, 0, 0, "out of memory");
    L->name = name;
    L->f = std ? stdin : fopen(path, "rb");
    struct stat st;
    if (!L->f) {
        tgx_diag_set(d, TGX_ERR_IO, name, 0, 0, "cannot open: %s", strerror(errno));
    } else if (fstat(fileno(L->f), &st) == 0 && S_ISDIR(st.st_mode)) {
        /* fopen accepts a folder and its first read fails; say what it is before reading */
        tgx_diag_set(d, TGX_ERR_IO, name, 0, 0, "is a folder, not a file of lines");
    } else {
        *out = L;
        return TGX_OK;
    }
    cli_lines_destroy(L);
    return d ? d->status : TGX_ERR_IO;
}

void cli_lines_destroy(cli_lines *L)
{
    if (L && L->f && L->f != stdin)
        fclose(L->f);
    free(L);
}

/* Refills the block when it is used up; false at the end of the input (or a read error, left
 * in ferror). */
static bool fill(cli_lines *L)
{
    if (L->pos < L->end)
        return true;
    if (L->eof)
        return false;
    L->end = fread(L->block, 1, sizeof L->block, L->f);
    L->pos = 0;
    L->eof = L->end == 0;
    return !L->eof;
}

int cli_lines_next(cli_lines *L, const char **line, size_t *len, tgx_diag *d)
{
    size_t n = 0, total = 0, nul_at = 0;
    bool newline = false;
    /* memchr over the block: lines cost a copy, not a call per byte */
    while (!newline && total <= CLI_LINE_SKIP_MAX && fill(L)) {
        const unsigned char *p = L->block + L->pos;
        size_t avail = L->end - L->pos;
        const unsigned char *nl = memchr(p, '\n', avail);
        size_t take = nl ? (size_t)(nl - p) : avail;
        const unsigned char *zero = nul_at ? NULL : memchr(p, 0, take);
        if (zero)
            nul_at = total + (size_t)(zero - p) + 1;
        size_t copy = take < CLI_LINE_MAX - n ? take : CLI_LINE_MAX - n;
        memcpy(L->line + n, p, copy);
        n += copy;
        total += take;
        L->pos += take + (nl ? 1 : 0);
        newline = nl != NULL;
    }
    if (ferror(L->f)) {
        tgx_diag_set(d, TGX_ERR_IO, L->name, 0, 0, "cannot read: %s", strerror(errno));
        return -1;
    }
    if (!newline && total == 0)
        return 0; /* the end; a last line without '\n' was returned before */
    L->lineno++;
    L->line[n] = '\0';
    if (!newline && total > CLI_LINE_SKIP_MAX) {
        /* no line end in a megabyte (/dev/zero, binary data): not text lines; reading stops
         * here, the next call sees the end, so no caller reads such an input for ever */
        L->eof = true;
        L->pos = L->end;
        tgx_diag_set(d, TGX_ERR_PARSE, L->name, L->lineno, CLI_LINE_MAX + 1,
                     "the line goes on for more than %d MiB without a line end: not a file of "
                     "text lines (reading stopped)",
                     CLI_LINE_SKIP_MAX >> 20);
        return -1;
    }
    if (nul_at) {
        tgx_diag_set(d, TGX_ERR_PARSE, L->name, L->lineno, (unsigned)nul_at,
                     "NUL byte in the line (text input holds none)");
        return -1;
    }
    if (total > CLI_LINE_MAX) {
        tgx_diag_set(d, TGX_ERR_PARSE, L->name, L->lineno, CLI_LINE_MAX + 1,
                     "line longer than %d characters (%zu)", CLI_LINE_MAX, total);
        return -1;
    }
    *line = L->line;
    *len = n;
    return 1;
}
