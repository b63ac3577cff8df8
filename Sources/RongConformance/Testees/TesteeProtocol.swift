// Sources/RongConformance/Testees/TesteeProtocol.swift - messages between the runner and a testee

import RongEnvelope
import RongCodec
import RongSupport

/// The protocol version this runner speaks (`spec/testee-protocol.md`).
public let testeeProtocolVersion = 1

/// One request from the runner to a testee.
///
/// On the wire: a 4-byte little-endian length N, then N bytes of a UTF-8 JSON object:
/// `{"id": ..., "kind": ..., "objectName": ..., "from": ..., "options": {...}, "input": {"hex": ...} | {"value": ...}}`.
public struct TesteeRequest: Sendable, Hashable {
    /// The vector id, for logs (a testee must not branch on it).
    public var id: String
    /// The request kind: a ``Vector/Kind`` raw value, or `hello`.
    public var kind: String
    /// The content type, for content kinds.
    public var objectName: String?
    /// `client` or `server`, for frame kinds and `message-decode`.
    public var from: String?
    /// Decoder options; nil = the defaults (131,072 bytes, depth 64, lenient).
    public var options: DecodingOptions?
    /// For QUERYACK frames: the topic of the QUERY it answers (sent as `options.queryTopic`).
    public var queryTopic: Topic?
    /// For `message-decode`: the receiving user (sent as `options.currentUserId`).
    public var currentUserId: String? = nil
    /// For frame kinds: the connection's protocol version (sent as `options.protocolVer`); nil
    /// means 3.
    public var protocolVersion: ProtocolVersion? = nil
    /// For the NIM kinds: the NIM form (sent as `options.form`).
    public var nimForm: String? = nil
    /// The input: bytes (`{"hex": ...}`) or a value (`{"value": ...}`); nil for `hello`.
    public var input: Vector.Input?

    /// A request from its fields.
    public init(
        id: String, kind: String, objectName: String? = nil, from: String? = nil, options: DecodingOptions? = nil,
        queryTopic: Topic? = nil, input: Vector.Input? = nil
    ) {
        self.id = id
        self.kind = kind
        self.objectName = objectName
        self.from = from
        self.options = options
        self.queryTopic = queryTopic
        self.input = input
    }

    /// The request for a vector.
    public init(vector v: Vector) {
        self.init(
            id: v.id, kind: v.kind.rawValue, objectName: v.objectName, from: v.from,
            options: v.hasOptions ? v.options : nil, queryTopic: v.queryTopic, input: v.input)
        currentUserId = v.currentUserId
        protocolVersion = v.protocolVersion
        nimForm = v.nimForm
    }

    /// The first request of a session: asks for the testee's name and supported kinds.
    public static let hello = TesteeRequest(id: "hello", kind: "hello")

    /// The request as protocol JSON; `hello` also carries `protocolVersion`.
    public var json: JSONValue {
        var o = JSONObject()
        o["id"] = .string(id)
        o["kind"] = .string(kind)
        if kind == "hello" { o["protocolVersion"] = .number(JSONNumber(testeeProtocolVersion)) }
        if let objectName { o["objectName"] = .string(objectName) }
        if let from { o["from"] = .string(from) }
        if options != nil || queryTopic != nil || currentUserId != nil || protocolVersion != nil || nimForm != nil {
            var op = JSONObject()
            if let options {
                op["maxBytes"] = .number(JSONNumber(options.maxContentBytes))
                op["maxDepth"] = .number(JSONNumber(options.maxDepth))
                op["mode"] = .string(options.mode == .strict ? "strict" : "lenient")
            }
            if let queryTopic { op["queryTopic"] = .string(queryTopic.text) }
            if let currentUserId { op["currentUserId"] = .string(currentUserId) }
            if let protocolVersion { op["protocolVer"] = .number(JSONNumber(Int(protocolVersion.rawValue))) }
            if let nimForm { op["form"] = .string(nimForm) }
            o["options"] = .object(op)
        }
        switch input {
        case .bytes(let b)?: o["input"] = ["hex": .string(Hex.encode(b))]
        case .value(let v)?: o["input"] = .object(JSONObject([.init(key: "value", value: v)]))
        case nil: break
        }
        return .object(o)
    }

    /// Parses a request; a malformed one is described by the thrown message.
    public init(json: JSONValue) throws(TesteeProtocolError) {
        guard case .object(let o) = json else { throw TesteeProtocolError("a request must be a JSON object") }
        guard let id = o["id"]?.stringValue, let kind = o["kind"]?.stringValue else {
            throw TesteeProtocolError("a request needs string `id` and `kind`")
        }
        self.init(id: id, kind: kind, objectName: o["objectName"]?.stringValue, from: o["from"]?.stringValue)
        if case .object(let op)? = o["options"] {
            queryTopic = op["queryTopic"]?.stringValue.map { Topic($0) }
            currentUserId = op["currentUserId"]?.stringValue
            if let n = op["protocolVer"]?.numberValue?.int64Value {
                guard let v = UInt8(exactly: n).flatMap(ProtocolVersion.init(rawValue:)) else {
                    throw TesteeProtocolError("`options.protocolVer` must be 3 or 4")
                }
                protocolVersion = v
            }
            nimForm = op["form"]?.stringValue
            if op["maxBytes"] != nil || op["maxDepth"] != nil || op["mode"] != nil {
                var d = DecodingOptions()
                if let n = op["maxBytes"]?.numberValue?.int64Value { d.maxContentBytes = Int(n) }
                if let n = op["maxDepth"]?.numberValue?.int64Value { d.maxDepth = Int(max(1, min(Int64(DecodingOptions.maximumDepthLimit), n))) }
                if op["mode"]?.stringValue == "strict" { d.mode = .strict }
                options = d
            }
        }
        if case .object(let i)? = o["input"] {
            if let h = i["hex"]?.stringValue {
                guard let b = Hex.decode(h, allowingWhitespace: true) else { throw TesteeProtocolError("`input.hex` is not hex") }
                input = .bytes(b)
            } else if let v = i["value"] {
                input = .value(v)
            }
        }
    }
}

