// Tests/RongProxyTests/ProxyRelayTests.swift - the client, peer-load and raw frames through the proxy to the peer: bytes compared at both hops, the log against the wire

import NIOCore
import RongCapture
import RongCodec
import RongEnvelope
import RongPeer
import Testing

@testable import RongProxy

/// Each test runs client → tap1 → proxy → tap2 → peer on loopback. The taps parse the frames
/// on the wire with a parser of their own (``WireRecorder``), so "unchanged" means: what the
/// client wrote to the proxy is what the proxy wrote to the peer (opcode, FIN, payload; only the
/// masking key is the proxy's), and the other way; and the log holds each frame the proxy read,
/// once, in order.
@Suite("Proxy relay", .serialized)
struct ProxyRelayTests {
    /// Compares one relayed connection at both hops and in the log (its `open` line number `n`).
    static func expectRelayedUnchanged(
        _ h: ProxyHarness, _ index: Int, lines: [JSONObject], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let c1 = h.tap1.connections[index]
        let c2 = h.tap2.connections[index]
        // The proxy opened the upstream with the client's own request target.
        #expect(c1.up.firstLine == c2.up.firstLine, sourceLocation: sourceLocation)
        #expect(!c1.up.frames.isEmpty, sourceLocation: sourceLocation)
        #expect(c1.up.frames == c2.up.frames, "client → server", sourceLocation: sourceLocation)
        #expect(c2.down.frames == c1.down.frames, "server → client", sourceLocation: sourceLocation)
        // Masked toward the server, as a client must; unmasked toward the client.
        #expect(c2.up.frames.allSatisfy(\.masked) && c1.down.frames.allSatisfy { !$0.masked }, sourceLocation: sourceLocation)
        let id = Int(openLines(lines)[index]["connection"]?.numberValue?.int64Value ?? -1)
        #expect(loggedFrames(lines, connection: id, from: "client") == c1.up.frames, "log, client frames", sourceLocation: sourceLocation)
        #expect(loggedFrames(lines, connection: id, from: "server") == c2.down.frames, "log, server frames", sourceLocation: sourceLocation)
    }

    @Test("a client session (connect, pull, private and group messages, RMTP ping, close) is relayed byte for byte and logged frame by frame, decoded")
    func clientSession() async throws {
        let h = try await ProxyHarness.start()
        let alice = try await PeerClient.connect(h.options("alice-token"))
        let bob = try await PeerClient.connect(h.options("bob-token"))
        #expect(alice.userId == "alice" && bob.userId == "bob")
        let r = try #require(try await alice.send(OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "hi Bob"))))
        #expect(r.status == 0)
        _ = try await alice.send(OutboundMessage(.group, targetId: "team", content: TextMessage(content: "hi team")))
        try await alice.ping()
        #expect(await bob.waitForMessages(count: 2, timeoutMillis: 5_000))
        await alice.close()
        await bob.close()
        await h.waitForQuiet(connections: 2)
        try await h.stop()

        let lines = h.collector.lines
        #expect(h.tap1.connections.count == 2 && h.tap2.connections.count == 2 && openLines(lines).count == 2)
        for i in 0..<2 { Self.expectRelayedUnchanged(h, i, lines: lines) }
        // Every frame the proxy relayed is in the log once: the counts agree with the wire.
        let frames = lines.filter { $0["event"] == nil }
        let wire = h.tap1.connections.reduce(0) { $0 + $1.up.frames.count } + h.tap2.connections.reduce(0) { $0 + $1.down.frames.count }
        #expect(frames.count == wire)
        #expect(h.log.counts == ProxyLogCounts(written: wire, dropped: 0, droppedBytes: 0))
        #expect(h.proxy.counts.clientFrames + h.proxy.counts.serverFrames == wire)
        // The log decodes: every binary frame is a packet, the user is named, contents are decoded.
        let binary = frames.filter { $0["opcode"]?.stringValue == "binary" }
        #expect(!binary.isEmpty && binary.allSatisfy { $0["packet"] != nil && $0["error"] == nil })
        #expect(binary.allSatisfy { $0["user"]?.stringValue == "alice" || $0["user"]?.stringValue == "bob" })
        let sent = binary.first { $0["packet"]?.objectValue?["topic"]?.stringValue == "ppMsgP" }
        #expect(sent?["packet"]?.objectValue?["body"]?.objectValue?["$content"]?.objectValue?["value"] == ["content": "hi Bob"])
        let pulled = binary.compactMap { $0["messages"]?.arrayValue }.flatMap { $0 }.compactMap { $0.objectValue }
        #expect(pulled.contains { $0["content"] == ["content": "hi team"] && $0["senderUserId"]?.stringValue == "alice" })
        #expect(binary.contains { $0["queryTopic"]?.stringValue == "pullMsg" })
        // Both closes are in the log, with the close handshake's frames.
        #expect(lines.filter { $0["event"]?.stringValue == "close" }.count == 2)
        #expect(frames.filter { $0["opcode"]?.stringValue == "close" }.count == 4)
    }

