// Tests/RongNIMTests/FormsTests.swift - NetEase's forms: detection, round trips with their losses, hostile input

import RongCodec
import RongTestSupport
import Testing

@testable import RongNIM

@Suite("NIM forms")
struct FormsTests {
    static let converter = NIMConverter(mapping: .conformance)

    static func value(_ text: String) throws -> JSONValue { try JSONValue(parsing: Array(text.utf8)) }

    /// One record of each form, shaped after NetEase's own code (spec/nim.md, "NetEase's sources").
    static let samples: [(NIMForm, String)] = [
        (.rongwire, #"{"messageType":0,"session":{"sessionId":"bob","sessionType":0},"text":"hi"}"#),
        (.serverV1Send, #"{"from":"a1","ope":"0","to":"b1","type":"0","body":"{\"msg\":\"哈哈哈\"}"}"#),
        (.serverV1History, #"{"from":"a1","msgid":1083484,"msgidclient":"c1","sendtime":1700000000123,"type":0,"body":{"msg":"x"},"to":"b1","ope":0}"#),
        (.serverV2, #"{"conversation_id":"a1|1|b1","message":{"message_type":0,"text":"hi"}}"#),
        (.serverV2, #"{"message_server_id":1,"conversation_type":1,"sender_id":"a1","receiver_id":"b1","message_type":0,"text":"hi"}"#),
        (.cSDK, #"{"to_type":0,"to_accid":"bob","from_id":"alice","msg_type":0,"msg_body":"hi"}"#),
        (.cSDK, #"{"to_type":0,"from_id":"alice","to_id":"bob","msg_id":"c6","msg_time":1700000000123}"#),
        (.cSDK, #"{"rescode":200,"feature":0,"content":{"to_type":0,"to_accid":"bob","msg_type":0,"msg_body":"hi"}}"#),
        (.webSDK, #"{"scene":"p2p","from":"alice","to":"bob","type":"text","text":"hi","idClient":"c1","flow":"out"}"#),
        (.webSDK, #"{"chatroomId":"room","from":"alice","type":"text","text":"hi"}"#),
    ]

    @Test("each form is told apart by its keys", arguments: samples.indices)
    func detection(_ i: Int) throws {
        let (form, text) = Self.samples[i]
        #expect(try NIMForm.detect(Self.value(text)) == form)
        let read = try NIMFormRecord(json: Array(text.utf8))
        #expect(read.form == form)
        // What was read is a valid record of RongWire's own form (one set of rules for every form).
        #expect(try NIMRecord(json: read.record.jsonValue().canonicalBytes()) == read.record)
    }

    @Test(
        "a record of no form, of two, or NetEase's callback is unknownNIMForm, naming the deciding keys",
        arguments: [
            (#"{"foo":1}"#, "server-v1-history (msgid, msgidclient, sendtime, fromclienttype)"),
            (#"{"ope":0,"scene":"p2p"}"#, "server-v1-send (ope), web-sdk (scene)"),
            (#"{"eventType":1,"fromAccount":"a","msgType":"TEXT"}"#, "message callback (keys eventType, fromAccount)"),
        ])
    func unknownForm(_ text: String, _ named: String) throws {
        let e = try #require(throws: CodecError.self) { try NIMFormRecord(json: Array(text.utf8)) }
        #expect(e.code == .unknownNIMForm)
        #expect(e.reason.contains(named))
    }

    @Test("a Python str(dict) body is refused as such, with the fix")
    func pythonBody() throws {
        let e = try #require(throws: CodecError.self) {
            try NIMFormRecord(json: Array(#"{"from":"a","ope":0,"to":"b","type":0,"body":"{'msg': 'hello'}"}"#.utf8))
        }
        #expect(e.code == .invalidEmbeddedJSON)
        #expect(e.path == "$.body")
        #expect(e.reason.contains("Python") && e.reason.contains("json.dumps"))
        // Plain bad JSON is refused with the same code but no Python diagnosis.
        let plain = try #require(throws: CodecError.self) {
            try NIMFormRecord(json: Array(#"{"from":"a","ope":0,"to":"b","type":0,"body":"{\"msg\":"}"#.utf8))
        }
        #expect(plain.code == .invalidEmbeddedJSON && !plain.reason.contains("Python"))
    }

    @Test("a loss found on the model is reported where the input held the value")
    func lossPaths() throws {
        let text = #"{"to_type":1,"to_accid":"t1","msg_type":1,"msg_attach":"{\"url\":\"u\",\"w\":2,\"h\":3,\"md5\":\"m\"}","local_res_path":"/a.jpg"}"#
        let result = try Self.converter.toRC(try NIMFormRecord(json: Array(text.utf8)))
        #expect(result.losses.map(\.path) == ["$.local_res_path", "$.msg_attach.h", "$.msg_attach.md5", "$.msg_attach.w"])
        // An error found on the model is at the input's path too.
        let big = String(repeating: "x", count: 501)
        let e = try #require(throws: CodecError.self) {
            try NIMFormRecord(json: Array(#"{"to_type":0,"to_accid":"b","msg_type":0,"msg_body":"x","push_content":"\#(big)"}"#.utf8))
        }
        #expect(e.code == .sizeLimit && e.path == "$.push_content")
    }

    // MARK: Round trips: NIM form → RC → the same NIM form, with what is lost

    static func roundTrip(_ text: String, _ form: NIMForm) throws -> (back: JSONValue?, toRC: [NIMLoss], fromRC: [NIMLoss]) {
        let there = try converter.toRC(try NIMFormRecord(json: Array(text.utf8), form: form))
        let rc = try #require(there.output)
        let back = try converter.fromRC(try RCMessageRecord(json: rc.jsonValue().canonicalBytes()), form: form)
        return (back.output, there.losses, back.losses)
    }

    @Test("v1 send parameters → RC → v1: the image comes back without what RC:ImgMsg cannot carry")
    func v1ImageRoundTrip() throws {
        // JSRV TestHistoryV1.java:576-597.
        let body = #"{\"name\":\"测试图片.jpg\",\"md5\":\"9894907e4ad9de4678091277509361f7\",\"url\":\"http://example.com/image.jpg\",\"ext\":\"jpg\",\"w\":800,\"h\":600,\"size\":102400}"#
        let text = #"{"from":"a1","ope":"1","to":"2366968294","type":"1","body":"\#(body)","pushContent":"新消息: 图片"}"#
        let (back, toRC, fromRC) = try Self.roundTrip(text, .serverV1Send)
        #expect(
            back
                == (try Self.value(
                    #"{"from":"a1","ope":"1","to":"2366968294","type":"1","body":"{\"name\":\"测试图片.jpg\",\"url\":\"http://example.com/image.jpg\",\"ext\":\"jpg\"}","pushContent":"新消息: 图片"}"#
                )))
        #expect(toRC.map(\.description) == ["$.body.h (NIM-MAP-IMAGE-001)", "$.body.md5 (NIM-MAP-IMAGE-001)", "$.body.size (NIM-MAP-IMAGE-001)", "$.body.w (NIM-MAP-IMAGE-001)"])
        #expect(fromRC.isEmpty)
    }

    @Test("v1 send parameters → RC → v1: a text with push and ext comes back whole; the subtype, Yidun options and option are lost")
    func v1TextRoundTrip() throws {
        let text = #"{"from":"a1","ope":"0","to":"b1","type":"0","body":"{\"msg\":\"hi\"}","antispam":"true","pushContent":"p","payload":"{\"sound\":\"a\"}","ext":"{\"k\":1}","subType":"3","option":"{\"roam\":false}"}"#
        let (back, toRC, fromRC) = try Self.roundTrip(text, .serverV1Send)
        #expect(back == (try Self.value(#"{"from":"a1","ope":"0","to":"b1","type":"0","body":"{\"msg\":\"hi\"}","pushContent":"p","payload":"{\"sound\":\"a\"}","ext":"{\"k\":1}"}"#)))
        #expect(toRC.map(\.description) == ["$.antispam (NIM-MAP-PERSIST-004)", "$.option (NIM-FORM-002)", "$.subType (NIM-MAP-FIELD-010)"])
        #expect(fromRC.isEmpty)
    }

    @Test("a v2 send request → RC → v2 comes back equal when RongCloud can carry all of it")
    func v2RoundTrip() throws {
        let text =
            #"{"conversation_id":"a1|2|t1","message":{"message_client_id":"c1","message_type":0,"text":"hi"},"message_config":{"unread_enabled":false},"push_config":{"push_enabled":false,"push_content":"p","push_payload":"{\"sound\":\"a\"}"},"extension":"{\"k\":1}"}"#
        let (back, toRC, fromRC) = try Self.roundTrip(text, .serverV2)
        #expect(back == (try Self.value(text)))
        #expect(toRC.isEmpty && fromRC.isEmpty)
    }

    @Test("a v2 answer's message → RC → v2 is a send request: the server's id and time are lost on the way back")
    func v2ItemRoundTrip() throws {
        let text = #"{"message_server_id":4001,"conversation_type":1,"sender_id":"a1","receiver_id":"b1","message_type":0,"create_time":1700000000123,"message_client_id":"c2","text":"hi"}"#
        let (back, toRC, fromRC) = try Self.roundTrip(text, .serverV2)
        #expect(back == (try Self.value(#"{"conversation_id":"a1|1|b1","message":{"message_client_id":"c2","message_type":0,"text":"hi"}}"#)))
        #expect(toRC.isEmpty)
        #expect(fromRC.map(\.description) == ["$.serverID (NIM-FORM-WRITE-001)", "$.timestamp (NIM-FORM-WRITE-001)"])
    }

    @Test("the C SDK's rock-paper-scissors → RC → a v2 send request: the payload survives, the display text does not")
    func crossForm() throws {
        let text = #"{"to_type":0,"to_accid":"bob","from_id":"alice","time":1700000000123,"msg_type":100,"msg_body":"这是一个猜拳","msg_attach":"{\"data\":{\"value\":2},\"type\":1}\n","client_msg_id":"c6"}"#
        let there = try Self.converter.toRC(try NIMFormRecord(json: Array(text.utf8)))
        #expect(there.losses.map(\.description) == ["$.msg_attach (NIM-MAP-CUSTOM-001)", "$.msg_body (NIM-MAP-TEXT-002)"])
        let rc = try #require(there.output)
        let back = try Self.converter.fromRC(rc, form: .serverV2)
        #expect(back.output == (try Self.value(#"{"conversation_id":"alice|1|bob","message":{"message_client_id":"c6","message_type":100,"attachment":{"data":{"value":2},"type":1}}}"#)))
    }

    @Test("the v1 writer writes strings only, as a form-urlencoded post carries them")
    func v1Strings() throws {
        let rc = try RCMessageRecord(
            json: Array(
                #"{"conversationType":3,"targetId":"t1","objectName":"RC:LBSMsg","content":"{\"latitude\":30.27,\"longitude\":120.15,\"poi\":\"HZ\"}","$senderUserId":"a"}"#.utf8))
        let out = try #require(try Self.converter.fromRC(rc, form: .serverV1Send).output?.objectValue)
        #expect(out.allSatisfy { $0.value.stringValue != nil })
        #expect(out["body"] == .string(#"{"title":"HZ","lng":120.15,"lat":30.27}"#))
        // And reads back as the same location.
        let again = try NIMFormRecord(json: .object(out))
        guard case .message(let m) = again.record, case .location(let l)? = m.object else { Issue.record("not a location"); return }
        #expect(l.latitude == 30.27 && l.longitude == 120.15 && l.title == "HZ")
    }

    // MARK: Hostile input

    @Test("mutated NetEase records: a typed error, or a record that reads back and converts without trapping")
    func hostile() throws {
        var state: UInt64 = 0x0BAD_F00D_CAFE_1234
        var accepted = 0
        for (_, seed) in Self.samples {
            for input in HostileInputTests.mutations(of: seed, count: 600, state: &state) {
                let read: NIMFormRecord
                do throws(CodecError) { read = try NIMFormRecord(json: input) } catch { continue }
                accepted += 1
                #expect(try NIMRecord(json: read.record.jsonValue().canonicalBytes()) == read.record)
                #expect(read.losses.allSatisfy { $0.path.hasPrefix("$") })
                do throws(CodecError) {
                    let c = try Self.converter.toRC(read)
                    #expect(c.losses.allSatisfy { $0.path.hasPrefix("$") })
                    if let rc = c.output {
                        for form in NIMForm.writable { _ = try? Self.converter.fromRC(rc, form: form) }
                    }
                } catch {}
            }
        }
        #expect(accepted > 100)
    }
}
