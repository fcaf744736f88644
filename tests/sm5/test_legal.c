/* The legality checker, rule by rule: for each rule of the seed pages an instruction the page's
 * tables allow and one they forbid, built by hand from the tables (the SM5 pages, docs/sources.md),
 * plus the pages' own examples, which must pass. */
#include <stdio.h>
#include <string.h>

#include "tgx/sm5.h"
#include "tgx_test.h"

enum { RZ = TGX_SM5_RZ };

static tgx_sm5_insn insn(tgx_sm5_class cls)
{
    tgx_sm5_insn in;
    memset(&in, 0, sizeof in);
    in.cls = cls;
    in.pred = TGX_SM5_PT;
    in.sparse_pred = TGX_SM5_PT;
    in.rd = in.rd1 = in.ra = in.rb = in.rc = RZ;
    in.wmask = 0xf;
    in.target = TGX_SM5_2D;
    return in;
}

/* TEXS/TLDS with encoding enc; target/lod/flags as the encoding's row says. */
static tgx_sm5_insn texs(unsigned enc, unsigned target, unsigned lod, uint32_t flags, unsigned rd1,
                         unsigned rd0, unsigned ra, unsigned rb, unsigned wmsk)
{
    tgx_sm5_insn in = insn(TGX_SM5_TEXS);
    in.texs_enc = (uint8_t)enc;
    in.target = (uint8_t)target;
    in.lod = (uint8_t)lod;
    in.flags = flags;
    in.rd1 = (uint8_t)rd1;
    in.rd = (uint8_t)rd0;
    in.ra = (uint8_t)ra;
    in.rb = (uint8_t)rb;
    in.wmsk_enc = (uint8_t)wmsk;
    return in;
}

static tgx_sm5_insn tlds(unsigned enc, unsigned target, unsigned lod, uint32_t flags, unsigned rd1,
                         unsigned rd0, unsigned ra, unsigned rb, unsigned wmsk)
{
    tgx_sm5_insn in = texs(enc, target, lod, flags, rd1, rd0, ra, rb, wmsk);
    in.cls = TGX_SM5_TLDS;
    return in;
}

static tgx_sm5_insn general(tgx_sm5_class cls, unsigned target, unsigned lod, uint32_t flags,
                            unsigned rd, unsigned ra, unsigned rb, unsigned wmask)
{
    tgx_sm5_insn in = insn(cls);
    in.target = (uint8_t)target;
    in.lod = (uint8_t)lod;
    in.flags = flags;
    in.rd = (uint8_t)rd;
    in.ra = (uint8_t)ra;
    in.rb = (uint8_t)rb;
    in.wmask = (uint8_t)wmask;
    return in;
}

static tgx_sm5_tex_kind integer_kind(void *user, const tgx_sm5_insn *in)
{
    (void)in;
    return *(const tgx_sm5_tex_kind *)user;
}

/* Checks in: expect NULL -> no diagnostic at all; otherwise exactly one diagnostic, whose
 * message starts with expect, with severity sev. */
static void expect_at(int line, const tgx_sm5_insn *in, tgx_sm5_arch arch,
                      const tgx_sm5_legal_opts *opts, const char *expect, tgx_severity sev)
{
    tgx_diag_list l;
    tgx_diag_list_init(&l);
    tgx_status st = tgx_sm5_check_legal(in, arch, opts, "t.sass", 7, NULL, &l);
    if (!expect) {
        TGX_CHECK(l.count == 0 && st == TGX_OK, "line %d: expected legal, got %zu: %s", line,
                  l.count, l.count ? l.items[0].message : "");
    } else {
        int ok = l.count == 1 && strncmp(l.items[0].message, expect, strlen(expect)) == 0 &&
                 l.items[0].severity == sev && l.items[0].line == 7 &&
                 strcmp(l.items[0].file, "t.sass") == 0 &&
                 st == (sev == TGX_SEV_ERROR ? TGX_ERR_INVALID : TGX_OK);
        TGX_CHECK(ok, "line %d: expected '%s', got %zu diagnostics: %s", line, expect, l.count,
                  l.count ? l.items[0].message : "");
        for (size_t i = 1; i < l.count; i++)
            fprintf(stderr, "  also: %s\n", l.items[i].message);
    }
    tgx_diag_list_free(&l);
}

