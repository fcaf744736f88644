/* The arithmetic of the whole-warp emulator: every executor of an opclass that only reads and
 * writes registers, predicates and the condition codes (FADD, XMAD, ISETP, F2I, DFMA, ...).
 * Field positions are those of the opclass's rows in src/sm5/sm5_ops.def (each noted at its
 * executor); where the second and third sources come from, the immediate and the constant are
 * read off the row by tgx_sm5_op_form. docs/sm5-emu.md ("The whole warp") says which rules are
 * modelled exactly and which are not.
 *
 * Every executor computes all threads' results before it writes any, so a destination may be
 * one of its sources. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"
#include "tgx/util.h"

#define F(lo_, n_) emu_bits(o->w, lo_, n_)
#define EACH_T(o, t)                                                                               \
    for (unsigned t = 0; t < EMU_W; t++)                                                           \
        if (!((o)->exec >> t & 1u)) {                                                              \
        } else

#define CANON_NAN 0x7fffffffu /* the NaN float instructions produce */
#define TWO_PI    6.283185307179586476925286766559

/* ---- operands -------------------------------------------------------------------------------- */

static uint32_t cword(const emu_op *o, unsigned extra)
{
    uint32_t off = o->info.coff + extra;
    return off < TGX_SM5_EMU_BANK_WORDS * 4u ? tgx_sm5_emu_cbank(o->emu, o->info.cbank, off / 4)
                                             : 0u;
}

static uint32_t ra(const emu_op *o, unsigned t)
{
    return emu_r(o->emu, F(8, 8), t);
}

/* The second source: the register at 20, the constant, the register at 39 (when the constant
 * is third) or the immediate. */
static uint32_t src_b(const emu_op *o, unsigned t)
{
    switch (o->info.src) {
    case TGX_SM5_SRC_REG: return emu_r(o->emu, F(20, 8), t);
    case TGX_SM5_SRC_CONST: return cword(o, 0);
    case TGX_SM5_SRC_REG_CONST: return emu_r(o->emu, F(39, 8), t);
    default: return o->info.imm;
    }
}

static uint32_t src_c(const emu_op *o, unsigned t)
{
    return o->info.src == TGX_SM5_SRC_REG_CONST ? cword(o, 0) : emu_r(o->emu, F(39, 8), t);
}

static uint64_t pair(const emu_op *o, unsigned r, unsigned t)
{
    if (r >= TGX_SM5_EMU_REGS)
        return 0;
    return (uint64_t)emu_r(o->emu, r + 1, t) << 32 | emu_r(o->emu, r, t);
}

static uint64_t src_b64(const emu_op *o, unsigned t)
{
    switch (o->info.src) {
    case TGX_SM5_SRC_REG: return pair(o, F(20, 8), t);
    case TGX_SM5_SRC_CONST: return (uint64_t)cword(o, 4) << 32 | cword(o, 0);
    case TGX_SM5_SRC_REG_CONST: return pair(o, F(39, 8), t);
    default: return (uint64_t)o->info.imm << 32; /* the double's top 20 bits */
    }
}

static uint64_t src_c64(const emu_op *o, unsigned t)
{
    return o->info.src == TGX_SM5_SRC_REG_CONST ? (uint64_t)cword(o, 4) << 32 | cword(o, 0)
                                                : pair(o, F(39, 8), t);
}

static void put(emu_op *o, unsigned rd, const uint32_t v[EMU_W])
{
    EACH_T(o, t) emu_w(o->emu, rd, t, v[t]);
}

static void put64(emu_op *o, unsigned rd, const uint64_t v[EMU_W])
{
    EACH_T(o, t)
    {
        emu_w(o->emu, rd, t, (uint32_t)v[t]);
        if (rd < TGX_SM5_EMU_REGS)
            emu_w(o->emu, rd + 1, t, (uint32_t)(v[t] >> 32));
    }
}

/* A predicate operand: number at lo, negated when bit neg is set. */
static uint32_t pred_src(const emu_op *o, unsigned lo, unsigned neg)
{
    uint32_t p = emu_p(o->emu, F(lo, 3));
    return F(neg, 1) ? ~p : p;
}

static uint32_t bop(unsigned op, uint32_t a, uint32_t b)
{
    return op == 0 ? a & b : op == 1 ? a | b : a ^ b;
}

/* Refuses the condition-code write (.CC at bit) an executor does not model. */
static tgx_status no_cc(const emu_op *o, unsigned bit)
{
    if (F(bit, 1))
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED,
                           "%s with .CC: its condition codes are not modelled", o->info.opclass);
    return TGX_OK;
}

/* ---- floating point rules ------------------------------------------------------------------ */

static float b2f(uint32_t u)
{
    return tgx_bits2f(u);
}

static uint32_t f2b(float f)
{
    return isnan(f) ? CANON_NAN : tgx_f2bits(f);
}

