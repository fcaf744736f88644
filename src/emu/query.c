/* TXQ, TXQ.B: header and sampler queries. The query numbers are nvdisasm's table TXQModeDim
 * (docs/sm5.md); what each returns is documented in docs/sm5-emu.md, "TXQ":
 *   TEX_HEADER_DIMENSION (1): width, height, depth or layers, levels of the level in Ra
 *     (tgx_tex_query_size: zero sizes and the true level count for a level out of range);
 *   TEX_HEADER_TEXTURE_TYPE (2): the header's texture type as the TIC numbers it (nouveau's
 *     g80_texture.xml.h: 1D 0, 2D 1, 3D 2, CUBEMAP 3, 1D_ARRAY 4, 2D_ARRAY 5, 1D_BUFFER 6,
 *     2D_NO_MIPMAP 7, CUBE_ARRAY 8), 0, the sample count (nouveau: "TXQ_TYPE: ?, ?, samples, ?";
 *     NAK reads textureSamples from component 2), 0;
 *   TEX_HEADER_SAMPLER_POS (5): x, y of sample Ra of a multisampled texture in [0, 1), 0, 0;
 *   TEX_SAMPLER_FILTER (16): mag, min, mip filter and maximum anisotropy, in the TSC's codes
 *     (g80_texture.xml.h: mag/min NEAREST 1, LINEAR 2; mip NONE 1, NEAREST 2, LINEAR 3);
 *   TEX_SAMPLER_LOD (18): min LOD, max LOD, LOD bias (fp32), 0;
 *   TEX_SAMPLER_WRAP (20): wrap s, t, r in the TSC's codes (WRAP 0, MIRROR 1, CLAMP_TO_EDGE 2,
 *     BORDER 3, CLAMP_OGL 4, MIRROR_ONCE_CLAMP_TO_EDGE 5, MIRROR_ONCE_BORDER 6,
 *     MIRROR_ONCE_CLAMP_OGL 7), then the depth compare function (0 NEVER .. 7 ALWAYS) + 8 when
 *     comparison is on, else 0;
 *   TEX_SAMPLER_BORDER_COLOR (22): the border colour (fp32, or the integer colour for integer
 *     formats);
 *   any other query: zeros. */
#include <string.h>

#include "emu/emu_internal.h"
#include "tgx/util.h"

enum {
    Q_DIMENSION = 1,
    Q_TEXTURE_TYPE = 2,
    Q_SAMPLER_POS = 5,
    Q_FILTER = 16,
    Q_LOD = 18,
    Q_WRAP = 20,
    Q_BORDER = 22
};

static uint32_t tic_type(tgx_tex_target t)
{
    static const uint8_t code[TGX_TEX_TARGET_COUNT] = {
        [TGX_TEX_BUFFER] = 6,   [TGX_TEX_1D] = 0,          [TGX_TEX_2D] = 1,
        [TGX_TEX_3D] = 2,       [TGX_TEX_CUBE] = 3,        [TGX_TEX_RECT] = 7,
        [TGX_TEX_1D_ARRAY] = 4, [TGX_TEX_2D_ARRAY] = 5,    [TGX_TEX_CUBE_ARRAY] = 8,
        [TGX_TEX_2D_MS] = 1,    [TGX_TEX_2D_ARRAY_MS] = 5,
    };
    return (unsigned)t < TGX_TEX_TARGET_COUNT ? code[t] : 0u;
}

static uint32_t tsc_wrap(tgx_tex_wrap w)
{
    static const uint8_t code[TGX_TEX_WRAP_COUNT] = {
        [TGX_TEX_WRAP_REPEAT] = 0,
        [TGX_TEX_WRAP_CLAMP] = 4,
        [TGX_TEX_WRAP_CLAMP_TO_EDGE] = 2,
        [TGX_TEX_WRAP_CLAMP_TO_BORDER] = 3,
        [TGX_TEX_WRAP_MIRROR_REPEAT] = 1,
        [TGX_TEX_WRAP_MIRROR_CLAMP] = 7,
        [TGX_TEX_WRAP_MIRROR_CLAMP_TO_EDGE] = 5,
        [TGX_TEX_WRAP_MIRROR_CLAMP_TO_BORDER] = 6,
    };
    return (unsigned)w < TGX_TEX_WRAP_COUNT ? code[w] : 0u;
}

