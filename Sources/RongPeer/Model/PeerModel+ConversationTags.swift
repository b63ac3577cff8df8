// Sources/RongPeer/Model/PeerModel+ConversationTags.swift - a user's conversation tags (ENGINE-5.0 addSeTag, delSeTag, pullUS, addTag, delTag)

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RongCodec
import RongEnvelope
import SwiftProtobuf

/// PEER-CONV-007: conversation tags as ENGINE-5.0 uses them (RongIMLib-5.0.0-alpha.2 lines
/// 5040-5080, 7496-7610, 9275-9470): the user's tag list (`addSeTag`/`delSeTag`, read back by
/// `pullUS` as the user setting `Tag`, announced to the other devices by `s_us`) and each
/// conversation's tags (`addTag`/`delTag`: SessionStateModifyReq with a Tags item, read back by
/// `pullSeAtts`, announced by `s_cmd` type 3).
extension PeerModel {
    /// A user's tags (the list is the user setting `Tag`).
    struct TagList: Sendable {
        var tags: [String: Modules_SessionTagItem] = [:]
        /// When the list last changed (the setting's `version`).
        var version: Int64 = 0
    }

    /// Limits of 000:10177, 10183-10184 (protocol-rules.md § 8).
    enum TagLimits {
        static let tagsPerUser = 20
        static let tagIdCharacters = 10
        static let tagNameCharacters = 15
    }

    /// `addSeTag` (SessionTagAddInput) and `delSeTag` (SessionTagDelInput): add or rename tags in
    /// the user's list, or remove them (and from every conversation of the user). Answered with
    /// SetUserSettingOutput{`version`}; the user's other connections get `s_us`.
    mutating func changeTagList(user: String, adding: Bool, _ tags: [Modules_SessionTagItem], id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        var list = tagLists[user] ?? TagList()
        for tag in tags {
            guard !tag.tagID.isEmpty, tag.tagID.count <= TagLimits.tagIdCharacters else { return [queryAck(conn, id, status: PeerStatus.invalidTagId)] }
            guard !adding || (tag.name.count <= TagLimits.tagNameCharacters && (tag.hasName || list.tags[tag.tagID] != nil)) else {
                return [queryAck(conn, id, status: PeerStatus.invalidTagName)]
            }
        }
        let t = now
        for tag in tags {
            if adding {
                var kept = list.tags[tag.tagID] ?? Modules_SessionTagItem()
                kept.tagID = tag.tagID
                if !kept.hasCreatedTime { kept.createdTime = t }
                if tag.hasName { kept.name = tag.name }
                list.tags[tag.tagID] = kept
            } else {
                list.tags[tag.tagID] = nil
            }
        }
        guard list.tags.count <= TagLimits.tagsPerUser else { return [queryAck(conn, id, status: PeerStatus.invalidParameter)] }
        list.version = t
        tagLists[user] = list
        log("conn#\(conn) \(user) \(adding ? "set" : "removed") \(tags.count) tag(s)")
        var reply = Modules_SetUserSettingOutput()
        reply.version = t
        reply.reserve = true
        var out = [queryAck(conn, id, status: PeerStatus.ok, payload: protoBytes(reply))]
        if !adding {
            let gone = Set(tags.map(\.tagID))
            let changed = retag(user: user, keys: Array((conversationStatus[user] ?? [:]).keys), time: t) { current in current.filter { !gone.contains($0.tagID) } }
            if changed { out += statusNotices(user: user, time: t, except: conn) }
        }
        for other in online[user] ?? [] where other != conn {
            var n = Modules_UserSettingNotification()
            n.version = t
            n.reserve = false
            let (d, _) = date(t)
            let publish = Packet.ServerPublish(date: d, topic: .s_us, targetId: RMTPString(user), messageId: nextId(other), payload: protoBytes(n))
            out.append(.packet(other, Packet(.serverPublish(publish), retain: true)))
        }
        return out
    }

