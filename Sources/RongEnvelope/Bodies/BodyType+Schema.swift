// Sources/RongEnvelope/Bodies/BodyType+Schema.swift - the required and message-typed fields of spec/rongcloud.proto

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

    /// The `required` fields of spec/rongcloud.proto, in number order (SchemaTableTests compares).
    static let requiredFields: [BodyType: [RequiredField]] = [
        .upStreamMessage: [.init(number: 1, name: "sessionId"), .init(number: 2, name: "classname"), .init(number: 3, name: "content")],
        .downStreamMessage: [
            .init(number: 1, name: "fromUserId"), .init(number: 2, name: "type", enumType: "ChannelType"),
            .init(number: 4, name: "classname"), .init(number: 5, name: "content"), .init(number: 6, name: "dataTime"),
            .init(number: 7, name: "status"),
        ],
        .downStreamMessages: [.init(number: 2, name: "syncTime")],
        .notifyMsg: [.init(number: 1, name: "type")],
        .syncRequestMsg: [.init(number: 1, name: "syncTime"), .init(number: 2, name: "ispolling")],
        .chrmPullMsg: [.init(number: 1, name: "syncTime"), .init(number: 2, name: "count")],
        .chrmKVEntity: [.init(number: 1, name: "key"), .init(number: 2, name: "value")],
        .setChrmKV: [.init(number: 1, name: "entry")],
        .deleteChrmKV: [.init(number: 1, name: "entry")],
        .queryChrmKV: [.init(number: 1, name: "timestamp")],
        .historyMsgOuput: [.init(number: 2, name: "syncTime"), .init(number: 3, name: "hasMsg")],
        .relationsInput: [.init(number: 1, name: "type", enumType: "ChannelType")],
        .relationInfo: [.init(number: 1, name: "type", enumType: "ChannelType"), .init(number: 2, name: "userId")],
        .userSettingItem: [
            .init(number: 1, name: "targetId"), .init(number: 2, name: "type", enumType: "ChannelType"),
            .init(number: 4, name: "key"), .init(number: 5, name: "value"), .init(number: 6, name: "version"),
            .init(number: 7, name: "status"),
        ],
        .pullUserSettingInput: [.init(number: 1, name: "version")],
        .pullUserSettingOutput: [.init(number: 2, name: "version")],
    ]

    /// The message-typed fields of spec/rongcloud.proto by number (SchemaTableTests compares).
    static let messageFields: [BodyType: [Int: MessageField]] = [
        .upStreamMessage: [12: .init(name: "pushExt", repeated: false)],
        .downStreamMessage: [18: .init(name: "pushExt", repeated: false)],
        .downStreamMessages: [1: .init(name: "list", repeated: true)],
        .setChrmKV: [1: .init(name: "entry", repeated: false), 3: .init(name: "notification", repeated: false)],
        .deleteChrmKV: [1: .init(name: "entry", repeated: false), 3: .init(name: "notification", repeated: false)],
        .chrmKVOutput: [1: .init(name: "entries", repeated: true)],
        .historyMsgOuput: [1: .init(name: "list", repeated: true)],
        .relationsInput: [2: .init(name: "msg", repeated: false)],
        .relationInfo: [3: .init(name: "msg", repeated: false)],
        .relationsOutput: [1: .init(name: "info", repeated: true)],
        .deleteMsgInput: [3: .init(name: "msgs", repeated: true)],
        .pullUserSettingOutput: [1: .init(name: "items", repeated: true)],
    ]
}
