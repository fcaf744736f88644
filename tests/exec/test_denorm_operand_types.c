/* TGX_EXEC_DENORMS_FLUSH reads denormals as zeros only in the operands that are floats: the rule
 * is SSE's DAZ, which acts on float arithmetic, and an integer or untyped word never passes
 * through it in tgsi_exec (Mesa 22.3: micro_ldexp, micro_shl, micro_i2f ... take ints). A
 * fragment shader compiled by Mesa from GLSL ldexp(y, int(x)) gave y unscaled under the draw
 * rule while softpipe and llvmpipe give y * 2^e: its exponent 18 is the float denormal 0x12.
 *
 * Derived from the opcode table, not from a list: every opcode the interpreter executes whose
 * operands are values (no resource, no control flow) and that reads at least one source that is
 * not a 32-bit float runs twice, once under each rule, with every such source holding words
 * that are float denormals (the word 3; a double's low word 1: 1 + 2^-52, whose high word is
 * normal) and every float source 1.5. The results must be the same bits: no 32-bit float
 * denormal is read there, so the rule has nothing to change. A new opcode with mixed types is
 * covered as soon as the table has it. Then a few results worked out by hand from the spec's
 * formulas (LDEXP, DLDEXP, I2F, SHL, DADD). */
#include <stdio.h>

#include "ops_harness.h"

/* every shader of the test: a vertex shader with two outputs, read back as eight words */
#define HEAD          "VERT\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
#define WORD_DENORMAL 3u /* the float denormal 3 * 2^-149 as an integer */

static int is_float32(tgx_tgsi_type t)
{
    return t == TGX_TGSI_TYPE_FLOAT;
}

/* An opcode whose operands are register values the test can write and read. */
static int takes_values(const tgx_tgsi_opcode_info *info)
{
    if (info->num_dst == 0 || info->cf != TGX_TGSI_CF_NONE ||
        (info->flags & (TGX_TGSI_OPF_TEX | TGX_TGSI_OPF_MEMORY | TGX_TGSI_OPF_SAMPLE)))
        return 0;
    for (unsigned s = 0; s < info->num_src; s++)
        if (info->src_type[s] == TGX_TGSI_TYPE_RESOURCE)
            return 0;
    return 1;
}

static int reads_non_float(const tgx_tgsi_opcode_info *info)
{
    for (unsigned s = 0; s < info->num_src; s++)
        if (!is_float32(info->src_type[s]))
            return 1;
    return 0;
}

static int mixes_float_and_integer(const tgx_tgsi_opcode_info *info)
{
    unsigned fl = 0, other = 0;
    for (unsigned s = 0; s < info->num_src; s++) {
        tgx_tgsi_type t = info->src_type[s];
        if (t == TGX_TGSI_TYPE_FLOAT || t == TGX_TGSI_TYPE_DOUBLE)
            fl++;
        else
            other++;
    }
    return fl && other;
}

/* The four words of source s's immediate, by the source's type. */
static void source_words(tgx_tgsi_type t, uint32_t w[4])
{
    for (unsigned c = 0; c < 4; c++) {
        switch (t) {
        case TGX_TGSI_TYPE_FLOAT: w[c] = 0x3fc00000u; break;                /* 1.5 */
        case TGX_TGSI_TYPE_DOUBLE: w[c] = c & 1u ? 0x3ff00000u : 1u; break; /* 1 + 2^-52 */
        case TGX_TGSI_TYPE_INT64:
        case TGX_TGSI_TYPE_UINT64: w[c] = c & 1u ? 0u : WORD_DENORMAL; break;
        default: w[c] = WORD_DENORMAL; break; /* INT, UINT, UNTYPED */
        }
    }
}

/* VERT shader: OP OUT[0](, OUT[1]), IMM[0], IMM[1], ... */
static void shader_text(const tgx_tgsi_opcode_info *info, char *text, size_t size)
{
    size_t n = (size_t)snprintf(text, size, "%s", HEAD);
    for (unsigned s = 0; s < info->num_src; s++) {
        uint32_t w[4];
        source_words(info->src_type[s], w);
        n += (size_t)snprintf(text + n, size - n, "IMM[%u] UINT32 {%u, %u, %u, %u}\n", s, w[0],
                              w[1], w[2], w[3]);
    }
    n += (size_t)snprintf(text + n, size - n, "  0: %s OUT[0]%s", info->name,
                          info->num_dst > 1 ? ", OUT[1]" : "");
    for (unsigned s = 0; s < info->num_src; s++)
        n += (size_t)snprintf(text + n, size - n, ", IMM[%u]", s);
    snprintf(text + n, size - n, "\n  1: END\n");
}

