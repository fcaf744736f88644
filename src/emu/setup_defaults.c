/* The default setup of `tgx emu` (docs/sm5-emu.md, "tgx emu"): what a program runs on when no
 * setup file is given, so that a single instruction shows something at once.
 *
 *   textures  each #tsPtrIdx k the program names: c[0x0][4k] = (k & 0xfff) << 20 | k, header k a
 *             "gradient" texture of the instruction's target with a full mip chain (1D 16, 2D 8x8,
 *             3D 8x8x8, cube 8x8, arrays 4 layers, rgba8); depth32f for .DC, 4 samples for .MS;
 *             sampler k & 0xfff linear, mip linear, repeat (comparing LEQUAL for .DC).
 *             A bindless instruction n gets handle 0xfff << 20 | (0x2000 + n) in every thread.
 *   registers every register an instruction reads before the program writes it, by its role:
 *             coordinates of an 8x4-pixel tile of 2x2 quads, thread i at pixel (x, y): s = (x +
 *             0.5) / 8, t = (y + 0.5) / 8 (one texel of an 8x8 level 0 a pixel), r = 0.5 (cubes:
 *             the direction (2s - 1, 2t - 1, 1)); fetches x, y, 1; array index 1; LOD and bias
 *             1; depth reference 0.5; offsets 0; sample l (the thread's place in its quad);
 *             gradients one pixel (ds/dx = dt/dy = 1/8); TXA weights 0x11111111; TXQ level 0. */
#include <stdio.h>
#include <string.h>

#include "emu/setup.h"
#include "tgx/io.h"
#include "tgx/util.h"

static bool is_fetch(tgx_sm5_class c)
{
    return c == TGX_SM5_TLD || c == TGX_SM5_TLD_B || c == TGX_SM5_TLDS;
}

static bool is_bindless(tgx_sm5_class c)
{
    return c == TGX_SM5_TEX_B || c == TGX_SM5_TLD_B || c == TGX_SM5_TLD4_B || c == TGX_SM5_TXD_B ||
           c == TGX_SM5_TXQ_B || c == TGX_SM5_TMML_B;
}

static unsigned target_of(const tgx_sm5_insn *in)
{
    if (in->cls == TGX_SM5_TLD4S || in->cls == TGX_SM5_TXA || in->cls == TGX_SM5_TXQ ||
        in->cls == TGX_SM5_TXQ_B)
        return TGX_SM5_2D;
    return in->target & 7u;
}

static bool is_cube(const tgx_sm5_insn *in)
{
    unsigned t = target_of(in);
    return t == TGX_SM5_CUBE || t == TGX_SM5_ARRAY_CUBE;
}

/* The texture spec of the default texture for in. */
static void default_spec(const tgx_sm5_insn *in, char *buf, size_t size)
{
    static const char *const shape[8] = {
        "16x1,target=1d",  "16x1x4,target=1d_array", "8x8,target=2d",   "8x8x4,target=2d_array",
        "8x8x8,target=3d", "8x8x8,target=3d",        "8x8,target=cube", "8x8x12,target=cube_array"};
    unsigned t = target_of(in);
    if (in->flags & TGX_SM5_F_MS)
        snprintf(buf, size, "gradient@%s,samples=4",
                 t == TGX_SM5_ARRAY_2D ? "8x8x4,target=2d_array_ms" : "8x8,target=2d_ms");
    else
        snprintf(buf, size, "gradient@%s%s", shape[t],
                 (in->flags & TGX_SM5_F_DC) ? ",format=depth32f" : "");
}

/* The default texture of shape spec: made once, then shown by every header that needs it. */
static tgx_status default_texture(emu_setup *s, const char *spec, tgx_tex **out, tgx_diag *d)
{
    for (size_t k = 0; k < s->ndefaults; k++)
        if (!strcmp(s->defaults[k].spec, spec)) {
            *out = s->defaults[k].tex;
            return TGX_OK;
        }
    tgx_tex *tex = NULL;
    tgx_status st = tgx_tex_from_spec(spec, &tex, d);
    if (st < 0)
        return st;
    if (!emu_setup_keep(s, tex)) {
        tgx_tex_destroy(tex);
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    }
    if (s->ndefaults < sizeof s->defaults / sizeof s->defaults[0]) { /* default_spec has 12 */
        snprintf(s->defaults[s->ndefaults].spec, sizeof s->defaults[0].spec, "%s", spec);
        s->defaults[s->ndefaults++].tex = tex;
    }
    *out = tex;
    return TGX_OK;
}

