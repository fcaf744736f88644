/* tgx: one command, one verb per job, each a thin layer over libtgx. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/opts.h"
#include "tgx/jit.h"
#include "tgx/tex.h"
#include "tgx/util.h"

typedef struct verb {
    const char *name;
    int (*run)(int argc, char **argv);
    const tgx_cli_spec *spec;
    const char *summary;
} verb;

static const verb verbs[] = {
#define X(name, fn, summary) {#name, fn, &fn##_spec, summary},
#include "cli/verbs.def"
#undef X
    {NULL, NULL, NULL, NULL}};

static const tgx_cli_opt verb_rows[] = {
#define X(name, fn, summary) {0, #name, NULL, summary},
#include "cli/verbs.def"
#undef X
    {0}};

enum { TOP_VERSION = 1, TOP_MAN };

static const tgx_cli_opt top_opts[] = {
    {TOP_VERSION, "--version", NULL, "print tgx's version and exit"},
    {TOP_MAN, "--man", "[VERB]",
     "print the man page (roff) of tgx, or of VERB; the pages are made from the same text as "
     "--help, and installed with tgx"},
    {0}};

static const char top_summary[] = "the texture path of GPU shader pipelines: TGSI, the texture "
                                  "unit, NVIDIA Maxwell texture instructions";

static const tgx_cli_spec top_spec = {
    .verb = "",
    .synopsis = "VERB [OPTIONS] [ARGS]\n--help | --version | --man [VERB]\n"
                "help [VERB | formats | targets]",
    .description =
        "The texture path of GPU shader pipelines: TGSI text (parse, print, check, execute), one "
        "texture unit shared by everything that samples, and NVIDIA Maxwell (SM 5.x) texture "
        "instructions (encode, decode, disassemble as nvdisasm does, assemble, check).\n\n"
        "'tgx VERB --help' (or 'tgx help VERB') describes a verb; 'tgx help formats' and 'tgx "
        "help targets' list the texel formats and texture targets that texture options name "
        "(format=, target=). Every verb takes options GNU-style: '--opt value' or '--opt=value', "
        "one-letter options as '-o value' or '-ovalue', options and arguments in any order, '--' "
        "ends the options, and '-' as a file name means stdin (or stdout where a file is "
        "written).",
    .opts = top_opts,
    .notes =
        "Files are written safely: a regular file is replaced only once the new contents are on "
        "disk (a file with several hard links gets a new file under the name written, as with "
        "sed -i), a symbolic link is written through to its target, and a device or FIFO is "
        "written in place. A failed write, to stdout too, is reported and gives exit status 2. "
        "An input file read whole is at most 256 MiB. The Maxwell verbs (dis, as, emu, lower, "
        "lift, check --sm5, replay --via sm5) take one --arch rule: a cubin's own SM, else "
        "--arch, else sm_52; only a raw code file, whose bytes say nothing, needs --arch.",
    .exit_status =
        "0 success; 1 the input is invalid or a comparison failed; 2 a usage error (an unknown "
        "option, a bad value, a missing or extra argument) or an I/O error. Each verb's page says "
        "what its own statuses mean.",
    .operand = "VERB",
    .min_operands = 0,
    .max_operands = 0,
    .table_title = "Verbs",
    .table = verb_rows,
};

void tgx_cli_print_diag(const tgx_diag *d)
{
    char buf[TGX_DIAG_MSG_MAX + TGX_DIAG_FILE_MAX + 64];
    tgx_diag_format(d, buf, sizeof buf);
    fprintf(stderr, "%s\n", buf);
}

void tgx_cli_print_diags(tgx_diag_list *l)
{
    for (size_t i = 0; i < l->count; i++)
        tgx_cli_print_diag(&l->items[i]);
    tgx_diag_list_free(l);
}

int tgx_cli_read_input(const char *path, char **data, size_t *size)
{
    tgx_diag d;
    if (tgx_read_file(path, data, size, &d) >= 0)
        return TGX_EXIT_OK;
    tgx_cli_print_diag(&d);
    return TGX_EXIT_USAGE;
}

const char *tgx_cli_input_name(const char *path)
{
    return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

bool tgx_cli_binary_to_terminal(const char *verb_name, const char *what)
{
    if (!isatty(STDOUT_FILENO))
        return false;
    fprintf(stderr, "tgx %s: %s is binary and stdout is a terminal; redirect it or give -o FILE\n",
            verb_name, what);
    return true;
}

const char *tgx_cli_output_path(const char *value)
{
    return strcmp(value, "-") == 0 ? NULL : value;
}

int tgx_cli_arch(const tgx_cli_spec *spec, const char *value, tgx_sm5_arch *arch)
{
    if (tgx_sm5_arch_from_name(value, arch) == TGX_OK)
        return 0;
    return tgx_cli_usage_error(spec, "--arch: unknown arch '%s' (sm_50, sm_52 or sm_53)", value);
}

void tgx_cli_print_version(void)
{
    printf("tgx %s\n", TGX_VERSION);
    const char *why = NULL;
    unsigned lanes = tgx_jit_group_lanes();
    if (tgx_jit_available(&why))
        printf("shader compiler: LLVM 15, lanes in groups of %u (two %s vectors)\n", lanes,
               lanes == 16 ? "AVX2" : "SSE2");
    else
        printf("shader compiler: none (%s)\n", why);
}

int tgx_cli_exec(const tgx_cli_spec *spec, const char *value, tgx_pipe_exec *out)
{
    if (!strcmp(value, "jit"))
        *out = TGX_PIPE_EXEC_JIT;
    else if (!strcmp(value, "interp"))
        *out = TGX_PIPE_EXEC_INTERP;
    else
        return tgx_cli_usage_error(spec, "--exec: '%s' is neither interp nor jit", value);
    return 0;
}

void tgx_cli_exec_note(const tgx_pipe_shader *s)
{
    tgx_diag why, note;
    if (!s || !tgx_pipe_shader_interpreted(s, &why))
        return;
    tgx_diag_set(&note, TGX_OK, NULL, why.line, why.column,
                 "the interpreter runs this shader, not compiled code: %s", why.message);
    note.severity = TGX_SEV_NOTE;
    tgx_diag_set_file(&note, why.file[0] ? why.file : tgx_pipe_shader_name(s));
    tgx_cli_print_diag(&note);
}

int tgx_cli_write_output(const char *path, const void *data, size_t len)
{
    tgx_diag d;
    if (!path)
        return fwrite(data, 1, len, stdout) == len ? TGX_EXIT_OK : TGX_EXIT_USAGE;
    if (tgx_write_file_atomic(path, data, len, &d) != TGX_OK) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_USAGE;
    }
    return TGX_EXIT_OK;
}

int tgx_cli_status_exit(const char *verb_name, tgx_status st)
{
    if (st == TGX_ERR_NOMEM)
        fprintf(stderr, "tgx %s: out of memory\n", verb_name);
    if (st == TGX_ERR_NOMEM || st == TGX_ERR_IO)
        return TGX_EXIT_USAGE;
    return st == TGX_OK ? TGX_EXIT_OK : TGX_EXIT_INVALID;
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

/* tgx --man [VERB] */
static int man_page(int argc, char **argv)
{
    if (argc > 3)
        return tgx_cli_usage_error(&top_spec, "--man takes one VERB at most, not '%s' too",
                                   argv[3]);
    const verb *v = argc == 3 ? find_verb(argv[2]) : NULL;
    if (argc == 3 && !v)
        return tgx_cli_usage_error(&top_spec, "--man: unknown verb '%s' (try 'tgx --help')",
                                   argv[2]);
    tgx_cli_man(v ? v->spec : &top_spec, v ? v->summary : top_summary, stdout);
    return TGX_EXIT_OK;
}

