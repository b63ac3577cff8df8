// Sources/RongEnvelope/Bodies/SessionInfoLayout.swift - SessionInfo's field 3 in 5.7.2's schema and in 5.30's

import RongCodec
internal import SwiftProtobuf

/// SessionInfo field 3 is `string busChannel` up to RongIMLib 5.7.2 and `int64 unreadCount` in
/// 5.30, which moves busChannel to field 4 (spec/envelope.md ENV-BODY-007). RongWire's schema is
/// 5.7.2's; the wire type of field 3 tells a payload's layout. A varint there is not a
/// busChannel: it stays an unknown field (ENV-BODY-006) and the body JSON reports 5.30's reading
/// in derived members of the SessionInfo, so it is neither lost nor shown as a busChannel:
///
/// - `$schema`: `"5.7.2"` when field 3 is a string, `"5.30"` when it is a varint (absent when
///   there is no field 3: both layouts read such a SessionInfo alike);
/// - `$unreadCount` (5.30): field 3 as a signed 64-bit number;
/// - `$busChannel` (5.30): field 4's text, when present and UTF-8.
enum SessionInfoLayout {
    /// Adds the derived members to the SessionInfo values of `value`, the JSON form of `message`
    /// (a SessionInfo, or a DeleteSessionsInput, the one message that holds SessionInfos).
    static func annotate(_ value: inout JSONValue, message: any SwiftProtobuf.Message, as type: BodyType) {
        switch type {
        case .sessionInfo:
            if let m = message as? Modules_SessionInfo { value = annotated(value, m) }
        case .deleteSessionsInput:
            guard let m = message as? Modules_DeleteSessionsInput, case .object(var o) = value,
                case .array(var list)? = o["sessions"], list.count == m.sessions.count
            else { return }
            for i in list.indices { list[i] = annotated(list[i], m.sessions[i]) }
            o["sessions"] = .array(list)
            value = .object(o)
        default:
            return
        }
    }

    private static func annotated(_ value: JSONValue, _ m: Modules_SessionInfo) -> JSONValue {
        guard case .object(var o) = value else { return value }
        if m.hasBusChannel {
            o["$schema"] = "5.7.2"
            return .object(o)
        }
        guard let (unreadCount, busChannel) = fields530(Array(m.unknownFields.data)) else { return value }
        o["$schema"] = "5.30"
        o["$unreadCount"] = .number(JSONNumber(unreadCount))
        if let busChannel { o["$busChannel"] = .string(busChannel) }
        return .object(o)
    }

    /// 5.30's field 3 (varint) and field 4 (string) among the unknown fields, the last of each
    /// winning as protobuf's rules say; nil when there is no varint field 3. The bytes are
    /// SwiftProtobuf's copy of fields it has already parsed, so they are well formed.
    private static func fields530(_ unknown: [UInt8]) -> (Int64, String?)? {
        unknown.withUnsafeBytes { raw -> (Int64, String?)? in
            var r = WireReader(raw)
            var unread: Int64?
            var bus: String?
            do throws(WireError) {
                while !r.isAtEnd {
                    let (field, wt) = try r.tag()
                    switch (field, wt) {
                    case (3, 0): unread = Int64(bitPattern: try r.varint())
                    case (4, 2): bus = try? r.string()
                    default: try r.skip(field: field, wireType: wt)
                    }
                }
            } catch {
                return nil
            }
            return unread.map { ($0, bus) }
        }
    }
}
