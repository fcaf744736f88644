/* Float and legacy opcodes of the interpreter: every component-wise and replicated float opcode,
 * the per-channel legacy ones (LIT, EXP, LOG, DST, XPD, RFL, X2D, SCS, NRM, NRM4), the address
 * opcodes (ARL, ARR, UARL, ARA, PUSHA, POPA) with indirect addressing, NOP, modifiers (abs then
 * negate), saturate (NaN -> 0), write masks and replication.
 *
 * Expected values: the spec's formula (docs/sources.md [TGSI]) written in C, in the same
 * order of float operations, or Mesa's tgsi_exec (src/gallium/auxiliary/tgsi/tgsi_exec.c) where
 * the two differ or the spec is silent; every such place says so. Transcendental results are
 * compared with the exact function (computed in double) within a few ulp, since the spec asks
 * for log2/2^x/sin/... and not for one libm's rounding.
 *
 * Operand tuples: tuple t runs in lane t/4, channel t%4; IN[k] holds operand k. */
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
#define MAXT  (LANES * 4)

static void set_in(run *r, unsigned reg, unsigned lane, float x, float y, float z, float w)
{
    float v[4] = {x, y, z, w};
    for (unsigned c = 0; c < 4; c++)
        tgx_exec_input(r->m, reg, c)[lane].f = v[c];
}

/* got equals want bit for bit, or both are NaN, or (ulps > 0) they are within ulps units in the
 * last place of want (or both tiny). */
static int near(float got, double want_d, unsigned ulps)
{
    float want = (float)want_d;
    if (isnan(got) && isnan(want))
        return 1;
    if (ulps == 0)
        return B(got) == B(want);
    if (isinf(want) || isinf(got))
        return got == want;
    double ulp = fmax(fabs((double)want) * FLT_EPSILON, 1.401298464324817e-45);
    return fabs((double)got - (double)want) <= ulps * ulp;
}

/* ---- component-wise opcodes ------------------------------------------------------------------ */

typedef double (*fref)(float a, float b, float c);

static void comp_case(const char *op, unsigned nsrc, const float (*t)[3], unsigned nt, fref ref,
                      unsigned ulps)
{
    char text[512];
    static const char *const srcs[4] = {"", ", IN[0]", ", IN[0], IN[1]", ", IN[0], IN[1], IN[2]"};
    snprintf(text, sizeof(text),
             "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0], GENERIC[0]\n"
             "  0: %s OUT[0]%s\n  1: END\n",
             op, srcs[nsrc]);
    run r;
    if (!run_open(&r, text, LANES, op)) {
        run_close(&r);
        return;
    }
    for (unsigned k = 0; k < MAXT; k++)
        for (unsigned s = 0; s < 3; s++)
            tgx_exec_input(r.m, s, k % 4)[k / 4].f = k < nt ? t[k][s] : 0.0f;
    tgx_status st = tgx_exec_run_vertex(r.m, (nt + 3) / 4, &r.d);
    TGX_CHECK(st == TGX_OK, "%s: run: %s", op, r.d.message);
    for (unsigned k = 0; k < nt && st == TGX_OK; k++) {
        double want = ref(t[k][0], t[k][1], t[k][2]);
        float got = outf(&r, 0, k % 4, k / 4);
        TGX_CHECK(near(got, want, ulps), "%s(%g, %g, %g) = %.9g (0x%08x), want %.9g", op,
                  (double)t[k][0], (double)t[k][1], (double)t[k][2], (double)got, B(got), want);
    }
    run_close(&r);
}

/* Comparisons with integer results (FSEQ...): words ~0 / 0, checked as bits. */
static void cmp_case(const char *op, const float (*t)[3], unsigned nt, int (*pred)(float, float))
{
    char text[512];
    snprintf(text, sizeof(text),
             "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], GENERIC[0]\n  0: %s OUT[0], IN[0], IN[1]\n"
             "  1: END\n",
             op);
    run r;
    if (run_open(&r, text, LANES, op)) {
        for (unsigned k = 0; k < nt; k++)
            for (unsigned s = 0; s < 2; s++)
                tgx_exec_input(r.m, s, k % 4)[k / 4].f = t[k][s];
        TGX_CHECK(tgx_exec_run_vertex(r.m, (nt + 3) / 4, &r.d) == TGX_OK, "run");
        for (unsigned k = 0; k < nt; k++) {
            uint32_t want = pred(t[k][0], t[k][1]) ? ~0u : 0u;
            TGX_CHECK(outu(&r, 0, k % 4, k / 4) == want, "%s(%g, %g) = 0x%x, want 0x%x", op,
                      (double)t[k][0], (double)t[k][1], outu(&r, 0, k % 4, k / 4), want);
        }
    }
    run_close(&r);
}

/* Formulas. Products are kept in their own statements so no compiler fuses them into an FMA. */
static double r_add(float a, float b, float c)
{
    (void)c;
    return a + b;
}
static double r_sub(float a, float b, float c)
{
    (void)c;
    return (float)(a - b);
}
static double r_mul(float a, float b, float c)
{
    (void)c;
    return (float)(a * b);
}
static double r_div(float a, float b, float c)
{
    (void)c;
    return (float)(a / b);
}
static double r_mad(float a, float b, float c)
{
    float p = a * b;
    return (float)(p + c);
}
/* FMA (Mesa-only opcode, GLSL fma): one rounding. */
static double r_fma(float a, float b, float c)
{
    return fmaf(a, b, c);
}
/* LRP: Mesa micro_lrp computes src0 * (src1 - src2) + src2, the spec's
 * src0 * src1 + (1 - src0) * src2 rearranged; tgx follows Mesa's rounding. */
static double r_lrp(float a, float b, float c)
{
    float d = b - c;
    float p = a * d;
    return (float)(p + c);
}
/* MIN/MAX: Mesa uses fminf/fmaxf, so a NaN operand yields the other one (the spec's
 * "(x < y) ? x : y" would return y for min(NaN, y) too, but x for min(x, NaN)). */
