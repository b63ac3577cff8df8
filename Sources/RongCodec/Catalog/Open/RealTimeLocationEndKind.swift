// Sources/RongCodec/Catalog/Open/RealTimeLocationEndKind.swift - RC:RLEnd, the end of real-time location sharing, kept open

/// RC:RLEnd, the end of real-time location sharing (iOS `RCRealTimeLocationEndMessage` [I], in
/// the iOS forward blacklist of unattributed public SDK copies; message-catalog.md § 7.9). Flag
/// ISCOUNTED: RongIMLib 5.7.2's type table lists it counted and persisted like RC:RLStart
/// (`SEND_MESSAGE_TYPE_OPTION`, official-sdk-5x.md "Message types"); RongCloud's 2025 registry
/// (RUST) lacks it, so it is a kit type (spec CONTENT-CATALOG-003). No source records its keys:
/// kept open (spec CONTENT-OPEN-001).
public enum RealTimeLocationEndKind: OpenContentKind {
    public static let objectName = "RC:RLEnd"
    public static let persistence = PersistenceFlag.isCounted
    public static let attributes: ContentAttributes = []
}

/// RC:RLEnd content, its keys kept open (``OpenContent``).
public typealias RealTimeLocationEndMessage = OpenContent<RealTimeLocationEndKind>
