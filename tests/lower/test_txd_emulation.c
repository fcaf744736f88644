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
        tgx_tgsi_shader *sh = NULL;
        tgx_diag d;
        if (tgx_tgsi_parse(c.text, strlen(c.text), "gen", &sh, &d) != TGX_OK) {
            TGX_CHECK(0, "seed %u: %s\n%s", seed, d.message, c.text);
            continue;
        }
        tgx_tex *tex = gen_texture(&c);
        if (!tex) {
            skipped++;
            tgx_tgsi_free(sh);
            continue;
        }
        tgx_lower_runner *runner = NULL;
        tgx_diag_list diags;
        tgx_diag_list_init(&diags);
        tgx_status st =
            tgx_lower_runner_create(sh, "gen", (tgx_sm5_arch)(seed % 3), &runner, &diags);
        TGX_CHECK(st == TGX_OK, "seed %u: lowering failed: %s\n%s", seed,
                  diags.count ? diags.items[0].message : "?", c.text);
        const tgx_lower_program *lp = runner ? tgx_lower_runner_program(runner) : NULL;
        TGX_CHECK(!lp || (lp->count == 1 && lp->insts[0].ncode > 0),
                  "seed %u: the TXD is not emulated\n%s", seed, c.text);
        tgx_diag_list_free(&diags);
        for (int pr = 0; pr < 2 && st == TGX_OK; pr++) {
            tgx_tex_profile prof = pr ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
            uint32_t direct[4][GEN_LANES], lowered[4][GEN_LANES];
            tgx_diag d1, d2;
            if (gen_run(&c, sh, &c.view, prof, NULL, direct, &d1) != TGX_OK) {
                skipped++;
                continue;
            }
            tgx_status s2 = gen_run(&c, sh, &c.view, prof, runner, lowered, &d2);
            TGX_CHECK(s2 == TGX_OK, "seed %u: lowered run failed: %s", seed, d2.message);
            if (s2 != TGX_OK)
                continue;
            int bad = 0;
            for (unsigned ch = 0; ch < 4; ch++)
                for (unsigned i = 0; i < GEN_LANES; i++) {
                    values++;
                    if (lowered[ch][i] != direct[ch][i] && bad++ < 3)
                        TGX_CHECK(
                            0, "seed %u (%s %s, %s): lane %u .%c: direct 0x%08x, lowered 0x%08x",
                            seed, c.op->name, tgx_tgsi_texture_name(c.target),
                            prof ? "nv" : "exact", i, "xyzw"[ch], direct[ch][i], lowered[ch][i]);
                }
            if (bad)
                fprintf(stderr, "%s", c.text);
            else
                TGX_CHECK(1, "ok");
            compared++;
        }
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
