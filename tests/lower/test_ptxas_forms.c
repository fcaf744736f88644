/* The lowering chooses forms as NVIDIA's ptxas does. For every line of
 * tests/data/lower/ptxas-forms.tsv (a PTX texture operation, the word ptxas 11.8 emitted for it,
 * nvdisasm's text) the test writes the TGSI instruction that asks the texture unit for the same
 * thing -- tex -> TEX/TXL/TEX_LZ/TXD (shadow targets for a depth reference, the offsets as an
 * immediate), tld4 -> TG4, tex on 2dms/a2dms -> TXF on 2D_MSAA/2D_ARRAY_MSAA, txq -> TXQ -- with
 * the PTX form's used components as its write mask, lowers it, and compares class, target, LOD
 * mode, .DC/.AOFFI/.MS, gather component, TXQ query and the components written with ptxas's word.
 * Registers and #tsPtrIdx follow each side's own convention and are not compared.
 *
 * ptxas emulates gradients with a depth reference or on 3D and cube targets with TEX.NDV among quad
 * shuffles: the lowering's emulation (src/lower/txd.c) must sample with the same TEX.NDV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/lower.h"
#include "tgx_test.h"

typedef struct form {
    char kind[8], mode[8], lod[8], geom[8], comp[4], query[12];
    bool dc, offset, level;
    int off[3];
    unsigned mask;
} form;

static void read_form(const char *text, form *f)
{
    memset(f, 0, sizeof *f);
    char buf[512];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *eq = strchr(tok, '=');
        if (!eq)
            continue;
        *eq++ = '\0';
        if (!strcmp(tok, "kind"))
            snprintf(f->kind, sizeof f->kind, "%s", eq);
        else if (!strcmp(tok, "mode"))
            snprintf(f->mode, sizeof f->mode, "%s", eq);
        else if (!strcmp(tok, "lod"))
            snprintf(f->lod, sizeof f->lod, "%s", eq);
        else if (!strcmp(tok, "geom"))
            snprintf(f->geom, sizeof f->geom, "%s", eq);
        else if (!strcmp(tok, "comp"))
            snprintf(f->comp, sizeof f->comp, "%s", eq);
        else if (!strcmp(tok, "query"))
            snprintf(f->query, sizeof f->query, "%s", eq);
        else if (!strcmp(tok, "dc"))
            f->dc = true;
        else if (!strcmp(tok, "level"))
            f->level = true;
        else if (!strcmp(tok, "mask"))
            f->mask = (unsigned)atoi(eq);
        else if (!strcmp(tok, "offset")) {
            f->offset = true;
            sscanf(eq, "%d/%d/%d", &f->off[0], &f->off[1], &f->off[2]);
        }
    }
}

/* PTX geometry -> TGSI target (shadow with a depth reference); dim = coordinates + layer. */
static const char *target_of(const form *f, unsigned *dim)
{
    static const struct {
        const char *geom, *plain, *shadow;
        unsigned dim;
    } rows[] = {
        {"1d", "1D", "SHADOW1D", 1},
        {"a1d", "1D_ARRAY", "SHADOW1D_ARRAY", 2},
        {"2d", "2D", "SHADOW2D", 2},
        {"a2d", "2D_ARRAY", "SHADOW2D_ARRAY", 3},
        {"3d", "3D", NULL, 3},
        {"cube", "CUBE", "SHADOWCUBE", 3},
        {"acube", "CUBEARRAY", "SHADOWCUBEARRAY", 4},
        {"2dms", "2D_MSAA", NULL, 2},
        {"a2dms", "2D_ARRAY_MSAA", NULL, 3},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
        if (!strcmp(rows[i].geom, f->geom)) {
            *dim = rows[i].dim;
            return f->dc ? rows[i].shadow : rows[i].plain;
        }
    return NULL;
}

/* The TGSI text for a form; false when TGSI has no single instruction for it. */
static bool tgsi_for(const form *f, char *out, size_t size)
{
    unsigned dim = 0;
    const char *t = target_of(f, &dim);
    if (!t && strcmp(f->kind, "txq"))
        return false;
    char mask[5] = "", offs[32] = "";
    unsigned n = 0;
    for (unsigned c = 0; c < 4; c++)
        if (f->mask >> c & 1u)
            mask[n++] = "xyzw"[c];
    mask[n] = '\0';
    if (f->offset)
        snprintf(offs, sizeof offs, ", IMM[0].xyz");
    char inst[256];
    bool ref_src1 = f->dc && dim >= 4;
    bool w_taken = dim >= 4 || (f->dc && dim >= 3);
    if (!strcmp(f->kind, "txq")) {
        snprintf(inst, sizeof inst, "TXQ TEMP[1].%c, IN[0].xxxx, SAMP[0], 2D",
                 !strcmp(f->query, "width")    ? 'x'
                 : !strcmp(f->query, "height") ? 'y'
                                               : 'z');
    } else if (!strcmp(f->kind, "tld4")) {
        if (ref_src1)
            return false;
        snprintf(inst, sizeof inst, "TG4 TEMP[1].%s, IN[0], IMM[1].xxxx, SAMP[0], %s%s", mask, t,
                 offs);
    } else if (!strcmp(f->kind, "ms")) {
        snprintf(inst, sizeof inst, "TXF TEMP[1].%s, IN[0], SAMP[0], %s%s", mask, t, offs);
    } else if (!strcmp(f->mode, "grad")) {
        snprintf(inst, sizeof inst, "TXD TEMP[1].%s, IN[0], IN[1], IN[2], SAMP[0], %s%s", mask,
                 t ? t : "3D", offs);
        if (!t)
            return false;
    } else if (!strcmp(f->mode, "level") && !strcmp(f->lod, "zero")) {
        if (ref_src1) /* TEX_LZ has no source for a cube array's reference: SAMPLE_C_LZ */
            snprintf(inst, sizeof inst,
                     "SAMPLE_C_LZ TEMP[1].%s, IN[0], SVIEW[0], SAMP[0], IN[1].xxxx", mask);
        else
            snprintf(inst, sizeof inst, "TEX_LZ TEMP[1].%s, IN[0], SAMP[0], %s%s", mask, t, offs);
    } else if (!strcmp(f->mode, "level")) {
        if (ref_src1)
            return false;
        snprintf(inst, sizeof inst, "%s TEMP[1].%s, IN[0], %sSAMP[0], %s%s",
                 w_taken ? "TXL2" : "TXL", mask, w_taken ? "IN[1].xxxx, " : "", t, offs);
    } else {
        snprintf(inst, sizeof inst, "%s TEMP[1].%s, IN[0], %sSAMP[0], %s%s",
                 ref_src1 ? "TEX2" : "TEX", mask, ref_src1 ? "IN[1].xxxx, " : "", t, offs);
    }
    const char *sview = t ? t : "2D";
    if (!strncmp(sview, "SHADOW", 6))
        sview += 6; /* a view declares the texture's target */
    unsigned comp = !strcmp(f->comp, "g")   ? 1
                    : !strcmp(f->comp, "b") ? 2
                    : !strcmp(f->comp, "a") ? 3
                                            : 0;
    snprintf(out, size,
             "FRAG\nDCL IN[0..2], GENERIC[0], PERSPECTIVE\nDCL SAMP[0]\nDCL SVIEW[0], %s, FLOAT\n"
             "DCL TEMP[0..1]\nIMM[0] INT32 {%d, %d, %d, 0}\nIMM[1] UINT32 {%u, 0, 0, 0}\n"
             "  0: %s\n  1: END\n",
             sview, f->off[0], f->off[1], f->off[2], comp, inst);
    return true;
}

/* The components an instruction writes. */
static unsigned written(const tgx_sm5_insn *in)
{
    if (in->cls == TGX_SM5_TLD4S)
        return 0xf;
    if (in->cls == TGX_SM5_TEXS || in->cls == TGX_SM5_TLDS)
        return tgx_sm5_short_wmask(in);
    return in->wmask;
}

static bool same_form(const tgx_sm5_insn *a, const tgx_sm5_insn *b)
{
    const uint32_t mods = TGX_SM5_F_DC | TGX_SM5_F_AOFFI | TGX_SM5_F_MS;
    bool gather = a->cls == TGX_SM5_TLD4 || a->cls == TGX_SM5_TLD4S;
    return a->cls == b->cls && (a->cls == TGX_SM5_TXQ || a->target == b->target) &&
           a->lod == b->lod && (a->flags & mods) == (b->flags & mods) &&
           (!gather || a->component == b->component) && a->query == b->query &&
           written(a) == written(b);
}

int main(void)
{
    FILE *f = fopen(TGX_TEST_DATA "/lower/ptxas-forms.tsv", "r");
    if (!f)
        TGX_SKIP("no %s", TGX_TEST_DATA "/lower/ptxas-forms.tsv");
    char line[1024];
    unsigned same = 0, emulations = 0, untranslatable = 0, lines = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        char arch_name[8], word_text[24], form_text[512], text[256];
        if (sscanf(line, "%7[^\t]\t%23[^\t]\t%511[^\t]\t%255[^\n]", arch_name, word_text, form_text,
                   text) != 4)
            continue;
        lines++;
        tgx_sm5_arch arch;
        tgx_sm5_arch_from_name(arch_name, &arch);
        uint64_t word = strtoull(word_text, NULL, 16);
        tgx_sm5_insn want;
        tgx_diag d;
        TGX_CHECK(tgx_sm5_decode(word, arch, &want, &d) == TGX_OK, "%s: %s", text, d.message);
        form fm;
        read_form(form_text, &fm);
        char tgsi[1024];
        if (!tgsi_for(&fm, tgsi, sizeof tgsi)) {
            untranslatable++;
            continue;
        }
        tgx_tgsi_shader *sh = NULL;
        if (tgx_tgsi_parse(tgsi, strlen(tgsi), "form", &sh, &d) != TGX_OK) {
            TGX_CHECK(0, "%s: %s\n%s", form_text, d.message, tgsi);
            continue;
        }
        tgx_lower_inst li;
        tgx_status st = tgx_lower_instruction(sh, 0, arch, "form", &li, &d);
        bool emulated = !strcmp(fm.mode, "grad") && want.cls == TGX_SM5_TEX;
        char ours[160] = "";
        if (st == TGX_OK)
            tgx_sm5_print(&li.insn, TGX_SM5_CTRL_NEUTRAL, ours, sizeof ours);
        if (emulated) {
            /* ptxas: TEX.NDV among quad shuffles; the lowering's emulation samples with the
             * same TEX.NDV (class, target, .DC, .AOFFI, components) */
            bool ok = st == TGX_OK && li.ncode > 0 && same_form(&li.insn, &want) &&
                      (li.insn.flags & TGX_SM5_F_NDV) == (want.flags & TGX_SM5_F_NDV);
            TGX_CHECK(ok, "%s: ptxas emulates this gradient with %s; the lowering gave %s",
                      form_text, text, st == TGX_OK ? ours : d.message);
            emulations += ok;
        } else {
            TGX_CHECK(st == TGX_OK && same_form(&li.insn, &want), "%s: ptxas %s, lowered %s",
                      form_text, text, st == TGX_OK ? ours : d.message);
            same += st == TGX_OK && same_form(&li.insn, &want);
        }
        if (st == TGX_OK)
            tgx_lower_inst_free(&li);
        tgx_tgsi_free(sh);
    }
    fclose(f);
    printf("ptxas forms: %u lines, %u lowered to ptxas's class and modifiers, %u gradients ptxas "
           "emulates emulated with its TEX.NDV, %u without one TGSI instruction\n",
           lines, same, emulations, untranslatable);
    TGX_CHECK(emulations > 300, "only %u emulated gradients compared", emulations);
    TGX_CHECK(same > 1500, "only %u forms compared", same);
    return tgx_test_finish();
}
