/* exec_harness.h — helpers shared by the interpreter tests: parse TGSI text, build a program
 * and a machine, fill inputs, read outputs. Expected values are always computed in the tests
 * themselves from the spec's formulas, never by running the interpreter twice. */
#ifndef TGX_EXEC_HARNESS_H
#define TGX_EXEC_HARNESS_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "tgx/exec.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

typedef struct xh {
    tgx_tgsi_shader *sh;
    tgx_exec_program *prog;
    tgx_exec_machine *m;
    tgx_diag diag;
} xh;

/* Parses and prepares; returns 0 and reports a failed check when anything goes wrong. */
static inline int xh_open(xh *h, const char *text, unsigned lanes)
{
    memset(h, 0, sizeof(*h));
    tgx_status st = tgx_tgsi_parse(text, strlen(text), "test.tgsi", &h->sh, &h->diag);
    TGX_CHECK(st == TGX_OK, "parse: %s:%u:%u: %s", h->diag.file, h->diag.line, h->diag.column,
              h->diag.message);
    if (st != TGX_OK)
        return 0;
    st = tgx_exec_program_create(h->sh, "test.tgsi", &h->prog, &h->diag);
    TGX_CHECK(st == TGX_OK, "program: %u:%u: %s", h->diag.line, h->diag.column, h->diag.message);
    if (st != TGX_OK)
        return 0;
    st = tgx_exec_machine_create(h->prog, lanes, &h->m, &h->diag);
    TGX_CHECK(st == TGX_OK, "machine: %s", h->diag.message);
    return st == TGX_OK;
}

static inline void xh_close(xh *h)
{
    tgx_exec_machine_destroy(h->m);
    tgx_exec_program_destroy(h->prog);
    tgx_tgsi_free(h->sh);
    memset(h, 0, sizeof(*h));
}

static inline void xh_set_in_u(xh *h, unsigned reg, unsigned lane, const uint32_t v[4])
{
    for (unsigned c = 0; c < 4; c++)
        tgx_exec_input(h->m, reg, c)[lane].u = v[c];
}

static inline void xh_set_in_f(xh *h, unsigned reg, unsigned lane, float x, float y, float z,
                               float w)
{
    float v[4] = {x, y, z, w};
    for (unsigned c = 0; c < 4; c++)
        tgx_exec_input(h->m, reg, c)[lane].f = v[c];
}

static inline uint32_t xh_out_u(xh *h, unsigned reg, unsigned chan, unsigned lane)
{
    return tgx_exec_output(h->m, reg, chan)[lane].u;
}

static inline float xh_out_f(xh *h, unsigned reg, unsigned chan, unsigned lane)
{
    return tgx_exec_output(h->m, reg, chan)[lane].f;
}

static inline uint32_t xh_fbits(float f)
{
    return tgx_f2bits(f);
}

/* Same bits, or both NaN. */
static inline int xh_same_f(float a, float b)
{
    return (isnan(a) && isnan(b)) || tgx_f2bits(a) == tgx_f2bits(b);
}

#endif
