/* tgx_pipe_shader_parse_validated / _load_validated: the shader is checked by tgx_tgsi_validate
 * (the rules of `tgx check`) before it is decoded. An error stops the load (TGX_ERR_INVALID, the
 * first error in *d with its position, every finding in the list); warnings are listed and the
 * shader loads; a shader that does not parse fails as before with the list untouched; the
 * unvalidated tgx_pipe_shader_parse still takes what the interpreter can run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/pipe.h"
#include "tgx_test.h"

/* TEMP[9] and TEMP[3] undeclared: two errors, line 3 column 18 and line 4 column 18 (after
 * "  0: MOV OUT[0], "). */
static const char two_errors[] = "FRAG\nDCL OUT[0], COLOR\n"
                                 "  0: MOV OUT[0], TEMP[9]\n"
                                 "  1: MOV OUT[0], TEMP[3]\n  2: END\n";
/* _SAT on an integer opcode: a warning (line 5, column 6), nothing else. */
static const char warning_only[] = "FRAG\nDCL OUT[0], COLOR\nDCL TEMP[0]\n"
                                   "IMM[0] UINT32 {1, 2, 0, 0}\n"
                                   "  0: UADD_SAT TEMP[0].x, IMM[0].xxxx, IMM[0].yyyy\n"
                                   "  1: MOV OUT[0], TEMP[0].xxxx\n  2: END\n";

static void test_errors(void)
{
    tgx_diag_list found;
    tgx_diag d;
    tgx_pipe_shader *s = (tgx_pipe_shader *)&found; /* must be reset to NULL */
    tgx_diag_list_init(&found);
    tgx_status st = tgx_pipe_shader_parse_validated(two_errors, sizeof two_errors - 1, "e.tgsi",
                                                    &found, &s, &d);
    TGX_CHECK(st == TGX_ERR_INVALID && s == NULL, "errors: status %d", (int)st);
    TGX_CHECK(found.count == 2 && found.errors == 2, "errors: %zu findings, %zu errors",
              found.count, found.errors);
    TGX_CHECK(strcmp(d.file, "e.tgsi") == 0 && d.line == 3 && d.column == 18 &&
                  d.severity == TGX_SEV_ERROR && strstr(d.message, "TEMP[9]"),
              "errors: first error %s:%u:%u: %s", d.file, d.line, d.column, d.message);
    if (found.count == 2)
        TGX_CHECK(found.items[1].line == 4 && found.items[1].column == 18,
                  "errors: second at %u:%u", found.items[1].line, found.items[1].column);
    tgx_diag_list_free(&found);
}

static void test_warning(void)
{
    tgx_diag_list found;
    tgx_diag d;
    tgx_pipe_shader *s = NULL;
    tgx_diag_list_init(&found);
    tgx_status st = tgx_pipe_shader_parse_validated(warning_only, sizeof warning_only - 1, "w.tgsi",
                                                    &found, &s, &d);
    TGX_CHECK(st == TGX_OK && s != NULL, "warning: status %d: %s", (int)st, d.message);
    TGX_CHECK(found.count == 1 && found.warnings == 1 && found.errors == 0, "warning: %zu findings",
              found.count);
    if (found.count == 1)
        TGX_CHECK(found.items[0].severity == TGX_SEV_WARNING && found.items[0].line == 5 &&
                      found.items[0].column == 6 && strstr(found.items[0].message, "_SAT"),
                  "warning: %u:%u: %s", found.items[0].line, found.items[0].column,
                  found.items[0].message);
    if (s)
        TGX_CHECK(tgx_pipe_shader_stage(s) == TGX_EXEC_FRAGMENT, "warning: stage");
    tgx_pipe_shader_destroy(s);
    tgx_diag_list_free(&found);
}

static void test_parse_error(void)
{
    static const char text[] = "FRAG\n  0: FROB OUT[0]\n";
    tgx_diag_list found;
    tgx_diag d;
    tgx_pipe_shader *s = NULL;
    tgx_diag_list_init(&found);
    tgx_status st =
        tgx_pipe_shader_parse_validated(text, sizeof text - 1, "p.tgsi", &found, &s, &d);
    TGX_CHECK(st < 0 && st != TGX_ERR_INVALID && s == NULL && found.count == 0 && d.line == 2,
              "parse error: status %d, %zu findings, line %u", (int)st, found.count, d.line);
    tgx_diag_list_free(&found);
}

static void test_load(void)
{
    char path[] = "/tmp/tgx_validate_XXXXXX";
    tgx_diag_list found;
    tgx_diag d;
    tgx_pipe_shader *s = NULL;
    FILE *f = NULL;
    int fd = mkstemp(path);
    if (fd >= 0)
        f = fdopen(fd, "w");
    TGX_CHECK(f != NULL, "temporary file");
    if (!f)
        return;
    fputs(two_errors, f);
    fclose(f);
    tgx_diag_list_init(&found);
    tgx_status st = tgx_pipe_shader_load_validated(path, &found, &s, &d);
    TGX_CHECK(st == TGX_ERR_INVALID && found.errors == 2 && strcmp(d.file, path) == 0 &&
                  d.line == 3,
              "load: status %d, %s:%u", (int)st, d.file, d.line);
    tgx_diag_list_free(&found);
    remove(path);
    tgx_diag_list_init(&found);
    st = tgx_pipe_shader_load_validated("/nonexistent/x.tgsi", &found, &s, &d);
    TGX_CHECK(st == TGX_ERR_IO && found.count == 0, "load: missing file status %d", (int)st);
    tgx_diag_list_free(&found);
}

int main(void)
{
    test_errors();
    test_warning();
    test_parse_error();
    test_load();
    return tgx_test_finish();
}