static double r_min(float a, float b, float c)
{
    (void)c;
    return fminf(a, b);
}
static double r_max(float a, float b, float c)
{
    (void)c;
    return fmaxf(a, b);
}
static double r_slt(float a, float b, float c)
{
    (void)c;
    return a < b ? 1.0 : 0.0;
}
static double r_sge(float a, float b, float c)
{
    (void)c;
    return a >= b ? 1.0 : 0.0;
}
static double r_seq(float a, float b, float c)
{
    (void)c;
    return a == b ? 1.0 : 0.0;
}
static double r_sgt(float a, float b, float c)
{
    (void)c;
    return a > b ? 1.0 : 0.0;
}
static double r_sle(float a, float b, float c)
{
    (void)c;
    return a <= b ? 1.0 : 0.0;
}
static double r_sne(float a, float b, float c)
{
    (void)c;
    return a != b ? 1.0 : 0.0;
}
static double r_cmp(float a, float b, float c)
{
    return a < 0.0f ? b : c;
}
static double r_cnd(float a, float b, float c)
{
    return c > 0.5f ? a : b;
}
/* CLAMP (spec "Functions"): (x < y) ? y : (x > z) ? z : x */
static double r_clamp(float a, float b, float c)
{
    return a < b ? b : (a > c ? c : a);
}
static double r_frc(float a, float b, float c)
{
    (void)b, (void)c;
    return (float)(a - floorf(a));
}
static double r_flr(float a, float b, float c)
{
    (void)b, (void)c;
    return floorf(a);
}
static double r_ceil(float a, float b, float c)
{
    (void)b, (void)c;
    return ceilf(a);
}
static double r_trunc(float a, float b, float c)
{
    (void)b, (void)c;
    return truncf(a);
}
/* ROUND: the spec's round(); Mesa micro_rnd rounds half to even (_mesa_roundevenf). */
static double r_round(float a, float b, float c)
{
    (void)b, (void)c;
    float f = floorf(a), d = a - f;
    if (d > 0.5f || (d == 0.5f && fmodf(f, 2.0f) != 0.0f))
        f += 1.0f;
    return isnan(a) || isinf(a) ? (double)a : copysign((double)f, (double)a);
}
static double r_abs(float a, float b, float c)
{
    (void)b, (void)c;
    return fabsf(a);
}
static double r_ssg(float a, float b, float c)
{
    (void)b, (void)c;
    return a > 0.0f ? 1.0 : (a < 0.0f ? -1.0 : 0.0);
}
static double r_mov(float a, float b, float c)
{
    (void)b, (void)c;
    return a;
}
/* LDEXP (Mesa micro_ldexp): src0 * 2^src1, src1 an integer (IN[1] holds the int bits). */
static double r_ldexp(float a, float b, float c)
{
    (void)c;
    int32_t e;
    uint32_t u = B(b);
    memcpy(&e, &u, 4);
    return ldexpf(a, e);
}

static const float t_bin[][3] = {
    {1.5f, 2.25f, 0},   {-3.0f, 0.5f, 0},   {0.0f, -0.0f, 0},    {-0.0f, 0.0f, 0},
    {1e30f, 1e30f, 0},  {-1e30f, 1e30f, 0}, {INFINITY, 1.0f, 0}, {INFINITY, -INFINITY, 0},
    {NAN, 1.0f, 0},     {1.0f, NAN, 0},     {0.1f, 0.2f, 0},     {7.0f, 7.0f, 0},
    {1.0f, 0.0f, 0},    {-1.0f, 0.0f, 0},   {0.0f, 0.0f, 0},     {3.0f, -2.0f, 0},
    {1e-38f, 1e-3f, 0}, {-2.5f, -2.5f, 0},  {1.0f, 3.0f, 0},     {16777216.0f, 1.0f, 0},
};
/* MIN/MAX of +0 and -0: IEEE maxNum/minNum leave the sign open (and fminf/fmaxf differ between
 * libms), so those pairs are left out. */
static const float t_minmax[][3] = {
    {1.5f, 2.25f, 0},  {-3.0f, 0.5f, 0},   {-0.0f, 1.0f, 0},    {0.0f, -1.0f, 0},
    {1e30f, 1e30f, 0}, {-1e30f, 1e30f, 0}, {INFINITY, 1.0f, 0}, {INFINITY, -INFINITY, 0},
    {NAN, 1.0f, 0},    {1.0f, NAN, 0},     {-2.5f, -2.5f, 0},   {NAN, NAN, 0},
};
static const float t_tri[][3] = {
    {0.5f, 2.0f, 4.0f},
    {0.25f, -8.0f, 8.0f},
    {0.0f, 3.0f, -1.0f},
    {1.0f, 3.0f, -1.0f},
    {-0.5f, 1.0f, 2.0f},
    {0.6f, 1.0f, 2.0f},
    {1.0000001f, 1.0000001f, -1.0000002f} /* fused and unfused differ */,
    {-1.0f, 10.0f, 20.0f},
    {0.5f, -0.0f, 7.0f},
    {NAN, 1.0f, 2.0f},
    {2.0f, 1.0f, 3.0f},
    {5.0f, 1.0f, 3.0f},
    {-0.0f, 1.0f, 3.0f},
    {0.75f, 0.125f, 0.25f},
};
static const float t_un[][3] = {
    {1.5f, 0, 0},       {-1.5f, 0, 0},   {2.5f, 0, 0},        {-2.5f, 0, 0},     {0.5f, 0, 0},
    {-0.5f, 0, 0},      {0.0f, 0, 0},    {-0.0f, 0, 0},       {3.7f, 0, 0},      {-3.7f, 0, 0},
    {1e20f, 0, 0},      {-1e-20f, 0, 0}, {INFINITY, 0, 0},    {-INFINITY, 0, 0}, {NAN, 0, 0},
    {8388608.5f, 0, 0}, {-7.0f, 0, 0},   {0.49999997f, 0, 0},
};

typedef struct fcase {
    const char *op;
    unsigned nsrc;
    fref ref;
    const float (*t)[3];
    unsigned nt;
} fcase;

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

static const fcase comp_cases[] = {
    BIN("ADD", r_add),
    BIN("SUB", r_sub),
    BIN("MUL", r_mul),
    BIN("DIV", r_div),
    TRI("MAD", r_mad),
    TRI("FMA", r_fma),
    TRI("LRP", r_lrp),
    {"MIN", 2, r_min, t_minmax, NT(t_minmax)},
    {"MAX", 2, r_max, t_minmax, NT(t_minmax)},
    BIN("SLT", r_slt),
    BIN("SGE", r_sge),
    BIN("SEQ", r_seq),
    BIN("SGT", r_sgt),
    BIN("SLE", r_sle),
    BIN("SNE", r_sne),
    TRI("CMP", r_cmp),
    TRI("CND", r_cnd),
    TRI("CLAMP", r_clamp),
    UN("FRC", r_frc),
    UN("FLR", r_flr),
    UN("CEIL", r_ceil),
    UN("TRUNC", r_trunc),
    UN("ROUND", r_round),
    UN("ABS", r_abs),
    UN("SSG", r_ssg),
    UN("MOV", r_mov),
};

static int p_eq(float a, float b)
{
    return a == b;
}
static int p_ge(float a, float b)
{
    return a >= b;
}
static int p_lt(float a, float b)
{
    return a < b;
}
static int p_ne(float a, float b)
{
    return a != b;
}

