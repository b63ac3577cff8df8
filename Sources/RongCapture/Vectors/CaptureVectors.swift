// Sources/RongCapture/Vectors/CaptureVectors.swift - a capture's frames as frame-decode vectors, one per shape

import RongCodec
import RongEnvelope

/// Turns a capture (a proxy log or a HAR) into conformance vectors (spec/vectors.md, "Captured
/// vectors"): one `frame-decode` vector per distinct frame shape, whose input is the frame's
/// bytes as the official client or server sent them (the capture is the witness) and whose
/// expected value is the frame's decoded fields; and, in a second file, one vector per distinct
/// frame RongWire cannot decode, with its error, for a person to judge.
///
/// A shape is what a frame has, not what it says: its sender, header byte, packet type, topic,
/// the QUERY topic a QUERYACK answers, the statuses of acknowledgements, the objectName of its
/// content, and the keys and value types of its packet JSON form (arrays by their elements'
/// shapes). Two PUBLISHes of RC:TxtMsg with different texts are one shape; one with a `user` in
/// its content is another.
public enum CaptureVectors {
    /// What to write.
    public struct Options: Sendable {
        /// The vectors' id component after `Capture` (letters, digits, `_`, `-`).
        public var name: String
        /// Where the capture comes from, for the file header and each description (the SDK, the
        /// browser or app, the service or peer).
        public var source: String
        /// Replace tokens and user ids (``CaptureAnonymizer``).
        public var anonymize = false

        /// Options.
        public init(name: String, source: String, anonymize: Bool = false) {
            self.name = name
            self.source = source
            self.anonymize = anonymize
        }
    }

    /// The two files and what went into them.
    public struct Output: Sendable {
        /// The vector file of decoded frames (YAML).
        public var decoded: String
        /// The vector file of frames RongWire cannot decode (YAML; `vectors: []` when none).
        public var undecodable: String
        /// Vectors in each.
        public var decodedCount = 0
        /// Vectors in ``undecodable``.
        public var undecodableCount = 0
        /// Binary messages read (whole messages, fragments joined).
        public var messages = 0
        /// Messages left out because anonymizing them changed more than the ids (an id also
        /// matched other bytes).
        public var notAnonymizable = 0
        /// Tokens and user ids replaced.
        public var replaced = 0
    }

