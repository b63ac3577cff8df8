// Sources/RongEnvelope/Packets/Packet+JSON.swift - the packet JSON form (CLI output, conformance vectors)

import RongCodec

/// How ``Packet/jsonValue(options:)`` renders payloads.
public struct PacketJSONOptions: Sendable {
    /// Decode payloads whose body type the topic tables know (otherwise only `bodyHex`).
    public var decodeBodies: Bool
    /// For a QUERYACK: the topic of the QUERY it answers, which decides the response type.
    public var queryTopic: Topic?
    /// Decodes the content of UpStreamMessage and DownStreamMessage bodies for `$content`.
    public var registry: ContentRegistry
    /// Limits and mode for that content decoding.
    public var contentOptions: DecodingOptions

    /// Options; the defaults decode every known body, with the built-in registry and default limits.
    public init(
        decodeBodies: Bool = true,
        queryTopic: Topic? = nil,
        registry: ContentRegistry = .builtIn,
        contentOptions: DecodingOptions = .default
    ) {
        self.decodeBodies = decodeBodies
        self.queryTopic = queryTopic
        self.registry = registry
        self.contentOptions = contentOptions
    }
}

extension Packet {
    /// The packet JSON form of spec/envelope.md: `header`, the variable-header fields by name, and
    /// for payload-carrying packets `bodyType`/`body`/`bodyHex`. Members starting with `$` are
    /// derived for readers and ignored by ``init(json:from:protocol:)``. Converting back with
    /// ``init(json:from:protocol:)`` and ``encoded()`` gives the original bytes.
    ///
    /// Throws when a payload of a known body type does not decode
    /// (`CodecError.Code.protobufDecoding`, `CodecError.Code.missingRequiredField`); set
    /// ``PacketJSONOptions/decodeBodies`` to false to render any payload as hex.
    public func jsonValue(options: PacketJSONOptions = PacketJSONOptions()) throws(CodecError) -> JSONValue {
        var o = JSONObject()
        o["header"] = [
            "type": .string(body.type.name), "dup": .bool(dup), "qos": .number(JSONNumber(Int(qos.rawValue))),
            "retain": .bool(retain),
        ]
        func int<T: BinaryInteger>(_ v: T) -> JSONValue { .number(JSONNumber(UInt64(v))) }
        let bodyType = options.decodeBodies ? BodyType.of(body, queryTopic: options.queryTopic) : nil
        switch body {
        case .connect(let c):
            o["protocolId"] = RMTPStringJSON.json(c.protocolId)
            o["protocolVersion"] = int(c.protocolVersion)
            o["cleanSession"] = .bool(c.cleanSession)
            o["keepAlive"] = int(c.keepAlive)
            o["clientId"] = RMTPStringJSON.json(c.clientId)
            if let will = c.will {
                o["will"] = [
                    "topic": RMTPStringJSON.json(will.topic), "message": RMTPStringJSON.json(will.message),
                    "qos": int(will.qos.rawValue), "retain": .bool(will.retain),
                ]
            }
            if let appId = c.appId { o["appId"] = RMTPStringJSON.json(appId) }
            if let token = c.token { o["token"] = RMTPStringJSON.json(token) }
        case .connAck(let a):
            o["reserved"] = int(a.reserved)
            o["status"] = int(a.status)
            if let name = a.result.name { o["$statusName"] = .string(name) }
            switch a.tail {
            case .none:
                break
            case .version3(let s):
                o["userId"] = RMTPStringJSON.json(s.userId)
                o["sessionId"] = RMTPStringJSON.json(s.sessionId)
                o["timestamp"] = int(s.timestamp)
            case .version4(let v):
                o["flags"] = int(v.flags)
                if let u = v.userId { o["userId"] = RMTPStringJSON.json(u) }
                if let s = v.sessionId { o["sessionId"] = RMTPStringJSON.json(s) }
                if let t = v.timestamp { o["timestamp"] = int(t) }
                if let m = v.messageId { o["messageId"] = int(m) }
            }
        case .publish(let p), .query(let p):
            o["topic"] = RMTPStringJSON.json(p.topic.wire)
            o["targetId"] = RMTPStringJSON.json(p.targetId)
            o["messageId"] = int(p.messageId)
            try Self.render(p.payload, bodyType, into: &o, options)
        case .serverPublish(let p):
            o["date"] = int(p.date)
            o["topic"] = RMTPStringJSON.json(p.topic.wire)
            o["targetId"] = RMTPStringJSON.json(p.targetId)
            o["messageId"] = int(p.messageId)
            try Self.render(p.payload, bodyType, into: &o, options)
        case .pubAck(let id), .queryCon(let id):
            o["messageId"] = int(id)
        case .serverPubAck(let a):
            o["messageId"] = int(a.messageId)
            o["date"] = int(a.date)
            o["status"] = int(a.status)
            o["millisecond"] = int(a.millisecond)
            o["messageUId"] = RMTPStringJSON.json(a.messageUId)
            o["$sentTime"] = .number(JSONNumber(a.sentTime))
        case .queryAck(let a):
            o["messageId"] = int(a.messageId)
            o["date"] = int(a.date)
            o["status"] = int(a.status)
            try Self.render(a.payload, bodyType, into: &o, options)
        case .pingReq, .pingResp:
            break
        case .disconnect(let d):
            o["reserved"] = int(d.reserved)
            o["status"] = int(d.status)
            if let name = d.reason.name { o["$statusName"] = .string(name) }
        }
        return .object(o)
    }

