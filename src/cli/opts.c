/* The shared command-line parser of the tgx verbs, their --help text and their man pages, all
 * read from one tgx_cli_spec table per verb (opts.h). */
#include "cli/opts.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"

#define HELP_WIDTH 79 /* columns of --help */
#define HELP_COL   22 /* where option help starts, unless the option is wider */

static const tgx_cli_opt help_opt = {0, "--help", NULL, "print this help and exit"};
static const tgx_cli_opt version_opt = {0, "--version", NULL, "print tgx's version and exit"};

/* The message quotes the command line, which may hold anything: shown as tgx_diag_set shows
 * input (an ESC byte as \x1b), never raw on the terminal. */
int tgx_cli_usage_error(const tgx_cli_spec *spec, const char *fmt, ...)
{
    char raw[1024], shown[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    fprintf(stderr, "tgx%s%s: %s\n", *spec->verb ? " " : "", spec->verb,
            tgx_diag_shown(shown, sizeof shown, raw));
    return TGX_EXIT_USAGE;
}

/* ---- parsing --------------------------------------------------------------------------------- */

static const tgx_cli_opt *find_long(const tgx_cli_spec *spec, const char *name, size_t len)
{
    for (const tgx_cli_opt *o = spec->opts; o && o->name; o++)
        if (strlen(o->name) == len && strncmp(o->name, name, len) == 0)
            return o;
    return NULL;
}

static bool is_help(const char *a)
{
    return strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0;
}

static bool is_version(const char *a)
{
    return strcmp(a, "--version") == 0;
}

/* One argument that starts with '-' (not "-" or "--"): its option and value. *used_next is set
 * when the value is the next argument. Returns 0, or an exit status after a message. */
static int read_option(const tgx_cli_spec *spec, char **argv, int i, int argc,
                       const tgx_cli_opt **opt, const char **value, bool *used_next, bool quiet)
{
    const char *a = argv[i];
    const tgx_cli_opt *o;
    const char *attached = NULL; /* --opt=value, or -ovalue */
    *used_next = false;
    if (a[1] == '-') {
        const char *eq = strchr(a, '=');
        o = find_long(spec, a, eq ? (size_t)(eq - a) : strlen(a));
        attached = eq ? eq + 1 : NULL;
    } else {
        o = find_long(spec, a, 2);
        if (o && a[2])
            attached = a + 2;
        if (o && attached && !o->arg)
            o = NULL; /* -ih: one-letter flags do not cluster */
    }
    if (!o) {
        if (quiet)
            return TGX_EXIT_USAGE;
        int n = (int)strcspn(a, "=");
        return tgx_cli_usage_error(spec, "unknown option '%.*s' (try 'tgx%s%s --help')", n, a,
                                   *spec->verb ? " " : "", spec->verb);
    }
    if (!o->arg && attached) {
        return quiet ? TGX_EXIT_USAGE
                     : tgx_cli_usage_error(spec, "option '%s' takes no value (given '%s')", o->name,
                                           attached);
    }
    if (o->arg && !attached) {
        if (i + 1 >= argc)
            return quiet ? TGX_EXIT_USAGE
                         : tgx_cli_usage_error(spec, "option '%s' needs a value: %s %s", o->name,
                                               o->name, o->arg);
        attached = argv[i + 1];
        *used_next = true;
    }
    *opt = o;
    *value = attached;
    return 0;
}

static bool is_option(const char *a)
{
    return a[0] == '-' && a[1] != '\0' && strcmp(a, "--") != 0;
}

/* An argument that is (-h / --help, or --version) before "--", where it stands as an option
 * (not as another option's value). */
static bool wants(bool (*is)(const char *), const tgx_cli_spec *spec, int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) {
        if (is(argv[i]))
            return true;
        const tgx_cli_opt *o;
        const char *v;
        bool next;
        if (is_option(argv[i]) && read_option(spec, argv, i, argc, &o, &v, &next, true) == 0 &&
            next)
            i++;
    }
    return false;
}

static int check_count(const tgx_cli_spec *spec, int n, char **ops)
{
    if ((unsigned)n < spec->min_operands)
        return tgx_cli_usage_error(spec, "missing %s (try 'tgx %s --help')", spec->operand,
                                   spec->verb);
    if ((unsigned)n > spec->max_operands) {
        if (spec->max_operands == 0)
            return tgx_cli_usage_error(spec, "unexpected argument '%s' (it takes no %s)", ops[0],
                                       spec->operand);
        return tgx_cli_usage_error(spec, "unexpected argument '%s': %s takes %s %u %s",
                                   ops[spec->max_operands], spec->verb,
                                   spec->min_operands == spec->max_operands ? "exactly" : "at most",
                                   spec->max_operands, spec->operand);
    }
    return -1;
}

