/* body.h - protobuf payloads of PUBLISH, QUERY and QUERYACK through protobuf-c, converted to and
 * from the body JSON of spec/envelope.md generically, by the descriptors' field names. */
#ifndef RW_BODY_H
#define RW_BODY_H

#include <stddef.h>
#include <stdint.h>

#include <protobuf-c/protobuf-c.h>

#include "buf.h"
#include "err.h"
#include "json.h"
#include "region.h"

/* Builds the descriptor tables and checks the generated schema is one the JSON form handles.
 * Returns 0 (with a reason in why) when it is not. */
int body_init(char *why, size_t n);

/* The message type with this schema name (`UpStreamMessage`), or NULL. */
const ProtobufCMessageDescriptor *body_type(const char *name, size_t len);

/* The body type a payload holds, by topic (spec/envelope.md ENV-BODY-002); NULL when none. */
const ProtobufCMessageDescriptor *body_for_client_publish(const char *topic, size_t len);
const ProtobufCMessageDescriptor *body_for_server_publish(const char *topic, size_t len);
const ProtobufCMessageDescriptor *body_for_query(const char *topic, size_t len);
const ProtobufCMessageDescriptor *body_for_query_ack(const char *query_topic, size_t len);

/* Payload bytes → body JSON. Errors: protobufDecoding, missingRequiredField. */
JValue *body_decode(Region *rg, const ProtobufCMessageDescriptor *type, const uint8_t *p, size_t n, Err *e);

/* Body JSON → canonical payload bytes (fields in number order), appended to out. `path` names
 * the body in error messages. */
int body_encode(Region *rg, const ProtobufCMessageDescriptor *type, const JValue *v, const char *path, Buf *out,
                Err *e);

#endif
