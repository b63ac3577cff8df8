// Sources/RongFuzzing/ContentViewAgreement.swift - the content view against the owned decode, per input

import RongCodec

/// The check of ``ContentView`` that the content target runs on every input and the corpus test
/// on every content vector: ``ContentRegistry/withDecodedView(objectName:bytes:options:_:)-(_,[UInt8],_,_)``
/// accepts exactly what ``ContentRegistry/decode(objectName:bytes:options:)-(_,[UInt8],_)`` accepts, and
/// fails with the same error (code, offset, JSON path, text); an accepted view gives the owned
/// value on ``ContentView/materialize()``, the same leniency rules, and members equal to those
/// of an independent parse of the JSON (``JSONValue``), through every accessor.
public enum ContentViewAgreement {
    /// The violations found for `bytes` under `objectName`; empty when view and owned decode agree.
    public static func check(objectName: String, bytes: [UInt8], options: DecodingOptions, registry: ContentRegistry = .builtIn) -> [String] {
        let owned: Result<DecodedContent, CodecError>
        do throws(CodecError) {
            owned = .success(try registry.decode(objectName: objectName, bytes: bytes, options: options))
        } catch {
            owned = .failure(error)
        }
        let what = "\(objectName) content view"
        do throws(CodecError) {
            return try registry.withDecodedView(objectName: objectName, bytes: bytes, options: options) { view throws(CodecError) in
                guard case .success(let value) = owned else { return ["\(what): accepts what the owned decode rejects"] }
                return agree(view, value, bytes, options).map { "\(what): \($0)" }
            }
        } catch {
            guard case .failure(let expected) = owned else { return ["\(what): rejects (\(error)) what the owned decode accepts"] }
            let same = error.code == expected.code && error.offset == expected.offset && error.path == expected.path && error.reason == expected.reason
            return same ? [] : ["\(what): fails with \(error), the owned decode with \(expected)"]
        }
    }

    private static func agree(_ view: borrowing ContentView, _ value: DecodedContent, _ bytes: [UInt8], _ options: DecodingOptions) -> [String] {
        var out: [String] = []
        if view.objectName != value.objectName { out.append("objectName \(view.objectName), owned \(value.objectName)") }
        if view.persistence != value.persistence { out.append("the persistence flag differs") }
        switch value {
        case .unknown:
            if view.isTyped { out.append("typed, the owned decode gives unknown content") }
            if !view.keys.isEmpty { out.append("unknown content has members") }
        case .typed(let typed):
            if !view.isTyped { out.append("untyped, the owned decode gives a typed value") }
            if view.leniencies != typed.base.diagnostics.leniencies {
                out.append("leniencies \(view.leniencies), owned \(typed.base.diagnostics.leniencies)")
            }
            out += members(view, json(bytes, options))
        }
        do throws(CodecError) {
            if try view.materialize() != value { out.append("materialize() differs from the owned decode") }
        } catch {
            out.append("materialize() fails: \(error)")
        }
        if view.withUnsafeBytes({ Array($0) }) != bytes { out.append("withUnsafeBytes gives other bytes") }
        return out
    }

    /// The top-level object of the content as an independent parse sees it: the bytes, or the
    /// text of the JSON string that double-encoded content is; nil for anything else.
    private static func json(_ bytes: [UInt8], _ options: DecodingOptions) -> JSONObject? {
        var lenient = options
        lenient.mode = .lenient
        switch try? JSONValue(parsing: bytes, options: lenient) {
        case .object(let o)?: return o
        case .string(let text)?:
            if case .object(let o)? = try? JSONValue(parsing: Array(text.utf8), options: lenient) { return o }
            return nil
        default: return nil
        }
    }

    /// Every accessor against the parsed members, one level of nesting deep, and a key that is
    /// not there.
    private static func members(_ view: borrowing ContentView, _ object: JSONObject?) -> [String] {
        var out: [String] = []
        guard let object else {
            if !view.keys.isEmpty { out.append("members found in content that is not an object") }
            return out
        }
        if view.keys != object.keys { out.append("keys \(view.keys), parsed \(object.keys)") }
        for member in object {
            let key = member.key
            out += accessors(view, member.value, key, nil)
            if case .object(let inner) = member.value {
                for m in inner { out += accessors(view, m.value, key, m.key) }
                if view.contains(key, "\u{1}absent") { out.append("\(key): finds a nested key that is not there") }
            }
        }
        if view.contains("\u{1}absent") || view.string("\u{1}absent") != nil { out.append("finds a key that is not there") }
        return out
    }

    private static func accessors(_ view: borrowing ContentView, _ expected: JSONValue, _ key: String, _ nested: String?) -> [String] {
        let name = nested.map { "\(key).\($0)" } ?? key
        var out: [String] = []
        let value = nested.map { view.value(key, $0) } ?? view.value(key)
        if value != expected { out.append("\(name): value \(String(describing: value)), parsed \(expected)") }
        if !(nested.map { view.contains(key, $0) } ?? view.contains(key)) { out.append("\(name): contains is false") }
        let kind = nested.map { view.kind(of: key, $0) } ?? view.kind(of: key)
        if kind != Self.kind(expected) { out.append("\(name): kind \(String(describing: kind)), parsed \(Self.kind(expected))") }
        let string = nested.map { view.string(key, $0) } ?? view.string(key)
        if string != expected.stringValue { out.append("\(name): string differs from the parsed value") }
        let number = expected.numberValue
        let int = nested.map { view.int64(key, $0) } ?? view.int64(key)
        if int != number.flatMap({ $0.isIntegral ? $0.int64Value : nil }) { out.append("\(name): int64 differs from the parsed value") }
        let double = nested.map { view.double(key, $0) } ?? view.double(key)
        if double.map(\.bitPattern) != number.map(\.doubleValue.bitPattern) { out.append("\(name): double differs from the parsed value") }
        let bool = nested.map { view.bool(key, $0) } ?? view.bool(key)
        if bool != expected.boolValue { out.append("\(name): bool differs from the parsed value") }
        return out
    }

    private static func kind(_ v: JSONValue) -> JSONKind {
        switch v {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }
}
