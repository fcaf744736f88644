/* pipe/raster.h — triangle setup, coverage and attribute plane equations, as softpipe does them.
 *
 * Coverage is softpipe's scan conversion (Mesa 22.3 src/gallium/drivers/softpipe/sp_setup.c,
 * setup_tri_edges and subtriangle; restated here, not copied): vertices sorted by window y, the
 * major edge (vmin-vmax) and the bottom (vmin-vmid) and top (vmid-vmax) edges walked in float,
 * one span [left, right) per row, left and right the edges' x plus the pixel offset (0.5 for GL
 * centres) truncated to integers. So a row y is drawn when vmin.y <= y + 0.5 < vmax.y, and in
 * it the pixels whose centre lies right of the left edge and on or left of the right edge: a
 * centre exactly on an edge two triangles share goes to the triangle whose right edge it is (of
 * the full-screen strip, the first); row 0's side (gallium's top) of a horizontal edge is inside,
 * the other side is not. softpipe has no bottom_edge_rule. Each value is computed with
 * softpipe's float operations in softpipe's order, so edges that do not pass through pixel
 * centres exactly still round the way softpipe's do.
 *
 * Attributes follow the plane equations softpipe builds in sp_setup.c (vertices sorted by y,
 * a0/dadx/dady from the major and bottom edges, perspective attributes premultiplied by 1/w),
 * evaluated per quad the way tgsi_exec does (a0 + dadx*x + dady*y at the quad's first pixel,
 * then + dadx / + dady for its neighbours), so interpolated values match softpipe bit for bit.
 */
#ifndef TGX_PIPE_RASTER_H
#define TGX_PIPE_RASTER_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef struct tgx_raster_rules {
    bool half_pixel_center; /* samples at (x + 0.5, y + 0.5) (GL); else at integers */
    bool bottom_edge_rule;  /* gallium's flag; softpipe (and so tgx) has no such rule */
    bool front_ccw;         /* gallium's front_ccw, with softpipe's determinant sign */
} tgx_raster_rules;

/* One plane equation: value at pixel (x, y) = a0 + dadx * x + dady * y (x, y integers). */
typedef struct tgx_raster_coef {
    float a0, dadx, dady;
} tgx_raster_coef;

typedef struct tgx_raster_tri {
    /* window position of each vertex: x, y, z, 1/w (in draw order) */
    float v[3][4];
    /* coverage: the rows of the lower (vmin..vmid) and upper (vmid..vmax) half, each with its
     * left and right edge; the left edge's x at row sy + r is lsx + r * ldxdy (rounded as
     * softpipe's floats are), likewise the right's */
    struct tgx_raster_half {
        int sy, lines;
        float lsx, ldxdy, rsx, rdxdy;
    } half[2];
    int fb_width;
    /* a line instead (tgx_raster_setup_line): 1 x-major, 2 y-major, 0 a triangle; its first
     * pixel, the pixels it steps over and the directions */
    int line_major;
    int64_t lx0, ly0, ldx, ldy, lxstep, lystep;
    float line_emaj_dx, line_emaj_dy;
    /* bounding box in pixels, inclusive; empty when xmax < xmin */
    int xmin, ymin, xmax, ymax;
    /* softpipe's setup */
    int vmin, vmid, vmax; /* vertex indices sorted by y */
    float emaj_dx, emaj_dy, ebot_dx, ebot_dy;
    float oneoverarea;
    float pixel_offset;
    int provoking; /* vertex whose values flat (CONSTANT) inputs take */
    bool back_facing;
    tgx_raster_coef pos_z, pos_w; /* window z and 1/w, linear */
} tgx_raster_tri;

/* Sets up a triangle from window positions (x, y, z, 1/w). Returns false for a triangle that
 * covers no area (zero or NaN determinant). provoking is 0..2. The bounding box is clipped to
 * [0, fb_width) x [0, fb_height). */
bool tgx_raster_setup(tgx_raster_tri *t, const float v0[4], const float v1[4], const float v2[4],
                      int provoking, const tgx_raster_rules *rules, int fb_width, int fb_height);

/* A line from window position v0 to v1 (x, y, z, 1/w) as softpipe's sp_setup_line draws it:
 * the end points truncated to pixels, then Bresenham's walk from the first over max(|dx|, |dy|)
 * pixels, the last end point's pixel left out (x-major when |dx| > |dy|); its attributes vary
 * along the segment (line_linear_coeff: the plane's gradient is (da / |v1 - v0|^2) (dx, dy)).
 * Returns false for a line softpipe drops (both ends in one pixel, or a zero or NaN length).
 * provoking is 0 or 1. */
bool tgx_raster_setup_line(tgx_raster_tri *t, const float v0[4], const float v1[4], int provoking,
                           const tgx_raster_rules *rules, int fb_width, int fb_height);

/* Whether softpipe draws pixel (x, y) of the triangle or line. */
bool tgx_raster_covers(const tgx_raster_tri *t, int x, int y);
/* Coverage of the pixels of the rectangle x0..x1, y0..y1 (inclusive): none, all, or possibly
 * part of them (test each quad). */
typedef enum tgx_raster_rect {
    TGX_RASTER_RECT_NONE,
    TGX_RASTER_RECT_PART,
    TGX_RASTER_RECT_ALL,
} tgx_raster_rect;
tgx_raster_rect tgx_raster_rect_coverage(const tgx_raster_tri *t, int x0, int y0, int x1, int y1);
/* Coverage of the 2x2 quad whose first pixel is (x, y): bit i for lane i = (x,y), (x+1,y),
 * (x,y+1), (x+1,y+1). */
unsigned tgx_raster_quad_mask(const tgx_raster_tri *t, int x, int y);

/* Plane equations of one scalar attribute with per-vertex values a[0..2] (a line's: a[0..1]). */
void tgx_raster_coef_linear(const tgx_raster_tri *t, const float a[3], tgx_raster_coef *c);
/* Perspective: the plane of a/w; divide the evaluated value by the evaluated 1/w. */
void tgx_raster_coef_perspective(const tgx_raster_tri *t, const float a[3], tgx_raster_coef *c);

/* The four values of a quad at (x, y) (tgsi_exec's evaluation order), stored as one block: gcc
 * -O2 stored the four one by one at 4, 8 and 4 bytes, and the 16-byte load of them that follows
 * (fill_input's w) waited for the three stores, a fifth of worker_main's time for p1. */
static inline void tgx_raster_eval_quad(const tgx_raster_coef *c, int x, int y, float out[4])
{
    float base = c->a0 + c->dadx * (float)x + c->dady * (float)y;
    float v[4] = {base, base + c->dadx, base + c->dady, base + c->dadx + c->dady};
    memcpy(out, v, sizeof v);
}

#endif
