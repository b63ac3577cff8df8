// Sources/RongPeer/Scenarios/Scenario.swift - behaviour scenarios: format and strict loading

import RongEnvelope
import RongCodec
import RongSupport
import Yams

/// A behaviour scenario (format: spec/scenarios.md): users connect, send, go offline, come back
/// and pull; expectations say what each client receives and what `/state` shows.
public struct Scenario: Sendable {
    /// Unique within its file.
    public var id: String
    /// The requirements (`PEER-…`) the scenario checks.
    public var spec: [String]
    /// What the scenario shows, in a sentence or two.
    public var description: String?
    /// The fixture the scenario's peer starts with (the demo fixture unless it has its own).
    public var fixture: PeerFixture
    var steps: [Step]
    /// Where the scenario is defined.
    public var file: String
    /// The line of the scenario's first key.
    public var line: Int

    /// One step, with its line for error messages.
    struct Step: Sendable {
        var action: Action
        var line: Int
    }

    enum Action: Sendable {
        case connect(Connect)
        case disconnect(String)
        case send(Send)
        case recall(Recall)
        case pull(String)
        case ping(String)
        case join(client: String, room: String, history: Int, status: UInt16, exist: Bool)
        case quit(client: String, room: String)
        case history(History)
        case advance(PeerDuration)
        case wait(PeerDuration)
        case faults(String)
        case raw(client: String, payload: ScenarioRawPayload)
        case text(client: String, text: String)
        case expect([String: ClientExpectation])
        case state(user: String?, value: JSONValue)
        case get(Get)
        case query(Query)
        /// `publish`: a client PUBLISH whose body is not a message (`operate`, `updUgRTime`).
        case publish(Publish)
        /// `control`: a POST to one of the peer's control endpoints (`/control/chatroom/…`) and
        /// the HTTP status it must answer.
        case control(path: String, status: Int)
    }

    struct Connect: Sendable {
        var client: String
        var user: String
        var token: String?
        var appId: String??
        var platform: String?
        /// The expected CONNACK status (0 accepted).
        var connack: UInt8 = 0
        var retryMillis: Int64?
        var pollMillis: Int64?
        var autoReconnect = false
        /// The client's message ids start after this one (to cover the wrap to 1).
        var lastMessageId: UInt16 = 0
        /// Connect to the `server` of this `get` label's navigation answer, after a `/ping` there.
        var navigation: String?
        /// The protocol version to ask for; nil: 4 when the fixture's navigation says `openAnti:
        /// 1`, else 3 (PEER-CONN-006).
        var protocolVersion: ProtocolVersion?
        /// The message id the CONNACK must give (version 4); nil: not checked.
        var seed: UInt16?
    }

    struct Send: Sendable {
        var client: String
        var type: ConversationType
        var to: String
        /// The ultragroup channel (`busChannel`).
        var channel: String?
        var objectName: String
        var content: JSONValue
        var flag: PersistenceFlag?
        var topic: Topic?
        var pushContent: String?
        var pushData: String?
        var mentioned: Bool?
        var disableNotification = false
        var canIncludeExpansion = false
        var expansion: [String: String]?
        var directed: [String] = []
        var label: String?
        /// Expected PUBACK status; nil: no PUBACK (STATUS messages).
        var status: UInt16?
        var expectNoAck = false
        /// Send the message this many times, one after the other.
        var count = 1
        /// A fixed `clientUniqueId` (to resend one message).
        var clientUniqueId: Int64?
        /// The PUBACK must carry the UID of this label (an idempotent resend).
        var sameAs: String?
    }

    struct Recall: Sendable {
        var client: String
        var message: String
        var label: String?
        var status: UInt16 = 0
    }

    struct History: Sendable {
        var client: String
        var topic: Topic
        var target: String
        var time: JSONValue?
        var count: Int32 = 20
        var order: Int32 = 0
        var status: UInt16 = 0
        var messages: [JSONValue]?
        var hasMore: Bool?
    }

