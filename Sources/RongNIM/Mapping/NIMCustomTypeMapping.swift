// Sources/RongNIM/Mapping/NIMCustomTypeMapping.swift - which RongCloud type each NIM custom type is

import RongCodec

/// The app's custom types: NIM gives every custom message type 100 and leaves the payload to
/// the app (003:1377), RongCloud names each type by objectName (001:693-698). The mapping
/// names the payload member that tells the app's types apart (the discriminator) and, per
/// value, the RongCloud objectName (spec/nim.md, NIM-MAP-CUSTOM-002).
///
/// The file form (`rongwire nim to-rc --types FILE`):
///
/// ```json
/// {"discriminator": "type",
///  "types": [{"value": "redPacket", "objectName": "App:RedPacket"},
///            {"value": 2, "objectName": "App:Gift"}]}
/// ```
///
/// `discriminator` defaults to `type`; a `value` is a string or an integer and is compared as a
/// JSON value; objectNames follow RongCloud's naming rules (no `RC:` prefix) and may not be one
/// of the kit's own (`NIM:Custom`, `NIM:RawCustom`, `NIM:Robot`). Values and objectNames are
/// unique, so the mapping works both ways.
public struct NIMCustomTypeMapping: Hashable, Sendable {
    /// One custom type.
    public struct Entry: Hashable, Sendable {
        /// The discriminator's value in the NIM payload.
        public var value: JSONValue
        /// The RongCloud objectName.
        public var objectName: String

        /// An entry: payloads whose discriminator is `value` are `objectName`.
        public init(value: JSONValue, objectName: String) {
            self.value = value
            self.objectName = objectName
        }
    }

    /// The payload member that names the type.
    public var discriminator: String
    /// The types, each value and objectName once.
    public var entries: [Entry]

    /// A mapping; the default has no entries.
    public init(discriminator: String = "type", entries: [Entry] = []) {
        self.discriminator = discriminator
        self.entries = entries
    }

    /// The mapping every conformance vector of spec/nim.md is run with.
    public static let conformance = NIMCustomTypeMapping(
        discriminator: "type",
        entries: [
            Entry(value: "redPacket", objectName: "App:RedPacket"),
            Entry(value: 2, objectName: "App:Gift"),
        ])

    /// The objectNames the kit itself uses for NIM content RongCloud has no type for.
    public static let kitObjectNames = [NIMConverter.customObjectName, NIMConverter.rawCustomObjectName, NIMConverter.robotObjectName]

    /// Reads the file form (at most 1 MiB, depth 64); errors carry the JSON path.
    public init(json bytes: some Collection<UInt8>) throws(CodecError) {
        try self.init(json: try JSONValue(parsing: bytes, options: DecodingOptions(maxContentBytes: 1 << 20)))
    }

    /// Reads the file form from a parsed JSON value.
    public init(json value: JSONValue) throws(CodecError) {
        var f = try JSONMemberReader(value, path: "$", what: "a custom-type mapping")
        self.init(discriminator: try f.string("discriminator") ?? "type")
        if discriminator.isEmpty { throw f.invalid("discriminator", "discriminator must not be empty") }
        guard let list = f.value("types") else { throw CodecError(.missingRequiredField, "types is required", path: "$.types") }
        guard case .array(let items) = list else { throw f.mismatch("types", "an array", list) }
        for (i, item) in items.enumerated() {
            var e = try JSONMemberReader(item, path: "$.types[\(i)]", what: "a type")
            let v = try e.required("value")
            guard v.stringValue != nil || (v.numberValue?.isIntegral ?? false) else {
                throw e.mismatch("value", "a string or an integer", v)
            }
            let name = try e.requiredString("objectName")
            do throws(CodecError) {
                try ObjectNameRules.default.validate(name)
            } catch {
                throw CodecError(.invalidObjectName, error.reason, path: e.at("objectName"))
            }
            if Self.kitObjectNames.contains(name) { throw CodecError(.invalidObjectName, "\(name) is the kit's own objectName", path: e.at("objectName")) }
            if entries.contains(where: { $0.value == v }) { throw e.invalid("value", "the value is mapped twice") }
            if entries.contains(where: { $0.objectName == name }) { throw e.invalid("objectName", "\(name) is mapped twice") }
            try e.finish()
            entries.append(Entry(value: v, objectName: name))
        }
        try f.finish()
    }

    /// The entry whose value the payload's discriminator has.
    func entry(forPayload payload: JSONObject) -> Entry? {
        guard let v = payload[discriminator] else { return nil }
        return entries.first { $0.value == v }
    }

    /// The entry for an objectName.
    func entry(forObjectName name: String) -> Entry? { entries.first { $0.objectName == name } }
}
