/* TGX_EXEC_DENORMS_FLUSH (exec.h, docs/exec.md): the rule Mesa's draws run under on x86-64
 * (MXCSR flush-to-zero + denormals-are-zero, D3D10's rule): float arithmetic reads denormals as
 * zero of their sign and writes denormal results as zero of their sign; moves and selections keep
 * their bits. TGX_EXEC_DENORMS_PRESERVE (the default) computes IEEE 754 denormals. Expected
 * values: IEEE 754 products and comparisons worked by hand; d = 0x000ae398 (the corpus's 1e-39,
 * alu_special_values), 2^-126 = 0x00800000 (the smallest normal), 2^-127 = 0x00400000.
 * Doubles (high word, low word): D = 2^-1023 = 0x00080000 00000000, 2^-1022 = 0x00100000 0,
 * 1.0 = 0x3ff00000 0, 0.5 = 0x3fe00000 0, the double 2^-127 = 0x38000000 0 (a float denormal). */
#include "ops_harness.h"

static const char shader[] = "VERT\n"
                             "DCL OUT[0], GENERIC[0]\n"
                             "DCL OUT[1], GENERIC[1]\n"
                             "DCL TEMP[0]\n"
                             "IMM[0] UINT32 {713624, 1065353216, 8388608, 1056964608}\n"
                             "IMM[1] UINT32 {0, 1073741824, 3212836864, 0}\n"
                             "  0: MUL OUT[0].x, IMM[0].xxxx, IMM[0].yyyy\n"
                             "  1: MUL OUT[0].y, -IMM[0].xxxx, IMM[0].yyyy\n"
                             "  2: MOV OUT[0].z, IMM[0].xxxx\n"
                             "  3: MUL OUT[0].w, IMM[0].zzzz, IMM[0].wwww\n"
                             "  4: FSEQ OUT[1].x, IMM[0].xxxx, IMM[1].xxxx\n"
                             "  5: MOV OUT[1].y, -|IMM[0].xxxx|\n"
                             "  6: CMP OUT[1].z, -IMM[0].xxxx, IMM[0].yyyy, IMM[1].yyyy\n"
                             "  7: CMP OUT[1].w, IMM[1].zzzz, IMM[0].xxxx, IMM[1].yyyy\n"
                             "  8: END\n";

typedef struct expect {
    unsigned reg, chan;
    uint32_t preserve, flush;
    const char *what;
} expect;

static const expect want32[] = {
    {0, 0, 0x000ae398u, 0x00000000u, "MUL d * 1: the denormal source reads as +0"},
    {0, 1, 0x800ae398u, 0x80000000u, "MUL -d * 1: zero keeps the sign"},
    {0, 2, 0x000ae398u, 0x000ae398u, "MOV d: a move keeps the bits"},
    {0, 3, 0x00400000u, 0x00000000u, "MUL 2^-126 * 0.5: the denormal result is written as +0"},
    {1, 0, 0x00000000u, 0xffffffffu, "FSEQ d == 0: the comparison reads d as 0"},
    {1, 1, 0x800ae398u, 0x800ae398u, "MOV -|d|: modifiers are bit operations"},
    {1, 2, 0x3f800000u, 0x40000000u, "CMP -d < 0: the condition reads -d as -0, not < 0"},
    {1, 3, 0x000ae398u, 0x000ae398u, "CMP selects d: the selected operand keeps its bits"},
};

static const char shader64[] = "VERT\n"
                               "DCL OUT[0], GENERIC[0]\n"
                               "DCL OUT[1], GENERIC[1]\n"
                               "DCL OUT[2], GENERIC[2]\n"
                               "IMM[0] UINT32 {0, 524288, 0, 1072693248}\n"
                               "IMM[1] UINT32 {0, 1048576, 0, 1071644672}\n"
                               "IMM[2] UINT32 {0, 939524096, 0, 0}\n"
                               "  0: DMUL OUT[0].xy, IMM[0].xyxy, IMM[0].zwzw\n"
                               "  1: DMUL OUT[0].zw, -IMM[0].xyxy, IMM[0].zwzw\n"
                               "  2: DMUL OUT[1].xy, IMM[1].xyxy, IMM[1].zwzw\n"
                               "  3: DSEQ OUT[1].z, IMM[0].xyxy, IMM[2].zwzw\n"
                               "  4: D2F OUT[1].w, IMM[2].xyxy\n"
                               "  5: DABS OUT[2].xy, IMM[0].xyxy\n"
                               "  6: DSLT OUT[2].z, -IMM[0].xyxy, IMM[2].zwzw\n"
                               "  7: END\n";

static const expect want64[] = {
    {0, 0, 0x00000000u, 0x00000000u, "DMUL D * 1: low word"},
    {0, 1, 0x00080000u, 0x00000000u, "DMUL D * 1: the denormal double reads as +0"},
    {0, 3, 0x80080000u, 0x80000000u, "DMUL -D * 1: zero keeps the sign"},
    {1, 1, 0x00080000u, 0x00000000u, "DMUL 2^-1022 * 0.5: the denormal result is written as +0"},
    {1, 2, 0x00000000u, 0xffffffffu, "DSEQ D == 0: the comparison reads D as 0"},
    {1, 3, 0x00400000u, 0x00000000u, "D2F 2^-127: the float denormal result is written as +0"},
    {2, 1, 0x00080000u, 0x00080000u, "DABS D: a bit operation keeps the bits"},
    {2, 2, 0xffffffffu, 0x00000000u, "DSLT -D < 0: the comparison reads -D as -0"},
};

static void check_rule(const char *text, const expect *want, size_t nwant,
                       tgx_exec_denorm_rule rule, const char *name)
{
    run r;
    if (!run_open(&r, text, 4, name))
        return;
    if (rule != TGX_EXEC_DENORMS_PRESERVE) /* the default is checked by not setting it */
        tgx_exec_set_denorm_rule(r.m, rule);
    tgx_status st = tgx_exec_run_vertex(r.m, 4, &r.d);
    TGX_CHECK(st == TGX_OK, "%s: run: %s", name, r.d.message);
    for (size_t i = 0; st == TGX_OK && i < nwant; i++) {
        uint32_t w = rule == TGX_EXEC_DENORMS_FLUSH ? want[i].flush : want[i].preserve;
        for (unsigned lane = 0; lane < 4; lane++)
            TGX_CHECK(outu(&r, want[i].reg, want[i].chan, lane) == w,
                      "%s: %s: lane %u got 0x%08x, want 0x%08x", name, want[i].what, lane,
                      outu(&r, want[i].reg, want[i].chan, lane), w);
    }
    run_close(&r);
}

int main(void)
{
    check_rule(shader, want32, NT(want32), TGX_EXEC_DENORMS_PRESERVE, "preserve");
    check_rule(shader, want32, NT(want32), TGX_EXEC_DENORMS_FLUSH, "flush");
    check_rule(shader64, want64, NT(want64), TGX_EXEC_DENORMS_PRESERVE, "preserve, doubles");
    check_rule(shader64, want64, NT(want64), TGX_EXEC_DENORMS_FLUSH, "flush, doubles");
    return tgx_test_finish();
}
