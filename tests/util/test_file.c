/* tgx_write_file_atomic: the bytes land, a new file gets 0666 less the umask (POSIX open(2)
 * with O_CREAT applies the umask; a file the user did not ask to be private must not become
 * 0600), an existing file keeps its permission bits, and no temporary file is left behind.
 * What is not a regular file is written in place and never replaced: a character device made
 * with mknod in the scratch folder (1,7 is Linux's "full" device, 1,3 "null"; devices.txt of
 * the kernel), a FIFO, and symbolic links, which are written through to their target. */
#define _XOPEN_SOURCE 700 /* mknod */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tgx/util.h"
#include "tgx_test.h"

static char dir[] = "/tmp/tgx_test_file_XXXXXX";

static const char *in_dir(const char *name)
{
    static char buf[128];
    snprintf(buf, sizeof buf, "%s/%s", dir, name);
    return buf;
}

static unsigned mode_of(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (unsigned)(st.st_mode & 07777) : 0xffffu;
}

static unsigned entries(void)
{
    DIR *dp = opendir(dir);
    unsigned n = 0;
    for (struct dirent *e; dp && (e = readdir(dp));)
        n += e->d_name[0] != '.';
    if (dp)
        closedir(dp);
    return n;
}

static bool is_kind(const char *path, mode_t kind)
{
    struct stat st;
    return lstat(path, &st) == 0 && (st.st_mode & S_IFMT) == kind;
}

static bool holds(const char *path, const char *text)
{
    char *data = NULL;
    size_t size = 0;
    tgx_diag d;
    bool same = tgx_read_file(path, &data, &size, &d) == TGX_OK && size == strlen(text) &&
                memcmp(data, text, size) == 0;
    free(data);
    return same;
}

/* Devices of our own (never /dev): "full" fails every write with ENOSPC and must stay a device;
 * "null" takes the bytes. Needs the right to mknod (root); skipped with a note otherwise. */
static void check_devices(void)
{
    char full[128], null[128];
    snprintf(full, sizeof full, "%s/full", dir);
    snprintf(null, sizeof null, "%s/null", dir);
    if (mknod(full, S_IFCHR | 0666, makedev(1, 7)) != 0 ||
        mknod(null, S_IFCHR | 0666, makedev(1, 3)) != 0) {
        printf("note: mknod not permitted (%s); device cases skipped\n", strerror(errno));
        unlink(full);
        return;
    }
    tgx_diag d;
    tgx_status st = tgx_write_file_atomic(full, "data", 4, &d);
    TGX_CHECK(st == TGX_ERR_IO && strstr(d.message, strerror(ENOSPC)) && strstr(d.file, "full"),
              "full device: %d %s", st, d.message);
    TGX_CHECK(is_kind(full, S_IFCHR), "the full device is still a character device");
    TGX_CHECK(tgx_write_file_atomic(null, "data", 4, &d) == TGX_OK, "null device: %s", d.message);
    TGX_CHECK(is_kind(null, S_IFCHR), "the null device is still a character device");
    /* a link to a device writes to the device */
    char link[128];
    snprintf(link, sizeof link, "%s/to-full", dir);
    TGX_CHECK(symlink("full", link) == 0, "symlink");
    TGX_CHECK(tgx_write_file_atomic(link, "data", 4, &d) == TGX_ERR_IO, "link to full device");
    TGX_CHECK(is_kind(link, S_IFLNK) && is_kind(full, S_IFCHR), "link and device unchanged");
    unlink(link);
    unlink(full);
    unlink(null);
}

/* A FIFO: a child reads it while we write; it must get the bytes and the FIFO must stay. */
static void check_fifo(void)
{
    char fifo[128];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    TGX_CHECK(mkfifo(fifo, 0600) == 0, "mkfifo: %s", strerror(errno));
    pid_t pid = fork();
    if (pid == 0) {
        alarm(10); /* a writer that replaced the FIFO never comes: fail instead of hanging */
        char buf[64] = {0};
        int fd = open(fifo, O_RDONLY);
        ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
        _exit(n == 5 && memcmp(buf, "piped", 5) == 0 ? 0 : 1);
    }
    tgx_diag d;
    TGX_CHECK(tgx_write_file_atomic(fifo, "piped", 5, &d) == TGX_OK, "fifo: %s", d.message);
    int status = -1;
    waitpid(pid, &status, 0);
    TGX_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "the reader got the bytes");
    TGX_CHECK(is_kind(fifo, S_IFIFO), "the FIFO is still a FIFO");
    unlink(fifo);
}

