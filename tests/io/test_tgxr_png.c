/* TGXR container (corpus/tgsi/README.md: "TGXR", u32 w, u32 h, u16 channels, u16 type, words,
 * little endian) and PNG in/out: round trips, a corpus file, and damaged inputs that must fail
 * with a message and leave the outputs untouched. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tgx/io.h"
#include "tgx/util.h"
#include "tgx_test.h"

static char tmpdir[256];

static const char *tmp(const char *name)
{
    static char buf[512];
    snprintf(buf, sizeof buf, "%s/%s", tmpdir, name);
    return buf;
}

static void tgxr(void)
{
    /* hand-made file: 2x1, 3 channels, uint32: header bytes then 6 words */
    uint8_t file[16 + 24] = {'T', 'G', 'X', 'R', 2, 0, 0, 0, 1, 0, 0, 0, 3, 0, 1, 0};
    for (int i = 0; i < 6; i++)
        file[16 + 4 * i] = (uint8_t)(i + 1), file[16 + 4 * i + 3] = 0x80;
    tgx_tgxr img;
    tgx_diag d;
    TGX_CHECK(tgx_tgxr_parse(file, sizeof file, "t", &img, &d) == TGX_OK, "parse");
    TGX_CHECK(img.width == 2 && img.height == 1 && img.channels == 3 && img.type == TGX_TGXR_U32 &&
                  img.words[0] == 0x80000001u && img.words[5] == 0x80000006u,
              "fields");
    uint8_t *ser;
    size_t n;
    TGX_CHECK(tgx_tgxr_serialize(&img, &ser, &n, &d) == TGX_OK && n == sizeof file &&
                  memcmp(ser, file, n) == 0,
              "serialise gives the same bytes");
    free(ser);
    TGX_CHECK(tgx_tgxr_write(tmp("a.tgxr"), &img, &d) == TGX_OK, "write");
    tgx_tgxr back;
    TGX_CHECK(tgx_tgxr_read(tmp("a.tgxr"), &back, &d) == TGX_OK && back.words[4] == img.words[4],
              "read back");
    tgx_tgxr_free(&back);
    /* damaged inputs: truncated data, short header, bad magic, bad type; out unchanged */
    tgx_tgxr keep = img;
    TGX_CHECK(tgx_tgxr_parse(file, sizeof file - 1, "t", &img, &d) == TGX_ERR_PARSE &&
                  strstr(d.message, "holds 23 data bytes") && img.words == keep.words,
              "truncated: %s", d.message);
    TGX_CHECK(tgx_tgxr_parse(file, 10, "t", &img, &d) == TGX_ERR_PARSE &&
                  strstr(d.message, "shorter than its 16-byte header"),
              "short header: %s", d.message);
    file[0] = 'X';
    TGX_CHECK(tgx_tgxr_parse(file, sizeof file, "t", &img, &d) == TGX_ERR_PARSE, "magic");
    file[0] = 'T';
    file[14] = 7;
    TGX_CHECK(tgx_tgxr_parse(file, sizeof file, "t", &img, &d) == TGX_ERR_PARSE &&
                  strstr(d.message, "type 7"),
              "type: %s", d.message);
    /* a width*height*channels that overflows must not wrap around */
    file[14] = 0;
    memset(file + 4, 0xff, 8);
    file[12] = 0xff;
    TGX_CHECK(tgx_tgxr_parse(file, sizeof file, "t", &img, &d) == TGX_ERR_PARSE, "overflow");
    TGX_CHECK(tgx_tgxr_read(tmp("missing.tgxr"), &img, &d) < 0, "missing file");
    tgx_tgxr_free(&keep);
    /* a corpus result file: 64x64 RGBA float (tex2d_nearest_checker) */
    TGX_CHECK(tgx_tgxr_read(TGX_TEST_DATA "/corpus/tex2d_nearest_checker/softpipe.f32", &img, &d) ==
                      TGX_OK &&
                  img.width == 64 && img.height == 64 && img.channels == 4 &&
                  img.type == TGX_TGXR_F32,
              "corpus file: %s", d.message);
    tgx_tgxr_free(&img);
}

