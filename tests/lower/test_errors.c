/* What Maxwell cannot express is an error with the TGSI line:col of the operand or target at
 * fault and the reason; instructions outside the texture set are not errors but "not a texture
 * instruction"; a whole shader reports every failing instruction. Positions are found in the
 * test's own text (the column of the named token), reasons are facts of the SM 5.x pages. */
#include <string.h>

#include "tgx/lower.h"
#include "tgx_test.h"

#define HEAD                                                                                       \
    "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL SAMP[0]\nDCL SVIEW[0], 2D, FLOAT\n"             \
    "DCL SVIEW[1], 3D, FLOAT\n"                                                                    \
    "DCL TEMP[0..2]\nDCL ADDR[0]\nIMM[0] INT32 {9, 0, 0, 0}\nIMM[1] INT32 {-33, 0, 0, 0}\n"

typedef struct bad_case {
    const char *inst;  /* the instruction line (line 10 of the shader) */
    const char *token; /* where the error points: its first occurrence in inst */
    const char *why;   /* a phrase the message must hold */
} bad_case;

static const bad_case cases[] = {
    /* the TXD emulation (3D, cube, shadow gradients) with an indirect unit */
    {"TXD TEMP[0], IN[0], IN[0], IN[0], SAMP[ADDR[0].x+0], 3D", "SAMP[ADDR", "indirect unit"},
    {"TEX TEMP[0], IN[0], SAMP[0], 2D, IMM[0].xyz", "IMM[0].xyz", "outside -8..7"},
    {"TG4 TEMP[0], IN[0], IMM[1].xxxx, SAMP[0], 2D, IMM[1].xyz", "IMM[1].xyz", "outside -32..31"},
    {"TEX TEMP[0], IN[0], SAMP[0], 2D, TEMP[1].xyz", "TEMP[1].xyz", "must be an immediate"},
    {"TEX TEMP[0], IN[0], SAMP[0], CUBE, IMM[1].xyz", "IMM[1].xyz", "cube"},
    {"TG4 TEMP[0], IN[0], TEMP[1].xxxx, SAMP[0], 2D", "TEMP[1].xxxx", "immediate"},
    {"TG4 TEMP[0], IN[0], IMM[1].xxxx, SAMP[0], 3D", "3D", "TLD4"},
    {"TG4 TEMP[0], IN[0], IMM[1].xxxx, SAMP[0], 1D", "1D", "TLD4"},
    {"TXF TEMP[0], IN[0], SAMP[0], CUBE", "CUBE", "no cube target"},
    {"TEX TEMP[0], IN[0], SAMP[0], 2D_MSAA", "2D_MSAA", "cannot be filtered"},
    {"TEX TEMP[0], IN[0], SAMP[0], BUFFER", "BUFFER", "cannot be filtered"},
    {"SAMPLE_C TEMP[0], IN[0], SVIEW[1], SAMP[0], IN[0].xxxx", "SVIEW[1]", "3D"},
};

static unsigned column_of(const char *inst, const char *token)
{
    return (unsigned)(strstr(inst, token) - inst) + 6; /* after "  0: " */
}

static void check_case(const bad_case *b)
{
    char text[1024];
    snprintf(text, sizeof text, HEAD "  0: %s\n  1: END\n", b->inst);
    tgx_tgsi_shader *sh = NULL;
    tgx_diag d;
    if (tgx_tgsi_parse(text, strlen(text), "bad.tgsi", &sh, &d) != TGX_OK) {
        TGX_CHECK(0, "%s: does not parse: %s", b->inst, d.message);
        return;
    }
    tgx_lower_inst li;
    tgx_status st = tgx_lower_instruction(sh, 0, TGX_SM5_ARCH_SM52, "bad.tgsi", &li, &d);
    unsigned col = column_of(b->inst, b->token);
    TGX_CHECK(st == TGX_ERR_INVALID, "%s: lowered instead of an error", b->inst);
    TGX_CHECK(strstr(d.message, b->why) != NULL, "%s: message '%s' lacks '%s'", b->inst, d.message,
              b->why);
    TGX_CHECK(d.line == 10 && d.column == col && !strcmp(d.file, "bad.tgsi"),
              "%s: at %s:%u:%u, want bad.tgsi:9:%u", b->inst, d.file, d.line, d.column, col);
    tgx_tgsi_free(sh);
}

int main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_case(&cases[i]);

    /* not texture instructions: UNSUPPORTED, with the opcode named */
    const char *alu = HEAD "  0: MUL TEMP[0], IN[0], IN[0]\n  1: LOAD TEMP[0], IMAGE[0], IN[0]\n"
                           "  2: END\n";
    tgx_tgsi_shader *sh = NULL;
    tgx_diag d;
    tgx_lower_inst li;
    TGX_CHECK(tgx_tgsi_parse(alu, strlen(alu), "alu", &sh, &d) == TGX_OK, "%s", d.message);
    TGX_CHECK(tgx_lower_instruction(sh, 0, TGX_SM5_ARCH_SM52, "alu", &li, &d) ==
                      TGX_ERR_UNSUPPORTED &&
                  strstr(d.message, "MUL is not a texture instruction"),
              "MUL: %s", d.message);
    TGX_CHECK(!tgx_lower_is_texture(sh, 1), "LOAD from an image is memory, not texture");
    tgx_tgsi_free(sh);

    /* a whole shader: every failing texture instruction is one error, the others lowered */
    const char *two = HEAD "  0: TXF TEMP[0], IN[0], SAMP[0], CUBE\n"
                           "  1: TEX TEMP[1], IN[0], SAMP[0], 2D\n"
                           "  2: TEX TEMP[2], IN[0], SAMP[0], 2D, IMM[0].xyz\n  3: END\n";
    TGX_CHECK(tgx_tgsi_parse(two, strlen(two), "two", &sh, &d) == TGX_OK, "%s", d.message);
    tgx_diag_list diags;
    tgx_diag_list_init(&diags);
    tgx_lower_program p;
    tgx_status st = tgx_lower_shader(sh, "two.tgsi", TGX_SM5_ARCH_SM52, &p, &diags);
    TGX_CHECK(st == TGX_ERR_INVALID && diags.errors == 2 && p.count == 1 && p.insts[0].index == 1,
              "two errors and one lowered instruction: st %d, %zu errors, %zu lowered", st,
              diags.errors, p.count);
    TGX_CHECK(diags.count == 2 && diags.items[0].line == 10 && diags.items[1].line == 12,
              "errors at lines 10 and 12");
    tgx_lower_program_free(&p);
    tgx_diag_list_free(&diags);
    tgx_tgsi_free(sh);

    /* units outside the convention's 0..31 */
    const char *far =
        "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL SAMP[40]\n"
        "DCL SVIEW[40], 2D, FLOAT\nDCL TEMP[0]\n  0: TEX TEMP[0], IN[0], SAMP[40], 2D\n"
        "  1: END\n";
    TGX_CHECK(tgx_tgsi_parse(far, strlen(far), "far", &sh, &d) == TGX_OK, "%s", d.message);
    st = tgx_lower_instruction(sh, 0, TGX_SM5_ARCH_SM52, "far", &li, &d);
    TGX_CHECK(st == TGX_ERR_INVALID && strstr(d.message, "0..31") && d.line == 6, "SAMP[40]: %s",
              d.message);
    tgx_tgsi_free(sh);
    return tgx_test_finish();
}
