// Sources/RongPeer/Model/PeerModel+UltragroupChanges.swift - ultragroup messages announced, changed, read and typed in: s_cmd 6 and 7, modifyMsg, upMsgEx, qryMsgChange, updUgRTime, operate

import RongCodec
import RongEnvelope

/// PEER-UG-002, PEER-UG-005, PEER-UG-007, PEER-UG-008: what changes an ultragroup and who hears
/// of it. A new message is announced by `s_cmd` 6 (the members pull it); a modification,
/// expansion change or recall is a change in the log that `s_cmd` 7 announces and `qryMsgChange`
/// returns; the read time (`updUgRTime`) goes to the user's other devices; typing (`operate`) to
/// the other members online by `s_opNtf`. Sources: tools/sdk5x/FINDINGS.md § 3.2-3.7 (RongIMLib 5.7.2).
extension PeerModel {
    // MARK: Announcing (`s_cmd` 6 and 7)

    /// `s_cmd` of `kind` (6 or 7) with `time` to every connection of `users` (in their order)
    /// and of `sender`'s other devices, except `origin`; coalesced per connection until it pulls
    /// (``SessionStore/shouldNotify(_:command:at:)``).
    mutating func announce(_ kind: NotifyMsg.Kind, time: Int64, to users: [String], sender: String, origin: ConnectionID?, into out: inout [PeerOutput]) {
        let t = now
        let conns = users.filter { $0 != sender }.flatMap { sessions.connections(of: $0) } + sessions.connections(of: sender)
        for c in conns where c != origin && sessions.shouldNotify(c, command: kind, at: t) {
            out.append(command(c, type: kind.rawValue, time: time, chatroom: nil))
        }
    }

    /// A new ultragroup message under navigation `ugMsg` 1: `s_cmd` 6 to the members it reaches
    /// and the sender's other devices, who pull it (PEER-UG-002).
    mutating func announceUltragroupMessage(_ m: StoredMessage, recipients users: [String], into out: inout [PeerOutput]) {
        announce(.ultraGroupMessages, time: m.time, to: users, sender: m.sender, origin: m.origin, into: &out)
    }

    /// Appends a change of `m` by `operatorId` to the log and announces it with `s_cmd` 7 to the
    /// members it reaches and the operator's other devices (not `origin`).
    mutating func recordChange(_ type: UltragroupStore.ChangeType, of m: StoredMessage, by operatorId: String, origin: ConnectionID?, into out: inout [PeerOutput]) {
        let time = nextMessageTime()
        ultragroupState.record(UltragroupStore.Change(time: time, type: type, uid: m.uid, msgTime: m.time, channel: channelKey(of: m), operatorId: operatorId))
        let members = (fixture.ultragroups[m.target]?.members ?? []).filter { reaches(m, $0) }
        announce(.ultraGroupMessageChanges, time: time, to: members, sender: operatorId, origin: origin, into: &out)
    }

    // MARK: modifyMsg, upMsgEx (PEER-UG-005)

