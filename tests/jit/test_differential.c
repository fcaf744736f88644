/* test_differential — random programs (jit_gen.h) on the interpreter and compiled: every
 * register of every lane, the killed lanes, the status and the message must be the same, under
 * both denormal rules and both float-to-integer rules.
 *
 *   test_differential [FIRST COUNT]    programs FIRST .. FIRST + COUNT - 1 (default 0 2500)
 *
 * CMake runs it in four shards of 2,500 programs (tests/jit/CMakeLists.txt is not needed: the
 * shards are separate test files test_differential_N.c that include this one), so that ctest -j
 * spreads them. Each program runs as a fragment run of 24 lanes with random helper lanes, a
 * vertex run of 13 lanes (a group cut short by the run's end) or a compute block of 12 threads,
 * with every register filled with special values first; then once more with one lane group and
 * a small budget, where the interpreter and the compiler must stop at the same instruction with
 * the same message (with several groups the compiled code counts each group's own instructions,
 * docs/jit.md).
 */
#include "jit/jit_internal.h"
#include "jit_gen.h"
#include "jit_harness.h"

static int alu_ok(unsigned op, int *whole_run)
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
    /* CLOCK reads the run's instruction count, which the compiled code counts per group */
    if (op == TGX_TGSI_OP_CLOCK || (k != JK_LANE && k != JK_GROUP && k != JK_RUN))
        return 0;
    *whole_run = k == JK_RUN;
    return 1;
}

/* The registers' starting words: special values; with canonical set, no NaN (each one is 2.5
 * instead: the second chance below). */
typedef struct fill {
    jgen *g;
    int canonical;
} fill;

static uint32_t canon(const fill *f, uint32_t w)
{
    return f->canonical && jh_is_nan(w) ? 0x40200000u : w;
}

static uint32_t fill_word(void *user, uint32_t slot, unsigned lane)
{
    (void)slot;
    (void)lane;
    fill *f = user;
    return canon(f, jgen_special(f->g));
}

static unsigned seen_ops[TGX_TGSI_OP_COUNT];
static unsigned second_chances;
static double compile_ms;
static unsigned long compiled_insts;

static void count_ops(const tgx_exec_program *p)
{
    for (unsigned i = 0; i < p->ninsts; i++)
        seen_ops[p->insts[i].op]++;
}

/* Constants, and the immediates in both stores, as the fill makes them. */
static void bind(jh *h, const jgen *g, const fill *f, uint32_t *cbuf)
{
    for (unsigned k = 0; k < 32; k++)
        cbuf[k] = canon(f, g->cbuf[k]);
    tgx_exec_bind_constants(h->mi, 0, cbuf, 32);
    tgx_exec_bind_constants(h->mj, 0, cbuf, 32);
    const tgx_exec_program *p = h->p;
    tgx_exec_machine *ms[2] = {h->mi, h->mj};
    for (uint32_t s = p->base[XF_IMM]; s < p->base[XF_IMM] + p->count[XF_IMM] * 4; s++)
        for (unsigned k = 0; k < 2; k++)
            for (unsigned i = 0; i < ms[k]->W; i++)
                ms[k]->store[(size_t)s * ms[k]->W + i].u = canon(f, p->imm[s - p->base[XF_IMM]].u);
}

/* One run of the program in its stage (one_group: a run of one lane group); the number of
 * differences. */
static int run_once(jh *h, jgen *g, unsigned stage, int one_group, const char *what,
                    const char *text)
{
    unsigned vl = tgx_jit_group_lanes();
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

/* Runs with the starting words drawn from g; where the only differences are two NaNs, runs
 * again with no NaN among the inputs, where nothing may differ: NaNs come from the operations
 * alone then (the default NaN of inf - inf, ...), so a sign or payload that the compiled code
 * changes on its own shows, while the choice between two NaN inputs cannot arise. */
static void run_checked(jh *h, jgen *g, unsigned stage, int one_group, const char *what,
                        const char *text)
{
    uint64_t state = g->state;
    size_t pos = g->pos;
    uint32_t cbuf[32];
    fill f = {g, 0};
    bind(h, g, &f, cbuf);
    jh_fill(h, fill_word, &f);
    jh_nan_ok = 1;
    int bad = run_once(h, g, stage, one_group, what, text);
    jh_nan_ok = 0;
    if (bad || !jh_nan_only)
        return;
    second_chances++;
    g->state = state;
    g->pos = pos;
    f.canonical = 1;
    bind(h, g, &f, cbuf);
    jh_fill(h, fill_word, &f);
    run_once(h, g, stage, one_group, what, text);
}

/* One program under one pair of rules, then with one lane group and a small budget. */
static void run_case(jgen *g, const char *text, unsigned stage, unsigned rules, unsigned seed)
{
    jh h;
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
    run_checked(&h, g, stage, 0, what, text);
    if (stage != 2) {
        jh_rules(&h, f2i, dn, 5 + jgen_below(g, 60));
        snprintf(what, sizeof(what), "program %u budget", seed);
        run_checked(&h, g, stage, 1, what, text);
    }
    jh_close(&h);
}

int main(int argc, char **argv)
{
    jh_require_jit();
    unsigned first = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 10) : 0;
    unsigned count = argc > 2 ? (unsigned)strtoul(argv[2], NULL, 10) : 300;
#ifdef JIT_SHARD
    first = JIT_SHARD * 2500u;
#endif
    static jgen g;
    for (unsigned seed = first; seed < first + count; seed++) {
        memset(&g, 0, sizeof(g));
        g.state = 0x9e3779b97f4a7c15ull ^ ((uint64_t)seed * 0x100000001b3ull);
        unsigned stage = seed % 7 == 6 ? 2 : seed % 3 == 0 ? 0 : 1;
        const char *text = jgen_program(&g, alu_ok, stage, 6 + seed % 10);
        run_case(&g, text, stage, seed & 3, seed);
        if (tgx_test_failed > 20)
            break;
    }
    unsigned distinct = 0;
    for (unsigned op = 0; op < TGX_TGSI_OP_COUNT; op++)
        distinct += seen_ops[op] != 0;
    printf("%u programs, %u distinct opcodes compiled; %u runs differed only in which of two NaN "
           "operands came out, and matched with inputs without NaN\n",
           count, distinct, second_chances);
    printf("compiling: %.1f ms a program on average, %.1f instructions\n", compile_ms / count,
           (double)compiled_insts / count);
    return tgx_test_finish();
}
