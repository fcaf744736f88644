/* Register files and operand forms around the opcodes: 64-bit immediates (FLT64, UINT64, INT64)
 * feeding double and 64-bit opcodes, TEMP arrays (ARRAY(n)) with indirect access, CONST buffers
 * indexed indirectly in both dimensions, outputs read back as sources, a subroutine that ends at
 * ENDSUB without RET (Mesa's ENDSUB returns), nested SWITCH, KILL_IF with a negated source, and a
 * 2x2x2 compute block (THREAD_ID in three dimensions, BLOCK_SIZE).
 *
 * Expected values are hand-computed from the spec's formulas; comments give the arithmetic. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ops_harness.h"
#include "tgx/exec.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define LANES 8

static uint64_t out_q(run *r, unsigned reg, unsigned lane, unsigned pair)
{
    return (uint64_t)outu(r, reg, 2 * pair, lane) |
           ((uint64_t)outu(r, reg, 2 * pair + 1, lane) << 32);
}

/* ---- immediates, arrays, constants, outputs
 * ------------------------------------------------------ */

static void test_files(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0..5], GENERIC[0]\nDCL TEMP[0..1]\n"
                       "DCL TEMP[2..5], ARRAY(1)\nDCL ADDR[0]\n"
                       "DCL CONST[0][0..1]\nDCL CONST[1][0..1]\nDCL CONST[2][0..1]\n"
                       "IMM[0] FLT64 {1.5, -0.25}\n"
                       "IMM[1] UINT64 {18446744073709551615, 4294967296}\n"
                       "IMM[2] INT64 {-3, 5}\n"
                       "IMM[3] FLT32 {1.0, 2.0, 3.0, 4.0}\n"
                       "  0: DADD OUT[0], IMM[0], IN[0]\n"
                       "  1: U64ADD OUT[1], IMM[1], IMM[2]\n"
                       "  2: MOV TEMP[2], IMM[3].xxxx\n"
                       "  3: MOV TEMP[3], IMM[3].yyyy\n"
                       "  4: MOV TEMP[4], IMM[3].zzzz\n"
                       "  5: MOV TEMP[5], IMM[3].wwww\n"
                       "  6: UARL ADDR[0].xy, IN[1].xyyy\n"
                       "  7: MOV OUT[2], TEMP[ADDR[0].x+2](1)\n"
                       "  8: MOV OUT[3], CONST[ADDR[0].y][1]\n"
                       "  9: MOV OUT[4], OUT[2]\n"
                       " 10: ADD OUT[4].y, OUT[4].xxxx, OUT[3].xxxx\n"
                       " 11: MOV OUT[5], CONST[1][ADDR[0].x-1]\n"
                       " 12: END\n";
    run r;
    if (!run_open(&r, text, LANES, "register files")) {
        run_close(&r);
        return;
    }
    /* CONST[b][i] = (100b + 10i + 0, ... + 1, ... + 2, ... + 3) */
    uint32_t cb[3][8];
    for (unsigned b = 0; b < 3; b++) {
        for (unsigned k = 0; k < 8; k++)
            cb[b][k] = B((float)(100 * b + 10 * (k / 4) + k % 4));
        TGX_CHECK(tgx_exec_bind_constants(r.m, b, cb[b], 8) == TGX_OK, "bind constants");
    }
    /* IN[0]: doubles 1.0 (xy) and 2.0 (zw); IN[1]: array index 0..3, buffer 0..2 */
    static const uint32_t ax[4] = {0, 3, 1, 2}, ay[4] = {2, 0, 1, 2};
    for (unsigned l = 0; l < 4; l++) {
        uint64_t one = tgx_d2bits(1.0), two = tgx_d2bits(2.0);
        tgx_exec_input(r.m, 0, 0)[l].u = (uint32_t)one;
        tgx_exec_input(r.m, 0, 1)[l].u = (uint32_t)(one >> 32);
        tgx_exec_input(r.m, 0, 2)[l].u = (uint32_t)two;
        tgx_exec_input(r.m, 0, 3)[l].u = (uint32_t)(two >> 32);
        tgx_exec_input(r.m, 1, 0)[l].u = ax[l];
        tgx_exec_input(r.m, 1, 1)[l].u = ay[l];
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 4, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 4; l++) {
        /* FLT64 immediate pairs: 1.5 + 1.0, -0.25 + 2.0 */
        TGX_CHECK(out_q(&r, 0, l, 0) == tgx_d2bits(2.5) && out_q(&r, 0, l, 1) == tgx_d2bits(1.75),
                  "DADD of a FLT64 immediate, lane %u", l);
        /* UINT64 + INT64: (2^64 - 1) + (-3) wraps to 2^64 - 4; 2^32 + 5 */
        TGX_CHECK(out_q(&r, 1, l, 0) == 0xfffffffffffffffcull &&
                      out_q(&r, 1, l, 1) == 4294967301ull,
                  "U64ADD of 64-bit immediates, lane %u: 0x%llx 0x%llx", l,
                  (unsigned long long)out_q(&r, 1, l, 0), (unsigned long long)out_q(&r, 1, l, 1));
        /* TEMP[ADDR.x + 2] of ARRAY(1) = TEMP[2..5] = 1, 2, 3, 4 */
        float t = 1.0f + (float)ax[l];
        TGX_CHECK(outu(&r, 2, 0, l) == B(t), "TEMP array element %u, lane %u", ax[l] + 2, l);
        /* CONST[ADDR.y][1]: buffer ay, register 1 */
        for (unsigned c = 0; c < 4; c++)
            TGX_CHECK(outu(&r, 3, c, l) == cb[ay[l]][4 + c], "CONST[%u][1].%c lane %u", ay[l],
                      "xyzw"[c], l);
        /* outputs read back: OUT[4] = OUT[2], then .y = OUT[4].x + OUT[3].x */
        TGX_CHECK(outu(&r, 4, 0, l) == B(t) &&
                      outu(&r, 4, 1, l) == B(t + (float)(100 * ay[l] + 10)),
                  "outputs as sources, lane %u", l);
        /* CONST[1][ADDR.x - 1]: register ax - 1; -1 is outside the buffer and reads 0
         * (exec.h: reads past the bound words give 0) */
        for (unsigned c = 0; c < 4; c++) {
            uint32_t want = ax[l] >= 1 && ax[l] <= 2 ? cb[1][4 * (ax[l] - 1) + c] : 0u;
            TGX_CHECK(outu(&r, 5, c, l) == want, "CONST[1][ADDR.x-1].%c lane %u = 0x%x, want 0x%x",
                      "xyzw"[c], l, outu(&r, 5, c, l), want);
        }
    }
    run_close(&r);
}

