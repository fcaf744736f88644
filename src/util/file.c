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

/* A file being written by tgx_out_file_*: a temporary file beside a regular file (tmp set),
 * renamed over it at the commit, or a device or FIFO written in place (tmp NULL). The bytes go
 * through buf, so that a caller may write a line at a time. */
struct tgx_out_file {
    int fd;
    char *path;   /* as the caller gave it: the name messages give */
    char *target; /* path with its symbolic links followed */
    char *tmp;
    int err; /* the first write's errno, 0 while all is well */
    size_t len;
    unsigned char buf[65536];
};

/* A regular file (or a new one): the bytes go to a temporary file beside it, are flushed to the
 * disk, and only then renamed over it (tgx_out_file_commit), so a full disk or a crash leaves
 * the old file whole. */
static tgx_status open_temp_beside(tgx_out_file *f, const struct stat *old, tgx_diag *d)
{
    size_t n = strlen(f->target) + 40;
    f->tmp = malloc(n);
    if (!f->tmp)
        return tgx_diag_set(d, TGX_ERR_NOMEM, f->path, 0, 0, "out of memory");
    f->fd = create_temp(f->target, f->tmp, n);
    if (f->fd < 0) {
        tgx_diag_set(d, TGX_ERR_IO, f->path, 0, 0, "cannot create temporary file: %s",
                     strerror(errno));
        free(f->tmp);
        f->tmp = NULL;
        return TGX_ERR_IO;
    }
    /* rewriting a file (tgx fmt -i) keeps its permissions -- all twelve bits, set-user-ID,
     * set-group-ID and sticky included -- and, where allowed, its owner. The owner first: chown
     * clears the set-ID bits (chown(2), root's calls too), so a mode set before it lost them
     * (chmod 4644 f.tgsi; tgx fmt -i f.tgsi left 0644). */
    if (old) {
        if (fchown(f->fd, old->st_uid, old->st_gid) == 0)
            (void)fchmod(f->fd, old->st_mode & 07777);
        else
            (void)fchmod(f->fd, old->st_mode & 0777); /* no set-id bits for another owner */
    }
    return TGX_OK;
}

/* Anything that is not a regular file (a device, a FIFO): opened and written as it is, as a
 * shell's `>` would; replacing it by a regular file would destroy it (issue 9: /dev/full). */
static tgx_status open_in_place(tgx_out_file *f, tgx_diag *d)
{
    f->fd = open(f->target, O_WRONLY | O_NOCTTY);
    if (f->fd < 0)
        return tgx_diag_set(d, TGX_ERR_IO, f->path, 0, 0, "cannot open: %s", strerror(errno));
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

/* Where the bytes for path go: a temporary file beside a regular (or new) file, the file itself
 * for a device or FIFO; a directory or a file we may not write is an error. */
static tgx_status open_target(tgx_out_file *f, tgx_diag *d)
{
    struct stat old;
    if (stat(f->target, &old) != 0) {
        if (errno == ENOENT)
            return open_temp_beside(f, NULL, d);
        return tgx_diag_set(d, TGX_ERR_IO, f->path, 0, 0, "cannot write: %s", strerror(errno));
    }
    if (S_ISREG(old.st_mode)) {
        /* a file we may not write is not ours to replace either: the folder's write permission
         * would let the rename through (a root-owned 0444 file became the user's), while the
         * shell's `>` fails with EACCES; so does tgx, with the same words */
        if (faccessat(AT_FDCWD, f->target, W_OK, AT_EACCESS) != 0)
            return tgx_diag_set(d, TGX_ERR_IO, f->path, 0, 0, "cannot write: %s", strerror(errno));
        return open_temp_beside(f, &old, d);
    }
    if (S_ISDIR(old.st_mode))
        return tgx_diag_set(d, TGX_ERR_IO, f->path, 0, 0, "cannot write: it is a directory");
    return open_in_place(f, d);
}

static void out_file_free(tgx_out_file *f)
{
    free(f->path);
    free(f->target);
    free(f->tmp);
    free(f);
}

tgx_status tgx_out_file_open(const char *path, tgx_out_file **out, tgx_diag *d)
{
    *out = NULL;
    tgx_out_file *f = calloc(1, sizeof *f);
    if (!f || !(f->path = strdup(path))) {
        free(f);
        return tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory");
    }
    f->fd = -1;
    tgx_status st = resolve_links(path, &f->target, d);
    if (st == TGX_OK)
        st = open_target(f, d);
    if (st != TGX_OK) {
        if (d)
            tgx_diag_set_file(d, path); /* the name the user gave */
        out_file_free(f);
        return st;
    }
    *out = f;
    return TGX_OK;
}

static void out_file_flush(tgx_out_file *f)
{
    if (!f->err && f->len && write_all(f->fd, f->buf, f->len) != 0)
        f->err = errno;
    f->len = 0;
}

tgx_status tgx_out_file_write(tgx_out_file *f, const void *data, size_t size, tgx_diag *d)
{
    const unsigned char *p = data;
    if (size >= sizeof f->buf && !f->err) { /* a whole text at once: no copy */
        out_file_flush(f);
        if (!f->err && write_all(f->fd, p, size) != 0)
            f->err = errno;
        size = 0;
    }
    while (size > 0 && !f->err) {
        if (f->len == sizeof f->buf)
            out_file_flush(f);
        size_t n = sizeof f->buf - f->len < size ? sizeof f->buf - f->len : size;
        memcpy(f->buf + f->len, p, n);
        f->len += n;
        p += n;
        size -= n;
    }
    if (f->err)
        return tgx_diag_set(d, TGX_ERR_IO, f->path, 0, 0, "cannot write: %s", strerror(f->err));
    return TGX_OK;
}

tgx_status tgx_out_file_commit(tgx_out_file *f, tgx_diag *d)
{
    out_file_flush(f);
    int err = f->err;
    if (!err && f->tmp && fsync(f->fd) != 0)
        err = errno;
    if (close(f->fd) != 0 && !err)
        err = errno;
    f->fd = -1;
    if (!err && f->tmp && rename(f->tmp, f->target) != 0)
        err = errno;
    if (err && f->tmp)
        remove(f->tmp);
    tgx_status st =
        err ? tgx_diag_set(d, TGX_ERR_IO, f->path, 0, 0, "cannot write: %s", strerror(err))
            : TGX_OK;
    out_file_free(f);
    return st;
}

void tgx_out_file_abort(tgx_out_file *f)
{
    if (!f)
        return;
    if (f->fd >= 0)
        close(f->fd);
    if (f->tmp)
        remove(f->tmp);
    out_file_free(f);
}

tgx_status tgx_write_file_atomic(const char *path, const void *data, size_t size, tgx_diag *d)
{
    tgx_out_file *f;
    tgx_status st = tgx_out_file_open(path, &f, d);
    if (st != TGX_OK)
        return st;
    st = tgx_out_file_write(f, data, size, d);
    if (st != TGX_OK) {
        tgx_out_file_abort(f);
        return st;
    }
    return tgx_out_file_commit(f, d);
}
