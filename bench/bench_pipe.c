/* bench_pipe: the minimal pipeline (tgx_pipe_render, include/tgx/pipe.h) on full-screen quads,
 * side by side with Mesa's softpipe and llvmpipe where bench_mesa was built.
 *
 *   bench_pipe [SIZE] [MIN_FRAMES] [SECONDS] [THREADS]
 *                               defaults: 1024, 5, 1.0, the number of online cores
 *
 * Draws the full-screen quad of `tgx run` (strip (-1,-1) (1,-1) (-1,1) (1,1), the built-in
 * pass-through vertex shader) into a SIZE x SIZE RGBA32F target with each fragment shader, with
 * the interpreter on one thread, then compiled (tgx/jit.h, the default) with 1 and with THREADS
 * render threads (tgx_pipe_state.exec, .threads). After one warm-up render, renders
 * are repeated until MIN_FRAMES renders and SECONDS seconds have passed; each figure is SIZE^2
 * over the median render time, in megapixels per second, followed by the slowest and fastest
 * render's figure (the spread: the machine may be shared). Shaders and inputs:
 *   p1_bilinear, p2_trilinear_alu, p3_alu_loop64
 *               tests/data/tgsi/_perf/ (the corpus benchmark workloads) over the corpus _perf
 *               texture: 256x256 rgba8, 9 levels of `hash` seed 11, repeat, linear (p1) /
 *               linear_mipmap_linear (p2) (corpus README "Extras")
 *   demo        examples/demo.tgsi with the textures and samplers of tools/demo.sh (`make demo`)
 *   alu_loop_break
 *               tests/data/corpus/alu_loop_break/shader.tgsi (Mandelbrot escape loop)
 *
 * Then the same three _perf workloads through Mesa: bench_mesa (bench/mesa, built where EGL and
 * GL were found) beside this program is run once with GALLIUM_DRIVER=softpipe, once with
 * llvmpipe and LP_NUM_THREADS=1, once with llvmpipe and LP_NUM_THREADS=THREADS, with the same
 * SIZE, MIN_FRAMES and SECONDS, and the table of issue 21's goals is printed: compiled tgx /
 * llvmpipe, and its THREADS-thread speed-up. Without bench_mesa it says so and prints
 * tgx's figures alone. Files are found under $TGX_SRC, else beside this source file (bench/..).
 * Nothing is asserted; a failing render is reported and the exit status is 1.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tgx/io.h"
#include "tgx/pipe.h"
#include "tgx/tex.h"

#include "bench_util.h"

typedef struct case_def {
    const char *name;
    const char *path;
    int textures; /* 0 none, 1 demo's two, 2 _perf bilinear, 3 _perf trilinear */
    double goal;  /* corpus _perf workloads: the goal as a fraction of llvmpipe; 0 otherwise */
} case_def;

/* The goals are issue 21's, for the compiled shaders (one thread, in the same run as Mesa). */
static const case_def cases[] = {
    {"p1_bilinear", "tests/data/tgsi/_perf/p1_bilinear.tgsi", 2, 1.0},
    {"p2_trilinear_alu", "tests/data/tgsi/_perf/p2_trilinear_alu.tgsi", 3, 0.6},
    {"p3_alu_loop64", "tests/data/tgsi/_perf/p3_alu_loop64.tgsi", 0, 1.0},
    {"demo", "examples/demo.tgsi", 1, 0.0},
    {"alu_loop_break", "tests/data/corpus/alu_loop_break/shader.tgsi", 0, 0.0},
};
#define NCASES (sizeof cases / sizeof cases[0])

/* A figure: Mpixel/s of the median, slowest and fastest frame, and over the median frame's
 * process CPU time (all threads; on a shared machine the work done, where wall time also counts
 * the waits for a core); 0 when not measured. */
typedef struct figure {
    double median, lo, hi, cpu;
    unsigned frames;
} figure;

typedef struct options {
    unsigned size, min_frames, threads;
    double seconds;
} options;

static void report(const char *what, const tgx_diag *d)
{
    fprintf(stderr, "bench_pipe: %s: %s:%u:%u: %s\n", what, d->file[0] ? d->file : "-", d->line,
            d->column, d->message);
}

