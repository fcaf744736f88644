/* The H100 texture probes of tests/data/hw (README there) run through the texture unit.
 *
 * Every probe of the capture's manifest.json is one texture (rebuilt from the manifest's content
 * formula), one sampler set-up, the query coordinates and the result words the hardware
 * returned. This harness maps each probe onto the tgx texture API with the conventions CUDA, its
 * compiler and GL supply around the texture unit (tests/data/hw/README.md lists them; they are
 * those of the capture's own checker), runs the queries in one profile and compares the result
 * words bit for bit. A probe is bit-exact when every compared word matches.
 *
 * Sweeps (transition records) are checked at both sides of every transition and at samples in
 * between (hw_sweep_points; the density is the caller's). Lists are checked query by query.
 *
 * The list of probes known to be bit-exact in the nv profile (tests/data/hw/nv-bitexact.txt) is
 * the baseline: a baseline probe that is no longer bit-exact, or no longer runs, fails the test.
 */
#ifndef HW_PROBES_H
#define HW_PROBES_H

#include "hw_hash.h"
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "replay/json.h"
#include "tgx/tex.h"
#include "tgx/util.h"

/* ---- query columns ------------------------------------------------------------------------ */

/* One query is HW_NCOL words (float bits or integers), as the capture's checker lays them out. */
enum {
    HC_S,
    HC_T,
    HC_R,
    HC_LAYER,
    HC_LOD, /* explicit LOD or bias */
    HC_DX0,
    HC_DX1,
    HC_DX2,
    HC_DY0,
    HC_DY1,
    HC_DY2,
    HC_REF, /* HW_NOREF = no depth reference */
    HC_OX,
    HC_OY,
    HC_OZ,
    HC_COMP, /* gather component */
    HC_IX,
    HC_IY,
    HC_IZ,
    HC_LEVEL,
    HW_NCOL,
    HC_LAYER_SAT = 100, /* a CUDA integer layer: saturated to 0xffff, passed as a float layer */
};
#define HW_NOREF 0x7fc00001u

static const struct {
    const char *name;
    int col;
} hw_col_names[] = {
    {"s", HC_S},         {"t", HC_T},         {"r", HC_R},
    {"layer", HC_LAYER}, {"lod", HC_LOD},     {"dx0", HC_DX0},
    {"dx1", HC_DX1},     {"dx2", HC_DX2},     {"dy0", HC_DY0},
    {"dy1", HC_DY1},     {"dy2", HC_DY2},     {"ref", HC_REF},
    {"ox", HC_OX},       {"oy", HC_OY},       {"oz", HC_OZ},
    {"comp", HC_COMP},   {"ix", HC_IX},       {"iy", HC_IY},
    {"iz", HC_IZ},       {"level", HC_LEVEL}, {"layer!", HC_LAYER_SAT},
};

typedef enum hw_op {
    HW_OP_EXPLICIT,
    HW_OP_GRAD,
    HW_OP_IMPLICIT, /* lanes as given: quads of 4 */
    HW_OP_BIAS,     /* lanes as given */
    HW_OP_GATHER,
    HW_OP_LODQ, /* lanes as given; words (clamped, unclamped, 0, 0) */
    HW_OP_FETCH,
    HW_OP_FETCH_CL, /* TLD.LL.CL: PTX tex.level on integer coordinates (the capture's SASS) */
} hw_op;

/* CUDA query kinds: the texture operation and the column of each argument. */
static const struct {
    const char *kind;
    hw_op op;
    const char *cols;
} hw_kinds[] = {
    {"tex1D", HW_OP_EXPLICIT, "s"},
    {"tex2D", HW_OP_EXPLICIT, "s t"},
    {"tex3D", HW_OP_EXPLICIT, "s t r"},
    {"tex1DLod", HW_OP_EXPLICIT, "s lod"},
    {"tex2DLod", HW_OP_EXPLICIT, "s t lod"},
    {"tex3DLod", HW_OP_EXPLICIT, "s t r lod"},
    {"tex1DGrad", HW_OP_GRAD, "s dx0 dy0"},
    {"tex2DGrad", HW_OP_GRAD, "s t dx0 dx1 dy0 dy1"},
    {"tex3DGrad", HW_OP_GRAD, "s t r dx0 dx1 dx2 dy0 dy1 dy2"},
    {"texCubemap", HW_OP_EXPLICIT, "s t r"},
    {"texCubemapLod", HW_OP_EXPLICIT, "s t r lod"},
    {"texCubemapGrad", HW_OP_GRAD, "s t r dx0 dx1 dx2 dy0 dy1 dy2"},
    {"tex1DLayered", HW_OP_EXPLICIT, "s layer!"},
    {"tex2DLayered", HW_OP_EXPLICIT, "s t layer!"},
    {"texCubemapLayered", HW_OP_EXPLICIT, "s t r layer!"},
    {"tex2DLayeredLod", HW_OP_EXPLICIT, "s t layer! lod"},
    {"tex2Dgather", HW_OP_GATHER, "s t comp"},
    {"tex1Dfetch", HW_OP_FETCH, "ix"},
    {"tld1d", HW_OP_FETCH, "ix"},
    {"tld2d", HW_OP_FETCH, "ix iy"},
    {"tld3d", HW_OP_FETCH, "ix iy iz"},
    {"tld2dlod", HW_OP_FETCH_CL, "ix iy level"},
    {"tld1dlod", HW_OP_FETCH_CL, "ix level"},
    {"tld3dlod", HW_OP_FETCH_CL, "ix iy iz level"},
    {"tlda2d", HW_OP_FETCH, "iz ix iy"},
    {"tex2d_offset", HW_OP_EXPLICIT, "s t ox oy"},
    {"tex2dlod_offset", HW_OP_EXPLICIT, "s t lod ox oy"},
    {"gather2d_offset", HW_OP_GATHER, "s t comp ox oy"},
};

/* ---- the capture on disk -------------------------------------------------------------------- */

typedef struct hw_file {
    char name[64];
    uint8_t *data;
    size_t size;
} hw_file;

typedef struct hw_capture {
    char dir[512];
    tgx_json manifest;
    hw_file files[32];
    int nfiles;
} hw_capture;

/* Reads DIR/NAME.gz (gzip, as stored in tests/data/hw), or DIR/NAME when there is no .gz (a
 * capture directory as shipped). */
static bool hw_read_file(const char *dir, const char *name, uint8_t **data, size_t *size)
{
    char path[700];
    snprintf(path, sizeof path, "%s/%s.gz", dir, name);
    FILE *probe = fopen(path, "rb");
    if (!probe)
        snprintf(path, sizeof path, "%s/%s", dir, name);
    else
        fclose(probe);
    gzFile f = gzopen(path, "rb"); /* reads plain files as they are */
    if (!f)
        return false;
    size_t cap = 1 << 20, n = 0;
    uint8_t *buf = malloc(cap);
    int got;
    while (buf && (got = gzread(f, buf + n, (unsigned)(cap - n))) > 0) {
        n += (size_t)got;
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    bool ok = buf && gzclose(f) == Z_OK;
    if (!ok) {
        free(buf);
        return false;
    }
    *data = buf;
    *size = n;
    return true;
}

static void hw_capture_free(hw_capture *hc)
{
    tgx_json_free(&hc->manifest);
    for (int i = 0; i < hc->nfiles; i++)
        free(hc->files[i].data);
    hc->nfiles = 0;
}

static bool hw_capture_open(hw_capture *hc, const char *dir)
{
    memset(hc, 0, sizeof *hc);
    snprintf(hc->dir, sizeof hc->dir, "%s", dir);
    uint8_t *text;
    size_t size;
    if (!hw_read_file(dir, "manifest.json", &text, &size)) {
        fprintf(stderr, "hw: cannot read %s/manifest.json\n", dir);
        return false;
    }
    tgx_diag d;
    tgx_status st = tgx_json_parse((const char *)text, size, "manifest.json", &hc->manifest, &d);
    free(text);
    if (st < 0) {
        char msg[512];
        tgx_diag_format(&d, msg, sizeof msg);
        fprintf(stderr, "hw: %s\n", msg);
        return false;
    }
    return true;
}

/* The data of one .bin file, read on first use. */
static const hw_file *hw_file_get(hw_capture *hc, const char *name)
{
    for (int i = 0; i < hc->nfiles; i++)
        if (!strcmp(hc->files[i].name, name))
            return &hc->files[i];
    if (hc->nfiles == (int)(sizeof hc->files / sizeof hc->files[0]) ||
        strlen(name) >= sizeof hc->files[0].name)
        return NULL;
    hw_file *f = &hc->files[hc->nfiles];
    if (!hw_read_file(hc->dir, name, &f->data, &f->size))
        return NULL;
    snprintf(f->name, sizeof f->name, "%s", name);
    hc->nfiles++;
    return f;
}

/* ---- small JSON helpers -----------------------------------------------------------------------
 */

static const char *hw_str(const tgx_json *o, const char *key, const char *dflt)
{
    const tgx_json *v = tgx_json_get(o, key);
    return v && v->kind == TGX_JSON_STRING ? v->text : dflt;
}

static double hw_num(const tgx_json *o, const char *key, double dflt)
{
    const tgx_json *v = tgx_json_get(o, key);
    return v && v->kind == TGX_JSON_NUMBER ? v->number : dflt;
}

static bool hw_bool(const tgx_json *o, const char *key)
{
    const tgx_json *v = tgx_json_get(o, key);
    return v && v->kind == TGX_JSON_BOOL && v->boolean;
}

static uint32_t hw_u32(const tgx_json *o, const char *key, uint32_t dflt)
{
    uint32_t u;
    return tgx_json_u32(tgx_json_get(o, key), &u) ? u : dflt;
}

static uint32_t hw_shape_dim(const tgx_json *arr, size_t i)
{
    uint32_t v = 0;
    const tgx_json *shape = tgx_json_get(arr, "shape");
    if (shape && i < shape->count)
        tgx_json_u32(&shape->items[i], &v);
    return v;
}

/* `count` little-endian words of an array reference {file, offset, shape}; malloc'ed. */
static uint32_t *hw_words(hw_capture *hc, const tgx_json *ref, size_t count)
{
    const char *file = hw_str(ref, "file", NULL);
    uint32_t off = hw_u32(ref, "offset", UINT32_MAX);
    const hw_file *f = file ? hw_file_get(hc, file) : NULL;
    if (!f || off > f->size || count > (f->size - off) / 4)
        return NULL;
    uint32_t *w = malloc(count * 4 + 4);
    if (!w)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        const uint8_t *p = f->data + off + 4 * i;
        w[i] = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    }
    return w;
}

