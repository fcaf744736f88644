/* tgx sample TEXTURE: samples a texture (a PNG or a corpus generator) at coordinates read from
 * stdin, one lane per line, and prints one result line per input line. For debugging the
 * texture unit and for checking it against hardware; docs/texture.md describes it. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/lines.h"
#include "tgx/io.h"
#include "tgx/tex.h"
#include "tgx/util.h"

/* The operations: name and summary (what each input line holds after the coordinates). */
#define SAMPLE_OPS(X)                                                                              \
    X(SAMPLE, "sample", "implicit LOD from 2x2 quads (TEX, SAMPLE)")                               \
    X(BIAS, "bias", "implicit LOD plus a bias, the line's last value (TXB, SAMPLE_B)")             \
    X(LOD, "lod", "explicit LOD, the line's last value (TXL, SAMPLE_L)")                           \
    X(GRAD, "grad", "explicit gradients: the line ends in ddx... ddy... (TXD, SAMPLE_D)")          \
    X(GATHER, "gather", "the 4 texels of the bilinear footprint (TG4)")                            \
    X(LODQ, "lodq", "LOD query from 2x2 quads: prints clamped unclamped (LODQ)")                   \
    X(FETCH, "fetch", "texel fetch: integer coordinates (TXF, SAMPLE_I)")                          \
    X(QUERY, "query", "size query: level -> width height depth levels (TXQ)")                      \
    X(SAMPLEPOS, "samplepos", "sample position: index -> x y (SAMPLE_POS)")

typedef enum op_kind {
#define X(id, name, summary) OP_##id,
    SAMPLE_OPS(X)
#undef X
        OP_COUNT
} op_kind;

static const tgx_cli_opt op_rows[] = {
#define X(id, name, summary) {OP_##id, name, NULL, summary},
    SAMPLE_OPS(X)
#undef X
        {0}};

enum {
    S_OP = 1,
    S_SAMPLER,
    S_PROFILE,
    S_SWIZZLE,
    S_VIEW,
    S_COMPONENT,
    S_OFFSET,
    S_PROJ,
    S_SINGLE,
    S_HEX,
    S_INPUT
};

static const tgx_cli_opt sample_options[] = {
    {S_OP, "--op", "NAME", "the operation (default sample; see Operations)"},
    {S_SAMPLER, "--sampler", "K=V,...",
     "sampler state as for tgx run --sampler: wrap, min, mag, filter, mip, aniso, lod_bias, "
     "min_lod, max_lod, compare, border=R,G,B,A, border_int, normalized, seamless, profile, "
     "lod_rule (default GL's: repeat, nearest_mipmap_linear, linear)"},
    {S_PROFILE, "--profile", "exact|nv", "precision profile (same as --sampler profile=)"},
    {S_SWIZZLE, "--swizzle", "XYZW", "view swizzle (r/x g/y b/z a/w 0 1; default rgba)"},
    {S_VIEW, "--view", "K=V,...",
     "the view: target=NAME, format=NAME (same texel size), swizzle=XYZW, levels=BASE[:MAX], "
     "layers=FIRST[:COUNT]"},
    {S_COMPONENT, "--component", "N", "gather: channel 0..3 (default 0)"},
    {S_OFFSET, "--offset", "X[,Y[,Z]]", "texel offset of every lane, each -64..64"},
    {S_PROJ, "--proj", NULL, "a q column follows the coordinates (TXP)"},
    {S_SINGLE, "--single", NULL, "every line is its own quad (see below)"},
    {S_HEX, "--hex", NULL, "also print the result words in hex"},
    {S_INPUT, "--input", "FILE", "read lines from FILE instead of stdin ('-')"},
    {0}};

