// Sources/RongPeer/ScenarioRunner.swift - runs scenarios against an in-process or external peer

import NIOCore
import NIOHTTP1
import NIOPosix
import RongCodec
import RongEnvelope

/// The result of one scenario.
public struct ScenarioOutcome: Sendable {
    /// The scenario's id.
    public var id: String
    /// Its file.
    public var file: String
    /// Its line.
    public var line: Int
    /// The requirements it cites.
    public var spec: [String]
    /// nil when the scenario passed; otherwise `file:line: what went wrong`.
    public var failure: String?
    /// How long it ran.
    public var millis: Int

    /// Whether it passed.
    public var passed: Bool { failure == nil }
}

/// Runs scenarios. Each gets a fresh peer: a new in-process ``PeerServer`` with the scenario's
/// fixture and a manual clock, or, with ``Target/external(url:)``, `POST /control/reset` on a
/// running peer (started with `--manual-clock` for `advance`).
public struct ScenarioRunner: Sendable {
    /// Where the scenarios run.
    public enum Target: Sendable {
        /// A fresh in-process peer for each scenario, with the scenario's fixture and a manual clock.
        case inProcess
        /// A peer's WebSocket URL (`ws://HOST:PORT/websocket`); the same port serves HTTP.
        case external(url: String)
    }

    /// Where the scenarios run.
    public var target: Target
    /// How long an expectation may wait for messages or state.
    public var timeoutMillis: Int64 = 5_000
    /// Print each step as it runs.
    public var trace = false

    /// A runner for `target` (in-process by default).
    public init(target: Target = .inProcess) { self.target = target }

