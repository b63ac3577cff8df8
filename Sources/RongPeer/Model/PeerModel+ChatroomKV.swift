// Sources/RongPeer/Model/PeerModel+ChatroomKV.swift - chatroom KV: setKV, delKV, batches, pullKV and the KV notification

import RongCodec
import RongEnvelope

/// Chatroom KV (PEER-CHRM-004, -007, -008; 000:12195-12480): what `setKV`/`delKV` write is kept,
/// `pullKV` reads it back, and the other connections that hold a copy hear of a change by `s_cmd`
/// (NotifyMsg type 2 with `chrmId`; type 3 for conversation status), which ENGINE follows with the
/// pull (lines 5895-5907). At most 100 keys a room, keys of 1-128 characters of
/// `[A-Za-z0-9+=_-]`, values up to 4,096 characters, batches of at most 10; a refusal changes
/// nothing (the rules: `ChatroomStore`).
extension PeerModel {
    /// Entries one `setKVS`/`delKVS` may carry (23429).
    static let maxChatroomBatch = 10

    /// `pullKV`: with `time` 0 every entry the room holds, else every change at or after `time`
    /// (removals included, status bit 0x04): ENGINE pulls with the `s_cmd`'s time. In the order
    /// of the changes: time, then arrival (PEER-ORDER-002).
    func chatroomEntries(room: String, after time: Int64) -> [Modules_ChrmKVEntity] {
        chatrooms.entries(room, since: time).map { e in
            var entity = Modules_ChrmKVEntity()
            entity.key = e.key
            entity.value = e.value
            entity.status = e.status
            entity.uid = e.uid
            entity.timestamp = e.timestamp
            return entity
        }
    }

    /// `setKV` / `delKV`: the checks of ``ChatroomStore/refusal(_:user:key:value:status:)``, the
    /// write, and with `bNotify` the request's `notification` (RC:chrmKVNotiMsg, its `extra` the
    /// API's `notificationExtra`) sent to the room as the setter's chatroom message.
    mutating func chatroomKV(room: String, user: String, _ req: Modules_SetChrmKV, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        guard chatrooms[room] != nil else { return [queryAck(conn, id, status: PeerStatus.chatroomNotExist)] }
        let e = req.entry
        if let status = chatrooms.refusal(room, user: user, key: e.key, value: e.value, status: e.status) {
            recordEvent("conn#\(conn) \(user) chatroom \(room) key \(e.key.prefix(64)): refused \(status)")
            return [queryAck(conn, id, status: status)]
        }
        var out = [queryAck(conn, id, status: PeerStatus.ok)] + setChatroomEntry(room: room, user: user, e, from: conn)
        chatrooms.pruneRemovedEntries(room)
        if req.hasBNotify && req.bNotify && req.hasNotification {
            kvNotification(room: room, sender: user, UpStreamMessage(req.notification), from: conn, into: &out)
        }
        return out
    }

    /// `setKVS` / `delKVS` (SetChrmKVS for both, ENGINE-5.0 lines 3873-3893): more than 10
    /// entries is 23429 and nothing changes; otherwise each entry is set (or, for `delKVS`,
    /// removed) as by `setKV`, and the keys refused are listed in ChrmKVSOutput `errorKeys` with
    /// their code, status 23428 when any was (ENGINE-5.0 reads it as partial success, lines
    /// 8841-8870). Batches send no notification (catalog § 7.6).
    mutating func chatroomKVBatch(room: String, user: String, _ req: Modules_SetChrmKVS, delete: Bool, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        guard chatrooms[room] != nil else { return [queryAck(conn, id, status: PeerStatus.chatroomNotExist)] }
        guard chatrooms.isMember(user, of: room) else { return [queryAck(conn, id, status: PeerStatus.notInChatroom)] }
        guard req.entry.count <= Self.maxChatroomBatch else {
            recordEvent("conn#\(conn) \(user) chatroom \(room): a batch of \(req.entry.count) keys refused")
            return [queryAck(conn, id, status: PeerStatus.chatroomBatchTooLarge)]
        }
        var result = Modules_ChrmKVSOutput()
        var commands: [PeerOutput] = []
        for var entry in req.entry {
            if delete { entry.status |= ChatroomStore.EntryBits.delete }
            if let status = chatrooms.refusal(room, user: user, key: entry.key, value: entry.value, status: entry.status) {
                var failed = Modules_ChrmKVSOutputEntity()
                failed.key = entry.key
                failed.errorCode = Int32(status)
                result.errorKeys.append(failed)
                continue
            }
            commands += setChatroomEntry(room: room, user: user, entry, from: conn)
        }
        chatrooms.pruneRemovedEntries(room)
        let status = result.errorKeys.isEmpty ? PeerStatus.ok : PeerStatus.chatroomKeysNotAllSet
        return [queryAck(conn, id, status: status, payload: Self.bytes(result))] + Self.distinctCommands(commands)
    }

