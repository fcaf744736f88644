/* Draws: vertex shader, the optional geometry shader and primitive assembly (geom.c), clip space
 * to window, triangle setup (points and lines as triangles), and the fragment shader over 2x2
 * quads, tile by tile on worker threads. docs/pipeline.md describes the rules. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pipe/pipe_internal.h"
#include "pipe/raster.h"
#include "tgx/util.h"

/* A tile, fully covered, is exactly one fragment-shader run: 16x16 pixels, 64 quads, 256 lanes.
 * Wide runs spread each instruction's fixed cost over many lanes; a square keeps the lanes of a run
 * close together, so divergent loops stay short. */
#define TILE        16 /* pixels per tile side (even, so quads never straddle tiles) */
#define FS_QUADS    64 /* quads per fragment-shader run */
#define MAX_THREADS 256
/* Spans a thread's share of the tiles at least: below it, spans get narrower (span_tiles). 8
 * cut 192x192's rows in two and cost 12% (p1, alu_loop_break at -j2); 4 keeps them whole. */
#define SPANS_PER_THREAD 4
/* Tiles a thread at least when the thread count is left to the pipeline (threads = 0): a thread
 * started and joined every render costs more than it saves on less (p1 at 64x64, 16 tiles: -j2
 * 0.8-0.95 times -j1; 96x96, 36 tiles: even; 128x128: 1.1-1.3 times). */
#define DEFAULT_TILES_PER_THREAD 32

/* Per triangle: setup and the plane equations of every fragment-shader input channel. */
typedef struct tri_data {
    tgx_raster_tri r;
    tgx_raster_coef *coef; /* [ninputs][4] */
    uint32_t *flat;        /* [ninputs][4]: CONSTANT inputs, copied bit for bit */
} tri_data;

typedef struct render_job {
    const tgx_pipe_draw *draw;
    const tgx_pipe_state *st;
    const pipe_shader_info *fs;
    tri_data *tris;
    size_t ntris, cap_tris;
    pipe_clip clip;
    int fb_w, fb_h, tiles_x, tiles_y;
    const pipe_reg *color_out[TGX_PIPE_MAX_TARGETS]; /* FS output writing COLOR[i] */
    int span_tiles, spans_x; /* a thread's unit of work: span_tiles tiles of one row of tiles */
    /* the one word threads write together, on a cache line of its own */
    _Alignas(64) atomic_int next_span;
    char pad[64 - sizeof(atomic_int)];
} render_job;

/* Cache-line aligned, so that no two threads write into one line. */
typedef struct worker {
    _Alignas(64) render_job *job;
    pthread_t thread;
    tgx_status st;
    tgx_diag diag;
    int failed_tile; /* lowest tile whose run failed, for a deterministic report */
    tgx_exec_machine *m;
    tgx_exec_word *in[PIPE_MAX_REGS][4], *sv[PIPE_MAX_REGS][4];
    tgx_lane_mask active[FS_QUADS * 4], killed[FS_QUADS * 4];
    int qx[FS_QUADS], qy[FS_QUADS];
} worker;

/* ---- vertices to window coordinates ---- */

/* draw's viewport step (Mesa draw_cliptest_tmp.h, and draw_pipe_clip.c for the clipper's new
 * vertices): divide by w, scale and translate, keep 1/w. scale = (w/2, h/2, (f-n)/2), translate
 * = (x + w/2, y + h/2, (n+f)/2) as st/mesa derives them from glViewport / glDepthRange. Only
 * vertices inside the clip volume get here (w > 0, or w = 0 at the origin, which setup culls). */
static void to_window(const tgx_pipe_state *st, const uint32_t *clip, float win[4])
{
    float x = tgx_bits2f(clip[0]), y = tgx_bits2f(clip[1]), z = tgx_bits2f(clip[2]);
    float w = tgx_bits2f(clip[3]);
    float scale[3] = {st->viewport[2] * 0.5f, st->viewport[3] * 0.5f,
                      (st->depth_range[1] - st->depth_range[0]) * 0.5f};
    float trans[3] = {st->viewport[0] + st->viewport[2] * 0.5f,
                      st->viewport[1] + st->viewport[3] * 0.5f,
                      (st->depth_range[0] + st->depth_range[1]) * 0.5f};
    float inv = 1.0f / w;
    win[0] = x * inv * scale[0] + trans[0];
    win[1] = y * inv * scale[1] + trans[1];
    win[2] = z * inv * scale[2] + trans[2];
    win[3] = inv;
}

/* ---- triangle setup ---- */

