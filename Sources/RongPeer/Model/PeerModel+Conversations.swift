// Sources/RongPeer/Model/PeerModel+Conversations.swift - the server-side conversation list, its removal, remote delete, pin and do-not-disturb

import RongCodec
import RongEnvelope

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
        conversations.states(of: user, changedSince: time).map(Self.sessionState)
    }

    /// A kept state as SessionState: the items by type (IsSilent, IsTop, Tags).
    static func sessionState(_ s: ConversationStore.ConversationState) -> Modules_SessionState {
        var out = Modules_SessionState()
        out.type = Modules_ChannelType(rawValue: s.key.type.rawValue) ?? .person
        out.channelID = s.key.target
        if let time = s.time { out.time = time }
        func item(_ type: Modules_SessionStateType, _ value: String) -> Modules_SessionStateItem {
            var i = Modules_SessionStateItem()
            i.sessionStateType = type
            i.value = value
            return i
        }
        if let v = s.silent { out.stateItem.append(item(.isSilent, v)) }
        if let v = s.top { out.stateItem.append(item(.isTop, v)) }
        if !s.tags.isEmpty {
            var tags = item(.tags, "")
            tags.tags = s.tags.map { t in
                var kept = Modules_SessionTagItem()
                kept.tagID = t.id
                kept.isTop = t.isTop
                return kept
            }
            out.stateItem.append(tags)
        }
        return out
    }

    /// The conversation a SessionState names.
    static func conversationKey(_ s: Modules_SessionState) -> ConversationKey {
        ConversationKey(type: ConversationType(rawValue: s.type.rawValue), target: s.channelID)
    }

    /// `setSeAtt`: merge the items into each conversation's kept state, stamped with the peer's
    /// time; the user's other connections get `s_cmd` type 3 (ENGINE then pulls `pullSeAtts`).
    /// Nil (nothing kept) when the conversation store does not accept the states (an id of 0 or
    /// more than 64 bytes, more than 10,000 conversations).
    mutating func setConversationStates(user: String, _ states: [Modules_SessionState], from conn: ConnectionID) -> [PeerOutput]? {
        guard conversations.acceptsStates(of: user, states.map(Self.conversationKey)) else { return nil }
        guard !states.isEmpty else { return [] }
        let t = now
        let changes = states.map { s in
            // Tags items are not kept here (`addTag`, PEER-CONV-007).
            (key: Self.conversationKey(s), items: s.stateItem.compactMap { item -> ConversationStore.StateItem? in
                switch item.sessionStateType {
                case .isSilent: .silent(item.value)
                case .isTop: .top(item.value)
                case .tags: nil
                }
            })
        }
        conversations.setStates(user: user, changes, at: t)
        recordEvent("conn#\(conn) \(user) set the status of \(states.count) conversation(s)")
        return statusNotices(user: user, time: t, except: conn)
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
        for (key, uids) in messages.history {
            guard let newest = uids.last.flatMap({ messages[$0] }) else { continue }
            switch newest.type {
            case .private: guard newest.sender == user || newest.target == user else { continue }
            case .group: guard fixture.groups[newest.target]?.members.contains(user) == true else { continue }
            default: continue  // chatrooms and ultragroups are not listed (PEER-CONV-001)
            }
            let conversation = newest.conversation(for: user)
            if conversations.isRemoved(user: user, conversation, newest: newest.time) { continue }
            let cut = now - retention(of: key)
            var visible: StoredMessage?
            for uid in uids.reversed() {
                guard let m = messages[uid], m.time >= cut else { break }
                if messages.isInHistory(m, of: user, key: key) {
                    visible = m
                    break
                }
            }
            guard let last = visible else { continue }
            var info = Modules_RelationInfo()
            info.type = Modules_ChannelType(rawValue: last.type.rawValue) ?? .person
            info.userID = conversation.target
            // A private or group conversation: its type is a ChannelType.
            guard let msg = try? downStream(last, for: user, direction: last.sender == user ? .sent : .received, retrieved: true).generated() else { continue }
            info.msg = msg
            let state = conversations.unreadState(of: user, conversation)
            info.unreadCount = Int64(state?.pending.count ?? 0)
            info.readMsgTime = state?.readTime ?? 0
            let reminders = (state?.pending ?? []).filter { p in messages[p.uid].map { mentions($0, user) } ?? false }.count
            if reminders > 0 { info.remindCount = Int64(reminders) }
            list.append((last.time, info))
        }
        let start = req.hasStartTime ? req.startTime : 0
        let ascending = req.hasOrder && req.order == 1
        if start > 0 { list.removeAll { ascending ? $0.time <= start : $0.time >= start } }
        // Message times are unique (PEER-MSG-003): the order is the messages' arrival order.
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
        for t in type.map({ [$0] }) ?? [.private, .group] where [.private, .group].contains(t) && messages.history[HistoryKey(t, sender: user, target: target)] != nil {
            // Stamped with the newest message time handed out: any message accepted after the
            // removal is newer, also within the same millisecond (PEER-CONV-002, PEER-ORDER-001).
            conversations.remove(user: user, ConversationKey(type: t, target: target), newestTime: lastTime)
        }
    }

    /// `delMsg` (DeleteMsgInput; ENGINE lines 6142-6157): the listed messages leave the user's
    /// history of that conversation; the other participants still see them.
    mutating func deleteMessages(user: String, _ req: Modules_DeleteMsgInput) {
        messages.deleteFromHistory(user: user, uids: req.msgs.map(\.msgID))
    }

    /// `cleanPMsg`, `cleanGMsg` (CleanHisMsgInput{`targetId`, `dataTime`}; ENGINE lines
    /// 6158-6174): the user's history of that conversation loses every message sent at or before
    /// `dataTime`. The other clean topics name conversation types the peer keeps no history for.
    mutating func clearHistory(user: String, topic: Topic, _ req: Modules_CleanHisMsgInput) {
        let type: ConversationType
        switch topic {
        case .cleanPMsg: type = .private
        case .cleanGMsg: type = .group
        default: return
        }
        messages.clearHistory(user: user, HistoryKey(type, sender: user, target: req.targetID), upTo: req.dataTime)
    }
}
