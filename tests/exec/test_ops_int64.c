/* 64-bit integer opcodes: a 64-bit value lives in a channel pair, xy or zw, low word in x (z)
 * (Mesa tgsi_exec union tgsi_double_channel). Expected values are Mesa's micro_* formulas written
 * in defined C (src/gallium/auxiliary/tgsi/tgsi_exec.c):
 *   - comparisons write ~0 / 0 into the first channel of the pair (micro_u64seq & co.);
 *   - shift counts are masked to 6 bits and come from src1.x (pair xy) and src1.z (pair zw)
 *     (micro_u64shl / micro_i64shr / micro_u64shr, exec_arg0_64_arg1_32);
 *   - U64DIV / U64MOD / I64MOD by 0 give ~0, I64DIV by 0 gives 0; INT64_MIN / -1 (undefined in
 *     C) gives the two's complement results INT64_MIN and 0;
 *   - 32-to-64 conversions read src.x for pair xy and src.y for pair zw (exec_t_2_64); 64-to-32
 *     conversions write the first and second written channels (exec_64_2_t);
 *   - float/double to 64-bit integer of NaN or out-of-range values: NaN -> 0, saturate (the
 *     issue; Mesa's bare casts are undefined there). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ops_harness.h"
#include "tgx/exec.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define LANES 8

static void set_q(run *r, unsigned reg, unsigned lane, unsigned pair, uint64_t v)
{
    tgx_exec_input(r->m, reg, 2 * pair)[lane].u = (uint32_t)v;
    tgx_exec_input(r->m, reg, 2 * pair + 1)[lane].u = (uint32_t)(v >> 32);
}

static uint64_t out_q(run *r, unsigned reg, unsigned lane, unsigned pair)
{
    return (uint64_t)tgx_exec_output(r->m, reg, 2 * pair)[lane].u |
           ((uint64_t)tgx_exec_output(r->m, reg, 2 * pair + 1)[lane].u << 32);
}

static int64_t S64(uint64_t u)
{
    int64_t i;
    memcpy(&i, &u, 8);
    return i;
}

#define I64MIN 0x8000000000000000ull
#define I64MAX 0x7fffffffffffffffull
#define ALL1   0xffffffffffffffffull

/* ---- pair-wise opcodes ------------------------------------------------------------------------
 */

typedef uint64_t (*qref)(uint64_t a, uint64_t b);

static void pair_case(const char *op, unsigned nsrc, const uint64_t (*t)[2], unsigned nt, qref ref)
{
    char text[512];
    snprintf(text, sizeof(text),
             "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], GENERIC[0]\n  0: %s OUT[0], IN[0]%s\n"
             "  1: END\n",
             op, nsrc == 2 ? ", IN[1]" : "");
    run r;
    if (run_open(&r, text, LANES, op)) {
        for (unsigned k = 0; k < nt; k++) {
            set_q(&r, 0, k / 2, k % 2, t[k][0]);
            set_q(&r, 1, k / 2, k % 2, t[k][1]);
        }
        TGX_CHECK(tgx_exec_run_vertex(r.m, (nt + 1) / 2, &r.d) == TGX_OK, "%s: run: %s", op,
                  r.d.message);
        for (unsigned k = 0; k < nt; k++) {
            uint64_t want = ref(t[k][0], t[k][1]);
            uint64_t got = out_q(&r, 0, k / 2, k % 2);
            TGX_CHECK(got == want, "%s(0x%llx, 0x%llx) = 0x%llx, want 0x%llx", op,
                      (unsigned long long)t[k][0], (unsigned long long)t[k][1],
                      (unsigned long long)got, (unsigned long long)want);
        }
    }
    run_close(&r);
}

