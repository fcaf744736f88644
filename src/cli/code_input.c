/* Telling a code file (cubin, raw 32-byte bundles) from assembly text, for the verbs that take
 * either (tgx emu, tgx lift). */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"

/* The length of the UTF-8 sequence at p (lead C2..F4, then 1..3 continuation bytes 80..BF),
 * as text has them and instruction words almost never do; 0 when there is none. */
static size_t utf8_sequence(const unsigned char *p, size_t avail)
{
    size_t more = p[0] >= 0xc2 && p[0] <= 0xdf   ? 1
                  : p[0] >= 0xe0 && p[0] <= 0xef ? 2
                  : p[0] >= 0xf0 && p[0] <= 0xf4 ? 3
                                                 : 0;
    if (!more || more >= avail)
        return 0;
    for (size_t k = 1; k <= more; k++)
        if ((p[k] & 0xc0) != 0x80)
            return 0;
    return more + 1;
}

/* Bytes text does not hold: NUL, control bytes other than white space, DEL, and bytes above 0x7f
 * outside UTF-8 sequences. Instruction words are full of them (a random word: about 60%); text
 * has at most a few strays, which the assembler reports at their place. So code is ELF's magic
 * or more than one such byte in 16 (and more than two: a short line of text with two stray
 * bytes stays text). */
bool tgx_cli_is_code(const char *data, size_t size)
{
    if (tgx_sm5_is_cubin(data, size))
        return true;
    const unsigned char *p = (const unsigned char *)data;
    size_t odd = 0;
    for (size_t i = 0; i < size;) {
        size_t run = p[i] >= 0x80 ? utf8_sequence(p + i, size - i) : 1;
        bool space = p[i] != 0 && strchr("\t\n\v\f\r", p[i]); /* strchr finds the NUL too */
        if (!run || p[i] == 0x7f || (p[i] < 0x20 && !space))
            odd++;
        i += run ? run : 1;
    }
    return odd > 2 && odd > size / 16;
}

bool tgx_cli_raw_needs_arch(const char *verb, const char *file, const char *data, size_t size,
                            bool have_arch)
{
    if (have_arch || tgx_sm5_is_cubin(data, size))
        return false;
    char shown[TGX_DIAG_FILE_MAX];
    fprintf(stderr,
            "tgx %s: %s: not an ELF file (a cubin starts with 0x7f 'ELF'); a raw code file "
            "(32-byte bundles) needs --arch sm_50|sm_52|sm_53\n",
            verb, tgx_diag_shown(shown, sizeof shown, file));
    return true;
}

bool tgx_cli_section_is(const tgx_sm5_code_section *s, const char *name)
{
    static const char prefix[] = ".text.";
    size_t n = sizeof prefix - 1;
    return !strcmp(s->name, name) || (!strncmp(s->name, prefix, n) && !strcmp(s->name + n, name));
}

const tgx_sm5_code_section *tgx_cli_find_section(const char *verb, const char *file,
                                                 const tgx_sm5_code_file *cf, const char *name)
{
    char shown_file[TGX_DIAG_FILE_MAX], shown_name[TGX_DIAG_FILE_MAX];
    tgx_diag_shown(shown_file, sizeof shown_file, file);
    tgx_diag_shown(shown_name, sizeof shown_name, name);
    if (!cf->is_cubin) { /* as for assembly text: a raw file has no sections */
        fprintf(stderr, "tgx %s: --section names a kernel of a cubin; %s is a raw code file\n",
                verb, shown_file);
        return NULL;
    }
    for (size_t i = 0; i < cf->count; i++)
        if (tgx_cli_section_is(&cf->sections[i], name))
            return &cf->sections[i];
    /* the names are printable ASCII: the reader refuses others */
    fprintf(stderr, "tgx %s: %s has no section '%s'; its code sections:", verb, shown_file,
            shown_name);
    for (size_t i = 0; i < cf->count; i++)
        fprintf(stderr, " %s", cf->sections[i].name);
    fprintf(stderr, "\n");
    return NULL;
}
