/* libFuzzer target for `tgx emu`'s setup files (tgx/sm5_emu_setup.h, src/emu/setup.c).
 *
 * The input is a setup file, NUL bytes and all; when it parses, the tour's program
 * (examples/emu_tour.sass, one instruction of each class) runs on the warp it made, so the
 * registers, bindings, views, samplers and masks a setup can express reach the executors. Files
 * are not read: inputs naming a PNG or raw: data are skipped (a fuzzer must not open random
 * paths, nor stdin), and the texture budget is 1 MiB so that generators stay fast. Nothing is
 * compared: the target exists for the sanitizers -- every parse either succeeds or fails with a
 * position, never reads outside its line, overflows a number or leaks a texture.
 * Seeds: fuzz/corpus/fuzz_emu_setup (the examples' and docs' setups).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/sm5_emu_setup.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char tour[] = "TEXS.LZ R2, R0, R4, R5, 0x52, 2D, RGBA ;\n"
                           "TEXS.LL RZ, R6, R4, R12, 0x52, 2D, RG ;\n"
                           "TLDS.LZ RZ, R8, R10, R11, 0x52, 2D, RG ;\n"
                           "TLD4S.G R18, R16, R4, R5, 0x52 ;\n"
                           "TMML.LOD R20, R4, 0x52, 2D, 0x3 ;\n"
                           "TXQ R24, RZ, TEX_HEADER_DIMENSION, 0x52, 0xb ;\n"
                           "TEX.LB.DC R28, R4, R6, 0x52, ARRAY_2D, 0xf ;\n"
                           "TLD.B.LL.AOFFI R32, R8, R12, 0x0, 2D, 0xf ;\n";

static bool names_a_file(const uint8_t *data, size_t size)
{
    static const char *const words[] = {".png", "raw:"};
    for (size_t w = 0; w < 2; w++)
        for (size_t i = 0; i + 4 <= size; i++)
            if (!memcmp(data + i, words[w], 4))
                return true;
    return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (names_a_file(data, size))
        return 0;
    char *text = malloc(size + 1);
    tgx_sm5_emu *emu = NULL;
    if (!text || tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, NULL) < 0) {
        free(text);
        return 0;
    }
    memcpy(text, data, size);
    text[size] = 0;
    tgx_sm5_emu_setup *s = NULL;
    if (tgx_sm5_emu_setup_create(emu, &s, NULL) < 0) {
        tgx_sm5_emu_destroy(emu);
        free(text);
        return 0;
    }
    tgx_sm5_emu_setup_set_texture_budget(s, 1u << 20);
    tgx_diag d;
    tgx_tex_profile profile;
    if (tgx_sm5_emu_setup_parse(s, text, size, "fuzz.setup", &d) == TGX_OK) {
        if (tgx_sm5_emu_setup_profile(s, &profile))
            tgx_sm5_emu_setup_apply_profile(s, profile);
        tgx_sm5_emu_run_text(emu, tour, &d);
    } else if (d.line == 0 || d.column == 0) {
        abort(); /* every setup error has a position */
    }
    tgx_sm5_emu_destroy(emu);
    tgx_sm5_emu_setup_destroy(s);
    free(text);
    return 0;
}
