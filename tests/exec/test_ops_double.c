/* Double-precision opcodes: a double lives in a channel pair, xy or zw, low word in x (z), high
 * word in y (w) (spec "Double ISA"; Mesa tgsi_exec fetch_double_channel). Every double opcode the
 * interpreter runs, against the spec's formula in C double arithmetic, or Mesa's tgsi_exec where
 * the spec is silent or differs (each place says so):
 *   - comparisons (DSLT, DSGE, DSEQ, DSNE) write ~0 / 0 into the first channel of each pair
 *     (Mesa micro_dslt & co., exec_double_binary), where the spec writes 1.0F to the pair;
 *   - F2D/I2D/U2D convert src.x into dst.xy and src.y into dst.zw (Mesa exec_t_2_64);
 *   - D2F/D2I/D2U write the pair results into the first and second written channels
 *     (Mesa exec_64_2_t);
 *   - DLDEXP takes the exponent of pair xy from src1.x and of pair zw from src1.z (exec_dldexp);
 *   - DFRACEXP writes the significand to dst0 and the exponent to dst1 (Mesa glsl_to_tgsi
 *     emits frexp_sig as dst0 and frexp_exp as dst1; the spec's text says the opposite).
 * D2I/D2U of NaN or out-of-range values: NaN -> 0 and saturation (the issue; C casts are
 * undefined there). */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ops_harness.h"
#include "tgx/exec.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define LANES 8

static uint64_t DB(double d)
{
    return tgx_d2bits(d);
}

static void set_d(run *r, unsigned reg, unsigned lane, unsigned pair, double v)
{
    uint64_t u = DB(v);
    tgx_exec_input(r->m, reg, 2 * pair)[lane].u = (uint32_t)u;
    tgx_exec_input(r->m, reg, 2 * pair + 1)[lane].u = (uint32_t)(u >> 32);
}

static uint64_t out_q(run *r, unsigned reg, unsigned lane, unsigned pair)
{
    return (uint64_t)tgx_exec_output(r->m, reg, 2 * pair)[lane].u |
           ((uint64_t)tgx_exec_output(r->m, reg, 2 * pair + 1)[lane].u << 32);
}

static int same_d(uint64_t got, double want)
{
    double g = tgx_bits2d(got);
    return (isnan(g) && isnan(want)) || got == DB(want);
}

/* ---- pair-wise opcodes ---------------------------------------------------------------------- */

typedef double (*dref)(double a, double b, double c);

/* `OP OUT[0], IN[0], IN[1], IN[2]` with tuple t in lane t/2, pair t%2. */
static void pair_case(const char *op, unsigned nsrc, const double (*t)[3], unsigned nt, dref ref)
{
    char text[512];
    static const char *const srcs[4] = {"", ", IN[0]", ", IN[0], IN[1]", ", IN[0], IN[1], IN[2]"};
    snprintf(text, sizeof(text),
             "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0], GENERIC[0]\n"
             "  0: %s OUT[0]%s\n  1: END\n",
             op, srcs[nsrc]);
    run r;
    if (run_open(&r, text, LANES, op)) {
        for (unsigned k = 0; k < nt; k++)
            for (unsigned s = 0; s < 3; s++)
                set_d(&r, s, k / 2, k % 2, t[k][s]);
        TGX_CHECK(tgx_exec_run_vertex(r.m, (nt + 1) / 2, &r.d) == TGX_OK, "%s: run: %s", op,
                  r.d.message);
        for (unsigned k = 0; k < nt; k++) {
            double want = ref(t[k][0], t[k][1], t[k][2]);
            uint64_t got = out_q(&r, 0, k / 2, k % 2);
            TGX_CHECK(same_d(got, want), "%s(%.17g, %.17g, %.17g) = %.17g, want %.17g", op, t[k][0],
                      t[k][1], t[k][2], tgx_bits2d(got), want);
        }
    }
    run_close(&r);
}

