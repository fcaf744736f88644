/* bench_mesa: the corpus _perf workloads rendered by Mesa through GL, for side-by-side figures.
 *
 *   GALLIUM_DRIVER=softpipe|llvmpipe [LP_NUM_THREADS=N] bench_mesa SIZE MIN_FRAMES SECONDS [NAME..]
 *
 * Headless GL as the corpus was made (corpus README "How it was made"): EGL on the surfaceless
 * Mesa platform, a desktop GL 3.3 core context, an FBO. Each workload is a full-screen quad
 * (triangle strip (-1,-1) (1,-1) (-1,1) (1,1)) of SIZE x SIZE pixels drawn with
 * tests/data/tgsi/_perf/vertex.glsl and NAME.glsl (the GLSL the .tgsi beside it was compiled
 * from) over the _perf texture: 256x256 RGBA8, 9 levels of the corpus `hash` generator with seed
 * 11 (tgx_texgen, the same texels tgx samples), repeat, linear (p1) / linear_mipmap_linear (p2).
 * The target is RGBA8, the format Mesa's rasterisers are fastest on.
 *
 * After one warm-up frame (it compiles the shaders), frames are drawn until MIN_FRAMES frames
 * and SECONDS seconds have passed, each timed from glDrawArrays to the end of glFinish. Output,
 * one line each, for bench_pipe to read:
 *   renderer TEXT
 *   mesa NAME MEDIAN MIN MAX FRAMES CPU     Mpixel/s over the frames' times; CPU: over the median
 *                                           frame's process CPU time (every thread of Mesa's)
 * GALLIUM_DRIVER picks the rasteriser: Mesa reads it when the display is initialised, so each
 * driver runs in its own process. Files are found under $TGX_SRC, else beside this source
 * (bench/mesa/../..). Exit status 1 when GL or a shader fails (the message says why).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MESA_GL_PROG "bench_mesa"
#include "mesa_gl.h"

#include "../bench_util.h"

typedef struct workload {
    const char *name;
    GLint min_filter; /* 0: no texture */
} workload;

static const workload workloads[] = {
    {"p1_bilinear", GL_LINEAR},
    {"p2_trilinear_alu", GL_LINEAR_MIPMAP_LINEAR},
    {"p3_alu_loop64", 0},
};

static int fail(const char *what)
{
    return mesa_gl_fail(what, NULL);
}

static GLuint program(const char *dir, const char *name)
{
    char vpath[1200], fpath[1200];
    snprintf(vpath, sizeof vpath, "%.1000s/tests/data/tgsi/_perf/vertex.glsl", dir);
    snprintf(fpath, sizeof fpath, "%.1000s/tests/data/tgsi/_perf/%.100s.glsl", dir, name);
    return mesa_gl_program(vpath, fpath, NULL);
}

/* The _perf texture on unit 0: 256x256 RGBA8, 9 levels of the corpus hash generator with seed
 * 11, repeat, linear magnification. */
static int texture(GLint min_filter)
{
    return mesa_gl_texture("hash:seed=11", 256, 9, min_filter, GL_REPEAT);
}

/* An RGBA8 colour target of size x size, bound for drawing, and the quad's vertex array. */
static int target_and_quad(GLsizei size)
{
    static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
    GLuint fbo, color, vao, vbo;
    glGenTextures(1, &color);
    glBindTexture(GL_TEXTURE_2D, color);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, size, size, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    p_glGenFramebuffers(1, &fbo);
    p_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    p_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color, 0);
    if (p_glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return fail("the RGBA8 framebuffer is incomplete");
    glViewport(0, 0, size, size);
    p_glGenVertexArrays(1, &vao);
    p_glBindVertexArray(vao);
    p_glGenBuffers(1, &vbo);
    p_glBindBuffer(GL_ARRAY_BUFFER, vbo);
    p_glBufferData(GL_ARRAY_BUFFER, sizeof quad, quad, GL_STATIC_DRAW);
    p_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    p_glEnableVertexAttribArray(0);
    return glGetError() == GL_NO_ERROR || fail("framebuffer or vertex setup failed");
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Draws the bound program until min_frames frames and `seconds` have passed (at most 1000);
 * prints the median, fastest and slowest frame as Mpixel/s. */
static int time_frames(const char *name, GLsizei size, unsigned min_frames, double seconds)
{
    static double t[1000], c[1000];
    unsigned n = 0;
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4); /* warm-up: shader compilation */
    glFinish();
    double start = bench_now();
    while (n < 1000 && (n < min_frames || bench_now() - start < seconds)) {
        double t0 = bench_now(), c0 = bench_process_cpu_now();
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        glFinish();
        c[n] = bench_process_cpu_now() - c0;
        t[n++] = bench_now() - t0;
    }
    if (glGetError() != GL_NO_ERROR)
        return fail("drawing failed");
    qsort(t, n, sizeof t[0], cmp_double);
    qsort(c, n, sizeof c[0], cmp_double);
    double mpix = (double)size * size / 1e6;
    double median = n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
    double cpu = n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2;
    printf("mesa %s %.3f %.3f %.3f %u %.3f\n", name, mpix / median, mpix / t[n - 1], mpix / t[0], n,
           cpu > 0 ? mpix / cpu : 0.0);
    fflush(stdout);
    return 1;
}

static int run_workload(const char *dir, const workload *w, GLsizei size, unsigned frames,
                        double seconds)
{
    GLuint prog = program(dir, w->name);
    if (!prog || (w->min_filter && !texture(w->min_filter)))
        return 0;
    p_glUseProgram(prog);
    int ok = time_frames(w->name, size, frames, seconds);
    p_glUseProgram(0);
    p_glDeleteProgram(prog);
    return ok;
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: bench_mesa SIZE MIN_FRAMES SECONDS [NAME...]\n");
        return 2;
    }
    long size = strtol(argv[1], NULL, 10), frames = strtol(argv[2], NULL, 10);
    double seconds = strtod(argv[3], NULL);
    if (size < 1 || size > 4096 || frames < 1 || frames > 1000 || !(seconds >= 0.0)) {
        fprintf(stderr, "bench_mesa: SIZE 1..4096, MIN_FRAMES 1..1000, SECONDS >= 0\n");
        return 2;
    }
    char dir[1024];
    bench_source_dir(dir, sizeof dir, __FILE__);
    if (!getenv("TGX_SRC"))
        strncat(dir, "/..", sizeof dir - strlen(dir) - 1); /* bench/mesa/.. is bench/ */
    if (!mesa_gl_context(0) || !target_and_quad((GLsizei)size))
        return 1;
    printf("renderer %s\n", (const char *)glGetString(GL_RENDERER));
    int rc = 0;
    for (size_t i = 0; i < sizeof workloads / sizeof workloads[0]; i++) {
        int wanted = argc == 4;
        for (int a = 4; a < argc; a++)
            wanted |= !strcmp(argv[a], workloads[i].name);
        if (wanted && !run_workload(dir, &workloads[i], (GLsizei)size, (unsigned)frames, seconds))
            rc = 1;
    }
    return rc;
}
