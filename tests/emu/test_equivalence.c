/* Equivalence: a Maxwell texture instruction run by the emulator returns the same bits as the
 * texture unit called directly with the matching request.
 *
 * Generated cases (fixed seeds) cover every texture target and every format of the unit, random
 * sampler states in both precision profiles (filters, mip filters, wraps, comparison, LOD
 * ranges and bias, anisotropy, border colours), every LOD mode (implicit from random quads, .LZ,
 * .LB, .LL, .LBA, .LLA, gradients, quads off), .DC, .AOFFI, .PTP, gathers of each component,
 * TLD/TLDS fetches (levels, samples, offsets, .CL), TMML, the .B forms with per-thread handles,
 * TEXS/TLDS encodings, random active masks. For each case the test places the parameters in the
 * registers by its own statement of the packing (docs/sm5-emu.md, "Operand layout"), encodes
 * the instruction to a word, runs the word, and compares R0..R3 of every executing thread with
 * what tgx_tex_sample / _gather / _fetch / _query_lod / _query_aniso return for the request the
 * docs say the instruction makes. Threads that do not execute must keep their registers.
 *
 * TGX_EQUIV_CASES (default 5 per target and format) and TGX_EQUIV_SEED change the run. */
#include <stdlib.h>

#include "emu_harness.h"

/* ---- random numbers (xorshift64*, fixed seed) ----------------------------------------------- */

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (uint32_t)((rng_state * 0x2545f4914f6cdd1dull) >> 32);
}

static uint32_t rnd_below(uint32_t n)
{
    return n ? rnd() % n : 0;
}

static float rnd_range(float lo, float hi)
{
    return lo + (hi - lo) * (float)(rnd() >> 8) / 16777216.0f;
}

/* ---- textures ----------------------------------------------------------------------------------
 */

typedef struct shape {
    tgx_tex_target target;
    uint32_t w, h, d, levels, samples;
} shape;

static const shape shapes[] = {
    {TGX_TEX_1D, 8, 1, 1, 4, 1},          {TGX_TEX_2D, 8, 4, 1, 4, 1},
    {TGX_TEX_3D, 4, 4, 4, 3, 1},          {TGX_TEX_CUBE, 4, 4, 6, 3, 1},
    {TGX_TEX_RECT, 8, 4, 1, 1, 1},        {TGX_TEX_1D_ARRAY, 8, 1, 3, 4, 1},
    {TGX_TEX_2D_ARRAY, 8, 4, 3, 4, 1},    {TGX_TEX_CUBE_ARRAY, 4, 4, 12, 3, 1},
    {TGX_TEX_BUFFER, 16, 1, 1, 1, 1},     {TGX_TEX_2D_MS, 4, 4, 1, 1, 4},
    {TGX_TEX_2D_ARRAY_MS, 4, 4, 2, 1, 2},
};
#define NSHAPES (sizeof shapes / sizeof shapes[0])

/* A texture of the shape and format with random bits in every texel (NULL if the unit does not
 * make that combination). */
static tgx_tex *random_tex(const shape *sh, tgx_tex_format f)
{
    tgx_tex_desc desc = {sh->target, f, sh->w, sh->h, sh->d, sh->levels, sh->samples};
    tgx_tex *tex = NULL;
    if (tgx_tex_create(&desc, &tex, NULL) < 0)
        return NULL;
    for (uint32_t L = 0; L < sh->levels; L++) {
        uint32_t w, h, n;
        tgx_tex_level_size(tex, L, &w, &h, &n);
        for (uint32_t z = 0; z < n; z++)
            for (uint32_t y = 0; y < h; y++)
                for (uint32_t x = 0; x < w; x++)
                    for (uint32_t s = 0; s < sh->samples; s++) {
                        uint32_t bits[4] = {rnd(), rnd(), rnd(), rnd()};
                        tgx_tex_store_texel_bits(tex, L, x, y, z, s, bits);
                    }
    }
    return tex;
}

static tgx_sampler random_sampler(void)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    s.wrap_s = (tgx_tex_wrap)rnd_below(TGX_TEX_WRAP_COUNT);
    s.wrap_t = (tgx_tex_wrap)rnd_below(TGX_TEX_WRAP_COUNT);
    s.wrap_r = (tgx_tex_wrap)rnd_below(TGX_TEX_WRAP_COUNT);
    s.min_filter = (tgx_tex_filter)rnd_below(2);
    s.mag_filter = (tgx_tex_filter)rnd_below(2);
    s.mip_filter = (tgx_tex_mip_filter)rnd_below(3);
    s.max_anisotropy = rnd_below(4) ? 1 : 1 + rnd_below(16);
    s.lod_bias = rnd_below(3) ? 0.0f : rnd_range(-2, 2);
    s.min_lod = rnd_below(3) ? -1000.0f : rnd_range(-1, 2);
    s.max_lod = rnd_below(3) ? 1000.0f : rnd_range(0, 4);
    s.compare_enable = rnd_below(2);
    s.compare_func = (tgx_tex_compare)rnd_below(8);
    for (unsigned k = 0; k < 4; k++) {
        s.border_color[k] = rnd_range(-0.5f, 1.5f);
        s.border_color_int[k] = rnd();
    }
    s.seamless_cube = rnd_below(2);
    s.profile = rnd_below(2) ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
    s.lod_rule = rnd_below(4) ? TGX_TEX_LOD_GL : TGX_TEX_LOD_SOFTPIPE;
    return s;
}