    /// `modifyMsg` and `upMsgEx` (MsgChangeReq{`fromUserId`, `targetId`, `type`, `msgUID`,
    /// `msgTime`, `busChannel`, `content`}; QUERY QoS 1 in 5.7.2, PUBLISH in 5.2.1): the change,
    /// or the status refusing it. `modifyMsg` replaces the content of the user's own ultragroup
    /// message (the object name stays: content that does not decode as it is 22203);
    /// `upMsgEx` applies `{"mid", "put", "del", "clear"}` to the expansion as PEER-EXP-002 does.
    /// 22201 no such message (or recalled), 22202 not an ultragroup message (or, for `upMsgEx`,
    /// one sent without `canIncludeExpansion`), 22203 content or expansion out of its rules,
    /// 22204 not the sender's (`modifyMsg`) or not in the ultragroup (protocol-rules.md § 10,
    /// § 11.13).
    mutating func changeMessage(_ topic: Topic, _ req: Modules_MsgChangeReq, from conn: ConnectionID, into out: inout [PeerOutput]) -> StatusRefusal? {
        let user = sessions.user(of: conn)!
        guard let m = messages[req.msgUid], m.recalled == nil else {
            return StatusRefusal(PeerStatus.originalMessageNotExist, "no message \(req.msgUid.prefix(64))")
        }
        guard m.type == .ultragroup else { return StatusRefusal(PeerStatus.messageNotExpandable, "\(m.uid) is not an ultragroup message") }
        guard isParticipant(user, of: m), reaches(m, user) else {
            return StatusRefusal(PeerStatus.expansionNotAuthorized, "\(user) is not in ultragroup \(m.target)")
        }
        let content = Array(req.content.utf8)
        if topic == .modifyMsg {
            guard m.sender == user else { return StatusRefusal(PeerStatus.expansionNotAuthorized, "only \(m.sender) may modify \(m.uid)") }
            guard content.count <= DecodingOptions.protocolContentLimit, Self.decodes(content, as: m.up.classname) else {
                return StatusRefusal(PeerStatus.expansionFormat, "the new content is not a \(m.up.classname)")
            }
            messages.modify(m.uid, content: content)
            recordEvent("conn#\(conn) \(user) modified \(m.uid)")
            recordChange(.modification, of: m, by: user, origin: conn, into: &out)
            return nil
        }
        guard m.canIncludeExpansion else { return StatusRefusal(PeerStatus.messageNotExpandable, "\(m.uid) was not sent with canIncludeExpansion") }
        guard case .typed(let c)? = try? ContentRegistry.builtIn.decode(objectName: MessageExpansionMessage.objectName, bytes: content),
            let ex = c.base as? MessageExpansionMessage
        else { return StatusRefusal(PeerStatus.expansionFormat, "the expansion change is not {mid, put, del, clear}") }
        let put = (ex.put.map(Array.init) ?? []).map { (key: $0.key, value: $0.value) }
        if let why = MessageStore.expansionRefusal(put: put) { return StatusRefusal(PeerStatus.expansionFormat, why) }
        // 5.7.2 says `clear` where RC:MsgExMsg says `removeAll` (tools/sdk5x/FINDINGS.md § 3.6).
        let dropped = messages.expand(m.uid, clear: ex.clear == 1 || ex.removeAll == 1, delete: ex.del ?? [], put: put)
        if dropped > 0 { recordEvent("expansion of \(m.uid): \(dropped) keys over the 300 limit dropped") }
        recordChange(.expansion, of: m, by: user, origin: conn, into: &out)
        return nil
    }

    /// Whether `content` is JSON content of `objectName`: a registered type's content must decode
    /// as it; other types' must be a JSON object (content is a JSON object, CONTENT-*).
    static func decodes(_ content: [UInt8], as objectName: String) -> Bool {
        guard isUTF8(content) else { return false }
        switch try? ContentRegistry.builtIn.decode(objectName: objectName, bytes: content) {
        case .typed?: return true
        case nil: return false
        default: return (try? JSONValue(parsing: content))?.objectValue != nil
        }
    }

    // MARK: qryMsgChange (PEER-UG-005)

    /// `qryMsgChange` (QueryMsgChange{`syncTime`} → MsgChangeList{`list`, `syncTime`,
    /// `hasNext`}): the changes after `syncTime` in the user's ultragroups, oldest first, at
    /// most 100; `syncTime` the last one's (the request's when there is none).
    mutating func messageChanges(_ req: Modules_QueryMsgChange, from conn: ConnectionID) -> Modules_MsgChangeList {
        let user = sessions.user(of: conn)!
        sessions.pulled(conn, command: .ultraGroupMessageChanges)
        let groups = Set(ultragroups(of: user))
        let (list, hasNext) = ultragroupState.changes(after: req.syncTime, limit: Self.ultragroupChangePage) { groups.contains($0) }
        var out = Modules_MsgChangeList()
        out.list = list.map { c in
            var x = Modules_MsgChange()
            x.targetID = c.channel.group
            x.type = .ultragroup
            x.time = c.time
            x.changeType = c.type.rawValue
            x.msgUid = c.uid
            x.msgTime = c.msgTime
            x.busChannel = c.channel.channel
            x.isAdmin = false
            x.isDel = false
            x.operatorID = c.operatorId
            return x
        }
        out.syncTime = list.last?.time ?? req.syncTime
        out.hasNext_p = hasNext
        return out
    }

    // MARK: updUgRTime (PEER-UG-007)

