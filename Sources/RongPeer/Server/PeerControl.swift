// Sources/RongPeer/Server/PeerControl.swift - GET /state and the control endpoints on the peer's port

import NIOCore
import NIOHTTP1
import RongCodec

/// The HTTP side of the peer: what tests and people read (`GET /state`) and what scenarios
/// drive when the peer runs in another process (`POST /control/…`).
struct PeerControl: Sendable {
    let core: PeerCore
    let clock: ManualClock?
    let seed: UInt64
    /// `--open-anti`: every fixture, a reset's too, gets navigation `openAnti: 1`.
    var openAnti = false

    struct Response: Sendable {
        var status: HTTPResponseStatus
        var contentType = "application/json"
        var body: [UInt8]
        /// Header fields beyond Content-Type, Content-Length and Connection (navigation's CORS
        /// header, a refused handshake's Sec-WebSocket-Version).
        var headers: [(String, String)] = []
    }

    static func json(_ value: JSONValue, _ status: HTTPResponseStatus = .ok) -> Response {
        let text = (try? value.prettyText()) ?? "{}"
        return Response(status: status, body: Array((text + "\n").utf8))
    }

    static func error(_ status: HTTPResponseStatus, _ message: String, headers: [(String, String)] = []) -> Response {
        var r = json(["error": .string(message)], status)
        r.headers = headers
        return r
    }

    func handle(method: HTTPMethod, uri: String, body: [UInt8]) -> Response {
        let (path, query) = parseQuery(uri)
        switch (method, path) {
        case (.GET, "/state"):
            return Self.json(core.snapshot(user: query["user"]))
        case (.GET, "/"):
            let text = """
                RongWire mock peer
                WebSocket: /websocket?appId=APPKEY&token=TOKEN[&platform=Web]  (one RMTP packet per binary message)
                GET  /navi.js?appId=APPKEY&token=TOKEN  navigation as an SDK asks for it (JSONP; also /cometnavi.js, /navi.json)
                GET  /ping                        200: what ENGINE probes before it connects
                GET  /state[?user=ID]             users, unread counts, offline queues, history sizes, push log
                POST /control/advance?by=8d       move a manual clock forward (peer started with --manual-clock)
                POST /control/faults?plan=SPEC    replace the fault plan (drop=P,dup=P,delay=P:MS,reorder=P,cut=P,users=a|b,seed=N); or SPEC as the body
                POST /control/reset               body: fixture YAML; drops every connection and all state
                POST /control/chatroom/mute?room=R&user=U[&minutes=N]    mute a member (sends get 23408); unmute?room=R&user=U
                POST /control/chatroom/ban?room=R&user=U&minutes=N       kick and keep out (23409) for N minutes; unban?room=R&user=U
                POST /control/chatroom/stop?room=R, resume?room=R        stop / resume distributing the room's messages

                """
            return Response(status: .ok, contentType: "text/plain; charset=utf-8", body: Array(text.utf8))
        case (.POST, "/control/advance"):
            guard let clock else { return Self.error(.conflict, "the peer's clock is not manual (start it with --manual-clock)") }
            guard let text = query["by"] else { return Self.error(.badRequest, "by=DURATION is required (8d, 2h, 500ms)") }
            let by: PeerDuration
            do throws(PeerDurationError) {
                by = try PeerDuration(parsing: text)
            } catch {
                return Self.error(.badRequest, "by: \(error)")
            }
            guard clock.advance(by: by) else {
                return Self.error(
                    .badRequest,
                    "the clock was advanced by \(clock.advanced) already; \(by) more would pass the most in all, \(PeerDuration.max), or 2106-02-07T06:28:15Z, the last time the packets' 32-bit dates can carry")
            }
            core.compact()
            return Self.json(["advanced": .number(JSONNumber(clock.advanced.milliseconds)), "now": .number(JSONNumber(clock.nowMillis()))])
        case (.POST, "/control/faults"):
            // Bodies are UTF-8 or refused, as the file loaders refuse a file (nothing is replaced).
            guard let spec = query["plan"] ?? String(validating: body, as: UTF8.self) else {
                return Self.error(.badRequest, "the fault plan is not valid UTF-8")
            }
            do throws(FaultPlanError) {
                // A seed written in the plan is used as written; otherwise the peer's --seed.
                let plan = try FaultPlan(parsing: spec).seeded(default: seed)
                core.setFaults(plan)
                return Self.json(["faults": .string(plan.description)])
            } catch {
                return Self.error(.badRequest, error.message)
            }
        case (.POST, "/control/reset"):
            guard let yaml = String(validating: body, as: UTF8.self) else {
                return Self.error(.badRequest, "reset body is not valid UTF-8 (nothing was reset)")
            }
            do throws(PeerFileError) {
                var fixture = try PeerFixture.load(yaml: yaml, file: "reset body")
                if openAnti { fixture.app.navigation.openAnti = true }
                core.reset(PeerModel(fixture: fixture, clock: core.state.withLock { $0.model.clock }, seed: seed))
                core.setFaults(FaultPlan())
                return Self.json(["reset": true, "users": .number(JSONNumber(fixture.users.count))])
            } catch {
                return Self.error(.badRequest, error.description)
            }
        case (.POST, _) where path.hasPrefix("/control/chatroom/"):
            return chatroomControl(String(path.dropFirst("/control/chatroom/".count)), query)
        case (_, "/websocket"):
            // A plain request for the WebSocket endpoint (an upgrade never gets here).
            let r = WebSocketHandshake.upgradeRequired(path: path)
            return Self.error(r.status, r.message, headers: r.headers)
        default:
            return Self.error(.notFound, "no \(method) \(path); GET / lists the endpoints")
        }
    }
}
