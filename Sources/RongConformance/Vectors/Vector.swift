// Sources/RongConformance/Vectors/Vector.swift - one conformance test vector

import RongCodec
import RongEnvelope

/// A conformance test vector, as loaded from a YAML file in `vectors/` (format: `spec/vectors.md`).
public struct Vector: Sendable, Hashable {
    /// Requirement level.
    public enum Level: String, Sendable, Hashable, CaseIterable {
        /// `required` (MUST), `recommended` (SHOULD), `optional` (MAY).
        case required, recommended, optional

        /// The first component of ids at this level (`Required`).
        public var idPrefix: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    /// What the testee is asked to do.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The kind as written in vector files (`decode`, `frame-decode`, `x-…`).
        public let rawValue: String
        /// The kind written `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The raw value.
        public var description: String { rawValue }

        /// Content bytes → the normalized value, optionally also the canonical bytes.
        public static let decode = Kind(rawValue: "decode")
        /// A normalized value → the exact canonical bytes.
        public static let encode = Kind(rawValue: "encode")
        /// Content bytes → the canonical bytes after decode then encode.
        public static let roundtrip = Kind(rawValue: "roundtrip")
        /// Packet bytes → the packet JSON form (spec/envelope.md).
        public static let frameDecode = Kind(rawValue: "frame-decode")
        /// The packet JSON form → the exact packet bytes.
        public static let frameEncode = Kind(rawValue: "frame-encode")
        /// Bytes → the parsed JSON value (JSON layer only, no content type).
        public static let jsonParse = Kind(rawValue: "json-parse")
        /// The UTF-8 bytes of a custom objectName → the name, or `invalidObjectName`.
        public static let objectName = Kind(rawValue: "objectname")
        /// The UTF-8 bytes of a built-in objectName → its persistence flag as a number, or
        /// `unknownObjectName`.
        public static let persistence = Kind(rawValue: "persistence")
        /// The UTF-8 bytes of a built-in objectName → its attributes as `{"command": bool,
        /// "media": bool}`, or `unknownObjectName`.
        public static let attributes = Kind(rawValue: "attributes")
        /// A server PUBLISH, or a `pullMsg`/`chrmPull` QUERYACK → the received message, or the pull
        /// result, in the inbound message JSON form.
        public static let messageDecode = Kind(rawValue: "message-decode")
        /// A message to send, in the outbound message JSON form → the exact bytes of its client
        /// PUBLISH (topic, sessionId bits, UpStreamMessage).
        public static let messageEncode = Kind(rawValue: "message-encode")

        /// The kinds this version of the format defines.
        public static let known: [Kind] = [
            .decode, .encode, .roundtrip, .frameDecode, .frameEncode, .jsonParse, .objectName, .persistence, .attributes,
            .messageDecode, .messageEncode,
        ] + nimKinds

        /// Whether this is an extension kind (`x-...`): loaded, sent to the testee, and skipped by
        /// implementations that do not know it. Any other kind outside ``known`` is a load error.
        public var isExtension: Bool {
            rawValue.hasPrefix("x-") && rawValue.count > 2
                && rawValue.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }
        }

        /// Whether the kind needs `objectName`.
        public var isContent: Bool { self == .decode || self == .encode || self == .roundtrip }
        /// Whether the kind works on packets (`$` members are derived, spec/vectors.md).
        public var isFrame: Bool { self == .frameDecode || self == .frameEncode }
        /// Whether the kind needs `from`.
        public var needsFrom: Bool { isFrame || self == .messageDecode }
        /// Whether the input is a value rather than bytes.
        public var takesValue: Bool { self == .encode || self == .frameEncode || self == .messageEncode }
    }

    /// The input: bytes or a normalized value.
    public enum Input: Sendable, Hashable {
        /// Input bytes (`json`, `hex`, `base64`, `repeat` or `hexRepeat` in the file).
        case bytes([UInt8])
        /// A normalized value or packet JSON (`value`), for `encode` and `frame-encode`.
        case value(JSONValue)
    }

    /// The expected outcome.
    public enum Outcome: String, Sendable, Hashable {
        /// `accept`: must succeed; `reject`: must fail; `either`: implementation-defined (any outcome
        /// passes, but an accepted value must still match).
        case accept, reject, either
    }

    /// What the vector expects.
    public struct Expectation: Sendable, Hashable {
        /// Whether the input must be accepted, rejected, or either.
        public var outcome: Outcome
        /// The value an accepting testee must produce, compared as JSON values.
        public var value: JSONValue?
        /// The exact output bytes (`json`, `hex`, `repeat`, `hexRepeat`), compared byte for byte; for
        /// `decode` and `json-parse` only when the testee returns bytes.
        public var bytes: [UInt8]?
        /// For `reject`: the expected error code; a different code is a note, not a failure.
        public var error: String?
        /// For `accept`: the leniency rules that fire; checked only when the testee reports them.
        public var leniencies: [String]?
    }

    /// Stable dotted id, level first (`Required.Content.TxtMsg.UserIconAlias`).
    public var id: String
    /// The requirement level; matches the first component of ``id``.
    public var level: Level
    /// The requirement ids from `spec/` the vector checks (at least one).
    public var spec: [String]
    /// Free-form tags for filtering (`leniency`, `unicode`, ...).
    public var tags: [String]
    /// One sentence on what the vector shows and where the shape comes from.
    public var description: String?
    /// What the testee does with the input.
    public var kind: Kind
    /// The content type (`RC:TxtMsg`); required for content kinds.
    public var objectName: String?
    /// `client` or `server` for frame kinds.
    public var from: String?
    /// Decoder options: the vector's `options` over the defaults (131,072 bytes, depth 64, lenient).
    public var options: DecodingOptions
    /// For QUERYACK frames: the topic of the QUERY it answers (`options.queryTopic`).
    public var queryTopic: Topic?
    /// For `message-decode`: the receiving user (`options.currentUserId`), the sender of an echoed
    /// message and the one whose own pulled messages are `sent`.
    public var currentUserId: String? = nil
    /// For frame kinds: the connection's protocol version (`options.protocolVer`), which decides
    /// a CONNACK's layout; nil when the vector does not say (version 3).
    public var protocolVersion: ProtocolVersion? = nil
    /// For the NIM kinds: the NIM form (`options.form`; spec/nim.md) that `nim-read` and
    /// `nim-to-rc` read (nil: told from the record's keys) and `rc-to-nim` writes (nil: RongWire's).
    public var nimForm: String? = nil
    /// Whether decoder options (`maxBytes`, `maxDepth`, `mode`) were given explicitly; they are
    /// then sent to the testee. `queryTopic`, `currentUserId` and `protocolVer` are sent on their
    /// own.
    public var hasOptions: Bool
    /// The input bytes or value, from the file's `input`.
    public var input: Input
    /// The expected outcome and outputs.
    public var expect: Expectation
    /// Where the vector was defined.
    public var file: String
    /// The line in ``file`` where the vector starts; 0 when unknown.
    public var line: Int

    /// The area used to group results: the second and third id components (`Content.TxtMsg`).
    public var area: String {
        let parts = id.split(separator: ".")
        return parts.dropFirst().prefix(2).joined(separator: ".")
    }
}
