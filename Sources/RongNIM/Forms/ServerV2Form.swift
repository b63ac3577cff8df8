// Sources/RongNIM/Forms/ServerV2Form.swift - the server API v2: messages and send requests

import RongCodec

/// NetEase's server API v2 (spec/nim.md, NIM-FORM-V2-001, -002): a message as its answers carry
/// one (`QueryMessagesByPageResponseV2.MessageItem`, `SendMessageResponseV2` of
/// netease-im/yunxin-server-sdk-java: `message_client_id`, `sender_id`, `conversation_type`,
/// `receiver_id`, `team_id`, …), or the body of its send request (`SendMessageRequestV2`:
/// `conversation_id`, `message`, `message_config`, `push_config`, …). V2 numbers conversations 1
/// one-to-one, 2 team, 3 super team; its conversation ids are `owner|type|other`.
enum ServerV2Form {
    /// V2's conversation types (`V2NIMConversationType`) and the NIM session types they are.
    static func sessionType(_ v2: Int64) -> NIMSessionType? {
        switch v2 {
        case 1: .p2p
        case 2: .team
        case 3: .superTeam
        default: nil
        }
    }

    static func conversationType(_ s: NIMSessionType) -> Int? {
        switch s {
        case .p2p: 1
        case .team: 2
        case .superTeam: 3
        default: nil
        }
    }

    /// The message types a send request takes (`MessageBody.messageType`: 0, 1, 2, 3, 4, 6, 10, 100).
    static let sendableTypes = ServerV1Form.sendableTypes

    static func read(_ value: JSONValue) throws(CodecError) -> NIMFormRecord {
        var r = NIMFormReader(.serverV2)
        var f = try JSONMemberReader(value, path: "$", what: "a server API v2 message")
        if f.object["message"] != nil && f.object["message_type"] == nil {
            return try readRequest(&f, &r)
        }
        // A message: its conversation from conversation_type and the receiver or team, or from
        // a conversation id.
        let from = try r.string(&f, "sender_id")
        var session: NIMSession
        if let kind = try r.integer(&f, "conversation_type", in: 0...Int64(Int32.max)) {
            guard let type = sessionType(kind) else {
                throw f.invalid("conversation_type", "conversation_type must be 1 (P2P), 2 (team) or 3 (super team), not \(kind)")
            }
            let targetKey = type == .p2p || f.object["team_id"] == nil ? "receiver_id" : "team_id"
            let target = try r.requiredString(&f, targetKey)
            // A team message's answer names the team in receiver_id too ([N] JSRV TestMessageV2.java:204).
            if targetKey == "team_id", let other = try r.string(&f, "receiver_id"), other != target {
                r.losses.add("NIM-FORM-002", f.at("receiver_id"))
            }
            session = NIMSession(target, type: type)
            r.map("$.session.sessionType", f.at("conversation_type"))
            r.map("$.session.sessionId", f.at(targetKey))
        } else {
            guard let id = try r.string(&f, "conversation_id") else {
                throw CodecError(.missingRequiredField, "conversation_type (or conversation_id) is required", path: f.at("conversation_type"))
            }
            let (_, s) = try conversation(id, at: f.at("conversation_id"))
            session = s
            r.map("$.session.sessionType", f.at("conversation_id"))
            r.map("$.session.sessionId", f.at("conversation_id"))
        }
        var m = try readBody(&f, session: session, sender: from.map { ($0, "$.sender_id") }, &r)
        m.from = from
        r.map("$.from", "$.sender_id")
        m.serverID = try r.string(&f, "message_server_id")
        r.map("$.serverID", f.at("message_server_id"))
        m.timestamp = try r.milliseconds(&f, "create_time")
        r.map("$.timestamp", f.at("create_time"))
        m.local.senderClientType = try r.integer(&f, "sender_client_type", in: 0...Int64(Int32.max)).map(Int.init)
        r.map("$.senderClientType", f.at("sender_client_type"))
        m.remoteExt = r.objectOrLose(f.value("extension"), at: f.at("extension"))
        r.map("$.remoteExt", f.at("extension"))
        r.loseUnread(f)
        return try r.finish(.message(m))
    }

    /// `owner|type|other`: the owner (the sender of a send request) and the session.
    static func conversation(_ id: String, at path: String) throws(CodecError) -> (String, NIMSession) {
        let parts = id.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, !parts[0].isEmpty, !parts[2].isEmpty else {
            throw CodecError(.invalidValue, "a conversation id is owner|type|other (a|1|b, a|2|tid, a|3|tid), not \(id)", path: path)
        }
        guard let n = Int64(parts[1]), let type = sessionType(n) else {
            throw CodecError(.invalidValue, "the conversation type in \(id) must be 1 (P2P), 2 (team) or 3 (super team)", path: path)
        }
        return (parts[0], NIMSession(parts[2], type: type))
    }

