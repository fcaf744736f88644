/* nvdisasm's text for a decoded texture instruction, driven by sm5_syntax.def. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "sm5/sm5_internal.h"

/* An output buffer that counts what would have been written (snprintf-style). */
typedef struct sm5_out {
    char *buf;
    size_t size, len;
} sm5_out;

static void put(sm5_out *o, const char *s)
{
    size_t n = strlen(s);
    if (o->size && o->len < o->size - 1) {
        size_t room = o->size - 1 - o->len;
        memcpy(o->buf + o->len, s, n < room ? n : room);
    }
    o->len += n;
    if (o->size)
        o->buf[o->len < o->size ? o->len : o->size - 1] = '\0';
}

static void putf(sm5_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void putf(sm5_out *o, const char *fmt, ...)
{
    char tmp[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    put(o, tmp);
}

static void put_reg(sm5_out *o, unsigned r)
{
    if (r == TGX_SM5_RZ)
        put(o, "RZ");
    else
        putf(o, "R%u", r);
}

/* Copies the next space-separated word of *s into w (at most size-1 chars); 0 at the end. */
static int next_word(const char **s, char *w, size_t size)
{
    const char *p = *s;
    while (*p == ' ')
        p++;
    size_t n = 0;
    while (p[n] && p[n] != ' ')
        n++;
    if (n == 0 || n >= size)
        return 0;
    memcpy(w, p, n);
    w[n] = '\0';
    *s = p + n;
    return 1;
}

/* Flag that a literal modifier such as ".DC" stands for; 0 for the always-printed .B/.LOD. */
static uint32_t mod_flag(const char *m)
{
    static const struct {
        const char *name;
        uint32_t flag;
    } flags[] = {{".F16", TGX_SM5_F_F16}, {".LC", TGX_SM5_F_LC},   {".AOFFI", TGX_SM5_F_AOFFI},
                 {".DC", TGX_SM5_F_DC},   {".NDV", TGX_SM5_F_NDV}, {".NODEP", TGX_SM5_F_NODEP},
                 {".MS", TGX_SM5_F_MS},   {".CL", TGX_SM5_F_CL},   {".PTP", TGX_SM5_F_PTP}};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++) {
        if (strcmp(m, flags[i].name) == 0)
            return flags[i].flag;
    }
    return 0;
}

static void print_mods(sm5_out *o, const tgx_sm5_insn *in, const char *mods)
{
    char w[16];
    while (next_word(&mods, w, sizeof w)) {
        if (strcmp(w, "lod") == 0) {
            put(o, sm5_lod_names[in->lod & 7]);
        } else if (strcmp(w, "comp") == 0) {
            put(o, sm5_comp_names[in->component & 3]);
        } else if (strcmp(w, "toff") == 0) {
            put(o, sm5_toff_names[in->toff & 3]);
        } else {
            uint32_t f = mod_flag(w);
            if (f == 0 || (in->flags & f))
                put(o, w);
        }
    }
}

static void print_query(sm5_out *o, unsigned q)
{
    const char *name = sm5_query_name(q);
    if (name)
        put(o, name);
    else
        putf(o, "%u", q / 2);
}

/* One operand; returns 0 when it printed nothing (an omitted RZ or PT). */
static int print_operand(sm5_out *o, const tgx_sm5_insn *in, const char *op)
{
    size_t n = strlen(op);
    int optional = n && op[n - 1] == '?';
    if (strncmp(op, "sparse", 6) == 0) {
        if (in->sparse_pred == TGX_SM5_PT)
            return 0;
        putf(o, "P%u", in->sparse_pred);
    } else if (strncmp(op, "rd1", 3) == 0) {
        put_reg(o, in->rd1);
    } else if (op[0] == 'r' && op[1] == 'd') {
        put_reg(o, in->rd);
    } else if (op[0] == 'r' && (op[1] == 'a' || op[1] == 'b')) {
        unsigned r = op[1] == 'a' ? in->ra : in->rb;
        if (optional && r == TGX_SM5_RZ)
            return 0;
        put_reg(o, r);
    } else if (strcmp(op, "index") == 0) {
        putf(o, "0x%x", in->tex_index);
    } else if (strcmp(op, "zero") == 0) {
        put(o, "0x0");
    } else if (strcmp(op, "target") == 0) {
        put(o, sm5_target_names[in->target & 7]);
    } else if (strcmp(op, "wmask") == 0) {
        putf(o, "0x%x", in->wmask);
    } else if (strcmp(op, "wenc") == 0) {
        put(o, (in->rd1 == TGX_SM5_RZ ? sm5_wmsk2_names : sm5_wmsk34_names)[in->wmsk_enc & 7]);
    } else if (strcmp(op, "query") == 0) {
        print_query(o, in->query);
    }
    return 1;
}

size_t tgx_sm5_print(const tgx_sm5_insn *in, uint32_t ctrl, char *buf, size_t size)
{
    sm5_out o = {buf, size, 0};
    if (size)
        buf[0] = '\0';
    if ((unsigned)in->cls >= TGX_SM5_CLASS_COUNT)
        return 0;
    const sm5_syntax *sx = &sm5_syntaxes[in->cls];
    if (in->pred != TGX_SM5_PT || in->pred_neg) {
        put(&o, in->pred_neg ? "@!" : "@");
        if (in->pred == TGX_SM5_PT)
            put(&o, "PT ");
        else
            putf(&o, "P%u ", in->pred & 7);
    }
    put(&o, sx->mnemonic);
    print_mods(&o, in, sx->mods);
    /* The phase is bits 17-18 of the control field (docs/sm5.md, "The control field"). */
    static const char *const phases[4] = {"", ".T", ".P", ".INVALIDPHASE3"};
    put(&o, phases[TGX_SM5_CTRL_PHASE(ctrl)]);
    const char *ops = sx->operands;
    char w[16];
    const char *sep = " ";
    while (next_word(&ops, w, sizeof w)) {
        size_t before = o.len;
        put(&o, sep);
        if (print_operand(&o, in, w)) {
            sep = ", ";
        } else {
            o.len = before; /* take the separator back */
            if (o.size)
                o.buf[before < o.size ? before : o.size - 1] = '\0';
        }
    }
    /* nvdisasm drops the space before ';' when the field's low 17 bits are 0x7e0 (stall 0,
     * yield 0, no barriers, no waits), measured with tools/nvdis --ctrl. */
    put(&o, (ctrl & 0x1ffffu) == 0x7e0u ? ";" : " ;");
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
