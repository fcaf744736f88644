/* bench_exec: in-process throughput of the TGSI interpreter (src/exec) on one thread.
 *
 *   bench_exec [SECONDS] [LANES] [SHADER...]
 *                          defaults: 0.4 s per shader, 64 lanes per run, every shader below
 *
 * Each shader runs as fragment batches of LANES lanes (16 quads at 64, the batch the pipeline
 * uses), quads adjacent. One pass walks the pixels of a 256x256 image with IN[0].xy = the pixel
 * centre's ((x + 0.5) / 256, (y + 0.5) / 256), as the pipeline's pass-through vertex shader
 * gives GENERIC[0]; passes are repeated until SECONDS have passed, and the fastest pass gives
 * the figures (the machine may be shared; every pass does the same work). Shaders:
 *   alu        ~30 float instructions, no control flow (written here)
 *   int        integer hash: UMUL XOR SHL USHR UBFE POPC IMUL_HI UDIV ... (written here)
 *   double     F2D DMUL DFMA DADD DSQRT DDIV D2F (written here)
 *   loop64     tests/data/tgsi/_perf/p3_alu_loop64.tgsi (uniform 64-iteration loop)
 *   mandel     tests/data/corpus/alu_loop_break/shader.tgsi (divergent loop, BRK per lane)
 *   bilinear   tests/data/tgsi/_perf/p1_bilinear.tgsi (one bilinear TEX)
 *   trilinear  tests/data/tgsi/_perf/p2_trilinear_alu.tgsi (trilinear TEX + 22 ALU)
 * The textured ones sample the corpus _perf texture (corpus README "Extras"): 256x256 rgba8,
 * 9 levels of the `hash` generator with seed 11, repeat, linear (p1) / linear_mipmap_linear
 * (p2), tgx_sampler_init's exact profile and GL LOD rule.
 *
 * Printed per shader: instructions executed per run (tgx_exec_instructions_executed, which counts
 * instructions, not lanes), lane-instructions per second (instructions x lanes of the run, lanes
 * masked off by control flow included) and invocations (lanes) per second, for the fastest pass
 * and as the mean over all passes. Data files are found under $TGX_SRC, else beside this source
 * file (bench/..). Nothing is asserted; a failing run is reported and the exit status is 1.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tgx/exec.h"
#include "tgx/io.h"
#include "tgx/tex.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"

#include "bench_util.h"

#define IMAGE_SIZE 256u

static const char alu_tgsi[] = "FRAG\n"
                               "DCL IN[0].xy, GENERIC[0], PERSPECTIVE\n"
                               "DCL OUT[0], COLOR\n"
                               "DCL TEMP[0..4]\n"
                               "IMM[0] FLT32 {    1.7000,     0.3100,     0.1700,     0.5000}\n"
                               "IMM[1] FLT32 {   12.9898,    78.2330,  4375.5453,     1.0000}\n"
                               "IMM[2] FLT32 {    0.2990,     0.5870,     0.1140,     2.2000}\n"
                               "  0: MAD TEMP[0].xy, IN[0].xyyy, IMM[0].xxxx, IMM[0].yzzz\n"
                               "  1: DP2 TEMP[1].x, TEMP[0].xyyy, IMM[1].xyyy\n"
                               "  2: SIN TEMP[1].x, TEMP[1].xxxx\n"
                               "  3: MUL TEMP[1].x, TEMP[1].xxxx, IMM[1].zzzz\n"
                               "  4: FRC TEMP[1].x, TEMP[1].xxxx\n"
                               "  5: MAD TEMP[2], TEMP[0].xyxy, IMM[0].wwww, TEMP[1].xxxx\n"
                               "  6: DP4 TEMP[3].x, TEMP[2], TEMP[2]\n"
                               "  7: RSQ TEMP[3].x, TEMP[3].xxxx\n"
                               "  8: MUL TEMP[2], TEMP[2], TEMP[3].xxxx\n"
                               "  9: LRP TEMP[2], TEMP[1].xxxx, TEMP[2], IMM[0]\n"
                               " 10: ADD TEMP[4], |TEMP[2]|, IMM[2]\n"
                               " 11: LG2 TEMP[3].x, TEMP[4].xxxx\n"
                               " 12: LG2 TEMP[3].y, TEMP[4].yyyy\n"
                               " 13: LG2 TEMP[3].z, TEMP[4].zzzz\n"
                               " 14: MUL TEMP[3].xyz, TEMP[3].xyzz, IMM[2].wwww\n"
                               " 15: EX2 TEMP[4].x, TEMP[3].xxxx\n"
                               " 16: EX2 TEMP[4].y, TEMP[3].yyyy\n"
                               " 17: EX2 TEMP[4].z, TEMP[3].zzzz\n"
                               " 18: DP3 TEMP[3].x, TEMP[4].xyzz, IMM[2].xyzz\n"
                               " 19: MAX TEMP[3].y, TEMP[3].xxxx, IMM[0].wwww\n"
                               " 20: MIN TEMP[3].z, TEMP[3].xxxx, IMM[0].wwww\n"
                               " 21: SLT TEMP[3].w, TEMP[3].yyyy, TEMP[1].xxxx\n"
                               " 22: CMP TEMP[4].xyz, -TEMP[3].wwww, TEMP[4].zxyy, TEMP[4].xyzz\n"
                               " 23: XPD TEMP[2].xyz, TEMP[4].xyzz, TEMP[2].yzxx\n"
                               " 24: MAD TEMP[4].xyz, TEMP[2].xyzz, IMM[0].wwww, TEMP[4].xyzz\n"
                               " 25: FLR TEMP[2].xyz, TEMP[4].xyzz\n"
                               " 26: ADD TEMP[4].xyz, TEMP[4].xyzz, -TEMP[2].xyzz\n"
                               " 27: COS TEMP[3].x, TEMP[4].xxxx\n"
                               " 28: MUL TEMP[4].xyz, TEMP[4].xyzz, TEMP[3].xxxx\n"
                               " 29: SQRT TEMP[3].x, |TEMP[4].yyyy|\n"
                               " 30: MOV_SAT OUT[0].xyz, TEMP[4].xyzz\n"
                               " 31: MOV_SAT OUT[0].w, TEMP[3].xxxx\n"
                               " 32: END\n";

/* An integer hash of the pixel (xorshift / multiply rounds), as a shader that works on ints. */
static const char int_tgsi[] = "FRAG\n"
                               "DCL IN[0].xy, GENERIC[0], PERSPECTIVE\n"
                               "DCL OUT[0], COLOR\n"
                               "DCL TEMP[0..3]\n"
                               "IMM[0] UINT32 {1149239296, 2654435769, 13, 17}\n"
                               "IMM[1] UINT32 {5, 2246822507, 8, 12}\n"
                               "IMM[2] UINT32 {7, 255, 1000003, 998244353}\n"
                               "IMM[3] FLT32 {    0.0039,     1.0000,     0.0000,     0.0000}\n"
                               "  0: MUL TEMP[0].xy, IN[0].xyyy, IMM[0].xxxx\n"
                               "  1: F2U TEMP[0].xy, TEMP[0].xyyy\n"
                               "  2: UMUL TEMP[1].x, TEMP[0].yyyy, IMM[2].zzzz\n"
                               "  3: UADD TEMP[1].x, TEMP[1].xxxx, TEMP[0].xxxx\n"
                               "  4: UMUL TEMP[1].x, TEMP[1].xxxx, IMM[0].yyyy\n"
                               "  5: SHL TEMP[2].x, TEMP[1].xxxx, IMM[0].zzzz\n"
                               "  6: XOR TEMP[1].x, TEMP[1].xxxx, TEMP[2].xxxx\n"
                               "  7: USHR TEMP[2].x, TEMP[1].xxxx, IMM[0].wwww\n"
                               "  8: XOR TEMP[1].x, TEMP[1].xxxx, TEMP[2].xxxx\n"
                               "  9: SHL TEMP[2].x, TEMP[1].xxxx, IMM[1].xxxx\n"
                               " 10: XOR TEMP[1].x, TEMP[1].xxxx, TEMP[2].xxxx\n"
                               " 11: UMUL_HI TEMP[2].x, TEMP[1].xxxx, IMM[1].yyyy\n"
                               " 12: IMUL_HI TEMP[2].y, TEMP[1].xxxx, IMM[2].wwww\n"
                               " 13: XOR TEMP[1].y, TEMP[2].xxxx, TEMP[2].yyyy\n"
                               " 14: UBFE TEMP[3].x, TEMP[1].xxxx, IMM[1].zzzz, IMM[1].zzzz\n"
                               " 15: UBFE TEMP[3].y, TEMP[1].yyyy, IMM[1].wwww, IMM[1].zzzz\n"
                               " 16: POPC TEMP[3].z, TEMP[1].xxxx\n"
                               " 17: UMOD TEMP[3].w, TEMP[1].yyyy, IMM[2].xxxx\n"
                               " 18: UDIV TEMP[2].z, TEMP[1].xxxx, IMM[2].zzzz\n"
                               " 19: IMAX TEMP[3].z, TEMP[3].zzzz, TEMP[3].wwww\n"
                               " 20: UMSB TEMP[2].w, TEMP[2].zzzz\n"
                               " 21: UADD TEMP[3].w, TEMP[2].wwww, TEMP[3].wwww\n"
                               " 22: AND TEMP[3], TEMP[3], IMM[2].yyyy\n"
                               " 23: U2F TEMP[3], TEMP[3]\n"
                               " 24: MUL OUT[0], TEMP[3], IMM[3].xxxx\n"
                               " 25: END\n";

