/* The quad operations of straight-line code (tgx_sm5_emu_run_code): FSWZADD's four operations
 * chosen by each thread's place in its quad, its rounding modes, .FTZ and signed zeros; MOV's
 * quad lane mask; one round of the TXD emulation (SHFL.IDX broadcast, FSWZADD of dPdx in the
 * right column and dPdy in the bottom row) computed by hand; control flow refused. The words
 * come from tgx's assembler, whose FSWZADD text tests/data/maxwell/ops-fuzz.tsv checks against
 * nvdisasm (48 words); the expected values are written down here from FSWZADD's definition
 * (docs/sm5-emu.md), not taken from the emulator. */
#include "emu_harness.h"

/* Assembles text (any instructions) and runs it as straight-line code. */
static tgx_status run_code(tgx_sm5_emu *emu, const char *text, tgx_diag *d)
{
    tgx_sm5_program p;
    tgx_status st = tgx_sm5_assemble(text, strlen(text), NULL, TGX_SM5_ARCH_SM52, &p, d);
    if (st < 0)
        return st;
    uint64_t words[16];
    size_t n = p.count < 16 ? p.count : 16;
    for (size_t i = 0; i < n; i++)
        words[i] = p.insns[i].word;
    tgx_sm5_program_free(&p);
    return tgx_sm5_emu_run_code(emu, words, n, NULL, d);
}

static void run_ok(tgx_sm5_emu *emu, const char *text)
{
    tgx_diag d;
    tgx_diag_clear(&d);
    tgx_status st = run_code(emu, text, &d);
    TGX_CHECK(st == TGX_OK, "'%s' did not run: %s", text, d.message);
}

static float a_of(unsigned t)
{
    return 1.5f + (float)t;
}
static float b_of(unsigned t)
{
    return 0.25f * (float)t - 3.0f;
}

/* PP NP PN ZP for places 0..3: a + b, b - a, a - b, b. */
static void test_operations(tgx_sm5_emu *emu)
{
    for (unsigned t = 0; t < 32; t++) {
        tgx_sm5_emu_set_reg_f(emu, t, 0, a_of(t));
        tgx_sm5_emu_set_reg_f(emu, t, 1, b_of(t));
    }
    run_ok(emu, "FSWZADD R2, R0, R1, PPNPPNZP ;");
    for (unsigned t = 0; t < 32; t++) {
        float a = a_of(t), b = b_of(t);
        float want[4] = {a + b, b - a, a - b, b};
        CHECK_REG_F(emu, t, 2, want[t & 3], "PPNPPNZP");
    }
    /* ptxas's dPdx and dPdy masks: the right column, the bottom row */
    run_ok(emu, "FSWZADD.NDV R3, R0, R1, ZPPPZPPP ;\nFSWZADD.NDV R4, R0, R1, ZPZPPPPP ;");
    for (unsigned t = 0; t < 32; t++) {
        float a = a_of(t), b = b_of(t);
        CHECK_REG_F(emu, t, 3, (t & 1) ? a + b : b, "ZPPPZPPP");
        CHECK_REG_F(emu, t, 4, (t & 2) ? a + b : b, "ZPZPPPPP");
    }
}

/* One rounding of the exact sum in the instruction's mode; .FTZ flushes inputs and result;
 * ZP passes Rb's sign (-0 stays -0), PP of +0 and -0 is +0 (round to nearest). */
static void test_rounding(tgx_sm5_emu *emu)
{
    const float tiny = 0x1p-24f; /* half an ulp of 1.0 */
    set_all_f(emu, 0, tiny);
    set_all_f(emu, 1, 1.0f);
    run_ok(emu, "FSWZADD R2, R0, R1, PPPPPPPP ;\nFSWZADD.RP R3, R0, R1, PPPPPPPP ;\n"
                "FSWZADD.RM R4, R0, R1, NPNPNPNP ;\nFSWZADD.RZ R5, R0, R1, NPNPNPNP ;");
    CHECK_REG_F(emu, 5, 2, 1.0f, "RN: 1 + 2^-24 ties to even");
    CHECK_REG_F(emu, 5, 3, 1.0f + 0x1p-23f, "RP: 1 + 2^-24 up");
    CHECK_REG_F(emu, 5, 4, 1.0f - 0x1p-24f, "RM: 1 - 2^-24 is a float");
    CHECK_REG_F(emu, 5, 5, 1.0f - 0x1p-24f, "RZ: 1 - 2^-24");
    set_all_f(emu, 0, 0x1p-140f); /* a denormal */
    set_all_f(emu, 1, 0.0f);
    set_all_f(emu, 6, -0.0f);
    run_ok(emu, "FSWZADD R7, R0, R1, PPPPPPPP ;\nFSWZADD.FTZ R8, R0, R1, PPPPPPPP ;\n"
                "FSWZADD R9, R0, R6, ZPZPZPZP ;\nFSWZADD R10, R1, R6, PPPPPPPP ;");
    CHECK_REG_F(emu, 2, 7, 0x1p-140f, "denormal kept");
    CHECK_REG_F(emu, 2, 8, 0.0f, ".FTZ flushes");
    CHECK_REG_F(emu, 2, 9, -0.0f, "ZP keeps -0");
    CHECK_REG_F(emu, 2, 10, 0.0f, "+0 + -0 = +0");
}

