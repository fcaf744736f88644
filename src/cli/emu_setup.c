/* `tgx emu` setup files and the default setup (emu_setup.h; the format is in docs/sm5-emu.md).
 *
 * One statement a line, `#` starts a comment:
 *   R4 = (x + 0.5) / 8        register of every thread: an expression of the thread (fp32)
 *   R6 = u32 3 << 20 | 3      ... as a 32-bit integer (u32, i32) or fp32 (f32, the default)
 *   R6 = 0x3f800000           a lone 0xHEX is the word's bits; 7u and -7i are integers
 *   R4[3] = 1.5               one thread
 *   P0 = i % 2 == 0           a predicate (non-zero is true)
 *   c[0x0][0x148] = 0x300003  constant bank word at a byte address (a multiple of 4)
 *   bind 0x52 = 3, 5          word 0x52 of the texture bank = sampler 5 << 20 | header 3
 *   header 3 = SPEC           a texture as tgx run --tex makes it (FILE.png, GEN[@OPTS], @OPTS)
 *   view 3 = levels=1:3,...   the header's view (tgx_tex_view_parse keys)
 *   unmapped 3                header 3 is a sparse texture with no page mapped
 *   sampler 5 = filter=linear sampler state (tgx_sampler_parse keys)
 *   header_max N, sampler_max N, texbank N, binding via_header|separate,
 *   active MASK, helpers MASK, stage fragment|compute, profile exact|nv
 * Expressions: numbers (decimal, 0x hex, floats), the thread's i (0..31), q (quad, i / 4), l (its
 * place in the quad, i % 4), x, y (its pixel in an 8x4 tile of 2x2 quads), + - * / %, unary -,
 * comparisons, && ||, & | ^ << >> (on integers), parentheses. Arithmetic is in double. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/emu_setup.h"
#include "tgx/io.h"
#include "tgx/util.h"

void emu_setup_init(emu_setup *s, tgx_sm5_emu *emu)
{
    memset(s, 0, sizeof *s);
    s->emu = emu;
}

void emu_setup_free(emu_setup *s)
{
    for (size_t i = 0; i < s->ntex; i++)
        tgx_tex_destroy(s->tex[i]);
    free(s->tex);
    s->tex = NULL;
    s->ntex = s->captex = 0;
}

bool emu_setup_keep(emu_setup *s, tgx_tex *t)
{
    if (s->ntex == s->captex) {
        size_t cap = s->captex ? 2 * s->captex : 8;
        tgx_tex **p = realloc(s->tex, cap * sizeof *p);
        if (!p)
            return false;
        s->tex = p;
        s->captex = cap;
    }
    s->tex[s->ntex++] = t;
    return true;
}

/* ---- scanning ----------------------------------------------------------------------------------
 */

typedef struct scan {
    const char *line; /* the statement's line, comment removed */
    const char *p;    /* next character */
    const char *file;
    unsigned lineno;
    tgx_diag *d;
} scan;

static unsigned col_of(const scan *sc, const char *at)
{
    return (unsigned)(at - sc->line) + 1;
}

