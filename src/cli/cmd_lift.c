/* tgx lift: Maxwell texture instructions back to TGSI.
 *
 *   tgx lift [--arch sm_50|sm_52|sm_53] [--words] [--stage vert|frag|comp] [-o OUT] PROGRAM
 *
 * PROGRAM is assembly text as `tgx as` reads it, or with --words lines `WORD [CTRL]`, or a code
 * file: a cubin (ELF, every .text section) or raw 32-byte bundles (--arch required). Its texture
 * instructions are lifted by tgx_lift (tgx/lower.h) into TGSI that `tgx check` accepts; other
 * instructions of a code file are skipped (counted on stderr), except FSWZADD, whose quad swizzle
 * (the TXD emulation's) TGSI cannot express: refused. A refusal is an error naming the
 * instruction's line (text) or address (words, code files); a loss is a warning. Exit status 0, 1
 * (something was refused or the input is invalid), 2 (usage or I/O).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/lines.h"
#include "cli/output.h"
#include "tgx/lower.h"
#include "tgx/util.h"

typedef struct lift_cli {
    tgx_lift_opts opts;
    bool have_arch;
    bool words;
    const char *section;
    const char *out;
    const char *file;
} lift_cli;

/* What is lifted, kept on disk (a million words lift to 200 MB of text): the first pass
 * (tgx_lifter_survey) runs as the input is read and writes each texture instruction's record to
 * a spill file, the second reads the records back and decodes them again. */
typedef struct lift_record {
    uint64_t word;
    uint64_t addr;
    uint32_t line;
    uint32_t section; /* index in code.sections, or NO_SECTION */
} lift_record;

#define NO_SECTION UINT32_MAX

typedef struct item_list {
    tgx_lifter *lifter;
    cli_spill records;
    size_t count;
    size_t skipped;         /* non-texture instructions of a code file */
    tgx_sm5_code_file code; /* a code file's sections: the records name them */
} item_list;

enum { LIFT_ARCH = 1, LIFT_WORDS, LIFT_STAGE, LIFT_UNITS, LIFT_SECTION, LIFT_OUT };

static const tgx_cli_opt lift_options[] = {
    {LIFT_ARCH, "--arch", "ARCH", TGX_CLI_ARCH_HELP},
    {LIFT_WORDS, "--words", NULL,
     "PROGRAM holds lines `WORD [CTRL]` (hex, `#` comments), as tgx dis --words reads"},
    {LIFT_STAGE, "--stage", "STAGE",
     "the TGSI processor: frag (default: quads, implicit LODs), vert or comp"},
    {LIFT_UNITS, "--unit-per-word", NULL,
     "give each distinct #tsPtrIdx its own unit u (SVIEW[u], SAMP[u], in order of appearance) "
     "instead of reading it as the convention's v | s << 5: for code that binds otherwise, "
     "such as CUDA's c[0x0][0x54]"},
    {LIFT_SECTION, "--section", "NAME",
     "only this code section of a cubin (one kernel): its name (.text.k_tld4) or its kernel's "
     "(k_tld4); without it every section is lifted into one program"},
    {LIFT_OUT, "-o", "OUT", TGX_CLI_OUT_HELP("the TGSI")},
    {0}};

const tgx_cli_spec tgx_cli_lift_spec = {
    .verb = "lift",
    .synopsis = "[--arch sm_50|sm_52|sm_53] [--words] [--stage frag|vert|comp] [--unit-per-word]\n"
                "[--section NAME] [-o OUT] PROGRAM",
    .description =
        "Lifts Maxwell texture instructions to TGSI text that tgx check accepts: each "
        "instruction as a `#` comment with its nvdisasm text, then TGSI with the same result. "
        "PROGRAM is assembly text as tgx as reads it, a cubin (every .text section) or a raw "
        "code file of 32-byte bundles (with --arch: a file that is not ELF is not a cubin); "
        "other instructions are skipped, except FSWZADD (a quad swizzle, as in the TXD "
        "emulation of tgx lower and ptxas), which TGSI cannot express: refused. PROGRAM '-' is "
        "stdin.\n\n"
        "Registers: Rk is TEMP[k/4] component k%4, RZ reads 0; c[0x0][v | s << 5] binds "
        "SVIEW[v] with SAMP[s] (docs/translation.md).",
    .opts = lift_options,
    .notes =
        "What TGSI cannot express is refused with a reason (bindless .B forms, guard "
        "predicates, .LC, .CL, .PTP, TXA, TXQ queries other than sizes and sample counts, "
        "bindings outside the convention) or lifted with a warning naming what is lost (the "
        "sparse-residency predicate, .NODEP, TMML's B and A, the texture type code, TEXS .DC's "
        "forced compare). Nothing is written when something is refused. A message about an "
        "instruction of a cubin names its section and address; when --unit-per-word would lift "
        "what the binding convention refused, a note says so. The lifted text waits in a "
        "temporary file in $TMPDIR (else /tmp), removed when tgx ends, until every instruction "
        "is lifted: memory does not grow with the program.",
    .exit_status = "0 success, 1 something was refused or the input is invalid, 2 usage or I/O "
                   "error.",
    .operand = "PROGRAM",
    .min_operands = 1,
    .max_operands = 1,
};

