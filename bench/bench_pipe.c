/* bench_pipe: the minimal pipeline (tgx_pipe_render, include/tgx/pipe.h) on full-screen quads.
 *
 *   bench_pipe [SIZE] [SECONDS]      defaults: 512 (a SIZE x SIZE target), 0.3 s per figure
 *
 * Draws the full-screen quad of `tgx run` (strip (-1,-1) (1,-1) (-1,1) (1,1), the built-in
 * pass-through vertex shader) into an RGBA32F target with each fragment shader, with 1 and with
 * 2 render threads (tgx_pipe_state.threads), and prints megapixels per second: after one
 * warm-up render, renders are repeated until SECONDS have passed; the figure is SIZE^2 over the
 * fastest render (the mean over all of them follows in brackets). Shaders and inputs:
 *   demo        examples/demo.tgsi with the textures and samplers of tools/demo.sh (`make demo`)
 *   p1_bilinear, p2_trilinear_alu, p3_alu_loop64
 *               tests/data/tgsi/_perf/ (the corpus benchmark workloads) over the corpus _perf
 *               texture: 256x256 rgba8, 9 levels of `hash` seed 11, repeat, linear (p1) /
 *               linear_mipmap_linear (p2) (corpus README "Extras")
 *   alu_loop_break
 *               tests/data/corpus/alu_loop_break/shader.tgsi (Mandelbrot escape loop)
 * Files are found under $TGX_SRC, else beside this source file (bench/..). Nothing is asserted;
 * a failing render is reported and the exit status is 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tgx/io.h"
#include "tgx/pipe.h"
#include "tgx/tex.h"

#include "bench_util.h"

typedef struct case_def {
    const char *name;
    const char *path;
    int textures; /* 0 none, 1 demo's two, 2 _perf bilinear, 3 _perf trilinear */
} case_def;

static const case_def cases[] = {
    {"demo", "examples/demo.tgsi", 1},
    {"p1_bilinear", "tests/data/tgsi/_perf/p1_bilinear.tgsi", 2},
    {"p2_trilinear_alu", "tests/data/tgsi/_perf/p2_trilinear_alu.tgsi", 3},
    {"p3_alu_loop64", "tests/data/tgsi/_perf/p3_alu_loop64.tgsi", 0},
    {"alu_loop_break", "tests/data/corpus/alu_loop_break/shader.tgsi", 0},
};

static void report(const char *what, const tgx_diag *d)
{
    fprintf(stderr, "bench_pipe: %s: %s:%u:%u: %s\n", what, d->file[0] ? d->file : "-", d->line,
            d->column, d->message);
}

/* A generated 2D rgba8 texture: generator `gen`, size, levels; box=1 filters levels 1.. from
 * level 0 (tgx run's mips=box). */
static tgx_tex *gen_texture(const char *gen, uint32_t w, uint32_t h, uint32_t levels, int box)
{
    tgx_diag d;
    tgx_texgen g;
    tgx_tex *tex = NULL;
    tgx_tex_desc desc = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, w, h, 1, levels, 1};
    if (tgx_texgen_parse(gen, &g, &d) != TGX_OK || tgx_tex_create(&desc, &tex, &d) != TGX_OK ||
        tgx_texgen_fill(tex, &g, &d) != TGX_OK ||
        (box && tgx_tex_generate_mipmaps(tex, &d) != TGX_OK)) {
        report("texture", &d);
        tgx_tex_destroy(tex);
        return NULL;
    }
    return tex;
}

/* Sampler from "key=value,..." over GL's defaults, as tgx run --sampler. */
static int make_sampler(tgx_sampler *s, const char *spec)
{
    char buf[256];
    tgx_diag d;
    tgx_sampler_init(s);
    snprintf(buf, sizeof buf, "%s", spec);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return 0;
        *eq = 0;
        if (tgx_sampler_set(s, tok, eq + 1, &d) != TGX_OK) {
            report("sampler", &d);
            return 0;
        }
    }
    return 1;
}

typedef struct inputs {
    tgx_tex *tex[2];
    tgx_tex_view view[2];
    tgx_sampler samp[2];
    tgx_pipe_bindings b;
} inputs;

static int bind_unit(inputs *in, unsigned u, tgx_tex *tex, const char *sampler)
{
    if (!tex)
        return 0;
    in->tex[u] = tex;
    tgx_tex_view_init(&in->view[u], tex);
    if (!make_sampler(&in->samp[u], sampler))
        return 0;
    in->b.view[u] = &in->view[u];
    in->b.sampler[u] = &in->samp[u];
    return 1;
}

