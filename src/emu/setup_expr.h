/* Scanning, expressions and values of `tgx emu` setup files (emu_expr.c), shared with the
 * statements (emu_setup.c). */
#ifndef TGX_CLI_EMU_EXPR_H
#define TGX_CLI_EMU_EXPR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/sm5_emu.h"

/* One statement being read. */
typedef struct emu_scan {
    const char *line; /* the statement's line, comment removed */
    const char *p;    /* next character */
    const char *file;
    unsigned lineno;
    tgx_diag *d;
    const char *unit; /* what the thread variable counts in messages ("element"); NULL: thread */
} emu_scan;

/* Fails with file:line:col of `at` (a place in sc->line); returns TGX_ERR_PARSE. */
tgx_status emu_fail_at(const emu_scan *sc, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void emu_skip_space(emu_scan *sc);
/* Skips blanks, then tok if it is there. */
bool emu_take(emu_scan *sc, const char *tok);
/* The length of the word of letters, digits and '_' at p. */
size_t emu_word_len(const char *p);
/* What stands at p, for messages: 'WORD', 'c', "non-ASCII byte 0xc3", "control byte 0x01", "the
 * end of the line". */
const char *emu_found(const char *p, char *buf, size_t size);

/* The thread of emu_eval meaning "one value for the whole warp": thread variables are refused. */
#define EMU_WARP_WIDE UINT32_MAX

/* Evaluates the rest of the line as an expression for thread t (or EMU_WARP_WIDE); it must use
 * the whole text. *varying (may be NULL): whether it read a thread variable. sc->p is unmoved. */
tgx_status emu_eval(emu_scan *sc, unsigned t, double *out, bool *varying);

/* A mask's value as a 32-bit word (a whole number from -2^31 to 2^32 - 1; negative numbers as
 * two's complement). */
tgx_status emu_mask_word(emu_scan *sc, const char *at, double v, uint32_t *out);

/* How a register or bank value is stored: "f32 EXPR" (the default), "u32 EXPR", "i32 EXPR", or a
 * lone literal 0xHEX (the word's bits), Nu, Ni. */
typedef enum emu_value_type { EMU_V_F32, EMU_V_U32, EMU_V_I32, EMU_V_BITS } emu_value_type;

/* Reads the type prefix or recognises a lone literal (then *literal is its word; an out-of-range
 * literal sets *st to the error). */
emu_value_type emu_value_kind(emu_scan *sc, uint32_t *literal, tgx_status *st);
/* The 32-bit word of the value for thread t (or EMU_WARP_WIDE). */
tgx_status emu_value_for(emu_scan *sc, emu_value_type k, uint32_t literal, unsigned t,
                         uint32_t *out);

#endif
