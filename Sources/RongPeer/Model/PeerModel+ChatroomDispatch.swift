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
    /// Priority class of a chatroom message.
    enum DispatchClass: Int, Sendable {
        case high = 0
        case low = 1
    }

    /// What one room dispatched and discarded, and when it dispatched in the last second.
    struct ChatroomDispatchState: Sendable {
        /// Dispatched, by class (high, low).
        var dispatched = [0, 0]
        /// Discarded, by class (high stays 0: the rule, counted so /state shows it).
        var discarded = [0, 0]
        /// Times of the dispatches within the last second, oldest first from `head`.
        var window: [Int64] = []
        var head = 0

        /// Drops the window's entries older than a second before `t`; the count left.
        mutating func inWindow(at t: Int64) -> Int {
            while head < window.count && window[head] <= t - 1000 { head += 1 }
            if head > 1024 && head * 2 > window.count {
                window.removeFirst(head)
                head = 0
            }
            return window.count - head
        }
    }

    /// Whether a chatroom message from `sender` with `objectName` is dispatched to the room's
    /// members (true), or discarded because the room is over its capacity (false); counts either
    /// way. Only a low-priority message from a user off the whitelist is ever discarded.
    mutating func admitToChatroom(_ room: String, sender: String, objectName: String) -> Bool {
        guard chatrooms[room] != nil else { return true }
        let settings = fixture.chatroomDispatch[room]
        let cls: DispatchClass = app.lowPriority.contains(objectName) ? .low : .high
        var admitted = true
        if let capacity = settings?.capacity {
            let t = clock.nowMillis()
            let busy = chatrooms[room]!.dispatch.inWindow(at: t) >= capacity
            if busy && cls == .low && settings?.whitelist.contains(sender) != true {
                admitted = false
            } else {
                chatrooms[room]!.dispatch.window.append(t)
            }
        }
        if admitted {
            chatrooms[room]!.dispatch.dispatched[cls.rawValue] += 1
        } else {
            chatrooms[room]!.dispatch.discarded[cls.rawValue] += 1
            log("chatroom \(room): \(objectName) from \(sender) discarded (over capacity \(settings?.capacity ?? 0)/s, low priority)")
        }
        return admitted
    }

    /// The `dispatch` member of a room in /state: what was dispatched and discarded, by class,
    /// and the room's capacity (null: no limit).
    func dispatchSnapshot(_ room: String) -> JSONValue {
        let d = chatrooms[room]?.dispatch ?? ChatroomDispatchState()
        let capacity: JSONValue = fixture.chatroomDispatch[room]?.capacity.map { .number(JSONNumber($0)) } ?? .null
        return [
            "capacity": capacity,
            "dispatched": ["high": .number(JSONNumber(d.dispatched[0])), "low": .number(JSONNumber(d.dispatched[1]))],
            "discarded": ["high": .number(JSONNumber(d.discarded[0])), "low": .number(JSONNumber(d.discarded[1]))],
        ]
    }
}
