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
    /// The bytes of `packet`'s frame with this value as its payload: what the envelope encode
    /// rows time (value → frame bytes, as protobuf-c's anchor packs the body into the frame).
    func frame(of packet: Packet) throws(CodecError) -> [UInt8]
}

extension UpStreamMessage: HotBody {
    public func frame(of packet: Packet) throws(CodecError) -> [UInt8] {
        try packet.encoded(payload: self)
    }
}

extension DownStreamMessage: HotBody {
    public func frame(of packet: Packet) throws(CodecError) -> [UInt8] {
        try packet.encoded(payload: self)
    }
}

extension DownStreamMessages: HotBody {
    public func frame(of packet: Packet) throws(CodecError) -> [UInt8] {
        try packet.encoded(payload: self)
    }
}

/// The same body with another protobuf payload (the bodies that carry one).
public func replacingPayload(of body: Packet.Body, with payload: [UInt8]) -> Packet.Body {
    switch body {
    case .publish(var p): p.payload = payload; return .publish(p)
    case .serverPublish(var p): p.payload = payload; return .serverPublish(p)
    case .queryAck(var a): a.payload = payload; return .queryAck(a)
    default: fatalError("\(body.type.name) carries no payload")
    }
}
