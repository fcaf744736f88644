/* Texture resources: validation of descriptions, memory layout of levels, texel load/store. */
#include <stdlib.h>
#include <string.h>

#include "tex/tex_internal.h"
#include "tgx/util.h"

/* Largest texel memory of one texture. The per-target size limits (the target table) keep
 * every size below 2^53 bytes in 64-bit arithmetic; this keeps the allocation sane. */
#define TEX_MAX_BYTES                                                                              \
    ((uint64_t)(SIZE_MAX >> 1) < ((uint64_t)1 << 32) ? (uint64_t)(SIZE_MAX >> 1)                   \
                                                     : ((uint64_t)1 << 32))

/* Texels, or 4x4 blocks of block-compressed formats, along an axis of n texels. */
static uint32_t blocks(const tgx_tex_format_info *fi, uint32_t n)
{
    return fi->block > 1 ? (n + fi->block - 1u) / fi->block : n;
}

static uint32_t full_chain(const tgx_tex_desc *desc)
{
    uint32_t m = desc->width;
    if (desc->height > m)
        m = desc->height;
    if (desc->target == TGX_TEX_3D && desc->depth > m)
        m = desc->depth;
    uint32_t n = 1;
    while (m > 1) {
        m >>= 1;
        n++;
    }
    return n;
}

static tgx_status check_desc(const tgx_tex_desc *desc, tgx_diag *d)
{
    const tgx_tex_target t = desc->target;
    const tgx_tex_target_info *ti = tgx_tex_target_get(t);
    if (!ti)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown texture target %d", (int)t);
    if (!tgx_tex_format_get(desc->format))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown texture format %d",
                            (int)desc->format);
    if (!desc->width || !desc->height || !desc->depth || !desc->levels || !desc->samples)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "%s texture: width, height, depth, levels and samples must be >= 1",
                            tgx_tex_target_name(t));
    if (ti->dims == 1 && desc->height != 1)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s texture must have height 1",
                            tgx_tex_target_name(t));
    if (!ti->slices && desc->depth != 1)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s texture must have depth 1",
                            tgx_tex_target_name(t));
    if (ti->cube && !ti->layered && desc->depth != 6)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "cube texture must have 6 faces");
    if (ti->cube && desc->depth % 6)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "cube array needs a multiple of 6 face-layers, not %u", desc->depth);
    if (ti->cube && desc->width != desc->height)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "cube faces must be square, not %ux%u",
                            desc->width, desc->height);
    if (desc->width > ti->max_width || desc->height > ti->max_height || desc->depth > ti->max_depth)
        return tgx_diag_set(d, TGX_ERR_LIMIT, NULL, 0, 0,
                            "%s texture of %ux%ux%u exceeds the target's limit of %ux%ux%u "
                            "(NVIDIA sm_90, docs/texture.md)",
                            tgx_tex_target_name(t), desc->width, desc->height, desc->depth,
                            ti->max_width, ti->max_height, ti->max_depth);
    const tgx_tex_format_info *fi = tgx_tex_format_get(desc->format);
    if (fi->block > 1 && (ti->dims < 2 || ti->multisample || ti->texel_coords))
        return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, NULL, 0, 0,
                            "%s is block-compressed (4x4 texel blocks): it needs a 2d, 2d_array, "
                            "cube, cube_array or 3d texture, not %s",
                            fi->name, tgx_tex_target_name(t));
    if (desc->levels > full_chain(desc))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "%u levels requested but a %ux%ux%u texture has at most %u",
                            desc->levels, desc->width, desc->height, desc->depth, full_chain(desc));
    if (!ti->mipmapped && desc->levels != 1)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s texture has exactly one level",
                            tgx_tex_target_name(t));
    if (!ti->multisample && desc->samples != 1)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "%s texture cannot be multisampled",
                            tgx_tex_target_name(t));
    if (ti->multisample && (desc->samples > 32 || (desc->samples & (desc->samples - 1))))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "sample count %u is not a power of two up to 32", desc->samples);
    return TGX_OK;
}