#define LEGAL(in)        expect_at(__LINE__, &(in), TGX_SM5_ARCH_SM52, NULL, NULL, 0)
#define ILLEGAL(in, msg) expect_at(__LINE__, &(in), TGX_SM5_ARCH_SM52, NULL, msg, TGX_SEV_ERROR)
#define WARNS(in, msg)   expect_at(__LINE__, &(in), TGX_SM5_ARCH_SM52, NULL, msg, TGX_SEV_WARNING)

enum { NONE = TGX_SM5_LOD_NONE, LZ = TGX_SM5_LOD_LZ, LL = TGX_SM5_LOD_LL, LB = TGX_SM5_LOD_LB };
#define DC    TGX_SM5_F_DC
#define AOFFI TGX_SM5_F_AOFFI
#define MS    TGX_SM5_F_MS
#define CL    TGX_SM5_F_CL
#define F16   TGX_SM5_F_F16

/* sm5-TEXS, legal modifier table: each encoding with Ra/Rb as its row packs them. */
static void texs_encodings(void)
{
    static const struct {
        unsigned enc, target, dc, lod, na, nb;
    } rows[] = {
        {0, TGX_SM5_1D, 0, LZ, 1, 0},       {1, TGX_SM5_2D, 0, NONE, 1, 1},
        {2, TGX_SM5_2D, 0, LZ, 1, 1},       {3, TGX_SM5_2D, 0, LL, 2, 1},
        {4, TGX_SM5_2D, 1, NONE, 2, 1},     {5, TGX_SM5_2D, 1, LL, 2, 2},
        {6, TGX_SM5_2D, 1, LZ, 2, 1},       {7, TGX_SM5_ARRAY_2D, 0, NONE, 2, 1},
        {8, TGX_SM5_ARRAY_2D, 0, LZ, 2, 1}, {9, TGX_SM5_ARRAY_2D, 1, LZ, 2, 2},
        {10, TGX_SM5_3D, 0, NONE, 2, 1},    {11, TGX_SM5_3D, 0, LZ, 2, 1},
        {12, TGX_SM5_CUBE, 0, NONE, 2, 1},  {13, TGX_SM5_CUBE, 0, LL, 2, 2},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        unsigned e = rows[i].enc, t = rows[i].target, l = rows[i].lod;
        uint32_t f = rows[i].dc ? DC : 0;
        unsigned rb = rows[i].nb ? 6 : RZ;
        tgx_sm5_insn ok = texs(e, t, l, f, RZ, 0, 4, rb, 0);
        LEGAL(ok);
        /* Ra holding 2 scalars must be even; 1 scalar may be odd */
        tgx_sm5_insn odd_a = texs(e, t, l, f, RZ, 0, 5, rb, 0);
        if (rows[i].na == 2)
            ILLEGAL(odd_a, "sm5-TEXS: Ra aligned to the number of scalars packed in it:");
        else
            LEGAL(odd_a);
        tgx_sm5_insn odd_b = texs(e, t, l, f, RZ, 0, 4, 7, 0);
        if (rows[i].nb == 2)
            ILLEGAL(odd_b, "sm5-TEXS: Rb aligned to the number of scalars packed in it:");
        else if (rows[i].nb == 1)
            LEGAL(odd_b);
        else
            ILLEGAL(odd_b, "sm5-TEXS: Rb must be RZ when no parameter is packed in it: encoding "
                           "0 (1D .LZ) packs no parameter in Rb, but Rb is R7");
        tgx_sm5_insn rz_a = texs(e, t, l, f, RZ, 0, RZ, rb, 0);
        ILLEGAL(rz_a, "sm5-TEXS: Ra must not be RZ when parameters are packed in it:");
        if (rows[i].nb) {
            tgx_sm5_insn rz_b = texs(e, t, l, f, RZ, 0, 4, RZ, 0);
            ILLEGAL(rz_b, "sm5-TEXS: Rb must not be RZ when parameters are packed in it:");
        }
    }
    tgx_sm5_insn e14 = texs(14, TGX_SM5_2D, NONE, 0, RZ, 0, 4, 6, 0);
    ILLEGAL(e14, "sm5-TEXS: legal modifier table for #paramA, .DC, .lod: encoding 14 does not "
                 "exist");
    /* the table has no 3D .DC row: encoding 10 is 3D, so .DC on it contradicts the encoding */
    tgx_sm5_insn dc3d = texs(10, TGX_SM5_3D, NONE, DC, RZ, 0, 4, 6, 0);
    expect_at(__LINE__, &dc3d, TGX_SM5_ARCH_SM52, NULL,
              "sm5-TEXS: the modifiers are those of the encoding: encoding 10 (3D), but the "
              "instruction says 3D .DC",
              TGX_SEV_ERROR);
}

