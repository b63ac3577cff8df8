// Sources/RongPeer/Model/PeerModel+ChatroomControls.swift - what an app server does to a chatroom: mute, ban, stop distribution

import RongCodec
import RongEnvelope

/// A chatroom control the model refuses (no such room, a bad parameter): the HTTP status and why.
struct ChatroomControlRefusal: Error, Sendable {
    /// 404 for no such room, 400 for a bad parameter.
    var status: Int
    var message: String
}

/// The member controls of the service's server API (002:1037-1048): mute a member (PEER-CHRM-010),
/// ban one (PEER-CHRM-011), stop and resume a room's distribution (PEER-CHRM-012), with the notices
/// RC:ChrmBanMsg and RC:ChrmBlockMsg (PEER-CHRM-013). The peer's `POST /control/chatroom/…`
/// endpoints call them.
extension PeerModel {
    /// The most minutes a mute or ban lasts: the server API's 43,200 (30 days) [I].
    static let maxControlMinutes = 43_200
    /// `operateType` of RC:ChrmBanMsg and RC:ChrmBlockMsg: 0 added, 1 removed. Kit choice [I]: no
    /// source gives the values.
    enum OperateType {
        static let added = 0
        static let removed = 1
    }

    /// Why `sender` may not send to `room` now, or nil: not a member (23406), banned (23409, also
    /// after the ban kicked them), muted (23408).
    mutating func chatroomSendRefusal(sender: String, room: String) -> (UInt16, String)? {
        let t = now
        if chatrooms.ban(of: sender, in: room, at: t, lifting: false) != nil { return (PeerStatus.kickedFromChatroom, "\(sender) is banned from chatroom \(room)") }
        guard chatrooms.isMember(sender, of: room) else { return (PeerStatus.notInChatroom, "\(sender) is not in chatroom \(room)") }
        if chatrooms.isMuted(sender, in: room, at: t) { return (PeerStatus.mutedInChatroom, "\(sender) is muted in chatroom \(room)") }
        return nil
    }

    func controlledRoom(_ room: String) throws(ChatroomControlRefusal) {
        guard chatrooms[room] != nil else { throw ChatroomControlRefusal(status: 404, message: "no chatroom \(room)") }
    }

    func until(minutes: Int?) throws(ChatroomControlRefusal) -> Int64 {
        guard let minutes else { return Int64.max }
        guard (1...Self.maxControlMinutes).contains(minutes) else {
            throw ChatroomControlRefusal(status: 400, message: "minutes must be 1...\(Self.maxControlMinutes)")
        }
        return now + Int64(minutes) * 60_000
    }

    /// Mute `user` in `room` for `minutes` (nil: until unmuted): their sends get 23408, they
    /// still receive. The room's members get RC:ChrmBanMsg.
    mutating func muteChatroomMember(room: String, user: String, minutes: Int?) throws(ChatroomControlRefusal) -> [PeerOutput] {
        try controlledRoom(room)
        chatrooms.setMute(room, user: user, until: try until(minutes: minutes))
        recordEvent("chatroom \(room): \(user) muted\(minutes.map { " for \($0) min" } ?? "")")
        return banNotice(room: room, type: OperateType.added, minutes: minutes)
    }

    /// Unmute `user` in `room`; the members get RC:ChrmBanMsg.
    mutating func unmuteChatroomMember(room: String, user: String) throws(ChatroomControlRefusal) -> [PeerOutput] {
        try controlledRoom(room)
        chatrooms.setMute(room, user: user, until: nil)
        recordEvent("chatroom \(room): \(user) unmuted")
        return banNotice(room: room, type: OperateType.removed, minutes: nil)
    }

    mutating func banNotice(room: String, type: Int, minutes: Int?) -> [PeerOutput] {
        var out: [PeerOutput] = []
        let notice = ChatroomMemberBanMessage(chatroomId: room, operateType: type, operateTime: now, durationTime: minutes.map(Int64.init))
        chatroomNotice(room: room, sender: room, notice, to: chatrooms[room]!.memberIds, except: nil, into: &out)
        return out
    }

    /// Ban `user` from `room` for `minutes`: they leave the room at once and get RC:ChrmBlockMsg
    /// (so do the members); joins and sends get 23409 until the ban ends on the peer's clock.
    mutating func banChatroomMember(room: String, user: String, minutes: Int) throws(ChatroomControlRefusal) -> [PeerOutput] {
        try controlledRoom(room)
        chatrooms.setBan(room, user: user, until: try until(minutes: minutes))
        recordEvent("chatroom \(room): \(user) banned for \(minutes) min")
        var out: [PeerOutput] = []
        let notice = ChatroomMemberBlockMessage(chatroomId: room, operateType: OperateType.added, operateTime: now, durationTime: Int64(minutes), userList: [user])
        chatroomNotice(room: room, sender: room, notice, to: chatrooms[room]!.memberIds, except: nil, into: &out)
        // A room a join created may end with this member; the ban is kept with the room.
        leaveChatroom(room, user: user, reason: "banned", keepRoom: true, into: &out)
        return out
    }

    /// Lift a ban early.
    mutating func unbanChatroomMember(room: String, user: String) throws(ChatroomControlRefusal) -> [PeerOutput] {
        try controlledRoom(room)
        chatrooms.setBan(room, user: user, until: nil)
        recordEvent("chatroom \(room): \(user) unbanned")
        var out: [PeerOutput] = []
        let notice = ChatroomMemberBlockMessage(chatroomId: room, operateType: OperateType.removed, operateTime: now, userList: [user])
        chatroomNotice(room: room, sender: room, notice, to: chatrooms[room]!.memberIds, except: nil, into: &out)
        return out
    }

    /// Stop (or resume) distributing `room`'s messages: senders still get PUBACK 0; nobody gets
    /// the message, and it is not kept for pulls.
    mutating func setChatroomDistribution(room: String, stopped: Bool) throws(ChatroomControlRefusal) {
        try controlledRoom(room)
        chatrooms.setDistribution(room, stopped: stopped)
        recordEvent("chatroom \(room): distribution \(stopped ? "stopped" : "resumed")")
    }

    /// A room in `/state` `chatrooms`: members, kept messages, live KV keys, and the controls in
    /// force (muted and banned users whose time has not run out, `distributionStopped`).
    static func chatroomState(_ r: ChatroomStore.Chatroom, now t: Int64) -> JSONValue {
        var o = JSONObject()
        o["members"] = .array(r.memberIds.map { .string($0) })
        o["recent"] = .number(JSONNumber(r.recent.count))
        o["keys"] = .number(JSONNumber(r.liveKeys))
        o["muted"] = .array(r.muted.filter { $0.value > t }.keys.sorted().map { .string($0) })
        o["banned"] = .array(r.banned.filter { $0.value > t }.keys.sorted().map { .string($0) })
        o["distributionStopped"] = .bool(r.distributionStopped)
        o["persistent"] = .bool(r.persistent)
        if let rtc = r.rtcRoomId { o["rtcRoomId"] = .string(rtc) }
        // A message the room notice interval holds (PEER-CHRM-014): the newest one's time.
        if let held = r.heldAnnouncement { o["announcementHeld"] = .number(JSONNumber(held.time)) }
        return .object(o)
    }
}
