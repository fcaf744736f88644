/* jit_harness.h — one program on two machines, the interpreter's and the compiled one's, with
 * the same register store before the run; after it the whole stores (every register of every
 * lane, the ones the run did not touch included), the killed lanes, the status and the message
 * must be the same. The interpreter is the reference: nothing here is a value worked out by
 * hand, the tests state what must be equal. */
#ifndef TGX_JIT_HARNESS_H
#define TGX_JIT_HARNESS_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "exec/exec_internal.h"
#include "jit/jit_internal.h"
#include "tgx/exec.h"
#include "tgx/jit.h"
#include "tgx/tgsi.h"
#include "tgx_test.h"

typedef struct jh {
    tgx_tgsi_shader *sh;
    tgx_exec_program *p;
    tgx_jit_program *jp;
    tgx_exec_machine *mi, *mj; /* interpreter, compiled */
    tgx_diag di, dj;
    char why[300]; /* jh_open: why the program was not compiled */
} jh;

/* Where not 0: the programs jh_open compiles use the instruction forms of a host whose vector
 * registers hold this many floats (8: AVX2's pieces of a 16-lane group, 4: SSE2's, without
 * VEX), so that those paths of the compiler run on a wider host too. */
static unsigned jh_reg_lanes;

/* Skips the whole test (exit 77) where the compiler is not available. */
static inline void jh_require_jit(void)
{
    const char *why = NULL;
    if (!tgx_jit_available(&why))
        TGX_SKIP("%s", why);
}

/* 1: both machines ready, the compiled one attached under the rules given (the code for them
 * compiled); 0: the compiler refused the program (jh.why says why); -1: a failure (reported as
 * a failed check). */
static inline int jh_open_rules(jh *h, const char *text, unsigned lanes, tgx_exec_f2i_rule f2i,
                                tgx_exec_denorm_rule dn)
{
    memset(h, 0, sizeof(*h));
    tgx_diag d;
    if (tgx_tgsi_parse(text, strlen(text), "gen.tgsi", &h->sh, &d) != TGX_OK ||
        tgx_exec_program_create(h->sh, "gen.tgsi", &h->p, &d) != TGX_OK) {
        TGX_CHECK(0, "%u:%u: %s\n%s", d.line, d.column, d.message, text);
        return -1;
    }
    tgx_status st = tgx_jit_program_create(h->p, &h->jp, &d);
    if (st == TGX_ERR_UNSUPPORTED) {
        snprintf(h->why, sizeof(h->why), "%u:%u: %s", d.line, d.column, d.message);
        return 0;
    }
    if (st != TGX_OK || tgx_exec_machine_create(h->p, lanes, &h->mi, &d) != TGX_OK ||
        tgx_exec_machine_create(h->p, lanes, &h->mj, &d) != TGX_OK) {
        TGX_CHECK(0, "%s", d.message);
        return -1;
    }
    tgx_exec_set_f2i_rule(h->mj, f2i);
    tgx_exec_set_denorm_rule(h->mj, dn);
    if (jh_reg_lanes && jh_reg_lanes < h->jp->reg_lanes) { /* the forms of a narrower host */
        h->jp->reg_lanes = jh_reg_lanes;
        h->jp->avx = jh_reg_lanes > 4;
    }
    st = tgx_jit_attach(h->mj, h->jp, &d);
    TGX_CHECK(st == TGX_OK, "attach: %s\n%s", d.message, text);
    return st == TGX_OK ? 1 : -1;
}

static inline int jh_open(jh *h, const char *text, unsigned lanes)
{
    return jh_open_rules(h, text, lanes, TGX_EXEC_F2I_SATURATE, TGX_EXEC_DENORMS_PRESERVE);
}

static inline void jh_close(jh *h)
{
    tgx_exec_machine_destroy(h->mi);
    tgx_exec_machine_destroy(h->mj);
    tgx_jit_program_destroy(h->jp);
    tgx_exec_program_destroy(h->p);
    tgx_tgsi_free(h->sh);
    memset(h, 0, sizeof(*h));
}

/* Both machines' rules. */
static inline void jh_rules(jh *h, tgx_exec_f2i_rule f2i, tgx_exec_denorm_rule dn, uint64_t budget)
{
    tgx_exec_machine *ms[2] = {h->mi, h->mj};
    for (unsigned k = 0; k < 2; k++) {
        tgx_exec_set_f2i_rule(ms[k], f2i);
        tgx_exec_set_denorm_rule(ms[k], dn);
        tgx_exec_set_budget(ms[k], budget);
    }
}

