/* The validator's warning for a temporary read before anything writes it (docs/check.md,
 * src/tgsi/validate_temps.c): said where program order settles it, never where it does not.
 * Each program below is written by hand with the warning it must give (or none), its column
 * counted at the operand. */
#include <string.h>

#include "tgx/tgsi.h"
#include "tgx_test.h"

typedef struct temp_case {
    const char *what, *text;
    const char *want; /* "line:col: message start", or NULL: no such warning */
} temp_case;

#define HEAD "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL TEMP[0..3]\n"
#define IMM  "IMM[0] FLT32 {    1.0000,     2.0000,     0.0000,     0.0000}\n"

static const temp_case cases[] = {
    {"written first",
     HEAD IMM "  0: MOV TEMP[0].x, IMM[0].xxxx\n  1: MOV OUT[0], TEMP[0].xxxx\n"
              "  2: END\n",
     NULL},
    /* a component-wise op reads, per written channel, the channel its swizzle names: .y only */
    {"component-wise: the channel read",
     HEAD IMM "  0: MOV TEMP[0].x, IMM[0].xxxx\n"
              "  1: ADD OUT[0].xy, TEMP[0].xyzw, IMM[0]\n"
              "  2: END\n",
     "7:21: TEMP[0].y is read, but no instruction writes it"},
    /* the warning points where the operand starts: its '-', not the register after the
     * spaces and '|' (the IR keeps that as a column count from the register) */
    {"a negated absolute source: at its '-'",
     HEAD IMM "  0: ADD OUT[0], IMM[0], -   |TEMP[1]|\n"
              "  1: END\n",
     "6:26: TEMP[1].xyzw is read, but no instruction writes it"},
    {"component-wise: only written channels",
     HEAD IMM "  0: MOV TEMP[0].x, IMM[0].xxxx\n"
              "  1: ADD OUT[0].x, TEMP[0].xyzw, IMM[0]\n"
              "  2: END\n",
     NULL},
    /* a 2D coordinate's padding letters are not read: one written letter of .xyyy is enough */
    {"texture coordinate padding",
     "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL SAMP[0]\n"
     "DCL SVIEW[0], 2D, FLOAT\nDCL TEMP[0..1]\n  0: MOV TEMP[0].xy, IN[0].xyyy\n"
     "  1: TEX TEMP[1], TEMP[0].xyzw, SAMP[0], 2D\n  2: MOV OUT[0], TEMP[1]\n  3: END\n",
     NULL},
    /* in a loop, a write further down ran in the iteration before */
    {"loop",
     HEAD IMM "  0: BGNLOOP :0\n  1: ADD TEMP[0].x, TEMP[1].xxxx, IMM[0].xxxx\n"
              "  2: MOV TEMP[1].x, TEMP[0].xxxx\n  3: BRK\n  4: ENDLOOP :0\n"
              "  5: MOV OUT[0], TEMP[0].xxxx\n  6: END\n",
     NULL},
    /* after the loop, a register written only after it is read too early */
    {"after a loop",
     HEAD IMM "  0: BGNLOOP :0\n  1: BRK\n  2: ENDLOOP :0\n"
              "  3: MOV OUT[0], TEMP[2].xxxx\n  4: MOV TEMP[2].x, IMM[0].xxxx\n"
              "  5: END\n",
     "9:18: TEMP[2].x is read before any instruction writes it"},
    /* a write through ADDR may write any temporary: nothing is said */
    {"indirect write",
     "FRAG\nDCL OUT[0], COLOR\nDCL TEMP[0..3]\nDCL ADDR[0]\n" IMM
     "  0: ARL ADDR[0].x, IMM[0].xxxx\n  1: MOV TEMP[ADDR[0].x].x, IMM[0].xxxx\n"
     "  2: MOV OUT[0], TEMP[1].xxxx\n  3: END\n",
     NULL},
    /* with subroutines only "never written" is certain: the body runs where it is called */
    {"subroutine writes",
     HEAD IMM "  0: CAL :3\n  1: MOV OUT[0], TEMP[0].xxxx\n  2: END\n"
              "  3: BGNSUB\n  4: MOV TEMP[0].x, IMM[0].xxxx\n  5: RET\n"
              "  6: ENDSUB\n",
     NULL},
    {"subroutine, never written",
     HEAD IMM "  0: CAL :3\n  1: MOV OUT[0], TEMP[3].xxxx\n"
              "  2: END\n  3: BGNSUB\n  4: RET\n  5: ENDSUB\n",
     "7:18: TEMP[3].x is read, but no instruction writes it"},
};

int main(void)
{
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const temp_case *c = &cases[i];
        tgx_tgsi_shader *sh = NULL;
        tgx_diag d;
        if (tgx_tgsi_parse(c->text, strlen(c->text), "t.tgsi", &sh, &d) != TGX_OK) {
            TGX_CHECK(0, "%s: parse %u:%u: %s", c->what, d.line, d.column, d.message);
            continue;
        }
        tgx_diag_list l;
        tgx_diag_list_init(&l);
        tgx_status st = tgx_tgsi_validate(sh, "t.tgsi", &l);
        TGX_CHECK(st == TGX_OK && l.errors == 0, "%s: %zu errors: %s", c->what, l.errors,
                  l.count ? l.items[0].message : "");
        const tgx_diag *found = NULL;
        for (size_t k = 0; k < l.count; k++)
            if (strstr(l.items[k].message, "TEMP[") && strstr(l.items[k].message, "writes it"))
                found = &l.items[k];
        if (!c->want) {
            TGX_CHECK(!found, "%s: unexpected %u:%u: %s", c->what, found ? found->line : 0,
                      found ? found->column : 0, found ? found->message : "");
        } else {
            char got[320] = "";
            if (found)
                snprintf(got, sizeof got, "%u:%u: %s", found->line, found->column, found->message);
            TGX_CHECK(found && found->severity == TGX_SEV_WARNING &&
                          strncmp(got, c->want, strlen(c->want)) == 0,
                      "%s: want '%s', got '%s'", c->what, c->want, got);
        }
        tgx_diag_list_free(&l);
        tgx_tgsi_free(sh);
    }
    return tgx_test_finish();
}
