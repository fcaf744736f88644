/* Triangle setup, coverage and plane equations as softpipe computes them: see raster.h. */
#include "pipe/raster.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "tgx/util.h"

/* (int) of a float as softpipe's code gets it on x86-64 (cvttss2si): truncation, and INT_MIN
 * for NaN and values outside int's range (C leaves those undefined; this is defined). */
static int trunc_x86(float f)
{
    if (!(f >= -2147483648.0f && f < 2147483648.0f))
        return INT32_MIN;
    return (int)f;
}

/* One edge of softpipe's setup_tri_edges: from (x0, y0) (offset window coordinates) along
 * dx, dy; the first row sy whose centre is at or below y0, and the x the edge has there. */
typedef struct edge {
    float sy, sx, dxdy;
} edge;

static edge edge_from(float x0, float y0, float dx, float dy)
{
    edge e;
    e.sy = ceilf(y0);
    e.dxdy = dy != 0.0f ? dx / dy : 0.0f;
    e.sx = x0 + (e.sy - y0) * e.dxdy;
    return e;
}

static void set_half(struct tgx_raster_half *h, const edge *l, const edge *r, int lines)
{
    h->sy = trunc_x86(l->sy);
    h->lines = lines;
    h->lsx = l->sx, h->ldxdy = l->dxdy;
    h->rsx = r->sx, h->rdxdy = r->dxdy;
}

/* setup_tri_edges and the two subtriangle calls of sp_setup_tri: x moved right and y up by the
 * pixel offset, so that truncation puts centres on a left edge outside and on a right edge
 * inside; the major edge continues into the upper half from where the lower one left it
 * (sx + lines * dxdy, softpipe's running update, not a fresh product). */
static void scan_edges(tgx_raster_tri *t)
{
    const float *vmin = t->v[t->vmin], *vmid = t->v[t->vmid], *vmax = t->v[t->vmax];
    float off = t->pixel_offset;
    float vmin_x = vmin[0] + off, vmid_x = vmid[0] + off;
    float vmin_y = vmin[1] - off, vmid_y = vmid[1] - off, vmax_y = vmax[1] - off;
    edge emaj = edge_from(vmin_x, vmin_y, t->emaj_dx, t->emaj_dy);
    edge ebot = edge_from(vmin_x, vmin_y, t->ebot_dx, t->ebot_dy);
    edge etop = edge_from(vmid_x, vmid_y, vmax[0] - vmid[0], vmax[1] - vmid[1]);
    int bot_lines = trunc_x86(ceilf(vmid_y - ebot.sy));
    int top_lines = trunc_x86(ceilf(vmax_y - etop.sy));
    bool maj_left = t->oneoverarea < 0.0f;
    set_half(&t->half[0], maj_left ? &emaj : &ebot, maj_left ? &ebot : &emaj, bot_lines);
    emaj.sx += (float)bot_lines * emaj.dxdy;
    emaj.sy += (float)bot_lines;
    set_half(&t->half[1], maj_left ? &emaj : &etop, maj_left ? &etop : &emaj, top_lines);
}

/* The span [left, right) of row y, empty when the triangle has no such row. */
static void row_span(const tgx_raster_tri *t, int y, int *left, int *right)
{
    *left = 0, *right = 0;
    for (int k = 0; k < 2; k++) {
        const struct tgx_raster_half *h = &t->half[k];
        int64_t r = (int64_t)y - h->sy;
        if (r < 0 || r >= h->lines)
            continue;
        *left = trunc_x86(h->lsx + (float)r * h->ldxdy);
        *right = trunc_x86(h->rsx + (float)r * h->rdxdy);
        *left = *left < 0 ? 0 : *left;
        *right = *right > t->fb_width ? t->fb_width : *right;
        return;
    }
}

/* Rows from the spans; columns from the vertices' x, one pixel wider on each side than the
 * truncations can reach. */
