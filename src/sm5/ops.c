/* The Maxwell instructions outside the texture classes (FADD, MOV, BRA, LDG, ...): decode, print
 * (nvdisasm 11.8's text) and parse, all driven by one table, sm5_ops.def, whose rows are an
 * opcode pattern and a syntax template with the fields written into it (docs/sm5-ops.md). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm5/sm5_internal.h"
#include "tgx/util.h"

/* The enumerated fields: ENUM(name, nvdisasm's table name, values...) (sm5_ops_enums.def). */
#define SM5_ENUM_MAX 64
typedef struct sm5_enum {
    const char *name;     /* as the templates name it */
    const char *table;    /* nvdisasm's name for its "undefined value" error ("" if never) */
    const char *fallback; /* printf format of the values without a name, or NULL */
    unsigned count;
    const char *const *values; /* NULL entries are undefined values */
} sm5_enum;

#define U                                NULL /* an undefined value: nvdisasm rejects the word */
#define ENUM(name, table, fallback, ...) static const char *const enum_##name[] = {__VA_ARGS__};
#include "sm5/sm5_ops_enums.def"
#undef ENUM
static const sm5_enum sm5_enums[] = {
#define ENUM(name, table, fallback, ...)                                                           \
    {#name, table, fallback, sizeof enum_##name / sizeof enum_##name[0], enum_##name},
#include "sm5/sm5_ops_enums.def"
#undef ENUM
};
#undef U

/* How a form reads its scheduling-control field (measured in nvdisasm 11.8 by setting each bit
 * of the field, docs/sm5-ops.md): whether it may set a scoreboard barrier (a write or read
 * barrier other than 7, bits 5..7 and 8..10), and whether it has operand-reuse flags (bits
 * 17..19 print `.reuse` after the operand of that slot, bit 20 is refused). A word whose field
 * breaks its form's rule is "Unrecognized operation for functional unit 'uC'". */
enum {
    SCHED_BARRIERS = 1, /* variable latency: the barriers are its own */
    SCHED_REUSE = 2,    /* operands through the reuse cache */
    SCHED_REUSE3 = 4,   /* reuse flag 3 (bit 20) allowed, and meaningless */
};
#define S_FIX  SCHED_REUSE                    /* fixed-latency ALU: FADD, IADD, MOV, ... */
#define S_VAR  SCHED_BARRIERS                 /* variable latency: MUFU, LDG, I2F, S2R, ... */
#define S_DP   (SCHED_BARRIERS | SCHED_REUSE) /* double precision: DADD, DMUL, DFMA */
#define S_HALF (S_DP | SCHED_REUSE3)          /* half pairs: HADD2, HFMA2, ... */
#define S_FLOW 0                              /* control: BRA, SYNC, EXIT, DEPBAR, ... */

typedef struct sm5_form {
    const char *opclass; /* nvdisasm's opclass name (its error messages) */
    const char *pattern; /* bits 63..48, '0'/'1' fixed, 'x' free */
    uint8_t archs;
    uint8_t sched; /* SCHED_* */
    const char *syntax;
} sm5_form;

#define SM5_ALL  7u
#define SM5_52UP 6u
#define SM5_50   1u
#define SM5_53   4u
#define SM5_5052 3u
static const sm5_form sm5_forms[] = {
#define OP(opclass, pattern, archs, sched, syntax) {opclass, pattern, archs, sched, syntax},
#include "sm5/sm5_ops.def"
#undef OP
};
#define SM5_FORM_COUNT (sizeof sm5_forms / sizeof sm5_forms[0])

static uint64_t pattern_bits(const char *p, char one)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < 16 && p[i]; i++)
        if (p[i] == one || (one == 'm' && p[i] != 'x'))
            v |= 1ull << (63 - i);
    return v;
}

static const sm5_enum *enum_find(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof sm5_enums / sizeof sm5_enums[0]; i++)
        if (strlen(sm5_enums[i].name) == n && memcmp(sm5_enums[i].name, name, n) == 0)
            return &sm5_enums[i];
    return NULL;
}

/* ---- the template's tokens ------------------------------------------------------------------
 * A token is {kind:arg:arg...}; everything else of a template is printed as it is. */
#define TOK_ARGS 8
typedef struct sm5_tok {
    char kind[8];
    unsigned narg;
    const char *arg[TOK_ARGS]; /* each ends at ':' or '}' */
    size_t arglen[TOK_ARGS];
    const char *end; /* after the '}' */
} sm5_tok;

static void tok_read(const char *s, sm5_tok *t)
{
    size_t k = 0;
    s++; /* '{' */
    while (*s && *s != ':' && *s != '}' && k + 1 < sizeof t->kind)
        t->kind[k++] = *s++;
    t->kind[k] = '\0';
    t->narg = 0;
    while (*s == ':') {
        s++;
        const char *a = s;
        /* an argument may hold ':' or '}' only as its last text argument: the flag texts are
         * never those characters */
        while (*s && *s != ':' && *s != '}')
            s++;
        if (t->narg < TOK_ARGS) {
            t->arg[t->narg] = a;
            t->arglen[t->narg] = (size_t)(s - a);
            t->narg++;
        }
    }
    t->end = *s == '}' ? s + 1 : s;
}

static unsigned tok_num(const sm5_tok *t, unsigned i)
{
    return i < t->narg ? (unsigned)strtoul(t->arg[i], NULL, 10) : 0;
}

static int tok_is(const sm5_tok *t, const char *kind)
{
    return strcmp(t->kind, kind) == 0;
}

static uint32_t field(uint64_t w, unsigned lo, unsigned width)
{
    if (width == 0 || lo >= 64)
        return 0;
    uint64_t v = w >> lo;
    return (uint32_t)(width >= 32 ? v : v & ((1ull << width) - 1));
}

/* ---- printing ---------------------------------------------------------------------------------
 */

typedef struct sm5_pctx {
    uint64_t word;
    uint32_t ctrl;
    tgx_sm5_arch arch;
    uint64_t addr;
    const sm5_form *form;
    sm5_out *o;
    tgx_diag *d;
    tgx_status st;
    const tgx_sm5_labels *labels;
} sm5_pctx;

static void put_udec(sm5_out *o, unsigned long long v)
{
    char t[24];
    int n = snprintf(t, sizeof t, "%llu", v);
    sm5_put(o, t, (size_t)n);
}

static void put_hex0x(sm5_out *o, uint64_t v)
{
    sm5_put(o, "0x", 2);
    sm5_put_hex_digits(o, v, 1);
}

static void put_reg(sm5_out *o, unsigned r)
{
    if (r == 255) {
        sm5_put(o, "RZ", 2);
    } else {
        sm5_put(o, "R", 1);
        put_udec(o, r);
    }
}

static void put_pred(sm5_out *o, unsigned p)
{
    if (p == 7) {
        sm5_put(o, "PT", 2);
    } else {
        sm5_put(o, "P", 1);
        put_udec(o, p);
    }
}

/* nvdisasm's float immediates: "+INF ", "-QNAN " (with a blank), |v| >= 1e9 as %.20e, the
 * rest as %.20g (measured: 999817216 prints fixed, 1073741824 as 1.07374182400000000000e+09). */
static void put_double(sm5_out *o, double v)
{
    char t[64];
    int n;
    if (v == 0 && signbit(v))
        n = snprintf(t, sizeof t, "-0.0 ");
    else if (isnan(v))
        n = snprintf(t, sizeof t, "%sQNAN ", signbit(v) ? "-" : "+");
    else if (isinf(v))
        n = snprintf(t, sizeof t, "%sINF ", v < 0 ? "-" : "+");
    else if (fabs(v) >= 1e9)
        n = snprintf(t, sizeof t, "%.20e", v);
    else
        n = snprintf(t, sizeof t, "%.20g", v);
    sm5_put(o, t, (size_t)n);
}

static double f32_of(uint32_t bits)
{
    float f;
    memcpy(&f, &bits, sizeof f);
    return (double)f;
}

