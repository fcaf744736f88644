/* libFuzzer target for the TGSI <-> Maxwell translation (src/lower).
 *
 * The first byte picks what the rest is:
 *   odd:  TGSI text. When it parses, every texture instruction is lowered for the three archs;
 *         each lowered instruction must pass the legality checker (the lowering checks itself)
 *         and the listing must assemble (tgx as) into exactly one word per lowered instruction
 *         (the TXD emulation: its words, the same ones).
 *   even: 8-byte little-endian words, decoded for sm_52 (those nvdisasm accepts); their lift,
 *         when nothing is refused, must be TGSI the parser and the validator accept, and lift
 *         with unit-per-word too.
 * A broken property calls abort(), which libFuzzer reports with the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/lower.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_lower: %s\n%s\n", what, detail);
    abort();
}

static void lower_text(const char *text, size_t len)
{
    tgx_tgsi_shader *sh = NULL;
    tgx_diag d;
    if (tgx_tgsi_parse(text, len, "fuzz", &sh, &d) != TGX_OK)
        return;
    for (int a = 0; a < TGX_SM5_ARCH_COUNT; a++) {
        tgx_lower_program p;
        tgx_diag_list diags;
        tgx_diag_list_init(&diags);
        tgx_status st = tgx_lower_shader(sh, "fuzz", (tgx_sm5_arch)a, &p, &diags);
        for (size_t i = 0; i < diags.count; i++)
            if (strstr(diags.items[i].message, "internal error"))
                fail("the lowering made an instruction it cannot encode or check",
                     diags.items[i].message);
        char *listing = NULL;
        size_t n = 0;
        if ((st == TGX_OK || st == TGX_ERR_INVALID) &&
            tgx_lower_print(sh, "fuzz", &p, &listing, &n) == TGX_OK) {
            tgx_sm5_program prog;
            if (tgx_sm5_assemble(listing, n, "listing", (tgx_sm5_arch)a, &prog, &d) != TGX_OK)
                fail("the listing does not assemble", d.message);
            size_t words = 0;
            for (size_t k = 0; k < p.count; k++)
                words += p.insts[k].ncode ? p.insts[k].ncode : 1u;
            if (prog.count != words)
                fail("the listing assembles to another number of words", listing);
            for (size_t k = 0, w = 0; k < p.count && prog.count == words; k++) {
                size_t nw = p.insts[k].ncode ? p.insts[k].ncode : 1u;
                for (size_t j = 0; j < p.insts[k].ncode; j++)
                    if (prog.insns[w + j].word != p.insts[k].code[j])
                        fail("the TXD emulation's listing assembles to other words", listing);
                w += nw;
            }
            tgx_sm5_program_free(&prog);
        }
        free(listing);
        tgx_lower_program_free(&p);
        tgx_diag_list_free(&diags);
    }
    tgx_tgsi_free(sh);
}

static void check_lift(const tgx_lift_item *items, size_t n, bool per_word)
{
    tgx_lift_opts o = {TGX_SM5_ARCH_SM52, TGX_TGSI_PROC_FRAG, per_word};
    tgx_diag_list diags;
    tgx_diag_list_init(&diags);
    char *text = NULL;
    size_t len = 0;
    if (tgx_lift(items, n, &o, "fuzz", &text, &len, &diags) == TGX_OK) {
        tgx_tgsi_shader *sh = NULL;
        tgx_diag d;
        if (tgx_tgsi_parse(text, len, "lifted", &sh, &d) != TGX_OK)
            fail(d.message, text);
        tgx_diag_list found;
        tgx_diag_list_init(&found);
        if (tgx_tgsi_validate(sh, "lifted", &found) != TGX_OK)
            fail(found.count ? found.items[0].message : "the validator refuses the lift", text);
        tgx_diag_list_free(&found);
        tgx_tgsi_free(sh);
    }
    free(text);
    tgx_diag_list_free(&diags);
}

static void lift_words(const uint8_t *data, size_t size)
{
    tgx_lift_item items[64];
    size_t n = 0;
    for (size_t k = 0; k + 8 <= size && n < 64; k += 8) {
        uint64_t w = 0;
        for (int b = 7; b >= 0; b--)
            w = w << 8 | data[k + (size_t)b];
        memset(&items[n], 0, sizeof items[n]);
        tgx_diag d;
        if (tgx_sm5_decode(w, TGX_SM5_ARCH_SM52, &items[n].insn, &d) == TGX_OK) {
            items[n].addr = k;
            n++;
        }
    }
    check_lift(items, n, false);
    check_lift(items, n, true);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (data[0] & 1)
        lower_text((const char *)data + 1, size - 1);
    else
        lift_words(data + 1, size - 1);
    return 0;
}
