/* Draw modes with adjacency (GL 4.6 sections 10.1.11-10.1.14): which vertices a geometry shader
 * receives in IN[0..3] / IN[0..5] for each primitive, the lines and triangles drawn without a
 * geometry shader, and the errors for a shader whose GS_INPUT_PRIMITIVE the mode does not give.
 *
 * The vertex shader passes the position and writes GENERIC[0] = VERTEXID + 1, so a colour names a
 * vertex (0 is the clear colour). The probing geometry shader emits, for primitive PRIMID, one
 * point per input slot v at pixel (v, PRIMID) coloured by IN[v]'s GENERIC[0]: row k of the image
 * lists the vertices primitive k received, in slot order (with flatshade_first too). Expected rows
 * are GL 4.6's lists in 0-based vertex numbers (the spec counts from 1), worked out in the
 * comments. Coverage without a GS follows docs/pipeline.md's rules, as in test_gs.c. */
#include <stdio.h>

#include "draw_harness.h"

/* POSITION = (IN[0].xy, 0, 1), GENERIC[0] = VERTEXID + 1 (as a float). */
static const char vs_text[] = "VERT\nDCL IN[0]\nDCL SV[0], VERTEXID\nDCL OUT[0], POSITION\n"
                              "DCL OUT[1], GENERIC[0]\nDCL TEMP[0]\n"
                              "IMM[0] FLT32 {0.0, 1.0, 0.0, 0.0}\n"
                              "  0: MOV OUT[0].xy, IN[0].xyyy\n"
                              "  1: MOV OUT[0].zw, IMM[0].xxxy\n"
                              "  2: I2F TEMP[0].x, SV[0].xxxx\n"
                              "  3: ADD OUT[1], TEMP[0].xxxx, IMM[0].yyyy\n  4: END\n";
/* COLOR = GENERIC[0], flat (the provoking vertex's). */
static const char fs_text[] = "FRAG\nDCL IN[0], GENERIC[0], CONSTANT\nDCL OUT[0], COLOR\n"
                              "  0: MOV OUT[0], IN[0]\n  1: END\n";

/* The probing GS for an input primitive of n vertices (kind: its GS_INPUT_PRIMITIVE): point v at
 * clip (v / 4 + 1/8 - 1, PRIMID / 4 + 1/8 - 1), the centre of pixel (v, PRIMID) of 8x8,
 * coloured by IN[v]'s GENERIC[0]. */
static void probe_gs_text(const char *kind, unsigned n, char *buf, size_t size)
{
    int at = snprintf(buf, size,
                      "GEOM\nPROPERTY GS_INPUT_PRIMITIVE %s\nPROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
                      "PROPERTY GS_MAX_OUTPUT_VERTICES %u\n"
                      "DCL IN[][0], POSITION\nDCL IN[][1], GENERIC[0]\nDCL SV[0], PRIM_ID\n"
                      "DCL OUT[0], POSITION\nDCL OUT[1], GENERIC[0]\nDCL TEMP[0]\n"
                      "IMM[0] FLT32 {0.25, 0.125, -1.0, 1.0}\n"
                      "IMM[1] UINT32 {0, 0, 0, 0}\n"
                      "IMM[2] FLT32 {-0.875, -0.625, -0.375, -0.125}\n"
                      "IMM[3] FLT32 {0.125, 0.375, 0.0, 1.0}\n"
                      "U2F TEMP[0].y, SV[0].xxxx\n"
                      "MAD TEMP[0].y, TEMP[0].yyyy, IMM[0].xxxx, IMM[0].yyyy\n"
                      "ADD TEMP[0].y, TEMP[0].yyyy, IMM[0].zzzz\n"
                      "MOV TEMP[0].zw, IMM[3].zzzw\n",
                      kind, n);
    static const char *const xpos[6] = {"IMM[2].xxxx", "IMM[2].yyyy", "IMM[2].zzzz",
                                        "IMM[2].wwww", "IMM[3].xxxx", "IMM[3].yyyy"};
    for (unsigned v = 0; v < n && at > 0 && (size_t)at < size; v++)
        at += snprintf(buf + at, size - (size_t)at,
                       "MOV TEMP[0].x, %s\nMOV OUT[0], TEMP[0]\nMOV OUT[1], IN[%u][1]\n"
                       "EMIT IMM[1].xxxx\n",
                       xpos[v], v);
    if (at > 0 && (size_t)at < size)
        snprintf(buf + at, size - (size_t)at, "END\n");
}

