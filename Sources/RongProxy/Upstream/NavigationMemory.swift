// Sources/RongProxy/Upstream/NavigationMemory.swift - which servers navigation named for which app and token

import RongCapture
import Synchronization

/// The servers each navigation answer named, by the app and token that asked, so the WebSocket
/// that follows (`…/websocket?appId=…&token=…`, the same two values) goes where the navigator
/// sent it. An SDK caches navigation for two hours and may connect without asking again; then
/// the most recent answer's servers are used. At most ``capacity`` apps and tokens are kept
/// (the oldest forgotten first).
final class NavigationMemory: Sendable {
    static let capacity = 4_096

    private struct State {
        var servers: [String: [NavigationServer]] = [:]
        var order: [String] = []
        var last: [NavigationServer] = []
    }

    private let state = Mutex(State())

    private static func key(appId: String?, token: String?) -> String { (appId ?? "") + "\u{0}" + (token ?? "") }

    func remember(_ servers: [NavigationServer], appId: String?, token: String?) {
        guard !servers.isEmpty else { return }
        let key = Self.key(appId: appId, token: token)
        state.withLock { s in
            if s.servers.updateValue(servers, forKey: key) == nil { s.order.append(key) }
            if s.order.count > Self.capacity {
                s.servers[s.order.removeFirst()] = nil
            }
            s.last = servers
        }
    }

    /// The servers for this app and token, else the last answer's (empty before any answer).
    func servers(appId: String?, token: String?) -> [NavigationServer] {
        state.withLock { s in s.servers[Self.key(appId: appId, token: token)] ?? s.last }
    }
}
