// Sources/RongPeer/Client/PeerClientResults.swift - what a client gets back: surfaced messages and PUBACK outcomes

import RongCodec
import RongEnvelope

/// A message the client surfaced to its user, once per UID.
public struct PeerReceivedMessage: Sendable {
    /// How it arrived.
    public enum Via: String, Sendable {
        /// A `pullMsg` reply.
        case pull
        /// A `chrmPull` reply.
        case chatroomPull
        /// An `s_msg` push.
        case push
        /// The user's own message from another device (dup bit), completed by the PUBACK.
        case sync
        /// A `pullUgMsg` reply (after `s_cmd` 6, PEER-UG-002).
        case ultragroupPull
    }

    /// The message, decoded by `RongEnvelope`.
    public var message: InboundMessage
    /// How it arrived.
    public var via: Via

    /// A surfaced message.
    public init(message: InboundMessage, via: Via) {
        self.message = message
        self.via = via
    }

    /// The content as a JSON value (canonical form), for matching and printing.
    public var content: JSONValue {
        (try? message.content.jsonBytes()).flatMap { try? JSONValue(parsing: $0) } ?? .null
    }
}

/// The outcome of a PUBLISH.
public struct PeerSendResult: Sendable, Hashable {
    /// 0 on success, else the peer's error status.
    public var status: UInt16
    /// The server-assigned UID (empty on error).
    public var messageUId: String
    /// The message's sent time, ms (date × 1000 + millisecond).
    public var sentTime: Int64
}

/// A server PUBLISH that is not a message: `s_cmd`, `s_opNtf`, `s_us`, `rtc_ntf`, a read time
/// synced from another device (`updUgRTime`), `s_ntf`. What scenarios check with `notices`.
public struct PeerNotice: Sendable {
    /// The topic.
    public var topic: String
    /// The body in the body JSON form of its type (spec/envelope.md), or `{"bodyHex": …}` for a
    /// topic without one.
    public var body: JSONValue
    /// The dup bit (a sync from the user's other device).
    public var dup: Bool

    /// A notice.
    public init(topic: String, body: JSONValue, dup: Bool) {
        self.topic = topic
        self.body = body
        self.dup = dup
    }

    /// `{"topic": …, "body": …, "dup": …}`, what a `notices` matcher matches.
    public var view: JSONValue {
        ["topic": .string(topic), "body": body, "dup": .bool(dup)]
    }
}
