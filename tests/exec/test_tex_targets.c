/* The shape of each texture target as TGSI programs see it, through the interpreter: where the
 * layer sits in the operand (TGSI TEX: "src0.y contains the slice for 1D, and src0.z contain the
 * slice for 2D"), that TXP divides every coordinate it reads, the layer included (TGSI TXP:
 * coord.x/y/z = src0.x/y/z / src0.w; Mesa 22.3 exec_tex divides all
 * tgsi_util_get_texture_coord_dim channels), that 2D_ARRAY_MSAA is an array texture (GL 4.6
 * texelFetch(sampler2DMSArray, ivec3 P, int sample) takes the layer in P.z; textureSize gives
 * (w, h, layers)), what TXQ reports per target (1D arrays: layers in y; cube arrays count cubes,
 * GL 4.6 8.11.2), and that a RECT instruction reads texel coordinates (GL 4.6 8.14.2).
 *
 * Every texel holds R32F 100 * slice + 10 * y + x, so a result names the texel it came from. */
#include <stdint.h>
#include <string.h>

#include "ops_harness.h"
#include "tgx/tex.h"

#define LANES 4

static tgx_tex *make(tgx_tex_target t, uint32_t w, uint32_t h, uint32_t d, uint32_t samples)
{
    tgx_tex_desc desc = {t, TGX_TEX_FORMAT_R32_FLOAT, w, h, d, 1, samples};
    tgx_tex *tex = NULL;
    tgx_diag dg;
    if (tgx_tex_create(&desc, &tex, &dg) != TGX_OK) {
        TGX_CHECK(0, "create %s: %s", tgx_tex_target_name(t), dg.message);
        return NULL;
    }
    for (uint32_t z = 0; z < d; z++)
        for (uint32_t s = 0; s < samples; s++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    const uint32_t v[4] = {B((float)(100 * z + 10 * y + x + 1000 * s)), 0, 0, 0};
                    tgx_tex_store_texel(tex, 0, x, y, z, s, v);
                }
    return tex;
}

/* Runs "inst" (OUT[0] from IN[0], IN[1]) over four vertex lanes with `tex` on unit 0 (viewed as
 * view_target) and a nearest, clamping sampler; out[lane][channel]. */
static int run_one(const char *what, tgx_tex *tex, tgx_tex_target view_target, const char *decl,
                   const char *inst, const uint32_t in[LANES][2][4], uint32_t out[LANES][4])
{
    char text[512];
    snprintf(text, sizeof text,
             "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], GENERIC[0]\nDCL SAMP[0]\n%s\n"
             "  0: %s\n  1: END\n",
             decl, inst);
    tgx_tex_view view;
    tgx_tex_view_init(&view, tex);
    view.target = view_target;
    tgx_sampler samp;
    tgx_sampler_init(&samp);
    samp.min_filter = samp.mag_filter = TGX_TEX_FILTER_NEAREST;
    samp.mip_filter = TGX_TEX_MIP_NONE;
    samp.wrap_s = samp.wrap_t = samp.wrap_r = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    run r;
    int ok = run_open(&r, text, LANES, what);
    if (ok) {
        tgx_exec_bind_sampler_view(r.m, 0, &view);
        tgx_exec_bind_sampler(r.m, 0, &samp);
        for (unsigned l = 0; l < LANES; l++)
            for (unsigned s = 0; s < 2; s++)
                for (unsigned c = 0; c < 4; c++)
                    tgx_exec_input(r.m, s, c)[l].u = in[l][s][c];
        ok = tgx_exec_run_vertex(r.m, LANES, &r.d) == TGX_OK;
        TGX_CHECK(ok, "%s: run: %s", what, r.d.message);
        for (unsigned l = 0; l < LANES && ok; l++)
            for (unsigned c = 0; c < 4; c++)
                out[l][c] = outu(&r, 0, c, l);
    }
    run_close(&r);
    return ok;
}

static void set4(uint32_t v[4], uint32_t x, uint32_t y, uint32_t z, uint32_t w)
{
    v[0] = x, v[1] = y, v[2] = z, v[3] = w;
}

