// Sources/RongNIM/Mapping/NIMConverter+FromRC.swift - RongCloud → NIM

import RongCodec

extension NIMConverter {
    func recordFromRC(_ r: RCMessageRecord, _ losses: inout LossList) throws(CodecError) -> NIMRecord? {
        if r.targetId.isEmpty {
            throw CodecError(.invalidValue, "targetId is empty, and a NIM session id never is (NIM-MSG-002)", path: "$.targetId")
        }
        let (objectName, content) = try contentObject(r)
        guard let session = Self.session(r.conversationType, r.targetId, r.channelId, &losses) else {
            losses.add("NIM-MAP-CONV-005", "$.conversationType")
            return nil
        }
        if r.channelId != nil && r.conversationType != .ultragroup { losses.add("NIM-MAP-CONV-004", "$.channelId") }
        if objectName == "RC:RcNtf" { return .revoke(try revokeFromRC(r, session, content, &losses)) }

        var m = NIMMessage(.custom, session: session)
        try contentFromRC(objectName, content, base: "$.content", into: &m, chatroomSender: session.sessionType == .chatroom ? .some(r.senderUserId) : nil, &losses)
        m.messageId = r.nimMessageId
        m.serverID = r.nimServerId
        m.from = r.senderUserId
        m.timestamp = r.sentTime.map(TimeConversion.seconds(fromMilliseconds:))

        switch r.persistence ?? registry.type(for: objectName)?.persistence ?? .isCounted {
        case .isPersisted: m.setting.shouldBeCounted = false
        case .status:
            // Online receivers only; a NIM message still lands in the receiver's local store.
            (m.setting.persistEnable, m.setting.shouldBeCounted, m.setting.historyEnabled, m.setting.roamingEnabled) = (false, false, false, false)
            losses.add("NIM-MAP-PERSIST-005", "$.persistence")
        case .none:
            // Delivered offline but not stored by the client: NIM stores every message it delivers.
            (m.setting.shouldBeCounted, m.setting.historyEnabled) = (false, false)
            losses.add("NIM-MAP-PERSIST-005", "$.persistence")
        default: break
        }
        m.setting.apnsEnabled = !r.silent
        if let p = r.pushContent {
            if p.utf16.count <= NIMLimits.apnsContent { m.apnsContent = p } else { losses.add("NIM-MAP-PUSH-002", "$.pushContent") }
        }
        if let d = r.pushData {
            if let o = Self.jsonObject(d, limit: NIMLimits.apnsPayload) { m.apnsPayload = o } else { losses.add("NIM-MAP-PUSH-003", "$.pushData") }
        }
        rcOnlyEnvelope(r, &losses)
        if let l = r.local { m.local = localFromRC(l, session, &losses) }
        return .message(m)
    }

    /// The content as a JSON object and the canonical objectName (aliases resolved).
    func contentObject(_ r: RCMessageRecord) throws(CodecError) -> (String, JSONObject) {
        let decoded: DecodedContent
        do throws(CodecError) {
            decoded = try registry.decode(objectName: r.objectName, bytes: r.content)
        } catch {
            throw Self.inContent(error)
        }
        switch decoded {
        case .typed(let c):
            return (decoded.objectName, try c.base.normalizedValue().objectValue ?? JSONObject())
        case .unknown(let u):
            let v: JSONValue
            do throws(CodecError) { v = try JSONValue(parsing: u.bytes) } catch { throw Self.inContent(error) }
            guard case .object(let o) = v else { throw CodecError(.typeMismatch, "content must be a JSON object, not \(v.typeName)", path: "$.content") }
            return (r.objectName, o)
        }
    }

    /// A content error with its path inside `$.content`.
    static func inContent(_ e: CodecError) -> CodecError {
        var e = e
        e.path = "$.content" + (e.path.map { String($0.dropFirst()) } ?? "")
        return e
    }

