/* tgx/tgsi.h — the TGSI IR: opcode table, parser (text -> IR), printer (IR -> text), validator.
 *
 * The text syntax is the one Mesa's tgsi_text reads and tgsi_dump prints (Mesa 22.3), plus the
 * older forms of the 2013 TGSI specification (spec/tgsi-spec.txt: RES, KIL/KILP, SUB, ...).
 * The printer reproduces Mesa 22.3's tgsi_dump byte for byte, except that FLT32/FLT64 immediates
 * whose %10.4f / %10.8f spelling would not read back exactly are spelled so that they do (see
 * docs/tgsi.md).
 *
 * Every enumeration with a text form is an X-macro list below, X(ENUM_SUFFIX, "text"), so the
 * parser and the printer read the same table. Names and orders follow Mesa's tgsi_strings.c
 * (facts, not code); values that Mesa stores in its tokens (processor, semantic, texture, ...)
 * have Mesa's numbering, so a PROPERTY's number means the same thing here and there.
 *
 * Ownership: the parser allocates one tgx_tgsi_shader; tgx_tgsi_free releases it and everything
 * it points to. Nothing here keeps global mutable state.
 */
#ifndef TGX_TGSI_H
#define TGX_TGSI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * Enumerations with a text form
 * ------------------------------------------------------------------------------------------ */

/* Processor (header line). Order = Mesa's pipe_shader_type / tgsi_processor_type_names. */
#define TGX_TGSI_PROCESSORS(X)                                                                     \
    X(VERT, "VERT")                                                                                \
    X(FRAG, "FRAG")                                                                                \
    X(GEOM, "GEOM")                                                                                \
    X(TESS_CTRL, "TESS_CTRL")                                                                      \
    X(TESS_EVAL, "TESS_EVAL")                                                                      \
    X(COMP, "COMP")

/* Register files. Order = Mesa's TGSI_FILE_*; RES is the 2013 spec's resource file (DCL RES[n]),
 * which Mesa later split into IMAGE and BUFFER; kept distinct so 2013 text round-trips. */
#define TGX_TGSI_FILES(X)                                                                          \
    X(NULL, "NULL")                                                                                \
    X(CONST, "CONST")                                                                              \
    X(IN, "IN")                                                                                    \
    X(OUT, "OUT")                                                                                  \
    X(TEMP, "TEMP")                                                                                \
    X(SAMP, "SAMP")                                                                                \
    X(ADDR, "ADDR")                                                                                \
    X(IMM, "IMM")                                                                                  \
    X(SV, "SV")                                                                                    \
    X(IMAGE, "IMAGE")                                                                              \
    X(SVIEW, "SVIEW")                                                                              \
    X(BUFFER, "BUFFER")                                                                            \
    X(MEMORY, "MEMORY")                                                                            \
    X(CONSTBUF, "CONSTBUF")                                                                        \
    X(HWATOMIC, "HWATOMIC")                                                                        \
    X(RES, "RES")

/* Semantic names. Order and spelling = Mesa 22.3's tgsi_semantic_names (PRIMID prints
 * "PRIM_ID"). */
#define TGX_TGSI_SEMANTICS(X)                                                                      \
    X(POSITION, "POSITION")                                                                        \
    X(COLOR, "COLOR")                                                                              \
    X(BCOLOR, "BCOLOR")                                                                            \
    X(FOG, "FOG")                                                                                  \
    X(PSIZE, "PSIZE")                                                                              \
    X(GENERIC, "GENERIC")                                                                          \
    X(NORMAL, "NORMAL")                                                                            \
    X(FACE, "FACE")                                                                                \
    X(EDGEFLAG, "EDGEFLAG")                                                                        \
    X(PRIMID, "PRIM_ID")                                                                           \
    X(INSTANCEID, "INSTANCEID")                                                                    \
    X(VERTEXID, "VERTEXID")                                                                        \
    X(STENCIL, "STENCIL")                                                                          \
    X(CLIPDIST, "CLIPDIST")                                                                        \
    X(CLIPVERTEX, "CLIPVERTEX")                                                                    \
    X(GRID_SIZE, "GRID_SIZE")                                                                      \
    X(BLOCK_ID, "BLOCK_ID")                                                                        \
    X(BLOCK_SIZE, "BLOCK_SIZE")                                                                    \
    X(THREAD_ID, "THREAD_ID")                                                                      \
    X(TEXCOORD, "TEXCOORD")                                                                        \
    X(PCOORD, "PCOORD")                                                                            \
    X(VIEWPORT_INDEX, "VIEWPORT_INDEX")                                                            \
    X(LAYER, "LAYER")                                                                              \
    X(SAMPLEID, "SAMPLEID")                                                                        \
    X(SAMPLEPOS, "SAMPLEPOS")                                                                      \
    X(SAMPLEMASK, "SAMPLEMASK")                                                                    \
    X(INVOCATIONID, "INVOCATIONID")                                                                \
    X(VERTEXID_NOBASE, "VERTEXID_NOBASE")                                                          \
    X(BASEVERTEX, "BASEVERTEX")                                                                    \
    X(PATCH, "PATCH")                                                                              \
    X(TESSCOORD, "TESSCOORD")                                                                      \
    X(TESSOUTER, "TESSOUTER")                                                                      \
    X(TESSINNER, "TESSINNER")                                                                      \
    X(VERTICESIN, "VERTICESIN")                                                                    \
    X(HELPER_INVOCATION, "HELPER_INVOCATION")                                                      \
    X(BASEINSTANCE, "BASEINSTANCE")                                                                \
    X(DRAWID, "DRAWID")                                                                            \
    X(WORK_DIM, "WORK_DIM")                                                                        \
    X(SUBGROUP_SIZE, "SUBGROUP_SIZE")                                                              \
    X(SUBGROUP_INVOCATION, "SUBGROUP_INVOCATION")                                                  \
    X(SUBGROUP_EQ_MASK, "SUBGROUP_EQ_MASK")                                                        \
    X(SUBGROUP_GE_MASK, "SUBGROUP_GE_MASK")                                                        \
    X(SUBGROUP_GT_MASK, "SUBGROUP_GT_MASK")                                                        \
    X(SUBGROUP_LE_MASK, "SUBGROUP_LE_MASK")                                                        \
    X(SUBGROUP_LT_MASK, "SUBGROUP_LT_MASK")                                                        \
    X(CS_USER_DATA_AMD, "CS_USER_DATA_AMD")                                                        \
    X(VIEWPORT_MASK, "VIEWPORT_MASK")                                                              \
    X(TESS_DEFAULT_OUTER_LEVEL, "TESS_DEFAULT_OUTER_LEVEL")                                        \
    X(TESS_DEFAULT_INNER_LEVEL, "TESS_DEFAULT_INNER_LEVEL")

