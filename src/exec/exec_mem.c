/* exec_mem.c — resources and memory: LOAD, STORE, RESQ, the atomics; fragment interpolation at
 * other positions; subgroup votes over the lanes of a run; CLOCK.
 *
 * Byte-addressed memory (BUFFER, MEMORY, the RAW form of RES, LOAD from CONST) follows Mesa's
 * tgsi_exec: the address is src.x in bytes; a LOAD of k words (k = highest written channel + 1)
 * reads 0 unless all k words lie inside the memory; a STORE writes the channels of its write mask
 * that lie inside; an atomic works on the 32-bit word at the address (out of range: nothing is
 * written and the old value reads 0). Memory is written only by lanes that are executing,
 * covered by the primitive and not killed (helper lanes never write). Lanes are processed in
 * lane order, so the last lane wins when several store to one address. An indirect resource
 * index is taken per group of four lanes, as tgsi_exec does (per_unit below).
 *
 * The results of LOAD, RESQ and the atomics go through x_store, so _SAT clamps them as a float
 * like any other result: Mesa 22.3's tgsi_exec stores them with store_dest (exec_load_buf /
 * exec_load_img / exec_load_mem or exec_load_membuf, exec_atomop_*, exec_resq_img /
 * exec_resq_buf), whose saturate is fminf(fmaxf(x, 0), 1). The word an atomic writes to memory
 * is not clamped: the operation is done before store_dest.
 */
#include <math.h>
#include <string.h>

#include "exec/exec_alu.h"

#define RES(m, c) ((m)->res + (size_t)(c) * (m)->W)

typedef struct xmem {
    uint8_t *data;
    size_t size;
} xmem;

typedef void (*xunit_op)(xmach *m, const xinst *in, int64_t unit);

/* Runs op with the unit of resource operand r. Direct: once. Indirect: once per distinct unit
 * among the executing groups of four lanes (x_units_next; fetch_sampler_unit for sources,
 * fetch_store_img_unit for STORE destinations), with the execution mask narrowed to the lanes
 * of the groups that chose it (so results, stores and memory writes of other lanes are
 * untouched). */
static void per_unit(xmach *m, const xinst *in, const xreg *r, xunit_op op)
{
    if (!r->indirect) {
        op(m, in, r->index);
        return;
    }
    uint32_t *exec = m->exec;
    bool all = m->all;
    xunits_walk w;
    memset(&w, 0, sizeof w);
    int64_t u[2];
    while (x_units_next(m, r, r, &w, u)) {
        m->exec = m->unit_lanes;
        m->all = false;
        op(m, in, u[0]);
        m->exec = exec;
        m->all = all;
        if (m->err != TGX_OK)
            return;
    }
}

static bool byte_memory(xmach *m, const xreg *r, int64_t u, xmem *out)
{
    out->data = NULL;
    out->size = 0;
    switch (r->file) {
    case XF_MEMORY:
        /* one shared memory per workgroup, whatever MEMORY[n] names (Mesa declares MEMORY[1]
         * and accesses MEMORY[0]; softpipe has a single LocalMem) */
        out->data = m->shared;
        out->size = m->shared_size;
        return true;
    case XF_BUFFER:
        if (u >= 0 && u < XUNITS) {
            out->data = m->buffer[u].data;
            out->size = m->buffer[u].size;
        }
        return true;
    case XF_RES:
        if (u >= 0 && u < XUNITS && m->p->res[u].raw) {
            out->data = m->rawres[u].data;
            out->size = m->rawres[u].size;
            return true;
        }
        return false;
    case XF_CONST:
        if (u >= 0 && u < XUNITS && m->cbuf[u]) {
            out->data = (uint8_t *)(uintptr_t)m->cbuf[u]; /* read only: LOAD never writes */
            out->size = m->cbuf_words[u] * 4;
        }
        return true;
    default: return false;
    }
}

static unsigned last_bit(unsigned wmask)
{
    unsigned k = 0;
    while (wmask >> k)
        k++;
    return k;
}

/* Memory write mask: executing, covered, not killed. */
static const uint32_t *write_lanes(xmach *m)
{
    uint32_t *t = (uint32_t *)m->tmp;
    for (unsigned i = 0; i < m->n; i++)
        t[i] = m->exec[i] & m->live[i];
    return t;
}

/* ---- images (IMAGE[] and typed RES[]) ------------------------------------------------------ */