const tgx_cli_spec tgx_cli_sample_spec = {
    .verb = "sample",
    .synopsis = "TEXTURE [OPTIONS] < LINES",
    .description =
        "Samples TEXTURE at the coordinates of each input line (one lane a line) and prints "
        "one result line per input line: 4 floats (%.9g), or integers for integer formats. "
        "Lines are answered 1024 at a time as they are read, so memory does not grow with the "
        "input.\n\n"
        "TEXTURE is FILE.png (rgba8, mips box-filtered) or GEN[@OPTS] as for tgx run --tex: GEN "
        "is hash[:seed=N], checker[:cell=N], gradient or levels (fscale=, fbias= too); OPTS: "
        "WxH, WxHxD, levels=N, samples=N, format=NAME, target=NAME, mips=box (default 256x256, "
        "rgba8, 2d, a full mip chain from the generator), or raw:FILE@OPTS / hex:DIGITS@OPTS: "
        "the texture's memory (every level; block-compressed formats bc1_rgba ... bc7 as 4x4 "
        "blocks).\n\n"
        "Input line: the coordinates the target takes (1d: s; 2d, rect: s t; 3d, cube: s t r; "
        "arrays add the layer), then q with --proj, then the depth reference when the sampler "
        "compares (compare=FUNC), then what the operation needs (see Operations).",
    .opts = sample_options,
    .notes = "grad reads one ddx and one ddy per filtered axis (1d: 1, 2d: 2, 3d and cube: 3). "
             "fetch reads integers x [y] [z or layer], then the level (MS targets: the sample). "
             "For sample, bias and lodq, 4 consecutive lines form a 2x2 quad, pixels (x,y), "
             "(x+1,y), (x,y+1), (x+1,y+1), whose differences give the LOD; with --single each "
             "line is a quad of its own (zero derivatives: the magnification filter, base "
             "level). Blank lines and text after '#' are ignored.",
    .exit_status = "0 done, 1 a bad input line (file:line:col) or the texture unit refused the "
                   "request (the lines before it are answered), 2 bad options or texture, or an "
                   "input that cannot be read.",
    .operand = "TEXTURE",
    .min_operands = 1,
    .max_operands = 1,
    .table_title = "Operations",
    .table = op_rows,
};

typedef struct sample_opts {
    const char *texture, *input, *swizzle, *view;
    op_kind op;
    tgx_sampler samp;
    uint32_t component;
    int32_t offset[3];
    bool proj, single, hex;
} sample_opts;

static int usage_error(const char *what, const char *arg)
{
    return tgx_cli_usage_error(&tgx_cli_sample_spec, "%s: '%s'", what, arg);
}

/* "tgx sample: WHAT: message"; a message that names its file already (a PNG the texture spec
 * names) is not given the spec again (it said 'bad.png: bad.png: error: ...'). */
static int diag_error(const char *what, const tgx_diag *d, int code)
{
    char buf[TGX_DIAG_MSG_MAX + TGX_DIAG_FILE_MAX + 64], shown[TGX_DIAG_FILE_MAX];
    tgx_diag_format(d, buf, sizeof buf);
    if (d->file[0] && !strcmp(d->file, tgx_diag_shown(shown, sizeof shown, what)))
        what = "";
    fprintf(stderr, "tgx sample: %s%s%s\n", tgx_diag_shown(shown, sizeof shown, what),
            *what ? ": " : "", buf);
    return code;
}

static int parse_offsets(const char *arg, int32_t off[3])
{
    const char *p = arg;
    for (int a = 0; a < 3 && *p; a++) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || (*end && *end != ',') || v < -64 || v > 64)
            return usage_error("--offset expects X[,Y[,Z]], integers from -64 to 64", arg);
        off[a] = (int32_t)v;
        p = *end ? end + 1 : end;
    }
    return *p ? usage_error("--offset takes at most 3 values", arg) : TGX_EXIT_OK;
}

static int parse_op(const char *arg, op_kind *op)
{
    for (int i = 0; i < OP_COUNT; i++) {
        if (!strcmp(op_rows[i].name, arg)) {
            *op = (op_kind)i;
            return TGX_EXIT_OK;
        }
    }
    return usage_error("unknown --op (sample, bias, lod, grad, gather, lodq, fetch, query, "
                       "samplepos)",
                       arg);
}

