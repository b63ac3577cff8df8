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

    /// Alias keys (spec/content-*.md): the decoder keeps one as an unknown key when the canonical
    /// field is present, so as an unknown key an alias is not always invalid. Those cases are
    /// example-tested in EncodeValidationTests.
    static let aliasKeys: [String: Set<String>] = [
        "RC:ImgMsg": ["full"],
        "RC:CombineMsg": ["content"],
        "RC:ReadNtf": ["lastMessageSend"],
        "RC:SRSMsg": ["lastMessageSend"],
        "RC:RcCmd": ["MessageUId", "ConversationType", "TargetId", "ChannelId", "SentTime"],
        "RC:RcNtf": ["mOperatorId", "mRecallTime", "mOriginalObjectName", "mAdmin", "mDelete"],
        "RC:CmdNtf": ["operation"],
    ]

    @Test("encode refuses a value with invalid parts (with their code and a path) and writes any other one", arguments: names)
    func invalidValuesAreRefused(_ objectName: String) async throws {
        let t = try #require(ContentRegistry.builtIn.type(for: objectName) as? any ArbitraryContent.Type)
        await checkRefusals(t)
    }

    private func checkRefusals<T: ArbitraryContent>(_ type: T.Type) async {
        var refused = 0
        var written = 0
        let input = maybeInvalidGenerator(T.self, percent: 8, aliases: Self.aliasKeys[T.objectName] ?? [])
        await propertyCheck(count: 120, input: input) { c in
            if c.expectedCodes.isEmpty {
                written += 1
                let bytes = try c.value.jsonBytes(maxBytes: .max)
                #expect(try T(jsonBytes: bytes, options: DecodingOptions(maxContentBytes: .max, mode: .strict)) == c.value)
                return
            }
            refused += 1
            do throws(CodecError) {
                let bytes = try c.value.jsonBytes(maxBytes: .max)
                Issue.record("wrote a value with invalid parts (expected \(c.expectedCodes)): \(String(decoding: bytes, as: UTF8.self))")
            } catch {
                #expect(c.expectedCodes.contains(error.code), "\(error) for a value expected to give one of \(c.expectedCodes)")
                #expect(error.path?.hasPrefix("$") == true, "\(error) has no path")
                #expect(error.offset != nil, "\(error) has no offset")
            }
        }
        // Both branches ran: the property did not pass by never drawing (in)valid values.
        #expect(refused > 0 && written > 0, "refused \(refused), written \(written)")
    }

    private func check<T: ArbitraryContent>(_ type: T.Type) async {
        await propertyCheck(count: 60, input: contentGenerator(T.self)) { value in
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