static void test_component_wise(void)
{
    for (size_t i = 0; i < NT(comp_cases); i++)
        comp_case(comp_cases[i].op, comp_cases[i].nsrc, comp_cases[i].t, comp_cases[i].nt,
                  comp_cases[i].ref, 0);
    cmp_case("FSEQ", t_bin, NT(t_bin), p_eq);
    cmp_case("FSGE", t_bin, NT(t_bin), p_ge);
    cmp_case("FSLT", t_bin, NT(t_bin), p_lt);
    cmp_case("FSNE", t_bin, NT(t_bin), p_ne);
    /* LDEXP: exponents as integer bits */
    float t_ldexp[][3] = {{1.5f, 0, 0},  {1.5f, 0, 0}, {-3.0f, 0, 0},    {1.0f, 0, 0},
                          {0.75f, 0, 0}, {2.0f, 0, 0}, {INFINITY, 0, 0}, {0.0f, 0, 0}};
    static const int32_t ex[] = {3, -2, 10, -149, 128, -1, 5, 100};
    for (unsigned k = 0; k < NT(t_ldexp); k++) {
        uint32_t u;
        memcpy(&u, &ex[k], 4);
        t_ldexp[k][1] = F(u);
    }
    comp_case("LDEXP", 2, (const float(*)[3])t_ldexp, NT(t_ldexp), r_ldexp, 0);
    /* hand checks of the references */
    TGX_CHECK(r_round(2.5f, 0, 0) == 2.0 && r_round(-2.5f, 0, 0) == -2.0 &&
                  r_round(1.5f, 0, 0) == 2.0,
              "round half to even");
    TGX_CHECK(r_fma(1.0000001f, 1.0000001f, -1.0000002f) !=
                  r_mad(1.0000001f, 1.0000001f, -1.0000002f),
              "FMA case distinguishes one rounding from two");
    TGX_CHECK(r_min(NAN, 1.0f, 0) == 1.0 && r_max(1.0f, NAN, 0) == 1.0, "fmin/fmax drop NaN");
}

/* ---- replicated scalars ---------------------------------------------------------------------- */

/* One lane per input; the op reads src.x (IN[0].x, IN[1].x) and must write all four channels
 * the same value; the other source channels hold values that would change the result. */
typedef double (*sref)(const float *a, const float *b, const float *c);

static void repl_case(const char *op, unsigned nsrc, const float (*in)[3][4], unsigned n, sref ref,
                      unsigned ulps)
{
    char text[512];
    static const char *const srcs[4] = {"", ", IN[0]", ", IN[0], IN[1]", ", IN[0], IN[1], IN[2]"};
    snprintf(text, sizeof(text),
             "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0], GENERIC[0]\n"
             "  0: %s OUT[0]%s\n  1: END\n",
             op, srcs[nsrc]);
    run r;
    if (run_open(&r, text, LANES, op)) {
        for (unsigned l = 0; l < n; l++)
            for (unsigned s = 0; s < 3; s++)
                set_in(&r, s, l, in[l][s][0], in[l][s][1], in[l][s][2], in[l][s][3]);
        TGX_CHECK(tgx_exec_run_vertex(r.m, n, &r.d) == TGX_OK, "%s: run: %s", op, r.d.message);
        for (unsigned l = 0; l < n; l++) {
            double want = ref(in[l][0], in[l][1], in[l][2]);
            for (unsigned c = 0; c < 4; c++)
                TGX_CHECK(near(outf(&r, 0, c, l), want, ulps),
                          "%s lane %u .%c = %.9g, want %.9g (src0.x %g)", op, l, "xyzw"[c],
                          (double)outf(&r, 0, c, l), want, (double)in[l][0][0]);
        }
    }
    run_close(&r);
}

static double s_rcp(const float *a, const float *b, const float *c)
{
    (void)b, (void)c;
    return (float)(1.0f / a[0]);
}
/* RSQ: 1/sqrt(src.x), NaN for x < 0: Mesa 22.3's tgsi_exec, not the 2013 text's |x|
 * (docs/errata.md). */
static double s_rsq(const float *a, const float *b, const float *c)
{
    (void)b, (void)c;
    return 1.0 / sqrt((double)a[0]);
}
static double s_sqrt(const float *a, const float *b, const float *c)
{
    (void)b, (void)c;
    return sqrtf(a[0]);
}
static double s_ex2(const float *a, const float *b, const float *c)
{
    (void)b, (void)c;
    return exp2((double)a[0]);
}
static double s_lg2(const float *a, const float *b, const float *c)
{
    (void)b, (void)c;
    return log2((double)a[0]);
}
static double s_pow(const float *a, const float *b, const float *c)
{
    (void)c;
    return pow((double)a[0], (double)b[0]);
}
static double s_cos(const float *a, const float *b, const float *c)
{
    (void)b, (void)c;
    return cos((double)a[0]);
}
static double s_sin(const float *a, const float *b, const float *c)
{
    (void)b, (void)c;
    return sin((double)a[0]);
}
/* RCC (spec): 1/x clamped to [5.42101e-20, 1.884467e+19] keeping its sign. */
static double s_rcc(const float *a, const float *b, const float *c)
{
    (void)b, (void)c;
    float r = 1.0f / a[0];
    if (r > 0.0f)
        return r < 5.42101e-020f ? 5.42101e-020f : (r > 1.884467e+019f ? 1.884467e+019f : r);
    return r < -1.884467e+019f ? -1.884467e+019f : (r > -5.42101e-020f ? -5.42101e-020f : r);
}
/* Dot products in tgsi_exec's order: mul, then one mad per further component (each rounded). */
static double s_dp2(const float *a, const float *b, const float *c)
{
    (void)c;
    float s = a[0] * b[0];
    float p = a[1] * b[1];
    return (float)(s + p);
}
static double s_dp3(const float *a, const float *b, const float *c)
{
    float s = (float)s_dp2(a, b, c);
    float p = a[2] * b[2];
    return (float)(s + p);
}
static double s_dp4(const float *a, const float *b, const float *c)
{
    float s = (float)s_dp3(a, b, c);
    float p = a[3] * b[3];
    return (float)(s + p);
}
/* DPH (spec): x*x' + y*y' + z*z' + src1.w */
static double s_dph(const float *a, const float *b, const float *c)
{
    float s = (float)s_dp3(a, b, c);
    return (float)(s + b[3]);
}
/* DP2A (spec): x*x' + y*y' + src2.x */
static double s_dp2a(const float *a, const float *b, const float *c)
{
    float s = (float)s_dp2(a, b, c);
    return (float)(s + c[0]);
}
static double s_zero(const float *a, const float *b, const float *c)
{
    (void)a, (void)b, (void)c;
    return 0.0;
}
static double s_one(const float *a, const float *b, const float *c)
{
    (void)a, (void)b, (void)c;
    return 1.0;
}

static const float s_in[][3][4] = {
    {{2.0f, 9, 9, 9}, {3.0f, 7, 7, 7}, {0.5f, 1, 1, 1}},
    {{0.25f, -1, 5, 2}, {-2.0f, 4, 0.5f, 3}, {1.0f, 0, 0, 0}},
    {{10.0f, 0.5f, -3, 1}, {0.5f, 2, 4, -1}, {-8.0f, 0, 0, 0}},
    {{1e-30f, 2, 3, 4}, {2.0f, 3, 4, 5}, {0.0f, 0, 0, 0}},
    {{-4.0f, 1, 1, 1}, {0.5f, 2, 2, 2}, {100.0f, 0, 0, 0}},
    {{0.0f, 1.5f, 2.5f, 3.5f}, {0.0f, -1, -2, -3}, {2.0f, 0, 0, 0}},
    {{1e30f, 3, -3, 0}, {1.0f, 1, 1, 8}, {0.25f, 0, 0, 0}},
    {{3.14159f, -2, 0, 1}, {1.5f, 0.25f, 4, 2}, {7.0f, 0, 0, 0}},
};