static uint64_t q_add(uint64_t a, uint64_t b)
{
    return a + b;
}
static uint64_t q_mul(uint64_t a, uint64_t b)
{
    return a * b;
}
static uint64_t q_udiv(uint64_t a, uint64_t b)
{
    return b ? a / b : ALL1;
}
static uint64_t q_umod(uint64_t a, uint64_t b)
{
    return b ? a % b : ALL1;
}
static uint64_t q_idiv(uint64_t a, uint64_t b)
{
    if (b == 0)
        return 0;
    if (a == I64MIN && b == ALL1)
        return I64MIN; /* wraps */
    return (uint64_t)(S64(a) / S64(b));
}
static uint64_t q_imod(uint64_t a, uint64_t b)
{
    if (b == 0)
        return ALL1;
    if (a == I64MIN && b == ALL1)
        return 0;
    return (uint64_t)(S64(a) % S64(b));
}
static uint64_t q_umin(uint64_t a, uint64_t b)
{
    return a < b ? a : b;
}
static uint64_t q_umax(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}
static uint64_t q_imin(uint64_t a, uint64_t b)
{
    return S64(a) < S64(b) ? a : b;
}
static uint64_t q_imax(uint64_t a, uint64_t b)
{
    return S64(a) > S64(b) ? a : b;
}
static uint64_t q_neg(uint64_t a, uint64_t b)
{
    (void)b;
    return 0 - a;
}
static uint64_t q_abs(uint64_t a, uint64_t b)
{
    (void)b;
    return S64(a) < 0 ? 0 - a : a;
}
static uint64_t q_ssg(uint64_t a, uint64_t b)
{
    (void)b;
    return S64(a) < 0 ? ALL1 : (a ? 1u : 0u);
}
/* U642D / I642D: C's conversions (round to nearest) as micro_u642d / micro_i642d */
static uint64_t q_u642d(uint64_t a, uint64_t b)
{
    (void)b;
    return tgx_d2bits((double)a);
}
static uint64_t q_i642d(uint64_t a, uint64_t b)
{
    (void)b;
    return tgx_d2bits((double)S64(a));
}

static const uint64_t t_bin[][2] = {
    {0, 0},
    {1, 0},
    {7, 3},
    {ALL1, 1},
    {I64MIN, ALL1},
    {I64MIN, 1},
    {I64MAX, I64MAX},
    {0xfffffffffffffff9ull, 2}, /* -7, 2 */
    {7, 0xfffffffffffffffeull}, /* 7, -2 */
    {0x00000001ffffffffull, 0x0000000100000001ull},
    {0xdeadbeefcafef00dull, 0x123456789abcdefull},
    {0x100000000ull, 0x100000000ull},
    {ALL1, ALL1},
    {5, 5},
    {0x8000000000000001ull, 0x7fffffffffffffffull},
    {12345678901234567ull, 1000000007ull},
};

static const uint64_t t_un[][2] = {
    {0, 0},
    {1, 0},
    {ALL1, 0},
    {I64MIN, 0},
    {I64MAX, 0},
    {0x1fffffffffffffull, 0} /* 2^53 - 1 */,
    {0x20000000000001ull, 0} /* rounds */,
    {0xffffffff00000000ull, 0},
    {0x00000000ffffffffull, 0},
    {0xfffffffffffffff9ull, 0},
};

typedef struct qcase {
    const char *op;
    unsigned nsrc;
    qref ref;
    const uint64_t (*t)[2];
    unsigned nt;
} qcase;

#define BIN(op, f)                                                                                 \
    {                                                                                              \
        op, 2, f, t_bin, NT(t_bin)                                                                 \
    }
#define UN(op, f)                                                                                  \
    {                                                                                              \
        op, 1, f, t_un, NT(t_un)                                                                   \
    }

static const qcase cases[] = {
    BIN("U64ADD", q_add),  BIN("U64MUL", q_mul),  BIN("U64DIV", q_udiv), BIN("U64MOD", q_umod),
    BIN("I64DIV", q_idiv), BIN("I64MOD", q_imod), BIN("U64MIN", q_umin), BIN("U64MAX", q_umax),
    BIN("I64MIN", q_imin), BIN("I64MAX", q_imax), UN("I64NEG", q_neg),   UN("I64ABS", q_abs),
    UN("I64SSG", q_ssg),   UN("U642D", q_u642d),  UN("I642D", q_i642d),
};

/* ---- comparisons --------------------------------------------------------------------------------
 */

static void test_compare(void)
{
    static const char *const ops[6] = {"U64SEQ", "U64SNE", "I64SLT", "U64SLT", "I64SGE", "U64SGE"};
    for (unsigned o = 0; o < 6; o++) {
        char text[512];
        snprintf(text, sizeof(text),
                 "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                 "  0: MOV TEMP[0], IN[1]\n  1: %s TEMP[0].xz, IN[0], IN[1]\n"
                 "  2: MOV OUT[0], TEMP[0]\n  3: END\n",
                 ops[o]);
        run r;
        if (!run_open(&r, text, LANES, ops[o])) {
            run_close(&r);
            continue;
        }
        for (unsigned k = 0; k < NT(t_bin); k++) {
            set_q(&r, 0, k / 2, k % 2, t_bin[k][0]);
            set_q(&r, 1, k / 2, k % 2, t_bin[k][1]);
        }
        TGX_CHECK(tgx_exec_run_vertex(r.m, NT(t_bin) / 2, &r.d) == TGX_OK, "run");
        for (unsigned k = 0; k < NT(t_bin); k++) {
            uint64_t a = t_bin[k][0], b = t_bin[k][1];
            int v = o == 0   ? a == b
                    : o == 1 ? a != b
                    : o == 2 ? S64(a) < S64(b)
                    : o == 3 ? a < b
                    : o == 4 ? S64(a) >= S64(b)
                             : a >= b;
            unsigned lane = k / 2, ch = 2 * (k % 2);
            TGX_CHECK(outu(&r, 0, ch, lane) == (v ? ~0u : 0u), "%s(0x%llx, 0x%llx) = 0x%x", ops[o],
                      (unsigned long long)a, (unsigned long long)b, outu(&r, 0, ch, lane));
            TGX_CHECK(outu(&r, 0, ch + 1, lane) == (uint32_t)(b >> 32), "%s leaves .%c alone",
                      ops[o], "xyzw"[ch + 1]);
        }
        run_close(&r);
    }
}

