/* Whole-file reading and atomic writing. */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tgx/util.h"

static tgx_status read_stream(FILE *f, const char *path, char **data, size_t *size, tgx_diag *d)
{
    size_t cap = 65536, len = 0;
    char *buf = malloc(cap);
    if (!buf)
        return tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory reading file");
    for (;;) {
        if (cap - len < 2) {
            char *n = realloc(buf, cap * 2);
            if (!n) {
                free(buf);
                return tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory reading file");
            }
            buf = n;
            cap *= 2;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        free(buf);
        return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot read: %s", strerror(errno));
    }
    buf[len] = '\0';
    *data = buf;
    if (size)
        *size = len;
    return TGX_OK;
}

tgx_status tgx_read_file(const char *path, char **data, size_t *size, tgx_diag *d)
{
    if (strcmp(path, "-") == 0)
        return read_stream(stdin, "<stdin>", data, size, d);
    FILE *f = fopen(path, "rb");
    if (!f)
        return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno));
    tgx_status st = read_stream(f, path, data, size, d);
    fclose(f);
    return st;
}

/* Creates a new temporary file beside path. open(O_EXCL) with mode 0666 lets the kernel apply the
 * process's umask, so a new output file gets the permissions any other program's would (mkstemp
 * would leave it 0600). */
static int create_temp(const char *path, char *tmp, size_t size)
{
    static atomic_uint counter;
    for (int attempt = 0; attempt < 64; attempt++) {
        snprintf(tmp, size, "%s.tmp%ld.%u", path, (long)getpid(), atomic_fetch_add(&counter, 1u));
        int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0666);
        if (fd >= 0 || errno != EEXIST)
            return fd;
    }
    return -1;
}

tgx_status tgx_write_file_atomic(const char *path, const void *data, size_t size, tgx_diag *d)
{
    size_t n = strlen(path) + 40;
    char *tmp = malloc(n);
    if (!tmp)
        return tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory");
    int fd = create_temp(path, tmp, n);
    if (fd < 0) {
        tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot create temporary file: %s",
                     strerror(errno));
        free(tmp);
        return TGX_ERR_IO;
    }
    /* rewriting a file in place (tgx fmt -i) keeps its permissions */
    struct stat old;
    if (stat(path, &old) == 0)
        (void)fchmod(fd, old.st_mode & 07777);
    FILE *f = fdopen(fd, "wb");
    int ok = f && fwrite(data, 1, size, f) == size;
    ok = (f && fclose(f) == 0) && ok;
    if (!f)
        close(fd);
    if (!ok || rename(tmp, path) != 0) {
        tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot write: %s", strerror(errno));
        remove(tmp);
        free(tmp);
        return TGX_ERR_IO;
    }
    free(tmp);
    return TGX_OK;
}