/* Interpolation modes (DCL IN ..., PERSPECTIVE). */
#define TGX_TGSI_INTERPS(X)                                                                        \
    X(CONSTANT, "CONSTANT")                                                                        \
    X(LINEAR, "LINEAR")                                                                            \
    X(PERSPECTIVE, "PERSPECTIVE")                                                                  \
    X(COLOR, "COLOR")

/* Interpolation locations (DCL IN ..., CENTROID). */
#define TGX_TGSI_LOCATIONS(X)                                                                      \
    X(CENTER, "CENTER")                                                                            \
    X(CENTROID, "CENTROID")                                                                        \
    X(SAMPLE, "SAMPLE")

/* Texture targets. Order and spelling = Mesa's tgsi_texture_names (it prints CUBEARRAY and
 * SHADOWCUBEARRAY; the parser also reads CUBE_ARRAY, SHADOWCUBE_ARRAY and the 2013 spec's
 * 1DArray / 2DArray). */
#define TGX_TGSI_TEXTURES(X)                                                                       \
    X(BUFFER, "BUFFER")                                                                            \
    X(1D, "1D")                                                                                    \
    X(2D, "2D")                                                                                    \
    X(3D, "3D")                                                                                    \
    X(CUBE, "CUBE")                                                                                \
    X(RECT, "RECT")                                                                                \
    X(SHADOW1D, "SHADOW1D")                                                                        \
    X(SHADOW2D, "SHADOW2D")                                                                        \
    X(SHADOWRECT, "SHADOWRECT")                                                                    \
    X(1D_ARRAY, "1D_ARRAY")                                                                        \
    X(2D_ARRAY, "2D_ARRAY")                                                                        \
    X(SHADOW1D_ARRAY, "SHADOW1D_ARRAY")                                                            \
    X(SHADOW2D_ARRAY, "SHADOW2D_ARRAY")                                                            \
    X(SHADOWCUBE, "SHADOWCUBE")                                                                    \
    X(2D_MSAA, "2D_MSAA")                                                                          \
    X(2D_ARRAY_MSAA, "2D_ARRAY_MSAA")                                                              \
    X(CUBE_ARRAY, "CUBEARRAY")                                                                     \
    X(SHADOWCUBE_ARRAY, "SHADOWCUBEARRAY")                                                         \
    X(UNKNOWN, "UNKNOWN")

/* Sampler-view return types (DCL SVIEW[n], 2D, FLOAT). */
#define TGX_TGSI_RETURN_TYPES(X)                                                                   \
    X(UNORM, "UNORM")                                                                              \
    X(SNORM, "SNORM")                                                                              \
    X(SINT, "SINT")                                                                                \
    X(UINT, "UINT")                                                                                \
    X(FLOAT, "FLOAT")

/* Immediate data types (IMM[n] FLT32 {...}). */
#define TGX_TGSI_IMM_TYPES(X)                                                                      \
    X(FLT32, "FLT32")                                                                              \
    X(UINT32, "UINT32")                                                                            \
    X(INT32, "INT32")                                                                              \
    X(FLT64, "FLT64")                                                                              \
    X(UINT64, "UINT64")                                                                            \
    X(INT64, "INT64")

/* MEMORY declaration types (DCL MEMORY[0], SHARED). */
#define TGX_TGSI_MEMORY_TYPES(X)                                                                   \
    X(GLOBAL, "GLOBAL")                                                                            \
    X(SHARED, "SHARED")                                                                            \
    X(PRIVATE, "PRIVATE")                                                                          \
    X(INPUT, "INPUT")

/* Memory qualifiers on LOAD/STORE/ATOM* (bit i of tgx_tgsi_instruction.mem_qualifier). */
#define TGX_TGSI_MEMORY_QUALIFIERS(X)                                                              \
    X(COHERENT, "COHERENT")                                                                        \
    X(RESTRICT, "RESTRICT")                                                                        \
    X(VOLATILE, "VOLATILE")

