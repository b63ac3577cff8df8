// Tests/RongCodecTests/Catalog/OfficialRegistryArbitrary.swift - random values of the types added from RongCloud's registry

import Testing

@testable import RongCodec

// Each generator draws every field the spec gives the type (spec/content-*.md), with the
// field's range, so that the round-trip and refusal properties of RoundTripPropertyTests cover
// the new types as they cover the others.

private let nonNegative = 0...Int(Int32.max)

extension CombineV2Message: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> CombineV2Message {
        CombineV2Message(
            name: s.optString(), remoteUrl: s.optString(), conversationType: s.optInt(), nameList: s.optStringArray(),
            jsonMsgKey: s.optString(), summaryList: s.optStringArray(),
            msgList: s.maybe { s in
                (0..<s.int(0...3)).map { _ in
                    var item = CombineV2MessageItem(
                        fromUserId: s.optString(), targetId: s.optString(), timestamp: s.optInt64(), objectName: s.optString(),
                        content: s.maybe { $0.jsonObject(depth: 2) })
                    item.unknownFields = s.jsonObject(colliding: CombineV2MessageItem.fields.names)
                    return item
                }
            },
            msgNum: s.optInt(nonNegative), common: s.common())
    }
}

extension HistoryDividerMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> HistoryDividerMessage {
        HistoryDividerMessage(content: s.optString(), common: s.common())
    }
}

extension InterceptMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> InterceptMessage {
        InterceptMessage(
            msgUId: s.optString(), interceptType: s.optInt(), sourceType: s.optInt(), sourceContent: s.optString(), common: s.common())
    }
}

extension DeliveryReceiptMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> DeliveryReceiptMessage {
        var m = DeliveryReceiptMessage(
            receipts: (0..<s.int(0...3)).map { _ in
                var r = DeliveryReceipt(messageUId: s.optString(), time: s.optInt64(), targetId: s.optString(), objectName: s.optString())
                r.unknownFields = s.jsonObject(colliding: DeliveryReceipt.fields.names)
                return r
            })
        // The array has no place for a shared key (CONTENT-DELIVERED-002).
        if s.drawInvalid(.invalidValue) { m.common.extra = s.string() }
        return m
    }
}

extension GroupDeliveryReportMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> GroupDeliveryReportMessage {
        GroupDeliveryReportMessage(
            tmn: s.optInt(nonNegative),
            dl: s.maybe { s in
                (0..<s.int(0...3)).map { _ in
                    var c = GroupDeliveryCount(msgId: s.optString(), drn: s.optInt(nonNegative))
                    c.unknownFields = s.jsonObject(colliding: GroupDeliveryCount.fields.names)
                    return c
                }
            },
            common: s.common())
    }
}

extension GroupReadReceiptMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> GroupReadReceiptMessage {
        GroupReadReceiptMessage(msgId: s.optString(), rrn: s.optInt(nonNegative), tmn: s.optInt(nonNegative), common: s.common())
    }
}

extension ChatroomMemberChangeMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ChatroomMemberChangeMessage {
        ChatroomMemberChangeMessage(
            userList: s.maybe { s in
                (0..<s.int(0...3)).map { _ in
                    var a = ChatroomMemberAction(userId: s.optString(), status: s.optInt(), extra: s.optString())
                    a.unknownFields = s.jsonObject(colliding: ChatroomMemberAction.fields.names)
                    return a
                }
            },
            memberCount: s.optInt(nonNegative), common: s.common())
    }
}

extension ChatroomSyncMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ChatroomSyncMessage {
        ChatroomSyncMessage(chatroomId: s.optString(), time: s.optInt64(), status: s.optInt(), reason: s.optInt(), common: s.common())
    }
}

extension ChatroomMemberBlockMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ChatroomMemberBlockMessage {
        ChatroomMemberBlockMessage(
            chatroomId: s.optString(), operateType: s.optInt(), operateTime: s.optInt64(), durationTime: s.optInt64(),
            userList: s.optStringArray(), common: s.common())
    }
}

extension ChatroomMemberBanMessage: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> ChatroomMemberBanMessage {
        ChatroomMemberBanMessage(
            chatroomId: s.optString(), operateType: s.optInt(), operateTime: s.optInt64(), durationTime: s.optInt64(), common: s.common())
    }
}

extension OpenContent: ArbitraryContent {
    static func arbitrary(_ s: inout ValueSource) -> OpenContent<Kind> {
        // Every key but the shared ones is kept open: the shared keys and random others (a shared
        // key drawn among the others is one the decoder reads itself, CONTENT-OPEN-002).
        var v = OpenContent<Kind>()
        v.common = s.common()
        return v
    }
}
