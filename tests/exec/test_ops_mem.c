/* Memory opcodes in compute shaders: LOAD/STORE on BUFFER (write masks, out-of-range words),
 * MEMORY (shared) with BARRIER, the 2013 RES[] RAW buffer form, every ATOM* opcode on buffers and
 * shared memory (the returned value is the old one: spec "dst_i = resource[offset]_i"), RESQ,
 * MFENCE/LFENCE/SFENCE/MEMBAR, and the compute system values.
 *
 * Expected values: the spec's formulas (Resource Access and Atomic opcodes), Mesa's tgsi_exec
 * (exec_load_membuf / exec_store_membuf / exec_atomop_membuf / exec_resq_buf) where the spec
 * says "unspecified": a LOAD whose words do not all fit reads 0 in every channel; a STORE writes
 * the channels that fit. Channel c of a LOAD or STORE is the word at address + 4c (spec RAW
 * resources: "the values read for each of the channels (X,Y,Z,W) will correspond to consecutive
 * words"; Mesa), so a LOAD into .y reads the second word. ATOMINC_WRAP / ATOMDEC_WRAP (Mesa-only
 * opcodes, NIR's atomic_inc_wrap / atomic_dec_wrap): old >= src ? 0 : old + 1, and (old == 0 || old
 * > src) ? src : old - 1. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "ops_harness.h"
#include "tgx/exec.h"
#include "tgx/tex.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

static int run_block(run *r, uint32_t bx, uint32_t by, uint32_t gx, uint32_t gy)
{
    const uint32_t block[3] = {bx, by, 0}, grid[3] = {gx, gy, 1};
    tgx_status st = tgx_exec_run_compute(r->m, block, grid, &r->d);
    TGX_CHECK(st == TGX_OK, "compute run: %s", r->d.message);
    return st == TGX_OK;
}

/* ---- LOAD / STORE on buffers, system values
 * ------------------------------------------------------ */

/* 8 threads (4 x 2). Thread t (t = y * 4 + x): loads the 4 words at 16t of BUFFER[0], stores
 * them reversed at 64t of BUFFER[1]; stores THREAD_ID.xz at 64t + 16 (.y .w keep the fill),
 * BLOCK_ID at 64t + 32, GRID_SIZE at 64t + 48; thread 0 also loads .xy at 124 of BUFFER[0] (one
 * word past the end: both read 0) and .x at 124 (the last word), and stores .xy at 60 of
 * BUFFER[2] (64 bytes: only x fits). */
static void test_load_store(void)
{
    const char *text = "COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 4\nPROPERTY CS_FIXED_BLOCK_HEIGHT 2\n"
                       "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
                       "DCL SV[0], THREAD_ID\nDCL SV[1], BLOCK_ID\nDCL SV[2], BLOCK_SIZE\n"
                       "DCL SV[3], GRID_SIZE\nDCL BUFFER[0]\nDCL BUFFER[1]\nDCL BUFFER[2]\n"
                       "DCL TEMP[0..4]\n"
                       "IMM[0] UINT32 {16, 64, 32, 48}\n"
                       "IMM[1] UINT32 {124, 60, 0, 0}\n"
                       "  0: UMAD TEMP[0].x, SV[0].yyyy, SV[2].xxxx, SV[0].xxxx\n"
                       "  1: UMUL TEMP[0].y, TEMP[0].xxxx, IMM[0].xxxx\n"
                       "  2: LOAD TEMP[1], BUFFER[0], TEMP[0].yyyy\n"
                       "  3: UMUL TEMP[0].z, TEMP[0].xxxx, IMM[0].yyyy\n"
                       "  4: STORE BUFFER[1], TEMP[0].zzzz, TEMP[1].wzyx\n"
                       "  5: UADD TEMP[0].w, TEMP[0].zzzz, IMM[0].xxxx\n"
                       "  6: STORE BUFFER[1].xz, TEMP[0].wwww, SV[0]\n"
                       "  7: UADD TEMP[0].w, TEMP[0].zzzz, IMM[0].zzzz\n"
                       "  8: STORE BUFFER[1], TEMP[0].wwww, SV[1]\n"
                       "  9: UADD TEMP[0].w, TEMP[0].zzzz, IMM[0].wwww\n"
                       " 10: STORE BUFFER[1], TEMP[0].wwww, SV[3]\n"
                       " 11: USEQ TEMP[2].x, TEMP[0].xxxx, IMM[1].zzzz\n"
                       " 12: UIF TEMP[2].xxxx :19\n"
                       " 13:   LOAD TEMP[3].xy, BUFFER[0], IMM[1].xxxx\n"
                       " 14:   LOAD TEMP[4].x, BUFFER[0], IMM[1].xxxx\n"
                       " 15:   MOV TEMP[3].z, TEMP[4].xxxx\n"
                       " 16:   STORE BUFFER[2].xyz, IMM[1].zzzz, TEMP[3]\n"
                       " 17:   STORE BUFFER[2].xy, IMM[1].yyyy, IMM[0]\n"
                       " 18:   MFENCE BUFFER[2]\n"
                       " 19: ENDIF\n"
                       " 20: END\n";
    run r;
    if (!run_open(&r, text, 8, "LOAD/STORE")) {
        run_close(&r);
        return;
    }
    uint32_t in[32], out[128], small[16];
    for (unsigned i = 0; i < 32; i++)
        in[i] = 0x1000u * i + 7u;
    for (unsigned i = 0; i < 128; i++)
        out[i] = 0xeeeeeeeeu;
    for (unsigned i = 0; i < 16; i++)
        small[i] = 0xddddddddu;
    TGX_CHECK(tgx_exec_bind_buffer(r.m, 0, in, sizeof(in)) == TGX_OK, "bind");
    TGX_CHECK(tgx_exec_bind_buffer(r.m, 1, out, sizeof(out)) == TGX_OK, "bind");
    TGX_CHECK(tgx_exec_bind_buffer(r.m, 2, small, sizeof(small)) == TGX_OK, "bind");
    if (run_block(&r, 3, 1, 5, 2)) {
        for (unsigned t = 0; t < 8; t++) {
            uint32_t *o = out + 16 * t;
            for (unsigned c = 0; c < 4; c++)
                TGX_CHECK(o[c] == in[4 * t + 3 - c], "thread %u: reversed word %u = 0x%x", t, c,
                          o[c]);
            uint32_t tid[4] = {t % 4, t / 4, 0, 0xeeeeeeeeu};
            TGX_CHECK(o[4] == tid[0] && o[5] == 0xeeeeeeeeu && o[6] == tid[2] &&
                          o[7] == 0xeeeeeeeeu,
                      "thread %u: STORE .xz of THREAD_ID (%u %x %u %x)", t, o[4], o[5], o[6], o[7]);
            TGX_CHECK(o[8] == 3 && o[9] == 1 && o[10] == 0, "thread %u: BLOCK_ID (%u, %u, %u)", t,
                      o[8], o[9], o[10]);
            TGX_CHECK(o[12] == 5 && o[13] == 2 && o[14] == 1, "thread %u: GRID_SIZE (%u, %u, %u)",
                      t, o[12], o[13], o[14]);
        }
        /* Mesa exec_load_membuf: 8 bytes at 124 of 128 do not fit -> 0, 0 */
        TGX_CHECK(small[0] == 0 && small[1] == 0, "LOAD .xy past the end = (0x%x, 0x%x), want 0",
                  small[0], small[1]);
        TGX_CHECK(small[2] == in[31], "LOAD .x of the last word = 0x%x", small[2]);
        /* Mesa exec_store_membuf: 4 bytes left at 60 -> x stored, y dropped */
        TGX_CHECK(small[15] == 16, "STORE .x at the last word = %u", small[15]);
    }
    run_close(&r);
}

