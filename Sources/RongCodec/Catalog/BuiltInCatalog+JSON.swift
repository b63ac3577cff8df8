// Sources/RongCodec/Catalog/BuiltInCatalog+JSON.swift - the catalog as JSON (`rongwire types --json`, rongwire_types)

extension BuiltInCatalog {
    /// The catalog as a JSON array, one object per type in catalog order (``Entry/jsonValue``):
    /// what `rongwire types --json` prints and the C interface's `rongwire_types` returns.
    public static var jsonValue: JSONValue { .array(entries.map(\.jsonValue)) }
}

extension BuiltInCatalog.Entry {
    /// The entry as a JSON object: `objectName`, `swiftType`, `persistence` {`name`, `value`},
    /// `command`, `media`, `officialRegistry`, `open`, `aliases`, `keys` (the JSON keys it decodes),
    /// and `searchProps` when RongIMLib indexes some of its keys for local search.
    public var jsonValue: JSONValue {
        var o = JSONObject()
        o["objectName"] = .string(objectName)
        o["swiftType"] = .string(swiftTypeName)
        o["persistence"] = .object(JSONObject([
            .init(key: "name", value: .string(persistence.name)),
            .init(key: "value", value: .number(JSONNumber(persistence.rawValue))),
        ]))
        o["command"] = .bool(attributes.contains(.command))
        o["media"] = .bool(attributes.contains(.media))
        o["officialRegistry"] = .bool(isInOfficialRegistry)
        o["open"] = .bool(isOpen)
        o["aliases"] = .array(aliases.map { .string($0) })
        o["keys"] = .array(keys.map { .string($0) })
        if !searchProps.isEmpty { o["searchProps"] = .array(searchProps.map { .string($0) }) }
        return .object(o)
    }
}
