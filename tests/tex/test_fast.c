/* The texture unit's lane-group kernels (src/tex/kernels.h, through tgx_tex_bind) against the
 * general path (sample.c, fetch.c), the reference: random textures of every target and of every
 * format the kernels read (and others), random views, samplers and lane groups in both profiles
 * and the softpipe LOD rule, with the coordinates and LODs where rules have edges (NaN,
 * infinities, huge values, negative zero, denormals, exact texel centres and edges, half-way nv
 * weights, the kernels' range limits, level clamps, border colours, depth references on the
 * format's steps). Sampling (with and without compare), gather (with and without) and texel
 * fetch; the AVX2 build of the kernels (where the machine runs it) and the SSE2 build; bound
 * calls and the unbound tgx_tex_sample / gather / fetch. Every result word of every lane must be
 * the general path's, lanes that are off must stay untouched. Each kernel shape met is counted,
 * and the counts must show the kernels took the requests. Fixed seeds.
 *
 * When a rule of the general path changes for a case a kernel takes, this test fails: the rule's
 * arithmetic should then live in one function both paths call (kernels.h's header says which they
 * share).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tex/unit.h"
#include "tgx/tex.h"
#include "tgx/util.h"
#include "tgx_test.h"

/* Under the sanitizers (make test-sanitize, about ten times slower) a tenth of the requests. */
#if defined(__SANITIZE_ADDRESS__)
#define TEST_FAST_SHARE 10
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TEST_FAST_SHARE 10
#endif
#endif
#ifndef TEST_FAST_SHARE
#define TEST_FAST_SHARE 1
#endif

static uint32_t rng_state;

static uint32_t rnd(void)
{
    uint32_t x = rng_state; /* xorshift32 */
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return rng_state = x;
}

static uint32_t rnd_n(uint32_t n)
{
    return rnd() % n;
}

static float rnd_unit(void)
{
    return (float)(rnd() >> 8) / 16777216.0f;
}

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* ---- random pieces -------------------------------------------------------------------------- */

static const tgx_tex_target targets[] = {TGX_TEX_1D,   TGX_TEX_2D,         TGX_TEX_2D,
                                         TGX_TEX_2D,   TGX_TEX_1D_ARRAY,   TGX_TEX_2D_ARRAY,
                                         TGX_TEX_3D,   TGX_TEX_CUBE,       TGX_TEX_CUBE_ARRAY,
                                         TGX_TEX_RECT, TGX_TEX_2D_ARRAY_MS};

/* Formats by the kernels' classes (unit.h): four 8-bit UNORM channels, other byte formats, 16-bit
 * normalised, half and single floats, depth, and the rest (the decoder per lane); integer
 * formats for fetch and gather. */
static const char *const format_groups[][10] = {
    {"rgba8", "bgra8"},
    {"srgb8_a8", "r8", "rg8", "rgba8_snorm", "r8_snorm", "srgb8", "rgb8", "l8a8", "a8", "i8"},
    {"rgba16", "r16", "rg16_snorm", "rgba16_snorm", "l16a16", "a16"},
    {"rgba16f", "r16f", "rg16f", "rgb16f"},
    {"rgba32f", "r32f", "rg32f", "rgb32f"},
    {"depth16", "depth24", "depth32f", "depth24_stencil8", "depth32f_stencil8"},
    {"rgb565", "rgb10_a2", "r11f_g11f_b10f", "rgb9_e5", "r32", "rgb5_a1", "rgba32_snorm"},
    {"rgba8ui", "r8i", "rg16ui", "rgba32i", "r32ui", "rgb10_a2ui", "stencil8"},
};

static tgx_tex_format random_format(bool depth_ok)
{
    static const uint8_t weights[] = {7, 3, 2, 2, 2, 3, 1, 2};
    uint32_t pick = rnd_n(22);
    unsigned g = 0;
    while (pick >= weights[g]) {
        pick -= weights[g];
        g++;
    }
    if (g == 5 && !depth_ok)
        g = 0;
    unsigned n = 0;
    while (n < 10 && format_groups[g][n])
        n++;
    tgx_tex_format f;
    if (tgx_tex_format_from_name(format_groups[g][rnd_n(n)], &f) != TGX_OK) {
        fprintf(stderr, "test_fast: unknown format %s\n", format_groups[g][0]);
        exit(1);
    }
    return f;
}

static uint32_t random_size(void)
{
    static const uint32_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 32, 64};
    return sizes[rnd_n(COUNT(sizes))];
}

/* Now and then a width past 8192 or 65536, where the nv profile's fixed-point coordinate takes
 * 22 or 23 fraction bits. */
static uint32_t random_width(void)
{
    static const uint32_t wide[] = {8191, 8192, 8193, 12288, 65535, 65536, 65537};
    return rnd_n(40) == 0 ? wide[rnd_n(COUNT(wide))] : random_size();
}