    @Test("WebSocket ping, pong, a fragmented message, a text message and an undecodable packet pass unchanged; the proxy answers none itself")
    func rawFrames() async throws {
        let h = try await ProxyHarness.start()
        let raw = try await RawWebSocketClient.connect(port: h.tap1.port, uri: "/websocket?appId=test&token=alice-token&sdkVer=5.9.0", on: h.group)
        #expect(await raw.wait { r, _ in r.frames.count >= 1 })  // CONNACK
        // A ping: the peer answers it (the pong comes from the peer, through the proxy).
        try await raw.send(WireRecorder.clientFrame(opcode: 9, payload: Array("are you there".utf8)))
        #expect(await raw.wait { r, _ in r.frames.contains { $0.opcode == 10 } })
        // An unsolicited pong, then PINGREQ in two fragments (the peer joins them: PINGRESP).
        try await raw.send(WireRecorder.clientFrame(opcode: 10, payload: [1, 2, 3]))
        let query = Array("pullMsg".utf8)
        var packet: [UInt8] = [0x50, 0x00, UInt8(query.count)] + query + [0x00, 0x05] + Array("alice".utf8) + [0x00, 0x01]
        packet += [0x08, 0x00, 0x10, 0x00]
        try await raw.send(WireRecorder.clientFrame(fin: false, opcode: 2, payload: Array(packet.prefix(5))))
        try await raw.send(WireRecorder.clientFrame(fin: true, opcode: 0, payload: Array(packet.dropFirst(5))))
        #expect(await raw.wait { r, _ in r.frames.filter { $0.opcode == 2 }.count >= 2 })  // QUERYACK
        // A packet that does not decode: relayed all the same; the peer answers DISCONNECT 2 and close 1002.
        try await raw.send(WireRecorder.clientFrame(opcode: 2, payload: [0x30, 0x00, 0x09, 0x61]))
        #expect(await raw.wait { r, closed in r.frames.contains { $0.opcode == 8 } && closed })
        await h.waitForQuiet(connections: 1, clean: false)
        try await h.stop()

        let lines = h.collector.lines
        Self.expectRelayedUnchanged(h, 0, lines: lines)
        let c1 = h.tap1.connections[0]
        #expect(c1.up.frames.map(\.opcode) == [9, 10, 2, 0, 2])
        #expect(c1.down.frames.contains { $0.opcode == 10 && $0.payload == Array("are you there".utf8) })
        let frames = lines.filter { $0["event"] == nil }
        // The first fragment waits for its message; the last one carries the decoded PINGREQ… here a QUERY.
        let fragments = frames.filter { $0["from"]?.stringValue == "client" && ($0["opcode"]?.stringValue == "continuation" || $0["fin"] == false) }
        #expect(fragments.count == 2)
        #expect(fragments.last?["packet"]?.objectValue?["topic"]?.stringValue == "pullMsg")
        #expect(fragments.last?["messageSize"]?.numberValue?.int64Value == Int64(packet.count))
        let bad = frames.first { $0["error"] != nil && $0["from"]?.stringValue == "client" }
        #expect(bad?["error"]?.objectValue?["code"]?.stringValue == "truncated")
        #expect(frames.contains { $0["from"]?.stringValue == "server" && $0["packet"]?.objectValue?["header"]?.objectValue?["type"]?.stringValue == "DISCONNECT" })
        #expect(frames.contains { $0["from"]?.stringValue == "server" && $0["close"]?.objectValue?["code"]?.numberValue?.int64Value == 1002 })
    }

    @Test("a text message reaches the peer unchanged (it answers close 1003), and the log lists it undecoded")
    func textFrame() async throws {
        let h = try await ProxyHarness.start()
        let raw = try await RawWebSocketClient.connect(port: h.tap1.port, uri: "/websocket?appId=test&token=bob-token", on: h.group)
        #expect(await raw.wait { r, _ in r.frames.count >= 1 })
        try await raw.send(WireRecorder.clientFrame(opcode: 1, payload: Array("{\"hello\":1}".utf8)))
        #expect(await raw.wait { r, closed in r.frames.contains { $0.opcode == 8 && $0.payload.prefix(2) == [0x03, 0xEB] } && closed })
        await h.waitForQuiet(connections: 1, clean: false)
        try await h.stop()
        let lines = h.collector.lines
        Self.expectRelayedUnchanged(h, 0, lines: lines)
        let text = lines.first { $0["opcode"]?.stringValue == "text" }
        #expect(text?["text"]?.stringValue == "{\"hello\":1}" && text?["note"] != nil && text?["packet"] == nil)
    }