    /// The members a message and a send request's `message` share: type, subtype, client id,
    /// text and attachment.
    static func readBody(_ f: inout JSONMemberReader, session: NIMSession, sender: (String, String)?, _ r: inout NIMFormReader) throws(CodecError) -> NIMMessage {
        let type = NIMMessageType(rawValue: Int(try r.requiredInteger(&f, "message_type", in: 0...Int64(Int32.max))))
        r.map("$.messageType", f.at("message_type"))
        var m = NIMMessage(type, session: session)
        m.messageSubType = try ServerV1Form.subType(&f, "sub_type", &r)
        m.messageId = try r.string(&f, "message_client_id")
        r.map("$.messageId", f.at("message_client_id"))
        // text: the text of a text or tip message, else the searchable display text.
        m.text = try r.string(&f, "text")
        r.map("$.text", f.at("text"))
        let attachment = f.value("attachment")
        let at = f.at("attachment")
        switch type {
        case .text:
            r.lose(attachment, at: at)
        case .tip:
            r.lose(attachment, at: at)
            m.object = .tip
        case .custom:
            guard let attachment else { throw CodecError(.missingRequiredField, "a custom message needs its attachment", path: at) }
            m.object = .custom(try NIMFormReader.customPayload(attachment, at: at, "attachment", requireJSON: false))
            r.map("$.attachment", at)
        case _ where !type.isKnown:
            if let attachment { m.object = .unknown(try r.embedded(attachment, at: at, "attachment")) } else { m.object = .unknown(nil) }
            r.map("$.attachment", at)
        default:
            guard let attachment else { throw CodecError(.missingRequiredField, "a \(type) message needs its attachment", path: at) }
            m.object = try NetEaseAttachment.read(type, try r.embedded(attachment, at: at, "attachment"), at: at, sender: sender, &r)
        }
        return m
    }

    /// The body of a send request (`SendMessageRequestV2`).
    static func readRequest(_ f: inout JSONMemberReader, _ r: inout NIMFormReader) throws(CodecError) -> NIMFormRecord {
        let id = try r.requiredString(&f, "conversation_id")
        let (owner, session) = try conversation(id, at: f.at("conversation_id"))
        r.map("$.from", f.at("conversation_id"))
        r.map("$.session.sessionType", f.at("conversation_id"))
        r.map("$.session.sessionId", f.at("conversation_id"))
        var g = try JSONMemberReader(try f.required("message"), path: f.at("message"), what: "message")
        var m = try readBody(&g, session: session, sender: (owner, f.at("conversation_id")), &r)
        r.loseUnread(g)
        m.from = owner
        if let c = f.value("message_config") {
            var h = try JSONMemberReader(c, path: f.at("message_config"), what: "message_config")
            try flag(&m, \.shouldBeCounted, &h, "unread_enabled", &r)
            try flag(&m, \.syncEnabled, &h, "mutil_sync_enabled", &r)
            try flag(&m, \.persistEnable, &h, "offline_enabled", &r)
            try flag(&m, \.historyEnabled, &h, "history_enabled", &r)
            try flag(&m, \.roamingEnabled, &h, "roaming_enabled", &r)
            r.loseUnread(h)
        }
        if let c = f.value("route_config") {
            var h = try JSONMemberReader(c, path: f.at("route_config"), what: "route_config")
            try flag(&m, \.routeEnabled, &h, "route_enabled", &r)
            r.loseUnread(h)
        }
        if let c = f.value("push_config") {
            var h = try JSONMemberReader(c, path: f.at("push_config"), what: "push_config")
            try flag(&m, \.apnsEnabled, &h, "push_enabled", &r)
            try flag(&m, \.apnsWithPrefix, &h, "push_nick_enabled", &r)
            m.apnsContent = try r.string(&h, "push_content")
            r.map("$.apnsContent", h.at("push_content"))
            m.apnsPayload = r.objectOrLose(h.value("push_payload"), at: h.at("push_payload"))
            r.map("$.apnsPayload", h.at("push_payload"))
            try ServerV1Form.readForcePush(
                &m, &h, all: "push_forcepush_all", list: "push_forcepush_ids", content: "push_forcepush_content", enable: "push_forcepush_enable", &r)
            r.loseUnread(h)
        }
        if let c = f.value("antispam_config") {
            var h = try JSONMemberReader(c, path: f.at("antispam_config"), what: "antispam_config")
            try ServerV1Form.readAntiSpam(
                &m, &h, enabled: "antispam_enabled", content: "antispam_custom_message", business: "antispam_business_id", &r)
            r.loseUnread(h)
        }
        if let c = f.value("team_option") {
            var h = try JSONMemberReader(c, path: f.at("team_option"), what: "team_option")
            try flag(&m, \.teamReceiptEnabled, &h, "mark_as_read", &r)
            r.loseUnread(h)
        }
        m.remoteExt = r.objectOrLose(f.value("extension"), at: f.at("extension"))
        r.map("$.remoteExt", f.at("extension"))
        r.loseUnread(f)
        return try r.finish(.message(m))
    }

