/* Sampling and query opcodes through the texture unit, each on textures whose texels encode their
 * own position, with NEAREST filtering so every expected value is one texel chosen by the GL
 * rules (texel i = floor(u * size), level from the LOD, nearest mip = the level nearest the LOD):
 * TEX, TXP, TXB, TXL, TXD, TEX2, TXB2, TXL2, TEX_LZ, TXF, TXF_LZ, TXQ, TXQS, TG4, LODQ, and the
 * SAMPLE family (SAMPLE, SAMPLE_B, SAMPLE_C, SAMPLE_C_LZ, SAMPLE_D, SAMPLE_L, SAMPLE_I,
 * SAMPLE_I_MS, GATHER4, SVIEWINFO, LOD, SAMPLE_POS, SAMPLE_INFO).
 *
 * Operand layout as Mesa's tgsi_exec (exec_tex / exec_txd / exec_txf / exec_txq / exec_lodq /
 * exec_sample): TXB/TXL take the bias/LOD from src0.w (the spec's TXB text says src.z, a slip
 * DESIGN.md lists), TEX2/TXB2/TXL2 from src1.x, TXP divides by src0.w, SHADOW2D takes the
 * reference from src0.z; SAMPLE_* swizzle their result by the view operand's swizzle. Fetches
 * out of range return 0 (spec SAMPLE_I). Vertex runs have no quads: an implicit LOD is 0 (plus a
 * bias). Texture A (unit 0): 2D RGBA32F 4x4 with 3 levels, texel (x, y) of level L =
 * (x + 100L, y + 200L, 10 + x + 4y, L). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ops_harness.h"
#include "tgx/exec.h"
#include "tgx/tex.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define LANES 8

/* ---- resources ----------------------------------------------------------------------------------
 */

static tgx_tex *tex_a, *tex_z, *tex_ms;
static tgx_tex_view view_a, view_z, view_ms;
static tgx_sampler samp_near, samp_cmp;

static float texel_a(unsigned level, unsigned x, unsigned y, unsigned c)
{
    float v[4] = {(float)x + 100.0f * (float)level, (float)y + 200.0f * (float)level,
                  10.0f + (float)x + 4.0f * (float)y, (float)level};
    return v[c];
}

/* depth texture (unit 1): 4x4 Z32F, depth (x, y) = (x + 4y) / 16 */
static float depth_z(unsigned x, unsigned y)
{
    return (float)(x + 4 * y) / 16.0f;
}

static int make_resources(void)
{
    tgx_diag d;
    tgx_tex_desc da = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 3, 1};
    tgx_tex_desc dz = {TGX_TEX_2D, TGX_TEX_FORMAT_Z32_FLOAT, 4, 4, 1, 1, 1};
    tgx_tex_desc dm = {TGX_TEX_2D_MS, TGX_TEX_FORMAT_RGBA32_FLOAT, 2, 2, 1, 1, 4};
    if (tgx_tex_create(&da, &tex_a, &d) != TGX_OK || tgx_tex_create(&dz, &tex_z, &d) != TGX_OK ||
        tgx_tex_create(&dm, &tex_ms, &d) != TGX_OK) {
        TGX_CHECK(0, "texture create: %s", d.message);
        return 0;
    }
    for (unsigned l = 0; l < 3; l++)
        for (unsigned y = 0; y < (4u >> l); y++)
            for (unsigned x = 0; x < (4u >> l); x++) {
                uint32_t w[4];
                for (unsigned c = 0; c < 4; c++)
                    w[c] = B(texel_a(l, x, y, c));
                TGX_CHECK(tgx_tex_store_texel(tex_a, l, x, y, 0, 0, w), "store texel");
            }
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++) {
            uint32_t w[4] = {B(depth_z(x, y)), 0, 0, 0};
            TGX_CHECK(tgx_tex_store_texel(tex_z, 0, x, y, 0, 0, w), "store depth");
        }
    /* MS texture (unit 2): sample s of texel (x, y) = (x, y, s, 1000) */
    for (unsigned s = 0; s < 4; s++)
        for (unsigned y = 0; y < 2; y++)
            for (unsigned x = 0; x < 2; x++) {
                uint32_t w[4] = {B((float)x), B((float)y), B((float)s), B(1000.0f)};
                TGX_CHECK(tgx_tex_store_texel(tex_ms, 0, x, y, 0, s, w), "store sample");
            }
    tgx_tex_view_init(&view_a, tex_a);
    tgx_tex_view_init(&view_z, tex_z);
    tgx_tex_view_init(&view_ms, tex_ms);
    tgx_sampler_init(&samp_near);
    samp_near.min_filter = samp_near.mag_filter = TGX_TEX_FILTER_NEAREST;
    samp_near.mip_filter = TGX_TEX_MIP_NEAREST;
    samp_near.wrap_s = samp_near.wrap_t = samp_near.wrap_r = TGX_TEX_WRAP_CLAMP_TO_EDGE;
    samp_cmp = samp_near;
    samp_cmp.compare_enable = true;
    samp_cmp.compare_func = TGX_TEX_COMPARE_LEQUAL;
    return 1;
}

/* ---- one-instruction programs -------------------------------------------------------------------
 */

typedef struct lanes_io {
    uint32_t in[LANES][3][4];
    uint32_t out[LANES][4];
} lanes_io;

