/* tgx/io.h — images in and out: PNG (libpng), the TGXR raw container, and the corpus texture
 * generators that rebuild every texture of ../shared/corpus/tgsi without OpenGL.
 *
 * Row order everywhere: row 0 is the first row in memory and the first row of the file (the
 * corpus stores framebuffer row y = 0 first in both its .png and its TGXR files). Loaders leave
 * their outputs untouched on error.
 */
#ifndef TGX_IO_H
#define TGX_IO_H

#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"
#include "tgx/tex.h"

/* ---------------------------------------------------------------------------------------------
 * PNG
 */

/* Any PNG (palette, grey, 16-bit, alpha or not) converted to 8-bit RGBA, rows top to bottom,
 * tightly packed. *rgba is malloc'ed; the caller frees it. */
tgx_status tgx_png_load_rgba8(const char *path, uint8_t **rgba, uint32_t *width, uint32_t *height,
                              tgx_diag *d);
/* Same from memory (name is used in messages). */
tgx_status tgx_png_decode_rgba8(const void *data, size_t size, const char *name, uint8_t **rgba,
                                uint32_t *width, uint32_t *height, tgx_diag *d);
/* Flags of tgx_png_load_tex. */
enum {
    TGX_PNG_SRGB = 1u,    /* SRGB8_A8 instead of RGBA8_UNORM */
    TGX_PNG_MIPMAPS = 2u, /* a full mip chain, levels 1.. box-filtered from the image
                             (tgx_tex_generate_mipmaps); without it one level */
};
/* A 2D texture from a PNG file (flags: TGX_PNG_*). */
tgx_status tgx_png_load_tex(const char *path, unsigned flags, tgx_tex **out, tgx_diag *d);

/* Writes 8-bit RGBA rows (row_stride bytes apart). */
tgx_status tgx_png_save_rgba8(const char *path, const uint8_t *rgba, uint32_t width,
                              uint32_t height, size_t row_stride, tgx_diag *d);
/* Writes float rows with `channels` (1..4) floats per pixel: each value clamped to [0, 1] and
 * stored as lrint(v * 255) (NaN -> 0); missing channels: 0, alpha 1 (the corpus .png rule). */
tgx_status tgx_png_save_float(const char *path, const float *pixels, uint32_t width,
                              uint32_t height, uint32_t channels, tgx_diag *d);

/* ---------------------------------------------------------------------------------------------
 * TGXR: 16-byte header, little endian: "TGXR", u32 width, u32 height, u16 channels, u16 type
 * (0 float32, 1 uint32, 2 int32), then width*height*channels 32-bit words, row-major, channels
 * interleaved (corpus/tgsi/README.md, "TGR result container").
 */

typedef enum tgx_tgxr_type {
    TGX_TGXR_F32 = 0,
    TGX_TGXR_U32 = 1,
    TGX_TGXR_I32 = 2,
} tgx_tgxr_type;

typedef struct tgx_tgxr {
    uint32_t width, height;
    uint16_t channels;
    uint16_t type;   /* tgx_tgxr_type */
    uint32_t *words; /* width*height*channels words (float bits for F32); malloc'ed */
} tgx_tgxr;

tgx_status tgx_tgxr_read(const char *path, tgx_tgxr *out, tgx_diag *d);
tgx_status tgx_tgxr_parse(const void *data, size_t size, const char *name, tgx_tgxr *out,
                          tgx_diag *d);
tgx_status tgx_tgxr_write(const char *path, const tgx_tgxr *img, tgx_diag *d);
/* Serialises into a malloc'ed buffer. */
tgx_status tgx_tgxr_serialize(const tgx_tgxr *img, uint8_t **data, size_t *size, tgx_diag *d);
void tgx_tgxr_free(tgx_tgxr *img);

/* ---------------------------------------------------------------------------------------------
 * Corpus texture generators (corpus/tgsi/README.md, "Texture generators"). Each yields a raw
 * 32-bit value per (level L, slice z, row y, column x, channel c); b = raw & 255; the format
 * decides the stored value (tgx_texgen_fill).
 */

typedef enum tgx_texgen_kind {
    TGX_TEXGEN_HASH,
    TGX_TEXGEN_CHECKER,
    TGX_TEXGEN_GRADIENT,
    TGX_TEXGEN_LEVELS,
} tgx_texgen_kind;

typedef struct tgx_texgen {
    tgx_texgen_kind kind;
    uint32_t seed; /* hash */
    uint32_t cell; /* checker: cell size in texels at level 0 */
    float fscale;  /* float formats: stored value b * fscale + fbias (default 1/256, 0) */
    float fbias;
} tgx_texgen;

/* kind HASH, seed 0, cell 8, fscale 1/256, fbias 0. */
void tgx_texgen_init(tgx_texgen *g);
/* Parses "hash:seed=11", "checker:cell=4", "gradient", "levels:fscale=0.0625,fbias=-4". */
tgx_status tgx_texgen_parse(const char *spec, tgx_texgen *g, tgx_diag *d);
const char *tgx_texgen_kind_name(tgx_texgen_kind k);

/* The README's integer finaliser and chained hash (tg_mix, tg_hash). */
uint32_t tgx_texgen_mix(uint32_t h);
uint32_t tgx_texgen_hash(uint32_t seed, uint32_t L, uint32_t z, uint32_t y, uint32_t x, uint32_t c);
/* The raw value of one channel. wL, hL, dL: the level's size; is3d: z is a 3D coordinate. */
uint32_t tgx_texgen_raw(const tgx_texgen *g, int is3d, uint32_t L, uint32_t z, uint32_t y,
                        uint32_t x, uint32_t c, uint32_t wL, uint32_t hL, uint32_t dL);
/* The stored bits of channels c0..c3 of one texel as the README's format table gives them
 * (rgba16: b*257; rgba16f: half bits of b*fscale+fbias; depth24: b*0x010101; integer formats:
 * the low bits of raw; ...), ready for tgx_tex_store_texel_bits. Formats the README does not
 * list follow the same pattern: UNORM/SRGB n bits: b scaled exactly (b*(2^n-1)/255 for n = 8,
 * 16, 32, round(b*(2^n-1)/255) for packed n), SNORM: the low n bits of raw, UFLOAT/SHAREDEXP:
 * the encoding of b*fscale+fbias. */
void tgx_texgen_texel(const tgx_texgen *g, tgx_tex_format format, int is3d, uint32_t L, uint32_t z,
                      uint32_t y, uint32_t x, uint32_t wL, uint32_t hL, uint32_t dL,
                      uint32_t out[4]);
/* Fills every level, slice and texel of tex (every sample of MS textures alike). */
tgx_status tgx_texgen_fill(tgx_tex *tex, const tgx_texgen *g, tgx_diag *d);

#endif
