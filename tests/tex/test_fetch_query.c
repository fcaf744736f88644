/* Texel fetch (TGSI SAMPLE_I / TXF: no filter, no wrap, out of range -> 0 in all components;
 * nv TLD the same, offsets' low 4 bits) and queries (TXQ / SVIEWINFO: sizes per target, zero
 * sizes but the true level count for a level out of range; SAMPLE_INFO, SAMPLE_POS with D3D's
 * standard patterns). */
#include "tex_test_util.h"

static void fetch(void)
{
    /* 2D array 4x2, 3 layers, 2 levels, RGBA8UI: texel = (x, y, layer, level) */
    tgx_tex *tex = tt_make(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA8_UINT, 4, 2, 3, 2);
    for (uint32_t l = 0; l < 2; l++)
        for (uint32_t z = 0; z < 3; z++)
            for (uint32_t y = 0; y < (2u >> l); y++)
                for (uint32_t x = 0; x < (4u >> l); x++) {
                    const uint32_t v[4] = {x, y, z, l};
                    tgx_tex_store_texel(tex, l, x, y, z, 0, v);
                }
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    /* lanes: in range; x out of range; layer out of range; level 1 in range; level 2 (none);
     * negative y; offset -1 brings x = 4 back to 3; nv offset -9 acts as +7 */
    int32_t x[8] = {3, 4, 1, 1, 0, 0, 4, 0};
    int32_t y[8] = {1, 0, 0, 0, 0, -1, 0, 0};
    int32_t z[8] = {2, 0, 3, 1, 0, 0, 0, 0};
    int32_t lv[8] = {0, 0, 0, 1, 2, 0, 0, 0};
    int32_t ox[8] = {0, 0, 0, 0, 0, 0, -1, 0};
    uint32_t cols[4][8];
    memset(cols, 0xff, sizeof cols);
    tgx_tex_fetch_req req = {8, NULL, x, y, z, lv, NULL, {ox, NULL, NULL}, false};
    tgx_tex_result out = {{cols[0], cols[1], cols[2], cols[3]}};
    TGX_CHECK(tgx_tex_fetch(&v, NULL, &req, out, NULL) == TGX_OK, "fetch");
    TGX_CHECK(cols[0][0] == 3 && cols[1][0] == 1 && cols[2][0] == 2 && cols[3][0] == 0, "lane 0");
    for (int lane = 1; lane < 8; lane++) {
        bool zero =
            cols[0][lane] == 0 && cols[1][lane] == 0 && cols[2][lane] == 0 && cols[3][lane] == 0;
        if (lane == 1 || lane == 2 || lane == 4 || lane == 5)
            TGX_CHECK(zero, "lane %d out of range -> (0,0,0,0)", lane);
    }
    TGX_CHECK(cols[0][3] == 1 && cols[2][3] == 1 && cols[3][3] == 1, "level 1");
    TGX_CHECK(cols[0][6] == 3, "offset -1");
    /* nv: offset -9 = ...10111 -> low 4 bits 0111 = +7 -> x = 0 + 7 out of range; offset 7
     * with x = -4 -> 3 */
    tgx_sampler nv;
    tgx_sampler_init(&nv);
    nv.profile = TGX_TEX_PROFILE_NV;
    int32_t x2[4] = {-4, -4, 0, 0}, o2[4] = {-9, 7, 0, 0};
    tgx_tex_fetch_req r2 = {4, NULL, x2, NULL, NULL, NULL, NULL, {o2, NULL, NULL}, false};
    tgx_tex_fetch(&v, &nv, &r2, out, NULL);
    TGX_CHECK(cols[0][0] == 3 && cols[0][1] == 3, "nv offset low 4 bits: %u %u", cols[0][0],
              cols[0][1]);
    /* inactive lanes are not written: lane 1 keeps its old value */
    tgx_lane_mask active[4] = {~0u, 0, ~0u, ~0u}; /* lanes 0, 2, 3 */
    cols[0][1] = 12345;
    r2.active = active;
    tgx_tex_fetch(&v, &nv, &r2, out, NULL);
    TGX_CHECK(cols[0][1] == 12345, "inactive lane untouched");
    tgx_tex_destroy(tex);

    /* 2D_MS, 4 samples: sample index selects, out of range -> 0 */
    tgx_tex_desc d = {TGX_TEX_2D_MS, TGX_TEX_FORMAT_R32_FLOAT, 2, 2, 1, 1, 4};
    tgx_tex_create(&d, &tex, NULL);
    for (uint32_t smp = 0; smp < 4; smp++) {
        const uint32_t val[4] = {tgx_f2bits(1.0f + (float)smp), 0, 0, 0};
        tgx_tex_store_texel(tex, 0, 1, 1, 0, smp, val);
    }
    tgx_tex_view_init(&v, tex);
    int32_t mx[4] = {1, 1, 1, 1}, my[4] = {1, 1, 1, 1}, ms[4] = {0, 3, 4, -1};
    tgx_tex_fetch_req r3 = {4, NULL, mx, my, NULL, NULL, ms, {NULL, NULL, NULL}, false};
    tgx_tex_fetch(&v, NULL, &r3, out, NULL);
    TGX_CHECK(tgx_bits2f(cols[0][0]) == 1.0f && tgx_bits2f(cols[0][1]) == 4.0f && cols[0][2] == 0 &&
                  cols[0][3] == 0 && tgx_bits2f(cols[3][0]) == 1.0f,
              "MS samples");
    TGX_CHECK(tgx_tex_query_samples(&v) == 4, "SAMPLE_INFO");
    float pos[2];
    /* D3D standard 4-sample pattern, sample 1 at (6, -2)/16 from the centre */
    TGX_CHECK(tgx_tex_sample_position(4, 1, pos) && pos[0] == 0.875f && pos[1] == 0.375f,
              "SAMPLE_POS");
    TGX_CHECK(!tgx_tex_sample_position(1, 0, pos) && pos[0] == 0.0f, "not MS -> 0");
    tgx_tex_destroy(tex);
}

