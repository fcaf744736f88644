/* Size limits per target (NVIDIA sm_90's, docs/texture.md "Size limits"): the largest size of
 * each target is accepted, one more is refused with TGX_ERR_LIMIT and a message naming the
 * limit, textures whose bytes pass 4 GiB are refused before any allocation, and texels far past
 * the old 65536 limit are addressed correctly (values stored at hand-chosen positions). */
#include "tex_test_util.h"

static tgx_status try_create(tgx_tex_target t, tgx_tex_format f, uint32_t w, uint32_t h, uint32_t d,
                             uint32_t levels, tgx_diag *dg)
{
    tgx_tex_desc desc = {t, f, w, h, d, levels, 1};
    tgx_tex *tex = NULL;
    tgx_status st = tgx_tex_create(&desc, &tex, dg);
    tgx_tex_destroy(tex);
    return st;
}

/* Each target at its limit and one past it on every limited axis. 1-byte texels keep the big
 * ones small; those past 4 GiB are refused for their size, which is checked separately. */
static void limits_per_target(void)
{
    static const struct {
        tgx_tex_target t;
        uint32_t w, h, d; /* the limits */
    } rows[] = {
        {TGX_TEX_BUFFER, 268435456, 1, 1},        {TGX_TEX_1D, 131072, 1, 1},
        {TGX_TEX_2D, 131072, 65536, 1},           {TGX_TEX_3D, 16384, 16384, 16384},
        {TGX_TEX_CUBE, 32768, 32768, 6},          {TGX_TEX_RECT, 131072, 65536, 1},
        {TGX_TEX_1D_ARRAY, 32768, 1, 2048},       {TGX_TEX_2D_ARRAY, 32768, 32768, 2048},
        {TGX_TEX_CUBE_ARRAY, 32768, 32768, 2046},
    };
    tgx_diag dg;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const tgx_tex_target t = rows[i].t;
        const char *name = tgx_tex_target_name(t);
        const tgx_tex_target_info *ti = tgx_tex_target_get(t);
        TGX_CHECK(ti->max_width == rows[i].w && ti->max_height == rows[i].h &&
                      ti->max_depth == rows[i].d,
                  "%s limits %ux%ux%u", name, ti->max_width, ti->max_height, ti->max_depth);
        /* at the limit on one axis at a time (the others small): accepted, unless that needs
         * a large allocation (the buffer's 256 MiB, a cube's faces), then the refusal is the
         * byte budget's or none at all */
        const uint32_t small_d = ti->cube ? 6 : 1;
        const uint32_t sq = ti->cube ? rows[i].w : 1; /* cube faces are square */
        tgx_status st = TGX_OK;
        if ((uint64_t)rows[i].w * sq * small_d <= (1u << 20)) {
            st = try_create(t, TGX_TEX_FORMAT_R8_UNORM, rows[i].w, sq, small_d, 1, &dg);
            TGX_CHECK(st == TGX_OK, "%s of width %u: %s", name, rows[i].w, dg.message);
        } else if (ti->cube) {
            st = try_create(t, TGX_TEX_FORMAT_R8_UNORM, rows[i].w, sq, small_d, 1, &dg);
            TGX_CHECK(st == TGX_ERR_LIMIT && strstr(dg.message, "needs more than"),
                      "%s of width %u passes the size limit: %s", name, rows[i].w, dg.message);
        }
        st = try_create(t, TGX_TEX_FORMAT_R8_UNORM, rows[i].w + 1, ti->cube ? sq + 1 : 1, small_d,
                        1, &dg);
        TGX_CHECK(st == TGX_ERR_LIMIT && strstr(dg.message, "exceeds the target's limit"),
                  "%s of width %u refused (%d: %s)", name, rows[i].w + 1, (int)st, dg.message);
        if (rows[i].h > 1 && !ti->cube) {
            st = try_create(t, TGX_TEX_FORMAT_R8_UNORM, 4, rows[i].h + 1, small_d, 1, &dg);
            TGX_CHECK(st == TGX_ERR_LIMIT, "%s of height %u refused", name, rows[i].h + 1);
        }
        if (rows[i].d > 1 && !(ti->cube && !ti->layered)) {
            const uint32_t over = ti->cube ? rows[i].d + 6 : rows[i].d + 1;
            st = try_create(t, TGX_TEX_FORMAT_R8_UNORM, 4, ti->cube ? 4 : 1, over, 1, &dg);
            TGX_CHECK(st == TGX_ERR_LIMIT, "%s of depth %u refused (%d: %s)", name, over, (int)st,
                      dg.message);
            st = try_create(t, TGX_TEX_FORMAT_R8_UNORM, 4, ti->cube ? 4 : 1, rows[i].d, 1, &dg);
            TGX_CHECK(st == TGX_OK, "%s of depth %u: %s", name, rows[i].d, dg.message);
        }
    }
    /* the message names the target and both sizes */
    try_create(TGX_TEX_2D, TGX_TEX_FORMAT_R8_UNORM, 131073, 1, 1, 1, &dg);
    TGX_CHECK(strstr(dg.message, "2d texture of 131073x1x1") &&
                  strstr(dg.message, "limit of 131072x65536x1"),
              "message: %s", dg.message);
}

