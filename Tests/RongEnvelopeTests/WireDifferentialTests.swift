// Tests/RongEnvelopeTests/WireDifferentialTests.swift - the hot bodies' wire codec against SwiftProtobuf

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import RongCodec
@_spi(WireDifferential) import RongEnvelope
import Testing

/// A fixed-seed generator (SplitMix64), so a failure names a case that can be run again.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Writes protobuf field sequences with the irregularities a hostile or odd peer may send.
/// Written from the encoding spec for the test (not RongWire's writer, which it checks).
struct BodyGenerator {
    var rng: SeededRandom

    mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }

    /// A varint, sometimes padded with continuation bytes to a non-minimal form (at most ten
    /// bytes), and rarely with junk in the tenth byte's high bits or an eleventh byte.
    mutating func varint(_ value: UInt64) -> [UInt8] {
        var out: [UInt8] = []
        var v = value
        repeat {
            out.append(UInt8(v & 0x7F) | 0x80)
            v >>= 7
        } while v != 0
        if chance(10) {
            let pad = Int.random(in: 1...10, using: &rng)
            for _ in 0..<pad where out.count < 10 { out.append(0x80) }
            if chance(20) { out.append(0x80) }  // past ten bytes: refused
        }
        out[out.count - 1] &= 0x7F
        if out.count == 10 && chance(20) { out[9] |= UInt8.random(in: 0...0x7F, using: &rng) }
        return out
    }

    mutating func tag(_ field: Int, _ wireType: Int) -> [UInt8] { varint(UInt64(field) << 3 | UInt64(wireType)) }

    mutating func text() -> [UInt8] {
        let pool = ["", "u1", "RC:TxtMsg", "héllo", "中文", "👍🏽", #"{"content":"hi"}"#, String(repeating: "x", count: 200)]
        var b = Array(pool.randomElement(using: &rng)!.utf8)
        if chance(1) {
            // Not UTF-8: a lone continuation byte, a cut sequence, an overlong form, a surrogate.
            let bad: [[UInt8]] = [[0x80], [0xE4, 0xB8], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF]]
            b.insert(contentsOf: bad.randomElement(using: &rng)!, at: Int.random(in: 0...b.count, using: &rng))
        }
        return b
    }

    mutating func integer() -> UInt64 {
        let edges: [UInt64] = [0, 1, 2, 3, 4, 6, 9, 10, 11, 127, 128, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF, 1 << 32, UInt64.max, UInt64(bitPattern: -1), UInt64(bitPattern: -5), 1_700_000_000_123]
        return chance(60) ? edges.randomElement(using: &rng)! : UInt64.random(in: 0...UInt64.max, using: &rng) >> UInt64.random(in: 0...63, using: &rng)
    }

    mutating func lengthDelimited(_ field: Int, _ body: [UInt8]) -> [UInt8] {
        var length = UInt64(body.count)
        if chance(2) { length += UInt64.random(in: 1...3, using: &rng) }  // overlong
        if chance(1) { length = 0x8000_0000 }
        return tag(field, 2) + varint(length) + body
    }

    /// A field that no hot body defines, or a defined number with another wire type.
    mutating func oddField(_ maxKnown: Int, depth: Int = 0) -> [UInt8] {
        let field: Int
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: field = Int.random(in: 1...maxKnown, using: &rng)
        case 1: field = Int.random(in: (maxKnown + 1)...(maxKnown + 40), using: &rng)
        case 2: field = [536_870_911, 19_000, 2047, 16, 15].randomElement(using: &rng)!
        default: field = chance(5) ? 0 : Int.random(in: 1...1000, using: &rng)
        }
        let wireType = chance(3) ? Int.random(in: 4...7, using: &rng) : [0, 1, 2, 3, 5].randomElement(using: &rng)!
        var out = tag(field, wireType)
        switch wireType {
        case 0: out += varint(integer())
        case 1: out += (0..<8).map { _ in UInt8.random(in: 0...255, using: &rng) }
        case 2: out = lengthDelimited(field, text())
        case 3:
            if depth < 3 { for _ in 0..<Int.random(in: 0...2, using: &rng) { out += oddField(maxKnown, depth: depth + 1) } }
            if chance(10) && depth == 0 { for _ in 0..<101 { out += tag(1, 3) } }  // past the depth limit
            out += tag(chance(5) ? field + 1 : field, 4)
        case 5: out += (0..<4).map { _ in UInt8.random(in: 0...255, using: &rng) }
        default: break
        }
        return out
    }

    /// The fields of `shape` (number, wire type), `pushExt` the number of a PushExtra field.
    /// `channelType` the number of a ChannelType field, mostly given a number the enum defines.
    mutating func fields(_ shape: [(Int, Int)], required: Set<Int>, pushExt: Int? = nil, channelType: Int? = nil) -> [UInt8] {
        var parts: [[UInt8]] = []
        for (field, kind) in shape {
            let present = required.contains(field) ? !chance(2) : chance(50)
            guard present else { continue }
            for _ in 0..<(chance(15) ? Int.random(in: 2...3, using: &rng) : 1) {
                if field == pushExt {
                    let body = pushExtra()
                    parts.append(lengthDelimited(field, body))
                } else if field == channelType && chance(80) {
                    parts.append(tag(field, 0) + varint([1, 2, 3, 4, 5, 6, 7, 8, 10].randomElement(using: &rng)!))
                } else if kind == 0 {
                    parts.append(tag(field, 0) + varint(integer()))
                } else {
                    parts.append(lengthDelimited(field, text()))
                }
            }
        }
        for _ in 0..<(chance(20) ? Int.random(in: 1...3, using: &rng) : 0) { parts.append(oddField(shape.count)) }
        if chance(25) { parts.shuffle(using: &rng) }
        return parts.flatMap { $0 }
    }

    static let pushExtShape = [(1, 2), (2, 0), (3, 2), (4, 2), (5, 2)]
    static let upShape = [
        (1, 0), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 0), (8, 2), (9, 0), (10, 0), (11, 2), (12, 2), (13, 2),
        (14, 0), (16, 2), (21, 2), (22, 0),
    ]
    static let downShape = [
        (1, 2), (2, 0), (3, 2), (4, 2), (5, 2), (6, 0), (7, 0), (8, 0), (9, 2), (10, 0), (11, 0), (12, 0), (13, 2), (14, 0),
        (15, 2), (16, 2), (17, 0), (18, 2), (19, 2), (20, 0), (21, 2), (22, 0), (23, 0), (24, 2),
    ]

    mutating func pushExtra() -> [UInt8] { fields(Self.pushExtShape, required: []) }

    mutating func up() -> [UInt8] { fields(Self.upShape, required: [1, 2, 3], pushExt: 12) }

    mutating func down() -> [UInt8] { fields(Self.downShape, required: [1, 2, 4, 5, 6, 7], pushExt: 18, channelType: 2) }

    static let notifyShape = [(1, 0), (2, 0), (3, 2)]

    mutating func notify() -> [UInt8] { fields(Self.notifyShape, required: [1]) }

    mutating func pull() -> [UInt8] {
        var out: [UInt8] = []
        for _ in 0..<Int.random(in: 0...4, using: &rng) { out += lengthDelimited(1, down()) }
        if !chance(3) { out += tag(2, 0) + varint(integer()) }
        if chance(50) { out += tag(3, 0) + varint(integer()) }
        if chance(50) { out += tag(4, 0) + varint(integer()) }
        for field in 5...7 where chance(20) { out += tag(field, 0) + varint(integer()) }  // 5.30's
        if chance(20) { out += oddField(4) }
        return out
    }
}

