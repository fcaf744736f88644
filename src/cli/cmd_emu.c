/* tgx emu: run Maxwell texture instructions on one emulated warp (tgx/sm5_emu.h), or a whole
 * kernel of a cubin on a grid (--kernel).
 *
 *   tgx emu [--arch ARCH] [--profile exact|nv] [--format auto|both|hex|float] [--section NAME]
 *           [-o OUT.tgxr] PROGRAM [SETUP]
 *   tgx emu --kernel NAME [--format both|hex|float] CUBIN [SETUP]
 *
 * PROGRAM is assembly text as `tgx as` reads it, or a code file (cubin, raw bundles) whose
 * texture instructions run in order (the others are skipped, with a note). SETUP is a setup file
 * (src/cli/emu_setup.c, docs/sm5-emu.md); without one the default setup applies (emu_defaults.c).
 * Every instruction is decoded and checked before the first runs. Prints, for each active
 * thread, the registers and predicates the program wrote, in hex and as floats; -o writes them
 * as TGXR instead (one row per thread, one column per written register, uint32).
 * Exit status 0, 1 (an invalid program or setup), 2 (usage or I/O). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "tgx/io.h"
#include "tgx/sm5_emu_setup.h"
#include "tgx/util.h"

/* --format: by what each instruction wrote (auto), or one reading for every value */
typedef enum emu_format { FMT_AUTO, FMT_BOTH, FMT_HEX, FMT_FLOAT } emu_format;

static const struct {
    const char *name;
    emu_format format;
} formats[] = {{"auto", FMT_AUTO}, {"both", FMT_BOTH}, {"hex", FMT_HEX}, {"float", FMT_FLOAT}};

typedef struct emu_opts {
    tgx_sm5_arch arch;
    bool have_arch;
    bool profile_set;
    tgx_tex_profile profile;
    emu_format format;
    const char *section;
    const char *kernel;
    const char *out;
    const char *program;
    const char *program_name; /* PROGRAM as messages name it: "<stdin>" for '-' */
    const char *setup;
} emu_opts;

/* The program: decoded instructions and where each came from. */
typedef struct emu_prog {
    tgx_sm5_insn *insns;
    unsigned *line; /* text: 1-based line; code file: 0 */
    uint64_t *addr; /* code file: the instruction's address */
    size_t count;
    size_t skipped;      /* non-texture instructions of a code file */
    const char *text;    /* the source text (for columns), or NULL */
    tgx_diag_list legal; /* text: the legality rules' findings, each at its operand's column */
    char section[TGX_SM5_SECT_NAME_MAX];
} emu_prog;

enum { EMU_ARCH = 1, EMU_PROFILE, EMU_FORMAT, EMU_SECTION, EMU_KERNEL, EMU_OUT };

static const tgx_cli_opt emu_options[] = {
    {EMU_ARCH, "--arch", "ARCH", TGX_CLI_ARCH_HELP},
    {EMU_PROFILE, "--profile", "exact|nv", "the precision profile of every sampler"},
    {EMU_FORMAT, "--format", "auto|both|hex|float",
     "how values print: auto (the default) the bits in hex and the value as the instruction "
     "wrote it (fp32, integer, .F16's two halves; bits alone where nothing says); both, hex and "
     "fp32 for every value; hex, the raw bits alone; float, fp32 alone"},
    {EMU_SECTION, "--section", "NAME", "the code section to run (a cubin with several kernels)"},
    {EMU_KERNEL, "--kernel", "NAME",
     "run kernel NAME of the cubin, every instruction, on the grid the setup gives (its "
     "buffers, parameters, grid and block); prints the buffers afterwards"},
    {EMU_OUT, "-o", "OUT.tgxr",
     "write the registers as TGXR (row = thread, column = written register in increasing "
     "order, uint32) instead of printing; '-' is stdout"},
    {0}};

