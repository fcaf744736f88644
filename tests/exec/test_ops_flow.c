/* Control flow of the interpreter, per lane with execution masks: IF/UIF/ELSE/ENDIF nesting,
 * BGNLOOP/ENDLOOP with BRK/CONT/BREAKC (nested), SWITCH/CASE/DEFAULT/ENDSWITCH with fall-through
 * and a DEFAULT in the middle, CAL/RET/BGNSUB/ENDSUB with an early RET in some lanes, CALLNZ, RET
 * from main, BRA, NOP, END, the instruction budget, and the subgroup opcodes (VOTE_ANY/ALL/EQ,
 * BALLOT, READ_FIRST, READ_INVOC, CLOCK) over the executing lanes.
 *
 * Expected values come from the same program written as C control flow (the spec's meaning of
 * each construct: "IF ... Condition evaluates to true if src0.x != 0.0 ... as a floating point
 * register"; UIF/BREAKC "src0.x != 0 ... as an integer register"; SWITCH "just like in C falling
 * through to other cases without a break is allowed ... DEFAULT label is allowed anywhere"). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ops_harness.h"
#include "tgx/exec.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define LANES 8

/* ---- IF / UIF / ELSE nesting
 * --------------------------------------------------------------------- */

static void test_if(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                       "IMM[0] FLT32 {1.0, 2.0, 3.0, 4.0}\n"
                       "  0: MOV TEMP[0], IMM[0].wwww\n"
                       "  1: IF IN[0].xxxx :8\n"
                       "  2:   MOV TEMP[0].x, IMM[0].xxxx\n"
                       "  3:   UIF IN[0].yyyy :5\n"
                       "  4:     MOV TEMP[0].y, IMM[0].xxxx\n"
                       "  5:   ELSE :7\n"
                       "  6:     MOV TEMP[0].y, IMM[0].yyyy\n"
                       "  7:   ENDIF\n"
                       "  8: ELSE :10\n"
                       "  9:   MOV TEMP[0].z, IMM[0].zzzz\n"
                       " 10: ENDIF\n"
                       " 11: MOV OUT[0], TEMP[0]\n"
                       " 12: END\n";
    run r;
    if (!run_open(&r, text, LANES, "IF/UIF/ELSE")) {
        run_close(&r);
        return;
    }
    /* IF tests a float: -0.0 is false, NaN is true (NaN != 0). UIF tests bits: 0x80000000 is
     * true. */
    static const float a[8] = {0.0f, 1.0f, -0.0f, NAN, 0.5f, 1.0f, 0.0f, -3.0f};
    static const uint32_t b[8] = {0, 1, 1, 0x80000000u, 0, 0, 7, 0x3f800000u};
    for (unsigned l = 0; l < 8; l++) {
        tgx_exec_input(r.m, 0, 0)[l].f = a[l];
        tgx_exec_input(r.m, 0, 1)[l].u = b[l];
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 8, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 8; l++) {
        float w[4] = {4, 4, 4, 4};
        if (a[l] != 0.0f) {
            w[0] = 1;
            if (b[l] != 0)
                w[1] = 1;
            else
                w[1] = 2;
        } else {
            w[2] = 3;
        }
        for (unsigned c = 0; c < 4; c++)
            TGX_CHECK(outf(&r, 0, c, l) == w[c], "IF nest lane %u .%c = %g, want %g", l, "xyzw"[c],
                      (double)outf(&r, 0, c, l), (double)w[c]);
    }
    run_close(&r);
}

/* ---- loops
 * --------------------------------------------------------------------------------------- */

/* for (;;) { it++; if (i >= n) break; (BREAKC)  i++; if (i == skip) continue; sum += i;
 *            if (sum >= 100) break; }
 * then a nested pair: for j < 3 { for (;;) { k++; if (k > j) break; } } counting inner trips. */
