// Sources/RongEnvelope/Wire/HotBodies+WireEncoding.swift - the hot bodies written by WireWriter

import RongCodec

// Fields are written in number order, each present optional once and each required one always,
// as SwiftProtobuf's generated `traverse` does for these proto2 messages.

extension PushExtra {
    var wireSize: Int {
        var n = 0
        if let title { n += WireWriter.sizeOfStringField(1, title) }
        if let templateIdNoUse { n += WireWriter.sizeOfVarintField(2, Int64(templateIdNoUse)) }
        if let pushId { n += WireWriter.sizeOfStringField(3, pushId) }
        if let pushConfigs { n += WireWriter.sizeOfStringField(4, pushConfigs) }
        if let templateId { n += WireWriter.sizeOfStringField(5, templateId) }
        return n
    }

    func write(to w: inout WireWriter) {
        if let title { w.stringField(1, title) }
        if let templateIdNoUse { w.varintField(2, Int64(templateIdNoUse)) }
        if let pushId { w.stringField(3, pushId) }
        if let pushConfigs { w.stringField(4, pushConfigs) }
        if let templateId { w.stringField(5, templateId) }
    }
}

extension UpStreamMessage {
    var wireSize: Int {
        var n = WireWriter.sizeOfVarintField(1, Int64(sessionId.rawValue))
        n += WireWriter.sizeOfStringField(2, classname)
        n += WireWriter.sizeOfDelimitedField(3, content.count)
        if let pushText { n += WireWriter.sizeOfStringField(4, pushText) }
        if let appData { n += WireWriter.sizeOfStringField(5, appData) }
        for u in userId { n += WireWriter.sizeOfStringField(6, u) }
        if let delMsgTime { n += WireWriter.sizeOfVarintField(7, delMsgTime) }
        if let delMsgId { n += WireWriter.sizeOfStringField(8, delMsgId) }
        if let configFlag { n += WireWriter.sizeOfVarintField(9, Int64(configFlag)) }
        if let clientUniqueId { n += WireWriter.sizeOfVarintField(10, clientUniqueId) }
        if let extraContent { n += WireWriter.sizeOfStringField(11, extraContent) }
        if let pushExt { n += WireWriter.sizeOfDelimitedField(12, pushExt.wireSize) }
        if let busChannel { n += WireWriter.sizeOfStringField(13, busChannel) }
        return n
    }

    /// The payload bytes, written by ``WireWriter``.
    func wireEncoded() -> [UInt8] {
        WireWriter.bytes(size: wireSize) { w in write(to: &w) }
    }

    func write(to w: inout WireWriter) {
        w.varintField(1, Int64(sessionId.rawValue))
        w.stringField(2, classname)
        w.bytesField(3, content)
        if let pushText { w.stringField(4, pushText) }
        if let appData { w.stringField(5, appData) }
        for u in userId { w.stringField(6, u) }
        if let delMsgTime { w.varintField(7, delMsgTime) }
        if let delMsgId { w.stringField(8, delMsgId) }
        if let configFlag { w.varintField(9, Int64(configFlag)) }
        if let clientUniqueId { w.varintField(10, clientUniqueId) }
        if let extraContent { w.stringField(11, extraContent) }
        if let pushExt {
            w.messageHeader(12, size: pushExt.wireSize)
            pushExt.write(to: &w)
        }
        if let busChannel { w.stringField(13, busChannel) }
    }
}

extension DownStreamMessage {
    /// `CodecError.Code.invalidValue` when ``type`` is not a ChannelType number; `path` is where
    /// the body sits in a JSON form.
    func checkType(path: @autoclosure () -> String) throws(CodecError) {
        guard hasChannelType else {
            throw CodecError(.invalidValue, "ChannelType has no value \(type.rawValue) (\(type))", path: JSONPath.member(path(), "type"))
        }
    }

    /// Whether ``type`` is a ChannelType number, as the encoding needs.
    @inline(__always)
    var hasChannelType: Bool {
        guard let n = Int32(exactly: type.rawValue) else { return false }
        return Self.isChannelType(n)
    }

