/* Rasteriser: coverage with softpipe's rules (Mesa 22.3 sp_setup.c: a centre on a left edge is
 * out, on a right edge in; row 0's side of a horizontal edge in) on hand-computed triangles and
 * lines (sp_setup_line's Bresenham walk), and interpolation against the GL 4.6 formulas (section
 * 14.6.1, eq. 14.9 perspective-correct, 14.10 linear). */
#include <math.h>
#include <string.h>

#include "pipe/raster.h"
#include "tgx_test.h"

static const tgx_raster_rules gl_rules = {true, false, false};

static int count_covered(const tgx_raster_tri *t, int w, int h, unsigned char *hits)
{
    int n = 0;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (tgx_raster_covers(t, x, y)) {
                n++;
                if (hits)
                    hits[y * w + x]++;
            }
    return n;
}

static bool setup(tgx_raster_tri *t, float x0, float y0, float x1, float y1, float x2, float y2,
                  const tgx_raster_rules *r, int w, int h)
{
    float a[4] = {x0, y0, 0.5f, 1}, b[4] = {x1, y1, 0.5f, 1}, c[4] = {x2, y2, 0.5f, 1};
    return tgx_raster_setup(t, a, b, c, 2, r, w, h);
}

/* Triangle (0,0) (4,0) (0,4), samples at pixel centres: centre (x+.5, y+.5) is strictly inside
 * when x + y <= 2; for x + y == 3 it lies on the hypotenuse, which is this triangle's right
 * edge, so softpipe draws it: 1 + 2 + 3 + 4 = 10 pixels. The other half of the square has the
 * diagonal as its left edge: 6. */
static void test_half_square(void)
{
    tgx_raster_tri t;
    unsigned char hits[16] = {0};
    TGX_CHECK(setup(&t, 0, 0, 4, 0, 0, 4, &gl_rules, 4, 4), "setup");
    TGX_CHECK(count_covered(&t, 4, 4, hits) == 10, "lower-left half covers 10");
    TGX_CHECK(tgx_raster_covers(&t, 3, 0) && !tgx_raster_covers(&t, 3, 1), "x+y=3 in, 4 out");
    TGX_CHECK(setup(&t, 4, 0, 4, 4, 0, 4, &gl_rules, 4, 4), "setup");
    TGX_CHECK(count_covered(&t, 4, 4, hits) == 6, "upper-right half covers 6");
    int once = 0;
    for (int i = 0; i < 16; i++)
        once += hits[i] == 1;
    TGX_CHECK(once == 16, "every pixel of the square covered exactly once (%d)", once);
    /* winding must not matter for coverage */
    TGX_CHECK(setup(&t, 0, 0, 0, 4, 4, 0, &gl_rules, 4, 4) && count_covered(&t, 4, 4, NULL) == 10,
              "clockwise order covers the same 10");
}

/* Without half-pixel centres softpipe truncates the edges' x itself (pixel offset 0): row y is
 * drawn for vmin.y <= y < vmax.y, and in it x from trunc(left edge) to before trunc(right edge).
 * For (0,0) (4,0) (0,4): row y has [0, 4 - y): 4+3+2+1 = 10 pixels. softpipe has no
 * bottom-edge rule: the flag changes nothing. */
static void test_edges_on_samples(void)
{
    tgx_raster_tri t;
    tgx_raster_rules r = {false, false, false};
    TGX_CHECK(setup(&t, 0, 0, 4, 0, 0, 4, &r, 8, 8), "setup");
    TGX_CHECK(count_covered(&t, 8, 8, NULL) == 10, "10 pixels");
    TGX_CHECK(tgx_raster_covers(&t, 0, 0) && tgx_raster_covers(&t, 3, 0), "(0,0), (3,0) in");
    TGX_CHECK(!tgx_raster_covers(&t, 4, 0) && !tgx_raster_covers(&t, 2, 2), "(4,0), (2,2) out");
    r.bottom_edge_rule = true;
    TGX_CHECK(setup(&t, 0, 0, 4, 0, 0, 4, &r, 8, 8), "setup");
    TGX_CHECK(count_covered(&t, 8, 8, NULL) == 10, "bottom_edge_rule changes nothing: 10");
    /* (0,4) (4,4) (0,0): rows 0..3 (y = 4 is vmax, out), row y from 0 to before y. */
    r.bottom_edge_rule = false;
    TGX_CHECK(setup(&t, 0, 4, 4, 4, 0, 0, &r, 8, 8), "setup");
    TGX_CHECK(!tgx_raster_covers(&t, 0, 4) && tgx_raster_covers(&t, 0, 3), "bottom edge out");
}

