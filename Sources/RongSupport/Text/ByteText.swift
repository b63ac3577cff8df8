// Sources/RongSupport/Text/ByteText.swift - base64 text ↔ bytes (hex is RongCodec's public `Hex`)

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64 for vector inputs (`input.base64`), on Foundation's codec. Strict on input: the
/// standard alphabet with its padding; whitespace between characters is skipped (vector files
/// wrap long values), anything else makes the text malformed.
package enum ByteText {
    /// Standard base64 of `bytes`, with padding.
    package static func base64(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
    }

    /// Bytes of standard base64 (padding required, whitespace ignored). Nil if malformed.
    package static func bytes(base64: String) -> [UInt8]? {
        let compact = base64.utf8.filter { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }
        guard let data = Data(base64Encoded: Data(compact)) else { return nil }
        return [UInt8](data)
    }
}