typedef struct ximg {
    tgx_tex *tex;
    tgx_tex_view view;
    uint32_t level;
    uint8_t target;
} ximg;

static bool image_of(xmach *m, const xreg *r, int64_t u, ximg *img)
{
    if (u < 0 || u >= XUNITS || !m->image[u])
        return false;
    img->tex = m->image[u];
    img->level = m->image_level[u];
    tgx_tex_view_init(&img->view, img->tex);
    img->view.base_level = img->level;
    img->view.max_level = img->level;
    const xdecl_image *decl = r->file == XF_IMAGE ? &m->p->image[u] : &m->p->res[u];
    img->target = decl->target;
    img->view.target = (tgx_tex_target)decl->target;
    return true;
}

/* Coordinates of an image access from src channel x, y, z (w: MS sample), as many as the
 * target's texel fetch takes. */
static void image_coords(xmach *m, const xinst *in, unsigned s, unsigned target, const xword **x,
                         const xword **y, const xword **z, const xword **smp)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get((tgx_tex_target)target);
    const unsigned n = ti ? ti->fetch : 1;
    const xword **xyz[3] = {x, y, z};
    for (unsigned a = 0; a < 3; a++)
        *xyz[a] = a < n ? x_fetch(m, in, s, a) : NULL;
    *smp = ti && ti->multisample ? x_fetch(m, in, s, 3) : NULL;
}

static void image_load(xmach *m, const xinst *in, int64_t u)
{
    ximg img;
    unsigned n = m->n;
    if (!image_of(m, &in->src[0], u, &img)) {
        for (unsigned c = 0; c < 4; c++)
            memset(RES(m, c), 0, sizeof(xword) * n);
    } else {
        const xword *x, *y, *z, *smp;
        image_coords(m, in, 1, img.target, &x, &y, &z, &smp);
        tgx_tex_fetch_req req;
        memset(&req, 0, sizeof(req));
        req.lanes = n;
        req.active = m->exec;
        req.x = &x->i;
        req.y = y ? &y->i : NULL;
        req.z = z ? &z->i : NULL;
        req.sample = smp ? &smp->i : NULL;
        tgx_tex_result out = {{&RES(m, 0)->u, &RES(m, 1)->u, &RES(m, 2)->u, &RES(m, 3)->u}};
        for (unsigned c = 0; c < 4; c++)
            memset(RES(m, c), 0, sizeof(xword) * n);
        tgx_diag d;
        tgx_status st = tgx_tex_fetch(&img.view, NULL, &req, out, &d);
        if (st != TGX_OK) {
            x_fail(m, in, st, "image load: %s", d.message);
            return;
        }
    }
    for (unsigned c = 0; c < 4; c++)
        if (in->wmask & (1u << c))
            x_store(m, in, 0, c, RES(m, c));
}

static bool image_texel(const ximg *img, const xword *x, const xword *y, const xword *z,
                        const xword *smp, unsigned i, uint32_t *tx, uint32_t *ty, uint32_t *slice,
                        uint32_t *sample)
{
    *tx = x[i].u;
    *ty = y ? y[i].u : 0;
    *slice = 0;
    *sample = smp ? smp[i].u : 0;
    const tgx_tex_target_info *ti = tgx_tex_target_get((tgx_tex_target)img->target);
    if (ti && ti->dims == 1 && ti->layered) { /* a 1D array's layer is y */
        *slice = *ty;
        *ty = 0;
    } else if (z) {
        *slice = z[i].u;
    }
    return true;
}

static void image_store(xmach *m, const xinst *in, int64_t u)
{
    ximg img;
    if (!image_of(m, &in->dst[0], u, &img))
        return;
    const xword *x, *y, *z, *smp, *v[4];
    image_coords(m, in, 0, img.target, &x, &y, &z, &smp);
    for (unsigned c = 0; c < 4; c++)
        v[c] = x_fetch(m, in, 1, c);
    const uint32_t *lanes = write_lanes(m);
    for (unsigned i = 0; i < m->n; i++) {
        if (!lanes[i])
            continue;
        uint32_t tx, ty, sl, sm, val[4] = {v[0][i].u, v[1][i].u, v[2][i].u, v[3][i].u};
        image_texel(&img, x, y, z, smp, i, &tx, &ty, &sl, &sm);
        tgx_tex_store_texel(img.tex, img.level, tx, ty, sl, sm, val); /* outside: ignored */
    }
}

