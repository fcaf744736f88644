/* Operand layout of the texture instructions: what Ra, Rb and their successors hold, and where
 * the result components go. One description read by the legality checker (legal.c), the
 * emulator (src/emu) and translators. docs/sm5-emu.md tabulates it.
 *
 * Sources (facts only; the code is our own):
 *   TEXS: sm5-TEXS (docs/sources.md), legal modifier table (sm5_packing.def) and the
 *     Rd1/Rd0/wmsk tables for 32-bit and packed-F16 returns.
 *   TLD: sm5-TLD packing table: Ra = array, s, t, r; Rb = handle, LOD,
 *     offsets, multisample index, "compacted upwards" when absent.
 *   TMML: sm5-TMML packing table (Ra = array, s, t, r; Rb = handle).
 *   TXA: sm5-TXA (Ra = s, t, weights).
 *   TEX: no page. Mesa nouveau's NVC0LoweringPass::handleTEX ("Maxwell (tex): array, coords,
 *     indirect handle, sample, lod bias, depth compare, offsets", with the offsets placed before
 *     the depth compare) and texConstraintGM107 (Ra = array + coordinates, Rb = the rest); yuzu's
 *     texture_fetch.cpp reads the same order (handle, LOD, offset, dref). .LC: Mesa NAK's
 *     nak_nir_lower_tex.c packs the minimum LOD as U8.8 above the array index in Ra+0, and adds
 *     that register for non-array targets too.
 *   TLD4: nouveau handleTEX (TXG offsets one byte per component, .PTP two registers of four
 *     texels) and yuzu texture_gather.cpp (6-bit signed fields in bytes 0, 1, 2, 3).
 *   TLDS, TLD4S: no page; yuzu texture_load_swizzled.cpp / texture_gather_swizzled.cpp, nouveau
 *     handleScalarTexGM107.
 *   TXD: nouveau handleTEX/handleTXD ("Maxwell (txd): indirect handle, coords, array + offsets,
 *     derivatives"; offsets in the upper half of the array register; gradients dx, dy per
 *     coordinate) and texConstraintGM107 (Ra = handle, coordinates, array register; Rb = the
 *     gradients); NAK packs alike; yuzu texture_gradient.cpp gives the .LC variant (array
 *     11..0, offsets from bit 12, LOD clamp U4.8 in 31..20).
 *   TXQ: nouveau handleTXQ and NAK build_txq: Ra = [handle], level; no Rb.
 */
#include "sm5/sm5_internal.h"

static const char *const param_names[TGX_SM5_P_COUNT] = {
#define X(e, name) name,
    TGX_SM5_PARAM_LIST(X)
#undef X
};

const char *tgx_sm5_param_name(tgx_sm5_param p)
{
    return (unsigned)p < TGX_SM5_P_COUNT ? param_names[p] : "?";
}

enum { P_NO = 0xff };

typedef struct short_pack {
    uint8_t cls, number;
    uint8_t a[2], b[2];
} short_pack;

static const short_pack short_packs[] = {
#define SPACK(c, n, a0, a1, b0, b1) {TGX_SM5_##c, n, {SP_##a0, SP_##a1}, {SP_##b0, SP_##b1}},
#define SP_NO                       P_NO
#define SP_S                        TGX_SM5_P_S
#define SP_T                        TGX_SM5_P_T
#define SP_R                        TGX_SM5_P_R
#define SP_ARRAY                    TGX_SM5_P_ARRAY
#define SP_LOD                      TGX_SM5_P_LOD
#define SP_DC                       TGX_SM5_P_DC
#define SP_OFFSET                   TGX_SM5_P_OFFSET
#define SP_MS                       TGX_SM5_P_MS
#include "sm5/sm5_packing.def"
#undef SPACK
};

static void push_a(tgx_sm5_layout *l, tgx_sm5_param p)
{
    if (l->na < TGX_SM5_LAYOUT_A)
        l->a[l->na++] = (uint8_t)p;
}

static void push_b(tgx_sm5_layout *l, tgx_sm5_param p)
{
    if (l->nb < TGX_SM5_LAYOUT_B)
        l->b[l->nb++] = (uint8_t)p;
}