/* Doubles: a length and a rational function of the pixel centre in double precision. */
static const char double_tgsi[] = "FRAG\n"
                                  "DCL IN[0].xy, GENERIC[0], PERSPECTIVE\n"
                                  "DCL OUT[0], COLOR\n"
                                  "DCL TEMP[0..3]\n"
                                  "IMM[0] FLT64 {    0.5000,     3.0000}\n"
                                  "IMM[1] FLT64 {    1.0000,     0.2500}\n"
                                  "IMM[2] FLT32 {    1.0000,     0.0000,     0.0000,     0.0000}\n"
                                  "  0: F2D TEMP[0], IN[0].xyyy\n"
                                  "  1: DADD TEMP[0], TEMP[0], -IMM[0].xyxy\n"
                                  "  2: DMUL TEMP[1], TEMP[0], TEMP[0]\n"
                                  "  3: DADD TEMP[2].xy, TEMP[1].xyxy, TEMP[1].zwzw\n"
                                  "  4: DSQRT TEMP[2].zw, TEMP[2].xyxy\n"
                                  "  5: DFMA TEMP[3].xy, TEMP[2].zwzw, IMM[0].zwzw, IMM[1].xyxy\n"
                                  "  6: DDIV TEMP[3].zw, IMM[1].xyxy, TEMP[3].xyxy\n"
                                  "  7: DMAD TEMP[1].xy, TEMP[3].zwzw, TEMP[0].xyxy, IMM[1].zwzw\n"
                                  "  8: DMUL TEMP[1].zw, TEMP[3].zwzw, TEMP[0].zwzw\n"
                                  "  9: DMAX TEMP[1], TEMP[1], -TEMP[1]\n"
                                  " 10: DFRAC TEMP[1], TEMP[1]\n"
                                  " 11: D2F TEMP[2].xy, TEMP[1]\n"
                                  " 12: D2F TEMP[2].z, TEMP[3].zwzw\n"
                                  " 13: MOV OUT[0].xyz, TEMP[2].xyzz\n"
                                  " 14: MOV OUT[0].w, IMM[2].xxxx\n"
                                  " 15: END\n";

