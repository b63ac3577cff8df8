// Sources/RongEnvelope/Wire/WireDifferential.swift - the hot bodies' two codecs, compared

import RongCodec

/// Compares RongWire's wire reader and writer for the hot bodies (UpStreamMessage,
/// DownStreamMessage, DownStreamMessages, NotifyMsg) with the SwiftProtobuf generated code they replace:
/// the same value or the same error (code, path and text) for every payload, the same bytes or
/// the same error for every value. For the differential test and the `wire` fuzz target only;
/// not part of the supported API.
@_spi(WireDifferential)
public enum WireDifferential {
    /// The bodies both codecs read and write.
    public static let bodies: [BodyType] = [.upStreamMessage, .downStreamMessage, .downStreamMessages, .notifyMsg]

    /// Decodes `payload` as `body` both ways; when both give a value, encodes it both ways too.
    /// Returns what differs, or nil when nothing does. A `body` outside ``bodies`` is nil.
    public static func difference(decoding payload: [UInt8], as body: BodyType) -> String? {
        switch body {
        case .upStreamMessage:
            return difference(
                outcome { () throws(CodecError) in try UpStreamMessage.wireDecoded(payload) },
                outcome { () throws(CodecError) in try UpStreamMessage.generatedDecoded(payload) },
                "decoding \(body)"
            ) { difference(encoding: $0) }
        case .downStreamMessage:
            return difference(
                outcome { () throws(CodecError) in try DownStreamMessage.wireDecoded(payload) },
                outcome { () throws(CodecError) in try DownStreamMessage.generatedDecoded(payload) },
                "decoding \(body)"
            ) { difference(encoding: $0) }
        case .downStreamMessages:
            return difference(
                outcome { () throws(CodecError) in try DownStreamMessages.wireDecoded(payload) },
                outcome { () throws(CodecError) in try DownStreamMessages.generatedDecoded(payload) },
                "decoding \(body)"
            ) { difference(encoding: $0) }
        case .notifyMsg:
            return difference(
                outcome { () throws(CodecError) in try NotifyMsg.wireDecoded(payload) },
                outcome { () throws(CodecError) in try NotifyMsg.generatedDecoded(payload) },
                "decoding \(body)"
            ) { difference(encoding: $0) }
        default:
            return nil
        }
    }

    /// Encodes `value` both ways; what differs, or nil.
    public static func difference(encoding value: UpStreamMessage) -> String? {
        difference(
            outcome { () throws(CodecError) in value.wireEncoded() },
            outcome { () throws(CodecError) in try value.generatedEncoded() }, "encoding UpStreamMessage"
        ) { _ in nil }
    }

    /// Encodes `value` both ways; what differs, or nil.
    public static func difference(encoding value: DownStreamMessage) -> String? {
        difference(
            outcome { () throws(CodecError) in try value.wireEncoded() },
            outcome { () throws(CodecError) in try value.generatedEncoded() }, "encoding DownStreamMessage"
        ) { _ in nil }
    }

    /// Encodes `value` both ways; what differs, or nil.
    public static func difference(encoding value: DownStreamMessages) -> String? {
        difference(
            outcome { () throws(CodecError) in try value.wireEncoded() },
            outcome { () throws(CodecError) in try value.generatedEncoded() }, "encoding DownStreamMessages"
        ) { _ in nil }
    }

    /// Encodes `value` both ways; what differs, or nil.
    public static func difference(encoding value: NotifyMsg) -> String? {
        difference(
            outcome { () throws(CodecError) in value.wireEncoded() },
            outcome { () throws(CodecError) in try value.generatedEncoded() }, "encoding NotifyMsg"
        ) { _ in nil }
    }

    // MARK: Comparing

    private enum Outcome<T: Equatable>: Equatable {
        case value(T)
        /// Code, path and text; where the error was made (file, line) is not compared.
        case error(String)
    }

    private static func outcome<T: Equatable>(_ body: () throws(CodecError) -> T) -> Outcome<T> {
        do throws(CodecError) {
            return .value(try body())
        } catch {
            return .error("\(error.code.rawValue) at \(error.path ?? "-") offset \(error.offset.map(String.init) ?? "-"): \(error.reason)")
        }
    }

    private static func difference<T: Equatable>(
        _ wire: Outcome<T>, _ generated: Outcome<T>, _ what: String, then next: (T) -> String?
    ) -> String? {
        guard wire == generated else { return "\(what): wire path \(wire), SwiftProtobuf path \(generated)" }
        if case .value(let v) = wire { return next(v) }
        return nil
    }
}

// MARK: The two paths of each body

extension UpStreamMessage {
    static func wireDecoded(_ payload: [UInt8]) throws(CodecError) -> UpStreamMessage {
        try wireDecode(payload, .upStreamMessage, Modules_UpStreamMessage.self) { (r: inout WireReader, complete: inout Bool) throws(WireError) in try read(&r, complete: &complete) }
    }

    static func generatedDecoded(_ payload: [UInt8]) throws(CodecError) -> UpStreamMessage {
        UpStreamMessage(try BodyJSON.parse(payload, as: Modules_UpStreamMessage.self, name: .upStreamMessage))
    }

    func generatedEncoded() throws(CodecError) -> [UInt8] {
        try BodyJSON.serialize(generated, .upStreamMessage)
    }
}

extension DownStreamMessage {
    static func wireDecoded(_ payload: [UInt8]) throws(CodecError) -> DownStreamMessage {
        try wireDecode(payload, .downStreamMessage, Modules_DownStreamMessage.self) { (r: inout WireReader, complete: inout Bool) throws(WireError) in try read(&r, complete: &complete) }
    }

    static func generatedDecoded(_ payload: [UInt8]) throws(CodecError) -> DownStreamMessage {
        DownStreamMessage(try BodyJSON.parse(payload, as: Modules_DownStreamMessage.self, name: .downStreamMessage))
    }

    func generatedEncoded() throws(CodecError) -> [UInt8] {
        try BodyJSON.serialize(try generated(), .downStreamMessage)
    }
}

extension DownStreamMessages {
    static func wireDecoded(_ payload: [UInt8]) throws(CodecError) -> DownStreamMessages {
        try wireDecode(payload, .downStreamMessages, Modules_DownStreamMessages.self) { (r: inout WireReader, complete: inout Bool) throws(WireError) in try read(&r, complete: &complete) }
    }

    static func generatedDecoded(_ payload: [UInt8]) throws(CodecError) -> DownStreamMessages {
        DownStreamMessages(try BodyJSON.parse(payload, as: Modules_DownStreamMessages.self, name: .downStreamMessages))
    }

    func generatedEncoded() throws(CodecError) -> [UInt8] {
        try BodyJSON.serialize(try generated(), .downStreamMessages)
    }
}

extension NotifyMsg {
    static func wireDecoded(_ payload: [UInt8]) throws(CodecError) -> NotifyMsg {
        try wireDecode(payload, .notifyMsg, Modules_NotifyMsg.self) { (r: inout WireReader, complete: inout Bool) throws(WireError) in try read(&r, complete: &complete) }
    }

    static func generatedDecoded(_ payload: [UInt8]) throws(CodecError) -> NotifyMsg {
        NotifyMsg(try BodyJSON.parse(payload, as: Modules_NotifyMsg.self, name: .notifyMsg))
    }

    func generatedEncoded() throws(CodecError) -> [UInt8] {
        try BodyJSON.serialize(generated, .notifyMsg)
    }
}
