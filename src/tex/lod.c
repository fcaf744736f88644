/* Level of detail from gradients: GL 4.6 section 8.14.1 (eqs. 8.7-8.8) and
 * EXT_texture_filter_anisotropic for the exact profile, Mesa softpipe's choices for the
 * softpipe rule, and the observed NVIDIA rules (hw-facts.md) for the nv profile. */
#include <math.h>

#include "tex/sampling.h"
#include "tgx/util.h"

float tex_nv_quantize_lod(float v)
{
    /* hw-facts: explicit LOD and the sampler's bias/min/max are truncated toward zero to 1/256 */
    if (v != v)
        return 0.0f;
    if (v > 4096.0f)
        return 4096.0f;
    if (v < -4096.0f)
        return -4096.0f;
    return truncf(v * 256.0f) / 256.0f;
}

/* Mesa's util_fast_log2 (src/util/u_math.h): exponent plus a 257-entry table of
 * log2(1 + i/256) indexed by the mantissa rounded to 8 bits. Used by softpipe's LOD. */
static float softpipe_fast_log2(float x)
{
    const uint32_t bits = tgx_f2bits(x);
    const float epart = (float)((int32_t)((bits & 0x7f800000u) >> 23) - 127);
    const uint32_t idx = ((bits & 0x007fffffu) + (1u << 14)) >> 15;
    const float mpart = (float)log2(1.0 + (double)idx * (1.0 / 256.0));
    return epart + mpart;
}

/* hw-facts: the length's mantissa is truncated to 8 bits and the LOD is exponent + T[m]/256 with
 * the hardware's 256-entry log2 table (tex_nv_log2_fixed). */
static float nv_log2(float x)
{
    if (!(x > 0.0f))
        return -INFINITY;
    if (isinf(x))
        return INFINITY;
    return (float)tex_nv_log2_fixed(x) / 256.0f;
}

/* hw-facts: "a diagonal gradient's length behaves like max + ~0.34*min rather than the Euclidean
 * norm". The length is max + (11/32) * (sum of the smaller magnitudes), that addend truncated to
 * 9 fraction bits below max's leading bit (GL01, C21: 920 -> 456 wrong quads of 4096 in GL01
 * without the diagonals; 8 and 10 bits do worse; C20_grad_rand_mipcoord64_aniso1_pointmip
 * becomes bit-exact). The 3-component form is a guess (C25 improves with it). */
static float nv_length(const float v[3])
{
    float a = fabsf(v[0]), b = fabsf(v[1]), c = fabsf(v[2]);
    float mx = fmaxf(a, fmaxf(b, c));
    /* J22: infinite -> the last level (no inf - inf). NaN (a diagonal of +inf and -inf
     * gradients): fmaxf in nv_diagonal_length takes the other diagonal; ilogbf(NaN) is INT_MIN,
     * and INT_MIN - 9 below overflowed (UBSan in tex/test_fast and test_properties) */
    if (isinf(mx) || mx == 0.0f || isnan(mx))
        return mx;
    const double q = ldexp(1.0, ilogbf(mx) - 9); /* mx is at least 2^-126 here: q > 0 */
    const double add = floor((11.0 / 32.0) * ((double)a + b + c - mx) / q) * q;
    return (float)((double)mx + add);
}

/* The two diagonals of the pixel footprint, dx + dy and dx - dy, scaled by 11/16 (about
 * 1/sqrt(2)) and measured as above: GL01 (4096 quads of random gradients) agrees with no other
 * factor from 170/256 to 181/256; J15 (dPdx = (a, p), dPdy = (-p, a)) reads 1.375 a at p = a.
 * Scaling the components before measuring (rather than the length after) fits GL01, GL08, C21,
 * C25 and J15 a little better (the addend's truncation then sees the scaled values). */
static float nv_diagonal_length(const float dx[3], const float dy[3])
{
    float s[3], d[3];
    for (int a = 0; a < 3; a++) {
        s[a] = (11.0f / 16.0f) * (dx[a] + dy[a]);
        d[a] = (11.0f / 16.0f) * (dx[a] - dy[a]);
    }
    return fmaxf(nv_length(s), nv_length(d));
}