/* One option with its value (NULL for a flag). */
static int sample_option(void *ctx, int id, const char *val)
{
    sample_opts *o = ctx;
    tgx_diag d;
    switch (id) {
    case S_OP: return parse_op(val, &o->op);
    case S_SAMPLER:
        return tgx_sampler_parse(&o->samp, val, &d) < 0 ? diag_error("--sampler", &d, 2) : 0;
    case S_PROFILE:
        return tgx_sampler_set(&o->samp, "profile", val, &d) < 0 ? diag_error("--profile", &d, 2)
                                                                 : 0;
    case S_SWIZZLE: o->swizzle = val; return 0;
    case S_VIEW: o->view = val; return 0;
    case S_COMPONENT:
        if (strlen(val) != 1 || val[0] < '0' || val[0] > '3')
            return usage_error("--component expects 0, 1, 2 or 3", val);
        o->component = (uint32_t)(val[0] - '0');
        return 0;
    case S_OFFSET: return parse_offsets(val, o->offset);
    case S_INPUT: o->input = strcmp(val, "-") == 0 ? NULL : val; return 0;
    case S_PROJ: o->proj = true; return 0;
    case S_SINGLE: o->single = true; return 0;
    case S_HEX: o->hex = true; return 0;
    }
    return TGX_EXIT_USAGE;
}

static int parse_args(int argc, char **argv, sample_opts *o)
{
    int first;
    int rc = tgx_cli_parse(&tgx_cli_sample_spec, argc, argv, sample_option, o, &first);
    if (rc >= 0)
        return rc;
    o->texture = argv[first];
    return -1;
}

/* ---- the texture ----------------------------------------------------------------------------- */

/* ---- input lines ----------------------------------------------------------------------------- */

/* Each line's numbers go into one row of `cols` columns (floats, or integers for fetch, query
 * and samplepos). */

typedef struct columns {
    int coords;   /* coordinate columns (with the layer) */
    int extra;    /* q, ref, bias / lod / gradients */
    bool integer; /* fetch / query / samplepos lines hold integers */
    const char *names;
} columns;

static columns line_columns(const sample_opts *o, tgx_tex_target t)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(t);
    columns c = {ti->coords + ti->layered, 0, false, ""};
    switch (o->op) {
    case OP_FETCH:
        c.coords = ti->fetch;
        c.extra = 1; /* level, or the sample of MS targets */
        c.integer = true;
        c.names = ti->multisample ? "x y [layer] sample" : "x [y] [z|layer] level";
        return c;
    case OP_QUERY:
    case OP_SAMPLEPOS:
        c.coords = 0;
        c.extra = 1;
        c.integer = true;
        c.names = o->op == OP_QUERY ? "level" : "sample index";
        return c;
    case OP_BIAS:
    case OP_LOD: c.extra = 1; break;
    case OP_GRAD: c.extra = 2 * ti->coords; break;
    default: break;
    }
    c.extra += (o->proj ? 1 : 0) + (o->samp.compare_enable ? 1 : 0);
    c.names = "coordinates, [q], [ref], then the operation's values";
    return c;
}

/* Lines are sampled in chunks of CHUNK_ROWS rows (whole quads), so memory stays the same
 * whatever the input's length (issue 9: 10M lines took 551 MB, 1.6 GB with --single). */
#define CHUNK_ROWS 1024
#define MAX_COLS   16

typedef struct lines {
    size_t n;
    int width;
    double v[CHUNK_ROWS * MAX_COLS]; /* n rows of width values */
    unsigned line[CHUNK_ROWS];       /* input line of each row */
} lines;

/* One number of a line; NULL, or what is wrong with the field (integer columns: a decimal or 0x
 * integer that fits 32 bits; float columns: a number a float can hold, tgx_parse_f32). */
static const char *parse_number(const char *field, size_t len, bool integer, double *out)
{
    static const char *const not_int = "is not a 32-bit integer", *const not_num =
                                                                      "is not a number";
    char buf[64];
    if (len >= sizeof buf)
        return integer ? not_int : not_num;
    memcpy(buf, field, len);
    buf[len] = 0;
    if (integer) {
        char *end;
        errno = 0;
        long long v = strtoll(buf, &end, 0);
        if (*end || end == buf || errno || v < -2147483648LL || v > 4294967295LL)
            return not_int;
        *out = (double)v;
        return NULL;
    }
    float f;
    const char *why;
    if (tgx_parse_f32(buf, &f, &why) != TGX_OK)
        return why;
    *out = f;
    return NULL;
}

