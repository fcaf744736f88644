/* tgx run SHADER.tgsi: render a full-screen quad with a fragment shader, or dispatch a compute
 * shader, and write the result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tgx/io.h"
#include "tgx/pipe.h"
#include "tgx/util.h"

enum {
    R_VS = 1,
    R_GS,
    R_PRIM,
    R_VERTS,
    R_SIZE,
    R_INT,
    R_TEX,
    R_SAMPLER,
    R_CONST,
    R_BUFFER,
    R_DUMP,
    R_IMAGE,
    R_DUMP_IMAGE,
    R_GRID,
    R_BUDGET,
    R_PROFILE,
    R_F2I,
    R_DENORMS,
    R_EXEC,
    R_JOBS,
    R_OUT
};

#define MAX_SIZE   16384  /* --size, each side */
#define MAX_GROUPS 65535u /* --grid, each axis: GL's least MAX_COMPUTE_WORK_GROUP_COUNT */

static const tgx_cli_opt run_options[] = {
    {R_VS, "--vs", "VS.tgsi",
     "vertex shader instead of the built-in one (IN[0] = the quad's position, 2 components)"},
    {R_GS, "--gs", "GS.tgsi",
     "geometry shader (GEOM) between the vertex and the fragment shader; its "
     "GS_INPUT_PRIMITIVE must match --prim (stream 0 of its output is drawn: points, line "
     "strips or triangle strips)"},
    {R_PRIM, "--prim", "MODE",
     "what the vertices form: triangle_strip (default), triangles, triangle_fan, points, lines, "
     "line_strip, lines_adjacency, line_strip_adjacency, triangles_adjacency or "
     "triangle_strip_adjacency "
     "(a GS takes LINES_ADJACENCY or TRIANGLES_ADJACENCY; without one the lines or triangles "
     "are drawn and the adjacent vertices ignored)"},
    {R_VERTS, "--verts", "X,Y,X,Y,...",
     "vertex positions (IN[0].xy) instead of the quad's four (at most 4096 vertices)"},
    {R_SIZE, "--size", "WxH", "render target size, each side 1 to 16384 (default 256x256)"},
    {R_INT, "--int", NULL, "RGBA32UI target (default RGBA32F)"},
    {R_TEX, "--tex", "UNIT=FILE.png",
     "SVIEW/SAMP[UNIT] texture from a PNG (rgba8, full mip chain by box filter)"},
    {R_TEX, "--tex", "UNIT=GEN[@OPTS]",
     "generated texture: GEN is hash[:seed=N], checker[:cell=N], gradient or levels (fscale=, "
     "fbias= too); OPTS: WxH or WxHxD, levels=N, format=NAME, target=NAME, mips=box (levels "
     "above 0 box-filtered from level 0; default 256x256, full mip chain from the generator, "
     "rgba8, 2d)"},
    {R_TEX, "--tex", "UNIT=raw:FILE@OPTS",
     "texture memory from FILE: every level, rows of texels or of 4x4 blocks (bc1_rgba ... "
     "bc7); UNIT=hex:DIGITS@OPTS gives the same bytes in hex"},
    {R_SAMPLER, "--sampler", "UNIT=K=V,...",
     "sampler state: wrap, wrap_s/t/r, min, mag, filter, mip, aniso, lod_bias, min_lod, "
     "max_lod, compare, border, border_int, normalized, seamless, profile, lod_rule (default: "
     "GL's, min nearest_mipmap_linear, mag linear)"},
    {R_CONST, "--const", "B=V,V,...", "CONST[B] words from row 0, 4 a row"},
    {R_CONST, "--const", "B:R=V,V,V,V",
     "CONST[B][R] (and the rows after it if more values follow)"},
    {R_CONST, "--const", "B[:R]=@FILE",
     "words from a text file (separated by spaces, commas or newlines; '#' starts a comment). "
     "A word V is 0xHEX (bits as they are), Nu (uint32), Ni (int32) or a float (1, -2.5, 1e-3, "
     "inf, nan)"},
    {R_BUFFER, "--buffer", "N=BYTES",
     "BUFFER[N], BYTES zero bytes (a multiple of 4, at most "
     "256 MiB)"},
    {R_BUFFER, "--buffer", "N=FILE",
     "BUFFER[N] from a file: FILE.tgxr its words, else raw bytes (padded with zeros to a "
     "multiple of 4)"},
    {R_DUMP, "--dump", "N=FILE",
     "after the run, BUFFER[N] to FILE.tgxr (uint32, one row), '-' (hex words on stdout), or "
     "any other name (raw bytes)"},
    {R_IMAGE, "--image", "UNIT=TEXTURE",
     "IMAGE[UNIT]: level 0 of a texture given as for --tex, or @OPTS alone for zero texels "
     "(e.g. @16x16,format=rgba32ui)"},
    {R_DUMP_IMAGE, "--dump-image", "UNIT=FILE",
     "after the run, IMAGE[UNIT] (level 0, slices stacked) to FILE.tgxr (4 words a texel) or "
     "FILE.png (8-bit view)"},
    {R_GRID, "--grid", "X,Y,Z", "compute workgroups, each 1 to 65535 (default 1,1,1)"},
    {R_BUDGET, "--budget", "N",
     "instructions one invocation (a pixel, vertex, primitive or compute thread) may execute "
     "before the run stops with an error at the instruction: 1 to 2^64-1, default 1000000 "
     "(invocations run in batches of up to 256 pixels or one compute block, and the batch's "
     "count is checked, so invocations that diverge within a batch share it)"},
    {R_PROFILE, "--profile", "exact|nv",
     "texture-unit precision of every sampler (default exact: GL formulas in float; nv: "
     "NVIDIA's fixed-point rules); a unit's --sampler profile= overrides it, wherever it "
     "stands"},
    {R_F2I, "--f2i", "saturate|x86",
     "float-to-int of NaN and out-of-range values: saturate, NaN -> 0 (default, as GPUs do) or "
     "as softpipe on x86-64 (0x80000000; tgx replay uses this)"},
    {R_DENORMS, "--denorms", "preserve|flush",
     "denormal floats in shader arithmetic: preserve (default, IEEE 754) or flush to zero as "
     "D3D10 and Mesa's draws do (tgx replay uses this for draws; docs/exec.md)"},
    {R_EXEC, "--exec", "interp|jit", TGX_CLI_EXEC_HELP},
    {R_JOBS, "-j", "N",
     "render threads, 0 to 256 (default 0: all cores, one per 8192 pixels at most; same result for "
     "any N)"},
    {R_OUT, "-o", "FILE",
     "fragment: out.png (8-bit view, row 0 = window row 0), out.tgxr (exact words) or '-' (the "
     "PNG on stdout, which must not be a terminal; default out.png); compute: BUFFER[0] as with "
     "--dump 0=FILE (default: BUFFER[0] in hex on stdout)"},
    {0}};

