/* `#` comments in TGSI text (tgx's extension, docs/tgsi.md): to the end of the line, on a line of
 * their own or after a statement; positions of later errors are unchanged; a file of several
 * shaders splits where a processor line follows, whatever comments lie between; the printer
 * drops them. */
#include <string.h>

#include "tgx/tgsi.h"
#include "tgx_test.h"

int main(void)
{
    const char *text = "# lifted by tgx lift\n"
                       "FRAG # the header\n"
                       "DCL TEMP[0]   # a temporary\n"
                       "# TEXS R0, R4, R0, R5, 0x52, 2D, RGB ;\n"
                       "  0: MOV TEMP[0], TEMP[0] #MOV\n"
                       "  1: END\n";
    tgx_tgsi_shader *sh = NULL;
    tgx_diag d;
    TGX_CHECK(tgx_tgsi_parse(text, strlen(text), "c.tgsi", &sh, &d) == TGX_OK, "%s", d.message);
    if (sh) {
        TGX_CHECK(sh->num_insts == 2 && sh->num_decls == 1 && sh->insts[0].pos.line == 5,
                  "two instructions, one declaration, MOV on line 5");
        char *out = NULL;
        tgx_tgsi_print(sh, &out, NULL);
        TGX_CHECK(out && !strchr(out, '#') &&
                      !strcmp(out, "FRAG\nDCL TEMP[0]\n  0: MOV TEMP[0], TEMP[0]\n  1: END\n"),
                  "printed without comments: %s", out ? out : "");
        free(out);
        tgx_tgsi_free(sh);
    }
    /* an error after comments keeps its line and column */
    const char *bad = "FRAG\n# comment\n  0: MOV TEMP[0], TEMPX[0] # not a file\n  1: END\n";
    const char *line3 = strstr(bad, "  0:");
    unsigned col = (unsigned)(strstr(line3, "TEMPX") - line3) + 1;
    TGX_CHECK(tgx_tgsi_parse(bad, strlen(bad), "b.tgsi", &sh, &d) == TGX_ERR_PARSE && d.line == 3 &&
                  d.column == col,
              "error at 3:%u, got %u:%u %s", col, d.line, d.column, d.message);
    /* a comment is not the rest of a statement */
    const char *cut = "FRAG\nDCL TEMP[0]\n  0: MOV TEMP[0], # TEMP[0]\n  1: END\n";
    TGX_CHECK(tgx_tgsi_parse(cut, strlen(cut), "c.tgsi", &sh, &d) == TGX_ERR_PARSE && d.line == 3,
              "a statement cut by a comment is an error");
    /* two shaders with comments between: the first ends before the second's header */
    const char *two = "VERT\n  0: END\n# the next one\n\nFRAG # again\n  0: END\n";
    size_t end = tgx_tgsi_shader_extent(two, strlen(two));
    TGX_CHECK(end == (size_t)(strstr(two, "FRAG") - two), "extent %zu", end);
    return tgx_test_finish();
}
