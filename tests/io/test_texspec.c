/* Textures from a spec string (tgx/io.h, tgx_tex_from_spec): the one function behind tgx run
 * --tex/--image, tgx sample, case files and the benchmarks. Expected values from the corpus
 * README's generator rules, worked by hand: gradient c0 = floor(255(2x+1)/(2wL)),
 * c1 = floor(255(2y+1)/(2hL)), c2 = (64z + 32L) & 255, c3 = max(0, 255 - 16L). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tgx/io.h"
#include "tgx/util.h"
#include "tgx_test.h"

/* Channel c of texel (x, y) of a level, in 1/255 units (rounded; UNORM8 textures). */
static unsigned byte_at(const tgx_tex *tex, uint32_t level, uint32_t x, uint32_t y, int c)
{
    uint32_t v[4];
    if (!tgx_tex_load_texel(tex, level, x, y, 0, 0, v))
        return 999;
    return (unsigned)(tgx_bits2f(v[c]) * 255.0f + 0.5f);
}

static void generated(void)
{
    tgx_tex *tex = NULL;
    tgx_diag d;
    TGX_CHECK(tgx_tex_from_spec("gradient@4x2,levels=2", &tex, &d) == TGX_OK, "gradient: %s",
              d.message);
    if (!tex)
        return;
    const tgx_tex_desc *desc = tgx_tex_get_desc(tex);
    TGX_CHECK(desc->target == TGX_TEX_2D && desc->format == TGX_TEX_FORMAT_RGBA8_UNORM &&
                  desc->width == 4 && desc->height == 2 && desc->levels == 2,
              "gradient description");
    /* level 0, (1, 1): c0 = floor(255*3/8) = 95, c1 = floor(255*3/4) = 191, c2 0, c3 255 */
    TGX_CHECK(byte_at(tex, 0, 1, 1, 0) == 95 && byte_at(tex, 0, 1, 1, 1) == 191 &&
                  byte_at(tex, 0, 1, 1, 2) == 0 && byte_at(tex, 0, 1, 1, 3) == 255,
              "gradient level 0");
    /* level 1 (2x1), (0, 0): c0 = floor(255/4) = 63, c1 = floor(255/2) = 127, c2 = 32,
     * c3 = 239: the generator's own level */
    TGX_CHECK(byte_at(tex, 1, 0, 0, 0) == 63 && byte_at(tex, 1, 0, 0, 1) == 127 &&
                  byte_at(tex, 1, 0, 0, 2) == 32 && byte_at(tex, 1, 0, 0, 3) == 239,
              "gradient level 1");
    tgx_tex_destroy(tex);

    /* mips=box: level 1 is the 2x2 box of level 0: c2 = 0 and c3 = 255 (not 32 and 239) */
    tex = NULL;
    TGX_CHECK(tgx_tex_from_spec("gradient@4x2,levels=2,mips=box", &tex, &d) == TGX_OK, "box: %s",
              d.message);
    if (tex)
        TGX_CHECK(byte_at(tex, 1, 0, 0, 2) == 0 && byte_at(tex, 1, 0, 0, 3) == 255,
                  "box-filtered level 1: %u %u", byte_at(tex, 1, 0, 0, 2),
                  byte_at(tex, 1, 0, 0, 3));
    tgx_tex_destroy(tex);

    /* without options: 256x256 rgba8, full chain (9 levels) */
    tex = NULL;
    TGX_CHECK(tgx_tex_from_spec("hash:seed=3", &tex, &d) == TGX_OK, "hash: %s", d.message);
    if (tex) {
        desc = tgx_tex_get_desc(tex);
        TGX_CHECK(desc->width == 256 && desc->height == 256 && desc->levels == 9,
                  "default description %ux%u, %u levels", desc->width, desc->height, desc->levels);
    }
    tgx_tex_destroy(tex);

    /* "@OPTS": every texel zero */
    tex = NULL;
    TGX_CHECK(tgx_tex_from_spec("@8x4,format=r32f", &tex, &d) == TGX_OK, "zero: %s", d.message);
    if (tex) {
        uint32_t v[4] = {1, 1, 1, 1};
        tgx_tex_load_texel(tex, 0, 7, 3, 0, 0, v);
        TGX_CHECK(tgx_tex_get_desc(tex)->levels == 4 && v[0] == 0, "zero texture");
    }
    tgx_tex_destroy(tex);
}

static void errors(void)
{
    tgx_tex *keep = (tgx_tex *)&keep, *tex = keep;
    tgx_diag d;
    TGX_CHECK(tgx_tex_from_spec("plasma@4x4", &tex, &d) == TGX_ERR_ARG && tex == keep &&
                  strstr(d.message, "unknown texture generator 'plasma'"),
              "unknown generator: %s", d.message);
    TGX_CHECK(tgx_tex_from_spec("hash@4x4,shiny=1", &tex, &d) == TGX_ERR_ARG && tex == keep &&
                  strstr(d.message, "shiny=1"),
              "unknown option: %s", d.message);
    TGX_CHECK(tgx_tex_from_spec("gradient@4x4,format=rgba8ui,mips=box", &tex, &d) < 0 &&
                  tex == keep,
              "box filter of an integer format is refused: %s", d.message);
    TGX_CHECK(tgx_tex_from_spec("/nonexistent/t.png", &tex, &d) < 0 && tex == keep,
              "missing PNG: %s", d.message);
}