static int lift_option(void *ctx, int id, const char *value)
{
    lift_cli *o = ctx;
    switch (id) {
    case LIFT_ARCH:
        o->have_arch = true;
        return tgx_cli_arch(&tgx_cli_lift_spec, value, &o->opts.arch);
    case LIFT_WORDS: o->words = true; return 0;
    case LIFT_UNITS: o->opts.unit_per_word = true; return 0;
    case LIFT_SECTION: o->section = value; return 0;
    case LIFT_STAGE:
        if (strcmp(value, "frag") == 0)
            o->opts.processor = TGX_TGSI_PROC_FRAG;
        else if (strcmp(value, "vert") == 0)
            o->opts.processor = TGX_TGSI_PROC_VERT;
        else if (strcmp(value, "comp") == 0)
            o->opts.processor = TGX_TGSI_PROC_COMP;
        else
            return tgx_cli_usage_error(&tgx_cli_lift_spec,
                                       "--stage: unknown stage '%s' (frag, vert or comp)", value);
        return 0;
    case LIFT_OUT: o->out = tgx_cli_output_path(value); return 0;
    }
    return TGX_EXIT_USAGE;
}

/* The first pass over one texture instruction: surveyed, and its record kept. */
static tgx_status add_item(item_list *l, const tgx_sm5_insn *in, unsigned line, uint64_t addr,
                           uint32_t section, uint64_t word)
{
    tgx_lift_item item = {*in, line, addr,
                          section == NO_SECTION ? NULL : l->code.sections[section].name};
    tgx_lifter_survey(l->lifter, &item);
    lift_record r = {word, addr, line, section};
    cli_spill_write(&l->records, &r, sizeof r);
    l->count++;
    return TGX_OK;
}

/* A non-texture word that makes lifting inexact: FSWZADD builds a quad whose implicit
 * derivatives a texture instruction then takes (the TXD emulation of tgx lower, ptxas and
 * nouveau: docs/translation.md); lifting the TEX.NDV alone would sample with other derivatives,
 * and TGSI has no instruction across a quad's lanes. Refused, naming the instruction. */
static tgx_status refuse_quad_op(uint64_t w, tgx_sm5_arch arch, const char *file, unsigned line,
                                 uint64_t addr, const char *section, tgx_diag *d)
{
    tgx_sm5_op_info info;
    if (tgx_sm5_op_form(w, TGX_SM5_CTRL_NEUTRAL, arch, &info) < 0 || !info.opclass ||
        strcmp(info.opclass, "FSWZADD") != 0)
        return TGX_OK;
    char text[200], where[160] = "";
    tgx_sm5_insn_text(w, TGX_SM5_CTRL_NEUTRAL, arch, addr, NULL, text, sizeof text, NULL);
    size_t n = strlen(text);
    if (n >= 2 && text[n - 1] == ';')
        text[n - (text[n - 2] == ' ' ? 2 : 1)] = '\0';
    if (!line)
        snprintf(where, sizeof where, "%s%s0x%04llx: ", section ? section : "", section ? " " : "",
                 (unsigned long long)addr);
    return tgx_diag_set(d, TGX_ERR_INVALID, file, line, 0,
                        "%s%s: a quad swizzle (the TXD emulation): the texture instruction "
                        "after it takes derivatives from the quad it builds, which TGSI cannot "
                        "express; lifting does not rebuild the TXD",
                        where, text);
}

/* A word of a code file or word list: texture instructions are decoded (nvdisasm's message on
 * failure), others skipped, FSWZADD refused. */
