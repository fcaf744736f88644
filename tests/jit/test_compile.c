/* test_compile — what the compiler takes and what it leaves to the interpreter (with the reason
 * and the position docs/jit.md gives), attaching, variants, the budget's stop, the segments of
 * the top level. Results are compared with the interpreter's on the same registers; the
 * refusals are the rules of jit_plan.c, each with the instruction that breaks it. */
#include "jit_harness.h"

static uint32_t words(void *user, uint32_t slot, unsigned lane)
{
    (void)user;
    return 0x3f800000u + slot * 977u + lane * 131u; /* 1.0 and up: numbers, no NaN */
}

/* The compiler refuses text at line:col with a message containing what. */
static void refused(const char *text, unsigned line, unsigned col, const char *what)
{
    jh h;
    int r = jh_open(&h, text, 8);
    TGX_CHECK(r == 0, "compiled, expected a refusal (%s)\n%s", what, text);
    if (r == 0) {
        TGX_CHECK(strstr(h.why, what) != NULL, "'%s' does not say '%s'", h.why, what);
        char pos[32];
        snprintf(pos, sizeof pos, "%u:%u:", line, col);
        TGX_CHECK(!strncmp(h.why, pos, strlen(pos)), "'%s' is not at %s", h.why, pos);
    }
    jh_close(&h);
}

/* Compiles and runs text as a fragment run of `lanes` on both; returns the compiled program's
 * stats. */
static tgx_jit_stats same(const char *text, unsigned lanes, const char *what)
{
    jh h;
    tgx_jit_stats st;
    memset(&st, 0, sizeof st);
    int r = jh_open(&h, text, lanes);
    TGX_CHECK(r == 1, "%s: not compiled: %s", what, h.why);
    if (r == 1) {
        jh_fill(&h, words, NULL);
        jh_run_fragment(&h, lanes, NULL, what, text);
        tgx_jit_program_stats(h.jp, &st);
    }
    jh_close(&h);
    return st;
}

static void test_refusals(void)
{
    refused("GEOM\nPROPERTY GS_INPUT_PRIMITIVE POINTS\nPROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
            "PROPERTY GS_MAX_OUTPUT_VERTICES 1\nDCL OUT[0]\nEMIT IMM[0].xxxx\nEND\n"
            "IMM[0] UINT32 {0, 0, 0, 0}\n",
            0, 0, "geometry shaders are not compiled");
    refused("FRAG\nDCL OUT[0]\nBRA :2\nMOV OUT[0], OUT[0]\nEND\n", 3, 1, "BRA is not compiled");
    refused("FRAG\nDCL TEMP[0]\nPUSHA TEMP[0]\nEND\n", 3, 1, "PUSHA is not compiled");
    refused("FRAG\nDCL IN[0]\nIF IN[0].xxxx\nEND\nENDIF\nEND\n", 4, 1,
            "END inside a construct or a subroutine ends every lane");
    refused("FRAG\nDCL OUT[0]\nCAL :3\nEND\nBGNSUB\nCAL :3\nENDSUB\n", 6, 1,
            "recursive subroutine calls are not compiled");
    /* (at the subroutine's first instruction, the label) */
    refused("FRAG\nDCL OUT[0]\nCAL :3\nEND\nBGNSUB\nMOV OUT[0], OUT[0]\n", 6, 1,
            "runs past the last instruction without ENDSUB");
    /* instructions whose lanes must run together: only at the top level of main */
    refused("COMP\nDCL BUFFER[0]\nDCL TEMP[0]\nIMM[0] UINT32 {0, 1, 0, 0}\nUIF TEMP[0].xxxx\n"
            "STORE BUFFER[0].x, IMM[0].xxxx, IMM[0].yyyy\nENDIF\nEND\n",
            6, 1, "STORE inside a construct or a subroutine");
    refused("FRAG\nDCL IN[0]\nDCL TEMP[0]\nBGNLOOP\nVOTE_ANY TEMP[0].x, IN[0].xxxx\nBRK\nENDLOOP\n"
            "END\n",
            5, 1, "VOTE_ANY inside a construct");
    refused("COMP\nDCL BUFFER[0]\nDCL TEMP[0]\nIMM[0] UINT32 {0, 1, 0, 0}\n"
            "STORE BUFFER[0].x, IMM[0].xxxx, IMM[0].yyyy\nCAL :3\nEND\nBGNSUB\nBARRIER\nENDSUB\n",
            9, 1, "BARRIER inside a construct or a subroutine");
}

