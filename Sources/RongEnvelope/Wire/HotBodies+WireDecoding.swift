// Sources/RongEnvelope/Wire/HotBodies+WireDecoding.swift - the hot bodies read by WireReader

import RongCodec
internal import SwiftProtobuf

extension WireError {
    /// The error the public decode throws for it.
    func codecError(_ body: BodyType) -> CodecError {
        CodecError(.protobufDecoding, "not a \(body): \(self)")
    }
}

/// Turns a wire read into the public decode's result: the same codes as SwiftProtobuf's path,
/// and for a missing required field the same diagnosis (which reads the payload again, on the
/// error path only). `read` clears its flag for a well-formed payload that lacks a required
/// field (a flag, not an optional result: the optional made the compiler copy the whole value).
@inline(__always)
func wireDecode<T, M: SwiftProtobuf.Message>(
    _ payload: [UInt8], _ body: BodyType, _ generated: M.Type,
    _ read: (inout WireReader, inout Bool) throws(WireError) -> T
) throws(CodecError) -> T {
    try payload.withUnsafeBufferPointer { (b) throws(CodecError) in try wireDecode(UnsafeRawBufferPointer(b), body, generated, read) }
}

// MARK: UpStreamMessage

extension UpStreamMessage {
    /// Reads a whole message from `reader`; clears `complete` when it is well formed but lacks a
    /// required field.
    static func read(_ r: inout WireReader, complete: inout Bool) throws(WireError) -> UpStreamMessage {
        // Filled in place by a function of its own: returning a value the reading loop mutated
        // made the compiler copy it whole (and destroy the original).
        var m = UpStreamMessage(sessionId: SessionIdBits(rawValue: 0), classname: "", content: [])
        try read(&r, into: &m, complete: &complete)
        return m
    }

    private static func read(_ r: inout WireReader, into m: inout UpStreamMessage, complete: inout Bool) throws(WireError) {
        do {
            try r.enter()
            // The required fields go into the value as they come, with a flag each.
            var hasSessionId = false, hasClassname = false, hasContent = false
            while !r.isAtEnd {
                let (field, wt) = try r.tag()
                switch (field, wt) {
                case (1, 0):
                    m.sessionId = SessionIdBits(rawValue: Int32(truncatingIfNeeded: try r.varint()))
                    hasSessionId = true
                case (2, 2):
                    m.classname = try r.string()
                    hasClassname = true
                case (3, 2):
                    m.content = try r.bytes()
                    hasContent = true
                case (4, 2): m.pushText = try r.string()
                case (5, 2): m.appData = try r.string()
                case (6, 2): m.userId.append(try r.string())
                case (7, 0): m.delMsgTime = Int64(bitPattern: try r.varint())
                case (8, 2): m.delMsgId = try r.string()
                case (9, 0): m.configFlag = Int32(truncatingIfNeeded: try r.varint())
                case (10, 0): m.clientUniqueId = Int64(bitPattern: try r.varint())
                case (11, 2): m.extraContent = try r.string()
                case (12, 2): m.pushExt = try PushExtra.read(&r, into: m.pushExt)
                case (13, 2): m.busChannel = try r.string()
                // 5.30's fields (spec ENV-BODY-001): checked as SwiftProtobuf checks a schema
                // field, not kept by the value.
                case (14, 0), (22, 0): _ = try r.varint()
                case (16, 2), (21, 2): try r.checkString()
                default: try r.skip(field: field, wireType: wt)
                }
            }
            if !(hasSessionId && hasClassname && hasContent) { complete = false }
        }
    }
}

// MARK: PushExtra

extension PushExtra {
    /// Reads a PushExtra field's body, merged into `existing` as protobuf merges a repeated
    /// occurrence of a singular message field (each field it sets replaces the earlier one).
    static func read(_ r: inout WireReader, into existing: PushExtra?) throws(WireError) -> PushExtra {
        var s = r.sub(try r.lengthDelimited())
        try s.enter()
        var p = existing ?? PushExtra()
        while !s.isAtEnd {
            let (field, wt) = try s.tag()
            switch (field, wt) {
            case (1, 2): p.title = try s.string()
            case (2, 0): p.templateIdNoUse = Int32(truncatingIfNeeded: try s.varint())
            case (3, 2): p.pushId = try s.string()
            case (4, 2): p.pushConfigs = try s.string()
            case (5, 2): p.templateId = try s.string()
            default: try s.skip(field: field, wireType: wt)
            }
        }
        return p
    }
}

// MARK: DownStreamMessage

extension DownStreamMessage {
    /// The ChannelType numbers (spec/rongcloud.proto); another number in `type` is an unknown
    /// field, so `type` stays absent (ENV-BODY-006).
    @inline(__always)
    static func isChannelType(_ n: Int32) -> Bool { (1...8).contains(n) || n == 10 }

    /// Reads a whole message from `reader` (a top-level body, or a list element's reader).
    /// Clears `complete` when the message is well formed but lacks a required field.
    static func read(_ r: inout WireReader, complete: inout Bool) throws(WireError) -> DownStreamMessage {
        // Filled in place, as UpStreamMessage's (a returned loop variable was copied whole).
        var m = DownStreamMessage(fromUserId: "", type: .private, classname: "", content: [], dataTime: 0, status: StatusBits(rawValue: 0))
        try read(&r, into: &m, complete: &complete)
        return m
    }