/* Random bytes in every level: any bit pattern, NaNs, infinities and denormals of float formats
 * included; now and then only values of [0, 1] (the nv float blends' common case). */
static tgx_tex *random_texture(tgx_tex_target target)
{
    const bool depth_ok = target != TGX_TEX_3D;
    tgx_tex_desc desc = {target, random_format(depth_ok), random_width(), random_size(), 1, 1, 1};
    if (target == TGX_TEX_1D || target == TGX_TEX_1D_ARRAY || desc.width > 64)
        desc.height = 1;
    const uint32_t maxw = tgx_tex_target_get(target)->max_width;
    if (target == TGX_TEX_CUBE || target == TGX_TEX_CUBE_ARRAY || target == TGX_TEX_3D ||
        desc.width > maxw)
        desc.width = random_size();
    if (target == TGX_TEX_1D_ARRAY || target == TGX_TEX_2D_ARRAY || target == TGX_TEX_2D_ARRAY_MS)
        desc.depth = 1 + rnd_n(4);
    if (target == TGX_TEX_3D)
        desc.depth = random_size();
    if (target == TGX_TEX_CUBE || target == TGX_TEX_CUBE_ARRAY) {
        desc.height = desc.width;
        desc.depth = 6 * (target == TGX_TEX_CUBE ? 1 : 1 + rnd_n(2));
    }
    const tgx_tex_target_info *ti = tgx_tex_target_get(target);
    const uint32_t full =
        tgx_tex_full_levels(desc.width, desc.height, target == TGX_TEX_3D ? desc.depth : 1);
    desc.levels = !ti->mipmapped ? 1 : (rnd_n(3) ? full : 1 + rnd_n(full));
    if (ti->multisample)
        desc.samples = 2 + 2 * rnd_n(2);
    tgx_tex *tex = NULL;
    tgx_diag d;
    if (tgx_tex_create(&desc, &tex, &d) != TGX_OK) {
        fprintf(stderr, "test_fast: %s\n", d.message);
        exit(1);
    }
    const tgx_tex_format_info *fi = tgx_tex_format_get(desc.format);
    const bool tame = rnd_n(2) && fi->type == TGX_TEX_TYPE_FLOAT;
    for (uint32_t l = 0; l < desc.levels; l++) {
        size_t row, slice;
        uint8_t *p = tgx_tex_level_data(tex, l, &row, &slice);
        uint32_t w, h, s;
        tgx_tex_level_size(tex, l, &w, &h, &s);
        for (size_t i = 0; i < slice * s; i++)
            p[i] = (uint8_t)rnd();
        if (!tame)
            continue;
        for (uint32_t z = 0; z < s; z++) /* values of [0, 1] and a few signed ones */
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++)
                    for (uint32_t smp = 0; smp < desc.samples; smp++) {
                        uint32_t v[4];
                        for (int c = 0; c < 4; c++)
                            v[c] = tgx_f2bits(rnd_n(8) ? rnd_unit() : rnd_unit() * 8.0f - 4.0f);
                        tgx_tex_store_texel(tex, l, x, y, z, smp, v);
                    }
    }
    return tex;
}

static const tgx_tex_wrap common_wraps[] = {TGX_TEX_WRAP_REPEAT, TGX_TEX_WRAP_MIRROR_REPEAT,
                                            TGX_TEX_WRAP_CLAMP_TO_EDGE,
                                            TGX_TEX_WRAP_CLAMP_TO_BORDER};

static tgx_tex_wrap random_wrap(void)
{
    if (rnd_n(6) == 0)
        return (tgx_tex_wrap)rnd_n(TGX_TEX_WRAP_COUNT);
    return common_wraps[rnd_n(4)];
}

/* LOD values: quantisation edges of the nv profile (multiples of 1/256 and just off them), the
 * level boundaries, negative zero, NaN, infinities. */
static float random_lod(void)
{
    static const float special[] = {0.0f,      -0.0f,    0.5f,       1.0f,       1.5f,
                                    2.0f,      -1.0f,    1.0f / 256, 0.999999f,  1.000001f,
                                    0x1p-140f, 1000.0f,  -1000.0f,   NAN,        INFINITY,
                                    -INFINITY, 0.49999f, 0.50001f,   3.99609375f};
    if (rnd_n(3) == 0)
        return special[rnd_n(COUNT(special))];
    if (rnd_n(2))
        return (float)((int32_t)rnd_n(2048) - 512) / 256.0f; /* exact multiples of 1/256 */
    return rnd_unit() * 8.0f - 2.0f;
}

