// Sources/RongConformance/Vector.swift - one conformance test vector

import RongCodec

/// A conformance test vector, as loaded from a YAML file in `vectors/` (format: `spec/vectors.md`).
public struct Vector: Sendable, Hashable {
    /// Requirement level.
    public enum Level: String, Sendable, Hashable, CaseIterable {
        case required, recommended, optional

        /// The first component of ids at this level (`Required`).
        public var idPrefix: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    /// What the testee is asked to do.
    public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        public static let decode = Kind(rawValue: "decode")
        public static let encode = Kind(rawValue: "encode")
        public static let roundtrip = Kind(rawValue: "roundtrip")
        public static let frameDecode = Kind(rawValue: "frame-decode")
        public static let frameEncode = Kind(rawValue: "frame-encode")
        public static let jsonParse = Kind(rawValue: "json-parse")
        public static let objectName = Kind(rawValue: "objectname")
        public static let persistence = Kind(rawValue: "persistence")
        public static let messageDecode = Kind(rawValue: "message-decode")

        /// The kinds this version of the format defines.
        public static let known: [Kind] = [
            .decode, .encode, .roundtrip, .frameDecode, .frameEncode, .jsonParse, .objectName, .persistence, .messageDecode,
        ]

        /// Whether the kind needs `objectName`.
        public var isContent: Bool { self == .decode || self == .encode || self == .roundtrip }
        /// Whether the kind works on packets (`$` members are derived, spec/vectors.md).
        public var isFrame: Bool { self == .frameDecode || self == .frameEncode }
        /// Whether the kind needs `from`.
        public var needsFrom: Bool { isFrame || self == .messageDecode }
        /// Whether the input is a value rather than bytes.
        public var takesValue: Bool { self == .encode || self == .frameEncode }
    }

    /// The input: bytes or a normalized value.
    public enum Input: Sendable, Hashable {
        case bytes([UInt8])
        case value(JSONValue)
    }

    /// The expected outcome.
    public enum Outcome: String, Sendable, Hashable {
        case accept, reject, either
    }

    /// What the vector expects.
    public struct Expectation: Sendable, Hashable {
        public var outcome: Outcome
        public var value: JSONValue?
        public var bytes: [UInt8]?
        public var error: String?
        public var leniencies: [String]?
    }

    public var id: String
    public var level: Level
    public var spec: [String]
    public var tags: [String]
    public var description: String?
    public var kind: Kind
    public var objectName: String?
    /// `client` or `server` for frame kinds.
    public var from: String?
    public var options: DecodingOptions
    /// For QUERYACK frames: the topic of the QUERY it answers (`options.queryTopic`).
    public var queryTopic: String?
    /// Whether `options` were given explicitly (they are then sent to the testee).
    public var hasOptions: Bool
    public var input: Input
    public var expect: Expectation
    /// Where the vector was defined.
    public var file: String
    public var line: Int

    /// The area used to group results: the second and third id components (`Content.TxtMsg`).
    public var area: String {
        let parts = id.split(separator: ".")
        return parts.dropFirst().prefix(2).joined(separator: ".")
    }
}