static double f64_of(uint64_t bits)
{
    double f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

/* A value the enum does not define: nvdisasm's "undefined value" error where it names the table,
 * else the word is no instruction at all ("Unrecognized operation", TGX_ERR_UNSUPPORTED: the
 * caller has that message). */
static tgx_status undefined(sm5_pctx *c, const sm5_enum *e, unsigned v)
{
    if (c->st == TGX_OK && !e->table[0])
        c->st = TGX_ERR_UNSUPPORTED;
    if (c->st == TGX_OK)
        c->st = tgx_diag_set(c->d, TGX_ERR_INVALID, NULL, 0, 0,
                             "Opclass '%s', undefined value 0x%x for table '%s'", c->form->opclass,
                             v, e->table);
    return c->st;
}

/* A signed value of width bits, printed as nvdisasm does: "0x1f", "-0x3". */
static void put_signed(sm5_out *o, uint64_t v, unsigned width)
{
    uint64_t sign = 1ull << (width - 1);
    if (v & sign) {
        sm5_put(o, "-", 1);
        put_hex0x(o, ((~v) + 1) & ((sign << 1) - 1));
    } else {
        put_hex0x(o, v);
    }
}

/* ".reuse" after a register whose slot (the token's argument slot_arg) has its reuse flag set,
 * in a form that has the flags. */
static void put_reuse(sm5_pctx *c, const sm5_tok *t, unsigned slot_arg)
{
    if ((c->form->sched & SCHED_REUSE) && t->narg > slot_arg &&
        (c->ctrl >> (17 + tok_num(t, slot_arg)) & 1))
        sm5_put(c->o, ".reuse", 6);
}

/* One video source's type: U/S by its sign bit and the size its 3-bit selector picks (0..3 a
 * byte, 4..5 a half, 6 the word, 7 "INVALIDSEL6", "INVALIDSEL7" with the sign bit set); a
 * selector position of 99 is a 16-bit immediate; unsigned_only prints U whatever the sign bit.
 * Writes "U8", "S32", ... into buf; *signed32 says whether it is the default (a signed word,
 * or a signed 16-bit immediate; unsigned where only unsigned exists). */
static void video_type(uint64_t w, unsigned sel_lo, unsigned sign_bit, int unsigned_only, char *buf,
                       size_t size, int *signed32)
{
    unsigned sel = sel_lo == 99 ? 4 : field(w, sel_lo, 3);
    unsigned sgn = field(w, sign_bit, 1);
    static const char *const sizes[] = {"8", "8", "8", "8", "16", "16", "32"};
    if (sel == 7) /* 7 when signed or only unsigned */
        snprintf(buf, size, "INVALIDSEL%u", sgn || unsigned_only ? 7u : 6u);
    else
        snprintf(buf, size, "%c%s", sgn && !unsigned_only ? 'S' : 'U', sizes[sel]);
    *signed32 = (sel == 6 || sel_lo == 99) && (sgn || unsigned_only);
}

/* {vt:ASEL:ASIGN:BSEL:BSIGN:BUNSIGNED[:IMMSHOWN]}: ".A.B", left out when both are the default
 * (S32, and U32 for a b that is always unsigned; an S16 immediate, unless IMMSHOWN). */
static void put_video_types(sm5_pctx *c, const sm5_tok *t)
{
    char a[16], b[16];
    int a32, b32;
    video_type(c->word, tok_num(t, 0), tok_num(t, 1), 0, a, sizeof a, &a32);
    video_type(c->word, tok_num(t, 2), tok_num(t, 3), tok_num(t, 4) != 0, b, sizeof b, &b32);
    if (a32 && b32 && a[0] == 'S' && !(tok_num(t, 2) == 99 && tok_num(t, 5)))
        return;
    sm5_put(c->o, ".", 1);
    sm5_put_str(c->o, a);
    sm5_put(c->o, ".", 1);
    sm5_put_str(c->o, b);
}

static void print_tok(sm5_pctx *c, const sm5_tok *t)
{
    sm5_out *o = c->o;
    uint64_t w = c->word;
    unsigned a0 = tok_num(t, 0), a1 = tok_num(t, 1);
    if (tok_is(t, "g")) {
        unsigned p = field(w, 16, 3), neg = field(w, 19, 1);
        if (p != 7 || neg) {
            sm5_put(o, neg ? "@!" : "@", neg ? 2 : 1);
            put_pred(o, p);
            sm5_put(o, " ", 1);
        }
    } else if (tok_is(t, "r")) {
        put_reg(o, field(w, a0, 8));
        put_reuse(c, t, 1);
    } else if (tok_is(t, "rx")) { /* a register of a pair: the one at a0 plus a1, plus 1 more
                                     when bit a2 is set (a 64-bit pair's second half is two on);
                                     RZ or past it prints "???255", after blanks that the fuzz
                                     comparisons fold (docs/sm5-ops.md) */
        unsigned r = field(w, a0, 8) + a1 + (t->narg > 2 ? field(w, tok_num(t, 2), 1) : 0);
        if (r >= 255)
            sm5_put(o, "???255", 6);
        else
            put_reg(o, r);
    } else if (tok_is(t, "ru")) { /* the reuse flag of slot a0, after a decorated operand */
        put_reuse(c, t, 0);
    } else if (tok_is(t, "p")) {
        put_pred(o, field(w, a0, 3));
    } else if (tok_is(t, "pi")) { /* a predicate stored inverted (ATOM's P result) */
        put_pred(o, 7 ^ field(w, a0, 3));
    } else if (tok_is(t, "np")) {
        if (field(w, a1, 1))
            sm5_put(o, "!", 1);
        put_pred(o, field(w, a0, 3));
    } else if (tok_is(t, "f") || tok_is(t, "nf")) {
        if (field(w, a0, 1) == (tok_is(t, "f") ? 1u : 0u) && t->narg > 1)
            sm5_put(o, t->arg[1], t->arglen[1]);
    } else if (tok_is(t, "fx")) { /* TEXT when bit a0 is set and bit a1 clear */
        if (field(w, a0, 1) && !field(w, a1, 1) && t->narg > 2)
            sm5_put(o, t->arg[2], t->arglen[2]);
    } else if (tok_is(t, "op") || tok_is(t, "opi")) { /* a predicate destination, left out
                                                          when it is PT (opi: stored inverted) */
        unsigned p = field(w, a0, 3) ^ (tok_is(t, "opi") ? 7u : 0u);
        if (p != 7) {
            put_pred(o, p);
            sm5_put(o, ", ", 2);
        }
    } else if (tok_is(t, "po")) { /* ", " and a predicate after the operands, unless PT */
        unsigned p = field(w, a0, 3);
        if (p != 7) {
            sm5_put(o, ", ", 2);
            put_pred(o, p);
        }
    } else if (tok_is(t, "npo")) { /* ", " and a predicate that may be negated, unless PT */
        unsigned p = field(w, a0, 3), neg = field(w, a1, 1);
        if (p != 7 || neg) {
            sm5_put(o, neg ? ", !" : ", ", neg ? 3 : 2);
            put_pred(o, p);
        }
    } else if (tok_is(t, "or") || tok_is(t, "ro")) { /* a register left out when it is RZ:
                                                          "R1, " (or), ", R1" (ro) */
        unsigned r = field(w, a0, 8);
        if (r != 255) {
            if (tok_is(t, "ro"))
                sm5_put(o, ", ", 2);
            put_reg(o, r);
            if (tok_is(t, "or"))
                sm5_put(o, ", ", 2);
        }
    } else if (tok_is(t, "e") || tok_is(t, "e2")) {
        /* e2: the value is field 1 with field 2 above it */
        int two = tok_is(t, "e2");
        unsigned ti = two ? 4 : 2;
        if (c->arch == TGX_SM5_ARCH_SM50 && t->narg > ti + 1)
            ti++; /* the enum's sm_50 variant */
        const sm5_enum *e = t->narg > ti ? enum_find(t->arg[ti], t->arglen[ti]) : NULL;
        unsigned v = field(w, a0, a1);
        if (two)
            v |= field(w, tok_num(t, 2), tok_num(t, 3)) << a1;
        if (e && v < e->count && e->values[v]) {
            sm5_put_str(o, e->values[v]);
        } else if (e && e->fallback) {
            char num[32];
            int n = snprintf(num, sizeof num, e->fallback, v);
            sm5_put(o, num, (size_t)n);
        } else {
            undefined(c, e ? e : &sm5_enums[0], v);
        }
    } else if (tok_is(t, "c") || tok_is(t, "cs")) {
        sm5_put(o, "c[", 2);
        put_hex0x(o, field(w, 34, 5));
        sm5_put(o, tok_is(t, "c") ? "][" : "] [", tok_is(t, "c") ? 2 : 3);
        put_signed(o, (uint64_t)field(w, 20, 14) << 2, 16);
        sm5_put(o, "]", 1);
    } else if (tok_is(t, "ou")) {
        unsigned v = field(w, a0, a1);
        if (v != tok_num(t, 2)) {
            unsigned k =
                t->narg > 7 && field(w, tok_num(t, 5), tok_num(t, 6)) == tok_num(t, 7) ? 4 : 3;
            if (t->narg > k)
                sm5_put(o, t->arg[k], t->arglen[k]);
            put_hex0x(o, v);
        }
    } else if (tok_is(t, "u")) {
        put_hex0x(o, field(w, a0, a1));
    } else if (tok_is(t, "s")) {
        put_signed(o, field(w, a0, a1), a1);
    } else if (tok_is(t, "m") || tok_is(t, "m+")) {
        /* a memory address: [Ra+offset] (signed offset, left out when 0, in units of 1 << the
         * fourth argument); m+ without brackets */
        unsigned width = tok_num(t, 2) + tok_num(t, 3);
        uint64_t off = (uint64_t)field(w, a1, tok_num(t, 2)) << tok_num(t, 3);
        int br = tok_is(t, "m");
        unsigned ra = field(w, a0, 8);
        if (br)
            sm5_put(o, "[", 1);
        if (ra != 255 || !off) { /* [RZ+0x10] prints as [0x10] */
            put_reg(o, ra);
            if ((c->form->sched & SCHED_REUSE) && (c->ctrl >> 17 & 1))
                sm5_put(o, ".reuse", 6);
            if (off)
                sm5_put(o, "+", 1);
        }
        if (off && ra == 255 && br)
            put_hex0x(o, off); /* an absolute address: unsigned (a constant's stays signed) */
        else if (off)
            put_signed(o, off, width);
        if (br)
            sm5_put(o, "]", 1);
    } else if (tok_is(t, "ri")) { /* a register at a1, or when bit a0 is set the immediate at
                                     a2, a3 bits wide (SHFL) */
        if (field(w, a0, 1))
            put_hex0x(o, field(w, tok_num(t, 2), tok_num(t, 3)));
        else
            put_reg(o, field(w, a1, 8));
    } else if (tok_is(t, "rio")) { /* ", " and {ri}, left out when it is the immediate 0 */
        int imm = field(w, a0, 1) != 0;
        uint32_t v = imm ? field(w, tok_num(t, 2), tok_num(t, 3)) : field(w, a1, 8);
        if (!imm || v) {
            sm5_put(o, ", ", 2);
            if (imm)
                put_hex0x(o, v);
            else
                put_reg(o, v);
        }
    } else if (tok_is(t, "h16")) { /* a half-precision immediate */
        put_double(o, (double)tgx_half_to_float((uint16_t)field(w, a0, 16)));
    } else if (tok_is(t, "hh")) { /* two halves' top ten bits: sign 56 and 30..38, then 20..29 */
        put_double(
            o, (double)tgx_half_to_float((uint16_t)(field(w, 56, 1) << 15 | field(w, 30, 9) << 6)));
        sm5_put(o, ", ", 2);
        put_double(o, (double)tgx_half_to_float((uint16_t)(field(w, 20, 10) << 6)));
    } else if (tok_is(t, "phase")) { /* STP's phase, in the control field as a texture's */
        static const char *const phase[] = {"", ".T", ".P", ".INVALIDPHASE3"};
        sm5_put_str(o, phase[c->ctrl >> 17 & 3]);
    } else if (tok_is(t, "vt")) {
        put_video_types(c, t);
    } else if (tok_is(t, "depbar")) {
        /* DEPBAR: ".LE SB<n>, <count>" when bit 29 is set, then the barriers waited on, highest
         * first: "DEPBAR.LE SB1, 0xc, {5,4,1}", "DEPBAR {5,4}" */
        unsigned le = field(w, 29, 1), waits = field(w, 0, 6);
        if (le) {
            /* SB6 and SB7 print as "???6", after a run of blanks whose length depends on the
             * instruction nvdisasm printed before (a stale buffer): one blank here, and the
             * fuzz comparisons fold the run (docs/sm5-ops.md) */
            unsigned sb = field(w, 26, 3);
            sm5_put(o, sb < 6 ? ".LE SB" : ".LE ???", sb < 6 ? 6 : 7);
            put_udec(o, sb);
            sm5_put(o, ", ", 2);
            put_hex0x(o, field(w, 20, 6));
        }
        if (waits) {
            sm5_put(o, le ? ", {" : " {", le ? 3 : 2);
            int first = 1;
            for (int b = 5; b >= 0; b--)
                if (waits >> b & 1) {
                    if (!first)
                        sm5_put(o, ",", 1);
                    put_udec(o, (unsigned)b);
                    first = 0;
                }
            sm5_put(o, "}", 1);
        }
    } else if (tok_is(t, "su")) { /* signed when bit a2 is set, else unsigned */
        uint64_t v = field(w, a0, a1);
        if (field(w, tok_num(t, 2), 1))
            put_signed(o, v, a1);
        else
            put_hex0x(o, v);
    } else if (tok_is(t, "u20")) { /* 19 bits at 20 and bit 56 above them, unsigned */
        put_hex0x(o, field(w, 20, 19) | (uint64_t)field(w, 56, 1) << 19);
    } else if (tok_is(t, "i20")) { /* 19 bits at 20 and the sign at 56 */
        uint64_t v = field(w, 20, 19) | (uint64_t)field(w, 56, 1) << 19;
        put_signed(o, v, 20);
    } else if (tok_is(t, "f20")) {
        put_double(o, f32_of(field(w, 20, 19) << 12 | field(w, 56, 1) << 31));
    } else if (tok_is(t, "d20")) {
        uint64_t bits = (uint64_t)field(w, 20, 19) << 44 | (uint64_t)field(w, 56, 1) << 63;
        /* a double NaN without the quiet bit prints as such; a float's (f20, f32) goes through
         * a conversion to double in nvdisasm and comes out quiet */
        if ((bits >> 52 & 0x7ff) == 0x7ff && (bits & 0xfffffffffffffull) && !(bits >> 51 & 1))
            sm5_put_str(o, bits >> 63 ? "-SNAN " : "+SNAN ");
        else
            put_double(o, f64_of(bits));
    } else if (tok_is(t, "f32")) {
        put_double(o, f32_of(field(w, 20, 32)));
    } else if (tok_is(t, "t")) { /* branch target: signed offset from the next instruction */
        uint64_t off = field(w, a0, a1);
        if (off >> (a1 - 1))
            off |= ~0ull << a1;
        uint64_t target = c->addr + 8 + off;
        const char *name = c->labels ? c->labels->name(c->labels->user, target) : NULL;
        if (name) {
            sm5_put(o, "`(", 2);
            sm5_put_str(o, name);
            sm5_put(o, ")", 1);
        } else {
            put_signed(o, target, 64); /* a target before address 0 prints as -0x... */
        }
    } else if (tok_is(t, "cb")) { /* a branch's target in a constant bank: c[36..40][20..35] */
        sm5_put(o, "c[", 2);
        put_hex0x(o, field(w, 36, 5));
        sm5_put(o, "][", 2);
        put_signed(o, field(w, 20, 16), 16);
        sm5_put(o, "]", 1);
    }
}

/* Whether the form's "=" and "!" tokens (values a field of the form must or must not hold)
 * accept word. */
static int form_constraints_hold(const sm5_form *f, uint64_t word)
{
    for (const char *s = f->syntax; (s = strchr(s, '{')) != NULL;) {
        sm5_tok t;
        tok_read(s, &t);
        uint32_t v = field(word, tok_num(&t, 0), tok_num(&t, 1));
        if ((tok_is(&t, "=") && v != tok_num(&t, 2)) || (tok_is(&t, "!") && v == tok_num(&t, 2)))
            return 0;
        s = t.end;
    }
    return 1;
}

/* The form of word: of the rows whose pattern matches, the one with the most fixed bits (a
 * special case such as CS2R 0101000011001 beside XMAD 010100010... wins by construction). */
static const sm5_form *form_find(uint64_t word, tgx_sm5_arch arch)
{
    const sm5_form *best = NULL;
    int best_bits = -1;
    for (size_t i = 0; i < SM5_FORM_COUNT; i++) {
        const sm5_form *f = &sm5_forms[i];
        uint64_t mask = pattern_bits(f->pattern, 'm'), value = pattern_bits(f->pattern, '1');
        int bits = __builtin_popcountll(mask);
        if ((word & mask) == value && (f->archs >> arch & 1) && bits > best_bits &&
            form_constraints_hold(f, word)) {
            best = f;
            best_bits = bits;
        }
    }
    return best;
}

int sm5_op_branch_target(uint64_t word, tgx_sm5_arch arch, uint64_t addr, uint64_t *target)
{
    const sm5_form *f = form_find(word, arch);
    if (!f)
        return 0;
    for (const char *s = f->syntax; (s = strchr(s, '{')) != NULL;) {
        sm5_tok t;
        tok_read(s, &t);
        if (tok_is(&t, "t")) {
            unsigned lo = tok_num(&t, 0), w = tok_num(&t, 1);
            uint64_t off = field(word, lo, w);
            if (off >> (w - 1))
                off |= ~0ull << w;
            *target = addr + 8 + off;
            return 1;
        }
        s = t.end;
    }
    return 0;
}

void sm5_op_set_target(uint64_t *word, tgx_sm5_arch arch, uint64_t addr, uint64_t target)
{
    const sm5_form *f = form_find(*word, arch);
    if (!f)
        return;
    for (const char *s = f->syntax; (s = strchr(s, '{')) != NULL;) {
        sm5_tok t;
        tok_read(s, &t);
        if (tok_is(&t, "t")) {
            unsigned lo = tok_num(&t, 0), w = tok_num(&t, 1);
            uint64_t mask = ((1ull << w) - 1) << lo;
            *word = (*word & ~mask) | (((target - (addr + 8)) << lo) & mask);
            return;
        }
        s = t.end;
    }
}

/* Whether the control field suits the form (SCHED_*): a barrier only on a variable-latency
 * form, reuse flag 3 (bit 20) on none of the forms that have reuse flags. */
static int sched_accepts(const sm5_form *f, uint32_t ctrl)
{
    int barrier = (ctrl >> 5 & 7) != 7 || (ctrl >> 8 & 7) != 7;
    if (barrier && !(f->sched & SCHED_BARRIERS))
        return 0;
    return !((f->sched & SCHED_REUSE) && !(f->sched & SCHED_REUSE3) && (ctrl >> 20 & 1));
}

static int64_t sign_extend(uint64_t v, unsigned width)
{
    if (width == 0 || width >= 64)
        return (int64_t)v;
    uint64_t m = 1ull << (width - 1);
    v &= (m << 1) - 1;
    return (int64_t)((v ^ m) - m);
}

tgx_status tgx_sm5_op_form(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, tgx_sm5_op_info *info)
{
    const sm5_form *f = (unsigned)arch < TGX_SM5_ARCH_COUNT ? form_find(word, arch) : NULL;
    if (!f || !sched_accepts(f, ctrl))
        return TGX_ERR_UNSUPPORTED;
    memset(info, 0, sizeof *info);
    info->opclass = f->opclass;
    info->src = TGX_SM5_SRC_REG;
    info->guarded = strstr(f->syntax, "{g}") != NULL;
    int has_c = 0, r39_first = 0;
    uint32_t top20 = field(word, 20, 19) | field(word, 56, 1) << 19;
    for (const char *s = strchr(f->syntax, '{'); s; s = strchr(s, '{')) {
        sm5_tok t;
        tok_read(s, &t);
        s = t.end;
        unsigned a0 = tok_num(&t, 0), a1 = tok_num(&t, 1);
        int imm = 1;
        if (tok_is(&t, "c") || tok_is(&t, "cs")) {
            has_c = 1;
            info->cbank = field(word, 34, 5);
            info->coff = field(word, 20, 14) << 2;
            imm = 0;
        } else if (tok_is(&t, "r") && a0 == 39 && !has_c && t.narg > 1 && a1 == 1) {
            r39_first = 1; /* the register at 39 is the second source: the constant is third */
            imm = 0;
        } else if (tok_is(&t, "f20") || tok_is(&t, "d20")) {
            info->imm = top20 << 12;
        } else if (tok_is(&t, "i20")) {
            info->imm = (uint32_t)sign_extend(top20, 20);
        } else if (tok_is(&t, "u20")) {
            info->imm = top20;
        } else if (tok_is(&t, "f32")) {
            info->imm = field(word, a0, 32);
        } else if ((tok_is(&t, "s") || tok_is(&t, "u") || tok_is(&t, "su")) && a0 == 20 &&
                   (a1 == 32 || a1 == 16 || a1 == 6)) {
            info->imm = field(word, 20, a1);
        } else if (tok_is(&t, "h16")) {
            info->imm = field(word, a0, 16);
        } else if (tok_is(&t, "m") || tok_is(&t, "m+")) {
            info->has_mem = true;
            info->mem_ra = field(word, a0, 8);
            info->mem_off = sign_extend(field(word, a1, tok_num(&t, 2)), tok_num(&t, 2)) *
                            (int64_t)(1u << tok_num(&t, 3));
            imm = 0;
        } else if (tok_is(&t, "t")) {
            info->has_branch = true;
            info->branch_off = sign_extend(field(word, a0, a1), a1);
            imm = 0;
        } else {
            imm = 0;
        }
        if (imm)
            info->src = TGX_SM5_SRC_IMM;
    }
    if (has_c)
        info->src = r39_first ? TGX_SM5_SRC_REG_CONST : TGX_SM5_SRC_CONST;
    return TGX_OK;
}

tgx_status sm5_op_print(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, uint64_t addr,
                        const tgx_sm5_labels *labels, sm5_out *o, tgx_diag *d)
{
    const sm5_form *f = form_find(word, arch);
    if (!f || !sched_accepts(f, ctrl))
        return TGX_ERR_UNSUPPORTED;
    sm5_pctx c = {word, ctrl, arch, addr, f, o, d, TGX_OK, labels};
    for (const char *s = f->syntax; *s;) {
        if (*s == '{') {
            sm5_tok t;
            tok_read(s, &t);
            print_tok(&c, &t);
            s = t.end;
        } else {
            const char *n = strchr(s, '{');
            size_t len = n ? (size_t)(n - s) : strlen(s);
            sm5_put(o, s, len);
            s += len;
        }
    }
    if (c.st != TGX_OK)
        return c.st;
    /* nvdisasm drops the space before ';' when the field's low 17 bits are 0x7e0 (sm5.md) */
    if ((ctrl & 0x1ffffu) == 0x7e0u)
        sm5_put(o, ";", 1);
    else
        sm5_put(o, " ;", 2);
    return TGX_OK;
}

/* ---- parsing: nvdisasm's text back to a word ---------------------------------------------------
 * The same rows read backwards. A row is tried when its mnemonic is the text's; its template is
 * matched against the text token by token with backtracking: a token whose fields are few bits
 * (flags, enums, predicates, the guard, video types) tries each value of its still-free bits and
 * keeps those whose printed text (print_tok) is next in the input; registers, immediates,
 * constants, addresses and branch targets are read as numbers. The bits a token sets are
 * remembered, so a field that two tokens print (|R1| prints bit 46 twice) agrees with itself. A
 * match is accepted only if printing its word gives the text back exactly (sm5_op_print), so
 * parse -> print is the identity on everything the parser takes. */

#define PM_DEPTH 64

typedef struct sm5_pm {
    const sm5_form *f;
    tgx_sm5_arch arch;
    uint64_t addr;
    const char *in; /* the instruction's text, without its ';' */
    size_t len;
    uint64_t word, known; /* the bits set so far, and which */
    uint32_t ctrl;        /* reuse flags and phase spelled in the text */
    const sm5_op_resolver *resolve;
    int unresolved; /* a branch target named a label the resolver does not know */
    uint64_t target;
    char target_name[128];
} sm5_pm;

/* Sets bits lo..lo+w-1 of the word to v; 0 if some of them were set to something else. */
static int pm_set(sm5_pm *m, unsigned lo, unsigned w, uint64_t v)
{
    if (w == 0 || lo >= 64)
        return 1;
    uint64_t mask = (w >= 64 ? ~0ull : (1ull << w) - 1) << lo;
    uint64_t bits = (v << lo) & mask;
    if ((m->known & mask & (m->word ^ bits)) != 0)
        return 0;
    if (w < 64 && (v >> w) != 0)
        return 0;
    m->word = (m->word & ~mask) | bits;
    m->known |= mask;
    return 1;
}

static int pm_match(sm5_pm *m, const char *tpl, size_t pos, unsigned depth);

/* Continues the match after a token that consumed n characters. */
static int pm_next(sm5_pm *m, const sm5_tok *t, size_t pos, size_t n, unsigned depth)
{
    return pm_match(m, t->end, pos + n, depth + 1);
}

/* The bit ranges a token of the enumerated kinds reads: up to four (lo, width) pairs. */
static unsigned tok_ranges(const sm5_tok *t, unsigned lo[4], unsigned w[4])
{
    unsigned a0 = tok_num(t, 0), a1 = tok_num(t, 1);
    if (tok_is(t, "g")) {
        lo[0] = 16, w[0] = 4;
        return 1;
    }
    if (tok_is(t, "p") || tok_is(t, "pi") || tok_is(t, "op") || tok_is(t, "opi") ||
        tok_is(t, "po")) {
        lo[0] = a0, w[0] = 3;
        return 1;
    }
    if (tok_is(t, "np") || tok_is(t, "npo")) {
        lo[0] = a0, w[0] = 3, lo[1] = a1, w[1] = 1;
        return 2;
    }
    if (tok_is(t, "f") || tok_is(t, "nf")) {
        lo[0] = a0, w[0] = 1;
        return 1;
    }
    if (tok_is(t, "fx")) {
        lo[0] = a0, w[0] = 1, lo[1] = a1, w[1] = 1;
        return 2;
    }
    if (tok_is(t, "e")) {
        lo[0] = a0, w[0] = a1;
        return 1;
    }
    if (tok_is(t, "e2")) {
        lo[0] = a0, w[0] = a1, lo[1] = tok_num(t, 2), w[1] = tok_num(t, 3);
        return 2;
    }
    if (tok_is(t, "vt")) {
        unsigned n = 0;
        lo[n] = a0, w[n++] = 3;
        lo[n] = a1, w[n++] = 1;
        if (tok_num(t, 2) != 99)
            lo[n] = tok_num(t, 2), w[n++] = 3;
        lo[n] = tok_num(t, 3), w[n++] = 1;
        return n;
    }
    return 0;
}

/* A token of few bits: every value of its free bits whose text comes next. */
static int pm_enumerate(sm5_pm *m, const sm5_tok *t, size_t pos, unsigned depth)
{
    unsigned lo[4], w[4], n = tok_ranges(t, lo, w), bits[32], nb = 0;
    for (unsigned r = 0; r < n; r++)
        for (unsigned b = lo[r]; b < lo[r] + w[r] && b < 64 && nb < 32; b++)
            if (!(m->known >> b & 1))
                bits[nb++] = b;
    if (nb > 12)
        return 0;
    uint64_t word0 = m->word, known0 = m->known;
    for (uint32_t v = 0; v < (1u << nb); v++) {
        m->word = word0;
        m->known = known0;
        for (unsigned k = 0; k < nb; k++) {
            m->word = (m->word & ~(1ull << bits[k])) | (uint64_t)(v >> k & 1) << bits[k];
            m->known |= 1ull << bits[k];
        }
        char buf[64];
        sm5_out o = {buf, sizeof buf, 0};
        tgx_diag d;
        sm5_pctx c = {m->word, m->ctrl, m->arch, m->addr, m->f, &o, &d, TGX_OK, NULL};
        print_tok(&c, t);
        if (c.st != TGX_OK || o.len >= sizeof buf)
            continue;
        if (o.len <= m->len - pos && memcmp(buf, m->in + pos, o.len) == 0 &&
            pm_next(m, t, pos, o.len, depth))
            return 1;
    }
    m->word = word0;
    m->known = known0;
    return 0;
}

/* Reads "0x<hex>" at s (n characters at most); returns the characters read, 0 if none. */
static size_t read_hex(const char *s, size_t n, uint64_t *v)
{
    if (n < 3 || s[0] != '0' || s[1] != 'x')
        return 0;
    size_t i = 2;
    uint64_t x = 0;
    for (; i < n; i++) {
        char ch = s[i];
        unsigned dgt = ch >= '0' && ch <= '9'   ? (unsigned)(ch - '0')
                       : ch >= 'a' && ch <= 'f' ? (unsigned)(ch - 'a' + 10)
                                                : 16u;
        if (dgt == 16 || i >= 18)
            break;
        x = x << 4 | dgt;
    }
    if (i == 2)
        return 0;
    *v = x;
    return i;
}

/* "-0x.." or "0x.." as a value of width bits (two's complement); 0 if it does not fit. */
static size_t read_signed(const char *s, size_t n, unsigned width, uint64_t *v)
{
    int neg = n > 0 && s[0] == '-';
    uint64_t x;
    size_t k = read_hex(s + neg, n - (size_t)neg, &x);
    if (!k)
        return 0;
    uint64_t lim = width >= 64 ? ~0ull : 1ull << (width - 1);
    if (neg ? x > lim : x >= lim)
        return 0;
    uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
    *v = (neg ? (~x + 1) : x) & mask;
    return k + (size_t)neg;
}

/* A register: "RZ" (255), "R0".."R254". */
static size_t read_reg(const char *s, size_t n, unsigned *r)
{
    if (n >= 2 && s[0] == 'R' && s[1] == 'Z') {
        *r = 255;
        return 2;
    }
    if (n < 2 || s[0] != 'R' || s[1] < '0' || s[1] > '9')
        return 0;
    size_t i = 1;
    unsigned v = 0;
    while (i < n && s[i] >= '0' && s[i] <= '9' && v < 1000)
        v = v * 10 + (unsigned)(s[i++] - '0');
    if (v > 254 || (i > 2 && s[1] == '0'))
        return 0;
    *r = v;
    return i;
}

/* A float as nvdisasm prints one (%.20g, %.20e, "+INF ", "-QNAN ", "-0.0 "): its double. */
static size_t read_float(const char *s, size_t n, double *v, int *snan)
{
    static const struct {
        const char *text;
        double value;
        int snan;
    } specials[] = {{"+INF ", INFINITY, 0}, {"-INF ", -INFINITY, 0}, {"+QNAN ", NAN, 0},
                    {"-QNAN ", -NAN, 0},    {"+SNAN ", NAN, 1},      {"-SNAN ", -NAN, 1},
                    {"-0.0 ", -0.0, 0}};
    *snan = 0;
    for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++) {
        size_t k = strlen(specials[i].text);
        if (k <= n && memcmp(s, specials[i].text, k) == 0) {
            *v = specials[i].value;
            *snan = specials[i].snan;
            return k;
        }
    }
    /* a number's characters: digits, a sign at the start or after 'e', '.' or 'e' before a
     * digit (so "1440768.ABS" leaves ".ABS" to the modifier) */
    char buf[64];
    size_t k = 0;
    while (k < n && k + 1 < sizeof buf) {
        char ch = s[k], next = k + 1 < n ? s[k + 1] : '\0';
        int digit_next = next >= '0' && next <= '9';
        int sign_ok = k == 0 || s[k - 1] == 'e';
        if (!((ch >= '0' && ch <= '9') || ((ch == '-' || ch == '+') && sign_ok) ||
              (ch == '.' && digit_next) ||
              (ch == 'e' && (digit_next || next == '-' || next == '+'))))
            break;
        buf[k] = ch;
        k++;
    }
    buf[k] = '\0';
    if (k == 0)
        return 0;
    char *end;
    *v = strtod(buf, &end);
    return (size_t)(end - buf);
}