/* Links are written through: relative, absolute, a chain, a dangling link (its target is
 * created), a loop (an error, nothing written). The links stay links. */
static void check_symlinks(void)
{
    char target[128], rel[128], abs[128], chain[128], dangling[128], made[128], loop[128];
    snprintf(target, sizeof target, "%s/target", dir);
    snprintf(rel, sizeof rel, "%s/rel", dir);
    snprintf(abs, sizeof abs, "%s/abs", dir);
    snprintf(chain, sizeof chain, "%s/chain", dir);
    snprintf(dangling, sizeof dangling, "%s/dangling", dir);
    snprintf(made, sizeof made, "%s/made", dir);
    snprintf(loop, sizeof loop, "%s/loop", dir);
    tgx_diag d;
    TGX_CHECK(tgx_write_file_atomic(target, "old", 3, &d) == TGX_OK, "target");
    chmod(target, 0640);
    TGX_CHECK(symlink("target", rel) == 0 && symlink(target, abs) == 0 &&
                  symlink("rel", chain) == 0 && symlink("made", dangling) == 0 &&
                  symlink("loop", loop) == 0,
              "symlinks");
    TGX_CHECK(tgx_write_file_atomic(rel, "one", 3, &d) == TGX_OK && holds(target, "one"),
              "relative link written through");
    TGX_CHECK(tgx_write_file_atomic(abs, "two", 3, &d) == TGX_OK && holds(target, "two"),
              "absolute link written through");
    TGX_CHECK(tgx_write_file_atomic(chain, "three", 5, &d) == TGX_OK && holds(target, "three"),
              "chain of links written through");
    TGX_CHECK(is_kind(rel, S_IFLNK) && is_kind(abs, S_IFLNK) && is_kind(chain, S_IFLNK),
              "the links are still links");
    TGX_CHECK(is_kind(target, S_IFREG) && mode_of(target) == 0640, "target keeps its mode: %o",
              mode_of(target));
    TGX_CHECK(tgx_write_file_atomic(dangling, "new", 3, &d) == TGX_OK && holds(made, "new") &&
                  is_kind(dangling, S_IFLNK),
              "a dangling link creates its target");
    TGX_CHECK(tgx_write_file_atomic(loop, "x", 1, &d) == TGX_ERR_IO &&
                  strstr(d.message, "symbolic links") && is_kind(loop, S_IFLNK),
              "a link loop is an error: %s", d.message);
    unlink(target), unlink(rel), unlink(abs), unlink(chain), unlink(dangling), unlink(made);
    unlink(loop);
}

/* tgx_read_file reads at most TGX_READ_FILE_MAX bytes (issue 9: `tgx check /dev/zero` read
 * until memory ran out). A sparse regular file one byte over is refused by its size without
 * being read; one of exactly the limit is read; a zero device (1,5, "zero" in devices.txt) made
 * with mknod here, which never ends, and a FIFO that goes on past the limit are refused once they
 * have given one byte more. Either way the message names the file and the limit. */
