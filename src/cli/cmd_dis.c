/* tgx dis: Maxwell code as nvdisasm prints it.
 *
 *   tgx dis [--arch ARCH] --words [FILE]     `WORD [CTRL] [@ADDR]` -> a text line each
 *   tgx dis [--arch ARCH] [--plain|--novliw] [--section NAME] [FILE]
 *                                            a cubin or raw code file as nvdisasm lists it
 *
 * With --words, every input word gives exactly one output line: nvdisasm's text for it with the
 * control field CTRL (default 0x7e1, the neutral field tools/nvdis uses), or
 * `ERROR: <nvdisasm's message>`. Lines that hold no word (blank, `#` comment) give none; a line
 * that is not `WORD [CTRL] [@ADDR]` is reported on stderr with its position and gives none either.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/lines.h"
#include "tgx/sm5.h"
#include "tgx/util.h"

/* The longest text line: a listing line with an error message (TGX_DIAG_MSG_MAX) in it. */
#define DIS_TEXT_MAX (TGX_DIAG_MSG_MAX + 96)

typedef struct dis_opts {
    tgx_sm5_arch arch;
    int have_arch;
    int words;
    unsigned layout; /* TGX_SM5_LIST_HEX and TGX_SM5_LIST_NOVLIW */
    const char *section;
    const char *file;
} dis_opts;

enum { DIS_ARCH = 1, DIS_WORDS, DIS_PLAIN, DIS_NOVLIW, DIS_SECTION };

static const tgx_cli_opt dis_options[] = {
    {DIS_ARCH, "--arch", "ARCH", TGX_CLI_ARCH_HELP},
    {DIS_WORDS, "--words", NULL,
     "FILE (or stdin) holds lines `WORD [CTRL] [@ADDR]`: a 64-bit word, optionally its 21-bit "
     "scheduling-control field and its address (a branch's target is printed as an absolute "
     "address; 0 by default), hex with optional 0x, `#` starts a comment; prints one line per "
     "word: the text, or `ERROR: message` (nvdisasm's)"},
    {DIS_PLAIN, "--plain", NULL,
     "a code file's listing as plain `nvdisasm` prints it: no hex comments (which tgx as "
     "--bundles needs to give the control words back)"},
    {DIS_NOVLIW, "--novliw", NULL,
     "as `nvdisasm -hex -novliw`: one instruction a line, each with its word, no `{ }` (the "
     "control words still say which instructions pair)"},
    {DIS_SECTION, "--section", "NAME",
     "only this code section of a cubin: its name (.text.k_tld4) or its kernel's (k_tld4)"},
    {0}};

const tgx_cli_spec tgx_cli_dis_spec = {
    .verb = "dis",
    .synopsis = "[--arch sm_50|sm_52|sm_53] --words [FILE]\n"
                "[--arch sm_50|sm_52|sm_53] [--plain|--novliw] [--section NAME] [FILE]",
    .description =
        "Disassembles Maxwell code exactly as NVIDIA's nvdisasm 11.8 prints it. FILE '-' (the "
        "default) is stdin.\n\n"
        "Without --words, FILE is a cubin (ELF) or a raw code file of 32-byte bundles, listed "
        "as `nvdisasm -hex FILE` lists it (with --plain as `nvdisasm FILE`, with --novliw as "
        "`nvdisasm -hex -novliw FILE`), byte for byte: for a cubin every section (attributes, "
        "data, functions, labels, relocations) and the symbols, for a raw file the "
        "instructions. `tgx as --bundles` turns a -hex or --novliw listing back into the same "
        "bytes. A raw file needs --arch.",
    .opts = dis_options,
    .exit_status =
        "0 every word was disassembled; 1 a word is one nvdisasm rejects (its line says "
        "`ERROR: ...`, the other words are still printed), a --words line is malformed (reported "
        "as file:line:col), or the file is not a cubin or whole bundles; 2 usage or I/O error.",
    .operand = "FILE",
    .min_operands = 0,
    .max_operands = 1,
};

/* Output in batches: lines are put into one buffer that goes to stdout in a single write when
 * it fills (and at the end), so a listing of a million words costs a few hundred writes. */
typedef struct dis_out {
    char buf[1 << 16];
    size_t len;
} dis_out;

static void out_flush(dis_out *o)
{
    if (o->len)
        fwrite(o->buf, 1, o->len, stdout);
    o->len = 0;
}

/* Room for one more line of at most DIS_TEXT_MAX characters and its newline. */
static char *out_room(dis_out *o)
{
    if (sizeof o->buf - o->len < DIS_TEXT_MAX + 2)
        out_flush(o);
    return o->buf + o->len;
}

/* A message on stderr after the lines before it. */
static void report(dis_out *out, const tgx_diag *d)
{
    out_flush(out);
    fflush(stdout);
    tgx_cli_print_diag(d);
}

static void out_line(dis_out *o, size_t n)
{
    if (n > DIS_TEXT_MAX)
        n = DIS_TEXT_MAX;
    o->buf[o->len + n] = '\n';
    o->len += n + 1;
}

/* One `WORD [CTRL] [@ADDR]` line: its text or ERROR line, or a message on stderr for a malformed
 * line. Returns 1 if the line holds no valid texture instruction. */
