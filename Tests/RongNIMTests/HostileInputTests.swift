// Tests/RongNIMTests/HostileInputTests.swift - mutated records: a typed error or a valid result, never a crash

import RongCodec
import Testing

@testable import RongNIM

@Suite("NIM hostile input")
struct HostileInputTests {
    static let nimSeeds = [
        #"{"messageId":"m1","messageType":1,"from":"a","session":{"sessionId":"t","sessionType":1},"timestamp":1700000000.5,"attachment":{"url":"u","size":{"width":1,"height":2},"fileLength":3},"setting":{"shouldBeCounted":false},"remoteExt":{"k":[1,{"x":null}]},"isOutgoingMsg":true,"deliveryState":1}"#,
        #"{"messageType":5,"session":{"sessionId":"t","sessionType":1},"attachment":{"notificationType":1,"content":{"sourceID":"o","operationType":3,"targetIDs":["a"],"attachment":{"values":{"3":"n"}}}}}"#,
        #"{"messageType":100,"session":{"sessionId":"r","sessionType":2},"attachment":"{\"type\":\"redPacket\",\"user\":{}}","messageExt":{"roomNickname":"A"}}"#,
        #"{"revoke":{"fromUserId":"a","session":{"sessionId":"c","sessionType":6,"qchatServerId":"s"},"timestamp":1.5,"message":{"messageType":11,"text":"t","attachment":{"robotId":"r"}}}}"#,
    ]
    static let rcSeeds = [
        #"{"conversationType":4,"targetId":"lobby","objectName":"RC:TxtMsg","content":"{\"content\":\"hi\",\"user\":{\"id\":\"a\",\"name\":\"A\"},\"extra\":\"{}\"}","persistence":16,"silent":true,"pushData":"{}","$senderUserId":"a","$sentTime":1,"$local":{"direction":"sent","sentStatus":"read","receivedStatus":["listened"],"extra":"{}"}}"#,
        #"{"conversationType":3,"targetId":"t","objectName":"RC:GrpNtf","content":"{\"operatorUserId\":\"o\",\"operation\":\"NIM:Mute\",\"data\":\"{\\\"nimOperationType\\\":10}\"}"}"#,
        #"{"conversationType":1,"targetId":"b","objectName":"RC:RcNtf","content":"{\"operatorId\":\"a\",\"recallTime\":5,\"originalObjectName\":\"RC:SightMsg\",\"originalMessageContent\":{\"sightUrl\":\"u\",\"duration\":2147483647}}"}"#,
        #"{"conversationType":10,"targetId":"s","channelId":"c","objectName":"App:Gift","content":{"hex":"7b2274797065223a327d"}}"#,
    ]

    /// Bit flips, byte deletions, insertions of JSON punctuation and truncations of the seeds.
    static func mutations(of seed: String, count: Int, state: inout UInt64) -> [[UInt8]] {
        let base = Array(seed.utf8)
        let alphabet = Array(#"{}[]":,\-0123456789.eE tfn"#.utf8) + [0x00, 0xFF, 0xC3]
        var out: [[UInt8]] = []
        for _ in 0..<count {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            var b = base
            for _ in 0..<(1 + Int(state % 3)) {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                let i = Int(state % UInt64(max(1, b.count)))
                switch state >> 60 % 4 {
                case 0: if !b.isEmpty { b[i] ^= UInt8(1 << (state >> 32 % 8)) }
                case 1: if !b.isEmpty { b.remove(at: i) }
                case 2: b.insert(alphabet[Int(state >> 40) % alphabet.count], at: min(i, b.count))
                default: b = Array(b.prefix(i))
                }
            }
            out.append(b)
        }
        return out
    }

    @Test("6,000 mutated NIM records: decode and convert give a typed error or records that read back")
    func nimSide() throws {
        let converter = NIMConverter(mapping: .conformance)
        var state: UInt64 = 0xDEAD_BEEF_1234_5678
        var accepted = 0
        for seed in Self.nimSeeds {
            for input in Self.mutations(of: seed, count: 1500, state: &state) {
                guard let record = try? NIMRecord(json: input) else { continue }
                accepted += 1
                // Accepted input is in canonical form afterwards, and reads back the same.
                #expect(try NIMRecord(json: record.jsonValue().canonicalBytes()) == record)
                if let rc = try? converter.toRC(record).output {
                    #expect(throws: Never.self) { _ = try RCMessageRecord(json: rc.jsonValue().canonicalBytes()) }
                }
            }
        }
        #expect(accepted > 100)
    }

    @Test("6,000 mutated RC records: conversion gives a typed error or a NIM record that reads back")
    func rcSide() throws {
        let converter = NIMConverter(mapping: .conformance)
        var state: UInt64 = 0x0123_4567_89AB_CDEF
        var converted = 0
        for seed in Self.rcSeeds {
            for input in Self.mutations(of: seed, count: 1500, state: &state) {
                guard let record = try? RCMessageRecord(json: input), let result = try? converter.fromRC(record) else { continue }
                guard let nim = result.output else { continue }
                converted += 1
                #expect(throws: Never.self) { _ = try NIMRecord(json: nim.jsonValue().canonicalBytes()) }
            }
        }
        #expect(converted > 100)
    }

    @Test("values the Swift API allows but the JSON form does not are converted without trapping")
    func outOfRangeSwiftValues() throws {
        var m = NIMMessage(.notification, session: NIMSession("t", type: .team))
        m.object = .notification(NIMNotificationObject(notificationType: 1, content: .team(NIMTeamNotificationContent(operationType: 99))))
        m.local.deliveryState = 7
        m.timestamp = -2.5
        let rc = try #require(try NIMConverter().toRC(.message(m)).output)
        #expect(String(decoding: rc.content, as: UTF8.self).contains(#""operation":"NIM:99""#))
        #expect(TimeConversion.seconds(fromMilliseconds: -1).description == "-0.001")
    }
}