/* ---- ENDSUB without RET, nested SWITCH
 * ------------------------------------------------------------ */

/* sub S (no RET: ENDSUB returns, as Mesa's ENDSUB does): x += 1. Main calls S twice, then
 * switch (a) { case 1: switch (b) { case 1: y += 1; break; default: y += 10; } z += 1; break;
 *              default: z += 100; } */
static void test_endsub_nested_switch(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                       "IMM[0] UINT32 {0, 1, 10, 100}\n"
                       "  0: MOV TEMP[0], IMM[0].xxxx\n"
                       "  1: CAL :20\n"
                       "  2: CAL :20\n"
                       "  3: SWITCH IN[0].xxxx\n"
                       "  4: CASE IMM[0].yyyy\n"
                       "  5:   SWITCH IN[0].yyyy\n"
                       "  6:   CASE IMM[0].yyyy\n"
                       "  7:     UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].yyyy\n"
                       "  8:     BRK\n"
                       "  9:   DEFAULT\n"
                       " 10:     UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].zzzz\n"
                       " 11:   ENDSWITCH\n"
                       " 12:   UADD TEMP[0].z, TEMP[0].zzzz, IMM[0].yyyy\n"
                       " 13:   BRK\n"
                       " 14: DEFAULT\n"
                       " 15:   UADD TEMP[0].z, TEMP[0].zzzz, IMM[0].wwww\n"
                       " 16: ENDSWITCH\n"
                       " 17: MOV OUT[0], TEMP[0]\n"
                       " 18: END\n"
                       " 19: NOP\n"
                       " 20: BGNSUB\n"
                       " 21:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                       " 22: ENDSUB\n";
    run r;
    if (!run_open(&r, text, LANES, "ENDSUB / nested SWITCH")) {
        run_close(&r);
        return;
    }
    static const uint32_t a[4] = {1, 1, 0, 2}, b[4] = {1, 5, 1, 1};
    for (unsigned l = 0; l < 4; l++) {
        tgx_exec_input(r.m, 0, 0)[l].u = a[l];
        tgx_exec_input(r.m, 0, 1)[l].u = b[l];
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 4, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 4; l++) {
        uint32_t y = 0, z = 0;
        switch (a[l]) {
        case 1:
            y += b[l] == 1 ? 1 : 10;
            z += 1;
            break;
        default: z += 100;
        }
        TGX_CHECK(outu(&r, 0, 0, l) == 2, "two calls of a subroutine ending at ENDSUB: x = %u",
                  outu(&r, 0, 0, l));
        TGX_CHECK(outu(&r, 0, 1, l) == y && outu(&r, 0, 2, l) == z,
                  "nested switch (%u, %u): y %u z %u, want %u %u", a[l], b[l], outu(&r, 0, 1, l),
                  outu(&r, 0, 2, l), y, z);
    }
    run_close(&r);
}

