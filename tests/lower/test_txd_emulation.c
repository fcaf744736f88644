/* The TXD emulation (src/lower/txd.c: gradients on 3D, cube and cube-array targets and with a
 * depth reference, as ptxas and nouveau lower them) on generated programs (fixed seeds): random
 * targets, formats, textures, views, samplers, offsets, write masks, quads whose four lanes all
 * have their own coordinates, array index, reference and gradients, inactive lanes and a
 * divergent UIF. Operands lie on a dyadic grid, so that P + dPdx and P + dPdx + dPdy are exact
 * sums: the quad's implicit derivatives are then the explicit gradients, and the lowered and
 * emulated results must be the direct ones bit for bit, in the exact profile (both LOD rules)
 * and the nv profile. Left to the Mesa cases (translation/test_corpus_via_sm5): operands off the
 * grid (the sums round), cube maps under GL's rule (its derivative against the quad's
 * difference) and anisotropic filtering (the samples' order follows the derivative's sign). */
#include "lower_gen.h"
#include "tgx_test.h"

#define CASES 600u

int main(void)
{
    unsigned compared = 0, skipped = 0, values = 0, shadow = 0, cube = 0, three_d = 0;
    for (uint32_t seed = 1; seed <= CASES; seed++) {
        gen_case c;
        gen_case_make_kind(&c, seed, true);
        tgx_tgsi_shader *sh;
        tgx_tex *tex;
        tgx_lower_runner *runner;
        if (!gen_prepare(&c, &sh, &tex, &runner, &skipped))
            continue;
        const tgx_lower_program *lp = runner ? tgx_lower_runner_program(runner) : NULL;
        TGX_CHECK(!lp || (lp->count == 1 && lp->insts[0].ncode > 0),
                  "seed %u: the TXD is not emulated\n%s", seed, c.text);
        for (int pr = 0; pr < 2 && runner; pr++)
            compared +=
                gen_check_profile(&c, sh, runner, pr ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT,
                                  NULL, &values, &skipped);
        const tgx_tex_target_info *ti = tgx_tex_target_get(c.tex_target);
        shadow += c.shadow;
        cube += ti->cube;
        three_d += c.tex_target == TGX_TEX_3D;
        tgx_lower_runner_destroy(runner);
        tgx_tex_destroy(tex);
        tgx_tgsi_free(sh);
    }
    printf("TXD emulation: %u runs compared (%u values), %u skipped; %u shadow, %u cube, %u 3D "
           "programs\n",
           compared, values, skipped, shadow, cube, three_d);
    TGX_CHECK(compared >= 800 && shadow >= 100 && cube >= 100 && three_d >= 50,
              "too few runs of a kind");
    return tgx_test_finish();
}
