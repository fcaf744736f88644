/* The clipper, as Mesa 22.3's draw module runs it before softpipe's setup (facts from
 * draw_cliptest_tmp.h and draw_pipe_clip.c, restated, not copied; docs/pipeline.md "Clipping"):
 * the cliptest of each vertex against the view volume (no guard band: softpipe asks for none) and
 * the enabled clip distances (the shader's CLIPDIST, or the legacy user planes dotted with its
 * CLIPVERTEX or POSITION); a triangle with a vertex outside is clipped plane by plane
 * (Sutherland-Hodgman, the planes in bit order), new vertices interpolated in clip space, their
 * window position from the interpolated clip position, noperspective outputs with the window-space
 * parameter; the polygon is then drawn as a fan (clip.c's callers). */
#include <math.h>
#include <string.h>

#include "pipe/pipe_internal.h"
#include "tgx/util.h"

/* draw_context.c's view-volume planes: x <= w, x >= -w, y <= w, y >= -w, z >= -w (z >= 0 with
 * clip_halfz), z <= w; a vertex is inside plane p where dot(clip position, p) >= 0. */
static const float volume_planes[6][4] = {
    {-1, 0, 0, 1}, {1, 0, 0, 1}, {0, -1, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}, {0, 0, -1, 1},
};

static pipe_clip_interp interp_of(const pipe_shader_info *fs, const pipe_reg *out)
{
    if (out->sem == PIPE_SEM_POSITION)
        return PIPE_CLIP_POSITION;
    for (unsigned i = 0; fs && i < fs->ninputs; i++) {
        const pipe_reg *in = &fs->inputs[i];
        if (in->sem != out->sem || in->index != out->index)
            continue;
        if (in->interp == PIPE_INTERP_CONSTANT)
            return PIPE_CLIP_CONSTANT;
        return in->interp == PIPE_INTERP_LINEAR ? PIPE_CLIP_LINEAR : PIPE_CLIP_PERSPECTIVE;
    }
    return PIPE_CLIP_PERSPECTIVE; /* find_interp's default for outputs no input reads */
}

void pipe_clip_init(pipe_clip *c, const tgx_pipe_state *st, const pipe_shader_info *last,
                    const pipe_shader_info *fs, unsigned nout)
{
    memset(c, 0, sizeof *c);
    c->nout = nout;
    c->cd_reg[0] = c->cd_reg[1] = -1;
    int cv_reg = -1;
    for (unsigned i = 0; i < last->noutputs; i++) {
        const pipe_reg *o = &last->outputs[i];
        if (o->reg >= PIPE_MAX_REGS)
            continue;
        c->interp[o->reg] = (uint8_t)interp_of(fs, o);
        if (o->sem == PIPE_SEM_POSITION && o->index == 0)
            c->pos_reg = o->reg;
        if (o->sem == PIPE_SEM_CLIPDIST && o->index < 2)
            c->cd_reg[o->index] = (int)o->reg;
        if (o->sem == PIPE_SEM_CLIPVERTEX && o->index == 0)
            cv_reg = (int)o->reg;
    }
    /* draw_pipe_clip.c getclipdist: a shader that writes clip distances is clipped with them;
     * else the legacy planes are dotted with CLIPVERTEX, or with the position without one */
    c->have_cd = last->num_clipdist || c->cd_reg[0] >= 0 || c->cd_reg[1] >= 0;
    c->cv_reg = cv_reg >= 0 ? (unsigned)cv_reg : c->pos_reg;
    memcpy(c->planes, st->clip_planes, sizeof c->planes);
    /* draw_cliptest_tmp.h: the enabled clip distances, or all those the shader writes when
     * none is enabled */
    c->user = st->clip_plane_enable & 0xffu;
    if (!c->user && last->num_clipdist)
        c->user = (1u << last->num_clipdist) - 1u;
    c->z = !st->no_depth_clip;
    c->halfz = st->clip_halfz;
}

static float word(const uint32_t *words, unsigned reg, unsigned c)
{
    return tgx_bits2f(words[reg * 4 + c]);
}

static void clip_pos(const pipe_clip *c, const uint32_t *words, float p[4])
{
    for (unsigned k = 0; k < 4; k++)
        p[k] = word(words, c->pos_reg, k);
}

