// Sources/RongNIM/Forms/ServerV1Form.swift - the server API v1: send parameters and history records

import RongCodec

/// NetEase's server API v1 (spec/nim.md, NIM-FORM-V1-001 to -003): the parameters of
/// `/msg/sendMsg.action` (`SendMessageRequestV1` of netease-im/yunxin-server-sdk-java), posted
/// form-urlencoded, so that every value may arrive as a string; and the records of its history
/// queries (`Message` of the same SDK: `msgid`, `msgidclient`, `sendtime`, `fromclienttype`).
enum ServerV1Form {
    /// The message types `sendMsg.action` sends ("0，文本消息；1，图片消息；… 100，自定义消息").
    static let sendableTypes: [NIMMessageType] = [.text, .image, .audio, .video, .location, .file, .tip, .custom]

    /// `ope`: 0 one-to-one, 1 team ("仅可传入 0 或 1").
    static func session(_ ope: Int64, _ to: String) -> NIMSession { NIMSession(to, type: ope == 0 ? .p2p : .team) }

    // MARK: Send parameters

    static func readSend(_ value: JSONValue) throws(CodecError) -> NIMFormRecord {
        var r = NIMFormReader(.serverV1Send)
        r.urlencoded = true
        var f = try JSONMemberReader(value, path: "$", what: "server API v1 send parameters")
        let from = try r.requiredString(&f, "from")
        let ope = try r.requiredInteger(&f, "ope", in: 0...1)
        let to = try r.requiredString(&f, "to")
        let type = NIMMessageType(rawValue: Int(try r.requiredInteger(&f, "type", in: 0...Int64(Int32.max))))
        guard sendableTypes.contains(type) else {
            throw f.invalid("type", "sendMsg.action sends types 0, 1, 2, 3, 4, 6, 10 and 100, not \(type.rawValue)")
        }
        var m = NIMMessage(type, session: session(ope, to))
        m.from = from
        r.map("$.from", "$.from")
        r.map("$.session.sessionId", "$.to")
        r.map("$.session.sessionType", "$.ope")
        r.map("$.messageType", "$.type")
        try readBody(&m, try f.required("body"), at: f.at("body"), sender: (from, "$.from"), &r)
        if let desc = try r.string(&f, "msgDesc") {
            // "对文本消息和提示消息以外的消息类型有效": the display text of the other types.
            if type == .text || type == .tip {
                r.lose(.string(desc), at: f.at("msgDesc"))
            } else {
                m.text = desc
                r.map("$.text", f.at("msgDesc"))
            }
        }
        m.apnsContent = try r.string(&f, "pushContent")
        r.map("$.apnsContent", f.at("pushContent"))
        m.apnsPayload = r.objectOrLose(f.value("payload"), at: f.at("payload"))
        r.map("$.apnsPayload", f.at("payload"))
        m.remoteExt = r.objectOrLose(f.value("ext"), at: f.at("ext"))
        r.map("$.remoteExt", f.at("ext"))
        try readAntiSpam(&m, &f, enabled: "antispam", content: "antispamCustom", business: "bid", &r)
        try readForcePush(&m, &f, all: "forcePushAll", list: "forcePushList", content: "forcePushContent", &r)
        if let read = try r.bool(&f, "markRead") {
            m.setting.teamReceiptEnabled = read
            r.map("$.setting.teamReceiptEnabled", f.at("markRead"))
        }
        m.messageSubType = try subType(&f, "subType", &r)
        // `option` (roaming, history, push, …) is JSON whose keys no consulted source names; it,
        // and the rest (async, checkFriend, env, the Yidun and robot parameters), are lost.
        r.loseUnread(f)
        return try r.finish(.message(m))
    }

    /// `body` by type (NIM-FORM-V1-001): `{"msg": …}` for text and tip, the attachment JSON of
    /// NIM-FORM-005 for media and location, any JSON for custom. It is JSON text, or an object.
    static func readBody(_ m: inout NIMMessage, _ body: JSONValue, at: String, sender: (String, String), _ r: inout NIMFormReader) throws(CodecError) {
        switch m.messageType {
        case .custom:
            m.object = .custom(try NIMFormReader.customPayload(body, at: at, "body", requireJSON: true))
            r.map("$.attachment", at)
        case .text, .tip:
            var g = try JSONMemberReader(try r.embedded(body, at: at, "body"), path: at, what: "the body of a text or tip message")
            m.text = try r.requiredString(&g, "msg")
            r.map("$.text", g.at("msg"))
            if m.messageType == .tip { m.object = .tip }
            r.loseUnread(g)
        case _ where !m.messageType.isKnown:
            m.object = .unknown(try r.embedded(body, at: at, "body"))
            r.map("$.attachment", at)
        default:
            m.object = try NetEaseAttachment.read(m.messageType, try r.embedded(body, at: at, "body"), at: at, sender: sender, &r)
        }
    }

