// Sources/RongPeer/Model/PeerModel+KeptSettings.swift - chatroom KV, conversation status and the conversation list

import RongCodec
import RongEnvelope
import SwiftProtobuf

/// Chatroom KV (PEER-CHRM-004) and pin / do-not-disturb (PEER-QUERY-002): what `setKV`/`delKV`
/// and `setSeAtt` write is kept, `pullKV` and `pullSeAtts` read it back, and the other
/// connections that hold a copy hear of a change by `s_cmd` (NotifyMsg type 2 with `chrmId`, type
/// 3), which ENGINE follows with the pull (lines 5895-5907). The conversation list
/// (`qryRelationR`, PEER-QUERY-003) is built from cloud history.
extension PeerModel {
    /// ChrmKVEntity status bits (ENGINE lines 3285-3322, 1310-1317).
    enum EntryBits {
        static let autoDelete: Int32 = 0x01
        static let overwrite: Int32 = 0x02
        static let delete: Int32 = 0x04
    }

    /// `pullKV`: with `time` 0 every entry the room holds, else every change at or after `time`
    /// (removals included, status bit 0x04): ENGINE pulls with the `s_cmd`'s time.
    func chatroomEntries(room: String, after time: Int64) -> [Modules_ChrmKVEntity] {
        let all = (chatrooms[room]?.entries ?? [:]).values
        let picked = time == 0 ? all.filter { $0.status & EntryBits.delete == 0 } : all.filter { $0.timestamp >= time }
        return picked.sorted { ($0.timestamp, $0.key) < ($1.timestamp, $1.key) }
    }

    /// `setKV`/`delKV` (both SetChrmKV; bit 0x04 removes): a member sets or removes a key. A key
    /// another user set changes only with the overwrite bit (23424); removing a key the room does
    /// not hold is 23427 (RUST's codes, official-sdks.md § 7). The room's other members'
    /// connections and the setter's other devices get `s_cmd` type 2.
    mutating func setChatroomEntry(room: String, user: String, _ req: Modules_SetChrmKV, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        guard chatrooms[room]!.members[user] != nil else { return [queryAck(conn, id, status: PeerStatus.notInChatroom)] }
        let wanted = req.entry
        let current = chatrooms[room]!.entries[wanted.key].flatMap { $0.status & EntryBits.delete == 0 ? $0 : nil }
        let removing = wanted.status & EntryBits.delete != 0
        if removing && current == nil { return [queryAck(conn, id, status: PeerStatus.chatroomKeyNotExist)] }
        if let current, current.uid != user, wanted.status & EntryBits.overwrite == 0 {
            return [queryAck(conn, id, status: PeerStatus.chatroomKeyNotOwned)]
        }
        var entry = Modules_ChrmKVEntity()
        entry.key = wanted.key
        entry.value = removing ? "" : wanted.value
        entry.status = wanted.status & (EntryBits.autoDelete | EntryBits.overwrite | EntryBits.delete)
        entry.uid = user
        entry.timestamp = now
        chatrooms[room]!.entries[wanted.key] = entry
        log("conn#\(conn) \(user) \(removing ? "removed" : "set") chatroom \(room) key \(wanted.key)")
        var out = [queryAck(conn, id, status: PeerStatus.ok)]
        let members = chatrooms[room]!.members.keys.sorted()
        for member in members {
            for other in online[member] ?? [] where other != conn {
                out.append(command(other, type: 2, time: entry.timestamp, chatroom: room))
            }
        }
        return out
    }

    /// `pullSeAtts`: the conversations whose status changed at or after `time` (ENGINE asks with
    /// the newest state time it holds; two changes may share a millisecond), each with every item
    /// set so far (ENGINE resets an item a state leaves out, lines 3003-3018).
    func conversationStates(of user: String, after time: Int64) -> [Modules_SessionState] {
        (conversationStatus[user] ?? [:]).values.filter { $0.time >= time }
            .sorted { ($0.time, $0.channelID) < ($1.time, $1.channelID) }
    }

    /// `setSeAtt`: merge the items into each conversation's kept state, stamped with the peer's
    /// time; the user's other connections get `s_cmd` type 3 (ENGINE then pulls `pullSeAtts`).
    mutating func setConversationStates(user: String, _ states: [Modules_SessionState], from conn: ConnectionID) -> [PeerOutput] {
        guard !states.isEmpty else { return [] }
        let t = now
        for s in states {
            let key = "\(s.type.rawValue):\(s.channelID)"
            var kept = conversationStatus[user, default: [:]][key] ?? {
                var fresh = Modules_SessionState()
                fresh.type = s.type
                fresh.channelID = s.channelID
                return fresh
            }()
            for item in s.stateItem where item.sessionStateType != .tags {
                kept.stateItem.removeAll { $0.sessionStateType == item.sessionStateType }
                var copy = Modules_SessionStateItem()
                copy.sessionStateType = item.sessionStateType
                copy.value = item.value
                kept.stateItem.append(copy)
            }
            kept.stateItem.sort { $0.sessionStateType.rawValue < $1.sessionStateType.rawValue }
            kept.time = t
            conversationStatus[user, default: [:]][key] = kept
        }
        log("conn#\(conn) \(user) set the status of \(states.count) conversation(s)")
        var out: [PeerOutput] = []
        for other in online[user] ?? [] where other != conn {
            out.append(command(other, type: 3, time: t, chatroom: nil))
        }
        return out
    }