/* The plane equations of one fragment input for one triangle; flat inputs take flat's words. */
static void setup_input(const render_job *job, tri_data *t, unsigned i, const uint32_t *vals[3],
                        const uint32_t *flat_vals)
{
    const pipe_reg *in = &job->fs->inputs[i];
    tgx_raster_coef *coef = &t->coef[i * 4];
    uint32_t *flat = &t->flat[i * 4];
    for (unsigned c = 0; c < 4; c++) {
        float a[3];
        for (int k = 0; k < 3; k++)
            a[k] = vals[k] ? tgx_bits2f(vals[k][c]) : (c == 3 ? 1.0f : 0.0f);
        flat[c] = flat_vals ? flat_vals[c] : tgx_f2bits(a[0]);
        if (in->interp == PIPE_INTERP_LINEAR)
            tgx_raster_coef_linear(&t->r, a, &coef[c]);
        else if (in->interp != PIPE_INTERP_CONSTANT)
            tgx_raster_coef_perspective(&t->r, a, &coef[c]);
    }
}

/* Room for one more entry of the raster list. */
static tgx_status grow_tris(render_job *job, tgx_diag *d)
{
    void *items = job->tris;
    tgx_status st =
        pipe_grow(&items, &job->cap_tris, job->ntris, sizeof *job->tris, 64, "primitives", d);
    job->tris = items;
    return st;
}

/* The plane equations of every fragment input of the set-up triangle or line t, whose vertices'
 * output words are vw[0..2] (flat inputs: flat_src's), kept in the raster list; a point's
 * triangles read PCOORD from the sprite coordinates of their corners, sprite[0..2] (NULL for
 * other primitives). Lines are front-facing. */
static tgx_status add_setup(render_job *job, const pipe_geometry *g, tri_data *t,
                            const uint32_t *const vw[3], const uint32_t *const *sprite,
                            const uint32_t *flat_src, unsigned kind, tgx_diag *d)
{
    unsigned ni = job->fs->ninputs ? job->fs->ninputs : 1;
    t->coef = calloc((size_t)ni * 4, sizeof *t->coef);
    t->flat = calloc((size_t)ni * 4, sizeof *t->flat);
    if (!t->coef || !t->flat) {
        free(t->coef);
        free(t->flat);
        t->coef = NULL, t->flat = NULL;
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    }
    for (unsigned i = 0; i < job->fs->ninputs; i++) {
        const pipe_reg *in = &job->fs->inputs[i];
        const pipe_reg *src = pipe_find_output(&g->shader->info, in->sem, in->index);
        const uint32_t *vals[3];
        for (int k = 0; k < 3; k++)
            vals[k] = src ? vw[k] + src->reg * 4 : NULL;
        if (in->sem == PIPE_SEM_PCOORD && sprite) /* the wide-point stage's extra attribute */
            for (int k = 0; k < 3; k++)
                vals[k] = sprite[k];
        setup_input(job, t, i, vals, src ? flat_src + src->reg * 4 : NULL);
    }
    if (kind == PIPE_LINE)
        t->r.back_facing = false;
    job->ntris++;
    return TGX_OK;
}

static tgx_raster_rules rules_of(const tgx_pipe_state *st)
{
    tgx_raster_rules r = {st->half_pixel_center, st->bottom_edge_rule, st->front_ccw};
    return r;
}

/* One triangle of the raster list: window corners win, outputs vw, flat inputs from flat_src
 * (points are drawn as such triangles, with the sprite coordinates of their corners). */
static tgx_status add_triangle(render_job *job, const pipe_geometry *g, const float *win[3],
                               const uint32_t *const vw[3], const uint32_t *const *sprite,
                               const uint32_t *flat_src, int provoking, unsigned kind, tgx_diag *d)
{
    tgx_status st = grow_tris(job, d);
    if (st < 0)
        return st;
    tri_data *t = &job->tris[job->ntris];
    tgx_raster_rules rules = rules_of(job->st);
    rules.front_ccw |= kind == PIPE_POINT; /* draw_get_rasterizer_no_cull's state */
    if (!tgx_raster_setup(&t->r, win[0], win[1], win[2], provoking, &rules, job->fb_w, job->fb_h))
        return TGX_OK;
    return add_setup(job, g, t, vw, sprite, flat_src, kind, d);
}

/* A point as softpipe gets it from the draw module's wide-point stage (draw_pipe_wide_point.c;
 * st/mesa rasterises core-profile points as sprites, so every point goes that way): four copies
 * of the vertex moved by (-h + xbias, -h + ybias) ... (h + xbias, h + ybias), h half the size and
 * the biases (1/8, -1/8) for half-pixel centres, drawn as the triangles (v0 v2 v3) and
 * (v0 v3 v1) under the stage's own rasterizer state, whose front_ccw is 1: softpipe's points are
 * back-facing. Their inputs are interpolated as a triangle's are; PCOORD is (s, t, 0, 1) with s 0
 * on the left corners and 1 on the right ones, t 0 on the lower-y corners and 1 on the others,
 * or 1 - that with sprite_coord_mode LOWER_LEFT (set_texcoords). */
