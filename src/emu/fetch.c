/* TLD, TLD.B, TLDS: texel loads through tgx_tex_fetch (point sample, integer coordinates,
 * anything out of range reads zeros; sm5-TLD's header/sampler overrides: no filter, no
 * anisotropy, border 0, no compare).
 *
 * Coordinates are S32, the level a U32 relative to resViewMinMapLevel (the view's base level),
 * .AOFFI three 4-bit two's-complement offsets u, v, w, .MS the sample index (sm5-TLD). .CL
 * forces clamp-to-edge: the offset coordinates are clamped to the level's size and the array
 * index to the layers ("the array index will also be clamped to [0..array_size-1]"). The sampler
 * pointer names no state TLD uses; when it is valid, its precision profile is the one the
 * texture unit applies. */
#include <string.h>

#include "emu/emu_internal.h"

typedef struct fetch_cols {
    tgx_lane_mask active[EMU_W];
    emu_col x, y, z, off[3];
} fetch_cols;

/* The array index (U16) of an array instruction; 0 otherwise. */
static uint32_t array_index(const emu_ctx *c, unsigned t)
{
    return emu_insn_is_array(c->in) ? c->param[TGX_SM5_P_ARRAY].u[t] & 0xffffu : 0u;
}

/* Coordinates with the .AOFFI offsets added (two's complement, without signed overflow). */
static void offset_coords(const emu_ctx *c, fetch_cols *k)
{
    const emu_col *src[3] = {&c->param[TGX_SM5_P_S], &c->param[TGX_SM5_P_T],
                             &c->param[TGX_SM5_P_R]};
    if (c->in->flags & TGX_SM5_F_AOFFI)
        emu_unpack_offsets(&c->param[TGX_SM5_P_OFFSET], emu_coord_axes(c->in), 4, 4, 0, k->off);
    else
        memset(k->off, 0, sizeof k->off);
    emu_col *dst[3] = {&k->x, &k->y, &k->z};
    for (unsigned a = 0; a < 3; a++)
        for (unsigned t = 0; t < EMU_W; t++)
            dst[a]->i[t] = (int32_t)(src[a]->u[t] + (uint32_t)k->off[a].i[t]);
}

/* The layer follows the texel axes in the fetch request (tgx_tex_target_info.fetch: 1D arrays
 * take it in y, 2D arrays in z). */
static void place_layer(const tgx_sm5_emu_header *h, fetch_cols *k, unsigned t, int32_t layer)
{
    if (tgx_tex_target_get(h->view.target)->dims == 1)
        k->y.i[t] = layer;
    else
        k->z.i[t] = layer;
}

tgx_status emu_fetch(emu_ctx *c, const emu_group *g)
{
    const tgx_sm5_insn *in = c->in;
    const tgx_sm5_emu_header *h = g->header;
    if (!emu_target_matches(in, h, false))
        return TGX_OK;
    if (h->unmapped) {
        c->sparse |= g->mask;
        return TGX_OK;
    }
    fetch_cols k;
    offset_coords(c, &k);
    const emu_col *level = &c->param[TGX_SM5_P_LOD]; /* 0 for .LZ */
    uint32_t run = g->mask;
    bool clamp = !!(in->flags & TGX_SM5_F_CL);
    for (unsigned t = 0; t < EMU_W; t++) {
        if (emu_header_is_array(h))
            place_layer(h, &k, t, (int32_t)array_index(c, t));
        else if (array_index(c, t) != 0 && !clamp)
            run &= ~(1u << t); /* a layer the texture does not have: zeros */
    }
    tgx_tex_fetch_req r;
    memset(&r, 0, sizeof r);
    r.lanes = EMU_W;
    emu_lane_mask(run, k.active);
    r.active = k.active;
    r.x = k.x.i;
    r.y = k.y.i;
    r.z = k.z.i;
    r.level = level->i;
    r.sample = (in->flags & TGX_SM5_F_MS) ? c->param[TGX_SM5_P_MS].i : NULL;
    r.edge_clamp = clamp; /* .CL: the texture unit clamps to the level's edges and the layers */
    tgx_tex_result out = {{c->res[0].u, c->res[1].u, c->res[2].u, c->res[3].u}};
    tgx_diag ud;
    tgx_diag_clear(&ud);
    if (tgx_tex_fetch(&h->view, g->samp, &r, out, &ud) < 0)
        return tgx_diag_set(c->d, ud.status, NULL, 0, 0, "%s: texture unit: %s",
                            tgx_sm5_class_name(in->cls), ud.message);
    return TGX_OK;
}
