// Sources/RongPeer/Model/PeerModel+ChatroomKV.swift - chatroom KV limits, batches and the KV notification

import RongCodec
import RongEnvelope

/// The rules of chatroom attributes (000:12195-12480; PEER-CHRM-007, -008): at most 100 keys a
/// room, keys of 1-128 characters of `[A-Za-z0-9+=_-]`, values up to 4,096 characters, batches of
/// at most 10; a refusal changes nothing. The write itself is `setChatroomEntry(room:user:_:id:from:)`.
extension PeerModel {
    /// Keys a room holds at most (23423; protocol-rules.md § 10.1, 000:12195-12480).
    static let maxChatroomKeys = 100
    /// The longest key, in characters.
    static let maxChatroomKeyLength = 128
    /// The longest value, in characters.
    static let maxChatroomValueLength = 4096
    /// Entries one `setKVS`/`delKVS` may carry (23429).
    static let maxChatroomBatch = 10
    /// Removed entries a room remembers for incremental pulls (PEER-CHRM-004); the oldest go
    /// first, so a client churning distinct keys cannot grow a room without bound.
    static let maxRemovedChatroomEntries = 1000

    /// Forgets the oldest removed entries beyond `maxRemovedChatroomEntries`.
    mutating func pruneRemovedEntries(_ room: String) {
        guard let entries = chatrooms[room]?.entries else { return }
        let removed = entries.values.filter { $0.entity.status & EntryBits.delete != 0 }
        guard removed.count > Self.maxRemovedChatroomEntries else { return }
        for e in removed.sorted(by: { ($0.entity.timestamp, $0.order) < ($1.entity.timestamp, $1.order) }).prefix(removed.count - Self.maxRemovedChatroomEntries) {
            chatrooms[room]!.entries[e.entity.key] = nil
        }
    }

    /// Whether `key` is 1-128 characters of `[A-Za-z0-9+=_-]`.
    static func isChatroomKey(_ key: String) -> Bool {
        let bytes = key.utf8
        guard (1...maxChatroomKeyLength).contains(bytes.count) else { return false }
        return bytes.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2B || b == 0x3D || b == 0x5F || b == 0x2D
        }
    }

    /// Why `user` may not make this change to `room`'s KV, or nil. In order: not a member 23406;
    /// a bad key or a value over 4,096 characters 23412; removing a key the room does not hold
    /// 23427; changing another user's key without the overwrite bit 23424; a new key in a room
    /// with 100 23423 (RUST's codes, official-sdks.md § 7; protocol-rules.md § 10.1).
    func chatroomKVRefusal(room: String, user: String, _ entry: Modules_ChrmKVEntity, live: Int) -> UInt16? {
        guard let r = chatrooms[room], r.members[user] != nil else { return PeerStatus.notInChatroom }
        guard Self.isChatroomKey(entry.key) else { return PeerStatus.chatroomInvalidParameter }
        let removing = entry.status & EntryBits.delete != 0
        if !removing && entry.value.unicodeScalars.count > Self.maxChatroomValueLength { return PeerStatus.chatroomInvalidParameter }
        let current = r.entries[entry.key].flatMap { $0.entity.status & EntryBits.delete == 0 ? $0.entity : nil }
        if removing && current == nil { return PeerStatus.chatroomKeyNotExist }
        if let current, current.uid != user, entry.status & EntryBits.overwrite == 0 { return PeerStatus.chatroomKeyNotOwned }
        if !removing && current == nil && live >= Self.maxChatroomKeys { return PeerStatus.chatroomKeyCountExceeded }
        return nil
    }

    func liveChatroomKeys(_ room: String) -> Int {
        chatrooms[room]?.entries.values.filter { $0.entity.status & EntryBits.delete == 0 }.count ?? 0
    }

    /// `setKV` / `delKV`: the checks of `chatroomKVRefusal(room:user:_:live:)`, the write, and
    /// with `bNotify` the request's `notification` (RC:chrmKVNotiMsg, its `extra` the API's
    /// `notificationExtra`) sent to the room as the setter's chatroom message.
    mutating func chatroomKV(room: String, user: String, _ req: Modules_SetChrmKV, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        guard chatrooms[room] != nil else { return [queryAck(conn, id, status: PeerStatus.chatroomNotExist)] }
        if let status = chatroomKVRefusal(room: room, user: user, req.entry, live: liveChatroomKeys(room)) {
            log("conn#\(conn) \(user) chatroom \(room) key \(req.entry.key.prefix(64)): refused \(status)")
            return [queryAck(conn, id, status: status)]
        }
        var out = setChatroomEntry(room: room, user: user, req, id: id, from: conn)
        pruneRemovedEntries(room)
        if req.hasBNotify && req.bNotify && req.hasNotification {
            kvNotification(room: room, sender: user, req.notification, from: conn, into: &out)
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
        guard chatrooms[room]!.members[user] != nil else { return [queryAck(conn, id, status: PeerStatus.notInChatroom)] }
        guard req.entry.count <= Self.maxChatroomBatch else {
            log("conn#\(conn) \(user) chatroom \(room): a batch of \(req.entry.count) keys refused")
            return [queryAck(conn, id, status: PeerStatus.chatroomBatchTooLarge)]
        }
        var result = Modules_ChrmKVSOutput()
        var commands: [PeerOutput] = []
        for var entry in req.entry {
            if delete { entry.status |= EntryBits.delete }
            if let status = chatroomKVRefusal(room: room, user: user, entry, live: liveChatroomKeys(room)) {
                var failed = Modules_ChrmKVSOutputEntity()
                failed.key = entry.key
                failed.errorCode = Int32(status)
                result.errorKeys.append(failed)
                continue
            }
            var one = Modules_SetChrmKV()
            one.entry = entry
            // The write's own QUERYACK is dropped: the batch has one answer.
            commands += setChatroomEntry(room: room, user: user, one, id: id, from: conn).dropFirst()
        }
        pruneRemovedEntries(room)
        let status = result.errorKeys.isEmpty ? PeerStatus.ok : PeerStatus.chatroomKeysNotAllSet
        return [queryAck(conn, id, status: status, payload: protoBytes(result))] + Self.distinctCommands(commands)
    }

    /// One `s_cmd` per connection out of a batch's (every one says "pull the KV again").
    static func distinctCommands(_ outputs: [PeerOutput]) -> [PeerOutput] {
        var seen = Set<ConnectionID>()
        return outputs.filter { o in
            guard case .packet(let c, _) = o else { return true }
            return seen.insert(c).inserted
        }
    }

    /// RC:chrmKVNotiMsg from a KV change with `bNotify`: the client's `notification`
    /// UpStreamMessage, kept among the room's messages and announced like any chatroom message.
    /// Another objectName is not relayed.
    mutating func kvNotification(room: String, sender: String, _ up: Modules_UpStreamMessage, from conn: ConnectionID, into out: inout [PeerOutput]) {
        guard up.classname == ChatroomKVNotificationMessage.objectName, Self.isUTF8(up.content),
            up.content.count <= DecodingOptions.protocolContentLimit
        else {
            log("conn#\(conn) \(sender) chatroom \(room): KV notification \(up.classname.prefix(64)) not relayed")
            return
        }
        let m = StoredMessage(
            uid: uids.next(), time: nextMessageTime(), sender: sender, type: .chatroom, target: room, topic: "chatMsg", up: up,
            flag: SessionIdBits(rawValue: up.sessionID).flag, origin: conn)
        messages[m.uid] = m
        stats.published += 1
        deliver(m, route: Route(type: .chatroom, family: .persisted), into: &out)
    }
}
