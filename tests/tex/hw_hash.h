/* The H100 probes' texel hash (tests/data/hw/manifest.json, "hash" and "content_kinds"), shared
 * by the probe test (hw_probes.h) and the nv rule tests (test_nv_rules.c). */
#ifndef HW_HASH_H
#define HW_HASH_H

#include <stdint.h>

static inline uint32_t hw_hash32(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

/* H(seed, x, y, z, L, c) */
static inline uint32_t hw_H(uint32_t seed, uint32_t x, uint32_t y, uint32_t z, uint32_t L,
                            uint32_t c)
{
    const uint32_t parts[5] = {x, y, z, L, c};
    uint32_t h = hw_hash32(seed);
    for (int i = 0; i < 5; i++)
        h = hw_hash32(h ^ parts[i]);
    return h;
}

/* The "hash" content's fp32 storage: (H & 0x807fffff) | ((120 + ((H >> 23) & 7)) << 23). */
static inline uint32_t hw_hash_f32_bits(uint32_t h)
{
    return (h & 0x807fffffu) | ((120u + ((h >> 23) & 7u)) << 23);
}

#endif