static void test_loops(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
                       "DCL TEMP[0..3]\n"
                       "IMM[0] UINT32 {0, 1, 100, 3}\n"
                       "  0: MOV TEMP[0], IMM[0].xxxx\n"
                       "  1: BGNLOOP :15\n"
                       "  2:   UADD TEMP[0].z, TEMP[0].zzzz, IMM[0].yyyy\n"
                       "  3:   USGE TEMP[1].x, TEMP[0].xxxx, IN[0].xxxx\n"
                       "  4:   BREAKC TEMP[1].xxxx\n"
                       "  5:   UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                       "  6:   USEQ TEMP[1].x, TEMP[0].xxxx, IN[0].yyyy\n"
                       "  7:   UIF TEMP[1].xxxx :9\n"
                       "  8:     CONT\n"
                       "  9:   ENDIF\n"
                       " 10:   UADD TEMP[0].y, TEMP[0].yyyy, TEMP[0].xxxx\n"
                       " 11:   USGE TEMP[1].x, TEMP[0].yyyy, IMM[0].zzzz\n"
                       " 12:   UIF TEMP[1].xxxx :14\n"
                       " 13:     BRK\n"
                       " 14:   ENDIF\n"
                       " 15: ENDLOOP :1\n"
                       " 16: MOV OUT[0], TEMP[0]\n"
                       " 17: MOV TEMP[2], IMM[0].xxxx\n"
                       " 18: BGNLOOP :32\n"
                       " 19:   USGE TEMP[3].x, TEMP[2].xxxx, IMM[0].wwww\n"
                       " 20:   UIF TEMP[3].xxxx :22\n"
                       " 21:     BRK\n"
                       " 22:   ENDIF\n"
                       " 23:   MOV TEMP[2].y, IMM[0].xxxx\n"
                       " 24:   BGNLOOP :29\n"
                       " 25:     UADD TEMP[2].y, TEMP[2].yyyy, IMM[0].yyyy\n"
                       " 26:     USLT TEMP[3].x, TEMP[2].xxxx, TEMP[2].yyyy\n"
                       " 27:     BREAKC TEMP[3].xxxx\n"
                       " 28:     UADD TEMP[2].z, TEMP[2].zzzz, IMM[0].yyyy\n"
                       " 29:   ENDLOOP :24\n"
                       " 30:   UADD TEMP[2].x, TEMP[2].xxxx, IMM[0].yyyy\n"
                       " 31:   UADD TEMP[2].w, TEMP[2].wwww, TEMP[2].yyyy\n"
                       " 32: ENDLOOP :18\n"
                       " 33: MOV OUT[1], TEMP[2]\n"
                       " 34: END\n";
    run r;
    if (!run_open(&r, text, LANES, "loops")) {
        run_close(&r);
        return;
    }
    static const uint32_t n[8] = {0, 1, 5, 5, 20, 3, 14, 2};
    static const uint32_t skip[8] = {0, 1, 3, 9, 4, 3, 1, 0};
    for (unsigned l = 0; l < 8; l++) {
        tgx_exec_input(r.m, 0, 0)[l].u = n[l];
        tgx_exec_input(r.m, 0, 1)[l].u = skip[l];
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 8, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 8; l++) {
        uint32_t i = 0, sum = 0, it = 0;
        for (;;) {
            it++;
            if (i >= n[l])
                break;
            i++;
            if (i == skip[l])
                continue;
            sum += i;
            if (sum >= 100)
                break;
        }
        TGX_CHECK(outu(&r, 0, 0, l) == i && outu(&r, 0, 1, l) == sum && outu(&r, 0, 2, l) == it,
                  "loop lane %u: (i %u, sum %u, it %u), want (%u, %u, %u)", l, outu(&r, 0, 0, l),
                  outu(&r, 0, 1, l), outu(&r, 0, 2, l), i, sum, it);
        uint32_t j = 0, k = 0, inner = 0, ksum = 0;
        for (;;) {
            if (j >= 3)
                break;
            k = 0;
            for (;;) {
                k++;
                if (j < k)
                    break;
                inner++;
            }
            j++;
            ksum += k;
        }
        TGX_CHECK(outu(&r, 1, 0, l) == j && outu(&r, 1, 2, l) == inner && outu(&r, 1, 3, l) == ksum,
                  "nested loops lane %u: (%u, %u, %u), want (%u, %u, %u)", l, outu(&r, 1, 0, l),
                  outu(&r, 1, 2, l), outu(&r, 1, 3, l), j, inner, ksum);
    }
    run_close(&r);
}