int tgx_cli_parse(const tgx_cli_spec *spec, int argc, char **argv, tgx_cli_handler handler,
                  void *ctx, int *first)
{
    if (wants(is_help, spec, argc, argv)) {
        tgx_cli_help(spec, stdout);
        return TGX_EXIT_OK;
    }
    if (wants(is_version, spec, argc, argv)) { /* every verb is tgx's version */
        tgx_cli_print_version();
        return TGX_EXIT_OK;
    }
    char **ops = malloc((size_t)(argc > 0 ? argc : 1) * sizeof *ops);
    if (!ops)
        return tgx_cli_usage_error(spec, "out of memory");
    int n = 0, rc = -1;
    bool only_operands = false;
    for (int i = 1; i < argc && rc < 0; i++) {
        const char *a = argv[i];
        if (only_operands || !is_option(a)) {
            if (strcmp(a, "--") == 0 && !only_operands)
                only_operands = true;
            else
                ops[n++] = argv[i];
            continue;
        }
        const tgx_cli_opt *o;
        const char *value;
        bool next;
        int r = read_option(spec, argv, i, argc, &o, &value, &next, false);
        if (r == 0)
            r = handler(ctx, o->id, value);
        if (r != 0)
            rc = r;
        i += next;
    }
    if (rc < 0)
        rc = check_count(spec, n, ops);
    if (rc < 0) {
        *first = argc - n;
        memcpy(argv + *first, ops, (size_t)n * sizeof *ops);
    }
    free(ops);
    return rc;
}

/* ---- numbers --------------------------------------------------------------------------------- */

int tgx_cli_digits(const char *text, size_t len, uint64_t *v)
{
    uint64_t x = 0;
    if (len == 0)
        return 0;
    for (size_t i = 0; i < len; i++) {
        unsigned d = (unsigned)(unsigned char)text[i] - '0';
        if (d > 9 || x > (UINT64_MAX - d) / 10)
            return 0;
        x = x * 10 + d;
    }
    *v = x;
    return 1;
}

static bool all_digits(const char *text, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (text[i] < '0' || text[i] > '9')
            return false;
    return len > 0;
}

/* One number of text[0..len) within [min, max]; what names it in messages. */
static int one_number(const tgx_cli_spec *spec, const char *opt, const char *what, const char *text,
                      size_t len, uint64_t min, uint64_t max, uint64_t *out)
{
    uint64_t v;
    if (!all_digits(text, len))
        return tgx_cli_usage_error(spec, "%s: %s'%.*s' is not a whole number (digits only)", opt,
                                   what, (int)len, text);
    if (!tgx_cli_digits(text, len, &v) || v < min || v > max)
        return tgx_cli_usage_error(spec, "%s: %s%.*s is out of range (%llu to %llu)", opt, what,
                                   (int)len, text, (unsigned long long)min,
                                   (unsigned long long)max);
    *out = v;
    return 0;
}

int tgx_cli_u64(const tgx_cli_spec *spec, const char *opt, const char *text, uint64_t min,
                uint64_t max, uint64_t *out)
{
    return one_number(spec, opt, "", text, strlen(text), min, max, out);
}

int tgx_cli_u32(const tgx_cli_spec *spec, const char *opt, const char *text, uint32_t min,
                uint32_t max, uint32_t *out)
{
    uint64_t v;
    int rc = tgx_cli_u64(spec, opt, text, min, max, &v);
    if (rc == 0)
        *out = (uint32_t)v;
    return rc;
}

int tgx_cli_u32_list(const tgx_cli_spec *spec, const char *opt, const char *text, char sep,
                     unsigned n, const char *const *names, uint32_t min, uint32_t max,
                     uint32_t *out)
{
    const char *p = text;
    for (unsigned k = 0; k < n; k++) {
        const char *end = strchr(p, sep);
        size_t len = end && k + 1 < n ? (size_t)(end - p) : strlen(p);
        if (k + 1 < n && !end)
            return tgx_cli_usage_error(spec,
                                       "%s: '%s' has %u value%s, expected %u separated by "
                                       "'%c'",
                                       opt, text, k + 1, k ? "s" : "", n, sep);
        char what[48];
        if (names)
            snprintf(what, sizeof what, "the %s ", names[k]);
        else
            snprintf(what, sizeof what, "value %u, ", k + 1);
        uint64_t v;
        int rc = one_number(spec, opt, n > 1 ? what : "", p, len, min, max, &v);
        if (rc)
            return rc;
        out[k] = (uint32_t)v;
        p += len + 1;
    }
    return 0;
}

/* ---- --help ---------------------------------------------------------------------------------- */

/* Prints words of text[0..len) filling lines from column `at` up to HELP_WIDTH, continuation
 * lines indented to `indent`. */