/* Properties. Order and spelling = Mesa 22.3's tgsi_property_names. */
#define TGX_TGSI_PROPERTIES(X)                                                                     \
    X(GS_INPUT_PRIM, "GS_INPUT_PRIMITIVE")                                                         \
    X(GS_OUTPUT_PRIM, "GS_OUTPUT_PRIMITIVE")                                                       \
    X(GS_MAX_OUTPUT_VERTICES, "GS_MAX_OUTPUT_VERTICES")                                            \
    X(FS_COORD_ORIGIN, "FS_COORD_ORIGIN")                                                          \
    X(FS_COORD_PIXEL_CENTER, "FS_COORD_PIXEL_CENTER")                                              \
    X(FS_COLOR0_WRITES_ALL_CBUFS, "FS_COLOR0_WRITES_ALL_CBUFS")                                    \
    X(FS_DEPTH_LAYOUT, "FS_DEPTH_LAYOUT")                                                          \
    X(VS_PROHIBIT_UCPS, "VS_PROHIBIT_UCPS")                                                        \
    X(GS_INVOCATIONS, "GS_INVOCATIONS")                                                            \
    X(VS_WINDOW_SPACE_POSITION, "VS_WINDOW_SPACE_POSITION")                                        \
    X(TCS_VERTICES_OUT, "TCS_VERTICES_OUT")                                                        \
    X(TES_PRIM_MODE, "TES_PRIM_MODE")                                                              \
    X(TES_SPACING, "TES_SPACING")                                                                  \
    X(TES_VERTEX_ORDER_CW, "TES_VERTEX_ORDER_CW")                                                  \
    X(TES_POINT_MODE, "TES_POINT_MODE")                                                            \
    X(NUM_CLIPDIST_ENABLED, "NUM_CLIPDIST_ENABLED")                                                \
    X(NUM_CULLDIST_ENABLED, "NUM_CULLDIST_ENABLED")                                                \
    X(FS_EARLY_DEPTH_STENCIL, "FS_EARLY_DEPTH_STENCIL")                                            \
    X(FS_POST_DEPTH_COVERAGE, "FS_POST_DEPTH_COVERAGE")                                            \
    X(NEXT_SHADER, "NEXT_SHADER")                                                                  \
    X(CS_FIXED_BLOCK_WIDTH, "CS_FIXED_BLOCK_WIDTH")                                                \
    X(CS_FIXED_BLOCK_HEIGHT, "CS_FIXED_BLOCK_HEIGHT")                                              \
    X(CS_FIXED_BLOCK_DEPTH, "CS_FIXED_BLOCK_DEPTH")                                                \
    X(MUL_ZERO_WINS, "MUL_ZERO_WINS")                                                              \
    X(VS_BLIT_SV_POSITION, "VS_BLIT_SV_POSITION")                                                  \
    X(CS_USER_DATA_COMPONENTS_AMD, "CS_USER_DATA_COMPONENTS_AMD")                                  \
    X(LAYER_VIEWPORT_RELATIVE, "LAYER_VIEWPORT_RELATIVE")                                          \
    X(FS_BLEND_EQUATION_ADVANCED, "FS_BLEND_EQUATION_ADVANCED")                                    \
    X(SEPARABLE_PROGRAM, "SEPARABLE_PROGRAM")

/* Values of GS_INPUT_PRIMITIVE / GS_OUTPUT_PRIMITIVE (Mesa's PIPE_PRIM_* order). */
#define TGX_TGSI_PRIMITIVES(X)                                                                     \
    X(POINTS, "POINTS")                                                                            \
    X(LINES, "LINES")                                                                              \
    X(LINE_LOOP, "LINE_LOOP")                                                                      \
    X(LINE_STRIP, "LINE_STRIP")                                                                    \
    X(TRIANGLES, "TRIANGLES")                                                                      \
    X(TRIANGLE_STRIP, "TRIANGLE_STRIP")                                                            \
    X(TRIANGLE_FAN, "TRIANGLE_FAN")                                                                \
    X(QUADS, "QUADS")                                                                              \
    X(QUAD_STRIP, "QUAD_STRIP")                                                                    \
    X(POLYGON, "POLYGON")                                                                          \
    X(LINES_ADJACENCY, "LINES_ADJACENCY")                                                          \
    X(LINE_STRIP_ADJACENCY, "LINE_STRIP_ADJACENCY")                                                \
    X(TRIANGLES_ADJACENCY, "TRIANGLES_ADJACENCY")                                                  \
    X(TRIANGLE_STRIP_ADJACENCY, "TRIANGLE_STRIP_ADJACENCY")                                        \
    X(PATCHES, "PATCHES")

/* Values of FS_COORD_ORIGIN and FS_COORD_PIXEL_CENTER (spec "Properties"). */
#define TGX_TGSI_FS_COORD_ORIGINS(X)                                                               \
    X(UPPER_LEFT, "UPPER_LEFT")                                                                    \
    X(LOWER_LEFT, "LOWER_LEFT")
#define TGX_TGSI_FS_COORD_PIXEL_CENTERS(X)                                                         \
    X(HALF_INTEGER, "HALF_INTEGER")                                                                \
    X(INTEGER, "INTEGER")

typedef enum tgx_tgsi_processor {
#define X(n, t) TGX_TGSI_PROC_##n,
    TGX_TGSI_PROCESSORS(X)
#undef X
        TGX_TGSI_PROC_COUNT
} tgx_tgsi_processor;

typedef enum tgx_tgsi_file {
#define X(n, t) TGX_TGSI_FILE_##n,
    TGX_TGSI_FILES(X)
#undef X
        TGX_TGSI_FILE_COUNT
} tgx_tgsi_file;

