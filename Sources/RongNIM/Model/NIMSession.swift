// Sources/RongNIM/Model/NIMSession.swift - the conversation address of a NIM message

/// `NIMSessionType`: the kind of NIM conversation (spec/nim.md, NIM-MSG-002).
///
/// The seed supports P2P, team and chatroom ("当前仅支持P2P,Team和Chatroom", 003:386); the
/// numbers are those of the public SDK header `NIMSession.h` ([X] in
/// `shared/reference/nim-model.md` § 1), which also defines the later customer-service (YSF),
/// SuperTeam and QChat sessions.
public struct NIMSessionType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 0: one-to-one; `sessionId` is the peer's account (003:407).
    public static let p2p = NIMSessionType(rawValue: 0)
    /// 1: a team (normal or advanced); `sessionId` is the team id.
    public static let team = NIMSessionType(rawValue: 1)
    /// 2: a chatroom; `sessionId` is the room id (003:3857).
    public static let chatroom = NIMSessionType(rawValue: 2)
    /// 3: customer service (YSF), not in the seed.
    public static let ysf = NIMSessionType(rawValue: 3)
    /// 5: a SuperTeam, not in the seed.
    public static let superTeam = NIMSessionType(rawValue: 5)
    /// 6: a QChat channel, not in the seed; `sessionId` is the channel, `qchatServerId` the server.
    public static let qchat = NIMSessionType(rawValue: 6)

    /// The session types the NIM message JSON form accepts.
    public static let defined: [NIMSessionType] = [.p2p, .team, .chatroom, .ysf, .superTeam, .qchat]

    /// The header's enumerator name without its prefix (`P2P`, `Team`, ...).
    public var description: String {
        switch rawValue {
        case 0: "P2P"
        case 1: "Team"
        case 2: "Chatroom"
        case 3: "YSF"
        case 5: "SuperTeam"
        case 6: "QChat"
        default: "\(rawValue)"
        }
    }
}

/// `NIMSession`: where a message goes (003:378-410).
public struct NIMSession: Hashable, Sendable {
    /// The peer's account (P2P), the team id, the room id, or the QChat channel id.
    public var sessionId: String
    /// The kind of conversation.
    public var sessionType: NIMSessionType
    /// The QChat server of a QChat channel (`NIMSessionTypeQChat` only).
    public var qchatServerId: String?

    /// A session.
    public init(_ sessionId: String, type: NIMSessionType, qchatServerId: String? = nil) {
        self.sessionId = sessionId
        self.sessionType = type
        self.qchatServerId = qchatServerId
    }
}

/// `NIMMessageType`: what a message holds (spec/nim.md, NIM-MSG-001). Values from the public
/// header `NIMGlobalDefs.h` ([X], nim-model.md § 2.1; type 12 from the current header); the seed
/// names the types and their attachment classes (003:603-614, robot at 003:1494) but no numbers.
/// Numbers outside the table are kept as unknown types.
public struct NIMMessageType: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// 0: text (`text` holds it; no attachment).
    public static let text = NIMMessageType(rawValue: 0)
    /// 1: image (`NIMImageObject`).
    public static let image = NIMMessageType(rawValue: 1)
    /// 2: audio (`NIMAudioObject`).
    public static let audio = NIMMessageType(rawValue: 2)
    /// 3: video (`NIMVideoObject`).
    public static let video = NIMMessageType(rawValue: 3)
    /// 4: location (`NIMLocationObject`).
    public static let location = NIMMessageType(rawValue: 4)
    /// 5: notification (`NIMNotificationObject`), sent by the server only (003:1660).
    public static let notification = NIMMessageType(rawValue: 5)
    /// 6: file (`NIMFileObject`).
    public static let file = NIMMessageType(rawValue: 6)
    /// 10: tip (`NIMTipObject`, no fields; `text` holds the tip).
    public static let tip = NIMMessageType(rawValue: 10)
    /// 11: robot (`NIMRobotObject`).
    public static let robot = NIMMessageType(rawValue: 11)
    /// 12: a call record (`NIMRtcCallRecordObject`): `NIMMessageTypeRtcCallRecord` of the current
    /// iOS header, `kNIMMessageTypeG2NetCall` of the C SDK, `V2NIM_MESSAGE_TYPE_CALL` of V2. Not in
    /// the seed (spec/nim.md, NIM-ATT-010).
    public static let rtcCallRecord = NIMMessageType(rawValue: 12)
    /// 100: custom (`NIMCustomObject`), every app-defined type.
    public static let custom = NIMMessageType(rawValue: 100)

    /// The types the model knows: those of the seed and the call record of the current SDK.
    public static let known: [NIMMessageType] = [
        .text, .image, .audio, .video, .location, .notification, .file, .tip, .robot, .rtcCallRecord, .custom,
    ]

    /// Whether the type is one of ``known``.
    public var isKnown: Bool { Self.known.contains(self) }

    /// The type's name (`Text`, `Image`, …).
    public var description: String {
        switch rawValue {
        case 0: "Text"
        case 1: "Image"
        case 2: "Audio"
        case 3: "Video"
        case 4: "Location"
        case 5: "Notification"
        case 6: "File"
        case 10: "Tip"
        case 11: "Robot"
        case 12: "RtcCallRecord"
        case 100: "Custom"
        default: "unknown type \(rawValue)"
        }
    }
}
