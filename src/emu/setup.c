/* `tgx emu` setup files: the statements (emu_setup.h; the format is in docs/sm5-emu.md; the
 * expressions and values are emu_expr.c's).
 *
 * One statement a line, `#` starts a comment:
 *   R4 = (x + 0.5) / 8        register of every thread: an expression of the thread (fp32)
 *   R6 = u32 3 << 20 | 3      ... as a 32-bit integer (u32, i32) or fp32 (f32, the default)
 *   R6 = 0x3f800000           a lone 0xHEX is the word's bits; 7u and -7i are integers
 *   R4[3] = 1.5               one thread
 *   P0 = i % 2 == 0           a predicate (non-zero is true)
 *   c[0x0][0x148] = 0x300003  constant bank word at a byte address (a multiple of 4)
 *   bind 0x52 = 3, 5          word 0x52 of the texture bank = sampler 5 << 20 | header 3
 *   header 3 = SPEC           a texture as tgx run --tex makes it (FILE.png beside the setup,
 *                             GEN[@OPTS], @OPTS, raw:FILE@OPTS, hex:DIGITS@OPTS)
 *   view 3 = levels=1:3,...   the header's view (tgx_tex_view_parse keys)
 *   unmapped 3                header 3 is a sparse texture with no page mapped
 *   sampler 5 = filter=linear sampler state (tgx_sampler_parse keys)
 *   header_max N, sampler_max N, texbank N, binding via_header|separate,
 *   active MASK, helpers MASK, stage fragment|compute, profile exact|nv
 * Indices are decimal or 0x hex and range-checked; a setup's textures hold at most
 * EMU_SETUP_TEXTURE_BUDGET bytes. The first error stops the setup with file:line:col. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu/setup.h"
#include "emu/setup_expr.h"
#include "tgx/io.h"
#include "tgx/util.h"

static tgx_status setup_new(tgx_sm5_emu *emu, tgx_sm5_kernel *k, tgx_sm5_emu_setup **out,
                            tgx_diag *d)
{
    if (!out || (!emu && !k))
        return tgx_diag_set(d, TGX_ERR_ARG, NULL, 0, 0, "a setup needs a warp or a kernel");
    emu_setup *s = calloc(1, sizeof *s);
    if (!s)
        return tgx_diag_set(d, TGX_ERR_NOMEM, NULL, 0, 0, "out of memory");
    s->emu = emu;
    s->kernel = k;
    s->tex_budget = EMU_SETUP_TEXTURE_BUDGET;
    s->launch = (tgx_sm5_launch){{1, 1, 1}, {32, 1, 1}, 0, 0};
    *out = s;
    return TGX_OK;
}

tgx_status tgx_sm5_emu_setup_create(tgx_sm5_emu *emu, tgx_sm5_emu_setup **out, tgx_diag *d)
{
    return setup_new(emu, NULL, out, d);
}

tgx_status tgx_sm5_emu_setup_create_kernel(tgx_sm5_kernel *k, tgx_sm5_emu_setup **out, tgx_diag *d)
{
    return setup_new(NULL, k, out, d);
}

void tgx_sm5_emu_setup_destroy(tgx_sm5_emu_setup *s)
{
    if (!s)
        return;
    for (size_t i = 0; i < s->ntex; i++)
        tgx_tex_destroy(s->tex[i]);
    free(s->tex);
    free(s->buffers);
    free(s);
}

void tgx_sm5_emu_setup_set_texture_budget(tgx_sm5_emu_setup *s, uint64_t bytes)
{
    s->tex_budget = bytes;
}

bool tgx_sm5_emu_setup_profile(const tgx_sm5_emu_setup *s, tgx_tex_profile *p)
{
    if (s->profile_set && p)
        *p = s->profile;
    return s->profile_set;
}

void tgx_sm5_emu_setup_launch(const tgx_sm5_emu_setup *s, tgx_sm5_launch *out)
{
    *out = s->launch;
}

size_t tgx_sm5_emu_setup_buffer_count(const tgx_sm5_emu_setup *s)
{
    return s->nbuffers;
}

const tgx_sm5_emu_buffer *tgx_sm5_emu_setup_buffer(const tgx_sm5_emu_setup *s, size_t i)
{
    return i < s->nbuffers ? &s->buffers[i] : NULL;
}

bool emu_setup_keep(emu_setup *s, tgx_tex *t)
{
    if (s->ntex == s->captex) {
        size_t cap = s->captex ? 2 * s->captex : 8;
        tgx_tex **p = realloc(s->tex, cap * sizeof *p);
        if (!p)
            return false;
        s->tex = p;
        s->captex = cap;
    }
    s->tex[s->ntex++] = t;
    return true;
}

/* ---- statements ------------------------------------------------------------------------------ */

