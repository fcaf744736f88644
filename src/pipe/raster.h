/* pipe/raster.h — triangle setup, coverage and attribute plane equations.
 *
 * Coverage is decided exactly: window coordinates are snapped to 1/256 pixel (8 sub-pixel bits,
 * as gallium's llvmpipe and most GPUs do) and the three edge functions are evaluated in 64-bit
 * integers at the sample point of each pixel. A sample exactly on an edge belongs to the
 * triangle when the edge is a left edge or a top edge (D3D/GL "top-left rule"; gallium's
 * bottom_edge_rule = false, the rule st/mesa selects for user framebuffers, where "top" is the
 * side of framebuffer row 0), so two triangles that share an edge cover each pixel once.
 *
 * Attributes follow the plane equations softpipe builds in sp_setup.c (vertices sorted by y,
 * a0/dadx/dady from the major and bottom edges, perspective attributes premultiplied by 1/w),
 * evaluated per quad the way tgsi_exec does (a0 + dadx*x + dady*y at the quad's first pixel,
 * then + dadx / + dady for its neighbours), so interpolated values match softpipe bit for bit
 * where the arithmetic allows. (Facts about softpipe from Mesa 22.3 src/gallium/drivers/softpipe
 * sp_setup.c and auxiliary/tgsi/tgsi_exec.c; the formulas are restated here, not copied.)
 */
#ifndef TGX_PIPE_RASTER_H
#define TGX_PIPE_RASTER_H

#include <stdbool.h>
#include <stdint.h>

/* Sub-pixel precision of coverage: 1/256 pixel. */
#define TGX_RASTER_SUBPIXEL_BITS 8

typedef struct tgx_raster_rules {
    bool half_pixel_center; /* samples at (x + 0.5, y + 0.5) (GL); else at integers */
    bool bottom_edge_rule;  /* samples on a bottom edge belong to the triangle instead of top */
    bool front_ccw;         /* gallium's front_ccw, with softpipe's determinant sign */
} tgx_raster_rules;

/* One plane equation: value at pixel (x, y) = a0 + dadx * x + dady * y (x, y integers). */
typedef struct tgx_raster_coef {
    float a0, dadx, dady;
} tgx_raster_coef;

typedef struct tgx_raster_tri {
    /* window position of each vertex: x, y, z, 1/w (in draw order) */
    float v[3][4];
    /* coverage: snapped vertices in counter-clockwise order (y up), edge i from vertex i to i+1 */
    int64_t fx[3], fy[3];
    int64_t edge_bias[3];  /* 0 if samples on edge i are inside, -1 if not */
    int64_t sample_offset; /* sub-pixel offset of the sample point (128 or 0) */
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

/* Whether the sample point of pixel (x, y) is inside the triangle (top-left rule on edges). */
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

/* Plane equations of one scalar attribute with per-vertex values a[0..2]. */
void tgx_raster_coef_linear(const tgx_raster_tri *t, const float a[3], tgx_raster_coef *c);
/* Perspective: the plane of a/w; divide the evaluated value by the evaluated 1/w. */
void tgx_raster_coef_perspective(const tgx_raster_tri *t, const float a[3], tgx_raster_coef *c);

/* The four values of a quad at (x, y) (tgsi_exec's evaluation order). */
static inline void tgx_raster_eval_quad(const tgx_raster_coef *c, int x, int y, float out[4])
{
    float base = c->a0 + c->dadx * (float)x + c->dady * (float)y;
    out[0] = base;
    out[1] = base + c->dadx;
    out[2] = base + c->dady;
    out[3] = base + c->dadx + c->dady;
}

#endif