/* ---- texel contents (manifest "content_kinds" and "hash") ----------------------------------- */

/* How a texture's texels are made: the manifest's content kind and the source storage. */
typedef struct hw_content {
    char kind[16]; /* hash coord corner ramp8 allval gatherid bchash gldepth32f gldepth24 gldepth16
                    * (round two: allval2d pairs8 fspecial) */
    uint32_t seed;
    int nch, bits; /* stored channels and their bits */
    char type;     /* 'u', 's', 'f' */
} hw_content;

/* Half bits of a small integer (exact). */
static uint32_t hw_half_of_int(int v)
{
    return tgx_float_to_half((float)v);
}

static uint32_t hw_texel_raw(const hw_content *c, uint32_t x, uint32_t y, uint32_t z, uint32_t L,
                             int ch)
{
    const uint32_t mask = c->bits >= 32 ? 0xffffffffu : (1u << c->bits) - 1u;
    const char *k = c->kind;
    if (!strcmp(k, "hash")) {
        uint32_t h = hw_H(c->seed, x, y, z, L, (uint32_t)ch);
        if (c->type == 'f' && c->bits == 16)
            return h & 0xbfffu;
        if (c->type == 'f')
            return hw_hash_f32_bits(h);
        return h & mask;
    }
    if (!strcmp(k, "coord")) {
        const uint32_t v = ch == 0 ? x : ch == 1 ? y : ch == 2 ? z : L;
        if (c->type == 'f')
            return c->bits == 16 ? hw_half_of_int((int)v) : tgx_f2bits((float)v);
        return v & mask;
    }
    if (!strcmp(k, "corner")) {
        if (x + 2 * y != (uint32_t)ch || z != c->seed)
            return 0;
        if (c->type == 'f')
            return c->bits == 16 ? 0x3c00u : 0x3f800000u;
        return c->type == 's' ? mask >> 1 : mask;
    }
    if (!strcmp(k, "ramp8")) {
        if (ch == 0)
            return x & 255u;
        if (ch == 1)
            return hw_H(c->seed, x, y, z, L, 1) & 255u;
        if (ch == 2)
            return (x * 37u) & 255u;
        return (x & 1u) ? 255u : 0u;
    }
    if (!strcmp(k, "allval"))
        return ch == 0 ? (x & mask) : 0;
    /* round-two capture (tools/hwprobe, probe_n.inc) */
    if (!strcmp(k, "allval2d"))
        return ch == 0 ? ((256u * y + x) & mask) : 0;
    if (!strcmp(k, "pairs8")) {
        const uint32_t a = (x >> 1) & 255u, b = y & 255u;
        const uint32_t c0 = (x & 1u) ? b : a, c1 = (x & 1u) ? a : b;
        return (ch == 0 ? c0 : ch == 1 ? c1 : ch == 2 ? c0 ^ 0x80u : c1 ^ 0x80u) & mask;
    }
    if (!strcmp(k, "fspecial")) {
        static const uint32_t fs[32] = {
            0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu,
            0x00800000u, 0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u,
            0xff800000u, 0x7f800001u, 0xff800001u, 0x7fbfffffu, 0x7fc00000u, 0xffc00000u,
            0x7fc00001u, 0x7fffffffu, 0xffffffffu, 0x7fa5a5a5u, 0x3f000000u, 0x00400000u,
            0x80400000u, 0x34000000u, 0x42f60000u, 0xc2f60000u, 0x1e3ce508u, 0x9e3ce508u,
            0x7f000000u, 0x00000010u};
        return fs[(x + 5u * y + 11u * (uint32_t)ch) & 31u];
    }
    if (!strcmp(k, "gatherid")) {
        const int32_t v = ch == 0   ? (int32_t)x
                          : ch == 1 ? (int32_t)y
                          : ch == 2 ? (int32_t)(x + 16 * y)
                                    : -(int32_t)(x + 16 * y) - 1;
        return tgx_f2bits((float)v);
    }
    /* GL depth textures: h = H(91, x, y, 0, 0, 0) */
    const uint32_t h = hw_H(91, x, y, 0, 0, 0);
    if (ch != 0)
        return 0;
    if (!strcmp(k, "gldepth32f"))
        return tgx_f2bits((float)((double)(h >> 8) / 16777216.0));
    if (!strcmp(k, "gldepth24"))
        return h >> 8;
    return h >> 16; /* gldepth16 */
}

/* bchash: 32-bit word j of block (bx, by) = H(seed, bx, by, 0, 0, j). */
static void hw_fill_blocks(tgx_tex *tex, const hw_content *c)
{
    const tgx_tex_format_info *fi = tgx_tex_get_format(tex);
    const uint32_t nwords = fi->bytes / 4;
    uint32_t w, h, s;
    size_t row, slice;
    tgx_tex_level_size(tex, 0, &w, &h, &s);
    uint8_t *mem = tgx_tex_level_data(tex, 0, &row, &slice);
    for (uint32_t by = 0; by < (h + 3) / 4; by++)
        for (uint32_t bx = 0; bx < (w + 3) / 4; bx++)
            for (uint32_t j = 0; j < nwords; j++) {
                const uint32_t v = hw_H(c->seed, bx, by, 0, 0, j);
                uint8_t *p = mem + by * row + (size_t)bx * fi->bytes + 4 * j;
                for (int b = 0; b < 4; b++)
                    p[b] = (uint8_t)(v >> (8 * b));
            }
}

static void hw_fill(tgx_tex *tex, const hw_content *c)
{
    if (!strcmp(c->kind, "bchash")) {
        hw_fill_blocks(tex, c);
        return;
    }
    const uint32_t levels = tgx_tex_get_desc(tex)->levels;
    for (uint32_t L = 0; L < levels; L++) {
        uint32_t w, h, s;
        tgx_tex_level_size(tex, L, &w, &h, &s);
        for (uint32_t z = 0; z < s; z++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    uint32_t bits[4] = {0, 0, 0, 0};
                    for (int ch = 0; ch < c->nch && ch < 4; ch++)
                        bits[ch] = hw_texel_raw(c, x, y, z, L, ch);
                    tgx_tex_store_texel_bits(tex, L, x, y, z, 0, bits);
                }
    }
}

/* ---- one probe mapped onto tgx ----------------------------------------------------------------
 */

typedef struct hw_block {
    hw_op op;
    tgx_sampler samp;
    uint32_t n;      /* queries */
    uint32_t *q;     /* n * HW_NCOL words */
    uint32_t *exp;   /* n * 4 expected words (only the compared ones matter) */
    unsigned comps;  /* bit k: result word k is compared */
    const char *tag; /* "" or a note printed with mismatches */
} hw_block;

typedef struct hw_job {
    tgx_tex_desc desc;
    hw_content content;
    uint32_t view_base;
    int32_t view_max; /* -1: the texture's last level */
    char swizzle[5];
    hw_block blocks[3];
    int nblocks;
    char why[256]; /* set when the probe cannot run */
} hw_job;

