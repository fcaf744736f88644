/* Addressing: texel coordinates, wrap modes, nearest/linear taps, cube faces and seamless cube
 * neighbours. Formulas: GL 4.6 sections 8.13 (cube maps, table 8.19) and 8.14.2 (wrap modes,
 * eqs. 8.11 and table 8.20), EXT_texture_mirror_clamp for the legacy mirror-clamp modes, and the
 * nv rules of the H100 probes (docs/sources.md); docs/texture.md lists each. */
#include <math.h>

#include "tex/sampling.h"
#include "tgx/util.h"

/* How an integer texel index is brought into [0, n): after the coordinate transforms below every
 * wrap mode is one of these four. */
typedef enum index_rule { RULE_REPEAT, RULE_MIRROR, RULE_EDGE, RULE_BORDER } index_rule;

/* Coordinate transform of the clamp families (applied to x = u * size):
 * CLAMP clamps x to [0, n] (legacy GL_CLAMP); the EXT_texture_mirror_clamp modes take |x| first
 * (MIRROR_CLAMP then clamps like CLAMP). */
static double pre_transform(tgx_tex_wrap w, double x, uint32_t n)
{
    if (w == TGX_TEX_WRAP_MIRROR_CLAMP || w == TGX_TEX_WRAP_MIRROR_CLAMP_TO_EDGE ||
        w == TGX_TEX_WRAP_MIRROR_CLAMP_TO_BORDER)
        x = fabs(x);
    if (w == TGX_TEX_WRAP_CLAMP || w == TGX_TEX_WRAP_MIRROR_CLAMP)
        x = x < 0.0 ? 0.0 : (x > (double)n ? (double)n : x);
    return x;
}

static index_rule rule_of(tgx_tex_wrap w, bool linear)
{
    switch (w) {
    case TGX_TEX_WRAP_REPEAT: return RULE_REPEAT;
    case TGX_TEX_WRAP_MIRROR_REPEAT: return RULE_MIRROR;
    case TGX_TEX_WRAP_CLAMP:
    case TGX_TEX_WRAP_MIRROR_CLAMP:
        /* GL_CLAMP: nearest behaves like clamp-to-edge, linear blends with the border */
        return linear ? RULE_BORDER : RULE_EDGE;
    case TGX_TEX_WRAP_CLAMP_TO_BORDER:
    case TGX_TEX_WRAP_MIRROR_CLAMP_TO_BORDER: return RULE_BORDER;
    default: return RULE_EDGE;
    }
}

/* GL 4.6 eq. 8.11 / table 8.20 on an integer index; -1 means "border texel". */
static int32_t wrap_index(int64_t i, uint32_t n, index_rule r)
{
    const int64_t nn = n;
    if (i >= 0 && i < nn) /* inside: every rule gives i (no 64-bit division on the hot path) */
        return (int32_t)i;
    switch (r) {
    case RULE_REPEAT: return (int32_t)(((i % nn) + nn) % nn);
    case RULE_MIRROR: {
        /* (size - 1) - mirror((i mod 2 size) - size), mirror(a) = a >= 0 ? a : -(1 + a) */
        int64_t m = ((i % (2 * nn)) + 2 * nn) % (2 * nn) - nn;
        int64_t mir = m >= 0 ? m : -(1 + m);
        return (int32_t)(nn - 1 - mir);
    }
    case RULE_EDGE: return (int32_t)(i < 0 ? 0 : (i >= nn ? nn - 1 : i));
    case RULE_BORDER: return (i < 0 || i >= nn) ? -1 : (int32_t)i;
    }
    return -1;
}

/* floor() to a 64-bit index without undefined behaviour (NaN -> 0, huge values saturate at a
 * magnitude that still wraps correctly through the modulo). */
static int64_t floor_index(double x)
{
    if (x != x)
        return 0;
    double f = floor(x);
    if (f > 4.0e15)
        return (int64_t)4.0e15;
    if (f < -4.0e15)
        return -(int64_t)4.0e15;
    return (int64_t)f;
}

void tex_axis_nearest(const tex_ctx *c, int axis, double x, uint32_t n, axis_taps *t)
{
    const tgx_tex_wrap w = c->wrap[axis];
    x = pre_transform(w, x, n);
    t->i0 = t->i1 = wrap_index(floor_index(x), n, rule_of(w, false));
    t->a = 0.0f;
    t->k = 0;
}