static void set_f(lanes_io *io, unsigned lane, unsigned reg, float x, float y, float z, float w)
{
    io->in[lane][reg][0] = B(x);
    io->in[lane][reg][1] = B(y);
    io->in[lane][reg][2] = B(z);
    io->in[lane][reg][3] = B(w);
}

static void set_i(lanes_io *io, unsigned lane, unsigned reg, int32_t x, int32_t y, int32_t z,
                  int32_t w)
{
    int32_t v[4] = {x, y, z, w};
    for (unsigned c = 0; c < 4; c++)
        memcpy(&io->in[lane][reg][c], &v[c], 4);
}

/* Runs `inst` (writing OUT[0]) over n lanes; frag: a fragment run (quads), else a vertex run.
 * Units: SVIEW/SAMP 0 = texture A with a NEAREST sampler, 1 = the depth texture with a
 * comparing sampler, 2 = the MS texture. */
static int tex_run(const char *what, int frag, const char *decls, const char *inst, lanes_io *io,
                   unsigned n)
{
    char text[1024];
    snprintf(text, sizeof(text),
             "%s\nDCL IN[0]%s\nDCL IN[1]%s\nDCL IN[2]%s\nDCL OUT[0], GENERIC[0]\n%s"
             "  0: %s\n  1: END\n",
             frag ? "FRAG" : "VERT", frag ? ", GENERIC[0], PERSPECTIVE" : "",
             frag ? ", GENERIC[1], PERSPECTIVE" : "", frag ? ", GENERIC[2], PERSPECTIVE" : "",
             decls, inst);
    run r;
    int ok = run_open(&r, text, LANES, what);
    if (ok) {
        tgx_exec_bind_sampler_view(r.m, 0, &view_a);
        tgx_exec_bind_sampler(r.m, 0, &samp_near);
        tgx_exec_bind_sampler_view(r.m, 1, &view_z);
        tgx_exec_bind_sampler(r.m, 1, &samp_cmp);
        tgx_exec_bind_sampler_view(r.m, 2, &view_ms);
        tgx_exec_bind_sampler(r.m, 2, &samp_near);
        for (unsigned l = 0; l < n; l++)
            for (unsigned s = 0; s < 3; s++)
                for (unsigned c = 0; c < 4; c++)
                    tgx_exec_input(r.m, s, c)[l].u = io->in[l][s][c];
        tgx_status st = frag ? tgx_exec_run_fragment(r.m, n, NULL, NULL, &r.d)
                             : tgx_exec_run_vertex(r.m, n, &r.d);
        TGX_CHECK(st == TGX_OK, "%s: run: %s", what, r.d.message);
        ok = st == TGX_OK;
        for (unsigned l = 0; l < n && ok; l++)
            for (unsigned c = 0; c < 4; c++)
                io->out[l][c] = tgx_exec_output(r.m, 0, c)[l].u;
    }
    run_close(&r);
    return ok;
}

static void expect_texel(const char *what, const lanes_io *io, unsigned lane, unsigned level,
                         unsigned x, unsigned y)
{
    for (unsigned c = 0; c < 4; c++) {
        float want = texel_a(level, x, y, c);
        TGX_CHECK(io->out[lane][c] == B(want),
                  "%s lane %u .%c = %g, want level %u texel (%u, %u) "
                  "= %g",
                  what, lane, "xyzw"[c], (double)tgx_bits2f(io->out[lane][c]), level, x, y,
                  (double)want);
    }
}

static void expect_words(const char *what, const lanes_io *io, unsigned lane, const uint32_t w[4])
{
    for (unsigned c = 0; c < 4; c++)
        TGX_CHECK(io->out[lane][c] == w[c], "%s lane %u .%c = 0x%x (%g), want 0x%x (%g)", what,
                  lane, "xyzw"[c], io -> out[lane][c], (double)tgx_bits2f(io->out[lane][c]), w[c],
                  (double)tgx_bits2f(w[c]));
}

/* texel centre of (x, y) at a level of size s */
static float ctr(unsigned x, unsigned s)
{
    return ((float)x + 0.5f) / (float)s;
}

#define DECL_A "DCL SAMP[0]\nDCL SVIEW[0], 2D, FLOAT\n"

/* ---- TEX-style opcodes
 * ----------------------------------------------------------------------------- */