static void random_sampler(tgx_sampler *s, bool depth)
{
    tgx_sampler_init(s);
    s->profile = rnd_n(2) ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
    s->lod_rule = rnd_n(4) == 0 ? TGX_TEX_LOD_SOFTPIPE : TGX_TEX_LOD_GL;
    s->wrap_s = random_wrap();
    s->wrap_t = rnd_n(3) ? s->wrap_s : random_wrap();
    s->wrap_r = random_wrap();
    s->mag_filter = rnd_n(3) ? TGX_TEX_FILTER_LINEAR : TGX_TEX_FILTER_NEAREST;
    s->min_filter = rnd_n(3) ? s->mag_filter : (tgx_tex_filter)rnd_n(2);
    s->mip_filter = (tgx_tex_mip_filter)rnd_n(3);
    if (rnd_n(4) == 0)
        s->lod_bias = random_lod();
    if (rnd_n(4) == 0)
        s->min_lod = random_lod();
    if (rnd_n(4) == 0)
        s->max_lod = random_lod();
    for (int c = 0; c < 4; c++) {
        static const float border[] = {0.0f, -0.0f, 1.0f, 0.5f, 0.1f, -2.0f, 3.0f, NAN, 1e-40f};
        s->border_color[c] = rnd_n(2) ? border[rnd_n(COUNT(border))] : rnd_unit();
        s->border_color_int[c] = rnd();
    }
    if (rnd_n(16) == 0)
        s->max_anisotropy = 1 + rnd_n(8);
    if (rnd_n(16) == 0)
        s->normalized_coords = false;
    if (rnd_n(16) == 0 || (depth && rnd_n(2))) {
        s->compare_enable = true;
        s->compare_func = (tgx_tex_compare)rnd_n(8);
    }
    if (rnd_n(8) == 0)
        s->seamless_cube = false;
}

static void random_view(tgx_tex_view *v, const tgx_tex *tex)
{
    tgx_tex_view_init(v, tex);
    const tgx_tex_desc *d = tgx_tex_get_desc(tex);
    if (rnd_n(3) == 0) {
        v->base_level = rnd_n(d->levels);
        v->max_level = v->base_level + rnd_n(d->levels - v->base_level + 1);
    }
    if ((d->target == TGX_TEX_1D_ARRAY || d->target == TGX_TEX_2D_ARRAY) && rnd_n(2)) {
        v->first_slice = rnd_n(d->depth);
        v->num_slices = 1 + rnd_n(d->depth - v->first_slice);
        if (rnd_n(4) == 0) { /* a single-layer view of the array */
            v->target = d->target == TGX_TEX_2D_ARRAY ? TGX_TEX_2D : TGX_TEX_1D;
            v->num_slices = 1;
        }
    }
    if (rnd_n(3) == 0)
        for (int c = 0; c < 4; c++)
            v->swizzle[c] = (tgx_tex_swizzle)rnd_n(6);
}

/* A coordinate on an axis of size n: inside and around [0, 1] mostly, with exact texel edges
 * and centres, half-way weights, wrap periods, the kernels' range limits and special values. */
static float random_coord(uint32_t n)
{
    /* the range limits: 1024 (exact), 2^(28 - F) (nv: 128, 64 and 32) */
    static const float special[] = {
        NAN,         INFINITY,   -INFINITY,   1e30f,     -1e30f,  0.0f,        -0.0f,
        0x1p-149f,   -0x1p-149f, -0x1p-127f,  0x1p-126f, 1024.0f, -1024.0f,    1024.0001f,
        -1024.0001f, 1023.9999f, 16777216.0f, 1.0f,      -1.0f,   0.99999994f, 128.0f,
        -128.0f,     127.99999f, -127.99999f, 64.0f,     -64.0f,  63.999996f,  -63.999996f,
        32.0f,       31.999998f, -31.999998f};
    switch (rnd_n(8)) {
    case 0: return special[rnd_n(COUNT(special))];
    case 1: return (float)((int32_t)rnd_n(8 * n + 1) - (int32_t)(2 * n)) / (float)n; /* edges */
    case 2: /* texel centres and half-way points between the nv weights */
        return ((float)((int32_t)rnd_n(4 * n) - (int32_t)n) + 0.5f +
                (float)((int32_t)rnd_n(5) - 2) / 512.0f) /
               (float)n;
    case 3: return rnd_n(4) ? rnd_unit() * 20.0f - 10.0f : rnd_unit() * 300.0f - 150.0f;
    default: return rnd_unit() * 1.5f - 0.25f;
    }
}

/* A depth reference: a step of a 16- or 24-bit depth format, half a step off, or any value. */
static float random_ref(void)
{
    switch (rnd_n(4)) {
    case 0: return (float)rnd_n(65536) / 65535.0f;
    case 1: return ((float)rnd_n(65535) + 0.5f) / 65535.0f;
    case 2: return (float)rnd_n(1u << 24) / 16777215.0f;
    default: return rnd_n(8) ? rnd_unit() : random_lod();
    }
}

enum { MAX_LANES = 64 };

