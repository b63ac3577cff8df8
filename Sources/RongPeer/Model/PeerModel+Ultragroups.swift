// Sources/RongPeer/Model/PeerModel+Ultragroups.swift - ultragroups as RongIMLib 5.x reads them: pull, conversation list, mentions, messages by UID, default levels

import RongCodec
import RongEnvelope

/// PEER-UG-002 to PEER-UG-006: what a 5.x SDK asks about ultragroups. New messages are pulled
/// with `pullUgMsg` after `s_cmd` 6, the conversation list comes from `pullUgSes` (unread and
/// mention counts after the user's read time, the first unread, the latest message), unread
/// mentions from `qryUgUal`, messages by UID from `qryMsg`, and each channel's default
/// notification level is set and read with `ugUnpushSet` and `ugUnpushQuery`. Sources:
/// tools/sdk5x/FINDINGS.md § 3 (RongIMLib 5.7.2, offsets there), official-sdk-5x.md "Ultra groups".
extension PeerModel {
    /// The most entries of one `pullUgSes` reply (more: `isFinished` false, and the SDK asks
    /// again from the last entry's `versionTime`).
    static let ultragroupConversationPage = 100
    /// The most changes of one `qryMsgChange` reply (more: `hasNext`).
    static let ultragroupChangePage = 100
    /// An unread count stops at 999 (protocol-rules.md § 8, 000:14066).
    static let ultragroupUnreadCap: Int64 = 999
    /// The most UIDs one `qryMsg` asks for (1-20, 000:14455; 5.7.2 checks the same, 35013).
    static let messagesPerQuery = 20
    /// The most unread mentions one `qryUgUal` returns (1-50, 000:14217).
    static let mentionsPerQuery = 50

    /// The ultragroups `user` is a member of, by id (PEER-ORDER-001).
    func ultragroups(of user: String) -> [String] {
        fixture.ultragroups.values.filter { $0.members.contains(user) }.map(\.id).sorted()
    }

    /// Whether ultragroup message `m` reaches `user`: a directed one only its users and its sender
    /// (000:13421-13466).
    func reaches(_ m: StoredMessage, _ user: String) -> Bool {
        m.up.userId.isEmpty || m.sender == user || m.up.userId.contains(user)
    }

    /// The messages of ultragroup `group` after `t` within retention that reach `user`, oldest
    /// first.
    func ultragroupMessages(_ group: String, after t: Int64, for user: String) -> [StoredMessage] {
        let key = HistoryKey(.ultragroup, sender: user, target: group)
        let list = messages.history[key] ?? []
        let cut = now - retention(of: key)
        var lo = 0
        var hi = list.count
        // The history is in time order: start after `t`.
        while lo < hi {
            let mid = (lo + hi) / 2
            if (messages[list[mid]]?.time ?? 0) <= t { lo = mid + 1 } else { hi = mid }
        }
        return list[lo...].compactMap { messages[$0] }.filter { $0.time >= cut && reaches($0, user) }
    }

    /// The channel of an ultragroup message.
    func channelKey(of m: StoredMessage) -> UltragroupChannelKey {
        UltragroupChannelKey(group: m.target, channel: m.up.busChannel ?? "")
    }

    /// The ultragroup `group` if `user` is in it; else the status that refuses the request: 24410
    /// no such ultragroup, 24406 not a member (protocol-rules.md § 10.1).
    func ultragroup(_ group: String, member user: String) -> Result<PeerFixture.Group, StatusRefusal> {
        guard let g = fixture.ultragroups[group] else { return .failure(StatusRefusal(PeerStatus.ultragroupNotExist, "no ultragroup \(group)")) }
        guard g.members.contains(user) else { return .failure(StatusRefusal(PeerStatus.notInUltragroup, "\(user) is not in ultragroup \(group)")) }
        return .success(g)
    }