/* ---- shared memory and BARRIER
 * -------------------------------------------------------------------- */

/* Thread t writes t*t + 1 to shared[4t], passes a BARRIER, reads shared[4((t+1) % 8)] and
 * shared[4((t+7) % 8)], writes their sum to BUFFER[0][t]. A second block shows that shared memory
 * starts at 0 (a thread reads shared word 8 + 4t before anyone writes it) and that LFENCE /
 * SFENCE / MEMBAR run as no-ops. */
static void test_shared(void)
{
    const char *text =
        "COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 8\nPROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
        "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
        "DCL SV[0], THREAD_ID\nDCL BUFFER[0]\nDCL MEMORY[0], SHARED\nDCL TEMP[0..4]\n"
        "IMM[0] UINT32 {4, 1, 7, 8}\n"
        "IMM[1] UINT32 {128, 0, 0, 0}\n"
        "  0: UMUL TEMP[0].x, SV[0].xxxx, IMM[0].xxxx\n"
        "  1: UADD TEMP[0].y, TEMP[0].xxxx, IMM[1].xxxx\n"
        "  2: LOAD TEMP[3].x, MEMORY[0], TEMP[0].yyyy\n"
        "  3: UMAD TEMP[1].x, SV[0].xxxx, SV[0].xxxx, IMM[0].yyyy\n"
        "  4: STORE MEMORY[0].x, TEMP[0].xxxx, TEMP[1].xxxx\n"
        "  5: SFENCE MEMORY[0]\n"
        "  6: MEMBAR IMM[0].wwww\n"
        "  7: BARRIER\n"
        "  8: LFENCE MEMORY[0]\n"
        "  9: UADD TEMP[2].x, SV[0].xxxx, IMM[0].yyyy\n"
        " 10: AND TEMP[2].x, TEMP[2].xxxx, IMM[0].zzzz\n"
        " 11: UMUL TEMP[2].x, TEMP[2].xxxx, IMM[0].xxxx\n"
        " 12: LOAD TEMP[1].x, MEMORY[0], TEMP[2].xxxx\n"
        " 13: UADD TEMP[2].x, SV[0].xxxx, IMM[0].zzzz\n"
        " 14: AND TEMP[2].x, TEMP[2].xxxx, IMM[0].zzzz\n"
        " 15: UMUL TEMP[2].x, TEMP[2].xxxx, IMM[0].xxxx\n"
        " 16: LOAD TEMP[4].x, MEMORY[0], TEMP[2].xxxx\n"
        " 17: UADD TEMP[1].w, TEMP[1].xxxx, TEMP[4].xxxx\n"
        " 18: STORE BUFFER[0].x, TEMP[0].xxxx, TEMP[1].wwww\n"
        " 19: UADD TEMP[0].z, TEMP[0].xxxx, IMM[1].xxxx\n"
        " 20: STORE BUFFER[0].x, TEMP[0].zzzz, TEMP[3].xxxx\n"
        " 21: STORE MEMORY[0].x, TEMP[0].yyyy, IMM[0].wwww\n"
        " 22: END\n";
    run r;
    if (!run_open(&r, text, 8, "shared")) {
        run_close(&r);
        return;
    }
    uint32_t out[64];
    TGX_CHECK(tgx_exec_bind_buffer(r.m, 0, out, sizeof(out)) == TGX_OK, "bind");
    for (unsigned pass = 0; pass < 2; pass++) {
        for (unsigned i = 0; i < 64; i++)
            out[i] = 0xeeeeeeeeu;
        const uint32_t b = pass;
        if (!run_block(&r, b, 0, 2, 1))
            break;
        for (unsigned t = 0; t < 8; t++) {
            uint32_t n1 = (t + 1) % 8, n7 = (t + 7) % 8;
            uint32_t want = (n1 * n1 + 1) + (n7 * n7 + 1);
            TGX_CHECK(out[t] == want, "block %u thread %u: shared neighbours sum %u, want %u", b, t,
                      out[t], want);
            /* shared memory is zeroed at the start of every block (exec.h), even after the
             * previous block wrote word 32 + t */
            TGX_CHECK(out[32 + t] == 0, "block %u thread %u: fresh shared word = 0x%x", b, t,
                      out[32 + t]);
        }
    }
    run_close(&r);
}