    /// Runs one scenario on a fresh peer; never throws: failures are in the outcome.
    public func run(_ scenario: Scenario) async -> ScenarioOutcome {
        let start = monotonicNanos()
        var failure: String?
        do {
            let execution = try await ScenarioExecution.start(scenario, target: target, timeoutMillis: timeoutMillis, trace: trace)
            do {
                try await execution.runSteps()
                try await execution.checkLeftovers()
            } catch let f as ScenarioFailure {
                failure = "\(scenario.file):\(f.line): \(f.message)"
            } catch {
                failure = "\(scenario.file):\(scenario.line): \(error)"
            }
            await execution.finish()
        } catch {
            failure = "\(scenario.file):\(scenario.line): cannot start: \(error)"
        }
        return ScenarioOutcome(
            id: scenario.id, file: scenario.file, line: scenario.line, spec: scenario.spec, failure: failure,
            millis: Int((monotonicNanos() - start) / 1_000_000))
    }
}

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
        case .join(let name, let room, let history, let status):
            let got = try await client(name).joinChatroom(room, history: history)
            if got != status { throw fail("joinChrm \(room): status \(got), expected \(status)") }
        case .quit(let name, let room):
            _ = try await client(name).quitChatroom(room)
        case .history(let h): try await history(h)
        case .advance(let ms):
            let r = try await PeerHTTPClient.request(host: host, port: port, method: .POST, path: "/control/advance?by=\(ms)", on: group)
            if r.status != 200 { throw fail("advance: \(String(decoding: r.body, as: UTF8.self))") }
        case .wait(let ms):
            try await Task.sleep(nanoseconds: UInt64(ms) * 1_000_000)
        case .faults(let plan):
            faultsInjected = true
            let r = try await PeerHTTPClient.request(host: host, port: port, method: .POST, path: "/control/faults", body: Array(plan.utf8), on: group)
            if r.status != 200 { throw fail("faults: \(String(decoding: r.body, as: UTF8.self))") }
        case .raw(let name, let bytes):
            try await client(name).sendRaw(bytes)
        case .text(let name, let text):
            try await client(name).sendText(text)
        case .expect(let map):
            for name in map.keys.sorted() { try await expect(name, map[name]!) }
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
        var o = PeerClientOptions(url: wsURL, token: token, appId: appId)
        if let p = c.platform { o.platform = p }
        o.retryMillis = c.retryMillis
        o.pollMillis = c.pollMillis
        o.autoReconnect = c.autoReconnect
        o.lastMessageId = c.lastMessageId
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
            clients[c.client] = client
            clientUser[c.client] = client.userId
            consumed[c.client] = 0
            checked[c.client] = Counters()
            if c.retryMillis != nil { resending.insert(c.client) } else { resending.remove(c.client) }
        } catch PeerClientError.refused(let status) {
            if status != c.connack { throw fail("connect \(c.client): CONNACK \(status) \(ConnectResult(rawValue: status)), expected \(c.connack)") }
        }
    }

    func send(_ s: Scenario.Send) async throws {
        let c = try client(s.client)
        let contentValue = resolve(s.content)
        let bytes = try contentValue.canonicalBytes()
        var m = OutboundMessage(s.type, targetId: s.to, objectName: s.objectName, contentBytes: bytes)
        let registered = ContentRegistry.builtIn.type(for: s.objectName)?.persistence
        m.persistence = s.flag ?? registered ?? .isCounted
        m.topic = s.topic
        m.pushContent = s.pushContent
        m.pushData = s.pushData
        m.isMentioned = s.mentioned ?? (contentValue.objectValue?["mentionedInfo"] != nil)
        m.disableNotification = s.disableNotification
        m.canIncludeExpansion = s.canIncludeExpansion
        m.expansion = s.expansion
        m.directedUserIds = s.directed
        m.clientUniqueId = s.clientUniqueId
        for _ in 1..<s.count { _ = try await c.send(m) }
        let result = try await c.send(m)
        if s.expectNoAck || !m.expectsAck {
            if result != nil { throw fail("send: a PUBACK came for a message that gets none") }
            return
        }
        guard let r = result else { throw fail("send: no PUBACK") }
        let want = s.status ?? 0
        if r.status != want { throw fail("send \(s.objectName) to \(s.to): PUBACK status \(r.status), expected \(want)") }
        if r.status == 0 {
            if let same = s.sameAs {
                guard let l = labels[same] else { throw fail("no message labelled `\(same)`") }
                if l.uid != r.messageUId || l.time != r.sentTime {
                    throw fail("resend: PUBACK \(r.messageUId) at \(r.sentTime), expected \(l.uid) at \(l.time) (the first send's)")
                }
            } else {
                try checkNewMessage(r)
            }
            if let label = s.label {
                labels[label] = Label(uid: r.messageUId, time: r.sentTime, type: s.type, target: s.to, sender: clientUser[s.client] ?? s.client)
            }
        }
    }

    /// Invariants of every accepted message (PEER-MSG-002, PEER-MSG-003): a well-formed UID never
    /// seen before, a sent time after every earlier one.
    func checkNewMessage(_ r: PeerSendResult) throws {
        guard MessageUIDAllocator.isWellFormed(r.messageUId) else { throw fail("PUBACK messageUId `\(r.messageUId)` is not XXXX-XXXX-XXXX-XXXX") }
        guard seenUIDs.insert(r.messageUId).inserted else { throw fail("PUBACK messageUId \(r.messageUId) was used before") }
        guard r.sentTime > lastSentTime else { throw fail("PUBACK sent time \(r.sentTime) is not after the previous \(lastSentTime)") }
        lastSentTime = r.sentTime
    }

    func recall(_ r: Scenario.Recall) async throws {
        let c = try client(r.client)
        guard let original = labels[r.message] else { throw fail("no message labelled `\(r.message)`") }
        let me = clientUser[r.client] ?? r.client
        // The target as the recaller sees the conversation.
        let target = original.type == .private && original.sender != me ? original.sender : original.target
        var cmd = RecallCommandMessage(messageUId: original.uid)
        cmd.conversationType = original.type.rawValue
        cmd.targetId = target
        cmd.sentTime = original.time
        var m = OutboundMessage(original.type, targetId: me, content: cmd)
        m.topic = "recallMsg"
        m.persistence = .isPersisted
        guard let result = try await c.send(m) else { throw fail("recall: no PUBACK") }
        if result.status != r.status { throw fail("recall \(r.message): PUBACK status \(result.status), expected \(r.status)") }
        if result.status == 0 { try checkNewMessage(result) }
        if let label = r.label, result.status == 0 {
            labels[label] = Label(uid: result.messageUId, time: result.sentTime, type: original.type, target: target, sender: me)
        }
    }

    func history(_ h: Scenario.History) async throws {
        let c = try client(h.client)
        var time: Int64 = 0
        if let t = h.time {
            guard let n = resolve(t).numberValue?.int64Value else { throw fail("history `time` must be a number or ${label.time}") }
            time = n
        }
        let r = try await c.history(topic: h.topic, targetId: h.target, time: time, count: h.count, order: h.order)
        if r.status != h.status { throw fail("\(h.topic) \(h.target): status \(r.status), expected \(h.status)") }
        if let want = h.messages {
            let views = r.messages.map { Self.view($0, content: PeerReceivedMessage(message: $0, via: .pull).content, via: "history") }
            if let m = match(.array(want.map(resolve)), .array(views), path: "history") { throw fail(m) }
        }
        if let more = h.hasMore, more != r.hasMore { throw fail("\(h.topic): hasMore \(r.hasMore), expected \(more)") }
    }

    func expect(_ name: String, _ x: Scenario.ClientExpectation) async throws {
        let c = try client(name)
        if let want = x.receives {
            let seen = consumed[name] ?? 0
            _ = await c.waitForMessages(count: seen + want.count, timeoutMillis: timeoutMillis)
            // Give extra messages a moment to show up, so "exactly these" means it.
            try await Task.sleep(nanoseconds: want.isEmpty ? 300_000_000 : 150_000_000)
            let all = await c.messages()
            let new = Array(all[min(seen, all.count)...])
            consumed[name] = all.count
            let views = new.map { Self.view($0.message, content: $0.content, via: $0.via.rawValue) }
            let expected = want.map(resolve)
            if views.count != expected.count {
                throw fail("\(name) received \(views.count) message(s), expected \(expected.count): \(describe(views))")
            }
            if x.ordered {
                if let m = match(.array(expected), .array(views), path: name) { throw fail("\(m)\n    received: \(describe(views))") }
            } else {
                var left = views
                for e in expected {
                    guard let i = left.firstIndex(where: { match(e, $0, path: "") == nil }) else {
                        throw fail("\(name): nothing received matches \(describe([e]))\n    received: \(describe(views))")
                    }
                    left.remove(at: i)
                }
            }
        }
        if let n = x.count {
            let seen = consumed[name] ?? 0
            _ = await c.waitForMessages(count: seen + n, timeoutMillis: timeoutMillis)
            try await Task.sleep(nanoseconds: 150_000_000)
            let all = await c.messages().count
            consumed[name] = all
            if all - seen != n { throw fail("\(name) received \(all - seen) message(s), expected \(n)") }
        }
        try await checkCounters(name, c, x)
        if let status = x.disconnected {
            let ok = try await poll { await c.disconnectStatus() == status }
            if !ok { throw fail("\(name): DISCONNECT status \(String(describing: await c.disconnectStatus())), expected \(status)") }
        }
    }

    /// Duplicates, stray PUBACKs and PINGRESPs since the client's previous expectation: exactly
    /// what the expectation says, and no duplicate (nor, unless faults or resends make them
    /// legitimate, stray PUBACK) that it does not mention.
    func checkCounters(_ name: String, _ c: PeerClient, _ x: Scenario.ClientExpectation) async throws {
        var base = checked[name] ?? Counters()
        func settle(_ want: Int?, _ current: @escaping () async -> Int, _ since: Int) async throws -> Int {
            if let want, want > 0 {
                _ = try await poll { await current() - since >= want }
                // Long enough for one more copy to show, so "exactly" means it.
                try await Task.sleep(nanoseconds: 100_000_000)
            }
            return await current() - since
        }
        let dups = try await settle(x.duplicates, { await c.duplicatesSuppressed() }, base.duplicates)
        if dups != (x.duplicates ?? 0) {
            throw fail("\(name) dropped \(dups) duplicate cop\(dups == 1 ? "y" : "ies") by UID, expected \(x.duplicates ?? 0)"
                + (x.duplicates == nil ? " (the peer delivered a message twice; `duplicates: N` if the scenario means it)" : ""))
        }
        base.duplicates += dups
        let pongs = try await settle(x.pongs, { await c.pongs() }, base.pongs)
        if let want = x.pongs, pongs != want { throw fail("\(name) got \(pongs) PINGRESP(s), expected \(want)") }
        base.pongs += pongs
        let strays = try await settle(x.strayAcks, { await c.strayAcks() }, base.strayAcks)
        let wantStrays = x.strayAcks ?? (strictAcks(name) ? 0 : nil)
        if let want = wantStrays, strays != want {
            throw fail("\(name) got \(strays) PUBACK(s) that answered nothing pending, expected \(want): \(await c.strayAckLog().suffix(strays).joined(separator: "; "))")
        }
        base.strayAcks += strays
        checked[name] = base
    }

    func strictAcks(_ name: String) -> Bool { !faultsInjected && !resending.contains(name) }

    /// Duplicates (and stray PUBACKs) a client saw after its last expectation fail the
    /// scenario too: checked when it disconnects, is replaced, and at the end.
    func checkLeftovers(_ name: String) async throws {
        guard let c = clients[name] else { return }
        let base = checked[name] ?? Counters()
        let dups = await c.duplicatesSuppressed() - base.duplicates
        if dups > 0 {
            throw fail("\(name) dropped \(dups) duplicate cop\(dups == 1 ? "y" : "ies") by UID after its last expectation (the peer delivered a message twice)")
        }
        if strictAcks(name) {
            let strays = await c.strayAcks() - base.strayAcks
            if strays > 0 {
                throw fail("\(name) got \(strays) PUBACK(s) that answered nothing pending: \(await c.strayAckLog().suffix(strays).joined(separator: "; "))")
            }
        }
    }

    /// ``checkLeftovers(_:)`` for every client still connected.
    func checkLeftovers() async throws {
        for name in clients.keys.sorted() { try await checkLeftovers(name) }
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

    func describe(_ values: [JSONValue]) -> String {
        values.map { v in (try? v.canonicalBytes()).map { String(decoding: $0, as: UTF8.self) } ?? "?" }.joined(separator: ", ")
    }

    /// The JSON view of a received message that `receives` and history matchers compare with.
    static func view(_ m: InboundMessage, content: JSONValue, via: String) -> JSONValue {
        var o = JSONObject()
        o["from"] = .string(m.senderUserId)
        o["type"] = .string(m.conversationType.name)
        o["target"] = .string(m.targetId)
        o["objectName"] = .string(m.objectName)
        o["content"] = content
        o["uid"] = m.messageUId.map { .string($0) } ?? .null
        o["direction"] = .string(m.direction.rawValue)
        o["flag"] = .string(m.persistence.name)
        o["via"] = .string(via)
        o["sentTime"] = .number(JSONNumber(m.sentTime))
        o["mentioned"] = .bool(m.isMentioned)
        o["retrieved"] = .bool(m.isRetrieved)
        o["silent"] = .bool(m.isSilent)
        if let e = m.expansion {
            o["expansion"] = .object(JSONObject(e.sorted { $0.key < $1.key }.map { .init(key: $0.key, value: .string($0.value)) }))
        } else {
            o["expansion"] = .null
        }
        return .object(o)
    }

    /// Replaces `${label.uid}` and `${label.time}` in strings and keys.
    func resolve(_ v: JSONValue) -> JSONValue {
        switch v {
        case .string(let s):
            if s.hasPrefix("${"), s.hasSuffix("}"), !s.dropFirst(2).contains("$") {
                let inner = s.dropFirst(2).dropLast()
                let parts = inner.split(separator: ".")
                if parts.count == 2, let l = labels[String(parts[0])] {
                    if parts[1] == "uid" { return .string(l.uid) }
                    if parts[1] == "time" { return .number(JSONNumber(l.time)) }
                }
            }
            return .string(substitute(s))
        case .array(let a): return .array(a.map(resolve))
        case .object(let o): return .object(JSONObject(o.members.map { .init(key: substitute($0.key), value: resolve($0.value)) }))
        default: return v
        }
    }

    func substitute(_ s: String) -> String {
        guard s.contains("${") else { return s }
        var out = s
        for (name, l) in labels {
            out = out.replacingAll("${\(name).uid}", with: l.uid).replacingAll("${\(name).time}", with: String(l.time))
        }
        return out
    }
}

