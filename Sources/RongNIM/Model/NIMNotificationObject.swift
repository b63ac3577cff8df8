// Sources/RongNIM/Model/NIMNotificationObject.swift - notification, robot and custom attachments

import RongCodec

/// `NIMNotificationObject` (003:1622-1660): a server-made notification. `notificationType`
/// numbers are those of the public `NIMNotificationContent.h` ([X], nim-model.md § 3.9):
/// 0 unsupported, 1 team, 2 net call, 3 chatroom. New types appear with SDK upgrades
/// (003:1644), so other numbers are kept, with their content as a plain object.
public struct NIMNotificationObject: Hashable, Sendable {
    /// What the notification is about.
    public enum Content: Hashable, Sendable {
        /// `NIMTeamNotificationContent` (`notificationType` 1).
        case team(NIMTeamNotificationContent)
        /// `NIMChatroomNotificationContent` (`notificationType` 3).
        case chatroom(NIMChatroomNotificationContent)
        /// Net-call (2), unsupported (0) or a later type: the content object as received.
        case other(JSONObject)
    }

    /// `NIMNotificationType` ([X]): 0 unsupported, 1 team, 2 net call, 3 chatroom.
    public var notificationType: Int
    /// The notification content.
    public var content: Content

    /// A notification.
    public init(notificationType: Int, content: Content) {
        self.notificationType = notificationType
        self.content = content
    }

    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "a notification attachment")
        notificationType = Int(try f.requiredInteger("notificationType", in: 0...Int64(Int32.max)))
        let c = try f.required("content")
        switch notificationType {
        case 1: content = .team(try NIMTeamNotificationContent(json: c, path: f.at("content")))
        case 3: content = .chatroom(try NIMChatroomNotificationContent(json: c, path: f.at("content")))
        default:
            guard case .object(let o) = c else { throw f.mismatch("content", "an object", c) }
            content = .other(o)
        }
        try f.finish()
    }

    var jsonValue: JSONValue {
        let c: JSONValue =
            switch content {
            case .team(let t): t.jsonValue
            case .chatroom(let r): r.jsonValue
            case .other(let o): .object(o)
            }
        return .object(JSONObject([.init(key: "notificationType", value: .number(JSONNumber(notificationType))), .init(key: "content", value: c)]))
    }
}

/// `NIMTeamNotificationContent` ([X] header; the seed's field table is lost, 003:3636).
public struct NIMTeamNotificationContent: Hashable, Sendable {
    /// `NIMTeamOperationType` names by value ([X]): Invite 0 … Mute 10.
    public static let operationNames = [
        "Invite", "Kick", "Leave", "Update", "Dismiss", "ApplyPass", "TransferOwner", "AddManager", "RemoveManager",
        "AcceptInvitation", "Mute",
    ]

    /// The operator.
    public var sourceID: String?
    /// `NIMTeamOperationType`, 0 to 10.
    public var operationType: Int
    /// The members the operation is about.
    public var targetIDs: [String]?
    /// The notification extension.
    public var notifyExt: String?
    /// `NIMUpdateTeamInfoAttachment` / `NIMMuteTeamMemberAttachment`, kept as an object (their
    /// tag numbers depend on the SDK version, nim-model.md § 3.9).
    public var attachment: JSONObject?

    /// A team notification of `operationType`.
    public init(operationType: Int) { self.operationType = operationType }

    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "a team notification")
        sourceID = try f.string("sourceID")
        operationType = Int(try f.requiredInteger("operationType", in: 0...Int64(Int32.max)))
        guard operationType < Self.operationNames.count else {
            throw f.invalid("operationType", "operationType must be 0 to 10 (NIMTeamOperationType), not \(operationType)")
        }
        targetIDs = try f.stringArray("targetIDs")
        notifyExt = try f.string("notifyExt")
        attachment = try f.object("attachment")
        try f.finish()
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["sourceID"] = sourceID.map(JSONValue.string)
        o["operationType"] = .number(JSONNumber(operationType))
        o["targetIDs"] = targetIDs.map { .array($0.map(JSONValue.string)) }
        o["notifyExt"] = notifyExt.map(JSONValue.string)
        o["attachment"] = attachment.map(JSONValue.object)
        return .object(o)
    }
}