const tgx_cli_spec tgx_cli_run_spec = {
    .verb = "run",
    .synopsis = "SHADER.tgsi [OPTIONS]",
    .description =
        "A fragment shader (FRAG) is run on a full-screen quad (triangle strip (-1,-1) (1,-1) "
        "(-1,1) (1,1)); the built-in vertex shader passes the position and writes GENERIC[0] = "
        "(x*0.5+0.5, y*0.5+0.5, 0, 1), the quad's texture coordinate. A compute shader (COMP) "
        "is dispatched over --grid workgroups.",
    .opts = run_options,
    .notes = "Primitives are clipped and rasterised as Mesa's softpipe does it (docs/pipeline.md): "
             "a vertex behind the eye or outside the view volume is clipped, triangles are scan "
             "converted as softpipe's setup does, lines by Bresenham's walk, points as the draw "
             "module's biased squares of side PSIZE (or 1; not clamped, as softpipe), "
             "back-facing, their PCOORD (s, t) 0..1 across the square (GL's upper-left origin: t 0 "
             "at the higher window y).\n\n"
             "Every shader file is first checked as 'tgx check' does: errors stop the run "
             "(file:line:col on stderr, nothing written), warnings are printed and it goes on. "
             "Output files are written safely (docs/cli.md): a regular file is replaced only "
             "once complete, a link is written through, a device or FIFO in place.",
    .exit_status = "0 done, 1 a shader is invalid or its run failed (a geometry shader whose "
                   "input primitive the draw does not give included), 2 bad options or files (a "
                   "--vs or --gs file of the wrong kind of shader included).",
    .operand = "SHADER.tgsi",
    .min_operands = 1,
    .max_operands = 1,
};

/* A growable array of 32-bit words (a constant buffer or a shader buffer). */
typedef struct word_array {
    uint32_t *w;
    size_t n;
} word_array;

#define MAX_VERTS 4096 /* --verts positions */

typedef struct run_opts {
    const char *shader, *vs, *gs, *out;
    tgx_pipe_prim prim;
    float (*verts)[2]; /* --verts, NULL: the quad */
    unsigned nverts;
    uint32_t width, height;
    bool integer;
    uint32_t threads;
    uint64_t budget;
    tgx_exec_f2i_rule f2i_rule;
    tgx_exec_denorm_rule denorms;
    tgx_pipe_exec exec;
    bool exec_jit; /* --exec jit given: notes for the shaders the interpreter runs */
    uint32_t grid[3];
    tgx_tex *tex[TGX_PIPE_MAX_UNITS];
    tgx_tex_view views[TGX_PIPE_MAX_UNITS];
    tgx_sampler samplers[TGX_PIPE_MAX_UNITS];
    word_array cbuf[TGX_PIPE_MAX_CBUFS];
    word_array buffer[TGX_PIPE_MAX_BUFFERS];
    const char *dump[TGX_PIPE_MAX_BUFFERS];
    tgx_tex *image[TGX_PIPE_MAX_UNITS];
    const char *dump_image[TGX_PIPE_MAX_UNITS];
    tgx_pipe_bindings b;
    const char *profile;       /* --profile, applied before the --sampler options */
    const char **sampler_args; /* the --sampler options, in their order */
    unsigned nsampler_args;
    /* --tex, --image, --const and --buffer in their order, read once SHADER, --vs and --gs are
     * known (so that one reading stdin is refused before anything reads it) */
    struct {
        int id;
        const char *val;
    } * inputs;
    unsigned ninputs;
    const char *stdin_by; /* the input that reads stdin ('-'), NULL while none does */
} run_opts;

/* The shader is invalid or its run failed. */
static int fail_diag(const tgx_diag *d)
{
    tgx_cli_print_diag(d);
    return TGX_EXIT_INVALID;
}

/* An option's value, or a file it names, is wrong. */
static int option_diag(const char *opt, const tgx_diag *d)
{
    char buf[TGX_DIAG_MSG_MAX + TGX_DIAG_FILE_MAX + 64];
    tgx_diag_format(d, buf, sizeof buf);
    fprintf(stderr, "tgx run: %s: %s\n", opt, buf);
    return TGX_EXIT_USAGE;
}