    /// `s_cmd`: "pull this again": NotifyMsg type 2 (a room's KV, `chrmId`) or 3 (conversation
    /// status), with the change's time.
    mutating func command(_ conn: ConnectionID, type: Int32, time: Int64, chatroom: String?) -> PeerOutput {
        var n = Modules_NotifyMsg()
        n.type = type
        n.time = time
        if let chatroom { n.chrmID = chatroom }
        let (d, _) = date(now)
        let publish = Packet.ServerPublish(date: d, topic: "s_cmd", targetId: RMTPString(sessions[conn]!.user), messageId: nextId(conn), payload: protoBytes(n))
        return .packet(conn, Packet(.serverPublish(publish), retain: true))
    }

    /// `qryRelationR`: the user's private and group conversations that have cloud history, each
    /// with its newest message (ENGINE reads `msg`, research note § 5) and the unread count,
    /// newest first; a conversation removed with `delRelation` is left out until a newer message.
    func conversations(of user: String) -> [Modules_RelationInfo] {
        var list: [(time: Int64, info: Modules_RelationInfo)] = []
        for uids in history.values {
            guard let last = uids.last.flatMap({ messages[$0] }) else { continue }
            let target: String
            switch last.type {
            case .private:
                guard last.sender == user || last.target == user else { continue }
                target = last.sender == user ? last.target : last.sender
            case .group:
                guard fixture.groups[last.target]?.members.contains(user) == true else { continue }
                target = last.target
            default:
                continue
            }
            let conversation = conversationKey(last, for: user)
            if let removed = removedConversations[user]?[conversation], removed >= last.time { continue }
            var info = Modules_RelationInfo()
            info.type = Modules_ChannelType(rawValue: last.type.rawValue) ?? .person
            info.userID = target
            info.msg = downStream(last, for: user, direction: last.sender == user ? .sent : .received, retrieved: true)
            info.unreadCount = Int64(unread[user]?[conversation]?.pending.count ?? 0)
            info.readMsgTime = unread[user]?[conversation]?.readTime ?? 0
            list.append((last.time, info))
        }
        return list.sorted { ($0.time, $0.info.userID) > ($1.time, $1.info.userID) }.map(\.info)
    }

    /// `delRelation` (targetId = the conversation; ENGINE sends its type in RelationQryInput) and
    /// `delSessions`: the conversation leaves the user's list; its history stays.
    mutating func removeConversation(user: String, target: String, type: ConversationType?) {
        for t in type.map({ [$0] }) ?? [.private, .group] {
            removedConversations[user, default: [:]]["\(t.name):\(target)"] = now
        }
    }

    /// `delMsg` (DeleteMsgInput; ENGINE lines 6142-6157): the listed messages leave the user's
    /// history of that conversation; the other participants still see them.
    mutating func deleteMessages(user: String, _ req: Modules_DeleteMsgInput) {
        for m in req.msgs where !m.msgID.isEmpty {
            deletedFromHistory[user, default: []].insert(m.msgID)
        }
    }

    /// `cleanPMsg`, `cleanGMsg` (CleanHisMsgInput{`targetId`, `dataTime`}; ENGINE lines
    /// 6158-6174): the user's history of that conversation loses every message sent at or before
    /// `dataTime`. The other clean topics name conversation types the peer keeps no history for.
    mutating func clearHistory(user: String, topic: String, _ req: Modules_CleanHisMsgInput) {
        let key: String
        switch topic {
        case "cleanPMsg": key = historyKey(type: .private, a: user, b: req.targetID)
        case "cleanGMsg": key = historyKey(type: .group, a: user, b: req.targetID)
        default: return
        }
        historyClearedUpTo[user, default: [:]][key] = max(historyClearedUpTo[user]?[key] ?? 0, req.dataTime)
    }

    /// Whether `m` is still in `user`'s history under `key` (not deleted, not cleared).
    func isInHistory(_ m: StoredMessage, of user: String, key: String) -> Bool {
        if deletedFromHistory[user]?.contains(m.uid) == true { return false }
        if let cleared = historyClearedUpTo[user]?[key], m.time <= cleared { return false }
        return true
    }
}
