// Tests/RongEnvelopeTests/SchemaTableTests.swift - the JSON adjustments agree with the .proto

import Foundation
import Testing

@testable import RongEnvelope

@Suite("Schema tables")
struct SchemaTableTests {
    /// message name → [(label, type, field name)], read from spec/rongcloud.proto.
    static func schema() throws -> [String: [(String, String, String)]] { try read().messages }

    /// The enum names of spec/rongcloud.proto.
    static func enums() throws -> Set<String> { try read().enums }

    static func read() throws -> (messages: [String: [(String, String, String)]], enums: Set<String>) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("spec/rongcloud.proto")
        let text = try String(contentsOf: url, encoding: .utf8)
        var result: [String: [(String, String, String)]] = [:]
        var enums: Set<String> = []
        var current: String?
        for raw in text.split(separator: "\n") {
            let line = raw.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "=" || $0 == ";" }).map(String.init)
            if words.first == "enum", words.count >= 2 {
                enums.insert(words[1])
            } else if words.first == "message", words.count >= 2 {
                current = words[1]
                result[words[1]] = []
            } else if words.first == "}" {
                current = nil
            } else if let current, words.count >= 4, ["required", "optional", "repeated"].contains(words[0]) {
                result[current]!.append((words[0], words[1], words[2]))
            }
        }
        return (result, enums)
    }

    /// message name → fields with their numbers, read from spec/rongcloud.proto.
    static func schemaWithNumbers() throws -> [String: [(label: String, type: String, name: String, number: Int)]] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("spec/rongcloud.proto")
        var result: [String: [(label: String, type: String, name: String, number: Int)]] = [:]
        var current: String?
        for raw in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let line = raw.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "=" || $0 == ";" }).map(String.init)
            if words.first == "message", words.count >= 2 {
                current = words[1]
                result[words[1]] = []
            } else if words.first == "}" {
                current = nil
            } else if let current, words.count >= 4, ["required", "optional", "repeated"].contains(words[0]), let n = Int(words[3]) {
                result[current]!.append((words[0], words[1], words[2], n))
            }
        }
        return result
    }

    @Test("every message of the schema is a BodyType and vice versa")
    func bodyTypes() throws {
        let names = Set(try Self.schema().keys)
        #expect(names == Set(BodyType.allCases.map(\.rawValue)))
    }

    @Test("the bytes, message and enum fields BodyJSON adjusts are exactly those of the schema")
    func shapes() throws {
        let schema = try Self.schema()
        let enums = try Self.enums()
        #expect(!enums.isEmpty)
        let messageNames = Set(schema.keys)
        for type in BodyType.allCases {
            let fields = schema[type.rawValue]!
            let bytesFields = Set(fields.filter { $0.1 == "bytes" }.map(\.2))
            var messageFields: [String: BodyType] = [:]
            for f in fields where messageNames.contains(f.1) { messageFields[f.2] = BodyType(rawValue: f.1) }
            let table = BodyJSON.shapeTable[type]
            #expect((table?.bytes ?? []) == bytesFields, "\(type) bytes fields")
            #expect((table?.messages ?? [:]) == messageFields, "\(type) message fields")
            #expect((table?.enums ?? []) == Set(fields.filter { enums.contains($0.1) }.map(\.2)), "\(type) enum fields")
        }
    }
}
