// Sources/RongEnvelope/Bodies/BodyType.swift - which protobuf message a payload holds, by topic

import RongCodec
package import SwiftProtobuf

/// The protobuf messages of spec/rongcloud.proto, by their schema name, and the tables that say
/// which one a packet's payload holds. The payload carries no type tag: the topic decides
/// (the QUERYACK's response type is decided by the topic of the QUERY it answers).
public enum BodyType: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// A message from the client: the body of a client PUBLISH on a publish topic, and of the
    /// user's own message echoed by the server.
    case upStreamMessage = "UpStreamMessage"
    /// A message to the client: the `s_msg` body; the element of pull and history lists.
    case downStreamMessage = "DownStreamMessage"
    /// The answer to `pullMsg` and `chrmPull`.
    case downStreamMessages = "DownStreamMessages"
    /// The `s_ntf` and `s_cmd` body: a notification to pull.
    case notifyMsg = "NotifyMsg"
    /// The `pullMsg` request.
    case syncRequestMsg = "SyncRequestMsg"
    /// Push options (`pushExt`), embedded in UpStreamMessage and DownStreamMessage.
    case pushExtra = "PushExtra"
    /// The `chrmPull` request.
    case chrmPullMsg = "ChrmPullMsg"
    /// One chatroom KV entry, embedded in SetChrmKV, DeleteChrmKV and ChrmKVOutput.
    case chrmKVEntity = "ChrmKVEntity"
    /// The `setKV` request.
    case setChrmKV = "SetChrmKV"
    /// The `delKV` request.
    case deleteChrmKV = "DeleteChrmKV"
    /// The answer to `pullKV`.
    case chrmKVOutput = "ChrmKVOutput"
    /// The `pullKV` request.
    case queryChrmKV = "QueryChrmKV"
    /// The request of the history queries `qryPMsg`, `qryGMsg`, `qryCHMsg`, `qryCMsg`, `qrySMsg`.
    case historyMsgInput = "HistoryMsgInput"
    /// The answer to the history queries (the schema spells it `Ouput`).
    case historyMsgOuput = "HistoryMsgOuput"
    /// The `qryRelation` request (conversation list).
    case relationsInput = "RelationsInput"
    /// One conversation, embedded in RelationsOutput.
    case relationInfo = "RelationInfo"
    /// The answer to `qryRelation`.
    case relationsOutput = "RelationsOutput"
    /// One message to delete, embedded in DeleteMsgInput.
    case deleteMsg = "DeleteMsg"
    /// The `delMsg` request.
    case deleteMsgInput = "DeleteMsgInput"
    /// One user setting, embedded in PullUserSettingOutput.
    case userSettingItem = "UserSettingItem"
    /// The `pullUS` request.
    case pullUserSettingInput = "PullUserSettingInput"
    /// The answer to `pullUS`.
    case pullUserSettingOutput = "PullUserSettingOutput"

    /// The schema name (`UpStreamMessage`), as used in the packet JSON `bodyType`.
    public var name: String { rawValue }
    public var description: String { rawValue }

    /// The generated Swift type.
    package var messageType: any SwiftProtobuf.Message.Type {
        switch self {
        case .upStreamMessage: Modules_UpStreamMessage.self
        case .downStreamMessage: Modules_DownStreamMessage.self
        case .downStreamMessages: Modules_DownStreamMessages.self
        case .notifyMsg: Modules_NotifyMsg.self
        case .syncRequestMsg: Modules_SyncRequestMsg.self
        case .pushExtra: Modules_PushExtra.self
        case .chrmPullMsg: Modules_ChrmPullMsg.self
        case .chrmKVEntity: Modules_ChrmKVEntity.self
        case .setChrmKV: Modules_SetChrmKV.self
        case .deleteChrmKV: Modules_DeleteChrmKV.self
        case .chrmKVOutput: Modules_ChrmKVOutput.self
        case .queryChrmKV: Modules_QueryChrmKV.self
        case .historyMsgInput: Modules_HistoryMsgInput.self
        case .historyMsgOuput: Modules_HistoryMsgOuput.self
        case .relationsInput: Modules_RelationsInput.self
        case .relationInfo: Modules_RelationInfo.self
        case .relationsOutput: Modules_RelationsOutput.self
        case .deleteMsg: Modules_DeleteMsg.self
        case .deleteMsgInput: Modules_DeleteMsgInput.self
        case .userSettingItem: Modules_UserSettingItem.self
        case .pullUserSettingInput: Modules_PullUserSettingInput.self
        case .pullUserSettingOutput: Modules_PullUserSettingOutput.self
        }
    }

    // MARK: Topic tables (spec/envelope.md, "Bodies by topic")

    /// Every topic a client PUBLISHes a message on: the publish topics of every conversation type
    /// and family (`ConversationType.publishTopic(_:)`), plus `recallMsg`, `pcuMsgP` and
    /// `prMsgP` (in WEBv2's topic table at index 13, past the last conversation type; decoded, never
    /// chosen).
    public static let publishTopics: Set<String> = {
        var topics: Set<String> = ["recallMsg", "pcuMsgP", "prMsgP"]
        for type in ConversationType.allCases {
            for family in TopicFamily.allCases {
                if let t = type.publishTopic(family) { topics.insert(t) }
            }
        }
        return topics
    }()

    /// QUERY topic → request body (ENGINE `QueryTopic`, WEBv2 `server.ts`).
    public static let queryRequests: [String: BodyType] = [
        "pullMsg": .syncRequestMsg,
        "chrmPull": .chrmPullMsg,
        "setKV": .setChrmKV,
        "delKV": .deleteChrmKV,
        "pullKV": .queryChrmKV,
        "qryPMsg": .historyMsgInput,
        "qryGMsg": .historyMsgInput,
        "qryCHMsg": .historyMsgInput,
        "qryCMsg": .historyMsgInput,
        "qrySMsg": .historyMsgInput,
        "qryRelation": .relationsInput,
        "delMsg": .deleteMsgInput,
        "pullUS": .pullUserSettingInput,
    ]

    /// QUERY topic → body of the QUERYACK that answers it.
    public static let queryResponses: [String: BodyType] = [
        "pullMsg": .downStreamMessages,
        "chrmPull": .downStreamMessages,
        "pullKV": .chrmKVOutput,
        "qryPMsg": .historyMsgOuput,
        "qryGMsg": .historyMsgOuput,
        "qryCHMsg": .historyMsgOuput,
        "qryCMsg": .historyMsgOuput,
        "qrySMsg": .historyMsgOuput,
        "qryRelation": .relationsOutput,
        "pullUS": .pullUserSettingOutput,
    ]

    /// The body type of a server PUBLISH topic: `s_msg` a pushed message, `s_ntf` and `s_cmd` a
    /// notification, a publish topic the user's own message echoed from another device (ENGINE
    /// decodes those as UpStreamMessage). `s_stat`, `s_us` and others: unknown.
    public static func serverPublish(topic: String) -> BodyType? {
        switch topic {
        case "s_msg": .downStreamMessage
        case "s_ntf", "s_cmd": .notifyMsg
        default: publishTopics.contains(topic) ? .upStreamMessage : nil
        }
    }

    /// The body type of a packet's payload, or nil when the tables do not know it. A QUERYACK
    /// needs the topic of the QUERY it answers (`queryTopic`).
    public static func of(_ body: Packet.Body, queryTopic: String? = nil) -> BodyType? {
        switch body {
        case .publish(let p): publishTopics.contains(p.topic.text) ? .upStreamMessage : nil
        case .serverPublish(let p): serverPublish(topic: p.topic.text)
        case .query(let q): queryRequests[q.topic.text]
        case .queryAck: queryTopic.flatMap { queryResponses[$0] }
        default: nil
        }
    }
}
