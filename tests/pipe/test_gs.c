/* The geometry stage of the pipeline, rendered into small targets: a GS that turns one triangle
 * into two, a point into a quad (with GS_INVOCATIONS 2, PRIMID and INVOCATIONID), a point into a
 * line strip, a line strip draw into a LINES shader, points with PSIZE, a triangle strip whose odd
 * triangle keeps the winding, more primitives than one interpreter run takes, and the error for a
 * draw whose primitives the GS does not take.
 *
 * Expected coverage is worked out by hand from docs/pipeline.md's rules: window = (x+1)*W/2,
 * (y+1)*H/2 from clip space; a pixel is covered when its centre (x+.5, y+.5) is inside, a centre
 * on a right or top (row-0 side) edge inside, on a left or bottom edge outside (softpipe's scan
 * conversion); points are the square [cx - s/2, cx + s/2) x [cy - s/2, cy + s/2) moved by
 * (1/8, -1/8) (the draw module's wide-point stage); a line is Bresenham's walk from its first
 * end point's pixel, the last end point left out. */
#include "draw_harness.h"

/* POSITION = IN[0].xy (z 0, w 1). */
static const char vs_text[] = "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n"
                              "IMM[0] FLT32 {0.0, 1.0, 0.0, 0.0}\n"
                              "  0: MOV OUT[0].xy, IN[0].xyyy\n"
                              "  1: MOV OUT[0].zw, IMM[0].xxxy\n  2: END\n";
/* COLOR = GENERIC[0], flat. */
static const char fs_text[] = "FRAG\nDCL IN[0], GENERIC[0], CONSTANT\nDCL OUT[0], COLOR\n"
                              "  0: MOV OUT[0], IN[0]\n  1: END\n";

/* Draws verts (clip x, y pairs) as prim through gs_text, with fs (NULL: fs_text). */
static tgx_status render(const char *gs_text, const char *fs, tgx_pipe_prim prim,
                         const float *verts, unsigned n, float img[H][W], tgx_diag *d)
{
    draw8 c = {vs_text, gs_text, fs ? fs : fs_text, prim, false, verts, n};
    return render8(&c, img, d);
}

#define GS_HEAD(IN, OUT, MAX)                                                                      \
    "GEOM\nPROPERTY GS_INPUT_PRIMITIVE " IN "\nPROPERTY GS_OUTPUT_PRIMITIVE " OUT                  \
    "\nPROPERTY GS_MAX_OUTPUT_VERTICES " MAX "\n"

/* One triangle in, two out: the triangle (GENERIC 1) and, after ENDPRIM, the same moved by +4
 * pixels in x and y (GENERIC 2). The triangle (-1,-1) (0,-1) (-1,0) is window (0,0) (4,0) (0,4):
 * the centres with x + y + 1 < 4, and those with x + y = 3 on the hypotenuse, a right edge,
 * which softpipe draws (sp_setup.c; docs/pipeline.md): the 10 pixels with x + y <= 3. */
static void test_one_to_two(void)
{
    const char *gs = GS_HEAD("TRIANGLES", "TRIANGLE_STRIP", "6") "DCL IN[][0], POSITION\n"
                                                                 "DCL OUT[0], POSITION\n"
                                                                 "DCL OUT[1], GENERIC[0]\n"
                                                                 "IMM[0] FLT32 {1.0, 2.0, 0.0, "
                                                                 "0.0}\n"
                                                                 "IMM[1] UINT32 {0, 0, 0, 0}\n"
                                                                 "  0: MOV OUT[1], IMM[0].xzzz\n"
                                                                 "  1: MOV OUT[0], IN[0][0]\n"
                                                                 "  2: EMIT IMM[1].xxxx\n"
                                                                 "  3: MOV OUT[0], IN[1][0]\n"
                                                                 "  4: EMIT IMM[1].xxxx\n"
                                                                 "  5: MOV OUT[0], IN[2][0]\n"
                                                                 "  6: EMIT IMM[1].xxxx\n"
                                                                 "  7: ENDPRIM IMM[1].xxxx\n"
                                                                 "  8: MOV OUT[1], IMM[0].yzzz\n"
                                                                 "  9: ADD OUT[0], IN[0][0], "
                                                                 "IMM[0].xxzz\n"
                                                                 " 10: EMIT IMM[1].xxxx\n"
                                                                 " 11: ADD OUT[0], IN[1][0], "
                                                                 "IMM[0].xxzz\n"
                                                                 " 12: EMIT IMM[1].xxxx\n"
                                                                 " 13: ADD OUT[0], IN[2][0], "
                                                                 "IMM[0].xxzz\n"
                                                                 " 14: EMIT IMM[1].xxxx\n"
                                                                 " 15: END\n";
    static const float tri[6] = {-1, -1, 0, -1, -1, 0};
    float img[H][W], want[H][W];
    tgx_diag d;
    memset(want, 0, sizeof want);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x + y <= 3; x++) {
            want[y][x] = 1.0f;
            want[y + 4][x + 4] = 2.0f;
        }
    tgx_status st = render(gs, NULL, TGX_PIPE_TRIANGLES, tri, 3, img, &d);
    TGX_CHECK(st == TGX_OK, "one to two: %s", d.message);
    compare(img, want, "one triangle to two");
}