static tgx_status fail_at(const scan *sc, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static tgx_status fail_at(const scan *sc, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tgx_diag_vset(sc->d, TGX_ERR_PARSE, sc->file, sc->lineno, col_of(sc, at), fmt, ap);
    va_end(ap);
    return TGX_ERR_PARSE;
}

static void skip_space(scan *sc)
{
    while (*sc->p == ' ' || *sc->p == '\t')
        sc->p++;
}

static bool take(scan *sc, const char *tok)
{
    skip_space(sc);
    size_t n = strlen(tok);
    if (strncmp(sc->p, tok, n) != 0)
        return false;
    sc->p += n;
    return true;
}

/* A word of letters, digits and '_' (the keyword or register name); empty if none. */
static size_t word_len(const char *p)
{
    size_t n = 0;
    while (isalnum((unsigned char)p[n]) || p[n] == '_')
        n++;
    return n;
}

/* ---- expressions -------------------------------------------------------------------------------
 */

typedef struct thread_vars {
    double i, q, l, x, y;
} thread_vars;

static thread_vars vars_of(unsigned t)
{
    unsigned q = t / 4, l = t % 4;
    thread_vars v = {t, q, l, 2 * (q % 4) + (l & 1u), 2 * (q / 4) + (l >> 1)};
    return v;
}

typedef struct expr_ctx {
    scan *sc;
    thread_vars v;
    tgx_status st;
} expr_ctx;

static double expr_or(expr_ctx *e);

static double expr_fail(expr_ctx *e, const char *at, const char *what)
{
    if (e->st == TGX_OK)
        e->st = fail_at(e->sc, at, "%s", what);
    return 0.0;
}

static uint64_t to_int(double v)
{
    return tgx_d2u64_sat(v < 0 ? (double)(uint32_t)tgx_d2i_sat(v) : v);
}

static double number(expr_ctx *e)
{
    scan *sc = e->sc;
    const char *start = sc->p;
    char *end;
    double v;
    if (sc->p[0] == '0' && (sc->p[1] == 'x' || sc->p[1] == 'X'))
        v = (double)strtoull(sc->p, &end, 16);
    else {
        errno = 0;
        v = strtod(sc->p, &end);
        /* as everywhere in tgx, a number the type cannot hold is an error, not inf or 0 */
        if (end != start && errno == ERANGE && (isinf(v) || v == 0))
            return expr_fail(e, start,
                             isinf(v) ? "number too large for a 64-bit float"
                                      : "number too small for a 64-bit float (it "
                                        "would become 0)");
    }
    if (end == start)
        return expr_fail(e, start, "expected a number, a thread variable (i, q, l, x, y) or '('");
    sc->p = end;
    return v;
}

static double primary(expr_ctx *e)
{
    scan *sc = e->sc;
    skip_space(sc);
    const char *at = sc->p;
    if (take(sc, "(")) {
        double v = expr_or(e);
        if (!take(sc, ")"))
            return expr_fail(e, sc->p, "expected ')'");
        return v;
    }
    if (take(sc, "-"))
        return -primary(e);
    if (take(sc, "!"))
        return primary(e) == 0.0 ? 1.0 : 0.0;
    size_t n = word_len(at);
    if (n == 1 && isalpha((unsigned char)*at)) {
        sc->p++;
        switch (*at) {
        case 'i': return e->v.i;
        case 'q': return e->v.q;
        case 'l': return e->v.l;
        case 'x': return e->v.x;
        case 'y': return e->v.y;
        default: break;
        }
        return expr_fail(e, at, "unknown variable (the thread's i, q, l, x, y)");
    }
    return number(e);
}

/* The binary operators, C's precedence (higher binds tighter). Two-character operators come
 * before their one-character prefixes so that "<<" is not read as "<". */
typedef double (*binop_fn)(double a, double b);

static double op_or(double a, double b)
{
    return a != 0.0 || b != 0.0;
}
static double op_and(double a, double b)
{
    return a != 0.0 && b != 0.0;
}
static double op_bor(double a, double b)
{
    return (double)((uint32_t)to_int(a) | (uint32_t)to_int(b));
}
static double op_xor(double a, double b)
{
    return (double)((uint32_t)to_int(a) ^ (uint32_t)to_int(b));
}
static double op_band(double a, double b)
{
    return (double)((uint32_t)to_int(a) & (uint32_t)to_int(b));
}
static double op_eq(double a, double b)
{
    return a == b;
}
static double op_ne(double a, double b)
{
    return a != b;
}
static double op_le(double a, double b)
{
    return a <= b;
}
static double op_ge(double a, double b)
{
    return a >= b;
}
static double op_lt(double a, double b)
{
    return a < b;
}
static double op_gt(double a, double b)
{
    return a > b;
}
static double op_shl(double a, double b)
{
    uint64_t n = to_int(b);
    return (double)(n < 32 ? (uint32_t)to_int(a) << n : 0u);
}
static double op_shr(double a, double b)
{
    uint64_t n = to_int(b);
    return (double)(n < 32 ? (uint32_t)to_int(a) >> n : 0u);
}
static double op_add(double a, double b)
{
    return a + b;
}
static double op_sub(double a, double b)
{
    return a - b;
}
static double op_mul(double a, double b)
{
    return a * b;
}
static double op_div(double a, double b)
{
    return a / b;
}
static double op_mod(double a, double b)
{
    return fmod(a, b);
}

static const struct binop {
    const char *text;
    uint8_t prec;
    binop_fn fn;
} binops[] = {
    {"||", 1, op_or},  {"&&", 2, op_and}, {"==", 6, op_eq},  {"!=", 6, op_ne}, {"<=", 7, op_le},
    {">=", 7, op_ge},  {"<<", 8, op_shl}, {">>", 8, op_shr}, {"|", 3, op_bor}, {"^", 4, op_xor},
    {"&", 5, op_band}, {"<", 7, op_lt},   {">", 7, op_gt},   {"+", 9, op_add}, {"-", 9, op_sub},
    {"*", 10, op_mul}, {"/", 10, op_div}, {"%", 10, op_mod},
};

static const struct binop *peek_binop(scan *sc)
{
    skip_space(sc);
    for (size_t k = 0; k < sizeof binops / sizeof binops[0]; k++)
        if (!strncmp(sc->p, binops[k].text, strlen(binops[k].text)))
            return &binops[k];
    return NULL;
}

/* Precedence climbing: operands bound by operators of precedence min_prec and above. */
static double expr_prec(expr_ctx *e, unsigned min_prec)
{
    double v = primary(e);
    for (;;) {
        const struct binop *op = peek_binop(e->sc);
        if (!op || op->prec < min_prec)
            return v;
        e->sc->p += strlen(op->text);
        v = op->fn(v, expr_prec(e, op->prec + 1u));
    }
}

static double expr_or(expr_ctx *e)
{
    return expr_prec(e, 1);
}

/* Evaluates the rest of the statement for thread t; it must use the whole text. */
static tgx_status eval(scan *sc, unsigned t, double *out)
{
    expr_ctx e = {sc, vars_of(t), TGX_OK};
    const char *start = sc->p;
    *out = expr_or(&e);
    skip_space(sc);
    if (e.st == TGX_OK && *sc->p)
        e.st = fail_at(sc, sc->p, "unexpected '%s' after the expression", sc->p);
    sc->p = start;
    return e.st;
}

typedef enum value_type { V_F32, V_U32, V_I32, V_BITS } value_type;

/* The type prefix (f32, u32, i32) or the lone-literal forms 0xHEX (bits), Nu, Ni. */
static value_type value_kind(scan *sc, uint32_t *literal)
{
    skip_space(sc);
    static const char *const prefix[3] = {"f32", "u32", "i32"};
    for (int k = 0; k < 3; k++) {
        size_t n = strlen(prefix[k]);
        if (!strncmp(sc->p, prefix[k], n) && !isalnum((unsigned char)sc->p[n])) {
            sc->p += n;
            return (value_type)k;
        }
    }
    char *end;
    const char *p = sc->p;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
        unsigned long long v = strtoull(p, &end, 16);
        while (*end == ' ' || *end == '\t')
            end++;
        if (!*end && v <= UINT32_MAX) {
            *literal = (uint32_t)v;
            return V_BITS;
        }
    }
    long long v = strtoll(p, &end, 10);
    if (end != p && (*end == 'u' || *end == 'i')) {
        const char *rest = end + 1;
        while (*rest == ' ' || *rest == '\t')
            rest++;
        if (!*rest && v >= INT32_MIN && v <= (long long)UINT32_MAX) {
            *literal = (uint32_t)v;
            return V_BITS;
        }
    }
    return V_F32;
}

