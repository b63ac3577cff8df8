// Sources/RongCodec/Content/FieldTable.swift - the JSON keys a content type knows

/// The JSON keys a type decodes, in a fixed order; a key's position is its field number.
///
/// Content types append the shared keys (`extra`, `user`, `mentionedInfo`, `isBurnAfterRead`,
/// `burnDuration`) after their own, unless they opt out; ``ContentCommon`` decodes those.
/// At most 64 keys per table (duplicate detection uses one 64-bit mask).
public struct FieldTable: Sendable {
    /// All keys, own keys first.
    public let names: [String]
    /// How many keys belong to the type itself (the rest are the shared keys).
    public let ownCount: Int
    private let utf8: [[UInt8]]

    /// A table of `names`, followed by the shared content keys when `includeCommon` is true.
    public init(_ names: [String], includeCommon: Bool = true) {
        let all = includeCommon ? names + ContentCommon.keys : names
        precondition(all.count <= 64, "a FieldTable holds at most 64 keys")
        precondition(Set(all).count == all.count, "duplicate key in FieldTable")
        self.names = all
        self.ownCount = names.count
        self.utf8 = all.map { Array($0.utf8) }
    }

    /// The field number of a shared key, if `field` is one (0 = `extra`, ...).
    public func commonIndex(_ field: Int) -> Int? {
        field >= ownCount && field < names.count ? field - ownCount : nil
    }

    /// The field number of `name`.
    public func index(of name: String) -> Int? { names.firstIndex(of: name) }

    func lookup(_ token: StringToken, in scanner: JSONScanner) -> Int? {
        if token.escaped { return names.firstIndex(of: scanner.makeString(token)) }
        let length = token.end - token.start
        let base = scanner.source.baseAddress! + token.start
        for i in 0..<utf8.count where utf8[i].count == length {
            let match = utf8[i].withUnsafeBytes { memcmpEqual(base, $0.baseAddress!, length) }
            if match { return i }
        }
        return nil
    }
}
