/* Placeholder so a layer with no sources yet still forms a library. */
typedef int tgx_empty_translation_unit;
