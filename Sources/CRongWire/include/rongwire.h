/// rongwire.h - the C interface of librongwire: RongWire's content codec, envelope and NIM
/// converter for any language that can call C (C11; C++ through extern "C").
///
/// Every function takes its inputs as pointer and length, writes its output into a
/// `rongwire_result` the caller owns, and returns a `rongwire_status`. The outputs are the same
/// bytes the `rongwire` command line prints for the same input: `rongwire_decode_content` is
/// `rongwire decode`, `rongwire_encode_content` is `rongwire encode`, `rongwire_types` is
/// `rongwire types --json`, `rongwire_decode_frame` and `rongwire_encode_frame` are
/// `rongwire frame decode|encode`, `rongwire_read_message` is `rongwire frame decode --message`.
///
/// Rules that hold for every function:
/// - Thread safety: any function may run on any number of threads at once. The library keeps no
///   mutable global state; a `rongwire_result` belongs to the caller.
/// - Inputs are hostile: a decoder or reader never crashes on any bytes. Malformed, oversized or
///   deeply nested input, invalid UTF-8 and unknown names are `RONGWIRE_REJECTED` with a stable
///   error code; a NULL pointer with a non-zero length, a length above `PTRDIFF_MAX`, an unknown
///   side, operation or flag, or an out-of-range option is `RONGWIRE_INVALID_ARGUMENT` (code
///   `invalidArgument`). A pointer to fewer bytes than its length says is the caller's bug, as
///   in every C API.
/// - Outputs: on `RONGWIRE_OK`, `result->data` holds `result->length` bytes followed by one NUL
///   byte (not counted), so JSON text can be used as a C string. On failure `data` is NULL and
///   the `error_` members say why. Free what a call wrote with `rongwire_free`.
/// - Nothing crosses the boundary but these values: no Swift error, no exception, no signal.
#ifndef RONGWIRE_H
#define RONGWIRE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The library version: `rongwire --version` of the same release.
#define RONGWIRE_VERSION "0.1.0"
/// The version's parts, for compile-time checks.
#define RONGWIRE_VERSION_MAJOR 0
#define RONGWIRE_VERSION_MINOR 1
#define RONGWIRE_VERSION_PATCH 0

/// What a call returns.
typedef enum rongwire_status {
    /// The call succeeded; `result->data` holds the output.
    RONGWIRE_OK = 0,
    /// The input is invalid: `result->error_code` is a stable code of spec/vectors.md
    /// (`typeMismatch`, `truncated`, `unknownObjectName`, `sizeLimit`, ...).
    RONGWIRE_REJECTED = 1,
    /// The call itself is wrong (see the rules above); `result->error_code` is `invalidArgument`.
    /// When `result` itself is NULL nothing is written.
    RONGWIRE_INVALID_ARGUMENT = 2
} rongwire_status;

/// Who sent a packet: RMTP packets have different layouts in the two directions.
typedef enum rongwire_side {
    /// A client → server packet (`--from client`).
    RONGWIRE_FROM_CLIENT = 1,
    /// A server → client packet (`--from server`).
    RONGWIRE_FROM_SERVER = 2
} rongwire_side;

/// The conversions of `rongwire_convert_nim` (spec/nim.md).
typedef enum rongwire_nim_operation {
    /// A NIM record in RongWire's NIM message JSON form → the record in canonical form
    /// (vector kind `nim-decode`; the form is read strictly, NIM-JSON-001).
    RONGWIRE_NIM_DECODE = 1,
    /// A NIM record in any NIM form → `{"form", "record", "loss"}` (`nim-read`, `rongwire nim decode`).
    RONGWIRE_NIM_READ = 2,
    /// A NIM record in any NIM form → `{"output": RongCloud record or null, "loss"}`
    /// (`nim-to-rc`, `rongwire nim to-rc`).
    RONGWIRE_NIM_TO_RC = 3,
    /// A RongCloud record → `{"output": NIM record or null, "loss"}` (`rc-to-nim`,
    /// `rongwire nim from-rc`).
    RONGWIRE_NIM_FROM_RC = 4
} rongwire_nim_operation;

/// Flags of `rongwire_options.flags`; any other bit is `RONGWIRE_INVALID_ARGUMENT`.
///
/// `RONGWIRE_STRICT`: decode and validate in strict mode: input that is valid but not
/// normalized (a leniency rule would apply, an alias objectName) is `notNormalized`
/// (`rongwire decode --strict`). `rongwire_encode_content` is always strict unless
/// `RONGWIRE_LENIENT` is given; the NIM conversions treat any loss as `lossyConversion`.
#define RONGWIRE_STRICT 0x01u
/// `rongwire_encode_content` accepts every form the decoder accepts (`rongwire encode --lenient`).
#define RONGWIRE_LENIENT 0x02u
/// JSON outputs indented by two spaces (`--pretty`) instead of compact canonical JSON.
#define RONGWIRE_PRETTY 0x04u
/// `rongwire_decode_content` outputs the canonical content bytes (what a sender writes and a
/// store keeps: decode then encode, the vector kind `roundtrip`) instead of the normalized JSON.
/// The two differ only for types whose canonical empty content is zero bytes (RC:RLJoin,
/// RC:RLQuit) and for unregistered types, whose bytes are kept as they came.
#define RONGWIRE_CANONICAL 0x08u
/// `rongwire_decode_frame` leaves payloads undecoded, as `bodyHex` (`--raw-body`).
#define RONGWIRE_RAW_BODY 0x10u
/// Adds the conformance kit's example custom types (Live:LikeMsg, Live:GiftMsg) to the
/// registry, and uses the kit's NIM custom-type mapping when `rongwire_convert_nim` is given
/// none: what the optional `Live:` and the NIM vectors assume (`rongwire conform` in-process).
#define RONGWIRE_KIT_EXAMPLES 0x20u