/* ---- the parameters of one case, and the registers they go to ----------------------------------
 */

enum { RA = 8, RB = 12, NT = 32 };

typedef struct params {
    float s[NT], t[NT], r[NT], lod[NT], dc[NT], grad[6][NT];
    uint32_t array[NT], ms[NT], off[NT], ptp[2][NT], handle[NT];
    int32_t is[NT], it[NT], ir[NT]; /* integer coordinates of fetches */
    uint32_t ilod[NT];
    uint32_t lc[NT]; /* .LC minimum LOD: U8.8 (TEX) / U4.8 (TXD) */
} params;

typedef enum pk {
    P_S,
    P_T,
    P_R,
    P_ARRAY,
    P_LOD,
    P_DC,
    P_OFF,
    P_MS,
    P_HANDLE,
    P_PTP0,
    P_PTP1,
    P_G0,
    P_G1,
    P_G2,
    P_G3,
    P_G4,
    P_G5,
    P_TXD_EXTRA,
    P_ILOD,
    P_IS,
    P_IT,
    P_IR,
    P_ARRAY_LC
} pk;

static bool g_lc; /* the case has .LC */

static uint32_t value_of(const params *p, pk k, unsigned t)
{
    switch (k) {
    case P_S: return tgx_f2bits(p->s[t]);
    case P_T: return tgx_f2bits(p->t[t]);
    case P_R: return tgx_f2bits(p->r[t]);
    case P_ARRAY: return p->array[t];
    case P_LOD: return tgx_f2bits(p->lod[t]);
    case P_DC: return tgx_f2bits(p->dc[t]);
    case P_OFF: return p->off[t];
    case P_MS: return p->ms[t];
    case P_HANDLE: return p->handle[t];
    case P_PTP0: return p->ptp[0][t];
    case P_PTP1: return p->ptp[1][t];
    case P_ARRAY_LC: return (p->array[t] & 0xffffu) | p->lc[t] << 16;
    case P_TXD_EXTRA: /* .LC: array 11..0, offsets from 12, clamp U4.8 in 31..20 */
        return g_lc ? (p->array[t] & 0xfffu) | (p->off[t] & 0xffu) << 12 | (p->lc[t] & 0xfffu) << 20
                    : (p->array[t] & 0xffffu) | (p->off[t] & 0xfffu) << 16;
    case P_ILOD: return p->ilod[t];
    case P_IS: return (uint32_t)p->is[t];
    case P_IT: return (uint32_t)p->it[t];
    case P_IR: return (uint32_t)p->ir[t];
    default: return tgx_f2bits(p->grad[k - P_G0][t]);
    }
}

typedef struct placement {
    pk a[4], b[6];
    unsigned na, nb;
} placement;

static void put_a(placement *pl, pk k)
{
    pl->a[pl->na++] = k;
}
static void put_b(placement *pl, pk k)
{
    pl->b[pl->nb++] = k;
}

/* ---- cases ----------------------------------------------------------------------------------- */

typedef enum kind { K_TEX, K_TEXS, K_TXD, K_TLD4, K_TLD4S, K_TMML, K_TLD, K_TLDS } kind;

typedef struct gen {
    const shape *sh;
    tgx_tex_format fmt;
    tgx_tex *tex;
    tgx_tex_view view;
    tgx_sampler samp;
    tgx_sm5_insn in;
    placement pl;
    kind k;
    bool bindless, quads;
    uint32_t active;
    params p;
} gen;

static unsigned sm5_target_of(tgx_tex_target t)
{
    switch (t) {
    case TGX_TEX_1D:
    case TGX_TEX_BUFFER: return TGX_SM5_1D;
    case TGX_TEX_1D_ARRAY: return TGX_SM5_ARRAY_1D;
    case TGX_TEX_3D: return TGX_SM5_3D;
    case TGX_TEX_CUBE: return TGX_SM5_CUBE;
    case TGX_TEX_CUBE_ARRAY: return TGX_SM5_ARRAY_CUBE;
    case TGX_TEX_2D_ARRAY:
    case TGX_TEX_2D_ARRAY_MS: return TGX_SM5_ARRAY_2D;
    default: return TGX_SM5_2D;
    }
}

static bool is_array(unsigned t)
{
    return t == TGX_SM5_ARRAY_1D || t == TGX_SM5_ARRAY_2D || t == TGX_SM5_ARRAY_CUBE;
}

static unsigned ncoords(unsigned t)
{
    static const unsigned n[8] = {1, 1, 2, 2, 3, 3, 3, 3};
    return n[t];
}

/* docs/sm5-emu.md: coordinates 1D s; 2D s, t; 3D and cube s, t, r. */
static void put_coords(placement *pl, unsigned target, bool integer)
{
    const pk f[3] = {P_S, P_T, P_R}, i[3] = {P_IS, P_IT, P_IR};
    for (unsigned c = 0; c < ncoords(target); c++)
        put_a(pl, integer ? i[c] : f[c]);
}

/* Random parameters for every thread: coordinates around the texture (and outside it), quads of
 * nearby pixels so implicit LODs vary. */
