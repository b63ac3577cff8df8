// Sources/RongNIM/JSON/NIMMessage+JSON.swift - the NIM message JSON form (spec/nim.md)

import RongCodec

/// The limits the seed states, in UTF-8 bytes (canonical JSON for the dictionaries).
enum NIMLimits {
    /// `remoteExt`: "限制 4K" (003:493, 003:587).
    static let remoteExt = 4096
    /// `apnsPayload`: "限制 2K" (003:480, 003:4445).
    static let apnsPayload = 2048
    /// `apnsContent`: 500 characters, counted in UTF-16 code units as NSString and Java count
    /// them (the current header `NIMMessage.h`, "长度限制500字"; the server API's `pushContent`,
    /// "最长 500 字符"). The seed said 200 bytes (003:474), which this allows too.
    static let apnsContent = 500
    /// Timestamps: 0 up to (not including) 10^11 s, so that milliseconds stay exact (kit choice).
    static let timestampBound = 1e11
}

extension NIMRecord {
    /// Reads one record: a message, or `{"revoke": {...}}` (spec/nim.md, NIM-JSON-001,
    /// NIM-REVOKE-001). `options` bounds the input's size and depth (defaults 131,072 bytes,
    /// depth 64).
    public init(json bytes: some Collection<UInt8>, options: DecodingOptions = .default) throws(CodecError) {
        let value = try JSONValue(parsing: bytes, options: options)
        try self.init(json: value)
    }

    /// Reads one record from a parsed JSON value.
    public init(json value: JSONValue) throws(CodecError) {
        if case .object(let o) = value, o["revoke"] != nil {
            var f = try JSONMemberReader(value, path: "$", what: "a NIM record")
            let r = try f.required("revoke")
            try f.finish()
            self = .revoke(try NIMRevokeNotification(json: r, path: "$.revoke"))
        } else {
            self = .message(try NIMMessage(json: value, path: "$", embedded: false))
        }
    }

    /// The record in canonical form (members in the form's order, defaults left out).
    public func jsonValue() -> JSONValue {
        switch self {
        case .message(let m): m.jsonValue()
        case .revoke(let r): .object(JSONObject([.init(key: "revoke", value: r.jsonValue())]))
        }
    }
}

extension NIMMessage {
    /// Reads a message in the NIM message JSON form.
    public init(json text: String, options: DecodingOptions = .default) throws(CodecError) {
        try self.init(json: try JSONValue(parsing: Array(text.utf8), options: options), path: "$", embedded: false)
    }

    /// The canonical JSON text.
    public func jsonString() throws(CodecError) -> String {
        String(decoding: try jsonValue().canonicalBytes(), as: UTF8.self)
    }

