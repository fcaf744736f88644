/* Declarations shared inside src/tgsi (not part of the public interface). */
#ifndef TGX_TGSI_INTERNAL_H
#define TGX_TGSI_INTERNAL_H

#include "tgx/tgsi.h"

/* Name of a PROPERTY value printed by name (GS_INPUT_PRIMITIVE TRIANGLES, NEXT_SHADER FRAG,
 * FS_COORD_ORIGIN LOWER_LEFT, ...); NULL when the property's values print as numbers or v is out
 * of range. */
const char *tgx_tgsi_property_value_name(unsigned prop, unsigned v);
bool tgx_tgsi_property_has_named_values(unsigned prop);

#endif
