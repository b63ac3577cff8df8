// Sources/RongCapture/Decoding/DecodedFrame.swift - one decoded frame: its JSON line and its line of text

import RongCodec
import RongEnvelope

/// A frame of a capture and what it says: the packet in the packet JSON form of
/// spec/envelope.md, the messages it carries in the inbound message JSON form, or the error that
/// kept it from decoding. ``jsonValue()`` is the line the proxy logs and `rongwire har` prints;
/// ``textLine()`` the readable view.
public struct DecodedFrame: Sendable {
    /// The frame as captured.
    public var frame: CapturedFrame
    /// The connection's user, once its CONNACK named one.
    public var user: String?
    /// The packet as decoded (nil for other opcodes, fragments and undecodable frames).
    public var packetValue: Packet?
    /// The packet JSON form of ``packetValue``; with ``error`` set, the packet with its payload as
    /// `bodyHex` when only the body failed.
    public var packet: JSONValue?
    /// For a QUERYACK: the topic of the QUERY it answers, when the capture holds that QUERY.
    public var queryTopic: Topic?
    /// The messages the packet carries: a server PUBLISH of a message, or a `pullMsg` or
    /// `chrmPull` QUERYACK; each in the inbound message JSON form or `{"error": CODE}`.
    public var messages: [JSONValue] = []
    /// Why the frame did not decode (the envelope's codes: `truncated`, `unknownPacketType`,
    /// `protobufDecoding`, …). The proxy relays such a frame all the same.
    public var error: CodecError?
    /// What was not decoded and why (text messages, fragments, reserved opcodes).
    public var note: String?
    /// A text message's text (nil when it is not UTF-8), or a close frame's reason.
    public var text: String?
    /// A close frame's status code, when it has one.
    public var closeCode: UInt16?
    /// The size of the whole message when this frame completed a fragmented one.
    public var messageSize: Int?
    /// The bytes that were decoded as a packet: the payload, or for the last frame of a
    /// fragmented message the whole message; empty for frames not decoded as packets.
    public var message: [UInt8] = []
    /// Whether the frame was a whole binary message, decoded as a packet (successfully or not).
    public var isPacket = false

    /// A decoded frame with nothing decoded yet.
    public init(frame: CapturedFrame, user: String? = nil) {
        self.frame = frame
        self.user = user
    }

    /// The frame as one JSON object (one line of a proxy log; docs/capture.md lists the members):
    /// `time`, `connection`, `from`, `user`, `opcode`, `fin` (only when false), `size`, then what
    /// applies of `close`, `text`, `queryTopic`, `packet`, `messages`, `error`, `note`, and last
    /// `hex`, the payload.
    public func jsonValue() -> JSONValue {
        var o = JSONObject()
        o["time"] = .number(JSONNumber(frame.time))
        o["connection"] = .number(JSONNumber(Int64(frame.connection)))
        o["from"] = .string(frame.from.description)
        if let user { o["user"] = .string(user) }
        o["opcode"] = .string(frame.opcode.name)
        if !frame.fin { o["fin"] = false }
        o["size"] = .number(JSONNumber(Int64(frame.payload.count)))
        if let messageSize { o["messageSize"] = .number(JSONNumber(Int64(messageSize))) }
        if frame.opcode == .close {
            var c = JSONObject()
            if let closeCode { c["code"] = .number(JSONNumber(Int64(closeCode))) }
            c["reason"] = .string(text ?? "")
            o["close"] = .object(c)
        } else if let text {
            o["text"] = .string(text)
        }
        if let queryTopic { o["queryTopic"] = .string(queryTopic.text) }
        if let packet { o["packet"] = packet }
        if !messages.isEmpty { o["messages"] = .array(messages) }
        if let error { o["error"] = Self.json(error) }
        if let note { o["note"] = .string(note) }
        o["hex"] = .string(Hex.encode(frame.payload))
        return .object(o)
    }

    /// An error as a log line holds it: `code`, `message`, and `offset` or `path` when known.
    public static func json(_ error: CodecError) -> JSONValue {
        var e = JSONObject()
        e["code"] = .string(error.code.rawValue)
        e["message"] = .string(error.reason.isEmpty ? error.code.summary : error.reason)
        if let offset = error.offset { e["offset"] = .number(JSONNumber(Int64(offset))) }
        if let path = error.path { e["path"] = .string(path) }
        return .object(e)
    }

    /// One line for people: the UTC time, the connection, `→` from the client or `←` from the
    /// server, the user, and what the frame is:
    ///
    /// ```
    /// 08:45:14.125 #1 → alice PUBLISH ppMsgP bob id=1: RC:TxtMsg {"content":"hi Bob"}
    /// 08:45:14.127 #1 ← alice PUBACK id=1 status 0 uid=BN53-HAAG-CBAN-SYE8
    /// ```
    public func textLine() -> String {
        let arrow = frame.from == .client ? "→" : "←"
        return "\(CaptureTime.clock(frame.time)) #\(frame.connection) \(arrow) \(user ?? "-") \(summary)"
    }