static void test_replicated(void)
{
    repl_case("RCP", 1, s_in, 8, s_rcp, 0);
    /* RSQ of a negative x is NaN (s_rsq) */
    static const float rsq_in[][3][4] = {
        {{4.0f, -1, -1, -1}, {0}, {0}}, {{0.25f, 0, 0, 0}, {0}, {0}},
        {{2.0f, 0, 0, 0}, {0}, {0}},    {{0.0f, 5, 5, 5}, {0}, {0}},
        {{1e-30f, 0, 0, 0}, {0}, {0}},  {{INFINITY, 0, 0, 0}, {0}, {0}},
        {{-4.0f, 0, 0, 0}, {0}, {0}},
    };
    repl_case("RSQ", 1, rsq_in, 7, s_rsq, 1);
    repl_case("SQRT", 1, s_in, 8, s_sqrt, 0);
    repl_case("EX2", 1, s_in, 8, s_ex2, 2);
    static const float lg_in[][3][4] = {
        {{2.0f, -1, -1, -1}, {0}, {0}},  {{0.25f, 0, 0, 0}, {0}, {0}}, {{10.0f, 0, 0, 0}, {0}, {0}},
        {{1e-30f, 0, 0, 0}, {0}, {0}},   {{0.0f, 0, 0, 0}, {0}, {0}},  {{-1.0f, 0, 0, 0}, {0}, {0}},
        {{INFINITY, 0, 0, 0}, {0}, {0}}, {{3.0f, 0, 0, 0}, {0}, {0}},
    };
    repl_case("LG2", 1, lg_in, 8, s_lg2, 2);
    repl_case("POW", 2, s_in, 8, s_pow, 4);
    repl_case("COS", 1, s_in, 8, s_cos, 2);
    repl_case("SIN", 1, s_in, 8, s_sin, 2);
    repl_case("RCC", 1, s_in, 8, s_rcc, 0);
    repl_case("DP2", 2, s_in, 8, s_dp2, 0);
    repl_case("DP3", 2, s_in, 8, s_dp3, 0);
    repl_case("DP4", 2, s_in, 8, s_dp4, 0);
    repl_case("DPH", 2, s_in, 8, s_dph, 0);
    repl_case("DP2A", 3, s_in, 8, s_dp2a, 0);
    /* SFL / STR (spec): dst = 0 / dst = 1, whatever the sources */
    repl_case("SFL", 2, s_in, 8, s_zero, 0);
    repl_case("STR", 2, s_in, 8, s_one, 0);
    /* hand checks: POW(0, 0) = 1 (powf, as Mesa), RCC(1e-30) clamps to 1.884467e19 */
    TGX_CHECK(s_pow(s_in[5][0], s_in[5][1], 0) == 1.0, "pow(0,0) = 1");
    TGX_CHECK((float)s_rcc(s_in[3][0], 0, 0) == 1.884467e+019f, "RCC clamps");
}

/* ---- per-channel legacy opcodes ---------------------------------------------------------------
 */

typedef void (*cref)(const float *a, const float *b, const float *c, double *out);

static void chan_case(const char *op, unsigned nsrc, const float (*in)[3][4], unsigned n, cref ref,
                      unsigned ulps)
{
    char text[512];
    static const char *const srcs[4] = {"", ", IN[0]", ", IN[0], IN[1]", ", IN[0], IN[1], IN[2]"};
    snprintf(text, sizeof(text),
             "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0], GENERIC[0]\n"
             "  0: %s OUT[0]%s\n  1: END\n",
             op, srcs[nsrc]);
    run r;
    if (run_open(&r, text, LANES, op)) {
        for (unsigned l = 0; l < n; l++)
            for (unsigned s = 0; s < 3; s++)
                set_in(&r, s, l, in[l][s][0], in[l][s][1], in[l][s][2], in[l][s][3]);
        TGX_CHECK(tgx_exec_run_vertex(r.m, n, &r.d) == TGX_OK, "%s: run: %s", op, r.d.message);
        for (unsigned l = 0; l < n; l++) {
            double want[4];
            ref(in[l][0], in[l][1], in[l][2], want);
            for (unsigned c = 0; c < 4; c++)
                TGX_CHECK(near(outf(&r, 0, c, l), want[c], ulps),
                          "%s lane %u .%c = %.9g, want %.9g", op, l, "xyzw"[c],
                          (double)outf(&r, 0, c, l), want[c]);
        }
    }
    run_close(&r);
}

/* LIT (spec): (1, max(x,0), x > 0 ? max(y,0)^clamp(w,-128,128) : 0, 1). */
static void c_lit(const float *a, const float *b, const float *c, double *o)
{
    (void)b, (void)c;
    double w = a[3] < -128.0f ? -128.0 : (a[3] > 128.0f ? 128.0 : a[3]);
    double y = a[1] > 0.0f ? a[1] : 0.0;
    o[0] = 1.0;
    o[1] = a[0] > 0.0f ? a[0] : 0.0;
    o[2] = a[0] > 0.0f ? pow(y, w) : 0.0;
    o[3] = 1.0;
}
/* EXP (spec): (2^floor(x), x - floor(x), 2^x, 1) */
static void c_exp(const float *a, const float *b, const float *c, double *o)
{
    (void)b, (void)c;
    o[0] = exp2(floor(a[0]));
    o[1] = (float)(a[0] - floorf(a[0]));
    o[2] = exp2((double)a[0]);
    o[3] = 1.0;
}
/* LOG (spec): (floor(log2|x|), |x| / 2^floor(log2|x|), log2|x|, 1) */
static void c_log(const float *a, const float *b, const float *c, double *o)
{
    (void)b, (void)c;
    double l = log2(fabs((double)a[0]));
    o[0] = floor(l);
    o[1] = fabs((double)a[0]) / exp2(floor(l));
    o[2] = l;
    o[3] = 1.0;
}
/* DST (spec): (1, src0.y * src1.y, src0.z, src1.w) */
static void c_dst(const float *a, const float *b, const float *c, double *o)
{
    (void)c;
    o[0] = 1.0;
    o[1] = (float)(a[1] * b[1]);
    o[2] = a[2];
    o[3] = b[3];
}
/* XPD (spec): cross product, w = 1 */
static void c_xpd(const float *a, const float *b, const float *c, double *o)
{
    (void)c;
    float p, q;
    p = a[1] * b[2], q = b[1] * a[2], o[0] = (float)(p - q);
    p = a[2] * b[0], q = b[2] * a[0], o[1] = (float)(p - q);
    p = a[0] * b[1], q = b[0] * a[1], o[2] = (float)(p - q);
    o[3] = 1.0;
}
/* RFL (spec): 2 * dot3(s0, s1) / dot3(s0, s0) * s0 - s1, w = 1 */
static void c_rfl(const float *a, const float *b, const float *c, double *o)
{
    (void)c;
    double d01 = (double)a[0] * b[0] + (double)a[1] * b[1] + (double)a[2] * b[2];
    double d00 = (double)a[0] * a[0] + (double)a[1] * a[1] + (double)a[2] * a[2];
    for (unsigned k = 0; k < 3; k++)
        o[k] = 2.0 * d01 / d00 * a[k] - b[k];
    o[3] = 1.0;
}
/* X2D (spec): x = s0.x + s1.x*s2.x + s1.y*s2.y; y = s0.y + s1.x*s2.z + s1.y*s2.w; z = x; w = y */
static void c_x2d(const float *a, const float *b, const float *c, double *o)
{
    o[0] = o[2] = (double)a[0] + (double)b[0] * c[0] + (double)b[1] * c[1];
    o[1] = o[3] = (double)a[1] + (double)b[0] * c[2] + (double)b[1] * c[3];
}
/* SCS (spec): (cos x, sin x, 0, 1) */
static void c_scs(const float *a, const float *b, const float *c, double *o)
{
    (void)b, (void)c;
    o[0] = cos((double)a[0]);
    o[1] = sin((double)a[0]);
    o[2] = 0.0;
    o[3] = 1.0;
}
/* NRM: the spec's formula divides by the squared length; a normalisation divides by the length
 * (DESIGN.md "Errata", docs/errata.md). w = 1. */
