/* TGXR: the raw result container of the corpus (corpus/tgsi/README.md, "TGR result container"):
 * "TGXR", u32 width, u32 height, u16 channels, u16 type, then 32-bit words, all little endian. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/io.h"
#include "tgx/util.h"

#define TGXR_HEADER 16u

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint16_t rd16(const uint8_t *p)
{
    return (uint16_t)(p[0] | p[1] << 8);
}

static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

/* Words in the payload, or 0 with *ok false if the product overflows size_t. */
static size_t word_count(uint32_t w, uint32_t h, uint32_t c, bool *ok)
{
    size_t n = (size_t)w * h;
    *ok = !(h && n / h != w) && !(c && (n * c) / c != n) && n * c <= SIZE_MAX / 4 - TGXR_HEADER;
    return *ok ? n * c : 0;
}

tgx_status tgx_tgxr_parse(const void *data, size_t size, const char *name, tgx_tgxr *out,
                          tgx_diag *d)
{
    const uint8_t *p = data;
    if (size < TGXR_HEADER)
        return tgx_diag_set(d, TGX_ERR_PARSE, name, 0, 0,
                            "TGXR file is %zu bytes, shorter than its 16-byte header", size);
    if (memcmp(p, "TGXR", 4) != 0)
        return tgx_diag_set(d, TGX_ERR_PARSE, name, 0, 0,
                            "not a TGXR file (the first 4 bytes are not \"TGXR\")");
    uint32_t w = rd32(p + 4), h = rd32(p + 8);
    uint16_t c = rd16(p + 12), type = rd16(p + 14);
    if (type > TGX_TGXR_I32)
        return tgx_diag_set(d, TGX_ERR_PARSE, name, 0, 0,
                            "TGXR type %u is unknown (0 float32, 1 uint32, 2 int32)", type);
    if (c == 0)
        return tgx_diag_set(d, TGX_ERR_PARSE, name, 0, 0, "TGXR header says 0 channels");
    bool ok;
    size_t n = word_count(w, h, c, &ok);
    if (!ok || size - TGXR_HEADER != n * 4)
        return tgx_diag_set(d, TGX_ERR_PARSE, name, 0, 0,
                            "TGXR header says %ux%u x %u channels (%zu data bytes) but the file "
                            "holds %zu data bytes",
                            w, h, c, ok ? n * 4 : (size_t)0, size - TGXR_HEADER);
    uint32_t *words = malloc(n ? n * 4 : 1);
    if (!words)
        return tgx_diag_set(d, TGX_ERR_NOMEM, name, 0, 0, "out of memory reading TGXR data");
    for (size_t i = 0; i < n; i++)
        words[i] = rd32(p + TGXR_HEADER + 4 * i);
    out->width = w;
    out->height = h;
    out->channels = c;
    out->type = type;
    out->words = words;
    return TGX_OK;
}

tgx_status tgx_tgxr_read(const char *path, tgx_tgxr *out, tgx_diag *d)
{
    char *data;
    size_t size;
    tgx_status st = tgx_read_file(path, &data, &size, d);
    if (st < 0)
        return st;
    st = tgx_tgxr_parse(data, size, path, out, d);
    free(data);
    return st;
}

/* The first header field of h that differs from expect's, with both values; NULL if none. */
static const char *header_mismatch(const uint8_t *h, const tgx_tgxr *expect, uint32_t *has,
                                   uint32_t *want)
{
    const uint32_t fields[4] = {rd32(h + 4), rd32(h + 8), rd16(h + 12), rd16(h + 14)};
    const uint32_t wanted[4] = {expect->width, expect->height, expect->channels, expect->type};
    static const char *const names[4] = {"width", "height", "channels", "type"};
    for (int i = 0; i < 4; i++)
        if (fields[i] != wanted[i]) {
            *has = fields[i];
            *want = wanted[i];
            return names[i];
        }
    return NULL;
}