typedef enum tgx_tgsi_semantic {
#define X(n, t) TGX_TGSI_SEMANTIC_##n,
    TGX_TGSI_SEMANTICS(X)
#undef X
        TGX_TGSI_SEMANTIC_COUNT
} tgx_tgsi_semantic;

typedef enum tgx_tgsi_interp {
#define X(n, t) TGX_TGSI_INTERP_##n,
    TGX_TGSI_INTERPS(X)
#undef X
        TGX_TGSI_INTERP_COUNT
} tgx_tgsi_interp;

typedef enum tgx_tgsi_location {
#define X(n, t) TGX_TGSI_LOC_##n,
    TGX_TGSI_LOCATIONS(X)
#undef X
        TGX_TGSI_LOC_COUNT
} tgx_tgsi_location;

typedef enum tgx_tgsi_texture {
#define X(n, t) TGX_TGSI_TEXTURE_##n,
    TGX_TGSI_TEXTURES(X)
#undef X
        TGX_TGSI_TEXTURE_COUNT
} tgx_tgsi_texture;

typedef enum tgx_tgsi_return_type {
#define X(n, t) TGX_TGSI_RETURN_##n,
    TGX_TGSI_RETURN_TYPES(X)
#undef X
        TGX_TGSI_RETURN_COUNT
} tgx_tgsi_return_type;

typedef enum tgx_tgsi_imm_type {
#define X(n, t) TGX_TGSI_IMM_##n,
    TGX_TGSI_IMM_TYPES(X)
#undef X
        TGX_TGSI_IMM_COUNT
} tgx_tgsi_imm_type;

typedef enum tgx_tgsi_memory_type {
#define X(n, t) TGX_TGSI_MEMTYPE_##n,
    TGX_TGSI_MEMORY_TYPES(X)
#undef X
        TGX_TGSI_MEMTYPE_COUNT
} tgx_tgsi_memory_type;

/* Memory qualifier bits: TGX_TGSI_MEM_COHERENT = 1 << 0, ... */
enum {
#define X(n, t) TGX_TGSI_MEM_BIT_##n,
    TGX_TGSI_MEMORY_QUALIFIERS(X)
#undef X
        TGX_TGSI_MEM_BIT_COUNT
};
#define TGX_TGSI_MEM_COHERENT (1u << TGX_TGSI_MEM_BIT_COHERENT)
#define TGX_TGSI_MEM_RESTRICT (1u << TGX_TGSI_MEM_BIT_RESTRICT)
#define TGX_TGSI_MEM_VOLATILE (1u << TGX_TGSI_MEM_BIT_VOLATILE)

typedef enum tgx_tgsi_property {
#define X(n, t) TGX_TGSI_PROPERTY_##n,
    TGX_TGSI_PROPERTIES(X)
#undef X
        TGX_TGSI_PROPERTY_COUNT
} tgx_tgsi_property;

typedef enum tgx_tgsi_primitive {
#define X(n, t) TGX_TGSI_PRIM_##n,
    TGX_TGSI_PRIMITIVES(X)
#undef X
        TGX_TGSI_PRIM_COUNT
} tgx_tgsi_primitive;

enum {
#define X(n, t) TGX_TGSI_FS_COORD_ORIGIN_##n,
    TGX_TGSI_FS_COORD_ORIGINS(X)
#undef X
#define X(n, t) TGX_TGSI_FS_COORD_PIXEL_CENTER_##n,
        TGX_TGSI_FS_COORD_PIXEL_CENTERS(X)
#undef X
};

/* Names of the values above ("IN", "GENERIC", "CUBEARRAY", ...); NULL when out of range. */
const char *tgx_tgsi_processor_name(unsigned v);
const char *tgx_tgsi_file_name(unsigned v);
const char *tgx_tgsi_semantic_name(unsigned v);
const char *tgx_tgsi_interp_name(unsigned v);
const char *tgx_tgsi_location_name(unsigned v);
const char *tgx_tgsi_texture_name(unsigned v);
const char *tgx_tgsi_return_type_name(unsigned v);
const char *tgx_tgsi_imm_type_name(unsigned v);
const char *tgx_tgsi_memory_type_name(unsigned v);
const char *tgx_tgsi_memory_qualifier_name(unsigned bit);
const char *tgx_tgsi_property_name(unsigned v);
const char *tgx_tgsi_primitive_name(unsigned v);

/* Facts about texture targets (spec TEX: which coordinate holds the layer / the reference). */
bool tgx_tgsi_texture_is_shadow(tgx_tgsi_texture t);
bool tgx_tgsi_texture_is_array(tgx_tgsi_texture t);
bool tgx_tgsi_texture_is_msaa(tgx_tgsi_texture t);
/* Number of coordinates that address a texel (1D=1, 2D/RECT=2, 3D/CUBE=3; layers not counted). */
unsigned tgx_tgsi_texture_dims(tgx_tgsi_texture t);

/* ---------------------------------------------------------------------------------------------
 * Opcodes (include/tgx/tgsi_opcodes.def is the one table)
 * ------------------------------------------------------------------------------------------ */

/* Operand value types (Mesa's tgsi_opcode_type, plus NONE and RESOURCE). An operand's type
 * decides which modifiers it may carry (spec "Modifiers": float: abs and negate; signed int:
 * negate only; unsigned: none) and how the interpreter reads it. */
