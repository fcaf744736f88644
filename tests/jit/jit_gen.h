/* jit_gen.h — random valid TGSI programs for the differential tests of the compiler
 * (tests/jit/test_differential.c) and its fuzz target (fuzz/fuzz_jit.c).
 *
 * A program draws from every opcode of the tgsi table that the compiler takes lane by lane or
 * through a handler (tgx_tgsi_opcode_info + the compiler's own kinds, so a new opcode joins by
 * itself), with random swizzles, write masks, negate / absolute modifiers, _SAT, the register
 * files TEMP, IN, OUT, IMM, CONST and ADDR, indirect TEMP and CONST operands, and the control
 * flow shapes the interpreter runs: IF/UIF with and without ELSE, loops with BRK, CONT and
 * BREAKC, SWITCH with CASE, DEFAULT and fall-through, CAL/CALLNZ into subroutines with early
 * RET, RET in main, KILL/KILL_IF/DEMOTE in fragment programs, and (at the top level) the
 * instructions that run over the whole run. Immediates, constants and the registers' starting
 * values are drawn from special values: NaNs (quiet and signalling, with payloads), infinities,
 * zeros of both signs, denormals, INT_MIN, shift counts of 32 and more.
 *
 * The random source is a byte string (the fuzzer's input) or, past its end or without one, a
 * seeded xorshift generator.
 */
#ifndef TGX_JIT_GEN_H
#define TGX_JIT_GEN_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jit/jit_internal.h"
#include "tgx/tgsi.h"

#define JGEN_MAX_TEXT 65536
#define JGEN_LINES    400
#define JGEN_SUBS     3

typedef struct jgen {
    uint64_t state;
    const uint8_t *bytes;
    size_t nbytes, pos;
    unsigned stage; /* 0 VERT, 1 FRAG, 2 COMP */
    unsigned lines; /* instructions so far (labels count them) */
    unsigned depth, loops, nsubs, sub_len[JGEN_SUBS];
    int in_sub; /* -1: main */
    char main[JGEN_MAX_TEXT], subs[JGEN_SUBS][JGEN_MAX_TEXT / 4];
    size_t main_len, subs_len[JGEN_SUBS];
    char text[JGEN_MAX_TEXT * 2];
    uint32_t imm[8][4];
    uint32_t cbuf[32];
} jgen;

static inline uint32_t jgen_rand(jgen *g)
{
    if (g->pos + 4 <= g->nbytes) {
        uint32_t v;
        memcpy(&v, g->bytes + g->pos, 4);
        g->pos += 4;
        return v;
    }
    g->state ^= g->state << 13;
    g->state ^= g->state >> 7;
    g->state ^= g->state << 17;
    return (uint32_t)(g->state >> 16);
}

static inline unsigned jgen_below(jgen *g, unsigned n)
{
    return n ? jgen_rand(g) % n : 0;
}

/* A word from the special values, or a plain float or integer. */
static inline uint32_t jgen_special(jgen *g)
{
    static const uint32_t special[] = {
        0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u, 0x7fc00000u,
        0xffc00000u, 0x7f800001u, 0x7fa00000u, 0xffc12345u, 0x7fc54321u, 0x00000001u, 0x807fffffu,
        0x00400000u, 0x00800000u, 0x7f7fffffu, 0xff7fffffu, 0x00000002u, 0x0000001fu, 0x00000020u,
        0x00000021u, 0x0000003fu, 0x00000040u, 0xffffffffu, 0x7fffffffu, 0x4f000000u, 0xcf000000u,
        0x4f800000u, 0x3f000000u, 0x3fc00000u, 0x40200000u, 0xc0200000u, 0x42c80000u, 0x3a83126fu,
        0x00000003u, 0x00000005u, 0xfffffffbu, 0x40490fdbu, 0xc2fe0000u, 0x43000000u, 0x3effffffu,
    };
    unsigned k = jgen_below(g, 4);
    if (k == 0) { /* a float in [-8, 8) */
        float f = (float)((int32_t)(jgen_rand(g) % 16000u) - 8000) / 1000.0f;
        uint32_t u;
        memcpy(&u, &f, 4);
        return u;
    }
    if (k == 1)
        return jgen_below(g, 2) ? jgen_below(g, 9) : jgen_rand(g);
    return special[jgen_below(g, sizeof(special) / sizeof(special[0]))];
}

