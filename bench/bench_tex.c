/* bench_tex: texture-unit throughput on one core, in samples per second.
 *
 *   bench_tex [SECONDS_PER_FIGURE [PATTERN]]     default 0.15, every figure
 *
 * A 256x256 texture with a full mip chain and pseudo-random texels, RGBA8 and RGBA32F, sampled
 * in batches of 1024 lanes (256 quads) spread over the texture. The quads step 1.5 texels per
 * pixel, so implicit LOD is log2(1.5) = 0.58: trilinear blends levels 0 and 1, bilinear and
 * nearest (mip none) read level 0. Both precision profiles; gather (component 0) and texel fetch
 * (level 0, in range) too. One thread, so the figures are per core. No assertions.
 *
 * Each figure is the median of five runs of SECONDS / 5, over wall-clock time and over the thread's
 * CPU time (the machine may be shared: CPU time counts the work, wall time the waits for a core
 * too), with the spread of the CPU-time rates. PATTERN keeps the figures whose "op format profile"
 * line contains it ("bilinear rgba8 nv"), for profilers (callgrind --toggle-collect=tgx_tex_*).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tgx/tex.h"
#include "tgx/util.h"

#include "bench_util.h"

enum { LANES = 1024, SIZE = 256 };

static uint32_t rng(uint32_t *state)
{
    uint32_t x = *state; /* xorshift32 */
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

static tgx_tex *make_texture(tgx_tex_format fmt)
{
    tgx_tex_desc desc = {TGX_TEX_2D, fmt, SIZE, SIZE, 1, tgx_tex_full_levels(SIZE, SIZE, 1), 1};
    tgx_tex *tex = NULL;
    tgx_diag d;
    if (tgx_tex_create(&desc, &tex, &d) < 0) {
        fprintf(stderr, "bench_tex: %s\n", d.message);
        exit(1);
    }
    uint32_t state = 12345;
    for (uint32_t y = 0; y < SIZE; y++)
        for (uint32_t x = 0; x < SIZE; x++) {
            uint32_t v[4];
            for (int c = 0; c < 4; c++)
                v[c] = tgx_f2bits((float)(rng(&state) & 255u) / 255.0f);
            tgx_tex_store_texel(tex, 0, x, y, 0, 0, v);
        }
    if (tgx_tex_generate_mipmaps(tex, &d) < 0) {
        fprintf(stderr, "bench_tex: %s\n", d.message);
        exit(1);
    }
    return tex;
}

typedef struct lanes {
    float s[LANES], t[LANES];
    int32_t x[LANES], y[LANES];
    uint32_t out[4][LANES];
} lanes;

/* Quad q at a pseudo-random place; its pixels step 1.5 texels in x and y. */
static void make_lanes(lanes *l)
{
    uint32_t state = 777;
    const float step = 1.5f / SIZE;
    for (int q = 0; q < LANES / 4; q++) {
        const float s = (float)(rng(&state) % 4096u) / 4096.0f;
        const float t = (float)(rng(&state) % 4096u) / 4096.0f;
        for (int i = 0; i < 4; i++) {
            l->s[4 * q + i] = s + (float)(i & 1) * step;
            l->t[4 * q + i] = t + (float)(i >> 1) * step;
            l->x[4 * q + i] = (int32_t)(rng(&state) % SIZE);
            l->y[4 * q + i] = (int32_t)(rng(&state) % SIZE);
        }
    }
}

typedef enum kind { NEAREST, BILINEAR, TRILINEAR, GATHER, FETCH } kind;
static const char *const kind_names[] = {"nearest", "bilinear", "trilinear", "gather", "fetch"};