static void hw_job_free(hw_job *j)
{
    for (int i = 0; i < j->nblocks; i++) {
        free(j->blocks[i].q);
        free(j->blocks[i].exp);
    }
    j->nblocks = 0;
}

static bool hw_notrun(hw_job *j, const char *fmt, const char *arg)
{
    snprintf(j->why, sizeof j->why, fmt, arg);
    return false;
}

static hw_block *hw_block_new(hw_job *j, hw_op op, uint32_t n, unsigned comps)
{
    hw_block *b = &j->blocks[j->nblocks++];
    memset(b, 0, sizeof *b);
    b->op = op;
    b->n = n;
    b->comps = comps;
    b->tag = "";
    b->q = calloc((size_t)n * HW_NCOL + 1, 4);
    b->exp = calloc((size_t)n * 4 + 1, 4);
    for (uint32_t i = 0; b->q && i < n; i++)
        b->q[(size_t)i * HW_NCOL + HC_REF] = HW_NOREF;
    return b;
}

/* CUDA storage formats: <kind><bits>x<channels>. */
static bool hw_cuda_storage(const char *fmt, hw_content *c)
{
    char kind;
    int bits, nch;
    if (sscanf(fmt, "%c%dx%d", &kind, &bits, &nch) != 3 || !strchr("usf", kind) ||
        (nch != 1 && nch != 2 && nch != 4) || (bits != 8 && bits != 16 && bits != 32) ||
        (kind == 'f' && bits == 8))
        return false;
    c->type = kind;
    c->bits = bits;
    c->nch = nch;
    return true;
}

/* The tgx format a CUDA texture is read as: normalised float reads (and float storage) use the
 * UNORM/SNORM/FLOAT formats, element-type reads of integer storage the integer formats. */
static void hw_cuda_format_name(const hw_content *c, bool element_type, char *out, size_t size)
{
    static const char *const prefix[] = {"r", "rg", "", "rgba"};
    const char *pre = prefix[c->nch - 1];
    if (c->type == 'f')
        snprintf(out, size, "%s%df", pre, c->bits);
    else if (element_type)
        snprintf(out, size, "%s%d%s", pre, c->bits, c->type == 'u' ? "ui" : "i");
    else
        snprintf(out, size, "%s%d%s", pre, c->bits, c->type == 'u' ? "" : "_snorm");
}

/* Block-compressed CUDA formats: the tgx formats without and with sRGB decode (the sampler's
 * srgb flag decides, as in CUDA) and the channels CUDA returns (missing ones read 0). */
static const struct {
    const char *cuda, *unorm, *srgb, *swizzle;
} hw_bc_formats[] = {
    {"bc1", "bc1_rgba", "bc1_rgba_srgb", "rgba"}, {"bc1_srgb", "bc1_rgba", "bc1_rgba_srgb", "rgba"},
    {"bc2", "bc2", "bc2_srgb", "rgba"},           {"bc2_srgb", "bc2", "bc2_srgb", "rgba"},
    {"bc3", "bc3", "bc3_srgb", "rgba"},           {"bc3_srgb", "bc3", "bc3_srgb", "rgba"},
    {"bc4_unorm", "bc4_unorm", NULL, "r000"},     {"bc4_snorm", "bc4_snorm", NULL, "r000"},
    {"bc5_unorm", "bc5_unorm", NULL, "rg00"},     {"bc5_snorm", "bc5_snorm", NULL, "rg00"},
    {"bc6h_ufloat", "bc6h_ufloat", NULL, "rgb0"}, {"bc6h_sfloat", "bc6h_sfloat", NULL, "rgb0"},
    {"bc7", "bc7", "bc7_srgb", "rgba"},           {"bc7_srgb", "bc7", "bc7_srgb", "rgba"},
};

static bool hw_set_format(hw_job *j, const char *name)
{
    if (tgx_tex_format_from_name(name, &j->desc.format) < 0)
        return hw_notrun(j, "format %s is not a tgx format", name);
    return true;
}

/* The texture of a CUDA probe. as2d: a CUDA 1D texture read by tex1D* (the compiled code is a
 * 2D TEX at t = 0, so the texture is a 2D one of height 1). */
static bool hw_cuda_texture(hw_job *j, const tgx_json *t, const tgx_json *s, bool as2d)
{
    static const struct {
        const char *cuda, *tgx;
    } targets[] = {
        {"1D", "1d"},
        {"2D", "2d"},
        {"3D", "3d"},
        {"CUBE", "cube"},
        {"CUBE_ARRAY", "cube_array"},
        {"2D_ARRAY", "2d_array"},
        {"1D_ARRAY", "1d_array"},
        {"BUFFER(linear memory)", "buffer"},
        {"2D(block-compressed)", "2d"},
    };
    const char *type = hw_str(t, "type", ""), *fmt = hw_str(t, "format", "");
    const bool srgb = hw_bool(s, "srgb");
    const char *tgt = NULL;
    for (size_t i = 0; i < sizeof targets / sizeof targets[0]; i++)
        if (!strcmp(type, targets[i].cuda))
            tgt = as2d ? "2d" : targets[i].tgx;
    if (!tgt)
        return hw_notrun(j, "texture type %s", type);
    tgx_tex_target_from_name(tgt, &j->desc.target);
    hw_content *c = &j->content;
    snprintf(c->kind, sizeof c->kind, "%s", hw_str(t, "content", ""));
    c->seed = hw_u32(t, "seed", 0);
    char name[32];
    const char *swz = NULL;
    for (size_t i = 0; i < sizeof hw_bc_formats / sizeof hw_bc_formats[0]; i++) {
        if (strcmp(fmt, hw_bc_formats[i].cuda))
            continue;
        if (srgb && !hw_bc_formats[i].srgb)
            return hw_notrun(j, "sRGB on %s", fmt);
        snprintf(name, sizeof name, "%s", srgb ? hw_bc_formats[i].srgb : hw_bc_formats[i].unorm);
        swz = hw_bc_formats[i].swizzle;
    }
    if (!swz) {
        if (!hw_cuda_storage(fmt, c))
            return hw_notrun(j, "format %s", fmt);
        hw_cuda_format_name(c, !strncmp(hw_str(s, "read_mode", ""), "element_type", 12), name,
                            sizeof name);
        if (srgb) {
            if (c->type != 'u' || c->bits != 8 || c->nch == 2)
                return hw_notrun(j, "sRGB on %s", fmt);
            /* u8x1 sRGB: r, 0, 0, 0 of an SRGB8_A8 texel (CUDA returns 0 for g, b, a) */
            snprintf(name, sizeof name, "srgb8_a8");
        }
        swz = c->nch == 1 ? "r000" : c->nch == 2 ? "rg00" : "rgba";
    }
    if (!hw_set_format(j, name))
        return false;
    snprintf(j->swizzle, sizeof j->swizzle, "%s", swz);
    j->desc.width = hw_u32(t, "width", 1);
    j->desc.height = hw_u32(t, "height", 1);
    j->desc.depth = hw_u32(t, "depth_or_layers", 1);
    j->desc.levels = hw_u32(t, "levels", 1);
    j->desc.samples = 1;
    const tgx_tex_target tt = j->desc.target;
    if (tt == TGX_TEX_1D || tt == TGX_TEX_1D_ARRAY || tt == TGX_TEX_BUFFER)
        j->desc.height = 1;
    if (tt == TGX_TEX_1D || tt == TGX_TEX_2D || tt == TGX_TEX_BUFFER)
        j->desc.depth = 1;
    if (tt == TGX_TEX_CUBE)
        j->desc.depth = 6;
    j->view_base = hw_u32(s, "resource_view_first_mip_level", 0);
    j->view_max = -1;
    return true;
}

static tgx_tex_wrap hw_wrap(const char *name)
{
    if (!strcmp(name, "clamp") || !strcmp(name, "clamp_to_edge"))
        return TGX_TEX_WRAP_CLAMP_TO_EDGE;
    if (!strcmp(name, "border"))
        return TGX_TEX_WRAP_CLAMP_TO_BORDER;
    if (!strcmp(name, "mirror"))
        return TGX_TEX_WRAP_MIRROR_REPEAT;
    return TGX_TEX_WRAP_REPEAT; /* wrap, repeat */
}

static tgx_tex_filter hw_filter(const char *name)
{
    return strncmp(name, "linear", 6) ? TGX_TEX_FILTER_NEAREST : TGX_TEX_FILTER_LINEAR;
}