typedef struct lanes {
    float s[MAX_LANES], t[MAX_LANES], r[MAX_LANES], layer[MAX_LANES], q[MAX_LANES];
    float lod[MAX_LANES], clamp[MAX_LANES], ref[MAX_LANES];
    float ddx[3][MAX_LANES], ddy[3][MAX_LANES];
    int32_t off[3][MAX_LANES], goff[4][2][MAX_LANES];
    int32_t x[MAX_LANES], y[MAX_LANES], z[MAX_LANES], level[MAX_LANES], sample[MAX_LANES];
    tgx_lane_mask active[MAX_LANES];
} lanes;

/* Quads whose pixels step across the texture as a rasteriser's would (so the implicit LOD
 * ranges over the levels), or with unrelated coordinates, or with special values. */
static void random_lanes(lanes *L, uint32_t n, uint32_t w, uint32_t h, uint32_t d)
{
    for (uint32_t q = 0; q < n / 4; q++) {
        const int kind = (int)rnd_n(4);
        const float step = ldexpf(1.0f, (int)rnd_n(12) - 8) / (float)w;
        const float s0 = random_coord(w), t0 = random_coord(h), r0 = random_coord(d);
        const float lod = random_lod(), layer = (float)((int32_t)rnd_n(12) - 3) * 0.5f;
        for (uint32_t l = 0; l < 4; l++) {
            const uint32_t i = 4 * q + l;
            if (kind == 0) {
                L->s[i] = random_coord(w);
                L->t[i] = random_coord(h);
                L->r[i] = random_coord(d);
            } else {
                L->s[i] = s0 + (float)(l & 1) * step * (kind == 3 ? 1.5f : 1.0f);
                L->t[i] = t0 + (float)(l >> 1) * step;
                L->r[i] = r0 + (float)(l & 1) * step * 0.5f;
            }
            L->layer[i] = rnd_n(4) ? layer : random_coord(4) * 4.0f;
            L->q[i] = rnd_n(4) ? 1.0f : random_coord(2) * 3.0f;
            L->lod[i] = rnd_n(4) ? lod : random_lod();
            L->clamp[i] = random_lod();
            L->ref[i] = random_ref();
            for (int a = 0; a < 3; a++) {
                L->ddx[a][i] = random_coord(w) * 0.1f;
                L->ddy[a][i] = random_coord(h) * 0.1f;
                L->off[a][i] = rnd_n(16) ? (int32_t)rnd_n(17) - 8 : (int32_t)rnd();
            }
            for (int k = 0; k < 4; k++)
                for (int a = 0; a < 2; a++)
                    L->goff[k][a][i] = (int32_t)rnd_n(80) - 40;
            const uint32_t dims[3] = {w, h, d};
            int32_t *const xyz[3] = {L->x, L->y, L->z};
            for (int a = 0; a < 3; a++)
                xyz[a][i] = rnd_n(16) ? (int32_t)rnd_n(dims[a] + 2) - 1 : (int32_t)rnd();
            L->level[i] = rnd_n(8) ? (int32_t)rnd_n(4) : (int32_t)rnd_n(40) - 20;
            L->sample[i] = rnd_n(8) ? 0 : (int32_t)rnd_n(6) - 1;
            L->active[i] = rnd_n(5) ? 0xffffffffu : 0u;
        }
    }
}

static void random_request(tgx_tex_sample_req *req, lanes *L, uint32_t n, uint32_t dims)
{
    memset(req, 0, sizeof *req);
    req->lanes = n;
    req->active = rnd_n(3) ? L->active : NULL;
    req->s = L->s;
    req->t = L->t;
    req->r = L->r;
    req->layer = L->layer;
    if (rnd_n(6) == 0)
        req->q = L->q;
    static const tgx_tex_lod_mode modes[] = {
        TGX_TEX_LOD_IMPLICIT, TGX_TEX_LOD_IMPLICIT, TGX_TEX_LOD_BIAS, TGX_TEX_LOD_EXPLICIT,
        TGX_TEX_LOD_EXPLICIT, TGX_TEX_LOD_ZERO,     TGX_TEX_LOD_GRAD};
    req->lod_mode = modes[rnd_n(COUNT(modes))];
    req->lod = rnd_n(8) ? L->lod : NULL;
    if (rnd_n(6) == 0)
        req->lod_clamp = L->clamp;
    if (rnd_n(8) == 0)
        req->ref = L->ref;
    for (int a = 0; a < 3; a++) {
        req->ddx[a] = L->ddx[a];
        req->ddy[a] = L->ddy[a];
    }
    if (rnd_n(8) == 0)
        for (uint32_t a = 0; a < dims && a < 3; a++)
            req->offset[a] = L->off[a];
    req->component = rnd_n(4);
    if (rnd_n(8) == 0)
        for (int k = 0; k < 4; k++)
            if (rnd_n(2))
                for (int a = 0; a < 2; a++)
                    req->gather_offsets[k][a] = L->goff[k][a];
}

