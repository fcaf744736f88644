/* Whole-file reading and atomic writing. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

tgx_status tgx_write_file_atomic(const char *path, const void *data, size_t size, tgx_diag *d)
{
    size_t n = strlen(path);
    char *tmp = malloc(n + 16);
    if (!tmp)
        return tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory");
    snprintf(tmp, n + 16, "%s.tmpXXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot create temporary file: %s",
                     strerror(errno));
        free(tmp);
        return TGX_ERR_IO;
    }
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
