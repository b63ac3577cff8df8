// Sources/RongEnvelope/Packets/DisconnectReason.swift - DISCONNECT status codes

/// A DISCONNECT status, named as RongIMLib 5.7.2 names it (its reason enum, offset 314430 of
/// RongIMLib-5.7.2.prod.js: 1, 2 and 5-9) and, for 0, 3 and 4, which 5.7.2 no longer names, as
/// ENGINE-5.0's `DisconnectReason` did (lines 5880-5910). Any value decodes (spec: decision 21).
///
/// What 5.7.2 does with each (its map `eP`, offset 314730): 1 reports 31010 and stays offline;
/// 2 and 5 report 31011; 6 navigates again and reconnects (31006); 7 reports 31020 (token
/// expired), 8 31001 (protocol version), 9 31029 (account cancelled). Engine 0.1.0 tells only
/// 1 (kicked) and 2 (blocked) apart and reconnects on anything else (spec/peer.md, "Statuses").
public struct DisconnectReason: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Go back to navigation (ENGINE-5.0 `REDIRECT`; WEBv2's RECONNECT).
    public static let redirect = DisconnectReason(rawValue: 0)
    /// Kicked by a login of the same platform class (SDK 31010).
    public static let otherDeviceLogin = DisconnectReason(rawValue: 1)
    /// Blocked (SDK 31011); every Web SDK stays offline. WEBv2 calls it CLOSURE.
    public static let block = DisconnectReason(rawValue: 2)
    /// The server closed the connection (ENGINE-5.0 `REMOTE_CLOSE`; WEBv2's UNKNOWN_ERROR).
    public static let remoteClose = DisconnectReason(rawValue: 3)
    /// Logged out (ENGINE-5.0 `LOGOUT`).
    public static let logout = DisconnectReason(rawValue: 4)
    /// Blocked, the newer code (5.7.2 `BLOCK_NEW`, SDK 31011; WEBv2's BLOCK).
    public static let blockNew = DisconnectReason(rawValue: 5)
    /// Navigate again and reconnect (5.7.2 `REDIRECT_NEW`, SDK 31006).
    public static let redirectNew = DisconnectReason(rawValue: 6)
    /// The token expired during the session (5.7.2 `TOKEN_EXPIRED`, SDK 31020).
    public static let tokenExpired = DisconnectReason(rawValue: 7)
    /// The protocol version is not accepted (5.7.2 `ILLEGAL_PROTOCOL_VERSION`, SDK 31001).
    public static let illegalProtocolVersion = DisconnectReason(rawValue: 8)
    /// The user's account was cancelled (5.7.2 `ACCOUNT_CANCELLATION`, SDK 31029).
    public static let accountCancellation = DisconnectReason(rawValue: 9)

    private static let names = [
        "REDIRECT", "OTHER_DEVICE_LOGIN", "BLOCK", "REMOTE_CLOSE", "LOGOUT", "BLOCK_NEW", "REDIRECT_NEW", "TOKEN_EXPIRED",
        "ILLEGAL_PROTOCOL_VERSION", "ACCOUNT_CANCELLATION",
    ]

    /// The constant name (5.7.2's for 1, 2 and 5-9, ENGINE-5.0's for 0, 3 and 4), or nil for an
    /// unnamed value.
    public var name: String? { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : nil }

    public var description: String { name ?? "status \(rawValue)" }
}