/* The float value's bits as the immediate of a token: f20 (a float's top 20 bits), d20 (a
 * double's), f32 (all 32), h16 (a half). 0 if the value needs bits the token has not. */
static int float_bits(const sm5_tok *t, double v, int snan, uint64_t *bits)
{
    if (tok_is(t, "d20")) {
        uint64_t b;
        memcpy(&b, &v, sizeof b);
        if (snan)
            b = (b & ~(1ull << 51)) | 1ull << 50;
        if (b & ((1ull << 44) - 1))
            return 0;
        *bits = b >> 44;
        return 1;
    }
    float f = (float)v;
    uint32_t b;
    memcpy(&b, &f, sizeof b);
    if (tok_is(t, "h16")) {
        uint16_t h = tgx_float_to_half(f);
        *bits = h;
        return 1;
    }
    if (tok_is(t, "f20")) {
        if (b & 0xfffu)
            return 0;
        *bits = b >> 12;
        return 1;
    }
    *bits = b;
    return 1;
}

static int pm_float(sm5_pm *m, const sm5_tok *t, size_t pos, unsigned depth)
{
    double v;
    int snan;
    size_t k = read_float(m->in + pos, m->len - pos, &v, &snan);
    uint64_t bits;
    if (!k || !float_bits(t, v, snan, &bits))
        return 0;
    int ok = tok_is(t, "f20")   ? pm_set(m, 20, 19, bits & 0x7ffff) && pm_set(m, 56, 1, bits >> 19)
             : tok_is(t, "d20") ? pm_set(m, 20, 19, bits & 0x7ffff) && pm_set(m, 56, 1, bits >> 19)
             : tok_is(t, "h16") ? pm_set(m, tok_num(t, 0), 16, bits)
                                : pm_set(m, tok_num(t, 0), 32, bits);
    return ok && pm_next(m, t, pos, k, depth);
}