/* ---- KILL_IF with a negated source
 * ---------------------------------------------------------------- */

/* Mesa's glsl_to_tgsi writes `discard if (c)` as KILL_IF -c.xxxx with c = 1.0 or 0.0: a lane dies
 * when -c < 0, i.e. c > 0. */
static void test_kill_if_negated(void)
{
    const char *text = "FRAG\nDCL IN[0], GENERIC[0], CONSTANT\nDCL OUT[0], COLOR\n"
                       "  0: KILL_IF -IN[0].xxxx\n  1: MOV OUT[0], IN[0]\n  2: END\n";
    run r;
    if (!run_open(&r, text, LANES, "KILL_IF -x")) {
        run_close(&r);
        return;
    }
    static const float c[8] = {1.0f, 0.0f, -0.0f, 2.5f, -1.0f, 0.0f, 1e-30f, 0.0f};
    for (unsigned l = 0; l < 8; l++)
        tgx_exec_input(r.m, 0, 0)[l].f = c[l];
    tgx_lane_mask killed[8];
    TGX_CHECK(tgx_exec_run_fragment(r.m, 8, NULL, killed, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 8; l++)
        TGX_CHECK(killed[l] == (c[l] > 0.0f ? ~0u : 0u), "KILL_IF -%g: killed = %#x", (double)c[l],
                  killed[l]);
    run_close(&r);
}

/* ---- a 3-D compute block
 * -------------------------------------------------------------------------- */

static void test_block_3d(void)
{
    const char *text = "COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 2\nPROPERTY CS_FIXED_BLOCK_HEIGHT 2\n"
                       "PROPERTY CS_FIXED_BLOCK_DEPTH 2\n"
                       "DCL SV[0], THREAD_ID\nDCL SV[1], BLOCK_SIZE\nDCL BUFFER[0]\nDCL TEMP[0]\n"
                       "IMM[0] UINT32 {16, 0, 0, 0}\n"
                       "  0: UMAD TEMP[0].x, SV[0].zzzz, SV[1].yyyy, SV[0].yyyy\n"
                       "  1: UMAD TEMP[0].x, TEMP[0].xxxx, SV[1].xxxx, SV[0].xxxx\n"
                       "  2: UMUL TEMP[0].y, TEMP[0].xxxx, IMM[0].xxxx\n"
                       "  3: MOV TEMP[0].z, SV[0].zzzz\n"
                       "  4: MOV TEMP[0].w, SV[1].zzzz\n"
                       "  5: STORE BUFFER[0], TEMP[0].yyyy, TEMP[0]\n"
                       "  6: END\n";
    run r;
    if (!run_open(&r, text, 8, "3-D block")) {
        run_close(&r);
        return;
    }
    unsigned bs[3];
    tgx_exec_program_block_size(r.p, bs);
    TGX_CHECK(bs[0] == 2 && bs[1] == 2 && bs[2] == 2, "block size properties");
    uint32_t out[32];
    memset(out, 0xee, sizeof(out));
    TGX_CHECK(tgx_exec_bind_buffer(r.m, 0, out, sizeof(out)) == TGX_OK, "bind");
    static const uint32_t blk[3] = {0, 0, 0}, grid[3] = {1, 1, 1};
    TGX_CHECK(tgx_exec_run_compute(r.m, blk, grid, &r.d) == TGX_OK, "run: %s", r.d.message);
    /* thread (x, y, z) is lane x + 2y + 4z (exec.h) and finds its own linear id from THREAD_ID
     * and BLOCK_SIZE */
    for (unsigned t = 0; t < 8; t++)
        TGX_CHECK(out[4 * t] == t && out[4 * t + 1] == 16 * t && out[4 * t + 2] == t / 4 &&
                      out[4 * t + 3] == 2,
                  "thread %u: (%u, %u, %u, %u)", t, out[4 * t], out[4 * t + 1], out[4 * t + 2],
                  out[4 * t + 3]);
    run_close(&r);
}

/* ---- destination = source ----------------------------------------------------------------------
 */

/* Every source channel is read before the destination is written (Mesa's exec_* helpers compute
 * all channels first, then store), also for the per-channel legacy opcodes, unpacking and channel
 * pairs: `OP TEMP[0], TEMP[0]...` must equal `OP TEMP[1], <copy of TEMP[0]>...`. Each line runs
 * both forms and compares them bit for bit. Channel-pair opcodes are tested without a swizzle that
 * moves a pair: Mesa's exec_double_binary / exec_double_unary store the xy result before they
 * fetch the sources of the zw pair, so `DADD TEMP[0], TEMP[0].zwxy, TEMP[0]` reads the new xy
 * there; tgx gives the same result and this test does not pin either answer. */
static void test_aliasing(void)
{
    static const char *const ops[][2] = {
        {"XPD TEMP[0], TEMP[0], TEMP[0].yzwx", "XPD TEMP[1], TEMP[2], TEMP[2].yzwx"},
        {"LIT TEMP[0], TEMP[0].wzyx", "LIT TEMP[1], TEMP[2].wzyx"},
        {"EXP TEMP[0], TEMP[0].yyyy", "EXP TEMP[1], TEMP[2].yyyy"},
        {"LOG TEMP[0], TEMP[0].zzzz", "LOG TEMP[1], TEMP[2].zzzz"},
        {"DST TEMP[0], TEMP[0].wzyx, TEMP[0]", "DST TEMP[1], TEMP[2].wzyx, TEMP[2]"},
        {"RFL TEMP[0], TEMP[0].yzxw, TEMP[0]", "RFL TEMP[1], TEMP[2].yzxw, TEMP[2]"},
        {"X2D TEMP[0], TEMP[0].wzyx, TEMP[0], TEMP[0].yxwz",
         "X2D TEMP[1], TEMP[2].wzyx, TEMP[2], TEMP[2].yxwz"},
        {"SCS TEMP[0], TEMP[0].wwww", "SCS TEMP[1], TEMP[2].wwww"},
        {"NRM TEMP[0], TEMP[0].wzyx", "NRM TEMP[1], TEMP[2].wzyx"},
        {"NRM4 TEMP[0], TEMP[0].wzyx", "NRM4 TEMP[1], TEMP[2].wzyx"},
        {"DP3 TEMP[0], TEMP[0], TEMP[0].wzyx", "DP3 TEMP[1], TEMP[2], TEMP[2].wzyx"},
        {"UP2H TEMP[0], TEMP[0].zzzz", "UP2H TEMP[1], TEMP[2].zzzz"},
        {"UP4UB TEMP[0], TEMP[0].yyyy", "UP4UB TEMP[1], TEMP[2].yyyy"},
        {"CMP TEMP[0], TEMP[0].yzwx, TEMP[0], TEMP[0].wzyx",
         "CMP TEMP[1], TEMP[2].yzwx, TEMP[2], TEMP[2].wzyx"},
        {"DADD TEMP[0], TEMP[0], TEMP[0].xyzw", "DADD TEMP[1], TEMP[2], TEMP[2].xyzw"},
        {"DMUL TEMP[0], -TEMP[0], TEMP[0]", "DMUL TEMP[1], -TEMP[2], TEMP[2]"},
        {"U64ADD TEMP[0], TEMP[0], TEMP[0]", "U64ADD TEMP[1], TEMP[2], TEMP[2]"},
        {"D2F TEMP[0].xy, TEMP[0]", "D2F TEMP[1].xy, TEMP[2]"},
        {"DLDEXP TEMP[0], TEMP[0], TEMP[0]", "DLDEXP TEMP[1], TEMP[2], TEMP[2]"},
        {"DFRACEXP TEMP[0], TEMP[3].xy, TEMP[0]", "DFRACEXP TEMP[1], TEMP[4].xy, TEMP[2]"},
    };
    for (size_t k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
        char text[1024];
        snprintf(text, sizeof(text),
                 "VERT\nDCL IN[0]\nDCL OUT[0..1], GENERIC[0]\nDCL TEMP[0..4]\n"
                 "  0: MOV TEMP[0], IN[0]\n  1: MOV TEMP[1], IN[0]\n  2: MOV TEMP[2], IN[0]\n"
                 "  3: %s\n  4: %s\n  5: MOV OUT[0], TEMP[0]\n  6: MOV OUT[1], TEMP[1]\n"
                 "  7: END\n",
                 ops[k][0], ops[k][1]);
        run r;
        if (run_open(&r, text, LANES, ops[k][0])) {
            /* lane 0: small floats; lane 1: doubles 1.5 and -6.0 in the pairs */
            static const float f[4] = {0.5f, 2.0f, 3.0f, 0.25f};
            for (unsigned c = 0; c < 4; c++)
                tgx_exec_input(r.m, 0, c)[0].f = f[c];
            uint64_t d0 = tgx_d2bits(1.5), d1 = tgx_d2bits(-6.0);
            uint32_t w[4] = {(uint32_t)d0, (uint32_t)(d0 >> 32), (uint32_t)d1,
                             (uint32_t)(d1 >> 32)};
            for (unsigned c = 0; c < 4; c++)
                tgx_exec_input(r.m, 0, c)[1].u = w[c];
            TGX_CHECK(tgx_exec_run_vertex(r.m, 2, &r.d) == TGX_OK, "%s: run: %s", ops[k][0],
                      r.d.message);
            for (unsigned l = 0; l < 2; l++)
                for (unsigned c = 0; c < 4; c++) {
                    uint32_t a = outu(&r, 0, c, l), b = outu(&r, 1, c, l);
                    int both_nan = isnan(tgx_bits2f(a)) && isnan(tgx_bits2f(b));
                    TGX_CHECK(a == b || both_nan, "%s lane %u .%c = 0x%x, unaliased 0x%x",
                              ops[k][0], l, "xyzw"[c], a, b);
                }
        }
        run_close(&r);
    }
}

int main(void)
{
    test_files();
    test_endsub_nested_switch();
    test_kill_if_negated();
    test_block_3d();
    test_aliasing();
    return tgx_test_finish();
}