/* sm5-TEXS, the Rd1/Rd0/wmsk tables and rule 1. */
static void texs_write_masks(void)
{
    /* Rd1 = RZ: wmsk2C; RG/RA/GA/BA write a vec2 at Rd0 */
    for (unsigned w = 0; w < 8; w++) {
        tgx_sm5_insn odd = texs(1, TGX_SM5_2D, NONE, 0, RZ, 3, 4, 6, w);
        if (w < 4)
            LEGAL(odd);
        else
            ILLEGAL(odd, "sm5-TEXS: Rd aligned to the number of components written: write mask");
        tgx_sm5_insn odd16 = texs(1, TGX_SM5_2D, NONE, F16, RZ, 3, 4, 6, w);
        LEGAL(odd16); /* F16 packs two components into one register */
    }
    /* Rd1 != RZ: wmsk34C has encodings 0-4 only */
    for (unsigned w = 0; w < 8; w++) {
        tgx_sm5_insn in = texs(1, TGX_SM5_2D, NONE, 0, 8, 2, 4, 6, w);
        if (w < 5)
            LEGAL(in);
        else
            ILLEGAL(in, "sm5-TEXS: legal modifier table for Rd1, Rd0, wmsk: with Rd1 = R8 (not "
                        "RZ) the write mask is one of RGB, RGA, RBA, GBA, RGBA");
    }
    /* RGB/RGA/RBA/GBA: Rd0 vec2, Rd1 scalar; RGBA: both vec2 */
    tgx_sm5_insn rgb = texs(1, TGX_SM5_2D, NONE, 0, 9, 2, 4, 6, 0);
    LEGAL(rgb);
    tgx_sm5_insn rgba = texs(1, TGX_SM5_2D, NONE, 0, 9, 2, 4, 6, 4);
    ILLEGAL(rgba, "sm5-TEXS: Rd aligned to the number of components written: write mask RGBA "
                  "writes 2 registers at Rd1, so Rd1 must be a multiple of 2, not R9");
    tgx_sm5_insn rd0 = texs(1, TGX_SM5_2D, NONE, 0, 8, 3, 4, 6, 1);
    ILLEGAL(rd0, "sm5-TEXS: Rd aligned to the number of components written: write mask RGA "
                 "writes 2 registers at Rd0");
    tgx_sm5_insn rgba16 = texs(1, TGX_SM5_2D, NONE, F16, 9, 3, 4, 6, 4);
    LEGAL(rgba16);
    /* the page's examples */
    tgx_sm5_insn ex1 = texs(1, TGX_SM5_2D, NONE, 0, RZ, 0, 19, 29, 4); /* RZ, R0, R19, R29, RG */
    LEGAL(ex1);
    tgx_sm5_insn ex2 = texs(3, TGX_SM5_2D, LL, 0, 0, 2, 4, 9, 4); /* .LL R0, R2, R4, R9, RGBA */
    LEGAL(ex2);
    tgx_sm5_insn ex3 = texs(4, TGX_SM5_2D, NONE, DC, 4, 0, 8, 19, 4); /* .DC R4, R0, R8, R19 */
    LEGAL(ex3);
}

