/* tgx: one command, one verb per job, each a thin layer over libtgx. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

typedef struct verb {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} verb;

static const verb verbs[] = {
#define X(name, fn, summary) {#name, fn, summary},
#include "cli/verbs.def"
#undef X
    {NULL, NULL, NULL}};

void tgx_cli_print_diag(const tgx_diag *d)
{
    char buf[TGX_DIAG_MSG_MAX + TGX_DIAG_FILE_MAX + 64];
    tgx_diag_format(d, buf, sizeof buf);
    fprintf(stderr, "%s\n", buf);
}

int tgx_cli_is_help(const char *arg)
{
    return strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: tgx VERB [OPTIONS] [ARGS]\n\n"
                 "The texture path of GPU shader pipelines: TGSI, the texture unit, and NVIDIA\n"
                 "Maxwell (SM 5.x) texture instructions.\n\nVerbs:\n");
    for (const verb *v = verbs; v->name; v++)
        fprintf(out, "  %-8s %s\n", v->name, v->summary);
    fprintf(out, "\n'tgx VERB --help' describes a verb. '-' as a file name means stdin.\n");
}

/* Every verb's output goes through stdout's buffer; a write that failed at any point leaves
 * ferror set, and the last bytes only leave at the flush. Either is an I/O error (exit 2) that
 * must not pass as success (issue 9: `tgx run ... > /dev/full` exited 0). A stdout that was
 * closed before we started (EBADF) with nothing written to it is not an error. */
static int close_stdout(const char *who, int rc)
{
    int failed = fflush(stdout) != 0 || ferror(stdout);
    int err = failed ? errno : 0;
    if (fclose(stdout) != 0 && !failed && errno != EBADF)
        failed = 1, err = errno;
    if (!failed)
        return rc;
    if (err)
        fprintf(stderr, "%s: <stdout>: write error: %s\n", who, strerror(err));
    else
        fprintf(stderr, "%s: <stdout>: write error\n", who);
    return TGX_EXIT_USAGE;
}

static const verb *find_verb(const char *name)
{
    for (const verb *v = verbs; v->name; v++)
        if (strcmp(v->name, name) == 0)
            return v;
    return NULL;
}

/* tgx without a verb: --help, --version, or a mistake. */
static int top_level(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return TGX_EXIT_USAGE;
    }
    if (tgx_cli_is_help(argv[1]) || strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return TGX_EXIT_OK;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("tgx 0.1.0\n");
        return TGX_EXIT_OK;
    }
    fprintf(stderr, "tgx: unknown verb '%s' (try 'tgx --help')\n", argv[1]);
    return TGX_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    const verb *v = argc >= 2 ? find_verb(argv[1]) : NULL;
    char who[32] = "tgx";
    if (v)
        snprintf(who, sizeof who, "tgx %s", v->name);
    int rc = v ? v->run(argc - 1, argv + 1) : top_level(argc, argv);
    return close_stdout(who, rc);
}