/* hh: two halves, "A, B": A's sign at 56 and bits 14..6 at 30..38, B's bits 15..6 at 20..29. */
static int pm_halves(sm5_pm *m, const sm5_tok *t, size_t pos, unsigned depth)
{
    double a, b;
    int snan;
    size_t k1 = read_float(m->in + pos, m->len - pos, &a, &snan);
    if (!k1 || m->len - pos - k1 < 2 || memcmp(m->in + pos + k1, ", ", 2) != 0)
        return 0;
    size_t k2 = read_float(m->in + pos + k1 + 2, m->len - pos - k1 - 2, &b, &snan);
    if (!k2)
        return 0;
    uint16_t ha = tgx_float_to_half((float)a), hb = tgx_float_to_half((float)b);
    if ((ha & 0x3f) || (hb & 0x3f))
        return 0;
    return pm_set(m, 56, 1, ha >> 15) && pm_set(m, 30, 9, (ha >> 6) & 0x1ff) &&
           pm_set(m, 20, 10, hb >> 6) && pm_next(m, t, pos, k1 + 2 + k2, depth);
}

/* c[bank][offset] as {c}/{cs} (bank 34..38, a word offset at 20..33) or {cb} (bank 36..40, a
 * byte offset at 20..35). */
static int pm_const(sm5_pm *m, const sm5_tok *t, size_t pos, unsigned depth)
{
    const char *s = m->in + pos;
    size_t n = m->len - pos, k = 0;
    uint64_t bank, off;
    if (n < 2 || memcmp(s, "c[", 2) != 0)
        return 0;
    k = 2;
    size_t h = read_hex(s + k, n - k, &bank);
    if (!h)
        return 0;
    k += h;
    const char *mid = tok_is(t, "cs") ? "] [" : "][";
    size_t ml = strlen(mid);
    if (n - k < ml || memcmp(s + k, mid, ml) != 0)
        return 0;
    k += ml;
    h = read_signed(s + k, n - k, 16, &off);
    if (!h || n - k - h < 1 || s[k + h] != ']')
        return 0;
    k += h + 1;
    int ok = tok_is(t, "cb") ? pm_set(m, 36, 5, bank) && pm_set(m, 20, 16, off)
                             : (off & 3) == 0 && pm_set(m, 34, 5, bank) &&
                                   pm_set(m, 20, 14, (off >> 2) & 0x3fff);
    return ok && pm_next(m, t, pos, k, depth);
}

