/* Which texture headers an instruction's #paramA fits (the header's shape is the texture unit's
 * target table, tgx_tex_target_get), and small helpers the executors share.
 *
 * sm5-TLD / sm5-TMML: "If the source coordinate description does not match the texture type of
 * the texture header, zeroes will be returned. The array specifiers can be freely used with
 * non-array textures (and the opposite holds as well), provided the number of coordinates
 * (1D,2D,3D[,CUBE]) matches." The RESERVED specifiers of the pages (ARRAY_3D everywhere; CUBE
 * and ARRAY_CUBE for TLD) match no header. */
#include "emu/emu_internal.h"

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

/* The header's coordinate class from the texture unit's target table: a cube's direction is
 * class 4, else the sampling coordinates (1D arrays and buffers 1, 2D kinds 2, 3D 3). */
static unsigned header_coords(const tgx_tex_target_info *ti)
{
    return ti->cube ? 4u : ti->coords;
}

bool emu_target_matches(const tgx_sm5_insn *in, const tgx_sm5_emu_header *h, bool sampling)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(h->view.target);
    if (!ti)
        return false;
    unsigned n = insn_coords(in);
    bool samplable = !ti->multisample && ti->target != TGX_TEX_BUFFER;
    return n != 0 && n == header_coords(ti) && (!sampling || samplable);
}

bool emu_insn_is_array(const tgx_sm5_insn *in)
{
    unsigned t = emu_insn_target(in);
    return t == TGX_SM5_ARRAY_1D || t == TGX_SM5_ARRAY_2D || t == TGX_SM5_ARRAY_3D ||
           t == TGX_SM5_ARRAY_CUBE;
}

bool emu_header_is_array(const tgx_sm5_emu_header *h)
{
    const tgx_tex_target_info *ti = tgx_tex_target_get(h->view.target);
    return ti && ti->layered;
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