/* TLDS: nvdisasm's encodings, packing after yuzu; ARRAY_2D packs the layer alone in Ra. */
static void tlds_rules(void)
{
    tgx_sm5_insn a2d = tlds(8, TGX_SM5_ARRAY_2D, LZ, 0, RZ, 0, 3, 6, 0);
    LEGAL(a2d);
    tgx_sm5_insn a2d_odd = tlds(8, TGX_SM5_ARRAY_2D, LZ, 0, RZ, 0, 3, 5, 0);
    ILLEGAL(a2d_odd, "TLDS: Rb aligned to the number of scalars packed in it (sm5-TEXS's rule; "
                     "TLDS has no page): encoding 8 "
                     "(ARRAY_2D .LZ) packs s,t (2 scalars) in Rb, so Rb must be a multiple of 2, "
                     "not R5");
    tgx_sm5_insn ms = tlds(6, TGX_SM5_2D, LZ, MS, RZ, 4, 6, 16, 5); /* the cubin's TLDS.LZ.MS */
    LEGAL(ms);
    tgx_sm5_insn e3 = tlds(3, TGX_SM5_2D, LZ, 0, RZ, 0, 4, 6, 0);
    ILLEGAL(e3, "TLDS: encodings of nvdisasm's Tld2D4 table: encoding 3 does not exist");
    tgx_sm5_insn e0 = tlds(0, TGX_SM5_1D, LZ, 0, RZ, 0, 4, 6, 0);
    ILLEGAL(e0, "TLDS: Rb must be RZ when no parameter is packed in it (sm5-TEXS's rule; TLDS has "
                "no page): encoding 0 (1D .LZ)");
    tgx_sm5_insn e12 = tlds(12, TGX_SM5_2D, LL, AOFFI, 8, 2, 4, 7, 0);
    ILLEGAL(e12, "TLDS: Rb aligned to the number of scalars packed in it (sm5-TEXS's rule; TLDS "
                 "has no page): encoding 12 "
                 "(2D .LL .AOFFI) packs lod,offset");
    tgx_sm5_insn wm = tlds(2, TGX_SM5_2D, LZ, 0, 8, 2, 4, 6, 6);
    ILLEGAL(wm,
            "TLDS: legal modifier table for Rd1, Rd0, wmsk (sm5-TEXS's rule; TLDS has no page):");
}

static void tld4s_rules(void)
{
    tgx_sm5_insn in = insn(TGX_SM5_TLD4S);
    in.rd1 = 8;
    in.rd = 4;
    in.ra = 5; /* s alone: any register */
    in.rb = 5;
    LEGAL(in);
    in.flags = DC; /* s,t in Ra */
    ILLEGAL(in,
            "TLD4S: Ra aligned to the number of scalars packed in it (sm5-TEXS's rule; TLD4S has "
            "no page): TLD4S.DC packs s,t");
    in.ra = 4;
    in.flags = AOFFI | DC;
    ILLEGAL(in,
            "TLD4S: Rb aligned to the number of scalars packed in it (sm5-TEXS's rule; TLD4S has "
            "no page): TLD4S.AOFFI.DC "
            "packs offset,dc");
    in.rb = 6;
    LEGAL(in);
    in.rd = 5;
    ILLEGAL(in, "TLD4S: Rd aligned to the number of components written (sm5-TEXS's rule; TLD4S has "
                "no page):");
    in.flags |= F16;
    LEGAL(in);
}

