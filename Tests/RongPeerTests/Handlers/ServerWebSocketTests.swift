// Tests/RongPeerTests/Handlers/ServerWebSocketTests.swift - the server's upgrade and PeerConnectionHandler on EmbeddedChannel

import NIOCore
import NIOEmbedded
import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

@Suite("Handlers: the server's WebSocket side")
struct ServerWebSocketTests {
    // MARK: The opening handshake

    @Test("a valid handshake: 101 with the key's accept value, then CONNACK 0; the pipeline speaks WebSocket")
    func upgrade() throws {
        let peer = try EmbeddedPeer()
        try peer.send(EmbeddedPeer.upgradeRequest())
        let (head, rest) = try #require(HTTPAnswer.split(try peer.take()))
        #expect(HTTPAnswer.status(head) == 101)
        #expect(HTTPAnswer.header(head, "Sec-WebSocket-Accept") == EmbeddedPeer.accept)
        #expect(HTTPAnswer.header(head, "Upgrade")?.lowercased() == "websocket")
        #expect(ServerFrame.summary(try ServerFrame.parse(rest)) == ["CONNACK 0"])
        let sync = peer.channel.pipeline.syncOperations
        #expect(throws: Never.self) { try sync.handler(type: WebSocketFrameHeaderCheck.self) }
        #expect(throws: Never.self) { try sync.handler(type: PeerConnectionHandler.self) }
        #expect(throws: (any Error).self) { try sync.handler(type: PeerHTTPHandler.self) }
        #expect(peer.stat("connectionsAccepted") == 1)
    }

    @Test("the handshake fed one byte per read upgrades the same")
    func upgradeDripFed() throws {
        let peer = try EmbeddedPeer()
        try peer.drip(EmbeddedPeer.upgradeRequest())
        let (head, rest) = try #require(HTTPAnswer.split(try peer.take()))
        #expect(HTTPAnswer.status(head) == 101)
        #expect(ServerFrame.summary(try ServerFrame.parse(rest)) == ["CONNACK 0"])
    }

    @Test("frames in the same read as the handshake are not lost")
    func framesWithTheHandshake() throws {
        let peer = try EmbeddedPeer()
        try peer.send(EmbeddedPeer.upgradeRequest() + ClientFrame.pingReq + ClientFrame.pingReq)
        let (_, rest) = try #require(HTTPAnswer.split(try peer.take()))
        #expect(ServerFrame.summary(try ServerFrame.parse(rest)) == ["CONNACK 0", "PINGRESP", "PINGRESP"])
    }

    /// Handshakes the peer refuses, what it answers (RFC 6455 § 4.2.1, § 4.2.2), and whether the
    /// answer names the version it speaks.
    static let refusals: [(String, [UInt8], Int, Bool)] = [
        ("POST", EmbeddedPeer.upgradeRequest(method: "POST"), 400, false),
        ("HTTP/1.0", EmbeddedPeer.upgradeRequest(version: "HTTP/1.0"), 400, false),
        ("no Connection: Upgrade", EmbeddedPeer.upgradeRequest(connection: nil), 400, false),
        ("Connection: keep-alive", EmbeddedPeer.upgradeRequest(connection: "keep-alive"), 400, false),
        ("no key", EmbeddedPeer.upgradeRequest(key: nil), 400, false),
        ("key `abc`", EmbeddedPeer.upgradeRequest(key: "abc"), 400, false),
        ("key of 15 bytes", EmbeddedPeer.upgradeRequest(key: "eHh4eHh4eHh4eHh4eHh4"), 400, false),
        ("key of 17 bytes", EmbeddedPeer.upgradeRequest(key: "eHh4eHh4eHh4eHh4eHh4eHg="), 400, false),
        ("key not base64", EmbeddedPeer.upgradeRequest(key: "!!!!!!!!!!!!!!!!!!!!!!=="), 400, false),
        ("two keys", EmbeddedPeer.upgradeRequest(extra: "Sec-WebSocket-Key: \(EmbeddedPeer.key)\r\n"), 400, false),
        ("version 12", EmbeddedPeer.upgradeRequest(wsVersion: "12"), 426, true),
        ("no version", EmbeddedPeer.upgradeRequest(wsVersion: nil), 426, true),
        ("two versions", EmbeddedPeer.upgradeRequest(extra: "Sec-WebSocket-Version: 8\r\n"), 426, true),
    ]