static uint32_t word_of(value_type k, double v)
{
    switch (k) {
    case V_U32: return tgx_d2u_sat(v);
    case V_I32: return (uint32_t)tgx_d2i_sat(v);
    default: return tgx_f2bits((float)v);
    }
}

/* ---- statements ------------------------------------------------------------------------------ */

/* A whole number (decimal or 0x hex) no larger than max. */
static tgx_status read_uint(scan *sc, uint32_t max, const char *what, uint32_t *out)
{
    skip_space(sc);
    const char *at = sc->p;
    char *end;
    if (!isdigit((unsigned char)*at))
        return fail_at(sc, at, "expected %s (a number)", what);
    unsigned long long v = strtoull(at, &end, 0);
    if (v > max)
        return fail_at(sc, at, "%s %llu is larger than %u", what, v, max);
    sc->p = end;
    *out = (uint32_t)v;
    return TGX_OK;
}

static tgx_status expect_end(scan *sc)
{
    skip_space(sc);
    return *sc->p ? fail_at(sc, sc->p, "unexpected '%s' at the end of the statement", sc->p)
                  : TGX_OK;
}

static tgx_status expect_eq(scan *sc)
{
    return take(sc, "=") ? TGX_OK : fail_at(sc, sc->p, "expected '='");
}

