/* The comparison cannot pass a wrong reference (issue 15): corpus cases are run once, then their
 * references are altered in memory the ways that used to pass, and each must FAIL with the
 * number of altered values outside. The unaltered references must pass bit for bit (every corpus
 * case below matches softpipe in every value).
 *  - alu_special_values: bit 22 flipped in every word of channels y, z, w (the drivers agree
 *    there), in softpipe's file alone and in both files;
 *  - tex_size_levels_query: 7.5 added to every .w (drivers agree on .w), one file and both;
 *  - tex2d_bilinear_hash: 1/64 added to every .x of both files (the drivers differ in every value,
 *    by up to 0.0059 anywhere in the case and 0.0048 in .x), and 0.5 added to softpipe's .x
 *    alone (beyond llvmpipe and the channel figure);
 *  - shadow_cube: softpipe's 0/1 results flipped (1 - s) where llvmpipe's filtered value lies
 *    strictly between 0 and 1: the replayed s is then outside [min(1-s, l), max(1-s, l)]. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/replay.h"
#include "tgx/util.h"
#include "tgx_test.h"

typedef struct replayed {
    tgx_case c;
    char dir[512];
    tgx_tgxr got, sp, lp; /* result 0 */
    bool ok;
} replayed;

static bool open_case(replayed *r, const char *name)
{
    tgx_diag d;
    memset(r, 0, sizeof *r);
    snprintf(r->dir, sizeof r->dir, "%s/corpus/%s", TGX_TEST_DATA, name);
    if (tgx_case_load(r->dir, &r->c, &d) < 0) {
        TGX_CHECK(0, "%s: %s", name, d.message);
        return false;
    }
    tgx_tgxr *outs = calloc(r->c.result_count, sizeof *outs);
    r->ok = outs && tgx_case_execute(&r->c, r->dir, NULL, outs, &d) == TGX_OK &&
            tgx_case_read_refs(&r->c, 0, r->dir, &r->sp, &r->lp, &d) == TGX_OK;
    TGX_CHECK(r->ok, "%s: %s", name, d.message);
    if (r->ok) {
        r->got = outs[0];
        for (size_t i = 1; i < r->c.result_count; i++)
            tgx_tgxr_free(&outs[i]);
    }
    free(outs);
    return r->ok;
}

static void close_case(replayed *r)
{
    tgx_tgxr_free(&r->got);
    tgx_tgxr_free(&r->sp);
    tgx_tgxr_free(&r->lp);
    tgx_case_free(&r->c);
}

static tgx_case_diff compare(const replayed *r, const tgx_tgxr *sp, const tgx_tgxr *lp)
{
    tgx_case_diff df;
    tgx_case_compare(&r->c.results[0], &r->got, sp, lp, &df);
    return df;
}

static tgx_tgxr copy_of(const tgx_tgxr *img)
{
    tgx_tgxr c = *img;
    size_t n = (size_t)img->width * img->height * img->channels;
    c.words = malloc(n * 4);
    if (c.words)
        memcpy(c.words, img->words, n * 4);
    return c;
}

/* Applies f to channel ch of every element of the listed images. */
static size_t alter(tgx_tgxr *a, tgx_tgxr *b, unsigned ch, uint32_t (*f)(uint32_t))
{
    size_t n = (size_t)a->width * a->height, count = 0;
    for (size_t e = 0; e < n; e++, count++) {
        a->words[e * a->channels + ch] = f(a->words[e * a->channels + ch]);
        if (b)
            b->words[e * b->channels + ch] = f(b->words[e * b->channels + ch]);
    }
    return count;
}

static uint32_t flip22(uint32_t w)
{
    return w ^ (1u << 22);
}

static uint32_t plus_7_5(uint32_t w)
{
    return tgx_f2bits(tgx_bits2f(w) + 7.5f);
}

static uint32_t plus_64th(uint32_t w)
{
    return tgx_f2bits(tgx_bits2f(w) + 1.0f / 64.0f);
}

static uint32_t plus_half(uint32_t w)
{
    return tgx_f2bits(tgx_bits2f(w) + 0.5f);
}

/* Alters channels `chans` (bit mask) with f, in softpipe's copy and, if both, llvmpipe's too;
 * the comparison must fail with every altered value outside. */
static void expect_fail(const replayed *r, unsigned chans, uint32_t (*f)(uint32_t), bool both,
                        const char *what)
{
    tgx_tgxr sp = copy_of(&r->sp), lp = copy_of(&r->lp);
    size_t altered = 0;
    for (unsigned ch = 0; ch < r->sp.channels; ch++)
        if (chans & (1u << ch))
            altered += alter(&sp, both ? &lp : NULL, ch, f);
    tgx_case_diff df = compare(r, &sp, &lp);
    TGX_CHECK(!df.pass && df.outside == altered, "%s %s: pass %d, %zu of %zu altered outside",
              r->c.name, what, df.pass, df.outside, altered);
    tgx_tgxr_free(&sp);
    tgx_tgxr_free(&lp);
}

static void expect_exact(const replayed *r)
{
    tgx_case_diff df = compare(r, &r->sp, &r->lp);
    TGX_CHECK(df.pass && df.bit_exact == df.values, "%s unaltered: %zu/%zu bit-exact", r->c.name,
              df.bit_exact, df.values);
}

/* shadow_cube: .x of softpipe flipped 0 <-> 1 where llvmpipe is strictly inside (0, 1). */
static void shadow_flip(const replayed *r)
{
    tgx_tgxr sp = copy_of(&r->sp);
    size_t n = (size_t)sp.width * sp.height, altered = 0;
    for (size_t e = 0; e < n; e++) {
        float s = tgx_bits2f(sp.words[e * 4]), l = tgx_bits2f(r->lp.words[e * 4]);
        if (l > 0.0f && l < 1.0f && (s == 0.0f || s == 1.0f)) {
            sp.words[e * 4] = tgx_f2bits(1.0f - s);
            altered++;
        }
    }
    tgx_case_diff df = compare(r, &sp, &r->lp);
    TGX_CHECK(altered > 1000 && !df.pass && df.outside == altered,
              "shadow_cube flipped: %zu altered, %zu outside", altered, df.outside);
    tgx_tgxr_free(&sp);
}

int main(void)
{
    replayed r;
    if (open_case(&r, "alu_special_values")) {
        expect_exact(&r);
        expect_fail(&r, 0xe, flip22, false, "bit 22 of y, z, w in softpipe's file");
        expect_fail(&r, 0xe, flip22, true, "bit 22 of y, z, w in both files");
    }
    close_case(&r);
    if (open_case(&r, "tex_size_levels_query")) {
        expect_exact(&r);
        expect_fail(&r, 0x8, plus_7_5, false, "w + 7.5 in softpipe's file");
        expect_fail(&r, 0x8, plus_7_5, true, "w + 7.5 in both files");
    }
    close_case(&r);
    if (open_case(&r, "tex2d_bilinear_hash")) {
        expect_exact(&r);
        expect_fail(&r, 0x1, plus_64th, true, "x + 1/64 in both files");
        expect_fail(&r, 0x1, plus_half, false, "x + 0.5 in softpipe's file");
    }
    close_case(&r);
    if (open_case(&r, "shadow_cube")) {
        expect_exact(&r);
        shadow_flip(&r);
    }
    close_case(&r);
    return tgx_test_finish();
}
