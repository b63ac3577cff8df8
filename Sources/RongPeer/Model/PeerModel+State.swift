// Sources/RongPeer/Model/PeerModel+State.swift - the JSON served at GET /state

import RongCodec

extension PeerModel {
    /// The observable state (PEER-OBS-001): per user the devices online, unread counts by
    /// conversation, the offline queue (inbox entries no device has confirmed), inbox size and read
    /// times; history sizes by conversation; chatrooms; expansions; group receipts; the push log;
    /// counters and recent events; ultragroups' channels, default levels and changes, and each
    /// user's ultragroup read times. `user` limits `users` and the push log to one user.
    public func snapshot(user only: String? = nil) -> JSONValue {
        let t = now
        let offlineCut = t - app.offlineRetention.milliseconds
        var users: [(String, JSONValue)] = []
        // One user is looked up, not found among all of them (a million users: microseconds, not seconds).
        let ids: [String]
        if let only {
            ids = fixture.users[only] != nil || sessions.online[only] != nil || messages.inboxes[only] != nil || conversations.unread[only] != nil ? [only] : []
        } else {
            ids = Set(fixture.users.keys).union(sessions.online.keys).union(messages.inboxes.keys).union(conversations.unread.keys).sorted()
        }
        users.reserveCapacity(ids.count)
        for id in ids {
            let conns = sessions.connections(of: id)
            var unreadObject: [(String, JSONValue)] = []
            var total = 0
            var readTimes: [(String, JSONValue)] = []
            if let convs = conversations.unread[id] {
                // Each key written once (sorting compares the texts).
                for (name, key, state) in convs.map({ ($0.key.description, $0.key, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
                    if !state.pending.isEmpty {
                        unreadObject.append((name, .number(JSONNumber(state.pending.count))))
                        if key.type != .chatroom { total += state.pending.count }
                    }
                    if state.readTime > 0 { readTimes.append((name, .number(JSONNumber(state.readTime)))) }
                }
            }
            var offlineQueue = 0, received = 0, sent = 0
            if let list = messages.inboxes[id] {
                let cursor = messages.delivered[id] ?? 0
                for e in list where e.time >= offlineCut && messages[e.uid] != nil {
                    if e.direction == .received {
                        received += 1
                        if e.time > cursor { offlineQueue += 1 }
                    } else {
                        sent += 1
                    }
                }
            }
            // Members built in one go, in the order the document has always had.
            users.append((id, Self.object([
                ("online", .number(JSONNumber(conns.count))),
                ("devices", .array(conns.map { c in
                    ["connection": .number(JSONNumber(c)), "platform": .string(sessions[c]?.params.platform ?? "web")]
                })),
                ("unread", Self.object(unreadObject)),
                ("unreadTotal", .number(JSONNumber(total))),
                ("readTimes", Self.object(readTimes)),
                ("offlineQueue", .number(JSONNumber(offlineQueue))),
                ("inbox", .number(JSONNumber(received))),
                ("sentBox", .number(JSONNumber(sent))),
                ("ultragroupReadTimes", Self.object((ultragroupState.readMarks[id] ?? [:]).sorted { $0.key < $1.key }.map {
                    ($0.key.description, .number(JSONNumber($0.value.time)))
                })),
            ])))
        }
        var historyObject: [(String, JSONValue)] = []
        for (name, key, list) in messages.history.map({ ($0.key.description, $0.key, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            let cut = t - retention(of: key)
            // Lists are in time order: count from the first entry inside the retention.
            let live = list.count - list.prefix { (messages[$0]?.time ?? 0) < cut }.count
            historyObject.append((name, .number(JSONNumber(live))))
        }
        var rooms: [(String, JSONValue)] = []
        for (id, r) in chatrooms.rooms.sorted(by: { $0.key < $1.key }) {
            // The member, KV and control state, and the dispatch counts (PEER-PRIO-004).
            guard case .object(var room) = Self.chatroomState(r, now: t) else { continue }
            room["dispatch"] = dispatchSnapshot(id)
            rooms.append((id, .object(room)))
        }
        var expansions: [(String, JSONValue)] = []
        for (uid, m) in messages.messages.filter({ $0.value.expansion?.isEmpty == false }).sorted(by: { $0.key < $1.key }) {
            expansions.append((uid, Self.object(m.expansion!.sorted(by: { $0.key < $1.key }).map { ($0.key, .string($0.value)) })))
        }
        var receiptObject: [(String, JSONValue)] = []
        for (key, readers) in conversations.receipts.map({ ($0.key.description, $0.value) }).sorted(by: { $0.0 < $1.0 }) {
            receiptObject.append((key, Self.object(readers.sorted(by: { $0.key < $1.key }).map { ($0.key, .number(JSONNumber($0.value.time))) })))
        }
        // Ultragroups: the channels known, each channel's default level, and the change log's size.
        var ultragroupObject: [(String, JSONValue)] = []
        for id in Set(fixture.ultragroups.keys).union(ultragroupState.channels.keys).sorted() {
            let levels = ultragroupState.defaultLevels.filter { $0.key.group == id }.sorted { $0.key < $1.key }
            ultragroupObject.append((id, Self.object([
                ("channels", .array((ultragroupState.channels[id] ?? []).sorted().map { .string($0) })),
                ("defaultLevels", Self.object(levels.map { ($0.key.channel, .number(JSONNumber(Int($0.value)))) })),
                ("changes", .number(JSONNumber(ultragroupState.changes.filter { $0.channel.group == id }.count))),
            ])))
        }
        let recalled: [JSONValue] = messages.messages.filter { $0.value.recalled != nil }.keys.sorted().map { .string($0) }
        let pushes = eventLog.pushes.filter { only == nil || $0.receiver == only }.map { p -> JSONValue in
            var o = JSONObject()
            o["time"] = .number(JSONNumber(p.time))
            o["receiver"] = .string(p.receiver)
            o["sender"] = .string(p.sender)
            o["conversationType"] = .string(p.conversationType.name)
            o["targetId"] = .string(p.targetId)
            o["objectName"] = .string(p.objectName)
            o["messageUId"] = .string(p.messageUId)
            o["pushText"] = .string(p.pushText)
            if let d = p.pushData { o["pushData"] = .string(d) }
            if let r = p.recalledUId { o["recalledUId"] = .string(r) }
            if let why = p.skipped { o["skipped"] = .string(why) }
            return .object(o)
        }
        var s = JSONObject()
        let st = stats
        for (k, v) in [
            ("connectionsAccepted", st.connectionsAccepted), ("connectionsRefused", st.connectionsRefused), ("kicked", st.kicked),
            ("published", st.published), ("rejected", st.rejected), ("resendsDeduplicated", st.resendsDeduplicated),
            ("statusDelivered", st.statusDelivered), ("statusDropped", st.statusDropped), ("notifies", st.notifies), ("pulls", st.pulls), ("pings", st.pings),
            ("historyQueries", st.historyQueries), ("malformed", st.malformed), ("oversized", st.oversized),
            ("slowConsumers", st.slowConsumers), ("unexpected", st.unexpected), ("rateLimited", st.rateLimited), ("messagesStored", messages.messages.count),
            ("onlineConnections", sessions.sessions.count),
        ] {
            s[k] = .number(JSONNumber(v))
        }
        var root = JSONObject()
        root["time"] = .number(JSONNumber(t))
        root["profile"] = .string(app.profile.rawValue)
        root["users"] = Self.object(users)
        root["history"] = Self.object(historyObject)
        root["chatrooms"] = Self.object(rooms)
        root["expansions"] = Self.object(expansions)
        root["receipts"] = Self.object(receiptObject)
        root["ultragroups"] = Self.object(ultragroupObject)
        root["recalled"] = .array(recalled)
        root["pushCount"] = .number(JSONNumber(eventLog.pushCount))
        root["pushSkipped"] = .number(JSONNumber(eventLog.pushSkipped))
        root["pushLog"] = .array(pushes)
        root["stats"] = .object(s)
        root["events"] = .array(eventLog.events.map { .string($0) })
        return .object(root)
    }

    /// An object from members with distinct keys, in linear time: `JSONObject`'s setter looks
    /// keys up one by one, which is quadratic for /state's thousands of conversations (and a
    /// write-and-parse round trip cost /state 2 minutes for 100,000 users in a debug build).
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(uncheckedMembers: members.map { .init(key: $0.0, value: $0.1) }))
    }
}