static void bounding_box(tgx_raster_tri *t, int fb_width, int fb_height)
{
    float lo = t->v[0][0], hi = t->v[0][0];
    for (int i = 1; i < 3; i++) {
        lo = t->v[i][0] < lo ? t->v[i][0] : lo;
        hi = t->v[i][0] > hi ? t->v[i][0] : hi;
    }
    int64_t y0 = t->half[0].sy, y1 = (int64_t)t->half[1].sy + t->half[1].lines - 1;
    int64_t x0 = (int64_t)tgx_f2i_sat(floorf(lo)) - 1, x1 = (int64_t)tgx_f2i_sat(ceilf(hi)) + 1;
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
    for (int i = 0; i < 3; i++)
        for (int k = 0; k < 4; k++)
            t->v[i][k] = v[i][k];
    t->pixel_offset = rules->half_pixel_center ? 0.5f : 0.0f;
    t->fb_width = fb_width;
    t->line_major = 0;
    sort_by_y(t);
    /* softpipe culls a triangle whose 1/area is infinite or NaN (setup_sort_vertices) */
    if (!isfinite(t->oneoverarea))
        return false;
    /* softpipe's calc_det: e = v0 - v2, f = v1 - v2, det = e x f; facing = (det < 0) ^ ccw */
    float ex = v0[0] - v2[0], ey = v0[1] - v2[1], fx = v1[0] - v2[0], fy = v1[1] - v2[1];
    float det = ex * fy - ey * fx;
    t->back_facing = (det < 0.0f) != rules->front_ccw;
    t->provoking = provoking;
    scan_edges(t);
    bounding_box(t, fb_width, fb_height);
    float z[3] = {v0[2], v1[2], v2[2]}, w[3] = {v0[3], v1[3], v2[3]};
    tgx_raster_coef_linear(t, z, &t->pos_z);
    tgx_raster_coef_linear(t, w, &t->pos_w);
    return true;
}

/* Bresenham's pixel j of a line (sp_setup_line) has y = y0 + ystep * floor((2 dy j + dx) / 2dx)
 * for an x-major line (the error term's closed form), and likewise with x and y swapped. */
static bool line_covers(const tgx_raster_tri *t, int x, int y)
{
    bool xmaj = t->line_major == 1;
    int64_t major = xmaj ? x : y, minor = xmaj ? y : x;
    int64_t m0 = xmaj ? t->lx0 : t->ly0, n0 = xmaj ? t->ly0 : t->lx0;
    int64_t mstep = xmaj ? t->lxstep : t->lystep, nstep = xmaj ? t->lystep : t->lxstep;
    int64_t dm = xmaj ? t->ldx : t->ldy, dn = xmaj ? t->ldy : t->ldx;
    int64_t j = (major - m0) * mstep;
    if (j < 0 || j >= dm)
        return false;
    return minor == n0 + nstep * ((2 * dn * j + dm) / (2 * dm));
}

bool tgx_raster_setup_line(tgx_raster_tri *t, const float v0[4], const float v1[4], int provoking,
                           const tgx_raster_rules *rules, int fb_width, int fb_height)
{
    memset(t, 0, sizeof *t);
    for (int k = 0; k < 4; k++)
        t->v[0][k] = v0[k], t->v[1][k] = v1[k], t->v[2][k] = v1[k];
    t->pixel_offset = rules->half_pixel_center ? 0.5f : 0.0f;
    t->fb_width = fb_width;
    t->provoking = provoking;
    t->lx0 = trunc_x86(v0[0]), t->ly0 = trunc_x86(v0[1]);
    int64_t dx = (int64_t)trunc_x86(v1[0]) - t->lx0, dy = (int64_t)trunc_x86(v1[1]) - t->ly0;
    t->lxstep = dx < 0 ? -1 : 1, t->lystep = dy < 0 ? -1 : 1;
    t->ldx = dx < 0 ? -dx : dx, t->ldy = dy < 0 ? -dy : dy;
    t->line_major = t->ldx > t->ldy ? 1 : 2;
    t->line_emaj_dx = v1[0] - v0[0], t->line_emaj_dy = v1[1] - v0[1];
    /* setup_line_coefficients: "area" = |v1 - v0|^2 */
    float area = t->line_emaj_dx * t->line_emaj_dx + t->line_emaj_dy * t->line_emaj_dy;
    t->oneoverarea = 1.0f / area;
    /* a line longer than 2^28 pixels cannot follow clipping into a target (16384 pixels a side);
     * the bound keeps line_covers' products within int64_t */
    if ((dx == 0 && dy == 0) || area == 0.0f || !isfinite(area) || t->ldx > (1 << 28) ||
        t->ldy > (1 << 28))
        return false;
    t->vmin = 0, t->vmid = 1, t->vmax = 1;
    int64_t x1 = t->lx0 + t->lxstep * t->ldx, y1 = t->ly0 + t->lystep * t->ldy;
    int64_t lo_x = t->lx0 < x1 ? t->lx0 : x1, hi_x = t->lx0 < x1 ? x1 : t->lx0;
    int64_t lo_y = t->ly0 < y1 ? t->ly0 : y1, hi_y = t->ly0 < y1 ? y1 : t->ly0;
    t->xmin = lo_x < 0 ? 0 : (int)lo_x;
    t->ymin = lo_y < 0 ? 0 : (int)lo_y;
    t->xmax = hi_x >= fb_width ? fb_width - 1 : (int)hi_x;
    t->ymax = hi_y >= fb_height ? fb_height - 1 : (int)hi_y;
    float z[3] = {v0[2], v1[2], v1[2]}, w[3] = {v0[3], v1[3], v1[3]};
    tgx_raster_coef_linear(t, z, &t->pos_z);
    tgx_raster_coef_linear(t, w, &t->pos_w);
    return true;
}