static inline void jgen_emit(jgen *g, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline void jgen_emit(jgen *g, const char *fmt, ...)
{
    char *buf = g->in_sub < 0 ? g->main : g->subs[g->in_sub];
    size_t cap = g->in_sub < 0 ? sizeof(g->main) : sizeof(g->subs[0]);
    size_t *len = g->in_sub < 0 ? &g->main_len : &g->subs_len[g->in_sub];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *len, cap - *len, fmt, ap);
    va_end(ap);
    if (n <= 0 || *len + (size_t)n >= cap)
        return;
    unsigned lines = 0; /* instructions: one a line */
    for (int i = 0; i < n; i++)
        lines += buf[*len + (size_t)i] == '\n';
    *len += (size_t)n;
    if (g->in_sub < 0)
        g->lines += lines;
    else
        g->sub_len[g->in_sub] += lines;
}

/* ---- operands ------------------------------------------------------------------------------- */

static inline void jgen_swizzle(jgen *g, char *out)
{
    static const char ch[] = "xyzw";
    out[0] = '.';
    for (unsigned c = 0; c < 4; c++)
        out[1 + c] = ch[jgen_below(g, 4)];
    out[5] = 0;
}

/* A source operand: TEMP[0..5], IN, IMM, CONST, indirect TEMP or CONST; modifiers. */
static inline void jgen_src(jgen *g, char *out, size_t size, int modifiers)
{
    char reg[48], swz[8];
    unsigned k = jgen_below(g, 80);
    if (k < 32)
        snprintf(reg, sizeof(reg), "TEMP[%u]", jgen_below(g, 6));
    else if (k < 44 && g->stage != 2)
        snprintf(reg, sizeof(reg), "IN[%u]", jgen_below(g, 4));
    else if (k < 60)
        snprintf(reg, sizeof(reg), "IMM[%u]", jgen_below(g, 8));
    else if (k < 68)
        snprintf(reg, sizeof(reg), "CONST[0][%u]", jgen_below(g, 8));
    else if (k < 70) /* indirect operands are rare in real shaders, and costly to compile */
        snprintf(reg, sizeof(reg), "TEMP[ADDR[0].x+%u]", jgen_below(g, 6));
    else if (k < 72)
        snprintf(reg, sizeof(reg), "CONST[0][ADDR[0].x+%u]", jgen_below(g, 8));
    else
        snprintf(reg, sizeof(reg), "TEMP[%u]", jgen_below(g, 8));
    jgen_swizzle(g, swz);
    unsigned m = modifiers ? jgen_below(g, 10) : 9;
    if (m == 0)
        snprintf(out, size, "-%s%s", reg, swz);
    else if (m == 1)
        snprintf(out, size, "|%s%s|", reg, swz);
    else if (m == 2)
        snprintf(out, size, "-|%s%s|", reg, swz);
    else
        snprintf(out, size, "%s%s", reg, swz);
}

static inline void jgen_wmask(jgen *g, char *out)
{
    static const char ch[] = "xyzw";
    unsigned m = 1 + jgen_below(g, 15), n = 0;
    out[n++] = '.';
    for (unsigned c = 0; c < 4; c++)
        if (m & (1u << c))
            out[n++] = ch[c];
    out[n] = 0;
}

/* A destination: TEMP[0..5] mostly, OUT, ADDR for the address loads, indirect TEMP now and
 * then. */
