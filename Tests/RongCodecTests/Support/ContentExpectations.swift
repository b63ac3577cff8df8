// Tests/RongCodecTests/Support/ContentExpectations.swift - table-driven decode/reject helpers

import Testing

@testable import RongCodec
import RongTestSupport

/// One accepted input: the bytes as an SDK sends them, the canonical output written by hand
/// from the spec, and the leniency rules that must fire.
struct DecodeCase: CustomTestStringConvertible, Sendable {
    let name: String
    let input: String
    let canonical: String
    let leniencies: [Leniency]

    init(_ name: String, _ input: String, canonical: String? = nil, leniencies: [Leniency] = []) {
        self.name = name
        self.input = input
        self.canonical = canonical ?? input
        self.leniencies = leniencies
    }

    var testDescription: String { name }
}

/// One rejected input and the error code it must produce.
struct RejectCase: CustomTestStringConvertible, Sendable {
    let name: String
    let input: [UInt8]
    let code: CodecError.Code

    init(_ name: String, _ input: String, _ code: CodecError.Code) {
        self.name = name
        self.input = Array(input.utf8)
        self.code = code
    }

    init(_ name: String, bytes: [UInt8], _ code: CodecError.Code) {
        self.name = name
        self.input = bytes
        self.code = code
    }

    var testDescription: String { name }
}

/// Decodes `c.input` as `T`, checks the canonical output, the leniencies, that the canonical
/// output is a fixed point, and that strict mode accepts it. Returns the value for field checks.
@discardableResult
func expectDecodes<T: MessageContent>(
    _ type: T.Type,
    _ c: DecodeCase,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> T {
    let value = try T(jsonBytes: Array(c.input.utf8))
    let canonical = try value.jsonString()
    #expect(canonical == c.canonical, "canonical form", sourceLocation: sourceLocation)
    #expect(Set(value.diagnostics.leniencies) == Set(c.leniencies), "leniencies", sourceLocation: sourceLocation)
    let again = try T(jsonBytes: Array(canonical.utf8), options: .strict)
    #expect(again == value, "re-decoding the canonical form gives an equal value", sourceLocation: sourceLocation)
    #expect(try again.jsonString() == canonical, "canonical form is a fixed point", sourceLocation: sourceLocation)
    if !c.leniencies.isEmpty {
        expectCodecError(.notNormalized, "strict mode rejects lenient input", sourceLocation: sourceLocation) {
            try T(jsonBytes: Array(c.input.utf8), options: .strict)
        }
    }
    return value
}

/// Checks that decoding `c.input` as `T` fails with `c.code`.
func expectRejects<T: MessageContent>(
    _ type: T.Type,
    _ c: RejectCase,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectCodecError(c.code, sourceLocation: sourceLocation) { try T(jsonBytes: c.input) }
}
