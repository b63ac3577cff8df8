// Sources/RongCodec/Content/FieldTable.swift - the JSON keys an object's decoder knows

/// The keys of one JSON object that a decoder reads: one case per key, in canonical order.
///
/// ```swift
/// enum Key: String, FieldKey { case giftId, count }
/// ```
///
/// A case's ``name`` (by default its raw value) is the key as it appears in JSON, unescaped. A
/// decoder switches over the cases ``ContentDecoder/nextField(_:)`` returns, so a key without
/// a `case` in the switch does not compile, and reordering the cases changes only the order the
/// decoder expects the keys in (its fast path), never which property a value goes to.
public protocol FieldKey: CaseIterable, Hashable, Sendable {
    /// The key as it appears in JSON, unescaped.
    var name: String { get }
}

extension FieldKey where Self: RawRepresentable, RawValue == String {
    /// The raw value.
    public var name: String { rawValue }
}

/// The own keys of a content type that has none: it reads the shared keys only.
public enum NoKeys: FieldKey {
    public var name: String {
        switch self {}
    }
}

/// A key of a content object, as ``ContentDecoder/nextField(_:)`` returns it for a table made
/// with ``FieldTable/init(_:)``: one of the type's own keys, or a shared one, which
/// ``ContentCommon/decode(_:from:)`` reads.
public enum ContentField<Key: FieldKey>: Hashable, Sendable {
    /// One of the type's own keys.
    case own(Key)
    /// A key every content type shares.
    case shared(SharedKey)

    /// The key as it appears in JSON, unescaped.
    public var name: String {
        switch self {
        case .own(let key): key.name
        case .shared(let key): key.name
        }
    }
}

/// The JSON keys an object's decoder knows, and what ``ContentDecoder/nextField(_:)`` returns
/// for each: a ``ContentField`` for content (``init(_:)``), or the key itself for an object
/// nested in content (``init(withoutSharedKeys:)``). At most 64 keys (duplicate detection uses
/// one 64-bit mask).
public struct FieldTable<Field: Sendable>: Sendable {
    let storage: FieldStorage<Field>

    init(names: [String], fields: [Field]) {
        precondition(names.count <= 64, "a FieldTable holds at most 64 keys")
        precondition(Set(names.map(UTF8Key.init)).count == names.count, "duplicate key in FieldTable")
        storage = FieldStorage(names: names, fields: fields)
    }

    /// A content type's table: `keys`' cases, then the shared keys (``SharedKey``).
    public init<Key: FieldKey>(_ keys: Key.Type) where Field == ContentField<Key> {
        let own = Array(Key.allCases), shared = Array(SharedKey.allCases)
        self.init(names: own.map(\.name) + shared.map(\.name), fields: own.map { .own($0) } + shared.map { .shared($0) })
    }

    /// All keys in table order (for content: the type's own keys, then the shared keys).
    public var names: [String] { storage.names }

    /// What the decoder returns for `name` (matched by UTF-8 bytes, like keys in the input).
    public func field(named name: String) -> Field? { storage.index(of: name).map { storage.fields[$0] } }
}

extension FieldTable where Field: FieldKey {
    /// A table of `keys`' cases alone, for an object nested in content (`user`, an article).
    public init(withoutSharedKeys keys: Field.Type) {
        let all = Array(keys.allCases)
        self.init(names: all.map(\.name), fields: all)
    }
}

/// The keys of a table as bytes, for ``ContentDecoder``'s key matching. Not generic, so that the
/// matching is one function for every table; ``FieldStorage`` adds what a key decodes as.
class KeyTable: @unchecked Sendable {
    final let names: [String]
    /// `names.count`, without going through the array.
    final let count: Int
    /// Each key as it appears in compact JSON, `"name":`, one after the other; key `i` is
    /// `bytes[starts[i] ..< starts[i + 1]]`, its name without the quotes and the colon
    /// `bytes[starts[i] + 1 ..< starts[i + 1] - 2]`. One flat buffer: lookups neither retain
    /// nor chase array buffers.
    final let bytes: UnsafeMutablePointer<UInt8>
    final let starts: UnsafeMutablePointer<Int>  // names.count + 1 entries
    /// Bit `i` set when key `i` is written in JSON as its bytes unchanged (no `"`, `\` or
    /// control character to escape), so that its compact spelling may be matched as bytes.
    final let plainKeys: UInt64

    init(names: [String]) {
        self.names = names
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

    /// The index of `name` (matched by UTF-8 bytes, like keys in the input).
    final func index(of name: String) -> Int? { names.firstIndex(where: { utf8Equal($0, name) }) }

    final func lookup(_ token: StringToken, in scanner: JSONScanner) -> Int? {
        // An escaped key is matched by the bytes it stands for, never by Swift's `String ==`:
        // `"extra\u212Aey"` (KELVIN SIGN) is canonically equivalent to `extraKey` but is another key.
        if token.escaped { return index(of: scanner.makeString(token)) }
        let length = token.end - token.start
        let key = scanner.source.baseAddress! + token.start
        var i = 0
        let n = count
        while i < n {
            let start = starts[i] + 1
            if starts[i + 1] - start - 2 == length && memcmpEqual(key, bytes + start, length) { return i }
            i += 1
        }
        return nil
    }

    /// The key among `unseen` (a bit per key), other than `after`, that the bytes at `p` (at
    /// least `available` of them) start with, written as `"name":`; the keys after `after`
    /// are tried first, in order, then those before it.
    final func matchCompactKey(at p: UnsafeRawPointer, available: Int, after: Int, unseen: UInt64) -> (index: Int, length: Int)? {
        // Only keys whose spelling fits and whose first byte after the quote matches are compared.
        guard available > 3 else { return nil }
        let firstByte = p.load(fromByteOffset: 1, as: UInt8.self)
        let candidates = unseen & plainKeys & ~(after < 64 ? 1 << UInt64(after) : 0)
        var k = after + 1
        for _ in 0..<count {
            if k >= count { k = 0 }
            if candidates & (1 << UInt64(k)) != 0 && bytes[starts[k] + 1] == firstByte {
                let length = matchesCompactKey(k, at: p, available: available)
                if length > 0 { return (k, length) }
            }
            k += 1
        }
        return nil
    }

    /// Whether the bytes at `p` (at least `available` of them) start with key `index` written
    /// as `"name":`; returns the length of that spelling, or 0.
    @inline(__always)
    final func matchesCompactKey(_ index: Int, at p: UnsafeRawPointer, available: Int) -> Int {
        let start = starts[index]
        let length = starts[index + 1] - start
        guard plainKeys & (1 << UInt64(index)) != 0, length <= available, wordsEqual(p, bytes + start, length) else { return 0 }
        return length
    }
}

/// A ``KeyTable`` and what each of its keys decodes as.
final class FieldStorage<Field>: KeyTable, @unchecked Sendable {
    /// `fields[i]` is what key `i` decodes as.
    let fields: UnsafeMutablePointer<Field>

    init(names: [String], fields: [Field]) {
        precondition(names.count == fields.count)
        self.fields = .allocate(capacity: max(1, fields.count))
        self.fields.initialize(from: fields, count: fields.count)
        super.init(names: names)
    }

    deinit {
        fields.deinitialize(count: count)
        fields.deallocate()
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