static void random_fetch(tgx_tex_fetch_req *req, lanes *L, uint32_t n)
{
    memset(req, 0, sizeof *req);
    req->lanes = n;
    req->active = rnd_n(3) ? L->active : NULL;
    req->x = L->x;
    req->y = rnd_n(8) ? L->y : NULL;
    req->z = rnd_n(8) ? L->z : NULL;
    if (rnd_n(2))
        req->level = L->level;
    if (rnd_n(4) == 0)
        req->sample = L->sample;
    if (rnd_n(6) == 0)
        for (int a = 0; a < 3; a++)
            req->offset[a] = L->off[a];
    req->edge_clamp = rnd_n(8) == 0; /* TLD.CL */
}

/* ---- the comparison ------------------------------------------------------------------------- */

enum { OP_SAMPLE, OP_GATHER, OP_FETCH, OP_COUNT };
static const char *const op_names[] = {"sample", "gather", "fetch"};
static const char *const prof_names[] = {"gl", "softpipe", "nv"};
static const char *const fmt_names[] = {
#define X(id, what) #id,
    TEX_FMT_CLASSES(X)
#undef X
};

/* Requests a kernel took, by operation, compare, profile, format class and axes. */
typedef struct tally {
    unsigned long requests, kernel, mismatches, lanes;
    unsigned long shape[OP_COUNT][2][3][TEX_FMT_COUNT][6];
} tally;

static bool same(uint32_t res[][4][MAX_LANES], int a, int b, uint32_t n)
{
    for (int c = 0; c < 4; c++)
        if (memcmp(res[a][c], res[b][c], n * sizeof(uint32_t)) != 0)
            return false;
    return true;
}

static void report(tally *t, uint32_t seed, const char *what, const tgx_tex *tex,
                   const tgx_tex_view *view, const tgx_sampler *samp, uint32_t res[][4][MAX_LANES],
                   int a, int b, uint32_t n, const lanes *L, const tgx_tex_sample_req *req)
{
    if (t->mismatches++ >= 8)
        return;
    const tgx_tex_desc *dd = tgx_tex_get_desc(tex);
    fprintf(stderr,
            "seed %u %s: %s %s %ux%ux%u levels %u (view %u..%u), profile %d rule %d, wrap %d %d "
            "%d, filter %d/%d mip %d, compare %d\n",
            seed, what, tgx_tex_target_name(view->target), tgx_tex_format_get(view->format)->name,
            dd->width, dd->height, dd->depth, dd->levels, view->base_level, view->max_level,
            samp->profile, samp->lod_rule, samp->wrap_s, samp->wrap_t, samp->wrap_r,
            samp->min_filter, samp->mag_filter, samp->mip_filter, samp->compare_enable);
    fprintf(stderr, "  request: %u lanes, lod mode %d%s%s%s%s\n", n, req->lod_mode,
            req->q ? ", q" : "", req->offset[0] ? ", offsets" : "", req->lod_clamp ? ", clamp" : "",
            req->lod ? "" : ", no lod");
    if (getenv("TEST_FAST_DUMP"))
        for (uint32_t i = 0; i < n; i++)
            fprintf(stderr,
                    "  [%u] act %d q %a layer %a s %a t %a off %d %d: %08x %08x %08x %08x | %08x "
                    "%08x %08x %08x\n",
                    i, req->active ? (int)req->active[i] : 1, req->q ? L->q[i] : 1.0f, L->layer[i],
                    L->s[i], L->t[i], req->offset[0] ? L->off[0][i] : 0,
                    req->offset[1] ? L->off[1][i] : 0, res[a][0][i], res[a][1][i], res[a][2][i],
                    res[a][3][i], res[b][0][i], res[b][1][i], res[b][2][i], res[b][3][i]);
    for (uint32_t i = 0; i < n; i++)
        for (int c = 0; c < 4; c++)
            if (res[a][c][i] != res[b][c][i]) {
                fprintf(stderr,
                        "  lane %u ch %d: general %08x other %08x (s %.9g t %.9g r %.9g lod %.9g "
                        "ref %.9g off %d %d %d)\n",
                        i, c, res[a][c][i], res[b][c][i], L->s[i], L->t[i], L->r[i], L->lod[i],
                        L->ref[i], L->off[0][i], L->off[1][i], L->off[2][i]);
                break;
            }
}

