/* A machine's memory is on cache lines of its own: the pipeline's render threads each run a
 * machine, all created one after another by one thread, and a line holding the end of one
 * machine's lane array and the start of another's would be written by two cores at once. Every
 * machine and every lane array starts on a 64-byte line, for any lane count (lane arrays are
 * whole lines: W is a multiple of 16 words, docs/exec.md). */
#include <stdint.h>

#include "exec_harness.h"

static int on_line(const void *p)
{
    return ((uintptr_t)p & 63u) == 0;
}

int main(void)
{
    const char *text = "FRAG\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], COLOR\nDCL TEMP[0..2]\n"
                       "  0: ADD TEMP[0], IN[0], IN[1]\n  1: MOV OUT[0], TEMP[0]\n  2: END\n";
    static const unsigned lanes[] = {1, 3, 4, 7, 13, 16, 60, 256, 5, 2};
    tgx_exec_machine *m[sizeof lanes / sizeof lanes[0]] = {0};
    xh h;
    if (!xh_open(&h, text, 4))
        return tgx_test_finish();
    int bad = 0;
    for (size_t k = 0; k < sizeof lanes / sizeof lanes[0]; k++) {
        tgx_diag d;
        TGX_CHECK(tgx_exec_machine_create(h.prog, lanes[k], &m[k], &d) == TGX_OK, "machine: %s",
                  d.message);
        if (!m[k])
            continue;
        bad += !on_line(m[k]);
        for (unsigned c = 0; c < 4; c++)
            bad += !on_line(tgx_exec_input(m[k], 0, c)) + !on_line(tgx_exec_input(m[k], 1, c)) +
                   !on_line(tgx_exec_output(m[k], 0, c));
    }
    TGX_CHECK(bad == 0, "machines and lane arrays on 64-byte lines: %d are not", bad);
    for (size_t k = 0; k < sizeof lanes / sizeof lanes[0]; k++)
        tgx_exec_machine_destroy(m[k]);
    xh_close(&h);
    return tgx_test_finish();
}