static void c_nrm(const float *a, const float *b, const float *c, double *o)
{
    (void)b, (void)c;
    double l = sqrt((double)a[0] * a[0] + (double)a[1] * a[1] + (double)a[2] * a[2]);
    for (unsigned k = 0; k < 3; k++)
        o[k] = a[k] / l;
    o[3] = 1.0;
}
/* NRM4: "4-component vector normalise"; the spec's formula (src.x over the squared length,
 * replicated) has the same slip as NRM's: tgx normalises the vector (docs/errata.md). */
static void c_nrm4(const float *a, const float *b, const float *c, double *o)
{
    (void)b, (void)c;
    double l =
        sqrt((double)a[0] * a[0] + (double)a[1] * a[1] + (double)a[2] * a[2] + (double)a[3] * a[3]);
    for (unsigned k = 0; k < 4; k++)
        o[k] = a[k] / l;
}

static const float lit_in[][3][4] = {
    {{0.5f, 0.25f, 9, 2.0f}, {0}, {0}},   /* z = 0.25^2 */
    {{-0.5f, 0.25f, 9, 2.0f}, {0}, {0}},  /* x <= 0: y = 0, z = 0 */
    {{0.0f, 0.5f, 9, 1.0f}, {0}, {0}},    /* x = 0: z = 0 */
    {{2.0f, -1.0f, 9, 3.0f}, {0}, {0}},   /* max(y, 0) = 0 -> 0^3 */
    {{1.0f, 0.5f, 9, 0.0f}, {0}, {0}},    /* 0.5^0 = 1 */
    {{1.0f, 0.0f, 9, 0.0f}, {0}, {0}},    /* 0^0 = 1 */
    {{1.0f, 2.0f, 9, 200.0f}, {0}, {0}},  /* w clamped to 128 */
    {{1.0f, 2.0f, 9, -300.0f}, {0}, {0}}, /* w clamped to -128 */
};
static const float exp_in[][3][4] = {
    {{2.5f, 0, 0, 0}, {0}, {0}},  {{-1.25f, 0, 0, 0}, {0}, {0}}, {{0.0f, 0, 0, 0}, {0}, {0}},
    {{10.0f, 0, 0, 0}, {0}, {0}}, {{-0.5f, 0, 0, 0}, {0}, {0}},
};
static const float log_in[][3][4] = {
    {{10.0f, 0, 0, 0}, {0}, {0}}, {{-0.3f, 0, 0, 0}, {0}, {0}}, {{1000.0f, 0, 0, 0}, {0}, {0}},
    {{-5.0f, 0, 0, 0}, {0}, {0}}, {{0.7f, 0, 0, 0}, {0}, {0}},
};
static const float vec_in[][3][4] = {
    {{1, 2, 3, 4}, {5, 6, 7, 8}, {0.5f, 0.25f, 2, 4}},
    {{-1, 0.5f, 2, 9}, {3, -4, 0.25f, -2}, {1, -1, 2, -2}},
    {{0, 0, 1, 0}, {1, 0, 0, 0}, {3, 5, 7, 11}},
    {{2, -3, 6, 1}, {-1, -1, 4, 0.5f}, {0, 1, 0, 1}},
};
/* RFL inputs whose results do not cancel much (float rounding of 2*dot/dot stays within a few
 * ulps of the result): (0,0,2),(1,2,3) -> f = 12/4 = 3 -> (-1, -2, 3); (1,1,0),(2,0,5) -> f = 2
 * -> (0, 2, -5). */
static const float rfl_in[][3][4] = {
    {{0, 0, 2, 9}, {1, 2, 3, 9}, {0}},
    {{1, 1, 0, 9}, {2, 0, 5, 9}, {0}},
    {{3, 0, 4, 9}, {1, 1, 1, 9}, {0}},
    {{-1, 0.5f, 2, 9}, {3, -4, 0.25f, 9}, {0}},
};
static const float scs_in[][3][4] = {
    {{0.0f, 0, 0, 0}, {0}, {0}},
    {{1.0f, 5, 5, 5}, {0}, {0}},
    {{-2.5f, 0, 0, 0}, {0}, {0}},
    {{3.14159265f, 0, 0, 0}, {0}, {0}},
};

static void test_per_channel(void)
{
    chan_case("LIT", 1, lit_in, NT(lit_in), c_lit, 4);
    chan_case("EXP", 1, exp_in, NT(exp_in), c_exp, 2);
    chan_case("LOG", 1, log_in, NT(log_in), c_log, 4);
    chan_case("DST", 2, vec_in, NT(vec_in), c_dst, 0);
    chan_case("XPD", 2, vec_in, NT(vec_in), c_xpd, 0);
    chan_case("RFL", 2, rfl_in, NT(rfl_in), c_rfl, 4);
    chan_case("X2D", 3, vec_in, NT(vec_in), c_x2d, 1);
    chan_case("SCS", 1, scs_in, NT(scs_in), c_scs, 2);
    chan_case("NRM", 1, vec_in, NT(vec_in), c_nrm, 4);
    chan_case("NRM4", 1, vec_in, NT(vec_in), c_nrm4, 4);
    /* hand checks */
    double o[4];
    c_lit(lit_in[0][0], 0, 0, o);
    TGX_CHECK(o[2] == 0.0625, "LIT z = 0.25^2");
    c_log(log_in[0][0], 0, 0, o);
    TGX_CHECK(o[0] == 3.0 && o[1] == 1.25, "LOG(10) = (3, 10/8, ...)");
    c_xpd(vec_in[0][0], vec_in[0][1], 0, o);
    TGX_CHECK(o[0] == -4.0 && o[1] == 8.0 && o[2] == -4.0, "(1,2,3) x (5,6,7) = (-4, 8, -4)");
}

/* _SAT and write masks on the per-channel opcodes: only the masked channels are written, each
 * clamped to [0, 1] (spec "Modifiers"; Mesa computes and stores the masked channels only). */
