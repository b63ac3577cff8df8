// Sources/RongPeer/Scenarios/ScenarioExecution.swift - one scenario in progress: its peer, clients and labels; the steps

import NIOCore
import NIOHTTP1
import NIOPosix
import RongCodec
import RongEnvelope

struct ScenarioFailure: Error {
    var line: Int
    var message: String
}

/// One scenario in progress: the peer, the clients, the labels.
final class ScenarioExecution {
    let scenario: Scenario
    let server: PeerServer?
    let host: String
    let port: Int
    let wsURL: String
    let group: MultiThreadedEventLoopGroup
    let timeoutMillis: Int64
    let trace: Bool

    var clients: [String: PeerClient] = [:]
    var clientUser: [String: String] = [:]
    var consumed: [String: Int] = [:]
    /// Per client, the notices its previous expectations looked at.
    var consumedNotices: [String: Int] = [:]
    /// Per client, the counters as of its previous expectation: what an `expect` checks is what
    /// came since.
    struct Counters {
        var duplicates = 0
        var strayAcks = 0
        var pongs = 0
    }
    var checked: [String: Counters] = [:]
    /// Clients that resend (`retry`): a resend can draw a second PUBACK, so stray PUBACKs are
    /// only checked when an expectation names them.
    var resending: Set<String> = []
    /// A `faults` step ran: duplicated or reordered packets make stray PUBACKs legitimate too.
    var faultsInjected = false
    struct Label {
        var uid: String
        var time: Int64
        var type: ConversationType
        var target: String
        var sender: String
    }
    var labels: [String: Label] = [:]
    /// `get` labels → the `server` of their navigation answer.
    var navigation: [String: String] = [:]
    var seenUIDs: Set<String> = []
    var lastSentTime: Int64 = 0
    var line = 0

    private init(scenario: Scenario, server: PeerServer?, host: String, port: Int, group: MultiThreadedEventLoopGroup, timeoutMillis: Int64, trace: Bool) {
        self.scenario = scenario
        self.server = server
        self.host = host
        self.port = port
        wsURL = "ws://\(host):\(port)/websocket"
        self.group = group
        self.timeoutMillis = timeoutMillis
        self.trace = trace
    }

    static func start(_ s: Scenario, target: ScenarioRunner.Target, timeoutMillis: Int64, trace: Bool) async throws -> ScenarioExecution {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        switch target {
        case .inProcess:
            var config = PeerConfiguration()
            config.fixture = s.fixture
            config.clock = ManualClock()
            config.threads = 1
            config.logger = .silent
            let server = try await PeerServer.start(config)
            return ScenarioExecution(scenario: s, server: server, host: "127.0.0.1", port: server.port, group: group, timeoutMillis: timeoutMillis, trace: trace)
        case .external(let url):
            let (host, port, _) = try PeerClientOptions(url: url, token: "").endpoint()
            let r = try await PeerHTTPClient.request(host: host, port: port, method: .POST, path: "/control/reset", body: Array(s.fixture.yamlText().utf8), on: group)
            guard r.status == 200 else {
                throw ScenarioFailure(line: s.line, message: "POST /control/reset answered \(r.status): \(String(decoding: r.body, as: UTF8.self))")
            }
            return ScenarioExecution(scenario: s, server: nil, host: host, port: port, group: group, timeoutMillis: timeoutMillis, trace: trace)
        }
    }

    func finish() async {
        for (_, c) in clients { await c.close() }
        clients = [:]
        try? await server?.stop()
        try? await group.shutdownGracefully()
    }

    func fail(_ message: String) -> ScenarioFailure { ScenarioFailure(line: line, message: message) }

    func client(_ name: String) throws -> PeerClient {
        guard let c = clients[name] else { throw fail("no connected client `\(name)`") }
        return c
    }

    // MARK: Steps

    func runSteps() async throws {
        for step in scenario.steps {
            line = step.line
            if trace { print("  [\(scenario.id)] line \(step.line): \(step.action)") }
            do {
                try await run(step.action)
            } catch let f as ScenarioFailure {
                throw f
            } catch {
                throw fail("\(error)")
            }
        }
    }

