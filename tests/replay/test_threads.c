/* Tiles over threads give the same bytes for any thread count (issue 4: "identical results for
 * any N"): every corpus case copied into tests/data/corpus (fragment, vertex and compute) is run
 * with 1, 3 and 5 threads, and each result must equal the 1-thread result word for word. The
 * expected values are the 1-thread run's own: this test pins down determinism, the replay test
 * pins down correctness against softpipe. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/replay.h"
#include "tgx_test.h"

static const unsigned thread_counts[] = {3, 5};

/* Runs the case with `threads` threads; returns the result images (NULL on failure). */
static tgx_tgxr *execute(const tgx_case *c, const char *dir, unsigned threads)
{
    tgx_diag d;
    tgx_tgxr *outs = calloc(c->result_count ? c->result_count : 1, sizeof *outs);
    if (!outs)
        return NULL;
    tgx_replay_opts opts;
    tgx_replay_opts_init(&opts);
    opts.threads = threads;
    tgx_status st = tgx_case_execute(c, dir, &opts, outs, &d);
    TGX_CHECK(st == TGX_OK, "%s with %u threads: %s", c->name, threads, d.message);
    if (st != TGX_OK) {
        free(outs);
        return NULL;
    }
    return outs;
}

static void free_outs(const tgx_case *c, tgx_tgxr *outs)
{
    for (size_t i = 0; outs && i < c->result_count; i++)
        tgx_tgxr_free(&outs[i]);
    free(outs);
}

static bool same(const tgx_tgxr *a, const tgx_tgxr *b)
{
    if (a->width != b->width || a->height != b->height || a->channels != b->channels ||
        a->type != b->type)
        return false;
    size_t n = (size_t)a->width * a->height * a->channels;
    return memcmp(a->words, b->words, n * sizeof *a->words) == 0;
}

static void check_case(const char *dir, unsigned *stages)
{
    tgx_case c;
    tgx_diag d;
    tgx_status st = tgx_case_load(dir, &c, &d);
    TGX_CHECK(st == TGX_OK, "%s: %s", dir, d.message);
    if (st != TGX_OK)
        return;
    stages[c.stage]++;
    tgx_tgxr *ref = execute(&c, dir, 1);
    for (size_t k = 0; ref && k < sizeof thread_counts / sizeof *thread_counts; k++) {
        tgx_tgxr *outs = execute(&c, dir, thread_counts[k]);
        for (size_t i = 0; outs && i < c.result_count; i++)
            TGX_CHECK(same(&ref[i], &outs[i]), "%s: %s with 1 and %u threads differ", c.name,
                      c.results[i].name, thread_counts[k]);
        free_outs(&c, outs);
    }
    free_outs(&c, ref);
    tgx_case_free(&c);
}

int main(void)
{
    char root[2048], dir[4096];
    snprintf(root, sizeof root, "%s/corpus", TGX_TEST_DATA);
    DIR *dp = opendir(root);
    if (!dp)
        TGX_SKIP("no corpus copy at %s", root);
    unsigned stages[3] = {0, 0, 0};
    struct dirent *e;
    while ((e = readdir(dp))) {
        if (e->d_name[0] == '.')
            continue;
        if (strlen(e->d_name) > 256)
            continue;
        snprintf(dir, sizeof dir, "%s/%s/case.json", root, e->d_name);
        FILE *f = fopen(dir, "rb");
        if (!f)
            continue;
        fclose(f);
        snprintf(dir, sizeof dir, "%s/%s", root, e->d_name);
        check_case(dir, stages);
    }
    closedir(dp);
    TGX_CHECK(stages[TGX_CASE_FRAGMENT] >= 20 && stages[TGX_CASE_COMPUTE] >= 3 &&
                  stages[TGX_CASE_VERTEX] >= 2,
              "corpus has fragment, vertex and compute cases (%u, %u, %u)",
              stages[TGX_CASE_FRAGMENT], stages[TGX_CASE_VERTEX], stages[TGX_CASE_COMPUTE]);
    return tgx_test_finish();
}