static tgx_status add_point(render_job *job, const pipe_geometry *g, const uint32_t *vw,
                            const float win[4], float size, tgx_diag *d)
{
    float h = 0.5f * size;
    bool centres = job->st->half_pixel_center;
    float xbias = centres ? 0.125f : 0.0f, ybias = centres ? -0.125f : 0.0f;
    float left = -h + xbias, right = h + xbias, bottom = h + ybias, top = -h + ybias;
    float c[4][4];
    for (int k = 0; k < 4; k++) {
        memcpy(c[k], win, sizeof c[k]);
        c[k][0] += k < 2 ? left : right;
        c[k][1] += k % 2 ? bottom : top;
    }
    uint32_t tc[4][4];
    for (int k = 0; k < 4; k++) {
        float t = (float)(k % 2);
        tc[k][0] = tgx_f2bits((float)(k / 2));
        tc[k][1] = tgx_f2bits(job->st->sprite_coord_upper_left ? t : 1.0f - t);
        tc[k][2] = tgx_f2bits(0.0f);
        tc[k][3] = tgx_f2bits(1.0f);
    }
    const uint32_t *const v3[3] = {vw, vw, vw};
    const float *t0[3] = {c[0], c[2], c[3]}, *t1[3] = {c[0], c[3], c[1]};
    const uint32_t *const s0[3] = {tc[0], tc[2], tc[3]}, *const s1[3] = {tc[0], tc[3], tc[1]};
    tgx_status st = add_triangle(job, g, t0, v3, s0, vw, 2, PIPE_POINT, d);
    return st < 0 ? st : add_triangle(job, g, t1, v3, s1, vw, 2, PIPE_POINT, d);
}

/* A line as softpipe draws a width-1 line (sp_setup_line, raster.h): Bresenham's pixels from
 * the first end point, attributes along the segment; flat inputs from flat_src. */
static tgx_status add_line(render_job *job, const pipe_geometry *g, const uint32_t *const vw[2],
                           const uint32_t *flat_src, int provoking, tgx_diag *d)
{
    tgx_status st = grow_tris(job, d);
    if (st < 0)
        return st;
    tri_data *t = &job->tris[job->ntris];
    tgx_raster_rules rules = rules_of(job->st);
    float win[2][4];
    for (int k = 0; k < 2; k++)
        to_window(job->st, vw[k] + job->clip.pos_reg * 4, win[k]);
    if (!tgx_raster_setup_line(&t->r, win[0], win[1], provoking, &rules, job->fb_w, job->fb_h))
        return TGX_OK;
    const uint32_t *const v3[3] = {vw[0], vw[1], vw[1]};
    return add_setup(job, g, t, v3, NULL, flat_src, PIPE_LINE, d);
}

/* A point's size: the PSIZE output's x when the last vertex stage writes one, else 1 (st/mesa's
 * glPointSize default). Not clamped: the wide-point stage takes the shader's value as it is
 * (below 1, 0, negative, infinite or NaN; docs/errata.md), and the raster setup keeps what such
 * squares give defined (raster.c's x86 truncations). */
static float point_size(const uint32_t *vw, const pipe_reg *psize)
{
    if (!psize)
        return 1.0f;
    return tgx_bits2f(vw[psize->reg * 4]);
}

/* A triangle inside the clip volume, in the vertex order setup gets. */
static tgx_status add_window_triangle(render_job *job, const pipe_geometry *g,
                                      const uint32_t *const vw[3], const uint32_t *flat_src,
                                      int provoking, tgx_diag *d)
{
    float win[3][4];
    for (int k = 0; k < 3; k++)
        to_window(job->st, vw[k] + job->clip.pos_reg * 4, win[k]);
    const float *w[3] = {win[0], win[1], win[2]};
    return add_triangle(job, g, w, vw, NULL, flat_src, provoking, PIPE_TRI, d);
}

/* A clipped triangle's polygon p[0..n-1] as the draw module emits it (emit_poly): the fan
 * (p[i-1], p[i], p[0]), or (p[0], p[i-1], p[i]) with flatshade_first, p[0] the provoking vertex,
 * whose flat outputs are the original provoking vertex's (copy_flat). */
