/* The pipeline end to end with small shaders: fragment coordinates and FACE (TGSI spec,
 * "TGSI_SEMANTIC_POSITION" / "FACE"; the FS_COORD_* properties), perspective-correct and flat
 * interpolation (GL 4.6 eq. 14.9, table 13.2), helper lanes for derivatives, identical images
 * for any thread count, and a compute dispatch. Expected values are the formulas, computed here
 * in double from the vertex data. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/pipe.h"
#include "tgx/util.h"
#include "tgx_test.h"

static tgx_pipe_shader *shader(const char *text)
{
    tgx_pipe_shader *s = NULL;
    tgx_diag d;
    tgx_status st = tgx_pipe_shader_parse(text, strlen(text), "test.tgsi", &s, &d);
    TGX_CHECK(st == TGX_OK, "shader: %s:%u:%u: %s", d.file, d.line, d.column, d.message);
    return s;
}

static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};

/* Draws fs on the full-screen quad with the built-in vertex shader into words (st's viewport
 * size). */
static tgx_status draw_quad(const char *fs_text, const tgx_pipe_state *st, uint32_t *words,
                            tgx_diag *d)
{
    tgx_pipe_shader *vs = NULL, *fs = shader(fs_text);
    TGX_CHECK(tgx_pipe_shader_passthrough(&vs, d) == TGX_OK, "passthrough: %s", d->message);
    tgx_pipe_target t = {(uint32_t)st->viewport[2], (uint32_t)st->viewport[3], false, words};
    tgx_pipe_draw draw;
    memset(&draw, 0, sizeof draw);
    draw.vs = vs, draw.fs = fs, draw.prim = TGX_PIPE_TRIANGLE_STRIP, draw.vertex_count = 4;
    draw.attribs[0].words = (const uint32_t *)(const void *)quad;
    draw.attribs[0].components = 2;
    draw.targets[0] = &t;
    tgx_status s = vs && fs ? tgx_pipe_render(&draw, st, d) : TGX_ERR_ARG;
    tgx_pipe_shader_destroy(vs);
    tgx_pipe_shader_destroy(fs);
    return s;
}

/* Renders fs into a w x h target with the given thread count. */
static uint32_t *render_quad(const char *fs_text, uint32_t w, uint32_t h, unsigned threads)
{
    uint32_t *words = calloc((size_t)w * h * 4, 4);
    tgx_pipe_state st;
    tgx_diag d;
    tgx_pipe_state_init(&st, w, h);
    st.threads = threads;
    TGX_CHECK(draw_quad(fs_text, &st, words, &d) == TGX_OK, "render: %s", d.message);
    return words;
}

static float px(const uint32_t *img, uint32_t w, int x, int y, int c)
{
    return tgx_bits2f(img[((size_t)y * w + (size_t)x) * 4 + (size_t)c]);
}

static void test_fragcoord(void)
{
    const uint32_t W = 10, H = 6;
    uint32_t *img = render_quad("FRAG\nDCL IN[0], POSITION, LINEAR\nDCL IN[1].x, FACE, CONSTANT\n"
                                "DCL OUT[0], COLOR\n  0: MOV OUT[0].xyz, IN[0]\n"
                                "  1: MOV OUT[0].w, IN[1].xxxx\n  2: END\n",
                                W, H, 1);
    int bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            bad += px(img, W, x, y, 0) != x + 0.5f || px(img, W, x, y, 1) != y + 0.5f ||
                   px(img, W, x, y, 2) != 0.5f || px(img, W, x, y, 3) != 1.0f;
    TGX_CHECK(bad == 0, "POSITION = (x+.5, y+.5, 0.5), FACE = +1: %d pixels differ", bad);
    free(img);
    img = render_quad("FRAG\nPROPERTY FS_COORD_ORIGIN LOWER_LEFT\n"
                      "PROPERTY FS_COORD_PIXEL_CENTER INTEGER\nDCL IN[0], POSITION, LINEAR\n"
                      "DCL OUT[0], COLOR\n  0: MOV OUT[0], IN[0]\n  1: END\n",
                      W, H, 1);
    bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            bad += px(img, W, x, y, 0) != (float)x || px(img, W, x, y, 1) != (float)(H - 1 - y) ||
                   px(img, W, x, y, 3) != 1.0f;
    TGX_CHECK(bad == 0, "LOWER_LEFT + INTEGER: (x, H-1-y): %d pixels differ", bad);
    free(img);
}

