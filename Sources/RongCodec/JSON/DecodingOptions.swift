// Sources/RongCodec/JSON/DecodingOptions.swift - limits and strictness for content decoding

/// Limits and strictness applied when decoding content JSON.
///
/// Content arrives from strangers; the defaults bound every input. The size default is the
/// protocol's 128 KB content limit, counted as 131,072 bytes of content JSON (the kit's choice
/// between 128,000 and 131,072; see `spec/content-common.md`, CONTENT-LIMIT-001).
public struct DecodingOptions: Sendable, Hashable {
    /// How to treat input that is valid but not in normalized form.
    public enum Mode: Sendable, Hashable {
        /// Accept every documented variant seen in real SDKs and record which rules fired.
        case lenient
        /// Accept only normalized values: any leniency rule, `null` for an absent field or a
        /// `localPath` key fails with ``CodecError/Code/notNormalized``. Used to read values
        /// that are about to be encoded, so that encoding never hides a coercion.
        case strict
    }

    /// Largest accepted content, in bytes. Default 131,072.
    public var maxContentBytes: Int
    /// Deepest accepted nesting of objects and arrays; the top-level object is depth 1.
    /// Default 64, capped at ``maximumDepthLimit``.
    public var maxDepth: Int
    /// Lenient (default) or strict.
    public var mode: Mode
    /// Accept `\u` escapes of unpaired UTF-16 surrogates, as JavaScript does, reading each as
    /// U+FFFD. Off by default: they are ``CodecError/Code/loneSurrogate`` (CONTENT-JSON-007).
    /// The conformance runner turns it on to read testee answers that echo such strings.
    public var replacesLoneSurrogates = false

    /// The protocol's content limit: 128 KB = 131,072 bytes.
    public static let protocolContentLimit = 131_072
    /// The deepest nesting any configuration may allow (decoding recurses once per level).
    public static let maximumDepthLimit = 1024

    /// Creates options; out-of-range limits are clamped to `1...maximumDepthLimit` and `>= 0`.
    public init(maxContentBytes: Int = 131_072, maxDepth: Int = 64, mode: Mode = .lenient) {
        self.maxContentBytes = max(0, maxContentBytes)
        self.maxDepth = min(max(1, maxDepth), Self.maximumDepthLimit)
        self.mode = mode
    }

    /// The defaults: 131,072 bytes, depth 64, lenient.
    public static let `default` = DecodingOptions()
    /// The defaults with ``Mode/strict``.
    public static let strict = DecodingOptions(mode: .strict)
}