static void sat_mask_case(const char *op, unsigned nsrc, const float (*in)[3][4], unsigned n,
                          cref ref, unsigned ulps, const char *mask)
{
    char text[512];
    static const char *const srcs[4] = {"", ", IN[0]", ", IN[0], IN[1]", ", IN[0], IN[1], IN[0]"};
    snprintf(text, sizeof(text),
             "VERT\nDCL IN[0]\nDCL IN[1]\nDCL IN[2]\nDCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n"
             "  0: MOV TEMP[0], IN[2]\n  1: %s_SAT TEMP[0].%s%s\n  2: MOV OUT[0], TEMP[0]\n"
             "  3: END\n",
             op, mask, srcs[nsrc]);
    unsigned wm = 0;
    for (const char *c = mask; *c; c++)
        wm |= 1u << (*c == 'w' ? 3 : *c - 'x');
    run r;
    if (run_open(&r, text, LANES, op)) {
        for (unsigned l = 0; l < n; l++) {
            for (unsigned s2 = 0; s2 < 2; s2++)
                set_in(&r, s2, l, in[l][s2][0], in[l][s2][1], in[l][s2][2], in[l][s2][3]);
            set_in(&r, 2, l, -7.0f, -8.0f, -9.0f, -10.0f);
        }
        TGX_CHECK(tgx_exec_run_vertex(r.m, n, &r.d) == TGX_OK, "%s: run: %s", op, r.d.message);
        for (unsigned l = 0; l < n; l++) {
            double want[4];
            const float *c2 = nsrc == 3 ? in[l][0] : in[l][2];
            ref(in[l][0], in[l][1], c2, want);
            for (unsigned c = 0; c < 4; c++) {
                double w = want[c];
                if (wm & (1u << c))
                    w = isnan(w) || w < 0.0 ? 0.0 : (w > 1.0 ? 1.0 : w);
                else
                    w = -7.0 - (double)c;
                TGX_CHECK(near(outf(&r, 0, c, l), w, ulps),
                          "%s_SAT .%s lane %u .%c = %.9g, want %.9g", op, mask, l, "xyzw"[c],
                          (double)outf(&r, 0, c, l), w);
            }
        }
    }
    run_close(&r);
}

static void test_sat_masks(void)
{
    sat_mask_case("LIT", 1, lit_in, 8, c_lit, 4, "yz");
    sat_mask_case("EXP", 1, exp_in, 5, c_exp, 2, "xyw");
    sat_mask_case("LOG", 1, log_in, 5, c_log, 4, "xz");
    sat_mask_case("DST", 2, vec_in, 4, c_dst, 0, "yw");
    sat_mask_case("XPD", 2, vec_in, 4, c_xpd, 0, "xz");
    sat_mask_case("SCS", 1, scs_in, 4, c_scs, 2, "xy");
    sat_mask_case("X2D", 3, vec_in, 4, c_x2d, 1, "yzw");
    sat_mask_case("NRM", 1, vec_in, 4, c_nrm, 4, "xyz");
}

/* ---- modifiers, saturate, masks ------------------------------------------------------------- */

static void test_modifiers(void)
{
    const char *text =
        "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], GENERIC[0]\nDCL OUT[1], GENERIC[1]\n"
        "DCL OUT[2], GENERIC[2]\nDCL OUT[3], GENERIC[3]\nDCL OUT[4], GENERIC[4]\n"
        "DCL OUT[5], GENERIC[5]\nDCL TEMP[0..1]\n"
        "  0: MOV OUT[0], -|IN[0]|\n"
        "  1: ADD_SAT OUT[1], IN[0], IN[1]\n"
        "  2: MOV TEMP[0], IN[1]\n"
        "  3: RCP TEMP[0].yz, IN[0].wwww\n"
        "  4: MOV OUT[2], TEMP[0]\n"
        "  5: MUL OUT[3], |IN[0].wzyx|, -IN[1]\n"
        "  6: MOV TEMP[1], IN[0]\n"
        "  7: ADD TEMP[1], TEMP[1].wxyz, TEMP[1]\n"
        "  8: MOV OUT[4], TEMP[1]\n"
        "  9: MAD_SAT OUT[5].xw, IN[0], IN[1], IN[1]\n"
        " 10: END\n";
    run r;
    if (!run_open(&r, text, LANES, "modifiers")) {
        run_close(&r);
        return;
    }
    const float a[2][4] = {{-2.0f, 0.25f, -0.0f, 4.0f}, {NAN, 0.75f, 3.0f, -0.5f}};
    const float b[2][4] = {{2.5f, 0.5f, -1.0f, 0.125f}, {1.0f, 0.125f, -2.0f, 8.0f}};
    for (unsigned l = 0; l < 2; l++) {
        set_in(&r, 0, l, a[l][0], a[l][1], a[l][2], a[l][3]);
        set_in(&r, 1, l, b[l][0], b[l][1], b[l][2], b[l][3]);
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 2, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 2; l++)
        for (unsigned c = 0; c < 4; c++) {
            float x = a[l][c], y = b[l][c];
            /* abs first, then negate: -|x| always has the sign bit set (NaN too) */
            float g0 = outf(&r, 0, c, l);
            TGX_CHECK(signbit(g0) && (isnan(x) ? isnan(g0) : g0 == -fabsf(x)), "-|x| lane %u .%c",
                      l, "xyzw"[c]);
            /* saturate: clamp to [0, 1], NaN -> 0 (Mesa store_dest: fminf(fmaxf(v, 0), 1)) */
            float s = x + y;
            float ws = isnan(s) ? 0.0f : (s < 0.0f ? 0.0f : (s > 1.0f ? 1.0f : s));
            TGX_CHECK(B(outf(&r, 1, c, l)) == B(ws), "ADD_SAT lane %u .%c = %g, want %g", l,
                      "xyzw"[c], (double)outf(&r, 1, c, l), (double)ws);
            /* replicated scalar under a write mask */
            float wr = (c == 1 || c == 2) ? 1.0f / a[l][3] : y;
            TGX_CHECK(B(outf(&r, 2, c, l)) == B(wr), "RCP .yz lane %u .%c", l, "xyzw"[c]);
            float wm = fabsf(a[l][3 - c]) * -y;
            TGX_CHECK(near(outf(&r, 3, c, l), wm, 0), "|x.wzyx| * -y lane %u .%c", l, "xyzw"[c]);
            float wa = a[l][(c + 3) % 4] + x;
            TGX_CHECK(near(outf(&r, 4, c, l), wa, 0), "ADD T, T.wxyz, T lane %u .%c = %g, want %g",
                      l, "xyzw"[c], (double)outf(&r, 4, c, l), (double)wa);
        }
    /* MAD_SAT .xw: lane 0: x = -2*2.5-... = -2.5 -> 0 ... ; w = 4*0.125+0.125 = 0.625 */
    TGX_CHECK(outf(&r, 5, 0, 0) == 0.0f && outf(&r, 5, 3, 0) == 0.625f, "MAD_SAT lane 0");
    /* lane 1: x = NaN*1+1 = NaN -> 0; w = -0.5*8+8 = 4 -> 1 */
    TGX_CHECK(outf(&r, 5, 0, 1) == 0.0f && outf(&r, 5, 3, 1) == 1.0f, "MAD_SAT lane 1");
    run_close(&r);
}