/* Coarse derivative of the window x on every pixel, helpers included: exactly 1. */
static void test_helpers_and_threads(void)
{
    const char *fs = "FRAG\nDCL IN[0], POSITION, LINEAR\nDCL IN[1].xy, GENERIC[0], PERSPECTIVE\n"
                     "DCL OUT[0], COLOR\n  0: DDX OUT[0].x, IN[0].xxxx\n"
                     "  1: DDY OUT[0].y, IN[0].yyyy\n  2: MOV OUT[0].zw, IN[1].xxxy\n  3: END\n";
    const uint32_t W = 67, H = 45; /* odd sizes: quads on the right and top edges have helpers */
    uint32_t *a = render_quad(fs, W, H, 1), *b = render_quad(fs, W, H, 3);
    int bad = 0;
    for (uint32_t y = 0; y < H; y++)
        for (uint32_t x = 0; x < W; x++)
            bad += px(a, W, x, y, 0) != 1.0f || px(a, W, x, y, 1) != 1.0f;
    TGX_CHECK(bad == 0, "DDX(x) = DDY(y) = 1 everywhere (helper lanes run): %d differ", bad);
    float u = px(a, W, 20, 30, 2), v = px(a, W, 20, 30, 3);
    TGX_CHECK(fabs(u - 20.5 / W) < 1e-6 && fabs(v - 30.5 / H) < 1e-6,
              "GENERIC[0] = ((x+.5)/W, (y+.5)/H): %g %g", u, v);
    TGX_CHECK(memcmp(a, b, (size_t)W * H * 16) == 0, "1 thread and 3 threads: same image");
    free(a);
    free(b);
}

/* Two runaway loops in different tiles of a 96x64 target (6 x 4 tiles of 16x16): loop A where
 * x >= 48 (tile columns 3-5 of every row: tile 3 is the lowest that fails), loop B where x < 48
 * and y >= 32 (rows 2-3). The failure of the lowest-numbered tile is reported (docs/pipeline.md),
 * loop A's, with any number of threads, though threads that take later tiles fail in B. */
static void test_failure_any_threads(void)
{
    const char *fs = "FRAG\nDCL IN[0], POSITION, LINEAR\nDCL OUT[0], COLOR\nDCL TEMP[0]\n"
                     "IMM[0] FLT32 {48.0, 32.0, 0.0, 0.0}\n"
                     "  0: SGE TEMP[0].x, IN[0].xxxx, IMM[0].xxxx\n"
                     "  1: IF TEMP[0].xxxx\n"
                     "  2:   BGNLOOP\n"
                     "  3:     ADD TEMP[0].y, TEMP[0].yyyy, IMM[0].xxxx\n" /* line 9 */
                     "  4:   ENDLOOP\n"
                     "  5: ENDIF\n"
                     "  6: SGE TEMP[0].z, IN[0].yyyy, IMM[0].yyyy\n"
                     "  7: IF TEMP[0].zzzz\n"
                     "  8:   BGNLOOP\n"
                     "  9:     ADD TEMP[0].w, TEMP[0].wwww, IMM[0].yyyy\n" /* line 15 */
                     " 10:   ENDLOOP\n"
                     " 11: ENDIF\n"
                     " 12: MOV OUT[0], TEMP[0]\n 13: END\n";
    const uint32_t W = 96, H = 64;
    static const unsigned threads[] = {1, 2, 3, 5, 7, 24};
    uint32_t *words = calloc((size_t)W * H * 4, 4);
    for (size_t k = 0; k < sizeof threads / sizeof threads[0]; k++)
        for (int exec = 0; exec < 2; exec++) {
            tgx_pipe_state st;
            tgx_diag d;
            tgx_pipe_state_init(&st, W, H);
            st.threads = threads[k];
            st.budget = 5000;
            st.exec = exec ? TGX_PIPE_EXEC_INTERP : TGX_PIPE_EXEC_JIT;
            tgx_status s = draw_quad(fs, &st, words, &d);
            TGX_CHECK(s == TGX_ERR_LIMIT && d.line >= 8 && d.line <= 10,
                      "-j %u, %s: loop A's budget stop (lines 8-10), not B's: status %d, %u:%u %s",
                      threads[k], exec ? "interpreter" : "compiled", (int)s, d.line, d.column,
                      d.message);
        }
    free(words);
}