    /// `pullUS`: the user setting `Tag` with the whole list (ENGINE-5.0 replaces its copy with it,
    /// lines 7508-7520, 7590-7602), once the user has set a tag; `version` the list's.
    func userSettings(of user: String, asked version: Int64) -> Modules_PullUserSettingOutput {
        var out = Modules_PullUserSettingOutput()
        out.version = version
        guard let list = tagLists[user] else { return out }
        var item = Modules_UserSettingItem()
        item.targetID = ""
        item.type = .person
        item.key = "Tag"
        item.value = Data()
        item.version = list.version
        item.status = 1
        item.tags = list.tags.values.sorted { ($0.createdTime, $0.tagID) < ($1.createdTime, $1.tagID) }
        out.items = [item]
        out.version = max(version, list.version)
        return out
    }

    /// `addTag` / `delTag` (SessionStateModifyReq, each state with a Tags item naming tags):
    /// the conversations join or leave those tags (`isTop` kept per tag). Tags exist for
    /// private, group and system conversations only (34012); a tag not in the user's list is
    /// 34212. The user's other connections get `s_cmd` type 3.
    mutating func changeConversationTags(user: String, adding: Bool, _ req: Modules_SessionStateModifyReq, id: UInt16, from conn: ConnectionID) -> [PeerOutput] {
        guard acceptsStates(of: user, req.state) else { return [queryAck(conn, id, status: PeerStatus.invalidParameter)] }
        let known = tagLists[user]?.tags ?? [:]
        var changes: [(key: String, state: Modules_SessionState, tags: [Modules_SessionTagItem])] = []
        for s in req.state {
            guard [ConversationType.private, .group, .system].contains(ConversationType(rawValue: s.type.rawValue)) else {
                return [queryAck(conn, id, status: PeerStatus.tagsNotSupported)]
            }
            let named = s.stateItem.filter { $0.sessionStateType == .tags }.flatMap(\.tags)
            guard named.allSatisfy({ known[$0.tagID] != nil }) else { return [queryAck(conn, id, status: PeerStatus.invalidTagId)] }
            changes.append(("\(s.type.rawValue):\(s.channelID)", s, named))
        }
        let t = now
        for c in changes {
            if conversationStatus[user, default: [:]][c.key] == nil {
                var fresh = Modules_SessionState()
                fresh.type = c.state.type
                fresh.channelID = c.state.channelID
                conversationStatus[user, default: [:]][c.key] = fresh
            }
            _ = retag(user: user, keys: [c.key], time: t) { current in
                var next = current.filter { tag in !c.tags.contains { $0.tagID == tag.tagID } }
                if adding {
                    for tag in c.tags {
                        var kept = Modules_SessionTagItem()
                        kept.tagID = tag.tagID
                        kept.isTop = tag.hasIsTop && tag.isTop
                        next.append(kept)
                    }
                }
                return next.sorted { $0.tagID < $1.tagID }
            }
        }
        log("conn#\(conn) \(user) \(adding ? "tagged" : "untagged") \(changes.count) conversation(s)")
        return [queryAck(conn, id, status: PeerStatus.ok)] + statusNotices(user: user, time: t, except: conn)
    }

    /// Replaces the Tags item of the user's conversations `keys` with `change(current)`; true if
    /// any changed (stamped `time`, so `pullSeAtts` returns it).
    mutating func retag(user: String, keys: [String], time: Int64, _ change: ([Modules_SessionTagItem]) -> [Modules_SessionTagItem]) -> Bool {
        var any = false
        for key in keys {
            guard var state = conversationStatus[user]?[key] else { continue }
            let current = state.stateItem.first { $0.sessionStateType == .tags }?.tags ?? []
            let next = change(current)
            guard next != current else { continue }
            state.stateItem.removeAll { $0.sessionStateType == .tags }
            if !next.isEmpty {
                var item = Modules_SessionStateItem()
                item.sessionStateType = .tags
                item.value = ""
                item.tags = next
                state.stateItem.append(item)
                state.stateItem.sort { $0.sessionStateType.rawValue < $1.sessionStateType.rawValue }
            }
            state.time = time
            conversationStatus[user]![key] = state
            any = true
        }
        return any
    }

    /// `s_cmd` type 3 to the user's connections but `conn`.
    mutating func statusNotices(user: String, time: Int64, except conn: ConnectionID) -> [PeerOutput] {
        var out: [PeerOutput] = []
        for other in online[user] ?? [] where other != conn { out.append(command(other, type: 3, time: time, chatroom: nil)) }
        return out
    }
}
