// Sources/RongNIM/Model/NIMCallRecordObject.swift - the call record attachment (type 12)

import RongCodec

/// `NIMRtcCallRecordObject` of the current iOS header (type 12, `NIMMessageTypeRtcCallRecord`;
/// the C SDK's `kNIMMessageTypeG2NetCall`, V2's `V2NIM_MESSAGE_TYPE_CALL`): a call's record, not
/// in the seed (spec/nim.md, NIM-ATT-010).
///
/// The header's enums (`NIMRtcCallType` audio 1, video 2; `NIMRtcCallStatus` complete 1, canceled
/// 2, rejected 3, timeout 4, busy 5) are the SDK's own use; V2 calls both numbers "业务自定义"
/// (the business's own), so any number from 0 to 2^31-1 is kept.
public struct NIMRtcCallRecordObject: Hashable, Sendable {
    /// One member's time in the call, in seconds (`V2NIMMessageCallDuration`, "单位秒").
    public struct Duration: Hashable, Sendable {
        /// The member's account.
        public var accountId: String
        /// Seconds.
        public var seconds: Int64

        /// A duration.
        public init(accountId: String, seconds: Int64) {
            self.accountId = accountId
            self.seconds = seconds
        }
    }

    /// `NIMRtcCallType`: audio 1, video 2 (any number kept).
    public var callType: Int
    /// The call's channel.
    public var channelID: String?
    /// `NIMRtcCallStatus`: complete 1 … busy 5 (any number kept).
    public var callStatus: Int
    /// Time in the call per member, in the order received (the header's `NSDictionary`; the wire's
    /// `[{"accid", "duration"}]`); an account appears once.
    public var durations: [Duration]?

    /// A call record.
    public init(callType: Int, callStatus: Int) {
        self.callType = callType
        self.callStatus = callStatus
    }

    /// The range of `callType` and `callStatus`.
    static let numberRange: ClosedRange<Int64> = 0...Int64(Int32.max)
    /// Seconds in a call: what fits a non-negative Int32 (kit choice; a call of 68 years).
    static let secondsRange: ClosedRange<Int64> = 0...Int64(Int32.max)

    init(json: JSONValue, path: String) throws(CodecError) {
        var f = try JSONMemberReader(json, path: path, what: "a call record attachment")
        callType = Int(try f.requiredInteger("callType", in: Self.numberRange))
        channelID = try f.string("channelID")
        callStatus = Int(try f.requiredInteger("callStatus", in: Self.numberRange))
        if let d = try f.object("durations") {
            var list: [Duration] = []
            for m in d {
                let at = JSONPath.member(f.at("durations"), m.key)
                guard case .number(let n) = m.value, n.isIntegral else {
                    throw CodecError(.typeMismatch, "a duration must be an integer number of seconds, not \(m.value.typeName)", path: at)
                }
                guard let s = n.int64Value, Self.secondsRange.contains(s) else {
                    throw CodecError(.numberOutOfRange, "a duration must be 0 to \(Self.secondsRange.upperBound) seconds, not \(n)", path: at)
                }
                list.append(Duration(accountId: m.key, seconds: s))
            }
            try Self.checkUnique(list, path: f.at("durations"))
            durations = list
        }
        try f.finish()
    }

    /// An account listed twice is `invalidValue`: the header's dictionary cannot hold it.
    static func checkUnique(_ list: [Duration], path: String) throws(CodecError) {
        var seen = Set<String>()
        for d in list where !seen.insert(d.accountId).inserted {
            throw CodecError(.invalidValue, "the account \(d.accountId) has two durations", path: path)
        }
    }

    /// The attachment in the NIM message JSON form.
    var jsonValue: JSONValue {
        var o = JSONObject()
        o["callType"] = .number(JSONNumber(callType))
        o["channelID"] = channelID.map(JSONValue.string)
        o["callStatus"] = .number(JSONNumber(callStatus))
        o["durations"] = durations.map { list in .object(JSONObject(list.map { .init(key: $0.accountId, value: .number(JSONNumber($0.seconds))) })) }
        return .object(o)
    }
}