static int usage_error(const char *what, const char *arg)
{
    return tgx_cli_usage_error(&tgx_cli_run_spec, "%s: '%s'", what, arg);
}

/* stdin ('-') holds one input: a second reader would find it empty, or the first would read
 * the second's bytes as its own. what names the reader ("SHADER", "--const", ...). */
static int claim_stdin(run_opts *o, const char *what)
{
    if (!o->stdin_by) {
        o->stdin_by = what;
        return TGX_EXIT_OK;
    }
    return tgx_cli_usage_error(&tgx_cli_run_spec,
                               "%s and %s both read stdin ('-'), which holds one input",
                               o->stdin_by, what);
}

/* Whether a texture spec reads its bytes from stdin (raw:-@OPTS). */
static bool spec_reads_stdin(const char *spec)
{
    return strncmp(spec, "raw:-@", 6) == 0;
}

/* Grows a to at least n words (new words zero). */
static bool grow(word_array *a, size_t n)
{
    if (n <= a->n)
        return true;
    uint32_t *w = realloc(a->w, n * sizeof *w);
    if (!w)
        return false;
    memset(w + a->n, 0, (n - a->n) * sizeof *w);
    a->w = w;
    a->n = n;
    return true;
}

static bool ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

/* "UNIT=REST": returns REST, or NULL if UNIT is not decimal digits below limit. */
static const char *split_unit(const char *arg, unsigned limit, unsigned *unit)
{
    const char *eq = strchr(arg, '=');
    uint64_t u;
    if (!eq || !tgx_cli_digits(arg, (size_t)(eq - arg), &u) || u >= limit)
        return NULL;
    *unit = (unsigned)u;
    return eq + 1;
}

static int opt_tex(run_opts *o, const char *arg)
{
    unsigned unit;
    tgx_diag d;
    const char *spec = split_unit(arg, TGX_PIPE_MAX_UNITS, &unit);
    if (!spec)
        return usage_error("--tex expects UNIT=FILE.png or UNIT=GENERATOR with UNIT below 32", arg);
    if (spec_reads_stdin(spec) && claim_stdin(o, "--tex") != TGX_EXIT_OK)
        return TGX_EXIT_USAGE;
    tgx_tex_destroy(o->tex[unit]);
    o->tex[unit] = NULL;
    if (tgx_tex_from_spec(spec, &o->tex[unit], &d) < 0)
        return option_diag("--tex", &d);
    tgx_tex_view_init(&o->views[unit], o->tex[unit]);
    o->b.view[unit] = &o->views[unit];
    o->b.sampler[unit] = &o->samplers[unit];
    return TGX_EXIT_OK;
}

/* --image UNIT=FILE.png|GEN[@OPTS]|@OPTS: IMAGE[UNIT], level 0 of a texture made as --tex makes
 * it ("@OPTS" alone: zero texels). */
static int opt_image(run_opts *o, const char *arg)
{
    unsigned unit;
    tgx_diag d;
    const char *spec = split_unit(arg, TGX_PIPE_MAX_UNITS, &unit);
    if (!spec || !*spec)
        return usage_error(
            "--image expects UNIT=FILE.png, UNIT=GENERATOR[@OPTS] or UNIT=@OPTS with UNIT "
            "below 32",
            arg);
    if (spec_reads_stdin(spec) && claim_stdin(o, "--image") != TGX_EXIT_OK)
        return TGX_EXIT_USAGE;
    tgx_tex_destroy(o->image[unit]);
    o->image[unit] = NULL;
    if (tgx_tex_from_spec(spec, &o->image[unit], &d) < 0)
        return option_diag("--image", &d);
    o->b.image[unit] = o->image[unit];
    o->b.image_level[unit] = 0;
    return TGX_EXIT_OK;
}

static int opt_sampler(run_opts *o, const char *arg)
{
    unsigned unit;
    tgx_diag d;
    const char *spec = split_unit(arg, TGX_PIPE_MAX_UNITS, &unit);
    if (!spec)
        return usage_error("--sampler expects UNIT=key=value,... with UNIT below 32", arg);
    /* tgx_sampler_parse: border= and border_int= keep their four comma-separated numbers */
    if (tgx_sampler_parse(&o->samplers[unit], spec, &d) < 0)
        return option_diag("--sampler", &d);
    o->b.sampler[unit] = &o->samplers[unit];
    return TGX_EXIT_OK;
}

/* A word of --const or a constants file: 0x... bits as they are, Nu a uint32, Ni an int32
 * (two's complement), anything else a float (1, -2.5, 1e-3, inf, nan; a number a float cannot
 * hold is refused, as everywhere: tgx_parse_f32). Returns NULL, or what is wrong. */
static const char *parse_word(const char *s, uint32_t *w)
{
    static const char *const not_word = "is not a word (0xHEX, Nu, Ni or a float)";
    char *end;
    size_t n = strlen(s);
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        unsigned long long v = strtoull(s + 2, &end, 16);
        if (end == s + 2 || *end || v > 0xffffffffull)
            return not_word;
        *w = (uint32_t)v;
        return NULL;
    }
    if (n > 1 && (s[n - 1] == 'u' || s[n - 1] == 'i')) {
        long long v = strtoll(s, &end, 10);
        bool is_u = s[n - 1] == 'u';
        if (end != s + n - 1 || (is_u && (v < 0 || v > 0xffffffffll)) ||
            (!is_u && (v < INT32_MIN || v > INT32_MAX)))
            return not_word;
        *w = is_u ? (uint32_t)v : (uint32_t)(int32_t)v;
        return NULL;
    }
    float f;
    const char *why;
    tgx_status st = tgx_parse_f32(s, &f, &why);
    if (st == TGX_ERR_PARSE)
        return not_word;
    if (st != TGX_OK)
        return why;
    *w = tgx_f2bits(f);
    return NULL;
}

