/* bench_tex: texture-unit throughput on one core, in samples per second, beside issue 22's goals.
 *
 *   bench_tex [SECONDS_PER_FIGURE [PATTERN [SIMD]]]     default 0.15, every row, auto
 *
 * Each row binds a view and a sampler once (tgx_tex_bind, the lane-group interface the shader
 * compiler calls) and samples batches of 1024 lanes (256 quads) spread over a 256x256 texture
 * with a full mip chain and pseudo-random texels (cube maps: 64x64 faces; 3D: 64x64x64). The
 * quads step 1.5 texels per pixel, so an implicit LOD is log2(1.5) = 0.58. Rows: bilinear with
 * repeat and with clamp to edge (mip none, level 0), nearest, trilinear with an implicit LOD and
 * with a LOD of each lane's own (TXL, 0..3), gather (TG4, component 0), texel fetch (TXF, level
 * 0..2), depth compare (SAMPLE_C, bilinear, LEQUAL) on depth16/depth24/depth32f, bilinear on
 * rgba16f, rgba32f and srgb8_a8, cube maps and 3D textures (bilinear, implicit LOD, mip none),
 * each in the exact and the nv profile. One thread, so the figures are per core. No
 * assertions: the goal column says what issue 22 asks for.
 *
 * Each figure is the median of five runs of SECONDS / 5, over wall-clock time and over the thread's
 * CPU time (the machine may be shared: CPU time counts the work, wall time the waits for a core
 * too), with the spread of the CPU-time rates. "8-lane" is the same row called eight lanes at a
 * time (a compiled shader's lane group). PATTERN keeps the rows whose name contains it
 * ("bilinear rgba8 nv"), for profilers; SIMD is auto, avx2, sse2 or general (the reference).
 */
#include <math.h>
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

/* A texture of `target` with a full mip chain: level 0 random (depth formats: values in [0, 1]),
 * the rest box-filtered. */
static tgx_tex *make_texture(tgx_tex_target target, tgx_tex_format fmt, uint32_t size)
{
    const uint32_t depth = target == TGX_TEX_CUBE ? 6 : (target == TGX_TEX_3D ? size : 1);
    tgx_tex_desc desc = {target, fmt,
                         size,   size,
                         depth,  tgx_tex_full_levels(size, size, target == TGX_TEX_3D ? size : 1),
                         1};
    tgx_tex *tex = NULL;
    tgx_diag d;
    if (tgx_tex_create(&desc, &tex, &d) < 0) {
        fprintf(stderr, "bench_tex: %s\n", d.message);
        exit(1);
    }
    uint32_t state = 12345;
    for (uint32_t z = 0; z < depth; z++)
        for (uint32_t y = 0; y < size; y++)
            for (uint32_t x = 0; x < size; x++) {
                uint32_t v[4];
                for (int c = 0; c < 4; c++)
                    v[c] = tgx_f2bits((float)(rng(&state) & 255u) / 255.0f);
                tgx_tex_store_texel(tex, 0, x, y, z, 0, v);
            }
    if (!tgx_tex_get_format(tex)->is_depth && tgx_tex_generate_mipmaps(tex, &d) < 0) {
        fprintf(stderr, "bench_tex: %s\n", d.message);
        exit(1);
    }
    return tex;
}

typedef struct lanes {
    float s[LANES], t[LANES], r[LANES], lod[LANES], ref[LANES];
    int32_t x[LANES], y[LANES], level[LANES];
    uint32_t out[4][LANES];
} lanes;

/* Quad q at a pseudo-random place; its pixels step 1.5 texels in x and y (cube maps: directions
 * toward the +Z face and its neighbours; 3D: a slice at a random depth). */
static void make_lanes(lanes *l, uint32_t size)
{
    uint32_t state = 777;
    const float step = 1.5f / (float)size;
    for (int q = 0; q < LANES / 4; q++) {
        const float s = (float)(rng(&state) % 4096u) / 4096.0f;
        const float t = (float)(rng(&state) % 4096u) / 4096.0f;
        const float r = (float)(rng(&state) % 4096u) / 4096.0f;
        for (int i = 0; i < 4; i++) {
            l->s[4 * q + i] = s + (float)(i & 1) * step;
            l->t[4 * q + i] = t + (float)(i >> 1) * step;
            l->r[4 * q + i] = r;
            l->lod[4 * q + i] = (float)(rng(&state) % 768u) / 256.0f;
            l->ref[4 * q + i] = (float)(rng(&state) % 4096u) / 4096.0f;
            l->x[4 * q + i] = (int32_t)(rng(&state) % size);
            l->y[4 * q + i] = (int32_t)(rng(&state) % size);
            l->level[4 * q + i] = (int32_t)(rng(&state) % 3u);
        }
    }
}

