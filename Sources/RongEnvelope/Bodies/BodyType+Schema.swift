// Sources/RongEnvelope/Bodies/BodyType+Schema.swift - the fields of spec/rongcloud.proto, and what RongEnvelope derives from them

/// One field of spec/rongcloud.proto, as tools/generate-body-types.py writes it into
/// Generated/BodyType+Generated.swift.
struct SchemaField: Equatable, Sendable {
    enum Label: Equatable, Sendable { case required, optional, repeated }

    enum FieldType: Equatable, Sendable {
        /// A protobuf scalar type by its .proto name (`int64`, `string`, `bytes`, ...).
        case scalar(String)
        /// An enum of the schema (`ChannelType`; a nested one as `RtcQryInput.targetType`).
        case enumeration(String)
        /// A message of the schema.
        case message(BodyType)
    }

    var number: Int
    var name: String
    var label: Label
    var type: FieldType

    init(_ number: Int, _ name: String, _ label: Label, _ type: FieldType) {
        self.number = number
        self.name = name
        self.label = label
        self.type = type
    }
}

extension BodyType {
    /// A proto2 `required` field; `enumType` names its enum.
    struct RequiredField: Equatable {
        var number: Int
        var name: String
        var enumType: String? = nil
    }

    /// A field whose type is a message of the schema.
    struct MessageField: Equatable {
        var name: String
        var repeated: Bool
    }

    /// The type of a generated message (`Modules.DownStreamMessage`).
    init?(protoMessageName: String) {
        guard protoMessageName.hasPrefix("Modules.") else { return nil }
        self.init(rawValue: String(protoMessageName.dropFirst("Modules.".count)))
    }

    /// Every message's fields, read once from the generated tables.
    static let schema: [BodyType: [SchemaField]] = Dictionary(uniqueKeysWithValues: allCases.map { ($0, schemaFields(of: $0)) })

    /// The `required` fields of each message, in number order.
    static let requiredFields: [BodyType: [RequiredField]] = schema.compactMapValues { fields in
        let required = fields.filter { $0.label == .required }.sorted { $0.number < $1.number }.map { f in
            if case .enumeration(let e) = f.type {
                return RequiredField(number: f.number, name: f.name, enumType: e)
            }
            return RequiredField(number: f.number, name: f.name)
        }
        return required.isEmpty ? nil : required
    }

    /// The message-typed fields of each message, by number.
    static let messageFields: [BodyType: [Int: MessageField]] = schema.compactMapValues { fields in
        var out: [Int: MessageField] = [:]
        for f in fields {
            if case .message = f.type { out[f.number] = MessageField(name: f.name, repeated: f.label == .repeated) }
        }
        return out.isEmpty ? nil : out
    }
}
