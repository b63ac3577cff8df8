// Sources/RongCapture/Readers/HARReader.swift - the WebSocket messages of a browser's HAR export

import RongCodec
import RongEnvelope
import RongSupport

/// The WebSocket connections of a HAR file (HTTP Archive 1.2) as Chromium-based browsers
/// (Chrome, Edge) export them: each WebSocket is an entry of `log.entries` with
/// `_resourceType: "websocket"` and a `_webSocketMessages` array of `{type, time, opcode, data}`
/// (`type` `send` or `receive`, `time` in seconds since 1970, `data` the text of a text
/// message and base64 for any other opcode). Entries without `_webSocketMessages` (every other
/// request) are not connections and are passed over.
///
/// A HAR is hostile input like any other: the file has a size limit, the JSON the codec's depth
/// limit; a message that is not in that form (another `type`, a `data` that is not base64, a
/// missing `time`) is skipped with its reason, not an error. Only a file that is not JSON, or
/// has no `log.entries`, is an error (`captureFormat`).
public struct HARCapture: Sendable {
    /// One WebSocket entry.
    public struct Connection: Sendable {
        /// Its number (1 for the HAR's first WebSocket entry), URL path and decoded query.
        public var info: CapturedConnection
        /// `request.url` as written.
        public var url: String
        /// Its messages, in the order of the HAR.
        public var frames: [CapturedFrame]
        /// Messages passed over: their index in `_webSocketMessages` and why.
        public var skipped: [(index: Int, reason: String)]
    }

    /// The WebSocket entries, in order.
    public var connections: [Connection]
    /// What the HAR names as its creator (`log.creator.name` and `version`), e.g. `WebInspector 537.36`.
    public var creator: String?

    /// The default limit on a HAR file's size: 256 MiB.
    public static let defaultMaxBytes = 256 << 20

    /// Reads a HAR file's bytes (at most `maxBytes`, the JSON at most 64 deep).
    public init(harBytes bytes: [UInt8], maxBytes: Int = HARCapture.defaultMaxBytes) throws(CodecError) {
        let json = try JSONValue(parsing: bytes, options: DecodingOptions(maxContentBytes: maxBytes, maxDepth: 64))
        guard let log = json.objectValue?["log"]?.objectValue, let entries = log["entries"]?.arrayValue else {
            throw CodecError(.captureFormat, "not a HAR file: no log.entries array", path: "$.log.entries")
        }
        if let c = log["creator"]?.objectValue, let name = c["name"]?.stringValue {
            creator = name + (c["version"]?.stringValue.map { " \($0)" } ?? "")
        }
        connections = []
        for entry in entries {
            guard let e = entry.objectValue, let messages = e["_webSocketMessages"]?.arrayValue else { continue }
            let id = connections.count + 1
            let request = e["request"]?.objectValue
            let url = request?["url"]?.stringValue ?? ""
            let query = Self.query(request?["queryString"], url: url)
            var connection = Connection(
                info: CapturedConnection(id: id, time: 0, path: Self.path(of: url), query: query, upstream: Self.origin(of: url)),
                url: url, frames: [], skipped: [])
            for (index, m) in messages.enumerated() {
                switch Self.frame(m, connection: id) {
                case .success(let f): connection.frames.append(f)
                case .failure(let why): connection.skipped.append((index, why.reason))
                }
            }
            connection.info.time = connection.frames.first?.time ?? 0
            connections.append(connection)
        }
    }

    struct Skip: Error {
        var reason: String
    }

    /// One `_webSocketMessages` element as a frame, or why it is skipped.
    static func frame(_ m: JSONValue, connection: Int) -> Result<CapturedFrame, Skip> {
        guard let o = m.objectValue else { return .failure(Skip(reason: "not an object")) }
        let from: Side
        switch o["type"]?.stringValue {
        case "send": from = .client
        case "receive": from = .server
        case let t: return .failure(Skip(reason: "type \(t.map { "\"\($0.prefix(40))\"" } ?? "missing"), not send or receive"))
        }
        guard let time = o["time"]?.numberValue?.doubleValue, time.isFinite else {
            return .failure(Skip(reason: "no time in seconds"))
        }
        guard let code = o["opcode"]?.numberValue?.int64Value, (0...15).contains(code) else {
            return .failure(Skip(reason: "no opcode 0-15"))
        }
        let opcode = CaptureOpcode(rawValue: UInt8(code))
        guard let data = o["data"]?.stringValue else { return .failure(Skip(reason: "no data string")) }
        let payload: [UInt8]
        if opcode == .text {
            payload = Array(data.utf8)
        } else {
            guard let bytes = ByteText.bytes(base64: data) else { return .failure(Skip(reason: "data of opcode \(code) is not base64")) }
            payload = bytes
        }
        return .success(CapturedFrame(time: time, connection: connection, from: from, opcode: opcode, payload: payload))
    }

    /// `request.queryString` (decoded by the browser), or, when a HAR has none, the URL's query
    /// split at `&` and `=` without decoding (enough to tell a RongCloud socket).
    static func query(_ queryString: JSONValue?, url: String) -> [String: String] {
        var q: [String: String] = [:]
        if let list = queryString?.arrayValue {
            for item in list {
                guard let o = item.objectValue, let name = o["name"]?.stringValue else { continue }
                q[name] = o["value"]?.stringValue ?? ""
            }
            return q
        }
        guard let mark = url.firstIndex(of: "?") else { return q }
        for pair in url[url.index(after: mark)...].split(separator: "&") {
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            q[String(kv[0])] = kv.count > 1 ? String(kv[1]) : ""
        }
        return q
    }

    /// The part of `url` after its scheme and host and before `?` (`/websocket`).
    static func path(of url: String) -> String {
        var rest = Substring(url)
        if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
        guard let slash = rest.firstIndex(of: "/") else { return "/" }
        return String(rest[slash...].prefix { $0 != "?" && $0 != "#" })
    }

    /// `scheme://host[:port]` of `url`, nil without a scheme.
    static func origin(of url: String) -> String? {
        guard let scheme = url.firstRange(of: "://") else { return nil }
        let rest = url[scheme.upperBound...]
        return String(url[..<scheme.upperBound]) + String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }
}
