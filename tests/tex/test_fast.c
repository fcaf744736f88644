/* The texture unit's fast layer (src/tex/fast.c) against the general path (sample.c), the
 * reference: random textures, views, samplers and lane batches in both profiles and the softpipe
 * LOD rule, with the coordinates and LODs where rules have edges (NaN, infinities, huge values,
 * negative zero, denormals, exact half-texel points and texel edges, the fast layer's range
 * limit, level clamps, border colours). Every result word of every lane must be the general
 * path's, and lanes that are off must stay untouched. The fast layer must take most of the
 * requests, or the comparison would prove nothing. Fixed seeds.
 *
 * When a rule of the general path changes for a case the fast layer takes, this test fails:
 * the rule's arithmetic should then live in one function both paths call (sampling.h, nv.c;
 * fast.c's header lists them).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tex/sampling.h"
#include "tgx/tex.h"
#include "tgx/util.h"
#include "tgx_test.h"

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

/* ---- random pieces -------------------------------------------------------------------------- */

static const tgx_tex_target targets[] = {TGX_TEX_1D,       TGX_TEX_2D, TGX_TEX_1D_ARRAY,
                                         TGX_TEX_2D_ARRAY, TGX_TEX_3D, TGX_TEX_CUBE};

/* A format the texture unit filters: not integer, not block-compressed; rgba8 half the time,
 * the fast layer's own path. */
static tgx_tex_format random_format(void)
{
    if (rnd_n(2))
        return rnd_n(4) ? TGX_TEX_FORMAT_RGBA8_UNORM : TGX_TEX_FORMAT_BGRA8_UNORM;
    for (;;) {
        const tgx_tex_format f = (tgx_tex_format)rnd_n(TGX_TEX_FORMAT_COUNT);
        const tgx_tex_format_info *fi = tgx_tex_format_get(f);
        if (!fi->is_integer && fi->block == 1 && fi->layout != TGX_TEX_LAYOUT_S &&
            fi->layout != TGX_TEX_LAYOUT_XS)
            return f;
    }
}

static uint32_t random_size(void)
{
    static const uint32_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 13, 16, 31, 32, 64};
    return sizes[rnd_n(sizeof sizes / sizeof sizes[0])];
}

/* Now and then a width past 8192 or 65536, where the nv profile's fixed-point coordinate takes
 * 22 or 23 fraction bits. */
static uint32_t random_width(void)
{
    static const uint32_t wide[] = {8191, 8192, 8193, 12288, 65535, 65536, 65537};
    return rnd_n(40) == 0 ? wide[rnd_n(sizeof wide / sizeof wide[0])] : random_size();
}

/* Random bytes in every level: any bit pattern, NaNs, infinities and denormals of float formats
 * included, then a few texels with chosen values. */
static tgx_tex *random_texture(tgx_tex_target target)
{
    tgx_tex_desc desc = {target, random_format(), random_width(), random_size(), 1, 1, 1};
    if (target == TGX_TEX_1D || target == TGX_TEX_1D_ARRAY || desc.width > 64)
        desc.height = 1;
    const uint32_t maxw = tgx_tex_target_get(target)->max_width;
    if (target == TGX_TEX_CUBE || target == TGX_TEX_3D || desc.width > maxw)
        desc.width = random_size();
    if (target == TGX_TEX_1D_ARRAY || target == TGX_TEX_2D_ARRAY)
        desc.depth = 1 + rnd_n(4);
    if (target == TGX_TEX_3D)
        desc.depth = random_size();
    if (target == TGX_TEX_CUBE) {
        desc.height = desc.width;
        desc.depth = 6;
    }
    const uint32_t full =
        tgx_tex_full_levels(desc.width, desc.height, target == TGX_TEX_3D ? desc.depth : 1);
    desc.levels = rnd_n(3) ? full : 1 + rnd_n(full);
    tgx_tex *tex = NULL;
    tgx_diag d;
    if (tgx_tex_create(&desc, &tex, &d) != TGX_OK) {
        fprintf(stderr, "test_fast: %s\n", d.message);
        exit(1);
    }
    for (uint32_t l = 0; l < desc.levels; l++) {
        size_t row, slice;
        uint8_t *p = tgx_tex_level_data(tex, l, &row, &slice);
        uint32_t w, h, s;
        tgx_tex_level_size(tex, l, &w, &h, &s);
        for (size_t i = 0; i < slice * s; i++)
            p[i] = (uint8_t)rnd();
    }
    return tex;
}

