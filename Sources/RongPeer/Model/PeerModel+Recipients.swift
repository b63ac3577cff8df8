// Sources/RongPeer/Model/PeerModel+Recipients.swift - who a message goes to, and who is in a message's conversation

import RongCodec

extension PeerModel {
    /// The users a message goes to, the sender excluded: a private chat's receiver, a group's or
    /// ultragroup's members in fixture order, a chatroom's members by id (PEER-ORDER-002). A
    /// directed message (`userId` set) goes to the listed users only (000:11421-11511); in a
    /// private chat that may be the sender alone (RC:SRSMsg), which leaves only the sender's other
    /// devices.
    func recipients(type: ConversationType, target: String, sender: String, directed: [String]) -> [String] {
        var users: [String]
        switch type {
        case .private: users = [target]
        case .group: users = fixture.groups[target]?.members ?? []
        case .ultragroup: users = fixture.ultragroups[target]?.members ?? []
        case .chatroom: users = chatrooms[target]?.memberIds ?? []
        default: users = []
        }
        users.removeAll { $0 == sender }
        if !directed.isEmpty {
            let only = Set(directed)
            users.removeAll { !only.contains($0) }
        }
        return users
    }

    /// Whether `user` is in the conversation of `m` (recall, expansion).
    func isParticipant(_ user: String, of m: StoredMessage) -> Bool {
        switch m.type {
        case .private: user == m.sender || user == m.target
        case .group: fixture.groups[m.target]?.members.contains(user) ?? false
        case .ultragroup: fixture.ultragroups[m.target]?.members.contains(user) ?? false
        case .chatroom: chatrooms.isMember(user, of: m.target)
        default: false
        }
    }
}
