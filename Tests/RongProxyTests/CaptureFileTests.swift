// Tests/RongProxyTests/CaptureFileTests.swift - the example HAR, a HAR and vectors made from a proxied session, hostile captures

import Foundation
import RongCapture
import RongCodec
import RongConformance
import RongEnvelope
import RongPeer
import RongSupport
import RongTestSupport
import Testing

@testable import RongProxy

@Suite("Captured files", .serialized)
struct CaptureFileTests {
    static var exampleHAR: String { packageRoot() + "/examples/captures/web-session.har" }

    static func readFile(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    static func decode(_ c: HARCapture.Connection) -> [DecodedFrame] {
        var decoder = CaptureDecoder()
        decoder.open(c.info)
        return c.frames.map { decoder.decode($0) }
    }

    static func packet(_ d: DecodedFrame) -> JSONObject? { d.packet?.objectValue }

    @Test("the example HAR (frames written by tools/vectorgen/har_example.py from spec/envelope.md) decodes to the values written there")
    func exampleHAR() throws {
        let har = try HARCapture(harBytes: try Self.readFile(Self.exampleHAR))
        #expect(har.creator == "WebInspector 537.36")
        // The navigation request is no WebSocket; the other service's socket is listed, not RongCloud's.
        #expect(har.connections.count == 2)
        let rc = har.connections[0]
        #expect(rc.info.isRongCloud && !har.connections[1].info.isRongCloud)
        #expect(rc.info.query["token"] == "alice-token/xyz=@cn.rongnav.com;cn.rongcfg.com" && rc.info.query["sdkVer"] == "5.7.2")
        #expect(rc.info.path == "/websocket" && rc.info.upstream == "wss://cn-ws.example.invalid")
        #expect(rc.frames.map(\.opcode) == [.binary, .binary, .binary, .binary, .binary, .text, .binary, .binary])
        #expect(rc.frames.map(\.from) == [.server, .client, .server, .server, .client, .client, .client, .server])
        let d = Self.decode(rc)
        #expect(d.allSatisfy { $0.error == nil })
        #expect(d.allSatisfy { $0.user == "alice" })
        // CONNACK: status 0, the user, the session, the timestamp (ENV-PKT-002).
        let connack = try #require(Self.packet(d[0]))
        #expect(connack["status"] == 0 && connack["userId"] == "alice" && connack["sessionId"] == "s-8a6f")
        #expect(connack["timestamp"]?.numberValue?.int64Value == 1_764_403_200_201)
        // PUBLISH ppMsgP to bob, qos 1, message id 1, RC:TxtMsg "hi Bob", sessionId 3 (ENV-PKT-004).
        let publish = try #require(Self.packet(d[1]))
        #expect(publish["topic"] == "ppMsgP" && publish["targetId"] == "bob" && publish["messageId"] == 1)
        #expect(publish["header"]?.objectValue?["qos"] == 1)
        let upBody = publish["body"]?.objectValue
        #expect(upBody?["sessionId"] == 3 && upBody?["classname"] == "RC:TxtMsg")
        #expect(upBody?["$content"]?.objectValue?["value"] == ["content": "hi Bob"])
        // The server's PUBACK: date, status 0, millisecond, messageUId (ENV-PKT-007).
        let puback = try #require(Self.packet(d[2]))
        #expect(puback["messageId"] == 1 && puback["status"] == 0 && puback["millisecond"] == 672)
        #expect(puback["messageUId"] == "CFQ8-A1B2-C3D4-0001" && puback["date"]?.numberValue?.int64Value == 1_764_403_201)
        // A private message from bob on s_msg (ENV-PKT-005), decoded as a received message.
        let push = try #require(Self.packet(d[3]))
        #expect(push["topic"] == "s_msg" && push["targetId"] == "alice" && push["messageId"] == 7)
        let received = try #require(d[3].messages.first?.objectValue)
        #expect(received["senderUserId"] == "bob" && received["content"] == ["content": "hi Alice"])
        #expect(received["messageUId"] == "CFQ8-A1B2-C3D4-0002" && received["sentTime"]?.numberValue?.int64Value == 1_764_403_203_180)
        // The client's PUBACK of it, the text message (listed, not decoded), PINGREQ and PINGRESP.
        #expect(Self.packet(d[4])?["messageId"] == 7 && Self.packet(d[4])?["header"]?.objectValue?["type"] == "PUBACK")
        #expect(d[5].packet == nil && d[5].text == #"{"type":"heartbeat"}"#)
        #expect(Self.packet(d[6])?["header"]?.objectValue?["type"] == "PINGREQ")
        #expect(Self.packet(d[7])?["header"]?.objectValue?["type"] == "PINGRESP")
        // The timeline `rongwire har` prints: the sockets, the messages, the other socket skipped.
        let text = CaptureTimeline.lines(har, json: false)
        #expect(text.count == 2 + 8)
        #expect(text[0].hasPrefix("== #1 wss://cn-ws.example.invalid/websocket?appId=8luwapkvucoil&token=alice-…"))
        #expect(text.contains { $0.contains("PUBLISH ppMsgP bob id=1") && $0.contains(#"{"content":"hi Bob"}"#) })
        #expect(text.last?.contains("not a RongCloud socket") == true)
    }

    @Test("a HAR built from a proxied session reads back to the proxy log's timeline; to-vectors of the log passes conform, anonymized too")
    func sessionAsHARAndVectors() async throws {
        let h = try await ProxyHarness.start()
        let alice = try await PeerClient.connect(h.options("alice-token"))
        let bob = try await PeerClient.connect(h.options("bob-token"))
        _ = try await alice.send(OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "hi Bob")))
        _ = try await bob.send(OutboundMessage(.group, targetId: "team", content: TextMessage(content: "hi team")))
        #expect(await alice.waitForMessages(count: 1, timeoutMillis: 5_000))
        #expect(await bob.waitForMessages(count: 1, timeoutMillis: 5_000))
        await alice.close()
        await bob.close()
        await h.waitForQuiet(connections: 2)
        try await h.stop()
        let lines = h.collector.lines
        let logged = lines.filter { $0["event"] == nil }
        #expect(logged.count >= 10)