/* "[N]" after a register or predicate name: one thread; none: every thread. */
static tgx_status thread_range(scan *sc, unsigned *first, unsigned *last)
{
    *first = 0;
    *last = TGX_SM5_EMU_THREADS - 1;
    if (!take(sc, "["))
        return TGX_OK;
    uint32_t t;
    tgx_status st = read_uint(sc, TGX_SM5_EMU_THREADS - 1, "a thread", &t);
    if (st < 0)
        return st;
    if (!take(sc, "]"))
        return fail_at(sc, sc->p, "expected ']'");
    *first = *last = t;
    return TGX_OK;
}

static tgx_status stmt_reg(emu_setup *s, scan *sc, unsigned reg)
{
    unsigned first, last;
    tgx_status st = thread_range(sc, &first, &last);
    if (st == TGX_OK)
        st = expect_eq(sc);
    if (st < 0)
        return st;
    uint32_t literal = 0;
    value_type k = value_kind(sc, &literal);
    skip_space(sc);
    if (!*sc->p)
        return fail_at(sc, sc->p, "expected a value");
    for (unsigned t = first; t <= last; t++) {
        double v = 0.0;
        if (k != V_BITS && (st = eval(sc, t, &v)) < 0)
            return st;
        tgx_sm5_emu_set_reg(s->emu, t, reg, k == V_BITS ? literal : word_of(k, v));
    }
    s->reg_set[reg] = true;
    return TGX_OK;
}

static tgx_status stmt_pred(emu_setup *s, scan *sc, unsigned pred)
{
    unsigned first, last;
    tgx_status st = thread_range(sc, &first, &last);
    if (st == TGX_OK)
        st = expect_eq(sc);
    for (unsigned t = first; t <= last && st == TGX_OK; t++) {
        double v;
        st = eval(sc, t, &v);
        if (st == TGX_OK)
            tgx_sm5_emu_set_pred(s->emu, t, pred, v != 0.0);
    }
    return st;
}

/* c[BANK][BYTE] = value */
static tgx_status stmt_cbank(emu_setup *s, scan *sc)
{
    uint32_t bank, addr, literal = 0;
    const char *at;
    tgx_status st = read_uint(sc, TGX_SM5_EMU_BANKS - 1, "a bank", &bank);
    if (st == TGX_OK && !take(sc, "]["))
        st = fail_at(sc, sc->p, "expected '][' between the bank and the address");
    skip_space(sc);
    at = sc->p;
    if (st == TGX_OK)
        st = read_uint(sc, TGX_SM5_EMU_BANK_WORDS * 4 - 4, "a byte address", &addr);
    if (st == TGX_OK && addr % 4)
        st = fail_at(sc, at, "byte address 0x%x is not a multiple of 4 (banks hold words)", addr);
    if (st == TGX_OK && !take(sc, "]"))
        st = fail_at(sc, sc->p, "expected ']'");
    if (st == TGX_OK)
        st = expect_eq(sc);
    if (st < 0)
        return st;
    value_type k = value_kind(sc, &literal);
    double v = 0.0;
    if (k != V_BITS && (st = eval(sc, 0, &v)) < 0)
        return st;
    return tgx_sm5_emu_set_cbank(s->emu, bank, addr / 4, k == V_BITS ? literal : word_of(k, v),
                                 sc->d);
}

