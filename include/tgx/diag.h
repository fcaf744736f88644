/* tgx/diag.h — status codes and diagnostics shared by every tgx module.
 *
 * Library code never prints, exits or aborts on bad input. A function that can fail returns a
 * tgx_status and, when the caller passes a tgx_diag, fills it with the position and a sentence a
 * user can act on. Errors are negative, so `if (st < 0)` reads naturally.
 */
#ifndef TGX_DIAG_H
#define TGX_DIAG_H

#include <stdarg.h>
#include <stddef.h>

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

typedef enum tgx_status {
    TGX_OK = 0,
    TGX_ERR_PARSE = -1,   /* malformed text or words */
    TGX_ERR_INVALID = -2, /* well-formed but violates a rule of the spec */
    TGX_ERR_IO = -3,      /* file could not be read or written */
    TGX_ERR_NOMEM = -4,   /* allocation failed */
    TGX_ERR_LIMIT = -5,   /* a budget or size limit was exceeded */
    TGX_ERR_UNSUPPORTED = -6,
    TGX_ERR_ARG = -7, /* caller passed an invalid argument */
} tgx_status;

typedef enum tgx_severity { TGX_SEV_ERROR = 0, TGX_SEV_WARNING = 1, TGX_SEV_NOTE = 2 } tgx_severity;

#define TGX_DIAG_MSG_MAX  256
#define TGX_DIAG_FILE_MAX 256

/* One diagnostic. line/column are 1-based; 0 means "not applicable". */
typedef struct tgx_diag {
    tgx_status status;
    tgx_severity severity;
    char file[TGX_DIAG_FILE_MAX];
    unsigned line;
    unsigned column;
    char message[TGX_DIAG_MSG_MAX];
} tgx_diag;

/* A growable list of diagnostics, for checkers that report every problem, not just the first. */
typedef struct tgx_diag_list {
    tgx_diag *items;
    size_t count;
    size_t capacity;
    size_t errors;
    size_t warnings;
} tgx_diag_list;

const char *tgx_status_name(tgx_status st);

/* Fills d (if not NULL) and returns st, so callers can write `return tgx_diag_set(d, ...);`. */
tgx_status tgx_diag_set(tgx_diag *d, tgx_status st, const char *file, unsigned line,
                        unsigned column, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
tgx_status tgx_diag_vset(tgx_diag *d, tgx_status st, const char *file, unsigned line,
                         unsigned column, const char *fmt, va_list ap);
/* tgx_diag_set with a message that needs no formatting: copied as it is (truncated to fit),
 * without the cost of printf for callers that reject many inputs (a disassembler's listing). */
tgx_status tgx_diag_set_text(tgx_diag *d, tgx_status st, const char *file, unsigned line,
                             unsigned column, const char *text);
void tgx_diag_clear(tgx_diag *d);
/* Sets d's file name (NULL: none) as tgx_diag_set shows it: bytes a terminal would act on are
 * written \xNN. For callers that add the file to a message made without it. */
void tgx_diag_set_file(tgx_diag *d, const char *file);

/* Copies text into out (size bytes, NUL-terminated, truncated to fit) as a message shows it:
 * every byte a terminal would act on written \xNN, as tgx_diag_set does. For callers that print
 * input outside a tgx_diag. Returns out. */
char *tgx_diag_shown(char *out, size_t size, const char *text);

/* Formats "file:line:col: error: message" (parts that are absent are left out) into buf. */
size_t tgx_diag_format(const tgx_diag *d, char *buf, size_t size);

void tgx_diag_list_init(tgx_diag_list *l);
void tgx_diag_list_free(tgx_diag_list *l);
/* Appends a copy; returns TGX_ERR_NOMEM if it could not grow (the list is unchanged then). */
tgx_status tgx_diag_list_add(tgx_diag_list *l, const tgx_diag *d);

#ifdef __cplusplus
}
#endif

#endif