/* Sizes within the limits whose texel memory passes 4 GiB are refused before allocating. */
static void byte_budget(void)
{
    tgx_diag dg;
    /* 131072 x 65536 x 16 bytes = 128 GiB */
    tgx_status st = try_create(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 131072, 65536, 1, 1, &dg);
    TGX_CHECK(st == TGX_ERR_LIMIT && strstr(dg.message, "needs more than 4294967296 bytes"),
              "128 GiB refused (%d: %s)", (int)st, dg.message);
    /* 16384^3 texels of 16 bytes = 64 TiB, a full chain */
    st = try_create(TGX_TEX_3D, TGX_TEX_FORMAT_RGBA32_FLOAT, 16384, 16384, 16384, 15, &dg);
    TGX_CHECK(st == TGX_ERR_LIMIT, "64 TiB refused (%d)", (int)st);
    /* 32768 x 32768 x 2048 layers of 1 byte = 2 TiB */
    st = try_create(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_R8_UNORM, 32768, 32768, 2048, 1, &dg);
    TGX_CHECK(st == TGX_ERR_LIMIT, "2 TiB array refused (%d)", (int)st);
}

/* A 1D texture 131072 wide (CUDA's tex1D runs as 2D: the same width as a 2D texture) and a
 * buffer of 2^20 elements: texels far past 65536 read back where they were stored. */
static void wide_addressing(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_R32_FLOAT, 131072, 1, 1, 1);
    const uint32_t xs[3] = {65536, 100000, 131071};
    for (int i = 0; i < 3; i++)
        tt_setf(tex, 0, xs[i], 0, 0, (float)(i + 1), 0, 0, 0);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.min_filter = s.mag_filter = TGX_TEX_FILTER_NEAREST;
    s.mip_filter = TGX_TEX_MIP_NONE;
    s.normalized_coords = false;
    for (int i = 0; i < 3; i++) {
        tt_quad q;
        tt_quad_at(&q, (float)xs[i] + 0.5f, 0.5f);
        tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
        const float got = tt_sample1(&v, &s, &req, 0, 0);
        TGX_CHECK(got == (float)(i + 1), "texel %u reads %g", xs[i], (double)got);
    }
    /* normalized: u = (x + 0.5) / 131072 is exact in fp32 */
    s.normalized_coords = true;
    tt_quad q;
    tt_quad_at(&q, (100000.0f + 0.5f) / 131072.0f, 0.5f);
    tgx_tex_sample_req req = tt_req(&q, TGX_TEX_LOD_ZERO);
    TGX_CHECK(tt_sample1(&v, &s, &req, 0, 0) == 2.0f, "normalized texel 100000");
    tgx_tex_destroy(tex);

    tex = tt_make(TGX_TEX_BUFFER, TGX_TEX_FORMAT_R32_UINT, 1u << 20, 1, 1, 1);
    const uint32_t val[4] = {0xabcd1234u, 0, 0, 0};
    tgx_tex_store_texel(tex, 0, (1u << 20) - 1, 0, 0, 0, val);
    tgx_tex_view_init(&v, tex);
    int32_t x[4] = {(1 << 20) - 1, 1 << 20, 70000, 0};
    uint32_t cols[4][4];
    tgx_tex_fetch_req f;
    memset(&f, 0, sizeof f);
    f.lanes = 4;
    f.x = x;
    tgx_tex_fetch(&v, NULL, &f, (tgx_tex_result){{cols[0], cols[1], cols[2], cols[3]}}, NULL);
    TGX_CHECK(cols[0][0] == 0xabcd1234u && cols[0][1] == 0 && cols[0][2] == 0,
              "buffer element 2^20 - 1 = %08x, 2^20 out of range = %08x", cols[0][0], cols[0][1]);
    tgx_tex_destroy(tex);
}

int main(void)
{
    limits_per_target();
    byte_budget();
    wide_addressing();
    return tgx_test_finish();
}