const tgx_cli_spec tgx_cli_emu_spec = {
    .verb = "emu",
    .synopsis = "[--arch sm_50|sm_52|sm_53] [--profile exact|nv] [--format both|hex|float]\n"
                "[--section NAME] [-o OUT.tgxr] PROGRAM [SETUP]\n"
                "--kernel NAME [--format both|hex|float] CUBIN [SETUP]",
    .description =
        "Runs Maxwell texture instructions on one emulated warp of 32 threads, through the "
        "texture unit tgx uses everywhere (docs/sm5-emu.md). PROGRAM is assembly text as `tgx "
        "as` reads it ('-' is stdin), or a cubin / raw code file whose texture instructions run "
        "in order. SETUP is a setup file: registers per thread or as expressions of the thread, "
        "predicates, masks, constant bank words, texture headers (the texture specs of `tgx run "
        "--tex`) and samplers. Without SETUP every texture index gets a small mipmapped texture "
        "of the instruction's target and the registers the program reads get coordinates of an "
        "8x4-pixel tile (docs/sm5-emu.md). With --kernel, the cubin's kernel runs whole -- "
        "arithmetic, control flow with the SIMT stack, memories, atomics, shuffles, votes and "
        "barriers -- on a grid of blocks, from a setup of buffers (`buffer out = f32 64`, "
        "`buffer x = u32 64 i * 3`), parameters (`param 0 = out`, `param 1 = f32 0.5`), `grid`, "
        "`block`, `shared`, `budget` and `show`.",
    .opts = emu_options,
    .notes = "Prints one line per active thread with the registers and predicates the program "
             "wrote; with --kernel, the launch and then every buffer (or those `show` names), "
             "eight elements a line. Problems are printed as file:line:col: error: message, "
             "before anything runs; a kernel's run-time error names the block, warp, thread, "
             "address and instruction.",
    .exit_status = "0 success, 1 an invalid program or setup, 2 usage or I/O error.",
    .operand = "PROGRAM",
    .min_operands = 1,
    .max_operands = 2,
};

static int bad_value(const char *opt, const char *v, const char *choices)
{
    return tgx_cli_usage_error(&tgx_cli_emu_spec, "%s: '%s' is not %s", opt, v, choices);
}

static int emu_option(void *ctx, int id, const char *v)
{
    emu_opts *o = ctx;
    switch (id) {
    case EMU_ARCH:
        if (tgx_sm5_arch_from_name(v, &o->arch) < 0)
            return bad_value("--arch", v, "sm_50, sm_52 or sm_53");
        o->have_arch = true;
        return 0;
    case EMU_PROFILE:
        o->profile_set = true;
        if (!strcmp(v, "nv"))
            o->profile = TGX_TEX_PROFILE_NV;
        else if (!strcmp(v, "exact"))
            o->profile = TGX_TEX_PROFILE_EXACT;
        else
            return bad_value("--profile", v, "exact or nv");
        return 0;
    case EMU_FORMAT:
        for (size_t k = 0; k < sizeof formats / sizeof formats[0]; k++)
            if (!strcmp(v, formats[k].name)) {
                o->format = formats[k].format;
                return 0;
            }
        return bad_value("--format", v, "auto, both, hex or float");
    case EMU_SECTION: o->section = v; return 0;
    case EMU_KERNEL: o->kernel = v; return 0;
    case EMU_OUT: o->out = v; return 0;
    }
    return TGX_EXIT_USAGE;
}

/* Returns -1 to go on, else an exit status. */
static int parse_options(int argc, char **argv, emu_opts *o)
{
    int first;
    int rc = tgx_cli_parse(&tgx_cli_emu_spec, argc, argv, emu_option, o, &first);
    if (rc >= 0)
        return rc;
    o->program = argv[first];
    o->program_name = tgx_cli_input_name(o->program);
    o->setup = first + 1 < argc ? argv[first + 1] : NULL;
    if (o->setup && !strcmp(o->program, "-") && !strcmp(o->setup, "-"))
        return tgx_cli_usage_error(&tgx_cli_emu_spec,
                                   "PROGRAM and SETUP cannot both be '-' (stdin)");
    return -1;
}

