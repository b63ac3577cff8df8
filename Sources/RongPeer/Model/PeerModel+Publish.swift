// Sources/RongPeer/Model/PeerModel+Publish.swift - sending: PUBACK, storage, delivery, side effects

import RongCodec
import RongEnvelope

extension PeerModel {
    /// Where a published message goes, read from its topic and targetId.
    struct Route {
        var type: ConversationType
        var family: TopicFamily
    }

    static func route(topic: String) -> Route? {
        switch topic {
        case "ppMsgP": Route(type: .private, family: .persisted)
        case "ppMsgN": Route(type: .private, family: .noPush)
        case "ppMsgS": Route(type: .private, family: .status)
        case "pgMsgP": Route(type: .group, family: .persisted)
        case "pgMsgN": Route(type: .group, family: .noPush)
        case "pgMsgS": Route(type: .group, family: .status)
        case "chatMsg": Route(type: .chatroom, family: .persisted)
        case "chatMsgS": Route(type: .chatroom, family: .status)
        case "ugMsg": Route(type: .ultragroup, family: .persisted)
        default: nil
        }
    }

    func ack(_ conn: ConnectionID, _ id: UInt16, status: UInt16, time: Int64, uid: String) -> PeerOutput {
        let (d, ms) = date(time)
        return .packet(conn, Packet(.serverPubAck(.init(messageId: id, date: d, status: status, millisecond: ms, messageUId: RMTPString(uid))), retain: true))
    }

    mutating func reject(_ conn: ConnectionID, _ p: Packet.Publish, _ status: UInt16, _ why: String) -> [PeerOutput] {
        stats.rejected += 1
        log("conn#\(conn) \(sessions[conn]?.user ?? "?") \(p.topic.text) → \(p.targetId.text) rejected \(status): \(why)")
        return [ack(conn, p.messageId, status: status, time: now, uid: "")]
    }

