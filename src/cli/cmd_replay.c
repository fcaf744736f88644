/* tgx replay CASE_DIR...: re-run corpus cases and compare with softpipe and llvmpipe. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "tgx/io.h"
#include "tgx/lower.h"
#include "tgx/replay.h"
#include "tgx/util.h"

typedef struct replay_cli {
    tgx_replay_opts opts;
    const char *save_dir; /* --save DIR, or NULL */
    bool strict;          /* --strict: every value bit-exact with softpipe */
    uint32_t jobs;        /* -j */
    bool via_sm5;         /* --via sm5: texture instructions lowered and emulated */
    bool exec_jit;        /* --exec jit given: notes for the shaders the interpreter runs */
    bool have_arch;       /* --arch given: only with --via sm5 */
    tgx_sm5_arch arch;    /* --arch of --via sm5 */
    /* --via sm5: the current case's first lowering warning with its position (LODQ's 8.8 fixed
     * point), said again on the case's FAIL line as its likely reason; "" when none */
    char lowering_loss[TGX_DIAG_MSG_MAX + TGX_DIAG_FILE_MAX + 64];
    /* --save: the cases saved so far, name and folder, so that a second case of the same name
     * is refused instead of overwriting the first one's files */
    struct saved_case {
        char name[TGX_CASE_NAME_MAX];
        const char *dir;
    } * saved;
    size_t nsaved;
} replay_cli;

enum { REPLAY_JOBS = 1, REPLAY_STRICT, REPLAY_SAVE, REPLAY_VIA, REPLAY_ARCH, REPLAY_EXEC };

static const tgx_cli_opt replay_options[] = {
    {REPLAY_JOBS, "-j", "N",
     "render threads, 0 to 256 (default 0: all cores, one per 8192 pixels at most; results do not "
     "depend on N)"},
    {REPLAY_STRICT, "--strict", NULL,
     "pass only cases whose every value is bit-exact with softpipe"},
    {REPLAY_SAVE, "--save", "DIR",
     "write each result as DIR/<case>.<softpipe's file name> (TGXR); DIR is created if "
     "missing"},
    {REPLAY_VIA, "--via", "sm5",
     "run every texture instruction of the shaders as its Maxwell code (tgx lower) in the warp "
     "emulator instead of calling the texture unit directly; a shader with a texture "
     "instruction Maxwell cannot express fails its case (docs/translation.md)"},
    {REPLAY_ARCH, "--arch", "ARCH", "the SM of --via sm5: sm_50, sm_52 (default) or sm_53"},
    {REPLAY_EXEC, "--exec", "interp|jit", TGX_CLI_EXEC_HELP},
    {0}};

const tgx_cli_spec tgx_cli_replay_spec = {
    .verb = "replay",
    .synopsis = "[-j N] [--strict] [--save DIR] [--via sm5 [--arch ARCH]] [--exec interp|jit] "
                "CASE_DIR...",
    .description =
        "Rebuilds every input of each corpus case (case.json: textures from their generators, "
        "samplers and views as softpipe had them, constants, UBOs, SSBOs, images, attributes, "
        "dispatch), runs it, and compares each value with Mesa's: it must have softpipe's bits "
        "where softpipe and llvmpipe have the same bits, and else lie between the two drivers' "
        "values at that place (no farther from softpipe than the case's figure for the "
        "channel). docs/replay.md has the rule.\n\n"
        "Prints 'PASS name (N/M bit-exact)' or 'FAIL name: what, where' per case and a closing "
        "'N passed, N failed'.",
    .opts = replay_options,
    .exit_status = "0 every case passes, 1 a case fails (its FAIL line says why), 2 usage "
                   "error or a CASE_DIR that is not a folder (nothing is run then).",
    .operand = "CASE_DIR",
    .min_operands = 1,
    .max_operands = TGX_CLI_MANY,
};

/* "dir/" and "dir//" as "dir" ("/" stays). */
static void strip_slashes(char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        dir[--n] = '\0';
}

static const char *base_name(const char *dir)
{
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/')
        n--;
    const char *p = dir + n;
    while (p > dir && p[-1] != '/')
        p--;
    return p;
}

static void format_value(tgx_case_type t, uint32_t w, char *buf, size_t cap)
{
    if (t == TGX_CASE_F32)
        snprintf(buf, cap, "%.9g (0x%08x)", (double)tgx_bits2f(w), w);
    else if (t == TGX_CASE_I32)
        snprintf(buf, cap, "%d (0x%08x)", (int)(int32_t)w, w);
    else
        snprintf(buf, cap, "%u (0x%08x)", w, w);
}

