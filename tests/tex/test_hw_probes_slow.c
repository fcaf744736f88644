/* test_hw_probes with denser sweeps: both sides of every transition (8 floats each), 128
 * samples in between evenly in IEEE order and 32 evenly in value, and every float of records up
 * to 512 floats long. Same baseline; left out of the sanitizer run. Queries that do not take
 * their LOD from a quad run one per lane (as the hardware's threads did) instead of one per
 * quad of four identical lanes: the texture unit gives both the same words (every probe, both
 * tests agree), and the slow test runs 2.5 times faster. */
#include "hw_probes.h"

int main(int argc, char **argv)
{
    const hw_density d = {.edge = 8, .ordinal = 128, .value = 32, .all_upto = 512};
    return hw_main(argc, argv, d, true);
}
