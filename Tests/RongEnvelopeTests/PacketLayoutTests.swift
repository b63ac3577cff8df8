// Tests/RongEnvelopeTests/PacketLayoutTests.swift - body layouts against bytes written by hand

import RongCodec
import RongEnvelope
import Testing

/// Each expected byte string is assembled from envelope.md § 4, field by field.
@Suite("Packet layouts")
struct PacketLayoutTests {
    func check(_ packet: Packet, from side: Side, _ expected: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try packet.encoded() == expected, "encode", sourceLocation: sourceLocation)
        #expect(try Packet.decode(expected, from: side) == packet, "decode", sourceLocation: sourceLocation)
    }

    @Test("CONNECT: protocolId, version, flags, keepAlive, clientId, will, appId, token")
    func connect() throws {
        let c = Packet.Connect(cleanSession: true, keepAlive: 300, clientId: "dev", appId: "appkey", token: "t0k")
        try check(
            Packet(.connect(c)), from: .client,
            [0x10] + lengthPrefixed("RCloud") + [3, 0xC2, 0x01, 0x2C] + lengthPrefixed("dev") + lengthPrefixed("appkey") + lengthPrefixed("t0k"))
        let w = Packet.Connect(clientId: "d", will: .init(topic: "wt", message: "wm", qos: .atLeastOnce, retain: true))
        // will flag 0x04 | qos 1 << 3 | retain 0x20
        try check(Packet(.connect(w)), from: .client, [0x10] + lengthPrefixed("RCloud") + [3, 0x2C, 0, 0] + lengthPrefixed("d") + lengthPrefixed("wt") + lengthPrefixed("wm"))
    }

    @Test("CONNECT flags the form cannot hold are rejected")
    func connectBadFlags() {
        let base = [0x10] + lengthPrefixed("RCloud") + [3]
        let tail: [UInt8] = [0, 0] + lengthPrefixed("d")
        expectCode(.invalidValue, "reserved bit 0") { _ = try Packet.decode(base + [0x01] + tail, from: .client) }
        expectCode(.invalidValue, "will QoS without will") { _ = try Packet.decode(base + [0x08] + tail, from: .client) }
        expectCode(.invalidValue, "will retain without will") { _ = try Packet.decode(base + [0x20] + tail, from: .client) }
        expectCode(.truncated, "appId flagged but absent") { _ = try Packet.decode(base + [0x80] + tail, from: .client) }
    }

    @Test("CONNACK with and without the session tail; any status")
    func connAck() throws {
        try check(Packet(.connAck(.init(status: 0)), retain: true), from: .server, [0x21, 0x00, 0x00])
        try check(Packet(.connAck(.init(reserved: 0x80, status: 200)), retain: true), from: .server, [0x21, 0x80, 200])
        let s = Packet.ConnAck.Session(userId: "u1", sessionId: "sid", timestamp: 0x0000_018B_CFE5_6800)
        try check(
            Packet(.connAck(.init(status: 0, session: s))), from: .server,
            [0x20, 0, 0] + lengthPrefixed("u1") + lengthPrefixed("sid") + [0, 0, 0x01, 0x8B, 0xCF, 0xE5, 0x68, 0x00])
        #expect(Packet.ConnAck(status: 13).result.name == "HASOHTERSAMECLIENTONLINE")
        // 14-20: new in 5.x, named as RongIMLib 5.7.2 names them (offset 313538).
        #expect(Packet.ConnAck(status: 14).result.name == "OUT_OF_LIMIT")
        #expect(Packet.ConnAck(status: 19).result.name == "ACCOUNT_CANCELLATION")
        #expect(Packet.ConnAck(status: 20).result.name == "LICENSE_EXPIRED")
        #expect(Packet.ConnAck(status: 21).result.name == nil)
        expectCode(.truncated, "tail cut after userId") { _ = try Packet.decode([0x20, 0, 0] + lengthPrefixed("u1"), from: .server) }
    }

    /// Version 4's tail for one flags value, assembled field by field from the layout of
    /// RongIMLib 5.7.2's reader: flags, then userId, sessionId, u64 timestamp, u16 messageId.
    static func version4Tail(_ flags: UInt8) -> [UInt8] {
        var b: [UInt8] = [flags]
        if flags & 1 != 0 { b += lengthPrefixed("alice") }
        if flags & 2 != 0 { b += lengthPrefixed("peer-1") }
        if flags & 4 != 0 { b += [0, 0, 0x01, 0xA2, 0x26, 0x00, 0x25, 0x44] }
        if flags & 8 != 0 { b += [0x03, 0xE8] }
        return b
    }

    @Test("CONNACK version 4: the flags byte names the fields that follow", arguments: 0..<16)
    func connAckVersion4(flags: Int) throws {
        let bits = UInt8(flags)
        let fields = Packet.ConnAck.Version4Fields(
            userId: bits & 1 != 0 ? "alice" : nil, sessionId: bits & 2 != 0 ? "peer-1" : nil,
            timestamp: bits & 4 != 0 ? 0x0000_01A2_2600_2544 : nil, messageId: bits & 8 != 0 ? 1000 : nil)
        let bytes: [UInt8] = [0x20, 0x00, 0x00] + Self.version4Tail(bits)
        let packet = Packet(.connAck(.init(status: 0, fields: fields)))
        #expect(fields.flags == bits)
        #expect(try packet.encoded() == bytes)
        let decoded = try Packet.decode(bytes, from: .server, protocol: .v4)
        #expect(decoded == packet)
        guard case .connAck(let ack) = decoded.body else { Issue.record("not a CONNACK"); return }
        #expect(ack.layout == .v4 && ack.session == nil)
        #expect(ack.userId == fields.userId && ack.timestamp == fields.timestamp && ack.messageId == fields.messageId)
        // PacketView reads it alike.
        let viewed = try Packet.withDecoded(bytes, from: .server, protocol: .v4) { v throws(CodecError) in v.owned() }
        #expect(viewed == packet)
        // Every cut of the tail is truncated, never a shorter CONNACK.
        for cut in 4..<bytes.count {
            expectCode(.truncated, "cut at \(cut)") { _ = try Packet.decode(Array(bytes[..<cut]), from: .server, protocol: .v4) }
        }
        expectCode(.trailingGarbage, "a byte after the last field") { _ = try Packet.decode(bytes + [0], from: .server, protocol: .v4) }
    }

    @Test("CONNACK: the same bytes read differently under version 3 and 4")
    func connAckVersionsDiffer() throws {
        // The peer's version-3 CONNACK as 5.7.2 read it on a version-4 connection (findings
        // § 2.3): flags 0x00 (the high byte of the userId's length), then bytes nothing names.
        let v3: [UInt8] = [0x21, 0, 0] + lengthPrefixed("alice") + lengthPrefixed("peer-1") + [0, 0, 0x01, 0xA2, 0x25, 0xFA, 0x71, 0xF0]
        guard case .connAck(let a) = try Packet.decode(v3, from: .server).body else { Issue.record("not a CONNACK"); return }
        #expect(a.layout == .v3 && a.userId == "alice")
        expectCode(.trailingGarbage, "v3 bytes under v4") { _ = try Packet.decode(v3, from: .server, protocol: .v4) }
        // A real version-4 CONNACK under version 3 stops inside the userId, as `frame decode` did.
        let v4: [UInt8] = [0x20, 0, 0] + Self.version4Tail(0x0F)
        expectCode(.truncated, "v4 bytes under v3") { _ = try Packet.decode(v4, from: .server) }
        // The short form is the same in both.
        #expect(try Packet.decode([0x21, 0, 4], from: .server, protocol: .v4) == Packet(.connAck(.init(status: 4)), retain: true))
        // Unknown flag bits are kept as read; they name no field.
        let high: [UInt8] = [0x20, 0, 0, 0xF1] + lengthPrefixed("u")
        let p = try Packet.decode(high, from: .server, protocol: .v4)
        #expect(try p.encoded() == high)
        guard case .connAck(let h) = p.body else { Issue.record("not a CONNACK"); return }
        #expect(h.version4Fields?.otherFlags == 0xF0 && h.userId == "u")
    }

    @Test("CONNACK accepted(…) builds the layout of the version asked for")
    func connAckAccepted() throws {
        let v3 = Packet.ConnAck.accepted(userId: "alice", sessionId: "peer-1", timestamp: 7, messageId: 1000, protocol: .v3)
        #expect(try Packet(.connAck(v3)).encoded() == [0x20, 0, 0] + lengthPrefixed("alice") + lengthPrefixed("peer-1") + [0, 0, 0, 0, 0, 0, 0, 7])
        let v4 = Packet.ConnAck.accepted(userId: "alice", sessionId: "peer-1", timestamp: 7, messageId: 1000, protocol: .v4)
        #expect(
            try Packet(.connAck(v4)).encoded()
                == [0x20, 0, 0, 0x0F] + lengthPrefixed("alice") + lengthPrefixed("peer-1") + [0, 0, 0, 0, 0, 0, 0, 7, 0x03, 0xE8])
        let noSeed = Packet.ConnAck.accepted(userId: "alice", sessionId: "s", timestamp: 7, protocol: .v4)
        #expect(noSeed.version4Fields?.flags == 0x07 && noSeed.messageId == nil)
    }

    @Test("DISCONNECT reasons carry 5.7.2's names")
    func disconnectReasons() {
        #expect(Packet.Disconnect(status: 1).reason == .otherDeviceLogin)
        #expect(Packet.Disconnect(status: 5).reason.name == "BLOCK_NEW")
        #expect(Packet.Disconnect(status: 6).reason.name == "REDIRECT_NEW")
        #expect(Packet.Disconnect(status: 7).reason.name == "TOKEN_EXPIRED")
        #expect(Packet.Disconnect(status: 8).reason.name == "ILLEGAL_PROTOCOL_VERSION")
        #expect(Packet.Disconnect(status: 9).reason.name == "ACCOUNT_CANCELLATION")
        #expect(Packet.Disconnect(status: 10).reason.name == nil)
    }

    @Test("PUBLISH upward: topic, targetId, id, payload")
    func publishUp() throws {
        let payload: [UInt8] = [0x08, 0x03]
        try check(
            Packet(.publish(.init(topic: .ppMsgP, targetId: "u2", messageId: 0x0102, payload: payload)), qos: .atLeastOnce), from: .client,
            [0x32] + lengthPrefixed("ppMsgP") + lengthPrefixed("u2") + [0x01, 0x02, 0x08, 0x03])
    }

    @Test("PUBLISH downward leads with a u32 date")
    func publishDown() throws {
        try check(
            Packet(.serverPublish(.init(date: 0x6553_F100, topic: .s_msg, targetId: "u9", messageId: 7, payload: [0xAA])), qos: .atLeastOnce, retain: true),
            from: .server, [0x33, 0x65, 0x53, 0xF1, 0x00] + lengthPrefixed("s_msg") + lengthPrefixed("u9") + [0, 7, 0xAA])
    }

    @Test("PUBACK: u16 from the client; id, date, status, millisecond, messageUId from the server")
    func pubAck() throws {
        try check(Packet(.pubAck(messageId: 0xFFFF)), from: .client, [0x40, 0xFF, 0xFF])
        let ack = Packet.ServerPubAck(messageId: 1, date: 1_700_000_000, status: 0, millisecond: 999, messageUId: "BQ0T-J3P4-0FA2-0003")
        try check(
            Packet(.serverPubAck(ack), retain: true), from: .server,
            [0x41, 0, 1, 0x65, 0x53, 0xF1, 0x00, 0, 0, 0x03, 0xE7] + lengthPrefixed("BQ0T-J3P4-0FA2-0003"))
        #expect(ack.sentTime == 1_700_000_000_999)
    }

    @Test("QUERY, QUERYACK, QUERYCON")
    func query() throws {
        try check(
            Packet(.query(.init(topic: .pullMsg, targetId: "me", messageId: 2, payload: [0x08, 0x00, 0x10, 0x00]))), from: .client,
            [0x50] + lengthPrefixed("pullMsg") + lengthPrefixed("me") + [0, 2, 0x08, 0x00, 0x10, 0x00])
        try check(
            Packet(.queryAck(.init(messageId: 2, date: 1, status: 0x0102, payload: [0x10, 0x01])), qos: .atLeastOnce, retain: true), from: .server,
            [0x63, 0, 2, 0, 0, 0, 1, 0x01, 0x02, 0x10, 0x01])
        try check(Packet(.queryCon(messageId: 2)), from: .client, [0x70, 0, 2])
    }

    @Test("PINGREQ, PINGRESP, DISCONNECT")
    func pingAndDisconnect() throws {
        try check(Packet(.pingReq), from: .client, [0xC0])
        try check(Packet(.pingResp), from: .server, [0xD0])
        try check(Packet(.disconnect(.init(status: 2))), from: .server, [0xE0, 0, 2])
        try check(Packet(.disconnect(.init(status: 255))), from: .client, [0xE0, 0, 255])
    }

    @Test("message ids 0, 1 and 65535 are carried as written")
    func messageIdEdges() throws {
        for id: UInt16 in [0, 1, 0x00FF, 0xFF00, 65535] {
            try check(Packet(.pubAck(messageId: id)), from: .client, [0x40, UInt8(id >> 8), UInt8(id & 0xFF)])
            try check(Packet(.queryCon(messageId: id)), from: .client, [0x70, UInt8(id >> 8), UInt8(id & 0xFF)])
        }
    }

    @Test("empty and maximal (65535-byte) strings; 65536 bytes do not fit")
    func stringLengths() throws {
        let max = String(repeating: "a", count: 65535)
        try check(
            Packet(.publish(.init(topic: Topic(max), targetId: "", messageId: 1))), from: .client,
            [0x30, 0xFF, 0xFF] + Array(max.utf8) + [0, 0, 0, 1])
        try check(Packet(.publish(.init(topic: Topic(""), targetId: "", messageId: 1))), from: .client, [0x30, 0, 0, 0, 0, 0, 1])
        let tooLong = Topic(String(repeating: "a", count: 65536))
        expectCode(.sizeLimit) { _ = try Packet(.publish(.init(topic: tooLong, targetId: "", messageId: 1))).encoded() }
        // 21,845 emoji are 131,070 CESU-8 bytes: too long, though only 87,380 UTF-8 bytes.
        let emoji = Topic(String(repeating: "😀", count: 21_845))
        expectCode(.sizeLimit) { _ = try Packet(.publish(.init(topic: emoji, targetId: "", messageId: 1))).encoded() }
    }

    @Test("every sample packet round-trips", arguments: SamplePackets.all().map { "\($0.1) \($0.0)" })
    func samples(_ name: String) throws {
        let (_, side, packet) = SamplePackets.all().first { "\($0.1) \($0.0)" == name }!
        let bytes = try packet.encoded()
        #expect(try Packet.decode(bytes, from: side) == packet)
    }
}