/* Every register component of every lane but the immediates, in both machines. */
static inline void jh_fill(jh *h, uint32_t (*word)(void *user, uint32_t slot, unsigned lane),
                           void *user)
{
    const tgx_exec_program *p = h->p;
    uint32_t imm0 = p->base[XF_IMM], imm1 = imm0 + p->count[XF_IMM] * 4;
    for (uint32_t s = 0; s < p->nslots; s++) {
        if (s >= imm0 && s < imm1)
            continue;
        for (unsigned i = 0; i < h->mi->W; i++) {
            uint32_t w = word(user, s, i);
            h->mi->store[(size_t)s * h->mi->W + i].u = w;
            h->mj->store[(size_t)s * h->mj->W + i].u = w;
        }
    }
}

/* Compares every register of lanes 0 .. lanes - 1; returns the differences reported. */
static inline int jh_compare(jh *h, unsigned lanes, const char *what, const char *text)
{
    const tgx_exec_program *p = h->p;
    int bad = 0;
    for (uint32_t s = 0; s < p->nslots && bad < 4; s++)
        for (unsigned i = 0; i < lanes && bad < 4; i++) {
            uint32_t a = h->mi->store[(size_t)s * h->mi->W + i].u;
            uint32_t c = h->mj->store[(size_t)s * h->mj->W + i].u;
            if (a == c)
                continue;
            bad++;
            TGX_CHECK(a == c, "%s: slot %u lane %u: interpreter %08x, compiled %08x\n%s", what, s,
                      i, a, c, bad == 1 ? text : "");
        }
    return bad;
}

/* The statuses and messages of both runs; 1 when they differ (reported), -1 when both stopped
 * the same way (nothing more to compare), 0 when both ran. With several lane groups a budget
 * stop may come at another instruction (the compiled code counts per group, docs/jit.md):
 * groups > 1 accepts any two budget stops. */
static inline int jh_statuses(jh *h, tgx_status si, tgx_status sj, int groups, const char *what,
                              const char *text)
{
    TGX_CHECK(si == sj, "%s: status interpreter %d (%s), compiled %d (%s)\n%s", what, si,
              si ? h->di.message : "", sj, sj ? h->dj.message : "", text);
    if (si != sj)
        return 1;
    if (si == TGX_OK)
        return 0;
    int budget = strstr(h->di.message, "instruction budget") && strstr(h->dj.message, "budget");
    if (groups > 1 && budget)
        return -1;
    int same = !strcmp(h->di.message, h->dj.message) && h->di.line == h->dj.line &&
               h->di.column == h->dj.column;
    TGX_CHECK(same, "%s: messages differ:\n  %u:%u: %s\n  %u:%u: %s\n%s", what, h->di.line,
              h->di.column, h->di.message, h->dj.line, h->dj.column, h->dj.message, text);
    return same ? -1 : 1;
}

static inline int jh_run_fragment(jh *h, unsigned lanes, const tgx_lane_mask *active,
                                  const char *what, const char *text)
{
    tgx_lane_mask ki[TGX_EXEC_MAX_LANES], kj[TGX_EXEC_MAX_LANES];
    memset(ki, 0, sizeof(ki[0]) * lanes);
    memset(kj, 0, sizeof(kj[0]) * lanes);
    tgx_status si = tgx_exec_run_fragment(h->mi, lanes, active, ki, &h->di);
    tgx_status sj = tgx_exec_run_fragment(h->mj, lanes, active, kj, &h->dj);
    unsigned vl = tgx_jit_group_lanes();
    int r = jh_statuses(h, si, sj, (int)((lanes + vl - 1) / vl), what, text);
    if (r)
        return r > 0;
    int bad = memcmp(ki, kj, sizeof(ki[0]) * lanes) != 0;
    TGX_CHECK(!bad, "%s: killed lanes differ\n%s", what, text);
    return bad + jh_compare(h, lanes, what, text);
}

static inline int jh_run_vertex(jh *h, unsigned lanes, const char *what, const char *text)
{
    tgx_status si = tgx_exec_run_vertex(h->mi, lanes, &h->di);
    tgx_status sj = tgx_exec_run_vertex(h->mj, lanes, &h->dj);
    unsigned vl = tgx_jit_group_lanes();
    int r = jh_statuses(h, si, sj, (int)((lanes + vl - 1) / vl), what, text);
    if (r)
        return r > 0;
    return jh_compare(h, (lanes + 3u) & ~3u, what, text);
}

static inline int jh_run_compute(jh *h, const char *what, const char *text)
{
    uint32_t id[3] = {1, 0, 0}, grid[3] = {2, 1, 1};
    unsigned bs[3], vl = tgx_jit_group_lanes();
    tgx_exec_program_block_size(h->p, bs);
    unsigned lanes = bs[0] * bs[1] * bs[2];
    tgx_status si = tgx_exec_run_compute(h->mi, id, grid, &h->di);
    tgx_status sj = tgx_exec_run_compute(h->mj, id, grid, &h->dj);
    int r = jh_statuses(h, si, sj, (int)((lanes + vl - 1) / vl), what, text);
    if (r)
        return r > 0;
    return jh_compare(h, (lanes + 3u) & ~3u, what, text);
}

#endif