static void header_answer(const tgx_sm5_emu_header *h, unsigned query, uint32_t arg,
                          uint32_t out[4])
{
    memset(out, 0, 4 * sizeof *out);
    if (query == Q_DIMENSION) {
        tgx_tex_query_size(&h->view, (int32_t)arg, out);
    } else if (query == Q_TEXTURE_TYPE) {
        uint32_t n = tgx_tex_query_samples(&h->view);
        out[0] = tic_type(h->view.target);
        out[2] = n ? n : 1u;
    } else if (query == Q_SAMPLER_POS) {
        float pos[2];
        if (tgx_tex_sample_position(tgx_tex_query_samples(&h->view), arg, pos)) {
            out[0] = tgx_f2bits(pos[0]);
            out[1] = tgx_f2bits(pos[1]);
        }
    }
}

static void sampler_answer(const tgx_sampler *s, const tgx_sm5_emu_header *h, unsigned query,
                           uint32_t out[4])
{
    memset(out, 0, 4 * sizeof *out);
    if (query == Q_FILTER) {
        out[0] = s->mag_filter == TGX_TEX_FILTER_LINEAR ? 2u : 1u;
        out[1] = s->min_filter == TGX_TEX_FILTER_LINEAR ? 2u : 1u;
        out[2] = (uint32_t)s->mip_filter + 1u; /* NONE 1, NEAREST 2, LINEAR 3 */
        out[3] = s->max_anisotropy;
    } else if (query == Q_LOD) {
        out[0] = tgx_f2bits(s->min_lod);
        out[1] = tgx_f2bits(s->max_lod);
        out[2] = tgx_f2bits(s->lod_bias);
    } else if (query == Q_WRAP) {
        out[0] = tsc_wrap(s->wrap_s);
        out[1] = tsc_wrap(s->wrap_t);
        out[2] = tsc_wrap(s->wrap_r);
        out[3] = s->compare_enable ? 8u + (uint32_t)s->compare_func : 0u;
    } else if (query == Q_BORDER) {
        bool integer = tgx_tex_format_get(h->view.format)->is_integer;
        for (unsigned k = 0; k < 4; k++)
            out[k] = integer ? s->border_color_int[k] : tgx_f2bits(s->border_color[k]);
    }
}

void emu_query_kinds(unsigned query, const tgx_sm5_emu_header *h, uint8_t kind[4])
{
    uint8_t k = TGX_SM5_EMU_UINT; /* sizes, counts, TIC and TSC codes; the zeros of the rest */
    if (query == Q_SAMPLER_POS || query == Q_LOD)
        k = TGX_SM5_EMU_FLOAT;
    else if (query == Q_BORDER && !tgx_tex_format_get(h->view.format)->is_integer)
        k = TGX_SM5_EMU_FLOAT;
    else if (query == Q_BORDER && tgx_tex_format_get(h->view.format)->is_signed)
        k = TGX_SM5_EMU_INT;
    memset(kind, k, 4);
}

static bool is_sampler_query(unsigned q)
{
    return q == Q_FILTER || q == Q_LOD || q == Q_WRAP || q == Q_BORDER;
}

tgx_status emu_query(emu_ctx *c, const emu_group *g)
{
    unsigned q = c->in->query;
    if (is_sampler_query(q) && !g->samp)
        return TGX_OK;
    for (unsigned t = 0; t < EMU_W; t++) {
        if (!(g->mask >> t & 1u))
            continue;
        uint32_t out[4];
        if (is_sampler_query(q))
            sampler_answer(g->samp, g->header, q, out);
        else
            header_answer(g->header, q, c->param[TGX_SM5_P_LEVEL].u[t], out);
        for (unsigned k = 0; k < 4; k++)
            c->res[k].u[t] = out[k];
    }
    return TGX_OK;
}
