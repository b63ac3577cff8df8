// Sources/RongEnvelope/Messages/MessageIDAllocator.swift - per-connection message ids

/// Hands out the u16 message ids of one connection: 1, 2, …, 65535, then 1 again. Never 0.
///
/// Both Web SDKs count this way (WEBv2 `MessageIdHandler.messageIdPlus`, ENGINE
/// `_generateMessageId`: reset to 0 at 65535, then increment before use). One counter serves
/// PUBLISH and QUERY alike, so ids are unique per connection across both until the counter wraps.
/// A peer must still key its pending requests by kind and id, as ENGINE does (`pub_<id>`,
/// `qry_<id>`): the other side numbers its own packets independently, and after a wrap an old
/// request may be in flight with the same id (spec ENV-MSGID-001).
///
/// A value type: give each connection its own, and keep it where the connection is serialised.
public struct MessageIDAllocator: Hashable, Sendable {
    /// The last id handed out; 0 before the first call.
    public private(set) var last: UInt16

    /// A fresh allocator; the first id is 1.
    public init() { last = 0 }

    /// An allocator whose next id follows `last` (0 or 65535 → 1). For resuming and for tests.
    public init(last: UInt16) { self.last = last }

    /// The next id.
    public mutating func next() -> UInt16 {
        last = last == UInt16.max ? 1 : last + 1
        return last
    }
}