typedef enum tgx_tgsi_type {
    TGX_TGSI_TYPE_NONE = 0, /* no such operand */
    TGX_TGSI_TYPE_UNTYPED,  /* bits moved as they are (MOV; the spec treats MOV as float) */
    TGX_TGSI_TYPE_FLOAT,
    TGX_TGSI_TYPE_INT,    /* signed 32-bit */
    TGX_TGSI_TYPE_UINT,   /* unsigned 32-bit */
    TGX_TGSI_TYPE_DOUBLE, /* 64-bit float in a component pair (xy, zw) */
    TGX_TGSI_TYPE_INT64,
    TGX_TGSI_TYPE_UINT64,
    TGX_TGSI_TYPE_RESOURCE, /* names a SAMP/SVIEW/IMAGE/BUFFER/MEMORY/RES register, no value */
} tgx_tgsi_type;

/* How the result is written (Mesa's tgsi_output_mode). */
typedef enum tgx_tgsi_output_mode {
    TGX_TGSI_OUT_NONE = 0, /* no dst */
    TGX_TGSI_OUT_COMP,     /* component-wise: dst.c = f(src.c) */
    TGX_TGSI_OUT_REPL,     /* scalar result replicated to every written component */
    TGX_TGSI_OUT_CHAN,     /* each component computed by its own formula (LIT, XPD, ...) */
    TGX_TGSI_OUT_OTHR,     /* texture, memory and other special results */
} tgx_tgsi_output_mode;

/* Control-flow role of an opcode. */
typedef enum tgx_tgsi_cf {
    TGX_TGSI_CF_NONE = 0,
    TGX_TGSI_CF_IF,  /* IF (float condition) */
    TGX_TGSI_CF_UIF, /* UIF (integer condition) */
    TGX_TGSI_CF_ELSE,
    TGX_TGSI_CF_ENDIF,
    TGX_TGSI_CF_BGNLOOP,
    TGX_TGSI_CF_ENDLOOP,
    TGX_TGSI_CF_BRK,
    TGX_TGSI_CF_BREAKC, /* conditional break (2013) */
    TGX_TGSI_CF_CONT,
    TGX_TGSI_CF_SWITCH,
    TGX_TGSI_CF_CASE,
    TGX_TGSI_CF_DEFAULT,
    TGX_TGSI_CF_ENDSWITCH,
    TGX_TGSI_CF_CAL,
    TGX_TGSI_CF_CALLNZ, /* conditional call (2013) */
    TGX_TGSI_CF_RET,
    TGX_TGSI_CF_BGNSUB,
    TGX_TGSI_CF_ENDSUB,
    TGX_TGSI_CF_BRA, /* unconditional branch to a label (2013) */
    TGX_TGSI_CF_END,
    TGX_TGSI_CF_KILL, /* discard: KILL / KILP unconditional, KILL_IF / KIL conditional */
} tgx_tgsi_cf;

/* Opcode flags. */
enum {
    TGX_TGSI_OPF_TEX = 1u << 0,      /* texture op: a target follows the operands (TEX ..., 2D) */
    TGX_TGSI_OPF_MEMORY = 1u << 1,   /* memory op: qualifiers, texture and format may follow */
    TGX_TGSI_OPF_LABEL = 1u << 2,    /* may carry a ":N" label (IF/UIF/ELSE/loops/CAL/BGNSUB) */
    TGX_TGSI_OPF_STORE = 1u << 3,    /* writes memory through its dst (STORE, ATOM*) */
    TGX_TGSI_OPF_SPEC2013 = 1u << 4, /* listed in spec/tgsi-spec.txt (the 2013 text) */
    TGX_TGSI_OPF_MESA = 1u << 5,     /* present in Mesa 22.3's tgsi_info_opcodes.h */
    TGX_TGSI_OPF_SAMPLE = 1u << 6,   /* SAMPLE_* family: SVIEW + SAMP operands, no target */
    TGX_TGSI_OPF_CONDITIONAL = 1u << 7, /* reads a condition (IF, UIF, KIL, KILL_IF, BREAKC) */
};

typedef enum tgx_tgsi_opcode {
#define X(name, ndst, nsrc, dt, s0, s1, s2, s3, s4, out, cf, flags) TGX_TGSI_OP_##name,
#include "tgx/tgsi_opcodes.def"
#undef X
    TGX_TGSI_OP_COUNT
} tgx_tgsi_opcode;

#define TGX_TGSI_MAX_DST 2 /* DFRACEXP writes two */
#define TGX_TGSI_MAX_SRC 5 /* SAMPLE_D reads five */

typedef struct tgx_tgsi_opcode_info {
    const char *name; /* as printed: "MOV", "KILL_IF", ... */
    uint8_t num_dst;
    uint8_t num_src;
    tgx_tgsi_type dst_type;                   /* of every dst (DFRACEXP's 2nd is INT) */
    tgx_tgsi_type src_type[TGX_TGSI_MAX_SRC]; /* per source operand; NONE past num_src */
    tgx_tgsi_output_mode output;
    tgx_tgsi_cf cf;
    uint32_t flags; /* TGX_TGSI_OPF_* */
} tgx_tgsi_opcode_info;
typedef tgx_tgsi_opcode_info tgx_tgsi_opinfo; /* short alias */

/* NULL when op >= TGX_TGSI_OP_COUNT. C gives typedefs and functions one name space, so the
 * call tgx_tgsi_opcode_info(op) is a function-like macro over tgx_tgsi_opcode_info_get; the
 * type name tgx_tgsi_opcode_info (not followed by '(') stays the typedef. */