static tgx_status add_word(item_list *l, uint64_t w, tgx_sm5_arch arch, const char *file,
                           unsigned line, uint64_t addr, uint32_t sec, tgx_diag *d)
{
    const char *section = sec == NO_SECTION ? NULL : l->code.sections[sec].name;
    if (!tgx_sm5_is_texture_opcode(w, arch)) {
        l->skipped++;
        return refuse_quad_op(w, arch, file, line, addr, section, d);
    }
    tgx_sm5_insn in;
    tgx_status st = tgx_sm5_decode(w, arch, &in, d);
    if (st != TGX_OK) {
        char msg[TGX_DIAG_MSG_MAX];
        snprintf(msg, sizeof msg, "%s", d->message);
        return tgx_diag_set(d, st, file, line, 0, "word 0x%016llx at %s%s0x%04llx: %s",
                            (unsigned long long)w, section ? section : "", section ? " " : "",
                            (unsigned long long)addr, msg);
    }
    return add_item(l, &in, line, addr, sec, w);
}

/* The sections of a code file (the one --section names, else all; a raw file's one section has
 * no name). Returns an exit status, the error printed; l->code keeps the sections. */
static int read_code_file(const lift_cli *o, const unsigned char *data, size_t size,
                          const char *name, tgx_sm5_arch *arch, item_list *l)
{
    tgx_diag d;
    tgx_sm5_code_file *f = &l->code;
    tgx_status st = tgx_sm5_code_file_read(data, size, name, f, &d);
    if (st != TGX_OK) {
        tgx_cli_print_diag(&d);
        return TGX_EXIT_INVALID;
    }
    const tgx_sm5_code_section *only = NULL;
    if (o->section && !(only = tgx_cli_find_section("lift", name, f, o->section)))
        return TGX_EXIT_USAGE;
    if (f->is_cubin && !o->have_arch && f->sm && tgx_sm5_arch_from_sm(f->sm, arch) != TGX_OK)
        st = tgx_diag_set(&d, TGX_ERR_UNSUPPORTED, name, 0, 0,
                          "the cubin is for sm_%u; give --arch sm_50, sm_52 or sm_53", f->sm);
    for (size_t s = 0; s < f->count && st == TGX_OK; s++) {
        const tgx_sm5_code_section *sec = &f->sections[s];
        if (only && sec != only)
            continue;
        for (size_t i = 0; i < tgx_sm5_code_section_insns(sec) && st == TGX_OK; i++) {
            tgx_sm5_code_insn ci = tgx_sm5_code_section_insn(sec, i);
            st = add_word(l, ci.word, *arch, name, 0, ci.addr,
                          f->is_cubin ? (uint32_t)s : NO_SECTION, &d);
        }
    }
    if (st == TGX_OK)
        return TGX_EXIT_OK;
    tgx_cli_print_diag(&d);
    return st == TGX_ERR_NOMEM ? TGX_EXIT_USAGE : TGX_EXIT_INVALID;
}

/* Lines `WORD [CTRL]`, read as tgx dis --words reads them (cli_lines: a NUL byte or a line
 * over 1023 characters is an error at its column, never dropped); the first error stops. */
static tgx_status read_word_list(const char *path, tgx_sm5_arch arch, item_list *l, tgx_diag *d)
{
    cli_lines *in = NULL;
    tgx_status st = cli_lines_create(path, &in, d);
    const char *line;
    size_t len;
    int got;
    while (st == TGX_OK && (got = cli_lines_next(in, &line, &len, d)) != 0) {
        if (got < 0)
            st = d->status;
        int has;
        uint64_t w;
        uint32_t ctrl;
        unsigned col;
        if (st == TGX_OK)
            st =
                tgx_sm5_parse_word_line(line, in->name, in->lineno, &has, &w, &ctrl, NULL, &col, d);
        if (st == TGX_OK && has)
            st = add_word(l, w, arch, in->name, in->lineno, 8u * (in->lineno - 1u), NO_SECTION, d);
    }
    cli_lines_destroy(in);
    return st;
}

static tgx_status read_text(const char *text, size_t size, const char *name, tgx_sm5_arch arch,
                            item_list *l, tgx_diag *d)
{
    tgx_sm5_program p;
    tgx_status st = tgx_sm5_assemble(text, size, name, arch, &p, d);
    for (size_t i = 0; i < p.count && st == TGX_OK; i++) {
        tgx_sm5_insn in;
        if (tgx_sm5_decode(p.insns[i].word, arch, &in, d) != TGX_OK) {
            l->skipped++; /* a listing's non-texture instruction */
            st = refuse_quad_op(p.insns[i].word, arch, name, p.insns[i].line, 8u * i, NULL, d);
            continue;
        }
        st = add_item(l, &in, p.insns[i].line, 8u * i, NO_SECTION, p.insns[i].word);
    }
    if (st == TGX_OK || st == TGX_ERR_NOMEM)
        tgx_sm5_program_free(&p);
    return st;
}