static int setup_inputs(inputs *in, int kind)
{
    memset(in, 0, sizeof *in);
    switch (kind) {
    case 1: /* tools/demo.sh */
        return bind_unit(in, 0, gen_texture("checker:cell=64", 256, 256, 9, 1),
                         "wrap=repeat,min=linear_mipmap_linear,mag=linear") &&
               bind_unit(in, 1, gen_texture("hash:seed=7", 8, 8, 1, 0),
                         "wrap=repeat,filter=linear,mip=none");
    case 2:
        return bind_unit(in, 0, gen_texture("hash:seed=11", 256, 256, 9, 0),
                         "wrap=repeat,min=linear,mag=linear");
    case 3:
        return bind_unit(in, 0, gen_texture("hash:seed=11", 256, 256, 9, 0),
                         "wrap=repeat,min=linear_mipmap_linear,mag=linear");
    default: return 1;
    }
}

static void free_inputs(inputs *in)
{
    tgx_tex_destroy(in->tex[0]);
    tgx_tex_destroy(in->tex[1]);
}

/* One warm-up render, then renders until `seconds` have passed; returns the megapixels per second
 * of the fastest render (the machine is shared, so the best time is the steadiest figure), or a
 * negative value. *mean gets the mean over the timed renders. */
static double time_renders(const tgx_pipe_draw *draw, unsigned size, unsigned threads,
                           double seconds, unsigned *renders, double *mean)
{
    tgx_pipe_state st;
    tgx_diag d;
    tgx_pipe_state_init(&st, size, size);
    st.threads = threads;
    unsigned n = 0;
    double best = 1e30, total = 0.0;
    for (int warm = 1; warm >= 0; warm--) {
        double t0 = bench_now(), t = t0;
        do {
            double r0 = bench_now();
            if (tgx_pipe_render(draw, &st, &d) != TGX_OK) {
                report("render", &d);
                return -1.0;
            }
            t = bench_now();
            if (!warm) {
                best = t - r0 < best ? t - r0 : best;
                n++;
            }
        } while (!warm && t - t0 < seconds);
        if (!warm)
            total = t - t0;
    }
    double mpix = (double)size * size / 1e6;
    *renders = n;
    *mean = mpix * n / total;
    return mpix / best;
}

static int bench_case(const case_def *c, const char *dir, const tgx_pipe_shader *vs, unsigned size,
                      double seconds)
{
    static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
    char path[1200];
    tgx_diag d;
    tgx_pipe_shader *fs = NULL;
    inputs in;
    snprintf(path, sizeof path, "%.1000s/%.190s", dir, c->path);
    if (tgx_pipe_shader_load(path, &fs, &d) != TGX_OK) {
        report("shader (set TGX_SRC to the source tree)", &d);
        return 0;
    }
    memset(&in, 0, sizeof in);
    tgx_pipe_target target = {size, size, false, calloc((size_t)size * size * 4, 4)};
    int ok = target.words && setup_inputs(&in, c->textures);
    if (ok) {
        tgx_pipe_draw draw;
        memset(&draw, 0, sizeof draw);
        draw.vs = vs;
        draw.fs = fs;
        draw.prim = TGX_PIPE_TRIANGLE_STRIP;
        draw.vertex_count = 4;
        draw.attribs[0].words = (const uint32_t *)(const void *)quad;
        draw.attribs[0].components = 2;
        draw.vs_bindings = &in.b;
        draw.fs_bindings = &in.b;
        draw.targets[0] = &target;
        unsigned r1 = 0, r2 = 0;
        double m1 = 0.0, m2 = 0.0;
        double j1 = time_renders(&draw, size, 1, seconds, &r1, &m1);
        double j2 = j1 < 0 ? -1.0 : time_renders(&draw, size, 2, seconds, &r2, &m2);
        ok = j1 >= 0 && j2 >= 0;
        if (ok)
            printf("pipe %-16s -j 1 %6.2f Mpixel/s (mean %6.2f, %3u renders), -j 2 %6.2f Mpixel/s "
                   "(mean %6.2f, %3u renders), x%.2f\n",
                   c->name, j1, m1, r1, j2, m2, r2, j2 / j1);
    }
    free_inputs(&in);
    free(target.words);
    tgx_pipe_shader_destroy(fs);
    return ok;
}

int main(int argc, char **argv)
{
    unsigned size = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 512u;
    double seconds = argc > 2 ? strtod(argv[2], NULL) : 0.3;
    if (size < 1 || size > 4096 || !(seconds > 0.0)) {
        fprintf(stderr, "usage: bench_pipe [SIZE 1..4096] [SECONDS > 0]\n");
        return 2;
    }
    char dir[1024];
    bench_source_dir(dir, sizeof dir, __FILE__);
    tgx_diag d;
    tgx_pipe_shader *vs = NULL;
    if (tgx_pipe_shader_passthrough(&vs, &d) != TGX_OK) {
        report("pass-through vertex shader", &d);
        return 1;
    }
    int rc = 0;
    printf("pipe: full-screen quad, %ux%u RGBA32F target, at least %.2f s per figure\n", size, size,
           seconds);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (!bench_case(&cases[i], dir, vs, size, seconds))
            rc = 1;
    tgx_pipe_shader_destroy(vs);
    return rc;
}
