// Sources/RongConformance/Vectors/NIMKinds.swift - the NIM vector kinds (spec/nim.md) and RongWire's answers

import RongCodec
import RongNIM

extension Vector.Kind {
    /// A NIM message (JSON form of spec/nim.md) → its canonical value, or an error code.
    public static let nimDecode = Vector.Kind(rawValue: "nim-decode")
    /// A NIM record in any form (`options.form`, or told from its keys) → `{"form", "record",
    /// "loss"}`: the form, the record in RongWire's canonical form, what the reader found no place
    /// for (spec/nim.md, NIM-FORM-001, -002).
    public static let nimRead = Vector.Kind(rawValue: "nim-read")
    /// A NIM record → `{"output": the RC record | null, "loss": [...]}` (spec/nim.md).
    public static let nimToRC = Vector.Kind(rawValue: "nim-to-rc")
    /// An RC record → `{"output": the NIM record | null, "loss": [...]}` (spec/nim.md).
    public static let rcToNIM = Vector.Kind(rawValue: "rc-to-nim")

    /// The NIM kinds.
    public static let nimKinds: [Vector.Kind] = [.nimDecode, .nimRead, .nimToRC, .rcToNIM]
}

/// RongWire's answers to the NIM kinds, with the custom-type mapping every NIM vector assumes
/// (``NIMCustomTypeMapping/conformance``). `options.maxBytes` / `maxDepth` bound the input line;
/// `options.mode: strict` makes any loss a `lossyConversion` rejection (`--strict`); `options.form`
/// names the NIM form read (`nim-read`, `nim-to-rc`) or written (`rc-to-nim`).
enum NIMRequests {
    static let converter = NIMConverter(mapping: .conformance)

    static func handle(_ request: TesteeRequest) -> TesteeResponse {
        guard case .bytes(let bytes)? = request.input else { return .runtimeError(message: "\(request.kind) needs byte input") }
        let given = request.options ?? DecodingOptions()
        let limits = DecodingOptions(maxContentBytes: given.maxContentBytes, maxDepth: given.maxDepth)
        let strict = given.mode == .strict
        var form: NIMForm?
        if let name = request.nimForm {
            guard let f = NIMForm(rawValue: name) else { return .runtimeError(message: "unknown NIM form \(name)") }
            form = f
        }
        do throws(CodecError) {
            switch request.kind {
            case Vector.Kind.nimDecode.rawValue:
                let value = try NIMRecord(json: bytes, options: limits).jsonValue()
                return .accepted(value: value, bytes: try value.canonicalBytes(), leniencies: nil)
            case Vector.Kind.nimRead.rawValue:
                let read = try NIMFormRecord(json: bytes, form: form, options: limits)
                if strict { try NIMConversion<Int>(output: nil, losses: read.losses).requireLossless() }
                return .accepted(value: read.reportValue(), bytes: nil, leniencies: nil)
            case Vector.Kind.nimToRC.rawValue:
                let result = try converter.toRC(try NIMFormRecord(json: bytes, form: form, options: limits))
                if strict { try result.requireLossless() }
                return .accepted(value: result.reportValue { $0.jsonValue() }, bytes: nil, leniencies: nil)
            case Vector.Kind.rcToNIM.rawValue:
                let result = try converter.fromRC(try RCMessageRecord(json: bytes, options: limits), form: form ?? .rongwire)
                if strict { try result.requireLossless() }
                return .accepted(value: result.reportValue { $0 }, bytes: nil, leniencies: nil)
            default:
                return .skipped(reason: "unknown kind \(request.kind)")
            }
        } catch {
            return .rejected(error: error.code.rawValue, message: error.description)
        }
    }
}
