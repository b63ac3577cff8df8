// Sources/RongNIM/Forms/WebSDKForm.swift - the Web SDK's message objects

import RongCodec

/// A message object of NetEase's Web SDK 6.x (spec/nim.md, NIM-FORM-WEB-001), as its
/// `reverse` functions build one from the wire (`NIM_Web_SDK_v6.1.0.js` of
/// netease-kit/NIM_Web_Demo, run in Node): `scene` and `to` (or `chatroomId`), `from`, `type` as
/// a word, `time` in ms, `text` on every message (`""` when there is none), the setting flags
/// as booleans, and the attachment parsed into `file`, `geo`, `tip`, `content` or `attach`.
enum WebSDKForm {
    /// The SDK's `typeMap` (text 0 … custom 100); other types stay numbers.
    static let types: [String: NIMMessageType] = [
        "text": .text, "image": .image, "audio": .audio, "video": .video, "geo": .location, "notification": .notification,
        "file": .file, "tip": .tip, "robot": .robot, "custom": .custom,
    ]

    /// `clientTypeMap`: the word for each `NIMLoginClientType`.
    static let clientTypes: [String: Int] = ["Android": 1, "iOS": 2, "PC": 4, "WindowsPhone": 8, "Web": 16, "Server": 32, "Mac": 64]

    /// The team notification words of the SDK's table (`addTeamMembers` … `updateTeamMute`).
    static let teamOperations: [String: Int] = [
        "addTeamMembers": 0, "removeTeamMembers": 1, "leaveTeam": 2, "updateTeam": 3, "dismissTeam": 4, "passTeamApply": 5,
        "transferTeam": 6, "addTeamManagers": 7, "removeTeamManagers": 8, "acceptTeamInvite": 9, "updateTeamMute": 10,
    ]

    /// The chatroom notification words of the SDK's table (`memberEnter` 301 … `batchUpdateQueue` 320).
    static let chatroomEvents: [String: Int] = [
        "memberEnter": 301, "memberExit": 302, "blackMember": 303, "unblackMember": 304, "gagMember": 305, "ungagMember": 306,
        "addManager": 307, "removeManager": 308, "addCommon": 309, "removeCommon": 310, "closeChatroom": 311, "updateChatroom": 312,
        "kickMember": 313, "addTempMute": 314, "removeTempMute": 315, "updateMemberInfo": 316, "updateQueue": 317, "muteRoom": 318,
        "unmuteRoom": 319, "batchUpdateQueue": 320,
    ]

    /// The setting flags, each `true` unless the message says otherwise (`isHistoryable` …) but
    /// `needMsgReceipt`, which is `false` unless set.
    static let flags: [(String, String)] = [
        ("isHistoryable", "historyEnabled"), ("isRoamingable", "roamingEnabled"), ("isSyncable", "syncEnabled"), ("cc", "routeEnabled"),
        ("isPushable", "apnsEnabled"), ("isOfflinable", "persistEnable"), ("isUnreadable", "shouldBeCounted"),
        ("needPushNick", "apnsWithPrefix"), ("needMsgReceipt", "teamReceiptEnabled"),
    ]

    static func read(_ value: JSONValue) throws(CodecError) -> NIMFormRecord {
        var r = NIMFormReader(.webSDK)
        var f = try JSONMemberReader(value, path: "$", what: "a Web SDK message")
        let session: NIMSession
        if let room = try r.string(&f, "chatroomId") {
            session = NIMSession(room, type: .chatroom)
            r.map("$.session.sessionId", f.at("chatroomId"))
            r.map("$.session.sessionType", f.at("chatroomId"))
        } else {
            let scene = try r.requiredString(&f, "scene")
            let type: NIMSessionType
            switch scene {
            case "p2p": type = .p2p
            case "team": type = .team
            case "superTeam": type = .superTeam
            default: throw f.invalid("scene", "scene must be p2p, team or superTeam, not \(scene)")
            }
            session = NIMSession(try r.requiredString(&f, "to"), type: type)
            r.map("$.session.sessionType", f.at("scene"))
            r.map("$.session.sessionId", f.at("to"))
        }
        let typeValue = try f.required("type")
        let type: NIMMessageType
        switch typeValue {
        case .string(let word):
            guard let t = types[word] else { throw f.invalid("type", "type must be one of the SDK's words (text, image, …, custom), not \(word)") }
            type = t
        case .number(let n):
            guard n.isIntegral, let i = n.int64Value, (0...Int64(Int32.max)).contains(i) else {
                throw CodecError(.numberOutOfRange, "type must be a word or a number from 0 to 2147483647", path: f.at("type"))
            }
            type = NIMMessageType(rawValue: Int(i))
        default:
            throw f.mismatch("type", "a word or a number", typeValue)
        }
        r.map("$.messageType", f.at("type"))
        var m = NIMMessage(type, session: session)
        m.from = try r.string(&f, "from")
        r.map("$.from", f.at("from"))
        m.messageId = try r.string(&f, "idClient")
        r.map("$.messageId", f.at("idClient"))
        m.serverID = try r.string(&f, "idServer")
        r.map("$.serverID", f.at("idServer"))
        m.timestamp = try r.milliseconds(&f, "time")
        r.map("$.timestamp", f.at("time"))
        m.messageSubType = try ServerV1Form.subType(&f, "subType", &r)
        // `text` is on every message, "" when there is none.
        if let text = try r.string(&f, "text"), !text.isEmpty || type == .text { m.text = text }
        r.map("$.text", f.at("text"))
        try readAttachment(&m, &f, &r)
        try readSender(&m, &f, &r)
        for (key, flag) in flags {
            guard let b = try r.bool(&f, key), let keyPath = NIMMessageSetting.names.first(where: { $0.0 == flag })?.1 else { continue }
            m.setting[keyPath: keyPath] = b
            r.map("$.setting." + flag, f.at(key))
        }
        m.remoteExt = r.objectOrLose(f.value("custom"), at: f.at("custom"))
        r.map("$.remoteExt", f.at("custom"))
        m.apnsContent = try r.string(&f, "pushContent")
        r.map("$.apnsContent", f.at("pushContent"))
        m.apnsPayload = r.objectOrLose(f.value("pushPayload"), at: f.at("pushPayload"))
        r.map("$.apnsPayload", f.at("pushPayload"))
        if let apns = f.value("apns") {
            var g = try JSONMemberReader(apns, path: f.at("apns"), what: "apns")
            try ServerV1Form.readForcePush(&m, &g, all: "(all)", list: "accounts", content: "content", enable: "forcePush", &r)
            r.loseUnread(g)
        }
        try readState(&m, &f, &r)
        // Derived from to/from and the current user (`target`, `sessionId`), or the SDK's
        // defaults (`isReplyMsg: true`, `isLocal: false`, `resend: false`): not information.
        for key in ["target", "sessionId"] { _ = f.value(key) }
        if try r.bool(&f, "isReplyMsg") == false { r.losses.add("NIM-FORM-002", f.at("isReplyMsg")) }
        r.loseUnread(f)
        return try r.finish(.message(m))
    }

