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
/// found them, in input order. Sixteen fit inline (every built-in type has fewer keys in the
/// traffic seen); an object with more, or beyond 4 GiB, is looked up by scanning it.
struct ContentMemberTable {
    static let capacity = 16
    /// Members found; more than ``capacity`` means only the first ones are recorded.
    private(set) var count = 0
    private var keys = InlineArray<16, UInt32>(repeating: 0)
    private var values = InlineArray<16, UInt32>(repeating: 0)

    var isComplete: Bool { count <= Self.capacity }

    /// The offset of the `"` of member `i`'s key and of its value.
    func member(_ i: Int) -> (keyAt: Int, valueAt: Int) { (Int(keys[i]), Int(values[i])) }

    @inline(__always)
    mutating func append(keyAt: Int, valueAt: Int) {
        if count < Self.capacity, valueAt <= Int(UInt32.max) {
            keys[count] = UInt32(truncatingIfNeeded: keyAt)
            values[count] = UInt32(truncatingIfNeeded: valueAt)
            count += 1
        } else {
            count = Self.capacity + 1
        }
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