/* bind WORD = HEADER [, SAMPLER] */
static tgx_status stmt_bind(emu_setup *s, scan *sc, unsigned bank)
{
    uint32_t word, header, sampler;
    tgx_status st = read_uint(sc, 0x1fff, "a texture index (#tsPtrIdxU13)", &word);
    if (st == TGX_OK)
        st = expect_eq(sc);
    if (st == TGX_OK)
        st = read_uint(sc, TGX_SM5_EMU_MAX_HEADER, "a header index", &header);
    if (st < 0)
        return st;
    sampler = header & TGX_SM5_EMU_MAX_SAMPLER;
    if (take(sc, ",") &&
        (st = read_uint(sc, TGX_SM5_EMU_MAX_SAMPLER, "a sampler index", &sampler)) < 0)
        return st;
    if ((st = expect_end(sc)) < 0)
        return st;
    return tgx_sm5_emu_set_cbank(s->emu, bank, word, sampler << 20 | header, sc->d);
}

/* The rest of the line, trimmed; fails when empty. */
static tgx_status rest_text(scan *sc, const char *what, char *buf, size_t size)
{
    skip_space(sc);
    size_t n = strlen(sc->p);
    while (n && (sc->p[n - 1] == ' ' || sc->p[n - 1] == '\t'))
        n--;
    if (!n)
        return fail_at(sc, sc->p, "expected %s", what);
    if (n >= size)
        return fail_at(sc, sc->p, "%s is too long", what);
    memcpy(buf, sc->p, n);
    buf[n] = 0;
    return TGX_OK;
}

/* "= TEXT" to the end of the line: TEXT trimmed into buf, *at where it starts. */
static tgx_status eq_text(scan *sc, const char *what, char *buf, size_t size, const char **at)
{
    tgx_status st = expect_eq(sc);
    skip_space(sc);
    *at = sc->p;
    return st < 0 ? st : rest_text(sc, what, buf, size);
}

/* Re-raises a library diagnostic at the statement's value. */
static tgx_status fail_value(scan *sc, const char *at, const char *what, const tgx_diag *inner)
{
    return fail_at(sc, at, "%s: %s", what, inner->message);
}

static tgx_status stmt_header(emu_setup *s, scan *sc)
{
    uint32_t index = 0; /* set by read_uint; gcc 12 -O2 cannot see it through the status */
    char spec[512];
    const char *at = sc->p;
    tgx_status st = read_uint(sc, TGX_SM5_EMU_MAX_HEADER, "a header index", &index);
    if (st == TGX_OK)
        st = eq_text(sc, "a texture (FILE.png, GEN[@OPTS] or @OPTS)", spec, sizeof spec, &at);
    if (st < 0)
        return st;
    tgx_tex *tex = NULL;
    tgx_diag inner;
    if (tgx_tex_from_spec(spec, &tex, &inner) < 0)
        return fail_value(sc, at, "texture", &inner);
    if (!emu_setup_keep(s, tex)) {
        tgx_tex_destroy(tex);
        return tgx_diag_set(sc->d, TGX_ERR_NOMEM, sc->file, sc->lineno, 1, "out of memory");
    }
    tgx_sm5_emu_header h;
    tgx_sm5_emu_header_init(&h, tex);
    return tgx_sm5_emu_set_header(s->emu, index, &h, sc->d);
}

/* A header already set, for view / unmapped. */
static tgx_status existing_header(emu_setup *s, scan *sc, uint32_t *index, tgx_sm5_emu_header *h)
{
    skip_space(sc);
    const char *at = sc->p;
    tgx_status st = read_uint(sc, TGX_SM5_EMU_MAX_HEADER, "a header index", index);
    if (st < 0)
        return st;
    const tgx_sm5_emu_header *cur = tgx_sm5_emu_header_at(s->emu, *index);
    if (!cur)
        return fail_at(sc, at, "header %u is not set (give 'header %u = ...' first)", *index,
                       *index);
    *h = *cur;
    return TGX_OK;
}

