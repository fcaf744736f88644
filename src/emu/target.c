/* Which texture headers an instruction's #paramA fits, and small helpers the executors share.
 *
 * sm5-TLD / sm5-TMML: "If the source coordinate description does not match the texture type of
 * the texture header, zeroes will be returned. The array specifiers can be freely used with
 * non-array textures (and the opposite holds as well), provided the number of coordinates
 * (1D,2D,3D[,CUBE]) matches." The RESERVED specifiers of the pages (ARRAY_3D everywhere; CUBE
 * and ARRAY_CUBE for TLD) match no header. */
#include "emu/emu_internal.h"

/* Coordinate classes: 1, 2, 3 coordinates, 4 = a cube's direction; 0 = matches nothing. */
#define HEADER_CLASSES(X)                                                                          \
    X(BUFFER, 1, false, false)                                                                     \
    X(1D, 1, false, true)                                                                          \
    X(2D, 2, false, true)                                                                          \
    X(3D, 3, false, true)                                                                          \
    X(CUBE, 4, false, true)                                                                        \
    X(RECT, 2, false, true)                                                                        \
    X(1D_ARRAY, 1, true, true)                                                                     \
    X(2D_ARRAY, 2, true, true)                                                                     \
    X(CUBE_ARRAY, 4, true, true)                                                                   \
    X(2D_MS, 2, false, false)                                                                      \
    X(2D_ARRAY_MS, 2, true, false)

typedef struct header_class {
    uint8_t coords;
    bool array;
    bool samplable; /* a filtered instruction may read it (not a buffer, not multisampled) */
} header_class;

static const header_class header_classes[TGX_TEX_TARGET_COUNT] = {
#define X(t, coords, array, samplable) [TGX_TEX_##t] = {coords, array, samplable},
    HEADER_CLASSES(X)
#undef X
};

unsigned emu_insn_target(const tgx_sm5_insn *in)
{
    /* TLD4S has no target field (2D only, yuzu texture_gather_swizzled.cpp); sm5-TXA: "TXA
     * implies a 2D normalized texture lookup" */
    return in->cls == TGX_SM5_TLD4S || in->cls == TGX_SM5_TXA ? TGX_SM5_2D : in->target;
}

static unsigned insn_coords(const tgx_sm5_insn *in)
{
    /* 1D, ARRAY_1D, 2D, ARRAY_2D, 3D, ARRAY_3D (reserved), CUBE, ARRAY_CUBE */
    static const uint8_t n[8] = {1, 1, 2, 2, 3, 0, 4, 4};
    bool fetch = in->cls == TGX_SM5_TLD || in->cls == TGX_SM5_TLD_B || in->cls == TGX_SM5_TLDS;
    unsigned t = emu_insn_target(in);
    if (t >= 8 || (fetch && n[t] == 4)) /* sm5-TLD: CUBE is RESERVED */
        return 0;
    return n[t];
}

bool emu_target_matches(const tgx_sm5_insn *in, const tgx_sm5_emu_header *h, bool sampling)
{
    if ((unsigned)h->view.target >= TGX_TEX_TARGET_COUNT)
        return false;
    const header_class *hc = &header_classes[h->view.target];
    unsigned n = insn_coords(in);
    return n != 0 && n == hc->coords && (!sampling || hc->samplable);
}

bool emu_insn_is_array(const tgx_sm5_insn *in)
{
    unsigned t = emu_insn_target(in);
    return t == TGX_SM5_ARRAY_1D || t == TGX_SM5_ARRAY_2D || t == TGX_SM5_ARRAY_3D ||
           t == TGX_SM5_ARRAY_CUBE;
}

bool emu_header_is_array(const tgx_sm5_emu_header *h)
{
    return (unsigned)h->view.target < TGX_TEX_TARGET_COUNT && header_classes[h->view.target].array;
}

unsigned emu_coord_axes(const tgx_sm5_insn *in)
{
    static const uint8_t n[8] = {1, 1, 2, 2, 3, 3, 3, 3};
    unsigned t = emu_insn_target(in);
    return t < 8 ? n[t] : 1;
}

void emu_unpack_offsets(const emu_col *packed, unsigned n, unsigned stride, unsigned bits,
                        unsigned shift, emu_col out[3])
{
    const uint32_t mask = (1u << bits) - 1u, sign = 1u << (bits - 1);
    for (unsigned a = 0; a < 3; a++) {
        for (unsigned t = 0; t < EMU_W; t++) {
            uint32_t v = a < n ? (packed->u[t] >> (shift + a * stride)) & mask : 0u;
            /* two's complement of `bits` bits, without a signed shift */
            out[a].i[t] = (int32_t)(v & (sign - 1u)) - (int32_t)(v & sign);
        }
    }
}

void emu_fill(emu_ctx *c, uint32_t mask, uint32_t v)
{
    for (unsigned k = 0; k < 4; k++)
        for (unsigned t = 0; t < EMU_W; t++)
            if (mask >> t & 1u)
                c->res[k].u[t] = v;
}