/* Each point becomes a quad of 2x2 pixels (+-0.25 clip = +-1 pixel) per invocation, invocation 1
 * moved 2 pixels right; colour = 10 * PRIMID + INVOCATIONID. Points at clip (-0.5, -0.5) and
 * (0.5, 0.5) = window (2, 2) and (6, 6). */
static void test_point_to_quad(void)
{
    const char *gs = GS_HEAD("POINTS", "TRIANGLE_STRIP", "4") "PROPERTY GS_INVOCATIONS 2\n"
                                                              "DCL IN[][0], POSITION\n"
                                                              "DCL SV[0], PRIM_ID\n"
                                                              "DCL SV[1], INVOCATIONID\n"
                                                              "DCL OUT[0], POSITION\n"
                                                              "DCL OUT[1], GENERIC[0]\n"
                                                              "DCL TEMP[0..1]\n"
                                                              "IMM[0] FLT32 {-0.25, 0.25, 0.5, "
                                                              "0.0}\n"
                                                              "IMM[1] UINT32 {0, 10, 0, 0}\n"
                                                              "  0: UMAD TEMP[0].x, SV[0].xxxx, "
                                                              "IMM[1].yyyy, SV[1].xxxx\n"
                                                              "  1: U2F OUT[1], TEMP[0].xxxx\n"
                                                              "  2: U2F TEMP[1].x, SV[1].xxxx\n"
                                                              "  3: MAD TEMP[1], TEMP[1].xwww, "
                                                              "IMM[0].zwww, IN[0][0]\n"
                                                              "  4: ADD OUT[0], TEMP[1], "
                                                              "IMM[0].xxww\n"
                                                              "  5: EMIT IMM[1].xxxx\n"
                                                              "  6: ADD OUT[0], TEMP[1], "
                                                              "IMM[0].yxww\n"
                                                              "  7: EMIT IMM[1].xxxx\n"
                                                              "  8: ADD OUT[0], TEMP[1], "
                                                              "IMM[0].xyww\n"
                                                              "  9: EMIT IMM[1].xxxx\n"
                                                              " 10: ADD OUT[0], TEMP[1], "
                                                              "IMM[0].yyww\n"
                                                              " 11: EMIT IMM[1].xxxx\n"
                                                              " 12: END\n";
    static const float pts[4] = {-0.5f, -0.5f, 0.5f, 0.5f};
    float img[H][W], want[H][W];
    tgx_diag d;
    memset(want, 0, sizeof want);
    for (unsigned p = 0; p < 2; p++)
        for (unsigned inv = 0; inv < 2; inv++) {
            unsigned cx = 2 + 4 * p + 2 * inv, cy = 2 + 4 * p; /* square [c-1, c+1) */
            for (unsigned y = cy - 1; y <= cy; y++)
                for (unsigned x = cx - 1; x <= cx && x < W; x++)
                    want[y][x] = (float)(10 * p + inv);
        }
    tgx_status st = render(gs, NULL, TGX_PIPE_POINTS, pts, 2, img, &d);
    TGX_CHECK(st == TGX_OK, "point to quad: %s", d.message);
    compare(img, want, "point to quad, 2 invocations");
}

