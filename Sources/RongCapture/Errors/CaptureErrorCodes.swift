// Sources/RongCapture/Errors/CaptureErrorCodes.swift - the error codes RongCapture adds

import RongCodec

// RongCapture reports through RongWire's one error type, ``CodecError``: JSON syntax codes for
// a HAR or a log line that is not JSON, `sizeLimit` and `depthLimit` for input past its limits,
// the envelope's codes for a frame that does not decode. The codes below are new; all codes
// RongCapture mints are in this file.
extension CodecError.Code {
    /// A HAR file or a proxy log line is JSON but not in the form RongWire reads (a HAR without
    /// `log.entries`, a log line without `connection` or with a `hex` that is not hex). The
    /// reason names what is missing; `path` is the JSON path, and for a log the line.
    public static let captureFormat = CodecError.Code("captureFormat")

    /// A navigation answer (`/navi.js`, `/cometnavi.js`, `/navi.json`) holds no JSON object with
    /// a `server`, so there is nothing to rewrite.
    public static let navigationFormat = CodecError.Code("navigationFormat")
}