    /// A setting flag from a boolean of a config object.
    static func flag(
        _ m: inout NIMMessage, _ keyPath: WritableKeyPath<NIMMessageSetting, Bool>, _ f: inout JSONMemberReader, _ key: String, _ r: inout NIMFormReader
    ) throws(CodecError) {
        guard let b = try r.bool(&f, key) else { return }
        m.setting[keyPath: keyPath] = b
        if let name = NIMMessageSetting.names.first(where: { $0.1 == keyPath })?.0 { r.map("$.setting." + name, f.at(key)) }
    }

    // MARK: Writing a send request

    /// The body of a V2 send request for a NIM record (NIM-FORM-V2-002); nil with a loss when the
    /// API cannot send it.
    static func write(_ record: NIMRecord) -> NIMConversion<JSONValue> {
        var losses = LossList()
        let rule = "NIM-FORM-WRITE-001"
        guard case .message(let m) = record else {
            losses.add(rule, "$.revoke")
            return NIMConversion(output: nil, losses: losses.items)
        }
        guard let session = m.session, let kind = conversationType(session.sessionType) else {
            losses.add(rule, "$.session.sessionType")
            return NIMConversion(output: nil, losses: losses.items)
        }
        // The conversation id is owner|type|other: an empty owner, or a `|` in either account,
        // cannot be written in it.
        guard let from = m.from, !from.isEmpty, !from.utf8.contains(UInt8(ascii: "|")) else {
            losses.add(rule, "$.from")
            return NIMConversion(output: nil, losses: losses.items)
        }
        guard !session.sessionId.utf8.contains(UInt8(ascii: "|")) else {
            losses.add(rule, "$.session.sessionId")
            return NIMConversion(output: nil, losses: losses.items)
        }
        guard sendableTypes.contains(m.messageType) else {
            losses.add(rule, "$.messageType")
            return NIMConversion(output: nil, losses: losses.items)
        }
        var body = JSONObject()
        body["message_client_id"] = m.messageId.map(JSONValue.string)
        body["message_type"] = .number(JSONNumber(m.messageType.rawValue))
        body["sub_type"] = m.messageSubType.map { .number(JSONNumber($0)) }
        body["text"] = m.text.map(JSONValue.string)
        switch m.object {
        case nil, .tip?:
            break
        case .custom(let payload)?:
            if case .object(let o)? = try? JSONValue(parsing: Array(payload.utf8)) { body["attachment"] = .object(o) } else { body["attachment"] = .string(payload) }
        case let object?:
            guard let raw = NetEaseAttachment.write(object, &losses) else {
                losses.add(rule, "$.attachment")
                return NIMConversion(output: nil, losses: losses.items)
            }
            body["attachment"] = .object(raw)
        }
        var o = JSONObject()
        o["conversation_id"] = .string("\(from)|\(kind)|\(session.sessionId)")
        o["message"] = .object(body)
        let s = m.setting
        var config = JSONObject()
        if !s.shouldBeCounted { config["unread_enabled"] = false }
        if !s.syncEnabled { config["mutil_sync_enabled"] = false }
        if !s.persistEnable { config["offline_enabled"] = false }
        if !s.historyEnabled { config["history_enabled"] = false }
        if !s.roamingEnabled { config["roaming_enabled"] = false }
        if !config.isEmpty { o["message_config"] = .object(config) }
        if !s.routeEnabled { o["route_config"] = .object(JSONObject([.init(key: "route_enabled", value: false)])) }
        var push = JSONObject()
        if !s.apnsEnabled { push["push_enabled"] = false }
        if !s.apnsWithPrefix { push["push_nick_enabled"] = false }
        push["push_content"] = m.apnsContent.map(JSONValue.string)
        push["push_payload"] = m.apnsPayload.map { .string(ServerV1Form.text($0)) }
        if let p = m.apnsMemberOption {
            if let ids = p.userIds { push["push_forcepush_ids"] = .array(ids.map(JSONValue.string)) } else { push["push_forcepush_all"] = true }
            push["push_forcepush_content"] = p.apnsContent.map(JSONValue.string)
            push["push_forcepush_enable"] = .bool(p.forcePush)
        }
        if !push.isEmpty { o["push_config"] = .object(push) }
        if let a = m.antiSpamOption {
            var c = JSONObject()
            if a.enabled { c["antispam_enabled"] = true }
            c["antispam_business_id"] = a.businessId.map(JSONValue.string)
            c["antispam_custom_message"] = a.content.map(JSONValue.string)
            if !c.isEmpty { o["antispam_config"] = .object(c) }
        }
        if s.teamReceiptEnabled { o["team_option"] = .object(JSONObject([.init(key: "mark_as_read", value: true)])) }
        o["extension"] = m.remoteExt.map { .string(ServerV1Form.text($0)) }
        ServerV1Form.loseCommon(m, rule, &losses, keepsSubType: true, keepsMessageId: true)
        return NIMConversion(output: .object(o), losses: losses.items)
    }
}