/* Splits one line into numbers, appended to L as a row (blank and comment lines give none);
 * a bad field or count fills d (file:line:col) and returns TGX_ERR_PARSE. */
static tgx_status parse_line(const char *name, unsigned lineno, const char *text, const columns *c,
                             lines *L, tgx_diag *d)
{
    const int want = c->coords + c->extra;
    double *row = &L->v[L->n * (size_t)L->width];
    int n = 0;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r')
            p++;
        if (!*p || *p == '#')
            break;
        size_t len = strcspn(p, " \t\r#");
        const unsigned col = (unsigned)(p - text) + 1;
        if (n == want)
            return tgx_diag_set(d, TGX_ERR_PARSE, name, lineno, col,
                                "too many values: expected %d (%s)", want, c->names);
        const char *why = parse_number(p, len, c->integer, &row[n++]);
        if (why)
            return tgx_diag_set(d, TGX_ERR_PARSE, name, lineno, col, "'%.*s' %s", (int)len, p, why);
        p += len;
    }
    if (n == 0)
        return TGX_OK; /* blank or comment */
    if (n < want)
        return tgx_diag_set(d, TGX_ERR_PARSE, name, lineno, (unsigned)(p - text) + 1,
                            "%d value%s, expected %d (%s)", n, n == 1 ? "" : "s", want, c->names);
    L->line[L->n++] = lineno;
    return TGX_OK;
}

/* ---- running the batch ----------------------------------------------------------------------- */

typedef struct batch {
    uint32_t lanes;
    float *col[16];   /* float columns, lanes long */
    int32_t *icol[4]; /* integer columns */
    uint32_t *out[4];
    uint32_t *active;
    int32_t *offset[3];
} batch;

static void batch_free(batch *b)
{
    for (int i = 0; i < 16; i++)
        free(b->col[i]);
    for (int i = 0; i < 4; i++)
        free(b->icol[i]), free(b->out[i]);
    for (int i = 0; i < 3; i++)
        free(b->offset[i]);
    free(b->active);
}

/* Operations whose LOD comes from the differences inside a 2x2 quad. */
static bool implicit_op(op_kind op)
{
    return op == OP_SAMPLE || op == OP_BIAS || op == OP_LODQ;
}

/* Room for a whole chunk: CHUNK_ROWS rows, 4 lanes each with --single. */
static bool batch_alloc(batch *b, int width)
{
    const size_t n = CHUNK_ROWS * 4;
    for (int i = 0; i < width; i++)
        if (!(b->col[i] = calloc(n, sizeof(float))))
            return false;
    for (int i = 0; i < 4; i++)
        if (!(b->icol[i] = calloc(n, sizeof(int32_t))) || !(b->out[i] = calloc(n, 4)))
            return false;
    for (int a = 0; a < 3; a++)
        if (!(b->offset[a] = calloc(n, sizeof(int32_t))))
            return false;
    return (b->active = calloc(n, sizeof(tgx_lane_mask))) != NULL;
}

/* Lanes per row: 4 with --single for the implicit-LOD operations (a quad of its own), else 1. */
static size_t lanes_per_row(const sample_opts *o)
{
    return implicit_op(o->op) && o->single ? 4 : 1;
}

/* The chunk's first rows rows as lanes: row r is lane r, or with --single the first lane of quad
 * r (its copies inactive). */
static void batch_fill(batch *b, const sample_opts *o, const lines *L, size_t rows, bool integer)
{
    const size_t per = lanes_per_row(o), width = (size_t)L->width;
    size_t lanes = (rows * per + 3) & ~(size_t)3;
    b->lanes = (uint32_t)lanes;
    memset(b->active, 0, (lanes ? lanes : 4) * sizeof *b->active);
    for (size_t r = 0; r < rows; r++) {
        for (size_t k = 0; k < per; k++) {
            const size_t lane = r * per + k;
            for (size_t i = 0; i < width; i++) {
                const double v = L->v[r * width + i];
                b->col[i][lane] = (float)v;
                if (integer && i < 4) /* parse_number checked the 32-bit range */
                    b->icol[i][lane] = (int32_t)(uint32_t)(int64_t)v;
            }
            for (int a = 0; a < 3; a++)
                b->offset[a][lane] = o->offset[a];
        }
        b->active[r * per] = 0xffffffffu;
    }
}

