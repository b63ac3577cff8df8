// Tests/RongEnvelopeTests/Support/Bytes.swift - writing expected bytes by hand

import RongCodec
import RongEnvelope
import Testing

/// Bytes from hex digits with spaces, for expected values written by hand from envelope.md.
func bytes(_ hex: String) -> [UInt8] {
    guard let b = Hex.decode(hex, allowingWhitespace: true) else { fatalError("bad hex in a test: \(hex)") }
    return b
}

/// A u16 length prefix and the bytes, as envelope.md § 3 lays out a string.
func lengthPrefixed(_ raw: [UInt8]) -> [UInt8] {
    [UInt8(raw.count >> 8), UInt8(raw.count & 0xFF)] + raw
}

/// The same for ASCII text.
func lengthPrefixed(_ ascii: String) -> [UInt8] { lengthPrefixed(Array(ascii.utf8)) }

/// A protobuf field key byte (field numbers below 16).
func key(_ field: UInt8, _ wireType: UInt8) -> UInt8 { field << 3 | wireType }

/// A protobuf varint.
func varint(_ value: UInt64) -> [UInt8] {
    var v = value
    var out: [UInt8] = []
    repeat {
        let b = UInt8(v & 0x7F)
        v >>= 7
        out.append(v == 0 ? b : b | 0x80)
    } while v != 0
    return out
}

/// A protobuf length-delimited field (field numbers below 16).
func lengthDelimited(_ field: UInt8, _ payload: [UInt8]) -> [UInt8] {
    [key(field, 2)] + varint(UInt64(payload.count)) + payload
}

/// A protobuf varint field (field numbers below 16).
func varintField(_ field: UInt8, _ value: UInt64) -> [UInt8] { [key(field, 0)] + varint(value) }

/// Checks that `body` throws a CodecError with `code`.
func expectCode(
    _ code: CodecError.Code,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected error[\(code)], got success. \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
    } catch let error as CodecError {
        #expect(error.code == code, comment, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a CodecError, got \(error)", sourceLocation: sourceLocation)
    }
}

/// One packet of every body case, for round-trip, truncation and JSON tests.
enum SamplePackets {
    static let publishBody: [UInt8] =
        varintField(1, 3) + lengthDelimited(2, Array("RC:TxtMsg".utf8)) + lengthDelimited(3, Array(#"{"content":"hi"}"#.utf8)) + varintField(9, 0)

    static let client: [(String, Packet)] = [
        ("CONNECT", Packet(.connect(.init(cleanSession: true, keepAlive: 60, clientId: "c1", appId: "key", token: "tok")))),
        ("CONNECT with will", Packet(.connect(.init(clientId: "c1", will: .init(topic: "w", message: "bye", qos: .exactlyOnce, retain: true))))),
        ("PUBLISH", Packet(.publish(.init(topic: .ppMsgP, targetId: "u2", messageId: 1, payload: publishBody)), qos: .atLeastOnce)),
        ("PUBLISH empty payload", Packet(.publish(.init(topic: .ppMsgS, targetId: "u2", messageId: 2)), qos: .atLeastOnce)),
        ("PUBACK", Packet(.pubAck(messageId: 65535))),
        ("QUERY", Packet(.query(.init(topic: .pullMsg, targetId: "me", messageId: 9, payload: varintField(1, 0) + varintField(2, 0))))),
        ("QUERYCON", Packet(.queryCon(messageId: 9))),
        ("PINGREQ", Packet(.pingReq)),
        ("DISCONNECT", Packet(.disconnect(.init(status: 1)))),
    ]

    static let server: [(String, Packet)] = [
        ("CONNACK short", Packet(.connAck(.init(status: 0)), retain: true)),
        ("CONNACK long", Packet(.connAck(.init(status: 0, session: .init(userId: "me", sessionId: "s", timestamp: 1_700_000_000_123))), retain: true)),
        ("PUBLISH", Packet(.serverPublish(.init(date: 1_700_000_000, topic: .s_ntf, targetId: "", messageId: 3, payload: varintField(1, 1))), qos: .atLeastOnce)),
        ("PUBACK", Packet(.serverPubAck(.init(messageId: 1, date: 1_700_000_000, millisecond: 123, messageUId: "ABCD-EFGH-IJKL-MNOP")), retain: true)),
        ("QUERYACK", Packet(.queryAck(.init(messageId: 9, date: 1_700_000_000, payload: varintField(2, 5))), qos: .atLeastOnce, retain: true)),
        ("QUERYACK empty", Packet(.queryAck(.init(messageId: 9, date: 1_700_000_000, status: 1)), retain: true)),
        ("PINGRESP", Packet(.pingResp)),
        ("DISCONNECT", Packet(.disconnect(.init(reserved: 0, status: 3)))),
    ]

    static func all() -> [(String, Side, Packet)] {
        client.map { ($0.0, Side.client, $0.1) } + server.map { ($0.0, Side.server, $0.1) }
    }
}