/* A whole number (decimal, or hex after 0x) no larger than max; `what` names it in messages. */
static tgx_status read_uint(emu_scan *sc, uint32_t max, const char *what, uint32_t *out)
{
    emu_skip_space(sc);
    const char *at = sc->p;
    char *end;
    char seen[48];
    if (!isdigit((unsigned char)*at))
        return emu_fail_at(sc, at, "expected %s (a number), found %s", what,
                           emu_found(at, seen, sizeof seen));
    bool hex = at[0] == '0' && (at[1] == 'x' || at[1] == 'X');
    if (hex && !isxdigit((unsigned char)at[2]))
        return emu_fail_at(sc, at, "expected hex digits after '0x'");
    errno = 0;
    unsigned long long v = strtoull(at, &end, hex ? 16 : 10); /* no octal: 010 is ten */
    if (errno == ERANGE || v > max)
        return emu_fail_at(sc, at, "%s %.*s is out of range (0 to %u)", what, (int)(end - at), at,
                           max);
    sc->p = end;
    *out = (uint32_t)v;
    return TGX_OK;
}

static tgx_status expect_end(emu_scan *sc)
{
    emu_skip_space(sc);
    char seen[48];
    return *sc->p ? emu_fail_at(sc, sc->p, "unexpected %s at the end of the statement",
                                emu_found(sc->p, seen, sizeof seen))
                  : TGX_OK;
}

static tgx_status expect_eq(emu_scan *sc)
{
    char seen[48];
    emu_skip_space(sc);
    return emu_take(sc, "=") ? TGX_OK
                             : emu_fail_at(sc, sc->p, "expected '=', found %s",
                                           emu_found(sc->p, seen, sizeof seen));
}

/* "[N]" after a register or predicate name: one thread; none: every thread. */
static tgx_status thread_range(emu_scan *sc, unsigned *first, unsigned *last)
{
    *first = 0;
    *last = TGX_SM5_EMU_THREADS - 1;
    if (!emu_take(sc, "["))
        return TGX_OK;
    uint32_t t;
    tgx_status st = read_uint(sc, TGX_SM5_EMU_THREADS - 1, "thread", &t);
    if (st < 0)
        return st;
    if (!emu_take(sc, "]"))
        return emu_fail_at(sc, sc->p, "expected ']'");
    *first = *last = t;
    return TGX_OK;
}

/* "= VALUE" of a register or bank word: the type and, for a lone literal, its bits. */
static tgx_status value_head(emu_scan *sc, emu_value_type *k, uint32_t *literal)
{
    tgx_status st = expect_eq(sc);
    if (st < 0)
        return st;
    *k = emu_value_kind(sc, literal, &st);
    emu_skip_space(sc);
    if (st == TGX_OK && !*sc->p)
        st = emu_fail_at(sc, sc->p, "expected a value");
    return st;
}

static tgx_status stmt_reg(emu_setup *s, emu_scan *sc, unsigned reg)
{
    unsigned first, last;
    emu_value_type k = EMU_V_F32;
    uint32_t literal = 0, w[TGX_SM5_EMU_THREADS];
    tgx_status st = thread_range(sc, &first, &last);
    if (st == TGX_OK)
        st = value_head(sc, &k, &literal);
    for (unsigned t = first; t <= last && st == TGX_OK; t++)
        st = emu_value_for(sc, k, literal, t, &w[t]);
    if (st < 0)
        return st; /* nothing set: a statement applies whole or not at all */
    for (unsigned t = first; t <= last; t++)
        tgx_sm5_emu_set_reg(s->emu, t, reg, w[t]);
    s->reg_set[reg] = true;
    return TGX_OK;
}

static tgx_status stmt_pred(emu_setup *s, emu_scan *sc, unsigned pred)
{
    unsigned first, last;
    bool v[TGX_SM5_EMU_THREADS];
    tgx_status st = thread_range(sc, &first, &last);
    if (st == TGX_OK)
        st = expect_eq(sc);
    for (unsigned t = first; t <= last && st == TGX_OK; t++) {
        double x = 0.0;
        st = emu_eval(sc, t, &x, NULL);
        v[t] = x != 0.0;
    }
    for (unsigned t = first; t <= last && st == TGX_OK; t++)
        tgx_sm5_emu_set_pred(s->emu, t, pred, v[t]);
    return st;
}

/* c[BANK][BYTE] = value */
static tgx_status stmt_cbank(emu_setup *s, emu_scan *sc)
{
    uint32_t bank, addr, literal = 0, word = 0;
    const char *at;
    emu_value_type k = EMU_V_F32;
    tgx_status st = read_uint(sc, TGX_SM5_EMU_BANKS - 1, "bank", &bank);
    if (st == TGX_OK && !emu_take(sc, "]["))
        st = emu_fail_at(sc, sc->p, "expected '][' between the bank and the address");
    emu_skip_space(sc);
    at = sc->p;
    if (st == TGX_OK)
        st = read_uint(sc, TGX_SM5_EMU_BANK_WORDS * 4 - 4, "byte address", &addr);
    if (st == TGX_OK && addr % 4)
        st = emu_fail_at(sc, at, "byte address 0x%x is not a multiple of 4 (banks hold words)",
                         addr);
    if (st == TGX_OK && !emu_take(sc, "]"))
        st = emu_fail_at(sc, sc->p, "expected ']'");
    if (st == TGX_OK)
        st = value_head(sc, &k, &literal);
    if (st == TGX_OK)
        st = emu_value_for(sc, k, literal, EMU_WARP_WIDE, &word);
    return st < 0 ? st : tgx_sm5_emu_set_cbank(s->emu, bank, addr / 4, word, sc->d);
}