    /// A client PUBLISH: a message (PEER-MSG-*), a status message (PEER-FLAG-004) or a recall
    /// (PEER-RECALL-*).
    mutating func publish(_ p: Packet.Publish, from conn: ConnectionID) -> [PeerOutput] {
        let sender = sessions[conn]!.user
        if let type = BodyType.clientPublishBodies[p.topic] {
            // The RTC plugin's data writes (ENGINE 0.1.0 lines 6767-6818): no RTC room is
            // modelled, so each is acknowledged and goes nowhere (PEER-QUERY-001).
            do throws(CodecError) {
                _ = try BodyJSON.parse(p.payload, as: type)
            } catch {
                recordViolation(conn, kind: .malformed, detail: "PUBLISH \(p.topic.text): \(error.code): \(error.reason)")
                return [.disconnect(conn, status: DisconnectStatus.closure)]
            }
            return [ack(conn, p.messageId, status: 0, time: now, uid: "")]
        }
        let up: Modules_UpStreamMessage
        do throws(CodecError) {
            up = try parseBody(p.payload, as: Modules_UpStreamMessage.self)
        } catch {
            recordViolation(conn, kind: .malformed, detail: "PUBLISH \(p.topic.text): \(error.code): \(error.reason)")
            return [.disconnect(conn, status: DisconnectStatus.closure)]
        }
        let topic = p.topic.text
        if topic == "recallMsg" { return rateLimit(conn, p, isStatus: false) ?? recall(p, up, from: conn) }
        guard let route = Self.route(topic: topic) else {
            return reject(conn, p, PeerStatus.conversationNotSupported, "topic \(topic) is not served")
        }
        let isStatus = route.family == .status
        // Idempotent resend: the same clientUniqueId from the same user gets the first answer.
        let resendKey = up.hasClientUniqueID && !isStatus ? "\(sender)#\(up.clientUniqueID)" : nil
        if let resendKey, let first = sendResults[resendKey] {
            stats.resendsDeduplicated += 1
            return [ack(conn, p.messageId, status: 0, time: first.time, uid: first.uid)]
        }
        if let refused = rateLimit(conn, p, isStatus: isStatus) { return refused }
        if up.content.count > DecodingOptions.protocolContentLimit {
            return isStatus ? [] : reject(conn, p, PeerStatus.messageTooLarge, "content is \(up.content.count) bytes")
        }
        // Content is UTF-8 JSON (spec/rongcloud.proto); bytes that are not UTF-8 are no message
        // any client can read, so they are not stored or relayed (PEER-HOSTILE-007).
        if !Self.isUTF8(up.content) {
            return isStatus ? [] : reject(conn, p, PeerStatus.invalidContent, "content is not UTF-8")
        }
        let target = p.targetId.text
        // Membership.
        switch route.type {
        case .private:
            if app.unknownUsers == .refuse && fixture.users[target] == nil {
                return isStatus
                    ? dropStatus(conn, "no user \(target) in the fixture")
                    : reject(conn, p, PeerStatus.conversationNotSupported, "no user \(target) in the fixture (app unknownUsers: accept allows any id)")
            }
        case .group:
            guard let g = fixture.groups[target], g.members.contains(sender) else {
                return isStatus ? dropStatus(conn, "not in group \(target)") : reject(conn, p, PeerStatus.notInGroup, "\(sender) is not in group \(target)")
            }
        case .chatroom:
            if let (status, why) = chatroomSendRefusal(sender: sender, room: target) {
                return isStatus ? dropStatus(conn, why) : reject(conn, p, status, why)
            }
        case .ultragroup:
            guard let g = fixture.ultragroups[target], g.members.contains(sender) else {
                return reject(conn, p, PeerStatus.notInUltragroup, "\(sender) is not in ultragroup \(target)")
            }
        default:
            break
        }
        let flag: PersistenceFlag = isStatus ? .status : SessionIdBits(rawValue: up.sessionID).flag
        var out: [PeerOutput] = []

        if isStatus {
            // STATUS: online receivers only, never stored, no UID and no PUBACK (PEER-FLAG-004).
            let msg = StoredMessage(
                uid: "", time: nextMessageTime(), sender: sender, type: route.type, target: target, topic: topic, up: up,
                flag: .status, origin: conn)
            stats.published += 1
            deliverStatus(msg, into: &out)
            return out
        }

        // Side effects that can refuse the message come first.
        if up.classname == MessageExpansionMessage.objectName {
            if let refusal = applyExpansion(up, sender: sender, type: route.type, target: target) {
                return reject(conn, p, refusal.status, refusal.why)
            }
        }

        let time = nextMessageTime()
        let uid = uids.next()
        if route.type == .chatroom && !admitToChatroom(target, sender: sender, objectName: up.classname) {
            // Over the room's capacity: the sender still gets its PUBACK; nobody gets the message.
            if let resendKey { sendResults[resendKey] = SendResult(uid: uid, time: time) }
            stats.published += 1
            return [ack(conn, p.messageId, status: 0, time: time, uid: uid)]
        }
        let msg = StoredMessage(
            uid: uid, time: time, sender: sender, type: route.type, target: target, topic: topic, up: up, flag: flag, origin: conn)
        var stored = msg
        if stored.canIncludeExpansion, up.hasExtraContent, let initial = try? MessageExpansion.decode(up.extraContent) {
            stored.expansion = initial
        }
        messages[uid] = stored
        if let resendKey { sendResults[resendKey] = SendResult(uid: uid, time: time) }
        stats.published += 1
        out.append(ack(conn, p.messageId, status: 0, time: time, uid: uid))
        deliver(stored, route: route, into: &out)
        applyReadSideEffects(stored)
        messagesSinceCompaction += 1
        if messagesSinceCompaction >= 20_000 { compact() }
        return out
    }