static void random_params(gen *g)
{
    params *p = &g->p;
    const float spread = rnd_range(0.01f, 0.6f);
    for (unsigned q = 0; q < NT / 4; q++) {
        float s0 = rnd_range(-0.3f, 1.3f), t0 = rnd_range(-0.3f, 1.3f), r0 = rnd_range(-1, 1);
        float dx[3] = {rnd_range(-spread, spread), rnd_range(-spread, spread),
                       rnd_range(-spread, spread)};
        float dy[3] = {rnd_range(-spread, spread), rnd_range(-spread, spread),
                       rnd_range(-spread, spread)};
        for (unsigned l = 0; l < 4; l++) {
            unsigned t = 4 * q + l;
            float fx = (float)(l & 1u), fy = (float)(l >> 1);
            p->s[t] = s0 + fx * dx[0] + fy * dy[0];
            p->t[t] = t0 + fx * dx[1] + fy * dy[1];
            p->r[t] = r0 + fx * dx[2] + fy * dy[2];
        }
    }
    for (unsigned t = 0; t < NT; t++) {
        if (g->sh->target == TGX_TEX_CUBE || g->sh->target == TGX_TEX_CUBE_ARRAY) {
            p->s[t] = p->s[t] * 2.0f - 1.0f; /* a direction */
            p->t[t] = p->t[t] * 2.0f - 1.0f;
        }
        p->array[t] = rnd_below(5) | (rnd_below(4) ? 0u : rnd() & 0xffff0000u);
        p->lod[t] = rnd_range(-2.0f, 5.0f);
        p->dc[t] = rnd_range(-0.2f, 1.2f);
        for (unsigned k = 0; k < 6; k++)
            p->grad[k][t] = rnd_range(-1.0f, 1.0f) * (rnd_below(2) ? 1.0f : 0.05f);
        p->off[t] = rnd();
        p->ptp[0][t] = rnd();
        p->ptp[1][t] = rnd();
        p->ms[t] = rnd_below(g->sh->samples + 1);
        p->is[t] = (int32_t)rnd_below(g->sh->w + 3) - 1;
        p->it[t] = (int32_t)rnd_below(g->sh->h + 3) - 1;
        p->ir[t] = (int32_t)rnd_below(g->sh->d + 3) - 1;
        p->ilod[t] = rnd_below(g->sh->levels + 2);
        p->lc[t] = rnd_below(0x400);
        p->handle[t] = 0x010u << 20 | (rnd_below(2) ? 0x10u : 0x20u); /* header 0x10 or 0x20 */
    }
}

/* TEX: Ra = [array], coordinates; Rb = [handle], [lod], [offset], [dc]. */
static void gen_tex(gen *g)
{
    tgx_sm5_insn *in = &g->in;
    static const uint8_t lods[] = {TGX_SM5_LOD_NONE, TGX_SM5_LOD_LZ,  TGX_SM5_LOD_LB,
                                   TGX_SM5_LOD_LL,   TGX_SM5_LOD_LBA, TGX_SM5_LOD_LLA};
    in->cls = g->bindless ? TGX_SM5_TEX_B : TGX_SM5_TEX;
    in->lod = lods[rnd_below(6)];
    bool cube = in->target == TGX_SM5_CUBE || in->target == TGX_SM5_ARRAY_CUBE;
    if (!cube && rnd_below(3) == 0)
        in->flags |= TGX_SM5_F_AOFFI;
    if (in->target != TGX_SM5_3D && rnd_below(3) == 0)
        in->flags |= TGX_SM5_F_DC;
    if (rnd_below(5) == 0)
        in->flags |= TGX_SM5_F_LC;
    if (in->flags & TGX_SM5_F_LC) /* NAK: the clamp rides above the array index, always there */
        put_a(&g->pl, P_ARRAY_LC);
    else if (is_array(in->target))
        put_a(&g->pl, P_ARRAY);
    put_coords(&g->pl, in->target, false);
    if (g->bindless)
        put_b(&g->pl, P_HANDLE);
    if (in->lod == TGX_SM5_LOD_LB || in->lod == TGX_SM5_LOD_LL || in->lod == TGX_SM5_LOD_LBA ||
        in->lod == TGX_SM5_LOD_LLA)
        put_b(&g->pl, P_LOD);
    if (in->flags & TGX_SM5_F_AOFFI)
        put_b(&g->pl, P_OFF);
    if (in->flags & TGX_SM5_F_DC)
        put_b(&g->pl, P_DC);
}

/* TXD (1D, 2D and their arrays): Ra = [handle], coordinates, [array | offsets << 16]; Rb =
 * ds/dx, ds/dy, dt/dx, dt/dy. */
static void gen_txd(gen *g)
{
    tgx_sm5_insn *in = &g->in;
    in->cls = g->bindless ? TGX_SM5_TXD_B : TGX_SM5_TXD;
    if (rnd_below(2))
        in->flags |= TGX_SM5_F_AOFFI;
    if (rnd_below(4) == 0)
        in->flags |= TGX_SM5_F_LC;
    if (g->bindless)
        put_a(&g->pl, P_HANDLE);
    put_coords(&g->pl, in->target, false);
    if (is_array(in->target) || (in->flags & (TGX_SM5_F_AOFFI | TGX_SM5_F_LC)))
        put_a(&g->pl, P_TXD_EXTRA);
    for (unsigned k = 0; k < 2 * ncoords(in->target); k++)
        put_b(&g->pl, (pk)(P_G0 + k));
}