bool tgx_tex_level_size(const tgx_tex *tex, uint32_t level, uint32_t *w, uint32_t *h,
                        uint32_t *slices)
{
    if (level >= tex->desc.levels) {
        *w = *h = *slices = 0;
        return false;
    }
    *w = tgx_tex_minify(tex->desc.width, level);
    *h = tgx_tex_minify(tex->desc.height, level);
    *slices =
        tex->desc.target == TGX_TEX_3D ? tgx_tex_minify(tex->desc.depth, level) : tex->desc.depth;
    return true;
}

tgx_status tgx_tex_create(const tgx_tex_desc *desc, tgx_tex **out, tgx_diag *d)
{
    tgx_status st = check_desc(desc, d);
    if (st < 0)
        return st;
    tgx_tex *tex = calloc(1, sizeof *tex);
    if (!tex)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory creating a texture");
    tex->desc = *desc;
    tex->fi = tgx_tex_format_get(desc->format);
    uint64_t total = 0;
    for (uint32_t l = 0; l < desc->levels; l++) {
        uint32_t w, h, s;
        tgx_tex_level_size(tex, l, &w, &h, &s);
        tex->level_offset[l] = (size_t)total;
        total +=
            (uint64_t)blocks(tex->fi, w) * blocks(tex->fi, h) * s * desc->samples * tex->fi->bytes;
        if (total > TEX_MAX_BYTES) {
            free(tex);
            return tgx_diag_set(d, TGX_ERR_LIMIT, NULL, 0, 0,
                                "a %ux%ux%u %s texture needs more than %llu bytes", desc->width,
                                desc->height, desc->depth, tgx_tex_format_get(desc->format)->name,
                                (unsigned long long)TEX_MAX_BYTES);
        }
    }
    tex->size = (size_t)total;
    tex->data = calloc((size_t)total + TEX_READ_PAD, 1);
    if (!tex->data) {
        free(tex);
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0,
                            "out of memory allocating %llu bytes of texels",
                            (unsigned long long)total);
    }
    *out = tex;
    return TGX_OK;
}

void tgx_tex_destroy(tgx_tex *tex)
{
    if (!tex)
        return;
    free(tex->data);
    free(tex);
}

const tgx_tex_desc *tgx_tex_get_desc(const tgx_tex *tex)
{
    return &tex->desc;
}

const tgx_tex_format_info *tgx_tex_get_format(const tgx_tex *tex)
{
    return tex->fi;
}

const void *tgx_tex_level_data_const(const tgx_tex *tex, uint32_t level, size_t *row_pitch,
                                     size_t *slice_pitch)
{
    uint32_t w, h, s;
    if (!tgx_tex_level_size(tex, level, &w, &h, &s))
        return NULL;
    size_t row = (size_t)blocks(tex->fi, w) * tex->desc.samples * tex->fi->bytes;
    if (row_pitch)
        *row_pitch = row;
    if (slice_pitch)
        *slice_pitch = row * blocks(tex->fi, h);
    return tex->data + tex->level_offset[level];
}

void *tgx_tex_level_data(tgx_tex *tex, uint32_t level, size_t *row_pitch, size_t *slice_pitch)
{
    return (void *)tgx_tex_level_data_const(tex, level, row_pitch, slice_pitch);
}

tgx_status tgx_tex_upload(tgx_tex *tex, uint32_t level, const void *data, size_t size, tgx_diag *d)
{
    size_t slice_pitch;
    uint32_t w, h, s;
    void *dst = tgx_tex_level_data(tex, level, NULL, &slice_pitch);
    if (!dst)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "level %u does not exist (%u levels)",
                            level, tex->desc.levels);
    tgx_tex_level_size(tex, level, &w, &h, &s);
    if (size != slice_pitch * s)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "level %u needs %zu bytes of texel data, got %zu", level,
                            slice_pitch * s, size);
    memcpy(dst, data, size);
    return TGX_OK;
}

/* The texel (or, block-compressed, its block and *k) at a position; NULL out of range. */
const uint8_t *tgx_tex_texel_loc(const tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y,
                                 uint32_t slice, uint32_t sample, uint32_t *k)
{
    uint32_t w, h, s;
    if (!tgx_tex_level_size(tex, level, &w, &h, &s) || x >= w || y >= h || slice >= s ||
        sample >= tex->desc.samples)
        return NULL;
    if (tex->fi->block > 1) {
        size_t row, slice_pitch;
        const uint8_t *data = tgx_tex_level_data_const(tex, level, &row, &slice_pitch);
        return tgx_tex_texel_addr(tex->fi, data, row, slice_pitch, x, y, slice, k);
    }
    *k = 0;
    size_t idx = (((size_t)slice * h + y) * w + x) * tex->desc.samples + sample;
    return tex->data + tex->level_offset[level] + idx * tex->fi->bytes;
}