static tgx_status add_polygon(render_job *job, const pipe_geometry *g, const uint32_t **p,
                              unsigned n, const uint32_t *flat_src, tgx_diag *d)
{
    bool first = job->st->flatshade_first;
    tgx_status st = TGX_OK;
    for (unsigned i = 2; i < n && st == TGX_OK; i++) {
        const uint32_t *const last[3] = {p[i - 1], p[i], p[0]};
        const uint32_t *const lead[3] = {p[0], p[i - 1], p[i]};
        st = add_window_triangle(job, g, first ? lead : last, flat_src, first ? 0 : 2, d);
    }
    return st;
}

/* One primitive through the clipper (clip.c): drawn as it is when every vertex is inside the
 * clip volume, dropped when all lie outside one plane (a point: when it is outside any), else
 * clipped. */
static tgx_status setup_prim(render_job *job, const pipe_geometry *g, const pipe_prim *p,
                             const pipe_reg *psize, uint32_t *pool, tgx_diag *d)
{
    const uint32_t *vw[3];
    unsigned m[3], any = 0, all = ~0u;
    for (unsigned j = 0; j < p->kind; j++) {
        vw[j] = &g->words[(size_t)p->v[j] * g->nout * 4];
        m[j] = pipe_clip_mask(&job->clip, vw[j]);
        any |= m[j], all &= m[j];
    }
    const uint32_t *flat_src = vw[p->provoking];
    if (p->kind == PIPE_POINT) {
        if (any)
            return TGX_OK;
        float win[4];
        to_window(job->st, vw[0] + job->clip.pos_reg * 4, win);
        return add_point(job, g, vw[0], win, point_size(vw[0], psize), d);
    }
    if (all)
        return TGX_OK;
    if (p->kind == PIPE_LINE) {
        const uint32_t *e[2] = {vw[0], vw[1]};
        if (any && !pipe_clip_line(&job->clip, vw, m, pool, e))
            return TGX_OK;
        return add_line(job, g, e, flat_src, p->provoking, d);
    }
    if (!any)
        return add_window_triangle(job, g, vw, flat_src, p->provoking, d);
    const uint32_t *poly[PIPE_CLIP_MAX_VERTS];
    unsigned n = pipe_clip_triangle(&job->clip, vw, any, pool, poly);
    return add_polygon(job, g, poly, n, flat_src, d);
}

static tgx_status setup_all(render_job *job, const pipe_geometry *g, tgx_diag *d)
{
    const pipe_reg *pos = pipe_find_output(&g->shader->info, PIPE_SEM_POSITION, 0);
    const pipe_reg *psize = pipe_find_output(&g->shader->info, PIPE_SEM_PSIZE, 0);
    if (!pos)
        return tgx_diag_set(d, TGX_ERR_INVALID, g->shader->name, 0, 0,
                            "the %s shader writes no POSITION output",
                            g->shader->info.stage == TGX_EXEC_GEOMETRY ? "geometry" : "vertex");
    pipe_clip_init(&job->clip, job->st, &g->shader->info, job->fs, g->nout);
    uint32_t *pool =
        calloc((size_t)(PIPE_CLIP_MAX_VERTS + 1) * (g->nout ? g->nout : 1) * 4, sizeof *pool);
    if (!pool)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    tgx_status st = TGX_OK;
    for (size_t k = 0; k < g->nprims && st == TGX_OK; k++)
        st = setup_prim(job, g, &g->prims[k], psize, pool, d);
    free(pool);
    return st;
}

/* ---- fragment inputs of one quad ---- */

/* POSITION as softpipe's setup_fragcoord_coeff gives it: x = x + 0.5 (or x with
 * FS_COORD_PIXEL_CENTER INTEGER), y likewise from the top (row 0), or H - y - 0.5 with
 * FS_COORD_ORIGIN LOWER_LEFT; z and 1/w from the triangle's planes. */
static void fragcoord(const render_job *job, const tri_data *t, int x, int y, float out[4][4])
{
    float off = job->fs->pixel_center_integer ? 0.0f : 0.5f;
    tgx_raster_coef cx = {off, 1.0f, 0.0f};
    tgx_raster_coef cy = {off, 0.0f, 1.0f};
    if (job->fs->origin_lower_left) {
        cy.a0 = (float)(job->fb_h - 1) + off;
        cy.dady = -1.0f;
    }
    tgx_raster_eval_quad(&cx, x, y, out[0]);
    tgx_raster_eval_quad(&cy, x, y, out[1]);
    tgx_raster_eval_quad(&t->r.pos_z, x, y, out[2]);
    tgx_raster_eval_quad(&t->r.pos_w, x, y, out[3]);
}

static void put4(tgx_exec_word *const dst[4], unsigned lane, const float v[4][4])
{
    for (unsigned c = 0; c < 4; c++)
        if (dst[c])
            for (unsigned l = 0; l < 4; l++)
                dst[c][lane + l].f = v[c][l];
}

