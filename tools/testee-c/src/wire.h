/* wire.h - proto2 reading rules that protobuf-c does not apply by itself.
 *
 * protobuf-c's unpack differs from protobuf's reference parsers (C++, Java, Go, and the
 * SwiftProtobuf RongWire uses) on inputs those parsers treat as unknown fields: it rejects a
 * known field sent with another wire type (and reads a bool from any wire type), rejects groups,
 * accepts field number 0 (written 80 00) and tags above 32 bits, keeps enum numbers the enum does
 * not define, and checks the required fields of each occurrence of a singular sub-message given
 * more than once before merging them. wire_normalize
 * walks a payload with the schema's descriptors, decides what is malformed, and writes the part
 * protobuf-c should see: known fields with their wire type, enum values the enum defines,
 * varints in shortest form, and every occurrence of a singular sub-message merged into one (the
 * proto2 rule: a message field given twice is the concatenation of both). protobuf-c then only
 * stores values and checks required fields. */
#ifndef RW_WIRE_H
#define RW_WIRE_H

#include <stddef.h>
#include <stdint.h>

#include <protobuf-c/protobuf-c.h>

#include "buf.h"
#include "err.h"
#include "region.h"

/* Nesting of messages and groups allowed in a payload, the top-level message counting 1
 * (the default limit of protobuf's C++ and Swift parsers). */
#define WIRE_MAX_DEPTH 100

/* Appends the normalized form of payload p (a message of type d, the schema's declared
 * descriptor) to out. Fails with protobufDecoding when p is not a protobuf encoding of d: a
 * truncated or overlong varint, a tag with field number 0 or above 32 bits, a length past the
 * end, wire types 6 and 7, unbalanced groups, nesting beyond WIRE_MAX_DEPTH, or a string field
 * that is not UTF-8. */
int wire_normalize(Region *rg, const ProtobufCMessageDescriptor *d, const uint8_t *p, size_t n, Buf *out, Err *e);

#endif