/* ---- the program -------------------------------------------------------------------------- */

static bool prog_grow(emu_prog *p, size_t n)
{
    p->insns = calloc(n ? n : 1, sizeof *p->insns);
    p->line = calloc(n ? n : 1, sizeof *p->line);
    p->addr = calloc(n ? n : 1, sizeof *p->addr);
    return p->insns && p->line && p->addr;
}

static void prog_free(emu_prog *p)
{
    free(p->insns);
    free(p->line);
    free(p->addr);
    tgx_diag_list_free(&p->legal);
}

/* The column of the first non-blank character of line `lineno` of text (1 if unknown). */
static unsigned statement_column(const char *text, unsigned lineno)
{
    const char *p = text;
    for (unsigned l = 1; p && l < lineno; l++) {
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    unsigned col = 1;
    while (p && (p[col - 1] == ' ' || p[col - 1] == '\t'))
        col++;
    return col;
}

/* The column of d's problem on line `line`: the operand a legality rule is about, as the
 * checked assembly of the text placed the same finding; else the statement's. */
static unsigned problem_column(const emu_prog *p, unsigned line, const tgx_diag *d)
{
    for (size_t k = 0; k < p->legal.count; k++) {
        const tgx_diag *f = &p->legal.items[k];
        if (f->line == line && f->column && !strcmp(f->message, d->message))
            return f->column;
    }
    return statement_column(p->text, line);
}

/* Puts the position of instruction i into d (file:line:col for text, the address otherwise). */
static void position(const emu_opts *o, const emu_prog *p, size_t i, tgx_diag *d)
{
    tgx_diag_set_file(d, o->program_name);
    if (p->text) {
        d->line = p->line[i];
        d->column = problem_column(p, p->line[i], d);
        return;
    }
    char msg[TGX_SM5_SECT_NAME_MAX + TGX_DIAG_MSG_MAX + 64];
    snprintf(msg, sizeof msg, "%s%sinstruction at 0x%04" PRIx64 ": %s", p->section,
             p->section[0] ? " " : "", p->addr[i], d->message);
    size_t n = strlen(msg) < sizeof d->message ? strlen(msg) : sizeof d->message - 1;
    memcpy(d->message, msg, n);
    d->message[n] = 0;
    d->line = d->column = 0;
}

static int load_text(const emu_opts *o, const char *data, size_t size, emu_prog *p)
{
    tgx_sm5_program asmp;
    tgx_diag d;
    if (tgx_sm5_assemble(data, size, o->program_name, o->arch, &asmp, &d) < 0) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_INVALID;
    }
    int rc = -1;
    if (!prog_grow(p, asmp.count)) {
        fprintf(stderr, "tgx emu: out of memory\n");
        rc = TGX_EXIT_USAGE;
    }
    p->text = data;
    for (size_t i = 0; i < asmp.count && rc < 0; i++) {
        p->line[i] = asmp.insns[i].line;
        tgx_sm5_decode(asmp.insns[i].word, o->arch, &p->insns[i], &d);
        p->count++;
    }
    tgx_sm5_program_free(&asmp);
    /* the rules' findings with their operands' columns, for the emulator's check to point at
     * (it knows the instruction, not the text) */
    tgx_sm5_program again;
    if (rc < 0) {
        tgx_sm5_assemble_checked(data, size, o->program_name, o->arch, NULL, &again, &p->legal);
        tgx_sm5_program_free(&again);
    }
    return rc;
}

