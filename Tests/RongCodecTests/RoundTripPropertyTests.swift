// Tests/RongCodecTests/RoundTripPropertyTests.swift - decode(encode(v)) == v for every type

import PropertyBased
import Testing

@testable import RongCodec

@Suite("Property: round trip of every built-in type")
struct RoundTripPropertyTests {
    static let names = BuiltInCatalog.types.map { $0.objectName }

    @Test("every built-in type can generate arbitrary values")
    func everyTypeIsCovered() {
        let missing = BuiltInCatalog.types.filter { !($0 is any ArbitraryContent.Type) }.map { $0.objectName }
        #expect(missing.isEmpty, "types without an ArbitraryContent conformance: \(missing)")
    }

    @Test("decode(encode(v)) == v and canonical bytes are stable", arguments: names)
    func roundTrip(_ objectName: String) async throws {
        let t = try #require(ContentRegistry.builtIn.type(for: objectName) as? any ArbitraryContent.Type)
        await check(t)
    }

    private func check<T: ArbitraryContent>(_ type: T.Type) async {
        await propertyCheck(count: 300, input: contentGenerator(T.self)) { value in
            let bytes = try value.jsonBytes(maxBytes: .max)
            let decoded = try T(jsonBytes: bytes, options: DecodingOptions(maxContentBytes: .max, mode: .strict))
            #expect(decoded == value)
            #expect(try decoded.jsonBytes(maxBytes: .max) == bytes)
            // The registry path gives the same value.
            let viaRegistry = try ContentRegistry.builtIn.decode(objectName: T.objectName, bytes: bytes, options: DecodingOptions(maxContentBytes: .max))
            #expect(viaRegistry == .typed(AnyMessageContent(value)))
        }
    }
}
