// Sources/RongNIM/Errors/NIMErrorCodes.swift - the error codes RongNIM adds

import RongCodec

// RongNIM reports through RongWire's one error type, ``CodecError``, and reuses the content
// codes wherever they say what went wrong (spec/nim.md, "Errors"): JSON syntax codes for a line
// that is not JSON, `typeMismatch`, `missingRequiredField`, `invalidValue` (also for a member the
// form does not define), `numberOutOfRange`, `sizeLimit` (a `remoteExt` above 4 KB), `depthLimit`
// and `invalidObjectName` (a custom-type mapping naming an `RC:` type). The codes below are new.
// All codes RongNIM mints are in this file, so that a change in how codes are minted touches
// one place.
extension CodecError.Code {
    /// A conversion would lose information and the caller asked for none to be lost (`--strict`,
    /// or `options.mode: strict` in a `nim-to-rc` / `rc-to-nim` vector). The reason names the
    /// rule and the JSON path of the first loss.
    public static let lossyConversion = CodecError.Code("lossyConversion")

    /// A record fits none of the NIM forms RongWire reads, or the keys of more than one (spec/nim.md,
    /// NIM-FORM-001). The reason names the forms, the keys that decide each, and the record's keys.
    public static let unknownNIMForm = CodecError.Code("unknownNIMForm")

    /// A string member that a NetEase form defines as JSON text (the server API's `body`, the C
    /// SDK's `msg_attach`) does not hold JSON; a Python `str(dict)` such as `{'msg': 'hello'}` is
    /// named as such (spec/nim.md, NIM-FORM-003).
    public static let invalidEmbeddedJSON = CodecError.Code("invalidEmbeddedJSON")
}
