/* Temporaries read before anything writes them: a warning. The spec gives a TEMP no initial
 * value, so such a read depends on what the register held before (tgx's interpreter and Mesa's
 * tgsi_exec start it at zero; a GPU need not). It is also what a program put together by hand
 * or by a tool gets wrong: lifting `tgx lower`'s listing gave TXD gradients in TEMP[49], which
 * only the listing's comments set.
 *
 * The rule is conservative: nothing is said where the program's order does not settle it.
 *  - An instruction that writes a TEMP through an address register (TEMP[ADDR[0].x]) may write
 *    any of them: the check is left out for the whole shader. Reads through one are not
 *    checked.
 *  - A read inside a loop counts as preceded by every write of its outermost loop (an earlier
 *    iteration ran them). In a shader with subroutines (BGNSUB), whose bodies run where they
 *    are called, only a register no instruction writes at all is reported.
 *  - Component-wise opcodes (the opcode table's COMP mode, 32-bit operands) read, for each
 *    written component c, the source component their swizzle names for c: each is checked. The
 *    others (dot products, texture coordinates, 64-bit pairs) are reported only when none of the
 *    components their swizzle names has been written, since a swizzle's padding letters
 *    (`TEMP[0].xyyy` for a 2D coordinate) need not be read.
 * One warning a register, at its first read that comes too early. */
#include <stdlib.h>

#include "tgsi/validate_internal.h"

/* What is known of one TEMP register: the first instruction writing each component. */
typedef struct temp_writes {
    size_t first[4]; /* SIZE_MAX: never written */
    bool warned;     /* one warning a register: its first read that comes too early */
} temp_writes;

typedef struct temps {
    tgx_vctx *c;
    temp_writes *w; /* by register index, n of them */
    size_t n;
    size_t *loop_end; /* per instruction: the end of its outermost enclosing loop, or SIZE_MAX */
    bool subroutines;
} temps;

static bool is_temp(const tgx_tgsi_register *r)
{
    return r->file == TGX_TGSI_FILE_TEMP;
}

/* Largest direct TEMP index named anywhere, +1; SIZE_MAX when a TEMP is written indirectly. */
static size_t temp_count(const tgx_tgsi_shader *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->num_insts; i++) {
        const tgx_tgsi_instruction *in = &s->insts[i];
        for (unsigned d = 0; d < in->num_dst && d < TGX_TGSI_MAX_DST; d++) {
            const tgx_tgsi_register *r = &in->dst[d].reg;
            if (is_temp(r) && r->indirect)
                return SIZE_MAX;
            if (is_temp(r) && r->index >= 0 && (size_t)r->index + 1 > n)
                n = (size_t)r->index + 1;
        }
        for (unsigned k = 0; k < in->num_src && k < TGX_TGSI_MAX_SRC; k++) {
            const tgx_tgsi_register *r = &in->src[k].reg;
            if (is_temp(r) && !r->indirect && r->index >= 0 && (size_t)r->index + 1 > n)
                n = (size_t)r->index + 1;
        }
    }
    return n;
}

/* Each instruction's outermost loop's last instruction (BGNLOOP ... ENDLOOP nest: the flow
 * check has reported any mismatch, and an unclosed loop runs to the end). */
static void mark_loops(const tgx_tgsi_shader *s, size_t *loop_end, bool *subroutines)
{
    size_t depth = 0, start = 0;
    for (size_t i = 0; i < s->num_insts; i++) {
        const tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(s->insts[i].opcode);
        tgx_tgsi_cf cf = info ? info->cf : TGX_TGSI_CF_NONE;
        loop_end[i] = SIZE_MAX;
        *subroutines |= cf == TGX_TGSI_CF_BGNSUB;
        if (cf == TGX_TGSI_CF_BGNLOOP && depth++ == 0)
            start = i;
        if (cf == TGX_TGSI_CF_ENDLOOP && depth > 0 && --depth == 0)
            for (size_t k = start; k <= i; k++)
                loop_end[k] = i;
    }
    for (size_t k = start; depth > 0 && k < s->num_insts; k++)
        loop_end[k] = s->num_insts - 1;
}

static void record_writes(temps *t)
{
    const tgx_tgsi_shader *s = t->c->s;
    for (size_t i = 0; i < s->num_insts; i++) {
        const tgx_tgsi_instruction *in = &s->insts[i];
        for (unsigned d = 0; d < in->num_dst && d < TGX_TGSI_MAX_DST; d++) {
            const tgx_tgsi_dst *dst = &in->dst[d];
            if (!is_temp(&dst->reg) || dst->reg.index < 0)
                continue;
            temp_writes *w = &t->w[dst->reg.index];
            for (unsigned ch = 0; ch < 4; ch++)
                if ((dst->write_mask >> ch & 1u) && w->first[ch] == SIZE_MAX)
                    w->first[ch] = i;
        }
    }
}

