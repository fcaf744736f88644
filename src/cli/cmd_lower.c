/* tgx lower: the texture instructions of a TGSI shader as Maxwell code.
 *
 *   tgx lower [--arch sm_50|sm_52|sm_53] [-o OUT] SHADER
 *
 * Prints the listing of tgx_lower_print (tgx/lower.h): every TGSI instruction as a comment, each
 * texture instruction followed by its operand moves (comments), the Maxwell instruction and its
 * result moves; `tgx as` assembles it. The shader is first checked with tgx check's rules. A
 * texture instruction Maxwell cannot express is an error at its line:col and nothing is printed.
 * Exit status 0, 1 (the shader is invalid or cannot be lowered), 2 (usage or I/O).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "tgx/lower.h"
#include "tgx/util.h"

typedef struct lower_opts {
    tgx_sm5_arch arch;
    const char *out;
    const char *file;
} lower_opts;

enum { LOWER_ARCH = 1, LOWER_OUT };

static const tgx_cli_opt lower_options[] = {
    {LOWER_ARCH, "--arch", "ARCH", "the SM: sm_50, sm_52 (the default) or sm_53"},
    {LOWER_OUT, "-o", "OUT", TGX_CLI_OUT_HELP("the listing")},
    {0}};

const tgx_cli_spec tgx_cli_lower_spec = {
    .verb = "lower",
    .synopsis = "[--arch sm_50|sm_52|sm_53] [-o OUT] SHADER",
    .description =
        "Translates the texture instructions of a TGSI shader (TEX, TXP, TXB, TXL, TXD, TEX2, "
        "TXB2, TXL2, TEX_LZ, TG4, LODQ, TXF, TXF_LZ, TXQ, TXQS, the SAMPLE family, GATHER4, LOD, "
        "SVIEWINFO, LOAD on a sampler view) into Maxwell texture instructions: TEXS, TLDS and "
        "TLD4S where their tables allow the target, LOD mode, compare and write mask, else the "
        "general forms, as ptxas chooses. The shader is checked with tgx check's rules first; "
        "SHADER '-' is stdin.\n\n"
        "The listing has every TGSI instruction as a `#` comment; a texture instruction follows "
        "with the moves that pack its operands (comments), the Maxwell instruction, and the "
        "moves of its results. `tgx as` assembles it into the words. TXD with a depth reference "
        "or on 3D, cube and cube-array targets, which Maxwell's TXD does not take, is emulated "
        "as ptxas and nouveau do: four rounds of quad shuffles (SHFL), FSWZADD and TEX.NDV, "
        "each lane's result kept with a masked MOV; the listing prints every instruction. "
        "Registers: TEMP[n].xyzw is R4n..R4n+3; SVIEW[v] with SAMP[s] is bound by "
        "c[0x0][v | s << 5] = s << 20 | v (docs/translation.md).",
    .opts = lower_options,
    .notes = "Other TGSI instructions are not translated (the listing says so). A texture "
             "instruction without a Maxwell form is an error at its line:col with the reason, and "
             "nothing is printed; a translation that changes something (LODQ's 8.8 fixed point, "
             "the TXD emulation's implicit derivatives) is a warning.",
    .exit_status = "0 success, 1 an invalid shader or a texture instruction Maxwell cannot "
                   "express, 2 usage or I/O error.",
    .operand = "SHADER",
    .min_operands = 1,
    .max_operands = 1,
};

static int lower_option(void *ctx, int id, const char *value)
{
    lower_opts *o = ctx;
    switch (id) {
    case LOWER_ARCH: return tgx_cli_arch(&tgx_cli_lower_spec, value, &o->arch);
    case LOWER_OUT: o->out = tgx_cli_output_path(value); return 0;
    }
    return TGX_EXIT_USAGE;
}

/* Parses and checks the shader (tgx check's rules); prints what it finds. */
static int load_shader(const lower_opts *o, const char *name, tgx_tgsi_shader **sh)
{
    char *text = NULL;
    size_t size = 0;
    tgx_diag d;
    if (tgx_cli_read_input(o->file, &text, &size) != TGX_EXIT_OK)
        return TGX_EXIT_USAGE;
    tgx_status st = tgx_tgsi_parse(text, size, name, sh, &d);
    free(text);
    if (st == TGX_ERR_NOMEM) {
        fprintf(stderr, "tgx lower: out of memory\n");
        return TGX_EXIT_USAGE;
    }
    if (st != TGX_OK) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_INVALID;
    }
    tgx_diag_list found;
    tgx_diag_list_init(&found);
    st = tgx_tgsi_validate(*sh, name, &found);
    tgx_cli_print_diags(&found);
    if (st != TGX_OK) {
        tgx_tgsi_free(*sh);
        *sh = NULL;
        return TGX_EXIT_INVALID;
    }
    return -1;
}

/* tgx_lower_print_to's sink: the piece to stdout or -o's file (an I/O error said there). */
static tgx_status write_piece(void *out, const char *text, size_t len)
{
    return cli_output_write(out, text, len) == TGX_EXIT_OK ? TGX_OK : TGX_ERR_IO;
}

int tgx_cli_lower(int argc, char **argv)
{
    lower_opts o = {TGX_CLI_ARCH_DEFAULT, NULL, NULL};
    int first;
    int rc = tgx_cli_parse(&tgx_cli_lower_spec, argc, argv, lower_option, &o, &first);
    if (rc >= 0)
        return rc;
    o.file = argv[first];
    const char *name = tgx_cli_input_name(o.file);
    tgx_tgsi_shader *sh = NULL;
    rc = load_shader(&o, name, &sh);
    if (rc >= 0)
        return rc;
    tgx_diag_list diags;
    tgx_diag_list_init(&diags);
    /* checked first (nothing is written when an instruction cannot be lowered), then each
     * texture instruction lowered again as the listing goes out: neither the lowered program nor
     * the listing is held */
    tgx_status st = tgx_lower_shader(sh, name, o.arch, NULL, &diags);
    tgx_cli_print_diags(&diags);
    rc = tgx_cli_status_exit("lower", st);
    cli_output out;
    if (rc == TGX_EXIT_OK && (rc = cli_output_open(&out, "lower", o.out)) == TGX_EXIT_OK) {
        st = tgx_lower_stream(sh, name, o.arch, write_piece, &out);
        rc = cli_output_close(&out, tgx_cli_status_exit("lower", st));
    }
    tgx_tgsi_free(sh);
    return rc;
}