static inline void jgen_dst(jgen *g, char *out, size_t size, unsigned op)
{
    char mask[8];
    jgen_wmask(g, mask);
    unsigned k = jgen_below(g, 40);
    if ((op == TGX_TGSI_OP_ARL || op == TGX_TGSI_OP_UARL || op == TGX_TGSI_OP_ARR) && k < 20)
        snprintf(out, size, "ADDR[0].x");
    else if (k < 28)
        snprintf(out, size, "TEMP[%u]%s", jgen_below(g, 6), mask);
    else if (k < 39)
        snprintf(out, size, "OUT[%u]%s", jgen_below(g, 2), mask);
    else
        snprintf(out, size, "TEMP[ADDR[0].x+%u]%s", jgen_below(g, 6), mask);
}

/* ---- instructions --------------------------------------------------------------------------- */

/* Opcodes a random instruction may be: no control flow, no resources, none that the compiler
 * leaves to the interpreter; whole-run ones (top) only at the top level of main. */
typedef int (*jgen_filter)(unsigned op, int *whole_run);

static inline void jgen_alu(jgen *g, jgen_filter ok, int top)
{
    unsigned op;
    int whole = 0;
    for (unsigned tries = 0;; tries++) {
        op = jgen_below(g, TGX_TGSI_OP_COUNT);
        if (ok(op, &whole) && (top || !whole) && (g->stage == 1 || op < TGX_TGSI_OP_COUNT))
            break;
        if (tries > 1000)
            return;
    }
    const struct tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(op);
    char line[512], dst[64], src[64];
    size_t n = (size_t)snprintf(line, sizeof(line), "%s%s", info->name,
                                info->num_dst && jgen_below(g, 8) == 0 ? "_SAT" : "");
    for (unsigned d = 0; d < info->num_dst; d++) {
        jgen_dst(g, dst, sizeof(dst), op);
        n += (size_t)snprintf(line + n, sizeof(line) - n, "%s %s", d ? "," : "", dst);
    }
    for (unsigned s = 0; s < info->num_src; s++) {
        jgen_src(g, src, sizeof(src), 1);
        n += (size_t)snprintf(line + n, sizeof(line) - n, "%s %s", s || info->num_dst ? "," : "",
                              src);
    }
    jgen_emit(g, "%s\n", line);
}

/* The filter of the differential tests: every opcode the compiler takes lane by lane, through a
 * handler or over the whole run (jit_plan.c's kinds), without control flow or resources; not
 * CLOCK, which reads the run's instruction count (counted per group when compiled). */
static inline int jgen_compiled_alu(unsigned op, int *whole_run)
{
    const struct tgx_tgsi_opcode_info *info = tgx_tgsi_opcode_info(op);
    if (!info || info->cf != TGX_TGSI_CF_NONE ||
        (info->flags & (TGX_TGSI_OPF_TEX | TGX_TGSI_OPF_MEMORY | TGX_TGSI_OPF_LABEL)))
        return 0;
    if (info->dst_type == TGX_TGSI_TYPE_RESOURCE)
        return 0;
    for (unsigned s = 0; s < info->num_src; s++)
        if (info->src_type[s] == TGX_TGSI_TYPE_RESOURCE)
            return 0;
    jkind k = jplan_kind(op);
    if (op == TGX_TGSI_OP_CLOCK || (k != JK_LANE && k != JK_GROUP && k != JK_RUN))
        return 0;
    *whole_run = k == JK_RUN;
    return 1;
}

static inline void jgen_block(jgen *g, jgen_filter ok, unsigned budget, int top);

static inline void jgen_if(jgen *g, jgen_filter ok, unsigned budget)
{
    char src[64];
    jgen_src(g, src, sizeof(src), 1);
    jgen_emit(g, "%s %s\n", jgen_below(g, 2) ? "IF" : "UIF", src);
    g->depth++;
    jgen_block(g, ok, budget / 2, 0);
    if (jgen_below(g, 2)) {
        jgen_emit(g, "ELSE\n");
        jgen_block(g, ok, budget / 2, 0);
    }
    g->depth--;
    jgen_emit(g, "ENDIF\n");
}

