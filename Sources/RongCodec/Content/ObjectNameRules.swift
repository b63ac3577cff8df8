// Sources/RongCodec/Content/ObjectNameRules.swift - validation of custom objectNames

/// Rules for the objectNames of user-registered custom types.
///
/// The seeds reserve a prefix for built-in types: `RC:` (001:697, 002:906, iOS header) or, in the
/// newer document, any name starting with `RC` (000:9378). No seed gives a length limit or a
/// character set; RongWire's defaults (64 bytes of printable ASCII without spaces) are the
/// kit's own choice (spec requirement CONTENT-NAME-002), and every rule is configurable.
public struct ObjectNameRules: Hashable, Sendable {
    /// Which prefix is reserved for RongCloud's built-in types.
    public enum ReservedPrefix: String, Hashable, Sendable, CaseIterable {
        /// Names starting with `RC:` are rejected (default; 001, 002 and the iOS header).
        case rcColon
        /// Names starting with `RC` are rejected (the stricter reading of 000:9378).
        case rc
        /// No reserved prefix.
        case none
    }

    /// The reserved prefix. Default ``ReservedPrefix/rcColon``.
    public var reservedPrefix: ReservedPrefix
    /// Maximum length in UTF-8 bytes. Default 64.
    public var maxLength: Int
    /// Whether a byte may appear in a name. Default: printable ASCII 0x21...0x7E.
    public var allowedBytes: ClosedRange<UInt8>

    /// Creates rules.
    public init(reservedPrefix: ReservedPrefix = .rcColon, maxLength: Int = 64, allowedBytes: ClosedRange<UInt8> = 0x21...0x7E) {
        self.reservedPrefix = reservedPrefix
        self.maxLength = maxLength
        self.allowedBytes = allowedBytes
    }

    /// The default rules.
    public static let `default` = ObjectNameRules()

    /// Throws ``CodecError/Code/invalidObjectName`` if `name` breaks a rule.
    public func validate(_ name: String) throws(CodecError) {
        let bytes = Array(name.utf8)
        if bytes.isEmpty { throw CodecError(.invalidObjectName, "an objectName must not be empty") }
        if bytes.count > maxLength {
            throw CodecError(.invalidObjectName, "objectName \"\(name)\" is \(bytes.count) bytes, above the limit of \(maxLength)")
        }
        if let i = bytes.firstIndex(where: { !allowedBytes.contains($0) }) {
            throw CodecError(.invalidObjectName, "objectName \"\(name)\" has a disallowed byte 0x\(String(bytes[i], radix: 16)) at \(i)", offset: i)
        }
        switch reservedPrefix {
        case .rcColon where name.hasPrefix("RC:"):
            throw CodecError(.invalidObjectName, "objectName \"\(name)\" uses the reserved prefix \"RC:\"")
        case .rc where name.hasPrefix("RC"):
            throw CodecError(.invalidObjectName, "objectName \"\(name)\" uses the reserved prefix \"RC\"")
        default: break
        }
    }
}
