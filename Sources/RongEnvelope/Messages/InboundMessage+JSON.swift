// Sources/RongEnvelope/Messages/InboundMessage+JSON.swift - the inbound message JSON form

import RongCodec

extension InboundMessage {
    /// Flag names of ``StatusBits`` in the order the JSON form lists them.
    static let flagNames: [(StatusBits, String)] = [
        (.persisted, "persisted"), (.counted, "counted"), (.mentioned, "mentioned"),
        (.disableNotification, "silent"), (.canIncludeExpansion, "expansion"), (.retrieved, "retrieved"),
    ]

    /// The message as JSON (spec/envelope.md, "The inbound message JSON form"): what a client
    /// learns from a received message. Absent optional members are omitted.
    public func jsonValue() throws(CodecError) -> JSONValue {
        var o = JSONObject()
        o["conversationType"] = .number(JSONNumber(conversationType.rawValue))
        o["targetId"] = .string(targetId)
        if !senderUserId.isEmpty { o["senderUserId"] = .string(senderUserId) }
        if let channelId { o["channelId"] = .string(channelId) }
        o["objectName"] = .string(objectName)
        switch content {
        case .typed(let c):
            o["content"] = try c.base.normalizedValue()
        case .unknown(let u):
            // Unregistered content: its JSON if it is JSON, else its bytes.
            o["content"] = (try? u.jsonValue(options: DecodingOptions(maxContentBytes: .max))) ?? ["hex": .string(Hex.encode(u.bytes))]
        }
        if let messageUId { o["messageUId"] = .string(messageUId) }
        o["sentTime"] = .number(JSONNumber(sentTime))
        o["direction"] = .string(direction.rawValue)
        o["persistence"] = .number(JSONNumber(persistence.rawValue))
        o["flags"] = .array(Self.flagNames.filter { status.contains($0.0) }.map { .string($0.1) })
        if let expansion {
            o["expansion"] = .object(JSONObject(expansion.keys.sorted().map { .init(key: $0, value: .string(expansion[$0]!)) }))
        }
        if let pushContent { o["pushContent"] = .string(pushContent) }
        if let pushData { o["pushData"] = .string(pushData) }
        if !directedUserIds.isEmpty { o["directedUserIds"] = .array(directedUserIds.map { .string($0) }) }
        if let clientUniqueId { o["clientUniqueId"] = .number(JSONNumber(clientUniqueId)) }
        if isSyncMessage { o["sync"] = true }
        return .object(o)
    }
}

extension InboundMessage.PullResult {
    /// The page as JSON: `syncTime`, `finished`, `broadcastSyncTime` when present, and
    /// `messages`, each a message or `{"error": CODE}` for one whose content failed to decode
    /// or to render (the code of that error).
    public func jsonValue() -> JSONValue {
        var o = JSONObject()
        o["syncTime"] = .number(JSONNumber(syncTime))
        o["finished"] = .bool(isFinished)
        if let broadcastSyncTime { o["broadcastSyncTime"] = .number(JSONNumber(broadcastSyncTime)) }
        o["messages"] = .array(messages.map(Self.json))
        return .object(o)
    }

    static func json(_ result: Result<InboundMessage, CodecError>) -> JSONValue {
        do throws(CodecError) {
            return try result.get().jsonValue()
        } catch {
            return ["error": .string(error.code.rawValue)]
        }
    }
}
