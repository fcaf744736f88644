/* Lifting Maxwell texture instructions to TGSI, worked out by hand from the convention (Rk is
 * TEMP[k/4] component k%4; c[0x0][v | s << 5] binds SVIEW[v] with SAMP[s]) and from TGSI's
 * operand layout (the TEX opcodes read coordinates, layer, reference from src0 and the LOD from
 * src0.w): exact lifts, lifts through scratch temporaries, refusals with their reason, and
 * warnings that name what is lost. Every lifted text must pass tgx check's validator. */
#include <string.h>

#include "tgx/lower.h"
#include "tgx_test.h"

static tgx_lift_item item(const char *text, tgx_sm5_arch arch)
{
    tgx_lift_item it;
    memset(&it, 0, sizeof it);
    uint64_t w;
    uint32_t ctrl;
    tgx_diag d;
    TGX_CHECK(tgx_sm5_assemble_line(text, arch, &w, &ctrl, &d) == TGX_OK, "%s: %s", text,
              d.message);
    tgx_sm5_decode(w, arch, &it.insn, &d);
    it.line = 7;
    return it;
}

/* Lifts one instruction; returns the status, the text in out (freed by the caller). */
static tgx_status lift1(const tgx_lift_item *it, bool per_word, char **out, tgx_diag_list *diags)
{
    tgx_lift_opts o = {TGX_SM5_ARCH_SM52, TGX_TGSI_PROC_FRAG, per_word};
    tgx_diag_list_init(diags);
    *out = NULL;
    return tgx_lift(it, 1, &o, "prog.sass", out, NULL, diags);
}

static void valid_tgsi(const char *text, const char *what)
{
    tgx_tgsi_shader *sh = NULL;
    tgx_diag d;
    tgx_diag_list found;
    tgx_diag_list_init(&found);
    TGX_CHECK(tgx_tgsi_parse(text, strlen(text), "lifted", &sh, &d) == TGX_OK &&
                  tgx_tgsi_validate(sh, "lifted", &found) == TGX_OK,
              "%s: the lift is not valid TGSI:\n%s", what, text);
    tgx_diag_list_free(&found);
    tgx_tgsi_free(sh);
}

static void expect_lines(const char *what, const char *text, const char *const *lines)
{
    for (; *lines; lines++)
        TGX_CHECK(strstr(text, *lines) != NULL, "%s: no line '%s' in\n%s", what, *lines, text);
}

static void exact(void)
{
    /* TEXS 2D RGBA: s = R0, t = R1 (TEMP[0].x, .y), R, G -> R4, R5 and B, A -> R6, R7 =
     * TEMP[1].xyzw; word 0x63 = SVIEW[3] | SAMP[3] << 5 */
    tgx_lift_item it = item("TEXS R6, R4, R0, R1, 0x63, 2D, RGBA ;", TGX_SM5_ARCH_SM52);
    char *out;
    tgx_diag_list diags;
    TGX_CHECK(lift1(&it, false, &out, &diags) == TGX_OK && diags.count == 0, "TEXS lifts");
    static const char *const want[] = {"DCL SAMP[3]\n",
                                       "DCL SVIEW[3], 2D, FLOAT\n",
                                       "DCL TEMP[0..1]\n",
                                       "# TEXS R6, R4, R0, R1, 0x63, 2D, RGBA ;   (line 7)\n",
                                       "  0: TEX TEMP[1].xyzw, TEMP[0].xyyy, SAMP[3], 2D\n",
                                       "  1: END\n",
                                       NULL};
    if (out) {
        expect_lines("TEXS", out, want);
        valid_tgsi(out, "TEXS");
    }
    free(out);
    tgx_diag_list_free(&diags);

    /* TEX.LL ARRAY_2D: Ra = array (R8), s, t (R9, R10); Rb = lod (R12): the U16 index made a
     * float (AND, U2F) beside the coordinates in scratch TEMP[64]; TGSI 2D_ARRAY reads s, t,
     * layer, and the LOD in w */
    it = item("TEX.LL R4, R8, R12, 0x21, ARRAY_2D, 0x3 ;", TGX_SM5_ARCH_SM52);
    TGX_CHECK(lift1(&it, false, &out, &diags) == TGX_OK, "TEX.LL ARRAY_2D lifts");
    static const char *const want2[] = {"MOV TEMP[64].x, TEMP[2].yyyy\n",
                                        "MOV TEMP[64].y, TEMP[2].zzzz\n",
                                        "AND TEMP[64].z, TEMP[2].xxxx, IMM[0].xxxx\n",
                                        "U2F TEMP[64].z, TEMP[64].zzzz\n",
                                        "MOV TEMP[64].w, TEMP[3].xxxx\n",
                                        "TXL TEMP[1].xy, TEMP[64], SAMP[1], 2D_ARRAY\n",
                                        "IMM[0] UINT32 {65535, 65535, 65535, 65535}\n",
                                        NULL};
    if (out) {
        expect_lines("TEX.LL ARRAY_2D", out, want2);
        valid_tgsi(out, "TEX.LL");
    }
    free(out);
    tgx_diag_list_free(&diags);

    /* ptxas's TEXS R0, R4, R0, R5 ... RGB: s = R0 and t = R5 are in two temporaries, results
     * R -> R4, G -> R5, B -> R0: gathered and stored through TEMP[64] and TEMP[68] */
    it = item("TEXS R0, R4, R0, R5, 0x63, 2D, RGB ;", TGX_SM5_ARCH_SM52);
    TGX_CHECK(lift1(&it, false, &out, &diags) == TGX_OK, "ptxas's TEXS lifts");
    static const char *const want3[] = {"MOV TEMP[64].x, TEMP[0].xxxx\n",
                                        "MOV TEMP[64].y, TEMP[1].yyyy\n",
                                        "TEX TEMP[68], TEMP[64], SAMP[3], 2D\n",
                                        "MOV TEMP[1].x, TEMP[68].xxxx\n",
                                        "MOV TEMP[1].y, TEMP[68].yyyy\n",
                                        "MOV TEMP[0].x, TEMP[68].zzzz\n",
                                        NULL};
    if (out) {
        expect_lines("ptxas TEXS", out, want3);
        valid_tgsi(out, "ptxas TEXS");
    }
    free(out);
    tgx_diag_list_free(&diags);

    /* with --unit-per-word, CUDA's word 0x54 is unit 0 */
    it = item("TEXS R0, R4, R0, R5, 0x54, 2D, RGB ;", TGX_SM5_ARCH_SM52);
    TGX_CHECK(lift1(&it, true, &out, &diags) == TGX_OK, "unit per word");
    static const char *const want4[] = {"# SVIEW[0] and SAMP[0]: the binding word c[0x0][0x54]\n",
                                        "TEX TEMP[68], TEMP[64], SAMP[0], 2D\n", NULL};
    if (out)
        expect_lines("unit per word", out, want4);
    free(out);
    tgx_diag_list_free(&diags);
}

