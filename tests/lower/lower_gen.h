/* lower_gen.h — generated TGSI texture programs for the translation tests: one texture
 * instruction over every opcode, target, format, LOD mode, compare, offset and gather component,
 * with random textures, samplers (both precision profiles) and per-lane operands, run by the
 * interpreter directly and through tgx_lower_tex_hook. Fixed seeds make every case
 * reproducible: a failure prints its seed and TGSI text. */
#ifndef TGX_LOWER_GEN_H
#define TGX_LOWER_GEN_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/exec.h"
#include "tgx/lower.h"
#include "tgx/tex.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define GEN_LANES 32u

typedef struct gen_rng {
    uint64_t s;
} gen_rng;

static inline uint32_t gen_u32(gen_rng *r)
{
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return (uint32_t)(r->s >> 16);
}

static inline unsigned gen_below(gen_rng *r, unsigned n)
{
    return n ? gen_u32(r) % n : 0;
}

static inline float gen_float(gen_rng *r, float lo, float hi)
{
    return lo + (hi - lo) * (float)(gen_u32(r) & 0xffffff) / 16777216.0f;
}

/* What each channel of IN[0] holds. */
typedef enum gen_role {
    R_NONE,
    R_S,
    R_T,
    R_R,
    R_LAYER,
    R_REF,
    R_LOD,
    R_Q,
    R_IX,
    R_IY,
    R_IZ,
    R_ILAYER,
    R_ILEVEL,
    R_ISAMPLE
} gen_role;

typedef enum gen_style {
    G_TEX,
    G_TEX2,
    G_TXD,
    G_TG4,
    G_SMP,
    G_SMP_ARG,
    G_SMP_D,
    G_SMP_I,
    G_SMP_I_MS,
    G_TXF,
    G_TXQ,
    G_TXQS,
    G_SVIEWINFO,
    G_LOAD,
    G_TXD_EMULATED /* TXD on 3D, cube and shadow targets (gen_case.txd_emulated) */
} gen_style;

/* An opcode and how the generator writes it. */
typedef struct gen_op {
    const char *name;
    gen_style style;
    gen_role arg; /* IN[1].x for the *2 opcodes and SAMPLE_B/L/C: R_REF, R_LOD or R_NONE */
    bool lod_w;   /* the LOD or bias is src0.w (TXB, TXL) */
    bool proj;    /* TXP */
    bool fetch;   /* integer coordinates */
    bool level;   /* a fetch level in src0.w */
    bool gather;
    bool lod_query;
} gen_op;

typedef struct gen_case {
    uint32_t seed;
    /* TXD on the targets tgx lower emulates (3D, cube, cube array, shadow), with operands on a
     * dyadic grid so that P + dPdx and P + dPdx + dPdy are exact sums (test_txd_emulation.c) */
    bool txd_emulated;
    const gen_op *op;
    tgx_tgsi_texture target; /* the instruction's or the view's */
    tgx_tex_target tex_target;
    bool shadow;
    tgx_tex_format format;
    tgx_tex_desc desc;
    tgx_sampler sampler;
    tgx_tex_view view;
    unsigned unit, sampler_unit;
    uint8_t dst_mask;
    bool dst_out, sat, via_temp, negate, cond;
    bool indirect;     /* the unit operands are SAMP[ADDR[0].x+u] / SVIEW[ADDR[0].x+u] (ADDR = 0) */
    char swz[5];       /* SAMPLE family: the view operand's swizzle */
    int32_t offset[3]; /* with has_offset */
    bool has_offset;
    unsigned component;
    bool fragment;
    gen_role role[4];
    uint8_t perm[4]; /* the coordinate operand reads channel perm[k] of its register */
    char text[4096];
} gen_case;

/* ---- the opcodes ------------------------------------------------------------------------------
 */

static const gen_op gen_ops[] = {
    {"TEX", G_TEX, R_NONE, false, false, false, false, false, false},
    {"TXP", G_TEX, R_NONE, false, true, false, false, false, false},
    {"TXB", G_TEX, R_NONE, true, false, false, false, false, false},
    {"TXL", G_TEX, R_NONE, true, false, false, false, false, false},
    {"TEX_LZ", G_TEX, R_NONE, false, false, false, false, false, false},
    {"TXD", G_TXD, R_NONE, false, false, false, false, false, false},
    {"TEX2", G_TEX2, R_REF, false, false, false, false, false, false},
    {"TXB2", G_TEX2, R_LOD, false, false, false, false, false, false},
    {"TXL2", G_TEX2, R_LOD, false, false, false, false, false, false},
    {"TG4", G_TG4, R_NONE, false, false, false, false, true, false},
    {"LODQ", G_TEX, R_NONE, false, false, false, false, false, true},
    {"TXF", G_TXF, R_NONE, false, false, true, true, false, false},
    {"TXF_LZ", G_TXF, R_NONE, false, false, true, false, false, false},
    {"TXQ", G_TXQ, R_NONE, false, false, false, false, false, false},
    {"TXQS", G_TXQS, R_NONE, false, false, false, false, false, false},
    {"SAMPLE", G_SMP, R_NONE, false, false, false, false, false, false},
    {"SAMPLE_B", G_SMP_ARG, R_LOD, false, false, false, false, false, false},
    {"SAMPLE_L", G_SMP_ARG, R_LOD, false, false, false, false, false, false},
    {"SAMPLE_C", G_SMP_ARG, R_REF, false, false, false, false, false, false},
    {"SAMPLE_C_LZ", G_SMP_ARG, R_REF, false, false, false, false, false, false},
    {"SAMPLE_D", G_SMP_D, R_NONE, false, false, false, false, false, false},
    {"GATHER4", G_SMP, R_NONE, false, false, false, false, true, false},
    {"LOD", G_SMP, R_NONE, false, false, false, false, false, true},
    {"SAMPLE_I", G_SMP_I, R_NONE, false, false, true, true, false, false},
    {"SAMPLE_I_MS", G_SMP_I_MS, R_NONE, false, false, true, false, false, false},
    {"SVIEWINFO", G_SVIEWINFO, R_NONE, false, false, false, false, false, false},
    {"LOAD", G_LOAD, R_NONE, false, false, true, false, false, false},
};
#define GEN_NOPS (sizeof gen_ops / sizeof gen_ops[0])

