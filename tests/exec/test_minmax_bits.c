/* MIN, MAX and _SAT give the C library's bits for every operand pair: Mesa 22.3's tgsi_exec
 * computes them with fminf, fmaxf and fminf(fmaxf(x, 0), 1) (micro_min, micro_max,
 * store_dest), so the library is the reference, NaN payloads, signalling NaNs and signed zeros
 * included. C lets fminf return either zero of a tie and any NaN of two, and the library's
 * answer depends on the operand order: tgx calls fminf(src1, src0) and fmaxf(src1, src0) (the
 * order its builds have always used) and fmaxf(x, 0) then fminf(., 1), so the reference calls
 * the library the same way, through pointers the compiler cannot reorder. The interpreter takes a
 * vectorised compare-and-select for groups of four lanes without NaN and the library otherwise
 * (src/exec/exec_alu.c KMINMAX, x_saturate); this test puts every pair of special values in every
 * lane position, so groups mix NaN and non-NaN lanes and in-place forms (the result replacing a
 * source) run too. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ops_harness.h"
#include "tgx/exec.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define LANES 64

static const uint32_t specials[] = {
    0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u, 0x40000000u, 0x7f800000u,
    0xff800000u, 0x7fc00000u, 0xffc00000u, 0x7fc00123u, 0x7f800001u, 0xff800005u, 0x7fa00000u,
    0x00000001u, 0x80000001u, 0x007fffffu, 0x3f7fffffu, 0x3f800001u, 0x7f7fffffu,
};
#define NSPEC (sizeof specials / sizeof specials[0])

typedef float (*fn2)(float, float);

static float lib_min(float a, float b)
{
    fn2 volatile f = fminf; /* a call of the library, operands in this order */
    return f(b, a);
}

static float lib_max(float a, float b)
{
    fn2 volatile f = fmaxf;
    return f(b, a);
}

static float lib_sat(float a)
{
    fn2 volatile lo = fmaxf, hi = fminf;
    return hi(lo(a, 0.0f), 1.0f);
}

/* a + -0.0 as the machine adds (a signalling NaN comes out quiet), then _SAT. */
static float lib_add_sat(float a)
{
    volatile float x = a, z = -0.0f;
    return lib_sat(x + z);
}

/* Operands of pair p in lane l: a sweep that walks every (special, special) pair over the
 * passes, with the lane rotating so each value meets every position in a group of four. */
static void operands(unsigned pass, unsigned l, uint32_t *a, uint32_t *b)
{
    unsigned k = pass * LANES + l;
    *a = specials[k % NSPEC];
    *b = specials[(k / NSPEC + l) % NSPEC];
}

static void check_pass(run *r, unsigned pass)
{
    for (unsigned l = 0; l < LANES; l++) {
        uint32_t a, b;
        operands(pass, l, &a, &b);
        uint32_t want[6] = {B(lib_min(F(a), F(b))), B(lib_max(F(a), F(b))), B(lib_sat(F(a))),
                            B(lib_min(F(a), F(b))), B(lib_max(F(a), F(b))), B(lib_add_sat(F(a)))};
        static const char *const what[6] = {"MIN",          "MAX",          "MOV_SAT",
                                            "MIN in place", "MAX in place", "ADD_SAT in place"};
        for (unsigned k = 0; k < 6; k++) {
            uint32_t got = outu(r, k / 3, k % 3, l);
            TGX_CHECK(got == want[k], "%s(%08x, %08x) lane %u = %08x, want %08x (C library)",
                      what[k], a, b, l, got, want[k]);
        }
    }
}

int main(void)
{
    /* OUT[0].xyz: MIN, MAX, MOV_SAT into another register; OUT[1].xyz: the same with the result
     * replacing a source (TEMP[0].x = MIN(TEMP[0].x, ...)); ADD_SAT of a and -0.0 is a. */
    static const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
                              "DCL TEMP[0..1]\n"
                              "IMM[0] FLT32 {-0.0, 0.0, 0.0, 0.0}\n"
                              "  0: MIN OUT[0].x, IN[0].xxxx, IN[0].yyyy\n"
                              "  1: MAX OUT[0].y, IN[0].xxxx, IN[0].yyyy\n"
                              "  2: MOV_SAT OUT[0].z, IN[0].xxxx\n"
                              "  3: MOV TEMP[0], IN[0].xxxx\n"
                              "  4: MIN TEMP[0].x, TEMP[0].xxxx, IN[0].yyyy\n"
                              "  5: MAX TEMP[0].y, TEMP[0].yyyy, IN[0].yyyy\n"
                              "  6: ADD_SAT TEMP[0].z, TEMP[0].zzzz, IMM[0].xxxx\n"
                              "  7: MOV OUT[1], TEMP[0]\n"
                              "  8: END\n";
    run r;
    if (!run_open(&r, text, LANES, "minmax"))
        return tgx_test_finish();
    unsigned passes = (NSPEC * NSPEC + LANES - 1) / LANES + NSPEC;
    for (unsigned pass = 0; pass < passes; pass++) {
        for (unsigned l = 0; l < LANES; l++) {
            uint32_t a, b;
            operands(pass, l, &a, &b);
            tgx_exec_input(r.m, 0, 0)[l].u = a;
            tgx_exec_input(r.m, 0, 1)[l].u = b;
        }
        if (tgx_exec_run_vertex(r.m, LANES, &r.d) != TGX_OK) {
            TGX_CHECK(0, "run: %s", r.d.message);
            break;
        }
        check_pass(&r, pass);
    }
    run_close(&r);
    return tgx_test_finish();
}