    /// What one client should have seen since the previous expectation for it.
    struct ClientExpectation: Sendable {
        /// The messages surfaced, each a subset of the message view (spec/scenarios.md).
        var receives: [JSONValue]?
        /// Compare in order (default) or as a set.
        var ordered = true
        /// Only the number of messages surfaced (instead of `receives`).
        var count: Int?
        /// Copies the client dropped because their UID had already surfaced: exactly this many
        /// (0 when absent, so any duplicate the peer delivers fails the scenario).
        var duplicates: Int?
        /// PINGRESPs received, exactly.
        var pongs: Int?
        /// Server PUBACKs that answered nothing pending, exactly.
        var strayAcks: Int?
        /// The client got DISCONNECT with this status.
        var disconnected: UInt8?
        /// The server PUBLISHes that were not messages since the previous expectation (`s_cmd`,
        /// `s_opNtf`, a synced read time), each a subset of `{topic, body, dup}`, in order.
        var notices: [JSONValue]?
    }
}

// MARK: - Loading

extension Scenario {
    /// The scenarios of a file (at most 16 MiB).
    public static func load(file: String) throws(PeerFileError) -> [Scenario] {
        try peerFileLoad { () throws(LoadError) in try load(text: try FileIO.text(ofFile: file, limit: maxPeerFileBytes), file: file) }
    }

    /// Every `*.scenario.yaml` under `paths` (files as given), sorted.
    public static func files(in paths: [String]) throws(PeerFileError) -> [String] {
        try peerFileLoad { () throws(LoadError) in try DataFileKind.scenarios.files(in: paths) }
    }

    /// The most users all fixtures of one scenario file may hold together: what one fixture may
    /// generate (each scenario has a fixture of its own).
    static let maxUsersPerFile = PeerFixture.maxGeneratedUsers

    static let scenarioKeys: Set<String> = ["id", "spec", "description", "fixture", "profile", "steps"]

    /// The scenarios of YAML text (`file` names it in errors).
    public static func load(yaml: String, file: String) throws(PeerFileError) -> [Scenario] {
        try peerFileLoad { () throws(LoadError) in try load(text: yaml, file: file) }
    }

    static func load(text: String, file: String, maxUsers: Int = maxUsersPerFile) throws(LoadError) -> [Scenario] {
        let r = StrictYAMLReader(file: file, holding: "scenarios")
        guard let root = try r.root(text) else { throw LoadError(file: file, line: 1, message: "empty file: expected `scenarios:`") }
        let top = try r.mapping(root, "the top level", allowed: ["scenarios"])
        guard let list = top.first else { throw r.error(root, "missing `scenarios:`") }
        var out: [Scenario] = []
        var ids: Set<String> = []
        var users = 0
        for node in try r.list(list.value, "`scenarios`") {
            let s = try loadScenario(node, r)
            if !ids.insert(s.id).inserted { throw r.error(node, "duplicate scenario id \(s.id)") }
            // Each scenario has a fixture of its own, so a short file could otherwise ask for the
            // most generated users many times over.
            users += s.fixture.users.count
            if users > maxUsers {
                throw r.error(node, "the fixtures of this file hold more than \(maxUsers) users in all")
            }
            out.append(s)
        }
        return out
    }

