/* tgx dis: Maxwell texture instructions as nvdisasm prints them.
 *
 *   tgx dis --arch sm_50|sm_52|sm_53 --words [FILE]   lines `WORD [CTRL]` -> one text line each
 *   tgx dis --arch ARCH [FILE]                         a raw code file or a cubin's .text sections
 *
 * With --words, every input word gives exactly one output line: nvdisasm's text for it with the
 * control field CTRL (default 0x7e1, the neutral field tools/nvdis uses), or
 * `ERROR: <nvdisasm's message>`. Lines that hold no word (blank, `#` comment) give none; a line
 * that is not `WORD [CTRL]` is reported on stderr with its position and gives none either.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tgx/sm5.h"
#include "tgx/util.h"

#define DIS_TEXT_MAX (TGX_DIAG_MSG_MAX + 64)

typedef struct dis_opts {
    tgx_sm5_arch arch;
    int have_arch;
    int words;
    const char *file;
} dis_opts;

enum { DIS_ARCH = 1, DIS_WORDS };

static const tgx_cli_opt dis_options[] = {
    {DIS_ARCH, "--arch", "ARCH",
     "sm_50, sm_52 or sm_53; required for --words and raw files, a cubin's own SM is the "
     "default"},
    {DIS_WORDS, "--words", NULL,
     "FILE (or stdin) holds lines `WORD [CTRL]`: a 64-bit word and optionally its 21-bit "
     "scheduling-control field, hex with optional 0x, `#` starts a comment; prints one line per "
     "word: the text, or `ERROR: message` (nvdisasm's)"},
    {0}};

const tgx_cli_spec tgx_cli_dis_spec = {
    .verb = "dis",
    .synopsis = "--arch sm_50|sm_52|sm_53 --words [FILE]\n[--arch sm_50|sm_52|sm_53] [FILE]",
    .description =
        "Disassembles Maxwell texture instructions exactly as NVIDIA's nvdisasm prints them. FILE "
        "'-' (the default) is stdin.\n\n"
        "Without --words, FILE is a cubin (ELF) or a raw code file of 32-byte bundles; every "
        "instruction is printed with its address: texture instructions as text, others as "
        "`<non-texture instruction>`, each line ending in its word's hex; dual-issue pairs in "
        "`{ }` as nvdisasm shows them. A raw file needs --arch.",
    .opts = dis_options,
    .exit_status =
        "0 every word was disassembled; 1 a word is not a valid texture instruction (its line says "
        "`ERROR: ...`, the other words are still printed), a --words line is malformed (reported "
        "as "
        "file:line:col), or the file is not a cubin or whole bundles; 2 usage or I/O error.",
    .operand = "FILE",
    .min_operands = 0,
    .max_operands = 1,
};

typedef enum dis_kind {
    DIS_OTHER, /* outside the texture classes ("ERROR: ..." in buf) */
    DIS_TEXT,  /* a texture instruction, its text in buf */
    DIS_ERROR, /* a texture opcode nvdisasm rejects ("ERROR: ..." in buf) */
} dis_kind;

/* nvdisasm's text for word with control field ctrl, or "ERROR: message". */
static dis_kind dis_word(tgx_sm5_arch arch, uint64_t word, uint32_t ctrl, char *buf, size_t size)
{
    tgx_sm5_insn in;
    tgx_diag d;
    tgx_status st = tgx_sm5_decode(word, arch, &in, &d);
    if (st == TGX_OK) {
        tgx_sm5_print(&in, ctrl, buf, size);
        return DIS_TEXT;
    }
    snprintf(buf, size, "ERROR: %s", d.message);
    return tgx_sm5_is_texture_opcode(word, arch) ? DIS_ERROR : DIS_OTHER;
}

static int run_words(const dis_opts *o)
{
    FILE *f = strcmp(o->file, "-") == 0 ? stdin : fopen(o->file, "r");
    if (!f) {
        fprintf(stderr, "tgx dis: %s: %s\n", o->file, strerror(errno));
        return TGX_EXIT_USAGE;
    }
    char line[1024], text[DIS_TEXT_MAX];
    unsigned lineno = 0;
    int bad = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        uint64_t word;
        uint32_t ctrl;
        tgx_diag d;
        unsigned col;
        int has_word;
        if (tgx_sm5_parse_word_line(line, o->file, lineno, &has_word, &word, &ctrl, &col, &d) < 0) {
            tgx_cli_print_diag(&d);
            bad = 1;
        } else if (has_word) {
            bad |= dis_word(o->arch, word, ctrl, text, sizeof text) != DIS_TEXT;
            fputs(text, stdout);
            fputc('\n', stdout);
        }
        if (!strchr(line, '\n') && !feof(f)) { /* an over-long line: drop its rest */
            int c;
            while ((c = fgetc(f)) != EOF && c != '\n')
                ;
        }
    }
    if (f != stdin)
        fclose(f);
    return bad ? TGX_EXIT_INVALID : TGX_EXIT_OK;
}

