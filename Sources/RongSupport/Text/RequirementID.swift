// Sources/RongSupport/Text/RequirementID.swift - the form of a requirement id (`CONTENT-TXT-001`)

/// Requirement ids as the written spec defines them in bold (`**ENV-HDR-002**`) and vectors and
/// scenarios cite them: upper-case words of capitals and digits, the first starting with a
/// capital, joined by `-`, then three digits (`FLAG-003`, `CONTENT-TXT-001`).
package enum RequirementID {
    /// Whether `text` has the form of a requirement id.
    package static func isWellFormed(_ text: some StringProtocol) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard parts.count >= 2, let last = parts.last, last.count == 3, last.allSatisfy(isDigit) else { return false }
        for (i, part) in parts.dropLast().enumerated() {
            guard let first = part.first, i > 0 || isCapital(first) else { return false }
            guard part.allSatisfy({ isCapital($0) || isDigit($0) }) else { return false }
        }
        return true
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    private static func isCapital(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
}