static void png(void)
{
    char dir[] = "/tmp/tgx-texspec-XXXXXX", path[512];
    if (!mkdtemp(dir))
        return;
    snprintf(path, sizeof path, "%s/t.png", dir);
    /* 2x2: red, blue / green, white */
    const uint8_t px[16] = {255, 0, 0, 255, 0, 0, 255, 255, 0, 255, 0, 255, 255, 255, 255, 255};
    tgx_diag d;
    tgx_tex *tex = NULL;
    if (tgx_png_save_rgba8(path, px, 2, 2, 8, &d) == TGX_OK &&
        tgx_tex_from_spec(path, &tex, &d) == TGX_OK) {
        const tgx_tex_desc *desc = tgx_tex_get_desc(tex);
        /* level 1 = the box of the four: (255+0+0+255)/2/255 = 0.5 -> 128 (round to nearest) */
        TGX_CHECK(desc->width == 2 && desc->levels == 2 && byte_at(tex, 0, 1, 0, 2) == 255 &&
                      byte_at(tex, 1, 0, 0, 0) == 128,
                  "PNG with mipmaps");
    } else {
        TGX_CHECK(0, "PNG: %s", d.message);
    }
    tgx_tex_destroy(tex);
    unlink(path);
    rmdir(dir);
}

/* raw:/hex: the texture's memory, level after level, as given (values chosen here). */
static void memory(void)
{
    tgx_tex *tex = NULL;
    tgx_diag d;
    /* 2x1 rgba8 with 2 levels: level 0 = (255,0,0,255) (0,0,0,255), level 1 = (1,2,3,4) */
    TGX_CHECK(tgx_tex_from_spec("hex:ff0000ff_000000ff_01020304@2x1,format=rgba8", &tex, &d) ==
                  TGX_OK,
              "hex: %s", d.message);
    if (tex) {
        TGX_CHECK(byte_at(tex, 0, 0, 0, 0) == 255 && byte_at(tex, 0, 1, 0, 3) == 255 &&
                      byte_at(tex, 1, 0, 0, 0) == 1 && byte_at(tex, 1, 0, 0, 3) == 4,
                  "hex: bytes land level after level");
        tgx_tex_destroy(tex);
        tex = NULL;
    }
    /* mips=box: only level 0 is given; level 1 is the mean, 255/2 -> round(127.5) = 128 */
    TGX_CHECK(tgx_tex_from_spec("hex:ff0000ff000000ff@2x1,format=rgba8,mips=box", &tex, &d) ==
                  TGX_OK,
              "hex mips=box: %s", d.message);
    if (tex) {
        TGX_CHECK(byte_at(tex, 1, 0, 0, 0) == 128, "box-filtered level 1 from the given level 0");
        tgx_tex_destroy(tex);
        tex = NULL;
    }
    /* the same bytes from a file */
    char path[] = "/tmp/tgx_texspec_XXXXXX";
    int fd = mkstemp(path);
    const unsigned char bytes[12] = {255, 0, 0, 255, 0, 0, 0, 255, 1, 2, 3, 4};
    TGX_CHECK(fd >= 0 && write(fd, bytes, sizeof bytes) == (ssize_t)sizeof bytes, "temp file");
    if (fd >= 0)
        close(fd);
    char spec[128];
    snprintf(spec, sizeof spec, "raw:%s@2x1,format=rgba8", path);
    TGX_CHECK(tgx_tex_from_spec(spec, &tex, &d) == TGX_OK, "raw: %s", d.message);
    if (tex) {
        TGX_CHECK(byte_at(tex, 1, 0, 0, 2) == 3, "raw: level 1 blue");
        tgx_tex_destroy(tex);
        tex = NULL;
    }
    snprintf(spec, sizeof spec, "raw:%s@2x1,format=rgba8,levels=1", path);
    TGX_CHECK(tgx_tex_from_spec(spec, &tex, &d) < 0 && strstr(d.message, "more than 8 bytes"),
              "raw: a longer file: %s", d.message);
    unlink(path);
    TGX_CHECK(tgx_tex_from_spec("hex:ff0@1x1,format=r8", &tex, &d) < 0 &&
                  strstr(d.message, "odd number of digits"),
              "hex: odd digits: %s", d.message);
    TGX_CHECK(tgx_tex_from_spec("hex:f_f@1x1,format=r8", &tex, &d) < 0 &&
                  strstr(d.message, "cannot split a byte"),
              "hex: '_' inside a byte: %s", d.message);
    TGX_CHECK(tgx_tex_from_spec("hex:@1x1", &tex, &d) < 0 && strstr(d.message, "hex digits"),
              "hex: nothing: %s", d.message);
    TGX_CHECK(!tex, "no texture after errors");
}

int main(void)
{
    generated();
    errors();
    png();
    memory();
    return tgx_test_finish();
}
