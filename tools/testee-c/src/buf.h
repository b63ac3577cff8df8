/* buf.h - a growable byte buffer in a region, and hex text */
#ifndef RW_BUF_H
#define RW_BUF_H

#include <stddef.h>
#include <stdint.h>

#include "region.h"

typedef struct Buf {
    Region *rg;
    uint8_t *data;
    size_t len, cap;
} Buf;

void buf_init(Buf *b, Region *rg);
void buf_reserve(Buf *b, size_t extra);
void buf_put(Buf *b, const void *p, size_t n);
void buf_byte(Buf *b, uint8_t c);
void buf_str(Buf *b, const char *s);
void buf_u16(Buf *b, unsigned v);       /* big-endian */
void buf_u32(Buf *b, uint32_t v);       /* big-endian */
void buf_u64(Buf *b, uint64_t v);       /* big-endian */

/* Lower-case hex of n bytes into b. */
void buf_hex(Buf *b, const uint8_t *p, size_t n);
/* Bytes of hex text (pairs of digits, either case, nothing else). Returns 0 when malformed. */
int hex_decode(Region *rg, const char *s, size_t n, uint8_t **out, size_t *out_len);

#endif