@Suite("Wire codec against SwiftProtobuf")
struct WireDifferentialTests {
    /// Checks `payload` as each of `bodies`; records every difference.
    static func check(_ payload: [UInt8], _ note: @autoclosure () -> String, as bodies: [BodyType] = WireDifferential.bodies) {
        for body in bodies {
            if let d = WireDifferential.difference(decoding: payload, as: body) {
                Issue.record("\(note()) [\(Hex.encode(payload))]: \(d)")
            }
        }
    }

    @Test("every frame of vectors/envelope: its body, and the frame bytes as a body")
    func frameVectors() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("vectors/envelope")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".yaml") }.sorted()
        // Many vectors share a frame (decode and encode vectors, both sides): each distinct
        // frame and payload is checked once.
        var seenFrames = Set<[UInt8]>()
        var seenPayloads = Set<[UInt8]>()
        var payloads = 0
        for file in files {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            let regex = /"hex": "([0-9a-f]*)"/
            for match in text.matches(of: regex) {
                guard let frame = Hex.decode(String(match.1)), seenFrames.insert(frame).inserted else { continue }
                Self.check(frame, "\(file) frame")
                for side in [Side.client, .server] {
                    guard let payload = (try? Packet.decode(frame, from: side))?.body.payload, !payload.isEmpty,
                        seenPayloads.insert(payload).inserted
                    else { continue }
                    payloads += 1
                    Self.check(payload, "\(file) body")
                    // Cuts as the message bodies only: NotifyMsg's cuts are the notices test's.
                    for cut in 0..<payload.count { Self.check(Array(payload[..<cut]), "\(file) body cut at \(cut)", as: Self.messageBodies) }
                }
            }
        }
        #expect(payloads > 20)
    }

    /// The bodies the large generated test reads each payload as; NotifyMsg has its own, smaller
    /// test (a few fields, little to find), which keeps this one's cost as it was.
    static let messageBodies: [BodyType] = [.upStreamMessage, .downStreamMessage, .downStreamMessages]

    @Test("generated bodies, and each cut at every byte", arguments: [1, 2])
    func generated(seed: UInt64) {
        var g = BodyGenerator(rng: SeededRandom(state: seed))
        var accepted = [0, 0, 0]
        for i in 0..<120 {
            let payloads = [g.up(), g.down(), g.pull()]
            for (k, payload) in payloads.enumerated() {
                Self.check(payload, "seed \(seed) #\(i).\(k)", as: Self.messageBodies)
                if WireDifferential.difference(decoding: payload, as: WireDifferential.bodies[k]) == nil,
                    (try? Self.decodes(payload, k)) == true
                {
                    accepted[k] += 1
                }
                if i % 40 == 0 {
                    for cut in 0..<payload.count { Self.check(Array(payload[..<cut]), "seed \(seed) #\(i).\(k) cut at \(cut)", as: Self.messageBodies) }
                }
                if i % 3 == 0, !payload.isEmpty {
                    var flipped = payload
                    flipped[Int.random(in: 0..<flipped.count, using: &g.rng)] = UInt8.random(in: 0...255, using: &g.rng)
                    Self.check(flipped, "seed \(seed) #\(i).\(k) one byte changed", as: Self.messageBodies)
                }
            }
        }
        // The generator must reach the accepting path too, not only errors.
        #expect(accepted.allSatisfy { $0 > 10 }, "accepted per body: \(accepted)")
    }

    @Test("generated NotifyMsg bodies, and each cut of some at every byte")
    func generatedNotices() throws {
        var g = BodyGenerator(rng: SeededRandom(state: 5))
        var accepted = 0
        for i in 0..<300 {
            let payload = g.notify()
            Self.check(payload, "notice #\(i)", as: [.notifyMsg])
            if (try? NotifyMsg.decode(payload)) != nil { accepted += 1 }
            if i % 40 == 0 {
                for cut in 0..<payload.count { Self.check(Array(payload[..<cut]), "notice #\(i) cut at \(cut)", as: [.notifyMsg]) }
            }
        }
        #expect(accepted > 80, "accepted: \(accepted)")
        // The value and its bytes, written by hand from the schema (type 2, time 5, chrmId "room").
        let bytes: [UInt8] = [0x08, 0x02, 0x10, 0x05, 0x1A, 0x04, 0x72, 0x6F, 0x6F, 0x6D]
        #expect(try NotifyMsg.decode(bytes) == NotifyMsg(type: 2, time: 5, chrmId: "room"))
        #expect(NotifyMsg(type: 2, time: 5, chrmId: "room").encoded() == bytes)
        let missing = #expect(throws: CodecError.self) { try NotifyMsg.decode([0x10, 0x05]) }
        #expect(missing?.code == .missingRequiredField)
        for value in [NotifyMsg(type: -1), NotifyMsg(type: Int32.max, time: Int64.min, chrmId: ""), NotifyMsg(type: 3, chrmId: "中文👍")] {
            if let d = WireDifferential.difference(encoding: value) { Issue.record("\(value): \(d)") }
        }
    }

    static func decodes(_ payload: [UInt8], _ k: Int) throws -> Bool {
        switch k {
        case 0: _ = try UpStreamMessage.decode(payload)
        case 1: _ = try DownStreamMessage.decode(payload)
        default: _ = try DownStreamMessages.decode(payload)
        }
        return true
    }

    @Test("values written both ways: the same bytes, or the same error", arguments: [7, 8])
    func encoding(seed: UInt64) {
        var rng = SeededRandom(state: seed)
        func s() -> String? { Bool.random(using: &rng) ? nil : ["", "a", "中文👍", String(repeating: "é", count: 100)].randomElement(using: &rng)! }
        func i32() -> Int32? { Bool.random(using: &rng) ? nil : [0, 1, -1, Int32.min, Int32.max, 300].randomElement(using: &rng)! }
        func i64() -> Int64? { Bool.random(using: &rng) ? nil : [0, 1, -1, Int64.min, Int64.max, 1_700_000_000_123].randomElement(using: &rng)! }
        func push() -> PushExtra? {
            Bool.random(using: &rng) ? nil : PushExtra(title: s(), templateIdNoUse: i32(), pushId: s(), pushConfigs: s(), templateId: s())
        }
        func down() -> DownStreamMessage {
            let type = [1, 3, 4, 6, 10, 9, 11, 0, -1, 1 << 40].randomElement(using: &rng)!
            var d = DownStreamMessage(
                fromUserId: s() ?? "u", type: ConversationType(rawValue: Bool.random(using: &rng) ? 1 : type), classname: s() ?? "RC:TxtMsg",
                content: Array((s() ?? "").utf8), dataTime: i64() ?? 5, status: StatusBits(rawValue: i64() ?? 0))
            d.groupId = s(); d.extra = i64(); d.msgId = s(); d.direction = i32(); d.plantform = i32(); d.isRemoved = i32()
            d.source = s(); d.clientUniqueId = i64(); d.extraContent = s(); d.pushContent = s(); d.configFlag = i32()
            d.pushExt = push(); d.busChannel = s(); d.extStatus = i64(); d.toUserId = [s(), s()].compactMap { $0 }; d.groupUnpush = i32()
            return d
        }
        for i in 0..<200 {
            var u = UpStreamMessage(sessionId: SessionIdBits(rawValue: i32() ?? 3), classname: s() ?? "", content: Array((s() ?? "").utf8))
            u.pushText = s(); u.appData = s(); u.userId = [s(), s(), s()].compactMap { $0 }; u.delMsgTime = i64(); u.delMsgId = s()
            u.configFlag = i32(); u.clientUniqueId = i64(); u.extraContent = s(); u.pushExt = push(); u.busChannel = s()
            if let d = WireDifferential.difference(encoding: u) { Issue.record("seed \(seed) #\(i) up: \(d)") }
            let one = down()
            if let d = WireDifferential.difference(encoding: one) { Issue.record("seed \(seed) #\(i) down: \(d)") }
            var pull = DownStreamMessages(list: (0..<Int.random(in: 0...3, using: &rng)).map { _ in down() }, syncTime: i64() ?? 0)
            pull.finished = Bool.random(using: &rng) ? nil : Bool.random(using: &rng)
            pull.broadcastSyncTime = i64()
            if let d = WireDifferential.difference(encoding: pull) { Issue.record("seed \(seed) #\(i) pull: \(d)") }
            // A body of payloads encoded one by one (a live room's shared messages) is the same
            // bytes as the body encoded whole, which the line above checked against SwiftProtobuf.
            if let whole = try? pull.encoded() {
                let payloads = pull.list.compactMap { try? $0.encoded() }
                #expect(payloads.count == pull.list.count)
                let joined = DownStreamMessages.encoded(payloads: payloads, syncTime: pull.syncTime, finished: pull.finished, broadcastSyncTime: pull.broadcastSyncTime)
                #expect(joined == whole, "seed \(seed) #\(i): payloads joined differ from the body encoded whole")
            }
        }
    }
}