    var wireSize: Int {
        var n = WireWriter.sizeOfStringField(1, fromUserId)
        n += WireWriter.sizeOfVarintField(2, Int64(type.rawValue))
        if let groupId { n += WireWriter.sizeOfStringField(3, groupId) }
        n += WireWriter.sizeOfStringField(4, classname)
        n += WireWriter.sizeOfDelimitedField(5, content.count)
        n += WireWriter.sizeOfVarintField(6, dataTime)
        n += WireWriter.sizeOfVarintField(7, status.rawValue)
        if let extra { n += WireWriter.sizeOfVarintField(8, extra) }
        if let msgId { n += WireWriter.sizeOfStringField(9, msgId) }
        if let direction { n += WireWriter.sizeOfVarintField(10, Int64(direction)) }
        if let plantform { n += WireWriter.sizeOfVarintField(11, Int64(plantform)) }
        if let isRemoved { n += WireWriter.sizeOfVarintField(12, Int64(isRemoved)) }
        if let source { n += WireWriter.sizeOfStringField(13, source) }
        if let clientUniqueId { n += WireWriter.sizeOfVarintField(14, clientUniqueId) }
        if let extraContent { n += WireWriter.sizeOfStringField(15, extraContent) }
        if let pushContent { n += WireWriter.sizeOfStringField(16, pushContent) }
        if let configFlag { n += WireWriter.sizeOfVarintField(17, Int64(configFlag)) }
        if let pushExt { n += WireWriter.sizeOfDelimitedField(18, pushExt.wireSize) }
        if let busChannel { n += WireWriter.sizeOfStringField(19, busChannel) }
        if let extStatus { n += WireWriter.sizeOfVarintField(20, extStatus) }
        for u in toUserId { n += WireWriter.sizeOfStringField(21, u) }
        if let groupUnpush { n += WireWriter.sizeOfVarintField(22, Int64(groupUnpush)) }
        return n
    }

    /// Writes the fields; ``checkType(path:)`` has passed.
    func write(to w: inout WireWriter) {
        w.stringField(1, fromUserId)
        w.varintField(2, Int64(type.rawValue))
        if let groupId { w.stringField(3, groupId) }
        w.stringField(4, classname)
        w.bytesField(5, content)
        w.varintField(6, dataTime)
        w.varintField(7, status.rawValue)
        if let extra { w.varintField(8, extra) }
        if let msgId { w.stringField(9, msgId) }
        if let direction { w.varintField(10, Int64(direction)) }
        if let plantform { w.varintField(11, Int64(plantform)) }
        if let isRemoved { w.varintField(12, Int64(isRemoved)) }
        if let source { w.stringField(13, source) }
        if let clientUniqueId { w.varintField(14, clientUniqueId) }
        if let extraContent { w.stringField(15, extraContent) }
        if let pushContent { w.stringField(16, pushContent) }
        if let configFlag { w.varintField(17, Int64(configFlag)) }
        if let pushExt {
            w.messageHeader(18, size: pushExt.wireSize)
            pushExt.write(to: &w)
        }
        if let busChannel { w.stringField(19, busChannel) }
        if let extStatus { w.varintField(20, extStatus) }
        for u in toUserId { w.stringField(21, u) }
        if let groupUnpush { w.varintField(22, Int64(groupUnpush)) }
    }

    /// The payload bytes, written by ``WireWriter``.
    func wireEncoded() throws(CodecError) -> [UInt8] {
        try checkType(path: "$")
        return WireWriter.bytes(size: wireSize) { w in write(to: &w) }
    }
}

extension DownStreamMessages {
    /// The payload bytes, written by ``WireWriter``. An element's size is computed twice (for
    /// the total and for its length prefix), which costs less than an array to keep them in.
    func wireEncoded() throws(CodecError) -> [UInt8] {
        WireWriter.bytes(size: try checkedWireSize()) { w in write(to: &w) }
    }

    /// The payload's size, once every element's ``DownStreamMessage/checkType(path:)`` has passed.
    func checkedWireSize() throws(CodecError) -> Int {
        var n = 0
        for i in list.indices {
            // The path is only made for the error.
            try list[i].checkType(path: JSONPath.element("$.list", i))
            n += WireWriter.sizeOfDelimitedField(1, list[i].wireSize)
        }
        n += WireWriter.sizeOfVarintField(2, syncTime)
        if finished != nil { n += 2 }
        if let broadcastSyncTime { n += WireWriter.sizeOfVarintField(4, broadcastSyncTime) }
        return n
    }

    /// Writes the fields; every element's ``DownStreamMessage/checkType(path:)`` has passed.
    func write(to w: inout WireWriter) {
        for i in list.indices {
            w.messageHeader(1, size: list[i].wireSize)
            list[i].write(to: &w)
        }
        w.varintField(2, syncTime)
        if let finished { w.varintField(3, finished ? 1 : 0) }
        if let broadcastSyncTime { w.varintField(4, broadcastSyncTime) }
    }
}

extension NotifyMsg {
    /// The payload bytes, written by ``WireWriter``.
    func wireEncoded() -> [UInt8] {
        WireWriter.bytes(size: wireSize) { w in write(to: &w) }
    }

    var wireSize: Int {
        var n = WireWriter.sizeOfVarintField(1, Int64(type))
        if let time { n += WireWriter.sizeOfVarintField(2, time) }
        if let chrmId { n += WireWriter.sizeOfStringField(3, chrmId) }
        return n
    }

    func write(to w: inout WireWriter) {
        w.varintField(1, Int64(type))
        if let time { w.varintField(2, time) }
        if let chrmId { w.stringField(3, chrmId) }
    }
}