/* TLD.CL (sm5-TLD; probe I02: PTX tex.level on integer coordinates): the coordinates, offsets
 * added, clamp to the level's edges and the layer to the view's layers; a level outside the view
 * still reads 0. */
static void fetch_edge_clamp(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA8_UINT, 4, 2, 3, 2);
    for (uint32_t l = 0; l < 2; l++)
        for (uint32_t z = 0; z < 3; z++)
            for (uint32_t y = 0; y < (2u >> l); y++)
                for (uint32_t x = 0; x < (4u >> l); x++) {
                    const uint32_t v[4] = {x, y, z, l};
                    tgx_tex_store_texel(tex, l, x, y, z, 0, v);
                }
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    /* lanes: x past the edge; y and the layer below 0; layer past the last; level 1 (2x1) with
     * x = 9; level 2 (none); x 3 + offset 5; offset -9 in nv acts as +7 (clamped to 3) */
    int32_t x[8] = {4, 1, 1, 9, 0, 3, 0, 2};
    int32_t y[8] = {0, -1, 0, 5, 0, 0, 0, 1};
    int32_t z[8] = {1, -2, 3, 0, 0, 0, 0, 1};
    int32_t lv[8] = {0, 0, 0, 1, 2, 0, 0, 0};
    int32_t ox[8] = {0, 0, 0, 0, 0, 5, -9, 0};
    uint32_t cols[4][8];
    memset(cols, 0xff, sizeof cols);
    tgx_tex_fetch_req req = {8, NULL, x, y, z, lv, NULL, {ox, NULL, NULL}, true};
    tgx_tex_result out = {{cols[0], cols[1], cols[2], cols[3]}};
    tgx_sampler nv;
    tgx_sampler_init(&nv);
    nv.profile = TGX_TEX_PROFILE_NV;
    TGX_CHECK(tgx_tex_fetch(&v, &nv, &req, out, NULL) == TGX_OK, "fetch .CL");
    const uint32_t want[8][4] = {{3, 0, 1, 0}, {1, 0, 0, 0}, {1, 0, 2, 0}, {1, 0, 0, 1},
                                 {0, 0, 0, 0}, {3, 0, 0, 0}, {3, 0, 0, 0}, {2, 1, 1, 0}};
    for (int lane = 0; lane < 8; lane++)
        TGX_CHECK(cols[0][lane] == want[lane][0] && cols[1][lane] == want[lane][1] &&
                      cols[2][lane] == want[lane][2] && cols[3][lane] == want[lane][3],
                  ".CL lane %d: (%u %u %u %u)", lane, cols[0][lane], cols[1][lane], cols[2][lane],
                  cols[3][lane]);
    tgx_tex_destroy(tex);
    /* 3D: z clamps to the level's depth */
    tex = tt_make(TGX_TEX_3D, TGX_TEX_FORMAT_RGBA8_UINT, 2, 2, 4, 1);
    for (uint32_t z2 = 0; z2 < 4; z2++)
        for (uint32_t y2 = 0; y2 < 2; y2++)
            for (uint32_t x2 = 0; x2 < 2; x2++) {
                const uint32_t val[4] = {x2, y2, z2, 7};
                tgx_tex_store_texel(tex, 0, x2, y2, z2, 0, val);
            }
    tgx_tex_view_init(&v, tex);
    int32_t x3[4] = {1, 1, 5, 1}, y3[4] = {1, 1, 1, -3}, z3[4] = {6, -1, 2, 3};
    tgx_tex_fetch_req r3 = {4, NULL, x3, y3, z3, NULL, NULL, {NULL, NULL, NULL}, true};
    tgx_tex_fetch(&v, &nv, &r3, out, NULL);
    TGX_CHECK(cols[2][0] == 3 && cols[2][1] == 0 && cols[2][2] == 2 && cols[2][3] == 3 &&
                  cols[0][2] == 1 && cols[1][3] == 0 && cols[3][0] == 7 && cols[3][3] == 7,
              "3D .CL: %u %u %u %u", cols[2][0], cols[2][1], cols[2][2], cols[2][3]);
    tgx_tex_destroy(tex);
}