const tgx_tgsi_opcode_info *tgx_tgsi_opcode_info_get(unsigned op);
#define tgx_tgsi_opcode_info(op) tgx_tgsi_opcode_info_get(op)
/* Opcode by its exact, case-sensitive name (name[0..len), "MOV"); TGX_TGSI_OP_COUNT if unknown. */
tgx_tgsi_opcode tgx_tgsi_opcode_from_name(const char *name, size_t len);
/* Printer indentation facts (Mesa's pre_dedent / post_indent): 1 or 0. */
unsigned tgx_tgsi_opcode_pre_dedent(unsigned op);
unsigned tgx_tgsi_opcode_post_indent(unsigned op);

/* ---------------------------------------------------------------------------------------------
 * The IR
 * ------------------------------------------------------------------------------------------ */

/* 1-based position in the source text of a declaration, immediate, property or instruction,
 * and of an instruction's operands, target and label, so that a diagnostic about one operand
 * points at it (0,0 for things built in memory). */
typedef struct tgx_tgsi_pos {
    uint32_t line;
    uint32_t column;
} tgx_tgsi_pos;

/* Write masks / usage masks: bit 0 = x ... bit 3 = w. */
#define TGX_TGSI_MASK_X    1u
#define TGX_TGSI_MASK_Y    2u
#define TGX_TGSI_MASK_Z    4u
#define TGX_TGSI_MASK_W    8u
#define TGX_TGSI_MASK_XYZW 15u

/* Component selectors (swizzles): 0 = x, 1 = y, 2 = z, 3 = w. */
enum { TGX_TGSI_SWZ_X = 0, TGX_TGSI_SWZ_Y, TGX_TGSI_SWZ_Z, TGX_TGSI_SWZ_W };

/* An indirect address: the register ADDR[0].x (or TEMP[n].c) whose value is added to the
 * operand's index. array_id > 0 names the declaration (ARRAY(n)) the access stays inside:
 * printed as "TEMP[ADDR[0].x+3](2)". */
typedef struct tgx_tgsi_indirect {
    uint8_t file;    /* a tgx_tgsi_file (one byte: the IR holds one of these per operand) */
    uint8_t swizzle; /* one component, TGX_TGSI_SWZ_* */
    uint16_t array_id;
    int32_t index;
    tgx_tgsi_pos pos; /* where the address register's name starts (0,0 when built in memory) */
} tgx_tgsi_indirect;

/* The address registers of an operand's indirect index (ind) and indirect dimension (dim_ind). */
typedef struct tgx_tgsi_address {
    tgx_tgsi_indirect ind;
    tgx_tgsi_indirect dim_ind;
} tgx_tgsi_address;

/* The register part shared by dst and src operands: FILE[index], FILE[ADDR[0].x+index],
 * FILE[dim][index] (2-D: CONST[1][4], IN[vertex][attr] in GEOM), FILE[ADDR[0].x+dim][index]. */
typedef struct tgx_tgsi_register {
    uint8_t file;   /* a tgx_tgsi_file */
    bool indirect;  /* index is relative to tgx_tgsi_reg_ind(r) */
    bool dimension; /* a second (outer) index is present: FILE[dim_index][index] */
    bool dim_indirect;
    int32_t index;     /* register index; the offset added to the address when indirect */
    int32_t dim_index; /* the outer index; the offset added to its address when dim_indirect */
    /* The column where the file name starts ("TEMP" of TEMP[1]), on its instruction's line (0
     * when built in memory): an operand is never on another line, so a whole position (8
     * bytes) in every operand held the line once more; tgx_tgsi_reg_pos gives the position. */
    uint32_t column;
    /* The address registers, out of line (in the shader's storage: they were 32 bytes inline
     * in every operand, which few use; docs/cli.md), NULL when neither index is indirect. Read
     * them with tgx_tgsi_reg_ind and tgx_tgsi_reg_dim_ind. */
    const tgx_tgsi_address *addr;
} tgx_tgsi_register;

/* The address register of r's index (indirect) and of its dimension (dim_indirect); a record of
 * zeros when there is none. */
static inline const tgx_tgsi_indirect *tgx_tgsi_reg_ind(const tgx_tgsi_register *r)
{
    static const tgx_tgsi_indirect none = {0, 0, 0, 0, {0, 0}};
    return r->addr ? &r->addr->ind : &none;
}
static inline const tgx_tgsi_indirect *tgx_tgsi_reg_dim_ind(const tgx_tgsi_register *r)
{
    static const tgx_tgsi_indirect none = {0, 0, 0, 0, {0, 0}};
    return r->addr ? &r->addr->dim_ind : &none;
}

typedef struct tgx_tgsi_dst {
    tgx_tgsi_register reg;
    uint8_t write_mask; /* TGX_TGSI_MASK_*; XYZW when no mask is written */
} tgx_tgsi_dst;

typedef struct tgx_tgsi_src {
    tgx_tgsi_register reg;
    uint8_t swizzle[4]; /* source component for x, y, z, w; identity when none is written */
    bool negate;        /* -SRC (applied after absolute) */
    bool absolute;      /* |SRC| */
    /* Columns from where the operand starts, its '-' or '|' included, to reg.column (at most
     * 65535): the operand's position is tgx_tgsi_src_pos, not a second position of 8 bytes in
     * every source (docs/cli.md). */
    uint16_t lead;
} tgx_tgsi_src;