/* depth IFs one in another around a MOV, into text. */
static const char *nested_ifs(char *text, size_t size, unsigned depth)
{
    size_t n = (size_t)snprintf(text, size, "FRAG\nDCL IN[0]\nDCL OUT[0]\n");
    for (unsigned k = 0; k < depth; k++)
        n += (size_t)snprintf(text + n, size - n, "IF IN[0].xxxx\n");
    n += (size_t)snprintf(text + n, size - n, "MOV OUT[0], IN[0]\n");
    for (unsigned k = 0; k < depth; k++)
        n += (size_t)snprintf(text + n, size - n, "ENDIF\n");
    snprintf(text + n, size - n, "END\n");
    return text;
}

/* Past 2048 instructions or 64 nested constructs LLVM's time grows faster than the program. */
static void test_limits(void)
{
    static char text[65536];
    size_t n = (size_t)snprintf(text, sizeof text, "FRAG\nDCL IN[0]\nDCL OUT[0]\n");
    for (unsigned k = 0; k < 2049; k++)
        n += (size_t)snprintf(text + n, sizeof text - n, "ADD OUT[0], OUT[0], IN[0]\n");
    snprintf(text + n, sizeof text - n, "END\n");
    refused(text, 2052, 1, "more than 2048 instructions");
    refused(nested_ifs(text, sizeof text, 65), 68, 1, "nested more than 64 deep");
    same(nested_ifs(text, sizeof text, 64), 16, "64 nested IFs"); /* taken */
}

static void test_taken(void)
{
    /* BARRIER with no memory written anywhere orders nothing: compiled, inside a loop too */
    tgx_jit_stats st = same("FRAG\nDCL IN[0]\nDCL OUT[0]\nDCL TEMP[0]\n"
                            "IMM[0] UINT32 {0, 1, 3, 0}\nMOV TEMP[0].x, IMM[0].xxxx\nBGNLOOP\n"
                            "BARRIER\nUADD TEMP[0].x, TEMP[0].xxxx, IMM[0].yyyy\n"
                            "USGE TEMP[0].y, TEMP[0].xxxx, IMM[0].zzzz\nUIF TEMP[0].yyyy\nBRK\n"
                            "ENDIF\nENDLOOP\nMOV OUT[0], TEMP[0]\nEND\n",
                            16, "BARRIER in a loop");
    TGX_CHECK(st.segments == 1 && st.run_insts == 0, "segments %u, whole-run %u", st.segments,
              st.run_insts);
    /* subgroup operations at the top level cut it into segments and run over the whole run */
    st = same("FRAG\nDCL IN[0]\nDCL OUT[0]\nDCL TEMP[0..1]\nADD TEMP[0].x, IN[0].xxxx, "
              "IN[0].yyyy\nVOTE_ANY TEMP[1].x, TEMP[0].xxxx\nREAD_FIRST TEMP[1].y, IN[0].zzzz\n"
              "MUL OUT[0], TEMP[1].xyxy, IN[0]\nEND\n",
              24, "subgroup operations");
    TGX_CHECK(st.segments == 3 && st.run_insts == 2, "segments %u, whole-run %u", st.segments,
              st.run_insts);
    TGX_CHECK(st.inline_insts == 2, "inline %u", st.inline_insts);
    /* SIN calls the interpreter's kernel, LIT its handler */
    st = same("FRAG\nDCL IN[0]\nDCL OUT[0..1]\nSIN OUT[0].xy, IN[0].xxxx\nLIT OUT[1], IN[0]\n"
              "END\n",
              8, "kernel and handler");
    TGX_CHECK(st.kernel_insts == 1 && st.handler_insts == 1, "kernel %u, handler %u",
              st.kernel_insts, st.handler_insts);
}

