/* tgx/util.h — small helpers with defined behaviour where C's is undefined, and file reading.
 *
 * C's float-to-int conversion of NaN or out-of-range values is undefined behaviour; GPUs saturate
 * and map NaN to 0. Every float-to-int conversion in tgx goes through these.
 */
#ifndef TGX_UTIL_H
#define TGX_UTIL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "tgx/diag.h"

/* C++ programs link libtgx as it is: its names are C names. */
#ifdef __cplusplus
extern "C" {
#endif

int32_t tgx_f2i_sat(float f);  /* trunc toward 0, saturate, NaN -> 0 */
uint32_t tgx_f2u_sat(float f); /* trunc toward 0, saturate to [0, 2^32-1], NaN -> 0 */
int32_t tgx_d2i_sat(double d);
uint32_t tgx_d2u_sat(double d);
int64_t tgx_d2i64_sat(double d);
uint64_t tgx_d2u64_sat(double d);
int32_t tgx_floor_to_i32(float f); /* floor then saturate, NaN -> 0 */

/* Reads all of text as a float, in C's strtof/strtod syntax (1, -2.5e3, 0x1p-3, inf, nan),
 * but a finite number the type cannot hold is refused instead of silently becoming inf or 0:
 * TGX_ERR_LIMIT, with *why "is too large for a 32-bit float (it would become inf; ...)" or "is
 * too small ... (it would become 0)". A denormal result is kept. Text that is not one number
 * is TGX_ERR_PARSE ("is not a number"). *out is only written on TGX_OK; why may be NULL. */
tgx_status tgx_parse_f32(const char *text, float *out, const char **why);
tgx_status tgx_parse_f64(const char *text, double *out, const char **why);

/* Bit casts. memcpy is the cast both C and C++ define (a union's other member is C's only);
 * compilers turn it into a register move. */
static inline uint32_t tgx_f2bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}
static inline float tgx_bits2f(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}
static inline uint64_t tgx_d2bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}
static inline double tgx_bits2d(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* IEEE half <-> float. half->float is exact (denormals, NaN payloads kept); float->half rounds
 * to nearest even. */
float tgx_half_to_float(uint16_t h);
uint16_t tgx_float_to_half(float f);

/* The most bytes tgx_read_file reads from one file: every input tgx holds whole in memory (TGSI
 * and assembly text, cubins and code files, case.json, TGXR and PNG files, --const @FILE) is at
 * most this large, so a device or pipe that never ends cannot exhaust memory. */
#define TGX_READ_FILE_MAX ((size_t)256 << 20)

/* Reads a whole file ("-" is stdin) into a NUL-terminated buffer the caller frees. A file larger
 * than TGX_READ_FILE_MAX (a regular file by its size, before reading; anything else once it has
 * given that many bytes) is TGX_ERR_IO, "cannot read: more than 256 MiB ...". */
tgx_status tgx_read_file(const char *path, char **data, size_t *size, tgx_diag *d);
/* Writes data to path without ever destroying what path is:
 *  - a regular file (or a new one) is replaced atomically: a temporary file beside it, flushed
 *    to disk, then renamed over it; a new file gets mode 0666 less the umask, as other programs'
 *    outputs do, an existing file keeps its permission bits (and owner, where allowed);
 *  - a symbolic link is followed to the file it names (which may not exist yet), and that file
 *    is written as above; the link stays a link;
 *  - anything else (a device, a FIFO) is opened and written in place, as a shell's `>` would;
 *  - a directory is an error.
 * On an error the diag names path as given and says why (e.g. No space left on device). */
tgx_status tgx_write_file_atomic(const char *path, const void *data, size_t size, tgx_diag *d);

/* The same, a piece at a time, for outputs too large to hold (tgx lower's listing, tgx lift's
 * TGSI): tgx_out_file_open checks path and opens what tgx_write_file_atomic would write (a
 * temporary file beside a regular file, a device or FIFO in place), tgx_out_file_write adds
 * bytes (buffered), tgx_out_file_commit flushes them, renames the temporary file over path
 * and frees f, and tgx_out_file_abort drops the temporary file (path untouched) and frees f.
 * Every error is TGX_ERR_IO (NOMEM at the open) in d, naming path as given; after a failed
 * write, commit fails too and leaves path as it was. */
typedef struct tgx_out_file tgx_out_file;
tgx_status tgx_out_file_open(const char *path, tgx_out_file **f, tgx_diag *d);
tgx_status tgx_out_file_write(tgx_out_file *f, const void *data, size_t size, tgx_diag *d);
tgx_status tgx_out_file_commit(tgx_out_file *f, tgx_diag *d);
void tgx_out_file_abort(tgx_out_file *f);

#ifdef __cplusplus
}
#endif

#endif