/* The section to run: the named one, or the only one. */
static const tgx_sm5_code_section *pick_section(const emu_opts *o, const tgx_sm5_code_file *cf)
{
    if (o->section)
        return tgx_cli_find_section("emu", o->program_name, cf, o->section);
    if (cf->count == 1)
        return &cf->sections[0];
    char shown[TGX_DIAG_FILE_MAX];
    fprintf(stderr, "tgx emu: %s has %zu code sections; name one with --section:",
            tgx_diag_shown(shown, sizeof shown, o->program_name), cf->count);
    for (size_t i = 0; i < cf->count; i++)
        fprintf(stderr, " %s", cf->sections[i].name);
    fprintf(stderr, "\n");
    return NULL;
}

static int load_code(emu_opts *o, const unsigned char *data, size_t size, emu_prog *p)
{
    tgx_sm5_code_file cf;
    tgx_diag d;
    if (tgx_sm5_code_file_read(data, size, o->program_name, &cf, &d) < 0) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_INVALID;
    }
    int rc = -1;
    if (!o->have_arch) {
        char name[16];
        snprintf(name, sizeof name, "sm_%u", cf.sm);
        if (!cf.is_cubin || tgx_sm5_arch_from_name(name, &o->arch) < 0) {
            fprintf(stderr,
                    cf.is_cubin ? "tgx emu: %s is for SM %u, not sm_50..sm_53; give --arch\n"
                                : "tgx emu: %s is a raw code file; give --arch\n",
                    o->program_name, cf.sm);
            rc = TGX_EXIT_USAGE;
        }
        o->have_arch = rc < 0;
    }
    const tgx_sm5_code_section *s = rc < 0 ? pick_section(o, &cf) : NULL;
    if (rc < 0 && !s)
        rc = TGX_EXIT_USAGE;
    size_t n = s ? tgx_sm5_code_section_insns(s) : 0;
    if (rc < 0 && !prog_grow(p, n))
        rc = TGX_EXIT_USAGE;
    if (s)
        snprintf(p->section, sizeof p->section, "%s", s->name);
    for (size_t i = 0; i < n && rc < 0; i++) {
        tgx_sm5_code_insn ci = tgx_sm5_code_section_insn(s, i);
        if (!tgx_sm5_is_texture_opcode(ci.word, o->arch)) {
            p->skipped++;
            continue;
        }
        p->addr[p->count] = ci.addr;
        if (tgx_sm5_decode(ci.word, o->arch, &p->insns[p->count], &d) < 0) {
            position(o, p, p->count, &d);
            tgx_cli_print_diag(&d);
            rc = TGX_EXIT_INVALID;
        }
        p->count++;
    }
    tgx_sm5_code_file_free(&cf);
    return rc;
}

/* ---- output ---------------------------------------------------------------------------------- */

/* The value of v as kind k, in parentheses after its bits (auto); nothing for RAW. */
static void print_reading(tgx_sm5_emu_kind k, uint32_t v)
{
    switch (k) {
    case TGX_SM5_EMU_FLOAT: printf(" (%.9g)", (double)tgx_bits2f(v)); break;
    case TGX_SM5_EMU_INT: printf(" (%d)", (int)(int32_t)v); break;
    case TGX_SM5_EMU_UINT: printf(" (%u)", v); break;
    case TGX_SM5_EMU_HALF2:
        printf(" (%.5g, %.5g)", (double)tgx_half_to_float((uint16_t)(v & 0xffffu)),
               (double)tgx_half_to_float((uint16_t)(v >> 16)));
        break;
    case TGX_SM5_EMU_RAW: break;
    }
}

static void print_value(emu_format f, tgx_sm5_emu_kind k, uint32_t v)
{
    if (f == FMT_FLOAT) {
        printf("%.9g", (double)tgx_bits2f(v));
        return;
    }
    printf("0x%08x", v);
    if (f != FMT_HEX)
        print_reading(f == FMT_BOTH ? TGX_SM5_EMU_FLOAT : k, v);
}