    /// Takes `channel` of ultragroup `g` (PEER-UG-001), or the refusal: 24414 not a channel the
    /// fixture lists, 24413 a 51st channel, 24403 an id over 20 characters.
    mutating func admitChannel(_ channel: String, of g: PeerFixture.Group) -> StatusRefusal? {
        do throws(UltragroupStore.ChannelRefusal) {
            try ultragroupState.admit(channel, of: g)
            return nil
        } catch {
            switch error {
            case .invalidId: return StatusRefusal(PeerStatus.ultragroupParameterInvalid, "channel id `\(channel.prefix(64))` is over 20 characters")
            case .unknown: return StatusRefusal(PeerStatus.ultragroupChannelNotExist, "ultragroup \(g.id) has no channel \(channel.prefix(64))")
            case .tooMany: return StatusRefusal(PeerStatus.ultragroupChannelLimit, "ultragroup \(g.id) has its most channels (\(PeerFixture.maxChannels))")
            }
        }
    }

    // MARK: pullUgMsg (PEER-UG-002)

    /// `pullUgMsg` (UltraGrpPullMsg{`syncTime`} → DownStreamMessages): with `syncTime` 0 (the
    /// SDK's "online" pull at connect, whose list it drops) no messages and, as `syncTime`, the
    /// newest message time handed out, so that the next pull misses nothing and counts nothing
    /// `pullUgSes` counted already (**kit choice**, tools/sdk5x/FINDINGS.md § 3.1); otherwise the
    /// messages of the user's ultragroups after `syncTime`, oldest first, at most 200 and within
    /// the reply budget, except those sent from this connection; `syncTime` the last one's,
    /// `finished` whether nothing is left.
    mutating func pullUltragroupMessages(_ req: Modules_UltraGrpPullMsg, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        let user = sessions.user(of: conn)!
        stats.pulls += 1
        sessions.pulled(conn, command: .ultraGroupMessages)
        guard req.syncTime > 0 else {
            var online = DownStreamMessages(syncTime: max(lastTime, 1))
            online.finished = true
            return [queryAck(conn, id, status: 0, payload: Self.bytes(online))]
        }
        // Every group's messages after the cursor, merged by time (times are unique).
        var all: [StoredMessage] = []
        for group in ultragroups(of: user) { all += ultragroupMessages(group, after: req.syncTime, for: user) }
        all.sort { $0.time < $1.time }
        var page: [StoredMessage] = []
        var scannedUpTo = req.syncTime
        var bytes = 0
        var more = false
        for m in all {
            if m.origin == conn {
                // The SDK's own message comes back in its PUBACK; skipping it moves the cursor.
                scannedUpTo = m.time
                continue
            }
            let size = Self.replySize(m)
            if page.count == Self.pullPageLimit || (!page.isEmpty && bytes + size > maxReplyBytes) {
                more = true
                break
            }
            bytes += size
            page.append(m)
            scannedUpTo = m.time
        }
        var result = DownStreamMessages(syncTime: scannedUpTo)
        result.list.reserveCapacity(page.count)
        for m in page { result.list.append(downStream(m, for: user, direction: m.sender == user ? .sent : .received, retrieved: false)) }
        result.finished = !more
        return [queryAck(conn, id, status: 0, payload: Self.bytes(result))]
    }

    // MARK: pullUgSes (PEER-UG-003)

    /// One channel of the user's conversation list.
    struct UltragroupConversation {
        var key: UltragroupChannelKey
        var latest: StoredMessage
        var readMark: UltragroupStore.ReadMark?
        var unread: [StoredMessage]
        var mentions: [StoredMessage]
        /// The conversation's version: its latest message or the user's last read, whichever
        /// is newer (both are message times, so versions are unique).
        var versionTime: Int64 { max(latest.time, readMark?.changedAt ?? 0) }
    }