static tgx_tex_lod_mode lod_mode_of(op_kind op)
{
    switch (op) {
    case OP_BIAS: return TGX_TEX_LOD_BIAS;
    case OP_LOD: return TGX_TEX_LOD_EXPLICIT;
    case OP_GRAD: return TGX_TEX_LOD_GRAD;
    case OP_GATHER: return TGX_TEX_LOD_ZERO;
    default: return TGX_TEX_LOD_IMPLICIT;
    }
}

/* The sample request over the float columns: coordinates, [layer], [q], [ref], extras. */
static void fill_sample_req(const sample_opts *o, tgx_tex_target t, const batch *b,
                            tgx_tex_sample_req *req)
{
    memset(req, 0, sizeof *req);
    req->lanes = b->lanes;
    req->active = b->active;
    const tgx_tex_target_info *ti = tgx_tex_target_get(t);
    const int dims = ti->coords;
    int k = 0;
    const float **axis[3] = {&req->s, &req->t, &req->r};
    for (int a = 0; a < dims; a++)
        *axis[a] = b->col[k++];
    if (ti->layered)
        req->layer = b->col[k++];
    if (o->proj)
        req->q = b->col[k++];
    if (o->samp.compare_enable)
        req->ref = b->col[k++];
    req->lod_mode = lod_mode_of(o->op);
    if (o->op == OP_BIAS || o->op == OP_LOD)
        req->lod = b->col[k++];
    if (o->op == OP_GRAD) {
        for (int a = 0; a < dims; a++)
            req->ddx[a] = b->col[k++];
        for (int a = 0; a < dims; a++)
            req->ddy[a] = b->col[k++];
    }
    for (int a = 0; a < 3; a++)
        req->offset[a] = o->offset[a] ? b->offset[a] : NULL;
    req->component = o->component;
}

/* Fetch: x [y] [z or layer] then level or sample, laid out as tgx_tex_fetch_req wants. */
static void fill_fetch_req(const sample_opts *o, tgx_tex_target t, const batch *b, int coords,
                           tgx_tex_fetch_req *req)
{
    memset(req, 0, sizeof *req);
    req->lanes = b->lanes;
    req->active = b->active;
    const int32_t **xyz[3] = {&req->x, &req->y, &req->z};
    for (int a = 0; a < coords; a++)
        *xyz[a] = b->icol[a];
    if (tgx_tex_target_get(t)->multisample)
        req->sample = b->icol[coords];
    else
        req->level = b->icol[coords];
    for (int a = 0; a < 3; a++)
        req->offset[a] = o->offset[a] ? b->offset[a] : NULL;
}

static int run_request(const sample_opts *o, const tgx_tex_view *view, const columns *c, batch *b,
                       float *lodq[2])
{
    tgx_diag d;
    tgx_status st = TGX_OK;
    const tgx_tex_target t = view->target;
    tgx_tex_result res = {{b->out[0], b->out[1], b->out[2], b->out[3]}};
    if (o->op == OP_FETCH) {
        tgx_tex_fetch_req f;
        fill_fetch_req(o, t, b, c->coords, &f);
        st = tgx_tex_fetch(view, &o->samp, &f, res, &d);
    } else if (o->op == OP_QUERY || o->op == OP_SAMPLEPOS) {
        for (uint32_t i = 0; i < b->lanes; i++) {
            if (!tgx_tex_lane_active(b->active, i))
                continue;
            uint32_t q[4] = {0, 0, 0, 0};
            float pos[2];
            if (o->op == OP_QUERY) {
                tgx_tex_query_size(view, b->icol[0][i], q);
            } else {
                tgx_tex_sample_position(tgx_tex_query_samples(view), (uint32_t)b->icol[0][i], pos);
                q[0] = tgx_f2bits(pos[0]), q[1] = tgx_f2bits(pos[1]);
            }
            for (int ch = 0; ch < 4; ch++)
                b->out[ch][i] = q[ch];
        }
    } else {
        tgx_tex_sample_req r;
        fill_sample_req(o, t, b, &r);
        if (o->op == OP_GATHER)
            st = tgx_tex_gather(view, &o->samp, &r, res, &d);
        else if (o->op == OP_LODQ)
            st = tgx_tex_query_lod(view, &o->samp, &r, lodq[0], lodq[1], &d);
        else
            st = tgx_tex_sample(view, &o->samp, &r, res, &d);
    }
    return st < 0 ? diag_error("", &d, TGX_EXIT_INVALID) : TGX_EXIT_OK;
}

