// Sources/RongNIM/Forms/CSDKForm.swift - the C/C++ SDK's message JSON and its recall notification

import RongCodec

/// The JSON the NIM C/C++ SDK (PC, Electron, node-nim) hands to its callbacks (spec/nim.md,
/// NIM-FORM-C-001, -002): the keys of `nim_talk_def.h` (『接收消息Json Keys』, 『消息撤回通知Json
/// Keys』) in netease-kit/NIM_PC_Demo, as the C++ wrapper (`nim_talk_helper.cpp`) reads them:
/// a message, bare or inside the receive callback's `{"rescode", "feature", "content"}`, or a
/// recall notification, which names the recalled message by `msg_id` alone.
enum CSDKForm {
    /// `NIMSessionType` of the C SDK: 0 one-to-one, 1 team, 5 super team (`nim_session_def.h`).
    static func sessionType(_ n: Int64) -> NIMSessionType? {
        switch n {
        case 0: .p2p
        case 1: .team
        case 5: .superTeam
        default: nil
        }
    }

    static func read(_ value: JSONValue) throws(CodecError) -> NIMFormRecord {
        var r = NIMFormReader(.cSDK)
        var f = try JSONMemberReader(value, path: "$", what: "a C SDK message")
        if f.object["content"] != nil && f.object["msg_type"] == nil {
            // The receive callback's wrapper: the message is `content`.
            let rescode = try r.integer(&f, "rescode", in: Int64(Int32.min)...Int64(Int32.max))
            if let rescode, rescode != 200 { r.losses.add("NIM-FORM-002", f.at("rescode")) }
            r.lose(f.value("feature"), at: f.at("feature"))
            let inner = try r.embedded(try f.required("content"), at: f.at("content"), "content")
            r.loseUnread(f)
            var g = try JSONMemberReader(inner, path: f.at("content"), what: "a C SDK message")
            return try readMessage(&g, &r)
        }
        if f.object["msg_type"] == nil && (f.object["msg_id"] != nil || f.object["to_id"] != nil) {
            return try readRecall(&f, &r)
        }
        return try readMessage(&f, &r)
    }

