// Sources/RongConformance/Differential/PacketMutator.swift - generated frame-decode inputs: mutations of corpus packets and random ones

import RongCodec
import RongEnvelope
import RongSupport

/// Makes one generated input.
struct PacketMutator {
    let seeds: [Differential.Seed]

    /// Bytes that often change how a decoder branches: boundaries, UTF-8 leads (CESU-8 `ED`,
    /// 4-byte `F0`), protobuf tags of small fields.
    static let interesting: [UInt8] = [0x00, 0x01, 0x02, 0x7F, 0x80, 0x81, 0xFF, 0xFE, 0xC0, 0xC3, 0xE4, 0xED, 0xA0, 0xB0, 0xF0, 0xF4, 0x08, 0x0A, 0x10, 0x12, 0x1A, 0x22, 0x28, 0x0B, 0x0C]

    /// Topics that select body types, so random packets reach the protobuf decoders, and one
    /// no table knows.
    static let topics: [Topic] = [
        .ppMsgP, .pgMsgP, .chatMsg, .ugMsg, .recallMsg, .s_msg, .s_ntf, .s_cmd, .s_stat, .pullMsg, .chrmPull,
        .setKV, .delKV, .pullKV, .qryPMsg, .qryRelation, .delMsg, .pullUS, Topic("x"),
    ]

    mutating func make(index: Int, _ rng: inout SplitMix64) -> Differential.Input {
        let roll = rng.int(in: 0..<100)
        if seeds.isEmpty || roll < 10 {
            let from = rng.coin() ? "client" : "server"
            var input = Differential.Input(
                index: index, mutation: "random", seedId: nil, bytes: randomPacket(from: from, &rng), from: from,
                queryTopic: rng.coin() ? rng.pick(Self.topics) : nil)
            input.protocolVersion = rng.coin() ? .v4 : .v3
            return input
        }
        let s = rng.pick(seeds)
        var bytes = s.bytes
        let mutation: String
        switch roll {
        case 10..<30:
            mutation = "bitFlip"
            bitFlip(&bytes, &rng)
        case 30..<40:
            mutation = "truncate"
            truncate(&bytes, &rng)
        case 40..<55:
            mutation = "insert"
            insert(&bytes, &rng)
        case 55..<70:
            mutation = "lengthEdit"
            lengthEdit(&bytes, &rng)
        case 70..<85:
            mutation = "splice"
            splice(&bytes, &rng)
        default:
            mutation = "havoc"
            for _ in 0..<rng.int(in: 2...4) {
                switch rng.int(in: 0..<5) {
                case 0: bitFlip(&bytes, &rng)
                case 1: truncate(&bytes, &rng)
                case 2: insert(&bytes, &rng)
                case 3: lengthEdit(&bytes, &rng)
                default: splice(&bytes, &rng)
                }
            }
        }
        var from = s.from
        // Now and then the other direction: the same bytes under the other layout.
        if rng.int(in: 0..<10) == 0 { from = from == "client" ? "server" : "client" }
        var queryTopic = s.queryTopic
        if rng.int(in: 0..<10) == 0 { queryTopic = rng.pick(Self.topics) }
        var input = Differential.Input(index: index, mutation: mutation, seedId: s.id, bytes: bytes, from: from, queryTopic: queryTopic)
        // Now and then the other protocol version: a CONNACK under the other layout.
        input.protocolVersion = rng.int(in: 0..<8) == 0 ? (s.protocolVersion == .v3 ? .v4 : .v3) : s.protocolVersion
        return input
    }

    func randomByte(_ rng: inout SplitMix64) -> UInt8 {
        rng.coin() ? rng.pick(Self.interesting) : rng.byte()
    }

    func bitFlip(_ b: inout [UInt8], _ rng: inout SplitMix64) {
        guard !b.isEmpty else { return }
        for _ in 0..<rng.int(in: 1...4) {
            b[rng.int(in: 0..<b.count)] ^= UInt8(1) << UInt8(rng.below(8))
        }
    }

    func truncate(_ b: inout [UInt8], _ rng: inout SplitMix64) {
        guard !b.isEmpty else { return }
        // Mostly a few bytes off the end (inside the last field), sometimes anywhere.
        let cut = rng.coin() ? max(0, b.count - rng.int(in: 1...4)) : rng.int(in: 0..<b.count)
        b.removeLast(b.count - cut)
    }

    func insert(_ b: inout [UInt8], _ rng: inout SplitMix64) {
        let at = rng.int(in: 0...b.count)
        let n = rng.int(in: 1...8)
        b.insert(contentsOf: (0..<n).map { _ in randomByte(&rng) }, at: at)
    }