/* sm5-TLD: packing table, rules 1-4, .MS and .CL. */
static void tld_rules(void)
{
    tgx_sm5_insn ex1 = general(TGX_SM5_TLD, TGX_SM5_2D, LZ, 0, 0, 4, RZ, 0xf); /* TLD.LZ R0, R4 */
    LEGAL(ex1);
    tgx_sm5_insn ex2 = general(TGX_SM5_TLD, TGX_SM5_2D, LZ, MS, 0, 4, 6, 0xf); /* .LZ.MS */
    LEGAL(ex2);
    tgx_sm5_insn msll = general(TGX_SM5_TLD, TGX_SM5_2D, LL, MS, 0, 4, 6, 0xf);
    ILLEGAL(msll, "sm5-TLD: .MS can only be used with .LZ and 2D/ARRAY_2D textures: the "
                  "instruction has .LL .MS and target 2D");
    tgx_sm5_insn ms3d = general(TGX_SM5_TLD, TGX_SM5_3D, LZ, MS, 0, 4, 6, 0xf);
    ILLEGAL(ms3d, "sm5-TLD: .MS can only be used with .LZ and 2D/ARRAY_2D textures: the "
                  "instruction has .LZ .MS and target 3D");
    tgx_sm5_insn msa2d = general(TGX_SM5_TLD, TGX_SM5_ARRAY_2D, LZ, MS, 0, 4, 6, 0xf);
    LEGAL(msa2d);
    tgx_sm5_insn mscl = general(TGX_SM5_TLD, TGX_SM5_2D, LZ, MS | CL, 0, 4, 6, 0xf);
    ILLEGAL(mscl, "sm5-TLD: .CL cannot be combined with .MS");
    tgx_sm5_insn cl = general(TGX_SM5_TLD, TGX_SM5_2D, LZ, CL, 0, 4, RZ, 0xf);
    LEGAL(cl);
    /* Ra: array, s, t, r -> 3 scalars align to 4, 2 to 2 */
    tgx_sm5_insn r3d = general(TGX_SM5_TLD, TGX_SM5_3D, LZ, 0, 0, 6, RZ, 0xf);
    ILLEGAL(r3d, "sm5-TLD: Ra aligned to the number of scalars packed in it: TLD 3D .LZ packs "
                 "s,t,r (3 scalars) in Ra, so Ra must be a multiple of 4, not R6");
    tgx_sm5_insn a1d = general(TGX_SM5_TLD, TGX_SM5_ARRAY_1D, LZ, 0, 0, 5, RZ, 0xf);
    ILLEGAL(a1d, "sm5-TLD: Ra aligned to the number of scalars packed in it:");
    tgx_sm5_insn d1 = general(TGX_SM5_TLD, TGX_SM5_1D, LZ, 0, 0, 5, RZ, 0xf);
    LEGAL(d1);
    /* TXD (operand layout, docs/sm5-emu.md): Ra = [handle], coordinates, [array | offsets], Rb
     * = the gradients. ptxas: TXD.B R16, R8, R18, 0x0, ARRAY_1D, 0xf (3 scalars in Ra at R8, 2
     * in Rb at R18). */
    tgx_sm5_insn txd = general(TGX_SM5_TXD_B, TGX_SM5_ARRAY_1D, 0, 0, 16, 8, 18, 0xf);
    LEGAL(txd);
    txd.ra = 10;
    ILLEGAL(txd,
            "TXD: Ra aligned to the number of scalars packed in it (sm5-TLD's rule; TXD has no "
            "page): TXD.B ARRAY_1D packs "
            "handle,s,array|off (3 scalars) in Ra, so Ra must be a multiple of 4, not R10");
    txd.ra = 8;
    txd.rb = 19;
    ILLEGAL(txd,
            "TXD: Rb aligned to the number of scalars packed in it (sm5-TLD's rule; TXD has no "
            "page): TXD.B ARRAY_1D packs "
            "dsdx,dsdy (2 scalars) in Rb, so Rb must be a multiple of 2, not R19");
    /* Rb: handle (.B), LOD (.LL), offsets (.AOFFI), sample (.MS) */
    tgx_sm5_insn rb2 = general(TGX_SM5_TLD_B, TGX_SM5_2D, LL, 0, 0, 4, 7, 0xf);
    ILLEGAL(rb2, "sm5-TLD: Rb aligned to the number of scalars packed in it:");
    tgx_sm5_insn rb3 = general(TGX_SM5_TLD_B, TGX_SM5_2D, LL, AOFFI, 0, 4, 6, 0xf);
    ILLEGAL(rb3, "sm5-TLD: Rb aligned to the number of scalars packed in it:");
    rb3.rb = 8;
    LEGAL(rb3);
    tgx_sm5_insn brz = general(TGX_SM5_TLD_B, TGX_SM5_2D, LZ, 0, 0, 4, RZ, 0xf);
    ILLEGAL(brz, "sm5-TLD: Rb must not be RZ when parameters are packed in it:");
    /* rule 3: "no error is generated if non-RZ register is specified" -> a warning */
    tgx_sm5_insn unused = general(TGX_SM5_TLD, TGX_SM5_2D, LZ, 0, 0, 4, 6, 0xf);
    WARNS(unused, "sm5-TLD: Rb must be RZ when no parameter is packed in it:");
    tgx_sm5_insn rarz = general(TGX_SM5_TLD, TGX_SM5_2D, LZ, 0, 0, RZ, RZ, 0xf);
    ILLEGAL(rarz, "sm5-TLD: Ra must not be RZ when parameters are packed in it:");
    /* rule 1: Rd aligned to the write mask's component count (3 -> 4) */
    static const struct {
        unsigned mask, rd;
        int ok;
    } rd[] = {{0x1, 3, 1}, {0x3, 2, 1}, {0x3, 3, 0}, {0x9, 1, 0}, {0x7, 4, 1},
              {0x7, 2, 0}, {0xf, 8, 1}, {0xf, 6, 0}, {0xe, 6, 0}, {0x0, 3, 1}};
    for (size_t i = 0; i < sizeof rd / sizeof rd[0]; i++) {
        tgx_sm5_insn in = general(TGX_SM5_TLD, TGX_SM5_2D, LZ, 0, rd[i].rd, 4, RZ, rd[i].mask);
        if (rd[i].ok)
            LEGAL(in);
        else
            ILLEGAL(in, "sm5-TLD: Rd aligned to the number of components written:");
    }
}

