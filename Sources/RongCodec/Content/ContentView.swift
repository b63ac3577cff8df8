// Sources/RongCodec/Content/ContentView.swift - a decoded content, borrowed, Strings made on access

/// A content decoded in place: checked exactly as strictly as an owned decode, with no
/// `String` made until a member is asked for.
///
/// ``ContentRegistry/withDecodedView(objectName:bytes:options:_:)-(_,[UInt8],_,_)`` runs the registered type's
/// own decoder over the bytes, so a view exists only for content that
/// ``ContentRegistry/decode(objectName:bytes:options:)-(_,[UInt8],_)`` accepts, and every rejection is the
/// same error (code, offset, JSON path). What the view skips is the owned value: the strings
/// of every field, the arrays, the box. It keeps where each top-level member starts, and reads
/// a member's JSON when asked:
///
/// ```swift
/// try registry.withDecodedView(objectName: "RC:TxtMsg", bytes: content) { view in
///     route(view.persistence, preview: view.string("content"), sender: view.string("user", "id"))
/// }
/// ```
///
/// The accessors read the JSON as sent, by key: they do not apply the type's aliases or
/// leniency rules (`portraitUri` for `portrait`, a number sent as a string); ``leniencies``
/// says whether any fired. For the typed value, with every rule applied, call
/// ``materialize()``.
///
/// When to use which: a view where most content is looked at briefly or not at all (a relay,
/// a router, a server counting unread messages, a load generator checking what it receives);
/// the owned value (``ContentRegistry/decode(objectName:bytes:options:)-(_,[UInt8],_)``) where the content
/// is kept, changed, re-encoded or handed on. The view borrows the bytes, so it cannot outlive
/// the closure; it is noncopyable so that it cannot be stored.
public struct ContentView: ~Copyable {
    /// The type's canonical objectName, or the objectName as given when no type claims it.
    public let objectName: String
    /// The registered type, nil when no type claims the objectName.
    public var type: (any MessageContent.Type)? { entry?.type.type }
    /// The leniency rules that fired in the check (with ``Leniency/objectNameAlias`` for an alias
    /// objectName): the same set as the owned value's ``MessageContent/diagnostics``.
    public internal(set) var leniencies = LeniencySet()

    let entry: ContentRegistry.Entry?
    /// The content as given.
    let original: UnsafeRawBufferPointer
    /// The checked JSON: `original`, or the unescaped text of double-encoded content (held by
    /// `text`). Empty for unknown content, which is not checked.
    var json: UnsafeRawBufferPointer
    var members = ContentMemberTable()
    let options: DecodingOptions
    var text: ContentText?

    init(objectName: String, entry: ContentRegistry.Entry?, original: UnsafeRawBufferPointer, options: DecodingOptions) {
        self.objectName = objectName
        self.entry = entry
        self.original = original
        json = entry == nil ? UnsafeRawBufferPointer(start: nil, count: 0) : original
        self.options = options
    }

    /// Whether a registered type checked the content. False for an objectName no type
    /// claims: the bytes were not looked at and every member accessor gives nil.
    public var isTyped: Bool { entry != nil }

    /// The persistence flag of the type; nil for unknown content.
    public var persistence: PersistenceFlag? { type?.persistence }

    /// The attributes of the type (command, media); nil for unknown content.
    public var attributes: ContentAttributes? { type?.attributes }

    /// The owned value, decoded from the same bytes: what
    /// ``ContentRegistry/decode(objectName:bytes:options:)-(_,[UInt8],_)`` gives for them. The check already
    /// passed, so this does not throw for built-in types; a custom type's decoder runs again.
    public func materialize() throws(CodecError) -> DecodedContent {
        guard let entry else { return .unknown(UnknownContent(objectName: objectName, bytes: Array(original))) }
        return .typed(try entry.type.decode(original, options, entry.isAlias))
    }