    /// `body: null` for an empty payload; `bodyType` and `body` when decoded; `bodyHex` when not
    /// decoded, or when re-encoding `body` would not give the same bytes (unknown fields, fields
    /// out of order, non-minimal varints).
    private static func render(_ payload: [UInt8], _ type: BodyType?, into o: inout JSONObject, _ options: PacketJSONOptions) throws(CodecError) {
        if payload.isEmpty {
            o["body"] = .null
            return
        }
        guard let type else {
            o["bodyHex"] = .string(Hex.encode(payload))
            return
        }
        let value: JSONValue
        do throws(CodecError) {
            value = try BodyJSON.json(of: payload, as: type, registry: options.registry, contentOptions: options.contentOptions)
        } catch {
            throw error.underBody()
        }
        o["bodyType"] = .string(type.name)
        o["body"] = value
        if try BodyJSON.payload(fromRendered: value, as: type) != payload {
            o["bodyHex"] = .string(Hex.encode(payload))
        }
    }

    /// Reads the packet JSON form, for a packet sent by `sender` (the layouts of PUBLISH and
    /// PUBACK depend on it) on a connection of protocol `version` (a CONNACK's `flags` and
    /// `messageId` exist in version 4 only). Absent header flags are false / 0; every other
    /// member the type defines is required, except the optional ones spec/envelope.md lists. Type
    /// errors carry the JSON path; the type checks are those of
    /// ``decode(_:from:protocol:)-(Collection<UInt8>,_,_)``.
    public init(json: JSONValue, from sender: Side, protocol version: ProtocolVersion = .v3) throws(CodecError) {
        var f = try JSONFields(json, path: "$", what: "a packet")
        var h = try JSONFields(try f.required("header"), path: "$.header", what: "the header")
        guard let typeName = try h.plainString("type") else {
            throw CodecError(.missingRequiredField, "header.type is required", path: "$.header.type")
        }
        guard let type = PacketType(name: typeName) else {
            throw CodecError(.invalidValue, "unknown packet type name \(typeName)", path: "$.header.type")
        }
        do throws(CodecError) {
            try Packet.checkDecodable(type, from: sender)
        } catch {
            var e = error
            e.offset = nil
            e.path = "$.header.type"
            throw e
        }
        let dup = try h.bool("dup", default: false)
        let qos = QoS(rawValue: try h.integer("qos", UInt8.self, default: 0))
        guard let qos else { throw CodecError(.numberOutOfRange, "qos must be 0-3", path: "$.header.qos") }
        let retain = try h.bool("retain", default: false)
        try h.finish()

        let body: Body
        switch type {
        case .connect:
            var will: Connect.Will?
            if let w = f.value("will") {
                var wf = try JSONFields(w, path: "$.will", what: "the will")
                let willQoS = QoS(rawValue: try wf.integer("qos", UInt8.self, default: 0))
                guard let willQoS else { throw CodecError(.numberOutOfRange, "will.qos must be 0-3", path: "$.will.qos") }
                will = Connect.Will(
                    topic: try wf.requiredString("topic"), message: try wf.requiredString("message"), qos: willQoS,
                    retain: try wf.bool("retain", default: false))
                try wf.finish()
            }
            body = .connect(
                Connect(
                    protocolId: try f.requiredString("protocolId"),
                    protocolVersion: try f.integer("protocolVersion", UInt8.self),
                    cleanSession: try f.bool("cleanSession", default: false),
                    keepAlive: try f.integer("keepAlive", UInt16.self),
                    clientId: try f.requiredString("clientId"), will: will,
                    appId: try f.string("appId"), token: try f.string("token")))
        case .connAck:
            body = .connAck(try Self.connAck(&f, protocol: version))
        case .publish where sender == .server:
            let date = try f.integer("date", UInt32.self)
            let topic = Topic(wire: try f.requiredString("topic"))
            let targetId = try f.requiredString("targetId")
            let messageId = try f.integer("messageId", UInt16.self)
            body = .serverPublish(ServerPublish(date: date, topic: topic, targetId: targetId, messageId: messageId, payload: try Self.payload(&f)))
        case .publish, .query:
            let p = Publish(
                topic: Topic(wire: try f.requiredString("topic")), targetId: try f.requiredString("targetId"),
                messageId: try f.integer("messageId", UInt16.self), payload: try Self.payload(&f))
            body = type == .query ? .query(p) : .publish(p)
        case .pubAck where sender == .client:
            body = .pubAck(messageId: try f.integer("messageId", UInt16.self))
        case .pubAck:
            body = .serverPubAck(
                ServerPubAck(
                    messageId: try f.integer("messageId", UInt16.self), date: try f.integer("date", UInt32.self),
                    status: try f.integer("status", UInt16.self), millisecond: try f.integer("millisecond", UInt16.self),
                    messageUId: try f.requiredString("messageUId")))
        case .queryAck:
            body = .queryAck(
                QueryAck(
                    messageId: try f.integer("messageId", UInt16.self), date: try f.integer("date", UInt32.self),
                    status: try f.integer("status", UInt16.self), payload: try Self.payload(&f)))
        case .queryCon:
            body = .queryCon(messageId: try f.integer("messageId", UInt16.self))
        case .pingReq:
            body = .pingReq
        case .pingResp:
            body = .pingResp
        case .disconnect:
            body = .disconnect(Disconnect(reserved: try f.integer("reserved", UInt8.self, default: 0), status: try f.integer("status", UInt8.self)))
        case .symmetric, .subscribe, .subAck, .unsubscribe, .unsubAck, .reserved:
            preconditionFailure("unsupported type \(type) passed the check")
        }
        try f.finish()
        self.init(body, dup: dup, qos: qos, retain: retain)
    }

