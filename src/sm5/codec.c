/* Decode and encode Maxwell texture-instruction words, driven by sm5_opcodes.def,
 * sm5_fields.def and sm5_encodings.def. Error texts are nvdisasm 11.8's, without "ERROR: "
 * (tests/data/maxwell/README.md). */
#include <string.h>

#include "sm5/sm5_internal.h"

/* nvdisasm's message for a word whose opcode (or an arch-restricted field) it does not know:
 * the word is not a texture instruction of the arch, which decode reports as
 * TGX_ERR_UNSUPPORTED. */
static tgx_status unrecognized(tgx_diag *d)
{
    return tgx_diag_set_text(d, TGX_ERR_UNSUPPORTED, NULL, 0, 0,
                             "Unrecognized operation for functional unit 'uC'");
}

int tgx_sm5_is_texture_opcode(uint64_t word, tgx_sm5_arch arch)
{
    /* sm_50 does not know a word whose sparse predicate is not PT or with .LC at all: the
     * opcode map lists no class for those top bits (corpus opcode-map.tsv), and decode says so
     * with TGX_ERR_UNSUPPORTED. Every other error of a texture opcode names its class. */
    tgx_sm5_insn in;
    return (unsigned)arch < TGX_SM5_ARCH_COUNT &&
           tgx_sm5_decode(word, arch, &in, NULL) != TGX_ERR_UNSUPPORTED;
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

/* nvdisasm's message for a value its table does not define:
 * "Opclass 'TEXS_F16', undefined value 0xe for table 'Tex2D4'". Built without printf: a
 * listing of rejected words meets it once a word. */
static tgx_status undefined_value(tgx_diag *d, const tgx_sm5_insn *in, unsigned value,
                                  const char *table)
{
    if (!d)
        return TGX_ERR_INVALID;
    char opclass[16], text[TGX_DIAG_MSG_MAX];
    sm5_out o = {text, sizeof text, 0};
    opclass_name(in, opclass, sizeof opclass);
    sm5_put_str(&o, "Opclass '");
    sm5_put_str(&o, opclass);
    sm5_put_str(&o, "', undefined value 0x");
    sm5_put_hex_digits(&o, value, 1);
    sm5_put_str(&o, " for table '");
    sm5_put_str(&o, table);
    sm5_put(&o, "'", 1);
    text[o.len < sizeof text ? o.len : sizeof text - 1] = '\0';
    return tgx_diag_set_text(d, TGX_ERR_INVALID, NULL, 0, 0, text);
}

/* Checks that need the whole instruction: sm_50's restrictions, the TEXS/TLDS encoding table
 * and TXQ's query table. Fills target/lod/flags from the TEXS/TLDS encoding. */
static tgx_status decode_finish(tgx_sm5_insn *in, tgx_sm5_arch arch, tgx_diag *d)
{
    /* sm_50 has no sparse predicate and no .LC: the opcode patterns require 111 and 0 there. */
    if (arch == TGX_SM5_ARCH_SM50 && (in->sparse_pred != TGX_SM5_PT || (in->flags & TGX_SM5_F_LC)))
        return unrecognized(d);
    if (in->cls == TGX_SM5_TEXS || in->cls == TGX_SM5_TLDS) {
        const sm5_senc *e = sm5_senc_find(in->cls, in->texs_enc);
        if (!e)
            return undefined_value(d, in, in->texs_enc,
                                   in->cls == TGX_SM5_TEXS ? "Tex2D4" : "Tld2D4");
        in->target = e->target;
        in->lod = e->lod;
        in->flags |= e->flags;
    }
    if ((in->cls == TGX_SM5_TXQ || in->cls == TGX_SM5_TXQ_B) && !sm5_query_valid(in->query))
        return undefined_value(d, in, in->query, "TXQModeDim");
    return TGX_OK;
}

/* One field of a decoded word: kind and member are constants where decode_fields expands it,
 * so this folds to a single store (or the check of a must-be-zero bit). */
static inline void decode_field(tgx_sm5_insn *in, sm5_fld f, int kind, unsigned arg, uint32_t v,
                                int *zero_ok)
{
    if (kind == SM5_KIND_ZERO)
        *zero_ok &= v == 0;
    else if (kind == SM5_KIND_U8)
        ((unsigned char *)in)[arg] = (uint8_t)v;
    else if (kind == SM5_KIND_FLAG)
        in->flags = v ? in->flags | arg : in->flags & ~arg;
    else
        sm5_field_store(in, f, v);
}

/* Every field of the word's class, as straight code: sm5_fields.def expanded inside a switch,
 * each SM5_CLASS mark opening its class's case and each FIELD row one extraction, so nothing is
 * looked up per field (the same rows fill sm5_fields for encode and parse). Returns 0 when a
 * must-be-zero bit is set. */
static int decode_fields(uint64_t word, tgx_sm5_insn *in)
{
    int zero_ok = 1;
    switch (in->cls) {
    default: break;
#define SM5_CLASS(c)                                                                               \
    break;                                                                                         \
    case TGX_SM5_##c:
#define FIELD(c, f, lo, w)                                                                         \
    decode_field(in, SM5_FLD_##f, SM5_KINDOF_##f, SM5_ARGOF_##f,                                   \
                 (uint32_t)(word >> (lo)) & ((1u << (w)) - 1u), &zero_ok);
#include "sm5/sm5_fields.def"
#undef FIELD
#undef SM5_CLASS
    }
    return zero_ok;
}

tgx_status tgx_sm5_decode(uint64_t word, tgx_sm5_arch arch, tgx_sm5_insn *out, tgx_diag *d)
{
    if ((unsigned)arch >= TGX_SM5_ARCH_COUNT || !out)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown arch or no output");
    const sm5_opcode *o = sm5_opcode_find(word, arch);
    if (!o)
        return unrecognized(d);
    insn_defaults(out, (tgx_sm5_class)o->cls, o->f16);
    if (!decode_fields(word, out))
        return unrecognized(d);
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
    for (const sm5_field *f = &sm5_fields[sm5_class_first[in->cls]];
         f < sm5_fields + sm5_field_count && f->cls == in->cls; f++) {
        uint32_t v = sm5_field_load(in, (sm5_fld)f->fld);
        if (v >> f->width)
            return tgx_diag_set(d, TGX_ERR_INVALID, NULL, 0, 0,
                                "field '%s': value %u does not fit in %u bits",
                                sm5_flds[f->fld].name, v, f->width);
        w |= (uint64_t)v << f->lo;
    }
    *word = w;
    return TGX_OK;
}
