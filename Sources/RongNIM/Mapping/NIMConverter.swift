// Sources/RongNIM/Mapping/NIMConverter.swift - NIM ↔ RongCloud, the entry points

import RongCodec

/// Converts NIM messages to RongCloud messages and back, by the rules of spec/nim.md (the
/// mapping of `shared/reference/nim-model.md` § 13), reporting what each conversion loses.
///
/// ```swift
/// let converter = NIMConverter(mapping: try NIMCustomTypeMapping(json: mappingFileBytes))
/// let nim = try NIMRecord(json: lineBytes)
/// let result = try converter.toRC(nim)
/// result.output?.jsonValue()     // the RC record: the outbound message JSON form + `$` members
/// result.losses                  // [NIMLoss]: rule and path of everything not carried over
/// try result.requireLossless()   // --strict
/// ```
///
/// A conversion throws only when the input cannot be converted at all (content RongCloud's
/// codec rejects, content above 131,072 bytes); a record with no counterpart on the other side
/// gives a nil output and a loss (NIM-LOSS-003).
public struct NIMConverter: Sendable {
    /// The app's custom types.
    public var mapping: NIMCustomTypeMapping
    /// RongCloud content types (canonical content, flags, aliases).
    public var registry: ContentRegistry

    /// objectName of a NIM custom payload no mapping entry claims (NIM-MAP-CUSTOM-001).
    public static let customObjectName = "NIM:Custom"
    /// objectName of a NIM custom payload that is not a JSON object (NIM-MAP-CUSTOM-003).
    public static let rawCustomObjectName = "NIM:RawCustom"
    /// objectName of a NIM robot message (NIM-MAP-ROBOT-001).
    public static let robotObjectName = "NIM:Robot"
    /// objectName of a NIM call record (NIM-MAP-CALL-001).
    public static let callRecordObjectName = "NIM:CallRecord"

    /// A converter with the app's custom types (default: none) and RongCloud content types.
    public init(mapping: NIMCustomTypeMapping = NIMCustomTypeMapping(), registry: ContentRegistry = .builtIn) {
        self.mapping = mapping
        self.registry = registry
    }

    /// NIM → RongCloud. `messageId` is the PUBLISH message id the record gets.
    public func toRC(_ record: NIMRecord, messageId: UInt16 = 1) throws(CodecError) -> NIMConversion<RCMessageRecord> {
        var losses = LossList()
        var out: RCMessageRecord?
        switch record {
        case .message(let m): out = try messageToRC(m, &losses)
        case .revoke(let r): out = try revokeToRC(r, &losses)
        }
        out?.messageId = messageId
        return NIMConversion(output: out, losses: losses.items)
    }

    /// RongCloud → NIM.
    public func fromRC(_ record: RCMessageRecord) throws(CodecError) -> NIMConversion<NIMRecord> {
        var losses = LossList()
        let out = try recordFromRC(record, &losses)
        return NIMConversion(output: out, losses: losses.items)
    }

    /// NIM → RongCloud from a record read in any form: the losses of the mapping at the input's
    /// paths, with what the reader found no place for (NIM-FORM-002); an error's path is the
    /// input's too.
    public func toRC(_ read: NIMFormRecord, messageId: UInt16 = 1) throws(CodecError) -> NIMConversion<RCMessageRecord> {
        let c: NIMConversion<RCMessageRecord>
        do throws(CodecError) {
            c = try toRC(read.record, messageId: messageId)
        } catch {
            var e = error
            if let p = e.path { e.path = read.paths.inputPath(p) }
            throw e
        }
        return NIMConversion(output: c.output, losses: read.paths.translate(c.losses) + read.losses)
    }

    /// RongCloud → NIM in `form`: the mapping's losses (paths in the RC record) and the form's
    /// (NIM-FORM-WRITE-001, paths in the NIM message JSON form).
    public func fromRC(_ record: RCMessageRecord, form: NIMForm) throws(CodecError) -> NIMConversion<JSONValue> {
        let c = try fromRC(record)
        guard let out = c.output else { return NIMConversion(output: nil, losses: c.losses) }
        let w = try out.written(as: form)
        return NIMConversion(output: w.output, losses: c.losses + w.losses)
    }

    // MARK: Conversations (NIM-MAP-CONV-*)

    /// The RongCloud conversation of a NIM session: type, targetId, channelId; nil for YSF.
    static func conversation(_ s: NIMSession) -> (ConversationType, String, String?)? {
        switch s.sessionType {
        case .p2p: (.private, s.sessionId, nil)
        case .team: (.group, s.sessionId, nil)
        case .chatroom: (.chatroom, s.sessionId, nil)
        case .superTeam: (.ultragroup, s.sessionId, nil)
        case .qchat: (.ultragroup, s.qchatServerId ?? "", s.sessionId)
        default: nil
        }
    }

    /// The NIM session of a RongCloud conversation; nil for types NIM has no session for.
    static func session(_ type: ConversationType, _ targetId: String, _ channelId: String?, _ losses: inout LossList) -> NIMSession? {
        switch type {
        case .private: return NIMSession(targetId, type: .p2p)
        case .discussion:
            losses.add("NIM-MAP-CONV-002", "$.conversationType")
            return NIMSession(targetId, type: .team)
        case .group: return NIMSession(targetId, type: .team)
        case .chatroom: return NIMSession(targetId, type: .chatroom)
        case .ultragroup:
            if let channelId, !channelId.isEmpty { return NIMSession(channelId, type: .qchat, qchatServerId: targetId) }
            return NIMSession(targetId, type: .superTeam)
        default: return nil
        }
    }

    // MARK: Content helpers

    /// Canonical RC content bytes for `objectName`: through the registered type when there is
    /// one (its key order, its checks), else the object as built.
    func canonicalContent(_ objectName: String, _ content: JSONObject) throws(CodecError) -> [UInt8] {
        let built = try JSONValue.object(content).canonicalBytes()
        let bytes: [UInt8]
        if registry.type(for: objectName) != nil {
            bytes = try registry.decode(objectName: objectName, bytes: built).jsonBytes(maxBytes: .max)
        } else {
            bytes = built
        }
        if bytes.count > DecodingOptions.protocolContentLimit {
            throw CodecError(.sizeLimit, "the RC content is \(bytes.count) bytes, above the limit of \(DecodingOptions.protocolContentLimit)", path: "$.content")
        }
        return bytes
    }

    /// The extension of a file name (`a.pdf` → `pdf`), nil without one.
    static func fileExtension(_ name: String?) -> String? {
        guard let name, let dot = name.lastIndex(of: "."), name.index(after: dot) < name.endIndex else { return nil }
        let ext = name[name.index(after: dot)...]
        return ext.contains("/") ? nil : String(ext)
    }

    /// `NIMTeamOperationType` → RC:GrpNtf `operation` where RongCloud has one (CONTENT-GRPNTF-004).
    static let teamOperationsToRC: [Int: String] = [0: "Add", 1: "Kicked", 2: "Quit", 4: "Dismiss", 5: "Add", 6: "Transfer", 9: "Add"]
    /// RC:GrpNtf `operation` → `NIMTeamOperationType`; `exact` false where the NIM type is broader.
    static let teamOperationsFromRC: [String: (Int, Bool)] = [
        "Add": (0, true), "Kicked": (1, true), "Quit": (2, true), "Dismiss": (4, true), "Transfer": (6, true),
        "Rename": (3, false), "Bulletin": (3, false),
    ]
}
