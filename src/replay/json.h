/* replay/json.h — a small, strict JSON reader (RFC 8259) for case files.
 *
 * Strict: no comments, no trailing commas, no leading zeros, no bare control characters in
 * strings, no duplicate keys, one value per document. Numbers keep their original text next to
 * the double, so integers above 2^53 and hex strings can be read exactly by the caller.
 * Every value remembers the line and column it starts at, for diagnostics.
 */
#ifndef TGX_REPLAY_JSON_H
#define TGX_REPLAY_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "tgx/diag.h"

typedef enum tgx_json_kind {
    TGX_JSON_NULL,
    TGX_JSON_BOOL,
    TGX_JSON_NUMBER,
    TGX_JSON_STRING,
    TGX_JSON_ARRAY,
    TGX_JSON_OBJECT,
} tgx_json_kind;

typedef struct tgx_json tgx_json;
struct tgx_json {
    tgx_json_kind kind;
    unsigned line, column; /* where the value starts, 1-based */
    bool boolean;
    double number;
    char *text;      /* STRING: decoded UTF-8 (NUL-terminated); NUMBER: the original text */
    size_t length;   /* bytes in text (a decoded string may contain NUL) */
    tgx_json *items; /* ARRAY elements / OBJECT member values, in document order */
    char **keys;     /* OBJECT member names, parallel to items */
    size_t count;
};

/* Parses text[0..size). On success *out owns a tree to release with tgx_json_free. On error the
 * diag names file:line:col. */
tgx_status tgx_json_parse(const char *text, size_t size, const char *file, tgx_json *out,
                          tgx_diag *d);
void tgx_json_free(tgx_json *v);

/* Member of an object by name, or NULL (also NULL when o is not an object). */
const tgx_json *tgx_json_get(const tgx_json *o, const char *key);
/* Element i of an array, or NULL. */
const tgx_json *tgx_json_at(const tgx_json *a, size_t i);
const char *tgx_json_kind_name(tgx_json_kind k);

/* Exact integer reading of a NUMBER written as an integer (no fraction, no exponent) in range,
 * or of a STRING "0x..." hex word. Return false if v is not such a value. */
bool tgx_json_u32(const tgx_json *v, uint32_t *out);
bool tgx_json_i64(const tgx_json *v, int64_t *out);

#endif
