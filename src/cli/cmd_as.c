/* tgx as: Maxwell texture instructions in nvdisasm syntax -> 64-bit words.
 *
 *   tgx as [--arch sm_50|sm_52|sm_53] [--hex] [--bundles] [--allow-illegal] [-o OUT] FILE
 *
 * Reads assembly text (tgx_sm5_assemble's syntax: one instruction per line or several in a
 * `{ ... }` bundle, nvdisasm's address and hex comments allowed) and writes the words, raw
 * little-endian (8 bytes each) or with --hex one `0x%016x` per line, to OUT or stdout. Every
 * statement is also checked against the legality rules (docs/sm5-legality.md); every problem is
 * printed to stderr as file:line:col: error|warning: message. Nothing is written when there is
 * an error. With --bundles the words go out as a code file nvdisasm and `tgx dis` read: 32-byte
 * bundles whose control words hold what the text says (.T/.P, ';' spacing, `{ }` pairs).
 * Exit status 0, 1 (an error), 2 (usage or I/O).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tgx/sm5.h"
#include "tgx/util.h"

typedef struct as_opts {
    tgx_sm5_arch arch;
    int have_arch;
    int hex;
    int bundles;
    int allow_illegal;
    const char *out;  /* NULL: stdout */
    const char *file; /* "-": stdin */
} as_opts;

enum { AS_ARCH = 1, AS_HEX, AS_BUNDLES, AS_ALLOW_ILLEGAL, AS_OUT };

static const tgx_cli_opt as_options[] = {
    {AS_ARCH, "--arch", "ARCH", TGX_CLI_ARCH_HELP},
    {AS_OUT, "-o", "OUT", TGX_CLI_OUT_HELP("the words")},
    {AS_HEX, "--hex", NULL, "one word per line as 0x%016x instead of raw little-endian bytes"},
    {AS_BUNDLES, "--bundles", NULL,
     "a code file of 32-byte bundles (`nvdisasm -b SM5x`, `tgx dis`): each control word is the "
     "listing's (hex comment) or neutral, with the fields the text spells (.T/.P, ';' spacing, "
     "`{ }` pairs); NOPs fill an incomplete bundle"},
    {AS_ALLOW_ILLEGAL, "--allow-illegal", NULL,
     "instructions that encode but break a legality rule of the SM 5.x pages "
     "(docs/sm5-legality.md) are warnings, not errors, and are written; without it any "
     "violation is an error and nothing is written"},
    {0}};

const tgx_cli_spec tgx_cli_as_spec = {
    .verb = "as",
    .synopsis = "[--arch sm_50|sm_52|sm_53] [--hex] [--bundles] [--allow-illegal] [-o OUT] FILE",
    .description =
        "Assembles Maxwell instructions written as nvdisasm prints them into 64-bit words: "
        "every instruction of sm_50/52/53 (.reuse flags and the ';' spacing go into the control "
        "field, branch targets may be the listing's labels). Every line of nvdisasm's listing "
        "of a cubin is accepted (labels, directives, data, `{ ... }` pairs, .T/.P); with "
        "`nvdisasm -hex` an instruction takes the word of its hex comment where that word prints "
        "the same text (it keeps the bits nvdisasm does not print) and each bundle the fields of "
        "its control-word comment, so --bundles writes the cubin's code back. FILE '-' is stdin.",
    .opts = as_options,
    .notes =
        "Problems are printed as file:line:col: error|warning: message (the field or the rule). "
        "Without --bundles only the instruction words are written. Raw words are not written to "
        "a terminal (exit 2, as gzip refuses): redirect stdout, give -o or --hex.",
    .exit_status = "0 success, 1 an error in the input (nothing is written), 2 usage or I/O error.",
    .operand = "FILE",
    .min_operands = 1,
    .max_operands = 1,
};

static int as_option(void *ctx, int id, const char *value)
{
    as_opts *o = ctx;
    switch (id) {
    case AS_ARCH: o->have_arch = 1; return tgx_cli_arch(&tgx_cli_as_spec, value, &o->arch);
    case AS_OUT: o->out = tgx_cli_output_path(value); return 0;
    case AS_HEX: o->hex = 1; return 0;
    case AS_BUNDLES: o->bundles = 1; return 0;
    case AS_ALLOW_ILLEGAL: o->allow_illegal = 1; return 0;
    }
    return TGX_EXIT_USAGE;
}

