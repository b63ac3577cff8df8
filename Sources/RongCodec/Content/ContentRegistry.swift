// Sources/RongCodec/Content/ContentRegistry.swift - objectName → content type

/// Maps objectNames to content types: the built-in catalog plus custom types.
///
/// Decoding an objectName that no type claims yields ``UnknownContent`` with the bytes untouched.
/// Alias spellings seen in real traffic and in the seeds (`RC:HQVcMsg`, `RC:RCntf`, the Go
/// server SDK's `RC:VCMsg`, ...) decode as their canonical type and record
/// ``Leniency/objectNameAlias``; see ``BuiltInCatalog/aliases``.
public struct ContentRegistry: Sendable {
    /// objectName → type, canonical names and aliases alike, so a decode costs one lookup.
    /// Keyed by bytes, like JSON keys: the index below must agree with it.
    private var entries: [UTF8Key: Entry]
    /// The same map as a byte-keyed hash table, for the lookup every decode does.
    private var index: ObjectNameIndex
    /// Rules that custom objectNames must follow.
    public var nameRules: ObjectNameRules

    struct Entry: Sendable {
        let type: ContentTypeEntry
        /// The objectName is an alias spelling of `type.type.objectName`.
        let isAlias: Bool
    }

    /// A registry of the built-in catalog (when `builtIns` is true) and no custom types.
    public init(builtIns: Bool = true, nameRules: ObjectNameRules = .default) {
        self.nameRules = nameRules
        var entries: [UTF8Key: Entry] = [:]
        if builtIns {
            var byName: [String: ContentTypeEntry] = [:]
            for t in BuiltInCatalog.decoders {
                byName[t.type.objectName] = t
                entries[UTF8Key(t.type.objectName)] = Entry(type: t, isAlias: false)
            }
            for (alias, canonical) in BuiltInCatalog.aliases {
                guard let t = byName[canonical] else { preconditionFailure("alias \(alias) of unknown \(canonical)") }
                entries[UTF8Key(alias)] = Entry(type: t, isAlias: true)
            }
        }
        self.entries = entries
        index = ObjectNameIndex(entries)
    }

    /// The built-in catalog.
    public static let builtIn = ContentRegistry()

    /// Registers a custom type. Throws ``CodecError/Code/invalidObjectName`` if its objectName
    /// breaks ``nameRules`` and ``CodecError/Code/duplicateRegistration`` if the name is taken.
    public mutating func register<T: MessageContent>(_ type: T.Type) throws(CodecError) {
        try nameRules.validate(T.objectName)
        if entries[UTF8Key(T.objectName)] != nil {
            throw CodecError(.duplicateRegistration, "\(T.objectName) is already registered")
        }
        entries[UTF8Key(T.objectName)] = Entry(type: ContentTypeEntry(type), isAlias: false)
        index = ObjectNameIndex(entries)
    }

    /// Every registered objectName (canonical names only), sorted.
    public var objectNames: [String] { entries.filter { !$0.value.isAlias }.keys.map(\.string).sorted() }

    /// The type for an objectName or one of its aliases.
    public func type(for objectName: String) -> (any MessageContent.Type)? { index.lookup(objectName)?.type.type }

    /// Whether `objectName` is an alias spelling (not the canonical name).
    public func isAlias(_ objectName: String) -> Bool { index.lookup(objectName)?.isAlias ?? false }

    /// Decodes content by objectName: typed if registered, otherwise ``UnknownContent``.
    public func decode(
        objectName: String,
        bytes: some Collection<UInt8>,
        options: DecodingOptions = .default
    ) throws(CodecError) -> DecodedContent {
        guard let entry = try entry(objectName, options) else {
            return .unknown(UnknownContent(objectName: objectName, bytes: Array(bytes)))
        }
        let decode = entry.type.decode, viaAlias = entry.isAlias
        // The closure's untyped throw boxes the error, on the error path only.
        do {
            if let value = try bytes.withContiguousStorageIfAvailable({ try decode(UnsafeRawBufferPointer($0), options, viaAlias) }) {
                return .typed(value)
            }
            return .typed(try Array(bytes).withUnsafeBytes { try decode($0, options, viaAlias) })
        } catch {
            throw error as! CodecError  // decode throws nothing else
        }
    }

    /// Decodes content by objectName from an array: the same as the generic version, concrete
    /// so that callers in other modules do not run unspecialized generic code.
    public func decode(objectName: String, bytes: [UInt8], options: DecodingOptions = .default) throws(CodecError) -> DecodedContent {
        guard let entry = try entry(objectName, options) else {
            return .unknown(UnknownContent(objectName: objectName, bytes: bytes))
        }
        let decode = entry.type.decode, viaAlias = entry.isAlias
        do {
            return .typed(try bytes.withUnsafeBytes { try decode($0, options, viaAlias) })
        } catch {
            throw error as! CodecError  // decode throws nothing else
        }
    }