    /// The user's ultragroup conversations: one per channel that has a message reaching them,
    /// with the unread messages after their read time (counted ones, not their own, not
    /// recalled) and the unread ones that @-mention them.
    func ultragroupConversations(of user: String) -> [UltragroupConversation] {
        var out: [UltragroupConversation] = []
        for group in ultragroups(of: user) {
            var byChannel: [String: [StoredMessage]] = [:]
            for m in ultragroupMessages(group, after: 0, for: user) { byChannel[m.up.busChannel ?? "", default: []].append(m) }
            for (channel, list) in byChannel {
                let key = UltragroupChannelKey(group: group, channel: channel)
                let mark = ultragroupState.readMark(user: user, key)
                let unread = list.filter { m in
                    m.sender != user && m.time > (mark?.time ?? 0) && m.recalled == nil && m.flag.semantics(app.profile).counted
                }
                out.append(UltragroupConversation(
                    key: key, latest: list.last!, readMark: mark, unread: unread, mentions: unread.filter { mentionType($0, user) != nil }))
            }
        }
        return out
    }

    /// `pullUgSes` (UltraGrpPullSes{`syncTime`} → RelationsOutput): the conversations whose
    /// version is after `syncTime`, by version, oldest first, then channel (PEER-ORDER-002), at
    /// most 100, `isFinished` when none is left. Each RelationInfo: `type` 10, `userId` the
    /// ultragroup, `busChannel`, `msg` the latest message, `readMsgTime`, `unreadCount` (at most
    /// 999), `remindCount` the unread @-mentions of the user, `msgInfo` the first unread
    /// message, `versionTime`, `busChannelType` 0 (public).
    func ultragroupConversationList(_ req: Modules_UltraGrpPullSes, user: String) -> Modules_RelationsOutput {
        let all = ultragroupConversations(of: user).filter { $0.versionTime > req.syncTime }
            .sorted { ($0.versionTime, $0.key) < ($1.versionTime, $1.key) }
        let page = all.prefix(Self.ultragroupConversationPage)
        var out = Modules_RelationsOutput()
        out.info = page.map { c in
            var info = Modules_RelationInfo()
            info.type = .ultragroup
            info.userID = c.key.group
            info.busChannel = c.key.channel
            if let d = try? downStream(c.latest, for: user, direction: c.latest.sender == user ? .sent : .received, retrieved: false).generated() {
                info.msg = d
            }
            info.readMsgTime = c.readMark?.time ?? 0
            info.unreadCount = min(Int64(c.unread.count), Self.ultragroupUnreadCap)
            info.remindCount = min(Int64(c.mentions.count), Self.ultragroupUnreadCap)
            info.versionTime = c.versionTime
            info.busChannelType = 0
            if let first = c.unread.first {
                var u = Modules_UnreadMsgInfo()
                u.msgID = first.uid
                u.msgTime = first.time
                if let t = mentionType(first, user) { u.remindType = t }
                info.msgInfo = u
            }
            return info
        }
        out.isFinished = all.count <= page.count
        return out
    }

    /// How `m` @-mentions `user`: 1 everyone, 2 the user by name (the MentionedInfo `type`);
    /// nil when it does not.
    func mentionType(_ m: StoredMessage, _ user: String) -> Int32? {
        guard m.up.sessionId.contains(.mentioned), m.sender != user,
            case .typed(let c)? = try? ContentRegistry.builtIn.decode(objectName: m.up.classname, bytes: m.up.content),
            let info = c.base.mentionedInfo
        else { return nil }
        if info.type == .all { return 1 }
        return (info.userIdList ?? []).contains(user) ? 2 : nil
    }

    // MARK: qryUgUal (PEER-UG-004)