/* A texel's own bytes: none for block-compressed formats. */
static const uint8_t *texel_at(const tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y,
                               uint32_t slice, uint32_t sample)
{
    uint32_t k;
    return tex->fi->block > 1 ? NULL : tgx_tex_texel_loc(tex, level, x, y, slice, sample, &k);
}

void *tgx_tex_texel_ptr(tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y, uint32_t slice,
                        uint32_t sample)
{
    return (void *)texel_at(tex, level, x, y, slice, sample);
}

bool tgx_tex_load_texel(const tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y, uint32_t slice,
                        uint32_t sample, uint32_t out[4])
{
    uint32_t k;
    const uint8_t *p = tgx_tex_texel_loc(tex, level, x, y, slice, sample, &k);
    if (!p) {
        memset(out, 0, 4 * sizeof *out);
        return false;
    }
    tgx_texel t;
    tgx_tex_decoder(tex->desc.format)(p, k, &t);
    memcpy(out, t.u, sizeof t.u);
    return true;
}

bool tgx_tex_store_texel_bits(tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y, uint32_t slice,
                              uint32_t sample, const uint32_t bits_in[4])
{
    uint8_t *p = (uint8_t *)texel_at(tex, level, x, y, slice, sample);
    if (!p)
        return false;
    tgx_tex_pack_bits(tex->fi, bits_in, p);
    return true;
}

bool tgx_tex_store_texel(tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y, uint32_t slice,
                         uint32_t sample, const uint32_t value[4])
{
    uint32_t bits[4];
    tgx_tex_encode(tex->fi, value, bits);
    return tgx_tex_store_texel_bits(tex, level, x, y, slice, sample, bits);
}

/* One destination texel of a box-filtered level: the mean of the 2x2(x2) source texels that
 * exist (odd sizes repeat the last row/column), computed in float and re-encoded. */
static void box_texel(tgx_tex *tex, uint32_t src, uint32_t x, uint32_t y, uint32_t z,
                      uint32_t slice_in_3d, uint32_t out[4])
{
    uint32_t w, h, s;
    tgx_tex_level_size(tex, src, &w, &h, &s);
    float acc[4] = {0, 0, 0, 0};
    uint32_t n = 0;
    uint32_t zs = slice_in_3d ? 2 : 1;
    for (uint32_t dz = 0; dz < zs; dz++)
        for (uint32_t dy = 0; dy < 2; dy++)
            for (uint32_t dx = 0; dx < 2; dx++) {
                uint32_t sx = 2 * x + dx < w ? 2 * x + dx : w - 1;
                uint32_t sy = 2 * y + dy < h ? 2 * y + dy : h - 1;
                uint32_t sz = slice_in_3d ? (2 * z + dz < s ? 2 * z + dz : s - 1) : z;
                uint32_t v[4];
                tgx_tex_load_texel(tex, src, sx, sy, sz, 0, v);
                for (int c = 0; c < 4; c++)
                    acc[c] += tgx_bits2f(v[c]);
                n++;
            }
    for (int c = 0; c < 4; c++)
        out[c] = tgx_f2bits(acc[c] / (float)n);
}

tgx_status tgx_tex_generate_mipmaps(tgx_tex *tex, tgx_diag *d)
{
    if (tex->fi->is_integer || tex->fi->pack == TGX_TEX_PACK_Z24S8 ||
        tex->fi->pack == TGX_TEX_PACK_Z32FS8 || tex->fi->block > 1)
        return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, NULL, 0, 0,
                            "mipmaps of %s textures cannot be generated by filtering",
                            tex->fi->name);
    bool is3d = tex->desc.target == TGX_TEX_3D;
    for (uint32_t l = 1; l < tex->desc.levels; l++) {
        uint32_t w, h, s;
        tgx_tex_level_size(tex, l, &w, &h, &s);
        for (uint32_t z = 0; z < s; z++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++) {
                    uint32_t v[4];
                    box_texel(tex, l - 1, x, y, z, is3d, v);
                    /* sRGB: the mean is taken of linear values, then re-encoded */
                    tgx_tex_store_texel(tex, l, x, y, z, 0, v);
                }
    }
    return TGX_OK;
}

