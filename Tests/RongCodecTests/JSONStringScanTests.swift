// Tests/RongCodecTests/JSONStringScanTests.swift - the string scanner's block edges

import Testing

@testable import RongCodec

/// The scanner reads strings 16 and 64 bytes per step, re-reads the last 16 bytes of the input
/// for the tail, goes byte by byte in inputs under 16 bytes, and reads multi-byte characters
/// four bytes at a time: each kind of byte that ends a plain run is put at every offset around
/// those edges, with the input ending at several distances after the string.
@Suite("JSON: string scanning at block edges")
struct JSONStringScanTests {
    /// What a string body holds at the probed offset, and how its scan must end: `text` is what
    /// the token reads as, or nil when the scan fails with `code` at the offset of the first
    /// `special` byte.
    struct Probe: Sendable, CustomTestStringConvertible {
        let name: String
        let special: [UInt8]
        let text: String?
        let code: CodecError.Code?
        var testDescription: String { name }
    }

    static let probes: [Probe] = [
        Probe(name: "end of string", special: [], text: "", code: nil),
        Probe(name: "escape", special: Array(#"\n"#.utf8), text: "\n", code: nil),
        Probe(name: "escape of a non-ASCII character", special: Array(#"\u00e9"#.utf8), text: "é", code: nil),
        Probe(name: "2-byte character", special: [0xC3, 0xA9], text: "é", code: nil),
        Probe(name: "3-byte character", special: [0xE4, 0xB8, 0xAD], text: "中", code: nil),
        Probe(name: "3-byte characters after E0 and ED", special: [0xE0, 0xA0, 0x80, 0xED, 0x9F, 0xBF], text: "\u{800}\u{D7FF}", code: nil),
        Probe(name: "4-byte character", special: [0xF0, 0x9F, 0x98, 0x80], text: "😀", code: nil),
        Probe(name: "DEL", special: [0x7F], text: "\u{7F}", code: nil),
        Probe(name: "control character", special: [0x1F], text: nil, code: .controlCharacter),
        Probe(name: "invalid byte", special: [0xFF], text: nil, code: .invalidUTF8),
        Probe(name: "overlong 2-byte", special: [0xC1, 0xBF], text: nil, code: .invalidUTF8),
        Probe(name: "overlong 3-byte", special: [0xE0, 0x9F, 0xBF], text: nil, code: .invalidUTF8),
        Probe(name: "encoded surrogate", special: [0xED, 0xA0, 0x80], text: nil, code: .invalidUTF8),
        Probe(name: "lone continuation byte", special: [0x80], text: nil, code: .invalidUTF8),
        Probe(name: "cut 3-byte character", special: [0xE4, 0xB8], text: nil, code: .invalidUTF8),
    ]

    @Test("every kind of byte ends a plain run at every offset", arguments: probes)
    func probe(_ probe: Probe) {
        for offset in 0..<90 {
            for after in [0, 1, 3, 15, 16, 17] {
                // `"` + offset ASCII letters + the probe + "xy" (so a cut sequence is followed by
                // ASCII) + `"` + spaces.
                let prefix = (0..<offset).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                let body = prefix + probe.special + (probe.special.isEmpty ? [] : Array("xy".utf8))
                let input = [asciiQuote] + body + [asciiQuote] + Array(repeating: UInt8(ascii: " "), count: after)
                let label = "\(probe.name) at \(offset), \(after) bytes after the string"
                input.withUnsafeBytes { raw in
                    var scanner = JSONScanner(source: raw, maxDepth: 8)
                    do throws(CodecError) {
                        let token = try scanner.scanString()
                        guard let text = probe.text else {
                            Issue.record("\(label): accepted, expected \(probe.code!)")
                            return
                        }
                        let expected = String(decoding: prefix, as: UTF8.self) + text + (probe.special.isEmpty ? "" : "xy")
                        let made = scanner.makeString(token)
                        let ok = made == expected && Array(made.utf8) == Array(expected.utf8)
                            && token.start == 1 && token.end == body.count + 1 && scanner.index == body.count + 2
                            && token.nonASCII == body.contains { $0 >= 0x80 } && token.escaped == body.contains(asciiBackslash)
                        // Issue.record only on failure: thousands of #expect would cost more than the scans.
                        if !ok { Issue.record("\(label): \(token) read as \(made.debugDescription)") }
                    } catch {
                        if probe.code != error.code || error.offset != 1 + offset { Issue.record("\(label): \(error)") }
                    }
                }
            }
        }
    }

    @Test("a string the input ends inside is truncated, wherever it ends")
    func truncated() {
        for length in 0..<40 {
            let input = [asciiQuote] + Array(repeating: UInt8(ascii: "a"), count: length)
            input.withUnsafeBytes { raw in
                var scanner = JSONScanner(source: raw, maxDepth: 8)
                do throws(CodecError) {
                    _ = try scanner.scanString()
                    Issue.record("length \(length): accepted")
                } catch {
                    #expect(error.code == .truncated && error.offset == length + 1, "length \(length): \(error)")
                }
            }
        }
    }

    /// Short strings (inline in `String`) read the same at every distance from either end of the
    /// input, where the scanner switches between its 16-byte steps, the re-read of the input's
    /// last 16 bytes and the byte loop. Count and scalars depend on the ASCII flag.
    @Test("short strings read the same wherever they sit in the input", arguments: ["", "a", "abcdefgh", "abcdefghijklmno", "é", "中文", "ab中cdé", "中文中文中", "😀", "ab😀cdefghi"])
    func shortStrings(_ text: String) throws {
        for before in [0, 1, 2, 5, 9, 14, 15, 16, 17, 20] {
            for after in [0, 1, 2, 8] {
                let input = Array(repeating: UInt8(ascii: " "), count: before) + Array("\"\(text)\"".utf8)
                    + Array(repeating: UInt8(ascii: " "), count: after)
                let made = try JSONValue(parsing: input).stringValue ?? "not a string"
                if made != text || Array(made.utf8) != Array(text.utf8) || made.count != text.count
                    || made.unicodeScalars.count != text.unicodeScalars.count || made.hashValue != text.hashValue
                {
                    Issue.record("\(text.debugDescription) after \(before), before \(after) spaces: read as \(made.debugDescription)")
                }
            }
        }
    }
}