static const tgx_tgsi_texture gen_plain[] = {
    TGX_TGSI_TEXTURE_1D,       TGX_TGSI_TEXTURE_2D,         TGX_TGSI_TEXTURE_3D,
    TGX_TGSI_TEXTURE_CUBE,     TGX_TGSI_TEXTURE_RECT,       TGX_TGSI_TEXTURE_1D_ARRAY,
    TGX_TGSI_TEXTURE_2D_ARRAY, TGX_TGSI_TEXTURE_CUBE_ARRAY,
};
static const tgx_tgsi_texture gen_shadow[] = {
    TGX_TGSI_TEXTURE_SHADOW1D,         TGX_TGSI_TEXTURE_SHADOW2D,       TGX_TGSI_TEXTURE_SHADOWRECT,
    TGX_TGSI_TEXTURE_SHADOW1D_ARRAY,   TGX_TGSI_TEXTURE_SHADOW2D_ARRAY, TGX_TGSI_TEXTURE_SHADOWCUBE,
    TGX_TGSI_TEXTURE_SHADOWCUBE_ARRAY,
};
static const tgx_tgsi_texture gen_fetchable[] = {
    TGX_TGSI_TEXTURE_1D,       TGX_TGSI_TEXTURE_2D,
    TGX_TGSI_TEXTURE_3D,       TGX_TGSI_TEXTURE_1D_ARRAY,
    TGX_TGSI_TEXTURE_2D_ARRAY, TGX_TGSI_TEXTURE_BUFFER,
    TGX_TGSI_TEXTURE_2D_MSAA,  TGX_TGSI_TEXTURE_2D_ARRAY_MSAA,
    TGX_TGSI_TEXTURE_RECT,
};

static tgx_tex_target gen_tex_target(tgx_tgsi_texture t)
{
    return tgx_exec_texture_target(t, NULL);
}

/* Which targets the opcode is generated with: those Maxwell expresses (the others are the
 * errors test_errors.c checks). */
static bool gen_target_ok(const gen_op *op, tgx_tgsi_texture t, bool shadow)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(gen_tex_target(t));
    unsigned dim = ti->coords + (ti->layered ? 1u : 0u);
    bool cube_array = t == TGX_TGSI_TEXTURE_CUBE_ARRAY || t == TGX_TGSI_TEXTURE_SHADOWCUBE_ARRAY;
    switch (op->style) {
    case G_TEX:
        if (op->lod_query)
            return !shadow && t != TGX_TGSI_TEXTURE_RECT;
        if (op->lod_w) /* the LOD in w: coordinates, layer and reference fit x..z */
            return dim + (shadow ? 1u : 0u) <= 3 && (!shadow || dim <= 2) &&
                   t != TGX_TGSI_TEXTURE_RECT && t != TGX_TGSI_TEXTURE_SHADOWRECT;
        if (shadow && dim >= 4)
            return false; /* the reference is src1.x: TEX2 */
        return !(op->proj && cube_array);
    case G_TEX2: return cube_array && (shadow == (op->arg == R_REF));
    case G_TXD: return !shadow && ti->coords <= 2 && t != TGX_TGSI_TEXTURE_RECT;
    case G_TXD_EMULATED:
        return (shadow || ti->coords > 2) && t != TGX_TGSI_TEXTURE_SHADOWRECT &&
               t != TGX_TGSI_TEXTURE_SHADOWCUBE_ARRAY && dim + (shadow ? 1u : 0u) <= 4;
    case G_TG4:
        return ti->coords >= 2 && t != TGX_TGSI_TEXTURE_3D && t != TGX_TGSI_TEXTURE_RECT &&
               !(shadow && cube_array);
    case G_SMP:
        if (op->gather)
            return !shadow && ti->coords >= 2 && t != TGX_TGSI_TEXTURE_3D &&
                   t != TGX_TGSI_TEXTURE_RECT;
        return !shadow && t != TGX_TGSI_TEXTURE_RECT;
    case G_SMP_ARG: /* SAMPLE_C's reference comes from the opcode, not the target */
        return shadow == (op->arg == R_REF) && t != TGX_TGSI_TEXTURE_RECT &&
               !(op->arg == R_REF && t == TGX_TGSI_TEXTURE_3D);
    case G_SMP_D: return !shadow && ti->coords <= 2 && t != TGX_TGSI_TEXTURE_RECT;
    default: return true;
    }
}
/* ---- building a case --------------------------------------------------------------------------
 */