static double d_add(double a, double b, double c)
{
    (void)c;
    return a + b;
}
static double d_mul(double a, double b, double c)
{
    (void)c;
    return a * b;
}
static double d_div(double a, double b, double c)
{
    (void)c;
    return a / b;
}
static double d_mad(double a, double b, double c)
{
    double p = a * b; /* two roundings (Mesa micro_dmad) */
    return p + c;
}
static double d_fma(double a, double b, double c)
{
    return fma(a, b, c);
}
/* DMIN/DMAX: Mesa uses fmin/fmax (a NaN operand yields the other one). */
static double d_min(double a, double b, double c)
{
    (void)c;
    return fmin(a, b);
}
static double d_max(double a, double b, double c)
{
    (void)c;
    return fmax(a, b);
}
static double d_abs(double a, double b, double c)
{
    (void)b, (void)c;
    return fabs(a);
}
static double d_neg(double a, double b, double c)
{
    (void)b, (void)c;
    return -a;
}
static double d_rcp(double a, double b, double c)
{
    (void)b, (void)c;
    return 1.0 / a;
}
static double d_sqrt(double a, double b, double c)
{
    (void)b, (void)c;
    return sqrt(a);
}
static double d_rsq(double a, double b, double c)
{
    (void)b, (void)c;
    double s = sqrt(a);
    return 1.0 / s;
}
static double d_frac(double a, double b, double c)
{
    (void)b, (void)c;
    return a - floor(a);
}
static double d_flr(double a, double b, double c)
{
    (void)b, (void)c;
    return floor(a);
}
static double d_ceil(double a, double b, double c)
{
    (void)b, (void)c;
    return ceil(a);
}
static double d_trunc(double a, double b, double c)
{
    (void)b, (void)c;
    return trunc(a);
}
/* DROUND: round half to even, as ROUND (Mesa micro_rnd) */
static double d_round(double a, double b, double c)
{
    (void)b, (void)c;
    if (isnan(a) || isinf(a))
        return a;
    double f = floor(a), d = a - f;
    if (d > 0.5 || (d == 0.5 && fmod(f, 2.0) != 0.0))
        f += 1.0;
    return copysign(f, a);
}
static double d_ssg(double a, double b, double c)
{
    (void)b, (void)c;
    return a > 0.0 ? 1.0 : (a < 0.0 ? -1.0 : 0.0);
}

static const double t_bin[][3] = {
    {1.5, 2.25, 0},
    {0.1, 0.2, 0},
    {1e300, 1e300, 0},
    {-1e-300, 1e-10, 0},
    {1.0, 3.0, 0},
    {-7.0, 0.0, 0},
    {NAN, 1.0, 0},
    {2.0, NAN, 0},
    {INFINITY, -INFINITY, 0},
    {123456789.123, -0.001, 0},
    {4503599627370497.0, 0.5, 0},
    {-2.5, -2.5, 0},
};
static const double t_tri[][3] = {
    {1.0 + 0x1p-52, 1.0 + 0x1p-52, -(1.0 + 0x1p-51)}, /* fused and unfused differ */
    {0.5, 2.0, 4.0},
    {-3.0, 1e-20, 1.0},
    {0.1, 0.1, -0.01},
    {NAN, 1.0, 2.0},
    {1e308, 10.0, -1e308},
};
static const double t_un[][3] = {
    {2.0, 0, 0},       {-2.5, 0, 0},
    {2.5, 0, 0},       {0.5, 0, 0},
    {-0.5, 0, 0},      {3.5, 0, 0},
    {1e-310, 0, 0},    {-1e300, 0, 0},
    {0.0, 0, 0},       {-0.0, 0, 0},
    {NAN, 0, 0},       {INFINITY, 0, 0},
    {-INFINITY, 0, 0}, {4503599627370495.5, 0, 0},
    {-3.75, 0, 0},     {0.1, 0, 0},
};

