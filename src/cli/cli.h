/* Shared pieces of the tgx command-line verbs. Exit codes: 0 success, 1 the input is invalid or
 * a comparison failed, 2 usage or I/O error. */
#ifndef TGX_CLI_H
#define TGX_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "cli/opts.h"
#include "tgx/diag.h"
#include "tgx/pipe.h"
#include "tgx/sm5.h"

enum { TGX_EXIT_OK = 0, TGX_EXIT_INVALID = 1, TGX_EXIT_USAGE = 2 };

/* Each verb: its entry point and its command line (options, help, man page; opts.h). */
#define X(name, fn, summary)                                                                       \
    int fn(int argc, char **argv);                                                                 \
    extern const tgx_cli_spec fn##_spec;
#include "cli/verbs.def"
#undef X

/* `tgx check --sm5` (src/cli/cmd_check_sm5.c): checks each of files[0..n) with the options
 * tgx check parsed; returns the exit status. */
int tgx_cli_check_sm5(tgx_sm5_arch arch, int words, tgx_sm5_tex_kind textures, int n, char **files);

/* Prints one diagnostic to stderr as "file:line:col: error: message". */
void tgx_cli_print_diag(const tgx_diag *d);

/* Prints every diagnostic of l, then frees l. */
void tgx_cli_print_diags(tgx_diag_list *l);

/* Reads FILE ('-': stdin) whole into *data (free it), *size bytes; on failure prints the reason
 * and returns TGX_EXIT_USAGE (an input that cannot be read is exit 2 in every verb). */
int tgx_cli_read_input(const char *path, char **data, size_t *size);

/* The name messages give a FILE operand: "<stdin>" for '-'. */
const char *tgx_cli_input_name(const char *path);

/* -o's value as tgx_cli_write_output takes it: NULL (stdout) for '-'. */
const char *tgx_cli_output_path(const char *value);

/* -o OUT's help: what is written there, and how. */
#define TGX_CLI_OUT_HELP(what)                                                                     \
    "write " what " to OUT instead of stdout (safely: a regular file is replaced only once every " \
    "byte is on disk; '-' is stdout)"

/* The one --arch rule of every verb: the SM of an input that says it (a cubin's EF_CUDA_SM),
 * else --arch, else sm_52; only a raw code file, whose bytes say nothing, needs --arch
 * (tgx_cli_raw_needs_arch). */
#define TGX_CLI_ARCH_DEFAULT TGX_SM5_ARCH_SM52
#define TGX_CLI_ARCH_HELP                                                                          \
    "the SM: sm_50, sm_52 (the default) or sm_53; a cubin's own SM is its default, a raw code "    \
    "file needs it"
/* --version of tgx and of every verb: the version, and whether shaders are compiled (and how
 * wide a lane group is) or why not. */
void tgx_cli_print_version(void);

/* --exec's value: interp or jit into *out; else a usage error of spec (exit 2). */
int tgx_cli_exec(const tgx_cli_spec *spec, const char *value, tgx_pipe_exec *out);
/* --exec's help line (run and replay). */
#define TGX_CLI_EXEC_HELP                                                                          \
    "who runs the shaders: jit (the default where tgx was built with LLVM: compiled to native "    \
    "code, the interpreter's results bit for bit; a shader the compiler does not take runs on "    \
    "the interpreter, and with --exec jit a note on stderr says which and why) or interp (the "    \
    "interpreter, docs/exec.md)"
/* After runs with --exec jit: a note on stderr for s when the interpreter ran it, and why. */
void tgx_cli_exec_note(const tgx_pipe_shader *s);

/* --arch's value: sm_50, sm_52 or sm_53 into *arch; else a usage error of spec (exit 2). */
int tgx_cli_arch(const tgx_cli_spec *spec, const char *value, tgx_sm5_arch *arch);

/* Writes data to path with the safe writer (tgx_write_file_atomic; its error printed), or to
 * stdout when path is NULL (whose errors main reports). Returns an exit status. */
int tgx_cli_write_output(const char *path, const void *data, size_t len);

/* The exit status of a verb whose library call returned st: out of memory is said on stderr
 * (exit 2), an I/O error (said where it happened) is exit 2, another failure exit 1. */
int tgx_cli_status_exit(const char *verb_name, tgx_status st);

/* Whether data is a code file (a cubin or raw bundles) rather than assembly text: ELF's magic,
 * or more than one byte in 16 (and more than two) that text does not hold (NUL, control bytes other
 * than white space, DEL, bytes above 0x7f that are not UTF-8; instruction words are full of them).
 * Text with a few stray bytes stays text, so the assembler can say where they are
 * (src/cli/code_input.c). */
bool tgx_cli_is_code(const char *data, size_t size);

/* Code without --arch must be a cubin (only a cubin says its SM; one with a broken magic is not
 * one): for anything else prints "tgx VERB: FILE: not an ELF file ...; a raw code file needs
 * --arch ..." and returns true (a usage error, exit status 2), as dis, emu and lift say it. */
bool tgx_cli_raw_needs_arch(const char *verb, const char *file, const char *data, size_t size,
                            bool have_arch);

/* Binary output on a terminal is refused, as gzip refuses it: when stdout is a terminal, prints
 * "tgx VERB: WHAT is binary and stdout is a terminal; redirect it or give -o FILE" and returns
 * true (a usage error, exit 2). Checked before any work. */
bool tgx_cli_binary_to_terminal(const char *verb, const char *what);

/* Whether code section s is the one NAME names: its own name (".text.k_tld4") or its kernel's
 * ("k_tld4"), so that both spellings find it. */
bool tgx_cli_section_is(const tgx_sm5_code_section *s, const char *name);

/* The code section --section NAME names in cf, read from file (the name messages give it);
 * NULL after printing why as "tgx VERB: ...": cf is a raw code file, which has no sections, or
 * none has that name (the ones it has are listed). Every verb that takes --section uses it. */
const tgx_sm5_code_section *tgx_cli_find_section(const char *verb, const char *file,
                                                 const tgx_sm5_code_file *cf, const char *name);

#endif
