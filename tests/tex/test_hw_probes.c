/* The H100 texture probes (tests/data/hw) through the texture unit in the nv profile: reports
 * "N of M bit-exact" and fails when a probe of the baseline (tests/data/hw/nv-bitexact.txt) is
 * no longer bit-exact. Sweeps: both sides of every transition (4 floats each) and 12 samples in
 * between (tests/data/hw/README.md explains the choice); test_hw_probes_slow checks denser. */
#include "hw_probes.h"

int main(int argc, char **argv)
{
    const hw_density d = {.edge = 4, .ordinal = 8, .value = 4, .all_upto = 16};
    return hw_main(argc, argv, d, false);
}
