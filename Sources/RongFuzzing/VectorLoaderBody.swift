// Sources/RongFuzzing/VectorLoaderBody.swift - the vector-loader target

import RongCodec
import RongConformance

/// The vector loader on YAML text: it loads, or fails with an error located inside the text
/// (the given file name, a line between 1 and the text's line count, a column between 1 and
/// that line's length + 1, or the end of the text; a message). Loaded vectors start on a line of
/// the text, and loading the same text again gives the same vectors. (The loader itself enforces the shape of each
/// vector: level prefixes, outputs of accepting expectations, and so on.) Bytes that are not
/// UTF-8 are not given to the loader: `load(file:)` rejects them before parsing.
enum VectorLoaderBody {
    static let file = "fuzz.yaml"

    static func check(_ data: [UInt8]) -> [String] {
        guard let text = String(validating: data, as: UTF8.self) else { return [] }
        let lines = lineLengths(text)
        let vectors: [Vector]
        do throws(LoadError) {
            vectors = try VectorLoader().load(yaml: text, file: file)
        } catch {
            return located(error, lines)
        }
        var violations: [String] = []
        for v in vectors where v.file != file || v.line < 1 || v.line > lines.count {
            violations.append("loaded vector \(v.id) is placed at \(v.file):\(v.line), outside the \(lines.count) lines of the text")
        }
        do throws(LoadError) {
            if try VectorLoader().load(yaml: text, file: file) != vectors { violations.append("loading the same text twice gives different vectors") }
        } catch {
            violations.append("loading the same text twice: first loaded, then \(error)")
        }
        return violations
    }

    /// The length in characters of each line, with YAML's line breaks (LF, CR, CR LF, and in
    /// libyaml's YAML 1.1 also NEL, LS and PS).
    static func lineLengths(_ text: String) -> [Int] {
        var out: [Int] = []
        var n = 0
        var afterCR = false
        for s in text.unicodeScalars {
            if s == "\n" && afterCR {
                afterCR = false
                continue
            }
            afterCR = s == "\r"
            if s == "\n" || s == "\r" || s == "\u{85}" || s == "\u{2028}" || s == "\u{2029}" {
                out.append(n)
                n = 0
            } else {
                n += 1
            }
        }
        out.append(n)
        return out
    }

    /// The error names the file and a position inside the text.
    static func located(_ error: LoadError, _ lines: [Int]) -> [String] {
        var violations: [String] = []
        if error.file != file { violations.append("error names file \(error.file), not \(file): \(error)") }
        if error.message.isEmpty { violations.append("error without a message: \(error)") }
        if error.line == lines.count + 1 {
            // The end of a text without a final line break: libyaml places it at column 1 of the
            // line after the last.
            if error.column != 1 { violations.append("error at the end of the text, column \(error.column): \(error)") }
        } else if error.line < 1 || error.line > lines.count {
            violations.append("error line \(error.line) outside the \(lines.count) lines of the text: \(error)")
        } else if error.column < 1 || error.column > lines[error.line - 1] + 1 {
            violations.append("error column \(error.column) outside line \(error.line) (\(lines[error.line - 1]) characters): \(error)")
        }
        return violations
    }
}