    static func loadScenario(_ node: Node, _ r: StrictYAMLReader) throws(LoadError) -> Scenario {
        let entries = try r.mapping(node, "a scenario", allowed: scenarioKeys)
        func get(_ k: String) -> StrictYAMLReader.Entry? { entries.first { $0.key == k } }
        guard let idEntry = get("id") else { throw r.error(node, "a scenario needs `id`") }
        let id = try r.string(idEntry.value, "`id`")
        guard let specEntry = get("spec") else { throw r.error(node, "a scenario needs `spec` (the PEER requirements it checks)") }
        var spec: [String] = []
        for n in try r.list(specEntry.value, "`spec`") {
            let id = try r.string(n, "a requirement id")
            guard RequirementID.isWellFormed(id) else { throw r.error(n, "`\(id)` is not a requirement id (AREA-NAME-001)") }
            spec.append(id)
        }
        if spec.isEmpty { throw r.error(specEntry.value, "`spec` must list at least one requirement") }
        var fixture = PeerFixture.demo
        if let f = get("fixture") { fixture = try PeerFixture.load(node: f.value, reader: r) }
        if let p = get("profile") {
            let text = try r.string(p.value, "`profile`")
            guard let profile = PersistenceProfile(rawValue: text) else { throw r.error(p.value, "`profile` must be current or legacy2021") }
            fixture.app.profile = profile
        }
        guard let stepsEntry = get("steps") else { throw r.error(node, "a scenario needs `steps`") }
        var steps: [Step] = []
        for n in try r.list(stepsEntry.value, "`steps`") { steps.append(try loadStep(n, r, fixture: fixture)) }
        return Scenario(
            id: id, spec: spec, description: try get("description").map { e throws(LoadError) in try r.string(e.value, "`description`") },
            fixture: fixture, steps: steps, file: r.file, line: node.mark?.line ?? 0)
    }

    /// The longest `wait` step (60 s): it is real time, and a scenario runs in someone's CI.
    static let maxWait = PeerDuration(milliseconds: 60_000)!

    static let actions = [
        "connect", "disconnect", "send", "recall", "pull", "ping", "join", "quit", "history", "advance", "wait", "faults", "raw", "expect", "state", "control",
        "get", "query", "publish",
    ]

