// Sources/RongNIM/Forms/NIMForm.swift - the JSON forms of a NIM message, and which one a record is in

import RongCodec

/// A JSON form of a NIM message that RongWire reads (spec/nim.md, "NetEase's forms").
///
/// Each form has one reader into the NIM model (``NIMMessage``, ``NIMRevokeNotification``);
/// the mapping to RongCloud works on the model, so every form converts by the same rules.
/// ``NIMFormRecord/init(json:form:options:)`` detects the form from the record's keys
/// (NIM-FORM-001) unless one is given.
public enum NIMForm: String, CaseIterable, Sendable, Hashable, CustomStringConvertible {
    /// RongWire's own form: the seed's `NIMMessage` properties under their SDK names.
    case rongwire = "rongwire"
    /// The parameters of the server API v1 `/msg/sendMsg.action` (posted form-urlencoded).
    case serverV1Send = "server-v1-send"
    /// A record of the server API v1 history (`querySessionMsg.action`, `queryTeamMsg.action`).
    case serverV1History = "server-v1-history"
    /// A server API v2 message, or the body of its send request (`/im/v2/conversations/{id}/messages`).
    case serverV2 = "server-v2"
    /// The message JSON of the C/C++ SDK (PC, Electron, node-nim), or its recall notification.
    case cSDK = "c-sdk"
    /// A message object of the Web SDK (6.x).
    case webSDK = "web-sdk"

    /// The form's name, as `--form` and `options.form` spell it.
    public var description: String { rawValue }

    /// The forms `nim from-rc --form` writes.
    public static let writable: [NIMForm] = [.rongwire, .serverV1Send, .serverV2]

    /// A form and the keys whose presence decides it (NIM-FORM-001). `nil` form: a NetEase form
    /// RongWire recognises but does not read.
    struct Signature {
        let name: String
        let form: NIMForm?
        let keys: [String]
    }

    /// The deciding keys of every form, in the order an error lists them.
    static let signatures: [Signature] = [
        Signature(name: "rongwire", form: .rongwire, keys: ["messageType", "revoke"]),
        Signature(name: "server-v1-send", form: .serverV1Send, keys: ["ope"]),
        Signature(name: "server-v1-history", form: .serverV1History, keys: ["msgid", "msgidclient", "sendtime", "fromclienttype"]),
        Signature(
            name: "server-v2", form: .serverV2,
            keys: ["message_type", "message_client_id", "message_server_id", "conversation_type", "conversation_id", "sender_id"]),
        Signature(
            name: "c-sdk", form: .cSDK,
            keys: ["to_type", "to_accid", "from_id", "msg_type", "msg_body", "msg_attach", "client_msg_id", "server_msg_id", "msg_id", "rescode"]),
        Signature(name: "web-sdk", form: .webSDK, keys: ["scene", "idClient", "idServer", "chatroomId", "flow"]),
        Signature(name: "message callback", form: nil, keys: ["eventType", "fromAccount", "msgTimestamp", "msgidClient"]),
    ]

    /// The form a record is in, from its top-level keys: the one form whose deciding keys it
    /// has. None, or more than one, is `unknownNIMForm`; so is NetEase's message callback, which
    /// RongWire recognises but does not read.
    public static func detect(_ value: JSONValue) throws(CodecError) -> NIMForm {
        guard case .object(let o) = value else {
            throw CodecError(.typeMismatch, "a NIM record must be a JSON object, not \(value.typeName)", path: "$")
        }
        var matches: [(Signature, [String])] = []
        for s in signatures {
            let present = s.keys.filter { k in o.contains { $0.key.utf8.elementsEqual(k.utf8) } }
            if !present.isEmpty { matches.append((s, present)) }
        }
        // The v1 history form names its conversation with the send form's `ope` and `to` (an
        // export adds them): `ope` beside history keys is history.
        if matches.count == 2, matches[0].0.form == .serverV1Send, matches[1].0.form == .serverV1History { return .serverV1History }
        if matches.count == 1, let form = matches[0].0.form { return form }
        let described = { (list: [(Signature, [String])]) in list.map { "\($0.0.name) (\($0.1.joined(separator: ", ")))" }.joined(separator: ", ") }
        if matches.count == 1 {
            throw CodecError(
                .unknownNIMForm,
                "the record is NetEase's \(matches[0].0.name) (keys \(matches[0].1.joined(separator: ", "))), which RongWire does not read (spec/nim.md, NIM-FORM-001)",
                path: "$")
        }
        if matches.count > 1 {
            throw CodecError(
                .unknownNIMForm, "the record has keys of more than one NIM form: \(described(matches)); name one with --form", path: "$")
        }
        let all = signatures.map { "\($0.name) (\($0.keys.joined(separator: ", ")))" }.joined(separator: "; ")
        let keys = o.prefix(12).map(\.key).joined(separator: ", ") + (o.count > 12 ? ", …" : "")
        throw CodecError(
            .unknownNIMForm, "the record fits none of the NIM forms, which are decided by these keys: \(all); the record's keys are: \(keys.isEmpty ? "none" : keys)",
            path: "$")
    }
}

