// Sources/RongPeer/Model/PeerModel+KeptSettings.swift - chatroom KV and the `s_cmd` notice

import RongCodec
import RongEnvelope
import SwiftProtobuf

/// Chatroom KV (PEER-CHRM-004): what `setKV`/`delKV` write is kept, `pullKV` reads it back, and
/// the other connections that hold a copy hear of a change by `s_cmd` (NotifyMsg type 2 with
/// `chrmId`; type 3 for conversation status, PeerModel+Conversations.swift), which ENGINE follows
/// with the pull (lines 5895-5907).
extension PeerModel {
    /// ChrmKVEntity status bits (ENGINE lines 3285-3322, 1310-1317).
    enum EntryBits {
        static let autoDelete: Int32 = 0x01
        static let overwrite: Int32 = 0x02
        static let delete: Int32 = 0x04
    }

    /// `pullKV`: with `time` 0 every entry the room holds, else every change at or after `time`
    /// (removals included, status bit 0x04): ENGINE pulls with the `s_cmd`'s time.
    func chatroomEntries(room: String, after time: Int64) -> [Modules_ChrmKVEntity] {
        let all = (chatrooms[room]?.entries ?? [:]).values
        let picked = time == 0 ? all.filter { $0.status & EntryBits.delete == 0 } : all.filter { $0.timestamp >= time }
        return picked.sorted { ($0.timestamp, $0.key) < ($1.timestamp, $1.key) }
    }

    /// `setKV`/`delKV` (both SetChrmKV; bit 0x04 removes): a member sets or removes a key. A key
    /// another user set changes only with the overwrite bit (23424); removing a key the room does
    /// not hold is 23427 (RUST's codes, official-sdks.md § 7). The room's other members'
    /// connections and the setter's other devices get `s_cmd` type 2.
    mutating func setChatroomEntry(room: String, user: String, _ req: Modules_SetChrmKV, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        guard chatrooms[room]!.members[user] != nil else { return [queryAck(conn, id, status: PeerStatus.notInChatroom)] }
        let wanted = req.entry
        let current = chatrooms[room]!.entries[wanted.key].flatMap { $0.status & EntryBits.delete == 0 ? $0 : nil }
        let removing = wanted.status & EntryBits.delete != 0
        if removing && current == nil { return [queryAck(conn, id, status: PeerStatus.chatroomKeyNotExist)] }
        if let current, current.uid != user, wanted.status & EntryBits.overwrite == 0 {
            return [queryAck(conn, id, status: PeerStatus.chatroomKeyNotOwned)]
        }
        var entry = Modules_ChrmKVEntity()
        entry.key = wanted.key
        entry.value = removing ? "" : wanted.value
        entry.status = wanted.status & (EntryBits.autoDelete | EntryBits.overwrite | EntryBits.delete)
        entry.uid = user
        entry.timestamp = now
        chatrooms[room]!.entries[wanted.key] = entry
        log("conn#\(conn) \(user) \(removing ? "removed" : "set") chatroom \(room) key \(wanted.key)")
        var out = [queryAck(conn, id, status: PeerStatus.ok)]
        let members = chatrooms[room]!.members.keys.sorted()
        for member in members {
            for other in online[member] ?? [] where other != conn {
                out.append(command(other, type: 2, time: entry.timestamp, chatroom: room))
            }
        }
        return out
    }

    /// `s_cmd`: "pull this again": NotifyMsg type 2 (a room's KV, `chrmId`) or 3 (conversation
    /// status), with the change's time.
    mutating func command(_ conn: ConnectionID, type: Int32, time: Int64, chatroom: String?) -> PeerOutput {
        let n = NotifyMsg(type: type, time: time, chrmId: chatroom)
        let (d, _) = date(now)
        let publish = Packet.ServerPublish(date: d, topic: .s_cmd, targetId: RMTPString(sessions[conn]!.user), messageId: nextId(conn), payload: n.encoded())
        return .packet(conn, Packet(.serverPublish(publish), retain: true))
    }
}