static void run_case(tally *t, uint32_t seed, unsigned requests, bool avx2)
{
    rng_state = seed * 2654435761u + 1u;
    tgx_tex *tex = random_texture(targets[rnd_n(COUNT(targets))]);
    const tgx_tex_format_info *fi = tgx_tex_get_format(tex);
    tgx_tex_view view;
    random_view(&view, tex);
    tgx_sampler samp;
    random_sampler(&samp, fi->is_depth);
    /* b: with the sampler; bf: texel fetch alone (no sampler: GL's conversions) */
    tgx_tex_binding *b[2] = {NULL, NULL}, *bf[2] = {NULL, NULL};
    const tgx_tex_simd simd[2] = {TGX_TEX_SIMD_SSE2, TGX_TEX_SIMD_AVX2};
    const int nb = avx2 ? 2 : 1;
    for (int k = 0; k < nb; k++) {
        tgx_diag d;
        if (tgx_tex_bind(&view, &samp, simd[k], &b[k], &d) != TGX_OK ||
            tgx_tex_bind(&view, NULL, simd[k], &bf[k], &d) != TGX_OK) {
            TGX_CHECK(false, "seed %u: binding: %s", seed, d.message);
            tgx_tex_destroy(tex);
            return;
        }
    }
    const tex_unit *u = b[0];
    uint32_t w, h, s;
    tgx_tex_level_size(tex, view.base_level, &w, &h, &s);
    const uint32_t depth = view.target == TGX_TEX_3D ? s : 1;
    const uint32_t dims = tgx_tex_target_get(view.target)->dims;
    static lanes L;
    for (unsigned r = 0; r < requests; r++) {
        static const uint32_t sizes[] = {8, 8, 8, 4, 16, 12, 24, 64};
        const uint32_t n = sizes[rnd_n(COUNT(sizes))];
        random_lanes(&L, n, w, h, depth);
        const int op = rnd_n(10) < 6 ? OP_SAMPLE : (rnd_n(2) ? OP_GATHER : OP_FETCH);
        tgx_tex_sample_req req;
        tgx_tex_fetch_req freq;
        random_request(&req, &L, n, dims);
        random_fetch(&freq, &L, n);
        /* [0] the general path, [1] unbound, [2] SSE2 binding, [3] AVX2 binding */
        static uint32_t res[4][4][MAX_LANES];
        tgx_status st[4];
        tgx_tex_result out[4];
        for (int k = 0; k < 4; k++)
            for (int c = 0; c < 4; c++) {
                for (uint32_t i = 0; i < n; i++)
                    res[k][c][i] = 0xdeadbeefu; /* lanes that are off keep it */
                out[k].c[c] = res[k][c];
            }
        tgx_diag d;
        const bool cmp = samp.compare_enable && req.ref;
        tgx_tex_op top;
        switch (op) {
        case OP_SAMPLE:
            st[0] = tex_sample_general(&view, &samp, &req, out[0], &d);
            st[1] = tgx_tex_sample(&view, &samp, &req, out[1], &d);
            for (int k = 0; k < nb; k++)
                st[2 + k] = tgx_tex_bound_sample(b[k], &req, out[2 + k], &d);
            top = cmp ? TGX_TEX_OP_COMPARE : TGX_TEX_OP_SAMPLE;
            break;
        case OP_GATHER:
            st[0] = tex_gather_general(&view, &samp, &req, out[0], &d);
            st[1] = tgx_tex_gather(&view, &samp, &req, out[1], &d);
            for (int k = 0; k < nb; k++)
                st[2 + k] = tgx_tex_bound_gather(b[k], &req, out[2 + k], &d);
            top = cmp ? TGX_TEX_OP_GATHER_C : TGX_TEX_OP_GATHER;
            break;
        default: {
            const bool alone = rnd_n(3) == 0;
            const tgx_sampler *fs = alone ? NULL : &samp;
            st[0] = tex_fetch_general(&view, fs, &freq, out[0], &d);
            st[1] = tgx_tex_fetch(&view, fs, &freq, out[1], &d);
            for (int k = 0; k < nb; k++)
                st[2 + k] = tgx_tex_bound_fetch(alone ? bf[k] : b[k], &freq, out[2 + k], &d);
            top = TGX_TEX_OP_FETCH;
            break;
        }
        }
        t->requests++;
        t->lanes += n;
        const bool kernel =
            tgx_tex_binding_simd(b[0], top) != TGX_TEX_SIMD_GENERAL && st[0] == TGX_OK;
        if (kernel) {
            t->kernel++;
            const int prof = u->prof;
            const int fmt = op == OP_FETCH ? (int)u->fetch_fmt : (int)u->fmt;
            /* sampling: the axes, or 4 for a cube map, or 0 for the 8-bit RGBA kernel, 5 for
             * its nearest kernel */
            const int slot = op != OP_SAMPLE ? 0
                             : u->take_cube  ? 4
                             : cmp           ? (int)u->dims
                             : u->hot_u8x4   ? 0
                             : u->hot_near   ? 5
                                             : (int)u->dims;
            t->shape[op][cmp][prof][fmt][slot]++;
        }
        static const char *const who[] = {"general", "unbound", "sse2", "avx2"};
        for (int k = 1; k < 2 + nb; k++) {
            const bool ok = st[k] == st[0] && same(res, 0, k, n);
            if (!ok) {
                char what[64];
                snprintf(what, sizeof what, "%s %s%s%s", op_names[op], who[k],
                         cmp ? " compare" : "", kernel ? " (kernel)" : "");
                report(t, seed, what, tex, &view, &samp, res, 0, k, n, &L, &req);
            }
        }
    }
    for (int k = 0; k < nb; k++) {
        tgx_tex_unbind(b[k]);
        tgx_tex_unbind(bf[k]);
    }
    tgx_tex_destroy(tex);
}

