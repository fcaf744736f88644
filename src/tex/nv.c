/* The nv profile's fixed-point steps, one function per step of the NVIDIA texture pipeline as the
 * H100 probes in ../shared/hw show it (docs/texture.md section 3 lists each rule with the probes
 * that show it; ../shared/hw-facts.md summarises them). sample.c, address.c and lod.c call these
 * where the profile is nv; nothing here depends on the request beyond its arguments. */
#include <math.h>

#include "tex/sampling.h"
#include "tgx/util.h"

/* ---- coordinates ---------------------------------------------------------------------------- */

tgx_tex_wrap tex_nv_unnormalized_wrap(tgx_tex_wrap w)
{
    /* probes B1/B2 *_wrap_unnorm, *_mirror_unnorm, A11, J20 *_mirror_unnorm: with coordinates
     * in texels, wrap and mirror return the clamp-to-edge texel and weight everywhere (CUDA
     * documents wrap and mirror for normalised coordinates only) */
    return w == TGX_TEX_WRAP_REPEAT || w == TGX_TEX_WRAP_MIRROR_REPEAT ? TGX_TEX_WRAP_CLAMP_TO_EDGE
                                                                       : w;
}

float tex_nv_flush_denormal(float v)
{
    /* probe A08 (wrap, point): u = -1.17549421e-38 reads texel 0 as +0 does, not texel 4 as
     * floor(-tiny * 5) = -1 would */
    return fabsf(v) < 0x1p-126f ? 0.0f : v;
}

/* ---- LOD ------------------------------------------------------------------------------------ */

static const uint8_t nv_log2_table[256] = {
#include "tex/nv_log2.def"
};

int32_t tex_nv_log2_fixed(float x)
{
    /* hw-facts "LOD from gradients": x's mantissa truncated to 8 bits (m), the LOD is
     * exponent + T[m] / 256. Callers handle 0, infinity and NaN. */
    const uint32_t b = tgx_f2bits(x);
    int32_t e = (int32_t)((b >> 23) & 0xffu) - 127;
    uint32_t m = (b >> 15) & 0xffu;
    if (e == -127) { /* subnormal: normalise (the length of a gradient can be that small) */
        uint32_t mant = b & 0x7fffffu;
        e = -126;
        while (mant && !(mant & 0x800000u)) {
            mant <<= 1;
            e--;
        }
        m = (mant >> 15) & 0xffu;
    }
    return e * 256 + (int32_t)nv_log2_table[m];
}

/* ---- filter weights ------------------------------------------------------------------------- */

/* v / 256 rounded to the nearest integer, ties up / ties down. */
static inline uint32_t div256_half_up(uint32_t v)
{
    return (v + 128u) >> 8;
}

static inline uint32_t div256_half_down(uint32_t v)
{
    return (v + 127u) >> 8;
}

void tex_nv_split_slice(uint32_t total, uint32_t kx, uint32_t ky, uint32_t w[4])
{
    /* hw-facts "3D and mip-linear weights": within a slice of weight T, X1 = rhu(T kx / 256),
     * X0 = T - X1; then w(x0,y1) = rhd(X0 ky / 256), w(x1,y1) = rhu(X1 ky / 256), the y0
     * weights the rest. With T = 256 this is the 2D rule w11 = rhu(kx ky / 256). */
    const uint32_t x1 = div256_half_up(total * kx), x0 = total - x1;
    const uint32_t w01 = div256_half_down(x0 * ky), w11 = div256_half_up(x1 * ky);
    w[0] = x0 - w01;
    w[1] = x1 - w11;
    w[2] = w01;
    w[3] = w11;
}

void tex_nv_split_volume(uint32_t total, uint32_t kx, uint32_t ky, uint32_t kz, uint32_t w[8])
{
    /* z first (T1 = rhu(total kz / 256), exactly kz when total = 256), then each slice as above.
     * With total < 256 (a 3D level of a mip-linear pair) the order is our reading: level, z, x,
     * y, each split as the 2D rule splits its axis. */
    const uint32_t z1 = div256_half_up(total * kz);
    tex_nv_split_slice(total - z1, kx, ky, w);
    tex_nv_split_slice(z1, kx, ky, w + 4);
}

/* ---- blending ------------------------------------------------------------------------------- */

void tex_nv_blend(const tex_ctx *c, const tgx_texel *const *tx, const uint32_t *w, int n,
                  tgx_texel *out)
{
    for (int ch = 0; ch < 4; ch++) {
        if (c->nv_unorm16) {
            /* hw-facts: texels widen to 16 bits (c * 257 for 8-bit), the whole sum (8 taps for
             * 3D and mip-linear) is rounded once to 16 bits and divided by 65535 */
            uint64_t acc = 0;
            for (int i = 0; i < n; i++)
                acc += (uint64_t)w[i] * (uint64_t)lrintf(tx[i]->f[ch] * 65535.0f);
            out->f[ch] = (float)((acc + 128u) >> 8) / 65535.0f;
        } else {
            /* hw-facts: f32 blends are correctly rounded in ~98% of cases: the weighted sum in
             * double (exact unless the texels' exponents lie far apart), rounded once */
            double acc = 0.0;
            for (int i = 0; i < n; i++)
                acc += (double)w[i] * (double)tx[i]->f[ch];
            out->f[ch] = (float)(acc / 256.0);
        }
    }
}
