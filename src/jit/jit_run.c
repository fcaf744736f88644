/* jit_run.c — compiled programs at run time: attaching them to machines, running a machine's run
 * segment by segment, the instructions that run over the whole run between segments, and the
 * helpers the compiled code calls (handlers and operand fetches on the group machine, the
 * budget's stop).
 *
 * A run of n lanes is ceil(n / VL) lane groups. Each segment's function runs every group
 * through its part of the program, the group's registers in vector registers, loaded from the
 * machine's register store at the group's start and stored back at its end; between two
 * segments, the instruction that cut them runs through the interpreter's own handler over the
 * whole run (exec = func: at the top level of main the other masks are all ones). The store is
 * therefore the machine's state at every segment boundary, as the interpreter would have it.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "jit/jit_internal.h"

/* The per-machine state of an attached program. */
typedef struct jrt {
    tgx_jit_program *jp;
    xmach *gm;       /* one lane group of the same program */
    uint64_t *count; /* per group */
    jit_run run;
} jrt;

bool tgx_jit_available(const char **why)
{
    return jllvm_available(why);
}

unsigned tgx_jit_group_lanes(void)
{
    return jllvm_available(NULL) ? jllvm_group_lanes() : 0;
}

tgx_status tgx_jit_program_create(const tgx_exec_program *p, tgx_jit_program **out, tgx_diag *d)
{
    *out = NULL;
    const char *why = NULL;
    if (!jllvm_available(&why))
        return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, p->name[0] ? p->name : NULL, 0, 0, "%s", why);
    tgx_jit_program *jp = calloc(1, sizeof(*jp));
    if (!jp)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    tgx_status st = jplan_make(p, &jp->plan, d);
    if (st != TGX_OK) {
        free(jp);
        return st;
    }
    jp->vl = jllvm_group_lanes();
    jllvm_host_vectors(&jp->reg_lanes, &jp->avx);
    pthread_mutex_init(&jp->lock, NULL);
    *out = jp;
    return TGX_OK;
}

void tgx_jit_program_destroy(tgx_jit_program *jp)
{
    if (!jp)
        return;
    for (jvariant *v = jp->variants, *next; v; v = next) {
        next = v->next;
        jllvm_free(v);
    }
    jplan_free(&jp->plan);
    pthread_mutex_destroy(&jp->lock);
    free(jp);
}

void tgx_jit_program_stats(const tgx_jit_program *jp, tgx_jit_stats *out)
{
    tgx_jit_program *j = (tgx_jit_program *)jp;
    pthread_mutex_lock(&j->lock);
    *out = jp->plan.stats;
    out->compile_ms = jp->compile_ms;
    out->variants = 0;
    for (const jvariant *v = jp->variants; v; v = v->next)
        out->variants++;
    pthread_mutex_unlock(&j->lock);
}

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The variant for m's rules and lane-array width, compiled by the first thread that needs it.
 * The list only grows, and a variant is complete before it is published at its head. */
static jvariant *variant_for(tgx_jit_program *jp, const xmach *m, tgx_diag *d)
{
    bool x86 = m->f2i_rule == TGX_EXEC_F2I_X86, flush = m->denorm_rule == TGX_EXEC_DENORMS_FLUSH;
    for (jvariant *v = __atomic_load_n(&jp->variants, __ATOMIC_ACQUIRE); v; v = v->next)
        if (v->x86 == x86 && v->flush == flush && v->W == m->W)
            return v;
    pthread_mutex_lock(&jp->lock);
    jvariant *v = jp->variants;
    while (v && !(v->x86 == x86 && v->flush == flush && v->W == m->W))
        v = v->next;
    if (!v) {
        double t0 = now_ms();
        if (jllvm_compile(jp, flush, x86, m->W, &v, d) == TGX_OK) {
            v->next = jp->variants;
            __atomic_store_n(&jp->variants, v, __ATOMIC_RELEASE);
        }
        jp->compile_ms += now_ms() - t0;
    }
    pthread_mutex_unlock(&jp->lock);
    return v;
}