/* tgx help formats: every texel format the texture options (format=NAME) take. */
static void list_formats(void)
{
    static const char *const type_names[] = {"unorm", "snorm", "uint",   "sint",
                                             "float", "srgb",  "ufloat", "sharedexp"};
    printf("%-20s %-8s %-10s %s\n", "format", "bytes", "type", "channel bits");
    for (unsigned i = 0; i < TGX_TEX_FORMAT_COUNT; i++) {
        const tgx_tex_format_info *f = tgx_tex_format_get((tgx_tex_format)i);
        char bytes[16];
        snprintf(bytes, sizeof bytes, f->block > 1 ? "%u/4x4" : "%u", f->bytes);
        printf("%-20s %-8s %-10s", f->name, bytes,
               (unsigned)f->type < sizeof type_names / sizeof *type_names ? type_names[f->type]
                                                                          : "?");
        for (unsigned c = 0; c < 4 && f->bits[c]; c++)
            printf(" %u", f->bits[c]);
        printf("%s\n", f->is_depth ? " (depth)" : "");
    }
}

/* tgx help targets: every texture target (target=NAME) and the largest size it takes. */
static void list_targets(void)
{
    printf("%-12s %-6s %-7s %-9s %s\n", "target", "dims", "coords", "slices", "largest");
    for (unsigned t = 0; t < TGX_TEX_TARGET_COUNT; t++) {
        const tgx_tex_target_info *i = tgx_tex_target_get((tgx_tex_target)t);
        const char *kind = i->cube && i->layered ? "6 a layer"
                           : i->cube             ? "6 faces"
                           : i->layered          ? "layers"
                           : i->dims == 3        ? "depth"
                                                 : "-";
        printf("%-12s %-6u %-7u %-9s %ux%ux%u%s%s\n", i->name, i->dims, i->coords, kind,
               i->max_width, i->max_height, i->max_depth, i->multisample ? ", samples" : "",
               i->mipmapped ? ", levels" : "");
    }
}

