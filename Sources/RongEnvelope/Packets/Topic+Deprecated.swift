// Sources/RongEnvelope/Packets/Topic+Deprecated.swift - the String-topic API before Topic, kept for source compatibility
//
// These overloads let code written against the String API compile (with a warning naming the
// replacement). RongWire's own sources do not call them; they go when the next major version
// does.

import RongCodec

extension Packet.Publish {
    /// A PUBLISH or QUERY body with the topic as a header string.
    @available(*, deprecated, message: "name the topic: init(topic: .ppMsgP, ...) or init(topic: Topic(wire: string), ...)")
    public init(topic: RMTPString, targetId: RMTPString, messageId: UInt16, payload: [UInt8] = []) {
        self.init(topic: Topic(wire: topic), targetId: targetId, messageId: messageId, payload: payload)
    }
}

extension Packet.ServerPublish {
    /// A server PUBLISH body with the topic as a header string.
    @available(*, deprecated, message: "name the topic: init(date:topic: .s_msg, ...) or init(date:topic: Topic(wire: string), ...)")
    public init(date: UInt32, topic: RMTPString, targetId: RMTPString, messageId: UInt16, payload: [UInt8] = []) {
        self.init(date: date, topic: Topic(wire: topic), targetId: targetId, messageId: messageId, payload: payload)
    }
}

extension ConversationType {
    /// The conversation type of a publish topic given as text.
    @available(*, deprecated, message: "pass a Topic: ConversationType(topic: Topic(text))")
    public init?(topic: String) {
        self.init(topic: Topic(topic))
    }
}

extension TopicFamily {
    /// The family of a publish topic given as text.
    @available(*, deprecated, message: "pass a Topic: TopicFamily(topic: Topic(text))")
    public init?(topic: String) {
        self.init(topic: Topic(topic))
    }
}

extension BodyType {
    /// The body type of a server PUBLISH topic given as text.
    @available(*, deprecated, message: "pass a Topic: serverPublish(topic: Topic(text))")
    public static func serverPublish(topic: String) -> BodyType? {
        serverPublish(topic: Topic(topic))
    }

    /// The body type of a client PUBLISH topic given as text.
    @available(*, deprecated, message: "pass a Topic: clientPublish(topic: Topic(text))")
    public static func clientPublish(topic: String) -> BodyType? {
        clientPublish(topic: Topic(topic))
    }
}
