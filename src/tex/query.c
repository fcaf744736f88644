/* Queries: sizes and level counts (TXQ, SVIEWINFO, RESQ), sample counts and positions, and the
 * channel map (format layout, then view swizzle) every result goes through. */
#include <string.h>

#include "tex/tex_internal.h"

/* Result channel -> stored channel per layout: the TGSI spec's table "Texture Sampling and
 * Texture Formats" (Gallium column; OpenGL's for Z and D3D9's for UV, which Gallium leaves TBD). */
static const uint8_t layout_map[][4] = {
    [TGX_TEX_LAYOUT_R] = {0, TEX_SRC_ZERO, TEX_SRC_ZERO, TEX_SRC_ONE},
    [TGX_TEX_LAYOUT_RG] = {0, 1, TEX_SRC_ZERO, TEX_SRC_ONE},
    [TGX_TEX_LAYOUT_RGB] = {0, 1, 2, TEX_SRC_ONE},
    [TGX_TEX_LAYOUT_RGBA] = {0, 1, 2, 3},
    [TGX_TEX_LAYOUT_BGR] = {2, 1, 0, TEX_SRC_ONE},
    [TGX_TEX_LAYOUT_BGRA] = {2, 1, 0, 3},
    [TGX_TEX_LAYOUT_A] = {TEX_SRC_ZERO, TEX_SRC_ZERO, TEX_SRC_ZERO, 0},
    [TGX_TEX_LAYOUT_L] = {0, 0, 0, TEX_SRC_ONE},
    [TGX_TEX_LAYOUT_LA] = {0, 0, 0, 1},
    [TGX_TEX_LAYOUT_I] = {0, 0, 0, 0},
    [TGX_TEX_LAYOUT_UV] = {0, 1, TEX_SRC_ONE, TEX_SRC_ONE},
    [TGX_TEX_LAYOUT_Z] = {0, 0, 0, TEX_SRC_ONE},
    [TGX_TEX_LAYOUT_S] = {0, 0, 0, 0},
    [TGX_TEX_LAYOUT_XS] = {1, 1, 1, 1},
};
_Static_assert(sizeof layout_map / sizeof layout_map[0] == TGX_TEX_LAYOUT_XS + 1,
               "one row per layout");

void tgx_tex_channel_map(const tgx_tex_view *view, const tgx_tex_format_info *fi, uint8_t map[4])
{
    const uint8_t *lm = layout_map[fi->layout];
    for (int i = 0; i < 4; i++) {
        tgx_tex_swizzle s = view->swizzle[i];
        if (s <= TGX_TEX_SWIZZLE_A)
            map[i] = lm[s];
        else
            map[i] = s == TGX_TEX_SWIZZLE_0 ? TEX_SRC_ZERO : TEX_SRC_ONE;
    }
}

uint32_t tgx_tex_query_levels(const tgx_tex_view *view)
{
    if (view->max_level < view->base_level)
        return 0;
    return view->max_level - view->base_level + 1;
}

uint32_t tgx_tex_query_samples(const tgx_tex_view *view)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(view->target);
    if (!ti || !ti->multisample)
        return 0;
    return tgx_tex_get_desc(view->tex)->samples;
}

void tgx_tex_query_size(const tgx_tex_view *view, int32_t level, uint32_t out[4])
{
    uint32_t n = tgx_tex_query_levels(view);
    uint32_t w = 0, h = 0, s = 0;
    memset(out, 0, 4 * sizeof *out);
    out[3] = n;
    /* SVIEWINFO: an out-of-range level gives zero sizes and the true level count */
    if (level < 0 || (uint32_t)level >= n ||
        !tgx_tex_level_size(view->tex, view->base_level + (uint32_t)level, &w, &h, &s))
        return;
    const tgx_tex_target_info *ti = tgx_tex_target_get(view->target);
    if (!ti)
        return;
    /* the image's axes, then the layer count: 1D arrays in y, the others in z */
    const uint32_t axes[3] = {w, h, s};
    for (unsigned a = 0; a < ti->dims; a++)
        out[a] = axes[a];
    if (ti->layered) /* GL textureSize counts cubes of a cube array, not faces */
        out[ti->dims] = ti->cube ? view->num_slices / 6 : view->num_slices;
}

/* D3D11's standard multisample patterns (D3D11_STANDARD_MULTISAMPLE_PATTERN, in 1/16 pixel
 * from the pixel centre), which GL implementations also use. */
static const int8_t pattern2[2][2] = {{4, 4}, {-4, -4}};
static const int8_t pattern4[4][2] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
static const int8_t pattern8[8][2] = {{1, -3}, {-1, 3},  {5, 1}, {-3, -5},
                                      {-5, 5}, {-7, -1}, {3, 7}, {7, -7}};
static const int8_t pattern16[16][2] = {{1, 1},  {-1, -3}, {-3, 2}, {4, -1}, {-5, -2}, {2, 5},
                                        {5, 3},  {3, -5},  {-2, 6}, {0, -7}, {-4, -6}, {-6, 4},
                                        {-8, 0}, {7, -4},  {6, 7},  {-7, -8}};

bool tgx_tex_sample_position(uint32_t samples, uint32_t index, float out[2])
{
    const int8_t(*p)[2] = NULL;
    out[0] = out[1] = 0.0f;
    switch (samples) {
    case 2: p = pattern2; break;
    case 4: p = pattern4; break;
    case 8: p = pattern8; break;
    case 16: p = pattern16; break;
    default: return false;
    }
    if (index >= samples)
        return false;
    out[0] = 0.5f + (float)p[index][0] / 16.0f;
    out[1] = 0.5f + (float)p[index][1] / 16.0f;
    return true;
}