static int print_registers(const emu_opts *o, tgx_sm5_emu *emu, const emu_prog *p)
{
    uint32_t active = tgx_sm5_emu_active(emu);
    printf("# %zu instruction%s", p->count, p->count == 1 ? "" : "s");
    if (p->skipped)
        printf(" (%zu non-texture skipped)", p->skipped);
    printf(", active 0x%08x; written:", active);
    unsigned nw = 0;
    for (unsigned r = 0; r < TGX_SM5_EMU_REGS; r++)
        if (tgx_sm5_emu_reg_written(emu, r) && ++nw)
            printf(" R%u", r);
    for (unsigned q = 0; q < TGX_SM5_EMU_PREDS; q++)
        if (tgx_sm5_emu_pred_written(emu, q) && ++nw)
            printf(" P%u", q);
    printf("%s\n", nw ? "" : " nothing");
    for (unsigned t = 0; t < TGX_SM5_EMU_THREADS && nw; t++) {
        if (!(active >> t & 1u))
            continue;
        printf("t%-2u", t);
        for (unsigned r = 0; r < TGX_SM5_EMU_REGS; r++) {
            if (!tgx_sm5_emu_reg_written(emu, r))
                continue;
            printf("  R%u=", r);
            print_value(o->format, tgx_sm5_emu_reg_kind(emu, t, r), tgx_sm5_emu_reg(emu, t, r));
        }
        for (unsigned q = 0; q < TGX_SM5_EMU_PREDS; q++)
            if (tgx_sm5_emu_pred_written(emu, q))
                printf("  P%u=%d", q, tgx_sm5_emu_pred(emu, t, q) ? 1 : 0);
        printf("\n");
    }
    return TGX_EXIT_OK; /* stdout's errors are reported by main (close_stdout) */
}

static int write_tgxr(const emu_opts *o, tgx_sm5_emu *emu)
{
    unsigned cols[TGX_SM5_EMU_REGS], n = 0;
    for (unsigned r = 0; r < TGX_SM5_EMU_REGS; r++)
        if (tgx_sm5_emu_reg_written(emu, r))
            cols[n++] = r;
    tgx_tgxr img = {n ? n : 1, TGX_SM5_EMU_THREADS, 1, TGX_TGXR_U32, NULL};
    img.words = calloc((size_t)img.width * img.height, sizeof *img.words);
    if (!img.words) {
        fprintf(stderr, "tgx emu: out of memory\n");
        return TGX_EXIT_USAGE;
    }
    for (unsigned t = 0; t < TGX_SM5_EMU_THREADS; t++)
        for (unsigned k = 0; k < n; k++)
            img.words[t * img.width + k] = tgx_sm5_emu_reg(emu, t, cols[k]);
    tgx_diag d;
    uint8_t *bytes = NULL;
    size_t size = 0;
    tgx_status st = strcmp(o->out, "-") ? tgx_tgxr_write(o->out, &img, &d)
                                        : tgx_tgxr_serialize(&img, &bytes, &size, &d);
    free(img.words);
    if (st < 0) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_USAGE;
    }
    /* "-o -": the TGXR bytes on stdout, whose write errors main reports */
    bool short_write = bytes && fwrite(bytes, 1, size, stdout) != size;
    free(bytes);
    return short_write ? TGX_EXIT_USAGE : TGX_EXIT_OK;
}

/* ---- running ------------------------------------------------------------------------------- */

static int setup_warp(const emu_opts *o, tgx_sm5_emu_setup *s, const emu_prog *p)
{
    tgx_diag d;
    tgx_status st;
    if (o->setup) {
        char *text = NULL;
        size_t size;
        if (tgx_cli_read_input(o->setup, &text, &size) != TGX_EXIT_OK)
            return TGX_EXIT_USAGE;
        st = tgx_sm5_emu_setup_parse(s, text, size, o->setup, &d);
        free(text);
    } else {
        st = tgx_sm5_emu_setup_defaults(s, p->insns, p->count, &d);
    }
    if (st < 0) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_INVALID;
    }
    tgx_tex_profile named;
    if (o->profile_set)
        tgx_sm5_emu_setup_apply_profile(s, o->profile);
    else if (tgx_sm5_emu_setup_profile(s, &named))
        tgx_sm5_emu_setup_apply_profile(s, named);
    return -1;
}

