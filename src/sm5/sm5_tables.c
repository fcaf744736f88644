/* The sm5 tables, instantiated from the .def files (see each file for its sources). */
#include <stddef.h>
#include <string.h>

#include "sm5/sm5_internal.h"

const sm5_field sm5_fields[] = {
#define FIELD(c, f, lo, w) {TGX_SM5_##c, SM5_FLD_##f, lo, w, SM5_KINDOF_##f, SM5_ARGOF_##f},
#include "sm5/sm5_fields.def"
#undef FIELD
};
const size_t sm5_field_count = sizeof sm5_fields / sizeof sm5_fields[0];

const sm5_opcode sm5_opcodes[] = {
#define OPCODE(c, f16, archs, mask, value) {TGX_SM5_##c, f16, archs, mask, value},
#include "sm5/sm5_opcodes.def"
#undef OPCODE
};
const size_t sm5_opcode_count = sizeof sm5_opcodes / sizeof sm5_opcodes[0];

const sm5_senc sm5_sencs[] = {
#define SENC(c, n, t, l, f) {TGX_SM5_##c, n, t, l, f},
#include "sm5/sm5_encodings.def"
#undef SENC
};
const size_t sm5_senc_count = sizeof sm5_sencs / sizeof sm5_sencs[0];

_Static_assert(SM5_ROW_COUNT == sizeof sm5_fields / sizeof sm5_fields[0],
               "sm5_field_row numbers every row of sm5_fields.def");
_Static_assert(SM5_ROW_COUNT <= 255, "row numbers fit sm5_class_first");

/* A class missing from sm5_fields.def does not compile here. */
const uint8_t sm5_class_first[TGX_SM5_CLASS_COUNT] = {
#define X(e, mn) [TGX_SM5_##e] = SM5_ROWS_##e,
    TGX_SM5_CLASS_LIST(X)
#undef X
};

const sm5_fld_info sm5_flds[SM5_FLD_COUNT] = {
#define X(name, diag, kind, arg) [SM5_FLD_##name] = {diag, SM5_KIND_##kind, (uint32_t)(arg)},
    SM5_FLD_LIST(X)
#undef X
};

const sm5_mod_info sm5_mods[SM5_MOD_COUNT] = {
#define X(name, text, flag) [SM5_MOD_##name] = {text, sizeof(text) - 1, flag},
    SM5_MOD_LIST(X)
#undef X
};

const char *const sm5_opnd_names[SM5_OPND_COUNT] = {
#define X(name, diag) [SM5_OPND_##name] = diag,
    SM5_OPND_LIST(X)
#undef X
};

const sm5_syntax sm5_syntaxes[TGX_SM5_CLASS_COUNT] = {
#define SYNTAX(c, mn, mods, ops)                                                                   \
    [TGX_SM5_##c] = {                                                                              \
        mn, sizeof(mn) - 1, {SM5_TOKENS(SM5_MOD_TOKEN, mods)}, {SM5_TOKENS(SM5_OPND_TOKEN, ops)}},
#include "sm5/sm5_syntax.def"
#undef SYNTAX
};

uint32_t sm5_field_load(const tgx_sm5_insn *in, sm5_fld f)
{
    const sm5_fld_info *fi = &sm5_flds[f];
    const unsigned char *base = (const unsigned char *)in;
    switch ((sm5_fld_kind)fi->kind) {
    case SM5_KIND_U8: return base[fi->arg];
    case SM5_KIND_U16: {
        uint16_t h;
        memcpy(&h, base + fi->arg, sizeof h);
        return h;
    }
    case SM5_KIND_FLAG: return (in->flags & fi->arg) != 0;
    case SM5_KIND_LODLL: return in->lod == TGX_SM5_LOD_LL;
    case SM5_KIND_TOFF: return in->toff;
    case SM5_KIND_ZERO: break;
    }
    return 0;
}

const sm5_name sm5_target_names[8] = {
    SM5_NAME("1D"), SM5_NAME("ARRAY_1D"), SM5_NAME("2D"),   SM5_NAME("ARRAY_2D"),
    SM5_NAME("3D"), SM5_NAME("ARRAY_3D"), SM5_NAME("CUBE"), SM5_NAME("ARRAY_CUBE")};
const sm5_name sm5_lod_names[8] = {
    SM5_NAME(""),     SM5_NAME(".LZ"),           SM5_NAME(".LB"),
    SM5_NAME(".LL"),  SM5_NAME(".INVALIDBLOD4"), SM5_NAME(".INVALIDBLOD5"),
    SM5_NAME(".LBA"), SM5_NAME(".LLA")};
const sm5_name sm5_toff_names[4] = {SM5_NAME(""), SM5_NAME(".AOFFI"), SM5_NAME(".PTP"),
                                    SM5_NAME(".INVALIDBTOFF03")};