    /// Whether `bytes` are well-formed UTF-8 (without building a string).
    static func isUTF8(_ bytes: some Collection<UInt8>) -> Bool {
        var it = bytes.makeIterator()
        var utf8 = Unicode.UTF8()
        while true {
            switch utf8.decode(&it) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    /// `sendRate`: a connection that already sent that many messages within the last second
    /// gets PUBACK 20604 (a STATUS message, which gets no PUBACK, is dropped); nil to go on.
    mutating func rateLimit(_ conn: ConnectionID, _ p: Packet.Publish, isStatus: Bool) -> [PeerOutput]? {
        let limit = app.sendRate
        guard limit > 0 else { return nil }
        let t = clock.nowMillis()
        sessions[conn]!.recentSends.removeAll { $0 <= t - 1000 }
        guard sessions[conn]!.recentSends.count >= limit else {
            sessions[conn]!.recentSends.append(t)
            return nil
        }
        stats.rateLimited += 1
        if isStatus { return dropStatus(conn, "more than \(limit) messages in a second") }
        return reject(conn, p, PeerStatus.sendRateExceeded, "more than \(limit) messages in a second")
    }

    mutating func dropStatus(_ conn: ConnectionID, _ why: String) -> [PeerOutput] {
        stats.statusDropped += 1
        log("conn#\(conn) status message dropped: \(why)")
        return []
    }

    // MARK: Recipients

    /// The users a message goes to, the sender excluded. A directed message (`userId` set) goes
    /// to the listed users only (000:11421-11511); in a private chat that may be the sender
    /// alone (RC:SRSMsg), which leaves only the sender's other devices.
    func recipients(type: ConversationType, target: String, sender: String, directed: [String]) -> [String] {
        var users: [String]
        switch type {
        case .private: users = [target]
        case .group: users = fixture.groups[target]?.members ?? []
        case .ultragroup: users = fixture.ultragroups[target]?.members ?? []
        case .chatroom: users = chatrooms[target].map { Array($0.members.keys).sorted() } ?? []
        default: users = []
        }
        users.removeAll { $0 == sender }
        if !directed.isEmpty {
            let only = Set(directed)
            users.removeAll { !only.contains($0) }
        }
        return users
    }

    // MARK: Delivery

    mutating func deliverStatus(_ m: StoredMessage, into out: inout [PeerOutput]) {
        if m.type == .chatroom && chatrooms[m.target]?.distributionStopped == true { return }
        let users = recipients(type: m.type, target: m.target, sender: m.sender, directed: m.up.userID)
        for user in users {
            let conns = online[user] ?? []
            if conns.isEmpty {
                stats.statusDropped += 1
                continue
            }
            stats.statusDelivered += 1
            for c in conns { out.append(directPush(m, to: c, user: user, direction: .received)) }
        }
        // Status messages take no part in multi-device sync (000:1332-1338).
    }

    /// An `s_msg` push of one message (no pull needed).
    mutating func directPush(_ m: StoredMessage, to conn: ConnectionID, user: String, direction: Direction) -> PeerOutput {
        let body = downStream(m, for: user, direction: direction, retrieved: false)
        let (d, _) = date(now)
        let publish = Packet.ServerPublish(date: d, topic: .s_msg, targetId: RMTPString(m.sender), messageId: nextId(conn), payload: protoBytes(body))
        return .packet(conn, Packet(.serverPublish(publish), retain: true))
    }

    /// `s_ntf`: "there is something to pull": type 2 with `chrmId` for a chatroom (ENGINE pulls
    /// that room with `chrmPull`), type 1 for the inbox (ENGINE `pullMsg`; lines 5977-5988).
    /// Coalesced: no second notify to a connection that has not pulled since the last one, unless
    /// that was a second ago (a notify can be lost).
    mutating func notify(_ conn: ConnectionID, time: Int64, sender: String, chatroom: String? = nil, into out: inout [PeerOutput]) {
        let t = now
        if let room = chatroom {
            if let last = sessions[conn]!.chatroomNotifiedAt[room], t - last < 1000 { return }
            sessions[conn]!.chatroomNotifiedAt[room] = t
        } else {
            if let last = sessions[conn]!.notifiedAt, t - last < 1000 { return }
            sessions[conn]!.notifiedAt = t
        }
        let n = NotifyMsg(type: chatroom == nil ? 1 : 2, time: time, chrmId: chatroom)
        if chatroom == nil { sessions[conn]!.notifiedUpTo = max(sessions[conn]!.notifiedUpTo, time) }
        let (d, _) = date(t)
        stats.notifies += 1
        let publish = Packet.ServerPublish(date: d, topic: .s_ntf, targetId: RMTPString(sender), messageId: nextId(conn), payload: n.encoded())
        out.append(.packet(conn, Packet(.serverPublish(publish), retain: true)))
    }

    mutating func deliver(_ m: StoredMessage, route: Route, into out: inout [PeerOutput]) {
        let sem = m.flag.semantics(app.profile)
        let users = recipients(type: m.type, target: m.target, sender: m.sender, directed: m.up.userID)
        switch m.type {
        case .chatroom:
            // No offline storage, no push, not counted (000:38-72, 9795); members pull the
            // room's latest messages.
            // Distribution stopped: acknowledged, kept nowhere, sent to nobody (PEER-CHRM-012).
            if chatrooms[m.target]!.distributionStopped { return }
            chatrooms[m.target]!.recent.append(m.uid)
            let keep = app.chatroomRecent
            if chatrooms[m.target]!.recent.count > keep { chatrooms[m.target]!.recent.removeFirst(chatrooms[m.target]!.recent.count - keep) }
            if sem.serverHistory && app.history { history[historyKey(m), default: []].append(m.uid) }
            for user in users {
                for c in online[user] ?? [] { notify(c, time: m.time, sender: m.sender, chatroom: m.target, into: &out) }
            }
            for c in online[m.sender] ?? [] where c != m.origin {
                notify(c, time: m.time, sender: m.sender, chatroom: m.target, into: &out)
            }
            return
        case .ultragroup:
            // No offline messages (000:7780): online members get it directly; the server keeps
            // it for the retention period.
            for user in users {
                for c in online[user] ?? [] { out.append(directPush(m, to: c, user: user, direction: .received)) }
            }
            history[historyKey(m), default: []].append(m.uid)
            return
        default:
            break
        }

        for user in users {
            if sem.counted { addUnread(user: user, conversation: conversationKey(m, for: user), time: m.time, uid: m.uid) }
            let conns = online[user] ?? []
            if sem.offlineCached {
                inboxes[user, default: []].append(InboxEntry(time: m.time, uid: m.uid, direction: .received, origin: nil))
                for c in conns { notify(c, time: m.time, sender: m.sender, into: &out) }
                if conns.isEmpty { recordPush(m, receiver: user, route: route, sem: sem) }
            } else {
                // Not offline-cached (NONE under legacy2021): online devices only.
                if conns.isEmpty { stats.statusDropped += 1 }
                for c in conns { out.append(directPush(m, to: c, user: user, direction: .received)) }
            }
        }
        // The sender's other devices (multi-device sync; the dup bit, PEER-SYNC-*).
        if app.multiDeviceSync {
            if sem.offlineCached {
                inboxes[m.sender, default: []].append(InboxEntry(time: m.time, uid: m.uid, direction: .sent, origin: m.origin))
            }
            for c in online[m.sender] ?? [] where c != m.origin { echo(m, to: c, into: &out) }
        }
        if sem.serverHistory && app.history && m.up.userID.isEmpty {
            history[historyKey(m), default: []].append(m.uid)
        }
    }

    /// The user's own message echoed to another of their devices: the server PUBLISH on the
    /// publish topic with the dup bit, the UpStreamMessage as sent, then a PUBACK with the same
    /// message id carrying the UID and time (envelope.md § 5, ENV-QOS-002).
    mutating func echo(_ m: StoredMessage, to conn: ConnectionID, into out: inout [PeerOutput]) {
        let id = nextId(conn)
        let (d, _) = date(m.time)
        let publish = Packet.ServerPublish(date: d, topic: Topic(m.topic), targetId: RMTPString(m.target), messageId: id, payload: protoBytes(m.up))
        out.append(.packet(conn, Packet(.serverPublish(publish), dup: true, qos: .atLeastOnce, retain: true)))
        out.append(ack(conn, id, status: 0, time: m.time, uid: m.uid))
    }

    // MARK: Keys

    /// The history key: `private:a:b` (ids sorted), `group:g`, `chatroom:r`, `ultragroup:u`.
    func historyKey(_ m: StoredMessage) -> String {
        historyKey(type: m.type, a: m.sender, b: m.target)
    }

    func historyKey(type: ConversationType, a: String, b: String) -> String {
        switch type {
        case .private: a < b ? "private:\(a):\(b)" : "private:\(b):\(a)"
        default: "\(type.name):\(b)"
        }
    }

    /// The conversation as `user` sees it: `private:<peer>` or `group:<id>`.
    func conversationKey(_ m: StoredMessage, for user: String) -> String {
        switch m.type {
        case .private: "private:\(m.sender == user ? m.target : m.sender)"
        default: "\(m.type.name):\(m.target)"
        }
    }

    // MARK: Unread

    mutating func addUnread(user: String, conversation: String, time: Int64, uid: String) {
        unread[user, default: [:]][conversation, default: UnreadState()].pending.append((time, uid))
    }

    /// Marks everything in `conversation` at or before `time` read for `user`.
    mutating func markRead(user: String, conversation: String, time: Int64) {
        var s = unread[user, default: [:]][conversation, default: UnreadState()]
        s.readTime = max(s.readTime, time)
        s.pending.removeAll { $0.time <= time }
        unread[user, default: [:]][conversation] = s
    }

    /// Private read receipts, multi-device read sync, group receipt requests and responses
    /// (protocol-rules.md § 11.3; PEER-RECEIPT-*).
    mutating func applyReadSideEffects(_ m: StoredMessage) {
        let name = m.up.classname
        guard [ReadReceiptMessage.objectName, SyncReadStatusMessage.objectName, ReadReceiptRequestMessage.objectName,
               ReadReceiptResponseMessage.objectName].contains(name) else { return }
        guard case .typed(let content)? = try? ContentRegistry.builtIn.decode(objectName: name, bytes: [UInt8](m.up.content)) else { return }
        let conversation = m.type == .private ? "private:\(m.target)" : "\(m.type.name):\(m.target)"
        switch content.base {
        case let r as ReadReceiptMessage:
            markRead(user: m.sender, conversation: conversation, time: r.lastMessageSendTime)
            receipts["private:\(m.target)→\(m.sender)", default: [:]][m.sender] = r.lastMessageSendTime
        case let s as SyncReadStatusMessage:
            markRead(user: m.sender, conversation: conversation, time: s.lastMessageSendTime)
        case let q as ReadReceiptRequestMessage:
            // Only for a message the peer has (and so forgets with it), not for any string.
            if messages[q.messageUId] != nil { receiptRequests[q.messageUId] = m.sender }
        case let r as ReadReceiptResponseMessage:
            for entry in r.receiptMessageDic ?? [] {
                // ANDROID-4.0 and WEBv2 send UID arrays; a read-time value names no message.
                guard case .messageUIds(let list) = entry.value else { continue }
                for uid in list where receiptRequests[uid] == entry.key || messages[uid]?.sender == entry.key {
                    receipts[uid, default: [:]][m.sender] = m.time
                }
            }
        default:
            break
        }
    }

    // MARK: Expansion

    /// Applies an RC:MsgExMsg to the message it names (protocol-rules.md § 11.1), or says why not.
    mutating func applyExpansion(_ up: Modules_UpStreamMessage, sender: String, type: ConversationType, target: String) -> (status: UInt16, why: String)? {
        guard case .typed(let content)? = try? ContentRegistry.builtIn.decode(objectName: up.classname, bytes: [UInt8](up.content)),
            let ex = content.base as? MessageExpansionMessage
        else { return (PeerStatus.expansionFormat, "RC:MsgExMsg content does not decode") }
        guard let mid = ex.mid ?? ex.messageUId, var original = messages[mid] else {
            return (PeerStatus.originalMessageNotExist, "no message \(ex.mid ?? ex.messageUId ?? "")")
        }
        guard original.type != .chatroom, original.canIncludeExpansion else {
            return (PeerStatus.messageNotExpandable, "\(mid) was not sent with canIncludeExpansion")
        }
        guard isParticipant(sender, of: original) else {
            return (PeerStatus.expansionNotAuthorized, "\(sender) is not in the conversation of \(mid)")
        }
        let put = (ex.put.map(Array.init) ?? []) + (ex.extraKey.map(Array.init) ?? [])
        if put.count > 20 { return (PeerStatus.expansionFormat, "\(put.count) keys in one update (at most 20)") }
        for entry in put {
            let (k, v) = (entry.key, entry.value)
            let keyOK = !k.isEmpty && k.utf8.count <= 32 && k.utf8.allSatisfy { c in
                (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2B || c == 0x3D || c == 0x5F || c == 0x2D
            }
            if !keyOK { return (PeerStatus.expansionFormat, "expansion key `\(k)` is not 1-32 of [A-Za-z0-9+=_-]") }
            if v.count > 4096 { return (PeerStatus.expansionFormat, "expansion value of `\(k)` is over 4096 characters") }
        }
        var exp = original.expansion ?? [:]
        if ex.removeAll == 1 || ex.clear == 1 { exp = [:] }
        for k in ex.del ?? [] { exp[k] = nil }
        var dropped = 0
        for entry in put {
            let (k, v) = (entry.key, entry.value)
            // Concurrent writers can push past 300; the excess is dropped (000:9247-9248).
            if exp[k] == nil && exp.count >= 300 {
                dropped += 1
                continue
            }
            exp[k] = v
        }
        if dropped > 0 { log("expansion of \(mid): \(dropped) keys over the 300 limit dropped") }
        original.expansion = exp
        messages[mid] = original
        return nil
    }

    func isParticipant(_ user: String, of m: StoredMessage) -> Bool {
        switch m.type {
        case .private: user == m.sender || user == m.target
        case .group: fixture.groups[m.target]?.members.contains(user) ?? false
        case .ultragroup: fixture.ultragroups[m.target]?.members.contains(user) ?? false
        case .chatroom: chatrooms[m.target]?.members[user] != nil
        default: false
        }
    }

    // MARK: Recall

    /// `recallMsg`: an RC:RcCmd naming a message (protocol-rules.md § 11.2; PEER-RECALL-*).
    mutating func recall(_ p: Packet.Publish, _ up: Modules_UpStreamMessage, from conn: ConnectionID) -> [PeerOutput] {
        let recaller = sessions[conn]!.user
        guard up.classname == RecallCommandMessage.objectName,
            case .typed(let content)? = try? ContentRegistry.builtIn.decode(objectName: up.classname, bytes: [UInt8](up.content)),
            let cmd = content.base as? RecallCommandMessage
        else { return reject(conn, p, PeerStatus.recallParameterInvalid, "recallMsg without a valid RC:RcCmd") }
        guard var original = messages[cmd.messageUId], original.recalled == nil else {
            return reject(conn, p, PeerStatus.recallParameterInvalid, "no recallable message \(cmd.messageUId)")
        }
        guard isParticipant(recaller, of: original) else {
            return reject(conn, p, PeerStatus.recallParameterInvalid, "\(recaller) is not in the conversation of \(cmd.messageUId)")
        }
        if app.recall == .senderOnly && recaller != original.sender {
            return reject(conn, p, PeerStatus.recallUserInvalid, "only \(original.sender) may recall \(cmd.messageUId)")
        }
        let time = nextMessageTime()
        original.recalled = Recall(operatorId: recaller, actionTime: time)
        messages[original.uid] = original
        // A recalled message no longer counts as unread anywhere.
        for user in unread.keys {
            for conv in unread[user]!.keys { unread[user]![conv]!.pending.removeAll { $0.uid == original.uid } }
        }
        // The command itself goes to the others in the conversation and the recaller's other
        // devices, offline-cached whatever its flag (PEER-RECALL-001); it keeps the flag its
        // sender gave it, as every message does (RUST and ENGINE send NONE, WEBv2 1;
        // CONTENT-RCCMD-001). History keeps the recalled message's slot as RC:RcNtf instead of
        // storing the command.
        let cmdTarget = original.type == .private ? (recaller == original.sender ? original.target : original.sender) : original.target
        let uid = uids.next()
        let flag = SessionIdBits(rawValue: up.sessionID).flag
        let stored = StoredMessage(
            uid: uid, time: time, sender: recaller, type: original.type, target: cmdTarget, topic: "recallMsg", up: up, flag: flag,
            origin: conn)
        messages[uid] = stored
        stats.published += 1
        log("conn#\(conn) \(recaller) recalled \(original.uid)")
        var out = [ack(conn, p.messageId, status: 0, time: time, uid: uid)]
        deliverRecall(stored, recalled: original, into: &out)
        return out
    }

    mutating func deliverRecall(_ m: StoredMessage, recalled: StoredMessage, into out: inout [PeerOutput]) {
        let users = recipients(type: m.type, target: m.target, sender: m.sender, directed: [])
        for user in users {
            let conns = online[user] ?? []
            if m.type == .chatroom {
                for c in conns { out.append(directPush(m, to: c, user: user, direction: .received)) }
                continue
            }
            inboxes[user, default: []].append(InboxEntry(time: m.time, uid: m.uid, direction: .received, origin: nil))
            for c in conns { notify(c, time: m.time, sender: m.sender, into: &out) }
            if conns.isEmpty && m.type != .chatroom {
                // The recall command pushes by default (000:7452); `rc-dlt-identifier` names the
                // recalled message (000:15721).
                let text = m.up.hasPushText && !m.up.pushText.isEmpty ? m.up.pushText : "\(m.sender) recalled a message"
                appendPush(PushRecord(
                    time: m.time, receiver: user, sender: m.sender, conversationType: m.type, targetId: pushTarget(m, receiver: user),
                    objectName: m.up.classname, messageUId: m.uid, pushText: text, pushData: m.up.hasAppData ? m.up.appData : nil,
                    recalledUId: recalled.uid, skipped: doNotDisturbReason(m, receiver: user, mentionsPush: false)))
            }
        }
        if app.multiDeviceSync && m.type != .chatroom {
            inboxes[m.sender, default: []].append(InboxEntry(time: m.time, uid: m.uid, direction: .sent, origin: m.origin))
            for c in online[m.sender] ?? [] where c != m.origin { echo(m, to: c, into: &out) }
        }
    }

    // MARK: Push

    /// The conversation's target as the receiver's push names it.
    func pushTarget(_ m: StoredMessage, receiver: String) -> String {
        m.type == .private ? m.sender : m.target
    }

    mutating func appendPush(_ r: PushRecord) {
        if r.skipped == nil { pushCount += 1 } else { pushSkipped += 1 }
        pushLog.append(r)
        if pushLog.count > Self.pushLogLimit { pushLog.removeFirst(pushLog.count - Self.pushLogLimit) }
    }

    /// Records the remote push an offline receiver would get (protocol-rules.md § 6): not for
    /// `…N` topics or disabled notifications, text from mentionedContent, then pushContent,
    /// then the default of built-in user content; other types without pushContent are not
    /// pushed (P16). Do-not-disturb holds a push back (PEER-CONV-004, -005).
    mutating func recordPush(_ m: StoredMessage, receiver: String, route: Route, sem: PersistenceSemantics) {
        guard sem.pushedWhenOffline, route.family == .persisted, !m.disablesNotification else { return }
        var text: String?
        var decoded: (any MessageContent)?
        if case .typed(let c)? = try? ContentRegistry.builtIn.decode(objectName: m.up.classname, bytes: [UInt8](m.up.content)) {
            decoded = c.base
        }
        if let mention = decoded?.mentionedInfo, let mc = mention.mentionedContent, !mc.isEmpty,
            mention.type == .all || (mention.userIdList ?? []).contains(receiver)
        {
            text = mc
        } else if m.up.hasPushText, !m.up.pushText.isEmpty {
            text = m.up.pushText
        } else {
            text = Self.defaultPushText(objectName: m.up.classname, content: decoded)
        }
        guard let text else { return }
        appendPush(PushRecord(
            time: m.time, receiver: receiver, sender: m.sender, conversationType: m.type, targetId: pushTarget(m, receiver: receiver),
            objectName: m.up.classname, messageUId: m.uid, pushText: text, pushData: m.up.hasAppData ? m.up.appData : nil, recalledUId: nil,
            skipped: doNotDisturbReason(m, receiver: receiver)))
    }

    /// The server's default push text for built-in user content (000:7451-7454); nil for other
    /// types (notifications, signalling, custom types).
    static func defaultPushText(objectName: String, content: (any MessageContent)?) -> String? {
        switch objectName {
        case TextMessage.objectName: (content as? TextMessage)?.content ?? ""
        case "RC:ImgMsg": "[Image]"
        case "RC:GIFMsg": "[GIF]"
        case "RC:VcMsg", "RC:HQVCMsg": "[Voice]"
        case "RC:FileMsg": "[File]"
        case "RC:SightMsg": "[Video]"
        case "RC:LBSMsg": "[Location]"
        case "RC:ImgTextMsg": "[Link]"
        case "RC:CombineMsg": "[Chat history]"
        case "RC:ReferenceMsg": "[Reply]"
        case "RC:CardMsg": "[Contact card]"
        case "RC:StkMsg": "[Sticker]"
        case "RC:PSImgTxtMsg", "RC:PSMultiImgTxtMsg": "[Article]"
        default: nil
        }
    }
}
