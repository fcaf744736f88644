/* tgx run SHADER.tgsi: render a full-screen quad with a fragment shader, or dispatch a compute
 * shader, and write the result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tgx/io.h"
#include "tgx/pipe.h"
#include "tgx/util.h"

static void run_usage(FILE *out)
{
    fprintf(
        out,
        "usage: tgx run SHADER.tgsi [OPTIONS]\n\n"
        "A fragment shader (FRAG) is run on a full-screen quad (triangle strip\n"
        "(-1,-1) (1,-1) (-1,1) (1,1)); the built-in vertex shader passes the position and\n"
        "writes GENERIC[0] = (x*0.5+0.5, y*0.5+0.5, 0, 1), the quad's texture coordinate.\n"
        "A compute shader (COMP) is dispatched over --grid workgroups.\n\n"
        "  --vs VS.tgsi            vertex shader instead of the built-in one (IN[0] = position)\n"
        "  --size WxH              render target size (default 256x256)\n"
        "  --int                   RGBA32UI target (default RGBA32F)\n"
        "  --tex UNIT=FILE.png     texture from a PNG (rgba8, full mip chain by box filter)\n"
        "  --tex UNIT=GEN[@OPTS]   generated texture: GEN is hash[:seed=N], checker[:cell=N],\n"
        "                          gradient or levels (fscale=, fbias= too); OPTS: WxH or\n"
        "                          WxHxD, levels=N, format=NAME, target=NAME, mips=box (levels\n"
        "                          above 0 box-filtered from level 0; default 256x256, full\n"
        "                          mip chain from the generator, rgba8, 2d)\n"
        "  --sampler UNIT=K=V,...  sampler state: wrap, wrap_s/t/r, min, mag, filter, mip,\n"
        "                          aniso, lod_bias, min_lod, max_lod, compare, border,\n"
        "                          normalized, seamless, profile, lod_rule\n"
        "                          (default: GL's, min nearest_mipmap_linear, mag linear)\n"
        "  --const SLOT=V,V,...    CONST[SLOT] words in order (numbers, or 0x hex bits)\n"
        "  --buffer SLOT=BYTES     BUFFER[SLOT], zero-filled, for compute shaders\n"
        "  --grid X,Y,Z            compute workgroups (default 1,1,1)\n"
        "  --budget N              instructions per shader run before it stops\n"
        "  -j N                    render threads (default: all cores; same result for any N)\n"
        "  -o FILE                 out.png (8-bit view) or out.tgxr (exact words); compute:\n"
        "                          BUFFER[0] as TGXR uint32 (default: out.png / stdout)\n");
}

typedef struct run_opts {
    const char *shader, *vs, *out;
    uint32_t width, height;
    bool integer;
    unsigned threads;
    uint64_t budget;
    uint32_t grid[3];
    tgx_tex *tex[TGX_PIPE_MAX_UNITS];
    tgx_tex_view views[TGX_PIPE_MAX_UNITS];
    tgx_sampler samplers[TGX_PIPE_MAX_UNITS];
    uint32_t *cbuf[TGX_PIPE_MAX_CBUFS];
    uint32_t *buffer[TGX_PIPE_MAX_BUFFERS];
    tgx_pipe_bindings b;
} run_opts;

static int fail_diag(const tgx_diag *d)
{
    tgx_cli_print_diag(d);
    return TGX_EXIT_INVALID;
}

static int usage_error(const char *what, const char *arg)
{
    fprintf(stderr, "tgx run: %s: '%s' (see tgx run --help)\n", what, arg);
    return TGX_EXIT_USAGE;
}

/* "UNIT=REST": returns REST, or NULL if UNIT is not below limit. */
static const char *split_unit(const char *arg, unsigned limit, unsigned *unit)
{
    char *end;
    unsigned long u = strtoul(arg, &end, 10);
    if (end == arg || *end != '=' || u >= limit)
        return NULL;
    *unit = (unsigned)u;
    return end + 1;
}

