// Tests/RongEnvelopeTests/PacketViewTests.swift - the borrowed decode against the owned one

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RongCodec
import RongEnvelope
import Testing

/// A decode's result in a comparable form: the value, or the error's code, offset, path and text.
enum DecodeOutcome<T: Equatable>: Equatable, CustomStringConvertible {
    case value(T)
    case error(CodecError.Code, Int?, String?, String)

    init(_ body: () throws(CodecError) -> T) {
        do throws(CodecError) {
            self = .value(try body())
        } catch {
            self = .error(error.code, error.offset, error.path, error.reason)
        }
    }

    var description: String {
        switch self {
        case .value(let v): "value \(v)"
        case .error(let code, let offset, let path, let reason): "error \(code) at \(offset.map(String.init) ?? "-") \(path ?? "-"): \(reason)"
        }
    }
}

struct PacketViewTests {
    /// Every distinct frame of vectors/envelope (the `hex` of inputs and expected encodings).
    static func frameVectors() throws -> [(file: String, frame: [UInt8])] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("vectors/envelope")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".yaml") }.sorted()
        var seen = Set<[UInt8]>()
        var out: [(String, [UInt8])] = []
        for file in files {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            for match in text.matches(of: /"hex": "([0-9a-f]*)"/) {
                guard let frame = Hex.decode(String(match.1)), seen.insert(frame).inserted else { continue }
                out.append((file, frame))
            }
        }
        return out
    }

    /// The view's fields, its owned copy, and the bodies read from its payload, next to the owned
    /// decode's; the payload must lie in the frame's own memory.
    static func compare(_ frame: [UInt8], _ side: Side, _ note: String) {
        let owned = DecodeOutcome { () throws(CodecError) in try Packet.decode(frame, from: side) }
        frame.withUnsafeBytes { raw in
            let viewed = DecodeOutcome { () throws(CodecError) -> Packet in
                let view = try PacketView(decoding: raw, from: side)
                // Fields as the owned body has them.
                let packet = view.owned()
                #expect(view.header == packet.header, "\(note)")
                #expect(view.messageId == packet.body.messageId, "\(note)")
                #expect(view.topic == packet.body.topic, "\(note)")
                guard let payload = view.payload else {
                    #expect(packet.body.payload == nil, "\(note)")
                    return packet
                }
                // In place: the payload is the frame's tail, at the frame's own address.
                #expect(payload.baseAddress == raw.baseAddress! + (raw.count - payload.count), "\(note): payload copied")
                #expect(Array(payload) == packet.body.payload, "\(note)")
                let bytes = Array(payload)
                let up = DecodeOutcome { () throws(CodecError) in try UpStreamMessage.decode(payload) }
                #expect(up == DecodeOutcome { () throws(CodecError) in try UpStreamMessage.decode(bytes) }, "\(note): UpStreamMessage")
                let down = DecodeOutcome { () throws(CodecError) in try DownStreamMessage.decode(payload) }
                #expect(down == DecodeOutcome { () throws(CodecError) in try DownStreamMessage.decode(bytes) }, "\(note): DownStreamMessage")
                let list = DecodeOutcome { () throws(CodecError) in try DownStreamMessages.decode(payload) }
                #expect(list == DecodeOutcome { () throws(CodecError) in try DownStreamMessages.decode(bytes) }, "\(note): DownStreamMessages")
                let message = DecodeOutcome { () throws(CodecError) in try InboundMessage(view: view, currentUserId: "u1") }
                #expect(message == DecodeOutcome { () throws(CodecError) in try InboundMessage(packet: packet, currentUserId: "u1") }, "\(note): InboundMessage")
                return packet
            }
            #expect(viewed == owned, "\(note)")
        }
    }

    @Test("every frame of vectors/envelope, from either side: the view decodes as the owned decode")
    func vectors() throws {
        let frames = try Self.frameVectors()
        #expect(frames.count > 300)
        for (file, frame) in frames {
            for side in Side.allCases { Self.compare(frame, side, "\(file) \(Hex.encode(frame)) from the \(side)") }
        }
    }

    @Test("a frame cut at every byte: the same error from both decodes")
    func cuts() {
        // A server PUBLISH written from envelope.md § 5.3: date, topic, targetId, message id, body.
        let body = lengthDelimited(1, Array("u1".utf8))
        let frame = [0x31] + [0x65, 0x53, 0xF1, 0x00] + lengthPrefixed("s_msg") + lengthPrefixed("u1") + [0x00, 0x07] + body
        for cut in 0..<frame.count { Self.compare(Array(frame[..<cut]), .server, "cut at \(cut)") }
    }

    @Test("the payload is the caller's bytes: same address, and a change to them shows through")
    func borrowsTheFrame() throws {
        let payload = lengthDelimited(1, Array("u1".utf8))
        // Header 0x30, u32 date, "s_msg", "u1", id 7: the payload starts at byte 18.
        var frame = [0x30] + [0, 0, 0, 1] + lengthPrefixed("s_msg") + lengthPrefixed("u1") + [0x00, 0x07] + payload
        try frame.withUnsafeMutableBytes { raw in
            let view = try PacketView(decoding: UnsafeRawBufferPointer(raw), from: .server)
            let borrowed = view.payload  // #require cannot take a non-copyable base
            let p = try #require(borrowed)
            #expect(p.baseAddress == UnsafeRawPointer(raw.baseAddress! + 18))
            #expect(p.count == payload.count)
            #expect(view.date == 1 && view.topic?.text == "s_msg" && view.targetId == "u1" && view.messageId == 7)
            // Not a copy: the view sees a byte changed in the caller's buffer; owned() does not.
            let before = view.owned()
            raw[18 + 3] = UInt8(ascii: "X")
            #expect(Array(p) == lengthDelimited(1, Array("uX".utf8)))
            #expect(before.body.payload == payload)
        }
    }

    @Test("withDecoded hands over the view, and passes the closure's error on")
    func withDecoded() throws {
        let frame = bytes("c0")
        let type = try Packet.withDecoded(frame, from: .client) { view throws(CodecError) in view.type }
        #expect(type == .pingReq)
        let thrown = DecodeOutcome { () throws(CodecError) in
            try Packet.withDecoded(frame, from: .client) { view throws(CodecError) -> Int in
                throw CodecError(.notAMessage, "from the closure")
            }
        }
        #expect(thrown == .error(.notAMessage, nil, nil, "from the closure"))
        let wrongSide = DecodeOutcome { () throws(CodecError) in try Packet.withDecoded(frame, from: .server) { $0.type } }
        #expect(wrongSide == DecodeOutcome { () throws(CodecError) in try Packet.decode(frame, from: .server).body.type })
        guard case .error(.wrongDirection, _, _, _) = wrongSide else {
            Issue.record("expected wrongDirection, got \(wrongSide)")
            return
        }
    }

    @Test("a pull result read in place is the one read from the owned payload")
    func pullResult() throws {
        // DownStreamMessages: one message (fields 1, 2, 4, 5, 6, 7), syncTime 5, finished.
        let message = lengthDelimited(1, Array("u2".utf8)) + [key(2, 0), 1] + lengthDelimited(4, Array("RC:TxtMsg".utf8))
            + lengthDelimited(5, Array(#"{"content":"hi"}"#.utf8)) + [key(6, 0), 9] + [key(7, 0), 0]
        let body = lengthDelimited(1, message) + [key(2, 0), 5, key(3, 0), 1]
        let frame = [0x61] + [0x00, 0x03] + [0, 0, 0, 2] + [0x00, 0x00] + body
        try Packet.withDecoded(frame, from: .server) { view throws(CodecError) in
            guard let payload = view.payload else {
                Issue.record("a QUERYACK without a payload")
                return
            }
            #expect(view.status == 0 && view.messageId == 3 && view.date == 2)
            let inPlace = try InboundMessage.pullResult(payload, currentUserId: "u1")
            let owned = try InboundMessage.pullResult(Array(payload), currentUserId: "u1")
            #expect(inPlace.syncTime == 5 && owned.syncTime == 5 && inPlace.isFinished && owned.isFinished)
            #expect(inPlace.messages.count == 1)
            #expect(inPlace.messages.map { try? $0.get() } == owned.messages.map { try? $0.get() })
            #expect((try? inPlace.messages.first?.get())?.senderUserId == "u2")
        }
    }
}
