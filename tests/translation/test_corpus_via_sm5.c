/* Every case of tests/data/corpus, and the TXD emulation's raster cases, replayed twice -- its
 * texture instructions called on the texture unit directly, and lowered to Maxwell and run by the
 * warp emulator (the hook `tgx replay --via sm5` installs) -- in the exact and in the nv profile:
 * the results are the same bits. The one documented exception: LODQ in the exact profile, where
 * TMML's 8.8 fixed point truncates the LOD (the lowered value is then a multiple of 1/256 within
 * 1/256 of the direct one, toward zero). */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/lower.h"
#include "tgx/replay.h"
#include "tgx/util.h"
#include "tgx_test.h"

static tgx_status attach(void *user, tgx_pipe_shader *s, tgx_diag *d)
{
    (void)user;
    tgx_lower_runner *r = NULL;
    tgx_diag_list found;
    tgx_diag_list_init(&found);
    tgx_status st = tgx_lower_runner_create(tgx_pipe_shader_tgsi(s), tgx_pipe_shader_name(s),
                                            TGX_SM5_ARCH_SM52, &r, &found);
    if (st != TGX_OK && found.count && d)
        *d = found.items[0];
    tgx_diag_list_free(&found);
    if (st == TGX_OK)
        tgx_pipe_shader_set_tex_hook(s, tgx_lower_tex_hook, r);
    return st;
}