/* MOV's lane mask: only places 0 and 2 of each quad write; the others keep their value. */
static void test_mov_lanes(tgx_sm5_emu *emu)
{
    set_all_u(emu, 11, 7u);
    set_all_u(emu, 12, 9u);
    run_ok(emu, "MOV R11, R12, 0x5 ;");
    for (unsigned t = 0; t < 32; t++)
        TGX_CHECK(tgx_sm5_emu_reg(emu, t, 11) == ((t & 1) ? 7u : 9u), "MOV lane mask 0x5 thread %u",
                  t);
}

/* One round of the TXD emulation for lane l = 2 of each quad: its P and dPdx broadcast, then
 * dPdx added in the right column and dPdy in the bottom row: the quad holds P, P + dPdx,
 * P + dPdy, P + dPdx + dPdy of lane 2's values. */
static void test_txd_round(tgx_sm5_emu *emu)
{
    for (unsigned t = 0; t < 32; t++) {
        tgx_sm5_emu_set_reg_f(emu, t, 20, 0.125f * (float)t); /* P */
        tgx_sm5_emu_set_reg_f(emu, t, 21, 1.0f + (float)t);   /* dPdx */
        tgx_sm5_emu_set_reg_f(emu, t, 22, -2.0f * (float)t);  /* dPdy */
    }
    run_ok(emu, "SHFL.IDX PT, R23, R20, 0x2, 0x1c03 ;\n"
                "SHFL.IDX PT, R24, R21, 0x2, 0x1c03 ;\n"
                "FSWZADD.NDV R23, R24, R23, ZPPPZPPP ;\n"
                "SHFL.IDX PT, R24, R22, 0x2, 0x1c03 ;\n"
                "FSWZADD.NDV R23, R24, R23, ZPZPPPPP ;");
    for (unsigned t = 0; t < 32; t++) {
        unsigned src = (t & ~3u) | 2u;
        float p = 0.125f * (float)src, dx = 1.0f + (float)src, dy = -2.0f * (float)src;
        float want = p + ((t & 1) ? dx : 0.0f);
        want = want + ((t & 2) ? dy : 0.0f);
        CHECK_REG_F(emu, t, 23, want, "TXD round, lane 2");
    }
}

static void test_refusals(tgx_sm5_emu *emu)
{
    tgx_diag d;
    tgx_diag_clear(&d);
    set_all_u(emu, 30, 5u);
    tgx_status st = run_code(emu, "MOV R30, RZ ;\nBRA 0x8 ;", &d);
    TGX_CHECK(st < 0 && strstr(d.message, "control flow"), "BRA refused: %s", d.message);
    TGX_CHECK(tgx_sm5_emu_reg(emu, 0, 30) == 5u, "nothing ran before the refusal");
    tgx_diag_clear(&d);
    st = run_code(emu, "FSWZADD R2, R0, R1, PPPPPPPP ;", &d);
    TGX_CHECK(st == TGX_OK, "FSWZADD without .CC runs");
    /* .CC's condition codes are not modelled: refused, not ignored */
    tgx_diag_clear(&d);
    st = run_code(emu, "FSWZADD R2.CC, R0, R1, PPPPPPPP ;", &d);
    TGX_CHECK(st < 0 && strstr(d.message, ".CC"), "FSWZADD.CC refused: %s", d.message);
}

int main(void)
{
    tgx_sm5_emu *emu;
    tgx_diag d;
    if (tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, &d) != TGX_OK)
        return 1;
    test_operations(emu);
    test_rounding(emu);
    test_mov_lanes(emu);
    test_txd_round(emu);
    test_refusals(emu);
    tgx_sm5_emu_destroy(emu);
    return tgx_test_finish();
}
