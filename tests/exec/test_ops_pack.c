/* Packing opcodes. The spec says "TBD" for all eight; they come from NV_fragment_program (and Cg's
 * pack_2half / pack_2ushort / pack_4byte / pack_4ubyte), and Mesa's tgsi_exec implements PK2H and
 * UP2H (exec_pk2h / exec_up2h):
 *   PK2H   half(x) | half(y) << 16, round to nearest even; replicated
 *   PK2US  round(65535 * clamp(c, 0, 1)) for x, y (16 bits each); replicated
 *   PK4B   round(127 * clamp(c, -128/127, 127/127) + 128) for x..w (8 bits each); replicated
 *   PK4UB  round(255 * clamp(c, 0, 1)) for x..w; replicated
 *   UP2H   (half lo, half hi, half lo, half hi)  (Mesa exec_up2h writes dst[chan & 1])
 *   UP2US  (lo / 65535, hi / 65535, lo / 65535, hi / 65535)
 *   UP4B   ((byte c) - 128) / 127 for x..w
 *   UP4UB  (byte c) / 255 for x..w
 * Inputs avoid exact rounding ties of the unorm/snorm packs (round() of a tie is not pinned down
 * by those texts). Expected words are hand-computed constants, the arithmetic in comments. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ops_harness.h"
#include "tgx/exec.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define LANES 8

/* ---- packing ------------------------------------------------------------------------------------
 */

typedef struct pk {
    float in[4];
    uint32_t word;
} pk;

/* half: 1.0 = 0x3c00, -2.0 = 0xc000, 0.5 = 0x3800, 65504 = 0x7bff (largest), 1e5 overflows to
 * +inf 0x7c00, 2^-24 = 0x0001 (smallest denormal), -0 = 0x8000, 1/3 -> 0x3555 (0.33325; 0x3556 =
 * 0.33350 is farther), 1 + 2^-11 is the tie between 0x3c00 and 0x3c01 -> even 0x3c00,
 * 1 + 3*2^-11 the tie between 0x3c01 and 0x3c02 -> 0x3c02, 65520 the tie between 65504 (odd
 * significand) and 65536 -> +inf, -2^-14 = 0x8400. */
static const pk t_pk2h[] = {
    {{1.0f, -2.0f, 9, 9}, 0xc0003c00u},
    {{0.5f, 65504.0f, 9, 9}, 0x7bff3800u},
    {{1e5f, 0x1p-24f, 9, 9}, 0x00017c00u},
    {{-0.0f, 1.0f / 3.0f, 9, 9}, 0x35558000u},
    {{1.0f + 0x1p-11f, 1.0f + 0x3p-11f, 9, 9}, 0x3c023c00u},
    {{65520.0f, -0x1p-14f, 9, 9}, 0x84007c00u},
};
/* PK2US: 0 -> 0, 1 -> 65535, -1 -> 0, 2 -> 65535, 0.25 * 65535 = 16383.75 -> 16384 (0x4000),
 * 0.75 * 65535 = 49151.25 -> 49151 (0xbfff), 0.2 * 65535 = 13107 (0x3333), 1e-6 * 65535 -> 0. */
static const pk t_pk2us[] = {
    {{0.0f, 1.0f, 9, 9}, 0xffff0000u},
    {{-1.0f, 2.0f, 9, 9}, 0xffff0000u},
    {{0.25f, 0.75f, 9, 9}, 0xbfff4000u},
    {{0.2f, 1e-6f, 9, 9}, 0x00003333u},
};
/* PK4B: 0 -> 128 (0x80), 1 -> 255, -1 -> 1, -2 -> clamp -128/127 -> 0, 0.25 -> 159.75 -> 160
 * (0xa0), -0.25 -> 96.25 -> 96 (0x60), 5 -> 255. */
