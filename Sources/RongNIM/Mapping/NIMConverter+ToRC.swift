// Sources/RongNIM/Mapping/NIMConverter+ToRC.swift - NIM → RongCloud

import RongCodec

extension NIMConverter {
    func messageToRC(_ m: NIMMessage, _ losses: inout LossList) throws(CodecError) -> RCMessageRecord? {
        guard let session = m.session else { throw CodecError(.missingRequiredField, "session is required", path: "$.session") }
        guard let (type, target, channel) = Self.conversation(session) else {
            losses.add("NIM-MAP-CONV-005", "$.session.sessionType")
            return nil
        }
        if case .notification(let o)? = m.object, case .chatroom(let c) = o.content, c.eventType == NIMChatroomNotificationContent.recallEvent {
            return try chatroomRecallToRC(m, c, &losses)
        }
        guard let (name, built) = try contentToRC(m, base: "$", &losses) else { return nil }
        var content = built
        if let x = m.messageExt {
            var user = JSONObject()
            user["name"] = x.roomNickname.map(JSONValue.string)
            user["portrait"] = x.roomAvatar.map(JSONValue.string)
            user["extra"] = x.roomExt.map(JSONValue.string)
            if Self.isInformative(x.roomAvatarThumbnail.map(JSONValue.string)) { losses.add("NIM-MAP-FIELD-009", "$.messageExt.roomAvatarThumbnail") }
            if !user.isEmpty {
                if content["user"] == nil {
                    if let from = m.from { user = JSONObject([.init(key: "id", value: .string(from))] + user.members) }
                    content["user"] = .object(user)
                } else {
                    losses.add("NIM-MAP-FIELD-009", "$.messageExt")
                }
            }
        }
        var r = RCMessageRecord(type, targetId: target, objectName: name, content: try canonicalContent(name, content))
        r.channelId = channel
        let s = m.setting
        r.persistence = s.shouldBeCounted ? .isCounted : .isPersisted
        if !s.persistEnable {
            // Offline storage off: online receivers only, the nearest RongCloud class is STATUS;
            // no effect on chatroom messages, and ultragroups cannot publish STATUS (FLAG-005).
            losses.add("NIM-MAP-PERSIST-001", "$.setting.persistEnable")
            if session.sessionType != .chatroom && type != .ultragroup { r.persistence = .status }
        }
        for (key, lost) in [("historyEnabled", !s.historyEnabled), ("roamingEnabled", !s.roamingEnabled), ("syncEnabled", !s.syncEnabled),
            ("routeEnabled", !s.routeEnabled), ("teamReceiptEnabled", s.teamReceiptEnabled)] where lost
        {
            losses.add("NIM-MAP-PERSIST-004", "$.setting." + key)
        }
        if Self.isInformative(m.antiSpamOption?.jsonValue) { losses.add("NIM-MAP-PERSIST-004", "$.antiSpamOption") }
        r.silent = !s.apnsEnabled
        if !s.apnsWithPrefix { losses.add("NIM-MAP-PUSH-004", "$.setting.apnsWithPrefix") }
        r.pushContent = m.apnsContent
        if let p = m.apnsPayload { r.pushData = String(decoding: try JSONValue.object(p).canonicalBytes(), as: UTF8.self) }
        if m.apnsMemberOption != nil { losses.add("NIM-MAP-PUSH-005", "$.apnsMemberOption") }
        r.senderUserId = m.from
        r.nimMessageId = m.messageId
        r.nimServerId = m.serverID
        if m.messageSubType != nil { losses.add("NIM-MAP-FIELD-010", "$.messageSubType") }
        if let t = m.timestamp { r.sentTime = sentTime(t, "$.timestamp", &losses) }
        r.local = localToRC(m.local, &losses)
        return r
    }

