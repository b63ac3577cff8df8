// Sources/RongCodec/Content/ContentRegistry.swift - objectName → content type

/// Maps objectNames to content types: the built-in catalog plus custom types.
///
/// Decoding an objectName that no type claims yields ``UnknownContent`` with the bytes untouched.
/// Alias spellings seen in real traffic and in the seeds (`RC:HQVcMsg`, `RC:RCntf`, the Go
/// server SDK's `RC:VCMsg`, ...) decode as their canonical type and record
/// ``Leniency/objectNameAlias``; see ``BuiltInCatalog/aliases``.
public struct ContentRegistry: Sendable {
    /// objectName → type, canonical names and aliases alike, so a decode costs one lookup.
    private var entries: [String: Entry]
    /// Rules that custom objectNames must follow.
    public var nameRules: ObjectNameRules

    private struct Entry: Sendable {
        let type: ContentTypeEntry
        /// The objectName is an alias spelling of `type.type.objectName`.
        let isAlias: Bool
    }

    /// A registry of the built-in catalog (when `builtIns` is true) and no custom types.
    public init(builtIns: Bool = true, nameRules: ObjectNameRules = .default) {
        self.nameRules = nameRules
        entries = [:]
        if builtIns {
            var byName: [String: ContentTypeEntry] = [:]
            for t in BuiltInCatalog.entries {
                byName[t.type.objectName] = t
                entries[t.type.objectName] = Entry(type: t, isAlias: false)
            }
            for (alias, canonical) in BuiltInCatalog.aliases {
                guard let t = byName[canonical] else { preconditionFailure("alias \(alias) of unknown \(canonical)") }
                entries[alias] = Entry(type: t, isAlias: true)
            }
        }
    }

    /// The built-in catalog.
    public static let builtIn = ContentRegistry()

    /// Registers a custom type. Throws ``CodecError/Code/invalidObjectName`` if its objectName
    /// breaks ``nameRules`` and ``CodecError/Code/duplicateRegistration`` if the name is taken.
    public mutating func register<T: MessageContent>(_ type: T.Type) throws(CodecError) {
        try nameRules.validate(T.objectName)
        if entries[T.objectName] != nil {
            throw CodecError(.duplicateRegistration, "\(T.objectName) is already registered")
        }
        entries[T.objectName] = Entry(type: ContentTypeEntry(type), isAlias: false)
    }

    /// Every registered objectName (canonical names only), sorted.
    public var objectNames: [String] { entries.filter { !$0.value.isAlias }.keys.sorted() }

    /// The type for an objectName or one of its aliases.
    public func type(for objectName: String) -> (any MessageContent.Type)? { entries[objectName]?.type.type }

    /// Whether `objectName` is an alias spelling (not the canonical name).
    public func isAlias(_ objectName: String) -> Bool { entries[objectName]?.isAlias ?? false }

    /// Decodes content by objectName: typed if registered, otherwise ``UnknownContent``.
    public func decode(
        objectName: String,
        bytes: some Collection<UInt8>,
        options: DecodingOptions = .default
    ) throws(CodecError) -> DecodedContent {
        guard let entry = entries[objectName] else {
            return .unknown(UnknownContent(objectName: objectName, bytes: Array(bytes)))
        }
        if entry.isAlias && options.mode == .strict {
            throw CodecError(.notNormalized, "\(entry.type.type.objectName) arrived under an alias objectName")
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
}