static const pk t_pk4b[] = {
    {{0.0f, 1.0f, -1.0f, -2.0f}, 0x0001ff80u},
    {{0.25f, -0.25f, 5.0f, -128.0f / 127.0f}, 0x00ff60a0u},
};
/* PK4UB: 0, 1 -> 255, 0.2 * 255 = 51 (0x33), -3 -> 0; 0.6 * 255 = 153 (0x99), 0.4 * 255 = 102
 * (0x66), 2 -> 255, 0.998 * 255 = 254.49 -> 254 (0xfe). */
static const pk t_pk4ub[] = {
    {{0.0f, 1.0f, 0.2f, -3.0f}, 0x0033ff00u},
    {{0.6f, 0.4f, 2.0f, 0.998f}, 0xfeff6699u},
};

static void pack_case(const char *op, const pk *t, unsigned n)
{
    char text[512];
    /* a masked write shows replication and the mask: x and z keep IN[1] */
    snprintf(text, sizeof(text),
             "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
             "DCL TEMP[0]\n  0: %s OUT[0], IN[0]\n  1: MOV TEMP[0], IN[1]\n"
             "  2: %s TEMP[0].yw, IN[0]\n  3: MOV OUT[1], TEMP[0]\n  4: END\n",
             op, op);
    run r;
    if (run_open(&r, text, LANES, op)) {
        for (unsigned l = 0; l < n; l++)
            for (unsigned c = 0; c < 4; c++) {
                tgx_exec_input(r.m, 0, c)[l].f = t[l].in[c];
                tgx_exec_input(r.m, 1, c)[l].u = 0x11110000u + c;
            }
        TGX_CHECK(tgx_exec_run_vertex(r.m, n, &r.d) == TGX_OK, "%s: run: %s", op, r.d.message);
        for (unsigned l = 0; l < n; l++)
            for (unsigned c = 0; c < 4; c++) {
                uint32_t got = tgx_exec_output(r.m, 0, c)[l].u;
                TGX_CHECK(got == t[l].word, "%s(%g, %g, %g, %g) .%c = 0x%08x, want 0x%08x", op,
                          (double)t[l].in[0], (double)t[l].in[1], (double)t[l].in[2],
                          (double)t[l].in[3], "xyzw"[c], got, t[l].word);
                uint32_t want1 = (c & 1) ? t[l].word : 0x11110000u + c;
                TGX_CHECK(tgx_exec_output(r.m, 1, c)[l].u == want1, "%s .yw lane %u .%c", op, l,
                          "xyzw"[c]);
            }
    }
    run_close(&r);
}

/* ---- unpacking ----------------------------------------------------------------------------------
 */

typedef struct up {
    uint32_t word;
    float out[4];
} up;

/* 0x83ff: sign, exponent 0, significand 0x3ff: -(1023 * 2^-24) */
static const up t_up2h[] = {
    {0xc0003c00u, {1.0f, -2.0f, 1.0f, -2.0f}},
    {0x7bff3800u, {0.5f, 65504.0f, 0.5f, 65504.0f}},
    {0x00017c00u, {INFINITY, 0x1p-24f, INFINITY, 0x1p-24f}},
    {0x83ff0400u, {0x1p-14f, -1023.0f * 0x1p-24f, 0x1p-14f, -1023.0f * 0x1p-24f}},
    {0x80003555u, {0.333251953125f, -0.0f, 0.333251953125f, -0.0f}},
};

static void unpack_case(const char *op, const up *t, unsigned n, int exact)
{
    char text[256];
    snprintf(text, sizeof(text),
             "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\n  0: %s OUT[0], IN[0].xxxx\n  1: END\n", op);
    run r;
    if (run_open(&r, text, LANES, op)) {
        for (unsigned l = 0; l < n; l++)
            tgx_exec_input(r.m, 0, 0)[l].u = t[l].word;
        TGX_CHECK(tgx_exec_run_vertex(r.m, n, &r.d) == TGX_OK, "%s: run: %s", op, r.d.message);
        for (unsigned l = 0; l < n; l++)
            for (unsigned c = 0; c < 4; c++) {
                float got = tgx_exec_output(r.m, 0, c)[l].f;
                int ok = exact ? tgx_f2bits(got) == tgx_f2bits(t[l].out[c]) : got == t[l].out[c];
                TGX_CHECK(ok, "%s(0x%08x) .%c = %.9g, want %.9g", op, t[l].word, "xyzw"[c],
                          (double)got, (double)t[l].out[c]);
            }
    }
    run_close(&r);
}

