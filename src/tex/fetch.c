/* Texel fetch (TXF, SAMPLE_I, SAMPLE_I_MS, LOAD; Maxwell TLD/TLDS): integer coordinates, no
 * filter, no wrap. Anything out of range returns (0, 0, 0, 0): TGSI SAMPLE_I ("the result of the
 * fetch is always 0 in all components"), and NVIDIA TLD (hw-facts.md). */
#include <string.h>

#include "tex/tex_internal.h"

/* nv profile: only the low 4 bits of an offset count, two's complement (hw-facts.md). */
static inline int32_t offset_value(const int32_t *off, uint32_t lane, bool nv)
{
    if (!off)
        return 0;
    uint32_t v = (uint32_t)off[lane];
    if (nv)
        return (int32_t)((v & 7u) - (v & 8u));
    return off[lane];
}

static inline int64_t coord(const int32_t *c, uint32_t lane)
{
    return c ? c[lane] : 0;
}

typedef struct fetch_addr {
    int64_t x, y, slice;
} fetch_addr;

/* Which request component is x, y and the layer / 3D slice for each target (TGSI SAMPLE_I's
 * table: 1D arrays carry the layer in y, 2D arrays in z). */
static fetch_addr fetch_coords(tgx_tex_target t, const tgx_tex_fetch_req *req, uint32_t i, bool nv)
{
    fetch_addr a = {coord(req->x, i) + offset_value(req->offset[0], i, nv), 0, 0};
    switch (t) {
    case TGX_TEX_BUFFER:
    case TGX_TEX_1D: break;
    case TGX_TEX_1D_ARRAY: a.slice = coord(req->y, i); break;
    case TGX_TEX_3D:
        a.y = coord(req->y, i) + offset_value(req->offset[1], i, nv);
        a.slice = coord(req->z, i) + offset_value(req->offset[2], i, nv);
        break;
    default: /* 2D, RECT, MS; arrays and cubes take the layer / face-layer from z */
        a.y = coord(req->y, i) + offset_value(req->offset[1], i, nv);
        a.slice = coord(req->z, i);
        break;
    }
    return a;
}

tgx_status tgx_tex_fetch(const tgx_tex_view *view, const tgx_sampler *samp_or_null,
                         const tgx_tex_fetch_req *req, tgx_tex_result out, tgx_diag *d)
{
    if (!view || !view->tex || !req || (req->lanes & 3u))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "texel fetch needs a view and a lane count that is a multiple of 4");
    const tgx_tex_format_info *fi = tgx_tex_format_get(view->format);
    if (!fi || fi->bytes != tgx_tex_get_format(view->tex)->bytes)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "view format does not have the texture's texel size");
    const bool nv = samp_or_null && samp_or_null->profile == TGX_TEX_PROFILE_NV;
    const bool layered = view->target != TGX_TEX_3D;
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
        fetch_addr a = fetch_coords(view->target, req, i, nv);
        if (layered && (a.slice < 0 || a.slice >= view->num_slices))
            a.slice = -1;
        else if (layered)
            a.slice += view->first_slice;
        const uint8_t *p = NULL;
        if (lvl >= 0 && lvl < nlevels && a.x >= 0 && a.y >= 0 && a.slice >= 0 && sample >= 0 &&
            a.x <= UINT32_MAX && a.y <= UINT32_MAX && a.slice <= UINT32_MAX && sample <= 64)
            p = tgx_tex_texel_ptr((tgx_tex *)view->tex, view->base_level + (uint32_t)lvl,
                                  (uint32_t)a.x, (uint32_t)a.y, (uint32_t)a.slice,
                                  (uint32_t)sample);
        if (p) {
            tgx_texel t;
            decode(p, &t);
            tgx_tex_apply_map(map, &t, fi->is_integer, r);
        }
        for (int c = 0; c < 4; c++)
            if (out.c[c])
                out.c[c][i] = r[c];
    }
    return TGX_OK;
}