typedef enum kind { NEAREST, BILINEAR, CLAMP, TRILINEAR, TXL, GATHER, FETCH, COMPARE } kind;

/* One row: what is sampled how, and issue 22's goal (M samples/s per core; 0: none). */
typedef struct row {
    const char *name;
    kind k;
    tgx_tex_target target;
    tgx_tex_format format;
    double goal;
} row;

static const row rows[] = {
    {"bilinear rgba8 repeat", BILINEAR, TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 400},
    {"bilinear rgba8 clamp", CLAMP, TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 400},
    {"nearest rgba8", NEAREST, TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 0},
    {"trilinear rgba8 implicit", TRILINEAR, TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 0},
    {"trilinear rgba8 lane-lod", TXL, TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 150},
    {"gather rgba8", GATHER, TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 100},
    {"fetch rgba8", FETCH, TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 100},
    {"compare depth16", COMPARE, TGX_TEX_2D, TGX_TEX_FORMAT_Z16_UNORM, 100},
    {"compare depth24", COMPARE, TGX_TEX_2D, TGX_TEX_FORMAT_Z24X8_UNORM, 100},
    {"compare depth32f", COMPARE, TGX_TEX_2D, TGX_TEX_FORMAT_Z32_FLOAT, 100},
    {"bilinear rgba16f", BILINEAR, TGX_TEX_2D, TGX_TEX_FORMAT_RGBA16_FLOAT, 100},
    {"bilinear rgba32f", BILINEAR, TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 100},
    {"bilinear srgb8_a8", BILINEAR, TGX_TEX_2D, TGX_TEX_FORMAT_SRGB8_A8, 100},
    {"bilinear rgba8 cube", BILINEAR, TGX_TEX_CUBE, TGX_TEX_FORMAT_RGBA8_UNORM, 50},
    {"bilinear rgba8 3d", BILINEAR, TGX_TEX_3D, TGX_TEX_FORMAT_RGBA8_UNORM, 50},
};

typedef struct bench {
    const tgx_tex_binding *b;
    kind k;
    lanes *l;
    uint32_t group; /* lanes per call */
} bench;