static uint32_t full_chain(uint32_t w, uint32_t h, uint32_t d)
{
    uint32_t m = w > h ? w : h, levels = 1;
    m = m > d ? m : d;
    while (m >>= 1)
        levels++;
    return levels;
}

/* The @OPTS of a generated texture: WxH[xD], levels=, format=, target=, mips=box. */
static tgx_status texture_options(char *opts, tgx_tex_desc *desc, bool *box_mips, tgx_diag *d)
{
    bool levels_given = false;
    for (char *tok = strtok(opts, ","); tok; tok = strtok(NULL, ",")) {
        unsigned w, h, z;
        int n = 0;
        if (sscanf(tok, "%ux%ux%u%n", &w, &h, &z, &n) == 3 && !tok[n]) {
            desc->width = w, desc->height = h, desc->depth = z;
        } else if (sscanf(tok, "%ux%u%n", &w, &h, &n) == 2 && !tok[n]) {
            desc->width = w, desc->height = h;
        } else if (strncmp(tok, "levels=", 7) == 0) {
            desc->levels = (uint32_t)strtoul(tok + 7, NULL, 10);
            levels_given = true;
        } else if (strncmp(tok, "format=", 7) == 0) {
            if (tgx_tex_format_from_name(tok + 7, &desc->format) < 0)
                return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown format '%s'", tok + 7);
        } else if (strcmp(tok, "mips=box") == 0) {
            *box_mips = true;
        } else if (strncmp(tok, "target=", 7) == 0) {
            if (tgx_tex_target_from_name(tok + 7, &desc->target) < 0)
                return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown target '%s'", tok + 7);
        } else {
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                                "texture option '%s': expected WxH, WxHxD, levels=, format=, "
                                "target=, mips=box",
                                tok);
        }
    }
    if (desc->target == TGX_TEX_CUBE)
        desc->depth = 6;
    if (!levels_given)
        desc->levels = desc->target == TGX_TEX_BUFFER || desc->target == TGX_TEX_RECT
                           ? 1
                           : full_chain(desc->width, desc->height,
                                        desc->target == TGX_TEX_3D ? desc->depth : 1);
    return TGX_OK;
}

static tgx_status generated_texture(const char *spec, tgx_tex **out, tgx_diag *d)
{
    char buf[512];
    tgx_texgen g;
    tgx_tex_desc desc = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 256, 256, 1, 0, 1};
    if (strlen(spec) >= sizeof buf)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "texture spec too long");
    strcpy(buf, spec);
    char *at = strchr(buf, '@');
    bool box_mips = false;
    if (at)
        *at++ = 0;
    tgx_status st = tgx_texgen_parse(buf, &g, d);
    if (st == TGX_OK)
        st = texture_options(at ? at : buf + strlen(buf), &desc, &box_mips, d);
    if (st == TGX_OK)
        st = tgx_tex_create(&desc, out, d);
    if (st == TGX_OK)
        st = tgx_texgen_fill(*out, &g, d);
    /* mips=box: keep level 0 of the generator, filter the others from it (a natural-looking
     * mip chain instead of the generator's own per-level pattern) */
    if (st == TGX_OK && box_mips)
        st = tgx_tex_generate_mipmaps(*out, d);
    return st;
}

static tgx_status png_texture(const char *path, tgx_tex **out, tgx_diag *d)
{
    uint8_t *rgba = NULL;
    uint32_t w, h;
    tgx_status st = tgx_png_load_rgba8(path, &rgba, &w, &h, d);
    if (st < 0)
        return st;
    tgx_tex_desc desc = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, w, h, 1, full_chain(w, h, 1), 1};
    st = tgx_tex_create(&desc, out, d);
    if (st == TGX_OK)
        st = tgx_tex_upload(*out, 0, rgba, (size_t)w * h * 4, d);
    if (st == TGX_OK)
        st = tgx_tex_generate_mipmaps(*out, d);
    free(rgba);
    return st;
}