static void hw_cuda_sampler(tgx_sampler *s, const tgx_json *js, const tgx_json *t,
                            tgx_tex_profile prof)
{
    tgx_sampler_init(s);
    const tgx_json *a = tgx_json_get(js, "address");
    tgx_tex_wrap *w[3] = {&s->wrap_s, &s->wrap_t, &s->wrap_r};
    for (size_t i = 0; i < 3; i++) {
        const tgx_json *m = tgx_json_at(a, i);
        *w[i] = hw_wrap(m && m->kind == TGX_JSON_STRING ? m->text : "wrap");
    }
    s->min_filter = s->mag_filter = hw_filter(hw_str(js, "filter", "point"));
    const bool mipped = hw_bool(t, "mipmapped_array") || hw_u32(t, "levels", 1) > 1;
    const char *mf = hw_str(js, "mip_filter", NULL); /* null: none */
    s->mip_filter = !mipped || !mf
                        ? TGX_TEX_MIP_NONE
                        : (!strcmp(mf, "point") ? TGX_TEX_MIP_NEAREST : TGX_TEX_MIP_LINEAR);
    const double aniso = hw_num(js, "max_anisotropy", 0);
    s->max_anisotropy = aniso > 1 ? (uint32_t)aniso : 1;
    s->lod_bias = (float)hw_num(js, "mip_lod_bias", 0);
    s->min_lod = (float)hw_num(js, "min_lod_clamp", 0);
    s->max_lod = (float)hw_num(js, "max_lod_clamp", 0);
    s->compare_enable = false;
    const tgx_json *bc = tgx_json_get(js, "border_color");
    for (size_t i = 0; i < 4; i++) {
        const tgx_json *v = tgx_json_at(bc, i);
        s->border_color[i] = v && v->kind == TGX_JSON_NUMBER ? (float)v->number : 0.0f;
        s->border_color_int[i] = tgx_f2bits(s->border_color[i]);
    }
    s->normalized_coords = hw_bool(js, "normalized_coords");
    s->seamless_cube = hw_bool(js, "seamless_cubemap");
    s->profile = prof;
}

static void hw_gl_sampler(tgx_sampler *s, const tgx_json *js, uint32_t levels, tgx_tex_profile prof)
{
    static const char *const cmp[] = {"never",   "less",     "equal",  "lequal",
                                      "greater", "notequal", "gequal", "always"};
    tgx_sampler_init(s);
    const char *minf = hw_str(js, "min_filter", hw_str(js, "filter", "nearest"));
    const char *magf = hw_str(js, "mag_filter", hw_str(js, "filter", "nearest"));
    s->min_filter = hw_filter(minf);
    s->mag_filter = hw_filter(magf);
    const char *mm = strstr(minf, "_mipmap_");
    s->mip_filter = !mm || levels == 1
                        ? TGX_TEX_MIP_NONE
                        : (!strcmp(mm + 8, "nearest") ? TGX_TEX_MIP_NEAREST : TGX_TEX_MIP_LINEAR);
    s->wrap_s = s->wrap_t = hw_wrap(hw_str(js, "wrap", "repeat"));
    s->wrap_r = TGX_TEX_WRAP_REPEAT;
    s->compare_enable = !strcmp(hw_str(js, "compare_mode", ""), "ref_to_texture");
    s->compare_func = TGX_TEX_COMPARE_LEQUAL;
    const char *cf = hw_str(js, "compare_func", "lequal");
    for (int i = 0; i < 8; i++)
        if (!strcmp(cf, cmp[i]))
            s->compare_func = (tgx_tex_compare)i;
    const double aniso = hw_num(js, "max_anisotropy", 1);
    s->max_anisotropy = aniso > 1 ? (uint32_t)aniso : 1;
    s->lod_bias = (float)hw_num(js, "lod_bias", 0);
    s->min_lod = (float)hw_num(js, "min_lod", -1000);
    s->max_lod = (float)hw_num(js, "max_lod", 1000);
    for (int i = 0; i < 4; i++) {
        s->border_color[i] = 0.0f;
        s->border_color_int[i] = 0;
    }
    s->normalized_coords = true;
    s->seamless_cube = true;
    s->profile = prof;
}

/* ---- sweeps ------------------------------------------------------------------------------------
 */

/* Floats in IEEE order (-0 before +0) as integers, and back. */
static int64_t hw_bits2ord(uint32_t b)
{
    return (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) - 1 : (int64_t)b;
}

static uint32_t hw_ord2bits(int64_t k)
{
    return k >= 0 ? (uint32_t)k : 0x80000000u | (uint32_t)(-(k + 1));
}

/* How densely a sweep is checked between its transitions. */
typedef struct hw_density {
    uint32_t edge;     /* points checked on each side of a transition */
    uint32_t ordinal;  /* points evenly spaced in IEEE order inside each record */
    uint32_t value;    /* points evenly spaced in value inside each record */
    uint32_t all_upto; /* records of at most this many floats are checked at every float */
} hw_density;

static int hw_cmp_i64(const void *a, const void *b)
{
    const int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The points of record [k, end) to check, sorted, no duplicates; returns how many (at most cap). */
static uint32_t hw_record_points(int64_t k, int64_t end, const hw_density *dn, int64_t *pts,
                                 uint32_t cap)
{
    uint32_t n = 0;
    const int64_t len = end - k;
    if (len <= (int64_t)dn->all_upto) {
        for (int64_t p = k; p < end && n < cap; p++)
            pts[n++] = p;
        return n;
    }
    for (uint32_t e = 0; e < dn->edge && n + 2 <= cap; e++) {
        pts[n++] = k + e;       /* first floats of the record (after its transition) */
        pts[n++] = end - 1 - e; /* last floats before the next transition */
    }
    for (uint32_t i = 1; i <= dn->ordinal && n < cap; i++)
        pts[n++] = k + (int64_t)((double)len * i / (dn->ordinal + 1));
    /* a record over many binades has most of its floats near its smallest magnitude: also
     * sample it evenly in value */
    const double a = tgx_bits2f(hw_ord2bits(k)), b = tgx_bits2f(hw_ord2bits(end - 1));
    for (uint32_t i = 1; i <= dn->value && n < cap && isfinite(a) && isfinite(b); i++) {
        const double v = a + (b - a) * i / (dn->value + 1);
        if (fabs(v) < 3.4e38)
            pts[n++] = hw_bits2ord(tgx_f2bits((float)v));
    }
    qsort(pts, n, sizeof *pts, hw_cmp_i64);
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++)
        if (pts[i] >= k && pts[i] < end && (m == 0 || pts[i] != pts[m - 1]))
            pts[m++] = pts[i];
    return m;
}

/* ---- preparing a probe -------------------------------------------------------------------- */

/* Columns of a kind's argument list ("s t lod"); false if a name is unknown. */
static int hw_parse_cols(const char *list, int cols[16])
{
    int n = 0;
    char buf[128];
    snprintf(buf, sizeof buf, "%s", list);
    for (char *tok = strtok(buf, " "); tok && n < 16; tok = strtok(NULL, " ")) {
        int col = -1;
        for (size_t i = 0; i < sizeof hw_col_names / sizeof hw_col_names[0]; i++)
            if (!strcmp(tok, hw_col_names[i].name))
                col = hw_col_names[i].col;
        if (col < 0)
            return -1;
        cols[n++] = col;
    }
    return n;
}

/* One CUDA query: argument words into their columns (integer layers saturated to 0xffff the way
 * the compiler's ISETP.GT.U32 + SEL does it, then passed as a float layer). */
static void hw_cuda_query(uint32_t *q, const int *cols, int ncols, const uint32_t *words)
{
    for (int i = 0; i < ncols; i++) {
        if (cols[i] == HC_LAYER_SAT)
            q[HC_LAYER] = tgx_f2bits((float)(words[i] <= 0xffffu ? words[i] : 0xffffu));
        else
            q[cols[i]] = words[i];
    }
}

static bool hw_starts(const char *s, const char *prefix)
{
    return !strncmp(s, prefix, strlen(prefix));
}