static unsigned gen_dim(const gen_case *c)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(c->tex_target);
    return ti->coords + (ti->layered ? 1u : 0u);
}

/* The roles of IN[0]'s channels as the opcode reads src0 (exec_tex.c's layout). */
static void gen_roles(gen_case *c)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(c->tex_target);
    const gen_op *op = c->op;
    for (unsigned k = 0; k < 4; k++)
        c->role[k] = R_NONE;
    if (op->style == G_TXQ || op->style == G_SVIEWINFO) {
        c->role[0] = R_ILEVEL;
        return;
    }
    if (op->style == G_TXQS)
        return;
    if (op->fetch) {
        static const gen_role ix[3] = {R_IX, R_IY, R_IZ};
        unsigned k = 0;
        for (; k < ti->dims; k++)
            c->role[k] = ix[k];
        if (ti->layered)
            c->role[k] = R_ILAYER;
        if (ti->multisample && op->style != G_SMP_I_MS && strcmp(op->name, "TXF_LZ") != 0)
            c->role[3] = R_ISAMPLE;
        else if (op->level && c->tex_target != TGX_TEX_BUFFER && !ti->multisample)
            c->role[3] = R_ILEVEL;
        return;
    }
    static const gen_role st[3] = {R_S, R_T, R_R};
    unsigned k = 0;
    for (; k < ti->coords; k++)
        c->role[k] = st[k];
    if (ti->layered)
        c->role[k++] = R_LAYER;
    if (c->shadow && (op->style == G_TEX || op->style == G_TG4 || c->txd_emulated)) {
        unsigned ch = gen_dim(c) > 2 ? gen_dim(c) : 2;
        if (ch < 4)
            c->role[ch] = R_REF;
    }
    if (op->lod_w)
        c->role[3] = R_LOD;
    if (op->proj)
        c->role[3] = R_Q;
}

static bool gen_format_ok(const gen_case *c, tgx_tex_format f)
{
    const tgx_tex_format_info *fi = tgx_tex_format_get(f);
    if (!fi || fi->bytes == 0 ||
        (fi->pack != TGX_TEX_PACK_ARRAY && fi->pack != TGX_TEX_PACK_BITS &&
         fi->pack != TGX_TEX_PACK_R11G11B10F && fi->pack != TGX_TEX_PACK_RGB9E5 &&
         fi->pack != TGX_TEX_PACK_Z24S8 && fi->pack != TGX_TEX_PACK_Z32FS8))
        return false;
    if (c->shadow)
        return fi->is_depth;
    return true;
}

static void gen_desc(gen_case *c, gen_rng *r)
{
    tgx_tex_desc *d = &c->desc;
    const tgx_tex_target_info *ti = tgx_tex_target_get(c->tex_target);
    memset(d, 0, sizeof *d);
    d->target = c->tex_target;
    d->format = c->format;
    d->width = 1 + gen_below(r, 9);
    d->height = ti->dims > 1 ? 1 + gen_below(r, 9) : 1;
    d->depth = 1;
    d->samples = 1;
    if (c->tex_target == TGX_TEX_3D) {
        d->width = 1 + gen_below(r, 5);
        d->height = 1 + gen_below(r, 5);
        d->depth = 1 + gen_below(r, 5);
    } else if (ti->cube) {
        d->height = d->width;
        d->depth = 6 * (ti->layered ? 1 + gen_below(r, 3) : 1);
    } else if (ti->layered) {
        d->depth = 1 + gen_below(r, 4);
    }
    if (c->tex_target == TGX_TEX_BUFFER)
        d->width = 1 + gen_below(r, 16);
    if (ti->multisample)
        d->samples = gen_below(r, 2) ? 4 : 2;
    uint32_t full =
        tgx_tex_full_levels(d->width, d->height, c->tex_target == TGX_TEX_3D ? d->depth : 1);
    d->levels = ti->mipmapped ? 1 + gen_below(r, full) : 1;
}

static void gen_sampler(gen_case *c, gen_rng *r)
{
    tgx_sampler *s = &c->sampler;
    tgx_sampler_init(s);
    s->wrap_s = (tgx_tex_wrap)gen_below(r, TGX_TEX_WRAP_COUNT);
    s->wrap_t = (tgx_tex_wrap)gen_below(r, TGX_TEX_WRAP_COUNT);
    s->wrap_r = (tgx_tex_wrap)gen_below(r, TGX_TEX_WRAP_COUNT);
    s->min_filter = (tgx_tex_filter)gen_below(r, 2);
    s->mag_filter = (tgx_tex_filter)gen_below(r, 2);
    s->mip_filter = (tgx_tex_mip_filter)gen_below(r, 3);
    s->max_anisotropy = gen_below(r, 4) ? 1 : 2 + gen_below(r, 15);
    if (gen_below(r, 2))
        s->lod_bias = gen_float(r, -2.0f, 2.0f);
    if (gen_below(r, 2)) {
        s->min_lod = gen_float(r, -1.0f, 2.0f);
        s->max_lod = s->min_lod + gen_float(r, 0.0f, 8.0f);
    }
    s->compare_enable = c->shadow || gen_below(r, 10) == 0;
    s->compare_func = (tgx_tex_compare)gen_below(r, 8);
    for (unsigned k = 0; k < 4; k++) {
        s->border_color[k] = gen_float(r, 0.0f, 1.0f);
        s->border_color_int[k] = gen_u32(r);
    }
    s->normalized_coords = gen_below(r, 10) != 0;
    s->seamless_cube = gen_below(r, 2);
    s->lod_rule = gen_below(r, 4) ? TGX_TEX_LOD_GL : TGX_TEX_LOD_SOFTPIPE;
}