static void test_tex_lod(void)
{
    lanes_io io;
    static const unsigned tx[8] = {0, 1, 2, 3, 3, 0, 2, 1}, ty[8] = {0, 0, 1, 3, 2, 3, 2, 1};
    /* TEX in a vertex run: LOD 0 */
    memset(&io, 0, sizeof(io));
    for (unsigned l = 0; l < 8; l++)
        set_f(&io, l, 0, ctr(tx[l], 4), ctr(ty[l], 4), 0.0f, 0.0f);
    if (tex_run("TEX", 0, DECL_A, "TEX OUT[0], IN[0], SAMP[0], 2D", &io, 8))
        for (unsigned l = 0; l < 8; l++)
            expect_texel("TEX", &io, l, 0, tx[l], ty[l]);
    if (tex_run("TEX_LZ", 0, DECL_A, "TEX_LZ OUT[0], IN[0], SAMP[0], 2D", &io, 8))
        for (unsigned l = 0; l < 8; l++)
            expect_texel("TEX_LZ", &io, l, 0, tx[l], ty[l]);
    /* TEX2 with a 2D target: src1 (the cube-array reference) is not read */
    for (unsigned l = 0; l < 8; l++)
        set_f(&io, l, 1, -5.0f, 9.0f, 9.0f, 9.0f);
    if (tex_run("TEX2", 0, DECL_A, "TEX2 OUT[0], IN[0], IN[1], SAMP[0], 2D", &io, 8))
        for (unsigned l = 0; l < 8; l++)
            expect_texel("TEX2", &io, l, 0, tx[l], ty[l]);
    /* TXP: coordinates divided by src0.w */
    for (unsigned l = 0; l < 8; l++) {
        float w = 0.5f + (float)l;
        set_f(&io, l, 0, ctr(tx[l], 4) * w, ctr(ty[l], 4) * w, 0.0f, w);
    }
    if (tex_run("TXP", 0, DECL_A, "TXP OUT[0], IN[0], SAMP[0], 2D", &io, 8))
        for (unsigned l = 0; l < 8; l++)
            expect_texel("TXP", &io, l, 0, tx[l], ty[l]);
    /* TXL (src0.w) and TXL2 (src1.x): nearest level = the level nearest the LOD, clamped to the
     * texture's levels; TXB (src0.w) and TXB2 (src1.x): LOD 0 + bias */
    static const float lod[8] = {0.0f, 1.0f, 2.0f, 5.0f, -1.0f, 0.4f, 1.6f, 1.2f};
    static const unsigned lev[8] = {0, 1, 2, 2, 0, 0, 2, 1};
    for (unsigned l = 0; l < 8; l++) {
        set_f(&io, l, 0, ctr(tx[l], 4), ctr(ty[l], 4), 0.0f, lod[l]);
        set_f(&io, l, 1, lod[l], -9.0f, -9.0f, -9.0f);
    }
    static const char *const forms[4][2] = {
        {"TXL", "TXL OUT[0], IN[0], SAMP[0], 2D"},
        {"TXB", "TXB OUT[0], IN[0], SAMP[0], 2D"},
        {"TXL2", "TXL2 OUT[0], IN[0].xyzz, IN[1].xxxx, SAMP[0], 2D"},
        {"TXB2", "TXB2 OUT[0], IN[0].xyzz, IN[1].xxxx, SAMP[0], 2D"},
    };
    for (unsigned f = 0; f < 4; f++)
        if (tex_run(forms[f][0], 0, DECL_A, forms[f][1], &io, 8))
            for (unsigned l = 0; l < 8; l++)
                expect_texel(forms[f][0], &io, l, lev[l], tx[l] >> lev[l], ty[l] >> lev[l]);
    /* TXD: LOD from the given gradients: rho = max(|ddx|, |ddy|) * 4 texels */
    static const float grad[8] = {0.25f, 0.5f, 1.0f, 0.0625f, 0.3f, 0.7f, 2.0f, 0.5f};
    for (unsigned l = 0; l < 8; l++) {
        set_f(&io, l, 0, ctr(tx[l], 4), ctr(ty[l], 4), 0.0f, 0.0f);
        set_f(&io, l, 1, grad[l], 0.0f, 0.0f, 0.0f);
        set_f(&io, l, 2, 0.0f, l == 7 ? 1.0f : 0.0f, 0.0f, 0.0f); /* lane 7: ddy wins */
    }
    if (tex_run("TXD", 0, DECL_A, "TXD OUT[0], IN[0], IN[1], IN[2], SAMP[0], 2D", &io, 8))
        for (unsigned l = 0; l < 8; l++) {
            float rho = fmaxf(grad[l], l == 7 ? 1.0f : 0.0f) * 4.0f;
            double lam = log2((double)rho);
            unsigned want = lam <= 0.5 ? 0 : (lam <= 1.5 ? 1 : 2); /* nearest level, clamped */
            expect_texel("TXD", &io, l, want, tx[l] >> want, ty[l] >> want);
        }
}

/* Implicit LOD in fragment quads: u steps by du per pixel, v by dv per row, so
 * rho = max(du, dv) * 4 and the LOD is log2(rho). LODQ returns (level accessed, LOD). */
