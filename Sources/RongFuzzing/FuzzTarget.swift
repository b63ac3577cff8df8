// Sources/RongFuzzing/FuzzTarget.swift - the fuzz targets and what each checks per input

import RongCodec
import RongPeer

/// The fuzz targets. Each body decodes one input and checks the codec's invariants; it returns
/// the violations instead of trapping, so `swift test` can replay saved inputs without
/// libFuzzer. The libFuzzer executables in `tools/fuzz/` trap on any violation.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// Byte 0 picks a built-in objectName (`BuiltInCatalog.types[byte % count]`); the rest is
    /// content bytes.
    case content
    /// Byte 0: bit 0 picks the sender (0 client, 1 server); bit 1 set means byte 1 is a length
    /// n and the next n bytes are the topic of the QUERY a QUERYACK answers (`queryTopic`, which
    /// selects the response body type); bit 2 picks the connection's protocol version (0 version
    /// 3, 1 version 4, which changes a CONNACK's layout). The rest is one packet.
    case envelope
    /// A server packet: a PUBLISH is a received message, a QUERYACK the answer to `pullMsg`.
    case message
    /// YAML text for the vector loader.
    case vectorLoader = "vector-loader"
    /// YAML text for the mock peer's loaders: a fixture (`--fixture`, `POST /control/reset`) and
    /// a scenario file.
    case peerLoader = "peer-loader"
    /// The peer's HTTP endpoints: byte 0 picks the request (a fault plan as body or query, an
    /// advance, a reset body, a `/state` query, or any method and target), the rest is its input.
    case control
    /// A protobuf payload, read as each hot body by RongWire's wire reader and by SwiftProtobuf
    /// (and, where both accept it, written back by both): they must agree exactly.
    case wire
    /// The text parsers of option values and query strings: byte 0 picks a fault plan, a
    /// duration (and its plain unit), the named option values, a fault plan's user list or a
    /// request target; the rest is the text.
    case options
    /// A NIM record in any of the NIM forms (byte 0 picks the form read) or an RC record (byte 0
    /// from 0x80, picking the form written): every reader, the mapping and the writers
    /// (``NIMBody``).
    case nim

    /// Runs the body on one input, metered, and returns the invariant violations (empty = fine).
    /// The limit invariant (``allocationBudget(inputCount:)``) is checked when
    /// ``AllocationMeter/source`` is not `.none`.
    public func check(_ data: [UInt8]) -> [String] {
        check(data, budget: allocationBudget(inputCount: data.count))
    }

    func check(_ data: [UInt8], budget: Int) -> [String] {
        let ((violations, allowance), usage) = AllocationMeter.measure { run(data) }
        guard let usage, usage.peakBytes > budget + allowance else { return violations }
        let extra = allowance > 0 ? " plus \(allowance) bytes the input asks to generate" : ""
        return violations + [
            "\(rawValue): \(usage.peakBytes) bytes live at once for an input of \(data.count) bytes, above the budget of \(budget) bytes\(extra)"
        ]
    }

    /// The body without the allocation meter.
    public func body(_ data: [UInt8]) -> [String] {
        run(data).violations
    }

    /// The body's violations, and the bytes beyond the budget that the input may legitimately
    /// ask for (only the peer loaders build what a file describes: generated users, raw bytes).
    func run(_ data: [UInt8]) -> (violations: [String], allowance: Int) {
        switch self {
        case .content: (ContentBody.check(data), 0)
        case .envelope: (EnvelopeBody.check(data), 0)
        case .message: (MessageBody.check(data), 0)
        case .vectorLoader: (VectorLoaderBody.check(data), 0)
        case .peerLoader: PeerLoaderBody.run(data)
        case .control: ControlBody.run(data)
        case .wire: (WireBody.check(data), 0)
        case .options: (OptionsBody.check(data), 0)
        case .nim: (NIMBody.check(data), 0)
        }
    }

    /// The "small factor" of the limit invariant: a body may hold at most this many times the
    /// configured size limit (the protocol's 131,072-byte content limit, or the input's size if
    /// larger: packets and vector files have no limit of their own that low) live at once.
    /// Measured worst cases at 131,000 bytes (tools/fuzz/README.md, "The limit invariant"):
    ///
    /// - content 32×: `[0,0,…]` under an unknown key, each 2-byte element a 64-byte `JSONValue`;
    /// - envelope and message 230×: `0a 00` repeated in a pull or history result, each 2-byte
    ///   element a SwiftProtobuf `DownStreamMessage` (about 460 bytes of heap storage);
    /// - vector-loader 70×: `[],` repeated, each a Yams node;
    /// - peer-loader: the same Yams nodes, read by two loaders one after the other; what a file
    ///   asks to generate is allowed on top (``run(_:)``);
    /// - control: a reset body is read by the same loader (twice) and becomes a peer model;
    /// - wire: the envelope's pull result, read twice (SwiftProtobuf's elements are the larger);
    /// - options: a field per separator of a query string (`&&&…`, a `Substring` each) or a user
    ///   per name of a fault plan's list (a `String` and a set slot each), read twice;
    /// - nim 34×: a JSON tree kept by the record (an unknown type's attachment of `0,` elements,
    ///   from RongWire's form, a C SDK's `msg_attach` text or a v2 custom attachment), its
    ///   canonical text and the tree read back from it.
    public var allocationFactor: Int {
        switch self {
        case .content: 40
        case .nim: 64
        case .envelope, .message, .wire: 256
        case .vectorLoader, .peerLoader, .control, .options: 96
        }
    }

    /// The most heap bytes a body may hold live at once for an input of `inputCount` bytes.
    public func allocationBudget(inputCount: Int) -> Int {
        allocationFactor * max(DecodingOptions.protocolContentLimit, inputCount)
    }
}