/* Stores the words of text (separated by commas or white space; '#' to the end of a line is a
 * comment) into a from word index `at`. name names the source in errors. */
static int put_words(word_array *a, size_t at, char *text, const char *name)
{
    size_t k = at;
    for (char *line = text; line && *line;) {
        char *next = strchr(line, '\n');
        if (next)
            *next++ = 0;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        for (char *tok = strtok(line, ", \t\r"); tok; tok = strtok(NULL, ", \t\r"), k++) {
            if (!grow(a, (k + 4) & ~(size_t)3))
                return usage_error("out of memory", name);
            const char *why = parse_word(tok, &a->w[k]);
            if (why)
                return tgx_cli_usage_error(&tgx_cli_run_spec, "--const: '%s' %s", tok, why);
        }
        line = next;
    }
    if (k == at)
        return usage_error("--const: no values", name);
    return TGX_EXIT_OK;
}

/* --const B=..., B:R=..., B=@FILE, B:R=@FILE */
static int opt_const(run_opts *o, const char *arg)
{
    char *end;
    unsigned long slot = strtoul(arg, &end, 10), row = 0;
    if (end != arg && *end == ':') {
        const char *r = end + 1;
        row = strtoul(r, &end, 10);
        if (end == r || row >= (1ul << 20))
            end = (char *)r; /* reported below */
    }
    if (end == arg || *end != '=' || slot >= TGX_PIPE_MAX_CBUFS || !end[1])
        return usage_error("--const expects B=V,V,..., B:R=V,V,V,V or B[:R]=@FILE with B below 32",
                           arg);
    const char *val = end + 1;
    char *text = NULL;
    tgx_diag d;
    if (val[0] == '@' && strcmp(val, "@-") == 0 && claim_stdin(o, "--const") != TGX_EXIT_OK)
        return TGX_EXIT_USAGE;
    if (val[0] == '@') {
        size_t size;
        if (tgx_read_file(val + 1, &text, &size, &d) < 0)
            return option_diag("--const", &d);
    } else {
        text = malloc(strlen(val) + 1);
        if (!text)
            return usage_error("out of memory", arg);
        strcpy(text, val);
    }
    int rc = put_words(&o->cbuf[slot], row * 4, text, arg);
    free(text);
    o->b.cbuf[slot] = o->cbuf[slot].w;
    o->b.cbuf_words[slot] = o->cbuf[slot].n;
    return rc;
}

static bool all_digits(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return false;
    return true;
}

/* The contents of a --buffer file: a TGXR file's words, or any file's bytes. */
static int buffer_from_file(word_array *a, const char *path)
{
    tgx_diag d;
    size_t n = strlen(path);
    if (n > 5 && strcmp(path + n - 5, ".tgxr") == 0) {
        tgx_tgxr img = {0};
        if (tgx_tgxr_read(path, &img, &d) < 0)
            return option_diag("--buffer", &d);
        size_t words = (size_t)img.width * img.height * img.channels;
        bool ok = words > 0 && grow(a, words);
        if (ok)
            memcpy(a->w, img.words, words * sizeof *a->w);
        tgx_tgxr_free(&img);
        return ok ? TGX_EXIT_OK : usage_error("--buffer: empty file or out of memory", path);
    }
    char *data = NULL;
    size_t size = 0;
    if (tgx_read_file(path, &data, &size, &d) < 0)
        return option_diag("--buffer", &d);
    bool ok = size > 0 && size <= (1u << 28) && grow(a, (size + 3) / 4);
    if (ok)
        memcpy(a->w, data, size);
    free(data);
    return ok ? TGX_EXIT_OK : usage_error("--buffer: file empty or over 256 MiB", path);
}

/* --buffer N=BYTES or N=FILE */
static int opt_buffer(run_opts *o, const char *arg)
{
    unsigned slot;
    const char *spec = split_unit(arg, TGX_PIPE_MAX_BUFFERS, &slot);
    if (!spec || !*spec)
        return usage_error("--buffer expects N=BYTES or N=FILE with N below 32", arg);
    word_array *a = &o->buffer[slot];
    free(a->w);
    a->w = NULL, a->n = 0;
    int rc;
    if (all_digits(spec)) {
        unsigned long bytes = strtoul(spec, NULL, 10);
        if (bytes == 0 || bytes % 4 || bytes > (1ul << 28))
            return usage_error("--buffer: BYTES must be a multiple of 4, 4 .. 256 MiB", arg);
        rc = grow(a, bytes / 4) ? TGX_EXIT_OK : usage_error("out of memory", arg);
    } else if (strcmp(spec, "-") == 0 && claim_stdin(o, "--buffer") != TGX_EXIT_OK) {
        rc = TGX_EXIT_USAGE;
    } else {
        rc = buffer_from_file(a, spec);
    }
    o->b.buffer[slot] = a->w;
    o->b.buffer_bytes[slot] = a->n * 4;
    return rc;
}