/* ---- whole-run instructions ------------------------------------------------------------------ */

static uint64_t most_executed(const jit_run *r)
{
    uint64_t top = 0;
    for (uint32_t g = 0; g < r->ngroups; g++)
        top = r->count[g] > top ? r->count[g] : top;
    return top;
}

static bool group_runs(const jit_run *r, uint32_t g, unsigned vl)
{
    for (uint32_t i = g * vl; i < (g + 1) * vl && i < r->n; i++)
        if (r->func[i])
            return true;
    return false;
}

/* Instruction in over every lane of the run, through the interpreter's handler: at the top level
 * of main exec is func (cond, loop, cont and sw are all ones there). It counts once for each
 * group that still runs, as the instructions of the segments do. */
static tgx_status run_whole(jrt *rt, xmach *m, const xinst *in)
{
    jit_run *r = &rt->run;
    m->full = XFULL_COND | XFULL_LOOP | XFULL_CONT | XFULL_SW |
              (x_all_ones(m->func, m->n) ? XFULL_FUNC : 0);
    m->all = false;
    x_update_exec(m);
    m->executed = most_executed(r);
    m->pc = (int32_t)(in - m->p->insts) + 1;
    in->fn(m, in);
    if (m->err != TGX_OK)
        return m->err;
    for (uint32_t g = 0; g < r->ngroups; g++) {
        if (!group_runs(r, g, rt->jp->vl))
            continue;
        if (++r->count[g] >= r->limit) {
            x_fail_budget(m, in);
            return m->err;
        }
    }
    return TGX_OK;
}

/* ---- the runner ------------------------------------------------------------------------------ */

/* The group machine sees what the machine sees: bindings, rules, the texture hook. */
static void mirror_bindings(xmach *gm, const xmach *m)
{
    memcpy(gm->cbuf, m->cbuf, sizeof(m->cbuf));
    memcpy(gm->cbuf_words, m->cbuf_words, sizeof(m->cbuf_words));
    memcpy(gm->buffer, m->buffer, sizeof(m->buffer));
    memcpy(gm->rawres, m->rawres, sizeof(m->rawres));
    memcpy(gm->sview, m->sview, sizeof(m->sview));
    memcpy(gm->sampler, m->sampler, sizeof(m->sampler));
    memcpy(gm->image, m->image, sizeof(m->image));
    memcpy(gm->image_level, m->image_level, sizeof(m->image_level));
    gm->f2i_rule = m->f2i_rule;
    gm->denorm_rule = m->denorm_rule;
    gm->tex_hook = m->tex_hook;
    gm->tex_hook_user = m->tex_hook_user;
    gm->diag = m->diag;
    gm->err = TGX_OK;
}

static tgx_status jit_runner(void *user, xmach *m, tgx_diag *d)
{
    jrt *rt = user;
    tgx_jit_program *jp = rt->jp;
    jvariant *v = variant_for(jp, m, d);
    if (!v)
        return m->err = TGX_ERR_UNSUPPORTED;
    jit_run *r = &rt->run;
    unsigned vl = jp->vl;
    r->n = m->n;
    r->ngroups = (m->n + vl - 1) / vl;
    r->limit = m->budget ? m->budget : UINT64_MAX;
    memset(rt->count, 0, sizeof(uint64_t) * r->ngroups);
    m->err = TGX_OK;
    m->diag = d;
    mirror_bindings(rt->gm, m);
    rt->gm->n = vl;
    tgx_status st = TGX_OK;
    const jplan *pl = &jp->plan;
    for (unsigned k = 0; k <= pl->nbounds && st == TGX_OK; k++) {
        if (v->seg[k](r))
            st = m->err != TGX_OK ? m->err : TGX_ERR_INVALID;
        else if (k < pl->nbounds)
            st = run_whole(rt, m, &m->p->insts[pl->bounds[k]]);
    }
    m->executed = most_executed(r);
    return st;
}