typedef struct dcase {
    const char *op;
    unsigned nsrc;
    dref ref;
    const double (*t)[3];
    unsigned nt;
} dcase;

#define BIN(op, f)                                                                                 \
    {                                                                                              \
        op, 2, f, t_bin, NT(t_bin)                                                                 \
    }
#define TRI(op, f)                                                                                 \
    {                                                                                              \
        op, 3, f, t_tri, NT(t_tri)                                                                 \
    }
#define UN(op, f)                                                                                  \
    {                                                                                              \
        op, 1, f, t_un, NT(t_un)                                                                   \
    }

static const dcase cases[] = {
    BIN("DADD", d_add),    BIN("DMUL", d_mul), BIN("DDIV", d_div),  TRI("DMAD", d_mad),
    TRI("DFMA", d_fma),    BIN("DMIN", d_min), BIN("DMAX", d_max),  UN("DABS", d_abs),
    UN("DNEG", d_neg),     UN("DRCP", d_rcp),  UN("DSQRT", d_sqrt), UN("DRSQ", d_rsq),
    UN("DFRAC", d_frac),   UN("DFLR", d_flr),  UN("DCEIL", d_ceil), UN("DTRUNC", d_trunc),
    UN("DROUND", d_round), UN("DSSG", d_ssg),
};

/* ---- comparisons: ~0 / 0 in the first channel of each pair ------------------------------------
 */

static void test_compare(void)
{
    static const char *const ops[4] = {"DSLT", "DSGE", "DSEQ", "DSNE"};
    for (unsigned o = 0; o < 4; o++) {
        char text[512];
        /* TEMP prefilled from IN[2]: channels y and w must keep it */
        snprintf(text, sizeof(text),
                 "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
                 "  0: MOV TEMP[0], IN[2]\n  1: %s TEMP[0].xz, IN[0], IN[1]\n"
                 "  2: MOV OUT[0], TEMP[0]\n  3: END\n",
                 ops[o]);
        run r;
        if (run_open(&r, text, LANES, ops[o])) {
            for (unsigned k = 0; k < NT(t_bin); k++) {
                set_d(&r, 0, k / 2, k % 2, t_bin[k][0]);
                set_d(&r, 1, k / 2, k % 2, t_bin[k][1]);
                for (unsigned c = 0; c < 4; c++)
                    tgx_exec_input(r.m, 2, c)[k / 2].u = 0x5a5a0000u + c;
            }
            TGX_CHECK(tgx_exec_run_vertex(r.m, NT(t_bin) / 2, &r.d) == TGX_OK, "run");
            for (unsigned k = 0; k < NT(t_bin); k++) {
                double a = t_bin[k][0], b = t_bin[k][1];
                int v = o == 0 ? a < b : o == 1 ? a >= b : o == 2 ? a == b : a != b;
                unsigned lane = k / 2, ch = 2 * (k % 2);
                TGX_CHECK(outu(&r, 0, ch, lane) == (v ? ~0u : 0u), "%s(%g, %g) = 0x%x", ops[o], a,
                          b, outu(&r, 0, ch, lane));
                TGX_CHECK(outu(&r, 0, ch + 1, lane) == 0x5a5a0000u + ch + 1,
                          "%s left channel %c alone", ops[o], "xyzw"[ch + 1]);
            }
        }
        run_close(&r);
    }
}

/* ---- conversions ------------------------------------------------------------------------------
 */