/* Draws verts (clip x, y pairs) as prim, through gs_text unless NULL. */
static tgx_status render_as(const char *gs_text, tgx_pipe_prim prim, bool flatshade_first,
                            const float *verts, unsigned n, float img[H][W], tgx_diag *d)
{
    draw8 c = {vs_text, gs_text, fs_text, prim, flatshade_first, verts, n};
    return render8(&c, img, d);
}

static tgx_status render(const char *gs_text, tgx_pipe_prim prim, const float *verts, unsigned n,
                         float img[H][W], tgx_diag *d)
{
    return render_as(gs_text, prim, false, verts, n, img, d);
}

/* Runs the probing GS (n slots) on `count` vertices in mode prim and compares row k with
 * rows[k] (0-based vertex numbers; the pixels show them + 1). */
static void probe_as(const char *kind, unsigned n, tgx_pipe_prim prim, bool flatshade_first,
                     unsigned count, const unsigned rows[][6], unsigned nrows, const char *what)
{
    char gs[4096];
    float verts[2 * 16], img[H][W], want[H][W];
    tgx_diag d;
    memset(verts, 0, sizeof verts); /* positions do not matter: the GS places the points */
    memset(want, 0, sizeof want);
    for (unsigned k = 0; k < nrows; k++)
        for (unsigned v = 0; v < n; v++)
            want[k][v] = (float)(rows[k][v] + 1);
    probe_gs_text(kind, n, gs, sizeof gs);
    tgx_status st = render_as(gs, prim, flatshade_first, verts, count, img, &d);
    TGX_CHECK(st == TGX_OK, "%s: %s", what, d.message);
    compare(img, want, what);
}

static void probe(const char *kind, unsigned n, tgx_pipe_prim prim, unsigned count,
                  const unsigned rows[][6], unsigned nrows, const char *what)
{
    probe_as(kind, n, prim, false, count, rows, nrows, what);
}

/* Lines with adjacency (section 10.1.11): vertices 4i+1..4i+4 (from 1) form primitive i, the
 * segment between the middle two. 9 vertices: two primitives, the ninth unused. */
static void test_lines_adjacency(void)
{
    static const unsigned rows[2][6] = {{0, 1, 2, 3}, {4, 5, 6, 7}};
    probe("LINES_ADJACENCY", 4, TGX_PIPE_LINES_ADJACENCY, 9, rows, 2, "lines_adjacency into GS");
}

/* Line strips with adjacency (10.1.12): n vertices give n - 3 primitives; primitive i is
 * vertices i+1..i+4 (from 1). 6 vertices: 3 primitives. */
static void test_line_strip_adjacency(void)
{
    static const unsigned rows[3][6] = {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}};
    probe("LINES_ADJACENCY", 4, TGX_PIPE_LINE_STRIP_ADJACENCY, 6, rows, 3,
          "line_strip_adjacency into GS");
}

/* Triangles with adjacency (10.1.13): vertices 6i+1..6i+6 (from 1) form triangle i; the GS sees
 * them in that order (section 11.3.4.1: IN[0], IN[2], IN[4] the triangle, IN[1], IN[3], IN[5]
 * the adjacent vertices). 13 vertices: two triangles, the 13th unused. */
static void test_triangles_adjacency(void)
{
    static const unsigned rows[2][6] = {{0, 1, 2, 3, 4, 5}, {6, 7, 8, 9, 10, 11}};
    probe("TRIANGLES_ADJACENCY", 6, TGX_PIPE_TRIANGLES_ADJACENCY, 13, rows, 2,
          "triangles_adjacency into GS");
}

/* Triangle strips with adjacency (10.1.14, table 10.1; vertices counted from 1 there, i the
 * triangle from 0, n triangles from 4 + 2n vertices; an odd last vertex is unused). Each GS row
 * is (1st, adj 1/2, 2nd, adj 2/3, 3rd, adj 3/1), section 11.3.4.1's slot order:
 *   only (n = 1):      1 3 5, adjacent 2 6 4
 *   first (i = 0):     1 3 5, adjacent 2 7 4
 *   middle, i odd:     2i+3 2i+1 2i+5, adjacent 2i-1 2i+4 2i+7
 *   middle, i even:    2i+1 2i+3 2i+5, adjacent 2i-1 2i+7 2i+4
 *   last, i odd:       2i+3 2i+1 2i+5, adjacent 2i-1 2i+4 2i+6
 *   last, i even:      2i+1 2i+3 2i+5, adjacent 2i-1 2i+6 2i+4
 * In 0-based numbers, subtracting 1: */