static void run_batch(const bench *bn)
{
    lanes *l = bn->l;
    tgx_diag d;
    for (uint32_t i0 = 0; i0 < LANES; i0 += bn->group) {
        tgx_tex_result out = {{l->out[0] + i0, l->out[1] + i0, l->out[2] + i0, l->out[3] + i0}};
        tgx_status st;
        if (bn->k == FETCH) {
            tgx_tex_fetch_req f;
            memset(&f, 0, sizeof f);
            f.lanes = bn->group;
            f.x = l->x + i0;
            f.y = l->y + i0;
            f.level = l->level + i0;
            st = tgx_tex_bound_fetch(bn->b, &f, out, &d);
        } else {
            tgx_tex_sample_req r;
            memset(&r, 0, sizeof r);
            r.lanes = bn->group;
            r.s = l->s + i0;
            r.t = l->t + i0;
            r.r = l->r + i0;
            r.lod_mode = bn->k == GATHER
                             ? TGX_TEX_LOD_ZERO
                             : (bn->k == TXL ? TGX_TEX_LOD_EXPLICIT : TGX_TEX_LOD_IMPLICIT);
            r.lod = l->lod + i0;
            if (bn->k == COMPARE)
                r.ref = l->ref + i0;
            st = bn->k == GATHER ? tgx_tex_bound_gather(bn->b, &r, out, &d)
                                 : tgx_tex_bound_sample(bn->b, &r, out, &d);
        }
        if (st < 0) {
            fprintf(stderr, "bench_tex: %s\n", d.message);
            exit(1);
        }
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

static rate measure(const bench *bn, double seconds)
{
    run_batch(bn); /* warm the caches */
    double wall[RUNS], cpu[RUNS];
    for (int run = 0; run < RUNS; run++) {
        uint64_t samples = 0;
        const double t0 = bench_now(), c0 = bench_cpu_now();
        double t;
        do {
            for (int i = 0; i < 8; i++)
                run_batch(bn);
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

static void sampler_for(const row *w, tgx_tex_profile profile, tgx_sampler *s)
{
    tgx_sampler_init(s);
    s->profile = profile;
    s->mag_filter = w->k == NEAREST ? TGX_TEX_FILTER_NEAREST : TGX_TEX_FILTER_LINEAR;
    s->min_filter = s->mag_filter;
    s->mip_filter = w->k == TRILINEAR || w->k == TXL ? TGX_TEX_MIP_LINEAR : TGX_TEX_MIP_NONE;
    if (w->k == CLAMP)
        s->wrap_s = s->wrap_t = s->wrap_r = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    if (w->k == COMPARE) {
        s->compare_enable = true;
        s->compare_func = TGX_TEX_COMPARE_LEQUAL;
    }
}

static tgx_tex_op op_of(kind k)
{
    return k == FETCH ? TGX_TEX_OP_FETCH
                      : (k == GATHER ? TGX_TEX_OP_GATHER
                                     : (k == COMPARE ? TGX_TEX_OP_COMPARE : TGX_TEX_OP_SAMPLE));
}

int main(int argc, char **argv)
{
    const double seconds = argc > 1 ? atof(argv[1]) : 0.15;
    const char *pattern = argc > 2 ? argv[2] : "";
    tgx_tex_simd simd = TGX_TEX_SIMD_AUTO;
    if (argc > 3) {
        static const tgx_tex_simd all[] = {TGX_TEX_SIMD_AUTO, TGX_TEX_SIMD_GENERAL,
                                           TGX_TEX_SIMD_SSE2, TGX_TEX_SIMD_AVX2};
        for (unsigned i = 0; i < sizeof all / sizeof all[0]; i++)
            if (strcmp(argv[3], tgx_tex_simd_name(all[i])) == 0)
                simd = all[i];
    }
    static lanes l256, l64;
    make_lanes(&l256, SIZE);
    make_lanes(&l64, 64);
    const char *const profile_names[2] = {"exact", "nv"};
    printf("bench_tex: one thread, M samples/s, median of %d runs; batches of %d lanes (8-lane: "
           "calls of 8); goal: issue 22; load",
           RUNS, LANES);
    bench_print_load();
    printf("%-26s %-5s %-7s %8s %8s %17s %8s %6s  %s\n", "row", "prof", "kernel", "wall", "cpu",
           "cpu min..max", "8-lane", "goal", "");
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const row *w = &rows[i];
        const uint32_t size = w->target == TGX_TEX_2D ? SIZE : 64;
        tgx_tex *tex = NULL;
        for (int p = 0; p < 2; p++) {
            char name[96];
            snprintf(name, sizeof name, "%s %s", w->name, profile_names[p]);
            if (!strstr(name, pattern))
                continue;
            if (!tex)
                tex = make_texture(w->target, w->format, size);
            tgx_tex_view view;
            tgx_tex_view_init(&view, tex);
            tgx_sampler s;
            sampler_for(w, (tgx_tex_profile)p, &s);
            tgx_tex_binding *b;
            tgx_diag d;
            if (tgx_tex_bind(&view, &s, simd, &b, &d) < 0) {
                fprintf(stderr, "bench_tex: %s\n", d.message);
                return 1;
            }
            bench bn = {b, w->k, size == SIZE ? &l256 : &l64, LANES};
            const rate r = measure(&bn, seconds);
            bn.group = 8;
            const rate r8 = measure(&bn, seconds);
            char goal[32] = "";
            const char *verdict = "";
            if (w->goal > 0) {
                snprintf(goal, sizeof goal, "%.0f", w->goal);
                verdict = r.cpu / 1e6 >= w->goal ? "met" : "not met";
            }
            printf("%-26s %-5s %-7s %8.2f %8.2f %8.2f..%-8.2f %8.2f %6s  %s\n", w->name,
                   profile_names[p], tgx_tex_simd_name(tgx_tex_binding_simd(b, op_of(w->k))),
                   r.wall / 1e6, r.cpu / 1e6, r.lo / 1e6, r.hi / 1e6, r8.cpu / 1e6, goal, verdict);
            fflush(stdout);
            tgx_tex_unbind(b);
        }
        if (tex)
            tgx_tex_destroy(tex);
    }
    return 0;
}
