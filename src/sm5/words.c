/* Word lists: the `WORD [CTRL] [@ADDR]` lines that tools/nvdis reads, and `tgx dis --words`
 * and `tgx check --sm5 --words` with it. */
#include "tgx/sm5.h"

/* The length of the token at s: up to a blank, the end, or a '#' comment. */
static size_t token_len(const char *s)
{
    size_t n = 0;
    while (s[n] && s[n] != ' ' && s[n] != '\t' && s[n] != '\r' && s[n] != '\n' && s[n] != '#')
        n++;
    return n;
}

/* Parses the token at *p as one hex number (optional 0x) of at most 64 bits; advances *p past
 * it. The whole token must be the number: "0x0x10" is refused as a whole (it is not the word
 * 0x0 followed by something else). */
static int parse_hex(const char **p, uint64_t *v)
{
    const char *s = *p, *end = s + token_len(s);
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    uint64_t x = 0;
    int n = 0;
    for (; s < end; s++, n++) {
        int c = (unsigned char)*s, dgt;
        if (c >= '0' && c <= '9')
            dgt = c - '0';
        else if (c >= 'a' && c <= 'f')
            dgt = c - 'a' + 10;
        else if (c >= 'A' && c <= 'F')
            dgt = c - 'A' + 10;
        else
            return 0;
        if (n == 16)
            return 0;
        x = x << 4 | (uint64_t)dgt;
    }
    if (n == 0)
        return 0;
    *p = s;
    *v = x;
    return 1;
}

static const char *skip_blank(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r')
        s++;
    return s;
}

static int at_end(const char *s)
{
    return *s == '\0' || *s == '#' || *s == '\n';
}

/* The optional `@ADDR` after the word and control field: where the word lies (branch targets
 * print as absolute addresses). */
static tgx_status parse_addr(const char **p, const char *line, const char *file, unsigned lineno,
                             uint64_t *addr, tgx_diag *d)
{
    const char *start = *p, *s = start + 1;
    if (!addr)
        return tgx_diag_set(d, TGX_ERR_PARSE, file, lineno, (unsigned)(start - line) + 1,
                            "an address ('@ADDR') is not taken here");
    if (!parse_hex(&s, addr))
        return tgx_diag_set(d, TGX_ERR_PARSE, file, lineno, (unsigned)(start - line) + 1,
                            "expected a hex address after '@', found '%.*s'", (int)token_len(start),
                            start);
    *p = skip_blank(s);
    return TGX_OK;
}

tgx_status tgx_sm5_parse_word_line(const char *line, const char *file, unsigned lineno,
                                   int *has_word, uint64_t *word, uint32_t *ctrl, uint64_t *addr,
                                   unsigned *column, tgx_diag *d)
{
    *has_word = 0;
    const char *s = skip_blank(line);
    if (at_end(s))
        return TGX_OK;
    const char *start = s;
    if (!parse_hex(&s, word))
        return tgx_diag_set(d, TGX_ERR_PARSE, file, lineno, (unsigned)(start - line) + 1,
                            "expected a 64-bit hex word, found '%.*s'", (int)token_len(start),
                            start);
    *ctrl = TGX_SM5_CTRL_NEUTRAL;
    if (addr)
        *addr = 0;
    s = skip_blank(s);
    if (!at_end(s) && *s != '@') {
        const char *cstart = s;
        uint64_t c;
        if (!parse_hex(&s, &c) || c > TGX_SM5_CTRL_MASK)
            return tgx_diag_set(d, TGX_ERR_PARSE, file, lineno, (unsigned)(cstart - line) + 1,
                                "expected a 21-bit hex control field (at most 0x1fffff), found "
                                "'%.*s'",
                                (int)token_len(cstart), cstart);
        *ctrl = (uint32_t)c;
        s = skip_blank(s);
    }
    if (*s == '@') {
        tgx_status st = parse_addr(&s, line, file, lineno, addr, d);
        if (st != TGX_OK)
            return st;
    }
    if (!at_end(s))
        return tgx_diag_set(d, TGX_ERR_PARSE, file, lineno, (unsigned)(s - line) + 1,
                            "unexpected text after the word and control field");
    *column = (unsigned)(start - line) + 1;
    *has_word = 1;
    return TGX_OK;
}