static void query(void)
{
    uint32_t o[4];
    tgx_tex *tex = tt_make(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA8_UNORM, 16, 8, 5, 4);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_tex_query_size(&v, 2, o);
    TGX_CHECK(o[0] == 4 && o[1] == 2 && o[2] == 5 && o[3] == 4, "2D array level 2");
    tgx_tex_query_size(&v, 4, o);
    TGX_CHECK(o[0] == 0 && o[1] == 0 && o[2] == 0 && o[3] == 4, "level out of range");
    tgx_tex_query_size(&v, -1, o);
    TGX_CHECK(o[0] == 0 && o[3] == 4, "negative level");
    v.base_level = 1;
    tgx_tex_query_size(&v, 0, o);
    TGX_CHECK(o[0] == 8 && o[1] == 4 && o[3] == 3, "view base level 1");
    tgx_tex_destroy(tex);
    tex = tt_make(TGX_TEX_3D, TGX_TEX_FORMAT_R8_UNORM, 8, 4, 2, 4);
    tgx_tex_view_init(&v, tex);
    tgx_tex_query_size(&v, 1, o);
    TGX_CHECK(o[0] == 4 && o[1] == 2 && o[2] == 1 && o[3] == 4, "3D level 1");
    tgx_tex_query_size(&v, 3, o);
    TGX_CHECK(o[0] == 1 && o[1] == 1 && o[2] == 1, "3D level 3 minifies to 1");
    tgx_tex_destroy(tex);
    tex = tt_make(TGX_TEX_1D_ARRAY, TGX_TEX_FORMAT_R8_UNORM, 8, 1, 3, 1);
    tgx_tex_view_init(&v, tex);
    tgx_tex_query_size(&v, 0, o);
    TGX_CHECK(o[0] == 8 && o[1] == 3 && o[2] == 0 && o[3] == 1, "1D array: layers in y");
    TGX_CHECK(tgx_tex_query_samples(&v) == 0, "not MS");
    tgx_tex_destroy(tex);
}

static void bad_descriptions(void)
{
    tgx_tex *tex = NULL;
    tgx_diag dg;
    tgx_tex_desc d = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 8, 8, 1, 5, 1};
    TGX_CHECK(tgx_tex_create(&d, &tex, &dg) == TGX_ERR_ARG && tex == NULL &&
                  strstr(dg.message, "at most 4"),
              "too many levels: %s", dg.message);
    tgx_tex_desc c = {TGX_TEX_CUBE, TGX_TEX_FORMAT_RGBA8_UNORM, 8, 4, 6, 1, 1};
    TGX_CHECK(tgx_tex_create(&c, &tex, &dg) == TGX_ERR_ARG && strstr(dg.message, "square"),
              "cube not square");
    tgx_tex_desc m = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 8, 8, 1, 1, 4};
    TGX_CHECK(tgx_tex_create(&m, &tex, &dg) == TGX_ERR_ARG, "2D with samples");
}

int main(void)
{
    fetch();
    fetch_edge_clamp();
    query();
    bad_descriptions();
    return tgx_test_finish();
}
