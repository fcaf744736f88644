/* Generated programs (fixed seeds) over every texture opcode, target, format, LOD mode, compare,
 * offset and gather component, with random textures, views and samplers: the interpreter's
 * results with the texture unit called directly and with every texture instruction lowered to
 * Maxwell and run by the warp emulator (tgx_lower_tex_hook) are the same bits, in the exact and
 * the nv profile. LODQ/LOD in the exact profile: the lowered result is the direct one truncated
 * to TMML's 8.8 fixed point (the one documented difference; nv keeps LODs in 1/256 steps). */
#include "lower_gen.h"
#include "tgx_test.h"

#define CASES 12000u

/* TMML's fixed point: v * 256 truncated, saturated to [lo, hi], back to float. */
static uint32_t fixed_lod(uint32_t bits, int32_t lo, int32_t hi)
{
    int32_t q = tgx_f2i_sat(tgx_bits2f(bits) * 256.0f);
    q = q < lo ? lo : q > hi ? hi : q;
    return tgx_f2bits((float)q / 256.0f);
}

static bool lod_opcode(const gen_case *c)
{
    return c->op->lod_query;
}

/* The value the lowering must give for OUT[0].ch when the direct run gave `direct`. */
static uint32_t expected(const gen_case *c, tgx_tex_profile prof, unsigned ch, uint32_t direct)
{
    if (!lod_opcode(c) || prof != TGX_TEX_PROFILE_EXACT)
        return direct;
    /* destination component ch holds LOD channel swz[ch] (LOD) or ch (LODQ) */
    unsigned from = ch;
    if (strcmp(c->op->name, "LOD") == 0)
        from = c->swz[ch] == 'y' ? 1 : c->swz[ch] == 'x' ? 0 : 2;
    if (!(c->dst_mask >> ch & 1u))
        return direct;
    return from == 0   ? fixed_lod(direct, 0, 65535)
           : from == 1 ? fixed_lod(direct, -32768, 32767)
                       : direct;
}

int main(void)
{
    unsigned compared = 0, skipped = 0, values = 0, per_op[GEN_NOPS] = {0};
    for (uint32_t seed = 1; seed <= CASES; seed++) {
        gen_case c;
        gen_case_make(&c, seed);
        tgx_tgsi_shader *sh;
        tgx_tex *tex;
        tgx_lower_runner *runner;
        if (!gen_prepare(&c, &sh, &tex, &runner, &skipped))
            continue;
        for (int pr = 0; pr < 2 && runner; pr++) {
            tgx_tex_profile prof = pr ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
            if (gen_check_profile(&c, sh, runner, prof, expected, &values, &skipped)) {
                compared++;
                per_op[c.op - gen_ops]++;
            }
        }
        tgx_lower_runner_destroy(runner);
        tgx_tex_destroy(tex);
        tgx_tgsi_free(sh);
    }
    printf("equivalence: %u runs compared (%u values), %u skipped\n", compared, values, skipped);
    for (size_t k = 0; k < GEN_NOPS; k++) {
        printf("  %-12s %u\n", gen_ops[k].name, per_op[k]);
        TGX_CHECK(per_op[k] >= 20, "%s: only %u runs", gen_ops[k].name, per_op[k]);
    }
    return tgx_test_finish();
}