/* ---- atomics ------------------------------------------------------------------------------------
 */

typedef struct atom {
    const char *op;
    uint32_t (*f)(uint32_t old, uint32_t a, uint32_t b);
    int cas;
} atom;

static int32_t S(uint32_t u)
{
    int32_t i;
    memcpy(&i, &u, 4);
    return i;
}
static uint32_t a_add(uint32_t o, uint32_t a, uint32_t b)
{
    (void)b;
    return o + a;
}
static uint32_t a_xchg(uint32_t o, uint32_t a, uint32_t b)
{
    (void)o, (void)b;
    return a;
}
static uint32_t a_cas(uint32_t o, uint32_t a, uint32_t b)
{
    return o == a ? b : o;
}
static uint32_t a_and(uint32_t o, uint32_t a, uint32_t b)
{
    (void)b;
    return o & a;
}
static uint32_t a_or(uint32_t o, uint32_t a, uint32_t b)
{
    (void)b;
    return o | a;
}
static uint32_t a_xor(uint32_t o, uint32_t a, uint32_t b)
{
    (void)b;
    return o ^ a;
}
static uint32_t a_umin(uint32_t o, uint32_t a, uint32_t b)
{
    (void)b;
    return o < a ? o : a;
}
static uint32_t a_umax(uint32_t o, uint32_t a, uint32_t b)
{
    (void)b;
    return o > a ? o : a;
}
static uint32_t a_imin(uint32_t o, uint32_t a, uint32_t b)
{
    (void)b;
    return S(o) < S(a) ? o : a;
}
static uint32_t a_imax(uint32_t o, uint32_t a, uint32_t b)
{
    (void)b;
    return S(o) > S(a) ? o : a;
}
static uint32_t a_fadd(uint32_t o, uint32_t a, uint32_t b)
{
    (void)b;
    return B(tgx_bits2f(o) + tgx_bits2f(a));
}
static uint32_t a_inc(uint32_t o, uint32_t a, uint32_t b)
{
    (void)b;
    return o >= a ? 0u : o + 1u;
}
static uint32_t a_dec(uint32_t o, uint32_t a, uint32_t b)
{
    (void)b;
    return (o == 0 || o > a) ? a : o - 1u;
}

static const atom atoms[] = {
    {"ATOMUADD", a_add, 0},     {"ATOMXCHG", a_xchg, 0}, {"ATOMCAS", a_cas, 1},
    {"ATOMAND", a_and, 0},      {"ATOMOR", a_or, 0},     {"ATOMXOR", a_xor, 0},
    {"ATOMUMIN", a_umin, 0},    {"ATOMUMAX", a_umax, 0}, {"ATOMIMIN", a_imin, 0},
    {"ATOMIMAX", a_imax, 0},    {"ATOMFADD", a_fadd, 0}, {"ATOMINC_WRAP", a_inc, 0},
    {"ATOMDEC_WRAP", a_dec, 0},
};

/* Thread t applies the atomic to word t of BUFFER[0] and to shared word t (initialised from the
 * same values by the threads themselves), with operand a = BUFFER[1][t] (CAS: compare a, value
 * BUFFER[2][t]); the returned old values go to BUFFER[3][t] and BUFFER[3][8 + t]; the shared
 * result is copied to BUFFER[3][16 + t]. */
