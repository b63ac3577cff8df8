// Tests/RongEnvelopeTests/BodyValueTests.swift - the public body values against bytes written by hand

import RongCodec
import RongEnvelope
import Testing

/// A protobuf field key of any field number.
private func fieldKey(_ field: UInt64, _ wireType: UInt64) -> [UInt8] { varint(field << 3 | wireType) }
/// A varint field of any field number; negative values as protobuf writes int32/int64 (ten bytes).
private func vField(_ field: UInt64, _ value: Int64) -> [UInt8] { fieldKey(field, 0) + varint(UInt64(bitPattern: value)) }
/// A length-delimited field of any field number.
private func ldField(_ field: UInt64, _ payload: [UInt8]) -> [UInt8] { fieldKey(field, 2) + varint(UInt64(payload.count)) + payload }
private func ldField(_ field: UInt64, _ text: String) -> [UInt8] { ldField(field, Array(text.utf8)) }

@Suite("Body values")
struct BodyValueTests {
    static let content = Array(#"{"content":"hi"}"#.utf8)

    /// PushExtra with every field: title 1, templateIdNoUse 2, pushId 3, pushConfigs 4, templateId 5.
    static let pushExtBytes = ldField(1, "T") + vField(2, 7) + ldField(3, "p1") + ldField(4, "{}") + ldField(5, "t5")
    static let pushExt = PushExtra(title: "T", templateIdNoUse: 7, pushId: "p1", pushConfigs: "{}", templateId: "t5")

    /// Every UpStreamMessage field, in number order (spec/rongcloud.proto).
    static let upBytes =
        vField(1, 0x43) + ldField(2, "RC:TxtMsg") + ldField(3, content) + ldField(4, "push") + ldField(5, "data")
        + ldField(6, "u1") + ldField(6, "u2") + vField(7, 1_700_000_000_000) + ldField(8, "DEL") + vField(9, 1)
        + vField(10, -5) + ldField(11, #"{"k":{"v":"v"}}"#) + ldField(12, pushExtBytes) + ldField(13, "ch")

    static var up: UpStreamMessage {
        var m = UpStreamMessage(sessionId: [.persisted, .counted, .canIncludeExpansion], classname: "RC:TxtMsg", content: content)
        m.pushText = "push"
        m.appData = "data"
        m.userId = ["u1", "u2"]
        m.delMsgTime = 1_700_000_000_000
        m.delMsgId = "DEL"
        m.configFlag = 1
        m.clientUniqueId = -5
        m.extraContent = #"{"k":{"v":"v"}}"#
        m.pushExt = pushExt
        m.busChannel = "ch"
        return m
    }

    /// Every DownStreamMessage field, in number order; 16-22 take two-byte keys.
    static let downBytes = downFields(type: 3)

    static func downFields(type: Int64) -> [UInt8] {
        ldField(1, "u1") + vField(2, type) + ldField(3, "g1") + ldField(4, "RC:TxtMsg") + ldField(5, content)
        + vField(6, 1_700_000_000_123) + vField(7, 0x432) + vField(8, 8) + ldField(9, "BQ0T-J3P4-0FA2-0003")
        + vField(10, 1) + vField(11, 11) + vField(12, 0) + ldField(13, "src") + vField(14, 14)
        + ldField(15, #"{"k":{"v":"v"}}"#) + ldField(16, "pc") + vField(17, 17) + ldField(18, pushExtBytes)
        + ldField(19, "ch") + vField(20, 20) + ldField(21, "u2") + ldField(21, "u3") + vField(22, 1)
    }

    static var down: DownStreamMessage {
        var m = DownStreamMessage(
            fromUserId: "u1", type: .group, classname: "RC:TxtMsg", content: content, dataTime: 1_700_000_000_123,
            status: [.retrieved, .persisted, .counted, .canIncludeExpansion])
        m.groupId = "g1"
        m.extra = 8
        m.msgId = "BQ0T-J3P4-0FA2-0003"
        m.direction = 1
        m.plantform = 11
        m.isRemoved = 0
        m.source = "src"
        m.clientUniqueId = 14
        m.extraContent = #"{"k":{"v":"v"}}"#
        m.pushContent = "pc"
        m.configFlag = 17
        m.pushExt = pushExt
        m.busChannel = "ch"
        m.extStatus = 20
        m.toUserId = ["u2", "u3"]
        m.groupUnpush = 1
        return m
    }

    @Test("UpStreamMessage: every field decoded from bytes written by hand, and encoded back to them")
    func upStream() throws {
        #expect(try UpStreamMessage.decode(Self.upBytes) == Self.up)
        #expect(try Self.up.encoded() == Self.upBytes)
        let minimal = UpStreamMessage(sessionId: [], classname: "A", content: [])
        #expect(try minimal.encoded() == vField(1, 0) + ldField(2, "A") + ldField(3, [UInt8]()))
        let back = try UpStreamMessage.decode(try minimal.encoded())
        #expect(back.pushText == nil && back.userId.isEmpty && back.pushExt == nil && back.configFlag == nil)
    }

    @Test("DownStreamMessage: every field decoded from bytes written by hand, and encoded back to them")
    func downStream() throws {
        #expect(try DownStreamMessage.decode(Self.downBytes) == Self.down)
        #expect(try Self.down.encoded() == Self.downBytes)
    }

    @Test("DownStreamMessages: the list, syncTime and an absent finished")
    func downStreamMessages() throws {
        let bytes = ldField(1, Self.downBytes) + ldField(1, Self.downBytes) + vField(2, 99)
        let list = try DownStreamMessages.decode(bytes)
        #expect(list.list == [Self.down, Self.down] && list.syncTime == 99)
        #expect(list.finished == nil && list.broadcastSyncTime == nil)
        #expect(try list.encoded() == bytes)
        var done = DownStreamMessages(syncTime: 1)
        done.finished = true
        done.broadcastSyncTime = 2
        #expect(try done.encoded() == vField(2, 1) + vField(3, 1) + vField(4, 2))
    }

    @Test("decoding errors: a missing required field (with its path) and bytes that are not protobuf")
    func decodeErrors() {
        expectCode(.missingRequiredField) { _ = try UpStreamMessage.decode(vField(1, 1) + ldField(2, "A")) }
        expectCode(.missingRequiredField) { _ = try DownStreamMessages.decode(ldField(1, ldField(1, "u1")) + vField(2, 1)) }
        // ChannelType 9 is not defined: the required `type` counts as absent (ENV-BODY-006).
        do {
            _ = try DownStreamMessage.decode(Self.downFields(type: 9))
            Issue.record("ChannelType 9 decoded")
        } catch {
            #expect(error.code == .missingRequiredField && error.path == "$.type")
        }
        expectCode(.protobufDecoding) { _ = try DownStreamMessage.decode([0xFF]) }
    }

    @Test("a conversation type ChannelType lacks cannot be encoded", arguments: [ConversationType.pushService, .encrypted, .rtc])
    func undefinedChannelType(_ type: ConversationType) {
        var m = Self.down
        m.type = type
        do {
            _ = try m.encoded()
            Issue.record("\(type) encoded")
        } catch {
            #expect(error.code == .invalidValue && error.path == "$.type")
        }
        do {
            _ = try DownStreamMessages(list: [Self.down, m], syncTime: 1).encoded()
            Issue.record("\(type) encoded in a list")
        } catch {
            #expect(error.code == .invalidValue && error.path == "$.list[1].type")
        }
        expectCode(.invalidValue) { _ = try InboundMessage(m) }
    }

    @Test("InboundMessage from a DownStreamMessage value reads the same as from its bytes in a frame")
    func inboundFromValue() throws {
        let fromValue = try InboundMessage(Self.down)
        #expect(fromValue.conversationType == .group && fromValue.targetId == "g1" && fromValue.senderUserId == "u1")
        #expect(fromValue.direction == .sent && fromValue.isRetrieved && fromValue.persistence == .isCounted)
        #expect(fromValue.expansion == ["k": "v"] && fromValue.pushContent == "pc" && fromValue.channelId == "ch")
        #expect(fromValue.directedUserIds == ["u2", "u3"] && fromValue.clientUniqueId == 14)
        #expect((fromValue.content.typed as? TextMessage)?.content == "hi")
        let publish = Packet.ServerPublish(date: 1_700_000_000, topic: .s_msg, targetId: "me", messageId: 1, payload: Self.downBytes)
        #expect(try InboundMessage(packet: Packet(.serverPublish(publish), qos: .atLeastOnce)) == fromValue)
    }

    @Test("OutboundMessage's body value holds what its PUBLISH payload carries")
    func outboundBody() throws {
        var m = OutboundMessage(.ultragroup, targetId: "villa", content: TextMessage(content: "hi"))
        m.pushContent = "push"
        m.pushData = "data"
        m.channelId = "ch"
        m.clientUniqueId = -5
        m.expansion = ["k": "v"]
        m.directedUserIds = ["u1", "u2"]
        m.isVoIPPush = true
        let body = try m.upStreamMessage()
        #expect(body.sessionId == [.persisted, .counted, .canIncludeExpansion] && body.classname == "RC:TxtMsg")
        #expect(body.pushText == "push" && body.appData == "data" && body.busChannel == "ch" && body.configFlag == 1)
        #expect(body.extraContent == #"{"k":{"v":"v"}}"# && body.userId == ["u1", "u2"] && body.clientUniqueId == -5)
        guard case .publish(let p) = try m.packet(messageId: 3).body else {
            Issue.record("not a PUBLISH")
            return
        }
        #expect(try UpStreamMessage.decode(p.payload) == body)
        #expect(try body.encoded() == p.payload)
    }
}