/// `NIMChatroomNotificationContent` ([X] header; 003:4061-4087). `eventType` is
/// `NIMChatroomEventType`: 301 to 320 in the 2017 header, 301 to 325 in the current one (321/322
/// tag mute, 323 recall, 324 queue batch add, 325 tags; spec/nim.md, NIM-ATT-006).
public struct NIMChatroomNotificationContent: Hashable, Sendable {
    /// The event types the model knows: 301 to 325 (the current header).
    public static let eventTypes: ClosedRange<Int> = 301...325
    /// 323: a message in the room was recalled (`NIMChatroomEventTypeRecall`).
    public static let recallEvent = 323

    /// `NIMChatroomEventType`, 301-325.
    public var eventType: Int
    /// `source` and `targets`: `NIMChatroomNotificationMember` objects `{userId, nick}`.
    public var source: JSONObject?
    /// The members the event is about (`{userId, nick}`).
    public var targets: [JSONValue]?
    /// The notification extension.
    public var notifyExt: String?
    /// Depends on the event: any JSON value.
    public var ext: JSONValue?
    /// The room tags the event is about (the current header's `tags`: 321, 322, 325).
    public var tags: [String]?
    /// 323 only: the recalled message's id (`revokedMessageId`).
    public var revokedMessageId: String?
    /// 323 only: when the recalled message was sent, in seconds (`revokedMessageTime`,
    /// `NSTimeInterval`; the wire's `msgTime` is milliseconds).
    public var revokedMessageTime: JSONNumber?

    /// A chatroom notification of `eventType`.
    public init(eventType: Int) { self.eventType = eventType }

    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "a chatroom notification")
        eventType = Int(try f.requiredInteger("eventType", in: 0...Int64(Int32.max)))
        guard Self.eventTypes.contains(eventType) else {
            throw f.invalid("eventType", "eventType must be 301 to 325 (NIMChatroomEventType), not \(eventType)")
        }
        if let s = f.value("source") { source = try Self.member(s, path: f.at("source")) }
        if let t = f.value("targets") {
            guard case .array(let a) = t else { throw f.mismatch("targets", "an array", t) }
            targets = try a.enumerated().map { (i, v) throws(CodecError) in .object(try Self.member(v, path: f.at("targets") + "[\(i)]")) }
        }
        notifyExt = try f.string("notifyExt")
        ext = f.value("ext")
        tags = try f.stringArray("tags")
        revokedMessageId = try f.string("revokedMessageId")
        revokedMessageTime = try NIMMessage.timestamp(&f, "revokedMessageTime")
        if eventType != Self.recallEvent {
            if revokedMessageId != nil { throw f.invalid("revokedMessageId", "revokedMessageId is on a recall notification (323) only") }
            if revokedMessageTime != nil { throw f.invalid("revokedMessageTime", "revokedMessageTime is on a recall notification (323) only") }
        }
        try f.finish()
    }

    static func member(_ v: JSONValue, path: String) throws(CodecError) -> JSONObject {
        var f = try JSONMemberReader(v, path: path, what: "a chatroom notification member")
        var o = JSONObject()
        o["userId"] = try f.string("userId").map(JSONValue.string)
        o["nick"] = try f.string("nick").map(JSONValue.string)
        try f.finish()
        return o
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["eventType"] = .number(JSONNumber(eventType))
        o["source"] = source.map(JSONValue.object)
        o["targets"] = targets.map(JSONValue.array)
        o["notifyExt"] = notifyExt.map(JSONValue.string)
        o["ext"] = ext
        o["tags"] = tags.map { .array($0.map(JSONValue.string)) }
        o["revokedMessageId"] = revokedMessageId.map(JSONValue.string)
        o["revokedMessageTime"] = revokedMessageTime.map(JSONValue.number)
        return .object(o)
    }
}