/* Reads PROGRAM: a word list (--words), a code file or assembly text (tgx_cli_is_code).
 * Returns an exit status, the error printed. */
static int read_program(const lift_cli *o, const char *name, tgx_sm5_arch *arch, item_list *l)
{
    tgx_diag d;
    tgx_status st;
    if (o->words) {
        st = read_word_list(o->file, *arch, l, &d);
    } else {
        char *data = NULL;
        size_t size = 0;
        st = tgx_read_file(o->file, &data, &size, &d);
        bool code = st == TGX_OK && tgx_cli_is_code(data, size);
        if (code && tgx_cli_raw_needs_arch("lift", name, data, size, o->have_arch)) {
            free(data);
            return TGX_EXIT_USAGE;
        }
        if (code) {
            int rc = read_code_file(o, (const unsigned char *)data, size, name, arch, l);
            free(data);
            return rc;
        }
        if (st == TGX_OK && o->section) {
            free(data);
            char shown[TGX_DIAG_FILE_MAX];
            fprintf(stderr, "tgx lift: --section names a kernel of a cubin; %s is assembly text\n",
                    tgx_diag_shown(shown, sizeof shown, name));
            return TGX_EXIT_USAGE;
        }
        if (st == TGX_OK)
            st = read_text(data, size, name, *arch, l, &d);
        free(data);
    }
    if (st == TGX_OK)
        return TGX_EXIT_OK;
    tgx_cli_print_diag(&d);
    return st == TGX_ERR_IO || st == TGX_ERR_NOMEM ? TGX_EXIT_USAGE : TGX_EXIT_INVALID;
}

/* Reads record k back (in order, from the start after cli_spill_rewind) into *item; false when
 * the spill does not give it back. */
static bool read_item(item_list *l, tgx_sm5_arch arch, tgx_lift_item *item)
{
    lift_record r;
    if (fread(&r, sizeof r, 1, l->records.f) != 1 ||
        tgx_sm5_decode(r.word, arch, &item->insn, NULL) != TGX_OK ||
        (r.section != NO_SECTION && r.section >= l->code.count))
        return false;
    item->line = r.line;
    item->addr = r.addr;
    item->section = r.section == NO_SECTION ? NULL : l->code.sections[r.section].name;
    return true;
}

/* The second pass of lifter over the records, then the closing END: the text goes to text
 * (NULL: dropped; nothing after the first refusal, which drops it all), each message is printed
 * as it comes (print), and *refused counts the errors. TGX_ERR_IO when the records do not read
 * back (said here), else the lifter's status. */
static tgx_status lift_records(item_list *l, tgx_lifter *lifter, tgx_sm5_arch arch,
                               tgx_diag_list *diags, cli_spill *text, bool print, size_t *refused)
{
    tgx_status st = TGX_OK;
    *refused = 0;
    if (!cli_spill_rewind(&l->records))
        st = TGX_ERR_IO;
    for (size_t k = 0; k <= l->count && st == TGX_OK; k++) {
        tgx_lift_item item;
        if (k < l->count && !read_item(l, arch, &item)) {
            st = TGX_ERR_IO;
            break;
        }
        const char *lines;
        size_t len;
        st = tgx_lifter_lift(lifter, k < l->count ? &item : NULL, &lines, &len);
        *refused += diags->errors;
        if (print)
            tgx_cli_print_diags(diags); /* and empties the list: memory stays bounded */
        else
            tgx_diag_list_free(diags);
        if (text && !*refused)
            cli_spill_write(text, lines, len);
    }
    if (st == TGX_ERR_IO)
        fprintf(stderr, "tgx lift: cannot read back the temporary file of the instructions: %s\n",
                ferror(l->records.f) ? strerror(errno) : "it ended early");
    return st;
}

/* After refusals under the binding convention: whether --unit-per-word lifts more (the same
 * records lifted again with it, nothing printed), said in a note, so that the option that
 * fixes a refusal is named where it is needed. */
