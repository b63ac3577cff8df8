// Sources/RongNIM/Errors/NIMErrorCodes.swift - the error codes RongNIM adds

import RongCodec

// RongNIM reports through RongWire's one error type, ``CodecError``, and reuses the content
// codes wherever they say what went wrong (spec/nim.md, "Errors"): JSON syntax codes for a line
// that is not JSON, `typeMismatch`, `missingRequiredField`, `invalidValue` (also for a member the
// form does not define), `numberOutOfRange`, `sizeLimit` (a `remoteExt` above 4 KB), `depthLimit`
// and `invalidObjectName` (a custom-type mapping naming an `RC:` type). The code below is new.
// All codes RongNIM mints are in this file, so that a change in how codes are minted touches
// one place.
extension CodecError.Code {
    /// A conversion would lose information and the caller asked for none to be lost (`--strict`,
    /// or `options.mode: strict` in a `nim-to-rc` / `rc-to-nim` vector). The reason names the
    /// rule and the JSON path of the first loss.
    public static let lossyConversion = CodecError.Code("lossyConversion")
}