static void check_read_limit(void)
{
    char *data = NULL;
    size_t size = 0;
    tgx_diag d;
    const char *big = in_dir("big");
    int fd = open(big, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    bool sparse = fd >= 0 && ftruncate(fd, (off_t)TGX_READ_FILE_MAX + 1) == 0;
    if (fd >= 0)
        close(fd);
    TGX_CHECK(sparse, "sparse file: %s", strerror(errno));
    tgx_status st = tgx_read_file(big, &data, &size, &d);
    TGX_CHECK(st == TGX_ERR_IO && strstr(d.file, "big") && strstr(d.message, "more than 256 MiB"),
              "a file over the limit: %d %s", st, d.message);
    TGX_CHECK(truncate(big, (off_t)TGX_READ_FILE_MAX) == 0, "truncate");
    st = tgx_read_file(big, &data, &size, &d);
    TGX_CHECK(st == TGX_OK && size == TGX_READ_FILE_MAX && data[size - 1] == 0 && data[size] == 0,
              "a file of exactly the limit is read: %d %s", st, st ? d.message : "");
    if (st == TGX_OK)
        free(data);
    unlink(big);

    const char *zero = in_dir("zero");
    if (mknod(zero, S_IFCHR | 0666, makedev(1, 5)) != 0) {
        printf("note: mknod not permitted (%s); the zero-device case skipped\n", strerror(errno));
    } else {
        st = tgx_read_file(zero, &data, &size, &d);
        TGX_CHECK(st == TGX_ERR_IO && strstr(d.message, "more than 256 MiB"),
                  "a zero device is refused: %d %s", st, d.message);
        unlink(zero);
    }

    const char *fifo = in_dir("fifo");
    TGX_CHECK(mkfifo(fifo, 0600) == 0, "mkfifo");
    pid_t pid = fork();
    if (pid == 0) { /* the writer: more than the limit, in 1 MiB blocks of 'x' */
        static char block[1 << 20];
        memset(block, 'x', sizeof block);
        int w = open(fifo, O_WRONLY);
        for (size_t n = 0; w >= 0 && n <= TGX_READ_FILE_MAX; n += sizeof block)
            if (write(w, block, sizeof block) != (ssize_t)sizeof block)
                break; /* the reader gave up: EPIPE */
        _exit(0);
    }
    st = tgx_read_file(fifo, &data, &size, &d);
    TGX_CHECK(st == TGX_ERR_IO && strstr(d.message, "more than 256 MiB"),
              "a FIFO past the limit is refused: %d %s", st, d.message);
    int status;
    waitpid(pid, &status, 0);
    unlink(fifo);
}

/* A regular file with several names (hard links) is replaced like any regular file: the name
 * written gets a new file, the other names keep the old contents (sed -i's behaviour, documented
 * in docs/cli.md "Files tgx writes"); writing through the link would lose the atomic replace. */
static void check_hard_links(void)
{
    char a[128], b[128];
    snprintf(a, sizeof a, "%s", in_dir("linked"));
    snprintf(b, sizeof b, "%s", in_dir("other-name"));
    tgx_diag d;
    TGX_CHECK(tgx_write_file_atomic(a, "old", 3, &d) == TGX_OK && link(a, b) == 0, "setup");
    TGX_CHECK(tgx_write_file_atomic(a, "new", 3, &d) == TGX_OK, "rewrite: %s", d.message);
    struct stat sa, sb;
    TGX_CHECK(holds(a, "new") && holds(b, "old"), "the written name is new, the other old");
    TGX_CHECK(stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_nlink == 1 && sb.st_nlink == 1 &&
                  sa.st_ino != sb.st_ino,
              "two files now, one link each");
    unlink(a);
    unlink(b);
}

/* tgx_out_file_*: pieces written in order, larger than its buffer too, reach the file only at
 * the commit; an abort leaves the old file and no temporary file. */
static void check_pieces(void)
{
    const char *f = in_dir("pieces");
    tgx_diag d;
    TGX_CHECK(tgx_write_file_atomic(f, "old", 3, &d) == TGX_OK, "setup");
    static char big[200000]; /* more than the writer's 64 KB buffer: written past it */
    for (size_t i = 0; i < sizeof big; i++)
        big[i] = (char)('a' + i % 26);
    tgx_out_file *o = NULL;
    TGX_CHECK(tgx_out_file_open(f, &o, &d) == TGX_OK, "open: %s", d.message);
    if (!o)
        return;
    TGX_CHECK(tgx_out_file_write(o, "head,", 5, &d) == TGX_OK &&
                  tgx_out_file_write(o, big, sizeof big, &d) == TGX_OK &&
                  tgx_out_file_write(o, ",tail", 5, &d) == TGX_OK,
              "writes: %s", d.message);
    TGX_CHECK(holds(f, "old"), "nothing replaced before the commit");
    TGX_CHECK(tgx_out_file_commit(o, &d) == TGX_OK, "commit: %s", d.message);
    char *data = NULL;
    size_t size = 0;
    TGX_CHECK(tgx_read_file(f, &data, &size, &d) == TGX_OK && size == 10 + sizeof big &&
                  memcmp(data, "head,", 5) == 0 && memcmp(data + 5, big, sizeof big) == 0 &&
                  memcmp(data + 5 + sizeof big, ",tail", 5) == 0,
              "the pieces in order: %zu bytes", size);
    free(data);
    TGX_CHECK(tgx_out_file_open(f, &o, &d) == TGX_OK, "open again");
    if (o) {
        tgx_out_file_write(o, big, sizeof big, &d);
        tgx_out_file_abort(o);
    }
    TGX_CHECK(tgx_read_file(f, &data, &size, &d) == TGX_OK && size == 10 + sizeof big,
              "an abort leaves the file: %zu bytes", size);
    free(data);
    TGX_CHECK(entries() == 1, "no temporary file left after the abort: %u entries", entries());
    unlink(f);
}

int main(void)
{
    if (!mkdtemp(dir)) {
        perror("mkdtemp");
        return 1;
    }
    tgx_diag d;
    umask(022);
    TGX_CHECK(tgx_write_file_atomic(in_dir("a"), "hello", 5, &d) == TGX_OK, "write: %s", d.message);
    TGX_CHECK(mode_of(in_dir("a")) == 0644, "new file under umask 022: %o", mode_of(in_dir("a")));
    char *data = NULL;
    size_t size = 0;
    TGX_CHECK(tgx_read_file(in_dir("a"), &data, &size, &d) == TGX_OK && size == 5 &&
                  memcmp(data, "hello", 5) == 0,
              "content");
    free(data);
    umask(077);
    TGX_CHECK(tgx_write_file_atomic(in_dir("b"), "x", 1, &d) == TGX_OK, "write b");
    TGX_CHECK(mode_of(in_dir("b")) == 0600, "new file under umask 077: %o", mode_of(in_dir("b")));
    umask(022);
    /* rewriting keeps what the file had, whatever the umask would give */
    chmod(in_dir("a"), 0640);
    TGX_CHECK(tgx_write_file_atomic(in_dir("a"), "again", 5, &d) == TGX_OK, "rewrite");
    TGX_CHECK(mode_of(in_dir("a")) == 0640, "rewritten file keeps 0640: %o", mode_of(in_dir("a")));
    /* all twelve mode bits: set-user-ID and sticky (chmod 4644 f.tgsi; tgx fmt -i f.tgsi left
     * 0644: the chown after the chmod cleared the set-ID bit, chown(2)) */
    static const unsigned modes[] = {04644, 01644, 04751};
    for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
        chmod(in_dir("a"), modes[k]);
        TGX_CHECK(tgx_write_file_atomic(in_dir("a"), "more", 4, &d) == TGX_OK, "rewrite %o",
                  modes[k]);
        TGX_CHECK(mode_of(in_dir("a")) == modes[k], "rewritten file keeps %o: %o", modes[k],
                  mode_of(in_dir("a")));
    }
    TGX_CHECK(entries() == 2, "no temporary files left: %u entries", entries());
    /* a directory that does not exist: an error naming the path, nothing created */
    TGX_CHECK(tgx_write_file_atomic(in_dir("no/such"), "x", 1, &d) == TGX_ERR_IO &&
                  strstr(d.file, "no/such") && d.message[0],
              "missing directory");
    unlink(in_dir("a"));
    unlink(in_dir("b"));
    check_devices();
    check_fifo();
    check_symlinks();
    check_read_limit();
    check_hard_links();
    check_pieces();
    TGX_CHECK(tgx_write_file_atomic(dir, "x", 1, &d) == TGX_ERR_IO &&
                  strstr(d.message, "directory"),
              "a directory is refused: %s", d.message);
    TGX_CHECK(entries() == 0, "no temporary files left: %u entries", entries());
    rmdir(dir);
    return tgx_test_finish();
}
