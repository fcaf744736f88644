/* The expressions and values of `tgx emu` setup files (emu_setup.c reads the statements;
 * docs/sm5-emu.md, "Setup files", is the format). Numbers (decimal, 0x hex words, floats), the
 * thread's i (0..31), q (quad, i / 4), l (its place in the quad, i % 4), x, y (its pixel in an 8x4
 * tile of 2x2 quads), + - * / %, unary - ! ~, comparisons, && ||, & | ^ << >> (on 32-bit words),
 * parentheses, by precedence climbing over a table of C's operators. Arithmetic is in double;
 * what C leaves undefined (division by zero, shifts past 31, bit operations on values that are
 * not 32-bit words) and values the destination cannot hold (fp32 overflow or underflow to 0,
 * u32/i32 out of range) are errors at their column, never wrapped or saturated in silence. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/setup_expr.h"
#include "tgx/util.h"

/* ---- scanning ----------------------------------------------------------------------------- */

static unsigned col_of(const emu_scan *sc, const char *at)
{
    return (unsigned)(at - sc->line) + 1;
}

tgx_status emu_fail_at(const emu_scan *sc, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tgx_diag_vset(sc->d, TGX_ERR_PARSE, sc->file, sc->lineno, col_of(sc, at), fmt, ap);
    va_end(ap);
    return TGX_ERR_PARSE;
}

void emu_skip_space(emu_scan *sc)
{
    while (*sc->p == ' ' || *sc->p == '\t')
        sc->p++;
}

bool emu_take(emu_scan *sc, const char *tok)
{
    emu_skip_space(sc);
    size_t n = strlen(tok);
    if (strncmp(sc->p, tok, n) != 0)
        return false;
    sc->p += n;
    return true;
}

/* A word of letters, digits and '_' (the keyword or register name); empty if none. */
size_t emu_word_len(const char *p)
{
    size_t n = 0;
    while (isalnum((unsigned char)p[n]) || p[n] == '_')
        n++;
    return n;
}

/* What stands at p, for messages: 'WORD' (up to 24 characters), 'c', a byte outside printable
 * ASCII by its value (setup files are ASCII outside comments and file names), or the end. */
const char *emu_found(const char *p, char *buf, size_t size)
{
    unsigned char c = (unsigned char)*p;
    size_t n = emu_word_len(p);
    if (!c)
        snprintf(buf, size, "the end of the line");
    else if (n)
        snprintf(buf, size, "'%.*s%s'", (int)(n < 24 ? n : 24), p, n > 24 ? "..." : "");
    else if (c >= 0x80)
        snprintf(buf, size, "non-ASCII byte 0x%02x", c);
    else if (c < 0x20 || c == 0x7f)
        snprintf(buf, size, "control byte 0x%02x", c);
    else
        snprintf(buf, size, "'%c'", c);
    return buf;
}

/* ---- expressions ---------------------------------------------------------------------------- */

typedef struct thread_vars {
    double i, q, l, x, y;
} thread_vars;

static thread_vars vars_of(unsigned t)
{
    unsigned q = t / 4, l = t % 4;
    thread_vars v = {t, q, l, 2 * (q % 4) + (l & 1u), 2 * (q / 4) + (l >> 1)};
    return v;
}

/* One evaluation: per thread (thread < 32) or one value for the whole warp (masks, bank words:
 * thread variables are refused there). */
typedef struct expr_ctx {
    emu_scan *sc;
    thread_vars v;
    unsigned thread; /* EMU_WARP_WIDE: a value for the whole warp */
    tgx_status st;
    bool varying; /* a thread variable was read: values may differ by thread */
} expr_ctx;

static double expr_or(expr_ctx *e);