/* Checks every instruction, then runs them; problems carry the instruction's position. */
static int run_program(const emu_opts *o, tgx_sm5_emu *emu, const emu_prog *p)
{
    tgx_diag d;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < p->count; i++) {
            tgx_status st = pass == 0 ? tgx_sm5_emu_check(emu, &p->insns[i], &d)
                                      : tgx_sm5_emu_exec(emu, &p->insns[i], &d);
            if (st < 0) {
                position(o, p, i, &d);
                tgx_cli_print_diag(&d);
                return TGX_EXIT_INVALID;
            }
        }
    }
    return -1;
}

static int emu_main(emu_opts *o)
{
    char *data = NULL;
    size_t size = 0;
    tgx_diag d;
    if (tgx_cli_read_input(o->program, &data, &size) != TGX_EXIT_OK)
        return TGX_EXIT_USAGE;
    emu_prog p;
    memset(&p, 0, sizeof p);
    int rc;
    bool code = tgx_cli_is_code(data, size);
    if (code && tgx_cli_raw_needs_arch("emu", o->program_name, data, size, o->have_arch)) {
        rc = TGX_EXIT_USAGE;
    } else if (code) {
        rc = load_code(o, (const unsigned char *)data, size, &p);
    } else if (o->section) {
        char shown[TGX_DIAG_FILE_MAX];
        fprintf(stderr, "tgx emu: --section names a kernel of a cubin; %s is assembly text\n",
                tgx_diag_shown(shown, sizeof shown, o->program_name));
        rc = TGX_EXIT_USAGE;
    } else {
        rc = load_text(o, data, size, &p);
    }
    tgx_sm5_emu *emu = NULL;
    if (rc < 0 && tgx_sm5_emu_create(o->arch, &emu, &d) < 0) {
        tgx_cli_print_diag(&d);
        rc = TGX_EXIT_USAGE;
    }
    tgx_sm5_emu_setup *s = NULL;
    if (rc < 0 && tgx_sm5_emu_setup_create(emu, &s, &d) < 0) {
        tgx_cli_print_diag(&d);
        rc = TGX_EXIT_USAGE;
    }
    if (rc < 0)
        rc = setup_warp(o, s, &p);
    if (rc < 0)
        rc = run_program(o, emu, &p);
    if (rc < 0)
        rc = o->out ? write_tgxr(o, emu) : print_registers(o, emu, &p);
    tgx_sm5_emu_destroy(emu);
    tgx_sm5_emu_setup_destroy(s);
    prog_free(&p);
    free(data);
    return rc;
}

/* ---- a kernel of a cubin --------------------------------------------------------------------- */

static void print_element(const emu_opts *o, tgx_sm5_emu_elem type, uint32_t v)
{
    if (o->format == FMT_HEX) {
        printf(" 0x%08x", v);
        return;
    }
    if (type == TGX_SM5_ELEM_U32)
        printf(" %u", v);
    else if (type == TGX_SM5_ELEM_I32)
        printf(" %d", (int32_t)v);
    else if (o->format == FMT_FLOAT)
        printf(" %.9g", (double)tgx_bits2f(v));
    else
        printf(" %.9g(0x%08x)", (double)tgx_bits2f(v), v);
}