static int opt_dump(run_opts *o, const char *arg)
{
    unsigned slot;
    const char *spec = split_unit(arg, TGX_PIPE_MAX_BUFFERS, &slot);
    if (!spec || !*spec)
        return usage_error("--dump expects N=FILE with N below 32", arg);
    o->dump[slot] = spec;
    return TGX_EXIT_OK;
}

static int opt_dump_image(run_opts *o, const char *arg)
{
    unsigned unit;
    const char *spec = split_unit(arg, TGX_PIPE_MAX_UNITS, &unit);
    if (!spec || !*spec || (!ends_with(spec, ".tgxr") && !ends_with(spec, ".png")))
        return usage_error(
            "--dump-image expects UNIT=FILE.tgxr or UNIT=FILE.png with UNIT below 32", arg);
    o->dump_image[unit] = spec;
    return TGX_EXIT_OK;
}

static int opt_prim(run_opts *o, const char *val)
{
    if (tgx_pipe_prim_parse(val, &o->prim))
        return TGX_EXIT_OK;
    return usage_error("--prim expects triangle_strip, triangles, triangle_fan, points, lines, "
                       "line_strip, lines_adjacency, line_strip_adjacency, triangles_adjacency or "
                       "triangle_strip_adjacency",
                       val);
}

/* --verts X,Y,X,Y,...: clip-space positions, two floats a vertex. */
static int opt_verts(run_opts *o, const char *val)
{
    char buf[65536];
    if (strlen(val) >= sizeof buf)
        return usage_error("--verts: list too long", "...");
    strcpy(buf, val);
    free(o->verts);
    o->verts = calloc(MAX_VERTS, sizeof *o->verts);
    o->nverts = 0;
    if (!o->verts)
        return usage_error("out of memory", val);
    unsigned k = 0;
    /* split at every comma (strtok would skip empty fields: "0,,1" read as one vertex) */
    for (char *tok = buf, *next; tok; tok = next, k++) {
        next = strchr(tok, ',');
        if (next)
            *next++ = 0;
        const char *why;
        if (k >= 2 * MAX_VERTS)
            return usage_error("--verts: at most 4096 vertices", val);
        if (tgx_parse_f32(tok, &o->verts[k / 2][k % 2], &why) != TGX_OK)
            return tgx_cli_usage_error(&tgx_cli_run_spec,
                                       "--verts: value %u, '%s' %s (X,Y pairs of numbers)", k + 1,
                                       tok, why);
    }
    if (k == 0 || k % 2)
        return usage_error("--verts expects X,Y pairs of numbers", val);
    o->nverts = k / 2;
    return TGX_EXIT_OK;
}

static int opt_f2i(run_opts *o, const char *val)
{
    if (!strcmp(val, "saturate"))
        o->f2i_rule = TGX_EXEC_F2I_SATURATE;
    else if (!strcmp(val, "x86"))
        o->f2i_rule = TGX_EXEC_F2I_X86;
    else
        return usage_error("--f2i expects saturate or x86", val);
    return TGX_EXIT_OK;
}

static int opt_denorms(run_opts *o, const char *val)
{
    if (!strcmp(val, "preserve"))
        o->denorms = TGX_EXEC_DENORMS_PRESERVE;
    else if (!strcmp(val, "flush"))
        o->denorms = TGX_EXEC_DENORMS_FLUSH;
    else
        return usage_error("--denorms expects preserve or flush", val);
    return TGX_EXIT_OK;
}

/* --sampler UNIT=...: checked now, applied after every option (apply_samplers). */
static int opt_sampler_later(run_opts *o, const char *arg)
{
    unsigned unit;
    if (!split_unit(arg, TGX_PIPE_MAX_UNITS, &unit))
        return usage_error("--sampler expects UNIT=key=value,... with UNIT below 32", arg);
    o->sampler_args[o->nsampler_args++] = arg;
    return TGX_EXIT_OK;
}

static int run_option(void *ctx, int id, const char *val)
{
    run_opts *o = ctx;
    const tgx_cli_spec *sp = &tgx_cli_run_spec;
    switch (id) {
    case R_VS: o->vs = val; return 0;
    case R_GS: o->gs = val; return 0;
    case R_PRIM: return opt_prim(o, val);
    case R_VERTS: return opt_verts(o, val);
    case R_OUT: o->out = val; return 0;
    case R_INT: o->integer = true; return 0;
    case R_SIZE: {
        uint32_t wh[2];
        static const char *const sides[] = {"width", "height"};
        int rc = tgx_cli_u32_list(sp, "--size", val, 'x', 2, sides, 1, MAX_SIZE, wh);
        if (rc == 0)
            o->width = wh[0], o->height = wh[1];
        return rc;
    }
    case R_GRID: {
        static const char *const axes[] = {"X count", "Y count", "Z count"};
        return tgx_cli_u32_list(sp, "--grid", val, ',', 3, axes, 1, MAX_GROUPS, o->grid);
    }
    case R_JOBS: return tgx_cli_u32(sp, "-j", val, 0, 256, &o->threads);
    case R_BUDGET: return tgx_cli_u64(sp, "--budget", val, 1, UINT64_MAX, &o->budget);
    case R_PROFILE: o->profile = val; return 0;
    case R_F2I: return opt_f2i(o, val);
    case R_DENORMS: return opt_denorms(o, val);
    case R_EXEC: {
        int rc = tgx_cli_exec(sp, val, &o->exec);
        o->exec_jit = rc == 0 && o->exec == TGX_PIPE_EXEC_JIT;
        return rc;
    }
    case R_TEX:
    case R_CONST:
    case R_BUFFER:
    case R_IMAGE:
        o->inputs[o->ninputs].id = id;
        o->inputs[o->ninputs++].val = val;
        return TGX_EXIT_OK;
    case R_SAMPLER: return opt_sampler_later(o, val);
    case R_DUMP: return opt_dump(o, val);
    case R_DUMP_IMAGE: return opt_dump_image(o, val);
    }
    return TGX_EXIT_USAGE;
}