static void fill_input(worker *w, const tri_data *t, unsigned i, int x, int y, unsigned lane,
                       const float pos[4][4])
{
    const render_job *job = w->job;
    const pipe_reg *in = &job->fs->inputs[i];
    tgx_exec_word *const *dst = w->in[i];
    float v[4][4];
    if (in->sem == PIPE_SEM_POSITION) {
        put4(dst, lane, pos);
        return;
    }
    if (in->sem == PIPE_SEM_FACE) { /* TGSI: (F, 0, 0, 1), F > 0 front, < 0 back */
        float f = t->r.back_facing ? -1.0f : 1.0f;
        for (unsigned l = 0; l < 4; l++)
            v[0][l] = f, v[1][l] = 0.0f, v[2][l] = 0.0f, v[3][l] = 1.0f;
        put4(dst, lane, (const float(*)[4])v);
        return;
    }
    for (unsigned c = 0; c < 4; c++) {
        if (!dst[c])
            continue;
        if (in->interp == PIPE_INTERP_CONSTANT) {
            for (unsigned l = 0; l < 4; l++)
                dst[c][lane + l].u = t->flat[i * 4 + c];
            continue;
        }
        float q[4], w4[4];
        tgx_raster_eval_quad(&t->coef[i * 4 + c], x, y, q);
        /* the mode tested once, and the four lanes' divisions on local arrays that nothing else
         * can alias, so that gcc -O2 makes them one vector division (written into dst they were
         * four scalar ones, half of worker_main's time for p3) */
        if (in->interp != PIPE_INTERP_LINEAR) {
            memcpy(w4, pos[3], sizeof w4);
            for (unsigned l = 0; l < 4; l++)
                q[l] = q[l] / w4[l];
        }
        memcpy(&dst[c][lane], q, sizeof q);
    }
}

static void fill_sysvals(worker *w, const tri_data *t, unsigned lane, unsigned mask,
                         const float pos[4][4])
{
    const pipe_shader_info *fs = w->job->fs;
    for (unsigned i = 0; i < fs->nsysvals; i++) {
        tgx_exec_word *const *dst = w->sv[i];
        for (unsigned c = 0; c < 4; c++) {
            if (!dst[c])
                continue;
            for (unsigned l = 0; l < 4; l++) {
                tgx_exec_word *o = &dst[c][lane + l];
                bool covered = (mask >> l) & 1;
                switch (fs->sysvals[i].sem) {
                case PIPE_SEM_POSITION: o->f = pos[c][l]; break;
                case PIPE_SEM_FACE:
                    o->f = c == 0 ? (t->r.back_facing ? -1.0f : 1.0f) : (c == 3 ? 1.0f : 0.0f);
                    break;
                case PIPE_SEM_SAMPLEMASK: /* one sample, covered */
                    o->u = c == 0 && covered ? 1u : 0u;
                    break;
                case PIPE_SEM_SAMPLEPOS: /* the pixel centre of a single-sample target */
                    o->f = c < 2 ? 0.5f : 0.0f;
                    break;
                case PIPE_SEM_HELPER_INVOCATION: o->u = covered ? 0u : ~0u; break;
                default: /* SAMPLEID 0: single-sampled targets */ o->u = 0; break;
                }
            }
        }
    }
}

/* ---- fragment shader runs ---- */

/* The covered, not killed lanes' COLOR outputs into their pixels of each bound target. */
/* Every pixel of quad q is written, and all of it lies inside the target. */
static bool whole_quad(const worker *w, unsigned q, const tgx_exec_word *const o[4],
                       const tgx_pipe_target *tg)
{
    unsigned lane = q * 4;
    uint32_t on = w->active[lane] & w->active[lane + 1] & w->active[lane + 2] & w->active[lane + 3];
    uint32_t off =
        w->killed[lane] | w->killed[lane + 1] | w->killed[lane + 2] | w->killed[lane + 3];
    return on && !off && o[0] && o[1] && o[2] && o[3] && w->qx[q] >= 0 && w->qy[q] >= 0 &&
           (uint32_t)w->qx[q] + 1 < tg->width && (uint32_t)w->qy[q] + 1 < tg->height;
}

/* The quad's four pixels (lanes lane..lane+3) as two rows of two RGBA texels, word by word:
 * gathered into a local array first, the 16-byte loads of it waited for its 4-byte stores. */
