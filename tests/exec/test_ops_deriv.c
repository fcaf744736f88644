/* Fragment-only opcodes over quads: DDX/DDY (coarse) and DDX_FINE/DDY_FINE, KIL/KILP/KILL/KILL_IF,
 * DEMOTE and READ_HELPER, helper lanes that keep computing for derivatives but never write
 * memory, INTERP_CENTROID/INTERP_SAMPLE/INTERP_OFFSET.
 *
 * Quad layout (exec.h; Mesa tgsi_exec TILE_TOP_LEFT/TOP_RIGHT/BOTTOM_LEFT/BOTTOM_RIGHT): lanes
 * 4q+0..3 are (x,y), (x+1,y), (x,y+1), (x+1,y+1). The spec only says partialx/partialy; the
 * per-lane rules are Mesa's micro_ddx / micro_ddy / micro_ddx_fine / micro_ddy_fine:
 *   DDX      = BR - BL in all four lanes        DDY      = BL - TL in all four lanes
 *   DDX_FINE = TR - TL (top row), BR - BL (bottom row)
 *   DDY_FINE = BL - TL (left column), BR - TR (right column)
 * (exec.h's overview says "DDX = lane1 - lane0"; for the coarse opcodes Mesa takes the bottom row,
 * which these tests pin down with inputs that are not linear.) */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ops_harness.h"
#include "tgx/exec.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define LANES 8

enum { TL = 0, TR = 1, BL = 2, BR = 3 };

/* Mesa's rules for lane k of quad v */
static float ddx_coarse(const float *v, unsigned k)
{
    (void)k;
    return v[BR] - v[BL];
}
static float ddy_coarse(const float *v, unsigned k)
{
    (void)k;
    return v[BL] - v[TL];
}
static float ddx_fine(const float *v, unsigned k)
{
    return k < 2 ? v[TR] - v[TL] : v[BR] - v[BL];
}
static float ddy_fine(const float *v, unsigned k)
{
    return (k & 1) ? v[BR] - v[TR] : v[BL] - v[TL];
}

/* ---- derivatives
 * ---------------------------------------------------------------------------------- */

