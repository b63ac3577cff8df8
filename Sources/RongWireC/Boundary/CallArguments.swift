// Sources/RongWireC/Boundary/CallArguments.swift - C arguments read into Swift values, checked

import CRongWire
import RongCodec
import RongConformance
import RongEnvelope

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The C arguments of the calls, read without copying the input bytes. Every check that a C
/// caller can fail without a bad pointer lives here: NULL with a length, a `size_t` above
/// `PTRDIFF_MAX` (which arrives here as a negative `Int`), names that are not UTF-8.
enum CallArguments {
    /// The longest name accepted (objectName, topic, user id, NIM form): RMTP strings carry a
    /// 16-bit length, so no name on the wire is longer.
    static let maxNameBytes = 65_535

    /// `length` bytes at `pointer`, borrowed for the call. NULL is allowed with length 0 (empty
    /// input).
    static func bytes(_ pointer: UnsafeRawPointer?, _ length: Int, _ what: StaticString) throws(CodecError) -> UnsafeRawBufferPointer {
        guard length >= 0 else {
            throw CodecError(.invalidArgument, "\(what)_length is above PTRDIFF_MAX")
        }
        if length == 0 { return UnsafeRawBufferPointer(start: nil, count: 0) }
        guard let pointer else { throw CodecError(.invalidArgument, "\(what) is NULL with a length of \(length)") }
        return UnsafeRawBufferPointer(start: pointer, count: length)
    }

    /// A UTF-8 name of at most ``maxNameBytes``; `code` is the error for a name that is too long
    /// or not UTF-8 (`invalidObjectName` for objectNames, which come from the wire).
    static func name(_ pointer: UnsafePointer<CChar>?, _ length: Int, _ what: StaticString, code: CodecError.Code) throws(CodecError) -> String {
        let raw = try bytes(pointer, length, what)
        guard raw.count <= maxNameBytes else { throw CodecError(code, "\(what) is longer than \(maxNameBytes) bytes") }
        // `String(decoding:as:)` on a buffer is the standard library's concrete fast path; it
        // repairs invalid UTF-8 with U+FFFD, so the name is valid exactly when the bytes come
        // back unchanged. `String(validating:as:)` is generic and looked up metadata on every
        // call: about 1,000 instructions per objectName, 6% of a decode through the interface.
        var s = String(decoding: raw.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        let unchanged = s.withUTF8 { u in
            u.count == raw.count && (u.isEmpty || memcmp(u.baseAddress!, raw.baseAddress!, u.count) == 0)
        }
        guard unchanged else { throw CodecError(code, "\(what) is not valid UTF-8") }
        return s
    }

    /// The input bytes, at most `limit` of them: more is `sizeLimit` at the offset of the limit,
    /// as the command line reports an input above its limit.
    static func limited(_ raw: UnsafeRawBufferPointer, limit: Int) throws(CodecError) -> UnsafeRawBufferPointer {
        guard raw.count <= limit else { throw CodecError(.sizeLimit, "the input is larger than the limit of \(limit) bytes", offset: limit) }
        return raw
    }

    /// The JSON text of a JSON input, parsed with `options`' depth and no size limit of its own
    /// (the input's was checked).
    static func json(_ raw: UnsafeRawBufferPointer, depth: Int) throws(CodecError) -> JSONValue {
        try JSONValue(parsing: raw, options: DecodingOptions(maxContentBytes: .max, maxDepth: depth))
    }

    /// The side of a frame call.
    static func side(_ value: rongwire_side) throws(CodecError) -> Side {
        switch value {
        case RONGWIRE_FROM_CLIENT: return .client
        case RONGWIRE_FROM_SERVER: return .server
        default: throw CodecError(.invalidArgument, "side must be RONGWIRE_FROM_CLIENT or RONGWIRE_FROM_SERVER, not \(value.rawValue)")
        }
    }
}

/// `rongwire_options`, checked: NULL and zero members are the defaults.
struct CallOptions {
    /// Every flag the header defines.
    static let knownFlags: UInt32 = RONGWIRE_STRICT | RONGWIRE_LENIENT | RONGWIRE_PRETTY | RONGWIRE_CANONICAL | RONGWIRE_RAW_BODY | RONGWIRE_KIT_EXAMPLES
    /// The input limit of frames and of the packet and message JSON forms when none is given:
    /// the command line's (16 MiB).
    static let frameLimit = 16 << 20