static double expr_fail(expr_ctx *e, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static tgx_status vfail(expr_ctx *e, const char *at, bool per_thread, const char *fmt, va_list ap)
    __attribute__((format(printf, 4, 0)));
static tgx_status vfail(expr_ctx *e, const char *at, bool per_thread, const char *fmt, va_list ap)
{
    if (e->st != TGX_OK)
        return e->st;
    char msg[TGX_DIAG_MSG_MAX];
    vsnprintf(msg, sizeof msg, fmt, ap);
    if (per_thread && e->varying && e->thread != EMU_WARP_WIDE)
        e->st = emu_fail_at(e->sc, at, "%s (%s %u)", msg, e->sc->unit ? e->sc->unit : "thread",
                            e->thread);
    else
        e->st = emu_fail_at(e->sc, at, "%s", msg);
    return e->st;
}

/* Records the first error of an evaluation; returns 0 for the value. */
static double expr_fail(expr_ctx *e, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(e, at, false, fmt, ap);
    va_end(ap);
    return 0.0;
}

/* The same for a value that the thread's variables may have made wrong: names the thread when
 * the expression read one. */
static double value_fail(expr_ctx *e, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static double value_fail(expr_ctx *e, const char *at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vfail(e, at, true, fmt, ap);
    va_end(ap);
    return 0.0;
}

/* The operand of a bit operation as a 32-bit word: a whole number from -2^31 (two's
 * complement) to 2^32 - 1. */
static uint32_t int_operand(expr_ctx *e, const char *at, double v)
{
    if (v != v || v != floor(v) || v < -2147483648.0 || v > 4294967295.0) {
        value_fail(e, at,
                   "%.9g is not a 32-bit word (a whole number from -2147483648 to 4294967295)", v);
        return 0;
    }
    return v < 0 ? (uint32_t)tgx_d2i_sat(v) : tgx_d2u_sat(v);
}

static double number(expr_ctx *e)
{
    emu_scan *sc = e->sc;
    const char *start = sc->p;
    char *end;
    double v;
    char what[48];
    errno = 0;
    if (sc->p[0] == '0' && (sc->p[1] == 'x' || sc->p[1] == 'X')) {
        if (!isxdigit((unsigned char)sc->p[2]))
            return expr_fail(e, start, "expected hex digits after '0x'");
        unsigned long long u = strtoull(sc->p, &end, 16);
        /* every integer place of a setup is a 32-bit word */
        if (errno == ERANGE || u > UINT32_MAX)
            return expr_fail(e, start, "%.*s is wider than 32 bits", (int)(end - start), start);
        v = (double)u;
    } else {
        v = strtod(sc->p, &end);
        /* as everywhere in tgx, a number the type cannot hold is an error, not inf or 0 */
        if (end != start && errno == ERANGE && (isinf(v) || v == 0))
            return expr_fail(e, start, "%s",
                             isinf(v) ? "number too large for a 64-bit float"
                                      : "number too small for a 64-bit float (it "
                                        "would become 0)");
    }
    if (end == start)
        return expr_fail(e, start,
                         "expected a number, a thread variable (i, q, l, x, y) or '(', found %s",
                         emu_found(start, what, sizeof what));
    sc->p = end;
    return v;
}

static double variable(expr_ctx *e, const char *at)
{
    if (e->thread == EMU_WARP_WIDE)
        return expr_fail(
            e, at, "'%c' is a thread variable; this value is one number for the whole warp", *at);
    e->varying = true;
    switch (*at) {
    case 'i': return e->v.i;
    case 'q': return e->v.q;
    case 'l': return e->v.l;
    case 'x': return e->v.x;
    default: return e->v.y;
    }
}

static double primary(expr_ctx *e)
{
    emu_scan *sc = e->sc;
    emu_skip_space(sc);
    const char *at = sc->p;
    if (emu_take(sc, "(")) {
        double v = expr_or(e);
        if (!emu_take(sc, ")")) {
            char what[48];
            return expr_fail(e, sc->p, "expected ')', found %s",
                             emu_found(sc->p, what, sizeof what));
        }
        return v;
    }
    if (emu_take(sc, "-"))
        return -primary(e);
    if (emu_take(sc, "!"))
        return primary(e) == 0.0 ? 1.0 : 0.0;
    if (emu_take(sc, "~")) {
        const char *arg = sc->p;
        return (double)~int_operand(e, arg, primary(e));
    }
    size_t n = emu_word_len(at);
    if (n == 1 && isalpha((unsigned char)*at)) {
        sc->p++;
        if (strchr("iqlxy", *at))
            return variable(e, at);
        return expr_fail(e, at, "unknown variable '%c' (the thread's i, q, l, x, y)", *at);
    }
    return number(e);
}

/* The binary operators, C's precedence (higher binds tighter). Two-character operators come
 * before their one-character prefixes so that "<<" is not read as "<". Pure operators cannot
 * fail; checked ones get the evaluation and the operator's place (`at`) for their messages. */
typedef double (*pure_fn)(double a, double b);
typedef double (*checked_fn)(expr_ctx *e, const char *at, double a, double b);

static double op_or(double a, double b)
{
    return a != 0.0 || b != 0.0;
}
static double op_and(double a, double b)
{
    return a != 0.0 && b != 0.0;
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
static double op_bor(expr_ctx *e, const char *at, double a, double b)
{
    return (double)(int_operand(e, at, a) | int_operand(e, at, b));
}
static double op_xor(expr_ctx *e, const char *at, double a, double b)
{
    return (double)(int_operand(e, at, a) ^ int_operand(e, at, b));
}
static double op_band(expr_ctx *e, const char *at, double a, double b)
{
    return (double)(int_operand(e, at, a) & int_operand(e, at, b));
}
/* A shift count: 0..31 (C leaves larger shifts undefined; a setup says so instead of guessing). */
static uint32_t shift_count(expr_ctx *e, const char *at, double b)
{
    if (b != b || b != floor(b) || b < 0 || b > 31) {
        value_fail(e, at, "shift by %.9g: the count must be a whole number from 0 to 31", b);
        return 0;
    }
    return (uint32_t)b;
}
static double op_shl(expr_ctx *e, const char *at, double a, double b)
{
    return (double)(int_operand(e, at, a) << shift_count(e, at, b));
}
static double op_shr(expr_ctx *e, const char *at, double a, double b)
{
    return (double)(int_operand(e, at, a) >> shift_count(e, at, b));
}
static double op_div(expr_ctx *e, const char *at, double a, double b)
{
    return b == 0.0 ? value_fail(e, at, "division of %.9g by zero", a) : a / b;
}
static double op_mod(expr_ctx *e, const char *at, double a, double b)
{
    return b == 0.0 ? value_fail(e, at, "remainder of %.9g by zero", a) : fmod(a, b);
}

static const struct binop {
    const char *text;
    uint8_t prec;
    pure_fn pure;
    checked_fn checked;
} binops[] = {
    {"||", 1, op_or, NULL},  {"&&", 2, op_and, NULL}, {"==", 6, op_eq, NULL},
    {"!=", 6, op_ne, NULL},  {"<=", 7, op_le, NULL},  {">=", 7, op_ge, NULL},
    {"<<", 8, NULL, op_shl}, {">>", 8, NULL, op_shr}, {"|", 3, NULL, op_bor},
    {"^", 4, NULL, op_xor},  {"&", 5, NULL, op_band}, {"<", 7, op_lt, NULL},
    {">", 7, op_gt, NULL},   {"+", 9, op_add, NULL},  {"-", 9, op_sub, NULL},
    {"*", 10, op_mul, NULL}, {"/", 10, NULL, op_div}, {"%", 10, NULL, op_mod},
};

static const struct binop *peek_binop(emu_scan *sc)
{
    emu_skip_space(sc);
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
        if (!op || op->prec < min_prec || e->st != TGX_OK)
            return v;
        const char *at = e->sc->p;
        e->sc->p += strlen(op->text);
        double rhs = expr_prec(e, op->prec + 1u);
        if (e->st != TGX_OK)
            return 0.0;
        v = op->pure ? op->pure(v, rhs) : op->checked(e, at, v, rhs);
    }
}

static double expr_or(expr_ctx *e)
{
    return expr_prec(e, 1);
}

/* Evaluates the rest of the statement for thread t (EMU_WARP_WIDE: one value for the warp); it must
 * use the whole text. *varying: whether it read a thread variable. */
tgx_status emu_eval(emu_scan *sc, unsigned t, double *out, bool *varying)
{
    expr_ctx e = {sc, vars_of(t < EMU_WARP_WIDE ? t : 0), t, TGX_OK, false};
    const char *start = sc->p;
    *out = expr_or(&e);
    emu_skip_space(sc);
    if (e.st == TGX_OK && *sc->p) {
        char what[48];
        e.st = emu_fail_at(sc, sc->p, "unexpected %s after the expression",
                           emu_found(sc->p, what, sizeof what));
    }
    sc->p = start;
    if (varying)
        *varying = e.varying;
    return e.st;
}

static const char *const type_name[3] = {"f32", "u32", "i32"};

/* A lone literal that is the whole value: 0xHEX (the word's bits), Nu, Ni (integers). Returns
 * false when the text is something else (an expression), else whether it fits (an error then). */
static bool lone_literal(emu_scan *sc, uint32_t *literal, tgx_status *st)
{
    const char *p = sc->p;
    char *end;
    bool hex = p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
    errno = 0;
    long long v = hex ? 0 : strtoll(p, &end, 10);
    char suffix = hex ? 0 : *end;
    if (hex) {
        unsigned long long u = strtoull(p, &end, 16);
        v = errno == ERANGE || u > UINT32_MAX ? -1 : (long long)u;
    } else if (end == p || (suffix != 'u' && suffix != 'i')) {
        return false;
    } else {
        end++;
    }
    const char *rest = end;
    while (*rest == ' ' || *rest == '\t')
        rest++;
    if (*rest || end == p + (hex ? 2 : 1))
        return false; /* more follows: an expression */
    int n = (int)(end - p);
    if (hex && v < 0)
        *st = emu_fail_at(
            sc, p, "%.*s is wider than 32 bits (a lone 0x literal is the word's bits)", n, p);
    else if (suffix == 'u' && (errno == ERANGE || v < 0 || v > (long long)UINT32_MAX))
        *st = emu_fail_at(sc, p, "%.*s is out of range (u: 0 to 4294967295)", n, p);
    else if (suffix == 'i' && (errno == ERANGE || v < INT32_MIN || v > INT32_MAX))
        *st = emu_fail_at(sc, p, "%.*s is out of range (i: -2147483648 to 2147483647)", n, p);
    else
        *literal = (uint32_t)v;
    return true;
}

/* The type prefix (f32, u32, i32) or a lone literal (EMU_V_BITS). */
emu_value_type emu_value_kind(emu_scan *sc, uint32_t *literal, tgx_status *st)
{
    emu_skip_space(sc);
    for (int k = 0; k < 3; k++) {
        size_t n = strlen(type_name[k]);
        if (!strncmp(sc->p, type_name[k], n) && !isalnum((unsigned char)sc->p[n])) {
            sc->p += n;
            return (emu_value_type)k;
        }
    }
    return lone_literal(sc, literal, st) ? EMU_V_BITS : EMU_V_F32;
}

/* The 32-bit word of v as type k; a value the type cannot hold is an error at `at` (integers are
 * truncated toward zero, as C converts; a float keeps denormals). t names the thread when the
 * value came from thread variables. */
static tgx_status word_of(emu_scan *sc, const char *at, emu_value_type k, double v, unsigned t,
                          bool varying, uint32_t *out)
{
    expr_ctx e = {sc, vars_of(0), t, TGX_OK, varying};
    double w = trunc(v);
    if (k == EMU_V_U32 && (v != v || w < 0 || w > 4294967295.0))
        value_fail(&e, at, "%.9g is out of range for u32 (0 to 4294967295)", v);
    else if (k == EMU_V_I32 && (v != v || w < -2147483648.0 || w > 2147483647.0))
        value_fail(&e, at, "%.9g is out of range for i32 (-2147483648 to 2147483647)", v);
    else if (k == EMU_V_U32)
        *out = tgx_d2u_sat(w);
    else if (k == EMU_V_I32)
        *out = (uint32_t)tgx_d2i_sat(w);
    else if (!isinf(v) && fabs(v) >= 0x1.ffffffp+127) /* rounds to inf (IEEE 754 binary32) */
        value_fail(&e, at,
                   "%.9g is too large for a 32-bit float (it would become inf; write inf for "
                   "infinity)",
                   v);
    else if ((float)v == 0.0f && v != 0.0)
        value_fail(&e, at, "%.9g is too small for a 32-bit float (it would become 0)", v);
    else
        *out = tgx_f2bits((float)v);
    return e.st;
}

/* An fp32 value written as one number is read as strtof reads it (correctly rounded once, not
 * through a double), with tgx's float policy (docs/tgsi.md "Numbers"). Returns false when the
 * text is not one number (it is an expression), else true with *st the outcome. */
static bool lone_float(emu_scan *sc, uint32_t *out, tgx_status *st)
{
    char text[128];
    size_t n = strlen(sc->p);
    while (n && (sc->p[n - 1] == ' ' || sc->p[n - 1] == '\t'))
        n--;
    if (n >= sizeof text)
        return false;
    memcpy(text, sc->p, n);
    text[n] = 0;
    float f;
    const char *why = NULL;
    tgx_status r = tgx_parse_f32(text, &f, &why);
    if (r == TGX_ERR_LIMIT)
        *st = emu_fail_at(sc, sc->p, "'%s' %s", text, why);
    else if (r == TGX_OK)
        *out = tgx_f2bits(f);
    return r == TGX_OK || r == TGX_ERR_LIMIT;
}

/* A register or bank value ("[f32|u32|i32] EXPR" or a lone literal) for thread t (EMU_WARP_WIDE:
 * one value for the warp). */
tgx_status emu_value_for(emu_scan *sc, emu_value_type k, uint32_t literal, unsigned t,
                         uint32_t *out)
{
    if (k == EMU_V_BITS) {
        *out = literal;
        return TGX_OK;
    }
    emu_skip_space(sc);
    const char *at = sc->p;
    tgx_status st = TGX_OK;
    if (k == EMU_V_F32 && lone_float(sc, out, &st))
        return st;
    double v = 0.0;
    bool varying = false;
    st = emu_eval(sc, t, &v, &varying);
    return st < 0 ? st : word_of(sc, at, k, v, t, varying, out);
}

tgx_status emu_mask_word(emu_scan *sc, const char *at, double v, uint32_t *out)
{
    expr_ctx e = {sc, vars_of(0), EMU_WARP_WIDE, TGX_OK, false};
    *out = int_operand(&e, at, v);
    return e.st;
}
