/* tgx_tgxr_read_expected: a TGXR file is read only when its header says what the caller expects
 * (the replay bounds every reference by its case). A corrupt header (height 2^31: 32 GiB of
 * data announced by a 16-byte file) is refused naming the field, before anything is allocated;
 * a payload shorter or longer than announced is refused; a good file reads back its words. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tgx/io.h"
#include "tgx/util.h"
#include "tgx_test.h"

static char dir[] = "/tmp/tgx-tgxr-expected-XXXXXX";

/* Writes a file: 16-byte header (w, h, channels, type) then `words` words 0, 1, 2, ... */
static const char *put(const char *name, uint32_t w, uint32_t h, uint16_t c, uint16_t type,
                       size_t words)
{
    static char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f)
        return path;
    uint8_t hdr[16] = {'T', 'G', 'X', 'R'};
    for (int i = 0; i < 4; i++) {
        hdr[4 + i] = (uint8_t)(w >> (8 * i));
        hdr[8 + i] = (uint8_t)(h >> (8 * i));
    }
    hdr[12] = (uint8_t)c, hdr[13] = (uint8_t)(c >> 8);
    hdr[14] = (uint8_t)type, hdr[15] = (uint8_t)(type >> 8);
    fwrite(hdr, 1, sizeof hdr, f);
    for (size_t i = 0; i < words; i++) {
        uint8_t b[4] = {(uint8_t)i, (uint8_t)(i >> 8), 0, 0x40};
        fwrite(b, 1, 4, f);
    }
    fclose(f);
    return path;
}

int main(void)
{
    if (!mkdtemp(dir))
        TGX_SKIP("cannot create a scratch folder");
    const tgx_tgxr expect = {4, 2, 3, TGX_TGXR_F32, NULL};
    tgx_tgxr out = {0, 0, 0, 0, NULL};
    tgx_diag d;

    const char *p = put("good.tgxr", 4, 2, 3, 0, 24);
    TGX_CHECK(tgx_tgxr_read_expected(p, &expect, &out, &d) == TGX_OK, "good file: %s", d.message);
    TGX_CHECK(out.width == 4 && out.height == 2 && out.channels == 3 && out.words &&
                  out.words[0] == 0x40000000u && out.words[23] == 0x40000017u,
              "good file's words");
    tgx_tgxr_free(&out);

    /* height 2^31: refused by its header, whatever the data size */
    p = put("tall.tgxr", 4, 0x80000000u, 3, 0, 24);
    TGX_CHECK(tgx_tgxr_read_expected(p, &expect, &out, &d) == TGX_ERR_PARSE &&
                  strstr(d.message, "field height is 2147483648 where 2 is expected") &&
                  strstr(d.file, "tall.tgxr") && out.words == NULL,
              "corrupt height: %s: %s", d.file, d.message);
    p = put("chan.tgxr", 4, 2, 4, 0, 32);
    TGX_CHECK(tgx_tgxr_read_expected(p, &expect, &out, &d) == TGX_ERR_PARSE &&
                  strstr(d.message, "field channels is 4 where 3 is expected"),
              "channels: %s", d.message);
    p = put("type.tgxr", 4, 2, 3, 1, 24);
    TGX_CHECK(tgx_tgxr_read_expected(p, &expect, &out, &d) == TGX_ERR_PARSE &&
                  strstr(d.message, "field type is 1 where 0 is expected"),
              "type: %s", d.message);
    p = put("short.tgxr", 4, 2, 3, 0, 23);
    TGX_CHECK(tgx_tgxr_read_expected(p, &expect, &out, &d) == TGX_ERR_PARSE &&
                  strstr(d.message, "ends after 23 of the 24 words"),
              "short payload: %s", d.message);
    p = put("long.tgxr", 4, 2, 3, 0, 25);
    TGX_CHECK(tgx_tgxr_read_expected(p, &expect, &out, &d) == TGX_ERR_PARSE &&
                  strstr(d.message, "more than the 24 words"),
              "long payload: %s", d.message);
    p = put("header.tgxr", 4, 2, 3, 0, 0);
    if (truncate(p, 10) == 0)
        TGX_CHECK(tgx_tgxr_read_expected(p, &expect, &out, &d) == TGX_ERR_PARSE &&
                      strstr(d.message, "shorter than its 16-byte header"),
                  "short header: %s", d.message);
    char missing[512];
    snprintf(missing, sizeof missing, "%s/none.tgxr", dir);
    TGX_CHECK(tgx_tgxr_read_expected(missing, &expect, &out, &d) == TGX_ERR_IO &&
                  strstr(d.message, "cannot open"),
              "missing file: %s", d.message);
    TGX_CHECK(tgx_tgxr_read_expected(dir, &expect, &out, &d) < 0 && out.words == NULL,
              "a directory is refused: %s", d.message);
    TGX_CHECK(out.words == NULL, "nothing allocated on error");

    const char *names[] = {"good", "tall", "chan", "type", "short", "long", "header"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char f[512];
        snprintf(f, sizeof f, "%s/%s.tgxr", dir, names[i]);
        unlink(f);
    }
    rmdir(dir);
    return tgx_test_finish();
}
