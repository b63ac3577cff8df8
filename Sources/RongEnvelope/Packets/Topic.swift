// Sources/RongEnvelope/Packets/Topic.swift - the method name of a PUBLISH or QUERY, as a type

import RongCodec

/// The topic of a PUBLISH (either direction) or a QUERY: the method the packet invokes, which
/// decides its body type (spec/envelope.md ENV-BODY-002).
///
/// Every topic RongWire knows is a static member named as its wire text (``ppMsgP``,
/// ``pullMsg``, ``s_msg``; the list is in `Topic+Known.swift`), so a misspelled topic is a
/// compile error rather than a silent miss. Any other text is a topic too: a frame's topic is
/// never refused for being unknown, and ``init(_:)`` / ``init(rawValue:)`` never fail.
///
/// ```swift
/// let publish = Packet.Publish(topic: .ppMsgP, targetId: "bob", messageId: 1, payload: body)
/// let unknown = Topic("pullSubData")        // a topic without a static member (5.30's)
/// switch packet.topic {
/// case .s_msg?: ...
/// default: ...
/// }
/// ```
///
/// A topic holds its header string as decoded (``wire``): a topic read from bytes that are not
/// the canonical CESU-8 form of its text keeps those bytes, so the packet re-encodes to the same
/// frame, and two such topics are equal only when their bytes are (as ``RMTPString``). The
/// topics of real frames are ASCII, where the text is the bytes.
///
/// Topic is not `ExpressibleByStringLiteral`: a literal would bypass the known members this type
/// exists for; write ``init(_:)`` for a topic without one.
public struct Topic: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The header string: the text and, when it was read in a non-canonical form, its bytes.
    public let wire: RMTPString

    /// A topic from its text, written in the canonical (CESU-8) form. Never fails: unknown
    /// topics are topics.
    @inline(__always)
    public init(_ text: String) {
        wire = RMTPString(text)
    }

    /// A topic from its text (``init(_:)``); never nil.
    @inline(__always)
    public init(rawValue: String) {
        self.init(rawValue)
    }

    /// The topic a header string names, its exact bytes kept (a decoded frame's topic).
    @inline(__always)
    public init(wire: RMTPString) {
        self.wire = wire
    }

    /// The topic's text (``RMTPString/text`` of ``wire``).
    @inline(__always)
    public var text: String { wire.text }

    /// The topic's text.
    public var rawValue: String { wire.text }

    public var description: String { wire.text }

    @inline(__always)
    public static func == (a: Topic, b: Topic) -> Bool { a.wire == b.wire }

    /// Hashes the text only: equal topics have equal text, and the table lookups
    /// (``BodyType/queryRequests``, ...) need not hash the absent exact bytes.
    @inline(__always)
    public func hash(into hasher: inout Hasher) { hasher.combine(wire.text) }
}
