/* Triangle setup, exact coverage and softpipe-compatible plane equations: see raster.h. */
#include "pipe/raster.h"

#include <math.h>

/* Snapped coordinates are kept within +-2^28 sub-pixels (+-2^20 pixels) so that edge functions,
 * products of two differences, stay below 2^59 in int64_t. */
#define SNAP_LIMIT (1ll << 28)

static int64_t snap(float v)
{
    double s = floor((double)v * (1 << TGX_RASTER_SUBPIXEL_BITS) + 0.5);
    if (!(s > (double)-SNAP_LIMIT)) /* also catches NaN */
        return v != v ? 0 : -SNAP_LIMIT;
    if (s > (double)SNAP_LIMIT)
        return SNAP_LIMIT;
    return (int64_t)s;
}

static int64_t edge_value(const tgx_raster_tri *t, int i, int64_t px, int64_t py)
{
    int j = (i + 1) % 3;
    return (t->fx[j] - t->fx[i]) * (py - t->fy[i]) - (t->fy[j] - t->fy[i]) * (px - t->fx[i]);
}

/* Top-left rule: with the triangle counter-clockwise (y up), the inside of edge i is where its
 * edge function grows. A left edge has the inside to its right (dE/dx > 0); a horizontal edge is
 * "top" when the inside lies towards larger y (row 0 is the top in gallium's convention), or
 * "bottom" when bottom_edge_rule asks for that instead. */
static void edge_rules(tgx_raster_tri *t, const tgx_raster_rules *r)
{
    for (int i = 0; i < 3; i++) {
        int j = (i + 1) % 3;
        int64_t dedx = -(t->fy[j] - t->fy[i]);
        int64_t dedy = t->fx[j] - t->fx[i];
        bool owns = dedx > 0 || (dedx == 0 && (r->bottom_edge_rule ? dedy < 0 : dedy > 0));
        t->edge_bias[i] = owns ? 0 : -1;
    }
}

static void bounding_box(tgx_raster_tri *t, int fb_width, int fb_height)
{
    int64_t lo_x = t->fx[0], hi_x = t->fx[0], lo_y = t->fy[0], hi_y = t->fy[0];
    for (int i = 1; i < 3; i++) {
        lo_x = t->fx[i] < lo_x ? t->fx[i] : lo_x;
        hi_x = t->fx[i] > hi_x ? t->fx[i] : hi_x;
        lo_y = t->fy[i] < lo_y ? t->fy[i] : lo_y;
        hi_y = t->fy[i] > hi_y ? t->fy[i] : hi_y;
    }
    /* pixel x is a candidate when lo <= x*256 + offset <= hi */
    int64_t one = 1 << TGX_RASTER_SUBPIXEL_BITS, off = t->sample_offset;
    int64_t x0 = (lo_x - off + one - 1) / one - 1, x1 = (hi_x - off) / one + 1;
    int64_t y0 = (lo_y - off + one - 1) / one - 1, y1 = (hi_y - off) / one + 1;
    t->xmin = x0 < 0 ? 0 : (int)x0;
    t->ymin = y0 < 0 ? 0 : (int)y0;
    t->xmax = x1 >= fb_width ? fb_width - 1 : (int)x1;
    t->ymax = y1 >= fb_height ? fb_height - 1 : (int)y1;
}

/* softpipe's setup_sort_vertices: vmin/vmid/vmax by window y, ties keep the order it tests. Its
 * two halves are one test with v0 and v1 swapped: p is the lower of v0 and v1 (v0 on a tie, v1
 * when either is NaN, as `y0 <= y1` is false then), q the other. */
static void sort_by_y(tgx_raster_tri *t)
{
    int p = t->v[0][1] <= t->v[1][1] ? 0 : 1, q = 1 - p;
    float yp = t->v[p][1], yq = t->v[q][1], y2 = t->v[2][1];
    int a, b, c;
    if (yq <= y2)
        a = p, b = q, c = 2;
    else if (y2 <= yp)
        a = 2, b = p, c = q;
    else
        a = p, b = 2, c = q;
    t->vmin = a, t->vmid = b, t->vmax = c;
    t->ebot_dx = t->v[b][0] - t->v[a][0];
    t->ebot_dy = t->v[b][1] - t->v[a][1];
    t->emaj_dx = t->v[c][0] - t->v[a][0];
    t->emaj_dy = t->v[c][1] - t->v[a][1];
    t->oneoverarea = 1.0f / (t->emaj_dx * t->ebot_dy - t->ebot_dx * t->emaj_dy);
}

