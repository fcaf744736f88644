/* Whole-file reading and atomic writing. */
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tgx/util.h"

static tgx_status too_large(const char *path, tgx_diag *d)
{
    return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0,
                        "cannot read: more than %u MiB (the most tgx reads from one input file, "
                        "docs/cli.md)",
                        (unsigned)(TGX_READ_FILE_MAX >> 20));
}

/* Reads f to its end, at most TGX_READ_FILE_MAX bytes: a larger file, a device that never ends
 * (/dev/zero) or a pipe that goes on for ever is refused once the limit is passed, so memory
 * stays bounded. hint: the size fstat reported for a regular file (0 otherwise), which sizes
 * the buffer in one allocation. */
static tgx_status read_stream(FILE *f, const char *path, size_t hint, char **data, size_t *size,
                              tgx_diag *d)
{
    size_t cap = hint >= 65536 ? hint + 2 : 65536, len = 0;
    char *buf = malloc(cap);
    if (!buf)
        return tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory reading file");
    for (;;) {
        if (cap - len < 2) {
            /* room for one byte past the limit tells a file of exactly the limit from a larger
             * one (len <= TGX_READ_FILE_MAX here, so the buffer always grows) */
            size_t next = cap < TGX_READ_FILE_MAX / 2 ? cap * 2 : TGX_READ_FILE_MAX + 2;
            char *n = realloc(buf, next);
            if (!n) {
                free(buf);
                return tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory reading file");
            }
            buf = n;
            cap = next;
        }
        size_t got = fread(buf + len, 1, cap - len - 1, f);
        len += got;
        if (len > TGX_READ_FILE_MAX) {
            free(buf);
            return too_large(path, d);
        }
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
        return read_stream(stdin, "<stdin>", 0, data, size, d);
    FILE *f = fopen(path, "rb");
    if (!f)
        return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno));
    struct stat st;
    size_t hint = 0; /* a regular file's size: its buffer in one allocation */
    if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode)) {
        if ((uint64_t)st.st_size > TGX_READ_FILE_MAX) {
            fclose(f);
            return too_large(path, d); /* without reading it */
        }
        hint = (size_t)st.st_size;
    }
    tgx_status status = read_stream(f, path, hint, data, size, d);
    fclose(f);
    return status;
}

/* Writes all of data to fd, across short writes and signals. */
static int write_all(int fd, const void *data, size_t size)
{
    const unsigned char *p = data;
    while (size > 0) {
        ssize_t n = write(fd, p, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n == 0)
            errno = ENOSPC; /* write(2) made no progress without saying why */
        if (n <= 0)
            return -1;
        p += n;
        size -= (size_t)n;
    }
    return 0;
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

/* A regular file (or a new one): the bytes go to a temporary file beside it, are flushed to the
 * disk, and only then renamed over it, so a full disk or a crash leaves the old file whole. */
static tgx_status replace_regular(const char *path, const struct stat *old, const void *data,
                                  size_t size, tgx_diag *d)
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
    /* rewriting a file (tgx fmt -i) keeps its permissions -- all twelve bits, set-user-ID,
     * set-group-ID and sticky included -- and, where allowed, its owner. The owner first: chown
     * clears the set-ID bits (chown(2), root's calls too), so a mode set before it lost them
     * (chmod 4644 f.tgsi; tgx fmt -i f.tgsi left 0644). */
    if (old) {
        if (fchown(fd, old->st_uid, old->st_gid) == 0)
            (void)fchmod(fd, old->st_mode & 07777);
        else
            (void)fchmod(fd, old->st_mode & 0777); /* no set-id bits for another owner */
    }
    int err = write_all(fd, data, size) == 0 && fsync(fd) == 0 ? 0 : errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (!err && rename(tmp, path) != 0)
        err = errno;
    if (err) {
        tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot write: %s", strerror(err));
        remove(tmp);
        free(tmp);
        return TGX_ERR_IO;
    }
    free(tmp);
    return TGX_OK;
}

/* Anything that is not a regular file (a device, a FIFO): opened and written as it is, as a
 * shell's `>` would; replacing it by a regular file would destroy it (issue 9: /dev/full). */
static tgx_status write_in_place(const char *path, const void *data, size_t size, tgx_diag *d)
{
    int fd = open(path, O_WRONLY | O_NOCTTY);
    if (fd < 0)
        return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno));
    int err = write_all(fd, data, size) == 0 ? 0 : errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (err)
        return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot write: %s", strerror(err));
    return TGX_OK;
}

/* Follows path's last component through symbolic links to the file they name (which need not
 * exist yet); *out is malloc'ed. A relative link is read from the link's own folder. */
static tgx_status resolve_links(const char *path, char **out, tgx_diag *d)
{
    char *cur = strdup(path);
    for (int hops = 0; cur; hops++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode)) {
            *out = cur;
            return TGX_OK;
        }
        if (hops == 40) { /* Linux's own limit (path_resolution(7)) */
            free(cur);
            return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0,
                                "cannot write: too many levels of symbolic links");
        }
        size_t cap = (size_t)st.st_size + 1 + strlen(cur) + 1;
        char *link = malloc(cap);
        ssize_t n = link ? readlink(cur, link, (size_t)st.st_size + 1) : -1;
        if (n < 0 || (size_t)n > (size_t)st.st_size) { /* failed, or changed under us */
            free(link);
            free(cur);
            return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot follow symbolic link: %s",
                                link ? strerror(errno ? errno : EAGAIN) : "out of memory");
        }
        link[n] = '\0';
        const char *slash = strrchr(cur, '/');
        if (link[0] != '/' && slash) { /* relative to the folder holding the link */
            size_t dir = (size_t)(slash - cur) + 1;
            memmove(link + dir, link, (size_t)n + 1);
            memcpy(link, cur, dir);
        }
        free(cur);
        cur = link;
    }
    return tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory");
}

tgx_status tgx_write_file_atomic(const char *path, const void *data, size_t size, tgx_diag *d)
{
    char *target = NULL;
    tgx_status st = resolve_links(path, &target, d);
    if (st != TGX_OK)
        return st;
    struct stat old;
    if (stat(target, &old) != 0) {
        if (errno == ENOENT)
            st = replace_regular(target, NULL, data, size, d);
        else
            st = tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot write: %s", strerror(errno));
    } else if (S_ISREG(old.st_mode)) {
        /* a file we may not write is not ours to replace either: the folder's write permission
         * would let the rename through (a root-owned 0444 file became the user's), while the
         * shell's `>` fails with EACCES; so does tgx, with the same words */
        if (faccessat(AT_FDCWD, target, W_OK, AT_EACCESS) != 0)
            st = tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot write: %s", strerror(errno));
        else
            st = replace_regular(target, &old, data, size, d);
    } else if (S_ISDIR(old.st_mode)) {
        st = tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot write: it is a directory");
    } else {
        st = write_in_place(target, data, size, d);
    }
    if (st != TGX_OK && d)
        tgx_diag_set_file(d, path); /* the name the user gave */
    free(target);
    return st;
}