/// `NIMRobotObject` (003:1494-1620): upstream (to a robot) or downstream (its reply,
/// `isFromRobot`). `response` and `responseForMessageId` exist only downstream (003:1548,
/// 003:1553); on an upstream message they are `invalidValue`.
public struct NIMRobotObject: Hashable, Sendable {
    /// The robot asked, or the one replying (required).
    public var robotId: String
    /// What the robot recognises; not for display (003:1509).
    public var content: String?
    /// A robot module to jump to, and its parameter (003:1528-1530).
    public var modelId: String?
    /// The module's parameter.
    public var param: String?
    /// A robot's reply (downstream).
    public var isFromRobot: Bool
    /// The reply payload (downstream only).
    public var response: JSONObject?
    /// The question's `messageId` (downstream only).
    public var responseForMessageId: String?

    /// A robot attachment.
    public init(robotId: String, isFromRobot: Bool = false) {
        self.robotId = robotId
        self.isFromRobot = isFromRobot
    }

    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "a robot attachment")
        robotId = try f.requiredString("robotId")
        content = try f.string("content")
        modelId = try f.string("modelId")
        param = try f.string("param")
        isFromRobot = try f.bool("isFromRobot") ?? false
        response = try f.object("response")
        responseForMessageId = try f.string("responseForMessageId")
        if !isFromRobot {
            if response != nil { throw f.invalid("response", "response is only on a robot's reply (isFromRobot, 003:1548)") }
            if responseForMessageId != nil {
                throw f.invalid("responseForMessageId", "responseForMessageId is only on a robot's reply (isFromRobot, 003:1553)")
            }
        }
        try f.finish()
    }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["robotId"] = .string(robotId)
        o["content"] = content.map(JSONValue.string)
        o["modelId"] = modelId.map(JSONValue.string)
        o["param"] = param.map(JSONValue.string)
        if isFromRobot { o["isFromRobot"] = true }
        o["response"] = response.map(JSONValue.object)
        o["responseForMessageId"] = responseForMessageId.map(JSONValue.string)
        return .object(o)
    }
}

/// A NIM message's attachment (`messageObject`), by message type.
public enum NIMMessageObject: Hashable, Sendable {
    /// `NIMImageObject`.
    case image(NIMImageObject)
    /// `NIMAudioObject`.
    case audio(NIMAudioObject)
    /// `NIMVideoObject`.
    case video(NIMVideoObject)
    /// `NIMFileObject`.
    case file(NIMFileObject)
    /// `NIMLocationObject`.
    case location(NIMLocationObject)
    /// `NIMTipObject` has no fields (003:1355-1356).
    case tip
    /// `NIMNotificationObject`.
    case notification(NIMNotificationObject)
    /// `NIMRobotObject`.
    case robot(NIMRobotObject)
    /// `NIMRtcCallRecordObject` (type 12).
    case callRecord(NIMRtcCallRecordObject)
    /// `NIMCustomObject`: the string `encodeAttachment` returned (003:1377, 003:1429-1442),
    /// passed through unchanged; JSON by convention only.
    case custom(String)
    /// The attachment of a message type outside the seed's table, kept as received.
    case unknown(JSONValue?)

    /// The attachment as the form writes it; nil for none (tip, an unknown type without one).
    var jsonValue: JSONValue? {
        switch self {
        case .image(let o): o.jsonValue
        case .audio(let o): o.jsonValue
        case .video(let o): o.jsonValue
        case .file(let o): o.jsonValue
        case .location(let o): o.jsonValue
        case .tip: nil
        case .notification(let o): o.jsonValue
        case .robot(let o): o.jsonValue
        case .callRecord(let o): o.jsonValue
        case .custom(let s): .string(s)
        case .unknown(let v): v
        }
    }
}