/* ---- shifts ------------------------------------------------------------------------------------
 */

static void test_shifts(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0..2], GENERIC[0]\n"
                       "  0: U64SHL OUT[0], IN[0], IN[1]\n"
                       "  1: I64SHR OUT[1], IN[0], IN[1]\n"
                       "  2: U64SHR OUT[2], IN[0], IN[1]\n"
                       "  3: END\n";
    run r;
    if (!run_open(&r, text, LANES, "64-bit shifts")) {
        run_close(&r);
        return;
    }
    static const uint64_t v[] = {0x8000000000000001ull, 0x123456789abcdef0ull, ALL1, 1};
    static const uint32_t n[] = {0, 1, 31, 32, 33, 63, 64, 65}; /* 64 & 63 = 0, 65 & 63 = 1 */
    for (unsigned k = 0; k < 8; k++) {
        set_q(&r, 0, k / 2, k % 2, v[k % 4]);
        tgx_exec_input(r.m, 1, 2 * (k % 2))[k / 2].u = n[k];
        tgx_exec_input(r.m, 1, 2 * (k % 2) + 1)[k / 2].u = 5u; /* y / w are not counts */
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 4, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned k = 0; k < 8; k++) {
        uint64_t a = v[k % 4];
        unsigned s = n[k] & 63u;
        uint64_t shl = a << s, ushr = a >> s;
        /* arithmetic shift: fill with the sign bit */
        uint64_t ishr = (S64(a) < 0 && s) ? (a >> s) | (ALL1 << (64 - s)) : a >> s;
        TGX_CHECK(out_q(&r, 0, k / 2, k % 2) == shl, "U64SHL 0x%llx by %u", (unsigned long long)a,
                  n[k]);
        TGX_CHECK(out_q(&r, 1, k / 2, k % 2) == ishr, "I64SHR 0x%llx by %u = 0x%llx, want 0x%llx",
                  (unsigned long long)a, n[k], (unsigned long long)out_q(&r, 1, k / 2, k % 2),
                  (unsigned long long)ishr);
        TGX_CHECK(out_q(&r, 2, k / 2, k % 2) == ushr, "U64SHR 0x%llx by %u", (unsigned long long)a,
                  n[k]);
    }
    run_close(&r);
}

/* ---- conversions --------------------------------------------------------------------------------
 */

