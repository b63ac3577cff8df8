// Sources/RongPeer/Model/PeerModel+Query.swift - QUERY topics: pull, chatroom membership and pull, history

import RongCodec
import RongEnvelope

extension PeerModel {
    func queryAck(_ conn: ConnectionID, _ id: UInt16, status: UInt16, payload: [UInt8] = [], qos: QoS = .atMostOnce) -> PeerOutput {
        let (d, _) = date(now)
        return .packet(conn, Packet(.queryAck(.init(messageId: id, date: d, status: status, payload: payload)), qos: qos, retain: true))
    }

    mutating func malformed(_ conn: ConnectionID, _ what: String, _ error: CodecError) -> [PeerOutput] {
        recordViolation(conn, kind: .malformed, detail: "\(what): \(error.code): \(error.reason)")
        return [.disconnect(conn, status: DisconnectStatus.closure)]
    }

    /// A client QUERY (PEER-PULL-*, PEER-CHRM-*, PEER-HIST-*; the other topics official clients
    /// send, PEER-QUERY-001, in PeerModel+QueryReplies.swift).
    mutating func query(_ q: Packet.Publish, from conn: ConnectionID) -> [PeerOutput] {
        let user = sessions.user(of: conn)!
        switch q.topic {
        case .pullMsg:
            do throws(CodecError) {
                return pull(try Self.request(q.payload, as: Modules_SyncRequestMsg.self), id: q.messageId, from: conn)
            } catch {
                return malformed(conn, q.topic.text, error)
            }
        case .chrmPull:
            do throws(CodecError) {
                return chatroomPull(try Self.request(q.payload, as: Modules_ChrmPullMsg.self), room: q.targetId.text, id: q.messageId, from: conn)
            } catch {
                return malformed(conn, q.topic.text, error)
            }
        case .joinChrm, .joinChrmR, .exitChrm:
            // ChrmInput{`nothing` 1} for all three (ENGINE lines 6295-6325, 6402-6419): no create
            // flag; the topic says it (`joinChrmR` is `joinExistChatroom`). An empty payload is no
            // body (spec/envelope.md), accepted.
            if !q.payload.isEmpty {
                do throws(CodecError) {
                    _ = try Self.request(q.payload, as: Modules_ChrmInput.self)
                } catch {
                    return malformed(conn, q.topic.text, error)
                }
            }
            if q.topic == .exitChrm { return quitChatroom(q.targetId.text, id: q.messageId, from: conn) }
            return joinChatroom(q.targetId.text, create: q.topic == .joinChrm, id: q.messageId, from: conn)
        case _ where BodyType.historyTopics.contains(q.topic):
            do throws(CodecError) {
                return historyQuery(q.topic, try Self.request(q.payload, as: Modules_HistoryMsgInput.self), header: q.targetId.text, id: q.messageId, from: conn)
            } catch {
                return malformed(conn, q.topic.text, error)
            }
        default:
            if let out = otherQuery(q, from: conn) { return out }
            recordEvent("conn#\(conn) \(user) unsupported query \(q.topic.text); QUERYACK \(PeerStatus.unsupportedQuery)")
            return [queryAck(conn, q.messageId, status: PeerStatus.unsupportedQuery)]
        }
    }

    // MARK: pullMsg