void tex_axis_linear(const tex_ctx *c, int axis, double x, uint32_t n, axis_taps *t)
{
    const tgx_tex_wrap w = c->wrap[axis];
    const index_rule r = rule_of(w, true);
    x = pre_transform(w, x, n);
    int64_t i0;
    if (!isfinite(x)) {
        /* NaN / infinite coordinates: GL leaves the result undefined; take the texel the
         * index rule gives (NaN -> 0) with weight 0, so results stay texel values, never NaN */
        i0 = floor_index(x);
        t->k = 0;
        t->a = 0.0f;
    } else if (c->nv) {
        /* hw-facts: k = floor(frac(x - 0.5) * 256 + 0.5), k = 256 carries into the next texel */
        double xm = x - 0.5;
        i0 = floor_index(xm);
        double fr = xm - floor(xm);
        uint32_t k = (uint32_t)floor(fr * 256.0 + 0.5);
        if (k >= 256) {
            k = 0;
            i0++;
        }
        if (r == RULE_EDGE && wrap_index(i0, n, r) == wrap_index(i0 + 1, n, r))
            k = 0; /* hw-facts: clamp-to-edge clamps the coordinate, both taps one texel */
        t->k = k;
        t->a = (float)k / 256.0f;
    } else {
        /* GL 4.6 eq. 8.12: i0 = floor(u - 1/2), alpha = frac(u - 1/2), in float */
        float xm = (float)x - 0.5f;
        float fl = floorf(xm);
        i0 = floor_index(fl);
        t->a = xm - fl;
        t->k = 0;
    }
    t->i0 = wrap_index(i0, n, r);
    t->i1 = wrap_index(i0 + 1, n, r);
}

double tex_scale_coord(const tex_ctx *c, int axis, double u, uint32_t n, uint32_t level_max_dim)
{
    if (c->unnormalized)
        return u;
    if (!c->nv)
        return (double)((float)u * (float)n); /* GL: u = s * w_t, in float */
    const double q = tex_nv_fixed_coord(u, tex_nv_coord_bits(c->view->target, level_max_dim));
    return tex_nv_wrap_reduce(axis >= 0 ? c->wrap[axis] : TGX_TEX_WRAP_CLAMP_TO_EDGE, q) *
           (double)n;
}

/* GL 4.6 table 8.19: (sc, tc, ma) per face. */
static void face_axes(uint32_t face, float rx, float ry, float rz, float *sc, float *tc, float *ma)
{
    switch (face) {
    case 0: *sc = -rz, *tc = -ry, *ma = rx; break;
    case 1: *sc = rz, *tc = -ry, *ma = rx; break;
    case 2: *sc = rx, *tc = rz, *ma = ry; break;
    case 3: *sc = rx, *tc = -rz, *ma = ry; break;
    case 4: *sc = rx, *tc = -ry, *ma = rz; break;
    default: *sc = -rx, *tc = -ry, *ma = rz; break;
    }
}

static uint32_t major_face(const tex_ctx *c, float rx, float ry, float rz)
{
    const float ax = fabsf(rx), ay = fabsf(ry), az = fabsf(rz);
    uint32_t axis;
    if (c->nv) {
        /* hw-facts: ties pick the major axis in the order Z, then Y, then X */
        axis = (az >= ay && az >= ax) ? 2 : (ay >= ax ? 1 : 0);
    } else {
        /* GL leaves ties open; softpipe (sp_tex_sample.c, convert_cube) prefers X, then Y */
        axis = (ax >= ay && ax >= az) ? 0 : (ay >= az ? 1 : 2);
    }
    const float v = axis == 0 ? rx : (axis == 1 ? ry : rz);
    return 2 * axis + (v >= 0.0f ? 0 : 1);
}

void tex_cube_project(uint32_t face, float rx, float ry, float rz, double *s, double *t)
{
    float sc, tc, ma;
    face_axes(face, rx, ry, rz, &sc, &tc, &ma);
    float ama = fabsf(ma);
    /* GL 4.6 eq. 8.9: s = (sc / |ma| + 1) / 2 */
    *s = (double)((sc / ama + 1.0f) * 0.5f);
    *t = (double)((tc / ama + 1.0f) * 0.5f);
}

/* The axis (0 = x, 1 = y, 2 = z) that sc and tc of each face take (table 8.19). */
static const uint8_t face_sc_axis[6] = {2, 2, 0, 0, 0, 0};
static const uint8_t face_tc_axis[6] = {1, 1, 2, 2, 1, 1};

bool tex_cube_unfold(const tex_ctx *c, uint32_t ref, float rx, float ry, float rz, double *s,
                     double *t)
{
    const uint32_t own = major_face(c, rx, ry, rz);
    const float r[3] = {rx, ry, rz};
    float sc, tc, ma;
    face_axes(ref, rx, ry, rz, &sc, &tc, &ma);
    /* the direction scaled onto the cube's surface by its own major axis, as the face
     * coordinates are (tex_cube_face, nv) */
    const float rcp = 1.0f / fabsf(r[own / 2]);
    double u = tex_nv_input(sc * rcp), v = tex_nv_input(tc * rcp);
    if (own != ref) {
        /* across an edge: the distance from the edge on the other face, 1 - (component toward
         * ref), continues the coordinate past +-1 (D20: a lane off the face reads its unfolded
         * position, not its projection onto ref's plane); the opposite face (untested) goes
         * across the nearer edge */
        const double toward = (double)tex_nv_input(ma * rcp) * ((ref & 1) ? -1.0 : 1.0);
        const bool across_s =
            own / 2 == face_sc_axis[ref] || (own / 2 != face_tc_axis[ref] && fabs(u) >= fabs(v));
        if (across_s)
            u = copysign(2.0 - toward, u);
        else
            v = copysign(2.0 - toward, v);
    }
    *s = (u + 1.0) * 0.5;
    *t = (v + 1.0) * 0.5;
    return own == ref;
}