/* A point to a line strip A (1, 2) -> B (7, 2) -> C (7, 6) in window coordinates (clip offsets
 * (-0.75, -0.5), (0.75, -0.5), (0.75, 0.5) from (0, 0)). AB is x-major: y in [1.5, 2.5) holds
 * the centres y = 1.5 (row 1; 2.5 is on the bottom edge), x in [1, 7) the columns 1..6. BC is
 * y-major: x in [6.5, 7.5) holds column 6, y in [2, 6) the rows 2..5. Colour: the GENERIC the
 * strip's vertices carry, 3. */
static void test_line_strip(void)
{
    const char *gs = GS_HEAD("POINTS", "LINE_STRIP", "3") "DCL IN[][0], POSITION\n"
                                                          "DCL OUT[0], POSITION\n"
                                                          "DCL OUT[1], GENERIC[0]\n"
                                                          "IMM[0] FLT32 {-0.75, 0.75, -0.5, 0.5}\n"
                                                          "IMM[1] FLT32 {3.0, 0.0, 0.0, 0.0}\n"
                                                          "IMM[2] UINT32 {0, 0, 0, 0}\n"
                                                          "  0: MOV OUT[1], IMM[1]\n"
                                                          "  1: ADD OUT[0], IN[0][0], IMM[0].xzyy\n"
                                                          "  2: MOV OUT[0].zw, IN[0][0]\n"
                                                          "  3: EMIT IMM[2].xxxx\n"
                                                          "  4: ADD OUT[0].xy, IN[0][0], "
                                                          "IMM[0].yzyy\n"
                                                          "  5: EMIT IMM[2].xxxx\n"
                                                          "  6: ADD OUT[0].xy, IN[0][0], "
                                                          "IMM[0].ywyy\n"
                                                          "  7: EMIT IMM[2].xxxx\n"
                                                          "  8: END\n";
    static const float pt[2] = {0, 0};
    float img[H][W], want[H][W];
    tgx_diag d;
    memset(want, 0, sizeof want);
    for (unsigned x = 1; x <= 6; x++)
        want[2][x] = 3.0f;
    for (unsigned y = 2; y <= 5; y++)
        want[y][7] = 3.0f;
    tgx_status st = render(gs, NULL, TGX_PIPE_POINTS, pt, 1, img, &d);
    TGX_CHECK(st == TGX_OK, "line strip: %s", d.message);
    compare(img, want, "point to line strip");
}

/* A line strip draw through a GS that takes LINES and passes each segment on, coloured
 * PRIMID + 1: the draw's strip A (1, 2) -> B (7, 2) -> C (7, 6) gives segments 0 (AB) and 1 (BC),
 * with the pixels of test_line_strip: row 2 columns 1..6 (colour 1), column 7 rows 2..5 (2). */
static void test_lines_in(void)
{
    const char *gs = GS_HEAD("LINES", "LINE_STRIP", "2") "DCL IN[][0], POSITION\n"
                                                         "DCL SV[0], PRIM_ID\n"
                                                         "DCL OUT[0], POSITION\n"
                                                         "DCL OUT[1], GENERIC[0]\n"
                                                         "DCL TEMP[0]\n"
                                                         "IMM[0] UINT32 {0, 1, 0, 0}\n"
                                                         "  0: UADD TEMP[0].x, SV[0].xxxx, "
                                                         "IMM[0].yyyy\n"
                                                         "  1: U2F OUT[1], TEMP[0].xxxx\n"
                                                         "  2: MOV OUT[0], IN[0][0]\n"
                                                         "  3: EMIT IMM[0].xxxx\n"
                                                         "  4: MOV OUT[0], IN[1][0]\n"
                                                         "  5: EMIT IMM[0].xxxx\n"
                                                         "  6: END\n";
    static const float strip[6] = {-0.75f, -0.5f, 0.75f, -0.5f, 0.75f, 0.5f};
    float img[H][W], want[H][W];
    tgx_diag d;
    memset(want, 0, sizeof want);
    for (unsigned x = 1; x <= 6; x++)
        want[2][x] = 1.0f;
    for (unsigned y = 2; y <= 5; y++)
        want[y][7] = 2.0f;
    tgx_status st = render(gs, NULL, TGX_PIPE_LINE_STRIP, strip, 3, img, &d);
    TGX_CHECK(st == TGX_OK, "lines in: %s", d.message);
    compare(img, want, "line strip draw into a LINES GS");
}