    static func loadStep(_ node: Node, _ r: StrictYAMLReader, fixture: PeerFixture) throws(LoadError) -> Step {
        let entries = try r.mapping(node, "a step", allowed: Set(actions))
        guard entries.count == 1, let e = entries.first else {
            throw r.error(node, "a step is one of: \(actions.joined(separator: ", "))")
        }
        let line = node.mark?.line ?? 0
        let v = e.value
        switch e.key {
        case "connect": return Step(action: .connect(try loadConnect(v, r, fixture: fixture)), line: line)
        case "disconnect": return Step(action: .disconnect(try r.identifier(v, "`disconnect`")), line: line)
        case "pull": return Step(action: .pull(try r.identifier(v, "`pull`")), line: line)
        case "ping": return Step(action: .ping(try r.identifier(v, "`ping`")), line: line)
        case "send": return Step(action: .send(try loadSend(v, r)), line: line)
        case "recall":
            var rc = Recall(client: "", message: "")
            for f in try r.mapping(v, "`recall`", allowed: ["from", "message", "label", "status"]) {
                switch f.key {
                case "from": rc.client = try r.identifier(f.value, "`from`")
                case "message": rc.message = try r.identifier(f.value, "`message`")
                case "label": rc.label = try r.identifier(f.value, "`label`")
                default: rc.status = UInt16(clamping: try r.integer(f.value, "`status`"))
                }
            }
            if rc.client.isEmpty || rc.message.isEmpty { throw r.error(v, "`recall` needs `from` and `message` (a label)") }
            return Step(action: .recall(rc), line: line)
        case "join", "quit":
            var client = "", room = "", history = -1, status: UInt16 = 0, exist = false
            for f in try r.mapping(v, "`\(e.key)`", allowed: e.key == "join" ? ["client", "room", "history", "status", "exist"] : ["client", "room"]) {
                switch f.key {
                case "client": client = try r.identifier(f.value, "`client`")
                case "room": room = try r.identifier(f.value, "`room`")
                case "history": history = try r.integer(f.value, "`history`")
                case "exist": exist = try r.bool(f.value, "`exist`")
                default: status = UInt16(clamping: try r.integer(f.value, "`status`"))
                }
            }
            if client.isEmpty || room.isEmpty { throw r.error(v, "`\(e.key)` needs `client` and `room`") }
            return Step(action: e.key == "join" ? .join(client: client, room: room, history: history, status: status, exist: exist) : .quit(client: client, room: room), line: line)
        case "control":
            var path = "", status = 200
            if case .scalar = v {
                path = try r.string(v, "`control`")
            } else {
                for f in try r.mapping(v, "`control`", allowed: ["path", "status"]) {
                    if f.key == "path" { path = try r.string(f.value, "`path`") } else { status = try r.integer(f.value, "`status`") }
                }
            }
            guard path.hasPrefix("/control/") else { throw r.error(v, "`control` needs a `path` starting with /control/") }
            return Step(action: .control(path: path, status: status), line: line)
        case "history": return Step(action: .history(try loadHistory(v, r)), line: line)
        case "get": return Step(action: .get(try loadGet(v, r)), line: line)
        case "query": return Step(action: .query(try loadQuery(v, r)), line: line)
        case "publish": return Step(action: .publish(try loadPublish(v, r)), line: line)
        case "advance": return Step(action: .advance(try r.duration(v, "`advance`")), line: line)
        case "wait": return Step(action: .wait(try r.duration(v, "`wait`", most: maxWait)), line: line)
        case "faults": return Step(action: .faults(try r.string(v, "`faults`")), line: line)
        case "raw":
            var client = ""
            var payload: ScenarioRawPayload?
            var text: String?
            for f in try r.mapping(v, "`raw`", allowed: ["client", "hex", "fill", "count", "text"]) {
                switch f.key {
                case "client": client = try r.identifier(f.value, "`client`")
                case "text": text = try r.string(f.value, "`text`")
                case "hex":
                    guard let b = Hex.decode(try r.string(f.value, "`hex`"), allowingWhitespace: true) else { throw r.error(f.value, "`hex` is not hex") }
                    payload = payload ?? ScenarioRawPayload()
                    payload!.append(b)
                case "fill":
                    guard let b = Hex.decode(try r.string(f.value, "`fill`"), allowingWhitespace: true), b.count == 1 else { throw r.error(f.value, "`fill` is one hex byte") }
                    payload = payload ?? ScenarioRawPayload()
                    payload!.append(b)
                default:
                    // Kept as a repeat: the bytes are made when the step runs, a chunk at a time.
                    let n = try r.integer(f.value, "`count`")
                    guard (0...ScenarioRawPayload.maxCount).contains(n), payload?.last != nil else {
                        throw r.error(f.value, "`count` repeats `fill` 0...\(ScenarioRawPayload.maxCount) times")
                    }
                    payload!.repeatLast(n - 1)
                }
            }
            if let text, !client.isEmpty, payload == nil { return Step(action: .text(client: client, text: text), line: line) }
            guard !client.isEmpty, let payload else { throw r.error(v, "`raw` needs `client` and `hex` (or `text`)") }
            return Step(action: .raw(client: client, payload: payload), line: line)
        case "expect":
            var out: [String: ClientExpectation] = [:]
            for c in try r.mapping(v, "`expect`") {
                var x = ClientExpectation()
                let keys: Set<String> = ["receives", "count", "ordered", "duplicates", "pongs", "strayAcks", "disconnected", "notices"]
                for f in try r.mapping(c.value, "the expectation of \(c.key)", allowed: keys) {
                    switch f.key {
                    case "receives": x.receives = try r.list(f.value, "`receives`").map { n throws(LoadError) in try r.scenarioValue(n) }
                    case "count": x.count = try r.integer(f.value, "`count`")
                    case "ordered": x.ordered = try r.bool(f.value, "`ordered`")
                    case "duplicates": x.duplicates = try r.integer(f.value, "`duplicates`")
                    case "pongs": x.pongs = try r.integer(f.value, "`pongs`")
                    case "strayAcks": x.strayAcks = try r.integer(f.value, "`strayAcks`")
                    case "notices": x.notices = try r.list(f.value, "`notices`").map { n throws(LoadError) in try r.scenarioValue(n) }
                    default: x.disconnected = UInt8(clamping: try r.integer(f.value, "`disconnected`"))
                    }
                }
                out[c.key] = x
            }
            return Step(action: .expect(out), line: line)
        default:
            var user: String?
            var value: JSONValue = .object(JSONObject())
            if case .mapping = v, let only = try r.mapping(v, "`state`").first(where: { $0.key == "$user" }) {
                user = try r.identifier(only.value, "`$user`")
            }
            value = try r.scenarioValue(v)
            if case .object(var o) = value { o.removeValue(forKey: "$user"); value = .object(o) }
            return Step(action: .state(user: user, value: value), line: line)
        }
    }

