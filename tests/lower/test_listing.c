/* Lowered instructions worked out by hand from the seed tables and the convention
 * (docs/translation.md): TEMP[n].c = R4n+c; operands not in place go to R192.. (Ra) / R196..
 * (Rb), results not in place to R204..; SVIEW[v], SAMP[s] at c[0x0][v | s << 5]. Each expected
 * line is assembled by tgx_sm5_assemble_line (checked against nvdisasm elsewhere) and compared
 * with the lowered word; the listing of tgx_lower_print must hold it and `#` comments for the
 * moves. */
#include <stdlib.h>
#include <string.h>

#include "tgx/lower.h"
#include "tgx_test.h"

static const char shader[] =
    "FRAG\n"                                                                  /* 1 */
    "DCL IN[0], GENERIC[0], PERSPECTIVE\n"                                    /* 2 */
    "DCL SAMP[3]\n"                                                           /* 3 */
    "DCL SVIEW[3], 2D, FLOAT\n"                                               /* 4 */
    "DCL TEMP[0..3]\n"                                                        /* 5 */
    "IMM[0] INT32 {-3, 2, 0, 0}\n"                                            /* 6 */
    "IMM[1] UINT32 {1, 0, 0, 0}\n"                                            /* 7 */
    "IMM[2] FLT32 {0.0, 0.0, 0.0, 0.0}\n"                                     /* 8 */
    "  0: TEX TEMP[1], TEMP[0].xyyy, SAMP[3], 2D\n"                           /* 9 */
    "  1: TXL TEMP[1], TEMP[0].xyzw, SAMP[3], 2D\n"                           /* 10 */
    "  2: TXB TEMP[1], TEMP[0], SAMP[3], CUBE\n"                              /* 11 */
    "  3: TXF TEMP[1].x, TEMP[0], SAMP[3], 2D_ARRAY\n"                        /* 12 */
    "  4: TG4 TEMP[1], TEMP[0], IMM[1].xxxx, SAMP[3], SHADOW2D, IMM[0].xyz\n" /* 13 */
    "  5: TXD TEMP[3], TEMP[0], TEMP[1], TEMP[2], SAMP[3], 2D\n"              /* 14 */
    "  6: TXP TEMP[1].xyw, IN[0], SAMP[3], 2D\n"                              /* 15 */
    "  7: TXL TEMP[1], TEMP[0].xyyx, SAMP[3], 2D\n"                           /* 16 */
    "  8: LODQ TEMP[1].xy, TEMP[0], SAMP[3], 2D\n"                            /* 17 */
    "  9: TXQ TEMP[1].xy, IMM[2].xxxx, SAMP[3], 2D\n"                         /* 18 */
    " 10: TEX TEMP[1].xz, TEMP[0], SAMP[3], 2D\n"                             /* 19 */
    " 11: END\n";