static tgx_status bind_default(emu_setup *s, const tgx_sm5_insn *in, uint32_t header,
                               uint32_t sampler, tgx_diag *d)
{
    if (tgx_sm5_emu_header_at(s->emu, header))
        return TGX_OK; /* an earlier instruction named it: its texture stays */
    char spec[96];
    default_spec(in, spec, sizeof spec);
    tgx_tex *tex = NULL;
    tgx_status st = default_texture(s, spec, &tex, d);
    if (st < 0)
        return st;
    tgx_sm5_emu_header h;
    tgx_sm5_emu_header_init(&h, tex);
    tgx_sampler smp;
    tgx_sampler_init(&smp);
    smp.min_filter = smp.mag_filter = TGX_TEX_FILTER_LINEAR;
    smp.mip_filter = TGX_TEX_MIP_LINEAR;
    smp.compare_enable = !!(in->flags & TGX_SM5_F_DC);
    if ((st = tgx_sm5_emu_set_header(s->emu, header, &h, d)) == TGX_OK)
        st = tgx_sm5_emu_set_sampler(s->emu, sampler, &smp, d);
    return st;
}

/* The value a register playing `role` gets in thread t. */
static uint32_t role_value(const tgx_sm5_insn *in, tgx_sm5_param role, unsigned t, size_t n)
{
    unsigned q = t / 4, l = t % 4;
    float x = (float)(2 * (q % 4) + (l & 1u)), y = (float)(2 * (q / 4) + (l >> 1));
    float s = (x + 0.5f) / 8.0f, tt = (y + 0.5f) / 8.0f; /* one texel of level 0 a pixel */
    bool fetch = is_fetch(in->cls), cube = is_cube(in);
    switch (role) {
    case TGX_SM5_P_S: return fetch ? (uint32_t)x : tgx_f2bits(cube ? 2.0f * s - 1.0f : s);
    case TGX_SM5_P_T: return fetch ? (uint32_t)y : tgx_f2bits(cube ? 2.0f * tt - 1.0f : tt);
    case TGX_SM5_P_R: return fetch ? 1u : tgx_f2bits(cube ? 1.0f : 0.5f);
    case TGX_SM5_P_ARRAY:
    case TGX_SM5_P_ARRAY_LC:
    case TGX_SM5_P_TXD_EXTRA: return 1u;
    case TGX_SM5_P_LOD: return fetch ? 1u : tgx_f2bits(1.0f);
    case TGX_SM5_P_DC: return tgx_f2bits(0.5f);
    case TGX_SM5_P_MS: return l;
    case TGX_SM5_P_HANDLE: return 0xfffu << 20 | (uint32_t)(0x2000u + n);
    case TGX_SM5_P_DSDX: return tgx_f2bits(1.0f / 8.0f);
    case TGX_SM5_P_DTDY: return tgx_f2bits(1.0f / 8.0f);
    case TGX_SM5_P_WEIGHTS: return 0x11111111u;
    default: return 0u; /* offsets, the other gradients, the TXQ level */
    }
}

/* Fills count registers from base by the layout's roles, where nothing wrote them yet. */
static void fill_roles(emu_setup *s, const tgx_sm5_insn *in, unsigned base, const uint8_t *roles,
                       unsigned count, const bool *written, size_t n)
{
    if (base == TGX_SM5_RZ)
        return;
    for (unsigned k = 0; k < count; k++) {
        unsigned reg = base + k;
        if (reg >= TGX_SM5_EMU_REGS || written[reg] || s->reg_set[reg])
            continue;
        for (unsigned t = 0; t < TGX_SM5_EMU_THREADS; t++)
            tgx_sm5_emu_set_reg(s->emu, t, reg, role_value(in, (tgx_sm5_param)roles[k], t, n));
        s->reg_set[reg] = true;
    }
}

tgx_status tgx_sm5_emu_setup_defaults(tgx_sm5_emu_setup *s, const tgx_sm5_insn *insns, size_t n,
                                      tgx_diag *d)
{
    if (!s->emu)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "a kernel setup has no default");
    bool written[TGX_SM5_EMU_REGS] = {false};
    for (size_t i = 0; i < n; i++) {
        const tgx_sm5_insn *in = &insns[i];
        tgx_sm5_layout l;
        tgx_sm5_dest dst;
        if (tgx_sm5_operand_layout(in, &l, NULL) < 0 || tgx_sm5_dest_layout(in, &dst, NULL) < 0)
            continue; /* the run refuses it with the reason */
        fill_roles(s, in, in->ra, l.a, l.na, written, i);
        fill_roles(s, in, in->rb, l.b, l.nb, written, i);
        tgx_status st;
        if (is_bindless(in->cls)) {
            st = bind_default(s, in, 0x2000u + (uint32_t)i, 0xfff, d);
        } else {
            uint32_t k = in->tex_index;
            st = tgx_sm5_emu_set_cbank(s->emu, 0, k, (k & 0xfffu) << 20 | k, d);
            if (st == TGX_OK)
                st = bind_default(s, in, k, k & 0xfffu, d);
        }
        if (st < 0)
            return st;
        for (unsigned k = 0; k < dst.n; k++)
            if (dst.slot[k].reg < TGX_SM5_EMU_REGS)
                written[dst.slot[k].reg] = true;
    }
    return TGX_OK;
}
