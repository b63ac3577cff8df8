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
    private func entry(_ objectName: String, _ options: DecodingOptions) throws(CodecError) -> Entry? {
        guard let entry = index.lookup(objectName) else { return nil }
        if entry.isAlias && options.mode == .strict {
            throw CodecError(.notNormalized, "\(entry.type.type.objectName) arrived under an alias objectName")
        }
        return entry
    }
}

/// objectName bytes → registry entry: an open-addressing table with FNV-1a over the name's
/// bytes and a byte compare. The one lookup every decode does cost about 200 instructions of
/// SipHash and String comparison in a `[String: Entry]`; this costs a few per byte. Immutable;
/// ``ContentRegistry/register(_:)`` builds a new one.
final class ObjectNameIndex: Sendable {
    private let names: [[UInt8]]
    private let values: [ContentRegistry.Entry]
    /// Index into `names`/`values`, -1 for an empty slot; a power of two at least twice the count.
    private let slots: [Int32]

    init(_ entries: [UTF8Key: ContentRegistry.Entry]) {
        var size = 16
        while size < entries.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        var names: [[UInt8]] = []
        var values: [ContentRegistry.Entry] = []
        for (key, value) in entries {
            let bytes = Array(key.string.utf8)
            var slot = bytes.withUnsafeBufferPointer { Self.hash($0) } & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(names.count)
            names.append(bytes)
            values.append(value)
        }
        self.names = names
        self.values = values
        self.slots = slots
    }

    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return Int(truncatingIfNeeded: h ^ (h >> 29))
    }

    func lookup(_ name: String) -> ContentRegistry.Entry? {
        if let found = name.utf8.withContiguousStorageIfAvailable({ lookup($0) }) { return found }
        return Array(name.utf8).withUnsafeBufferPointer { lookup($0) }
    }

    private func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> ContentRegistry.Entry? {
        let mask = slots.count - 1
        var slot = Self.hash(bytes) & mask
        while true {
            let i = Int(slots[slot])
            if i < 0 { return nil }
            let found = names[i].withUnsafeBufferPointer { n in
                n.count == bytes.count && (n.isEmpty || memcmpEqual(UnsafeRawPointer(n.baseAddress!), UnsafeRawPointer(bytes.baseAddress!), n.count))
            }
            if found { return values[i] }
            slot = (slot + 1) & mask
        }
    }
}