static void atom_case(const atom *at)
{
    char text[2048];
    snprintf(text, sizeof(text),
             "COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 8\nPROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
             "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
             "DCL SV[0], THREAD_ID\nDCL BUFFER[0]\nDCL BUFFER[1]\nDCL BUFFER[2]\nDCL BUFFER[3]\n"
             "DCL MEMORY[0], SHARED\nDCL TEMP[0..5]\n"
             "IMM[0] UINT32 {4, 32, 64, 0}\n"
             "  0: UMUL TEMP[0].x, SV[0].xxxx, IMM[0].xxxx\n"
             "  1: LOAD TEMP[1].x, BUFFER[0], TEMP[0].xxxx\n"
             "  2: STORE MEMORY[0].x, TEMP[0].xxxx, TEMP[1].xxxx\n"
             "  3: LOAD TEMP[2].x, BUFFER[1], TEMP[0].xxxx\n"
             "  4: LOAD TEMP[3].x, BUFFER[2], TEMP[0].xxxx\n"
             "  5: %s TEMP[4].x, BUFFER[0], TEMP[0].xxxx, TEMP[2].xxxx%s\n"
             "  6: %s TEMP[5].x, MEMORY[0], TEMP[0].xxxx, TEMP[2].xxxx%s\n"
             "  7: STORE BUFFER[3].x, TEMP[0].xxxx, TEMP[4].xxxx\n"
             "  8: UADD TEMP[0].y, TEMP[0].xxxx, IMM[0].yyyy\n"
             "  9: STORE BUFFER[3].x, TEMP[0].yyyy, TEMP[5].xxxx\n"
             " 10: LOAD TEMP[1].x, MEMORY[0], TEMP[0].xxxx\n"
             " 11: UADD TEMP[0].z, TEMP[0].xxxx, IMM[0].zzzz\n"
             " 12: STORE BUFFER[3].x, TEMP[0].zzzz, TEMP[1].xxxx\n"
             " 13: END\n",
             at->op, at->cas ? ", TEMP[3].xxxx" : "", at->op, at->cas ? ", TEMP[3].xxxx" : "");
    run r;
    if (!run_open(&r, text, 8, at->op)) {
        run_close(&r);
        return;
    }
    int fl = !strcmp(at->op, "ATOMFADD");
    uint32_t mem[8], a[8], b[8], res[24], orig[8];
    static const uint32_t iv[8] = {0, 5, 0xffffffffu, 0x80000000u, 7, 100, 3, 0x12345678u};
    static const uint32_t av[8] = {3, 5, 1, 0x7fffffffu, 7, 0, 0xfffffff0u, 0x0000ffffu};
    static const float fv[8] = {1.5f, -2.0f, 0.25f, 1e30f, 0.0f, 3.0f, -0.5f, 8.0f};
    static const float fa[8] = {2.25f, 2.0f, 0.125f, -1e30f, -0.0f, 0.1f, 0.5f, 1e-8f};
    for (unsigned t = 0; t < 8; t++) {
        mem[t] = orig[t] = fl ? B(fv[t]) : iv[t];
        a[t] = fl ? B(fa[t]) : av[t];
        b[t] = 0xabcd0000u + t;
    }
    for (unsigned i = 0; i < 24; i++)
        res[i] = 0xeeeeeeeeu;
    tgx_exec_bind_buffer(r.m, 0, mem, sizeof(mem));
    tgx_exec_bind_buffer(r.m, 1, a, sizeof(a));
    tgx_exec_bind_buffer(r.m, 2, b, sizeof(b));
    tgx_exec_bind_buffer(r.m, 3, res, sizeof(res));
    static const uint32_t zero[3] = {0, 0, 0}, one[3] = {1, 1, 1};
    TGX_CHECK(tgx_exec_run_compute(r.m, zero, one, &r.d) == TGX_OK, "%s: run: %s", at->op,
              r.d.message);
    for (unsigned t = 0; t < 8; t++) {
        uint32_t want = at->f(orig[t], a[t], b[t]);
        TGX_CHECK(mem[t] == want, "%s buffer word %u: 0x%x op 0x%x = 0x%x, want 0x%x", at->op, t,
                  orig[t], a[t], mem[t], want);
        TGX_CHECK(res[t] == orig[t], "%s buffer returns the old value, thread %u: 0x%x", at->op, t,
                  res[t]);
        TGX_CHECK(res[8 + t] == orig[t], "%s shared returns the old value, thread %u: 0x%x", at->op,
                  t, res[8 + t]);
        TGX_CHECK(res[16 + t] == want, "%s shared word %u = 0x%x, want 0x%x", at->op, t,
                  res[16 + t], want);
    }
    run_close(&r);
}

/* All 8 threads add 1 + t to the same word (buffer and shared): the total is order-free and the
 * returned old values are the partial sums of some order of the threads. */
