/* The setup language's state (tgx/sm5_emu_setup.h; the statements are setup.c's, expressions
 * and values setup_expr.c's, the default warp setup setup_defaults.c's). docs/sm5-emu.md,
 * "Setup files", describes the format. */
#ifndef TGX_EMU_SETUP_H
#define TGX_EMU_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "tgx/sm5_emu.h"
#include "tgx/sm5_emu_setup.h"

/* The most texel bytes a setup's textures may hold together (every level, sample and header). */
#define EMU_SETUP_TEXTURE_BUDGET ((uint64_t)512 << 20)
/* The most elements of one buffer (64 Mi) */
#define EMU_SETUP_MAX_ELEMS ((size_t)1 << 26)

/* What the setup made: the textures it owns (destroyed with it), which registers and
 * predicates it set, the profile every sampler gets (when one was named); for a kernel, its
 * buffers and launch. Exactly one of emu and kernel is set. */
struct tgx_sm5_emu_setup {
    tgx_sm5_emu *emu;
    tgx_sm5_kernel *kernel;
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
    tgx_sm5_emu_buffer *buffers;
    size_t nbuffers;
    bool any_show;
    tgx_sm5_launch launch;
};
typedef struct tgx_sm5_emu_setup emu_setup;

/* Takes ownership of a texture a header of the setup shows; false when out of memory. */
bool emu_setup_keep(emu_setup *s, tgx_tex *t);

#endif