static void tmml_txa_rules(void)
{
    tgx_sm5_insn ex = general(TGX_SM5_TMML, TGX_SM5_2D, NONE, 0, 2, 6, RZ, 0x3); /* the page's */
    LEGAL(ex);
    tgx_sm5_insn cube = general(TGX_SM5_TMML, TGX_SM5_CUBE, NONE, 0, 0, 6, RZ, 0x3);
    ILLEGAL(cube, "sm5-TMML: Ra aligned to the number of scalars packed in it:");
    cube.ra = 8;
    LEGAL(cube);
    tgx_sm5_insn bl = general(TGX_SM5_TMML_B, TGX_SM5_ARRAY_CUBE, NONE, 0, 0, 8, RZ, 0x3);
    ILLEGAL(bl, "sm5-TMML: Rb must not be RZ when parameters are packed in it:");
    bl.rb = 3; /* the handle alone: any register */
    LEGAL(bl);

    tgx_sm5_insn txa = general(TGX_SM5_TXA, TGX_SM5_2D, NONE, 0, 0, 4, RZ, 0xf); /* TXA R0,R4,8 */
    txa.tex_index = 8;
    LEGAL(txa);
    txa.ra = 6;
    ILLEGAL(txa, "sm5-TXA: Ra aligned to 4 (vec4) and not RZ: Ra packs s, t, r (weights) but is "
                 "R6");
    txa.ra = RZ;
    ILLEGAL(txa, "sm5-TXA: Ra aligned to 4 (vec4) and not RZ:");
    txa.ra = 4;
    txa.rd = 2;
    ILLEGAL(txa, "sm5-TXA: Rd aligned to the number of components written:");
}

static void dc_f16_rules(void)
{
    tgx_sm5_insn dc3 = general(TGX_SM5_TEX, TGX_SM5_3D, NONE, DC, 0, 4, 6, 0xf);
    ILLEGAL(dc3, "TEX: depth comparison is not supported by 3D textures (sm5-TEXS's rule; TEX has "
                 "no page): TEX has .DC with target 3D");
    tgx_sm5_insn dc2 = general(TGX_SM5_TEX, TGX_SM5_CUBE, NONE, DC, 0, 4, 6, 0xf);
    LEGAL(dc2);

    tgx_sm5_tex_kind kind = TGX_SM5_TEX_INTEGER;
    tgx_sm5_legal_opts opts = {integer_kind, &kind};
    tgx_sm5_insn f16 = texs(1, TGX_SM5_2D, NONE, F16, RZ, 0, 4, 6, 0);
    expect_at(__LINE__, &f16, TGX_SM5_ARCH_SM52, &opts,
              "sm5-TEXS: .F16 is not supported for integer textures:", TGX_SEV_ERROR);
    expect_at(__LINE__, &f16, TGX_SM5_ARCH_SM52, NULL, NULL, 0); /* unknown texture: no rule */
    kind = TGX_SM5_TEX_FLOAT;
    expect_at(__LINE__, &f16, TGX_SM5_ARCH_SM53, &opts, NULL, 0);
    tgx_sm5_insn f32 = texs(1, TGX_SM5_2D, NONE, 0, RZ, 0, 4, 6, 0);
    kind = TGX_SM5_TEX_INTEGER;
    expect_at(__LINE__, &f32, TGX_SM5_ARCH_SM52, &opts, NULL, 0);
}

