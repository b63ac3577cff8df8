// Tests/RongNIMTests/NIMModelTests.swift - the NIM message JSON form: canonical form, errors, API

import RongCodec
import Testing

@testable import RongNIM
import RongTestSupport

@Suite("NIM message JSON form")
struct NIMModelTests {
    static let inputs = [
        #"{"messageType":0,"session":{"sessionId":"bob","sessionType":0},"text":"hi","setting":{"historyEnabled":true}}"#,
        #"{"from":"a","messageType":1,"session":{"sessionId":"bob","sessionType":0},"attachment":{"size":{"height":2,"width":1},"url":"u"}}"#,
        #"{"messageType":3,"session":{"sessionId":"t","sessionType":1},"attachment":{"duration":1,"coverSize":{"width":1.5,"height":0}}}"#,
        #"{"messageType":5,"session":{"sessionId":"r","sessionType":2},"attachment":{"notificationType":3,"content":{"eventType":302,"ext":[1]}}}"#,
        #"{"messageType":11,"session":{"sessionId":"b","sessionType":0},"attachment":{"robotId":"x","isFromRobot":true,"response":{}}}"#,
        #"{"messageType":100,"session":{"sessionId":"q","sessionType":6,"qchatServerId":"s"},"attachment":"{}","isDeleted":false}"#,
        #"{"revoke":{"session":{"sessionId":"bob","sessionType":0},"message":{"messageType":10,"attachment":{}}}}"#,
    ]

    @Test("decode → canonical form → decode is a fixed point", arguments: inputs)
    func fixedPoint(_ text: String) throws {
        let first = try NIMRecord(json: Array(text.utf8))
        let bytes = try first.jsonValue().canonicalBytes()
        let second = try NIMRecord(json: bytes)
        #expect(second == first)
        #expect(try second.jsonValue().canonicalBytes() == bytes)
    }

    @Test("errors carry a stable code and the JSON path", arguments: [
        (#"{"messageType":4,"session":{"sessionId":"u","sessionType":0},"attachment":{"latitude":120.15515,"longitude":30.27415}}"#, "invalidValue", "$.attachment.latitude"),
        (#"{"messageType":0,"session":{"sessionId":"u","sessionType":0},"text":"x","setting":{"scene":1}}"#, "invalidValue", "$.setting.scene"),
        (#"{"messageType":0,"session":{"sessionId":"u","sessionType":9},"text":"x"}"#, "invalidValue", "$.session.sessionType"),
        (#"{"messageType":6,"session":{"sessionId":"u","sessionType":0},"attachment":{"fileLength":"12"}}"#, "typeMismatch", "$.attachment.fileLength"),
        (#"{"revoke":{"session":{"sessionId":"u","sessionType":0},"message":{"messageType":0,"text":"x","from":"a"}}}"#, "invalidValue", "$.revoke.message.from"),
        (#"{"messageType":0,"session":{"sessionId":"u","sessionType":0},"text":"x","remoteExt":{"a b":{"c":[1,{}]}},"x":1}"#, "invalidValue", "$.x"),
        (#"{"messageType":0,"session":{"sessionId":"u","sessionType":0},"text":"x","remoteExt":{"k":"\u0000"}"#, "truncated", "$.remoteExt"),
    ])
    func errors(_ text: String, _ code: String, _ path: String) {
        do {
            _ = try NIMRecord(json: Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.code.rawValue == code)
            #expect(error.path == path)
        }
    }

    @Test("the Swift API builds what the JSON form reads")
    func swiftAPI() throws {
        var m = NIMMessage(.location, session: NIMSession("bob", type: .p2p))
        m.object = .location(NIMLocationObject(latitude: 30.27415, longitude: 120.15515, title: "address"))
        m.setting.shouldBeCounted = false
        m.timestamp = 1_700_000_000.5
        let text = try m.jsonString()
        #expect(text == #"{"messageType":4,"session":{"sessionId":"bob","sessionType":0},"timestamp":1700000000.5,"attachment":{"latitude":30.27415,"longitude":120.15515,"title":"address"},"setting":{"shouldBeCounted":false}}"#)
        #expect(try NIMMessage(json: text) == m)
    }

    @Test("a record's size and depth are bounded by the options")
    func limits() {
        let deep = #"{"messageType":0,"session":{"sessionId":"u","sessionType":0},"text":"x","remoteExt":"# + String(repeating: #"{"a":"#, count: 70) + "1" + String(repeating: "}", count: 71)
        expectCodecError(.depthLimit) { try NIMRecord(json: Array(deep.utf8)) }
        expectCodecError(.sizeLimit) {
            try NIMRecord(json: Array(#"{"messageType":0,"session":{"sessionId":"u","sessionType":0},"text":"hello"}"#.utf8), options: DecodingOptions(maxContentBytes: 20))
        }
    }
}
