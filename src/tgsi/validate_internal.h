/* Pieces shared by the files of the TGSI validator (validate*.c). Not part of the public API.
 *
 * The validator is split by subject: validate.c (entry point, diagnostics, registers and
 * operands), validate_flow.c (control-flow nesting, labels, END), validate_stage.c (what each
 * processor may declare and execute, declaration rules), validate_temps.c (temporaries read
 * before they are written). docs/check.md lists every rule with its
 * spec reference.
 */
#ifndef TGX_TGSI_VALIDATE_INTERNAL_H
#define TGX_TGSI_VALIDATE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include "tgx/tgsi.h"

/* Past this many findings the validator stops adding more and says so: a fuzzed or generated
 * file can break a rule on every line, and nobody reads ten thousand messages. */
#define TGX_VALIDATE_MAX_DIAGS 500

typedef struct tgx_vctx {
    const tgx_tgsi_shader *s;
    const char *file;
    tgx_diag_list *out;
    size_t first;      /* index in out of this run's first finding */
    size_t count;      /* findings added by this run */
    bool full;         /* TGX_VALIDATE_MAX_DIAGS reached */
    tgx_status nomem;  /* TGX_ERR_NOMEM once an allocation failed, else TGX_OK */
    size_t num_errors; /* errors added by this run */
    /* The instruction being checked: its operands' positions are on its line. */
    const tgx_tgsi_instruction *inst;
} tgx_vctx;

/* Where register r of the instruction being checked starts. */
static inline tgx_tgsi_pos tgx_v_reg_pos(const tgx_vctx *c, const tgx_tgsi_register *r)
{
    return tgx_tgsi_reg_pos(c->inst, r);
}

/* Appends an error / a warning at pos. */
void tgx_v_error(tgx_vctx *c, tgx_tgsi_pos pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void tgx_v_warning(tgx_vctx *c, tgx_tgsi_pos pos, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* "IMM", "TEMP", ...; "?" for a value out of range, so a corrupt IR still gives a message. */
const char *tgx_v_file_name(unsigned file);
const char *tgx_v_op_name(unsigned op);
/* The declaration of file whose range holds index (and, for 2-D CONST, whose buffer is dim);
 * NULL when there is none. dim < 0 means "no buffer index given". */
const tgx_tgsi_declaration *tgx_v_find_decl(const tgx_vctx *c, tgx_tgsi_file file, long dim,
                                            long index);

void tgx_v_check_flow(tgx_vctx *c);         /* validate_flow.c */
void tgx_v_check_temps(tgx_vctx *c);        /* validate_temps.c */
void tgx_v_check_declarations(tgx_vctx *c); /* validate_stage.c */
void tgx_v_check_properties(tgx_vctx *c);   /* validate_stage.c */
/* Opcodes that only some processors run (KILL_IF: FRAG; EMIT: GEOM; ...). */
void tgx_v_check_opcode_stage(tgx_vctx *c, const tgx_tgsi_instruction *in);

#endif