typedef struct shader_def {
    const char *name;
    const char *text; /* embedded text, or NULL: read `path` under the source tree */
    const char *path;
    int texture; /* 0 none, 1 bilinear (p1's sampler), 2 trilinear (p2's sampler) */
} shader_def;

static const shader_def shaders[] = {
    {"alu", alu_tgsi, NULL, 0},
    {"int", int_tgsi, NULL, 0},
    {"double", double_tgsi, NULL, 0},
    {"loop64", NULL, "tests/data/tgsi/_perf/p3_alu_loop64.tgsi", 0},
    {"mandel", NULL, "tests/data/corpus/alu_loop_break/shader.tgsi", 0},
    {"bilinear", NULL, "tests/data/tgsi/_perf/p1_bilinear.tgsi", 1},
    {"trilinear", NULL, "tests/data/tgsi/_perf/p2_trilinear_alu.tgsi", 2},
};

static char *read_text(const char *dir, const char *rel, size_t *len)
{
    char path[1200];
    snprintf(path, sizeof path, "%.1000s/%.190s", dir, rel);
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "bench_exec: cannot open %s (set TGX_SRC to the source tree)\n", path);
        return NULL;
    }
    char *buf = NULL;
    size_t n = 0, cap = 0, got;
    char chunk[4096];
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (n + got + 1 > cap) {
            cap = (n + got + 1) * 2;
            char *nb = realloc(buf, cap);
            if (!nb) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = nb;
        }
        memcpy(buf + n, chunk, got);
        n += got;
    }
    fclose(f);
    if (!buf)
        buf = calloc(1, 1);
    else
        buf[n] = 0;
    *len = n;
    return buf;
}

