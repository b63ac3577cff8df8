// Sources/RongEnvelope/Messages/OutboundMessage+JSON.swift - the outbound message JSON form (message-encode)

import RongCodec

extension OutboundMessage {
    /// Reads the outbound message JSON form of spec/envelope.md (vector kind `message-encode`):
    /// the message and the message id of its PUBLISH.
    ///
    /// `content` is the content JSON text, written into the UpStreamMessage as its bytes (or
    /// `{"hex": …}`); the envelope is checked on its own, without re-encoding the content. An
    /// absent `persistence` is the flag `registry` knows for `objectName`, else ISCOUNTED
    /// (FLAG-006); an absent `mentioned` is false. Errors carry the JSON path, with the codes of
    /// the packet JSON form (ENV-JSON-003).
    public static func decodeJSON(
        _ json: JSONValue,
        registry: ContentRegistry = .builtIn
    ) throws(CodecError) -> (message: OutboundMessage, messageId: UInt16) {
        var f = try JSONFields(json, path: "$", what: "an outbound message")
        let type = ConversationType(rawValue: Int(try f.integer("conversationType", UInt8.self)))
        guard let targetId = try f.plainString("targetId") else { throw missing("targetId") }
        guard let objectName = try f.plainString("objectName") else { throw missing("objectName") }
        let content = try BytesJSON.bytes(from: try f.required("content"), path: "$.content")
        let messageId = try f.integer("messageId", UInt16.self)
        var flag: PersistenceFlag?
        if f.value("persistence") != nil {
            let n = PersistenceFlag(rawValue: Int(try f.integer("persistence", UInt8.self)))
            guard n.isDefined else {
                throw CodecError(.invalidValue, "persistence must be 0, 1, 3 or 16, not \(n.rawValue)", path: "$.persistence")
            }
            flag = n
        }
        var m = OutboundMessage(
            type, targetId: targetId, objectName: objectName, contentBytes: content,
            persistence: flag ?? registry.type(for: objectName)?.persistence)
        m.isMentioned = try f.bool("mentioned", default: false)
        m.disableNotification = try f.bool("silent", default: false)
        m.canIncludeExpansion = try f.bool("canIncludeExpansion", default: false)
        m.isVoIPPush = try f.bool("voipPush", default: false)
        m.disablePushTitle = try f.bool("disablePushTitle", default: false)
        m.forceShowDetailContent = try f.bool("forceShowDetailContent", default: false)
        if let e = f.value("expansion") {
            guard case .object(let o) = e else { throw f.mismatch("expansion", "an object of strings", e) }
            var expansion: [String: String] = [:]
            for member in o {
                guard case .string(let v) = member.value else {
                    throw CodecError(.typeMismatch, "an expansion value must be a string, not \(member.value.typeName)", path: "$.expansion." + member.key)
                }
                expansion[member.key] = v
            }
            m.expansion = expansion
        }
        m.pushContent = try f.plainString("pushContent")
        m.pushData = try f.plainString("pushData")
        m.channelId = try f.plainString("channelId")
        m.topic = try f.plainString("topic").map { Topic($0) }
        if let d = f.value("directedUserIds") {
            guard case .array(let ids) = d else { throw f.mismatch("directedUserIds", "an array of strings", d) }
            m.directedUserIds = try ids.enumerated().map { (i, v) throws(CodecError) in
                guard case .string(let s) = v else {
                    throw CodecError(.typeMismatch, "a user id must be a string, not \(v.typeName)", path: "$.directedUserIds[\(i)]")
                }
                return s
            }
        }
        if let c = f.value("clientUniqueId") {
            guard case .number(let n) = c, n.isIntegral else { throw f.mismatch("clientUniqueId", "an integer", c) }
            guard let v = n.int64Value else {
                throw CodecError(.numberOutOfRange, "clientUniqueId must fit a signed 64-bit integer, not \(n)", path: "$.clientUniqueId")
            }
            m.clientUniqueId = v
        }
        try f.finish()
        return (m, messageId)
    }

    private static func missing(_ key: String) -> CodecError {
        CodecError(.missingRequiredField, "\(key) is required", path: "$." + key)
    }
}
