// Sources/RongCodec/Content/FieldTable.swift - the JSON keys a content type knows

/// The JSON keys a type decodes, in a fixed order; a key's position is its field number.
///
/// Content types append the shared keys (`extra`, `user`, `mentionedInfo`, `isBurnAfterRead`,
/// `burnDuration`, and `localPath`, which is dropped) after their own, unless they opt out;
/// ``ContentCommon`` decodes those.
/// At most 64 keys per table (duplicate detection uses one 64-bit mask).
public struct FieldTable: Sendable {
    /// The key bytes in one flat buffer: lookups neither retain nor chase array buffers.
    final class Storage: @unchecked Sendable {
        let names: [String]
        let ownCount: Int
        /// `names.count`, without going through the array.
        let count: Int
        /// Each key as it appears in compact JSON, `"name":`, one after the other; key `i` is
        /// `bytes[starts[i] ..< starts[i + 1]]`, its name without the quotes and the colon
        /// `bytes[starts[i] + 1 ..< starts[i + 1] - 2]`.
        let bytes: UnsafeMutablePointer<UInt8>
        let starts: UnsafeMutablePointer<Int>  // names.count + 1 entries
        /// Bit `i` set when key `i` is written in JSON as its bytes unchanged (no `"`, `\` or
        /// control character to escape), so that its compact spelling may be matched as bytes.
        let plainKeys: UInt64

        init(names: [String], ownCount: Int) {
            self.names = names
            self.ownCount = ownCount
            count = names.count
            var plain: UInt64 = 0
            for (i, n) in names.enumerated() where !n.utf8.contains(where: { $0 < 0x20 || $0 == asciiQuote || $0 == asciiBackslash }) {
                plain |= 1 << UInt64(i)
            }
            plainKeys = plain
            let total = names.reduce(0) { $0 + $1.utf8.count + 3 }
            bytes = .allocate(capacity: max(1, total))
            starts = .allocate(capacity: names.count + 1)
            var offset = 0
            func put(_ b: UInt8) {
                bytes[offset] = b
                offset += 1
            }
            for (i, n) in names.enumerated() {
                starts[i] = offset
                put(asciiQuote)
                for b in n.utf8 { put(b) }
                put(asciiQuote)
                put(asciiColon)
            }
            starts[names.count] = offset
        }

        deinit {
            bytes.deallocate()
            starts.deallocate()
        }
    }

    let storage: Storage

    /// All keys, own keys first.
    public var names: [String] { storage.names }
    /// How many keys belong to the type itself (the rest are the shared keys).
    public var ownCount: Int { storage.ownCount }

    /// A table of `names`, followed by the shared content keys when `includeCommon` is true.
    public init(_ names: [String], includeCommon: Bool = true) {
        let all = includeCommon ? names + ContentCommon.decodedKeys : names
        precondition(all.count <= 64, "a FieldTable holds at most 64 keys")
        precondition(Set(all.map(UTF8Key.init)).count == all.count, "duplicate key in FieldTable")
        storage = Storage(names: all, ownCount: names.count)
    }

    /// The field number of a shared key, if `field` is one (0 = `extra`, ...).
    public func commonIndex(_ field: Int) -> Int? {
        field >= storage.ownCount && field < storage.names.count ? field - storage.ownCount : nil
    }

    /// The field number of `name` (matched by UTF-8 bytes, like keys in the input).
    public func index(of name: String) -> Int? { storage.names.firstIndex(where: { utf8Equal($0, name) }) }

    func lookup(_ token: StringToken, in scanner: JSONScanner) -> Int? {
        // An escaped key is matched by the bytes it stands for, never by Swift's `String ==`:
        // `"extra\u212Aey"` (KELVIN SIGN) is canonically equivalent to `extraKey` but is another key.
        if token.escaped { return index(of: scanner.makeString(token)) }
        let length = token.end - token.start
        let key = scanner.source.baseAddress! + token.start
        let s = storage
        var i = 0
        let n = s.count
        while i < n {
            let start = s.starts[i] + 1
            if s.starts[i + 1] - start - 2 == length && memcmpEqual(key, s.bytes + start, length) { return i }
            i += 1
        }
        return nil
    }

    /// Whether the bytes at `p` (at least `available` of them) start with field `field` written
    /// as `"name":`; returns the length of that spelling, or 0.
    @inline(__always)
    func matchesCompactKey(_ field: Int, at p: UnsafeRawPointer, available: Int) -> Int {
        let s = storage
        let start = s.starts[field]
        let length = s.starts[field + 1] - start
        guard s.plainKeys & (1 << UInt64(field)) != 0, length <= available, wordsEqual(p, s.bytes + start, length) else { return 0 }
        return length
    }
}

/// `memcmpEqual` for the short spellings of keys: a few (overlapping) word loads instead of a
/// loop over bytes.
@inline(__always)
func wordsEqual(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ n: Int) -> Bool {
    if n >= 8 {
        var k = 0
        while k &+ 8 <= n {
            if a.loadUnaligned(fromByteOffset: k, as: UInt64.self) != b.loadUnaligned(fromByteOffset: k, as: UInt64.self) { return false }
            k &+= 8
        }
        return k == n
            || a.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
    }
    if n >= 4 {
        return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
            && a.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
    }
    return memcmpEqual(a, b, n)
}
