// Tests/RongEnvelopeTests/RMTPStringTests.swift - CESU-8 and UTF-8 header strings

import RongCodec
import RongEnvelope
import Testing

@Suite("Header strings")
struct RMTPStringTests {
    // 😀 U+1F600 = surrogates D83D DE00. CESU-8: ED A0 BD, ED B8 80. UTF-8: F0 9F 98 80.
    static let grinningCESU = bytes("eda0bd edb880")
    static let grinningUTF8 = bytes("f09f9880")

    @Test("the encoder writes each UTF-16 unit: emoji as two 3-byte sequences")
    func encodesCESU8() {
        #expect(RMTPString("😀").wireBytes == Self.grinningCESU)
        #expect(RMTPString("a😀b").wireBytes == [0x61] + Self.grinningCESU + [0x62])
        #expect(RMTPString("é中").wireBytes == bytes("c3a9 e4b8ad"))
        #expect(RMTPString("\u{0}").wireBytes == [0x00], "U+0000 is one zero byte, not Java's C0 80")
        #expect(RMTPString("").wireBytes == [])
        #expect(RMTPString("😀").isCanonical)
    }

    @Test("the decoder reads CESU-8, UTF-8 and both mixed, and remembers non-canonical bytes")
    func decodesBoth() throws {
        let cesu = try RMTPString(wireBytes: Self.grinningCESU)
        #expect(cesu.text == "😀" && cesu.isCanonical && cesu.wireBytes == Self.grinningCESU)
        let utf8 = try RMTPString(wireBytes: Self.grinningUTF8)
        #expect(utf8.text == "😀" && !utf8.isCanonical && utf8.wireBytes == Self.grinningUTF8)
        #expect(utf8 == RMTPString(utf8: "😀"))
        #expect(utf8 != cesu, "equality keeps the wire form")
        let mixed = Self.grinningUTF8 + Array("x".utf8) + Self.grinningCESU
        let m = try RMTPString(wireBytes: mixed)
        #expect(m.text == "😀x😀" && m.wireBytes == mixed)
        let flags = "🇨🇳👍🏽"
        #expect(try RMTPString(wireBytes: RMTPString(flags).wireBytes).text == flags)
        #expect(try RMTPString(wireBytes: Array(flags.utf8)).text == flags)
        #expect(RMTPString(utf8: "abc").isCanonical, "BMP-only text is the same in both forms")
    }

    @Test("ASCII is read eight bytes at a time: one non-ASCII byte anywhere still takes the full check")
    func asciiFastPath() throws {
        for n in 0...19 {
            let ascii = (0..<n).map { UInt8(0x41 + $0 % 26) }
            #expect(try RMTPString(wireBytes: ascii).text == String(decoding: ascii, as: UTF8.self))
            for at in 0..<n {
                var bad = ascii
                bad[at] = 0xFF
                #expect((#expect(throws: CodecError.self) { try RMTPString(wireBytes: bad) })?.code == .invalidString)
                var utf8 = ascii
                utf8.replaceSubrange(at...at, with: [0xC3, 0xA9])
                #expect(try RMTPString(wireBytes: utf8).text == String(decoding: utf8, as: UTF8.self))
            }
        }
    }

    @Test("a packet with a 4-byte UTF-8 targetId re-encodes byte for byte")
    func packetKeepsUTF8() throws {
        let frame = [0x30] + lengthPrefixed("ppMsgP") + lengthPrefixed(Self.grinningUTF8) + [0, 1]
        let p = try Packet.decode(frame, from: .client)
        guard case .publish(let pub) = p.body else { Issue.record("not a PUBLISH"); return }
        #expect(pub.targetId.text == "😀")
        #expect(try p.encoded() == frame)
    }

    static let invalid: [(String, [UInt8], Int)] = [
        ("lone high surrogate", bytes("eda0bd"), 0),
        ("high surrogate then ASCII", bytes("eda0bd 41 4141"), 0),
        ("high surrogate then another high", bytes("eda0bd eda0bd"), 0),
        ("lone low surrogate", bytes("41 edb880"), 1),
        ("overlong NUL (Java modified UTF-8)", bytes("c080"), 0),
        ("overlong 2-byte", bytes("c1bf"), 0),
        ("overlong 3-byte", bytes("e08080"), 0),
        ("overlong 4-byte", bytes("f08f bfbf"), 0),
        ("above U+10FFFF", bytes("f4908080"), 0),
        ("F5 lead", bytes("f5808080"), 0),
        ("continuation byte first", bytes("80"), 0),
        ("cut 2-byte", bytes("41c3"), 1),
        ("cut 3-byte", bytes("e4b8"), 0),
        ("cut 4-byte", bytes("f09f98"), 0),
        ("bad continuation", bytes("e441ad"), 0),
        ("FF", bytes("ff"), 0),
    ]

    @Test("malformed strings are invalidString at the right offset", arguments: invalid.indices)
    func rejects(_ i: Int) {
        let (name, raw, offset) = Self.invalid[i]
        do throws(CodecError) {
            _ = try RMTPString(wireBytes: raw)
            Issue.record("\(name) decoded")
        } catch {
            #expect(error.code == .invalidString, "\(name)")
            #expect(error.offset == offset, "\(name)")
        }
        // Inside a packet the offset counts from the header byte: 1 + topic (2 + 1) + length prefix 2.
        let frame = [0x30] + lengthPrefixed("t") + lengthPrefixed(raw) + [0, 1]
        do throws(CodecError) {
            _ = try Packet.decode(frame, from: .client)
            Issue.record("\(name) decoded in a packet")
        } catch {
            #expect(error.code == .invalidString)
            #expect(error.offset == 6 + offset, "\(name)")
        }
    }

    @Test("every 1- and 2-byte input either decodes to the text that re-encodes to it, or is rejected")
    func shortSequences() {
        var accepted = 0
        for a in 0...255 {
            for b in [-1] + Array(0x7E...0xC1) {
                var raw = [UInt8(a)]
                if b >= 0 { raw.append(UInt8(b)) }
                do throws(CodecError) {
                    let s = try RMTPString(wireBytes: raw)
                    #expect(s.wireBytes == raw)
                    accepted += 1
                } catch {
                    #expect(error.code == .invalidString)
                }
            }
        }
        #expect(accepted > 0)
    }
}
