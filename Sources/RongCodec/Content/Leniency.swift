// Sources/RongCodec/Content/Leniency.swift - the documented decode leniency rules

/// A documented decode leniency: a variant that real SDKs send and RongWire accepts, turning it
/// into the normalized value. Each rule has a stable identifier (its raw value), used in the
/// leniency table of `spec/content-common.md` (which names the requirement behind each rule), in
/// conformance vectors and by `rongwire decode --leniencies`.
///
/// New rules are only ever appended: the order defines the bit in ``LeniencySet``.
public enum Leniency: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `user.portraitUri` used for the avatar (Web SDK v2 `UserInfo`).
    case avatarPortraitUri
    /// `user.icon` used for the avatar (legacy server docs, Go server SDK, live-chatroom demo).
    case avatarIcon
    /// `user.id` sent as a number (a web client; rongcloud-im-flutter-sdk #197).
    case numericUserId
    /// `user` sent as `{}` or `[]` meaning "no user" (Flutter SDK for GrpNtf, chrmKV, RcNtf).
    case emptyUser
    /// `mentionedInfo` sent as `{}` (Web SDK v2 serialisation bug): "no mention".
    case emptyMentionedInfo
    /// A number sent as a numeric string (file/sight `size`, `lastMessageSendTime`, RcCmd
    /// `conversationType` and `sentTime`, VoIP `mediaType`; Java and Go server SDKs).
    case numericString
    /// A boolean sent as 0 or 1 (RcCmd `isAdmin`/`isDelete` from the Java server SDK).
    case boolAsInt
    /// An object sent where the canonical form is a string holding JSON (GrpNtf, CmdMsg, CmdNtf,
    /// ProfileNtf `data`; chrmKVNotiMsg `extra`). The object's canonical JSON text is kept.
    case objectAsString
    /// A string holding JSON sent where the canonical form is the object (ReferenceMsg `referMsg`
    /// from the third-party Go SDK).
    case stringAsObject
    /// A list sent as one comma-joined string (CombineMsg `nameList`/`summaryList`, Go SDK).
    case commaSeparatedList
    /// `full` instead of `isFull` (Android ImageMessage decode).
    case fullAlias
    /// `lastMessageSend` instead of `lastMessageSendTime` (third-party Go SDK).
    case lastMessageSendAlias
    /// `m`-prefixed recall-notification keys (`mOperatorId`, ...; Flutter SDK encode bug).
    case flutterRecallKeys
    /// Capitalised RcCmd keys (`MessageUId`, `TargetId`, ...; callback documentation table).
    case capitalisedKeys
    /// CombineMsg URL under `content` instead of `remoteUrl` (Web SDK v2 `obtain()` bug).
    case combineUrlUnderContent
    /// `null` for an optional field: treated as absent.
    case nullAsAbsent
    /// A `localPath` key (a device path that Android strips before sending): dropped.
    case localPathDropped
    /// VoIP `mediaType` as `"audio"`/`"video"` instead of 1/2 (third-party Go SDK).
    case mediaTypeName
    /// The whole content sent as a JSON string holding the object (double encoding seen in
    /// server callback exports).
    case doubleEncodedContent
    /// The content arrived under an alias objectName (`RC:HQVcMsg`, `RC:RCntf`, `RC:VCMsg`, ...).
    case objectNameAlias
    /// `operation` instead of `name` (the Go server SDK serialises RC:CmdNtf's name under
    /// `operation`; some of its versions do the same for RC:CmdMsg).
    case operationForName
    /// An empty string where the field holds an object: absent (RC:RcNtf `originalMessageContent`
    /// as the 2025 SDK writes it when the original is unknown).
    case emptyStringAsAbsent
    /// One string where the canonical form is a list of strings: a list of that one string
    /// (RC:BurnNoticeMsg `burnMessageUIds` as the server sends it).
    case stringAsList

    public var description: String { rawValue }

    /// Position of this rule in `allCases` (a test checks they agree): a switch, where
    /// `allCases.firstIndex(of:)` built the array and searched it on every insert.
    var index: Int {
        switch self {
        case .avatarPortraitUri: 0
        case .avatarIcon: 1
        case .numericUserId: 2
        case .emptyUser: 3
        case .emptyMentionedInfo: 4
        case .numericString: 5
        case .boolAsInt: 6
        case .objectAsString: 7
        case .stringAsObject: 8
        case .commaSeparatedList: 9
        case .fullAlias: 10
        case .lastMessageSendAlias: 11
        case .flutterRecallKeys: 12
        case .capitalisedKeys: 13
        case .combineUrlUnderContent: 14
        case .nullAsAbsent: 15
        case .localPathDropped: 16
        case .mediaTypeName: 17
        case .doubleEncodedContent: 18
        case .objectNameAlias: 19
        case .operationForName: 20
        case .emptyStringAsAbsent: 21
        case .stringAsList: 22
        }
    }

    /// Bit of this rule in a ``LeniencySet``.
    @inline(__always)
    var bit: UInt64 { 1 << UInt64(index) }
}

/// A set of leniency rules that fired while decoding one value. Allocation-free.
public struct LeniencySet: Hashable, Sendable, Sequence, CustomStringConvertible {
    var bits: UInt64 = 0

    /// An empty set.
    public init() {}
    /// A set holding `rules`.
    public init(_ rules: [Leniency]) { for r in rules { insert(r) } }

    /// Adds a rule.
    public mutating func insert(_ rule: Leniency) { bits |= rule.bit }
    /// Adds every rule of `other`.
    public mutating func formUnion(_ other: LeniencySet) { bits |= other.bits }
    /// Whether `rule` fired.
    public func contains(_ rule: Leniency) -> Bool { bits & rule.bit != 0 }
    /// Whether no rule fired.
    public var isEmpty: Bool { bits == 0 }

    public func makeIterator() -> IndexingIterator<[Leniency]> {
        Leniency.allCases.filter { contains($0) }.makeIterator()
    }

    public var description: String { "[" + map(\.rawValue).joined(separator: ", ") + "]" }
}

/// What the decoder noticed about a value: which leniency rules fired.
///
/// Diagnostics describe how a value was read, not the value, so they never affect equality or
/// hashing: a value decoded leniently equals the same value decoded from canonical bytes.
public struct DecodeDiagnostics: Hashable, Sendable {
    /// The leniency rules that fired while decoding.
    public var leniencies = LeniencySet()

    /// Empty diagnostics.
    public init() {}

    /// Diagnostics of the rules in `leniencies`.
    init(_ leniencies: LeniencySet) { self.leniencies = leniencies }

    public static func == (lhs: DecodeDiagnostics, rhs: DecodeDiagnostics) -> Bool { true }
    public func hash(into hasher: inout Hasher) {}
}