    /// Fills the content members of `m` (type, text, attachment, `remoteExt`, and for a
    /// chatroom message `messageExt`) from RC content. `chatroomSender` is non-nil for chatroom
    /// messages and holds the record's sender.
    func contentFromRC(
        _ objectName: String, _ original: JSONObject, base: String, into m: inout NIMMessage, chatroomSender: String??, _ losses: inout LossList
    ) throws(CodecError) {
        var c = original
        let kind = classify(objectName, c)
        // Shared keys (CONTENT-EXTRA/USER/MENTION/BURN). A payload type keeps what it cannot place.
        let payload = kind.isPayload
        if case .string(let s)? = c["extra"] {
            if let o = Self.jsonObject(s, limit: NIMLimits.remoteExt) {
                m.remoteExt = o
                c.removeValue(forKey: "extra")
            } else if !payload {
                c.removeValue(forKey: "extra")
                if !s.isEmpty { losses.add("NIM-MAP-FIELD-007", base + ".extra") }
            }
        }
        if case .object(var u)? = c["user"], chatroomSender != nil || !payload {
            c.removeValue(forKey: "user")
            if let sender = chatroomSender {
                var x = NIMChatroomExtension()
                x.roomNickname = u.removeValue(forKey: "name")?.stringValue
                x.roomAvatar = u.removeValue(forKey: "portrait")?.stringValue
                x.roomExt = u.removeValue(forKey: "extra")?.stringValue
                if x != NIMChatroomExtension() { m.messageExt = x }
                if let id = u.removeValue(forKey: "id")?.stringValue, let s = sender, id != s { losses.add("NIM-MAP-FIELD-009", base + ".user.id") }
                for m in u where Self.isInformative(m.value) { losses.add("NIM-MAP-FIELD-009", JSONPath.member(base + ".user", m.key)) }
            } else if Self.isInformative(.object(u)) {
                losses.add("NIM-MAP-FIELD-008", base + ".user")
            }
        }
        if !payload {
            for key in ["mentionedInfo", "isBurnAfterRead", "burnDuration"] where Self.isInformative(c.removeValue(forKey: key)) {
                losses.add("NIM-MAP-RCONLY-001", JSONPath.member(base, key))
            }
        }
        let rule: String
        switch kind {
        case .text:
            rule = "NIM-MAP-TEXT-001"
            (m.messageType, m.object) = (.text, nil)
            m.text = c.removeValue(forKey: "content")?.stringValue ?? ""
        case .image:
            rule = "NIM-MAP-IMAGE-001"
            var o = NIMImageObject()
            o.url = c.removeValue(forKey: "imageUri")?.stringValue
            o.thumbUrl = c.removeValue(forKey: "thumbUri")?.stringValue
            o.displayName = c.removeValue(forKey: "name")?.stringValue
            (m.messageType, m.object) = (.image, .image(o))
        case .audio:
            rule = "NIM-MAP-AUDIO-001"
            var o = NIMAudioObject()
            o.url = c.removeValue(forKey: "remoteUrl")?.stringValue
            o.duration = c.removeValue(forKey: "duration")?.numberValue?.int64Value.map { $0 * 1000 }
            (m.messageType, m.object) = (.audio, .audio(o))
        case .video:
            rule = "NIM-MAP-VIDEO-001"
            var o = NIMVideoObject()
            o.url = c.removeValue(forKey: "sightUrl")?.stringValue
            o.duration = c.removeValue(forKey: "duration")?.numberValue?.int64Value.map { $0 * 1000 }
            o.fileLength = c.removeValue(forKey: "size")?.numberValue?.int64Value
            o.displayName = c.removeValue(forKey: "name")?.stringValue
            o.coverUrl = c.removeValue(forKey: "thumbUri")?.stringValue
            (m.messageType, m.object) = (.video, .video(o))
        case .file:
            rule = "NIM-MAP-FILE-001"
            var o = NIMFileObject()
            o.displayName = c.removeValue(forKey: "name")?.stringValue
            o.fileLength = c.removeValue(forKey: "size")?.numberValue?.int64Value
            o.url = c.removeValue(forKey: "fileUrl")?.stringValue
            // The type is the name's extension when it can be derived again.
            if let t = c["type"]?.stringValue, t == Self.fileExtension(o.displayName) { c.removeValue(forKey: "type") }
            (m.messageType, m.object) = (.file, .file(o))
        case .location:
            rule = "NIM-MAP-LOC-001"
            guard let lat = c.removeValue(forKey: "latitude")?.numberValue, let lon = c.removeValue(forKey: "longitude")?.numberValue else {
                throw CodecError(.missingRequiredField, "RC:LBSMsg needs latitude and longitude", path: base)
            }
            let o = NIMLocationObject(latitude: lat, longitude: lon, title: c.removeValue(forKey: "poi")?.stringValue)
            (m.messageType, m.object) = (.location, .location(o))
        case .tip:
            rule = "NIM-MAP-TIP-001"
            (m.messageType, m.object) = (.tip, .tip)
            m.text = c.removeValue(forKey: "message")?.stringValue
        case .team(let op, let exact, let data):
            rule = "NIM-MAP-TEAM-001"
            var t = NIMTeamNotificationContent(operationType: op)
            t.sourceID = c.removeValue(forKey: "operatorUserId")?.stringValue
            c.removeValue(forKey: "operation")
            if !exact { losses.add(rule, base + ".operation") }
            if case .string(let d)? = c.removeValue(forKey: "data"), !d.isEmpty {
                if var o = data {
                    t.targetIDs = o.removeValue(forKey: "targetUserIds")?.arrayValue?.compactMap(\.stringValue)
                    o.removeValue(forKey: "nimOperationType")
                    t.notifyExt = o.removeValue(forKey: "notifyExt")?.stringValue
                    t.attachment = o.removeValue(forKey: "attachment")?.objectValue
                    for m in o where Self.isInformative(m.value) { losses.add(rule, JSONPath.member(base + ".data", m.key)) }
                } else {
                    losses.add(rule, base + ".data")
                }
            }
            (m.messageType, m.object) = (.notification, .notification(NIMNotificationObject(notificationType: 1, content: .team(t))))
        case .robot:
            rule = "NIM-MAP-ROBOT-001"
            m.text = c.removeValue(forKey: "text")?.stringValue
            var fields = JSONObject()
            for key in ["robotId", "content", "modelId", "param", "isFromRobot", "response", "responseForMessageId"] {
                if let v = c.removeValue(forKey: key) { fields[key] = v }
            }
            (m.messageType, m.object) = (.robot, .robot(try NIMRobotObject(json: .object(fields), path: base)))
        case .callRecord:
            rule = "NIM-MAP-CALL-001"
            m.text = c.removeValue(forKey: "text")?.stringValue
            var fields = JSONObject()
            for key in ["callType", "channelID", "callStatus", "durations"] {
                if let v = c.removeValue(forKey: key) { fields[key] = v }
            }
            (m.messageType, m.object) = (.rtcCallRecord, .callRecord(try NIMRtcCallRecordObject(json: .object(fields), path: base)))
        case .rawCustom:
            rule = "NIM-MAP-CUSTOM-003"
            guard case .string(let raw)? = c.removeValue(forKey: "raw") else {
                throw CodecError(.missingRequiredField, "\(Self.rawCustomObjectName) content needs the string raw", path: base + ".raw")
            }
            (m.messageType, m.object) = (.custom, .custom(raw))
        case .custom:
            rule = "NIM-MAP-CUSTOM-001"
            (m.messageType, m.object) = (.custom, .custom(try Self.text(c)))
            c = JSONObject()
        case .mapped(let e):
            rule = "NIM-MAP-CUSTOM-002"
            if let v = c[mapping.discriminator], v != e.value {
                throw CodecError(
                    .invalidValue, "\(objectName) content has \(mapping.discriminator) \(v), the mapping says \(e.value)",
                    path: JSONPath.member(base, mapping.discriminator))
            }
            c[mapping.discriminator] = e.value
            (m.messageType, m.object) = (.custom, .custom(try Self.text(c)))
            c = JSONObject()
        case .envelope:
            rule = "NIM-MAP-CUSTOM-004"
            losses.add(rule, "$.objectName")
            let envelope = JSONObject([.init(key: "objectName", value: .string(objectName)), .init(key: "content", value: .object(c))])
            (m.messageType, m.object) = (.custom, .custom(try Self.text(envelope)))
            c = JSONObject()
        }
        // Whatever the NIM type has no place for.
        for m in c where Self.isInformative(m.value) { losses.add(rule, JSONPath.member(base, m.key)) }
    }