    @Test("a refused handshake gets 400, or 426 with Sec-WebSocket-Version: 13; no WebSocket, no CONNACK; closed", arguments: refusals)
    func refused(_ what: String, _ request: [UInt8], _ status: Int, _ namesVersion: Bool) throws {
        let peer = try EmbeddedPeer()
        try peer.send(request)
        let (head, body) = try #require(HTTPAnswer.split(try peer.take()), "\(what): no answer")
        #expect(HTTPAnswer.status(head) == status, "\(what): \(head)")
        #expect(HTTPAnswer.header(head, "Connection") == "close")
        #expect((HTTPAnswer.header(head, "Sec-WebSocket-Version") == "13") == namesVersion, "\(what): \(head)")
        #expect(String(decoding: body, as: UTF8.self).contains("\"error\""))
        #expect(!peer.channel.isActive, "\(what): not closed")
        #expect(peer.stat("connectionsAccepted") == 0)
        #expect(peer.stat("badHandshakes") == 1)
    }

    // MARK: Frames

    /// Upgraded as alice: the CONNACK taken.
    static func upgraded(_ adjust: (inout PeerConfiguration) -> Void = { _ in }) throws -> EmbeddedPeer {
        let peer = try EmbeddedPeer(adjust)
        #expect(ServerFrame.summary(try peer.upgrade()) == ["CONNACK 0"])
        return peer
    }