static const tgx_tex_wrap common_wraps[] = {TGX_TEX_WRAP_REPEAT, TGX_TEX_WRAP_MIRROR_REPEAT,
                                            TGX_TEX_WRAP_CLAMP_TO_EDGE,
                                            TGX_TEX_WRAP_CLAMP_TO_BORDER};

static tgx_tex_wrap random_wrap(void)
{
    if (rnd_n(8) == 0)
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
        return special[rnd_n(sizeof special / sizeof special[0])];
    if (rnd_n(2))
        return (float)((int32_t)rnd_n(2048) - 512) / 256.0f; /* exact multiples of 1/256 */
    return rnd_unit() * 8.0f - 2.0f;
}

static void random_sampler(tgx_sampler *s)
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
        s->border_color[c] = rnd_n(2) ? border[rnd_n(9)] : rnd_unit();
    }
    if (rnd_n(16) == 0)
        s->max_anisotropy = 1 + rnd_n(8);
    if (rnd_n(16) == 0)
        s->normalized_coords = false;
    if (rnd_n(16) == 0) {
        s->compare_enable = true;
        s->compare_func = (tgx_tex_compare)rnd_n(8);
    }
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
 * and centres, half-way weights, wrap periods, the fast layer's range limit and special values. */
static float random_coord(uint32_t n)
{
    /* the fast layer's range limits: 1024 (exact), 2^(28 - F) (nv: 128 and 64) */
    static const float special[] = {
        NAN,         INFINITY,   -INFINITY,   1e30f,     -1e30f,  0.0f,        -0.0f,
        0x1p-149f,   -0x1p-149f, -0x1p-127f,  0x1p-126f, 1024.0f, -1024.0f,    1024.0001f,
        -1024.0001f, 1023.9999f, 16777216.0f, 1.0f,      -1.0f,   0.99999994f, 128.0f,
        -128.0f,     127.99999f, -127.99999f, 64.0f,     -64.0f,  63.999996f,  -63.999996f};
    switch (rnd_n(8)) {
    case 0: return special[rnd_n(sizeof special / sizeof special[0])];
    case 1: return (float)((int32_t)rnd_n(8 * n + 1) - (int32_t)(2 * n)) / (float)n; /* edges */
    case 2: /* texel centres and half-way points between the nv weights */
        return ((float)((int32_t)rnd_n(4 * n) - (int32_t)n) + 0.5f +
                (float)((int32_t)rnd_n(5) - 2) / 512.0f) /
               (float)n;
    case 3: return rnd_n(4) ? rnd_unit() * 20.0f - 10.0f : rnd_unit() * 300.0f - 150.0f;
    default: return rnd_unit() * 1.5f - 0.25f;
    }
}

enum { MAX_LANES = 64 };

typedef struct lanes {
    float s[MAX_LANES], t[MAX_LANES], r[MAX_LANES], layer[MAX_LANES], q[MAX_LANES];
    float lod[MAX_LANES], clamp[MAX_LANES], ref[MAX_LANES];
    float ddx[3][MAX_LANES], ddy[3][MAX_LANES];
    int32_t off[3][MAX_LANES];
    tgx_lane_mask active[MAX_LANES];
    uint32_t res[2][4][MAX_LANES];
} lanes;

/* Quads whose pixels step across the texture as a rasteriser's would (so the implicit LOD
 * ranges over the levels), or with unrelated coordinates, or with special values. */
static void random_lanes(lanes *L, uint32_t n, uint32_t w, uint32_t h)
{
    for (uint32_t q = 0; q < n / 4; q++) {
        const int kind = (int)rnd_n(4);
        const float step = ldexpf(1.0f, (int)rnd_n(12) - 8) / (float)w;
        const float s0 = random_coord(w), t0 = random_coord(h);
        const float lod = random_lod(), layer = (float)((int32_t)rnd_n(12) - 3) * 0.5f;
        for (uint32_t l = 0; l < 4; l++) {
            const uint32_t i = 4 * q + l;
            if (kind == 0) {
                L->s[i] = random_coord(w);
                L->t[i] = random_coord(h);
            } else {
                L->s[i] = s0 + (float)(l & 1) * step * (kind == 3 ? 1.5f : 1.0f);
                L->t[i] = t0 + (float)(l >> 1) * step;
            }
            L->r[i] = random_coord(w);
            L->layer[i] = rnd_n(4) ? layer : random_coord(4) * 4.0f;
            L->q[i] = rnd_n(4) ? 1.0f : random_coord(2) * 3.0f;
            L->lod[i] = rnd_n(4) ? lod : random_lod();
            L->clamp[i] = random_lod();
            L->ref[i] = rnd_unit();
            for (int a = 0; a < 3; a++) {
                L->ddx[a][i] = random_coord(w) * 0.1f;
                L->ddy[a][i] = random_coord(h) * 0.1f;
                L->off[a][i] = (int32_t)rnd_n(17) - 8;
            }
            L->active[i] = rnd_n(5) ? 0xffffffffu : 0u;
        }
    }
}