/* bind WORD = HEADER [, SAMPLER] */
static tgx_status stmt_bind(emu_setup *s, emu_scan *sc, unsigned bank)
{
    uint32_t word, header, sampler;
    tgx_status st = read_uint(sc, 0x1fff, "texture index (#tsPtrIdxU13)", &word);
    if (st == TGX_OK)
        st = expect_eq(sc);
    if (st == TGX_OK)
        st = read_uint(sc, TGX_SM5_EMU_MAX_HEADER, "header index", &header);
    if (st < 0)
        return st;
    sampler = header & TGX_SM5_EMU_MAX_SAMPLER;
    if (emu_take(sc, ",") &&
        (st = read_uint(sc, TGX_SM5_EMU_MAX_SAMPLER, "sampler index", &sampler)) < 0)
        return st;
    if ((st = expect_end(sc)) < 0)
        return st;
    return tgx_sm5_emu_set_cbank(s->emu, bank, word, sampler << 20 | header, sc->d);
}

/* The rest of the line, trimmed; fails when empty. */
static tgx_status rest_text(emu_scan *sc, const char *what, char *buf, size_t size)
{
    emu_skip_space(sc);
    size_t n = strlen(sc->p);
    while (n && (sc->p[n - 1] == ' ' || sc->p[n - 1] == '\t'))
        n--;
    if (!n)
        return emu_fail_at(sc, sc->p, "expected %s", what);
    if (n >= size)
        return emu_fail_at(sc, sc->p, "%s is too long", what);
    memcpy(buf, sc->p, n);
    buf[n] = 0;
    return TGX_OK;
}

/* "= TEXT" to the end of the line: TEXT trimmed into buf, *at where it starts. */
static tgx_status eq_text(emu_scan *sc, const char *what, char *buf, size_t size, const char **at)
{
    tgx_status st = expect_eq(sc);
    emu_skip_space(sc);
    *at = sc->p;
    return st < 0 ? st : rest_text(sc, what, buf, size);
}

/* Re-raises a library diagnostic at the statement's value. */
static tgx_status fail_value(emu_scan *sc, const char *at, const char *what, const tgx_diag *inner)
{
    return emu_fail_at(sc, at, "%s: %s", what, inner->message);
}

/* A texture file named in the setup: relative names are found beside the setup file (a setup
 * and its images travel together), absolute ones and those of a setup on stdin as written. */
static bool beside_setup(const emu_scan *sc, const char *name, size_t len, char *buf, size_t size)
{
    const char *slash = sc->file ? strrchr(sc->file, '/') : NULL;
    if (!slash || name[0] == '/' || (len == 1 && name[0] == '-'))
        return snprintf(buf, size, "%.*s", (int)len, name) < (int)size;
    return snprintf(buf, size, "%.*s/%.*s", (int)(slash - sc->file), sc->file, (int)len, name) <
           (int)size;
}

/* The bytes a texture of desc holds, every level, sample and 4x4 block counted as the texture
 * unit stores them (0 for a format it does not know: building it fails with the reason). */
static uint64_t texture_bytes(const tgx_tex_desc *desc)
{
    const tgx_tex_format_info *fi = tgx_tex_format_get(desc->format);
    uint64_t total = 0;
    for (uint32_t l = 0; fi && l < desc->levels && l < 32; l++) {
        uint64_t w = desc->width >> l ? desc->width >> l : 1;
        uint64_t h = desc->height >> l ? desc->height >> l : 1;
        uint64_t z = desc->target != TGX_TEX_3D ? desc->depth
                     : desc->depth >> l         ? desc->depth >> l
                                                : 1;
        total += (w + fi->block - 1) / fi->block * ((h + fi->block - 1) / fi->block) * z *
                 desc->samples * fi->bytes;
    }
    return total;
}

/* Counts a texture against the setup's budget (docs/sm5-emu.md): a setup cannot make tgx fill
 * gigabytes of texels, which takes minutes, for a warp of 32 threads. */
static tgx_status spend(emu_setup *s, emu_scan *sc, const char *at, const tgx_tex_desc *desc)
{
    uint64_t bytes = texture_bytes(desc);
    if (s->tex_bytes <= s->tex_budget && bytes <= s->tex_budget - s->tex_bytes) {
        s->tex_bytes += bytes;
        return TGX_OK;
    }
    return emu_fail_at(sc, at,
                       "texture: a %ux%ux%u %s texture of %u levels (%llu bytes) would take the "
                       "setup's textures past %u MiB",
                       desc->width, desc->height, desc->depth,
                       tgx_tex_format_get(desc->format)->name, desc->levels,
                       (unsigned long long)bytes, (unsigned)(s->tex_budget >> 20));
}

