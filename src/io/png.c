/* PNG in and out through libpng's simplified API (png_image, libpng >= 1.6). Rows are stored top
 * to bottom in the file and row 0 first in memory; nothing is flipped. */
#include <math.h>
#include <png.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/io.h"
#include "tgx/util.h"

/* libpng's begin_read reads the chunks before the pixels (IHDR & co.) and decodes nothing. */
static tgx_status begin_read(png_image *img, const void *data, size_t size, const char *name,
                             tgx_diag *d)
{
    memset(img, 0, sizeof *img);
    img->version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(img, data, size))
        return tgx_diag_set(d, TGX_ERR_PARSE, name, 0, 0, "not a readable PNG: %s", img->message);
    return TGX_OK;
}

tgx_status tgx_png_header(const void *data, size_t size, const char *name, uint32_t *width,
                          uint32_t *height, tgx_diag *d)
{
    png_image img;
    tgx_status st = begin_read(&img, data, size, name, d);
    if (st != TGX_OK)
        return st;
    *width = img.width;
    *height = img.height;
    png_image_free(&img);
    return TGX_OK;
}

tgx_status tgx_png_decode_rgba8(const void *data, size_t size, const char *name, uint8_t **rgba,
                                uint32_t *width, uint32_t *height, tgx_diag *d)
{
    png_image img;
    tgx_status st = begin_read(&img, data, size, name, d);
    if (st != TGX_OK)
        return st;
    uint64_t pixels = (uint64_t)img.width * img.height * 4u;
    if (pixels > TGX_PNG_MAX_BYTES) {
        png_image_free(&img);
        return tgx_diag_set(d, TGX_ERR_LIMIT, name, 0, 0,
                            "a %ux%u PNG: its header announces %llu MiB of RGBA8 pixels, more "
                            "than the %llu MiB a PNG may hold (refused before decoding)",
                            img.width, img.height, (unsigned long long)(pixels >> 20),
                            (unsigned long long)(TGX_PNG_MAX_BYTES >> 20));
    }
    img.format = PNG_FORMAT_RGBA;
    size_t bytes = PNG_IMAGE_SIZE(img);
    uint8_t *buf = malloc(bytes ? bytes : 1);
    if (!buf) {
        png_image_free(&img);
        return tgx_diag_set(d, TGX_ERR_NOMEM, name, 0, 0, "out of memory for a %ux%u PNG",
                            img.width, img.height);
    }
    if (!png_image_finish_read(&img, NULL, buf, 0, NULL)) {
        free(buf);
        png_image_free(&img);
        return tgx_diag_set(d, TGX_ERR_PARSE, name, 0, 0, "damaged PNG: %s", img.message);
    }
    *rgba = buf;
    *width = img.width;
    *height = img.height;
    return TGX_OK;
}

tgx_status tgx_png_load_rgba8(const char *path, uint8_t **rgba, uint32_t *width, uint32_t *height,
                              tgx_diag *d)
{
    char *data;
    size_t size;
    tgx_status st = tgx_read_file(path, &data, &size, d);
    if (st < 0)
        return st;
    st = tgx_png_decode_rgba8(data, size, path, rgba, width, height, d);
    free(data);
    return st;
}

tgx_status tgx_png_load_tex(const char *path, unsigned flags, tgx_tex **out, tgx_diag *d)
{
    uint8_t *rgba;
    uint32_t w, h;
    tgx_status st = tgx_png_load_rgba8(path, &rgba, &w, &h, d);
    if (st < 0)
        return st;
    tgx_tex_desc desc = {.target = TGX_TEX_2D,
                         .format = (flags & TGX_PNG_SRGB) ? TGX_TEX_FORMAT_SRGB8_A8
                                                          : TGX_TEX_FORMAT_RGBA8_UNORM,
                         .width = w,
                         .height = h,
                         .depth = 1,
                         .levels = (flags & TGX_PNG_MIPMAPS) ? tgx_tex_full_levels(w, h, 1) : 1,
                         .samples = 1};
    tgx_tex *tex;
    st = tgx_tex_create(&desc, &tex, d);
    if (st >= 0) {
        st = tgx_tex_upload(tex, 0, rgba, (size_t)w * h * 4, d);
        if (st >= 0 && (flags & TGX_PNG_MIPMAPS))
            st = tgx_tex_generate_mipmaps(tex, d);
        if (st < 0)
            tgx_tex_destroy(tex);
        else
            *out = tex;
    }
    free(rgba);
    return st;
}

