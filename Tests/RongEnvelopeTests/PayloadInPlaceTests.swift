// Tests/RongEnvelopeTests/PayloadInPlaceTests.swift - a body value written into its frame in place

import RongCodec
import RongEnvelope
import Testing

/// `Packet.encoded(payload:)` writes the body value into the frame; it must give what setting the
/// payload to `value.encoded()` and calling `encoded()` gives (whose layout PacketLayoutTests
/// checks against bytes written by hand): the same bytes, or the same error.
@Suite("Payload written in place")
struct PayloadInPlaceTests {
    /// Bytes, or the error's code, path and text.
    static func outcome(_ body: () throws(CodecError) -> [UInt8]) -> String {
        do throws(CodecError) {
            return Hex.encode(try body())
        } catch {
            return "\(error.code.rawValue) at \(error.path ?? "-"): \(error.reason)"
        }
    }

    /// `packet` with `payload` as its payload, encoded the two-step way.
    static func twoStep(_ packet: Packet, _ payload: () throws(CodecError) -> [UInt8]) throws(CodecError) -> [UInt8] {
        var p = packet
        switch p.body {
        case .publish(var b): b.payload = try payload(); p.body = .publish(b)
        case .query(var b): b.payload = try payload(); p.body = .query(b)
        case .serverPublish(var b): b.payload = try payload(); p.body = .serverPublish(b)
        case .queryAck(var b): b.payload = try payload(); p.body = .queryAck(b)
        default: _ = try payload()
        }
        return try p.encoded()
    }

    @Test("the same bytes or error as the payload encoded first", arguments: [3, 4])
    func sameAsTwoStep(seed: UInt64) {
        var rng = SeededRandom(state: seed)
        // ASCII, empty, non-BMP text (CESU-8 on the wire) and kept 4-byte UTF-8 bytes.
        func header() -> RMTPString {
            [RMTPString("ppMsgP"), "", RMTPString("中文👍"), RMTPString(utf8: "u👍")].randomElement(using: &rng)!
        }
        func text() -> String? { Bool.random(using: &rng) ? nil : ["", "a", "中文👍"].randomElement(using: &rng)! }
        func down() -> DownStreamMessage {
            var d = DownStreamMessage(
                fromUserId: text() ?? "u", type: ConversationType(rawValue: [1, 3, 0, 1 << 40].randomElement(using: &rng)!),
                classname: "RC:TxtMsg", content: Array((text() ?? "").utf8), dataTime: 5, status: StatusBits(rawValue: 0))
            d.msgId = text(); d.pushExt = Bool.random(using: &rng) ? nil : PushExtra(title: text())
            return d
        }
        func check(_ packet: Packet, _ inPlace: () throws(CodecError) -> [UInt8], _ payload: () throws(CodecError) -> [UInt8], _ note: String) {
            let want = Self.outcome { () throws(CodecError) in try Self.twoStep(packet, payload) }
            #expect(Self.outcome(inPlace) == want, "seed \(seed) \(note)")
        }
        for i in 0..<60 {
            var u = UpStreamMessage(sessionId: SessionIdBits(rawValue: 3), classname: text() ?? "", content: Array((text() ?? "").utf8))
            u.pushText = text(); u.userId = [text(), text()].compactMap { $0 }; u.pushExt = Bool.random(using: &rng) ? nil : PushExtra(pushId: text())
            let publish = Packet.Publish(topic: Topic(wire: header()), targetId: header(), messageId: UInt16(i))
            let up = Packet(Bool.random(using: &rng) ? .publish(publish) : .query(publish), qos: .atLeastOnce)
            check(up, { () throws(CodecError) in try up.encoded(payload: u) }, { () throws(CodecError) in try u.encoded() }, "#\(i) up")

            let one = down()
            let push = Packet(.serverPublish(.init(date: 1_700_000_000, topic: Topic(wire: header()), targetId: header(), messageId: 9)))
            check(push, { () throws(CodecError) in try push.encoded(payload: one) }, { () throws(CodecError) in try one.encoded() }, "#\(i) down")

            let notice = NotifyMsg(type: 2, time: Bool.random(using: &rng) ? nil : 1_700_000_000_123, chrmId: text())
            check(push, { () throws(CodecError) in try push.encoded(payload: notice) }, { () throws(CodecError) in notice.encoded() }, "#\(i) notify")

            var pull = DownStreamMessages(list: (0..<Int.random(in: 0...3, using: &rng)).map { _ in down() }, syncTime: 7)
            pull.finished = Bool.random(using: &rng)
            let ack = Packet(.queryAck(.init(messageId: 4, date: 1_700_000_000, status: 0)))
            check(ack, { () throws(CodecError) in try ack.encoded(payload: pull) }, { () throws(CodecError) in try pull.encoded() }, "#\(i) pull")
        }
    }

    @Test("a body without a payload is invalidValue; a header string too long is still sizeLimit")
    func errors() {
        let notice = NotifyMsg(type: 1)
        for packet in [Packet(.pingReq), Packet(.pubAck(messageId: 1)), Packet(.disconnect(.init(status: 0)))] {
            expectCode(.invalidValue, "\(packet.body.type.name)") { _ = try packet.encoded(payload: notice) }
        }
        let long = Topic(String(repeating: "a", count: 65536))
        expectCode(.sizeLimit) { _ = try Packet(.publish(.init(topic: long, targetId: "", messageId: 1))).encoded(payload: notice) }
    }
}