    /// What the frame is, in a few words.
    var summary: String {
        if let error {
            let what = packetValue.map { "\($0.body.type.name) " } ?? ""
            return "\(what)error[\(error.code.rawValue)]: \(error.reason) (\(frame.payload.count) bytes: \(Hex.encode(frame.payload.prefix(16)))\(frame.payload.count > 16 ? "…" : ""))"
        }
        switch frame.opcode {
        case .binary, .continuation:
            guard let p = packetValue else { return "\(frame.opcode.name) \(frame.payload.count) bytes" + (note.map { ": \($0)" } ?? "") }
            return Self.summary(p, packet: packet, queryTopic: queryTopic, messages: messages)
        case .text:
            let t = text.map { Self.clip($0, 60) } ?? "not UTF-8"
            return "text \(frame.payload.count) bytes, not decoded: \(t)"
        case .close:
            return "close" + (closeCode.map { " \($0)" } ?? "") + (text.map { $0.isEmpty ? "" : " \($0)" } ?? "")
        default:
            return "\(frame.opcode.name) \(frame.payload.count) bytes" + (note.map { ": \($0)" } ?? "")
        }
    }

    static func summary(_ p: Packet, packet: JSONValue?, queryTopic: Topic?, messages: [JSONValue]) -> String {
        let body = packet?.objectValue?["body"]
        switch p.body {
        case .connect(let c):
            return "CONNECT clientId=\(c.clientId.text)"
        case .connAck(let a):
            return "CONNACK status \(a.status)" + (a.result.name.map { " \($0)" } ?? "") + (a.session.map { " userId=\($0.userId.text)" } ?? "")
        case .publish(let q):
            return "PUBLISH \(q.topic.text) \(q.targetId.text) id=\(q.messageId)" + contentSummary(body)
        case .serverPublish(let q):
            let what = messages.first.map { ": " + messageSummary($0) } ?? bodySummary(body)
            return "PUBLISH \(q.topic.text) \(q.targetId.text) id=\(q.messageId)\(p.dup ? " dup" : "")\(what)"
        case .pubAck(let id):
            return "PUBACK id=\(id)"
        case .serverPubAck(let a):
            return "PUBACK id=\(a.messageId) status \(a.status)" + (a.messageUId.text.isEmpty ? "" : " uid=\(a.messageUId.text)")
        case .query(let q):
            return "QUERY \(q.topic.text) \(q.targetId.text) id=\(q.messageId)" + bodySummary(body)
        case .queryAck(let a):
            var s = "QUERYACK id=\(a.messageId)" + (queryTopic.map { " (\($0.text))" } ?? "") + " status \(a.status)"
            if !messages.isEmpty {
                s += ": \(messages.count) message\(messages.count == 1 ? "" : "s"), " + messageSummary(messages[0])
            } else {
                s += bodySummary(body)
            }
            return s
        case .queryCon(let id):
            return "QUERYCON id=\(id)"
        case .pingReq:
            return "PINGREQ"
        case .pingResp:
            return "PINGRESP"
        case .disconnect(let d):
            return "DISCONNECT status \(d.status)"
        }
    }

    /// `: RC:TxtMsg {"content":"hi"}` from an UpStreamMessage body's `classname` and `$content`.
    static func contentSummary(_ body: JSONValue?) -> String {
        guard let o = body?.objectValue, let name = o["classname"]?.stringValue else { return bodySummary(body) }
        let value = o["$content"]?.objectValue?["value"]
        return ": \(name) " + clip(value.map { ($0.stringValue.map { "\"\($0)\"" }) ?? text($0) } ?? "", 120)
    }

    /// `: {…}` the body, clipped.
    static func bodySummary(_ body: JSONValue?) -> String {
        guard let body, body != .null else { return "" }
        return ": " + clip(text(body), 100)
    }

    /// `[group team] alice: RC:TxtMsg {"content":"hi"}` from an inbound message's JSON: the
    /// conversation (for a private one, the other user: the sender of a received message), then
    /// the sender.
    static func messageSummary(_ m: JSONValue) -> String {
        guard let o = m.objectValue else { return "" }
        if let code = o["error"]?.stringValue { return "error[\(code)]" }
        let type = o["conversationType"]?.numberValue?.int64Value.map { ConversationType(rawValue: Int($0)).name } ?? "?"
        let content = o["content"].map(text) ?? ""
        return "[\(type) \(o["targetId"]?.stringValue ?? "?")] \(o["senderUserId"]?.stringValue ?? "?"): "
            + "\(o["objectName"]?.stringValue ?? "?") \(clip(content, 120))"
    }

    static func text(_ v: JSONValue) -> String {
        (try? String(decoding: v.canonicalBytes(), as: UTF8.self)) ?? "?"
    }

    /// `s` cut to `n` characters, with `…` when cut.
    static func clip(_ s: String, _ n: Int) -> String {
        s.count <= n ? s : String(s.prefix(n)) + "…"
    }
}

/// Times of a capture as text.
public enum CaptureTime {
    /// `HH:MM:SS.mmm` (UTC) of seconds since 1970.
    public static func clock(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 1e12 else { return "??:??:??.???" }
        let millis = Int64((seconds * 1000).rounded(.down))
        let ms = millis % 1000
        let s = millis / 1000
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return "\(two(s / 3600 % 24)):\(two(s / 60 % 60)):\(two(s % 60)).\(msText)"
    }

    /// `YYYY-MM-DD HH:MM:SS.mmm UTC` of seconds since 1970 (the civil calendar; 1970 to 9999).
    public static func dateTime(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 0, seconds < 253_402_300_800 else { return clock(seconds) }
        var days = Int64(seconds / 86_400)
        // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
        days += 719_468
        let era = days / 146_097
        let doe = days - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)-\(two(m))-\(two(d)) \(clock(seconds)) UTC"
    }
}