static int opt_tex(run_opts *o, const char *arg)
{
    unsigned unit;
    tgx_diag d;
    const char *spec = split_unit(arg, TGX_PIPE_MAX_UNITS, &unit);
    if (!spec)
        return usage_error("--tex expects UNIT=FILE.png or UNIT=GENERATOR", arg);
    size_t n = strlen(spec);
    tgx_tex_destroy(o->tex[unit]);
    o->tex[unit] = NULL;
    tgx_status st = n > 4 && strcmp(spec + n - 4, ".png") == 0
                        ? png_texture(spec, &o->tex[unit], &d)
                        : generated_texture(spec, &o->tex[unit], &d);
    if (st < 0)
        return fail_diag(&d);
    tgx_tex_view_init(&o->views[unit], o->tex[unit]);
    o->b.view[unit] = &o->views[unit];
    o->b.sampler[unit] = &o->samplers[unit];
    return TGX_EXIT_OK;
}

static int opt_sampler(run_opts *o, const char *arg)
{
    unsigned unit;
    tgx_diag d;
    char buf[512];
    const char *spec = split_unit(arg, TGX_PIPE_MAX_UNITS, &unit);
    if (!spec || strlen(spec) >= sizeof buf)
        return usage_error("--sampler expects UNIT=key=value,...", arg);
    strcpy(buf, spec);
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        char *eq = strchr(tok, '=');
        if (!eq)
            return usage_error("--sampler option without '='", tok);
        *eq = 0;
        if (tgx_sampler_set(&o->samplers[unit], tok, eq + 1, &d) < 0)
            return fail_diag(&d);
    }
    o->b.sampler[unit] = &o->samplers[unit];
    return TGX_EXIT_OK;
}

/* A word: 0x... bits as they are, anything else a float. */
static bool parse_word(const char *s, uint32_t *w)
{
    char *end;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        unsigned long long v = strtoull(s, &end, 16);
        if (*end || v > 0xffffffffull)
            return false;
        *w = (uint32_t)v;
        return true;
    }
    float f = strtof(s, &end);
    if (end == s || *end)
        return false;
    *w = tgx_f2bits(f);
    return true;
}

static int opt_const(run_opts *o, const char *arg)
{
    unsigned slot;
    char buf[4096];
    const char *spec = split_unit(arg, TGX_PIPE_MAX_CBUFS, &slot);
    if (!spec || strlen(spec) >= sizeof buf)
        return usage_error("--const expects SLOT=V,V,...", arg);
    strcpy(buf, spec);
    size_t n = 1;
    for (const char *p = buf; *p; p++)
        n += *p == ',';
    uint32_t *words = calloc((n + 3) & ~(size_t)3, sizeof *words);
    if (!words)
        return usage_error("out of memory", arg);
    size_t i = 0;
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ","), i++)
        if (!parse_word(tok, &words[i])) {
            free(words);
            return usage_error("--const value is not a number or 0x word", tok);
        }
    free(o->cbuf[slot]);
    o->cbuf[slot] = words;
    o->b.cbuf[slot] = words;
    o->b.cbuf_words[slot] = (n + 3) & ~(size_t)3;
    return TGX_EXIT_OK;
}

static int opt_buffer(run_opts *o, const char *arg)
{
    unsigned slot;
    char *end;
    const char *spec = split_unit(arg, TGX_PIPE_MAX_BUFFERS, &slot);
    unsigned long bytes = spec ? strtoul(spec, &end, 10) : 0;
    if (!spec || *end || bytes == 0 || bytes % 4 || bytes > (1ul << 28))
        return usage_error("--buffer expects SLOT=BYTES (a multiple of 4, at most 256 MiB)", arg);
    free(o->buffer[slot]);
    o->buffer[slot] = calloc(bytes / 4, 4);
    if (!o->buffer[slot])
        return usage_error("out of memory", arg);
    o->b.buffer[slot] = o->buffer[slot];
    o->b.buffer_bytes[slot] = bytes;
    return TGX_EXIT_OK;
}

