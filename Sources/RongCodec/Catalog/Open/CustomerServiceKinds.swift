// Sources/RongCodec/Catalog/Open/CustomerServiceKinds.swift - customer-service handshake and suspend, kept open

/// RC:HsMsg, the customer-service handshake (iOS `RCHandShakeMessage`, Android `HandshakeMessage`,
/// both "客服握手消息"; unattributed public SDK copies). Flag NONE: RUST registry 0
/// (official-sdks.md § 1), Android `flag = 0`. Not a command in RUST. No source records its keys
/// (message-catalog.md § 9), so its content is kept open (spec CONTENT-OPEN-001).
public enum CustomerServiceHandshakeKind: OpenContentKind {
    public static let objectName = "RC:HsMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = []
}

/// RC:HsMsg content, its keys kept open (``OpenContent``).
public typealias CustomerServiceHandshakeMessage = OpenContent<CustomerServiceHandshakeKind>

/// RC:SpMsg, the customer-service suspend ("客服挂断消息"; WEBv1 `SuspendMessage`). Flag NONE:
/// RUST registry 0 (official-sdks.md § 1), Android 0. Not a command in RUST. Keys not recorded
/// (message-catalog.md § 9): kept open (spec CONTENT-OPEN-001).
public enum CustomerServiceSuspendKind: OpenContentKind {
    public static let objectName = "RC:SpMsg"
    public static let persistence = PersistenceFlag.none
    public static let attributes: ContentAttributes = []
}

/// RC:SpMsg content, its keys kept open (``OpenContent``).
public typealias CustomerServiceSuspendMessage = OpenContent<CustomerServiceSuspendKind>