static void test_atomic_contention(void)
{
    const char *text = "COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 8\nPROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
                       "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
                       "DCL SV[0], THREAD_ID\nDCL BUFFER[0]\nDCL BUFFER[1]\n"
                       "DCL MEMORY[0], SHARED\nDCL TEMP[0..2]\n"
                       "IMM[0] UINT32 {4, 1, 0, 32}\n"
                       "  0: UADD TEMP[0].x, SV[0].xxxx, IMM[0].yyyy\n"
                       "  1: ATOMUADD TEMP[1].x, BUFFER[0], IMM[0].zzzz, TEMP[0].xxxx\n"
                       "  2: ATOMUADD TEMP[1].y, MEMORY[0], IMM[0].zzzz, TEMP[0].xxxx\n"
                       "  3: UMUL TEMP[2].x, SV[0].xxxx, IMM[0].xxxx\n"
                       "  4: STORE BUFFER[1].x, TEMP[2].xxxx, TEMP[1].xxxx\n"
                       "  5: UADD TEMP[2].y, TEMP[2].xxxx, IMM[0].wwww\n"
                       "  6: STORE BUFFER[1].x, TEMP[2].yyyy, TEMP[1].yyyy\n"
                       "  7: BARRIER\n"
                       "  8: LOAD TEMP[2].x, MEMORY[0], IMM[0].zzzz\n"
                       "  9: STORE BUFFER[1].x, IMM[0].wwww, TEMP[2].xxxx\n"
                       " 10: END\n";
    run r;
    if (!run_open(&r, text, 8, "atomic contention")) {
        run_close(&r);
        return;
    }
    uint32_t word = 1000, res[16];
    tgx_exec_bind_buffer(r.m, 0, &word, sizeof(word));
    tgx_exec_bind_buffer(r.m, 1, res, sizeof(res));
    static const uint32_t zero[3] = {0, 0, 0}, one[3] = {1, 1, 1};
    TGX_CHECK(tgx_exec_run_compute(r.m, zero, one, &r.d) == TGX_OK, "run: %s", r.d.message);
    TGX_CHECK(word == 1000 + 36, "buffer total = %u, want 1036 (1 + ... + 8 added)", word);
    /* buffer: sorted by old value, each thread's old value is the previous one plus the
     * previous thread's addend (one serial order of the 8 additions) */
    unsigned order[8];
    for (unsigned t = 0; t < 8; t++)
        order[t] = t;
    for (unsigned i = 0; i < 8; i++)
        for (unsigned j = i + 1; j < 8; j++)
            if (res[order[j]] < res[order[i]]) {
                unsigned tmp = order[i];
                order[i] = order[j];
                order[j] = tmp;
            }
    uint32_t expect = 1000;
    for (unsigned i = 0; i < 8; i++) {
        TGX_CHECK(res[order[i]] == expect, "old values form a serial order: %u, want %u",
                  res[order[i]], expect);
        expect += order[i] + 1;
    }
    /* shared: thread 0's old value was overwritten by the total (same word); the others lie in
     * range */
    for (unsigned t = 1; t < 8; t++)
        TGX_CHECK(res[8 + t] <= 36 - (t + 1), "shared old value %u of thread %u", res[8 + t], t);
    TGX_CHECK(res[8] == 36, "shared total = %u, want 36", res[8]);
    run_close(&r);
}

/* ---- RESQ, RES RAW buffers ----------------------------------------------------------------------
 */

static void test_resq_raw(void)
{
    const char *text = "COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 4\nPROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
                       "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
                       "DCL SV[0], THREAD_ID\nDCL BUFFER[0]\nDCL RES[0], BUFFER, RAW, WR\n"
                       "DCL TEMP[0..2]\n"
                       "IMM[0] UINT32 {4, 16, 0, 0}\n"
                       "  0: RESQ TEMP[0].x, BUFFER[0]\n"
                       "  1: UMUL TEMP[1].x, SV[0].xxxx, IMM[0].xxxx\n"
                       "  2: STORE BUFFER[0].x, TEMP[1].xxxx, TEMP[0].xxxx\n"
                       "  3: UMUL TEMP[1].y, SV[0].xxxx, IMM[0].yyyy\n"
                       "  4: LOAD TEMP[2], RES[0], TEMP[1].yyyy\n"
                       "  5: UADD TEMP[2], TEMP[2], SV[0].xxxx\n"
                       "  6: STORE RES[0].yw, TEMP[1].yyyy, TEMP[2]\n"
                       "  7: END\n";
    run r;
    if (!run_open(&r, text, 4, "RESQ/RES")) {
        run_close(&r);
        return;
    }
    uint32_t buf[8] = {0}, raw[16];
    for (unsigned i = 0; i < 16; i++)
        raw[i] = 100u * i;
    TGX_CHECK(tgx_exec_bind_buffer(r.m, 0, buf, sizeof(buf)) == TGX_OK, "bind");
    TGX_CHECK(tgx_exec_bind_raw_resource(r.m, 0, raw, sizeof(raw)) == TGX_OK, "bind RES");
    static const uint32_t zero[3] = {0, 0, 0}, one[3] = {1, 1, 1};
    TGX_CHECK(tgx_exec_run_compute(r.m, zero, one, &r.d) == TGX_OK, "run: %s", r.d.message);
    for (unsigned t = 0; t < 4; t++) {
        /* RESQ of a buffer: its size in bytes in .x (Mesa exec_resq_buf) */
        TGX_CHECK(buf[t] == sizeof(buf), "RESQ thread %u = %u, want %u", t, buf[t],
                  (unsigned)sizeof(buf));
        for (unsigned c = 0; c < 4; c++) {
            uint32_t orig = 100u * (4 * t + c);
            uint32_t want = (c & 1) ? orig + t : orig;
            TGX_CHECK(raw[4 * t + c] == want, "RES RAW thread %u word %u = %u, want %u", t, c,
                      raw[4 * t + c], want);
        }
    }
    run_close(&r);
}

/* ---- images
 * --------------------------------------------------------------------------------------- */