/* Returns -1 to go on, else an exit status. */
static int parse_options(int argc, char **argv, as_opts *o)
{
    int first;
    int rc = tgx_cli_parse(&tgx_cli_as_spec, argc, argv, as_option, o, &first);
    if (rc >= 0)
        return rc;
    o->file = argv[first];
    if (!o->out && !o->hex && tgx_cli_binary_to_terminal("as", "the code (without --hex)"))
        return TGX_EXIT_USAGE;
    return -1;
}

/* One word as the output holds it: 16 hex digits and a newline, or 8 little-endian bytes (as
 * code files hold words). Returns the bytes written to b. */
static size_t put_word(unsigned char *b, int hex, uint64_t w)
{
    if (hex) {
        char text[20];
        snprintf(text, sizeof text, "0x%016" PRIx64 "\n", w);
        memcpy(b, text, 19);
        return 19;
    }
    for (int k = 0; k < 8; k++)
        b[k] = (unsigned char)(w >> (8 * k));
    return 8;
}

/* The words to write: the instructions, or with --bundles the whole code file. */
static uint64_t *output_words(const as_opts *o, const tgx_sm5_program *p, size_t *n)
{
    *n = o->bundles ? tgx_sm5_program_bundles(p, NULL, 0) : p->count;
    uint64_t *w = malloc((*n ? *n : 1) * sizeof *w);
    if (!w)
        return NULL;
    if (o->bundles)
        tgx_sm5_program_bundles(p, w, *n);
    else
        for (size_t i = 0; i < *n; i++)
            w[i] = p->insns[i].word;
    return w;
}

/* Writes the words to -o's file with the safe writer (a regular file is replaced only once
 * every byte is on disk, a device or FIFO is written in place, a link through to its target),
 * or to stdout, whose errors tgx's main reports. */
static int write_words(const as_opts *o, const tgx_sm5_program *p)
{
    size_t n;
    uint64_t *words = output_words(o, p, &n);
    unsigned char *bytes = words ? malloc(n * 19 + 1) : NULL;
    if (!bytes) {
        free(words);
        fprintf(stderr, "tgx as: out of memory\n");
        return TGX_EXIT_USAGE;
    }
    size_t len = 0;
    for (size_t i = 0; i < n; i++)
        len += put_word(bytes + len, o->hex, words[i]);
    free(words);
    int rc = TGX_EXIT_OK;
    tgx_diag d;
    if (o->out && tgx_write_file_atomic(o->out, bytes, len, &d) != TGX_OK) {
        tgx_cli_print_diag(&d);
        rc = TGX_EXIT_USAGE;
    } else if (!o->out && fwrite(bytes, 1, len, stdout) != len) {
        rc = TGX_EXIT_USAGE; /* reported as a write error on <stdout> by main */
    }
    free(bytes);
    return rc;
}

int tgx_cli_as(int argc, char **argv)
{
    as_opts o = {TGX_CLI_ARCH_DEFAULT, 0, 0, 0, 0, NULL, "-"};
    int rc = parse_options(argc, argv, &o);
    if (rc >= 0)
        return rc;
    char *text = NULL;
    size_t size = 0;
    if (tgx_cli_read_input(o.file, &text, &size) != TGX_EXIT_OK)
        return TGX_EXIT_USAGE;
    const char *file = tgx_cli_input_name(o.file);
    tgx_diag_list out;
    tgx_diag_list_init(&out);
    tgx_sm5_program p;
    tgx_status st = tgx_sm5_assemble_checked(text, size, file, o.arch, NULL, &p, &out);
    for (size_t i = 0; i < out.count; i++) {
        tgx_diag *e = &out.items[i];
        /* Legality violations are TGX_ERR_INVALID; what does not parse or encode stays an error
         * whatever the option says. */
        if (o.allow_illegal && e->status == TGX_ERR_INVALID && st != TGX_ERR_PARSE)
            e->severity = TGX_SEV_WARNING;
        tgx_cli_print_diag(e);
    }
    if (st == TGX_ERR_NOMEM) {
        fprintf(stderr, "tgx as: out of memory\n");
        rc = TGX_EXIT_USAGE;
    } else if (st == TGX_ERR_PARSE || (st == TGX_ERR_INVALID && !o.allow_illegal)) {
        rc = TGX_EXIT_INVALID;
    } else {
        rc = write_words(&o, &p);
    }
    tgx_sm5_program_free(&p);
    tgx_diag_list_free(&out);
    free(text);
    return rc;
}
