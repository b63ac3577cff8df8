// Sources/RongPeer/Model/PeerModel+ConversationTags.swift - a user's conversation tags (ENGINE-5.0 addSeTag, delSeTag, pullUS, addTag, delTag)

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RongCodec
import RongEnvelope

/// PEER-CONV-007: conversation tags as ENGINE-5.0 uses them (RongIMLib-5.0.0-alpha.2 lines
/// 5040-5080, 7496-7610, 9275-9470): the user's tag list (`addSeTag`/`delSeTag`, read back by
/// `pullUS` as the user setting `Tag`, announced to the other devices by `s_us`) and each
/// conversation's tags (`addTag`/`delTag`: SessionStateModifyReq with a Tags item, read back by
/// `pullSeAtts`, announced by `s_cmd` type 3).
extension PeerModel {
    /// `addSeTag` (SessionTagAddInput) and `delSeTag` (SessionTagDelInput): add or rename tags in
    /// the user's list, or remove them (and from every conversation of the user). Answered with
    /// SetUserSettingOutput{`version`}; the user's other connections get `s_us`.
    mutating func changeTagList(user: String, adding: Bool, _ tags: [Modules_SessionTagItem], id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        let t = now
        let changed: Bool
        do throws(ConversationStore.TagRefusal) {
            changed = try conversations.changeTagList(
                user: user, adding: adding, tags.map { .init(id: $0.tagID, name: $0.hasName ? $0.name : nil) }, at: t)
        } catch {
            let status = switch error {
            case .invalidTagId: PeerStatus.invalidTagId
            case .invalidTagName: PeerStatus.invalidTagName
            case .tooManyTags: PeerStatus.invalidParameter
            }
            return [queryAck(conn, id, status: status)]
        }
        recordEvent("conn#\(conn) \(user) \(adding ? "set" : "removed") \(tags.count) tag(s)")
        var reply = Modules_SetUserSettingOutput()
        reply.version = t
        reply.reserve = true
        var out = [queryAck(conn, id, status: PeerStatus.ok, payload: Self.bytes(reply))]
        if changed { out += statusNotices(user: user, time: t, except: conn) }
        for other in sessions.connections(of: user) where other != conn {
            var n = Modules_UserSettingNotification()
            n.version = t
            n.reserve = false
            let (d, _) = date(t)
            let publish = Packet.ServerPublish(date: d, topic: .s_us, targetId: RMTPString(user), messageId: nextId(other), payload: Self.bytes(n))
            out.append(.packet(other, Packet(.serverPublish(publish), retain: true)))
        }
        return out
    }

    /// `pullUS`: the user setting `Tag` with the whole list (ENGINE-5.0 replaces its copy with it,
    /// lines 7508-7520, 7590-7602), once the user has set a tag; `version` the list's. The tags
    /// by creation time, then the order they were added (PEER-ORDER-002).
    func userSettings(of user: String, asked version: Int64) -> Modules_PullUserSettingOutput {
        var out = Modules_PullUserSettingOutput()
        out.version = version
        guard let list = conversations.tagList(of: user) else { return out }
        var item = Modules_UserSettingItem()
        item.targetID = ""
        item.type = .person
        item.key = "Tag"
        item.value = Data()
        item.version = list.version
        item.status = 1
        item.tags = list.ordered.map { tag in
            var kept = Modules_SessionTagItem()
            kept.tagID = tag.id
            if let name = tag.name { kept.name = name }
            kept.createdTime = tag.createdTime
            return kept
        }
        out.items = [item]
        out.version = max(version, list.version)
        return out
    }

    /// `addTag` / `delTag` (SessionStateModifyReq, each state with a Tags item naming tags):
    /// the conversations join or leave those tags (`isTop` kept per tag). Tags exist for
    /// private, group and system conversations only (34012); a tag not in the user's list is
    /// 34212. The user's other connections get `s_cmd` type 3.
    mutating func changeConversationTags(user: String, adding: Bool, _ req: Modules_SessionStateModifyReq, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        guard conversations.acceptsStates(of: user, req.state.map(Self.conversationKey)) else { return [queryAck(conn, id, status: PeerStatus.invalidParameter)] }
        var changes: [(key: ConversationKey, tags: [ConversationStore.ConversationTag])] = []
        for s in req.state {
            guard [ConversationType.private, .group, .system].contains(ConversationType(rawValue: s.type.rawValue)) else {
                return [queryAck(conn, id, status: PeerStatus.tagsNotSupported)]
            }
            let named = s.stateItem.filter { $0.sessionStateType == .tags }.flatMap(\.tags)
            guard conversations.knowsTags(user: user, named.map(\.tagID)) else { return [queryAck(conn, id, status: PeerStatus.invalidTagId)] }
            changes.append((Self.conversationKey(s), named.map { .init(id: $0.tagID, isTop: $0.hasIsTop && $0.isTop) }))
        }
        let t = now
        conversations.changeConversationTags(user: user, adding: adding, changes, at: t)
        recordEvent("conn#\(conn) \(user) \(adding ? "tagged" : "untagged") \(changes.count) conversation(s)")
        return [queryAck(conn, id, status: PeerStatus.ok)] + statusNotices(user: user, time: t, except: conn)
    }

    /// `s_cmd` type 3 to the user's connections but `conn`.
    mutating func statusNotices(user: String, time: Int64, except conn: ConnectionID) -> [PeerOutput] {
        var out: [PeerOutput] = []
        for other in sessions.connections(of: user) where other != conn { out.append(command(other, type: 3, time: time, chatroom: nil)) }
        return out
    }
}