    /// `subType` / `sub_type` / `msg_sub_type`: 0 (the default) is none.
    static func subType(_ f: inout JSONMemberReader, _ key: String, _ r: inout NIMFormReader) throws(CodecError) -> Int? {
        guard let n = try r.integer(&f, key, in: 0...Int64(Int32.max)), n > 0 else { return nil }
        r.map("$.messageSubType", f.at(key))
        return Int(n)
    }

    /// Yidun anti-spam: whether to check, the content to check, the business id.
    static func readAntiSpam(
        _ m: inout NIMMessage, _ f: inout JSONMemberReader, enabled: String, content: String, business: String, _ r: inout NIMFormReader
    ) throws(CodecError) {
        var o = NIMAntiSpamOption()
        o.enabled = try r.bool(&f, enabled) ?? false
        o.content = try r.string(&f, content)
        o.businessId = try r.string(&f, business)
        r.map("$.antiSpamOption.enabled", f.at(enabled))
        r.map("$.antiSpamOption.content", f.at(content))
        r.map("$.antiSpamOption.businessId", f.at(business))
        r.map("$.antiSpamOption", [enabled, content, business].filter { f.object[$0] != nil }.map { f.at($0) })
        if o != NIMAntiSpamOption() { m.antiSpamOption = o }
    }

    /// Forced push to some or all team members → `apnsMemberOption` (teams only, 003:488); on
    /// another session the parameters are lost.
    static func readForcePush(
        _ m: inout NIMMessage, _ f: inout JSONMemberReader, all: String, list: String, content: String, enable: String? = nil,
        _ r: inout NIMFormReader
    ) throws(CodecError) {
        let everyone = try r.bool(&f, all)
        var ids: [String]?
        if let v = f.value(list) {
            guard case .array(let a)? = try? r.embedded(v, at: f.at(list), list), a.allSatisfy({ $0.stringValue != nil }) else {
                throw f.mismatch(list, "an array of accounts (or its JSON text)", v)
            }
            ids = a.compactMap(\.stringValue)
        }
        let text = try r.string(&f, content)
        var on: Bool?
        if let enable { on = try r.bool(&f, enable) }
        guard everyone == true || ids != nil || text != nil || on == true else { return }
        guard m.session?.sessionType == .team else {
            for key in [all, list, content] + (enable.map { [$0] } ?? []) { r.lose(f.object[key], at: f.at(key)) }
            return
        }
        var o = NIMApnsMemberOption()
        o.userIds = everyone == true ? nil : ids
        o.apnsContent = text
        o.forcePush = on ?? true
        r.map("$.apnsMemberOption.userIds", f.at(list))
        r.map("$.apnsMemberOption.apnsContent", f.at(content))
        if let enable { r.map("$.apnsMemberOption.forcePush", f.at(enable)) }
        r.map("$.apnsMemberOption", ([all, list, content] + (enable.map { [$0] } ?? [])).filter { f.object[$0] != nil }.map { f.at($0) })
        m.apnsMemberOption = o
    }

    // MARK: History records

    static func readHistory(_ value: JSONValue) throws(CodecError) -> NIMFormRecord {
        var r = NIMFormReader(.serverV1History)
        var f = try JSONMemberReader(value, path: "$", what: "a server API v1 history record")
        let from = try r.requiredString(&f, "from")
        // The history answer does not name the conversation: the query does (querySessionMsg's
        // from/to, queryTeamMsg's tid). An export adds it as the send form names it.
        guard f.object["to"] != nil, f.object["ope"] != nil else {
            throw CodecError(
                .missingRequiredField,
                "a v1 history record does not name its conversation: add \"to\" (the other account, or the team id) and \"ope\" (0 one-to-one, 1 team) from the query",
                path: f.at(f.object["to"] == nil ? "to" : "ope"))
        }
        let ope = try r.requiredInteger(&f, "ope", in: 0...1)
        let to = try r.requiredString(&f, "to")
        let type = NIMMessageType(rawValue: Int(try r.requiredInteger(&f, "type", in: 0...Int64(Int32.max))))
        var m = NIMMessage(type, session: session(ope, to))
        m.from = from
        r.map("$.from", "$.from")
        r.map("$.session.sessionId", "$.to")
        r.map("$.session.sessionType", "$.ope")
        r.map("$.messageType", "$.type")
        m.serverID = try r.string(&f, "msgid")
        r.map("$.serverID", f.at("msgid"))
        m.messageId = try r.string(&f, "msgidclient")
        r.map("$.messageId", f.at("msgidclient"))
        m.timestamp = try r.milliseconds(&f, "sendtime")
        r.map("$.timestamp", f.at("sendtime"))
        m.local.senderClientType = try r.integer(&f, "fromclienttype", in: 0...Int64(Int32.max)).map(Int.init)
        r.map("$.senderClientType", f.at("fromclienttype"))
        if let body = f.value("body") {
            try readBody(&m, body, at: f.at("body"), sender: (from, "$.from"), &r)
        } else if type.isKnown && type != .tip {
            throw CodecError(.missingRequiredField, "body is required", path: f.at("body"))
        }
        if type == .tip && m.object == nil { m.object = .tip }
        r.loseUnread(f)
        return try r.finish(.message(m))
    }

