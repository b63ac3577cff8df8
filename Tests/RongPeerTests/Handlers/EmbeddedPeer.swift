// Tests/RongPeerTests/Handlers/EmbeddedPeer.swift - the peer's real connection pipeline on an EmbeddedChannel, and a server frame reader

import NIOCore
import NIOEmbedded
import RongCodec
import RongEnvelope
import Synchronization
import Testing

@testable import RongPeer

/// One accepted connection with the pipeline ``PeerServer`` gives it (``PeerChildPipeline``), on
/// an `EmbeddedChannel`: bytes in as a client sends them, bytes out as the peer writes them, time
/// moved by hand. HTTP answers are computed inline (no thread pool).
final class EmbeddedPeer {
    let channel: EmbeddedChannel
    let child: PeerChildPipeline
    private var output: [UInt8] = []

    /// The key of RFC 6455 § 1.3 and its accept value.
    static let key = "dGhlIHNhbXBsZSBub25jZQ=="
    static let accept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    init(_ adjust: (inout PeerConfiguration) -> Void = { _ in }) throws {
        var config = PeerConfiguration()
        config.fixture = PeerFixture.demo
        config.logger = .silent
        adjust(&config)
        child = PeerChildPipeline(configuration: config)
        channel = EmbeddedChannel()
        try child.configure(channel)
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 40_000)).wait()
    }

    var core: PeerCore { child.core }

    /// Delivers `bytes` in one read and runs what the event loop has queued.
    func send(_ bytes: [UInt8]) throws {
        guard channel.isActive else { return }
        try channel.writeInbound(ByteBuffer(bytes: bytes))
        channel.embeddedEventLoop.run()
    }

    /// Delivers `bytes` one read per byte.
    func drip(_ bytes: [UInt8]) throws {
        for b in bytes { try send([b]) }
    }

    /// Moves the event loop's clock (timeouts fire).
    func advance(_ ms: Int64) {
        channel.embeddedEventLoop.advanceTime(by: .milliseconds(ms))
        channel.embeddedEventLoop.run()
    }

    /// Everything written so far that has not been taken yet.
    func take() throws -> [UInt8] {
        channel.embeddedEventLoop.run()
        while let b = try channel.readOutbound(as: ByteBuffer.self) { output += Array(b.readableBytesView) }
        defer { output = [] }
        return output
    }

    /// The HTTP request of a WebSocket upgrade, as a client sends it.
    static func upgradeRequest(
        query: String = "appId=rongwire-demo&token=alice-token", method: String = "GET", version: String = "HTTP/1.1",
        key: String? = key, wsVersion: String? = "13", connection: String? = "Upgrade", extra: String = ""
    ) -> [UInt8] {
        var r = "\(method) /websocket?\(query) \(version)\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
        if let connection { r += "Connection: \(connection)\r\n" }
        if let key { r += "Sec-WebSocket-Key: \(key)\r\n" }
        if let wsVersion { r += "Sec-WebSocket-Version: \(wsVersion)\r\n" }
        return Array((r + extra + "\r\n").utf8)
    }

    /// Upgrades as alice (or `token`) and returns the frames after the 101 (the CONNACK).
    @discardableResult
    func upgrade(token: String = "alice-token") throws -> [ServerFrame] {
        try send(Self.upgradeRequest(query: "appId=rongwire-demo&token=\(token)"))
        let (head, rest) = try #require(HTTPAnswer.split(try take()))
        #expect(head.hasPrefix("HTTP/1.1 101 "), "\(head)")
        return try ServerFrame.parse(rest)
    }

    /// A stat of `/state` (model counters and the core's).
    func stat(_ name: String) -> Int64? {
        core.snapshot(user: nil).objectValue?["stats"]?.objectValue?[name]?.numberValue?.int64Value
    }
}

/// One frame the server wrote (never masked).
struct ServerFrame: Equatable, CustomStringConvertible {
    var fin: Bool
    var opcode: UInt8
    var payload: [UInt8]

    /// The frames in `bytes`, which must end on a frame boundary.
    static func parse(_ bytes: [UInt8]) throws -> [ServerFrame] {
        var out: [ServerFrame] = []
        var i = 0
        while i < bytes.count {
            try #require(bytes.count - i >= 2, "a frame header cut short")
            var n = Int(bytes[i + 1] & 0x7F)
            var at = i + 2
            if n == 126 {
                n = Int(bytes[at]) << 8 | Int(bytes[at + 1])
                at += 2
            } else if n == 127 {
                n = bytes[at..<(at + 8)].reduce(0) { $0 << 8 | Int($1) }
                at += 8
            }
            #expect(bytes[i + 1] & 0x80 == 0, "the server masked a frame")
            try #require(at + n <= bytes.count, "a frame cut short")
            out.append(ServerFrame(fin: bytes[i] & 0x80 != 0, opcode: bytes[i] & 0x0F, payload: Array(bytes[at..<(at + n)])))
            i = at + n
        }
        return out
    }