/* ---- SWITCH -------------------------------------------------------------------------------------
 */

/* switch (v) { case 1: x++; case 2: y++; break; default: z++; case 3: w++; break;
 *              case 4: x += 10; }
 * inside a loop of 3 trips, whose BRK inside the switch leaves only the switch. */
static void test_switch(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
                       "DCL TEMP[0..2]\n"
                       "IMM[0] UINT32 {1, 2, 3, 4}\n"
                       "IMM[1] UINT32 {0, 10, 0, 0}\n"
                       "  0: MOV TEMP[0], IMM[1].xxxx\n"
                       "  1: MOV TEMP[1], IMM[1].xxxx\n"
                       "  2: BGNLOOP :26\n"
                       "  3:   USGE TEMP[2].x, TEMP[1].xxxx, IMM[0].zzzz\n"
                       "  4:   UIF TEMP[2].xxxx :6\n"
                       "  5:     BRK\n"
                       "  6:   ENDIF\n"
                       "  7:   UADD TEMP[1].x, TEMP[1].xxxx, IMM[0].xxxx\n"
                       "  8:   SWITCH IN[0].xxxx\n"
                       "  9:   CASE IMM[0].xxxx\n"
                       " 10:     UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
                       " 11:   CASE IMM[0].yyyy\n"
                       " 12:     UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].xxxx\n"
                       " 13:     BRK\n"
                       " 14:   DEFAULT\n"
                       " 15:     UADD TEMP[0].z, TEMP[0].zzzz, IMM[0].xxxx\n"
                       " 16:   CASE IMM[0].zzzz\n"
                       " 17:     UADD TEMP[0].w, TEMP[0].wwww, IMM[0].xxxx\n"
                       " 18:     BRK\n"
                       " 19:   CASE IMM[0].wwww\n"
                       " 20:     UADD TEMP[0].x, TEMP[0].xxxx, IMM[1].yyyy\n"
                       " 21:   ENDSWITCH\n"
                       " 22:   UADD TEMP[1].y, TEMP[1].yyyy, IMM[0].xxxx\n"
                       " 23:   NOP\n"
                       " 24:   MOV TEMP[1].z, TEMP[1].yyyy\n"
                       " 25:   MOV TEMP[1].w, TEMP[1].xxxx\n"
                       " 26: ENDLOOP :2\n"
                       " 27: MOV OUT[0], TEMP[0]\n"
                       " 28: MOV OUT[1], TEMP[1]\n"
                       " 29: END\n";
    run r;
    if (!run_open(&r, text, LANES, "SWITCH")) {
        run_close(&r);
        return;
    }
    static const uint32_t v[8] = {0, 1, 2, 3, 4, 5, 0xffffffffu, 1};
    for (unsigned l = 0; l < 8; l++)
        tgx_exec_input(r.m, 0, 0)[l].u = v[l];
    TGX_CHECK(tgx_exec_run_vertex(r.m, 8, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 8; l++) {
        uint32_t c[4] = {0, 0, 0, 0}, trips = 0, after = 0;
        for (;;) {
            if (trips >= 3)
                break;
            trips++;
            switch (v[l]) {
            case 1: c[0]++; /* fall through */
            case 2: c[1]++; break;
            default: c[2]++; /* fall through */
            case 3: c[3]++; break;
            case 4: c[0] += 10;
            }
            after++;
        }
        for (unsigned k = 0; k < 4; k++)
            TGX_CHECK(outu(&r, 0, k, l) == c[k], "switch(%u) counter %c = %u, want %u", v[l],
                      "xyzw"[k], outu(&r, 0, k, l), c[k]);
        TGX_CHECK(outu(&r, 1, 0, l) == trips && outu(&r, 1, 1, l) == after,
                  "switch BRK leaves only the switch, lane %u", l);
    }
    run_close(&r);
}

/* ---- subroutines
 * --------------------------------------------------------------------------------- */

/* x = 1 (CAL) + [in.x != 0] (CALLNZ); y = [in.y != 0 && in.z == 0] (sub2 returns early when
 * in.z != 0); z = [in.w == 0] (RET from main ends the lanes with in.w != 0); BRA jumps over an
 * instruction. */
static void test_subroutines(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                       "IMM[0] FLT32 {0.0, 1.0, 5.0, 0.0}\n"
                       "  0: MOV TEMP[0], IMM[0].xxxx\n"
                       "  1: BRA :3\n"
                       "  2: MOV TEMP[0].w, IMM[0].zzzz\n"
                       "  3: CAL :14\n"
                       "  4: CALLNZ IN[0].xxxx :14\n"
                       "  5: UIF IN[0].yyyy :7\n"
                       "  6:   CAL :18\n"
                       "  7: ENDIF\n"
                       "  8: MOV OUT[0], TEMP[0]\n"
                       "  9: UIF IN[0].wwww :11\n"
                       " 10:   RET\n"
                       " 11: ENDIF\n"
                       " 12: ADD OUT[0].z, TEMP[0].zzzz, IMM[0].yyyy\n"
                       " 13: END\n"
                       " 14: BGNSUB\n"
                       " 15:   ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                       " 16:   RET\n"
                       " 17: ENDSUB\n"
                       " 18: BGNSUB\n"
                       " 19:   UIF IN[0].zzzz :21\n"
                       " 20:     RET\n"
                       " 21:   ENDIF\n"
                       " 22:   ADD TEMP[0].y, TEMP[0].yyyy, IMM[0].yyyy\n"
                       " 23:   RET\n"
                       " 24: ENDSUB\n";
    run r;
    if (!run_open(&r, text, LANES, "CAL/RET")) {
        run_close(&r);
        return;
    }
    /* in.x: CALLNZ condition (0 or not); in.y, in.z, in.w: integer flags */
    static const float cx[8] = {0.0f, 1.0f, 2.5f, 0.0f, 1.0f, 0.0f, -1.0f, 0.0f};
    static const uint32_t fy[8] = {0, 1, 1, 1, 0, 1, 1, 0};
    static const uint32_t fz[8] = {0, 0, 1, 0, 1, 1, 0, 0};
    static const uint32_t fw[8] = {0, 0, 0, 1, 1, 0, 1, 0};
    for (unsigned l = 0; l < 8; l++) {
        tgx_exec_input(r.m, 0, 0)[l].f = cx[l];
        tgx_exec_input(r.m, 0, 1)[l].u = fy[l];
        tgx_exec_input(r.m, 0, 2)[l].u = fz[l];
        tgx_exec_input(r.m, 0, 3)[l].u = fw[l];
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 8, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 8; l++) {
        float x = 1.0f + (cx[l] != 0.0f ? 1.0f : 0.0f);
        float y = (fy[l] && !fz[l]) ? 1.0f : 0.0f;
        float z = fw[l] ? 0.0f : 1.0f;
        TGX_CHECK(outf(&r, 0, 0, l) == x, "CAL + CALLNZ lane %u: x = %g, want %g", l,
                  (double)outf(&r, 0, 0, l), (double)x);
        TGX_CHECK(outf(&r, 0, 1, l) == y, "early RET in a subroutine lane %u: y = %g, want %g", l,
                  (double)outf(&r, 0, 1, l), (double)y);
        TGX_CHECK(outf(&r, 0, 2, l) == z, "RET from main lane %u: z = %g, want %g", l,
                  (double)outf(&r, 0, 2, l), (double)z);
        TGX_CHECK(outf(&r, 0, 3, l) == 0.0f, "BRA skipped instruction 2, lane %u", l);
    }
    run_close(&r);
}

/* ---- budget ------------------------------------------------------------------------------------
 */

/* The issue: "A budget of executed instructions (settable; default generous) turns a runaway
 * shader into an error naming the shader and instruction." */
static void test_budget(void)
{
    const char *text = "VERT\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                       "IMM[0] FLT32 {1.0, 0.0, 0.0, 0.0}\n"
                       "  0: MOV TEMP[0], IMM[0].yyyy\n"
                       "  1: BGNLOOP :3\n"
                       "  2:   ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"
                       "  3: ENDLOOP :1\n"
                       "  4: MOV OUT[0], TEMP[0]\n"
                       "  5: END\n";
    run r;
    if (!run_open(&r, text, LANES, "budget")) {
        run_close(&r);
        return;
    }
    tgx_exec_set_budget(r.m, 1000);
    tgx_status st = tgx_exec_run_vertex(r.m, 4, &r.d);
    TGX_CHECK(st == TGX_ERR_LIMIT, "runaway loop: status %d, want TGX_ERR_LIMIT", (int)st);
    TGX_CHECK(strstr(r.d.file, "ops.tgsi") != NULL || strstr(r.d.message, "ops.tgsi") != NULL,
              "the error names the shader: %s: %s", r.d.file, r.d.message);
    TGX_CHECK(r.d.line >= 6 && r.d.line <= 8, "the error names an instruction of the loop: line %u",
              r.d.line);
    TGX_CHECK(tgx_exec_instructions_executed(r.m) <= 1000 + 4,
              "stopped at the budget: %llu executed",
              (unsigned long long)tgx_exec_instructions_executed(r.m));
    run_close(&r);
}

/* ---- subgroup opcodes
 * ----------------------------------------------------------------------------- */

/* Lanes 0..5 of 8 run; lanes 6 and 7 are switched off by UIF. Values: IN[0].x. */
static void test_subgroup(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0..3], GENERIC[0]\nDCL TEMP[0..3]\n"
                       "IMM[0] UINT32 {0, 2, 0, 0}\n"
                       "  0: MOV TEMP[0], IMM[0].xxxx\n"
                       "  1: MOV TEMP[1], IMM[0].xxxx\n"
                       "  2: MOV TEMP[2], IMM[0].xxxx\n"
                       "  3: MOV TEMP[3], IMM[0].xxxx\n"
                       "  4: UIF IN[0].yyyy :14\n"
                       "  5:   VOTE_ANY TEMP[0].x, IN[0].xxxx\n"
                       "  6:   VOTE_ALL TEMP[0].y, IN[0].xxxx\n"
                       "  7:   VOTE_EQ TEMP[0].z, IN[0].zzzz\n"
                       "  8:   VOTE_EQ TEMP[0].w, IN[0].xxxx\n"
                       "  9:   BALLOT TEMP[1].xy, IN[0].xxxx\n"
                       " 10:   READ_FIRST TEMP[2], IN[0].wzyx\n"
                       " 11:   READ_INVOC TEMP[3], IN[0].wwww, IMM[0].yyyy\n"
                       " 12:   CLOCK TEMP[1].zw\n"
                       " 13:   CLOCK TEMP[3].zw\n"
                       " 14: ENDIF\n"
                       " 15: MOV OUT[0], TEMP[0]\n"
                       " 16: MOV OUT[1], TEMP[1]\n"
                       " 17: MOV OUT[2], TEMP[2]\n"
                       " 18: MOV OUT[3], TEMP[3]\n"
                       " 19: END\n";
    run r;
    if (!run_open(&r, text, LANES, "subgroup")) {
        run_close(&r);
        return;
    }
    /* x: the vote value (zero only in lanes 3 and 7); y: runs this lane; z: equal in lanes 0..5;
     * w: per lane id + 100 */
    static const uint32_t x[8] = {1, 5, 1, 0, 9, 1, 0, 1};
    static const uint32_t on[8] = {0, 1, 1, 1, 1, 1, 0, 0}; /* lane 0 off too */
    for (unsigned l = 0; l < 8; l++) {
        tgx_exec_input(r.m, 0, 0)[l].u = x[l];
        tgx_exec_input(r.m, 0, 1)[l].u = on[l];
        tgx_exec_input(r.m, 0, 2)[l].u = l == 0 || l >= 6 ? l : 42u;
        tgx_exec_input(r.m, 0, 3)[l].u = 100u + l;
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 8, &r.d) == TGX_OK, "run: %s", r.d.message);
    /* over the executing lanes 1..5: any(x) = 1, all(x) = 0 (lane 3), eq(z) = 1 (all 42),
     * eq(x) = 0; ballot = lanes 1, 2, 4, 5 = 0x36; first lane = 1: READ_FIRST of .wzyx gives
     * (101, 42, 1, 5); READ_INVOC lane 2 of .w = 102 */
    uint32_t ballot = 0;
    for (unsigned l = 0; l < 8; l++)
        if (on[l] && x[l])
            ballot |= 1u << l;
    for (unsigned l = 0; l < 8; l++) {
        if (!on[l]) {
            TGX_CHECK(outu(&r, 0, 0, l) == 0 && outu(&r, 2, 0, l) == 0,
                      "lanes that do not run keep their values, lane %u", l);
            continue;
        }
        TGX_CHECK(outu(&r, 0, 0, l) == ~0u, "VOTE_ANY lane %u", l);
        TGX_CHECK(outu(&r, 0, 1, l) == 0u, "VOTE_ALL lane %u (lane 3 votes 0)", l);
        TGX_CHECK(outu(&r, 0, 2, l) == ~0u, "VOTE_EQ of equal values lane %u", l);
        TGX_CHECK(outu(&r, 0, 3, l) == 0u, "VOTE_EQ of different values lane %u", l);
        TGX_CHECK(outu(&r, 1, 0, l) == ballot && outu(&r, 1, 1, l) == 0,
                  "BALLOT lane %u = 0x%x:%x, want 0x%x", l, outu(&r, 1, 1, l), outu(&r, 1, 0, l),
                  ballot);
        static const uint32_t rf[4] = {101, 42, 1, 5};
        for (unsigned c = 0; c < 4; c++)
            TGX_CHECK(outu(&r, 2, c, l) == rf[c], "READ_FIRST lane %u .%c = %u, want %u", l,
                      "xyzw"[c], outu(&r, 2, c, l), rf[c]);
        TGX_CHECK(outu(&r, 3, 0, l) == 102 && outu(&r, 3, 1, l) == 102,
                  "READ_INVOC of lane 2 lane %u", l);
        /* CLOCK: a 64-bit counter in .xy (here .zw of the dst) that does not go backwards */
        uint64_t c0 = outu(&r, 1, 2, l) | ((uint64_t)outu(&r, 1, 3, l) << 32);
        uint64_t c1 = outu(&r, 3, 2, l) | ((uint64_t)outu(&r, 3, 3, l) << 32);
        TGX_CHECK(c1 >= c0, "CLOCK is monotonic lane %u", l);
    }
    run_close(&r);
}