static void test_implicit(void)
{
    lanes_io io;
    memset(&io, 0, sizeof(io));
    /* quad 0: du = 1/4 (LOD 0); quad 1: du = dv = 1/2 (LOD 1) */
    static const float du[2] = {0.25f, 0.5f};
    for (unsigned q = 0; q < 2; q++)
        for (unsigned k = 0; k < 4; k++) {
            float u = 0.125f + du[q] * (float)(k & 1), v = 0.125f + du[q] * (float)(k >> 1);
            set_f(&io, 4 * q + k, 0, u, v, 0.0f, 0.0f);
        }
    if (tex_run("TEX frag", 1, DECL_A, "TEX OUT[0], IN[0], SAMP[0], 2D", &io, 8))
        for (unsigned q = 0; q < 2; q++)
            for (unsigned k = 0; k < 4; k++) {
                unsigned l = 4 * q + k, lv = q, s = 4u >> lv;
                float u = tgx_bits2f(io.in[l][0][0]), v = tgx_bits2f(io.in[l][0][1]);
                expect_texel("TEX implicit LOD", &io, l, lv, (unsigned)floorf(u * (float)s),
                             (unsigned)floorf(v * (float)s));
            }
    if (tex_run("LODQ", 1, DECL_A, "LODQ OUT[0].xy, IN[0], SAMP[0], 2D", &io, 8))
        for (unsigned l = 0; l < 8; l++) {
            float want = (float)(l / 4);
            TGX_CHECK(fabsf(tgx_bits2f(io.out[l][0]) - want) < 1e-5f &&
                          fabsf(tgx_bits2f(io.out[l][1]) - want) < 1e-5f,
                      "LODQ lane %u = (%g, %g), want (%g, %g)", l, (double)tgx_bits2f(io.out[l][0]),
                      (double)tgx_bits2f(io.out[l][1]), (double)want, (double)want);
        }
    if (tex_run("LOD", 1, DECL_A, "LOD OUT[0].xy, IN[0], SVIEW[0], SAMP[0]", &io, 8))
        for (unsigned l = 0; l < 8; l++) {
            float want = (float)(l / 4);
            TGX_CHECK(fabsf(tgx_bits2f(io.out[l][0]) - want) < 1e-5f &&
                          fabsf(tgx_bits2f(io.out[l][1]) - want) < 1e-5f,
                      "LOD lane %u = (%g, %g), want %g", l, (double)tgx_bits2f(io.out[l][0]),
                      (double)tgx_bits2f(io.out[l][1]), (double)want);
        }
}

/* TXF / TXF_LZ / SAMPLE_I: integer texel coordinates, level in .w; out of range gives 0. */
static void test_fetch(void)
{
    lanes_io io;
    memset(&io, 0, sizeof(io));
    static const int32_t fx[8] = {0, 3, 1, 0, 4, -1, 1, 0}, fy[8] = {0, 2, 1, 1, 0, 0, 0, 9};
    static const int32_t fl[8] = {0, 0, 1, 2, 0, 0, 3, 0};
    for (unsigned l = 0; l < 8; l++)
        set_i(&io, l, 0, fx[l], fy[l], 0, fl[l]);
    static const char *const forms[3][3] = {
        {"TXF", DECL_A, "TXF OUT[0], IN[0], SAMP[0], 2D"},
        {"TXF_LZ", DECL_A, "TXF_LZ OUT[0], IN[0], SAMP[0], 2D"},
        {"SAMPLE_I", DECL_A, "SAMPLE_I OUT[0], IN[0], SVIEW[0]"},
    };
    for (unsigned f = 0; f < 3; f++) {
        if (!tex_run(forms[f][0], 0, forms[f][1], forms[f][2], &io, 8))
            continue;
        for (unsigned l = 0; l < 8; l++) {
            int32_t lv = f == 1 ? 0 : fl[l];
            int32_t s = lv <= 2 ? 4 >> lv : 0;
            if (fx[l] < 0 || fy[l] < 0 || fx[l] >= s || fy[l] >= s) {
                static const uint32_t zero[4] = {0, 0, 0, 0};
                expect_words(forms[f][0], &io, l, zero);
            } else {
                expect_texel(forms[f][0], &io, l, (unsigned)lv, (unsigned)fx[l], (unsigned)fy[l]);
            }
        }
    }
    /* SAMPLE_I_MS: sample index in src2.x; the MS texture's texel = (x, y, sample, 1000) */
    for (unsigned l = 0; l < 8; l++) {
        set_i(&io, l, 0, (int32_t)(l & 1), (int32_t)((l >> 1) & 1), 0, 0);
        set_i(&io, l, 1, (int32_t)(l % 5), 0, 0, 0); /* lane 4: sample 4 of 4 -> 0 */
    }
    if (tex_run("SAMPLE_I_MS", 0, "DCL SVIEW[2], 2D_MSAA, FLOAT\n",
                "SAMPLE_I_MS OUT[0], IN[0], SVIEW[2], IN[1].xxxx", &io, 8))
        for (unsigned l = 0; l < 8; l++) {
            unsigned s = l % 5;
            uint32_t w[4] = {B((float)(l & 1)), B((float)((l >> 1) & 1)), B((float)s), B(1000.0f)};
            if (s >= 4)
                w[0] = w[1] = w[2] = w[3] = 0;
            expect_words("SAMPLE_I_MS", &io, l, w);
        }
}

/* TXQ / SVIEWINFO: (width, height, depth or layers, levels) of a level; out of range: 0 sizes,
 * the level count still right (spec SVIEWINFO). TXQS / SAMPLE_INFO: sample count. SAMPLE_POS:
 * the D3D 11 standard 4x pattern (sample offsets in 1/16 pixel: (-2,-6), (6,-2), (-6,2), (2,6)),
 * as positions in the pixel. */
