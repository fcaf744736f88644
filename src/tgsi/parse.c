/* TGSI text -> IR.
 *
 * Reads what Mesa 22.3's tgsi_dump prints and what its tgsi_text reads, plus the 2013 spec's
 * forms (spec/tgsi-spec.txt). One statement per line: the processor header, then DCL, IMM,
 * PROPERTY and instruction lines ("  12: MOV TEMP[0], IN[0]"; the number is optional and not
 * checked: branch labels count instructions, as in Mesa). Keywords are matched without regard to
 * case, as tgsi_text does.
 *
 * Robustness: the text need not be NUL-terminated and may hold any bytes; every read goes through
 * peek(), which is bounded by the current line; numbers are range-checked before they are stored;
 * array growth is checked for overflow and capped (TGX_ERR_LIMIT).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgsi/tgsi_internal.h"
#include "tgx/util.h"

/* At most this many lines of any one kind: far above any real shader, well below size_t limits. */
#define MAX_ITEMS (1u << 22)

typedef struct parser {
    const char *text;
    size_t len;
    const char *filename;
    tgx_diag *diag;
    size_t pos;        /* cursor */
    size_t line_start; /* first byte of the current line */
    size_t line_end;   /* one past its last byte ('\n' and a trailing '\r' excluded) */
    size_t stmt_start; /* first byte of the current statement */
    uint32_t line_no;
    tgx_tgsi_shader *sh;
    size_t cap_decls, cap_imms, cap_props, cap_insts, cap_tokens;
    /* The instruction being read: its operands, offsets and format are kept here until it is
     * whole, then copied to the shader's storage at their real sizes (commit_instruction). */
    tgx_tgsi_dst dst[TGX_TGSI_MAX_DST];
    tgx_tgsi_src src[TGX_TGSI_MAX_SRC];
    tgx_tgsi_tex_offset offsets[TGX_TGSI_MAX_TEX_OFFSETS];
    char format[TGX_TGSI_FORMAT_MAX];
} parser;

/* ---- the shader's storage -------------------------------------------------------------------
 *
 * Instructions' variable parts are carved out of blocks that never move (a pointer into them
 * stays valid while more are added) and are freed together. Blocks grow from 4 KB to 256 KB, so
 * a small shader takes little and a big one makes few allocations. */

#define STORAGE_FIRST_BLOCK 4096u
#define STORAGE_BIG_BLOCK   (256u * 1024u)
#define STORAGE_ALIGN       8u /* what every stored type needs (asserted below) */
_Static_assert(_Alignof(tgx_tgsi_dst) <= STORAGE_ALIGN && _Alignof(tgx_tgsi_src) <= STORAGE_ALIGN &&
                   _Alignof(tgx_tgsi_tex_offset) <= STORAGE_ALIGN &&
                   _Alignof(tgx_tgsi_address) <= STORAGE_ALIGN,
               "an operand type needs more alignment than the storage gives");

typedef struct storage_block {
    struct storage_block *next;
    size_t size, used;
    uint64_t data[]; /* size bytes */
} storage_block;

struct tgx_tgsi_storage {
    storage_block *blocks; /* newest first: the one being filled */
};

/* n bytes aligned for any operand type, or NULL when memory runs out. */
static void *storage_alloc(struct tgx_tgsi_storage *st, size_t n)
{
    n = (n + STORAGE_ALIGN - 1) / STORAGE_ALIGN * STORAGE_ALIGN;
    storage_block *b = st->blocks;
    if (!b || b->size - b->used < n) {
        size_t size =
            b ? (b->size < STORAGE_BIG_BLOCK ? 2 * b->size : b->size) : STORAGE_FIRST_BLOCK;
        if (size < n)
            size = n;
        storage_block *nb = malloc(sizeof *nb + size);
        if (!nb)
            return NULL;
        nb->next = b;
        nb->size = size;
        nb->used = 0;
        st->blocks = b = nb;
    }
    void *at = (char *)b->data + b->used;
    b->used += n;
    return at;
}

static void storage_free(struct tgx_tgsi_storage *st)
{
    if (!st)
        return;
    for (storage_block *b = st->blocks, *next; b; b = next) {
        next = b->next;
        free(b);
    }
    free(st);
}

/* A copy of items[0..n) in the storage; for none, a place in it all the same, so that a reader's
 * &in->src[0] is never arithmetic on NULL (undefined behaviour, even adding 0). */
static void *storage_copy(struct tgx_tgsi_storage *st, const void *items, size_t n, size_t elem,
                          bool *nomem)
{
    void *to = storage_alloc(st, n * elem);
    if (!to) {
        *nomem = true;
        return NULL;
    }
    return memcpy(to, items, n * elem);
}

/* ---- low-level reading ------------------------------------------------------------------- */

static char peek(const parser *p)
{
    return p->pos < p->line_end ? p->text[p->pos] : '\0';
}

static char peek_at(const parser *p, size_t k)
{
    return k < p->line_end - p->pos ? p->text[p->pos + k] : '\0';
}

static bool is_ident_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

static bool is_digit(char c)
{
    return c >= '0' && c <= '9';
}

static char upper(char c)
{
    return (c >= 'a' && c <= 'z') ? (char)(c - 'a' + 'A') : c;
}

static void skip_space(parser *p)
{
    while (peek(p) == ' ' || peek(p) == '\t')
        p->pos++;
}

static uint32_t column_of(const parser *p, size_t at)
{
    size_t c = at - p->line_start + 1;
    return c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
}

static tgx_tgsi_pos pos_of(const parser *p, size_t at)
{
    tgx_tgsi_pos pos = {p->line_no, column_of(p, at)};
    return pos;
}