bool tgx_raster_covers(const tgx_raster_tri *t, int x, int y)
{
    if (t->line_major)
        return line_covers(t, x, y);
    int left, right;
    row_span(t, y, &left, &right);
    return x >= left && x < right;
}

/* Row by row: a rectangle is all inside when each of its rows' spans holds it, outside when
 * none meets it. */
tgx_raster_rect tgx_raster_rect_coverage(const tgx_raster_tri *t, int x0, int y0, int x1, int y1)
{
    if (t->line_major) /* a line is tested pixel by pixel inside its box */
        return x0 > t->xmax || x1 < t->xmin || y0 > t->ymax || y1 < t->ymin ? TGX_RASTER_RECT_NONE
                                                                            : TGX_RASTER_RECT_PART;
    bool all_in = true, any_in = false;
    for (int y = y0; y <= y1; y++) {
        int left, right;
        row_span(t, y, &left, &right);
        all_in &= left <= x0 && right > x1;
        any_in |= left <= x1 && right > x0 && left < right;
    }
    return !any_in ? TGX_RASTER_RECT_NONE : all_in ? TGX_RASTER_RECT_ALL : TGX_RASTER_RECT_PART;
}

unsigned tgx_raster_quad_mask(const tgx_raster_tri *t, int x, int y)
{
    unsigned m = 0;
    if (t->line_major) {
        for (unsigned i = 0; i < 4; i++)
            if (line_covers(t, x + (int)(i & 1), y + (int)(i >> 1)))
                m |= 1u << i;
        return m;
    }
    for (unsigned row = 0; row < 2; row++) { /* one span per row of the quad */
        int left, right;
        row_span(t, y + (int)row, &left, &right);
        for (unsigned col = 0; col < 2; col++)
            if (x + (int)col >= left && x + (int)col < right)
                m |= 1u << (row * 2 + col);
    }
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

/* softpipe's line_linear_coeff: the gradient along the segment, da * (dx, dy) / |v1 - v0|^2. */
static void line_plane(const tgx_raster_tri *t, float a0v, float a1v, tgx_raster_coef *c)
{
    float da = a1v - a0v;
    c->dadx = da * t->line_emaj_dx * t->oneoverarea;
    c->dady = da * t->line_emaj_dy * t->oneoverarea;
    c->a0 =
        a0v - (c->dadx * (t->v[0][0] - t->pixel_offset) + c->dady * (t->v[0][1] - t->pixel_offset));
}

void tgx_raster_coef_linear(const tgx_raster_tri *t, const float a[3], tgx_raster_coef *c)
{
    if (t->line_major)
        line_plane(t, a[0], a[1], c);
    else
        plane(t, a[t->vmin], a[t->vmid], a[t->vmax], c);
}

void tgx_raster_coef_perspective(const tgx_raster_tri *t, const float a[3], tgx_raster_coef *c)
{
    if (t->line_major)
        line_plane(t, a[0] * t->v[0][3], a[1] * t->v[1][3], c);
    else
        plane(t, a[t->vmin] * t->v[t->vmin][3], a[t->vmid] * t->v[t->vmid][3],
              a[t->vmax] * t->v[t->vmax][3], c);
}