static void write_quad(tgx_pipe_target *tg, int x, int y, const tgx_exec_word *const o[4],
                       unsigned lane)
{
    uint32_t *row = &tg->words[((size_t)y * tg->width + (size_t)x) * 4];
    uint32_t *below = row + (size_t)tg->width * 4;
    for (unsigned c = 0; c < 4; c++) {
        row[c] = o[c][lane].u;
        row[4 + c] = o[c][lane + 1].u;
        below[c] = o[c][lane + 2].u;
        below[4 + c] = o[c][lane + 3].u;
    }
}

static void write_colors(worker *w, unsigned nquads)
{
    const render_job *job = w->job;
    for (unsigned k = 0; k < TGX_PIPE_MAX_TARGETS; k++) {
        tgx_pipe_target *tg = job->draw->targets[k];
        if (!tg || !job->color_out[k])
            continue;
        const tgx_exec_word *o[4];
        for (unsigned c = 0; c < 4; c++)
            o[c] = tgx_exec_output(w->m, job->color_out[k]->reg, c);
        for (unsigned q = 0; q < nquads; q++) {
            if (whole_quad(w, q, o, tg)) {
                write_quad(tg, w->qx[q], w->qy[q], o, q * 4);
                continue;
            }
            for (unsigned l = 0; l < 4; l++) {
                unsigned lane = q * 4 + l;
                if (!w->active[lane] || w->killed[lane])
                    continue;
                int x = w->qx[q] + (int)(l & 1), y = w->qy[q] + (int)(l >> 1);
                uint32_t *px = &tg->words[((size_t)y * tg->width + (size_t)x) * 4];
                for (unsigned c = 0; c < 4; c++)
                    px[c] = o[c] ? o[c][lane].u : 0;
            }
        }
    }
}

static tgx_status flush(worker *w, unsigned *nquads)
{
    if (*nquads == 0)
        return TGX_OK;
    tgx_status st = tgx_exec_run_fragment(w->m, *nquads * 4, w->active, w->killed, &w->diag);
    if (st == TGX_OK)
        write_colors(w, *nquads);
    *nquads = 0;
    return st;
}

static tgx_status add_quad(worker *w, const tri_data *t, int x, int y, unsigned mask,
                           unsigned *nquads)
{
    const render_job *job = w->job;
    unsigned q = *nquads, lane = q * 4;
    float pos[4][4];
    fragcoord(job, t, x, y, pos);
    for (unsigned i = 0; i < job->fs->ninputs; i++)
        fill_input(w, t, i, x, y, lane, (const float(*)[4])pos);
    fill_sysvals(w, t, lane, mask, (const float(*)[4])pos);
    for (unsigned l = 0; l < 4; l++)
        w->active[lane + l] = (mask >> l) & 1 ? 0xffffffffu : 0u;
    w->qx[q] = x, w->qy[q] = y;
    *nquads = q + 1;
    return *nquads == FS_QUADS ? flush(w, nquads) : TGX_OK;
}

/* Pixels of the quad inside the framebuffer (lanes outside run as helpers). */
static unsigned inside_mask(const render_job *job, int x, int y)
{
    unsigned m = 0;
    for (unsigned l = 0; l < 4; l++)
        if (x + (int)(l & 1) < job->fb_w && y + (int)(l >> 1) < job->fb_h)
            m |= 1u << l;
    return m;
}

static tgx_status render_tile(worker *w, int tile)
{
    const render_job *job = w->job;
    int tx0 = (tile % job->tiles_x) * TILE, ty0 = (tile / job->tiles_x) * TILE;
    int tx1 = tx0 + TILE - 1, ty1 = ty0 + TILE - 1;
    /* the tile's pixels inside the framebuffer */
    int cx1 = tx1 < job->fb_w ? tx1 : job->fb_w - 1, cy1 = ty1 < job->fb_h ? ty1 : job->fb_h - 1;
    unsigned nquads = 0;
    tgx_status st = TGX_OK;
    for (size_t k = 0; k < job->ntris && st == TGX_OK; k++) {
        const tri_data *t = &job->tris[k];
        int x0 = t->r.xmin > tx0 ? t->r.xmin : tx0, x1 = t->r.xmax < tx1 ? t->r.xmax : tx1;
        int y0 = t->r.ymin > ty0 ? t->r.ymin : ty0, y1 = t->r.ymax < ty1 ? t->r.ymax : ty1;
        if (x0 > x1 || y0 > y1) /* its bounding box misses the tile */
            continue;
        /* a triangle over the whole tile needs no per-pixel coverage test, one outside it none */
        tgx_raster_rect cover = tgx_raster_rect_coverage(&t->r, tx0, ty0, cx1, cy1);
        if (cover == TGX_RASTER_RECT_NONE)
            continue;
        bool whole = cover == TGX_RASTER_RECT_ALL;
        for (int y = y0 & ~1; y <= y1 && st == TGX_OK; y += 2)
            for (int x = x0 & ~1; x <= x1 && st == TGX_OK; x += 2) {
                unsigned mask = inside_mask(job, x, y);
                if (!whole)
                    mask &= tgx_raster_quad_mask(&t->r, x, y);
                if (mask)
                    st = add_quad(w, t, x, y, mask, &nquads);
            }
    }
    if (st == TGX_OK)
        st = flush(w, &nquads);
    return st;
}

