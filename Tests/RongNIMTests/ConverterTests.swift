// Tests/RongNIMTests/ConverterTests.swift - NIM ↔ RC on generated messages, checked against the envelope

import RongCodec
import RongEnvelope
import Testing

@testable import RongNIM
import RongTestSupport

/// A deterministic generator of valid NIM messages covering every type, session and option.
struct MessageGenerator {
    var state: UInt64

    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }

    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func chance(_ p: Double) -> Bool { Double(next() % 1000) < p * 1000 }
    mutating func word() -> String { ["hi", "好的", "😀 ok", "lunch?", "a\"b", "x/y"][int(6)] }

    mutating func message() -> NIMMessage {
        let sessions: [NIMSession] = [
            NIMSession("bob", type: .p2p), NIMSession("t1", type: .team), NIMSession("lobby", type: .chatroom),
            NIMSession("st1", type: .superTeam), NIMSession("ch1", type: .qchat, qchatServerId: "srv1"), NIMSession("kf", type: .ysf),
        ]
        let session = sessions[int(sessions.count)]
        let types: [NIMMessageType] = [
            .text, .image, .audio, .video, .location, .notification, .file, .tip, .robot, .rtcCallRecord, .custom, NIMMessageType(rawValue: 8),
        ]
        var m = NIMMessage(types[int(types.count)], session: session)
        if chance(0.7) { m.messageId = "m\(next() % 100_000)" }
        if chance(0.3) { m.serverID = "\(next() % 1_000_000_000)" }
        if chance(0.7) { m.from = "alice" }
        if chance(0.7) { m.timestamp = chance(0.5) ? JSONNumber(Int64(1_700_000_000 + int(1000))) : JSONNumber(1_700_000_000.25 + Double(int(1000))) }
        switch m.messageType {
        case .text: m.text = word()
        case .image:
            var o = NIMImageObject()
            o.url = "https://n/\(int(99)).jpg"
            if chance(0.5) { o.thumbUrl = "https://n/t.jpg" }
            if chance(0.5) { o.displayName = word() }
            if chance(0.3) { o.size = NIMSize(width: 10, height: 20) }
            m.object = .image(o)
        case .audio:
            var o = NIMAudioObject()
            o.url = "https://n/a.aac"
            o.duration = chance(0.5) ? Int64(int(60)) * 1000 : Int64(int(60_000))
            m.object = .audio(o)
        case .video:
            var o = NIMVideoObject()
            o.url = "https://n/v.mp4"
            o.duration = Int64(int(60)) * 1000
            if chance(0.5) { o.fileLength = Int64(int(1 << 20)) + 1 }
            if chance(0.3) { o.md5 = "abc" }
            m.object = .video(o)
        case .location:
            m.object = .location(NIMLocationObject(latitude: JSONNumber(Double(int(180)) - 89.5), longitude: JSONNumber(Double(int(360)) - 179.25), title: chance(0.5) ? word() : nil))
        case .notification:
            if session.sessionType == .chatroom {
                m.object = .notification(NIMNotificationObject(notificationType: 3, content: .chatroom(NIMChatroomNotificationContent(eventType: 301))))
            } else {
                var t = NIMTeamNotificationContent(operationType: int(11))
                t.sourceID = "owner"
                if chance(0.5) { t.targetIDs = ["u1", "u2"] }
                if chance(0.3) { t.attachment = JSONObject([.init(key: "values", value: ["3": "name"])]) }
                m.object = .notification(NIMNotificationObject(notificationType: 1, content: .team(t)))
            }
        case .file:
            var o = NIMFileObject()
            o.displayName = ["a.pdf", "README", "x.tar.gz"][int(3)]
            o.url = "https://n/f"
            o.fileLength = Int64(int(100_000)) + 1
            m.object = .file(o)
        case .tip: m.text = chance(0.8) ? word() : nil; m.object = .tip
        case .robot:
            var o = NIMRobotObject(robotId: "bot1", isFromRobot: chance(0.5))
            if o.isFromRobot { o.response = JSONObject([.init(key: "answer", value: "sunny")]) } else { o.content = word() }
            m.text = chance(0.5) ? word() : nil
            m.object = .robot(o)
        case .rtcCallRecord:
            var o = NIMRtcCallRecordObject(callType: 1 + int(2), callStatus: 1 + int(5))
            if chance(0.5) { o.channelID = "6146078138783760761" }
            if chance(0.5) { o.durations = [.init(accountId: "alice", seconds: Int64(int(600))), .init(accountId: "bob", seconds: 0)] }
            m.text = chance(0.5) ? word() : nil
            m.object = .callRecord(o)
        case .custom:
            m.object = .custom([#"{"type":"redPacket","amount":5}"#, #"{"type":2}"#, #"{"kind":"poll"}"#, "not json", #"{"objectName":"RC:GIFMsg","content":{"remoteUrl":"u"}}"#][int(5)])
        default: m.object = .unknown(["x": 1])
        }
        if chance(0.2) { m.setting.shouldBeCounted = false }
        if chance(0.1) { m.setting.apnsEnabled = false }
        if chance(0.1) { m.setting.persistEnable = false }
        if chance(0.1) { m.setting.historyEnabled = false }
        if chance(0.2) { m.remoteExt = JSONObject([.init(key: "k", value: .number(JSONNumber(int(9))))]) }
        if chance(0.2) { m.apnsContent = word() }
        if chance(0.1) { m.apnsPayload = JSONObject([.init(key: "sound", value: "a.caf")]) }
        if session.sessionType == .chatroom && chance(0.5) {
            var x = NIMChatroomExtension()
            x.roomNickname = "Ann"
            if chance(0.5) { x.roomExt = "{}" }
            m.messageExt = x
        }
        if chance(0.2) { m.local.isOutgoingMsg = true; m.local.deliveryState = int(3) }
        if chance(0.1) { m.local.localExt = JSONObject([.init(key: "pinned", value: true)]) }
        if chance(0.05) { m.local.isDeleted = true }
        return m
    }
}

@Suite("NIM converter")
struct ConverterTests {
    let converter = NIMConverter(mapping: .conformance)

    @Test("1,500 generated messages: valid NIM form, sendable RC records, exact round trips when nothing is lost")
    func generated() throws {
        var g = MessageGenerator(state: 0x2545_F491_4F6C_DD1D)
        var lossless = 0, sent = 0
        for _ in 0..<1500 {
            let m = g.message()
            // The generator makes valid messages: the JSON form reads them back unchanged.
            let record = try NIMRecord(json: try NIMRecord.message(m).jsonValue().canonicalBytes())
            #expect(record == .message(m))
            let there = try converter.toRC(record, messageId: 7)
            #expect(there.losses == there.losses.sorted())
            guard let rc = there.output else {
                #expect(!there.losses.isEmpty, "a record without counterpart names its loss")
                continue
            }
            // The record is the outbound message JSON form: the envelope builds its PUBLISH.
            let (outbound, id) = try OutboundMessage.decodeJSON(rc.jsonValue())
            #expect(id == 7)
            #expect(outbound.effectivePersistence == rc.persistence)
            #expect(try !outbound.encoded(messageId: id).isEmpty)
            sent += 1
            let back = try converter.fromRC(try RCMessageRecord(json: try rc.jsonValue().canonicalBytes()))
            if there.isLossless && back.isLossless {
                lossless += 1
                let text = String(decoding: try NIMRecord.message(m).jsonValue().canonicalBytes(), as: UTF8.self)
                #expect(back.output == .message(m), "\(text)")
            }
        }
        #expect(sent > 1000)
        #expect(lossless > 250)
    }

    @Test("strict mode names the first loss")
    func strict() throws {
        var m = NIMMessage(.text, session: NIMSession("bob", type: .p2p))
        m.text = "hi"
        m.local.senderName = "Ann"
        m.setting.apnsWithPrefix = false
        let result = try converter.toRC(.message(m))
        #expect(result.losses.map(\.path) == ["$.senderName", "$.setting.apnsWithPrefix"])
        expectCodecError(.lossyConversion) { try result.requireLossless() }
        do {
            try result.requireLossless()
        } catch {
            #expect(error.path == "$.senderName")
            #expect(error.reason.contains("NIM-MAP-FIELD-008"))
        }
    }

    @Test("the mapping file is read strictly", arguments: [
        (#"{"types":[{"value":"a","objectName":"RC:Red"}]}"#, "invalidObjectName", "$.types[0].objectName"),
        (#"{"types":[{"value":"a","objectName":"NIM:Custom"}]}"#, "invalidObjectName", "$.types[0].objectName"),
        (#"{"types":[{"value":true,"objectName":"App:A"}]}"#, "typeMismatch", "$.types[0].value"),
        (#"{"types":[{"value":1,"objectName":"App:A"},{"value":1.0,"objectName":"App:B"}]}"#, "invalidValue", "$.types[1].value"),
        (#"{"types":[{"value":1,"objectName":"App:A"},{"value":2,"objectName":"App:A"}]}"#, "invalidValue", "$.types[1].objectName"),
        (#"{"discriminator":"kind"}"#, "missingRequiredField", "$.types"),
        (#"{"types":[],"extra":1}"#, "invalidValue", "$.extra"),
    ])
    func mappingErrors(_ text: String, _ code: String, _ path: String) {
        do {
            _ = try NIMCustomTypeMapping(json: Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code.rawValue == code)
            #expect(error.path == path)
        }
    }

    @Test("a mapping file with another discriminator")
    func otherDiscriminator() throws {
        let mapping = try NIMCustomTypeMapping(json: Array(#"{"discriminator":"t","types":[{"value":7,"objectName":"App:Card"}]}"#.utf8))
        let c = NIMConverter(mapping: mapping)
        var m = NIMMessage(.custom, session: NIMSession("bob", type: .p2p))
        m.object = .custom(#"{"t":7,"name":"x"}"#)
        let rc = try #require(try c.toRC(.message(m)).output)
        #expect(rc.objectName == "App:Card")
        let back = try c.fromRC(RCMessageRecord(.private, targetId: "bob", objectName: "App:Card", content: Array(#"{"name":"y"}"#.utf8)))
        guard case .message(let n)? = back.output, case .custom(let payload)? = n.object else { Issue.record("not a custom message"); return }
        #expect(payload == #"{"name":"y","t":7}"#)
    }
}
