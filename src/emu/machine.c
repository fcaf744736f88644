/* The warp emulator's state: registers, predicates, masks, constant banks and the header and
 * sampler pools (tgx/sm5_emu.h describes the model). */
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"
#include "tgx/util.h"

void tgx_sm5_emu_header_init(tgx_sm5_emu_header *h, const tgx_tex *tex)
{
    memset(h, 0, sizeof *h);
    tgx_tex_view_init(&h->view, tex);
}

tgx_status tgx_sm5_emu_create(tgx_sm5_arch arch, tgx_sm5_emu **out, tgx_diag *d)
{
    if (!out || (unsigned)arch >= TGX_SM5_ARCH_COUNT)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "emulator needs an arch sm_50..sm_53");
    tgx_sm5_emu *e = calloc(1, sizeof *e);
    if (!e)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory for the warp");
    e->arch = arch;
    e->active = 0xffffffffu;
    e->quads = true;
    e->header_max = TGX_SM5_EMU_MAX_HEADER;
    e->sampler_max = TGX_SM5_EMU_MAX_SAMPLER;
    *out = e;
    return TGX_OK;
}

void tgx_sm5_emu_destroy(tgx_sm5_emu *emu)
{
    if (!emu)
        return;
    for (unsigned b = 0; b < TGX_SM5_EMU_BANKS; b++)
        free(emu->bank[b]);
    free(emu->headers);
    free(emu->samplers);
    free(emu->local);
    free(emu->stack);
    free(emu);
}

tgx_sm5_arch tgx_sm5_emu_arch(const tgx_sm5_emu *emu)
{
    return emu->arch;
}

/* ---- registers and predicates ---------------------------------------------------------------- */

void tgx_sm5_emu_set_reg(tgx_sm5_emu *emu, unsigned thread, unsigned reg, uint32_t value)
{
    if (thread < EMU_W && reg < TGX_SM5_EMU_REGS) {
        emu->reg[reg][thread] = value;
        emu->reg_kind[reg][thread] = TGX_SM5_EMU_RAW;
    }
}

void tgx_sm5_emu_set_reg_f(tgx_sm5_emu *emu, unsigned thread, unsigned reg, float value)
{
    tgx_sm5_emu_set_reg(emu, thread, reg, tgx_f2bits(value));
    if (thread < EMU_W && reg < TGX_SM5_EMU_REGS)
        emu->reg_kind[reg][thread] = TGX_SM5_EMU_FLOAT;
}

tgx_sm5_emu_kind tgx_sm5_emu_reg_kind(const tgx_sm5_emu *emu, unsigned thread, unsigned reg)
{
    return thread < EMU_W && reg < TGX_SM5_EMU_REGS ? (tgx_sm5_emu_kind)emu->reg_kind[reg][thread]
                                                    : TGX_SM5_EMU_RAW;
}

uint32_t tgx_sm5_emu_reg(const tgx_sm5_emu *emu, unsigned thread, unsigned reg)
{
    return thread < EMU_W && reg < TGX_SM5_EMU_REGS ? emu->reg[reg][thread] : 0u;
}

float tgx_sm5_emu_reg_f(const tgx_sm5_emu *emu, unsigned thread, unsigned reg)
{
    return tgx_bits2f(tgx_sm5_emu_reg(emu, thread, reg));
}

void tgx_sm5_emu_set_pred(tgx_sm5_emu *emu, unsigned thread, unsigned pred, bool value)
{
    if (thread >= EMU_W || pred >= TGX_SM5_EMU_PREDS)
        return;
    if (value)
        emu->pred[pred] |= 1u << thread;
    else
        emu->pred[pred] &= ~(1u << thread);
}

bool tgx_sm5_emu_pred(const tgx_sm5_emu *emu, unsigned thread, unsigned pred)
{
    if (thread >= EMU_W)
        return false;
    if (pred == TGX_SM5_PT)
        return true;
    return pred < TGX_SM5_EMU_PREDS && (emu->pred[pred] >> thread & 1u);
}

bool tgx_sm5_emu_reg_written(const tgx_sm5_emu *emu, unsigned reg)
{
    return reg < TGX_SM5_EMU_REGS && (emu->reg_written[reg / 32] >> (reg % 32) & 1u);
}

bool tgx_sm5_emu_pred_written(const tgx_sm5_emu *emu, unsigned pred)
{
    return pred < TGX_SM5_EMU_PREDS && (emu->pred_written >> pred & 1u);
}

void tgx_sm5_emu_clear_written(tgx_sm5_emu *emu)
{
    memset(emu->reg_written, 0, sizeof emu->reg_written);
    emu->pred_written = 0;
}

void tgx_sm5_emu_set_active(tgx_sm5_emu *emu, uint32_t mask)
{
    emu->active = mask;
}

uint32_t tgx_sm5_emu_active(const tgx_sm5_emu *emu)
{
    return emu->active;
}

void tgx_sm5_emu_set_helpers(tgx_sm5_emu *emu, uint32_t mask)
{
    emu->helpers = mask;
}

void tgx_sm5_emu_set_quads(tgx_sm5_emu *emu, bool quads)
{
    emu->quads = quads;
}

