/* test_differential_2_slow — programs 2500 .. 4999 of the differential test (differential.h). */
#define JIT_SHARD 1u
#include "differential.h"