static void test_conversions(void)
{
    const char *text =
        "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0..6], GENERIC[0]\nDCL TEMP[0]\n"
        "  0: F2D OUT[0], IN[0]\n"
        "  1: I2D OUT[1], IN[1]\n"
        "  2: U2D OUT[2], IN[1]\n"
        "  3: D2F OUT[3].xy, IN[2]\n"
        "  4: D2I OUT[4].xy, IN[2]\n"
        "  5: D2U OUT[5].xy, IN[2]\n"
        "  6: MOV TEMP[0], IN[0]\n"
        "  7: D2F TEMP[0].z, IN[2]\n" /* one written channel: the xy pair only */
        "  8: MOV OUT[6], TEMP[0]\n"
        "  9: END\n";
    run r;
    if (!run_open(&r, text, LANES, "conversions")) {
        run_close(&r);
        return;
    }
    static const float fin[4][2] = {
        {1.5f, -0.1f}, {NAN, INFINITY}, {3.4e38f, 1e-45f}, {-0.0f, 7.0f}};
    static const int32_t iin[4][2] = {{-1, 2147483647}, {INT32_MIN, 0}, {12345, -6}, {1, 100}};
    static const double din[4][2] = {
        {1.9, -1.9},
        {NAN, 3e9},
        {-3e9, 4294967295.5},
        {1e300, 2.5},
    };
    for (unsigned l = 0; l < 4; l++)
        for (unsigned p = 0; p < 2; p++) {
            tgx_exec_input(r.m, 0, p)[l].f = fin[l][p];
            tgx_exec_input(r.m, 0, 2 + p)[l].u = 0xdeadbeefu; /* must not be read */
            uint32_t u;
            memcpy(&u, &iin[l][p], 4);
            tgx_exec_input(r.m, 1, p)[l].u = u;
            tgx_exec_input(r.m, 1, 2 + p)[l].u = 0xdeadbeefu;
            set_d(&r, 2, l, p, din[l][p]);
        }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 4, &r.d) == TGX_OK, "run: %s", r.d.message);
    /* D2I / D2U: trunc toward 0; NaN -> 0; saturate (the issue) */
    static const uint32_t d2i[4][2] = {
        {1, 0xffffffffu} /* -1 */, {0, 0x7fffffffu}, {0x80000000u, 0x7fffffffu}, {0x7fffffffu, 2}};
    static const uint32_t d2u[4][2] = {
        {1, 0}, {0, 3000000000u}, {0, 4294967295u}, {0xffffffffu, 2}};
    for (unsigned l = 0; l < 4; l++) {
        for (unsigned p = 0; p < 2; p++) {
            TGX_CHECK(same_d(out_q(&r, 0, l, p), (double)fin[l][p]), "F2D lane %u pair %u", l, p);
            TGX_CHECK(same_d(out_q(&r, 1, l, p), (double)iin[l][p]), "I2D lane %u pair %u = %g", l,
                      p, tgx_bits2d(out_q(&r, 1, l, p)));
            uint32_t uin;
            memcpy(&uin, &iin[l][p], 4);
            TGX_CHECK(same_d(out_q(&r, 2, l, p), (double)uin), "U2D lane %u pair %u", l, p);
            float f = (float)din[l][p]; /* C's conversion rounds to nearest; 1e300 -> inf */
            uint32_t fb = tgx_f2bits(f), gb = outu(&r, 3, p, l);
            TGX_CHECK(gb == fb || (isnan(f) && isnan(tgx_bits2f(gb))), "D2F lane %u .%c = %g", l,
                      "xy"[p], (double)tgx_bits2f(gb));
            TGX_CHECK(outu(&r, 4, p, l) == d2i[l][p], "D2I(%g) = 0x%x, want 0x%x", din[l][p],
                      outu(&r, 4, p, l), d2i[l][p]);
            TGX_CHECK(outu(&r, 5, p, l) == d2u[l][p], "D2U(%g) = 0x%x, want 0x%x", din[l][p],
                      outu(&r, 5, p, l), d2u[l][p]);
        }
        TGX_CHECK(tgx_bits2f(outu(&r, 6, 2, l)) == (float)din[l][0] ||
                      (isnan(din[l][0]) && isnan(tgx_bits2f(outu(&r, 6, 2, l)))),
                  "D2F .z = (float)src.xy, lane %u", l);
        TGX_CHECK(outu(&r, 6, 0, l) == tgx_f2bits(fin[l][0]) && outu(&r, 6, 3, l) == 0xdeadbeefu,
                  "D2F .z leaves x and w alone, lane %u", l);
    }
    run_close(&r);
}

