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

/* Code points a terminal shows as nothing, or that reorder the text around them, so that a
 * quoted token would not read as what the input holds (Unicode's format characters, category
 * Cf, in the ranges a text editor can leave: a byte order mark opening a file, zero-width
 * spaces and joiners, the bidirectional overrides and isolates of "Trojan Source"). */
static const struct {
    unsigned first, last;
} invisible[] = {
    {0x00ad, 0x00ad}, /* soft hyphen */
    {0x061c, 0x061c}, /* Arabic letter mark */
    {0x180e, 0x180e}, /* Mongolian vowel separator */
    {0x200b, 0x200f}, /* zero-width space, joiners, LRM, RLM */
    {0x202a, 0x202e}, /* bidirectional embeddings and overrides */
    {0x2060, 0x2064}, /* word joiner, invisible operators */
    {0x2066, 0x206f}, /* bidirectional isolates, deprecated format characters */
    {0xfeff, 0xfeff}, /* zero-width no-break space: the byte order mark */
    {0xfff9, 0xfffb}, /* interlinear annotation */
};

/* The length of the UTF-8 sequence at p (at most avail bytes) a terminal shows as a character:
 * lead C2..F4 and its 1..3 continuation bytes 80..BF, not a C1 control (U+0080..U+009F, C2 80..9F:
 * U+009B is CSI to some terminals) nor an invisible code point; 0 for anything else. */
static size_t shown_utf8(const unsigned char *p, size_t avail)
{
    size_t more = p[0] >= 0xc2 && p[0] <= 0xdf   ? 1
                  : p[0] >= 0xe0 && p[0] <= 0xef ? 2
                  : p[0] >= 0xf0 && p[0] <= 0xf4 ? 3
                                                 : 0;
    if (!more || more >= avail || (p[0] == 0xc2 && p[1] < 0xa0))
        return 0;
    unsigned cp = p[0] & (0x7fu >> (more + 1));
    for (size_t k = 1; k <= more; k++) {
        if ((p[k] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (p[k] & 0x3fu);
    }
    for (size_t i = 0; i < sizeof invisible / sizeof invisible[0]; i++)
        if (cp >= invisible[i].first && cp <= invisible[i].last)
            return 0;
    return more + 1;
}

/* Copies text into out (cap bytes, NUL-terminated, truncated to fit) with every byte a terminal
 * would not show as a character written \xNN: control bytes (ESC starts the sequences that
 * recolour or retitle a terminal), DEL, bytes that are not UTF-8 and invisible code points. A
 * message quotes the input it refuses, and the input may be anything (issue 9: binary data as
 * --words quoted raw). */
static void copy_shown(char *out, size_t cap, const char *text)
{
    const unsigned char *p = (const unsigned char *)text;
    size_t o = 0, n = strlen(text);
    for (size_t i = 0; i < n;) {
        size_t run = p[i] >= 0x20 && p[i] < 0x7f ? 1 : p[i] >= 0x80 ? shown_utf8(p + i, n - i) : 0;
        size_t need = run ? run : 4;
        if (o + need >= cap)
            break;
        if (run)
            memcpy(out + o, p + i, run);
        else
            snprintf(out + o, 5, "\\x%02x", p[i]);
        o += need;
        i += run ? run : 1;
    }
    out[o] = '\0';
}

/* Everything of an error diagnostic but its message. */
static void diag_head(tgx_diag *d, tgx_status st, const char *file, unsigned line, unsigned column)
{
    d->status = st;
    d->severity = TGX_SEV_ERROR;
    tgx_diag_set_file(d, file); /* d's own file (a caller may pass it) is shown already */
    d->line = line;
    d->column = column;
}

tgx_status tgx_diag_vset(tgx_diag *d, tgx_status st, const char *file, unsigned line,
                         unsigned column, const char *fmt, va_list ap)
{
    if (!d)
        return st;
    diag_head(d, st, file, line, column);
    char raw[TGX_DIAG_MSG_MAX];
    vsnprintf(raw, sizeof raw, fmt, ap);
    copy_shown(d->message, sizeof d->message, raw);
    return st;
}

tgx_status tgx_diag_set_text(tgx_diag *d, tgx_status st, const char *file, unsigned line,
                             unsigned column, const char *text)
{
    if (!d)
        return st;
    diag_head(d, st, file, line, column);
    copy_shown(d->message, sizeof d->message, text);
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

char *tgx_diag_shown(char *out, size_t size, const char *text)
{
    if (size)
        copy_shown(out, size, text ? text : "");
    return out;
}

void tgx_diag_set_file(tgx_diag *d, const char *file)
{
    if (d && file != d->file)
        copy_shown(d->file, sizeof d->file, file ? file : "");
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