    /// `max_bytes`, nil for the default of the call.
    var maxBytes: Int?
    /// `max_depth`, 64 when not given.
    var maxDepth = 64
    /// `flags`.
    var flags: UInt32 = 0
    /// `query_topic`'s bytes, checked; borrowed for the call, like every input. The two names
    /// stay bytes until a call reads them, so that the options hold no reference: copying them,
    /// which every call does, costs no retain or release.
    private var queryTopicBytes: UnsafeRawBufferPointer?
    /// `user_id`'s bytes, checked.
    private var userIdBytes: UnsafeRawBufferPointer?
    /// `protocol_version`, 3 when not given.
    var protocolVersion = ProtocolVersion.v3

    init(_ pointer: UnsafePointer<rongwire_options>?) throws(CodecError) {
        guard let o = pointer?.pointee else { return }
        guard o.max_bytes >= 0 else { throw CodecError(.invalidArgument, "max_bytes is above PTRDIFF_MAX") }
        if o.max_bytes > 0 { maxBytes = o.max_bytes }
        if o.max_depth > 0 {
            guard o.max_depth <= DecodingOptions.maximumDepthLimit else {
                throw CodecError(.invalidArgument, "max_depth must be at most \(DecodingOptions.maximumDepthLimit), not \(o.max_depth)")
            }
            maxDepth = Int(o.max_depth)
        }
        guard o.flags & ~Self.knownFlags == 0 else {
            throw CodecError(.invalidArgument, "unknown flags 0x\(String(o.flags & ~Self.knownFlags, radix: 16))")
        }
        flags = o.flags
        if o.query_topic != nil || o.query_topic_length > 0 {
            _ = try CallArguments.name(o.query_topic, o.query_topic_length, "query_topic", code: .invalidArgument)
            queryTopicBytes = UnsafeRawBufferPointer(start: o.query_topic, count: o.query_topic_length)
        }
        if o.protocol_version != 0 {
            guard o.protocol_version <= UInt8.max, let v = ProtocolVersion(rawValue: UInt8(o.protocol_version)) else {
                throw CodecError(.invalidArgument, "protocol_version must be 3 or 4, not \(o.protocol_version)")
            }
            protocolVersion = v
        }
        if o.user_id != nil || o.user_id_length > 0 {
            _ = try CallArguments.name(o.user_id, o.user_id_length, "user_id", code: .invalidArgument)
            userIdBytes = UnsafeRawBufferPointer(start: o.user_id, count: o.user_id_length)
        }
    }

    /// `query_topic`, nil when not given.
    var queryTopic: Topic? { queryTopicBytes.map { Topic(String(decoding: $0, as: UTF8.self)) } }

    /// `user_id`, empty when not given.
    var userId: String { userIdBytes.map { String(decoding: $0, as: UTF8.self) } ?? "" }

    func has(_ flag: UInt32) -> Bool { flags & flag != 0 }

    /// The content registry: the built-in catalog, with the kit's example types on request.
    var registry: ContentRegistry { has(RONGWIRE_KIT_EXAMPLES) ? .conformance : .builtIn }

    /// Decoding options for content and JSON text: `max_bytes` (default 131,072), `max_depth`,
    /// strict when asked.
    var content: DecodingOptions {
        DecodingOptions(
            maxContentBytes: maxBytes ?? DecodingOptions.protocolContentLimit, maxDepth: maxDepth,
            mode: has(RONGWIRE_STRICT) ? .strict : .lenient)
    }

    /// The input limit of frames and the packet and message JSON forms.
    var frameLimit: Int { maxBytes ?? Self.frameLimit }

    /// A JSON value as the output text: compact canonical JSON, or indented with `RONGWIRE_PRETTY`.
    func text(_ value: JSONValue) throws(CodecError) -> [UInt8] {
        has(RONGWIRE_PRETTY) ? Array(try value.prettyText().utf8) : try value.canonicalBytes()
    }
}