    /// NIM-MAP-CHATROOM-002: a chatroom recall notification (323) is the revoke of the message it
    /// names, converted as NIM-MAP-REVOKE-001 converts one; the members a revoke has no place for
    /// are lost.
    func chatroomRecallToRC(_ m: NIMMessage, _ c: NIMChatroomNotificationContent, _ losses: inout LossList) throws(CodecError) -> RCMessageRecord? {
        guard let session = m.session else { return nil }
        var n = NIMRevokeNotification(session: session)
        n.fromUserId = c.source?["userId"]?.stringValue
        n.messageFromUserId = m.from
        n.timestamp = c.revokedMessageTime
        n.messageId = c.revokedMessageId
        let at = "$.attachment.content"
        let rule = "NIM-MAP-CHATROOM-002"
        if Self.isInformative(c.source?["nick"]) { losses.add(rule, at + ".source.nick") }
        for (key, value) in [("targets", c.targets.map(JSONValue.array)), ("notifyExt", c.notifyExt.map(JSONValue.string)), ("ext", c.ext),
            ("tags", c.tags.map { .array($0.map(JSONValue.string)) })] where Self.isInformative(value)
        {
            losses.add(rule, at + "." + key)
        }
        for (key, value) in [("messageId", m.messageId.map(JSONValue.string)), ("serverID", m.serverID.map(JSONValue.string)),
            ("timestamp", m.timestamp.map(JSONValue.number)), ("text", m.text.map(JSONValue.string))] where Self.isInformative(value)
        {
            losses.add(rule, "$." + key)
        }
        var revokeLosses = LossList()
        let r = try revokeToRC(n, &revokeLosses)
        // revokeToRC names the paths of a revoke record; here they are the attachment's.
        for l in revokeLosses.items {
            losses.add(l.rule, l.path == "$.revoke.timestamp" ? at + ".revokedMessageTime" : l.path)
        }
        return r
    }

    func revokeToRC(_ n: NIMRevokeNotification, _ losses: inout LossList) throws(CodecError) -> RCMessageRecord? {
        guard let (type, target, channel) = Self.conversation(n.session) else {
            losses.add("NIM-MAP-CONV-005", "$.revoke.session.sessionType")
            return nil
        }
        var c = JSONObject()
        c["operatorId"] = n.fromUserId.map(JSONValue.string)
        let ms = n.timestamp.map { sentTime($0, "$.revoke.timestamp", &losses) }
        c["recallTime"] = ms.map { .number(JSONNumber($0)) }
        if let m = n.message {
            if let (name, content) = try contentToRC(m, base: "$.revoke.message", &losses) {
                c["originalObjectName"] = .string(name)
                c["originalMessageContent"] = try JSONValue(parsing: try canonicalContent(name, content))
                if m.messageType == .text { c["recallContent"] = m.text.map(JSONValue.string) }
            }
        }
        let name = "RC:RcNtf"
        var r = RCMessageRecord(type, targetId: target, objectName: name, content: try canonicalContent(name, c))
        r.channelId = channel
        r.persistence = registry.type(for: name)?.persistence ?? .isPersisted
        r.senderUserId = n.messageFromUserId
        r.sentTime = ms
        r.nimMessageId = n.messageId ?? n.message?.messageId
        if Self.isInformative(n.postscript.map(JSONValue.string)) { losses.add("NIM-MAP-REVOKE-001", "$.revoke.postscript") }
        return r
    }

