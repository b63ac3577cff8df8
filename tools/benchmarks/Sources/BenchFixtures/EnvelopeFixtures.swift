// tools/benchmarks/Sources/BenchFixtures/EnvelopeFixtures.swift - the frames envelope benchmarks use

import RongCodec
import RongEnvelope

/// The frames the envelope and whole-message benchmarks decode and encode. The same bytes are
/// written to files by `bench-fixtures` for the protobuf-c benchmark (c/pbc-bench.c), so both
/// sides measure identical input.
public enum EnvelopeFixtures {
    /// Sent time of every fixture message, ms.
    public static let sentTime: Int64 = 1_720_000_000_000

    /// The client's PUBLISH of the typical text message to a group, with push text.
    public static func outboundText() throws -> OutboundMessage {
        var m = OutboundMessage(.group, targetId: "g_protocol_review", content: try TextMessage(jsonBytes: Corpus.text.json))
        m.pushContent = "Lin Yue: 周五下午三点在 3 号会议室评审协议文档"
        m.clientUniqueId = 1_720_000_000_123
        return m
    }

    /// Frame bytes of ``outboundText()``: a client PUBLISH `pgMsgP` with an UpStreamMessage.
    public static func publishUp() throws -> [UInt8] {
        try outboundText().encoded(messageId: 17)
    }

    /// A DownStreamMessage as the server delivers it: `entry`'s content in a group.
    public static func downStream(_ entry: CorpusEntry, index: Int) -> DownStreamMessage {
        var m = DownStreamMessage(
            fromUserId: "u_5f2c81", type: .group, classname: entry.objectName, content: entry.json,
            dataTime: sentTime + Int64(index) * 1_000,
            // ISCOUNTED (persisted + counted) for stored types, 0 for STATUS.
            status: StatusBits(rawValue: entry.objectName == "RC:TypSts" ? 0 : 0x03))
        m.groupId = "g_protocol_review"
        m.msgId = "BA2B-7TCS-N4H5-\(1000 + index)"
        m.clientUniqueId = 1_720_000_000_000 + Int64(index)
        return m
    }

    /// The server's body for ``publishDown()``.
    public static func downStreamText() -> DownStreamMessage { downStream(Corpus.text, index: 0) }

    /// Frame bytes of a server PUBLISH `s_msg` delivering the typical text message.
    public static func publishDown() throws -> [UInt8] {
        let payload = try downStreamText().encoded()
        let publish = Packet.ServerPublish(
            date: UInt32(sentTime / 1000), topic: .s_msg, targetId: RMTPString("u_5f2c81"), messageId: 18,
            payload: payload)
        return try Packet(.serverPublish(publish), qos: .atLeastOnce).encoded()
    }

    /// The body of a `pullMsg` answer: 200 messages, the mixed corpus twice.
    public static func pullBody() -> DownStreamMessages {
        var list = DownStreamMessages(
            list: (0..<200).map { downStream(Corpus.mixed[$0 % Corpus.mixed.count], index: $0) }, syncTime: sentTime + 200 * 1_000)
        list.finished = true
        return list
    }

    /// Frame bytes of the QUERYACK carrying ``pullBody()``.
    public static func pull200() throws -> [UInt8] {
        let payload = try pullBody().encoded()
        let ack = Packet.QueryAck(messageId: 19, date: UInt32(sentTime / 1000), status: 0, payload: payload)
        return try Packet(.queryAck(ack), qos: .atLeastOnce).encoded()
    }
}