/* The full-screen quad of the corpus: triangle strip (-1,-1) (1,-1) (-1,1) (1,1) in a 64x64
 * viewport covers each of the 4096 pixels once. */
static void test_fullscreen_strip(void)
{
    float v[4][4] = {{0, 0, 0.5f, 1}, {64, 0, 0.5f, 1}, {0, 64, 0.5f, 1}, {64, 64, 0.5f, 1}};
    static unsigned char hits[64 * 64];
    tgx_raster_tri t;
    int total = 0;
    memset(hits, 0, sizeof hits);
    TGX_CHECK(tgx_raster_setup(&t, v[0], v[1], v[2], 2, &gl_rules, 64, 64), "tri 0");
    total += count_covered(&t, 64, 64, hits);
    TGX_CHECK(!t.back_facing, "GL counter-clockwise strip is front facing (front_ccw = 0)");
    TGX_CHECK(tgx_raster_setup(&t, v[2], v[1], v[3], 2, &gl_rules, 64, 64), "tri 1");
    total += count_covered(&t, 64, 64, hits);
    TGX_CHECK(!t.back_facing, "second strip triangle front facing");
    int once = 0;
    for (int i = 0; i < 64 * 64; i++)
        once += hits[i] == 1;
    TGX_CHECK(total == 4096 && once == 4096, "4096 pixels once each (%d, %d)", total, once);
    TGX_CHECK(tgx_raster_setup(&t, v[0], v[2], v[1], 2, &gl_rules, 64, 64) && t.back_facing,
              "reversed winding is back facing");
    TGX_CHECK(tgx_raster_quad_mask(&t, 0, 0) == 0xf, "quad at the corner fully covered");
    /* (62,0) is inside; (63,0) and (62,1) are centred on the diagonal, the right edge of this
     * triangle: in; (63,1) is beyond it */
    TGX_CHECK(tgx_raster_quad_mask(&t, 62, 0) == 0x7, "quad on the diagonal: lanes 0, 1, 2");
}

/* sp_setup_line: the end points truncated to pixels (0, 0) and (4, 2); x-major (dx 4 > dy 2);
 * Bresenham's walk with error = 2dy - dx = 0 plots (0,0), then steps y when error >= 0: (1,1),
 * (2,1), (3,2); the last end point (4,2) is not drawn. Steeper: (0.2, 0.9) to (1.7, 4.1) is (0,0)
 * to (1,4), y-major: (0,0) (0,1) (1,2) (1,3), not (1,4). Reversed, (4.9, 2.2) to (0.5, 0.5) is
 * (4,2) to (0,0), walked from (4,2): (4,2) (3,1) (2,1) (1,0), not the forward line's pixels.
 * Both ends in one pixel: nothing. */