void tex_cube_face(const tex_ctx *c, float rx, float ry, float rz, uint32_t *face, double *s,
                   double *t)
{
    float sc, tc, ma;
    *face = major_face(c, rx, ry, rz);
    face_axes(*face, rx, ry, rz, &sc, &tc, &ma);
    const float ama = fabsf(ma);
    if (c->nv) {
        /* hw-facts: sc * fp32(1/|ma|), then (s + 1) / 2 exactly; a zero direction makes
         * 0 * inf = NaN, which reads as 0 as every NaN coordinate does: the centre of +Z
         * (probes D01b, D02, D03: all eight signed zero directions) */
        const float rcp = 1.0f / ama;
        *s = ((double)tex_nv_input(sc * rcp) + 1.0) * 0.5;
        *t = ((double)tex_nv_input(tc * rcp) + 1.0) * 0.5;
    } else if (c->softpipe) {
        /* softpipe: sc * (0.5 / |ma|) + 0.5, in float */
        const float ima = 0.5f / ama;
        *s = (double)(sc * ima + 0.5f);
        *t = (double)(tc * ima + 0.5f);
    } else {
        tex_cube_project(*face, rx, ry, rz, s, t);
    }
}

/* Direction of the centre of texel (i, j) of a face of size n (inverse of table 8.19, ma = 1). */
static void texel_direction(uint32_t face, int32_t i, int32_t j, uint32_t n, double v[3])
{
    const double sc = 2.0 * ((double)i + 0.5) / (double)n - 1.0;
    const double tc = 2.0 * ((double)j + 0.5) / (double)n - 1.0;
    static const struct {
        int8_t x[3], y[3], z[3]; /* coefficients of (ma, sc, tc) for each axis */
    } inv[6] = {
        {{1, 0, 0}, {0, 0, -1}, {0, -1, 0}},  /* +X: (1, -tc, -sc) */
        {{-1, 0, 0}, {0, 0, -1}, {0, 1, 0}},  /* -X: (-1, -tc, sc) */
        {{0, 1, 0}, {1, 0, 0}, {0, 0, 1}},    /* +Y: (sc, 1, tc) */
        {{0, 1, 0}, {-1, 0, 0}, {0, 0, -1}},  /* -Y: (sc, -1, -tc) */
        {{0, 1, 0}, {0, 0, -1}, {1, 0, 0}},   /* +Z: (sc, -tc, 1) */
        {{0, -1, 0}, {0, 0, -1}, {-1, 0, 0}}, /* -Z: (-sc, -tc, -1) */
    };
    v[0] = inv[face].x[0] + inv[face].x[1] * sc + inv[face].x[2] * tc;
    v[1] = inv[face].y[0] + inv[face].y[1] * sc + inv[face].y[2] * tc;
    v[2] = inv[face].z[0] + inv[face].z[1] * sc + inv[face].z[2] * tc;
}

bool tex_cube_neighbour(uint32_t face, int32_t i, int32_t j, uint32_t n, uint32_t *nf, int32_t *ni,
                        int32_t *nj)
{
    const int32_t last = (int32_t)n - 1;
    if ((i < 0 || i > last) && (j < 0 || j > last))
        return false;
    /* The centre of a texel one step past an edge lies on the neighbouring face (its |sc| or
     * |tc| exceeds 1 = |ma| strictly, so the choice of face has no tie); projecting it there
     * lands on that face's edge texel, as GL 4.6 section 8.13.1 (seamless filtering) asks. */
    double v[3];
    texel_direction(face, i, j, n, v);
    const double ax = fabs(v[0]), ay = fabs(v[1]), az = fabs(v[2]);
    uint32_t axis = (ax >= ay && ax >= az) ? 0 : (ay >= az ? 1 : 2);
    uint32_t f = 2 * axis + (v[axis] >= 0.0 ? 0 : 1);
    float sc, tc, ma;
    face_axes(f, (float)v[0], (float)v[1], (float)v[2], &sc, &tc, &ma);
    double s = ((double)sc / fabs((double)ma) + 1.0) * 0.5;
    double t = ((double)tc / fabs((double)ma) + 1.0) * 0.5;
    int64_t si = floor_index(s * n), ti = floor_index(t * n);
    *nf = f;
    *ni = (int32_t)(si < 0 ? 0 : (si > last ? last : si));
    *nj = (int32_t)(ti < 0 ? 0 : (ti > last ? last : ti));
    return true;
}
