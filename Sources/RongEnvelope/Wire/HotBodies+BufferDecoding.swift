// Sources/RongEnvelope/Wire/HotBodies+BufferDecoding.swift - the hot bodies read from borrowed bytes

import RongCodec
internal import SwiftProtobuf

/// ``wireDecode(_:_:_:_:)`` over bytes the caller keeps (a ``PacketView``'s payload): the same
/// reader, values and errors, without an array of the payload. Only the missing-required-field
/// diagnosis copies the bytes, on the error path.
@inline(__always)
func wireDecode<T, M: SwiftProtobuf.Message>(
    _ payload: UnsafeRawBufferPointer, _ body: BodyType, _ generated: M.Type,
    _ read: (inout WireReader, inout Bool) throws(WireError) -> T
) throws(CodecError) -> T {
    var reader = WireReader(payload)
    var complete = true
    let value: T
    do throws(WireError) {
        value = try read(&reader, &complete)
    } catch {
        throw error.codecError(body)
    }
    guard complete else { throw RequiredFieldDiagnosis.error(parsing: [UInt8](payload), as: M.self, name: body) }
    return value
}

extension UpStreamMessage {
    /// Decodes payload bytes where they are, e.g. ``PacketView/payload``: the same values and
    /// errors as ``decode(_:)-([UInt8])``. The bytes are read during the call only; the value
    /// owns what it keeps.
    public static func decode(_ payload: UnsafeRawBufferPointer) throws(CodecError) -> UpStreamMessage {
        try wireDecode(payload, .upStreamMessage, Modules_UpStreamMessage.self) { (r: inout WireReader, complete: inout Bool) throws(WireError) in try read(&r, complete: &complete) }
    }
}

extension DownStreamMessage {
    /// Decodes payload bytes where they are, e.g. ``PacketView/payload``: the same values and
    /// errors as ``decode(_:)-([UInt8])``. The bytes are read during the call only; the value
    /// owns what it keeps.
    public static func decode(_ payload: UnsafeRawBufferPointer) throws(CodecError) -> DownStreamMessage {
        try wireDecode(payload, .downStreamMessage, Modules_DownStreamMessage.self) { (r: inout WireReader, complete: inout Bool) throws(WireError) in try read(&r, complete: &complete) }
    }
}

extension DownStreamMessages {
    /// Decodes payload bytes where they are, e.g. ``PacketView/payload``: the same values and
    /// errors as ``decode(_:)-([UInt8])``. The bytes are read during the call only; the value
    /// owns what it keeps.
    public static func decode(_ payload: UnsafeRawBufferPointer) throws(CodecError) -> DownStreamMessages {
        try wireDecode(payload, .downStreamMessages, Modules_DownStreamMessages.self) { (r: inout WireReader, complete: inout Bool) throws(WireError) in try read(&r, complete: &complete) }
    }
}