static void test_derivatives(void)
{
    const char *text = "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0..4], GENERIC[0]\n"
                       "  0: DDX OUT[0], IN[0]\n"
                       "  1: DDY OUT[1], IN[0]\n"
                       "  2: DDX_FINE OUT[2], IN[0]\n"
                       "  3: DDY_FINE OUT[3], IN[0]\n"
                       "  4: DDX OUT[4], -|IN[0].wzyx|\n"
                       "  5: END\n";
    run r;
    if (!run_open(&r, text, LANES, "derivatives")) {
        run_close(&r);
        return;
    }
    /* two quads, four channels each; values not linear in x, y so every rule differs */
    static const float v[2][4][4] = {
        {{1, 3, 10, 17}, {0.5f, -2, 4, 100}, {-1, -1, -1, -1}, {8, 4, 2, 1}},
        {{0, 1, 4, 9}, {-3, 5, -7, 11}, {1e6f, 1e6f + 64, 1e6f + 128, 1e6f + 256}, {2, 2, 3, 3}},
    };
    for (unsigned q = 0; q < 2; q++)
        for (unsigned c = 0; c < 4; c++)
            for (unsigned k = 0; k < 4; k++)
                tgx_exec_input(r.m, 0, c)[4 * q + k].f = v[q][c][k];
    TGX_CHECK(tgx_exec_run_fragment(r.m, 8, NULL, NULL, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned q = 0; q < 2; q++)
        for (unsigned k = 0; k < 4; k++) {
            unsigned l = 4 * q + k;
            for (unsigned c = 0; c < 4; c++) {
                const float *s = v[q][c];
                TGX_CHECK(outf(&r, 0, c, l) == ddx_coarse(s, k), "DDX lane %u .%c = %g, want %g", l,
                          "xyzw"[c], (double)outf(&r, 0, c, l), (double)ddx_coarse(s, k));
                TGX_CHECK(outf(&r, 1, c, l) == ddy_coarse(s, k), "DDY lane %u .%c = %g, want %g", l,
                          "xyzw"[c], (double)outf(&r, 1, c, l), (double)ddy_coarse(s, k));
                TGX_CHECK(outf(&r, 2, c, l) == ddx_fine(s, k), "DDX_FINE lane %u .%c = %g, want %g",
                          l, "xyzw"[c], (double)outf(&r, 2, c, l), (double)ddx_fine(s, k));
                TGX_CHECK(outf(&r, 3, c, l) == ddy_fine(s, k), "DDY_FINE lane %u .%c = %g, want %g",
                          l, "xyzw"[c], (double)outf(&r, 3, c, l), (double)ddy_fine(s, k));
                /* modifiers apply to the source before the difference */
                float m[4];
                for (unsigned j = 0; j < 4; j++)
                    m[j] = -fabsf(v[q][3 - c][j]);
                TGX_CHECK(outf(&r, 4, c, l) == ddx_coarse(m, k), "DDX -|src.wzyx| lane %u .%c", l,
                          "xyzw"[c]);
            }
        }
    /* hand check of the rules on quad 0, x: (1, 3, 10, 17) */
    TGX_CHECK(ddx_coarse(v[0][0], 0) == 7 && ddy_coarse(v[0][0], 3) == 9 &&
                  ddx_fine(v[0][0], 0) == 2 && ddy_fine(v[0][0], 1) == 14,
              "derivative rules");
    run_close(&r);
}

/* ---- kills, helpers, memory
 * ------------------------------------------------------------------------ */

/* Quad 0: lane 1 is killed by KILL_IF at the start; the squares computed after the kill still feed
 * DDX_FINE of lane 0 (killed lanes keep running as helpers). Lane 2 is not covered (active = 0):
 * it runs too, feeds DDY, and reads as a helper. Quad 1: KIL (2013 name) on .x only, KILP and
 * KILL under UIF in one lane each, DEMOTE in another. Every lane stores its id to BUFFER[0];
 * only live lanes' stores land. */
static void test_kill(void)
{
    const char *text = "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL IN[1], GENERIC[1], CONSTANT\n"
                       "DCL OUT[0], COLOR\nDCL OUT[1], GENERIC[1]\nDCL OUT[2], GENERIC[2]\n"
                       "DCL BUFFER[0]\nDCL TEMP[0..1]\n"
                       "IMM[0] UINT32 {4, 0, 0, 0}\n"
                       "  0: KILL_IF IN[0]\n"
                       "  1: KIL IN[1].xxxx\n"
                       "  2: UIF IN[1].yyyy :4\n"
                       "  3:   KILP\n"
                       "  4: ENDIF\n"
                       "  5: UIF IN[1].zzzz :7\n"
                       "  6:   KILL\n"
                       "  7: ENDIF\n"
                       "  8: UIF IN[1].wwww :10\n"
                       "  9:   DEMOTE\n"
                       " 10: ENDIF\n"
                       " 11: MUL TEMP[0], IN[0], IN[0]\n"
                       " 12: DDX_FINE OUT[0], TEMP[0]\n"
                       " 13: DDY_FINE OUT[1], TEMP[0]\n"
                       " 14: READ_HELPER OUT[2].x\n"
                       " 15: F2U TEMP[1].y, IN[0].wwww\n"
                       " 16: UMUL TEMP[1].x, TEMP[1].yyyy, IMM[0].xxxx\n"
                       " 17: STORE BUFFER[0].x, TEMP[1].xxxx, TEMP[1].yyyy\n"
                       " 18: END\n";
    run r;
    if (!run_open(&r, text, LANES, "kill")) {
        run_close(&r);
        return;
    }
    uint32_t buf[8];
    for (unsigned i = 0; i < 8; i++)
        buf[i] = 0xeeeeeeeeu;
    TGX_CHECK(tgx_exec_bind_buffer(r.m, 0, buf, sizeof(buf)) == TGX_OK, "bind buffer");
    /* IN[0] = (a, b, c, lane id): KILL_IF kills a lane with any component < 0 (lane 1: b < 0) */
    static const float a[8][3] = {{1, 2, 3}, {4, -0.5f, 6}, {7, 8, 9}, {10, 11, 12},
                                  {1, 1, 1}, {2, 2, 2},     {3, 3, 3}, {0, 0, 0}};
    /* IN[1] (as float for KIL .x, as ints for the UIF flags): lane 4 KIL (x < 0), lane 5 KILP,
     * lane 6 KILL, lane 7 DEMOTE. -0.0 is not < 0 (lane 0). */
    static const float kx[8] = {-0.0f, 0, 0, 0, -1.0f, 0, 0, 0};
    static const uint32_t ky[8] = {0, 0, 0, 0, 0, 1, 0, 0}, kz[8] = {0, 0, 0, 0, 0, 0, 1, 0},
                          kw[8] = {0, 0, 0, 0, 0, 0, 0, 1};
    for (unsigned l = 0; l < 8; l++) {
        for (unsigned c = 0; c < 3; c++)
            tgx_exec_input(r.m, 0, c)[l].f = a[l][c];
        tgx_exec_input(r.m, 0, 3)[l].f = (float)l;
        tgx_exec_input(r.m, 1, 0)[l].f = kx[l];
        tgx_exec_input(r.m, 1, 1)[l].u = ky[l];
        tgx_exec_input(r.m, 1, 2)[l].u = kz[l];
        tgx_exec_input(r.m, 1, 3)[l].u = kw[l];
    }
    tgx_lane_mask active[8] = {~0u, ~0u, 0, ~0u, ~0u, ~0u, ~0u, ~0u}, killed[8];
    memset(killed, 0xcc, sizeof(killed));
    TGX_CHECK(tgx_exec_run_fragment(r.m, 8, active, killed, &r.d) == TGX_OK, "run: %s",
              r.d.message);
    static const tgx_lane_mask want_killed[8] = {0, ~0u, 0, 0, ~0u, ~0u, ~0u, ~0u};
    for (unsigned l = 0; l < 8; l++) {
        TGX_CHECK(killed[l] == want_killed[l], "killed[%u] = %u, want %u", l, killed[l],
                  want_killed[l]);
        int live = active[l] && !want_killed[l];
        /* READ_HELPER: ~0 in helper lanes (not covered, killed, demoted) */
        TGX_CHECK(outu(&r, 2, 0, l) == (live ? 0u : ~0u), "READ_HELPER lane %u = 0x%x", l,
                  outu(&r, 2, 0, l));
        /* only live lanes write memory */
        uint32_t want = live ? l : 0xeeeeeeeeu;
        TGX_CHECK(buf[l] == want, "STORE from lane %u: 0x%x, want 0x%x", l, buf[l], want);
    }
    /* derivatives of the squares over both quads, every lane (killed and helper lanes too) */
    for (unsigned q = 0; q < 2; q++)
        for (unsigned c = 0; c < 4; c++) {
            float s[4];
            for (unsigned k = 0; k < 4; k++) {
                unsigned l = 4 * q + k;
                float x = c < 3 ? a[l][c] : (float)l;
                s[k] = x * x;
            }
            for (unsigned k = 0; k < 4; k++) {
                unsigned l = 4 * q + k;
                TGX_CHECK(outf(&r, 0, c, l) == ddx_fine(s, k),
                          "DDX_FINE after kill lane %u .%c = "
                          "%g, want %g",
                          l, "xyzw"[c], (double)outf(&r, 0, c, l), (double)ddx_fine(s, k));
                TGX_CHECK(outf(&r, 1, c, l) == ddy_fine(s, k), "DDY_FINE with a helper lane %u .%c",
                          l, "xyzw"[c]);
            }
        }
    run_close(&r);
}

/* ---- interpolation at centroid / sample / offset
 * ---------------------------------------------------- */

/* One sample per pixel: the centroid and sample 0 are the pixel centre, so INTERP_CENTROID and
 * INTERP_SAMPLE (sample 0) give the input itself (Mesa exec_interp_at_centroid/at_sample). For an
 * attribute linear in screen space, a = a0 + dadx * x + dady * y, INTERP_OFFSET gives
 * a + ofs.x * dadx + ofs.y * dady (Mesa interp_linear_offset). */
static void test_interp(void)
{
    const char *text = "FRAG\nDCL IN[0], GENERIC[0], LINEAR\nDCL IN[1], GENERIC[1], CONSTANT\n"
                       "DCL OUT[0..2], GENERIC[0]\n"
                       "IMM[0] INT32 {0, 0, 0, 0}\n"
                       "  0: INTERP_CENTROID OUT[0], IN[0]\n"
                       "  1: INTERP_SAMPLE OUT[1], IN[0], IMM[0].xxxx\n"
                       "  2: INTERP_OFFSET OUT[2], IN[0], IN[1]\n"
                       "  3: END\n";
    run r;
    if (!run_open(&r, text, LANES, "interp")) {
        run_close(&r);
        return;
    }
    /* channel c: a0 = c, dadx = 0.5 + c, dady = -2 + c (dyadic: all sums exact) */
    static const float px[4] = {0, 1, 0, 1}, py[4] = {0, 0, 1, 1};
    static const float ox[8] = {0.25f, -0.5f, 0.125f, 0.0f, 0.375f, 0.25f, -0.25f, 0.5f};
    static const float oy[8] = {0.0f, 0.25f, -0.375f, 0.5f, 0.125f, -0.125f, 0.25f, 0.0f};
    for (unsigned l = 0; l < 8; l++) {
        float x = 10.5f + px[l % 4] + 2.0f * (float)(l / 4), y = 20.5f + py[l % 4];
        for (unsigned c = 0; c < 4; c++)
            tgx_exec_input(r.m, 0, c)[l].f =
                (float)c + (0.5f + (float)c) * x + (-2.0f + (float)c) * y;
        tgx_exec_input(r.m, 1, 0)[l].f = ox[l];
        tgx_exec_input(r.m, 1, 1)[l].f = oy[l];
    }
    TGX_CHECK(tgx_exec_run_fragment(r.m, 8, NULL, NULL, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 8; l++)
        for (unsigned c = 0; c < 4; c++) {
            float in = tgx_exec_input(r.m, 0, c)[l].f;
            TGX_CHECK(outf(&r, 0, c, l) == in, "INTERP_CENTROID lane %u", l);
            TGX_CHECK(outf(&r, 1, c, l) == in, "INTERP_SAMPLE 0 lane %u", l);
            float want = in + ox[l] * (0.5f + (float)c) + oy[l] * (-2.0f + (float)c);
            TGX_CHECK(outf(&r, 2, c, l) == want, "INTERP_OFFSET lane %u .%c = %g, want %g", l,
                      "xyzw"[c], (double)outf(&r, 2, c, l), (double)want);
        }
    run_close(&r);
}

int main(void)
{
    test_derivatives();
    test_kill();
    test_interp();
    return tgx_test_finish();
}