typedef struct refusal {
    const char *text;
    const char *why;
} refusal;

static void refusals(void)
{
    static const refusal r[] = {
        {"TEX.B R0, R0, R4, 0x0, 2D, 0xf ;", "bindless"},
        {"@P0 TEX R0, R0, 0x63, 2D, 0xf ;", "predicate"},
        {"TLD.LZ.CL R0, R0, 0x63, 2D, 0xf ;", ".CL"},
        {"TXA R0, R0, 0x63, 0xf ;", "TXA"},
        {"TXQ R0, R0, TEX_SAMPLER_FILTER, 0x63, 0xf ;", "TXQ query"},
        {"TLD4.R.PTP R0, R0, R4, 0x63, 2D, 0xf ;", ".PTP"},
        {"TEX R0, R0, 0x63, 2D, 0xf ;", NULL}, /* lifts: the control */
        {"TEX R0, R0, 0x423, 2D, 0xf ;", "outside the binding convention"},
        {"TEX.LL.AOFFI R0, R0, R4, 0x41, 2D, 0xf ;", "offsets with SVIEW[1] and SAMP[2]"},
    };
    for (size_t k = 0; k < sizeof r / sizeof r[0]; k++) {
        tgx_lift_item it = item(r[k].text, TGX_SM5_ARCH_SM52);
        char *out;
        tgx_diag_list diags;
        tgx_status st = lift1(&it, false, &out, &diags);
        if (!r[k].why) {
            TGX_CHECK(st == TGX_OK, "%s lifts", r[k].text);
        } else {
            TGX_CHECK(st == TGX_ERR_INVALID && !out && diags.errors == 1 &&
                          strstr(diags.items[diags.count - 1].message, r[k].why) &&
                          diags.items[diags.count - 1].line == 7,
                      "%s: refused for '%s' at line 7 (%s)", r[k].text, r[k].why,
                      diags.count ? diags.items[diags.count - 1].message : "no message");
        }
        free(out);
        tgx_diag_list_free(&diags);
    }
}

static void warnings(void)
{
    /* the sparse predicate, .NODEP */
    tgx_lift_item it = item("TEX.NODEP R0, R0, 0x63, 2D, 0xf ;", TGX_SM5_ARCH_SM52);
    it.insn.sparse_pred = 1;
    char *out;
    tgx_diag_list diags;
    TGX_CHECK(lift1(&it, false, &out, &diags) == TGX_OK && diags.warnings == 2 &&
                  strstr(diags.items[0].message, "sparse-residency predicate P1") &&
                  strstr(diags.items[1].message, ".NODEP"),
              "sparse predicate and .NODEP warned");
    free(out);
    tgx_diag_list_free(&diags);
    /* TMML's B and A */
    it = item("TMML.LOD R4, R0, 0x63, 2D, 0xf ;", TGX_SM5_ARCH_SM52);
    TGX_CHECK(lift1(&it, false, &out, &diags) == TGX_OK && diags.warnings == 1 &&
                  strstr(diags.items[0].message, "B and A"),
              "TMML B/A warned");
    if (out) {
        static const char *const want[] = {"LODQ TEMP[69].xy, TEMP[0].xyyy, SAMP[3], 2D\n",
                                           "MUL TEMP[69].xy, TEMP[69].xyyy, IMM[0].xxxx\n",
                                           "F2I TEMP[69].xy, TEMP[69].xyyy\n", NULL};
        expect_lines("TMML", out, want);
        valid_tgsi(out, "TMML");
    }
    free(out);
    tgx_diag_list_free(&diags);
    /* TEXS .DC forces comparison */
    it = item("TEXS.DC R6, R4, R0, R2, 0x63, 2D, RGBA ;", TGX_SM5_ARCH_SM52);
    TGX_CHECK(lift1(&it, false, &out, &diags) == TGX_OK && diags.warnings == 1 &&
                  strstr(diags.items[0].message, "compares whatever the sampler says"),
              "TEXS .DC warned");
    if (out)
        TGX_CHECK(strstr(out, "TEX TEMP[1].xyzw, TEMP[0].xyzz, SAMP[3], SHADOW2D\n") != NULL,
                  "TEXS.DC: the reference R2 is TEMP[0].z, SHADOW2D's z:\n%s", out);
    free(out);
    tgx_diag_list_free(&diags);
}

int main(void)
{
    exact();
    refusals();
    warnings();
    return tgx_test_finish();
}
