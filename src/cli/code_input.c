/* Telling a code file (cubin, raw 32-byte bundles) from assembly text, for the verbs that take
 * either (tgx emu, tgx lift). */
#include <string.h>

#include "cli/cli.h"

bool tgx_cli_is_elf(const char *data, size_t size)
{
    return size >= 4 && memcmp(data,
                               "\x7f"
                               "ELF",
                               4) == 0;
}

/* Whether the bytes above 0x7f form UTF-8 sequences (lead C2..F4, then 1..3 continuation
 * bytes 80..BF), as text has them and instruction words almost never do. */
static bool utf8_sequences(const unsigned char *p, size_t size)
{
    for (size_t i = 0; i < size; i++) {
        if (p[i] < 0x80)
            continue;
        size_t more = p[i] >= 0xc2 && p[i] <= 0xdf   ? 1
                      : p[i] >= 0xe0 && p[i] <= 0xef ? 2
                      : p[i] >= 0xf0 && p[i] <= 0xf4 ? 3
                                                     : 0;
        if (!more || more > size - i - 1)
            return false;
        for (size_t k = 1; k <= more; k++)
            if ((p[i + k] & 0xc0) != 0x80)
                return false;
        i += more;
    }
    return true;
}

bool tgx_cli_is_code(const char *data, size_t size)
{
    if (tgx_cli_is_elf(data, size))
        return true;
    size_t nul = 0;
    for (size_t i = 0; i < size; i++) {
        unsigned char c = (unsigned char)data[i];
        if (c == 0)
            nul++;
        else if ((c < 0x20 && !strchr("\t\n\v\f\r", c)) || c == 0x7f)
            return true;
    }
    return nul > size / 16 || !utf8_sequences((const unsigned char *)data, size);
}
