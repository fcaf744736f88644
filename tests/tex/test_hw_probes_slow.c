/* test_hw_probes with denser sweeps: both sides of every transition (8 floats each), 128
 * samples in between evenly in IEEE order and 32 evenly in value, and every float of records up
 * to 512 floats long. Same baseline; left out of the sanitizer run. */
#include "hw_probes.h"

int main(int argc, char **argv)
{
    const hw_density d = {.edge = 8, .ordinal = 128, .value = 32, .all_upto = 512};
    return hw_main(argc, argv, d);
}
