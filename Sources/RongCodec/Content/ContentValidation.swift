// Sources/RongCodec/Content/ContentValidation.swift - the check behind a ContentView

/// What the check of a ``ContentView`` found: where the validated JSON is, and the leniency
/// rules that fired.
enum ContentValidation {
    /// The bytes themselves hold the content (or are empty, for a type that allows it).
    case direct(LeniencySet)
    /// The bytes are a JSON string holding the content; this is its unescaped text, which the
    /// members' offsets point into.
    case doubleEncoded([UInt8], LeniencySet)
}

/// Where each member of a content's top-level object starts, as the check of a ``ContentView``
/// found them, in input order, with the string token of each string value the type read (so
/// that the view makes that string without scanning it again). Sixteen fit inline (every
/// built-in type has fewer keys in the traffic seen); an object with more, or beyond 4 GiB, is
/// looked up by scanning it.
struct ContentMemberTable {
    static let capacity = 16
    /// Members found; more than ``capacity`` means only the first ones are recorded.
    private(set) var count = 0
    private var keys = InlineArray<16, UInt32>(repeating: 0)
    private var values = InlineArray<16, UInt32>(repeating: 0)
    /// The end of member `i`'s string token, when `hasText` has bit `i`.
    private var ends = InlineArray<16, UInt32>(repeating: 0)
    private var escapedKeys: UInt16 = 0
    private var hasText: UInt16 = 0
    private var escapedTexts: UInt16 = 0
    private var nonASCIITexts: UInt16 = 0

    var isComplete: Bool { count <= Self.capacity }

    /// The offset of the `"` of member `i`'s key and of its value.
    func member(_ i: Int) -> (keyAt: Int, valueAt: Int) { (Int(keys[i]), Int(values[i])) }

    /// Whether member `i`'s key holds an escape (it is then compared by its unescaped text).
    func keyIsEscaped(_ i: Int) -> Bool { escapedKeys & (1 << UInt16(i)) != 0 }

    /// Member `i`'s value as the string token the check scanned, if it read one.
    func text(_ i: Int) -> StringToken? {
        let bit: UInt16 = 1 << UInt16(i)
        guard hasText & bit != 0 else { return nil }
        return StringToken(start: Int(values[i]) + 1, end: Int(ends[i]), escaped: escapedTexts & bit != 0, nonASCII: nonASCIITexts & bit != 0)
    }

    @inline(__always)
    mutating func append(keyAt: Int, valueAt: Int, keyEscaped: Bool) {
        if count < Self.capacity, valueAt <= Int(UInt32.max) {
            keys[count] = UInt32(truncatingIfNeeded: keyAt)
            values[count] = UInt32(truncatingIfNeeded: valueAt)
            if keyEscaped { escapedKeys |= 1 << UInt16(count) }
            count += 1
        } else {
            count = Self.capacity + 1
        }
    }

    /// Records that the value of the member appended last is the string `token`.
    @inline(__always)
    mutating func noteText(_ token: StringToken) {
        guard count > 0, count <= Self.capacity else { return }
        let i = count - 1, bit: UInt16 = 1 << UInt16(i)
        values[i] = UInt32(truncatingIfNeeded: token.start - 1)
        ends[i] = UInt32(truncatingIfNeeded: token.end)
        hasText |= bit
        if token.escaped { escapedTexts |= bit }
        if token.nonASCII { nonASCIITexts |= bit }
    }
}

extension MessageContent {
    /// The decode of ``_decode(_:options:)``, step for step, with the value thrown away: the
    /// check a ``ContentView`` runs. Sharing the type's `init(from:)` and the top-level steps
    /// makes every rejection the same, code, offset and path, by construction; with
    /// `defersStrings` the strings are checked but not made.
    static func _validate(
        _ raw: UnsafeRawBufferPointer, options: DecodingOptions, defersStrings: Bool,
        members: UnsafeMutablePointer<ContentMemberTable>
    ) throws(CodecError) -> ContentValidation {
        var d = ContentDecoder(source: raw, options: options, defersStrings: defersStrings, members: members)
        do throws(CodecError) {
            switch try d.startTopLevel(objectName: objectName, allowsEmpty: allowsEmptyContent, isArray: isArrayContent, allowDoubleEncoding: true) {
            case .empty:
                _ = try Self(emptyContent: ())
                return .direct(LeniencySet())
            case .value:
                _ = try Self(from: &d)
                try d.finishTopLevel()
                return .direct(d.leniencies)
            case .doubleEncoded(let inner, let at):
                let outer = d.leniencies
                let result: Result<LeniencySet, CodecError> = inner.withUnsafeBytes { innerRaw in
                    do throws(CodecError) {
                        return .success(try _inDoubleEncoded(innerRaw, at: at, in: raw, options: options, defersStrings: defersStrings, members: members) { d throws(CodecError) in
                            _ = try Self(from: &d)
                            try d.finishTopLevel()
                            return d.leniencies
                        })
                    } catch {
                        return .failure(error)
                    }
                }
                var all = try result.get()
                all.formUnion(outer)
                return .doubleEncoded(inner, all)
            }
        } catch {
            throw ContentDecoder.locate(error, in: raw, options: options)
        }
    }
}
