/* Filtered sampling, gather and LOD queries. */
#include "tex/tex_internal.h"

tgx_status tgx_tex_sample(const tgx_tex_view *view, const tgx_sampler *samp,
                          const tgx_tex_sample_req *req, tgx_tex_result out, tgx_diag *d)
{
    (void)view, (void)samp, (void)req, (void)out;
    return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, NULL, 0, 0, "filtered sampling is being written");
}

tgx_status tgx_tex_gather(const tgx_tex_view *view, const tgx_sampler *samp,
                          const tgx_tex_sample_req *req, tgx_tex_result out, tgx_diag *d)
{
    (void)view, (void)samp, (void)req, (void)out;
    return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, NULL, 0, 0, "gather is being written");
}

tgx_status tgx_tex_query_lod(const tgx_tex_view *view, const tgx_sampler *samp,
                             const tgx_tex_sample_req *req, float *out_clamped,
                             float *out_unclamped, tgx_diag *d)
{
    (void)view, (void)samp, (void)req, (void)out_clamped, (void)out_unclamped;
    return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, NULL, 0, 0, "LOD query is being written");
}
