// Sources/RongPeer/Server/PeerNavigation.swift - navigation (/navi.js, /cometnavi.js, /navi.json) and /ping on the peer's port

import NIOCore
import NIOHTTP1
import RongCodec
import RongSupport

/// What an unmodified SDK asks before it opens the WebSocket (PEER-NAVI-001, PEER-NAVI-002):
///
/// - `GET /navi.js?appId=…&token=…&callBack=getServerEndpoint&v=…&r=…` (ENGINE `Navi`, lines
///   4741-4870; `/cometnavi.js` for the long-polling transport): JSONP,
///   `getServerEndpoint({"code":200,"server":"HOST:PORT",…});`. `/navi.json` (RUST's
///   `navi.json?cloud=1`) answers the same object as plain JSON.
/// - `GET /ping?r=…` (ENGINE `getValidHosts`, lines 4191-4209): 200, or ENGINE keeps no server.
///
/// The answer names the peer itself as `server` (the `Host` the client used, else the address it
/// reached), with switches that fit what the peer serves: `kvStorage` 1, so ENGINE fetches a
/// chatroom's KV on join (the peer answers `pullKV`; without that fetch ENGINE 0.1.0 throws on
/// quitting the room), `historyMsg` and `chatroomMsg` from the app's cloud history, `joinMChrm`
/// when a user may be in more than one chatroom, and the 5.x switches of the fixture's
/// `app.navigation` (PEER-NAVI-003): `openAnti` (RongIMLib 5.x then asks for protocol 4),
/// `ugMsg` (ultragroups), `grpRRVer` (group read receipts v2), each 0 or 1. appId and token are checked as the WebSocket does: an app that is blocked is HTTP
/// 401 and a token the peer does not know, or another App Key, HTTP 403, the two refusals
/// ENGINE-5.0 tells apart (lines 7663-7700); an expired token or a banned user pass, so that the
/// CONNACK can say which (10, 9).
enum PeerNavigation {
    /// The response for a navigation or ping request, or nil for any other request.
    static func answer(_ head: HTTPRequestHead, local: SocketAddress?, control: PeerControl) -> PeerControl.Response? {
        let (path, query) = parseQuery(head.uri)
        guard head.method == .GET else { return nil }
        switch path {
        case "/ping":
            return cors(PeerControl.Response(status: .ok, contentType: "text/plain; charset=utf-8", body: Array("OK\n".utf8)))
        case "/navi.js", "/cometnavi.js", "/navi.json":
            if let refusal = refusal(appId: query["appId"], token: query["token"], control: control) { return cors(refusal) }
            let info = naviInfo(server: serverAddress(head.headers["Host"].first, local: local), control: control)
            let json = info.compactText()
            if path == "/navi.json" {
                return cors(PeerControl.Response(status: .ok, body: Array((json + "\n").utf8)))
            }
            let callback = query["callBack"].flatMap { isCallbackName($0) ? $0 : nil } ?? "getServerEndpoint"
            return cors(PeerControl.Response(status: .ok, contentType: "application/javascript; charset=utf-8", body: Array("\(callback)(\(json));".utf8)))
        default:
            return nil
        }
    }

    /// HTTP 401 for a blocked app, 403 for a missing or unknown token or another App Key.
    static func refusal(appId: String?, token: String?, control: PeerControl) -> PeerControl.Response? {
        let (appKey, blocked, known) = control.core.state.withLock { s in
            (s.model.app.appKey, s.model.app.blocked, token.flatMap { s.model.sessions.tokens[$0] } != nil)
        }
        if blocked { return PeerControl.error(.unauthorized, "the app is blocked (SDK 31008)") }
        if let appKey, appId != appKey { return PeerControl.error(.forbidden, "appId \(appId ?? "missing") is not this peer's App Key (SDK 31004)") }
        if !known { return PeerControl.error(.forbidden, "unknown or missing token (SDK 31004)") }
        return nil
    }

    /// The navigation object: `code` 200, the peer as `server`, no `backupServer`, the switches
    /// of ENGINE's stand-in object (lines 4797-4838) set to what the peer serves, and the 5.x
    /// switches RongIMLib 5.7.2 reads (tools/sdk5x/FINDINGS.md § 2.1).
    static func naviInfo(server: String, control: PeerControl) -> JSONValue {
        let app = control.core.state.withLock { $0.model.app }
        return [
            "code": 200, "server": .string(server), "backupServer": "",
            "kvStorage": 1, "historyMsg": .bool(app.history), "chatroomMsg": .bool(app.history),
            "joinMChrm": .bool(app.chatroomsPerUser > 1), "openMp": 0, "openUS": 0, "grpMsgLimit": 0,
            "isFormatted": 0, "gifSize": 2048, "logSwitch": 0, "logPolicy": "", "compDays": 0,
            "msgAck": "", "activeServer": "", "uploadServer": "", "bosAddr": "", "qnAddr": "", "location": "",
            "monitor": 0, "voipCallInfo": "", "voipServer": "", "offlinelogserver": "", "alone": false,
            "extkitSwitch": 0, "openHttpDNS": false,
            "openAnti": .number(JSONNumber(app.navigation.openAnti ? 1 : 0)), "ugMsg": .number(JSONNumber(app.navigation.ugMsg ? 1 : 0)),
            "grpRRVer": .number(JSONNumber(app.navigation.grpRRVer ? 1 : 0)),
        ]
    }

    /// `HOST:PORT` of the peer as the client reached it: the request's `Host` when it is a plain
    /// host and port, else the local address of the connection, else the configured host.
    static func serverAddress(_ host: String?, local: SocketAddress?) -> String {
        if let host, !host.isEmpty, host.utf8.count <= 255, host.utf8.allSatisfy(isHostByte), host.contains(":") {
            return host
        }
        if let local, let ip = local.ipAddress, let port = local.port {
            return ip.contains(":") ? "[\(ip)]:\(port)" : "\(ip):\(port)"
        }
        return host ?? "127.0.0.1"
    }

    private static func isHostByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x2E || b == 0x3A || b == 0x5B || b == 0x5D
    }

    /// A JavaScript name for the JSONP callback (letters, digits, `_`, `$`, `.`; at most 64),
    /// so the answer cannot carry script a request put there.
    static func isCallbackName(_ s: String) -> Bool {
        guard let first = s.utf8.first, s.utf8.count <= 64, !(first >= 0x30 && first <= 0x39) else { return false }
        return s.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24 || b == 0x2E
        }
    }

    /// Browsers fetch navigation and `/ping` from the app's own origin.
    private static func cors(_ r: PeerControl.Response) -> PeerControl.Response {
        var r = r
        r.headers.append(("Access-Control-Allow-Origin", "*"))
        return r
    }
}
