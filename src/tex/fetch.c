/* Texel fetch (TXF, SAMPLE_I, SAMPLE_I_MS, LOAD; Maxwell TLD/TLDS): integer coordinates, no
 * filter, no wrap. Anything out of range returns (0, 0, 0, 0): TGSI SAMPLE_I ("the result of the
 * fetch is always 0 in all components"), and NVIDIA TLD (hw-facts.md), unless the request asks
 * for TLD.CL's edge clamp (probe I02: PTX tex.level on integer coordinates compiles to
 * TLD.LL.CL). */
#include <string.h>

#include "tex/sampling.h"

/* nv profile: only the low 4 bits of an offset count, two's complement (hw-facts.md). */
static inline int32_t offset_value(const int32_t *off, uint32_t lane, bool nv)
{
    if (!off)
        return 0;
    return nv ? tex_nv_offset(off[lane], 4) : off[lane];
}

static inline int64_t coord(const int32_t *c, uint32_t lane)
{
    return c ? c[lane] : 0;
}

typedef struct fetch_addr {
    int64_t x, y, slice;
} fetch_addr;

static int64_t clamp_edge(int64_t v, uint32_t size)
{
    return v < 0 ? 0 : (v >= (int64_t)size ? (int64_t)size - 1 : v);
}

/* TLD.CL: x and y to the level's size, the slice to the view's layers or the 3D level's depth
 * (a level outside the view is left alone: it reads 0). */
static void clamp_to_edges(const tgx_tex_view *view, const tgx_tex_target_info *ti, int64_t lvl,
                           fetch_addr *a)
{
    if (lvl < 0 || lvl >= (int64_t)tgx_tex_query_levels(view))
        return;
    uint32_t size[4];
    tgx_tex_query_size(view, (int32_t)lvl, size);
    a->x = clamp_edge(a->x, size[0]);
    if (ti->dims > 1)
        a->y = clamp_edge(a->y, size[1]);
    if (ti->dims == 3)
        a->slice = clamp_edge(a->slice, size[2]);
    else if (ti->fetch > ti->dims)
        a->slice = clamp_edge(a->slice, view->num_slices);
}

/* x, y, z of the texel from the request: the image's axes (with offsets) and then the layer or
 * cube face-layer (TGSI SAMPLE_I's table: 1D arrays carry the layer in y, 2D arrays in z). */
static fetch_addr fetch_coords(const tgx_tex_target_info *ti, const tgx_tex_fetch_req *req,
                               uint32_t i, bool nv)
{
    const int32_t *const c[3] = {req->x, req->y, req->z};
    int64_t v[3] = {0, 0, 0};
    for (unsigned a = 0; a < ti->fetch; a++)
        v[a] = coord(c[a], i) + (a < ti->dims ? offset_value(req->offset[a], i, nv) : 0);
    fetch_addr f = {v[0], ti->dims > 1 ? v[1] : 0, ti->fetch > ti->dims ? v[ti->dims] : v[2]};
    return f;
}

tgx_status tex_fetch_general(const tgx_tex_view *view, const tgx_sampler *samp_or_null,
                             const tgx_tex_fetch_req *req, tgx_tex_result out, tgx_diag *d)
{
    if (!view || !view->tex || !req || (req->lanes & 3u))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "texel fetch needs a view and a lane count that is a multiple of 4");
    const tgx_tex_format_info *fi = tgx_tex_format_get(view->format);
    if (!tgx_tex_formats_compatible(fi, tgx_tex_get_format(view->tex)))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "view format does not have the texture's texel size");
    const bool nv = samp_or_null && samp_or_null->profile == TGX_TEX_PROFILE_NV;
    const tgx_tex_target_info *ti = tgx_tex_target_get(view->target);
    if (!ti)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "texel fetch: unknown view target %d",
                            (int)view->target);
    const bool layered = ti->dims < 3; /* z is a layer (or 0), checked against the view */
    const uint32_t nlevels = tgx_tex_query_levels(view);
    tgx_texel_decode_fn decode = tgx_tex_decoder_for(view->format, samp_or_null);
    uint8_t map[4];
    tgx_tex_channel_map(view, fi, map);
    for (uint32_t i = 0; i < req->lanes; i++) {
        if (!tgx_tex_lane_active(req->active, i))
            continue;
        uint32_t r[4] = {0, 0, 0, 0};
        int64_t lvl = req->level ? req->level[i] : 0;
        int64_t sample = req->sample ? req->sample[i] : 0;
        fetch_addr a = fetch_coords(ti, req, i, nv);
        if (req->edge_clamp)
            clamp_to_edges(view, ti, lvl, &a);
        if (layered && (a.slice < 0 || a.slice >= view->num_slices))
            a.slice = -1;
        else if (layered)
            a.slice += view->first_slice;
        const uint8_t *p = NULL;
        uint32_t k = 0;
        if (lvl >= 0 && lvl < nlevels && a.x >= 0 && a.y >= 0 && a.slice >= 0 && sample >= 0 &&
            a.x <= UINT32_MAX && a.y <= UINT32_MAX && a.slice <= UINT32_MAX && sample <= 64)
            p = tgx_tex_texel_loc(view->tex, view->base_level + (uint32_t)lvl, (uint32_t)a.x,
                                  (uint32_t)a.y, (uint32_t)a.slice, (uint32_t)sample, &k);
        if (p) {
            tgx_texel t;
            decode(p, k, &t);
            tgx_tex_clamp_snorm(fi, &t);
            tgx_tex_apply_map(map, &t, fi->is_integer, r);
        }
        for (int c = 0; c < 4; c++)
            if (out.c[c])
                out.c[c][i] = r[c];
    }
    return TGX_OK;
}
