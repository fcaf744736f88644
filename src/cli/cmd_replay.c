/* tgx replay CASE_DIR...: re-run corpus cases and compare with softpipe's results. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tgx/io.h"
#include "tgx/replay.h"
#include "tgx/util.h"

static void replay_usage(FILE *out)
{
    fprintf(out,
            "usage: tgx replay [-j N] CASE_DIR...\n\n"
            "Rebuilds every input of each corpus case (case.json: textures from their\n"
            "generators, samplers and views as softpipe had them, constants, UBOs, SSBOs,\n"
            "attributes, dispatch), runs it, and compares with softpipe's result: bit for bit\n"
            "where softpipe and llvmpipe agree, else within their largest difference.\n"
            "Prints 'PASS name' or 'FAIL name: what, where, max diff' per case and a closing\n"
            "'N passed, N failed'; exits 0 only if every case passes.\n\n"
            "  -j N   render threads (default: all cores; results do not depend on N)\n");
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

/* Appends "result[x,y].c expected E got G, max diff D (tolerance T), N values over" */
static void describe(const tgx_case_result *r, const tgx_case_diff *df, char *msg, size_t cap)
{
    char want[48], got[48];
    static const char chan[] = "xyzw";
    if (df->shape_mismatch) {
        snprintf(msg, cap, "%s: size or channels differ from %s", r->name, r->file);
        return;
    }
    format_value(r->type, df->worst_want, want, sizeof want);
    format_value(r->type, df->worst_got, got, sizeof got);
    snprintf(msg, cap,
             "%s[%zu,%zu].%c expected %s got %s, max diff %.9g (%s %.9g), %zu of %zu values "
             "differ",
             r->name, df->worst_x, df->worst_y,
             r->channels <= 4 ? chan[df->worst_channel & 3] : '?', want, got, df->max_diff,
             r->max_abs_diff == 0 ? "exact case, tolerance" : "tolerance", r->max_abs_diff,
             df->over, (size_t)r->width * r->height * r->channels);
}

static void message_from_diag(const tgx_diag *d, char *msg, size_t cap)
{
    char buf[TGX_DIAG_MSG_MAX + TGX_DIAG_FILE_MAX + 64];
    tgx_diag_format(d, buf, sizeof buf);
    snprintf(msg, cap, "%s", buf);
}

/* Runs one case; returns 1 on PASS. msg receives the reason of a FAIL. */
static int replay_one(const char *dir, unsigned threads, char *name, size_t name_cap, char *msg,
                      size_t cap)
{
    tgx_case c;
    tgx_diag d;
    tgx_diag_clear(&d);
    snprintf(name, name_cap, "%s", base_name(dir));
    if (tgx_case_load(dir, &c, &d) < 0) {
        message_from_diag(&d, msg, cap);
        return 0;
    }
    snprintf(name, name_cap, "%s", c.name);
    tgx_tgxr *outs = calloc(c.result_count, sizeof *outs);
    int pass = outs != NULL;
    if (!outs)
        snprintf(msg, cap, "out of memory");
    else if (tgx_case_execute(&c, dir, threads, outs, &d) < 0) {
        message_from_diag(&d, msg, cap);
        pass = 0;
        free(outs);
        outs = NULL;
    }
    for (size_t i = 0; outs && i < c.result_count; i++) {
        char path[4096];
        tgx_tgxr want = {0};
        tgx_case_diff df;
        snprintf(path, sizeof path, "%s/%s", dir, c.results[i].file);
        if (tgx_tgxr_read(path, &want, &d) < 0) {
            if (pass)
                message_from_diag(&d, msg, cap);
            pass = 0;
            continue;
        }
        tgx_case_compare(&c.results[i], &outs[i], &want, &df);
        if (!df.pass && pass) { /* the first failing result is the one reported */
            describe(&c.results[i], &df, msg, cap);
            pass = 0;
        }
        tgx_tgxr_free(&want);
        tgx_tgxr_free(&outs[i]);
    }
    free(outs);
    tgx_case_free(&c);
    return pass;
}

int tgx_cli_replay(int argc, char **argv)
{
    unsigned threads = 0, passed = 0, failed = 0;
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (tgx_cli_is_help(argv[first])) {
            replay_usage(stdout);
            return TGX_EXIT_OK;
        }
        if (strcmp(argv[first], "-j") == 0 && first + 1 < argc) {
            char *end;
            unsigned long n = strtoul(argv[++first], &end, 10);
            if (*end || n > 256) {
                fprintf(stderr, "tgx replay: -j takes a thread count 0..256\n");
                return TGX_EXIT_USAGE;
            }
            threads = (unsigned)n;
            continue;
        }
        fprintf(stderr, "tgx replay: unknown option '%s'\n", argv[first]);
        replay_usage(stderr);
        return TGX_EXIT_USAGE;
    }
    if (first >= argc) {
        replay_usage(stderr);
        return TGX_EXIT_USAGE;
    }
    for (int i = first; i < argc; i++) {
        char name[TGX_CASE_NAME_MAX], msg[1024];
        if (replay_one(argv[i], threads, name, sizeof name, msg, sizeof msg)) {
            printf("PASS %s\n", name);
            passed++;
        } else {
            printf("FAIL %s: %s\n", name, msg);
            failed++;
        }
        fflush(stdout);
    }
    printf("%u passed, %u failed\n", passed, failed);
    return failed ? TGX_EXIT_INVALID : TGX_EXIT_OK;
}
