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
