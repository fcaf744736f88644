/* The sm5 tables, instantiated from the .def files (see each file for its sources). */
#include <stddef.h>

#include "sm5/sm5_internal.h"

const sm5_field sm5_fields[] = {
#define FIELD(c, f, lo, w) {TGX_SM5_##c, SM5_FLD_##f, lo, w},
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

const sm5_syntax sm5_syntaxes[TGX_SM5_CLASS_COUNT] = {
#define SYNTAX(c, mn, mods, ops) [TGX_SM5_##c] = {mn, mods, ops},
#include "sm5/sm5_syntax.def"
#undef SYNTAX
};

/* Field names used in diagnostics (the spec pages' operand names). */
const char *const sm5_fld_names[SM5_FLD_COUNT] = {
    [SM5_FLD_RD] = "Rd",          [SM5_FLD_RD1] = "Rd1",        [SM5_FLD_RA] = "Ra",
    [SM5_FLD_RB] = "Rb",          [SM5_FLD_PRED] = "Pg",        [SM5_FLD_PNEG] = "Pg negation",
    [SM5_FLD_SPARSE] = "Ps",      [SM5_FLD_TARGET] = "paramA",  [SM5_FLD_WMASK] = "wmsk",
    [SM5_FLD_WENC] = "wmsk",      [SM5_FLD_SENC] = "encoding",  [SM5_FLD_NDV] = ".NDV",
    [SM5_FLD_NODEP] = ".NODEP",   [SM5_FLD_DC] = ".DC",         [SM5_FLD_AOFFI] = ".AOFFI",
    [SM5_FLD_LC] = ".LC",         [SM5_FLD_MS] = ".MS",         [SM5_FLD_CL] = ".CL",
    [SM5_FLD_LOD] = "lod",        [SM5_FLD_LODLL] = "lod",      [SM5_FLD_TOFF] = "toff",
    [SM5_FLD_COMP] = "component", [SM5_FLD_INDEX] = "tsPtrIdx", [SM5_FLD_QUERY] = "query",
    [SM5_FLD_ZERO] = "reserved",
};

const char *const sm5_target_names[8] = {"1D", "ARRAY_1D", "2D",   "ARRAY_2D",
                                         "3D", "ARRAY_3D", "CUBE", "ARRAY_CUBE"};
const char *const sm5_lod_names[8] = {"",     ".LZ", ".LB", ".LL", ".INVALIDBLOD4", ".INVALIDBLOD5",
                                      ".LBA", ".LLA"};
const char *const sm5_toff_names[4] = {"", ".AOFFI", ".PTP", ".INVALIDBTOFF03"};
const char *const sm5_comp_names[4] = {".R", ".G", ".B", ".A"};
/* sm5-TEXS (docs/sources.md): wmsk2C (Rd1 = RZ) and wmsk34C (Rd1 != RZ), by encoding; 5-7 of
 * wmsk34C are reserved and nvdisasm prints INVALID5..7. */
const char *const sm5_wmsk2_names[8] = {"R", "G", "B", "A", "RG", "RA", "GA", "BA"};
const char *const sm5_wmsk34_names[8] = {"RGB",  "RGA",      "RBA",      "GBA",
                                         "RGBA", "INVALID5", "INVALID6", "INVALID7"};

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

const sm5_opcode *sm5_opcode_for(tgx_sm5_class cls, int f16, tgx_sm5_arch arch)
{
    for (size_t i = 0; i < sm5_opcode_count; i++) {
        const sm5_opcode *o = &sm5_opcodes[i];
        if (o->cls == cls && o->f16 == !!f16 && (o->archs >> arch & 1u))
            return o;
    }
    return NULL;
}

uint64_t sm5_read_mask(tgx_sm5_class cls, int f16)
{
    uint64_t m = 0;
    for (size_t i = 0; i < sm5_opcode_count; i++) {
        if (sm5_opcodes[i].cls == cls && sm5_opcodes[i].f16 == !!f16)
            m |= (uint64_t)sm5_opcodes[i].mask << 48;
    }
    for (size_t i = 0; i < sm5_field_count; i++) {
        const sm5_field *f = &sm5_fields[i];
        if (f->cls == cls)
            m |= ((UINT64_C(1) << f->width) - 1) << f->lo;
    }
    return m;
}