static void report(const char *what, const tgx_diag *d)
{
    fprintf(stderr, "bench_exec: %s: %s:%u:%u: %s\n", what, d->file[0] ? d->file : "-", d->line,
            d->column, d->message);
}

/* The corpus _perf texture: 256x256 rgba8, 9 levels of hash seed 11. */
static tgx_tex *perf_texture(void)
{
    tgx_diag d;
    tgx_tex *tex = NULL;
    if (tgx_tex_from_spec("hash:seed=11@256x256,levels=9", &tex, &d) != TGX_OK) {
        report("texture", &d);
        return NULL;
    }
    return tex;
}

static int perf_sampler(tgx_sampler *s, int trilinear)
{
    tgx_diag d;
    tgx_sampler_init(s);
    if (tgx_sampler_set(s, "wrap", "repeat", &d) != TGX_OK ||
        tgx_sampler_set(s, "min", trilinear ? "linear_mipmap_linear" : "linear", &d) != TGX_OK ||
        tgx_sampler_set(s, "mag", "linear", &d) != TGX_OK) {
        report("sampler", &d);
        return 0;
    }
    return 1;
}

/* Batches of one pass over the image: LANES/4 quads side by side in a row of quads. */
static unsigned runs_per_pass(unsigned lanes)
{
    return IMAGE_SIZE / 2 / (lanes / 4) * (IMAGE_SIZE / 2);
}

/* Fills IN[0].xy of every lane for the pixels of batch b of a pass. */
static void fill_inputs(tgx_exec_machine *m, unsigned lanes, unsigned b)
{
    tgx_exec_word *ix = tgx_exec_input(m, 0, 0), *iy = tgx_exec_input(m, 0, 1);
    unsigned quads = lanes / 4, per_row = IMAGE_SIZE / 2 / quads;
    unsigned qy = b / per_row, qx0 = b % per_row * quads;
    for (unsigned q = 0; q < quads; q++)
        for (unsigned l = 0; l < 4; l++) {
            unsigned x = 2 * (qx0 + q) + (l & 1u), y = 2 * qy + (l >> 1);
            ix[4 * q + l].f = ((float)x + 0.5f) / (float)IMAGE_SIZE;
            iy[4 * q + l].f = ((float)y + 0.5f) / (float)IMAGE_SIZE;
        }
}

typedef struct figures {
    uint64_t insts; /* instructions executed in one pass */
    unsigned passes;
    double best, total; /* seconds: fastest pass, all passes */
    uint32_t checksum;  /* a hash of some outputs of the last pass */
} figures;

/* One pass over the image; returns its time, or a negative value on a failed run. */
static double one_pass(tgx_exec_machine *m, unsigned lanes, figures *f)
{
    tgx_diag d;
    unsigned runs = runs_per_pass(lanes);
    uint64_t insts = 0;
    uint32_t sum = 0;
    double t0 = bench_now();
    for (unsigned b = 0; b < runs; b++) {
        fill_inputs(m, lanes, b);
        if (tgx_exec_run_fragment(m, lanes, NULL, NULL, &d) != TGX_OK) {
            report("run", &d);
            return -1.0;
        }
        insts += tgx_exec_instructions_executed(m);
        sum = (sum ^ tgx_exec_output(m, 0, b & 3u)[b % lanes].u) * 16777619u;
    }
    double t = bench_now() - t0;
    f->insts = insts;
    f->checksum = sum; /* the same for every pass: the outputs are deterministic */
    return t;
}

