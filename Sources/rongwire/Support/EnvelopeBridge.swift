// Sources/rongwire/Support/EnvelopeBridge.swift - frame kinds for the conformance testee

import RongConformance

/// Connects the envelope layer to the conformance testee (frame-decode, frame-encode).
enum EnvelopeBridge {
    /// Nil until the envelope layer is linked: frame vectors are then skipped.
    static let frameHandler: (@Sendable (TesteeRequest) -> TesteeResponse)? = nil
}