/* "result[x,y].c expected S (llvmpipe L) got G, N of M values outside" */
static void describe(const tgx_case_result *r, const tgx_case_diff *df, char *msg, size_t cap)
{
    char sp[48], lp[48], got[48], where[16];
    static const char chan[] = "xyzw";
    if (df->shape_mismatch) {
        snprintf(msg, cap, "%s: size, channels or type differ from %s", r->name, r->file);
        return;
    }
    format_value(r->type, df->worst_softpipe, sp, sizeof sp);
    format_value(r->type, df->worst_llvmpipe, lp, sizeof lp);
    format_value(r->type, df->worst_got, got, sizeof got);
    if (r->channels <= 4)
        snprintf(where, sizeof where, "%c", chan[df->worst_channel]);
    else
        snprintf(where, sizeof where, "%u", df->worst_channel);
    snprintf(msg, cap,
             "%s[%zu,%zu].%s expected %s (llvmpipe %s) got %s, %zu of %zu values outside "
             "(%zu bit-exact)",
             r->name, df->worst_x, df->worst_y, where, sp, lp, got, df->outside, df->values,
             df->bit_exact);
}

static void message_from_diag(const tgx_diag *d, char *msg, size_t cap)
{
    char buf[TGX_DIAG_MSG_MAX + TGX_DIAG_FILE_MAX + 64];
    tgx_diag_format(d, buf, sizeof buf);
    snprintf(msg, cap, "%s", buf);
}

/* DIR/<case>.<softpipe file>; the case name must be a plain file-name part. */
static tgx_status save_result(const char *dir, const tgx_case *c, size_t i, const tgx_tgxr *out,
                              tgx_diag *d)
{
    char path[4096];
    if (!c->name[0] || strchr(c->name, '/') || c->name[0] == '.')
        return tgx_diag_set(d, TGX_ERR_INVALID, c->name, 0, 0,
                            "case name cannot be used in a file name for --save");
    if ((size_t)snprintf(path, sizeof path, "%s/%s.%s", dir, c->name, c->results[i].file) >=
        sizeof path)
        return tgx_diag_set(d, TGX_ERR_ARG, dir, 0, 0, "--save path too long");
    return tgx_tgxr_write(path, out, d);
}

/* Counts of one case over all its results. */
typedef struct case_tally {
    size_t values, bit_exact;
} case_tally;

/* Compares result i with its references; returns 1 if it passes. msg gets the reason of a
 * FAIL when it is the case's first. */
static int check_result(const char *dir, const tgx_case *c, size_t i, const tgx_tgxr *out,
                        case_tally *t, char *msg, size_t cap)
{
    tgx_tgxr sp, lp;
    tgx_case_diff df;
    tgx_diag d;
    tgx_diag_clear(&d);
    if (tgx_case_read_refs(c, i, dir, &sp, &lp, &d) < 0) {
        message_from_diag(&d, msg, cap);
        return 0;
    }
    tgx_case_compare(&c->results[i], out, &sp, &lp, &df);
    tgx_tgxr_free(&sp);
    tgx_tgxr_free(&lp);
    t->values += df.values;
    t->bit_exact += df.bit_exact;
    if (!df.pass)
        describe(&c->results[i], &df, msg, cap);
    return df.pass;
}

/* mkdir of path[0..n) unless it is a folder already; errno on failure. */
static bool make_dir(char *path, size_t n)
{
    char keep = path[n];
    path[n] = '\0';
    struct stat sb;
    bool ok = (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) || mkdir(path, 0777) == 0;
    path[n] = keep;
    return ok;
}

/* --save DIR and the folders above it, as mkdir -p makes them (it made only the last). */
static int prepare_save_dir(const char *dir)
{
    char path[4096], shown[TGX_DIAG_FILE_MAX];
    size_t len = strlen(dir);
    if (len >= sizeof path) {
        fprintf(stderr, "tgx replay: --save: the folder name is too long\n");
        return TGX_EXIT_USAGE;
    }
    memcpy(path, dir, len + 1);
    for (size_t i = 1; i <= len; i++) {
        if (i < len && path[i] != '/')
            continue;
        if (path[i - 1] == '/')
            continue; /* "a//b", a trailing '/' */
        if (!make_dir(path, i)) {
            int err = errno;
            path[i] = '\0';
            char part[TGX_DIAG_FILE_MAX];
            fprintf(stderr, "tgx replay: --save %s: %s%s%s\n",
                    tgx_diag_shown(shown, sizeof shown, dir),
                    i < len ? tgx_diag_shown(part, sizeof part, path) : "", i < len ? ": " : "",
                    err == EEXIST ? "exists and is not a directory" : strerror(err));
            return TGX_EXIT_USAGE;
        }
    }
    return TGX_EXIT_OK;
}

/* --save: a case whose name an earlier case of this run has would overwrite that case's files
 * (two folders dup/a and dup/b, both named tex2d_offsets): it is refused, and both of the earlier
 * one's files stay. Returns false with msg set for such a case, else records it. */
