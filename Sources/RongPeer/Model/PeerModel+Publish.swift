// Sources/RongPeer/Model/PeerModel+Publish.swift - a client PUBLISH: routing, checks, PUBACK, storage

import RongCodec
import RongEnvelope

/// PEER-MSG-*: a message PUBLISH is routed by its topic, checked (membership, size, content,
/// rate), answered with a PUBACK carrying its UID and time (the first answer again for a resend),
/// stored and handed to delivery (PeerModel+Delivery.swift); a recall goes to
/// PeerModel+Recall.swift.
extension PeerModel {
    /// Where a published message goes: its conversation type and topic family, as RongEnvelope
    /// reads them from the topic (`ConversationType(topic:)`, `TopicFamily(topic:)`).
    struct Route {
        var type: ConversationType
        var family: TopicFamily
    }

    /// The conversation types whose publish topics the peer serves; the others' get 20109.
    static let servedTypes: Set<ConversationType> = [.private, .group, .chatroom, .ultragroup]

    func ack(_ conn: ConnectionID, _ id: UInt16, status: UInt16, time: Int64, uid: String) -> PeerOutput {
        let (d, ms) = date(time)
        return .packet(conn, Packet(.serverPubAck(.init(messageId: id, date: d, status: status, millisecond: ms, messageUId: RMTPString(uid))), retain: true))
    }

    mutating func reject(_ conn: ConnectionID, _ p: Packet.Publish, _ status: UInt16, _ why: String) -> [PeerOutput] {
        stats.rejected += 1
        recordEvent("conn#\(conn) \(sessions.user(of: conn) ?? "?") \(p.topic.text) → \(p.targetId.text) rejected \(status): \(why)")
        return [ack(conn, p.messageId, status: status, time: now, uid: "")]
    }

    /// A client PUBLISH: a message (PEER-MSG-*), a status message (PEER-FLAG-004) or a recall
    /// (PEER-RECALL-*).
    mutating func publish(_ p: Packet.Publish, from conn: ConnectionID) -> [PeerOutput] {
        let sender = sessions.user(of: conn)!
        if let type = BodyType.clientPublishBodies[p.topic] {
            do throws(CodecError) {
                return try otherPublish(p, type, from: conn)
            } catch {
                recordViolation(conn, kind: .malformed, detail: "PUBLISH \(p.topic.text): \(error.code): \(error.reason)")
                return [.disconnect(conn, status: DisconnectStatus.closure)]
            }
        }
        let up: UpStreamMessage
        do throws(CodecError) {
            up = try UpStreamMessage.decode(p.payload)
        } catch {
            recordViolation(conn, kind: .malformed, detail: "PUBLISH \(p.topic.text): \(error.code): \(error.reason)")
            return [.disconnect(conn, status: DisconnectStatus.closure)]
        }
        let topic = p.topic
        if topic == .recallMsg { return rateLimit(conn, p, isStatus: false) ?? recall(p, up, from: conn) }
        guard let type = ConversationType(topic: topic), Self.servedTypes.contains(type), let family = TopicFamily(topic: topic) else {
            return reject(conn, p, PeerStatus.conversationNotSupported, "topic \(topic) is not served")
        }
        let route = Route(type: type, family: family)
        let isStatus = route.family == .status
        // Idempotent resend: the same clientUniqueId from the same user gets the first answer.
        let resendKey = isStatus ? nil : up.clientUniqueId.map { ResendKey(sender: sender, clientUniqueId: $0) }
        if let resendKey, let first = messages.firstResult(of: resendKey) {
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
            if let r = admitChannel(up.busChannel ?? "", of: g) { return reject(conn, p, r.status, r.why) }
        default:
            break
        }
        let flag: PersistenceFlag = isStatus ? .status : up.sessionId.flag
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
            if let resendKey { messages.remember(resendKey, uid: uid, time: time) }
            stats.published += 1
            return [ack(conn, p.messageId, status: 0, time: time, uid: uid)]
        }
        var stored = StoredMessage(
            uid: uid, time: time, sender: sender, type: route.type, target: target, topic: topic, up: up, flag: flag, origin: conn)
        if stored.canIncludeExpansion, let text = up.extraContent, let initial = try? MessageExpansion.decode(text) {
            stored.expansion = initial
        }
        messages.store(stored)
        if let resendKey { messages.remember(resendKey, uid: uid, time: time) }
        stats.published += 1
        out.append(ack(conn, p.messageId, status: 0, time: time, uid: uid))
        deliver(stored, route: route, into: &out)
        applyReadSideEffects(stored)
        if messages.countForCompaction(at: now) { compact() }
        return out
    }

    /// A client PUBLISH whose body is not a message (PEER-MSG-001): the RTC plugin's data writes
    /// (ENGINE 0.1.0 lines 6767-6818; no RTC room is modelled, so each is acknowledged and goes
    /// nowhere, PEER-QUERY-001), 5.x's ultragroup typing and read time (PEER-UG-007, -008), and
    /// engine 5.2.1's PUBLISH forms of `modifyMsg` and `upMsgEx` (served as the QUERYs 5.7.2
    /// sends, answered by the PUBACK's status) and `qryMsgChange` (answered by a QUERYACK with the
    /// MsgChangeList, the one answer 5.2.1 can read). A body that does not parse ends the
    /// connection (PEER-HOSTILE-001).
    mutating func otherPublish(_ p: Packet.Publish, _ type: BodyType, from conn: ConnectionID) throws(CodecError) -> [PeerOutput] {
        switch p.topic {
        case .operate:
            return typing(try Self.request(p.payload, as: Modules_OperateStatus.self), p, from: conn)
        case .updUgRTime:
            return ultragroupRead(try Self.request(p.payload, as: Modules_SessionMsgReadInput.self), p, from: conn)
        case .modifyMsg, .upMsgEx:
            var out: [PeerOutput] = []
            if let r = changeMessage(p.topic, try Self.request(p.payload, as: Modules_MsgChangeReq.self), from: conn, into: &out) {
                return reject(conn, p, r.status, r.why)
            }
            return [ack(conn, p.messageId, status: 0, time: now, uid: "")] + out
        case .qryMsgChange:
            // Engine 5.2.1 waits for any answer with this message id and decodes its body as
            // MsgChangeList ([5.2.1] offset 293710, `send(n, kn)`); a PUBACK carries no body, a
            // QUERYACK does (PEER-UG-005).
            let changes = messageChanges(try Self.request(p.payload, as: Modules_QueryMsgChange.self), from: conn)
            return [queryAck(conn, p.messageId, status: 0, payload: Self.bytes(changes))]
        default:
            _ = try BodyJSON.parse(p.payload, as: type)
            return [ack(conn, p.messageId, status: 0, time: now, uid: "")]
        }
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
        if sessions.admitSend(conn, at: clock.nowMillis(), limit: limit) { return nil }
        stats.rateLimited += 1
        if isStatus { return dropStatus(conn, "more than \(limit) messages in a second") }
        return reject(conn, p, PeerStatus.sendRateExceeded, "more than \(limit) messages in a second")
    }

    mutating func dropStatus(_ conn: ConnectionID, _ why: String) -> [PeerOutput] {
        stats.statusDropped += 1
        recordEvent("conn#\(conn) status message dropped: \(why)")
        return []
    }
}
