/* nvdisasm's text for a decoded texture instruction, driven by sm5_syntax.def. Text goes
 * straight into the caller's buffer: names are copied, numbers converted here (no stdio), so
 * a listing of a million words is a matter of copying bytes. */
#include <string.h>

#include "sm5/sm5_internal.h"

void sm5_put_slow(sm5_out *o, const char *s, size_t n)
{
    if (o->len < o->size) {
        size_t room = o->size - 1 - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
}

void sm5_put_hex_digits(sm5_out *o, uint64_t v, unsigned digits)
{
    char t[16];
    for (unsigned i = 16; i-- > 0;) {
        t[i] = "0123456789abcdef"[v & 15u];
        v >>= 4;
    }
    unsigned n = 16;
    while (n > digits && n > 1 && t[16 - n] == '0')
        n--;
    sm5_put(o, t + 16 - n, n);
}

SM5_INLINE void put_dec(sm5_out *o, unsigned v)
{
    char t[10];
    size_t n = sizeof t;
    do {
        t[--n] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    sm5_put(o, t + n, sizeof t - n);
}

/* "R" and 0..254, or "RZ". */
SM5_INLINE void put_reg(sm5_out *o, unsigned r)
{
    char t[4] = {'R', 'Z', 0, 0};
    size_t n = 2;
    if (r != TGX_SM5_RZ) {
        if (r >= 100)
            t[n - 1] = (char)('0' + r / 100), t[n++] = (char)('0' + r / 10 % 10);
        else if (r >= 10)
            t[n - 1] = (char)('0' + r / 10);
        else
            n--;
        t[n++] = (char)('0' + r % 10);
    }
    sm5_put(o, t, n);
}

/* "0x" and lower-case hex digits, as nvdisasm prints immediates. */
SM5_INLINE void put_hex(sm5_out *o, unsigned v)
{
    char t[10];
    size_t n = sizeof t;
    do {
        t[--n] = "0123456789abcdef"[v & 15u];
        v >>= 4;
    } while (v);
    t[--n] = 'x';
    t[--n] = '0';
    sm5_put(o, t + n, sizeof t - n);
}

/* One modifier of a syntax row: text printed when flag is set (flag 0: always), or for LOD,
 * COMP and TOFF the member's name. */
SM5_INLINE void put_mod(sm5_out *o, const tgx_sm5_insn *in, sm5_mod m, const char *text, size_t len,
                        uint32_t flag)
{
    if (m == SM5_MOD_LOD)
        sm5_put_name(o, &sm5_lod_names[in->lod & 7]);
    else if (m == SM5_MOD_COMP)
        sm5_put_name(o, &sm5_comp_names[in->component & 3]);
    else if (m == SM5_MOD_TOFF)
        sm5_put_name(o, &sm5_toff_names[in->toff & 3]);
    else if (flag == 0 || (in->flags & flag))
        sm5_put(o, text, len);
}

/* m is a constant where print_class expands it, so the switch folds to one put_mod. */
SM5_INLINE void print_mod(sm5_out *o, const tgx_sm5_insn *in, sm5_mod m)
{
    switch (m) {
#define X(name, text, flag)                                                                        \
    case SM5_MOD_##name: put_mod(o, in, SM5_MOD_##name, text, sizeof(text) - 1, flag); break;
        SM5_MOD_LIST(X)
#undef X
    case SM5_MOD_COUNT: break;
    }
}

SM5_INLINE void print_query(sm5_out *o, unsigned q)
{
    const char *name = sm5_query_name(q);
    if (name)
        sm5_put_str(o, name);
    else
        put_dec(o, q / 2);
}

/* One operand; returns 0 when it prints nothing (a sparse PT or an omitted RZ). */
SM5_INLINE int print_operand(sm5_out *o, const tgx_sm5_insn *in, sm5_opnd op)
{
    switch (op) {
    case SM5_OPND_SPARSE:
        if (in->sparse_pred == TGX_SM5_PT)
            return 0;
        sm5_put(o, "P", 1);
        put_dec(o, in->sparse_pred);
        break;
    case SM5_OPND_RD1: put_reg(o, in->rd1); break;
    case SM5_OPND_RD: put_reg(o, in->rd); break;
    case SM5_OPND_RA: put_reg(o, in->ra); break;
    case SM5_OPND_RB_OPT:
        if (in->rb == TGX_SM5_RZ)
            return 0;
        put_reg(o, in->rb);
        break;
    case SM5_OPND_RB: put_reg(o, in->rb); break;
    case SM5_OPND_INDEX: put_hex(o, in->tex_index); break;
    case SM5_OPND_ZERO: sm5_put(o, "0x0", 3); break;
    case SM5_OPND_TARGET: sm5_put_name(o, &sm5_target_names[in->target & 7]); break;
    case SM5_OPND_WMASK: put_hex(o, in->wmask); break;
    case SM5_OPND_WENC:
        sm5_put_name(
            o, &(in->rd1 == TGX_SM5_RZ ? sm5_wmsk2_names : sm5_wmsk34_names)[in->wmsk_enc & 7]);
        break;
    case SM5_OPND_QUERY: print_query(o, in->query); break;
    case SM5_OPND_END:
    case SM5_OPND_COUNT: return 0;
    }
    return 1;
}

/* An operand after the separator nvdisasm puts before it (" " before the first, ", " after);
 * an operand that prints nothing takes its separator back. Returns 0 once one has printed. */
SM5_INLINE int print_separated(sm5_out *o, const tgx_sm5_insn *in, sm5_opnd op, int first)
{
    size_t before = o->len;
    if (first)
        sm5_put(o, " ", 1);
    else
        sm5_put(o, ", ", 2);
    if (print_operand(o, in, op))
        return 0;
    o->len = before;
    return first;
}

/* The mnemonic, modifiers, phase and operands of in's class: sm5_syntax.def expanded into one
 * case per class, its tokens constants, so the printer interprets nothing at run time (parse.c
 * reads the same rows as data, sm5_syntaxes). */
static void print_class(sm5_out *o, const tgx_sm5_insn *in, unsigned phase)
{
    int first = 1;
#define PRINT_MOD(t) print_mod(o, in, SM5_MOD_##t)
#define PRINT_OP(t)  (first = print_separated(o, in, SM5_OPND_##t, first))
    switch (in->cls) {
#define SYNTAX(c, mn, mods, ops)                                                                   \
    case TGX_SM5_##c:                                                                              \
        sm5_put(o, mn, sizeof(mn) - 1);                                                            \
        SM5_TOKENS(PRINT_MOD, mods);                                                               \
        sm5_put_name(o, &sm5_phase_names[phase]);                                                  \
        SM5_TOKENS(PRINT_OP, ops);                                                                 \
        break;
#include "sm5/sm5_syntax.def"
#undef SYNTAX
    default: break;
    }
#undef PRINT_MOD
#undef PRINT_OP
    (void)first;
}

size_t tgx_sm5_print(const tgx_sm5_insn *in, uint32_t ctrl, char *buf, size_t size)
{
    sm5_out o = {buf, size, 0};
    if ((unsigned)in->cls < TGX_SM5_CLASS_COUNT) {
        if (in->pred != TGX_SM5_PT || in->pred_neg) {
            sm5_put(&o, in->pred_neg ? "@!" : "@", in->pred_neg ? 2 : 1);
            if (in->pred == TGX_SM5_PT) {
                sm5_put(&o, "PT ", 3);
            } else {
                sm5_put(&o, "P", 1);
                put_dec(&o, in->pred & 7u);
                sm5_put(&o, " ", 1);
            }
        }
        print_class(&o, in, TGX_SM5_CTRL_PHASE(ctrl));
        /* nvdisasm drops the space before ';' when the field's low 17 bits are 0x7e0 (stall 0,
         * yield 0, no barriers, no waits), measured with tools/nvdis --ctrl. */
        if ((ctrl & 0x1ffffu) == 0x7e0u)
            sm5_put(&o, ";", 1);
        else
            sm5_put(&o, " ;", 2);
    }
    if (size)
        buf[o.len < size ? o.len : size - 1] = '\0';
    return o.len;
}

tgx_status tgx_sm5_disasm_word(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, char *buf,
                               size_t size, tgx_diag *d)
{
    tgx_sm5_insn in;
    tgx_status st = tgx_sm5_decode(word, arch, &in, d);
    if (st != TGX_OK)
        return st;
    in.phase = (uint8_t)TGX_SM5_CTRL_PHASE(ctrl);
    tgx_sm5_print(&in, ctrl, buf, size);
    return TGX_OK;
}
