// Tests/RongPeerTests/SDK5SettingsTests.swift - what RongIMLib 5.x brings to the peer's inputs: navigation switches, channels, protocolVer, a version-4 client

import RongCodec
import RongEnvelope
import Testing

@testable import RongPeer

@Suite("RongIMLib 5.x settings: fixture, URL, client")
struct SDK5SettingsTests {
    @Test("PEER-NAVI-003: app.navigation and an ultragroup's channels load and round-trip through yamlText()")
    func fixture() throws {
        let f = try PeerFixture.load(yaml: """
            app: {navigation: {openAnti: 1, ugMsg: 0, grpRRVer: 1}}
            users: [{id: alice}]
            ultragroups: [{id: guild, members: [alice], channels: [ch1, ch2]}, {id: open, members: [alice]}]
            """)
        #expect(f.app.navigation == PeerFixture.NavigationSwitches(openAnti: true, ugMsg: false, grpRRVer: true))
        #expect(f.ultragroups["guild"]?.channels == ["ch1", "ch2"] && f.ultragroups["open"]?.channels == [])
        #expect(f.ultragroups["guild"]?.hasChannel("ch1") == true && f.ultragroups["guild"]?.hasChannel("ch3") == false)
        #expect(f.ultragroups["guild"]?.hasChannel("") == true && f.ultragroups["open"]?.hasChannel("any") == true)
        #expect(try PeerFixture.load(yaml: f.yamlText()) == f)
        #expect(PeerFixture().app.navigation == PeerFixture.NavigationSwitches(), "all off by default")
        #expect(!PeerFixture().yamlText().contains("navigation"), "written only when set")
    }

    static let refused: [(String, String)] = [
        ("app: {navigation: {openAnti: 2}}\n", "`openAnti` is 0 or 1, as navigation carries it"),
        ("app: {navigation: {ugMsg: true}}\n", "`ugMsg`"),
        ("app: {navigation: {voip: 1}}\n", "unknown key `voip`"),
        ("groups: [{id: team, members: [a], channels: [c]}]\n", "unknown key `channels`"),
        ("ultragroups: [{id: g, members: [a], channels: [abcdefghijklmnopqrstu]}]\n", "channel id `abcdefghijklmnopqrstu` is over 20 characters"),
        ("ultragroups: [{id: g, members: [a], channels: [c, c]}]\n", "a channel is listed twice"),
        ("ultragroups: [{id: g, members: [a], channels: [\((0...50).map { "c\($0)" }.joined(separator: ", "))]}]\n", "an ultragroup has at most 50 channels"),
    ]

    @Test("fixture refusals of the 5.x keys", arguments: refused)
    func refusals(_ text: String, _ message: String) {
        do {
            _ = try PeerFixture.load(yaml: text, file: "f.yaml")
            Issue.record("loaded: \(text)")
        } catch {
            #expect(error.message.contains(message), "\(error)")
        }
    }

    @Test("PEER-CONN-006: protocolVer absent or 3 is version 3, 4 version 4, anything else none")
    func protocolParameter() {
        #expect(ConnectParams(query: [:]).protocolVersion == .v3)
        #expect(ConnectParams(query: ["protocolVer": "3"]).protocolVersion == .v3)
        #expect(ConnectParams(query: ["protocolVer": "4"]).protocolVersion == .v4)
        for bad in ["5", "", "04x", "-4", "300"] { #expect(ConnectParams(query: ["protocolVer": bad]).protocolVersion == nil, "\(bad)") }
    }

    @Test("a version-4 client asks with protocolVer=4, reads the CONNACK's user id and seeds its ids from its message id")
    func client() {
        var o = PeerClientOptions(url: "ws://127.0.0.1:1/websocket", token: "t")
        #expect(!o.requestURI(path: "/websocket").contains("protocolVer"))
        o.protocolVersion = .v4
        o.autoPull = false
        #expect(o.requestURI(path: "/websocket").hasSuffix("&protocolVer=4"))
        var m = ClientStateMachine(options: o)
        _ = m.open(timeoutMillis: 1000)
        let ack = Packet.ConnAck.accepted(userId: "alice", sessionId: "s", timestamp: 1, messageId: 1000, protocol: .v4)
        _ = m.receive(Packet(.connAck(ack), retain: true), now: 0)
        #expect(m.userId == "alice" && m.connAckMessageId == 1000)
        let (_, actions) = m.query(topic: .pullUS, targetId: "alice", payload: [], now: 0)
        let ids = actions.compactMap { a -> UInt16? in
            if case .write(let p) = a, case .query(let q) = p.body { q.messageId } else { nil }
        }
        #expect(ids == [1001], "5.7.2's first request after seed 1000")
    }
}