static void jrt_free(void *user)
{
    jrt *rt = user;
    if (!rt)
        return;
    tgx_exec_machine_destroy(rt->gm);
    free(rt->count);
    free(rt);
}

tgx_status tgx_jit_attach(tgx_exec_machine *m, tgx_jit_program *jp, tgx_diag *d)
{
    if (!jp || !m || m->p != jp->plan.p)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "the compiled program was made from another program than the "
                            "machine's");
    tgx_jit_detach(m);
    jrt *rt = x_alloc_lines(1, sizeof(*rt));
    unsigned vl = jp->vl;
    tgx_status st = rt ? x_machine_create(m->p, vl, &rt->gm, d) : TGX_ERR_NOMEM;
    if (rt && st == TGX_OK)
        rt->count = x_alloc_lines(m->W / vl + 1, sizeof(uint64_t));
    if (st == TGX_OK && !rt->count)
        st = TGX_ERR_NOMEM;
    if (st != TGX_OK) {
        jrt_free(rt);
        return st == TGX_ERR_NOMEM ? tgx_diag_set(d, st, NULL, 0, 0, "out of memory") : st;
    }
    rt->jp = jp;
    jit_run *r = &rt->run;
    r->store = m->store;
    r->func = m->func;
    r->live = m->live;
    r->killed = m->killed;
    r->count = rt->count;
    r->gstore = rt->gm->store;
    r->gexec = rt->gm->exec;
    r->glive = rt->gm->live;
    r->gkilled = rt->gm->killed;
    r->m = m;
    r->gm = rt->gm;
    if (!variant_for(jp, m, d)) {
        jrt_free(rt);
        return TGX_ERR_UNSUPPORTED;
    }
    /* x_reset_state leaves cond, loop, cont and sw alone under a runner: at the top level of
     * main, where the interpreter's handlers run between segments, they are all ones */
    for (unsigned i = 0; i < m->W; i++)
        m->cond[i] = m->loop[i] = m->cont[i] = m->sw[i] = 0xffffffffu;
    m->runner = jit_runner;
    m->runner_user = rt;
    m->runner_free = jrt_free;
    return TGX_OK;
}

void tgx_jit_detach(tgx_exec_machine *m)
{
    if (!m || m->runner != jit_runner)
        return;
    jrt_free(m->runner_user);
    m->runner = NULL;
    m->runner_user = NULL;
    m->runner_free = NULL;
}

/* ---- called by compiled code ----------------------------------------------------------------- */

/* Stops with the machine's error when the group machine's handler failed. */
static int group_error(jit_run *r)
{
    if (r->gm->err == TGX_OK)
        return 0;
    r->m->err = r->gm->err;
    return 1;
}

int jrt_group(jit_run *r, const xinst *in)
{
    xmach *gm = r->gm;
    gm->all = x_all_ones(gm->exec, gm->n);
    in->fn(gm, in);
    return group_error(r);
}

int jrt_fetch(jit_run *r, const xinst *in, unsigned s, unsigned chan, xword *out)
{
    xmach *gm = r->gm;
    const xword *v = x_fetch_typed(gm, &in->src[s], chan, gm->scratch);
    memcpy(out, v, sizeof(xword) * gm->n);
    return 0;
}

int jrt_store(jit_run *r, const xinst *in, unsigned d, unsigned chan, const xword *val)
{
    xmach *gm = r->gm;
    gm->all = false; /* x_store_raw blends with exec */
    x_store_raw(gm, in, d, chan, val);
    return 0;
}

int jrt_budget(jit_run *r, const xinst *first, uint64_t before)
{
    xmach *m = r->m;
    x_fail_budget(m, first + (r->limit - before - 1));
    return 1;
}