/* Coordinates given as a formula instead of a file (regular grids of the A probes). */
static uint32_t *hw_formula_coords(const char *f, uint32_t n, int *nargs)
{
    uint32_t *w = NULL, m = 0;
    if (hw_starts(f, "x = 0.5f + kx/256.0f, y = 0.5f + ky/256.0f, z")) {
        *nargs = 3;
        w = malloc((size_t)33 * 33 * 33 * 3 * 4);
        for (uint32_t kz = 0; w && kz <= 256; kz += 8)
            for (uint32_t ky = 0; ky <= 256; ky += 8)
                for (uint32_t kx = 0; kx <= 256; kx += 8, m++) {
                    w[3 * m] = tgx_f2bits(0.5f + (float)kx / 256.0f);
                    w[3 * m + 1] = tgx_f2bits(0.5f + (float)ky / 256.0f);
                    w[3 * m + 2] = tgx_f2bits(0.5f + (float)kz / 256.0f);
                }
    } else if (hw_starts(f, "x = 0.5f + kx/256.0f, y = 0.5f + ky/256.0f")) {
        const uint32_t step = strstr(f, "0,2,..,256") ? 2 : 1;
        *nargs = 2;
        w = malloc((size_t)257 * 257 * 2 * 4);
        for (uint32_t ky = 0; w && ky <= 256; ky += step)
            for (uint32_t kx = 0; kx <= 256; kx += step, m++) {
                w[2 * m] = tgx_f2bits(0.5f + (float)kx / 256.0f);
                w[2 * m + 1] = tgx_f2bits(0.5f + (float)ky / 256.0f);
            }
    } else if (hw_starts(f, "x = i + 0.5f + k/256.0f")) {
        const uint32_t step = strstr(f, "0,5,..,255") ? 5 : 1;
        *nargs = 1;
        w = malloc((size_t)255 * 256 * 4);
        for (uint32_t i = 0; w && i < 255; i++)
            for (uint32_t k = 0; k < 256; k += step)
                w[m++] = tgx_f2bits((float)i + 0.5f + (float)k / 256.0f);
    } else if (hw_starts(f, "x = i + 0.5f for i = 0..N-1")) {
        *nargs = 1;
        w = malloc((size_t)n * 4 + 4);
        for (uint32_t i = 0; w && i < n; i++, m++)
            w[i] = tgx_f2bits((float)i + 0.5f);
    }
    if (w && m != n) { /* the formula and the probe's count disagree */
        free(w);
        w = NULL;
    }
    return w;
}

/* A sweep: the checked points of every transition record, each query with the record's value. */
static bool hw_prepare_sweep(hw_capture *hc, const tgx_json *p, hw_block *b, const int *cols,
                             int ncols, const hw_density *dn, hw_job *j)
{
    const tgx_json *sw = tgx_json_get(p, "sweep"), *res = tgx_json_get(p, "result");
    const uint32_t nrec = hw_shape_dim(res, 0);
    uint32_t *rec = hw_words(hc, res, (size_t)nrec * 5);
    const tgx_json *fixed = tgx_json_get(sw, "fixed_args_bits"),
                   *slots = tgx_json_get(sw, "param_slots");
    uint32_t hi_bits, fixed_words[16];
    bool ok = rec && fixed && slots && fixed->count <= 16 &&
              tgx_json_u32(tgx_json_get(sw, "hi_bits"), &hi_bits);
    for (size_t a = 0; ok && a < fixed->count; a++)
        ok = tgx_json_u32(&fixed->items[a], &fixed_words[a]);
    if (!ok) {
        free(rec);
        return hw_notrun(j, "%s", "malformed sweep");
    }
    const uint32_t cap = 2 * dn->edge + dn->ordinal + dn->value + dn->all_upto + 4;
    int64_t *pts = malloc(cap * sizeof *pts);
    uint32_t total = 0, have = 0;
    for (int pass = 0; pass < 2 && pts; pass++) {
        for (uint32_t r = 0; r < nrec; r++) {
            const int64_t k = hw_bits2ord(rec[5 * r]);
            const int64_t end = r + 1 < nrec ? hw_bits2ord(rec[5 * (r + 1)]) : hw_bits2ord(hi_bits);
            const uint32_t np = hw_record_points(k, end, dn, pts, cap);
            if (pass == 0) {
                total += np;
                continue;
            }
            for (uint32_t i = 0; i < np; i++, have++) {
                uint32_t words[16];
                memcpy(words, fixed_words, sizeof words);
                const uint32_t pb = hw_ord2bits(pts[i]);
                for (size_t sl = 0; sl < slots->count; sl++) {
                    const uint32_t arg = hw_u32(&slots->items[sl], "arg", 0);
                    const double mul = hw_num(&slots->items[sl], "mul", 1);
                    if (arg < 16)
                        words[arg] =
                            mul == 1.0 ? pb : tgx_f2bits((float)((double)tgx_bits2f(pb) * mul));
                }
                hw_cuda_query(b->q + (size_t)have * HW_NCOL, cols, ncols, words);
                memcpy(b->exp + (size_t)have * 4, rec + 5 * r + 1, 16);
            }
        }
        if (pass == 0) {
            free(b->q);
            free(b->exp);
            b->n = total;
            b->q = calloc((size_t)total * HW_NCOL + 1, 4);
            b->exp = calloc((size_t)total * 4 + 1, 4);
            if (!b->q || !b->exp)
                break;
            for (uint32_t i = 0; i < total; i++)
                b->q[(size_t)i * HW_NCOL + HC_REF] = HW_NOREF;
        }
    }
    free(pts);
    free(rec);
    if (!b->q || !b->exp || have != total)
        return hw_notrun(j, "%s", "out of memory");
    return true;
}

/* A list: every stored query (coordinates from the file or from the formula). */
static bool hw_prepare_list(hw_capture *hc, const tgx_json *p, hw_block *b, const int *cols,
                            int ncols, hw_job *j)
{
    const tgx_json *res = tgx_json_get(p, "result"), *c = tgx_json_get(p, "coords");
    const uint32_t n = hw_u32(p, "count", 0), keep = hw_shape_dim(res, 1);
    if (!n || keep == 0 || keep > 4 || hw_shape_dim(res, 0) != n)
        return hw_notrun(j, "%s", "malformed result array");
    uint32_t *r = hw_words(hc, res, (size_t)n * keep), *a = NULL;
    int na = 0;
    if (tgx_json_get(c, "file")) {
        na = (int)hw_shape_dim(c, 1);
        a = na > 0 && na <= 16 ? hw_words(hc, c, (size_t)n * (uint32_t)na) : NULL;
    } else {
        a = hw_formula_coords(hw_str(c, "formula", ""), n, &na);
    }
    if (!r || !a || na > ncols) {
        free(r);
        free(a);
        return hw_notrun(j, "%s", "coordinates or results unreadable");
    }
    b->comps = (1u << keep) - 1u;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t words[16] = {0};
        memcpy(words, a + (size_t)i * (uint32_t)na, (size_t)na * 4);
        hw_cuda_query(b->q + (size_t)i * HW_NCOL, cols, na, words);
        memcpy(b->exp + (size_t)i * 4, r + (size_t)i * keep, keep * 4);
    }
    free(r);
    free(a);
    return true;
}

static bool hw_prepare_cuda(hw_capture *hc, const tgx_json *p, const tgx_json *t, hw_job *j,
                            const hw_density *dn, tgx_tex_profile prof, bool native_1d)
{
    const char *kind = hw_str(tgx_json_get(p, "query"), "kind", "");
    if (!strcmp(kind, "tex2d_dref"))
        return hw_notrun(j, "%s",
                         "PTX depth-compare operand without compare state returns junk on "
                         "hardware (I08)");
    int k = -1;
    for (size_t i = 0; i < sizeof hw_kinds / sizeof hw_kinds[0]; i++)
        if (!strcmp(kind, hw_kinds[i].kind))
            k = (int)i;
    if (k < 0)
        return hw_notrun(j, "query kind %s", kind);
    const tgx_json *s = tgx_json_get(p, "sampler");
    /* tex1D/tex1DLod/tex1DGrad compile to a 2D TEX/TXD at (x, 0) */
    const bool as2d =
        !native_1d && !strcmp(hw_str(t, "type", ""), "1D") &&
        (!strcmp(kind, "tex1D") || !strcmp(kind, "tex1DLod") || !strcmp(kind, "tex1DGrad"));
    if (!hw_cuda_texture(j, t, s, as2d))
        return false;
    int cols[16];
    const int ncols = hw_parse_cols(hw_kinds[k].cols, cols);
    const bool sweep = tgx_json_get(p, "sweep") != NULL;
    hw_block *b = hw_block_new(j, hw_kinds[k].op, sweep ? 0 : hw_u32(p, "count", 0), 0xfu);
    hw_cuda_sampler(&b->samp, s, t, prof);
    if (ncols < 0)
        return hw_notrun(j, "query kind %s", kind);
    if (!b->q || !b->exp)
        return hw_notrun(j, "%s", "out of memory");
    if (sweep)
        return hw_prepare_sweep(hc, p, b, cols, ncols, dn, j);
    return hw_prepare_list(hc, p, b, cols, ncols, j);
}