/* ---- output ---------------------------------------------------------------------------------- */

static void print_lane(const sample_opts *o, const tgx_tex_format_info *fi, const batch *b,
                       float *lodq[2], uint32_t i)
{
    uint32_t w[4] = {b->out[0][i], b->out[1][i], b->out[2][i], b->out[3][i]};
    int n = 4;
    if (o->op == OP_LODQ) {
        w[0] = tgx_f2bits(lodq[0][i]), w[1] = tgx_f2bits(lodq[1][i]);
        n = 2;
    } else if (o->op == OP_SAMPLEPOS) {
        n = 2;
    }
    const bool ints =
        o->op == OP_QUERY || (fi->is_integer && o->op != OP_LODQ && o->op != OP_SAMPLEPOS &&
                              !(o->op == OP_GATHER && o->samp.compare_enable));
    for (int ch = 0; ch < n; ch++) {
        const char *sep = ch ? " " : "";
        if (ints && fi->type == TGX_TEX_TYPE_SINT && o->op != OP_QUERY)
            printf("%s%d", sep, (int32_t)w[ch]);
        else if (ints)
            printf("%s%u", sep, w[ch]);
        else
            printf("%s%.9g", sep, (double)tgx_bits2f(w[ch]));
    }
    if (o->hex)
        for (int ch = 0; ch < n; ch++)
            printf("%s0x%08x", ch ? " " : "  ", w[ch]);
    putchar('\n');
}

typedef struct sampler_run {
    const sample_opts *o;
    const tgx_tex_view *view;
    const tgx_tex_format_info *fi;
    columns c;
    lines *L;
    batch b;
    float *lodq[2];
} sampler_run;

/* Samples and prints the chunk's first rows rows, then moves the rest (a partial quad) to the
 * front. Returns an exit status. */
static int answer(sampler_run *s, size_t rows)
{
    lines *L = s->L;
    if (rows) {
        batch_fill(&s->b, s->o, L, rows, s->c.integer);
        int rc = run_request(s->o, s->view, &s->c, &s->b, s->lodq);
        if (rc != TGX_EXIT_OK)
            return rc;
        const size_t per = lanes_per_row(s->o);
        for (size_t r = 0; r < rows; r++)
            print_lane(s->o, s->fi, &s->b, s->lodq, (uint32_t)(r * per));
    }
    const size_t width = (size_t)L->width, rest = L->n - rows;
    memmove(L->v, L->v + rows * width, rest * width * sizeof *L->v);
    memmove(L->line, L->line + rows, rest * sizeof *L->line);
    L->n = rest;
    /* a failed write (a full disk) ends the run: main reports it */
    return ferror(stdout) ? TGX_EXIT_USAGE : TGX_EXIT_OK;
}

/* The rows that can be answered now: all of them, or whole quads for implicit LOD. */
static size_t ready_rows(const sampler_run *s)
{
    return implicit_op(s->o->op) && !s->o->single ? s->L->n & ~(size_t)3 : s->L->n;
}

/* Reads the input a line at a time and answers it a chunk at a time. A bad line stops the
 * reading; the lines before it are answered first. */
