// Sources/RongPeer/Model/PeerModel+ChatroomMembers.swift - chatroom join, quit, leave and the room's life

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RongCodec
import RongEnvelope

/// Joining and leaving chatrooms (PEER-CHRM-001, -003, -005, -006): `joinChrm` creates a room it
/// does not find, `joinChrmR` joins only an existing one (ENGINE's `joinChatroom` and
/// `joinExistChatroom`, research note § 2.2; 002:418-468); a fixture's `maxMembers` makes a full
/// room refuse (23411); a banned user is refused (23409); the last member leaving a room a join
/// created ends the room and its KV.
extension PeerModel {
    /// The join history when the request's `count` is 0: "0 uses the SDK default, 10" (002:432).
    static let defaultJoinHistory: Int32 = 10
    /// The most messages a join history returns (002:432, 000:11708).
    static let maxJoinHistory: Int32 = 50

    /// `joinChrm` / `joinChrmR` (ChrmInput{`nothing`}, decoded by the caller): membership starts
    /// now. A room the peer does not have is created by `joinChrm` (`create`) and is 23410 for
    /// `joinChrmR`; a banned user gets 23409, a full room 23411. Joining beyond
    /// `chatroomsPerUser` leaves the earliest joined room (000:11707). The reply is ChrmOutput
    /// with the join time, which ENGINE-4.5 and later read as the room's pull cursor.
    mutating func joinChatroom(_ room: String, create: Bool, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        let user = sessions[conn]!.user
        if chatrooms[room] == nil {
            guard create else {
                log("conn#\(conn) \(user) joinChrmR of unknown chatroom \(room)")
                return [queryAck(conn, id, status: PeerStatus.chatroomNotExist)]
            }
            guard !room.isEmpty, room.utf8.count <= 64 else {
                log("conn#\(conn) \(user) join of chatroom id \(room.debugDescription): not 1-64 characters")
                return [queryAck(conn, id, status: PeerStatus.chatroomInvalidParameter)]
            }
        }
        if let until = chatrooms[room]?.banned[user] {
            if until > now {
                log("conn#\(conn) \(user) join of chatroom \(room) refused: banned until \(until)")
                return [queryAck(conn, id, status: PeerStatus.kickedFromChatroom)]
            }
            chatrooms[room]!.banned[user] = nil
        }
        if let r = chatrooms[room], r.members[user] == nil, let limit = r.maxMembers, r.members.count >= limit {
            log("conn#\(conn) \(user) join of chatroom \(room) refused: full (\(limit))")
            return [queryAck(conn, id, status: PeerStatus.chatroomFull)]
        }
        var out: [PeerOutput] = []
        if chatrooms[room] == nil {
            chatrooms[room] = Chatroom()
            log("conn#\(conn) \(user) created chatroom \(room)")
        }
        if chatrooms[room]!.members[user] == nil {
            // The earliest joined first: join time, then join order (PEER-ORDER-001).
            let mine = chatrooms.compactMap { id, r in r.members[user].map { (id, $0) } }.sorted { ($0.1.joined, $0.1.order) < ($1.1.joined, $1.1.order) }
            for (other, _) in mine.prefix(max(0, mine.count - app.chatroomsPerUser + 1)) {
                leaveChatroom(other, user: user, reason: "joined \(room)", into: &out)
            }
            chatrooms[room]!.members[user] = Membership(joined: now, order: nextArrival())
            memberNotices(room: room, user: user, joined: true, except: conn, into: &out)
        }
        log("conn#\(conn) \(user) joined chatroom \(room)")
        var reply = Modules_ChrmOutput()
        reply.nothing = 1
        reply.joinTime = chatrooms[room]!.members[user]!.joined
        out.insert(queryAck(conn, id, status: 0, payload: protoBytes(reply)), at: 0)
        return out
    }

    /// `exitChrm`: the user leaves (status 0 also when not a member); 23410 for no such room.
    mutating func quitChatroom(_ room: String, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        let user = sessions[conn]!.user
        guard chatrooms[room] != nil else { return [queryAck(conn, id, status: PeerStatus.chatroomNotExist)] }
        var out = [queryAck(conn, id, status: 0)]
        if chatrooms[room]!.members[user] != nil { leaveChatroom(room, user: user, reason: "quit", except: conn, into: &out) }
        return out
    }