static void test_triangle_strip_adjacency(void)
{
    /* 11 vertices: 3 triangles (first; middle i = 1: 4 2 6 / 0 5 8; last i = 2: 4 6 8 /
     * 2 9 7), vertex 10 unused */
    static const unsigned three[3][6] = {
        {0, 1, 2, 6, 4, 3}, {4, 0, 2, 5, 6, 8}, {4, 2, 6, 9, 8, 7}};
    probe("TRIANGLES_ADJACENCY", 6, TGX_PIPE_TRIANGLE_STRIP_ADJACENCY, 11, three, 3,
          "triangle_strip_adjacency, 11 vertices");
    /* 12 vertices: 4 triangles (first; middle i = 1; middle i = 2: 4 6 8 / 2 10 7; last i = 3:
     * 8 6 10 / 4 9 11) */
    static const unsigned four[4][6] = {
        {0, 1, 2, 6, 4, 3}, {4, 0, 2, 5, 6, 8}, {4, 2, 6, 10, 8, 7}, {8, 4, 6, 9, 10, 11}};
    probe("TRIANGLES_ADJACENCY", 6, TGX_PIPE_TRIANGLE_STRIP_ADJACENCY, 12, four, 4,
          "triangle_strip_adjacency, 12 vertices");
    /* 8 vertices: first, then last with i = 1 odd: 4 2 6 / 0 5 7 */
    static const unsigned two[2][6] = {{0, 1, 2, 6, 4, 3}, {4, 0, 2, 5, 6, 7}};
    probe("TRIANGLES_ADJACENCY", 6, TGX_PIPE_TRIANGLE_STRIP_ADJACENCY, 8, two, 2,
          "triangle_strip_adjacency, 8 vertices");
    /* 7 vertices: the only triangle, 0 2 4 / 1 5 3; 5 vertices: none */
    static const unsigned one[1][6] = {{0, 1, 2, 5, 4, 3}};
    probe("TRIANGLES_ADJACENCY", 6, TGX_PIPE_TRIANGLE_STRIP_ADJACENCY, 7, one, 1,
          "triangle_strip_adjacency, 7 vertices");
    probe("TRIANGLES_ADJACENCY", 6, TGX_PIPE_TRIANGLE_STRIP_ADJACENCY, 5, one, 0,
          "triangle_strip_adjacency, 5 vertices");
}

/* Without a GS, a line strip with adjacency draws its segments between vertices 2..n-1 (from 1).
 * Vertices 0 (-1, 1) and 4 (1, -1) are only adjacent; 1, 2, 3 are test_gs.c's strip A (1, 2) ->
 * B (7, 2) -> C (7, 6) in window coordinates: softpipe's Bresenham walk (sp_setup_line) draws
 * segment 1-2 on row 2, columns 1..6 (not its last end point), segment 2-3 on column 7, rows
 * 2..5. Colours: the provoking (last) vertex's VERTEXID + 1: 3 and 4. */
static void test_line_strip_no_gs(void)
{
    static const float v[10] = {-1, 1, -0.75f, -0.5f, 0.75f, -0.5f, 0.75f, 0.5f, 1, -1};
    float img[H][W], want[H][W];
    tgx_diag d;
    memset(want, 0, sizeof want);
    for (unsigned x = 1; x <= 6; x++)
        want[2][x] = 3.0f;
    for (unsigned y = 2; y <= 5; y++)
        want[y][7] = 4.0f;
    tgx_status st = render(NULL, TGX_PIPE_LINE_STRIP_ADJACENCY, v, 5, img, &d);
    TGX_CHECK(st == TGX_OK, "line strip adjacency without GS: %s", d.message);
    compare(img, want, "line_strip_adjacency without GS");
    /* lines_adjacency: 0 (adjacent) 1 2 (the segment AB) 3 (adjacent): row 2, colour 3 */
    static const float l[8] = {1, 1, -0.75f, -0.5f, 0.75f, -0.5f, -1, 1};
    memset(want, 0, sizeof want);
    for (unsigned x = 1; x <= 6; x++)
        want[2][x] = 3.0f;
    st = render(NULL, TGX_PIPE_LINES_ADJACENCY, l, 4, img, &d);
    TGX_CHECK(st == TGX_OK, "lines adjacency without GS: %s", d.message);
    compare(img, want, "lines_adjacency without GS");
}

