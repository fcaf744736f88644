/* tgx/io.h — images in and out: PNG (libpng), the TGXR raw container, and the corpus texture
 * generators that rebuild every texture of the Mesa corpus (tests/data/corpus) without OpenGL.
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

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------------------------------------
 * PNG
 */

/* The most bytes a PNG's pixels may take as 8-bit RGBA (8192x8192): a PNG holds its size in its
 * header (IHDR), and a small file can claim gigabytes of pixels (16384x16384 in 1 MB), so every
 * PNG read is measured before it is decoded, as a file read whole is. */
#define TGX_PNG_MAX_BYTES ((uint64_t)256 << 20)

/* The size a PNG's header (IHDR) gives, without decoding the pixels; TGX_ERR_PARSE when data
 * is not a PNG. */
tgx_status tgx_png_header(const void *data, size_t size, const char *name, uint32_t *width,
                          uint32_t *height, tgx_diag *d);

/* Any PNG (palette, grey, 16-bit, alpha or not) converted to 8-bit RGBA, rows top to bottom,
 * tightly packed. *rgba is malloc'ed; the caller frees it. A PNG whose header announces more
 * than TGX_PNG_MAX_BYTES of pixels is TGX_ERR_LIMIT, before anything is decoded. */
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
/* The same PNGs into a malloc'ed buffer (*data, *size bytes) instead of a file: for a caller
 * that writes them elsewhere (tgx run -o - to stdout). */
tgx_status tgx_png_encode_rgba8(const uint8_t *rgba, uint32_t width, uint32_t height,
                                size_t row_stride, uint8_t **data, size_t *size, tgx_diag *d);
tgx_status tgx_png_encode_float(const float *pixels, uint32_t width, uint32_t height,
                                uint32_t channels, uint8_t **data, size_t *size, tgx_diag *d);

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
/* Reads path only if its header says what expect says (width, height, channels, type; expect's
 * words are ignored): a header that differs is refused with the field, its value and the expected
 * one, before any data is allocated or read. A payload shorter or longer than the header
 * announces is refused too. With out NULL only the header is read and compared (a caller that
 * must know a file's shape before it does the work whose result the file holds). */
tgx_status tgx_tgxr_read_expected(const char *path, const tgx_tgxr *expect, tgx_tgxr *out,
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

/* ---------------------------------------------------------------------------------------------
 * Textures from a description: one way to make the textures of `tgx run --tex/--image`,
 * `tgx sample`, case files (tgx/replay.h) and the benchmarks. A spec string is one of
 *   FILE.png              a 2D RGBA8 texture from the image, levels 1.. box-filtered from it
 *   GEN[:k=v,...][@OPTS]  generator GEN (tgx_texgen_parse) filling every level of the texture
 *                         OPTS describe (tgx_tex_desc_parse: WxH[xD], levels=, samples=,
 *                         format=, target=, and mips=box to box-filter levels 1.. from level 0);
 *                         without OPTS a 256x256 2D rgba8 texture with a full mip chain
 *   @OPTS                 the texture OPTS describe with every texel zero (images a shader fills)
 *   raw:PATH[@OPTS]       the texture OPTS describe with its memory read from the file PATH:
 *                         every level in order, each laid out as tgx_tex_level_data says (rows
 *                         of texels, or of 4x4 blocks for block-compressed formats; slices
 *                         consecutive); with mips=box only level 0, the others filtered from it
 *   hex:DIGITS[@OPTS]     the same bytes as hexadecimal digits (two a byte, '_' may separate)
 * The spec's last '@' starts OPTS. Generators fill block-compressed formats (bc1_rgba, bc7, ...)
 * only with hash, whose 32-bit words make random blocks (block (bx, by) of slice z of level L,
 * word j = tgx_texgen_hash(seed, L, z, by, bx, j)); raw: and hex: give chosen blocks.
 */
typedef struct tgx_tex_source {
    const char *png; /* a PNG file (the texture is then 2D RGBA8 with a full mip chain), or NULL */
    bool generated;  /* fill every level with gen; false: every texel zero */
    tgx_texgen gen;
    tgx_tex_desc desc;
    bool box_mips;    /* after filling: levels 1.. box-filtered from level 0 */
    const char *data; /* raw:/hex: the path or the digits (data_len bytes of the spec), or NULL */
    size_t data_len;
    bool data_hex; /* data holds hex digits, not a path */
} tgx_tex_source;

/* Parses a spec string into src; src->png points into spec. Nothing is built. */
tgx_status tgx_tex_source_parse(const char *spec, tgx_tex_source *src, tgx_diag *d);
/* The description of the texture src builds, without building it: a PNG's is read from its
 * header (2D, RGBA8, its size, a full mip chain), so that a caller with a budget can refuse it
 * before it is decoded. */
tgx_status tgx_tex_source_desc(const tgx_tex_source *src, tgx_tex_desc *out, tgx_diag *d);
/* Builds the texture src describes. On error *out is untouched and nothing stays allocated. */
tgx_status tgx_tex_source_build(const tgx_tex_source *src, tgx_tex **out, tgx_diag *d);
/* tgx_tex_source_parse, then tgx_tex_source_build. */
tgx_status tgx_tex_from_spec(const char *spec, tgx_tex **out, tgx_diag *d);

#ifdef __cplusplus
}
#endif

#endif