/* Reads n words of payload from f and checks that nothing follows them. */
static tgx_status read_payload(FILE *f, const char *path, size_t n, uint32_t *words, tgx_diag *d)
{
    uint8_t buf[4096];
    size_t done = 0;
    while (done < n) {
        size_t want = n - done < sizeof buf / 4 ? n - done : sizeof buf / 4;
        size_t got = fread(buf, 4, want, f);
        for (size_t i = 0; i < got; i++)
            words[done + i] = rd32(buf + 4 * i);
        done += got;
        if (got < want && ferror(f))
            return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "read error: %s", strerror(errno));
        if (got < want)
            return tgx_diag_set(d, TGX_ERR_PARSE, path, 0, 0,
                                "TGXR data ends after %zu of the %zu words its header announces",
                                done, n);
    }
    if (fgetc(f) != EOF)
        return tgx_diag_set(d, TGX_ERR_PARSE, path, 0, 0,
                            "TGXR file holds more than the %zu words its header announces", n);
    return TGX_OK;
}

tgx_status tgx_tgxr_read_expected(const char *path, const tgx_tgxr *expect, tgx_tgxr *out,
                                  tgx_diag *d)
{
    uint8_t h[TGXR_HEADER];
    uint32_t has, want;
    bool ok;
    size_t n = word_count(expect->width, expect->height, expect->channels, &ok);
    if (!ok)
        return tgx_diag_set(d, TGX_ERR_ARG, path, 0, 0, "expected TGXR size overflows");
    FILE *f = fopen(path, "rb");
    if (!f)
        return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "cannot open: %s", strerror(errno));
    tgx_status st = TGX_OK;
    const char *field = NULL;
    uint32_t *words = NULL;
    size_t got = fread(h, 1, sizeof h, f);
    if (got != sizeof h && ferror(f))
        st = tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "read error: %s", strerror(errno));
    else if (got != sizeof h)
        st = tgx_diag_set(d, TGX_ERR_PARSE, path, 0, 0,
                          "TGXR file is shorter than its 16-byte "
                          "header");
    else if (memcmp(h, "TGXR", 4) != 0)
        st = tgx_diag_set(d, TGX_ERR_PARSE, path, 0, 0,
                          "not a TGXR file (the first 4 bytes are not \"TGXR\")");
    else if ((field = header_mismatch(h, expect, &has, &want)) != NULL)
        st = tgx_diag_set(d, TGX_ERR_PARSE, path, 0, 0,
                          "TGXR header field %s is %u where %u is expected", field, has, want);
    else if (!out)
        st = TGX_OK; /* the header alone was asked for */
    else if (!(words = malloc(n ? n * 4 : 1)))
        st = tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory reading TGXR data");
    else
        st = read_payload(f, path, n, words, d);
    fclose(f);
    if (st < 0) {
        free(words);
        return st;
    }
    if (out) {
        *out = *expect;
        out->words = words;
    }
    return TGX_OK;
}

tgx_status tgx_tgxr_serialize(const tgx_tgxr *img, uint8_t **data, size_t *size, tgx_diag *d)
{
    bool ok;
    size_t n = word_count(img->width, img->height, img->channels, &ok);
    if (!ok || img->type > TGX_TGXR_I32 || img->channels == 0 || (n && !img->words))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0,
                            "TGXR image %ux%u x %u channels, type %u cannot be written", img->width,
                            img->height, img->channels, img->type);
    uint8_t *buf = malloc(TGXR_HEADER + n * 4);
    if (!buf)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory writing TGXR data");
    memcpy(buf, "TGXR", 4);
    wr32(buf + 4, img->width);
    wr32(buf + 8, img->height);
    buf[12] = (uint8_t)img->channels;
    buf[13] = (uint8_t)(img->channels >> 8);
    buf[14] = (uint8_t)img->type;
    buf[15] = (uint8_t)(img->type >> 8);
    for (size_t i = 0; i < n; i++)
        wr32(buf + TGXR_HEADER + 4 * i, img->words[i]);
    *data = buf;
    *size = TGXR_HEADER + n * 4;
    return TGX_OK;
}

tgx_status tgx_tgxr_write(const char *path, const tgx_tgxr *img, tgx_diag *d)
{
    uint8_t *buf;
    size_t size;
    tgx_status st = tgx_tgxr_serialize(img, &buf, &size, d);
    if (st < 0)
        return st;
    st = tgx_write_file_atomic(path, buf, size, d);
    free(buf);
    return st;
}

void tgx_tgxr_free(tgx_tgxr *img)
{
    if (!img)
        return;
    free(img->words);
    img->words = NULL;
}
