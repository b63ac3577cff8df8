// Tests/RongTestSupport/ErrorExpectations.swift - "throws this code" for CodecError, shared by the test targets

import RongCodec
import Testing

/// Expects `body` to throw a ``CodecError`` with `code`, and returns the error for further
/// checks. (``CodecError`` is not `Equatable`: a test states the code it expects.)
@discardableResult
public func expectCodecError<R>(
    _ code: CodecError.Code,
    _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    performing body: () throws -> R
) -> CodecError? {
    let error = #expect(throws: CodecError.self, comment, sourceLocation: sourceLocation, performing: body)
    if let error { #expect(error.code == code, "\(error)", sourceLocation: sourceLocation) }
    return error
}