/* A loop bounded by a counter in TEMP[6 + loop depth].x, counted before any CONT can skip it. */
static inline void jgen_loop(jgen *g, jgen_filter ok, unsigned budget)
{
    unsigned c = 6 + (g->loops & 1), limit = jgen_below(g, 6);
    jgen_emit(g, "MOV TEMP[%u].x, IMM[0].wwww\n", c); /* IMM[0].w is 0 */
    jgen_emit(g, "BGNLOOP\n");
    g->depth++;
    g->loops++;
    jgen_emit(g, "UADD TEMP[%u].x, TEMP[%u].xxxx, IMM[0].zzzz\n", c, c); /* IMM[0].z is 1 */
    jgen_emit(g, "USGE TEMP[%u].y, TEMP[%u].xxxx, IMM[1].%c%c%c%c\n", c, c, "xyzw"[limit & 3],
              "xyzw"[limit & 3], "xyzw"[limit & 3], "xyzw"[limit & 3]);
    jgen_emit(g, "UIF TEMP[%u].yyyy\nBRK\nENDIF\n", c);
    jgen_block(g, ok, budget, 0);
    char src[64];
    switch (jgen_below(g, 4)) {
    case 0:
        jgen_src(g, src, sizeof(src), 1);
        jgen_emit(g, "IF %s\nCONT\nENDIF\n", src);
        break;
    case 1:
        jgen_src(g, src, sizeof(src), 1);
        jgen_emit(g, "BREAKC %s\n", src);
        break;
    case 2:
        jgen_src(g, src, sizeof(src), 1);
        jgen_emit(g, "UIF %s\nBRK\nENDIF\n", src);
        break;
    default: break;
    }
    jgen_block(g, ok, budget / 2, 0);
    g->loops--;
    g->depth--;
    jgen_emit(g, "ENDLOOP\n");
}

static inline void jgen_switch(jgen *g, jgen_filter ok, unsigned budget)
{
    char src[64];
    jgen_src(g, src, sizeof(src), 0);
    jgen_emit(g, "AND TEMP[5].x, %s, IMM[0].yyyy\n", src); /* IMM[0].y is 3 */
    jgen_emit(g, "SWITCH TEMP[5].xxxx\n");
    g->depth++;
    unsigned cases = 1 + jgen_below(g, 3), dflt = jgen_below(g, cases + 1);
    for (unsigned k = 0; k <= cases; k++) {
        if (k == dflt)
            jgen_emit(g, "DEFAULT\n");
        else
            jgen_emit(g, "CASE IMM[2].%c%c%c%c\n", "xyzw"[k & 3], "xyzw"[k & 3], "xyzw"[k & 3],
                      "xyzw"[k & 3]);
        jgen_block(g, ok, budget / (cases + 1), 0);
        if (jgen_below(g, 3))
            jgen_emit(g, "BRK\n");
    }
    g->depth--;
    jgen_emit(g, "ENDSWITCH\n");
}

static inline void jgen_call(jgen *g)
{
    if (!g->nsubs)
        return;
    unsigned s = jgen_below(g, g->nsubs);
    char src[64];
    if (jgen_below(g, 2)) {
        jgen_emit(g, "CAL @%u\n", s);
    } else {
        jgen_src(g, src, sizeof(src), 0);
        jgen_emit(g, "CALLNZ %s @%u\n", src, s);
    }
}

static inline void jgen_block(jgen *g, jgen_filter ok, unsigned budget, int top)
{
    unsigned n = 1 + jgen_below(g, budget ? budget : 1);
    for (unsigned i = 0; i < n && g->lines + g->sub_len[0] < JGEN_LINES; i++) {
        unsigned k = jgen_below(g, 40);
        char src[64];
        if (k < 3 && g->depth < 3)
            jgen_if(g, ok, budget / 2);
        else if (k < 5 && g->depth < 3 && g->loops < 2)
            jgen_loop(g, ok, budget / 2);
        else if (k < 6 && g->depth < 3)
            jgen_switch(g, ok, budget / 2);
        else if (k < 7 && g->in_sub < 0)
            jgen_call(g);
        else if (k < 8 && g->stage == 1) {
            jgen_src(g, src, sizeof(src), 1);
            jgen_emit(g, "KILL_IF %s\n", src);
        } else if (k < 9 && g->depth && g->stage == 1)
            jgen_emit(g, "%s\n", jgen_below(g, 2) ? "KILL" : "DEMOTE");
        else if (k < 10 && g->depth && jgen_below(g, 3) == 0)
            jgen_emit(g, "RET\n");
        else
            jgen_alu(g, ok, top && !g->depth && g->in_sub < 0);
    }
}