/* A texture from a spec string as tgx run --tex takes it ("hash:seed=11@256x256,levels=9"). */
static tgx_tex *spec_texture(const char *spec)
{
    tgx_diag d;
    tgx_tex *tex = NULL;
    if (tgx_tex_from_spec(spec, &tex, &d) != TGX_OK) {
        report("texture", &d);
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
        return bind_unit(in, 0, spec_texture("checker:cell=64@256x256,levels=9,mips=box"),
                         "wrap=repeat,min=linear_mipmap_linear,mag=linear") &&
               bind_unit(in, 1, spec_texture("hash:seed=7@8x8,levels=1"),
                         "wrap=repeat,filter=linear,mip=none");
    case 2:
        return bind_unit(in, 0, spec_texture("hash:seed=11@256x256,levels=9"),
                         "wrap=repeat,min=linear,mag=linear");
    case 3:
        return bind_unit(in, 0, spec_texture("hash:seed=11@256x256,levels=9"),
                         "wrap=repeat,min=linear_mipmap_linear,mag=linear");
    default: return 1;
    }
}

static void free_inputs(inputs *in)
{
    tgx_tex_destroy(in->tex[0]);
    tgx_tex_destroy(in->tex[1]);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(double *t, unsigned n)
{
    qsort(t, n, sizeof t[0], cmp_double);
    return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* The figure of frame times t[0..n) (wall) and c[0..n) (CPU) for `mpix` megapixels a frame. */
static figure figure_of(double *t, double *c, unsigned n, double mpix)
{
    double median = median_of(t, n), cpu = median_of(c, n);
    return (figure){mpix / median, mpix / t[n - 1], mpix / t[0], cpu > 0 ? mpix / cpu : 0, n};
}

/* What tgx is measured with: the interpreter on one thread (before issue 21), the compiled
 * shaders on one and on THREADS threads. */
enum { INTERP_1, JIT_1, JIT_N, TGX_RUNS };
static const struct {
    const char *who;
    tgx_pipe_exec exec;
} tgx_runs[TGX_RUNS] = {
    {"interp", TGX_PIPE_EXEC_INTERP}, {"tgx", TGX_PIPE_EXEC_JIT}, {"tgx", TGX_PIPE_EXEC_JIT}};

/* One warm-up render (which compiles the shaders), then renders until min_frames frames and
 * `seconds` have passed (at most 1000). Returns 0 when a render fails. */
static int time_renders(const tgx_pipe_draw *draw, const options *o, unsigned threads,
                        tgx_pipe_exec exec, figure *f)
{
    static double t[1000], c[1000];
    tgx_pipe_state st;
    tgx_diag d;
    tgx_pipe_state_init(&st, o->size, o->size);
    st.threads = threads;
    st.exec = exec;
    if (tgx_pipe_render(draw, &st, &d) != TGX_OK) {
        report("render", &d);
        return 0;
    }
    unsigned n = 0;
    double start = bench_now();
    while (n < 1000 && (n < o->min_frames || bench_now() - start < o->seconds)) {
        double t0 = bench_now(), c0 = bench_process_cpu_now();
        if (tgx_pipe_render(draw, &st, &d) != TGX_OK) {
            report("render", &d);
            return 0;
        }
        c[n] = bench_process_cpu_now() - c0;
        t[n++] = bench_now() - t0;
    }
    *f = figure_of(t, c, n, (double)o->size * o->size / 1e6);
    return 1;
}

static void print_figure(const char *who, const char *name, unsigned threads, const figure *f)
{
    printf("%-9s %-17s -j %-3u %8.2f Mpixel/s  (%.2f..%.2f, %u frames)", who, name, threads,
           f->median, f->lo, f->hi, f->frames);
    if (f->cpu > 0)
        printf(", %.2f Mpixel per CPU second", f->cpu);
    printf("\n");
    fflush(stdout);
}

/* Renders case c in each of tgx_runs into f[]. */
static int bench_case(const case_def *c, const char *dir, const tgx_pipe_shader *vs,
                      const options *o, figure f[TGX_RUNS])
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
    tgx_pipe_target target = {o->size, o->size, false, calloc((size_t)o->size * o->size * 4, 4)};
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
        for (unsigned k = 0; k < TGX_RUNS && ok; k++) {
            unsigned threads = k == JIT_N ? o->threads : 1;
            ok = time_renders(&draw, o, threads, tgx_runs[k].exec, &f[k]);
            if (ok)
                print_figure(tgx_runs[k].who, c->name, threads, &f[k]);
        }
        tgx_diag why;
        if (ok && tgx_pipe_shader_interpreted(fs, &why))
            printf("tgx       %-17s the interpreter ran it: %s\n", c->name, why.message);
    }
    free_inputs(&in);
    free(target.words);
    tgx_pipe_shader_destroy(fs);
    return ok;
}