/* TLD4: Ra = [array], coordinates; Rb = [handle], [offset | ptp0, ptp1], [dc]. */
static void gen_tld4(gen *g)
{
    tgx_sm5_insn *in = &g->in;
    in->cls = g->bindless ? TGX_SM5_TLD4_B : TGX_SM5_TLD4;
    in->component = (uint8_t)rnd_below(4);
    bool cube = in->target == TGX_SM5_CUBE || in->target == TGX_SM5_ARRAY_CUBE;
    in->toff = cube ? TGX_SM5_TOFF_NONE : (uint8_t)rnd_below(3);
    if (in->toff == TGX_SM5_TOFF_AOFFI)
        in->flags |= TGX_SM5_F_AOFFI;
    if (in->toff == TGX_SM5_TOFF_PTP)
        in->flags |= TGX_SM5_F_PTP;
    if (rnd_below(3) == 0)
        in->flags |= TGX_SM5_F_DC;
    if (is_array(in->target))
        put_a(&g->pl, P_ARRAY);
    put_coords(&g->pl, in->target, false);
    if (g->bindless)
        put_b(&g->pl, P_HANDLE);
    if (in->toff == TGX_SM5_TOFF_AOFFI)
        put_b(&g->pl, P_OFF);
    if (in->toff == TGX_SM5_TOFF_PTP) {
        put_b(&g->pl, P_PTP0);
        put_b(&g->pl, P_PTP1);
    }
    if (in->flags & TGX_SM5_F_DC)
        put_b(&g->pl, P_DC);
}

/* TLD4S (2D): s | t, or s, t | [offset], [dc]. Rd0 = R0 (R, G), Rd1 = R2 (B, A). */
static void gen_tld4s(gen *g)
{
    tgx_sm5_insn *in = &g->in;
    in->cls = TGX_SM5_TLD4S;
    in->target = 0;
    in->rd1 = 2;
    in->component = (uint8_t)rnd_below(4);
    if (rnd_below(2))
        in->flags |= TGX_SM5_F_AOFFI;
    if (rnd_below(2))
        in->flags |= TGX_SM5_F_DC;
    put_a(&g->pl, P_S);
    if (!(in->flags & (TGX_SM5_F_AOFFI | TGX_SM5_F_DC))) {
        put_b(&g->pl, P_T);
        return;
    }
    put_a(&g->pl, P_T);
    if (in->flags & TGX_SM5_F_AOFFI)
        put_b(&g->pl, P_OFF);
    if (in->flags & TGX_SM5_F_DC)
        put_b(&g->pl, P_DC);
}

/* TEXS and TLDS: the tables of docs/sm5-emu.md (sm5-TEXS's legal modifier table; TLDS from
 * yuzu), written out here again as the oracle: number, target, lod, flags, Ra, Rb. */
typedef struct short_row {
    uint8_t num, target, lod;
    uint32_t flags;
    pk a[2], b[2];
    uint8_t na, nb;
} short_row;

#define T1  TGX_SM5_1D
#define T2  TGX_SM5_2D
#define TA2 TGX_SM5_ARRAY_2D
#define T3  TGX_SM5_3D
#define TC  TGX_SM5_CUBE
#define LN  TGX_SM5_LOD_NONE
#define LZ  TGX_SM5_LOD_LZ
#define LL  TGX_SM5_LOD_LL
static const short_row texs_rows[] = {
    {0, T1, LZ, 0, {P_S}, {0}, 1, 0},
    {1, T2, LN, 0, {P_S}, {P_T}, 1, 1},
    {2, T2, LZ, 0, {P_S}, {P_T}, 1, 1},
    {3, T2, LL, 0, {P_S, P_T}, {P_LOD}, 2, 1},
    {4, T2, LN, TGX_SM5_F_DC, {P_S, P_T}, {P_DC}, 2, 1},
    {5, T2, LL, TGX_SM5_F_DC, {P_S, P_T}, {P_LOD, P_DC}, 2, 2},
    {6, T2, LZ, TGX_SM5_F_DC, {P_S, P_T}, {P_DC}, 2, 1},
    {7, TA2, LN, 0, {P_ARRAY, P_S}, {P_T}, 2, 1},
    {8, TA2, LZ, 0, {P_ARRAY, P_S}, {P_T}, 2, 1},
    {9, TA2, LZ, TGX_SM5_F_DC, {P_ARRAY, P_S}, {P_T, P_DC}, 2, 2},
    {10, T3, LN, 0, {P_S, P_T}, {P_R}, 2, 1},
    {11, T3, LZ, 0, {P_S, P_T}, {P_R}, 2, 1},
    {12, TC, LN, 0, {P_S, P_T}, {P_R}, 2, 1},
    {13, TC, LL, 0, {P_S, P_T}, {P_R, P_LOD}, 2, 2},
};
static const short_row tlds_rows[] = {
    {0, T1, LZ, 0, {P_IS}, {0}, 1, 0},
    {1, T1, LL, 0, {P_IS}, {P_ILOD}, 1, 1},
    {2, T2, LZ, 0, {P_IS}, {P_IT}, 1, 1},
    {4, T2, LZ, TGX_SM5_F_AOFFI, {P_IS, P_IT}, {P_OFF}, 2, 1},
    {5, T2, LL, 0, {P_IS, P_IT}, {P_ILOD}, 2, 1},
    {6, T2, LZ, TGX_SM5_F_MS, {P_IS, P_IT}, {P_MS}, 2, 1},
    {7, T3, LZ, 0, {P_IS, P_IT}, {P_IR}, 2, 1},
    {8, TA2, LZ, 0, {P_ARRAY}, {P_IS, P_IT}, 1, 2},
    {12, T2, LL, TGX_SM5_F_AOFFI, {P_IS, P_IT}, {P_ILOD, P_OFF}, 2, 2},
};

