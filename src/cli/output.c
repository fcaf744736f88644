/* Outputs written a piece at a time, and spill files (cli/output.h). */
#include "cli/output.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

int cli_output_open(cli_output *o, const char *verb, const char *path)
{
    o->file = NULL;
    o->verb = verb;
    tgx_diag d;
    if (path && tgx_out_file_open(path, &o->file, &d) != TGX_OK) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_USAGE;
    }
    return TGX_EXIT_OK;
}

int cli_output_write(cli_output *o, const void *data, size_t len)
{
    if (!o->file) /* stdout: a failed write leaves ferror set, which main reports */
        return fwrite(data, 1, len, stdout) == len ? TGX_EXIT_OK : TGX_EXIT_USAGE;
    tgx_diag d;
    if (tgx_out_file_write(o->file, data, len, &d) != TGX_OK) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_USAGE;
    }
    return TGX_EXIT_OK;
}

/* The folder spill files go to: $TMPDIR where it is set, as mktemp(1) and sort(1) do. */
static const char *spill_folder(void)
{
    const char *dir = getenv("TMPDIR");
    return dir && dir[0] ? dir : "/tmp";
}

int cli_output_copy(cli_output *o, cli_spill *spill, const char *what)
{
    static char block[65536];
    int rc = TGX_EXIT_OK;
    bool ok = cli_spill_rewind(spill);
    size_t got;
    while (ok && rc == TGX_EXIT_OK && (got = fread(block, 1, sizeof block, spill->f)) > 0)
        rc = cli_output_write(o, block, got);
    if (!ok || (rc == TGX_EXIT_OK && ferror(spill->f))) {
        fprintf(stderr, "tgx %s: cannot read back the temporary file for %s (in %s): %s\n", o->verb,
                what, spill_folder(), strerror(errno));
        rc = TGX_EXIT_USAGE;
    }
    return rc;
}

int cli_output_close(cli_output *o, int rc)
{
    if (!o->file)
        return rc;
    if (rc != TGX_EXIT_OK) {
        tgx_out_file_abort(o->file);
        o->file = NULL;
        return rc;
    }
    tgx_diag d;
    tgx_status st = tgx_out_file_commit(o->file, &d);
    o->file = NULL;
    if (st != TGX_OK) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_USAGE;
    }
    return rc;
}

bool cli_spill_open(cli_spill *s, const char *verb)
{
    s->f = NULL;
    s->err = 0;
    const char *dir = spill_folder();
    size_t n = strlen(dir) + sizeof "/tgx-spill-XXXXXX";
    char *path = malloc(n);
    if (!path) {
        fprintf(stderr, "tgx %s: out of memory\n", verb);
        return false;
    }
    snprintf(path, n, "%s/tgx-spill-XXXXXX", dir);
    int fd = mkstemp(path);
    int err = fd < 0 ? errno : 0;
    if (fd >= 0) {
        unlink(path); /* the file lives as long as it is open: nothing is left behind */
        s->f = fdopen(fd, "w+b");
        if (!s->f) {
            err = errno;
            close(fd);
        }
    }
    if (!s->f)
        fprintf(stderr, "tgx %s: cannot create a temporary file in %s: %s\n", verb, dir,
                strerror(err));
    free(path);
    return s->f != NULL;
}

void cli_spill_close(cli_spill *s)
{
    if (s->f)
        fclose(s->f);
    s->f = NULL;
}

void cli_spill_write(cli_spill *s, const void *data, size_t len)
{
    if (!s->err && fwrite(data, 1, len, s->f) != len)
        s->err = errno ? errno : EIO;
}

bool cli_spill_ok(cli_spill *s, const char *verb, const char *what)
{
    if (!s->err && fflush(s->f) != 0)
        s->err = errno ? errno : EIO;
    if (!s->err)
        return true;
    fprintf(stderr, "tgx %s: cannot write the temporary file for %s (in %s): %s\n", verb, what,
            spill_folder(), strerror(s->err));
    return false;
}

bool cli_spill_rewind(cli_spill *s)
{
    return fflush(s->f) == 0 && fseek(s->f, 0, SEEK_SET) == 0;
}