/* ---- Mesa ---- */

/* Mesa's figures: [driver run][perf case]; driver runs: softpipe, llvmpipe -j 1, llvmpipe -j N. */
enum { SOFTPIPE, LLVMPIPE_1, LLVMPIPE_N, MESA_RUNS };

/* bench_mesa beside this program (argv[0]'s folder), or "" when there is none. */
static void mesa_path(const char *argv0, char *buf, size_t size)
{
    const char *slash = strrchr(argv0, '/');
    int n = slash ? (int)(slash - argv0) : 1;
    snprintf(buf, size, "%.*s/bench_mesa", n > 900 ? 900 : n, slash ? argv0 : ".");
    if (access(buf, X_OK) != 0)
        buf[0] = 0;
}

/* Runs bench_mesa with GALLIUM_DRIVER=driver and LP_NUM_THREADS=threads; reads its lines into
 * f[case]. Returns 0 (after saying why) when it could not run. */
static int run_mesa(const char *exe, const char *driver, unsigned threads, const options *o,
                    figure f[NCASES])
{
    char cmd[1400], line[512], nbuf[16];
    snprintf(nbuf, sizeof nbuf, "%u", threads);
    setenv("GALLIUM_DRIVER", driver, 1);
    setenv("LP_NUM_THREADS", nbuf, 1);
    snprintf(cmd, sizeof cmd, "'%.1000s' %u %u %g", exe, o->size, o->min_frames, o->seconds);
    FILE *p = popen(cmd, "r");
    if (!p) {
        printf("mesa: could not start %s\n", exe);
        return 0;
    }
    int any = 0;
    while (fgets(line, sizeof line, p)) {
        char name[64];
        figure g;
        if (!strncmp(line, "renderer ", 9)) {
            line[strcspn(line, "\n")] = 0;
            if (!strstr(line + 9, driver))
                printf("mesa: asked for %s, got renderer %s\n", driver, line + 9);
            continue;
        }
        if (sscanf(line, "mesa %63s %lf %lf %lf %u %lf", name, &g.median, &g.lo, &g.hi, &g.frames,
                   &g.cpu) < 5)
            continue;
        for (size_t k = 0; k < NCASES; k++)
            if (!strcmp(cases[k].name, name)) {
                f[k] = g;
                any = 1;
                print_figure(driver, name, threads, &g);
            }
    }
    int rc = pclose(p);
    if (rc != 0 || !any)
        printf("mesa: %s failed with %s (exit status %d; its messages are above)\n", exe, driver,
               rc);
    return any;
}

static double ratio(double a, double b)
{
    return a > 0 && b > 0 ? a / b : 0.0;
}

/* A table cell: the value, or "-" where nothing was measured. */
static void cell(double v, int decimals)
{
    if (v > 0)
        printf("%-10.*f", decimals, v);
    else
        printf("%-10s", "-");
}

/* Issue 21's goals for the compiled shaders, one thread: p1 and p3 >= llvmpipe, p2 >= 0.6 of
 * llvmpipe; THREADS threads >= 1.8 x one thread on every workload. The columns: Mesa's, tgx's
 * interpreter (one thread: the figures before the compiler), the compiled shaders on one and on
 * THREADS threads, and the ratios; the last two are for a shared machine, where wall-clock speeds
 * depend on who else runs: tgx / llvmpipe in pixels per CPU second (both one thread), and one
 * thread's CPU time per frame over THREADS threads' (1.00: threads add no work, so on free cores
 * the speed-up is THREADS). */