/* POINTS out with PSIZE: a point at window (2, 2) of size 2 covers [1, 3)^2, one at (5.5, 5.5)
 * of size 3 covers [4, 7)^2. Colours 5 and 6. */
static void test_points_psize(void)
{
    const char *gs = GS_HEAD("POINTS", "POINTS", "2") "DCL IN[][0], POSITION\n"
                                                      "DCL OUT[0], POSITION\n"
                                                      "DCL OUT[1], GENERIC[0]\n"
                                                      "DCL OUT[2], PSIZE\n"
                                                      "IMM[0] FLT32 {-0.5, 0.375, 2.0, 3.0}\n"
                                                      "IMM[1] FLT32 {5.0, 6.0, 0.0, 1.0}\n"
                                                      "IMM[2] UINT32 {0, 0, 0, 0}\n"
                                                      "  0: MOV OUT[0], IMM[0].xxww\n"
                                                      "  1: MOV OUT[0].zw, IMM[1].zzzw\n"
                                                      "  2: MOV OUT[1], IMM[1].xzzz\n"
                                                      "  3: MOV OUT[2], IMM[0].zzzz\n"
                                                      "  4: EMIT IMM[2].xxxx\n"
                                                      "  5: MOV OUT[0].xy, IMM[0].yyyy\n"
                                                      "  6: MOV OUT[1], IMM[1].yzzz\n"
                                                      "  7: MOV OUT[2], IMM[0].wwww\n"
                                                      "  8: EMIT IMM[2].xxxx\n"
                                                      "  9: END\n";
    static const float pt[2] = {0, 0};
    float img[H][W], want[H][W];
    tgx_diag d;
    memset(want, 0, sizeof want);
    for (unsigned y = 1; y < 3; y++)
        for (unsigned x = 1; x < 3; x++)
            want[y][x] = 5.0f;
    for (unsigned y = 4; y < 7; y++)
        for (unsigned x = 4; x < 7; x++)
            want[y][x] = 6.0f;
    tgx_status st = render(gs, NULL, TGX_PIPE_POINTS, pt, 1, img, &d);
    TGX_CHECK(st == TGX_OK, "points: %s", d.message);
    compare(img, want, "points with PSIZE");
}

/* A 5-vertex triangle strip from the GS, counter-clockwise in GL's y-up sense: each of its
 * triangles must be front-facing (FACE = +1) with the default front_ccw = 0 (docs/pipeline.md
 * "Facing"); getting the odd triangle's vertex order wrong would make its pixels -1. */
static void test_strip_winding(void)
{
    const char *gs = GS_HEAD("POINTS", "TRIANGLE_STRIP", "5") "DCL IN[][0], POSITION\n"
                                                              "DCL OUT[0], POSITION\n"
                                                              "IMM[0] FLT32 {-1.0, 1.0, 0.0, "
                                                              "1.0}\n"
                                                              "IMM[1] UINT32 {0, 0, 0, 0}\n"
                                                              "  0: MOV OUT[0], IMM[0].xxzw\n"
                                                              "  1: EMIT IMM[1].xxxx\n"
                                                              "  2: MOV OUT[0], IMM[0].zxzw\n"
                                                              "  3: EMIT IMM[1].xxxx\n"
                                                              "  4: MOV OUT[0], IMM[0].xyzw\n"
                                                              "  5: EMIT IMM[1].xxxx\n"
                                                              "  6: MOV OUT[0], IMM[0].zyzw\n"
                                                              "  7: EMIT IMM[1].xxxx\n"
                                                              "  8: MOV OUT[0], IMM[0].yyzw\n"
                                                              "  9: EMIT IMM[1].xxxx\n"
                                                              " 10: END\n";
    /* FACE to colour */
    const char *fs = "FRAG\nDCL IN[0].x, FACE, CONSTANT\nDCL OUT[0], COLOR\n"
                     "  0: MOV OUT[0], IN[0].xxxx\n  1: END\n";
    static const float pt[2] = {0, 0};
    float img[H][W], want[H][W];
    tgx_diag d;
    /* strip v0 (-1,-1) v1 (0,-1) v2 (-1,1) v3 (0,1) v4 (1,1): triangles (v0 v1 v2) and, odd,
     * (v2 v1 v3) [last-vertex provoking order: k+1, k, k+2], then (v2 v3 v4). Window: v0 (0,0),
     * v1 (4,0), v2 (0,8), v3 (4,8), v4 (8,8): the left half [0,4) x [0,8) is covered by the
     * first two; the third, (0,8) (4,8) (8,8), is degenerate (a line): no pixels. All
     * counter-clockwise in clip space: front-facing, FACE +1. */
    for (unsigned y = 0; y < H; y++)
        for (unsigned x = 0; x < W; x++)
            want[y][x] = x < 4 ? 1.0f : 0.0f;
    tgx_status st = render(gs, fs, TGX_PIPE_POINTS, pt, 1, img, &d);
    TGX_CHECK(st == TGX_OK, "strip winding: %s", d.message);
    compare(img, want, "GS triangle strip winding (FACE)");
}