/* rgba (rows row_stride bytes apart) as a PNG in a malloc'ed buffer of *size bytes. */
static tgx_status encode(const char *path, const uint8_t *rgba, uint32_t width, uint32_t height,
                         size_t row_stride, uint8_t **data, size_t *size, tgx_diag *d)
{
    png_image img;
    memset(&img, 0, sizeof img);
    img.version = PNG_IMAGE_VERSION;
    img.width = width;
    img.height = height;
    img.format = PNG_FORMAT_RGBA;
    if (!width || !height || row_stride < (size_t)width * 4 || row_stride > INT32_MAX)
        return tgx_diag_set(d, TGX_ERR_ARG, path, 0, 0,
                            "cannot write a %ux%u PNG with rows %zu bytes apart", width, height,
                            row_stride);
    /* One pass into a buffer of the largest size the encoding can have (libpng's bound), instead
     * of a sizing pass and a second full compression; PNG_IMAGE_FLAG_FAST asks zlib for speed
     * (the pixels are the same, the file a little larger): `make demo` spent a third of its time
     * compressing, serially after the threaded render. */
    img.flags = PNG_IMAGE_FLAG_FAST;
    png_alloc_size_t n = PNG_IMAGE_PNG_SIZE_MAX(img);
    void *buf = malloc(n);
    if (!buf)
        return tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory encoding a PNG");
    if (!png_image_write_to_memory(&img, buf, &n, 0, rgba, (png_int_32)row_stride, NULL)) {
        free(buf);
        return tgx_diag_set(d, TGX_ERR_IO, path, 0, 0, "PNG encoding failed: %s", img.message);
    }
    *data = buf;
    *size = n;
    return TGX_OK;
}

static tgx_status encode_and_write(const char *path, const uint8_t *rgba, uint32_t width,
                                   uint32_t height, size_t row_stride, tgx_diag *d)
{
    uint8_t *buf = NULL;
    size_t size = 0;
    tgx_status st = encode(path, rgba, width, height, row_stride, &buf, &size, d);
    if (st == TGX_OK)
        st = tgx_write_file_atomic(path, buf, size, d);
    free(buf);
    return st;
}

tgx_status tgx_png_save_rgba8(const char *path, const uint8_t *rgba, uint32_t width,
                              uint32_t height, size_t row_stride, tgx_diag *d)
{
    return encode_and_write(path, rgba, width, height, row_stride, d);
}

tgx_status tgx_png_encode_rgba8(const uint8_t *rgba, uint32_t width, uint32_t height,
                                size_t row_stride, uint8_t **data, size_t *size, tgx_diag *d)
{
    return encode(NULL, rgba, width, height, row_stride, data, size, d);
}

/* clamp to [0, 1], lrint(v * 255): the corpus .png rule; NaN -> 0. */
static uint8_t to_byte(float v)
{
    if (!(v > 0.0f))
        return 0;
    if (v >= 1.0f)
        return 255;
    return (uint8_t)lrintf(v * 255.0f);
}

/* Float pixels of `channels` as the corpus's 8-bit RGBA view, into *rgba (malloc'ed). */
static tgx_status float_to_rgba8(const float *pixels, uint32_t width, uint32_t height,
                                 uint32_t channels, const char *path, uint8_t **rgba, tgx_diag *d)
{
    if (channels < 1 || channels > 4 || !width || !height)
        return tgx_diag_set(d, TGX_ERR_ARG, path, 0, 0,
                            "cannot write a %ux%u PNG from %u channels per pixel", width, height,
                            channels);
    size_t n = (size_t)width * height;
    uint8_t *out = malloc(n * 4);
    if (!out)
        return tgx_diag_set(d, TGX_ERR_NOMEM, path, 0, 0, "out of memory converting an image");
    for (size_t i = 0; i < n; i++) {
        for (uint32_t c = 0; c < 4; c++)
            out[4 * i + c] = c < channels ? to_byte(pixels[i * channels + c]) : (c == 3 ? 255 : 0);
    }
    *rgba = out;
    return TGX_OK;
}

tgx_status tgx_png_save_float(const char *path, const float *pixels, uint32_t width,
                              uint32_t height, uint32_t channels, tgx_diag *d)
{
    uint8_t *rgba = NULL;
    tgx_status st = float_to_rgba8(pixels, width, height, channels, path, &rgba, d);
    if (st == TGX_OK)
        st = encode_and_write(path, rgba, width, height, (size_t)width * 4, d);
    free(rgba);
    return st;
}

tgx_status tgx_png_encode_float(const float *pixels, uint32_t width, uint32_t height,
                                uint32_t channels, uint8_t **data, size_t *size, tgx_diag *d)
{
    uint8_t *rgba = NULL;
    tgx_status st = float_to_rgba8(pixels, width, height, channels, NULL, &rgba, d);
    if (st == TGX_OK)
        st = encode(NULL, rgba, width, height, (size_t)width * 4, data, size, d);
    free(rgba);
    return st;
}
