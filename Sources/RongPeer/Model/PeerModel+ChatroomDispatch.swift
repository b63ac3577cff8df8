// Sources/RongPeer/Model/PeerModel+ChatroomDispatch.swift - live-room priority: capacity, low-priority discard, whitelist

import RongCodec

extension PeerFixture {
    /// How a chatroom dispatches its messages when it is busy (spec/peer.md, "Live-room
    /// priority"; 002:1033, 1054-1068): at most ``capacity`` messages a second reach the
    /// members; past it the room discards low-priority messages (the app's
    /// ``AppSettings/lowPriority`` object names) and never a high-priority one, nor one from a
    /// user on the ``whitelist`` (the host).
    public struct ChatroomDispatch: Sendable, Hashable {
        /// Messages a second the room dispatches before it discards low-priority ones; nil: no limit.
        public var capacity: Int?
        /// Users whose messages are never discarded (the seed's host whitelist, 002:1068).
        public var whitelist: Set<String> = []

        /// No limit, no whitelist.
        public init(capacity: Int? = nil, whitelist: Set<String> = []) {
            self.capacity = capacity
            self.whitelist = whitelist
        }
    }
}

extension PeerModel {
    /// Whether a chatroom message from `sender` with `objectName` is dispatched to the room's
    /// members (true), or discarded because the room is over its capacity (false); counts either
    /// way. Only a low-priority message from a user off the whitelist is ever discarded.
    mutating func admitToChatroom(_ room: String, sender: String, objectName: String) -> Bool {
        let settings = fixture.chatroomDispatch[room]
        let cls: ChatroomStore.DispatchClass = app.lowPriority.contains(objectName) ? .low : .high
        let admitted = chatrooms.admit(
            room, cls, whitelisted: settings?.whitelist.contains(sender) == true, capacity: settings?.capacity, at: clock.nowMillis())
        if !admitted {
            recordEvent("chatroom \(room): \(objectName) from \(sender) discarded (over capacity \(settings?.capacity ?? 0)/s, low priority)")
        }
        return admitted
    }

    /// The `dispatch` member of a room in /state: what was dispatched and discarded, by class,
    /// and the room's capacity (null: no limit).
    func dispatchSnapshot(_ room: String) -> JSONValue {
        let d = chatrooms[room]?.dispatch ?? ChatroomStore.DispatchState()
        let capacity: JSONValue = fixture.chatroomDispatch[room]?.capacity.map { .number(JSONNumber($0)) } ?? .null
        return [
            "capacity": capacity,
            "dispatched": ["high": .number(JSONNumber(d.dispatched[0])), "low": .number(JSONNumber(d.dispatched[1]))],
            "discarded": ["high": .number(JSONNumber(d.discarded[0])), "low": .number(JSONNumber(d.discarded[1]))],
        ]
    }
}