/* With the instruction's text, a diagnostic points at the operand its rule is about (columns
 * counted by hand), and names the instruction's own page: a TEX, which has none, is named
 * itself with the page whose rule it follows (it read 'sm5-TLD: ... at column 1). */
typedef struct at_case {
    const char *text;
    unsigned column;
    const char *expect;
} at_case;

static const at_case at_cases[] = {
    /* 1234567890123456789 */
    {"TEX.LL R0, R4, RZ, 0x52, 2D, 0x1 ;", 16,
     "TEX: Rb must not be RZ when parameters are packed in it (sm5-TLD's rule; TEX has no page)"},
    {"  TLDS.LZ RZ, R8, RZ, R9, 0x53, 2D, RG ;", 19,
     "TLDS: Ra must not be RZ when parameters are packed in it (sm5-TEXS's rule"},
    {"TEXS R3, R4, R8, R9, 0x52, 2D, RGBA ;", 6,
     "sm5-TEXS: Rd aligned to the number of components written: write mask RGBA writes 2 "
     "registers at Rd1"},
    {"TLD.LZ R0, R5, RZ, 0x52, ARRAY_1D, 0xf ;", 12,
     "sm5-TLD: Ra aligned to the number of scalars packed in it"},
    {"TLD.B.LL R0, R4, R7, 0x0, 2D, 0xf ;", 18,
     "sm5-TLD: Rb aligned to the number of scalars packed in it"},
    {"TLD.LL.MS R0, R4, R6, 0x52, 2D, 0xf ;", 1,
     "sm5-TLD: .MS can only be used with .LZ and 2D/ARRAY_2D textures"},
    {"@P1 TXA R0, R5, 0x52, 0xf ;", 13, "sm5-TXA: Ra aligned to 4 (vec4) and not RZ"},
    {"TMML.LOD R1, R4, 0x52, 2D, 0x3 ;", 10, "sm5-TMML: Rd aligned to the number of components"},
};

static void operand_columns(void)
{
    for (size_t i = 0; i < sizeof at_cases / sizeof at_cases[0]; i++) {
        const at_case *c = &at_cases[i];
        tgx_sm5_insn in;
        tgx_diag d;
        uint32_t ctrl;
        if (tgx_sm5_parse(c->text, TGX_SM5_ARCH_SM52, &in, &ctrl, &d) != TGX_OK) {
            TGX_CHECK(0, "%s: %s", c->text, d.message);
            continue;
        }
        tgx_diag_list l;
        tgx_diag_list_init(&l);
        tgx_sm5_check_legal(&in, TGX_SM5_ARCH_SM52, NULL, "t.sass", 3, c->text, &l);
        int found = 0;
        for (size_t k = 0; k < l.count; k++)
            found |= strncmp(l.items[k].message, c->expect, strlen(c->expect)) == 0 &&
                     l.items[k].column == c->column && l.items[k].line == 3;
        TGX_CHECK(found, "%s: want '%s' at column %u; got %zu: %s (column %u)", c->text, c->expect,
                  c->column, l.count, l.count ? l.items[0].message : "",
                  l.count ? l.items[0].column : 0);
        tgx_diag_list_free(&l);
    }
}

int main(void)
{
    texs_encodings();
    texs_write_masks();
    tlds_rules();
    tld4s_rules();
    tld_rules();
    tmml_txa_rules();
    dc_f16_rules();
    /* several violations are all reported */
    tgx_sm5_insn many = general(TGX_SM5_TLD, TGX_SM5_3D, LL, MS | CL, 1, 5, 7, 0xf);
    tgx_diag_list l;
    tgx_diag_list_init(&l);
    TGX_CHECK(tgx_sm5_check_legal(&many, TGX_SM5_ARCH_SM52, NULL, NULL, 0, NULL, &l) ==
                  TGX_ERR_INVALID,
              "many: status");
    TGX_CHECK(l.count == 5 && l.errors == 5, "many: %zu diagnostics, %zu errors", l.count,
              l.errors);
    tgx_diag_list_free(&l);
    operand_columns();
    return tgx_test_finish();
}
