/* A replayed result against the references: softpipe's file, and llvmpipe's where the two
 * drivers differ. The per-value rule is in tgx/replay.h (tgx_case_compare) and docs/replay.md. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "tgx/replay.h"
#include "tgx/util.h"

static tgx_status read_ref(const char *dir, const char *file, const tgx_case_result *r,
                           tgx_tgxr *out, tgx_diag *d)
{
    char path[4096];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, file) >= sizeof path)
        return tgx_diag_set(d, TGX_ERR_ARG, file, 0, 0, "path too long");
    tgx_tgxr shape = {r->width, r->height, (uint16_t)r->channels, (uint16_t)r->type, NULL};
    return tgx_tgxr_read_expected(path, &shape, out, d);
}

tgx_status tgx_case_check_refs(const tgx_case *c, const char *dir, tgx_diag *d)
{
    for (size_t i = 0; i < c->result_count; i++) {
        const tgx_case_result *r = &c->results[i];
        tgx_status st = read_ref(dir, r->file, r, NULL, d);
        if (st == TGX_OK && r->llvmpipe[0])
            st = read_ref(dir, r->llvmpipe, r, NULL, d);
        if (st != TGX_OK)
            return st;
    }
    return TGX_OK;
}

tgx_status tgx_case_read_refs(const tgx_case *c, size_t i, const char *dir, tgx_tgxr *softpipe,
                              tgx_tgxr *llvmpipe, tgx_diag *d)
{
    const tgx_case_result *r = &c->results[i];
    memset(softpipe, 0, sizeof *softpipe);
    memset(llvmpipe, 0, sizeof *llvmpipe);
    if (!r->llvmpipe[0] && r->max_abs_diff > 0)
        return tgx_diag_set(d, TGX_ERR_INVALID, r->file, 0, 0,
                            "softpipe and llvmpipe differ in %s (max_abs_diff %.9g) but the case "
                            "names no llvmpipe file to bound each value with",
                            r->name, r->max_abs_diff);
    tgx_status st = read_ref(dir, r->file, r, softpipe, d);
    if (st == TGX_OK && r->llvmpipe[0])
        st = read_ref(dir, r->llvmpipe, r, llvmpipe, d);
    if (st < 0)
        tgx_tgxr_free(softpipe);
    return st;
}

/* A value's number: float32 by value, the integer types as integers (exact in a double). */
static double as_number(tgx_case_type t, uint32_t w)
{
    if (t == TGX_CASE_F32)
        return (double)tgx_bits2f(w);
    return t == TGX_CASE_I32 ? (double)(int32_t)w : (double)w;
}

static bool is_nan(tgx_case_type t, uint32_t w)
{
    return t == TGX_CASE_F32 && isnan(tgx_bits2f(w));
}

/* |v - s|, infinite when exactly one of them is NaN, 0 when both are. */
static double distance(tgx_case_type t, uint32_t v, uint32_t s)
{
    if (is_nan(t, v) || is_nan(t, s))
        return is_nan(t, v) && is_nan(t, s) ? 0.0 : INFINITY;
    double a = as_number(t, v), b = as_number(t, s);
    return a == b ? 0.0 : fabs(a - b); /* inf == inf: caught before inf - inf */
}

/* The rule of tgx_case_compare for one value: v got, s softpipe, l llvmpipe, limit the case's
 * figure for the channel. */
static bool value_ok(tgx_case_type t, uint32_t v, uint32_t s, uint32_t l, double limit)
{
    if (v == s)
        return true;
    if (s == l)
        return false;
    /* NaN against NaN or a number: no distance to bound, so no figure of the case applies */
    if (is_nan(t, s) || is_nan(t, l)) {
        if (is_nan(t, s) && is_nan(t, l))
            return is_nan(t, v);
        return is_nan(t, v) || v == (is_nan(t, s) ? l : s);
    }
    if (is_nan(t, v) || limit == 0)
        return false;
    double a = as_number(t, v), lo = as_number(t, s), hi = as_number(t, l);
    if (lo > hi) {
        double tmp = lo;
        lo = hi;
        hi = tmp;
    }
    return a >= lo && a <= hi && distance(t, v, s) <= limit;
}

void tgx_case_compare(const tgx_case_result *r, const tgx_tgxr *got, const tgx_tgxr *softpipe,
                      const tgx_tgxr *llvmpipe, tgx_case_diff *out)
{
    memset(out, 0, sizeof *out);
    const tgx_tgxr *sp = softpipe, *lp = llvmpipe && llvmpipe->words ? llvmpipe : softpipe;
    if (got->width != sp->width || got->height != sp->height || got->channels != sp->channels ||
        got->type != sp->type || lp->width != sp->width || lp->height != sp->height ||
        lp->channels != sp->channels || lp->type != sp->type || !got->words || !sp->words ||
        sp->channels != r->channels) {
        out->shape_mismatch = true;
        return;
    }
    tgx_case_type t = (tgx_case_type)sp->type;
    size_t elements = (size_t)sp->width * sp->height;
    bool have_worst = false;
    out->values = elements * sp->channels;
    for (size_t e = 0; e < elements; e++)
        for (unsigned ch = 0; ch < sp->channels; ch++) {
            size_t i = e * sp->channels + ch;
            uint32_t v = got->words[i], s = sp->words[i], l = lp->words[i];
            out->bit_exact += v == s;
            if (value_ok(t, v, s, l, r->channel_max[ch]))
                continue;
            out->outside++;
            double dist = distance(t, v, s);
            if (have_worst && !(dist > out->max_diff))
                continue;
            have_worst = true;
            out->max_diff = dist;
            out->worst_x = e % sp->width;
            out->worst_y = e / sp->width;
            out->worst_channel = ch;
            out->worst_softpipe = s;
            out->worst_llvmpipe = l;
            out->worst_got = v;
        }
    out->pass = out->outside == 0;
}
