// Tests/RongProxyTests/Support/WireRecorder.swift - the bytes of one direction of a connection: its HTTP head, then RFC 6455 frames, parsed here on their own

/// A WebSocket frame as it was on the wire, read by this file's own parser (not NIO's, not the
/// proxy's): what the tests compare.
struct WireFrame: Hashable, CustomStringConvertible {
    var fin: Bool
    var opcode: UInt8
    var masked: Bool
    /// Unmasked.
    var payload: [UInt8]
    /// When the tap saw its last byte (seconds since 1970).
    var time: Double = 0

    /// Equal frames ignore the mask (the proxy masks with keys of its own) and the time.
    static func == (a: WireFrame, b: WireFrame) -> Bool { a.fin == b.fin && a.opcode == b.opcode && a.payload == b.payload }
    func hash(into h: inout Hasher) {
        h.combine(fin)
        h.combine(opcode)
        h.combine(payload)
    }

    var description: String { "\(fin ? "" : "~")op\(opcode) \(payload.count)B" }
}

/// Reads one direction of a connection as it streams: the HTTP head up to its blank line, then
/// frames (RFC 6455 § 5.2: FIN and opcode, mask bit and 7-bit length, 16- or 64-bit length,
/// masking key, payload).
struct WireRecorder {
    private(set) var head: String?
    private(set) var frames: [WireFrame] = []
    private var buffer: [UInt8] = []
    /// Bytes that were not a frame (a parse problem), for the test to report.
    private(set) var problem: String?

    mutating func feed(_ bytes: [UInt8], time: Double) {
        buffer += bytes
        if head == nil {
            guard let end = Self.find([13, 10, 13, 10], in: buffer) else { return }
            head = String(decoding: buffer[..<(end + 4)], as: UTF8.self)
            buffer.removeFirst(end + 4)
        }
        while problem == nil, let (frame, used) = Self.frame(buffer) {
            var f = frame
            f.time = time
            frames.append(f)
            buffer.removeFirst(used)
        }
    }

    /// The first line of the head (`GET /websocket?… HTTP/1.1`, `HTTP/1.1 101 …`).
    var firstLine: String? { head.flatMap { $0.split(separator: "\r\n").first.map(String.init) } }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard hay.count >= needle.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i..<(i + needle.count)].elementsEqual(needle) { return i }
        return nil
    }

    /// One whole frame at the start of `b`, and how many bytes it took; nil when incomplete.
    static func frame(_ b: [UInt8]) -> (WireFrame, Int)? {
        guard b.count >= 2 else { return nil }
        let masked = b[1] & 0x80 != 0
        var length = Int(b[1] & 0x7F)
        var i = 2
        if length == 126 {
            guard b.count >= 4 else { return nil }
            length = Int(b[2]) << 8 | Int(b[3])
            i = 4
        } else if length == 127 {
            guard b.count >= 10 else { return nil }
            length = b[2..<10].reduce(0) { $0 << 8 | Int($1) }
            i = 10
        }
        var key: [UInt8] = []
        if masked {
            guard b.count >= i + 4 else { return nil }
            key = Array(b[i..<(i + 4)])
            i += 4
        }
        guard b.count >= i + length else { return nil }
        var payload = Array(b[i..<(i + length)])
        if masked { for j in payload.indices { payload[j] ^= key[j % 4] } }
        return (WireFrame(fin: b[0] & 0x80 != 0, opcode: b[0] & 0x0F, masked: masked, payload: payload), i + length)
    }

    /// The bytes of a masked client frame (for the raw client).
    static func clientFrame(fin: Bool = true, opcode: UInt8, payload: [UInt8], key: [UInt8] = [0x12, 0x34, 0x56, 0x78]) -> [UInt8] {
        var out: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        if payload.count < 126 {
            out.append(0x80 | UInt8(payload.count))
        } else if payload.count < 65_536 {
            out += [0xFE, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            out.append(0xFF)
            out += (0..<8).reversed().map { UInt8((payload.count >> ($0 * 8)) & 0xFF) }
        }
        out += key
        out += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        return out
    }
}