/* {m:RA:LO:W[:SHIFT]}: [Ra], [Ra+off], [Ra+-off] (Ra's reuse flag in fixed-latency forms),
 * [off] for RZ; {m+}: the same without brackets. */
static int pm_address(sm5_pm *m, const sm5_tok *t, size_t pos, unsigned depth)
{
    const char *s = m->in + pos;
    size_t n = m->len - pos, k = 0;
    int br = tok_is(t, "m");
    unsigned ra_lo = tok_num(t, 0), lo = tok_num(t, 1), w = tok_num(t, 2), sh = tok_num(t, 3);
    if (br) {
        if (!n || s[0] != '[')
            return 0;
        k = 1;
    }
    unsigned ra = 255;
    uint64_t off = 0;
    size_t r = read_reg(s + k, n - k, &ra);
    uint32_t ctrl0 = m->ctrl;
    if (r) {
        k += r;
        if (n - k >= 6 && memcmp(s + k, ".reuse", 6) == 0) {
            m->ctrl |= 1u << 17;
            k += 6;
        }
        if (k < n && s[k] == '+') {
            size_t h = read_signed(s + k + 1, n - k - 1, w + sh, &off);
            if (!h)
                return 0;
            k += 1 + h;
        }
    } else {
        size_t h = read_hex(s + k, n - k, &off);
        if (!h) {
            h = read_signed(s + k, n - k, w + sh, &off);
            if (!h)
                return 0;
        }
        k += h;
    }
    if (br) {
        if (k >= n || s[k] != ']')
            return 0;
        k++;
    }
    if ((off & ((1ull << sh) - 1)) != 0)
        return 0;
    if (pm_set(m, ra_lo, 8, ra) && pm_set(m, lo, w, (off >> sh) & ((1ull << w) - 1)) &&
        pm_next(m, t, pos, k, depth))
        return 1;
    m->ctrl = ctrl0;
    return 0;
}