/* ---- constructs inside constructs
 * ------------------------------------------------------------------ */

/* for (i = 0; i < 4; i++) { switch (v) { case 1: continue; case 2: if (i == 2) goto out (BREAKC
 * leaves the switch only); x++; break; default: z++; } y++; }
 * CONT inside a SWITCH continues the loop; BREAKC inside a SWITCH leaves the switch (spec BRK /
 * BREAKC: "the instruction after the next endloop or endswitch"). */
static void test_switch_in_loop(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..2]\n"
                       "IMM[0] UINT32 {0, 1, 2, 4}\n"
                       "  0: MOV TEMP[0], IMM[0].xxxx\n"
                       "  1: MOV TEMP[1], IMM[0].xxxx\n"
                       "  2: BGNLOOP :24\n"
                       "  3:   USGE TEMP[2].x, TEMP[1].xxxx, IMM[0].wwww\n"
                       "  4:   BREAKC TEMP[2].xxxx\n"
                       "  5:   UADD TEMP[1].x, TEMP[1].xxxx, IMM[0].yyyy\n"
                       "  6:   SWITCH IN[0].xxxx\n"
                       "  7:   CASE IMM[0].yyyy\n"
                       "  8:     CONT\n"
                       "  9:   CASE IMM[0].zzzz\n"
                       " 10:     USEQ TEMP[2].x, TEMP[1].xxxx, IMM[0].wwww\n"
                       " 11:     USEQ TEMP[2].y, TEMP[1].xxxx, IMM[0].zzzz\n"
                       " 12:     OR TEMP[2].x, TEMP[2].xxxx, TEMP[2].yyyy\n"
                       " 13:     BREAKC TEMP[2].xxxx\n"
                       " 14:     UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                       " 15:     BRK\n"
                       " 16:   DEFAULT\n"
                       " 17:     UADD TEMP[0].z, TEMP[0].zzzz, IMM[0].yyyy\n"
                       " 18:   ENDSWITCH\n"
                       " 19:   UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].yyyy\n"
                       " 20:   NOP\n"
                       " 21:   NOP\n"
                       " 22:   NOP\n"
                       " 23:   NOP\n"
                       " 24: ENDLOOP :2\n"
                       " 25: MOV TEMP[0].w, TEMP[1].xxxx\n"
                       " 26: MOV OUT[0], TEMP[0]\n"
                       " 27: END\n";
    run r;
    if (!run_open(&r, text, LANES, "switch in loop")) {
        run_close(&r);
        return;
    }
    static const uint32_t v[8] = {0, 1, 2, 3, 2, 1, 0, 7};
    for (unsigned l = 0; l < 8; l++)
        tgx_exec_input(r.m, 0, 0)[l].u = v[l];
    TGX_CHECK(tgx_exec_run_vertex(r.m, 8, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 8; l++) {
        uint32_t c[4] = {0, 0, 0, 0}, i = 0;
        for (;;) {
            if (i >= 4)
                break;
            i++;
            if (v[l] == 1)
                continue;
            if (v[l] == 2) {
                if (!(i == 4 || i == 2))
                    c[0]++;
            } else {
                c[2]++;
            }
            c[1]++;
        }
        c[3] = i;
        for (unsigned k = 0; k < 4; k++)
            TGX_CHECK(outu(&r, 0, k, l) == c[k], "switch(%u) in a loop .%c = %u, want %u", v[l],
                      "xyzw"[k], outu(&r, 0, k, l), c[k]);
    }
    run_close(&r);
}