/* Passes until `seconds` have passed (at least two: the first warms the caches). */
static int time_passes(tgx_exec_machine *m, unsigned lanes, double seconds, figures *f)
{
    memset(f, 0, sizeof *f);
    f->best = 1e30;
    while (f->passes < 2 || f->total < seconds) {
        double t = one_pass(m, lanes, f);
        if (t < 0)
            return 0;
        f->passes++;
        f->total += t;
        f->best = t < f->best ? t : f->best;
    }
    return 1;
}

static int bench_one(const shader_def *s, const char *dir, unsigned lanes, double seconds,
                     tgx_tex *tex)
{
    size_t len = 0;
    char *owned = NULL;
    const char *text = s->text;
    if (!text) {
        owned = read_text(dir, s->path, &len);
        if (!owned)
            return 0;
        text = owned;
    } else {
        len = strlen(text);
    }
    tgx_diag d;
    tgx_tgsi_shader *sh = NULL;
    tgx_exec_program *p = NULL;
    tgx_exec_machine *m = NULL;
    tgx_tex_view view;
    tgx_sampler samp;
    figures f;
    int ok = tgx_tgsi_parse(text, len, s->name, &sh, &d) == TGX_OK;
    if (!ok)
        report("parse", &d);
    ok = ok && tgx_exec_program_create(sh, s->name, &p, &d) == TGX_OK;
    ok = ok && tgx_exec_machine_create(p, lanes, &m, &d) == TGX_OK;
    if (!ok && sh)
        report("program", &d);
    if (ok && s->texture) {
        tgx_tex_view_init(&view, tex);
        ok = perf_sampler(&samp, s->texture == 2);
        if (ok) {
            tgx_exec_bind_sampler_view(m, 0, &view);
            tgx_exec_bind_sampler(m, 0, &samp);
        }
    }
    ok = ok && time_passes(m, lanes, seconds, &f);
    if (ok) {
        double runs = runs_per_pass(lanes), inv = runs * lanes, li = (double)f.insts * lanes;
        double mean = f.total / f.passes;
        printf("exec %-9s %3u insts, %6.1f executed/run: %7.1f M lane-insts/s, %6.2f M "
               "invocations/s (mean %7.1f, %6.2f; %u passes, xor %08" PRIx32 ")\n",
               s->name, tgx_exec_program_num_instructions(p), (double)f.insts / runs,
               li / f.best / 1e6, inv / f.best / 1e6, li / mean / 1e6, inv / mean / 1e6, f.passes,
               f.checksum);
    }
    tgx_exec_machine_destroy(m);
    tgx_exec_program_destroy(p);
    tgx_tgsi_free(sh);
    free(owned);
    return ok;
}

int main(int argc, char **argv)
{
    double seconds = argc > 1 ? strtod(argv[1], NULL) : 0.4;
    unsigned lanes = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 64u;
    if (!(seconds > 0.0) || lanes < 4 || lanes > 512 || (lanes & (lanes - 1))) {
        fprintf(stderr,
                "usage: bench_exec [SECONDS > 0] [LANES: a power of 2, 4..512] [SHADER...]\n");
        return 2;
    }
    char dir[1024];
    bench_source_dir(dir, sizeof dir, __FILE__);
    tgx_tex *tex = perf_texture();
    if (!tex)
        return 1;
    int rc = 0;
    printf("exec: one thread, fragment runs of %u lanes, passes over a %ux%u image, %.2f s per "
           "shader, fastest pass (mean in brackets)\n",
           lanes, IMAGE_SIZE, IMAGE_SIZE, seconds);
    for (size_t i = 0; i < sizeof shaders / sizeof shaders[0]; i++) {
        int wanted = argc <= 3;
        for (int a = 3; a < argc; a++)
            wanted |= !strcmp(argv[a], shaders[i].name);
        if (wanted && !bench_one(&shaders[i], dir, lanes, seconds, tex))
            rc = 1;
    }
    tgx_tex_destroy(tex);
    return rc;
}
