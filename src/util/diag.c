/* Diagnostics: status names, formatting, and a growable list. */
#include "tgx/diag.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *tgx_status_name(tgx_status st)
{
    switch (st) {
    case TGX_OK: return "ok";
    case TGX_ERR_PARSE: return "parse error";
    case TGX_ERR_INVALID: return "invalid";
    case TGX_ERR_IO: return "I/O error";
    case TGX_ERR_NOMEM: return "out of memory";
    case TGX_ERR_LIMIT: return "limit exceeded";
    case TGX_ERR_UNSUPPORTED: return "unsupported";
    case TGX_ERR_ARG: return "invalid argument";
    }
    return "unknown status";
}

/* Everything of an error diagnostic but its message. */
static void diag_head(tgx_diag *d, tgx_status st, const char *file, unsigned line, unsigned column)
{
    d->status = st;
    d->severity = TGX_SEV_ERROR;
    d->file[0] = '\0';
    if (file)
        snprintf(d->file, sizeof d->file, "%s", file);
    d->line = line;
    d->column = column;
}

tgx_status tgx_diag_vset(tgx_diag *d, tgx_status st, const char *file, unsigned line,
                         unsigned column, const char *fmt, va_list ap)
{
    if (!d)
        return st;
    diag_head(d, st, file, line, column);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    return st;
}

tgx_status tgx_diag_set_text(tgx_diag *d, tgx_status st, const char *file, unsigned line,
                             unsigned column, const char *text)
{
    if (!d)
        return st;
    diag_head(d, st, file, line, column);
    size_t n = strlen(text);
    if (n >= sizeof d->message)
        n = sizeof d->message - 1;
    memcpy(d->message, text, n);
    d->message[n] = '\0';
    return st;
}

tgx_status tgx_diag_set(tgx_diag *d, tgx_status st, const char *file, unsigned line,
                        unsigned column, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tgx_diag_vset(d, st, file, line, column, fmt, ap);
    va_end(ap);
    return st;
}

void tgx_diag_clear(tgx_diag *d)
{
    if (d)
        memset(d, 0, sizeof *d);
}

static const char *severity_word(tgx_severity s)
{
    return s == TGX_SEV_WARNING ? "warning" : s == TGX_SEV_NOTE ? "note" : "error";
}

size_t tgx_diag_format(const tgx_diag *d, char *buf, size_t size)
{
    int n;
    const char *sev = severity_word(d->severity);
    if (d->file[0] && d->line && d->column)
        n = snprintf(buf, size, "%s:%u:%u: %s: %s", d->file, d->line, d->column, sev, d->message);
    else if (d->file[0] && d->line)
        n = snprintf(buf, size, "%s:%u: %s: %s", d->file, d->line, sev, d->message);
    else if (d->file[0])
        n = snprintf(buf, size, "%s: %s: %s", d->file, sev, d->message);
    else if (d->line)
        n = snprintf(buf, size, "%u:%u: %s: %s", d->line, d->column, sev, d->message);
    else
        n = snprintf(buf, size, "%s: %s", sev, d->message);
    return n < 0 ? 0 : (size_t)n;
}

void tgx_diag_list_init(tgx_diag_list *l)
{
    memset(l, 0, sizeof *l);
}

void tgx_diag_list_free(tgx_diag_list *l)
{
    free(l->items);
    memset(l, 0, sizeof *l);
}

tgx_status tgx_diag_list_add(tgx_diag_list *l, const tgx_diag *d)
{
    if (l->count == l->capacity) {
        size_t cap = l->capacity ? l->capacity * 2 : 16;
        tgx_diag *n = realloc(l->items, cap * sizeof *n);
        if (!n)
            return TGX_ERR_NOMEM;
        l->items = n;
        l->capacity = cap;
    }
    l->items[l->count++] = *d;
    if (d->severity == TGX_SEV_ERROR)
        l->errors++;
    else if (d->severity == TGX_SEV_WARNING)
        l->warnings++;
    return TGX_OK;
}