/* The eight output words of one run; 0 when the shader is not one the interpreter runs. */
static int run_rule(const char *text, tgx_exec_denorm_rule rule, uint32_t out[8], tgx_diag *why)
{
    tgx_tgsi_shader *sh = NULL;
    tgx_exec_program *p = NULL;
    tgx_exec_machine *m = NULL;
    int ok = tgx_tgsi_parse(text, strlen(text), "ops.tgsi", &sh, why) == TGX_OK &&
             tgx_exec_program_create(sh, "ops.tgsi", &p, why) == TGX_OK &&
             tgx_exec_machine_create(p, 1, &m, why) == TGX_OK;
    if (ok) {
        tgx_exec_set_denorm_rule(m, rule);
        ok = tgx_exec_run_vertex(m, 1, why) == TGX_OK;
    }
    for (unsigned i = 0; ok && i < 8; i++)
        out[i] = tgx_exec_output(m, i / 4, i % 4)[0].u;
    tgx_exec_machine_destroy(m);
    tgx_exec_program_destroy(p);
    tgx_tgsi_free(sh);
    return ok;
}

static void check_table(void)
{
    unsigned checked = 0, mixed = 0;
    for (unsigned op = 0; op < TGX_TGSI_OP_COUNT; op++) {
        const tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(op);
        if (!takes_values(info) || !reads_non_float(info))
            continue;
        char text[1024];
        shader_text(info, text, sizeof text);
        uint32_t keep[8], flush[8];
        tgx_diag why = {0};
        if (!run_rule(text, TGX_EXEC_DENORMS_PRESERVE, keep, &why)) {
            /* the interpreter runs only what it knows; the rest is refused with a message */
            TGX_CHECK(why.status == TGX_ERR_UNSUPPORTED, "%s: %s", info->name, why.message);
            continue;
        }
        TGX_CHECK(run_rule(text, TGX_EXEC_DENORMS_FLUSH, flush, &why), "%s: flush: %s", info->name,
                  why.message);
        int same = memcmp(keep, flush, sizeof keep) == 0;
        TGX_CHECK(same, "%s: a non-float source was flushed (word %08x preserved, %08x flushed)",
                  info->name, keep[0], flush[0]);
        checked++;
        mixed += mixes_float_and_integer(info);
    }
    /* the table has dozens (integer, 64-bit, double, conversion opcodes) and LDEXP mixes types */
    TGX_CHECK(checked >= 60, "only %u opcodes checked", checked);
    TGX_CHECK(mixed >= 1, "no opcode mixing float and integer sources was checked");
    printf("%u opcodes with non-float sources checked under both rules\n", checked);
}

typedef struct hand {
    const char *body; /* the shader after HEAD */
    unsigned chan;
    uint32_t want;
    const char *what;
} hand;

/* Expected values: LDEXP x * 2^e, DLDEXP the same in double, I2F and SHL of integers (spec
 * text), DADD of exact doubles; all under FLUSH, where the old code gave 0.75, 0.0, 0 and 1.0. */
static const hand hands[] = {
    {"DCL TEMP[0]\nIMM[0] FLT32 {18.0, 0.75, 0.0, 0.0}\n  0: F2I TEMP[0].x, IMM[0].xxxx\n"
     "  1: LDEXP OUT[0].x, IMM[0].yyyy, TEMP[0].xxxx\n",
     0, 0x48400000u, "LDEXP(0.75, 18) = 196608"},
    {"IMM[0] UINT32 {0, 1072168960, 18, 0}\n  0: DLDEXP OUT[0].xy, IMM[0].xyxy, IMM[0].zzzz\n", 1,
     0x41080000u, "DLDEXP(0.75, 18) = 196608: high word"},
    {"IMM[0] INT32 {3, 0, 0, 0}\n  0: I2F OUT[0].x, IMM[0].xxxx\n", 0, 0x40400000u, "I2F(3) = 3"},
    {"IMM[0] UINT32 {3, 1, 0, 0}\n  0: SHL OUT[0].x, IMM[0].xxxx, IMM[0].yyyy\n", 0, 6u,
     "SHL(3, 1) = 6"},
    {"IMM[0] UINT32 {1, 1072693248, 0, 0}\n  0: DADD OUT[0].xy, IMM[0].xyxy, IMM[0].zwzw\n", 0, 1u,
     "DADD(1 + 2^-52, 0) = 1 + 2^-52: low word"},
};

static void check_hand(void)
{
    for (size_t i = 0; i < NT(hands); i++) {
        uint32_t out[8];
        tgx_diag why = {0};
        char text[512]; /* HEAD, the body, END (the last instruction number is not checked) */
        snprintf(text, sizeof text, "%s%s 99: END\n", HEAD, hands[i].body);
        int ok = run_rule(text, TGX_EXEC_DENORMS_FLUSH, out, &why);
        TGX_CHECK(ok, "%s: %s", hands[i].what, why.message);
        if (ok)
            TGX_CHECK(out[hands[i].chan] == hands[i].want, "%s: got 0x%08x, want 0x%08x",
                      hands[i].what, out[hands[i].chan], hands[i].want);
    }
}

int main(void)
{
    check_table();
    check_hand();
    return tgx_test_finish();
}