/* Subroutine A loops i = 0, 1, ... and returns (RET inside the loop, inside an IF) when
 * i == in.x, after calling subroutine B (which adds 1 to y) each trip; after its loop (never
 * reached for in.x < 5) it would add 100 to y. Lanes leave A at different trips. */
static void test_ret_in_loop(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0..1]\n"
                       "IMM[0] UINT32 {0, 1, 5, 100}\n"
                       "  0: MOV TEMP[0], IMM[0].xxxx\n"
                       "  1: CAL :5\n"
                       "  2: UADD TEMP[0].z, TEMP[0].zzzz, IMM[0].yyyy\n"
                       "  3: MOV OUT[0], TEMP[0]\n"
                       "  4: END\n"
                       "  5: BGNSUB\n"
                       "  6:   BGNLOOP :15\n"
                       "  7:     USEQ TEMP[1].x, TEMP[0].xxxx, IN[0].xxxx\n"
                       "  8:     UIF TEMP[1].xxxx :10\n"
                       "  9:       RET\n"
                       " 10:     ENDIF\n"
                       " 11:     CAL :19\n"
                       " 12:     UADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                       " 13:     USGE TEMP[1].x, TEMP[0].xxxx, IMM[0].zzzz\n"
                       " 14:     BREAKC TEMP[1].xxxx\n"
                       " 15:   ENDLOOP :6\n"
                       " 16:   UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].wwww\n"
                       " 17:   RET\n"
                       " 18: ENDSUB\n"
                       " 19: BGNSUB\n"
                       " 20:   UADD TEMP[0].y, TEMP[0].yyyy, IMM[0].yyyy\n"
                       " 21:   RET\n"
                       " 22: ENDSUB\n";
    run r;
    if (!run_open(&r, text, LANES, "RET in a loop")) {
        run_close(&r);
        return;
    }
    static const uint32_t k[8] = {0, 1, 2, 3, 4, 5, 9, 3};
    for (unsigned l = 0; l < 8; l++)
        tgx_exec_input(r.m, 0, 0)[l].u = k[l];
    TGX_CHECK(tgx_exec_run_vertex(r.m, 8, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 8; l++) {
        uint32_t x = 0, y = 0;
        int returned = 0;
        for (;;) {
            if (x == k[l]) {
                returned = 1;
                break;
            }
            y += 1;
            x++;
            if (x >= 5)
                break;
        }
        if (!returned)
            y += 100;
        TGX_CHECK(outu(&r, 0, 0, l) == x && outu(&r, 0, 1, l) == y && outu(&r, 0, 2, l) == 1,
                  "RET in a loop, in.x = %u: (%u, %u, %u), want (%u, %u, 1)", k[l],
                  outu(&r, 0, 0, l), outu(&r, 0, 1, l), outu(&r, 0, 2, l), x, y);
    }
    run_close(&r);
}