static void print_buffers(const emu_opts *o, tgx_sm5_kernel *k, const tgx_sm5_emu_setup *s)
{
    static const char *const types[] = {"u32", "i32", "f32"};
    size_t n = tgx_sm5_emu_setup_buffer_count(s);
    for (size_t i = 0; i < n; i++) {
        const tgx_sm5_emu_buffer *b = tgx_sm5_emu_setup_buffer(s, i);
        if (!b->show)
            continue;
        printf("%s: %s x %zu at 0x%" PRIx64 "\n", b->name, types[b->type], b->count, b->addr);
        const unsigned char *m = tgx_sm5_kernel_memory(k, b->addr, 4 * b->count);
        for (size_t e = 0; m && e < b->count; e++) {
            if (e % 8 == 0)
                printf("  [%zu]", e);
            uint32_t v = (uint32_t)m[4 * e] | (uint32_t)m[4 * e + 1] << 8 |
                         (uint32_t)m[4 * e + 2] << 16 | (uint32_t)m[4 * e + 3] << 24;
            print_element(o, b->type, v);
            if (e % 8 == 7 || e + 1 == b->count)
                printf("\n");
        }
    }
}

static int kernel_main(emu_opts *o)
{
    if (o->section || o->out || o->have_arch || o->profile_set) {
        fprintf(stderr, "tgx emu: --kernel takes the arch from the cubin and prints buffers: "
                        "--arch, --section, --profile and -o do not apply\n");
        return TGX_EXIT_USAGE;
    }
    char *data = NULL;
    size_t size = 0;
    if (tgx_cli_read_input(o->program, &data, &size) != TGX_EXIT_OK)
        return TGX_EXIT_USAGE;
    int rc = -1;
    tgx_diag d;
    tgx_sm5_code_file cf;
    memset(&cf, 0, sizeof cf);
    tgx_sm5_kernel *k = NULL;
    tgx_sm5_emu_setup *s = NULL;
    if (!tgx_sm5_is_cubin(data, size)) {
        fprintf(stderr, "tgx emu: --kernel runs a kernel of a cubin; %s is not one\n",
                o->program_name);
        rc = TGX_EXIT_USAGE;
    } else if (tgx_sm5_code_file_read((const unsigned char *)data, size, o->program_name, &cf, &d) <
                   0 ||
               tgx_sm5_kernel_open(&cf, o->kernel, &k, &d) < 0 ||
               tgx_sm5_emu_setup_create_kernel(k, &s, &d) < 0) {
        tgx_diag_set_file(&d, o->program_name);
        tgx_cli_print_diag(&d);
        rc = TGX_EXIT_INVALID;
    }
    if (rc < 0 && o->setup) {
        char *text = NULL;
        size_t tsize;
        if (tgx_cli_read_input(o->setup, &text, &tsize) != TGX_EXIT_OK) {
            rc = TGX_EXIT_USAGE;
        } else if (tgx_sm5_emu_setup_parse(s, text, tsize, o->setup, &d) < 0) {
            tgx_cli_print_diag(&d);
            rc = TGX_EXIT_INVALID;
        }
        free(text);
    }
    if (rc < 0) {
        tgx_sm5_launch l;
        tgx_sm5_launch_stats st;
        tgx_sm5_emu_setup_launch(s, &l);
        if (tgx_sm5_kernel_launch(k, &l, &st, &d) < 0) {
            tgx_diag_set_file(&d, o->program_name);
            tgx_cli_print_diag(&d);
            rc = TGX_EXIT_INVALID;
        } else {
            printf("# %s: grid %ux%ux%u, block %ux%ux%u: %" PRIu64 " warps, %" PRIu64
                   " warp instructions\n",
                   o->kernel, l.grid[0], l.grid[1], l.grid[2], l.block[0], l.block[1], l.block[2],
                   st.warps, st.instructions);
            print_buffers(o, k, s);
            rc = TGX_EXIT_OK;
        }
    }
    tgx_sm5_emu_setup_destroy(s);
    tgx_sm5_kernel_close(k);
    tgx_sm5_code_file_free(&cf);
    free(data);
    return rc;
}

int tgx_cli_emu(int argc, char **argv)
{
    emu_opts o;
    memset(&o, 0, sizeof o);
    o.arch = TGX_CLI_ARCH_DEFAULT;
    int rc = parse_options(argc, argv, &o);
    if (rc >= 0)
        return rc;
    return o.kernel ? kernel_main(&o) : emu_main(&o);
}
