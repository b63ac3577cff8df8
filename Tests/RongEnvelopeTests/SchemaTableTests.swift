// Tests/RongEnvelopeTests/SchemaTableTests.swift - the JSON adjustments agree with the .proto

import Foundation
import Testing

@testable import RongEnvelope

@Suite("Schema tables")
struct SchemaTableTests {
    /// message name → [(label, type, field name)], read from spec/rongcloud.proto.
    static func schema() throws -> [String: [(String, String, String)]] {
        try schemaWithNumbers().mapValues { $0.map { ($0.label, $0.type, $0.name) } }
    }

    /// The enum names of spec/rongcloud.proto (a nested one as `Outer.Inner`).
    static func enums() throws -> Set<String> { try read().enums }

    /// message name → fields with their numbers, read from spec/rongcloud.proto. A field's type
    /// naming an enum nested in its own message is given as `Message.Enum`, as elsewhere.
    static func schemaWithNumbers() throws -> [String: [(label: String, type: String, name: String, number: Int)]] {
        try read().messages
    }

    /// A reader of its own for the tables' tests (tools/generate-body-types.py is the other).
    static func read() throws -> (messages: [String: [(label: String, type: String, name: String, number: Int)]], enums: Set<String>) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("spec/rongcloud.proto")
        var messages: [String: [(label: String, type: String, name: String, number: Int)]] = [:]
        var enums: Set<String> = []
        var stack: [(kind: String, name: String)] = []
        for raw in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
            let line = raw.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = line.split(whereSeparator: { $0 == " " || $0 == "=" || $0 == ";" }).map(String.init)
            if let kind = words.first, kind == "message" || kind == "enum", words.count >= 2 {
                let name = stack.last.map { "\($0.name).\(words[1])" } ?? words[1]
                if kind == "enum" { enums.insert(name) } else { messages[name] = [] }
                stack.append((kind, name))
            } else if words.first == "}" {
                stack.removeLast()
            } else if let current = stack.last, current.kind == "message", words.count >= 4,
                ["required", "optional", "repeated"].contains(words[0]), let n = Int(words[3])
            {
                messages[current.name]!.append((words[0], words[1], words[2], n))
            }
        }
        for (name, fields) in messages {
            messages[name] = fields.map { f in enums.contains("\(name).\(f.type)") ? (f.label, "\(name).\(f.type)", f.name, f.number) : f }
        }
        return (messages, enums)
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