static int parse_option(run_opts *o, const char *opt, const char *val)
{
    unsigned a, b, c;
    int n = 0;
    if (!strcmp(opt, "--vs"))
        o->vs = val;
    else if (!strcmp(opt, "-o"))
        o->out = val;
    else if (!strcmp(opt, "--size")) {
        if (sscanf(val, "%ux%u%n", &a, &b, &n) != 2 || val[n] || !a || !b || a > 16384 || b > 16384)
            return usage_error("--size expects WxH (1..16384)", val);
        o->width = a, o->height = b;
    } else if (!strcmp(opt, "--grid")) {
        if (sscanf(val, "%u,%u,%u%n", &a, &b, &c, &n) != 3 || val[n])
            return usage_error("--grid expects X,Y,Z", val);
        o->grid[0] = a, o->grid[1] = b, o->grid[2] = c;
    } else if (!strcmp(opt, "-j")) {
        if (sscanf(val, "%u%n", &a, &n) != 1 || val[n] || a > 256)
            return usage_error("-j expects a thread count 0..256", val);
        o->threads = a;
    } else if (!strcmp(opt, "--budget")) {
        char *end;
        o->budget = strtoull(val, &end, 10);
        if (*end || end == val)
            return usage_error("--budget expects an instruction count", val);
    } else if (!strcmp(opt, "--tex"))
        return opt_tex(o, val);
    else if (!strcmp(opt, "--sampler"))
        return opt_sampler(o, val);
    else if (!strcmp(opt, "--const"))
        return opt_const(o, val);
    else if (!strcmp(opt, "--buffer"))
        return opt_buffer(o, val);
    else
        return usage_error("unknown option", opt);
    return TGX_EXIT_OK;
}

static int parse_args(run_opts *o, int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (tgx_cli_is_help(a)) {
            run_usage(stdout);
            return -1;
        }
        if (!strcmp(a, "--int")) {
            o->integer = true;
            continue;
        }
        if (a[0] == '-' && a[1]) {
            if (i + 1 >= argc)
                return usage_error("option needs a value", a);
            int rc = parse_option(o, a, argv[++i]);
            if (rc)
                return rc;
            continue;
        }
        if (o->shader)
            return usage_error("more than one shader given", a);
        o->shader = a;
    }
    if (!o->shader) {
        run_usage(stderr);
        return TGX_EXIT_USAGE;
    }
    return TGX_EXIT_OK;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

/* The 8-bit view of the corpus: floats clamped, integers by their low byte. */
static tgx_status save_target(const run_opts *o, const tgx_pipe_target *t, tgx_diag *d)
{
    size_t n = (size_t)t->width * t->height * 4;
    if (ends_with(o->out, ".tgxr")) {
        tgx_tgxr img = {t->width, t->height, 4, t->integer ? TGX_TGXR_U32 : TGX_TGXR_F32, t->words};
        return tgx_tgxr_write(o->out, &img, d);
    }
    if (!ends_with(o->out, ".png"))
        return tgx_diag_set(d, TGX_ERR_ARG, o->out, 0, 0, "output must end in .png or .tgxr");
    if (!t->integer)
        return tgx_png_save_float(o->out, (const float *)(const void *)t->words, t->width,
                                  t->height, 4, d);
    uint8_t *rgba = malloc(n);
    if (!rgba)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    for (size_t i = 0; i < n; i++)
        rgba[i] = (uint8_t)(t->words[i] & 255u);
    tgx_status st = tgx_png_save_rgba8(o->out, rgba, t->width, t->height, (size_t)t->width * 4, d);
    free(rgba);
    return st;
}

