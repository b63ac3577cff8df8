// Sources/RongPeer/Model/PeerModel+Conversations.swift - the server-side conversation list, its removal, remote delete, pin and do-not-disturb

import RongCodec
import RongEnvelope
import SwiftProtobuf

/// The conversations a user has on the server (spec/peer.md "Conversations"): the list
/// (`qryRelationR`, PEER-QUERY-003, PEER-CONV-001), removal from it (`delRelation`), deleting
/// messages from the user's own history (`delMsg`, `clean…Msg`, PEER-HIST-003), and pin and
/// do-not-disturb (`setSeAtt`/`pullSeAtts`, PEER-QUERY-002), which the user's other devices hear
/// of by `s_cmd` type 3 and which push honours (PeerModel+ConversationPush.swift).
extension PeerModel {
    /// `pullSeAtts`: the conversations whose status changed at or after `time` (ENGINE asks with
    /// the newest state time it holds; two changes may share a millisecond), each with every item
    /// set so far (ENGINE resets an item a state leaves out, lines 3003-3018). In the order of the
    /// changes: time, then arrival (PEER-ORDER-002).
    func conversationStates(of user: String, after time: Int64) -> [Modules_SessionState] {
        (conversationStatus[user] ?? [:]).values.filter { $0.state.time >= time }
            .sorted { ($0.state.time, $0.order) < ($1.state.time, $1.order) }.map(\.state)
    }

    /// The most conversations one user may keep a state for, and the longest conversation id
    /// (user ids are at most 64 bytes, 000:606): a client cannot grow the model without bound.
    static let conversationStatesPerUser = 10_000
    static let conversationIdBytes = 64

    /// Whether `states` name conversations the user may keep a state for: ids of 1-64 bytes, and
    /// at most ``conversationStatesPerUser`` kept in all.
    func acceptsStates(of user: String, _ states: [Modules_SessionState]) -> Bool {
        let kept = conversationStatus[user] ?? [:]
        var fresh = Set<String>()
        for s in states {
            guard !s.channelID.isEmpty, s.channelID.utf8.count <= Self.conversationIdBytes else { return false }
            let key = "\(s.type.rawValue):\(s.channelID)"
            if kept[key] == nil { fresh.insert(key) }
        }
        return kept.count + fresh.count <= Self.conversationStatesPerUser
    }