/* Binding word of unit 3: 3 | 3 << 5 = 0x63. */
static const struct {
    unsigned inst;
    const char *text;
    const char *why;
} expect[] = {
    /* sm5-TEXS encoding 1 (2D, no LOD): Ra = s = TEMP[0].x = R0, Rb = t = R1 (scalars); RGBA
     * with Rd1 != RZ: R, G to Rd0 = R4, R5 and B, A to Rd1 = R6, R7 = TEMP[1] */
    {0, "TEXS R6, R4, R0, R1, 0x63, 2D, RGBA ;", "TEXS 2D"},
    /* encoding 3 (2D .LL): Ra = s, t (vec2, even) = R0; Rb = lod = TEMP[0].w = R3 */
    {1, "TEXS.LL R6, R4, R0, R3, 0x63, 2D, RGBA ;", "TEXS 2D .LL"},
    /* no TEXS CUBE .LB: TEX.LB, Ra = s, t, r = R0..R2 (4-aligned), Rb = bias = R3 */
    {2, "TEX.LB R4, R0, R3, 0x63, CUBE, 0xf ;", "TEX CUBE .LB"},
    /* TXF with src0.w = level: TLDS has no ARRAY_2D .LL: TLD.LL ARRAY_2D, Ra = array (u16 of
     * TEMP[0].z, moved to R192), s, t; Rb = level (TEMP[0].w, one scalar: in place R3) */
    {3, "TLD.LL R4, R192, R3, 0x63, ARRAY_2D, 0x1 ;", "TLD ARRAY_2D"},
    /* TLD4S (2D, all four results): Ra = s, t = R0; Rb = offset (6-bit bytes: -3 & 63 | (2 &
     * 63) << 8 = 0x23d), dc (TEMP[0].z) moved to R196, R197; .G from IMM[1].x = 1 */
    {4, "TLD4S.G.AOFFI.DC R6, R4, R0, R196, 0x63 ;", "TLD4S"},
    /* TXD: Ra = s, t = R0; Rb = dsdx, dsdy, dtdx, dtdy = TEMP[1].x, TEMP[2].x, TEMP[1].y,
     * TEMP[2].y: not consecutive, moved to R196..R199 */
    {5, "TXD R12, R0, R196, 0x63, 2D, 0xf ;", "TXD"},
    /* TXP: s / q and t / q moved (R192, R196); RGA: R, G to Rd0 = R4, R5, A to Rd1 = R7 */
    {6, "TEXS R7, R4, R192, R196, 0x63, 2D, RGA ;", "TEXS RGA"},
    /* .xyyx: s = R0, t = R1, lod = TEMP[0].x = R0 (in place, scalar Rb) */
    {7, "TEXS.LL R6, R4, R0, R0, 0x63, 2D, RGBA ;", "TEXS .LL lod in x"},
    /* TMML.LOD (RG) into R204, R205; the TGSI x, y take G, R converted from 8.8 */
    {8, "TMML.LOD R204, R0, 0x63, 2D, 0x3 ;", "TMML"},
    /* the level is the immediate 0: RZ */
    {9, "TXQ R4, RZ, TEX_HEADER_DIMENSION, 0x63, 0x3 ;", "TXQ"},
    /* .xz: RB is not a short-form mask: TEX 0x5, R and B decimated to R204, R205 */
    {10, "TEX R204, R0, 0x63, 2D, 0x5 ;", "TEX RB"},
};

static tgx_status append_piece(void *user, const char *text, size_t len)
{
    char **all = user;
    size_t have = *all ? strlen(*all) : 0;
    char *p = realloc(*all, have + len + 1);
    if (!p)
        return TGX_ERR_NOMEM;
    memcpy(p + have, text, len);
    p[have + len] = '\0';
    *all = p;
    return TGX_OK;
}

static tgx_status refuse_piece(void *user, const char *text, size_t len)
{
    (void)text;
    (void)len;
    return ++*(int *)user == 3 ? TGX_ERR_IO : TGX_OK;
}

/* tgx_lower_stream (tgx lower: each texture instruction lowered as it goes out) gives the
 * listing tgx_lower_print makes of the lowered program, and stops at a sink's error. */
static void check_stream(const tgx_tgsi_shader *sh, const char *listing)
{
    char *all = NULL;
    TGX_CHECK(tgx_lower_stream(sh, "hand.tgsi", TGX_SM5_ARCH_SM52, append_piece, &all) == TGX_OK &&
                  all && strcmp(all, listing) == 0,
              "the streamed listing is tgx_lower_print's");
    free(all);
    int calls = 0;
    TGX_CHECK(tgx_lower_stream(sh, "hand.tgsi", TGX_SM5_ARCH_SM52, refuse_piece, &calls) ==
                      TGX_ERR_IO &&
                  calls == 3,
              "a sink's error stops the listing: %d calls", calls);
}

