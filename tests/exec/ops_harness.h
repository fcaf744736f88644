/* ops_harness.h — what the per-family opcode tests (test_ops_*.c) share: parse, decode and
 * set up a machine for a shader text, read results back as words or floats. The expected values
 * stay in each test, computed from the spec's formulas. */
#ifndef TGX_OPS_HARNESS_H
#define TGX_OPS_HARNESS_H

#include <stdint.h>
#include <string.h>

#include "tgx/exec.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

#define NT(a) (sizeof(a) / sizeof((a)[0]))

typedef struct run {
    tgx_tgsi_shader *sh;
    tgx_exec_program *p;
    tgx_exec_machine *m;
    tgx_diag d;
} run;

static inline int run_open(run *r, const char *text, unsigned lanes, const char *what)
{
    memset(r, 0, sizeof(*r));
    if (tgx_tgsi_parse(text, strlen(text), "ops.tgsi", &r->sh, &r->d) != TGX_OK) {
        TGX_CHECK(0, "%s: parse %u:%u: %s", what, r->d.line, r->d.column, r->d.message);
        return 0;
    }
    if (tgx_exec_program_create(r->sh, "ops.tgsi", &r->p, &r->d) != TGX_OK) {
        TGX_CHECK(0, "%s: program %u:%u: %s", what, r->d.line, r->d.column, r->d.message);
        return 0;
    }
    if (tgx_exec_machine_create(r->p, lanes, &r->m, &r->d) != TGX_OK) {
        TGX_CHECK(0, "%s: machine: %s", what, r->d.message);
        return 0;
    }
    return 1;
}

static inline void run_close(run *r)
{
    tgx_exec_machine_destroy(r->m);
    tgx_exec_program_destroy(r->p);
    tgx_tgsi_free(r->sh);
    memset(r, 0, sizeof(*r));
}

static inline uint32_t B(float f)
{
    return tgx_f2bits(f);
}

static inline float F(uint32_t u)
{
    return tgx_bits2f(u);
}

static inline uint32_t outu(run *r, unsigned reg, unsigned c, unsigned lane)
{
    return tgx_exec_output(r->m, reg, c)[lane].u;
}

static inline float outf(run *r, unsigned reg, unsigned c, unsigned lane)
{
    return tgx_exec_output(r->m, reg, c)[lane].f;
}

#endif