    /// Reads a message; `embedded` is the revoked message inside a revoke notification, which
    /// has only content members (`messageId`, `messageType`, `text`, `attachment`, `remoteExt`).
    init(json: JSONValue, path: String, embedded: Bool) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "a NIM message")
        let type = NIMMessageType(rawValue: Int(try f.requiredInteger("messageType", in: 0...Int64(Int32.max))))
        var session: NIMSession?
        if !embedded { session = try NIMSession(json: try f.required("session"), path: f.at("session")) }
        self.init(type, session: session)
        messageId = try f.string("messageId")
        if !embedded {
            serverID = try f.string("serverID")
            messageSubType = try f.integer("messageSubType", in: Self.subTypeRange).map(Int.init)
        }
        text = try f.string("text")
        try Self.checkText(type, text, &f)
        object = try Self.attachment(type, f.value("attachment"), path: f.at("attachment"))
        remoteExt = try f.object("remoteExt")
        if let ext = remoteExt { try Self.checkSize(.object(ext), NIMLimits.remoteExt, "remoteExt", &f) }
        if embedded {
            try f.finish()
            return
        }
        from = try f.string("from")
        timestamp = try Self.timestamp(&f, "timestamp")
        if let s = f.value("setting") { setting = try NIMMessageSetting(json: s, path: f.at("setting")) }
        apnsContent = try f.string("apnsContent")
        if let c = apnsContent, c.utf16.count > NIMLimits.apnsContent {
            throw CodecError(
                .sizeLimit, "apnsContent is \(c.utf16.count) characters, above the limit of 500 (NIMMessage.h)", path: f.at("apnsContent"))
        }
        apnsPayload = try f.object("apnsPayload")
        if let p = apnsPayload { try Self.checkSize(.object(p), NIMLimits.apnsPayload, "apnsPayload", &f) }
        let sessionType = session?.sessionType
        if let v = f.value("apnsMemberOption") {
            guard sessionType == .team else { throw f.invalid("apnsMemberOption", "apnsMemberOption is for team messages only (003:488)") }
            apnsMemberOption = try NIMApnsMemberOption(json: v, path: f.at("apnsMemberOption"))
        }
        if let v = f.value("antiSpamOption") { antiSpamOption = try NIMAntiSpamOption(json: v, path: f.at("antiSpamOption")) }
        if let v = f.value("messageExt") {
            guard sessionType == .chatroom else { throw f.invalid("messageExt", "messageExt is on chatroom messages only (003:505)") }
            messageExt = try NIMChatroomExtension(json: v, path: f.at("messageExt"))
        }
        local = try NIMLocalState(&f)
        if local.isRemoteRead == true && !(sessionType == .p2p && local.isOutgoingMsg == true) {
            throw f.invalid("isRemoteRead", "isRemoteRead is valid only on outgoing P2P messages (003:557)")
        }
        try f.finish()
    }

    /// `messageSubType`: 1 or more ("设置值需要大于0"); 0, the header's default, means none.
    static let subTypeRange: ClosedRange<Int64> = 1...Int64(Int32.max)

    /// `text` is required on a text message. On the other types it is the display text the
    /// current SDKs carry (NIM-MSG-003); the seed's "nil on the others" (003:579) is the special
    /// case without one.
    static func checkText(_ type: NIMMessageType, _ text: String?, _ f: inout JSONMemberReader) throws(CodecError) {
        if type == .text && text == nil { throw CodecError(.missingRequiredField, "a text message needs text", path: f.at("text")) }
    }

    /// The attachment a type requires: none for text, nothing or `{}` for a tip, a string for
    /// custom, an object for the others; anything for an unknown type.
    static func attachment(_ type: NIMMessageType, _ v: JSONValue?, path: String) throws(CodecError) -> NIMMessageObject? {
        switch type {
        case .text:
            if v != nil { throw CodecError(.invalidValue, "a text message has no attachment (003:606)", path: path) }
            return nil
        case .tip:
            if let v, v != .object(JSONObject()) {
                throw CodecError(v.objectValue == nil ? .typeMismatch : .invalidValue, "NIMTipObject has no fields (003:1355)", path: path)
            }
            return .tip
        case _ where !type.isKnown:
            return .unknown(v)
        default:
            break
        }
        guard let v else { throw CodecError(.missingRequiredField, "a \(type) message needs its attachment", path: path) }
        switch type {
        case .image: return .image(try NIMImageObject(json: v, path: path))
        case .audio: return .audio(try NIMAudioObject(json: v, path: path))
        case .video: return .video(try NIMVideoObject(json: v, path: path))
        case .file: return .file(try NIMFileObject(json: v, path: path))
        case .location: return .location(try NIMLocationObject(json: v, path: path))
        case .notification: return .notification(try NIMNotificationObject(json: v, path: path))
        case .robot: return .robot(try NIMRobotObject(json: v, path: path))
        case .rtcCallRecord: return .callRecord(try NIMRtcCallRecordObject(json: v, path: path))
        default:
            guard case .string(let s) = v else {
                throw CodecError(.typeMismatch, "a custom attachment is the string encodeAttachment returns (003:1429), not \(v.typeName)", path: path)
            }
            return .custom(s)
        }
    }

    static func checkSize(_ v: JSONValue, _ limit: Int, _ key: String, _ f: inout JSONMemberReader) throws(CodecError) {
        let n = try v.canonicalBytes().count
        if n > limit {
            throw CodecError(.sizeLimit, "\(key) is \(n) bytes of JSON, above the limit of \(limit)", path: f.at(key))
        }
    }

    /// A timestamp in seconds: a finite number from 0 up to (not including) 10^11.
    static func timestamp(_ f: inout JSONMemberReader, _ key: String) throws(CodecError) -> JSONNumber? {
        guard let t = try f.number(key) else { return nil }
        guard t.doubleValue >= 0 && t.doubleValue < NIMLimits.timestampBound else {
            throw CodecError(.numberOutOfRange, "\(key) must be seconds from 0 to below 1e11, not \(t)", path: f.at(key))
        }
        return t
    }

    /// The canonical form: members in the form's order, absent ones and default settings left out.
    public func jsonValue() -> JSONValue {
        var o = JSONObject()
        o["messageId"] = messageId.map(JSONValue.string)
        o["serverID"] = serverID.map(JSONValue.string)
        o["messageType"] = .number(JSONNumber(messageType.rawValue))
        o["messageSubType"] = messageSubType.map { .number(JSONNumber($0)) }
        o["from"] = from.map(JSONValue.string)
        o["session"] = session?.jsonValue
        o["timestamp"] = timestamp.map(JSONValue.number)
        o["text"] = text.map(JSONValue.string)
        o["attachment"] = object?.jsonValue
        if !setting.isDefault { o["setting"] = setting.jsonValue }
        o["remoteExt"] = remoteExt.map(JSONValue.object)
        o["apnsContent"] = apnsContent.map(JSONValue.string)
        o["apnsPayload"] = apnsPayload.map(JSONValue.object)
        o["apnsMemberOption"] = apnsMemberOption?.jsonValue
        o["antiSpamOption"] = antiSpamOption?.jsonValue
        o["messageExt"] = messageExt?.jsonValue
        local.write(into: &o)
        return .object(o)
    }
}