/* --profile exact|nv is the starting state of every unit's sampler wherever it stands on the
 * command line, so that a unit's own --sampler ...,profile= overrides it; the --sampler options
 * follow in their order. */
static int apply_samplers(run_opts *o)
{
    tgx_diag d;
    for (unsigned u = 0; o->profile && u < TGX_PIPE_MAX_UNITS; u++)
        if (tgx_sampler_set(&o->samplers[u], "profile", o->profile, &d) < 0)
            return option_diag("--profile", &d);
    for (unsigned i = 0; i < o->nsampler_args; i++) {
        int rc = opt_sampler(o, o->sampler_args[i]);
        if (rc)
            return rc;
    }
    return TGX_EXIT_OK;
}

/* The options that read inputs, in their order (run_opts.inputs). */
static int read_inputs(run_opts *o)
{
    int rc = TGX_EXIT_OK;
    for (unsigned i = 0; i < o->ninputs && rc == TGX_EXIT_OK; i++) {
        const char *val = o->inputs[i].val;
        switch (o->inputs[i].id) {
        case R_TEX: rc = opt_tex(o, val); break;
        case R_CONST: rc = opt_const(o, val); break;
        case R_BUFFER: rc = opt_buffer(o, val); break;
        default: rc = opt_image(o, val); break;
        }
    }
    return rc;
}

static int parse_args(run_opts *o, int argc, char **argv)
{
    o->sampler_args = malloc((size_t)argc * sizeof *o->sampler_args);
    o->inputs = malloc((size_t)argc * sizeof *o->inputs);
    if (!o->sampler_args || !o->inputs)
        return usage_error("out of memory", "--sampler");
    int first;
    int rc = tgx_cli_parse(&tgx_cli_run_spec, argc, argv, run_option, o, &first);
    if (rc >= 0)
        return rc == TGX_EXIT_OK ? -1 : rc; /* -1: --help was printed, nothing to run */
    o->shader = argv[first];
    /* the shaders claim stdin first (they are named now), then the input options in order */
    const char *names[] = {"SHADER", "--vs", "--gs"};
    const char *paths[] = {o->shader, o->vs, o->gs};
    for (int i = 0; i < 3; i++)
        if (paths[i] && strcmp(paths[i], "-") == 0 && claim_stdin(o, names[i]) != TGX_EXIT_OK)
            return TGX_EXIT_USAGE;
    rc = read_inputs(o);
    return rc != TGX_EXIT_OK ? rc : apply_samplers(o);
}

/* Loads a shader file checked first as `tgx check` checks it (tgx_tgsi_validate): every
 * finding, warnings included, goes to stderr as file:line:col. An error stops the run before
 * anything executes (1); a file that cannot be read is a usage/I-O error (2). */
static int load_checked(const char *path, tgx_pipe_shader **out)
{
    tgx_diag d;
    tgx_diag_list found;
    tgx_diag_list_init(&found);
    tgx_status st = tgx_pipe_shader_load_validated(path, &found, out, &d);
    bool invalid = found.errors > 0;
    tgx_cli_print_diags(&found);
    if (st < 0 && !invalid)
        tgx_cli_print_diag(&d); /* not a validation error: parse, decode, I/O */
    if (st >= 0)
        return TGX_EXIT_OK;
    return st == TGX_ERR_IO ? TGX_EXIT_USAGE : TGX_EXIT_INVALID;
}

/* FILE.tgxr: the exact words, typed `type`; FILE.png, or '-' (stdout): the corpus's 8-bit view
 * (floats clamped, integers by their low byte) as a PNG. */
static tgx_status save_target(const char *path, const tgx_pipe_target *t, tgx_tgxr_type type,
                              tgx_diag *d)
{
    size_t n = (size_t)t->width * t->height * 4;
    if (ends_with(path, ".tgxr")) {
        tgx_tgxr img = {t->width, t->height, 4, (uint16_t)type, t->words};
        return tgx_tgxr_write(path, &img, d);
    }
    bool to_stdout = strcmp(path, "-") == 0;
    uint8_t *png = NULL;
    size_t size = 0;
    tgx_status st;
    if (!t->integer) {
        const float *px = (const float *)(const void *)t->words;
        st = to_stdout ? tgx_png_encode_float(px, t->width, t->height, 4, &png, &size, d)
                       : tgx_png_save_float(path, px, t->width, t->height, 4, d);
    } else {
        uint8_t *rgba = malloc(n);
        if (!rgba)
            return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
        for (size_t i = 0; i < n; i++)
            rgba[i] = (uint8_t)(t->words[i] & 255u);
        size_t stride = (size_t)t->width * 4;
        st = to_stdout ? tgx_png_encode_rgba8(rgba, t->width, t->height, stride, &png, &size, d)
                       : tgx_png_save_rgba8(path, rgba, t->width, t->height, stride, d);
        free(rgba);
    }
    /* stdout's write errors are main's to report (close_stdout) */
    if (st == TGX_OK && to_stdout)
        fwrite(png, 1, size, stdout);
    free(png);
    return st;
}

