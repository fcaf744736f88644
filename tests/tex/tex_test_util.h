/* Helpers shared by the texture-unit tests: small textures with hand-chosen texels and one-quad
 * sample requests. */
#ifndef TEX_TEST_UTIL_H
#define TEX_TEST_UTIL_H

#include <math.h>
#include <string.h>

#include "tgx/tex.h"
#include "tgx/util.h"
#include "tgx_test.h"

static inline tgx_tex *tt_make(tgx_tex_target target, tgx_tex_format fmt, uint32_t w, uint32_t h,
                               uint32_t d, uint32_t levels)
{
    tgx_tex_desc desc = {target, fmt, w, h, d, levels, 1};
    tgx_tex *tex = NULL;
    tgx_diag dg;
    if (tgx_tex_create(&desc, &tex, &dg) < 0) {
        fprintf(stderr, "texture creation failed: %s\n", dg.message);
        exit(1);
    }
    return tex;
}

/* Stores float channel values (c0..c3) with the format's conversion. */
static inline void tt_setf(tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y, uint32_t z,
                           float r, float g, float b, float a)
{
    const uint32_t v[4] = {tgx_f2bits(r), tgx_f2bits(g), tgx_f2bits(b), tgx_f2bits(a)};
    tgx_tex_store_texel(tex, level, x, y, z, 0, v);
}

/* One quad: four lanes with their own coordinates; results in res[lane][channel]. */
typedef struct tt_quad {
    float s[4], t[4], r[4], layer[4], ref[4], lod[4], q[4];
    float ddx[3][4], ddy[3][4];
    int32_t off[3][4];
    uint32_t res[4][4];
} tt_quad;

static inline void tt_quad_at(tt_quad *q, float s, float t)
{
    memset(q, 0, sizeof *q);
    for (int i = 0; i < 4; i++) {
        q->s[i] = s;
        q->t[i] = t;
        q->q[i] = 1.0f;
    }
}

/* Lanes 4q+0..3 = (x,y), (x+1,y), (x,y+1), (x+1,y+1): coordinates step by (dsdx, dtdy). */
static inline void tt_quad_grad(tt_quad *q, float s, float t, float dsdx, float dtdy)
{
    tt_quad_at(q, s, t);
    for (int i = 0; i < 4; i++) {
        q->s[i] = s + (float)(i & 1) * dsdx;
        q->t[i] = t + (float)(i >> 1) * dtdy;
    }
}

static inline tgx_tex_sample_req tt_req(tt_quad *q, tgx_tex_lod_mode mode)
{
    tgx_tex_sample_req req;
    memset(&req, 0, sizeof req);
    req.lanes = 4;
    req.s = q->s;
    req.t = q->t;
    req.r = q->r;
    req.layer = q->layer;
    req.lod_mode = mode;
    req.lod = q->lod;
    for (int a = 0; a < 3; a++) {
        req.ddx[a] = q->ddx[a];
        req.ddy[a] = q->ddy[a];
    }
    return req;
}

static inline tgx_tex_result tt_out(tt_quad *q, uint32_t cols[4][4])
{
    (void)q;
    tgx_tex_result r = {{cols[0], cols[1], cols[2], cols[3]}};
    return r;
}

/* Samples and returns channel ch of lane 0 as a float. */
static inline float tt_sample1(const tgx_tex_view *v, const tgx_sampler *s, tgx_tex_sample_req *req,
                               int lane, int ch)
{
    uint32_t cols[4][4];
    memset(cols, 0, sizeof cols);
    tgx_tex_result out = {{cols[0], cols[1], cols[2], cols[3]}};
    tgx_diag dg;
    if (tgx_tex_sample(v, s, req, out, &dg) < 0) {
        fprintf(stderr, "sample failed: %s\n", dg.message);
        return NAN;
    }
    return tgx_bits2f(cols[ch][lane]);
}

static inline int tt_near(float a, float b, float tol)
{
    return fabsf(a - b) <= tol;
}

#endif