/* Texel offset operand of a texture instruction: ", IMM[0].xyx" (three components). */
typedef struct tgx_tgsi_tex_offset {
    uint8_t file; /* a tgx_tgsi_file */
    uint8_t swizzle[3];
    int32_t index;
    tgx_tgsi_pos pos;
} tgx_tgsi_tex_offset;

#define TGX_TGSI_MAX_TEX_OFFSETS 4
#define TGX_TGSI_FORMAT_MAX      48 /* "PIPE_FORMAT_R32G32B32A32_FLOAT" and the like, NUL incl. */

/* One instruction. Its operands, texel offsets and format live in the shader's storage (an
 * instruction takes what it uses: fixed slots for 5 sources, 2 destinations and 4 offsets made
 * every instruction 780 bytes, 17 times its text; docs/cli.md): dst[0..num_dst),
 * src[0..num_src) and tex_offsets[0..num_tex_offsets) are valid, nothing past them. The
 * pointers are never NULL and stay valid until tgx_tgsi_free. */
typedef struct tgx_tgsi_instruction {
    tgx_tgsi_dst *dst;
    tgx_tgsi_src *src;
    tgx_tgsi_tex_offset *tex_offsets;
    /* Memory ops (TGX_TGSI_OPF_MEMORY): the image format, "" when none is written. */
    const char *mem_format;

    tgx_tgsi_opcode opcode;
    uint8_t num_dst;
    uint8_t num_src;
    bool saturate; /* _SAT: clamp float results to [0, 1] */
    bool precise;  /* _PRECISE: no fused / reassociated arithmetic */

    /* Texture ops (TGX_TGSI_OPF_TEX): the target and texel offsets. */
    bool has_texture;
    uint8_t num_tex_offsets;
    /* Memory ops: whether any suffix was given, and qualifier bits (TGX_TGSI_MEM_*). */
    bool has_memory;
    uint8_t mem_qualifier;
    tgx_tgsi_texture texture;
    /* Memory ops: the image target (BUFFER when none is written: Mesa prints it only when not
     * BUFFER). */
    tgx_tgsi_texture mem_texture;

    /* Branch target ":N" (an instruction number) of IF/UIF/ELSE/BGNLOOP/ENDLOOP/CAL/BGNSUB. */
    bool has_label;
    uint32_t label;

    tgx_tgsi_pos pos;
    tgx_tgsi_pos texture_pos;
    tgx_tgsi_pos label_pos; /* of the ':' */
} tgx_tgsi_instruction;

/* Where register r of instruction in starts (its file name), and where source s of in starts,
 * its '-' or '|' included; (0,0) for operands built in memory. */
static inline tgx_tgsi_pos tgx_tgsi_reg_pos(const tgx_tgsi_instruction *in,
                                            const tgx_tgsi_register *r)
{
    tgx_tgsi_pos p = {r->column ? in->pos.line : 0u, r->column};
    return p;
}
static inline tgx_tgsi_pos tgx_tgsi_src_pos(const tgx_tgsi_instruction *in, const tgx_tgsi_src *s)
{
    tgx_tgsi_pos p = tgx_tgsi_reg_pos(in, &s->reg);
    p.column = p.column > s->lead ? p.column - s->lead : (p.column ? 1u : 0u);
    return p;
}

typedef struct tgx_tgsi_declaration {
    tgx_tgsi_file file;
    uint32_t first, last; /* register range: FILE[first..last] (first == last for one) */
    uint8_t usage_mask;   /* TGX_TGSI_MASK_*; XYZW when none is written */
    bool dimension;       /* 2-D: CONST[dim_index][first..last] (constant buffer number) */
    uint32_t dim_index;
    uint32_t array_id; /* ARRAY(n); 0 = not an array */
    bool local;        /* LOCAL: not preserved across subroutines (a hint) */
    bool invariant;    /* INVARIANT (outputs) */

    bool has_semantic; /* IN/OUT/SV: ", GENERIC[3]" */
    tgx_tgsi_semantic semantic_name;
    uint32_t semantic_index;
    uint8_t stream[4]; /* GEOM outputs: STREAM(x, y, z, w) */

    bool has_interp;            /* an interpolation keyword was given */
    tgx_tgsi_interp interp;     /* FRAG inputs: CONSTANT/LINEAR/PERSPECTIVE/COLOR */
    tgx_tgsi_location location; /* CENTER unless CENTROID/SAMPLE was given */
    uint8_t cylindrical_wrap;   /* 2013: CYLWRAP_X.. mask (TGX_TGSI_MASK_*) */

    /* SVIEW: target and per-component return types. IMAGE/RES: target, format, WR, RAW. */
    tgx_tgsi_texture target;
    tgx_tgsi_return_type return_type[4];
    char format[TGX_TGSI_FORMAT_MAX]; /* IMAGE: "PIPE_FORMAT_..." */
    bool writable;                    /* IMAGE/RES: WR */
    bool raw;                         /* IMAGE/RES: RAW */

    bool atomic;                   /* BUFFER: ATOMIC (atomic counter buffer) */
    bool has_mem_type;             /* MEMORY: a type keyword was given */
    tgx_tgsi_memory_type mem_type; /* MEMORY: GLOBAL/SHARED/PRIVATE/INPUT */

    tgx_tgsi_pos pos;
} tgx_tgsi_declaration;

/* IMM[n] TYPE {v0, v1, v2, v3}. 64-bit types use two words per value, low word first. */
typedef struct tgx_tgsi_immediate {
    tgx_tgsi_imm_type type;
    uint8_t num_words; /* 1..4 */
    uint32_t words[4];
    tgx_tgsi_pos pos;
} tgx_tgsi_immediate;