/* ---- constant banks and bindings ---------------------------------------------------------- */

tgx_status tgx_sm5_emu_set_cbank(tgx_sm5_emu *emu, unsigned bank, unsigned word, uint32_t value,
                                 tgx_diag *d)
{
    if (bank >= TGX_SM5_EMU_BANKS || word >= TGX_SM5_EMU_BANK_WORDS)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "constant bank word c[0x%x][0x%x] is outside c[0x0..0x11][0x0..0xfffc]",
                            bank, word * 4u);
    if (!emu->bank[bank]) {
        emu->bank[bank] = calloc(TGX_SM5_EMU_BANK_WORDS, sizeof(uint32_t));
        if (!emu->bank[bank])
            return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory for bank %u", bank);
    }
    emu->bank[bank][word] = value;
    return TGX_OK;
}

uint32_t tgx_sm5_emu_cbank(const tgx_sm5_emu *emu, unsigned bank, unsigned word)
{
    if (bank >= TGX_SM5_EMU_BANKS || word >= TGX_SM5_EMU_BANK_WORDS || !emu->bank[bank])
        return 0;
    return emu->bank[bank][word];
}

tgx_status tgx_sm5_emu_set_tex_bank(tgx_sm5_emu *emu, unsigned bank, tgx_diag *d)
{
    if (bank >= TGX_SM5_EMU_BANKS)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "texture bank %u is not one of c[0x0]..c[0x11]", bank);
    emu->tex_bank = bank;
    return TGX_OK;
}

void tgx_sm5_emu_set_via_header_binding(tgx_sm5_emu *emu, bool on)
{
    emu->via_header = on;
}

/* ---- pools ---------------------------------------------------------------------------------- */

/* Grows a pool of `size`-byte slots so that index fits; new slots are zero (unset). */
static bool pool_reserve(void **slots, uint32_t *n, uint32_t index, size_t size)
{
    if (index < *n)
        return true;
    uint32_t want = *n ? *n : 16;
    while (want <= index)
        want = want > UINT32_MAX / 2 ? index + 1 : want * 2;
    void *p = realloc(*slots, (size_t)want * size);
    if (!p)
        return false;
    memset((char *)p + (size_t)*n * size, 0, (size_t)(want - *n) * size);
    *slots = p;
    *n = want;
    return true;
}

tgx_status tgx_sm5_emu_set_header(tgx_sm5_emu *emu, uint32_t index, const tgx_sm5_emu_header *h,
                                  tgx_diag *d)
{
    if (index > TGX_SM5_EMU_MAX_HEADER || !h || !h->view.tex)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "header %u: a header needs a texture and an index up to 0x%x", index,
                            TGX_SM5_EMU_MAX_HEADER);
    tgx_diag why;
    if (tgx_tex_view_check(&h->view, &why) < 0) /* the executors index with it */
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "header %u: %s", index, why.message);
    void *slots = emu->headers;
    if (!pool_reserve(&slots, &emu->nheaders, index, sizeof(emu_header_slot)))
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory for header %u", index);
    emu->headers = slots;
    emu->headers[index].h = *h;
    emu->headers[index].set = true;
    return TGX_OK;
}

tgx_status tgx_sm5_emu_set_sampler(tgx_sm5_emu *emu, uint32_t index, const tgx_sampler *s,
                                   tgx_diag *d)
{
    if (index > TGX_SM5_EMU_MAX_SAMPLER || !s)
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "sampler %u: a sampler needs an index up to 0x%x", index,
                            TGX_SM5_EMU_MAX_SAMPLER);
    void *slots = emu->samplers;
    if (!pool_reserve(&slots, &emu->nsamplers, index, sizeof(emu_sampler_slot)))
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory for sampler %u", index);
    emu->samplers = slots;
    emu->samplers[index].s = *s;
    emu->samplers[index].set = true;
    return TGX_OK;
}

void tgx_sm5_emu_clear_header(tgx_sm5_emu *emu, uint32_t index)
{
    if (index < emu->nheaders)
        emu->headers[index].set = false;
}

void tgx_sm5_emu_clear_sampler(tgx_sm5_emu *emu, uint32_t index)
{
    if (index < emu->nsamplers)
        emu->samplers[index].set = false;
}

void tgx_sm5_emu_set_header_max(tgx_sm5_emu *emu, uint32_t max_index)
{
    emu->header_max = max_index;
}

void tgx_sm5_emu_set_sampler_max(tgx_sm5_emu *emu, uint32_t max_index)
{
    emu->sampler_max = max_index;
}

const tgx_sm5_emu_header *tgx_sm5_emu_header_at(const tgx_sm5_emu *emu, uint32_t index)
{
    if (index > emu->header_max || index >= emu->nheaders || !emu->headers[index].set)
        return NULL;
    return &emu->headers[index].h;
}

const tgx_sampler *tgx_sm5_emu_sampler_at(const tgx_sm5_emu *emu, uint32_t index)
{
    if (index > emu->sampler_max || index >= emu->nsamplers || !emu->samplers[index].set)
        return NULL;
    return &emu->samplers[index].s;
}