static bool claim_save_name(replay_cli *o, const char *name, const char *dir, char *msg, size_t cap)
{
    for (size_t k = 0; k < o->nsaved; k++)
        if (!strcmp(o->saved[k].name, name)) {
            char shown[TGX_DIAG_FILE_MAX], earlier[TGX_DIAG_FILE_MAX];
            snprintf(msg, cap,
                     "--save: case %s is named '%s' as the case of %s is; its results would "
                     "replace that case's files, so they are not saved",
                     tgx_diag_shown(shown, sizeof shown, dir), name,
                     tgx_diag_shown(earlier, sizeof earlier, o->saved[k].dir));
            return false;
        }
    struct saved_case *grown = realloc(o->saved, (o->nsaved + 1) * sizeof *grown);
    if (!grown) {
        snprintf(msg, cap, "out of memory");
        return false;
    }
    o->saved = grown;
    snprintf(o->saved[o->nsaved].name, sizeof o->saved[o->nsaved].name, "%s", name);
    o->saved[o->nsaved++].dir = dir;
    return true;
}

/* Runs one case; returns 1 on PASS. msg receives the reason of a FAIL. */
static int replay_one(replay_cli *o, const char *dir, char *name, size_t name_cap, case_tally *t,
                      char *msg, size_t cap)
{
    tgx_case c;
    tgx_diag d;
    tgx_diag_clear(&d);
    tgx_diag_shown(name, name_cap, base_name(dir)); /* the folder's name may hold anything */
    if (tgx_case_load(dir, &c, &d) < 0) {
        message_from_diag(&d, msg, cap);
        return 0;
    }
    snprintf(name, name_cap, "%s", c.name);
    if (o->save_dir && !claim_save_name(o, c.name, dir, msg, cap)) {
        tgx_case_free(&c);
        return 0;
    }
    tgx_tgxr *outs = calloc(c.result_count, sizeof *outs);
    int pass = outs != NULL;
    if (!outs)
        snprintf(msg, cap, "out of memory");
    else if (tgx_case_execute(&c, dir, &o->opts, outs, &d) < 0) {
        message_from_diag(&d, msg, cap);
        pass = 0;
    } else {
        for (size_t i = 0; i < c.result_count; i++) {
            if (o->save_dir && save_result(o->save_dir, &c, i, &outs[i], &d) < 0 && pass) {
                message_from_diag(&d, msg, cap);
                pass = 0;
            }
            char why[1024];
            if (!check_result(dir, &c, i, &outs[i], t, why, sizeof why) && pass) {
                snprintf(msg, cap, "%s", why); /* the first failing result is the one reported */
                pass = 0;
            }
        }
        if (pass && o->strict && t->bit_exact < t->values) {
            snprintf(msg, cap, "%zu of %zu values are not bit-exact with softpipe (--strict)",
                     t->values - t->bit_exact, t->values);
            pass = 0;
        }
    }
    for (size_t i = 0; outs && i < c.result_count; i++)
        tgx_tgxr_free(&outs[i]);
    free(outs);
    tgx_case_free(&c);
    return pass;
}

/* --save DIR: created when missing (one level, as mkdir does). */
static int replay_option(void *ctx, int id, const char *value)
{
    replay_cli *o = ctx;
    switch (id) {
    case REPLAY_JOBS: return tgx_cli_u32(&tgx_cli_replay_spec, "-j", value, 0, 256, &o->jobs);
    case REPLAY_STRICT: o->strict = true; return 0;
    case REPLAY_SAVE: o->save_dir = value; return 0;
    case REPLAY_VIA:
        if (strcmp(value, "sm5") != 0)
            return tgx_cli_usage_error(&tgx_cli_replay_spec, "--via: '%s': only 'sm5' is known",
                                       value);
        o->via_sm5 = true;
        return 0;
    case REPLAY_ARCH:
        o->have_arch = true;
        return tgx_cli_arch(&tgx_cli_replay_spec, value, &o->arch);
    case REPLAY_EXEC: {
        int rc = tgx_cli_exec(&tgx_cli_replay_spec, value, &o->opts.exec);
        o->exec_jit = rc == 0 && o->opts.exec == TGX_PIPE_EXEC_JIT;
        return rc;
    }
    }
    return TGX_EXIT_USAGE;
}

/* --via sm5: each shader runs with a runner of its lowered texture instructions as its texture
 * hook; what the lowering warns about (LODQ's fixed point) is printed once per shader. */