static void random_request(tgx_tex_sample_req *req, lanes *L, uint32_t n)
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
    static const tgx_tex_lod_mode modes[] = {TGX_TEX_LOD_IMPLICIT, TGX_TEX_LOD_IMPLICIT,
                                             TGX_TEX_LOD_BIAS,     TGX_TEX_LOD_EXPLICIT,
                                             TGX_TEX_LOD_ZERO,     TGX_TEX_LOD_GRAD};
    req->lod_mode = modes[rnd_n(6)];
    req->lod = rnd_n(8) ? L->lod : NULL;
    if (rnd_n(6) == 0)
        req->lod_clamp = L->clamp;
    if (rnd_n(8) == 0)
        req->ref = L->ref;
    for (int a = 0; a < 3; a++) {
        req->ddx[a] = L->ddx[a];
        req->ddy[a] = L->ddy[a];
    }
    if (rnd_n(12) == 0)
        for (int a = 0; a < 3; a++)
            req->offset[a] = L->off[a];
}

/* ---- the comparison ------------------------------------------------------------------------- */

typedef struct tally {
    unsigned requests, fast, mismatches;
    unsigned by_profile[2];
} tally;

static void run_one(tally *t, uint32_t seed)
{
    rng_state = seed * 2654435761u + 1u;
    tgx_tex *tex = random_texture(targets[rnd_n(sizeof targets / sizeof targets[0])]);
    tgx_tex_view view;
    random_view(&view, tex);
    tgx_sampler samp;
    random_sampler(&samp);
    static lanes L;
    const uint32_t n = 4 * (1 + rnd_n(MAX_LANES / 4));
    uint32_t w, h, s;
    tgx_tex_level_size(tex, view.base_level, &w, &h, &s);
    random_lanes(&L, n, w, h);
    tgx_tex_sample_req req;
    random_request(&req, &L, n);
    tgx_tex_result out[2];
    for (int k = 0; k < 2; k++)
        for (int c = 0; c < 4; c++) {
            for (uint32_t i = 0; i < n; i++)
                L.res[k][c][i] = 0xdeadbeefu; /* lanes that are off keep it */
            out[k].c[c] = L.res[k][c];
        }
    tgx_diag d[2];
    const tgx_status st0 = tex_sample_with(&view, &samp, &req, out[0], false, &d[0]);
    const tgx_status st1 = tex_sample_with(&view, &samp, &req, out[1], true, &d[1]);
    const bool fast = tex_fast_applies(&view, &samp, &req);
    t->requests++;
    t->fast += fast;
    t->by_profile[samp.profile] += fast;
    bool same = st0 == st1;
    for (int c = 0; c < 4 && same; c++)
        same = memcmp(L.res[0][c], L.res[1][c], n * sizeof(uint32_t)) == 0;
    if (!same) {
        if (t->mismatches++ < 5) {
            const tgx_tex_desc *dd = tgx_tex_get_desc(tex);
            fprintf(
                stderr,
                "seed %u: %s %s %ux%ux%u levels %u (view %u..%u), profile %d rule %d, wrap %d %d, "
                "filter %d/%d mip %d, lod mode %d%s\n",
                seed, tgx_tex_target_name(view.target), tgx_tex_format_get(dd->format)->name,
                dd->width, dd->height, dd->depth, dd->levels, view.base_level, view.max_level,
                samp.profile, samp.lod_rule, samp.wrap_s, samp.wrap_t, samp.min_filter,
                samp.mag_filter, samp.mip_filter, req.lod_mode, fast ? " (fast)" : "");
            for (uint32_t i = 0; i < n; i++)
                for (int c = 0; c < 4; c++)
                    if (L.res[0][c][i] != L.res[1][c][i]) {
                        fprintf(stderr,
                                "  lane %u ch %d: general %08x fast %08x (s %.9g t %.9g q %.9g "
                                "lod %.9g)\n",
                                i, c, L.res[0][c][i], L.res[1][c][i], L.s[i], L.t[i],
                                req.q ? L.q[i] : 1.0f, req.lod ? L.lod[i] : 0.0f);
                        break;
                    }
        }
    }
    tgx_tex_destroy(tex);
}

