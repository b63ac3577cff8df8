// Sources/RongPeer/PeerModel+State.swift - the JSON served at GET /state

import RongCodec

extension PeerModel {
    /// The observable state (PEER-OBS-001): per user the devices online, unread counts by
    /// conversation, the offline queue (inbox entries no device has confirmed), inbox size and read
    /// times; history sizes by conversation; chatrooms; expansions; group receipts; the push log;
    /// counters and recent events. `user` limits `users` and the push log to one user.
    public func snapshot(user only: String? = nil) -> JSONValue {
        let t = now
        let offlineCut = t - app.offlineRetention
        var users = JSONObject()
        let ids = Set(fixture.users.keys).union(online.keys).union(inboxes.keys).union(unread.keys)
        for id in ids.sorted() where only == nil || only == id {
            var u = JSONObject()
            let conns = online[id] ?? []
            u["online"] = .number(JSONNumber(conns.count))
            u["devices"] = .array(conns.map { c in
                ["connection": .number(JSONNumber(c)), "platform": .string(sessions[c]?.params.platform ?? "web")]
            })
            var unreadObject = JSONObject()
            var total = 0
            for (conv, s) in (unread[id] ?? [:]).sorted(by: { $0.key < $1.key }) where !s.pending.isEmpty {
                unreadObject[conv] = .number(JSONNumber(s.pending.count))
                if !conv.hasPrefix("chatroom:") { total += s.pending.count }
            }
            u["unread"] = .object(unreadObject)
            u["unreadTotal"] = .number(JSONNumber(total))
            var readTimes = JSONObject()
            for (conv, s) in (unread[id] ?? [:]).sorted(by: { $0.key < $1.key }) where s.readTime > 0 {
                readTimes[conv] = .number(JSONNumber(s.readTime))
            }
            u["readTimes"] = .object(readTimes)
            let inbox = (inboxes[id] ?? []).filter { $0.time >= offlineCut && messages[$0.uid] != nil }
            let cursor = delivered[id] ?? 0
            u["offlineQueue"] = .number(JSONNumber(inbox.filter { $0.direction == .received && $0.time > cursor }.count))
            u["inbox"] = .number(JSONNumber(inbox.filter { $0.direction == .received }.count))
            u["sentBox"] = .number(JSONNumber(inbox.filter { $0.direction == .sent }.count))
            users[id] = .object(u)
        }
        var historyObject = JSONObject()
        for (key, list) in history.sorted(by: { $0.key < $1.key }) {
            let cut = t - retention(ofHistoryKey: key)
            historyObject[key] = .number(JSONNumber(list.filter { (messages[$0]?.time ?? 0) >= cut }.count))
        }
        var rooms = JSONObject()
        for (id, r) in chatrooms.sorted(by: { $0.key < $1.key }) {
            rooms[id] = ["members": .array(r.members.keys.sorted().map { .string($0) }), "recent": .number(JSONNumber(r.recent.count))]
        }
        var expansions = JSONObject()
        for (uid, m) in messages.sorted(by: { $0.key < $1.key }) where m.expansion?.isEmpty == false {
            var e = JSONObject()
            for (k, v) in m.expansion!.sorted(by: { $0.key < $1.key }) { e[k] = .string(v) }
            expansions[uid] = .object(e)
        }
        var receiptObject = JSONObject()
        for (uid, readers) in receipts.sorted(by: { $0.key < $1.key }) {
            var r = JSONObject()
            for (reader, time) in readers.sorted(by: { $0.key < $1.key }) { r[reader] = .number(JSONNumber(time)) }
            receiptObject[uid] = .object(r)
        }
        var recalled: [JSONValue] = []
        for (uid, m) in messages.sorted(by: { $0.key < $1.key }) where m.recalled != nil { recalled.append(.string(uid)) }
        let pushes = pushLog.filter { only == nil || $0.receiver == only }.map { p -> JSONValue in
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
            return .object(o)
        }
        var s = JSONObject()
        let st = stats
        for (k, v) in [
            ("connectionsAccepted", st.connectionsAccepted), ("connectionsRefused", st.connectionsRefused), ("kicked", st.kicked),
            ("published", st.published), ("rejected", st.rejected), ("resendsDeduplicated", st.resendsDeduplicated),
            ("statusDelivered", st.statusDelivered), ("statusDropped", st.statusDropped), ("notifies", st.notifies), ("pulls", st.pulls), ("pings", st.pings),
            ("historyQueries", st.historyQueries), ("malformed", st.malformed), ("oversized", st.oversized),
            ("slowConsumers", st.slowConsumers), ("unexpected", st.unexpected), ("messagesStored", messages.count),
            ("onlineConnections", sessions.count),
        ] {
            s[k] = .number(JSONNumber(v))
        }
        var root = JSONObject()
        root["time"] = .number(JSONNumber(t))
        root["profile"] = .string(app.profile.rawValue)
        root["users"] = .object(users)
        root["history"] = .object(historyObject)
        root["chatrooms"] = .object(rooms)
        root["expansions"] = .object(expansions)
        root["receipts"] = .object(receiptObject)
        root["recalled"] = .array(recalled)
        root["pushCount"] = .number(JSONNumber(pushCount))
        root["pushLog"] = .array(pushes)
        root["stats"] = .object(s)
        root["events"] = .array(events.map { .string($0) })
        return .object(root)
    }
}