#define TGX_TGSI_MAX_PROPERTY_VALUES 4

/* PROPERTY NAME value. Values are numbers in Mesa's encoding (NEXT_SHADER FRAG = 1 =
 * TGX_TGSI_PROC_FRAG, FS_COORD_ORIGIN LOWER_LEFT = 1, ...). */
typedef struct tgx_tgsi_property_decl {
    tgx_tgsi_property name;
    uint8_t num_values;
    uint32_t values[TGX_TGSI_MAX_PROPERTY_VALUES];
    tgx_tgsi_pos pos;
} tgx_tgsi_property_decl;

/* Order of the shader's lines, so the printer reproduces the text as it came. */
typedef enum tgx_tgsi_token_kind {
    TGX_TGSI_TOKEN_DECL,
    TGX_TGSI_TOKEN_IMM,
    TGX_TGSI_TOKEN_PROP,
    TGX_TGSI_TOKEN_INST,
} tgx_tgsi_token_kind;

typedef struct tgx_tgsi_token {
    tgx_tgsi_token_kind kind;
    uint32_t index; /* into decls / imms / props / insts */
} tgx_tgsi_token;

typedef struct tgx_tgsi_shader {
    tgx_tgsi_processor processor;
    tgx_tgsi_pos processor_pos;

    tgx_tgsi_declaration *decls;
    size_t num_decls;
    tgx_tgsi_immediate *imms; /* imms[i] is IMM[i] */
    size_t num_imms;
    tgx_tgsi_property_decl *props;
    size_t num_props;
    tgx_tgsi_instruction *insts; /* insts[i] is instruction number i (labels count these) */
    size_t num_insts;

    tgx_tgsi_token *tokens; /* every line above, in text order */
    size_t num_tokens;

    /* Where the instructions' operands, offsets and formats are kept (src/tgsi/parse.c's
     * storage, freed by tgx_tgsi_free). */
    struct tgx_tgsi_storage *storage;
} tgx_tgsi_shader;

/* ---------------------------------------------------------------------------------------------
 * API
 * ------------------------------------------------------------------------------------------ */

/* Parses one shader from text[0..len) (NUL bytes inside are an error, no terminator needed).
 * filename is used in diagnostics only (may be NULL). On success *out is a new shader the caller
 * frees with tgx_tgsi_free. On failure returns TGX_ERR_PARSE (or TGX_ERR_NOMEM / TGX_ERR_LIMIT),
 * *out is NULL and d (if not NULL) holds file:line:col and a message naming the problem. */
tgx_status tgx_tgsi_parse(const char *text, size_t len, const char *filename, tgx_tgsi_shader **out,
                          tgx_diag *d);

/* Several shaders in one text (the corpus keeps Mesa's internal shaders in one file, one after
 * another): returns the offset of the first shader's end in text[0..len), which is the start of
 * the next line after the first non-blank line that holds nothing but a processor name (VERT,
 * FRAG, ...; such a line cannot be part of a shader), or len when there is none. Parse each
 * piece on its own; diagnostics' lines are then relative to the piece (add the number of '\n'
 * before it). */
size_t tgx_tgsi_shader_extent(const char *text, size_t len);

/* The deepest nesting of IF/UIF blocks, of loops and of SWITCHes Mesa's interpreter runs (Mesa
 * 22.3 tgsi_exec.h TGSI_EXEC_MAX_NESTING). Deeper nesting is valid TGSI: the validator warns
 * and tgx runs it; the printer indents at most this many levels, so its output grows linearly
 * with the input (10,000 nested IFs printed 200 MB of indentation). */
#define TGX_TGSI_MESA_MAX_NESTING 32

/* Prints s in canonical form (Mesa 22.3's tgsi_dump layout, exact float spellings) into a new
 * NUL-terminated buffer *out (caller frees with free()); *len (if not NULL) gets its length.
 * Indentation stops at TGX_TGSI_MESA_MAX_NESTING levels; deeper lines keep that indentation. */
tgx_status tgx_tgsi_print(const tgx_tgsi_shader *s, char **out, size_t *len);

/* One instruction's line of that text (its number, right-aligned to 3 places, and the
 * indentation, without the '\n'), for a caller that prints a long shader a line at a time:
 * instruction i into *line, a buffer of *cap bytes the function grows with realloc (getline's
 * way: start with NULL and 0, free it at the end), *len its length. *indent carries the
 * indentation from one instruction to the next: start at 0 and give every instruction in order,
 * as the printer does. TGX_ERR_ARG (i out of range), TGX_ERR_NOMEM or TGX_OK. */
tgx_status tgx_tgsi_print_instruction(const tgx_tgsi_shader *s, size_t i, int *indent, char **line,
                                      size_t *cap, size_t *len);

/* Frees a shader from tgx_tgsi_parse (NULL is fine). */
void tgx_tgsi_free(tgx_tgsi_shader *s);

/* Checks s against the rules of the spec (src/tgsi/validate.c). Appends every finding to out.
 * Returns TGX_OK if there are no errors (warnings allowed), TGX_ERR_INVALID otherwise. */
tgx_status tgx_tgsi_validate(const tgx_tgsi_shader *s, const char *filename, tgx_diag_list *out);

/* Spells a FLT32 immediate word the way the printer does (Mesa's "%10.4f" when that reads back
 * exactly, else an exact spelling padded to 10 columns); buf needs 32 bytes. */
void tgx_tgsi_format_f32(uint32_t bits, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