static void test_conversions(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0..7], GENERIC[0]\n"
                       "  0: I2I64 OUT[0], IN[0]\n"
                       "  1: U2I64 OUT[1], IN[0]\n"
                       "  2: F2I64 OUT[2], IN[1]\n"
                       "  3: F2U64 OUT[3], IN[1]\n"
                       "  4: D2I64 OUT[4], IN[2]\n"
                       "  5: D2U64 OUT[5], IN[2]\n"
                       "  6: U642F OUT[6].xy, IN[0]\n"
                       "  7: I642F OUT[7].xy, IN[0]\n"
                       "  8: END\n";
    run r;
    if (!run_open(&r, text, LANES, "64-bit conversions")) {
        run_close(&r);
        return;
    }
    /* IN[0] as two 32-bit ints (x, y) for I2I64/U2I64, and as one pair... so the 64->32 tests
     * read IN[0] as pairs xy, zw: lane words chosen for both uses. */
    static const uint32_t w[4][4] = {
        {0xffffffffu, 0x80000000u, 0x00000001u, 0x00000000u},
        {0x7fffffffu, 0x00000005u, 0xffffffffu, 0xffffffffu},
        {0x00000001u, 0x00200000u, 0x00000000u, 0x80000000u},
        {0x12345678u, 0xfffffff0u, 0xffffffffu, 0x7fffffffu},
    };
    static const float f[4][2] = {{1.9f, -1.9f}, {NAN, 1e19f}, {-1e19f, 9.2e18f}, {2e19f, -0.0f}};
    static const double d[4][2] = {
        {-2.5, 1e300}, {NAN, -1e300}, {0x1p63, 1.8e19}, {4503599627370497.0, -4503599627370497.0}};
    for (unsigned l = 0; l < 4; l++) {
        for (unsigned c = 0; c < 4; c++)
            tgx_exec_input(r.m, 0, c)[l].u = w[l][c];
        for (unsigned p = 0; p < 2; p++) {
            tgx_exec_input(r.m, 1, p)[l].f = f[l][p];
            tgx_exec_input(r.m, 1, 2 + p)[l].u = 0xdeadbeefu;
            set_q(&r, 2, l, p, tgx_d2bits(d[l][p]));
        }
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 4, &r.d) == TGX_OK, "run: %s", r.d.message);
    /* float -> int64: trunc toward 0; NaN -> 0; saturate. 1e19f = 9999999980506447872 exceeds
     * INT64_MAX; 9.2e18f = 9200000267938955264 (2^63 > it) fits both; 2e19f > UINT64_MAX. */
    static const uint64_t f2i[4][2] = {
        {1, ALL1}, {0, I64MAX}, {I64MIN, 9200000267938955264ull}, {I64MAX, 0}};
    static const uint64_t f2u[4][2] = {
        {1, 0}, {0, 9999999980506447872ull}, {0, 9200000267938955264ull}, {ALL1, 0}};
    /* double -> int64: 2^63 saturates as int64, fits uint64; 1.8e19 fits
     * uint64 only (18000000000000000000). */
    static const uint64_t d2i[4][2] = {{0xfffffffffffffffeull, I64MAX},
                                       {0, I64MIN},
                                       {I64MAX, I64MAX},
                                       {4503599627370497ull, (uint64_t)0 - 4503599627370497ull}};
    static const uint64_t d2u[4][2] = {{0, ALL1},
                                       {0, 0},
                                       {0x8000000000000000ull, 18000000000000000000ull},
                                       {4503599627370497ull, 0}};
    for (unsigned l = 0; l < 4; l++) {
        for (unsigned p = 0; p < 2; p++) {
            uint32_t x = w[l][p];
            int32_t xi;
            memcpy(&xi, &x, 4);
            TGX_CHECK(out_q(&r, 0, l, p) == (uint64_t)(int64_t)xi, "I2I64 sign-extends, lane %u",
                      l);
            TGX_CHECK(out_q(&r, 1, l, p) == (uint64_t)x, "U2I64 zero-extends, lane %u", l);
            TGX_CHECK(out_q(&r, 2, l, p) == f2i[l][p], "F2I64(%g) = 0x%llx", (double)f[l][p],
                      (unsigned long long)out_q(&r, 2, l, p));
            TGX_CHECK(out_q(&r, 3, l, p) == f2u[l][p], "F2U64(%g) = 0x%llx", (double)f[l][p],
                      (unsigned long long)out_q(&r, 3, l, p));
            TGX_CHECK(out_q(&r, 4, l, p) == d2i[l][p], "D2I64(%g) = 0x%llx", d[l][p],
                      (unsigned long long)out_q(&r, 4, l, p));
            TGX_CHECK(out_q(&r, 5, l, p) == d2u[l][p], "D2U64(%g) = 0x%llx", d[l][p],
                      (unsigned long long)out_q(&r, 5, l, p));
            /* 64 -> float: C's rounding conversion of the pair */
            uint64_t q = (uint64_t)w[l][2 * p] | ((uint64_t)w[l][2 * p + 1] << 32);
            TGX_CHECK(outu(&r, 6, p, l) == tgx_f2bits((float)q), "U642F(0x%llx) lane %u",
                      (unsigned long long)q, l);
            TGX_CHECK(outu(&r, 7, p, l) == tgx_f2bits((float)S64(q)), "I642F(0x%llx) lane %u",
                      (unsigned long long)q, l);
        }
    }
    run_close(&r);
}

int main(void)
{
    for (size_t i = 0; i < NT(cases); i++)
        pair_case(cases[i].op, cases[i].nsrc, cases[i].t, cases[i].nt, cases[i].ref);
    TGX_CHECK(q_idiv(0xfffffffffffffff9ull, 2) == 0xfffffffffffffffdull, "-7 / 2 = -3");
    TGX_CHECK(q_imod(0xfffffffffffffff9ull, 2) == ALL1, "-7 %% 2 = -1");
    test_compare();
    test_shifts();
    test_conversions();
    return tgx_test_finish();
}
