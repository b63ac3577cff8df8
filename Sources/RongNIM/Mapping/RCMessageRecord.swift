// Sources/RongNIM/Mapping/RCMessageRecord.swift - the RongCloud side of a conversion

import RongCodec

/// A RongCloud message as the converter writes and reads it (spec/nim.md, NIM-RC-001): the
/// outbound message JSON form of spec/envelope.md, which `message-encode` and the envelope turn
/// into a PUBLISH, plus members starting with `$` for what a PUBLISH does not carry (the sender
/// and send time, which RongCloud's server assigns; the NIM message id; the client's local
/// state). Readers of the outbound form ignore `$` members (ENV-JSON-002).
public struct RCMessageRecord: Hashable, Sendable {
    /// The conversation type (picks the PUBLISH topic).
    public var conversationType: ConversationType
    /// The conversation target.
    public var targetId: String
    /// The ultragroup channel (`busChannel`).
    public var channelId: String?
    /// The content's objectName.
    public var objectName: String
    /// The content JSON bytes (canonical when the converter wrote them).
    public var content: [UInt8]
    /// The PUBLISH message id, 0-65535 (required by the outbound form; the converter numbers
    /// its output 1, 2, …, 65535, 1, …).
    public var messageId: UInt16?
    /// The persistence flag; nil: the objectName's, else ISCOUNTED (FLAG-006).
    public var persistence: PersistenceFlag?
    /// sessionId 0x04: the message mentions someone.
    public var mentioned = false
    /// sessionId 0x20: no push notification.
    public var silent = false
    /// sessionId 0x40: the message may get an expansion.
    public var canIncludeExpansion = false
    /// `configFlag` 0x01: iOS VoIP push.
    public var voipPush = false
    /// An object of strings.
    public var expansion: JSONObject?
    /// Push text (`pushText`).
    public var pushContent: String?
    /// Hidden push payload (`appData`).
    public var pushData: String?
    /// Directed-message recipients within a group.
    public var directedUserIds: [String]?
    /// The sender's unique id for the message.
    public var clientUniqueId: Int64?
    /// A topic to publish on instead of the derived one.
    public var topic: String?
    /// `$senderUserId`: the sender (set by RongCloud's server on a real send).
    public var senderUserId: String?
    /// `$sentTime`: milliseconds (set by RongCloud's server on a real send).
    public var sentTime: Int64?
    /// `$nimMessageId`: the NIM client message id, kept for the way back (nim-model.md § 13.4).
    public var nimMessageId: String?
    /// `$nimServerId`: the id NetEase's server gave the message (`serverID`), kept for the way back.
    public var nimServerId: String?
    /// `$local`: the RongCloud client's local state of the message.
    public var local: RCLocalState?

    /// A record with its required members.
    public init(_ conversationType: ConversationType, targetId: String, objectName: String, content: [UInt8]) {
        self.conversationType = conversationType
        self.targetId = targetId
        self.objectName = objectName
        self.content = content
    }

    /// `$sentTime` range: 0 up to (not including) 10^14 ms, so that seconds stay exact.
    static let sentTimeRange: ClosedRange<Int64> = 0...99_999_999_999_999

    /// Reads a record; strict like the outbound message JSON form (ENV-JSON-003 codes), except
    /// that `messageId` may be absent.
    public init(json bytes: some Collection<UInt8>, options: DecodingOptions = .default) throws(CodecError) {
        try self.init(json: try JSONValue(parsing: bytes, options: options))
    }

    /// Reads a record from a parsed JSON value (NIM-RC-002).
    public init(json value: JSONValue) throws(CodecError) {
        var f = try JSONMemberReader(value, path: "$", what: "an RC message record")
        let type = ConversationType(rawValue: Int(try f.requiredInteger("conversationType", in: 0...255)))
        let target = try f.requiredString("targetId")
        let name = try f.requiredString("objectName")
        let content: [UInt8]
        switch try f.required("content") {
        case .string(let s): content = Array(s.utf8)
        case .object(let o):
            var h = try JSONMemberReader(.object(o), path: f.at("content"), what: "content")
            let hex = try h.requiredString("hex")
            try h.finish()
            guard let b = Hex.decode(hex) else { throw h.invalid("hex", "hex must be pairs of hex digits") }
            content = b
        case let v: throw f.mismatch("content", "the content JSON text or {\"hex\": …}", v)
        }
        self.init(type, targetId: target, objectName: name, content: content)
        channelId = try f.string("channelId")
        messageId = try f.integer("messageId", in: 0...65535).map { UInt16($0) }
        if let p = try f.integer("persistence", in: 0...255) {
            let flag = PersistenceFlag(rawValue: Int(p))
            guard flag.isDefined else { throw f.invalid("persistence", "persistence must be 0, 1, 3 or 16, not \(p)") }
            persistence = flag
        }
        mentioned = try f.bool("mentioned") ?? false
        silent = try f.bool("silent") ?? false
        canIncludeExpansion = try f.bool("canIncludeExpansion") ?? false
        voipPush = try f.bool("voipPush") ?? false
        if let e = try f.object("expansion") {
            for m in e where m.value.stringValue == nil {
                throw CodecError(.typeMismatch, "an expansion value must be a string, not \(m.value.typeName)", path: JSONPath.member(f.at("expansion"), m.key))
            }
            expansion = e
        }
        pushContent = try f.string("pushContent")
        pushData = try f.string("pushData")
        directedUserIds = try f.stringArray("directedUserIds")
        clientUniqueId = try f.integer("clientUniqueId", in: Int64.min...Int64.max)
        topic = try f.string("topic")
        senderUserId = try f.string("$senderUserId")
        sentTime = try f.integer("$sentTime", in: Self.sentTimeRange)
        nimMessageId = try f.string("$nimMessageId")
        nimServerId = try f.string("$nimServerId")
        if let l = f.value("$local") { local = try RCLocalState(json: l, path: f.at("$local")) }
        try f.finish(ignoringDerived: true)
    }