    /// Changes a plausible length: a big-endian u16 that does not exceed the rest of the frame
    /// (header strings), or a byte after a protobuf length-delimited tag.
    func lengthEdit(_ b: inout [UInt8], _ rng: inout SplitMix64) {
        var u16s: [Int] = []
        var varints: [Int] = []
        if b.count >= 3 {
            for i in 1..<(b.count - 1) where Int(b[i]) << 8 | Int(b[i + 1]) <= b.count - i - 2 { u16s.append(i) }
        }
        if b.count >= 2 {
            for i in 1..<b.count where b[i - 1] & 7 == 2 && Int(b[i]) <= b.count - i - 1 { varints.append(i) }
        }
        if !u16s.isEmpty && (varints.isEmpty || rng.coin()) {
            let i = rng.pick(u16s)
            let old = Int(b[i]) << 8 | Int(b[i + 1])
            let new: Int =
                switch rng.int(in: 0..<6) {
                case 0: 0
                case 1: 0xFFFF
                case 2: b.count - i - 2 + 1  // one past the end
                case 3: min(0xFFFF, old + 1)
                case 4: max(0, old - 1)
                default: rng.int(in: 0...0xFFFF)
                }
            b[i] = UInt8(new >> 8)
            b[i + 1] = UInt8(new & 0xFF)
        } else if let i = (varints.isEmpty ? nil : rng.pick(varints)) {
            switch rng.int(in: 0..<5) {
            case 0: b[i] &+= 1
            case 1: b[i] &-= 1
            case 2: b[i] = 0
            case 3: b[i] |= 0x80  // the length now continues into the next byte
            default: b[i] = rng.byte()
            }
        } else {
            bitFlip(&b, &rng)
        }
    }

    /// The start of this packet joined to the end of another, preferably of the same type, so
    /// bodies and their tails meet headers they were not written for.
    func splice(_ b: inout [UInt8], _ rng: inout SplitMix64) {
        let sameType = seeds.filter { !$0.bytes.isEmpty && !b.isEmpty && $0.bytes[0] >> 4 == b[0] >> 4 }
        let pool = sameType.isEmpty || rng.int(in: 0..<4) == 0 ? seeds : sameType
        let other = rng.pick(pool).bytes
        let cut = rng.int(in: 0...b.count)
        let from = rng.int(in: 0...other.count)
        b = Array(b[0..<cut]) + Array(other[from...])
    }

    /// A packet from nothing: a header byte (usually of a type the side sends), and either
    /// random bytes or a plausible layout with a known topic and a protobuf-shaped payload.
    func randomPacket(from: String, _ rng: inout SplitMix64) -> [UInt8] {
        let types: [UInt8] = from == "client" ? [1, 3, 4, 5, 7, 12, 14] : [2, 3, 4, 6, 13, 14]
        let type = rng.int(in: 0..<5) == 0 ? rng.byte(in: 0...15) : rng.pick(types)
        var b: [UInt8] = [type << 4 | rng.byte(in: 0...15)]
        if rng.coin() {
            for _ in 0..<rng.int(in: 0...48) { b.append(randomByte(&rng)) }
            return b
        }
        func str(_ s: [UInt8]) { b += [UInt8(s.count >> 8), UInt8(s.count & 0xFF)] + s }
        if type == 3 && from == "server" { b += (0..<4).map { _ in rng.byte() } }
        if type == 6 {
            b += (0..<8).map { _ in rng.byte() }
        } else {
            str(Array(rng.pick(Self.topics).text.utf8))
            str((0..<rng.int(in: 0...4)).map { _ in rng.byte(in: 0x61...0x7A) })
            b += [0, rng.byte()]
        }
        b += protobufish(depth: 0, &rng)
        return b
    }

    /// Random protobuf-shaped bytes: fields 0-25 with every wire type, nested now and then.
    func protobufish(depth: Int, _ rng: inout SplitMix64) -> [UInt8] {
        var out: [UInt8] = []
        func varint(_ v: UInt64) {
            var v = v
            while v >= 0x80 {
                out.append(UInt8(v & 0x7F) | 0x80)
                v >>= 7
            }
            out.append(UInt8(v))
        }
        for _ in 0..<rng.int(in: 0...6) {
            let field = rng.uint64(in: 0...25)
            let wire: UInt64 = rng.pick([0, 0, 0, 2, 2, 2, 1, 5, 3, 4, 6, 7] as [UInt64])
            varint(field << 3 | wire)
            switch wire {
            case 0:
                varint(rng.coin() ? rng.uint64(in: 0...300) : rng.next())
            case 1: out += (0..<8).map { _ in rng.byte() }
            case 5: out += (0..<4).map { _ in rng.byte() }
            case 2:
                let inner: [UInt8] =
                    depth < 2 && rng.coin()
                    ? protobufish(depth: depth + 1, &rng)
                    : (0..<rng.int(in: 0...12)).map { _ in rng.coin() ? rng.byte(in: 0x20...0x7E) : randomByte(&rng) }
                varint(UInt64(inner.count))
                out += inner
            default: break
            }
        }
        return out
    }
}