    static func loadConnect(_ v: Node, _ r: StrictYAMLReader, fixture: PeerFixture) throws(LoadError) -> Connect {
        if case .scalar = v {
            let name = try r.identifier(v, "`connect`")
            return Connect(client: name, user: name)
        }
        var c = Connect(client: "", user: "")
        let keys: Set<String> = [
            "client", "user", "token", "appId", "platform", "connack", "retry", "poll", "reconnect", "lastMessageId", "navigation", "protocol", "seed",
        ]
        for f in try r.mapping(v, "`connect`", allowed: keys) {
            switch f.key {
            case "client": c.client = try r.identifier(f.value, "`client`")
            case "user": c.user = try r.identifier(f.value, "`user`")
            case "token": c.token = try r.identifier(f.value, "`token`")
            case "appId": c.appId = .some(try r.identifier(f.value, "`appId`"))
            case "platform": c.platform = try r.identifier(f.value, "`platform`")
            case "connack": c.connack = UInt8(clamping: try r.integer(f.value, "`connack`"))
            case "retry": c.retryMillis = try r.duration(f.value, "`retry`").milliseconds
            case "poll": c.pollMillis = try r.duration(f.value, "`poll`").milliseconds
            case "navigation": c.navigation = try r.identifier(f.value, "`navigation`")
            case "protocol":
                let n = try r.integer(f.value, "`protocol`")
                guard let v = UInt8(exactly: n).flatMap(ProtocolVersion.init(rawValue:)) else { throw r.error(f.value, "`protocol` must be 3 or 4") }
                c.protocolVersion = v
            case "seed":
                let n = try r.integer(f.value, "`seed`")
                guard (0...65535).contains(n) else { throw r.error(f.value, "`seed` must be 0...65535") }
                c.seed = UInt16(n)
            case "lastMessageId":
                let n = try r.integer(f.value, "`lastMessageId`")
                guard (0...65535).contains(n) else { throw r.error(f.value, "`lastMessageId` must be 0...65535") }
                c.lastMessageId = UInt16(n)
            default: c.autoReconnect = try r.bool(f.value, "`reconnect`")
            }
        }
        if c.client.isEmpty { c.client = c.user }
        if c.user.isEmpty { c.user = c.client }
        if c.client.isEmpty { throw r.error(v, "`connect` needs `client` or `user`") }
        return c
    }

    static let sendKeys: Set<String> = [
        "from", "to", "channel", "type", "objectName", "content", "text", "flag", "topic", "pushContent", "pushData", "mentioned", "disableNotification",
        "canIncludeExpansion", "expansion", "directed", "label", "status", "count", "clientUniqueId", "sameAs",
    ]

