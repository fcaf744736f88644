/* The target table (TGX_TEX_TARGETS in tgx/tex.h): each target's coordinate shape, looked up by
 * every layer instead of comparing target names. */
#include <string.h>

#include "tgx/tex.h"

static const tgx_tex_target_info target_table[TGX_TEX_TARGET_COUNT] = {
#define X(id, nm, d, c, lay, cb, ms, mip, tex, mw, mh, md)                                         \
    {.target = TGX_TEX_##id,                                                                       \
     .name = nm,                                                                                   \
     .dims = d,                                                                                    \
     .coords = c,                                                                                  \
     .fetch = d + ((lay) || (cb)),                                                                 \
     .layered = lay,                                                                               \
     .cube = cb,                                                                                   \
     .multisample = ms,                                                                            \
     .mipmapped = mip,                                                                             \
     .texel_coords = tex,                                                                          \
     .slices = (d) == 3 || (lay) || (cb),                                                          \
     .max_width = mw,                                                                              \
     .max_height = mh,                                                                             \
     .max_depth = md},
    TGX_TEX_TARGETS(X)
#undef X
};

const tgx_tex_target_info *tgx_tex_target_get(tgx_tex_target t)
{
    return (unsigned)t < TGX_TEX_TARGET_COUNT ? &target_table[t] : NULL;
}

const char *tgx_tex_target_name(tgx_tex_target t)
{
    return (unsigned)t < TGX_TEX_TARGET_COUNT ? target_table[t].name : "?";
}

tgx_status tgx_tex_target_from_name(const char *name, tgx_tex_target *out)
{
    for (unsigned i = 0; i < TGX_TEX_TARGET_COUNT; i++) {
        if (strcmp(target_table[i].name, name) == 0) {
            *out = (tgx_tex_target)i;
            return TGX_OK;
        }
    }
    return TGX_ERR_ARG;
}