    /// What an RC type becomes in NIM.
    enum Kind {
        case text, image, audio, video, file, location, tip, robot, callRecord, rawCustom, custom, envelope
        case team(Int, exact: Bool, data: JSONObject?)
        case mapped(NIMCustomTypeMapping.Entry)

        /// Types whose RC content is a NIM custom payload.
        var isPayload: Bool {
            switch self {
            case .custom, .mapped, .envelope: true
            default: false
            }
        }
    }

    func classify(_ objectName: String, _ c: JSONObject) -> Kind {
        switch objectName {
        case "RC:TxtMsg": return .text
        case "RC:ImgMsg": return .image
        case "RC:HQVCMsg": return .audio
        case "RC:SightMsg": return .video
        case "RC:FileMsg": return .file
        case "RC:LBSMsg": return .location
        case "RC:InfoNtf": return .tip
        case "RC:GrpNtf":
            // A team notification needs a NIMTeamOperationType; an operation with none (Create, an
            // app's own) travels as an envelope.
            var data: JSONObject?
            if case .string(let d)? = c["data"] { data = Self.jsonObject(d, limit: .max) }
            if let n = data?["nimOperationType"]?.numberValue?.int64Value, (0...10).contains(n) { return .team(Int(n), exact: true, data: data) }
            guard case .string(let op)? = c["operation"] else { return .envelope }
            if let (n, exact) = Self.teamOperationsFromRC[op] { return .team(n, exact: exact, data: data) }
            if op.hasPrefix("NIM:"), let n = NIMTeamNotificationContent.operationNames.firstIndex(of: String(op.dropFirst(4))) {
                return .team(n, exact: true, data: data)
            }
            return .envelope
        case Self.robotObjectName: return .robot
        case Self.callRecordObjectName: return .callRecord
        case Self.rawCustomObjectName: return .rawCustom
        case Self.customObjectName: return .custom
        default:
            if let e = mapping.entry(forObjectName: objectName) { return .mapped(e) }
            return .envelope
        }
    }