    /// `updUgRTime` (PUBLISH, SessionMsgReadInput{`type` 10, `msgTime`, `channelId` the
    /// ultragroup, `busChannel`}): the user's read time of the channel (at most the server's
    /// time), which later `pullUgSes` replies count unread from; the user's other connections get
    /// the same body as a sync PUBLISH (dup bit, QoS 1, then a PUBACK with the read time), which
    /// 5.7.2 takes to zero that channel's counts (`_receiveSyncMsg`, offset 353423). PUBACK 0;
    /// 24410 or 24406 for an ultragroup the user is not in, 33003 for another conversation type.
    mutating func ultragroupRead(_ req: Modules_SessionMsgReadInput, _ p: Packet.Publish, from conn: ConnectionID) -> [PeerOutput] {
        let user = sessions.user(of: conn)!
        guard req.type == .ultragroup else { return reject(conn, p, PeerStatus.invalidParameter, "updUgRTime for conversation type \(req.type.rawValue)") }
        let g: PeerFixture.Group
        switch ultragroup(req.channelID, member: user) {
        case .success(let found): g = found
        case .failure(let r): return reject(conn, p, r.status, r.why)
        }
        if let r = admitChannel(req.busChannel, of: g) { return reject(conn, p, r.status, r.why) }
        let time = min(req.msgTime, now)
        ultragroupState.markRead(user: user, UltragroupChannelKey(group: g.id, channel: req.busChannel), upTo: time, at: nextMessageTime())
        var out = [ack(conn, p.messageId, status: 0, time: now, uid: "")]
        let payload = Self.bytes(req)
        for c in sessions.connections(of: user) where c != conn {
            let id = nextId(c)
            let (d, _) = date(time)
            let publish = Packet.ServerPublish(date: d, topic: .updUgRTime, targetId: RMTPString(user), messageId: id, payload: payload)
            out.append(.packet(c, Packet(.serverPublish(publish), dup: true, qos: .atLeastOnce, retain: true)))
            out.append(ack(c, id, status: 0, time: time, uid: ""))
        }
        return out
    }

    // MARK: operate (PEER-UG-008)

    /// `operate` (PUBLISH, OperateStatus{`targetId`, `type` 10, `opType`, `busChannel`}): the
    /// other members' connections get `s_opNtf` OperateStatusNotify{`type` 10, `notifyType` 1
    /// (an `info` list), `info` [{`targetId`, `busChannel`, `userId`, `opType`, `optime`}]} at
    /// once (**kit choice**: the service batches about 5 s and may send a `summary` for large
    /// groups, 000:14722-14745; no source gives the threshold), nothing is kept. PUBACK 0; 24410,
    /// 24406, 24413, 24414 as for a message; 33003 for another conversation type.
    mutating func typing(_ req: Modules_OperateStatus, _ p: Packet.Publish, from conn: ConnectionID) -> [PeerOutput] {
        let user = sessions.user(of: conn)!
        guard req.type == .ultragroup else { return reject(conn, p, PeerStatus.invalidParameter, "operate for conversation type \(req.type.rawValue)") }
        let g: PeerFixture.Group
        switch ultragroup(req.targetID, member: user) {
        case .success(let found): g = found
        case .failure(let r): return reject(conn, p, r.status, r.why)
        }
        if let r = admitChannel(req.busChannel, of: g) { return reject(conn, p, r.status, r.why) }
        let t = now
        var out = [ack(conn, p.messageId, status: 0, time: t, uid: "")]
        var info = Modules_OperateInfo()
        info.targetID = g.id
        info.busChannel = req.busChannel
        info.userID = user
        info.opType = req.opType
        info.optime = t
        var notice = Modules_OperateStatusNotify()
        notice.type = .ultragroup
        notice.notifyType = 1
        notice.info = [info]
        let payload = Self.bytes(notice)
        let (d, _) = date(t)
        for member in g.members where member != user {
            for c in sessions.connections(of: member) {
                let publish = Packet.ServerPublish(date: d, topic: .s_opNtf, targetId: RMTPString(user), messageId: nextId(c), payload: payload)
                out.append(.packet(c, Packet(.serverPublish(publish), retain: true)))
            }
        }
        return out
    }
}
