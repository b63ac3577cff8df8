// Sources/RongPeer/Client/PeerClientOptions.swift - how a client connects and behaves

import RongEnvelope
import RongSupport

/// How a ``PeerClient`` connects and behaves.
public struct PeerClientOptions: Sendable {
    /// The WebSocket URL without query (`ws://127.0.0.1:PORT/websocket`).
    public var url: String
    /// The token, sent as `token`.
    public var token: String
    /// The App Key, sent as `appId`.
    public var appId: String?
    /// The `platform` URL parameter (its class decides the kick rule).
    public var platform: String? = "Web"
    /// Sent as `sdkVer`.
    public var sdkVersion = "5.9.0"
    /// Sent as `apiVer`.
    public var apiVersion = "normal"
    /// Pull on every `s_ntf` (ENGINE does).
    public var autoPull = true
    /// Ask for the user's own messages sent from other devices (`isPullSend`).
    public var pullSent = true
    /// Pull every so often even without a notification (WEBv2 pulls every 180 s); nil: never.
    public var pollMillis: Int64?
    /// Resend a PUBLISH (same clientUniqueId) or repeat a QUERY not answered in this time; nil:
    /// wait forever.
    public var retryMillis: Int64?
    /// Fail a PUBLISH or QUERY not answered in this time (retries included); nil: wait forever.
    public var requestTimeoutMillis: Int64?
    /// Send PINGREQ this often; nil: never.
    public var pingMillis: Int64?
    /// How often the client checks for resends, polls and pings when any of them is on: the
    /// granularity of ``retryMillis``, ``pollMillis`` and ``pingMillis``. Each tick is a timer
    /// on the client's event loop, so a thousand clients at 20 ms keep its timer heap busy; a
    /// load run uses a coarser one.
    public var tickMillis: Int64 = 20
    /// Connect again (and resend what was unacknowledged) when the connection drops, unless the
    /// server said DISCONNECT with a terminal status.
    public var autoReconnect = false
    /// Keep every surfaced message for ``PeerClient/messages()`` (a load run turns it off and
    /// only uses the handler).
    public var keepMessages = true
    /// Largest WebSocket message accepted from the server.
    public var maxFrameSize = 16 << 20
    /// The message id counter starts after this one (0: the first id is 1). A value near 65535
    /// makes the client's ids wrap to 1 early (ENV-MSGID-001), for tests. A version-4 CONNACK
    /// that carries a message id seeds the counter instead, as RongIMLib 5.x does.
    public var lastMessageId: UInt16 = 0
    /// The protocol version to ask for (`protocolVer` in the URL, sent for 4 only: version 3 is
    /// what a URL without one means); it decides how the CONNACK reads (PEER-CONN-006).
    public var protocolVersion: ProtocolVersion = .v3
    /// Turn ultragroups on as RongIMLib 5.x does after navigation's `ugMsg: 1`: an "online"
    /// `pullUgMsg` at connect, then a pull of the messages after its cursor on every `s_cmd` 6
    /// (PEER-UG-002).
    public var ultragroupPull = false

    /// Options for connecting to `url` with `token` (and `appId`).
    public init(url: String, token: String, appId: String? = nil) {
        self.url = url
        self.token = token
        self.appId = appId
    }

    /// Host, port and path of ``url``: a host that is not blank (an IPv6 address in brackets,
    /// `[::1]`), a port of 1...65535 (a larger number would be cut to 16 bits by the socket and
    /// connect elsewhere: 99999999 to 57599).
    func endpoint() throws(PeerClientError) -> (host: String, port: Int, path: String) {
        var rest = Substring(url)
        if rest.hasPrefix("ws://") { rest = rest.dropFirst(5) } else if rest.hasPrefix("http://") { rest = rest.dropFirst(7) }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let hostPort = rest[..<slash]
        let path = slash == rest.endIndex ? "/websocket" : String(TextFields.cut(rest[slash...], at: "?").head)
        guard let colon = hostPort.lastIndex(of: ":"), let port = Int(hostPort[hostPort.index(after: colon)...]), (1...65535).contains(port) else {
            throw PeerClientError.badURL(url)
        }
        var host = hostPort[..<colon]
        if host.hasPrefix("["), host.hasSuffix("]"), host.count >= 2 { host = host.dropFirst().dropLast() }
        guard !host.isEmpty else { throw PeerClientError.badURL(url) }
        return (String(host), port, path)
    }

    /// The upgrade request's URI with the SDK's parameters.
    func requestURI(path: String) -> String {
        var q = "appId=\(percentEncode(appId ?? ""))&token=\(percentEncode(token))&sdkVer=\(percentEncode(sdkVersion))&apiVer=\(percentEncode(apiVersion))"
        if let platform { q += "&platform=\(percentEncode(platform))" }
        if protocolVersion != .v3 { q += "&protocolVer=\(protocolVersion.rawValue)" }
        return path + "?" + q
    }
}