    static func readMessage(_ f: inout JSONMemberReader, _ r: inout NIMFormReader) throws(CodecError) -> NIMFormRecord {
        if f.object["room_id"] != nil && f.object["to_type"] == nil {
            // The chatroom SDK (nim_chatroom) has message JSON of its own, keyed by room_id.
            throw CodecError(
                .unknownNIMForm,
                "the record is a message of NetEase's C chatroom SDK (room_id): RongWire reads the C SDK's one-to-one, team and super team messages (to_type, to_accid)",
                path: f.at("room_id"))
        }
        let kind = try r.requiredInteger(&f, "to_type", in: 0...Int64(Int32.max))
        guard let sessionType = sessionType(kind) else {
            throw f.invalid("to_type", "to_type must be 0 (P2P), 1 (team) or 5 (super team), not \(kind)")
        }
        let session = NIMSession(try r.requiredString(&f, "to_accid"), type: sessionType)
        r.map("$.session.sessionType", f.at("to_type"))
        r.map("$.session.sessionId", f.at("to_accid"))
        let type = NIMMessageType(rawValue: Int(try r.requiredInteger(&f, "msg_type", in: 0...Int64(Int32.max))))
        r.map("$.messageType", f.at("msg_type"))
        var m = NIMMessage(type, session: session)
        m.from = try r.string(&f, "from_id")
        r.map("$.from", f.at("from_id"))
        m.local.senderClientType = try r.integer(&f, "from_client_type", in: 0...Int64(Int32.max)).map(Int.init)
        r.map("$.senderClientType", f.at("from_client_type"))
        m.local.senderName = try r.string(&f, "from_nick")
        r.map("$.senderName", f.at("from_nick"))
        m.timestamp = try r.milliseconds(&f, "time")
        r.map("$.timestamp", f.at("time"))
        m.messageId = try r.string(&f, "client_msg_id")
        r.map("$.messageId", f.at("client_msg_id"))
        if let id = try r.string(&f, "server_msg_id"), id != "0" { m.serverID = id }
        r.map("$.serverID", f.at("server_msg_id"))
        // msg_body: the text of a text or tip message, else the display text (the PC demo sends
        // custom messages with one: "这是一个猜拳", "贴图").
        let body = try r.string(&f, "msg_body")
        if let body, !body.isEmpty || type == .text { m.text = body }
        r.map("$.text", f.at("msg_body"))
        let attach = f.value("msg_attach")
        let at = f.at("msg_attach")
        switch type {
        case .text:
            r.lose(attach, at: at)
        case .tip:
            r.lose(attach, at: at)
            m.object = .tip
        case .custom:
            // "如需使用json string,必须为可以解析为json的非格式化的字符串": JSON by convention, kept as sent.
            m.object = .custom(try NIMFormReader.customPayload(attach ?? .string(""), at: at, "msg_attach", requireJSON: false))
            r.map("$.attachment", at)
        case _ where !type.isKnown:
            if let attach, attach != .string("") { m.object = .unknown(try r.embedded(attach, at: at, "msg_attach")) } else { m.object = .unknown(nil) }
            r.map("$.attachment", at)
        default:
            guard let attach, attach != .string("") else {
                throw CodecError(.missingRequiredField, "a \(type) message needs msg_attach", path: at)
            }
            let sender = m.from.map { ($0, f.at("from_id")) }
            m.object = try NetEaseAttachment.read(type, try r.embedded(attach, at: at, "msg_attach"), at: at, sender: sender, &r)
        }
        if let local = try r.string(&f, "local_res_path"), !local.isEmpty {
            switch m.object {
            case .image(var o)?: o.path = local; m.object = .image(o)
            case .audio(var o)?: o.path = local; m.object = .audio(o)
            case .video(var o)?: o.path = local; m.object = .video(o)
            case .file(var o)?: o.path = local; m.object = .file(o)
            default: r.losses.add("NIM-FORM-002", f.at("local_res_path"))
            }
            r.map("$.attachment.path", f.at("local_res_path"))
        }
        m.messageSubType = try ServerV1Form.subType(&f, "msg_sub_type", &r)
        // The setting flags: 0 or 1, absent for the default (`MessageSetting::ToJsonValue`).
        for (key, flag) in [("cloud_history", "historyEnabled"), ("roam_msg", "roamingEnabled"), ("sync_msg", "syncEnabled"),
            ("push_enable", "apnsEnabled"), ("push_prefix", "apnsWithPrefix"), ("routable_msg", "routeEnabled"), ("offline_msg", "persistEnable"),
            ("team_msg_ack", "teamReceiptEnabled")]
        {
            guard let b = try r.bool(&f, key), let keyPath = NIMMessageSetting.names.first(where: { $0.0 == flag })?.1 else { continue }
            m.setting[keyPath: keyPath] = b
            r.map("$.setting." + flag, f.at(key))
        }
        m.apnsContent = try r.string(&f, "push_content")
        r.map("$.apnsContent", f.at("push_content"))
        m.apnsPayload = r.objectOrLose(f.value("push_payload"), at: f.at("push_payload"))
        r.map("$.apnsPayload", f.at("push_payload"))
        m.remoteExt = r.objectOrLose(f.value("server_ext"), at: f.at("server_ext"))
        r.map("$.remoteExt", f.at("server_ext"))
        m.local.localExt = r.objectOrLose(f.value("local_ext"), at: f.at("local_ext"))
        r.map("$.localExt", f.at("local_ext"))
        try ServerV1Form.readAntiSpam(&m, &f, enabled: "anti_spam_enable", content: "anti_spam_content", business: "anti_spam_business_id", &r)
        try readForcePush(&m, &f, &r)
        try readStatus(&m, &f, &r)
        // `talk_id` is the session as the receiving client names it ("接收方收到的是消息发送方id"):
        // derived from to_accid, from_id and the current user, not information.
        _ = f.value("talk_id")
        r.loseUnread(f)
        return try r.finish(.message(m))
    }