static void run_batch(kind k, const tgx_tex_view *view, const tgx_sampler *samp, lanes *l)
{
    tgx_tex_result out = {{l->out[0], l->out[1], l->out[2], l->out[3]}};
    tgx_diag d;
    tgx_status st;
    if (k == FETCH) {
        tgx_tex_fetch_req f;
        memset(&f, 0, sizeof f);
        f.lanes = LANES;
        f.x = l->x;
        f.y = l->y;
        st = tgx_tex_fetch(view, samp, &f, out, &d);
    } else {
        tgx_tex_sample_req r;
        memset(&r, 0, sizeof r);
        r.lanes = LANES;
        r.s = l->s;
        r.t = l->t;
        r.lod_mode = k == GATHER ? TGX_TEX_LOD_ZERO : TGX_TEX_LOD_IMPLICIT;
        st = k == GATHER ? tgx_tex_gather(view, samp, &r, out, &d)
                         : tgx_tex_sample(view, samp, &r, out, &d);
    }
    if (st < 0) {
        fprintf(stderr, "bench_tex: %s\n", d.message);
        exit(1);
    }
}

typedef struct rate {
    double wall, cpu, lo, hi; /* samples per second: median over wall and CPU time, CPU spread */
} rate;

static int cmp_double(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum { RUNS = 5 };

static rate measure(kind k, const tgx_tex_view *view, tgx_tex_profile profile, lanes *l,
                    double seconds)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.profile = profile;
    s.mag_filter = k == NEAREST ? TGX_TEX_FILTER_NEAREST : TGX_TEX_FILTER_LINEAR;
    s.min_filter = s.mag_filter;
    s.mip_filter = k == TRILINEAR ? TGX_TEX_MIP_LINEAR : TGX_TEX_MIP_NONE;
    run_batch(k, view, &s, l); /* warm the caches */
    double wall[RUNS], cpu[RUNS];
    for (int run = 0; run < RUNS; run++) {
        uint64_t samples = 0;
        const double t0 = bench_now(), c0 = bench_cpu_now();
        double t;
        do {
            for (int i = 0; i < 8; i++)
                run_batch(k, view, &s, l);
            samples += 8u * LANES;
            t = bench_now() - t0;
        } while (t < seconds / RUNS);
        const double c = bench_cpu_now() - c0;
        wall[run] = (double)samples / t;
        cpu[run] = (double)samples / (c > 0.0 ? c : t);
    }
    qsort(wall, RUNS, sizeof wall[0], cmp_double);
    qsort(cpu, RUNS, sizeof cpu[0], cmp_double);
    return (rate){wall[RUNS / 2], cpu[RUNS / 2], cpu[0], cpu[RUNS - 1]};
}

int main(int argc, char **argv)
{
    const double seconds = argc > 1 ? atof(argv[1]) : 0.15;
    const char *pattern = argc > 2 ? argv[2] : "";
    static lanes l;
    make_lanes(&l);
    const tgx_tex_format formats[2] = {TGX_TEX_FORMAT_RGBA8_UNORM, TGX_TEX_FORMAT_RGBA32_FLOAT};
    const char *const format_names[2] = {"rgba8", "rgba32f"};
    const char *const profile_names[2] = {"exact", "nv"};
    printf("bench_tex: %dx%d 2D, full mip chain, %d lanes a batch, one thread; Msamples/s, median "
           "of %d runs\n",
           SIZE, SIZE, LANES, RUNS);
    printf("%-10s %-8s %-6s %10s %10s %17s\n", "op", "format", "prof", "wall", "cpu",
           "cpu min..max");
    for (int f = 0; f < 2; f++) {
        tgx_tex *tex = make_texture(formats[f]);
        tgx_tex_view view;
        tgx_tex_view_init(&view, tex);
        for (int k = NEAREST; k <= FETCH; k++)
            for (int p = 0; p < 2; p++) {
                if (k == FETCH && p == 1)
                    continue; /* fetch has no profile-dependent arithmetic */
                char name[64];
                snprintf(name, sizeof name, "%s %s %s", kind_names[k], format_names[f],
                         k == FETCH ? "-" : profile_names[p]);
                if (!strstr(name, pattern))
                    continue;
                const rate r = measure((kind)k, &view, (tgx_tex_profile)p, &l, seconds);
                printf("%-10s %-8s %-6s %10.2f %10.2f %8.2f..%-8.2f\n", kind_names[k],
                       format_names[f], k == FETCH ? "-" : profile_names[p], r.wall / 1e6,
                       r.cpu / 1e6, r.lo / 1e6, r.hi / 1e6);
            }
        tgx_tex_destroy(tex);
    }
    return 0;
}
