// Sources/RongPeer/Model/PeerModel+ChatroomMembers.swift - chatroom join, quit, leave and the room's life

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
        let user = sessions.user(of: conn)!
        if chatrooms[room] == nil {
            guard create else {
                recordEvent("conn#\(conn) \(user) joinChrmR of unknown chatroom \(room)")
                return [queryAck(conn, id, status: PeerStatus.chatroomNotExist)]
            }
            guard !room.isEmpty, room.utf8.count <= 64 else {
                recordEvent("conn#\(conn) \(user) join of chatroom id \(room.debugDescription): not 1-64 characters")
                return [queryAck(conn, id, status: PeerStatus.chatroomInvalidParameter)]
            }
        }
        if let until = chatrooms.ban(of: user, in: room, at: now, lifting: true) {
            recordEvent("conn#\(conn) \(user) join of chatroom \(room) refused: banned until \(until)")
            return [queryAck(conn, id, status: PeerStatus.kickedFromChatroom)]
        }
        if let r = chatrooms[room], r.members[user] == nil, let limit = r.maxMembers, r.members.count >= limit {
            recordEvent("conn#\(conn) \(user) join of chatroom \(room) refused: full (\(limit))")
            return [queryAck(conn, id, status: PeerStatus.chatroomFull)]
        }
        var out: [PeerOutput] = []
        if chatrooms[room] == nil {
            chatrooms.create(room)
            recordEvent("conn#\(conn) \(user) created chatroom \(room)")
        }
        if !chatrooms.isMember(user, of: room) {
            // The earliest joined first: join time, then join order (PEER-ORDER-001).
            let mine = chatrooms.rooms(of: user)
            for (other, _) in mine.prefix(max(0, mine.count - app.chatroomsPerUser + 1)) {
                leaveChatroom(other, user: user, reason: "joined \(room)", into: &out)
            }
            chatrooms.join(room, user: user, at: now)
            memberNotices(room: room, user: user, joined: true, except: conn, into: &out)
        }
        recordEvent("conn#\(conn) \(user) joined chatroom \(room)")
        var reply = Modules_ChrmOutput()
        reply.nothing = 1
        reply.joinTime = chatrooms[room]!.members[user]!.joined
        out.insert(queryAck(conn, id, status: 0, payload: Self.bytes(reply)), at: 0)
        return out
    }

    /// `exitChrm`: the user leaves (status 0 also when not a member); 23410 for no such room.
    mutating func quitChatroom(_ room: String, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        let user = sessions.user(of: conn)!
        guard chatrooms[room] != nil else { return [queryAck(conn, id, status: PeerStatus.chatroomNotExist)] }
        var out = [queryAck(conn, id, status: 0)]
        if chatrooms.isMember(user, of: room) { leaveChatroom(room, user: user, reason: "quit", except: conn, into: &out) }
        return out
    }

    /// `user` leaves `room` (quit, disconnect, a join beyond `chatroomsPerUser`, a ban): the KV
    /// entries they set with auto-delete go, without RC:chrmKVNotiMsg, and the members' devices
    /// get `s_cmd` type 2 to pull the removal (PEER-CHRM-007); member notices (PEER-CHRM-013);
    /// a room a join created ends with its last member, and its KV with it (PEER-CHRM-006),
    /// unless `keepRoom` (a ban keeps the room, and the ban with it).
    mutating func leaveChatroom(_ room: String, user: String, reason: String, except conn: ConnectionID? = nil, keepRoom: Bool = false, into out: inout [PeerOutput]) {
        let t = now
        guard let removed = chatrooms.leave(room, user: user, at: t) else { return }
        recordEvent("\(user) left chatroom \(room) (\(reason))")
        if removed > 0 {
            recordEvent("chatroom \(room): \(removed) auto-delete key(s) of \(user) removed")
            for member in chatrooms[room]!.memberIds {
                for c in sessions.connections(of: member) { out.append(command(c, type: 2, time: t, chatroom: room)) }
            }
        }
        memberNotices(room: room, user: user, joined: false, except: conn, into: &out)
        if !keepRoom && chatrooms.endIfAbandoned(room) {
            recordEvent("chatroom \(room) ended: its last member left")
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
        let others = r.memberIds.filter { $0 != user }
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
        let up = UpStreamMessage(sessionId: SessionIdBits(rawValue: 0), classname: type(of: content).objectName, content: bytes)
        let m = StoredMessage(
            uid: uids.next(), time: nextMessageTime(), sender: sender, type: .chatroom, target: room, topic: .chatMsg, up: up,
            flag: .none, origin: except ?? -1)
        for user in users {
            for c in sessions.connections(of: user) where c != except { out.append(directPush(m, to: c, user: user, direction: .received)) }
        }
    }
}