    /// `file`, `geo`, `tip`, `content`, `attach`: the attachment as the SDK's `reverse` parsed it.
    static func readAttachment(_ m: inout NIMMessage, _ f: inout JSONMemberReader, _ r: inout NIMFormReader) throws(CodecError) {
        let sender = m.from.map { ($0, "$.from") }
        switch m.messageType {
        case .text:
            break
        case .tip:
            guard let tip = try r.string(&f, "tip") else { throw CodecError(.missingRequiredField, "a tip message needs tip", path: f.at("tip")) }
            m.text = tip
            r.map("$.text", f.at("tip"))
            m.object = .tip
        case .image, .audio, .video, .file:
            let file = try f.required("file")
            var raw = file
            if case .object(var o) = file, case .string(let mp3)? = o["mp3Url"] {
                // Derived by the SDK for audio (url + "?audioTrans&type=mp3"): information only if it differs.
                if case .string(let url)? = o["url"], mp3 == url + "?audioTrans&type=mp3" { o.removeValue(forKey: "mp3Url") }
                raw = .object(o)
            }
            m.object = try NetEaseAttachment.read(m.messageType, raw, at: f.at("file"), sender: sender, &r)
        case .location:
            m.object = try NetEaseAttachment.read(.location, try f.required("geo"), at: f.at("geo"), sender: sender, &r)
        case .custom:
            m.object = .custom(try NIMFormReader.customPayload(try f.required("content"), at: f.at("content"), "content", requireJSON: false))
            r.map("$.attachment", f.at("content"))
        case .robot:
            m.object = try NetEaseAttachment.read(.robot, try f.required("content"), at: f.at("content"), sender: sender, &r)
        case .notification:
            m.object = .notification(try readNotification(try f.required("attach"), at: f.at("attach"), session: m.session, sender: sender, &r))
            r.map("$.attachment", f.at("attach"))
        case .rtcCallRecord:
            throw CodecError(
                .missingRequiredField, "the Web SDK 6.1 keeps type 12 (a call record) as a number and drops its attachment: nothing to read",
                path: f.at("attach"))
        default:
            m.object = .unknown(nil)
        }
    }