/* The texture of a GL probe: the probe's textures are RGBA32F/RGBA8 colour and depth ones. */
static bool hw_gl_texture(hw_job *j, const tgx_json *t, uint32_t view_base, int32_t view_max)
{
    static const struct {
        const char *id_prefix, *format, *content;
        int nch, bits;
        char type;
    } depth[] = {
        {"gl_depth32f", "depth32f", "gldepth32f", 1, 32, 'f'},
        {"gl_depth24", "depth24_stencil8", "gldepth24", 2, 32, 'u'},
        {"gl_depth16", "depth16", "gldepth16", 1, 16, 'u'},
    };
    const char *id = hw_str(t, "id", ""), *fmt = hw_str(t, "format", "");
    const uint32_t lv = hw_u32(t, "levels", 1);
    hw_content *c = &j->content;
    const char *format = NULL;
    j->desc.target = TGX_TEX_2D;
    j->desc.width = hw_u32(t, "width", 1);
    j->desc.height = hw_u32(t, "height", 1);
    j->desc.depth = 1;
    j->desc.levels = lv;
    j->desc.samples = 1;
    for (size_t i = 0; i < sizeof depth / sizeof depth[0]; i++) {
        if (strncmp(id, depth[i].id_prefix, strlen(depth[i].id_prefix)))
            continue;
        format = depth[i].format;
        snprintf(c->kind, sizeof c->kind, "%s", depth[i].content);
        c->nch = depth[i].nch;
        c->bits = depth[i].bits;
        c->type = depth[i].type;
        j->desc.levels = 1;
    }
    if (!format && !strcmp(fmt, "GL_RGBA32F")) {
        format = "rgba32f";
        snprintf(c->kind, sizeof c->kind, "coord");
        c->nch = 4, c->bits = 32, c->type = 'f';
        if (!strcmp(hw_str(t, "type", ""), "2D_ARRAY")) {
            j->desc.target = TGX_TEX_2D_ARRAY;
            j->desc.depth = hw_u32(t, "depth_or_layers", 1);
        }
    } else if (!format && !strcmp(fmt, "GL_RGBA8")) {
        format = "rgba8";
        snprintf(c->kind, sizeof c->kind, "hash");
        c->seed = hw_u32(t, "seed", 0);
        c->nch = 4, c->bits = 8, c->type = 'u';
        if (!strcmp(hw_str(t, "type", ""), "1D")) /* round two: texelFetch(sampler1D) */
            j->desc.target = TGX_TEX_1D, j->desc.height = 1;
    }
    if (!format)
        return hw_notrun(j, "GL texture %s", id);
    if (!hw_set_format(j, format))
        return false;
    j->view_base = view_base;
    j->view_max = view_max >= 0 ? (view_max < (int32_t)lv - 1 ? view_max : (int32_t)lv - 1) : -1;
    snprintf(j->swizzle, sizeof j->swizzle, "rgba");
    return true;
}

/* gl_frag_quads: 2x2 pixel quads; per pixel the LOD query, the uv the shader computed, the
 * implicit-LOD texture() result (r, g, a) and the biased one (a). */
static bool hw_prepare_gl_frag(hw_capture *hc, const tgx_json *p, const tgx_json *t, hw_job *j,
                               tgx_tex_profile prof)
{
    const tgx_json *s = tgx_json_get(p, "sampler"), *q = tgx_json_get(p, "query");
    const tgx_json *res = tgx_json_get(p, "result");
    if (!hw_gl_texture(j, t, hw_u32(s, "base_level", 0), (int32_t)hw_num(s, "max_level", 1000)))
        return false;
    const uint32_t fh = hw_shape_dim(res, 0), fw = hw_shape_dim(res, 1);
    const uint32_t nq = hw_shape_dim(tgx_json_get(p, "coords"), 0);
    const uint32_t qpr = hw_u32(q, "quads_per_row", 0);
    const uint32_t sbias = tgx_f2bits((float)hw_num(q, "sbias", 0));
    uint32_t *raw = hw_words(hc, res, (size_t)fh * fw * 8);
    if (!raw || !qpr || hw_shape_dim(res, 2) != 8) {
        free(raw);
        return hw_notrun(j, "%s", "malformed fragment probe");
    }
    static const hw_op ops[3] = {HW_OP_LODQ, HW_OP_IMPLICIT, HW_OP_BIAS};
    static const unsigned comps[3] = {0x3u, 0xbu, 0x8u};
    for (int bi = 0; bi < 3; bi++) {
        hw_block *b = hw_block_new(j, ops[bi], 4 * nq, comps[bi]);
        hw_gl_sampler(&b->samp, s, hw_u32(t, "levels", 1), prof);
        for (uint32_t qi = 0; b->q && b->exp && qi < nq; qi++)
            for (uint32_t l = 0; l < 4; l++) {
                const uint32_t px = 2 * (qi % qpr) + (l & 1), py = 2 * (qi / qpr) + (l >> 1);
                const uint32_t *r = raw + ((size_t)py * fw + px) * 8;
                uint32_t *qq = b->q + ((size_t)4 * qi + l) * HW_NCOL;
                uint32_t *e = b->exp + ((size_t)4 * qi + l) * 4;
                if (py >= fh || px >= fw)
                    continue;
                qq[HC_S] = r[2];
                qq[HC_T] = r[3];
                qq[HC_LOD] = sbias;
                const uint32_t want[3][4] = {
                    {r[0], r[1], 0, 0}, {r[4], r[5], 0, r[6]}, {0, 0, 0, r[7]}};
                memcpy(e, want[bi], 16);
            }
    }
    free(raw);
    return true;
}

/* gl_compute: one query per invocation (LOD 0 outside fragment shaders). */
static bool hw_prepare_gl_compute(hw_capture *hc, const tgx_json *p, const tgx_json *t, hw_job *j,
                                  tgx_tex_profile prof)
{
    const tgx_json *s = tgx_json_get(p, "sampler");
    const char *shader = hw_str(tgx_json_get(p, "query"), "shader", "");
    const uint32_t n = hw_u32(p, "count", 0), lv = hw_u32(t, "levels", 1);
    hw_op op[2];
    unsigned comps[2];
    int nb = 1, cols[4];
    bool ok;
    if (strstr(shader, "sampler2DShadow")) { /* textureLod(..., 0) and textureGather */
        ok = hw_gl_texture(j, t, 0, -1);
        op[0] = HW_OP_EXPLICIT, op[1] = HW_OP_GATHER, comps[0] = 0x1u, comps[1] = 0xfu, nb = 2;
        cols[0] = HC_S, cols[1] = HC_T, cols[2] = HC_REF, cols[3] = -1;
    } else if (strstr(shader, "texelFetch(sampler2D,")) {
        ok = hw_gl_texture(j, t, hw_u32(s, "base_level", 0), (int32_t)hw_num(s, "max_level", 1000));
        op[0] = HW_OP_FETCH, comps[0] = 0xfu;
        cols[0] = HC_IX, cols[1] = HC_IY, cols[2] = HC_LEVEL, cols[3] = -1;
    } else if (strstr(shader, "texelFetch(sampler1D,")) { /* round two */
        ok = hw_gl_texture(j, t, hw_u32(s, "base_level", 0), (int32_t)hw_num(s, "max_level", 1000));
        op[0] = HW_OP_FETCH, comps[0] = 0xfu;
        cols[0] = HC_IX, cols[1] = HC_LEVEL, cols[2] = cols[3] = -1;
    } else if (strstr(shader, "texelFetch(sampler2DArray")) {
        ok = hw_gl_texture(j, t, 0, -1);
        op[0] = HW_OP_FETCH, comps[0] = 0xfu;
        cols[0] = HC_IX, cols[1] = HC_IY, cols[2] = HC_IZ, cols[3] = HC_LEVEL;
    } else if (strstr(shader, "textureLod(sa")) { /* textureLod and texture(), both LOD 0 */
        ok = hw_gl_texture(j, t, 0, -1);
        op[0] = op[1] = HW_OP_EXPLICIT, comps[0] = comps[1] = 0xfu, nb = 2;
        cols[0] = HC_S, cols[1] = HC_T, cols[2] = HC_LAYER, cols[3] = -1;
    } else {
        return hw_notrun(j, "GL shader %.40s", shader);
    }
    if (!ok)
        return false;
    uint32_t *a = hw_words(hc, tgx_json_get(p, "coords"), (size_t)n * 4);
    uint32_t *r = hw_words(hc, tgx_json_get(p, "result"), (size_t)n * 8);
    for (int bi = 0; a && r && bi < nb; bi++) {
        hw_block *b = hw_block_new(j, op[bi], n, comps[bi]);
        hw_gl_sampler(&b->samp, s, lv, prof);
        for (uint32_t i = 0; b->q && b->exp && i < n; i++) {
            for (int c = 0; c < 4; c++)
                if (cols[c] >= 0)
                    b->q[(size_t)i * HW_NCOL + cols[c]] = a[4 * i + c];
            memcpy(b->exp + (size_t)i * 4, r + (size_t)i * 8 + 4 * bi, 16);
        }
    }
    free(a);
    free(r);
    if (j->nblocks != nb)
        return hw_notrun(j, "%s", "coordinates or results unreadable");
    return true;
}

