// Sources/RongFuzzing/WireBody.swift - the wire target

@_spi(WireDifferential) import RongEnvelope

/// The hot bodies' wire reader and writer against SwiftProtobuf's generated code: every input is
/// a payload read as each hot body (UpStreamMessage, DownStreamMessage, DownStreamMessages,
/// NotifyMsg) both ways, and every value both accept written both ways. Any difference (value,
/// bytes, or error code, path and text) is a violation.
enum WireBody {
    static func check(_ data: [UInt8]) -> [String] {
        WireDifferential.bodies.compactMap { WireDifferential.difference(decoding: data, as: $0) }
    }
}