/* The whole program into g->text. */
static inline const char *jgen_program(jgen *g, jgen_filter ok, unsigned stage, unsigned size)
{
    g->stage = stage;
    g->lines = g->depth = g->loops = 0;
    g->main_len = 0;
    g->in_sub = -1;
    g->nsubs = jgen_below(g, JGEN_SUBS + 1);
    for (unsigned r = 0; r < 8; r++)
        for (unsigned c = 0; c < 4; c++)
            g->imm[r][c] = jgen_special(g);
    /* fixed words the shapes use: IMM[0].y = 3, .z = 1, .w = 0; IMM[1] loop limits; IMM[2]
     * the CASE values 0..3 */
    g->imm[0][1] = 3, g->imm[0][2] = 1, g->imm[0][3] = 0;
    for (unsigned c = 0; c < 4; c++) {
        g->imm[1][c] = jgen_below(g, 6);
        g->imm[2][c] = c;
    }
    for (unsigned k = 0; k < 32; k++)
        g->cbuf[k] = jgen_special(g);
    for (unsigned s = 0; s < g->nsubs; s++) {
        g->in_sub = (int)s;
        g->subs_len[s] = 0;
        g->sub_len[s] = 0;
        jgen_emit(g, "BGNSUB\n");
        jgen_block(g, ok, size / 2, 0);
        jgen_emit(g, "ENDSUB\n");
    }
    g->in_sub = -1;
    jgen_block(g, ok, size, 1);
    jgen_emit(g, "END\n");
    /* the header, main, then the subroutines; CAL @s becomes the label of subroutine s */
    static const char *procs[] = {"VERT", "FRAG", "COMP"};
    size_t n = (size_t)snprintf(g->text, sizeof(g->text), "%s\n", procs[stage]);
    if (stage == 2)
        n += (size_t)snprintf(g->text + n, sizeof(g->text) - n,
                              "PROPERTY CS_FIXED_BLOCK_WIDTH 12\nPROPERTY CS_FIXED_BLOCK_HEIGHT "
                              "1\nPROPERTY CS_FIXED_BLOCK_DEPTH 1\nDCL SV[0], THREAD_ID\n");
    else
        n += (size_t)snprintf(g->text + n, sizeof(g->text) - n, "DCL IN[0..3]\n");
    n += (size_t)snprintf(g->text + n, sizeof(g->text) - n,
                          "DCL OUT[0..1]\nDCL TEMP[0..7]\nDCL ADDR[0]\nDCL CONST[0][0..7]\n");
    for (unsigned r = 0; r < 8; r++)
        n += (size_t)snprintf(g->text + n, sizeof(g->text) - n, "IMM[%u] UINT32 {%u, %u, %u, %u}\n",
                              r, g->imm[r][0], g->imm[r][1], g->imm[r][2], g->imm[r][3]);
    unsigned label[JGEN_SUBS], at = g->lines;
    for (unsigned s = 0; s < g->nsubs; s++) {
        label[s] = at;
        at += g->sub_len[s];
    }
    for (unsigned part = 0; part <= g->nsubs; part++) {
        const char *t = part ? g->subs[part - 1] : g->main;
        size_t len = part ? g->subs_len[part - 1] : g->main_len;
        for (size_t i = 0; i < len && n + 16 < sizeof(g->text); i++) {
            if (t[i] == '@') {
                unsigned s = (unsigned)(t[i + 1] - '0');
                n += (size_t)snprintf(g->text + n, sizeof(g->text) - n, ":%u", label[s]);
                i++;
            } else {
                g->text[n++] = t[i];
            }
        }
    }
    g->text[n] = 0;
    return g->text;
}

#endif
