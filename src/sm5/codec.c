/* Decode and encode Maxwell texture-instruction words, driven by sm5_opcodes.def,
 * sm5_fields.def and sm5_encodings.def. Error texts are nvdisasm 11.8's, without "ERROR: "
 * (tests/data/maxwell/README.md). */
#include <string.h>

#include "sm5/sm5_internal.h"

/* nvdisasm's message for a word whose opcode (or an arch-restricted field) it does not know. */
#define SM5_MSG_UNRECOGNIZED "Unrecognized operation for functional unit 'uC'"

static tgx_status unrecognized(tgx_diag *d)
{
    return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0, SM5_MSG_UNRECOGNIZED);
}

static const sm5_opcode *find_opcode(uint64_t word, tgx_sm5_arch arch)
{
    uint16_t top = (uint16_t)(word >> 48);
    for (size_t i = 0; i < sm5_opcode_count; i++) {
        const sm5_opcode *o = &sm5_opcodes[i];
        if ((o->archs >> arch & 1u) && (top & o->mask) == o->value)
            return o;
    }
    return NULL;
}

int tgx_sm5_is_texture_opcode(uint64_t word, tgx_sm5_arch arch)
{
    if ((unsigned)arch >= TGX_SM5_ARCH_COUNT || !find_opcode(word, arch))
        return 0;
    /* sm_50 does not know a word whose sparse predicate is not PT or with .LC at all: the
     * opcode map lists no class for those top bits (corpus opcode-map.tsv). Every other error
     * of a texture opcode names its class. */
    tgx_sm5_insn in;
    tgx_diag d;
    return tgx_sm5_decode(word, arch, &in, &d) == TGX_OK ||
           strcmp(d.message, SM5_MSG_UNRECOGNIZED) != 0;
}

static void set_flag(tgx_sm5_insn *in, uint32_t flag, uint32_t v)
{
    if (v)
        in->flags |= flag;
    else
        in->flags &= ~flag;
}

/* Stores field value v into the member the field names. */
static void field_store(tgx_sm5_insn *in, sm5_fld f, uint32_t v)
{
    switch (f) {
    case SM5_FLD_RD: in->rd = (uint8_t)v; break;
    case SM5_FLD_RD1: in->rd1 = (uint8_t)v; break;
    case SM5_FLD_RA: in->ra = (uint8_t)v; break;
    case SM5_FLD_RB: in->rb = (uint8_t)v; break;
    case SM5_FLD_PRED: in->pred = (uint8_t)v; break;
    case SM5_FLD_PNEG: in->pred_neg = (uint8_t)v; break;
    case SM5_FLD_SPARSE: in->sparse_pred = (uint8_t)v; break;
    case SM5_FLD_TARGET: in->target = (uint8_t)v; break;
    case SM5_FLD_WMASK: in->wmask = (uint8_t)v; break;
    case SM5_FLD_WENC: in->wmsk_enc = (uint8_t)v; break;
    case SM5_FLD_SENC: in->texs_enc = (uint8_t)v; break;
    case SM5_FLD_NDV: set_flag(in, TGX_SM5_F_NDV, v); break;
    case SM5_FLD_NODEP: set_flag(in, TGX_SM5_F_NODEP, v); break;
    case SM5_FLD_DC: set_flag(in, TGX_SM5_F_DC, v); break;
    case SM5_FLD_AOFFI: set_flag(in, TGX_SM5_F_AOFFI, v); break;
    case SM5_FLD_LC: set_flag(in, TGX_SM5_F_LC, v); break;
    case SM5_FLD_MS: set_flag(in, TGX_SM5_F_MS, v); break;
    case SM5_FLD_CL: set_flag(in, TGX_SM5_F_CL, v); break;
    case SM5_FLD_LOD: in->lod = (uint8_t)v; break;
    case SM5_FLD_LODLL: in->lod = v ? TGX_SM5_LOD_LL : TGX_SM5_LOD_LZ; break;
    case SM5_FLD_TOFF:
        in->toff = (uint8_t)v;
        set_flag(in, TGX_SM5_F_AOFFI, v == TGX_SM5_TOFF_AOFFI);
        set_flag(in, TGX_SM5_F_PTP, v == TGX_SM5_TOFF_PTP);
        break;
    case SM5_FLD_COMP: in->component = (uint8_t)v; break;
    case SM5_FLD_INDEX: in->tex_index = (uint16_t)v; break;
    case SM5_FLD_QUERY: in->query = (uint8_t)v; break;
    case SM5_FLD_ZERO:
    case SM5_FLD_COUNT: break;
    }
}