/* A short-form row for the target, or NULL. */
static const short_row *pick_short(const short_row *rows, size_t n, unsigned target, bool ms)
{
    const short_row *fits[16];
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (rows[i].target == target && !!(rows[i].flags & TGX_SM5_F_MS) == ms)
            fits[k++] = &rows[i];
    return k ? fits[rnd_below((uint32_t)k)] : NULL;
}

static bool gen_short(gen *g, bool tlds)
{
    tgx_sm5_insn *in = &g->in;
    bool ms = g->sh->samples > 1;
    const short_row *row =
        tlds ? pick_short(tlds_rows, sizeof tlds_rows / sizeof tlds_rows[0], in->target, ms)
             : pick_short(texs_rows, sizeof texs_rows / sizeof texs_rows[0], in->target, false);
    if (!row)
        return false;
    in->cls = tlds ? TGX_SM5_TLDS : TGX_SM5_TEXS;
    in->texs_enc = row->num;
    in->lod = row->lod;
    in->flags |= row->flags;
    in->rd1 = 2;
    in->wmsk_enc = 4; /* wmsk34C RGBA: R, G to R0, R1; B, A to R2, R3 */
    for (unsigned i = 0; i < row->na; i++)
        put_a(&g->pl, row->a[i]);
    for (unsigned i = 0; i < row->nb; i++)
        put_b(&g->pl, row->b[i]);
    return true;
}

/* TLD: Ra = [array], coordinates; Rb = [handle], [lod], [offset], [ms] (sm5-TLD). */
static void gen_tld(gen *g)
{
    tgx_sm5_insn *in = &g->in;
    in->cls = g->bindless ? TGX_SM5_TLD_B : TGX_SM5_TLD;
    bool ms = g->sh->samples > 1;
    in->lod = ms || rnd_below(2) ? TGX_SM5_LOD_LZ : TGX_SM5_LOD_LL;
    if (ms)
        in->flags |= TGX_SM5_F_MS;
    if (rnd_below(3) == 0)
        in->flags |= TGX_SM5_F_AOFFI;
    if (!ms && rnd_below(3) == 0)
        in->flags |= TGX_SM5_F_CL;
    if (is_array(in->target))
        put_a(&g->pl, P_ARRAY);
    put_coords(&g->pl, in->target, true);
    if (g->bindless)
        put_b(&g->pl, P_HANDLE);
    if (in->lod == TGX_SM5_LOD_LL)
        put_b(&g->pl, P_ILOD);
    if (in->flags & TGX_SM5_F_AOFFI)
        put_b(&g->pl, P_OFF);
    if (ms)
        put_b(&g->pl, P_MS);
}

/* TMML: Ra = [array], coordinates; Rb = [handle]. */
static void gen_tmml(gen *g)
{
    tgx_sm5_insn *in = &g->in;
    in->cls = g->bindless ? TGX_SM5_TMML_B : TGX_SM5_TMML;
    if (is_array(in->target))
        put_a(&g->pl, P_ARRAY);
    put_coords(&g->pl, in->target, false);
    if (g->bindless)
        put_b(&g->pl, P_HANDLE);
}

/* Picks a class the texture's shape allows and fills the instruction and placement. */
static bool gen_insn(gen *g)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(g->sh->target);
    bool samplable = !ti->multisample && g->sh->target != TGX_TEX_BUFFER;
    tgx_sm5_insn *in = &g->in;
    memset(in, 0, sizeof *in);
    memset(&g->pl, 0, sizeof g->pl);
    in->pred = in->sparse_pred = TGX_SM5_PT;
    in->rd = 0;
    in->rd1 = TGX_SM5_RZ;
    in->ra = RA;
    in->rb = RB;
    in->wmask = 0xf;
    in->tex_index = 0x10;
    in->target = (uint8_t)sm5_target_of(g->sh->target);
    g->bindless = rnd_below(4) == 0;
    unsigned choice = rnd_below(samplable ? 8 : 2);
    g->k = samplable ? (kind)choice : (choice ? K_TLDS : K_TLD);
    bool two_d = in->target == TGX_SM5_2D || in->target == TGX_SM5_ARRAY_2D;
    bool gather_ok = two_d || in->target == TGX_SM5_CUBE || in->target == TGX_SM5_ARRAY_CUBE;
    if (g->k == K_TXD && in->target > TGX_SM5_ARRAY_2D)
        g->k = K_TEX;
    if (g->k == K_TLD4 && !gather_ok)
        g->k = K_TMML;
    if (g->k == K_TLD4S && in->target != TGX_SM5_2D)
        g->k = gather_ok ? K_TLD4 : K_TEX;
    if ((g->k == K_TLD || g->k == K_TLDS) &&
        (in->target == TGX_SM5_CUBE || in->target == TGX_SM5_ARRAY_CUBE))
        g->k = K_TEX;
    if (g->k == K_TEXS || g->k == K_TLDS || g->k == K_TLD4S)
        g->bindless = false;
    switch (g->k) {
    case K_TEX: gen_tex(g); break;
    case K_TXD: gen_txd(g); break;
    case K_TLD4: gen_tld4(g); break;
    case K_TLD4S: gen_tld4s(g); break;
    case K_TMML: gen_tmml(g); break;
    case K_TLD: gen_tld(g); break;
    case K_TEXS:
        if (!gen_short(g, false)) {
            g->k = K_TEX;
            gen_tex(g);
        }
        break;
    case K_TLDS:
        if (!gen_short(g, true)) {
            g->k = K_TLD;
            gen_tld(g);
        }
        break;
    }
    if (g->pl.nb == 0)
        in->rb = TGX_SM5_RZ;
    if (g->pl.na == 0)
        in->ra = TGX_SM5_RZ;
    return true;
}

