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
package struct TextFields: Sendable, Hashable {
    /// Every field in order, empty ones included; never empty (text without the separator is one
    /// field, itself).
    package let all: [Substring]

    /// `text` cut at every `separator`, or at the first `maxSplits` of them (the last field keeps
    /// the rest, separators included); each field trimmed of `trimming` at both ends when given.
    package init(_ text: Substring, separator: Character, maxSplits: Int = .max, trimming: Character? = nil) {
        let pieces = text.split(separator: separator, maxSplits: maxSplits, omittingEmptySubsequences: false)
        all = trimming.map { t in pieces.map { Self.trim($0, t) } } ?? pieces
    }

    /// `text` cut at every `separator` (or the first `maxSplits`), trimmed of `trimming`.
    package init(_ text: String, separator: Character, maxSplits: Int = .max, trimming: Character? = nil) {
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
    package static func cut(_ text: Substring, at separator: Character, trimming: Character? = nil) -> (head: Substring, tail: Substring?) {
        let f = TextFields(text, separator: separator, maxSplits: 1, trimming: trimming)
        return (f[0] ?? "", f[1])
    }

    /// `text` cut at the first `separator`, as the `Substring` form.
    package static func cut(_ text: String, at separator: Character, trimming: Character? = nil) -> (head: Substring, tail: Substring?) {
        cut(text[...], at: separator, trimming: trimming)
    }

    /// `s` without `c` at either end.
    package static func trim(_ s: Substring, _ c: Character) -> Substring {
        var s = s
        while s.first == c { s = s.dropFirst() }
        while s.last == c { s = s.dropLast() }
        return s
    }
}
