// Sources/RongPeer/Model/ConnectParams.swift - the URL parameters of a WebSocket connection

/// The URL parameters of a WebSocket connection (envelope.md § 1.1: `appId`, `token`, `sdkVer`,
/// `apiVer`, `pid`, `platform`).
public struct ConnectParams: Sendable, Hashable {
    /// Every parameter, decoded.
    public var query: [String: String]

    /// Parameters from a decoded query.
    public init(query: [String: String]) { self.query = query }

    /// `appId`: the App Key.
    public var appId: String? { query["appId"] }
    /// `token`.
    public var token: String? { query["token"] }
    /// `platform` (absent: Web).
    public var platform: String? { query["platform"] }
    /// `sdkVer`.
    public var sdkVersion: String? { query["sdkVer"] }
    /// `apiVer`.
    public var apiVersion: String? { query["apiVer"] }

    /// The login class of § 9.6: one online device per class by default.
    public var platformClass: String {
        switch (platform ?? "web").lowercased() {
        case "ios", "android", "harmonyos", "harmony", "mobile": "mobile"
        case "pc", "windows", "macos", "mac", "linux", "electron", "desktop": "desktop"
        case "miniprogram", "mini", "miniweb", "uniapp", "wechat": "miniProgram"
        default: "web"
        }
    }
}