static int arch_of_sm(unsigned sm, tgx_sm5_arch *arch)
{
    switch (sm) {
    case 50: *arch = TGX_SM5_ARCH_SM50; return 1;
    case 52: *arch = TGX_SM5_ARCH_SM52; return 1;
    case 53: *arch = TGX_SM5_ARCH_SM53; return 1;
    default: return 0;
    }
}

/* What nvdisasm puts between the address and the text: `{` for a dual-issue pair's first, blank
 * columns otherwise (print_insn adds the second's `}`; it keeps the word on the line, where
 * nvdisasm moves a pair's second word to a line of its own). */
static const char *pair_open(tgx_sm5_pair p)
{
    return p == TGX_SM5_PAIR_FIRST ? "         {         " : "                   ";
}

/* A pair's second instruction loses its ';' and closes the brace. */
static void close_pair(char *text)
{
    size_t n = strlen(text);
    if (n > 0 && text[n - 1] == ';')
        text[--n] = '\0';
    if (n > 0 && text[n - 1] == ' ')
        text[--n] = '\0';
}

/* Prints one instruction's line; returns 1 if it is a texture opcode nvdisasm rejects. */
static int print_insn(tgx_sm5_arch arch, const tgx_sm5_code_insn *in)
{
    char text[DIS_TEXT_MAX];
    dis_kind k = dis_word(arch, in->word, in->ctrl, text, sizeof text);
    if (k == DIS_OTHER)
        snprintf(text, sizeof text, "%s", TGX_SM5_OTHER_TEXT);
    if (in->pair == TGX_SM5_PAIR_SECOND)
        close_pair(text);
    printf("        /*%04" PRIx64 "*/%s%s%s /* 0x%016" PRIx64 " */\n", in->addr,
           pair_open(in->pair), text, in->pair == TGX_SM5_PAIR_SECOND ? "         }" : "",
           in->word);
    return k == DIS_ERROR;
}

/* Prints a section's instructions; returns how many are texture opcodes nvdisasm rejects. */
static size_t print_section(tgx_sm5_arch arch, const tgx_sm5_code_file *cf,
                            const tgx_sm5_code_section *s)
{
    size_t errors = 0;
    if (cf->is_cubin)
        printf("\n// %s: 0x%zx bytes at file offset 0x%" PRIx64 "\n", s->name, s->size,
               s->file_offset);
    size_t n = tgx_sm5_code_section_insns(s);
    for (size_t i = 0; i < n; i++) {
        tgx_sm5_code_insn in = tgx_sm5_code_section_insn(s, i);
        errors += (size_t)print_insn(arch, &in);
    }
    return errors;
}

static int run_code_file(dis_opts *o)
{
    char *data = NULL;
    size_t size = 0;
    tgx_diag d;
    if (tgx_read_file(o->file, &data, &size, &d) < 0) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_USAGE;
    }
    tgx_sm5_code_file cf;
    if (tgx_sm5_code_file_read((const unsigned char *)data, size, o->file, &cf, &d) < 0) {
        tgx_cli_print_diag(&d);
        free(data);
        return TGX_EXIT_INVALID;
    }
    int rc = TGX_EXIT_OK;
    tgx_sm5_arch file_arch;
    if (cf.is_cubin && !arch_of_sm(cf.sm, &file_arch) && !o->have_arch) {
        fprintf(stderr, "tgx dis: %s: a cubin for SM %u, not sm_50/52/53; give --arch\n", o->file,
                cf.sm);
        rc = TGX_EXIT_INVALID;
    } else if (!cf.is_cubin && !o->have_arch) {
        fprintf(stderr, "tgx dis: %s is a raw code file: --arch is required\n", o->file);
        rc = TGX_EXIT_USAGE;
    } else {
        if (!o->have_arch)
            o->arch = file_arch;
        size_t errors = 0;
        for (size_t i = 0; i < cf.count; i++)
            errors += print_section(o->arch, &cf, &cf.sections[i]);
        rc = errors ? TGX_EXIT_INVALID : TGX_EXIT_OK;
    }
    tgx_sm5_code_file_free(&cf);
    free(data);
    return rc;
}

static int dis_option(void *ctx, int id, const char *value)
{
    dis_opts *o = ctx;
    if (id == DIS_WORDS) {
        o->words = 1;
        return 0;
    }
    if (tgx_sm5_arch_from_name(value, &o->arch) != TGX_OK)
        return tgx_cli_usage_error(&tgx_cli_dis_spec,
                                   "--arch: unknown arch '%s' (sm_50, sm_52 or sm_53)", value);
    o->have_arch = 1;
    return 0;
}

int tgx_cli_dis(int argc, char **argv)
{
    dis_opts o = {TGX_SM5_ARCH_SM52, 0, 0, "-"};
    int first;
    int rc = tgx_cli_parse(&tgx_cli_dis_spec, argc, argv, dis_option, &o, &first);
    if (rc >= 0)
        return rc;
    if (first < argc)
        o.file = argv[first];
    if (o.words) {
        if (!o.have_arch)
            return tgx_cli_usage_error(&tgx_cli_dis_spec, "--words needs --arch sm_50|sm_52|sm_53");
        return run_words(&o);
    }
    return run_code_file(&o);
}