static int stream_lines(sampler_run *s, cli_lines *in)
{
    tgx_diag d;
    const char *line;
    size_t len;
    int got, rc = TGX_EXIT_OK, bad = TGX_EXIT_OK;
    while (rc == TGX_EXIT_OK && (got = cli_lines_next(in, &line, &len, &d)) != 0) {
        if (got < 0 || parse_line(in->name, in->lineno, line, &s->c, s->L, &d) != TGX_OK) {
            bad = got < 0 && d.status == TGX_ERR_IO ? TGX_EXIT_USAGE : TGX_EXIT_INVALID;
            break;
        }
        if (s->L->n == CHUNK_ROWS)
            rc = answer(s, CHUNK_ROWS);
    }
    if (rc == TGX_EXIT_OK)
        rc = answer(s, ready_rows(s));
    if (rc == TGX_EXIT_OK && bad != TGX_EXIT_OK) {
        fflush(stdout); /* the answers before the message */
        tgx_cli_print_diag(&d);
        rc = bad;
    }
    if (rc == TGX_EXIT_OK && s->L->n) {
        fflush(stdout);
        fprintf(stderr,
                "%s:%u:1: error: implicit LOD takes lines in quads of 4; %zu line%s left over "
                "(use --single, or --op lod)\n",
                in->name, s->L->line[s->L->n - 1], s->L->n, s->L->n == 1 ? "" : "s");
        rc = TGX_EXIT_INVALID;
    }
    return rc;
}

static int sample_all(const sample_opts *o, const tgx_tex_view *view)
{
    sampler_run s;
    memset(&s, 0, sizeof s);
    s.o = o;
    s.view = view;
    s.fi = tgx_tex_format_get(view->format);
    s.c = line_columns(o, view->target);
    const int width = s.c.coords + s.c.extra;
    tgx_diag d;
    cli_lines *in = NULL;
    if (cli_lines_create(o->input, &in, &d) != TGX_OK)
        return diag_error("", &d, TGX_EXIT_USAGE);
    s.L = malloc(sizeof *s.L);
    bool ok = s.L && width <= MAX_COLS && batch_alloc(&s.b, width > 0 ? width : 1);
    if (ok && o->op == OP_LODQ) {
        s.lodq[0] = calloc(CHUNK_ROWS * 4, sizeof(float));
        s.lodq[1] = calloc(CHUNK_ROWS * 4, sizeof(float));
        ok = s.lodq[0] && s.lodq[1];
    }
    int rc = TGX_EXIT_USAGE;
    if (ok) {
        s.L->n = 0;
        s.L->width = width > 0 ? width : 1;
        rc = stream_lines(&s, in);
    } else {
        fprintf(stderr, "tgx sample: out of memory\n");
    }
    batch_free(&s.b);
    free(s.lodq[0]);
    free(s.lodq[1]);
    free(s.L);
    cli_lines_destroy(in);
    return rc;
}

int tgx_cli_sample(int argc, char **argv)
{
    sample_opts o;
    memset(&o, 0, sizeof o);
    tgx_sampler_init(&o.samp);
    int rc = parse_args(argc, argv, &o);
    if (rc >= 0)
        return rc;
    tgx_diag d;
    tgx_tex *tex;
    if (strncmp(o.texture, "raw:-@", 6) == 0 && !o.input) /* the texture would eat the lines */
        return tgx_cli_usage_error(&tgx_cli_sample_spec,
                                   "TEXTURE (raw:-) and the input lines both read stdin ('-'), "
                                   "which holds one input: give --input FILE");
    if (tgx_tex_from_spec(o.texture, &tex, &d) < 0)
        return diag_error(o.texture, &d, TGX_EXIT_USAGE);
    tgx_tex_view view;
    tgx_tex_view_init(&view, tex);
    if (o.swizzle && tgx_tex_swizzle_parse(o.swizzle, view.swizzle) < 0) {
        tgx_tex_destroy(tex);
        return usage_error("--swizzle expects 4 of r g b a x y z w 0 1", o.swizzle);
    }
    if (o.view && tgx_tex_view_parse(&view, o.view, &d) < 0) {
        tgx_tex_destroy(tex);
        return diag_error("--view", &d, TGX_EXIT_USAGE);
    }
    rc = sample_all(&o, &view);
    fflush(stdout);
    tgx_tex_destroy(tex);
    return rc;
}