static void fill(FILE *out, const char *text, size_t len, int at, int indent)
{
    int col = at;
    bool first = true;
    for (size_t i = 0; i < len;) {
        while (i < len && (text[i] == ' ' || text[i] == '\n'))
            i++;
        size_t w = i;
        while (w < len && text[w] != ' ' && text[w] != '\n')
            w++;
        if (w == i)
            break;
        int wl = (int)(w - i);
        if (!first && col + 1 + wl > HELP_WIDTH) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
        } else if (!first) {
            fputc(' ', out);
            col++;
        }
        fprintf(out, "%.*s", wl, text + i);
        col += wl;
        first = false;
        i = w;
    }
    fputc('\n', out);
}

/* The next line of text from *p (without its '\n'); false at the end. */
static bool next_line(const char **p, const char **line, size_t *len)
{
    if (!**p)
        return false;
    *line = *p;
    *len = strcspn(*p, "\n");
    *p += *len + (*(*p + *len) ? 1 : 0);
    return true;
}

/* Paragraphs: runs of lines separated by blank lines, refilled; a line that starts with a space
 * is printed as it is. */
static void help_paragraphs(FILE *out, const char *text)
{
    const char *p = text, *line;
    size_t len;
    bool blank = false;
    while (next_line(&p, &line, &len)) {
        if (len == 0) {
            blank = true;
            continue;
        }
        if (blank)
            fputc('\n', out);
        blank = false;
        if (line[0] == ' ') {
            fprintf(out, "%.*s\n", (int)len, line);
            continue;
        }
        /* gather the paragraph's plain lines */
        const char *start = line;
        size_t total = len;
        const char *q = p;
        while (next_line(&q, &line, &len) && len > 0 && line[0] != ' ') {
            total = (size_t)(line + len - start);
            p = q;
        }
        fill(out, start, total, 0, 0);
    }
}

static int opt_width(const tgx_cli_opt *o)
{
    return (int)strlen(o->name) + (o->arg ? 1 + (int)strlen(o->arg) : 0);
}

static void help_option(FILE *out, const tgx_cli_opt *o, int col)
{
    char head[96];
    snprintf(head, sizeof head, "  %s%s%s", o == &help_opt ? "-h, " : "", o->name,
             o->arg ? " " : "");
    if (o->arg)
        snprintf(head + strlen(head), sizeof head - strlen(head), "%s", o->arg);
    int n = fprintf(out, "%s", head);
    if (n + 2 > col) {
        fprintf(out, "\n%*s", col, "");
    } else {
        fprintf(out, "%*s", col - n, "");
    }
    /* '\n' in an option's help is a forced line break */
    const char *p = o->help, *line;
    size_t len;
    bool first = true;
    while (next_line(&p, &line, &len)) {
        if (!first)
            fprintf(out, "%*s", col, "");
        fill(out, line, len, col, col);
        first = false;
    }
}

/* rows, then -h/--help when with_help (and --version in a verb's table: the top level lists
 * its own) */
static void help_table(FILE *out, const char *title, const tgx_cli_opt *rows, bool with_help,
                       bool with_version)
{
    int col = HELP_COL;
    for (const tgx_cli_opt *o = rows; o && o->name; o++)
        if (opt_width(o) + 4 > col && opt_width(o) + 4 <= 28)
            col = opt_width(o) + 4;
    fprintf(out, "\n%s:\n", title);
    for (const tgx_cli_opt *o = rows; o && o->name; o++)
        help_option(out, o, col);
    if (with_help)
        help_option(out, &help_opt, col);
    if (with_version)
        help_option(out, &version_opt, col);
}

static void print_synopsis(const tgx_cli_spec *spec, FILE *out)
{
    const char *p = spec->synopsis, *line;
    size_t len;
    bool first = true;
    while (next_line(&p, &line, &len)) {
        fprintf(out, "%s tgx%s%s %.*s\n", first ? "usage:" : "      ", *spec->verb ? " " : "",
                spec->verb, (int)len, line);
        first = false;
    }
}

void tgx_cli_help(const tgx_cli_spec *spec, FILE *out)
{
    print_synopsis(spec, out);
    fputc('\n', out);
    help_paragraphs(out, spec->description);
    if (spec->table)
        help_table(out, spec->table_title, spec->table, false, false);
    help_table(out, "Options", spec->opts, true, *spec->verb != '\0');
    if (spec->notes) {
        fputc('\n', out);
        help_paragraphs(out, spec->notes);
    }
    fputc('\n', out);
    char buf[1024];
    snprintf(buf, sizeof buf, "Exit status: %s", spec->exit_status);
    fill(out, buf, strlen(buf), 0, 0);
}

/* ---- man pages (man(7)) ---------------------------------------------------------------------- */