/* ---- DLDEXP, DFRACEXP -------------------------------------------------------------------------
 */

static void test_ldexp_frexp(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0..2], GENERIC[0]\nDCL TEMP[0..1]\n"
                       "  0: DLDEXP OUT[0], IN[0], IN[1]\n"
                       "  1: DFRACEXP TEMP[0], TEMP[1].xy, IN[0]\n"
                       "  2: MOV OUT[1], TEMP[0]\n"
                       "  3: MOV OUT[2], TEMP[1]\n"
                       "  4: END\n";
    run r;
    if (!run_open(&r, text, LANES, "DLDEXP/DFRACEXP")) {
        run_close(&r);
        return;
    }
    static const double v[4][2] = {{1.5, -3.0}, {8.0, 0.1}, {-0.75, 1e-310}, {1e300, 0.0}};
    static const int32_t e[4][2] = {{4, -2}, {-1074, 10}, {0, 1022}, {100, 5}};
    for (unsigned l = 0; l < 4; l++)
        for (unsigned p = 0; p < 2; p++) {
            set_d(&r, 0, l, p, v[l][p]);
            uint32_t u;
            memcpy(&u, &e[l][p], 4);
            tgx_exec_input(r.m, 1, 2 * p)[l].u = u;       /* x for pair xy, z for pair zw */
            tgx_exec_input(r.m, 1, 2 * p + 1)[l].u = 77u; /* y, w unused */
        }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 4, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 4; l++)
        for (unsigned p = 0; p < 2; p++) {
            /* spec: src0 * 2^src1, exact unless it overflows/underflows */
            double want = ldexp(v[l][p], e[l][p]);
            TGX_CHECK(same_d(out_q(&r, 0, l, p), want), "DLDEXP(%g, %d) = %g, want %g", v[l][p],
                      e[l][p], tgx_bits2d(out_q(&r, 0, l, p)), want);
            /* frexp: significand in [0.5, 1) with significand * 2^exp = src; 0 gives (0, 0) */
            int ex = 0;
            double sig = frexp(v[l][p], &ex);
            TGX_CHECK(same_d(out_q(&r, 1, l, p), sig), "DFRACEXP significand of %g = %g, want %g",
                      v[l][p], tgx_bits2d(out_q(&r, 1, l, p)), sig);
            TGX_CHECK(tgx_exec_output(r.m, 2, p)[l].i == ex,
                      "DFRACEXP exponent of %g = %d, want %d", v[l][p],
                      tgx_exec_output(r.m, 2, p)[l].i, ex);
        }
    /* hand checks: frexp(8) = 0.5 * 2^4; frexp(-0.75) = -0.75 * 2^0 */
    int ex = 0;
    TGX_CHECK(frexp(8.0, &ex) == 0.5 && ex == 4, "frexp(8)");
    run_close(&r);
}

/* ---- modifiers and saturate on pairs ----------------------------------------------------------
 */

static void test_modifiers(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0..2], GENERIC[0]\n"
                       "  0: DADD OUT[0], IN[0], -IN[1]\n"
                       "  1: DMUL OUT[1], -|IN[0]|, IN[1]\n"
                       "  2: DADD_SAT OUT[2], IN[0], IN[1]\n"
                       "  3: END\n";
    run r;
    if (!run_open(&r, text, LANES, "double modifiers")) {
        run_close(&r);
        return;
    }
    static const double a[2][2] = {{1.5, -2.0}, {NAN, 0.25}};
    static const double b[2][2] = {{0.25, 0.5}, {1.0, 0.5}};
    for (unsigned l = 0; l < 2; l++)
        for (unsigned p = 0; p < 2; p++) {
            set_d(&r, 0, l, p, a[l][p]);
            set_d(&r, 1, l, p, b[l][p]);
        }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 2, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 2; l++)
        for (unsigned p = 0; p < 2; p++) {
            double x = a[l][p], y = b[l][p];
            TGX_CHECK(same_d(out_q(&r, 0, l, p), x - y), "DADD a, -b lane %u pair %u", l, p);
            TGX_CHECK(same_d(out_q(&r, 1, l, p), -fabs(x) * y), "DMUL -|a|, b lane %u pair %u", l,
                      p);
            /* saturate on the double (Mesa store_double_channel): NaN and < 0 -> 0, > 1 -> 1 */
            double s = x + y;
            double ws = isnan(s) || s < 0.0 ? 0.0 : (s > 1.0 ? 1.0 : s);
            TGX_CHECK(out_q(&r, 2, l, p) == DB(ws), "DADD_SAT lane %u pair %u = %g, want %g", l, p,
                      tgx_bits2d(out_q(&r, 2, l, p)), ws);
        }
    run_close(&r);
}

