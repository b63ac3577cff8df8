// Sources/RongCodec/JSON/JSONNumber.swift - exact JSON numbers and their canonical text

/// A JSON number, kept exactly.
///
/// Integers (no fraction, no exponent) that fit 64 bits stay integers, so millisecond
/// timestamps never pass through a `Double`. Larger integers keep their decimal digits.
/// Everything else is a `Double`, written back in the shortest form that round-trips, using
/// the ECMAScript `Number.prototype.toString` rules (the form RFC 8785 adopts and JavaScript
/// SDKs emit). Numbers are equal when their canonical text is: `1`, `1.0` and `1e0` are equal.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    enum Storage: Sendable {
        case int(Int64)
        case uint(UInt64)  // only values above Int64.max
        case double(Double)
        case bigInteger(String)  // integers outside 64-bit range, digits as written
    }

    let storage: Storage

    /// An integer.
    public init(_ value: Int64) { storage = .int(value) }
    /// An integer.
    public init(_ value: Int) { storage = .int(Int64(value)) }
    /// An unsigned integer.
    public init(_ value: UInt64) { storage = value <= UInt64(Int64.max) ? .int(Int64(value)) : .uint(value) }
    /// A floating-point number. It must be finite to be encodable.
    public init(_ value: Double) { storage = .double(value) }

    init(bigInteger digits: String) { storage = .bigInteger(digits) }

    /// The value as an `Int64` if it is an integer in range (`2.0` counts as an integer).
    public var int64Value: Int64? {
        switch storage {
        case .int(let i): i
        case .uint: nil
        case .double(let d): Int64(exactly: d)
        case .bigInteger: nil
        }
    }

    /// The value as a `Double` (possibly rounded).
    public var doubleValue: Double {
        switch storage {
        case .int(let i): Double(i)
        case .uint(let u): Double(u)
        case .double(let d): d
        case .bigInteger(let s): Double(s) ?? .nan
        }
    }

    /// True when the number was written without fraction or exponent, or is integral.
    public var isIntegral: Bool {
        switch storage {
        case .int, .uint, .bigInteger: true
        case .double(let d): d.isFinite && d.rounded(.towardZero) == d
        }
    }

    /// Whether the number can be written as JSON (NaN and infinities cannot).
    public var isFinite: Bool {
        if case .double(let d) = storage { return d.isFinite }
        return true
    }

    /// The canonical JSON text of this number.
    public var description: String {
        switch storage {
        case .int(let i): String(i)
        case .uint(let u): String(u)
        case .bigInteger(let s): s
        case .double(let d): JSONNumber.ecmaScriptString(d)
        }
    }

    /// Two numbers are equal when they are the same JSON number: the same canonical text, as
    /// ``JSONWriter`` writes them. Integers compare exactly and doubles by value (`1`, `1.0` and
    /// `1e0` are equal); a double equals an integer when its canonical text is that integer:
    /// `1e20 == 100000000000000000000`, `100000000000000000001 != 1e20`. Nothing is compared
    /// through a rounded `Double`, so equality is transitive.
    ///
    /// Not the exact mathematical value: `1.8446744073709552e19` (2^64) is written
    /// `18446744073709552000`, the ECMAScript form, and equals that integer, not
    /// `18446744073709551616`. Comparing mathematical values would make a double read back from
    /// its own canonical text (as that integer) unequal to itself, breaking decode(encode(v)) == v.
    /// NaN equals NaN (reflexive, as `Hashable` requires); neither NaN nor the infinities can be
    /// written as JSON.
    public static func == (lhs: JSONNumber, rhs: JSONNumber) -> Bool {
        switch (lhs.storage, rhs.storage) {
        case (.int(let a), .int(let b)): a == b
        case (.uint(let a), .uint(let b)): a == b
        case (.bigInteger(let a), .bigInteger(let b)): a == b  // canonical digits: no leading zeros, no "-0"
        case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
        case (.int, .double(let d)), (.uint, .double(let d)), (.bigInteger, .double(let d)),
            (.double(let d), .int), (.double(let d), .uint), (.double(let d), .bigInteger):
            // Only an integral double below 1e21 is written as an integer.
            d.isFinite && d.rounded(.towardZero) == d && d.magnitude < 1e21 && lhs.canonicalText == rhs.canonicalText
        default: false  // int, uint and bigInteger ranges do not overlap
        }
    }

    /// Consistent with `==`: numbers with the same canonical text have the same `Double` value
    /// (the text of a double parses back to it; that of an integer rounds to the same double).
    public func hash(into hasher: inout Hasher) {
        let d = doubleValue
        if d.isNaN {
            hasher.combine(UInt8(0))  // every NaN is one value here
        } else {
            hasher.combine(d == 0 ? 0 : d)  // -0.0 is written 0
        }
    }

    /// The text ``JSONWriter`` writes for this number (for NaN and the infinities, which it
    /// refuses, a name that is no JSON number).
    var canonicalText: String {
        var w = JSONWriter(reservingCapacity: 32)
        do throws(CodecError) {
            try w.number(self)
        } catch {
            return doubleValue.isNaN ? "NaN" : doubleValue > 0 ? "Infinity" : "-Infinity"
        }
        return String(decoding: w.bytes, as: UTF8.self)
    }

    /// ECMAScript Number::toString for a finite double (ECMA-262 § 6.1.6.1.20).
    static func ecmaScriptString(_ value: Double) -> String {
        if value == 0 { return "0" }
        if value < 0 { return "-" + ecmaScriptString(-value) }
        // Swift's description yields the shortest digits that round-trip; re-lay them out.
        let text = value.description
        var mantissa = Substring(text)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = text[..<e]
            exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        var digits: [UInt8] = []
        var pointPosition = 0
        var seenPoint = false
        for c in mantissa.utf8 {
            if c == UInt8(ascii: ".") {
                seenPoint = true
                continue
            }
            digits.append(c)
            if !seenPoint { pointPosition += 1 }
        }
        pointPosition += exponent
        while let first = digits.first, first == UInt8(ascii: "0"), digits.count > 1 {
            digits.removeFirst()
            pointPosition -= 1
        }
        while let last = digits.last, last == UInt8(ascii: "0"), digits.count > 1 { digits.removeLast() }
        let k = digits.count
        let n = pointPosition
        var out: [UInt8] = []
        if k <= n && n <= 21 {
            out = digits + [UInt8](repeating: UInt8(ascii: "0"), count: n - k)
        } else if 0 < n && n <= 21 {
            out = Array(digits[0..<n]) + [UInt8(ascii: ".")] + Array(digits[n...])
        } else if -6 < n && n <= 0 {
            out = Array("0.".utf8) + [UInt8](repeating: UInt8(ascii: "0"), count: -n) + digits
        } else {
            let e = n - 1
            out = [digits[0]]
            if k > 1 { out += [UInt8(ascii: ".")] + Array(digits[1...]) }
            out += Array("e\(e < 0 ? "-" : "+")\(abs(e))".utf8)
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension JSONNumber: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    public init(integerLiteral value: Int64) { self.init(value) }
    public init(floatLiteral value: Double) { self.init(value) }
}