static int is_array_target(unsigned t)
{
    return t == TGX_SM5_ARRAY_1D || t == TGX_SM5_ARRAY_2D || t == TGX_SM5_ARRAY_3D ||
           t == TGX_SM5_ARRAY_CUBE;
}

/* Coordinates per target: 1D s; 2D s, t; 3D and CUBE s, t, r (a cube's direction). */
static unsigned target_coords(unsigned t)
{
    static const uint8_t n[8] = {1, 1, 2, 2, 3, 3, 3, 3};
    return t < 8 ? n[t] : 0;
}

static void push_coords(tgx_sm5_layout *l, unsigned target)
{
    static const tgx_sm5_param st[3] = {TGX_SM5_P_S, TGX_SM5_P_T, TGX_SM5_P_R};
    for (unsigned i = 0; i < target_coords(target); i++)
        push_a(l, st[i]);
}

static int is_bindless(tgx_sm5_class c)
{
    return c == TGX_SM5_TEX_B || c == TGX_SM5_TLD_B || c == TGX_SM5_TLD4_B || c == TGX_SM5_TXD_B ||
           c == TGX_SM5_TXQ_B || c == TGX_SM5_TMML_B;
}

static tgx_status short_layout(const tgx_sm5_insn *in, tgx_sm5_layout *l, tgx_diag *d)
{
    for (size_t i = 0; i < sizeof short_packs / sizeof short_packs[0]; i++) {
        const short_pack *p = &short_packs[i];
        if (p->cls != in->cls || p->number != in->texs_enc)
            continue;
        for (int k = 0; k < 2; k++) {
            if (p->a[k] != P_NO)
                push_a(l, (tgx_sm5_param)p->a[k]);
            if (p->b[k] != P_NO)
                push_b(l, (tgx_sm5_param)p->b[k]);
        }
        return TGX_OK;
    }
    return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, NULL, 0, 0,
                        "field 'encoding': %s encoding %u is undefined",
                        tgx_sm5_class_name(in->cls), in->texs_enc);
}

/* TLD4S: 2D only; s | t, or s, t | [offset], [dc] (yuzu texture_gather_swizzled.cpp). */
static void tld4s_layout(const tgx_sm5_insn *in, tgx_sm5_layout *l)
{
    int aoffi = !!(in->flags & TGX_SM5_F_AOFFI), dc = !!(in->flags & TGX_SM5_F_DC);
    push_a(l, TGX_SM5_P_S);
    if (!aoffi && !dc) {
        push_b(l, TGX_SM5_P_T);
        return;
    }
    push_a(l, TGX_SM5_P_T);
    if (aoffi)
        push_b(l, TGX_SM5_P_OFFSET);
    if (dc)
        push_b(l, TGX_SM5_P_DC);
}

static tgx_status reserved(tgx_diag *d, const char *field, const char *value)
{
    return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, NULL, 0, 0,
                        "field '%s': %s is a reserved value; no source describes what it does",
                        field, value);
}

static tgx_status tex_layout(const tgx_sm5_insn *in, tgx_sm5_layout *l, tgx_diag *d)
{
    if (in->lod == TGX_SM5_LOD_INVALID4 || in->lod == TGX_SM5_LOD_INVALID5)
        return reserved(d, "lod", sm5_lod_names[in->lod].s);
    if (in->flags & TGX_SM5_F_LC)
        push_a(l, TGX_SM5_P_ARRAY_LC);
    else if (is_array_target(in->target))
        push_a(l, TGX_SM5_P_ARRAY);
    push_coords(l, in->target);
    if (is_bindless(in->cls))
        push_b(l, TGX_SM5_P_HANDLE);
    if (in->lod == TGX_SM5_LOD_LB || in->lod == TGX_SM5_LOD_LL || in->lod == TGX_SM5_LOD_LBA ||
        in->lod == TGX_SM5_LOD_LLA)
        push_b(l, TGX_SM5_P_LOD);
    if (in->flags & TGX_SM5_F_AOFFI)
        push_b(l, TGX_SM5_P_OFFSET);
    if (in->flags & TGX_SM5_F_DC)
        push_b(l, TGX_SM5_P_DC);
    return TGX_OK;
}