static void detach(void *user, tgx_pipe_shader *s)
{
    (void)user;
    tgx_lower_runner_destroy(tgx_pipe_shader_tex_hook_user(s));
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A truncation to 1/256 toward zero (the LODQ exception). */
static bool truncated_lod(uint32_t direct, uint32_t lowered)
{
    float d = tgx_bits2f(direct), l = tgx_bits2f(lowered);
    return l * 256.0f == truncf(l * 256.0f) && fabsf(l) <= fabsf(d) && fabsf(d - l) < 1.0f / 256;
}

/* A sampling rule the comparison forces: the profile, and in the exact profile the LOD rule. */
typedef struct mode {
    tgx_tex_profile prof;
    tgx_tex_lod_rule rule;
    const char *name;
} mode;

static const mode exact_softpipe = {TGX_TEX_PROFILE_EXACT, TGX_TEX_LOD_SOFTPIPE, "exact"};
static const mode exact_gl = {TGX_TEX_PROFILE_EXACT, TGX_TEX_LOD_GL, "exact, GL LOD rule"};
static const mode nv = {TGX_TEX_PROFILE_NV, TGX_TEX_LOD_SOFTPIPE, "nv"};

/* Runs the case directly and via sm5 under m; returns the values that differ (*values counts
 * those compared), reporting the first three unless `quiet`. */
static float max_diff; /* the largest difference of the last run_both */

static size_t run_both(const char *dir, const char *name, const mode *m, size_t *values, bool quiet)
{
    max_diff = 0.0f;
    tgx_case c;
    tgx_diag d;
    if (tgx_case_load(dir, &c, &d) != TGX_OK) {
        TGX_CHECK(0, "%s: %s", name, d.message);
        return 0;
    }
    tgx_tgxr *direct = calloc(c.result_count, sizeof *direct);
    tgx_tgxr *lowered = calloc(c.result_count, sizeof *lowered);
    tgx_replay_opts o;
    tgx_replay_opts_init(&o);
    o.force_profile = true;
    o.profile = m->prof;
    o.force_lod_rule = true;
    o.lod_rule = m->rule;
    tgx_tex_profile prof = m->prof;
    tgx_status s1 = tgx_case_execute(&c, dir, &o, direct, &d);
    TGX_CHECK(s1 == TGX_OK, "%s direct: %s", name, d.message);
    o.prepare_shader = attach;
    o.release_shader = detach;
    tgx_status s2 = tgx_case_execute(&c, dir, &o, lowered, &d);
    TGX_CHECK(s2 == TGX_OK, "%s via sm5: %s", name, d.message);
    size_t bad = 0;
    bool lodq = strcmp(name, "tex_query_lod") == 0 && prof == TGX_TEX_PROFILE_EXACT;
    for (size_t i = 0; s1 == TGX_OK && s2 == TGX_OK && i < c.result_count; i++) {
        size_t n = (size_t)direct[i].width * direct[i].height * direct[i].channels;
        TGX_CHECK(direct[i].width == lowered[i].width && direct[i].height == lowered[i].height,
                  "%s: result shapes differ", name);
        for (size_t k = 0; k < n; k++) {
            uint32_t a = direct[i].words[k], b = lowered[i].words[k];
            (*values)++;
            if (a != b && fabsf(tgx_bits2f(a) - tgx_bits2f(b)) > max_diff)
                max_diff = fabsf(tgx_bits2f(a) - tgx_bits2f(b));
            if (a != b && !(lodq && truncated_lod(a, b)) && bad++ < 3 && !quiet)
                TGX_CHECK(0, "%s (%s): %s value %zu: direct 0x%08x, via sm5 0x%08x", name, m->name,
                          c.results[i].name, k, a, b);
        }
    }
    for (size_t i = 0; i < c.result_count; i++) {
        if (s1 == TGX_OK)
            tgx_tgxr_free(&direct[i]);
        if (s2 == TGX_OK)
            tgx_tgxr_free(&lowered[i]);
    }
    free(direct);
    free(lowered);
    tgx_case_free(&c);
    return bad;
}

static unsigned compare_case(const char *dir, const char *name, const mode *m, size_t *values)
{
    size_t bad = run_both(dir, name, m, values, false);
    TGX_CHECK(bad == 0, "%s (%s): %zu values differ", name, m->name, bad);
    return 1;
}

/* The raster cases of the TXD emulation (tests/data/raster/txd_*: textureGrad on 3D, cube and
 * shadow targets, which tgx lower emulates with quad shuffles): how many values differ from
 * the direct path's under each LOD rule. The implicit derivative (P + dPdx) - P is not dPdx in
 * float, so a LOD, and a trilinear weight with it, may differ in its last bits. */
static void txd_cases(void)
{
    const char *root = TGX_TEST_DATA "/raster";
    static const char *const cases[] = {"txd_3d", "txd_cube", "txd_shadow2d", "txd_shadow2darray",
                                        "txd_shadowcube"};
    const mode *modes[] = {&exact_softpipe, &exact_gl, &nv};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", root, cases[i]);
        printf("%s:", cases[i]);
        bool cube = strstr(cases[i], "cube") != NULL;
        for (size_t k = 0; k < sizeof modes / sizeof modes[0]; k++) {
            size_t values = 0, bad = run_both(path, cases[i], modes[k], &values, true);
            printf(" %s %zu of %zu differ (at most %g);", modes[k]->name, bad, values,
                   (double)max_diff);
            TGX_CHECK(values >= 4096, "%s: %zu values", cases[i], values);
            /* measured: softpipe's rule and the nv profile give the direct path's bits */
            if (modes[k] != &exact_gl)
                TGX_CHECK(bad == 0, "%s (%s): %zu values differ", cases[i], modes[k]->name, bad);
            /* GL's rule: the LOD's last bits (a trilinear weight's); cube maps differ more, the
             * direct path's derivative against the quad's whole-gradient difference */
            else if (!cube)
                TGX_CHECK(max_diff < 1e-5f, "%s (GL rule): a value differs by %g", cases[i],
                          (double)max_diff);
        }
        printf("\n");
    }
}

int main(void)
{
    txd_cases();
    const char *root = TGX_TEST_DATA "/corpus";
    DIR *dir = opendir(root);
    if (!dir)
        TGX_SKIP("no corpus at %s", root);
    char *names[256];
    size_t n = 0;
    struct dirent *e;
    while ((e = readdir(dir)) && n < 256) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s/case.json", root, e->d_name);
        FILE *f = fopen(path, "r");
        if (f) {
            fclose(f);
            names[n++] = strdup(e->d_name);
        }
    }
    closedir(dir);
    qsort(names, n, sizeof *names, cmp_names);
    unsigned cases = 0;
    size_t values = 0;
    for (size_t i = 0; i < n; i++) {
        char path[1024];
        snprintf(path, sizeof path, "%s/%s", root, names[i]);
        cases += compare_case(path, names[i], &exact_softpipe, &values);
        compare_case(path, names[i], &nv, &values);
        free(names[i]);
    }
    printf("corpus via sm5: %u cases, %zu values compared in both profiles\n", cases, values);
    TGX_CHECK(cases >= 30, "only %u corpus cases found", cases);
    return tgx_test_finish();
}