/* The 8-bit UNORM tables the decoders and the fast layer read are the divisions done now. */
static void test_unorm8_tables(void)
{
    bool gl = true, mesa = true;
    for (uint32_t i = 0; i < 256; i++) {
        volatile float v = (float)i; /* at run time, not folded */
        gl &= tgx_f2bits(tgx_tex_unorm8_gl[i]) == tgx_f2bits(v / 255.0f);
        mesa &= tgx_f2bits(tgx_tex_unorm8_mesa[i]) == tgx_f2bits(v * (1.0f / 255.0f));
    }
    TGX_CHECK(gl, "tgx_tex_unorm8_gl[i] == i / 255.0f for every byte");
    TGX_CHECK(mesa, "tgx_tex_unorm8_mesa[i] == i * (1.0f / 255.0f) for every byte");
    TGX_CHECK(tgx_tex_unorm8_gl[219] != tgx_tex_unorm8_mesa[219],
              "219 / 255: the two rules differ by an ulp (Mesa's reciprocal)");
}

/* The edges of the fast layer's range on the widest levels (the nv fixed-point coordinate's 21,
 * 22 and 23 fraction bits, its 2^(28 - F) coordinate limit, the exact profile's 1024): every
 * supported wrap and filter, both profiles, against the general path. */
static void test_range_edges(void)
{
    static const uint32_t widths[] = {8192, 8193, 65536, 65537, 131072};
    static const float coords[] = {128.0f,      -128.0f,      127.99999f,  -127.99999f, 64.0f,
                                   -64.0f,      63.999996f,   -63.999996f, 32.0f,       -32.0f,
                                   31.999998f,  -31.999998f,  1024.0f,     -1024.0f,    1023.9999f,
                                   -1023.9999f, 0.5f,         -0.5f,       1e-7f,       -1e-7f,
                                   0.99999994f, -0.99999994f, 16.000002f,  -16.000002f};
    enum { N = sizeof coords / sizeof coords[0] + 4 - (sizeof coords / sizeof coords[0]) % 4 };
    float s[N];
    for (unsigned i = 0; i < N; i++)
        s[i] = coords[i % (sizeof coords / sizeof coords[0])];
    unsigned differ = 0, runs = 0;
    for (unsigned wi = 0; wi < sizeof widths / sizeof widths[0]; wi++) {
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
            for (int w = 0; w < 4; w++)
                for (int lin = 0; lin < 2; lin++) {
                    tgx_sampler samp;
                    tgx_sampler_init(&samp);
                    samp.profile = (tgx_tex_profile)prof;
                    samp.wrap_s = common_wraps[w];
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
                    tex_sample_with(&view, &samp, &req, out[0], false, &d);
                    tex_sample_with(&view, &samp, &req, out[1], true, &d);
                    runs++;
                    differ += memcmp(res[0], res[1], sizeof res[0]) != 0;
                }
        tgx_tex_destroy(tex);
    }
    TGX_CHECK(differ == 0, "range edges: %u of %u requests differ from the general path", differ,
              runs);
}

int main(void)
{
    test_unorm8_tables();
    test_range_edges();
    tally t;
    memset(&t, 0, sizeof t);
    enum { REQUESTS = 6000 };
    for (uint32_t seed = 1; seed <= REQUESTS; seed++)
        run_one(&t, seed);
    printf("test_fast: %u requests, %u through the fast layer (exact %u, nv %u), %u differ\n",
           t.requests, t.fast, t.by_profile[0], t.by_profile[1], t.mismatches);
    TGX_CHECK(t.mismatches == 0, "the fast layer gives the general path's bits on every request");
    /* about half the random requests are shapes the fast layer takes (2D-like targets, common
     * wraps, no gradients, offsets or compare); fewer means it stopped taking them */
    TGX_CHECK(t.fast > t.requests / 4, "the fast layer takes at least a quarter of the requests");
    TGX_CHECK(t.by_profile[0] > t.requests / 10 && t.by_profile[1] > t.requests / 10,
              "the fast layer takes requests of both profiles");
    return tgx_test_finish();
}