/* TXP on 2D and 1D arrays: the layer is divided by w with the coordinates. Undivided, the layer
 * coordinates below (2 w) would pick other layers (clamped to 2). */
static void txp_divides_layer(void)
{
    tgx_tex *t2 = make(TGX_TEX_2D_ARRAY, 2, 2, 3, 1), *t1 = make(TGX_TEX_1D_ARRAY, 2, 1, 3, 1);
    if (!t2 || !t1)
        goto done;
    static const float w[LANES] = {2.0f, 4.0f, 0.5f, 8.0f};
    static const unsigned x[LANES] = {1, 0, 1, 0}, y[LANES] = {0, 1, 1, 0}, z[LANES] = {1, 0, 2, 1};
    uint32_t in[LANES][2][4], out[LANES][4];
    memset(in, 0, sizeof in);
    for (unsigned l = 0; l < LANES; l++)
        set4(in[l][0], B(((float)x[l] + 0.5f) / 2.0f * w[l]), B(((float)y[l] + 0.5f) / 2.0f * w[l]),
             B((float)z[l] * w[l]), B(w[l]));
    if (run_one("TXP 2D_ARRAY", t2, TGX_TEX_2D_ARRAY, "DCL SVIEW[0], 2D_ARRAY, FLOAT",
                "TXP OUT[0], IN[0], SAMP[0], 2D_ARRAY", in, out))
        for (unsigned l = 0; l < LANES; l++) {
            float want = (float)(100 * z[l] + 10 * y[l] + x[l]);
            TGX_CHECK(out[l][0] == B(want), "TXP 2D_ARRAY lane %u = %g, want %g (layer %u)", l,
                      (double)F(out[l][0]), (double)want, z[l]);
        }
    for (unsigned l = 0; l < LANES; l++)
        set4(in[l][0], B(((float)x[l] + 0.5f) / 2.0f * w[l]), B((float)z[l] * w[l]), 0, B(w[l]));
    if (run_one("TXP 1D_ARRAY", t1, TGX_TEX_1D_ARRAY, "DCL SVIEW[0], 1D_ARRAY, FLOAT",
                "TXP OUT[0], IN[0], SAMP[0], 1D_ARRAY", in, out))
        for (unsigned l = 0; l < LANES; l++) {
            float want = (float)(100 * z[l] + x[l]);
            TGX_CHECK(out[l][0] == B(want), "TXP 1D_ARRAY lane %u = %g, want %g (layer %u)", l,
                      (double)F(out[l][0]), (double)want, z[l]);
        }
done:
    tgx_tex_destroy(t2);
    tgx_tex_destroy(t1);
}

/* 2D_ARRAY_MSAA: TXF reads (x, y, layer) and the sample from w; TXQ gives (w, h, layers). */
static void ms_array_is_layered(void)
{
    tgx_tex *t = make(TGX_TEX_2D_ARRAY_MS, 2, 2, 3, 2);
    if (!t)
        return;
    static const int32_t x[LANES] = {1, 0, 1, 0}, y[LANES] = {1, 0, 0, 1}, z[LANES] = {2, 1, 0, 3},
                         s[LANES] = {1, 0, 1, 0};
    uint32_t in[LANES][2][4], out[LANES][4];
    memset(in, 0, sizeof in);
    for (unsigned l = 0; l < LANES; l++)
        set4(in[l][0], (uint32_t)x[l], (uint32_t)y[l], (uint32_t)z[l], (uint32_t)s[l]);
    if (run_one("TXF 2D_ARRAY_MSAA", t, TGX_TEX_2D_ARRAY_MS, "DCL SVIEW[0], 2D_ARRAY_MSAA, FLOAT",
                "TXF OUT[0], IN[0], SAMP[0], 2D_ARRAY_MSAA", in, out))
        for (unsigned l = 0; l < LANES; l++) {
            /* layer 3 does not exist: 0 (TGSI SAMPLE_I) */
            float want = z[l] > 2 ? 0.0f : (float)(100 * z[l] + 10 * y[l] + x[l] + 1000 * s[l]);
            TGX_CHECK(out[l][0] == B(want), "TXF 2D_ARRAY_MSAA lane %u = %g, want %g", l,
                      (double)F(out[l][0]), (double)want);
        }
    memset(in, 0, sizeof in);
    if (run_one("TXQ 2D_ARRAY_MSAA", t, TGX_TEX_2D_ARRAY_MS, "DCL SVIEW[0], 2D_ARRAY_MSAA, FLOAT",
                "TXQ OUT[0], IN[0].xxxx, SAMP[0], 2D_ARRAY_MSAA", in, out))
        TGX_CHECK(out[0][0] == 2 && out[0][1] == 2 && out[0][2] == 3 && out[0][3] == 1,
                  "TXQ 2D_ARRAY_MSAA = (%u, %u, %u, %u), want (2, 2, 3, 1)", out[0][0], out[0][1],
                  out[0][2], out[0][3]);
    tgx_tex_destroy(t);
}

