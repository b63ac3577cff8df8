// Sources/RongEnvelope/Packets/ConnectResult.swift - CONNACK status codes

/// A CONNACK status: 0-13 ENGINE's `ConnectResultCode` (line 3964), 14-20 the statuses RUST
/// knows beyond them (official-sdks.md § 7; the names are RongWire's, in ENGINE's style). Values
/// without a name decode too: WEBv2 accepted only 0-9 (later 0-12) and threw on others, ENGINE
/// accepts any value, and so does RongWire (spec: decision 21). ENGINE 0.1.0 reports every
/// refusal to the app as 30002 (lines 4357-4366); ENGINE-5.0 maps them to SDK codes.
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
    /// Too many concurrent connections (RUST).
    public static let concurrentLimit = ConnectResult(rawValue: 14)
    /// A server cluster error (RUST).
    public static let clusterError = ConnectResult(rawValue: 15)
    /// The app failed authentication (RUST).
    public static let appAuthFailed = ConnectResult(rawValue: 16)
    /// The one-time password was already used (RUST).
    public static let oneTimePasswordUsed = ConnectResult(rawValue: 17)
    /// A platform error (RUST).
    public static let platformError = ConnectResult(rawValue: 18)
    /// The user deleted the account (RUST).
    public static let userDeletedAccount = ConnectResult(rawValue: 19)
    /// The licence has expired (RUST; private cloud).
    public static let licenseExpired = ConnectResult(rawValue: 20)

    private static let names = [
        "ACCEPTED", "UNACCEPTABLE_PROTOCOL_VERSION", "IDENTIFIER_REJECTED", "SERVER_UNAVAILABLE",
        "TOKEN_INCORRECT", "NOT_AUTHORIZED", "REDIRECT", "PACKAGE_ERROR", "APP_BLOCK_OR_DELETE", "BLOCK",
        "TOKEN_EXPIRE", "DEVICE_ERROR", "HOSTNAME_ERROR", "HASOHTERSAMECLIENTONLINE",
        "CONCURRENT_LIMIT", "CLUSTER_ERROR", "APP_AUTH_FAILED", "ONE_TIME_PASSWORD_USED", "PLATFORM_ERROR",
        "USER_DELETED_ACCOUNT", "LICENSE_EXPIRED",
    ]

    /// ENGINE's constant name (spelling included) for 0-13, RongWire's for RUST's 14-20, or nil
    /// for an unnamed value.
    public var name: String? { Int(rawValue) < Self.names.count ? Self.names[Int(rawValue)] : nil }

    public var description: String { name ?? "status \(rawValue)" }
}