/// A record read from one of the NIM forms: the NIM model, the form it was in, what the model
/// has no place for, and where each model member came from.
public struct NIMFormRecord: Sendable, Hashable {
    /// The form the record was read from.
    public var form: NIMForm
    /// The record in the NIM model.
    public var record: NIMRecord
    /// Members of the input the NIM model has no place for (NIM-FORM-002), at their input paths.
    public var losses: [NIMLoss]
    /// Where each member of the model came from in the input.
    public var paths: NIMPathMap

    /// A record of `form`.
    public init(form: NIMForm, record: NIMRecord, losses: [NIMLoss] = [], paths: NIMPathMap = NIMPathMap()) {
        self.form = form
        self.record = record
        self.losses = losses
        self.paths = paths
    }

    /// Reads one JSON text in `form`, or in the form its keys decide (NIM-FORM-001). `options`
    /// bounds the input's size and depth.
    public init(json bytes: some Collection<UInt8>, form: NIMForm? = nil, options: DecodingOptions = .default) throws(CodecError) {
        try self.init(json: try JSONValue(parsing: bytes, options: options), form: form)
    }

    /// Reads a parsed JSON value in `form`, or in the form its keys decide.
    public init(json value: JSONValue, form: NIMForm? = nil) throws(CodecError) {
        let chosen: NIMForm
        if let form { chosen = form } else { chosen = try NIMForm.detect(value) }
        switch chosen {
        case .rongwire: self.init(form: .rongwire, record: try NIMRecord(json: value))
        case .serverV1Send: self = try ServerV1Form.readSend(value)
        case .serverV1History: self = try ServerV1Form.readHistory(value)
        case .serverV2: self = try ServerV2Form.read(value)
        case .cSDK: self = try CSDKForm.read(value)
        case .webSDK: self = try WebSDKForm.read(value)
        }
    }

    /// The report value of the `nim-read` kind: `{"form", "record", "loss"}`.
    public func reportValue() -> JSONValue {
        .object(JSONObject([
            .init(key: "form", value: .string(form.rawValue)),
            .init(key: "record", value: record.jsonValue()),
            .init(key: "loss", value: .array(Array(Set(losses)).sorted().map(\.jsonValue))),
        ]))
    }
}

/// Where the members of a NIM record came from in a NetEase form: a loss found on the model
/// (`$.attachment.md5`) is reported at the input's path (`$.body.md5`, or inside an attachment
/// held as JSON text, `$.msg_attach.md5`), NIM-FORM-002.
public struct NIMPathMap: Sendable, Hashable {
    private var entries: [String: [String]] = [:]

    /// An empty map: every path is its own (RongWire's form).
    public init() {}

    /// Records that the model member at `model` came from `input`.
    mutating func map(_ model: String, _ input: String) { entries[model] = [input] }

    /// Records that the model member at `model` came from several input members (an image's
    /// `size` from `w` and `h`).
    mutating func map(_ model: String, _ inputs: [String]) { if !inputs.isEmpty { entries[model] = inputs } }

    /// The input path of a model path: the entry of the path or of its nearest mapped ancestor
    /// (with the rest of the path appended); the model path itself when none is mapped. A
    /// member read from several input members gives the first.
    public func inputPath(_ model: String) -> String { inputPaths(model)[0] }

    /// The input paths of a model path, as ``inputPath(_:)``, every one of them.
    public func inputPaths(_ model: String) -> [String] {
        if entries.isEmpty { return [model] }
        if let exact = entries[model] { return exact }
        var cut = model.utf8.count
        let bytes = Array(model.utf8)
        while cut > 1 {
            cut -= 1
            guard bytes[cut] == UInt8(ascii: ".") || bytes[cut] == UInt8(ascii: "[") else { continue }
            let prefix = String(decoding: bytes[..<cut], as: UTF8.self)
            if let inputs = entries[prefix] { return inputs.map { $0 + String(decoding: bytes[cut...], as: UTF8.self) } }
        }
        return [model]
    }

    /// `losses` with their paths in the input.
    func translate(_ losses: [NIMLoss]) -> [NIMLoss] {
        losses.flatMap { l in inputPaths(l.path).map { NIMLoss(rule: l.rule, path: $0) } }
    }
}

extension NIMRecord {
    /// The record in `form` (NIM-FORM-V1-003, NIM-FORM-V2-002): RongWire's own form, the server
    /// API v1 send parameters or a v2 send request. What the form cannot carry is reported
    /// (NIM-FORM-WRITE-001, paths in the NIM message JSON form); a record the form cannot
    /// express at all gives a nil output. A form RongWire does not write is `invalidValue`.
    public func written(as form: NIMForm) throws(CodecError) -> NIMConversion<JSONValue> {
        switch form {
        case .rongwire: return NIMConversion(output: jsonValue(), losses: [])
        case .serverV1Send: return ServerV1Form.writeSend(self)
        case .serverV2: return ServerV2Form.write(self)
        default:
            throw CodecError(
                .invalidValue, "RongWire writes the forms \(NIMForm.writable.map(\.rawValue).joined(separator: ", ")), not \(form.rawValue)")
        }
    }
}