    /// `is_force_push` (1: force), `force_push_list` (JSON text of accounts; empty or absent for
    /// every member: "强推全员设置true并强推列表为空"), `force_push_content`.
    static func readForcePush(_ m: inout NIMMessage, _ f: inout JSONMemberReader, _ r: inout NIMFormReader) throws(CodecError) {
        let on = try r.bool(&f, "is_force_push")
        var ids: [String]?
        if let v = f.value("force_push_list") {
            guard case .array(let a)? = try? r.embedded(v, at: f.at("force_push_list"), "force_push_list"), a.allSatisfy({ $0.stringValue != nil }) else {
                throw f.mismatch("force_push_list", "a JSON array of accounts", v)
            }
            ids = a.isEmpty ? nil : a.compactMap(\.stringValue)
        }
        let text = try r.string(&f, "force_push_content")
        guard on == true || ids != nil || (text.map { !$0.isEmpty } ?? false) else { return }
        guard m.session?.sessionType == .team else {
            for key in ["is_force_push", "force_push_list", "force_push_content"] { r.lose(f.object[key], at: f.at(key)) }
            return
        }
        var o = NIMApnsMemberOption()
        o.userIds = ids
        o.apnsContent = text
        o.forcePush = on ?? true
        r.map("$.apnsMemberOption.userIds", f.at("force_push_list"))
        r.map("$.apnsMemberOption.apnsContent", f.at("force_push_content"))
        r.map("$.apnsMemberOption.forcePush", f.at("is_force_push"))
        r.map("$.apnsMemberOption", ["is_force_push", "force_push_list", "force_push_content"].filter { f.object[$0] != nil }.map { f.at($0) })
        m.apnsMemberOption = o
    }

    /// `log_status` (`NIMMsgLogStatus`, `nim_msglog_def.h`): deleted 3 → soft delete; sending 4,
    /// failed 5, sent 6 → the delivery state; receipt 7 ("对方已读") → read by the peer, which the
    /// model keeps for outgoing one-to-one messages only. The others are lost.
    static func readStatus(_ m: inout NIMMessage, _ f: inout JSONMemberReader, _ r: inout NIMFormReader) throws(CodecError) {
        guard let status = try r.integer(&f, "log_status", in: 0...Int64(Int32.max)) else { return }
        let at = f.at("log_status")
        switch status {
        case 3:
            m.local.isDeleted = true
            r.map("$.isDeleted", at)
        case 4, 5, 6:
            m.local.deliveryState = [4: 1, 5: 0, 6: 2][Int(status)]
            r.map("$.deliveryState", at)
        case 7 where m.session?.sessionType == .p2p:
            (m.local.deliveryState, m.local.isOutgoingMsg, m.local.isRemoteRead) = (2, true, true)
            r.map("$.deliveryState", at)
            r.map("$.isOutgoingMsg", at)
            r.map("$.isRemoteRead", at)
        default:
            r.lose(.number(JSONNumber(status)), at: at)
        }
    }

    /// A recall notification (『消息撤回通知Json Keys』): `to_type`, `from_id` (the recalled
    /// message's sender), `to_id`, `msg_id`, `msg_time` (when it was sent, ms), `operator_id`,
    /// `notify`; `time` (when it was recalled) has no place in the model.
    static func readRecall(_ f: inout JSONMemberReader, _ r: inout NIMFormReader) throws(CodecError) -> NIMFormRecord {
        let kind = try r.requiredInteger(&f, "to_type", in: 0...Int64(Int32.max))
        guard let sessionType = sessionType(kind) else {
            throw f.invalid("to_type", "to_type must be 0 (P2P), 1 (team) or 5 (super team), not \(kind)")
        }
        var n = NIMRevokeNotification(session: NIMSession(try r.requiredString(&f, "to_id"), type: sessionType))
        r.map("$.revoke.session.sessionType", f.at("to_type"))
        r.map("$.revoke.session.sessionId", f.at("to_id"))
        n.messageFromUserId = try r.string(&f, "from_id")
        r.map("$.revoke.messageFromUserId", f.at("from_id"))
        n.fromUserId = try r.string(&f, "operator_id")
        r.map("$.revoke.fromUserId", f.at("operator_id"))
        n.messageId = try r.string(&f, "msg_id")
        r.map("$.revoke.messageId", f.at("msg_id"))
        n.timestamp = try r.milliseconds(&f, "msg_time")
        r.map("$.revoke.timestamp", f.at("msg_time"))
        n.postscript = try r.string(&f, "notify")
        r.map("$.revoke.postscript", f.at("notify"))
        r.loseUnread(f)
        return try r.finish(.revoke(n))
    }
}