    /// `user` leaves `room` (quit, disconnect, a join beyond `chatroomsPerUser`, a ban): the KV
    /// entries they set with auto-delete go, without RC:chrmKVNotiMsg, and the members' devices
    /// get `s_cmd` type 2 to pull the removal (PEER-CHRM-007); member notices (PEER-CHRM-013);
    /// a room a join created ends with its last member, and its KV with it (PEER-CHRM-006).
    mutating func leaveChatroom(_ room: String, user: String, reason: String, except conn: ConnectionID? = nil, into out: inout [PeerOutput]) {
        guard chatrooms[room]?.members.removeValue(forKey: user) != nil else { return }
        log("\(user) left chatroom \(room) (\(reason))")
        let t = now
        var removed = 0
        // In the order they were set, so the removals keep it (PEER-ORDER-002).
        let owned = chatrooms[room]!.entries.values.filter { e in
            e.entity.uid == user && e.entity.status & EntryBits.autoDelete != 0 && e.entity.status & EntryBits.delete == 0
        }
        for e in owned.sorted(by: { $0.order < $1.order }) {
            var gone = e.entity
            gone.value = ""
            gone.status = e.entity.status | EntryBits.delete
            gone.timestamp = t
            chatrooms[room]!.entries[gone.key] = KVEntry(entity: gone, order: nextArrival())
            removed += 1
        }
        if removed > 0 {
            pruneRemovedEntries(room)
            log("chatroom \(room): \(removed) auto-delete key(s) of \(user) removed")
            for member in chatrooms[room]!.members.keys.sorted() {
                for c in online[member] ?? [] { out.append(command(c, type: 2, time: t, chatroom: room)) }
            }
        }
        memberNotices(room: room, user: user, joined: false, except: conn, into: &out)
        if chatrooms[room]!.members.isEmpty && !chatrooms[room]!.persistent {
            chatrooms[room] = nil
            log("chatroom \(room) ended: its last member left")
        }
    }

    /// RC:ChrmMemChange to the room's other members and RC:ChrmSyncMsg to the user's other
    /// devices, when the app has `chatroomMemberNotices` (PEER-CHRM-013).
    mutating func memberNotices(room: String, user: String, joined: Bool, except conn: ConnectionID?, into out: inout [PeerOutput]) {
        guard app.chatroomMemberNotices, let r = chatrooms[room] else { return }
        var action = ChatroomMemberAction()
        action.userId = user
        action.status = joined ? 1 : 0
        var change = ChatroomMemberChangeMessage()
        change.userList = [action]
        change.memberCount = r.members.count
        let others = r.members.keys.filter { $0 != user }.sorted()
        chatroomNotice(room: room, sender: user, change, to: others, except: nil, into: &out)
        var sync = ChatroomSyncMessage()
        sync.chatroomId = room
        sync.time = now
        sync.status = joined ? 1 : 0
        chatroomNotice(room: room, sender: user, sync, to: [user], except: conn, into: &out)
    }

    /// A notice from the service in a chatroom (flag NONE, never stored), pushed as `s_msg` to
    /// every connection of `users` but `except`.
    mutating func chatroomNotice(room: String, sender: String, _ content: some MessageContent, to users: [String], except: ConnectionID?, into out: inout [PeerOutput]) {
        guard let bytes = try? content.jsonBytes() else { return }
        var up = Modules_UpStreamMessage()
        up.sessionID = 0
        up.classname = type(of: content).objectName
        up.content = Data(bytes)
        let m = StoredMessage(
            uid: uids.next(), time: nextMessageTime(), sender: sender, type: .chatroom, target: room, topic: "chatMsg", up: up,
            flag: .none, origin: except ?? -1)
        for user in users {
            for c in online[user] ?? [] where c != except { out.append(directPush(m, to: c, user: user, direction: .received)) }
        }
    }
}