    /// The RMTP packet of a binary frame.
    var packet: Packet? { opcode == 2 ? try? Packet.decode(payload, from: .server) : nil }
    /// The close code of a close frame.
    var closeCode: UInt16? { opcode == 8 && payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil }

    var description: String {
        if let p = packet { return "\(p.body.type.name)" }
        if let c = closeCode { return "close \(c)" }
        return "opcode \(opcode) \(payload.count) bytes"
    }

    /// What a list of frames says, shortly: `CONNACK, PINGRESP, DISCONNECT 2, close 1002`.
    static func summary(_ frames: [ServerFrame]) -> [String] {
        frames.map { f in
            if case .disconnect(let d)? = f.packet?.body { return "DISCONNECT \(d.status)" }
            if case .connAck(let c)? = f.packet?.body { return "CONNACK \(c.status)" }
            if case .serverPubAck(let a)? = f.packet?.body { return "PUBACK \(a.status)" }
            if case .queryAck(let a)? = f.packet?.body { return "QUERYACK \(a.status)" }
            if f.opcode == 10 { return "pong \(f.payload.count)" }
            return f.description
        }
    }
}

/// Client frames, masked with a fixed key (what any client sends).
enum ClientFrame {
    static let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]

    /// A frame with every header field settable (to break the rules on purpose).
    static func make(
        _ payload: [UInt8], opcode: UInt8 = 2, fin: Bool = true, rsv: UInt8 = 0, masked: Bool = true, lengthForm: Int? = nil
    ) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | rsv << 4 | opcode]
        let m: UInt8 = masked ? 0x80 : 0
        let n = payload.count
        switch lengthForm ?? (n < 126 ? 7 : n < 65_536 ? 16 : 64) {
        case 7: out.append(m | UInt8(n))
        case 16: out += [m | 126, UInt8(n >> 8), UInt8(n & 0xFF)]
        default: out += [m | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: n >> ($0 * 8)) }
        }
        guard masked else { return out + payload }
        return out + mask + payload.enumerated().map { $1 ^ mask[$0 % 4] }
    }

    /// A binary frame holding `packet`.
    static func packet(_ packet: Packet) throws -> [UInt8] { make(try packet.encoded()) }

    /// PINGREQ, the one-byte RMTP keep-alive.
    static let pingReq = make([0xC0])
}

/// An HTTP answer split into its head text and the bytes after it.
enum HTTPAnswer {
    static func split(_ bytes: [UInt8]) -> (head: String, rest: [UInt8])? {
        guard let end = bytes.firstRange(of: [13, 10, 13, 10]) else { return nil }
        return (String(decoding: bytes[..<end.lowerBound], as: UTF8.self), Array(bytes[end.upperBound...]))
    }

    /// The status code of an answer's head.
    static func status(_ head: String) -> Int? {
        let parts = head.split(separator: " ", maxSplits: 2)
        return parts.count >= 2 ? Int(parts[1]) : nil
    }

    /// The value of a header field (case-insensitive name).
    static func header(_ head: String, _ name: String) -> String? {
        for line in head.split(separator: "\r\n").dropFirst() {
            let kv = line.split(separator: ":", maxSplits: 1)
            if kv.count == 2, kv[0].lowercased() == name.lowercased() { return String(kv[1].drop(while: { $0 == " " })) }
        }
        return nil
    }
}

/// Holds every write without completing it: a client that never reads, as the peer's queue
/// counters see it (their completions never come).
final class StalledSocket: ChannelOutboundHandler, @unchecked Sendable {
    typealias OutboundIn = NIOAny
    private(set) var held: [EventLoopPromise<Void>?] = []

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        held.append(promise)
    }

    func flush(context: ChannelHandlerContext) {}

    func close(context: ChannelHandlerContext, mode: CloseMode, promise: EventLoopPromise<Void>?) {
        release()
        context.close(mode: mode, promise: promise)
    }

    func handlerRemoved(context: ChannelHandlerContext) { release() }

    /// Fails what was held (NIO traps on a promise that is never completed).
    private func release() {
        let promises = held
        held = []
        for p in promises { p?.fail(ChannelError.ioOnClosedChannel) }
    }
}