static void test_queries(void)
{
    lanes_io io;
    memset(&io, 0, sizeof(io));
    /* every lane of a quad asks for the same level (softpipe answers a quad at once) */
    static const int32_t lv[8] = {0, 0, 0, 0, 1, 1, 1, 1};
    for (unsigned l = 0; l < 8; l++)
        set_i(&io, l, 0, lv[l], 0, 0, 0);
    if (tex_run("TXQ", 0, DECL_A, "TXQ OUT[0].xy, IN[0].xxxx, SAMP[0], 2D", &io, 8))
        for (unsigned l = 0; l < 8; l++)
            TGX_CHECK(io.out[l][0] == (4u >> lv[l]) && io.out[l][1] == (4u >> lv[l]),
                      "TXQ level %d = (%u, %u)", lv[l], io.out[l][0], io.out[l][1]);
    if (tex_run("SVIEWINFO", 0, DECL_A, "SVIEWINFO OUT[0], IN[0].xxxx, SVIEW[0]", &io, 8))
        for (unsigned l = 0; l < 8; l++)
            TGX_CHECK(io.out[l][0] == (4u >> lv[l]) && io.out[l][1] == (4u >> lv[l]) &&
                          io.out[l][3] == 3,
                      "SVIEWINFO level %d = (%u, %u, %u, %u)", lv[l], io.out[l][0], io.out[l][1],
                      io.out[l][2], io.out[l][3]);
    for (unsigned l = 0; l < 8; l++)
        set_i(&io, l, 0, 7, 0, 0, 0);
    if (tex_run("SVIEWINFO out of range", 0, DECL_A, "SVIEWINFO OUT[0], IN[0].xxxx, SVIEW[0]", &io,
                4))
        for (unsigned l = 0; l < 4; l++)
            TGX_CHECK(io.out[l][0] == 0 && io.out[l][1] == 0 && io.out[l][3] == 3,
                      "SVIEWINFO level 7 = (%u, %u, %u, %u), want (0, 0, _, 3)", io.out[l][0],
                      io.out[l][1], io.out[l][2], io.out[l][3]);
    if (tex_run("TXQS", 0, "DCL SAMP[2]\nDCL SVIEW[2], 2D_MSAA, FLOAT\n",
                "TXQS OUT[0].x, SAMP[2], 2D_MSAA", &io, 4))
        for (unsigned l = 0; l < 4; l++)
            TGX_CHECK(io.out[l][0] == 4, "TXQS = %u, want 4", io.out[l][0]);
    for (unsigned l = 0; l < 8; l++)
        set_i(&io, l, 0, (int32_t)(l % 4), 0, 0, 0);
    if (tex_run("SAMPLE_INFO", 0, "DCL SVIEW[0], 2D, FLOAT\nDCL SVIEW[2], 2D_MSAA, FLOAT\n",
                "SAMPLE_INFO OUT[0].x, SVIEW[2], IN[0].xxxx", &io, 4))
        for (unsigned l = 0; l < 4; l++)
            TGX_CHECK(tgx_bits2f(io.out[l][0]) == 4.0f || io.out[l][0] == 4,
                      "SAMPLE_INFO of a 4x view = 0x%x", io.out[l][0]);
    if (tex_run("SAMPLE_INFO 1x", 0, "DCL SVIEW[0], 2D, FLOAT\n",
                "SAMPLE_INFO OUT[0].x, SVIEW[0], IN[0].xxxx", &io, 4))
        for (unsigned l = 0; l < 4; l++)
            TGX_CHECK(io.out[l][0] == 0, "SAMPLE_INFO of a single-sample view = 0x%x",
                      io.out[l][0]);
    if (tex_run("SAMPLE_POS", 0, "DCL SVIEW[2], 2D_MSAA, FLOAT\n",
                "SAMPLE_POS OUT[0], SVIEW[2], IN[0].xxxx", &io, 4)) {
        static const int off[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
        for (unsigned l = 0; l < 4; l++) {
            uint32_t w[4] = {B(0.5f + (float)off[l][0] / 16.0f), B(0.5f + (float)off[l][1] / 16.0f),
                             0, 0};
            expect_words("SAMPLE_POS", &io, l, w);
        }
    }
}

/* TG4 / GATHER4: the 2x2 footprint of a bilinear fetch, i0 = floor(u * 4 - 0.5), j0 likewise,
 * returned as (T(i0,j1), T(i1,j1), T(i1,j0), T(i0,j0)) of one component (GL 4.6 8.14.2
 * textureGather; the spec's GATHER4: "(-, +), (+, +), (+, -), (-, -)"). */
static void test_gather(void)
{
    lanes_io io;
    memset(&io, 0, sizeof(io));
    static const unsigned gi[4] = {0, 1, 2, 0}, gj[4] = {0, 2, 1, 1};
    for (unsigned l = 0; l < 4; l++)
        /* the corner shared by texels (i0, j0) .. (i0 + 1, j0 + 1) */
        set_f(&io, l, 0, (float)(gi[l] + 1) / 4.0f, (float)(gj[l] + 1) / 4.0f, 0, 0);
    /* TG4's component is an integer immediate (GLSL: a constant expression) */
    static const char *const forms[3][3] = {
        {"TG4 x", "TG4 OUT[0], IN[0], IMM[0].xxxx, SAMP[0], 2D", "0"},
        {"TG4 z", "TG4 OUT[0], IN[0], IMM[0].yyyy, SAMP[0], 2D", "2"},
        {"GATHER4", "GATHER4 OUT[0], IN[0], SVIEW[0], SAMP[0]", "0"},
    };
    for (unsigned f = 0; f < 3; f++) {
        if (!tex_run(forms[f][0], 0, DECL_A "IMM[0] INT32 {0, 2, 0, 0}\n", forms[f][1], &io, 4))
            continue;
        unsigned c = (unsigned)(forms[f][2][0] - '0');
        for (unsigned l = 0; l < 4; l++) {
            unsigned i0 = gi[l], j0 = gj[l];
            uint32_t w[4] = {B(texel_a(0, i0, j0 + 1, c)), B(texel_a(0, i0 + 1, j0 + 1, c)),
                             B(texel_a(0, i0 + 1, j0, c)), B(texel_a(0, i0, j0, c))};
            expect_words(forms[f][0], &io, l, w);
        }
    }
}

/* SAMPLE family with explicit view and sampler operands; the view operand's swizzle reorders
 * the result (Mesa exec_sample). */
static void test_sample_family(void)
{
    lanes_io io;
    memset(&io, 0, sizeof(io));
    static const unsigned tx[8] = {0, 1, 2, 3, 3, 0, 2, 1}, ty[8] = {1, 0, 3, 3, 2, 0, 2, 1};
    for (unsigned l = 0; l < 8; l++) {
        set_f(&io, l, 0, ctr(tx[l], 4), ctr(ty[l], 4), 0.0f, 0.0f);
        set_f(&io, l, 1, 1.0f, 0.0f, 0.0f, 0.0f); /* LOD / bias 1 -> level 1 */
        set_f(&io, l, 2, 0.5f, 0.0f, 0.0f, 0.0f); /* gradient 0.5 -> rho 2 -> level 1 */
    }
    if (tex_run("SAMPLE", 0, DECL_A, "SAMPLE OUT[0], IN[0], SVIEW[0], SAMP[0]", &io, 8))
        for (unsigned l = 0; l < 8; l++)
            expect_texel("SAMPLE", &io, l, 0, tx[l], ty[l]);
    if (tex_run("SAMPLE swizzled", 0, DECL_A, "SAMPLE OUT[0], IN[0], SVIEW[0].wzyx, SAMP[0]", &io,
                8))
        for (unsigned l = 0; l < 8; l++)
            for (unsigned c = 0; c < 4; c++)
                TGX_CHECK(io.out[l][c] == B(texel_a(0, tx[l], ty[l], 3 - c)),
                          "SAMPLE SVIEW.wzyx lane %u .%c", l, "xyzw"[c]);
    static const char *const forms[3][2] = {
        {"SAMPLE_L", "SAMPLE_L OUT[0], IN[0], SVIEW[0], SAMP[0], IN[1].xxxx"},
        {"SAMPLE_B", "SAMPLE_B OUT[0], IN[0], SVIEW[0], SAMP[0], IN[1].xxxx"},
        {"SAMPLE_D", "SAMPLE_D OUT[0], IN[0], SVIEW[0], SAMP[0], IN[2].xxxx, IN[2].yyyy"},
    };
    for (unsigned f = 0; f < 3; f++)
        if (tex_run(forms[f][0], 0, DECL_A, forms[f][1], &io, 8))
            for (unsigned l = 0; l < 8; l++)
                expect_texel(forms[f][0], &io, l, 1, tx[l] >> 1, ty[l] >> 1);
}

/* Depth compare, LEQUAL: 1 when ref <= texel depth (GL 4.6 table 8.23), per texel with NEAREST:
 * SAMPLE_C / SAMPLE_C_LZ (reference in src3.x) and TEX SHADOW2D (reference in src0.z). */
static void test_compare(void)
{
    lanes_io io;
    memset(&io, 0, sizeof(io));
    static const unsigned tx[8] = {0, 1, 2, 3, 3, 0, 2, 1}, ty[8] = {0, 0, 1, 3, 2, 3, 2, 1};
    static const float ref[8] = {0.0f, 0.1f, 0.375f, 1.0f, 0.5f, 0.9f, 0.6f, 0.3125f};
    for (unsigned l = 0; l < 8; l++) {
        set_f(&io, l, 0, ctr(tx[l], 4), ctr(ty[l], 4), ref[l], 0.0f);
        set_f(&io, l, 1, ref[l], 0.0f, 0.0f, 0.0f);
    }
    static const char *const forms[3][3] = {
        {"SAMPLE_C", "DCL SAMP[1]\nDCL SVIEW[1], 2D, FLOAT\n",
         "SAMPLE_C OUT[0], IN[0], SVIEW[1].xxxx, SAMP[1], IN[1].xxxx"},
        {"SAMPLE_C_LZ", "DCL SAMP[1]\nDCL SVIEW[1], 2D, FLOAT\n",
         "SAMPLE_C_LZ OUT[0], IN[0], SVIEW[1].xxxx, SAMP[1], IN[1].xxxx"},
        {"TEX SHADOW2D", "DCL SAMP[1]\nDCL SVIEW[1], 2D, FLOAT\n",
         "TEX OUT[0].x, IN[0], SAMP[1], SHADOW2D"},
    };
    for (unsigned f = 0; f < 3; f++)
        if (tex_run(forms[f][0], 0, forms[f][1], forms[f][2], &io, 8))
            for (unsigned l = 0; l < 8; l++) {
                float want = ref[l] <= depth_z(tx[l], ty[l]) ? 1.0f : 0.0f;
                TGX_CHECK(io.out[l][0] == B(want), "%s lane %u: ref %g vs %g = %g, want %g",
                          forms[f][0], l, (double)ref[l], (double)depth_z(tx[l], ty[l]),
                          (double)tgx_bits2f(io.out[l][0]), (double)want);
            }
}

/* ---- indirect SAMP / SVIEW indices ---------------------------------------------------------
 * Mesa 22.3 tgsi_exec fetch_sampler_unit: with an indirect operand, the unit of a group of four
 * lanes is base + the address component of the first lane of the four whose execution-mask bit
 * is set, for all four. Out of the unit range (0..31) tgx defines the result as 0 (docs/exec.md).
 * Units here: view u of texture A starts at level u (u = 0, 1, 2), so the level a lane reads
 * tells which unit it sampled; sampler 1 repeats, samplers 0 and 2 clamp; unit 3 is declared
 * but nothing is bound to it. IN[1] = (address x, executes?, address y, _) as integers. */

#define IND_LANES 16

typedef struct ind_io {
    uint32_t in[IND_LANES][3][4];
    uint32_t out[IND_LANES][4];
} ind_io;

static int ind_run(const char *what, const char *inst, ind_io *io, unsigned n, tgx_diag *err)
{
    char text[1024];
    snprintf(text, sizeof(text),
             "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0], GENERIC[0]\n"
             "DCL SAMP[0..3]\nDCL SVIEW[0..3], 2D, FLOAT\nDCL ADDR[0]\n"
             "IMM[0] FLT32 { 7.0, 7.0, 7.0, 7.0 }\n"
             "  0: MOV OUT[0], IMM[0]\n  1: UARL ADDR[0].xy, IN[1].xzzz\n  2: UIF IN[1].yyyy\n"
             "  3: %s\n  4: ENDIF\n  5: END\n",
             inst);
    tgx_tex_view views[3];
    tgx_sampler samps[3] = {samp_near, samp_near, samp_near};
    samps[1].wrap_s = samps[1].wrap_t = TGX_TEX_WRAP_REPEAT;
    run r;
    int ok = run_open(&r, text, IND_LANES, what);
    if (ok) {
        for (unsigned u = 0; u < 3; u++) {
            tgx_tex_view_init(&views[u], tex_a);
            views[u].base_level = u;
            tgx_exec_bind_sampler_view(r.m, u, &views[u]);
            tgx_exec_bind_sampler(r.m, u, &samps[u]);
        }
        for (unsigned l = 0; l < n; l++)
            for (unsigned s = 0; s < 3; s++)
                for (unsigned c = 0; c < 4; c++)
                    tgx_exec_input(r.m, s, c)[l].u = io->in[l][s][c];
        tgx_status st = tgx_exec_run_vertex(r.m, n, &r.d);
        if (err)
            *err = r.d;
        else
            TGX_CHECK(st == TGX_OK, "%s: run: %s", what, r.d.message);
        ok = st == TGX_OK;
        for (unsigned l = 0; l < n && ok; l++)
            for (unsigned c = 0; c < 4; c++)
                io->out[l][c] = tgx_exec_output(r.m, 0, c)[l].u;
    }
    run_close(&r);
    return ok;
}

/* lane l: address x = ax[l], executes = ex[l], address y = ay[l] */
static void ind_addr(ind_io *io, const int32_t *ax, const int32_t *ex, const int32_t *ay,
                     unsigned n)
{
    for (unsigned l = 0; l < n; l++) {
        int32_t v[4] = {ax[l], ex[l], ay ? ay[l] : 0, 0};
        memcpy(io->in[l][1], v, sizeof(v));
    }
}

static void expect_level(const char *what, const ind_io *io, unsigned lane, unsigned level,
                         unsigned x, unsigned y)
{
    for (unsigned c = 0; c < 4; c++)
        TGX_CHECK(io->out[lane][c] == B(texel_a(level, x, y, c)),
                  "%s lane %u .%c = %g, want level %u texel (%u, %u)", what, lane, "xyzw"[c],
                  (double)tgx_bits2f(io->out[lane][c]), level, x, y);
}

static void expect_const(const char *what, const ind_io *io, unsigned lane, uint32_t w)
{
    for (unsigned c = 0; c < 4; c++)
        TGX_CHECK(io->out[lane][c] == w, "%s lane %u .%c = 0x%x, want 0x%x", what, lane, "xyzw"[c],
                  io -> out[lane][c], w);
}

static void test_indirect_units(void)
{
    ind_io io;
    memset(&io, 0, sizeof(io));
    /* TXL at LOD 0 through SAMP[ADDR[0].x+1]. Group 0: lane 0 does not execute, so lane 1's
     * address (0) picks unit 1 for lanes 1..3 (per lane they would be units 2 and 6). Group 1:
     * lane 4's address 1 -> unit 2 for all four. Group 2: unit 40, group 3: unit -1: out of
     * range, 0. Lane l samples the centre of level-0 texel (l % 4, l / 4 % 4). */
    static const int32_t ax[16] = {2, 0, 1, 5, 1, 0, -1, 9, 39, 0, 0, 0, -2, 0, 0, 0};
    static const int32_t ex[16] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    ind_addr(&io, ax, ex, NULL, 16);
    for (unsigned l = 0; l < 16; l++) {
        float v[4] = {ctr(l % 4, 4), ctr(l / 4 % 4, 4), 0.0f, 0.0f};
        for (unsigned c = 0; c < 4; c++)
            io.in[l][0][c] = B(v[c]);
    }
    if (ind_run("TXL indirect", "TXL OUT[0], IN[0], SAMP[ADDR[0].x+1], 2D", &io, 16, NULL)) {
        expect_const("TXL indirect, lane off", &io, 0, B(7.0f));
        for (unsigned l = 1; l < 4; l++)
            expect_level("TXL indirect, unit 1", &io, l, 1, (l % 4) / 2, 0);
        for (unsigned l = 4; l < 8; l++)
            expect_level("TXL indirect, unit 2", &io, l, 2, 0, 0);
        for (unsigned l = 8; l < 16; l++)
            expect_const("TXL indirect, unit out of range", &io, l, 0);
    }
    /* TXQ of level 0 through SAMP[ADDR[0].x]: the view's base-level size and level count */
    memset(&io, 0, sizeof(io));
    static const int32_t aq[12] = {1, 0, 0, 0, 2, 1, 1, 1, 50, 1, 1, 1};
    ind_addr(&io, aq, ex + 4, NULL, 12);
    if (ind_run("TXQ indirect", "TXQ OUT[0], IN[2].xxxx, SAMP[ADDR[0].x], 2D", &io, 12, NULL))
        for (unsigned l = 0; l < 12; l++) {
            uint32_t want[3][4] = {{2, 2, 0, 2}, {1, 1, 0, 1}, {0, 0, 0, 0}};
            for (unsigned c = 0; c < 4; c++)
                if (c != 2)
                    TGX_CHECK(io.out[l][c] == want[l / 4][c], "TXQ indirect lane %u .%c = %u", l,
                              "xyzw"[c], io.out[l][c]);
        }
    /* TXF through SAMP[ADDR[0].x]: integer texel (l % 2, l / 2 % 2) of the view's level 0 */
    memset(&io, 0, sizeof(io));
    static const int32_t af[8] = {1, 2, 2, 2, 0, 1, 1, 1};
    ind_addr(&io, af, ex + 4, NULL, 8);
    for (unsigned l = 0; l < 8; l++) {
        int32_t v[4] = {(int32_t)(l % 2), (int32_t)(l / 2 % 2), 0, 0};
        memcpy(io.in[l][0], v, sizeof(v));
    }
    if (ind_run("TXF indirect", "TXF OUT[0], IN[0], SAMP[ADDR[0].x], 2D", &io, 8, NULL))
        for (unsigned l = 0; l < 8; l++)
            expect_level("TXF indirect", &io, l, l < 4 ? 1 : 0, l % 2, l / 2 % 2);
    /* SAMPLE_L with SVIEW[ADDR[0].x] and SAMP[ADDR[0].y], LOD src3.x = 0: view and sampler
     * chosen separately. u = 1 + a texel centre: sampler 1 repeats, sampler 0 clamps to the
     * last column. Group 0: view 1, sampler 1 -> level 1 texel (l % 2, l / 2). Group 1: view 0,
     * sampler 0 -> level 0 texel (3, l % 4). */
    memset(&io, 0, sizeof(io));
    static const int32_t vx[8] = {1, 0, 2, 2, 0, 2, 1, 1}, sy[8] = {1, 2, 0, 0, 0, 1, 2, 2};
    ind_addr(&io, vx, ex + 4, sy, 8);
    for (unsigned l = 0; l < 8; l++) {
        float v[4] = {l < 4 ? 1.0f + ctr(l % 2, 2) : 1.0f + ctr(0, 4),
                      l < 4 ? ctr(l / 2, 2) : ctr(l % 4, 4), 0.0f, 0.0f};
        for (unsigned c = 0; c < 4; c++)
            io.in[l][0][c] = B(v[c]);
    }
    if (ind_run("SAMPLE_L indirect",
                "SAMPLE_L OUT[0], IN[0], SVIEW[ADDR[0].x], SAMP[ADDR[0].y], IN[2].xxxx", &io, 8,
                NULL))
        for (unsigned l = 0; l < 8; l++) {
            if (l < 4)
                expect_level("SAMPLE_L indirect, view 1 sampler 1", &io, l, 1, l % 2, l / 2);
            else
                expect_level("SAMPLE_L indirect, view 0 sampler 0", &io, l, 0, 3, l % 4);
        }
    /* unit 3 is inside the range but nothing is bound: a run-time error, as for SAMP[3] */
    memset(&io, 0, sizeof(io));
    static const int32_t a3[4] = {2, 2, 2, 2};
    ind_addr(&io, a3, ex + 4, NULL, 4);
    tgx_diag d;
    TGX_CHECK(!ind_run("TXL unbound", "TXL OUT[0], IN[0], SAMP[ADDR[0].x+1], 2D", &io, 4, &d) &&
                  strstr(d.message, "no texture is bound to unit 3") && d.line == 13,
              "indirect unit 3 with nothing bound: %u: %s", d.line, d.message);
}

int main(void)
{
    if (make_resources()) {
        test_tex_lod();
        test_implicit();
        test_fetch();
        test_queries();
        test_gather();
        test_sample_family();
        test_compare();
        test_indirect_units();
    }
    tgx_tex_destroy(tex_a);
    tgx_tex_destroy(tex_z);
    tgx_tex_destroy(tex_ms);
    return tgx_test_finish();
}
