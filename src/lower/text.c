/* text.c — the growing text buffer the listing (print.c) and the lifted TGSI (lift.c) are
 * written into. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lower/lower_internal.h"

/* Grows t to hold n more bytes and its NUL; false (t->failed) when memory runs out. */
static bool lw_reserve(lw_text *t, size_t n)
{
    if (t->failed)
        return false;
    if (t->len + n + 1 <= t->cap)
        return true;
    size_t cap = t->cap ? t->cap : 1024;
    while (cap < t->len + n + 1)
        cap *= 2;
    char *p = realloc(t->p, cap);
    if (!p) {
        t->failed = true;
        return false;
    }
    t->p = p;
    t->cap = cap;
    return true;
}

void lw_printf(lw_text *t, const char *fmt, ...)
{
    if (t->failed)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
        t->failed = true;
        return;
    }
    if (!lw_reserve(t, (size_t)n))
        return;
    va_start(ap, fmt);
    vsnprintf(t->p + t->len, t->cap - t->len, fmt, ap);
    va_end(ap);
    t->len += (size_t)n;
}

void lw_append(lw_text *t, const char *s, size_t n)
{
    if (!lw_reserve(t, n))
        return;
    memcpy(t->p + t->len, s, n);
    t->len += n;
    t->p[t->len] = '\0';
}

void lw_prepend(lw_text *t, const lw_text *head)
{
    if (t->failed || head->failed) {
        t->failed = true;
        return;
    }
    if (head->len == 0)
        return;
    if (t->len + head->len + 1 > t->cap) {
        char *p = realloc(t->p, t->len + head->len + 1);
        if (!p) {
            t->failed = true;
            return;
        }
        t->p = p;
        t->cap = t->len + head->len + 1;
    }
    if (t->len)
        memmove(t->p + head->len, t->p, t->len);
    memcpy(t->p, head->p, head->len);
    t->len += head->len;
    t->p[t->len] = '\0';
}