static tgx_status stmt_header(emu_setup *s, emu_scan *sc)
{
    uint32_t index = 0; /* set by read_uint; gcc 12 -O2 cannot see it through the status */
    char spec[512], path[1024];
    const char *at = sc->p;
    tgx_status st = read_uint(sc, TGX_SM5_EMU_MAX_HEADER, "header index", &index);
    if (st == TGX_OK)
        st = eq_text(sc, "a texture (FILE.png, GEN[@OPTS] or @OPTS)", spec, sizeof spec, &at);
    if (st < 0)
        return st;
    tgx_tex *tex = NULL;
    tgx_tex_source src;
    tgx_diag inner;
    tgx_diag_clear(&inner);
    bool file = false;
    if ((st = tgx_tex_source_parse(spec, &src, &inner)) == TGX_OK) {
        const char *name = src.png ? src.png : src.data_hex ? NULL : src.data;
        size_t len = src.png ? strlen(src.png) : src.data_len;
        if (name && !beside_setup(sc, name, len, path, sizeof path))
            return emu_fail_at(sc, at, "texture: the file name is too long");
        if (name && src.png)
            src.png = path;
        else if (name)
            src.data = path, src.data_len = strlen(path);
        file = name != NULL;
        /* a PNG's size is in its header: measured before a pixel is decoded */
        tgx_tex_desc desc;
        st = tgx_tex_source_desc(&src, &desc, &inner);
        if (st == TGX_OK && (st = spend(s, sc, at, &desc)) < 0)
            return st;
        if (st == TGX_OK)
            st = tgx_tex_source_build(&src, &tex, &inner);
    }
    if (st < 0)
        return file && inner.file[0]
                   ? emu_fail_at(sc, at, "texture %s: %s", inner.file, inner.message)
                   : fail_value(sc, at, "texture", &inner);
    if (!emu_setup_keep(s, tex)) {
        tgx_tex_destroy(tex);
        return tgx_diag_set(sc->d, TGX_ERR_NOMEM, sc->file, sc->lineno, 1, "out of memory");
    }
    tgx_sm5_emu_header h;
    tgx_sm5_emu_header_init(&h, tex);
    return tgx_sm5_emu_set_header(s->emu, index, &h, sc->d);
}

/* A header already set, for view / unmapped. */
static tgx_status existing_header(emu_setup *s, emu_scan *sc, uint32_t *index,
                                  tgx_sm5_emu_header *h)
{
    emu_skip_space(sc);
    const char *at = sc->p;
    tgx_status st = read_uint(sc, TGX_SM5_EMU_MAX_HEADER, "header index", index);
    if (st < 0)
        return st;
    const tgx_sm5_emu_header *cur = tgx_sm5_emu_header_at(s->emu, *index);
    if (!cur)
        return emu_fail_at(sc, at, "header %u is not set (give 'header %u = ...' first)", *index,
                           *index);
    *h = *cur;
    return TGX_OK;
}

static tgx_status stmt_view(emu_setup *s, emu_scan *sc)
{
    uint32_t index = 0;
    tgx_sm5_emu_header h;
    char text[256];
    const char *at = sc->p;
    tgx_status st = existing_header(s, sc, &index, &h);
    if (st == TGX_OK)
        st = eq_text(sc, "view options (target=, format=, swizzle=, levels=, layers=)", text,
                     sizeof text, &at);
    if (st < 0)
        return st;
    tgx_diag inner;
    if (tgx_tex_view_parse(&h.view, text, &inner) < 0)
        return fail_value(sc, at, "view", &inner);
    return tgx_sm5_emu_set_header(s->emu, index, &h, sc->d);
}

static tgx_status stmt_unmapped(emu_setup *s, emu_scan *sc)
{
    uint32_t index = 0;
    tgx_sm5_emu_header h;
    tgx_status st = existing_header(s, sc, &index, &h);
    if (st == TGX_OK)
        st = expect_end(sc);
    if (st < 0)
        return st;
    h.unmapped = true;
    return tgx_sm5_emu_set_header(s->emu, index, &h, sc->d);
}

static tgx_status stmt_sampler(emu_setup *s, emu_scan *sc)
{
    uint32_t index = 0;
    char text[512];
    const char *at = sc->p;
    tgx_status st = read_uint(sc, TGX_SM5_EMU_MAX_SAMPLER, "sampler index", &index);
    if (st == TGX_OK)
        st = eq_text(sc, "sampler states (key=value,...)", text, sizeof text, &at);
    if (st < 0)
        return st;
    tgx_sampler smp;
    tgx_sampler_init(&smp);
    tgx_diag inner;
    if (tgx_sampler_parse(&smp, text, &inner) < 0)
        return fail_value(sc, at, "sampler", &inner);
    return tgx_sm5_emu_set_sampler(s->emu, index, &smp, sc->d);
}