    /// `attach` of a notification: a team operation or a chatroom event, by the SDK's words.
    static func readNotification(
        _ v: JSONValue, at: String, session: NIMSession?, sender: (String, String)?, _ r: inout NIMFormReader
    ) throws(CodecError) -> NIMNotificationObject {
        var f = try JSONMemberReader(v, path: at, what: "a notification")
        let word = try r.requiredString(&f, "type")
        let m = "$.attachment.content"
        r.map(m + ".operationType", f.at("type"))
        r.map(m + ".eventType", f.at("type"))
        if session?.sessionType == .chatroom {
            guard let event = chatroomEvents[word] else { throw f.invalid("type", "a chatroom notification type of the SDK's table, not \(word)") }
            var c = NIMChatroomNotificationContent(eventType: event)
            var source = JSONObject()
            source["userId"] = try r.string(&f, "from").map(JSONValue.string)
            source["nick"] = try r.string(&f, "fromNick").map(JSONValue.string)
            if !source.isEmpty { c.source = source }
            r.map(m + ".source.userId", f.at("from"))
            r.map(m + ".source.nick", f.at("fromNick"))
            let ids = try f.stringArray("to"), nicks = try f.stringArray("toNick")
            if let ids {
                c.targets = ids.enumerated().map { (i, id) in
                    var t = JSONObject([.init(key: "userId", value: .string(id))])
                    if let nicks, i < nicks.count { t["nick"] = .string(nicks[i]) }
                    return .object(t)
                }
                r.map(m + ".targets", f.at("to"))
            } else {
                r.lose(nicks.map { .array($0.map(JSONValue.string)) }, at: f.at("toNick"))
            }
            c.notifyExt = try r.string(&f, "custom")
            r.map(m + ".notifyExt", f.at("custom"))
            // The event's own values (mute state and duration, queue change) are the header's `ext`.
            let rest = f.unreadMembers()
            if !rest.isEmpty {
                c.ext = .object(JSONObject(rest))
                for member in rest { r.map(JSONPath.member(m + ".ext", member.key), f.at(member.key)) }
            }
            return NIMNotificationObject(notificationType: 3, content: .chatroom(c))
        }
        guard let op = teamOperations[word] else {
            // A net call (netcallMiss, netcallBill) or a word the table lacks: kept as received.
            let rest = f.unreadMembers()
            var content = JSONObject([.init(key: "type", value: .string(word))])
            for member in rest { content[member.key] = member.value }
            return NIMNotificationObject(notificationType: word.hasPrefix("netcall") ? 2 : 0, content: .other(content))
        }
        var t = NIMTeamNotificationContent(operationType: op)
        if let (who, path) = sender {
            t.sourceID = who
            r.map(m + ".sourceID", path)
        }
        if let ids = try f.stringArray("accounts") {
            t.targetIDs = ids
            r.map(m + ".targetIDs", f.at("accounts"))
        } else if let one = try r.string(&f, "account") {
            t.targetIDs = [one]
            r.map(m + ".targetIDs", f.at("account"))
        }
        t.notifyExt = try r.string(&f, "custom")
        r.map(m + ".notifyExt", f.at("custom"))
        // team, users, mute: kept as the model keeps a team notification's attachment.
        let rest = f.unreadMembers()
        if !rest.isEmpty {
            t.attachment = JSONObject(rest)
            r.map(m + ".attachment", at)
        }
        return NIMNotificationObject(notificationType: 1, content: .team(t))
    }

    /// The sender: `fromClientType` as a word; in a chatroom `fromNick`, `fromAvatar` and
    /// `fromCustom` are the room profile (`messageExt`), elsewhere `fromNick` is the nickname.
    static func readSender(_ m: inout NIMMessage, _ f: inout JSONMemberReader, _ r: inout NIMFormReader) throws(CodecError) {
        if let word = try r.string(&f, "fromClientType") {
            if let n = clientTypes[word] {
                m.local.senderClientType = n
                r.map("$.senderClientType", f.at("fromClientType"))
            } else if let n = NIMFormReader.decimal(word)?.int64Value, (0...Int64(Int32.max)).contains(n) {
                // `reverseType` leaves a number the table lacks as it is.
                m.local.senderClientType = Int(n)
                r.map("$.senderClientType", f.at("fromClientType"))
            } else {
                r.losses.add("NIM-FORM-002", f.at("fromClientType"))
            }
        }
        if m.session?.sessionType == .chatroom {
            var x = NIMChatroomExtension()
            x.roomNickname = try r.string(&f, "fromNick")
            x.roomAvatar = try r.string(&f, "fromAvatar")
            x.roomExt = try r.string(&f, "fromCustom")
            r.map("$.messageExt.roomNickname", f.at("fromNick"))
            r.map("$.messageExt.roomAvatar", f.at("fromAvatar"))
            r.map("$.messageExt.roomExt", f.at("fromCustom"))
            r.map("$.messageExt", ["fromNick", "fromAvatar", "fromCustom"].filter { f.object[$0] != nil }.map { f.at($0) })
            if x != NIMChatroomExtension() { m.messageExt = x }
        } else {
            m.local.senderName = try r.string(&f, "fromNick")
            r.map("$.senderName", f.at("fromNick"))
        }
    }

    /// `flow` (in, out) and `status` (sending, success, fail) → the local state.
    static func readState(_ m: inout NIMMessage, _ f: inout JSONMemberReader, _ r: inout NIMFormReader) throws(CodecError) {
        if let flow = try r.string(&f, "flow") {
            guard flow == "in" || flow == "out" else { throw f.invalid("flow", "flow must be in or out, not \(flow)") }
            m.local.isOutgoingMsg = flow == "out"
            r.map("$.isOutgoingMsg", f.at("flow"))
        }
        if let status = try r.string(&f, "status") {
            switch status {
            case "sending": m.local.deliveryState = 1
            case "fail": m.local.deliveryState = 0
            case "success": if m.local.isOutgoingMsg == true { m.local.deliveryState = 2 }
            default: r.losses.add("NIM-FORM-002", f.at("status"))
            }
            r.map("$.deliveryState", f.at("status"))
        }
    }
}