    @Test("wss:// upstream: the proxy verifies the test CA it was given and relays unchanged; without it the upgrade is refused with 502")
    func tlsUpstream() async throws {
        let h = try await ProxyHarness.start(tlsUpstream: true)
        let alice = try await PeerClient.connect(h.options("alice-token"))
        let bob = try await PeerClient.connect(h.options("bob-token"))
        _ = try await alice.send(OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "over TLS")))
        #expect(await bob.waitForMessages(count: 1, timeoutMillis: 5_000))
        await alice.close()
        await bob.close()
        await h.waitForQuiet(connections: 2)
        try await h.stop()
        let lines = h.collector.lines
        for i in 0..<2 { Self.expectRelayedUnchanged(h, i, lines: lines) }
        #expect(openLines(lines).allSatisfy { $0["upstream"]?.stringValue?.hasPrefix("wss://localhost:") == true })

        let untrusted = try await ProxyHarness.start(tlsUpstream: true, trustTestCA: false)
        let raw = try await RawWebSocketClient.connect(port: untrusted.tap1.port, uri: "/websocket?appId=test&token=alice-token", on: untrusted.group)
        #expect(await raw.wait { _, closed in closed })
        let head = raw.recorder.head ?? ""
        #expect(head.hasPrefix("HTTP/1.1 502"))
        #expect(untrusted.proxy.counts.upstreamFailures == 1 && untrusted.proxy.counts.connections == 0)
        // The certificate was refused before any WebSocket byte crossed: the peer saw no upgrade.
        #expect(untrusted.tap2.connections.allSatisfy { $0.up.head == nil })
        try await untrusted.stop()
    }

    @Test("peer-load through the proxy, without and with faults on the peer: nothing lost or duplicated, every frame relayed and logged once")
    func loadThroughProxy() async throws {
        for faults in ["", "drop=0.02,dup=0.02,delay=0.05:20ms,reorder=0.02,cut=0.002"] {
            let h = try await ProxyHarness.start(peer: { pc in
                pc.fixture.generateUsers(prefix: "load", count: 8)
                if !faults.isEmpty { pc.faults = try FaultPlan(parsing: faults).seeded(default: 7) }
            })
            var config = LoadConfiguration()
            config.url = h.clientURL
            config.appId = "test"
            config.clients = 8
            config.messages = 400
            config.clientThreads = 1
            config.drainMillis = 15_000
            let report = try await LoadGenerator.run(config)
            #expect(report.lost == 0 && report.duplicated == 0 && report.misdelivered == 0, "faults: \(faults)")
            #expect(report.acked == 400, "faults: \(faults)")
            try await Task.sleep(nanoseconds: 300_000_000)
            try await h.stop()

            let lines = h.collector.lines
            let connections = openLines(lines)
            // peer-load also asks the peer's `/state` over plain HTTP at the end (not relayed): only
            // the upgrades are WebSocket connections.
            let ws1 = h.tap1.connections.filter(\.isWebSocket), ws2 = h.tap2.connections.filter(\.isWebSocket)
            #expect(connections.count == ws1.count && connections.count == ws2.count)
            #expect(connections.count >= 8)
            #expect(h.log.counts.dropped == 0)
            var clean = 0
            // The clients connect at once, so the taps and the proxy may accept them in different
            // orders: a connection is matched by its token (the k-th open line of a token is the
            // k-th upgrade with it at each tap; a client cut by a fault reconnects after).
            var seen: [String: Int] = [:]
            for open in connections {
                let id = Int(open["connection"]?.numberValue?.int64Value ?? -1)
                let token = open["query"]?.objectValue?["token"]?.stringValue ?? ""
                let k = seen[token, default: 0]
                seen[token] = k + 1
                let m1 = ws1.filter { $0.token == token }, m2 = ws2.filter { $0.token == token }
                guard k < m1.count, k < m2.count else {
                    Issue.record("connection \(id) (token \(token)) has no upgrade at a tap")
                    continue
                }
                let c1 = m1[k], c2 = m2[k]
                #expect(c1.up.firstLine == c2.up.firstLine)
                let loggedUp = loggedFrames(lines, connection: id, from: "client")
                let loggedDown = loggedFrames(lines, connection: id, from: "server")
                if faults.isEmpty || c1.closedCleanly {
                    // Ended by the client: every frame both ways, at both hops and in the log.
                    clean += 1
                    #expect(c1.up.frames == c2.up.frames && c2.down.frames == c1.down.frames, "connection \(id)")
                    #expect(loggedUp == c1.up.frames && loggedDown == c2.down.frames, "connection \(id)")
                } else {
                    // Cut by the peer: what crossed is the start of what was sent, unchanged, and
                    // the log has every frame the proxy read (those after the cut marked unrelayed).
                    #expect(c2.up.frames.elementsEqual(c1.up.frames.prefix(c2.up.frames.count)), "connection \(id)")
                    #expect(c1.down.frames.elementsEqual(c2.down.frames.prefix(c1.down.frames.count)), "connection \(id)")
                    #expect(Array(loggedUp.prefix(c2.up.frames.count)) == c2.up.frames && loggedDown.prefix(c1.down.frames.count).elementsEqual(c1.down.frames), "connection \(id)")
                }
            }
            #expect(clean >= 8, "faults: \(faults)")
        }
    }
}