/* IMAGE[0]: 4x2 R32_UINT, texel (x, y) = 10x + y. IMAGE[1]: 4x2 RGBA8_UNORM. Thread (x, y):
 * LOAD of IMAGE[0] gives (r, 0, 0, 1) (the spec's R layout: (r, 0, 0, 1)); ATOMUADD adds 1000 and
 * returns the old value; STORE writes (0.2, 1.0, -1.0, 2.0) converted to UNORM8 (clamp, round:
 * 51, 255, 0, 255) into IMAGE[1] at (x, y), except that threads with x = 3 store at x = 4, out
 * of range, which writes nothing; RESQ gives the size. */
static void test_images(void)
{
    const char *text = "COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 4\nPROPERTY CS_FIXED_BLOCK_HEIGHT 2\n"
                       "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
                       "DCL SV[0], THREAD_ID\nDCL BUFFER[0]\n"
                       "DCL IMAGE[0], 2D, PIPE_FORMAT_R32_UINT, WR\n"
                       "DCL IMAGE[1], 2D, PIPE_FORMAT_R8G8B8A8_UNORM, WR\nDCL TEMP[0..4]\n"
                       "IMM[0] UINT32 {1000, 4, 16, 3}\n"
                       "IMM[1] FLT32 {0.2, 1.0, -1.0, 2.0}\n"
                       "IMM[2] UINT32 {128, 0, 0, 0}\n"
                       "  0: LOAD TEMP[0], IMAGE[0], SV[0].xyyy, 2D, PIPE_FORMAT_R32_UINT\n"
                       "  1: ATOMUADD TEMP[1].x, IMAGE[0], SV[0].xyyy, IMM[0].xxxx, 2D, "
                       "PIPE_FORMAT_R32_UINT\n"
                       "  2: MOV TEMP[2], SV[0]\n"
                       "  3: USEQ TEMP[3].x, SV[0].xxxx, IMM[0].wwww\n"
                       "  4: UIF TEMP[3].xxxx :6\n"
                       "  5:   MOV TEMP[2].x, IMM[0].yyyy\n"
                       "  6: ENDIF\n"
                       "  7: STORE IMAGE[1], TEMP[2].xyyy, IMM[1], 2D, PIPE_FORMAT_R8G8B8A8_UNORM\n"
                       "  8: RESQ TEMP[4].xy, IMAGE[1]\n"
                       "  9: UMAD TEMP[3].y, SV[0].yyyy, IMM[0].yyyy, SV[0].xxxx\n"
                       " 10: UMUL TEMP[3].y, TEMP[3].yyyy, IMM[0].zzzz\n"
                       " 11: MOV TEMP[0].y, TEMP[1].xxxx\n"
                       " 12: MOV TEMP[0].z, TEMP[4].xxxx\n"
                       " 13: MOV TEMP[4].x, TEMP[0].wwww\n"
                       " 14: MOV TEMP[0].w, TEMP[4].yyyy\n"
                       " 15: STORE BUFFER[0], TEMP[3].yyyy, TEMP[0]\n"
                       " 16: STORE BUFFER[0].x, IMM[2].xxxx, TEMP[4].xxxx\n"
                       " 17: END\n";
    run r;
    if (!run_open(&r, text, 8, "images")) {
        run_close(&r);
        return;
    }
    tgx_tex *a = NULL, *b = NULL;
    tgx_diag d;
    tgx_tex_desc da = {TGX_TEX_2D, TGX_TEX_FORMAT_R32_UINT, 4, 2, 1, 1, 1};
    tgx_tex_desc db = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 4, 2, 1, 1, 1};
    if (tgx_tex_create(&da, &a, &d) != TGX_OK || tgx_tex_create(&db, &b, &d) != TGX_OK) {
        TGX_CHECK(0, "image create: %s", d.message);
    } else {
        for (unsigned y = 0; y < 2; y++)
            for (unsigned x = 0; x < 4; x++) {
                uint32_t w[4] = {10 * x + y, 0, 0, 0}, z[4] = {0, 0, 0, 0};
                tgx_tex_store_texel(a, 0, x, y, 0, 0, w);
                tgx_tex_store_texel(b, 0, x, y, 0, 0, z);
            }
        uint32_t out[36];
        memset(out, 0xee, sizeof(out));
        TGX_CHECK(tgx_exec_bind_image(r.m, 0, a, 0) == TGX_OK, "bind image 0");
        TGX_CHECK(tgx_exec_bind_image(r.m, 1, b, 0) == TGX_OK, "bind image 1");
        TGX_CHECK(tgx_exec_bind_buffer(r.m, 0, out, sizeof(out)) == TGX_OK, "bind buffer");
        static const uint32_t zero[3] = {0, 0, 0}, one[3] = {1, 1, 1};
        TGX_CHECK(tgx_exec_run_compute(r.m, zero, one, &r.d) == TGX_OK, "run: %s", r.d.message);
        for (unsigned y = 0; y < 2; y++)
            for (unsigned x = 0; x < 4; x++) {
                const uint32_t *o = out + 4 * (4 * y + x);
                uint32_t orig = 10 * x + y;
                TGX_CHECK(o[0] == orig, "image LOAD (%u,%u).x = %u, want %u", x, y, o[0], orig);
                TGX_CHECK(o[1] == orig, "image ATOMUADD returns the old value (%u,%u): %u", x, y,
                          o[1]);
                TGX_CHECK(o[2] == 4, "RESQ width = %u", o[2]);
                TGX_CHECK(o[3] == 2, "RESQ height = %u", o[3]);
                uint32_t t[4];
                tgx_tex_load_texel(a, 0, x, y, 0, 0, t);
                TGX_CHECK(t[0] == orig + 1000, "image atomic result (%u,%u) = %u", x, y, t[0]);
                tgx_tex_load_texel(b, 0, x, y, 0, 0, t);
                /* UNORM8 of (0.2, 1, -1, 2): 51/255, 1, 0, 1 (decoded back to floats) */
                float want[4] = {51.0f / 255.0f, 1.0f, 0.0f, 1.0f};
                for (unsigned c = 0; c < 4; c++) {
                    float w = x == 3 ? 0.0f : want[c];
                    TGX_CHECK(fabsf(tgx_bits2f(t[c]) - w) < 1e-6f,
                              "image STORE (%u,%u) .%c = %g, want %g", x, y, "xyzw"[c],
                              (double)tgx_bits2f(t[c]), (double)w);
                }
            }
        /* the (r, 0, 0, 1) layout: .w of thread 0's LOAD is 1 */
        TGX_CHECK(out[32] == 1, "image LOAD .w of an R32UI image = %u, want 1", out[16]);
    }
    tgx_tex_destroy(a);
    tgx_tex_destroy(b);
    run_close(&r);
}