/* ---- LOAD / STORE --------------------------------------------------------------------------- */

static void load_unit(xmach *m, const xinst *in, int64_t u)
{
    xmem mem;
    const xreg *r = &in->src[0];
    if (r->file == XF_IMAGE || !byte_memory(m, r, u, &mem)) {
        image_load(m, in, u);
        return;
    }
    unsigned n = m->n, words = last_bit(in->wmask);
    size_t bytes = (size_t)words * 4;
    const xword *off = x_fetch(m, in, 1, 0);
    for (unsigned c = 0; c < 4; c++)
        memset(RES(m, c), 0, sizeof(xword) * n);
    for (unsigned i = 0; i < n; i++) {
        size_t o = off[i].u;
        if (!mem.data || mem.size < bytes || o > mem.size - bytes)
            continue;
        for (unsigned c = 0; c < words; c++)
            memcpy(&RES(m, c)[i].u, mem.data + o + 4 * c, 4);
    }
    for (unsigned c = 0; c < 4; c++)
        if (in->wmask & (1u << c))
            x_store(m, in, 0, c, RES(m, c));
}

void x_op_load(xmach *m, const xinst *in)
{
    if (in->src[0].file == XF_SVIEW) {
        x_op_load_sview(m, in);
        return;
    }
    per_unit(m, in, &in->src[0], load_unit);
}

static void store_unit(xmach *m, const xinst *in, int64_t u)
{
    xmem mem;
    const xreg *r = &in->dst[0];
    if (r->file == XF_IMAGE || !byte_memory(m, r, u, &mem) || r->file == XF_CONST) {
        if (r->file != XF_CONST)
            image_store(m, in, u);
        return;
    }
    const xword *off = x_fetch(m, in, 0, 0), *v[4];
    for (unsigned c = 0; c < 4; c++)
        v[c] = x_fetch(m, in, 1, c);
    const uint32_t *lanes = write_lanes(m);
    for (unsigned i = 0; i < m->n; i++) {
        size_t o = off[i].u;
        if (!lanes[i] || !mem.data || o > mem.size)
            continue;
        size_t avail = (mem.size - o) / 4;
        for (unsigned c = 0; c < 4 && c < avail; c++)
            if (in->wmask & (1u << c))
                memcpy(mem.data + o + 4 * c, &v[c][i].u, 4);
    }
}

void x_op_store(xmach *m, const xinst *in)
{
    per_unit(m, in, &in->dst[0], store_unit);
}

/* RESQ: buffers give their size in bytes; images (w, h, depth or layers, levels). */
static void resq_unit(xmach *m, const xinst *in, int64_t u)
{
    xmem mem;
    const xreg *r = &in->src[0];
    unsigned n = m->n;
    uint32_t q[4] = {0, 0, 0, 0};
    ximg img;
    if (r->file != XF_IMAGE && byte_memory(m, r, u, &mem)) {
        q[0] = mem.size > UINT32_MAX ? UINT32_MAX : (uint32_t)mem.size;
    } else if (image_of(m, r, u, &img)) {
        tgx_tex_query_size(&img.view, 0, q);
    }
    for (unsigned c = 0; c < 4; c++) {
        for (unsigned i = 0; i < n; i++)
            RES(m, c)[i].u = q[c];
        if (in->wmask & (1u << c))
            x_store(m, in, 0, c, RES(m, c));
    }
}

void x_op_resq(xmach *m, const xinst *in)
{
    per_unit(m, in, &in->src[0], resq_unit);
}

/* ---- atomics -------------------------------------------------------------------------------- */