static void png(void)
{
    /* 3x2 RGBA8 with distinct bytes: round trip keeps every byte and the row order */
    uint8_t px[3 * 2 * 4];
    for (int i = 0; i < 24; i++)
        px[i] = (uint8_t)(i * 11);
    tgx_diag d;
    TGX_CHECK(tgx_png_save_rgba8(tmp("a.png"), px, 3, 2, 12, &d) == TGX_OK, "save");
    uint8_t *back = NULL;
    uint32_t w = 0, h = 0;
    TGX_CHECK(tgx_png_load_rgba8(tmp("a.png"), &back, &w, &h, &d) == TGX_OK && w == 3 && h == 2 &&
                  memcmp(back, px, 24) == 0,
              "round trip");
    free(back);
    /* float rows: clamp to [0, 1], lrint(v * 255): 0.5 -> 127.5 -> 128 (ties to even),
     * 1.5/255 -> 1.5 -> 2, -1 -> 0, 2 -> 255, NaN -> 0; 2 channels: b = 0, a = 255 */
    const float f[4] = {0.5f, 1.5f / 255.0f, -1.0f, 2.0f};
    TGX_CHECK(tgx_png_save_float(tmp("f.png"), f, 2, 1, 2, &d) == TGX_OK, "save float");
    TGX_CHECK(tgx_png_load_rgba8(tmp("f.png"), &back, &w, &h, &d) == TGX_OK, "load float png");
    TGX_CHECK(back[0] == 128 && back[1] == 2 && back[2] == 0 && back[3] == 255 && back[4] == 0 &&
                  back[5] == 255,
              "float conversion %u %u %u %u %u %u", back[0], back[1], back[2], back[3], back[4],
              back[5]);
    free(back);
    /* load as a texture */
    tgx_tex *tex = NULL;
    TGX_CHECK(tgx_png_load_tex(tmp("a.png"), 0, &tex, &d) == TGX_OK &&
                  tgx_tex_get_desc(tex)->width == 3 &&
                  tgx_tex_get_desc(tex)->format == TGX_TEX_FORMAT_RGBA8_UNORM,
              "texture from PNG");
    uint32_t t[4];
    tgx_tex_load_texel(tex, 0, 1, 1, 0, 0, t); /* byte 16 = 176 */
    TGX_CHECK(tgx_bits2f(t[0]) == 176.0f / 255.0f, "texel (1,1)");
    tgx_tex_destroy(tex);
    /* TGX_PNG_MIPMAPS on a 2x2 image: 2 levels (GL 4.6 section 8.14.3), level 1 the box filter
     * of the four texels: red (0 + 64 + 128 + 255) / 4 = 111.75 -> 112 (round to nearest),
     * alpha 255; TGX_PNG_SRGB picks the sRGB format */
    const uint8_t quad[16] = {0, 0, 0, 255, 64, 0, 0, 255, 128, 0, 0, 255, 255, 0, 0, 255};
    TGX_CHECK(tgx_png_save_rgba8(tmp("m.png"), quad, 2, 2, 8, &d) == TGX_OK, "save 2x2");
    tex = NULL;
    TGX_CHECK(tgx_png_load_tex(tmp("m.png"), TGX_PNG_MIPMAPS | TGX_PNG_SRGB, &tex, &d) == TGX_OK &&
                  tgx_tex_get_desc(tex)->levels == 2 &&
                  tgx_tex_get_desc(tex)->format == TGX_TEX_FORMAT_SRGB8_A8,
              "mipmapped sRGB texture from PNG");
    tgx_tex_destroy(tex);
    tex = NULL;
    TGX_CHECK(tgx_png_load_tex(tmp("m.png"), TGX_PNG_MIPMAPS, &tex, &d) == TGX_OK, "mipmapped");
    uint8_t *l1 = tex ? tgx_tex_level_data(tex, 1, NULL, NULL) : NULL;
    TGX_CHECK(l1 && l1[0] == 112 && l1[3] == 255, "level 1 = box filter: %u %u", l1 ? l1[0] : 0,
              l1 ? l1[3] : 0);
    tgx_tex_destroy(tex);
    /* damaged PNGs: truncated after the header, and garbage; outputs untouched */
    char *data;
    size_t size;
    tgx_read_file(tmp("a.png"), &data, &size, &d);
    back = (uint8_t *)0x1;
    w = h = 77;
    TGX_CHECK(tgx_png_decode_rgba8(data, size / 2, "half.png", &back, &w, &h, &d) < 0 &&
                  back == (uint8_t *)0x1 && w == 77 && strstr(d.file, "half.png") && d.message[0],
              "truncated PNG: %s", d.message);
    TGX_CHECK(tgx_png_decode_rgba8("not a png at all", 16, "junk", &back, &w, &h, &d) < 0 &&
                  back == (uint8_t *)0x1,
              "garbage: %s", d.message);
    free(data);
    TGX_CHECK(tgx_png_save_float(tmp("bad.png"), f, 0, 1, 2, &d) == TGX_ERR_ARG, "zero width");
}