/* The value the field takes from in's members (the inverse of field_store). */
static uint32_t field_load(const tgx_sm5_insn *in, sm5_fld f)
{
    switch (f) {
    case SM5_FLD_RD: return in->rd;
    case SM5_FLD_RD1: return in->rd1;
    case SM5_FLD_RA: return in->ra;
    case SM5_FLD_RB: return in->rb;
    case SM5_FLD_PRED: return in->pred;
    case SM5_FLD_PNEG: return in->pred_neg;
    case SM5_FLD_SPARSE: return in->sparse_pred;
    case SM5_FLD_TARGET: return in->target;
    case SM5_FLD_WMASK: return in->wmask;
    case SM5_FLD_WENC: return in->wmsk_enc;
    case SM5_FLD_SENC: return in->texs_enc;
    case SM5_FLD_NDV: return !!(in->flags & TGX_SM5_F_NDV);
    case SM5_FLD_NODEP: return !!(in->flags & TGX_SM5_F_NODEP);
    case SM5_FLD_DC: return !!(in->flags & TGX_SM5_F_DC);
    case SM5_FLD_AOFFI: return !!(in->flags & TGX_SM5_F_AOFFI);
    case SM5_FLD_LC: return !!(in->flags & TGX_SM5_F_LC);
    case SM5_FLD_MS: return !!(in->flags & TGX_SM5_F_MS);
    case SM5_FLD_CL: return !!(in->flags & TGX_SM5_F_CL);
    case SM5_FLD_LOD: return in->lod;
    case SM5_FLD_LODLL: return in->lod == TGX_SM5_LOD_LL;
    case SM5_FLD_TOFF: return in->toff;
    case SM5_FLD_COMP: return in->component;
    case SM5_FLD_INDEX: return in->tex_index;
    case SM5_FLD_QUERY: return in->query;
    case SM5_FLD_ZERO:
    case SM5_FLD_COUNT: break;
    }
    return 0;
}

static void insn_defaults(tgx_sm5_insn *in, tgx_sm5_class cls, int f16)
{
    memset(in, 0, sizeof *in);
    in->cls = cls;
    in->pred = TGX_SM5_PT;
    in->sparse_pred = TGX_SM5_PT;
    in->rd = in->rd1 = in->ra = in->rb = in->rc = (uint8_t)TGX_SM5_RZ;
    in->wmask = 0xf;
    if (f16)
        in->flags |= TGX_SM5_F_F16;
}

/* "TEXS", "TLDS_F16_RZ" & co.: nvdisasm's opclass name in its table errors. */
static void opclass_name(const tgx_sm5_insn *in, char *buf, size_t size)
{
    const char *base = in->cls == TGX_SM5_TLDS    ? "TLDS"
                       : in->cls == TGX_SM5_TEXS  ? "TEXS"
                       : in->cls == TGX_SM5_TXQ_B ? "TXQ_B"
                                                  : "TXQ";
    int f16 = (in->flags & TGX_SM5_F_F16) != 0;
    int rz = (in->cls == TGX_SM5_TLDS || in->cls == TGX_SM5_TEXS) && in->rd1 == TGX_SM5_RZ;
    size_t n = strlen(base);
    if (n + 8 > size)
        n = 0;
    memcpy(buf, base, n);
    buf[n] = '\0';
    if (f16 && n)
        memcpy(buf + n, "_F16", 5), n += 4;
    if (rz && n)
        memcpy(buf + n, "_RZ", 4);
}

/* Checks that need the whole instruction: sm_50's restrictions, the TEXS/TLDS encoding table
 * and TXQ's query table. Fills target/lod/flags from the TEXS/TLDS encoding. */