static void suggest_unit_per_word(const lift_cli *o, item_list *l, const char *name, size_t refused)
{
    if (o->opts.unit_per_word)
        return;
    tgx_lift_opts per_word = o->opts;
    per_word.unit_per_word = true;
    tgx_diag_list diags;
    tgx_diag_list_init(&diags);
    tgx_lifter *lifter = NULL;
    size_t left = refused;
    tgx_status st = tgx_lifter_create(&per_word, name, &diags, &lifter);
    if (st == TGX_OK && cli_spill_rewind(&l->records)) {
        tgx_lift_item item;
        for (size_t k = 0; k < l->count && read_item(l, per_word.arch, &item); k++)
            tgx_lifter_survey(lifter, &item);
        st = lift_records(l, lifter, per_word.arch, &diags, NULL, false, &left);
    }
    tgx_lifter_destroy(lifter);
    tgx_diag_list_free(&diags);
    char shown[TGX_DIAG_FILE_MAX];
    if (st == TGX_OK && left < refused)
        fprintf(stderr,
                "%s: note: with --unit-per-word (each distinct #tsPtrIdx its own unit instead of "
                "the convention's v | s << 5) %zu of the %zu refusals go away\n",
                tgx_diag_shown(shown, sizeof shown, name), refused - left, refused);
}

/* The second pass, then the output: the declarations, then the instructions' text from its
 * spill file; nothing is written when something was refused. Returns the exit status. */
static int lift_and_write(const lift_cli *o, item_list *l, const char *name, tgx_diag_list *diags)
{
    cli_spill text;
    if (!cli_spill_open(&text, "lift"))
        return TGX_EXIT_USAGE;
    size_t refused;
    tgx_status st = lift_records(l, l->lifter, o->opts.arch, diags, &text, true, &refused);
    const char *decls = NULL;
    size_t n = 0;
    if (st == TGX_OK)
        st = tgx_lifter_finish(l->lifter, &decls, &n);
    if (st == TGX_ERR_INVALID)
        suggest_unit_per_word(o, l, name, refused);
    int rc = tgx_cli_status_exit("lift", st);
    if (rc == TGX_EXIT_OK && !cli_spill_ok(&text, "lift", "the lifted TGSI"))
        rc = TGX_EXIT_USAGE;
    cli_output out;
    if (rc == TGX_EXIT_OK && (rc = cli_output_open(&out, "lift", o->out)) == TGX_EXIT_OK) {
        rc = cli_output_write(&out, decls, n);
        if (rc == TGX_EXIT_OK)
            rc = cli_output_copy(&out, &text, "the lifted TGSI");
        rc = cli_output_close(&out, rc);
    }
    cli_spill_close(&text);
    return rc;
}

int tgx_cli_lift(int argc, char **argv)
{
    lift_cli o;
    memset(&o, 0, sizeof o);
    o.opts.arch = TGX_CLI_ARCH_DEFAULT;
    o.opts.processor = TGX_TGSI_PROC_FRAG;
    int first;
    int rc = tgx_cli_parse(&tgx_cli_lift_spec, argc, argv, lift_option, &o, &first);
    if (rc >= 0)
        return rc;
    o.file = argv[first];
    const char *name = tgx_cli_input_name(o.file);
    item_list l;
    memset(&l, 0, sizeof l);
    tgx_diag_list diags;
    tgx_diag_list_init(&diags);
    if (!cli_spill_open(&l.records, "lift"))
        return TGX_EXIT_USAGE;
    if (tgx_lifter_create(&o.opts, name, &diags, &l.lifter) != TGX_OK)
        rc = tgx_cli_status_exit("lift", TGX_ERR_NOMEM);
    else
        rc = read_program(&o, name, &o.opts.arch, &l);
    if (rc == TGX_EXIT_OK && !cli_spill_ok(&l.records, "lift", "the instructions"))
        rc = TGX_EXIT_USAGE;
    char shown[TGX_DIAG_FILE_MAX];
    if (rc == TGX_EXIT_OK && l.skipped)
        fprintf(stderr, "%s: note: %zu instruction%s outside the texture classes skipped\n",
                tgx_diag_shown(shown, sizeof shown, name), l.skipped, l.skipped == 1 ? "" : "s");
    if (rc == TGX_EXIT_OK)
        rc = lift_and_write(&o, &l, name, &diags);
    tgx_diag_list_free(&diags);
    tgx_lifter_destroy(l.lifter);
    cli_spill_close(&l.records);
    tgx_sm5_code_file_free(&l.code);
    return rc;
}
