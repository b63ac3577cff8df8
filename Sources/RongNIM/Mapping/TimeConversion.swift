// Sources/RongNIM/Mapping/TimeConversion.swift - seconds ↔ milliseconds, exactly

import RongCodec

/// Unit changes between NIM and RongCloud (spec/nim.md, NIM-MAP-FIELD-003, NIM-MAP-DUR-001).
///
/// NIM timestamps are seconds (`NSTimeInterval`, 003:511) and RongCloud's are milliseconds
/// (004:41). The conversion works on the number's decimal text (its canonical JSON form, the
/// shortest text that reads back as the same double), not on a product of doubles, so that
/// `1700000000.123` gives exactly 1700000000123 and the rounding can be stated and checked by
/// hand: to the nearest millisecond, halves away from zero.
enum TimeConversion {
    /// Milliseconds for a non-negative number of seconds, and whether no digit was rounded away.
    static func milliseconds(fromSeconds seconds: JSONNumber) -> (value: Int64, exact: Bool) {
        let (digits, exponent) = decimal(seconds.description)
        // value = digits × 10^exponent seconds = digits × 10^(exponent + 3) ms.
        let shift = exponent + 3
        if shift >= 0 {
            var v: Int64 = 0
            for d in digits { v = v &* 10 &+ Int64(d) }
            for _ in 0..<shift { v = v &* 10 }
            return (v, true)
        }
        let cut = digits.count + shift  // digits before the decimal point of the ms value
        var whole: Int64 = 0
        for d in digits.prefix(max(0, cut)) { whole = whole &* 10 &+ Int64(d) }
        let fraction = digits.suffix(digits.count - max(0, cut))
        let firstDropped = cut >= 0 ? fraction.first ?? 0 : 0  // below 0.1 ms when cut < 0
        let exact = fraction.allSatisfy { $0 == 0 }
        return (firstDropped >= 5 ? whole + 1 : whole, exact)
    }

    /// Seconds for a number of milliseconds: an integer when whole, otherwise the double whose
    /// shortest text is the exact decimal (`1700000000123` → `1700000000.123`).
    static func seconds(fromMilliseconds ms: Int64) -> JSONNumber {
        if ms % 1000 == 0 { return JSONNumber(ms / 1000) }
        let fraction = String(ms.magnitude % 1000)
        let text = (ms < 0 ? "-" : "") + "\(ms.magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
        return JSONNumber(Double(text) ?? Double(ms) / 1000)
    }

    /// Whole seconds for a duration in milliseconds, to the nearest second with halves up
    /// (999 ms → 1 s, 1499 ms → 1 s, 1500 ms → 2 s), and whether it was exact.
    static func durationSeconds(fromMilliseconds ms: Int64) -> (value: Int64, exact: Bool) {
        ((ms + 500) / 1000, ms % 1000 == 0)
    }

    /// The decimal digits and power of ten of a canonical JSON number text (`1.5e-7` →
    /// ([1, 5], -8)). The sign is ignored: callers pass non-negative numbers.
    static func decimal(_ text: String) -> (digits: [UInt8], exponent: Int) {
        var digits: [UInt8] = []
        var exponent = 0
        var afterPoint = false
        var bytes = text.utf8[...]
        while let b = bytes.first, b != UInt8(ascii: "e"), b != UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if b == UInt8(ascii: ".") {
                afterPoint = true
            } else if (0x30...0x39).contains(b) {
                digits.append(b - 0x30)
                if afterPoint { exponent -= 1 }
            }
        }
        if !bytes.isEmpty {
            bytes = bytes.dropFirst()
            var negative = false
            if bytes.first == UInt8(ascii: "-") { negative = true; bytes = bytes.dropFirst() }
            if bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            var e = 0
            for b in bytes { e = e * 10 + Int(b - 0x30) }
            exponent += negative ? -e : e
        }
        while let first = digits.first, first == 0, digits.count > 1 { digits.removeFirst() }
        return (digits, exponent)
    }
}