        // The HAR a browser would save of the same two sockets, written here from the taps'
        // frames (what crossed between the client and the proxy), in Chrome's form.
        var entries: [JSONValue] = []
        for c in h.tap1.connections where c.isWebSocket {
            let target = c.up.firstLine?.split(separator: " ").dropFirst().first.map(String.init) ?? ""
            var events: [(Double, JSONValue)] = []
            for (side, frames) in [("send", c.up.frames), ("receive", c.down.frames)] {
                for f in frames {
                    let data = f.opcode == 1 ? String(decoding: f.payload, as: UTF8.self) : Data(f.payload).base64EncodedString()
                    events.append((f.time, ["type": .string(side), "time": .number(JSONNumber(f.time)), "opcode": .number(JSONNumber(Int64(f.opcode))), "data": .string(data)]))
                }
            }
            // The taps' times order each direction; the HAR lists both in time order.
            let messages = events.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element.1)
            entries.append(["_resourceType": "websocket", "request": ["method": "GET", "url": .string("ws://127.0.0.1:\(h.tap1.port)" + target)], "_webSocketMessages": .array(messages)])
        }
        let harValue: JSONValue = ["log": ["version": "1.2", "entries": .array(entries)]]
        let harBytes = try harValue.canonicalBytes()
        let har = try HARCapture(harBytes: harBytes)
        #expect(har.connections.count == 2 && har.connections.allSatisfy(\.info.isRongCloud) && har.connections.allSatisfy(\.skipped.isEmpty))
        // The same frames decode to the same packets and messages, frame by frame, per connection.
        let byOpen = openLines(lines)
        for (i, c) in har.connections.enumerated() {
            let token = c.info.query["token"]
            let id = byOpen.first { $0["query"]?.objectValue?["token"]?.stringValue == token }?["connection"]?.numberValue?.int64Value
            let fromLog = logged.filter { $0["connection"]?.numberValue?.int64Value == id }
            let fromHAR = Self.decode(c)
            #expect(fromHAR.count == fromLog.count, "connection \(i)")
            // Each side keeps its order; the sides may interleave differently (tap time vs. proxy time).
            for side in [Side.client, .server] {
                let a = fromHAR.filter { $0.frame.from == side }
                let b = fromLog.filter { $0["from"]?.stringValue == side.description }
                #expect(a.map { $0.packet } == b.map { $0["packet"] }, "connection \(i), \(side)")
                #expect(a.map { JSONValue.array($0.messages) } == b.map { .array($0["messages"]?.arrayValue ?? []) }, "connection \(i), \(side)")
                #expect(a.map(\.user) == b.map { $0["user"]?.stringValue }, "connection \(i), \(side)")
            }
        }

        // to-vectors from the proxy log: every vector loads and passes on RongWire's codec, and
        // cites requirements that spec/ defines.
        let log = try CaptureLog.read(h.collector.text)
        #expect(log.connections.count == 2 && log.frames.count == logged.count)
        let requirements = try #require(SpecIndex.requirements(inDirectory: packageRoot() + "/spec"))
        for anonymize in [false, true] {
            let out = try CaptureVectors.make(connections: log.connections, frames: log.frames, options: .init(name: "Proxy", source: "PeerClient through rongwire proxy", anonymize: anonymize))
            #expect(out.decodedCount >= 6 && out.undecodableCount == 0, "anonymize \(anonymize)")
            let vectors = try VectorLoader().load(yaml: out.decoded, file: "captured.yaml")
            #expect(vectors.count == out.decodedCount)
            #expect(Set(vectors.map(\.id)).count == vectors.count)
            let summary = ConformanceRunner(requirements: requirements).run(vectors, on: CodecTestee())
            #expect(summary.count(.pass) == vectors.count && summary.corpusErrors.isEmpty, "\(summary.results.filter { $0.status != .pass }.map { "\($0.vector.id): \($0.detail)" })")
            #expect(try VectorLoader().load(yaml: out.undecodable, file: "undecodable.yaml").isEmpty)
            // Shapes, not messages: the private and the group text are each one vector.
            #expect(vectors.filter { $0.id.contains("ClientPUBLISH-ppMsgP") }.count == 1)
            if anonymize {
                #expect(out.replaced >= 4 && out.notAnonymizable == 0)
                for id in ["alice", "bob", "alice-token", "bob-token"] {
                    #expect(!out.decoded.contains(id), "\(id) is still in the anonymized vectors")
                }
            } else {
                #expect(out.decoded.contains("alice"))
            }
        }
    }

    @Test("a slow log never stalls the relay: frames past its buffer are dropped, counted and said in a dropped line")
    func slowLogDrops() async throws {
        let gate = Gate()
        let h = try await ProxyHarness.start(logBufferBytes: 64, collector: LogCollector(gate: gate))
        let alice = try await PeerClient.connect(h.options("alice-token"))
        let bob = try await PeerClient.connect(h.options("bob-token"))
        for i in 0..<20 {
            _ = try await alice.send(OutboundMessage(.private, targetId: "bob", content: TextMessage(content: "message \(i) " + String(repeating: "x", count: 200))))
        }
        // The log writes nothing yet, and still every message arrives.
        #expect(await bob.waitForMessages(count: 20, timeoutMillis: 10_000))
        gate.openIt()
        await alice.close()
        await bob.close()
        await h.waitForQuiet(connections: 2)
        try await h.stop()
        let counts = h.log.counts
        let wire = h.tap1.connections.reduce(0) { $0 + $1.up.frames.count } + h.tap2.connections.reduce(0) { $0 + $1.down.frames.count }
        #expect(counts.dropped > 0 && counts.droppedBytes > 0)
        #expect(counts.written + counts.dropped == wire)
        let lines = h.collector.lines
        let droppedLines = lines.filter { $0["event"]?.stringValue == "dropped" }
        #expect(droppedLines.reduce(0) { $0 + Int($1["frames"]?.numberValue?.int64Value ?? 0) } == counts.dropped)
        // Opens and closes are never dropped.
        #expect(openLines(lines).count == 2 && lines.filter { $0["event"]?.stringValue == "close" }.count == 2)
        for i in 0..<2 { #expect(h.tap1.connections[i].up.frames == h.tap2.connections[i].up.frames) }
    }

    // MARK: hostile input

    static func harError(_ bytes: [UInt8], maxBytes: Int = HARCapture.defaultMaxBytes) -> CodecError? {
        do throws(CodecError) {
            _ = try HARCapture(harBytes: bytes, maxBytes: maxBytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("a hostile HAR: past its size or depth limit, not a HAR, or not JSON is a typed error; a bad message is skipped with its reason")
    func hostileHAR() throws {
        let example = try Self.readFile(Self.exampleHAR)
        #expect(Self.harError(example, maxBytes: 1_000)?.code == .sizeLimit)
        let deep = Array(String(repeating: "[", count: 100_000).utf8)
        #expect(Self.harError(deep)?.code == .depthLimit)
        #expect(Self.harError(Array(#"{"log":{"entries":{}}}"#.utf8))?.code == .captureFormat)
        #expect(Self.harError(Array("<html>".utf8))?.code == .unexpectedByte)
        #expect(Self.harError([0xFF, 0xFE]) != nil)
        let messages = #"""
            [{"type":"send","time":1,"opcode":2,"data":"not base64!"},{"type":"ping","time":1,"opcode":2,"data":""},
             {"type":"send","opcode":2,"data":""},{"type":"receive","time":1,"opcode":99,"data":""},{"type":"receive","time":1e308,"opcode":2,"data":"0A=="},
             7,{"type":"send","time":2,"opcode":2,"data":"wA=="}]
            """#
        let har = try HARCapture(harBytes: Array(#"{"log":{"entries":[{"request":{"url":"ws://h/websocket?appId=a&token=t"},"_webSocketMessages":\#(messages)}]}}"#.utf8))
        let c = try #require(har.connections.first)
        #expect(c.frames.count == 2)
        #expect(c.skipped.map(\.index) == [0, 1, 2, 3, 5])
        #expect(c.skipped[0].reason.contains("base64") && c.skipped[1].reason.contains("ping"))
        // The timeline still prints every line, with the skipped ones named (and a time past
        // any clock as such).
        #expect(CaptureTimeline.lines(har, json: false).contains { $0.hasPrefix("??:??:??.??? #1 ← ") })
        #expect(CaptureTimeline.lines(har, json: true).filter { $0.contains(#""event":"skipped""#) }.count == 5)
    }

    @Test("a hostile proxy log: a line that is not JSON or misses a member names its line; a line cut off at the end is passed over")
    func hostileLog() throws {
        let good = #"{"time":1,"connection":1,"from":"client","opcode":"binary","hex":"c0"}"#
        #expect(try CaptureLog.read(Array((good + "\n" + #"{"time":2,"conn"#).utf8)).frames.count == 1)
        for (text, code) in [
            (good + "\n{\n", CodecError.Code.truncated), (good + "\n" + #"{"time":1,"connection":1,"from":"x","opcode":"binary","hex":""}"# + "\n", .captureFormat),
            (#"{"time":1,"connection":-1,"from":"client","opcode":"binary","hex":""}"# + "\n", .captureFormat),
            (#"{"time":1,"connection":1,"from":"client","opcode":"binary","hex":"xyz"}"# + "\n", .captureFormat), ("[]\n", .captureFormat),
        ] {
            do throws(CodecError) {
                _ = try CaptureLog.read(Array(text.utf8))
                Issue.record("read: \(text)")
            } catch {
                #expect(error.code == code, "\(text)")
                #expect(error.reason.hasPrefix("line "), "\(error)")
            }
        }
    }

    @Test("the navigation rewrite: server and backupServer name the proxy, every other member and the JSONP around them stay; hostile answers are typed errors")
    func navigationRewrite() throws {
        let answer = Array(#"getServerEndpoint({"code":200,"server":"cn.ws.example:443","backupServer":"b1:443,b2","logSwitch":0,"nested":{"a":[1,2]}});"#.utf8)
        let a = try NavigationAnswer(parsing: answer)
        #expect(a.servers == ["cn.ws.example:443", "b1:443", "b2"])
        let rewritten = String(decoding: a.rewritten(server: "127.0.0.1:8099"), as: UTF8.self)
        #expect(rewritten == #"getServerEndpoint({"code":200,"server":"127.0.0.1:8099","backupServer":"127.0.0.1:8099","logSwitch":0,"nested":{"a":[1,2]}});"#)
        // An object in a string, its quotes escaped (official-sdk-5x.md, Navigation): escaped again.
        let escaped = try NavigationAnswer(parsing: Array(#"cb("{\"code\":200,\"server\":\"a:1\",\"backupServer\":\"\"}")"#.utf8))
        #expect(escaped.escaped)
        #expect(String(decoding: escaped.rewritten(server: "p:2"), as: UTF8.self) == #"cb("{\"code\":200,\"server\":\"p:2\",\"backupServer\":\"\"}")"#)
        for (bytes, code) in [
            (Array(#"getServerEndpoint({"code":401});"#.utf8), CodecError.Code.navigationFormat), (Array("no object".utf8), .navigationFormat),
            (Array(#"{"server":1}"#.utf8), .navigationFormat), (Array("{".utf8) + [UInt8](repeating: 0x20, count: 70_000) + Array("}".utf8), .sizeLimit),
            (Array(String(repeating: "{\"a\":", count: 40).utf8) + Array(String(repeating: "}", count: 40).utf8), .navigationFormat),
        ] {
            do throws(CodecError) {
                _ = try NavigationAnswer(parsing: bytes)
                Issue.record("taken: \(bytes.prefix(40))")
            } catch {
                #expect(error.code == code)
            }
        }
    }
}