static uint32_t atom_op(unsigned op, uint32_t old, uint32_t a, uint32_t b)
{
    int32_t so, sa;
    memcpy(&so, &old, 4);
    memcpy(&sa, &a, 4);
    switch (op) {
    case TGX_TGSI_OP_ATOMUADD: return old + a;
    case TGX_TGSI_OP_ATOMUMIN: return old < a ? old : a;
    case TGX_TGSI_OP_ATOMUMAX: return old > a ? old : a;
    case TGX_TGSI_OP_ATOMIMIN: return so < sa ? old : a;
    case TGX_TGSI_OP_ATOMIMAX: return so > sa ? old : a;
    case TGX_TGSI_OP_ATOMINC_WRAP: return old >= a ? 0u : old + 1u; /* GL atomicIncWrap */
    case TGX_TGSI_OP_ATOMDEC_WRAP: return (old == 0 || old > a) ? a : old - 1u;
    case TGX_TGSI_OP_ATOMXCHG: return a;
    case TGX_TGSI_OP_ATOMXOR: return old ^ a;
    case TGX_TGSI_OP_ATOMCAS: return old == a ? b : old;
    case TGX_TGSI_OP_ATOMAND: return old & a;
    case TGX_TGSI_OP_ATOMOR: return old | a;
    case TGX_TGSI_OP_ATOMFADD: return tgx_f2bits(tgx_bits2f(old) + tgx_bits2f(a));
    default: return old;
    }
}

static uint32_t *atom_word(xmem *mem, ximg *img, bool is_img, const xword *const *coord, unsigned i)
{
    if (!is_img) {
        size_t o = coord[0][i].u;
        if (!mem->data || mem->size < 4 || o > mem->size - 4)
            return NULL;
        return (uint32_t *)(void *)(mem->data + o);
    }
    uint32_t tx, ty, sl, sm;
    image_texel(img, coord[0], coord[1], coord[2], coord[3], i, &tx, &ty, &sl, &sm);
    return tgx_tex_texel_ptr(img->tex, img->level, tx, ty, sl, sm);
}

static void atom_unit(xmach *m, const xinst *in, int64_t u)
{
    xmem mem = {0, 0};
    ximg img;
    const xreg *r = &in->src[0];
    bool is_img = r->file == XF_IMAGE || !byte_memory(m, r, u, &mem);
    bool have = true;
    const xword *coord[4] = {0, 0, 0, 0};
    if (is_img) {
        have = image_of(m, r, u, &img);
        if (have)
            image_coords(m, in, 1, img.target, &coord[0], &coord[1], &coord[2], &coord[3]);
    } else {
        coord[0] = x_fetch(m, in, 1, 0);
    }
    const xword *a = x_fetch(m, in, 2, 0);
    const xword *b = in->nsrc > 3 ? x_fetch(m, in, 3, 0) : a;
    const uint32_t *lanes = write_lanes(m);
    xword *old = RES(m, 0);
    for (unsigned i = 0; i < m->n; i++) {
        old[i].u = 0;
        if (!lanes[i] || !have)
            continue;
        uint32_t *w = atom_word(&mem, &img, is_img, coord, i);
        if (!w)
            continue;
        uint32_t v;
        memcpy(&v, w, 4);
        old[i].u = v;
        uint32_t nv = atom_op(in->op, v, a[i].u, b[i].u);
        memcpy(w, &nv, 4);
    }
    for (unsigned c = 0; c < 4; c++) /* x_store clamps old in place: clamping twice is a no-op */
        if (in->wmask & (1u << c))
            x_store(m, in, 0, c, old);
}

void x_op_atom(xmach *m, const xinst *in)
{
    per_unit(m, in, &in->src[0], atom_unit);
}

/* ---- interpolation at centroid / sample / offset ---------------------------------------------
 * The machine holds interpolated values, not plane equations. With one sample per pixel the
 * centroid and sample 0 are the pixel centre (tgsi_exec does the same); an offset moves along
 * the quad's fine derivatives, exact for attributes linear in screen space. */

static void interp_copy(xmach *m, const xinst *in, bool offset)
{
    unsigned n = m->n;
    const xword *ox = offset ? x_fetch(m, in, 1, 0) : NULL;
    const xword *oy = offset ? x_fetch(m, in, 1, 1) : NULL;
    for (unsigned c = 0; c < 4; c++) {
        if (!(in->wmask & (1u << c)))
            continue;
        const xword *v = x_fetch(m, in, 0, c);
        xword *r = RES(m, c);
        if (!offset) {
            memcpy(r, v, sizeof(xword) * n);
        } else {
            for (unsigned q = 0; q + 3 < n; q += 4) {
                float dx0 = v[q + 1].f - v[q].f, dx1 = v[q + 3].f - v[q + 2].f;
                float dy0 = v[q + 2].f - v[q].f, dy1 = v[q + 3].f - v[q + 1].f;
                float dx[4] = {dx0, dx0, dx1, dx1}, dy[4] = {dy0, dy1, dy0, dy1};
                for (unsigned k = 0; k < 4; k++)
                    r[q + k].f = v[q + k].f + ox[q + k].f * dx[k] + oy[q + k].f * dy[k];
            }
        }
    }
    for (unsigned c = 0; c < 4; c++)
        if (in->wmask & (1u << c))
            x_store(m, in, 0, c, RES(m, c));
}