static void test_unpack(void)
{
    unpack_case("UP2H", t_up2h, NT(t_up2h), 1);
    /* UP2US: 16-bit unorm halves over 65535, (x, y, x, y) as UP2H */
    up t_up2us[] = {
        {0xffff0000u, {0.0f, 1.0f, 0.0f, 1.0f}},
        {0x80004000u, {16384.0f / 65535.0f, 32768.0f / 65535.0f, 0, 0}},
        {0x00013333u, {13107.0f / 65535.0f, 1.0f / 65535.0f, 0, 0}},
    };
    for (unsigned l = 1; l < NT(t_up2us); l++) {
        t_up2us[l].out[2] = t_up2us[l].out[0];
        t_up2us[l].out[3] = t_up2us[l].out[1];
    }
    unpack_case("UP2US", t_up2us, NT(t_up2us), 1);
    /* UP4B: (byte - 128) / 127: 0x80 -> 0, 0xff -> 1, 0x01 -> -1, 0x00 -> -128/127 */
    up t_up4b[] = {
        {0x0001ff80u, {0.0f, 1.0f, -1.0f, -128.0f / 127.0f}},
        {0x00ff60a0u, {32.0f / 127.0f, -32.0f / 127.0f, 127.0f / 127.0f, -128.0f / 127.0f}},
    };
    unpack_case("UP4B", t_up4b, NT(t_up4b), 1);
    /* UP4UB: byte / 255 */
    up t_up4ub[] = {
        {0x0033ff00u, {0.0f, 1.0f, 51.0f / 255.0f, 0.0f}},
        {0xfeff6699u, {153.0f / 255.0f, 102.0f / 255.0f, 1.0f, 254.0f / 255.0f}},
    };
    unpack_case("UP4UB", t_up4ub, NT(t_up4ub), 1);
}

/* PK2H then UP2H gives back every value a half holds exactly. */
static void test_round_trip(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                       "  0: PK2H TEMP[0].x, IN[0]\n  1: UP2H OUT[0], TEMP[0].xxxx\n  2: END\n";
    run r;
    if (run_open(&r, text, LANES, "PK2H/UP2H")) {
        static const float v[4][2] = {
            {1.5f, -0.125f}, {1024.0f, 0x1p-20f}, {-65504.0f, 3.0f}, {0.0f, -7.25f}};
        for (unsigned l = 0; l < 4; l++)
            for (unsigned c = 0; c < 2; c++)
                tgx_exec_input(r.m, 0, c)[l].f = v[l][c];
        TGX_CHECK(tgx_exec_run_vertex(r.m, 4, &r.d) == TGX_OK, "run: %s", r.d.message);
        for (unsigned l = 0; l < 4; l++)
            for (unsigned c = 0; c < 4; c++)
                TGX_CHECK(tgx_exec_output(r.m, 0, c)[l].f == v[l][c & 1], "round trip lane %u .%c",
                          l, "xyzw"[c]);
    }
    run_close(&r);
}

int main(void)
{
    pack_case("PK2H", t_pk2h, NT(t_pk2h));
    pack_case("PK2US", t_pk2us, NT(t_pk2us));
    pack_case("PK4B", t_pk4b, NT(t_pk4b));
    pack_case("PK4UB", t_pk4ub, NT(t_pk4ub));
    test_unpack();
    test_round_trip();
    return tgx_test_finish();
}