/* Without a GS, a triangle strip with adjacency draws the triangles of its even (0-based)
 * vertices. Even vertices 0 2 4 6 at clip (-1,-1) (0,-1) (-1,0) (0,0) = window (0,0) (4,0) (0,4)
 * (4,4); the odd (adjacent) ones at (1, 1), outside every triangle drawn. Triangle 0 is 0 2 4
 * (provoking 4: colour 5), the 10 pixels with x + y <= 3 (test_gs.c test_one_to_two: the
 * shared diagonal's pixels, x + y = 3, are on its side since it is triangle 0's right edge);
 * triangle 1 is 4 2 6 (provoking 6: colour 7), the other 6 pixels of [0,4)^2. */
static void test_triangle_strip_no_gs(void)
{
    static const float v[16] = {-1, -1, 1, 1, 0, -1, 1, 1, -1, 0, 1, 1, 0, 0, 1, 1};
    float img[H][W], want[H][W];
    tgx_diag d;
    memset(want, 0, sizeof want);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++)
            want[y][x] = x + y <= 3 ? 5.0f : 7.0f;
    tgx_status st = render(NULL, TGX_PIPE_TRIANGLE_STRIP_ADJACENCY, v, 8, img, &d);
    TGX_CHECK(st == TGX_OK, "triangle strip adjacency without GS: %s", d.message);
    compare(img, want, "triangle_strip_adjacency without GS");
    /* triangles_adjacency: vertices 0 2 4 are the triangle, provoking 4 (colour 5) */
    static const float t[12] = {-1, -1, 1, 1, 0, -1, 1, 1, -1, 0, 1, 1};
    memset(want, 0, sizeof want);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x + y <= 3; x++)
            want[y][x] = 5.0f;
    st = render(NULL, TGX_PIPE_TRIANGLES_ADJACENCY, t, 6, img, &d);
    TGX_CHECK(st == TGX_OK, "triangles adjacency without GS: %s", d.message);
    compare(img, want, "triangles_adjacency without GS");
}

/* With flatshade_first (GL's first-vertex convention), Mesa's draw_decompose_tmp.h rotates an odd
 * triangle of a strip with adjacency so that its first vertex leads, keeping the winding: for
 * 8 vertices its i = 2 (triangle 1) step holds idx[0..5] = 2 0 4 7 6 5 and passes idx[0], idx[5],
 * idx[4], idx[3], idx[2], idx[1] = 2 5 6 7 4 0 (the table's 4 2 6 / 0 5 7 rotated to start at 2:
 * triangle 2 6 4, edge 2-6 facing 5, 6-4 facing 7, 4-2 facing 0). Even triangles keep the
 * table's order. Without a GS, the provoking vertex is then the first (GL 4.6 table 13.2, first
 * vertex convention: 2i+1 for triangle strips with adjacency, 4i+2 for lines with adjacency,
 * counting from 1): the triangles of test_triangle_strip_no_gs take colours 1 (vertex 0) and 3
 * (vertex 2); the line 1-2 of lines_adjacency colour 2 (vertex 1). */
static void test_flatshade_first(void)
{
    static const unsigned two[2][6] = {{0, 1, 2, 6, 4, 3}, {2, 5, 6, 7, 4, 0}};
    probe_as("TRIANGLES_ADJACENCY", 6, TGX_PIPE_TRIANGLE_STRIP_ADJACENCY, true, 8, two, 2,
             "triangle_strip_adjacency, flatshade_first");
    static const float v[16] = {-1, -1, 1, 1, 0, -1, 1, 1, -1, 0, 1, 1, 0, 0, 1, 1};
    float img[H][W], want[H][W];
    tgx_diag d;
    memset(want, 0, sizeof want);
    for (unsigned y = 0; y < 4; y++)
        for (unsigned x = 0; x < 4; x++)
            want[y][x] = x + y <= 3 ? 1.0f : 3.0f;
    tgx_status st = render_as(NULL, TGX_PIPE_TRIANGLE_STRIP_ADJACENCY, true, v, 8, img, &d);
    TGX_CHECK(st == TGX_OK, "flatshade_first strip without GS: %s", d.message);
    compare(img, want, "triangle_strip_adjacency without GS, flatshade_first");
    static const float l[8] = {1, 1, -0.75f, -0.5f, 0.75f, -0.5f, -1, 1};
    memset(want, 0, sizeof want);
    for (unsigned x = 1; x <= 6; x++)
        want[2][x] = 2.0f;
    st = render_as(NULL, TGX_PIPE_LINES_ADJACENCY, true, l, 4, img, &d);
    TGX_CHECK(st == TGX_OK, "flatshade_first lines without GS: %s", d.message);
    compare(img, want, "lines_adjacency without GS, flatshade_first");
}