/* 40 points, more than one interpreter run (32): point k at pixel (k % 8, k / 8) (its centre in
 * clip space), colour PRIMID + 1. */
static void test_many_primitives(void)
{
    const char *gs = GS_HEAD("POINTS", "POINTS", "1") "DCL IN[][0], POSITION\n"
                                                      "DCL SV[0], PRIM_ID\n"
                                                      "DCL OUT[0], POSITION\n"
                                                      "DCL OUT[1], GENERIC[0]\n"
                                                      "DCL TEMP[0]\n"
                                                      "IMM[0] UINT32 {0, 1, 0, 0}\n"
                                                      "  0: UADD TEMP[0].x, SV[0].xxxx, "
                                                      "IMM[0].yyyy\n"
                                                      "  1: U2F OUT[1], TEMP[0].xxxx\n"
                                                      "  2: MOV OUT[0], IN[0][0]\n"
                                                      "  3: EMIT IMM[0].xxxx\n"
                                                      "  4: END\n";
    float pts[80], img[H][W], want[H][W];
    tgx_diag d;
    memset(want, 0, sizeof want);
    for (unsigned k = 0; k < 40; k++) {
        pts[2 * k] = ((float)(k % 8) + 0.5f) / 4.0f - 1.0f;
        pts[2 * k + 1] = ((float)(k / 8) + 0.5f) / 4.0f - 1.0f;
        want[k / 8][k % 8] = (float)(k + 1);
    }
    tgx_status st = render(gs, NULL, TGX_PIPE_POINTS, pts, 40, img, &d);
    TGX_CHECK(st == TGX_OK, "many: %s", d.message);
    compare(img, want, "40 points, PRIMID");
}

/* A GS for triangles on a point draw: TGX_ERR_INVALID naming the GS and both kinds. */
static void test_mismatch(void)
{
    const char *gs = GS_HEAD("TRIANGLES", "POINTS", "1") "  0: END\n";
    static const float pt[2] = {0, 0};
    float img[H][W];
    tgx_diag d;
    memset(&d, 0, sizeof d);
    tgx_status st = render(gs, NULL, TGX_PIPE_POINTS, pt, 1, img, &d);
    TGX_CHECK(st == TGX_ERR_INVALID && strcmp(d.file, "gs.tgsi") == 0 &&
                  strstr(d.message, "TRIANGLES") && strstr(d.message, "points"),
              "mismatch: status %d, %s: %s", (int)st, d.file, d.message);
    /* the error points at line 2, PROPERTY GS_INPUT_PRIMITIVE (GS_HEAD) */
    TGX_CHECK(d.line == 2 && d.column == 1, "mismatch at %u:%u, want 2:1", d.line, d.column);
}

int main(void)
{
    test_one_to_two();
    test_point_to_quad();
    test_line_strip();
    test_lines_in();
    test_points_psize();
    test_strip_winding();
    test_many_primitives();
    test_mismatch();
    return tgx_test_finish();
}