static void test_lines(void)
{
    static const struct {
        float x0, y0, x1, y1;
        int px[4][2];
    } cases[] = {
        {0.5f, 0.5f, 4.5f, 2.5f, {{0, 0}, {1, 1}, {2, 1}, {3, 2}}},
        {0.2f, 0.9f, 1.7f, 4.1f, {{0, 0}, {0, 1}, {1, 2}, {1, 3}}},
        {4.9f, 2.2f, 0.5f, 0.5f, {{4, 2}, {3, 1}, {2, 1}, {1, 0}}},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        float a[4] = {cases[k].x0, cases[k].y0, 0.5f, 1},
              b[4] = {cases[k].x1, cases[k].y1, 0.5f, 1};
        tgx_raster_tri t;
        unsigned char hits[8 * 8] = {0};
        TGX_CHECK(tgx_raster_setup_line(&t, a, b, 1, &gl_rules, 8, 8), "line %zu set up", k);
        TGX_CHECK(count_covered(&t, 8, 8, hits) == 4, "line %zu: 4 pixels", k);
        for (int i = 0; i < 4; i++)
            TGX_CHECK(hits[cases[k].px[i][1] * 8 + cases[k].px[i][0]], "line %zu: pixel (%d, %d)",
                      k, cases[k].px[i][0], cases[k].px[i][1]);
    }
    float a[4] = {2.1f, 3.2f, 0, 1}, b[4] = {2.9f, 3.8f, 0, 1};
    tgx_raster_tri t;
    TGX_CHECK(!tgx_raster_setup_line(&t, a, b, 1, &gl_rules, 8, 8), "a line within one pixel");
}

static void test_degenerate(void)
{
    tgx_raster_tri t;
    TGX_CHECK(!setup(&t, 0, 0, 4, 4, 8, 8, &gl_rules, 8, 8), "collinear: no area");
    TGX_CHECK(!setup(&t, 1, 1, 1, 1, 5, 2, &gl_rules, 8, 8), "two equal vertices: no area");
    TGX_CHECK(!setup(&t, NAN, 0, 4, 0, 0, 4, &gl_rules, 8, 8), "NaN vertex rejected");
}

/* Barycentric weights of point (px, py) in triangle p[3] (GL eq. 14.8). */
static void bary(const float p[3][4], double px, double py, double b[3])
{
    double area =
        (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[2][0] - p[0][0]) * (p[1][1] - p[0][1]);
    for (int i = 0; i < 3; i++) {
        const float *a = p[(i + 1) % 3], *c = p[(i + 2) % 3];
        b[i] = ((c[0] - a[0]) * (py - a[1]) - (c[1] - a[1]) * (px - a[0])) / area;
    }
}

static void test_interpolation(void)
{
    /* window x, y, z, 1/w: clip w = 1, 2, 4 */
    float p[3][4] = {{3, 2, 0.25f, 1.0f}, {57, 9, 0.5f, 0.5f}, {20, 61, 0.75f, 0.25f}};
    float attr[3] = {1.0f, -3.0f, 10.0f};
    tgx_raster_tri t;
    tgx_raster_coef lin, persp, one;
    TGX_CHECK(tgx_raster_setup(&t, p[0], p[1], p[2], 2, &gl_rules, 64, 64), "setup");
    tgx_raster_coef_linear(&t, attr, &lin);
    tgx_raster_coef_perspective(&t, attr, &persp);
    double worst_lin = 0, worst_persp = 0, worst_w = 0;
    for (int y = 10; y < 40; y += 2)
        for (int x = 20; x < 40; x += 2) {
            float l[4], pw[4], w[4];
            tgx_raster_eval_quad(&lin, x, y, l);
            tgx_raster_eval_quad(&persp, x, y, pw);
            tgx_raster_eval_quad(&t.pos_w, x, y, w);
            for (int i = 0; i < 4; i++) {
                double b[3];
                bary(p, x + (i & 1) + 0.5, y + (i >> 1) + 0.5, b);
                double el = b[0] * attr[0] + b[1] * attr[1] + b[2] * attr[2];
                double inv_w = b[0] * p[0][3] + b[1] * p[1][3] + b[2] * p[2][3];
                double ep = (b[0] * attr[0] * p[0][3] + b[1] * attr[1] * p[1][3] +
                             b[2] * attr[2] * p[2][3]) /
                            inv_w;
                worst_lin = fmax(worst_lin, fabs(l[i] - el));
                worst_persp = fmax(worst_persp, fabs(pw[i] / w[i] - ep));
                worst_w = fmax(worst_w, fabs(w[i] - inv_w));
            }
        }
    TGX_CHECK(worst_lin < 1e-5, "linear (eq. 14.10) off by %g", worst_lin);
    TGX_CHECK(worst_persp < 1e-5, "perspective (eq. 14.9) off by %g", worst_persp);
    TGX_CHECK(worst_w < 1e-6, "1/w is linear in window space, off by %g", worst_w);
    /* pixel centres: window x interpolated is exactly x + 0.5 on the corpus quad */
    float v[3][4] = {{0, 0, 0.5f, 1}, {64, 0, 0.5f, 1}, {0, 64, 0.5f, 1}};
    float xs[3] = {0, 64, 0};
    TGX_CHECK(tgx_raster_setup(&t, v[0], v[1], v[2], 2, &gl_rules, 64, 64), "setup");
    tgx_raster_coef_linear(&t, xs, &one);
    float q[4];
    tgx_raster_eval_quad(&one, 10, 20, q);
    TGX_CHECK(q[0] == 10.5f && q[1] == 11.5f && q[2] == 10.5f && q[3] == 11.5f,
              "x at centres %g %g %g %g", q[0], q[1], q[2], q[3]);
}