    /// Writes an entry the store's checks allowed (the caller then prunes the removed entries);
    /// the room's other members' connections and the setter's other devices get `s_cmd` type 2.
    mutating func setChatroomEntry(room: String, user: String, _ wanted: Modules_ChrmKVEntity, from conn: ConnectionID) -> [PeerOutput] {
        let entry = chatrooms.setEntry(room, user: user, key: wanted.key, value: wanted.value, status: wanted.status, at: now)
        recordEvent("conn#\(conn) \(user) \(entry.isRemoved ? "removed" : "set") chatroom \(room) key \(wanted.key)")
        var out: [PeerOutput] = []
        for member in chatrooms[room]!.memberIds {
            for other in sessions.connections(of: member) where other != conn {
                out.append(command(other, type: 2, time: entry.timestamp, chatroom: room))
            }
        }
        return out
    }

    /// One `s_cmd` per connection out of a batch's (every one says "pull the KV again").
    static func distinctCommands(_ outputs: [PeerOutput]) -> [PeerOutput] {
        var seen = Set<ConnectionID>()
        return outputs.filter { o in
            guard case .packet(let c, _) = o else { return true }
            return seen.insert(c).inserted
        }
    }

    /// `s_cmd`: "pull this again": NotifyMsg type 2 (a room's KV, `chrmId`) or 3 (conversation
    /// status), with the change's time.
    mutating func command(_ conn: ConnectionID, type: Int32, time: Int64, chatroom: String?) -> PeerOutput {
        let n = NotifyMsg(type: type, time: time, chrmId: chatroom)
        let (d, _) = date(now)
        let publish = Packet.ServerPublish(date: d, topic: .s_cmd, targetId: RMTPString(sessions.user(of: conn)!), messageId: nextId(conn), payload: n.encoded())
        return .packet(conn, Packet(.serverPublish(publish), retain: true))
    }

    /// RC:chrmKVNotiMsg from a KV change with `bNotify`: the client's `notification`
    /// UpStreamMessage, kept among the room's messages and announced like any chatroom message.
    /// Another objectName is not relayed.
    mutating func kvNotification(room: String, sender: String, _ up: UpStreamMessage, from conn: ConnectionID, into out: inout [PeerOutput]) {
        guard up.classname == ChatroomKVNotificationMessage.objectName, Self.isUTF8(up.content),
            up.content.count <= DecodingOptions.protocolContentLimit
        else {
            recordEvent("conn#\(conn) \(sender) chatroom \(room): KV notification \(up.classname.prefix(64)) not relayed")
            return
        }
        let m = StoredMessage(
            uid: uids.next(), time: nextMessageTime(), sender: sender, type: .chatroom, target: room, topic: .chatMsg, up: up,
            flag: up.sessionId.flag, origin: conn)
        messages.store(m)
        stats.published += 1
        deliver(m, route: Route(type: .chatroom, family: .persisted), into: &out)
    }
}