/* ---- the direct request ------------------------------------------------------------------------
 */

typedef struct direct {
    float layer[NT], lod[NT], zero[NT], clamp[NT];
    int32_t off[3][NT], ptp[4][2][NT];
    int32_t x[NT], y[NT], z[NT], level[NT], sample[NT];
    uint32_t out[4][NT];
} direct;

static int32_t sext(uint32_t v, unsigned bits)
{
    uint32_t m = (1u << bits) - 1u, sign = 1u << (bits - 1);
    v &= m;
    return (int32_t)(v & (sign - 1u)) - (int32_t)(v & sign);
}

static bool has(const gen *g, pk k)
{
    for (unsigned i = 0; i < g->pl.na; i++)
        if (g->pl.a[i] == k ||
            (k == P_ARRAY && (g->pl.a[i] == P_TXD_EXTRA || g->pl.a[i] == P_ARRAY_LC)))
            return true;
    for (unsigned i = 0; i < g->pl.nb; i++)
        if (g->pl.b[i] == k)
            return true;
    return false;
}

/* The filtering request the docs say the instruction makes. */
static void sample_request(const gen *g, direct *dr, tgx_tex_sample_req *r)
{
    const params *p = &g->p;
    const tgx_sm5_insn *in = &g->in;
    memset(r, 0, sizeof *r);
    r->lanes = NT;
    r->s = p->s;
    r->t = ncoords(in->target) >= 2 || g->k == K_TLD4S ? p->t : NULL;
    r->r = ncoords(in->target) >= 3 ? p->r : NULL;
    if (tgx_tex_target_get(g->sh->target)->layered) {
        uint32_t mask = g->k == K_TXD && (in->flags & TGX_SM5_F_LC) ? 0xfffu : 0xffffu;
        for (unsigned t = 0; t < NT; t++)
            dr->layer[t] = (float)(p->array[t] & mask);
        r->layer = dr->layer;
    }
    if (in->flags & TGX_SM5_F_LC) {
        for (unsigned t = 0; t < NT; t++)
            dr->clamp[t] = (float)(g->k == K_TXD ? p->lc[t] & 0xfffu : p->lc[t]) / 256.0f;
        r->lod_clamp = dr->clamp;
    }
    memset(dr->zero, 0, sizeof dr->zero);
    switch (in->lod) {
    case TGX_SM5_LOD_LZ: r->lod_mode = TGX_TEX_LOD_ZERO; break;
    case TGX_SM5_LOD_LB:
    case TGX_SM5_LOD_LBA: r->lod_mode = TGX_TEX_LOD_BIAS; break;
    case TGX_SM5_LOD_LL:
    case TGX_SM5_LOD_LLA: r->lod_mode = TGX_TEX_LOD_EXPLICIT; break;
    default: r->lod_mode = TGX_TEX_LOD_IMPLICIT; break;
    }
    r->lod = has(g, P_LOD) ? p->lod : dr->zero;
    if (!g->quads && r->lod_mode == TGX_TEX_LOD_IMPLICIT) {
        r->lod_mode = TGX_TEX_LOD_EXPLICIT;
        r->lod = dr->zero;
    }
    if (!g->quads && r->lod_mode == TGX_TEX_LOD_BIAS)
        r->lod_mode = TGX_TEX_LOD_EXPLICIT;
    if (in->flags & TGX_SM5_F_DC)
        r->ref = p->dc;
}

static void texel_offsets(const gen *g, direct *dr, tgx_tex_sample_req *r, unsigned shift)
{
    const params *p = &g->p;
    for (unsigned a = 0; a < ncoords(g->in.target); a++) {
        for (unsigned t = 0; t < NT; t++)
            dr->off[a][t] = sext(p->off[t] >> (shift + 4 * a), 4);
        r->offset[a] = dr->off[a];
    }
}

static tgx_status direct_sample(const gen *g, direct *dr, const uint32_t *active)
{
    tgx_tex_sample_req r;
    sample_request(g, dr, &r);
    r.active = active;
    tgx_sampler s = g->samp;
    if (g->k == K_TXD) {
        static const pk gx[3] = {P_G0, P_G2, P_G4}, gy[3] = {P_G1, P_G3, P_G5};
        r.lod_mode = TGX_TEX_LOD_GRAD;
        for (unsigned a = 0; a < ncoords(g->in.target); a++) {
            r.ddx[a] = g->p.grad[gx[a] - P_G0];
            r.ddy[a] = g->p.grad[gy[a] - P_G0];
        }
        if (g->in.flags & TGX_SM5_F_AOFFI) /* p->off is placed at bit 16 (.LC: 12) */
            texel_offsets(g, dr, &r, 0);
    } else if (g->in.flags & TGX_SM5_F_AOFFI) {
        texel_offsets(g, dr, &r, 0);
    }
    /* sm5-TEXS: TEXS and TEXS.LZ with .DC compare whatever the sampler says */
    if (g->k == K_TEXS && (g->in.flags & TGX_SM5_F_DC) && g->in.lod != TGX_SM5_LOD_LL)
        s.compare_enable = true;
    tgx_tex_result out = {{dr->out[0], dr->out[1], dr->out[2], dr->out[3]}};
    return tgx_tex_sample(&g->view, &s, &r, out, NULL);
}

