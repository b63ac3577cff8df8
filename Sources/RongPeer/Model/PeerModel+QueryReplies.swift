// Sources/RongPeer/Model/PeerModel+QueryReplies.swift - a well-formed reply to every other QUERY an official client sends

import RongCodec
import RongEnvelope
import SwiftProtobuf

/// PEER-QUERY-001: every QUERY topic an official client sends during connect and normal use gets
/// a QUERYACK with status 0 and a body of the type its topic's reply has (spec/envelope.md
/// ENV-BODY-002), never an error or silence: ENGINE 0.1.0 turns a status into the API's error
/// code and, for `pullSeAtts` and `pullKV`, stops asking for the rest of the session
/// (research note § 3.4, § 4.1). Where the peer models the thing asked about (chatroom members,
/// read times, receipts, unread counts, conversation lists, deleted history, chatroom KV, pin and do-not-disturb) the reply says what it knows; where it models nothing
/// yet (files, RTC rooms) the reply is
/// empty. The model hooks at the end are where a fuller model plugs in.
extension PeerModel {
    /// The reply to a QUERY topic ``query(_:from:)`` does not handle itself, or nil for a topic
    /// no official client sends.
    mutating func otherQuery(_ q: Packet.Publish, from conn: ConnectionID) -> [PeerOutput]? {
        let user = sessions.user(of: conn)!
        let topic = q.topic
        let target = q.targetId.text
        func reply(_ m: some SwiftProtobuf.Message) -> [PeerOutput] { [queryAck(conn, q.messageId, status: 0, payload: Self.bytes(m))] }
        func done() -> [PeerOutput] { [queryAck(conn, q.messageId, status: 0)] }
        func request<M: SwiftProtobuf.Message>(_: M.Type) throws(CodecError) -> M { try Self.request(q.payload, as: M.self) }
        func refuse(_ r: StatusRefusal) -> [PeerOutput] {
            recordEvent("conn#\(conn) \(user) \(topic.text) → \(target.prefix(64)) refused \(r.status): \(r.why)")
            return [queryAck(conn, q.messageId, status: r.status)]
        }
        do throws(CodecError) {
            switch topic {
            // Conversations (ENGINE `getConversationList`, `removeConversation`).
            case .qryRelationR, .qrySessions, .qryRelation:
                // `qryRelation` (RelationsInput) and `qrySessions` are never sent by an official
                // client; their bodies are not read.
                let r = topic == .qryRelationR && !q.payload.isEmpty ? try request(Modules_RelationQryInput.self) : Modules_RelationQryInput()
                return reply(conversations(of: user, r))
            case .delRelation, .delSessions:
                // ENGINE names the type in RelationQryInput (lines 6206-6222); without one, both.
                let kind = topic == .delRelation && !q.payload.isEmpty ? try request(Modules_RelationQryInput.self) : nil
                removeConversation(user: user, target: target, type: kind.flatMap { $0.hasType ? ConversationType(rawValue: $0.type.rawValue) : nil })
                return topic == .delSessions ? reply(Modules_DeleteSessionsOutput()) : done()
            case .qrySessionsAtt:
                return reply(sessionAttributes(of: user))
            case .updRRTime:
                let r = try request(Modules_SessionMsgReadInput.self)
                let type = ConversationType(rawValue: r.type.rawValue)
                conversations.markRead(user: user, ConversationKey(type: type, target: r.channelID), upTo: r.msgTime)
                return reply(Modules_SessionMsgReadOutput())
            // Deleting messages from the user's cloud history (status only, PEER-HIST-003).
            case .delMsg:
                deleteMessages(user: user, try request(Modules_DeleteMsgInput.self))
                return done()
            case _ where BodyType.clearTopics.contains(topic):
                clearHistory(user: user, topic: topic, try request(Modules_CleanHisMsgInput.self))
                return done()
            case _ where topic.text.isEmpty:
                // ENGINE 0.1.0 writes no topic for `deleteRemoteMessageByTimestamp` of a type
                // without a clean topic (`writeUTF(undefined)`, lines 2702-2707): nothing to clean.
                return done()
            // Conversation status: pin and do not disturb, tags.
            case .pullSeAtts:
                var out = Modules_SessionStates()
                out.version = now
                out.state = conversationStates(of: user, after: try request(Modules_SessionReq.self).time)
                return reply(out)
            case .setSeAtt:
                let r = try request(Modules_SessionStateModifyReq.self)
                var out = Modules_SessionStateModifyResp()
                out.version = max(now, r.version)
                guard let notices = setConversationStates(user: user, r.state, from: conn) else {
                    return [queryAck(conn, q.messageId, status: PeerStatus.invalidParameter)]
                }
                return reply(out) + notices
            case .addTag, .delTag:
                return changeConversationTags(user: user, adding: topic == .addTag, try request(Modules_SessionStateModifyReq.self), id: q.messageId, from: conn)
            case .addSeTag:
                return changeTagList(user: user, adding: true, try request(Modules_SessionTagAddInput.self).tags, id: q.messageId, from: conn)
            case .delSeTag:
                return changeTagList(user: user, adding: false, try request(Modules_SessionTagDelInput.self).tags, id: q.messageId, from: conn)
            case .pullUS:
                return reply(userSettings(of: user, asked: try request(Modules_PullUserSettingInput.self).version))
            case .reportsdk:
                // 5.x sends its versions after every connect; the status alone is read (PEER-QUERY-001).
                _ = try request(Modules_ReportSDKInput.self)
                return reply(Modules_ReportSDKOutput())
            // Ultragroups (RongIMLib 5.x; PEER-UG-*).
            case .pullUgMsg:
                return pullUltragroupMessages(try request(Modules_UltraGrpPullMsg.self), id: q.messageId, from: conn)
            case .pullUgSes:
                return reply(ultragroupConversationList(try request(Modules_UltraGrpPullSes.self), user: user))
            case .qryUgUal:
                let r = try request(Modules_QryRemindListReq.self)
                if case .failure(let refusal) = ultragroup(r.groupID, member: user) { return refuse(refusal) }
                return reply(unreadMentions(r, user: user))
            case .qryMsg:
                let r = try request(Modules_MsgQuery.self)
                guard r.query.count <= Self.messagesPerQuery else {
                    return refuse(StatusRefusal(PeerStatus.invalidParameter, "\(r.query.count) messages asked for (at most \(Self.messagesPerQuery))"))
                }
                return reply(messagesByUID(r, user: user))
            case .modifyMsg, .upMsgEx:
                var notices: [PeerOutput] = []
                if let r = changeMessage(topic, try request(Modules_MsgChangeReq.self), from: conn, into: &notices) { return refuse(r) }
                return done() + notices
            case .qryMsgChange:
                return reply(messageChanges(try request(Modules_QueryMsgChange.self), from: conn))
            case .ugUnpushSet:
                if let r = setUltragroupDefaultLevel(try request(Modules_GroupUnpushSet.self), group: target, user: user) { return refuse(r) }
                return done()
            case .ugUnpushQuery:
                let r = try request(Modules_GroupUnpushQuery.self)
                if case .failure(let refusal) = ultragroup(target, member: user) { return refuse(refusal) }
                return reply(ultragroupDefaultLevel(r, group: target))
            // Chatrooms: members, KV.
            case .queryChrmI:
                return chatroomInfo(target, try request(Modules_QueryChatRoomInfoInput.self), user: user, id: q.messageId, conn: conn)
            case .pullKV:
                guard chatrooms[target] != nil else { return [queryAck(conn, q.messageId, status: PeerStatus.chatroomNotExist)] }
                guard chatrooms.isMember(user, of: target) else { return [queryAck(conn, q.messageId, status: PeerStatus.notInChatroom)] }
                let since = try request(Modules_QueryChrmKV.self).timestamp
                var out = Modules_ChrmKVOutput()
                out.entries = chatroomEntries(room: target, after: since)
                out.bFullUpdate = since == 0
                out.syncTime = now
                return reply(out)
            case .setKV, .delKV:
                return chatroomKV(room: target, user: user, try request(Modules_SetChrmKV.self), id: q.messageId, from: conn)
            case .setKVS, .delKVS:
                return chatroomKVBatch(room: target, user: user, try request(Modules_SetChrmKVS.self), delete: topic == .delKVS, id: q.messageId, from: conn)
            case .setRtcRoomId:
                // 5.7.2 `bindRTCRoomForChatroom`: the binding is kept (`/state`), nothing reads it back.
                let r = try request(Modules_SetRtcRoomIdInput.self)
                guard chatrooms[target] != nil else { return [queryAck(conn, q.messageId, status: PeerStatus.chatroomNotExist)] }
                guard chatrooms.isMember(user, of: target) else { return [queryAck(conn, q.messageId, status: PeerStatus.notInChatroom)] }
                guard r.rtcRoomID.utf8.count <= 64 else {
                    return refuse(StatusRefusal(PeerStatus.chatroomInvalidParameter, "rtcRoomId over 64 bytes"))
                }
                chatrooms.bindRTCRoom(target, r.rtcRoomID)
                return done()
            // Group read receipts (ENGINE-5.0 `rrMsg`, `rrList`; v2, PEER-RECEIPT-003).
            case .rrMsg:
                switch groupReadReceipt(try request(Modules_GrpReadReceiptMsg.self), group: target, from: conn) {
                case .success(let notices): return done() + notices
                case .failure(let r): return refuse(r)
                }
            case .rrList:
                let r = try request(Modules_GrpReadReceiptMsg.self)
                var out = Modules_GrpReadReceiptQryResp()
                out.totalMemberNum = Int32(clamping: fixture.groups[target]?.members.count ?? 0)
                // Read time, then the order the responses came (PEER-ORDER-002).
                out.list = conversations.readers(of: .message(uid: r.msgID.first ?? "")).map { reader, time in
                    var u = Modules_GrpMsgReadUser()
                    u.userID = reader
                    u.readTime = time
                    return u
                }
                return reply(out)
            // Files: the peer stores none; the answers are placeholders of the right shape.
            case .qnTkn:
                var out = Modules_GetQNupTokenOutput()
                out.deadline = now / 1000 + 3600
                out.token = "rongwire-peer-upload-token"
                return reply(out)
            case .qnUrl:
                var out = Modules_GetQNdownloadUrlOutput()
                out.downloadURL = Self.placeholderURL(try request(Modules_GetQNdownloadUrlInput.self).key)
                return reply(out)
            case .aliUrl, .s3Url, .stcUrl:
                var out = Modules_GetDownloadUrlOutput()
                out.downloadURL = Self.placeholderURL(try request(Modules_GetDownloadUrlInput.self).key)
                return reply(out)
            // RTC plugin: the peer models no RTC rooms; empty answers.
            case .rtcRJoin_data, .rtcUData, .rtcUList, .rtcIdentityChange:
                return reply(Modules_RtcUserListOutput())
            case .rtcRInfo:
                var out = Modules_RtcRoomInfoOutput()
                out.roomID = target
                out.userCount = 0
                return reply(out)
            case .rtcQryData:
                return reply(Modules_RtcQryOutput())
            case .rtcToken, .viewerJoinR:
                var out = Modules_RtcTokenOutput()
                out.rtcToken = "rongwire-peer-rtc-token"
                return reply(out)
            case .rtcQryUserOutData:
                return reply(Modules_RtcUserOutDataOutput())
            case .rtcPullKv:
                return reply(Modules_RtcKVOutput())
            case .rtcQueryJoined:
                return reply(Modules_RtcQueryUserJoinedOutput())
            case .rtcRExit, .rtcPing, .rtcUPut, .rtcUserState, .userSetData, .viewerExitR:
                return done()
            default:
                return nil
            }
        } catch {
            return malformed(conn, topic.text.isEmpty ? "QUERY without a topic" : topic.text, error)
        }
    }