/* Maps a probe onto tgx: texture description + content, view, blocks of queries. */
static bool hw_prepare(hw_capture *hc, const tgx_json *p, hw_job *j, const hw_density *dn,
                       tgx_tex_profile prof, bool native_1d)
{
    memset(j, 0, sizeof *j);
    const char *status = hw_str(p, "status", "");
    if (strcmp(status, "ok"))
        return hw_notrun(j, "not captured (%.60s)", status);
    const char *tid = hw_str(p, "texture", "");
    const tgx_json *texs = tgx_json_get(&hc->manifest, "textures"), *t = NULL;
    for (size_t i = 0; texs && i < texs->count; i++)
        if (!strcmp(hw_str(&texs->items[i], "id", ""), tid))
            t = &texs->items[i];
    if (!t)
        return hw_notrun(j, "texture %s not in the manifest", tid);
    const char *kind = hw_str(tgx_json_get(p, "query"), "kind", "");
    if (!strcmp(kind, "gl_frag_quads"))
        return hw_prepare_gl_frag(hc, p, t, j, prof);
    if (!strcmp(kind, "gl_compute"))
        return hw_prepare_gl_compute(hc, p, t, j, prof);
    return hw_prepare_cuda(hc, p, t, j, dn, prof, native_1d);
}

/* ---- running a probe ---------------------------------------------------------------------- */

enum { HW_CHUNK = 4096 }; /* queries per texture-unit call (a multiple of 4) */

static bool hw_given_quads(hw_op op)
{
    return op == HW_OP_IMPLICIT || op == HW_OP_BIAS || op == HW_OP_LODQ;
}

/* Queries [first, first + n) of a block through the texture unit; out: 4 words per query.
 * Ops with given quads take the queries as lanes; every other op runs each query as a quad of
 * four identical lanes (pack: one query per lane instead; explicit-LOD, gradient, gather and
 * fetch lanes do not depend on their quad). */
static tgx_status hw_run_chunk(const tgx_tex_view *view, const hw_block *b, uint32_t first,
                               uint32_t n, bool pack, bool has_ref, uint32_t *out, tgx_diag *d)
{
    const uint32_t rep = hw_given_quads(b->op) || pack ? 1u : 4u;
    const uint32_t lanes = (n * rep + 3u) & ~3u;
    float *col[HW_NCOL];
    uint32_t *res[4];
    bool ok = true;
    for (int k = 0; k < HW_NCOL; k++)
        ok &= (col[k] = malloc((size_t)lanes * 4)) != NULL;
    for (int k = 0; k < 4; k++)
        ok &= (res[k] = calloc(lanes, 4)) != NULL;
    tgx_status st = ok ? TGX_OK : tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    for (uint32_t l = 0; ok && l < lanes; l++) {
        uint32_t qi = l / rep < n ? l / rep : n - 1; /* padding lanes repeat the last query */
        for (int k = 0; k < HW_NCOL; k++)
            memcpy(&col[k][l], &b->q[(size_t)(first + qi) * HW_NCOL + k], 4);
    }
    tgx_tex_sample_req rq;
    memset(&rq, 0, sizeof rq);
    rq.lanes = lanes;
    rq.s = col[HC_S];
    rq.t = col[HC_T];
    rq.r = col[HC_R];
    rq.layer = col[HC_LAYER];
    rq.ref = has_ref ? col[HC_REF] : NULL;
    for (int k = 0; k < 3; k++) {
        rq.ddx[k] = col[HC_DX0 + k];
        rq.ddy[k] = col[HC_DY0 + k];
        rq.offset[k] = (const int32_t *)(const void *)col[HC_OX + k];
    }
    tgx_tex_result r = {{res[0], res[1], res[2], res[3]}};
    if (ok) {
        switch (b->op) {
        case HW_OP_EXPLICIT:
        case HW_OP_GRAD:
        case HW_OP_IMPLICIT:
        case HW_OP_BIAS: {
            static const tgx_tex_lod_mode modes[] = {TGX_TEX_LOD_EXPLICIT, TGX_TEX_LOD_GRAD,
                                                     TGX_TEX_LOD_IMPLICIT, TGX_TEX_LOD_BIAS};
            rq.lod_mode = modes[b->op];
            rq.lod = col[HC_LOD];
            st = tgx_tex_sample(view, &b->samp, &rq, r, d);
            break;
        }
        case HW_OP_GATHER: {
            /* the component is per request: one request per component, each lane keeps its own */
            uint32_t *g[4];
            for (int k = 0; k < 4; k++)
                ok &= (g[k] = calloc(lanes, 4)) != NULL;
            const uint32_t *comp = (const uint32_t *)(const void *)col[HC_COMP];
            rq.lod_mode = TGX_TEX_LOD_ZERO;
            for (uint32_t c = 0; ok && c < 4 && st >= 0; c++) {
                bool used = false;
                for (uint32_t l = 0; l < lanes; l++)
                    used |= comp[l] == c;
                if (!used)
                    continue;
                rq.component = c;
                st = tgx_tex_gather(view, &b->samp, &rq, (tgx_tex_result){{g[0], g[1], g[2], g[3]}},
                                    d);
                for (uint32_t l = 0; st >= 0 && l < lanes; l++)
                    for (int k = 0; comp[l] == c && k < 4; k++)
                        res[k][l] = g[k][l];
            }
            for (int k = 0; k < 4; k++)
                free(g[k]);
            break;
        }
        case HW_OP_LODQ:
            rq.lod_mode = TGX_TEX_LOD_IMPLICIT;
            st = tgx_tex_query_lod(view, &b->samp, &rq, (float *)(void *)res[0],
                                   (float *)(void *)res[1], d);
            break;
        case HW_OP_FETCH:
        case HW_OP_FETCH_CL: {
            tgx_tex_fetch_req fr;
            memset(&fr, 0, sizeof fr);
            fr.lanes = lanes;
            fr.x = (const int32_t *)(const void *)col[HC_IX];
            fr.y = (const int32_t *)(const void *)col[HC_IY];
            fr.z = (const int32_t *)(const void *)col[HC_IZ];
            fr.level = (const int32_t *)(const void *)col[HC_LEVEL];
            for (int k = 0; k < 3; k++)
                fr.offset[k] = (const int32_t *)(const void *)col[HC_OX + k];
            fr.edge_clamp = b->op == HW_OP_FETCH_CL;
            st = tgx_tex_fetch(view, &b->samp, &fr, r, d);
            break;
        }
        }
    }
    for (uint32_t i = 0; st >= 0 && i < n; i++)
        for (int k = 0; k < 4; k++)
            out[4 * i + k] = res[k][i * rep];
    for (int k = 0; k < HW_NCOL; k++)
        free(col[k]);
    for (int k = 0; k < 4; k++)
        free(res[k]);
    return st;
}

/* What one probe gave: values compared and matched, queries with a difference, the first one. */
typedef struct hw_outcome {
    uint64_t matched, total;
    uint64_t queries, queries_bad;
    char first[400];
} hw_outcome;

static void hw_note_mismatch(hw_outcome *o, const hw_block *b, uint32_t i, const uint32_t *got)
{
    const uint32_t *q = b->q + (size_t)i * HW_NCOL, *e = b->exp + (size_t)i * 4;
    int n = snprintf(o->first, sizeof o->first, "%squery %u (s t r = %08x %08x %08x):", b->tag, i,
                     q[HC_S], q[HC_T], q[HC_R]);
    for (int k = 0; k < 4 && n > 0 && (size_t)n < sizeof o->first; k++)
        if (b->comps >> k & 1u)
            n += snprintf(o->first + n, sizeof o->first - (size_t)n, " [%d] hw %08x tgx %08x", k,
                          e[k], got[k]);
}

static bool hw_run_job(hw_job *j, bool pack, hw_outcome *o)
{
    memset(o, 0, sizeof *o);
    tgx_tex *tex = NULL;
    tgx_diag d;
    char msg[200];
    if (tgx_tex_create(&j->desc, &tex, &d) < 0) {
        tgx_diag_format(&d, msg, sizeof msg);
        return hw_notrun(j, "tgx refused the texture: %s", msg);
    }
    hw_fill(tex, &j->content);
    tgx_tex_view view;
    tgx_tex_view_init(&view, tex);
    view.base_level = j->view_base;
    if (j->view_max >= 0)
        view.max_level = (uint32_t)j->view_max;
    bool ok = tgx_tex_swizzle_parse(j->swizzle, view.swizzle) >= 0;
    uint32_t *out = malloc((size_t)HW_CHUNK * 16);
    for (int bi = 0; ok && out && bi < j->nblocks; bi++) {
        const hw_block *b = &j->blocks[bi];
        bool has_ref = false;
        for (uint32_t i = 0; i < b->n; i++)
            has_ref |= b->q[(size_t)i * HW_NCOL + HC_REF] != HW_NOREF;
        for (uint32_t first = 0; ok && first < b->n; first += HW_CHUNK) {
            const uint32_t n = b->n - first < HW_CHUNK ? b->n - first : HW_CHUNK;
            if (hw_run_chunk(&view, b, first, n, pack, has_ref, out, &d) < 0) {
                tgx_diag_format(&d, msg, sizeof msg);
                ok = hw_notrun(j, "tgx refused a query: %s", msg);
                break;
            }
            for (uint32_t i = 0; i < n; i++) {
                bool bad = false;
                for (int k = 0; k < 4; k++) {
                    if (!(b->comps >> k & 1u))
                        continue;
                    o->total++;
                    if (out[4 * i + k] == b->exp[(size_t)(first + i) * 4 + k])
                        o->matched++;
                    else
                        bad = true;
                }
                o->queries++;
                if (bad && !o->queries_bad++)
                    hw_note_mismatch(o, b, first + i, out + 4 * i);
            }
        }
    }
    if (!out)
        ok = hw_notrun(j, "%s", "out of memory");
    free(out);
    tgx_tex_destroy(tex);
    return ok;
}