/// Options of a call. A zero-initialized struct (`rongwire_options o = {0};`), or passing NULL,
/// gives the defaults.
typedef struct rongwire_options {
    /// The largest input accepted, in bytes; 0: the default, 131,072 (the protocol's content
    /// limit) for content, JSON text and NIM records, 16 MiB for frames and the packet and
    /// message JSON forms. Larger input is `sizeLimit`.
    size_t max_bytes;
    /// The deepest nesting of JSON objects and arrays accepted; 0: 64. At most 1024.
    uint32_t max_depth;
    /// `RONGWIRE_STRICT`, `RONGWIRE_LENIENT`, ... or'ed together.
    uint32_t flags;
    /// For a QUERYACK: the topic of the QUERY it answers (`pullMsg`, `qryRelationR`, ...), which
    /// decides its body type (`--query-topic`); NULL: none. UTF-8, `query_topic_length` bytes.
    const char *query_topic;
    /// The length of `query_topic` in bytes.
    size_t query_topic_length;
    /// For `rongwire_read_message`: the current user's id, shown as the sender of the user's
    /// own messages echoed from another device (`--user-id`); NULL: unknown. UTF-8.
    const char *user_id;
    /// The length of `user_id` in bytes.
    size_t user_id_length;
    /// For the frame calls: the protocol version of the connection the packet travels on, 3 or
    /// 4; 0: 3. A CONNACK's layout depends on it and nothing in the packet says which
    /// (spec/envelope.md, ENV-PKT-013). Any other value is `RONGWIRE_INVALID_ARGUMENT`.
    uint32_t protocol_version;
} rongwire_options;

/// `rongwire_result.info` bit: the objectName is not registered. `rongwire_decode_content`
/// then outputs the content as plain JSON (or, with `RONGWIRE_CANONICAL`, its bytes untouched),
/// as `rongwire decode` does with a note.
#define RONGWIRE_INFO_UNREGISTERED 0x01u

/// What a call writes. The caller owns it: pass a zero-initialized struct, and free what a
/// call wrote with `rongwire_free` before reusing it (a call overwrites every member).
typedef struct rongwire_result {
    /// The output (JSON text, content bytes or packet bytes), followed by a NUL byte that
    /// `length` does not count; NULL unless the call returned `RONGWIRE_OK`.
    uint8_t *data;
    /// The number of output bytes.
    size_t length;
    /// On failure: the stable error code (`typeMismatch`, `invalidArgument`, ...); NULL on success.
    char *error_code;
    /// On failure: a human explanation (not stable: do not match on it); NULL on success.
    char *error_message;
    /// On failure: the JSON path of the value at fault (`$.user.name`), or NULL when the error
    /// is not about a JSON value.
    char *error_path;
    /// On failure: the byte offset into the input where the problem was found, or -1.
    int64_t error_offset;
    /// `rongwire_decode_content` and `rongwire_validate_content`: the leniency rules that fired
    /// (spec/content-common.md), comma-separated (`avatarIcon,numericString`); NULL when none
    /// fired and for every other function.
    char *leniencies;
    /// `RONGWIRE_INFO_...` bits about the output.
    uint32_t info;
} rongwire_result;

/// Frees every buffer `result` holds and resets it (pointers NULL, `length` 0, `error_offset`
/// -1), so freeing twice is harmless. NULL, and a zero-initialized result, are allowed.
void rongwire_free(rongwire_result *result);

/// The library version, `RONGWIRE_VERSION` of the build (a static string: do not free it).
const char *rongwire_version(void);

/// Decodes content bytes of type `object_name` (`RC:TxtMsg`, or an alias spelling) into the
/// normalized value as compact JSON: canonical key names and types after the documented
/// leniency rules, unknown keys kept (`rongwire decode`). An unregistered objectName gives the
/// content as plain JSON and sets `RONGWIRE_INFO_UNREGISTERED`. Options: `max_bytes`,
/// `max_depth`, `RONGWIRE_STRICT`, `RONGWIRE_PRETTY`, `RONGWIRE_CANONICAL`,
/// `RONGWIRE_KIT_EXAMPLES`.
rongwire_status rongwire_decode_content(const char *object_name, size_t object_name_length, const uint8_t *content,
                                        size_t content_length, const rongwire_options *options,
                                        rongwire_result *result);

