// Sources/RongCapture/Readers/CaptureLog.swift - the proxy's JSON Lines log: its event lines, and reading a log back

import RongCodec
import RongEnvelope
import RongSupport

/// The proxy's log: one JSON object per line (JSON Lines). A frame's line is
/// ``DecodedFrame/jsonValue()``; the lines with an `event` member say what happened around the
/// frames:
///
/// - `{"event":"open","time":…,"connection":N,"path":…,"query":{…},"upstream":…,"protocolVersion":3}`
///   when a WebSocket connection is relayed (its upgrade succeeded at both ends);
/// - `{"event":"close","time":…,"connection":N,"by":"client"|"server"|"proxy","reason":…}` when
///   it ends;
/// - `{"event":"dropped","time":…,"frames":N,"bytes":N}` where the log fell behind and dropped
///   frames (the relay never waits for the log: those frames were relayed, not logged).
///
/// ``read(_:)`` reads such a log back into connections and frames (for `rongwire capture
/// to-vectors`), from each frame's `hex`.
public enum CaptureLog {
    /// The `open` line of a connection.
    public static func openLine(_ c: CapturedConnection) -> JSONValue {
        var o = JSONObject()
        o["event"] = "open"
        o["time"] = .number(JSONNumber(c.time))
        o["connection"] = .number(JSONNumber(Int64(c.id)))
        o["path"] = .string(c.path)
        o["query"] = .object(JSONObject(c.query.keys.sorted().map { .init(key: $0, value: .string(c.query[$0]!)) }))
        if let upstream = c.upstream { o["upstream"] = .string(upstream) }
        o["protocolVersion"] = .number(JSONNumber(Int64(c.protocolVersion)))
        return .object(o)
    }

    /// The `close` line of a connection: who ended it (`client`, `server`, or `proxy` for a
    /// limit or an error) and why.
    public static func closeLine(connection: Int, time: Double, by: String, reason: String) -> JSONValue {
        ["event": "close", "time": .number(JSONNumber(time)), "connection": .number(JSONNumber(Int64(connection))), "by": .string(by), "reason": .string(reason)]
    }

    /// The `dropped` line: frames (and their bytes) the log dropped since the last line it wrote.
    public static func droppedLine(time: Double, frames: Int, bytes: Int) -> JSONValue {
        ["event": "dropped", "time": .number(JSONNumber(time)), "frames": .number(JSONNumber(Int64(frames))), "bytes": .number(JSONNumber(Int64(bytes)))]
    }

    /// A log read back.
    public struct Contents: Sendable {
        /// The connections of its `open` lines, in order.
        public var connections: [CapturedConnection] = []
        /// Its frames, in order.
        public var frames: [CapturedFrame] = []
        /// Frames the log says it dropped (`dropped` lines).
        public var droppedFrames = 0
    }

    /// The default limit on a log's size: 1 GiB.
    public static let defaultMaxBytes = 1 << 30

    /// Reads a log. Every line must be a JSON object: an event line, or a frame line with
    /// `time`, `connection`, `from`, `opcode` and `hex` (`fin` when false); a last line without
    /// its line feed (a log cut off while it was written) is passed over. Anything else is
    /// `captureFormat` (or the JSON error) naming the line.
    public static func read(_ bytes: [UInt8]) throws(CodecError) -> Contents {
        var out = Contents()
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            let end = bytes[start...].firstIndex(of: 0x0A)
            guard let end else { break }  // cut off while written
            let line = bytes[start..<end]
            start = end + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            do throws(CodecError) {
                try read(line: line, into: &out)
            } catch {
                var e = error
                e.reason = "line \(lineNumber): \(e.reason.isEmpty ? e.code.summary : e.reason)"
                throw e
            }
        }
        return out
    }

    static func read(line: ArraySlice<UInt8>, into out: inout Contents) throws(CodecError) {
        let json = try JSONValue(parsing: line, options: DecodingOptions(maxContentBytes: .max, maxDepth: 256))
        guard let o = json.objectValue else { throw CodecError(.captureFormat, "not a JSON object") }
        func number(_ key: String) throws(CodecError) -> JSONNumber {
            guard let n = o[key]?.numberValue else { throw CodecError(.captureFormat, "no number `\(key)`", path: "$.\(key)") }
            return n
        }
        func connectionId() throws(CodecError) -> Int {
            guard let id = try number("connection").int64Value, id >= 0, id <= Int64(Int32.max) else {
                throw CodecError(.captureFormat, "`connection` must be a whole number", path: "$.connection")
            }
            return Int(id)
        }
        switch o["event"]?.stringValue {
        case "open":
            var query: [String: String] = [:]
            for m in o["query"]?.objectValue ?? JSONObject() { query[m.key] = m.value.stringValue ?? "" }
            out.connections.append(CapturedConnection(
                id: try connectionId(), time: try number("time").doubleValue, path: o["path"]?.stringValue ?? "",
                query: query, upstream: o["upstream"]?.stringValue))
        case "dropped":
            out.droppedFrames += Int(try number("frames").int64Value ?? 0)
        case .some:
            break  // close, and events a later proxy may add
        case nil:
            let side: Side
            switch o["from"]?.stringValue {
            case "client": side = .client
            case "server": side = .server
            default: throw CodecError(.captureFormat, "`from` must be client or server", path: "$.from")
            }
            guard let name = o["opcode"]?.stringValue, let opcode = CaptureOpcode(name: name) else {
                throw CodecError(.captureFormat, "no known `opcode`", path: "$.opcode")
            }
            guard let hex = o["hex"]?.stringValue, let payload = Hex.decode(hex) else {
                throw CodecError(.captureFormat, "no payload: `hex` missing or not hex digits", path: "$.hex")
            }
            out.frames.append(CapturedFrame(
                time: try number("time").doubleValue, connection: try connectionId(), from: side, opcode: opcode,
                fin: o["fin"]?.boolValue ?? true, payload: payload))
        }
    }
}
