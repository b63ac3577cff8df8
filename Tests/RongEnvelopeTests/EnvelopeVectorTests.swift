// Tests/RongEnvelopeTests/EnvelopeVectorTests.swift - runs vectors/envelope/*.yaml

import Foundation
import RongCodec
import RongEnvelope
import Testing

/// One vector of vectors/envelope/. The files are written by tools/vectorgen/envelope_vectors.py
/// with every value as one line of JSON, so this reader needs no YAML parser: it accepts exactly
/// that layout (`  - key: JSON` starts a vector, `    key: JSON` continues it) and fails on any
/// other line, with the file and line.
struct FrameVector: Sendable, CustomTestStringConvertible {
    let location: String
    let members: [String: JSONValue]

    var id: String { members["id"]?.stringValue ?? "?" }
    var testDescription: String { id }
    subscript(_ key: String) -> JSONValue? { members[key] }
}

enum VectorCorpus {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let all: [FrameVector] = {
        do {
            return try load()
        } catch {
            fatalError("cannot read vectors/envelope: \(error)")
        }
    }()

    static func load() throws -> [FrameVector] {
        let dir = root.appendingPathComponent("vectors/envelope")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".yaml") }.sorted()
        var vectors: [FrameVector] = []
        for name in files {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            var current: [String: JSONValue]?
            var start = ""
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let where_ = "\(name):\(n + 1)"
                if line.isEmpty || line.hasPrefix("#") || line == "vectors:" { continue }
                let isStart = line.hasPrefix("  - ")
                guard isStart || line.hasPrefix("    ") else { throw VectorFileError(where_, "unexpected line") }
                let body = line.dropFirst(4)
                guard let colon = body.firstIndex(of: ":") else { throw VectorFileError(where_, "no key") }
                let key = String(body[..<colon])
                let value = try JSONValue(parsing: Array(body[body.index(colon, offsetBy: 2)...].utf8), options: DecodingOptions(maxContentBytes: .max))
                if isStart {
                    if let current { vectors.append(FrameVector(location: start, members: current)) }
                    current = [:]
                    start = where_
                }
                guard current != nil, current![key] == nil else { throw VectorFileError(where_, "duplicate key or no vector") }
                current![key] = value
            }
            if let current { vectors.append(FrameVector(location: start, members: current)) }
        }
        return vectors
    }

    /// The bytes of an `input` or `expect` object: `hex` or `hexRepeat` (spec/vectors.md).
    static func bytes(_ object: JSONObject) -> [UInt8]? {
        if let hex = object["hex"]?.stringValue { return Hex.decode(hex, allowingWhitespace: true) }
        if let r = object["hexRepeat"]?.objectValue, let prefix = r["prefix"]?.stringValue.flatMap({ Hex.decode($0) }),
            let fill = r["fill"]?.stringValue.flatMap({ Hex.decode($0) }), let count = r["count"]?.numberValue?.int64Value,
            let suffix = r["suffix"]?.stringValue.flatMap({ Hex.decode($0) })
        {
            return prefix + Array([[UInt8]](repeating: fill, count: Int(count)).joined()) + suffix
        }
        return nil
    }

    /// Requirement ids defined in spec/envelope.md (`**ENV-…**`, `**FLAG-…**`).
    static let requirementIds: Set<String> = {
        let text = (try? String(contentsOf: root.appendingPathComponent("spec/envelope.md"), encoding: .utf8)) ?? ""
        var ids: Set<String> = []
        for part in text.components(separatedBy: "**").enumerated() where part.offset % 2 == 1 {
            if part.element.hasPrefix("ENV-") || part.element.hasPrefix("FLAG-") { ids.insert(part.element) }
        }
        return ids
    }()
}

struct VectorFileError: Error, CustomStringConvertible {
    let description: String
    init(_ location: String, _ problem: String) { description = "\(location): \(problem)" }
}

@Suite("Envelope vectors")
struct EnvelopeVectorTests {
    @Test("the corpus is large and its ids are unique")
    func corpus() {
        let ids = VectorCorpus.all.map(\.id)
        #expect(ids.count >= 150)
        #expect(Set(ids).count == ids.count)
    }

    @Test("every vector", arguments: VectorCorpus.all)
    func run(_ v: FrameVector) throws {
        // Metadata (spec/vectors.md).
        let level = try #require(v["level"]?.stringValue)
        #expect(v.id.hasPrefix(level.prefix(1).uppercased() + level.dropFirst() + "."), "level matches the id")
        for id in v["spec"]?.arrayValue ?? [] {
            #expect(VectorCorpus.requirementIds.contains(id.stringValue ?? ""), "\(id) is defined in spec/envelope.md")
        }
        let side = try #require(v["from"]?.stringValue.flatMap(Side.init(rawValue:)))
        let input = try #require(v["input"]?.objectValue)
        let expect = try #require(v["expect"]?.objectValue)
        let accept = expect["outcome"] == "accept"
        let options = PacketJSONOptions(queryTopic: v["options"]?.objectValue?["queryTopic"]?.stringValue)

        switch v["kind"]?.stringValue {
        case "frame-decode":
            let frame = try #require(VectorCorpus.bytes(input), "input bytes")
            let result = Result(catching: { () throws(CodecError) in try Packet.decode(frame, from: side).jsonValue(options: options) })
            switch result {
            case .success(let value):
                guard accept else {
                    Issue.record("\(v.location): accepted, expected error[\(expect["error"]?.stringValue ?? "")]")
                    return
                }
                let expected = try #require(expect["value"])
                let got = String(decoding: try value.canonicalBytes(), as: UTF8.self)
                #expect(value.isEqualIgnoringOrder(expected), "\(v.location)\n got: \(got)")
                // Decode then encode is exact, from our value and from the vector's.
                let bytes = try #require(VectorCorpus.bytes(expect), "expect bytes")
                #expect(try Packet(json: value, from: side).encoded() == bytes)
                #expect(try Packet(json: expected, from: side).encoded() == bytes)
            case .failure(let error):
                #expect(!accept, "\(v.location): \(error)")
                #expect(error.code.rawValue == expect["error"]?.stringValue, "\(v.location): \(error)")
            }
        case "frame-encode":
            let value = try #require(input["value"])
            switch Result(catching: { () throws(CodecError) in try Packet(json: value, from: side).encoded() }) {
            case .success(let bytes):
                #expect(accept, "\(v.location): encoded, expected error[\(expect["error"]?.stringValue ?? "")]")
                if accept { #expect(bytes == VectorCorpus.bytes(expect), "\(v.location)") }
            case .failure(let error):
                #expect(!accept, "\(v.location): \(error)")
                #expect(error.code.rawValue == expect["error"]?.stringValue, "\(v.location): \(error)")
            }
        default:
            Issue.record("\(v.location): unknown kind")
        }
    }
}