/// Whether content bytes are a valid content of type `object_name`, checked as
/// `rongwire_decode_content` decodes them (the same errors, codes, offsets and paths) without
/// building the value: `RONGWIRE_OK` with no output (`data` is an empty string), with the
/// leniency rules that fired. An unregistered objectName is accepted when the bytes are JSON
/// (`RONGWIRE_INFO_UNREGISTERED`).
rongwire_status rongwire_validate_content(const char *object_name, size_t object_name_length, const uint8_t *content,
                                          size_t content_length, const rongwire_options *options,
                                          rongwire_result *result);

/// Encodes a normalized value (JSON text, as `rongwire_decode_content` outputs it) into the
/// canonical content bytes of `object_name` (`rongwire encode`). The value must already be
/// normalized (`notNormalized` otherwise) unless `RONGWIRE_LENIENT` is given; an unregistered
/// objectName is `unknownObjectName`.
rongwire_status rongwire_encode_content(const char *object_name, size_t object_name_length, const uint8_t *json,
                                        size_t json_length, const rongwire_options *options,
                                        rongwire_result *result);

/// The content type catalog as a JSON array, one object per type: objectName, swiftType,
/// persistence {name, value}, command, media, officialRegistry, open, aliases, keys
/// (`rongwire types --json`, which is this with `RONGWIRE_PRETTY`).
rongwire_status rongwire_types(const rongwire_options *options, rongwire_result *result);

/// Decodes the bytes of one RMTP packet (one WebSocket binary message) sent by `side` into the
/// packet JSON form of spec/envelope.md (`rongwire frame decode`). Options: `query_topic`,
/// `RONGWIRE_RAW_BODY`, `RONGWIRE_PRETTY`, `RONGWIRE_KIT_EXAMPLES`, `max_bytes`.
rongwire_status rongwire_decode_frame(rongwire_side side, const uint8_t *frame, size_t frame_length,
                                      const rongwire_options *options, rongwire_result *result);

/// Encodes the packet JSON form (as `rongwire_decode_frame` outputs it; `$` members are
/// ignored) into the packet's bytes (`rongwire frame encode`).
rongwire_status rongwire_encode_frame(rongwire_side side, const uint8_t *json, size_t json_length,
                                      const rongwire_options *options, rongwire_result *result);

/// Composes the client PUBLISH for a message given in the outbound message JSON form of
/// spec/envelope.md (`{"conversationType": 3, "targetId": "g1", "objectName": "RC:TxtMsg",
/// "content": "{\"content\":\"hi\"}", "messageId": 1, ...}`; vector kind `message-encode`) and
/// outputs the packet's bytes.
rongwire_status rongwire_compose_message(const uint8_t *json, size_t json_length, const rongwire_options *options,
                                         rongwire_result *result);

/// Reads a received message: a server PUBLISH into the inbound message JSON form, or a QUERYACK
/// answering `pullMsg` or `chrmPull` (give `query_topic`) into the pull result
/// (`rongwire frame decode --message`). Options: `user_id`, `query_topic`, `RONGWIRE_PRETTY`,
/// `RONGWIRE_KIT_EXAMPLES`, `max_bytes`. Any other packet is `notAMessage`.
rongwire_status rongwire_read_message(rongwire_side side, const uint8_t *frame, size_t frame_length,
                                      const rongwire_options *options, rongwire_result *result);

/// Parses one JSON text by the content codec's strict rules (RFC 8259; no duplicate keys, no
/// lone surrogate escapes, `max_bytes` and `max_depth`) and outputs it as canonical JSON
/// (vector kind `json-parse`).
rongwire_status rongwire_parse_json(const uint8_t *json, size_t json_length, const rongwire_options *options,
                                    rongwire_result *result);

/// Checks an objectName against RongCloud's naming rules for custom types (vector kind
/// `objectname`): `RONGWIRE_OK` with the name as output, or `invalidObjectName`.
rongwire_status rongwire_check_object_name(const char *object_name, size_t object_name_length,
                                           const rongwire_options *options, rongwire_result *result);

/// Converts between NetEase Yunxin (NIM) messages and RongCloud messages (spec/nim.md; the
/// records of `rongwire nim`). `form` names the NIM form read (`rongwire`, `server-v1-send`,
/// `server-v1-history`, `server-v2`, `c-sdk`, `web-sdk`; NULL: told from the record's keys) or,
/// for `RONGWIRE_NIM_FROM_RC`, written (NULL: `rongwire`). `types` is a custom-type mapping
/// (the JSON of `rongwire nim --types FILE`), or NULL for none (or, with
/// `RONGWIRE_KIT_EXAMPLES`, the kit's). `RONGWIRE_STRICT` makes any loss `lossyConversion`.
rongwire_status rongwire_convert_nim(rongwire_nim_operation operation, const char *form, size_t form_length,
                                     const uint8_t *types, size_t types_length, const uint8_t *record,
                                     size_t record_length, const rongwire_options *options,
                                     rongwire_result *result);

#ifdef __cplusplus
}
#endif

#endif /* RONGWIRE_H */
