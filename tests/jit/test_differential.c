/* test_differential — programs 0 .. 2499 of the differential test (differential.h). */
#define JIT_SHARD 0u
#include "differential.h"