/* A statement "NAME WORD" whose WORD is one of two choices; *second says which. */
static tgx_status choice(emu_scan *sc, const char *a, const char *b, bool *second)
{
    emu_skip_space(sc);
    const char *at = sc->p;
    size_t n = emu_word_len(at);
    if (n == strlen(a) && !strncmp(at, a, n))
        *second = false;
    else if (n == strlen(b) && !strncmp(at, b, n))
        *second = true;
    else
        return emu_fail_at(sc, at, "expected '%s' or '%s'", a, b);
    sc->p += n;
    return expect_end(sc);
}

static tgx_status stmt_mask(emu_setup *s, emu_scan *sc, bool helpers)
{
    emu_skip_space(sc);
    const char *at = sc->p;
    double v = 0.0;
    uint32_t m = 0;
    tgx_status st = emu_eval(sc, EMU_WARP_WIDE, &v, NULL);
    if (st == TGX_OK)
        st = emu_mask_word(sc, at, v, &m); /* a mask is a 32-bit word; -1 is all threads */
    if (st < 0)
        return st;
    if (helpers)
        tgx_sm5_emu_set_helpers(s->emu, m);
    else
        tgx_sm5_emu_set_active(s->emu, m);
    return TGX_OK;
}

/* Rn / Pn: the register or predicate number, or an error. */
static tgx_status reg_statement(emu_setup *s, emu_scan *sc, const char *at, size_t n)
{
    size_t digits = 1;
    while (digits < n && isdigit((unsigned char)at[digits]))
        digits++;
    unsigned long v = digits == n && n <= 4 ? strtoul(at + 1, NULL, 10) : ULONG_MAX;
    unsigned limit = at[0] == 'R' ? TGX_SM5_EMU_REGS : TGX_SM5_EMU_PREDS;
    if (v >= limit)
        return emu_fail_at(sc, at, "'%.*s' is not a register R0..R254 or predicate P0..P6",
                           (int)(n < 24 ? n : 24), at);
    return at[0] == 'R' ? stmt_reg(s, sc, (unsigned)v) : stmt_pred(s, sc, (unsigned)v);
}

/* ---- kernel statements ----------------------------------------------------------------------- */

/* grid X [Y [Z]], block X [Y [Z]]: the missing ones are 1 */
static tgx_status stmt_dims(emu_scan *sc, unsigned out[3], const uint32_t max[3], const char *what)
{
    uint32_t v[3] = {1, 1, 1};
    static const char *const axis[3] = {"x", "y", "z"};
    for (unsigned a = 0; a < 3; a++) {
        emu_skip_space(sc);
        if (a > 0 && !*sc->p)
            break;
        char name[32];
        snprintf(name, sizeof name, "%s %s", what, axis[a]);
        tgx_status st = read_uint(sc, max[a], name, &v[a]);
        if (st < 0)
            return st;
        if (v[a] == 0)
            return emu_fail_at(sc, sc->p - 1, "%s must be at least 1", name);
    }
    tgx_status st = expect_end(sc);
    if (st == TGX_OK)
        memcpy(out, v, sizeof v);
    return st;
}

static const emu_value_type elem_value[3] = {EMU_V_U32, EMU_V_I32, EMU_V_F32};
static const char *const elem_name[3] = {"u32", "i32", "f32"};

/* u32, i32 or f32 as a buffer's element type */
static tgx_status elem_type(emu_scan *sc, tgx_sm5_emu_elem *out)
{
    emu_skip_space(sc);
    const char *at = sc->p;
    size_t n = emu_word_len(at);
    for (int k = 0; k < 3; k++)
        if (n == 3 && !strncmp(at, elem_name[k], 3)) {
            sc->p += n;
            *out = (tgx_sm5_emu_elem)k;
            return TGX_OK;
        }
    char seen[48];
    return emu_fail_at(sc, at, "expected an element type (u32, i32, f32), found %s",
                       emu_found(at, seen, sizeof seen));
}

static tgx_sm5_emu_buffer *find_buffer(emu_setup *s, const char *name, size_t n)
{
    for (size_t i = 0; i < s->nbuffers; i++)
        if (strlen(s->buffers[i].name) == n && !strncmp(s->buffers[i].name, name, n))
            return &s->buffers[i];
    return NULL;
}

/* A buffer's name: letters, digits and '_', starting with a letter, up to 31 characters. */
static tgx_status buffer_name(emu_scan *sc, const char **at, size_t *n)
{
    emu_skip_space(sc);
    *at = sc->p;
    *n = emu_word_len(*at);
    char seen[48];
    if (*n == 0 || !isalpha((unsigned char)**at))
        return emu_fail_at(sc, *at, "expected a buffer's name, found %s",
                           emu_found(*at, seen, sizeof seen));
    if (*n > 31)
        return emu_fail_at(sc, *at, "a buffer's name has at most 31 characters");
    sc->p += *n;
    return TGX_OK;
}

