/* Every Mesa 22.3 shader of the corpus (tests/data/tgsi, the Mesa corpus of docs/sources.md:
 * <case>/shader.tgsi, <case>/vertex.tgsi, _perf/<name>.tgsi and the 131 shaders of
 * _internal/softpipe-internal-shaders.tgsi, separated by blank lines) parses, and printing it
 * gives back Mesa's tgsi_dump text byte for byte; printing is idempotent. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

static int shaders_checked;

static void first_difference(const char *a, const char *b)
{
    size_t line = 1, i = 0;
    while (a[i] && a[i] == b[i]) {
        if (a[i] == '\n')
            line++;
        i++;
    }
    const char *la = a + i, *lb = b + i;
    while (la > a && la[-1] != '\n')
        la--;
    while (lb > b && lb[-1] != '\n')
        lb--;
    fprintf(stderr, "  line %zu\n  mesa: %.*s\n  tgx:  %.*s\n", line, (int)strcspn(la, "\n"), la,
            (int)strcspn(lb, "\n"), lb);
}

/* tgx_tgsi_print_instruction gives each instruction's line of the whole text (tgx lower's
 * listing prints them one at a time), its indentation carried from line to line. */
static void check_lines(const tgx_tgsi_shader *s, const char *printed)
{
    char *line = NULL;
    size_t cap = 0, len = 0, same = 0;
    int indent = 0;
    for (size_t i = 0; i < s->num_insts; i++) {
        if (tgx_tgsi_print_instruction(s, i, &indent, &line, &cap, &len) != TGX_OK)
            break;
        /* the whole text holds the line, at a line's start, with its '\n' */
        for (const char *p = strstr(printed, line); p; p = strstr(p + 1, line))
            if ((p == printed || p[-1] == '\n') && p[len] == '\n') {
                same++;
                break;
            }
    }
    TGX_CHECK(same == s->num_insts, "%zu of %zu instruction lines are the printer's", same,
              s->num_insts);
    free(line);
}

static void check_one(const char *name, const char *text, size_t len)
{
    tgx_tgsi_shader *s = NULL;
    tgx_diag d;
    tgx_status st = tgx_tgsi_parse(text, len, name, &s, &d);
    TGX_CHECK(st == TGX_OK, "%s: %s:%u:%u: %s", name, d.file, d.line, d.column, d.message);
    if (st != TGX_OK)
        return;
    char *out = NULL;
    size_t out_len = 0;
    st = tgx_tgsi_print(s, &out, &out_len);
    TGX_CHECK(st == TGX_OK, "%s: print failed", name);
    if (st == TGX_OK) {
        bool same = out_len == len && memcmp(out, text, len) == 0;
        TGX_CHECK(same, "%s: printed text differs from Mesa's", name);
        if (!same) {
            char *mesa = strndup(text, len);
            first_difference(mesa, out);
            free(mesa);
        }
        /* Idempotence: print(parse(print(parse(x)))) == print(parse(x)). */
        tgx_tgsi_shader *s2 = NULL;
        char *out2 = NULL;
        size_t len2 = 0;
        TGX_CHECK(tgx_tgsi_parse(out, out_len, name, &s2, &d) == TGX_OK &&
                      tgx_tgsi_print(s2, &out2, &len2) == TGX_OK && len2 == out_len &&
                      memcmp(out2, out, len2) == 0,
                  "%s: printing is not idempotent", name);
        free(out2);
        tgx_tgsi_free(s2);
        check_lines(s, out);
    }
    free(out);
    tgx_tgsi_free(s);
    shaders_checked++;
}

static void check_file(const char *path, bool split)
{
    char *data = NULL;
    size_t size = 0;
    tgx_diag d;
    if (tgx_read_file(path, &data, &size, &d) != TGX_OK) {
        TGX_CHECK(0, "cannot read %s: %s", path, d.message);
        return;
    }
    if (!split) {
        check_one(path, data, size);
    } else {
        /* Shaders separated by one blank line; each keeps its final '\n'. */
        size_t start = 0;
        int n = 0;
        while (start < size) {
            const char *sep = strstr(data + start, "\n\n");
            size_t end = sep ? (size_t)(sep - data) + 1 : size;
            char name[2100];
            snprintf(name, sizeof name, "%s#%d", path, n++);
            check_one(name, data + start, end - start);
            start = sep ? end + 1 : size;
        }
        TGX_CHECK(n == 131, "%s: expected 131 shaders, found %d", path, n);
    }
    free(data);
}

static bool has_suffix(const char *s, const char *suf)
{
    size_t n = strlen(s), k = strlen(suf);
    return n >= k && strcmp(s + n - k, suf) == 0;
}

int main(void)
{
    const char *root = TGX_TEST_DATA "/tgsi";
    DIR *dir = opendir(root);
    if (!dir)
        TGX_SKIP("no test data at %s", root);
    struct dirent *e;
    int cases = 0;
    while ((e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char sub[1024];
        snprintf(sub, sizeof sub, "%s/%s", root, e->d_name);
        DIR *cd = opendir(sub);
        if (!cd)
            continue;
        struct dirent *f;
        while ((f = readdir(cd)) != NULL) {
            if (!has_suffix(f->d_name, ".tgsi"))
                continue;
            char path[2048];
            snprintf(path, sizeof path, "%s/%s", sub, f->d_name);
            check_file(path, strcmp(e->d_name, "_internal") == 0);
        }
        closedir(cd);
        cases++;
    }
    closedir(dir);
    TGX_CHECK(cases >= 39, "expected at least 39 case folders, found %d", cases);
    TGX_CHECK(shaders_checked >= 131 + 39, "only %d shaders checked", shaders_checked);
    printf("%d shaders round-tripped\n", shaders_checked);
    return tgx_test_finish();
}
