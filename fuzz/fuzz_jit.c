/* libFuzzer target for the shader compiler (src/jit): random valid programs through the
 * interpreter and the compiled code, which must agree on every bit.
 *
 * The bytes drive tests/jit/jit_gen.h's generator (the first byte the stage and the size, the
 * rest the draws; past their end a generator seeded from them): every opcode the compiler takes,
 * modifiers, swizzles, write masks, _SAT, indirect operands, IF/ELSE, loops with BRK/CONT/
 * BREAKC, SWITCH, subroutines, KILL, the whole-run instructions at the top level, and special
 * values in every register and constant. The program must compile (the generator only makes
 * programs the compiler takes); it then runs as a fragment run of 16 lanes with helper lanes, a
 * vertex run of 13 or a compute block of 12 under the rules the bytes pick, and the statuses,
 * messages, killed lanes and every register of every lane must be the same. Anything else
 * aborts with the program. Where tgx was built without LLVM there is nothing to compare.
 *
 * Build: cmake -DTGX_FUZZ=ON with clang; run: `make fuzz-smoke` (seeds in fuzz/corpus/fuzz_jit/).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/jit/jit_gen.h"
#include "exec/exec_internal.h"
#include "tgx/exec.h"
#include "tgx/jit.h"
#include "tgx/tgsi.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void broken(const char *what, const char *text)
{
    fprintf(stderr, "fuzz_jit: %s\n%s\n", what, text);
    abort();
}

static void fill(tgx_exec_machine *const m[2], const tgx_exec_program *p, jgen *g)
{
    uint32_t imm0 = p->base[XF_IMM], imm1 = imm0 + p->count[XF_IMM] * 4;
    for (uint32_t s = 0; s < p->nslots; s++) {
        if (s >= imm0 && s < imm1)
            continue; /* the immediates are the program's */
        for (unsigned i = 0; i < m[0]->W; i++) {
            uint32_t w = jgen_special(g);
            m[0]->store[(size_t)s * m[0]->W + i].u = w;
            m[1]->store[(size_t)s * m[1]->W + i].u = w;
        }
    }
}

static tgx_status run(tgx_exec_machine *m, unsigned stage, const tgx_lane_mask *active,
                      tgx_lane_mask *killed, tgx_diag *d)
{
    static const uint32_t id[3] = {1, 0, 0}, grid[3] = {2, 1, 1};
    if (stage == 1)
        return tgx_exec_run_fragment(m, 16, active, killed, d);
    if (stage == 0)
        return tgx_exec_run_vertex(m, 13, d);
    return tgx_exec_run_compute(m, id, grid, d);
}

static void compare(tgx_exec_machine *const m[2], const tgx_exec_program *p, unsigned stage,
                    const char *text)
{
    tgx_lane_mask active[16], killed[2][16];
    tgx_diag d[2];
    memset(killed, 0, sizeof killed);
    for (unsigned i = 0; i < 16; i++)
        active[i] = (i * 7u + p->ninsts) % 5u ? ~0u : 0u;
    tgx_status st[2];
    for (unsigned k = 0; k < 2; k++)
        st[k] = run(m[k], stage, active, killed[k], &d[k]);
    if (st[0] != st[1])
        broken("the statuses differ", text);
    if (st[0] != TGX_OK) {
        /* a budget stop may come at another instruction with several lane groups (docs/jit.md) */
        if (st[0] == TGX_ERR_LIMIT && strstr(d[0].message, "budget"))
            return;
        if (strcmp(d[0].message, d[1].message) || d[0].line != d[1].line)
            broken("the messages differ", text);
        return;
    }
    if (memcmp(killed[0], killed[1], sizeof killed[0]))
        broken("the killed lanes differ", text);
    for (uint32_t s = 0; s < p->nslots; s++)
        for (unsigned i = 0; i < 16; i++)
            if (m[0]->store[(size_t)s * m[0]->W + i].u != m[1]->store[(size_t)s * m[1]->W + i].u)
                broken("a register differs", text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static jgen g;
    if (!tgx_jit_available(NULL) || size < 2)
        return 0;
    memset(&g, 0, sizeof g);
    g.bytes = data + 2;
    g.nbytes = size - 2;
    g.state = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < size; i++)
        g.state = (g.state ^ data[i]) * 0x100000001b3ull;
    g.state |= 1;
    unsigned stage = data[0] % 3, rules = data[1] & 3u;
    const char *text = jgen_program(&g, jgen_compiled_alu, stage, 2 + (data[0] >> 2) % 12);
    tgx_tgsi_shader *sh = NULL;
    tgx_exec_program *p = NULL;
    tgx_jit_program *jp = NULL;
    tgx_exec_machine *m[2] = {NULL, NULL};
    tgx_diag d;
    if (tgx_tgsi_parse(text, strlen(text), "fuzz", &sh, &d) != TGX_OK ||
        tgx_exec_program_create(sh, "fuzz", &p, &d) != TGX_OK)
        broken("the generator made a program the interpreter refuses", text);
    if (tgx_jit_program_create(p, &jp, &d) != TGX_OK)
        broken(d.message, text);
    for (unsigned k = 0; k < 2; k++) {
        if (tgx_exec_machine_create(p, 16, &m[k], &d) != TGX_OK)
            broken(d.message, text);
        tgx_exec_set_f2i_rule(m[k], rules & 1 ? TGX_EXEC_F2I_X86 : TGX_EXEC_F2I_SATURATE);
        tgx_exec_set_denorm_rule(m[k], rules & 2 ? TGX_EXEC_DENORMS_FLUSH : 0);
        tgx_exec_set_budget(m[k], 5000);
        tgx_exec_bind_constants(m[k], 0, g.cbuf, 32);
    }
    if (tgx_jit_attach(m[1], jp, &d) != TGX_OK)
        broken(d.message, text);
    fill(m, p, &g);
    compare(m, p, stage, text);
    for (unsigned k = 0; k < 2; k++)
        tgx_exec_machine_destroy(m[k]);
    tgx_jit_program_destroy(jp);
    tgx_exec_program_destroy(p);
    tgx_tgsi_free(sh);
    return 0;
}
