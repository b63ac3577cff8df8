// Sources/RongEnvelope/Messages/InboundMessage+QueryAck.swift - which QUERYACKs hold messages

extension InboundMessage {
    /// Whether the QUERYACK that answers a QUERY on `queryTopic` holds messages (a pull result,
    /// ``pullResult(_:currentUserId:registry:options:)-([UInt8],_,_,_)``): its body is DownStreamMessages, as for `pullMsg` and
    /// `chrmPull` (``BodyType/queryResponses``). A QUERYACK names no topic of its own, so without
    /// the QUERY's topic (nil) it holds none.
    public static func queryAckHoldsMessages(queryTopic: Topic?) -> Bool {
        guard let queryTopic else { return false }
        return BodyType.queryResponses[queryTopic] == .downStreamMessages
    }
}
