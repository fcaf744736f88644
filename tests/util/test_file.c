/* tgx_write_file_atomic: the bytes land, a new file gets 0666 less the umask (POSIX open(2)
 * with O_CREAT applies the umask; a file the user did not ask to be private must not become
 * 0600), an existing file keeps its permission bits, and no temporary file is left behind. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
    TGX_CHECK(entries() == 2, "no temporary files left: %u entries", entries());
    /* a directory that does not exist: an error naming the path, nothing created */
    TGX_CHECK(tgx_write_file_atomic(in_dir("no/such"), "x", 1, &d) == TGX_ERR_IO &&
                  strstr(d.file, "no/such") && d.message[0],
              "missing directory");
    unlink(in_dir("a"));
    unlink(in_dir("b"));
    rmdir(dir);
    return tgx_test_finish();
}