/* A GS's input must be the mode's kind exactly (GL 4.6 section 11.3.4.1): a LINES shader on a
 * lines_adjacency draw, a TRIANGLES_ADJACENCY shader on a triangle strip and a LINES_ADJACENCY
 * shader on triangles_adjacency are TGX_ERR_INVALID naming the GS and both kinds. */
static void test_mismatch(void)
{
    static const struct {
        const char *gs_kind;
        tgx_pipe_prim prim;
        const char *gives, *want;
    } cases[] = {
        {"LINES", TGX_PIPE_LINES_ADJACENCY, "lines with adjacency", "LINES_ADJACENCY"},
        {"TRIANGLES_ADJACENCY", TGX_PIPE_TRIANGLE_STRIP, "a triangle strip", "TRIANGLES"},
        {"LINES_ADJACENCY", TGX_PIPE_TRIANGLES_ADJACENCY, "triangles with adjacency",
         "TRIANGLES_ADJACENCY"},
    };
    static const float v[24] = {0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char gs[256], msg[64];
        float img[H][W];
        tgx_diag d;
        memset(&d, 0, sizeof d);
        snprintf(gs, sizeof gs,
                 "GEOM\nPROPERTY GS_INPUT_PRIMITIVE %s\nPROPERTY GS_OUTPUT_PRIMITIVE POINTS\n"
                 "PROPERTY GS_MAX_OUTPUT_VERTICES 1\nEND\n",
                 cases[i].gs_kind);
        snprintf(msg, sizeof msg, "takes %s (GS_INPUT_PRIMITIVE)", cases[i].gs_kind);
        tgx_status st = render(gs, cases[i].prim, v, 12, img, &d);
        TGX_CHECK(st == TGX_ERR_INVALID && strcmp(d.file, "gs.tgsi") == 0 &&
                      strstr(d.message, msg) && strstr(d.message, cases[i].gives) &&
                      strstr(d.message, cases[i].want),
                  "mismatch %zu: status %d, %s: %s", i, (int)st, d.file, d.message);
    }
}

/* The mode names of `tgx run --prim`. */
static void test_names(void)
{
    static const char *const names[] = {"lines_adjacency", "line_strip_adjacency",
                                        "triangles_adjacency", "triangle_strip_adjacency"};
    static const tgx_pipe_prim prims[] = {TGX_PIPE_LINES_ADJACENCY, TGX_PIPE_LINE_STRIP_ADJACENCY,
                                          TGX_PIPE_TRIANGLES_ADJACENCY,
                                          TGX_PIPE_TRIANGLE_STRIP_ADJACENCY};
    for (unsigned i = 0; i < 4; i++) {
        tgx_pipe_prim p = TGX_PIPE_POINTS;
        TGX_CHECK(tgx_pipe_prim_parse(names[i], &p) && p == prims[i], "parse %s", names[i]);
        TGX_CHECK(strcmp(tgx_pipe_prim_name(prims[i]), names[i]) == 0, "name of %s", names[i]);
    }
    tgx_pipe_prim p;
    TGX_CHECK(!tgx_pipe_prim_parse("quads", &p), "quads is no mode");
    TGX_CHECK(tgx_pipe_prim_name(TGX_PIPE_PRIM_COUNT) == NULL, "name out of range");
}

int main(void)
{
    test_lines_adjacency();
    test_line_strip_adjacency();
    test_triangles_adjacency();
    test_triangle_strip_adjacency();
    test_line_strip_no_gs();
    test_triangle_strip_no_gs();
    test_flatshade_first();
    test_mismatch();
    test_names();
    return tgx_test_finish();
}
