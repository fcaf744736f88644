/* libFuzzer target for the TGSI front end: parser, printer and validator.
 *
 * For any bytes: tgx_tgsi_parse must return (never crash, never read outside the input: ASan
 * and UBSan watch). When the text parses, the printed text must parse again and print
 * identically (the printer's fixed point, issue 2: print(parse(print(x))) == print(x)), and the
 * validator must run to completion on both shaders and agree on the verdict, since the printed
 * text is the same program. A broken property aborts, which libFuzzer reports with the input.
 *
 * Build: cmake -DTGX_FUZZ=ON with clang (CMakeLists.txt); run: `make fuzz-smoke`
 * (tools/fuzz-smoke.sh, seeds in fuzz/corpus/fuzz_tgsi_parse/).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/tgsi.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Reports a broken property and stops: the fuzzer saves the input that caused it. */
static void broken(const char *what, const char *a, size_t alen, const char *b, size_t blen)
{
    fprintf(stderr, "fuzz_tgsi_parse: %s\n--- first ---\n%.*s\n--- second ---\n%.*s\n", what,
            (int)(alen > 4000 ? 4000 : alen), a ? a : "", (int)(blen > 4000 ? 4000 : blen),
            b ? b : "");
    abort();
}

/* Validates s; returns its status (TGX_OK or TGX_ERR_INVALID; anything else is a bug). */
static tgx_status validate(const tgx_tgsi_shader *s)
{
    tgx_diag_list list;
    tgx_diag_list_init(&list);
    tgx_status st = tgx_tgsi_validate(s, "fuzz", &list);
    tgx_diag_list_free(&list);
    if (st != TGX_OK && st != TGX_ERR_INVALID && st != TGX_ERR_NOMEM)
        broken("validator returned an unexpected status", tgx_status_name(st), 0, NULL, 0);
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tgx_tgsi_shader *s1 = NULL, *s2 = NULL;
    char *p1 = NULL, *p2 = NULL;
    size_t n1 = 0, n2 = 0;
    tgx_diag d;

    /* The multi-shader splitter stays inside the text and makes progress. */
    size_t extent = tgx_tgsi_shader_extent((const char *)data, size);
    if (extent > size || (size > 0 && extent == 0))
        broken("tgx_tgsi_shader_extent left the text or made no progress", (const char *)data, size,
               NULL, 0);
    if (tgx_tgsi_parse((const char *)data, size, "fuzz", &s1, &d) != TGX_OK)
        return 0;
    if (tgx_tgsi_print(s1, &p1, &n1) != TGX_OK)
        broken("a parsed shader does not print", (const char *)data, size, NULL, 0);
    if (tgx_tgsi_parse(p1, n1, "printed", &s2, &d) != TGX_OK) {
        char msg[TGX_DIAG_MSG_MAX + TGX_DIAG_FILE_MAX + 64];
        tgx_diag_format(&d, msg, sizeof msg);
        broken(msg, (const char *)data, size, p1, n1);
    }
    if (tgx_tgsi_print(s2, &p2, &n2) != TGX_OK)
        broken("the reparsed shader does not print", p1, n1, NULL, 0);
    if (n1 != n2 || memcmp(p1, p2, n1) != 0)
        broken("print(parse(print(x))) != print(x)", p1, n1, p2, n2);
    tgx_status v1 = validate(s1), v2 = validate(s2);
    if (v1 != v2 && v1 != TGX_ERR_NOMEM && v2 != TGX_ERR_NOMEM)
        broken("the validator's verdict changed after printing", p1, n1, p2, n2);

    free(p1);
    free(p2);
    tgx_tgsi_free(s1);
    tgx_tgsi_free(s2);
    return 0;
}
