/* differential.h — the body of the differential tests: random programs (jit_gen.h) on the
 * interpreter and compiled; every register of every lane, the killed lanes, the status and the
 * message must be the same, under both denormal rules and both float-to-integer rules (the four
 * pairs in turn).
 *
 *   test_differential... [FIRST COUNT]   programs FIRST .. FIRST + COUNT - 1 (default: the
 *                                        file's shard, JIT_SHARD * 2500 .. + 2499)
 *
 * Four test files include it, one shard of 2,500 programs each (10,000 in make test), so that
 * ctest -j spreads them; three are _slow (left out of the sanitizer run). Each program runs as
 * a fragment run of 24 lanes with random helper lanes, a vertex run of 13 lanes (a group cut
 * short by the run's end) or a compute block of 12 threads, with every register filled with
 * special values first (one program in three compiled with the instruction forms of a host with
 * narrower vector registers: AVX2's, SSE2's); then once more with one lane group and a small
 * budget, where the
 * interpreter and the compiler must stop at the same instruction with the same message (with
 * several groups the compiled code counts each group's own instructions, docs/jit.md).
 */
#include "jit_gen.h"
#include "jit_harness.h"

/* The registers' starting words: special values. */
static uint32_t fill_word(void *user, uint32_t slot, unsigned lane)
{
    (void)slot;
    (void)lane;
    return jgen_special(user);
}

static unsigned seen_ops[TGX_TGSI_OP_COUNT];
static double compile_ms;
static unsigned long compiled_insts;

static void count_ops(const tgx_exec_program *p)
{
    for (unsigned i = 0; i < p->ninsts; i++)
        seen_ops[p->insts[i].op]++;
}

/* One run of the program in its stage (one_group: a run of one lane group); the number of
 * differences. */
static int run_once(jh *h, jgen *g, unsigned stage, int one_group, const char *what,
                    const char *text)
{
    unsigned vl = tgx_jit_group_lanes();
    tgx_exec_bind_constants(h->mi, 0, g->cbuf, 32);
    tgx_exec_bind_constants(h->mj, 0, g->cbuf, 32);
    jh_fill(h, fill_word, g);
    if (one_group)
        return stage == 1 ? jh_run_fragment(h, vl, NULL, what, text)
                          : jh_run_vertex(h, vl, what, text);
    if (stage == 1) {
        tgx_lane_mask active[24];
        for (unsigned i = 0; i < 24; i++)
            active[i] = jgen_below(g, 4) ? ~0u : 0u;
        return jh_run_fragment(h, 24, active, what, text);
    }
    if (stage == 0)
        return jh_run_vertex(h, 13, what, text);
    return jh_run_compute(h, what, text);
}

/* One program under one pair of rules, then with one lane group and a small budget. */
static void run_case(jgen *g, const char *text, unsigned stage, unsigned rules, unsigned seed)
{
    jh h;
    /* one program in three with the instruction forms of a narrower host */
    jh_reg_lanes = seed % 3 == 1 ? 8 : seed % 3 == 2 ? 4 : 0;
    tgx_exec_f2i_rule f2i = rules & 1 ? TGX_EXEC_F2I_X86 : TGX_EXEC_F2I_SATURATE;
    tgx_exec_denorm_rule dn = rules & 2 ? TGX_EXEC_DENORMS_FLUSH : TGX_EXEC_DENORMS_PRESERVE;
    int r = jh_open_rules(&h, text, 24, f2i, dn);
    if (r <= 0) {
        TGX_CHECK(r == 1, "program %u not compiled: %s\n%s", seed, h.why, text);
        jh_close(&h);
        return;
    }
    count_ops(h.p);
    tgx_jit_stats st;
    tgx_jit_program_stats(h.jp, &st);
    compile_ms += st.compile_ms;
    compiled_insts += h.p->ninsts;
    jh_rules(&h, f2i, dn, 20000);
    char what[64];
    snprintf(what, sizeof(what), "program %u rules %u", seed, rules);
    run_once(&h, g, stage, 0, what, text);
    if (stage != 2) {
        jh_rules(&h, f2i, dn, 5 + jgen_below(g, 60));
        snprintf(what, sizeof(what), "program %u budget", seed);
        run_once(&h, g, stage, 1, what, text);
    }
    jh_close(&h);
}

int main(int argc, char **argv)
{
    jh_require_jit();
    unsigned first = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : JIT_SHARD * 2500u;
    unsigned count = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 2500u;
    static jgen g;
    for (unsigned seed = first; seed < first + count; seed++) {
        memset(&g, 0, sizeof(g));
        g.state = 0x9e3779b97f4a7c15ull ^ ((uint64_t)seed * 0x100000001b3ull);
        unsigned stage = seed % 7 == 6 ? 2 : seed % 3 == 0 ? 0 : 1;
        const char *text = jgen_program(&g, jgen_compiled_alu, stage, 4 + seed % 8);
        run_case(&g, text, stage, seed & 3, seed);
        if (tgx_test_failed > 20)
            break;
    }
    unsigned distinct = 0;
    for (unsigned op = 0; op < TGX_TGSI_OP_COUNT; op++)
        distinct += seen_ops[op] != 0;
    printf("%u programs, %u distinct opcodes compiled\n", count, distinct);
    printf("compiling: %.1f ms a program on average, %.1f instructions\n", compile_ms / count,
           (double)compiled_insts / count);
    return tgx_test_finish();
}
