/* A diagnostic's message and file name never carry bytes a terminal would act on (issue 9's
 * hostile pass: `tgx lift --words` on binary data and `tgx as` on text with an ESC byte quoted
 * the input raw, escape sequences and all). Control bytes, DEL, bytes that are not UTF-8 and
 * UTF-8's C1 controls are written \xNN; printable ASCII and UTF-8 characters stay as they are
 * (the TGSI parser's messages name non-ASCII identifiers). Expected strings are written by hand
 * from that rule. */
#include <string.h>

#include "tgx/diag.h"
#include "tgx_test.h"

static void check_message(const char *quoted, const char *want, const char *what)
{
    tgx_diag d;
    tgx_diag_set(&d, TGX_ERR_PARSE, "f", 1, 1, "found '%s'", quoted);
    char expect[TGX_DIAG_MSG_MAX];
    snprintf(expect, sizeof expect, "found '%s'", want);
    TGX_CHECK(strcmp(d.message, expect) == 0, "%s: got \"%s\", want \"%s\"", what, d.message,
              expect);
    tgx_diag_set_text(&d, TGX_ERR_PARSE, "f", 1, 1, quoted);
    TGX_CHECK(strcmp(d.message, want) == 0, "%s (set_text): got \"%s\"", what, d.message);
}

static void check_escapes(void)
{
    check_message("RGBA", "RGBA", "plain ASCII");
    check_message("\x1b[31mRGB", "\\x1b[31mRGB", "ESC");
    check_message("a\tb\nc\rd\x7f", "a\\x09b\\x0ac\\x0dd\\x7f", "tab, line end, CR, DEL");
    check_message("COL\xc3\x96R", "COL\xc3\x96R", "UTF-8 (O with diaeresis) stays");
    check_message("\xe2\x82\xac 1", "\xe2\x82\xac 1", "a 3-byte UTF-8 character stays");
    check_message("\x8a\xdd~", "\\x8a\\xdd~", "bytes that are not UTF-8");
    check_message("\xc3", "\\xc3", "a lead byte cut off at the end");
    check_message("\xc2\x9b"
                  "2J",
                  "\\xc2\\x9b2J", "C1 CSI in UTF-8 form");
    check_message("\xc0\xaf", "\\xc0\\xaf", "an overlong lead byte");
    /* invisible code points: a quoted token must read as what the input holds */
    check_message("\xef\xbb\xbfTEXS", "\\xef\\xbb\\xbfTEXS", "a byte order mark (U+FEFF)");
    check_message("a\xe2\x80\xae"
                  "b",
                  "a\\xe2\\x80\\xaeb", "right-to-left override (U+202E)");
    check_message("R\xe2\x80\x8b"
                  "0",
                  "R\\xe2\\x80\\x8b0", "zero-width space (U+200B)");
    check_message("x\xc2\xad"
                  "y",
                  "x\\xc2\\xady", "soft hyphen (U+00AD)");
    check_message("\xe2\x81\xa6", "\\xe2\\x81\\xa6", "left-to-right isolate (U+2066)");
    check_message("\xe2\x80\x90", "\xe2\x80\x90", "a hyphen (U+2010) next to the ranges stays");
    check_message("\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80", "a 4-byte character stays");
}

/* A long run of escaped bytes is cut at the buffer without splitting an escape. */
static void check_truncation(void)
{
    char many[TGX_DIAG_MSG_MAX];
    memset(many, 0x01, sizeof many - 1);
    many[sizeof many - 1] = '\0';
    tgx_diag d;
    tgx_diag_set_text(&d, TGX_ERR_PARSE, NULL, 0, 0, many);
    size_t n = strlen(d.message);
    TGX_CHECK(n < TGX_DIAG_MSG_MAX && n % 4 == 0 && n >= TGX_DIAG_MSG_MAX - 4,
              "whole escapes up to the end: %zu bytes", n);
    TGX_CHECK(strncmp(d.message, "\\x01\\x01", 8) == 0, "escaped: %.16s", d.message);
}

/* The file name is user input too (a file called "a\033]0;x\a.s"). */
static void check_file_name(void)
{
    tgx_diag d;
    tgx_diag_set(&d, TGX_ERR_IO, "a\x1b]0;x\a.s", 0, 0, "cannot open");
    TGX_CHECK(strcmp(d.file, "a\\x1b]0;x\\x07.s") == 0, "file: %s", d.file);
    char buf[600];
    tgx_diag_format(&d, buf, sizeof buf);
    TGX_CHECK(strcmp(buf, "a\\x1b]0;x\\x07.s: error: cannot open") == 0, "formatted: %s", buf);
    /* passing d's own file keeps it as it is */
    tgx_diag_set(&d, TGX_ERR_IO, d.file, 2, 3, "again");
    TGX_CHECK(strcmp(d.file, "a\\x1b]0;x\\x07.s") == 0 && d.line == 2, "own file: %s", d.file);
    /* a file added to a message made without one (the assembler, tgx emu) */
    tgx_diag_set(&d, TGX_ERR_PARSE, NULL, 0, 4, "bad");
    tgx_diag_set_file(&d, "b\x9b.s");
    TGX_CHECK(strcmp(d.file, "b\\x9b.s") == 0 && d.column == 4, "set_file: %s", d.file);
    tgx_diag_set_file(&d, NULL);
    TGX_CHECK(d.file[0] == '\0', "set_file NULL: %s", d.file);
}

int main(void)
{
    check_escapes();
    check_truncation();
    check_file_name();
    return tgx_test_finish();
}
