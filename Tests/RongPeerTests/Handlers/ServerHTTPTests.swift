// Tests/RongPeerTests/Handlers/ServerHTTPTests.swift - PeerHTTPHandler on EmbeddedChannel: routing, bad requests, limits, timeouts

import NIOCore
import NIOEmbedded
import RongCodec
import Testing

@testable import RongPeer

@Suite("Handlers: the server's HTTP side")
struct ServerHTTPTests {
    /// A request with a body (Content-Length set).
    static func request(_ method: String, _ target: String, body: [UInt8] = [], headers: String = "") -> [UInt8] {
        Array("\(method) \(target) HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\(headers)\r\n".utf8) + body
    }

    /// Sends `request` and returns the answer's status, head and body; the peer must have closed.
    static func exchange(_ peer: EmbeddedPeer, _ request: [UInt8], drip: Bool = false) throws -> (status: Int, head: String, body: String) {
        if drip { try peer.drip(request) } else { try peer.send(request) }
        let (head, body) = try #require(HTTPAnswer.split(try peer.take()), "no answer")
        #expect(HTTPAnswer.header(head, "Connection") == "close", "\(head)")
        #expect(!peer.channel.isActive, "the connection stays open after the answer")
        #expect(HTTPAnswer.header(head, "Content-Length") == String(body.count))
        return (HTTPAnswer.status(head) ?? 0, head, String(decoding: body, as: UTF8.self))
    }

    static let routes: [(String, String, [UInt8], Int, String)] = [
        ("GET", "/state", [], 200, "\"users\""),
        ("GET", "/state?user=alice", [], 200, "\"alice\""),
        ("GET", "/", [], 200, "RongWire mock peer"),
        ("POST", "/control/faults?plan=drop%3D0.5", [], 200, "drop=0.5"),
        ("POST", "/control/faults", Array("dup=0.25,seed=3".utf8), 200, "dup=0.25,seed=3"),
        ("POST", "/control/faults", Array("explode=1".utf8), 400, "unknown fault"),
        ("POST", "/control/advance?by=8d", [], 409, "not manual"),
        ("POST", "/control/reset", Array("users: [{id: zed}]\n".utf8), 200, "\"users\": 1"),
        ("POST", "/control/reset", Array("users: [{id: zed, x: 1}]\n".utf8), 400, "unknown key"),
        ("POST", "/control/reset", [0x75, 0x73, 0x65, 0x72, 0x73, 0x3A, 0x20, 0xFF, 0x0A], 400, "not valid UTF-8"),
        ("POST", "/control/faults", [0x64, 0x72, 0x6F, 0x70, 0x3D, 0xC0], 400, "not valid UTF-8"),
        ("GET", "/websocket", [], 426, "WebSocket endpoint"),
        ("GET", "/nowhere", [], 404, "GET / lists the endpoints"),
        ("DELETE", "/state", [], 404, "no DELETE /state"),
    ]

    @Test("routes: status and what the answer says; every answer closes", arguments: routes)
    func route(_ method: String, _ target: String, _ body: [UInt8], _ status: Int, _ says: String) throws {
        let peer = try EmbeddedPeer()
        let r = try Self.exchange(peer, Self.request(method, target, body: body))
        #expect(r.status == status, "\(method) \(target): \(r.head)\n\(r.body)")
        #expect(r.body.contains(says), "\(method) \(target): \(r.body)")
    }

    @Test("a plain GET /websocket: 426 naming the upgrade to send")
    func upgradeRequired() throws {
        let r = try Self.exchange(try EmbeddedPeer(), Self.request("GET", "/websocket"))
        #expect(HTTPAnswer.header(r.head, "Upgrade") == "websocket")
        #expect(HTTPAnswer.header(r.head, "Sec-WebSocket-Version") == "13")
    }

    @Test("a refused reset keeps the state; an accepted one replaces it")
    func resetKeepsStateOnError() throws {
        let peer = try EmbeddedPeer()
        _ = try Self.exchange(peer, Self.request("POST", "/control/reset", body: [0x66, 0xFF]))
        #expect(peer.core.snapshot(user: nil).objectValue?["users"]?.objectValue?["alice"] != nil)
        let peer2 = try EmbeddedPeer()
        _ = try Self.exchange(peer2, Self.request("POST", "/control/reset", body: Array("users: [{id: zed}]\n".utf8)))
        #expect(peer2.core.snapshot(user: nil).objectValue?["users"]?.objectValue?["alice"] == nil)
    }

    @Test("a manual clock: advance within the bounds, refused past them, never by a number that overflows")
    func advance() throws {
        let clock = ManualClock()
        func post(_ by: String) throws -> Int {
            try Self.exchange(try EmbeddedPeer { $0.clock = clock }, Self.request("POST", "/control/advance?by=\(by)")).status
        }
        #expect(try post("1e300d") == 400)
        #expect(try post("9223372036854775807") == 400)
        #expect(try post("5000000000000000000") == 400)
        #expect(try post("") == 400)
        #expect(try post("8d") == 200)
        #expect(try post("36500d") == 400, "8d + 36500d is past the bound")
        #expect(clock.advanced == PeerDuration(milliseconds: 8 * 86_400_000))
        // The packets' dates are 32-bit seconds: "now" stops a day short of 2106-02-07.
        let days = (ManualClock.latestMillis - clock.nowMillis()) / 86_400_000 - 1
        #expect(try post("\(days)d") == 200)
        #expect(try post("2d") == 400)
        #expect(try post("1ms") == 200)
        #expect(clock.nowMillis() < ManualClock.latestMillis)
    }

