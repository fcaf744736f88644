/* A strict JSON reader: see json.h. Grammar from RFC 8259 sections 2-7. */
#include "replay/json.h"

#include <stdlib.h>
#include <string.h>

/* Nesting deeper than this is refused, so a hostile file cannot exhaust the C stack. */
#define JSON_MAX_DEPTH 200

#define TGX_STATUS_TRY(expr)                                                                       \
    do {                                                                                           \
        tgx_status try_st_ = (expr);                                                               \
        if (try_st_ < 0)                                                                           \
            return try_st_;                                                                        \
    } while (0)

typedef struct reader {
    const char *s;
    size_t n, pos;
    unsigned line, col;
    const char *file;
    tgx_diag *d;
} reader;

static tgx_status fail(reader *r, const char *fmt, const char *what)
{
    return tgx_diag_set(r->d, TGX_ERR_PARSE, r->file, r->line, r->col, fmt, what);
}

static int peek(const reader *r)
{
    return r->pos < r->n ? (unsigned char)r->s[r->pos] : -1;
}

static void advance(reader *r)
{
    if (r->pos >= r->n)
        return;
    if (r->s[r->pos] == '\n') {
        r->line++;
        r->col = 1;
    } else {
        r->col++;
    }
    r->pos++;
}

static void skip_ws(reader *r)
{
    for (int c = peek(r); c == ' ' || c == '\t' || c == '\n' || c == '\r'; c = peek(r))
        advance(r);
}

static tgx_status parse_value(reader *r, tgx_json *v, int depth);

static tgx_status expect_word(reader *r, const char *w)
{
    size_t len = strlen(w);
    if (r->n - r->pos < len || memcmp(r->s + r->pos, w, len) != 0)
        return fail(r, "expected '%s' (JSON has only true, false and null as bare words)", w);
    for (size_t i = 0; i < len; i++)
        advance(r);
    return TGX_OK;
}

static bool is_digit(int c)
{
    return c >= '0' && c <= '9';
}

static tgx_status parse_number(reader *r, tgx_json *v)
{
    size_t start = r->pos;
    if (peek(r) == '-')
        advance(r);
    if (peek(r) == '0') {
        advance(r);
        if (is_digit(peek(r)))
            return fail(r, "%s", "a number must not have a leading zero");
    } else if (is_digit(peek(r))) {
        while (is_digit(peek(r)))
            advance(r);
    } else {
        return fail(r, "%s", "expected a digit");
    }
    if (peek(r) == '.') {
        advance(r);
        if (!is_digit(peek(r)))
            return fail(r, "%s", "expected a digit after the decimal point");
        while (is_digit(peek(r)))
            advance(r);
    }
    if (peek(r) == 'e' || peek(r) == 'E') {
        advance(r);
        if (peek(r) == '+' || peek(r) == '-')
            advance(r);
        if (!is_digit(peek(r)))
            return fail(r, "%s", "expected a digit in the exponent");
        while (is_digit(peek(r)))
            advance(r);
    }
    size_t len = r->pos - start;
    v->text = malloc(len + 1);
    if (!v->text)
        return tgx_diag_set(r->d, TGX_ERR_NOMEM, r->file, v->line, v->column, "out of memory");
    memcpy(v->text, r->s + start, len);
    v->text[len] = 0;
    v->length = len;
    v->kind = TGX_JSON_NUMBER;
    v->number = strtod(v->text, NULL); /* overflow gives +-HUGE_VAL, which is what we want */
    return TGX_OK;
}

static int hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

static tgx_status read_hex4(reader *r, uint32_t *u)
{
    *u = 0;
    for (int i = 0; i < 4; i++) {
        int h = hex_value(peek(r));
        if (h < 0)
            return fail(r, "%s", "\\u must be followed by four hex digits");
        *u = *u << 4 | (uint32_t)h;
        advance(r);
    }
    return TGX_OK;
}