static int render(run_opts *o, const tgx_pipe_shader *fs)
{
    static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
    tgx_pipe_shader *vs = NULL;
    tgx_diag d;
    tgx_pipe_target target = {o->width, o->height, o->integer, NULL};
    tgx_pipe_draw draw;
    tgx_pipe_state st;
    memset(&draw, 0, sizeof draw);
    tgx_status s =
        o->vs ? tgx_pipe_shader_load(o->vs, &vs, &d) : tgx_pipe_shader_passthrough(&vs, &d);
    if (s < 0)
        return fail_diag(&d);
    target.words = calloc((size_t)o->width * o->height * 4, sizeof *target.words);
    if (!target.words) {
        tgx_pipe_shader_destroy(vs);
        return usage_error("out of memory for the render target", o->shader);
    }
    tgx_pipe_state_init(&st, o->width, o->height);
    st.threads = o->threads;
    st.budget = o->budget;
    draw.vs = vs;
    draw.fs = fs;
    draw.prim = TGX_PIPE_TRIANGLE_STRIP;
    draw.vertex_count = 4;
    draw.attribs[0].words = (const uint32_t *)(const void *)quad;
    draw.attribs[0].components = 2;
    draw.vs_bindings = &o->b;
    draw.fs_bindings = &o->b;
    draw.targets[0] = &target;
    s = tgx_pipe_render(&draw, &st, &d);
    if (s == TGX_OK)
        s = save_target(o, &target, &d);
    free(target.words);
    tgx_pipe_shader_destroy(vs);
    return s < 0 ? fail_diag(&d) : TGX_EXIT_OK;
}

static int dispatch(run_opts *o, const tgx_pipe_shader *cs)
{
    tgx_diag d;
    if (tgx_pipe_dispatch(cs, o->grid, &o->b, o->budget, &d) < 0)
        return fail_diag(&d);
    if (!o->b.buffer[0])
        return TGX_EXIT_OK;
    size_t words = o->b.buffer_bytes[0] / 4;
    if (o->out) {
        tgx_tgxr img = {(uint32_t)words, 1, 1, TGX_TGXR_U32, o->buffer[0]};
        return tgx_tgxr_write(o->out, &img, &d) < 0 ? fail_diag(&d) : TGX_EXIT_OK;
    }
    for (size_t i = 0; i < words; i++)
        printf("%08x%c", o->buffer[0][i], i % 8 == 7 || i + 1 == words ? '\n' : ' ');
    return TGX_EXIT_OK;
}

static void free_opts(run_opts *o)
{
    for (unsigned i = 0; i < TGX_PIPE_MAX_UNITS; i++)
        tgx_tex_destroy(o->tex[i]);
    for (unsigned i = 0; i < TGX_PIPE_MAX_CBUFS; i++)
        free(o->cbuf[i]);
    for (unsigned i = 0; i < TGX_PIPE_MAX_BUFFERS; i++)
        free(o->buffer[i]);
}

int tgx_cli_run(int argc, char **argv)
{
    run_opts *o = calloc(1, sizeof *o);
    tgx_pipe_shader *sh = NULL;
    tgx_diag d;
    if (!o)
        return TGX_EXIT_USAGE;
    o->width = o->height = 256;
    o->grid[0] = o->grid[1] = o->grid[2] = 1;
    for (unsigned i = 0; i < TGX_PIPE_MAX_UNITS; i++)
        tgx_sampler_init(&o->samplers[i]);
    int rc = parse_args(o, argc, argv);
    if (rc == 0 && tgx_pipe_shader_load(o->shader, &sh, &d) < 0)
        rc = fail_diag(&d);
    if (rc == 0) {
        if (tgx_pipe_shader_stage(sh) == TGX_EXEC_COMPUTE) {
            rc = dispatch(o, sh);
        } else if (tgx_pipe_shader_stage(sh) == TGX_EXEC_FRAGMENT) {
            if (!o->out)
                o->out = "out.png";
            rc = render(o, sh);
        } else {
            fprintf(stderr, "%s: tgx run takes a fragment (FRAG) or compute (COMP) shader\n",
                    o->shader);
            rc = TGX_EXIT_USAGE;
        }
    }
    tgx_pipe_shader_destroy(sh);
    free_opts(o);
    free(o);
    return rc < 0 ? TGX_EXIT_OK : rc;
}