static double b2d(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static uint64_t d2b(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static float ftz(float x)
{
    return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}

/* neg/abs as the operand's bits ask */
static float fmod_na(float x, int neg, int ab)
{
    if (ab)
        x = fabsf(x);
    return neg ? -x : x;
}

static double dmod_na(double x, int neg, int ab)
{
    if (ab)
        x = fabs(x);
    return neg ? -x : x;
}

/* The float nearest s + e (exact, |e| at most half an ulp of s) in rounding mode rnd (0 RN,
 * 1 RM, 2 RP, 3 RZ). Rounding the double s to float is the correctly rounded result for RN
 * (double rounding is innocuous for +, -, *, / and fma of floats: 53 >= 2 * 24 + 2); for the
 * directed modes the nearest float is stepped by the sign of what is left over. */
static float round_f32(double s, double e, unsigned rnd)
{
    float f = (float)s;
    if (rnd == 0 || isnan(s))
        return f;
    double rest = (s - (double)f) + e; /* exact - f, its sign is what counts */
    if (isinf(f) && !isinf(s))
        rest = f > 0 ? -1.0 : 1.0;
    if (rest == 0)
        return f;
    if (rnd == 1 && rest < 0)
        return nextafterf(f, -INFINITY);
    if (rnd == 2 && rest > 0)
        return nextafterf(f, INFINITY);
    if (rnd == 3 && ((f > 0 && rest < 0) || (f < 0 && rest > 0)))
        return nextafterf(f, 0.0f);
    if (rnd == 3 && f == 0)
        return f;
    return f;
}

/* The double nearest s + e in rounding mode rnd, as round_f32. */
static double round_f64(double s, double e, unsigned rnd)
{
    if (rnd == 0 || e == 0 || isnan(s) || isinf(s))
        return s;
    if (rnd == 1 && e < 0)
        return nextafter(s, -INFINITY);
    if (rnd == 2 && e > 0)
        return nextafter(s, INFINITY);
    if (rnd == 3 && ((s > 0 && e < 0) || (s < 0 && e > 0)))
        return nextafter(s, 0.0);
    return s;
}

/* Knuth's TwoSum: s + e == a + b exactly. */
static void two_sum(double a, double b, double *s, double *e)
{
    *s = a + b;
    double bb = *s - a;
    *e = (a - (*s - bb)) + (b - bb);
}

static float sat01(float x)
{
    if (isnan(x))
        return 0.0f;
    return x < 0 ? 0.0f : x > 1 ? 1.0f : x;
}

/* nvdisasm's fcmp order: F LT EQ LE GT NE GE NUM NAN LTU EQU LEU GTU NEU GEU T */
static int fcmp(unsigned c, double a, double b)
{
    int un = isnan(a) || isnan(b);
    switch (c) {
    case 0: return 0;
    case 1: return !un && a < b;
    case 2: return !un && a == b;
    case 3: return !un && a <= b;
    case 4: return !un && a > b;
    case 5: return !un && a != b;
    case 6: return !un && a >= b;
    case 7: return !un;
    case 8: return un;
    case 9: return un || a < b;
    case 10: return un || a == b;
    case 11: return un || a <= b;
    case 12: return un || a > b;
    case 13: return un || a != b;
    case 14: return un || a >= b;
    default: return 1;
    }
}

/* ---- floating point -------------------------------------------------------------------------- */

static tgx_status x_fadd(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    int fz = F(44, 1);
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        float a = fmod_na(b2f(ra(o, t)), F(48, 1), F(46, 1));
        float b = fmod_na(b2f(src_b(o, t)), F(45, 1), F(49, 1));
        if (fz) {
            a = ftz(a);
            b = ftz(b);
        }
        double s, e;
        two_sum(a, b, &s, &e);
        float r = round_f32(s, e, F(39, 2));
        if (fz)
            r = ftz(r);
        if (F(50, 1))
            r = sat01(r);
        out[t] = f2b(r);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_fadd32i(emu_op *o)
{
    tgx_status st = no_cc(o, 52);
    if (st < 0)
        return st;
    int fz = F(55, 1);
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        float a = fmod_na(b2f(ra(o, t)), F(56, 1), F(54, 1));
        float b = fmod_na(b2f(o->info.imm), F(53, 1), F(57, 1));
        if (fz) {
            a = ftz(a);
            b = ftz(b);
        }
        float r = (float)((double)a + (double)b);
        out[t] = f2b(fz ? ftz(r) : r);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* a * b with FMUL's .FTZ/.FMZ (fmz: 1 FTZ, 2 FMZ: zero times anything is zero), the scale and
 * the rounding */
static float fmul1(float a, float b, unsigned fmz, unsigned scale, unsigned rnd)
{
    if (fmz) {
        a = ftz(a);
        b = ftz(b);
    }
    if (fmz == 2 && (a == 0 || b == 0))
        return 0.0f;
    static const double scales[8] = {1, 0.5, 0.25, 0.125, 8, 4, 2, 1};
    double p = (double)a * (double)b * scales[scale & 7]; /* exact: 48 bits and a power of 2 */
    float r = round_f32(p, 0, rnd);
    return fmz ? ftz(r) : r;
}

static tgx_status x_fmul(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    unsigned fmz = F(44, 2), scale = F(41, 3), rnd = F(39, 2);
    if (fmz == 3 || scale == 7)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "FMUL with a reserved FMZ or scale value");
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        float b = b2f(src_b(o, t));
        float r = fmul1(b2f(ra(o, t)), F(48, 1) ? -b : b, fmz, scale, rnd);
        out[t] = f2b(F(50, 1) ? sat01(r) : r);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_fmul32i(emu_op *o)
{
    tgx_status st = no_cc(o, 52);
    if (st < 0)
        return st;
    unsigned fmz = F(53, 2);
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        float r = fmul1(b2f(ra(o, t)), b2f(o->info.imm), fmz, 0, 0);
        out[t] = f2b(F(55, 1) ? sat01(r) : r);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static float ffma1(float a, float b, float c, unsigned fmz, unsigned rnd)
{
    if (fmz) {
        a = ftz(a);
        b = ftz(b);
        c = ftz(c);
    }
    double p = (double)a * (double)b; /* exact */
    if (fmz == 2 && (a == 0 || b == 0))
        p = 0;
    double s, e;
    two_sum(p, c, &s, &e);
    float r = round_f32(s, e, rnd);
    return fmz ? ftz(r) : r;
}

static tgx_status x_ffma(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    unsigned fmz = F(53, 2), rnd = F(51, 2);
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        float b = b2f(src_b(o, t)), c = b2f(src_c(o, t));
        float r = ffma1(b2f(ra(o, t)), F(48, 1) ? -b : b, F(49, 1) ? -c : c, fmz, rnd);
        out[t] = f2b(F(50, 1) ? sat01(r) : r);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_ffma32i(emu_op *o)
{
    tgx_status st = no_cc(o, 52);
    if (st < 0)
        return st;
    unsigned fmz = F(53, 2);
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        float a = b2f(ra(o, t)), c = b2f(emu_r(o->emu, F(0, 8), t));
        float r = ffma1(F(56, 1) ? -a : a, b2f(o->info.imm), F(57, 1) ? -c : c, fmz, 0);
        out[t] = f2b(F(55, 1) ? sat01(r) : r);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_fmnmx(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t p = pred_src(o, 39, 42), out[EMU_W];
    EACH_T(o, t)
    {
        float a = fmod_na(b2f(ra(o, t)), F(48, 1), F(46, 1));
        float b = fmod_na(b2f(src_b(o, t)), F(45, 1), F(49, 1));
        if (F(44, 1)) {
            a = ftz(a);
            b = ftz(b);
        }
        float r = (p >> t & 1u) ? fminf(a, b) : fmaxf(a, b); /* a NaN gives the other */
        out[t] = f2b(r);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* FSETP / DSETP: P3 = cmp bop Pc, P0 = !cmp bop Pc */
static void setp_write(emu_op *o, uint32_t cmp)
{
    uint32_t pc = pred_src(o, 39, 42);
    unsigned op = F(45, 2);
    emu_pw(o->emu, F(3, 3), o->exec, bop(op, cmp, pc));
    emu_pw(o->emu, F(0, 3), o->exec, bop(op, ~cmp, pc));
}

static tgx_status check_bop(const emu_op *o)
{
    if (F(45, 2) == 3)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "%s with the reserved .INVALIDBOP3",
                           o->info.opclass);
    return TGX_OK;
}

static tgx_status x_fsetp(emu_op *o)
{
    tgx_status st = check_bop(o);
    if (st < 0)
        return st;
    uint32_t cmp = 0;
    EACH_T(o, t)
    {
        float a = fmod_na(b2f(ra(o, t)), F(43, 1), F(7, 1));
        float b = fmod_na(b2f(src_b(o, t)), F(6, 1), F(44, 1));
        if (F(47, 1)) {
            a = ftz(a);
            b = ftz(b);
        }
        cmp |= (uint32_t)fcmp(F(48, 4), a, b) << t;
    }
    setp_write(o, cmp);
    return TGX_OK;
}

static tgx_status x_fset(emu_op *o)
{
    tgx_status st = check_bop(o);
    if (st == TGX_OK)
        st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t pc = pred_src(o, 39, 42), out[EMU_W];
    EACH_T(o, t)
    {
        float a = fmod_na(b2f(ra(o, t)), F(43, 1), F(54, 1));
        float b = fmod_na(b2f(src_b(o, t)), F(53, 1), F(44, 1));
        if (F(55, 1)) {
            a = ftz(a);
            b = ftz(b);
        }
        uint32_t r = bop(F(45, 2), (uint32_t)fcmp(F(48, 4), a, b), pc >> t & 1u) & 1u;
        out[t] = F(52, 1) ? (r ? 0x3f800000u : 0u) : (r ? 0xffffffffu : 0u);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_fcmp(emu_op *o)
{
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        float c = b2f(src_c(o, t));
        if (F(47, 1))
            c = ftz(c);
        out[t] = fcmp(F(48, 4), c, 0.0) ? ra(o, t) : src_b(o, t);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* MUFU: correctly rounded functions of the host's libm (the hardware's are approximations
 * within a few ulp: docs/sm5-emu.md); SIN/COS take the angle in turns as RRO leaves it. */
static tgx_status x_mufu(emu_op *o)
{
    unsigned fn = F(20, 4);
    if (fn > 8 || (fn == 8 && o->emu->arch == TGX_SM5_ARCH_SM50))
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "MUFU with the reserved function %u", fn);
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint32_t u = ra(o, t);
        float a = fmod_na(b2f(u), F(48, 1), F(46, 1));
        float r;
        switch (fn) {
        case 0: r = (float)cos(TWO_PI * (double)a); break;
        case 1: r = (float)sin(TWO_PI * (double)a); break;
        case 2: r = exp2f(ftz(a)); break;
        case 3: r = log2f(ftz(a)); break;
        case 4: r = 1.0f / ftz(a); break;
        case 5: r = (float)(1.0 / sqrt((double)ftz(a))); break;
        case 6:
        case 7: { /* a double's high word: the high word of 1/x or 1/sqrt(x) */
            uint64_t hi = (uint64_t)u << 32;
            double x = b2d(hi);
            if (F(46, 1))
                x = fabs(x);
            if (F(48, 1))
                x = -x;
            double y = fn == 6 ? 1.0 / x : 1.0 / sqrt(x);
            out[t] = (uint32_t)(d2b(y) >> 32);
            continue;
        }
        default: r = sqrtf(ftz(a)); break;
        }
        r = ftz(r);
        out[t] = f2b(F(50, 1) ? sat01(r) : r);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* FSWZADD (row of sm5_ops.def: Ra 8, Rb 20, the swizzle 28..35, .NDV 38, rounding 39..40, .FTZ
 * 44, .CC 47): a thread at place q of its quad (thread & 3) computes sa * Ra + sb * Rb from its
 * own registers, where the 2-bit code at bits 34 - 2q .. 35 - 2q picks (sa, sb): 0 PP (+1, +1),
 * 1 NP (-1, +1), 2 PN (+1, -1), 3 ZP (Ra left out: Rb). nvdisasm prints the codes from bit 34
 * down, so the text's first two letters are place 0's. The facts are nouveau's (Mesa 22.3
 * gm107): QUADOP(q, r, s, t) puts the upper-left thread's operation in the top bits, ADD,
 * SUBR, SUB, MOV2 = 0..3, and handleDFDX's quad differences come out right only with this
 * reading; ptxas's TXD emulation (ZPPPZPPP adds dPdx in the quad's right column) agrees. The
 * sum is rounded once, as FADD's. .NDV changes nothing this machine computes. */
static tgx_status x_fswzadd(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    static const float sign_a[4] = {1.0f, -1.0f, 1.0f, 0.0f}, sign_b[4] = {1.0f, 1.0f, -1.0f, 1.0f};
    int fz = F(44, 1);
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        unsigned code = F(34 - 2 * (t & 3u), 2);
        float a = b2f(ra(o, t)), b = b2f(emu_r(o->emu, F(20, 8), t));
        if (fz) {
            a = ftz(a);
            b = ftz(b);
        }
        double s = (double)b * sign_b[code], e = 0.0;
        if (code != 3)
            two_sum((double)a * sign_a[code], s, &s, &e);
        float r = round_f32(s, e, F(39, 2));
        out[t] = f2b(fz ? ftz(r) : r);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* RRO: .SINCOS leaves the angle in turns (x / 2pi) for MUFU.SIN/COS, .EX2 passes x on */
static tgx_status x_rro(emu_op *o)
{
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        float b = fmod_na(b2f(src_b(o, t)), F(45, 1), F(49, 1));
        out[t] = f2b(F(39, 1) ? b : (float)((double)b / TWO_PI));
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* FCHK.DIVIDE: true where a / b may need the slow path: b zero, infinite, NaN or denormal, a
 * infinite, NaN or denormal, or a quotient near the ends of the normal range. Saying true more
 * often than the hardware is safe (the slow path is exact), never less. */
static tgx_status x_fchk(emu_op *o)
{
    if (F(39, 6) != 0)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "FCHK with a mode other than .DIVIDE");
    uint32_t r = 0;
    EACH_T(o, t)
    {
        float a = fmod_na(b2f(ra(o, t)), F(48, 1), F(46, 1));
        float b = fmod_na(b2f(src_b(o, t)), F(45, 1), F(49, 1));
        int bad = !isnormal(b) || isnan(a) || isinf(a) || fpclassify(a) == FP_SUBNORMAL;
        if (!bad && a != 0) {
            int ea, eb;
            frexpf(a, &ea);
            frexpf(b, &eb);
            bad = ea - eb > 125 || ea - eb < -124 || ea <= -125 + 24 || eb >= 125;
        }
        r |= (uint32_t)bad << t;
    }
    emu_pw(o->emu, F(3, 3), o->exec, r);
    return TGX_OK;
}

static tgx_status x_dadd(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint64_t out[EMU_W];
    EACH_T(o, t)
    {
        double a = dmod_na(b2d(pair(o, F(8, 8), t)), F(48, 1), F(46, 1));
        double b = dmod_na(b2d(src_b64(o, t)), F(45, 1), F(49, 1));
        double s, e;
        two_sum(a, b, &s, &e);
        out[t] = d2b(round_f64(s, e, F(39, 2)));
    }
    put64(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_dmul(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint64_t out[EMU_W];
    EACH_T(o, t)
    {
        double a = b2d(pair(o, F(8, 8), t)), b = b2d(src_b64(o, t));
        if (F(48, 1))
            b = -b;
        double p = a * b, e = fma(a, b, -p);
        out[t] = d2b(round_f64(p, e, F(39, 2)));
    }
    put64(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_dfma(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint64_t out[EMU_W];
    EACH_T(o, t)
    {
        double a = b2d(pair(o, F(8, 8), t)), b = b2d(src_b64(o, t)), c = b2d(src_c64(o, t));
        if (F(48, 1))
            b = -b;
        if (F(49, 1))
            c = -c;
        double r = fma(a, b, c);
        unsigned rnd = F(50, 2);
        if (rnd) { /* the sign of what fma left over: a * b - (r - c), near enough */
            double p = a * b, pe = fma(a, b, -p), s, se;
            two_sum(p, c, &s, &se);
            double rest = (s - r) + se + pe;
            r = round_f64(r, rest, rnd);
        }
        out[t] = d2b(r);
    }
    put64(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_dmnmx(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t p = pred_src(o, 39, 42);
    uint64_t out[EMU_W];
    EACH_T(o, t)
    {
        double a = dmod_na(b2d(pair(o, F(8, 8), t)), F(48, 1), F(46, 1));
        double b = dmod_na(b2d(src_b64(o, t)), F(45, 1), F(49, 1));
        out[t] = d2b((p >> t & 1u) ? fmin(a, b) : fmax(a, b));
    }
    put64(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_dsetp(emu_op *o)
{
    tgx_status st = check_bop(o);
    if (st < 0)
        return st;
    uint32_t cmp = 0;
    EACH_T(o, t)
    {
        double a = dmod_na(b2d(pair(o, F(8, 8), t)), F(43, 1), F(7, 1));
        double b = dmod_na(b2d(src_b64(o, t)), F(6, 1), F(44, 1));
        cmp |= (uint32_t)fcmp(F(48, 4), a, b) << t;
    }
    setp_write(o, cmp);
    return TGX_OK;
}

static tgx_status x_dset(emu_op *o)
{
    tgx_status st = check_bop(o);
    if (st == TGX_OK)
        st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t pc = pred_src(o, 39, 42), out[EMU_W];
    EACH_T(o, t)
    {
        double a = dmod_na(b2d(pair(o, F(8, 8), t)), F(43, 1), F(54, 1));
        double b = dmod_na(b2d(src_b64(o, t)), F(53, 1), F(44, 1));
        uint32_t r = bop(F(45, 2), (uint32_t)fcmp(F(48, 4), a, b), pc >> t & 1u) & 1u;
        out[t] = F(52, 1) ? (r ? 0x3f800000u : 0u) : (r ? 0xffffffffu : 0u);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* ---- conversions ----------------------------------------------------------------------------- */

/* A floating-point source of F2F/F2I: fpsrc (1 F16, 2 F32, 3 F64) from the second operand,
 * a half's high half when bit 41 is set. */
static double fp_source(const emu_op *o, unsigned t, unsigned src)
{
    double v;
    if (src == 3) {
        v = b2d(src_b64(o, t));
    } else if (src == 1) {
        uint32_t u = src_b(o, t);
        v = tgx_half_to_float((uint16_t)(F(41, 1) ? u >> 16 : u));
    } else {
        v = b2f(src_b(o, t));
    }
    if (F(44, 1) && src == 2)
        v = ftz((float)v);
    return dmod_na(v, F(45, 1), F(49, 1));
}

/* A value to an integer in rounding mode m (0 nearest even, 1 floor, 2 ceil, 3 trunc). */
static double round_int(double v, unsigned m)
{
    switch (m) {
    case 1: return floor(v);
    case 2: return ceil(v);
    case 3: return trunc(v);
    default: return nearbyint(v); /* the host's default mode: nearest even */
    }
}

static tgx_status x_f2f(emu_op *o)
{
    unsigned dst = F(8, 2), src = F(10, 2);
    if (!dst || !src)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "F2F with an invalid type");
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint64_t out[EMU_W];
    EACH_T(o, t)
    {
        double v = fp_source(o, t, src);
        if (dst == src) { /* f2fround: "", PASS x3, ROUND, FLOOR, CEIL, TRUNC */
            unsigned m = F(39, 2) | F(42, 1) << 2;
            if (m >= 4)
                v = round_int(v, m - 4);
        }
        if (F(50, 1))
            v = isnan(v) ? 0 : v < 0 ? 0 : v > 1 ? 1 : v;
        if (dst == 3) {
            out[t] = d2b(v);
        } else if (dst == 2) {
            float f = dst == src ? (float)v : round_f32(v, 0, F(39, 2));
            if (F(44, 1))
                f = ftz(f);
            out[t] = f2b(f);
        } else {
            out[t] = tgx_float_to_half((float)v);
        }
    }
    if (dst == 3)
        put64(o, F(0, 8), out);
    else {
        uint32_t o32[EMU_W];
        EACH_T(o, t) o32[t] = (uint32_t)out[t];
        put(o, F(0, 8), o32);
    }
    return TGX_OK;
}

static tgx_status x_f2i(emu_op *o)
{
    unsigned src = F(10, 2), size = F(8, 2), sign = F(12, 1);
    if (!src || !size)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "F2I with an invalid type");
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint64_t out[EMU_W];
    unsigned bits = size == 1 ? 16 : size == 2 ? 32 : 64;
    EACH_T(o, t)
    {
        double v = round_int(fp_source(o, t, src), F(39, 2));
        uint64_t r;
        if (isnan(v)) {
            r = 0;
        } else if (sign) {
            double lo = -ldexp(1, (int)bits - 1), hi = ldexp(1, (int)bits - 1);
            int64_t i = v <= lo   ? (int64_t)lo
                        : v >= hi ? (int64_t)(hi - (bits == 64 ? 1024 : 1))
                                  : (int64_t)v;
            if (v >= hi)
                i = bits == 64 ? INT64_MAX : (int64_t)((1ull << (bits - 1)) - 1);
            r = (uint64_t)i;
            if (bits < 64)
                r &= (1ull << bits) - 1;
            if (bits < 32 && i < 0) /* sign-extended into the register */
                r |= ~0ull << bits;
        } else {
            double hi = ldexp(1, (int)bits);
            r = v <= 0 ? 0 : v >= hi ? (bits == 64 ? UINT64_MAX : (1ull << bits) - 1) : (uint64_t)v;
        }
        out[t] = r;
    }
    if (bits == 64)
        put64(o, F(0, 8), out);
    else {
        uint32_t o32[EMU_W];
        EACH_T(o, t) o32[t] = (uint32_t)out[t];
        put(o, F(0, 8), o32);
    }
    return TGX_OK;
}

/* An integer source of I2F/I2I: size (0 8, 1 16, 2 32, 3 64 bits), signed, the byte or half
 * select at 41..42 */
static int64_t int_source(const emu_op *o, unsigned t, unsigned size, int sign)
{
    if (size == 3) {
        uint64_t v = src_b64(o, t);
        return (int64_t)v;
    }
    uint32_t u = src_b(o, t);
    unsigned sel = F(41, 2);
    if (size == 0) {
        uint32_t b = (u >> (8 * sel)) & 0xffu;
        return sign ? (int64_t)(int8_t)b : (int64_t)b;
    }
    if (size == 1) {
        uint32_t h = (u >> (16 * (sel >> 1))) & 0xffffu;
        return sign ? (int64_t)(int16_t)h : (int64_t)h;
    }
    return sign ? (int64_t)(int32_t)u : (int64_t)u;
}

static tgx_status x_i2f(emu_op *o)
{
    unsigned dst = F(8, 2), size = F(10, 2), sign = F(13, 1);
    if (!dst)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "I2F with an invalid type");
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint64_t out[EMU_W];
    EACH_T(o, t)
    {
        int64_t i = int_source(o, t, size, sign);
        /* the value as a double and what rounding to double left over (64-bit sources) */
        double v, e = 0;
        if (sign || size < 3) {
            v = (double)i;
            if (size == 3)
                e = (double)(i - (int64_t)v);
        } else {
            uint64_t u = (uint64_t)i;
            v = (double)u;
            e = v >= 0x1p64 ? -(double)(0 - u) : (double)(int64_t)(u - (uint64_t)v);
        }
        if (F(49, 1) && v < 0) {
            v = -v;
            e = -e;
        }
        if (F(45, 1)) {
            v = -v;
            e = -e;
        }
        unsigned rnd = F(39, 2);
        if (dst == 3)
            out[t] = d2b(round_f64(v, e, rnd));
        else if (dst == 2)
            out[t] = f2b(round_f32(v, e, rnd));
        else
            out[t] = tgx_float_to_half(round_f32(v, e, rnd));
    }
    if (dst == 3)
        put64(o, F(0, 8), out);
    else {
        uint32_t o32[EMU_W];
        EACH_T(o, t) o32[t] = (uint32_t)out[t];
        put(o, F(0, 8), o32);
    }
    return TGX_OK;
}

static tgx_status x_i2i(emu_op *o)
{
    unsigned dsize = F(8, 2), dsign = F(12, 1), ssize = F(10, 2), ssign = F(13, 1);
    if (dsize == 3 || ssize == 3)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "I2I with an invalid type");
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t out[EMU_W];
    unsigned bits = 8u << dsize;
    EACH_T(o, t)
    {
        int64_t v = int_source(o, t, ssize, ssign);
        if (F(49, 1) && v < 0)
            v = -v;
        if (F(45, 1))
            v = -v;
        int64_t lo = dsign ? -((int64_t)1 << (bits - 1)) : 0;
        int64_t hi = dsign ? ((int64_t)1 << (bits - 1)) - 1 : ((int64_t)1 << bits) - 1;
        if (F(50, 1))
            v = v < lo ? lo : v > hi ? hi : v;
        uint32_t r = (uint32_t)v;
        if (bits < 32) {
            r &= (1u << bits) - 1;
            if (dsign && (r >> (bits - 1) & 1u))
                r |= ~0u << bits;
        }
        out[t] = r;
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* ---- integer --------------------------------------------------------------------------------- */

/* a + b + cin at 32 bits with the condition codes it leaves */
typedef struct add32 {
    uint32_t r;
    int c, v;
} add32;

static add32 add_cc(uint32_t a, uint32_t b, uint32_t cin)
{
    uint64_t s = (uint64_t)a + b + cin;
    add32 x = {(uint32_t)s, (int)(s >> 32), 0};
    x.v = ((a ^ x.r) & (b ^ x.r)) >> 31 != 0;
    return x;
}

/* Writes the condition codes of the threads of exec: zero, sign, carry, overflow. */
static void set_cc(emu_op *o, const uint32_t r[EMU_W], uint32_t carry, uint32_t ovf)
{
    tgx_sm5_emu *e = o->emu;
    uint32_t z = 0, s = 0;
    EACH_T(o, t)
    {
        z |= (uint32_t)(r[t] == 0) << t;
        s |= (r[t] >> 31) << t;
    }
    e->cc_z = (e->cc_z & ~o->exec) | (z & o->exec);
    e->cc_s = (e->cc_s & ~o->exec) | (s & o->exec);
    e->cc_c = (e->cc_c & ~o->exec) | (carry & o->exec);
    e->cc_o = (e->cc_o & ~o->exec) | (ovf & o->exec);
}

/* The adders: a and b, each negated (as ~x plus a carry of 1, or plus the carry flag with
 * .X), .PO adding one. negbits: IADD's 49 (a) and 48 (b), both set: .PO. */
static tgx_status add_common(emu_op *o, uint32_t (*a_of)(const emu_op *, unsigned), unsigned shift,
                             unsigned na_bit, unsigned nb_bit, unsigned x_bit, unsigned cc_bit,
                             int sat_bit)
{
    int na = F(na_bit, 1), nb = F(nb_bit, 1), po = na && nb, x = x_bit < 64 && F(x_bit, 1);
    if (po)
        na = nb = 0;
    uint32_t out[EMU_W], carry = 0, ovf = 0;
    EACH_T(o, t)
    {
        uint32_t a = a_of(o, t) << shift, b = src_b(o, t);
        uint32_t cin = x ? (o->emu->cc_c >> t & 1u) : (uint32_t)(na + nb + po);
        if (x && (na || nb))
            cin = o->emu->cc_c >> t & 1u;
        add32 s = add_cc(na ? ~a : a, nb ? ~b : b, cin);
        if (!x && na && nb) { /* both negated: -a - b = ~a + ~b + 2 */
            s = add_cc(~a, ~b, 1);
            s = add_cc(s.r, 0, 1);
        }
        if (sat_bit >= 0 && F((unsigned)sat_bit, 1) && s.v)
            s.r = (s.r >> 31) ? 0x7fffffffu : 0x80000000u;
        out[t] = s.r;
        carry |= (uint32_t)s.c << t;
        ovf |= (uint32_t)s.v << t;
    }
    if (F(cc_bit, 1))
        set_cc(o, out, carry, ovf);
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_iadd(emu_op *o)
{
    return add_common(o, ra, 0, 49, 48, 43, 47, 50);
}

static tgx_status x_iscadd(emu_op *o)
{
    return add_common(o, ra, F(39, 5), 49, 48, 64, 47, -1);
}

static tgx_status x_iadd32i(emu_op *o)
{
    if (F(55, 2) == 1)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "IADD32I with the reserved sign value 1");
    return add_common(o, ra, 0, 56, 55, 53, 52, 54);
}

static tgx_status x_iscadd32i(emu_op *o)
{
    uint32_t out[EMU_W], carry = 0, ovf = 0;
    EACH_T(o, t)
    {
        add32 s = add_cc(ra(o, t) << F(53, 5), o->info.imm, 0);
        out[t] = s.r;
        carry |= (uint32_t)s.c << t;
        ovf |= (uint32_t)s.v << t;
    }
    if (F(52, 1))
        set_cc(o, out, carry, ovf);
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* IADD3: three sources, each negated (51, 50, 49), with .RS / .LS (37..38: (a + b) shifted
 * by 16 before c is added) and half selects (35, 33, 31) in the register form. */
static tgx_status x_iadd3(emu_op *o)
{
    int reg = o->info.src == TGX_SM5_SRC_REG;
    unsigned mode = reg ? F(37, 2) : 0;
    if (mode == 3)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "IADD3 with the reserved mode 3");
    int x = F(48, 1);
    uint32_t out[EMU_W], carry = 0;
    EACH_T(o, t)
    {
        uint32_t v[3] = {ra(o, t), src_b(o, t), src_c(o, t)};
        static const unsigned hbit[3] = {35, 33, 31}, nbit[3] = {51, 50, 49};
        int64_t s[3];
        for (unsigned k = 0; k < 3; k++) {
            uint32_t u = v[k];
            if (reg) {
                unsigned h = F(hbit[k], 2);
                if (h == 3)
                    return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "IADD3 with a reserved half");
                if (h)
                    u = (u >> (h == 2 ? 16 : 0)) & 0xffffu;
            }
            s[k] = F(nbit[k], 1) ? -(int64_t)u : (int64_t)u;
        }
        int64_t cin = x ? (int64_t)(o->emu->cc_c >> t & 1u) : 0;
        int64_t ab = s[0] + s[1], sum;
        if (mode == 1)
            sum = (ab >> 16) + s[2];
        else if (mode == 2)
            sum = ab * 65536 + s[2];
        else
            sum = ab + s[2];
        out[t] = (uint32_t)(uint64_t)(sum + cin);
        /* the carry: what passes bit 31 when the sources are added as unsigned words */
        uint64_t us = (uint64_t)cin;
        for (unsigned k = 0; k < 3; k++)
            us += (uint32_t)s[k];
        carry |= (uint32_t)(us >> 32 != 0) << t;
    }
    if (F(47, 1))
        set_cc(o, out, carry, 0);
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* XMAD: 16 x 16-bit multiply-add. a's half (53), b's half or the 16-bit immediate, signs
 * (48 a, 49 b), .PSL (product << 16), .MRG (the result's low half under b's low half), c modes
 * (.CLO, .CHI, .CBCC: c + (b << 16)), .X, .CC; the field positions differ by form. */
static tgx_status x_xmad(emu_op *o)
{
    unsigned psl, mrg, x, cmode, bh1;
    switch (o->info.src) {
    case TGX_SM5_SRC_CONST:
        psl = F(55, 1), mrg = F(56, 1), x = F(54, 1), cmode = F(50, 2), bh1 = F(52, 1);
        break;
    case TGX_SM5_SRC_REG_CONST:
        psl = 0, mrg = 0, x = F(54, 1), cmode = F(50, 2), bh1 = F(52, 1);
        break;
    case TGX_SM5_SRC_IMM:
        psl = F(36, 1), mrg = F(37, 1), x = F(38, 1), cmode = F(50, 3), bh1 = 0;
        break;
    default: psl = F(36, 1), mrg = F(37, 1), x = F(38, 1), cmode = F(50, 3), bh1 = F(35, 1); break;
    }
    if (cmode == 3 || cmode > 4)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "XMAD with the c mode %s is not modelled",
                           cmode == 3 ? ".CSFU" : "?");
    int sa = F(48, 1), sb = F(49, 1);
    uint32_t out[EMU_W], carry = 0;
    EACH_T(o, t)
    {
        uint32_t a = ra(o, t), b = src_b(o, t), c = src_c(o, t);
        uint32_t a16 = F(53, 1) ? a >> 16 : a & 0xffffu;
        uint32_t b16 = bh1 ? b >> 16 : b & 0xffffu;
        int64_t av = sa ? (int16_t)a16 : (int64_t)a16, bv = sb ? (int16_t)b16 : (int64_t)b16;
        uint32_t p = (uint32_t)(av * bv);
        if (psl)
            p <<= 16;
        uint32_t cv = cmode == 1 ? c & 0xffffu : cmode == 2 ? c >> 16 : c;
        if (cmode == 4)
            cv = c + (b << 16);
        add32 s = add_cc(p, cv, x ? (o->emu->cc_c >> t & 1u) : 0u);
        out[t] = mrg ? (s.r & 0xffffu) | (b << 16) : s.r;
        carry |= (uint32_t)s.c << t;
    }
    if (F(47, 1))
        set_cc(o, out, carry, 0);
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* nvdisasm's icmp order: F LT EQ LE GT NE GE T; a - b - !c with .X (the high words of a
 * 64-bit comparison after the low words' subtraction left its carry and zero flag). */
static int icmp_thread(const emu_op *o, unsigned t, unsigned c, int sign, int x, uint32_t a,
                       uint32_t b)
{
    int lt, eq;
    if (x) {
        uint32_t cin = o->emu->cc_c >> t & 1u;
        add32 s = add_cc(a, ~b, cin);
        eq = s.r == 0 && (o->emu->cc_z >> t & 1u);
        lt = sign ? ((s.r >> 31) != (uint32_t)s.v) : !s.c;
    } else {
        eq = a == b;
        lt = sign ? (int32_t)a < (int32_t)b : a < b;
    }
    switch (c) {
    case 0: return 0;
    case 1: return lt;
    case 2: return eq;
    case 3: return lt || eq;
    case 4: return !lt && !eq;
    case 5: return !eq;
    case 6: return !lt;
    default: return 1;
    }
}

static tgx_status x_isetp(emu_op *o)
{
    tgx_status st = check_bop(o);
    if (st < 0)
        return st;
    uint32_t cmp = 0;
    EACH_T(o, t)
    cmp |= (uint32_t)icmp_thread(o, t, F(49, 3), F(48, 1), F(43, 1), ra(o, t), src_b(o, t)) << t;
    setp_write(o, cmp);
    return TGX_OK;
}

static tgx_status x_iset(emu_op *o)
{
    tgx_status st = check_bop(o);
    if (st == TGX_OK)
        st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t pc = pred_src(o, 39, 42), out[EMU_W];
    EACH_T(o, t)
    {
        uint32_t c =
            (uint32_t)icmp_thread(o, t, F(49, 3), F(48, 1), F(43, 1), ra(o, t), src_b(o, t));
        uint32_t r = bop(F(45, 2), c, pc >> t & 1u) & 1u;
        out[t] = F(44, 1) ? (r ? 0x3f800000u : 0u) : (r ? 0xffffffffu : 0u);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_icmp(emu_op *o)
{
    uint32_t out[EMU_W];
    EACH_T(o, t)
    out[t] = icmp_thread(o, t, F(49, 3), F(48, 1), 0, src_c(o, t), 0) ? ra(o, t) : src_b(o, t);
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_imnmx(emu_op *o)
{
    if (F(43, 2))
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "IMNMX's .XLO/.XMED/.XHI are not modelled");
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t p = pred_src(o, 39, 42), out[EMU_W];
    int sign = F(48, 1);
    EACH_T(o, t)
    {
        uint32_t a = ra(o, t), b = src_b(o, t);
        int lt = sign ? (int32_t)a < (int32_t)b : a < b;
        out[t] = (p >> t & 1u) ? (lt ? a : b) : (lt ? b : a);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_sel(emu_op *o)
{
    uint32_t p = pred_src(o, 39, 42), out[EMU_W];
    EACH_T(o, t) out[t] = (p >> t & 1u) ? ra(o, t) : src_b(o, t);
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* The predicate result of LOP/LOP3 (pop: "", .T, .Z, .NZ) */
static void lop_pred(emu_op *o, unsigned pop, unsigned pd, const uint32_t r[EMU_W])
{
    if (pd >= TGX_SM5_EMU_PREDS)
        return;
    uint32_t v = 0;
    EACH_T(o, t)
    v |= (uint32_t)(pop == 1 ? 1 : pop == 2 ? r[t] == 0 : pop == 3 ? r[t] != 0 : 0) << t;
    emu_pw(o->emu, pd, o->exec, v);
}

static tgx_status x_lop(emu_op *o)
{
    if (F(43, 1))
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "LOP.X is not modelled");
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    unsigned op = F(41, 2);
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint32_t a = ra(o, t), b = src_b(o, t);
        if (F(39, 1))
            a = ~a;
        if (F(40, 1))
            b = ~b;
        out[t] = op == 3 ? b : bop(op, a, b);
    }
    lop_pred(o, F(44, 2), F(48, 3), out);
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_lop32i(emu_op *o)
{
    if (F(57, 1))
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "LOP32I.X is not modelled");
    tgx_status st = no_cc(o, 52);
    if (st < 0)
        return st;
    unsigned op = F(53, 2);
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint32_t a = ra(o, t), b = o->info.imm;
        if (F(55, 1))
            a = ~a;
        if (F(56, 1))
            b = ~b;
        out[t] = op == 3 ? b : bop(op, a, b);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static uint32_t lut3(uint32_t lut, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 8; i++)
        if (lut >> i & 1u)
            r |= ((i & 4) ? a : ~a) & ((i & 2) ? b : ~b) & ((i & 1) ? c : ~c);
    return r;
}

static tgx_status x_lop3(emu_op *o)
{
    int reg = o->info.src == TGX_SM5_SRC_REG;
    if (reg ? F(38, 1) : o->info.src == TGX_SM5_SRC_CONST ? F(56, 1) : F(57, 1))
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "LOP3.X is not modelled");
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t lut = reg ? F(28, 8) : F(48, 8), out[EMU_W];
    EACH_T(o, t) out[t] = lut3(lut, ra(o, t), src_b(o, t), src_c(o, t));
    if (reg)
        lop_pred(o, F(36, 2), F(48, 3), out);
    put(o, F(0, 8), out);
    return TGX_OK;
}

static uint32_t brev32(uint32_t v)
{
    uint32_t r = 0;
    for (unsigned i = 0; i < 32; i++)
        r |= (v >> i & 1u) << (31 - i);
    return r;
}

static tgx_status x_shl(emu_op *o)
{
    if (F(43, 1))
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "SHL.X is not modelled");
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint32_t s = src_b(o, t);
        if (F(39, 1))
            s &= 31;
        out[t] = s >= 32 ? 0 : ra(o, t) << s;
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_shr(emu_op *o)
{
    if (F(43, 2))
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "SHR's .X/.XHI are not modelled");
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint32_t a = ra(o, t), s = src_b(o, t);
        if (F(40, 1))
            a = brev32(a);
        if (F(39, 1))
            s &= 31;
        if (s > 31)
            s = 32;
        if (F(48, 1))
            out[t] = (uint32_t)((int64_t)(int32_t)a >> s);
        else
            out[t] = s >= 32 ? 0 : a >> s;
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* SHF.L / SHF.R: the 64-bit value Rc:Ra shifted; .W wraps the count at 32, .U64/.S64 allow up
 * to 64 (else it stops at 32), .HI takes the high word. SHF.L's result is the high word. */
static tgx_status x_shf(emu_op *o)
{
    /* SHF.R: 0101110011111 (register) and 0011100x11111 (immediate); SHF.L the others */
    int right = (o->w >> 51) == 0xb9fu || ((o->w >> 56) & 0xfeu) == 0x38u;
    unsigned maxs = F(37, 2), hx = F(48, 2);
    if (maxs == 1 || hx >= 2)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "SHF with .X/.XHI or a reserved shift size");
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint64_t v = (uint64_t)src_c(o, t) << 32 | ra(o, t);
        uint32_t s = o->info.src == TGX_SM5_SRC_IMM ? o->info.imm : src_b(o, t);
        if (F(50, 1))
            s &= 31;
        uint32_t lim = maxs >= 2 ? 64 : 32;
        if (s > lim)
            s = lim;
        uint64_t r;
        if (right) {
            if (maxs == 3)
                r = (uint64_t)((int64_t)v >> (s > 63 ? 63 : s));
            else
                r = s >= 64 ? 0 : v >> s;
            out[t] = hx ? (uint32_t)(r >> 32) : (uint32_t)r;
        } else {
            r = s >= 64 ? 0 : v << s;
            out[t] = (uint32_t)(r >> 32);
        }
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_bfe(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t out[EMU_W];
    int sign = F(48, 1);
    EACH_T(o, t)
    {
        uint32_t a = ra(o, t), b = src_b(o, t);
        if (F(40, 1))
            a = brev32(a);
        unsigned pos = b & 0xffu, len = b >> 8 & 0xffu;
        uint32_t r;
        if (len == 0) {
            r = 0;
        } else {
            uint64_t v = pos >= 32 ? (sign && (a >> 31) ? ~0ull : 0)
                                   : (uint64_t)(sign ? (uint64_t)(int64_t)(int32_t)a : a) >> pos;
            if (len < 32) {
                v &= (1ull << len) - 1;
                if (sign && (v >> (len - 1) & 1u))
                    v |= ~0ull << len;
            }
            r = (uint32_t)v;
        }
        out[t] = r;
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_bfi(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint32_t a = ra(o, t), b = src_b(o, t), c = src_c(o, t);
        unsigned pos = b & 0xffu, len = b >> 8 & 0xffu;
        if (pos >= 32 || len == 0) {
            out[t] = c;
            continue;
        }
        if (len > 32 - pos)
            len = 32 - pos;
        uint32_t m = (len == 32 ? 0xffffffffu : (1u << len) - 1) << pos;
        out[t] = (c & ~m) | ((a << pos) & m);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_popc(emu_op *o)
{
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint32_t b = src_b(o, t);
        out[t] = (uint32_t)__builtin_popcount(F(40, 1) ? ~b : b);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_flo(emu_op *o)
{
    tgx_status st = no_cc(o, 47);
    if (st < 0)
        return st;
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint32_t b = src_b(o, t);
        if (F(40, 1))
            b = ~b;
        if (F(48, 1) && (b >> 31))
            b = ~b;
        if (!b) {
            out[t] = 0xffffffffu;
            continue;
        }
        unsigned hi = 31u - (unsigned)__builtin_clz(b);
        out[t] = F(41, 1) ? 31 - hi : hi;
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* PRMT d, a, sel, b: bytes of b:a (a bytes 0..3, b 4..7) chosen by the selector's nibbles (bit
 * 3: the byte's sign replicated), or by one of the modes F4E, B4E, RC8, ECL, ECR, RC16 with its
 * low bits. The selector is the second operand (register, constant or immediate). */
static tgx_status x_prmt(emu_op *o)
{
    unsigned mode = F(48, 4);
    if (mode > 6)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "PRMT with the reserved mode %u", mode);
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint64_t ab = (uint64_t)src_c(o, t) << 32 | ra(o, t);
        uint32_t c = src_b(o, t), r = 0;
        unsigned s = c & 3;
        for (unsigned i = 0; i < 4; i++) {
            unsigned sel;
            int rep = 0;
            switch (mode) {
            case 1: sel = (s + i) & 7; break;
            case 2: sel = (s - i) & 7; break;
            case 3: sel = s; break;
            case 4: sel = i > s ? i : s; break;
            case 5: sel = i < s ? i : s; break;
            case 6: sel = (c & 1) * 2 + (i & 1); break;
            default:
                sel = c >> (4 * i) & 7;
                rep = c >> (4 * i + 3) & 1;
                break;
            }
            uint32_t byte = (uint32_t)(ab >> (8 * sel)) & 0xffu;
            if (rep)
                byte = (byte >> 7) ? 0xffu : 0u;
            r |= byte << (8 * i);
        }
        out[t] = r;
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* LEA: (a << s) + b (a negated at 45, .X 46, shift 39..43); LEA.HI: the high word of
 * (c:a) << s plus b (register form: neg 37, .X 38, shift 28..32; constant form: 56, 57,
 * 51..55). The predicate at 48 gets the carry. */
static tgx_status x_lea(emu_op *o)
{
    unsigned op = (unsigned)(o->w >> 48);
    int hi = (op & 0xfff8u) == 0x5bd8u || (op & 0xfc00u) == 0x1800u;
    int creg = (op & 0xfc00u) != 0x1800u;
    unsigned neg = hi ? (creg ? F(37, 1) : F(56, 1)) : F(45, 1);
    unsigned x = hi ? (creg ? F(38, 1) : F(57, 1)) : F(46, 1);
    unsigned s = hi ? (creg ? F(28, 5) : F(51, 5)) : F(39, 5);
    uint32_t out[EMU_W], carry = 0;
    EACH_T(o, t)
    {
        uint32_t a = ra(o, t), b = src_b(o, t), v;
        if (hi) {
            uint64_t ca = (uint64_t)src_c(o, t) << 32 | a;
            if (neg)
                ca = 0 - ca;
            v = (uint32_t)((ca << s) >> 32);
        } else {
            v = (neg ? 0u - a : a) << s;
        }
        add32 r = add_cc(v, b, x ? (o->emu->cc_c >> t & 1u) : 0u);
        out[t] = r.r;
        carry |= (uint32_t)r.c << t;
    }
    if (F(47, 1))
        set_cc(o, out, carry, 0);
    emu_pw(o->emu, F(48, 3), o->exec, carry);
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* The threads of a quad lane mask: bit k of the 4-bit mask lets the threads at place k of their
 * quad (thread & 3) write. */
static uint32_t quad_lanes(unsigned mask)
{
    uint32_t m = 0;
    for (unsigned t = 0; t < EMU_W; t++)
        m |= (uint32_t)(mask >> (t & 3u) & 1u) << t;
    return m;
}

/* MOV's last operand (MOV32I: bits 12..15, MOV: 39..42, 0xf when not printed) is a quad lane
 * mask: only the threads whose place in their quad it names write Rd. nouveau's gm107 emitter
 * fills it from an instruction's `lanes`, which handleManualTXD (Mesa 22.3) sets to 1 << l so
 * that lane l alone keeps the result of its round (docs/sm5-emu.md). */
static tgx_status x_mov(emu_op *o)
{
    unsigned mask = (o->w >> 58) == 0 ? F(12, 4) : F(39, 4);
    uint32_t out[EMU_W];
    EACH_T(o, t) out[t] = src_b(o, t);
    o->exec &= quad_lanes(mask);
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* ---- predicates ---------------------------------------------------------------------------- */

static tgx_status x_psetp(emu_op *o)
{
    if (F(24, 2) == 3 || F(45, 2) == 3)
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "PSETP with the reserved .INVALIDBOP3");
    uint32_t ab = bop(F(24, 2), pred_src(o, 12, 15), pred_src(o, 29, 32));
    uint32_t c = pred_src(o, 39, 42);
    emu_pw(o->emu, F(3, 3), o->exec, bop(F(45, 2), ab, c));
    emu_pw(o->emu, F(0, 3), o->exec, bop(F(45, 2), ~ab, c));
    return TGX_OK;
}

static tgx_status x_p2r(emu_op *o)
{
    if (F(40, 1))
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "P2R of CC is not modelled");
    unsigned sh = 8 * F(41, 2);
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint32_t bits = 0;
        for (unsigned p = 0; p < TGX_SM5_EMU_PREDS; p++)
            bits |= (o->emu->pred[p] >> t & 1u) << p;
        uint32_t m = (src_b(o, t) & 0xffu) << sh;
        out[t] = (ra(o, t) & ~m) | ((bits << sh) & m);
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

static tgx_status x_r2p(emu_op *o)
{
    if (F(40, 1))
        return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "R2P to CC is not modelled");
    unsigned sh = 8 * F(41, 2);
    uint32_t set[TGX_SM5_EMU_PREDS] = {0}, val[TGX_SM5_EMU_PREDS] = {0};
    EACH_T(o, t)
    {
        uint32_t a = ra(o, t) >> sh, m = src_b(o, t);
        for (unsigned p = 0; p < TGX_SM5_EMU_PREDS; p++)
            if (m >> p & 1u) {
                set[p] |= 1u << t;
                val[p] |= (a >> p & 1u) << t;
            }
    }
    for (unsigned p = 0; p < TGX_SM5_EMU_PREDS; p++)
        emu_pw(o->emu, p, set[p], val[p]);
    return TGX_OK;
}

/* ---- special registers ---------------------------------------------------------------------- */

static tgx_status x_s2r(emu_op *o)
{
    unsigned sr = F(20, 8);
    const tgx_sm5_emu *e = o->emu;
    uint32_t out[EMU_W];
    EACH_T(o, t)
    {
        uint32_t v;
        switch (sr) {
        case 0: v = t; break;                         /* SR_LANEID */
        case 3: v = (e->warp_id & 0x3fu) << 8; break; /* SR_VIRTID: the warp at 8..13 */
        case 32: v = e->tid[0][t] | e->tid[1][t] << 16 | e->tid[2][t] << 26; break; /* SR_TID */
        case 33:
        case 34:
        case 35: v = e->tid[sr - 33][t]; break;
        case 37:
        case 38:
        case 39: v = e->ctaid[sr - 37]; break;
        case 56: v = 1u << t; break;                     /* SR_EQMASK */
        case 57: v = (1u << t) - 1; break;               /* SR_LTMASK */
        case 58: v = (uint32_t)((2ull << t) - 1); break; /* SR_LEMASK */
        case 59: v = ~(uint32_t)((2ull << t) - 1); break;
        case 60: v = ~((1u << t) - 1); break;
        case 1:
        case 80: v = (uint32_t)e->executed; break; /* clocks: the instructions run */
        case 81: v = (uint32_t)(e->executed >> 32); break;
        default:
            return emu_op_fail(o, TGX_ERR_UNSUPPORTED, "%s of special register %u is not modelled",
                               o->info.opclass, sr);
        }
        out[t] = v;
    }
    put(o, F(0, 8), out);
    return TGX_OK;
}

/* ---- the table ----------------------------------------------------------------------------- */

static const struct {
    const char *opclass;
    emu_op_fn fn;
} executors[] = {
#define EMU_OP(opclass, fn) {opclass, fn},
#include "emu/emu_ops.def"
#undef EMU_OP
};

emu_op_fn emu_op_executor(const char *opclass)
{
    for (size_t i = 0; i < sizeof executors / sizeof executors[0]; i++)
        if (strcmp(executors[i].opclass, opclass) == 0)
            return executors[i].fn;
    return NULL;
}
