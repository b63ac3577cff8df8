// Sources/RongPeer/Server/PeerControl+Chatroom.swift - POST /control/chatroom/…: what an app server does to a chatroom

import NIOHTTP1
import RongCodec

extension PeerControl {
    /// `POST /control/chatroom/ACTION?room=R[&user=U][&minutes=N]`, the service's server API for
    /// chatroom members (002:1037-1048): `mute` (`minutes` optional: until `unmute`), `unmute`,
    /// `ban` (`minutes` required), `unban`, `stop` and `resume` distribution (PEER-CHRM-010 to
    /// -013). 404 for no such room or action, 400 for a missing or bad parameter; nothing changes
    /// then.
    func chatroomControl(_ action: String, _ query: [String: String]) -> Response {
        guard let room = query["room"], !room.isEmpty else { return Self.error(.badRequest, "room=ID is required") }
        let needsUser: Set<String> = ["mute", "unmute", "ban", "unban"]
        guard needsUser.contains(action) || action == "stop" || action == "resume" else {
            return Self.error(.notFound, "no chatroom control \(action); mute, unmute, ban, unban, stop, resume")
        }
        let user = query["user"] ?? ""
        if needsUser.contains(action) && user.isEmpty { return Self.error(.badRequest, "user=ID is required") }
        // Ids as the fixture takes them: at most 64 bytes (000:11673), so a control loop cannot
        // grow the model with long keys.
        guard room.utf8.count <= 64, user.utf8.count <= 64 else { return Self.error(.badRequest, "room and user ids are at most 64 bytes") }
        var minutes: Int?
        if let text = query["minutes"] {
            guard text.utf8.count <= 6, let n = Int(text) else { return Self.error(.badRequest, "minutes must be a whole number of minutes") }
            minutes = n
        }
        if action == "ban" && minutes == nil { return Self.error(.badRequest, "ban needs minutes=N") }
        let refusal = core.control { model in
            do throws(ChatroomControlRefusal) {
                switch action {
                case "mute": return .success(try model.muteChatroomMember(room: room, user: user, minutes: minutes))
                case "unmute": return .success(try model.unmuteChatroomMember(room: room, user: user))
                case "ban": return .success(try model.banChatroomMember(room: room, user: user, minutes: minutes!))
                case "unban": return .success(try model.unbanChatroomMember(room: room, user: user))
                default:
                    try model.setChatroomDistribution(room: room, stopped: action == "stop")
                    return .success([])
                }
            } catch {
                return .failure(error)
            }
        }
        if let refusal { return Self.error(HTTPResponseStatus(statusCode: refusal.status), refusal.message) }
        var o = JSONObject()
        o["room"] = .string(room)
        o[action] = user.isEmpty ? .bool(true) : .string(user)
        return Self.json(.object(o))
    }
}