/* ---- indirect buffer indices ------------------------------------------------------------------
 * Mesa 22.3 tgsi_exec: LOAD / STORE on BUFFER[ADDR[0].x] take the unit from fetch_sampler_unit /
 * fetch_store_img_unit, per group of four lanes: base + the address of the first of the four
 * whose execution-mask bit is set, for all four. Units outside 0..31 read 0 and write nothing
 * (docs/exec.md). 16 threads = 4 groups; thread t reads its address from BUFFER[3][t]. Group 0:
 * addresses (1, 0, 0, 0) -> buffer 1 for all four; group 1: thread 4 is masked off, thread 5's
 * address 1 -> buffer 1 for threads 5..7 (per lane 6 and 7 would use buffer 0); groups 2 and 3:
 * units 40 and -1. Each thread stores what it loaded (word 0 of its unit) to BUFFER[2][t], then
 * its id to word t of its unit. */
static void test_indirect_buffers(void)
{
    const char *text = "COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 16\nPROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
                       "PROPERTY CS_FIXED_BLOCK_DEPTH 1\nDCL SV[0], THREAD_ID\nDCL BUFFER[0..3]\n"
                       "DCL ADDR[0]\nDCL TEMP[0..1]\nIMM[0] UINT32 {4, 0, 16, 0}\n"
                       "  0: UMUL TEMP[0].x, SV[0].xxxx, IMM[0].xxxx\n"
                       "  1: LOAD TEMP[1].x, BUFFER[3], TEMP[0].xxxx\n"
                       "  2: UARL ADDR[0].x, TEMP[1].xxxx\n"
                       "  3: USNE TEMP[0].z, TEMP[0].xxxx, IMM[0].zzzz\n"
                       "  4: UIF TEMP[0].zzzz\n"
                       "  5:   LOAD TEMP[1].x, BUFFER[ADDR[0].x], IMM[0].yyyy\n"
                       "  6:   STORE BUFFER[2].x, TEMP[0].xxxx, TEMP[1].xxxx\n"
                       "  7:   STORE BUFFER[ADDR[0].x].x, TEMP[0].xxxx, SV[0].xxxx\n"
                       "  8: ENDIF\n"
                       "  9: END\n";
    run r;
    if (!run_open(&r, text, 16, "indirect BUFFER")) {
        run_close(&r);
        return;
    }
    uint32_t buf[2][16], res[16];
    static const int32_t addr[16] = {1, 0, 0, 0, 0, 1, 0, 0, 40, 0, 0, 0, -1, 0, 0, 0};
    for (unsigned i = 0; i < 16; i++)
        buf[0][i] = buf[1][i] = res[i] = 0xeeeeeeeeu;
    buf[0][0] = 0xa0;
    buf[1][0] = 0xb0;
    tgx_exec_bind_buffer(r.m, 0, buf[0], sizeof(buf[0]));
    tgx_exec_bind_buffer(r.m, 1, buf[1], sizeof(buf[1]));
    tgx_exec_bind_buffer(r.m, 2, res, sizeof(res));
    tgx_exec_bind_buffer(r.m, 3, (void *)(uintptr_t)addr, sizeof(addr));
    if (run_block(&r, 0, 0, 1, 1)) {
        for (unsigned t = 0; t < 16; t++) {
            uint32_t want = t == 4 ? 0xeeeeeeeeu : (t < 8 ? 0xb0u : 0u);
            TGX_CHECK(res[t] == want, "thread %u loaded 0x%x, want 0x%x", t, res[t], want);
        }
        for (unsigned i = 0; i < 16; i++) {
            uint32_t want1 = (i < 8 && i != 4) ? i : (i == 0 ? 0xb0u : 0xeeeeeeeeu);
            uint32_t want0 = i == 0 ? 0xa0u : 0xeeeeeeeeu;
            TGX_CHECK(buf[1][i] == want1, "buffer 1 word %u = 0x%x, want 0x%x", i, buf[1][i],
                      want1);
            TGX_CHECK(buf[0][i] == want0, "buffer 0 word %u = 0x%x, want 0x%x", i, buf[0][i],
                      want0);
        }
    }
    run_close(&r);
}

