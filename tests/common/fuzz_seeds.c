/* A main for a libFuzzer target without libFuzzer: runs LLVMFuzzerTestOneInput once on every file
 * of the folders (or files) named on the command line, in name order, and fails when there is
 * none. The fuzz targets (fuzz/) are built for libFuzzer only with clang and TGX_FUZZ; built
 * with this driver by the normal compiler they are part of `make test` (tests/CMakeLists.txt),
 * so a target that no longer compiles, or a seed that now breaks its property (the targets
 * abort), fails the suite and not only `make fuzz-smoke`. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Runs the target on one file; returns 1 if it was read, 0 if it is not a regular file, -1 if it
 * cannot be read. */
static int run_file(const char *path)
{
    struct stat sb;
    if (stat(path, &sb) != 0) {
        fprintf(stderr, "%s: cannot be read\n", path);
        return -1;
    }
    if (!S_ISREG(sb.st_mode))
        return 0;
    FILE *f = fopen(path, "rb");
    uint8_t *data = malloc((size_t)sb.st_size + 1); /* + 1: never malloc(0) */
    size_t got = f && data ? fread(data, 1, (size_t)sb.st_size, f) : 0;
    int ok = f && data && got == (size_t)sb.st_size;
    if (f)
        fclose(f);
    if (ok)
        LLVMFuzzerTestOneInput(data, got);
    else
        fprintf(stderr, "%s: cannot be read\n", path);
    free(data);
    return ok ? 1 : -1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of dir; returns how many, or -1 on an error. */
static int run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "%s: cannot be opened\n", dir);
        return -1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    int rc = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL && rc == 0;) {
        if (e->d_name[0] == '.')
            continue;
        if (count == cap) {
            cap = cap ? 2 * cap : 64;
            char **p = realloc(names, cap * sizeof *p);
            if (!p) {
                rc = -1;
                break;
            }
            names = p;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if ((names[count] = malloc(len)) == NULL) {
            rc = -1;
            break;
        }
        snprintf(names[count++], len, "%s/%s", dir, e->d_name);
    }
    closedir(d);
    if (count)
        qsort(names, count, sizeof *names, by_name);
    int runs = 0;
    for (size_t i = 0; i < count; i++) {
        int r = rc == 0 ? run_file(names[i]) : 0;
        if (r < 0)
            rc = -1;
        runs += r > 0;
        free(names[i]);
    }
    free(names);
    return rc < 0 ? -1 : runs;
}

int main(int argc, char **argv)
{
    int runs = 0;
    for (int i = 1; i < argc; i++) {
        struct stat sb;
        int r =
            stat(argv[i], &sb) == 0 && S_ISDIR(sb.st_mode) ? run_dir(argv[i]) : run_file(argv[i]);
        if (r < 0)
            return 1;
        runs += r;
    }
    printf("%d inputs run\n", runs);
    if (runs == 0) {
        fprintf(stderr, "no input: name the target's seed folder\n");
        return 1;
    }
    return 0;
}