    func revokeFromRC(_ r: RCMessageRecord, _ session: NIMSession, _ original: JSONObject, _ losses: inout LossList) throws(CodecError) -> NIMRevokeNotification {
        let rule = "NIM-MAP-REVOKE-002"
        var c = original
        var n = NIMRevokeNotification(session: session)
        n.fromUserId = c.removeValue(forKey: "operatorId")?.stringValue
        n.messageFromUserId = r.senderUserId
        var ms = r.sentTime
        if let t = c.removeValue(forKey: "recallTime") {
            // A time NIM cannot hold (NIM-MSG-004) stays behind as a loss.
            if let v = t.numberValue?.int64Value, RCMessageRecord.sentTimeRange.contains(v) { ms = v } else { c["recallTime"] = t }
        }
        n.timestamp = ms.map(TimeConversion.seconds(fromMilliseconds:))
        let name = c.removeValue(forKey: "originalObjectName")?.stringValue
        let content = c.removeValue(forKey: "originalMessageContent")?.objectValue
        if let name, let content {
            var m = NIMMessage(.custom, session: nil)
            let canonical = registry.type(for: name)?.objectName ?? name
            let normalized: JSONObject
            if registry.type(for: name) != nil {
                let bytes = try JSONValue.object(content).canonicalBytes()
                do throws(CodecError) {
                    normalized = try registry.decode(objectName: name, bytes: bytes).typed?.normalizedValue().objectValue ?? content
                } catch {
                    var e = error
                    e.path = "$.content.originalMessageContent" + (e.path.map { String($0.dropFirst()) } ?? "")
                    throw e
                }
            } else {
                normalized = content
            }
            try contentFromRC(canonical, normalized, base: "$.content.originalMessageContent", into: &m, chatroomSender: nil, &losses)
            m.messageId = r.nimMessageId
            if case .string(let t)? = c["recallContent"], m.messageType == .text, t == m.text { c.removeValue(forKey: "recallContent") }
            n.message = m
        } else {
            if let name { c["originalObjectName"] = .string(name) }
            if let content { c["originalMessageContent"] = .object(content) }
            // Without the content, the revoke names the message by id, as the C SDK's does.
            n.messageId = r.nimMessageId
        }
        for m in c where Self.isInformative(m.value) { losses.add(rule, JSONPath.member("$.content", m.key)) }
        if r.silent { losses.add(rule, "$.silent") }
        if r.pushContent != nil { losses.add(rule, "$.pushContent") }
        if r.pushData != nil { losses.add(rule, "$.pushData") }
        if r.local != nil { losses.add(rule, "$.$local") }
        if r.nimServerId != nil { losses.add(rule, "$.$nimServerId") }
        rcOnlyEnvelope(r, &losses)
        return n
    }