static tgx_status stmt_view(emu_setup *s, scan *sc)
{
    uint32_t index = 0;
    tgx_sm5_emu_header h;
    char text[256];
    const char *at = sc->p;
    tgx_status st = existing_header(s, sc, &index, &h);
    if (st == TGX_OK)
        st = eq_text(sc, "view options (target=, format=, swizzle=, levels=, layers=)", text,
                     sizeof text, &at);
    if (st < 0)
        return st;
    tgx_diag inner;
    if (tgx_tex_view_parse(&h.view, text, &inner) < 0)
        return fail_value(sc, at, "view", &inner);
    return tgx_sm5_emu_set_header(s->emu, index, &h, sc->d);
}

static tgx_status stmt_unmapped(emu_setup *s, scan *sc)
{
    uint32_t index = 0;
    tgx_sm5_emu_header h;
    tgx_status st = existing_header(s, sc, &index, &h);
    if (st == TGX_OK)
        st = expect_end(sc);
    if (st < 0)
        return st;
    h.unmapped = true;
    return tgx_sm5_emu_set_header(s->emu, index, &h, sc->d);
}

static tgx_status stmt_sampler(emu_setup *s, scan *sc)
{
    uint32_t index = 0;
    char text[512];
    const char *at = sc->p;
    tgx_status st = read_uint(sc, TGX_SM5_EMU_MAX_SAMPLER, "a sampler index", &index);
    if (st == TGX_OK)
        st = eq_text(sc, "sampler states (key=value,...)", text, sizeof text, &at);
    if (st < 0)
        return st;
    tgx_sampler smp;
    tgx_sampler_init(&smp);
    tgx_diag inner;
    if (tgx_sampler_parse(&smp, text, &inner) < 0)
        return fail_value(sc, at, "sampler", &inner);
    return tgx_sm5_emu_set_sampler(s->emu, index, &smp, sc->d);
}

/* A statement "NAME WORD" whose WORD is one of two choices; *second says which. */
static tgx_status choice(scan *sc, const char *a, const char *b, bool *second)
{
    skip_space(sc);
    const char *at = sc->p;
    size_t n = word_len(at);
    if (n == strlen(a) && !strncmp(at, a, n))
        *second = false;
    else if (n == strlen(b) && !strncmp(at, b, n))
        *second = true;
    else
        return fail_at(sc, at, "expected '%s' or '%s'", a, b);
    sc->p += n;
    return expect_end(sc);
}

static tgx_status stmt_mask(emu_setup *s, scan *sc, bool helpers)
{
    double v;
    tgx_status st = eval(sc, 0, &v);
    if (st < 0)
        return st;
    uint32_t m = (uint32_t)to_int(v);
    if (helpers)
        tgx_sm5_emu_set_helpers(s->emu, m);
    else
        tgx_sm5_emu_set_active(s->emu, m);
    return TGX_OK;
}