/* sm5-TLD: Rb = handle, LOD, offsets, multisample index, compacted upwards. */
static void tld_layout(const tgx_sm5_insn *in, tgx_sm5_layout *l)
{
    if (is_array_target(in->target))
        push_a(l, TGX_SM5_P_ARRAY);
    push_coords(l, in->target);
    if (is_bindless(in->cls))
        push_b(l, TGX_SM5_P_HANDLE);
    if (in->lod == TGX_SM5_LOD_LL)
        push_b(l, TGX_SM5_P_LOD);
    if (in->flags & TGX_SM5_F_AOFFI)
        push_b(l, TGX_SM5_P_OFFSET);
    if (in->flags & TGX_SM5_F_MS)
        push_b(l, TGX_SM5_P_MS);
}

static tgx_status tld4_layout(const tgx_sm5_insn *in, tgx_sm5_layout *l, tgx_diag *d)
{
    if (in->toff == TGX_SM5_TOFF_INVALID3)
        return reserved(d, "toff", sm5_toff_names[in->toff].s);
    if (is_array_target(in->target))
        push_a(l, TGX_SM5_P_ARRAY);
    push_coords(l, in->target);
    if (is_bindless(in->cls))
        push_b(l, TGX_SM5_P_HANDLE);
    if (in->toff == TGX_SM5_TOFF_AOFFI) {
        push_b(l, TGX_SM5_P_OFFSET);
    } else if (in->toff == TGX_SM5_TOFF_PTP) {
        push_b(l, TGX_SM5_P_PTP0);
        push_b(l, TGX_SM5_P_PTP1);
    }
    if (in->flags & TGX_SM5_F_DC)
        push_b(l, TGX_SM5_P_DC);
    return TGX_OK;
}

/* TXD: Ra = [handle], coordinates, [array | offsets | clamp]; Rb = ds/dx, ds/dy, dt/dx, ... */
static void txd_layout(const tgx_sm5_insn *in, tgx_sm5_layout *l)
{
    static const tgx_sm5_param grads[6] = {TGX_SM5_P_DSDX, TGX_SM5_P_DSDY, TGX_SM5_P_DTDX,
                                           TGX_SM5_P_DTDY, TGX_SM5_P_DRDX, TGX_SM5_P_DRDY};
    if (is_bindless(in->cls)) {
        push_a(l, TGX_SM5_P_HANDLE);
        l->handle_in_a = 1;
    }
    push_coords(l, in->target);
    if (is_array_target(in->target) || (in->flags & (TGX_SM5_F_AOFFI | TGX_SM5_F_LC)))
        push_a(l, TGX_SM5_P_TXD_EXTRA);
    for (unsigned i = 0; i < 2 * target_coords(in->target); i++)
        push_b(l, grads[i]);
}

tgx_status tgx_sm5_operand_layout(const tgx_sm5_insn *in, tgx_sm5_layout *out, tgx_diag *d)
{
    if (!in || !out || (unsigned)in->cls >= TGX_SM5_CLASS_COUNT)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "operand layout needs an instruction");
    tgx_sm5_layout l = {0, 0, {0}, {0}, 0};
    tgx_status st = TGX_OK;
    switch (in->cls) {
    case TGX_SM5_TEXS:
    case TGX_SM5_TLDS: st = short_layout(in, &l, d); break;
    case TGX_SM5_TLD4S: tld4s_layout(in, &l); break;
    case TGX_SM5_TEX:
    case TGX_SM5_TEX_B: st = tex_layout(in, &l, d); break;
    case TGX_SM5_TLD:
    case TGX_SM5_TLD_B: tld_layout(in, &l); break;
    case TGX_SM5_TLD4:
    case TGX_SM5_TLD4_B: st = tld4_layout(in, &l, d); break;
    case TGX_SM5_TXD:
    case TGX_SM5_TXD_B: txd_layout(in, &l); break;
    case TGX_SM5_TXQ:
    case TGX_SM5_TXQ_B:
        if (in->cls == TGX_SM5_TXQ_B) {
            push_a(&l, TGX_SM5_P_HANDLE);
            l.handle_in_a = 1;
        }
        push_a(&l, TGX_SM5_P_LEVEL);
        break;
    case TGX_SM5_TMML:
    case TGX_SM5_TMML_B:
        tld_layout(in, &l); /* sm5-TMML's table: array, s, t, r | handle */
        break;
    case TGX_SM5_TXA:
        push_a(&l, TGX_SM5_P_S);
        push_a(&l, TGX_SM5_P_T);
        push_a(&l, TGX_SM5_P_WEIGHTS);
        break;
    default: break;
    }
    if (st == TGX_OK)
        *out = l;
    return st;
}

