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
        var f = try JSONMemberReader(json, path: "$", what: "an outbound message")
        let type = ConversationType(rawValue: Int(try f.requiredInteger("conversationType", as: UInt8.self)))
        let targetId = try f.requiredString("targetId")
        let objectName = try f.requiredString("objectName")
        let content = try BytesJSON.bytes(from: try f.required("content"), path: f.at("content"))
        let messageId = try f.requiredInteger("messageId", as: UInt16.self)
        var flag: PersistenceFlag?
        if let raw = try f.integer("persistence", as: UInt8.self) {
            let n = PersistenceFlag(rawValue: Int(raw))
            guard n.isDefined else { throw f.invalid("persistence", "persistence must be 0, 1, 3 or 16, not \(n.rawValue)") }
            flag = n
        }
        var m = OutboundMessage(
            type, targetId: targetId, objectName: objectName, contentBytes: content,
            persistence: flag ?? registry.type(for: objectName)?.persistence)
        m.isMentioned = try f.bool("mentioned") ?? false
        m.disableNotification = try f.bool("silent") ?? false
        m.canIncludeExpansion = try f.bool("canIncludeExpansion") ?? false
        m.isVoIPPush = try f.bool("voipPush") ?? false
        m.disablePushTitle = try f.bool("disablePushTitle") ?? false
        m.forceShowDetailContent = try f.bool("forceShowDetailContent") ?? false
        if let e = f.value("expansion") {
            guard case .object(let o) = e else { throw f.mismatch("expansion", "an object of strings", e) }
            var expansion: [String: String] = [:]
            for member in o {
                guard case .string(let v) = member.value else {
                    throw CodecError(.typeMismatch, "an expansion value must be a string, not \(member.value.typeName)", path: JSONPath.member(f.at("expansion"), member.key))
                }
                expansion[member.key] = v
            }
            m.expansion = expansion
        }
        m.pushContent = try f.string("pushContent")
        m.pushData = try f.string("pushData")
        m.channelId = try f.string("channelId")
        m.topic = try f.string("topic").map { Topic($0) }
        if let ids = try f.stringArray("directedUserIds") { m.directedUserIds = ids }
        if let id = try f.integer("clientUniqueId", as: Int64.self) { m.clientUniqueId = id }
        try f.finish(ignoringDerived: true)
        return (m, messageId)
    }
}