bool tgx_raster_setup(tgx_raster_tri *t, const float v0[4], const float v1[4], const float v2[4],
                      int provoking, const tgx_raster_rules *rules, int fb_width, int fb_height)
{
    const float *v[3] = {v0, v1, v2};
    for (int i = 0; i < 3; i++) {
        for (int k = 0; k < 4; k++)
            t->v[i][k] = v[i][k];
        t->fx[i] = snap(v[i][0]);
        t->fy[i] = snap(v[i][1]);
    }
    int64_t area = (t->fx[1] - t->fx[0]) * (t->fy[2] - t->fy[0]) -
                   (t->fy[1] - t->fy[0]) * (t->fx[2] - t->fx[0]);
    if (area == 0)
        return false;
    if (area < 0) { /* make the snapped triangle counter-clockwise (y up) */
        int64_t x = t->fx[1], y = t->fy[1];
        t->fx[1] = t->fx[2], t->fy[1] = t->fy[2];
        t->fx[2] = x, t->fy[2] = y;
    }
    t->sample_offset = rules->half_pixel_center ? 1 << (TGX_RASTER_SUBPIXEL_BITS - 1) : 0;
    t->pixel_offset = rules->half_pixel_center ? 0.5f : 0.0f;
    edge_rules(t, rules);
    bounding_box(t, fb_width, fb_height);
    sort_by_y(t);
    /* softpipe's calc_det: e = v0 - v2, f = v1 - v2, det = e x f; facing = (det < 0) ^ ccw */
    float ex = v0[0] - v2[0], ey = v0[1] - v2[1], fx = v1[0] - v2[0], fy = v1[1] - v2[1];
    float det = ex * fy - ey * fx;
    if (!(det == det) || !isfinite(t->oneoverarea))
        return false;
    t->back_facing = (det < 0.0f) != rules->front_ccw;
    t->provoking = provoking;
    float z[3] = {v0[2], v1[2], v2[2]}, w[3] = {v0[3], v1[3], v2[3]};
    tgx_raster_coef_linear(t, z, &t->pos_z);
    tgx_raster_coef_linear(t, w, &t->pos_w);
    return true;
}

bool tgx_raster_covers(const tgx_raster_tri *t, int x, int y)
{
    int64_t px = ((int64_t)x << TGX_RASTER_SUBPIXEL_BITS) + t->sample_offset;
    int64_t py = ((int64_t)y << TGX_RASTER_SUBPIXEL_BITS) + t->sample_offset;
    for (int i = 0; i < 3; i++)
        if (edge_value(t, i, px, py) + t->edge_bias[i] < 0)
            return false;
    return true;
}

/* Each edge test E(p) + bias >= 0 is a half-plane of sample points (E is affine in p), so the
 * samples of the rectangle are all inside an edge when its four corners are, and all outside
 * when its four corners are. */
tgx_raster_rect tgx_raster_rect_coverage(const tgx_raster_tri *t, int x0, int y0, int x1, int y1)
{
    int64_t one = 1 << TGX_RASTER_SUBPIXEL_BITS;
    int64_t px[2] = {x0 * one + t->sample_offset, x1 * one + t->sample_offset};
    int64_t py[2] = {y0 * one + t->sample_offset, y1 * one + t->sample_offset};
    bool all_in = true;
    for (int i = 0; i < 3; i++) {
        unsigned in = 0;
        for (int k = 0; k < 4; k++)
            in += edge_value(t, i, px[k & 1], py[k >> 1]) + t->edge_bias[i] >= 0;
        if (in == 0)
            return TGX_RASTER_RECT_NONE;
        all_in &= in == 4;
    }
    return all_in ? TGX_RASTER_RECT_ALL : TGX_RASTER_RECT_PART;
}

unsigned tgx_raster_quad_mask(const tgx_raster_tri *t, int x, int y)
{
    unsigned m = 0;
    for (unsigned i = 0; i < 4; i++)
        if (tgx_raster_covers(t, x + (int)(i & 1), y + (int)(i >> 1)))
            m |= 1u << i;
    return m;
}

/* softpipe's tri_linear_coeff: solve the plane through the sorted vertices, then move the
 * origin so that integer (x, y) addresses the pixel's sample point. */
static void plane(const tgx_raster_tri *t, float amin, float amid, float amax, tgx_raster_coef *c)
{
    float botda = amid - amin;
    float majda = amax - amin;
    float a = t->ebot_dy * majda - botda * t->emaj_dy;
    float b = t->emaj_dx * botda - majda * t->ebot_dx;
    c->dadx = a * t->oneoverarea;
    c->dady = b * t->oneoverarea;
    const float *vmin = t->v[t->vmin];
    c->a0 = amin - (c->dadx * (vmin[0] - t->pixel_offset) + c->dady * (vmin[1] - t->pixel_offset));
}

void tgx_raster_coef_linear(const tgx_raster_tri *t, const float a[3], tgx_raster_coef *c)
{
    plane(t, a[t->vmin], a[t->vmid], a[t->vmax], c);
}

void tgx_raster_coef_perspective(const tgx_raster_tri *t, const float a[3], tgx_raster_coef *c)
{
    plane(t, a[t->vmin] * t->v[t->vmin][3], a[t->vmid] * t->v[t->vmid][3],
          a[t->vmax] * t->v[t->vmax][3], c);
}