/* buffer NAME = TYPE COUNT [EXPR]: COUNT elements, each EXPR of its index i (zeros without) */
static tgx_status stmt_buffer(emu_setup *s, emu_scan *sc)
{
    const char *name;
    size_t n;
    tgx_status st = buffer_name(sc, &name, &n);
    if (st < 0)
        return st;
    if (find_buffer(s, name, n))
        return emu_fail_at(sc, name, "buffer '%.*s' is already defined", (int)n, name);
    tgx_sm5_emu_elem type = TGX_SM5_ELEM_U32;
    uint32_t count = 0;
    if ((st = expect_eq(sc)) < 0 || (st = elem_type(sc, &type)) < 0 ||
        (st = read_uint(sc, EMU_SETUP_MAX_ELEMS, "element count", &count)) < 0)
        return st;
    emu_skip_space(sc);
    uint32_t *words = calloc(count ? count : 1, sizeof *words);
    if (!words)
        return emu_fail_at(sc, name, "out of memory for %u elements", count);
    sc->unit = "element";
    for (uint32_t i = 0; i < count && *sc->p && st == TGX_OK; i++)
        st = emu_value_for(sc, elem_value[type], 0, i, &words[i]);
    sc->unit = NULL;
    tgx_sm5_emu_buffer *b = NULL;
    if (st == TGX_OK) {
        b = realloc(s->buffers, (s->nbuffers + 1) * sizeof *b);
        if (!b)
            st = emu_fail_at(sc, name, "out of memory");
    }
    if (st == TGX_OK) {
        s->buffers = b;
        b = &s->buffers[s->nbuffers];
        memset(b, 0, sizeof *b);
        memcpy(b->name, name, n);
        b->type = type;
        b->count = count;
        b->show = !s->any_show; /* every buffer shows until a `show` names some */
        tgx_diag why;
        st = tgx_sm5_kernel_add_buffer(s->kernel, b->name, (size_t)count * 4, &b->addr, &why);
        if (st < 0)
            st = emu_fail_at(sc, name, "%s", why.message);
    }
    if (st == TGX_OK) {
        unsigned char *mem = tgx_sm5_kernel_memory(s->kernel, b->addr, (size_t)count * 4);
        for (uint32_t i = 0; mem && i < count; i++)
            for (unsigned k = 0; k < 4; k++)
                mem[4 * (size_t)i + k] = (unsigned char)(words[i] >> (8 * k));
        s->nbuffers++;
    }
    free(words);
    return st;
}

/* param N = BUFFER | u32|i32|f32 EXPR | u64|f64 EXPR | a lone literal */
static tgx_status stmt_param(emu_setup *s, emu_scan *sc)
{
    emu_skip_space(sc);
    const char *at = sc->p;
    uint32_t ord;
    tgx_status st = read_uint(sc, 1023, "parameter", &ord);
    if (st < 0)
        return st;
    const tgx_sm5_kernel_param *p = tgx_sm5_kernel_param_at(s->kernel, ord);
    if (!p)
        return emu_fail_at(sc, at, "the kernel has no parameter %u (it has %zu)", ord,
                           tgx_sm5_kernel_param_count(s->kernel));
    if ((st = expect_eq(sc)) < 0)
        return st;
    emu_skip_space(sc);
    const char *vat = sc->p;
    size_t n = emu_word_len(vat);
    unsigned char bytes[8];
    size_t size;
    tgx_sm5_emu_buffer *b = n ? find_buffer(s, vat, n) : NULL;
    if (b) {
        sc->p += n;
        if ((st = expect_end(sc)) < 0)
            return st;
        for (unsigned k = 0; k < 8; k++)
            bytes[k] = (unsigned char)(b->addr >> (8 * k));
        size = 8;
    } else if ((n == 3 && (!strncmp(vat, "u64", 3) || !strncmp(vat, "f64", 3)))) {
        sc->p += 3;
        double v;
        emu_skip_space(sc);
        const char *eat = sc->p;
        if ((st = emu_eval(sc, EMU_WARP_WIDE, &v, NULL)) < 0)
            return st;
        uint64_t u;
        if (vat[0] == 'f') {
            memcpy(&u, &v, 8);
        } else {
            if (v != v || v < 0 || v != (double)(uint64_t)v || v > 9007199254740992.0)
                return emu_fail_at(sc, eat, "%.17g is not a whole number from 0 to 2^53", v);
            u = (uint64_t)v;
        }
        for (unsigned k = 0; k < 8; k++)
            bytes[k] = (unsigned char)(u >> (8 * k));
        size = 8;
    } else {
        if (n && isalpha((unsigned char)*vat) && strncmp(vat, "u32", 3) && strncmp(vat, "i32", 3) &&
            strncmp(vat, "f32", 3) && n > 1)
            return emu_fail_at(sc, vat, "'%.*s' is not a buffer (define it with 'buffer' first)",
                               (int)(n < 24 ? n : 24), vat);
        uint32_t literal = 0, word;
        emu_value_type k = emu_value_kind(sc, &literal, &st);
        if (st < 0 || (st = emu_value_for(sc, k, literal, EMU_WARP_WIDE, &word)) < 0)
            return st;
        for (unsigned i = 0; i < 4; i++)
            bytes[i] = (unsigned char)(word >> (8 * i));
        size = 4;
    }
    if (size != p->size)
        return emu_fail_at(sc, vat, "parameter %u has %u bytes; this value has %zu%s", ord, p->size,
                           size, size == 4 ? " (u64, f64 or a buffer give 8)" : "");
    tgx_diag why;
    if (tgx_sm5_kernel_set_param(s->kernel, ord, bytes, size, &why) < 0)
        return emu_fail_at(sc, at, "%s", why.message);
    return TGX_OK;
}