    /// `setSeAtt`: merge the items into each conversation's kept state, stamped with the peer's
    /// time; the user's other connections get `s_cmd` type 3 (ENGINE then pulls `pullSeAtts`).
    /// Nil (nothing kept) when ``acceptsStates(of:_:)`` refuses them.
    mutating func setConversationStates(user: String, _ states: [Modules_SessionState], from conn: ConnectionID) -> [PeerOutput]? {
        guard acceptsStates(of: user, states) else { return nil }
        guard !states.isEmpty else { return [] }
        let t = now
        for s in states {
            let key = "\(s.type.rawValue):\(s.channelID)"
            var kept = conversationStatus[user, default: [:]][key]?.state ?? {
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
            conversationStatus[user, default: [:]][key] = KeptState(state: kept, order: nextArrival())
        }
        log("conn#\(conn) \(user) set the status of \(states.count) conversation(s)")
        var out: [PeerOutput] = []
        for other in online[user] ?? [] where other != conn {
            out.append(command(other, type: 3, time: t, chatroom: nil))
        }
        return out
    }

    /// `qryRelationR` (RelationQryInput): the user's private and group conversations that have
    /// cloud history, each with its newest message still in the user's history (ENGINE reads
    /// `msg`, research note § 5), the unread count, the read time and the unread @-mentions
    /// (`remindCount`), newest first. `startTime` > 0 pages: with `order` 0 the conversations
    /// whose newest message is older than it, with `order` 1 those newer, oldest first; `count` > 0
    /// caps the page (000:9713-9721). `type` does not filter (ENGINE sends 1 when the app names
    /// none and expects every type, ENGINE-5.0 line 8509). A conversation removed with
    /// `delRelation` is left out until a newer message. The page also stops at the reply budget
    /// (PEER-PULL-002); `isFinished` says whether it holds the rest.
    func conversations(of user: String, _ req: Modules_RelationQryInput) -> Modules_RelationsOutput {
        var list: [(time: Int64, info: Modules_RelationInfo)] = []
        for (key, uids) in history {
            guard let newest = uids.last.flatMap({ messages[$0] }) else { continue }
            switch newest.type {
            case .private: guard newest.sender == user || newest.target == user else { continue }
            case .group: guard fixture.groups[newest.target]?.members.contains(user) == true else { continue }
            default: continue  // chatrooms and ultragroups are not listed (PEER-CONV-001)
            }
            let conversation = conversationKey(newest, for: user)
            if let removed = removedConversations[user]?[conversation], removed >= newest.time { continue }
            let cut = now - retention(ofHistoryKey: key)
            var visible: StoredMessage?
            for uid in uids.reversed() {
                guard let m = messages[uid], m.time >= cut else { break }
                if isInHistory(m, of: user, key: key) {
                    visible = m
                    break
                }
            }
            guard let last = visible else { continue }
            var info = Modules_RelationInfo()
            info.type = Modules_ChannelType(rawValue: last.type.rawValue) ?? .person
            info.userID = newest.type == .private ? (newest.sender == user ? newest.target : newest.sender) : newest.target
            info.msg = downStream(last, for: user, direction: last.sender == user ? .sent : .received, retrieved: true)
            let state = unread[user]?[conversation]
            info.unreadCount = Int64(state?.pending.count ?? 0)
            info.readMsgTime = state?.readTime ?? 0
            let reminders = (state?.pending ?? []).filter { p in messages[p.uid].map { mentions($0, user) } ?? false }.count
            if reminders > 0 { info.remindCount = Int64(reminders) }
            list.append((last.time, info))
        }
        let start = req.hasStartTime ? req.startTime : 0
        let ascending = req.hasOrder && req.order == 1
        if start > 0 { list.removeAll { ascending ? $0.time <= start : $0.time >= start } }
        list.sort { ascending ? ($0.time, $0.info.userID) < ($1.time, $1.info.userID) : ($0.time, $0.info.userID) > ($1.time, $1.info.userID) }
        let wanted = req.hasCount && req.count > 0 ? Int(req.count) : list.count
        var out = Modules_RelationsOutput()
        var bytes = 0
        for entry in list.prefix(wanted) {
            let size = 256 + entry.info.msg.content.count + entry.info.msg.extraContent.utf8.count + entry.info.msg.pushContent.utf8.count
            if !out.info.isEmpty && bytes + size > maxReplyBytes { break }
            bytes += size
            out.info.append(entry.info)
        }
        out.isFinished = out.info.count == list.count
        return out
    }

    /// `delRelation` (targetId = the conversation; ENGINE sends its type in RelationQryInput) and
    /// `delSessions`: the conversation leaves the user's list; its history stays.
    mutating func removeConversation(user: String, target: String, type: ConversationType?) {
        // Only a conversation with history can be listed, so only such a removal is kept.
        for t in type.map({ [$0] }) ?? [.private, .group] where [.private, .group].contains(t) && history[historyKey(type: t, a: user, b: target)] != nil {
            // The newest message time handed out: any message accepted after the removal is newer,
            // also within the same millisecond (PEER-CONV-002, PEER-ORDER-001).
            removedConversations[user, default: [:]]["\(t.name):\(target)"] = lastTime
        }
    }

    /// `delMsg` (DeleteMsgInput; ENGINE lines 6142-6157): the listed messages leave the user's
    /// history of that conversation; the other participants still see them.
    mutating func deleteMessages(user: String, _ req: Modules_DeleteMsgInput) {
        // Only messages the peer holds are remembered.
        for m in req.msgs where messages[m.msgID] != nil {
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
        guard history[key] != nil else { return }
        historyClearedUpTo[user, default: [:]][key] = max(historyClearedUpTo[user]?[key] ?? 0, req.dataTime)
    }

    /// Whether `m` is still in `user`'s history under `key` (not deleted, not cleared).
    func isInHistory(_ m: StoredMessage, of user: String, key: String) -> Bool {
        if deletedFromHistory[user]?.contains(m.uid) == true { return false }
        if let cleared = historyClearedUpTo[user]?[key], m.time <= cleared { return false }
        return true
    }
}