    /// The record in the order of the outbound form's table, then the `$` members; false
    /// booleans and absent members left out.
    public func jsonValue() -> JSONValue {
        var o = JSONObject()
        o["conversationType"] = .number(JSONNumber(conversationType.rawValue))
        o["targetId"] = .string(targetId)
        o["channelId"] = channelId.map(JSONValue.string)
        o["objectName"] = .string(objectName)
        if let text = String(validating: content, as: UTF8.self) {
            o["content"] = .string(text)
        } else {
            o["content"] = .object(JSONObject([.init(key: "hex", value: .string(Hex.encode(content)))]))
        }
        o["messageId"] = messageId.map { .number(JSONNumber(Int($0))) }
        o["persistence"] = persistence.map { .number(JSONNumber($0.rawValue)) }
        if mentioned { o["mentioned"] = true }
        if silent { o["silent"] = true }
        if canIncludeExpansion { o["canIncludeExpansion"] = true }
        if voipPush { o["voipPush"] = true }
        o["expansion"] = expansion.map(JSONValue.object)
        o["pushContent"] = pushContent.map(JSONValue.string)
        o["pushData"] = pushData.map(JSONValue.string)
        o["directedUserIds"] = directedUserIds.map { .array($0.map(JSONValue.string)) }
        o["clientUniqueId"] = clientUniqueId.map { .number(JSONNumber($0)) }
        o["topic"] = topic.map(JSONValue.string)
        o["$senderUserId"] = senderUserId.map(JSONValue.string)
        o["$sentTime"] = sentTime.map { .number(JSONNumber($0)) }
        o["$nimMessageId"] = nimMessageId.map(JSONValue.string)
        o["$nimServerId"] = nimServerId.map(JSONValue.string)
        o["$local"] = local?.jsonValue
        return .object(o)
    }
}

/// `$local`: the RongCloud client's local state of a message (`RCMessage` `messageDirection`,
/// `sentStatus`, `receivedStatus`, `extra`; 004:28-49), in names rather than the SDK's numbers.
public struct RCLocalState: Hashable, Sendable {
    /// `sent` or `received`.
    public var direction: String?
    /// `sending`, `failed`, `sent` or `read`.
    public var sentStatus: String?
    /// Any of `listened`, `downloaded`, in that order.
    public var receivedStatus: [String]?
    /// `RCMessage.extra`: a local-only string.
    public var extra: String?

    /// An empty local state.
    public init() {}

    static let directions = ["sent", "received"]
    static let sentStatuses = ["sending", "failed", "sent", "read"]
    static let receivedStatuses = ["listened", "downloaded"]

    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "$local")
        direction = try f.string("direction")
        if let d = direction, !Self.directions.contains(d) { throw f.invalid("direction", "direction must be sent or received, not \(d)") }
        sentStatus = try f.string("sentStatus")
        if let s = sentStatus, !Self.sentStatuses.contains(s) {
            throw f.invalid("sentStatus", "sentStatus must be sending, failed, sent or read, not \(s)")
        }
        receivedStatus = try f.stringArray("receivedStatus")
        for (i, s) in (receivedStatus ?? []).enumerated() where !Self.receivedStatuses.contains(s) {
            throw CodecError(.invalidValue, "receivedStatus names listened or downloaded, not \(s)", path: f.at("receivedStatus") + "[\(i)]")
        }
        extra = try f.string("extra")
        try f.finish()
    }

    var isEmpty: Bool { self == RCLocalState() }

    var jsonValue: JSONValue {
        var o = JSONObject()
        o["direction"] = direction.map(JSONValue.string)
        o["sentStatus"] = sentStatus.map(JSONValue.string)
        o["receivedStatus"] = receivedStatus.map { .array($0.map(JSONValue.string)) }
        o["extra"] = extra.map(JSONValue.string)
        return .object(o)
    }
}
