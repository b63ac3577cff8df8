// Sources/RongSupport/YAML/TextPosition.swift - a byte offset as a line and column, as libyaml counts

/// Positions in YAML text the way libyaml writes its marks.
package enum TextPosition {
    /// The 1-based line and column of byte `offset` of `text` (clamped to the text): columns in
    /// Unicode scalars, line breaks LF, CR, CR LF, and (YAML 1.1) NEL, LS, PS.
    package static func lineAndColumn(ofByte offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1, byte = 0
        var afterCR = false
        for scalar in text.unicodeScalars {
            if byte >= offset { break }
            byte += UTF8.width(scalar)
            if scalar == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = scalar == "\r"
            switch scalar {
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}":
                line += 1
                column = 1
            default:
                column += 1
            }
        }
        return (line, column)
    }
}