static tgx_status statement(emu_setup *s, scan *sc)
{
    skip_space(sc);
    const char *at = sc->p;
    size_t n = word_len(at);
    char kw[24] = {0};
    memcpy(kw, at, n < sizeof kw - 1 ? n : sizeof kw - 1);
    sc->p += n;
    uint32_t num;
    bool second;
    tgx_status st;
    if ((kw[0] == 'R' || kw[0] == 'P') && isdigit((unsigned char)kw[1])) {
        unsigned long v = strtoul(kw + 1, NULL, 10);
        unsigned limit = kw[0] == 'R' ? TGX_SM5_EMU_REGS : TGX_SM5_EMU_PREDS;
        if (v >= limit || word_len(kw + 1) != n - 1)
            return fail_at(sc, at, "%s is not a register R0..R254 or predicate P0..P6", kw);
        return kw[0] == 'R' ? stmt_reg(s, sc, (unsigned)v) : stmt_pred(s, sc, (unsigned)v);
    }
    if (!strcmp(kw, "c") && take(sc, "["))
        return stmt_cbank(s, sc);
    if (!strcmp(kw, "bind"))
        return stmt_bind(s, sc, s->tex_bank);
    if (!strcmp(kw, "header"))
        return stmt_header(s, sc);
    if (!strcmp(kw, "view"))
        return stmt_view(s, sc);
    if (!strcmp(kw, "unmapped"))
        return stmt_unmapped(s, sc);
    if (!strcmp(kw, "sampler"))
        return stmt_sampler(s, sc);
    if (!strcmp(kw, "active") || !strcmp(kw, "helpers"))
        return stmt_mask(s, sc, kw[0] == 'h');
    if (!strcmp(kw, "header_max") || !strcmp(kw, "sampler_max")) {
        bool h = kw[0] == 'h';
        st = read_uint(sc, h ? TGX_SM5_EMU_MAX_HEADER : TGX_SM5_EMU_MAX_SAMPLER, "an index", &num);
        if (st == TGX_OK && (st = expect_end(sc)) == TGX_OK) {
            if (h)
                tgx_sm5_emu_set_header_max(s->emu, num);
            else
                tgx_sm5_emu_set_sampler_max(s->emu, num);
        }
        return st;
    }
    if (!strcmp(kw, "texbank")) {
        st = read_uint(sc, TGX_SM5_EMU_BANKS - 1, "a bank", &num);
        if (st == TGX_OK && (st = expect_end(sc)) == TGX_OK) {
            s->tex_bank = num;
            st = tgx_sm5_emu_set_tex_bank(s->emu, num, sc->d);
        }
        return st;
    }
    if (!strcmp(kw, "binding")) {
        if ((st = choice(sc, "separate", "via_header", &second)) == TGX_OK)
            tgx_sm5_emu_set_via_header_binding(s->emu, second);
        return st;
    }
    if (!strcmp(kw, "stage")) {
        if ((st = choice(sc, "fragment", "compute", &second)) == TGX_OK)
            tgx_sm5_emu_set_quads(s->emu, !second);
        return st;
    }
    if (!strcmp(kw, "profile")) {
        if ((st = choice(sc, "exact", "nv", &second)) == TGX_OK) {
            s->profile_set = true;
            s->profile = second ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
        }
        return st;
    }
    return fail_at(sc, at,
                   "unknown statement '%s' (Rn, Pn, c[B][A], bind, header, view, unmapped, "
                   "sampler, header_max, sampler_max, texbank, binding, active, helpers, stage, "
                   "profile)",
                   kw[0] ? kw : at);
}

tgx_status emu_setup_parse(emu_setup *s, const char *text, const char *file, tgx_diag *d)
{
    char line[1024];
    unsigned lineno = 0;
    const char *p = text;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        lineno++;
        if (n >= sizeof line)
            return tgx_diag_set(d, TGX_ERR_PARSE, file, lineno, (unsigned)sizeof line,
                                "line is longer than %zu characters", sizeof line - 1);
        memcpy(line, p, n);
        line[n] = 0;
        if (n && line[n - 1] == '\r')
            line[--n] = 0;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        scan sc = {line, line, file, lineno, d};
        skip_space(&sc);
        if (*sc.p) {
            tgx_status st = statement(s, &sc);
            if (st < 0) {
                if (d && d->line == 0) { /* a library message without a position */
                    d->line = lineno;
                    d->column = 1;
                    snprintf(d->file, sizeof d->file, "%s", file ? file : "");
                }
                return st;
            }
        }
        p = eol ? eol + 1 : p + n;
    }
    return TGX_OK;
}

void emu_setup_apply_profile(emu_setup *s, tgx_tex_profile p)
{
    for (uint32_t i = 0; i <= TGX_SM5_EMU_MAX_SAMPLER; i++) {
        const tgx_sampler *cur = tgx_sm5_emu_sampler_at(s->emu, i);
        if (!cur)
            continue;
        tgx_sampler copy = *cur;
        copy.profile = p;
        tgx_sm5_emu_set_sampler(s->emu, i, &copy, NULL);
    }
}