/* BUFFER[slot] after the run: FILE.tgxr (uint32, one row), "-" (hex words, 8 a line, on
 * stdout) or raw bytes. */
static int write_buffer(const run_opts *o, unsigned slot, const char *path)
{
    const word_array *a = &o->buffer[slot];
    tgx_diag d;
    tgx_status st;
    if (!a->w) {
        fprintf(stderr, "tgx run: BUFFER[%u] is not bound (give --buffer %u=BYTES|FILE)\n", slot,
                slot);
        return TGX_EXIT_USAGE;
    }
    if (strcmp(path, "-") == 0) {
        for (size_t i = 0; i < a->n; i++)
            printf("%08x%c", a->w[i], i % 8 == 7 || i + 1 == a->n ? '\n' : ' ');
        return TGX_EXIT_OK;
    }
    if (ends_with(path, ".tgxr")) {
        tgx_tgxr img = {(uint32_t)a->n, 1, 1, TGX_TGXR_U32, a->w};
        st = tgx_tgxr_write(path, &img, &d);
    } else {
        st = tgx_write_file_atomic(path, a->w, a->n * 4, &d);
    }
    return st < 0 ? option_diag("--dump", &d) : TGX_EXIT_OK;
}

/* IMAGE[unit] after the run: level 0, slices one under the other, 4 words a texel as the
 * format stores them (float bits, or integers for integer formats) in a TGXR file, or the
 * 8-bit view in a PNG. */
static int write_image(const run_opts *o, unsigned unit, const char *path)
{
    const tgx_tex *tex = o->image[unit];
    uint32_t w, h, slices;
    tgx_diag d;
    if (!tex || !tgx_tex_level_size(tex, 0, &w, &h, &slices)) {
        fprintf(stderr, "tgx run: IMAGE[%u] is not bound (give --image %u=...)\n", unit, unit);
        return TGX_EXIT_USAGE;
    }
    const tgx_tex_format_info *f = tgx_tex_get_format(tex);
    tgx_pipe_target t = {w, h * slices, f->is_integer, NULL};
    t.words = malloc((size_t)w * h * slices * 16);
    if (!t.words)
        return usage_error("out of memory", path);
    for (uint32_t z = 0; z < slices; z++)
        for (uint32_t y = 0; y < h; y++)
            for (uint32_t x = 0; x < w; x++)
                tgx_tex_load_texel(tex, 0, x, y, z, 0, &t.words[(((size_t)z * h + y) * w + x) * 4]);
    tgx_tgxr_type type = !f->is_integer ? TGX_TGXR_F32 : f->is_signed ? TGX_TGXR_I32 : TGX_TGXR_U32;
    tgx_status st = save_target(path, &t, type, &d);
    free(t.words);
    return st < 0 ? option_diag("--dump-image", &d) : TGX_EXIT_OK;
}

static int write_dumps(const run_opts *o)
{
    int rc = TGX_EXIT_OK;
    for (unsigned i = 0; i < TGX_PIPE_MAX_BUFFERS && rc == TGX_EXIT_OK; i++)
        if (o->dump[i])
            rc = write_buffer(o, i, o->dump[i]);
    for (unsigned i = 0; i < TGX_PIPE_MAX_UNITS && rc == TGX_EXIT_OK; i++)
        if (o->dump_image[i])
            rc = write_image(o, i, o->dump_image[i]);
    return rc;
}

/* Everything --dump / --dump-image names must be bound, checked before the run. */
static int check_dumps(const run_opts *o)
{
    for (unsigned i = 0; i < TGX_PIPE_MAX_BUFFERS; i++)
        if (o->dump[i] && !o->b.buffer[i]) {
            fprintf(stderr, "tgx run: BUFFER[%u] is not bound (give --buffer %u=BYTES|FILE)\n", i,
                    i);
            return TGX_EXIT_USAGE;
        }
    for (unsigned i = 0; i < TGX_PIPE_MAX_UNITS; i++)
        if (o->dump_image[i] && !o->image[i]) {
            fprintf(stderr, "tgx run: IMAGE[%u] is not bound (give --image %u=...)\n", i, i);
            return TGX_EXIT_USAGE;
        }
    return TGX_EXIT_OK;
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
    if (check_dumps(o) != TGX_EXIT_OK)
        return TGX_EXIT_USAGE;
    int rc;
    if (o->vs)
        rc = load_checked(o->vs, &vs);
    else
        rc = tgx_pipe_shader_passthrough(&vs, &d) < 0 ? fail_diag(&d) : TGX_EXIT_OK;
    if (rc != TGX_EXIT_OK)
        return rc;
    if (tgx_pipe_shader_stage(vs) != TGX_EXEC_VERTEX) {
        tgx_pipe_shader_destroy(vs);
        return usage_error("--vs takes a vertex shader (VERT)", o->vs);
    }
    tgx_pipe_shader *gs = NULL;
    if (o->gs) {
        rc = load_checked(o->gs, &gs);
        if (rc != TGX_EXIT_OK) {
            tgx_pipe_shader_destroy(vs);
            return rc;
        }
        if (tgx_pipe_shader_stage(gs) != TGX_EXEC_GEOMETRY) {
            tgx_pipe_shader_destroy(vs);
            tgx_pipe_shader_destroy(gs);
            return usage_error("--gs takes a geometry shader (GEOM)", o->gs);
        }
    }
    target.words = calloc((size_t)o->width * o->height * 4, sizeof *target.words);
    if (!target.words) {
        tgx_pipe_shader_destroy(vs);
        tgx_pipe_shader_destroy(gs);
        return usage_error("out of memory for the render target", o->shader);
    }
    tgx_pipe_state_init(&st, o->width, o->height);
    st.threads = o->threads;
    st.budget = o->budget;
    st.f2i_rule = o->f2i_rule;
    st.denorms = o->denorms;
    st.exec = o->exec;
    draw.vs = vs;
    draw.fs = fs;
    draw.gs = gs;
    draw.prim = o->prim;
    draw.vertex_count = o->verts ? o->nverts : 4;
    const float(*pos)[2] = o->verts ? (const float(*)[2])o->verts : quad;
    draw.attribs[0].words = (const uint32_t *)(const void *)pos;
    draw.attribs[0].components = 2;
    draw.vs_bindings = &o->b;
    draw.gs_bindings = &o->b;
    draw.fs_bindings = &o->b;
    draw.targets[0] = &target;
    rc = tgx_pipe_render(&draw, &st, &d) < 0 ? fail_diag(&d) : TGX_EXIT_OK;
    if (o->exec_jit) {
        const tgx_pipe_shader *shaders[3] = {vs, gs, fs};
        for (unsigned k = 0; k < 3; k++)
            tgx_cli_exec_note(shaders[k]);
    }
    if (rc == TGX_EXIT_OK &&
        save_target(o->out, &target, o->integer ? TGX_TGXR_U32 : TGX_TGXR_F32, &d) < 0)
        rc = option_diag("-o", &d);
    if (rc == TGX_EXIT_OK)
        rc = write_dumps(o);
    free(target.words);
    tgx_pipe_shader_destroy(vs);
    tgx_pipe_shader_destroy(gs);
    return rc;
}