static int words_line(const dis_opts *o, dis_out *out, const char *name, const char *line,
                      unsigned lineno)
{
    uint64_t word, addr;
    uint32_t ctrl;
    tgx_diag d;
    unsigned col;
    int has_word;
    if (tgx_sm5_parse_word_line(line, name, lineno, &has_word, &word, &ctrl, &addr, &col, &d) < 0) {
        report(out, &d);
        return 1;
    }
    if (!has_word)
        return 0;
    size_t n = 0;
    tgx_status st =
        tgx_sm5_insn_text(word, ctrl, o->arch, addr, NULL, out_room(out), DIS_TEXT_MAX + 1, &n);
    out_line(out, n);
    return st != TGX_OK;
}

/* Reads the lines one at a time (cli_lines: 64 KB blocks, a line of at most 1023 characters);
 * a line that is too long or holds a NUL byte is reported and gives no output line, a folder or
 * a read error stops with status 2. */
static int run_words(const dis_opts *o)
{
    tgx_diag d;
    cli_lines *in = NULL;
    if (cli_lines_create(o->file, &in, &d) != TGX_OK) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_USAGE;
    }
    dis_out *out = malloc(sizeof *out);
    if (!out) {
        cli_lines_destroy(in);
        fprintf(stderr, "tgx dis: out of memory\n");
        return TGX_EXIT_USAGE;
    }
    out->len = 0;
    int rc = TGX_EXIT_OK, got;
    const char *line;
    size_t len;
    while ((got = cli_lines_next(in, &line, &len, &d)) != 0) {
        if (got < 0) {
            report(out, &d);
            rc = d.status == TGX_ERR_IO ? TGX_EXIT_USAGE : TGX_EXIT_INVALID;
            if (d.status == TGX_ERR_IO)
                break;
            continue;
        }
        if (words_line(o, out, in->name, line, in->lineno) && rc == TGX_EXIT_OK)
            rc = TGX_EXIT_INVALID;
    }
    out_flush(out);
    free(out);
    cli_lines_destroy(in);
    return rc;
}

static int run_code_file(dis_opts *o)
{
    char *data = NULL;
    size_t size = 0;
    tgx_diag d;
    if (tgx_cli_read_input(o->file, &data, &size) != TGX_EXIT_OK)
        return TGX_EXIT_USAGE;
    const char *name = tgx_cli_input_name(o->file);
    if (tgx_cli_raw_needs_arch("dis", name, data, size, o->have_arch)) {
        free(data);
        return TGX_EXIT_USAGE;
    }
    tgx_sm5_code_file cf;
    if (tgx_sm5_code_file_read((const unsigned char *)data, size, name, &cf, &d) < 0) {
        tgx_cli_print_diag(&d);
        free(data);
        return TGX_EXIT_INVALID;
    }
    int rc = TGX_EXIT_OK;
    tgx_sm5_arch file_arch = o->arch;
    const tgx_sm5_code_section *only = NULL;
    if (o->section && !(only = tgx_cli_find_section("dis", name, &cf, o->section))) {
        rc = TGX_EXIT_USAGE;
    } else if (cf.is_cubin && tgx_sm5_arch_from_sm(cf.sm, &file_arch) != TGX_OK && !o->have_arch) {
        char shown[TGX_DIAG_FILE_MAX];
        fprintf(stderr, "tgx dis: %s: a cubin for SM %u, not sm_50/52/53; give --arch\n",
                tgx_diag_shown(shown, sizeof shown, name), cf.sm);
        rc = TGX_EXIT_INVALID;
    } else {
        if (!o->have_arch)
            o->arch = file_arch;
        tgx_sm5_listing l;
        if (tgx_sm5_list_section(&cf, only, o->arch, o->layout, &l, &d) < 0) {
            tgx_cli_print_diag(&d);
            rc = TGX_EXIT_USAGE;
        } else {
            fwrite(l.text, 1, l.len, stdout);
            rc = l.rejected ? TGX_EXIT_INVALID : TGX_EXIT_OK;
            tgx_sm5_listing_free(&l);
        }
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
    if (id == DIS_PLAIN || id == DIS_NOVLIW) {
        /* the last of --plain and --novliw counts, as the last --arch does */
        o->layout = id == DIS_PLAIN ? 0 : TGX_SM5_LIST_HEX | TGX_SM5_LIST_NOVLIW;
        return 0;
    }
    if (id == DIS_SECTION) {
        o->section = value;
        return 0;
    }
    o->have_arch = 1;
    return tgx_cli_arch(&tgx_cli_dis_spec, value, &o->arch);
}

int tgx_cli_dis(int argc, char **argv)
{
    dis_opts o = {TGX_CLI_ARCH_DEFAULT, 0, 0, TGX_SM5_LIST_HEX, NULL, "-"};
    int first;
    int rc = tgx_cli_parse(&tgx_cli_dis_spec, argc, argv, dis_option, &o, &first);
    if (rc >= 0)
        return rc;
    if (first < argc)
        o.file = argv[first];
    if (o.words)
        return run_words(&o);
    return run_code_file(&o);
}