    /// The RC objectName and content (without the shared `user`) of a message's content:
    /// type, text, attachment and `remoteExt` (as `extra`). Nil when RongCloud has no
    /// counterpart (the loss is recorded).
    func contentToRC(_ m: NIMMessage, base: String, _ losses: inout LossList) throws(CodecError) -> (String, JSONObject)? {
        let at = base + ".attachment"
        var c = JSONObject()
        let name: String
        switch m.object {
        case nil:
            name = "RC:TxtMsg"
            c["content"] = .string(m.text ?? "")
        case .image(let o)?:
            name = "RC:ImgMsg"
            c["imageUri"] = o.url.map(JSONValue.string)
            c["thumbUri"] = o.thumbUrl.map(JSONValue.string)
            c["name"] = o.displayName.map(JSONValue.string)
            Self.loseUnmapped(o.jsonValue, mapped: ["url", "thumbUrl", "displayName"], "NIM-MAP-IMAGE-001", at, &losses)
        case .audio(let o)?:
            name = "RC:HQVCMsg"
            c["remoteUrl"] = o.url.map(JSONValue.string)
            if let d = o.duration { c["duration"] = .number(JSONNumber(duration(d, at + ".duration", &losses))) }
            Self.loseUnmapped(o.jsonValue, mapped: ["url", "duration"], "NIM-MAP-AUDIO-001", at, &losses)
        case .video(let o)?:
            name = "RC:SightMsg"
            c["sightUrl"] = o.url.map(JSONValue.string)
            if let d = o.duration { c["duration"] = .number(JSONNumber(duration(d, at + ".duration", &losses))) }
            c["size"] = o.fileLength.map { .number(JSONNumber($0)) }
            c["name"] = o.displayName.map(JSONValue.string)
            c["thumbUri"] = o.coverUrl.map(JSONValue.string)
            Self.loseUnmapped(o.jsonValue, mapped: ["url", "duration", "fileLength", "displayName", "coverUrl"], "NIM-MAP-VIDEO-001", at, &losses)
        case .file(let o)?:
            name = "RC:FileMsg"
            c["name"] = o.displayName.map(JSONValue.string)
            c["size"] = o.fileLength.map { .number(JSONNumber($0)) }
            c["type"] = Self.fileExtension(o.displayName).map(JSONValue.string)
            c["fileUrl"] = o.url.map(JSONValue.string)
            Self.loseUnmapped(o.jsonValue, mapped: ["displayName", "fileLength", "url"], "NIM-MAP-FILE-001", at, &losses)
        case .location(let o)?:
            name = "RC:LBSMsg"
            c["latitude"] = .number(o.latitude)
            c["longitude"] = .number(o.longitude)
            c["poi"] = o.title.map(JSONValue.string)
        case .tip?:
            name = "RC:InfoNtf"
            c["message"] = m.text.map(JSONValue.string)
        case .notification(let o)?:
            guard case .team(let t) = o.content else {
                let chatroom = if case .chatroom = o.content { true } else { false }
                losses.add(chatroom ? "NIM-MAP-CHATROOM-001" : "NIM-MAP-NETCALL-001", at)
                return nil
            }
            name = "RC:GrpNtf"
            c["operatorUserId"] = t.sourceID.map(JSONValue.string)
            if let op = Self.teamOperationsToRC[t.operationType] {
                c["operation"] = .string(op)
            } else {
                let names = NIMTeamNotificationContent.operationNames
                c["operation"] = .string("NIM:" + (names.indices.contains(t.operationType) ? names[t.operationType] : String(t.operationType)))
                losses.add("NIM-MAP-TEAM-001", at + ".content.operationType")
            }
            var data = JSONObject()
            data["targetUserIds"] = t.targetIDs.map { .array($0.map(JSONValue.string)) }
            data["nimOperationType"] = .number(JSONNumber(t.operationType))
            data["notifyExt"] = t.notifyExt.map(JSONValue.string)
            data["attachment"] = t.attachment.map(JSONValue.object)
            c["data"] = .string(try Self.text(data))
        case .robot(let o)?:
            name = Self.robotObjectName
            c["text"] = m.text.map(JSONValue.string)
            if case .object(let fields) = o.jsonValue { for f in fields { c[f.key] = f.value } }
        case .callRecord(let o)?:
            name = Self.callRecordObjectName
            c["text"] = m.text.map(JSONValue.string)
            if case .object(let fields) = o.jsonValue { for f in fields { c[f.key] = f.value } }
        case .custom(let payload)?:
            (name, c) = try customToRC(payload, at, &losses)
        case .unknown?:
            losses.add("NIM-MAP-UNKNOWN-001", base + ".messageType")
            return nil
        }
        // A display text on a type whose RongCloud content has no place for it (NIM-MAP-TEXT-002).
        if ![.text, .tip, .robot, .rtcCallRecord].contains(m.messageType) && Self.isInformative(m.text.map(JSONValue.string)) {
            losses.add("NIM-MAP-TEXT-002", base + ".text")
        }
        if let ext = m.remoteExt {
            if c["extra"] == nil { c["extra"] = .string(try Self.text(ext)) } else { losses.add("NIM-MAP-FIELD-007", base + ".remoteExt") }
        }
        return (name, c)
    }