    // MARK: Writing send parameters

    /// The send parameters of a NIM record (NIM-FORM-V1-003), every value a string as a
    /// form-urlencoded post carries it; nil with a loss when `sendMsg.action` cannot send it.
    static func writeSend(_ record: NIMRecord) -> NIMConversion<JSONValue> {
        var losses = LossList()
        let rule = "NIM-FORM-WRITE-001"
        guard case .message(let m) = record else {
            losses.add(rule, "$.revoke")
            return NIMConversion(output: nil, losses: losses.items)
        }
        guard let session = m.session, session.sessionType == .p2p || session.sessionType == .team else {
            losses.add(rule, "$.session.sessionType")
            return NIMConversion(output: nil, losses: losses.items)
        }
        guard let from = m.from else {
            losses.add(rule, "$.from")
            return NIMConversion(output: nil, losses: losses.items)
        }
        guard sendableTypes.contains(m.messageType) else {
            losses.add(rule, "$.messageType")
            return NIMConversion(output: nil, losses: losses.items)
        }
        var o = JSONObject()
        o["from"] = .string(from)
        o["ope"] = .string(session.sessionType == .p2p ? "0" : "1")
        o["to"] = .string(session.sessionId)
        o["type"] = .string(String(m.messageType.rawValue))
        let body: String
        switch m.object {
        case nil, .tip?:
            body = text(JSONObject([.init(key: "msg", value: .string(m.text ?? ""))]))
        case .custom(let payload)?:
            // The body must be JSON ("消息内容，JSON 格式"): a payload that is not is not sent.
            guard (try? JSONValue(parsing: Array(payload.utf8))) != nil else {
                losses.add(rule, "$.attachment")
                return NIMConversion(output: nil, losses: losses.items)
            }
            body = payload
        case let object?:
            guard let raw = NetEaseAttachment.write(object, &losses) else {
                losses.add(rule, "$.attachment")
                return NIMConversion(output: nil, losses: losses.items)
            }
            body = text(raw)
        }
        o["body"] = .string(body)
        if m.messageType != .text && m.messageType != .tip, let t = m.text, !t.isEmpty { o["msgDesc"] = .string(t) }
        if let a = m.antiSpamOption {
            if a.enabled { o["antispam"] = "true" }
            o["antispamCustom"] = a.content.map(JSONValue.string)
        }
        o["pushContent"] = m.apnsContent.map(JSONValue.string)
        o["payload"] = m.apnsPayload.map { .string(text($0)) }
        o["ext"] = m.remoteExt.map { .string(text($0)) }
        if let p = m.apnsMemberOption {
            if let ids = p.userIds { o["forcePushList"] = .string(String(decoding: (try? JSONValue.array(ids.map(JSONValue.string)).canonicalBytes()) ?? [], as: UTF8.self)) } else { o["forcePushAll"] = "true" }
            o["forcePushContent"] = p.apnsContent.map(JSONValue.string)
            if !p.forcePush { losses.add(rule, "$.apnsMemberOption.forcePush") }
        }
        o["bid"] = m.antiSpamOption?.businessId.map(JSONValue.string)
        if m.setting.teamReceiptEnabled { o["markRead"] = "1" }
        o["subType"] = m.messageSubType.map { .string(String($0)) }
        // What the parameters have no place for: the ids and time NetEase's server assigns, the
        // flags `option` would carry (its keys are in no consulted source), the local state.
        loseCommon(m, rule, &losses, keepsSubType: true)
        for (name, keyPath, fallback) in NIMMessageSetting.names where name != "teamReceiptEnabled" && m.setting[keyPath: keyPath] != fallback {
            losses.add(rule, "$.setting." + name)
        }
        return NIMConversion(output: .object(o), losses: losses.items)
    }

    /// Losses every server-API writer shares: the message's ids, time and local state, none of
    /// which a send request carries.
    static func loseCommon(_ m: NIMMessage, _ rule: String, _ losses: inout LossList, keepsSubType: Bool, keepsMessageId: Bool = false) {
        if !keepsMessageId && m.messageId != nil { losses.add(rule, "$.messageId") }
        if m.serverID != nil { losses.add(rule, "$.serverID") }
        if m.timestamp != nil { losses.add(rule, "$.timestamp") }
        if !keepsSubType && m.messageSubType != nil { losses.add(rule, "$.messageSubType") }
        var local = JSONObject()
        m.local.write(into: &local)
        for member in local where NIMConverter.isInformative(member.value) { losses.add(rule, "$." + member.key) }
        if m.messageExt != nil { losses.add(rule, "$.messageExt") }
    }

    /// Compact JSON text of an object.
    static func text(_ o: JSONObject) -> String {
        String(decoding: (try? JSONValue.object(o).canonicalBytes()) ?? Array("{}".utf8), as: UTF8.self)
    }
}