/* tgx_raster_rect_coverage against the per-pixel test: ALL only when every pixel of the
 * rectangle is covered, NONE only when none is (PART may be either). Random triangles, some
 * with vertices on sample points (edges through samples, where softpipe's edge rule decides), over
 * every 4x4, 6x2 and 1x1 rectangle of a 24x24 target; full- and zero-coverage rectangles of
 * large triangles must also be found (the pipeline relies on it for speed only). */
static void test_rect_coverage(void)
{
    uint32_t seed = 12345;
    int wrong = 0, found_all = 0, found_none = 0;
    for (int n = 0; n < 300; n++) {
        float v[6];
        for (int k = 0; k < 6; k++) {
            seed = seed * 1664525u + 1013904223u;
            float f = (float)(seed >> 8) / 16777216.0f * 40.0f - 8.0f;
            v[k] = n % 3 == 0 ? floorf(f) + 0.5f : f;
        }
        tgx_raster_tri t;
        tgx_raster_rules r = {true, n % 2 == 0, false};
        if (!setup(&t, v[0], v[1], v[2], v[3], v[4], v[5], &r, 24, 24))
            continue;
        static const int sizes[3][2] = {{4, 4}, {6, 2}, {1, 1}};
        for (int s = 0; s < 3; s++)
            for (int y0 = 0; y0 + sizes[s][1] <= 24; y0++)
                for (int x0 = 0; x0 + sizes[s][0] <= 24; x0++) {
                    int x1 = x0 + sizes[s][0] - 1, y1 = y0 + sizes[s][1] - 1, in = 0;
                    for (int y = y0; y <= y1; y++)
                        for (int x = x0; x <= x1; x++)
                            in += tgx_raster_covers(&t, x, y);
                    int all = in == (x1 - x0 + 1) * (y1 - y0 + 1);
                    tgx_raster_rect c = tgx_raster_rect_coverage(&t, x0, y0, x1, y1);
                    wrong +=
                        (c == TGX_RASTER_RECT_ALL && !all) || (c == TGX_RASTER_RECT_NONE && in);
                    found_all += c == TGX_RASTER_RECT_ALL;
                    found_none += c == TGX_RASTER_RECT_NONE;
                }
    }
    TGX_CHECK(wrong == 0, "rect coverage disagrees with the per-pixel test %d times", wrong);
    TGX_CHECK(found_all > 1000 && found_none > 1000, "ALL %d and NONE %d rectangles found",
              found_all, found_none);
}

int main(void)
{
    test_half_square();
    test_edges_on_samples();
    test_fullscreen_strip();
    test_degenerate();
    test_lines();
    test_interpolation();
    test_rect_coverage();
    return tgx_test_finish();
}