static tgx_status decode_finish(tgx_sm5_insn *in, tgx_sm5_arch arch, tgx_diag *d)
{
    char opclass[16];
    /* sm_50 has no sparse predicate and no .LC: the opcode patterns require 111 and 0 there. */
    if (arch == TGX_SM5_ARCH_SM50 && (in->sparse_pred != TGX_SM5_PT || (in->flags & TGX_SM5_F_LC)))
        return unrecognized(d);
    if (in->cls == TGX_SM5_TEXS || in->cls == TGX_SM5_TLDS) {
        const sm5_senc *e = sm5_senc_find(in->cls, in->texs_enc);
        if (!e) {
            opclass_name(in, opclass, sizeof opclass);
            return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                                "Opclass '%s', undefined value 0x%x for table '%s'", opclass,
                                in->texs_enc, in->cls == TGX_SM5_TEXS ? "Tex2D4" : "Tld2D4");
        }
        in->target = e->target;
        in->lod = e->lod;
        in->flags |= e->flags;
    }
    if ((in->cls == TGX_SM5_TXQ || in->cls == TGX_SM5_TXQ_B) && !sm5_query_valid(in->query)) {
        opclass_name(in, opclass, sizeof opclass);
        return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                            "Opclass '%s', undefined value 0x%x for table 'TXQModeDim'", opclass,
                            in->query);
    }
    return TGX_OK;
}

tgx_status tgx_sm5_decode(uint64_t word, tgx_sm5_arch arch, tgx_sm5_insn *out, tgx_diag *d)
{
    if ((unsigned)arch >= TGX_SM5_ARCH_COUNT || !out)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown arch or no output");
    const sm5_opcode *o = find_opcode(word, arch);
    if (!o)
        return unrecognized(d);
    insn_defaults(out, (tgx_sm5_class)o->cls, o->f16);
    for (size_t i = 0; i < sm5_field_count; i++) {
        const sm5_field *f = &sm5_fields[i];
        if (f->cls != o->cls)
            continue;
        uint32_t v = (uint32_t)(word >> f->lo) & ((1u << f->width) - 1);
        if (f->fld == SM5_FLD_ZERO && v)
            return unrecognized(d);
        field_store(out, (sm5_fld)f->fld, v);
    }
    return decode_finish(out, arch, d);
}

/* Checks that in's members fit the class on arch before they are packed. */
static tgx_status encode_check(const tgx_sm5_insn *in, tgx_sm5_arch arch, tgx_diag *d)
{
    if (arch == TGX_SM5_ARCH_SM50 && in->sparse_pred != TGX_SM5_PT)
        return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                            "field 'Ps': sm_50 has no sparse-residency predicate");
    if (arch == TGX_SM5_ARCH_SM50 && (in->flags & TGX_SM5_F_LC))
        return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0, "field '.LC': not on sm_50");
    if ((in->cls == TGX_SM5_TEXS || in->cls == TGX_SM5_TLDS) &&
        !sm5_senc_find(in->cls, in->texs_enc))
        return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                            "field 'encoding': %u is not a %s encoding", in->texs_enc,
                            tgx_sm5_class_name(in->cls));
    if ((in->cls == TGX_SM5_TXQ || in->cls == TGX_SM5_TXQ_B) && !sm5_query_valid(in->query))
        return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                            "field 'query': value 0x%x is undefined", in->query);
    return TGX_OK;
}

tgx_status tgx_sm5_encode(const tgx_sm5_insn *in, tgx_sm5_arch arch, uint64_t *word, tgx_diag *d)
{
    if ((unsigned)arch >= TGX_SM5_ARCH_COUNT || !in || !word ||
        (unsigned)in->cls >= TGX_SM5_CLASS_COUNT)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown arch or class");
    const sm5_opcode *o = sm5_opcode_for(in->cls, (in->flags & TGX_SM5_F_F16) != 0, arch);
    if (!o)
        return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                            "field 'opcode': %s%s does not exist on %s",
                            tgx_sm5_class_name(in->cls), (in->flags & TGX_SM5_F_F16) ? ".F16" : "",
                            tgx_sm5_arch_name(arch));
    tgx_status st = encode_check(in, arch, d);
    if (st != TGX_OK)
        return st;
    uint64_t w = (uint64_t)o->value << 48;
    for (size_t i = 0; i < sm5_field_count; i++) {
        const sm5_field *f = &sm5_fields[i];
        if (f->cls != in->cls)
            continue;
        uint32_t v = field_load(in, (sm5_fld)f->fld);
        if (v >> f->width)
            return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                                "field '%s': value %u does not fit in %u bits",
                                sm5_fld_names[f->fld], v, f->width);
        w |= (uint64_t)v << f->lo;
    }
    *word = w;
    return TGX_OK;
}