int main(void)
{
    tgx_tgsi_shader *sh = NULL;
    tgx_diag d;
    if (tgx_tgsi_parse(shader, sizeof shader - 1, "hand.tgsi", &sh, &d) != TGX_OK) {
        TGX_CHECK(0, "%s", d.message);
        return tgx_test_finish();
    }
    tgx_lower_program p;
    tgx_diag_list diags;
    tgx_diag_list_init(&diags);
    tgx_status st = tgx_lower_shader(sh, "hand.tgsi", TGX_SM5_ARCH_SM52, &p, &diags);
    TGX_CHECK(st == TGX_OK && p.count == 11, "lowering: %s",
              diags.count ? diags.items[0].message : "");
    TGX_CHECK(diags.warnings == 1 && strstr(diags.items[0].message, "8.8 fixed point"),
              "the one warning is LODQ's fixed point");
    for (size_t k = 0; st == TGX_OK && k < sizeof expect / sizeof expect[0]; k++) {
        const tgx_lower_inst *li = &p.insts[k];
        uint64_t want = 0, got = 1;
        uint32_t ctrl;
        TGX_CHECK(tgx_sm5_assemble_line(expect[k].text, TGX_SM5_ARCH_SM52, &want, &ctrl, &d) ==
                      TGX_OK,
                  "%s: %s", expect[k].text, d.message);
        tgx_sm5_encode(&li->insn, TGX_SM5_ARCH_SM52, &got, &d);
        char text[160];
        tgx_sm5_print(&li->insn, TGX_SM5_CTRL_NEUTRAL, text, sizeof text);
        TGX_CHECK(li->index == expect[k].inst && got == want, "%s: want %s, got %s", expect[k].why,
                  expect[k].text, text);
    }
    /* the operands of instruction 4 (TLD4S): s, t in R0, R1; offsets 0x23d, reference TEMP[0].z */
    const tgx_lower_inst *g = &p.insts[4];
    TGX_CHECK(g->ninputs == 4 && g->inputs[0].in_place && g->inputs[1].in_place &&
                  g->inputs[2].reg == 196 && g->inputs[2].pack == TGX_LOWER_IMM &&
                  g->inputs[2].imm == 0x23d && g->inputs[3].reg == 197 &&
                  g->inputs[3].pack == TGX_LOWER_MOV && g->inputs[3].a.chan == 2,
              "TLD4S operands: s, t in place, offsets and reference moved");
    /* TXP: R192 = IN[0].x / IN[0].w */
    const tgx_lower_inst *tp = &p.insts[6];
    TGX_CHECK(tp->inputs[0].pack == TGX_LOWER_DIV && tp->inputs[0].q.chan == 3, "TXP divides");
    char *listing = NULL;
    TGX_CHECK(tgx_lower_print(sh, "hand.tgsi", &p, &listing, NULL) == TGX_OK, "listing");
    if (listing) {
        TGX_CHECK(strstr(listing, "# 6: TXP TEMP[1].xyw, IN[0], SAMP[3], 2D\n") != NULL,
                  "TGSI line as a comment");
        TGX_CHECK(strstr(listing, "#     R192 = IN[0].x / IN[0].w") != NULL, "the TXP move");
        TGX_CHECK(strstr(listing, "TEMP[1].x = float(R205 & 0xffff) / 256") != NULL,
                  "LODQ's x from TMML's G");
        TGX_CHECK(strstr(listing, "#     TEMP[1].z = R205") != NULL, "the .xz result move");
        TGX_CHECK(strstr(listing, "        TEXS R6, R4, R0, R1, 0x63, 2D, RGBA ;\n") != NULL,
                  "the instruction line");
        /* the listing assembles: 11 texture instructions */
        tgx_sm5_program prog;
        TGX_CHECK(tgx_sm5_assemble(listing, strlen(listing), "listing", TGX_SM5_ARCH_SM52, &prog,
                                   &d) == TGX_OK &&
                      prog.count == 11,
                  "the listing assembles: %s", d.message);
        tgx_sm5_program_free(&prog);
        check_stream(sh, listing);
        free(listing);
    }
    /* checking alone (no program): the same status and warning, nothing kept */
    tgx_diag_list only;
    tgx_diag_list_init(&only);
    TGX_CHECK(tgx_lower_shader(sh, "hand.tgsi", TGX_SM5_ARCH_SM52, NULL, &only) == TGX_OK &&
                  only.count == 1 && strstr(only.items[0].message, "8.8 fixed point"),
              "tgx_lower_shader without a program checks the same");
    tgx_diag_list_free(&only);
    tgx_lower_program_free(&p);
    tgx_diag_list_free(&diags);
    tgx_tgsi_free(sh);
    return tgx_test_finish();
}