static size_t put_utf8(char *o, uint32_t cp)
{
    if (cp < 0x80) {
        o[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (char)(0xc0 | cp >> 6);
        o[1] = (char)(0x80 | (cp & 0x3f));
        return 2;
    }
    if (cp < 0x10000) {
        o[0] = (char)(0xe0 | cp >> 12);
        o[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        o[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    o[0] = (char)(0xf0 | cp >> 18);
    o[1] = (char)(0x80 | (cp >> 12 & 0x3f));
    o[2] = (char)(0x80 | (cp >> 6 & 0x3f));
    o[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* \uXXXX, with UTF-16 surrogate pairs joined (RFC 8259 section 7). */
static tgx_status parse_unicode_escape(reader *r, uint32_t *cp)
{
    TGX_STATUS_TRY(read_hex4(r, cp));
    if (*cp >= 0xdc00 && *cp <= 0xdfff)
        return fail(r, "%s", "lone low surrogate in \\u escape");
    if (*cp >= 0xd800 && *cp <= 0xdbff) {
        uint32_t lo;
        if (peek(r) != '\\')
            return fail(r, "%s", "high surrogate must be followed by a \\u low surrogate");
        advance(r);
        if (peek(r) != 'u')
            return fail(r, "%s", "high surrogate must be followed by a \\u low surrogate");
        advance(r);
        TGX_STATUS_TRY(read_hex4(r, &lo));
        if (lo < 0xdc00 || lo > 0xdfff)
            return fail(r, "%s", "high surrogate must be followed by a \\u low surrogate");
        *cp = 0x10000 + ((*cp - 0xd800) << 10) + (lo - 0xdc00);
    }
    return TGX_OK;
}

static tgx_status parse_escape(reader *r, char *out, size_t *o)
{
    static const char from[] = "\"\\/bfnrt";
    static const char to[] = "\"\\/\b\f\n\r\t";
    int c = peek(r);
    const char *p = c > 0 ? strchr(from, c) : NULL;
    if (p && *p) {
        out[(*o)++] = to[p - from];
        advance(r);
        return TGX_OK;
    }
    if (c != 'u')
        return fail(r, "%s", "unknown escape (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
    advance(r);
    uint32_t cp;
    TGX_STATUS_TRY(parse_unicode_escape(r, &cp));
    *o += put_utf8(out + *o, cp);
    return TGX_OK;
}

/* Reads a string at r (starting at the opening quote) into a malloc'd buffer. A decoded string
 * is never longer than its source text, so the source length bounds the buffer. */
static tgx_status parse_string_raw(reader *r, char **text, size_t *length)
{
    advance(r); /* opening quote */
    size_t cap = 16;
    for (size_t i = r->pos; i < r->n && r->s[i] != '"'; i++)
        cap++, i += r->s[i] == '\\';
    char *out = malloc(cap);
    if (!out)
        return tgx_diag_set(r->d, TGX_ERR_NOMEM, r->file, r->line, r->col, "out of memory");
    size_t o = 0;
    for (;;) {
        int c = peek(r);
        tgx_status st = TGX_OK;
        if (c < 0) {
            st = fail(r, "%s", "unterminated string");
        } else if (c == '"') {
            advance(r);
            break;
        } else if (c < 0x20) {
            st = fail(r, "%s", "control character in a string (write it as an escape)");
        } else if (c == '\\') {
            advance(r);
            st = parse_escape(r, out, &o);
        } else {
            out[o++] = (char)c;
            advance(r);
        }
        if (st < 0) {
            free(out);
            return st;
        }
    }
    out[o] = 0;
    *text = out;
    *length = o;
    return TGX_OK;
}

/* Grows a parallel items/keys array by one slot. */
static tgx_status grow(reader *r, tgx_json *v, size_t *cap, bool with_keys)
{
    if (v->count < *cap)
        return TGX_OK;
    size_t nc = *cap ? *cap * 2 : 4;
    tgx_json *items = realloc(v->items, nc * sizeof *items);
    if (!items)
        return tgx_diag_set(r->d, TGX_ERR_NOMEM, r->file, r->line, r->col, "out of memory");
    v->items = items;
    if (with_keys) {
        char **keys = realloc(v->keys, nc * sizeof *keys);
        if (!keys)
            return tgx_diag_set(r->d, TGX_ERR_NOMEM, r->file, r->line, r->col, "out of memory");
        v->keys = keys;
    }
    *cap = nc;
    return TGX_OK;
}

static tgx_status parse_array(reader *r, tgx_json *v, int depth)
{
    size_t cap = 0;
    v->kind = TGX_JSON_ARRAY;
    advance(r);
    skip_ws(r);
    if (peek(r) == ']') {
        advance(r);
        return TGX_OK;
    }
    for (;;) {
        TGX_STATUS_TRY(grow(r, v, &cap, false));
        /* counted before parsing, like object members, so that tgx_json_free releases what a
         * failing item had allocated */
        v->count++;
        TGX_STATUS_TRY(parse_value(r, &v->items[v->count - 1], depth + 1));
        skip_ws(r);
        if (peek(r) == ']') {
            advance(r);
            return TGX_OK;
        }
        if (peek(r) != ',')
            return fail(r, "%s", "expected ',' or ']' in an array");
        advance(r);
        skip_ws(r);
        if (peek(r) == ']')
            return fail(r, "%s", "trailing comma in an array");
    }
}

static tgx_status parse_member(reader *r, tgx_json *v, int depth)
{
    if (peek(r) != '"')
        return fail(r, "%s", "expected a member name in double quotes");
    unsigned kl = r->line, kc = r->col;
    char *key;
    size_t klen;
    TGX_STATUS_TRY(parse_string_raw(r, &key, &klen));
    for (size_t i = 0; i < v->count; i++) {
        if (strcmp(v->keys[i], key) == 0) {
            tgx_status st = tgx_diag_set(r->d, TGX_ERR_PARSE, r->file, kl, kc,
                                         "duplicate member name \"%s\"", key);
            free(key);
            return st;
        }
    }
    v->keys[v->count] = key;
    memset(&v->items[v->count], 0, sizeof v->items[0]);
    v->count++; /* counted now so that tgx_json_free releases the key on error */
    skip_ws(r);
    if (peek(r) != ':')
        return fail(r, "%s", "expected ':' after a member name");
    advance(r);
    return parse_value(r, &v->items[v->count - 1], depth + 1);
}

static tgx_status parse_object(reader *r, tgx_json *v, int depth)
{
    size_t cap = 0;
    v->kind = TGX_JSON_OBJECT;
    advance(r);
    skip_ws(r);
    if (peek(r) == '}') {
        advance(r);
        return TGX_OK;
    }
    for (;;) {
        TGX_STATUS_TRY(grow(r, v, &cap, true));
        TGX_STATUS_TRY(parse_member(r, v, depth));
        skip_ws(r);
        if (peek(r) == '}') {
            advance(r);
            return TGX_OK;
        }
        if (peek(r) != ',')
            return fail(r, "%s", "expected ',' or '}' in an object");
        advance(r);
        skip_ws(r);
        if (peek(r) == '}')
            return fail(r, "%s", "trailing comma in an object");
    }
}

static tgx_status parse_value(reader *r, tgx_json *v, int depth)
{
    memset(v, 0, sizeof *v);
    if (depth > JSON_MAX_DEPTH)
        return fail(r, "%s", "nesting too deep");
    skip_ws(r);
    v->line = r->line;
    v->column = r->col;
    int c = peek(r);
    switch (c) {
    case '{': return parse_object(r, v, depth);
    case '[': return parse_array(r, v, depth);
    case '"': v->kind = TGX_JSON_STRING; return parse_string_raw(r, &v->text, &v->length);
    case 't':
        v->kind = TGX_JSON_BOOL;
        v->boolean = true;
        return expect_word(r, "true");
    case 'f': v->kind = TGX_JSON_BOOL; return expect_word(r, "false");
    case 'n': return expect_word(r, "null");
    case -1: return fail(r, "%s", "unexpected end of input, expected a value");
    default:
        if (c == '-' || is_digit(c))
            return parse_number(r, v);
        return fail(r, "%s", "expected a value (object, array, string, number, true, false, null)");
    }
}

tgx_status tgx_json_parse(const char *text, size_t size, const char *file, tgx_json *out,
                          tgx_diag *d)
{
    reader r = {text, size, 0, 1, 1, file, d};
    memset(out, 0, sizeof *out);
    /* RFC 8259 section 8.1: JSON text has no byte order mark (a parser MAY ignore one); the
     * strict reader says what it found instead of "expected a value" at 1:1 */
    if (size >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0)
        return fail(&r, "%s",
                    "a byte order mark (EF BB BF) starts the file: JSON text has none (RFC 8259 "
                    "section 8.1); save it as UTF-8 without one");
    tgx_status st = parse_value(&r, out, 0);
    if (st == TGX_OK) {
        skip_ws(&r);
        if (r.pos != r.n)
            st = fail(&r, "%s", "text after the end of the JSON value");
    }
    if (st < 0)
        tgx_json_free(out);
    return st;
}

void tgx_json_free(tgx_json *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->count; i++) {
        tgx_json_free(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->text);
    memset(v, 0, sizeof *v);
}

const tgx_json *tgx_json_get(const tgx_json *o, const char *key)
{
    if (!o || o->kind != TGX_JSON_OBJECT)
        return NULL;
    for (size_t i = 0; i < o->count; i++)
        if (strcmp(o->keys[i], key) == 0)
            return &o->items[i];
    return NULL;
}

const tgx_json *tgx_json_at(const tgx_json *a, size_t i)
{
    if (!a || a->kind != TGX_JSON_ARRAY || i >= a->count)
        return NULL;
    return &a->items[i];
}

const char *tgx_json_kind_name(tgx_json_kind k)
{
    static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}

/* Integer text: optional '-', digits only. */
static bool parse_int_text(const char *t, bool *neg, uint64_t *mag)
{
    *neg = *t == '-';
    t += *neg;
    if (!*t)
        return false;
    uint64_t m = 0;
    for (; *t; t++) {
        if (!is_digit((unsigned char)*t))
            return false;
        unsigned dig = (unsigned)(*t - '0');
        if (m > (UINT64_MAX - dig) / 10)
            return false;
        m = m * 10 + dig;
    }
    *mag = m;
    return true;
}

static bool parse_hex_text(const char *t, uint64_t *out)
{
    if (t[0] != '0' || (t[1] != 'x' && t[1] != 'X') || !t[2])
        return false;
    uint64_t m = 0;
    for (t += 2; *t; t++) {
        int h = hex_value((unsigned char)*t);
        if (h < 0 || m >> 60)
            return false;
        m = m << 4 | (uint64_t)h;
    }
    *out = m;
    return true;
}

bool tgx_json_i64(const tgx_json *v, int64_t *out)
{
    if (!v)
        return false;
    if (v->kind == TGX_JSON_STRING) {
        uint64_t m;
        if (!parse_hex_text(v->text, &m) || m > INT64_MAX)
            return false;
        *out = (int64_t)m;
        return true;
    }
    bool neg;
    uint64_t mag;
    if (v->kind != TGX_JSON_NUMBER || !parse_int_text(v->text, &neg, &mag))
        return false;
    if (neg ? mag > (uint64_t)INT64_MAX + 1 : mag > (uint64_t)INT64_MAX)
        return false;
    *out = neg ? (int64_t)(0 - mag) : (int64_t)mag;
    return true;
}

bool tgx_json_u32(const tgx_json *v, uint32_t *out)
{
    if (!v)
        return false;
    if (v->kind == TGX_JSON_STRING) {
        uint64_t m;
        if (!parse_hex_text(v->text, &m) || m > UINT32_MAX)
            return false;
        *out = (uint32_t)m;
        return true;
    }
    int64_t i;
    if (!tgx_json_i64(v, &i) || i < 0 || i > (int64_t)UINT32_MAX)
        return false;
    *out = (uint32_t)i;
    return true;
}