static float euclid(const float v[3])
{
    return sqrtf(v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
}

/* EXT_texture_filter_anisotropic: N = min(ceil(Pmax / Pmin), maxAniso), lambda from Pmax / N. */
static float aniso_scale(const tex_ctx *c, float px, float py, uint32_t *aniso_n, bool *major_x)
{
    const float pmax = fmaxf(px, py), pmin = fminf(px, py);
    *major_x = px >= py;
    *aniso_n = 1;
    if (c->samp->max_anisotropy <= 1 || !(pmax > 0.0f))
        return pmax;
    const float ratio = pmin > 0.0f ? ceilf(pmax / pmin) : (float)c->samp->max_anisotropy;
    /* inf / inf is NaN: the comparison fails and N is the maximum (no NaN to integer) */
    uint32_t n = ratio < (float)c->samp->max_anisotropy ? (uint32_t)ratio : c->samp->max_anisotropy;
    n = n < 1 ? 1 : n;
    *aniso_n = n;
    return pmax / (float)n;
}

float tex_grad_length(const tex_ctx *c, const float v[3])
{
    return c->nv ? nv_length(v) : euclid(v);
}

float tex_lambda_from_grads(const tex_ctx *c, const float dx[3], const float dy[3],
                            uint32_t *aniso_n, bool *major_is_x)
{
    return tex_lambda_from_footprint(c, dx, dy, true, aniso_n, major_is_x);
}

/* x truncated toward zero to `bits` significant bits. */
static double nv_truncate_bits(double x, int bits)
{
    if (x == 0.0 || !isfinite(x))
        return x;
    int e;
    frexp(x, &e);
    const double q = ldexp(1.0, e - bits);
    return trunc(x / q) * q;
}

/* The footprint's area |dx x dy| (the 2D determinant; 3D: the cross product's length). */
static double nv_footprint_area(const float a[3], const float b[3])
{
    const double z = (double)a[0] * b[1] - (double)a[1] * b[0],
                 x = (double)a[1] * b[2] - (double)a[2] * b[1],
                 y = (double)a[2] * b[0] - (double)a[0] * b[2];
    return x == 0.0 && y == 0.0 ? fabs(z) : sqrt(x * x + y * y + z * z);
}

/* nv with max anisotropy above 1 (GL02, GL10: textureQueryLod of 8192 quads, the LOD of every
 * quad within 2/256; C14c, C20, C21, C22, J14: the level blend): the major length Pmax is the
 * isotropic rho (the gradients and the footprint's diagonals, nv_length), the minor length is
 * area / Pmax taken in the log domain with the log2 table: log2 Pmin = log2 area - log2 Pmax,
 * capped at log2 Pmax; the LOD is max(log2 Pmin, log2 Pmax - log2 max_anisotropy). The sample
 * count N = min(ceil(Pmax / Pmin), max_anisotropy) along the major gradient. */
static float nv_aniso_lambda(const tex_ctx *c, const float gx[3], const float gy[3], bool diagonals,
                             uint32_t *aniso_n, bool *major_x)
{
    /* the gradients' components truncated to 10 significant bits first: of 6..16 bits (and of
     * truncating the area's products or the area instead) 10 fits GL02 and GL10 best (3433 and
     * 3517 quads exact truncating for the area alone, 3447 and 3535 for the lengths too) and
     * J14's sweep (LOD transitions off: 80 -> 28 of 466) */
    float dx[3], dy[3];
    for (int i = 0; i < 3; i++) {
        dx[i] = (float)nv_truncate_bits(gx[i], 10);
        dy[i] = (float)nv_truncate_bits(gy[i], 10);
    }
    const float lx = nv_length(dx), ly = nv_length(dy);
    float pmax = fmaxf(lx, ly);
    *major_x = lx >= ly;
    if (diagonals)
        pmax = fmaxf(pmax, nv_diagonal_length(dx, dy));
    const float maxa = (float)c->samp->max_anisotropy;
    *aniso_n = c->samp->max_anisotropy;
    if (!(pmax > 0.0f) || isinf(pmax))
        return nv_log2(pmax);
    const int32_t lmax = tex_nv_log2_fixed(pmax);
    const int32_t floor_lod = lmax - tex_nv_log2_fixed(maxa);
    const float area = (float)nv_footprint_area(dx, dy);
    if (!(area > 0.0f) || isinf(area))
        return (float)floor_lod / 256.0f;
    int32_t lmin = tex_nv_log2_fixed(area) - lmax;
    lmin = lmin > lmax ? lmax : lmin;
    const float ratio = ceilf(pmax * pmax / area);
    *aniso_n = ratio < maxa ? (uint32_t)ratio : c->samp->max_anisotropy;
    *aniso_n = *aniso_n < 1 ? 1 : *aniso_n;
    return (float)(lmin > floor_lod ? lmin : floor_lod) / 256.0f;
}

float tex_lambda_from_footprint(const tex_ctx *c, const float dx[3], const float dy[3],
                                bool diagonals, uint32_t *aniso_n, bool *major_is_x)
{
    float lambda;
    if (c->nv && c->samp->max_anisotropy > 1) {
        lambda = nv_aniso_lambda(c, dx, dy, diagonals, aniso_n, major_is_x);
    } else if (c->nv) {
        float rho = aniso_scale(c, nv_length(dx), nv_length(dy), aniso_n, major_is_x);
        if (c->samp->max_anisotropy <= 1 && diagonals)
            rho = fmaxf(rho, nv_diagonal_length(dx, dy));
        lambda = nv_log2(rho);
    } else if (c->softpipe) {
        /* softpipe compute_lambda_*: rho = max over axes of max(|d/dx|, |d/dy|) (scaled) */
        float rho = 0.0f;
        for (int a = 0; a < 3; a++)
            rho = fmaxf(rho, fmaxf(fabsf(dx[a]), fabsf(dy[a])));
        *aniso_n = 1;
        *major_is_x = true;
        if (c->samp->max_anisotropy > 1)
            rho = aniso_scale(c, euclid(dx), euclid(dy), aniso_n, major_is_x);
        lambda = softpipe_fast_log2(rho);
    } else {
        /* GL 4.6 eq. 8.7/8.8: rho = max(sqrt(sum (du/dx)^2), sqrt(sum (du/dy)^2)) */
        float rho = aniso_scale(c, euclid(dx), euclid(dy), aniso_n, major_is_x);
        lambda = log2f(rho);
    }
    return lambda != lambda ? 0.0f : lambda;
}