/* Text with roff's special characters escaped: backslash, minus signs (so that options stay
 * searchable and copyable), and a '.' or '\'' that would start a request at a line's start. */
static void roff_text(FILE *out, const char *s, size_t len, bool line_start)
{
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (line_start && (c == '.' || c == '\''))
            fputs("\\&", out);
        line_start = c == '\n';
        if (c == '\\')
            fputs("\\e", out);
        else if (c == '-')
            fputs("\\-", out);
        else
            fputc(c, out);
    }
}

static void roff_str(FILE *out, const char *s, bool line_start)
{
    roff_text(out, s, strlen(s), line_start);
}

static void man_paragraphs(FILE *out, const char *text)
{
    const char *p = text, *line;
    size_t len;
    bool blank = false, pre = false, any = false;
    while (next_line(&p, &line, &len)) {
        if (len == 0) {
            blank = true;
            continue;
        }
        bool is_pre = line[0] == ' ';
        if (pre && (!is_pre || blank))
            fputs(".fi\n", out), pre = false;
        if (blank && any)
            fputs(".PP\n", out);
        if (is_pre && !pre)
            fputs(".nf\n", out), pre = true;
        roff_text(out, line, len, true);
        fputc('\n', out);
        blank = false;
        any = true;
    }
    if (pre)
        fputs(".fi\n", out);
}

static void man_option(FILE *out, const tgx_cli_opt *o)
{
    /* the tag is one line: .BI alternates bold (the name) and italic (the value's name) */
    fputs(o->arg ? ".TP\n.BI \"" : ".TP\n.B ", out);
    if (o == &help_opt)
        fputs("\\-h, ", out);
    roff_str(out, o->name, false);
    if (o->arg) {
        fputs(" \" \"", out);
        roff_str(out, o->arg, false);
        fputc('"', out);
    }
    fputc('\n', out);
    const char *p = o->help, *line;
    size_t len;
    bool first = true;
    while (next_line(&p, &line, &len)) {
        if (!first)
            fputs(".br\n", out);
        roff_text(out, line, len, true);
        fputc('\n', out);
        first = false;
    }
}

void tgx_cli_man(const tgx_cli_spec *spec, const char *summary, FILE *out)
{
    char upper[32];
    size_t k = 0;
    for (const char *s = *spec->verb ? spec->verb : ""; *s && k + 1 < sizeof upper; s++)
        upper[k++] = (char)(*s >= 'a' && *s <= 'z' ? *s - 32 : *s);
    upper[k] = '\0';
    fprintf(out, ".\\\" Generated by 'tgx --man%s%s' from the text of --help; do not edit.\n",
            *spec->verb ? " " : "", spec->verb);
    fprintf(out, ".TH TGX%s%s 1 \"\" \"tgx %s\" \"tgx manual\"\n", *upper ? "\\-" : "", upper,
            TGX_VERSION);
    fputs(".SH NAME\n", out);
    fprintf(out, "tgx%s%s \\- ", *spec->verb ? "\\-" : "", spec->verb);
    roff_str(out, summary, false);
    fputs("\n.SH SYNOPSIS\n", out);
    const char *p = spec->synopsis, *line;
    size_t len;
    bool first = true;
    while (next_line(&p, &line, &len)) {
        fprintf(out, "%s.B tgx%s%s\n", first ? "" : ".br\n", *spec->verb ? " " : "", spec->verb);
        roff_text(out, line, len, true);
        fputc('\n', out);
        first = false;
    }
    fputs(".SH DESCRIPTION\n", out);
    man_paragraphs(out, spec->description);
    if (spec->table) {
        fputs(".SH ", out);
        for (const char *t = spec->table_title; *t; t++)
            fputc(*t >= 'a' && *t <= 'z' ? *t - 32 : *t, out);
        fputc('\n', out);
        for (const tgx_cli_opt *o = spec->table; o->name; o++)
            man_option(out, o);
    }
    fputs(".SH OPTIONS\n", out);
    for (const tgx_cli_opt *o = spec->opts; o && o->name; o++)
        man_option(out, o);
    man_option(out, &help_opt);
    if (*spec->verb)
        man_option(out, &version_opt);
    if (spec->notes) {
        fputs(".SH NOTES\n", out);
        man_paragraphs(out, spec->notes);
    }
    fputs(".SH EXIT STATUS\n", out);
    roff_str(out, spec->exit_status, true);
    fputs("\n.SH SEE ALSO\n", out);
    if (*spec->verb)
        fputs(".BR tgx (1)\n", out);
    else /* tgx's own page: the table holds the verbs, each with a page */
        for (const tgx_cli_opt *o = spec->table; o && o->name; o++)
            fprintf(out, ".BR tgx\\-%s (1)%s\n", o->name, o[1].name ? "," : "");
}