/* ---- address register, indirect addressing, address stack -------------------------------------
 */

/* ARL floors (spec); ARR rounds (spec round(); Mesa micro_arr: floor(x + 0.5)); UARL moves an
 * integer. Each then indexes TEMP[ADDR[0].x + 1] per lane; indirect writes go through ADDR too;
 * CONST[1][ADDR[0].y] reads a 2-D constant buffer indirectly. */
static void test_address(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0..5], GENERIC[0]\nDCL TEMP[0..4]\n"
                       "DCL ADDR[0]\nDCL CONST[1][0..3]\n"
                       "IMM[0] FLT32 {10.0, 20.0, 30.0, 40.0}\n"
                       "IMM[1] FLT32 {50.0, 0.0, 0.0, 0.0}\n"
                       "  0: MOV TEMP[0], IMM[0].xxxx\n"
                       "  1: MOV TEMP[1], IMM[0].yyyy\n"
                       "  2: MOV TEMP[2], IMM[0].zzzz\n"
                       "  3: MOV TEMP[3], IMM[0].wwww\n"
                       "  4: MOV TEMP[4], IMM[1].xxxx\n"
                       "  5: ARL ADDR[0].x, IN[0].xxxx\n"
                       "  6: MOV OUT[0], TEMP[ADDR[0].x+1]\n"
                       "  7: ARR ADDR[0].x, IN[0].yyyy\n"
                       "  8: MOV OUT[1], TEMP[ADDR[0].x]\n"
                       "  9: UARL ADDR[0].xy, IN[1].xyyy\n"
                       " 10: MOV OUT[2], TEMP[ADDR[0].x+2]\n"
                       " 11: MOV OUT[3], CONST[1][ADDR[0].y]\n"
                       " 12: MOV TEMP[ADDR[0].x], IN[0].zzzz\n"
                       " 13: MOV OUT[4].x, TEMP[0].xxxx\n"
                       " 14: MOV OUT[4].y, TEMP[1].xxxx\n"
                       " 15: MOV OUT[4].z, TEMP[2].xxxx\n"
                       " 16: MOV OUT[4].w, TEMP[3].xxxx\n"
                       " 17: ARL ADDR[0], IN[0]\n"
                       " 18: MOV OUT[5], ADDR[0]\n"
                       " 19: END\n";
    run r;
    if (!run_open(&r, text, LANES, "address")) {
        run_close(&r);
        return;
    }
    uint32_t cb[16]; /* CONST[1][i] = (4i+1, 4i+2, 4i+3, 4i+4) */
    for (unsigned i = 0; i < 16; i++)
        cb[i] = B((float)(i + 1));
    TGX_CHECK(tgx_exec_bind_constants(r.m, 1, cb, 16) == TGX_OK, "bind constants");
    /* lane: ARL source, ARR source, UARL x, UARL y */
    static const float arl[4] = {1.7f, -0.5f, 0.0f, 2.99f}; /* floor: 1, -1, 0, 2 */
    static const float arr[4] = {1.5f, 2.49f, -0.5f, 3.5f}; /* floor(x+.5): 2, 2, 0, 4 */
    static const uint32_t ux[4] = {0, 1, 2, 0}, uy[4] = {3, 2, 1, 0};
    for (unsigned l = 0; l < 4; l++) {
        set_in(&r, 0, l, arl[l], arr[l], 99.0f + (float)l, -2.5f);
        tgx_exec_input(r.m, 1, 0)[l].u = ux[l];
        tgx_exec_input(r.m, 1, 1)[l].u = uy[l];
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 4, &r.d) == TGX_OK, "run: %s", r.d.message);
    static const float temps[5] = {10, 20, 30, 40, 50};
    static const int arl_i[4] = {1, -1, 0, 2}, arr_i[4] = {2, 2, 0, 4};
    for (unsigned l = 0; l < 4; l++) {
        TGX_CHECK(outf(&r, 0, 0, l) == temps[arl_i[l] + 1], "TEMP[ARL+1] lane %u = %g", l,
                  (double)outf(&r, 0, 0, l));
        TGX_CHECK(outf(&r, 1, 2, l) == temps[arr_i[l]], "TEMP[ARR] lane %u = %g", l,
                  (double)outf(&r, 1, 2, l));
        TGX_CHECK(outf(&r, 2, 1, l) == temps[ux[l] + 2], "TEMP[UARL+2] lane %u", l);
        for (unsigned c = 0; c < 4; c++)
            TGX_CHECK(outu(&r, 3, c, l) == cb[4 * uy[l] + c], "CONST[1][ADDR.y] lane %u .%c", l,
                      "xyzw"[c]);
        for (unsigned t = 0; t < 4; t++) {
            float want = t == ux[l] ? 99.0f + (float)l : temps[t];
            TGX_CHECK(outf(&r, 4, t, l) == want, "indirect write lane %u TEMP[%u] = %g, want %g", l,
                      t, (double)outf(&r, 4, t, l), (double)want);
        }
        /* ARL on a full vector: floor of each component as an integer */
        int32_t want5[4] = {arl_i[l], (int32_t)floorf(arr[l]), 99 + (int32_t)l, -3};
        for (unsigned c = 0; c < 4; c++)
            TGX_CHECK(tgx_exec_output(r.m, 5, c)[l].i == want5[c], "ARL ADDR lane %u .%c = %d", l,
                      "xyzw"[c], tgx_exec_output(r.m, 5, c)[l].i);
    }
    run_close(&r);
}

/* PUSHA/POPA (spec): push(src.x), push(src.y), push(src.z), push(src.w); POPA pops w, z, y, x,
 * so a POPA returns the last pushed vector. ARA (spec "TBD"; from NV_vertex_program2) adds the
 * address halves: x = x + z, y = y + w. NOP does nothing. */
static void test_address_stack(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0..2], GENERIC[0]\nDCL ADDR[0..1]\n"
                       "  0: UARL ADDR[0], IN[0]\n"
                       "  1: UARL ADDR[1], IN[1]\n"
                       "  2: PUSHA ADDR[0]\n"
                       "  3: PUSHA ADDR[1]\n"
                       "  4: NOP\n"
                       "  5: POPA ADDR[0]\n"
                       "  6: POPA ADDR[1]\n"
                       "  7: MOV OUT[0], ADDR[0]\n"
                       "  8: MOV OUT[1], ADDR[1]\n"
                       "  9: ARA ADDR[0], ADDR[1]\n"
                       " 10: MOV OUT[2], ADDR[0]\n"
                       " 11: END\n";
    run r;
    if (!run_open(&r, text, LANES, "PUSHA/POPA/ARA")) {
        run_close(&r);
        return;
    }
    static const uint32_t a[2][4] = {{1, 2, 3, 4}, {7, 0, 5, 9}};
    static const uint32_t b[2][4] = {{10, 20, 30, 40}, {0xfffffffeu, 3, 6, 1}};
    for (unsigned l = 0; l < 2; l++)
        for (unsigned c = 0; c < 4; c++) {
            tgx_exec_input(r.m, 0, c)[l].u = a[l][c];
            tgx_exec_input(r.m, 1, c)[l].u = b[l][c];
        }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 2, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 2; l++) {
        for (unsigned c = 0; c < 4; c++) {
            TGX_CHECK(outu(&r, 0, c, l) == b[l][c], "first POPA = last PUSHA, lane %u .%c", l,
                      "xyzw"[c]);
            TGX_CHECK(outu(&r, 1, c, l) == a[l][c], "second POPA = first PUSHA, lane %u .%c", l,
                      "xyzw"[c]);
        }
        /* ARA of ADDR[1] (= a after the pops) */
        TGX_CHECK(outu(&r, 2, 0, l) == a[l][0] + a[l][2], "ARA x = x + z lane %u", l);
        TGX_CHECK(outu(&r, 2, 1, l) == a[l][1] + a[l][3], "ARA y = y + w lane %u", l);
    }
    run_close(&r);
}