void x_op_interp_centroid(xmach *m, const xinst *in)
{
    interp_copy(m, in, false);
}

void x_op_interp_sample(xmach *m, const xinst *in)
{
    interp_copy(m, in, false);
}

void x_op_interp_offset(xmach *m, const xinst *in)
{
    interp_copy(m, in, true);
}

/* ---- subgroup operations: the executing lanes of one run form the subgroup ------------------ */

static void replicate_u(xmach *m, const xinst *in, const uint32_t v[4])
{
    for (unsigned c = 0; c < 4; c++) {
        xword *r = RES(m, c);
        for (unsigned i = 0; i < m->n; i++)
            r[i].u = v[c];
        if (in->wmask & (1u << c))
            x_store_raw(m, in, 0, c, r);
    }
}

/* VOTE_ANY, VOTE_ALL, VOTE_EQ over the executing lanes, replicated. */
void x_op_vote(xmach *m, const xinst *in)
{
    const xword *a = x_fetch(m, in, 0, 0);
    bool any = false, all = true, eq = true, first = true;
    uint32_t v0 = 0;
    for (unsigned i = 0; i < m->n; i++) {
        if (!m->exec[i])
            continue;
        any |= a[i].u != 0;
        all &= a[i].u != 0;
        if (first)
            v0 = a[i].u;
        eq &= a[i].u == v0;
        first = false;
    }
    bool r = in->op == TGX_TGSI_OP_VOTE_ANY ? any : in->op == TGX_TGSI_OP_VOTE_ALL ? all : eq;
    uint32_t v = r ? 0xffffffffu : 0u;
    uint32_t q[4] = {v, v, v, v};
    replicate_u(m, in, q);
}

/* BALLOT: bit i of dst.xy (lo, hi) is lane i (lanes 0..63) executing with src0.x != 0. */
void x_op_ballot(xmach *m, const xinst *in)
{
    const xword *a = x_fetch(m, in, 0, 0);
    uint64_t bits = 0;
    for (unsigned i = 0; i < m->n && i < 64; i++)
        if (m->exec[i] && a[i].u)
            bits |= 1ull << i;
    uint32_t q[4] = {(uint32_t)bits, (uint32_t)(bits >> 32), (uint32_t)bits,
                     (uint32_t)(bits >> 32)};
    replicate_u(m, in, q);
}

static void read_lane(xmach *m, const xinst *in, int64_t lane)
{
    uint32_t q[4] = {0, 0, 0, 0};
    for (unsigned c = 0; c < 4; c++) {
        const xword *a = x_fetch(m, in, 0, c);
        if (lane >= 0 && lane < (int64_t)m->n)
            q[c] = a[lane].u;
    }
    replicate_u(m, in, q);
}

static int64_t first_lane(const xmach *m)
{
    for (unsigned i = 0; i < m->n; i++)
        if (m->exec[i])
            return i;
    return -1;
}

void x_op_read_first(xmach *m, const xinst *in)
{
    read_lane(m, in, first_lane(m));
}

void x_op_read_invoc(xmach *m, const xinst *in)
{
    const xword *l = x_fetch(m, in, 1, 0);
    int64_t f = first_lane(m);
    read_lane(m, in, f >= 0 ? (int64_t)l[f].u : -1);
}

/* READ_HELPER: ~0 in lanes that are helpers (not covered, killed or demoted). */
void x_op_read_helper(xmach *m, const xinst *in)
{
    for (unsigned c = 0; c < 4; c++) {
        xword *r = RES(m, c);
        for (unsigned i = 0; i < m->n; i++)
            r[i].u = ~m->live[i];
        if (in->wmask & (1u << c))
            x_store_raw(m, in, 0, c, r);
    }
}

/* CLOCK: a deterministic clock, the number of instructions this run has executed. */
void x_op_clock(xmach *m, const xinst *in)
{
    uint32_t q[4] = {(uint32_t)m->executed, (uint32_t)(m->executed >> 32), 0, 0};
    replicate_u(m, in, q);
}