/* ---- the whole capture ---------------------------------------------------------------------- */

typedef struct hw_options {
    const char *data;           /* capture directory */
    const char *baseline;       /* probes known bit-exact (nv profile) */
    const char *write_baseline; /* write the bit-exact probes here */
    const char *filter;         /* substring of probe names */
    bool verbose, native_1d, pack;
    tgx_tex_profile profile;
    hw_density density;
} hw_options;

typedef struct hw_group {
    char name[8];
    uint32_t run, exact;
    uint64_t matched, total;
} hw_group;

/* Group of a probe: the letters before the first '_' of its group ("A_weights" -> "A"). */
static void hw_group_name(const tgx_json *p, char out[8])
{
    const char *g = hw_str(p, "group", hw_str(p, "name", "?"));
    if (!strncmp(g, "GL", 2)) {
        snprintf(out, 8, "GL");
        return;
    }
    size_t n = strcspn(g, "_");
    snprintf(out, 8, "%.*s", (int)(n < 7 ? n : 7), g);
}

/* The baseline: one probe name per line, '#' comments. */
static char **hw_read_names(const char *path, size_t *count)
{
    FILE *f = fopen(path, "r");
    char line[256], **names = NULL;
    size_t n = 0;
    *count = 0;
    if (!f)
        return NULL;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0] || line[0] == '#')
            continue;
        char **nn = realloc(names, (n + 1) * sizeof *names);
        if (!nn)
            break;
        names = nn;
        names[n++] = strdup(line);
    }
    fclose(f);
    *count = n;
    return names;
}

static bool hw_in_list(char **names, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (names[i] && !strcmp(names[i], name))
            return true;
    return false;
}

/* Runs every probe; prints per-group figures and "N of M bit-exact"; returns the number of
 * baseline probes that regressed (or -1 when the capture cannot be read). */
static int hw_run_all(const hw_options *opt)
{
    hw_capture hc;
    if (!hw_capture_open(&hc, opt->data))
        return -1;
    const tgx_json *probes = tgx_json_get(&hc.manifest, "probes");
    size_t nbase = 0;
    char **base = opt->baseline ? hw_read_names(opt->baseline, &nbase) : NULL;
    if (opt->baseline && !base)
        fprintf(stderr, "hw: no baseline at %s: nothing can regress\n", opt->baseline);
    FILE *wb = opt->write_baseline ? fopen(opt->write_baseline, "w") : NULL;
    if (wb)
        fprintf(wb,
                "# Probes of tests/data/hw that are bit-exact in the nv profile (the baseline of\n"
                "# tests/tex/test_hw_probes: each must stay bit-exact). One name a line.\n");
    hw_group groups[32];
    int ngroups = 0, regressions = 0;
    uint32_t run = 0, exact = 0, notrun = 0, newly = 0;
    bool *seen = calloc(nbase + 1, 1);
    char why[64][300];
    for (size_t pi = 0; probes && pi < probes->count; pi++) {
        const tgx_json *p = &probes->items[pi];
        const char *name = hw_str(p, "name", "?");
        if (opt->filter && !strstr(name, opt->filter))
            continue;
        char gname[8];
        hw_group_name(p, gname);
        int g = 0;
        while (g < ngroups && strcmp(groups[g].name, gname))
            g++;
        if (g == ngroups && ngroups < 32) {
            memset(&groups[g], 0, sizeof groups[g]);
            snprintf(groups[g].name, sizeof groups[g].name, "%s", gname);
            ngroups++;
        }
        const bool in_base = hw_in_list(base, nbase, name);
        for (size_t i = 0; i < nbase; i++)
            if (!strcmp(base[i], name))
                seen[i] = true;
        hw_job j;
        hw_outcome o;
        bool ran = hw_prepare(&hc, p, &j, &opt->density, opt->profile, opt->native_1d) &&
                   hw_run_job(&j, opt->pack, &o);
        hw_job_free(&j);
        if (!ran) {
            if (notrun < 64)
                snprintf(why[notrun], sizeof why[0], "%s: %s", name, j.why);
            notrun++;
            if (in_base) {
                printf("REGRESSION: %s (baseline) no longer runs: %s\n", name, j.why);
                regressions++;
            }
            continue;
        }
        const bool ok = o.matched == o.total;
        run++;
        exact += ok;
        if (g < ngroups) {
            groups[g].run++;
            groups[g].exact += ok;
            groups[g].matched += o.matched;
            groups[g].total += o.total;
        }
        if (opt->verbose)
            printf("  %-4s %-52s %llu/%llu values, %llu/%llu queries differ\n", ok ? "OK" : "DIFF",
                   name, (unsigned long long)o.matched, (unsigned long long)o.total,
                   (unsigned long long)o.queries_bad, (unsigned long long)o.queries);
        if (ok && wb)
            fprintf(wb, "%s\n", name);
        if (!ok && in_base) {
            printf("REGRESSION: %s (baseline) is no longer bit-exact: %llu of %llu values differ; "
                   "first: %s\n",
                   name, (unsigned long long)(o.total - o.matched), (unsigned long long)o.total,
                   o.first);
            regressions++;
        }
        if (ok && base && !in_base) {
            printf("newly bit-exact (add it to the baseline): %s\n", name);
            newly++;
        }
    }
    printf("group probes_run bit_exact values_matched/values_compared\n");
    for (int g = 0; g < ngroups; g++)
        printf("%-5s %3u %3u %llu/%llu\n", groups[g].name, groups[g].run, groups[g].exact,
               (unsigned long long)groups[g].matched, (unsigned long long)groups[g].total);
    printf("not run (%u):\n", notrun);
    for (uint32_t i = 0; i < notrun && i < 64; i++)
        printf("  %s\n", why[i]);
    for (size_t i = 0; i < nbase; i++)
        if (!seen[i] && !opt->filter) {
            printf("REGRESSION: baseline probe %s is not in the capture\n", base[i]);
            regressions++;
        }
    if (base)
        printf("baseline: %zu probes, %d regressed, %u newly bit-exact\n", nbase, regressions,
               newly);
    fflush(stdout);
    printf("hw probes bit-exact (%s): %u of %u\n",
           opt->profile == TGX_TEX_PROFILE_NV ? "nv" : "exact", exact, run);
    if (wb)
        fclose(wb);
    for (size_t i = 0; i < nbase; i++)
        free(base[i]);
    free(base);
    free(seen);
    hw_capture_free(&hc);
    return regressions;
}

/* Command line of the probe tests (ctest runs them without arguments). */
static int hw_main(int argc, char **argv, hw_density density, bool pack)
{
    hw_options opt;
    memset(&opt, 0, sizeof opt);
    opt.pack = pack;
    opt.data = TGX_TEST_DATA "/hw";
    opt.baseline = TGX_TEST_DATA "/hw/nv-bitexact.txt";
    opt.profile = TGX_TEX_PROFILE_NV;
    opt.density = density;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-v"))
            opt.verbose = true;
        else if (!strcmp(a, "--native-1d"))
            opt.native_1d = true;
        else if (!strcmp(a, "--pack"))
            opt.pack = true;
        else if (!strcmp(a, "--exact"))
            opt.profile = TGX_TEX_PROFILE_EXACT, opt.baseline = NULL;
        else if (!strcmp(a, "--data") && i + 1 < argc)
            opt.data = argv[++i];
        else if (!strcmp(a, "--probe") && i + 1 < argc)
            opt.filter = argv[++i];
        else if (!strcmp(a, "--write-baseline") && i + 1 < argc)
            opt.write_baseline = argv[++i];
        else {
            fprintf(stderr,
                    "usage: %s [-v] [--probe SUBSTRING] [--data DIR] [--exact] [--native-1d] "
                    "[--pack] [--write-baseline FILE]\n",
                    argv[0]);
            return 2;
        }
    }
    const int r = hw_run_all(&opt);
    if (r < 0)
        return 1;
    if (r > 0)
        printf("FAIL: %d baseline probe(s) regressed\n", r);
    return r ? 1 : 0;
}

#endif