    /// `pullMsg`: inbox entries after `syncTime`, plus with `isPullSend` the user's own messages
    /// after `sendBoxSyncTime` (not those sent from this connection), oldest first, at most 200,
    /// within the offline retention. The reply's `syncTime` is the newest received entry in it,
    /// and a last page's reaches every time an `s_ntf` named to this connection (nothing newer is
    /// left to return, and ENGINE pulls again while a notified time is ahead of it); `finished`
    /// says whether nothing is left. Sent with QoS 1: the QUERYCON confirms delivery.
    mutating func pull(_ req: Modules_SyncRequestMsg, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        let user = sessions.user(of: conn)!
        stats.pulls += 1
        sessions.pulled(conn)
        messages.confirmDelivered(user: user, upTo: req.syncTime)
        let minTime = now - app.offlineRetention.milliseconds
        let pullSent = req.hasIsPullSend && req.isPullSend
        let sendCursor = req.hasSendBoxSyncTime ? req.sendBoxSyncTime : 0
        let inbox = messages.inboxes[user] ?? []
        let start = Self.firstIndex(in: inbox, after: max(minTime - 1, min(req.syncTime, pullSent ? sendCursor : req.syncTime)))
        var page: [InboxEntry] = []
        var bytes = 0
        var more = false
        var i = start
        while i < inbox.count {
            let e = inbox[i]
            i += 1
            let wanted = e.direction == .received ? e.time > req.syncTime : (pullSent && e.time > sendCursor && e.origin != conn)
            guard wanted, let m = messages[e.uid] else { continue }
            let size = Self.replySize(m)
            if page.count == Self.pullPageLimit || (!page.isEmpty && bytes + size > maxReplyBytes) {
                more = true
                break
            }
            bytes += size
            page.append(e)
        }
        let retrievedUpTo = messages.delivered[user] ?? 0
        var result = DownStreamMessages(syncTime: page.last(where: { $0.direction == .received })?.time ?? req.syncTime)
        // Loops, not map closures: a closure over a mutating method's self copies the model.
        result.list.reserveCapacity(page.count)
        for e in page {
            guard let m = messages[e.uid] else { continue }
            result.list.append(downStream(m, for: user, direction: e.direction, retrieved: e.direction == .received && e.time <= retrievedUpTo))
        }
        if !more { result.syncTime = max(result.syncTime, sessions[conn]!.notifiedUpTo) }
        result.finished = !more
        sessions.awaitConfirmation(conn, id: id, upTo: result.syncTime)
        return [queryAck(conn, id, status: 0, payload: Self.bytes(result), qos: .atLeastOnce)]
    }

    /// About how many bytes a message adds to a reply: what grows with the message, plus a fixed
    /// allowance for ids, times and protobuf tags.
    static func replySize(_ m: StoredMessage) -> Int {
        var n = 256 + m.up.content.count + (m.up.pushText?.utf8.count ?? 0) + (m.up.appData?.utf8.count ?? 0) + (m.up.extraContent?.utf8.count ?? 0)
        for (k, v) in m.expansion ?? [:] { n += k.utf8.count + v.utf8.count + 8 }
        return n
    }

    /// The longest prefix of `list` within `budget` bytes (``replySize(_:)``), at least one
    /// message.
    static func fitting(_ list: some Sequence<StoredMessage>, _ budget: Int) -> [StoredMessage] {
        var out: [StoredMessage] = []
        var bytes = 0
        for m in list {
            let size = replySize(m)
            if !out.isEmpty && bytes + size > budget { break }
            bytes += size
            out.append(m)
        }
        return out
    }