static int dispatch(run_opts *o, const tgx_pipe_shader *cs)
{
    tgx_diag d;
    if (o->out) {
        if (o->dump[0] && strcmp(o->dump[0], o->out) != 0)
            return usage_error("-o and --dump 0= name different files for BUFFER[0]", o->out);
        o->dump[0] = o->out;
    }
    bool any = false;
    for (unsigned i = 0; i < TGX_PIPE_MAX_BUFFERS; i++)
        any |= o->dump[i] != NULL;
    for (unsigned i = 0; i < TGX_PIPE_MAX_UNITS; i++)
        any |= o->dump_image[i] != NULL;
    if (!any && o->b.buffer[0])
        o->dump[0] = "-"; /* the default: BUFFER[0] on stdout */
    int rc = check_dumps(o);
    if (rc != TGX_EXIT_OK)
        return rc;
    tgx_pipe_state st;
    tgx_pipe_state_init(&st, 1, 1);
    st.threads = o->threads;
    st.budget = o->budget;
    st.f2i_rule = o->f2i_rule;
    st.denorms = o->denorms;
    st.exec = o->exec;
    tgx_status s = tgx_pipe_dispatch(cs, o->grid, &o->b, &st, &d);
    if (o->exec_jit)
        tgx_cli_exec_note(cs);
    if (s < 0)
        return fail_diag(&d);
    return write_dumps(o);
}

static void free_opts(run_opts *o)
{
    for (unsigned i = 0; i < TGX_PIPE_MAX_UNITS; i++) {
        tgx_tex_destroy(o->tex[i]);
        tgx_tex_destroy(o->image[i]);
    }
    for (unsigned i = 0; i < TGX_PIPE_MAX_CBUFS; i++)
        free(o->cbuf[i].w);
    for (unsigned i = 0; i < TGX_PIPE_MAX_BUFFERS; i++)
        free(o->buffer[i].w);
    free(o->verts);
    free(o->sampler_args);
    free(o->inputs);
}

static int run_shader(run_opts *o, const tgx_pipe_shader *sh)
{
    tgx_exec_stage stage = tgx_pipe_shader_stage(sh);
    if (stage == TGX_EXEC_COMPUTE)
        return dispatch(o, sh);
    if (stage != TGX_EXEC_FRAGMENT)
        return usage_error("tgx run takes a fragment (FRAG) or compute (COMP) shader", o->shader);
    if (!o->out)
        o->out = "out.png";
    bool to_stdout = strcmp(o->out, "-") == 0;
    if (!to_stdout && !ends_with(o->out, ".png") && !ends_with(o->out, ".tgxr"))
        return usage_error("-o: a fragment shader's output must end in .png or .tgxr, or be '-'",
                           o->out);
    if (to_stdout && tgx_cli_binary_to_terminal("run", "-o -: the PNG"))
        return TGX_EXIT_USAGE;
    return render(o, sh);
}

int tgx_cli_run(int argc, char **argv)
{
    run_opts *o = calloc(1, sizeof *o);
    tgx_pipe_shader *sh = NULL;
    if (!o)
        return TGX_EXIT_USAGE;
    o->width = o->height = 256;
    o->grid[0] = o->grid[1] = o->grid[2] = 1;
    o->prim = TGX_PIPE_TRIANGLE_STRIP;
    for (unsigned i = 0; i < TGX_PIPE_MAX_UNITS; i++)
        tgx_sampler_init(&o->samplers[i]);
    int rc = parse_args(o, argc, argv);
    if (rc == TGX_EXIT_OK) {
        rc = load_checked(o->shader, &sh);
        if (rc == TGX_EXIT_OK)
            rc = run_shader(o, sh);
    }
    tgx_pipe_shader_destroy(sh);
    free_opts(o);
    free(o);
    return rc < 0 ? TGX_EXIT_OK : rc;
}