/* Whether component ch of TEMP[reg] is written before instruction i runs. */
static bool written_before(const temps *t, size_t reg, unsigned ch, size_t i)
{
    size_t first = t->w[reg].first[ch];
    if (first == SIZE_MAX)
        return false;
    if (t->subroutines)
        return true; /* only "never written" is certain */
    return first < i || (t->loop_end[i] != SIZE_MAX && first <= t->loop_end[i]);
}

/* The components of source k that instruction in reads, as a mask (see the file's comment). */
static unsigned read_mask(const tgx_tgsi_instruction *in, const tgx_tgsi_opcode_info *info,
                          unsigned k, bool *each)
{
    const tgx_tgsi_src *src = &in->src[k];
    bool comp = info->output == TGX_TGSI_OUT_COMP && in->num_dst == 1;
    for (unsigned s = 0; s < info->num_src && s < TGX_TGSI_MAX_SRC; s++) {
        tgx_tgsi_type ty = info->src_type[s];
        comp &= ty == TGX_TGSI_TYPE_FLOAT || ty == TGX_TGSI_TYPE_INT || ty == TGX_TGSI_TYPE_UINT ||
                ty == TGX_TGSI_TYPE_UNTYPED;
    }
    comp &= info->dst_type != TGX_TGSI_TYPE_DOUBLE && info->dst_type != TGX_TGSI_TYPE_INT64 &&
            info->dst_type != TGX_TGSI_TYPE_UINT64;
    unsigned mask = 0;
    for (unsigned c = 0; c < 4; c++)
        if (!comp || (in->dst[0].write_mask >> c & 1u))
            mask |= 1u << (src->swizzle[c] & 3u);
    *each = comp;
    return mask;
}

static const char channel_name[] = "xyzw";

static void check_read(temps *t, const tgx_tgsi_instruction *in, const tgx_tgsi_opcode_info *info,
                       unsigned k, size_t i)
{
    const tgx_tgsi_src *src = &in->src[k];
    if (!is_temp(&src->reg) || src->reg.indirect || src->reg.index < 0 ||
        (size_t)src->reg.index >= t->n)
        return;
    size_t reg = (size_t)src->reg.index;
    /* an undeclared register is an error of its own (check_declared) */
    if (t->w[reg].warned || !tgx_v_find_decl(t->c, TGX_TGSI_FILE_TEMP, -1, src->reg.index))
        return;
    bool each;
    unsigned mask = read_mask(in, info, k, &each), unwritten = 0;
    for (unsigned ch = 0; ch < 4; ch++)
        if ((mask >> ch & 1u) && !written_before(t, reg, ch, i))
            unwritten |= 1u << ch;
    if (!unwritten || (!each && unwritten != mask))
        return;
    t->w[reg].warned = true;
    char comps[5] = {0};
    unsigned n = 0, never = 1;
    for (unsigned ch = 0; ch < 4; ch++)
        if (unwritten >> ch & 1u) {
            comps[n++] = channel_name[ch];
            never &= t->w[reg].first[ch] == SIZE_MAX;
        }
    if (never)
        tgx_v_warning(t->c, tgx_tgsi_src_pos(in, src),
                      "TEMP[%zu].%s is read, but no instruction writes it (a temporary has no "
                      "value until it is written)",
                      reg, comps);
    else
        tgx_v_warning(t->c, tgx_tgsi_src_pos(in, src),
                      "TEMP[%zu].%s is read before any instruction writes it (a temporary has no "
                      "value until it is written)",
                      reg, comps);
}

void tgx_v_check_temps(tgx_vctx *c)
{
    const tgx_tgsi_shader *s = c->s;
    temps t = {c, NULL, temp_count(s), NULL, false};
    /* more registers than any declaration holds (TEMP[100000]: an error of its own) */
    if (t.n == 0 || t.n > 65536 || !s->num_insts)
        return;
    t.w = malloc(t.n * sizeof *t.w);
    t.loop_end = malloc(s->num_insts * sizeof *t.loop_end);
    if (!t.w || !t.loop_end) {
        free(t.w);
        free(t.loop_end);
        c->nomem = TGX_ERR_NOMEM;
        return;
    }
    for (size_t r = 0; r < t.n; r++) {
        t.w[r].warned = false;
        for (unsigned ch = 0; ch < 4; ch++)
            t.w[r].first[ch] = SIZE_MAX;
    }
    mark_loops(s, t.loop_end, &t.subroutines);
    record_writes(&t);
    for (size_t i = 0; i < s->num_insts; i++) {
        const tgx_tgsi_instruction *in = &s->insts[i];
        const tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(in->opcode);
        for (unsigned k = 0; info && k < in->num_src && k < TGX_TGSI_MAX_SRC; k++)
            check_read(&t, in, info, k, i);
    }
    free(t.w);
    free(t.loop_end);
}