    /// The first index whose time is after `t` (the inbox is ordered by time).
    static func firstIndex(in inbox: [InboxEntry], after t: Int64) -> Int {
        var lo = 0
        var hi = inbox.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if inbox[mid].time <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    // MARK: Chatrooms

    /// `chrmPull`: with `syncTime` 0 (ENGINE's pull after a join), the join history: `count` -1
    /// (or below) none, 0 the default 10, 1-50 that many of the newest messages the room keeps
    /// (at most 50; 002:432), with `syncTime` at least the join time - 1, so later pulls start at
    /// the join (PEER-CHRM-005). Otherwise the messages after `syncTime` that arrived since the
    /// user joined, oldest first.
    mutating func chatroomPull(_ req: Modules_ChrmPullMsg, room: String, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        let user = sessions.user(of: conn)!
        guard let r = chatrooms[room] else { return [queryAck(conn, id, status: PeerStatus.chatroomNotExist)] }
        guard let joined = r.members[user]?.joined else { return [queryAck(conn, id, status: PeerStatus.notInChatroom)] }
        sessions.pulled(conn, chatroom: room)
        stats.pulls += 1
        // Only the messages returned are looked up: the filter reads the room's own list, whose
        // times increase, so the first one after `syncTime` is found by bisection.
        let recent = r.recent
        let joinHistory = req.syncTime == 0
        let after = joinHistory ? req.syncTime : max(req.syncTime, joined - 1)
        var lo = 0, hi = recent.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if recent[mid].time > after { hi = mid } else { lo = mid + 1 }
        }
        let page: [StoredMessage]
        let more: Bool
        if joinHistory {
            // The join history: the newest messages that fit, all in one reply.
            let count = Int(req.count < 0 ? 0 : req.count == 0 ? Self.defaultJoinHistory : min(req.count, Self.maxJoinHistory))
            var newest: [StoredMessage] = []
            var i = recent.count
            while i > lo && newest.count < count {
                i -= 1
                if recent[i].origin != conn, let m = messages[recent[i].uid] { newest.append(m) }
            }
            page = Array(Self.fitting(newest, maxReplyBytes).reversed())
            more = false
        } else {
            var list: [StoredMessage] = []
            var i = lo
            while i < recent.count && list.count <= Self.pullPageLimit {
                if recent[i].origin != conn, let m = messages[recent[i].uid] { list.append(m) }
                i += 1
            }
            page = Self.fitting(list.prefix(Self.pullPageLimit), maxReplyBytes)
            more = list.count > page.count
        }
        var payloads: [[UInt8]] = []
        payloads.reserveCapacity(page.count)
        for m in page {
            // What every member but the sender gets is the same bytes (no mention bit to set
            // per member): encoded once, then shared.
            let shared = m.sender != user && !m.up.sessionId.contains(.mentioned)
            if shared, let p = messages.sharedPayload(m.uid) {
                payloads.append(p)
                continue
            }
            let p = Self.bytes(downStream(m, for: user, direction: m.sender == user ? .sent : .received, retrieved: false))
            if shared { messages.share(p, for: m.uid) }
            payloads.append(p)
        }
        var syncTime = page.last?.time ?? req.syncTime
        if joinHistory { syncTime = max(syncTime, joined - 1) }
        return [queryAck(conn, id, status: 0, payload: DownStreamMessages.encoded(payloads: payloads, syncTime: syncTime, finished: !more))]
    }

    // MARK: History

    /// The history topics (HistoryMsgInput → HistoryMsgOuput): `qryPMsg`, `qryGMsg`,
    /// `qryCHMsg` and `qryUgMsg` (one channel's: `busChannel`) from what the peer keeps; the conversation types it has no
    /// messages for (`qryDMsg`, `qryCMsg`, `qrySMsg`, `qryMCMsg`, `qryMPMsg`) get an empty list.
    /// `time` 0 means now; `order` 0 gives messages before `time`, newest first, 1 messages
    /// after it, oldest first; `count` 1-100 (default 20). `syncTime` is the time to continue
    /// from; `hasMsg` 1 when more remain (protocol-rules.md § 11.6, § 8). With cloud history off:
    /// 25102, for a chatroom 23414 (official-sdks.md § 7).
    mutating func historyQuery(_ topic: Topic, _ req: Modules_HistoryMsgInput, header: String, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        let user = sessions.user(of: conn)!
        stats.historyQueries += 1
        guard app.history else {
            return [queryAck(conn, id, status: topic == .qryCHMsg ? PeerStatus.chatroomHistoryNotEnabled : PeerStatus.historyNotEnabled)]
        }
        let target = req.hasTargetID && !req.targetID.isEmpty ? req.targetID : header
        let type: ConversationType?
        switch topic {
        case .qryPMsg: type = .private
        case .qryGMsg:
            guard fixture.groups[target]?.members.contains(user) == true else { return [queryAck(conn, id, status: PeerStatus.notInGroup)] }
            type = .group
        case .qryCHMsg:
            guard chatrooms[target] != nil else { return [queryAck(conn, id, status: PeerStatus.chatroomNotExist)] }
            type = .chatroom
        case .qryUgMsg:
            guard fixture.ultragroups[target]?.members.contains(user) == true else { return [queryAck(conn, id, status: PeerStatus.notInUltragroup)] }
            type = .ultragroup
        default:
            // A conversation type the peer keeps no messages for.
            type = nil
        }
        var all: [StoredMessage] = []
        if let type {
            let key = HistoryKey(type, sender: user, target: target)
            let cut = now - retention(of: key)
            all = (messages.history[key] ?? []).compactMap { messages[$0] }.filter { $0.time >= cut && messages.isInHistory($0, of: user, key: key) }
            if type == .ultragroup {
                // A channel's history (5.x sends `busChannel`, "" the default channel), as the
                // messages reach the user (PEER-UG-001).
                all = all.filter { reaches($0, user) && (!req.hasBusChannel || ($0.up.busChannel ?? "") == req.busChannel) }
            }
        }
        let count = req.hasCount && req.count > 0 ? min(Int(req.count), 100) : 20
        let ascending = req.hasOrder && req.order == 1
        let pivot = req.hasTime && req.time > 0 ? req.time : Int64.max
        // Ascending from time 0 starts at the oldest message; descending from 0 at the newest.
        let candidates = ascending ? all.filter { $0.time > (req.hasTime ? req.time : 0) } : all.filter { $0.time < pivot }
        let chosen = Self.fitting(ascending ? Array(candidates.prefix(count)) : Array(candidates.suffix(count).reversed()), maxReplyBytes)
        var out = Modules_HistoryMsgOuput()
        // The generated list: each message's type is one the peer serves (a ChannelType).
        out.list = chosen.compactMap { try? downStream($0, for: user, direction: $0.sender == user ? .sent : .received, retrieved: false).generated() }
        out.syncTime = chosen.last?.time ?? (pivot == Int64.max ? 0 : pivot)
        out.hasMsg_p = candidates.count > chosen.count ? 1 : 0
        return [queryAck(conn, id, status: 0, payload: Self.bytes(out))]
    }