/* show NAME...: the buffers to print after the run */
static tgx_status stmt_show(emu_setup *s, emu_scan *sc)
{
    tgx_sm5_emu_buffer *marks[64];
    size_t nm = 0;
    do {
        const char *name;
        size_t n;
        tgx_status st = buffer_name(sc, &name, &n);
        if (st < 0)
            return st;
        tgx_sm5_emu_buffer *b = find_buffer(s, name, n);
        if (!b)
            return emu_fail_at(sc, name, "no buffer '%.*s'", (int)n, name);
        if (nm < 64)
            marks[nm++] = b;
        emu_skip_space(sc);
    } while (*sc->p);
    if (!s->any_show)
        for (size_t i = 0; i < s->nbuffers; i++)
            s->buffers[i].show = false;
    for (size_t i = 0; i < nm; i++)
        marks[i]->show = true;
    s->any_show = true;
    return TGX_OK;
}

static tgx_status kernel_statement(emu_setup *s, emu_scan *sc, const char *kw, const char *at)
{
    static const uint32_t grid_max[3] = {0x7fffffffu, 65535, 65535};
    static const uint32_t block_max[3] = {1024, 1024, 64};
    uint32_t num;
    tgx_status st;
    if (!strcmp(kw, "buffer"))
        return stmt_buffer(s, sc);
    if (!strcmp(kw, "param"))
        return stmt_param(s, sc);
    if (!strcmp(kw, "show"))
        return stmt_show(s, sc);
    if (!strcmp(kw, "grid"))
        return stmt_dims(sc, s->launch.grid, grid_max, "grid");
    if (!strcmp(kw, "block")) {
        unsigned b[3];
        if ((st = stmt_dims(sc, b, block_max, "block")) < 0)
            return st;
        if ((uint64_t)b[0] * b[1] * b[2] > 1024)
            return emu_fail_at(sc, at, "a block has at most 1024 threads (this one %llu)",
                               (unsigned long long)b[0] * b[1] * b[2]);
        memcpy(s->launch.block, b, sizeof b);
        return TGX_OK;
    }
    if (!strcmp(kw, "shared") || !strcmp(kw, "budget")) {
        bool sh = kw[0] == 's';
        st = read_uint(sc, sh ? 48u * 1024u : 0xffffffffu, sh ? "bytes" : "instructions", &num);
        if (st == TGX_OK && (st = expect_end(sc)) == TGX_OK) {
            if (sh)
                s->launch.dynamic_shared = num;
            else
                s->launch.budget = num;
        }
        return st;
    }
    return emu_fail_at(sc, at,
                       "unknown statement '%s' for a kernel (buffer, param, grid, block, shared, "
                       "budget, show)",
                       kw);
}