static tgx_status direct_gather(const gen *g, direct *dr, const uint32_t *active)
{
    tgx_tex_sample_req r;
    sample_request(g, dr, &r);
    r.active = active;
    r.lod_mode = TGX_TEX_LOD_ZERO;
    r.component = g->in.component;
    const params *p = &g->p;
    if (g->in.flags & TGX_SM5_F_AOFFI) { /* one 6-bit field a byte */
        for (unsigned a = 0; a < 2; a++) {
            for (unsigned t = 0; t < NT; t++)
                dr->off[a][t] = sext(p->off[t] >> (8 * a), 6);
            r.offset[a] = dr->off[a];
        }
    }
    if (g->in.toff == TGX_SM5_TOFF_PTP) {
        for (unsigned k = 0; k < 4; k++)
            for (unsigned a = 0; a < 2; a++) {
                for (unsigned t = 0; t < NT; t++)
                    dr->ptp[k][a][t] = sext(p->ptp[k / 2][t] >> (16 * (k % 2) + 8 * a), 6);
                r.gather_offsets[k][a] = dr->ptp[k][a];
            }
    }
    tgx_tex_result out = {{dr->out[0], dr->out[1], dr->out[2], dr->out[3]}};
    return tgx_tex_gather(&g->view, &g->samp, &r, out, NULL);
}

static uint32_t fixed(float v, unsigned frac, int32_t lo, int32_t hi, unsigned bits)
{
    int32_t q = tgx_f2i_sat(v * (float)(1u << frac));
    q = q < lo ? lo : q > hi ? hi : q;
    return (uint32_t)q & ((1u << bits) - 1u);
}

/* TMML: the unit's LOD query and anisotropy in sm5-TMML's fixed-point words. */
static tgx_status direct_lod(const gen *g, direct *dr, const uint32_t *active)
{
    tgx_tex_sample_req r;
    sample_request(g, dr, &r);
    r.active = active;
    r.layer = NULL;
    r.ref = NULL;
    r.lod_mode = g->quads ? TGX_TEX_LOD_IMPLICIT : TGX_TEX_LOD_EXPLICIT;
    r.lod = dr->zero;
    float cl[NT], un[NT], u[NT], v[NT], ra[NT];
    tgx_status st = tgx_tex_query_lod(&g->view, &g->samp, &r, cl, un, NULL);
    if (st == TGX_OK)
        st = tgx_tex_query_aniso(&g->view, &g->samp, &r, u, v, ra, NULL);
    for (unsigned t = 0; t < NT && st == TGX_OK; t++) {
        if (!tgx_tex_lane_active(active, t))
            continue;
        dr->out[0][t] = fixed(un[t], 8, -32768, 32767, 16);
        dr->out[1][t] = fixed(cl[t], 8, 0, 65535, 16);
        dr->out[2][t] = fixed(u[t], 6, -128, 127, 8) | fixed(v[t], 6, -128, 127, 8) << 8;
        dr->out[3][t] = fixed(ra[t], 12, -32768, 32767, 16);
    }
    return st;
}

static int32_t clamp_to(int32_t v, uint32_t n)
{
    return v < 0 ? 0 : (uint32_t)v >= n ? (int32_t)n - 1 : v;
}

/* TLD/TLDS: texel fetch; .CL clamps the offset coordinates and the layer (sm5-TLD). */
static tgx_status direct_fetch(const gen *g, direct *dr, const uint32_t *active)
{
    const params *p = &g->p;
    const tgx_sm5_insn *in = &g->in;
    const tgx_tex_target_info *ti = tgx_tex_target_get(g->sh->target);
    bool aoffi = !!(in->flags & TGX_SM5_F_AOFFI), cl = !!(in->flags & TGX_SM5_F_CL);
    for (unsigned t = 0; t < NT; t++) {
        int32_t c[3] = {p->is[t], ncoords(in->target) >= 2 ? p->it[t] : 0,
                        ncoords(in->target) >= 3 ? p->ir[t] : 0};
        for (unsigned a = 0; a < ncoords(in->target) && aoffi; a++)
            c[a] = (int32_t)((uint32_t)c[a] + (uint32_t)sext(p->off[t] >> (4 * a), 4));
        dr->level[t] = has(g, P_ILOD) ? (int32_t)p->ilod[t] : 0;
        int32_t layer = (int32_t)(p->array[t] & 0xffffu);
        if (cl) {
            uint32_t size[4];
            tgx_tex_query_size(&g->view, dr->level[t], size);
            for (unsigned a = 0; a < ncoords(in->target); a++)
                c[a] = clamp_to(c[a], size[a]);
            if (ti->layered)
                layer = clamp_to(layer, size[ti->dims]);
        }
        if (ti->layered)
            c[ti->dims] = layer;
        dr->x[t] = c[0];
        dr->y[t] = c[1];
        dr->z[t] = c[2];
        dr->sample[t] = (int32_t)p->ms[t];
    }
    tgx_tex_fetch_req r;
    memset(&r, 0, sizeof r);
    r.lanes = NT;
    r.active = active;
    r.x = dr->x;
    r.y = dr->y;
    r.z = dr->z;
    r.level = dr->level;
    r.sample = (in->flags & TGX_SM5_F_MS) ? dr->sample : NULL;
    tgx_tex_result out = {{dr->out[0], dr->out[1], dr->out[2], dr->out[3]}};
    return tgx_tex_fetch(&g->view, &g->samp, &r, out, NULL);
}

