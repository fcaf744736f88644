/* draw_harness.h — what the geometry-stage tests (test_gs.c, test_adjacency.c) share: shaders
 * parsed from text, one draw into an 8x8 RGBA32F target read back as channel 0 of every pixel,
 * and a pixel-by-pixel comparison. The expected images stay in each test, worked out by hand. */
#ifndef TGX_DRAW_HARNESS_H
#define TGX_DRAW_HARNESS_H

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/pipe.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define W 8
#define H 8

static tgx_pipe_shader *shader(const char *text, const char *name)
{
    tgx_pipe_shader *s = NULL;
    tgx_diag d;
    tgx_status st = tgx_pipe_shader_parse(text, strlen(text), name, &s, &d);
    TGX_CHECK(st == TGX_OK, "%s: %u:%u: %s", name, d.line, d.column, d.message);
    return s;
}

/* One draw: verts are n clip-space (x, y) pairs fed to vs as IN[0]; gs NULL draws without a
 * geometry shader. */
typedef struct draw8 {
    const char *vs, *gs, *fs;
    tgx_pipe_prim prim;
    bool flatshade_first;
    const float *verts;
    unsigned n;
} draw8;

/* Renders c into a W x H target on two threads; returns the status and fills img with channel 0
 * of every pixel (row 0 first). A shader that does not parse fails the test and gives
 * TGX_ERR_ARG. */
static tgx_status render8(const draw8 *c, float img[H][W], tgx_diag *d)
{
    tgx_pipe_shader *vs = shader(c->vs, "vs.tgsi"), *fs = shader(c->fs, "fs.tgsi");
    tgx_pipe_shader *gs = c->gs ? shader(c->gs, "gs.tgsi") : NULL;
    uint32_t *words = calloc((size_t)W * H * 4, sizeof *words);
    tgx_pipe_target t = {W, H, false, words};
    tgx_pipe_draw draw;
    tgx_pipe_state st;
    memset(&draw, 0, sizeof draw);
    tgx_pipe_state_init(&st, W, H);
    st.threads = 2;
    st.flatshade_first = c->flatshade_first;
    draw.vs = vs, draw.gs = gs, draw.fs = fs, draw.prim = c->prim, draw.vertex_count = c->n;
    draw.attribs[0].words = (const uint32_t *)(const void *)c->verts;
    draw.attribs[0].components = 2;
    draw.targets[0] = &t;
    bool ok = vs && fs && words && (gs || !c->gs);
    tgx_status s = ok ? tgx_pipe_render(&draw, &st, d) : TGX_ERR_ARG;
    for (unsigned y = 0; y < H; y++)
        for (unsigned x = 0; x < W; x++)
            img[y][x] = words ? tgx_bits2f(words[(y * W + x) * 4]) : -1.0f;
    free(words);
    tgx_pipe_shader_destroy(vs);
    tgx_pipe_shader_destroy(gs);
    tgx_pipe_shader_destroy(fs);
    return s;
}

static void compare(float img[H][W], float want[H][W], const char *what)
{
    int bad = 0;
    for (unsigned y = 0; y < H; y++)
        for (unsigned x = 0; x < W; x++)
            if (img[y][x] != want[y][x] && bad++ < 4)
                TGX_CHECK(0, "%s: pixel (%u, %u) = %g, want %g", what, x, y, (double)img[y][x],
                          (double)want[y][x]);
    TGX_CHECK(bad == 0, "%s: %d pixels differ", what, bad);
}

#endif