    /// Writes the vectors of a capture: its connections (for their query: `sdkVer`, `token`,
    /// the protocol version) and its frames in their order.
    public static func make(connections: [CapturedConnection], frames: [CapturedFrame], options: Options) throws(CodecError) -> Output {
        guard !options.name.isEmpty, options.name.utf8.allSatisfy(isIdByte) else {
            throw CodecError(.invalidValue, "the vector name must be letters, digits, `_` and `-`, not `\(options.name)`")
        }
        var original = decodeAll(connections, frames)
        var anonymizer: CaptureAnonymizer?
        if options.anonymize {
            var users: Set<String> = []
            var tokens: Set<String> = []
            for c in connections { if let t = c.query["token"], !t.isEmpty { tokens.insert(t) } }
            for d in original {
                collectIds(d, users: &users, tokens: &tokens)
            }
            let a = try CaptureAnonymizer(userIds: users, tokens: tokens)
            anonymizer = a
            let replaced = frames.map { f in
                var g = f
                g.payload = a.apply(f.payload)
                return g
            }
            let after = decodeAll(connections.map { anonymized($0, a) }, replaced)
            // Keep a frame only where the bytes changed exactly as the strings did.
            for i in original.indices where original[i].isPacket {
                let expected = original[i].packet.map(a.apply)
                if after[i].packet != expected || (original[i].error == nil) != (after[i].error == nil) {
                    original[i].isPacket = false
                    original[i].note = "not anonymizable"
                } else {
                    original[i] = after[i]
                }
            }
        }
        let byId = Dictionary(connections.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        var out = Output(decoded: "", undecodable: "")
        out.replaced = anonymizer?.replacements.count ?? 0
        var seen: Set<String> = []
        var counters: [String: Int] = [:]
        var decodedItems: [String] = []
        var undecodableItems: [String] = []
        var frameIndex: [Int: Int] = [:]
        for d in original {
            frameIndex[d.frame.connection, default: 0] += 1
            if d.note == "not anonymizable" {
                out.notAnonymizable += 1
                out.messages += 1
                continue
            }
            guard d.isPacket else { continue }
            out.messages += 1
            let key = shape(d)
            guard seen.insert(key).inserted else { continue }
            let connection = byId[d.frame.connection]
            let where_ = "connection \(d.frame.connection), frame \(frameIndex[d.frame.connection]!)"
            if let error = d.error {
                let group = "Undecodable"
                counters[group, default: 0] += 1
                undecodableItems.append(item(
                    id: "Optional.Capture.\(options.name).\(group).\(counters[group]!)", level: "optional",
                    spec: d.packetValue.map { [requirement($0)] } ?? ["ENV-FRAME-001", "ENV-HDR-001"], tags: ["captured", "undecodable"],
                    description: "\(witness(d, connection, options)), \(where_): RongWire rejects it with \(error.code.rawValue) (\(error.reason)); "
                        + "the capture says the official \(d.frame.from) sent it: judge which is wrong, then make it accept with its value or reject",
                    d: d, expect: ["outcome": "either", "error": .string(error.code.rawValue)]))
                out.undecodableCount += 1
            } else if let packet = d.packet, let p = d.packetValue {
                let group = groupName(d.frame.from, p)
                counters[group, default: 0] += 1
                var spec = [requirement(p)]
                if packet.objectValue?["bodyType"] != nil { spec.append("ENV-BODY-001") }
                spec.append("ENV-JSON-001")
                decodedItems.append(item(
                    id: "Required.Capture.\(options.name).\(group).\(counters[group]!)", level: "required", spec: spec, tags: ["captured"],
                    description: "\(witness(d, connection, options)), \(where_): \(DecodedFrame.clip(d.summary, 120))",
                    d: d, expect: ["outcome": "accept", "value": packet, "hex": .string(Hex.encode(d.message))]))
                out.decodedCount += 1
            }
        }
        let header = fileHeader(connections: connections, frames: frames, options: options)
        out.decoded = header + "# Each vector is a frame the official client or server sent (the capture is the witness);\n"
            + "# its expected value is what RongWire decoded from those bytes when this file was written.\n"
            + body(decodedItems)
        out.undecodable = header + "# Frames RongWire could not decode: outcome either, with RongWire's error, for a person to judge.\n"
            + body(undecodableItems)
        return out
    }

    static func decodeAll(_ connections: [CapturedConnection], _ frames: [CapturedFrame]) -> [DecodedFrame] {
        var decoder = CaptureDecoder()
        for c in connections { decoder.open(c) }
        return frames.map { decoder.decode($0) }
    }

    static func anonymized(_ c: CapturedConnection, _ a: CaptureAnonymizer) -> CapturedConnection {
        var c = c
        c.query = Dictionary(c.query.map { ($0.key, a.apply($0.value)) }, uniquingKeysWith: { a, _ in a })
        return c
    }

    /// The user ids and tokens a decoded frame names: a CONNACK's user, a CONNECT's token, the
    /// senders of messages and the other user of a private conversation.
    static func collectIds(_ d: DecodedFrame, users: inout Set<String>, tokens: inout Set<String>) {
        if let u = d.user, !u.isEmpty { users.insert(u) }
        if case .connect(let c)? = d.packetValue?.body, let t = c.token?.text, !t.isEmpty { tokens.insert(t) }
        for m in d.messages {
            guard let o = m.objectValue else { continue }
            if let s = o["senderUserId"]?.stringValue, !s.isEmpty { users.insert(s) }
            if o["conversationType"]?.numberValue?.int64Value == 1, let t = o["targetId"]?.stringValue, !t.isEmpty { users.insert(t) }
        }
        if case .publish(let p)? = d.packetValue?.body, ConversationType(topic: p.topic) == .private, !p.targetId.text.isEmpty {
            users.insert(p.targetId.text)
        }
    }

    /// The shape of a decoded frame (see the type's description).
    static func shape(_ d: DecodedFrame) -> String {
        var key = "\(d.frame.from) \(d.message.first.map { String($0) } ?? "-")"
        if let error = d.error {
            key += " error \(error.code.rawValue)"
            if let p = d.packetValue { key += " \(p.body.type.name)" + (topic(p).map { " \($0)" } ?? "") }
            return key
        }
        guard let p = d.packetValue else { return key }
        key += " \(p.body.type.name)"
        if let t = topic(p) { key += " topic=\(t)" }
        if let q = d.queryTopic { key += " query=\(q.text)" }
        switch p.body {
        case .connAck(let a): key += " status=\(a.status)"
        case .serverPubAck(let a): key += " status=\(a.status)"
        case .queryAck(let a): key += " status=\(a.status)"
        case .disconnect(let x): key += " status=\(x.status)"
        default: break
        }
        if let name = d.packet?.objectValue?["body"]?.objectValue?["classname"]?.stringValue { key += " \(name)" }
        if let packet = d.packet { key += " " + skeleton(packet) }
        return key
    }

    static func topic(_ p: Packet) -> String? {
        switch p.body {
        case .publish(let q), .query(let q): q.topic.text
        case .serverPublish(let q): q.topic.text
        default: nil
        }
    }

    /// The keys and value types of a JSON value; arrays by the set of their elements' skeletons.
    static func skeleton(_ v: JSONValue) -> String {
        switch v {
        case .null: "0"
        case .bool: "b"
        case .number: "n"
        case .string: "s"
        case .array(let a): "[" + Set(a.map(skeleton)).sorted().joined(separator: ",") + "]"
        case .object(let o): "{" + o.map { "\($0.key):\(skeleton($0.value))" }.sorted().joined(separator: ",") + "}"
        }
    }

    /// `ClientPUBLISH-ppMsgP`, `ServerCONNACK`: the id component of a decoded frame's group.
    static func groupName(_ side: Side, _ p: Packet) -> String {
        var name = (side == .client ? "Client" : "Server") + p.body.type.name
        if let t = topic(p) {
            let clean = String(t.unicodeScalars.filter { $0.isASCII && isIdByte(UInt8($0.value)) })
            if !clean.isEmpty { name += "-" + clean }
        }
        return name
    }

    /// The requirement of spec/envelope.md that defines the packet's layout.
    static func requirement(_ p: Packet) -> String {
        switch p.body {
        case .connect: "ENV-PKT-001"
        case .connAck: "ENV-PKT-002"
        case .publish: "ENV-PKT-004"
        case .serverPublish: "ENV-PKT-005"
        case .pubAck: "ENV-PKT-006"
        case .serverPubAck: "ENV-PKT-007"
        case .query: "ENV-PKT-008"
        case .queryAck: "ENV-PKT-009"
        case .queryCon: "ENV-PKT-010"
        case .pingReq, .pingResp: "ENV-PKT-011"
        case .disconnect: "ENV-PKT-012"
        }
    }

    /// `captured 2026-11-29 08:45:14.125 UTC from SOURCE (sdkVer 5.7.2, anonymized)`.
    static func witness(_ d: DecodedFrame, _ c: CapturedConnection?, _ options: Options) -> String {
        var notes: [String] = []
        if let v = c?.query["sdkVer"], !v.isEmpty { notes.append("sdkVer \(v)") }
        if c?.protocolVersion == 4 { notes.append("protocolVer 4") }
        if options.anonymize { notes.append("anonymized") }
        return "captured \(CaptureTime.dateTime(d.frame.time)) from \(options.source)" + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
    }

    static func item(id: String, level: String, spec: [String], tags: [String], description: String, d: DecodedFrame, expect: JSONValue) -> String {
        var lines = [
            "  - id: \(VectorYAML.quoted(id))",
            "    level: \(VectorYAML.quoted(level))",
            "    spec: \(VectorYAML.flow(.array(spec.map { .string($0) })))",
            "    tags: \(VectorYAML.flow(.array(tags.map { .string($0) })))",
            "    description: \(VectorYAML.quoted(description))",
            "    kind: \"frame-decode\"",
            "    from: \(VectorYAML.quoted(d.frame.from.description))",
        ]
        if let q = d.queryTopic { lines.append("    options: \(VectorYAML.flow(["queryTopic": .string(q.text)]))") }
        lines.append("    input: \(VectorYAML.flow(["hex": .string(Hex.encode(d.message))]))")
        lines.append("    expect: \(VectorYAML.flow(expect))")
        return lines.joined(separator: "\n") + "\n"
    }

    static func body(_ items: [String]) -> String {
        items.isEmpty ? "vectors: []\n" : "vectors:\n" + items.joined()
    }

    static func fileHeader(connections: [CapturedConnection], frames: [CapturedFrame], options: Options) -> String {
        let first = frames.map(\.time).min()
        let versions = Set(connections.compactMap { $0.query["sdkVer"] }.filter { !$0.isEmpty }).sorted()
        var h = "# Captured vectors (spec/vectors.md, \"Captured vectors\"), written by `rongwire capture to-vectors`.\n"
        h += "# Source: \(oneLine(options.source)).\n"
        h += "# Captured: \(first.map(CaptureTime.dateTime) ?? "no frames"); \(connections.count) connection\(connections.count == 1 ? "" : "s")"
        h += versions.isEmpty ? "" : "; sdkVer \(versions.map(oneLine).joined(separator: ", "))"
        h += options.anonymize ? "; tokens and user ids anonymized.\n" : "; not anonymized.\n"
        return h
    }

    static func oneLine(_ s: String) -> String {
        String(s.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? " " : Character($0) })
    }

    static func isIdByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x2D
    }
}