/* One group and an endless loop: the same stop, at the same instruction, with the same words. */
static void test_budget(void)
{
    const char *text = "FRAG\nDCL IN[0]\nDCL OUT[0]\nDCL TEMP[0]\nBGNLOOP\n"
                       "ADD TEMP[0], TEMP[0], IN[0]\nIF IN[0].xxxx\nMUL TEMP[0].x, TEMP[0].xxxx, "
                       "IN[0].yyyy\nENDIF\nENDLOOP\nEND\n";
    unsigned vl = tgx_jit_group_lanes();
    for (uint64_t budget = 1; budget < 40; budget += 3) {
        jh h;
        if (jh_open(&h, text, vl) != 1) {
            TGX_CHECK(0, "not compiled: %s", h.why);
            jh_close(&h);
            return;
        }
        jh_rules(&h, TGX_EXEC_F2I_SATURATE, TGX_EXEC_DENORMS_PRESERVE, budget);
        jh_fill(&h, words, NULL);
        char what[48];
        snprintf(what, sizeof what, "budget %llu", (unsigned long long)budget);
        tgx_status si = tgx_exec_run_fragment(h.mi, vl, NULL, NULL, &h.di);
        tgx_status sj = tgx_exec_run_fragment(h.mj, vl, NULL, NULL, &h.dj);
        TGX_CHECK(si == TGX_ERR_LIMIT && sj == TGX_ERR_LIMIT, "%s: %d %d", what, si, sj);
        TGX_CHECK(!strcmp(h.di.message, h.dj.message) && h.di.line == h.dj.line,
                  "%s: %u: %s / %u: %s", what, h.di.line, h.di.message, h.dj.line, h.dj.message);
        TGX_CHECK(tgx_exec_instructions_executed(h.mi) == tgx_exec_instructions_executed(h.mj),
                  "%s: executed %llu / %llu", what,
                  (unsigned long long)tgx_exec_instructions_executed(h.mi),
                  (unsigned long long)tgx_exec_instructions_executed(h.mj));
        jh_close(&h);
    }
}

/* A variant per rule pair and lane-array width; a machine of another program is refused. */
static void test_attach(void)
{
    const char *text = "FRAG\nDCL IN[0]\nDCL OUT[0]\nF2I OUT[0], IN[0]\nEND\n";
    jh h, other;
    if (jh_open(&h, text, 8) != 1 || jh_open(&other, text, 8) != 1) {
        TGX_CHECK(0, "not compiled");
        return;
    }
    tgx_jit_stats st;
    tgx_jit_program_stats(h.jp, &st);
    TGX_CHECK(st.variants == 1, "variants %u after attach", st.variants);
    tgx_diag d;
    TGX_CHECK(tgx_jit_attach(other.mi, h.jp, &d) == TGX_ERR_ARG, "a machine of another program");
    jh_rules(&h, TGX_EXEC_F2I_X86, TGX_EXEC_DENORMS_FLUSH, 1000);
    jh_fill(&h, words, NULL);
    jh_run_fragment(&h, 8, NULL, "x86 rules", text);
    tgx_jit_program_stats(h.jp, &st);
    TGX_CHECK(st.variants == 2, "variants %u after a run with other rules", st.variants);
    tgx_exec_machine *wide = NULL;
    TGX_CHECK(tgx_exec_machine_create(h.p, 64, &wide, &d) == TGX_OK, "%s", d.message);
    TGX_CHECK(tgx_jit_attach(wide, h.jp, &d) == TGX_OK, "%s", d.message);
    tgx_jit_program_stats(h.jp, &st);
    TGX_CHECK(st.variants == 3, "variants %u after a wider machine", st.variants);
    tgx_jit_detach(wide);
    tgx_jit_detach(wide); /* twice: nothing to do */
    TGX_CHECK(tgx_exec_run_fragment(wide, 64, NULL, NULL, &d) == TGX_OK, "detached: %s", d.message);
    tgx_exec_machine_destroy(wide);
    jh_close(&h);
    jh_close(&other);
}

int main(void)
{
    jh_require_jit();
    unsigned vl = tgx_jit_group_lanes();
    TGX_CHECK(vl == 8 || vl == 16, "group lanes %u", vl);
    test_refusals();
    test_limits();
    test_taken();
    test_budget();
    test_attach();
    return tgx_test_finish();
}
