// Sources/RongEnvelope/Packets/ConnectResult.swift - CONNACK status codes

/// A CONNACK status, with the names of RongIMLib 5.7.2's status enum (offset 313538 of
/// RongIMLib-5.7.2.prod.js), whose 0-13 are ENGINE 0.1.0's (line 3964) and 14-20 new in 5.x.
/// Values without a name decode too: WEBv2 accepted only 0-9 (later 0-12) and threw on others,
/// ENGINE accepts any value, and so does RongWire (spec: decision 21). ENGINE 0.1.0 reports every
/// refusal to the app as 30002 (lines 4357-4366); 5.x maps status N to SDK code 31000 + N for
/// 1-9 and 31010 + N for 10-20 (its `tP`, offset 315072).
public struct ConnectResult: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The connection is accepted.
    public static let accepted = ConnectResult(rawValue: 0)
    /// The server does not accept the protocol version (SDK 31001, signalling version).
    public static let unacceptableProtocolVersion = ConnectResult(rawValue: 1)
    /// The native `info` field was malformed.
    public static let identifierRejected = ConnectResult(rawValue: 2)
    /// The platform is not enabled.
    public static let serverUnavailable = ConnectResult(rawValue: 3)
    /// The token is invalid, or belongs to another App Key (SDK 31004).
    public static let tokenIncorrect = ConnectResult(rawValue: 4)
    /// Anti-abuse.
    public static let notAuthorized = ConnectResult(rawValue: 5)
    /// Go back to navigation.
    public static let redirect = ConnectResult(rawValue: 6)
    /// The package name (BundleID) does not match the app (SDK 31007).
    public static let packageError = ConnectResult(rawValue: 7)
    /// The App Key is blocked or deleted (SDK 31008).
    public static let appBlockOrDelete = ConnectResult(rawValue: 8)
    /// The user is banned.
    public static let block = ConnectResult(rawValue: 9)
    /// The token has expired (SDK 31020, not 31010).
    public static let tokenExpire = ConnectResult(rawValue: 10)
    /// ENGINE `DEVICE_ERROR`; no public source gives its meaning.
    public static let deviceError = ConnectResult(rawValue: 11)
    /// ENGINE `HOSTNAME_ERROR`; no public source gives its meaning.
    public static let hostnameError = ConnectResult(rawValue: 12)
    /// Another client of the same kind is online.
    public static let hasOtherSameClientOnline = ConnectResult(rawValue: 13)
    /// The licence's connection count is exceeded (5.7.2 `OUT_OF_LIMIT`, SDK 31024; RUST's
    /// concurrent-connection limit).
    public static let outOfLimit = ConnectResult(rawValue: 14)
    /// The user belongs to another cluster (5.7.2 `IN_OTHER_CLUSTER`, SDK 31025).
    public static let inOtherCluster = ConnectResult(rawValue: 15)
    /// The app failed authentication (5.7.2 `APP_AUTH_NOT_PASS`, SDK 31026).
    public static let appAuthNotPass = ConnectResult(rawValue: 16)
    /// The one-time password was already used (5.7.2 `OTP_USED`, SDK 31027).
    public static let otpUsed = ConnectResult(rawValue: 17)
    /// A platform error (5.7.2 `PLATFORM_ERROR`, SDK 31028).
    public static let platformError = ConnectResult(rawValue: 18)
    /// The user's account was cancelled (5.7.2 `ACCOUNT_CANCELLATION`, SDK 31029).
    public static let accountCancellation = ConnectResult(rawValue: 19)
    /// The licence has expired (5.7.2 `LICENSE_EXPIRED`, SDK 31030; private cloud).
    public static let licenseExpired = ConnectResult(rawValue: 20)

    private static let names = [
        "ACCEPTED", "UNACCEPTABLE_PROTOCOL_VERSION", "IDENTIFIER_REJECTED", "SERVER_UNAVAILABLE",
        "TOKEN_INCORRECT", "NOT_AUTHORIZED", "REDIRECT", "PACKAGE_ERROR", "APP_BLOCK_OR_DELETE", "BLOCK",
        "TOKEN_EXPIRE", "DEVICE_ERROR", "HOSTNAME_ERROR", "HASOHTERSAMECLIENTONLINE",
        "OUT_OF_LIMIT", "IN_OTHER_CLUSTER", "APP_AUTH_NOT_PASS", "OTP_USED", "PLATFORM_ERROR", "ACCOUNT_CANCELLATION",
        "LICENSE_EXPIRED",
    ]

    /// RongIMLib 5.7.2's constant name (spelling included: `HASOHTERSAMECLIENTONLINE`), or nil for
    /// an unnamed value.
    public var name: String? { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : nil }

    public var description: String { name ?? "status \(rawValue)" }
}

extension ConnectResult {
    /// Status 14 under the name RongWire gave it before 5.7.2's was known.
    @available(*, deprecated, renamed: "outOfLimit")
    public static var concurrentLimit: ConnectResult { outOfLimit }
    /// Status 15 under RongWire's earlier name.
    @available(*, deprecated, renamed: "inOtherCluster")
    public static var clusterError: ConnectResult { inOtherCluster }
    /// Status 16 under RongWire's earlier name.
    @available(*, deprecated, renamed: "appAuthNotPass")
    public static var appAuthFailed: ConnectResult { appAuthNotPass }
    /// Status 17 under RongWire's earlier name.
    @available(*, deprecated, renamed: "otpUsed")
    public static var oneTimePasswordUsed: ConnectResult { otpUsed }
    /// Status 19 under RongWire's earlier name.
    @available(*, deprecated, renamed: "accountCancellation")
    public static var userDeletedAccount: ConnectResult { accountCancellation }
}