extension NIMSession {
    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "session")
        let id = try f.requiredString("sessionId")
        if id.isEmpty { throw f.invalid("sessionId", "sessionId must not be empty") }
        let type = NIMSessionType(rawValue: Int(try f.requiredInteger("sessionType", in: 0...Int64(Int32.max))))
        guard NIMSessionType.defined.contains(type) else {
            throw f.invalid("sessionType", "sessionType must be 0 (P2P), 1 (Team), 2 (Chatroom), 3 (YSF), 5 (SuperTeam) or 6 (QChat), not \(type.rawValue)")
        }
        let server = try f.string("qchatServerId")
        if type == .qchat && (server ?? "").isEmpty {
            throw CodecError(.missingRequiredField, "a QChat session needs qchatServerId", path: f.at("qchatServerId"))
        }
        if type != .qchat && server != nil { throw f.invalid("qchatServerId", "qchatServerId is for QChat sessions only") }
        try f.finish()
        self.init(id, type: type, qchatServerId: server)
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["sessionId"] = .string(sessionId)
        o["sessionType"] = .number(JSONNumber(sessionType.rawValue))
        o["qchatServerId"] = qchatServerId.map(JSONValue.string)
        return .object(o)
    }
}

extension NIMApnsMemberOption {
    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "apnsMemberOption")
        userIds = try f.stringArray("userIds")
        forcePush = try f.bool("forcePush") ?? true
        apnsContent = try f.string("apnsContent")
        try f.finish()
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["userIds"] = userIds.map { .array($0.map(JSONValue.string)) }
        if !forcePush { o["forcePush"] = false }
        o["apnsContent"] = apnsContent.map(JSONValue.string)
        return .object(o)
    }
}