const sm5_name sm5_comp_names[4] = {SM5_NAME(".R"), SM5_NAME(".G"), SM5_NAME(".B"), SM5_NAME(".A")};
/* sm5-TEXS (docs/sources.md): wmsk2C (Rd1 = RZ) and wmsk34C (Rd1 != RZ), by encoding; 5-7 of
 * wmsk34C are reserved and nvdisasm prints INVALID5..7. */
const sm5_name sm5_wmsk2_names[8] = {SM5_NAME("R"),  SM5_NAME("G"),  SM5_NAME("B"),
                                     SM5_NAME("A"),  SM5_NAME("RG"), SM5_NAME("RA"),
                                     SM5_NAME("GA"), SM5_NAME("BA")};
const sm5_name sm5_wmsk34_names[8] = {
    SM5_NAME("RGB"),  SM5_NAME("RGA"),      SM5_NAME("RBA"),      SM5_NAME("GBA"),
    SM5_NAME("RGBA"), SM5_NAME("INVALID5"), SM5_NAME("INVALID6"), SM5_NAME("INVALID7")};

const sm5_name sm5_phase_names[4] = {SM5_NAME(""), SM5_NAME(".T"), SM5_NAME(".P"),
                                     SM5_NAME(".INVALIDPHASE3")};

/* nvdisasm's 'TXQModeDim' table (tests/data/maxwell/fuzz-*.tsv): 1, 2, 5 and the even
 * values from 6 up are defined; the named ones print by name, the others as value/2. */
const char *sm5_query_name(unsigned v)
{
    switch (v) {
    case 1: return "TEX_HEADER_DIMENSION";
    case 2: return "TEX_HEADER_TEXTURE_TYPE";
    case 5: return "TEX_HEADER_SAMPLER_POS";
    case 16: return "TEX_SAMPLER_FILTER";
    case 18: return "TEX_SAMPLER_LOD";
    case 20: return "TEX_SAMPLER_WRAP";
    case 22: return "TEX_SAMPLER_BORDER_COLOR";
    default: return NULL;
    }
}

int sm5_query_valid(unsigned v)
{
    return v == 1 || v == 2 || v == 5 || (v >= 6 && v < 64 && v % 2 == 0);
}

const sm5_senc *sm5_senc_find(tgx_sm5_class cls, unsigned number)
{
    for (size_t i = 0; i < sm5_senc_count; i++) {
        if (sm5_sencs[i].cls == cls && sm5_sencs[i].number == number)
            return &sm5_sencs[i];
    }
    return NULL;
}

tgx_status tgx_sm5_short_encoding(tgx_sm5_class cls, unsigned target, unsigned lod, uint32_t flags,
                                  uint8_t *number)
{
    const uint32_t table_flags = TGX_SM5_F_DC | TGX_SM5_F_AOFFI | TGX_SM5_F_MS;
    for (size_t i = 0; i < sm5_senc_count; i++) {
        const sm5_senc *e = &sm5_sencs[i];
        if (e->cls == cls && e->target == target && e->lod == lod &&
            e->flags == (flags & table_flags)) {
            if (number)
                *number = e->number;
            return TGX_OK;
        }
    }
    return TGX_ERR_UNSUPPORTED;
}

const sm5_opcode *sm5_opcode_for(tgx_sm5_class cls, int f16, tgx_sm5_arch arch)
{
    for (size_t i = 0; i < sm5_opcode_count; i++) {
        const sm5_opcode *o = &sm5_opcodes[i];
        if (o->cls == cls && o->f16 == !!f16 && (o->archs >> arch & 1u))
            return o;
    }
    return NULL;
}

const sm5_opcode *sm5_opcode_find(uint64_t word, tgx_sm5_arch arch)
{
    unsigned top = (unsigned)(word >> 48);
    size_t lo = 0, hi = sm5_opcode_count; /* the last row with value <= top is below hi */
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (sm5_opcodes[mid].value <= top)
            lo = mid;
        else
            hi = mid;
    }
    const sm5_opcode *o = &sm5_opcodes[lo];
    return (top & o->mask) == o->value && (o->archs >> arch & 1u) ? o : NULL;
}

int sm5_class_has(tgx_sm5_class cls, sm5_fld f)
{
    for (size_t i = sm5_class_first[cls]; i < sm5_field_count && sm5_fields[i].cls == cls; i++)
        if (sm5_fields[i].fld == f)
            return 1;
    return 0;
}

uint64_t sm5_read_mask(tgx_sm5_class cls, int f16)
{
    uint64_t m = 0;
    for (size_t i = 0; i < sm5_opcode_count; i++) {
        if (sm5_opcodes[i].cls == cls && sm5_opcodes[i].f16 == !!f16)
            m |= (uint64_t)sm5_opcodes[i].mask << 48;
    }
    for (size_t i = sm5_class_first[cls]; i < sm5_field_count && sm5_fields[i].cls == cls; i++)
        m |= ((UINT64_C(1) << sm5_fields[i].width) - 1) << sm5_fields[i].lo;
    return m;
}