    /// Decodes content by objectName from bytes in memory the caller keeps alive for the call
    /// (a frame's buffer, say); unknown content copies them.
    public func decode(objectName: String, bytes: UnsafeRawBufferPointer, options: DecodingOptions = .default) throws(CodecError) -> DecodedContent {
        guard let entry = try entry(objectName, options) else {
            return .unknown(UnknownContent(objectName: objectName, bytes: Array(bytes)))
        }
        return .typed(try entry.type.decode(bytes, options, entry.isAlias))
    }

    /// The entry for `objectName`, nil when unregistered; an alias is an error in strict mode.
    @inline(__always)
    func entry(_ objectName: String, _ options: DecodingOptions) throws(CodecError) -> Entry? {
        guard let entry = index.lookup(objectName) else { return nil }
        if entry.isAlias && options.mode == .strict {
            throw CodecError(.notNormalized, "\(entry.type.type.objectName) arrived under an alias objectName")
        }
        return entry
    }
}

/// objectName bytes → registry entry: an open-addressing table keyed by a hash of the name's
/// length and first and last eight bytes, with a word compare. The one lookup every decode does
/// cost about 200 instructions of SipHash and String comparison in a `[String: Entry]`, and
/// still about 170 with FNV-1a over every byte and an array of arrays; this costs a few dozen.
/// Immutable; ``ContentRegistry/register(_:)`` builds a new one.
final class ObjectNameIndex: @unchecked Sendable {
    private let values: [ContentRegistry.Entry]
    /// Every name's bytes, one after the other; name `i` is `bytes[starts[i] ..< starts[i + 1]]`.
    /// One flat buffer, like ``KeyTable``'s: a probe neither retains nor chases array buffers.
    private let bytes: UnsafeMutablePointer<UInt8>
    private let starts: UnsafeMutablePointer<Int>
    /// Index into `values` (and `starts`), -1 for an empty slot; `mask + 1` slots, a power of
    /// two at least twice the count.
    private let slots: UnsafeMutablePointer<Int32>
    private let mask: Int

    init(_ entries: [UTF8Key: ContentRegistry.Entry]) {
        var size = 16
        while size < entries.count * 2 { size *= 2 }
        mask = size - 1
        slots = .allocate(capacity: size)
        slots.initialize(repeating: -1, count: size)
        starts = .allocate(capacity: entries.count + 1)
        let names = entries.map { Array($0.key.string.utf8) }
        bytes = .allocate(capacity: max(1, names.reduce(0) { $0 + $1.count }))
        var offset = 0
        for (i, name) in names.enumerated() {
            starts[i] = offset
            (bytes + offset).initialize(from: name, count: name.count)
            offset += name.count
            var slot = Self.hash(UnsafeRawPointer(bytes + starts[i]), name.count) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(i)
        }
        starts[names.count] = offset
        values = entries.map(\.value)
    }

    deinit {
        slots.deallocate()
        starts.deallocate()
        bytes.deallocate()
    }

    /// The length and the first and last eight bytes (fewer for a shorter name) mixed: every
    /// built-in objectName differs from the others there (`RC:TxtMsg`, `RC:TypSts`, ...).
    @inline(__always)
    private static func hash(_ p: UnsafeRawPointer, _ n: Int) -> Int {
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        if n >= 8 {
            h ^= p.loadUnaligned(as: UInt64.self)
            h = (h ^ (h >> 29)) &* 0xBF58_476D_1CE4_E5B9
            h ^= p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
        } else {
            var k = 0
            while k < n {
                h = (h ^ UInt64(p.load(fromByteOffset: k, as: UInt8.self))) &* 0x0000_0100_0000_01B3
                k &+= 1
            }
        }
        h = (h ^ (h >> 31)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: h ^ (h >> 32))
    }

    func lookup(_ name: String) -> ContentRegistry.Entry? {
        if let found = name.utf8.withContiguousStorageIfAvailable({ lookup(UnsafeRawBufferPointer($0)) }) { return found }
        return Array(name.utf8).withUnsafeBytes { lookup($0) }
    }

    private func lookup(_ name: UnsafeRawBufferPointer) -> ContentRegistry.Entry? {
        let n = name.count
        // An empty buffer may have no address; nothing is read from it then.
        let p = name.baseAddress ?? UnsafeRawPointer(bytes)
        var slot = Self.hash(p, n) & mask
        while true {
            let i = Int(slots[slot])
            if i < 0 { return nil }
            let start = starts[i]
            if starts[i + 1] &- start == n && wordsEqual(p, bytes + start, n) { return values[i] }
            slot = (slot &+ 1) & mask
        }
    }
}
