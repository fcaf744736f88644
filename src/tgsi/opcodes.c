/* The opcode table (tgx/tgsi_opcodes.def) and the name tables of tgsi.h, as data. */
#include <string.h>

#include "tgsi/tgsi_internal.h"

#define TGX_T__   TGX_TGSI_TYPE_NONE
#define TGX_T_X   TGX_TGSI_TYPE_UNTYPED
#define TGX_T_F   TGX_TGSI_TYPE_FLOAT
#define TGX_T_I   TGX_TGSI_TYPE_INT
#define TGX_T_U   TGX_TGSI_TYPE_UINT
#define TGX_T_D   TGX_TGSI_TYPE_DOUBLE
#define TGX_T_I64 TGX_TGSI_TYPE_INT64
#define TGX_T_U64 TGX_TGSI_TYPE_UINT64
#define TGX_T_R   TGX_TGSI_TYPE_RESOURCE

/* Flag letters of tgsi_opcodes.def. */
#define S   TGX_TGSI_OPF_SPEC2013
#define M   TGX_TGSI_OPF_MESA
#define TEX TGX_TGSI_OPF_TEX
#define MEM TGX_TGSI_OPF_MEMORY
#define LBL TGX_TGSI_OPF_LABEL
#define STO TGX_TGSI_OPF_STORE
#define SMP TGX_TGSI_OPF_SAMPLE
#define CND TGX_TGSI_OPF_CONDITIONAL