/* The tiles of span (left to right, tile numbers ascending); false after a failure, which is
 * kept in w. */
static bool render_span(worker *w, int span)
{
    const render_job *job = w->job;
    int row = span / job->spans_x, first = (span % job->spans_x) * job->span_tiles;
    int end = first + job->span_tiles < job->tiles_x ? first + job->span_tiles : job->tiles_x;
    for (int x = first; x < end; x++) {
        int tile = row * job->tiles_x + x;
        tgx_status st = render_tile(w, tile);
        if (st < 0) {
            w->st = st;
            w->failed_tile = tile;
            return false;
        }
    }
    return true;
}

/* Threads take spans in order and stop at their first failure, so a tile is rendered unless a
 * lower one failed: the lowest failing tile is always found, whatever the thread count. */
static void *worker_main(void *arg)
{
    worker *w = arg;
    render_job *job = w->job;
    int nspans = job->spans_x * job->tiles_y;
    for (;;) {
        int span = atomic_fetch_add(&job->next_span, 1);
        if (span >= nspans || !render_span(w, span))
            break;
    }
    return NULL;
}

static tgx_status worker_init(worker *w, render_job *job, tgx_diag *d)
{
    const tgx_pipe_draw *draw = job->draw;
    memset(w, 0, sizeof *w);
    w->job = job;
    w->failed_tile = -1;
    tgx_status st = tgx_exec_machine_create(draw->fs->program, FS_QUADS * 4, &w->m, d);
    if (st == TGX_OK)
        st = pipe_setup_machine(w->m, draw->fs, draw->fs_bindings, job->st, d);
    if (st < 0)
        return st;
    for (unsigned i = 0; i < job->fs->ninputs; i++)
        for (unsigned c = 0; c < 4; c++)
            w->in[i][c] = tgx_exec_input(w->m, job->fs->inputs[i].reg, c);
    for (unsigned i = 0; i < job->fs->nsysvals; i++)
        for (unsigned c = 0; c < 4; c++)
            w->sv[i][c] = tgx_exec_sysval(w->m, job->fs->sysvals[i].reg, c);
    return TGX_OK;
}

static unsigned thread_count(const tgx_pipe_state *st, int ntiles)
{
    long n = st->threads;
    if (n <= 0) {
        n = sysconf(_SC_NPROCESSORS_ONLN);
        if (n > ntiles / DEFAULT_TILES_PER_THREAD)
            n = ntiles / DEFAULT_TILES_PER_THREAD;
    }
    if (n < 1)
        n = 1;
    if (n > MAX_THREADS)
        n = MAX_THREADS;
    if (n > ntiles)
        n = ntiles;
    return (unsigned)n;
}

/* How wide a thread's unit of work is: a whole row of tiles, or narrower where that would leave
 * fewer than SPANS_PER_THREAD units a thread (the last units to finish set the frame's time).
 * Tiles handed out one at a time put two threads on neighbouring tiles of a row, writing
 * neighbouring bytes of the target from two cores at once: that cost nearly twice the CPU time a
 * pixel with two threads (p1 at 1024x1024: 27 instead of 49 Mpixel per CPU second, the extra
 * in write_colors), where whole rows of tiles cost none (49; also two processes rendering at once,
 * or two threads on the two halves of the target). */
static void choose_spans(render_job *job, unsigned threads)
{
    int ntiles = job->tiles_x * job->tiles_y;
    int width = ntiles / (SPANS_PER_THREAD * (int)threads);
    job->span_tiles = width < 1 ? 1 : width > job->tiles_x ? job->tiles_x : width;
    job->spans_x = (job->tiles_x + job->span_tiles - 1) / job->span_tiles;
}