/// One response from a testee.
public enum TesteeResponse: Sendable, Hashable {
    /// The input was accepted; the outputs the kind defines.
    case accepted(value: JSONValue?, bytes: [UInt8]?, leniencies: [String]?)
    /// The input was rejected with an error code.
    case rejected(error: String, message: String?)
    /// The testee does not support this kind (or objectName).
    case skipped(reason: String)
    /// The testee failed internally (always a failure).
    case runtimeError(message: String)
    /// The answer to `hello`.
    case hello(name: String, version: String?, kinds: [String])

    /// The response as protocol JSON: `result`, then the keys of the case.
    public var json: JSONValue {
        var o = JSONObject()
        switch self {
        case .accepted(let value, let bytes, let leniencies):
            o["result"] = "accepted"
            if let value { o["value"] = value }
            if let bytes { o["hex"] = .string(Hex.encode(bytes)) }
            if let leniencies { o["leniencies"] = .array(leniencies.map { .string($0) }) }
        case .rejected(let error, let message):
            o["result"] = "rejected"
            o["error"] = .string(error)
            if let message { o["message"] = .string(message) }
        case .skipped(let reason):
            o["result"] = "skipped"
            o["reason"] = .string(reason)
        case .runtimeError(let message):
            o["result"] = "error"
            o["message"] = .string(message)
        case .hello(let name, let version, let kinds):
            o["result"] = "hello"
            o["name"] = .string(name)
            if let version { o["version"] = .string(version) }
            o["protocolVersion"] = .number(JSONNumber(testeeProtocolVersion))
            o["kinds"] = .array(kinds.map { .string($0) })
        }
        return .object(o)
    }

    /// Parses a response. An unknown `result`, or `hex` that is not hex, throws; absent keys read
    /// as nil or empty (a `hello` without `name` is named `testee`).
    public init(json: JSONValue) throws(TesteeProtocolError) {
        guard case .object(let o) = json, let result = o["result"]?.stringValue else {
            throw TesteeProtocolError("a response must be a JSON object with a string `result`")
        }
        switch result {
        case "accepted":
            var bytes: [UInt8]?
            if let h = o["hex"] {
                guard let s = h.stringValue, let b = Hex.decode(s, allowingWhitespace: true) else { throw TesteeProtocolError("`hex` is not a hex string") }
                bytes = b
            }
            let lenient = o["leniencies"]?.arrayValue?.compactMap(\.stringValue)
            self = .accepted(value: o["value"], bytes: bytes, leniencies: lenient)
        case "rejected":
            self = .rejected(error: o["error"]?.stringValue ?? "", message: o["message"]?.stringValue)
        case "skipped":
            self = .skipped(reason: o["reason"]?.stringValue ?? "")
        case "error":
            self = .runtimeError(message: o["message"]?.stringValue ?? "")
        case "hello":
            self = .hello(
                name: o["name"]?.stringValue ?? "testee", version: o["version"]?.stringValue,
                kinds: o["kinds"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        default:
            throw TesteeProtocolError("unknown result `\(result)`")
        }
    }
}

/// A violation of the testee protocol.
public struct TesteeProtocolError: Error, Sendable, CustomStringConvertible {
    /// What is wrong with the message.
    public var description: String
    /// An error with the given message.
    public init(_ description: String) { self.description = description }
}

/// Length-prefixed framing: 4-byte little-endian length, then the JSON text.
public enum TesteeFraming {
    /// Largest accepted message (responses may carry a 128 KB content as JSON and hex).
    public static let maxMessageBytes = 64 << 20

    /// Options for parsing protocol JSON (generous, but bounded). A testee may echo strings
    /// holding lone surrogates (JavaScript and Python allow them); they read as U+FFFD.
    static let jsonOptions: DecodingOptions = {
        var o = DecodingOptions(maxContentBytes: maxMessageBytes, maxDepth: 512)
        o.replacesLoneSurrogates = true
        return o
    }()

    /// The framed bytes of a message.
    public static func frame(_ value: JSONValue) -> [UInt8] {
        let body = (try? value.canonicalBytes()) ?? Array("{}".utf8)
        let n = UInt32(body.count)
        return [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24 & 0xFF)] + body
    }

    /// The length in a 4-byte little-endian prefix.
    public static func length(_ prefix: [UInt8]) -> Int {
        guard prefix.count >= 4 else { return -1 }
        return Int(prefix[0]) | Int(prefix[1]) << 8 | Int(prefix[2]) << 16 | Int(prefix[3]) << 24
    }

    /// Parses the JSON body of a message.
    public static func parse(_ body: [UInt8]) throws(TesteeProtocolError) -> JSONValue {
        do throws(CodecError) {
            return try JSONValue(parsing: body, options: jsonOptions)
        } catch {
            throw TesteeProtocolError("message is not valid JSON: \(error)")
        }
    }
}
