/* test_hw_probes with denser sweeps: both sides of every transition (16 floats each), 256
 * samples in between evenly in IEEE order and 64 evenly in value, and every float of records up
 * to 1024 floats long. Same baseline; left out of the sanitizer run. */
#include "hw_probes.h"

int main(int argc, char **argv)
{
    const hw_density d = {.edge = 16, .ordinal = 256, .value = 64, .all_upto = 1024};
    return hw_main(argc, argv, d);
}