static void gen_view(gen_case *c, gen_rng *r, const tgx_tex *tex)
{
    tgx_tex_view *v = &c->view;
    tgx_tex_view_init(v, tex);
    const tgx_tex_target_info *ti = tgx_tex_target_get(c->tex_target);
    if (c->desc.levels > 1 && gen_below(r, 3) == 0) {
        v->base_level = gen_below(r, c->desc.levels);
        v->max_level = v->base_level + gen_below(r, c->desc.levels - v->base_level);
    }
    if (ti->layered && !ti->cube && c->desc.depth > 1 && gen_below(r, 3) == 0) {
        v->first_slice = gen_below(r, c->desc.depth);
        v->num_slices = 1 + gen_below(r, c->desc.depth - v->first_slice);
    }
    if (gen_below(r, 3) == 0)
        for (unsigned k = 0; k < 4; k++)
            v->swizzle[k] = (tgx_tex_swizzle)gen_below(r, 6);
}

static const char gen_letter[4] = {'x', 'y', 'z', 'w'};

/* Appends to the NUL-terminated text buf of size bytes. */
static void gen_vappend(char *buf, size_t size, const char *fmt, va_list ap)
{
    size_t n = strlen(buf);
    vsnprintf(buf + n, size - n, fmt, ap);
}