    /// Calls `body` with the content bytes as given.
    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(original)
    }

    // MARK: Members

    /// The keys of the top-level object in input order (empty for array content, zero-length
    /// content and unknown content).
    public var keys: [String] {
        var out: [String] = []
        forEachMember { key, _ in out.append(key) }
        return out
    }

    /// Whether the member at `key` (then `path`, through nested objects) is present; a member
    /// whose value is `null` is present.
    public func contains(_ key: String, _ path: String...) -> Bool {
        offset(of: key, path) != nil
    }

    /// The JSON type of the member at `key` (then `path`); nil when absent.
    public func kind(of key: String, _ path: String...) -> JSONKind? {
        guard let at = offset(of: key, path) else { return nil }
        var s = scanner(at: at)
        switch s.peek() {
        case asciiOpenBrace?: return .object
        case asciiOpenBracket?: return .array
        case asciiQuote?: return .string
        case UInt8(ascii: "t")?, UInt8(ascii: "f")?: return .bool
        case UInt8(ascii: "n")?: return .null
        default: return .number
        }
    }

    /// The string at `key` (then `path`), made now; nil when absent or not a string.
    public func string(_ key: String, _ path: String...) -> String? {
        // A top-level string the type read: made from the token the check found, not scanned again.
        if path.isEmpty, members.isComplete, let i = topLevelIndex(of: key), let t = members.text(i) {
            return scanner(at: 0).makeString(t)
        }
        guard let at = offset(of: key, path) else { return nil }
        var s = scanner(at: at)
        guard s.peek() == asciiQuote, let t = try? s.scanString() else { return nil }
        return s.makeString(t)
    }

    /// The integer at `key` (then `path`); nil when absent, not a number, not integral or
    /// outside `Int64`.
    public func int64(_ key: String, _ path: String...) -> Int64? {
        guard let n = number(offset(of: key, path)), n.isIntegral else { return nil }
        return n.int64Value
    }

    /// The number at `key` (then `path`) as a `Double`; nil when absent or not a number.
    public func double(_ key: String, _ path: String...) -> Double? {
        number(offset(of: key, path))?.doubleValue
    }

    /// The boolean at `key` (then `path`); nil when absent or not a boolean.
    public func bool(_ key: String, _ path: String...) -> Bool? {
        guard let at = offset(of: key, path) else { return nil }
        var s = scanner(at: at)
        guard let b = s.peek(), b == UInt8(ascii: "t") || b == UInt8(ascii: "f") else { return nil }
        return try? s.scanBool()
    }

    /// The member at `key` (then `path`) as an owned ``JSONValue`` tree; nil when absent.
    public func value(_ key: String, _ path: String...) -> JSONValue? {
        guard let at = offset(of: key, path) else { return nil }
        var s = scanner(at: at)
        return try? s.readValue()
    }

    // MARK: Finding members

    /// A scanner over the checked JSON at `offset`. The bytes passed the type's check, so its
    /// reads do not fail; they are still checked reads, and a failure gives nil, never a trap.
    private func scanner(at offset: Int) -> JSONScanner {
        var s = JSONScanner(source: json, maxDepth: .max)
        s.replacesLoneSurrogates = options.replacesLoneSurrogates
        s.index = offset
        return s
    }

    private func number(_ at: Int?) -> JSONNumber? {
        guard let at else { return nil }
        var s = scanner(at: at)
        guard let b = s.peek(), b == asciiMinus || isDigit(b) else { return nil }
        return try? s.scanNumber()
    }

    /// The offset of the value at `key` of the top-level object, then at each key of `path` in
    /// the objects below it.
    private func offset(of key: String, _ path: [String]) -> Int? {
        guard var at = topLevelOffset(of: key) else { return nil }
        for k in path {
            guard let next = offset(of: k, inObjectAt: at) else { return nil }
            at = next
        }
        return at
    }

    private func topLevelOffset(of key: String) -> Int? {
        guard members.isComplete else { return offset(of: key, inObjectAt: 0) }
        return topLevelIndex(of: key).map { members.member($0).valueAt }
    }

    /// The index of `key` in the member table (which must be complete).
    private func topLevelIndex(of key: String) -> Int? {
        var key = key
        return key.withUTF8 { k in
            for i in 0..<members.count where keyMatches(i, k) { return i }
            return nil
        }
    }

    /// Whether member `i`'s key is `key`. A key without escapes is compared as bytes where it
    /// stands (its raw bytes then are its text, and it ends at the next `"`).
    private func keyMatches(_ i: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = members.member(i).keyAt + 1
        if members.keyIsEscaped(i) {
            var s = scanner(at: start - 1)
            guard let t = try? s.scanString() else { return false }
            return s.makeString(t).utf8.elementsEqual(key)
        }
        let n = key.count
        guard start + n < json.count, json[start + n] == asciiQuote else { return false }
        return n == 0 || memcmpEqual(json.baseAddress! + start, UnsafeRawPointer(key.baseAddress!), n)
    }

    /// The offset of the value at `key` in the object at `at` (after whitespace); nil when the
    /// value there is not an object or has no such key.
    private func offset(of key: String, inObjectAt at: Int) -> Int? {
        var s = scanner(at: at)
        guard s.peek() == asciiOpenBrace, (try? s.beginObject()) != nil else { return nil }
        var first = true
        while let t = try? s.nextKey(first: &first) {
            if Self.token(t, of: s, is: key) { return s.index }
            guard (try? s.skipValue()) != nil else { return nil }
        }
        return nil
    }

    /// Calls `body` with each top-level member's key and value offset, in input order.
    private func forEachMember(_ body: (String, Int) -> Void) {
        var s = scanner(at: 0)
        guard s.peek() == asciiOpenBrace, (try? s.beginObject()) != nil else { return }
        var first = true
        while let t = try? s.nextKey(first: &first) {
            body(s.makeString(t), s.index)
            guard (try? s.skipValue()) != nil else { return }
        }
    }

    private static func token(_ t: StringToken, of s: JSONScanner, is key: String) -> Bool {
        if t.escaped { return s.makeString(t).utf8.elementsEqual(key.utf8) }
        var key = key
        return key.withUTF8 { s.token(t, equals: UnsafeRawBufferPointer($0)) }
    }
}