/* ---- _SAT on memory results -------------------------------------------------------------------
 * Mesa 22.3's tgsi_exec stores the results of LOAD (exec_load_buf / _img / _mem, or
 * exec_load_membuf), the atomics (exec_atomop_*) and RESQ (exec_resq_*) through store_dest, whose
 * saturate is fminf(fmaxf(x, 0), 1) on the bits read as a float: 2.0 -> 1.0, -1.0 -> 0, NaN -> 0
 * (fmaxf returns the number), 0.25 unchanged. The value written to memory by an atomic is not
 * clamped (the operation happens before store_dest). */
static void test_saturate(void)
{
    const char *text = "COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 1\nPROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
                       "PROPERTY CS_FIXED_BLOCK_DEPTH 1\n"
                       "DCL BUFFER[0]\nDCL BUFFER[1]\nDCL BUFFER[2]\nDCL MEMORY[0], SHARED\n"
                       "DCL TEMP[0..4]\n"
                       "IMM[0] UINT32 {0, 16, 32, 48}\n"
                       "IMM[1] UINT32 {5, 1, 4, 0}\n"
                       "  0: LOAD_SAT TEMP[0], BUFFER[0], IMM[0].xxxx\n"
                       "  1: LOAD TEMP[1], BUFFER[0], IMM[0].xxxx\n"
                       "  2: STORE MEMORY[0], IMM[0].xxxx, TEMP[1]\n"
                       "  3: LOAD_SAT TEMP[2], MEMORY[0], IMM[0].xxxx\n"
                       "  4: ATOMXCHG_SAT TEMP[3].x, BUFFER[2], IMM[0].xxxx, IMM[1].xxxx\n"
                       "  5: ATOMUADD_SAT TEMP[3].y, BUFFER[2], IMM[1].zzzz, IMM[1].yyyy\n"
                       "  6: RESQ_SAT TEMP[4].x, BUFFER[2]\n"
                       "  7: STORE BUFFER[1], IMM[0].xxxx, TEMP[0]\n"
                       "  8: STORE BUFFER[1], IMM[0].yyyy, TEMP[2]\n"
                       "  9: STORE BUFFER[1].xy, IMM[0].zzzz, TEMP[3]\n"
                       " 10: STORE BUFFER[1].x, IMM[0].wwww, TEMP[4]\n"
                       " 11: END\n";
    run r;
    if (!run_open(&r, text, 1, "_SAT on LOAD/ATOM/RESQ")) {
        run_close(&r);
        return;
    }
    uint32_t in[4] = {B(2.0f), B(-1.0f), 0x7fc00000u, B(0.25f)}, out[16], word[2];
    word[0] = B(3.0f);     /* ATOMXCHG: returns 3.0 -> 1.0; memory becomes 5 */
    word[1] = 0xffc00000u; /* ATOMUADD: returns a NaN -> 0; memory becomes 0xffc00001 */
    for (unsigned i = 0; i < 16; i++)
        out[i] = 0xeeeeeeeeu;
    tgx_exec_bind_buffer(r.m, 0, in, sizeof(in));
    tgx_exec_bind_buffer(r.m, 1, out, sizeof(out));
    tgx_exec_bind_buffer(r.m, 2, word, sizeof(word));
    static const char *const what[2] = {"buffer LOAD_SAT", "shared LOAD_SAT"};
    const uint32_t want[4] = {B(1.0f), 0, 0, B(0.25f)};
    if (run_block(&r, 0, 0, 1, 1)) {
        for (unsigned k = 0; k < 2; k++)
            for (unsigned c = 0; c < 4; c++)
                TGX_CHECK(out[4 * k + c] == want[c], "%s channel %u = 0x%08x, want 0x%08x", what[k],
                          c, out[4 * k + c], want[c]);
        TGX_CHECK(out[8] == B(1.0f), "ATOMXCHG_SAT returned 0x%08x, want 1.0 (old 3.0)", out[8]);
        TGX_CHECK(out[9] == 0, "ATOMUADD_SAT returned 0x%08x, want 0 (old NaN)", out[9]);
        TGX_CHECK(word[0] == 5 && word[1] == 0xffc00001u,
                  "memory after the atomics 0x%x 0x%x: not clamped", word[0], word[1]);
        /* 8 bytes: the integer 8 read as a float is a positive denormal, inside [0, 1] */
        TGX_CHECK(out[12] == 8, "RESQ_SAT = 0x%08x, want 8 (bits unchanged)", out[12]);
    }
    run_close(&r);
}

int main(void)
{
    test_load_store();
    test_shared();
    for (size_t i = 0; i < NT(atoms); i++)
        atom_case(&atoms[i]);
    test_atomic_contention();
    test_resq_raw();
    test_images();
    test_indirect_buffers();
    test_saturate();
    return tgx_test_finish();
}
