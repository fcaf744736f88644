/* test_differential_4_slow — programs 7500 .. 9999 of the differential test (differential.h). */
#define JIT_SHARD 3u
#include "differential.h"
