// Tests/RongEnvelopeTests/PacketHeaderTests.swift - the header byte, all 256 values

import RongCodec
import RongEnvelope
import Testing

@Suite("Header byte")
struct PacketHeaderTests {
    @Test("every byte splits into fields and joins back")
    func everyByteRoundTrips() {
        for b in 0...255 {
            let h = PacketHeader(byte: UInt8(b))
            #expect(h.byte == UInt8(b))
            #expect(h.type.rawValue == UInt8(b) >> 4)
            #expect(h.dup == (b & 0x08 != 0))
            #expect(h.qos.rawValue == UInt8((b >> 1) & 3))
            #expect(h.retain == (b & 0x01 != 0))
        }
    }

    @Test("bytes seen on the wire (VILLA)")
    func villaBytes() {
        #expect(PacketHeader(type: .publish, qos: .atLeastOnce).byte == 0x32)
        #expect(PacketHeader(type: .query, qos: .atLeastOnce).byte == 0x52)
        #expect(PacketHeader(type: .query).byte == 0x50)
        #expect(PacketHeader(type: .pingReq).byte == 0xC0)
        #expect(PacketHeader(byte: 0x21) == PacketHeader(type: .connAck, retain: true))
        #expect(PacketHeader(byte: 0x3B) == PacketHeader(type: .publish, dup: true, qos: .atLeastOnce, retain: true))
        #expect(PacketHeader(byte: 0x38).isSyncMessage)
    }

    /// A minimal valid body for each type and side, or nil when the side never sends the type.
    static func minimalBody(_ type: PacketType, _ side: Side) -> [UInt8]? {
        guard type.isSupported, type.isSent(by: side) else { return nil }
        switch (type, side) {
        case (.connect, _): return lengthPrefixed("RCloud") + [3, 0, 0, 0] + lengthPrefixed("c")
        case (.connAck, _), (.disconnect, _): return [0, 0]
        case (.publish, .client), (.query, _): return lengthPrefixed("t") + lengthPrefixed("") + [0, 1]
        case (.publish, .server): return [0, 0, 0, 0] + lengthPrefixed("t") + lengthPrefixed("") + [0, 1]
        case (.pubAck, .client), (.queryCon, _): return [0, 1]
        case (.pubAck, .server): return [0, 1, 0, 0, 0, 0, 0, 0, 0, 0] + lengthPrefixed("")
        case (.queryAck, _): return [0, 1, 0, 0, 0, 0, 0, 0]
        default: return []
        }
    }

    @Test("all 256 header bytes decode with a valid body, or give the type's error", arguments: Side.allCases)
    func everyHeaderWithBody(_ side: Side) throws {
        for b in 0...255 {
            let header = PacketHeader(byte: UInt8(b))
            let type = header.type
            let body = Self.minimalBody(type, side) ?? []
            let frame = [UInt8(b)] + body
            if type == .reserved {
                expectCode(.unknownPacketType) { _ = try Packet.decode(frame, from: side) }
            } else if !type.isSupported {
                expectCode(.unsupportedPacketType) { _ = try Packet.decode(frame, from: side) }
            } else if !type.isSent(by: side) {
                expectCode(.wrongDirection) { _ = try Packet.decode(frame, from: side) }
            } else {
                let p = try Packet.decode(frame, from: side)
                #expect(p.header == header)
                #expect(try p.encoded() == frame, "byte 0x\(String(b, radix: 16)) from the \(side)")
            }
        }
    }

    @Test("types 8-11 are not read as PINGs (WEBv2 does; decision 21)")
    func subscribeTypesAreUnsupported() {
        for t in [PacketType.subscribe, .subAck, .unsubscribe, .unsubAck, .symmetric] {
            for side in Side.allCases {
                expectCode(.unsupportedPacketType) { _ = try Packet.decode([t.rawValue << 4], from: side) }
            }
        }
    }

    @Test("direction table")
    func directions() {
        let client: Set<PacketType> = [.connect, .publish, .pubAck, .query, .queryCon, .pingReq, .disconnect]
        let server: Set<PacketType> = [.connAck, .publish, .pubAck, .queryAck, .pingResp, .disconnect]
        for t in PacketType.allCases {
            #expect(t.isSent(by: .client) == client.contains(t), "\(t)")
            #expect(t.isSent(by: .server) == server.contains(t), "\(t)")
        }
    }

    @Test("names")
    func names() {
        for t in PacketType.allCases { #expect(PacketType(name: t.name) == t) }
        #expect(PacketType(name: "publish") == nil)
    }
}
