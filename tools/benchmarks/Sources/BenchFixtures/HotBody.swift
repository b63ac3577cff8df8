// tools/benchmarks/Sources/BenchFixtures/HotBody.swift - the body values RongWire's wire codec reads

import RongCodec
import RongEnvelope

/// RongEnvelope's public body values that RongWire decodes and encodes with its own protobuf
/// wire codec (Sources/RongEnvelope/Wire/): what RongWire runs on an envelope's hot path, as
/// against SwiftProtobuf's generated code (the baseline rows).
public protocol HotBody {
    static func decode(_ payload: [UInt8]) throws(CodecError) -> Self
    /// The same, reading the bytes where they are (a ``PacketView``'s payload).
    static func decode(_ payload: UnsafeRawBufferPointer) throws(CodecError) -> Self
    func encoded() throws(CodecError) -> [UInt8]
}

extension UpStreamMessage: HotBody {}
extension DownStreamMessage: HotBody {}
extension DownStreamMessages: HotBody {}