/* ---- views ---------------------------------------------------------------------------------- */

void tgx_tex_view_init(tgx_tex_view *view, const tgx_tex *tex)
{
    memset(view, 0, sizeof *view);
    view->tex = tex;
    view->target = tex->desc.target;
    view->format = tex->desc.format;
    view->base_level = 0;
    view->max_level = tex->desc.levels - 1;
    view->first_slice = 0;
    view->num_slices = tex->desc.depth;
    for (int i = 0; i < 4; i++)
        view->swizzle[i] = (tgx_tex_swizzle)i;
}

/* The kinds of storage a view can reinterpret (ARB_texture_view, "Legal Texture Targets"):
 * 1D-like, 2D-like (RECT and cubes included: their faces are 2D layers), 3D, multisampled,
 * buffer. A view keeps its texture's kind. */
static int view_kind(tgx_tex_target t)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(t);
    if (t == TGX_TEX_BUFFER)
        return 4;
    if (ti->multisample)
        return 3;
    return ti->dims == 3 && !ti->cube ? 2 : ti->dims == 1 ? 0 : 1;
}

tgx_status tgx_tex_view_check(const tgx_tex_view *v, tgx_diag *d)
{
    if (!v || !v->tex)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "a view needs a texture");
    const tgx_tex_desc *desc = &v->tex->desc;
    const tgx_tex_target_info *ti = tgx_tex_target_get(v->target);
    const tgx_tex_format_info *fi = tgx_tex_format_get(v->format);
    if (!ti)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown view target %d", (int)v->target);
    if (!fi || !tgx_tex_formats_compatible(fi, v->tex->fi))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "the view's format does not have the texture's texel size");
    if (v->base_level > v->max_level || v->base_level >= desc->levels)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "view levels %u..%u do not exist (the texture has %u)", v->base_level,
                            v->max_level, desc->levels);
    if (view_kind(v->target) != view_kind(desc->target))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "a %s view of a %s texture (a view keeps its texture's kind: 1D, 2D "
                            "and cubes, 3D, multisampled or buffer)",
                            ti->name, tgx_tex_target_name(desc->target));
    /* the sampler walks slices and cube faces without bounds of its own (sample.c) */
    if (desc->target != TGX_TEX_3D &&
        (v->num_slices == 0 || (uint64_t)v->first_slice + v->num_slices > desc->depth))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "view layers %u..+%u are not within the texture's %u", v->first_slice,
                            v->num_slices, desc->depth);
    if (ti->cube && (desc->width != desc->height || v->num_slices < 6 || v->num_slices % 6))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "a %s view needs square faces and 6 face-layers a cube, not %ux%u "
                            "with %u",
                            ti->name, desc->width, desc->height, v->num_slices);
    return TGX_OK;
}

tgx_status tgx_tex_swizzle_parse(const char *text, tgx_tex_swizzle out[4])
{
    tgx_tex_swizzle tmp[4];
    if (strlen(text) != 4)
        return TGX_ERR_ARG;
    for (int i = 0; i < 4; i++) {
        switch (text[i]) {
        case 'r':
        case 'x': tmp[i] = TGX_TEX_SWIZZLE_R; break;
        case 'g':
        case 'y': tmp[i] = TGX_TEX_SWIZZLE_G; break;
        case 'b':
        case 'z': tmp[i] = TGX_TEX_SWIZZLE_B; break;
        case 'a':
        case 'w': tmp[i] = TGX_TEX_SWIZZLE_A; break;
        case '0': tmp[i] = TGX_TEX_SWIZZLE_0; break;
        case '1': tmp[i] = TGX_TEX_SWIZZLE_1; break;
        default: return TGX_ERR_ARG;
        }
    }
    memcpy(out, tmp, sizeof tmp);
    return TGX_OK;
}