/* ---- destinations ---------------------------------------------------------------------------- */

/* sm5-TEXS: wmsk2C (Rd1 = RZ) and wmsk34C (Rd1 != RZ) as RGBA masks. */
static const uint8_t wmsk2c[8] = {0x1, 0x2, 0x4, 0x8, 0x3, 0x9, 0xa, 0xc};
static const uint8_t wmsk34c[8] = {0x7, 0xb, 0xd, 0xe, 0xf, 0, 0, 0};

unsigned tgx_sm5_short_wmask(const tgx_sm5_insn *in)
{
    unsigned w = in->wmsk_enc & 7u;
    return in->rd1 == TGX_SM5_RZ ? wmsk2c[w] : wmsk34c[w];
}

static uint8_t reg_plus(unsigned base, unsigned k)
{
    return base + k >= TGX_SM5_RZ ? (uint8_t)TGX_SM5_RZ : (uint8_t)(base + k);
}

static void add_slot(tgx_sm5_dest *o, unsigned comp, unsigned reg, unsigned half)
{
    o->slot[o->n++] = (tgx_sm5_dest_slot){(uint8_t)comp, (uint8_t)reg, (uint8_t)half};
}

/* The components of mask in RGBA order: the first two to Rd0 (Rd0, Rd0+1; F16: both halves of
 * Rd0), the others to Rd1 likewise (sm5-TEXS tables; TLD4S stores the same way). */
static void short_dest(const tgx_sm5_insn *in, unsigned mask, tgx_sm5_dest *o)
{
    int f16 = !!(in->flags & TGX_SM5_F_F16);
    unsigned k = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (!(mask >> c & 1u))
            continue;
        unsigned base = k < 2 ? in->rd : in->rd1, pos = k % 2;
        if (f16)
            add_slot(o, c, base == TGX_SM5_RZ ? TGX_SM5_RZ : base, pos + 1);
        else
            add_slot(o, c, base == TGX_SM5_RZ ? TGX_SM5_RZ : reg_plus(base, pos), 0);
        k++;
    }
}

tgx_status tgx_sm5_dest_layout(const tgx_sm5_insn *in, tgx_sm5_dest *out, tgx_diag *d)
{
    if (!in || !out || (unsigned)in->cls >= TGX_SM5_CLASS_COUNT)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "destination layout needs an instruction");
    tgx_sm5_dest o = {0, {{0, 0, 0}}};
    if (in->cls == TGX_SM5_TEXS || in->cls == TGX_SM5_TLDS) {
        unsigned m = tgx_sm5_short_wmask(in);
        if (!m)
            return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                                "field 'wmsk': %s is reserved in wmsk34C",
                                sm5_wmsk34_names[in->wmsk_enc & 7u].s);
        short_dest(in, m, &o);
    } else if (in->cls == TGX_SM5_TLD4S) {
        short_dest(in, 0xf, &o);
    } else {
        unsigned k = 0;
        for (unsigned c = 0; c < 4; c++)
            if (in->wmask >> c & 1u)
                add_slot(&o, c, in->rd == TGX_SM5_RZ ? TGX_SM5_RZ : reg_plus(in->rd, k++), 0);
    }
    *out = o;
    return TGX_OK;
}