/* One triangle with clip w = 1, 2, 4: perspective-correct, linear and flat inputs. */
static void test_interpolation_modes(void)
{
    const char *vs_text = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], POSITION\n"
                          "DCL OUT[1], GENERIC[0]\n  0: MOV OUT[0], IN[0]\n  1: MOV OUT[1], IN[1]\n"
                          "  2: END\n";
    /* one fragment shader per mode, all reading the same varying */
    const char *fs3 = "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
                      "  0: MOV OUT[0], IN[0]\n  1: END\n";
    const char *fs_lin = "FRAG\nDCL IN[0], GENERIC[0], LINEAR\nDCL OUT[0], COLOR\n"
                         "  0: MOV OUT[0], IN[0]\n  1: END\n";
    const char *fs_flat = "FRAG\nDCL IN[0], GENERIC[0]\nDCL OUT[0], COLOR\n"
                          "  0: MOV OUT[0], IN[0]\n  1: END\n";
    /* clip positions (x, y, z, w) and an attribute per vertex */
    float clip[3][4] = {{-0.9f, -0.8f, 0, 1}, {1.6f, -1.4f, 0, 2}, {-2.0f, 3.2f, 0, 4}};
    float attr[3][4] = {{1, 10, 100, 7}, {2, 20, 200, 8}, {3, 30, 300, 9}};
    const char *frag[3] = {fs3, fs_lin, fs_flat};
    const uint32_t W = 32, H = 32;
    for (int mode = 0; mode < 3; mode++) {
        tgx_pipe_shader *vs = shader(vs_text), *fs = shader(frag[mode]);
        tgx_pipe_target t = {W, H, false, calloc((size_t)W * H * 4, 4)};
        tgx_pipe_draw draw;
        tgx_pipe_state st;
        tgx_diag d;
        memset(&draw, 0, sizeof draw);
        tgx_pipe_state_init(&st, W, H);
        st.threads = 2;
        draw.vs = vs, draw.fs = fs, draw.prim = TGX_PIPE_TRIANGLES, draw.vertex_count = 3;
        draw.attribs[0].words = (const uint32_t *)(const void *)clip;
        draw.attribs[0].components = 4;
        draw.attribs[1].words = (const uint32_t *)(const void *)attr;
        draw.attribs[1].components = 4;
        draw.targets[0] = &t;
        tgx_status s = vs && fs ? tgx_pipe_render(&draw, &st, &d) : TGX_ERR_ARG;
        TGX_CHECK(s == TGX_OK, "render: %s", d.message);
        double win[3][3];
        for (int k = 0; k < 3; k++) {
            win[k][0] = (clip[k][0] / clip[k][3] + 1) * W / 2;
            win[k][1] = (clip[k][1] / clip[k][3] + 1) * H / 2;
            win[k][2] = 1.0 / clip[k][3];
        }
        double area = (win[1][0] - win[0][0]) * (win[2][1] - win[0][1]) -
                      (win[2][0] - win[0][0]) * (win[1][1] - win[0][1]);
        double worst = 0;
        int covered = 0;
        for (uint32_t y = 0; y < H; y++)
            for (uint32_t x = 0; x < W; x++) {
                double b[3], pxc = x + 0.5, pyc = y + 0.5;
                for (int i = 0; i < 3; i++) {
                    const double *a0 = win[(i + 1) % 3], *c0 = win[(i + 2) % 3];
                    b[i] =
                        ((c0[0] - a0[0]) * (pyc - a0[1]) - (c0[1] - a0[1]) * (pxc - a0[0])) / area;
                }
                if (b[0] <= 1e-9 || b[1] <= 1e-9 || b[2] <= 1e-9)
                    continue; /* outside or on an edge: coverage is tested elsewhere */
                covered++;
                double iw = b[0] * win[0][2] + b[1] * win[1][2] + b[2] * win[2][2];
                for (int c = 0; c < 4; c++) {
                    double want;
                    if (mode == 0)
                        want = (b[0] * attr[0][c] * win[0][2] + b[1] * attr[1][c] * win[1][2] +
                                b[2] * attr[2][c] * win[2][2]) /
                               iw;
                    else if (mode == 1)
                        want = b[0] * attr[0][c] + b[1] * attr[1][c] + b[2] * attr[2][c];
                    else
                        want = attr[2][c]; /* provoking vertex: the last */
                    double got = px(t.words, W, (int)x, (int)y, c);
                    double err = fabs(got - want) / (fabs(want) > 1 ? fabs(want) : 1);
                    worst = err > worst ? err : worst;
                }
            }
        TGX_CHECK(covered > 100, "triangle covers pixels (%d)", covered);
        TGX_CHECK(worst < 2e-6, "mode %d: relative error %g", mode, worst);
        free(t.words);
        tgx_pipe_shader_destroy(vs);
        tgx_pipe_shader_destroy(fs);
    }
}