    /// `qryUgUal` (QryRemindListReq{`groupId`, `busChannel`, `msgTime`, `size`} →
    /// QryRemindListResp): the user's unread @-mentions in that channel sent at or before
    /// `msgTime` (0: now), the newest `size` (1-50, default 20), newest first (**kit choice**:
    /// no source gives the order; history's `order` 0 is newest first too). Each: `msgId`,
    /// `msgTime`, `remindType` (1 everyone, 2 the user).
    func unreadMentions(_ req: Modules_QryRemindListReq, user: String) -> Modules_QryRemindListResp {
        let key = UltragroupChannelKey(group: req.groupID, channel: req.busChannel)
        let before = req.msgTime > 0 ? req.msgTime : Int64.max
        let size = req.size > 0 ? min(Int(req.size), Self.mentionsPerQuery) : 20
        let mentions = ultragroupConversations(of: user).first { $0.key == key }?.mentions ?? []
        var out = Modules_QryRemindListResp()
        out.msgInfo = mentions.filter { $0.time <= before }.suffix(size).reversed().map { m in
            var u = Modules_UnreadMsgInfo()
            u.msgID = m.uid
            u.msgTime = m.time
            u.remindType = mentionType(m, user) ?? 2
            return u
        }
        return out
    }

    // MARK: qryMsg (PEER-UG-005)

    /// `qryMsg` (MsgQuery{`targetId`, `type`, `query` [{`msgTime`, `msgUID`, `busChannel`}]} →
    /// MsgQueryAck): the messages asked for, in the request's order, as they are now (modified
    /// content, current expansion, a recalled one as RC:RcNtf); UIDs the peer does not hold, of
    /// another conversation, or of one the user is not in, are left out. More than 20: 33003.
    func messagesByUID(_ req: Modules_MsgQuery, user: String) -> Modules_MsgQueryAck {
        var out = Modules_MsgQueryAck()
        for q in req.query {
            guard let m = messages[q.msgUid], m.type.rawValue == req.type.rawValue, isParticipant(user, of: m),
                m.type == .private ? Set([m.sender, m.target]) == Set([user, req.targetID]) : m.target == req.targetID,
                m.type != .ultragroup || reaches(m, user),
                let d = try? downStream(m, for: user, direction: m.sender == user ? .sent : .received, retrieved: false).generated()
            else { continue }
            out.list.append(d)
        }
        return out
    }

    // MARK: ugUnpushSet, ugUnpushQuery (PEER-UG-006)

    /// `ugUnpushSet` (GroupUnpushSet{`busChannel`, `unpushLevel`}, target the ultragroup): sets
    /// the channel's default notification level for every member; a level that is not a
    /// NotificationLevel (-1, 0, 1, 2, 4, 5) is 33003.
    mutating func setUltragroupDefaultLevel(_ req: Modules_GroupUnpushSet, group: String, user: String) -> StatusRefusal? {
        let g: PeerFixture.Group
        switch ultragroup(group, member: user) {
        case .success(let found): g = found
        case .failure(let refusal): return refusal
        }
        if let refusal = admitChannel(req.busChannel, of: g) { return refusal }
        let key = UltragroupChannelKey(group: group, channel: req.busChannel)
        guard ultragroupState.setDefaultLevel(key, req.unpushLevel) else {
            return StatusRefusal(PeerStatus.invalidParameter, "unpushLevel \(req.unpushLevel) is not a notification level")
        }
        return nil
    }

    /// `ugUnpushQuery` (GroupUnpushQuery{`busChannel`} → GroupUnpushResult{`groupId`,
    /// `busChannel`, `unpushLevel`}): the channel's default level, 0 (not set) until set.
    func ultragroupDefaultLevel(_ req: Modules_GroupUnpushQuery, group: String) -> Modules_GroupUnpushResult {
        var out = Modules_GroupUnpushResult()
        out.groupID = group
        out.busChannel = req.busChannel
        out.unpushLevel = ultragroupState.defaultLevel(UltragroupChannelKey(group: group, channel: req.busChannel)) ?? 0
        return out
    }
}

/// A request the peer refuses: the PUBACK or QUERYACK status and why (for the event log).
struct StatusRefusal: Error, Sendable {
    var status: UInt16
    var why: String

    init(_ status: UInt16, _ why: String) {
        self.status = status
        self.why = why
    }
}