/* _SAT on 64-bit results. Mesa 22.3's tgsi_exec stores every pair through store_double_channel,
 * which (with Saturate) clamps the pair as a double: d < 0 or NaN -> 0.0, d > 1 -> 1.0, else d
 * unchanged (so -0.0 stays -0.0); F2D/I2D/U2D and I2I64 go through exec_t_2_64, U64ADD through
 * exec_double_binary and U64SHL through exec_arg0_64_arg1_32, all of which store that way. So a
 * 64-bit integer result is clamped as if its bits were a double. The 64-bit comparisons are left
 * unclamped (Mesa clamps their mask with an upper word it never set: undefined; docs/exec.md
 * "Saturate"). */
static uint64_t sat_d(uint64_t bits)
{
    double d = tgx_bits2d(bits);
    return isnan(d) || d < 0.0 ? DB(0.0) : (d > 1.0 ? DB(1.0) : bits);
}

static void test_saturate_64(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0..6], GENERIC[0]\n"
                       "  0: F2D_SAT OUT[0], IN[0]\n"
                       "  1: I2D_SAT OUT[1], IN[0]\n"
                       "  2: U2D_SAT OUT[2], IN[0]\n"
                       "  3: I2I64_SAT OUT[3], IN[0]\n"
                       "  4: U64ADD_SAT OUT[4], IN[1], IN[1]\n"
                       "  5: U64SHL_SAT OUT[5], IN[1], IN[0]\n"
                       "  6: DSLT_SAT OUT[6].xz, IN[0], IN[1]\n"
                       "  7: END\n";
    run r;
    if (!run_open(&r, text, LANES, "64-bit saturate")) {
        run_close(&r);
        return;
    }
    /* IN[0].xy: lane 0 floats, lane 1 integers; IN[0].zw = 0. IN[1]: 64-bit patterns whose
     * doubled values are just above 1.0 (clamps to 1.0), a positive denormal (kept), -0.0 (kept,
     * as Mesa's compare d < 0.0 is false for it) and a negative huge value (0.0). */
    static const float f[2] = {2.5f, 0.25f};
    static const int32_t iv[2] = {-1, 5};
    static const uint64_t q[2][2] = {{0x1FF8000000000001ull, 0x0000000000000001ull},
                                     {0x4000000000000000ull, 0x7FF0000000000001ull}};
    for (unsigned c = 0; c < 4; c++) {
        tgx_exec_input(r.m, 0, c)[0].f = c < 2 ? f[c] : 0.0f;
        tgx_exec_input(r.m, 0, c)[1].i = c < 2 ? iv[c] : 0;
    }
    for (unsigned l = 0; l < 2; l++)
        for (unsigned p = 0; p < 2; p++) {
            tgx_exec_input(r.m, 1, 2 * p)[l].u = (uint32_t)q[l][p];
            tgx_exec_input(r.m, 1, 2 * p + 1)[l].u = (uint32_t)(q[l][p] >> 32);
        }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 2, &r.d) == TGX_OK, "run: %s", r.d.message);
    /* F2D_SAT, lane 0: 2.5 -> 1.0 (pair xy from src.x), 0.25 kept (pair zw from src.y) */
    TGX_CHECK(out_q(&r, 0, 0, 0) == DB(1.0) && out_q(&r, 0, 0, 1) == DB(0.25), "F2D_SAT");
    /* lane 1: I2D_SAT -1 -> 0.0, 5 -> 1.0; U2D_SAT 0xffffffff -> 1.0, 5 -> 1.0 */
    TGX_CHECK(out_q(&r, 1, 1, 0) == DB(0.0) && out_q(&r, 1, 1, 1) == DB(1.0), "I2D_SAT");
    TGX_CHECK(out_q(&r, 2, 1, 0) == DB(1.0) && out_q(&r, 2, 1, 1) == DB(1.0), "U2D_SAT");
    /* I2I64_SAT: -1 is all ones, a NaN pattern -> 0.0; 5 is a positive denormal: kept */
    TGX_CHECK(out_q(&r, 3, 1, 0) == DB(0.0) && out_q(&r, 3, 1, 1) == 5u, "I2I64_SAT %llx %llx",
              (unsigned long long)out_q(&r, 3, 1, 0), (unsigned long long)out_q(&r, 3, 1, 1));
    static const uint64_t want_add[2][2] = {{0x3FF0000000000000ull, 2u},
                                            {0x8000000000000000ull, 0u}};
    for (unsigned l = 0; l < 2; l++)
        for (unsigned p = 0; p < 2; p++) {
            uint64_t sum = q[l][p] + q[l][p];
            TGX_CHECK(sat_d(sum) == want_add[l][p], "U64ADD_SAT case %u %u", l, p);
            TGX_CHECK(out_q(&r, 4, l, p) == want_add[l][p], "U64ADD_SAT lane %u pair %u: %llx", l,
                      p, (unsigned long long)out_q(&r, 4, l, p));
        }
    /* U64SHL_SAT: pair xy shifted by src1.x, pair zw by src1.z (= 0). Lane 1: -1 & 63 = 63, so
     * 2.0's pattern << 63 = 0; the NaN pattern is unshifted and clamps to 0.0. Lane 0: 2.5f's
     * bits & 63 = 0: the tiny positive pattern is kept. */
    TGX_CHECK(out_q(&r, 5, 1, 0) == 0u && out_q(&r, 5, 1, 1) == DB(0.0), "U64SHL_SAT lane 1");
    TGX_CHECK(out_q(&r, 5, 0, 0) == q[0][0] && out_q(&r, 5, 0, 1) == q[0][1], "U64SHL_SAT lane 0");
    /* DSLT_SAT, lane 1: (-1, 5) as a double is a positive denormal < 2.0: the mask ~0 is stored
     * unclamped (clamped as a float it would be a NaN pattern, 0); 0.0 < NaN is false: 0. */
    TGX_CHECK(outu(&r, 6, 0, 1) == 0xffffffffu && outu(&r, 6, 2, 1) == 0u, "DSLT_SAT %x %x",
              outu(&r, 6, 0, 1), outu(&r, 6, 2, 1));
    run_close(&r);
}

int main(void)
{
    for (size_t i = 0; i < NT(cases); i++)
        pair_case(cases[i].op, cases[i].nsrc, cases[i].t, cases[i].nt, cases[i].ref);
    TGX_CHECK(d_fma(t_tri[0][0], t_tri[0][1], t_tri[0][2]) !=
                  d_mad(t_tri[0][0], t_tri[0][1], t_tri[0][2]),
              "DFMA case distinguishes one rounding from two");
    TGX_CHECK(d_round(2.5, 0, 0) == 2.0 && d_round(-3.5, 0, 0) == -4.0, "half to even");
    test_compare();
    test_conversions();
    test_ldexp_frexp();
    test_modifiers();
    test_saturate_64();
    return tgx_test_finish();
}