/* GL's i / 255 in the kernels' three float steps (kernels.h, unorm8_gl) for every byte. */
static void test_unorm8_steps(void)
{
    unsigned bad = 0;
    for (uint32_t i = 0; i < 256; i++) {
        volatile float b = (float)i, r = b / 255.0f;
        volatile float x = b * 65793.0f;
        volatile float y = x * 0x1p-24f, z = x * 0x1p-48f;
        volatile float v = y + z;
        bad += tgx_f2bits(v) != tgx_f2bits(r) || tgx_f2bits(tgx_tex_unorm8_gl[i]) != tgx_f2bits(r);
    }
    TGX_CHECK(bad == 0, "X 2^-24 + X 2^-48 with X = i 65793 is i / 255 for every byte (%u differ)",
              bad);
}

/* nv's 16-bit result q / 65535 (tex_nv_unorm16_result) in the 8-bit RGBA kernel's exact steps,
 * q 2^-16 + (q 2^-32 + q 2^-48), for every q. */
static void test_unorm16_steps(void)
{
    unsigned bad = 0;
    for (uint32_t q = 0; q < 65536; q++) {
        volatile float v = (float)q, r = v / 65535.0f;
        volatile float a = v * 0x1p-16f, b = v * 0x1p-32f, c = v * 0x1p-48f;
        volatile float bc = b + c;
        volatile float x = a + bc;
        bad += tgx_f2bits(x) != tgx_f2bits(r) ||
               tgx_f2bits(tex_nv_unorm16_result(q << 8)) != tgx_f2bits(r);
    }
    TGX_CHECK(bad == 0, "q 2^-16 + (q 2^-32 + q 2^-48) is q / 65535 for every q (%u differ)", bad);
}

/* 24-bit depth decoded as the kernels do (kernels.h, TEX_FMT_D24): v 2^-24 + v (2^-48 + 2^-71)
 * is (float)((double)v / 16777215) for every 24-bit v. */
static void test_unorm24_steps(void)
{
    unsigned bad = 0;
    for (uint32_t v = 0; v < 1u << 24; v++) {
        const float x = (float)v;
        bad += tgx_f2bits(x * 0x1p-24f + x * 0x1.000002p-48f) !=
               tgx_f2bits((float)((double)v / 16777215.0));
    }
    TGX_CHECK(bad == 0,
              "v 2^-24 + v (2^-48 + 2^-71) is v / 16777215 for every 24-bit v (%u differ)", bad);
}

/* The edges of the kernels' range on the widest levels (the nv fixed-point coordinate's 21, 22
 * and 23 fraction bits, its 2^(28 - F) coordinate limit, the exact profile's 1024): every
 * wrap and filter, both profiles, against the general path. */
