/* test_differential_3_slow — programs 5000 .. 7499 of the differential test (differential.h). */
#define JIT_SHARD 2u
#include "differential.h"