    /// NIM-MAP-CUSTOM-001 to -004: a custom payload's objectName and content.
    func customToRC(_ payload: String, _ at: String, _ losses: inout LossList) throws(CodecError) -> (String, JSONObject) {
        guard let parsed = try? JSONValue(parsing: Array(payload.utf8)), case .object(let o) = parsed else {
            losses.add("NIM-MAP-CUSTOM-003", at)
            return (Self.rawCustomObjectName, JSONObject([.init(key: "raw", value: .string(payload))]))
        }
        if let e = mapping.entry(forPayload: o) { return (e.objectName, o) }
        if o.count == 2, case .string(let name)? = o["objectName"], case .object(let content)? = o["content"],
            (try? ObjectNameRules(reservedPrefix: .none).validate(name)) != nil
        {
            // A RongCloud type NIM has none for, carried from RongCloud earlier (NIM-MAP-CUSTOM-004).
            losses.add("NIM-MAP-CUSTOM-004", at)
            return (registry.type(for: name)?.objectName ?? name, content)
        }
        losses.add("NIM-MAP-CUSTOM-001", at)
        return (Self.customObjectName, o)
    }

    /// `$local` of a NIM message's local state (NIM-MAP-FIELD-004 to -006, -008).
    func localToRC(_ l: NIMLocalState, _ losses: inout LossList) -> RCLocalState? {
        var r = RCLocalState()
        r.direction = l.isOutgoingMsg.map { $0 ? "sent" : "received" }
        if l.isRemoteRead == true {
            r.sentStatus = "read"
        } else if let d = l.deliveryState, (0...2).contains(d) {
            r.sentStatus = ["failed", "sending", "sent"][d]
        }
        var received: [String] = []
        if l.isPlayed == true { received.append("listened") }
        if let d = l.attachmentDownloadState {
            if d == 3 { received.append("downloaded") }
            if d == 1 || d == 2 { losses.add("NIM-MAP-FIELD-004", "$.attachmentDownloadState") }
        }
        if !received.isEmpty { r.receivedStatus = received }
        if l.isReceivedMsg == true { losses.add("NIM-MAP-FIELD-004", "$.isReceivedMsg") }
        if l.isDeleted == true { losses.add("NIM-MAP-FIELD-005", "$.isDeleted") }
        if let e = l.localExt { r.extra = try? Self.text(e) }
        if Self.isInformative(l.senderName.map(JSONValue.string)) { losses.add("NIM-MAP-FIELD-008", "$.senderName") }
        if (l.senderClientType ?? 0) != 0 { losses.add("NIM-MAP-FIELD-008", "$.senderClientType") }
        return r.isEmpty ? nil : r
    }

    func sentTime(_ t: JSONNumber, _ path: String, _ losses: inout LossList) -> Int64 {
        let (ms, exact) = TimeConversion.milliseconds(fromSeconds: t)
        if !exact { losses.add("NIM-MAP-FIELD-003", path) }
        return ms
    }

    func duration(_ ms: Int64, _ path: String, _ losses: inout LossList) -> Int64 {
        let (s, exact) = TimeConversion.durationSeconds(fromMilliseconds: ms)
        if !exact { losses.add("NIM-MAP-DUR-001", path) }
        return s
    }

    /// Records a loss for each informative member of `value` that is not in `mapped`.
    static func loseUnmapped(_ value: JSONValue, mapped: [String], _ rule: String, _ base: String, _ losses: inout LossList) {
        guard case .object(let o) = value else { return }
        for m in o where !mapped.contains(m.key) && isInformative(m.value) { losses.add(rule, JSONPath.member(base, m.key)) }
    }

    /// Whether a value carries information a loss report must name: not absent, `null`, `""`,
    /// `false`, `0`, `{}` or `[]` (NIM-LOSS-001).
    static func isInformative(_ v: JSONValue?) -> Bool {
        switch v {
        case nil, .null?: false
        case .string(let s)?: !s.isEmpty
        case .bool(let b)?: b
        case .number(let n)?: n.doubleValue != 0
        case .object(let o)?: !o.isEmpty
        case .array(let a)?: !a.isEmpty
        }
    }

    /// The canonical JSON text of an object.
    static func text(_ o: JSONObject) throws(CodecError) -> String {
        String(decoding: try JSONValue.object(o).canonicalBytes(), as: UTF8.self)
    }
}