    // MARK: DownStreamMessage

    /// A stored message as `user` receives it. A recalled message is served as RC:RcNtf with
    /// the same UID and time (PEER-RECALL-002).
    func downStream(_ m: StoredMessage, for user: String, direction: Direction, retrieved: Bool) -> DownStreamMessage {
        let sessionBits = m.up.sessionId
        var status = m.flag.isStatus ? StatusBits() : StatusBits(flag: m.flag)
        if retrieved { status.insert(.retrieved) }
        if sessionBits.disablesNotification { status.insert(.disableNotification) }
        if sessionBits.contains(.canIncludeExpansion) { status.insert(.canIncludeExpansion) }
        if sessionBits.contains(.mentioned), mentions(m, user) { status.insert(.mentioned) }
        var d = DownStreamMessage(fromUserId: m.sender, type: m.type, classname: m.up.classname, content: m.up.content, dataTime: m.time, status: status)
        if let r = m.recalled {
            d.classname = RecallNotificationMessage.objectName
            d.content = recallNotification(m, r)
            d.status = StatusBits(flag: .isPersisted)
        }
        if m.type != .private || direction == .sent { d.groupId = m.target }
        if !m.uid.isEmpty { d.msgId = m.uid }
        if direction == .sent { d.direction = 1 }
        d.clientUniqueId = m.up.clientUniqueId
        if let e = m.expansion, !e.isEmpty, m.recalled == nil, let text = try? MessageExpansion.encode(e) { d.extraContent = text }
        d.pushContent = m.up.pushText
        d.configFlag = m.up.configFlag
        d.busChannel = m.up.busChannel
        d.toUserId = m.up.userId
        if m.type == .ultragroup {
            // extStatus 0x04: modified (envelope.md § 7.2); groupUnpush: the channel's default
            // level (tools/sdk5x/FINDINGS.md § 3.8).
            if m.modified { d.extStatus = 0x04 }
            d.groupUnpush = ultragroupState.defaultLevel(channelKey(of: m))
        }
        return d
    }

    /// Whether a message with the mention bit mentions `user` (@all, or listed).
    func mentions(_ m: StoredMessage, _ user: String) -> Bool {
        guard case .typed(let c)? = try? ContentRegistry.builtIn.decode(objectName: m.up.classname, bytes: m.up.content),
            let info = c.base.mentionedInfo
        else { return false }
        return info.type == .all || (info.userIdList ?? []).contains(user)
    }

    /// The RC:RcNtf content that takes a recalled message's place.
    func recallNotification(_ m: StoredMessage, _ r: MessageStore.Recall) -> [UInt8] {
        var n = RecallNotificationMessage()
        n.operatorId = r.operatorId
        n.recallTime = m.time
        n.originalObjectName = m.up.classname
        n.recallActionTime = r.actionTime
        n.admin = false
        n.delete = false
        return (try? n.jsonBytes()) ?? Array("{}".utf8)
    }
}
