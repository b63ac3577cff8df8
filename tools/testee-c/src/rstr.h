/* rstr.h - RMTP header strings: u16 length + bytes, written as CESU-8 and read as CESU-8 or
 * UTF-8 (spec/envelope.md ENV-STR-001..006). */
#ifndef RW_RSTR_H
#define RW_RSTR_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "region.h"

/* Checks n wire bytes. On success sets *text and *tlen to the UTF-8 text (NUL-terminated copy) and
 * *canonical to whether the bytes are the CESU-8 form of that text, and returns 1. Otherwise
 * returns 0 with *bad the offset of the offending sequence and *why a description. */
int rstr_decode(Region *rg, const uint8_t *b, size_t n, char **text, size_t *tlen, int *canonical,
                size_t *bad, const char **why);

/* Appends the CESU-8 form of well-formed UTF-8 text: each UTF-16 code unit as 1-3 bytes. */
void rstr_cesu8(Buf *out, const char *text, size_t len);

#endif