    func run(_ action: Scenario.Action) async throws {
        switch action {
        case .connect(let c): try await connect(c)
        case .disconnect(let name):
            let c = try client(name)
            try await checkLeftovers(name)
            await c.close()
            clients[name] = nil
            let user = clientUser[name] ?? name
            let remaining = clients.keys.filter { clientUser[$0] == user }.count
            try await eventually("\(user) offline at the peer") { state in
                state.objectValue?["users"]?.objectValue?[user]?.objectValue?["online"]?.numberValue?.int64Value == Int64(remaining)
            }
        case .send(let s): try await send(s)
        case .recall(let r): try await recall(r)
        case .pull(let name): try await client(name).pull()
        case .ping(let name):
            do {
                try await client(name).ping(timeoutMillis: timeoutMillis)
            } catch PeerClientError.timeout {
                throw fail("ping \(name): no PINGRESP within \(timeoutMillis) ms")
            }
        case .join(let name, let room, let history, let status, let exist):
            let got = try await client(name).joinChatroom(room, history: history, existing: exist)
            if got != status { throw fail("\(exist ? Topic.joinChrmR : Topic.joinChrm) \(room): status \(got), expected \(status)") }
        case .control(let path, let status):
            let r = try await PeerHTTPClient.request(host: host, port: port, method: .POST, path: substitute(path), on: group)
            if r.status != status { throw fail("POST \(path): HTTP \(r.status), expected \(status): \(String(decoding: r.body.prefix(200), as: UTF8.self))") }
        case .quit(let name, let room):
            _ = try await client(name).quitChatroom(room)
        case .history(let h): try await history(h)
        case .advance(let d):
            let r = try await PeerHTTPClient.request(host: host, port: port, method: .POST, path: "/control/advance?by=\(d)", on: group)
            if r.status != 200 { throw fail("advance: \(String(decoding: r.body, as: UTF8.self))") }
        case .wait(let d):
            try await Task.sleep(nanoseconds: UInt64(d.milliseconds) * 1_000_000)
        case .faults(let plan):
            faultsInjected = true
            let r = try await PeerHTTPClient.request(host: host, port: port, method: .POST, path: "/control/faults", body: Array(plan.utf8), on: group)
            if r.status != 200 { throw fail("faults: \(String(decoding: r.body, as: UTF8.self))") }
        case .raw(let name, let payload):
            try await client(name).sendRaw(payload)
        case .text(let name, let text):
            try await client(name).sendText(text)
        case .expect(let map):
            for name in map.keys.sorted() { try await expect(name, map[name]!) }
        case .get(let g): try await get(g)
        case .query(let q): try await query(q)
        case .publish(let p): try await publish(p)
        case .state(let user, let value):
            let expected = resolve(value)
            var last = ""
            let path = user.map { "/state?user=\(percentEncode($0))" } ?? "/state"
            let ok = try await poll {
                let state = try await PeerHTTPClient.json(host: self.host, port: self.port, path: path, on: self.group)
                if let m = match(expected, state, path: "$") {
                    last = m
                    return false
                }
                return true
            }
            if !ok { throw fail("/state: \(last)") }
        }
    }

    func connect(_ c: Scenario.Connect) async throws {
        let fixture = scenario.fixture
        let token = c.token ?? fixture.users[c.user]?.tokens.first ?? "\(c.user)-token"
        let appId: String? = c.appId ?? fixture.app.appKey
        var o = PeerClientOptions(url: try await connectURL(c), token: token, appId: appId)
        if let p = c.platform { o.platform = p }
        o.retryMillis = c.retryMillis
        o.pollMillis = c.pollMillis
        o.autoReconnect = c.autoReconnect
        o.lastMessageId = c.lastMessageId
        // As a 5.x SDK after navigation: protocol 4 with `openAnti`, the ultragroup pull with `ugMsg`.
        o.protocolVersion = c.protocolVersion ?? (fixture.app.navigation.openAnti ? .v4 : .v3)
        o.ultragroupPull = fixture.app.navigation.ugMsg
        // Every request fails rather than hang when its answer never comes.
        o.requestTimeoutMillis = timeoutMillis * 2
        do {
            let client = try await PeerClient.connect(o, on: group.next())
            if c.connack != 0 {
                await client.close()
                throw fail("connect \(c.client): accepted, expected CONNACK \(c.connack)")
            }
            if let old = clients[c.client] {
                try await checkLeftovers(c.client)
                await old.close()
            }
            if let seed = c.seed, await client.connAckMessageId() != seed {
                await client.close()
                throw fail("connect \(c.client): the CONNACK's message id is \(await client.connAckMessageId().map(String.init) ?? "absent"), expected \(seed)")
            }
            // The "online" pullUgMsg answered before the step ends (the peer answers in order),
            // so that a message sent next is after its cursor, as for an SDK already connected.
            if o.ultragroupPull { try await client.ping(timeoutMillis: timeoutMillis) }
            clients[c.client] = client
            clientUser[c.client] = client.userId
            consumed[c.client] = 0
            consumedNotices[c.client] = 0
            checked[c.client] = Counters(duplicates: 0, strayAcks: 0, pongs: await client.pongs())
            if c.retryMillis != nil { resending.insert(c.client) } else { resending.remove(c.client) }
        } catch PeerClientError.refused(let status) {
            if status != c.connack { throw fail("connect \(c.client): CONNACK \(status) \(ConnectResult(rawValue: status)), expected \(c.connack)") }
        }
    }

    // MARK: Helpers

    /// Retries `check` until it holds or the timeout passes.
    func poll(_ check: () async throws -> Bool) async throws -> Bool {
        let deadline = monotonicNanos() + UInt64(timeoutMillis) * 1_000_000
        while true {
            if try await check() { return true }
            if monotonicNanos() > deadline { return false }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    func eventually(_ what: String, _ check: @escaping (JSONValue) -> Bool) async throws {
        let ok = try await poll {
            check(try await PeerHTTPClient.json(host: self.host, port: self.port, path: "/state", on: self.group))
        }
        if !ok { throw fail("timed out waiting for \(what)") }
    }
}