static void print_goals(const figure tgx[NCASES][TGX_RUNS], const figure mesa[MESA_RUNS][NCASES],
                        const options *o, int have_mesa)
{
    printf("\n%-17s %-10s%-10s%-10s%-10s%-10s%-10s%-10s%-10s%-10s%-10s%-10s\n", "workload",
           "softpipe", "llvmpipe", "llvmpipe", "interp", "tgx", "tgx", "tgx/", "tgx/", "tgx -jN/",
           "tgx/llvm", "CPU -j1/");
    printf("%-17s %-10s%-10s-j %-7u %-10s%-10s-j %-7u %-10s%-10s%-10s%-10s%-10s\n", "(Mpixel/s)",
           "-j 1", "-j 1", o->threads, "-j 1", "-j 1", o->threads, "interp", "llvmpipe", "-j 1",
           "per CPU s", "CPU -jN");
    for (size_t k = 0; k < NCASES; k++) {
        const figure *i1 = &tgx[k][INTERP_1], *t1 = &tgx[k][JIT_1], *tn = &tgx[k][JIT_N];
        printf("%-17s ", cases[k].name);
        cell(mesa[SOFTPIPE][k].median, 2);
        cell(mesa[LLVMPIPE_1][k].median, 2);
        cell(mesa[LLVMPIPE_N][k].median, 2);
        cell(i1->median, 2);
        cell(t1->median, 2);
        cell(tn->median, 2);
        cell(ratio(t1->median, i1->median), 2);
        cell(ratio(t1->median, mesa[LLVMPIPE_1][k].median), 3);
        cell(ratio(tn->median, t1->median), 2);
        cell(ratio(t1->cpu, mesa[LLVMPIPE_1][k].cpu), 3);
        cell(ratio(tn->cpu, t1->cpu), 2);
        printf("\n");
    }
    printf("\ngoals (issue 21, compiled shaders; one thread unless noted):\n");
    for (size_t k = 0; k < NCASES; k++) {
        double want = cases[k].goal;
        double vs_llvm = ratio(tgx[k][JIT_1].median, mesa[LLVMPIPE_1][k].median);
        double scale = ratio(tgx[k][JIT_N].median, tgx[k][JIT_1].median);
        if (have_mesa && want > 0)
            printf("  %-17s tgx/llvmpipe %.3f (goal >= %.1f: %s), ", cases[k].name, vs_llvm, want,
                   vs_llvm >= want ? "met" : "NOT met");
        else
            printf("  %-17s ", cases[k].name);
        printf("-j %u / -j 1 = %.2f (goal >= 1.8: %s)\n", o->threads, scale,
               scale >= 1.8 ? "met" : "NOT met");
    }
}

int main(int argc, char **argv)
{
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    options o = {1024, 5, ncpu > 1 ? (unsigned)ncpu : 2, 1.0};
    if (argc > 1)
        o.size = (unsigned)strtoul(argv[1], NULL, 10);
    if (argc > 2)
        o.min_frames = (unsigned)strtoul(argv[2], NULL, 10);
    if (argc > 3)
        o.seconds = strtod(argv[3], NULL);
    if (argc > 4)
        o.threads = (unsigned)strtoul(argv[4], NULL, 10);
    if (o.size < 1 || o.size > 4096 || o.min_frames < 1 || o.min_frames > 1000 ||
        !(o.seconds >= 0.0) || o.threads < 1 || o.threads > 256) {
        fprintf(stderr, "usage: bench_pipe [SIZE 1..4096] [MIN_FRAMES 1..1000] [SECONDS >= 0] "
                        "[THREADS 1..256]\n");
        return 2;
    }
    char dir[1024], mesa[1024];
    bench_source_dir(dir, sizeof dir, __FILE__);
    mesa_path(argv[0], mesa, sizeof mesa);
    tgx_diag d;
    tgx_pipe_shader *vs = NULL;
    if (tgx_pipe_shader_passthrough(&vs, &d) != TGX_OK) {
        report("pass-through vertex shader", &d);
        return 1;
    }
    printf("pipe: full-screen quad, %ux%u, tgx into RGBA32F, median of >= %u frames and >= %.1f "
           "s (slowest..fastest), %ld cores online, load average now:",
           o.size, o.size, o.min_frames, o.seconds, ncpu);
    bench_print_load();
    int rc = 0;
    static figure tgx[NCASES][TGX_RUNS], mf[MESA_RUNS][NCASES];
    for (size_t i = 0; i < NCASES; i++)
        if (!bench_case(&cases[i], dir, vs, &o, tgx[i]))
            rc = 1;
    tgx_pipe_shader_destroy(vs);
    int have_mesa = 0;
    if (!mesa[0]) {
        printf("mesa: bench_mesa was not built (EGL and GL were not found when the build was "
               "configured): tgx's figures only\n");
    } else {
        if (getenv("TGX_SRC") == NULL)
            setenv("TGX_SRC", dir, 1);
        have_mesa = run_mesa(mesa, "softpipe", 1, &o, mf[SOFTPIPE]);
        have_mesa &= run_mesa(mesa, "llvmpipe", 1, &o, mf[LLVMPIPE_1]);
        have_mesa &= run_mesa(mesa, "llvmpipe", o.threads, &o, mf[LLVMPIPE_N]);
    }
    print_goals((const figure(*)[TGX_RUNS])tgx, (const figure(*)[NCASES])mf, &o, have_mesa);
    return rc;
}
