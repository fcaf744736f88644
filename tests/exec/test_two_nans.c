/* test_two_nans — additions and multiplications with two NaN operands give the first operand's
 * NaN, quieted (docs/exec.md "Two NaNs": x86's rule for the instruction's first operand, fixed
 * to TGSI's operand order because a compiler may commute the C operands). With one NaN the
 * result is that NaN quieted, whichever operand it is. Expected words from that rule: a quiet
 * NaN keeps its bits, a signalling one gets bit 22. */
#include "exec_harness.h"

#define A   0x7fa00001u /* signalling, payload 0x200001 */
#define AQ  0x7fe00001u /* A quieted */
#define B   0xffc12345u /* quiet, negative */
#define C   0x7fc54321u /* quiet */
#define ONE 0x3f800000u

typedef struct {
    const char *inst; /* writes OUT[0].x from IN[0].xyzw = (A, B, C, 1) */
    uint32_t want;
    const char *why;
} nan_case;

static const nan_case cases[] = {
    {"ADD OUT[0].x, IN[0].xxxx, IN[0].yyyy", AQ, "A + B: A's, quieted"},
    {"ADD OUT[0].x, IN[0].yyyy, IN[0].xxxx", B, "B + A: B's"},
    {"MUL OUT[0].x, IN[0].yyyy, IN[0].zzzz", B, "B * C: B's"},
    {"MUL OUT[0].x, IN[0].zzzz, IN[0].yyyy", C, "C * B: C's"},
    {"MUL OUT[0].x, IN[0].wwww, IN[0].xxxx", AQ, "1 * A: the one NaN, quieted"},
    {"MAD OUT[0].x, IN[0].yyyy, IN[0].xxxx, IN[0].zzzz", B, "B * A + C: B's, then B's"},
    {"MAD OUT[0].x, IN[0].wwww, IN[0].wwww, IN[0].zzzz", C, "1 * 1 + C: C's"},
    {"LRP OUT[0].x, IN[0].zzzz, IN[0].yyyy, IN[0].wwww", C, "C * (B - 1) + 1: C's"},
    {"DP2 OUT[0].x, IN[0].zyyy, IN[0].xxxx", B, "C*A, then B*A + sum (tgsi_exec order): B's"},
    {"DP2 OUT[0].x, IN[0].wyyy, IN[0].wxxx", B, "1*1 + B*A: B's product"},
    {"DPH OUT[0].x, IN[0].wwww, IN[0].wwwy", B, "1*1 + 1*1 + 1*1 + B: B's"},
    {"DP2A OUT[0].x, IN[0].zwww, IN[0].wwww, IN[0].yyyy", C, "C*1 + 1*1 + B: C's"},
    {"SUB OUT[0].x, IN[0].yyyy, IN[0].zzzz", B, "B - C: B's (no commuting)"},
};

int main(void)
{
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        char text[256];
        snprintf(text, sizeof text, "FRAG\nDCL IN[0]\nDCL OUT[0]\n%s\nEND\n", cases[k].inst);
        xh h;
        if (!xh_open(&h, text, 4))
            continue;
        const uint32_t in[4] = {A, B, C, ONE};
        for (unsigned lane = 0; lane < 4; lane++)
            xh_set_in_u(&h, 0, lane, in);
        TGX_CHECK(tgx_exec_run_fragment(h.m, 4, NULL, NULL, &h.diag) == TGX_OK, "%s",
                  h.diag.message);
        for (unsigned lane = 0; lane < 4; lane++)
            TGX_CHECK(xh_out_u(&h, 0, 0, lane) == cases[k].want, "%s (%s): lane %u %08x, want %08x",
                      cases[k].inst, cases[k].why, lane, xh_out_u(&h, 0, 0, lane), cases[k].want);
        xh_close(&h);
    }
    return tgx_test_finish();
}