    /// A CONNACK's members in the form of `version` (ENV-JSON-003, ENV-JSON-006): version 3 has
    /// userId, sessionId and timestamp together or none; version 4 has `flags` and the fields its
    /// bits 0-3 name (`flags` may be left out and is then those bits).
    private static func connAck(_ f: inout JSONFields, protocol version: ProtocolVersion) throws(CodecError) -> ConnAck {
        var ack = ConnAck(reserved: try f.integer("reserved", UInt8.self, default: 0), status: try f.integer("status", UInt8.self))
        let userId = try f.string("userId")
        let sessionId = try f.string("sessionId")
        let timestamp: UInt64? = if f.value("timestamp") == nil { nil } else { try f.integer("timestamp", UInt64.self) }
        switch version {
        case .v3:
            for key in ["flags", "messageId"] where f.object[key] != nil && f.object[key] != .null {
                throw CodecError(.invalidValue, "unknown member \(key): a version-4 CONNACK member (protocol 4)", path: f.at(key))
            }
            switch (userId, sessionId, timestamp) {
            case (nil, nil, nil): break
            case (let u?, let s?, let t?): ack.session = ConnAck.Session(userId: u, sessionId: s, timestamp: t)
            default:
                throw CodecError(.missingRequiredField, "userId, sessionId and timestamp come together or not at all", path: "$")
            }
        case .v4:
            let messageId: UInt16? = if f.value("messageId") == nil { nil } else { try f.integer("messageId", UInt16.self) }
            let flags: UInt8? = if f.value("flags") == nil { nil } else { try f.integer("flags", UInt8.self) }
            let fields = ConnAck.Version4Fields(
                userId: userId, sessionId: sessionId, timestamp: timestamp, messageId: messageId, otherFlags: flags ?? 0)
            if let flags {
                guard flags & 0x0F == fields.flags & 0x0F else {
                    throw CodecError(
                        .invalidValue,
                        "flags \(flags) names other fields than the CONNACK has (bit 0 userId, 1 sessionId, 2 timestamp, 3 messageId)",
                        path: "$.flags")
                }
                ack.tail = .version4(fields)
            } else if fields.flags != 0 {
                ack.tail = .version4(fields)
            }
        }
        return ack
    }

    /// The payload from `bodyHex` (exact bytes, wins), else from `body` read as `bodyType`, else
    /// empty.
    private static func payload(_ f: inout JSONFields) throws(CodecError) -> [UInt8] {
        let bodyValue = f.value("body")
        let typeName = try f.plainString("bodyType")
        if let hex = try f.plainString("bodyHex") {
            guard let bytes = Hex.decode(hex) else {
                throw CodecError(.invalidValue, "bodyHex must be pairs of hex digits", path: "$.bodyHex")
            }
            return bytes
        }
        guard let bodyValue else { return [] }
        guard let typeName else {
            throw CodecError(.missingRequiredField, "bodyType is required to encode body", path: "$.bodyType")
        }
        guard let type = BodyType(rawValue: typeName) else {
            throw CodecError(.invalidValue, "unknown bodyType \(typeName)", path: "$.bodyType")
        }
        do throws(CodecError) {
            return try BodyJSON.payload(from: bodyValue, as: type)
        } catch {
            throw error.underBody()
        }
    }
}

extension CodecError {
    /// The error with its path moved under the packet's `body` member: body JSON paths start at
    /// the body (`$.list[1].type` → `$.body.list[1].type`); a path without the leading `$`
    /// (`type`, `[2]`) is appended as it is, and no path becomes `$.body`.
    func underBody() -> CodecError {
        var e = self
        e.path = Self.bodyPath(path)
        return e
    }

    static func bodyPath(_ path: String?) -> String {
        guard let path, !path.isEmpty else { return "$.body" }
        if path.hasPrefix("$") { return "$.body" + path.dropFirst() }
        if path.hasPrefix("[") || path.hasPrefix(".") { return "$.body" + path }
        return "$.body." + path
    }
}