static inline void gen_append(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static inline void gen_append(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gen_vappend(buf, size, fmt, ap);
    va_end(ap);
}

static void gen_put(gen_case *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void gen_put(gen_case *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    gen_vappend(c->text, sizeof c->text, fmt, ap);
    va_end(ap);
}

static void gen_text(gen_case *c, gen_rng *r)
{
    const gen_op *op = c->op;
    const char *tname = tgx_tgsi_texture_name(c->target);
    bool smp = op->style >= G_SMP && op->style <= G_SMP_I_MS;
    bool sview_only = op->style == G_SVIEWINFO || op->style == G_LOAD || op->style == G_SMP_I ||
                      op->style == G_SMP_I_MS;
    c->text[0] = '\0';
    gen_put(c, "%s\n", c->fragment ? "FRAG" : "VERT");
    for (unsigned i = 0; i < 3; i++) {
        if (c->fragment)
            gen_put(c, "DCL IN[%u], GENERIC[%u], PERSPECTIVE\n", i, i);
        else
            gen_put(c, "DCL IN[%u]\n", i);
    }
    gen_put(c, "DCL OUT[0], %s\n", c->fragment ? "COLOR" : "GENERIC[0]");
    if (!sview_only)
        gen_put(c, "DCL SAMP[%u]\n", smp ? c->sampler_unit : c->unit);
    gen_put(c, "DCL SVIEW[%u], %s, FLOAT\n", c->unit,
            smp || sview_only ? tname : tgx_tgsi_texture_name(c->target));
    gen_put(c, "DCL TEMP[0..3]\n");
    if (c->indirect)
        gen_put(c, "DCL ADDR[0]\n");
    gen_put(c, "IMM[0] INT32 {%d, %d, %d, 0}\n", c->offset[0], c->offset[1], c->offset[2]);
    gen_put(c, "IMM[1] UINT32 {%u, 0, 0, 0}\n", c->component);
    unsigned n = 0;
    for (unsigned i = 0; i < 3; i++)
        gen_put(c, "%3u: MOV TEMP[%u], IN[%u]\n", n++, i, i);
    if (c->indirect)
        gen_put(c, "%3u: UARL ADDR[0].x, IMM[1].yyyy\n", n++);
    if (c->cond)
        gen_put(c, "%3u: UIF TEMP[2].wwww\n", n++);
    char dst[32], coord[40], mask[5];
    unsigned k = 0;
    for (unsigned ch = 0; ch < 4; ch++)
        if (c->dst_mask >> ch & 1u)
            mask[k++] = gen_letter[ch];
    mask[k] = '\0';
    snprintf(dst, sizeof dst, "%s.%s", c->dst_out ? "OUT[0]" : "TEMP[3]", mask);
    snprintf(coord, sizeof coord, "%s%s[0].%c%c%c%c", c->negate ? "-" : "",
             c->via_temp ? "TEMP" : "IN", gen_letter[c->perm[0]], gen_letter[c->perm[1]],
             gen_letter[c->perm[2]], gen_letter[c->perm[3]]);
    char offs[40] = "";
    if (c->has_offset)
        snprintf(offs, sizeof offs, ", IMM[0].xyz");
    const char *sat = c->sat ? "_SAT" : "";
    unsigned u = c->unit, su = c->sampler_unit;
    const char *ind = c->indirect ? "ADDR[0].x+" : "";
    switch (op->style) {
    case G_TEX:
        gen_put(c, "%3u: %s%s %s, %s, SAMP[%s%u], %s%s\n", n++, op->name, sat, dst, coord, ind, u,
                tname, offs);
        break;
    case G_TEX2:
        gen_put(c, "%3u: %s%s %s, %s, TEMP[1].xxxx, SAMP[%s%u], %s%s\n", n++, op->name, sat, dst,
                coord, ind, u, tname, offs);
        break;
    case G_TXD:
    case G_TXD_EMULATED:
        gen_put(c, "%3u: TXD%s %s, %s, TEMP[1], TEMP[2], SAMP[%s%u], %s%s\n", n++, sat, dst, coord,
                ind, u, tname, offs);
        break;
    case G_TG4:
        gen_put(c, "%3u: TG4%s %s, %s, IMM[1].xxxx, SAMP[%s%u], %s%s\n", n++, sat, dst, coord, ind,
                u, tname, offs);
        break;
    case G_TXF:
        gen_put(c, "%3u: %s%s %s, %s, SAMP[%s%u], %s%s\n", n++, op->name, sat, dst, coord, ind, u,
                tname, offs);
        break;
    case G_TXQ:
        gen_put(c, "%3u: TXQ%s %s, TEMP[0].xxxx, SAMP[%s%u], %s\n", n++, sat, dst, ind, u, tname);
        break;
    case G_TXQS:
        gen_put(c, "%3u: TXQS%s %s, SAMP[%s%u], %s\n", n++, sat, dst, ind, u, tname);
        break;
    case G_SMP:
        gen_put(c, "%3u: %s%s %s, %s, SVIEW[%s%u].%s, SAMP[%s%u]\n", n++, op->name, sat, dst, coord,
                ind, u, c->swz, ind, su);
        break;
    case G_SMP_ARG:
        gen_put(c, "%3u: %s%s %s, %s, SVIEW[%s%u].%s, SAMP[%s%u], TEMP[1].xxxx\n", n++, op->name,
                sat, dst, coord, ind, u, c->swz, ind, su);
        break;
    case G_SMP_D:
        gen_put(c, "%3u: SAMPLE_D%s %s, %s, SVIEW[%s%u].%s, SAMP[%s%u], TEMP[1], TEMP[2]\n", n++,
                sat, dst, coord, ind, u, c->swz, ind, su);
        break;
    case G_SMP_I:
        gen_put(c, "%3u: SAMPLE_I%s %s, %s, SVIEW[%s%u].%s\n", n++, sat, dst, coord, ind, u,
                c->swz);
        break;
    case G_SMP_I_MS:
        gen_put(c, "%3u: SAMPLE_I_MS%s %s, %s, SVIEW[%s%u].%s, TEMP[1].xxxx\n", n++, sat, dst,
                coord, ind, u, c->swz);
        break;
    case G_SVIEWINFO:
        gen_put(c, "%3u: SVIEWINFO%s %s, TEMP[0].xxxx, SVIEW[%s%u]\n", n++, sat, dst, ind, u);
        break;
    case G_LOAD:
        gen_put(c, "%3u: LOAD%s %s, SVIEW[%s%u], %s\n", n++, sat, dst, ind, u, coord);
        break;
    }
    if (c->cond)
        gen_put(c, "%3u: ENDIF\n", n++);
    if (!c->dst_out)
        gen_put(c, "%3u: MOV OUT[0], TEMP[3]\n", n++);
    gen_put(c, "%3u: END\n", n++);
    (void)r;
}

/* A translatable case for seed (txd_emulated: a TXD tgx lower emulates). */
static void gen_case_make_kind(gen_case *c, uint32_t seed, bool txd_emulated)
{
    gen_rng rr = {0x9e3779b97f4a7c15ull ^ ((uint64_t)seed * 0x100000001b3ull)};
    gen_rng *r = &rr;
    memset(c, 0, sizeof *c);
    c->seed = seed;
    c->txd_emulated = txd_emulated;
    for (;;) {
        c->op = &gen_ops[gen_below(r, GEN_NOPS)];
        const gen_op *op = c->op;
        if (txd_emulated) {
            static const gen_op txd = {"TXD", G_TXD_EMULATED, R_NONE, false, false,
                                       false, false,          false,  false};
            bool sh = gen_below(r, 2) == 0;
            c->op = op = &txd;
            c->target = sh ? gen_shadow[gen_below(r, sizeof gen_shadow / sizeof gen_shadow[0])]
                           : gen_plain[gen_below(r, sizeof gen_plain / sizeof gen_plain[0])];
            c->shadow = sh;
        } else if (op->style == G_TXQS) {
            c->target = gen_below(r, 2) ? TGX_TGSI_TEXTURE_2D_MSAA : TGX_TGSI_TEXTURE_2D_ARRAY_MSAA;
            c->shadow = false;
        } else if (op->style == G_SMP_I_MS) {
            c->target = gen_below(r, 2) ? TGX_TGSI_TEXTURE_2D_MSAA : TGX_TGSI_TEXTURE_2D_ARRAY_MSAA;
        } else if (op->fetch || op->style == G_TXQ || op->style == G_SVIEWINFO) {
            c->target = gen_fetchable[gen_below(r, sizeof gen_fetchable / sizeof gen_fetchable[0])];
            if (op->style == G_TXQ || op->style == G_SVIEWINFO) {
                if (gen_below(r, 2))
                    c->target = gen_plain[gen_below(r, sizeof gen_plain / sizeof gen_plain[0])];
            }
        } else {
            bool sh = (op->style == G_TEX || op->style == G_TG4 || op->style == G_TEX2) &&
                      !op->lod_query && gen_below(r, 3) == 0;
            if (op->style == G_SMP_ARG && op->arg == R_REF)
                sh = true;
            if (op->style == G_TEX2)
                sh = op->arg == R_REF;
            if (sh && op->style != G_SMP_ARG)
                c->target = gen_shadow[gen_below(r, sizeof gen_shadow / sizeof gen_shadow[0])];
            else
                c->target = gen_plain[gen_below(r, sizeof gen_plain / sizeof gen_plain[0])];
            c->shadow = sh;
        }
        if (!c->shadow && tgx_tgsi_texture_is_shadow(c->target))
            c->shadow = true;
        if (gen_target_ok(op, c->target, c->shadow))
            break;
    }
    c->tex_target = gen_tex_target(c->target);
    do {
        c->format = (tgx_tex_format)gen_below(r, TGX_TEX_FORMAT_COUNT);
    } while (!gen_format_ok(c, c->format));
    gen_desc(c, r);
    gen_sampler(c, r);
    c->unit = gen_below(r, 6);
    c->sampler_unit = gen_below(r, 6);
    if (c->op->style < G_SMP || c->op->style > G_SMP_I_MS)
        c->sampler_unit = c->unit;
    c->dst_mask = (uint8_t)(1 + gen_below(r, 15));
    c->dst_out = gen_below(r, 4) == 0;
    c->sat = gen_below(r, 7) == 0;
    c->via_temp = gen_below(r, 4) != 0;
    c->negate = !c->op->fetch && c->op->style != G_TXQ && c->op->style != G_SVIEWINFO &&
                gen_below(r, 10) == 0;
    c->fragment = gen_below(r, 5) != 0;
    c->cond = c->fragment && gen_below(r, 4) == 0;
    for (unsigned k = 0; k < 4; k++)
        c->swz[k] = "xyzw01"[gen_below(r, 4) ? k : gen_below(r, 4)];
    c->swz[4] = '\0';
    for (unsigned k = 0; k < 4; k++)
        if (c->swz[k] == '0' || c->swz[k] == '1')
            c->swz[k] = 'x';
    const tgx_tex_target_info *ti = tgx_tex_target_get(c->tex_target);
    bool offsets_allowed =
        (c->op->style == G_TEX || c->op->style == G_TXD || c->op->style == G_TXD_EMULATED ||
         c->op->style == G_TG4 || c->op->style == G_TXF) &&
        !ti->cube && !c->op->lod_query && c->tex_target != TGX_TEX_BUFFER;
    if (offsets_allowed && gen_below(r, 3) == 0) {
        c->has_offset = true;
        int range = c->op->gather && gen_below(r, 2) ? 32 : 8;
        for (unsigned a = 0; a < 3; a++)
            c->offset[a] = a < ti->dims ? (int32_t)gen_below(r, 2u * (unsigned)range) - range : 0;
    }
    c->component = gen_below(r, 4);
    c->indirect = gen_below(r, 8) == 0 && !txd_emulated;
    for (unsigned k = 0; k < 4; k++)
        c->perm[k] = (uint8_t)k;
    if (gen_below(r, 3) == 0)
        for (unsigned k = 3; k > 0; k--) {
            unsigned j = gen_below(r, k + 1);
            uint8_t t = c->perm[k];
            c->perm[k] = c->perm[j];
            c->perm[j] = t;
        }
    if (txd_emulated && ti->cube)
        c->sampler.lod_rule = TGX_TEX_LOD_SOFTPIPE; /* GL's: a derivative, not a difference */
    if (txd_emulated)
        c->sampler.max_anisotropy = 1; /* the samples' order follows the derivative's sign */
    gen_roles(c);
    gen_text(c, r);
}

static inline void gen_case_make(gen_case *c, uint32_t seed)
{
    gen_case_make_kind(c, seed, false);
}

/* ---- textures and operands --------------------------------------------------------------------
 */

static tgx_tex *gen_texture(gen_case *c)
{
    tgx_tex *tex = NULL;
    tgx_diag d;
    if (tgx_tex_create(&c->desc, &tex, &d) != TGX_OK)
        return NULL;
    gen_rng r = {0x2545f4914f6cdd1dull ^ c->seed};
    for (uint32_t l = 0; l < c->desc.levels; l++) {
        size_t rp, sp;
        uint8_t *data = tgx_tex_level_data(tex, l, &rp, &sp);
        uint32_t w, h, s;
        tgx_tex_level_size(tex, l, &w, &h, &s);
        size_t bytes = sp * (c->desc.target == TGX_TEX_3D ? s : s ? s : 1);
        for (size_t i = 0; data && i < bytes; i++)
            data[i] = (uint8_t)gen_u32(&r);
    }
    gen_rng vr = {0x853c49e6748fea9bull ^ c->seed};
    gen_view(c, &vr, tex);
    return tex;
}

/* v rounded to a multiple of 2^-bits (bits 0: v). */
static float gen_dyadic(float v, int bits)
{
    return bits ? ldexpf(nearbyintf(ldexpf(v, bits)), -bits) : v;
}

/* Per-quad coordinate origin and steps, so implicit derivatives vary. */
typedef struct gen_quad {
    float base[4], dx[4], dy[4];
} gen_quad;

static float gen_scale(const gen_case *c, unsigned axis)
{
    bool texels = c->tex_target == TGX_TEX_RECT || !c->sampler.normalized_coords;
    uint32_t size = axis == 0 ? c->desc.width : axis == 1 ? c->desc.height : c->desc.depth;
    return texels ? (float)size : 1.0f;
}

static uint32_t gen_value(const gen_case *c, gen_rng *r, const gen_quad *q, gen_role role,
                          unsigned lane)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(c->tex_target);
    unsigned kx = lane & 1u, ky = (lane >> 1) & 1u;
    uint32_t layers = ti->cube ? c->desc.depth / 6 : c->desc.depth;
    switch (role) {
    case R_S:
    case R_T:
    case R_R: {
        unsigned a = (unsigned)(role - R_S);
        float v = q->base[a] + (float)kx * q->dx[a] + (float)ky * q->dy[a];
        return tgx_f2bits(ti->cube ? v : v * gen_scale(c, a));
    }
    case R_LAYER: return tgx_f2bits(gen_float(r, -0.6f, (float)layers + 0.6f));
    case R_REF: return tgx_f2bits(gen_float(r, -0.1f, 1.1f));
    case R_LOD: return tgx_f2bits(gen_float(r, -2.0f, 6.0f));
    case R_Q: return tgx_f2bits(gen_below(r, 10) ? gen_float(r, 0.25f, 2.0f) : -0.5f);
    case R_IX: return (uint32_t)((int32_t)gen_below(r, c->desc.width + 3) - 1);
    case R_IY: return (uint32_t)((int32_t)gen_below(r, c->desc.height + 3) - 1);
    case R_IZ: return (uint32_t)((int32_t)gen_below(r, c->desc.depth + 3) - 1);
    case R_ILAYER: return (uint32_t)((int32_t)gen_below(r, layers + 2) - 1);
    case R_ILEVEL: return (uint32_t)((int32_t)gen_below(r, c->desc.levels + 2) - 1);
    case R_ISAMPLE: return (uint32_t)((int32_t)gen_below(r, c->desc.samples + 2) - 1);
    default: return tgx_f2bits(gen_float(r, -1.0f, 1.0f));
    }
}

/* Fills IN[0..2] of machine m for the case's lanes (the same values on every call). */
static void gen_inputs(const gen_case *c, tgx_exec_machine *m)
{
    gen_rng r = {0xda942042e4dd58b5ull ^ ((uint64_t)c->seed << 1)};
    const tgx_tex_target_info *ti = tgx_tex_target_get(c->tex_target);
    for (unsigned q0 = 0; q0 < GEN_LANES; q0 += 4) {
        gen_quad q;
        float step = ldexpf(1.0f, -(int)gen_below(&r, 7));
        for (unsigned a = 0; a < 4; a++) {
            q.base[a] = ti->cube ? gen_float(&r, -1.0f, 1.0f) : gen_float(&r, -0.25f, 1.25f);
            q.dx[a] = gen_float(&r, -0.3f, 0.3f) * step;
            q.dy[a] = gen_float(&r, -0.3f, 0.3f) * step;
            if (c->txd_emulated) { /* multiples of 2^-10 and of 2^-14: exact sums */
                q.base[a] = gen_dyadic(q.base[a], 10);
                q.dx[a] = gen_dyadic(q.dx[a], 14);
                q.dy[a] = gen_dyadic(q.dy[a], 14);
            }
        }
        for (unsigned lane = q0; lane < q0 + 4; lane++) {
            for (unsigned k = 0; k < 4; k++) {
                uint32_t v = gen_value(c, &r, &q, c->role[k], lane);
                if (c->negate)
                    v ^= 0x80000000u;
                tgx_exec_input(m, 0, c->perm[k])[lane].u = v;
            }
            gen_role arg = c->op->arg;
            if (c->op->style == G_SMP_I_MS)
                arg = R_ISAMPLE;
            for (unsigned k = 0; k < 4; k++) {
                bool grads = c->op->style == G_TXD || c->op->style == G_SMP_D ||
                             c->op->style == G_TXD_EMULATED;
                int bits = c->txd_emulated ? 14 : 0;
                uint32_t v1 = k == 0 && arg != R_NONE ? gen_value(c, &r, &q, arg, lane)
                              : grads
                                  ? tgx_f2bits(gen_dyadic(gen_float(&r, -0.4f, 0.4f) * step, bits))
                                  : gen_u32(&r);
                uint32_t v2 = grads
                                  ? tgx_f2bits(gen_dyadic(gen_float(&r, -0.4f, 0.4f) * step, bits))
                                  : gen_u32(&r);
                if (k == 3)
                    v2 = gen_below(&r, 4) ? 0xffffffffu : 0u; /* the UIF condition */
                tgx_exec_input(m, 1, k)[lane].u = v1;
                tgx_exec_input(m, 2, k)[lane].u = v2;
            }
        }
    }
}

/* Runs the case's shader on 32 lanes, directly (runner NULL) or through the runner's hook, in
 * profile; out[c][lane] = OUT[0].c. */
static tgx_status gen_run(const gen_case *c, const tgx_tgsi_shader *sh, tgx_tex_view *view,
                          tgx_tex_profile profile, tgx_lower_runner *runner,
                          uint32_t out[4][GEN_LANES], tgx_diag *d)
{
    tgx_exec_program *p = NULL;
    tgx_exec_machine *m = NULL;
    tgx_status st = tgx_exec_program_create(sh, "gen", &p, d);
    if (st == TGX_OK)
        st = tgx_exec_machine_create(p, GEN_LANES, &m, d);
    tgx_sampler s = c->sampler;
    s.profile = profile;
    if (st == TGX_OK)
        st = tgx_exec_bind_sampler_view(m, c->unit, view);
    if (st == TGX_OK)
        st = tgx_exec_bind_sampler(m, c->sampler_unit, &s);
    if (st == TGX_OK) {
        if (runner)
            tgx_exec_set_tex_hook(m, tgx_lower_tex_hook, runner);
        gen_inputs(c, m);
        tgx_lane_mask active[GEN_LANES];
        gen_rng r = {0x94d049bb133111ebull ^ c->seed};
        for (unsigned i = 0; i < GEN_LANES; i++)
            active[i] = gen_below(&r, 8) ? 0xffffffffu : 0u;
        st = c->fragment ? tgx_exec_run_fragment(m, GEN_LANES, active, NULL, d)
                         : tgx_exec_run_vertex(m, GEN_LANES, d);
    }
    for (unsigned ch = 0; st == TGX_OK && ch < 4; ch++) {
        const tgx_exec_word *o = tgx_exec_output(m, 0, ch);
        for (unsigned i = 0; i < GEN_LANES; i++)
            out[ch][i] = o ? o[i].u : 0u;
    }
    tgx_exec_machine_destroy(m);
    tgx_exec_program_destroy(p);
    return st;
}

/* Parses the case, makes its texture and lowers it for sm_5x (x from the seed). false, with
 * nothing to free, when the text does not parse (a check fails) or the format does not fit the
 * target (*skipped counts it); *runner is NULL when the lowering failed (a check fails). */
static inline bool gen_prepare(gen_case *c, tgx_tgsi_shader **sh, tgx_tex **tex,
                               tgx_lower_runner **runner, unsigned *skipped)
{
    tgx_diag d;
    *sh = NULL;
    *runner = NULL;
    if (tgx_tgsi_parse(c->text, strlen(c->text), "gen", sh, &d) != TGX_OK) {
        TGX_CHECK(0, "seed %u: %s\n%s", c->seed, d.message, c->text);
        return false;
    }
    *tex = gen_texture(c);
    if (!*tex) { /* a format the target cannot hold */
        (*skipped)++;
        tgx_tgsi_free(*sh);
        return false;
    }
    tgx_diag_list diags;
    tgx_diag_list_init(&diags);
    tgx_status st =
        tgx_lower_runner_create(*sh, "gen", (tgx_sm5_arch)(c->seed % 3), runner, &diags);
    TGX_CHECK(st == TGX_OK, "seed %u: lowering failed: %s\n%s", c->seed,
              diags.count ? diags.items[0].message : "?", c->text);
    tgx_diag_list_free(&diags);
    return true;
}

/* The value the lowering must give for OUT[0].ch when the direct run gave `direct`. */
typedef uint32_t (*gen_want_fn)(const gen_case *c, tgx_tex_profile prof, unsigned ch,
                                uint32_t direct);

/* Runs the case directly and through the runner in profile and checks every value of OUT[0]
 * against want (the first three differences reported with the seed, then the case's text and
 * listing). Returns false when there was nothing to compare: the texture unit refused the
 * direct request itself (*skipped counts it) or the lowered run failed (a check fails). */
static inline bool gen_check_profile(gen_case *c, const tgx_tgsi_shader *sh,
                                     tgx_lower_runner *runner, tgx_tex_profile prof,
                                     gen_want_fn want, unsigned *values, unsigned *skipped)
{
    uint32_t direct[4][GEN_LANES], lowered[4][GEN_LANES];
    tgx_diag d1, d2;
    if (gen_run(c, sh, &c->view, prof, NULL, direct, &d1) != TGX_OK) {
        (*skipped)++;
        return false;
    }
    tgx_status s2 = gen_run(c, sh, &c->view, prof, runner, lowered, &d2);
    TGX_CHECK(s2 == TGX_OK, "seed %u: lowered run failed: %s", c->seed, d2.message);
    if (s2 != TGX_OK)
        return false;
    int bad = 0;
    for (unsigned ch = 0; ch < 4; ch++)
        for (unsigned i = 0; i < GEN_LANES; i++) {
            uint32_t w = want ? want(c, prof, ch, direct[ch][i]) : direct[ch][i];
            (*values)++;
            if (lowered[ch][i] != w && bad++ < 3)
                TGX_CHECK(0,
                          "seed %u (%s %s, %s): lane %u .%c: direct 0x%08x, want 0x%08x, "
                          "lowered 0x%08x",
                          c->seed, c->op->name, tgx_tgsi_texture_name(c->target),
                          prof ? "nv" : "exact", i, "xyzw"[ch], direct[ch][i], w, lowered[ch][i]);
        }
    if (bad) {
        char *listing = NULL;
        tgx_lower_print(sh, "gen", tgx_lower_runner_program(runner), &listing, NULL);
        fprintf(stderr, "%s%s", c->text, listing ? listing : "");
        free(listing);
    } else {
        TGX_CHECK(1, "ok");
    }
    return true;
}

#endif
