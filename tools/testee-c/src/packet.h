/* packet.h - RMTP packets (spec/envelope.md): bytes of one frame ↔ the packet JSON form */
#ifndef RW_PACKET_H
#define RW_PACKET_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "err.h"
#include "json.h"
#include "region.h"

typedef enum { SIDE_CLIENT, SIDE_SERVER } Side;

/* Decodes one frame sent by `from` on a connection of protocol version `protocol` (3 or 4; only
 * a CONNACK's layout depends on it, ENV-PKT-013). query_topic (may be NULL) is the topic of the
 * QUERY a QUERYACK answers, which decides how its body is read. Returns the packet JSON or NULL. */
JValue *packet_decode(Region *rg, const uint8_t *b, size_t n, Side from, int protocol, const JValue *query_topic, Err *e);

/* Encodes the packet JSON form of a packet sent by `from` on a connection of protocol version
 * `protocol` (3 or 4), appending the frame to out. */
int packet_encode(Region *rg, const JValue *v, Side from, int protocol, Buf *out, Err *e);

#endif
