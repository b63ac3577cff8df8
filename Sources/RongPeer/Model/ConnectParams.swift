// Sources/RongPeer/Model/ConnectParams.swift - the URL parameters of a WebSocket connection

import RongEnvelope

/// The URL parameters of a WebSocket connection (envelope.md § 1.1: `appId`, `token`, `sdkVer`,
/// `apiVer`, `pid`, `platform`; 5.x adds `protocolVer`, official-sdk-5x.md "Connection").
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

    /// `protocolVer`: the protocol version the client asks for, which decides the CONNACK's
    /// layout (PEER-CONN-006). Absent: 3 (engine 0.1.0 sends none); `3` or `4`: that version;
    /// anything else: nil, a version the peer does not speak (CONNACK 1).
    public var protocolVersion: ProtocolVersion? {
        guard let text = query["protocolVer"] else { return .v3 }
        return UInt8(text).flatMap(ProtocolVersion.init(rawValue:))
    }

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