    /// PINGREQ, a PUBLISH to bob and PINGREQ again, and what the peer answers to them.
    static func traffic() throws -> (bytes: [UInt8], answers: [String]) {
        let publish = try OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "split")).packet(messageId: 7)
        return (ClientFrame.pingReq + (try ClientFrame.packet(publish)) + ClientFrame.pingReq, ["PINGRESP", "PUBACK 0", "PINGRESP"])
    }

    @Test("frames split at every byte, in two reads, are read the same")
    func splitAtEveryByte() throws {
        let (bytes, answers) = try Self.traffic()
        for k in 1..<bytes.count {
            let peer = try Self.upgraded()
            try peer.send(Array(bytes[..<k]))
            try peer.send(Array(bytes[k...]))
            #expect(ServerFrame.summary(try ServerFrame.parse(try peer.take())) == answers, "split at \(k)")
        }
    }

    @Test("frames fed one byte per read are read the same")
    func dripFed() throws {
        let (bytes, answers) = try Self.traffic()
        let peer = try Self.upgraded()
        try peer.drip(bytes)
        #expect(ServerFrame.summary(try ServerFrame.parse(try peer.take())) == answers)
    }

    @Test("a message in fragments (with a ping between them) is one packet")
    func fragments() throws {
        let packet = try Packet(.pingReq).encoded() + []
        let peer = try Self.upgraded()
        let ping = ClientFrame.make([1, 2, 3], opcode: 9)
        try peer.send(ClientFrame.make(packet, fin: false) + ping + ClientFrame.make([], opcode: 0, fin: true))
        #expect(ServerFrame.summary(try ServerFrame.parse(try peer.take())) == ["pong 3", "PINGRESP"])
    }

    /// Frames that break RFC 6455 or the peer's limits, the close code they get and the counter.
    static let violations: [(String, [UInt8], UInt16, String)] = [
        ("unmasked", ClientFrame.make([0xC0], masked: false), 1002, "malformed"),
        ("RSV1", ClientFrame.make([0xC0], rsv: 4), 1002, "malformed"),
        ("RSV3", ClientFrame.make([0xC0], rsv: 1), 1002, "malformed"),
        ("opcode 3", ClientFrame.make([0xC0], opcode: 3), 1002, "malformed"),
        ("opcode 11", ClientFrame.make([], opcode: 11), 1002, "malformed"),
        ("length 1 in 16 bits", ClientFrame.make([0xC0], lengthForm: 16), 1002, "malformed"),
        ("length 200 in 64 bits", ClientFrame.make([UInt8](repeating: 0, count: 200), lengthForm: 64), 1002, "malformed"),
        ("64-bit length with the top bit", [0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 1], 1002, "malformed"),
        ("fragmented ping", ClientFrame.make([1], opcode: 9, fin: false), 1002, "malformed"),
        ("ping of 126 bytes", ClientFrame.make([UInt8](repeating: 0, count: 126), opcode: 9), 1002, "malformed"),
        ("continuation first", ClientFrame.make([0xC0], opcode: 0), 1002, "malformed"),
        ("new message inside a fragmented one", ClientFrame.make([0xC0], fin: false) + ClientFrame.make([0xC0]), 1002, "malformed"),
        ("frame above the limit", Array(ClientFrame.make([UInt8](repeating: 0, count: 4_097)).prefix(20)), 1009, "oversized"),
        ("fragments above the limit", ClientFrame.make([UInt8](repeating: 0x32, count: 3_000), fin: false)
            + ClientFrame.make([UInt8](repeating: 0, count: 3_000), opcode: 0), 1009, "oversized"),
        ("65 fragments", ClientFrame.make([0x32], fin: false) + (0..<64).flatMap { _ in ClientFrame.make([0], opcode: 0, fin: false) }, 1009, "oversized"),
        ("a text message", ClientFrame.make(Array("hello".utf8), opcode: 1), 1003, "unexpected"),
        ("a packet that does not decode", ClientFrame.make([0x32, 0x00, 0x06, 0x70]), 1002, "malformed"),
        ("a packet clients do not send (CONNACK)", ClientFrame.make([0x20, 0x00, 0x00]), 1002, "malformed"),
        ("CONNECT", ClientFrame.make([0x10, 0x00, 0x06] + Array("RCloud".utf8) + [0x03, 0x02, 0x00, 0x00, 0x00, 0x01, 0x61]), 1002, "unexpected"),
    ]

    @Test("a frame that breaks the rules: DISCONNECT 2, the close code that says why, closed; nothing after it is read", arguments: violations)
    func violation(_ what: String, _ frame: [UInt8], _ code: UInt16, _ counter: String) throws {
        let peer = try Self.upgraded { $0.maxFrameSize = 4_096 }
        try peer.send(frame + ClientFrame.pingReq)
        let got = ServerFrame.summary(try ServerFrame.parse(try peer.take()))
        #expect(got == ["DISCONNECT 2", "close \(code)"], "\(what): \(got)")
        #expect(!peer.channel.isActive, "\(what): still open")
        #expect(peer.stat(counter) == 1, "\(what): \(counter) not counted")
    }

    @Test("a frame that breaks the rules is refused at its header, before its payload arrives")
    func refusedAtTheHeader() throws {
        let peer = try Self.upgraded { $0.maxFrameSize = 4_096 }
        // The header of a 100 MB frame: the peer does not wait for (or buffer) the payload.
        try peer.send([0x82, 0xFF, 0, 0, 0, 0, 0x06, 0x40, 0, 0] + ClientFrame.mask)
        #expect(ServerFrame.summary(try ServerFrame.parse(try peer.take())) == ["DISCONNECT 2", "close 1009"])
        let peer2 = try Self.upgraded()
        try peer2.send([0x82, 0x05])  // unmasked: known at the second byte
        #expect(ServerFrame.summary(try ServerFrame.parse(try peer2.take())) == ["DISCONNECT 2", "close 1002"])
    }

    @Test("the header check passes on valid frames before the bad one")
    func goodBeforeBad() throws {
        let peer = try Self.upgraded()
        try peer.send(ClientFrame.pingReq + ClientFrame.make([0xC0], masked: false))
        let got = ServerFrame.summary(try ServerFrame.parse(try peer.take()))
        #expect(got == ["PINGRESP", "DISCONNECT 2", "close 1002"], "\(got)")
    }

    // MARK: Pings, close, idle

    @Test("a WebSocket ping is answered with a pong of the same payload")
    func pong() throws {
        let peer = try Self.upgraded()
        try peer.send(ClientFrame.make([9, 8, 7], opcode: 9))
        let frames = try ServerFrame.parse(try peer.take())
        #expect(frames == [ServerFrame(fin: true, opcode: 10, payload: [9, 8, 7])])
    }

    @Test("pongs go through the connection's queue: a client that pings and never reads is cut at --max-queued")
    func pongsAreBounded() throws {
        let peer = try Self.upgraded { $0.maxQueued = 16 }
        try peer.channel.pipeline.syncOperations.addHandler(StalledSocket(), position: .first)
        for _ in 0..<16 { try peer.send(ClientFrame.make([UInt8](repeating: 1, count: 125), opcode: 9)) }
        #expect(peer.channel.isActive, "cut before the limit")
        try peer.send(ClientFrame.make([1], opcode: 9))
        #expect(!peer.channel.isActive, "17 pongs queued and still open")
        #expect(peer.stat("slowConsumers") == 1)
    }

    @Test("the byte limit counts pongs too")
    func pongBytesAreBounded() throws {
        let peer = try Self.upgraded { $0.maxQueuedBytes = 1_000 }
        try peer.channel.pipeline.syncOperations.addHandler(StalledSocket(), position: .first)
        var sent = 0
        while peer.channel.isActive, sent < 100 {
            try peer.send(ClientFrame.make([UInt8](repeating: 1, count: 125), opcode: 9))
            sent += 1
        }
        #expect(!peer.channel.isActive)
        #expect(sent == 9, "125-byte pongs: 8 fit in 1,000 bytes, the 9th is cut (\(sent))")
        #expect(peer.core.peakQueuedBytes() <= 1_000)
    }

    @Test("a reading client gets every pong: no cut below the limits", arguments: [1, 100, 1_000])
    func manyPongs(_ n: Int) throws {
        let peer = try Self.upgraded { $0.maxQueued = 16 }
        for _ in 0..<n { try peer.send(ClientFrame.make([1], opcode: 9)) }
        #expect(try ServerFrame.parse(try peer.take()).count == n)
        #expect(peer.channel.isActive)
    }

    @Test("a close frame is answered with the same code (1000 for none or one that may not be sent), then closed",
          arguments: [([0x03, 0xE9], 1001), ([], 1000), ([0x03, 0xED], 1000), ([0x0F, 0xA0], 4000)] as [([UInt8], UInt16)])
    func closeEcho(_ payload: [UInt8], _ echoed: UInt16) throws {
        let peer = try Self.upgraded()
        try peer.send(ClientFrame.make(payload, opcode: 8) + ClientFrame.pingReq)
        #expect(ServerFrame.summary(try ServerFrame.parse(try peer.take())) == ["close \(echoed)"])
        #expect(!peer.channel.isActive)
    }

    @Test("a connection that sends nothing for the idle timeout gets close 1001; any frame restarts the wait")
    func idleTimeout() throws {
        let peer = try Self.upgraded { $0.idleTimeout = PeerDuration(milliseconds: 1_000)! }
        peer.advance(900)
        try peer.send(ClientFrame.pingReq)
        peer.advance(900)
        #expect(peer.channel.isActive)
        #expect(ServerFrame.summary(try ServerFrame.parse(try peer.take())) == ["PINGRESP"])
        peer.advance(200)
        let got = ServerFrame.summary(try ServerFrame.parse(try peer.take()))
        #expect(got == ["close 1001"], "\(got)")
        #expect(!peer.channel.isActive)
        #expect(peer.stat("idleClosed") == 1)
    }

    @Test("idle timeout 0 never closes")
    func noIdleTimeout() throws {
        let peer = try Self.upgraded { $0.idleTimeout = .zero }
        peer.advance(3_600_000)
        #expect(peer.channel.isActive)
    }

    @Test("a refused token: CONNACK 4 and close 1000")
    func refusedToken() throws {
        let peer = try EmbeddedPeer()
        #expect(ServerFrame.summary(try peer.upgrade(token: "nobody")) == ["CONNACK 4", "close 1000"])
        #expect(!peer.channel.isActive)
    }
}