static tgx_status statement(emu_setup *s, emu_scan *sc)
{
    emu_skip_space(sc);
    const char *at = sc->p;
    size_t n = emu_word_len(at);
    char kw[24] = {0}, seen[48];
    memcpy(kw, at, n < sizeof kw - 1 ? n : sizeof kw - 1);
    sc->p += n;
    uint32_t num;
    bool second;
    tgx_status st;
    if (n == 0 || (unsigned char)at[n] >= 0x80)
        return emu_fail_at(sc, at + n, "expected a statement, found %s",
                           emu_found(at + n, seen, sizeof seen));
    if (s->kernel)
        return kernel_statement(s, sc, kw, at);
    if (!strcmp(kw, "buffer") || !strcmp(kw, "param") || !strcmp(kw, "grid") ||
        !strcmp(kw, "block") || !strcmp(kw, "shared") || !strcmp(kw, "budget") ||
        !strcmp(kw, "show"))
        return emu_fail_at(sc, at,
                           "'%s' sets up a kernel launch (tgx emu --kernel); this setup "
                           "fills one warp",
                           kw);
    if ((kw[0] == 'R' || kw[0] == 'P') && isdigit((unsigned char)kw[1]))
        return reg_statement(s, sc, at, n);
    if (!strcmp(kw, "RZ") || !strcmp(kw, "PT"))
        return emu_fail_at(sc, at, "%s always reads %s; it cannot be set", kw,
                           kw[0] == 'R' ? "0" : "true");
    if (!strcmp(kw, "c") && emu_take(sc, "["))
        return stmt_cbank(s, sc);
    if (!strcmp(kw, "bind"))
        return stmt_bind(s, sc, s->tex_bank);
    if (!strcmp(kw, "header"))
        return stmt_header(s, sc);
    if (!strcmp(kw, "view"))
        return stmt_view(s, sc);
    if (!strcmp(kw, "unmapped"))
        return stmt_unmapped(s, sc);
    if (!strcmp(kw, "sampler"))
        return stmt_sampler(s, sc);
    if (!strcmp(kw, "active") || !strcmp(kw, "helpers"))
        return stmt_mask(s, sc, kw[0] == 'h');
    if (!strcmp(kw, "header_max") || !strcmp(kw, "sampler_max")) {
        bool h = kw[0] == 'h';
        st = read_uint(sc, h ? TGX_SM5_EMU_MAX_HEADER : TGX_SM5_EMU_MAX_SAMPLER, "index", &num);
        if (st == TGX_OK && (st = expect_end(sc)) == TGX_OK) {
            if (h)
                tgx_sm5_emu_set_header_max(s->emu, num);
            else
                tgx_sm5_emu_set_sampler_max(s->emu, num);
        }
        return st;
    }
    if (!strcmp(kw, "texbank")) {
        st = read_uint(sc, TGX_SM5_EMU_BANKS - 1, "bank", &num);
        if (st == TGX_OK && (st = expect_end(sc)) == TGX_OK) {
            s->tex_bank = num;
            st = tgx_sm5_emu_set_tex_bank(s->emu, num, sc->d);
        }
        return st;
    }
    if (!strcmp(kw, "binding")) {
        if ((st = choice(sc, "separate", "via_header", &second)) == TGX_OK)
            tgx_sm5_emu_set_via_header_binding(s->emu, second);
        return st;
    }
    if (!strcmp(kw, "stage")) {
        if ((st = choice(sc, "fragment", "compute", &second)) == TGX_OK)
            tgx_sm5_emu_set_quads(s->emu, !second);
        return st;
    }
    if (!strcmp(kw, "profile")) {
        if ((st = choice(sc, "exact", "nv", &second)) == TGX_OK) {
            s->profile_set = true;
            s->profile = second ? TGX_TEX_PROFILE_NV : TGX_TEX_PROFILE_EXACT;
        }
        return st;
    }
    return emu_fail_at(
        sc, at,
        "unknown statement '%.*s' (Rn, Pn, c[B][A], bind, header, view, unmapped, "
        "sampler, header_max, sampler_max, texbank, binding, active, helpers, stage, "
        "profile)",
        (int)(n < 24 ? n : 24), at);
}

/* The line and column of byte `at` of text, for a NUL byte (which would end the lines early). */
static void position_of(const char *text, size_t at, unsigned *line, unsigned *col)
{
    *line = 1, *col = 1;
    for (size_t k = 0; k < at; k++) {
        if (text[k] == '\n')
            ++*line, *col = 1;
        else
            ++*col;
    }
}

tgx_status tgx_sm5_emu_setup_parse(tgx_sm5_emu_setup *s, const char *text, size_t size,
                                   const char *file, tgx_diag *d)
{
    char line[1024];
    unsigned lineno = 0, col;
    const char *nul = memchr(text, 0, size);
    if (nul) {
        position_of(text, (size_t)(nul - text), &lineno, &col);
        return tgx_diag_set(d, TGX_ERR_PARSE, file, lineno, col, "NUL byte in the setup");
    }
    const char *p = text;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t n = eol ? (size_t)(eol - p) : strlen(p);
        const char *next = eol ? eol + 1 : p + n; /* before n loses a '\r' */
        lineno++;
        if (n >= sizeof line)
            return tgx_diag_set(d, TGX_ERR_PARSE, file, lineno, (unsigned)sizeof line,
                                "line is longer than %zu characters", sizeof line - 1);
        memcpy(line, p, n);
        line[n] = 0;
        if (n && line[n - 1] == '\r')
            line[--n] = 0;
        char *hash = strchr(line, '#');
        if (hash)
            *hash = 0;
        emu_scan sc = {line, line, file, lineno, d, NULL};
        emu_skip_space(&sc);
        if (*sc.p) {
            tgx_status st = statement(s, &sc);
            if (st < 0) {
                if (d && d->line == 0) { /* a library message without a position */
                    d->line = lineno;
                    d->column = 1;
                    tgx_diag_set_file(d, file);
                }
                return st;
            }
        }
        p = next;
    }
    return TGX_OK;
}

void tgx_sm5_emu_setup_apply_profile(tgx_sm5_emu_setup *s, tgx_tex_profile p)
{
    if (!s->emu)
        return;
    for (uint32_t i = 0; i <= TGX_SM5_EMU_MAX_SAMPLER; i++) {
        const tgx_sampler *cur = tgx_sm5_emu_sampler_at(s->emu, i);
        if (!cur)
            continue;
        tgx_sampler copy = *cur;
        copy.profile = p;
        tgx_sm5_emu_set_sampler(s->emu, i, &copy, NULL);
    }
}