/* A PNG whose header (IHDR: 16384x16384, 8-bit RGBA; CRC-32 of the chunk, PNG spec section 5.5)
 * announces 1 GiB of pixels over a 100-byte IDAT of zeros: measured from the header and refused
 * before libpng decodes a row (it said "damaged PNG: Not enough image data" after allocating
 * the gigabyte; with a full IDAT, 2.45 GB and 18 s in tgx emu's setup). The header alone reads. */
static const unsigned char huge_png[] = {
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48,
    0x44, 0x52, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x40, 0x00, 0x08, 0x06, 0x00, 0x00,
    0x00, 0xa9, 0xc8, 0x10, 0x84, 0x00, 0x00, 0x00, 0x0c, 0x49, 0x44, 0x41, 0x54, 0x78,
    0x9c, 0x63, 0x60, 0xa0, 0x3d, 0x00, 0x00, 0x00, 0x64, 0x00, 0x01, 0x86, 0x64, 0x3c,
    0x35, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82};

static void png_size_limit(void)
{
    tgx_diag d;
    uint32_t w = 0, h = 0;
    TGX_CHECK(tgx_png_header(huge_png, sizeof huge_png, "huge.png", &w, &h, &d) == TGX_OK &&
                  w == 16384 && h == 16384,
              "header: %ux%u", w, h);
    uint8_t *back = (uint8_t *)0x1;
    tgx_status st = tgx_png_decode_rgba8(huge_png, sizeof huge_png, "huge.png", &back, &w, &h, &d);
    TGX_CHECK(st == TGX_ERR_LIMIT && back == (uint8_t *)0x1 &&
                  strstr(d.message, "a 16384x16384 PNG") && strstr(d.message, "1024 MiB") &&
                  strstr(d.message, "before decoding"),
              "huge PNG: %d %s", (int)st, d.message);
    /* the texture-source description reads the same header: 15 levels of 2D RGBA8 */
    FILE *f = fopen(tmp("huge.png"), "wb");
    TGX_CHECK(f && fwrite(huge_png, 1, sizeof huge_png, f) == sizeof huge_png, "write huge.png");
    if (f)
        fclose(f);
    tgx_tex_source src;
    tgx_tex_desc desc;
    TGX_CHECK(tgx_tex_source_parse(tmp("huge.png"), &src, &d) == TGX_OK &&
                  tgx_tex_source_desc(&src, &desc, &d) == TGX_OK && desc.width == 16384 &&
                  desc.height == 16384 && desc.levels == 15 &&
                  desc.format == TGX_TEX_FORMAT_RGBA8_UNORM,
              "source desc of huge.png: %s", d.message);
    tgx_tex *tex = NULL;
    TGX_CHECK(tgx_png_load_tex(tmp("huge.png"), TGX_PNG_MIPMAPS, &tex, &d) == TGX_ERR_LIMIT && !tex,
              "texture from huge.png: %s", d.message);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/tgx_io_test_XXXXXX");
    if (!mkdtemp(tmpdir))
        TGX_SKIP("cannot make a temporary directory");
    tgxr();
    png();
    png_size_limit();
    const char *names[] = {"a.tgxr", "a.png", "f.png", "m.png", "huge.png"};
    for (int i = 0; i < 5; i++)
        unlink(tmp(names[i]));
    rmdir(tmpdir);
    return tgx_test_finish();
}