/* draw's dot4, its products summed left to right */
static float dot4(const float p[4], const float q[4])
{
    return p[0] * q[0] + p[1] * q[1] + p[2] * q[2] + p[3] * q[3];
}

/* Clip distance i of a vertex: the shader's CLIPDIST component, or the legacy user plane i
 * dotted with CLIPVERTEX (POSITION without one). */
static float user_distance(const pipe_clip *c, const uint32_t *words, unsigned i)
{
    if (c->have_cd) {
        int reg = c->cd_reg[i / 4];
        return reg < 0 ? 0.0f : word(words, (unsigned)reg, i % 4);
    }
    float v[4];
    for (unsigned k = 0; k < 4; k++)
        v[k] = word(words, c->cv_reg, k);
    return dot4(v, c->planes[i]);
}

/* The signed distance of a vertex to plane `plane` (getclipdist): dot4 in draw's order for the
 * view volume, clip distance i for plane 6 + i. */
static float plane_distance(const pipe_clip *c, const uint32_t *words, unsigned plane)
{
    if (plane >= 6)
        return user_distance(c, words, plane - 6);
    float p[4], q[4];
    clip_pos(c, words, p);
    memcpy(q, volume_planes[plane], sizeof q);
    if (plane == 4 && c->halfz)
        q[3] = 0.0f;
    return dot4(p, q);
}

unsigned pipe_clip_mask(const pipe_clip *c, const uint32_t *words)
{
    float p[4];
    unsigned m = 0;
    clip_pos(c, words, p);
    m |= (-p[0] + p[3] < 0) << 0 | (p[0] + p[3] < 0) << 1;
    m |= (-p[1] + p[3] < 0) << 2 | (p[1] + p[3] < 0) << 3;
    if (c->z) {
        m |= (c->halfz ? p[2] < 0 : p[2] + p[3] < 0) << 4;
        m |= (-p[2] + p[3] < 0) << 5;
    }
    /* a written distance counts as outside when negative, infinite or NaN
     * (draw_cliptest_tmp.h); a plane's dot product when negative or NaN, +inf is inside (Mesa's
     * pixels: tests/data/raster clip_vertex_inf, clip_vertex_nan) */
    for (unsigned i = 0; i < 8; i++) {
        if (!(c->user >> i & 1) || (c->have_cd && c->cd_reg[i / 4] < 0))
            continue;
        float d = user_distance(c, words, i);
        if (c->have_cd ? d < 0 || !isfinite(d) : !(d >= 0.0f))
            m |= 1u << (6 + i);
    }
    return m;
}

/* draw_pipe_clip.c interp: dst = out + t (in - out) for each interpolated output; the window
 * position follows from the clip position when the vertex is set up; noperspective outputs use
 * t measured on the projected x (or y when x does not change). */
static void interpolate(const pipe_clip *c, uint32_t *dst, float t, const uint32_t *out,
                        const uint32_t *in)
{
    float pin[4], pout[4], pdst[4];
    clip_pos(c, in, pin);
    clip_pos(c, out, pout);
    for (unsigned k = 0; k < 4; k++)
        pdst[k] = pout[k] + t * (pin[k] - pout[k]);
    float t_np = t;
    for (unsigned k = 0; k < 2; k++)
        if (pin[k] != pout[k]) {
            float ic = pin[k] / pin[3], oc = pout[k] / pout[3], dc = pdst[k] / pdst[3];
            t_np = (dc - oc) / (ic - oc);
            break;
        }
    memcpy(dst, out, (size_t)c->nout * 4 * sizeof *dst); /* flat outputs: replaced later */
    for (unsigned r = 0; r < c->nout && r < PIPE_MAX_REGS; r++) {
        float tt = c->interp[r] == PIPE_CLIP_LINEAR ? t_np : t;
        if (c->interp[r] == PIPE_CLIP_CONSTANT)
            continue;
        for (unsigned k = 0; k < 4; k++) {
            float o = word(out, r, k), i = word(in, r, k);
            dst[r * 4 + k] = tgx_f2bits(r == c->pos_reg ? pdst[k] : o + tt * (i - o));
        }
    }
}

/* The new vertex where edge prev -> cur crosses the plane (distances dp_prev, dp), t measured
 * from the vertex inside, as do_clip_tri chooses it. */