    /// `queryChrmI`: the member count and up to `count` members (at most 20) with their join
    /// times, the earliest first, or the latest first with `order` 2.
    mutating func chatroomInfo(_ room: String, _ req: Modules_QueryChatRoomInfoInput, user: String, id: UInt16, conn: ConnectionID) -> [PeerOutput] {
        guard chatrooms[room] != nil else { return [queryAck(conn, id, status: PeerStatus.chatroomNotExist)] }
        guard chatrooms.isMember(user, of: room) else { return [queryAck(conn, id, status: PeerStatus.notInChatroom)] }
        // Join time, then join order (PEER-ORDER-002).
        var members = chatrooms.membersByJoin(room)
        if req.hasOrder && req.order == 2 { members.reverse() }
        var out = Modules_QueryChatRoomInfoOutput()
        out.userTotalNums = Int32(clamping: members.count)
        out.userInfos = members.prefix(Int(max(0, min(req.count, 20)))).map { member, joined in
            var m = Modules_ChrmMember()
            m.id = member
            m.time = joined
            return m
        }
        return [queryAck(conn, id, status: 0, payload: Self.bytes(out))]
    }

    /// `qrySessionsAtt`: the newest inbox and sent-box times and the unread total.
    func sessionAttributes(of user: String) -> Modules_SessionsAttOutput {
        let inbox = messages.inboxes[user] ?? []
        var out = Modules_SessionsAttOutput()
        out.inboxTime = inbox.last(where: { $0.direction == .received })?.time ?? 0
        out.sendboxTime = inbox.last(where: { $0.direction == .sent })?.time ?? 0
        out.totalUnreadCount = Int64(conversations.unreadTotal(of: user))
        return out
    }

    /// A download URL for a file the peer does not store (`.invalid` never resolves, RFC 2606).
    static func placeholderURL(_ key: String) -> String {
        "https://files.rongwire.invalid/" + (key.isEmpty ? "file" : percentEncode(key))
    }

    // MARK: Model hooks (empty until the peer models these; each reply above is built from them)
}
