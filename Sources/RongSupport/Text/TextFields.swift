// Sources/RongSupport/Text/TextFields.swift - text cut at a separator, read by position without trapping

/// Text cut at a separator into fields, for every parser that reads a value by its pieces: fault
/// plans, query strings, durations, the CLI's option values, fixture and scenario fields.
///
/// `split(separator:)` drops empty pieces by default, so a value that is blank, or starts or ends
/// with the separator (`" "` trimmed, `":5ms"`, `"="`), has fewer pieces than its separators
/// suggest, and `pieces[0]` traps (issue 36: `POST /control/faults?plan=delay=%20` stopped the
/// peer). Here every field is kept, empty ones included (`a::b` has three fields, `""` one empty
/// field), and a field past the last is nil: a missing piece is something the parser refuses with
/// a message, never an index out of range.
///
/// Text is cut at Unicode scalars, not characters: a separator followed by a combining mark
/// (`,\u{301}`) is one character to Swift, but still a separator here, as for any reader of the
/// same bytes (a shell, a URL parser).
package struct TextFields: Sendable, Hashable {
    /// Every field in order, empty ones included; never empty (text without the separator is one
    /// field, itself).
    package let all: [Substring]

    /// `text` cut at every `separator`, or at the first `maxSplits` of them (the last field keeps
    /// the rest, separators included); each field trimmed of `trimming` at both ends when given.
    package init(_ text: Substring, separator: Unicode.Scalar, maxSplits: Int = .max, trimming: Unicode.Scalar? = nil) {
        // One pass into one array (`split` then `map` would hold two arrays of pieces at once).
        let scalars = text.unicodeScalars
        func field(_ range: Range<String.Index>) -> Substring {
            Substring(trimming.map { Self.trim(scalars[range], $0) } ?? scalars[range])
        }
        var fields: [Substring] = []
        var start = scalars.startIndex
        var i = start
        while i < scalars.endIndex && fields.count < maxSplits {
            if scalars[i] == separator {
                fields.append(field(start..<i))
                start = scalars.index(after: i)
            }
            i = scalars.index(after: i)
        }
        fields.append(field(start..<scalars.endIndex))
        all = fields
    }

    /// `text` cut at every `separator` (or the first `maxSplits`), trimmed of `trimming`.
    package init(_ text: String, separator: Unicode.Scalar, maxSplits: Int = .max, trimming: Unicode.Scalar? = nil) {
        self.init(text[...], separator: separator, maxSplits: maxSplits, trimming: trimming)
    }

    /// How many fields there are (at least 1).
    package var count: Int { all.count }

    /// Field `i` (from 0), or nil when there are not that many.
    package subscript(_ i: Int) -> Substring? {
        i >= 0 && i < all.count ? all[i] : nil
    }

    /// The fields when there are exactly `n`, else nil.
    package func exactly(_ n: Int) -> [Substring]? {
        all.count == n ? all : nil
    }

    /// `text` cut at the first `separator`: what comes before it, and what comes after it (nil
    /// when there is no separator). `a=b` is (`a`, `b`), `a=` (`a`, ``), `=b` (``, `b`), `a`
    /// (`a`, nil), `` (``, nil); both trimmed of `trimming` when given.
    package static func cut(_ text: Substring, at separator: Unicode.Scalar, trimming: Unicode.Scalar? = nil) -> (head: Substring, tail: Substring?) {
        let f = TextFields(text, separator: separator, maxSplits: 1, trimming: trimming)
        return (f[0] ?? "", f[1])
    }

    /// `text` cut at the first `separator`, as the `Substring` form.
    package static func cut(_ text: String, at separator: Unicode.Scalar, trimming: Unicode.Scalar? = nil) -> (head: Substring, tail: Substring?) {
        cut(text[...], at: separator, trimming: trimming)
    }

    /// `s` without the scalar `c` at either end.
    package static func trim(_ s: Substring, _ c: Unicode.Scalar) -> Substring {
        Substring(trim(s.unicodeScalars, c))
    }

    static func trim(_ s: Substring.UnicodeScalarView, _ c: Unicode.Scalar) -> Substring.UnicodeScalarView {
        var s = s
        while s.first == c { s = s.dropFirst() }
        while s.last == c { s = s.dropLast() }
        return s
    }
}