/* ---- one case ----------------------------------------------------------------------------------
 */

static unsigned cases_run, cases_skipped;

static void run_one(tgx_sm5_emu *emu, gen *g, unsigned index)
{
    random_params(g);
    gen_insn(g);
    g_lc = !!(g->in.flags & TGX_SM5_F_LC);
    g->quads = rnd_below(6) != 0;
    g->active = rnd_below(3) ? 0xffffffffu : (rnd() | 1u);
    tgx_sm5_emu_set_quads(emu, g->quads);
    tgx_sm5_emu_set_active(emu, g->active);
    /* the registers, by the docs' packing */
    for (unsigned t = 0; t < NT; t++) {
        for (unsigned r = 0; r < 20; r++)
            tgx_sm5_emu_set_reg(emu, t, r, SENTINEL);
        for (unsigned i = 0; i < g->pl.na; i++)
            tgx_sm5_emu_set_reg(emu, t, RA + i, value_of(&g->p, g->pl.a[i], t));
        for (unsigned i = 0; i < g->pl.nb; i++)
            tgx_sm5_emu_set_reg(emu, t, RB + i, value_of(&g->p, g->pl.b[i], t));
    }
    uint64_t word;
    tgx_diag d;
    if (tgx_sm5_encode(&g->in, TGX_SM5_ARCH_SM52, &word, &d) < 0) {
        TGX_CHECK(0, "case %u: encode: %s", index, d.message);
        return;
    }
    tgx_status est = tgx_sm5_emu_run_words(emu, &word, 1, NULL, &d);
    direct dr;
    memset(&dr, 0, sizeof dr);
    tgx_status dst;
    switch (g->k) {
    case K_TLD4:
    case K_TLD4S: dst = direct_gather(g, &dr, &g->active); break;
    case K_TMML: dst = direct_lod(g, &dr, &g->active); break;
    case K_TLD:
    case K_TLDS: dst = direct_fetch(g, &dr, &g->active); break;
    default: dst = direct_sample(g, &dr, &g->active); break;
    }
    char text[128];
    tgx_sm5_print(&g->in, TGX_SM5_CTRL_NEUTRAL, text, sizeof text);
    if (dst < 0 || est < 0) {
        TGX_CHECK((dst < 0) == (est < 0), "case %u %s (%s, %s): emulator %d (%s), unit %d", index,
                  text, tgx_tex_target_name(g->sh->target), tgx_tex_format_get(g->fmt)->name,
                  (int)est, d.message, (int)dst);
        cases_skipped++;
        return;
    }
    cases_run++;
    for (unsigned t = 0; t < NT; t++) {
        bool on = g->active >> t & 1u;
        for (unsigned c = 0; c < 4; c++) {
            uint32_t got = tgx_sm5_emu_reg(emu, t, c), want = on ? dr.out[c][t] : SENTINEL;
            if (got != want) {
                TGX_CHECK(0, "case %u %s (%s, %s, %s): thread %u R%u = 0x%08x, unit 0x%08x", index,
                          text, tgx_tex_target_name(g->sh->target),
                          tgx_tex_format_get(g->fmt)->name,
                          g->samp.profile == TGX_TEX_PROFILE_NV ? "nv" : "exact", t, c, got, want);
                return;
            }
        }
    }
    tgx_test_passed++;
}

int main(void)
{
    const char *env = getenv("TGX_EQUIV_SEED");
    if (env)
        rng_state ^= strtoull(env, NULL, 0) * 0x9e3779b97f4a7c15ull;
    env = getenv("TGX_EQUIV_CASES");
    unsigned per = env ? (unsigned)strtoul(env, NULL, 10) : 5;
    tgx_sm5_emu *emu;
    if (tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, NULL) < 0)
        return 1;
    unsigned index = 0, combos = 0;
    for (int f = 0; f < TGX_TEX_FORMAT_COUNT; f++) {
        for (size_t si = 0; si < NSHAPES; si++) {
            gen g;
            memset(&g, 0, sizeof g);
            g.sh = &shapes[si];
            g.fmt = (tgx_tex_format)f;
            g.tex = random_tex(g.sh, g.fmt);
            if (!g.tex)
                continue; /* the unit does not make this target in this format */
            combos++;
            tgx_tex_view_init(&g.view, g.tex);
            tgx_sm5_emu_header h = {g.view, false};
            tgx_sm5_emu_set_header(emu, 0x10, &h, NULL);
            tgx_sm5_emu_set_header(emu, 0x20, &h, NULL);
            for (unsigned k = 0; k < per; k++) {
                g.samp = random_sampler();
                tgx_sm5_emu_set_sampler(emu, 0x10, &g.samp, NULL);
                tgx_sm5_emu_set_cbank(emu, 0, 0x10, 0x010u << 20 | 0x10u, NULL);
                run_one(emu, &g, index++);
            }
            tgx_sm5_emu_clear_header(emu, 0x10);
            tgx_sm5_emu_clear_header(emu, 0x20);
            tgx_tex_destroy(g.tex);
        }
    }
    printf("%u cases over %u (target, format) pairs: %u compared, %u refused alike by both\n",
           index, combos, cases_run, cases_skipped);
    TGX_CHECK(cases_run > 1000, "only %u cases compared", cases_run);
    tgx_sm5_emu_destroy(emu);
    return tgx_test_finish();
}