/* A vertex behind the eye is clipped, as Mesa's draw module does (docs/pipeline.md): triangle
 * (0,0,0,1) (1,0,0,-1) (0,1,0,1) on 4x4. Against x <= w the edges to (1,0,0,-1) are cut at t = 1/3
 * from the inside vertices: (1/3,0,0,1/3) and (1/3,2/3,0,1/3); against y <= w the second of
 * these is cut away at (1/3,1/3,0,1/3). In window coordinates (scale 2, translate 2) the polygon
 * is (2,2) (4,2) (4,4) (2,4): exactly the pixels (2..3, 2..3), worked out by hand. */
static void test_clip_behind_eye(void)
{
    const char *vs_text = "VERT\nDCL IN[0]\nDCL OUT[0], POSITION\n  0: MOV OUT[0], IN[0]\n"
                          "  1: END\n";
    tgx_pipe_shader *vs = shader(vs_text);
    tgx_pipe_shader *fs = shader("FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {    1.0000,     "
                                 "0.0000,     0.0000,     1.0000}\n  0: MOV OUT[0], IMM[0]\n"
                                 "  1: END\n");
    float clip[3][4] = {{0, 0, 0, 1}, {1, 0, 0, -1}, {0, 1, 0, 1}};
    tgx_pipe_target t = {4, 4, false, calloc(64, 4)};
    tgx_pipe_draw draw;
    tgx_pipe_state st;
    tgx_diag d;
    memset(&draw, 0, sizeof draw);
    tgx_pipe_state_init(&st, 4, 4);
    draw.vs = vs, draw.fs = fs, draw.prim = TGX_PIPE_TRIANGLES, draw.vertex_count = 3;
    draw.attribs[0].words = (const uint32_t *)(const void *)clip;
    draw.attribs[0].components = 4;
    draw.targets[0] = &t;
    TGX_CHECK(vs && fs && tgx_pipe_render(&draw, &st, &d) == TGX_OK, "clipped draw: %s", d.message);
    int wrong = 0;
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            bool in = x >= 2 && y >= 2;
            float r;
            memcpy(&r, &t.words[(y * 4 + x) * 4], 4);
            wrong += (r == 1.0f) != in;
        }
    TGX_CHECK(wrong == 0, "the clipped triangle covers exactly pixels (2..3, 2..3): %d differ",
              wrong);
    free(t.words);
    tgx_pipe_shader_destroy(vs);
    tgx_pipe_shader_destroy(fs);
}

/* 2 x 1 workgroups of 8 threads: word[g*8 + t] = THREAD_ID.x + 100 * BLOCK_ID.x. */
static void test_dispatch(void)
{
    tgx_pipe_shader *cs = shader("COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 8\n"
                                 "PROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
                                 "PROPERTY CS_FIXED_BLOCK_DEPTH 1\nDCL SV[0], THREAD_ID\n"
                                 "DCL SV[1], BLOCK_ID\nDCL BUFFER[0]\nDCL TEMP[0..1]\n"
                                 "IMM[0] UINT32 {100, 8, 4, 0}\n"
                                 "  0: UMAD TEMP[0].x, SV[1].xxxx, IMM[0].yyyy, SV[0].xxxx\n"
                                 "  1: UMUL TEMP[0].x, TEMP[0].xxxx, IMM[0].zzzz\n"
                                 "  2: UMAD TEMP[1].x, SV[1].xxxx, IMM[0].xxxx, SV[0].xxxx\n"
                                 "  3: STORE BUFFER[0].x, TEMP[0].xxxx, TEMP[1].xxxx\n"
                                 "  4: END\n");
    uint32_t words[16];
    memset(words, 0xff, sizeof words);
    tgx_pipe_bindings b;
    memset(&b, 0, sizeof b);
    b.buffer[0] = words;
    b.buffer_bytes[0] = sizeof words;
    uint32_t grid[3] = {2, 1, 1};
    tgx_diag d;
    TGX_CHECK(cs && tgx_pipe_dispatch(cs, grid, &b, NULL, &d) == TGX_OK, "dispatch: %s", d.message);
    int bad = 0;
    for (unsigned i = 0; i < 16; i++)
        bad += words[i] != (i % 8) + 100 * (i / 8);
    TGX_CHECK(bad == 0, "ids written: %d wrong", bad);
    tgx_pipe_shader_destroy(cs);
}

int main(void)
{
    test_fragcoord();
    test_helpers_and_threads();
    test_failure_any_threads();
    test_interpolation_modes();
    test_clip_behind_eye();
    test_dispatch();
    return tgx_test_finish();
}