/// Whether `actual` contains `expected`: objects by their members (extra members in `actual`
/// are fine), arrays element by element with equal length, `null` matching absent, `"*"`
/// matching anything present. Returns nil on a match, else where and how they differ.
func match(_ expected: JSONValue, _ actual: JSONValue?, path: String) -> String? {
    func text(_ v: JSONValue?) -> String {
        guard let v else { return "absent" }
        return (try? v.canonicalBytes()).map { String(decoding: $0, as: UTF8.self) } ?? "?"
    }
    switch expected {
    case .null:
        if actual == nil || actual == .null { return nil }
        return "\(path): expected absent or null, found \(text(actual))"
    case .string("*"):
        return actual == nil ? "\(path): expected a value, found none" : nil
    case .object(let o):
        guard case .object(let a)? = actual else { return "\(path): expected an object, found \(text(actual))" }
        for m in o {
            if let d = match(m.value, a[m.key], path: "\(path).\(m.key)") { return d }
        }
        return nil
    case .array(let e):
        guard case .array(let a)? = actual else { return "\(path): expected an array, found \(text(actual))" }
        guard a.count == e.count else { return "\(path): expected \(e.count) element(s), found \(a.count): \(text(actual))" }
        for (i, x) in e.enumerated() {
            if let d = match(x, a[i], path: "\(path)[\(i)]") { return d }
        }
        return nil
    case .number(let n):
        guard case .number(let m)? = actual, m.doubleValue == n.doubleValue, m.int64Value == n.int64Value else {
            return "\(path): expected \(text(expected)), found \(text(actual))"
        }
        return nil
    default:
        return expected == actual ? nil : "\(path): expected \(text(expected)), found \(text(actual))"
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty, contains(target) else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: target) {
            out += rest[..<r.lowerBound]
            out += replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

extension ScenarioRunner {
    /// Runs scenarios, up to `jobs` at a time, reporting each outcome as it finishes; the result
    /// keeps the input order.
    public static func runAll(
        _ scenarios: [Scenario], runner: ScenarioRunner, jobs: Int, report: @escaping @Sendable (ScenarioOutcome) -> Void = { _ in }
    ) async -> [ScenarioOutcome] {
        var results = [ScenarioOutcome?](repeating: nil, count: scenarios.count)
        await withTaskGroup(of: (Int, ScenarioOutcome).self) { group in
            var next = 0
            func launch() {
                let i = next
                next += 1
                let s = scenarios[i]
                group.addTask { (i, await runner.run(s)) }
            }
            while next < min(jobs, scenarios.count) { launch() }
            while let (i, outcome) = await group.next() {
                report(outcome)
                results[i] = outcome
                if next < scenarios.count { launch() }
            }
        }
        return results.map { $0! }
    }
}
