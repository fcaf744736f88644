/* lift.c — Maxwell texture instructions back to TGSI (docs/translation.md, "Lifting").
 *
 * Register convention: Rk is TEMP[k / 4] component k % 4 (the same homes the lowering uses), RZ
 * reads 0. Each instruction becomes a `#` comment with its nvdisasm text and the TGSI that gives
 * the same registers: the operands it reads from Ra/Rb (tgx_sm5_operand_layout) gathered into
 * one TGSI source each -- in place when they sit in one temporary as the TGSI opcode reads them,
 * else moved (and converted: the U16 array index, packed offsets) into scratch temporaries
 * TEMP[64..] -- the TGSI texture opcode, and the results stored into their registers
 * (tgx_sm5_dest_layout): in place when the channels land on their own components, else from the
 * scratch TEMP[68] (.F16 packed with PK2H, TMML's fixed point built with F2I and masks).
 * Whatever TGSI cannot express is refused (an error naming the instruction) or, where the rest
 * still means the same, lifted with a warning that names what is lost.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_internal.h"
#include "tgx/util.h"

enum {
    T_COORD = 64,  /* scratch: the coordinate source */
    T_ARG = 65,    /* src1: gradients x, the LOD of TXL2/TXB2, the reference of TEX2 */
    T_ARG2 = 66,   /* src2: gradients y */
    T_OFFSET = 67, /* unpacked texel offsets */
    T_RESULT = 68, /* results that do not land in place */
    T_PACK = 69,   /* F16 and fixed-point packing */
    T_COUNT = 70
};

#define LIFT_MAX_IMMS 64

typedef struct limm {
    bool is_float;
    uint32_t bits;
} limm;

typedef struct lift_ctx {
    lw_text out;
    bool nomem;
    unsigned ninsts;
    limm imms[LIFT_MAX_IMMS];
    unsigned nimms;
    bool temp_used[T_COUNT];
    int view_target[TGX_LOWER_UNITS];    /* TGSI target of SVIEW[v], or -1 */
    bool view_family[TGX_LOWER_UNITS];   /* a SAMPLE-family opcode reads SVIEW[v]'s declaration */
    bool view_clash[TGX_LOWER_UNITS];    /* ... and SVIEW[v] is read as targets of two shapes */
    bool survey;                         /* the first pass: only the views' targets are gathered */
    uint16_t unit_word[TGX_LOWER_UNITS]; /* unit_per_word: #tsPtrIdx of unit u */
    unsigned nunits;
    bool sampler_used[TGX_LOWER_UNITS];
    const tgx_lift_opts *opts;
    const char *file;
    const tgx_lift_item *item;
    tgx_diag_list *diags;
    bool refused;
} lift_ctx;

#define put(c, ...) lw_printf(&(c)->out, __VA_ARGS__)