static const tgx_tgsi_opinfo opcode_table[TGX_TGSI_OP_COUNT] = {
#define X(name, ndst, nsrc, dt, s0, s1, s2, s3, s4, out, cf, flags)                                \
    {#name,                                                                                        \
     ndst,                                                                                         \
     nsrc,                                                                                         \
     TGX_T_##dt,                                                                                   \
     {TGX_T_##s0, TGX_T_##s1, TGX_T_##s2, TGX_T_##s3, TGX_T_##s4},                                 \
     TGX_TGSI_OUT_##out,                                                                           \
     TGX_TGSI_CF_##cf,                                                                             \
     (flags)},
#include "tgx/tgsi_opcodes.def"
#undef X
};

#undef S
#undef M
#undef TEX
#undef MEM
#undef LBL
#undef STO
#undef SMP
#undef CND

const tgx_tgsi_opcode_info *tgx_tgsi_opcode_info_get(unsigned op)
{
    return op < TGX_TGSI_OP_COUNT ? &opcode_table[op] : NULL;
}

tgx_tgsi_opcode tgx_tgsi_opcode_from_name(const char *name, size_t len)
{
    for (unsigned i = 0; i < TGX_TGSI_OP_COUNT; i++) {
        const char *n = opcode_table[i].name;
        if (strlen(n) == len && memcmp(n, name, len) == 0)
            return (tgx_tgsi_opcode)i;
    }
    return TGX_TGSI_OP_COUNT;
}

/* Mesa's tgsi_info_opcodes.h: IF, UIF, ELSE, BGNLOOP, BGNSUB indent what follows; ELSE, ENDIF,
 * ENDLOOP, ENDSUB are printed one level out. SWITCH/CASE do not indent. */
unsigned tgx_tgsi_opcode_pre_dedent(unsigned op)
{
    switch (op) {
    case TGX_TGSI_OP_ELSE:
    case TGX_TGSI_OP_ENDIF:
    case TGX_TGSI_OP_ENDLOOP:
    case TGX_TGSI_OP_ENDSUB: return 1;
    default: return 0;
    }
}

unsigned tgx_tgsi_opcode_post_indent(unsigned op)
{
    switch (op) {
    case TGX_TGSI_OP_IF:
    case TGX_TGSI_OP_UIF:
    case TGX_TGSI_OP_ELSE:
    case TGX_TGSI_OP_BGNLOOP:
    case TGX_TGSI_OP_BGNSUB: return 1;
    default: return 0;
    }
}

/* ---- name tables ---- */

#define NAME_TABLE(fn, list, count)                                                                \
    static const char *const fn##_names[] = {list(TGX_TGSI_NAME_ENTRY)};                           \
    const char *fn(unsigned v)                                                                     \
    {                                                                                              \
        _Static_assert(sizeof(fn##_names) / sizeof(fn##_names[0]) == (count), #fn);                \
        return v < (count) ? fn##_names[v] : NULL;                                                 \
    }
#define TGX_TGSI_NAME_ENTRY(n, t) t,

NAME_TABLE(tgx_tgsi_processor_name, TGX_TGSI_PROCESSORS, TGX_TGSI_PROC_COUNT)
NAME_TABLE(tgx_tgsi_file_name, TGX_TGSI_FILES, TGX_TGSI_FILE_COUNT)
NAME_TABLE(tgx_tgsi_semantic_name, TGX_TGSI_SEMANTICS, TGX_TGSI_SEMANTIC_COUNT)
NAME_TABLE(tgx_tgsi_interp_name, TGX_TGSI_INTERPS, TGX_TGSI_INTERP_COUNT)
NAME_TABLE(tgx_tgsi_location_name, TGX_TGSI_LOCATIONS, TGX_TGSI_LOC_COUNT)
NAME_TABLE(tgx_tgsi_texture_name, TGX_TGSI_TEXTURES, TGX_TGSI_TEXTURE_COUNT)
NAME_TABLE(tgx_tgsi_return_type_name, TGX_TGSI_RETURN_TYPES, TGX_TGSI_RETURN_COUNT)
NAME_TABLE(tgx_tgsi_imm_type_name, TGX_TGSI_IMM_TYPES, TGX_TGSI_IMM_COUNT)
NAME_TABLE(tgx_tgsi_memory_type_name, TGX_TGSI_MEMORY_TYPES, TGX_TGSI_MEMTYPE_COUNT)
NAME_TABLE(tgx_tgsi_memory_qualifier_name, TGX_TGSI_MEMORY_QUALIFIERS, TGX_TGSI_MEM_BIT_COUNT)
NAME_TABLE(tgx_tgsi_property_name, TGX_TGSI_PROPERTIES, TGX_TGSI_PROPERTY_COUNT)
NAME_TABLE(tgx_tgsi_primitive_name, TGX_TGSI_PRIMITIVES, TGX_TGSI_PRIM_COUNT)

static const char *const fs_coord_origin_names[] = {TGX_TGSI_FS_COORD_ORIGINS(TGX_TGSI_NAME_ENTRY)};
static const char *const fs_coord_pixel_center_names[] = {
    TGX_TGSI_FS_COORD_PIXEL_CENTERS(TGX_TGSI_NAME_ENTRY)};

const char *tgx_tgsi_property_value_name(unsigned prop, unsigned v)
{
    switch (prop) {
    case TGX_TGSI_PROPERTY_GS_INPUT_PRIM:
    case TGX_TGSI_PROPERTY_GS_OUTPUT_PRIM: return tgx_tgsi_primitive_name(v);
    case TGX_TGSI_PROPERTY_FS_COORD_ORIGIN: return v < 2 ? fs_coord_origin_names[v] : NULL;
    case TGX_TGSI_PROPERTY_FS_COORD_PIXEL_CENTER:
        return v < 2 ? fs_coord_pixel_center_names[v] : NULL;
    case TGX_TGSI_PROPERTY_NEXT_SHADER: return tgx_tgsi_processor_name(v);
    default: return NULL;
    }
}

bool tgx_tgsi_property_has_named_values(unsigned prop)
{
    return prop == TGX_TGSI_PROPERTY_GS_INPUT_PRIM || prop == TGX_TGSI_PROPERTY_GS_OUTPUT_PRIM ||
           prop == TGX_TGSI_PROPERTY_FS_COORD_ORIGIN ||
           prop == TGX_TGSI_PROPERTY_FS_COORD_PIXEL_CENTER || prop == TGX_TGSI_PROPERTY_NEXT_SHADER;
}

/* ---- texture target facts (spec TEX; Mesa's tgsi_util) ---- */

bool tgx_tgsi_texture_is_shadow(tgx_tgsi_texture t)
{
    switch (t) {
    case TGX_TGSI_TEXTURE_SHADOW1D:
    case TGX_TGSI_TEXTURE_SHADOW2D:
    case TGX_TGSI_TEXTURE_SHADOWRECT:
    case TGX_TGSI_TEXTURE_SHADOW1D_ARRAY:
    case TGX_TGSI_TEXTURE_SHADOW2D_ARRAY:
    case TGX_TGSI_TEXTURE_SHADOWCUBE:
    case TGX_TGSI_TEXTURE_SHADOWCUBE_ARRAY: return true;
    default: return false;
    }
}

bool tgx_tgsi_texture_is_array(tgx_tgsi_texture t)
{
    switch (t) {
    case TGX_TGSI_TEXTURE_1D_ARRAY:
    case TGX_TGSI_TEXTURE_2D_ARRAY:
    case TGX_TGSI_TEXTURE_SHADOW1D_ARRAY:
    case TGX_TGSI_TEXTURE_SHADOW2D_ARRAY:
    case TGX_TGSI_TEXTURE_2D_ARRAY_MSAA:
    case TGX_TGSI_TEXTURE_CUBE_ARRAY:
    case TGX_TGSI_TEXTURE_SHADOWCUBE_ARRAY: return true;
    default: return false;
    }
}

bool tgx_tgsi_texture_is_msaa(tgx_tgsi_texture t)
{
    return t == TGX_TGSI_TEXTURE_2D_MSAA || t == TGX_TGSI_TEXTURE_2D_ARRAY_MSAA;
}

unsigned tgx_tgsi_texture_dims(tgx_tgsi_texture t)
{
    switch (t) {
    case TGX_TGSI_TEXTURE_BUFFER:
    case TGX_TGSI_TEXTURE_1D:
    case TGX_TGSI_TEXTURE_SHADOW1D:
    case TGX_TGSI_TEXTURE_1D_ARRAY:
    case TGX_TGSI_TEXTURE_SHADOW1D_ARRAY: return 1;
    case TGX_TGSI_TEXTURE_3D:
    case TGX_TGSI_TEXTURE_CUBE:
    case TGX_TGSI_TEXTURE_SHADOWCUBE:
    case TGX_TGSI_TEXTURE_CUBE_ARRAY:
    case TGX_TGSI_TEXTURE_SHADOWCUBE_ARRAY: return 3;
    case TGX_TGSI_TEXTURE_UNKNOWN:
    case TGX_TGSI_TEXTURE_COUNT: return 0;
    default: return 2;
    }
}