static tgx_status fail_at(parser *p, size_t at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static tgx_status fail_at(parser *p, size_t at, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    tgx_status st =
        tgx_diag_vset(p->diag, TGX_ERR_PARSE, p->filename, p->line_no, column_of(p, at), fmt, ap);
    va_end(ap);
    return st;
}

#define FAIL(p, ...) fail_at((p), (p)->pos, __VA_ARGS__)

#define FOUND_MAX 160 /* room for what found() writes */

/* Describes the text at the cursor for messages: "'FOO'", "end of line". A name with a byte
 * outside ASCII in it (COL\xc3\x96R) is shown whole, with that byte and its column named, since
 * stopping at the byte ("'COL'") hides why the name is not one. */
static const char *found(const parser *p, char *buf, size_t size)
{
    size_t n = 0, other = SIZE_MAX;
    for (; n < 24; n++) {
        unsigned char c = (unsigned char)peek_at(p, n);
        if (c >= 0x80 && other == SIZE_MAX)
            other = n;
        else if (c < 0x80 && !is_ident_char((char)c))
            break;
    }
    if (n == 0 && peek(p) == '\0')
        return "end of line";
    if (other != SIZE_MAX) {
        snprintf(buf, size,
                 "'%.*s' (byte 0x%02x at column %u is not ASCII: TGSI names are ASCII "
                 "letters, digits and '_')",
                 (int)n, p->text + p->pos, (unsigned char)peek_at(p, other),
                 (unsigned)column_of(p, p->pos + other));
        return buf;
    }
    if (n == 0) {
        unsigned char c = (unsigned char)peek(p);
        if (c >= 0x20 && c < 0x7f)
            snprintf(buf, size, "'%c'", c);
        else
            snprintf(buf, size, "byte 0x%02x", c);
        return buf;
    }
    snprintf(buf, size, "'%.*s'", (int)n, p->text + p->pos);
    return buf;
}

static size_t ident_len(const parser *p)
{
    size_t n = 0;
    while (is_ident_char(peek_at(p, n)))
        n++;
    return n;
}

/* Case-insensitive match of the whole identifier at the cursor against word; consumes it. */
static bool accept_word(parser *p, const char *word)
{
    size_t n = ident_len(p);
    if (n == 0 || strlen(word) != n)
        return false;
    for (size_t i = 0; i < n; i++)
        if (upper(p->text[p->pos + i]) != upper(word[i]))
            return false;
    p->pos += n;
    return true;
}

/* Index of the name (of count) the identifier at the cursor spells, consuming it; -1 if none. */
static int accept_name(parser *p, const char *(*name)(unsigned), unsigned count)
{
    for (unsigned i = 0; i < count; i++) {
        const char *n = name(i);
        if (n && accept_word(p, n))
            return (int)i;
    }
    return -1;
}

static bool accept_char(parser *p, char c)
{
    skip_space(p);
    if (peek(p) != c)
        return false;
    p->pos++;
    return true;
}

static tgx_status expect_char(parser *p, char c, const char *what)
{
    char buf[FOUND_MAX];
    skip_space(p);
    if (peek(p) != c)
        return FAIL(p, "expected '%c' %s, found %s", c, what, found(p, buf, sizeof buf));
    p->pos++;
    return TGX_OK;
}

/* Unsigned decimal number (at most max). */
static tgx_status parse_uint(parser *p, uint32_t max, uint32_t *out, const char *what)
{
    char buf[FOUND_MAX];
    skip_space(p);
    if (!is_digit(peek(p)))
        return FAIL(p, "expected %s, found %s", what, found(p, buf, sizeof buf));
    size_t start = p->pos;
    uint64_t v = 0;
    while (is_digit(peek(p))) {
        v = v * 10 + (uint64_t)(peek(p) - '0');
        if (v > max)
            return fail_at(p, start, "%s is larger than %u", what, max);
        p->pos++;
    }
    if (is_ident_char(peek(p)))
        return FAIL(p, "unexpected %s after %s", found(p, buf, sizeof buf), what);
    *out = (uint32_t)v;
    return TGX_OK;
}

/* Signed decimal number in [-2^31, 2^31 - 1]. */
static tgx_status parse_int(parser *p, int32_t *out, const char *what)
{
    skip_space(p);
    bool neg = false;
    if (peek(p) == '-' || peek(p) == '+') {
        neg = peek(p) == '-';
        p->pos++;
    }
    uint32_t u;
    tgx_status st = parse_uint(p, neg ? 0x80000000u : 0x7fffffffu, &u, what);
    if (st != TGX_OK)
        return st;
    *out = (int32_t)(neg ? -(int64_t)u : (int64_t)u); /* in range by the bound above */
    return TGX_OK;
}

/* ---- growing the shader's arrays ------------------------------------------------------------ */

static tgx_status grow(parser *p, void **items, size_t *cap, size_t count, size_t elem)
{
    if (count < *cap)
        return TGX_OK;
    if (count >= MAX_ITEMS)
        return tgx_diag_set(p->diag, TGX_ERR_LIMIT, p->filename, p->line_no, 1,
                            "too many lines of one kind (the limit is %u)", MAX_ITEMS);
    size_t ncap = *cap ? *cap * 2 : 16;
    void *n = realloc(*items, ncap * elem);
    if (!n)
        return tgx_diag_set(p->diag, TGX_ERR_NOMEM, p->filename, p->line_no, 1, "out of memory");
    *items = n;
    *cap = ncap;
    return TGX_OK;
}

static tgx_status add_token(parser *p, tgx_tgsi_token_kind kind, size_t index)
{
    tgx_tgsi_shader *s = p->sh;
    tgx_status st = grow(p, (void **)&s->tokens, &p->cap_tokens, s->num_tokens, sizeof *s->tokens);
    if (st != TGX_OK)
        return st;
    s->tokens[s->num_tokens].kind = kind;
    s->tokens[s->num_tokens].index = (uint32_t)index;
    s->num_tokens++;
    return TGX_OK;
}

/* ---- registers and operands ------------------------------------------------------------------ */

static int parse_file(parser *p)
{
    return accept_name(p, tgx_tgsi_file_name, TGX_TGSI_FILE_COUNT);
}

/* One component letter: x y z w (also r g b a, as the spec's examples write "SVIEW[0].r"). */
static int component(char c)
{
    switch (upper(c)) {
    case 'X':
    case 'R': return 0;
    case 'Y':
    case 'G': return 1;
    case 'Z':
    case 'B': return 2;
    case 'W':
    case 'A': return 3;
    default: return -1;
    }
}

/* Indirect address inside brackets: FILE[n].c */
static tgx_status parse_indirect(parser *p, tgx_tgsi_indirect *ind)
{
    char buf[FOUND_MAX];
    size_t at = p->pos;
    int f = parse_file(p);
    if (f < 0)
        return fail_at(p, at, "expected a register file for the indirect address, found %s",
                       found(p, buf, sizeof buf));
    ind->file = (tgx_tgsi_file)f;
    ind->pos = pos_of(p, at);
    uint32_t idx;
    tgx_status st;
    if ((st = expect_char(p, '[', "after the address register file")) != TGX_OK ||
        (st = parse_uint(p, 0x7fffffffu, &idx, "an address register index")) != TGX_OK ||
        (st = expect_char(p, ']', "after the address register index")) != TGX_OK ||
        (st = expect_char(p, '.', "and a component after the address register")) != TGX_OK)
        return st;
    int c = component(peek(p));
    if (c < 0 || is_ident_char(peek_at(p, 1)))
        return FAIL(p, "expected one component x, y, z or w of the address register, found %s",
                    found(p, buf, sizeof buf));
    p->pos++;
    ind->index = (int32_t)idx;
    ind->swizzle = (uint8_t)c;
    return TGX_OK;
}

/* "[" index "]" or "[" FILE[n].c (+|-) offset "]" followed by an optional "(arrayid)". */
static tgx_status parse_index(parser *p, int32_t *index, bool *indirect, tgx_tgsi_indirect *ind)
{
    tgx_status st;
    char buf[FOUND_MAX];
    if ((st = expect_char(p, '[', "to open a register index")) != TGX_OK)
        return st;
    skip_space(p);
    *indirect = false;
    *index = 0;
    memset(ind, 0, sizeof *ind);
    if (is_digit(peek(p)) || peek(p) == '-' || peek(p) == '+') {
        if ((st = parse_int(p, index, "a register index")) != TGX_OK)
            return st;
        skip_space(p);
        if (peek(p) == '+') /* "3+ADDR[0].x" is not a form Mesa prints */
            return FAIL(p, "write the address register first: FILE[ADDR[0].x+%d]", *index);
    } else if (is_ident_char(peek(p))) {
        if ((st = parse_indirect(p, ind)) != TGX_OK)
            return st;
        *indirect = true;
        skip_space(p);
        if (peek(p) == '+' || peek(p) == '-') {
            if ((st = parse_int(p, index, "an offset after the address register")) != TGX_OK)
                return st;
        }
    } else {
        return FAIL(p, "expected a register index, found %s", found(p, buf, sizeof buf));
    }
    if ((st = expect_char(p, ']', "to close the register index")) != TGX_OK)
        return st;
    if (*indirect && peek(p) == '(') {
        uint32_t id;
        p->pos++;
        if ((st = parse_uint(p, 0xffffu, &id, "an array id")) != TGX_OK ||
            (st = expect_char(p, ')', "after the array id")) != TGX_OK)
            return st;
        ind->array_id = (uint16_t)id;
    }
    return TGX_OK;
}

/* FILE[index] or FILE[dim][index], each index direct or indirect. */
static tgx_status parse_register(parser *p, tgx_tgsi_register *r)
{
    char buf[FOUND_MAX];
    memset(r, 0, sizeof *r);
    skip_space(p);
    size_t at = p->pos;
    int f = parse_file(p);
    if (f < 0)
        return fail_at(p, at, "expected a register (TEMP[0], IN[1], ...), found %s",
                       found(p, buf, sizeof buf));
    r->file = (tgx_tgsi_file)f;
    int32_t idx;
    bool ind;
    tgx_tgsi_address addr;
    memset(&addr, 0, sizeof addr);
    tgx_tgsi_indirect indr;
    tgx_status st = parse_index(p, &idx, &ind, &indr);
    if (st != TGX_OK)
        return st;
    skip_space(p);
    if (peek(p) == '[') {
        r->dimension = true;
        r->dim_index = idx;
        r->dim_indirect = ind;
        addr.dim_ind = indr;
        if ((st = parse_index(p, &idx, &ind, &indr)) != TGX_OK)
            return st;
    }
    addr.ind = indr;
    if (!ind && idx < 0)
        return fail_at(p, at, "register index %d is negative", idx);
    if (r->dimension && !r->dim_indirect && r->dim_index < 0)
        return fail_at(p, at, "register dimension %d is negative", r->dim_index);
    r->index = idx;
    r->indirect = ind;
    r->column = column_of(p, at);
    if (r->indirect || r->dim_indirect) {
        bool nomem = false;
        r->addr = storage_copy(p->sh->storage, &addr, 1, sizeof addr, &nomem);
        if (nomem)
            return tgx_diag_set(p->diag, TGX_ERR_NOMEM, p->filename, p->line_no, 1,
                                "out of memory");
    }
    return TGX_OK;
}

/* ".xyzw" write mask (components in order, each at most once). Absent: all four. */
static tgx_status parse_mask(parser *p, uint8_t *mask, const char *what)
{
    char buf[FOUND_MAX];
    *mask = TGX_TGSI_MASK_XYZW;
    if (peek(p) != '.')
        return TGX_OK;
    p->pos++;
    size_t n = ident_len(p);
    if (n == 0 || n > 4)
        return FAIL(p, "expected a %s of x, y, z, w in order, found %s", what,
                    found(p, buf, sizeof buf));
    uint8_t m = 0;
    int last = -1;
    for (size_t i = 0; i < n; i++) {
        int c = component(peek(p));
        if (c < 0 || c <= last)
            return FAIL(p, "expected a %s of x, y, z, w in order, found %s", what,
                        found(p, buf, sizeof buf));
        m |= (uint8_t)(1u << c);
        last = c;
        p->pos++;
    }
    *mask = m;
    return TGX_OK;
}

/* ".xyzw" swizzle of 1 to count letters; fewer than count repeat the last (".x" = ".xxxx"). */
static tgx_status parse_swizzle(parser *p, uint8_t *swz, unsigned count)
{
    char buf[FOUND_MAX];
    for (unsigned i = 0; i < count; i++)
        swz[i] = (uint8_t)i;
    if (peek(p) != '.')
        return TGX_OK;
    p->pos++;
    size_t n = ident_len(p);
    if (n == 0 || n > count)
        return FAIL(p, "expected a swizzle of 1 to %u components x, y, z, w, found %s", count,
                    found(p, buf, sizeof buf));
    for (size_t i = 0; i < n; i++) {
        int c = component(peek(p));
        if (c < 0)
            return FAIL(p, "expected a swizzle component x, y, z or w, found %s",
                        found(p, buf, sizeof buf));
        swz[i] = (uint8_t)c;
        p->pos++;
    }
    for (size_t i = n; i < count; i++)
        swz[i] = swz[n - 1];
    return TGX_OK;
}

static tgx_status parse_dst(parser *p, tgx_tgsi_dst *d)
{
    tgx_status st = parse_register(p, &d->reg);
    if (st != TGX_OK)
        return st;
    return parse_mask(p, &d->write_mask, "write mask");
}

static tgx_status parse_src(parser *p, tgx_tgsi_src *s)
{
    tgx_status st;
    memset(s, 0, sizeof *s);
    skip_space(p);
    size_t start = p->pos;
    if (peek(p) == '-') {
        s->negate = true;
        p->pos++;
        skip_space(p);
    }
    if (peek(p) == '|') {
        s->absolute = true;
        p->pos++;
    }
    if ((st = parse_register(p, &s->reg)) != TGX_OK)
        return st;
    uint32_t lead = s->reg.column - column_of(p, start); /* the register is on this line */
    s->lead = lead > UINT16_MAX ? UINT16_MAX : (uint16_t)lead;
    if ((st = parse_swizzle(p, s->swizzle, 4)) != TGX_OK)
        return st;
    if (s->absolute && (st = expect_char(p, '|', "to close the absolute value")) != TGX_OK)
        return st;
    return TGX_OK;
}

/* ---- instructions ---------------------------------------------------------------------------- */

static bool ends_with(const char *s, size_t n, const char *suffix)
{
    size_t k = strlen(suffix);
    if (n <= k)
        return false;
    for (size_t i = 0; i < k; i++)
        if (upper(s[n - k + i]) != suffix[i])
            return false;
    return true;
}

static tgx_tgsi_opcode lookup_opcode(const char *s, size_t n)
{
    char buf[40];
    if (n >= sizeof buf)
        return TGX_TGSI_OP_COUNT;
    for (size_t i = 0; i < n; i++)
        buf[i] = upper(s[i]);
    return tgx_tgsi_opcode_from_name(buf, n);
}

/* OPCODE[_SAT][_PRECISE] */
static tgx_status parse_opcode(parser *p, tgx_tgsi_instruction *in)
{
    char buf[FOUND_MAX];
    size_t n = ident_len(p);
    const char *s = p->text + p->pos;
    if (n == 0 || (unsigned char)peek_at(p, n) >= 0x80)
        return FAIL(p, "expected an opcode, found %s", found(p, buf, sizeof buf));
    size_t base = n;
    tgx_tgsi_opcode op = lookup_opcode(s, base);
    if (op == TGX_TGSI_OP_COUNT && ends_with(s, base, "_PRECISE")) {
        base -= strlen("_PRECISE");
        in->precise = true;
        op = lookup_opcode(s, base);
    }
    if (op == TGX_TGSI_OP_COUNT && ends_with(s, base, "_SAT")) {
        base -= strlen("_SAT");
        in->saturate = true;
        op = lookup_opcode(s, base);
    }
    if (op == TGX_TGSI_OP_COUNT)
        return FAIL(p, "unknown opcode '%.*s'", (int)(n > 40 ? 40 : n), s);
    in->opcode = op;
    p->pos += n;
    return TGX_OK;
}

static tgx_status parse_operands(parser *p, tgx_tgsi_instruction *in, const tgx_tgsi_opinfo *info)
{
    tgx_status st;
    char buf[FOUND_MAX];
    unsigned total = info->num_dst + info->num_src;
    for (unsigned i = 0; i < total; i++) {
        if (i > 0) {
            skip_space(p);
            if (peek(p) != ',')
                return FAIL(p, "%s takes %u operand%s; expected ',' and operand %u, found %s",
                            info->name, total, total == 1 ? "" : "s", i + 1,
                            found(p, buf, sizeof buf));
            p->pos++;
        }
        if (i < info->num_dst)
            st = parse_dst(p, &in->dst[i]);
        else
            st = parse_src(p, &in->src[i - info->num_dst]);
        if (st != TGX_OK)
            return st;
    }
    in->num_dst = info->num_dst;
    in->num_src = info->num_src;
    return TGX_OK;
}

static int parse_texture_name(parser *p)
{
    int t = accept_name(p, tgx_tgsi_texture_name, TGX_TGSI_TEXTURE_COUNT);
    if (t >= 0)
        return t;
    /* Other spellings: the brief's / Mesa's enum names and the 2013 spec's "1DArray". */
    if (accept_word(p, "CUBE_ARRAY"))
        return TGX_TGSI_TEXTURE_CUBE_ARRAY;
    if (accept_word(p, "SHADOWCUBE_ARRAY"))
        return TGX_TGSI_TEXTURE_SHADOWCUBE_ARRAY;
    if (accept_word(p, "1DArray"))
        return TGX_TGSI_TEXTURE_1D_ARRAY;
    if (accept_word(p, "2DArray"))
        return TGX_TGSI_TEXTURE_2D_ARRAY;
    return -1;
}

/* Texel offset: FILE[n].xyz (one to three components). */
static tgx_status parse_tex_offset(parser *p, tgx_tgsi_instruction *in)
{
    char buf[FOUND_MAX];
    if (in->num_tex_offsets >= TGX_TGSI_MAX_TEX_OFFSETS)
        return FAIL(p, "more than %d texel offsets", TGX_TGSI_MAX_TEX_OFFSETS);
    tgx_tgsi_tex_offset *o = &in->tex_offsets[in->num_tex_offsets];
    o->pos = pos_of(p, p->pos);
    int f = parse_file(p);
    if (f < 0)
        return FAIL(p, "expected a texel offset register, found %s", found(p, buf, sizeof buf));
    o->file = (tgx_tgsi_file)f;
    uint32_t idx;
    tgx_status st;
    if ((st = expect_char(p, '[', "after the offset register file")) != TGX_OK ||
        (st = parse_uint(p, 0x7fffffffu, &idx, "an offset register index")) != TGX_OK ||
        (st = expect_char(p, ']', "after the offset register index")) != TGX_OK ||
        (st = parse_swizzle(p, o->swizzle, 3)) != TGX_OK)
        return st;
    o->index = (int32_t)idx;
    in->num_tex_offsets++;
    return TGX_OK;
}

static bool looks_like_format(const parser *p)
{
    static const char prefix[] = "PIPE_FORMAT_";
    for (size_t i = 0; i < sizeof prefix - 1; i++)
        if (upper(peek_at(p, i)) != prefix[i])
            return false;
    return true;
}

static tgx_status copy_format(parser *p, char *dst)
{
    size_t n = ident_len(p);
    if (n >= TGX_TGSI_FORMAT_MAX)
        return FAIL(p, "format name longer than %d characters", TGX_TGSI_FORMAT_MAX - 1);
    for (size_t i = 0; i < n; i++)
        dst[i] = upper(p->text[p->pos + i]);
    dst[n] = '\0';
    p->pos += n;
    return TGX_OK;
}

/* After the operands: ", TARGET[, offsets]" for texture ops; ", QUALIFIER|TARGET|FORMAT" for
 * memory ops. */
static tgx_status parse_inst_suffixes(parser *p, tgx_tgsi_instruction *in,
                                      const tgx_tgsi_opinfo *info)
{
    tgx_status st;
    char buf[FOUND_MAX];
    if (info->flags & TGX_TGSI_OPF_TEX) {
        if ((st = expect_char(p, ',', "and a texture target (2D, CUBE, ...)")) != TGX_OK)
            return st;
        skip_space(p);
        in->texture_pos = pos_of(p, p->pos);
        int t = parse_texture_name(p);
        if (t < 0)
            return FAIL(p, "expected a texture target (2D, CUBE, SHADOW2D, ...), found %s",
                        found(p, buf, sizeof buf));
        in->has_texture = true;
        in->texture = (tgx_tgsi_texture)t;
        while (accept_char(p, ',')) {
            skip_space(p);
            if ((st = parse_tex_offset(p, in)) != TGX_OK)
                return st;
        }
    }
    if (info->flags & TGX_TGSI_OPF_MEMORY) {
        in->has_memory = true;
        in->mem_texture = TGX_TGSI_TEXTURE_BUFFER;
        while (accept_char(p, ',')) {
            skip_space(p);
            int q = accept_name(p, tgx_tgsi_memory_qualifier_name, TGX_TGSI_MEM_BIT_COUNT);
            if (q >= 0) {
                in->mem_qualifier |= (uint8_t)(1u << q);
                continue;
            }
            if (looks_like_format(p)) {
                if ((st = copy_format(p, p->format)) != TGX_OK)
                    return st;
                continue;
            }
            int t = parse_texture_name(p);
            if (t < 0)
                return FAIL(p,
                            "expected a memory qualifier (COHERENT, RESTRICT, VOLATILE), a "
                            "texture target or a PIPE_FORMAT_ name, found %s",
                            found(p, buf, sizeof buf));
            in->mem_texture = (tgx_tgsi_texture)t;
        }
    }
    return TGX_OK;
}

static tgx_status parse_label(parser *p, tgx_tgsi_instruction *in, const tgx_tgsi_opinfo *info)
{
    skip_space(p);
    if (peek(p) != ':')
        return TGX_OK;
    if (!(info->flags & TGX_TGSI_OPF_LABEL))
        return FAIL(p, "%s does not take a label", info->name);
    in->label_pos = pos_of(p, p->pos);
    p->pos++;
    in->has_label = true;
    return parse_uint(p, 0xffffffffu, &in->label, "a label (an instruction number)");
}

/* Moves in's operands, offsets and format from the parser's slots to the shader's storage. */
static tgx_status commit_instruction(parser *p, tgx_tgsi_instruction *in)
{
    struct tgx_tgsi_storage *st = p->sh->storage;
    bool nomem = false;
    in->dst = storage_copy(st, p->dst, in->num_dst, sizeof *p->dst, &nomem);
    in->src = storage_copy(st, p->src, in->num_src, sizeof *p->src, &nomem);
    in->tex_offsets = storage_copy(st, p->offsets, in->num_tex_offsets, sizeof *p->offsets, &nomem);
    size_t flen = strlen(p->format);
    in->mem_format = flen ? storage_copy(st, p->format, flen + 1, 1, &nomem) : "";
    if (nomem)
        return tgx_diag_set(p->diag, TGX_ERR_NOMEM, p->filename, p->line_no, 1, "out of memory");
    return TGX_OK;
}

static tgx_status parse_instruction(parser *p)
{
    tgx_tgsi_shader *s = p->sh;
    tgx_status st = grow(p, (void **)&s->insts, &p->cap_insts, s->num_insts, sizeof *s->insts);
    if (st != TGX_OK)
        return st;
    tgx_tgsi_instruction *in = &s->insts[s->num_insts];
    memset(in, 0, sizeof *in);
    in->dst = p->dst;
    in->src = p->src;
    in->tex_offsets = p->offsets;
    memset(p->format, 0, sizeof p->format);
    in->mem_format = p->format;
    in->pos.line = p->line_no;
    in->pos.column = column_of(p, p->pos);
    if ((st = parse_opcode(p, in)) != TGX_OK)
        return st;
    const tgx_tgsi_opinfo *info = tgx_tgsi_opcode_info(in->opcode);
    if ((st = parse_operands(p, in, info)) != TGX_OK ||
        (st = parse_inst_suffixes(p, in, info)) != TGX_OK ||
        (st = parse_label(p, in, info)) != TGX_OK || (st = commit_instruction(p, in)) != TGX_OK)
        return st;
    s->num_insts++;
    return add_token(p, TGX_TGSI_TOKEN_INST, s->num_insts - 1);
}

/* ---- declarations ------------------------------------------------------------------------------
 */

/* [first] or [first..last] */
static tgx_status parse_range(parser *p, uint32_t *first, uint32_t *last)
{
    tgx_status st;
    skip_space(p);
    size_t at = p->pos;
    if ((st = parse_uint(p, 0x7fffffffu, first, "a register number")) != TGX_OK)
        return st;
    *last = *first;
    skip_space(p);
    if (peek(p) == '.' && peek_at(p, 1) == '.') {
        p->pos += 2;
        if ((st = parse_uint(p, 0x7fffffffu, last, "the last register of the range")) != TGX_OK)
            return st;
        if (*last < *first)
            return fail_at(p, at, "range %u..%u runs backwards", *first, *last);
    }
    return expect_char(p, ']', "to close the declared range");
}

static tgx_status parse_decl_head(parser *p, tgx_tgsi_declaration *d)
{
    char buf[FOUND_MAX];
    tgx_status st;
    skip_space(p);
    int f = parse_file(p);
    if (f < 0)
        return FAIL(p, "expected a register file to declare (IN, OUT, TEMP, ...), found %s",
                    found(p, buf, sizeof buf));
    d->file = (tgx_tgsi_file)f;
    if ((st = expect_char(p, '[', "after the register file")) != TGX_OK)
        return st;
    /* "IN[]": the unsized outer dimension Mesa prints for GEOM and tessellation; implied by the
     * processor and printed again from it. */
    if (accept_char(p, ']')) {
        if ((st = expect_char(p, '[', "after '[]'")) != TGX_OK)
            return st;
    }
    uint32_t a, b;
    size_t outer = p->pos;
    if ((st = parse_range(p, &a, &b)) != TGX_OK)
        return st;
    if (accept_char(p, '[')) {
        if (a != b)
            return fail_at(p, outer, "a 2-D declaration has one outer index, not a range");
        d->dimension = true;
        d->dim_index = a;
        if ((st = parse_range(p, &a, &b)) != TGX_OK)
            return st;
    }
    d->first = a;
    d->last = b;
    return parse_mask(p, &d->usage_mask, "usage mask");
}

static tgx_status parse_semantic(parser *p, tgx_tgsi_declaration *d, int sem)
{
    tgx_status st;
    d->has_semantic = true;
    d->semantic_name = (tgx_tgsi_semantic)sem;
    if (accept_char(p, '[')) {
        if ((st = parse_uint(p, 0xffffffffu, &d->semantic_index, "a semantic index")) != TGX_OK ||
            (st = expect_char(p, ']', "after the semantic index")) != TGX_OK)
            return st;
    }
    return TGX_OK;
}

static tgx_status parse_stream(parser *p, tgx_tgsi_declaration *d)
{
    tgx_status st;
    if ((st = expect_char(p, '(', "after STREAM")) != TGX_OK)
        return st;
    for (int i = 0; i < 4; i++) {
        uint32_t v;
        if (i > 0 && (st = expect_char(p, ',', "between stream numbers")) != TGX_OK)
            return st;
        if ((st = parse_uint(p, 3, &v, "a stream number (0 to 3)")) != TGX_OK)
            return st;
        d->stream[i] = (uint8_t)v;
    }
    return expect_char(p, ')', "after the four stream numbers");
}

/* SVIEW: target then 1 or 4 return types. */
static tgx_status parse_sview_types(parser *p, tgx_tgsi_declaration *d)
{
    char buf[FOUND_MAX];
    int n = 0;
    while (n < 4 && accept_char(p, ',')) {
        skip_space(p);
        int r = accept_name(p, tgx_tgsi_return_type_name, TGX_TGSI_RETURN_COUNT);
        if (r < 0)
            return FAIL(p, "expected a return type (UNORM, SNORM, SINT, UINT, FLOAT), found %s",
                        found(p, buf, sizeof buf));
        d->return_type[n++] = (tgx_tgsi_return_type)r;
    }
    if (n != 1 && n != 4)
        return FAIL(p, "a sampler view takes 1 or 4 return types, not %d", n);
    for (int i = n; i < 4; i++)
        d->return_type[i] = d->return_type[0];
    return TGX_OK;
}

static bool file_has_semantic(tgx_tgsi_file f)
{
    return f == TGX_TGSI_FILE_IN || f == TGX_TGSI_FILE_OUT || f == TGX_TGSI_FILE_SV;
}

static bool file_has_target(tgx_tgsi_file f)
{
    return f == TGX_TGSI_FILE_SVIEW || f == TGX_TGSI_FILE_IMAGE || f == TGX_TGSI_FILE_RES;
}

/* 2013: CYLWRAP_XZ and the like (cylindrical wrapping per component, spec "Declaration
 * Interpolate"). */
static bool accept_cylwrap(parser *p, tgx_tgsi_declaration *d)
{
    static const char prefix[] = "CYLWRAP_";
    size_t n = ident_len(p), k = sizeof prefix - 1;
    if (n <= k || n > k + 4)
        return false;
    for (size_t i = 0; i < k; i++)
        if (upper(p->text[p->pos + i]) != prefix[i])
            return false;
    uint8_t m = 0;
    for (size_t i = k; i < n; i++) {
        int c = component(p->text[p->pos + i]);
        if (c < 0 || upper(p->text[p->pos + i]) != "XYZW"[c])
            return false;
        m |= (uint8_t)(1u << c);
    }
    d->cylindrical_wrap = m;
    p->pos += n;
    return true;
}

/* One ", ITEM" of a declaration. */
static tgx_status parse_decl_item(parser *p, tgx_tgsi_declaration *d, bool *have_target)
{
    char buf[FOUND_MAX];
    tgx_status st;
    uint32_t v;
    skip_space(p);
    if (file_has_target(d->file) && !*have_target) {
        int t = parse_texture_name(p);
        if (t < 0)
            return FAIL(p, "expected a texture target (BUFFER, 1D, 2D, ...), found %s",
                        found(p, buf, sizeof buf));
        d->target = (tgx_tgsi_texture)t;
        *have_target = true;
        return d->file == TGX_TGSI_FILE_SVIEW ? parse_sview_types(p, d) : TGX_OK;
    }
    if (accept_word(p, "ARRAY")) {
        size_t at;
        if ((st = expect_char(p, '(', "after ARRAY")) != TGX_OK)
            return st;
        skip_space(p);
        at = p->pos;
        if ((st = parse_uint(p, 0xffffu, &v, "an array id")) != TGX_OK ||
            (st = expect_char(p, ')', "after the array id")) != TGX_OK)
            return st;
        if (v == 0)
            return fail_at(p, at, "array id 0 is reserved (spec: Array Declaration)");
        d->array_id = v;
        return TGX_OK;
    }
    if (accept_word(p, "LOCAL"))
        return (d->local = true), TGX_OK;
    if (accept_word(p, "INVARIANT"))
        return (d->invariant = true), TGX_OK;
    if (accept_word(p, "STREAM"))
        return parse_stream(p, d);
    if (d->file == TGX_TGSI_FILE_BUFFER && accept_word(p, "ATOMIC"))
        return (d->atomic = true), TGX_OK;
    if ((d->file == TGX_TGSI_FILE_IMAGE || d->file == TGX_TGSI_FILE_RES)) {
        if (accept_word(p, "WR"))
            return (d->writable = true), TGX_OK;
        if (accept_word(p, "RAW"))
            return (d->raw = true), TGX_OK;
        if (looks_like_format(p))
            return copy_format(p, d->format);
    }
    if (d->file == TGX_TGSI_FILE_MEMORY) {
        int m = accept_name(p, tgx_tgsi_memory_type_name, TGX_TGSI_MEMTYPE_COUNT);
        if (m >= 0) {
            d->has_mem_type = true;
            d->mem_type = (tgx_tgsi_memory_type)m;
            return TGX_OK;
        }
    }
    if (file_has_semantic(d->file) && !d->has_semantic) {
        int sem = accept_name(p, tgx_tgsi_semantic_name, TGX_TGSI_SEMANTIC_COUNT);
        if (sem < 0 && accept_word(p, "PRIMID"))
            sem = TGX_TGSI_SEMANTIC_PRIMID;
        if (sem >= 0)
            return parse_semantic(p, d, sem);
    }
    int i = accept_name(p, tgx_tgsi_interp_name, TGX_TGSI_INTERP_COUNT);
    if (i >= 0) {
        d->has_interp = true;
        d->interp = (tgx_tgsi_interp)i;
        return TGX_OK;
    }
    int l = accept_name(p, tgx_tgsi_location_name, TGX_TGSI_LOC_COUNT);
    if (l >= 0) {
        d->location = (tgx_tgsi_location)l;
        return TGX_OK;
    }
    if (accept_cylwrap(p, d))
        return TGX_OK;
    return FAIL(p, "unexpected %s in the declaration of %s", found(p, buf, sizeof buf),
                tgx_tgsi_file_name(d->file));
}

static tgx_status parse_declaration(parser *p)
{
    tgx_tgsi_shader *s = p->sh;
    tgx_status st = grow(p, (void **)&s->decls, &p->cap_decls, s->num_decls, sizeof *s->decls);
    if (st != TGX_OK)
        return st;
    tgx_tgsi_declaration *d = &s->decls[s->num_decls];
    memset(d, 0, sizeof *d);
    d->pos.line = p->line_no;
    d->pos.column = column_of(p, p->stmt_start);
    if ((st = parse_decl_head(p, d)) != TGX_OK)
        return st;
    bool have_target = false;
    while (accept_char(p, ',')) {
        if ((st = parse_decl_item(p, d, &have_target)) != TGX_OK)
            return st;
    }
    if (file_has_target(d->file) && !have_target)
        return FAIL(p, "%s declarations need a texture target (DCL %s[0], 2D%s)",
                    tgx_tgsi_file_name(d->file), tgx_tgsi_file_name(d->file),
                    d->file == TGX_TGSI_FILE_SVIEW ? ", FLOAT" : "");
    if (d->file == TGX_TGSI_FILE_IMAGE && d->format[0] == '\0')
        return FAIL(p, "IMAGE declarations need a format (DCL IMAGE[0], 2D, "
                       "PIPE_FORMAT_R8G8B8A8_UNORM)");
    s->num_decls++;
    return add_token(p, TGX_TGSI_TOKEN_DECL, s->num_decls - 1);
}

/* ---- immediates --------------------------------------------------------------------------------
 */

/* Copies the value token at the cursor (up to ',', '}' or a blank) into buf. */
static tgx_status value_token(parser *p, char *buf, size_t size, size_t *n)
{
    size_t k = 0;
    char c;
    while ((c = peek_at(p, k)) != '\0' && c != ',' && c != '}' && c != ' ' && c != '\t') {
        if (k + 1 >= size)
            return FAIL(p, "immediate value is too long");
        buf[k] = c;
        k++;
    }
    buf[k] = '\0';
    if (k == 0)
        return FAIL(p, "expected an immediate value, found %s", found(p, buf, size));
    *n = k;
    return TGX_OK;
}

static bool all_hex(const char *s)
{
    if (!*s)
        return false;
    for (; *s; s++)
        if (!((*s >= '0' && *s <= '9') || (upper(*s) >= 'A' && upper(*s) <= 'F')))
            return false;
    return true;
}

/* FLT32: decimal (strtof, exact rounding), inf/nan, or 0xHHHHHHHH raw bits (Mesa's
 * TGSI_DUMP_FLOAT_AS_HEX form and tgx's spelling of NaNs). A decimal the type cannot hold is an
 * error at the value (tgx_parse_f32). */
static tgx_status parse_f32(parser *p, const char *tok, size_t n, uint32_t *out)
{
    if ((tok[0] == '0') && (tok[1] == 'x' || tok[1] == 'X') && n <= 10 && all_hex(tok + 2)) {
        *out = (uint32_t)strtoul(tok + 2, NULL, 16);
        return TGX_OK;
    }
    float f;
    const char *why;
    tgx_status st = tgx_parse_f32(tok, &f, &why);
    if (st == TGX_ERR_PARSE)
        return FAIL(p, "'%s' is not a FLT32 value", tok);
    if (st != TGX_OK) /* 1e999 or 1e-999: never inf or 0 in silence (docs/tgsi.md, Numbers) */
        return FAIL(p, "FLT32 value '%s' %s", tok, why);
    *out = tgx_f2bits(f);
    return TGX_OK;
}

static tgx_status parse_f64(parser *p, const char *tok, size_t n, uint64_t *out)
{
    if ((tok[0] == '0') && (tok[1] == 'x' || tok[1] == 'X') && n <= 18 && all_hex(tok + 2)) {
        *out = (uint64_t)strtoull(tok + 2, NULL, 16);
        return TGX_OK;
    }
    double v;
    const char *why;
    tgx_status st = tgx_parse_f64(tok, &v, &why);
    if (st == TGX_ERR_PARSE)
        return FAIL(p, "'%s' is not a FLT64 value", tok);
    if (st != TGX_OK)
        return FAIL(p, "FLT64 value '%s' %s", tok, why);
    *out = tgx_d2bits(v);
    return TGX_OK;
}

/* Integer immediates: decimal with optional sign, bounded by [min, max] given as magnitudes. */
static tgx_status parse_int_value(parser *p, const char *tok, bool is_signed, unsigned bits,
                                  uint64_t *out)
{
    const char *s = tok;
    bool neg = false;
    if (*s == '-' || *s == '+') {
        neg = *s == '-';
        s++;
    }
    if (!is_digit(*s))
        return FAIL(p, "'%s' is not an integer", tok);
    uint64_t limit = bits == 64 ? UINT64_MAX : (1ull << bits) - 1;
    if (is_signed)
        limit = neg ? (limit >> 1) + 1 : limit >> 1;
    if (neg && !is_signed)
        return FAIL(p, "'%s' is negative but the type is unsigned", tok);
    uint64_t v = 0;
    for (; *s; s++) {
        if (!is_digit(*s))
            return FAIL(p, "'%s' is not an integer", tok);
        unsigned dgt = (unsigned)(*s - '0');
        if (v > (limit - dgt) / 10)
            return FAIL(p, "'%s' does not fit in %u bits", tok, bits);
        v = v * 10 + dgt;
    }
    *out = neg ? 0 - v : v; /* two's complement in uint64_t */
    return TGX_OK;
}

static tgx_status parse_imm_value(parser *p, tgx_tgsi_immediate *im, const char *tok, size_t n)
{
    uint64_t v = 0;
    uint32_t w = 0;
    tgx_status st = TGX_OK;
    switch (im->type) {
    case TGX_TGSI_IMM_FLT32: st = parse_f32(p, tok, n, &w), v = w; break;
    case TGX_TGSI_IMM_UINT32: st = parse_int_value(p, tok, false, 32, &v); break;
    case TGX_TGSI_IMM_INT32: st = parse_int_value(p, tok, true, 32, &v); break;
    case TGX_TGSI_IMM_FLT64: st = parse_f64(p, tok, n, &v); break;
    case TGX_TGSI_IMM_UINT64: st = parse_int_value(p, tok, false, 64, &v); break;
    case TGX_TGSI_IMM_INT64: st = parse_int_value(p, tok, true, 64, &v); break;
    default: break;
    }
    if (st != TGX_OK)
        return st;
    bool wide = im->type >= TGX_TGSI_IMM_FLT64;
    if (im->num_words + (wide ? 2u : 1u) > 4u)
        return FAIL(p, "an immediate holds at most %s", wide ? "two 64-bit values" : "four values");
    im->words[im->num_words++] = (uint32_t)v;
    if (wide)
        im->words[im->num_words++] = (uint32_t)(v >> 32);
    return TGX_OK;
}

static tgx_status parse_immediate(parser *p)
{
    char buf[72];
    tgx_tgsi_shader *s = p->sh;
    tgx_status st = grow(p, (void **)&s->imms, &p->cap_imms, s->num_imms, sizeof *s->imms);
    if (st != TGX_OK)
        return st;
    tgx_tgsi_immediate *im = &s->imms[s->num_imms];
    memset(im, 0, sizeof *im);
    im->pos.line = p->line_no;
    im->pos.column = column_of(p, p->stmt_start);
    skip_space(p);
    if (peek(p) == '[') {
        p->pos++;
        size_t at = p->pos;
        uint32_t idx;
        if ((st = parse_uint(p, 0x7fffffffu, &idx, "an immediate number")) != TGX_OK ||
            (st = expect_char(p, ']', "after the immediate number")) != TGX_OK)
            return st;
        if (idx != s->num_imms)
            return fail_at(p, at,
                           "immediates must be numbered in order: expected IMM[%zu], not "
                           "IMM[%u]",
                           s->num_imms, idx);
    }
    skip_space(p);
    int t = accept_name(p, tgx_tgsi_imm_type_name, TGX_TGSI_IMM_COUNT);
    if (t < 0)
        return FAIL(p,
                    "expected an immediate type (FLT32, UINT32, INT32, FLT64, UINT64, "
                    "INT64), found %s",
                    found(p, buf, sizeof buf));
    im->type = (tgx_tgsi_imm_type)t;
    if ((st = expect_char(p, '{', "to open the immediate values")) != TGX_OK)
        return st;
    do {
        size_t n = 0;
        skip_space(p);
        if ((st = value_token(p, buf, sizeof buf, &n)) != TGX_OK ||
            (st = parse_imm_value(p, im, buf, n)) != TGX_OK)
            return st;
        p->pos += n;
    } while (accept_char(p, ','));
    if ((st = expect_char(p, '}', "to close the immediate values")) != TGX_OK)
        return st;
    s->num_imms++;
    return add_token(p, TGX_TGSI_TOKEN_IMM, s->num_imms - 1);
}

/* ---- properties --------------------------------------------------------------------------------
 */

static tgx_status parse_property_values(parser *p, tgx_tgsi_property_decl *pr);

static tgx_status parse_property(parser *p)
{
    char buf[FOUND_MAX];
    tgx_tgsi_shader *s = p->sh;
    tgx_status st = grow(p, (void **)&s->props, &p->cap_props, s->num_props, sizeof *s->props);
    if (st != TGX_OK)
        return st;
    tgx_tgsi_property_decl *pr = &s->props[s->num_props];
    memset(pr, 0, sizeof *pr);
    pr->pos.line = p->line_no;
    pr->pos.column = column_of(p, p->stmt_start);
    skip_space(p);
    int n = accept_name(p, tgx_tgsi_property_name, TGX_TGSI_PROPERTY_COUNT);
    if (n < 0)
        return FAIL(p, "unknown property %s", found(p, buf, sizeof buf));
    pr->name = (tgx_tgsi_property)n;
    skip_space(p);
    if (peek(p) != '\0') {
        if ((st = parse_property_values(p, pr)) != TGX_OK)
            return st;
    }
    s->num_props++;
    return add_token(p, TGX_TGSI_TOKEN_PROP, s->num_props - 1);
}

static tgx_status parse_property_values(parser *p, tgx_tgsi_property_decl *pr)
{
    char buf[FOUND_MAX];
    tgx_status st;
    do {
        if (pr->num_values >= TGX_TGSI_MAX_PROPERTY_VALUES)
            return FAIL(p, "a property has at most %d values", TGX_TGSI_MAX_PROPERTY_VALUES);
        skip_space(p);
        int32_t v = -1;
        if (tgx_tgsi_property_has_named_values(pr->name) && !is_digit(peek(p)) && peek(p) != '-') {
            for (unsigned i = 0; i < 64 && v < 0; i++) {
                const char *vn = tgx_tgsi_property_value_name(pr->name, i);
                if (vn && accept_word(p, vn))
                    v = (int32_t)i;
            }
            if (v < 0)
                return FAIL(p, "unexpected %s as the value of %s", found(p, buf, sizeof buf),
                            tgx_tgsi_property_name(pr->name));
        } else if ((st = parse_int(p, &v, "a property value")) != TGX_OK) {
            return st;
        }
        pr->values[pr->num_values++] = (uint32_t)v;
    } while (accept_char(p, ','));
    return TGX_OK;
}

/* ---- lines -------------------------------------------------------------------------------------
 */

/* Where the content of text[a..b) ends: at a '#', which starts a comment that runs to the end of
 * the line (tgx's extension: Mesa's reader has no comments; `tgx lift` writes them), or b. */
static size_t content_end(const char *text, size_t a, size_t b)
{
    const char *hash = memchr(text + a, '#', b - a);
    return hash ? (size_t)(hash - text) : b;
}

/* Moves to the line starting at start; returns false at the end of the text. */
static bool next_line(parser *p, size_t start)
{
    if (start >= p->len)
        return false;
    const char *nl = memchr(p->text + start, '\n', p->len - start);
    size_t end = nl ? (size_t)(nl - p->text) : p->len;
    p->line_start = start;
    p->pos = start;
    p->line_end = end;
    if (end > start && p->text[end - 1] == '\r')
        p->line_end--;
    p->line_end = content_end(p->text, start, p->line_end);
    p->line_no++;
    return true;
}

static size_t line_after(const parser *p)
{
    const char *nl = memchr(p->text + p->line_start, '\n', p->len - p->line_start);
    return nl ? (size_t)(nl - p->text) + 1 : p->len;
}

static tgx_status parse_header(parser *p)
{
    char buf[FOUND_MAX];
    skip_space(p);
    p->sh->processor_pos.line = p->line_no;
    p->sh->processor_pos.column = column_of(p, p->pos);
    int proc = accept_name(p, tgx_tgsi_processor_name, TGX_TGSI_PROC_COUNT);
    if (proc < 0)
        return FAIL(p,
                    "expected the processor (VERT, FRAG, GEOM, COMP, TESS_CTRL, TESS_EVAL), "
                    "found %s",
                    found(p, buf, sizeof buf));
    p->sh->processor = (tgx_tgsi_processor)proc;
    return TGX_OK;
}

/* Optional "  12:" instruction number. */
static void skip_inst_number(parser *p)
{
    size_t k = 0;
    while (is_digit(peek_at(p, k)))
        k++;
    if (k == 0)
        return;
    size_t j = k;
    while (peek_at(p, j) == ' ' || peek_at(p, j) == '\t')
        j++;
    if (peek_at(p, j) == ':') {
        p->pos += j + 1;
        skip_space(p);
    }
}

static tgx_status parse_statement(parser *p)
{
    skip_inst_number(p);
    p->stmt_start = p->pos;
    if (accept_word(p, "DCL"))
        return parse_declaration(p);
    if (accept_word(p, "PROPERTY"))
        return parse_property(p);
    if (accept_word(p, "IMM"))
        return parse_immediate(p);
    return parse_instruction(p);
}

static tgx_status parse_lines(parser *p)
{
    char buf[FOUND_MAX];
    bool have_header = false;
    size_t start = 0;
    while (next_line(p, start)) {
        start = line_after(p);
        skip_space(p);
        if (peek(p) == '\0')
            continue;
        tgx_status st = have_header ? parse_statement(p) : parse_header(p);
        if (st != TGX_OK)
            return st;
        have_header = true;
        skip_space(p);
        if (peek(p) != '\0')
            return FAIL(p, "unexpected %s at the end of the line", found(p, buf, sizeof buf));
    }
    if (!have_header)
        return tgx_diag_set(p->diag, TGX_ERR_PARSE, p->filename, 1, 1,
                            "empty shader: expected the processor (VERT, FRAG, ...)");
    return TGX_OK;
}

/* Does text[a..b) hold exactly one word, a processor name (blanks and a '\r' around it)? */
static bool is_header_line(const char *text, size_t a, size_t b)
{
    b = content_end(text, a, b);
    while (a < b && (text[a] == ' ' || text[a] == '\t'))
        a++;
    while (b > a && (text[b - 1] == ' ' || text[b - 1] == '\t' || text[b - 1] == '\r'))
        b--;
    for (unsigned p = 0; p < TGX_TGSI_PROC_COUNT; p++) {
        const char *n = tgx_tgsi_processor_name(p);
        size_t k = strlen(n);
        if (b - a != k)
            continue;
        size_t i = 0;
        while (i < k && upper(text[a + i]) == n[i])
            i++;
        if (i == k)
            return true;
    }
    return false;
}

static bool is_blank_line(const char *text, size_t a, size_t b)
{
    for (b = content_end(text, a, b); a < b; a++)
        if (text[a] != ' ' && text[a] != '\t' && text[a] != '\r')
            return false;
    return true;
}

/* Shrinks *items to n elements (kept as they are when realloc cannot). */
static void trim_items(void **items, size_t n, size_t elem)
{
    if (*items && n) {
        void *smaller = realloc(*items, n * elem);
        if (smaller)
            *items = smaller;
    }
}

size_t tgx_tgsi_shader_extent(const char *text, size_t len)
{
    bool seen_first = false;
    size_t a = 0;
    if (!text)
        return 0;
    while (a < len) {
        const char *nl = memchr(text + a, '\n', len - a);
        size_t b = nl ? (size_t)(nl - text) : len;
        if (seen_first && is_header_line(text, a, b))
            return a;
        if (!is_blank_line(text, a, b))
            seen_first = true;
        a = nl ? b + 1 : len;
    }
    return len;
}

tgx_status tgx_tgsi_parse(const char *text, size_t len, const char *filename, tgx_tgsi_shader **out,
                          tgx_diag *d)
{
    if (!out || (!text && len))
        return tgx_diag_set(d, TGX_ERR_ARG, filename, 0, 0, "tgx_tgsi_parse: no text or output");
    *out = NULL;
    if (d)
        tgx_diag_clear(d);
    parser p = {.text = text, .len = len, .filename = filename, .diag = d};
    const char *nul = len ? memchr(text, '\0', len) : NULL;
    if (nul) {
        /* Report the NUL at its line and column. */
        size_t at = (size_t)(nul - text);
        size_t start = 0;
        while (next_line(&p, start) && line_after(&p) <= at)
            start = line_after(&p);
        return fail_at(&p, at, "NUL byte in the text");
    }
    p.sh = calloc(1, sizeof *p.sh);
    if (p.sh)
        p.sh->storage = calloc(1, sizeof *p.sh->storage);
    if (!p.sh || !p.sh->storage) {
        tgx_tgsi_free(p.sh);
        return tgx_diag_set(d, TGX_ERR_NOMEM, filename, 0, 0, "out of memory");
    }
    tgx_status st = parse_lines(&p);
    if (st != TGX_OK) {
        tgx_tgsi_free(p.sh);
        return st;
    }
    /* The arrays grew by doubling: give back what they did not fill. */
    trim_items((void **)&p.sh->insts, p.sh->num_insts, sizeof *p.sh->insts);
    trim_items((void **)&p.sh->tokens, p.sh->num_tokens, sizeof *p.sh->tokens);
    *out = p.sh;
    return TGX_OK;
}

void tgx_tgsi_free(tgx_tgsi_shader *s)
{
    if (!s)
        return;
    free(s->decls);
    free(s->imms);
    free(s->props);
    free(s->insts);
    free(s->tokens);
    storage_free(s->storage);
    free(s);
}