    private static func read(_ r: inout WireReader, into m: inout DownStreamMessage, complete: inout Bool) throws(WireError) {
        try r.enter()
        // Required fields as in UpStreamMessage.read: into the value, with a flag each.
        var hasFromUserId = false, hasType = false, hasClassname = false, hasContent = false, hasDataTime = false, hasStatus = false
        while !r.isAtEnd {
            let (field, wt) = try r.tag()
            switch (field, wt) {
            case (1, 2):
                m.fromUserId = try r.string()
                hasFromUserId = true
            case (2, 0):
                let n = Int32(truncatingIfNeeded: try r.varint())
                if isChannelType(n) {
                    m.type = ConversationType(rawValue: Int(n))
                    hasType = true
                }
            case (3, 2): m.groupId = try r.string()
            case (4, 2):
                m.classname = try r.string()
                hasClassname = true
            case (5, 2):
                m.content = try r.bytes()
                hasContent = true
            case (6, 0):
                m.dataTime = Int64(bitPattern: try r.varint())
                hasDataTime = true
            case (7, 0):
                m.status = StatusBits(rawValue: Int64(bitPattern: try r.varint()))
                hasStatus = true
            case (8, 0): m.extra = Int64(bitPattern: try r.varint())
            case (9, 2): m.msgId = try r.string()
            case (10, 0): m.direction = Int32(truncatingIfNeeded: try r.varint())
            case (11, 0): m.plantform = Int32(truncatingIfNeeded: try r.varint())
            case (12, 0): m.isRemoved = Int32(truncatingIfNeeded: try r.varint())
            case (13, 2): m.source = try r.string()
            case (14, 0): m.clientUniqueId = Int64(bitPattern: try r.varint())
            case (15, 2): m.extraContent = try r.string()
            case (16, 2): m.pushContent = try r.string()
            case (17, 0): m.configFlag = Int32(truncatingIfNeeded: try r.varint())
            case (18, 2): m.pushExt = try PushExtra.read(&r, into: m.pushExt)
            case (19, 2): m.busChannel = try r.string()
            case (20, 0): m.extStatus = Int64(bitPattern: try r.varint())
            case (21, 2): m.toUserId.append(try r.string())
            case (22, 0): m.groupUnpush = Int32(truncatingIfNeeded: try r.varint())
            // 5.30's fields (spec ENV-BODY-001): checked, not kept by the value.
            case (23, 0): _ = try r.varint()
            case (24, 2): try r.checkString()
            default: try r.skip(field: field, wireType: wt)
            }
        }
        if !(hasFromUserId && hasType && hasClassname && hasContent && hasDataTime && hasStatus) { complete = false }
    }
}

// MARK: DownStreamMessages

extension DownStreamMessages {
    /// Reads a whole pull result. A list element that lacks a required field makes the result
    /// lack one, but only once the whole payload was found well formed (a malformed byte later
    /// on is the error SwiftProtobuf reports first).
    static func read(_ r: inout WireReader, complete: inout Bool) throws(WireError) -> DownStreamMessages {
        do {
            try r.enter()
            var listComplete = true
            var hasSyncTime = false
            var m = DownStreamMessages(syncTime: 0)
            while !r.isAtEnd {
                let (field, wt) = try r.tag()
                switch (field, wt) {
                case (1, 2):
                    var s = r.sub(try r.lengthDelimited())
                    var elementComplete = true
                    let element = try DownStreamMessage.read(&s, complete: &elementComplete)
                    if !elementComplete {
                        listComplete = false
                    } else if listComplete {
                        m.list.append(element)
                    }
                case (2, 0):
                    m.syncTime = Int64(bitPattern: try r.varint())
                    hasSyncTime = true
                case (3, 0): m.finished = try r.varint() != 0
                case (4, 0): m.broadcastSyncTime = Int64(bitPattern: try r.varint())
                // 5.30's fields (spec ENV-BODY-001): checked, not kept by the value.
                case (5, 0), (6, 0), (7, 0): _ = try r.varint()
                default: try r.skip(field: field, wireType: wt)
                }
            }
            if !(listComplete && hasSyncTime) { complete = false }
            return m
        }
    }
}

// MARK: NotifyMsg

extension NotifyMsg {
    /// Reads a whole notice from `reader`; clears `complete` when it is well formed but lacks
    /// `type`.
    static func read(_ r: inout WireReader, complete: inout Bool) throws(WireError) -> NotifyMsg {
        try r.enter()
        var hasType = false
        var m = NotifyMsg(type: 0)
        while !r.isAtEnd {
            let (field, wt) = try r.tag()
            switch (field, wt) {
            case (1, 0):
                m.type = Int32(truncatingIfNeeded: try r.varint())
                hasType = true
            case (2, 0): m.time = Int64(bitPattern: try r.varint())
            case (3, 2): m.chrmId = try r.string()
            default: try r.skip(field: field, wireType: wt)
            }
        }
        if !hasType { complete = false }
        return m
    }
}
