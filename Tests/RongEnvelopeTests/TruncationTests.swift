// Tests/RongEnvelopeTests/TruncationTests.swift - cut and extended frames at every offset

import RongCodec
import RongEnvelope
import Testing
import RongSupport

@Suite("Truncated and trailing input")
struct TruncationTests {
    static let names = SamplePackets.all().map { "\($0.1) \($0.0)" }

    static func sample(_ name: String) -> (Side, Packet) {
        let s = SamplePackets.all().first { "\($0.1) \($0.0)" == name }!
        return (s.1, s.2)
    }

    /// The length of the fixed part: everything before the payload (the whole packet when it has none).
    static func fixedLength(_ p: Packet) throws -> Int {
        try p.encoded().count - (p.body.payload?.count ?? 0)
    }

    @Test("every prefix: truncated inside the fixed fields, a shorter payload after them", arguments: names)
    func everyPrefix(_ name: String) throws {
        let (side, packet) = Self.sample(name)
        let full = try packet.encoded()
        let fixed = try Self.fixedLength(packet)
        for cut in 0..<full.count {
            let prefix = Array(full[0..<cut])
            if cut < fixed {
                do throws(CodecError) {
                    _ = try Packet.decode(prefix, from: side)
                    // A CONNACK cut right after its two fixed bytes is the short form, which is valid.
                    #expect(packet.body.type == .connAck && cut == 3, "\(name) cut at \(cut) decoded")
                } catch {
                    #expect(error.code == .truncated, "\(name) cut at \(cut)")
                    #expect(error.offset != nil && error.offset! <= cut, "offset points into the input")
                }
            } else {
                // The payload runs to the end of the frame: a cut payload is a shorter payload.
                let p = try Packet.decode(prefix, from: side)
                #expect(try p.encoded() == prefix)
            }
        }
    }

    @Test("one more byte: trailingGarbage for fixed layouts, a longer payload otherwise", arguments: names)
    func trailingByte(_ name: String) throws {
        let (side, packet) = Self.sample(name)
        let longer = try packet.encoded() + [0x00]
        if packet.body.payload == nil {
            if case .connAck(let a) = packet.body, a.session == nil {
                // The short CONNACK followed by a byte reads as a cut long form.
                expectCode(.truncated) { _ = try Packet.decode(longer, from: side) }
            } else {
                expectCode(.trailingGarbage) { _ = try Packet.decode(longer, from: side) }
            }
        } else {
            #expect(try Packet.decode(longer, from: side).body.payload == packet.body.payload! + [0])
        }
    }

    @Test("a byte inserted at every offset never crashes", arguments: names)
    func insertedByte(_ name: String) throws {
        let (side, packet) = Self.sample(name)
        let full = try packet.encoded()
        for at in 0...full.count {
            for b: UInt8 in [0x00, 0x7F, 0x80, 0xED, 0xFF] {
                var mutated = full
                mutated.insert(b, at: at)
                do throws(CodecError) {
                    let p = try Packet.decode(mutated, from: side)
                    #expect(try p.encoded() == mutated, "whatever decodes re-encodes exactly")
                } catch {
                    _ = error.code  // a typed error is the expected outcome for most
                }
            }
        }
    }

    @Test("random frames decode or fail with a typed error, and what decodes re-encodes exactly")
    func randomFrames() throws {
        var rng = SplitMix64(seed: 0x5EED_0003)
        for _ in 0..<20_000 {
            let count = Int(rng.next() % 24)
            var frame = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            if !frame.isEmpty && rng.next() % 2 == 0 {
                // Bias towards supported types so the body parsers get exercised.
                frame[0] = [0x10, 0x20, 0x32, 0x40, 0x50, 0x61, 0x70, 0xC0, 0xD0, 0xE0].randomElement(using: &rng)!
            }
            for side in Side.allCases {
                do throws(CodecError) {
                    let p = try Packet.decode(frame, from: side)
                    #expect(try p.encoded() == frame)
                } catch {
                    _ = error.code
                }
            }
        }
    }
}