/* Runs the workers; the first failure in tile order is reported, whatever the thread count. */
static tgx_status run_workers(render_job *job, tgx_diag *d)
{
    int ntiles = job->tiles_x * job->tiles_y;
    unsigned n = thread_count(job->st, ntiles);
    choose_spans(job, n);
    worker *ws = aligned_alloc(64, n * sizeof *ws);
    if (ws)
        memset(ws, 0, n * sizeof *ws);
    tgx_status st = ws ? TGX_OK : tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    unsigned started = 0;
    for (unsigned i = 0; i < n && st == TGX_OK; i++) {
        st = worker_init(&ws[i], job, d);
        if (st == TGX_OK && i > 0 && pthread_create(&ws[i].thread, NULL, worker_main, &ws[i]))
            st = tgx_diag_set(d, TGX_ERR_LIMIT, NULL, 0, 0, "could not start a render thread");
        if (st == TGX_OK)
            started++;
        else
            tgx_exec_machine_destroy(ws[i].m);
    }
    if (started > 0)
        worker_main(&ws[0]); /* the calling thread is worker 0 */
    const worker *bad = NULL;
    for (unsigned i = 0; i < started; i++) {
        if (i > 0)
            pthread_join(ws[i].thread, NULL);
        if (ws[i].st < 0 && (!bad || ws[i].failed_tile < bad->failed_tile))
            bad = &ws[i];
    }
    if (st == TGX_OK && bad) {
        st = bad->st;
        if (d)
            *d = bad->diag;
    }
    for (unsigned i = 0; i < started; i++)
        tgx_exec_machine_destroy(ws[i].m);
    free(ws);
    return st;
}

static tgx_status check_draw(const tgx_pipe_draw *draw, tgx_diag *d)
{
    const tgx_pipe_target *t0 = draw->targets[0];
    if (!draw->vs || !draw->fs || draw->vs->info.stage != TGX_EXEC_VERTEX ||
        draw->fs->info.stage != TGX_EXEC_FRAGMENT)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "a draw needs a vertex shader (VERT) and a fragment shader (FRAG)");
    if (draw->gs && draw->gs->info.stage != TGX_EXEC_GEOMETRY)
        return tgx_diag_set(d, TGX_ERR_ARG, draw->gs->name, 0, 0,
                            "the draw's geometry shader is not a GEOM shader");
    if ((unsigned)draw->prim >= TGX_PIPE_PRIM_COUNT)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "unknown primitive mode %u",
                            (unsigned)draw->prim);
    if (!t0 || !t0->words || !t0->width || !t0->height || t0->width > 16384 || t0->height > 16384)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "render target 0 missing or too large");
    for (unsigned k = 1; k < TGX_PIPE_MAX_TARGETS; k++)
        if (draw->targets[k] &&
            (draw->targets[k]->width != t0->width || draw->targets[k]->height != t0->height))
            return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                                "render target %u differs in size from target 0", k);
    return TGX_OK;
}

tgx_status tgx_pipe_render(const tgx_pipe_draw *draw, const tgx_pipe_state *st, tgx_diag *d)
{
    tgx_status s = check_draw(draw, d);
    if (s < 0)
        return s;
    unsigned nout = tgx_exec_program_num_outputs(draw->vs->program);
    size_t words = (size_t)draw->vertex_count * (nout ? nout : 1) * 4;
    uint32_t *vout = calloc(words ? words : 1, sizeof *vout);
    if (!vout)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    render_job job;
    memset(&job, 0, sizeof job);
    job.draw = draw;
    job.st = st;
    job.fs = &draw->fs->info;
    job.fb_w = (int)draw->targets[0]->width;
    job.fb_h = (int)draw->targets[0]->height;
    job.tiles_x = (job.fb_w + TILE - 1) / TILE;
    job.tiles_y = (job.fb_h + TILE - 1) / TILE;
    atomic_init(&job.next_span, 0);
    for (unsigned k = 0; k < TGX_PIPE_MAX_TARGETS; k++)
        job.color_out[k] = pipe_find_output(job.fs, PIPE_SEM_COLOR, k);
    s = tgx_pipe_run_vertices(draw->vs, draw->attribs, draw->vertex_count, draw->vs_bindings, st,
                              vout, d);
    pipe_geometry g;
    memset(&g, 0, sizeof g);
    if (s == TGX_OK)
        s = draw->gs ? pipe_run_geometry(draw, st, vout, nout, &g, d)
                     : pipe_assemble(draw, st->flatshade_first, vout, nout, &g, d);
    if (s == TGX_OK)
        s = setup_all(&job, &g, d);
    if (s == TGX_OK && job.ntris > 0)
        s = run_workers(&job, d);
    for (size_t k = 0; k < job.ntris; k++) {
        free(job.tris[k].coef);
        free(job.tris[k].flat);
    }
    free(job.tris);
    pipe_geometry_free(&g);
    free(vout);
    return s;
}

void tgx_pipe_state_init(tgx_pipe_state *st, uint32_t width, uint32_t height)
{
    memset(st, 0, sizeof *st);
    st->viewport[2] = (float)width;
    st->viewport[3] = (float)height;
    st->depth_range[1] = 1.0f;
    st->half_pixel_center = true;
}