static void crossing(const pipe_clip *c, uint32_t *dst, const uint32_t *prev, const uint32_t *cur,
                     float dp_prev, float dp)
{
    float denom = dp - dp_prev;
    if (dp < 0.0f) { /* going out */
        if (-dp < dp_prev)
            interpolate(c, dst, dp / denom, cur, prev);
        else
            interpolate(c, dst, -dp_prev / denom, prev, cur);
    } else { /* coming back in */
        if (-dp_prev < dp)
            interpolate(c, dst, -dp_prev / denom, prev, cur);
        else
            interpolate(c, dst, dp / denom, cur, prev);
    }
}

/* One plane of do_clip_tri over the polygon in[0..n-1] into out; returns the new count, or -1
 * when a distance is infinite or NaN (the triangle is dropped). */
static int clip_plane(const pipe_clip *c, unsigned plane, const uint32_t **in, unsigned n,
                      const uint32_t **out, uint32_t *pool, unsigned *used)
{
    size_t vwords = (size_t)c->nout * 4;
    float dp_prev = plane_distance(c, in[0], plane);
    unsigned m = 0;
    if (!isfinite(dp_prev))
        return -1;
    for (unsigned i = 1; i <= n; i++) {
        const uint32_t *cur = in[i % n], *prev = in[i - 1];
        float dp = plane_distance(c, cur, plane);
        if (!isfinite(dp))
            return -1;
        bool cross;
        if (dp_prev >= 0.0f) {
            out[m++] = prev;
            cross = dp < 0.0f;
        } else {
            cross = !(dp < 0.0f);
        }
        if (cross) {
            if (*used > PIPE_CLIP_MAX_VERTS || m >= PIPE_CLIP_MAX_VERTS)
                return -1;
            uint32_t *nv = pool + (*used)++ * vwords;
            crossing(c, nv, prev, cur, dp_prev, dp);
            out[m++] = nv;
        }
        dp_prev = dp;
    }
    return (int)m;
}

unsigned pipe_clip_triangle(const pipe_clip *c, const uint32_t *const v[3], unsigned mask,
                            uint32_t *pool, const uint32_t **out)
{
    const uint32_t *a[PIPE_CLIP_MAX_VERTS + 1], *b[PIPE_CLIP_MAX_VERTS + 1];
    const uint32_t **in = a, **res = b;
    unsigned n = 3, used = 0;
    a[0] = v[0], a[1] = v[1], a[2] = v[2];
    while (mask && n >= 3) {
        unsigned plane = (unsigned)__builtin_ctz(mask);
        mask &= mask - 1;
        int m = clip_plane(c, plane, in, n, res, pool, &used);
        if (m < 0)
            return 0;
        n = (unsigned)m;
        const uint32_t **t = in;
        in = res, res = t;
    }
    if (n < 3)
        return 0;
    memcpy(out, in, n * sizeof *out);
    return n;
}

bool pipe_clip_line(const pipe_clip *c, const uint32_t *const v[2], const unsigned m[2],
                    uint32_t *pool, const uint32_t **out)
{
    unsigned mask = m[0] | m[1];
    float t0 = 0.0f, t1 = 0.0f;
    while (mask) {
        unsigned plane = (unsigned)__builtin_ctz(mask);
        mask &= mask - 1;
        float dp0 = plane_distance(c, v[0], plane), dp1 = plane_distance(c, v[1], plane);
        if (!isfinite(dp0) || !isfinite(dp1))
            return false;
        if (dp1 < 0.0f) {
            float t = dp1 / (dp1 - dp0);
            t1 = t > t1 ? t : t1;
        }
        if (dp0 < 0.0f) {
            float t = dp0 / (dp0 - dp1);
            t0 = t > t0 ? t : t0;
        }
        if (t0 + t1 >= 1.0f)
            return false;
    }
    size_t vwords = (size_t)c->nout * 4;
    out[0] = v[0], out[1] = v[1];
    if (m[0]) {
        interpolate(c, pool, t0, v[0], v[1]);
        out[0] = pool;
    }
    if (m[1]) {
        interpolate(c, pool + vwords, t1, v[1], v[0]);
        out[1] = pool + vwords;
    }
    return true;
}