/* TXQ of 1D arrays puts the layers in y; a cube array counts cubes (12 faces = 2). */
static void query_layouts(void)
{
    tgx_tex *t1 = make(TGX_TEX_1D_ARRAY, 4, 1, 5, 1), *tc = make(TGX_TEX_CUBE_ARRAY, 2, 2, 12, 1);
    uint32_t in[LANES][2][4], out[LANES][4];
    memset(in, 0, sizeof in);
    if (t1 && run_one("TXQ 1D_ARRAY", t1, TGX_TEX_1D_ARRAY, "DCL SVIEW[0], 1D_ARRAY, FLOAT",
                      "TXQ OUT[0], IN[0].xxxx, SAMP[0], 1D_ARRAY", in, out))
        TGX_CHECK(out[0][0] == 4 && out[0][1] == 5 && out[0][2] == 0,
                  "TXQ 1D_ARRAY = (%u, %u, %u), want (4, 5, 0)", out[0][0], out[0][1], out[0][2]);
    if (tc && run_one("TXQ CUBE_ARRAY", tc, TGX_TEX_CUBE_ARRAY, "DCL SVIEW[0], CUBE_ARRAY, FLOAT",
                      "TXQ OUT[0], IN[0].xxxx, SAMP[0], CUBE_ARRAY", in, out))
        TGX_CHECK(out[0][0] == 2 && out[0][1] == 2 && out[0][2] == 2,
                  "TXQ CUBE_ARRAY = (%u, %u, %u), want (2, 2, 2)", out[0][0], out[0][1], out[0][2]);
    tgx_tex_destroy(t1);
    tgx_tex_destroy(tc);
}

/* A RECT instruction samples in texels, also through a view bound as 2D (tgx run binds a PNG
 * as a 2D texture): (x + 0.5, y + 0.5) is texel (x, y) of a 4x2 texture. */
static void rect_reads_texels(void)
{
    tgx_tex *t = make(TGX_TEX_2D, 4, 2, 1, 1);
    if (!t)
        return;
    static const unsigned x[LANES] = {3, 0, 2, 1}, y[LANES] = {1, 0, 1, 0};
    uint32_t in[LANES][2][4], out[LANES][4];
    memset(in, 0, sizeof in);
    for (unsigned l = 0; l < LANES; l++)
        set4(in[l][0], B((float)x[l] + 0.5f), B((float)y[l] + 0.5f), 0, 0);
    static const tgx_tex_target views[2] = {TGX_TEX_RECT, TGX_TEX_2D};
    for (unsigned v = 0; v < 2; v++)
        if (run_one("TEX RECT", t, views[v], "", "TEX OUT[0], IN[0], SAMP[0], RECT", in, out))
            for (unsigned l = 0; l < LANES; l++) {
                float want = (float)(10 * y[l] + x[l]);
                TGX_CHECK(out[l][0] == B(want), "TEX RECT on a %s view lane %u = %g, want %g",
                          tgx_tex_target_name(views[v]), l, (double)F(out[l][0]), (double)want);
            }
    tgx_tex_destroy(t);
}

int main(void)
{
    txp_divides_layer();
    ms_array_is_layered();
    query_layouts();
    rect_reads_texels();
    return tgx_test_finish();
}
