/* What the interpreter refuses (docs/exec.md "Refused"): tgx_exec_program_create fails with
 * TGX_ERR_UNSUPPORTED, the instruction's line and column and a message naming what is not
 * executed, and no program (*out is NULL, as tgx_tgsi_parse leaves it on failure). The opcodes are
 * valid TGSI (the parser and the validator accept them; Mesa 22.3's tgsi_info_opcodes.h gives
 * FBFETCH 1 source, IMG2HND 1 source, SAMP2HND 1 source and is_tex, so it takes a texture target);
 * the interpreter has no framebuffer to read and no bindless handle table. */
#include "exec_harness.h"

typedef struct refused_case {
    const char *what;
    const char *text;
    unsigned line, column;
    const char *message; /* a part of the diagnostic's message */
} refused_case;

#define FRAG_DCLS                                                                                  \
    "FRAG\nDCL OUT[0], COLOR\nDCL SAMP[0]\nDCL SVIEW[0], 2D, FLOAT\n"                              \
    "DCL IMAGE[0], 2D, PIPE_FORMAT_R32G32B32A32_FLOAT\nDCL TEMP[0]\n"

static const refused_case cases[] = {
    {"FBFETCH", FRAG_DCLS "  0: FBFETCH TEMP[0], OUT[0]\n  1: MOV OUT[0], TEMP[0]\n  2: END\n", 7,
     6, "does not execute FBFETCH"},
    {"IMG2HND", FRAG_DCLS "  0: IMG2HND TEMP[0].xy, IMAGE[0]\n  1: MOV OUT[0], TEMP[0]\n  2: END\n",
     7, 6, "does not execute IMG2HND"},
    {"SAMP2HND",
     FRAG_DCLS "  0: SAMP2HND TEMP[0].xy, SAMP[0], 2D\n  1: MOV OUT[0], TEMP[0]\n  2: END\n", 7, 6,
     "does not execute SAMP2HND"},
    {"TESS_CTRL", "TESS_CTRL\nDCL TEMP[0]\n  0: MOV TEMP[0], TEMP[0]\n  1: END\n", 1, 1,
     "not TESS_CTRL"},
    {"TESS_EVAL", "TESS_EVAL\nDCL TEMP[0]\n  0: MOV TEMP[0], TEMP[0]\n  1: END\n", 1, 1,
     "not TESS_EVAL"},
};

/* The case's shader, parsed as "r.tgsi" (NULL, and a failed check, if it does not parse). */
static tgx_tgsi_shader *parse_case(const refused_case *c, tgx_diag *d)
{
    tgx_tgsi_shader *sh = NULL;
    memset(d, 0, sizeof *d);
    tgx_status st = tgx_tgsi_parse(c->text, strlen(c->text), "r.tgsi", &sh, d);
    TGX_CHECK(st == TGX_OK, "%s: parses: %s", c->what, d->message);
    return st == TGX_OK ? sh : NULL;
}

static void check_refused(const refused_case *c)
{
    tgx_diag d;
    tgx_tgsi_shader *sh = parse_case(c, &d);
    if (!sh)
        return;
    tgx_status st;
    tgx_diag_list list;
    tgx_diag_list_init(&list);
    TGX_CHECK(tgx_tgsi_validate(sh, "r.tgsi", &list) == TGX_OK, "%s: validates (%zu errors)",
              c->what, list.errors);
    tgx_diag_list_free(&list);
    tgx_exec_program *p = (tgx_exec_program *)&d; /* anything but NULL */
    st = tgx_exec_program_create(sh, "r.tgsi", &p, &d);
    TGX_CHECK(st == TGX_ERR_UNSUPPORTED, "%s: status %s", c->what, tgx_status_name(st));
    TGX_CHECK(d.line == c->line && d.column == c->column, "%s: position %u:%u, expected %u:%u",
              c->what, d.line, d.column, c->line, c->column);
    TGX_CHECK(strstr(d.message, c->message) != NULL, "%s: message '%s' lacks '%s'", c->what,
              d.message, c->message);
    TGX_CHECK(strcmp(d.file, "r.tgsi") == 0, "%s: file '%s'", c->what, d.file);
    TGX_CHECK(p == NULL, "%s: no program on failure", c->what);
    if (st == TGX_OK && p)
        tgx_exec_program_destroy(p);
    tgx_tgsi_free(sh);
}