    @Test("a request split at every byte, in two reads, is answered the same")
    func splitAtEveryByte() throws {
        let request = Self.request("POST", "/control/faults", body: Array("drop=0.5,seed=2".utf8))
        for k in 1..<request.count {
            let peer = try EmbeddedPeer()
            try peer.send(Array(request[..<k]))
            try peer.send(Array(request[k...]))
            let (head, body) = try #require(HTTPAnswer.split(try peer.take()), "split at \(k)")
            #expect(HTTPAnswer.status(head) == 200, "split at \(k)")
            #expect(String(decoding: body, as: UTF8.self).contains("drop=0.5"), "split at \(k)")
        }
        let peer = try EmbeddedPeer()
        #expect(try Self.exchange(peer, request, drip: true).status == 200)
    }

    @Test("a chunked body is read like any other")
    func chunked() throws {
        let peer = try EmbeddedPeer()
        let request = Array("POST /control/faults HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n5\r\ndrop=\r\n3\r\n0.5\r\n0\r\n\r\n".utf8)
        #expect(try Self.exchange(peer, request).body.contains("drop=0.5"))
    }

    static let badRequests: [(String, [UInt8], Int)] = [
        ("a garbage request line", Array("GARBAGE\r\n\r\n".utf8), 400),
        ("a bad Content-Length", Array("POST /control/reset HTTP/1.1\r\nContent-Length: ten\r\n\r\n".utf8), 400),
        ("a space in a header name", Array("GET /state HTTP/1.1\r\nHo st: x\r\n\r\n".utf8), 400),
        ("a head above the limit", Array("GET /state HTTP/1.1\r\nX-Pad: \(String(repeating: "a", count: 600))\r\n\r\n".utf8), 431),
        ("a URI above the limit", Array("GET /state?\(String(repeating: "a", count: 600)) HTTP/1.1\r\n\r\n".utf8), 431),
        ("a body above the limit", Self.request("POST", "/control/reset", body: [UInt8](repeating: 0x61, count: 101)), 413),
        ("a chunked body above the limit", Array("POST /control/reset HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n65\r\n\(String(repeating: "b", count: 101))\r\n0\r\n\r\n".utf8), 413),
    ]

    @Test("bad requests: 400, 413 or 431 with Connection: close, then closed", arguments: badRequests)
    func badRequest(_ what: String, _ request: [UInt8], _ status: Int) throws {
        let peer = try EmbeddedPeer {
            $0.maxRequestHeadBytes = 512
            $0.maxRequestBodyBytes = 100
        }
        let r = try Self.exchange(peer, request)
        #expect(r.status == status, "\(what): \(r.head)")
        #expect(peer.stat("badRequests") == 1, "\(what)")
    }

    @Test("what follows an answered request is not read")
    func pipelinedRequestIgnored() throws {
        let peer = try EmbeddedPeer()
        try peer.send(Self.request("GET", "/") + Self.request("GET", "/state"))
        let out = String(decoding: try peer.take(), as: UTF8.self)
        #expect(out.components(separatedBy: "HTTP/1.1 ").count == 2, "\(out)")
    }

    // MARK: Timeouts

    @Test(
        "a connection without a whole request head within the header timeout gets 408 and is closed",
        arguments: ["", "GET /state HTTP/1.1\r\n", "GET /sta"])
    func headerTimeout(_ partial: String) throws {
        let peer = try EmbeddedPeer { $0.headerTimeout = PeerDuration(milliseconds: 2_000)! }
        try peer.send(Array(partial.utf8))
        peer.advance(1_999)
        #expect(peer.channel.isActive)
        #expect(try peer.take().isEmpty)
        peer.advance(1)
        let (head, body) = try #require(HTTPAnswer.split(try peer.take()))
        #expect(HTTPAnswer.status(head) == 408)
        #expect(String(decoding: body, as: UTF8.self).contains("request head not complete within 2s"))
        #expect(!peer.channel.isActive)
        #expect(peer.stat("requestTimeouts") == 1)
    }

    @Test("the header timeout runs from the connection's start: a head trickled in slowly is cut too")
    func slowloris() throws {
        let peer = try EmbeddedPeer { $0.headerTimeout = PeerDuration(milliseconds: 1_000)! }
        for b in "GET /state HTTP/1.1\r\nX-A: 1\r\n".utf8 where peer.channel.isActive {
            try peer.send([b])
            peer.advance(40)
        }
        #expect(!peer.channel.isActive)
        #expect(HTTPAnswer.status(HTTPAnswer.split(try peer.take())?.head ?? "") == 408)
    }

    @Test("a body not complete within the body timeout of its head gets 408")
    func bodyTimeout() throws {
        let peer = try EmbeddedPeer {
            $0.headerTimeout = PeerDuration(milliseconds: 1_000)!
            $0.bodyTimeout = PeerDuration(milliseconds: 3_000)!
        }
        peer.advance(900)
        try peer.send(Array("POST /control/reset HTTP/1.1\r\nContent-Length: 100\r\n\r\nabc".utf8))
        peer.advance(2_999)
        #expect(peer.channel.isActive, "the header timeout no longer applies once the head is in")
        peer.advance(1)
        let (head, body) = try #require(HTTPAnswer.split(try peer.take()))
        #expect(HTTPAnswer.status(head) == 408)
        #expect(String(decoding: body, as: UTF8.self).contains("request body not complete within 3s"))
        #expect(!peer.channel.isActive)
    }

    @Test("an upgraded connection is not cut by the HTTP timeouts")
    func upgradedNotTimedOut() throws {
        let peer = try EmbeddedPeer {
            $0.headerTimeout = PeerDuration(milliseconds: 1_000)!
            $0.idleTimeout = .zero
        }
        try peer.upgrade()
        peer.advance(60_000)
        #expect(peer.channel.isActive)
    }
}