/* A branch target: an absolute address, or `(name) that the resolver turns into one. */
static int pm_target(sm5_pm *m, const sm5_tok *t, size_t pos, unsigned depth)
{
    const char *s = m->in + pos;
    size_t n = m->len - pos, k;
    unsigned lo = tok_num(t, 0), w = tok_num(t, 1);
    uint64_t target;
    if (n >= 3 && s[0] == '`' && s[1] == '(') {
        const char *close = memchr(s + 2, ')', n - 2);
        if (!close)
            return 0;
        size_t nl = (size_t)(close - s - 2);
        k = (size_t)(close - s) + 1;
        snprintf(m->target_name, sizeof m->target_name, "%.*s", (int)nl, s + 2);
        if (!m->resolve || !m->resolve->address(m->resolve->user, m->target_name, &target)) {
            m->unresolved = 1;
            target = m->addr + 8; /* patched when the label is known */
        }
    } else {
        k = read_signed(s, n, 64, &target);
        if (!k)
            return 0;
        m->target_name[0] = '\0';
    }
    uint64_t off = target - (m->addr + 8), mask = (1ull << w) - 1;
    uint64_t hi = off >> (w - 1); /* sign extension: all ones or all zeros above */
    if (hi != 0 && hi != (~0ull >> (w - 1)))
        return 0;
    m->target = target;
    return pm_set(m, lo, w, off & mask) && pm_next(m, t, pos, k, depth);
}

