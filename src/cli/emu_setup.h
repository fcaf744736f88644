/* The setup of `tgx emu`: a hand-written text file that fills a warp (registers, predicates,
 * masks, constant bank words, texture headers and samplers), and the default setup used when
 * none is given. docs/sm5-emu.md, "tgx emu", describes the format. */
#ifndef TGX_CLI_EMU_SETUP_H
#define TGX_CLI_EMU_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "tgx/sm5_emu.h"

/* The most texel bytes a setup's textures may hold together (every level, sample and header). */
#define EMU_SETUP_TEXTURE_BUDGET ((uint64_t)512 << 20)

/* What the setup made: the textures it owns (destroyed by emu_setup_free), which registers and
 * predicates it set, and the profile every sampler gets (when one was named). */
typedef struct emu_setup {
    tgx_sm5_emu *emu;
    tgx_tex **tex;
    size_t ntex, captex;
    uint64_t tex_bytes, tex_budget; /* what they hold, and the most (EMU_SETUP_TEXTURE_BUDGET) */
    bool reg_set[TGX_SM5_EMU_REGS];
    bool profile_set;
    tgx_tex_profile profile;
    unsigned tex_bank; /* the bank `texbank` chose, where `bind` writes */
    /* the default setup's textures, one per shape (spec): headers of every instruction that
     * needs that shape show the same texture (40,000 bindless instructions made 40,000) */
    struct emu_default_tex {
        char spec[96];
        tgx_tex *tex;
    } defaults[16];
    size_t ndefaults;
} emu_setup;

void emu_setup_init(emu_setup *s, tgx_sm5_emu *emu);
/* Takes ownership of a texture a header of the setup shows; false when out of memory. */
bool emu_setup_keep(emu_setup *s, tgx_tex *t);
void emu_setup_free(emu_setup *s);

/* Runs the statements of text (size bytes; file names the diagnostics, and its folder is where
 * relative texture file names are found) on the warp. The first problem stops it: d has file,
 * line, column and the reason, and that statement changed nothing. */
tgx_status emu_setup_parse(emu_setup *s, const char *text, size_t size, const char *file,
                           tgx_diag *d);

/* The default setup for a program: every texture index it names bound to a small mipmapped
 * texture of its target (a depth texture for .DC, multisampled for .MS) with a linear sampler,
 * bindless handles pointing at it, and every register the program reads before writing filled
 * by the role it plays (coordinates of an 8x4-pixel tile, LOD 1, layer 1, reference 0.5, ...). */
tgx_status emu_setup_defaults(emu_setup *s, const tgx_sm5_insn *insns, size_t n, tgx_diag *d);

/* Applies the profile named by the setup or --profile to every sampler the pool holds. */
void emu_setup_apply_profile(emu_setup *s, tgx_tex_profile p);

#endif