static tgx_status attach_runner(void *user, tgx_pipe_shader *s, tgx_diag *d)
{
    replay_cli *o = user;
    tgx_diag_list found;
    tgx_diag_list_init(&found);
    tgx_lower_runner *r = NULL;
    tgx_status st = tgx_lower_runner_create(tgx_pipe_shader_tgsi(s), tgx_pipe_shader_name(s),
                                            o->arch, &r, &found);
    for (size_t i = 0; i < found.count; i++) {
        if (found.items[i].severity != TGX_SEV_ERROR) {
            tgx_cli_print_diag(&found.items[i]);
            const tgx_diag *w = &found.items[i];
            if (!o->lowering_loss[0])
                snprintf(o->lowering_loss, sizeof o->lowering_loss, "%s:%u:%u: %s", w->file,
                         w->line, w->column, w->message);
        } else if (st != TGX_OK && d) {
            *d = found.items[i];
            break;
        }
    }
    tgx_diag_list_free(&found);
    if (st == TGX_ERR_NOMEM)
        return tgx_diag_set(d, st, NULL, 0, 0, "out of memory");
    if (st != TGX_OK)
        return st;
    tgx_pipe_shader_set_tex_hook(s, tgx_lower_tex_hook, r);
    return TGX_OK;
}

/* After a case: --exec jit's note for a shader the interpreter ran; --via sm5's runner goes. */
static void release_shader(void *user, tgx_pipe_shader *s)
{
    replay_cli *o = user;
    if (o->exec_jit)
        tgx_cli_exec_note(s);
    if (o->via_sm5) {
        tgx_lower_runner_destroy(tgx_pipe_shader_tex_hook_user(s));
        tgx_pipe_shader_set_tex_hook(s, NULL, NULL);
    }
}

/* A FAIL line. With --via sm5, a case whose values differ after the lowering warned that it
 * changes results says so: the difference is Maxwell's (TMML has no float LOD: its 8.8 fixed
 * point cannot give softpipe's LODQ values in the exact profile), not the emulator's. */
static void print_fail(const replay_cli *o, const char *name, const char *msg, bool compared)
{
    if (compared && o->lowering_loss[0])
        printf("FAIL %s: %s; with --via sm5 the results are Maxwell's, and the lowering said "
               "they differ here: %s\n",
               name, msg, o->lowering_loss);
    else
        printf("FAIL %s: %s\n", name, msg);
}

/* Every CASE_DIR must be a folder before anything runs: a mistyped name is a usage error, not
 * a failing case. */
static int check_dirs(int n, char **dirs)
{
    for (int i = 0; i < n; i++) {
        struct stat st;
        if (stat(dirs[i], &st) != 0)
            return tgx_cli_usage_error(&tgx_cli_replay_spec, "%s: %s", dirs[i], strerror(errno));
        if (!S_ISDIR(st.st_mode))
            return tgx_cli_usage_error(&tgx_cli_replay_spec,
                                       "%s: not a folder (a CASE_DIR holds case.json)", dirs[i]);
    }
    return -1;
}

int tgx_cli_replay(int argc, char **argv)
{
    unsigned passed = 0, failed = 0;
    int first;
    replay_cli o;
    memset(&o, 0, sizeof o);
    tgx_replay_opts_init(&o.opts);
    o.arch = TGX_CLI_ARCH_DEFAULT;
    int rc = tgx_cli_parse(&tgx_cli_replay_spec, argc, argv, replay_option, &o, &first);
    if (rc < 0 && o.have_arch && !o.via_sm5) /* it would change nothing: say so */
        rc = tgx_cli_usage_error(&tgx_cli_replay_spec,
                                 "--arch is the SM of --via sm5; without --via sm5 nothing runs "
                                 "as Maxwell code");
    if (rc < 0)
        rc = check_dirs(argc - first, argv + first);
    if (rc < 0 && o.save_dir && prepare_save_dir(o.save_dir) != TGX_EXIT_OK)
        rc = TGX_EXIT_USAGE;
    if (rc >= 0)
        return rc;
    o.opts.threads = o.jobs;
    if (o.via_sm5)
        o.opts.prepare_shader = attach_runner;
    o.opts.release_shader = release_shader;
    o.opts.user = &o;
    for (int i = first; i < argc; i++) {
        char name[TGX_CASE_NAME_MAX], msg[1024];
        case_tally t = {0, 0};
        o.lowering_loss[0] = '\0';
        strip_slashes(argv[i]); /* "dir/" is "dir": its files are dir/case.json, not dir//... */
        if (replay_one(&o, argv[i], name, sizeof name, &t, msg, sizeof msg)) {
            printf("PASS %s (%zu/%zu bit-exact)\n", name, t.bit_exact, t.values);
            passed++;
        } else {
            print_fail(&o, name, msg, t.values > 0);
            failed++;
        }
        fflush(stdout);
    }
    printf("%u passed, %u failed\n", passed, failed);
    free(o.saved);
    return failed ? TGX_EXIT_INVALID : TGX_EXIT_OK;
}