static void test_range_edges(bool avx2)
{
    static const uint32_t widths[] = {8192, 8193, 65536, 65537, 131072};
    static const float coords[] = {128.0f,      -128.0f,      127.99999f,  -127.99999f, 64.0f,
                                   -64.0f,      63.999996f,   -63.999996f, 32.0f,       -32.0f,
                                   31.999998f,  -31.999998f,  1024.0f,     -1024.0f,    1023.9999f,
                                   -1023.9999f, 0.5f,         -0.5f,       1e-7f,       -1e-7f,
                                   0.99999994f, -0.99999994f, 16.000002f,  -16.000002f};
    enum { N = COUNT(coords) + 4 - COUNT(coords) % 4 };
    float s[N];
    for (unsigned i = 0; i < N; i++)
        s[i] = coords[i % COUNT(coords)];
    unsigned differ = 0, runs = 0;
    for (unsigned wi = 0; wi < COUNT(widths); wi++) {
        tgx_tex_desc desc = {TGX_TEX_1D, TGX_TEX_FORMAT_RGBA8_UNORM, widths[wi], 1, 1, 1, 1};
        tgx_tex *tex = NULL;
        tgx_diag d;
        if (tgx_tex_create(&desc, &tex, &d) != TGX_OK) {
            TGX_CHECK(false, "texture %u wide: %s", widths[wi], d.message);
            continue;
        }
        uint8_t *data = tgx_tex_level_data(tex, 0, NULL, NULL);
        for (uint32_t i = 0; i < 4 * widths[wi]; i++)
            data[i] = (uint8_t)(i * 2654435761u >> 24);
        tgx_tex_view view;
        tgx_tex_view_init(&view, tex);
        for (int prof = 0; prof < 2; prof++)
            for (int w = 0; w < TGX_TEX_WRAP_COUNT; w++)
                for (int lin = 0; lin < 2; lin++) {
                    tgx_sampler samp;
                    tgx_sampler_init(&samp);
                    samp.profile = (tgx_tex_profile)prof;
                    samp.wrap_s = (tgx_tex_wrap)w;
                    samp.min_filter = samp.mag_filter =
                        lin ? TGX_TEX_FILTER_LINEAR : TGX_TEX_FILTER_NEAREST;
                    samp.mip_filter = TGX_TEX_MIP_NONE;
                    tgx_tex_sample_req req;
                    memset(&req, 0, sizeof req);
                    req.lanes = N;
                    req.s = s;
                    req.lod_mode = TGX_TEX_LOD_ZERO;
                    uint32_t res[2][4][N];
                    tgx_tex_result out[2];
                    for (int k = 0; k < 2; k++)
                        for (int c = 0; c < 4; c++)
                            out[k].c[c] = res[k][c];
                    tex_sample_general(&view, &samp, &req, out[0], &d);
                    for (int k = 0; k < (avx2 ? 2 : 1); k++) {
                        tgx_tex_binding *b;
                        if (tgx_tex_bind(&view, &samp, k ? TGX_TEX_SIMD_AVX2 : TGX_TEX_SIMD_SSE2,
                                         &b, &d) != TGX_OK)
                            continue;
                        tgx_tex_bound_sample(b, &req, out[1], &d);
                        tgx_tex_unbind(b);
                        runs++;
                        if (memcmp(res[0], res[1], sizeof res[0]) != 0) {
                            differ++;
                            for (unsigned i = 0; i < N && differ < 6; i++)
                                for (int c = 0; c < 4; c++)
                                    if (res[0][c][i] != res[1][c][i])
                                        fprintf(
                                            stderr,
                                            "w %u prof %d wrap %d lin %d s %.9g c %d: %08x %08x\n",
                                            widths[wi], prof, w, lin, s[i], c, res[0][c][i],
                                            res[1][c][i]);
                        }
                    }
                }
        tgx_tex_destroy(tex);
    }
    TGX_CHECK(differ == 0, "range edges: %u of %u requests differ from the general path", differ,
              runs);
}

int main(int argc, char **argv)
{
    /* cases x requests per case: 1,000,000 lane-group requests in all (argv: CASES PER
     * [FIRST_SEED], fewer or more) */
    const unsigned cases = argc > 1 ? (unsigned)atoi(argv[1]) : 5000 / TEST_FAST_SHARE;
    const unsigned per = argc > 2 ? (unsigned)atoi(argv[2]) : 200;
    const bool avx2 = tex_have_avx2();
    if (!avx2)
        printf("note: no AVX2 on this machine (or build): the SSE2 kernels only\n");
    test_unorm8_steps();
    test_unorm16_steps();
    test_unorm24_steps();
    test_range_edges(avx2);
    static tally t;
    const unsigned first = argc > 3 ? (unsigned)atoi(argv[3]) : 1; /* one seed to look at */
    for (uint32_t seed = first; seed < first + cases; seed++)
        run_case(&t, seed, per, avx2);
    printf("test_fast: %lu requests (%lu lanes), %lu through kernels, %lu differ\n", t.requests,
           t.lanes, t.kernel, t.mismatches);
    unsigned shapes = 0;
    for (int op = 0; op < OP_COUNT; op++)
        for (int c = 0; c < 2; c++)
            for (int p = 0; p < 3; p++)
                for (int f = 0; f < TEX_FMT_COUNT; f++)
                    for (int dd = 0; dd < 6; dd++)
                        if (t.shape[op][c][p][f][dd]) {
                            shapes++;
                            if (getenv("TEST_FAST_SHAPES"))
                                printf("  %-6s%s %-8s %-4s %s: %lu\n", op_names[op],
                                       c ? " cmp" : "    ", prof_names[p], fmt_names[f],
                                       op != OP_SAMPLE
                                           ? "-"
                                           : (const char *[]){"rgba8 kernel", "1d", "2d", "3d",
                                                              "cube", "rgba8 nearest"}[dd],
                                       t.shape[op][c][p][f][dd]);
                        }
    printf("test_fast: %u kernel shapes met (TEST_FAST_SHAPES=1 lists them)\n", shapes);
    TGX_CHECK(t.mismatches == 0, "the kernels give the general path's bits on every request");
    /* the kernels take most requests; fewer means they stopped taking a shape */
    TGX_CHECK(t.kernel > t.requests / 3, "the kernels take at least a third of the requests");
    return tgx_test_finish();
}