/* A vertex run of 5 lanes: the machine rounds up to 8 and the padding lanes must be inactive:
 * they do not vote, are not in a ballot and do not store (exec.h). */
static void test_padding_lanes(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0], GENERIC[0]\nDCL BUFFER[0]\nDCL TEMP[0..1]\n"
                       "IMM[0] UINT32 {4, 0, 0, 0}\n"
                       "  0: VOTE_ALL TEMP[0].x, IN[0].xxxx\n"
                       "  1: BALLOT TEMP[0].zw, IN[0].yyyy\n"
                       "  2: VOTE_EQ TEMP[0].y, IN[0].xxxx\n"
                       "  3: MOV OUT[0], TEMP[0]\n"
                       "  4: UMUL TEMP[1].x, IN[0].zzzz, IMM[0].xxxx\n"
                       "  5: STORE BUFFER[0].x, TEMP[1].xxxx, IN[0].xxxx\n"
                       "  6: END\n";
    run r;
    if (!run_open(&r, text, LANES, "padding lanes")) {
        run_close(&r);
        return;
    }
    uint32_t buf[8];
    for (unsigned i = 0; i < 8; i++)
        buf[i] = 0xeeeeeeeeu;
    TGX_CHECK(tgx_exec_bind_buffer(r.m, 0, buf, sizeof(buf)) == TGX_OK, "bind");
    for (unsigned l = 0; l < 8; l++) {
        /* lanes 5..7 hold values that would change every answer if they ran */
        tgx_exec_input(r.m, 0, 0)[l].u = l < 5 ? 7u : 0u;
        tgx_exec_input(r.m, 0, 1)[l].u = 1u;
        tgx_exec_input(r.m, 0, 2)[l].u = l;
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 5, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 5; l++) {
        TGX_CHECK(outu(&r, 0, 0, l) == ~0u, "VOTE_ALL over 5 lanes, lane %u", l);
        TGX_CHECK(outu(&r, 0, 1, l) == ~0u, "VOTE_EQ over 5 lanes, lane %u", l);
        TGX_CHECK(outu(&r, 0, 2, l) == 0x1fu && outu(&r, 0, 3, l) == 0,
                  "BALLOT over 5 lanes = 0x%x, want 0x1f", outu(&r, 0, 2, l));
    }
    for (unsigned l = 0; l < 8; l++)
        TGX_CHECK(buf[l] == (l < 5 ? 7u : 0xeeeeeeeeu), "STORE from lane %u: 0x%x", l, buf[l]);
    run_close(&r);
}

int main(void)
{
    test_if();
    test_loops();
    test_switch();
    test_subroutines();
    test_budget();
    test_subgroup();
    test_switch_in_loop();
    test_ret_in_loop();
    test_padding_lanes();
    return tgx_test_finish();
}