/* DEPBAR's operands: ".LE SB<n>, <count>" (bit 29, SB at 26..28, count at 20..25; SB6 and SB7
 * print "???6"), then the barriers waited on, highest first, as a set (bits 0..5). */
static int pm_depbar(sm5_pm *m, const sm5_tok *t, size_t pos, unsigned depth)
{
    const char *s = m->in + pos;
    size_t n = m->len - pos, k = 0;
    uint64_t le = 0, sb = 0, count = 0, waits = 0;
    if (n >= 4 && memcmp(s, ".LE ", 4) == 0) {
        le = 1;
        k = 4;
        if (n - k >= 3 && (memcmp(s + k, "SB", 2) == 0 || memcmp(s + k, "???", 3) == 0)) {
            k += s[k] == 'S' ? 2 : 3;
            if (k >= n || s[k] < '0' || s[k] > '7')
                return 0;
            sb = (uint64_t)(s[k++] - '0');
            if ((sb < 6) != (s[k - 2] == 'B'))
                return 0;
        } else {
            return 0;
        }
        size_t h;
        if (n - k < 2 || memcmp(s + k, ", ", 2) != 0 ||
            !(h = read_hex(s + k + 2, n - k - 2, &count)))
            return 0;
        k += 2 + h;
    }
    const char *open = le ? ", {" : " {";
    if (n - k >= 3 && memcmp(s + k, open, strlen(open)) == 0) {
        k += strlen(open);
        int last = 6;
        while (k < n && s[k] >= '0' && s[k] <= '5' && s[k] - '0' < last) {
            last = s[k] - '0';
            waits |= 1ull << last;
            k++;
            if (k < n && s[k] == ',')
                k++;
        }
        if (k >= n || s[k] != '}' || !waits)
            return 0;
        k++;
    }
    return pm_set(m, 29, 1, le) && pm_set(m, 26, 3, sb) && pm_set(m, 20, 6, count) &&
           pm_set(m, 0, 6, waits) && pm_next(m, t, pos, k, depth);
}

static int pm_token(sm5_pm *m, const sm5_tok *t, size_t pos, unsigned depth)
{
    const char *s = m->in + pos;
    size_t n = m->len - pos;
    unsigned a0 = tok_num(t, 0), a1 = tok_num(t, 1);
    uint64_t v;
    size_t k;
    unsigned r;
    if (tok_is(t, "=")) /* a condition: the field holds its value */
        return pm_set(m, a0, a1, tok_num(t, 2)) && pm_next(m, t, pos, 0, depth);
    if (tok_is(t, "!"))
        return pm_next(m, t, pos, 0, depth); /* checked when the word is printed back */
    if (tok_is(t, "phase")) {                /* .T/.P/.INVALIDPHASE3: control field bits 17..18 */
        static const char *const phase[] = {".T", ".P", ".INVALIDPHASE3"};
        uint32_t ctrl0 = m->ctrl;
        for (unsigned ph = 3; ph >= 1; ph--) {
            size_t pl = strlen(phase[ph - 1]);
            m->ctrl = (ctrl0 & ~(3u << 17)) | ph << 17;
            if (n >= pl && memcmp(s, phase[ph - 1], pl) == 0 && pm_next(m, t, pos, pl, depth))
                return 1;
        }
        m->ctrl = ctrl0;
        return pm_next(m, t, pos, 0, depth);
    }
    if (tok_ranges(t, (unsigned[4]){0}, (unsigned[4]){0}))
        return pm_enumerate(m, t, pos, depth);
    if (tok_is(t, "r") || tok_is(t, "or") || tok_is(t, "ro")) {
        int opt = !tok_is(t, "r");
        const char *lead = tok_is(t, "ro") ? ", " : "", *trail = tok_is(t, "or") ? ", " : "";
        size_t ll = strlen(lead), tl = strlen(trail);
        if (opt && pm_set(m, a0, 8, 255)) { /* left out: RZ */
            if (pm_next(m, t, pos, 0, depth))
                return 1;
            m->known &= ~(0xffull << a0);
        }
        if (n < ll || memcmp(s, lead, ll) != 0 || !(k = read_reg(s + ll, n - ll, &r)) ||
            (opt && r == 255))
            return 0;
        k += ll;
        uint32_t ctrl0 = m->ctrl;
        if (t->narg > 1 && n - k >= 6 && memcmp(s + k, ".reuse", 6) == 0) {
            m->ctrl |= 1u << (17 + a1);
            k += 6;
        }
        if (n - k < tl || memcmp(s + k, trail, tl) != 0 || !pm_set(m, a0, 8, r)) {
            m->ctrl = ctrl0;
            return 0;
        }
        if (pm_next(m, t, pos, k + tl, depth))
            return 1;
        m->ctrl = ctrl0;
        return 0;
    }
    if (tok_is(t, "ru")) {
        if (pm_next(m, t, pos, 0, depth))
            return 1;
        if (n < 6 || memcmp(s, ".reuse", 6) != 0)
            return 0;
        uint32_t ctrl0 = m->ctrl;
        m->ctrl |= 1u << (17 + a0);
        if (pm_next(m, t, pos, 6, depth))
            return 1;
        m->ctrl = ctrl0;
        return 0;
    }
    if (tok_is(t, "rx")) { /* a pair's register: Rb + a1 (+1 with bit a2), "???255" past R254 */
        unsigned add = a1 + (t->narg > 2 ? field(m->word, tok_num(t, 2), 1) : 0);
        if (n >= 6 && memcmp(s, "???255", 6) == 0) {
            uint64_t word0 = m->word, known0 = m->known;
            for (unsigned rb = 255 - add; rb <= 255; rb++) {
                if (pm_set(m, a0, 8, rb) && pm_next(m, t, pos, 6, depth))
                    return 1;
                m->word = word0, m->known = known0;
            }
            return 0;
        }
        if (!(k = read_reg(s, n, &r)) || r == 255 || r < add)
            return 0;
        return pm_set(m, a0, 8, r - add) && pm_next(m, t, pos, k, depth);
    }
    if (tok_is(t, "u") || tok_is(t, "u20")) {
        unsigned w = tok_is(t, "u") ? a1 : 20;
        if (!(k = read_hex(s, n, &v)) || (w < 64 && v >> w))
            return 0;
        int ok = tok_is(t, "u") ? pm_set(m, a0, a1, v)
                                : pm_set(m, 20, 19, v & 0x7ffff) && pm_set(m, 56, 1, v >> 19);
        return ok && pm_next(m, t, pos, k, depth);
    }
    if (tok_is(t, "s") || tok_is(t, "i20")) {
        unsigned w = tok_is(t, "s") ? a1 : 20;
        if (!(k = read_signed(s, n, w, &v)))
            return 0;
        int ok = tok_is(t, "s") ? pm_set(m, a0, a1, v)
                                : pm_set(m, 20, 19, v & 0x7ffff) && pm_set(m, 56, 1, v >> 19);
        return ok && pm_next(m, t, pos, k, depth);
    }
    if (tok_is(t, "su")) { /* signed when bit a2 is set: a negative value needs it */
        unsigned bit = tok_num(t, 2);
        uint64_t word0 = m->word, known0 = m->known;
        if ((k = read_hex(s, n, &v)) && !(v >> a1) && pm_set(m, a0, a1, v) &&
            pm_set(m, bit, 1, 0) && pm_next(m, t, pos, k, depth))
            return 1;
        m->word = word0, m->known = known0;
        return (k = read_signed(s, n, a1, &v)) && pm_set(m, a0, a1, v) && pm_set(m, bit, 1, 1) &&
               pm_next(m, t, pos, k, depth);
    }
    if (tok_is(t, "f20") || tok_is(t, "d20") || tok_is(t, "f32") || tok_is(t, "h16"))
        return pm_float(m, t, pos, depth);
    if (tok_is(t, "hh"))
        return pm_halves(m, t, pos, depth);
    if (tok_is(t, "c") || tok_is(t, "cs") || tok_is(t, "cb"))
        return pm_const(m, t, pos, depth);
    if (tok_is(t, "m") || tok_is(t, "m+"))
        return pm_address(m, t, pos, depth);
    if (tok_is(t, "t"))
        return pm_target(m, t, pos, depth);
    if (tok_is(t, "ri") || tok_is(t, "rio")) { /* a register at a1, or an immediate (bit a0) */
        int opt = tok_is(t, "rio");
        unsigned lo = tok_num(t, 2), w = tok_num(t, 3);
        uint64_t word0 = m->word, known0 = m->known;
        if (opt && pm_set(m, a0, 1, 1) && pm_set(m, lo, w, 0) && pm_next(m, t, pos, 0, depth))
            return 1;
        m->word = word0, m->known = known0;
        size_t ll = opt ? 2 : 0;
        if (n < ll || (opt && memcmp(s, ", ", 2) != 0))
            return 0;
        if ((k = read_reg(s + ll, n - ll, &r)) && pm_set(m, a0, 1, 0) && pm_set(m, a1, 8, r) &&
            pm_next(m, t, pos, ll + k, depth))
            return 1;
        m->word = word0, m->known = known0;
        return (k = read_hex(s + ll, n - ll, &v)) && !(v >> w) && (!opt || v) &&
               pm_set(m, a0, 1, 1) && pm_set(m, lo, w, v) && pm_next(m, t, pos, ll + k, depth);
    }
    if (tok_is(t, "ou")) { /* TEXT and a hex value, left out when it is the default */
        unsigned def = tok_num(t, 2);
        uint64_t word0 = m->word, known0 = m->known;
        if (pm_set(m, a0, a1, def) && pm_next(m, t, pos, 0, depth))
            return 1;
        m->word = word0, m->known = known0;
        for (unsigned alt = 3; alt <= 4 && alt < t->narg; alt++) {
            size_t tl = t->arglen[alt];
            if (n < tl || memcmp(s, t->arg[alt], tl) != 0 || !(k = read_hex(s + tl, n - tl, &v)))
                continue;
            if (!(v >> a1) && v != def && pm_set(m, a0, a1, v) && pm_next(m, t, pos, tl + k, depth))
                return 1;
            m->word = word0, m->known = known0;
        }
        return 0;
    }
    if (tok_is(t, "depbar"))
        return pm_depbar(m, t, pos, depth);
    return 0;
}