    static func loadSend(_ v: Node, _ r: StrictYAMLReader) throws(LoadError) -> Send {
        var s = Send(client: "", type: .private, to: "", objectName: "RC:TxtMsg", content: .null)
        var text: String?
        var statusGiven = false
        for f in try r.mapping(v, "`send`", allowed: sendKeys) {
            switch f.key {
            case "from": s.client = try r.identifier(f.value, "`from`")
            case "to": s.to = try r.identifier(f.value, "`to`")
            case "channel": s.channel = try r.string(f.value, "`channel`")
            case "type":
                let t = try r.string(f.value, "`type`")
                guard let c = ConversationType(name: t) else { throw r.error(f.value, "`type` \(t) is not a conversation type") }
                s.type = c
            case "objectName": s.objectName = try r.string(f.value, "`objectName`")
            case "content": s.content = try r.scenarioValue(f.value)
            case "text": text = try r.string(f.value, "`text`")
            case "flag":
                let t = try r.string(f.value, "`flag`")
                guard let flag = PersistenceFlag(name: t) else { throw r.error(f.value, "`flag` \(t) is not NONE, ISPERSISTED, ISCOUNTED or STATUS") }
                s.flag = flag
            case "topic": s.topic = Topic(try r.string(f.value, "`topic`"))
            case "pushContent": s.pushContent = try r.string(f.value, "`pushContent`")
            case "pushData": s.pushData = try r.string(f.value, "`pushData`")
            case "mentioned": s.mentioned = try r.bool(f.value, "`mentioned`")
            case "disableNotification": s.disableNotification = try r.bool(f.value, "`disableNotification`")
            case "canIncludeExpansion": s.canIncludeExpansion = try r.bool(f.value, "`canIncludeExpansion`")
            case "expansion":
                var e: [String: String] = [:]
                for kv in try r.mapping(f.value, "`expansion`") { e[kv.key] = try r.string(kv.value, "an expansion value") }
                s.expansion = e
            case "directed": s.directed = try r.identifierList(f.value, "`directed`")
            case "label": s.label = try r.identifier(f.value, "`label`")
            case "clientUniqueId": s.clientUniqueId = Int64(try r.integer(f.value, "`clientUniqueId`"))
            case "sameAs": s.sameAs = try r.identifier(f.value, "`sameAs`")
            case "count":
                s.count = try r.integer(f.value, "`count`")
                guard (1...10_000).contains(s.count) else { throw r.error(f.value, "`count` must be 1...10000") }
            default:
                statusGiven = true
                if case .scalar(let sc) = f.value, sc.string == "none" {
                    s.expectNoAck = true
                } else {
                    s.status = UInt16(clamping: try r.integer(f.value, "`status`"))
                }
            }
        }
        if s.client.isEmpty || s.to.isEmpty { throw r.error(v, "`send` needs `from` and `to`") }
        if s.content == .null { s.content = ["content": .string(text ?? "hello")] }
        if !statusGiven { s.status = 0 }
        return s
    }

    static func loadHistory(_ v: Node, _ r: StrictYAMLReader) throws(LoadError) -> History {
        var h = History(client: "", topic: .qryPMsg, target: "")
        for f in try r.mapping(v, "`history`", allowed: ["client", "type", "target", "time", "count", "order", "status", "messages", "hasMore"]) {
            switch f.key {
            case "client": h.client = try r.identifier(f.value, "`client`")
            case "type":
                switch try r.string(f.value, "`type`") {
                case "private": h.topic = .qryPMsg
                case "group": h.topic = .qryGMsg
                case "chatroom": h.topic = .qryCHMsg
                default: throw r.error(f.value, "`type` must be private, group or chatroom")
                }
            case "target": h.target = try r.identifier(f.value, "`target`")
            case "time": h.time = try r.scenarioValue(f.value)
            case "count": h.count = Int32(clamping: try r.integer(f.value, "`count`"))
            case "order": h.order = Int32(clamping: try r.integer(f.value, "`order`"))
            case "status": h.status = UInt16(clamping: try r.integer(f.value, "`status`"))
            case "messages": h.messages = try r.list(f.value, "`messages`").map { n throws(LoadError) in try r.scenarioValue(n) }
            default: h.hasMore = try r.bool(f.value, "`hasMore`")
            }
        }
        if h.client.isEmpty || h.target.isEmpty { throw r.error(v, "`history` needs `client` and `target`") }
        return h
    }
}
