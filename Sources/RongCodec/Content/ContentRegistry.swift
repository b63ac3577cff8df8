// Sources/RongCodec/Content/ContentRegistry.swift - objectName → content type

/// Maps objectNames to content types: the built-in catalog plus custom types.
///
/// Decoding an objectName that no type claims yields ``UnknownContent`` with the bytes untouched.
/// Alias spellings seen in real traffic and in the seeds (`RC:HQVcMsg`, `RC:RCntf`, the Go
/// server SDK's `RC:VCMsg`, ...) decode as their canonical type and record
/// ``Leniency/objectNameAlias``; see ``BuiltInCatalog/aliases``.
public struct ContentRegistry: Sendable {
    private var types: [String: any MessageContent.Type]
    private var aliases: [String: String]
    /// Rules that custom objectNames must follow.
    public var nameRules: ObjectNameRules

    /// A registry of the built-in catalog (when `builtIns` is true) and no custom types.
    public init(builtIns: Bool = true, nameRules: ObjectNameRules = .default) {
        self.nameRules = nameRules
        types = [:]
        aliases = [:]
        if builtIns {
            for t in BuiltInCatalog.types { types[t.objectName] = t }
            aliases = BuiltInCatalog.aliases
        }
    }

    /// The built-in catalog.
    public static let builtIn = ContentRegistry()

    /// Registers a custom type. Throws ``CodecError/Code/invalidObjectName`` if its objectName
    /// breaks ``nameRules`` and ``CodecError/Code/duplicateRegistration`` if the name is taken.
    public mutating func register<T: MessageContent>(_ type: T.Type) throws(CodecError) {
        try nameRules.validate(T.objectName)
        if types[T.objectName] != nil || aliases[T.objectName] != nil {
            throw CodecError(.duplicateRegistration, "\(T.objectName) is already registered")
        }
        types[T.objectName] = type
    }

    /// Every registered objectName (canonical names only), sorted.
    public var objectNames: [String] { types.keys.sorted() }

    /// The type for an objectName or one of its aliases.
    public func type(for objectName: String) -> (any MessageContent.Type)? {
        if let t = types[objectName] { return t }
        if let canonical = aliases[objectName] { return types[canonical] }
        return nil
    }

    /// Whether `objectName` is an alias spelling (not the canonical name).
    public func isAlias(_ objectName: String) -> Bool { types[objectName] == nil && aliases[objectName] != nil }

    /// Decodes content by objectName: typed if registered, otherwise ``UnknownContent``.
    public func decode(
        objectName: String,
        bytes: some Collection<UInt8>,
        options: DecodingOptions = .default
    ) throws(CodecError) -> DecodedContent {
        guard let t = type(for: objectName) else {
            return .unknown(UnknownContent(objectName: objectName, bytes: Array(bytes)))
        }
        return .typed(try Self.decode(t, bytes: bytes, options: options, viaAlias: isAlias(objectName)))
    }

    private static func decode<T: MessageContent>(
        _ type: T.Type,
        bytes: some Collection<UInt8>,
        options: DecodingOptions,
        viaAlias: Bool
    ) throws(CodecError) -> AnyMessageContent {
        if viaAlias && options.mode == .strict {
            throw CodecError(.notNormalized, "\(T.objectName) arrived under an alias objectName")
        }
        var value = try T(jsonBytes: bytes, options: options)
        if viaAlias { value.common.diagnostics.leniencies.insert(.objectNameAlias) }
        return AnyMessageContent(value)
    }
}