extension NIMAntiSpamOption {
    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "antiSpamOption")
        enabled = try f.bool("enabled") ?? false
        content = try f.string("content")
        businessId = try f.string("businessId")
        try f.finish()
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        if enabled { o["enabled"] = true }
        o["content"] = content.map(JSONValue.string)
        o["businessId"] = businessId.map(JSONValue.string)
        return .object(o)
    }
}

extension NIMChatroomExtension {
    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "messageExt")
        roomNickname = try f.string("roomNickname")
        roomAvatar = try f.string("roomAvatar")
        roomAvatarThumbnail = try f.string("roomAvatarThumbnail")
        roomExt = try f.string("roomExt")
        try f.finish()
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["roomNickname"] = roomNickname.map(JSONValue.string)
        o["roomAvatar"] = roomAvatar.map(JSONValue.string)
        o["roomAvatarThumbnail"] = roomAvatarThumbnail.map(JSONValue.string)
        o["roomExt"] = roomExt.map(JSONValue.string)
        return .object(o)
    }
}

extension NIMLocalState {
    init(_ f: inout JSONMemberReader) throws(CodecError) {
        localExt = try f.object("localExt")
        isOutgoingMsg = try f.bool("isOutgoingMsg")
        isReceivedMsg = try f.bool("isReceivedMsg")
        deliveryState = try f.integer("deliveryState", in: Self.deliveryStateRange).map(Int.init)
        attachmentDownloadState = try f.integer("attachmentDownloadState", in: Self.downloadStateRange).map(Int.init)
        isPlayed = try f.bool("isPlayed")
        isDeleted = try f.bool("isDeleted")
        isRemoteRead = try f.bool("isRemoteRead")
        senderName = try f.string("senderName")
        senderClientType = try f.integer("senderClientType", in: 0...Int64(Int32.max)).map(Int.init)
    }

    func write(into o: inout JSONObject) {
        o["localExt"] = localExt.map(JSONValue.object)
        o["isOutgoingMsg"] = isOutgoingMsg.map(JSONValue.bool)
        o["isReceivedMsg"] = isReceivedMsg.map(JSONValue.bool)
        o["deliveryState"] = deliveryState.map { .number(JSONNumber($0)) }
        o["attachmentDownloadState"] = attachmentDownloadState.map { .number(JSONNumber($0)) }
        o["isPlayed"] = isPlayed.map(JSONValue.bool)
        o["isDeleted"] = isDeleted.map(JSONValue.bool)
        o["isRemoteRead"] = isRemoteRead.map(JSONValue.bool)
        o["senderName"] = senderName.map(JSONValue.string)
        o["senderClientType"] = senderClientType.map { .number(JSONNumber($0)) }
    }
}

extension NIMRevokeNotification {
    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "a revoke notification")
        session = try NIMSession(json: try f.required("session"), path: f.at("session"))
        fromUserId = try f.string("fromUserId")
        messageFromUserId = try f.string("messageFromUserId")
        timestamp = try NIMMessage.timestamp(&f, "timestamp")
        messageId = try f.string("messageId")
        postscript = try f.string("postscript")
        if let m = f.value("message") { message = try NIMMessage(json: m, path: f.at("message"), embedded: true) }
        if let id = messageId, let inner = message?.messageId, id != inner {
            throw f.invalid("messageId", "messageId \(id) differs from message.messageId \(inner)")
        }
        try f.finish()
    }

    /// The canonical form of the notification (inside `{"revoke": …}`).
    public func jsonValue() -> JSONValue {
        var o = JSONObject()
        o["fromUserId"] = fromUserId.map(JSONValue.string)
        o["messageFromUserId"] = messageFromUserId.map(JSONValue.string)
        o["session"] = session.jsonValue
        o["timestamp"] = timestamp.map(JSONValue.number)
        o["messageId"] = messageId.map(JSONValue.string)
        o["postscript"] = postscript.map(JSONValue.string)
        o["message"] = message?.jsonValue()
        return .object(o)
    }
}