/* Modifier types (spec "Modifiers"): MOV counts as float, so -x flips the sign bit of any word and
 * |x| clears it; UCMP's moved sources take float modifiers too (Mesa exec_ucmp fetches them as
 * FLOAT); I2F's signed source is negated as an integer before the conversion; U2F's unsigned one
 * too (the spec allows none; Mesa's fetch_source negates non-float types with micro_ineg). */
static void test_modifier_types(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0..4], GENERIC[0]\n"
                       "  0: MOV OUT[0], -IN[0]\n"
                       "  1: MOV OUT[1], |IN[0]|\n"
                       "  2: UCMP OUT[2], IN[1], -IN[0], IN[0]\n"
                       "  3: I2F OUT[3], -IN[0]\n"
                       "  4: U2F OUT[4], -IN[0]\n"
                       "  5: END\n";
    run r;
    if (!run_open(&r, text, LANES, "modifier types")) {
        run_close(&r);
        return;
    }
    static const uint32_t w[4] = {0x00000001u, 0x80000000u, 0xffffffffu, 0x7fc00000u};
    static const uint32_t cond[4] = {1, 0, 5, 0};
    for (unsigned c = 0; c < 4; c++) {
        tgx_exec_input(r.m, 0, c)[0].u = w[c];
        tgx_exec_input(r.m, 1, c)[0].u = cond[c];
    }
    TGX_CHECK(tgx_exec_run_vertex(r.m, 1, &r.d) == TGX_OK, "run: %s", r.d.message);
    /* I2F(-x): -1 -> -1.0; -INT_MIN wraps to INT_MIN -> -2147483648.0; -(-1) -> 1.0;
     * -(0x7fc00000) = -2143289344 -> -2143289344.0. U2F(-x) as unsigned: 0xffffffff ->
     * 4294967296.0 (rounded), 0x80000000 -> 2147483648.0, 1 -> 1.0, 0x80400000 -> 2151677952.0 */
    static const float i2f[4] = {-1.0f, -2147483648.0f, 1.0f, -2143289344.0f};
    static const float u2f[4] = {4294967296.0f, 2147483648.0f, 1.0f, 2151677952.0f};
    for (unsigned c = 0; c < 4; c++) {
        TGX_CHECK(outu(&r, 0, c, 0) == (w[c] ^ 0x80000000u), "MOV -x .%c = 0x%x", "xyzw"[c],
                  outu(&r, 0, c, 0));
        TGX_CHECK(outu(&r, 1, c, 0) == (w[c] & 0x7fffffffu), "MOV |x| .%c = 0x%x", "xyzw"[c],
                  outu(&r, 1, c, 0));
        uint32_t wu = cond[c] ? (w[c] ^ 0x80000000u) : w[c];
        TGX_CHECK(outu(&r, 2, c, 0) == wu, "UCMP c, -x, x .%c = 0x%x, want 0x%x", "xyzw"[c],
                  outu(&r, 2, c, 0), wu);
        TGX_CHECK(outf(&r, 3, c, 0) == i2f[c], "I2F(-x) .%c = %.9g, want %.9g", "xyzw"[c],
                  (double)outf(&r, 3, c, 0), (double)i2f[c]);
        TGX_CHECK(outf(&r, 4, c, 0) == u2f[c], "U2F(-x) .%c = %.9g, want %.9g", "xyzw"[c],
                  (double)outf(&r, 4, c, 0), (double)u2f[c]);
    }
    run_close(&r);
}

/* The corpus compares with softpipe bit for bit, so the transcendental opcodes use Mesa's exact
 * expressions (tgsi_exec micro_exp2: powf(2, x); micro_lg2: logf(x) * 1.442695f; micro_pow:
 * powf; micro_sin / micro_cos: sinf / cosf), checked here bit for bit with this libm. */
static void test_mesa_transcendentals(void)
{
    const char *text = "VERT\nDCL IN[0]\nDCL OUT[0..4], GENERIC[0]\n"
                       "  0: EX2 OUT[0], IN[0].xxxx\n"
                       "  1: LG2 OUT[1], IN[0].yyyy\n"
                       "  2: POW OUT[2], IN[0].yyyy, IN[0].zzzz\n"
                       "  3: SIN OUT[3], IN[0].wwww\n"
                       "  4: COS OUT[4], IN[0].wwww\n"
                       "  5: END\n";
    run r;
    if (!run_open(&r, text, LANES, "Mesa transcendentals")) {
        run_close(&r);
        return;
    }
    static const float v[8][4] = {
        {0.3f, 3.0f, 0.7f, 0.5f},
        {-2.7f, 10.0f, 2.2f, -1.3f},
        {5.1f, 0.1f, -1.5f, 100.0f},
        {0.999f, 1.5f, 3.3f, 1e-4f},
        {-0.001f, 7.77f, 0.25f, 3.0f},
        {12.3f, 1e-5f, 1.0f, -7.5f},
        {-20.5f, 123456.0f, 0.5f, 0.785398f},
        {1.0f / 3.0f, 0.6f, 12.0f, 2.5f},
    };
    for (unsigned l = 0; l < 8; l++)
        set_in(&r, 0, l, v[l][0], v[l][1], v[l][2], v[l][3]);
    TGX_CHECK(tgx_exec_run_vertex(r.m, 8, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned l = 0; l < 8; l++) {
        float want[5] = {powf(2.0f, v[l][0]), logf(v[l][1]) * 1.442695f, powf(v[l][1], v[l][2]),
                         sinf(v[l][3]), cosf(v[l][3])};
        static const char *const nm[5] = {"EX2", "LG2", "POW", "SIN", "COS"};
        for (unsigned k = 0; k < 5; k++)
            TGX_CHECK(B(outf(&r, k, 0, l)) == B(want[k]), "%s lane %u = %.9g, Mesa's %.9g", nm[k],
                      l, (double)outf(&r, k, 0, l), (double)want[k]);
    }
    run_close(&r);
}

int main(void)
{
    test_component_wise();
    test_replicated();
    test_mesa_transcendentals();
    test_per_channel();
    test_sat_masks();
    test_modifiers();
    test_modifier_types();
    test_address();
    test_address_stack();
    return tgx_test_finish();
}