/* Shaders the validator refuses (unbalanced control flow) reach the interpreter's own check when
 * a caller skips tgx_tgsi_validate: TGX_ERR_INVALID at the instruction that closes the wrong
 * construct, naming it and what it lacks. */
#define FLOW_DCLS "FRAG\nDCL TEMP[0]\nIMM[0] UINT32 {1, 0, 0, 0}\n"
static const refused_case unbalanced[] = {
    {"ELSE", FLOW_DCLS "  0: ELSE\n  1: END\n", 4, 6, "ELSE without IF"},
    {"ENDIF in a loop",
     FLOW_DCLS "  0: UIF IMM[0].xxxx\n  1: BGNLOOP\n  2: ENDIF\n  3: ENDLOOP\n  4: END\n", 6, 6,
     "ENDIF without IF"},
    {"ENDLOOP after ELSE",
     FLOW_DCLS "  0: UIF IMM[0].xxxx\n  1: ELSE\n  2: ENDLOOP\n  3: ENDIF\n  4: END\n", 6, 6,
     "ENDLOOP without BGNLOOP"},
    {"CASE in a loop",
     FLOW_DCLS "  0: SWITCH IMM[0].xxxx\n  1: BGNLOOP\n  2: CASE IMM[0].xxxx\n  3: ENDLOOP\n"
               "  4: ENDSWITCH\n  5: END\n",
     6, 6, "CASE outside a SWITCH"},
    {"ENDSWITCH", FLOW_DCLS "  0: UIF IMM[0].xxxx\n  1: ENDSWITCH\n  2: END\n", 5, 6,
     "ENDSWITCH without SWITCH"},
    /* BRK and CONT need a construct to leave; an open construct at the end is reported where it
     * opens */
    {"BRK", FLOW_DCLS "  0: UIF IMM[0].xxxx\n  1: BRK\n  2: ENDIF\n  3: END\n", 5, 6,
     "BRK outside a loop or switch"},
    {"CONT in a SWITCH", FLOW_DCLS "  0: SWITCH IMM[0].xxxx\n  1: CONT\n  2: ENDSWITCH\n  3: END\n",
     5, 6, "CONT outside a loop"},
    {"open loop", FLOW_DCLS "  0: MOV TEMP[0], IMM[0]\n  1: BGNLOOP\n  2: END\n", 5, 6,
     "BGNLOOP is never closed"},
};

static void check_unbalanced(const refused_case *c)
{
    tgx_diag d;
    tgx_tgsi_shader *sh = parse_case(c, &d);
    if (!sh)
        return;
    tgx_exec_program *p = NULL;
    tgx_status st = tgx_exec_program_create(sh, "r.tgsi", &p, &d);
    TGX_CHECK(st == TGX_ERR_INVALID && p == NULL, "%s: status %s", c->what, tgx_status_name(st));
    TGX_CHECK(d.line == c->line && d.column == c->column, "%s: position %u:%u, expected %u:%u",
              c->what, d.line, d.column, c->line, c->column);
    TGX_CHECK(strcmp(d.message, c->message) == 0, "%s: message '%s', expected '%s'", c->what,
              d.message, c->message);
    if (p)
        tgx_exec_program_destroy(p);
    tgx_tgsi_free(sh);
}

int main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        check_refused(&cases[i]);
    for (size_t i = 0; i < sizeof unbalanced / sizeof unbalanced[0]; i++)
        check_unbalanced(&unbalanced[i]);
    return tgx_test_finish();
}