    /// NIM-MAP-RCONLY-001: envelope members NIM has nothing for.
    func rcOnlyEnvelope(_ r: RCMessageRecord, _ losses: inout LossList) {
        let rule = "NIM-MAP-RCONLY-001"
        if r.mentioned { losses.add(rule, "$.mentioned") }
        if r.canIncludeExpansion { losses.add(rule, "$.canIncludeExpansion") }
        if r.expansion != nil { losses.add(rule, "$.expansion") }
        if r.voipPush { losses.add(rule, "$.voipPush") }
        if r.directedUserIds != nil { losses.add(rule, "$.directedUserIds") }
        if r.clientUniqueId != nil { losses.add(rule, "$.clientUniqueId") }
        if r.topic != nil { losses.add(rule, "$.topic") }
    }

    /// NIM local state from `$local` (NIM-MAP-FIELD-004, -006).
    func localFromRC(_ l: RCLocalState, _ session: NIMSession, _ losses: inout LossList) -> NIMLocalState {
        var n = NIMLocalState()
        n.isOutgoingMsg = l.direction.map { $0 == "sent" }
        switch l.sentStatus {
        case "failed": n.deliveryState = 0
        case "sending": n.deliveryState = 1
        case "sent": n.deliveryState = 2
        case "read":
            n.deliveryState = 2
            // NIM keeps read state for outgoing P2P messages only (003:557).
            if session.sessionType == .p2p && n.isOutgoingMsg == true { n.isRemoteRead = true } else { losses.add("NIM-MAP-FIELD-004", "$.$local.sentStatus") }
        default: break
        }
        if let r = l.receivedStatus {
            if r.contains("listened") { n.isPlayed = true }
            if r.contains("downloaded") { n.attachmentDownloadState = 3 }
        }
        if let e = l.extra {
            if let o = Self.jsonObject(e, limit: .max) { n.localExt = o } else if !e.isEmpty { losses.add("NIM-MAP-FIELD-006", "$.$local.extra") }
        }
        return n
    }

    /// The JSON object a string holds, if it holds one of at most `limit` canonical bytes.
    static func jsonObject(_ s: String, limit: Int) -> JSONObject? {
        guard case .object(let o)? = try? JSONValue(parsing: Array(s.utf8)) else { return nil }
        guard limit == .max || ((try? JSONValue.object(o).canonicalBytes().count) ?? .max) <= limit else { return nil }
        return o
    }
}