static int pm_match(sm5_pm *m, const char *tpl, size_t pos, unsigned depth)
{
    if (depth > PM_DEPTH)
        return 0;
    while (*tpl && *tpl != '{') { /* literal text */
        if (pos >= m->len || m->in[pos] != *tpl)
            return 0;
        pos++, tpl++;
    }
    if (!*tpl)
        return pos == m->len;
    sm5_tok t;
    tok_read(tpl, &t);
    return pm_token(m, &t, pos, depth);
}

/* The literal mnemonic of a row's template: its first word after the leading tokens. */
static size_t form_mnemonic(const sm5_form *f, const char **start)
{
    const char *s = f->syntax;
    *start = s;
    while (*s == '{') {
        const char *e = strchr(s, '}');
        if (!e)
            return 0;
        s = e + 1;
    }
    *start = s;
    return strcspn(s, ".{ ");
}

static const char *verify_name(void *user, uint64_t target)
{
    const sm5_pm *m = user;
    return m->target_name[0] && target == m->target ? m->target_name : NULL;
}

tgx_status sm5_op_parse(const char *input, tgx_sm5_arch arch, uint64_t addr,
                        const sm5_op_resolver *resolve, uint64_t *word, uint32_t *ctrl,
                        int *unresolved, tgx_diag *d)
{
    /* the blanks nvdisasm puts before "???6" and "???255" come from a stale buffer (ops.c's
     * printer puts one): fold them */
    char folded[TGX_DIAG_MSG_MAX + 256];
    size_t nf = 0;
    for (const char *q = input; *q && nf + 1 < sizeof folded; q++) {
        if (*q == ' ' && q[1] == ' ') {
            const char *e = q;
            while (*e == ' ')
                e++;
            if (strncmp(e, "???", 3) == 0)
                q = e - 1;
        }
        folded[nf++] = *q;
    }
    folded[nf] = '\0';
    const char *text = folded;
    while (*text == ' ' || *text == '\t')
        text++;
    size_t len = strlen(text);
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\t' || text[len - 1] == '\n'))
        len--;
    int tight = len >= 2 && text[len - 1] == ';' && text[len - 2] != ' ';
    size_t body = len; /* without the ';' and the one blank before it ("+QNAN " keeps its own) */
    if (body && text[body - 1] == ';')
        body--;
    if (body && text[body - 1] == ' ')
        body--;
    const char *mn = text;
    if (*mn == '@')
        mn += strcspn(mn, " ") + (mn[strcspn(mn, " ")] == ' ');
    size_t mnl = strcspn(mn, ". ;");
    uint32_t base = tight ? 0x7e0u : TGX_SM5_CTRL_NEUTRAL;
    int named = 0;
    for (size_t i = 0; i < SM5_FORM_COUNT; i++) {
        const sm5_form *f = &sm5_forms[i];
        const char *fm = NULL;
        size_t fl = form_mnemonic(f, &fm);
        if (!(f->archs >> arch & 1) || fl != mnl || memcmp(fm, mn, mnl) != 0)
            continue;
        named = 1;
        sm5_pm m = {f, arch, addr, text, body, 0, 0, base, resolve, 0, 0, {0}};
        m.word = pattern_bits(f->pattern, '1');
        m.known = pattern_bits(f->pattern, 'm');
        if (!pm_match(&m, f->syntax, 0, 0))
            continue;
        if (!(m.known >> 16 & 0xf)) /* no guard token: PT */
            m.word |= 7ull << 16;
        char buf[TGX_DIAG_MSG_MAX + 256];
        sm5_out o = {buf, sizeof buf, 0};
        tgx_diag pd;
        tgx_sm5_labels names = {verify_name, &m};
        if (sm5_op_print(m.word, m.ctrl, arch, addr, &names, &o, &pd) != TGX_OK ||
            o.len >= sizeof buf)
            continue;
        size_t tl = o.len;
        if (tl && buf[tl - 1] == ';')
            tl--;
        if (tl && buf[tl - 1] == ' ')
            tl--;
        if (tl != body || memcmp(buf, text, body) != 0)
            continue;
        *word = m.word;
        *ctrl = m.ctrl;
        if (unresolved)
            *unresolved = m.unresolved;
        return TGX_OK;
    }
    if (!named)
        return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, NULL, 0, 1,
                            "'%.*s' is no Maxwell instruction of sm_5%c", (int)mnl, mn,
                            "023"[arch < 3 ? arch : 0]);
    return tgx_diag_set(d, TGX_ERR_PARSE, NULL, 0, 1,
                        "'%.*s' does not match any form of %.*s that nvdisasm prints (its "
                        "operands, modifiers or their order)",
                        (int)(body < 120 ? body : 120), text, (int)mnl, mn);
}