/* What `tgx help NAME` lists besides the verbs: the names texture options take. */
static const struct {
    const char *name;
    void (*print)(void);
} help_topics[] = {{"formats", list_formats}, {"targets", list_targets}};

/* tgx help VERB | formats | targets */
static int help_verb(int argc, char **argv)
{
    if (argc > 3)
        return tgx_cli_usage_error(&top_spec, "help takes one VERB at most, not '%s' too", argv[3]);
    for (size_t k = 0; k < sizeof help_topics / sizeof *help_topics; k++)
        if (!strcmp(argv[2], help_topics[k].name)) {
            help_topics[k].print();
            return TGX_EXIT_OK;
        }
    const verb *v = find_verb(argv[2]);
    if (!v)
        return tgx_cli_usage_error(&top_spec,
                                   "help: unknown verb '%s' (try 'tgx --help'; 'tgx help formats' "
                                   "and 'tgx help targets' list the texture names)",
                                   argv[2]);
    tgx_cli_help(v->spec, stdout);
    return TGX_EXIT_OK;
}

/* tgx without a verb: --help, --version, --man, or a mistake. */
static int top_level(int argc, char **argv)
{
    const char *a = argc >= 2 ? argv[1] : NULL;
    if (!a)
        return tgx_cli_usage_error(&top_spec, "missing VERB (try 'tgx --help')");
    if (strcmp(a, "help") == 0 && argc >= 3) /* tgx help VERB: tgx VERB --help */
        return help_verb(argc, argv);
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0 || strcmp(a, "help") == 0) {
        tgx_cli_help(&top_spec, stdout);
        return TGX_EXIT_OK;
    }
    if (strcmp(a, "--man") == 0)
        return man_page(argc, argv);
    if (strcmp(a, "--version") == 0) {
        if (argc > 2)
            return tgx_cli_usage_error(&top_spec, "--version takes no arguments, not '%s'",
                                       argv[2]);
        tgx_cli_print_version();
        return TGX_EXIT_OK;
    }
    if (a[0] == '-')
        return tgx_cli_usage_error(&top_spec, "unknown option '%s' (try 'tgx --help')", a);
    return tgx_cli_usage_error(&top_spec, "unknown verb '%s' (try 'tgx --help')", a);
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