/* One TGSI instruction line, numbered. */
static void inst(lift_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void inst(lift_ctx *c, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    put(c, "%3u: %s\n", c->ninsts++, line);
}

static void report(lift_ctx *c, tgx_severity sev, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void report(lift_ctx *c, tgx_severity sev, const char *fmt, ...)
{
    if (c->survey)
        return;
    tgx_diag d;
    char msg[TGX_DIAG_MSG_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    char text[160];
    tgx_sm5_print(&c->item->insn, TGX_SM5_CTRL_NEUTRAL, text, sizeof text);
    size_t n = strlen(text);
    while (n && (text[n - 1] == ';' || text[n - 1] == ' '))
        text[--n] = '\0';
    if (c->item->line)
        tgx_diag_set(&d, sev == TGX_SEV_ERROR ? TGX_ERR_INVALID : TGX_OK, c->file, c->item->line, 0,
                     "%s: %s", text, msg);
    else
        tgx_diag_set(&d, sev == TGX_SEV_ERROR ? TGX_ERR_INVALID : TGX_OK, c->file, 0, 0,
                     "%s%s0x%04llx: %s: %s", c->item->section ? c->item->section : "",
                     c->item->section ? " " : "", (unsigned long long)c->item->addr, text, msg);
    d.severity = sev;
    if (c->diags && tgx_diag_list_add(c->diags, &d) != TGX_OK)
        c->nomem = true;
    if (sev == TGX_SEV_ERROR)
        c->refused = true;
}

#define REFUSE(c, ...) (report((c), TGX_SEV_ERROR, __VA_ARGS__), false)
#define WARN(c, ...)   report((c), TGX_SEV_WARNING, __VA_ARGS__)

/* ---- operands ---------------------------------------------------------------------------------
 */

static const char letter[4] = {'x', 'y', 'z', 'w'};

static unsigned imm_index(lift_ctx *c, bool is_float, uint32_t bits)
{
    for (unsigned i = 0; i < c->nimms; i++)
        if (c->imms[i].is_float == is_float && c->imms[i].bits == bits)
            return i;
    if (c->nimms == LIFT_MAX_IMMS) {
        c->nomem = true;
        return 0;
    }
    c->imms[c->nimms] = (limm){is_float, bits};
    return c->nimms++;
}

/* "IMM[n].xxxx" of an integer constant. */
static void imm_u(lift_ctx *c, uint32_t v, char *buf, size_t size)
{
    snprintf(buf, size, "IMM[%u].xxxx", imm_index(c, false, v));
}

static void imm_f(lift_ctx *c, float v, char *buf, size_t size)
{
    snprintf(buf, size, "IMM[%u].xxxx", imm_index(c, true, tgx_f2bits(v)));
}

/* Register r as a replicated TGSI operand ("TEMP[1].yyyy"; RZ: an immediate 0). */
static void reg_src(lift_ctx *c, unsigned r, char *buf, size_t size)
{
    if (r >= TGX_SM5_RZ) {
        imm_u(c, 0, buf, size);
        return;
    }
    c->temp_used[r / 4] = true;
    snprintf(buf, size, "TEMP[%u].%c%c%c%c", r / 4, letter[r % 4], letter[r % 4], letter[r % 4],
             letter[r % 4]);
}

static void reg_dst(lift_ctx *c, unsigned r, char *buf, size_t size)
{
    c->temp_used[r / 4] = true;
    snprintf(buf, size, "TEMP[%u].%c", r / 4, letter[r % 4]);
}

/* A component of a TGSI source vector: a register (as it is, or its U16 array index, as an
 * integer or converted to float), or nothing. */
typedef enum lcomp_kind { LC_NONE, LC_REG, LC_LAYER_F, LC_LAYER_I, LC_TEMP } lcomp_kind;

typedef struct lcomp {
    uint8_t kind;
    uint8_t reg;   /* LC_REG, LC_LAYER_*: the register; LC_TEMP: a temporary component */
    uint8_t temp;  /* LC_TEMP: temporary index */
    uint16_t mask; /* LC_LAYER_*: the bits of the index (0xffff; TXD .LC: 0xfff) */
} lcomp;

static lcomp creg(int reg)
{
    return (lcomp){reg < 0 ? (uint8_t)LC_NONE : (uint8_t)LC_REG, (uint8_t)(reg < 0 ? 0 : reg), 0,
                   0};
}

/* The whole source: in place ("TEMP[g].swiz") when every component is a register of one
 * temporary g (RZ components need a move), else gathered in scratch temporary `scratch`. */
static void vector_src(lift_ctx *c, const lcomp *v, unsigned n, unsigned scratch, char *buf,
                       size_t size)
{
    int group = -1;
    bool in_place = n > 0;
    for (unsigned i = 0; i < n; i++) {
        if (v[i].kind == LC_NONE)
            continue;
        if (v[i].kind != LC_REG || v[i].reg >= TGX_SM5_RZ ||
            (group >= 0 && group != v[i].reg / 4)) {
            in_place = false;
            break;
        }
        group = v[i].reg / 4;
    }
    if (in_place && group >= 0) {
        char sw[5] = "xxxx";
        char last = 'x';
        for (unsigned i = 0; i < 4; i++) {
            if (i < n && v[i].kind == LC_REG)
                last = letter[v[i].reg % 4];
            sw[i] = last;
        }
        for (unsigned i = 0; i < n; i++) /* leading absent components take the first present */
            if (v[i].kind == LC_REG) {
                for (unsigned j = 0; j < i; j++)
                    sw[j] = letter[v[i].reg % 4];
                break;
            }
        c->temp_used[group] = true;
        snprintf(buf, size, "TEMP[%d].%s", group, sw);
        return;
    }
    c->temp_used[scratch] = true;
    for (unsigned i = 0; i < n; i++) {
        char s[48], m[48];
        if (v[i].kind == LC_NONE)
            continue;
        if (v[i].kind == LC_TEMP) {
            c->temp_used[v[i].temp] = true;
            inst(c, "MOV TEMP[%u].%c, TEMP[%u].%c%c%c%c", scratch, letter[i], v[i].temp,
                 letter[v[i].reg], letter[v[i].reg], letter[v[i].reg], letter[v[i].reg]);
            continue;
        }
        reg_src(c, v[i].reg, s, sizeof s);
        if (v[i].kind == LC_REG) {
            inst(c, "MOV TEMP[%u].%c, %s", scratch, letter[i], s);
            continue;
        }
        /* the array index: the low bits as an unsigned integer (TLD) or its float (TEX) */
        imm_u(c, v[i].mask, m, sizeof m);
        inst(c, "AND TEMP[%u].%c, %s, %s", scratch, letter[i], s, m);
        if (v[i].kind == LC_LAYER_F)
            inst(c, "U2F TEMP[%u].%c, TEMP[%u].%c%c%c%c", scratch, letter[i], scratch, letter[i],
                 letter[i], letter[i], letter[i]);
    }
    snprintf(buf, size, "TEMP[%u]", scratch);
}

/* Unpacks `count` two's-complement fields of `bits` bits, `stride` apart from bit `shift`, of
 * register reg into TEMP[T_OFFSET].xyz (IBFE); returns the offset operand text. */
static void unpack_offsets(lift_ctx *c, unsigned reg, unsigned count, unsigned bits,
                           unsigned stride, unsigned shift, char *buf, size_t size)
{
    char r[48], off[48], width[48];
    reg_src(c, reg, r, sizeof r);
    imm_u(c, bits, width, sizeof width);
    c->temp_used[T_OFFSET] = true;
    for (unsigned a = 0; a < 3; a++) {
        if (a < count) {
            imm_u(c, shift + a * stride, off, sizeof off);
            inst(c, "IBFE TEMP[%u].%c, %s, %s, %s", T_OFFSET, letter[a], r, off, width);
        } else {
            imm_u(c, 0, off, sizeof off);
            inst(c, "MOV TEMP[%u].%c, %s", T_OFFSET, letter[a], off);
        }
    }
    snprintf(buf, size, ", TEMP[%u].xyz", T_OFFSET);
}

/* ---- the instruction's layout -----------------------------------------------------------------
 */

typedef struct lift_insn {
    const tgx_sm5_insn *in;
    tgx_sm5_layout l;
    int reg[TGX_SM5_P_COUNT]; /* register of each parameter, -1 if absent */
} lift_insn;

static bool read_layout(lift_ctx *c, lift_insn *x)
{
    tgx_diag d;
    if (tgx_sm5_operand_layout(x->in, &x->l, &d) != TGX_OK)
        return REFUSE(c, "%s", d.message);
    for (unsigned p = 0; p < TGX_SM5_P_COUNT; p++)
        x->reg[p] = -1;
    for (unsigned i = 0; i < x->l.na; i++)
        x->reg[x->l.a[i]] = x->in->ra >= TGX_SM5_RZ ? (int)TGX_SM5_RZ : (int)(x->in->ra + i);
    for (unsigned i = 0; i < x->l.nb; i++)
        x->reg[x->l.b[i]] = x->in->rb >= TGX_SM5_RZ ? (int)TGX_SM5_RZ : (int)(x->in->rb + i);
    for (unsigned p = 0; p < TGX_SM5_P_COUNT; p++)
        if (x->reg[p] > (int)TGX_SM5_RZ)
            x->reg[p] = TGX_SM5_RZ; /* past R254 reads as RZ */
    return true;
}

/* ---- targets ----------------------------------------------------------------------------------
 */

typedef struct target_row {
    tgx_tgsi_texture plain, shadow;
    uint8_t coords; /* s [t [r]] */
    bool layered;
} target_row;

/* Maxwell #paramA -> TGSI targets (2D stands for 2D, RECT and multisampled headers alike; the
 * lifted TGSI names 2D). ARRAY_3D is reserved. */
static const target_row targets[8] = {
    [TGX_SM5_1D] = {TGX_TGSI_TEXTURE_1D, TGX_TGSI_TEXTURE_SHADOW1D, 1, false},
    [TGX_SM5_ARRAY_1D] = {TGX_TGSI_TEXTURE_1D_ARRAY, TGX_TGSI_TEXTURE_SHADOW1D_ARRAY, 1, true},
    [TGX_SM5_2D] = {TGX_TGSI_TEXTURE_2D, TGX_TGSI_TEXTURE_SHADOW2D, 2, false},
    [TGX_SM5_ARRAY_2D] = {TGX_TGSI_TEXTURE_2D_ARRAY, TGX_TGSI_TEXTURE_SHADOW2D_ARRAY, 2, true},
    [TGX_SM5_3D] = {TGX_TGSI_TEXTURE_3D, TGX_TGSI_TEXTURE_UNKNOWN, 3, false},
    [TGX_SM5_ARRAY_3D] = {TGX_TGSI_TEXTURE_UNKNOWN, TGX_TGSI_TEXTURE_UNKNOWN, 3, true},
    [TGX_SM5_CUBE] = {TGX_TGSI_TEXTURE_CUBE, TGX_TGSI_TEXTURE_SHADOWCUBE, 3, false},
    [TGX_SM5_ARRAY_CUBE] = {TGX_TGSI_TEXTURE_CUBE_ARRAY, TGX_TGSI_TEXTURE_SHADOWCUBE_ARRAY, 3,
                            true},
};

static unsigned insn_target(const tgx_sm5_insn *in)
{
    return in->cls == TGX_SM5_TLD4S ? TGX_SM5_2D : in->target & 7u;
}

/* The unit of a non-bindless instruction, from its binding word index (v | s << 5), or with
 * unit_per_word the unit its word was given. */
static bool read_units(lift_ctx *c, const tgx_sm5_insn *in, unsigned *view, unsigned *sampler)
{
    if (c->opts && c->opts->unit_per_word) {
        unsigned u = 0;
        while (u < c->nunits && c->unit_word[u] != in->tex_index)
            u++;
        if (u == c->nunits) {
            if (u == TGX_LOWER_UNITS)
                return REFUSE(c, "more than %u binding words: TGSI has units 0..%u",
                              TGX_LOWER_UNITS, TGX_LOWER_UNITS - 1);
            c->unit_word[c->nunits++] = in->tex_index;
        }
        *view = *sampler = u;
        return true;
    }
    if (in->tex_index >= TGX_LOWER_UNITS * TGX_LOWER_UNITS)
        return REFUSE(c,
                      "#tsPtrIdx 0x%x is outside the binding convention (c[0x0][v | s << 5] for "
                      "SVIEW[v], SAMP[s], v and s < 32)",
                      in->tex_index);
    *view = in->tex_index & 31u;
    *sampler = in->tex_index >> 5;
    return true;
}

/* Records that SVIEW[v] (with SAMP[s]) is read as target t (TGX_TGSI_TEXTURE_COUNT: any, TXQ),
 * by a SAMPLE-family opcode (family) or a TEX-style one. The first pass settles each view's
 * declaration: its target, or UNKNOWN when TEX-style opcodes read it as targets of different
 * shapes (a Maxwell binding may be read as 2D by one instruction and 2D_MSAA by another; TGSI's
 * validator compares a TEX-style target with a declared view's); a SAMPLE opcode takes its
 * shape from the declaration, so there a clash is refused. */
static bool use_view(lift_ctx *c, unsigned v, unsigned s, tgx_tgsi_texture t, bool family)
{
    c->sampler_used[s] = true;
    if (!c->survey)
        return !c->view_clash[v] ||
               REFUSE(c,
                      "SVIEW[%u] is read as targets of different shapes, and a SAMPLE opcode "
                      "takes its target from the view's one declaration",
                      v);
    if (t == TGX_TGSI_TEXTURE_COUNT)
        return true;
    int old = c->view_target[v];
    c->view_family[v] |= family;
    if (old < 0)
        c->view_target[v] = (int)t;
    else if (old != TGX_TGSI_TEXTURE_UNKNOWN &&
             tgx_exec_texture_target((unsigned)old, NULL) != tgx_exec_texture_target(t, NULL))
        c->view_target[v] = TGX_TGSI_TEXTURE_UNKNOWN;
    c->view_clash[v] = c->view_family[v] && c->view_target[v] == TGX_TGSI_TEXTURE_UNKNOWN;
    return true;
}

/* The target TXQ names for SVIEW[v]: its declaration's (TXQ does not depend on it). */
static tgx_tgsi_texture query_target(const lift_ctx *c, unsigned v)
{
    int t = c->view_target[v];
    return t < 0 || t == TGX_TGSI_TEXTURE_UNKNOWN ? TGX_TGSI_TEXTURE_2D : (tgx_tgsi_texture)t;
}

/* ---- results ----------------------------------------------------------------------------------
 */

/* Writes the channels of the TGSI result TEMP[T_RESULT] (or of a temporary the opcode wrote
 * in place) to the registers tgx_sm5_dest_layout names. */
static void store_results(lift_ctx *c, const tgx_sm5_insn *in)
{
    tgx_sm5_dest dst;
    if (tgx_sm5_dest_layout(in, &dst, NULL) != TGX_OK)
        return;
    char s[48], z[48];
    for (unsigned k = 0; k < dst.n; k++) {
        const tgx_sm5_dest_slot *sl = &dst.slot[k];
        if (sl->reg >= TGX_SM5_RZ || sl->half == 2)
            continue;
        reg_dst(c, sl->reg, s, sizeof s);
        if (!sl->half) {
            inst(c, "MOV %s, TEMP[%u].%c%c%c%c", s, T_RESULT, letter[sl->comp], letter[sl->comp],
                 letter[sl->comp], letter[sl->comp]);
            continue;
        }
        /* .F16: the low half and, when a second component shares the register, the high half
         * (sm5-TEXS: an unused half is 0) */
        int high = -1;
        for (unsigned j = 0; j < dst.n; j++)
            if (dst.slot[j].reg == sl->reg && dst.slot[j].half == 2)
                high = dst.slot[j].comp;
        c->temp_used[T_PACK] = true;
        inst(c, "MOV TEMP[%u].x, TEMP[%u].%c%c%c%c", T_PACK, T_RESULT, letter[sl->comp],
             letter[sl->comp], letter[sl->comp], letter[sl->comp]);
        if (high >= 0) {
            inst(c, "MOV TEMP[%u].y, TEMP[%u].%c%c%c%c", T_PACK, T_RESULT, letter[high],
                 letter[high], letter[high], letter[high]);
        } else {
            imm_f(c, 0.0f, z, sizeof z);
            inst(c, "MOV TEMP[%u].y, %s", T_PACK, z);
        }
        inst(c, "PK2H %s, TEMP[%u].xyyy", s, T_PACK);
    }
}

/* The destination operand of the TGSI opcode: the registers' own temporary when the channels it
 * writes land on their own components (Rk = TEMP[g] component k), else TEMP[T_RESULT] and a
 * store afterwards (*stored = true). */
static void result_dst(lift_ctx *c, const tgx_sm5_insn *in, char *buf, size_t size, bool *moved)
{
    tgx_sm5_dest dst;
    int group = -1;
    unsigned mask = 0;
    bool in_place = tgx_sm5_dest_layout(in, &dst, NULL) == TGX_OK && dst.n > 0;
    for (unsigned k = 0; in_place && k < dst.n; k++) {
        const tgx_sm5_dest_slot *sl = &dst.slot[k];
        if (sl->half || sl->reg >= TGX_SM5_RZ || sl->reg % 4 != sl->comp ||
            (group >= 0 && group != sl->reg / 4))
            in_place = false;
        group = sl->reg / 4;
        mask |= 1u << sl->comp;
    }
    *moved = !in_place;
    if (!in_place) {
        c->temp_used[T_RESULT] = true;
        snprintf(buf, size, "TEMP[%u]", T_RESULT);
        return;
    }
    char wm[5];
    unsigned n = 0;
    for (unsigned k = 0; k < 4; k++)
        if (mask >> k & 1u)
            wm[n++] = letter[k];
    wm[n] = '\0';
    c->temp_used[group] = true;
    snprintf(buf, size, "TEMP[%d].%s", group, wm);
}

/* ---- the classes ------------------------------------------------------------------------------
 */

/* What every class refuses or warns about in common. */
static bool common_checks(lift_ctx *c, const tgx_sm5_insn *in)
{
    if (in->cls == TGX_SM5_TEX_B || in->cls == TGX_SM5_TLD_B || in->cls == TGX_SM5_TLD4_B ||
        in->cls == TGX_SM5_TXD_B || in->cls == TGX_SM5_TXQ_B || in->cls == TGX_SM5_TMML_B)
        return REFUSE(c, "a bindless handle from a register: TGSI names its sampler views and "
                         "samplers by index, not by a run-time handle");
    if (in->pred != TGX_SM5_PT || in->pred_neg)
        return REFUSE(c, "the guard @%sP%u: TGSI has no predicate registers",
                      in->pred_neg ? "!" : "", in->pred);
    if (in->flags & TGX_SM5_F_LC)
        return REFUSE(c, ".LC: TGSI has no per-instruction LOD clamp");
    if (in->flags & TGX_SM5_F_CL)
        return REFUSE(c, ".CL: TGSI's texel fetch has no clamp to the edges");
    if (in->sparse_pred != TGX_SM5_PT)
        WARN(c, "the sparse-residency predicate P%u is lost (TGSI has no residency result)",
             in->sparse_pred);
    if (in->flags & TGX_SM5_F_NODEP)
        WARN(c, ".NODEP is lost: helper threads (killed pixels) fetch and write their registers "
                "in TGSI");
    return true;
}

/* The coordinates, layer and reference in TGSI's TEX-style order; *lod_chan gets the channel
 * left for a LOD or bias (3), or -1 when w is taken. ref_in_src1: the reference goes to src1.x
 * (dimension 4). */
static unsigned tex_coords(const lift_insn *x, const target_row *t, bool shadow, bool fetch,
                           lcomp *v, bool *ref_in_src1)
{
    static const tgx_sm5_param st[3] = {TGX_SM5_P_S, TGX_SM5_P_T, TGX_SM5_P_R};
    unsigned n = 0;
    memset(v, 0, 4 * sizeof *v);
    for (unsigned a = 0; a < t->coords; a++)
        v[n++] = creg(x->reg[st[a]]);
    if (t->layered) {
        int r =
            x->reg[TGX_SM5_P_ARRAY] >= 0 ? x->reg[TGX_SM5_P_ARRAY] : x->reg[TGX_SM5_P_TXD_EXTRA];
        bool lc12 = x->reg[TGX_SM5_P_TXD_EXTRA] >= 0 && (x->in->flags & TGX_SM5_F_LC);
        v[n] = (lcomp){fetch ? (uint8_t)LC_LAYER_I : (uint8_t)LC_LAYER_F, (uint8_t)r, 0,
                       (uint16_t)(lc12 ? 0xfffu : 0xffffu)};
        if (r >= (int)TGX_SM5_RZ || r < 0)
            v[n] = creg(TGX_SM5_RZ);
        n++;
    }
    *ref_in_src1 = false;
    if (shadow) {
        unsigned ch = n > 2 ? n : 2;
        if (ch > 3) {
            *ref_in_src1 = true;
        } else {
            while (n < ch)
                v[n++] = (lcomp){LC_NONE, 0, 0, 0};
            v[n++] = creg(x->reg[TGX_SM5_P_DC]);
        }
    }
    return n;
}

/* The gradients of TXD as TGSI's ddx and ddy sources. */
static void gradient_srcs(lift_ctx *c, const lift_insn *x, const target_row *t, char *sx, char *sy,
                          size_t size)
{
    static const tgx_sm5_param dx[3] = {TGX_SM5_P_DSDX, TGX_SM5_P_DTDX, TGX_SM5_P_DRDX};
    static const tgx_sm5_param dy[3] = {TGX_SM5_P_DSDY, TGX_SM5_P_DTDY, TGX_SM5_P_DRDY};
    lcomp gx[3], gy[3];
    for (unsigned a = 0; a < 3; a++) {
        gx[a] = a < t->coords ? creg(x->reg[dx[a]]) : (lcomp){LC_NONE, 0, 0, 0};
        gy[a] = a < t->coords ? creg(x->reg[dy[a]]) : (lcomp){LC_NONE, 0, 0, 0};
    }
    vector_src(c, gx, t->coords, T_ARG, sx, size);
    vector_src(c, gy, t->coords, T_ARG2, sy, size);
}

/* The SAMPLE family's form of a filtered instruction, for a view and sampler of different units
 * and for what the TEX-style opcodes cannot hold (a cube array's reference at LOD zero):
 * coordinates and layer in src0 (the view declaration gives the shape), the reference, LOD or bias
 * in src3.x, SAMPLE_D's gradients in src3 and src4. */
static bool lift_sample_family(lift_ctx *c, const lift_insn *x, const target_row *t, unsigned view,
                               unsigned samp, const char *dst)
{
    const tgx_sm5_insn *in = x->in;
    bool shadow = (in->flags & TGX_SM5_F_DC) != 0;
    bool lod = in->lod == TGX_SM5_LOD_LL || in->lod == TGX_SM5_LOD_LLA;
    bool bias = in->lod == TGX_SM5_LOD_LB || in->lod == TGX_SM5_LOD_LBA;
    bool lz = in->lod == TGX_SM5_LOD_LZ;
    if (in->flags & TGX_SM5_F_AOFFI)
        return REFUSE(c,
                      "texel offsets with SVIEW[%u] and SAMP[%u]: the SAMPLE opcodes take no "
                      "offsets and TGSI's TEX-style opcodes one unit",
                      view, samp);
    if (shadow && (lod || bias))
        return REFUSE(c,
                      "a depth reference with a LOD or bias and SVIEW[%u], SAMP[%u]: SAMPLE_C "
                      "has an implicit LOD",
                      view, samp);
    const char *op = in->cls == TGX_SM5_TXD ? "SAMPLE_D"
                     : shadow               ? (lz ? "SAMPLE_C_LZ" : "SAMPLE_C")
                     : lod || lz            ? "SAMPLE_L"
                     : bias                 ? "SAMPLE_B"
                                            : "SAMPLE";
    lcomp v[5];
    bool unused;
    unsigned n = tex_coords(x, t, false, false, v, &unused);
    char coord[64], arg[80] = "", arg2[80] = "";
    vector_src(c, v, n, T_COORD, coord, sizeof coord);
    if (in->cls == TGX_SM5_TXD) {
        char sx[64], sy[64];
        gradient_srcs(c, x, t, sx, sy, sizeof sx);
        snprintf(arg, sizeof arg, ", %s", sx);
        snprintf(arg2, sizeof arg2, ", %s", sy);
    } else if (shadow || lod || bias || lz) {
        lcomp a = creg(shadow ? x->reg[TGX_SM5_P_DC]
                       : lz   ? (int)TGX_SM5_RZ /* LOD 0 */
                              : x->reg[TGX_SM5_P_LOD]);
        char sa[64];
        vector_src(c, &a, 1, T_ARG, sa, sizeof sa);
        snprintf(arg, sizeof arg, ", %s", sa);
    }
    if (!use_view(c, view, samp, t->plain, true))
        return false;
    inst(c, "%s %s, %s, SVIEW[%u].xyzw, SAMP[%u]%s%s", op, dst, coord, view, samp, arg, arg2);
    return true;
}

/* The TEX-style form of a filtered instruction whose view and sampler are one unit: TEX, TXB,
 * TXL, TEX_LZ or TXD, the LOD in the coordinates' w, or TEX2/TXB2/TXL2 with the reference or the
 * LOD in src1.x when the coordinates fill all four channels. v[0..n) are tex_coords' values. */
static bool lift_tex_style(lift_ctx *c, const lift_insn *x, const target_row *t,
                           tgx_tgsi_texture tt, unsigned unit, lcomp v[5], unsigned n,
                           bool ref_src1)
{
    const tgx_sm5_insn *in = x->in;
    bool txd = in->cls == TGX_SM5_TXD;
    bool lod = in->lod == TGX_SM5_LOD_LL || in->lod == TGX_SM5_LOD_LLA;
    bool bias = in->lod == TGX_SM5_LOD_LB || in->lod == TGX_SM5_LOD_LBA;
    const char *op = txd                         ? "TXD"
                     : lod                       ? "TXL"
                     : bias                      ? "TXB"
                     : in->lod == TGX_SM5_LOD_LZ ? "TEX_LZ"
                                                 : "TEX";
    bool two = false; /* TEX2/TXB2/TXL2: the reference or the LOD in src1.x */
    if ((lod || bias) && n > 3) {
        two = true;
        op = lod ? "TXL2" : "TXB2";
    } else if (ref_src1) {
        two = true;
        op = "TEX2";
    } else if (lod || bias) {
        while (n < 3)
            v[n++] = (lcomp){LC_NONE, 0, 0, 0};
        v[n++] = creg(x->reg[TGX_SM5_P_LOD]);
    }
    char coord[64], arg[64] = "", offs[64] = "", dst[64];
    /* TXD packs its offsets above the array index (bit 16 of the extra register) */
    if (in->flags & TGX_SM5_F_AOFFI)
        unpack_offsets(c, (unsigned)x->reg[txd ? TGX_SM5_P_TXD_EXTRA : TGX_SM5_P_OFFSET], t->coords,
                       4, 4, txd ? 16 : 0, offs, sizeof offs);
    vector_src(c, v, n, T_COORD, coord, sizeof coord);
    if (two) {
        lcomp a = creg(ref_src1 ? x->reg[TGX_SM5_P_DC] : x->reg[TGX_SM5_P_LOD]);
        vector_src(c, &a, 1, T_ARG, arg, sizeof arg);
    }
    if (!use_view(c, unit, unit, tt, false))
        return false;
    bool moved;
    result_dst(c, in, dst, sizeof dst, &moved);
    const char *target = tgx_tgsi_texture_name(tt);
    if (txd) {
        char sx[64], sy[64];
        gradient_srcs(c, x, t, sx, sy, sizeof sx);
        inst(c, "TXD %s, %s, %s, %s, SAMP[%u], %s%s", dst, coord, sx, sy, unit, target, offs);
    } else if (two) {
        inst(c, "%s %s, %s, %s, SAMP[%u], %s%s", op, dst, coord, arg, unit, target, offs);
    } else {
        inst(c, "%s %s, %s, SAMP[%u], %s%s", op, dst, coord, unit, target, offs);
    }
    if (moved)
        store_results(c, in);
    return true;
}

/* TEX, TEXS, TXD: TEX-style TGSI where it can say it, else the SAMPLE family. */
static bool lift_sample(lift_ctx *c, const lift_insn *x)
{
    const tgx_sm5_insn *in = x->in;
    const target_row *t = &targets[insn_target(in)];
    bool shadow = (in->flags & TGX_SM5_F_DC) != 0;
    tgx_tgsi_texture tt = shadow ? t->shadow : t->plain;
    if (tt == TGX_TGSI_TEXTURE_UNKNOWN)
        return REFUSE(c, "target %s%s has no TGSI target",
                      insn_target(in) == TGX_SM5_ARRAY_3D ? "ARRAY_3D" : "3D",
                      shadow ? " with .DC" : "");
    unsigned view, samp;
    if (!read_units(c, in, &view, &samp))
        return false;
    if (in->cls == TGX_SM5_TEXS && shadow && in->lod != TGX_SM5_LOD_LL)
        WARN(c, "TEXS .DC compares whatever the sampler says (sm5-TEXS); TGSI's shadow targets "
                "compare only when the sampler enables comparison");
    lcomp v[5];
    bool ref_src1;
    unsigned n = tex_coords(x, t, shadow, false, v, &ref_src1);
    /* a TEX-style opcode needs one unit, and has no source left for a cube array's reference
     * together with a LOD (TEX_LZ has none, TXL2 and TXB2 read the LOD from src1.x) */
    bool any_lod = in->lod == TGX_SM5_LOD_LL || in->lod == TGX_SM5_LOD_LLA ||
                   in->lod == TGX_SM5_LOD_LB || in->lod == TGX_SM5_LOD_LBA ||
                   in->lod == TGX_SM5_LOD_LZ;
    if (view == samp && !(ref_src1 && any_lod))
        return lift_tex_style(c, x, t, tt, view, v, n, ref_src1);
    char dst[64];
    bool moved;
    result_dst(c, in, dst, sizeof dst, &moved);
    if (!lift_sample_family(c, x, t, view, samp, dst))
        return false;
    if (moved)
        store_results(c, in);
    return true;
}

static bool lift_fetch(lift_ctx *c, const lift_insn *x)
{
    const tgx_sm5_insn *in = x->in;
    const target_row *t = &targets[insn_target(in)];
    bool ms = (in->flags & TGX_SM5_F_MS) != 0;
    if (t->plain == TGX_TGSI_TEXTURE_UNKNOWN || t->plain == TGX_TGSI_TEXTURE_CUBE ||
        t->plain == TGX_TGSI_TEXTURE_CUBE_ARRAY)
        return REFUSE(c, "target %s is not a fetch target", tgx_tgsi_texture_name(t->plain));
    tgx_tgsi_texture tt = !ms                               ? t->plain
                          : t->plain == TGX_TGSI_TEXTURE_2D ? TGX_TGSI_TEXTURE_2D_MSAA
                                                            : TGX_TGSI_TEXTURE_2D_ARRAY_MSAA;
    unsigned view, samp;
    if (!read_units(c, in, &view, &samp))
        return false;
    lcomp v[5];
    bool unused;
    unsigned n = tex_coords(x, t, false, true, v, &unused);
    while (n < 3)
        v[n++] = (lcomp){LC_NONE, 0, 0, 0};
    bool level = in->lod == TGX_SM5_LOD_LL;
    if (ms)
        v[n++] = creg(x->reg[TGX_SM5_P_MS]);
    else if (level)
        v[n++] = creg(x->reg[TGX_SM5_P_LOD]);
    char coord[64], dst[64], offs[64] = "";
    bool moved;
    if (in->flags & TGX_SM5_F_AOFFI)
        unpack_offsets(c, (unsigned)x->reg[TGX_SM5_P_OFFSET], t->coords, 4, 4, 0, offs,
                       sizeof offs);
    vector_src(c, v, n, T_COORD, coord, sizeof coord);
    if (!use_view(c, view, samp, tt, false))
        return false;
    result_dst(c, in, dst, sizeof dst, &moved);
    /* TXF reads its level in w; on a multisampled target w is the sample, TXF_LZ none */
    inst(c, "%s %s, %s, SAMP[%u], %s%s", level || ms ? "TXF" : "TXF_LZ", dst, coord, view,
         tgx_tgsi_texture_name(tt), offs);
    if (view != samp)
        return REFUSE(c, "SVIEW[%u] with SAMP[%u]: TGSI's TXF fetches through unit SAMP[u] alone",
                      view, samp);
    if (moved)
        store_results(c, in);
    return true;
}

static bool lift_gather(lift_ctx *c, const lift_insn *x)
{
    const tgx_sm5_insn *in = x->in;
    const target_row *t = &targets[insn_target(in)];
    bool shadow = (in->flags & TGX_SM5_F_DC) != 0;
    tgx_tgsi_texture tt = shadow ? t->shadow : t->plain;
    if (in->toff == TGX_SM5_TOFF_PTP)
        return REFUSE(c, ".PTP: one offset per texel; TGSI's TG4 (as the interpreter reads it) "
                         "takes one offset");
    if (t->coords < 2 || tt == TGX_TGSI_TEXTURE_UNKNOWN || insn_target(in) == TGX_SM5_3D)
        return REFUSE(c, "TLD4 gathers 2D, 2D array and cube targets");
    unsigned view, samp;
    if (!read_units(c, in, &view, &samp))
        return false;
    lcomp v[5];
    bool ref_src1;
    unsigned n = tex_coords(x, t, shadow, false, v, &ref_src1);
    if (ref_src1)
        return REFUSE(c, "a cube-array gather with a depth reference: TG4's src1 is the "
                         "component, no source is left for the reference");
    char coord[64], comp[48], dst[64], offs[64] = "";
    bool moved;
    if (in->flags & TGX_SM5_F_AOFFI)
        unpack_offsets(c, (unsigned)x->reg[TGX_SM5_P_OFFSET], 2, 6, 8, 0, offs, sizeof offs);
    vector_src(c, v, n, T_COORD, coord, sizeof coord);
    imm_u(c, in->component & 3u, comp, sizeof comp);
    result_dst(c, in, dst, sizeof dst, &moved);
    if (view == samp) {
        if (!use_view(c, view, samp, tt, false))
            return false;
        inst(c, "TG4 %s, %s, %s, SAMP[%u], %s%s", dst, coord, comp, view, tgx_tgsi_texture_name(tt),
             offs);
    } else if ((in->component & 3u) == 0 && !shadow && !(in->flags & TGX_SM5_F_AOFFI)) {
        if (!use_view(c, view, samp, t->plain,
                      true)) /* GATHER4 gathers R (the interpreter's reading) */
            return false;
        inst(c, "GATHER4 %s, %s, SVIEW[%u].xyzw, SAMP[%u]", dst, coord, view, samp);
    } else {
        return REFUSE(c,
                      "SVIEW[%u] with SAMP[%u]: TG4 gathers through one unit, and GATHER4 "
                      "gathers R without a reference or offsets",
                      view, samp);
    }
    if (moved)
        store_results(c, in);
    return true;
}

enum { TXQ_DIMENSION = 1, TXQ_TEXTURE_TYPE = 2 };

static bool lift_query(lift_ctx *c, const lift_insn *x)
{
    const tgx_sm5_insn *in = x->in;
    unsigned view, samp;
    if (!read_units(c, in, &view, &samp))
        return false;
    char dst[64], lv[48];
    bool moved;
    if (in->query == TXQ_DIMENSION) {
        reg_src(c, (unsigned)x->reg[TGX_SM5_P_LEVEL], lv, sizeof lv);
        if (!use_view(c, view, view, TGX_TGSI_TEXTURE_COUNT, false))
            return false;
        result_dst(c, in, dst, sizeof dst, &moved);
        inst(c, "TXQ %s, %s, SAMP[%u], %s", dst, lv, view,
             tgx_tgsi_texture_name(query_target(c, view)));
    } else if (in->query == TXQ_TEXTURE_TYPE) {
        if (in->wmask & 0x1u)
            WARN(c, "the texture type code (R) has no TGSI query: lifted as 0");
        WARN(c, "the sample count comes from TXQS, which gives 0 for a texture without "
                "multisampling where Maxwell gives 1");
        if (!use_view(c, view, view, TGX_TGSI_TEXTURE_COUNT, false))
            return false;
        c->temp_used[T_RESULT] = true;
        moved = true;
        char zero[48];
        imm_u(c, 0, zero, sizeof zero);
        inst(c, "TXQS TEMP[%u].x, SAMP[%u], %s", T_RESULT, view,
             tgx_tgsi_texture_name(query_target(c, view)));
        inst(c, "MOV TEMP[%u].z, TEMP[%u].xxxx", T_RESULT, T_RESULT);
        inst(c, "MOV TEMP[%u].xyw, %s", T_RESULT, zero);
    } else {
        return REFUSE(c,
                      "TXQ query %u: TGSI queries only sizes and levels (TXQ) and sample "
                      "counts (TXQS)",
                      in->query);
    }
    if (moved)
        store_results(c, in);
    return true;
}

/* TMML: TGSI's LODQ gives the LODs as floats (x clamped, y computed); Maxwell's R is the
 * computed LOD as S8.8 and G the clamped one as U8.8, truncated and saturated (sm5-TMML). */
static bool lift_lod(lift_ctx *c, const lift_insn *x)
{
    const tgx_sm5_insn *in = x->in;
    const target_row *t = &targets[insn_target(in)];
    if (t->plain == TGX_TGSI_TEXTURE_UNKNOWN)
        return REFUSE(c, "target ARRAY_3D has no TGSI target");
    if (in->wmask & 0xcu)
        WARN(c, "TMML's B and A (the footprint's major axis and anisotropy) have no TGSI "
                "query: lifted as 0");
    unsigned view, samp;
    if (!read_units(c, in, &view, &samp))
        return false;
    lcomp v[5];
    bool unused;
    unsigned n = tex_coords(x, t, false, false, v, &unused);
    char coord[64], k256[48], lo[48], hi[48], m16[48], zero[48];
    vector_src(c, v, n, T_COORD, coord, sizeof coord);
    if (!use_view(c, view, samp, t->plain, view != samp))
        return false;
    c->temp_used[T_RESULT] = true;
    c->temp_used[T_PACK] = true;
    if (view == samp)
        inst(c, "LODQ TEMP[%u].xy, %s, SAMP[%u], %s", T_PACK, coord, view,
             tgx_tgsi_texture_name(t->plain));
    else /* the SAMPLE family's LOD: view and sampler of their own units */
        inst(c, "LOD TEMP[%u].xy, %s, SVIEW[%u].xyzw, SAMP[%u]", T_PACK, coord, view, samp);
    imm_f(c, 256.0f, k256, sizeof k256);
    inst(c, "MUL TEMP[%u].xy, TEMP[%u].xyyy, %s", T_PACK, T_PACK, k256);
    inst(c, "F2I TEMP[%u].xy, TEMP[%u].xyyy", T_PACK, T_PACK);
    /* G = clamped (x) in 0..65535; R = computed (y) in -32768..32767, 16 bits */
    imm_u(c, 0, zero, sizeof zero);
    imm_u(c, 65535, hi, sizeof hi);
    inst(c, "IMAX TEMP[%u].y, TEMP[%u].xxxx, %s", T_RESULT, T_PACK, zero);
    inst(c, "IMIN TEMP[%u].y, TEMP[%u].yyyy, %s", T_RESULT, T_RESULT, hi);
    imm_u(c, 0xffff8000u, lo, sizeof lo);
    imm_u(c, 32767, hi, sizeof hi);
    imm_u(c, 0xffff, m16, sizeof m16);
    inst(c, "IMAX TEMP[%u].x, TEMP[%u].yyyy, %s", T_RESULT, T_PACK, lo);
    inst(c, "IMIN TEMP[%u].x, TEMP[%u].xxxx, %s", T_RESULT, T_RESULT, hi);
    inst(c, "AND TEMP[%u].x, TEMP[%u].xxxx, %s", T_RESULT, T_RESULT, m16);
    inst(c, "MOV TEMP[%u].zw, %s", T_RESULT, zero);
    store_results(c, in);
    return true;
}

static bool lift_one(lift_ctx *c)
{
    const tgx_sm5_insn *in = &c->item->insn;
    char text[160];
    tgx_sm5_print(in, TGX_SM5_CTRL_NEUTRAL, text, sizeof text);
    if (c->item->line)
        put(c, "# %s   (line %u)\n", text, c->item->line);
    else
        put(c, "# %s   (%s%s0x%04llx)\n", text, c->item->section ? c->item->section : "",
            c->item->section ? " " : "", (unsigned long long)c->item->addr);
    if (!common_checks(c, in))
        return false;
    lift_insn x = {in, {0, 0, {0}, {0}, 0}, {0}};
    if (!read_layout(c, &x))
        return false;
    switch (in->cls) {
    case TGX_SM5_TEX:
    case TGX_SM5_TEXS:
    case TGX_SM5_TXD: return lift_sample(c, &x);
    case TGX_SM5_TLD:
    case TGX_SM5_TLDS: return lift_fetch(c, &x);
    case TGX_SM5_TLD4:
    case TGX_SM5_TLD4S: return lift_gather(c, &x);
    case TGX_SM5_TXQ: return lift_query(c, &x);
    case TGX_SM5_TMML: return lift_lod(c, &x);
    case TGX_SM5_TXA:
        return REFUSE(c, "TXA (the VCAA resolve): TGSI has no coverage-weighted resolve");
    default: return REFUSE(c, "no TGSI reading");
    }
}

/* ---- the text ---------------------------------------------------------------------------------
 */

static void declarations(const lift_ctx *c, lift_ctx *h)
{
    static const char *const proc[] = {"VERT", "FRAG", "GEOM", "TESS_CTRL", "TESS_EVAL", "COMP"};
    unsigned p =
        c->opts && (unsigned)c->opts->processor < 6 ? c->opts->processor : TGX_TGSI_PROC_FRAG;
    put(h, "%s\n", proc[p]);
    for (unsigned u = 0; u < c->nunits; u++)
        put(h, "# SVIEW[%u] and SAMP[%u]: the binding word c[0x0][0x%x]\n", u, u, c->unit_word[u]);
    for (unsigned v = 0; v < TGX_LOWER_UNITS; v++)
        if (c->sampler_used[v])
            put(h, "DCL SAMP[%u]\n", v);
    for (unsigned v = 0; v < TGX_LOWER_UNITS; v++)
        if (c->view_target[v] >= 0)
            put(h, "DCL SVIEW[%u], %s, FLOAT\n", v,
                tgx_tgsi_texture_name((unsigned)c->view_target[v]));
    int first = -1;
    for (unsigned t = 0; t <= T_COUNT; t++) {
        bool used = t < T_COUNT && c->temp_used[t];
        if (used && first < 0)
            first = (int)t;
        if (!used && first >= 0) {
            if ((unsigned)first == t - 1)
                put(h, "DCL TEMP[%d]\n", first);
            else
                put(h, "DCL TEMP[%d..%u]\n", first, t - 1);
            first = -1;
        }
    }
    for (unsigned i = 0; i < c->nimms; i++) {
        char f[32];
        uint32_t b = c->imms[i].bits;
        if (c->imms[i].is_float) {
            tgx_tgsi_format_f32(b, f, sizeof f);
            put(h, "IMM[%u] FLT32 {%s, %s, %s, %s}\n", i, f, f, f, f);
        } else {
            put(h, "IMM[%u] UINT32 {%u, %u, %u, %u}\n", i, b, b, b, b);
        }
    }
}

/* ---- lifting in a stream ------------------------------------------------------------------------
 */

struct tgx_lifter {
    lift_ctx c;
    lift_ctx h;   /* the declarations */
    bool lifting; /* the second pass has begun */
    bool ended;   /* the closing END is written */
};

tgx_status tgx_lifter_create(const tgx_lift_opts *opts, const char *file, tgx_diag_list *diags,
                             tgx_lifter **out)
{
    if (!out)
        return TGX_ERR_ARG;
    tgx_lifter *l = calloc(1, sizeof *l);
    *out = l;
    if (!l)
        return TGX_ERR_NOMEM;
    l->c.opts = opts;
    l->c.file = file;
    l->c.diags = diags;
    for (unsigned v = 0; v < TGX_LOWER_UNITS; v++)
        l->c.view_target[v] = -1;
    l->c.survey = true;
    return TGX_OK;
}

void tgx_lifter_destroy(tgx_lifter *l)
{
    if (!l)
        return;
    free(l->c.out.p);
    free(l->h.out.p);
    free(l);
}

/* The text of the last call only: what a caller takes from tgx_lifter_lift. */
static void restart_text(lift_ctx *c)
{
    c->out.len = 0;
    if (c->out.p)
        c->out.p[0] = '\0';
}

void tgx_lifter_survey(tgx_lifter *l, const tgx_lift_item *item)
{
    if (!l || !item || l->lifting)
        return;
    /* the first pass settles the views' declarations; its text and messages are dropped */
    l->c.item = item;
    lift_one(&l->c);
    restart_text(&l->c);
}

/* The second pass starts from the state the first left, less what it wrote. */
static void begin_lifting(lift_ctx *c)
{
    c->survey = false;
    c->refused = false;
    c->ninsts = 0;
    c->nimms = 0;
    memset(c->temp_used, 0, sizeof c->temp_used);
    memset(c->sampler_used, 0, sizeof c->sampler_used);
    c->nunits = 0;
}

tgx_status tgx_lifter_lift(tgx_lifter *l, const tgx_lift_item *item, const char **text, size_t *len)
{
    if (!l || !text || l->ended)
        return TGX_ERR_ARG;
    if (!l->lifting) {
        begin_lifting(&l->c);
        l->lifting = true;
    }
    restart_text(&l->c);
    if (item) {
        l->c.item = item;
        lift_one(&l->c);
    } else {
        inst(&l->c, "END");
        l->ended = true;
    }
    *text = l->c.out.p ? l->c.out.p : "";
    if (len)
        *len = l->c.out.len;
    return l->c.nomem || l->c.out.failed ? TGX_ERR_NOMEM : TGX_OK;
}

tgx_status tgx_lifter_finish(tgx_lifter *l, const char **text, size_t *len)
{
    if (!l || !text || !l->ended)
        return TGX_ERR_ARG;
    restart_text(&l->h);
    declarations(&l->c, &l->h);
    *text = l->h.out.p ? l->h.out.p : "";
    if (len)
        *len = l->h.out.len;
    if (l->c.nomem || l->h.nomem || l->c.out.failed || l->h.out.failed)
        return TGX_ERR_NOMEM;
    return l->c.refused ? TGX_ERR_INVALID : TGX_OK;
}

/* The whole text at once: the two passes over items, the declarations put in front of the
 * instructions' text in its own buffer (a copy of that text, 200 bytes a word, doubled what a
 * long program took). */
tgx_status tgx_lift(const tgx_lift_item *items, size_t n, const tgx_lift_opts *opts,
                    const char *file, char **out, size_t *len, tgx_diag_list *diags)
{
    if ((!items && n) || !out)
        return TGX_ERR_ARG;
    *out = NULL;
    tgx_lifter *l;
    tgx_status st = tgx_lifter_create(opts, file, diags, &l);
    for (size_t i = 0; i < n && st == TGX_OK; i++)
        tgx_lifter_survey(l, &items[i]);
    lw_text all = {NULL, 0, 0, false};
    const char *text;
    size_t k;
    for (size_t i = 0; i <= n && st == TGX_OK; i++) {
        st = tgx_lifter_lift(l, i < n ? &items[i] : NULL, &text, &k);
        lw_append(&all, text, k);
    }
    if (st == TGX_OK || st == TGX_ERR_INVALID) {
        st = tgx_lifter_finish(l, &text, &k);
        lw_prepend(&all, &l->h.out);
    }
    if (all.failed || !all.p)
        st = TGX_ERR_NOMEM;
    if (st == TGX_OK) {
        *out = all.p;
        if (len)
            *len = all.len;
        all.p = NULL;
    }
    free(all.p);
    tgx_lifter_destroy(l);
    return st;
}
