// Sources/RongPeer/Client/ClientStateMachine+Inbound.swift - packets from the server: answers, pushes, sync messages

import RongCodec
import RongEnvelope

extension ClientStateMachine {
    /// A binary message that is not a packet.
    mutating func undecodableFrame() {
        decodeErrors += 1
    }

    /// A packet on an accepted connection.
    mutating func receive(_ packet: Packet, in session: inout Session, now: UInt64) -> [ClientAction] {
        let echoBefore = session.echoJustReceived
        session.echoJustReceived = nil
        let noticeBefore = session.noticeJustReceived
        session.noticeJustReceived = nil
        var actions: [ClientAction] = []
        switch packet.body {
        case .serverPubAck(let a):
            // The PUBACK that completes a synced notice answers nothing of the client's.
            if noticeBefore == a.messageId { break }
            serverPubAck(a, echoBefore: echoBefore, &session, &actions)
        case .pingResp:
            pongs += 1
            let waiters = pingWaiters
            pingWaiters = []
            for w in waiters { actions.append(.waiterAnswered(w, .success(()))) }
        case .serverPublish(let p):
            if packet.qos != .atMostOnce && !packet.dup { actions.append(.write(Packet(.pubAck(messageId: p.messageId)))) }
            serverPublish(p, packet: packet, &session, &actions, now: now)
        case .queryAck(let a):
            if packet.qos != .atMostOnce { actions.append(.write(Packet(.queryCon(messageId: a.messageId)))) }
            if let q = pendingQueries.removeValue(forKey: a.messageId) { actions += queryFinished(q, .success((a.status, a.payload)), now: now) }
        case .disconnect(let d):
            disconnectStatus = d.status
        default:
            break
        }
        return actions
    }

    /// Server ids (sync messages) and the client's own ids (its PUBLISHes) are separate counters
    /// and may coincide. The PUBACK right after a sync message with its id completes that
    /// message; any other answers the client's own PUBLISH first, and only then a sync message
    /// whose PUBACK did not follow it directly (faults reorder).
    private mutating func serverPubAck(_ a: Packet.ServerPubAck, echoBefore: UInt16?, _ session: inout Session, _ actions: inout [ClientAction]) {
        if echoBefore == a.messageId, let i = session.pendingEchoes.lastIndex(where: { $0.id == a.messageId }) {
            completeEcho(at: i, a, &session, &actions)
        } else if let p = pendingPublishes.removeValue(forKey: a.messageId) {
            if a.status == 0 && !a.messageUId.text.isEmpty { seen.insert(a.messageUId.text) }
            actions.append(.publishAnswered(p.token, .success(PeerSendResult(status: a.status, messageUId: a.messageUId.text, sentTime: a.sentTime))))
        } else if let i = session.pendingEchoes.firstIndex(where: { $0.id == a.messageId }) {
            completeEcho(at: i, a, &session, &actions)
        } else {
            strayAcks += 1
            strayAckLog.append("PUBACK id \(a.messageId) status \(a.status) uid \(a.messageUId.text.isEmpty ? "-" : a.messageUId.text)")
            if strayAckLog.count > 16 { strayAckLog.removeFirst() }
        }
    }

    private mutating func serverPublish(_ p: Packet.ServerPublish, packet: Packet, _ session: inout Session, _ actions: inout [ClientAction], now: UInt64) {
        switch p.topic {
        case .s_ntf:
            guard let n = try? NotifyMsg.decode(p.payload) else { return }
            // Type 2 names a chatroom to pull (ENGINE lines 5977-5988); any other type the inbox.
            if n.type == 2, let room = n.chrmId, !room.isEmpty {
                actions += chatroomPull(room, now: now)
            } else if options.autoPull {
                actions += startPull(now: now)
            }
        case .s_msg:
            guard let d = try? DownStreamMessage.decode(p.payload) else { return }
            accept(d, via: .push, &actions)
        case .s_cmd:
            record(p, packet: packet)
            // 6: new ultragroup messages to pull (5.7.2 `case 6:`; PEER-UG-002).
            if options.ultragroupPull, let n = try? NotifyMsg.decode(p.payload), n.kind == .ultraGroupMessages {
                actions += startUltragroupPull(online: false, now: now)
            }
        default:
            guard BodyType.serverPublish(topic: p.topic) == .upStreamMessage else {
                // A notice (`s_opNtf`, `s_us`, …); a synced one (dup) is completed by a PUBACK.
                record(p, packet: packet)
                if packet.dup { session.noticeJustReceived = p.messageId }
                return
            }
            guard packet.dup else { return }
            do throws(CodecError) {
                let m = try InboundMessage(packet: packet, currentUserId: userId)
                let r = PeerReceivedMessage(message: m, via: .sync)
                // Sync messages on status topics surface at once; others wait for the PUBACK.
                if TopicFamily(topic: p.topic) == .status {
                    surface(r, &actions)
                } else {
                    session.pendingEchoes.append((p.messageId, r))
                    if session.pendingEchoes.count > Self.pendingEchoLimit { session.pendingEchoes.removeFirst() }
                    session.echoJustReceived = p.messageId
                }
            } catch {
                decodeErrors += 1
            }
        }
    }

    /// Keeps a notice for ``PeerClient/notices()``, its body in the body JSON form.
    private mutating func record(_ p: Packet.ServerPublish, packet: Packet) {
        guard options.keepMessages else { return }
        let body: JSONValue
        if let type = BodyType.serverPublish(topic: p.topic), let json = try? BodyJSON.json(of: p.payload, as: type) {
            body = json
        } else {
            body = ["bodyHex": .string(Hex.encode(p.payload))]
        }
        notices.append(PeerNotice(topic: p.topic.text, body: body, dup: packet.dup))
    }

    private mutating func completeEcho(at i: Int, _ a: Packet.ServerPubAck, _ session: inout Session, _ actions: inout [ClientAction]) {
        var echo = session.pendingEchoes.remove(at: i).message
        echo.message.apply(a)
        surface(echo, &actions)
    }

    mutating func accept(_ d: DownStreamMessage, via: PeerReceivedMessage.Via, _ actions: inout [ClientAction]) {
        do throws(CodecError) {
            let m = try InboundMessage(d, currentUserId: userId)
            surface(PeerReceivedMessage(message: m, via: via), &actions)
        } catch {
            decodeErrors += 1
        }
    }

    /// Hands a message to the user once per UID (protocol-rules.md § 11.5: duplicates by UID are
    /// dropped; STATUS messages have no UID and always surface).
    mutating func surface(_ r: PeerReceivedMessage, _ actions: inout [ClientAction]) {
        if let uid = r.message.messageUId, !uid.isEmpty {
            if !seen.insert(uid).inserted {
                duplicatesSuppressed += 1
                return
            }
        }
        receivedCount += 1
        if options.keepMessages { received.append(r) }
        actions.append(.deliver(r))
    }
}
